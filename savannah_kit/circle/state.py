"""What changes during a game of Circle of Life, in one slotted dataclass.

Cards are numbers 0..N-1 of the catalogue (ids like ``C01`` only at the
edges). Everything else on a game is configuration fixed at set-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from ..core.state import GameState, PhaseEnum


class Phase(PhaseEnum):
    """Whose decision it is: a turn of play, the last discards once the draw pile is empty, or none."""

    PLAY = "play"
    LAST_DISCARDS = "last discards"
    OVER = "over"


@dataclass(slots=True)
class CircleState(GameState):
    """The table: the savannah ``row`` left to right with the seat of the token on each card
    (``owners``, -1 for none), the hands, kill piles, bonus points and token supply of each seat
    (None when tokens never run out),
    the draw pile (top = last item), the cards out of the game (the discard pile) and the box
    (cards a scenario left unused)."""

    row: List[int]
    owners: List[int]
    hands: List[List[int]]
    kill_piles: List[List[int]]
    bonus: List[int]
    supply: Optional[List[int]]  # None: tokens never run out (the default, kit ruling K16)
    draw_pile: List[int]
    out_of_game: List[int]
    box: List[int]
    to_move: Optional[int]  # None once the game is over
    turns_played: int = 0
    phase: Phase = Phase.PLAY
