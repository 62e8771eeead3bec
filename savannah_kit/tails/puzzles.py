"""Savannah Tails' teacher pack: the puzzle worksheet's functions, and the reference's own pictures.

The worksheet's puzzles are records in ``lessons.json`` (its ``puzzles`` list), in the same format
as the lessons' exercises; ``PUZZLES`` are those records read and checked. Each is a hand-built race
position and a question about the whole game, whose answer the engine works out by trying things:
every legal move of every card in Red's hand, or the move played out to see who leads the next
round. Those tries are the functions here marked ``@named``. The worksheet shows their questions and
starting pictures (``game.scene(...)`` with nothing ringed, no route and no log line that gives the
answer away); the answer key shows the answers.

``TOPICS`` orders the rule reference (``teach.reference``) by the part of the game a rule
belongs to, and ``rule_scene(rule_id)`` draws a hand-built position for a rule that no
exercise shows yet, so every rule of the reference has a picture.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Dict, List, Mapping, Sequence, Tuple

from ..core.scene import Scene
from ..teach import answers
from ..teach.exercise import Exercise
from . import from_scenario, new_game
from .data import CARD_CODES, CARD_NAMES
from .lessons import BOOK, LESSONS, PLAYER_WORDS, for_learners, moving_picture, named, played, why

__all__ = ["PUZZLES", "TOPICS", "rule_scene"]

RED = 0

# -- courses of the reference's pictures ----------------------------------------------------------------------

#: start, three straights (baobab left, left, right), finish
PLAIN = (("T01", "easy"), ("T05", "easy"), ("T07", "easy"), ("T08", "easy"), ("T02", "easy"))
#: start, a straight, a left corner (baobab inside, on the left), the finish
CORNER = (("T01", "easy"), ("T05", "easy"), ("T15", "easy"), ("T02", "easy"))
#: start, the hard side of T03 (quicksand on red@2 and black@4, a water hole on blue@3), the finish
QUICKSAND = (("T01", "easy"), ("T03", "hard"), ("T05", "easy"), ("T02", "easy"))
#: start, the easy side of T06 (a water hole on yellow@2), a straight, the finish
WATER = (("T01", "easy"), ("T06", "easy"), ("T05", "easy"), ("T02", "easy"))
#: start, the hard side of T06 (a lion on blue@4, a water hole on yellow@2), a straight, the finish
LION = (("T01", "easy"), ("T06", "hard"), ("T05", "easy"), ("T02", "easy"))

BOOK.answers["card"] = answers.choice({name: name for name in CARD_CODES}, example="yellow-4")
_LEAVE_OUT = ("tails.order.turn-sequence",)


def _rank(game, space: str) -> int:
    """How far along the race a space is (the engine's race key: bigger is further)."""
    return game.track.rank[game.track.by_name[space]]


def _place(game, p: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(game.race_position(p), f"{game.race_position(p)}th")


# =========================================================================================================
# Puzzle 1: which card takes Red furthest?
# =========================================================================================================

def _card_reach(game) -> Dict[str, str]:
    """Card -> the furthest space a normal move with it can end on (cards with no normal move left out)."""
    out: Dict[str, str] = {}
    for m in game.legal_moves():
        if m.kind == "normal" and m.card in CARD_CODES:
            if m.card not in out or _rank(game, m.to) > _rank(game, out[m.card]):
                out[m.card] = m.to
    return out


@named
def furthest_card(game) -> str:
    reach = _card_reach(game)
    best = max(_rank(game, s) for s in reach.values())
    (card,) = [c for c, s in reach.items() if _rank(game, s) == best]
    return card


@named
def biggest_card(game) -> str:
    """The card with the highest value in the mover's hand (a misreading's answer)."""
    hand = [CARD_NAMES[c] for c in game.state.hands[game.current_player]]
    return max(hand, key=lambda c: int(c.split("-")[1]))


@named
def furthest_card_end(game, answer) -> Scene:
    """The mover's tiles with the space the answer's card reaches ringed."""
    return moving_picture(game, [_card_reach(game)[answer]])


@named
def furthest_story(game, answer) -> str:
    """Why the answer's card goes furthest, and where each other card ends."""
    reach = _card_reach(game)
    others = "; ".join(f"{c} reaches {s}" for c, s in sorted(reach.items(), key=lambda kv: -_rank(game, kv[1]))
                       if c != answer)
    return (f"{answer} goes furthest: it matches the red lane Red stands on, so it gets bonus movement, its value "
            f"plus Red's race position ({_place(game, RED)}): {why(game, {'card': answer}, _LEAVE_OUT)} The others: "
            f"{others} [tails.move.bonus-movement, tails.order.race-position].")


# =========================================================================================================
# Puzzle 2: who moves first next round?
# =========================================================================================================

@named
def first_next_round(game, move: Mapping[str, Any]) -> str:
    """Who moves first once Red has played ``move``: the engine plays it and starts the next round."""
    twin = played(game, move)
    return PLAYER_WORDS[twin.colours[twin.current_player]]


@named
def first_this_round(game) -> str:
    return PLAYER_WORDS[game.colours[game.state.order[0]]]


@named
def level_with_after(game, move: Mapping[str, Any]) -> str:
    """The ostrich Red ends level with (a misreading: the wrong side of the baobab)."""
    twin = played(game, move)
    tr, pos = twin.track, twin.state.pos
    row = tr.section[pos[RED]], tr.tile_pos[pos[RED]]
    (other,) = [p for p in range(twin.players) if p != RED and (tr.section[pos[p]], tr.tile_pos[pos[p]]) == row]
    return PLAYER_WORDS[twin.colours[other]]


@named
def race_order_after(game, move: Mapping[str, Any]) -> str:
    twin = played(game, move)
    return ", ".join(twin.who(p) for p in twin.race_order())


@named
def tiles_after(game, move: Mapping[str, Any]) -> Scene:
    return played(game, move).scene(viewer=RED, hand=False)


PUZZLES: Tuple[Exercise, ...] = for_learners(BOOK.load(LESSONS, "puzzles"))


def _puzzle_position(puzzle_id: str):
    return next(p for p in PUZZLES if p.id == puzzle_id).position()


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
    return (game.scene(viewer=RED, hand=False),
            "Four ostriches with their race positions: further along is ahead, and in a shared row the lane "
            "nearest the tile's baobab is ahead.")


def _turn() -> Tuple[Scene, str]:
    game = _puzzle_position("tails.puzzle-furthest-card")
    return (game.scene(viewer=RED, hand=RED),
            "Red's turn: the ostrich with its guide lines, and the four cards of Red's hand, one of which Red "
            "plays.")


def _water() -> Tuple[Scene, str]:
    game = _puzzle_position("tails.puzzle-water-cards")
    return (game.scene(viewer=RED, hand=RED),
            "A water hole on T06:yellow:2: a move that enters it puts a marker on one of the player's bonus "
            "cards.")


def _bonus() -> Tuple[Scene, str]:
    game = _on(WATER, [{"space": "T06:blue:0", "hand": ["yellow-2", "red-3", "blue-4", "black-3"],
                        "bonuses": {"boinnnggg": "active", "crazy-wings": "gone"}},
                       {"space": "T05:red:1", "holds": []}])
    return (game.scene(viewer=RED, hand=RED),
            "Red's bonus cards in the players' panel: Boinnnggg carries a marker and may be used, Crazy Wings has "
            "been used and is gone.")


def _feature(course, space: str, hand: Sequence[str], caption: str, others: Sequence[str] = ("T01:red:0",)
             ) -> Callable[[], Tuple[Scene, str]]:
    def draw() -> Tuple[Scene, str]:
        game = _on(course, [{"space": space, "hand": list(hand)}] + [{"space": s, "holds": []} for s in others])
        return game.scene(viewer=RED, hand=RED), caption

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
    return (game.scene(viewer=RED, hand=False),
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
