"""The columns of a study's table: their names and order, and those that one finished game
gives beyond the common ones.

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

import json
from typing import Any, Dict, List, Sequence, Tuple

from ..core.registry import spec_of

#: the columns every study has, in this order (``savannah_kit.lab`` describes each)
BASE_COLUMNS = ("game", "game_index", "seed", "players", "seat", "bot", "turn_order", "score", "winner", "winners",
                "place", "decisions", "turns", "seat_decisions", "seat_turns")
#: the common columns that hold True/False (a game's own are in its spec's ``lab.bool_columns``)
BOOL_COLUMNS = ("winner",)
#: a cell a game left empty (a scoring rule that gave one seat no line): NaN, as pandas has it
MISSING = float("nan")
#: what one task of the runner sends back, with the index of its first game: (first, column names, rows)
Piece = Tuple[int, List[str], List[tuple]]
#: the column holding a game's save file when a study keeps the moves (``keep_moves=True``)
MOVES = "moves"


def option_value(value: Any) -> Any:
    """An option as a table cell: numbers, text and booleans as they are, anything else as JSON."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return json.dumps(value, sort_keys=True)


def column_order(columns: Sequence[str]) -> List[str]:
    """A table's columns in the study's order: the common ones, the options, the points by
    rule, then the game's own (in the order first seen)."""
    rest = [c for c in dict.fromkeys(columns) if c not in BASE_COLUMNS]
    options = [c for c in rest if c.startswith("option:")]
    points = sorted(c for c in rest if c.startswith("points:"))
    extras = [c for c in rest if c not in options and c not in points]
    return list(BASE_COLUMNS) + options + points + extras


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
