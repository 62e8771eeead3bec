"""What the Circle of Life exercises are made of: hand-built positions, card look-ups, a trial move.

Both lesson modules use it (``lessons``: lessons 1-3, answered by species; ``lessons_hunting``:
lessons 4-6, answered by card id), so a position, a look-up or a trial move means the same in
every lesson and is written once.
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

from ..core.scene import Scene
from . import from_scenario

__all__ = ["position", "after", "species_of", "species_names", "hand_card", "ringed"]


def position(savannah: Sequence[str], hands: Sequence[Sequence[str]], draw: Optional[Sequence[str]] = None,
             options: Optional[Dict[str, Any]] = None, **fields) -> Callable[[], Any]:
    """A builder of a fresh game on seed 0, Red (seat 0) to move: the savannah left to right
    (``"Lion@1"``: Blue's token), each seat's hand, the draw pile top first (``None``: the seeded
    rest of the deck; empty: the last discards, or the end when every hand holds 2 cards).
    ``fields`` are more scenario fields (``kill_piles``, ``bonus``); ``options`` the game's
    (``{"tokens": 3}``). Every call builds anew, so re-running an exercise never fails."""
    data: Dict[str, Any] = {"savannah": list(savannah), "hands": [list(h) for h in hands], "to_move": 0, **fields}
    if draw is not None:
        data["draw_pile"] = list(draw)
    return lambda: from_scenario(copy.deepcopy(data), seed=0, **(options or {}))


def after(game, move) -> Tuple[Any, List[Any]]:
    """A copy of ``game`` after ``move``, and the events it gave (``game`` stays as it is)."""
    trial = game.copy()
    return trial, trial.play(move)


def species_of(game, card_id: str) -> str:
    """The species of a card id: ``"C35"`` -> ``"Zebra"``."""
    return game.catalogue.name[game.catalogue.index[card_id]]


def species_names(game, cards: Iterable[int]) -> FrozenSet[str]:
    """The species of some cards (by index), as a set: what an answer by species compares."""
    return frozenset(game.catalogue.name[c] for c in cards)


def hand_card(game, species: str, seat: Optional[int] = None) -> str:
    """The id of the first card of ``species`` in the hand of ``seat`` (default: the player to move)."""
    cat = game.catalogue
    hand = game.state.hands[game.current_player if seat is None else seat]
    return next(cat.ids[c] for c in hand if cat.name[c] == species)


def ringed(cards: Callable[[Any], Iterable[str]], **view) -> Callable[[Any], Scene]:
    """A picture: the table with the cards ``cards(game)`` gives (ids) ringed; ``view`` are
    ``game.scene`` options (default: the hand of the player to move face up)."""
    return lambda game: game.scene(**{"viewer": game.current_player, **view}, highlights=tuple(cards(game)))
