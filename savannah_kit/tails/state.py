"""The Savannah Tails race state: everything that changes during a race, in one place."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List

from ..core.state import GameState, PhaseEnum
from .data import BonusState


class Phase(PhaseEnum):
    """What the player to move decides: a move, or which cards to discard down to the hand size."""

    MOVE = "move"
    DISCARD = "discard"
    OVER = "over"


@dataclass(slots=True)
class TailsState(GameState):
    """Everything that changes during a race (cards are codes 0-19, see ``data.CARD_NAMES``)."""

    pos: List[int]                   # each ostrich's space (0: behind the start line)
    hands: List[List[int]]
    decks: List[List[int]]           # draw decks, top card last
    discards: List[List[int]]        # discard piles, top card last
    bonuses: List[List[BonusState]]  # per player, the state of bonus cards 0-2
    markers_used: List[int] = field(default_factory=list)  # markers of used bonuses, out of the game
    round: int = 1
    order: List[int] = field(default_factory=list)  # this round's turn order
    turn: int = 0                    # index into ``order``
    last_round: bool = False
    over: bool = False
    pending_discard: int = 0         # cards the mover must still discard (hand-size check)
