"""Savannah Tails moves: small frozen records naming a card and everything it implies.

A move names what is played (a movement card such as ``"yellow-5"``, or the
bonuses ``"crazy-wings"`` / ``"deja-vu"``), the kind (``"normal"`` move, a
``"one-space"`` move, or the ``"discard"`` decision of the hand-size check),
the space where the ostrich ends the turn, and every choice on the way: the
bonuses armed at water holes, the bonus cards given up to cheetahs, whether
Boinnnggg, Neck Stretch or Leapfrog is used. Two routes that differ in nothing
but the path count as one move; the path the engine takes is kept in ``route``
for display, outside equality.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Tuple

from ..core.errors import SaveFileError
from ..core.fields import safe_repr
from .data import BONUS_FACES, CARD_CODES, LANES

KINDS = ("normal", "one-space", "discard")
PLAYS = tuple(CARD_CODES) + ("crazy-wings", "deja-vu")


@dataclass(frozen=True, eq=False)
class Move:
    card: Optional[str] = None
    to: Optional[str] = None
    kind: str = "normal"
    lane: Optional[str] = None          # the announced colour of Crazy Wings
    arm: Tuple[str, ...] = ()           # bonuses armed at the water holes entered
    lose: Tuple[str, ...] = ()          # bonus cards given up to cheetahs
    warthog: bool = False               # the route enters a warthog space
    boinnnggg: bool = False
    neck_stretch: bool = False
    leapfrog: bool = False
    discard: Tuple[str, ...] = ()       # hand-size check only
    player: Optional[int] = field(default=None, compare=False)  # optional check: whose move it is
    route: Tuple[str, ...] = field(default=(), compare=False)
    plan: Any = field(default=None, compare=False, repr=False)

    def __hash__(self) -> int:
        # equal moves share card, destination and kind: enough for a hash (strings cache theirs)
        return hash(self.card) ^ hash(self.to) ^ hash(self.discard)

    def to_data(self) -> dict:
        """Plain JSON data (only the fields that differ from the defaults)."""
        out: dict = {}
        if self.kind != "normal":
            out["kind"] = self.kind
        for key in ("card", "to", "lane", "player"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        for key in ("arm", "lose", "discard"):
            value = getattr(self, key)
            if value:
                out[key] = list(value)
        for key in ("warthog", "boinnnggg", "neck_stretch", "leapfrog"):
            if getattr(self, key):
                out[key] = True
        return out

    def __eq__(self, other) -> bool:
        if other.__class__ is not Move:
            return NotImplemented
        return (self.to == other.to and self.card == other.card and self.kind == other.kind
                and self.lane == other.lane and self.arm == other.arm and self.lose == other.lose
                and self.warthog == other.warthog and self.boinnnggg == other.boinnnggg
                and self.neck_stretch == other.neck_stretch and self.leapfrog == other.leapfrog
                and self.discard == other.discard)

    @classmethod
    def from_data(cls, data: Any) -> "Move":
        if isinstance(data, Move):
            return data
        if not isinstance(data, dict):
            raise SaveFileError("", f"expected an object, got {safe_repr(data)}")
        allowed = {"player", "kind", "card", "to", "lane", "arm", "lose", "discard", "warthog",
                   "boinnnggg", "neck_stretch", "leapfrog"}
        for key in data:
            if key not in allowed:
                raise SaveFileError(key, "unknown field")
        kind = data.get("kind", "normal")
        if kind not in KINDS:
            raise SaveFileError("kind", f"unknown kind {safe_repr(kind)}; use one of {', '.join(KINDS)}")
        card = data.get("card")
        if card is not None and card not in PLAYS:
            raise SaveFileError("card", f"unknown card {safe_repr(card)}")
        lane = data.get("lane")
        if lane is not None and lane not in LANES:
            raise SaveFileError("lane", f"unknown lane colour {safe_repr(lane)}")
        to = data.get("to")
        if to is not None and not isinstance(to, str):
            raise SaveFileError("to", f"expected a space name, got {safe_repr(to)}")
        lists = {}
        for key, allowed_values in (("arm", BONUS_FACES), ("lose", BONUS_FACES), ("discard", tuple(CARD_CODES))):
            value = data.get(key, [])
            if not isinstance(value, list) or any(v not in allowed_values for v in value):
                raise SaveFileError(key, f"expected a list of names from {', '.join(allowed_values)}, got {safe_repr(value)}")
            lists[key] = tuple(sorted(value))
        flags = {}
        for key in ("warthog", "boinnnggg", "neck_stretch", "leapfrog"):
            value = data.get(key, False)
            if not isinstance(value, bool):
                raise SaveFileError(key, f"expected true or false, got {safe_repr(value)}")
            flags[key] = value
        player = data.get("player")
        if player is not None and (type(player) is not int or not 0 <= player < 5):
            raise SaveFileError("player", f"expected a seat number 0-4, got {safe_repr(player)}")
        return cls(card=card, to=to, kind=kind, lane=lane, player=player, **lists, **flags)

    def __str__(self) -> str:
        if self.kind == "discard":
            return "discard " + ", ".join(self.discard)
        what = self.card if self.lane is None else f"{self.card} ({self.lane})"
        parts = [f"{what}{' one space' if self.kind == 'one-space' else ''} to {self.to}"]
        if self.boinnnggg:
            parts.append("Boinnnggg")
        if self.neck_stretch:
            parts.append("Neck Stretch")
        if self.leapfrog:
            parts.append("Leapfrog")
        if self.arm:
            parts.append("arm " + "+".join(self.arm))
        if self.lose:
            parts.append("lose " + "+".join(self.lose))
        if self.warthog:
            parts.append("via warthog")
        return ", ".join(parts)

    def __repr__(self) -> str:
        fields = [f"{self.card!r}"] if self.card is not None else []
        if self.player is not None:
            fields.append(f"player={self.player}")
        if self.to is not None:
            fields.append(f"to={self.to!r}")
        if self.kind != "normal":
            fields.append(f"kind={self.kind!r}")
        if self.lane is not None:
            fields.append(f"lane={self.lane!r}")
        for key in ("arm", "lose", "discard"):
            if getattr(self, key):
                fields.append(f"{key}={getattr(self, key)!r}")
        for key in ("warthog", "boinnnggg", "neck_stretch", "leapfrog"):
            if getattr(self, key):
                fields.append(f"{key}=True")
        return f"Move({', '.join(fields)})"


_new = object.__new__
_set = object.__setattr__


def new_move(card, to, kind, lane, arm, lose, warthog, boinnnggg, neck_stretch, leapfrog, route, plan) -> Move:
    """A move built without the dataclass ``__init__`` (the move generator's fast path)."""
    m = _new(Move)
    _set(m, "__dict__", {"card": card, "to": to, "kind": kind, "lane": lane, "arm": arm, "lose": lose,
                         "warthog": warthog, "boinnnggg": boinnnggg, "neck_stretch": neck_stretch,
                         "leapfrog": leapfrog, "discard": (), "player": None, "route": route, "plan": plan})
    return m

