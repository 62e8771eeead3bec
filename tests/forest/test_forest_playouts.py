"""Many seeded random games played to the end, checking the bookkeeping after every
move; bots playing whole games."""

import random

import pytest

from savannah_kit import forest
from savannah_kit.core.bots import GreedyBot, RandomBot
from savannah_kit.core.sim import play_out
from savannah_kit.forest.data import kit_catalogue

CAT = kit_catalogue()
ALL_IDS = sorted(c.id for c in CAT.cards)


def check_invariants(g):
    where = g.card_locations()  # raises if a card is in two places
    assert sorted(where) == ALL_IDS, "every card is in exactly one place"
    lairs = waters = 0
    for p in range(g.players):
        f = g.forest(p)
        box = f.bbox()
        if box:
            w, h = box[2] - box[0] + 1, box[3] - box[1] + 1
            long, short = (8, 4) if g.advanced else (4, 4)
            assert (w <= long and h <= short) or (w <= short and h <= long)
        for c in f.cards():
            lairs += c.lairs
            waters += len(c.water)
        assert g.score_breakdown(p).total == g.scores()[p]
    assert lairs + g.tokens["lair"] == CAT.lair_tokens
    assert waters + g.tokens["water"] == CAT.water_tokens


@pytest.mark.slow
@pytest.mark.rule("forest.end.trigger", "forest.round.leftovers", "forest.adv.refill")
@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3}, {"players": 4},
                                     {"players": 2, "advanced": True}])
def test_200_random_games_keep_cards_tokens_and_scores_consistent(options):
    for seed in range(200):
        g = forest.new_game(seed=seed, **options)
        rng = random.Random(seed)
        check_invariants(g)
        while not g.is_over:
            g._play_legal(rng.choice(g.legal_moves()))
            check_invariants(g)
        check_invariants(g)
        size = 32 if g.advanced else 16
        assert all(g.forest(p).size + len(g.forest(p).cleared) == size for p in range(g.players))
        assert g.winners() and g.state.final_scores == tuple(g.scores())
        if g.players == 4 or g.advanced:
            assert g.deck_sizes == {"animals": 0, "paths": 0}


def test_bots_play_whole_games():
    for kind in (RandomBot, GreedyBot):
        g = forest.new_game(players=2, seed=21)
        n = play_out(g, [kind(1), kind(2)])
        assert g.is_over and n > 60 and len(g.winners()) == 1
    greedy_wins = 0
    for seed in range(6):
        g = forest.new_game(players=2, seed=seed)
        play_out(g, [GreedyBot(seed), RandomBot(seed)])
        greedy_wins += g.winners() == [0]
    assert greedy_wins >= 5
