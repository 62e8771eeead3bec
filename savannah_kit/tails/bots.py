"""Savannah Tails' lookahead bot: it looks past its own turn.

The kit's ``LookaheadBot`` (``core.bots``) plays out the rest of its own turn and keeps the best
margin. In a race that is the greedy bot's move again: a Tails turn is one card, and the margin
over the others changes only by the mover's own progress. So this one plays on, greedily, through
the others' turns and its own next turn, and keeps the move that leaves it the best margin then:
a move that keeps a good card for the next turn, or leaves its ostrich where its hand can carry
it further, beats one that is a space further now.

One deal of the unseen cards judges a move by the one next hand that deal happens to give, so
each move is played on ``DEALS`` deals and the margins averaged; equal margins (often: the
greedy turns that follow catch up) go to the move worth more now. Against the greedy bot over
400 two-player races (``python -m savannah_kit.bench --bots``): one deal without the tie-break
62.5% [57.7-67.1], with it 65.5% [60.7-70.0], three deals with it 67.5% [62.8-71.9] at 0.006 s
of processor time a decision.
"""

from __future__ import annotations

from ..core.bots import LookaheadBot as KitLookahead, greedy_step
from ..core.values import move_values

#: how many of the mover's best moves by the greedy value are played on (the others are not chosen)
WIDTH = 6
#: decisions played on a copy at most (a turn is one card and perhaps a discard)
MAX_STEPS = 40
#: deals of the cards it cannot see that each move is played on, its margins averaged
DEALS = 3
#: how much of a move's immediate value counts beside its margin: small, so it mostly breaks ties
TIE_BREAK = 0.01


class LookaheadBot(KitLookahead):
    """For the ``WIDTH`` moves of best immediate value: the margin after its turn, the others'
    turns and its own next turn, all played greedily on ``DEALS`` determinised copies (it never
    reads the cards it cannot see), averaged; then the immediate value, then its own seeded dice."""

    words = ("the lookahead bot plays out your turn, the others' turns and your next turn after each of "
             "your most promising moves and finds this one leaves you the best margin over the other players")

    def move_values(self, game, moves):
        """The mean margin each of the ``WIDTH`` best moves leads to over ``DEALS`` deals, plus
        ``TIE_BREAK`` times its immediate value (see the class docstring); the other moves get
        minus infinity."""
        quick = move_values(game, moves)
        kept = set(sorted(range(len(moves)), key=lambda i: -quick[i])[:WIDTH])
        chosen = sorted(kept)
        totals = [0.0] * len(chosen)
        for _ in range(DEALS):
            for k, v in enumerate(super().move_values(game, [moves[i] for i in chosen])):
                totals[k] += v
        found = {i: totals[k] / DEALS + TIE_BREAK * quick[i] for k, i in enumerate(chosen)}
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
