"""Bots: players the kit can seat at any game. Each is seeded, so a game with
bots is as repeatable as one without."""

from __future__ import annotations

import importlib
import random
from typing import Any, Optional, Protocol


class Bot(Protocol):
    name: str

    def choose(self, game) -> Any:
        """The move this bot makes in ``game`` (whose current player it is)."""


class RandomBot:
    """Picks uniformly among the legal moves."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game):
        return self.rng.choice(game.legal_moves())

    def __repr__(self) -> str:
        return "RandomBot()"


class GreedyBot:
    """Picks the move with the best immediate ``game.evaluate(player)``
    (ties broken by its own seeded dice). A game may offer a faster
    ``greedy_values(moves)`` that returns the same numbers without copying."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game):
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        values = move_values(game, moves)
        best = max(values)
        return self.rng.choice([m for m, v in zip(moves, values) if v == best])

    def __repr__(self) -> str:
        return "GreedyBot()"


def move_values(game, moves):
    """The value of each move for the player making it (its position right after)."""
    fast = getattr(game, "greedy_values", None)
    if fast is not None:
        return fast(moves)
    player = game.current_player
    values = []
    for m in moves:
        trial = game.copy()
        trial._play_legal(m)
        values.append(trial.evaluate(player))
    return values


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def bots_for(game: Optional[str] = None) -> dict:
    """The bots that can play ``game`` by name: every game's, plus those its package offers
    in a ``BOTS`` dict (Circle of Life's ``"big-five"``)."""
    if game is None:
        return dict(BOTS)
    from .registry import games

    entry = games().get(game)
    extra = getattr(importlib.import_module(entry.module), "BOTS", {}) if entry is not None else {}
    return {**BOTS, **extra}


def make_bot(kind: str, seed: int = 0, game: Optional[str] = None):
    """A seeded bot by name (``bots_for(game)`` lists the names)."""
    known = bots_for(game)
    try:
        return known[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; choose from {sorted(known)}") from None
