"""Circle of Life positions as one player may know them: what stays, what is re-dealt."""

import random
from collections import Counter

from savannah_kit import circle
from savannah_kit.circle.hidden import determinise, unseen_cards


def positions(seed, every=5):
    game = circle.new_game(players=3, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        if len(game.history) % every == 0:
            yield game
        game._play_legal(rng.choice(game.legal_moves()))


def test_the_seen_cards_stay_and_the_unseen_ones_are_re_dealt_in_piles_of_the_same_sizes():
    checked = 0
    for seed in (1, 2):
        for game in positions(seed):
            me = game.current_player
            before = game.state.copy()
            det = determinise(game, me, random.Random(checked))
            st, d = game.state, det.state
            assert game.state == before  # the true game is untouched
            assert (d.row, d.owners, d.kill_piles, d.out_of_game, d.bonus, d.supply, d.to_move, d.phase) == \
                   (st.row, st.owners, st.kill_piles, st.out_of_game, st.bonus, st.supply, st.to_move, st.phase)
            assert d.hands[me] == st.hands[me]
            assert [len(h) for h in d.hands] == [len(h) for h in st.hands]
            assert (len(d.draw_pile), len(d.box)) == (len(st.draw_pile), len(st.box))
            hidden = lambda s: Counter(c for p, h in enumerate(s.hands) if p != me for c in h) + \
                Counter(s.draw_pile) + Counter(s.box)
            assert hidden(d) == hidden(st) == Counter(unseen_cards(game, me))
            assert det.legal_moves() == game.legal_moves()
            checked += 1
    assert checked > 10


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
