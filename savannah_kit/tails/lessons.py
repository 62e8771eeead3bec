"""The Savannah Tails exercises: each one a hand-built race, a question and a check by the engine.

``EXERCISES`` lists them in learning order: the race order (rows, the baobab, corners),
then moving (exact distance and the card lane, lane changes, which cards can move,
bonus movement, the start line, the one-space move, a blocked move, quicksand), then blocked
moves (lesson 4: stopping short of a crocodile, a card good only for one step, when staying put is
allowed), then water holes and the bonus cards (lesson 5), the terrain of the hard tiles (lesson 6: the
rope bridge, dunes, a one-space step into quicksand), the animals and tiptoeing with a '2' (lesson 7), and the
fine print (lesson 8): the deal, the starting order and the turn order of each round, the card's two numbers, the
flat bonus variant, drawing (after Crazy Wings, with Bird Brain, from an empty deck) and the hand size, two bonuses
in one turn, Déjà vu with an empty discard pile, Leapfrog and animals, dune arrows that do not chain, and the last
round (who still plays, the distance past the line, the winner, the baobab tie-break).

Every exercise builds a fresh position from a scenario on a course of the kit's own
tiles (the kit's own track data, marked ASSUMPTION in the component notes), asks the engine for the
answer (``legal_moves``, ``routes``, ``race_order``), names the likely misreadings,
and draws a picture that does not give the answer away: no ringed spaces, no route,
no log line, and for race-order questions no race-position badges. The solution
picture rings the answer (or shows the badges).

Answers are given by clicking the picture (a space, an ostrich, a card in hand) or
typed: spaces as the engine names them, ``T05:yellow:4`` (tile, lane, index along
the lane from 0), or in the board's words, ``T05 yellow lane space 5`` (counting from
1, as the tooltips do); ostriches by their player's name (``Purple, Red``); cards as
``yellow-3``; bonus cards by name (``Crazy Wings, Déjà vu``) or by clicking them in the
player's panel. What is counted rather than pointed at (cards in a hand or a deck, spaces past
the finish line) is typed as a number (``16``, ``16 cards``).

The turn-order questions draw no race-position badges, no players' panel (it lists the turn
order) and no "Red to move" in the header; the hand and deck questions leave out the count
they ask for.

``savannah_kit.teach.exercise.exercise("tails.bonus-movement")`` finds one by id.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable, Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

from ..core.scene import Scene, Text
from ..teach import answers
from ..teach.answers import Answer, AnswerError
from ..teach.exercise import Exercise, Mistake
from . import from_scenario, new_game
from .data import BONUS_NAMES, CARD_CODES, CARD_NAMES, LANES, PLAYER_COLOURS, tiles_data
from .moves import Move
from .track import START

__all__ = ["EXERCISES", "SPACE", "SPACES", "RACE_ORDER", "CARDS", "BONUSES"]

# -- courses (all easy sides of the kit's tiles: no water holes, no animals) -------------------------------

#: start, three straights (baobab left, left, right), finish
PLAIN = (("T01", "easy"), ("T05", "easy"), ("T07", "easy"), ("T08", "easy"), ("T02", "easy"))
#: start, a straight, a left corner (baobab inside, on the left), the finish
CORNER = (("T01", "easy"), ("T05", "easy"), ("T15", "easy"), ("T02", "easy"))
#: start, the hard side of T03 (quicksand on red@2 and black@4, a water hole on blue@3), the finish
QUICKSAND = (("T01", "easy"), ("T03", "hard"), ("T05", "easy"), ("T02", "easy"))

# -- answer readers ------------------------------------------------------------------------------------------

_SPACE_RE = re.compile(
    r"(?P<tile>[TV]\d{1,2})\s*[:,\s]\s*(?P<lane>red|blue|yellow|black|bridge)(?:\s+lane)?\s*[:,\s]\s*"
    r"(?:(?P<space>space)\s*)?(?P<index>\d+)", re.IGNORECASE)
_LEFTOVER = re.compile(r"[\s,;/\[\](){}'\"]|\band\b", re.IGNORECASE)


def _space_name(m: "re.Match[str]") -> str:
    tile = m["tile"].upper()
    if tile[0] == "T" and len(tile) == 2:
        tile = f"T0{tile[1]}"
    index = int(m["index"]) - (1 if m["space"] else 0)
    if index < 0:
        raise AnswerError(f"{m.group(0)!r}: the board counts spaces from 1 (space 1 is the first footprint)")
    return f"{tile}:{m['lane'].lower()}:{index}"


def _spaces(raw: Any) -> List[str]:
    """Space names from a typed answer (``T05:yellow:4``, ``T05 yellow lane space 5``) or a list."""
    if isinstance(raw, (list, tuple, set, frozenset)):
        out: List[str] = []
        for item in raw:
            out += _spaces(item)
        return out
    if not isinstance(raw, str):
        raise AnswerError(f"cannot read {raw!r} as a space; write it like T05:yellow:4 or click it")
    found = list(_SPACE_RE.finditer(raw))
    rest = _LEFTOVER.sub("", _SPACE_RE.sub("", raw))
    if not found or rest:
        raise AnswerError(f"cannot read {raw!r} as spaces; write a space like T05:yellow:4 (tile, lane, "
                          "index from 0) or T05 yellow lane space 5 (counting from 1), or click it")
    return [_space_name(m) for m in found]


def _read_space(raw: Any) -> str:
    if isinstance(raw, bool) or raw is None:
        raise AnswerError(f"cannot read {raw!r} as a space; write it like T05:yellow:4 or click it")
    got = _spaces(raw)
    if len(got) != 1:
        raise AnswerError("give exactly one space, like T05:yellow:4")
    return got[0]


def _read_space_set(raw: Any) -> FrozenSet[str]:
    if isinstance(raw, bool):
        raise AnswerError(f"cannot read {raw!r} as spaces; write them like T05:blue:1, T05:yellow:1")
    if answers._empty(raw):
        return frozenset()
    return frozenset(_spaces(raw))


def _space_order(name: str):
    tile, lane, index = name.split(":")
    return (tile, int(index), LANES.index(lane) if lane in LANES else 9)


#: one space: ``T05:yellow:4`` (clicking a space fills it in)
SPACE = Answer("choice", "T05:yellow:4", _read_space)
#: a set of spaces (clicking a space adds or removes it)
SPACES = Answer("cells", "T05:blue:1, T05:yellow:1", _read_space_set,
                lambda v: ", ".join(sorted(v, key=_space_order)) if v else "none")
PLAYER_WORDS = {c: c.capitalize() for c in PLAYER_COLOURS}
#: ostriches from 1st to last, by their player's name
RACE_ORDER = answers.words(PLAYER_WORDS, ordered=True, example="Purple, Red, Green")
#: some movement cards
CARDS = answers.words({name: name for name in CARD_CODES}, example="yellow-2, blue-5")

# -- positions -------------------------------------------------------------------------------------------------


def _race(spaces: Sequence[str], hand: Sequence[str] = ("black-6",), course=PLAIN,
          turn_order: Optional[Sequence[int]] = None) -> Callable:
    """A builder: Red (seat 0) to move from ``spaces[0]`` holding ``hand``; the other ostriches
    on ``spaces[1:]`` with seeded hands. Turn order is by seat, so Red moves first this round,
    unless ``turn_order`` gives this round's order (Red still moves now)."""
    def build():
        ostriches = [{"space": spaces[0], "hand": list(hand)}] + [{"space": s, "holds": []} for s in spaces[1:]]
        scenario = {"course": [list(t) for t in course], "ostriches": ostriches,
                    "turn_order": list(range(len(spaces))) if turn_order is None else list(turn_order)}
        if turn_order is not None:
            scenario["to_move"] = 0
        return from_scenario(scenario, seed=0)

    return build


def _names(game, seats: Iterable[int]) -> Tuple[str, ...]:
    return tuple(game.who(p) for p in seats)


def _ahead(game, space: str, steps: int) -> str:
    """The space ``steps`` forward along the same lane from ``space`` (a misreading's answer)."""
    tr = game.track
    s = tr.by_name[space]
    lane = tr.lane[s]
    for _ in range(steps):
        s = tr.forward(s, lane)
    return tr.names[s]


def _lane_shift(game, space: str, lane: str, steps: int) -> str:
    """The space ``steps`` rows ahead of ``space`` on ``lane`` (straights: one row per step)."""
    tile, _lane, index = space.split(":")
    return _ahead(game, f"{tile}:{lane}:{index}", steps)


def _entry(game, lane: str, steps: int) -> str:
    """Where ``steps`` steps from behind the start line end on ``lane`` (the first step enters row 0)."""
    return _ahead(game, f"T01:{lane}:0", steps - 1)


def _moves(game, card: str, kind: str = "normal") -> List[Move]:
    return [m for m in game.legal_moves() if m.card == card and m.kind == kind]


def _ends(game, card: str, kind: str = "normal") -> FrozenSet[str]:
    return frozenset(m.to for m in _moves(game, card, kind))


def _end(game, card: str) -> str:
    """The one space a normal move with ``card`` can end on, as the engine finds it."""
    ends = _ends(game, card)
    if len(ends) != 1:
        raise ValueError(f"{card}: expected one end space, the engine gives {sorted(ends)}")
    return next(iter(ends))


def _why(game, move: Move, leave_out: Sequence[str] = ()) -> str:
    """The engine's account of a move, without the card play and the draw (and without a
    rope-bridge line the engine adds to moves from the start line), nor the clauses citing
    the rules in ``leave_out``."""
    said = game.explain(move)
    said = said.split(": ", 1)[1] if said.startswith("Legal: ") else said
    keep = [c for c in said.split("; ") if "[tails.turn.play-card]" not in c and "[tails.draw." not in c
            and not ("[tails.bridge.exit-lane]" in c and game.state.pos[game.current_player] == START)
            and not any(f"[{rid}]" in c for rid in leave_out)]
    return "; ".join(keep) + "."


def _why_card(game, card: str) -> str:
    return _why(game, _moves(game, card)[0])


# -- pictures --------------------------------------------------------------------------------------------------


def _moving_picture(game) -> Scene:
    """The tiles around the mover, with guide lines and the mover's hand: nothing ringed."""
    return game.scene(focus=game.current_player, hand=game.current_player)


def _moving_solution(spaces: Callable[[Any], Iterable[str]]) -> Callable[[Any], Scene]:
    return lambda game: game.scene(focus=game.current_player, hand=game.current_player,
                                   highlights=tuple(spaces(game)))


def _order_picture(game) -> Scene:
    """The tiles around the ostriches, without their race-position badges, no players' panel."""
    return game.scene(focus=game.current_player, hand=False, places=False, players=False)


def _order_solution(game) -> Scene:
    return game.scene(focus=game.current_player, hand=False, players=False)


# -- clicks ----------------------------------------------------------------------------------------------------


def _click_space(_game, hit: Optional[str]) -> Optional[str]:
    return hit[len("space:"):] if hit and hit.startswith("space:") else None


def _click_ostrich(game, hit: Optional[str]) -> Optional[str]:
    if hit and hit.startswith("ostrich:"):
        colour = hit[len("ostrich:"):]
        return PLAYER_WORDS.get(colour)
    return None


def _click_card(_game, hit: Optional[str]) -> Optional[str]:
    if hit and hit.startswith("card:") and hit[len("card:"):] in CARD_CODES:
        return hit[len("card:"):]
    return None


# =========================================================================================================
# The race order
# =========================================================================================================


def _order(game) -> Tuple[str, ...]:
    return _names(game, game.race_order())


def _sorted_by(game, key) -> Tuple[str, ...]:
    """A misread race order: the ostriches on the course sorted by ``key`` (a space -> sort key,
    smallest first), then those behind the line in starting order, as the engine ranks them."""
    tr, pos = game.track, game.state.pos
    on = sorted((p for p in range(game.players) if pos[p] != START), key=lambda p: key(tr, pos[p]))
    behind = [p for p in game.race_order() if pos[p] == START]
    return _names(game, on + behind)


def _wrong_side(game) -> Tuple[str, ...]:
    """Level ostriches ranked from the side away from the baobab."""
    return _sorted_by(game, lambda tr, s: (-tr.tile_pos[s], -tr.section[s], -tr.tree_d[s], -tr.index[s]))


def _by_lane(game) -> Tuple[str, ...]:
    """Ranked by lane only, nearest the baobab first, the rows ignored."""
    return _sorted_by(game, lambda tr, s: (tr.tree_d[s], -tr.tile_pos[s], -tr.index[s]))


def _by_index(game) -> Tuple[str, ...]:
    """On a corner: ranked by how far along its own lane each ostrich is, the sections ignored."""
    return _sorted_by(game, lambda tr, s: (-tr.tile_pos[s], -tr.index[s], tr.tree_d[s]))


def _order_explain(game) -> str:
    tr, pos = game.track, game.state.pos
    parts = []
    for place, p in enumerate(game.race_order(), 1):
        s = pos[p]
        if s == START:
            where = "behind the start line"
        elif tr.tile_kind[tr.tile_pos[s]].lower().startswith("corner"):
            where = f"on {tr.names[s]} (section {tr.section[s] + 1} of the corner)"
        else:
            where = f"on {tr.names[s]} (row {tr.section[s] + 1} of {tr.tile_id[s]})"
        parts.append(f"{place}. {game.who(p)} {where}")
    return ("; ".join(parts) + ". Further along the course is ahead; on the same row (or corner section) the "
            "lane nearest that tile's baobab is ahead [tails.order.race-position, tails.order.level-baobab].")


def _order_exercise(ex_id: str, title: str, question: str, rules: Tuple[str, ...], build: Callable,
                    hints: Tuple[str, str], mistakes: Tuple[Mistake, ...], explain: Callable = _order_explain,
                    notes=None) -> Exercise:
    return Exercise(
        id=ex_id, title=title, question=question, rules=rules, build=build, solve=_order, answer=RACE_ORDER,
        hints=hints, explain=explain, picture=_order_picture, solution_picture=_order_solution,
        click=_click_ostrich, spoilers=lambda g: ["1st", "2nd", "3rd", "4th", RACE_ORDER.show(_order(g))],
        mistakes=mistakes, notes=notes or {})


WRONG_SIDE = Mistake("wrong-side-of-baobab", _wrong_side,
                     "on a tied row you started from the lane away from the baobab; the lane nearest the tree is "
                     "ahead", "tails.order.level-baobab")
BY_LANE = Mistake("lanes-before-rows", _by_lane,
                  "the lane only breaks ties: first count how far along the course each ostrich is, row by row",
                  "tails.order.race-position")

RACE_ORDER_LEVEL = _order_exercise(
    "tails.race-order-level", "Who is ahead?",
    "Three ostriches are on tile T05 and Yellow is still behind the start line. Put all four in race order, "
    "1st first: click the ostriches in that order, or type their names (Purple, Red, ...).",
    ("tails.order.race-position", "tails.order.level-baobab"),
    _race(["T05:black:3", "T05:blue:3", "T05:red:2", "start"]),
    ("Further along the course is ahead, whatever the lane. Two ostriches in the same row are level: what "
     "breaks the tie?",
     "Look for T05's baobab tree: it stands beside one lane. In a tied row, the lane nearest the tree is ahead. "
     "An ostrich behind the start line is last."),
    (WRONG_SIDE, BY_LANE),
)

RACE_ORDER_TREE_RIGHT = _order_exercise(
    "tails.race-order-tree-right", "The baobab on the other side",
    "Four ostriches on tile T08; three of them stand in the same row. Put them in race order, 1st first: "
    "click them in that order, or type their names.",
    ("tails.order.level-baobab", "tails.order.race-position"),
    _race(["T08:red:2", "T08:black:2", "T08:yellow:2", "T08:blue:4"]),
    ("The one furthest along is 1st. For the three level ones, find where T08's baobab stands.",
     "T08's tree is on the black-lane side (below the track in the picture): in a tied row the black lane is "
     "ahead, then yellow, blue, red."),
    (WRONG_SIDE, BY_LANE),
)

RACE_ORDER_CORNER = _order_exercise(
    "tails.race-order-corner", "Racing round a corner",
    "Four ostriches are on the corner tile T15. Put them in race order, 1st first: click them in that order, "
    "or type their names.",
    ("tails.order.corner-sections", "tails.order.race-position"),
    _race(["T15:black:3", "T15:red:1", "T15:yellow:3", "T15:blue:2"], course=CORNER),
    ("A corner is cut into 3 sections, like thick rows across the four lanes; the outer lanes have more "
     "footprints in each section.",
     "Counting footprints along a lane does not compare lanes on a corner. An ostrich in a later section is "
     "ahead; within one section the inner lane (nearest the baobab) is ahead."),
    (Mistake("counted-footprints", _by_index,
             "on a corner the outer lanes are longer, so footprints along a lane do not compare across lanes: "
             "compare the sections"),
     Mistake("lanes-before-sections", _by_lane,
             "the lane only breaks ties inside one section: first find each ostrich's section",
             "tails.order.race-position")),
)

