"""Savernake Forest's teacher pack: the puzzle worksheet, and the reference's own pictures.

``PUZZLES`` are the worksheet's puzzles: exercises like the lessons' (``teach.exercise``),
each a hand-built position and a question whose answer the engine works out by trying
things: every legal placement of a card, every card of the market with its best use,
every animal that could take a lair token. The worksheet shows their questions and
starting pictures (which never give the answer away); the answer key shows the answers.

``TOPICS`` orders the rule reference (``teach.reference``) by the part of the game a rule
belongs to, and ``rule_scene(rule_id)`` draws a hand-built position for a rule that no
exercise shows yet, so every rule of the reference has a picture.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Sequence, Tuple

from ..core.scene import Rect, Scene, rect, text
from ..teach import answers
from ..teach.exercise import Exercise, Mistake
from . import from_scenario, new_game, render
from .card_shapes import text_width
from .data import ROTATIONS, SLOTS
from .moves import Lair, Place, Take, Water
from .scoring import a_food, and_list, foods_met, plural

__all__ = ["PUZZLES", "TOPICS", "rule_scene"]

Cell = Tuple[int, int]
RED = 0
GREEN = "#2e7d32"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


# -- positions --------------------------------------------------------------------------------------------

def _blue(*cards: str) -> str:
    """Blue's forest: a Badger and path cards in rows (Blue only keeps the round going)."""
    laid = ["A02@0,0r0"] + [f"{c}@{(i + 1) % 4},{(i + 1) // 4}r0" for i, c in enumerate(cards)]
    return " ".join(laid)


def _position(red: str, blue: str, market: Optional[Dict[str, str]] = None,
              *moves: Callable[[Any], Any]) -> Callable[[], Any]:
    """A builder: a fresh game at this position on every call (Red to play, holding the pawn),
    after ``moves`` (each a function of the game giving the move)."""

    def build():
        data: Dict[str, Any] = {"forests": [red, blue], "pawn": RED}
        if market is not None:
            data["market"] = dict(market)
        game = from_scenario(data)
        for move in moves:
            game.play(move(game))
        return game

    return build


# -- pictures ---------------------------------------------------------------------------------------------

def _forest(game, *, rings: bool = False, score: bool = False, highlights=()) -> Scene:
    """Red's forest alone: nothing lit, and (by default) no stored foods ringed and no points."""
    return render.forest_scene(game, RED, highlights=highlights, lit=False, rings=rings, score=score)


def _cell_box(sc: Scene, cell: Cell) -> Optional[Rect]:
    """Where a cell of Red's forest lies in ``sc`` (an empty cell, a path card or an animal)."""
    for kind in ("cell", "card", "animal"):
        for s in sc.find(f"{kind}:{RED}:{cell[0]}:{cell[1]}"):
            if isinstance(s, Rect):
                return s
    return None


def _labelled(sc: Scene, labels: Dict[Cell, str], colour: str = "#1d1d1b") -> Scene:
    """``sc`` with a big label in the middle of each of these cells."""
    out = Scene(sc.width, sc.height, background=sc.background, title=sc.title, shapes=list(sc.shapes))
    for cell, label in labels.items():
        box = _cell_box(sc, cell)
        if box is not None:
            out.add(text(box.x + box.w / 2, box.y + box.h / 2, label, size=round(box.w * 0.36), bold=True,
                         fill=colour, title=f"cell {label}"))
    return out


def _ticked(sc: Scene, hits: Sequence[str]) -> Scene:
    """``sc`` with these clickable things framed in green and ticked: the answer drawn."""
    out = Scene(sc.width, sc.height, background=sc.background, title=sc.title, shapes=list(sc.shapes))
    for hit in hits:
        box = next((s for s in sc.find(hit) if isinstance(s, Rect)), None)
        if box is not None:
            out.add(rect(box.x - 3, box.y - 3, box.w + 6, box.h + 6, stroke=GREEN, width=4, radius=6),
                    text(box.x + box.w - 14, box.y + 18, "✓", size=20, bold=True, fill=GREEN))
    return out


def _side_by_side(*parts: Tuple[str, Scene], gap: float = 20) -> Scene:
    """Pictures in a row, each under a caption (a picture is widened to hold its caption)."""
    head, size = 28, 17
    widths = [max(p.width, text_width(c, size, True) + 4) for c, p in parts]
    out = Scene(sum(widths) + gap * (len(parts) + 1), head + max(p.height for _, p in parts) + gap,
                background="#ffffff", title="Savernake Forest: a puzzle")
    x = gap
    for (caption, part), width in zip(parts, widths):
        out.add(text(x + 2, head / 2 + 2, caption, size=size, bold=True, anchor="start", fill="#333333"))
        out.extend(part, x, head)
        x += width + gap
    return out


