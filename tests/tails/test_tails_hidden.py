"""Savannah Tails races as one player may know them: what stays, what is re-dealt."""

import random

from savannah_kit import tails
from savannah_kit.tails.hidden import determinise


def positions(seed, every=7):
    game = tails.new_game(players=3, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        if len(game.history) % every == 0:
            yield game
        game._play_legal(rng.choice(game.legal_moves()))


def test_the_seen_cards_stay_and_hands_and_decks_are_re_dealt_with_their_sizes():
    checked = 0
    for seed in (1, 2):
        for game in positions(seed):
            me = game.current_player
            before = game.state.copy()
            det = determinise(game, me, random.Random(checked))
            st, d = game.state, det.state
            assert game.state == before  # the true game is untouched
            assert (d.pos, d.discards, d.bonuses, d.order, d.turn, d.round, d.pending_discard) == \
                   (st.pos, st.discards, st.bonuses, st.order, st.turn, st.round, st.pending_discard)
            assert d.hands[me] == st.hands[me]
            for p in range(game.players):
                assert (len(d.hands[p]), len(d.decks[p])) == (len(st.hands[p]), len(st.decks[p]))
                assert sorted(d.hands[p] + d.decks[p] + d.discards[p]) == list(range(20))  # each seat's 20 cards
            assert det.legal_moves() == game.legal_moves()
            checked += 1
    assert checked > 10


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