# =========================================================================================================
# Moving
# =========================================================================================================

EXACT_POS = _race(["T05:blue:1", "T05:red:0", "T01:black:1"], hand=("yellow-3", "red-5", "black-2", "blue-6"))

EXACT_DISTANCE = Exercise(
    id="tails.exact-distance", title="Exactly three, ending on yellow",
    question="Red (1st in the race) plays yellow-3 for a normal move. On which space does Red's ostrich end? "
             "Click it, or type it like T05:yellow:4.",
    rules=("tails.move.exact-distance", "tails.move.end-on-card-colour", "tails.move.links"),
    build=EXACT_POS, solve=lambda g: _end(g, "yellow-3"), answer=SPACE,
    hints=("The card gives both a distance and a lane: the move uses all 3 points and ends on the card's lane.",
           "Each step goes one row forward, straight or diagonally into the next lane. Do not count the space "
           "Red stands on. No bonus: Red does not start on the yellow lane."),
    explain=lambda g: (f"Red takes exactly 3 steps, one row each, and changes from blue to yellow on one of "
                       f"them: {_why_card(g, 'yellow-3')} A normal move must end on the card lane "
                       f"[tails.move.end-on-card-colour]."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_end(g, "yellow-3")]),
    click=_click_space, spoilers=lambda g: [_end(g, "yellow-3")],
    mistakes=(
        Mistake("counted-start-space", lambda g: _lane_shift(g, "T05:blue:1", "yellow", 2),
                "you counted the space Red starts on; the first step is the first space entered"),
        Mistake("ended-off-card-lane", lambda g: _ahead(g, "T05:blue:1", 3),
                "a normal move must end on the lane of the card's colour: yellow", "tails.move.end-on-card-colour"),
        Mistake("bonus-off-card-lane", lambda g: _lane_shift(g, "T05:blue:1", "yellow", 4),
                "no bonus movement here: Red starts on blue, and only a card of the starting lane's colour gets it",
                "tails.move.bonus-movement"),
    ),
)

FIRST_STEP_POS = _race(["T05:blue:0", "T01:red:2", "T01:yellow:1"], hand=("black-3", "red-4", "red-6", "blue-2"))


def _first_steps(game) -> FrozenSet[str]:
    move = _moves(game, "black-3")[0]
    return frozenset(route[0] for route in game.routes(move))


FIRST_STEP = Exercise(
    id="tails.first-step", title="Changing lanes toward the card",
    question="Red plays black-3 from the blue lane. Which spaces could be Red's first step? Click all of them, "
             "or type them like T05:blue:1, T05:yellow:1.",
    rules=("tails.move.toward-target-lane", "tails.move.free-lane-timing", "tails.move.links"),
    build=FIRST_STEP_POS, solve=_first_steps, answer=SPACES,
    hints=("Every lane change must bring the ostrich one lane closer to the black lane.",
           "Red needs two lane changes (blue to yellow to black) in three steps, so one step may go straight on. "
           "Red chooses which."),
    explain=lambda g: (f"The first step goes straight on or diagonally toward black: "
                       f"{SPACES.show(_first_steps(g))}. Never toward red, which is further from black "
                       f"[tails.move.toward-target-lane]; Red chooses when to change lanes, as long as it reaches "
                       f"black on the last step [tails.move.free-lane-timing]. "
                       f"{_why_card(g, 'black-3')}"),
    picture=_moving_picture, solution_picture=_moving_solution(_first_steps),
    click=_click_space, spoilers=lambda g: list(_first_steps(g)),
    mistakes=(
        Mistake("moved-away-from-card-lane", lambda g: _first_steps(g) | {"T05:red:1"},
                "a step toward the red lane takes Red further from black; every lane change must go toward "
                "the card lane"),
        Mistake("changed-lane-at-once", lambda g: frozenset({"T05:yellow:1"}),
                "Red may also go straight on first: 3 steps leave room for the 2 lane changes later",
                "tails.move.free-lane-timing"),
    ),
)

WHICH_CARDS_POS = _race(["T05:red:1", "T01:blue:2", "T01:black:0"], hand=("black-2", "black-3", "yellow-2", "blue-5"))


def _moving_cards(game) -> FrozenSet[str]:
    return frozenset(c for c in (m.card for m in game.legal_moves() if m.kind == "normal"))


WHICH_CARDS = Exercise(
    id="tails.which-cards", title="Which cards can reach their lane?",
    question="Red stands on the red lane. Which cards in Red's hand can be played for a normal move (not just "
             "a one-space move)? Click the cards, or type them like yellow-2, blue-5.",
    rules=("tails.move.end-on-card-colour", "tails.move.toward-target-lane", "tails.move.one-space-any-card"),
    build=WHICH_CARDS_POS, solve=_moving_cards, answer=CARDS,
    hints=("A normal move ends on the card lane, and each step changes lane by at most one.",
           "From red, black is three lanes away: a card needs a value of 3 or more to get there."),
    explain=lambda g: (f"{CARDS.show(_moving_cards(g))} can: each reaches its lane in time, one lane change per "
                       f"step at most (a diagonal step costs 1 like any step). black-2 cannot: black is 3 lane "
                       f"changes from red, and 2 steps are not enough [tails.move.end-on-card-colour]. It can still "
                       f"be played for a one-space move [tails.move.one-space-any-card]."),
    picture=_moving_picture, solution_picture=None,
    click=_click_card, spoilers=lambda g: [CARDS.show(_moving_cards(g))],
    mistakes=(
        Mistake("every-card-moves", lambda g: frozenset(CARD_NAMES[c] for c in g.state.hands[g.current_player]),
                "black-2 cannot end on the black lane: from red that takes 3 lane changes, and each step makes "
                "at most one"),
        Mistake("diagonal-costs-extra", lambda g: frozenset({"yellow-2", "blue-5"}),
                "a diagonal step costs 1 like a straight one: black-3 reaches black with three diagonal steps",
                "tails.move.links"),
    ),
)

BONUS_POS = _race(["T05:yellow:1", "T07:black:2", "T07:red:0", "T01:blue:0"],
                  hand=("yellow-3", "red-2", "blue-4", "black-6"))

BONUS_MOVEMENT = Exercise(
    id="tails.bonus-movement", title="Bonus movement",
    question="Red is 3rd in the race, on the yellow lane, and plays yellow-3. On which space does Red's ostrich "
             "end? Click it, or type it like T05:yellow:4.",
    rules=("tails.move.bonus-movement", "tails.move.bonus-no-lane-change", "tails.move.exact-distance"),
    build=BONUS_POS, solve=lambda g: _end(g, "yellow-3"), answer=SPACE,
    hints=("The card's colour is the colour of the lane Red starts on. What does that give?",
           "Same colour: Red moves the card's value plus its race position (3rd: +3), all on the yellow lane."),
    explain=lambda g: (f"yellow-3 on the yellow lane gets bonus movement: 3 + 3 (Red is 3rd) = 6 steps, straight "
                       f"along yellow [tails.move.bonus-no-lane-change]. {_why_card(g, 'yellow-3')}"),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_end(g, "yellow-3")]),
    click=_click_space, spoilers=lambda g: [_end(g, "yellow-3")],
    mistakes=(
        Mistake("forgot-bonus", lambda g: _ahead(g, "T05:yellow:1", 3),
                "you forgot the bonus movement: the card matches the lane Red starts on, so Red moves 3 more "
                "(its race position)"),
        Mistake("counted-start-space", lambda g: _ahead(g, "T05:yellow:1", 5),
                "you counted the space Red starts on; count only the spaces Red enters", "tails.move.exact-distance"),
        Mistake("bonus-of-one", lambda g: _ahead(g, "T05:yellow:1", 4),
                "the bonus is the race position, not always 1: Red is 3rd, so +3"),
    ),
)

START_POS = _race(["start", "T05:yellow:4", "T01:black:2"], hand=("yellow-3", "red-5", "blue-2", "black-4"))

START_LINE = Exercise(
    id="tails.start-line", title="Leaving the start line",
    question="Red is still behind the start line (3rd in the race) and plays yellow-3. Where does Red's ostrich "
             "end? Click the space, or type it like T01:yellow:0. (Kit ruling K2: from the start line there is "
             "no bonus movement.)",
    rules=("tails.move.start-line", "tails.move.exact-distance"),
    build=START_POS, solve=lambda g: _end(g, "yellow-3"), answer=SPACE,
    hints=("The first step enters the first row of the start tile, on any lane.",
           "Red stands on no lane, so no lane matches the card: no bonus movement. Three steps, the first "
           "into row 1 of T01."),
    explain=lambda g: (f"The first step enters row 1 of T01 on the yellow lane, then two more along it: 3 steps "
                       f"in all, no bonus since Red starts on no lane (kit ruling K2). {_why_card(g, 'yellow-3')}"),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_end(g, "yellow-3")]),
    click=_click_space, spoilers=lambda g: [_end(g, "yellow-3")],
    mistakes=(
        Mistake("bonus-from-start-line", lambda g: _entry(g, "yellow", 6),
                "no bonus movement from the start line: Red starts on no lane, so no lane matches the card "
                "(kit ruling K2)"),
        Mistake("entry-step-free", lambda g: _entry(g, "yellow", 4),
                "stepping onto the first row of the start tile is the first step: it costs 1"),
    ),
    kit_ruling=True,
)

ONE_SPACE_POS = _race(["T05:yellow:2", "T05:black:3", "T05:blue:5"], hand=("red-4", "red-6", "red-3", "red-5"))

ONE_SPACE = Exercise(
    id="tails.one-space", title="The one-space move",
    question="Red holds only red cards and is on the yellow lane. Red plays red-4 as a one-space move. Which "
             "spaces could Red end on? Click all of them, or type them like T05:blue:3, T05:yellow:3.",
    rules=("tails.move.one-space-any-card", "tails.move.one-space-no-bonus", "tails.move.no-pass-through"),
    build=ONE_SPACE_POS, solve=lambda g: _ends(g, "red-4", "one-space"), answer=SPACES,
    hints=("Any card may be played for a move of exactly one step, whatever its colour: straight on or "
           "diagonally forward.",
           "One step forward, straight or to a neighbouring lane, but never onto another ostrich."),
    explain=lambda g: (f"One step along any guide line: {SPACES.show(_ends(g, 'red-4', 'one-space'))}. The black "
                       f"space ahead holds Purple's ostrich, and a step may not enter it "
                       f"[tails.move.no-pass-through]. This is the only normal way to end off the card lane."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: _ends(g, "red-4", "one-space")),
    click=_click_space, spoilers=lambda g: list(_ends(g, "red-4", "one-space")),
    mistakes=(
        Mistake("onto-an-ostrich", lambda g: _ends(g, "red-4", "one-space") | {"T05:black:3"},
                "T05:black:3 holds Purple's ostrich: no step may enter a space with an ostrich",
                "tails.move.no-pass-through"),
        Mistake("straight-only", lambda g: frozenset({"T05:yellow:3"}),
                "the one step may also go diagonally, into a neighbouring lane"),
    ),
)

BLOCKED_POS = _race(["T05:blue:0", "T05:yellow:4", "T01:red:1"], hand=("yellow-4", "red-2", "black-5", "blue-6"))

BLOCKED = Exercise(
    id="tails.blocked-stop", title="Blocked on the way",
    question="Red plays yellow-4 from the blue lane, but Purple's ostrich stands on the yellow lane ahead. Where "
             "does Red's ostrich end? Click it, or type it like T05:yellow:2.",
    rules=("tails.move.blocked-stop", "tails.move.no-pass-through", "tails.move.end-on-card-colour"),
    build=BLOCKED_POS, solve=lambda g: _end(g, "yellow-4"), answer=SPACE,
    hints=("No step may enter a space holding an ostrich, and a normal move must still end on the card lane.",
           "Blocked, the move is cut short: of the routes that end on yellow, it takes the one that uses the most "
           "points."),
    explain=lambda g: (f"The full 4 steps would end on Purple's space, and ostriches are never passed. So the "
                       f"move stops as far as it can on the yellow lane: {_why_card(g, 'yellow-4')}"),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_end(g, "yellow-4")]),
    click=_click_space, spoilers=lambda g: [_end(g, "yellow-4")],
    mistakes=(
        Mistake("moved-through-ostrich", lambda g: _lane_shift(g, "T05:blue:0", "yellow", 5),
                "an ostrich cannot be passed or jumped: a step may not enter its space", "tails.move.no-pass-through"),
        Mistake("ended-off-card-lane", lambda g: _ahead(g, "T05:blue:0", 4),
                "even when blocked, a normal move ends on the card lane: yellow", "tails.move.end-on-card-colour"),
    ),
)

QUICKSAND_POS = _race(["T03:yellow:2", "T01:red:2", "T01:blue:0"], hand=("black-3", "red-2", "blue-5", "yellow-6"),
                      course=QUICKSAND)

def _quicksand_ends(game) -> FrozenSet[str]:
    return _ends(game, "black-3")


QUICKSAND_COST = Exercise(
    id="tails.quicksand", title="Quicksand costs two",
    question="Tile T03 is laid hard side up: black@4 and red@2 are quicksand. Red plays black-3 from the yellow "
             "lane. On which spaces could Red's ostrich end? Click all of them, or type them like T03:black:3.",
    rules=("tails.quicksand.cost", "tails.move.exact-distance", "tails.move.free-lane-timing"),
    build=QUICKSAND_POS, solve=_quicksand_ends, answer=SPACES,
    hints=("Entering a quicksand space costs 2 movement points instead of 1. Red may change lanes on any step.",
           "Count points, not spaces. Try changing to black at once (then the quicksand is in the way), and "
           "changing to black only on the last step."),
    explain=lambda g: (f"Red may end on {SPACES.show(_quicksand_ends(g))}. Stepping onto black at once, the "
                       f"next step into the quicksand costs 2: 3 points, only 2 spaces [tails.quicksand.cost]. "
                       f"Staying on yellow and changing lane on the last step misses the quicksand: 3 points, "
                       f"3 spaces [tails.move.free-lane-timing]."),
    picture=_moving_picture, solution_picture=_moving_solution(_quicksand_ends),
    click=_click_space, spoilers=lambda g: list(_quicksand_ends(g)),
    mistakes=(
        Mistake("forgot-quicksand", lambda g: frozenset({_lane_shift(g, "T03:yellow:2", "black", 3)}),
                "a route that enters the quicksand costs 2 points there, so it ends a space shorter: there are "
                "two end spaces"),
        Mistake("must-change-at-once", lambda g: frozenset({_lane_shift(g, "T03:yellow:2", "black", 2)}),
                "Red may also stay on yellow and step onto black on the last step, missing the quicksand",
                "tails.move.free-lane-timing"),
    ),
)

# =========================================================================================================
# Blocked moves (lesson 4)
# =========================================================================================================

#: start, the hard side of T09 (crocodiles on blue@2 and yellow@5, a water hole on red@4), a straight, the finish
CROCODILES = (("T01", "easy"), ("T09", "hard"), ("T05", "easy"), ("T02", "easy"))
#: start, the easy side of T03 (a water hole on blue@3), a straight, the finish
WATER = (("T01", "easy"), ("T03", "easy"), ("T05", "easy"), ("T02", "easy"))
#: start, T03 (a water hole on blue@3), the corner T14 (a water hole on blue@2), the finish
TWO_WATER = (("T01", "easy"), ("T03", "easy"), ("T14", "easy"), ("T02", "easy"))
#: the other face of each bonus pair: Leapfrog, Déjà vu, Neck Stretch
SIDE_B = ("leapfrog", "deja-vu", "neck-stretch")


def _race_with(red: Dict[str, Any], others: Sequence[str], course, faces: Optional[Sequence[str]] = None) -> Callable:
    """A builder like ``_race``, for a Red that also has bonus cards or a discard pile (``red`` is its
    scenario entry) and, with ``faces``, a race played with other bonus faces."""
    def build():
        ostriches = [dict(red, hand=list(red["hand"]))] + [{"space": s, "holds": []} for s in others]
        options = {"bonuses": list(faces)} if faces else {}
        return from_scenario({"course": [list(t) for t in course], "ostriches": ostriches,
                              "turn_order": list(range(len(ostriches)))}, seed=0, **options)

    return build


def _click_space_or_ostrich(game, hit: Optional[str]) -> Optional[str]:
    """A space, or the space an ostrich stands on (clicking Red's own ostrich picks its space)."""
    if hit and hit.startswith("ostrich:"):
        colour = hit[len("ostrich:"):]
        for p in range(game.players):
            if game.colours[p] == colour and game.state.pos[p] != START:
                return game.track.names[game.state.pos[p]]
        return None
    return _click_space(game, hit)


CROC_POS = _race_with({"space": "T09:red:0", "hand": ("yellow-5", "red-2", "black-4", "blue-6")},
                      ["T01:red:0", "T01:blue:0"], CROCODILES)

