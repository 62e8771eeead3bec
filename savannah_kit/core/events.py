"""Event records: what happened in a game, each citing the rule that made it happen."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional


@dataclass(frozen=True)
class Event:
    """One thing that happened. ``rule`` is a rule id from the rule index."""

    rule: str
    message: str
    player: Optional[int] = None
    data: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return f"{self.message} [{self.rule}]"

    def explain(self) -> str:
        """The message followed by the rule's own text, for learners."""
        from .rules_index import rule

        return f"{self.message} (rule {self.rule}: {rule(self.rule).text})"
