"""Savannah Tails geometry: spaces, guide lines, corner sections, rope bridges, race order."""

import pytest

from savannah_kit.tails.track import Track, named_course
from tails_helpers import other, race

SECOND = Track(named_course("second-race"))


def succ(track, name):
    return sorted(track.names[t] for t, _k in track.succ[track.by_name[name]])


@pytest.mark.rule("tails.move.links")
def test_forward_and_diagonal_links():
    assert succ(SECOND, "T03:blue:1") == ["T03:blue:2", "T03:red:2", "T03:yellow:2"]
    assert succ(SECOND, "T03:red:5") == ["T04:blue:0", "T04:red:0"]
    assert succ(SECOND, "start") == ["T01:black:0", "T01:blue:0", "T01:red:0", "T01:yellow:0"]
    # corners: the first space of the neighbouring lane in the next section
    assert succ(SECOND, "T14:red:1") == ["T14:blue:3", "T14:red:2"]
    assert succ(SECOND, "T14:yellow:1") == ["T14:black:2", "T14:blue:1", "T14:yellow:2"]
    assert succ(SECOND, "T14:yellow:3") == ["T14:yellow:4", "T15:black:0", "T15:blue:0"]
    assert succ(SECOND, "T21:red:5") == ["T22:blue:0", "T22:red:0"]


@pytest.mark.rule("tails.order.corner-sections")
def test_corner_lane_lengths_and_sections():
    def lane(tile, colour):
        return [SECOND.section[SECOND.by_name[n]] for n in SECOND.names if n.startswith(f"{tile}:{colour}:")]
    # left corner: red is inside (3 spaces) ... black outside (6)
    assert lane("T14", "red") == [0, 1, 2]
    assert lane("T14", "blue") == [0, 1, 1, 2]
    assert lane("T14", "yellow") == [0, 0, 1, 2, 2]
    assert lane("T14", "black") == [0, 0, 1, 1, 2, 2]
    # right corner: black is inside
    assert len(lane("T21", "black")) == 3 and len(lane("T21", "red")) == 6


@pytest.mark.rule("tails.bridge.single-file")
def test_rope_bridge_links():
    assert succ(SECOND, "T04:yellow:0") == ["T04:bridge:0"]
    assert succ(SECOND, "T04:bridge:0") == ["T04:bridge:1"]
    assert succ(SECOND, "T04:bridge:3") == ["T04:black:5", "T04:blue:5", "T04:red:5", "T04:yellow:5"]
    assert "T04:red:2" not in SECOND.by_name


@pytest.mark.rule("tails.end.distance")
def test_distance_past_the_line():
    score = lambda n: SECOND.score[SECOND.by_name[n]]
    assert [score(f"T02:red:{i}") for i in range(6)] == [-2, -1, 0, 1, 2, 3]
    assert score("V1:black:0") == 4 and score("V2:blue:1") == 11
    assert score("start") == -66


@pytest.mark.rule("tails.order.race-position", "tails.order.level-baobab")
def test_race_order_on_a_straight():
    # T03 has its baobab on the left (red side); T06 on the right (black side)
    g = race([other("T03:yellow:2"), other("T03:blue:2"), other("T03:black:3"), other("start")])
    assert g.race_order() == [2, 1, 0, 3]
    course = [["T01", "easy"], ["T06", "easy"], ["T02", "easy"]]
    g = race([other("T06:red:4"), other("T06:black:4"), other("T06:yellow:4")], course=course)
    assert g.race_order() == [1, 2, 0]


@pytest.mark.rule("tails.order.corner-sections")
def test_race_order_in_a_corner():
    # T14 turns left: red is the inside lane. Section 1: red:1, blue:1-2, yellow:2, black:2-3
    g = race([other("T14:black:3"), other("T14:red:1"), other("T14:blue:1"), other("T14:blue:0"), other("T14:yellow:2")])
    assert g.race_order() == [1, 2, 4, 0, 3]


@pytest.mark.rule("tails.bridge.order")
def test_bridge_spaces_are_sections_and_normal_rows_use_the_tile_baobab():
    g = race([other("T04:red:0"), other("T04:bridge:0"), other("T04:black:0"), other("T04:bridge:2")],
             course="second-race")
    # T04's baobab is printed on the right, but its normal rows take the side of the adjoining
    # tiles (T03 and T14: left), so red is before black in row 0; each bridge space is ahead of row 0
    assert g.race_order() == [3, 1, 0, 2]
