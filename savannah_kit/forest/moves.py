"""The decisions of Savernake Forest, as small frozen moves.

A turn is a short sequence of decisions by the same player:

1. ``Take(player, slot)``: take the card under an advisor (``"rabbit"``,
   ``"rooster"``, ``"armadillo"`` or ``"goat"``);
2. ``Place(player, x, y, rotation)``: put it on an empty cell, turned
   0/90/180/270 degrees clockwise;
3. only when the advisor's benefit leaves a choice:
   ``Lair(player, x, y)`` (which animal gets the lair token) or
   ``Water(player, x, y, food)`` (which animal corner gets the water drop).

Two more decisions happen outside the turns: ``Orient(player, rotation)``
turns a starting animal (advanced 2-player mode only) and ``Keep(player, x, y)``
chooses which animal stays on a shared path at the end (only after a forced
placement). Every move names the player making it, so a move for the wrong
player is refused.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields
from typing import Dict, Tuple

from ..core.errors import SaveFileError
from ..core.fields import safe_repr


class _Move:
    """Shared by every decision: its save form is its kind plus its fields."""

    kind = ""

    def to_data(self) -> dict:
        return {"move": self.kind, **{f.name: getattr(self, f.name) for f in fields(self)}}


class _AtCell(_Move):
    """A decision about the card at cell ``(x, y)`` of the player's forest."""

    @property
    def cell(self) -> Tuple[int, int]:
        return (self.x, self.y)


@dataclass(frozen=True)
class Take(_Move):
    """Take the card under the advisor ``slot``."""

    kind = "take"

    player: int
    slot: str

    def __str__(self) -> str:
        return f"player {self.player} takes the {self.slot}'s card"


@dataclass(frozen=True)
class Place(_AtCell):
    """Place the card just taken on cell ``(x, y)`` turned ``rotation`` degrees clockwise."""

    kind = "place"

    player: int
    x: int
    y: int
    rotation: int

    def __str__(self) -> str:
        return f"player {self.player} places the card at ({self.x}, {self.y}), turned {self.rotation}°"


@dataclass(frozen=True)
class Lair(_AtCell):
    """Put the armadillo's lair token on the animal at ``(x, y)``."""

    kind = "lair"

    player: int
    x: int
    y: int

    def __str__(self) -> str:
        return f"player {self.player} puts the lair token on the animal at ({self.x}, {self.y})"


@dataclass(frozen=True)
class Water(_AtCell):
    """Put the goat's water drop on the ``food`` corner of the animal at ``(x, y)``."""

    kind = "water"

    player: int
    x: int
    y: int
    food: str

    def __str__(self) -> str:
        return f"player {self.player} puts the water drop on the {self.food} corner at ({self.x}, {self.y})"


@dataclass(frozen=True)
class Orient(_Move):
    """Turn the next starting animal (advanced 2-player mode) by ``rotation`` degrees."""

    kind = "orient"

    player: int
    rotation: int

    def __str__(self) -> str:
        return f"player {self.player} turns a starting animal {self.rotation}°"


@dataclass(frozen=True)
class Keep(_AtCell):
    """At the end, keep the animal at ``(x, y)`` and discard the others on its path."""

    kind = "keep"

    player: int
    x: int
    y: int

    def __str__(self) -> str:
        return f"player {self.player} keeps the animal at ({self.x}, {self.y})"


MOVE_TYPES: Dict[str, type] = {cls.kind: cls for cls in (Take, Place, Lair, Water, Orient, Keep)}
_TEXT_FIELDS = {"slot", "food"}


@functools.lru_cache(maxsize=100_000)
def place_move(player: int, x: int, y: int, q: int) -> Place:
    """The (shared, immutable) ``Place`` move for quarter turn ``q``: cheap in the hot loop."""
    return Place(player, x, y, q * 90)


def move_from_data(data):
    """Rebuild a move from its ``to_data()`` form; ``SaveFileError`` names the bad field."""
    if not isinstance(data, dict):
        raise SaveFileError("", f"a move must be an object like {{'move': 'take', ...}}, not {safe_repr(data)}")
    kind = data.get("move")
    cls = MOVE_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise SaveFileError("move", f"unknown move kind {safe_repr(kind)}: use one of {', '.join(MOVE_TYPES)}")
    names = [f.name for f in fields(cls)]
    extra = sorted(set(data) - set(names) - {"move"})
    if extra:
        raise SaveFileError(extra[0], f"not a field of a {kind} move")
    values = []
    for name in names:
        if name not in data:
            raise SaveFileError(name, f"missing from a {kind} move")
        value = data[name]
        if name in _TEXT_FIELDS:
            if not isinstance(value, str):
                raise SaveFileError(name, f"must be text, not {safe_repr(value)}")
        elif isinstance(value, bool) or not isinstance(value, int):
            raise SaveFileError(name, f"must be a whole number, not {safe_repr(value)}")
        values.append(value)
    return cls(*values)
