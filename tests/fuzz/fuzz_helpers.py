"""Shared pieces of the fuzz tests: the hypothesis settings, the games, positions.

``./kit test`` runs the ``default`` profile: derandomized (a run is repeatable)
and small enough that the whole folder stays under a minute. Set
``SAVANNAH_KIT_FUZZ_PROFILE=deep`` for many more, randomized examples; the soak
command (``python -m savannah_kit.fuzz --minutes N``) goes further still."""

import os
import random

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from savannah_kit.core.registry import games
from savannah_kit.fuzz import new_random_game

_COMMON = dict(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow,
                                                                    HealthCheck.data_too_large])
PROFILES = {"default": settings(max_examples=150, derandomize=True, **_COMMON),
            "deep": settings(max_examples=300, **_COMMON)}
FUZZ = PROFILES[os.environ.get("SAVANNAH_KIT_FUZZ_PROFILE", "default")]

GAME_NAMES = list(games())
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)


def position(name: str, seed: int, steps: int):
    """(module, game, rng): a random game of ``name`` after up to ``steps`` random moves."""
    module = games()[name].load()
    rng = random.Random(seed)
    game = new_random_game(name, module, rng)
    for _ in range(steps):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
    return module, game, rng


def scenario_position(name: str, seed: int, steps: int):
    """(module, scenario, options, rng) at the first position from ``steps`` on that can be
    written as a scenario (forest writes only those at a take decision)."""
    from savannah_kit.fuzz import scenario_of

    module, game, rng = position(name, seed, steps)
    while not game.is_over:
        found = scenario_of(game)
        if found is not None:
            return module, found[0], found[1], rng
        game.play(rng.choice(game.legal_moves()))
    return scenario_position(name, seed, 0) if steps else None