BLOCKED_CROCODILE = Exercise(
    id="tails.blocked-crocodile", title="A crocodile at the end of the move",
    question="Tile T09 is laid hard side up: crocodiles lie on T09:yellow:5 and T09:blue:2. Red (1st in the race) "
             "plays yellow-5 from the red lane. Where does Red's ostrich end? Click it, or type it like "
             "T09:yellow:3.",
    rules=("tails.move.blocked-stop", "tails.animal.crocodile", "tails.move.end-on-card-colour"),
    build=CROC_POS, solve=lambda g: _end(g, "yellow-5"), answer=SPACE,
    hints=("A crocodile may be passed, but no move may end on it. Where would every full 5-point yellow move end?",
           "When no full-length route can end on the card lane, the move is cut short: it still ends on yellow, "
           "using as many points as it can."),
    explain=lambda g: (f"Every 5-point route from red to yellow ends on T09:yellow:5, the crocodile's space, and a "
                       f"move may not end there [tails.animal.crocodile]. So the move is cut short, on the yellow "
                       f"lane, as long as it can be: {_why_card(g, 'yellow-5')} The crocodile on blue may be "
                       f"passed on the way."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_end(g, "yellow-5")]),
    click=_click_space, spoilers=lambda g: [_end(g, "yellow-5")],
    mistakes=(
        Mistake("ended-on-crocodile", lambda g: "T09:yellow:5",
                "T09:yellow:5 holds a crocodile: a move may pass a crocodile but never end on it",
                "tails.animal.crocodile"),
        Mistake("ended-off-card-lane", lambda g: "T09:blue:5",
                "a move that is cut short still ends on the card lane, yellow: only a one-space move may end on "
                "another lane", "tails.move.end-on-card-colour"),
        Mistake("stopped-too-soon", lambda g: "T09:yellow:2",
                "a blocked move must still use as many points as it can: Red can reach yellow further on",
                "tails.move.blocked-stop"),
    ),
)

WALL_POS = _race_with({"space": "T03:red:0", "hand": ("yellow-3", "red-2", "black-4", "blue-6")},
                      ["T03:red:2", "T03:blue:2", "T03:yellow:2"], WATER)


def _wall_ends(game) -> FrozenSet[str]:
    return frozenset(m.to for m in game.legal_moves() if m.card == "yellow-3")


ONE_SPACE_ONLY = Exercise(
    id="tails.one-space-only", title="A card good only for one step",
    question="Three ostriches stand side by side two rows ahead of Red. Red wants to play yellow-3. On which "
             "spaces could Red's ostrich end with this card? Click all of them, or type them like "
             "T03:red:1, T03:blue:1.",
    rules=("tails.move.blocked-stop", "tails.move.one-space-any-card", "tails.move.no-pass-through"),
    build=WALL_POS, solve=_wall_ends, answer=SPACES,
    hints=("First try a normal move: can any route of yellow-3 reach the yellow lane without entering an "
           "ostrich's space?",
           "When no route at all can end on the card lane, the card can still be played for a one-space move: "
           "one step forward or diagonally, onto a free space."),
    explain=lambda g: (f"Every way to the yellow lane goes through the row of ostriches, and ostriches are never "
                       f"passed [tails.move.no-pass-through]. No route can end on yellow, so yellow-3 is only good "
                       f"for a one-space move [tails.move.blocked-stop]: {SPACES.show(_wall_ends(g))}, one step "
                       f"along a guide line [tails.move.one-space-any-card]."),
    picture=_moving_picture, solution_picture=_moving_solution(_wall_ends),
    click=_click_space, spoilers=lambda g: sorted(_wall_ends(g)),
    mistakes=(
        Mistake("jumped-the-row", lambda g: frozenset({"T03:yellow:3"}),
                "to reach T03:yellow:3 Red would have to pass through an ostrich; a step may never enter an "
                "ostrich's space", "tails.move.no-pass-through"),
        Mistake("stayed-put", lambda g: frozenset({"T03:red:0"}),
                "the card is not wasted: any card can still make a one-space move, and staying put is only "
                "for when no move at all is left", "tails.move.fully-blocked"),
        Mistake("toward-yellow-only", lambda g: frozenset({"T03:blue:1"}),
                "a one-space move may go along any guide line, straight on too, whatever the card's colour",
                "tails.move.one-space-any-card"),
    ),
)

STUCK_POS = _race_with({"space": "T05:blue:0", "hand": ("red-3", "red-4", "red-5", "red-6")},
                       ["T05:blue:1", "T05:red:1"], PLAIN)


def _turn_ends(game) -> FrozenSet[str]:
    """Every space the mover can be on at the end of this turn (its own, if it may stay put)."""
    return frozenset(m.to for m in game.legal_moves())


STAY_PUT = Exercise(
    id="tails.stay-put", title="Is staying put allowed?",
    question="Red holds only red cards. The spaces straight ahead and ahead on the red lane are taken. Where "
             "could Red's ostrich be at the end of this turn? Click every space (Red's own space too, if staying "
             "put is allowed), or type them like T05:blue:0, T05:yellow:1.",
    rules=("tails.move.fully-blocked", "tails.move.one-space-any-card", "tails.move.blocked-stop"),
    build=STUCK_POS, solve=_turn_ends, answer=SPACES,
    hints=("Can a red card make a normal move here? If not, what else can any card do?",
           "Red may stay where it is only when no card allows any move at all, not even one step. Look for a "
           "free space one step ahead."),
    explain=lambda g: (f"No red card can reach the red lane (its space ahead is taken), so each one is good only "
                       f"for a one-space move, and one free space is left one step ahead: "
                       f"{SPACES.show(_turn_ends(g))}. {_why(g, g.legal_moves()[0])} Staying put is allowed only "
                       f"when no card gives any move at all [tails.move.fully-blocked]."),
    picture=_moving_picture, solution_picture=_moving_solution(_turn_ends),
    click=_click_space_or_ostrich, spoilers=lambda g: sorted(_turn_ends(g)),
    mistakes=(
        Mistake("stayed-put", lambda g: frozenset({"T05:blue:0"}),
                "Red can still make a one-space move, so it may not stay put: staying put is only for when no "
                "card allows any move"),
        Mistake("stay-or-step", lambda g: frozenset({"T05:blue:0", "T05:yellow:1"}),
                "staying put is never a choice while some move is legal: Red must take the one step"),
        Mistake("onto-an-ostrich", lambda g: frozenset({"T05:red:1", "T05:yellow:1"}),
                "T05:red:1 holds an ostrich, and no step may enter it", "tails.move.no-pass-through"),
    ),
)

# =========================================================================================================
# Water holes and bonuses (lesson 5)
# =========================================================================================================

_BONUS_RE = {
    "boinnnggg": r"boi?n+g+|boing+",
    "leapfrog": r"leap[\s_-]*frog",
    "crazy-wings": r"crazy[\s_-]*wings?",
    "deja-vu": r"d[ée]j[àa][\s_-]*vu",
    "bird-brain": r"bird[\s_-]*brain",
    "neck-stretch": r"neck[\s_-]*stretch",
}
_BONUS_FIND = re.compile("|".join(f"(?P<{face.replace('-', '_')}>{rx})" for face, rx in _BONUS_RE.items()),
                         re.IGNORECASE)


def _read_bonuses(raw: Any) -> FrozenSet[str]:
    """Bonus cards from a typed answer (``Crazy Wings, Bird Brain``, ``deja-vu``) or a list."""
    if isinstance(raw, bool):
        raise AnswerError(f"cannot read {raw!r} as bonus cards; write them like Crazy Wings, Bird Brain")
    if answers._empty(raw):
        return frozenset()
    if isinstance(raw, (list, tuple, set, frozenset)):
        out: FrozenSet[str] = frozenset()
        for item in raw:
            out |= _read_bonuses(item)
        return out
    if not isinstance(raw, str):
        raise AnswerError(f"cannot read {raw!r} as bonus cards; write them like Crazy Wings, Bird Brain, or "
                          "click the cards")
    found = [m.lastgroup.replace("_", "-") for m in _BONUS_FIND.finditer(raw)]
    rest = _LEFTOVER.sub("", _BONUS_FIND.sub("", raw))
    if not found or rest:
        raise AnswerError(f"cannot read {raw!r} as bonus cards; write their names like Crazy Wings, Bird Brain "
                          f"(the cards are {', '.join(BONUS_NAMES.values())}), or click them")
    return frozenset(found)


#: some bonus cards, by name (clicking a bonus card adds or removes it)
BONUSES = Answer("words", "Crazy Wings, Bird Brain", _read_bonuses,
                 lambda v: ", ".join(BONUS_NAMES[f] for f in BONUS_NAMES if f in v) if v else "none")


def _click_bonus(game, hit: Optional[str]) -> Optional[str]:
    """One of the mover's own bonus cards (``bonus:<player colour>:<face>``)."""
    if hit and hit.startswith("bonus:"):
        _b, colour, face = hit.split(":", 2)
        if colour == game.colours[game.current_player] and face in BONUS_NAMES:
            return face
    return None


def _armable(card: str, to: Optional[str] = None, **flags) -> Callable[[Any], FrozenSet[str]]:
    """The bonus cards the moves with ``card`` (ending on ``to``, with these options) could arm."""
    def solve(game) -> FrozenSet[str]:
        return frozenset(face for m in game.legal_moves()
                         if m.card == card and m.kind == "normal" and (to is None or m.to == to)
                         and all(getattr(m, k) == v for k, v in flags.items()) for face in m.arm)

    return solve


def _arm_spoilers(solve: Callable[[Any], FrozenSet[str]]) -> Callable[[Any], List[str]]:
    """What a starting picture must not say for a "which cards" question: a log line arming one of them."""
    return lambda game: [f"arms {BONUS_NAMES[f]}" for f in sorted(solve(game))]


def _water_picture(spaces: Sequence[str]) -> Callable[[Any], Scene]:
    """The solution of a "which cards" question: the mover's tiles with the water holes it drinks at ringed."""
    return lambda game: game.scene(focus=game.current_player, hand=game.current_player, highlights=tuple(spaces))


ARM_POS = _race_with({"space": "T03:blue:1", "hand": ("blue-2", "red-4", "yellow-3", "black-6"),
                      "bonuses": {"boinnnggg": "active"}}, ["T05:red:2", "T01:red:0"], WATER)
_ARM = _armable("blue-2")

WATER_ARM = Exercise(
    id="tails.water-arm", title="What a water hole can arm",
    question="Red (2nd in the race) plays blue-2 on the blue lane and runs past the water hole on T03:blue:3. "
             "Red's Boinnnggg card already carries a marker. Which of Red's bonus cards could get the marker from "
             "this water hole? Click them in Red's panel, or type them like Crazy Wings, Bird Brain.",
    rules=("tails.water.gain-marker", "tails.setup.markers", "tails.water.count"),
    build=ARM_POS, solve=_ARM, answer=BONUSES,
    hints=("Does Red have to stop on the water hole, or is running through it enough?",
           "Each water hole entered puts one of Red's markers on one of Red's own bonus cards that has none yet."),
    explain=lambda g: (f"Red enters the water hole on its way (blue-2 plus 2 of bonus movement): "
                       f"{_why(g, next(m for m in _moves(g, 'blue-2') if m.arm))} Entering it is enough, stopping "
                       f"is not needed [tails.water.gain-marker]. The marker goes on a card that has none: "
                       f"{BONUSES.show(_ARM(g))}, Red's choice; Boinnnggg already has one. Markers come from the "
                       f"common pile, in Red's own colour [tails.setup.markers]."),
    picture=_moving_picture, solution_picture=_water_picture(["T03:blue:3"]),
    click=_click_bonus, spoilers=_arm_spoilers(_ARM),
    mistakes=(
        Mistake("must-stop-on-water", lambda g: frozenset(),
                "running through a water hole counts as much as stopping on it: Red gets a marker"),
        Mistake("second-marker", lambda g: frozenset({"boinnnggg", "crazy-wings", "bird-brain"}),
                "Boinnnggg already carries a marker; a water hole arms only a card that has none"),
    ),
)

NEXT_TURN_POS = _race_with({"space": "T03:blue:0", "hand": ("blue-2", "red-4", "yellow-3", "black-6")},
                           ["T05:red:2", "T01:red:0"], WATER, SIDE_B)


def _next_turn_end(game) -> str:
    (to,) = {m.to for m in _moves(game, "blue-2") if m.arm == ("neck-stretch",)}
    return to


WATER_NEXT_TURN = Exercise(
    id="tails.water-next-turn", title="Armed now, used next turn",
    question="This race uses the Leapfrog, Déjà vu and Neck Stretch bonus cards. Red (2nd in the race) plays "
             "blue-2 on the blue lane, passes the water hole on T03:blue:3 and puts the marker on Neck Stretch. "
             "Where is Red's ostrich at the end of this turn, as far as it can go? Click it, or type it like "
             "T03:blue:3.",
    rules=("tails.water.next-turn", "tails.water.gain-marker", "tails.move.bonus-movement"),
    build=NEXT_TURN_POS, solve=_next_turn_end, answer=SPACE,
    hints=("Count the move first: the card matches the lane Red starts on.",
           "A bonus card that gets its marker this turn can be used from Red's next turn on, not on this move."),
    explain=lambda g: (f"blue-2 plus 2 (Red is 2nd) is 4 steps along blue, through the water hole: "
                       f"{_why(g, next(m for m in _moves(g, 'blue-2') if m.arm == ('neck-stretch',)))} Neck Stretch "
                       f"was only armed on this move, so it waits for Red's next turn [tails.water.next-turn]."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_next_turn_end(g)]),
    click=_click_space, spoilers=lambda g: [_next_turn_end(g)],
    mistakes=(
        Mistake("stretched-at-once", lambda g: _ahead(g, "T03:blue:0", 6),
                "Neck Stretch got its marker on this very move: it can be used from Red's next turn on, not now"),
        Mistake("stopped-at-water", lambda g: "T03:blue:3",
                "a water hole does not stop the move: Red drinks on the way and goes on", "tails.water.gain-marker"),
        Mistake("forgot-bonus", lambda g: _ahead(g, "T03:blue:0", 2),
                "blue-2 on the blue lane gets bonus movement: Red is 2nd, so 2 more steps",
                "tails.move.bonus-movement"),
    ),
)

DRY_POS = _race_with({"space": "T03:blue:2", "hand": ("blue-4", "red-2", "black-4", "yellow-6"),
                      "bonuses": {"boinnnggg": "gone", "crazy-wings": "active"}},
                     ["T14:red:2", "T14:black:1", "T01:red:0"], TWO_WATER)
_DRY = _armable("blue-4")

WATER_NOTHING_LEFT = Exercise(
    id="tails.water-nothing-left", title="Two water holes, one card left",
    question="Red (3rd in the race) plays blue-4 on the blue lane and runs through two water holes, on T03:blue:3 "
             "and T14:blue:2. Red used Boinnnggg earlier (it is crossed out) and Crazy Wings carries a marker. "
             "Which of Red's bonus cards get a marker on this move? Click them in Red's panel, or type them like "
             "Crazy Wings, Bird Brain.",
    rules=("tails.water.count", "tails.bonus.consumed", "tails.water.gain-marker"),
    build=DRY_POS, solve=_DRY, answer=BONUSES,
    hints=("Each water hole entered arms one card, but only a card with no marker on it.",
           "A bonus that has been used has left the game, marker and all: it cannot be armed again. Once no card "
           "is left without a marker, a water hole gives nothing."),
    explain=lambda g: (f"{_why(g, _moves(g, 'blue-4')[0])} The first water hole arms {BONUSES.show(_DRY(g))}, "
                       f"the only card without a marker [tails.water.gain-marker]; Boinnnggg was used and is gone "
                       f"[tails.bonus.consumed], so the second water hole gives nothing."),
    picture=_moving_picture, solution_picture=_water_picture(["T03:blue:3", "T14:blue:2"]),
    click=_click_bonus, spoilers=lambda g: _arm_spoilers(_DRY)(g) + ["gives nothing"],
    mistakes=(
        Mistake("used-card-comes-back", lambda g: frozenset({"boinnnggg", "bird-brain"}),
                "Boinnnggg was used: it left the game with its marker and can never be armed again",
                "tails.bonus.consumed"),
        Mistake("second-marker", lambda g: frozenset({"crazy-wings", "bird-brain"}),
                "Crazy Wings already carries a marker; with no other card free, the second water hole gives "
                "nothing"),
        Mistake("must-stop-on-water", lambda g: frozenset(),
                "running through a water hole counts as much as stopping on it", "tails.water.gain-marker"),
    ),
)

BOING_POS = _race_with({"space": "T09:yellow:0", "hand": ("yellow-3", "red-2", "black-4", "blue-6"),
                        "bonuses": {"boinnnggg": "active"}}, ["T09:yellow:2", "T01:red:0"], CROCODILES)


def _boing_end(game) -> str:
    (to,) = {m.to for m in _moves(game, "yellow-3") if m.boinnnggg}
    return to


