"""Stateful random play, black-box through the protocol, for every game and player
count: at every step a copy is independent, ``undo`` is exact, a save file round-trips
with the same legal moves, and reseeding the global ``random`` changes nothing."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from savannah_kit.core.registry import games
from savannah_kit.fuzz import check_step

from fuzz_helpers import FUZZ, GAME_NAMES, SEEDS


@pytest.mark.parametrize("name", GAME_NAMES)
@FUZZ
@given(seed=SEEDS, players=st.data(), choices=st.lists(st.integers(0, 10**6), max_size=30))
def test_every_step_keeps_the_protocol_promises(name, seed, players, choices):
    entry = games()[name]
    module = entry.load()
    n = players.draw(st.sampled_from(entry.players), label="players")
    game = module.new_game(players=n, seed=seed)
    rng = random.Random(seed)
    check_step(game, module, rng, name)
    for c in choices:
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[c % len(legal)])
        check_step(game, module, rng, name)
    assert len(game.history) == min(len(choices), len(game.history))


@pytest.mark.parametrize("name,players", [(name, n) for name in GAME_NAMES for n in games()[name].players])
def test_a_whole_random_game_for_every_player_count(name, players):
    """To the end, with the checks every few steps (hypothesis covers the starts closely)."""
    module = games()[name].load()
    rng = random.Random(players)
    game = module.new_game(players=players, seed=players * 101)
    step = 0
    while not game.is_over:
        if step % 10 == 0:
            check_step(game, module, rng, name)
        game.play(rng.choice(game.legal_moves()))
        step += 1
    check_step(game, module, rng, name)
    assert game.legal_moves() == [] and game.winners()
