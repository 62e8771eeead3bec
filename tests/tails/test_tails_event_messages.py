"""What Savannah Tails tells the players, word for word: bonus movement, the rope bridge, the
end of the race. Numbers in these messages (places, extra spaces, plurals) are what a learner
reads to follow the rules."""

import pytest

from savannah_kit import tails
from savannah_kit.tails import Move
from tails_helpers import other, race

EASY = [["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]]
BRIDGE = [["T01", "easy"], ["T04", "hard"], ["T02", "easy"]]  # rope bridge on rows 1-4
FINISH_ONLY = [["T01", "easy"], ["T02", "easy"]]


def said(events):
    return [(e.rule, e.message) for e in events]


@pytest.mark.rule("tails.move.bonus-movement", "tails.order.race-position")
@pytest.mark.parametrize("place, extra, to", [(1, "1 extra space: bonus movement, started on the red lane and is 1st", "T03:red:4"),
                                              (2, "2 extra spaces: bonus movement, started on the red lane and is 2nd", "T03:red:5"),
                                              (3, "3 extra spaces: bonus movement, started on the red lane and is 3rd", "T05:red:0"),
                                              (4, "4 extra spaces: bonus movement, started on the red lane and is 4th", "T05:red:1")])
def test_bonus_movement_is_told_with_the_place_that_earns_it(place, extra, to):
    ahead = [other(f"T05:{lane}:3") for lane in ("blue", "yellow", "black")][:place - 1]
    g = race([{"space": "T03:red:0", "hand": ["red-3"]}] + ahead + [other() for _ in range(4 - place)], course=EASY)
    assert said(g.play(Move("red-3", to=to)))[:3] == [
        ("tails.turn.play-card", "Red plays red-3"),
        ("tails.move.bonus-movement", "Red moves " + extra),
        ("tails.move.exact-distance", f"Red moves {3 + place} points to {to}")]


@pytest.mark.rule("tails.move.bonus-flat-variant")
def test_the_flat_bonus_variant_is_named_in_the_message():
    g = race([{"space": "T03:red:0", "hand": ["red-3"]}, other("T05:red:3")], course=EASY, flat_bonus=True)
    assert said(g.play(Move("red-3", to="T03:red:5")))[1] == (
        "tails.move.bonus-flat-variant",
        "Red moves 2 extra spaces: bonus movement, started on the red lane and flat +2 variant")


@pytest.mark.rule("tails.bridge.no-bonus", "tails.bridge.exit-lane")
def test_leaving_the_last_bridge_space_names_the_lane_stepped_onto():
    g = race([{"space": "T04:bridge:3", "hand": ["red-3"]}, other("T02:black:3")], course=BRIDGE)
    assert said(g.play(Move("red-3", to="T02:red:1"))) == [
        ("tails.turn.play-card", "Red plays red-3"),
        ("tails.bridge.no-bonus", "Red starts on the rope bridge: no bonus movement"),
        ("tails.move.exact-distance", "Red moves 3 points to T02:red:1"),
        ("tails.bridge.exit-lane", "Red steps off the rope bridge onto the red lane"),
        ("tails.draw.one", "Red draws 1 card")]


@pytest.mark.rule("tails.bridge.exit-lane")
def test_leaving_the_bridge_from_its_middle_names_the_lane_stepped_onto():
    g = race([{"space": "T04:bridge:1", "hand": ["red-3"]}, other("T02:black:3")], course=BRIDGE)
    assert ("tails.bridge.exit-lane", "Red steps off the rope bridge onto the red lane") in \
        said(g.play(Move("red-3", to="T04:red:5")))


@pytest.mark.rule("tails.bridge.any-colour", "tails.tiptoe.ignore")
def test_stopping_on_the_bridge_is_told():
    g = race([{"space": "T04:red:0", "hand": ["blue-2"]}, other("T02:red:0")], course=BRIDGE)
    assert said(g.play(Move("blue-2", to="T04:bridge:1"))) == [
        ("tails.turn.play-card", "Red plays blue-2"),
        ("tails.move.exact-distance", "Red moves 2 points to T04:bridge:1"),
        ("tails.bridge.any-colour", "Red stops on the rope bridge, which counts as every colour"),
        ("tails.draw.one", "Red draws 1 card")]


@pytest.mark.rule("tails.end.trigger", "tails.end.winner")
@pytest.mark.parametrize("card, to, past", [("red-3", "T02:red:3", "1 space"), ("red-5", "T02:red:5", "3 spaces")])
def test_the_winner_is_announced_with_the_distance_past_the_line(card, to, past):
    g = race([{"space": "T02:blue:0", "hand": [card]}, {"space": "T01:blue:0", "hand": ["black-2"]}], course=FINISH_ONLY)
    assert said(g.play(Move(card, to=to)))[-1] == ("tails.end.trigger",
                                                   "Red crosses the finish line: this round is the last")
    events = g.play(Move("black-2", to="T01:black:2"))
    assert said(events)[-1] == ("tails.end.winner", f"Red wins, {past} past the line") and g.is_over


def hard(tile):
    return [["T01", "easy"], [tile, "hard"], ["T02", "easy"]]


FIVE = ["red-3", "red-2", "blue-2", "yellow-2", "black-2"]  # a Bird Brain hand


@pytest.mark.rule("tails.animal.cheetah", "tails.animal.cheetah-marker", "tails.draw.hand-size")
def test_a_cheetah_taking_bird_brain_is_told_down_to_the_discard():
    """T11 hard: a cheetah on blue@2, entered on the way to red@3."""
    g = race([{"space": "T11:blue:0", "hand": FIVE, "bonuses": {"bird-brain": "active"}}, other("T01:red:0")],
             course=hard("T11"))
    assert said(g.play(Move("red-3", to="T11:red:3", lose=("bird-brain",)))) == [
        ("tails.turn.play-card", "Red plays red-3"),
        ("tails.move.exact-distance", "Red moves 3 points to T11:red:3"),
        ("tails.animal.cheetah", "Red meets a cheetah on T11:blue:2"),
        ("tails.animal.cheetah", "A cheetah takes Red's Bird Brain card"),
        ("tails.animal.cheetah-marker", "Red's marker on Bird Brain goes back to the pile: hand size back to 4"),
        ("tails.draw.one", "Red draws 1 card"),
        ("tails.draw.hand-size", "Red holds 5 cards, hand size 4: must discard 1")]


@pytest.mark.rule("tails.animal.warthog", "tails.animal.warthog-replaces-draw", "tails.bonus.bird-brain")
def test_a_warthog_redraws_a_full_bird_brain_hand():
    """T12 hard: a warthog on red@1; Red is 1st, so red-3 goes 3 + 1 along red."""
    g = race([{"space": "T12:red:0", "hand": FIVE, "bonuses": {"bird-brain": "active"}}, other("T01:red:0")],
             course=hard("T12"))
    assert said(g.play(Move("red-3", to="T12:red:4", warthog=True)))[3:] == [
        ("tails.animal.warthog", "Red runs through a warthog on T12:red:1: hand redraw at the end of the turn"),
        ("tails.animal.warthog-replaces-draw", "Red discards the hand and redraws 5 cards (no other draw)")]
    assert len(g.state.hands[0]) == 5


@pytest.mark.rule("tails.quicksand.cost")
def test_wading_through_quicksand_is_told():
    """T03 hard: quicksand on red@2."""
    g = race([{"space": "T03:blue:0", "hand": ["red-4"]}, other("T05:red:5")],
             course=[["T01", "easy"], ["T03", "hard"], ["T05", "hard"], ["T02", "easy"]])
    events = g.play(Move("red-4", to="T03:red:3"))
    assert said(events)[1:3] == [("tails.move.exact-distance", "Red moves 4 points to T03:red:3"),
                                 ("tails.quicksand.cost", "Red wades through quicksand on T03:red:2: 2 movement points")]
    assert events[1].data == {"steps": 3, "to": "T03:red:3", "points": 4}


@pytest.mark.rule("tails.bonus.neck-stretch", "tails.animal.porcupine")
def test_a_neck_stretch_into_a_porcupine_is_told():
    """T13 hard: a porcupine on blue@4, one step past the end of the card's steps."""
    g = race([{"space": "T13:red:0", "hand": ["blue-3"], "bonuses": {"neck-stretch": "active"}}, other("T01:red:0")],
             course=hard("T13"), bonuses=["leapfrog", "deja-vu", "neck-stretch"])
    assert said(g.play(Move("blue-3", to="T13:blue:4", neck_stretch=True)))[2:] == [
        ("tails.bonus.neck-stretch", "Red stretches its neck 1 more space to T13:blue:4"),
        ("tails.bonus.consumed", "Red's Neck Stretch card and its marker leave the game"),
        ("tails.animal.porcupine", "Red runs into a porcupine on T13:blue:4: ouch!"),
        ("tails.draw.one", "Red draws 1 card")]


@pytest.mark.rule("tails.move.start-line", "tails.bridge.exit-lane")
def test_leaving_the_start_line_is_not_told_as_leaving_a_bridge():
    g = tails.new_game(players=2, seed=3)
    events = g.play(g.legal_moves()[0])
    assert "tails.move.start-line" in [e.rule for e in events]
    assert not [e for e in events if e.rule.startswith("tails.bridge.")]


def test_messages_on_the_board_count_spaces_from_one_as_its_footprints_do():
    from savannah_kit.tails.clicks import board_words, space_words
    from savannah_kit.tails.describe import space_words as spoken

    # the straights after the finish (V1-V3) are named like the tiles: their footprints count from 1 too
    assert board_words("Red moves 6 points to V1:red:0, past T02:black:5") == \
        "Red moves 6 points to V1 red space 1, past T02 black space 6"
    assert space_words("V2:bridge:1") == "V2 bridge space 2" and spoken("T03:red:2") == "on T03 red space 3"
    g = race([{"space": "T02:red:1", "hand": ["red-6"]}, other("T02:blue:0")], course=FINISH_ONLY)
    assert "finish line after row 3" in str(g)  # after footprint 3 of the finish tile
    finish_line = {s.title for s in g.scene().shapes if s.title and s.title.startswith("the finish line")}
    assert finish_line == {"the finish line (between rows 3 and 4)"}
    events = g.play(Move("red-6", to="V1:red:2"))  # 6 + 1 bonus movement (1st)
    assert board_words(events[2].message) == "Red moves 7 points to V1 red space 3"
