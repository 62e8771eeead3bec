"""Score breakdowns: where every point of a player comes from, in one shape for all games.

``game.score_breakdown(player)`` returns a ``ScoreBreakdown`` (each game may
subclass it to add its own detail, such as the forest's animal-by-animal walk).
Its lines add up to ``game.scores()[player]``; each names the rule that gives
the points. Before the end it says what the score would be if the game ended now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple


@dataclass(frozen=True)
class ScoreLine:
    """Points from one source, with the rule that gives them."""

    label: str
    points: int
    rule: str

    def to_data(self) -> dict:
        return {"label": self.label, "points": self.points, "rule": self.rule}


@dataclass(frozen=True)
class ScoreBreakdown:
    """A player's score, line by line."""

    player: int
    name: str
    lines: Tuple[ScoreLine, ...]
    final: bool  # the game is over; before that, the score "if the game ended now"

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def to_data(self) -> dict:
        return {"player": self.player, "name": self.name, "total": self.total, "final": self.final,
                "lines": [line.to_data() for line in self.lines]}

    def __str__(self) -> str:
        when = "" if self.final else " (if the game ended now)"
        head = f"{self.name}: {self.total} point{'' if abs(self.total) == 1 else 's'}{when}"
        width = max((len(line.label) for line in self.lines), default=0)
        rows = [f"  {line.label:<{width}}  {line.points:+d}" for line in self.lines]
        return "\n".join([head] + rows)
