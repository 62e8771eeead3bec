"""Savannah Tails difficult tiles and animals: quicksand, dunes, rope bridges, the five animals, '2' cards."""

import json
from importlib import resources

import pytest

from savannah_kit.core.errors import IllegalMove
from savannah_kit.tails import Move
from savannah_kit.tails.data import BonusState
from tails_helpers import dests, moves_for, other, race, rules_of

INACTIVE, ARMED, ACTIVE, GONE = BonusState


def hard(*tiles):
    return [["T01", "easy"]] + [[t, "hard"] for t in tiles] + [["T02", "easy"]]


def rule_of(game, move):
    with pytest.raises(IllegalMove) as err:
        game.play(move)
    return err.value.rule_id


@pytest.mark.rule("tails.quicksand.cost")
def test_quicksand_costs_two_points():
    # T03 hard: quicksand on red@2 and black@4; water on blue@3
    g = race([{"space": "T03:blue:0", "hand": ["red-4"]}, other("T05:red:5")], course=hard("T03", "T05"))
    assert sorted(moves_for(g, "red-4"), key=repr) == sorted([
        Move("red-4", to="T03:red:3"),  # through the quicksand: 1 + 2 + 1
        Move("red-4", to="T03:red:4"),
        Move("red-4", to="T03:red:4", arm=("boinnnggg",)),
        Move("red-4", to="T03:red:4", arm=("crazy-wings",)),
        Move("red-4", to="T03:red:4", arm=("bird-brain",))], key=repr)
    events = g.play(Move("red-4", to="T03:red:3"))
    assert "tails.quicksand.cost" in rules_of(events)


@pytest.mark.rule("tails.quicksand.one-space", "tails.tiptoe.ignore")
def test_one_space_move_into_quicksand_needs_a_two():
    g = race([{"space": "T03:red:1", "hand": ["red-5", "blue-2"]}, other("T05:red:5")], course=hard("T03", "T05"))
    assert dests(g, "red-5", "one-space") == {"T03:blue:2"}
    assert dests(g, "blue-2", "one-space") == {"T03:red:2", "T03:blue:2"}
    assert rule_of(g, Move("red-5", to="T03:red:2", kind="one-space")) == "tails.quicksand.one-space"


@pytest.mark.rule("tails.animal.lion", "tails.tiptoe.ignore")
def test_lion_space_cannot_be_entered_but_a_two_tiptoes_past():
    # T06 hard: lion on blue@4. Red is 1st on blue@3: blue-3 gives 3 + 1 along blue
    g = race([{"space": "T06:blue:3", "hand": ["blue-3", "blue-2"]}, other("T01:red:0")], course=hard("T06", "T05"))
    assert dests(g, "blue-3") == set()  # blocked by the lion: only good for a one-space move
    assert dests(g, "blue-3", "one-space") == {"T06:red:4", "T06:yellow:4"}
    assert dests(g, "blue-2") == {"T05:blue:0"}
    assert dests(g, "blue-2", "one-space") == {"T06:red:4", "T06:blue:4", "T06:yellow:4"}
    assert rule_of(g, Move("blue-3", to="T06:blue:4", kind="one-space")) == "tails.animal.lion"
    assert rule_of(g, Move("blue-2", to="T05:blue:0")) == "tails.tiptoe.ignore"  # only tiptoeing gets there
    events = g.play(Move("blue-2", to="T05:blue:0", tiptoe=True))
    assert "tails.tiptoe.ignore" in rules_of(events)


@pytest.mark.rule("tails.animal.crocodile")
def test_crocodile_may_be_passed_not_ended_on():
    # T09 hard: crocodiles on blue@2 and yellow@5
    g = race([{"space": "T01:blue:1", "hand": ["blue-3", "blue-4"]}, other("start")], course=hard("T09"))
    assert dests(g, "blue-4") == {"T09:blue:3"}  # 4 + 1 passes over the crocodile
    assert dests(g, "blue-3") == {"T09:blue:1"}  # would end on it: blocked one short
    assert rule_of(g, Move("blue-3", to="T09:blue:2")) == "tails.animal.crocodile"


