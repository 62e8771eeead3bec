"""Neck Stretch's two extra steps along the lane: what they cost and what they meet."""

import pytest

from savannah_kit.tails import Move
from tails_helpers import moves_for, other, race, rules_of

SIDE_B = ["leapfrog", "deja-vu", "neck-stretch"]
NECK = {"neck-stretch": "active"}


def neck_messages(events):
    return [e.message for e in events if e.rule == "tails.bonus.neck-stretch"]


@pytest.mark.rule("tails.bonus.neck-stretch", "tails.animal.warthog", "tails.animal.warthog-replaces-draw")
def test_neck_stretch_onto_a_warthog_makes_a_warthog_move():
    """The warthog on T12 red@1 is met by the stretch, not the card's steps: the hand is still redrawn."""
    g = race([{"space": "T01:blue:0", "hand": ["red-3"], "bonuses": NECK}, other("T01:black:0")],
             course=[["T01", "easy"], ["T12", "hard"], ["T02", "easy"]], bonuses=SIDE_B)
    stretched = Move("red-3", to="T12:red:2", neck_stretch=True, warthog=True)
    assert set(moves_for(g, "red-3")) == {Move("red-3", to="T12:red:0"), stretched}
    events = g.play(stretched)
    assert "tails.animal.warthog-replaces-draw" in rules_of(events) and "tails.draw.one" not in rules_of(events)


@pytest.mark.rule("tails.bonus.neck-stretch", "tails.quicksand.cost", "tails.tiptoe.ignore")
@pytest.mark.parametrize("card, stretched, to, message", [
    # quicksand costs 2 of the 2 steps
    ("red-3", {"T10:red:3"}, "T10:red:3", "Red stretches its neck 1 more space to T10:red:3"),
    # tiptoeing: 1 point a step (red@3 is the same play without tiptoeing, paying 2 for the quicksand)
    ("red-2", {"T10:red:3", "T10:red:4"}, "T10:red:4", "Red stretches its neck 2 more spaces to T10:red:4"),
])
def test_neck_stretch_pays_two_for_quicksand_unless_tiptoeing(card, stretched, to, message):
    """T10 hard has quicksand on red@3 and blue@3, the first spaces of the stretch from row 2."""
    g = race([{"space": "T10:blue:0", "hand": [card], "bonuses": NECK}, other("T01:black:0")],
             course=[["T01", "easy"], ["T10", "hard"], ["T02", "easy"]], bonuses=SIDE_B)
    assert {m.to for m in moves_for(g, card) if m.neck_stretch} == stretched
    assert neck_messages(g.play(Move(card, to=to, neck_stretch=True, tiptoe=card == "red-2"))) == [message]


def neck_dests(game, card):
    return {m.to for m in moves_for(game, card) if m.neck_stretch}


@pytest.mark.rule("tails.bonus.neck-stretch", "tails.animal.lion", "tails.tiptoe.ignore")
def test_neck_stretch_stops_at_a_lion_unless_tiptoeing():
    """T06 hard: a lion on blue@4, the first step of a stretch from blue@3, the second from blue@2."""
    g = race([{"space": "T06:red:0", "hand": ["blue-2", "blue-3"], "bonuses": NECK}, other("T01:red:0")],
             course=[["T01", "easy"], ["T06", "hard"], ["T02", "easy"]], bonuses=SIDE_B)
    assert neck_dests(g, "blue-3") == set()  # a stretch that cannot move is no choice
    # tiptoeing it stretches onto the lion's space; without tiptoeing the lion stops it at blue@3
    assert {(m.to, m.tiptoe) for m in moves_for(g, "blue-2") if m.neck_stretch} == {("T06:blue:4", True),
                                                                                  ("T06:blue:3", False)}


@pytest.mark.rule("tails.bonus.neck-stretch", "tails.bonus.boinnnggg", "tails.bonus.combine")
@pytest.mark.parametrize("taken, to", [("T03:blue:4", "T03:blue:5"),   # passes Purple
                                       ("T03:blue:5", "T03:blue:4")])  # may not end on Purple: one step
