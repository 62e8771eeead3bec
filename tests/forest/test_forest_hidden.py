"""Savernake Forest positions as a player may know them: only the decks' order is hidden."""

import random
from collections import Counter

from savannah_kit import forest
from savannah_kit.forest.hidden import determinise, unseen_cards


def positions(seed, every=9, **options):
    game = forest.new_game(players=2, seed=seed, **options)
    rng = random.Random(seed)
    while not game.is_over:
        if len(game.history) % every == 0:
            yield game
        game._play_legal(rng.choice(game.legal_moves()))


def test_the_table_stays_and_each_deck_is_re_dealt_from_its_own_kind_of_card():
    checked = 0
    for seed, options in ((1, {}), (2, {"advanced": True})):
        for game in positions(seed, **options):
            me = game.current_player
            locations = game.card_locations()
            det = determinise(game, me, random.Random(checked))
            st, d = game.state, det.state
            assert game.card_locations() == locations  # the true game is untouched
            assert det.card_locations() == locations  # every card where it was, decks aside (same sizes)
            assert [repr(f) for f in d.forests] == [repr(f) for f in st.forests]
            assert (d.market_cards, d.discard, d.card_in_hand, d.pawn, d.phase) == \
                   (st.market_cards, st.discard, st.card_in_hand, st.pawn, st.phase)
            animals, paths = unseen_cards(game)
            assert Counter(d.animal_deck) == Counter(st.animal_deck) == Counter(animals)
            assert Counter(d.path_deck) == Counter(st.path_deck) == Counter(paths)
            assert det.legal_moves() == game.legal_moves()
            checked += 1
    assert checked > 10


def test_the_deck_order_is_really_re_dealt():
    game = forest.new_game(players=2, seed=4)
    orders = {tuple(determinise(game, 0, random.Random(s)).state.path_deck) for s in range(5)}
    assert len(orders) > 1
