"""The Savannah Tails race state: everything that changes during a race, in one place; and
``Race``, what stays fixed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Tuple

from ..core.state import GameState, PhaseEnum
from .data import BIRD_BRAIN_HAND, BIRD_BRAIN_SLOT, BONUS_PAIRS, HAND_SIZE, READY_FACES, BonusState
from .track import START, Track, race_order


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


def hand_size(bonuses: List[BonusState], bird_brain: int) -> int:
    """4, or 5 while the Bird Brain card (``bird_brain``, -1: none) is armed or active (``tails.draw.hand-size``)."""
    active = bird_brain >= 0 and bonuses[bird_brain] in (BonusState.ARMED, BonusState.ACTIVE)
    return BIRD_BRAIN_HAND if active else HAND_SIZE


@dataclass(frozen=True)
class Race:
    """What a race fixes at set-up and every rule reads: the track, the bonus faces, the
    bonus-movement variant and the players. Engine functions take it with the state."""

    track: Track
    faces: Tuple[str, str, str]
    colours: Tuple[str, ...]
    start_order: Tuple[int, ...]
    flat_bonus: bool = False  # A1, read at every bonus movement
    rulings: Dict[str, str] = field(default_factory=dict)  # every option of ``tails.options``, by name
    #: the bonus card (0-2) of each face in ``READY_FACES`` (-1: not in this race), worked out once
    ready_slots: Tuple[int, ...] = field(init=False)
    #: the faces as a number: which face of each pair (bit per card)
    face_code: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ready_slots", tuple(self.slot(face) for face in READY_FACES))
        object.__setattr__(self, "face_code", sum(1 << i for i, face in enumerate(self.faces)
                                                  if face != BONUS_PAIRS[i][0]))

    @property
    def players(self) -> int:
        return len(self.colours)

    def who(self, p: int) -> str:
        """A player's name: their ostrich's colour."""
        return self.colours[p].capitalize()

    def holders(self, state: "TailsState", p: int) -> Dict[int, str]:
        """The spaces the other ostriches stand on -> their players' names."""
        return {s: self.who(q) for q, s in enumerate(state.pos) if q != p and s != START}

    def slot(self, face: str) -> int:
        """The bonus card (0-2) showing ``face``, or -1 if no card of this race shows it."""
        return self.faces.index(face) if face in self.faces else -1

    def ready(self, state: "TailsState", p: int, face: str) -> bool:
        """Can ``p`` use bonus ``face`` now (``tails.water.next-turn``)?"""
        i = self.slot(face)
        return i >= 0 and state.bonuses[p][i] == BonusState.ACTIVE

    def hand_size(self, state: "TailsState", p: int) -> int:
        return hand_size(state.bonuses[p], self.ready_slots[BIRD_BRAIN_SLOT])

    def race_order(self, state: "TailsState") -> List[int]:
        """Seats from 1st to last (``tails.order.race-position``)."""
        return race_order(self.track, state.pos, self.start_order)
