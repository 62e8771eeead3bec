"""Savernake Forest's teacher pack: the puzzle worksheet's functions, and the reference's own pictures.

The worksheet's puzzles are records in ``lessons.json`` (its ``puzzles`` list), in the same format
as the lessons' exercises; ``PUZZLES`` are those records read and checked. Each is a hand-built
position and a question whose answer the engine works out by trying things: every legal placement
of a card, every card of the market with its best use, every animal that could take a lair token.
Those tries are the functions here marked ``@named``. The worksheet shows the puzzles' questions
and starting pictures (which never give the answer away); the answer key shows the answers.

``TOPICS`` orders the rule reference (``teach.reference``) by the part of the game a rule
belongs to, and ``rule_scene(rule_id)`` draws a hand-built position for a rule that no
exercise shows yet, so every rule of the reference has a picture.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable, Dict, FrozenSet, List, Mapping, Optional, Sequence, Tuple

from ..core.scene import Rect, Scene, rect, text
from ..teach import answers
from ..teach.exercise import Exercise
from ..core.words import and_list, plural
from . import from_scenario, new_game, render
from .card_shapes import text_width
from .data import ROTATIONS, SLOTS
from .lessons import BOOK, LESSONS, named
from .moves import Lair, Place, Take, Water
from .scoring import a_food, foods_met

__all__ = ["PUZZLES", "TOPICS", "rule_scene"]

Cell = Tuple[int, int]
RED = 0
GREEN = "#2e7d32"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


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

    return answers.Answer("words", "a cell's letter and a turn, one pair per placement", read, show)


def advisor_or_card(market: Mapping[str, str]) -> answers.Answer:
    """One advisor, named as such or by the id of the card under it."""
    words = {**{s: s for s in SLOTS}, **{f"{s}'s": s for s in SLOTS}, **{f"the {s}": s for s in SLOTS},
             **{card: slot for slot, card in market.items()}}
    return answers.choice(words, example="one advisor, or the id of the card under it")


LAIR_ANIMALS = {"fox": "Fox", "hedgehog": "Hedgehog", "raven": "Raven"}
BOOK.answers.update({"placings": _placings(), "puzzle_turns": answers.words(
    {**{f"{r}": f"{r}°" for r in ROTATIONS}, **{f"{r}°": f"{r}°" for r in ROTATIONS}, "360": "0°"}, example="turns in degrees, from 0 90 180 270"),
    "lair_animals": answers.choice(LAIR_ANIMALS, example="one animal: Fox, Hedgehog or Raven"), "advisor_or_card": advisor_or_card})


@named
def red_forest(game, rings: bool = False, score: bool = False) -> Scene:
    """Red's forest alone: nothing lit, and (by default) no stored foods ringed and no points."""
    return _forest(game, rings=rings, score=score)


# =========================================================================================================
# Puzzle 1: place one card so that the Fox scores a given number
# =========================================================================================================

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


def _fox_now(game) -> int:
    return game.score_breakdown(RED).animal("Fox").total


@named
def fox_placings(game, points: int) -> FrozenSet[Tuple[str, int]]:
    """Every (cell letter, turn) of the card in hand that leaves the Fox on ``points``."""
    return frozenset(k for k, v in _fox_after(game).items() if v == points)


@named
def fox_turned(game, turn: int) -> FrozenSet[Tuple[str, int]]:
    """The answer of a learner who lays the card at the end of the Fox's path turned ``turn``."""
    now = _fox_now(game)
    ends = {k[0] for k, v in _fox_after(game).items() if v != now}
    return frozenset((letter, turn) for letter in sorted(ends)[:1])


@named
def fox_story(game, points: int) -> str:
    """Why only one cell can change the Fox's score, and what each of its turns gives."""
    right = sorted(fox_placings(game, points))
    after = _fox_after(game)
    letter = right[0][0] if right else "?"
    others = [f"turned {t}° it scores {v}" for (cell, t), v in sorted(after.items()) if cell == letter and v != points]
    twin = game.copy()
    cells = {v: k for k, v in _letters(game).items()}
    if right:
        twin.play(Place(RED, cells[letter][0], cells[letter][1], right[0][1]))
    fox = twin.score_breakdown(RED).animal("Fox")
    stores = "stores them all" if len(fox.stored) == len(fox.path) else f"stores {and_list(fox.stored)}"
    return (f"Only cell {letter} is at the open end of the Fox's path; a card anywhere else leaves the Fox on "
            f"{_fox_now(game)} points. In cell {letter}, turned {right[0][1] if right else '?'}°, the Fox meets "
            f"{foods_met([s.food for s in fox.path])}, and {stores}: {fox.food_points} food points "
            f"+ {fox.own_points} of its own = {fox.total}. In the same cell " + "; ".join(others))


@named
def lettered_forest(game) -> Scene:
    """Red's forest with the cells the card in hand may go on lettered, and the card beside it."""
    return _with_hand(game, _labelled(_forest(game), _letters(game)))


