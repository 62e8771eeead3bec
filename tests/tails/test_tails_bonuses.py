"""Savannah Tails water holes and the six bonuses."""

import pytest

from savannah_kit.core.errors import IllegalMove, ScenarioError
from savannah_kit import tails
from savannah_kit.tails.data import BonusState

from savannah_kit.tails import Discard, Move
from savannah_kit.tails.data import CARD_NAMES
from tails_helpers import dests, moves_for, other, race, rules_of

INACTIVE, ARMED, ACTIVE, GONE = BonusState

EASY = [["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]]
SIDE_B = ["leapfrog", "deja-vu", "neck-stretch"]
ALL = [f"{lane}-{v}" for lane in ("red", "blue", "yellow", "black") for v in range(2, 7)]


def deck_for(hand, first=()):
    """A full draw deck (top first) for ``hand``: ``first`` on top, then the rest in order."""
    return list(first) + [c for c in ALL if c not in hand and c not in first]




def rule_of(game, move):
    with pytest.raises(IllegalMove) as err:
        game.play(move)
    return err.value.rule_id


@pytest.mark.rule("tails.water.gain-marker", "tails.water.next-turn", "tails.setup.markers")
def test_water_hole_arms_a_chosen_bonus_for_the_next_turn():
    g = race([{"space": "T03:red:0", "hand": ["yellow-4"]}, other("T05:red:5")], course=EASY)
    assert {m.arm for m in moves_for(g, "yellow-4")} == {(), ("boinnnggg",), ("crazy-wings",), ("bird-brain",)}
    events = g.play(Move("yellow-4", to="T03:yellow:4", arm=("crazy-wings",)))
    assert [e.message for e in events if e.rule == "tails.water.gain-marker"] == [
        "Red drinks at a water hole and arms Crazy Wings (usable from the next turn)"]
    assert g.state.bonuses[0] == [INACTIVE, ACTIVE, INACTIVE]  # active from Red's next turn
    # a bonus armed this turn cannot be used yet
    g = race([{"space": "T03:red:0", "hand": ["yellow-4"], "bonuses": {"crazy-wings": "armed"}}, other("T05:red:5")],
             course=EASY)
    assert moves_for(g, "crazy-wings") == []
    assert rule_of(g, Move("crazy-wings", lane="red", to="T03:red:5")) == "tails.water.next-turn"
    # one without a marker is not usable at all
    g = race([{"space": "T03:red:0", "hand": ["yellow-4"]}, other("T05:red:5")], course=EASY)
    assert rule_of(g, Move("crazy-wings", lane="red", to="T03:red:5")) == "tails.water.gain-marker"


@pytest.mark.rule("tails.water.count")
def test_one_activation_per_water_hole_and_none_for_the_start_space():
    course = [["T01", "easy"], ["T03", "easy"], ["T14", "easy"], ["T02", "easy"]]
    g = race([{"space": "T03:red:2", "hand": ["blue-6"]}, other("T02:red:0")], course=course)
    assert {m.arm for m in moves_for(g, "blue-6")} == {(), ("boinnnggg",), ("crazy-wings",), ("bird-brain",),
                                                       ("bird-brain", "boinnnggg"), ("bird-brain", "crazy-wings"),
                                                       ("boinnnggg", "crazy-wings")}
    assert dests(g, "blue-6") == {"T14:blue:2", "T14:blue:3"}  # blue:3 by the inside red lane
    assert rule_of(g, Move("blue-6", to="T14:blue:2", arm=("bird-brain", "boinnnggg", "crazy-wings"))) == "tails.water.count"
    # nothing left to arm: the water hole gives nothing
    full = {"boinnnggg": "active", "crazy-wings": "active", "bird-brain": "active"}
    g = race([{"space": "T03:red:2", "hand": ["blue-6"], "bonuses": full}, other("T02:red:0")], course=course)
    assert [m.arm for m in moves_for(g, "blue-6") if m.to == "T14:blue:2" and not m.boinnnggg] == [()]
    assert "tails.water.count" in rules_of(g.play(Move("blue-6", to="T14:blue:2")))
    # starting on a water hole does not count
    g = race([{"space": "T03:blue:3", "hand": ["yellow-3"]}, other("T02:red:0")], course=course)
    assert moves_for(g, "yellow-3") == [Move("yellow-3", to="T14:yellow:0")]


@pytest.mark.rule("tails.bonus.boinnnggg", "tails.bonus.consumed")
def test_boinnnggg_passes_ostriches_and_is_used_up():
    g = race([{"space": "T03:red:0", "hand": ["yellow-3", "red-5"], "bonuses": {"boinnnggg": "active"}},
              other("T03:red:1"), other("T03:blue:1")], course=EASY)
    # without Boinnnggg no route reaches the yellow lane: the card would be good only for a
    # one-space move, and there is none; staying put is no choice while Boinnnggg is (revised rulings)
    assert set(moves_for(g, "yellow-3")) == {Move("yellow-3", to="T03:yellow:3", boinnnggg=True)}
    # the end space may never hold another ostrich
    g2 = race([{"space": "T03:red:0", "hand": ["red-3"], "bonuses": {"boinnnggg": "active"}},
               other("T03:red:5")], course=EASY)
    assert dests(g2, "red-3", boinnnggg=True) == {"T03:red:4"}  # 3 + 2 would end on Purple: blocked
    events = g.play(Move("yellow-3", to="T03:yellow:3", boinnnggg=True))
    assert "tails.bonus.boinnnggg" in rules_of(events)
    assert g.state.bonuses[0][0] == GONE and g.state.markers_used[0] == 1


@pytest.mark.rule("tails.bonus.consumed")
def test_a_used_bonus_is_gone():
    g = race([{"space": "T03:red:0", "hand": ["yellow-3"], "bonuses": {"boinnnggg": "gone"}},
              other("T03:red:1"), other("T03:blue:1")], course=EASY)
    assert rule_of(g, Move("yellow-3", to="T03:yellow:3", boinnnggg=True)) == "tails.bonus.consumed"


@pytest.mark.rule("tails.bonus.leapfrog")
def test_leapfrog_jumps_every_ostrich_directly_ahead():
    g = race([{"space": "T03:red:1", "hand": ["blue-3"], "bonuses": {"leapfrog": "active"}},
              other("T03:blue:5"), other("T05:blue:0")], course=EASY, bonuses=SIDE_B)
    assert dests(g, "blue-3") == {"T03:blue:4"}
    assert dests(g, "blue-3", leapfrog=True) == {"T05:blue:1"}
    events = g.play(Move("blue-3", to="T05:blue:1", leapfrog=True))
    assert [e.message for e in events if e.rule == "tails.bonus.leapfrog"] == ["Red leapfrogs to T05:blue:1"]
    assert g.state.bonuses[0][0] == GONE


@pytest.mark.rule("tails.bonus.leapfrog-no-animal", "tails.tiptoe.ignore")
def test_leapfrog_may_not_land_on_an_animal_unless_tiptoeing():
    course = [["T01", "easy"], ["T03", "easy"], ["T11", "hard"], ["T02", "easy"]]  # cheetah on T11 blue@2
    ost = [{"space": "T03:red:2", "hand": ["blue-3"], "bonuses": {"leapfrog": "active"}},
           other("T11:blue:0"), other("T11:blue:1")]
    g = race(ost, course=course, bonuses=SIDE_B)
    assert dests(g, "blue-3") == {"T03:blue:5"}
    assert dests(g, "blue-3", leapfrog=True) == set()
    assert rule_of(g, Move("blue-3", to="T11:blue:2", leapfrog=True)) == "tails.bonus.leapfrog-no-animal"
    ost[0] = {"space": "T03:red:3", "hand": ["blue-2"], "bonuses": {"leapfrog": "active"}}
    g = race(ost, course=course, bonuses=SIDE_B)
    assert dests(g, "blue-2", leapfrog=True) == {"T11:blue:2"}


@pytest.mark.rule("tails.bonus.neck-stretch", "tails.bonus.end-of-move-order", "tails.bonus.combine")
def test_neck_stretch_then_leapfrog():
    g = race([{"space": "T03:red:0", "hand": ["blue-3"], "bonuses": {"leapfrog": "active", "neck-stretch": "active"}},
              other("T05:blue:0"), other("T05:blue:1")], course=EASY, bonuses=SIDE_B)
    assert set(moves_for(g, "blue-3")) == {
        Move("blue-3", to="T03:blue:3", arm=("deja-vu",)),
        Move("blue-3", to="T03:blue:5", arm=("deja-vu",), neck_stretch=True),
        Move("blue-3", to="T05:blue:2", arm=("deja-vu",), neck_stretch=True, leapfrog=True)}
    events = g.play(Move("blue-3", to="T05:blue:2", arm=("deja-vu",), neck_stretch=True, leapfrog=True))
    assert rules_of(events) == ["tails.turn.play-card", "tails.move.exact-distance", "tails.water.gain-marker",
                                "tails.bonus.neck-stretch", "tails.bonus.consumed", "tails.bonus.leapfrog",
                                "tails.bonus.consumed", "tails.draw.one"]
    assert g.state.bonuses[0] == [GONE, ACTIVE, GONE]


@pytest.mark.rule("tails.bonus.end-of-move-order")
def test_neck_stretch_dune_then_cheetah_then_draw():
    course = [["T01", "easy"], ["T11", "hard"], ["T02", "easy"]]
    # Neck Stretch from T11 yellow@3 over the cheetah on yellow@4 to yellow@5
    g = race([{"space": "T11:red:0", "hand": ["yellow-3"], "bonuses": {"neck-stretch": "active", "deja-vu": "active"}},
              other("T01:red:0")], course=course, bonuses=SIDE_B)
    assert {m.lose for m in moves_for(g, "yellow-3") if m.neck_stretch} == {("deja-vu",), ("deja-vu", "leapfrog")}
    events = g.play(Move("yellow-3", to="T11:yellow:5", neck_stretch=True, lose=("deja-vu",)))
    order = [r for r in rules_of(events) if r in ("tails.bonus.neck-stretch", "tails.animal.cheetah", "tails.draw.one")]
    assert order == ["tails.bonus.neck-stretch", "tails.animal.cheetah", "tails.animal.cheetah", "tails.draw.one"]


@pytest.mark.rule("tails.bonus.crazy-wings")
def test_crazy_wings_is_a_four_of_any_colour_without_draw():
    g = race([{"space": "T03:red:0", "hand": ["yellow-3"], "bonuses": {"crazy-wings": "active"}},
              other("T05:red:5")], course=EASY)
    got = {(m.lane, m.to) for m in moves_for(g, "crazy-wings")}
    assert got == {("red", "T05:red:0"), ("blue", "T03:blue:4"), ("yellow", "T03:yellow:4"), ("black", "T03:black:4")}
    events = g.play(Move("crazy-wings", lane="red", to="T05:red:0"))
    assert rules_of(events) == ["tails.bonus.crazy-wings", "tails.bonus.consumed", "tails.move.bonus-movement",
                                "tails.move.exact-distance"]
    assert [CARD_NAMES[c] for c in g.state.hands[0]] == ["yellow-3"] and g.state.bonuses[0][1] == GONE


@pytest.mark.rule("tails.bonus.deja-vu", "tails.bonus.deja-vu-empty")
def test_deja_vu_replays_the_top_discard():
    g = race([{"space": "T03:red:0", "hand": ["yellow-3"], "discard": ["red-2", "black-6"],
               "bonuses": {"deja-vu": "active"}}, other("T05:red:5")], course=EASY, bonuses=SIDE_B)
    # red 2 + 2 bonus; tiptoeing would change nothing here, so the move is listed once, without it
    assert dests(g, "deja-vu") == {"T03:red:4"}
    assert [m.tiptoe for m in moves_for(g, "deja-vu")] == [False]
    events = g.play(Move("deja-vu", to="T03:red:4"))
    assert rules_of(events) == ["tails.bonus.deja-vu", "tails.bonus.consumed", "tails.move.bonus-movement",
                                "tails.move.exact-distance"]
    assert [CARD_NAMES[c] for c in g.state.discards[0]] == ["black-6", "red-2"] and len(g.state.hands[0]) == 1
    g = race([{"space": "T03:red:0", "hand": ["yellow-3"], "bonuses": {"deja-vu": "active"}}, other("T05:red:5")],
             course=EASY, bonuses=SIDE_B)
    assert moves_for(g, "deja-vu") == []
    assert rule_of(g, Move("deja-vu", to="T03:red:4")) == "tails.bonus.deja-vu-empty"


@pytest.mark.rule("tails.bonus.bird-brain", "tails.draw.hand-size")
def test_bird_brain_acts_at_once():
    hand = ["blue-4", "red-2", "yellow-2", "yellow-3"]
    g = race([{"space": "T03:red:0", "hand": hand, "deck": deck_for(hand, ["black-2", "black-3"])},
              other("T05:red:5")], course=EASY)
    events = g.play(Move("blue-4", to="T03:blue:4", arm=("bird-brain",)))
    assert "tails.bonus.bird-brain" in rules_of(events)
    assert [e.message for e in events if e.rule == "tails.draw.one"] == ["Red draws 1 card"]
    assert [e.message for e in events if e.rule == "tails.bonus.bird-brain"][-1] == "Red draws 1 extra card for Bird Brain"
    assert len(g.state.hands[0]) == 5 and g.hand_size(0) == 5


@pytest.mark.rule("tails.draw.hand-size", "tails.animal.cheetah-marker")
def test_losing_bird_brain_forces_a_discard():
    course = [["T01", "easy"], ["T11", "hard"], ["T02", "easy"]]
    hand = ["red-3", "red-2", "blue-2", "yellow-2", "black-2"]
    g = race([{"space": "T11:blue:0", "hand": hand, "deck": deck_for(hand, ["red-4"]),
               "bonuses": {"bird-brain": "active"}}, other("T01:red:0")], course=course)
    events = g.play(Move("red-3", to="T11:red:3", lose=("bird-brain",)))
    assert rules_of(events)[-1] == "tails.draw.hand-size"
    assert g.current_player == 0 and g.state.pending_discard == 1
    assert sorted(m.cards for m in g.legal_moves()) == [("black-2",), ("blue-2",), ("red-2",), ("red-4",), ("yellow-2",)]
    assert rule_of(g, Move("red-2", to="T11:red:4", kind="one-space")) == "tails.draw.hand-size"
    g.play(Discard(("red-4",)))
    assert len(g.state.hands[0]) == 4 and g.current_player == 1


@pytest.mark.rule("tails.setup.bonus-faces")
def test_bonus_faces_are_chosen_for_everyone():
    g = tails.new_game(players=3, seed=1, bonuses=SIDE_B)
    assert g.faces == ("leapfrog", "deja-vu", "neck-stretch") and g.state.bonuses == [[INACTIVE] * 3] * 3
    with pytest.raises(ScenarioError) as err:
        tails.new_game(bonuses=["boinnnggg", "leapfrog", "bird-brain"])
    assert err.value.field == "options.bonuses[1]"
    legal = g.legal_moves()[0]
    assert rule_of(g, Move(legal.card, to=legal.to, kind=legal.kind, boinnnggg=True)) == "tails.setup.bonus-faces"
