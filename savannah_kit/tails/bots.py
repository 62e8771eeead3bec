"""Savannah Tails' lookahead bot: it looks past its own turn.

The kit's ``LookaheadBot`` (``core.bots``) plays out the rest of its own turn and keeps the best
margin. In a race that is the greedy bot's move again: a Tails turn is one card, and the margin
over the others changes only by the mover's own progress. So this one plays on, greedily, through
the others' turns and its own next turn, and keeps the move that leaves it the best margin then:
a move that keeps a good card for the next turn, or leaves its ostrich where its hand can carry
it further, beats one that is a space further now.
"""

from __future__ import annotations

from ..core.bots import LookaheadBot as KitLookahead, greedy_step
from ..core.values import move_values

#: how many of the mover's best moves by the greedy value are played on (the others are not chosen)
WIDTH = 6
#: decisions played on a copy at most (a turn is one card and perhaps a discard)
MAX_STEPS = 40


class LookaheadBot(KitLookahead):
    """For the ``WIDTH`` moves of best immediate value: the margin after its turn, the others'
    turns and its own next turn, all played greedily on a determinised copy (it never reads the
    cards it cannot see). Ties are broken by its own seeded dice."""

    words = ("the lookahead bot plays out your turn, the others' turns and your next turn after each of "
             "your most promising moves and finds this one leaves you the best margin over the other players")

    def move_values(self, game, moves):
        """The margin each of the ``WIDTH`` best moves leads to (see the class docstring); the
        other moves get minus infinity."""
        quick = move_values(game, moves)
        kept = set(sorted(range(len(moves)), key=lambda i: -quick[i])[:WIDTH])
        values = super().move_values(game, [moves[i] for i in sorted(kept)])
        found = dict(zip(sorted(kept), values))
        return [found.get(i, float("-inf")) for i in range(len(moves))]

    def play_on(self, trial, player: int) -> None:
        """Plays greedily on ``trial`` until ``player``'s next turn is over (or the race)."""
        away = False
        for _ in range(MAX_STEPS):
            if trial.is_over:
                return
            mine = trial.current_player == player
            if away and mine:
                break
            away = away or not mine
            greedy_step(trial)
        for _ in range(MAX_STEPS):  # its next turn
            if trial.is_over or trial.current_player != player:
                return
            greedy_step(trial)

    def __repr__(self) -> str:
        return "LookaheadBot(tails)"
