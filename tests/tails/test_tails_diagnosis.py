"""Why a Savannah Tails destination is refused: the rule the diagnosis names, and its words."""

import pytest

from savannah_kit.core.errors import IllegalMove
from savannah_kit.tails import Discard, Move
from tails_helpers import other, race, refusal, tiles_with

NO_PASS = ("tails.move.no-pass-through",
           "every route there is blocked by Purple's ostrich on T04:bridge:0: no passing through an ostrich")
QUICKSAND = ("tails.quicksand.cost", "every route there is blocked by the quicksand on T10:red:3: quicksand costs 2 "
             "points, so the points run out before getting there")


def on(tile, *ostriches, **options):
    """A race on the start tile, ``tile`` (hard side) and the finish tile."""
    return race(list(ostriches), course=[["T01", "easy"], [tile, "hard"], ["T02", "easy"]], **options)


@pytest.mark.rule("tails.move.no-pass-through", "tails.bridge.single-file")
def test_a_space_behind_an_ostrich_on_the_bridge_is_refused_as_no_pass_through():
    """T04 hard: every lane funnels onto the rope bridge, whose first space holds Purple."""
    g = on("T04", {"space": "T04:blue:0", "hand": ["yellow-3"]}, other("T04:bridge:0"))
    assert refusal(g, Move("yellow-3", to="T04:bridge:2")) == NO_PASS


@pytest.mark.rule("tails.quicksand.cost")
def test_quicksand_on_the_only_route_is_why_a_space_the_right_distance_away_is_refused():
    """T10 hard: quicksand on red@3. Red is 1st, so red-3 moves 3 + 1 along red: red@4 is 4
    steps away, but the quicksand makes them cost 5."""
    g = on("T10", {"space": "T10:red:0", "hand": ["red-3"]}, other("T01:red:0"))
    assert refusal(g, Move("red-3", to="T10:red:4")) == QUICKSAND


@pytest.mark.rule("tails.dune.arrow", "tails.quicksand.cost")
def test_a_space_the_dune_arrow_slides_off_is_not_blamed_on_quicksand():
    """T07 hard: the back arrow on blue@3 sends a blue-3 from red@0 on to blue@2; no quicksand anywhere."""
    g = on("T07", {"space": "T07:red:0", "hand": ["blue-3"]}, other("T01:red:0"))
    assert refusal(g, Move("blue-3", to="T07:blue:3"))[0] != QUICKSAND[0]


@pytest.mark.rule("tails.draw.hand-size")
def test_a_wrong_discard_names_the_card_not_held_or_the_count():
    g = race([{"space": "T03:red:0", "hand": ["red-2", "red-3", "red-4", "red-5", "red-6"]}, other()],
             course=[["T01", "easy"], ["T03", "easy"], ["T02", "easy"]], pending_discard=1)
    assert refusal(g, Discard(("black-6",))) == ("tails.draw.hand-size", "Red does not hold black-6")
    assert refusal(g, Discard(("red-2", "red-3"))) == (
        "tails.draw.hand-size", "Red must discard exactly 1 card, each once")
    assert refusal(g, Move("red-3", to="T03:red:3")) == (
        "tails.draw.hand-size", "Red must first discard 1 card down to the hand size")


