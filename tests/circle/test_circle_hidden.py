"""Circle of Life positions as one player may know them: what a re-deal really moves (what stays,
and that the hidden cards keep their piles' sizes, is tested for every game in
tests/conformance/test_hidden_every_game.py)."""

import random

from savannah_kit import circle
from savannah_kit.circle.hidden import determinise


def test_a_re_deal_really_moves_the_hidden_cards():
    game = circle.new_game(players=2, seed=4)
    deals = {tuple(determinise(game, 0, random.Random(s)).state.hands[1]) for s in range(6)}
    assert len(deals) > 1


def test_the_box_of_a_scenario_is_hidden_too():
    """With a given draw pile the unnamed cards stay in the box: the player cannot tell them
    from the other hand or the draw pile, so all three are re-dealt together."""
    game = circle.from_scenario({"savannah": ["Zebra", "Impala"], "hands": [["Lion", "Zebra", "Impala"],
                                                                          ["Hyena", "Gazelle", "Warthog"]],
                                 "draw_pile": ["Jackal", "Buffalo"], "to_move": 0})
    assert game.state.box
    pools = set()
    for s in range(8):
        d = determinise(game, 0, random.Random(s)).state
        assert (len(d.hands[1]), len(d.draw_pile), len(d.box)) == (3, 2, len(game.state.box))
        pools.add(tuple(sorted(d.hands[1])))
    assert len(pools) > 1 and any(set(p) - set(game.state.hands[1]) for p in pools)