@named
def fox_solution(game, answer) -> Scene:
    """Red's forest with the card laid as the answer's first placement, ticked."""
    right = sorted(answer)
    if not right:
        return lettered_forest(game)
    cells = {v: k for k, v in _letters(game).items()}
    (x, y), turn = cells[right[0][0]], right[0][1]
    twin = game.copy()
    twin.play(Place(RED, x, y, turn))
    return _ticked(_forest(twin, rings=True, score=True), [f"card:{RED}:{x}:{y}"])


# =========================================================================================================
# Puzzle 2: which card of the market is best for Red right now?
# =========================================================================================================

def _best_turns(game) -> Dict[str, int]:
    """Advisor -> the most points Red's forest can reach this turn with that advisor's card
    (the card in its best place, the advisor's gift used as well as it can be): the greedy
    bot's own measure."""
    slots = [s for s in SLOTS if game.market[s] is not None]
    values = game.greedy_values([Take(RED, s) for s in slots])
    return {s: int(v) for s, v in zip(slots, values)}


def _top(values: Dict[str, int]) -> str:
    return max(values, key=lambda k: values[k])


@named
def best_market_card(game) -> str:
    return _top(_best_turns(game))


@named
def best_card_without_gift(game) -> str:
    """The advisor whose card, laid in its best place, adds the most, its gift left out."""
    out = {}
    for slot in _best_turns(game):
        twin = game.copy()
        twin.play(Take(RED, slot))
        out[slot] = int(max(twin.greedy_values(twin.legal_moves())))
    return _top(out)


@named
def most_food_card(game) -> str:
    """The advisor whose path card carries the most food."""
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


@named
def market_story(game) -> str:
    """Red's best turn with each card, and what makes the best one best."""
    values = _best_turns(game)
    best = _top(values)
    ranked = sorted(values, key=lambda s: -values[s])
    return (f"Red's forest scores {game.scores()[RED]} now. Her best turn with each card: "
            + ", ".join(f"the {s}'s {values[s]}" for s in ranked)
            + f". The {best}'s card wins: laid where it helps most, and {_gift_words(game, best)}")


@named
def board_picture(game) -> Scene:
    """Red's forest (stored foods ringed) beside the cards on the board."""
    return _with_board(game, _forest(game, rings=True))


@named
def board_solution(game, answer) -> Scene:
    """Red's forest after her best turn with the answer's card, that card ticked on the board."""
    after, _ = _best_turn(game, answer)
    return _with_board(game, _forest(after, rings=True, score=True), ticks=[answer])


# =========================================================================================================
# Puzzle 3: how many points does this forest score?
# =========================================================================================================

@named
def red_total(game) -> int:
    return game.score_breakdown(RED).total


@named
def count_misread(game, how: str) -> int:
    """Red's total as one misreading counts it: everything stored, no-water, no-lair, no-own, no-pawn."""
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


@named
def count_story(game) -> str:
    """Red's score animal by animal, then the sum."""
    sb = game.score_breakdown(RED)
    pawn = f". The 1st Player pawn adds {sb.pawn_point}" if sb.pawn_point else ""
    return (". ".join(_animal_line(a) for a in sb.animals) + pawn
            + f". In all: {sb.food_points} food + {sb.animal_points} for the animals"
            + (f" + {sb.pawn_point} pawn" if sb.pawn_point else "") + f" = {sb.total} points")


# =========================================================================================================
# Puzzle 4: which turns of this card lead the Hedgehog to the egg?
# =========================================================================================================

def _hedgehog_meets(game, gap: Cell, turn: int) -> List[Tuple[Cell, str]]:
    """The foods the Hedgehog meets once the card in hand lies in the gap, turned ``turn``."""
    twin = game.copy()
    twin.play(Place(RED, gap[0], gap[1], turn))
    return [(s.cell, s.food) for s in twin.score_breakdown(RED).animal("Hedgehog").path]


@named
def hedgehog_turns(game, gap: Sequence[int], egg: Sequence[int], reaches: bool = True) -> FrozenSet[str]:
    """The turns (allowed in the ``gap``) whose path the Hedgehog follows into the gap and that do
    (``reaches``) or do not lead it on to the egg on the card at ``egg``."""
    gap, egg = (gap[0], gap[1]), (egg[0], egg[1])
    out = set()
    for turn in game.legal_placements().get(gap, ()):
        met = _hedgehog_meets(game, gap, turn)
        if any(cell == gap for cell, _ in met) and ((egg, "egg") in met) == reaches:
            out.add(f"{turn}°")
    return frozenset(out)


@named
def turns_anticlockwise(game, answer) -> FrozenSet[str]:
    """The answer's turns, read the other way round."""
    return frozenset(f"{(360 - int(t[:-1])) % 360}°" for t in answer)