@pytest.mark.rule("tails.animal.porcupine")
def test_porcupine_ends_the_move_at_once():
    # T13 hard: porcupines on yellow@1 and blue@4
    g = race([{"space": "T13:yellow:0", "hand": ["red-4"]}, other("T01:red:0")], course=hard("T13"))
    assert dests(g, "red-4") == {"T13:red:4", "T13:yellow:1", "T13:blue:4"}
    events = g.play(Move("red-4", to="T13:yellow:1"))
    assert rules_of(events) == ["tails.turn.play-card", "tails.animal.porcupine", "tails.draw.one"]


@pytest.mark.rule("tails.animal.cheetah", "tails.animal.cheetah-marker")
def test_cheetah_takes_a_bonus_card_activated_first():
    # T11 hard: cheetahs on blue@2 and yellow@4
    g = race([{"space": "T11:blue:0", "hand": ["red-3"], "bonuses": {"boinnnggg": "active"}}, other("T01:red:0")],
             course=hard("T11"))
    assert set(moves_for(g, "red-3")) == {Move("red-3", to="T11:red:3"),
                                          Move("red-3", to="T11:red:3", lose=("boinnnggg",)),
                                          Move("red-3", to="T11:red:3", boinnnggg=True)}
    events = g.play(Move("red-3", to="T11:red:3", lose=("boinnnggg",)))
    assert [e.message for e in events if e.rule.startswith("tails.animal")] == [
        "Red meets a cheetah on T11:blue:2", "A cheetah takes Red's Boinnnggg card",
        "Red's marker on Boinnnggg goes back to the pile"]
    assert g.state.bonuses[0] == [GONE, INACTIVE, INACTIVE]
    # with no activated card the player chooses among the others
    g = race([{"space": "T11:blue:0", "hand": ["red-3"]}, other("T01:red:0")], course=hard("T11"))
    assert {m.lose for m in moves_for(g, "red-3")} == {(), ("boinnnggg",), ("crazy-wings",), ("bird-brain",)}
    assert rule_of(g, Move("red-3", to="T11:red:3", lose=("boinnnggg", "bird-brain"))) == "tails.animal.cheetah"


@pytest.mark.rule("tails.animal.warthog", "tails.animal.warthog-replaces-draw")
def test_warthog_redraws_the_whole_hand():
    # T12 hard: warthogs on red@1 and black@3
    deck = ["black-2", "black-3", "black-4", "black-5", "black-6", "yellow-2", "yellow-3", "yellow-4", "yellow-5",
            "yellow-6", "blue-2", "blue-4", "blue-5", "blue-6", "red-5", "red-6"]
    g = race([{"space": "T12:red:0", "hand": ["blue-3", "red-2", "red-3", "red-4"], "deck": deck},
              other("T01:red:0")], course=hard("T12"))
    assert {(m.to, m.warthog) for m in moves_for(g, "blue-3")} == {("T12:blue:3", True), ("T12:blue:3", False)}
    events = g.play(Move("blue-3", to="T12:blue:3", warthog=True))
    assert rules_of(events)[-2:] == ["tails.animal.warthog", "tails.animal.warthog-replaces-draw"]
    from savannah_kit.tails.data import CARD_NAMES
    assert [CARD_NAMES[c] for c in g.state.hands[0]] == ["black-2", "black-3", "black-4", "black-5"]
    assert [CARD_NAMES[c] for c in g.state.discards[0]] == ["blue-3", "red-2", "red-3", "red-4"]
    g = race([{"space": "T12:yellow:0", "hand": ["blue-3"]}, other("T01:red:0")], course=hard("T12"))
    assert rule_of(g, Move("blue-3", to="T12:blue:3", warthog=True)) == "tails.animal.warthog"


