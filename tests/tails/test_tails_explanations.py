"""Savannah Tails explanations that never mislead: a refusal names the real obstacle, a blocked
move names what blocked it and where it stops, every bonus used is told as used up, each draw
cites its own rule, and every event carries its numbers as data."""

import pytest

from savannah_kit import tails
from savannah_kit.tails import Move
from tails_helpers import other, race, refusal

EASY = [["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]]
SIDE_B = ["leapfrog", "deja-vu", "neck-stretch"]
ALL = [f"{lane}-{v}" for lane in ("red", "blue", "yellow", "black") for v in range(2, 7)]


def on(tile, *ostriches, **options):
    """A race on the start tile, ``tile`` (hard side) and the finish tile."""
    return race(list(ostriches), course=[["T01", "easy"], [tile, "hard"], ["T02", "easy"]], **options)


def told(events, rule):
    """(message, data) of the events citing ``rule``."""
    return [(e.message, dict(e.data)) for e in events if e.rule == rule]


def lion_ahead():
    """T06 hard: a lion on blue@4. Red is 1st on blue@1, so blue-3 moves 3 + 1 along blue."""
    return on("T06", {"space": "T06:blue:1", "hand": ["blue-3"]}, other("T01:red:0"))


# -- 1. blocked moves: the real obstacle, and where the move stops --------------------------------

@pytest.mark.rule("tails.animal.lion")
def test_a_space_the_exact_distance_away_behind_a_lion_is_refused_for_the_lion():
    """blue@5 is exactly 4 points away: the move is not "too short", the lion is in the way."""
    assert refusal(lion_ahead(), Move("blue-3", to="T06:blue:5")) == (
        "tails.animal.lion", "every route there is blocked by the lion on T06:blue:4: a lion space may not be entered")


@pytest.mark.rule("tails.move.blocked-stop")
def test_stopping_short_of_the_furthest_space_a_blocked_move_can_reach_is_refused():
    assert refusal(lion_ahead(), Move("blue-3", to="T06:blue:2")) == (
        "tails.move.blocked-stop", "the move is blocked by the lion on T06:blue:4, so it must go as far as it "
        "can: 2 points, to T06:blue:3; T06:blue:2 is 1 point away")


@pytest.mark.rule("tails.move.blocked-stop", "tails.animal.lion")
def test_a_move_blocked_by_a_lion_names_it_and_where_it_stops():
    events = lion_ahead().play(Move("blue-3", to="T06:blue:3"))
    assert told(events, "tails.move.blocked-stop") == [
        ("Red is blocked by the lion on T06:blue:4 and stops on T06:blue:3 after 2 spaces",
         {"steps": 2, "to": "T06:blue:3", "points": 2, "blockers": [{"kind": "lion", "space": "T06:blue:4"}]})]


@pytest.mark.rule("tails.move.blocked-stop", "tails.animal.crocodile")
def test_a_move_that_would_end_on_a_crocodile_stops_on_the_card_lane_before_it():
    """T09 hard: a crocodile on yellow@5, where every 5-point yellow move from red@0 ends."""
    g = on("T09", {"space": "T09:red:0", "hand": ["yellow-5"]}, other("T01:red:0"))
    assert [m.to for m in g.legal_moves() if m.kind == "normal"] == ["T09:yellow:4"]
    assert told(g.play(Move("yellow-5", to="T09:yellow:4")), "tails.move.blocked-stop") == [
        ("Red is blocked by the crocodile on T09:yellow:5 and stops on T09:yellow:4 after 4 spaces",
         {"steps": 4, "to": "T09:yellow:4", "points": 4,
          "blockers": [{"kind": "crocodile", "space": "T09:yellow:5"}]})]


@pytest.mark.rule("tails.move.blocked-stop", "tails.move.no-pass-through")
def test_a_move_blocked_by_an_ostrich_names_whose_it_is():
    g = race([{"space": "T03:red:0", "hand": ["red-6"]}, other("T03:red:3"), other("T03:blue:4"),
              other("T03:yellow:4"), other("T03:black:4")], course=EASY)
    events = g.play(Move("red-6", to="T03:red:2"))
    assert told(events, "tails.move.blocked-stop")[0][0] == (
        "Red is blocked by Purple's ostrich on T03:red:3 and stops on T03:red:2 after 2 spaces")


@pytest.mark.rule("tails.bonus.boinnnggg", "tails.move.blocked-stop")
def test_boinnnggg_may_not_end_on_a_lion_and_stops_before_it():
    """T06 hard: Red is 1st on blue@0, so blue-3 moves 3 + 1 along blue, onto the lion on blue@4."""
    g = on("T06", {"space": "T06:blue:0", "hand": ["blue-3"], "bonuses": {"boinnnggg": "active"}}, other("T01:red:0"))
    assert refusal(g, Move("blue-3", to="T06:blue:4", boinnnggg=True)) == (
        "tails.bonus.boinnnggg",
        "T06:blue:4 holds a lion: Boinnnggg moves through it but may not end there (K6; with boinnnggg_end='through' it may)")
    assert told(g.play(Move("blue-3", to="T06:blue:3", boinnnggg=True)), "tails.move.blocked-stop")[0][0] == (
        "Red is blocked by the lion on T06:blue:4 and stops on T06:blue:3 after 3 spaces")


# -- 2. a bonus armed by this very move -----------------------------------------------------------

@pytest.mark.rule("tails.water.next-turn")
@pytest.mark.parametrize("move", [
    Move("blue-3", to="T03:blue:5", arm=("neck-stretch",), neck_stretch=True),
    Move("deja-vu", to="T03:blue:4", arm=("deja-vu",))])
def test_a_bonus_this_move_arms_cannot_be_used_on_it(move):
    """T03 easy: a water hole on blue@3, on the way from red@0 to the blue lane."""
    g = race([{"space": "T03:red:0", "hand": ["blue-3"], "discard": ["blue-4"]}, other("T05:red:5")],
             course=EASY, bonuses=SIDE_B)
    name = "Neck Stretch" if move.neck_stretch else "Déjà vu"
    assert refusal(g, move) == ("tails.water.next-turn", f"{name} would only get its marker on this move: a bonus "
                                "activated this turn is usable from the next turn on")


@pytest.mark.rule("tails.water.gain-marker")
def test_a_bonus_without_a_marker_that_this_move_does_not_arm_still_needs_one():
    g = race([{"space": "T03:red:0", "hand": ["blue-3"]}, other("T05:red:5")], course=EASY, bonuses=SIDE_B)
    assert refusal(g, Move("blue-3", to="T03:blue:5", arm=("deja-vu",), neck_stretch=True)) == (
        "tails.water.gain-marker", "Neck Stretch has no marker yet: a water hole must activate it first")


# -- 3. every bonus used is told as used up -------------------------------------------------------

def consumed(events):
    return told(events, "tails.bonus.consumed")


@pytest.mark.rule("tails.bonus.consumed", "tails.bonus.crazy-wings", "tails.setup.markers")
def test_crazy_wings_used_is_consumed_with_its_marker():
    g = race([{"space": "T03:red:0", "hand": ["yellow-3"], "bonuses": {"crazy-wings": "active"}}, other("T05:red:5")],
             course=EASY)
    assert consumed(g.play(Move("crazy-wings", lane="red", to="T05:red:0"))) == [
        ("Red's Crazy Wings card and its marker leave the game", {"bonus": "crazy-wings", "markers_left": 2})]
    assert g.markers_left["red"] == 2


@pytest.mark.rule("tails.bonus.consumed", "tails.bonus.deja-vu")
def test_deja_vu_used_is_consumed():
    g = race([{"space": "T03:red:0", "hand": ["yellow-3"], "discard": ["red-3"], "bonuses": {"deja-vu": "active"}},
              other("T05:red:5")], course=EASY, bonuses=SIDE_B)
    events = g.play(Move("deja-vu", to="T03:red:5"))
    assert consumed(events) == [("Red's Déjà vu card and its marker leave the game",
                                 {"bonus": "deja-vu", "markers_left": 2})]
    assert [e.rule for e in events][:2] == ["tails.bonus.deja-vu", "tails.bonus.consumed"]


@pytest.mark.rule("tails.bonus.consumed", "tails.bonus.boinnnggg")
def test_boinnnggg_used_is_consumed():
    g = race([{"space": "T03:red:0", "hand": ["yellow-3"], "bonuses": {"boinnnggg": "active"}},
              other("T03:red:1"), other("T03:blue:1")], course=EASY)
    events = g.play(Move("yellow-3", to="T03:yellow:3", boinnnggg=True))
    assert consumed(events) == [("Red's Boinnnggg card and its marker leave the game",
                                 {"bonus": "boinnnggg", "markers_left": 2})]


@pytest.mark.rule("tails.bonus.consumed", "tails.bonus.neck-stretch", "tails.bonus.leapfrog", "tails.bonus.combine")
def test_neck_stretch_and_leapfrog_used_together_are_both_consumed():
    """Neck Stretch reaches blue@5; Leapfrog jumps the two ostriches on T05 blue@0-1."""
    g = race([{"space": "T03:red:0", "hand": ["blue-3"], "bonuses": {"leapfrog": "active", "neck-stretch": "active"}},
              other("T05:blue:0"), other("T05:blue:1")], course=EASY, bonuses=SIDE_B)
    events = g.play(Move("blue-3", to="T05:blue:2", arm=("deja-vu",), neck_stretch=True, leapfrog=True))
    assert [m for m, _data in consumed(events)] == ["Red's Neck Stretch card and its marker leave the game",
                                                   "Red's Leapfrog card and its marker leave the game"]
    assert [d["markers_left"] for _m, d in consumed(events)] == [0, 0]  # Déjà vu was armed on the way
    assert told(events, "tails.bonus.neck-stretch") == [
        ("Red stretches its neck 2 more spaces to T03:blue:5", {"steps": 2, "to": "T03:blue:5"})]
    assert told(events, "tails.bonus.leapfrog") == [("Red leapfrogs to T05:blue:2", {"to": "T05:blue:2", "jumped": 2})]


# -- 4 and 6. Bird Brain acts at once, and its card is its own draw -------------------------------

@pytest.mark.rule("tails.bonus.bird-brain", "tails.draw.one", "tails.water.next-turn")
def test_bird_brain_is_told_as_acting_at_once_and_its_extra_card_cites_it():
    hand = ["blue-4", "red-2", "yellow-2", "yellow-3"]
    g = race([{"space": "T03:red:0", "hand": hand, "deck": [c for c in ALL if c not in hand]}, other("T05:red:5")],
             course=EASY)
    events = g.play(Move("blue-4", to="T03:blue:4", arm=("bird-brain",)))
    assert told(events, "tails.water.gain-marker") == [
        ("Red drinks at a water hole and arms Bird Brain, which acts at once",
         {"bonus": "bird-brain", "markers_left": 2})]
    assert told(events, "tails.draw.one") == [("Red draws 1 card", {"cards": 1})]
    assert told(events, "tails.bonus.bird-brain") == [
        ("Red's Bird Brain acts at once: hand size 5, and one extra card at the end of this turn",
         {"hand_size": 5, "extra_cards": 1}),
        ("Red draws 1 extra card for Bird Brain", {"cards": 1})]
    assert len(g.state.hands[0]) == 5


@pytest.mark.rule("tails.bonus.bird-brain", "tails.bonus.crazy-wings")
def test_with_crazy_wings_bird_brain_draws_its_card_alone():
    """Crazy Wings draws no card, Bird Brain still draws one more than that."""
    g = race([{"space": "T03:red:0", "hand": ["red-3"], "bonuses": {"crazy-wings": "active"}}, other("T05:red:5")],
             course=EASY)
    events = g.play(Move("crazy-wings", lane="yellow", to="T03:yellow:4", arm=("bird-brain",)))
    assert told(events, "tails.draw.one") == []
    assert told(events, "tails.bonus.bird-brain")[-1] == ("Red draws 1 extra card for Bird Brain", {"cards": 1})
    assert len(g.state.hands[0]) == 2


# -- 5. one-space moves that go sideways or back ----------------------------------------------------

@pytest.mark.rule("tails.move.links")
@pytest.mark.parametrize("kind", ["one-space", "normal"])
def test_sideways_or_backwards_is_a_guide_line_fault_for_every_move(kind):
    g = race([{"space": "T03:blue:2", "hand": ["blue-6"]}, other("T03:red:3")], course=EASY)
    assert refusal(g, Move("blue-6", to="T03:blue:1", kind=kind))[0] == "tails.move.links"
    assert refusal(g, Move("blue-6", to="T03:yellow:2", kind=kind))[0] == "tails.move.links"


# -- 7. plurals, and why a water hole arms nothing ------------------------------------------------

@pytest.mark.rule("tails.water.count", "tails.bonus.leapfrog-landing")
def test_a_leapfrog_onto_a_water_hole_with_no_card_left_to_arm_says_why():
    """T03 easy: water on blue@3. blue-3 from T01 red@1 ends on T03 blue@1; Purple on blue@2 is
    jumped, so Red lands on the water hole, but every bonus card of Red's has a marker."""
    g = race([{"space": "T01:red:1", "hand": ["blue-3"],
               "bonuses": {"leapfrog": "active", "deja-vu": "active", "neck-stretch": "armed"}},
              other("T03:blue:2")], course=EASY, bonuses=SIDE_B)
    assert refusal(g, Move("blue-3", to="T03:blue:3", leapfrog=True, arm=("deja-vu",))) == (
        "tails.water.count", "this move enters 1 water hole, but none of your bonus cards is left without a "
        "marker: it arms none")


@pytest.mark.rule("tails.water.count")
def test_a_water_hole_with_nothing_left_to_arm_is_told_with_its_count():
    """Red, 2nd on T03 blue@2, moves blue-3 + 2 along blue through the water hole on blue@3."""
    g = race([{"space": "T03:blue:2", "hand": ["blue-3"],
               "bonuses": {"boinnnggg": "gone", "crazy-wings": "active", "bird-brain": "active"}},
              other("T05:red:5")], course=EASY)
    events = g.play(Move("blue-3", to="T05:blue:1"))
    assert told(events, "tails.water.count") == [
        ("Red has no bonus card left without a marker: 1 water hole gives nothing", {"water_holes": 1, "armed": 0})]


@pytest.mark.rule("tails.move.bonus-movement")
def test_one_extra_space_is_singular_and_carries_its_place():
    g = race([{"space": "T03:red:0", "hand": ["red-3"]}, other()], course=EASY)
    events = g.play(Move("red-3", to="T03:red:4"))
    assert told(events, "tails.move.bonus-movement") == [
        ("Red moves 1 extra space: bonus movement, started on the red lane and is 1st", {"bonus": 1, "place": 1})]
    assert told(events, "tails.move.exact-distance") == [
        ("Red moves 4 points to T03:red:4", {"steps": 4, "to": "T03:red:4", "points": 4})]


@pytest.mark.rule("tails.draw.hand-size")
def test_a_discard_of_one_card_is_singular():
    g = race([{"space": "T03:red:0", "hand": ["red-2", "red-3", "red-4", "red-5", "red-6"]}, other()],
             course=EASY, pending_discard=1)
    assert refusal(g, Move("red-3", to="T03:red:5")) == (
        "tails.draw.hand-size", "Red must first discard 1 card down to the hand size")


# -- 8. numbers as data -----------------------------------------------------------------------------

@pytest.mark.rule("tails.water.gain-marker", "tails.setup.markers")
def test_arming_a_bonus_says_how_many_markers_are_left_in_the_pile():
    g = race([{"space": "T03:red:0", "hand": ["yellow-4"], "bonuses": {"boinnnggg": "active"}}, other("T05:red:5")],
             course=EASY)
    events = g.play(Move("yellow-4", to="T03:yellow:4", arm=("crazy-wings",)))
    assert told(events, "tails.water.gain-marker") == [
        ("Red drinks at a water hole and arms Crazy Wings (usable from the next turn)",
         {"bonus": "crazy-wings", "markers_left": 1})]
    assert tails.marker_pile(g)["red"] == 1


@pytest.mark.rule("tails.draw.hand-size", "tails.animal.cheetah-marker")
def test_the_hand_size_check_carries_the_cards_to_discard():
    """T11 hard: a cheetah on blue@2 takes Bird Brain, so the hand of 5 is one too many."""
    hand = ["red-3", "red-2", "blue-2", "yellow-2", "black-2"]
    g = on("T11", {"space": "T11:blue:0", "hand": hand, "bonuses": {"bird-brain": "active"}}, other("T01:red:0"))
    events = g.play(Move("red-3", to="T11:red:3", lose=("bird-brain",)))
    assert told(events, "tails.animal.cheetah-marker") == [
        ("Red's marker on Bird Brain goes back to the pile: hand size back to 4",
         {"bonus": "bird-brain", "hand_size": 4})]
    assert told(events, "tails.draw.hand-size") == [
        ("Red holds 5 cards, hand size 4: must discard 1", {"hand": 5, "hand_size": 4, "discard": 1})]
