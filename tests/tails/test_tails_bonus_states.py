"""Which bonus card a bonus uses up: exactly its own, with its marker (``tails.bonus.consumed``)."""

import pytest

from savannah_kit.tails import Move
from savannah_kit.tails.data import BonusState
from tails_helpers import other, race, tiles_with

INACTIVE, ARMED, ACTIVE, GONE = BonusState
EASY = [["T01", "easy"], ["T03", "easy"], ["T05", "easy"], ["T02", "easy"]]
ALL_ACTIVE_B = {"leapfrog": "active", "deja-vu": "active", "neck-stretch": "active"}


@pytest.mark.rule("tails.bonus.deja-vu", "tails.bonus.consumed")
def test_deja_vu_uses_up_its_own_card_only():
    g = race([{"space": "T03:red:0", "hand": ["yellow-3"], "discard": ["blue-4"], "bonuses": ALL_ACTIVE_B},
              other("T05:red:5")], course=EASY, bonuses=["leapfrog", "deja-vu", "neck-stretch"])
    g.play(Move("deja-vu", to="T03:blue:4"))
    assert g.state.bonuses[0] == [ACTIVE, GONE, ACTIVE] and g.state.markers_used[0] == 1


def hard(tile):
    return [["T01", "easy"], [tile, "hard"], ["T02", "easy"]]


@pytest.mark.rule("tails.animal.cheetah")
def test_two_cheetahs_take_the_activated_card_then_any_other():
    """T11 hard: cheetahs on blue@2 and yellow@4; only Boinnnggg is activated."""
    g = race([{"space": "T11:blue:0", "hand": ["yellow-4"], "bonuses": {"boinnnggg": "active"}}, other("T01:red:0")],
             course=hard("T11"))
    assert {m.lose for m in g.legal_moves() if m.card == "yellow-4" and m.kind == "normal" and not m.boinnnggg} == {
        ("boinnnggg", "crazy-wings"), ("bird-brain", "boinnnggg"),  # through both cheetahs
        ("boinnnggg",)}                                             # by yellow@2: only the one on yellow@4


@pytest.mark.rule("tails.animal.cheetah", "tails.water.gain-marker")
def test_a_card_armed_on_the_way_is_activated_when_the_cheetah_comes():
    """T11 hard with a water hole added on blue@1, just before the cheetah on blue@2."""
    g = race([{"space": "T11:blue:0", "hand": ["red-3"]}, other("T01:red:0")], course=hard("T11"),
             tiles=tiles_with("T11", ("water", "blue", 1)))
    through_cheetah = {(m.arm, m.lose) for m in g.legal_moves() if m.lose}
    assert through_cheetah == {(("boinnnggg",), ("boinnnggg",)), (("crazy-wings",), ("crazy-wings",)),
                               (("bird-brain",), ("bird-brain",))}


@pytest.mark.rule("tails.move.one-space-any-card", "tails.water.gain-marker")
def test_a_one_space_move_onto_a_water_hole_arms_one_card():
    """T03 easy: a water hole on blue@3."""
    g = race([{"space": "T03:blue:2", "hand": ["red-5"]}, other("T05:red:5")], course=EASY)
    assert {m.arm for m in g.legal_moves() if m.kind == "one-space" and m.to == "T03:blue:3"} == {
        ("boinnnggg",), ("crazy-wings",), ("bird-brain",)}