@pytest.mark.rule("tails.dune.arrow", "tails.dune.blocked")
def test_dune_arrow_moves_the_ostrich_one_space():
    # T07 hard: arrows red@1 forward, blue@3 back, yellow@2 forward, black@4 back
    g = race([{"space": "T07:red:0", "hand": ["blue-3"]}, other("T01:red:0")], course=hard("T07"))
    assert dests(g, "blue-3") == {"T07:blue:2"}
    assert dests(g, "blue-3", "one-space") == {"T07:red:2", "T07:blue:1"}
    assert "tails.dune.arrow" in rules_of(g.play(Move("blue-3", to="T07:blue:2")))
    g = race([{"space": "T07:red:0", "hand": ["blue-3"]}, other("T07:blue:2")], course=hard("T07"))
    assert dests(g, "blue-3") == {"T07:blue:3"}
    assert "tails.dune.blocked" in rules_of(g.play(Move("blue-3", to="T07:blue:3")))


@pytest.mark.rule("tails.dune.no-chain")
def test_dune_arrows_do_not_chain():
    doc = json.loads(resources.files("savannah_kit.tails").joinpath("tiles.json").read_text("utf-8"))
    t07 = next(t for t in doc["tiles"] if t["id"] == "T07")
    t07["hard"]["features"].append({"kind": "dune", "lane": "red", "index": 2, "direction": "forward"})
    g = race([{"space": "T01:blue:1", "hand": ["red-3"]}, other("start")], course=hard("T07"), tiles=doc)
    assert dests(g, "red-3") == {"T07:red:2"}
    events = g.play(Move("red-3", to="T07:red:2"))
    assert rules_of(events)[-3:-1] == ["tails.dune.arrow", "tails.dune.no-chain"]


@pytest.mark.rule("tails.bridge.any-colour", "tails.bridge.single-file")
def test_any_colour_may_end_on_the_bridge():
    g = race([{"space": "T04:yellow:0", "hand": ["red-3", "red-5", "blue-6"]}, other("T01:red:0")], course=hard("T04"))
    assert dests(g, "red-3") == {"T04:bridge:2"}
    assert dests(g, "red-5") == {"T04:red:5"}
    assert dests(g, "blue-6") == {"T02:blue:0"}
    assert "tails.bridge.any-colour" in rules_of(g.play(Move("red-3", to="T04:bridge:2")))


@pytest.mark.rule("tails.bridge.no-bonus", "tails.bridge.exit-lane")
def test_leaving_the_bridge_onto_the_card_lane_without_bonus():
    g = race([{"space": "T04:bridge:3", "hand": ["yellow-2", "yellow-4"]}, other("T01:red:0")], course=hard("T04"))
    assert g.race_position(0) == 1
    assert dests(g, "yellow-2") == {"T02:yellow:0"}
    assert dests(g, "yellow-4") == {"T02:yellow:2"}
    assert rule_of(g, Move("yellow-4", to="T02:blue:2")) == "tails.bridge.exit-lane"
    events = g.play(Move("yellow-4", to="T02:yellow:2"))
    assert rules_of(events)[:3] == ["tails.turn.play-card", "tails.bridge.no-bonus", "tails.move.exact-distance"]
    assert "tails.bridge.exit-lane" in rules_of(events)


@pytest.mark.rule("tails.tiptoe.ignore")
def test_a_two_ignores_cheetahs_warthogs_and_may_end_on_a_crocodile():
    g = race([{"space": "T09:blue:0", "hand": ["blue-2"]}, other("T01:red:0")], course=hard("T09"))
    assert dests(g, "blue-2") == {"T09:blue:3"}  # 2 + 1 bonus, passing the crocodile
    g = race([{"space": "T09:red:0", "hand": ["blue-2"]}, other("T01:red:0")], course=hard("T09"))
    # tiptoeing, it ends on the crocodile; without tiptoeing it stops before it (tiptoeing is a choice)
    assert {(m.to, m.tiptoe) for m in moves_for(g, "blue-2")} == {("T09:blue:2", True), ("T09:blue:1", False)}
    g = race([{"space": "T12:red:0", "hand": ["red-2"]}, other("T01:red:0")], course=hard("T12"))
    events = g.play(Move("red-2", to="T12:red:3", tiptoe=True))
    assert "tails.animal.warthog" not in rules_of(events)