BOINNNGGG = Exercise(
    id="tails.boinnnggg", title="Boinnnggg over the ostrich",
    question="Red (2nd in the race) is on the yellow lane of T09 (hard side: a crocodile on T09:yellow:5) with "
             "Purple two spaces ahead. Red plays yellow-3 and declares Boinnnggg. Where does Red's ostrich end? "
             "Click it, or type it like T09:yellow:3. (Kit ruling K6: Boinnnggg moves through ostriches and "
             "animals, but never ends on an ostrich, a lion or a crocodile.)",
    rules=("tails.bonus.boinnnggg", "tails.move.blocked-stop", "tails.move.bonus-movement"),
    build=BOING_POS, solve=_boing_end, answer=SPACE,
    hints=("Count the move first: the card matches Red's lane, and Red is 2nd. Then remember what Boinnnggg lets "
           "Red move through.",
           "With Boinnnggg, Purple does not block; but the move may not end on the crocodile, so it stops on the "
           "space before it, still on yellow."),
    explain=lambda g: (f"yellow-3 plus 2 (Red is 2nd) would be 5 steps, ending on the crocodile. Boinnnggg carries "
                       f"Red through Purple, but it may not end on a crocodile, so the move stops behind it "
                       f"(kit ruling K6): {_why(g, next(m for m in _moves(g, 'yellow-3') if m.boinnnggg))}"),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_boing_end(g)]),
    click=_click_space, spoilers=lambda g: [_boing_end(g)],
    mistakes=(
        Mistake("ended-on-crocodile", lambda g: "T09:yellow:5",
                "Boinnnggg moves through animals but may not end on a crocodile (nor a lion or an ostrich)"),
        Mistake("blocked-by-ostrich", lambda g: "T09:yellow:1",
                "with Boinnnggg, Purple does not block: Red moves through its space", ),
        Mistake("forgot-bonus", lambda g: "T09:yellow:3",
                "yellow-3 on the yellow lane gets bonus movement, Boinnnggg or not: Red is 2nd, so 2 more steps",
                "tails.move.bonus-movement"),
    ),
    kit_ruling=True,
)

WINGS_POS = _race_with({"space": "T03:red:0", "hand": ("yellow-3", "red-2", "black-4", "blue-6"),
                        "bonuses": {"crazy-wings": "active"}}, ["T05:red:2", "T01:red:0"], WATER)


def _wings_ends(game) -> FrozenSet[str]:
    return _ends(game, "crazy-wings")


CRAZY_WINGS = Exercise(
    id="tails.crazy-wings", title="Crazy Wings: a 4 of your colour",
    question="Red (2nd in the race, on the red lane) uses Crazy Wings instead of playing a card. On which spaces "
             "could Red's ostrich end? Click all of them, or type them like T03:blue:4, T03:yellow:4.",
    rules=("tails.bonus.crazy-wings", "tails.move.bonus-movement", "tails.bonus.consumed"),
    build=WINGS_POS, solve=_wings_ends, answer=SPACES,
    hints=("Crazy Wings is a 4 of a colour Red announces: red, blue, yellow or black. Try each.",
           "Announcing the colour of the lane Red starts on gives bonus movement, as a card of that colour would."),
    explain=lambda g: (f"Crazy Wings moves 4 in the announced colour, under the normal rules "
                       f"[tails.bonus.crazy-wings]: {SPACES.show(_wings_ends(g))}. Announcing red adds Red's race "
                       f"position: {_why(g, next(m for m in _moves(g, 'crazy-wings') if m.lane == 'red'))} No card "
                       f"is drawn that turn, and the Crazy Wings card leaves the game."),
    picture=_moving_picture, solution_picture=_moving_solution(_wings_ends),
    click=_click_space, spoilers=lambda g: sorted(_wings_ends(g)),
    mistakes=(
        Mistake("forgot-bonus", lambda g: frozenset(_lane_shift(g, "T03:red:0", lane, 4) for lane in LANES),
                "announcing red, the colour of Red's own lane, gives bonus movement: 4 + 2 (Red is 2nd)",
                "tails.move.bonus-movement"),
        Mistake("own-lane-only", lambda g: frozenset({_ahead(g, "T03:red:0", 6)}),
                "Red chooses the colour: any of the four lanes, each a 4 of that colour"),
    ),
)

DEJA_VU_POS = _race_with({"space": "T03:red:0", "hand": ("yellow-3", "blue-5", "black-4", "yellow-6"),
                          "discard": ["red-2", "black-6"], "bonuses": {"deja-vu": "active"}},
                         ["T05:red:2", "T01:red:0"], WATER, SIDE_B)

DEJA_VU = Exercise(
    id="tails.deja-vu", title="Déjà vu: the same card again",
    question="This race uses the Leapfrog, Déjà vu and Neck Stretch bonus cards. Red (2nd in the race, on the "
             "red lane) uses Déjà vu instead of playing a card. Red's discard pile holds red-2 on top of black-6. "
             "Where does Red's ostrich end? Click it, or type it like T03:red:3.",
    rules=("tails.bonus.deja-vu", "tails.move.bonus-movement", "tails.bonus.consumed"),
    build=DEJA_VU_POS, solve=lambda g: _end(g, "deja-vu"), answer=SPACE,
    hints=("Déjà vu moves with the top card of Red's own discard pile, as if Red played it again.",
           "Everything about that card counts as if played: its value, its colour, and bonus movement if it "
           "matches Red's lane."),
    explain=lambda g: (f"{_why(g, _moves(g, 'deja-vu')[0])} The red-2 stays on top of the discard pile and no "
                       f"card is drawn this turn [tails.bonus.deja-vu]."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_end(g, "deja-vu")]),
    click=_click_space, spoilers=lambda g: [_end(g, "deja-vu")],
    mistakes=(
        Mistake("used-lower-card", lambda g: _lane_shift(g, "T03:red:0", "black", 6),
                "Déjà vu repeats the card on top of the pile, red-2, not the one beneath it"),
        Mistake("forgot-bonus", lambda g: _ahead(g, "T03:red:0", 2),
                "the repeated red-2 matches Red's lane, so it gets bonus movement as if played: 2 + 2",
                "tails.move.bonus-movement"),
    ),
)

NECK_POS = _race_with({"space": "T03:red:1", "hand": ("blue-3", "red-2", "black-4", "yellow-6"),
                       "bonuses": {"neck-stretch": "active"}}, ["T05:blue:0", "T01:red:0"], WATER, SIDE_B)


def _neck_end(game) -> str:
    (to,) = {m.to for m in _moves(game, "blue-3") if m.neck_stretch}
    return to


NECK_STRETCH = Exercise(
    id="tails.neck-stretch", title="Neck Stretch with an ostrich ahead",
    question="This race uses the Leapfrog, Déjà vu and Neck Stretch bonus cards. Red plays blue-3 from the red "
             "lane and then uses Neck Stretch. Purple stands on T05:blue:0. Where does Red's ostrich end? Click it, "
             "or type it like T03:blue:4.",
    rules=("tails.bonus.neck-stretch", "tails.move.blocked-stop", "tails.move.no-pass-through"),
    build=NECK_POS, solve=_neck_end, answer=SPACE,
    hints=("First find where blue-3 ends. Neck Stretch then adds up to 2 more steps straight along that lane.",
           "Neck Stretch follows the normal step rules: it cannot enter Purple's space, so it goes as far as it "
           "can, without changing lane."),
    explain=lambda g: (f"{_why(g, next(m for m in _moves(g, 'blue-3') if m.neck_stretch and not m.arm))} "
                       f"The second stretch step would enter Purple's space, so the stretch stops one short "
                       f"[tails.move.blocked-stop]; it never changes lane [tails.bonus.neck-stretch]."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_neck_end(g)]),
    click=_click_space, spoilers=lambda g: [_neck_end(g)],
    mistakes=(
        Mistake("stretched-onto-ostrich", lambda g: "T05:blue:0",
                "T05:blue:0 holds Purple's ostrich: no step, a stretch step neither, may enter it",
                "tails.move.no-pass-through"),
        Mistake("stretch-lost", lambda g: _lane_shift(g, "T03:red:1", "blue", 3),
                "a blocked Neck Stretch still goes as far as it can: 1 step here", "tails.move.blocked-stop"),
        Mistake("stretched-round", lambda g: "T05:yellow:0",
                "Neck Stretch goes straight along the lane the move ended on; it never changes lane"),
    ),
)

LEAP_POS = _race_with({"space": "T03:red:0", "hand": ("blue-3", "red-2", "black-4", "yellow-6"),
                       "bonuses": {"leapfrog": "active"}}, ["T03:blue:4", "T03:blue:5", "T05:red:3"], WATER, SIDE_B)


def _leap_end(game) -> str:
    (to,) = {m.to for m in _moves(game, "blue-3") if m.leapfrog}
    return to


LEAPFROG = Exercise(
    id="tails.leapfrog", title="Leapfrog over a line of ostriches",
    question="This race uses the Leapfrog, Déjà vu and Neck Stretch bonus cards. Red plays blue-3 from the red "
             "lane and then uses Leapfrog. Where does Red's ostrich land? Click it, or type it like T03:blue:5.",
    rules=("tails.bonus.leapfrog", "tails.bonus.end-of-move-order", "tails.move.exact-distance"),
    build=LEAP_POS, solve=_leap_end, answer=SPACE,
    hints=("First find where blue-3 ends. Is the space straight ahead of it taken?",
           "Leapfrog jumps, along the lane, the ostrich straight ahead and every ostrich directly behind it, and "
           "lands on the first free space after them."),
    explain=lambda g: (f"{_why(g, next(m for m in _moves(g, 'blue-3') if m.leapfrog))} Both ostriches directly "
                       f"ahead on the blue lane are jumped at once, to the first free space "
                       f"[tails.bonus.leapfrog]."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_leap_end(g)]),
    click=_click_space, spoilers=lambda g: [_leap_end(g)],
    mistakes=(
        Mistake("jumped-one-only", lambda g: "T03:blue:5",
                "T03:blue:5 holds an ostrich too: Leapfrog jumps every ostrich in the line, to the first free "
                "space"),
        Mistake("leapt-two-per-ostrich", lambda g: _ahead(g, "T03:blue:3", 4),
                "a leapfrog has no fixed length: Red lands on the first free space after the ostriches"),
        Mistake("no-jump-from-water", lambda g: "T03:blue:3",
                "drinking at the water hole does not stop the Leapfrog: the move ends, then Red jumps",
                "tails.bonus.end-of-move-order"),
    ),
)

LEAP_WATER_POS = _race_with({"space": "T03:blue:0", "hand": ("blue-2", "red-4", "black-4", "yellow-6"),
                             "bonuses": {"leapfrog": "active"}}, ["T03:blue:2", "T05:red:5"], WATER, SIDE_B)
_LEAP_WATER = _armable("blue-2", leapfrog=True)

LEAPFROG_WATER = Exercise(
    id="tails.leapfrog-water", title="Landing on a water hole",
    question="This race uses the Leapfrog, Déjà vu and Neck Stretch bonus cards. Red, on the blue lane, "
             "plays blue-2, is stopped right behind Purple, and uses Leapfrog to jump onto the water hole on T03:blue:3. "
             "Which of Red's bonus cards could get a marker there? Click them in Red's panel, or type them like "
             "Déjà vu. (Kit ruling K15: the Leapfrog landing is where the move finishes.)",
    rules=("tails.bonus.leapfrog-landing", "tails.bonus.consumed", "tails.water.gain-marker"),
    build=LEAP_WATER_POS, solve=_LEAP_WATER, answer=BONUSES,
    hints=("Does a water hole count when the ostrich lands on it with a jump?",
           "The landing space is where Red's move finishes, so its water hole arms a card without a marker. And "
           "what happens to a bonus card once it has been used?"),
    explain=lambda g: (f"{_why(g, next(m for m in _moves(g, 'blue-2') if m.leapfrog))} The landing space is where "
                       f"the move finishes, so its water hole counts (kit ruling K15) [tails.bonus.leapfrog-landing]: "
                       f"{BONUSES.show(_LEAP_WATER(g))} can take the marker. Leapfrog itself has just been used and "
                       f"left the game [tails.bonus.consumed]."),
    picture=_moving_picture, solution_picture=_water_picture(["T03:blue:3"]),
    click=_click_bonus, spoilers=_arm_spoilers(_LEAP_WATER),
    mistakes=(
        Mistake("jump-is-not-a-stop", lambda g: frozenset(),
                "the Leapfrog landing is where the move finishes: a water hole there counts (kit ruling K15)"),
        Mistake("re-armed-leapfrog", lambda g: frozenset({"leapfrog", "deja-vu", "neck-stretch"}),
                "Leapfrog was used on this move: it leaves the game with its marker and cannot be armed again",
                "tails.bonus.consumed"),
    ),
    kit_ruling=True,
)

# =========================================================================================================
# Terrain: the rope bridge, dunes, quicksand (lesson 6)
# =========================================================================================================


def _hard(*tiles: str) -> Tuple[Tuple[str, str], ...]:
    """A course: the start, these tiles hard side up, the finish."""
    return (("T01", "easy"),) + tuple((t, "hard") for t in tiles) + (("T02", "easy"),)


def _normal_cards(game, test: Callable[[str], bool]) -> FrozenSet[str]:
    """The cards with a normal move ending on a space that passes ``test``."""
    return frozenset(m.card for m in game.legal_moves() if m.kind == "normal" and test(m.to))


BRIDGE_POS = _race_with({"space": "T04:yellow:0", "hand": ("red-3", "yellow-2", "blue-4", "black-6")},
                        ["T02:red:3", "T02:blue:3"], _hard("T04"))


def _bridge_cards(game) -> FrozenSet[str]:
    return _normal_cards(game, lambda to: ":bridge:" in to)


BRIDGE_ANY_COLOUR = Exercise(
    id="tails.bridge-any-colour", title="Any colour on the bridge",
    question="Tile T04 is laid hard side up: a rope bridge, one space wide, crosses its middle four rows. Red "
             "(3rd in the race) stands on the yellow lane just before it. Which of Red's cards can end a normal "
             "move on the bridge? Click the cards, or type them like red-3, blue-4.",
    rules=("tails.bridge.any-colour", "tails.bridge.single-file", "tails.move.bonus-movement"),
    build=BRIDGE_POS, solve=_bridge_cards, answer=CARDS,
    hints=("Every lane leads onto the first bridge space, and the bridge has no lanes: one space per row. What "
           "colour is a bridge space?",
           "A bridge space counts as every colour, so only the distance matters. Count each card's steps, and "
           "remember the bonus for a card matching the lane Red starts on."),
    explain=lambda g: (f"{CARDS.show(_bridge_cards(g))}: a bridge space counts as every colour "
                       f"[tails.bridge.any-colour], and every lane leads onto the bridge, one space per row "
                       f"[tails.bridge.single-file]. {_why_card(g, 'blue-4')} yellow-2 matches Red's lane: "
                       f"2 + 3 (Red is 3rd) = 5 steps carry Red past the bridge [tails.move.bonus-movement], and "
                       f"black-6 goes past it too."),
    picture=_moving_picture, solution_picture=None,
    click=_click_card, spoilers=lambda g: [CARDS.show(_bridge_cards(g))],
    mistakes=(
        Mistake("bridge-has-a-colour", lambda g: frozenset(),
                "the bridge spaces count as every colour: a card of any colour may end there",
                "tails.bridge.any-colour"),
        Mistake("forgot-bonus", lambda g: _bridge_cards(g) | {"yellow-2"},
                "yellow-2 matches the lane Red starts on: 2 + 3 (Red is 3rd) = 5 steps, past the bridge",
                "tails.move.bonus-movement"),
        Mistake("every-card", lambda g: frozenset({"red-3", "yellow-2", "blue-4", "black-6"}),
                "the bridge has four spaces: 6 steps (and yellow-2's 5) carry Red beyond it"),
    ),
)

BRIDGE_EXIT_POS = _race_with({"space": "T04:bridge:3", "hand": ("yellow-4", "red-5", "blue-6", "black-3")},
                             ["T02:red:3", "T01:blue:0"], _hard("T04"))

BRIDGE_EXIT = Exercise(
    id="tails.bridge-exit", title="Stepping off the bridge",
    question="Red (2nd in the race) stands on the last space of the rope bridge on T04 and plays yellow-4. "
             "Where does Red's ostrich end? Click it, or type it like T02:yellow:1.",
    rules=("tails.bridge.no-bonus", "tails.bridge.exit-lane", "tails.move.exact-distance"),
    build=BRIDGE_EXIT_POS, solve=lambda g: _end(g, "yellow-4"), answer=SPACE,
    hints=("A bridge space counts as every colour, but does a yellow card get bonus movement from it?",
           "No bonus from the bridge: exactly 4 steps. The step off the bridge goes straight onto the card's "
           "lane, yellow, and the rest follow it."),
    explain=lambda g: (f"{_why_card(g, 'yellow-4')} An ostrich starting on the bridge never gets bonus movement "
                       f"[tails.bridge.no-bonus], and the step off the bridge lands on the card lane "
                       f"[tails.bridge.exit-lane]."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_end(g, "yellow-4")]),
    click=_click_space, spoilers=lambda g: [_end(g, "yellow-4")],
    mistakes=(
        Mistake("bonus-from-bridge", lambda g: _ahead(g, "T02:yellow:2", 2),
                "the bridge counts as every colour, but it gives no bonus movement: exactly 4 steps",
                "tails.bridge.no-bonus"),
        Mistake("counted-start-space", lambda g: "T02:yellow:1",
                "you counted the bridge space Red starts on; the first step is onto T04's last row",
                "tails.move.exact-distance"),
        Mistake("ended-off-card-lane", lambda g: "T02:blue:2",
                "stepping off the bridge, a normal move goes onto the card lane, yellow, and ends there",
                "tails.bridge.exit-lane"),
    ),
)

