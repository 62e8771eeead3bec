"""What a move is worth right away, as the greedy bot sees it: shared by every bot that ranks moves
(``core.bots``) and by the tree search's rollouts (``core.search``)."""

from __future__ import annotations

import random
from typing import Any, List, Sequence


def move_values(game, moves) -> List[float]:
    """The value of each move for the player making it (its position right after): the game's
    fast ``greedy_values(moves)`` where it has one, else ``evaluate`` on a copy."""
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


def best_of(moves: Sequence[Any], values: Sequence[float], rng: random.Random) -> Any:
    """A move of the best value, ties broken by ``rng``."""
    best = max(values)
    return rng.choice([m for m, v in zip(moves, values) if v == best])
