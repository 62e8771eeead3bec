"""A game's mutable state: one slotted dataclass, copied in one place.

Everything that changes during play lives in the game's ``state`` (a subclass
of ``GameState``); everything else on a game is configuration fixed at set-up
(options, catalogue, track). ``Game.copy`` copies the state with
``GameState.copy``, which copies every list, dict and set it holds (at any
depth) and every object that has a ``copy()`` method, and shares the rest
(numbers, text, tuples, frozen data). So a list added to a state later is
copied too, without anyone remembering to; the conformance tests check that a
copy shares nothing that can change.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any, Iterator, Tuple

_CONTAINERS = (list, dict, set)
_ATOMS = (int, str, float, bool, type(None))


def copy_value(value: Any) -> Any:
    """A copy of ``value`` sharing no list, dict or set with it (others are kept as they are).

    Lists in a state are homogeneous, so a list whose first item is a number or
    text is copied flat (the fast path for hands, decks and rows)."""
    t = type(value)
    if t is list:
        if not value or type(value[0]) in _ATOMS:
            return value[:]
        return [copy_value(v) for v in value]
    if t is dict:
        return {k: copy_value(v) for k, v in value.items()}
    if t is set:
        return set(value)
    if t in _ATOMS or t is tuple or t is frozenset:
        return value
    copier = getattr(value, "copy", None)
    return copier() if copier is not None else value


class PhaseEnum(str, enum.Enum):
    """Base of each game's ``Phase`` enum: members are also their lowercase names as text,
    so ``game.phase == "take"`` holds and ``print(game.phase)`` shows ``take``."""

    def __str__(self) -> str:
        return self.value


class GameState:
    """Base of the games' state dataclasses (declare them ``@dataclass(slots=True)``)."""

    __slots__ = ()

    def copy(self):
        """An independent copy (see the module docstring)."""
        cls = type(self)
        names = _FIELD_NAMES.get(cls)
        if names is None:  # worked out once per class: the searching bots copy states by the thousand
            names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
        return cls(**{name: copy_value(getattr(self, name)) for name in names})


#: the field names of each state class (one entry per class: bounded by the games' classes)
_FIELD_NAMES: dict = {}


def mutable_parts(value: Any, path: str = "") -> Iterator[Tuple[str, Any]]:
    """(path, object) for every list, dict, set or copyable object inside ``value``: what a
    copy must not share. Used by the conformance tests."""
    t = type(value)
    if t in _CONTAINERS:
        yield path, value
        items = value.items() if t is dict else enumerate(value)
        for k, v in items:
            yield from mutable_parts(v, f"{path}[{k!r}]")
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not getattr(type(value), "__dataclass_params__").frozen:
            yield path, value
        for f in dataclasses.fields(value):
            yield from mutable_parts(getattr(value, f.name), f"{path}.{f.name}")
    elif hasattr(value, "copy") and t not in (str, bytes, frozenset, tuple):
        yield path, value