DUNE_POS = _race_with({"space": "T07:red:0", "hand": ("blue-3", "red-2", "yellow-5", "black-6")},
                      ["T01:red:0", "T01:blue:0"], _hard("T07"))

DUNE_ARROW = Exercise(
    id="tails.dune-arrow", title="Sliding down a dune",
    question="Tile T07 is laid hard side up: its dunes carry arrows, forward on red@1 and yellow@2, backward on "
             "blue@3 and black@4. Red plays blue-3 from the red lane. Where is Red's ostrich at the end of the "
             "move? Click it, or type it like T07:blue:3.",
    rules=("tails.dune.arrow", "tails.move.exact-distance"),
    build=DUNE_POS, solve=lambda g: _end(g, "blue-3"), answer=SPACE,
    hints=("First find where blue-3 ends, as on any tile. Is there an arrow on that space?",
           "An arrow on the final space moves the ostrich one space along its lane, the way the arrow points. "
           "The arrow on blue points backward."),
    explain=lambda g: (f"{_why_card(g, 'blue-3')} The 3 steps end on the blue arrow, which points backward, so "
                       f"Red slides one space back along blue [tails.dune.arrow]. The slide is not a step: it "
                       f"costs nothing and triggers nothing."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_end(g, "blue-3")]),
    click=_click_space, spoilers=lambda g: [_end(g, "blue-3")],
    mistakes=(
        Mistake("ignored-arrow", lambda g: "T07:blue:3",
                "the move ends on a dune arrow: it moves Red one space along the lane", "tails.dune.arrow"),
        Mistake("arrow-wrong-way", lambda g: "T07:blue:4",
                "the blue arrow points backward: Red slides one space back, not forward", "tails.dune.arrow"),
        Mistake("slid-two", lambda g: "T07:blue:1",
                "a dune arrow moves the ostrich exactly one space, whatever the card", "tails.dune.arrow"),
    ),
)

DUNE_BLOCKED_POS = _race_with({"space": "T07:red:0", "hand": ("blue-3", "red-2", "yellow-5", "black-6")},
                              ["T07:blue:2", "T01:blue:0"], _hard("T07"))

DUNE_BLOCKED = Exercise(
    id="tails.dune-blocked", title="An arrow into an ostrich",
    question="T07 again (hard side: a backward arrow on blue@3). This time Purple stands on T07:blue:2. Red "
             "plays blue-3 from the red lane. Where is Red's ostrich at the end of the move? Click it, or type "
             "it like T07:blue:1.",
    rules=("tails.dune.blocked", "tails.dune.arrow", "tails.move.no-pass-through"),
    build=DUNE_BLOCKED_POS, solve=lambda g: _end(g, "blue-3"), answer=SPACE,
    hints=("Where does blue-3 end, and where would that space's arrow send Red?",
           "An arrow whose target holds an ostrich (or a lion, or a crocodile) is ignored: the ostrich stays "
           "where the move ended."),
    explain=lambda g: (f"{_why_card(g, 'blue-3')} The arrow would send Red back onto Purple's space, so it is "
                       f"ignored and Red stays [tails.dune.blocked]."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_end(g, "blue-3")]),
    click=_click_space, spoilers=lambda g: [_end(g, "blue-3")],
    mistakes=(
        Mistake("slid-onto-ostrich", lambda g: "T07:blue:2",
                "Purple stands where the arrow points: the arrow is ignored and Red stays", "tails.dune.blocked"),
        Mistake("slid-past-ostrich", lambda g: "T07:blue:1",
                "a dune arrow moves exactly one space, never past an ostrich: blocked, it does nothing",
                "tails.dune.blocked"),
    ),
)

QUICKSAND_STEP_POS = _race_with({"space": "T03:red:1", "hand": ("red-5", "blue-2", "yellow-6", "black-4")},
                                ["T05:red:5", "T01:blue:0"], _hard("T03", "T05"))


def _into_quicksand(game) -> FrozenSet[str]:
    return frozenset(m.card for m in game.legal_moves() if m.kind == "one-space" and m.to == "T03:red:2")


QUICKSAND_ONE_SPACE = Exercise(
    id="tails.quicksand-one-space", title="One step into quicksand",
    question="T03 is laid hard side up: T03:red:2, straight ahead of Red, is quicksand. Which of Red's cards "
             "could be played for a one-space move into that quicksand? Click the cards, or type them like "
             "red-5, black-4.",
    rules=("tails.quicksand.one-space", "tails.quicksand.cost", "tails.move.one-space-any-card"),
    build=QUICKSAND_STEP_POS, solve=_into_quicksand, answer=CARDS,
    hints=("A one-space move can be made with any card, whatever its colour. But what does a quicksand space "
           "cost to enter?",
           "Quicksand costs 2 points, and a one-space move is only one step: only a card showing a 2 may take "
           "it into quicksand."),
    explain=lambda g: (f"Only {CARDS.show(_into_quicksand(g))}: a one-space move may enter quicksand only with a "
                       f"'2' [tails.quicksand.one-space] (entering it costs 2 [tails.quicksand.cost]). "
                       f"{_why(g, next(m for m in g.legal_moves() if m.kind == 'one-space' and m.to == 'T03:red:2'))}"
                       f" Any card may still step diagonally onto T03:blue:2 [tails.move.one-space-any-card]."),
    picture=_moving_picture, solution_picture=None,
    click=_click_card, spoilers=lambda g: [CARDS.show(_into_quicksand(g))],
    mistakes=(
        Mistake("colour-matters", lambda g: frozenset({"red-5"}),
                "the colour does not matter for a one-space move: only a card showing 2 may step into quicksand",
                "tails.quicksand.one-space"),
        Mistake("any-card", lambda g: frozenset({"red-5", "blue-2", "yellow-6", "black-4"}),
                "quicksand costs 2 to enter: a one-space move may go in only with a '2'",
                "tails.quicksand.one-space"),
        Mistake("no-card", lambda g: frozenset(),
                "a '2' may take its one step into quicksand", "tails.quicksand.one-space"),
    ),
)

# =========================================================================================================
# Animals and tiptoeing with a '2' (lesson 7)
# =========================================================================================================

LION_POS = _race_with({"space": "T06:blue:3", "hand": ("blue-3", "red-4", "yellow-5", "black-6")},
                      ["T01:red:0", "T01:blue:0"], _hard("T06", "T05"))


def _card_ends(card: str) -> Callable[[Any], FrozenSet[str]]:
    """Every space a move with ``card`` (normal or one-space) can end on."""
    return lambda game: frozenset(m.to for m in game.legal_moves() if m.card == card)


_LION = _card_ends("blue-3")

LION = Exercise(
    id="tails.lion", title="A lion on the lane",
    question="T06 is laid hard side up: a lion lies on T06:blue:4, straight ahead of Red. Red (1st in the race) "
             "plays blue-3. On which spaces could Red's ostrich end? Click all of them, or type them like "
             "T06:red:4, T06:blue:5.",
    rules=("tails.animal.lion", "tails.move.blocked-stop", "tails.move.one-space-any-card"),
    build=LION_POS, solve=_LION, answer=SPACES,
    hints=("A lion space cannot be entered at all, not even to pass it. Can blue-3 still reach the blue lane?",
           "The lion blocks the blue lane right ahead, so blue-3 has no normal move. What can any card still do?"),
    explain=lambda g: (f"No step may enter the lion's space [tails.animal.lion], and the blue lane is blocked right "
                       f"ahead: blue-3 has no normal move [tails.move.blocked-stop]. It is good for a one-space "
                       f"move onto {SPACES.show(_LION(g))} [tails.move.one-space-any-card]."),
    picture=_moving_picture, solution_picture=_moving_solution(_LION),
    click=_click_space_or_ostrich, spoilers=lambda g: sorted(_LION(g)),
    mistakes=(
        Mistake("passed-the-lion", lambda g: frozenset({_ahead(g, "T06:blue:3", 4)}),
                "a lion cannot be passed: its space may never be entered", "tails.animal.lion"),
        Mistake("onto-the-lion", lambda g: _LION(g) | {"T06:blue:4"},
                "T06:blue:4 holds the lion: no step, a one-space step neither, may enter it", "tails.animal.lion"),
        Mistake("stayed-put", lambda g: frozenset({"T06:blue:3"}),
                "Red is not stuck: any card can still make a one-space move around the lion",
                "tails.move.fully-blocked"),
    ),
)

CROC_PASS_POS = _race_with({"space": "T01:blue:1", "hand": ("blue-4", "red-3", "yellow-5", "black-6")},
                           ["start", "start"], CROCODILES)

CROCODILE_PASS = Exercise(
    id="tails.crocodile-pass", title="Past the crocodile",
    question="T09 is laid hard side up: a crocodile lies on T09:blue:2. Red (1st in the race) plays blue-4 on "
             "the blue lane. Where does Red's ostrich end? Click it, or type it like T09:blue:1.",
    rules=("tails.animal.crocodile", "tails.move.bonus-movement", "tails.move.exact-distance"),
    build=CROC_PASS_POS, solve=lambda g: _end(g, "blue-4"), answer=SPACE,
    hints=("Count the move first: the card matches Red's lane, and Red is 1st.",
           "A crocodile only forbids ending on its space; passing it is fine."),
    explain=lambda g: (f"{_why_card(g, 'blue-4')} On the way Red passes the crocodile, which is allowed: a move may "
                       f"only not end on it [tails.animal.crocodile]."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_end(g, "blue-4")]),
    click=_click_space, spoilers=lambda g: [_end(g, "blue-4")],
    mistakes=(
        Mistake("crocodile-blocks", lambda g: "T09:blue:1",
                "a crocodile may be passed: only ending on it is forbidden", "tails.animal.crocodile"),
        Mistake("forgot-bonus", lambda g: "T09:blue:2",
                "blue-4 on the blue lane gets bonus movement: 4 + 1 (Red is 1st); and no move may end on a "
                "crocodile", "tails.move.bonus-movement"),
    ),
)

CHEETAH_POS = _race_with({"space": "T11:blue:0", "hand": ("blue-3", "red-4", "yellow-5", "black-6"),
                          "bonuses": {"boinnnggg": "active", "crazy-wings": "active"}},
                         ["T01:red:0", "T01:blue:0"], _hard("T11"))


def _cheetah_takes(game) -> FrozenSet[str]:
    return frozenset(face for m in _moves(game, "blue-3") if not m.boinnnggg for face in m.lose)


CHEETAH = Exercise(
    id="tails.cheetah", title="The cheetah's price",
    question="T11 is laid hard side up: a cheetah lies on T11:blue:2. Red (1st in the race) plays blue-3 on the "
             "blue lane without using a bonus, and runs past the cheetah. Boinnnggg and Crazy Wings carry Red's "
             "markers; Bird Brain has none. Which of Red's bonus cards could the cheetah take? Click them in "
             "Red's panel, or type them like Crazy Wings, Bird Brain.",
    rules=("tails.animal.cheetah", "tails.animal.cheetah-marker", "tails.move.bonus-movement"),
    build=CHEETAH_POS, solve=_cheetah_takes, answer=BONUSES,
    hints=("Entering a cheetah space, passing or stopping, costs one bonus card for good. Which cards go first?",
           "Cards with a marker (activated) go first; Red picks which of them. Only with none activated would an "
           "unmarked card go."),
    explain=lambda g: (f"{_why(g, next(m for m in _moves(g, 'blue-3') if m.lose == ('crazy-wings',)))} The "
                       f"cheetah takes one card, an activated one first, and Red chooses among "
                       f"{BONUSES.show(_cheetah_takes(g))} [tails.animal.cheetah]; its marker goes back to the "
                       f"common pile [tails.animal.cheetah-marker]."),
    picture=_moving_picture, solution_picture=_water_picture(["T11:blue:2"]),
    click=_click_bonus, spoilers=lambda g: ["takes", "goes back to the pile"],
    mistakes=(
        Mistake("any-card", lambda g: frozenset({"boinnnggg", "crazy-wings", "bird-brain"}),
                "the cheetah takes an activated card first: with two carrying markers, Bird Brain is safe",
                "tails.animal.cheetah"),
        Mistake("unmarked-first", lambda g: frozenset({"bird-brain"}),
                "the cheetah goes for the cards with a marker first, not the empty one", "tails.animal.cheetah"),
        Mistake("passing-is-safe", lambda g: frozenset(),
                "passing through the cheetah's space counts as entering it: one card is lost",
                "tails.animal.cheetah"),
    ),
)

PORCUPINE_POS = _race_with({"space": "T13:yellow:0", "hand": ("red-4", "blue-3", "yellow-5", "black-6")},
                           ["T01:red:0", "T01:blue:0"], _hard("T13"))


def _porcupine_ends(game) -> FrozenSet[str]:
    return _ends(game, "red-4")


PORCUPINE = Exercise(
    id="tails.porcupine", title="Ouch, a porcupine",
    question="T13 is laid hard side up: porcupines sit on T13:yellow:1 and T13:blue:4. Red plays red-4 from the "
             "yellow lane for a normal move (not a one-space move). On which spaces could Red's ostrich end? "
             "Click all of them, or type them like T13:red:4, T13:blue:1.",
    rules=("tails.animal.porcupine", "tails.move.end-on-card-colour", "tails.move.free-lane-timing"),
    build=PORCUPINE_POS, solve=_porcupine_ends, answer=SPACES,
    hints=("A porcupine space may be entered, but what happens to the move there?",
           "Entering a porcupine ends the move on the spot, with points left and off the card lane. Look for every "
           "route of red-4 that runs into one."),
    explain=lambda g: (f"{SPACES.show(_porcupine_ends(g))}. A route that avoids both porcupines ends on red: "
                       f"{_why(g, next(m for m in _moves(g, 'red-4') if ':red:' in m.to))} A route that runs into "
                       f"a porcupine ends there at once [tails.animal.porcupine]: "
                       f"{_why(g, next(m for m in _moves(g, 'red-4') if m.to == 'T13:yellow:1'))}"),
    picture=_moving_picture, solution_picture=_moving_solution(_porcupine_ends),
    click=_click_space, spoilers=lambda g: sorted(_porcupine_ends(g)),
    mistakes=(
        Mistake("porcupine-blocks", lambda g: frozenset({"T13:red:4"}),
                "a porcupine space may be entered: the move just ends there, off the card lane too",
                "tails.animal.porcupine"),
        Mistake("first-porcupine-only", lambda g: frozenset({"T13:red:4", "T13:yellow:1"}),
                "a route along blue runs into the other porcupine on its last point: it ends there too",
                "tails.animal.porcupine"),
    ),
)

WARTHOG_POS = _race_with({"space": "T12:red:0", "hand": ("red-3", "blue-4", "yellow-5", "black-6")},
                         ["T01:red:0", "T01:blue:0"], _hard("T12"))


def _warthog_discards(game) -> FrozenSet[str]:
    """The cards that go onto Red's discard pile this turn (played for real on a copy)."""
    (move,) = [m for m in _moves(game, "red-3")]
    after = game.copy()
    before = len(after.state.discards[0])
    after.play(move)
    return frozenset(CARD_NAMES[c] for c in after.state.discards[0][before:])


WARTHOG = Exercise(
    id="tails.warthog", title="The warthog's stampede",
    question="T12 is laid hard side up: a warthog stands on T12:red:1, straight ahead of Red. Red (1st in the "
             "race) plays red-3 along the red lane. Which of Red's cards go onto Red's discard pile this turn? "
             "Click them in Red's hand, or type them like red-3, blue-4.",
    rules=("tails.animal.warthog", "tails.animal.warthog-replaces-draw", "tails.move.bonus-movement"),
    build=WARTHOG_POS, solve=_warthog_discards, answer=CARDS,
    hints=("Does Red's move enter the warthog's space? (With a red card on the red lane, Red goes straight on.)",
           "A move that enters a warthog space costs the whole hand at the end of the turn: all of it goes to the "
           "discard pile, then Red draws a fresh hand."),
    explain=lambda g: (f"{_why(g, _moves(g, 'red-3')[0])} Red's whole hand goes onto the discard pile, the played "
                       f"card beneath: {CARDS.show(_warthog_discards(g))} [tails.animal.warthog]. Red then draws 4 "
                       f"new cards and no other card [tails.animal.warthog-replaces-draw]."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: ["T12:red:1"]),
    click=_click_card, spoilers=lambda g: ["redraws", "discards the hand"],
    mistakes=(
        Mistake("only-the-played-card", lambda g: frozenset({"red-3"}),
                "Red runs through the warthog: the whole hand is discarded, not just the card played",
                "tails.animal.warthog"),
        Mistake("kept-the-played-card-out", lambda g: frozenset({"blue-4", "yellow-5", "black-6"}),
                "the played card goes onto the discard pile too, beneath the rest of the hand",
                "tails.animal.warthog"),
    ),
)

