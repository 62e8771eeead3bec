"""Event records: what happened in a game, each citing the rule that made it happen."""

from __future__ import annotations

from typing import Any, Mapping, Optional

_EMPTY: Mapping[str, Any] = {}


class Event:
    """One thing that happened. ``rule`` is a rule id from the rule index.

    A plain slotted class rather than a dataclass: engines create one per step
    of every simulated game, so construction must be cheap. Treat it as frozen.
    """

    __slots__ = ("rule", "message", "player", "data")

    def __init__(self, rule: str, message: str, player: Optional[int] = None,
                 data: Optional[Mapping[str, Any]] = None):
        self.rule = rule
        self.message = message
        self.player = player
        self.data = _EMPTY if data is None else data

    def __eq__(self, other) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.rule, self.message, self.player) == (other.rule, other.message, other.player)

    def __hash__(self) -> int:
        return hash((self.rule, self.message, self.player))

    def __repr__(self) -> str:
        return f"Event(rule={self.rule!r}, message={self.message!r}, player={self.player!r})"

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}]"

    def explain(self) -> str:
        """The message followed by the rule's own text, for learners."""
        from .rules_index import rule

        return f"{self.message} (rule {self.rule}: {rule(self.rule).text})"
