"""The columns of a study's table that one finished game gives, beyond the common ones.

Plain Python, run inside the worker processes once per game, so it stays cheap and imports
no pandas: it reads a finished game's score breakdowns and its event log.

* every game: ``points:<rule id>`` (the breakdown's points, summed by the rule that gives
  them) and the turns each seat took (its events of the rules that open a turn, which the
  game's spec lists in ``lab.turn_rules``);
* each game's own columns come from its spec's ``lab.columns`` hook (Savannah Tails: the
  course and the animals met; Circle of Life: the Big Five; Savernake Forest: food and
  advisor points), listed in ``savannah_kit.lab``.
"""

from __future__ import annotations

from typing import Dict, List

from ..core.registry import spec_of


def turns_by_seat(game, decisions_by_seat: List[int]) -> List[int]:
    """How many turns each seat took: its events of the rules that open a turn (a turn may
    take more than one decision: a Tails discard, a Forest placement after the take)."""
    rules = spec_of(game).lab.turn_rules
    turns = [0] * game.players
    for event in game.log:
        if event.rule in rules and event.player is not None:
            turns[event.player] += 1
    return turns


def breakdown_points(breakdown) -> Dict[str, int]:
    """A seat's breakdown as ``{"points:<rule id>": points}`` (lines of one rule added up)."""
    points: Dict[str, int] = {}
    for line in breakdown.lines:
        key = "points:" + line.rule
        points[key] = points.get(key, 0) + line.points
    return points


def places(scores: List[int], winners: List[int]) -> List[int]:
    """Each seat's place (1 = first): a winner is ahead of every other seat; otherwise the
    higher score is ahead, and equal scores share a place."""
    won = set(winners)
    key = [(p in won, s) for p, s in enumerate(scores)]
    return [1 + sum(1 for other in key if other > mine) for mine in key]
