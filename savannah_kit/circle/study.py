"""What one finished game adds to a lab study's table (its spec's ``lab.columns``): whether
each seat scored the Big Five bonus."""

from __future__ import annotations

from typing import List


def columns(game, breakdowns) -> List[dict]:
    """``big_five`` for each seat: its breakdown's Big Five line is above zero."""
    return [{"big_five": any(line.rule == "circle.end.big-five" and line.points > 0 for line in b.lines)}
            for b in breakdowns]