def test_with_boinnnggg_neck_stretch_passes_an_ostrich_but_does_not_end_on_one(taken, to):
    """Boinnnggg lasts the whole movement, the stretch from blue@3 included."""
    g = race([{"space": "T03:red:0", "hand": ["blue-3"], "bonuses": {**NECK, "boinnnggg": "active"}},
              other(taken), other("T03:blue:2")],
             course=[["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]],
             bonuses=["boinnnggg", "deja-vu", "neck-stretch"])
    assert {m for m in moves_for(g, "blue-3") if m.neck_stretch and m.boinnnggg} == {
        Move("blue-3", to=to, arm=("deja-vu",), boinnnggg=True, neck_stretch=True)}
    # without it the stretch stops behind Purple
    alone = {m.to for m in moves_for(g, "blue-3") if m.neck_stretch and not m.boinnnggg}
    assert alone == ({"T03:blue:4"} if taken == "T03:blue:5" else set())


@pytest.mark.rule("tails.bonus.neck-stretch", "tails.animal.crocodile")
def test_neck_stretch_may_pass_but_not_end_on_a_crocodile():
    """T09 hard: a crocodile on yellow@5, the second step of a stretch from yellow@3."""
    g = race([{"space": "T09:red:0", "hand": ["yellow-3"], "bonuses": NECK}, other("T01:red:0")],
             course=[["T01", "easy"], ["T09", "hard"], ["T02", "easy"]], bonuses=SIDE_B)
    assert neck_dests(g, "yellow-3") == {"T09:yellow:4"}
    assert neck_messages(g.play(Move("yellow-3", to="T09:yellow:4", neck_stretch=True))) == [
        "Red stretches its neck 1 more space to T09:yellow:4"]


@pytest.mark.rule("tails.bonus.neck-stretch", "tails.dune.arrow", "tails.dune.blocked", "tails.bonus.end-of-move-order")
@pytest.mark.parametrize("taken, to, dune", [
    ("T01:red:0", "T07:yellow:3", ("tails.dune.arrow", "Red slides along the dune to T07:yellow:3")),
    ("T07:yellow:3", "T07:yellow:2",
     ("tails.dune.blocked", "Red stops on a dune arrow but its space is blocked: the arrow is ignored"))])
def test_the_dune_arrow_where_a_neck_stretch_ends_applies_after_it(taken, to, dune):
    """T07 hard: a forward arrow on yellow@2, the end of a stretch from yellow@0."""
    g = race([{"space": "T01:blue:0", "hand": ["yellow-3"], "bonuses": NECK}, other(taken)],
             course=[["T01", "easy"], ["T07", "hard"], ["T02", "easy"]], bonuses=SIDE_B)
    events = g.play(Move("yellow-3", to=to, neck_stretch=True))
    assert [(e.rule, e.message) for e in events if e.rule != "tails.bonus.consumed"][2:4] == [
        ("tails.bonus.neck-stretch", "Red stretches its neck 2 more spaces to T07:yellow:2"), dune]


@pytest.mark.rule("tails.bonus.neck-stretch", "tails.bridge.exit-lane")
@pytest.mark.parametrize("card, row_5, to", [("red-4", "T04:red:5", "T02:red:0"),
                                             ("black-4", "T04:black:5", "T02:black:0")])
def test_neck_stretch_from_the_end_of_the_bridge_steps_off_onto_the_card_lane(card, row_5, to):
    """T04 hard: every lane funnels onto the bridge (rows 1-4); a 4 from row 0 ends on its last space."""
    g = race([{"space": "T04:blue:0", "hand": [card], "bonuses": NECK}, other("T01:red:0")],
             course=[["T01", "easy"], ["T04", "hard"], ["T02", "easy"]], bonuses=SIDE_B)
    assert neck_dests(g, card) == {to}
    assert g.route(Move(card, to=to, neck_stretch=True))[-3:] == ("T04:bridge:3", row_5, to)


@pytest.mark.rule("tails.bonus.neck-stretch", "tails.water.gain-marker", "tails.water.count")
def test_a_water_hole_reached_by_neck_stretch_arms_one_card():
    """T03 easy: a water hole on blue@3, the first step of the stretch from blue@2."""
    g = race([{"space": "T03:red:0", "hand": ["blue-2"], "bonuses": NECK}, other("T05:red:5")],
             course=[["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]], bonuses=SIDE_B)
    assert {m.arm for m in moves_for(g, "blue-2") if m.neck_stretch} == {("leapfrog",), ("deja-vu",)}


@pytest.mark.rule("tails.bonus.neck-stretch", "tails.animal.porcupine", "tails.bonus.leapfrog")
def test_a_neck_stretch_into_a_porcupine_ends_the_move_before_any_leapfrog():
    """T13 hard: a porcupine on blue@4; Purple stands right after it on blue@5."""
    g = race([{"space": "T13:red:0", "hand": ["blue-3"], "bonuses": {**NECK, "leapfrog": "active"}},
              other("T13:blue:5")], course=[["T01", "easy"], ["T13", "hard"], ["T02", "easy"]], bonuses=SIDE_B)
    assert set(moves_for(g, "blue-3")) == {Move("blue-3", to="T13:blue:3"),
                                           Move("blue-3", to="T13:blue:4", neck_stretch=True)}