TIPTOE_LION_POS = _race_with({"space": "T06:blue:3", "hand": ("blue-2", "red-4", "yellow-5", "black-6")},
                             ["T01:red:0", "T01:blue:0"], _hard("T06", "T05"))
_TIPTOE_LION = _card_ends("blue-2")

TIPTOE_LION = Exercise(
    id="tails.tiptoe-lion", title="Tiptoeing past the lion",
    question="The lion lies on T06:blue:4 again, straight ahead of Red (1st in the race). This time Red plays "
             "blue-2. On which spaces could Red's ostrich end, with a normal move or a one-space move? Click all "
             "of them, or type them like T06:red:4, T05:blue:1. (Kit ruling K8: tiptoeing with a '2' is a "
             "choice.)",
    rules=("tails.tiptoe.ignore", "tails.animal.lion", "tails.move.bonus-movement"),
    build=TIPTOE_LION_POS, solve=_TIPTOE_LION, answer=SPACES,
    hints=("A card showing 2 may tiptoe: for the whole turn, animals and quicksand are ignored.",
           "Tiptoeing, the lion is no obstacle: count blue-2 with its bonus straight along blue, and the one step "
           "onto the lion's space. Without tiptoeing, the lion blocks as before."),
    explain=lambda g: (f"{SPACES.show(_TIPTOE_LION(g))}. Tiptoeing, Red ignores the lion for the whole turn "
                       f"[tails.tiptoe.ignore]: "
                       f"{_why(g, next(m for m in _moves(g, 'blue-2') if m.tiptoe))} A one-space move may even end "
                       f"on the lion's space. Not tiptoeing (kit ruling K8), the lion blocks and blue-2 only steps "
                       f"diagonally round it [tails.animal.lion]."),
    picture=_moving_picture, solution_picture=_moving_solution(_TIPTOE_LION),
    click=_click_space, spoilers=lambda g: sorted(_TIPTOE_LION(g)),
    mistakes=(
        Mistake("lion-blocks-a-two", lambda g: frozenset({"T06:red:4", "T06:yellow:4"}),
                "a '2' may tiptoe: the lion is then ignored, passed and even stepped on", "tails.tiptoe.ignore"),
        Mistake("must-tiptoe", lambda g: frozenset(m.to for m in g.legal_moves() if m.card == "blue-2" and m.tiptoe),
                "tiptoeing is a choice (kit ruling K8): played normally, blue-2 can also step diagonally"),
        Mistake("no-bonus-tiptoeing", lambda g: _TIPTOE_LION(g) - {_ahead(g, "T06:blue:3", 3)}
                | {_ahead(g, "T06:blue:3", 2)},
                "tiptoeing keeps bonus movement: blue-2 on the blue lane moves 2 + 1 (Red is 1st)",
                "tails.move.bonus-movement"),
    ),
    kit_ruling=True,
)

TIPTOE_DUNE_POS = _race_with({"space": "T01:yellow:2", "hand": ("yellow-2", "red-4", "blue-5", "black-6")},
                             ["start", "start"], _hard("T07"))


def _tiptoe_dune_ends(game) -> FrozenSet[str]:
    return _ends(game, "yellow-2")


TIPTOE_DUNE = Exercise(
    id="tails.tiptoe-dune", title="A '2' on the dune",
    question="T07 is laid hard side up: a forward dune arrow lies on T07:yellow:2. Red (1st in the race) plays "
             "yellow-2 on the yellow lane for a normal move. On which spaces could Red's ostrich end? Click all "
             "of them, or type them like T07:yellow:1. (Kit ruling K8: tiptoeing with a '2' is a choice, and "
             "after tiptoeing, so is the final dune arrow.)",
    rules=("tails.tiptoe.ignore", "tails.dune.arrow", "tails.move.bonus-movement"),
    build=TIPTOE_DUNE_POS, solve=_tiptoe_dune_ends, answer=SPACES,
    hints=("Count the move first: yellow-2 on the yellow lane, and Red is 1st. Where do the steps end?",
           "The steps end on the arrow. Played normally, the arrow moves Red on; tiptoeing, Red may follow the "
           "arrow or stay."),
    explain=lambda g: (f"{SPACES.show(_tiptoe_dune_ends(g))}. "
                       f"{_why(g, next(m for m in _moves(g, 'yellow-2') if not m.tiptoe))} Tiptoeing, the arrow is "
                       f"Red's choice (kit ruling K8): "
                       f"{_why(g, next(m for m in _moves(g, 'yellow-2') if m.tiptoe))}"),
    picture=_moving_picture, solution_picture=_moving_solution(_tiptoe_dune_ends),
    click=_click_space, spoilers=lambda g: sorted(_tiptoe_dune_ends(g)),
    mistakes=(
        Mistake("must-follow-arrow", lambda g: frozenset({"T07:yellow:3"}),
                "a '2' may tiptoe, and after tiptoeing Red may stay on the arrow (kit ruling K8)",
                "tails.tiptoe.ignore"),
        Mistake("must-ignore-arrow", lambda g: frozenset({"T07:yellow:2"}),
                "tiptoeing is a choice: played normally, or tiptoeing and following it, the arrow moves Red on",
                "tails.dune.arrow"),
        Mistake("forgot-bonus", lambda g: frozenset({"T07:yellow:1"}),
                "yellow-2 on the yellow lane gets bonus movement: 2 + 1 (Red is 1st)", "tails.move.bonus-movement"),
    ),
    kit_ruling=True,
)


# =========================================================================================================
# Fine print (lesson 8): setting up, the turn order, drawing, combining bonuses, the last round
# =========================================================================================================

#: start, a straight (baobab left), the finish (baobab left): for the last round
FINISH = (("T01", "easy"), ("T05", "easy"), ("T02", "easy"))
#: a player's name (clicking an ostrich fills it in)
PLAYER = answers.choice(PLAYER_WORDS, example="Purple")
#: some players, in no order (clicking an ostrich adds or removes it)
PLAYERS = answers.words(PLAYER_WORDS, example="Purple, Green")
CARD_COUNT = answers.number("cards", 0, 100)


def _scenario(ostriches: Sequence[Dict[str, Any]], course, **extra) -> Callable:
    """A builder for any hand-built position: ``extra`` holds scenario fields (``start_order``,
    ``turn_order``, ``round``...) and the race options ``bonuses``, ``flat_bonus`` and ``tiles``."""
    options = {k: extra.pop(k) for k in ("bonuses", "flat_bonus", "tiles") if k in extra}

    def build():
        return from_scenario({"course": [list(t) for t in course], "ostriches": [dict(o) for o in ostriches],
                              **extra}, seed=0, **options)

    return build


def _after(game, move: Move):
    """A copy of ``game`` with ``move`` played: what the turn leaves behind (the position is unchanged)."""
    after = game.copy()
    after.play(move)
    return after


def _only(game, card: str, **flags) -> Move:
    """The one normal move with ``card`` (and these options) the engine allows."""
    found = [m for m in _moves(game, card) if all(getattr(m, k) == v for k, v in flags.items())]
    if len(found) != 1:
        raise ValueError(f"{card}: expected one such move, the engine gives {found}")
    return found[0]


def _no_mover(scene: Scene) -> Scene:
    """A picture whose header names the round but not whose turn it is (the answer of a turn-order
    question)."""
    shapes = [replace(s, text=s.text.split(" · ")[0]) if isinstance(s, Text) and s.text.endswith(" to move") else s
              for s in scene.shapes]
    return replace(scene, shapes=shapes, title=None)


def _turn_order_picture(game) -> Scene:
    """The tiles around the mover, no race-position badges, no players' panel, no name of the mover."""
    return _no_mover(_order_picture(game))


def _table_picture(game) -> Scene:
    """The whole table, the mover's cards shown, no players' panel (it gives deck counts and the turn order)."""
    return _no_mover(game.scene(hand=game.current_player, players=False, places=False))


def _turn_order(game) -> Tuple[str, ...]:
    return _names(game, game.state.order)


def _rest_of_the_race(game, move: Move) -> FrozenSet[str]:
    """Who still takes a turn once ``move`` is played, until the race is over (each plays its first legal
    move: what they play does not change who plays)."""
    after = _after(game, move)
    still = set()
    while not after.is_over:
        still.add(after.current_player)
        after.play(after.legal_moves()[0])
    return frozenset(_names(game, still))


def _last_mover_picture(game) -> Scene:
    """The tiles around the last player to move, with their hand: no race-position badges (on the finish
    tile they would rank tied ostriches, the answer of a tie question) and no players' panel."""
    return game.scene(focus=game.current_player, hand=game.current_player, players=False, places=False)


def _winner(move_of: Callable[[Any], Move]) -> Callable[[Any], str]:
    def solve(game) -> str:
        after = _after(game, move_of(game))
        return game.who(after.winners()[0])

    return solve


def _result_explain(move_of: Callable[[Any], Move]) -> Callable[[Any], str]:
    """The end of the race in the engine's words: the last move, each distance, the winner."""
    def explain(game) -> str:
        move = move_of(game)
        after = _after(game, move)
        scores = after.scores()
        far = "; ".join(f"{game.who(p)} {scores[p]} past the line on {after.track.names[after.state.pos[p]]}"
                        for p in range(game.players))
        return f"The round, and the race, end with {far} [tails.end.distance]. {_why(game, move)}"

    return explain


SETUP_DECK = Exercise(
    id="tails.setup-deck", title="Dealing the hands",
    question="A new race for three players. Each player has just shuffled their own movement deck and taken "
             "their hand. How many cards are left in Red's draw deck? Type a number, like 7.",
    rules=("tails.setup.hand", "tails.setup.player-kit"),
    build=lambda: new_game(players=3, seed=3), solve=lambda g: len(g.state.decks[0]), answer=CARD_COUNT,
    hints=("Each player has a deck of their own colour: one card per lane colour and value. How many is that?",
           "4 lane colours times the values 2 to 6 is 20 cards; the hand takes 4 of them."),
    explain=lambda g: (f"Red's deck holds 20 cards, one per lane colour and value 2–6 [tails.setup.player-kit]; "
                       f"Red takes 4 as a hand, so {len(g.state.decks[0])} stay face down in the draw deck, and the "
                       f"discard pile starts empty [tails.setup.hand]."),
    picture=_table_picture, solution_picture=None, click=None,
    spoilers=lambda g: [f"deck {len(g.state.decks[0])}"],
    mistakes=(
        Mistake("forgot-the-hand", lambda g: 20, "the 4 cards of the hand come out of the 20 first",
                "tails.setup.hand"),
        Mistake("one-shared-deck", lambda g: 20 * g.players - 4 * g.players,
                "there is no shared deck: each player draws from their own deck of 20, in their own colour",
                "tails.setup.player-kit"),
    ),
)

FIRST_ROUND_POS = _scenario([{"holds": []}, {"holds": []}, {"holds": []}], PLAIN, start_order=[1, 2, 0])

FIRST_ROUND = Exercise(
    id="tails.first-round", title="Who starts?",
    question="Before the race the players fixed the starting order, longest neck first: Purple's ostrich has "
             "the longest neck, then Green's, then Red's. In which order do they take their turns in round 1? "
             "Click the ostriches in that order, or type their names (Purple, Red, ...).",
    rules=("tails.order.first-round", "tails.setup.start-order"),
    build=FIRST_ROUND_POS, solve=_turn_order, answer=RACE_ORDER,
    hints=("The starting order is fixed before anyone moves. What does it decide?",
           "In round 1 the turns follow the starting order exactly; the race order only takes over from round 2."),
    explain=lambda g: (f"Round 1 follows the starting order [tails.order.first-round]: "
                       f"{RACE_ORDER.show(_turn_order(g))}, "
                       f"longest neck first [tails.setup.start-order]. From round 2 on, the race order decides."),
    picture=_turn_order_picture, solution_picture=None, click=_click_ostrich,
    spoilers=lambda g: [RACE_ORDER.show(_turn_order(g)), f"{g.who(g.current_player)} to move"],
    mistakes=(
        Mistake("seat-order", lambda g: _names(g, range(g.players)),
                "that is the order the players sit in; round 1 follows the starting order (longest neck first)"),
        Mistake("shortest-neck-first", lambda g: tuple(reversed(_turn_order(g))),
                "the longest neck goes first, not the shortest", "tails.setup.start-order"),
    ),
)

START_QUEUE_POS = _scenario([{"holds": []}, {"space": "T01:blue:2", "holds": []}, {"holds": []}, {"holds": []}],
                            PLAIN, start_order=[1, 3, 0, 2], to_move="yellow")


def _reversed_queue(game) -> Tuple[str, ...]:
    """Those behind the line ranked from the last of the starting order."""
    order = game.race_order()
    waiting = [p for p in order if game.state.pos[p] == START]
    return _names(game, [p for p in order if p not in waiting] + waiting[::-1])


def _seat_queue(game) -> Tuple[str, ...]:
    order = game.race_order()
    waiting = sorted(p for p in order if game.state.pos[p] == START)
    return _names(game, [p for p in order if p not in waiting] + waiting)


START_QUEUE = Exercise(
    id="tails.start-queue", title="Waiting behind the line",
    question="Round 1 of a race for four; the starting order was drawn at random: Purple, Yellow, Red, Green. "
             "Purple has made the first move; the others still wait behind the start line. Put all four in race "
             "order, 1st first: click them in that order, or type their names.",
    rules=("tails.setup.start-line", "tails.order.race-position"),
    build=START_QUEUE_POS, solve=_order, answer=RACE_ORDER,
    hints=("An ostrich on the course is ahead of every ostrich still behind the line.",
           "The ostriches behind the line are not level: they wait ranked in the starting order."),
    explain=lambda g: (f"{_order_explain(g)} Behind the line the ostriches keep the starting order "
                       f"[tails.setup.start-line]."),
    picture=_turn_order_picture, solution_picture=_order_solution, click=_click_ostrich,
    spoilers=lambda g: ["1st", "2nd", "3rd", "4th", RACE_ORDER.show(_order(g))],
    mistakes=(
        Mistake("waiting-by-seat", _seat_queue,
                "behind the line the ostriches rank in the starting order, not in the order the players sit",
                "tails.setup.start-line"),
        Mistake("waiting-reversed", _reversed_queue,
                "behind the line the first of the starting order is ahead, as it moves first",
                "tails.setup.start-line"),
    ),
)

NEXT_ROUND_POS = _scenario([{"space": "T05:red:1", "holds": []}, {"space": "T05:black:3", "holds": []},
                            {"space": "T05:yellow:3", "holds": []}], PLAIN, start_order=[1, 0, 2], round=2)

NEXT_ROUND = Exercise(
    id="tails.next-round", title="The order of round 2",
    question="Round 1 was played in the starting order Purple, Red, Green. Every ostrich has now moved once. "
             "In which order do the players take their turns in round 2? Click the ostriches in that order, or "
             "type their names.",
    rules=("tails.order.turn-sequence", "tails.order.race-position", "tails.order.level-baobab"),
    build=NEXT_ROUND_POS, solve=_turn_order, answer=RACE_ORDER,
    hints=("From round 2 on, the starting order no longer counts. What decides who goes first in a round?",
           "Each round the turns follow the race order as it stands when the round begins: 1st first. On a "
           "tied row the lane nearest the baobab is ahead."),
    explain=lambda g: (f"Round 2 is played in race order as it stands now [tails.order.turn-sequence]: "
                       f"{_order_explain(g)} That order holds for the whole round, even if someone overtakes "
                       f"(kit ruling K1)."),
    picture=_turn_order_picture, solution_picture=_order_solution, click=_click_ostrich,
    spoilers=lambda g: ["1st", "2nd", "3rd", RACE_ORDER.show(_turn_order(g)), f"{g.who(g.current_player)} to move"],
    mistakes=(
        Mistake("starting-order-again", lambda g: _names(g, g.start_order),
                "the starting order only rules round 1; from round 2 the race order decides",
                "tails.order.first-round"),
        Mistake("last-goes-first", lambda g: tuple(reversed(_order(g))),
                "the leader moves first, not the ostrich at the back"),
        WRONG_SIDE,
    ),
)

DISCARD_TOP_POS = _race_with({"space": "T05:blue:1", "hand": ("yellow-3", "red-5", "black-2", "blue-6"),
                              "discard": ["black-6"]}, ["T05:red:0", "T01:black:1"], PLAIN)


def _top_after(card: str) -> Callable[[Any], FrozenSet[str]]:
    def solve(game) -> FrozenSet[str]:
        after = _after(game, _moves(game, card)[0])
        return frozenset({CARD_NAMES[after.state.discards[game.current_player][-1]]})

    return solve


