"""Savernake Forest positions as a player may know them: only the decks' order is hidden, and a
re-deal really changes it (what stays is tested for every game in
tests/conformance/test_hidden_every_game.py)."""

import random

from savannah_kit import forest
from savannah_kit.forest.hidden import determinise


def test_the_deck_order_is_really_re_dealt():
    game = forest.new_game(players=2, seed=4)
    orders = {tuple(determinise(game, 0, random.Random(s)).state.path_deck) for s in range(5)}
    assert len(orders) > 1
