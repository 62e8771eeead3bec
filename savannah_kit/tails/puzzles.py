"""Savannah Tails' teacher pack: the puzzle worksheet, and the reference's own pictures.

``PUZZLES`` are the worksheet's puzzles: exercises like the lessons' (``teach.exercise``),
each a hand-built race position and a question about the whole game, whose answer the
engine works out by trying things: every legal move of every card in Red's hand, or the
move played out to see who leads the next round. The worksheet shows their questions and
starting pictures (``game.scene(...)`` with nothing ringed, no route and no log line that
gives the answer away); the answer key shows the answers.

``TOPICS`` orders the rule reference (``teach.reference``) by the part of the game a rule
belongs to, and ``rule_scene(rule_id)`` draws a hand-built position for a rule that no
exercise shows yet, so every rule of the reference has a picture.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Dict, FrozenSet, List, Sequence, Tuple

from ..core.scene import Scene
from ..teach import answers
from ..teach.exercise import Exercise, Mistake
from . import from_scenario, new_game
from .data import CARD_CODES
from .lessons import (CARDS, CORNER, PLAIN, PLAYER_WORDS, QUICKSAND, SPACE, _ahead, _click_card, _click_ostrich,
                      _click_space, _end, _moves, _moving_picture, _race)
from .lessons import _why as lessons_why
from .moves import Move

__all__ = ["PUZZLES", "TOPICS", "rule_scene"]

RED = 0

# -- courses (besides the lessons' PLAIN, CORNER and QUICKSAND) ---------------------------------------------

#: start, the easy side of T06 (a water hole on yellow@2), a straight, the finish
WATER = (("T01", "easy"), ("T06", "easy"), ("T05", "easy"), ("T02", "easy"))
#: start, the hard side of T06 (a lion on blue@4, a water hole on yellow@2), a straight, the finish
LION = (("T01", "easy"), ("T06", "hard"), ("T05", "easy"), ("T02", "easy"))


def _rank(game, space: str) -> int:
    """How far along the race a space is (the engine's race key: bigger is further)."""
    return game.track.rank[game.track.by_name[space]]


def _why(game, move: Move) -> str:
    """The engine's account of a move, as the lessons give it, without the turn order."""
    return lessons_why(game, move, leave_out=("tails.order.turn-sequence",))


def _place(game, p: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(game.race_position(p), f"{game.race_position(p)}th")


# -- pictures ---------------------------------------------------------------------------------------------------

def _ringed(spaces: Callable[[Any], Sequence[str]]) -> Callable[[Any], Scene]:
    return lambda game: game.scene(focus=RED, hand=RED, highlights=tuple(spaces(game)))


# -- clicks -----------------------------------------------------------------------------------------------------


PLAYER = answers.choice(PLAYER_WORDS, example="Purple")
CARD = answers.choice({name: name for name in CARD_CODES}, example="yellow-4")


# =========================================================================================================
# Puzzle 1: which card takes Red furthest?
# =========================================================================================================

FURTHEST_HAND = ("blue-5", "yellow-4", "black-3", "red-2")
furthest_position = _race(["T05:red:1", "T05:blue:3", "T07:yellow:0", "T05:black:2"], FURTHEST_HAND)


def _card_reach(game) -> Dict[str, str]:
    """Card -> the furthest space a normal move with it can end on (cards with no normal move left out)."""
    out: Dict[str, str] = {}
    for m in game.legal_moves():
        if m.kind == "normal" and m.card in CARD_CODES:
            if m.card not in out or _rank(game, m.to) > _rank(game, out[m.card]):
                out[m.card] = m.to
    return out


def _furthest(game) -> str:
    reach = _card_reach(game)
    best = max(_rank(game, s) for s in reach.values())
    (card,) = [c for c, s in reach.items() if _rank(game, s) == best]
    return card


def _biggest(game) -> str:
    """The card with the highest value in Red's hand (a misreading's answer)."""
    return max(FURTHEST_HAND, key=lambda c: int(c.split("-")[1]))


def _furthest_explain(game) -> str:
    reach = _card_reach(game)
    best = _furthest(game)
    others = "; ".join(f"{c} reaches {s}" for c, s in sorted(reach.items(), key=lambda kv: -_rank(game, kv[1]))
                       if c != best)
    return (f"{best} goes furthest: it matches the red lane Red stands on, so it gets bonus movement, its value "
            f"plus Red's race position ({_place(game, RED)}): {_why(game, _moves(game, best)[0])} The others: "
            f"{others} [tails.move.bonus-movement, tails.order.race-position].")


FURTHEST_CARD = Exercise(
    id="tails.puzzle-furthest-card", title="Which card takes Red furthest?",
    question="Red is last in the race and stands on the red lane of T05. Which card of Red's hand takes Red's "
             "ostrich furthest along the course with a normal move? Click the card, or type it like yellow-4.",
    rules=("tails.move.bonus-movement", "tails.move.end-on-card-colour", "tails.order.race-position"),
    build=furthest_position, solve=_furthest, answer=CARD,
    hints=("The biggest number is not always the longest move. Which card has the colour of the lane Red "
           "stands on?",
           "A card of Red's own lane colour moves its value plus Red's race position. Red is 4th: that is 4 more "
           "steps, straight along the red lane."),
    explain=_furthest_explain, picture=_moving_picture,
    solution_picture=_ringed(lambda g: [_card_reach(g)[_furthest(g)]]), click=_click_card,
    mistakes=(
        Mistake("biggest-number", _biggest,
                "blue-5 has the biggest number, but red-2 matches Red's lane and gets 4 steps of bonus movement "
                "(Red is 4th): 6 steps in all", "tails.move.bonus-movement"),
        Mistake("no-lane-change", lambda g: "yellow-4",
                "yellow-4 needs two lane changes and ends on T05's last row; red-2 with its bonus goes further",
                "tails.move.end-on-card-colour"),
    ),
    notes={"aim": "Bonus movement as a choice: a small card of your own lane colour can beat a big one.",
           "watch for": "Students comparing only the printed numbers. Ask them to put a finger on the end space "
                        "of every card before answering.",
           "timing": "About 5 minutes; let pairs argue for a card before they check."},
)


# =========================================================================================================
# Puzzle 2: who moves first next round?
# =========================================================================================================

#: this round's order: Green, Purple, Yellow, then Red, who moves last
NEXT_ROUND_ORDER = (2, 1, 3, 0)
NEXT_ROUND_CARD = "red-4"
next_round_position = _race(["T05:yellow:2", "T07:black:0", "T05:blue:5", "T05:red:4"],
                            (NEXT_ROUND_CARD, "blue-3", "black-6", "yellow-2"), turn_order=NEXT_ROUND_ORDER)


def _after_red(game):
    twin = game.copy()
    twin.play(_moves(twin, NEXT_ROUND_CARD)[0])
    return twin


def _next_first(game) -> str:
    """Who moves first once Red has played: the engine plays the move and starts the next round."""
    twin = _after_red(game)
    return PLAYER_WORDS[twin.colours[twin.current_player]]


def _level_with(game) -> str:
    """The ostrich Red ends level with (a misreading: the wrong side of the baobab)."""
    twin = _after_red(game)
    tr, pos = twin.track, twin.state.pos
    row = tr.section[pos[RED]], tr.tile_pos[pos[RED]]
    (other,) = [p for p in range(twin.players) if p != RED and (tr.section[pos[p]], tr.tile_pos[pos[p]]) == row]
    return PLAYER_WORDS[twin.colours[other]]


def _next_explain(game) -> str:
    twin = _after_red(game)
    order = ", ".join(twin.who(p) for p in twin.race_order())
    return (f"Red plays {NEXT_ROUND_CARD}: {_why(game, _moves(game, NEXT_ROUND_CARD)[0])} That ends the round. "
            f"The next round is played in race order as it stands then [tails.order.turn-sequence]: {order}. "
            f"Red and {_level_with(game)} share a row of T07, and the lane nearest T07's baobab is ahead "
            f"[tails.order.level-baobab].")


NEXT_ROUND = Exercise(
    id="tails.puzzle-next-round", title="Who moves first next round?",
    question="This round Green moved first, then Purple and Yellow; Red moves last and plays red-4. Who moves "
             "first in the next round? Click that ostrich, or type the player's name. (Kit ruling K1: each round "
             "is played in race order as it stands when the round begins.)",
    rules=("tails.order.turn-sequence", "tails.order.level-baobab", "tails.move.end-on-card-colour"),
    build=next_round_position, solve=_next_first, answer=PLAYER, click=_click_ostrich,
    hints=("First find where red-4 takes Red: exactly 4 steps, ending on the red lane.",
           "The next round goes in race order. If Red ends in the same row as another ostrich, which lane is "
           "nearer T07's baobab tree?"),
    explain=_next_explain, picture=_moving_picture,
    solution_picture=lambda g: _after_red(g).scene(focus=RED, hand=False),
    mistakes=(
        Mistake("kept-this-rounds-order", lambda g: PLAYER_WORDS[g.colours[NEXT_ROUND_ORDER[0]]],
                "the turn order is not kept from round to round: each round starts in race order as it stands "
                "then", "tails.order.turn-sequence"),
        Mistake("wrong-side-of-baobab", _level_with,
                "Red ends level with that ostrich, and on a tied row the lane nearest the baobab is ahead: on T07 "
                "that is the red lane", "tails.order.level-baobab"),
    ),
    kit_ruling=True,
    notes={"aim": "The turn order changes every round: the leader after a round moves first in the next.",
           "watch for": "Students who think the order is fixed for the whole race, as in many games.",
           "kit ruling": "K1: the rulebook's wording on when the order is taken is read as 'at the start of the "
                         "round'."},
)


# =========================================================================================================
# Puzzle 3: where does yellow-5 stop? (round a corner)
# =========================================================================================================

YELLOW_START = "T05:yellow:4"
yellow_position = _race([YELLOW_START, "T15:black:1", "T05:red:5", "T01:blue:1"],
                        ("yellow-5", "red-3", "blue-4", "black-2"), course=CORNER)

YELLOW_FIVE = Exercise(
    id="tails.puzzle-yellow-5", title="Where does yellow-5 stop?",
    question="Red (3rd in the race) stands on the yellow lane of T05, just before the corner T15, and plays "
             "yellow-5. On which space does Red's ostrich stop? Click it, or type it like T15:yellow:2.",
    rules=("tails.move.bonus-movement", "tails.move.exact-distance", "tails.move.bonus-no-lane-change"),
    build=yellow_position, solve=lambda g: _end(g, "yellow-5"), answer=SPACE,
    hints=("Does the card match the lane Red stands on? Then add Red's race position to its value.",
           "Count the footprints one by one along the yellow lane, not the rows: on the corner the yellow lane "
           "has more footprints than the inner lanes."),
    explain=lambda g: (f"yellow-5 on the yellow lane gets bonus movement: 5 + 3 (Red is 3rd) = 8 steps, all "
                       f"along yellow [tails.move.bonus-no-lane-change]: {_why(g, _moves(g, 'yellow-5')[0])}"),
    picture=_moving_picture, solution_picture=_ringed(lambda g: [_end(g, "yellow-5")]), click=_click_space,
    spoilers=lambda g: [_end(g, "yellow-5")],
    mistakes=(
        Mistake("forgot-bonus", lambda g: _ahead(g, YELLOW_START, 5),
                "the card matches the yellow lane Red stands on: Red moves 3 more, its race position",
                "tails.move.bonus-movement"),
        Mistake("counted-start-space", lambda g: _ahead(g, YELLOW_START, 7),
                "you counted the space Red stands on; count only the spaces Red enters",
                "tails.move.exact-distance"),
    ),
    notes={"aim": "Counting a long move exactly, round a corner, with bonus movement.",
           "watch for": "Counting the corner as three rows: on a corner the outer lanes have more footprints. "
                        "Have students touch each footprint with a pencil."},
)


# =========================================================================================================
# Puzzle 4: bonus movement through quicksand
# =========================================================================================================

SAND_START = "T03:black:1"
sand_position = _race([SAND_START, "T03:yellow:4", "T05:red:1", "T01:blue:2"],
                      ("black-3", "red-3", "blue-4", "yellow-6"), course=QUICKSAND)

BONUS_QUICKSAND = Exercise(
    id="tails.puzzle-bonus-quicksand", title="Bonus movement through quicksand",
    question="Tile T03 is laid hard side up: T03:black:4 is quicksand. Red (3rd in the race) stands on the black "
             "lane and plays black-3. On which space does Red's ostrich stop? Click it, or type it like "
             "T03:black:5.",
    rules=("tails.move.bonus-movement", "tails.quicksand.cost", "tails.move.exact-distance"),
    build=sand_position, solve=lambda g: _end(g, "black-3"), answer=SPACE,
    hints=("First the points: the card matches Red's lane, so add Red's race position to its value.",
           "Then spend the points space by space along black: each space costs 1, the quicksand costs 2."),
    explain=lambda g: (f"black-3 on the black lane gets bonus movement: 3 + 3 (Red is 3rd) = 6 points, along "
                       f"black. The quicksand takes 2 of them [tails.quicksand.cost]: "
                       f"{_why(g, _moves(g, 'black-3')[0])}"),
    picture=_moving_picture, solution_picture=_ringed(lambda g: [_end(g, "black-3")]), click=_click_space,
    spoilers=lambda g: [_end(g, "black-3")],
    mistakes=(
        Mistake("forgot-bonus", lambda g: _ahead(g, SAND_START, 2),
                "the card matches the black lane Red stands on: 3 more points of bonus movement (Red is 3rd)",
                "tails.move.bonus-movement"),
        Mistake("forgot-quicksand", lambda g: _ahead(g, SAND_START, 6),
                "entering the quicksand costs 2 points: 6 points take Red one space less far",
                "tails.quicksand.cost"),
    ),
    notes={"aim": "Points, not spaces: bonus movement and quicksand in one move.",
           "watch for": "Students adding the bonus in spaces after the quicksand, or charging the quicksand "
                        "twice. A '2' card could tiptoe past the quicksand (kit ruling K8): this card is a 3."},
)


# =========================================================================================================
# Puzzle 5: which cards reach the water hole?
# =========================================================================================================

water_position = _race(["T06:blue:0", "T05:red:1", "T05:black:0", "T01:blue:2"],
                       ("yellow-2", "red-3", "blue-4", "black-3"), course=WATER)


def _drinking_cards(game) -> FrozenSet[str]:
    """The cards some normal move of which enters the water hole (and so arms a bonus card)."""
    return frozenset(m.card for m in game.legal_moves() if m.kind == "normal" and m.arm and m.card in CARD_CODES)


WATER_CARDS = Exercise(
    id="tails.puzzle-water-cards", title="Which cards reach the water hole?",
    question="T06 has a water hole on T06:yellow:2. Red (3rd in the race) stands on the blue lane and has no "
             "marker on any bonus card yet. Which cards of Red's hand can give Red a marker this turn, with a "
             "normal move? Click the cards, or type them like yellow-2, black-3.",
    rules=("tails.water.gain-marker", "tails.move.free-lane-timing", "tails.move.bonus-no-lane-change"),
    build=water_position, solve=_drinking_cards, answer=CARDS, click=_click_card,
    hints=("A move gives a marker if it enters the water hole's space, stopping there or running through.",
           "For each card, find every route to its lane: may the route step through T06:yellow:2? A card of "
           "Red's own lane colour never changes lane."),
    explain=lambda g: (f"{CARDS.show(_drinking_cards(g))}: a route of each can enter T06:yellow:2, and entering "
                       f"is enough, stopping there is not needed [tails.water.gain-marker]. black-3 may choose a "
                       f"route through yellow on its second step [tails.move.free-lane-timing]. blue-4 gets "
                       f"bonus movement and stays on blue [tails.move.bonus-no-lane-change]; red-3 goes the "
                       f"other way."),
    picture=_moving_picture, solution_picture=_ringed(lambda g: ["T06:yellow:2"]),
    spoilers=lambda g: ["arms "],
    mistakes=(
        Mistake("must-stop-on-water", lambda g: frozenset({"yellow-2"}),
                "running through a water hole counts as much as stopping on it: black-3 can go through it",
                "tails.water.gain-marker"),
        Mistake("bonus-changes-lane", lambda g: _drinking_cards(g) | {"blue-4"},
                "blue-4 matches Red's lane and gets bonus movement, so it stays on blue all the way",
                "tails.move.bonus-no-lane-change"),
    ),
    notes={"aim": "Routes: the same card can be played along different routes, and some pass a water hole.",
           "watch for": "Students who only look at where each move ends."},
)


# =========================================================================================================
# Puzzle 6: a lion in the way
# =========================================================================================================

LION_START = "T06:blue:1"
lion_position = _race([LION_START, "T05:red:1", "T01:black:0"], ("blue-4", "red-3", "yellow-5", "black-2"),
                      course=LION)

LION_BLOCK = Exercise(
    id="tails.puzzle-lion", title="A lion on the lane",
    question="Tile T06 is laid hard side up: a lion lies on T06:blue:4. Red (2nd in the race) stands on the blue "
             "lane and plays blue-4. Where does Red's ostrich stop? Click it, or type it like T06:blue:2.",
    rules=("tails.animal.lion", "tails.move.blocked-stop", "tails.move.bonus-no-lane-change"),
    build=lion_position, solve=lambda g: _end(g, "blue-4"), answer=SPACE,
    hints=("blue-4 matches Red's lane: bonus movement, and no lane change. What stands on the blue lane ahead?",
           "A lion's space may not be entered at all. When no full route is left, the move is cut short, still "
           "on the card lane, as far as it can go."),
    explain=lambda g: (f"blue-4 plus 2 (Red is 2nd) would be 6 steps along blue, but the lion's space may not be "
                       f"entered [tails.animal.lion], and with bonus movement Red may not change lane to go round "
                       f"it [tails.move.bonus-no-lane-change]. So the move is cut short "
                       f"[tails.move.blocked-stop]: {_why(g, _moves(g, 'blue-4')[0])}"),
    picture=_moving_picture, solution_picture=_ringed(lambda g: [_end(g, "blue-4")]), click=_click_space,
    spoilers=lambda g: [_end(g, "blue-4")],
    mistakes=(
        Mistake("ended-on-lion", lambda g: "T06:blue:4",
                "a lion's space may not be entered at all, not even to stop there", "tails.animal.lion"),
        Mistake("jumped-the-lion", lambda g: _ahead(g, LION_START, 6),
                "nothing passes a lion: its space can never be entered, so Red cannot get beyond it on blue",
                "tails.animal.lion"),
        Mistake("stopped-too-soon", lambda g: "T06:blue:2",
                "a blocked move still uses as many points as it can: Red gets one space further",
                "tails.move.blocked-stop"),
    ),
    notes={"aim": "A blocked move: animals that may not be entered, and why bonus movement cannot go round.",
           "watch for": "Students sending Red round the lion on another lane: with bonus movement every step "
                        "stays on the starting lane."},
)

PUZZLES: Tuple[Exercise, ...] = (FURTHEST_CARD, NEXT_ROUND, YELLOW_FIVE, BONUS_QUICKSAND, WATER_CARDS, LION_BLOCK)


# =========================================================================================================
# The rule reference: topics, and a picture for every rule
# =========================================================================================================

#: The parts of the game, in the order the reference shows them: (the rule id's second part, heading).
TOPICS: Tuple[Tuple[str, str], ...] = (
    ("setup", "Setting up"), ("order", "The race order and the turn order"), ("turn", "A turn"),
    ("move", "Moving"), ("draw", "Drawing cards"), ("water", "Water holes"), ("bonus", "The bonus cards"),
    ("quicksand", "Quicksand"), ("tiptoe", "Tiptoeing"), ("animal", "The animals"), ("dune", "Dunes"),
    ("bridge", "Rope bridges"), ("end", "The end of the race"),
)


def _on(course, ostriches: List[Dict[str, Any]], **extra) -> Any:
    return from_scenario(dict({"course": [list(t) for t in course], "ostriches": ostriches,
                               "turn_order": list(range(len(ostriches))), "to_move": RED}, **extra), seed=0)


def _start() -> Tuple[Scene, str]:
    game = new_game(players=4, seed=3, course="first-race")
    return (game.scene(hand=False),
            "A new 4-player race on the first-race course: every ostrich waits behind the start line, and each "
            "player has a deck, a hand of 4 cards and three bonus cards.")


def _order() -> Tuple[Scene, str]:
    game = _on(PLAIN, [{"space": "T07:red:1", "holds": []}, {"space": "T07:black:1", "holds": []},
                       {"space": "T05:blue:4", "holds": []}, {"space": "start", "holds": []}])
    return (game.scene(focus=RED, hand=False),
            "Four ostriches with their race positions: further along is ahead, and in a shared row the lane "
            "nearest the tile's baobab is ahead.")


def _turn() -> Tuple[Scene, str]:
    game = furthest_position()
    return (game.scene(focus=RED, hand=RED),
            "Red's turn: the ostrich with its guide lines, and the four cards of Red's hand, one of which Red "
            "plays.")


def _water() -> Tuple[Scene, str]:
    game = water_position()
    return (game.scene(focus=RED, hand=RED),
            "A water hole on T06:yellow:2: a move that enters it puts a marker on one of the player's bonus "
            "cards.")


def _bonus() -> Tuple[Scene, str]:
    game = _on(WATER, [{"space": "T06:blue:0", "hand": ["yellow-2", "red-3", "blue-4", "black-3"],
                        "bonuses": {"boinnnggg": "active", "crazy-wings": "gone"}},
                       {"space": "T05:red:1", "holds": []}])
    return (game.scene(focus=RED, hand=RED),
            "Red's bonus cards in the players' panel: Boinnnggg carries a marker and may be used, Crazy Wings has "
            "been used and is gone.")


def _feature(course, space: str, hand: Sequence[str], caption: str, others: Sequence[str] = ("T01:red:0",)
             ) -> Callable[[], Tuple[Scene, str]]:
    def draw() -> Tuple[Scene, str]:
        game = _on(course, [{"space": space, "hand": list(hand)}] + [{"space": s, "holds": []} for s in others])
        return game.scene(focus=RED, hand=RED), caption

    return draw


_quicksand = _feature(QUICKSAND, "T03:yellow:1", ("black-3", "red-2", "blue-5", "yellow-6"),
                      "The hard side of T03: quicksand on T03:red:2 and T03:black:4, each costing 2 points to "
                      "enter.")
_tiptoe = _feature(QUICKSAND, "T03:black:1", ("black-2", "red-2", "blue-5", "yellow-6"),
                   "Red holds '2' cards in front of quicksand: with a '2' an ostrich may tiptoe, ignoring "
                   "animals and quicksand for the whole turn.")
_lion = _feature(LION, "T06:blue:1", ("blue-4", "red-3", "yellow-5", "black-2"),
                 "The hard side of T06: a lion on T06:blue:4, a space no ostrich may enter.")
_cheetah = _feature((("T01", "easy"), ("T11", "hard"), ("T05", "easy"), ("T02", "easy")), "T11:red:0",
                    ("blue-4", "red-3", "yellow-5", "black-2"),
                    "The hard side of T11: cheetahs on T11:blue:2 and T11:yellow:4.")
_porcupine = _feature((("T01", "easy"), ("T13", "hard"), ("T05", "easy"), ("T02", "easy")), "T13:red:0",
                      ("blue-4", "red-3", "yellow-5", "black-2"),
                      "The hard side of T13: porcupines on T13:blue:4 and T13:yellow:1.")
_crocodile = _feature((("T01", "easy"), ("T09", "hard"), ("T05", "easy"), ("T02", "easy")), "T09:red:0",
                      ("yellow-5", "red-2", "black-4", "blue-6"),
                      "The hard side of T09: crocodiles on T09:blue:2 and T09:yellow:5, and a water hole on "
                      "T09:red:4.")
_warthog = _feature((("T01", "easy"), ("T12", "hard"), ("T05", "easy"), ("T02", "easy")), "T12:blue:0",
                    ("blue-4", "red-3", "yellow-5", "black-2"),
                    "The hard side of T12: warthogs on T12:red:1 and T12:black:3.")
_dune = _feature((("T01", "easy"), ("T07", "hard"), ("T05", "easy"), ("T02", "easy")), "T07:blue:0",
                 ("blue-4", "red-3", "yellow-5", "black-2"),
                 "The hard side of T07: dune arrows that shift an ostrich that stops on them one space along "
                 "its lane.")
_bridge = _feature((("T01", "easy"), ("T05", "hard"), ("T07", "easy"), ("T02", "easy")), "T05:blue:1",
                   ("blue-4", "red-3", "yellow-5", "black-2"),
                   "The hard side of T05: a rope bridge, whose rows are single spaces of every colour.")


def _finish() -> Tuple[Scene, str]:
    game = _on(CORNER, [{"space": "T02:yellow:3", "holds": []}, {"space": "T02:red:3", "holds": []},
                        {"space": "T15:blue:3", "holds": []}])
    return (game.scene(focus=RED, hand=False),
            "The finish tile: two ostriches past the line, level, and one still on the corner before it.")


_TOPIC_SCENES: Dict[str, Callable[[], Tuple[Scene, str]]] = {
    "setup": _start, "order": _order, "turn": _turn, "move": _turn, "draw": _turn, "water": _water,
    "bonus": _bonus, "quicksand": _quicksand, "tiptoe": _tiptoe, "animal": _lion, "dune": _dune,
    "bridge": _bridge, "end": _finish,
}

_RULE_SCENES: Dict[str, Callable[[], Tuple[Scene, str]]] = {
    "tails.animal.lion": _lion, "tails.animal.cheetah": _cheetah, "tails.animal.cheetah-marker": _cheetah,
    "tails.animal.porcupine": _porcupine, "tails.animal.crocodile": _crocodile, "tails.animal.warthog": _warthog,
    "tails.animal.warthog-replaces-draw": _warthog,
}


def rule_scene(rule_id: str) -> Tuple[Scene, str]:
    """A hand-built picture for ``rule_id`` and its caption (the reference uses it for a rule that
    no exercise shows)."""
    draw = _RULE_SCENES.get(rule_id)
    if draw is None:
        topic = rule_id.split(".")[1]
        if topic not in _TOPIC_SCENES:
            raise KeyError(f"no picture for the rules of {topic!r}: the topics are {', '.join(_TOPIC_SCENES)}")
        draw = _TOPIC_SCENES[topic]
    sc, caption = draw()
    return replace(sc, title=sc.title or caption), caption
