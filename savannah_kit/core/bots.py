"""Bots: players the kit can seat at any game. Each is seeded, so a game with
bots is as repeatable as one without.

From weakest to strongest: ``RandomBot``; ``GreedyBot`` (the best immediate
value); ``LookaheadBot`` (its whole turn, and the margin over the others);
``MCTSBot`` (``core.search``: information-set Monte Carlo tree search). The
last two never read the cards their player cannot see (``core.hidden``).
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Optional, Protocol

from .hidden import determinise
from .search import MCTSBot
from .values import best_of, move_values


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
        return best_of(moves, self.move_values(game, moves), self.rng)

    def move_values(self, game, moves):
        """The value of each move for its player right after it (``core.values``)."""
        return move_values(game, moves)

    def __repr__(self) -> str:
        return "GreedyBot()"


class LookaheadBot(GreedyBot):
    """Plays out each legal move to the end of its own turn and keeps the best margin.

    For each move it plays the rest of the turn greedily on a copy (a Forest take and then its
    placement and advisor; a Tails move and then its discard), then values the position as
    ``evaluate`` of its player minus the best ``evaluate`` among the others (a finished game:
    winning first). So, unlike ``GreedyBot``, it prefers the move that also costs an opponent
    points. The copy is determinised first (``core.hidden``): the cards it draws on the way
    are re-dealt at random from those its player cannot see, never read from the true deck.
    Ties are broken by its own seeded dice."""

    name = "lookahead"

    def move_values(self, game, moves):
        """The margin each move leads to by the end of the mover's turn (see the class docstring)."""
        player = game.current_player
        seen = determinise(game, player, self.rng)
        seen.legal_moves()
        values = []
        for m in moves:
            trial = seen.copy()
            trial._play_legal(m)
            steps = 0
            while not trial.is_over and trial.current_player == player and steps < 20:
                follow = trial.legal_moves()
                trial._play_legal(follow[_best_index(move_values(trial, follow))] if len(follow) > 1 else follow[0])
                steps += 1
            values.append(margin(trial, player))
        return values

    def __repr__(self) -> str:
        return "LookaheadBot()"


def _best_index(values) -> int:
    return max(range(len(values)), key=values.__getitem__)


def margin(game, player: int) -> float:
    """``evaluate`` of ``player`` minus the best of the others; a finished game counts a win
    (or a shared one) first."""
    mine = game.evaluate(player)
    others = max((game.evaluate(p) for p in range(game.players) if p != player), default=0.0)
    if game.is_over:
        winners = game.winners()
        return (1000.0 / len(winners) if player in winners else 0.0) + mine - others
    return mine - others


BOTS = {"random": RandomBot, "greedy": GreedyBot, "lookahead": LookaheadBot, "mcts": MCTSBot}


def bots_for(game: Optional[str] = None) -> dict:
    """The bots that can play ``game`` by name: every game's, plus those its package offers
    in a ``BOTS`` dict (Circle of Life's ``"big-five"``)."""
    if game is None:
        return dict(BOTS)
    from .registry import games

    entry = games().get(game)
    extra = getattr(importlib.import_module(entry.module), "BOTS", {}) if entry is not None else {}
    return {**BOTS, **extra}


def make_bot(kind: str, seed: int = 0, game: Optional[str] = None, **settings):
    """A seeded bot by name (``bots_for(game)`` lists the names); ``settings`` go to the bot
    (``make_bot("mcts", 3, "circle", iterations=500)``)."""
    known = bots_for(game)
    try:
        cls = known[kind]
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; choose from {sorted(known)}") from None
    return cls(seed, **settings)
