"""Savannah Tails: a picture of every rule happening, for the rule reference.

Each rule has an entry in ``PICTURES``: a hand-built race of this module (``RACES``, never an
exercise's position) and what to show in it:

* ``move``: the first legal move matching the entry's fields whose events cite the rule (or the
  rule named in ``cite``), drawn before (its route numbered step by step) and after (where the
  ostrich stands, the bonus cards and hand as the move left them), captioned with the engine's
  own words;
* ``route``: a route the engine refuses, numbered step by step with the refused step ringed,
  captioned with the engine's reason;
* ``refused``: a move the engine refuses, with its reason;
* ``still``: a position with the spaces that matter labelled (set-up, the race order, the finish).

``show(rule_id)`` draws it (``teach.reference.rule_picture`` calls it); ``tests/teach/test_reference.py``
checks that each picture cites its rule and differs from every exercise's starting picture.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Mapping, Optional, Sequence, Tuple

from ..core.errors import IllegalMove
from ..core.scene import Scene
from ..teach.reference import Shown, first_citing, panels, position_key
from . import from_scenario, new_game
from .moves import Move

__all__ = ["RACES", "PICTURES", "show"]

E, H = "easy", "hard"
RED = 0
#: every card of a deck but those named, for a discard pile that holds the rest
_ALL = [f"{lane}-{v}" for lane in ("red", "blue", "yellow", "black") for v in range(2, 7)]


def _course(*middle: Tuple[str, str]) -> list:
    return [["T01", E]] + [list(t) for t in middle] + [["T02", E]]


def _race(course: list, ostriches: list, bonuses: Optional[Sequence[str]] = None, **extra) -> Callable[[], Any]:
    def build():
        data = dict({"course": course, "ostriches": ostriches, "turn_order": list(range(len(ostriches))),
                     "to_move": RED}, **extra)
        options: Dict[str, Any] = {}
        if bonuses:
            options["bonuses"] = list(bonuses)
        return from_scenario(data, seed=0, **options)
    return build


def _rest(*kept: str) -> list:
    return [c for c in _ALL if c not in kept]


_HAND = ["blue-3", "red-3", "yellow-4", "black-5"]
_FRONT = ("leapfrog", "deja-vu", "neck-stretch")
_OTHER = {"space": "T05:red:1", "holds": []}

#: The races the pictures are drawn on: Red (seat 0) is to move in each.
RACES: Dict[str, Callable[[], Any]] = {
    "plain": _race(_course(("T05", E), ("T07", E), ("T08", E)),
                   [{"space": "T05:blue:1", "hand": _HAND}, {"space": "T05:red:3", "holds": []}]),
    "flat": lambda: from_scenario({"course": _course(("T05", E), ("T07", E), ("T08", E)), "ostriches": [
        {"space": "T05:blue:1", "hand": _HAND}, {"space": "T05:red:3", "holds": []}], "turn_order": [0, 1],
        "to_move": RED}, seed=0, flat_bonus=True),
    "last-in-round": _race(_course(("T05", E), ("T07", E)),
                           [{"space": "T05:yellow:1", "hand": ["yellow-5", "red-3", "blue-4", "black-2"]},
                            {"space": "T05:blue:3", "holds": []}], turn_order=[1, 0]),
    "blocked": _race(_course(("T05", E), ("T07", E)),
                     [{"space": "T05:yellow:1", "hand": ["yellow-5", "red-6", "blue-2", "black-3"]},
                      {"space": "T05:yellow:4", "holds": []}, {"space": "T05:blue:4", "holds": []}]),
    "start": _race(_course(("T05", E), ("T07", E)),
                   [{"space": "start", "hand": ["blue-3", "red-2", "yellow-4", "black-5"]},
                    {"space": "start", "holds": []}]),
    "water": _race(_course(("T06", E), ("T05", E)),
                   [{"space": "T06:yellow:0", "hand": ["yellow-3", "red-3", "blue-4", "black-2"]}, _OTHER]),
    "two-waters": _race(_course(("T03", E), ("T06", E)),
                        [{"space": "T03:blue:2", "hand": ["yellow-6", "red-3", "black-4", "blue-2"]},
                         {"space": "T03:red:0", "holds": []}]),
    "bird-brain": _race(_course(("T06", E), ("T05", E)),
                        [{"space": "T06:yellow:0", "hand": ["yellow-3", "red-3", "blue-4", "black-2"],
                          "bonuses": {"boinnnggg": "gone", "crazy-wings": "gone"}}, _OTHER]),
    "reshuffle": _race(_course(("T05", E), ("T07", E)),
                       [{"space": "T05:blue:1", "hand": _HAND, "deck": [], "discard": _rest(*_HAND)},
                        {"space": "T05:red:3", "holds": []}]),
    "quicksand": _race(_course(("T03", H), ("T05", E)),
                       [{"space": "T03:black:1", "hand": ["black-4", "red-2", "black-2", "yellow-6"]}, _OTHER]),
    "quicksand-red": _race(_course(("T03", H), ("T05", E)),
                           [{"space": "T03:red:1", "hand": ["red-3", "blue-3", "black-5", "yellow-6"]}, _OTHER]),
    "lion": _race(_course(("T06", H), ("T05", E)),
                  [{"space": "T06:blue:1", "hand": ["blue-4", "red-3", "yellow-5", "black-6"]}, _OTHER]),
    "cheetah": _race(_course(("T11", H), ("T05", E)),
                     [{"space": "T11:blue:0", "hand": ["blue-3", "red-4", "yellow-5", "black-2"],
                       "bonuses": {"boinnnggg": "active", "crazy-wings": "armed"}}, _OTHER]),
    "porcupine": _race(_course(("T13", H), ("T05", E)),
                       [{"space": "T13:yellow:0", "hand": ["yellow-5", "red-3", "blue-4", "black-6"]}, _OTHER]),
    "crocodile": _race(_course(("T09", H), ("T05", E)),
                       [{"space": "T09:black:2", "hand": ["yellow-3", "blue-4", "black-5", "red-6"]}, _OTHER]),
    "warthog": _race(_course(("T12", H), ("T05", E)),
                     [{"space": "T12:red:0", "hand": ["red-3", "blue-3", "yellow-5", "black-2"]}, _OTHER]),
    "dune": _race(_course(("T07", H), ("T05", E)),
                  [{"space": "T07:red:0", "hand": ["red-2", "blue-3", "yellow-3", "black-5"]},
                   {"space": "T07:blue:4", "holds": []}]),
    "dune-blocked": _race(_course(("T07", H), ("T05", E)),
                          [{"space": "T07:red:0", "hand": ["red-2", "blue-3", "yellow-3", "black-5"]},
                           {"space": "T07:red:2", "holds": []}]),
    "bridge": _race(_course(("T05", H), ("T07", E)),
                    [{"space": "T05:blue:0", "hand": ["blue-4", "red-3", "yellow-5", "black-2"]},
                     {"space": "T07:red:1", "holds": []}]),
    "on-bridge": _race(_course(("T05", H), ("T07", E)),
                       [{"space": "T05:bridge:1", "hand": ["blue-4", "red-3", "yellow-2", "black-2"]},
                        {"space": "T05:red:0", "holds": []}, {"space": "T05:black:4", "holds": []}]),
    "boinnnggg": _race(_course(("T05", E), ("T07", E)),
                       [{"space": "T05:blue:1", "hand": _HAND, "bonuses": {"boinnnggg": "active"}},
                        {"space": "T05:blue:3", "holds": []}, {"space": "T05:red:4", "holds": []}]),
    "leapfrog": _race(_course(("T05", E), ("T07", E)),
                      [{"space": "T05:blue:0", "hand": ["blue-3", "red-4", "yellow-3", "black-6"],
                        "bonuses": {"leapfrog": "active"}},
                       {"space": "T05:blue:4", "holds": []}, {"space": "T05:blue:5", "holds": []}], bonuses=_FRONT),
    "leap-lion": _race(_course(("T05", E), ("T06", H)),
                       [{"space": "T05:blue:5", "hand": ["blue-3", "red-4", "yellow-3", "black-6"],
                         "bonuses": {"leapfrog": "active"}},
                        {"space": "T06:blue:2", "holds": []}, {"space": "T06:blue:3", "holds": []}], bonuses=_FRONT),
    "leap-water": _race(_course(("T05", E), ("T06", E)),
                        [{"space": "T05:yellow:3", "hand": ["yellow-3", "red-4", "blue-3", "black-6"],
                          "bonuses": {"leapfrog": "active"}},
                         {"space": "T06:yellow:0", "holds": []}, {"space": "T06:yellow:1", "holds": []}],
                        bonuses=_FRONT),
    "wings": _race(_course(("T05", E), ("T07", E)),
                   [{"space": "T05:blue:1", "hand": ["red-2", "red-3", "black-2", "black-3"],
                     "bonuses": {"crazy-wings": "active", "neck-stretch": "active"}},
                    {"space": "T05:red:3", "holds": []}], bonuses=("boinnnggg", "crazy-wings", "neck-stretch")),
    "deja-vu": _race(_course(("T05", E), ("T07", E)),
                     [{"space": "T05:blue:1", "hand": ["red-2", "red-3", "black-2", "black-3"],
                       "discard": ["blue-6"], "bonuses": {"deja-vu": "active", "neck-stretch": "active"}},
                      {"space": "T05:red:3", "holds": []}], bonuses=_FRONT),
    "deja-vu-empty": _race(_course(("T05", E), ("T07", E)),
                           [{"space": "T05:blue:1", "hand": ["red-2", "red-3", "black-2", "black-3"],
                             "bonuses": {"deja-vu": "active"}}, {"space": "T05:red:3", "holds": []}],
                           bonuses=_FRONT),
    "order": _race(_course(("T05", E), ("T07", E)),
                   [{"space": "T07:red:1", "holds": []}, {"space": "T07:black:1", "holds": []},
                    {"space": "T05:blue:4", "holds": []}, {"space": "T05:yellow:2", "holds": []}]),
    "corner": _race(_course(("T05", E), ("T15", E)),
                    [{"space": "T15:black:1", "holds": []}, {"space": "T15:red:0", "holds": []},
                     {"space": "T15:yellow:2", "holds": []}]),
    "bridge-order": _race(_course(("T08", E), ("T05", H), ("T07", E)),
                          [{"space": "T05:red:1", "holds": []}, {"space": "T05:black:1", "holds": []},
                           {"space": "T05:bridge:0", "holds": []}]),
    "finish": _race([["T01", E], ["T05", E], ["T02", E]],
                    [{"space": "T02:blue:1", "hand": ["blue-4", "red-3", "yellow-5", "black-2"]},
                     {"space": "T02:red:2", "holds": []}, {"space": "T05:yellow:4", "holds": []}]),
    "last-round": _race([["T01", E], ["T05", E], ["T02", E]],
                        [{"space": "T02:blue:1", "hand": ["blue-4", "red-3", "yellow-5", "black-2"]},
                         {"space": "T02:red:4", "holds": []}], turn_order=[1, 0], last_round=True),
    "tie-finish": _race([["T01", E], ["T05", E], ["T02", E]],
                        [{"space": "T02:blue:1", "hand": ["black-3", "red-3", "yellow-5", "blue-2"]},
                         {"space": "T02:red:4", "holds": []}], turn_order=[1, 0], last_round=True),
    "past-the-line": _race([["T01", E], ["T05", E], ["T02", E]],
                           [{"space": "T02:black:4", "holds": []}, {"space": "T02:red:4", "holds": []},
                            {"space": "T02:blue:3", "holds": []}]),
}


def _new(players: int, seed: int, **options) -> Callable[[], Any]:
    return lambda: new_game(players=players, seed=seed, **options)


RACES.update({"new-3": _new(3, 11), "new-4": _new(4, 5, course="first-race"),
              "new-faces": _new(3, 2, bonuses=["leapfrog", "deja-vu", "neck-stretch"])})


def _m(race: str, caption: str, cite: Optional[str] = None, **fields) -> dict:
    return {"kind": "move", "race": race, "fields": fields, "caption": caption, "cite": cite}


def _route(race: str, card: str, spaces: Sequence[str], caption: str, **choices) -> dict:
    return {"kind": "route", "race": race, "card": card, "spaces": list(spaces), "choices": choices,
            "caption": caption}


def _refused(race: str, move: Mapping[str, Any], caption: str) -> dict:
    return {"kind": "refused", "race": race, "move": dict(move), "caption": caption}


def _still(race: str, caption: str, labels: Optional[Mapping[str, str]] = None, whole: bool = False,
           hand: bool = False) -> dict:
    return {"kind": "still", "race": race, "labels": dict(labels or {}), "whole": whole, "hand": hand,
            "caption": caption}


#: rule id -> what its picture shows (see the module docstring)
PICTURES: Dict[str, dict] = {
    "tails.setup.course": _still("plain", "A course: the start tile, three straights chosen for this race, then "
                                          "the finish tile, each showing one side for the whole race.", whole=True),
    "tails.setup.course-advice": _still("new-4", "The kit's first-race course: a short course with gentle tiles; "
                                                 "a full course is about 14 tiles with about 3 water holes.",
                                        whole=True),
    "tails.setup.player-kit": _still("new-3", "Three players, each with an ostrich colour, a 20-card deck of their "
                                              "colour and 3 bonus cards (in the players' panel); Red's hand is shown.",
                                     whole=True, hand=True),
    "tails.setup.hand": _still("new-faces", "At the start each player holds 4 cards of their own deck; the other "
                                            "16 wait face down as their draw deck.", whole=True, hand=True),
    "tails.setup.bonus-faces": _still("new-faces", "Every player uses the same 3 bonus faces (here Leapfrog, Déjà vu "
                                                   "and Neck Stretch), none with a marker yet.", whole=True),
    "tails.setup.markers": _m("water", "Red's move enters a water hole: Red takes one of Red's own markers from the "
                                       "common pile and puts it on a bonus card.", cite="tails.water.gain-marker",
                              card="yellow-3"),
    "tails.setup.start-order": _still("new-4", "Before the first round a starting order is fixed; the ostriches "
                                               "wait behind the start line in that order.", whole=True),
    "tails.setup.start-line": _still("new-3", "Every ostrich begins off the board, behind the first row of the "
                                              "start tile.", whole=True),
    "tails.order.race-position": _still("order", "The race positions: the ostrich furthest along is 1st; the badge "
                                                 "on each ostrich gives its place.", whole=True),
    "tails.order.level-baobab": _still("order", "Red and Purple stand in the same row of T07: Red, on the lane "
                                                "nearest the tile's baobab, is ahead.", whole=True),
    "tails.order.corner-sections": _still("corner", "On the corner T15, Green is in a later section, so ahead "
                                                    "(1st). Purple and Red share the first section: Purple, on the "
                                                    "inner lane, is ahead of Red although Red is further along its "
                                                    "own lane."),
    "tails.order.turn-sequence": _m("last-in-round", "Red moves last in this round and overtakes Purple; the next "
                                                     "round starts in the new race order, with Red first.",
                                    cite="tails.order.turn-sequence", card="yellow-5"),
    "tails.order.first-round": _still("new-4", "Round 1: nobody has a race position on the board yet, so the turn "
                                               "order is the starting order.", whole=True),
    "tails.turn.steps": _m("plain", "One turn: Red plays yellow-4, moves 4 steps ending on the yellow lane, then "
                                    "draws a card.", cite="tails.turn.play-card", card="yellow-4"),
    "tails.turn.play-card": _m("plain", "The card Red plays goes face up on Red's own discard pile.",
                               card="yellow-4"),
    "tails.move.card": _m("plain", "black-5: a distance of 5 and the black lane, where the move must end.",
                          cite="tails.move.exact-distance", card="black-5"),
    "tails.move.links": _route("plain", "yellow-4", ["T05:yellow:1", "T05:yellow:2", "T05:yellow:3", "T05:yellow:4"],
                               "A step sideways into the next lane, in the same row, follows no guide line."),
    "tails.move.exact-distance": _m("plain", "red-3 moves exactly 3 steps, no fewer and no more.", card="red-3",
                                    to="T05:red:4"),
    "tails.move.end-on-card-colour": _route("plain", "yellow-4", ["T05:blue:2", "T05:blue:3", "T05:blue:4",
                                                                  "T05:blue:5"],
                                            "Four steps that stay on the blue lane: a yellow card's move must end "
                                            "on the yellow lane."),
    "tails.move.toward-target-lane": _route("plain", "yellow-4", ["T05:yellow:2", "T05:blue:3", "T05:yellow:4",
                                                                  "T05:yellow:5"],
                                            "Back to the blue lane after reaching yellow: every lane change must "
                                            "bring the ostrich closer to the card lane."),
    "tails.move.free-lane-timing": _m("plain", "yellow-4 from the blue lane: Red may step across to yellow on any of "
                                               "the 4 steps; this route crosses on the last. Routes to the same "
                                               "space that differ in nothing else are one move.",
                                      cite="tails.move.exact-distance", card="yellow-4"),
    "tails.move.start-line": _m("start", "From behind the line the first step enters the first row of any lane; no bonus "
                                         "movement, since the ostrich stood on no lane.", card="yellow-4"),
    "tails.move.no-pass-through": _route("blocked", "yellow-5", ["T05:yellow:2", "T05:yellow:3", "T05:yellow:4",
                                                                 "T05:yellow:5", "T07:yellow:0"],
                                         "Straight on through Purple's space: no step may enter a space "
                                         "that holds another ostrich."),
    "tails.move.blocked-stop": _m("blocked", "Purple and Green block every full route of yellow-5: the move is cut "
                                             "short behind them, on the yellow lane.", card="yellow-5"),
    "tails.move.fully-blocked": _refused("plain", {"card": "red-3", "to": "T05:blue:1"},
                                         "Red asks to stay put with red-3 although moves are possible: refused."),
    "tails.move.bonus-movement": _m("plain", "Red starts on the blue lane and plays blue-3: 3 plus Red's race "
                                             "position (2nd) = 5 steps, all on the blue lane.", card="blue-3"),
    "tails.move.bonus-flat-variant": _m("flat", "With the flat-bonus option, blue-3 on the blue lane moves 3 + 2 = "
                                                "5 steps whatever the race position.", card="blue-3"),
    "tails.move.bonus-no-lane-change": _route("plain", "blue-3", ["T05:blue:2", "T05:yellow:3", "T05:yellow:4",
                                                                  "T05:blue:5", "T07:blue:0"],
                                              "A move with bonus movement that leaves its lane: refused."),
    "tails.move.one-space-any-card": _m("plain", "A one-space move: black-5 played for a single diagonal step, "
                                                 "whatever its colour.", kind="one-space", card="black-5",
                                        to="T05:yellow:2"),
    "tails.move.one-space-no-bonus": _m("plain", "blue-3 played as a one-space move on the blue lane: 1 step, no "
                                                 "bonus movement.", cite="tails.move.one-space-any-card",
                                        kind="one-space", card="blue-3", to="T05:blue:2"),
    "tails.draw.one": _m("plain", "After moving, Red draws 1 card from Red's own deck: back to 4 in hand.",
                         card="yellow-4"),
    "tails.draw.reshuffle": _m("reshuffle", "Red's draw deck is empty: Red's discard pile is shuffled into a new "
                                            "deck, then Red draws.", card="yellow-4"),
    "tails.draw.hand-size": _m("bird-brain", "The water hole arms Bird Brain: Red draws 2 this turn and may keep 5 "
                                             "cards from now on.", cite="tails.bonus.bird-brain", card="yellow-3"),
    "tails.water.gain-marker": _m("water", "Red's move enters the water hole: a marker goes on one of Red's "
                                           "bonus cards.", card="yellow-3"),
    "tails.water.count": _m("two-waters", "Red's move enters two water holes, so two bonus cards are armed, "
                                          "one for each; a water hole Red started on would not count.",
                            cite="tails.water.gain-marker", card="yellow-6", arm=("boinnnggg", "crazy-wings")),
    "tails.water.next-turn": _m("water", "Armed this turn, the bonus card can be used from Red's next turn.",
                                cite="tails.water.gain-marker", card="yellow-3"),
    "tails.bonus.consumed": _m("boinnnggg", "Red uses Boinnnggg: the card and its marker leave the game.",
                               card="blue-3", boinnnggg=True),
    "tails.bonus.combine": _m("wings", "In one turn Red uses Crazy Wings as a 4 and then Neck Stretch: two "
                                       "different bonuses, each once.", cite="tails.bonus.neck-stretch",
                              card="crazy-wings", neck_stretch=True),
    "tails.bonus.end-of-move-order": _m("deja-vu", "After the steps comes Neck Stretch, then the rest of the end of "
                                                   "the move, then the draw.", cite="tails.bonus.neck-stretch",
                                        card="red-3", neck_stretch=True),
    "tails.bonus.boinnnggg": _m("boinnnggg", "With Boinnnggg, Red's move goes through Purple as if the space were "
                                             "free.", card="blue-3", boinnnggg=True),
    "tails.bonus.leapfrog": _m("leapfrog", "After its move Red stands behind Purple and Green on its lane: "
                                           "Leapfrog jumps them both.", card="blue-3", leapfrog=True),
    "tails.bonus.leapfrog-no-animal": _refused("leap-lion", {"card": "blue-3", "to": "T06:blue:4",
                                                             "leapfrog": True},
                                               "Leapfrog over Purple and Green would land on the lion: not "
                                               "allowed."),
    "tails.bonus.leapfrog-landing": _m("leap-water", "Leapfrog lands on the water hole: that is where the move "
                                                     "finishes, so it arms a bonus card.",
                                       cite="tails.water.gain-marker", leapfrog=True),
    "tails.bonus.crazy-wings": _m("wings", "Red uses Crazy Wings as a 4 on the yellow lane: no card is played and "
                                           "none is drawn.", card="crazy-wings", lane="yellow", neck_stretch=False),
    "tails.bonus.bird-brain": _m("bird-brain", "Bird Brain is armed at the water hole and acts at once: Red draws "
                                               "one card more this turn.", card="yellow-3"),
    "tails.bonus.deja-vu": _m("deja-vu", "Déjà vu: Red moves with the blue-6 on top of Red's discard pile, which "
                                         "stays there.", card="deja-vu", neck_stretch=False),
    "tails.bonus.deja-vu-empty": _refused("deja-vu-empty", {"card": "deja-vu", "to": "T05:blue:5"},
                                          "Red's discard pile is empty: there is no card for Déjà vu to repeat."),
    "tails.bonus.neck-stretch": _m("deja-vu", "After the move, Neck Stretch takes Red 2 more steps along its lane.",
                                   card="red-3", neck_stretch=True),
    "tails.bridge.single-file": _m("bridge", "Every lane leads onto the single file of the rope bridge: Red steps "
                                             "from the blue lane onto it.", cite="tails.bridge.any-colour",
                                   card="red-3"),
    "tails.bridge.any-colour": _m("bridge", "A red card's move may end on a bridge space, which has every colour.",
                                  card="red-3"),
    "tails.bridge.no-bonus": _m("on-bridge", "Red starts on the bridge: blue-4 moves exactly 4, with no bonus "
                                             "movement.", cite="tails.move.exact-distance", card="blue-4"),
    "tails.bridge.exit-lane": _route("on-bridge", "blue-4", ["T05:red:4", "T05:red:5", "T07:red:0",
                                                             "T07:red:1"],
                                     "Off the bridge onto the red lane with a blue card: the step off the bridge "
                                     "must go onto the card lane."),
    "tails.bridge.order": _still("bridge-order", "On a rope-bridge tile the rows before the bridge take the baobab "
                                                 "side of the tile before it, and each bridge space is its own row.",
                                 whole=True),
    "tails.dune.arrow": _m("dune", "Red stops on a dune arrow: the arrow shifts Red one space along its lane.",
                           kind="one-space", card="blue-3", to="T07:red:2"),
    "tails.dune.no-chain": _m("dune", "The arrow shifts Red one space; that shift is not a step, and an "
                                           "arrow it reached would be ignored (no tile of the kit has two arrows "
                                           "in a row).",
                              cite="tails.dune.arrow", kind="one-space", card="blue-3", to="T07:red:2"),
    "tails.dune.blocked": _m("dune-blocked", "The arrow points at Purple's space: it is ignored and Red stays on "
                                             "the arrow.", kind="one-space", card="red-2", to="T07:red:1"),
    "tails.quicksand.cost": _m("quicksand", "black-4 on the black lane, with 2 bonus movement: 6 points. "
                                            "Entering the quicksand (step 3) costs 2 of them, so the move covers "
                                            "5 spaces, not 6.", card="black-4"),
    "tails.quicksand.one-space": _refused("quicksand-red", {"kind": "one-space", "card": "blue-3",
                                                            "to": "T03:red:2"},
                                          "A one-space move into quicksand with a card that is not a '2': "
                                          "refused."),
    "tails.tiptoe.ignore": _m("quicksand", "Red plays black-2 tiptoeing: the quicksand costs 1 like any space.",
                              card="black-2", tiptoe=True),
    "tails.animal.lion": _route("lion", "blue-4", ["T06:blue:2", "T06:blue:3", "T06:blue:4", "T06:blue:5"],
                                "Straight on into the lion: no ostrich may enter a lion's space."),
    "tails.animal.cheetah": _m("cheetah", "Red's move enters a cheetah: Red gives up a bonus card, an activated "
                                          "one first.", card="blue-3"),
    "tails.animal.cheetah-marker": _m("cheetah", "The marker on the bonus card lost to the cheetah goes back to "
                                                 "the common pile.", card="blue-3"),
    "tails.animal.porcupine": _m("porcupine", "Red's move runs into a porcupine: it stops there at once, off its "
                                              "card lane, with points left.", card="red-3"),
    "tails.animal.crocodile": _route("crocodile", "yellow-3", ["T09:black:3", "T09:black:4", "T09:yellow:5"],
                                     "Ending on the crocodile: a crocodile's space may be passed through, never "
                                     "stopped on."),
    "tails.animal.warthog": _m("warthog", "Red's move enters a warthog: at the end of the turn Red discards the "
                                          "whole hand and draws a new one.", card="red-3"),
    "tails.animal.warthog-replaces-draw": _m("warthog", "The new hand replaces the normal draw: Red ends with "
                                                        "exactly 4 cards.", card="red-3"),
    "tails.end.trigger": _m("finish", "Red crosses the finish line: this round is the last one, and everyone still "
                                      "to move in it takes their turn.", card="red-3"),
    "tails.end.distance": _still("past-the-line", "The distance past the line, counted along each lane from the "
                                                  "finish line.",
                                 labels={"T02:red:3": "1", "T02:red:4": "2", "T02:red:5": "3",
                                         "T02:blue:3": "1", "T02:black:4": "2"}),
    "tails.end.winner": _m("last-round", "The last round ends with Red's move: the ostrich furthest past the line "
                                         "wins.", card="red-3"),
    "tails.end.tie-baobab": _m("tie-finish", "Red, last to move in the last round, ends 2 past the line, level "
                                             "with Purple: the tie goes to Purple, on the red lane, nearest the "
                                             "finish tile's baobab.", card="black-3", to="T02:black:4"),
}


# -- drawing ----------------------------------------------------------------------------------------------------

def _matches(move: Move, fields: Mapping[str, Any]) -> bool:
    for key, want in fields.items():
        have = getattr(move, key)
        if key in ("arm", "lose"):
            have = tuple(have)
            want = tuple(want)
        if have != want:
            return False
    return True


def _numbered(route: Sequence[str]) -> Dict[str, str]:
    return {space: str(i) for i, space in enumerate(route, start=1)}


def _view(game, labels: Optional[Mapping[str, str]] = None, highlights: Sequence[str] = (), hand: bool = True,
          places: bool = True) -> Scene:
    return game.scene(viewer=RED, hand=RED if hand else False, labels=dict(labels or {}), highlights=list(highlights),
                      legend=False, places=places)


def _move_picture(rule_id: str, entry: dict) -> Shown:
    game = RACES[entry["race"]]()
    cite = entry["cite"] or rule_id
    try:
        move, after, events, told = first_citing(game, cite,
                                                 lambda m: isinstance(m, Move) and _matches(m, entry["fields"]))
    except LookupError:
        raise LookupError(f"{rule_id}: no move in the race {entry['race']!r} with {entry['fields']} cites {cite}")
    route = game.route(move)
    what = move.card if move.kind == "normal" else f"{move.card} as a one-space move"
    before = _view(game, labels=_numbered(route))
    shown = _view(after, highlights=[route[-1]] if route else [])
    scene = panels([(f"Before: Red plays {what}; the numbers are its steps", before),
                    ("After", shown)], title=f"Savannah Tails: {rule_id}")
    said = " ".join(dict.fromkeys(e.message.rstrip(".") + "." for e in told))
    return Shown(scene, f"{entry['caption']} The engine: “{said}”", tuple(e.rule for e in events),
                 (position_key(game), position_key(after)))


def _route_picture(rule_id: str, entry: dict) -> Shown:
    game = RACES[entry["race"]]()
    verdict = game.explain_route(entry["card"], entry["spaces"], **entry["choices"])
    if verdict.legal:
        raise LookupError(f"{rule_id}: the route {entry['spaces']} is legal")
    spaces = entry["spaces"][:verdict.step] if verdict.step else entry["spaces"]
    labels = _numbered(spaces)
    if verdict.step:
        labels[verdict.space] += " ✗"
    scene = panels([(f"Tried: {entry['card']} along the numbered spaces; ✗ marks the step refused",
                     _view(game, labels=labels))], title=f"Savannah Tails: {rule_id}")
    return Shown(scene, f"{entry['caption']} The engine: “{verdict.message.rstrip('.')}.”", (verdict.rule,), (position_key(game),))


def _refused_picture(rule_id: str, entry: dict) -> Shown:
    game = RACES[entry["race"]]()
    move = Move.from_data(entry["move"])
    try:
        game.copy().play(move)
    except IllegalMove as exc:
        ringed = [move.to] if move.to else []
        scene = panels([(f"Tried: {move.card} to the ringed space", _view(game, highlights=ringed))],
                       title=f"Savannah Tails: {rule_id}")
        return Shown(scene, f"{entry['caption']} The engine: “{str(exc.reason).rstrip('.')}.”", (exc.rule_id,), (position_key(game),))
    raise LookupError(f"{rule_id}: the move {entry['move']} is legal")


def _still_picture(rule_id: str, entry: dict) -> Shown:
    game = RACES[entry["race"]]()
    if entry["whole"]:
        scene = game.scene(hand=RED if entry["hand"] else False, labels=entry["labels"], legend=False)
    else:
        scene = _view(game, labels=entry["labels"], hand=entry["hand"], places=not entry["labels"])
    return Shown(panels([("", scene)], title=f"Savannah Tails: {rule_id}"), entry["caption"], (),
                 (position_key(game),))


_DRAW = {"move": _move_picture, "route": _route_picture, "refused": _refused_picture, "still": _still_picture}


def show(rule_id: str) -> Shown:
    """The reference picture of ``rule_id`` (a ``KeyError`` for a rule with none)."""
    entry = PICTURES[rule_id]
    return _DRAW[entry["kind"]](rule_id, entry)