_TOP = _top_after("yellow-3")

DISCARD_TOP = Exercise(
    id="tails.discard-top", title="What lies on the discard pile",
    question="Red's discard pile holds one card, black-6. Red plays yellow-3 for a normal move this turn. Which "
             "card lies on top of Red's discard pile at the end of the turn (the card Déjà vu would repeat)? "
             "Click it, or type it like black-6.",
    rules=("tails.turn.play-card", "tails.turn.steps"),
    build=DISCARD_TOP_POS, solve=_TOP, answer=CARDS,
    hints=("A turn is: play a card, move, draw. Where does the played card go?",
           "The played card goes face up on top of its owner's discard pile; the new card drawn goes into the "
           "hand."),
    explain=lambda g: (f"Red plays yellow-3 face up on top of the discard pile [tails.turn.play-card], moves, then "
                       f"draws a card into the hand [tails.turn.steps]: {_why_card(g, 'yellow-3')} On top: "
                       f"{CARDS.show(_TOP(g))}."),
    picture=_moving_picture, solution_picture=None, click=_click_card,
    spoilers=lambda g: ["discard 2"],
    mistakes=(
        Mistake("old-top-card", lambda g: frozenset({"black-6"}),
                "black-6 is now beneath: the played card goes face up on top of the pile"),
        Mistake("played-card-leaves", lambda g: frozenset(),
                "a played card is not out of the game: it goes onto its owner's discard pile"),
    ),
)

CARD_FOR_SPACE_POS = _race(["T05:blue:1", "T05:red:0", "T01:black:1"], hand=("yellow-4", "blue-2", "black-3",
                                                                           "yellow-3"))
_FOR_SPACE = "T05:yellow:4"


def _cards_for_space(game) -> FrozenSet[str]:
    return _normal_cards(game, lambda to: to == _FOR_SPACE)


CARD_FOR_SPACE = Exercise(
    id="tails.card-for-space", title="The card for the job",
    question="Red wants to end this turn on T05:yellow:4. Which of Red's cards can take it there with a normal "
             "move? Click the cards, or type them like yellow-4, blue-2.",
    rules=("tails.move.card", "tails.move.exact-distance", "tails.move.end-on-card-colour"),
    build=CARD_FOR_SPACE_POS, solve=_cards_for_space, answer=CARDS,
    hints=("A card says two things: how far (its value) and where the move ends (its lane colour).",
           "T05:yellow:4 is 3 rows ahead of Red, on the yellow lane: the card must be yellow and worth exactly 3 "
           "(Red starts on blue, so no bonus for a yellow card)."),
    explain=lambda g: (f"{CARDS.show(_cards_for_space(g))}: the card's value is the distance and its colour the "
                       f"lane the move ends on [tails.move.card]. {_why_card(g, 'yellow-3')} yellow-4 goes one "
                       f"row further [tails.move.exact-distance], and black-3 ends on black "
                       f"[tails.move.end-on-card-colour]."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_FOR_SPACE]), click=_click_card,
    spoilers=lambda g: [],
    mistakes=(
        Mistake("colour-only", lambda g: frozenset({"yellow-3", "yellow-4"}),
                "yellow-4 ends one row too far: a normal move uses exactly the card's value",
                "tails.move.exact-distance"),
        Mistake("value-only", lambda g: frozenset({"yellow-3", "black-3"}),
                "black-3 ends on the black lane: a normal move ends on the card's colour",
                "tails.move.end-on-card-colour"),
    ),
)

FLAT_POS = _scenario([{"space": "T05:yellow:1", "hand": ["yellow-3", "red-2", "blue-4", "black-6"]},
                      {"space": "T07:black:2", "holds": []}, {"space": "T07:red:0", "holds": []},
                      {"space": "T01:blue:0", "holds": []}], PLAIN, turn_order=[0, 1, 2, 3], flat_bonus=True)

FLAT_BONUS = Exercise(
    id="tails.flat-bonus", title="The flat bonus variant",
    question="This race is played with the optional flat bonus variant. Red is 3rd in the race, on the yellow "
             "lane, and plays yellow-3. On which space does Red's ostrich end? Click it, or type it like "
             "T05:yellow:4.",
    rules=("tails.move.bonus-flat-variant", "tails.move.bonus-movement"),
    build=FLAT_POS, solve=lambda g: _end(g, "yellow-3"), answer=SPACE,
    hints=("The card matches the lane Red starts on, so there is bonus movement. What does the variant change?",
           "With the flat variant the bonus is always +2, whatever the race position."),
    explain=lambda g: (f"{_why_card(g, 'yellow-3')} With the variant on, bonus movement is a flat +2 "
                       f"[tails.move.bonus-flat-variant] instead of the race position [tails.move.bonus-movement]."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_end(g, "yellow-3")]),
    click=_click_space, spoilers=lambda g: [_end(g, "yellow-3")],
    mistakes=(
        Mistake("race-position-bonus", lambda g: _ahead(g, "T05:yellow:1", 6),
                "with the flat variant the bonus is +2 for everyone, not the race position (3rd: +3)"),
        Mistake("forgot-bonus", lambda g: _ahead(g, "T05:yellow:1", 3),
                "the card matches Red's lane, so there is bonus movement: +2 in this variant",
                "tails.move.bonus-movement"),
    ),
)

WINGS_DRAW_POS = _race_with({"space": "T03:red:0", "hand": ("yellow-3", "red-2", "black-4", "blue-6"),
                             "bonuses": {"crazy-wings": "active"}}, ["T05:red:2", "T01:red:0"], WATER)


def _hand_after(move_of: Callable[[Any], Move]) -> Callable[[Any], int]:
    def solve(game) -> int:
        return len(_after(game, move_of(game)).state.hands[game.current_player])

    return solve


def _wings_move(game) -> Move:
    return next(m for m in _moves(game, "crazy-wings") if m.lane == "yellow")


_WINGS_HAND = _hand_after(_wings_move)

WINGS_DRAW = Exercise(
    id="tails.wings-draw", title="No card played, no card drawn",
    question="Red holds 4 cards and uses Crazy Wings as a yellow 4 instead of playing a card. How many cards "
             "does Red hold at the end of the turn? Type a number, like 7.",
    rules=("tails.draw.one", "tails.bonus.crazy-wings"),
    build=WINGS_DRAW_POS, solve=_WINGS_HAND, answer=CARD_COUNT,
    hints=("Normally a turn ends with drawing 1 card, to refill the hand after playing one. Did Red play a card?",
           "Crazy Wings replaces the card: nothing leaves the hand, and no card is drawn that turn."),
    explain=lambda g: (f"{_why(g, _wings_move(g))} No card left Red's hand, and none is drawn after Crazy Wings "
                       f"[tails.bonus.crazy-wings]; the usual draw of 1 only refills a hand after a card is played "
                       f"[tails.draw.one]: {CARD_COUNT.show(_WINGS_HAND(g))}."),
    picture=_moving_picture, solution_picture=None, click=None, spoilers=lambda g: [],
    mistakes=(
        Mistake("drew-anyway", lambda g: 5, "no card is drawn in a turn that uses Crazy Wings",
                "tails.bonus.crazy-wings"),
        Mistake("a-card-was-played", lambda g: 3, "Crazy Wings is a bonus card, not a card of the hand: the hand "
                "keeps its 4", "tails.bonus.crazy-wings"),
    ),
)

BIRD_BRAIN_POS = _race_with({"space": "T03:blue:1", "hand": ("blue-2", "red-4", "yellow-3", "black-6")},
                            ["T05:red:2", "T01:red:0"], WATER)


def _bird_move(game) -> Move:
    return next(m for m in _moves(game, "blue-2") if m.arm == ("bird-brain",))


_BIRD_HAND = _hand_after(_bird_move)

BIRD_BRAIN = Exercise(
    id="tails.bird-brain", title="Bird Brain acts at once",
    question="Red holds 4 cards and plays blue-2 on the blue lane, through the water hole on T03:blue:3, and puts "
             "the marker on Bird Brain. How many cards does Red hold at the end of the turn? Type a number, like 7.",
    rules=("tails.bonus.bird-brain", "tails.draw.hand-size", "tails.draw.one"),
    build=BIRD_BRAIN_POS, solve=_BIRD_HAND, answer=CARD_COUNT,
    hints=("Count the card played and the card drawn first. Does Bird Brain wait until the next turn like the "
           "other bonuses?",
           "Bird Brain acts the turn it gets its marker: one card more is drawn at once, and the hand size is now "
           "5."),
    explain=lambda g: (f"{_why(g, _bird_move(g))} Red plays 1 card (3 left), draws 1 [tails.draw.one] and 1 more for "
                       f"Bird Brain, which acts at once [tails.bonus.bird-brain]: "
                       f"{CARD_COUNT.show(_BIRD_HAND(g))}, within the new hand size of 5 [tails.draw.hand-size]."),
    picture=_moving_picture, solution_picture=_water_picture(["T03:blue:3"]), click=None,
    spoilers=lambda g: ["hand 5", "(5 of 5)", "arms Bird Brain"],
    mistakes=(
        Mistake("waits-a-turn", lambda g: 4,
                "Bird Brain is the one bonus that acts at once: the extra card comes this very turn"),
        Mistake("forgot-the-draw", lambda g: 3, "a turn ends with the draw: 1 card, plus 1 for Bird Brain",
                "tails.draw.one"),
        Mistake("drew-to-five-plus-one", lambda g: 6,
                "the hand size of 5 is a limit, not a refill: Red draws 1, and 1 more for Bird Brain",
                "tails.draw.hand-size"),
    ),
)

HAND_SIZE_POS = _race_with({"space": "T11:blue:0", "hand": ("blue-3", "red-4", "yellow-5", "black-6", "red-2"),
                            "bonuses": {"bird-brain": "active"}}, ["T01:red:0", "T01:blue:0"], _hard("T11"))


def _cheetah_bird_move(game) -> Move:
    return _only(game, "blue-3", lose=("bird-brain",))


def _must_discard(game) -> int:
    return _after(game, _cheetah_bird_move(game)).state.pending_discard


HAND_SIZE = Exercise(
    id="tails.hand-size", title="Too many cards",
    question="Red holds 5 cards thanks to Bird Brain, its only bonus card with a marker. Red plays blue-3 along "
             "the blue lane of T11 (hard side) and runs through the cheetah on T11:blue:2. How many cards must Red "
             "discard at the end of the turn? Type a number, like 7.",
    rules=("tails.draw.hand-size", "tails.animal.cheetah-marker", "tails.animal.cheetah"),
    build=HAND_SIZE_POS, solve=_must_discard, answer=answers.number("cards", 0, 5),
    hints=("Which bonus card does the cheetah take? What happens to the hand size then?",
           "The cheetah takes Bird Brain, the only card with a marker: the hand size drops back to 4. After "
           "playing 1 card and drawing 1, Red holds 5."),
    explain=lambda g: (f"{_why(g, _cheetah_bird_move(g))} Red played 1 card and drew 1, so holds 5: at the end of the "
                       f"turn a hand above the hand size is discarded down to it, Red's choice of cards "
                       f"[tails.draw.hand-size]: {_must_discard(g)} card."),
    picture=_moving_picture, solution_picture=_water_picture(["T11:blue:2"]), click=None,
    spoilers=lambda g: ["discard 1", "must discard"],
    mistakes=(
        Mistake("kept-hand-size-5", lambda g: 0,
                "Bird Brain is gone to the cheetah, so the hand size is 4 again, and Red holds 5"),
        Mistake("kept-the-played-card", lambda g: 2,
                "the played card leaves the hand before the draw: 5 - 1 + 1 = 5 cards, 1 over the hand size of 4",
                "tails.turn.play-card"),
    ),
)

RESHUFFLE_POS = _race_with({"space": "T05:red:1", "hand": ("blue-3", "red-5", "yellow-2", "black-6"), "deck": [],
                            "discard": [CARD_NAMES[c] for c in range(20)
                                        if CARD_NAMES[c] not in ("blue-3", "red-5", "yellow-2", "black-6")]},
                           ["T05:blue:3", "T01:black:1"], PLAIN)


def _deck_after(game) -> int:
    return len(_after(game, _moves(game, "blue-3")[0]).state.decks[game.current_player])


RESHUFFLE = Exercise(
    id="tails.reshuffle", title="An empty draw deck",
    question="Red's draw deck is empty: the other 16 of Red's cards are on the discard pile. Red plays blue-3. "
             "How many cards are in Red's draw deck at the end of the turn? Type a number, like 7.",
    rules=("tails.draw.reshuffle", "tails.turn.play-card", "tails.draw.one"),
    build=RESHUFFLE_POS, solve=_deck_after, answer=CARD_COUNT,
    hints=("The played card goes onto the discard pile first. Then Red must draw, from an empty deck. What "
           "happens?",
           "The discard pile, played card included, is shuffled into a new draw deck, then Red draws 1 from it."),
    explain=lambda g: (f"Red plays blue-3 onto the discard pile: 17 cards there [tails.turn.play-card]. The deck is "
                       f"empty, so the discard pile is shuffled into a new deck [tails.draw.reshuffle], and Red "
                       f"draws 1 [tails.draw.one]: {CARD_COUNT.show(_deck_after(g))} stay in the deck."),
    picture=_moving_picture, solution_picture=None, click=None,
    spoilers=lambda g: [f"deck {_deck_after(g)}", "shuffles"],
    mistakes=(
        Mistake("no-reshuffle", lambda g: 0,
                "an empty deck does not stop the draw: the discard pile becomes the new deck"),
        Mistake("played-card-left-out", lambda g: 15,
                "the played card is already on the discard pile when it is shuffled: 17 cards go into the deck",
                "tails.turn.play-card"),
        Mistake("forgot-the-draw", lambda g: 17, "after the reshuffle Red still draws its card: one fewer",
                "tails.draw.one"),
    ),
)

COMBINE_POS = _race_with({"space": "T03:yellow:0", "hand": ("blue-2", "red-4", "black-4", "yellow-6"),
                          "bonuses": {"leapfrog": "active", "neck-stretch": "active"}},
                         ["T03:blue:5", "T05:blue:0", "T01:red:0"], WATER, SIDE_B)


def _combined_end(game) -> str:
    (to,) = {m.to for m in _moves(game, "blue-2") if m.neck_stretch and m.leapfrog}
    return to


COMBINE = Exercise(
    id="tails.combine", title="Two bonuses in one turn",
    question="This race uses the Leapfrog, Déjà vu and Neck Stretch bonus cards; Red's Leapfrog and Neck Stretch "
             "both carry markers. Red plays blue-2 from the yellow lane and uses both, as far as they take it. "
             "Where does Red's ostrich end? Click it, or type it like T05:blue:1. (Kit ruling K4: different bonuses "
             "may be used in the same turn.)",
    rules=("tails.bonus.combine", "tails.bonus.end-of-move-order", "tails.bonus.neck-stretch"),
    build=COMBINE_POS, solve=_combined_end, answer=SPACE,
    hints=("Several different bonuses may be used in one turn, each once. After the steps, which comes first?",
           "First the move, then Neck Stretch (2 more along the lane), then Leapfrog over the ostriches straight "
           "ahead to the first free space."),
    explain=lambda g: (f"{_why(g, next(m for m in _moves(g, 'blue-2') if m.neck_stretch and m.leapfrog))} "
                       f"Different bonuses may be used in the same turn, each once (kit ruling K4) "
                       f"[tails.bonus.combine]: Neck Stretch first, "
                       f"then Leapfrog [tails.bonus.end-of-move-order]."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_combined_end(g)]),
    click=_click_space, spoilers=lambda g: [_combined_end(g)],
    mistakes=(
        Mistake("one-bonus-only", lambda g: "T03:blue:4",
                "both bonuses may be used in the same turn, each once: the Leapfrog comes after the stretch"),
        Mistake("no-bonus-used", lambda g: "T03:blue:2",
                "Red can use both: Neck Stretch first takes Red 2 further, right behind the ostriches, and then "
                "Leapfrog jumps them", "tails.bonus.end-of-move-order"),
        Mistake("jumped-one-only", lambda g: "T05:blue:0",
                "T05:blue:0 holds an ostrich too: Leapfrog jumps the whole line to the first free space",
                "tails.bonus.leapfrog"),
    ),
    kit_ruling=True,
)

LEAP_LION_POS = _race_with({"space": "T01:red:2", "hand": ("blue-3", "red-4", "yellow-5", "black-6"),
                            "bonuses": {"leapfrog": "active"}}, ["T06:blue:3"], _hard("T06"), SIDE_B)

