"""Circle of Life moves: small frozen values naming cards by id.

* ``Play(card, actions)``: play ``card`` from hand; ``actions`` holds one entry
  per hunting action of the card, top to bottom: ``(branch, targets)`` where
  ``branch`` is the chosen branch of a ``choose`` action (0 for a plain
  action) and ``targets`` the ids of the cards it kills or scares, in id order
  (empty when the action has no target).
* ``Discard(card)``: nothing in hand can be played, so this card leaves the game.
* ``LastDiscard(card)``: the end-of-game discard that leaves 2 cards in hand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Tuple, Union

from ..core.errors import SaveFileError
from ..core.fields import safe_repr

CARD_ID = re.compile(r"^C[0-9]{2,3}$")

ActionChoice = Tuple[int, Tuple[str, ...]]


def _card(value: Any, field: str) -> str:
    if not isinstance(value, str) or not CARD_ID.match(value):
        raise SaveFileError(field, f"{safe_repr(value)} is not a card id like 'C07'")
    return value


@dataclass(frozen=True)
class Play:
    """Play ``card`` to the right end of the savannah, with every choice its actions need."""

    card: str
    actions: Tuple[ActionChoice, ...] = ()

    @classmethod
    def of(cls, card: str, *actions: Union[Tuple[int, Any], Any]) -> "Play":
        """Convenience: ``Play.of("C01", ["C35"], ["C10"])`` or ``Play.of("C10", (1, ["C07"]))``;
        targets may be given in any order."""
        entries = []
        for a in actions:
            if isinstance(a, tuple) and len(a) == 2 and isinstance(a[0], int):
                branch, targets = a
            else:
                branch, targets = 0, a
            entries.append((branch, tuple(sorted(targets))))
        return cls(card, tuple(entries))

    def to_data(self) -> dict:
        return {"play": self.card, "actions": [[b, list(t)] for b, t in self.actions]}

    def __repr__(self) -> str:
        parts = [self.card]
        for b, t in self.actions:
            parts.append((f"#{b}" if b else "") + "[" + " ".join(t) + "]")
        return f"Play({' '.join(parts)})"

    __str__ = __repr__


@dataclass(frozen=True)
class Discard:
    """Discard ``card`` out of the game because no card in hand can be played."""

    card: str

    def to_data(self) -> dict:
        return {"discard": self.card}

    def __repr__(self) -> str:
        return f"Discard({self.card})"

    __str__ = __repr__


@dataclass(frozen=True)
class LastDiscard:
    """The end-of-game discard: ``card`` leaves the game, 2 cards stay in hand."""

    card: str

    def to_data(self) -> dict:
        return {"last_discard": self.card}

    def __repr__(self) -> str:
        return f"LastDiscard({self.card})"

    __str__ = __repr__


Move = Union[Play, Discard, LastDiscard]


def move_from_data(data: Any) -> Move:
    """Rebuild a move from ``to_data()`` output; raises ``SaveFileError`` naming the bad field."""
    if not isinstance(data, dict):
        raise SaveFileError("", f"a move is an object such as {{'play': 'C01', 'actions': []}}, not "
                            f"{safe_repr(data)}")
    if set(data) == {"discard"}:
        return Discard(_card(data["discard"], "discard"))
    if set(data) == {"last_discard"}:
        return LastDiscard(_card(data["last_discard"], "last_discard"))
    if set(data) != {"play", "actions"}:
        raise SaveFileError("", f"unknown move fields {sorted(data)}; expected play+actions, discard or "
                            "last_discard")
    card = _card(data["play"], "play")
    raw = data["actions"]
    if not isinstance(raw, list) or len(raw) > 4:
        raise SaveFileError("actions", "must be a list of at most 4 [branch, targets] pairs")
    entries = []
    for i, entry in enumerate(raw):
        if not isinstance(entry, list) or len(entry) != 2:
            raise SaveFileError(f"actions[{i}]", "must be a [branch, targets] pair")
        branch, targets = entry
        if isinstance(branch, bool) or not isinstance(branch, int) or not 0 <= branch <= 3:
            raise SaveFileError(f"actions[{i}][0]", f"the branch must be a whole number 0-3, not {safe_repr(branch)}")
        if not isinstance(targets, list) or len(targets) > 10:
            raise SaveFileError(f"actions[{i}][1]", "must be a list of card ids")
        ids = tuple(sorted(_card(t, f"actions[{i}][1][{j}]") for j, t in enumerate(targets)))
        entries.append((branch, ids))
    return Play(card, tuple(entries))
