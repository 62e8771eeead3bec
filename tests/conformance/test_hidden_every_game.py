"""Every game's positions as one player may know them (``<game>.hidden.determinise``): along a
random game, a determinised copy keeps all the player sees, re-deals only what is hidden into
piles of the same sizes from the same cards, allows the same moves, and leaves the true game
untouched.

Each game says what its player sees and what is hidden; what a re-deal really moves is tested
with the game.
"""

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Tuple

import pytest

from savannah_kit import circle, forest, tails
from savannah_kit.circle import hidden as circle_hidden
from savannah_kit.forest import hidden as forest_hidden
from savannah_kit.tails import hidden as tails_hidden


@dataclass(frozen=True)
class Hidden:
    """What one game's player sees and does not see."""

    new_game: Callable[..., Any]
    determinise: Callable[..., Any]
    games: Tuple[Tuple[int, dict], ...]          # (seed, options) of the random games walked
    players: int
    every: int                                   # a position every so many moves
    untouched: Callable[[Any], Any]              # the true game, to compare before and after
    seen: Callable[[Any, int], Any]              # (game, player) -> all the player sees
    sizes: Callable[[Any], Any]                  # state -> the sizes of the hidden piles
    pool: Callable[[Any, int], Any]              # (state, player) -> the hidden cards, as a multiset
    unseen: Callable[[Any, int], Any]            # (game, player) -> the game's own count of what is unseen


def _tails_seen(game, me):
    st = game.state
    return st.pos, st.discards, st.bonuses, st.order, st.turn, st.round, st.pending_discard, st.hands[me]


def _circle_seen(game, me):
    st = game.state
    return st.row, st.owners, st.kill_piles, st.out_of_game, st.bonus, st.supply, st.to_move, st.phase, st.hands[me]


def _circle_pool(st, me):
    return Counter(c for p, h in enumerate(st.hands) if p != me for c in h) + Counter(st.draw_pile) + Counter(st.box)


def _forest_seen(game, me):
    st = game.state
    return (game.card_locations(), [repr(f) for f in st.forests], st.market_cards, st.discard, st.card_in_hand,
            st.pawn, st.phase)


def _forest_unseen(game, me):
    animals, paths = forest_hidden.unseen_cards(game)
    return Counter(animals), Counter(paths)


GAMES = {
    "tails": Hidden(tails.new_game, tails_hidden.determinise, ((1, {}), (2, {})), players=3, every=7,
                    untouched=lambda game: game.state.copy(), seen=_tails_seen,
                    sizes=lambda st: [(len(h), len(d)) for h, d in zip(st.hands, st.decks)],
                    # each seat's 20 cards, wherever they are
                    pool=lambda st, me: [sorted(h + d + x) for h, d, x in zip(st.hands, st.decks, st.discards)],
                    unseen=lambda game, me: [list(range(20))] * game.players),
    "circle": Hidden(circle.new_game, circle_hidden.determinise, ((1, {}), (2, {})), players=3, every=5,
                     untouched=lambda game: game.state.copy(), seen=_circle_seen,
                     sizes=lambda st: ([len(h) for h in st.hands], len(st.draw_pile), len(st.box)),
                     pool=_circle_pool, unseen=lambda game, me: Counter(circle_hidden.unseen_cards(game, me))),
    "forest": Hidden(forest.new_game, forest_hidden.determinise, ((1, {}), (2, {"advanced": True})), players=2,
                     every=9, untouched=lambda game: game.card_locations(), seen=_forest_seen,
                     sizes=lambda st: (len(st.animal_deck), len(st.path_deck)),
                     pool=lambda st, me: (Counter(st.animal_deck), Counter(st.path_deck)), unseen=_forest_unseen),
}


def positions(spec: Hidden):
    """Positions along random games, one every ``spec.every`` moves."""
    for seed, options in spec.games:
        game = spec.new_game(players=spec.players, seed=seed, **options)
        rng = random.Random(seed)
        while not game.is_over:
            if len(game.history) % spec.every == 0:
                yield game
            game._play_legal(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("name", GAMES)
def test_the_seen_cards_stay_and_the_hidden_ones_are_re_dealt_in_piles_of_the_same_sizes(name):
    spec = GAMES[name]
    checked = 0
    for game in positions(spec):
        me = game.current_player
        before = spec.untouched(game)
        det = spec.determinise(game, me, random.Random(checked))
        assert spec.untouched(game) == before  # the true game is untouched
        assert spec.seen(det, me) == spec.seen(game, me)
        assert spec.sizes(det.state) == spec.sizes(game.state)
        assert spec.pool(det.state, me) == spec.pool(game.state, me) == spec.unseen(game, me)
        assert det.legal_moves() == game.legal_moves()
        checked += 1
    assert checked > 10
