"""What changes during a game of Savernake Forest: the ``Phase`` of the decision
being asked and the ``ForestState`` holding the whole position.

Everything a move may change lives in one slotted dataclass, so that
``game.copy()`` copies it in one place and a copy shares nothing that can
change (the ``Forest`` objects are copied with their own ``copy()``). The game
object itself only holds configuration fixed at set-up: the catalogue, the
names, the mode.

Cards are numbered by their index in the catalogue (``catalogue.cards``);
``NO_CARD`` marks an empty place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Tuple

from ..core.state import GameState, PhaseEnum
from .data import Catalogue
from .layout import Cell, Forest

NO_CARD = -1


def forest_bounds(advanced: bool) -> Tuple[int, int]:
    """The rectangle every forest must fit, either way round: 4×4, or 8×4 in the advanced mode."""
    return (8, 4) if advanced else (4, 4)


def clockwise_from(first: int, players: int) -> Tuple[int, ...]:
    """Every seat, going clockwise from ``first`` (``first`` included)."""
    return tuple((first + i) % players for i in range(players))


def pick_order(first: int, players: int, advanced: bool) -> Tuple[int, ...]:
    """The seats in their order of picking in a round opened by ``first``: clockwise,
    or first, other, first, other in the advanced 2-player mode."""
    return (first, 1 - first, first, 1 - first) if advanced else clockwise_from(first, players)


class Phase(PhaseEnum):
    """The decision being asked (``game.phase``); each member equals its text, e.g. ``"take"``."""

    ORIENT = "orient"    # advanced 2-player set-up: turn each starting animal (``Orient``)
    TAKE = "take"        # take one card from the market (``Take``)
    PLACE = "place"      # place the card just taken (``Place``)
    LAIR = "lair"        # the armadillo's token: which animal gets it (``Lair``)
    WATER = "water"      # the goat's drop: which animal and food corner (``Water``)
    CLEANUP = "cleanup"  # end of game, animals share a path: which one stays (``Keep``)
    OVER = "over"        # the game has ended and been scored


@dataclass(slots=True)
class ForestState(GameState):
    """The position: forests, market, decks, supply, turn and what is being decided."""

    forests: List[Forest]
    lair_supply: int
    water_supply: int
    market_cards: List[int] = field(default_factory=lambda: [NO_CARD] * 4)  # under each advisor, SLOTS order
    animal_deck: List[int] = field(default_factory=list)  # top card last
    path_deck: List[int] = field(default_factory=list)  # top card last
    discard: List[int] = field(default_factory=list)
    out_of_play: Tuple[int, ...] = ()  # cards a scenario left in the box
    pawn: int = 0  # holder of the 1st Player pawn
    round: int = 0
    round_order: Tuple[int, ...] = ()  # seats in their order of picking this round
    picks_done: int = 0  # picks made this round: round_order[picks_done] is to pick
    phase: Phase = Phase.TAKE
    card_in_hand: int = NO_CARD  # taken this turn, not yet placed
    taken_from: int = NO_CARD  # the advisor (index into SLOTS) the card in hand came from
    forced: bool = False  # no card on the board fitted: the card in hand goes anywhere adjacent
    starting_animals: List[List[int]] = field(default_factory=list)  # advanced: per seat, not yet turned
    to_orient: List[Tuple[int, int]] = field(default_factory=list)  # (seat, which starting animal), in turn
    to_clean: List[Tuple[int, Tuple[Cell, ...]]] = field(default_factory=list)  # (seat, animals sharing a path)
    final_scores: Optional[Tuple[int, ...]] = None  # set when the game is scored
    final_breakdowns: Optional[tuple] = None  # each seat's ForestScore (frozen), kept when the game is scored
    winner: Optional[int] = None

    @classmethod
    def empty(cls, catalogue: Catalogue, players: int, bounds: Tuple[int, int]) -> "ForestState":
        """Empty forests, a full supply, nothing dealt yet."""
        return cls(forests=[Forest(catalogue, *bounds) for _ in range(players)],
                   lair_supply=catalogue.lair_tokens, water_supply=catalogue.water_tokens,
                   starting_animals=[[] for _ in range(players)])

    def must_force(self, player: int) -> bool:
        """True when no card left on the board fits ``player``'s forest: then any card may be
        taken and placed anywhere adjacent (kit ruling K13)."""
        forest = self.forests[player]
        return not any(c != NO_CARD and forest.can_place(c) for c in self.market_cards)
