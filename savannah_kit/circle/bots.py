"""A Circle of Life bot that works towards the Big Five bonus.

The kit's ``GreedyBot`` (``core.bots``) takes the best immediate points, so it
kills a Buffalo for its 3 points but never sees that it is one kind away from
+25. ``BigFiveBot`` plays the same way with a bonus for every Big Five species
in its kill pile (kit ruling K17 made the bonus reachable: see GAMES.md 2.2.2).
"""

from __future__ import annotations

import random

#: points a Big Five species in the kill pile is worth to the bot on top of its level
BIG_FIVE_WEIGHT = 6.0


class BigFiveBot:
    """Greedy, but values each Big Five species in its kill pile (ties broken by its own seeded dice)."""

    name = "big-five"

    def __init__(self, seed: int = 0, weight: float = BIG_FIVE_WEIGHT):
        self.rng = random.Random(seed)
        self.weight = weight

    def choose(self, game):
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        values = game.greedy_values(moves, self.weight)
        best = max(values)
        return self.rng.choice([m for m, v in zip(moves, values) if v == best])

    def __repr__(self) -> str:
        return f"BigFiveBot(weight={self.weight:g})"