def _cards(game, cards: Sequence[Tuple[str, int, str, str]], per_row: int = 4, size: float = 120) -> Scene:
    """Cards in rows, each ``(card id, turn, label under it, hit id)``: clickable, labelled."""
    step_x, step_y = size + 26, size + 44
    rows = (len(cards) + per_row - 1) // per_row
    out = Scene(min(len(cards), per_row) * step_x, rows * step_y, background="#ffffff")
    for i, (card, turn, label, hit) in enumerate(cards):
        x, y = (i % per_row) * step_x, (i // per_row) * step_y
        one = render.card_scene(card, turn, size=size, catalogue=game.catalogue)
        out.extend(one, x, y)
        out.add(rect(x, y, one.width, one.height, hit=hit, title=label))
        out.add(text(x + one.width / 2, y + size + 26, label, size=17, bold=True, fill="#333333"))
    return out


def _with_hand(game, forest_picture: Scene, turns: Sequence[int] = (0,), ticks: Sequence[int] = ()) -> Scene:
    """Red's forest and, beside it, the card she holds, in each of ``turns`` (clickable as
    ``turn:<degrees>``; the ``ticks`` ones framed as the answer)."""
    hand = _cards(game, [(game.held_card, t, f"{t}°", f"turn:{t}") for t in turns], per_row=2)
    caption = "In hand" if tuple(turns) == (0,) else "In hand, turned clockwise"
    return _side_by_side(("Red's forest", forest_picture), (caption, _ticked(hand, [f"turn:{t}" for t in ticks])))


def _with_board(game, forest_picture: Scene, ticks: Sequence[str] = ()) -> Scene:
    """Red's forest and, beside it, the cards on the board under their advisors (``market:<slot>``)."""
    board = _cards(game, [(game.market[s], 0, s.capitalize(), f"market:{s}") for s in SLOTS if game.market[s]],
                   per_row=2)
    return _side_by_side(("Red's forest", forest_picture),
                         ("On the board", _ticked(board, [f"market:{s}" for s in ticks])))


# -- answers in the puzzles' own forms -----------------------------------------------------------------------

TURN_WORDS = {**{f"{r}": f"{r}°" for r in ROTATIONS}, **{f"{r}°": f"{r}°" for r in ROTATIONS}, "360": "0°"}
TURNS = answers.words(TURN_WORDS, example="90")
_JOINERS = re.compile(r"[\s,;/]*(?:(?:and|then)\b[\s,;/]*)*", re.IGNORECASE)
_PLACING = re.compile(r"\b([A-Za-z])\b\s*(?:,|at|turned|@)?\s*(\d{1,3})\s*(?:°|deg\w*)?", re.IGNORECASE)


def _placings() -> answers.Answer:
    """Placements as a lettered cell and a turn: ``"B 90"``, ``"B turned 90°"``, ``[("B", 90)]``."""
    example = "B 90"

    def one(letter: Any, turn: Any) -> Tuple[str, int]:
        letter = str(letter).strip().upper()
        try:
            degrees = int(str(turn).strip().rstrip("°")) % 360
        except ValueError:
            degrees = -1
        if len(letter) != 1 or letter not in LETTERS or degrees not in ROTATIONS:
            raise answers.AnswerError(f"cannot read {letter} {turn} as a placement; write the cell's letter and "
                                      f"the turn, e.g. {example}")
        return letter, degrees

    def read(raw: Any) -> FrozenSet[Tuple[str, int]]:
        if raw is None or raw == "" or raw == []:
            return frozenset()
        if isinstance(raw, str):
            found = _PLACING.findall(raw)
            rest = _PLACING.sub("", raw)
            if not found or not _JOINERS.fullmatch(rest):
                raise answers.AnswerError(f"cannot read {raw!r}; write the cell's letter and the turn, e.g. {example}"
                                          " (several: B 90, C 180)")
            return frozenset(one(a, b) for a, b in found)
        if isinstance(raw, tuple) and len(raw) == 2 and not isinstance(raw[0], (tuple, list)):
            return frozenset([one(*raw)])
        try:
            return frozenset(one(*item) for item in raw)
        except (TypeError, ValueError):
            raise answers.AnswerError(f"cannot read {raw!r}; write the cell's letter and the turn, e.g. {example}"
                                      ) from None

    def show(value) -> str:
        return ", ".join(f"{letter} turned {turn}°" for letter, turn in sorted(value)) if value else "none"

    return answers.Answer("words", example, read, show)


# =========================================================================================================
# Puzzle 1: place one card so that the Fox scores 6
# =========================================================================================================

FOX_TARGET = 6
FOX_FOREST = "A01@0,0r180 P21@0,1r270 P12@0,2r180 P14@1,0r90 P29@0,3r180"
FOX_MARKET = {"rabbit": "A05", "rooster": "P33", "armadillo": "P45", "goat": "P39"}
fox_position = _position(FOX_FOREST, _blue("P01", "P02", "P03", "P04"), FOX_MARKET,
                         lambda g: Take(RED, "rooster"))


def _letters(game) -> Dict[Cell, str]:
    """The cells where the card in hand may go, lettered in reading order (top row first)."""
    cells = sorted(game.legal_placements(), key=lambda c: (c[1], c[0]))
    return {cell: LETTERS[i] for i, cell in enumerate(cells)}


def _fox_after(game) -> Dict[Tuple[str, int], int]:
    """(cell letter, turn) -> the Fox's points once the card is laid so, for every legal placement."""
    letters = _letters(game)
    out = {}
    for cell, turns in game.legal_placements().items():
        for turn in turns:
            twin = game.copy()
            twin.play(Place(RED, cell[0], cell[1], turn))
            out[(letters[cell], turn)] = twin.score_breakdown(RED).animal("Fox").total
    return out


def _fox_placings(game, pick: Callable[[int], bool]) -> FrozenSet[Tuple[str, int]]:
    return frozenset(k for k, v in _fox_after(game).items() if pick(v))


def _fox_solve(game) -> FrozenSet[Tuple[str, int]]:
    return _fox_placings(game, lambda v: v == FOX_TARGET)


def _fox_now(game) -> int:
    return game.score_breakdown(RED).animal("Fox").total


def _fox_explain(game) -> str:
    right = sorted(_fox_solve(game))
    after = _fox_after(game)
    letter = right[0][0] if right else "?"
    others = [f"turned {t}° it scores {v}" for (cell, t), v in sorted(after.items())
              if cell == letter and v != FOX_TARGET]
    twin = game.copy()
    cells = {v: k for k, v in _letters(game).items()}
    if right:
        twin.play(Place(RED, cells[letter][0], cells[letter][1], right[0][1]))
    fox = twin.score_breakdown(RED).animal("Fox")
    stores = "stores them all" if len(fox.stored) == len(fox.path) else f"stores {and_list(fox.stored)}"
    return (f"Only cell {letter} is at the open end of the Fox's path; a card anywhere else leaves the Fox on "
            f"{_fox_now(game)} points. In cell {letter}, turned {right[0][1] if right else '?'}°, the Fox meets "
            f"{foods_met([s.food for s in fox.path])}, and {stores}: {fox.food_points} food points "
            f"+ {fox.own_points} of its own = {fox.total}. In the same cell " + "; ".join(others) + ".")


def _fox_picture(game) -> Scene:
    return _with_hand(game, _labelled(_forest(game), _letters(game)))


def _fox_solution(game) -> Scene:
    right = sorted(_fox_solve(game))
    if not right:
        return _fox_picture(game)
    cells = {v: k for k, v in _letters(game).items()}
    (x, y), turn = cells[right[0][0]], right[0][1]
    twin = game.copy()
    twin.play(Place(RED, x, y, turn))
    return _ticked(_forest(twin, rings=True, score=True), [f"card:{RED}:{x}:{y}"])


def _fox_single(turn: int) -> Callable[[Any], FrozenSet[Tuple[str, int]]]:
    """The answer of a learner who lays the card at the end of the Fox's path turned ``turn``."""

    def answer(game):
        ends = {k[0] for k in _fox_placings(game, lambda v: v != _fox_now(game))}
        return frozenset((letter, turn) for letter in sorted(ends)[:1])

    return answer


FOX_SCORES_6 = Exercise(
    id="forest.puzzle-fox-scores-6", title="Six points for the Fox",
    question="Red has taken the card shown beside her forest. The lettered cells are the ones where it may go. "
             "Where should she lay it, and turned how far (clockwise), so that her Fox scores exactly 6 points? "
             "Give the cell's letter and the turn, like B 90; if several ways work, give them all.",
    rules=("forest.path.connect", "forest.path.food-order", "forest.score.collect-first",
           "forest.place.rotation"),
    build=fox_position, solve=_fox_solve, answer=_placings(),
    hints=("Follow the Fox's path from its den to the place where it stops. Only a card there can change what "
           "the Fox eats.",
           "Try the four turns in that cell. For each, walk on from the Fox's last card and list the foods in the "
           "order it meets them: it stores only its first 3."),
    explain=_fox_explain, picture=_fox_picture, solution_picture=_fox_solution,
    spoilers=lambda g: [f"{FOX_TARGET} pts"],
    mistakes=(
        Mistake("more-eggs", _fox_single(90),
                "turned so, the path runs on into the card above, with two more eggs: the Fox stores three eggs "
                "and scores more than 6", "forest.score.collect-first"),
        Mistake("walked-backwards", _fox_single(180),
                "turned so, the Fox walks the nut-and-worm curve from its far end: it meets the worm first, then "
                "the nut, and scores less than 6", "forest.path.food-order"),
        Mistake("storage-full", _fox_single(270),
                "turned so, the Fox meets the nut and the worm first and is full before it reaches the eggs "
                "beyond: it scores less than 6", "forest.score.collect-first"),
    ),
    notes={"aim": "Paths, turning a card and storing the first foods, all in one placement.",
           "watch for": "Students who count every egg the path reaches: the Fox stores only its first 3 foods. "
                        "Ask them to say the foods aloud in walking order.",
           "extension": "Which turn gives the Fox the most points? (The engine's answer is in the feedback.)"},
)


# =========================================================================================================
# Puzzle 2: which card of the market is best for Red right now?
# =========================================================================================================

MARKET_FOREST = "A01@0,0r0 A06@0,1r0 P20@-1,1r0 P25@0,-1r270 P34@0,-2r270 P04@-1,0r180"
MARKET = {"rabbit": "A08", "rooster": "P32", "armadillo": "P35", "goat": "P24"}
market_position = _position(MARKET_FOREST, _blue("P40", "P41", "P42", "P43", "P44"), MARKET)
ADVISOR_WORDS = {**{s: s for s in SLOTS}, **{f"{s}'s": s for s in SLOTS}, **{f"the {s}": s for s in SLOTS},
                 **{card: slot for slot, card in MARKET.items()}}


def _best_turns(game) -> Dict[str, int]:
    """Advisor -> the most points Red's forest can reach this turn with that advisor's card
    (the card in its best place, the advisor's gift used as well as it can be): the greedy
    bot's own measure."""
    slots = [s for s in SLOTS if game.market[s] is not None]
    values = game.greedy_values([Take(RED, s) for s in slots])
    return {s: int(v) for s, v in zip(slots, values)}


def _placing_only(game) -> Dict[str, int]:
    """Advisor -> the most points with that advisor's card laid in its best place, gift left out."""
    out = {}
    for slot in _best_turns(game):
        twin = game.copy()
        twin.play(Take(RED, slot))
        out[slot] = int(max(twin.greedy_values(twin.legal_moves())))
    return out


def _top(values: Dict[str, int]) -> str:
    return max(values, key=lambda k: values[k])


def _market_solve(game) -> str:
    return _top(_best_turns(game))


def _most_food(game) -> str:
    counts = {s: sum(len(seg[2]) for seg in game.catalogue.segments(game.market[s]))
              for s in _best_turns(game) if game.card(game.market[s]).kind == "path"}
    return _top(counts)


def _best_turn(game, slot: str):
    """Red's best whole turn with that advisor's card, played out on a copy: (the game after
    it, the gift move or None). Each decision is the one that scores most right after it."""
    twin = game.copy()
    twin.play(Take(RED, slot))
    gift = None
    while twin.current_player == RED and not twin.is_over:
        moves = twin.legal_moves()
        values = twin.greedy_values(moves)
        move = moves[values.index(max(values))]
        gift = move if isinstance(move, (Lair, Water)) else gift
        twin.play(move)
    return twin, gift


def _gift_words(game, slot: str) -> str:
    """What the advisor's gift does in Red's best turn with that card, in words."""
    twin, gift = _best_turn(game, slot)
    if slot == "rabbit":
        return f"the {game.card(game.market[slot]).name} joins the forest"
    if slot == "rooster":
        return "the rooster's pawn stays with Red"
    if gift is None:
        return "its gift goes back to the supply"
    name = twin.card(twin.forest(RED).at((gift.x, gift.y)).card).name
    if isinstance(gift, Water):
        return f"the water drop goes on the {name}'s {gift.food} corner"
    return f"the lair token goes on the {name}"


def _market_explain(game) -> str:
    values = _best_turns(game)
    best = _top(values)
    ranked = sorted(values, key=lambda s: -values[s])
    return (f"Red's forest scores {game.scores()[RED]} now. Her best turn with each card: "
            + ", ".join(f"the {s}'s {values[s]}" for s in ranked)
            + f". The {best}'s card wins: laid where it helps most, and {_gift_words(game, best)}.")


def _market_picture(game) -> Scene:
    return _with_board(game, _forest(game, rings=True))


def _market_solution(game) -> Scene:
    best = _market_solve(game)
    after, _ = _best_turn(game, best)
    return _with_board(game, _forest(after, rings=True, score=True), ticks=[best])


def _click_market(_game, hit: str) -> Optional[str]:
    kind, _, slot = (hit or "").partition(":")
    return slot if kind == "market" and slot in SLOTS else None


BEST_MARKET_CARD = Exercise(
    id="forest.puzzle-best-market-card", title="The best card on the board",
    question="It is Red's turn. Which card of the board gives her the most points this turn, counting where she "
             "can lay it and what its advisor gives? Click the card, or type its advisor (rabbit, rooster, "
             "armadillo or goat).",
    rules=("forest.turn.take", "forest.advisor.goat", "forest.advisor.armadillo", "forest.advisor.rabbit",
           "forest.score.food-value"),
    build=market_position, solve=_market_solve, answer=answers.choice(ADVISOR_WORDS, example="goat"),
    hints=("Each card comes with its advisor's gift: an animal (rabbit), the pawn (rooster), a lair token "
           "(armadillo) or a water drop (goat). Count the gift as well as the card.",
           "A water drop adds 1 for every food of that kind the animal stores; a lair token adds the next food "
           "the animal walks past. Which animal stores two foods of one kind?"),
    explain=_market_explain, picture=_market_picture, solution_picture=_market_solution, click=_click_market,
    mistakes=(
        Mistake("most-food", _most_food,
                "that card carries the most food, but what counts is what Red's animals would store from it, "
                "plus what its advisor gives"),
        Mistake("forgot-gift", lambda g: _top(_placing_only(g)),
                "laid in its best place that card adds the most, but the advisors' gifts count too: look at the "
                "water drop and the lair token again"),
    ),
    notes={"aim": "Weighing the card and its advisor's gift together, as the greedy bot does.",
           "watch for": "Students who only look at the cards' foods. Ask: what does each advisor give, and which "
                        "animal would use it?",
           "discussion": "Is the best card for points now always the best choice? (The pawn and the next rounds "
                         "matter too.)"},
)


# =========================================================================================================
# Puzzle 3: how many points does this forest score?
# =========================================================================================================

COUNT_FOREST = ("A01@0,0r90[lair=2;water=worm] P09@1,0r0 P07@2,0r0 A06@0,1r90 P05@1,1r0 P06@2,1r0 "
                "A11@0,2r90 P01@1,2r0")
count_position = _position(COUNT_FOREST, _blue("P40", "P41", "P42", "P43", "P44", "P45", "P36"))


def _total(game) -> int:
    return game.score_breakdown(RED).total


def _count_variant(game, how: str) -> int:
    """Red's total as one misreading counts it."""
    sb = game.score_breakdown(RED)
    food = 0
    for a in sb.animals:
        if how == "everything":
            food += sum(s.value for s in a.path)
        elif how == "no-water":
            food += sum(s.value - s.water for s in a.path if s.stored)
        elif how == "no-lair":
            food += sum(s.value for s in a.path[:a.capacity])
        else:
            food += a.food_points
    own = 0 if how == "no-own" else sb.animal_points
    pawn = 0 if how == "no-pawn" else sb.pawn_point
    return food + own + pawn


def _animal_line(a) -> str:
    stored = " + ".join(f"{s.food} {s.value}" for s in a.path if s.stored) or "nothing"
    passed = [s.food for s in a.path if not s.stored]
    extra = f" (it walks past {and_list(a_food(f) for f in passed)}: no room)" if passed else ""
    return f"The {a.name} stores {stored}{extra} = {a.food_points}, + {a.own_points} of its own"


def _count_explain(game) -> str:
    sb = game.score_breakdown(RED)
    pawn = f". The 1st Player pawn adds {sb.pawn_point}" if sb.pawn_point else ""
    return (". ".join(_animal_line(a) for a in sb.animals) + pawn
            + f". In all: {sb.food_points} food + {sb.animal_points} for the animals"
            + (f" + {sb.pawn_point} pawn" if sb.pawn_point else "") + f" = {sb.total} points.")


COUNT_THE_FOREST = Exercise(
    id="forest.puzzle-count-the-forest", title="Count a forest",
    question="If the game ended now, how many points would Red's forest score? Mind the lair tokens (brown "
             "squares), the water drop, and the 1st Player pawn (★).",
    rules=("forest.score.collect-first", "forest.score.capacity", "forest.score.food-value",
           "forest.score.own-points", "forest.score.rooster-point"),
    build=count_position, solve=_total, answer=answers.number(unit="points", low=0, high=200),
    hints=("Do one animal at a time: follow its path from the den and list its foods in order.",
           "Each animal stores only its first foods, as many as its storage plus its lair tokens, whatever they "
           "are worth. Then add each animal's own points, and 1 for the pawn."),
    explain=_count_explain, picture=_forest,
    solution_picture=lambda g: _forest(g, rings=True, score=True),
    spoilers=lambda g: [f"{_total(g)} pts", f"{_total(g)} points"],
    mistakes=(
        Mistake("forgot-pawn", lambda g: _count_variant(g, "no-pawn"),
                "Red holds the 1st Player pawn: it is worth 1 more point", "forest.score.rooster-point"),
        Mistake("forgot-own-points", lambda g: _count_variant(g, "no-own"),
                "each animal also scores its own points, the number in its middle", "forest.score.own-points"),
        Mistake("stored-everything", lambda g: _count_variant(g, "everything"),
                "an animal stores only its first foods, up to its storage: the Hedgehog is full before the last "
                "egg", "forest.score.collect-first"),
        Mistake("forgot-lair", lambda g: _count_variant(g, "no-lair"),
                "the Fox's two lair tokens give it 2 more spaces of storage", "forest.score.capacity"),
        Mistake("forgot-water", lambda g: _count_variant(g, "no-water"),
                "the water drop on the Fox's worm corner makes each worm it stores worth 1 more",
                "forest.score.food-value"),
    ),
    notes={"aim": "The whole scoring rule on one forest, with every trap the lessons name.",
           "watch for": "The Hedgehog's two berries: worth nothing to it, yet they fill its storage. Many "
                        "students skip them and store the eggs instead.",
           "timing": "About 5 minutes for a pair; let pairs compare totals before showing the answer."},
)


# =========================================================================================================
# Puzzle 4: which turns of this card lead the Hedgehog to the egg?
# =========================================================================================================

HEDGEHOG_FOREST = "P35@0,-1r0 P22@1,-1r0 A06@0,0r90 P11@0,1r90 P21@1,1r270"
HEDGEHOG_MARKET = {"rabbit": "A05", "rooster": "P23", "armadillo": "P39", "goat": "P38"}
GAP = (1, 0)      # the cell right of the Hedgehog
EGG_CARD = (1, 1)  # the card below that cell, with the egg
hedgehog_position = _position(HEDGEHOG_FOREST, _blue("P40", "P41", "P42", "P43"), HEDGEHOG_MARKET,
                              lambda g: Take(RED, "rooster"))


def _hedgehog_meets(game, turn: int) -> List[Tuple[Cell, str]]:
    """The foods the Hedgehog meets once the card in hand lies in the gap, turned ``turn``."""
    twin = game.copy()
    twin.play(Place(RED, GAP[0], GAP[1], turn))
    return [(s.cell, s.food) for s in twin.score_breakdown(RED).animal("Hedgehog").path]


def _hedgehog_turns(game, reaches: bool) -> FrozenSet[str]:
    """The turns (allowed in the gap) whose path the Hedgehog follows into the gap and that do
    (``reaches``) or do not lead it on to the egg."""
    out = set()
    for turn in game.legal_placements().get(GAP, ()):
        met = _hedgehog_meets(game, turn)
        if any(cell == GAP for cell, _ in met) and ((EGG_CARD, "egg") in met) == reaches:
            out.add(f"{turn}°")
    return frozenset(out)


def _hedgehog_explain(game) -> str:
    right = sorted(_hedgehog_turns(game, True), key=lambda t: int(t[:-1]))
    wrong = sorted(_hedgehog_turns(game, False), key=lambda t: int(t[:-1]))
    met = _hedgehog_meets(game, int(right[0][:-1])) if right else []
    return (f"Turned {and_list(right, 'or')}, the card's path runs from the Hedgehog's side down to the egg "
            f"card: the Hedgehog meets {and_list(f for _, f in met)}. "
            + (f"Turned {and_list(wrong, 'or')}, the path goes up instead, to the worm. " if wrong else "")
            + "The other turns leave no path end facing the Hedgehog, so its path stops at the gap.")


def _hedgehog_picture(game) -> Scene:
    return _with_hand(game, _labelled(_forest(game), {GAP: "?"}), turns=ROTATIONS)


def _hedgehog_solution(game) -> Scene:
    right = sorted(int(t[:-1]) for t in _hedgehog_turns(game, True))
    if not right:
        return _hedgehog_picture(game)
    twin = game.copy()
    twin.play(Place(RED, GAP[0], GAP[1], right[0]))
    return _with_hand(game, _forest(twin, rings=True), turns=ROTATIONS, ticks=right)


def _click_turn(_game, hit: str) -> Optional[str]:
    kind, _, turn = (hit or "").partition(":")
    return f"{turn}°" if kind == "turn" and turn.isdigit() else None


HEDGEHOG_EGG = Exercise(
    id="forest.puzzle-hedgehog-egg", title="A path to the egg",
    question="Red holds the card shown beside her forest and will lay it in the cell marked ?, right of her "
             "Hedgehog. In which turns (clockwise from the card as printed) does the Hedgehog's path lead on to "
             "the egg on the card below that cell? Click the turns, or type them (0, 90, 180, 270).",
    rules=("forest.place.rotation", "forest.path.connect"),
    build=hedgehog_position, solve=lambda g: _hedgehog_turns(g, True), answer=TURNS,
    hints=("The Hedgehog's path leaves its card on the right. Which side of the new card must have a path end?",
           "Turning a card clockwise moves its top side to the right, the right to the bottom, the bottom to the "
           "left and the left to the top. The path must join the left side to the bottom."),
    explain=_hedgehog_explain, picture=_hedgehog_picture, solution_picture=_hedgehog_solution, click=_click_turn,
    mistakes=(
        Mistake("anticlockwise", lambda g: frozenset(f"{(360 - int(t[:-1])) % 360}°"
                                                     for t in _hedgehog_turns(g, True)),
                "cards turn clockwise: that turn goes the other way round", "forest.place.rotation"),
        Mistake("wrong-way", lambda g: _hedgehog_turns(g, False),
                "that turn joins the Hedgehog's path, but leads it up to the worm card, not down to the egg",
                "forest.path.connect"),
    ),
    notes={"aim": "Turning a card in your head, then following the path it makes.",
           "watch for": "Turning anticlockwise. Have students hold a paper square with the curve drawn on it and "
                        "turn it on the table.",
           "with cards": "If you have the box, lay the three cards out and let students try the turns for real."},
)


# =========================================================================================================
# Puzzle 5: which animal gets the lair token?
# =========================================================================================================

LAIR_FOREST = ("A01@0,0r90 P09@1,0r0 P08@2,0r0 A06@0,1r90 P07@1,1r0 P02@2,1r180 A11@0,2r90 "
               "P11@1,2r0")
LAIR_MARKET = {"rabbit": "A05", "rooster": "P23", "armadillo": "P12", "goat": "P38"}
lair_position = _position(LAIR_FOREST, _blue("P40", "P41", "P42", "P43", "P44", "P45", "P36"), LAIR_MARKET,
                          lambda g: Take(RED, "armadillo"), lambda g: Place(RED, 2, 2, 0))
LAIR_ANIMALS = {"fox": "Fox", "hedgehog": "Hedgehog", "raven": "Raven"}


def _lair_gains(game) -> Dict[str, int]:
    """Animal -> the points one more lair token on it adds (the engine's own count)."""
    moves = game.legal_moves()
    now = game.scores()[RED]
    values = game.greedy_values(moves)
    return {game.card(game.forest(RED).at((m.x, m.y)).card).name: int(v) - now for m, v in zip(moves, values)}


def _lair_explain(game) -> str:
    gains = _lair_gains(game)
    best = _top(gains)
    sb = game.score_breakdown(RED)
    lines = []
    for a in sb.animals:
        passed = [s for s in a.path if not s.stored]
        nxt = f"the first food it walks past is {passed[0].food}, worth {passed[0].value} to it" if passed else \
            "it already stores every food on its path"
        lines.append(f"the {a.name}: {nxt} (+{plural(gains.get(a.name, 0), 'point')})")
    return f"One more space stores the first food an animal now walks past: {'; '.join(lines)}. So the {best}."


def _lair_solution(game) -> Scene:
    best = _top(_lair_gains(game))
    cell = next(a.cell for a in game.score_breakdown(RED).animals if a.name == best)
    twin = game.copy()
    twin.play(Lair(RED, cell[0], cell[1]))
    return _ticked(_forest(twin, rings=True, score=True), [f"animal:{RED}:{cell[0]}:{cell[1]}"])


def _click_animal(game, hit: str) -> Optional[str]:
    parts = (hit or "").split(":")
    if len(parts) == 4 and parts[0] == "animal" and parts[1] == str(RED):
        placed = game.forest(RED).at((int(parts[2]), int(parts[3])))
        return game.card(placed.card).name if placed else None
    return None


LAIR_TOKEN = Exercise(
    id="forest.puzzle-lair-token", title="Where the lair token pays most",
    question="Red took the armadillo's card and has laid it; now she puts its lair token on one of her animals. "
             "On which animal does it add the most points? Click the animal, or type its name.",
    rules=("forest.advisor.armadillo", "forest.score.capacity", "forest.score.collect-first"),
    build=lair_position, solve=lambda g: _top(_lair_gains(g)), answer=answers.choice(LAIR_ANIMALS, example="Fox"),
    hints=("A lair token gives an animal one more space. What would that space hold?",
           "For each animal, find the first food it walks past because it is full. What is that food worth to it?"),
    explain=_lair_explain, picture=_forest, solution_picture=_lair_solution, click=_click_animal,
    mistakes=(
        Mistake("room-to-spare", lambda g: next((k for k, v in _lair_gains(g).items() if v == 0), ""),
                "that animal is not held back by its storage: one more space would store nothing",
                "forest.score.capacity"),
        Mistake("next-food-cheap", lambda g: sorted(_lair_gains(g), key=lambda k: _lair_gains(g)[k])[-2],
                "that animal would store one more food, but the next food on its path is worth less to it than "
                "another animal's", "forest.score.collect-first"),
    ),
    notes={"aim": "Storage: a lair token is only worth the food the animal was walking past.",
           "watch for": "Picking the animal with the smallest storage: more room helps only an animal that is "
                        "full before its path ends."},
)

def _cited(ex: Exercise) -> Exercise:
    """``ex`` whose explanation ends by naming the rules it rests on, as every worksheet's does."""
    def explain(game) -> str:
        return f"{ex.explain(game).rstrip('.')} [{', '.join(ex.rules)}]."

    return replace(ex, explain=explain)


PUZZLES: Tuple[Exercise, ...] = tuple(_cited(ex) for ex in (FOX_SCORES_6, HEDGEHOG_EGG, COUNT_THE_FOREST,
                                                            LAIR_TOKEN, BEST_MARKET_CARD))


# =========================================================================================================
# The rule reference: topics, and a picture for every rule
# =========================================================================================================

#: The parts of the game, in the order the reference shows them: (the rule id's second part, heading).
TOPICS: Tuple[Tuple[str, str], ...] = (
    ("setup", "Setting up"), ("round", "A round"), ("turn", "Your turn"), ("place", "Placing a card"),
    ("path", "Paths"), ("advisor", "The four advisors"), ("score", "Scoring"), ("end", "The end of the game"),
    ("adv", "The advanced 2-player mode"),
)


def _table_at_start() -> Tuple[Scene, str]:
    game = new_game(players=2, seed=4)
    return (render.scene(game, highlights=(), caption=False),
            "A new 2-player game: the two decks, a card under each advisor, the token supply, and one animal in "
            "each forest.")


def _table_after_take() -> Tuple[Scene, str]:
    game = new_game(players=2, seed=4)
    game.play(Take(game.current_player, "goat"))
    return (render.scene(game, highlights=()),
            "The first player has taken the goat's card: it waits in hand to be laid, and its place on the board "
            "stays empty until the round ends.")


def _placing() -> Tuple[Scene, str]:
    game = fox_position()
    return (render.forest_scene(game, RED),
            "Red holds a path card: the lit cells touch her forest and keep it inside 4 × 4.")


def _path() -> Tuple[Scene, str]:
    game = _position("A01@0,1r0 P16@0,0r0 P06@1,0r0 P22@2,0r90", _blue("P01", "P02", "P03"))()
    return (render.forest_scene(game, RED),
            "The Fox's path, traced from its den: where two cards both have a path end on the side they share, "
            "the path goes on.")


def _advisors() -> Tuple[Scene, str]:
    game = market_position()
    return (render.scene(game, highlights=(), caption=False),
            "The four advisors with their cards: rabbit (an animal), rooster (the pawn), armadillo (a lair token) "
            "and goat (a water drop).")


def _scoring() -> Tuple[Scene, str]:
    game = count_position()
    return (_forest(game, rings=True, score=True),
            "A forest and its score: the foods each animal stores are ringed in gold.")


def _finished() -> Tuple[Scene, str]:
    game = new_game(players=2, seed=3)
    while not game.is_over:
        moves = game.legal_moves()
        values = game.greedy_values(moves)
        game.play(moves[values.index(max(values))])
    return render.scene(game, highlights=()), "A finished game: every forest is full, and the scores are final."


def _advanced() -> Tuple[Scene, str]:
    game = new_game(players=2, seed=5, advanced=True)
    return (render.scene(game, highlights=(), caption=False),
            "The advanced 2-player mode: two starting animals each, and forests that may grow to 8 × 4.")


_TOPIC_SCENES: Dict[str, Callable[[], Tuple[Scene, str]]] = {
    "setup": _table_at_start, "round": _table_at_start, "turn": _table_after_take, "place": _placing,
    "path": _path, "advisor": _advisors, "score": _scoring, "end": _finished, "adv": _advanced,
}


def rule_scene(rule_id: str) -> Tuple[Scene, str]:
    """A hand-built picture for ``rule_id`` and its caption (the reference uses it for a rule that
    no exercise shows)."""
    topic = rule_id.split(".")[1]
    if topic not in _TOPIC_SCENES:
        raise KeyError(f"no picture for the rules of {topic!r}: the topics are {', '.join(_TOPIC_SCENES)}")
    sc, caption = _TOPIC_SCENES[topic]()
    return replace(sc, title=sc.title or caption), caption

