"""How often a ruling changes a decision: a game played under a variant, with the standard
game following it move for move.

At every decision of the variant's game the same bot, freshly seeded alike on both sides,
chooses a move in the variant's position and in the standard game's position (the same
moves played under the standard rules). A decision counts as *compared* when either side
has a real choice (two legal moves or more), and as *changed* when the two choices differ.
The standard game follows the variant's move while that move is legal under the standard
rules; from the first one that is not, the two positions differ and nothing more is
compared in that game. The variant's own game is played by the study's bots exactly as in
any study (the probe bots are separate), so its rows are those of a plain study.

Plain Python, run in the study's workers: no pandas.
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

from ..core.bots import make_bot
from ..core.sim import MAX_DECISIONS, bot_seed

#: the columns a study played beside the standard game adds
COMPARED, CHANGED = "decisions_compared", "decisions_changed"


def _probe_choice(kind: str, seed: int, game, settings: dict):
    return make_bot(kind, seed=seed, game=game.name, **settings.get(kind, {})).choose(game)


def play_beside(game, bots: Sequence, standard, kinds: Sequence[str], seed: int, settings: dict,
                by_seat: List[int], order: List[int]) -> Tuple[int, int, int]:
    """Play ``game`` (a variant) to the end with ``bots``, the standard game ``standard``
    following it; returns (decisions, decisions compared, decisions changed). ``by_seat``
    and ``order`` are counted as ``core.sim.play_out`` counts them."""
    n = compared = changed = 0
    beside: Optional[object] = standard
    while not game.is_over:
        player = game.current_player
        move = bots[player].choose(game)
        if beside is not None and (beside.is_over or beside.current_player != player):
            beside = None
        if beside is not None:
            ours, theirs = game.legal_moves(), beside.legal_moves()
            if len(ours) > 1 or len(theirs) > 1:
                probe = bot_seed(seed, player) * 1_000_003 + n  # the same fresh bot on both sides
                compared += 1
                changed += _probe_choice(kinds[player], probe, game, settings) != \
                    _probe_choice(kinds[player], probe, beside, settings)
        game._play_legal(move)
        if beside is not None:
            same = [m for m in beside.legal_moves() if m == move]
            if same:
                beside._play_legal(same[0])
            else:
                beside = None
        n += 1
        if not by_seat[player]:
            order.append(player)
        by_seat[player] += 1
        if n > MAX_DECISIONS:
            raise RuntimeError(f"{game!r} did not end within {MAX_DECISIONS} decisions")
    return n, compared, changed