@named
def hedgehog_story(game, gap: Sequence[int], egg: Sequence[int]) -> str:
    """Where each turn of the card in the gap leads the Hedgehog."""
    right = sorted(hedgehog_turns(game, gap, egg), key=lambda t: int(t[:-1]))
    wrong = sorted(hedgehog_turns(game, gap, egg, reaches=False), key=lambda t: int(t[:-1]))
    met = _hedgehog_meets(game, (gap[0], gap[1]), int(right[0][:-1])) if right else []
    return (f"Turned {and_list(right, 'or')}, the card's path runs from the Hedgehog's side down to the egg "
            f"card: the Hedgehog meets {and_list(f for _, f in met)}. "
            + (f"Turned {and_list(wrong, 'or')}, the path goes up instead, to the worm. " if wrong else "")
            + "The other turns leave no path end facing the Hedgehog, so its path stops at the gap")


@named
def gap_picture(game, gap: Sequence[int]) -> Scene:
    """Red's forest with the ``gap`` marked ?, and the card in hand in its four turns."""
    return _with_hand(game, _labelled(_forest(game), {(gap[0], gap[1]): "?"}), turns=ROTATIONS)


@named
def hedgehog_solution(game, gap: Sequence[int], answer) -> Scene:
    """The card laid in the gap in the answer's first turn, the answer's turns ticked."""
    right = sorted(int(t[:-1]) for t in answer)
    if not right:
        return gap_picture(game, gap)
    twin = game.copy()
    twin.play(Place(RED, gap[0], gap[1], right[0]))
    return _with_hand(game, _forest(twin, rings=True), turns=ROTATIONS, ticks=right)


# =========================================================================================================
# Puzzle 5: which animal gets the lair token?
# =========================================================================================================

def _lair_gains(game) -> Dict[str, int]:
    """Animal -> the points one more lair token on it adds (the engine's own count)."""
    moves = game.legal_moves()
    now = game.scores()[RED]
    values = game.greedy_values(moves)
    return {game.card(game.forest(RED).at((m.x, m.y)).card).name: int(v) - now for m, v in zip(moves, values)}


@named
def best_lair_animal(game) -> str:
    return _top(_lair_gains(game))


@named
def animal_with_room(game) -> str:
    """An animal one more space would store nothing for."""
    return next((k for k, v in _lair_gains(game).items() if v == 0), "")


@named
def second_best_lair_animal(game) -> str:
    gains = _lair_gains(game)
    return sorted(gains, key=lambda k: gains[k])[-2]


@named
def lair_story(game) -> str:
    """For each animal, the first food it walks past and what one more space would store."""
    gains = _lair_gains(game)
    best = _top(gains)
    sb = game.score_breakdown(RED)
    lines = []
    for a in sb.animals:
        passed = [s for s in a.path if not s.stored]
        nxt = f"the first food it walks past is {passed[0].food}, worth {passed[0].value} to it" if passed else \
            "it already stores every food on its path"
        lines.append(f"the {a.name}: {nxt} (+{plural(gains.get(a.name, 0), 'point')})")
    return f"One more space stores the first food an animal now walks past: {'; '.join(lines)}. So the {best}"


@named
def lair_solution(game, answer) -> Scene:
    """Red's forest with the lair token on the answer's animal, ticked."""
    cell = next(a.cell for a in game.score_breakdown(RED).animals if a.name == answer)
    twin = game.copy()
    twin.play(Lair(RED, cell[0], cell[1]))
    return _ticked(_forest(twin, rings=True, score=True), [f"animal:{RED}:{cell[0]}:{cell[1]}"])


@named
def click_animal(game, hit: str) -> Optional[str]:
    """An animal of Red's forest, by name."""
    parts = (hit or "").split(":")
    if len(parts) == 4 and parts[0] == "animal" and parts[1] == str(RED):
        placed = game.forest(RED).at((int(parts[2]), int(parts[3])))
        return game.card(placed.card).name if placed else None
    return None


PUZZLES: Tuple[Exercise, ...] = BOOK.load(LESSONS, "puzzles")


def _puzzle_position(puzzle_id: str):
    return next(p for p in PUZZLES if p.id == puzzle_id).position()


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
    game = _puzzle_position("forest.puzzle-fox-scores-6")
    return (render.forest_scene(game, RED),
            "Red holds a path card: the lit cells touch her forest and keep it inside 4 × 4.")


def _path() -> Tuple[Scene, str]:
    game = from_scenario({"forests": ["A01@0,1r0 P16@0,0r0 P06@1,0r0 P22@2,0r90", "A02@0,0r0 P01@1,0r0 P02@2,0r0 P03@3,0r0"], "pawn": RED})
    return (render.forest_scene(game, RED),
            "The Fox's path, traced from its den: where two cards both have a path end on the side they share, "
            "the path goes on.")


def _advisors() -> Tuple[Scene, str]:
    game = _puzzle_position("forest.puzzle-best-market-card")
    return (render.scene(game, highlights=(), caption=False),
            "The four advisors with their cards: rabbit (an animal), rooster (the pawn), armadillo (a lair token) "
            "and goat (a water drop).")


def _scoring() -> Tuple[Scene, str]:
    game = _puzzle_position("forest.puzzle-count-the-forest")
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

