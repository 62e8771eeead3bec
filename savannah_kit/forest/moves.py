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

from dataclasses import dataclass, fields
from typing import Dict, Tuple

from ..core.errors import KitError

SLOTS = ("rabbit", "rooster", "armadillo", "goat")


@dataclass(frozen=True)
class Take:
    """Take the card under the advisor ``slot``."""

    player: int
    slot: str

    def to_data(self) -> dict:
        return {"move": "take", "player": self.player, "slot": self.slot}

    def __str__(self) -> str:
        return f"seat {self.player} takes the {self.slot}'s card"


@dataclass(frozen=True)
class Place:
    """Place the card just taken on cell ``(x, y)`` turned ``rotation`` degrees clockwise."""

    player: int
    x: int
    y: int
    rotation: int

    @property
    def cell(self) -> Tuple[int, int]:
        return (self.x, self.y)

    def to_data(self) -> dict:
        return {"move": "place", "player": self.player, "x": self.x, "y": self.y, "rotation": self.rotation}

    def __str__(self) -> str:
        return f"seat {self.player} places at ({self.x}, {self.y}) turned {self.rotation}°"


@dataclass(frozen=True)
class Lair:
    """Put the armadillo's lair token on the animal at ``(x, y)``."""

    player: int
    x: int
    y: int

    @property
    def cell(self) -> Tuple[int, int]:
        return (self.x, self.y)

    def to_data(self) -> dict:
        return {"move": "lair", "player": self.player, "x": self.x, "y": self.y}

    def __str__(self) -> str:
        return f"seat {self.player} puts the lair token on the animal at ({self.x}, {self.y})"


@dataclass(frozen=True)
class Water:
    """Put the goat's water drop on the ``food`` corner of the animal at ``(x, y)``."""

    player: int
    x: int
    y: int
    food: str

    @property
    def cell(self) -> Tuple[int, int]:
        return (self.x, self.y)

    def to_data(self) -> dict:
        return {"move": "water", "player": self.player, "x": self.x, "y": self.y, "food": self.food}

    def __str__(self) -> str:
        return f"seat {self.player} puts the water drop on the {self.food} corner at ({self.x}, {self.y})"


@dataclass(frozen=True)
class Orient:
    """Turn the next starting animal (advanced 2-player mode) by ``rotation`` degrees."""

    player: int
    rotation: int

    def to_data(self) -> dict:
        return {"move": "orient", "player": self.player, "rotation": self.rotation}

    def __str__(self) -> str:
        return f"seat {self.player} turns a starting animal {self.rotation}°"


@dataclass(frozen=True)
class Keep:
    """At the end, keep the animal at ``(x, y)`` and discard the others on its path."""

    player: int
    x: int
    y: int

    @property
    def cell(self) -> Tuple[int, int]:
        return (self.x, self.y)

    def to_data(self) -> dict:
        return {"move": "keep", "player": self.player, "x": self.x, "y": self.y}

    def __str__(self) -> str:
        return f"seat {self.player} keeps the animal at ({self.x}, {self.y})"


MOVE_TYPES: Dict[str, type] = {"take": Take, "place": Place, "lair": Lair, "water": Water,
                               "orient": Orient, "keep": Keep}
_TEXT_FIELDS = {"slot", "food"}
_PLACE_CACHE: Dict[tuple, Place] = {}


def place_move(player: int, x: int, y: int, q: int) -> Place:
    """The (shared, immutable) ``Place`` move for quarter turn ``q``: cheap in the hot loop."""
    key = (player, x, y, q)
    move = _PLACE_CACHE.get(key)
    if move is None:
        if len(_PLACE_CACHE) > 100_000:
            _PLACE_CACHE.clear()
        move = _PLACE_CACHE[key] = Place(player, x, y, q * 90)
    return move


def move_from_data(data):
    """Rebuild a move from its ``to_data()`` form; ``KitError`` names what is wrong."""
    if not isinstance(data, dict):
        raise KitError(f"a move must be an object like {{'move': 'take', ...}}, not {data!r}")
    kind = data.get("move")
    cls = MOVE_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise KitError(f"unknown move kind {kind!r}: use one of {', '.join(MOVE_TYPES)}")
    names = [f.name for f in fields(cls)]
    extra = sorted(set(data) - set(names) - {"move"})
    if extra:
        raise KitError(f"{kind}: unknown field {extra[0]!r}")
    values = []
    for name in names:
        if name not in data:
            raise KitError(f"{kind}: missing field {name!r}")
        value = data[name]
        if name in _TEXT_FIELDS:
            if not isinstance(value, str):
                raise KitError(f"{kind}: {name} must be text, not {value!r}")
        elif isinstance(value, bool) or not isinstance(value, int):
            raise KitError(f"{kind}: {name} must be an integer, not {value!r}")
        values.append(value)
    return cls(*values)