EASY = [["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]]
SIDE_B = ["leapfrog", "deja-vu", "neck-stretch"]


def lion_deja_vu(top):
    """Red on T06 hard red@0 (a lion on blue@4) with Déjà vu ready and ``top`` on its discard pile."""
    return on("T06", {"space": "T06:red:0", "hand": ["red-3"], "discard": [top], "bonuses": {"deja-vu": "active"}},
              other("T01:red:0"), bonuses=["boinnnggg", "deja-vu", "bird-brain"])


POSITIONS = {
    # Red 2nd on T03 red@0; Crazy Wings active, Boinnnggg armed this turn (water on T03 blue@3)
    "easy": lambda: race([{"space": "T03:red:0", "hand": ["red-3", "yellow-4"],
                           "bonuses": {"crazy-wings": "active", "boinnnggg": "armed"}}, other("T05:red:5")], course=EASY),
    "spent": lambda: race([{"space": "T03:red:0", "hand": ["red-3"], "bonuses": {"boinnnggg": "gone"}},
                           other("T05:red:5")], course=EASY, bonuses=["boinnnggg", "deja-vu", "bird-brain"]),
    # Neck Stretch reaches blue@5; then Leapfrog jumps the two ostriches on T05 blue@0-1
    "neck": lambda: race([{"space": "T03:red:0", "hand": ["blue-3"],
                           "bonuses": {"leapfrog": "active", "neck-stretch": "active"}},
                          other("T05:blue:0"), other("T05:blue:1")], course=EASY, bonuses=SIDE_B),
    "leap": lambda: race([{"space": "T03:red:0", "hand": ["blue-3"], "bonuses": {"leapfrog": "active"}},
                          other("T05:red:5")], course=EASY, bonuses=SIDE_B),
    # T12 hard: a warthog on red@1; Red is 1st on red@0
    "warthog": lambda: on("T12", {"space": "T12:red:0", "hand": ["red-3", "blue-3"]}, other("T01:red:0")),
    # T11 hard: a cheetah on blue@2
    "cheetah": lambda: on("T11", {"space": "T11:blue:0", "hand": ["red-3"],
                                  "bonuses": {"bird-brain": "active", "boinnnggg": "active"}}, other("T01:red:0")),
    # T06 hard: a lion on blue@4; T09 hard: crocodiles on blue@2 and yellow@5
    "lion": lambda: on("T06", {"space": "T06:blue:3", "hand": ["blue-3", "yellow-4"]}, other("T06:red:5")),
    # Red 2nd on T03 red@3 before the left corner T14, whose inside red lane is 3 spaces long, blue 4
    "corner": lambda: race([{"space": "T03:red:3", "hand": ["red-4"]}, other("T15:black:3")],
                           course=[["T01", "easy"], ["T03", "easy"], ["T14", "easy"], ["T15", "easy"], ["T02", "easy"]]),
    # a lion on T14 hard yellow@2 / a porcupine on T13 hard yellow@1, between T03 and T05
    "lion corner": lambda: race([{"space": "T03:blue:2", "hand": ["black-6"]}, other("T05:red:5")],
                                course=[["T01", "easy"], ["T03", "easy"], ["T14", "hard"], ["T05", "easy"], ["T02", "easy"]]),
    "porcupine": lambda: race([{"space": "T03:yellow:3", "hand": ["yellow-3"]}, other("T05:red:5")],
                              course=[["T01", "easy"], ["T03", "easy"], ["T13", "hard"], ["T05", "easy"], ["T02", "easy"]]),
    "back row": lambda: race([{"space": "T03:black:0", "hand": ["red-3"]}, other("T05:red:5")], course=EASY),
    # Leapfrog ready, a lion right after the end of the move (T06 hard, blue@4)
    "lion leap": lambda: on("T06", {"space": "T06:red:0", "hand": ["blue-3"], "bonuses": {"leapfrog": "active"}},
                            other("T01:red:0"), bonuses=SIDE_B),
    # a lion on T06 hard blue@4, four steps from red@0; a '2' (tiptoeing) is not stopped by it
    "lion two": lambda: on("T06", {"space": "T06:red:0", "hand": ["blue-2", "blue-3"], "discard": ["red-2"],
                                   "bonuses": {"crazy-wings": "active"}}, other("T01:red:0")),
    "lion deja vu 2": lambda: lion_deja_vu("blue-2"),
    "lion deja vu 3": lambda: lion_deja_vu("blue-3"),
    "lion deja vu 6": lambda: lion_deja_vu("blue-6"),
    "flat": lambda: race([{"space": "T03:red:0", "hand": ["red-3"]}, other()], course=EASY, flat_bonus=True),
    "purple": lambda: race([other("T05:red:5"), {"space": "T03:red:0", "hand": ["red-3"]}], course=EASY,
                           turn_order=[1, 0]),
    "croc": lambda: on("T09", {"space": "T09:blue:1", "hand": ["blue-3", "yellow-4"]}, other("T01:red:0")),
}
REFUSALS = [
    ("easy", Move("red-3", to="T03:red:4", kind="jump"),
     "tails.turn.steps", "kind 'jump' is not one of normal, one-space"),
    ("easy", Move("red-9"), "tails.move.card", "'red-9' is not a card: cards read like 'yellow-5', or 'crazy-wings' / 'deja-vu'"),
    ("easy", Move("crazy-wings", lane="green", to="T03:red:4"),
     "tails.bonus.crazy-wings", "'green' is not a lane colour: announce one of red, blue, yellow, black"),
    ("easy", Move("red-3", to="T03:red:5", arm=("wings",)), "tails.water.gain-marker",
     "arm: 'wings' is not one of boinnnggg, leapfrog, crazy-wings, deja-vu, bird-brain, neck-stretch"),
    ("easy", Move("red-3", to="T03:red:5", player=7), "tails.order.turn-sequence", "it is Red's turn, not seat 7's"),
    ("easy", Discard(("red-3",)), "tails.draw.hand-size",
     "no discard is due: the hand is within the hand size"),
    ("easy", Move(to="T03:red:4"), "tails.turn.steps", "a move names the card played (or crazy-wings / deja-vu)"),
    ("easy", Move("crazy-wings", to="T03:red:4"), "tails.bonus.crazy-wings",
     "Crazy Wings needs an announced lane colour (red, blue, yellow or black)"),
    ("easy", Move("crazy-wings", lane="red", to="T03:red:1", kind="one-space"), "tails.bonus.crazy-wings",
     "Crazy Wings is a 4 of the announced colour, not a one-space move"),
    ("easy", Move("deja-vu", to="T03:red:4"), "tails.setup.bonus-faces",
     "Déjà vu is not one of the bonus faces of this race (boinnnggg, crazy-wings, bird-brain)"),
    ("easy", Move("black-3", to="T03:black:3"), "tails.turn.play-card", "Red does not hold black-3"),
    ("easy", Move("red-3", lane="red", to="T03:red:5"), "tails.move.card",
     "only Crazy Wings announces a lane colour; a card's colour is printed on it"),
    ("easy", Move("red-3", to="T03:red:5", boinnnggg=True), "tails.water.next-turn",
     "Boinnnggg was activated this turn: usable from the next turn on"),
    ("easy", Move("red-3", to="T03:red:5", arm=("leapfrog",)), "tails.setup.bonus-faces",
     "Leapfrog is not a bonus face of this race"),
    ("easy", Move("red-3", to="T03:red:5", lose=("deja-vu",)), "tails.setup.bonus-faces",
     "Déjà vu is not a bonus face of this race"),
    ("easy", Move("red-3", to="T99:red:4"), "tails.move.links", "there is no space 'T99:red:4' on this course"),
    ("easy", Move("red-3", to="T03:red:4"), "tails.move.exact-distance",
     "the move uses exactly 5 points (3 + 2 bonus); T03:red:4 is 4 steps away"),
    ("easy", Move("yellow-4", to="T03:yellow:3"), "tails.move.exact-distance",
     "the move uses exactly 4 points; T03:yellow:3 is 3 steps away"),
    ("easy", Move("yellow-4", to="T05:yellow:1"), "tails.move.exact-distance",
     "the move uses exactly 4 points"),  # 7 steps away: too far to be worth telling
    ("easy", Move("yellow-4", to="T05:yellow:0"), "tails.move.exact-distance",
     "the move uses exactly 4 points; T05:yellow:0 is 6 steps away"),
    ("corner", Move("red-4", to="T14:red:2"), "tails.move.toward-target-lane",  # 6 steps only by the blue lane
     "every lane change must bring the ostrich closer to the red lane, and never off it once there"),
    ("corner", Move("red-4", to="T15:red:1"), "tails.move.exact-distance",  # 8 steps only by the blue lane
     "the move uses exactly 6 points (4 + 2 bonus); T15:red:1 is 7 steps away"),
    ("easy", Move("red-3", to="T03:blue:3"), "tails.move.bonus-no-lane-change",
     "a move with bonus movement stays on its starting lane (red) for every step"),
    ("easy", Move("yellow-4", to="T03:blue:4"), "tails.move.end-on-card-colour",
     "a normal move ends on the card lane (yellow), not on blue; only a one-space move may end elsewhere"),
    ("easy", Move("yellow-4", to="T03:yellow:4", arm=("bird-brain", "crazy-wings")), "tails.water.count",
     "the routes there enter 0 or 1 water holes, so they arm 0 or 1 bonus cards, one per water hole"),
    ("easy", Move("yellow-4", to="T03:yellow:4", arm=("boinnnggg",)), "tails.water.gain-marker",
     "a water hole arms one of your own bonus cards that has no marker yet"),
    ("easy", Move("yellow-4", to="T03:yellow:2", kind="one-space"), "tails.move.one-space-any-card",
     "a one-space move goes exactly one step: to T03:red:1, T03:blue:1"),
    ("back row", Move("red-3", to="T03:red:0", kind="one-space"), "tails.move.links",
     "a one-space move goes one step (forward or diagonally forward, never sideways or back: A2, unless "
     "one_space='any'): to T03:black:1, T03:yellow:1"),
    ("easy", Move("yellow-4", to="T01:red:2"), "tails.move.links",
     "T01:red:2 cannot be reached from T03:red:0 moving forward or diagonally forward along the guide lines"),
    ("spent", Move("red-3", to="T03:red:5", boinnnggg=True), "tails.bonus.consumed",
     "Boinnnggg is gone: a used bonus leaves the game"),
    ("spent", Move("deja-vu", to="T03:red:5"), "tails.water.gain-marker",
     "Déjà vu has no marker yet: a water hole must activate it first"),
    ("spent", Move("red-3", to="T03:red:5", leapfrog=True), "tails.setup.bonus-faces",
     "Leapfrog is not one of the bonus faces of this race (boinnnggg, deja-vu, bird-brain)"),
    ("neck", Move("blue-3", to="T03:blue:5", arm=("deja-vu",)), "tails.bonus.neck-stretch",
     "Neck Stretch moves exactly 2 more steps along the lane; that space needs it"),
    ("neck", Move("blue-3", to="T03:blue:3", arm=("deja-vu",), neck_stretch=True), "tails.bonus.neck-stretch",
     "Neck Stretch moves exactly 2 more steps along the lane; it cannot reach there"),
    ("neck", Move("blue-3", to="T05:blue:2", arm=("deja-vu",), neck_stretch=True), "tails.bonus.leapfrog",
     "that space is only reached by a Leapfrog"),
    ("neck", Move("blue-3", to="T03:blue:5", arm=("deja-vu",), neck_stretch=True, leapfrog=True), "tails.bonus.leapfrog",
     "Leapfrog jumps the ostriches directly ahead to the first free space: not to there"),
    ("neck", Move("blue-3", to="T03:blue:3"), "tails.water.count",
     "this move enters 1 water hole, so it arms 1 bonus card, one per water hole"),
    ("leap", Move("blue-3", to="T03:blue:3", leapfrog=True), "tails.bonus.leapfrog",
     "Leapfrog needs an ostrich directly ahead at the end of the move"),
    ("warthog", Move("red-3", to="T12:red:4"), "tails.animal.warthog",
     "warthog=True marks a route through a warthog space; every route there meets one"),
    ("warthog", Move("blue-3", to="T12:blue:1", kind="one-space", warthog=True), "tails.animal.warthog",
     "warthog=True marks a route through a warthog space; no such route reaches there"),
    ("cheetah", Move("red-3", to="T11:red:3", lose=("bird-brain", "boinnnggg")), "tails.animal.cheetah",
     "each cheetah entered takes one bonus card, activated ones first: choose from none; boinnnggg; bird-brain"),
    ("lion", Move("blue-3", to="T06:blue:4", kind="one-space"), "tails.animal.lion", "T06:blue:4 holds a lion: it may not be entered (only tiptoeing with a '2' or Boinnnggg passes it)"),
    ("lion", Move("blue-3", to="T06:blue:4"), "tails.animal.lion", "T06:blue:4 holds a lion: it may not be entered (only tiptoeing with a '2' or Boinnnggg passes it)"),
    ("lion", Move("yellow-4", to="T06:red:5"), "tails.move.no-pass-through", "T06:red:5 holds Purple's ostrich"),
    ("back row", Move("red-3", to="T03:red:0"), "tails.move.links",  # same row, further on in race order
     "T03:red:0 cannot be reached from T03:black:0 moving forward or diagonally forward along the guide lines"),
    ("lion leap", Move("blue-3", to="T06:blue:5", leapfrog=True), "tails.bonus.leapfrog",
     "Leapfrog needs an ostrich directly ahead at the end of the move"),
    ("lion two", Move("blue-2", to="T06:blue:4"), "tails.move.exact-distance",
     "the move uses exactly 2 points; T06:blue:4 is 4 steps away"),
    ("lion two", Move("crazy-wings", lane="blue", to="T06:blue:4"), "tails.animal.lion",
     "T06:blue:4 holds a lion: it may not be entered (only tiptoeing with a '2' or Boinnnggg passes it)"),  # Crazy Wings is a 4: no tiptoeing
    ("lion deja vu 2", Move("deja-vu", to="T06:blue:4"), "tails.move.exact-distance",
     "the move uses exactly 2 points; T06:blue:4 is 4 steps away"),  # the '2' played again tiptoes
    ("lion deja vu 3", Move("deja-vu", to="T06:blue:4"), "tails.animal.lion",
     "T06:blue:4 holds a lion: it may not be entered (only tiptoeing with a '2' or Boinnnggg passes it)"),
    ("lion deja vu 6", Move("deja-vu", to="T06:blue:4"), "tails.animal.lion",
     "T06:blue:4 holds a lion: it may not be entered (only tiptoeing with a '2' or Boinnnggg passes it)"),
    ("flat", Move("red-3", to="T03:red:4"), "tails.move.exact-distance",
     "the move uses exactly 5 points (3 + 2 bonus); T03:red:4 is 4 steps away"),
    ("purple", Move("red-3", to="T03:red:5", player=0), "tails.order.turn-sequence", "it is Purple's turn, not Red's"),
    ("lion corner", Move("black-6", to="T14:black:4"), "tails.animal.lion",
     "every route there is blocked by the lion on T14:yellow:2: a lion space may not be entered"),
    ("porcupine", Move("yellow-3", to="T13:yellow:2"), "tails.animal.porcupine",
     "every route there is blocked by the porcupine on T13:yellow:1: a porcupine ends the move"),
    ("easy", Move("crazy-wings", lane="yellow", to="T03:yellow:3"), "tails.move.exact-distance",
     "the move uses exactly 4 points; T03:yellow:3 is 3 steps away"),
    ("croc", Move("yellow-4", to="T09:blue:2", kind="one-space"), "tails.animal.crocodile",
     "T09:blue:2 holds a crocodile: a move may pass it but not end on it"),
    ("croc", Move("blue-3", to="T09:blue:2"), "tails.animal.crocodile",
     "T09:blue:2 holds a crocodile: a move may pass it but not end on it"),
]


@pytest.mark.parametrize("where, move, rule, reason", REFUSALS)
def test_a_refused_move_names_its_rule_in_plain_words(where, move, rule, reason):
    assert refusal(POSITIONS[where](), move) == (rule, reason)


@pytest.mark.rule("tails.move.toward-target-lane", "tails.water.count", "tails.move.bonus-movement")
def test_arming_more_cards_than_the_lane_rule_allows_is_refused_by_the_lane_rule():
    """T03 easy with a second water hole on yellow@2: Red, 2nd on blue@0, moves blue-3 + 2 along
    blue past one water hole; a detour by yellow (away from blue and back) would pass both."""
    g = race([{"space": "T03:blue:0", "hand": ["blue-3"]}, other("T05:red:5")], course=EASY,
             tiles=tiles_with("T03", ("water", "yellow", 2), side="easy"))
    assert {m.arm for m in g.legal_moves() if m.card == "blue-3" and m.kind == "normal"} == {
        ("boinnnggg",), ("crazy-wings",), ("bird-brain",)}
    assert refusal(g, Move("blue-3", to="T03:blue:5", arm=("bird-brain", "boinnnggg"))) == (
        "tails.move.toward-target-lane",
        "the routes through more water holes change lane away from the blue lane, which is not allowed")


def test_a_refusal_names_the_move_refused():
    g = POSITIONS["easy"]()
    move = Move("red-3", to="T03:red:4")
    with pytest.raises(IllegalMove) as err:
        g.play(move)
    assert err.value.move == move


@pytest.mark.rule("tails.bonus.leapfrog", "tails.animal.porcupine")
def test_no_leapfrog_after_a_porcupine_even_with_an_ostrich_ahead():
    """T13 hard: blue-4 from red@0 ends in the porcupine on blue@4, Purple right after it; the
    landing beyond is free, but the porcupine ended the move."""
    g = on("T13", {"space": "T13:red:0", "hand": ["blue-4"], "bonuses": {"leapfrog": "active"}}, other("T13:blue:5"),
           bonuses=SIDE_B)
    assert Move("blue-4", to="T13:blue:4") in g.legal_moves()
    assert refusal(g, Move("blue-4", to="T02:blue:0", leapfrog=True))[0] == "tails.bonus.leapfrog"
