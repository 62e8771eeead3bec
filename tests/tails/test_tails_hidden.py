"""Savannah Tails races as one player may know them: what a re-deal really moves (what stays,
and that the hidden cards keep their piles' sizes, is tested for every game in
tests/conformance/test_hidden_every_game.py)."""

import random

from savannah_kit import tails
from savannah_kit.tails.hidden import determinise


def test_the_other_hands_and_the_own_deck_order_are_really_re_dealt():
    game = tails.new_game(players=2, seed=4)
    dets = [determinise(game, 0, random.Random(s)).state for s in range(6)]
    assert len({tuple(sorted(d.hands[1])) for d in dets}) > 1
    assert len({tuple(d.decks[0]) for d in dets}) > 1
    assert all(d.hands[0] == game.state.hands[0] for d in dets)


def test_the_copy_gets_its_own_dice_for_later_reshuffles():
    game = tails.new_game(players=2, seed=4)
    a = determinise(game, 0, random.Random(1))
    b = determinise(game, 0, random.Random(2))
    assert a.rng.getstate() != b.rng.getstate() and a.rng.getstate() != game.rng.getstate()
