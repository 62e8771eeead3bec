"""Savannah Tails movement: exact distance, card lane, lane changes, blocking, bonus movement."""

import pytest

from savannah_kit.core.errors import IllegalMove
from savannah_kit.tails import Move
from tails_helpers import dests, moves_for, other, race, rules_of

EASY = [["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]]
QUICK = [["T01", "easy"], ["T03", "hard"], ["T05", "easy"], ["T02", "easy"]]


def rule_of(game, move):
    with pytest.raises(IllegalMove) as err:
        game.play(move)
    return err.value.rule_id


@pytest.mark.rule("tails.move.card", "tails.move.exact-distance", "tails.move.end-on-card-colour")
def test_a_card_gives_distance_and_lane():
    g = race([{"space": "T03:red:0", "hand": ["yellow-3", "blue-5"]}, other("T05:red:5")], course=EASY)
    assert dests(g, "yellow-3") == {"T03:yellow:3"}
    assert dests(g, "blue-5") == {"T03:blue:5"}
    assert rule_of(g, Move("yellow-3", to="T03:yellow:4")) == "tails.move.exact-distance"
    assert rule_of(g, Move("yellow-3", to="T03:blue:3")) == "tails.move.end-on-card-colour"


@pytest.mark.rule("tails.move.end-on-card-colour")
def test_a_card_that_cannot_reach_its_lane_gives_one_space_moves_only():
    g = race([{"space": "T03:red:0", "hand": ["black-2"]}, other("T05:red:5")], course=EASY)
    assert dests(g, "black-2") == set()
    assert dests(g, "black-2", "one-space") == {"T03:red:1", "T03:blue:1"}
    err = g.explain(Move("black-2", to="T03:black:3"))
    assert err.startswith("Not legal") and "[tails.move.end-on-card-colour]" in err


@pytest.mark.rule("tails.move.toward-target-lane", "tails.move.free-lane-timing")
def test_lane_changes_only_toward_the_card_lane():
    # from black, a yellow 4 may not detour through the blue water hole (blue@3)
    g = race([{"space": "T03:black:0", "hand": ["yellow-4"]}, other("T05:red:5")], course=EASY)
    assert moves_for(g, "yellow-4") == [Move("yellow-4", to="T03:yellow:4")]
    assert rule_of(g, Move("yellow-4", to="T03:yellow:4", arm=("boinnnggg",))) == "tails.move.toward-target-lane"


@pytest.mark.rule("tails.move.free-lane-timing")
def test_routes_count_once_unless_their_effects_differ():
    # from red, a yellow 4 can pass the blue water hole or not: 1 plain move + 3 ways to arm
    g = race([{"space": "T03:red:0", "hand": ["yellow-4"]}, other("T05:red:5")], course=EASY)
    got = sorted(moves_for(g, "yellow-4"), key=repr)
    assert got == sorted([Move("yellow-4", to="T03:yellow:4"),
                          Move("yellow-4", to="T03:yellow:4", arm=("boinnnggg",)),
                          Move("yellow-4", to="T03:yellow:4", arm=("crazy-wings",)),
                          Move("yellow-4", to="T03:yellow:4", arm=("bird-brain",))], key=repr)
    # three routes to yellow:3 (change lane at any step) are one move
    g = race([{"space": "T03:red:0", "hand": ["yellow-3"]}, other("T05:red:5")], course=EASY)
    assert moves_for(g, "yellow-3") == [Move("yellow-3", to="T03:yellow:3")]


@pytest.mark.rule("tails.move.no-pass-through", "tails.move.blocked-stop")
def test_blocked_move_uses_as_many_points_as_it_can():
    g = race([{"space": "T03:red:0", "hand": ["yellow-3"]}, other("T03:red:2"), other("T03:blue:2"),
              other("T03:yellow:2")], course=EASY)
    # no route can end on the yellow lane: the card is good only for a one-space move
    assert dests(g, "yellow-3") == set()
    assert dests(g, "yellow-3", "one-space") == {"T03:red:1", "T03:blue:1"}
    assert rule_of(g, Move("yellow-3", to="T03:red:2")) == "tails.move.no-pass-through"
    g2 = race([{"space": "T03:red:0", "hand": ["yellow-3"]}, other("T03:blue:1"), other("T05:red:5")], course=EASY)
    assert dests(g2, "yellow-3") == {"T03:yellow:3"}
    # T09 hard: a crocodile on yellow@5. Yellow-5 from blue@0 cannot end there: it stops on yellow@4
    g3 = race([{"space": "T09:blue:0", "hand": ["yellow-5"]}, other("T01:red:0")],
              course=[["T01", "easy"], ["T09", "hard"], ["T02", "easy"]])
    assert dests(g3, "yellow-5") == {"T09:yellow:4"}
    assert rule_of(g3, Move("yellow-5", to="T09:blue:5")) == "tails.move.end-on-card-colour"
    events = g3.play(Move("yellow-5", to="T09:yellow:4"))
    assert "tails.move.blocked-stop" in rules_of(events)


@pytest.mark.rule("tails.move.fully-blocked")
def test_fully_blocked_card_is_played_and_the_ostrich_stays():
    g = race([{"space": "T03:red:0", "hand": ["yellow-3", "red-5"], "deck": ["blue-2"] + [
        c for c in ("red-2 red-3 red-4 red-6 blue-3 blue-4 blue-5 blue-6 yellow-2 yellow-4 yellow-5 yellow-6 "
                    "black-2 black-3 black-4 black-5 black-6").split()]},
              other("T03:red:1"), other("T03:blue:1")], course=EASY)
    assert dests(g, "yellow-3") == {"T03:red:0"}
    events = g.play(Move("yellow-3", to="T03:red:0"))
    assert rules_of(events) == ["tails.turn.play-card", "tails.move.fully-blocked", "tails.draw.one"]
    assert g.state.pos[0] == g.track.by_name["T03:red:0"]
    assert sorted(g.state.hands[0]) == sorted([5 + 0, 3])  # blue-2 drawn, red-5 kept


@pytest.mark.rule("tails.move.bonus-movement", "tails.move.bonus-no-lane-change")
def test_bonus_movement_adds_the_race_position():
    g = race([{"space": "T03:yellow:0", "hand": ["yellow-3", "blue-3"]}, other("T05:red:5")], course=EASY)
    assert g.race_position(0) == 2
    assert dests(g, "yellow-3") == {"T03:yellow:5"}  # 3 + 2 along the yellow lane only
    assert dests(g, "blue-3") == {"T03:blue:3"}
    assert rule_of(g, Move("yellow-3", to="T03:blue:5")) == "tails.move.bonus-no-lane-change"
    events = g.play(Move("yellow-3", to="T03:yellow:5"))
    bonus = [e for e in events if e.rule == "tails.move.bonus-movement"]
    assert [e.message for e in bonus] == [
        "Red moves 2 extra spaces: bonus movement, started on the yellow lane and is 2nd"]


@pytest.mark.rule("tails.move.bonus-flat-variant")
def test_flat_bonus_variant():
    ost = [{"space": "T03:yellow:0", "hand": ["yellow-3"]}, other("T05:red:5"), other("T05:red:4")]
    assert dests(race(ost, course=EASY), "yellow-3") == {"T05:yellow:0"}  # 3rd: +3
    g = race(ost, course=EASY, flat_bonus=True)
    assert dests(g, "yellow-3") == {"T03:yellow:5"}  # flat +2
    assert "tails.move.bonus-flat-variant" in rules_of(g.play(Move("yellow-3", to="T03:yellow:5")))


@pytest.mark.rule("tails.move.one-space-any-card", "tails.move.one-space-no-bonus")
def test_one_space_move_with_any_card():
    g = race([{"space": "T03:blue:2", "hand": ["blue-6", "black-4"]}, other("T03:red:3")], course=EASY)
    assert dests(g, "blue-6", "one-space") == {"T03:blue:3", "T03:yellow:3"}
    assert dests(g, "black-4", "one-space") == {"T03:blue:3", "T03:yellow:3"}
    events = g.play(Move("blue-6", to="T03:yellow:3", kind="one-space"))
    assert rules_of(events) == ["tails.turn.play-card", "tails.move.one-space-any-card", "tails.draw.one"]
    assert rule_of(race([{"space": "T03:blue:2", "hand": ["blue-6"]}, other("T03:red:3")], course=EASY),
                   Move("blue-6", to="T03:blue:4", kind="one-space")) == "tails.move.one-space-any-card"


@pytest.mark.rule("tails.move.start-line", "tails.setup.start-line")
def test_start_line_entry():
    g = race([{"space": "start", "hand": ["yellow-3", "red-4", "black-2"]}, other("start")], course=EASY)
    assert dests(g, "yellow-3") == {"T01:yellow:2"}
    assert dests(g, "red-4") == {"T03:red:0"}
    assert dests(g, "black-2", "one-space") == {"T01:red:0", "T01:blue:0", "T01:yellow:0", "T01:black:0"}
    events = g.play(Move("yellow-3", to="T01:yellow:2"))
    assert "tails.move.start-line" in rules_of(events)
    assert "tails.move.bonus-movement" not in rules_of(events)


@pytest.mark.rule("tails.move.links")
def test_moves_only_go_forward():
    g = race([{"space": "T03:blue:3", "hand": ["blue-4"]}, other("T05:red:5")], course=EASY)
    assert rule_of(g, Move("blue-4", to="T03:blue:1")) == "tails.move.links"
    assert rule_of(g, Move("blue-4", to="T99:blue:1")) == "tails.move.links"