LEAP_LION = Exercise(
    id="tails.leapfrog-lion", title="No leapfrogging onto a lion",
    question="This race uses the Leapfrog, Déjà vu and Neck Stretch bonus cards, and T06 is laid hard side up: a "
             "lion lies on T06:blue:4, just past Purple. Red plays blue-3 from the red lane and would like to "
             "Leapfrog over Purple. Where does Red's ostrich end? Click it, or type it like T06:blue:5.",
    rules=("tails.bonus.leapfrog-no-animal", "tails.bonus.leapfrog"),
    build=LEAP_LION_POS, solve=lambda g: _end(g, "blue-3"), answer=SPACE,
    hints=("Where would the Leapfrog land? Look at that space.",
           "A Leapfrog may not land on a space with an animal (unless tiptoeing with a '2'): here it would land on "
           "the lion."),
    explain=lambda g: (f"{_why_card(g, 'blue-3')} The first free space after Purple holds the lion, and a Leapfrog "
                       f"may not land on an animal [tails.bonus.leapfrog-no-animal], so Red cannot jump and stays "
                       f"behind Purple; the Leapfrog card is kept for later."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_end(g, "blue-3")]),
    click=_click_space_or_ostrich, spoilers=lambda g: ["leapfrogs"],
    mistakes=(
        Mistake("landed-on-lion", lambda g: "T06:blue:4",
                "T06:blue:4 holds a lion: a Leapfrog may not land on an animal"),
        Mistake("jumped-the-lion-too", lambda g: "T06:blue:5",
                "Leapfrog jumps ostriches only, never an animal: it lands on the first space after them, here the "
                "lion's, so it is not allowed", "tails.bonus.leapfrog"),
    ),
)

DEJA_VU_EMPTY_POS = _race_with({"space": "T03:red:0", "hand": ("blue-3", "red-4", "black-4", "yellow-6"),
                                "bonuses": {"leapfrog": "active", "deja-vu": "active", "neck-stretch": "active"}},
                               ["T01:red:0", "T01:blue:0"], WATER, SIDE_B)


def _usable_bonuses(game) -> FrozenSet[str]:
    """The bonus cards some legal move of this turn uses."""
    used = set()
    for m in game.legal_moves():
        used |= {face for face, on in (("deja-vu", m.card == "deja-vu"), ("crazy-wings", m.card == "crazy-wings"),
                                       ("neck-stretch", m.neck_stretch), ("leapfrog", m.leapfrog),
                                       ("boinnnggg", m.boinnnggg)) if on}
    return frozenset(used)


DEJA_VU_EMPTY = Exercise(
    id="tails.deja-vu-empty", title="Déjà vu with nothing to repeat",
    question="This race uses the Leapfrog, Déjà vu and Neck Stretch bonus cards, and all three of Red's carry a "
             "marker. Red is 1st, no ostrich is ahead, and Red's discard pile is empty. Which of Red's bonus cards "
             "could Red use this turn? Click them in Red's panel, or type them like Déjà vu, Neck Stretch.",
    rules=("tails.bonus.deja-vu-empty", "tails.bonus.deja-vu", "tails.bonus.leapfrog"),
    build=DEJA_VU_EMPTY_POS, solve=_usable_bonuses, answer=BONUSES,
    hints=("Déjà vu repeats the card on top of Red's discard pile. What if there is none?",
           "Déjà vu needs a card on the discard pile, and Leapfrog needs an ostrich straight ahead after the move. "
           "Neck Stretch only needs the lane ahead to be free."),
    explain=lambda g: (f"With an empty discard pile there is no card to repeat, so Déjà vu cannot be used "
                       f"[tails.bonus.deja-vu-empty]; it keeps its marker for later [tails.bonus.deja-vu]. With no "
                       f"ostrich ahead there is nothing to leapfrog [tails.bonus.leapfrog]. That leaves "
                       f"{BONUSES.show(_usable_bonuses(g))}, after any move with room ahead: "
                       f"{_why(g, next(m for m in g.legal_moves() if m.neck_stretch))}"),
    picture=_moving_picture, solution_picture=None, click=_click_bonus, spoilers=lambda g: ["uses Déjà vu"],
    mistakes=(
        Mistake("repeat-nothing", lambda g: frozenset({"leapfrog", "deja-vu", "neck-stretch"}),
                "Déjà vu repeats the top card of the discard pile: with the pile empty it cannot be used"),
        Mistake("nothing-to-jump", lambda g: frozenset({"leapfrog", "neck-stretch"}),
                "Leapfrog needs an ostrich straight ahead at the end of the move, and none is ahead of Red",
                "tails.bonus.leapfrog"),
    ),
)


def _chain_tiles() -> Dict[str, Any]:
    """The kit's tile catalogue with one more dune arrow on T07 (hard side), forward on red@2, right where the
    arrow on red@1 points: a tile made for this exercise."""
    doc = tiles_data()  # a fresh copy
    t07 = next(t for t in doc["tiles"] if t["id"] == "T07")
    t07["hard"]["features"].append({"kind": "dune", "lane": "red", "index": 2, "direction": "forward"})
    return doc


DUNE_CHAIN_POS = _scenario([{"space": "T01:blue:1", "hand": ["red-3", "blue-4", "yellow-5", "black-6"]},
                            {"space": "T01:black:0", "holds": []}], _hard("T07"), turn_order=[0, 1],
                           tiles=_chain_tiles())

DUNE_CHAIN = Exercise(
    id="tails.dune-no-chain", title="One arrow, one slide",
    question="T07 is laid hard side up, and for this exercise it carries one more forward arrow, on T07:red:2, "
             "right where the arrow on T07:red:1 points. Red plays red-3 and the steps end on T07:red:1. Where is "
             "Red's ostrich at the end of the move? Click it, or type it like T07:red:3.",
    rules=("tails.dune.no-chain", "tails.dune.arrow"),
    build=DUNE_CHAIN_POS, solve=lambda g: _end(g, "red-3"), answer=SPACE,
    hints=("The arrow on the final space moves Red one space along the lane. What about an arrow on the space "
           "Red slides onto?",
           "An arrow reached by a slide is ignored: the dune moves the ostrich once, never twice."),
    explain=lambda g: (f"{_why_card(g, 'red-3')} The slide lands on a second arrow, which is ignored "
                       f"[tails.dune.no-chain]: one slide per move [tails.dune.arrow]."),
    picture=_moving_picture, solution_picture=_moving_solution(lambda g: [_end(g, "red-3")]),
    click=_click_space, spoilers=lambda g: ["slides", "ignores"],
    mistakes=(
        Mistake("chained-arrows", lambda g: "T07:red:3",
                "the second arrow is reached by a slide, not by a step: it is ignored"),
        Mistake("ignored-arrow", lambda g: "T07:red:1",
                "the steps end on an arrow, so it moves Red one space on", "tails.dune.arrow"),
    ),
)

LAST_ROUND_POS = _scenario([{"space": "T02:red:1", "hand": ["red-3", "blue-4", "yellow-5", "black-6"]},
                            {"space": "T02:blue:0", "holds": []}, {"space": "T05:yellow:3", "holds": []}],
                           FINISH, turn_order=[1, 0, 2], turn=1, round=6)


def _red_crosses(game) -> Move:
    return _only(game, "red-3")


LAST_ROUND = Exercise(
    id="tails.last-round", title="The last round",
    question="Round 6 is played in the order Purple, Red, Green; Purple has moved. Red plays red-3 along the red "
             "lane and crosses the finish line, the first to do so. Which players still take a turn before the "
             "race ends? Click their ostriches, or type their names (type none if nobody does).",
    rules=("tails.end.trigger",),
    build=LAST_ROUND_POS, solve=lambda g: _rest_of_the_race(g, _red_crosses(g)), answer=PLAYERS,
    hints=("Does the race stop the moment an ostrich crosses the line?",
           "The round in which the first ostrich crosses is the last one: everyone who has not yet moved in it "
           "still plays, and nobody plays twice."),
    explain=lambda g: (f"{_why(g, _red_crosses(g))} Red crosses the line, so this round is the last: the players "
                       f"who have not moved in it yet still take their turn, "
                       f"{PLAYERS.show(_rest_of_the_race(g, _red_crosses(g)))}, and then the race is over "
                       f"[tails.end.trigger]."),
    picture=_moving_picture, solution_picture=None, click=_click_ostrich,
    spoilers=lambda g: ["last round", "crosses"],
    mistakes=(
        Mistake("ends-at-once", lambda g: frozenset(),
                "the race does not stop at once: the round is played to its end"),
        Mistake("one-more-round", lambda g: frozenset({"Purple", "Green"}),
                "Purple has already moved this round: only those still to move in it play, nobody gets an extra "
                "turn"),
    ),
)

DISTANCE_POS = _scenario([{"space": "V1:yellow:1", "holds": []}, {"space": "T02:black:4", "holds": []},
                          {"space": "T02:red:1", "holds": []}], FINISH, turn_order=[2, 1, 0], round=7)


def _past(seat: int) -> Callable[[Any], int]:
    return lambda game: game.scores()[seat]


DISTANCE = Exercise(
    id="tails.distance", title="How far past the line?",
    question="Red has run past the end of the finish tile, onto the sand beyond it. How many spaces past the "
             "finish line is Red's ostrich? Type a number, like 7.",
    rules=("tails.end.distance",),
    build=DISTANCE_POS, solve=_past(0), answer=answers.number("spaces", 0, 30),
    hints=("The finish line crosses the finish tile after its third row. The first row beyond the line counts 1.",
           "Rows 4, 5 and 6 of the finish tile count 1, 2 and 3; the track goes on beyond the tile, 4, 5, ... "
           "along the same lane."),
    explain=lambda g: (f"Red stands on {g.track.names[g.state.pos[0]]}: the finish tile's rows beyond the line "
                       f"count 1 to 3, and the sand beyond goes on 4, 5, ... so Red is "
                       f"{answers.number('spaces').show(g.scores()[0])} past the line [tails.end.distance]."),
    picture=lambda g: g.scene(focus=0, hand=False, players=False), solution_picture=None, click=None,
    spoilers=lambda g: ["past the line"],
    mistakes=(
        Mistake("counted-the-whole-tile", lambda g: g.scores()[0] + 3,
                "the line is after the third row of the finish tile, not at its start: only the rows beyond it "
                "count"),
        Mistake("line-row-counts-zero", lambda g: g.scores()[0] - 1,
                "the first row beyond the line already counts 1"),
    ),
)

WINNER_POS = _scenario([{"space": "T02:red:4", "holds": []}, {"space": "T02:black:5", "holds": []},
                        {"space": "T02:yellow:0", "hand": ["yellow-3", "red-4", "blue-5", "black-6"]}],
                       FINISH, turn_order=[0, 1, 2], turn=2, round=8, last_round=True)


def _green_last(game) -> Move:
    return _only(game, "yellow-3")


WINNER = Exercise(
    id="tails.winner", title="Who wins?",
    question="The last round: Red crossed the finish line first, then Purple moved. Green, last to move, plays "
             "yellow-3 on the yellow lane and ends the race. Who wins? Click the ostrich, or type the name.",
    rules=("tails.end.winner", "tails.end.distance", "tails.move.bonus-movement"),
    build=WINNER_POS, solve=_winner(_green_last), answer=PLAYER,
    hints=("Crossing first does not win by itself. Count how far past the line each ostrich is once Green has "
           "moved (Green's card matches its lane).",
           "The ostrich furthest past the line at the end of the round wins: the finish tile's last rows count 1 "
           "to 3, the sand beyond 4, 5, ..."),
    explain=_result_explain(_green_last),
    picture=_last_mover_picture, solution_picture=None, click=_click_ostrich,
    spoilers=lambda g: ["wins", "Race over"],
    mistakes=(
        Mistake("first-across-wins", lambda g: "Red",
                "crossing first only makes the round the last one: the furthest past the line at the end wins",
                "tails.end.trigger"),
        Mistake("forgot-bonus", lambda g: "Purple",
                "Green's yellow-3 on the yellow lane gets bonus movement (Green is 3rd: +3), and that takes it "
                "furthest", "tails.move.bonus-movement"),
    ),
)

TIE_POS = _scenario([{"space": "T02:black:5", "holds": []}, {"space": "T02:yellow:5", "holds": []},
                     {"space": "T02:blue:1", "hand": ["red-2", "yellow-4", "blue-5", "black-6"]}],
                    FINISH, turn_order=[0, 1, 2], turn=2, round=8, last_round=True)


def _green_tie(game) -> Move:
    return _only(game, "red-2")


TIE_BAOBAB = Exercise(
    id="tails.tie-baobab", title="A tie at the finish",
    question="The last round: Red and Purple have moved. Green, last to move, plays red-2 from the blue lane and "
             "ends the race. Who wins? Click the ostrich, or type the name.",
    rules=("tails.end.tie-baobab", "tails.end.winner", "tails.end.distance"),
    build=TIE_POS, solve=_winner(_green_tie), answer=PLAYER,
    hints=("Count how far past the line each ostrich ends. Is there a tie?",
           "Red and Purple are level, 3 past the line. A tie is broken by the finish tile's baobab: the lane "
           "nearest the tree wins."),
    explain=_result_explain(_green_tie),
    picture=_last_mover_picture, solution_picture=None, click=_click_ostrich,
    spoilers=lambda g: ["wins", "Race over"],
    mistakes=(
        Mistake("wrong-side-of-baobab", lambda g: "Red",
                "the finish tile's baobab stands on the red-lane side: of the tied lanes, yellow is nearer to it "
                "than black"),
        Mistake("baobab-lane-wins", lambda g: "Green",
                "the baobab only breaks a tie in distance: Green ends fewer spaces past the line",
                "tails.end.distance"),
    ),
)

BRIDGE_ORDER_POS = _race(["T04:bridge:1", "T04:black:0", "T04:bridge:3", "T04:red:5"], course=_hard("T04"))


def _bridge_behind(game) -> Tuple[str, ...]:
    """Ranked as if ostriches on the bridge came after those on the tile's lanes."""
    return _sorted_by(game, lambda tr, s: (-tr.tile_pos[s], tr.lane[s] < 0, -tr.section[s], tr.tree_d[s]))


def _bridge_backward(game) -> Tuple[str, ...]:
    """Ranked with the bridge spaces counted from its far end."""
    def key(tr, s):
        row = tr.section[s]
        if tr.lane[s] < 0:
            bridge = [x for x in range(len(tr.names)) if tr.tile_pos[x] == tr.tile_pos[s] and tr.lane[x] < 0]
            rows = sorted(tr.section[x] for x in bridge)
            row = rows[0] + rows[-1] - row
        return (-tr.tile_pos[s], -row, tr.tree_d[s])

    return _sorted_by(game, key)


BRIDGE_ORDER = _order_exercise(
    "tails.bridge-order", "Who is ahead on the bridge?",
    "T04 is laid hard side up: its rope bridge is one space per row. Four ostriches are on T04, two of them on the "
    "bridge. Put them in race order, 1st first: click them in that order, or type their names.",
    ("tails.bridge.order", "tails.order.race-position"),
    BRIDGE_ORDER_POS,
    ("The bridge is part of the track: its spaces are rows like any other, between the rows before and after it.",
     "Each bridge space is a row of its own: the further along the bridge, the further ahead. An ostrich past the "
     "bridge is ahead of both, one before it behind both."),
    (Mistake("bridge-behind-the-lanes", _bridge_behind,
             "the bridge spaces are rows of the track like the others: an ostrich further along the bridge is ahead "
             "of one in an earlier row, whatever the lanes"),
     Mistake("bridge-counted-backward", _bridge_backward,
             "the bridge runs the way the track does: the bridge space further along is ahead")),
    explain=lambda g: f"{_order_explain(g)} Each bridge space is a row of its own [tails.bridge.order].",
)

FINE_PRINT: Tuple[Exercise, ...] = (
    SETUP_DECK, FIRST_ROUND, START_QUEUE, NEXT_ROUND, DISCARD_TOP, CARD_FOR_SPACE, FLAT_BONUS, WINGS_DRAW,
    BIRD_BRAIN, HAND_SIZE, RESHUFFLE, COMBINE, DEJA_VU_EMPTY, LEAP_LION, BRIDGE_ORDER, DUNE_CHAIN, LAST_ROUND,
    DISTANCE, WINNER, TIE_BAOBAB,
)


EXERCISES: Tuple[Exercise, ...] = (
    RACE_ORDER_LEVEL, RACE_ORDER_TREE_RIGHT, RACE_ORDER_CORNER,
    EXACT_DISTANCE, FIRST_STEP, WHICH_CARDS, BONUS_MOVEMENT, START_LINE, ONE_SPACE, BLOCKED, QUICKSAND_COST,
    BLOCKED_CROCODILE, ONE_SPACE_ONLY, STAY_PUT,
    WATER_ARM, WATER_NEXT_TURN, WATER_NOTHING_LEFT,
    BOINNNGGG, CRAZY_WINGS, DEJA_VU, NECK_STRETCH, LEAPFROG, LEAPFROG_WATER,
    BRIDGE_ANY_COLOUR, BRIDGE_EXIT, DUNE_ARROW, DUNE_BLOCKED, QUICKSAND_ONE_SPACE,
    LION, CROCODILE_PASS, CHEETAH, PORCUPINE, WARTHOG, TIPTOE_LION, TIPTOE_DUNE,
) + FINE_PRINT
