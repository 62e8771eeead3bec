"""Game-agnostic engine pieces. Nothing here imports Jupyter libraries."""

from .errors import IllegalMove, KitError, SaveFileError, ScenarioError, DataError, UnknownRuleError
from .events import Event
from .game import Game
from .rules_index import rule, rules_for, RULES

__all__ = [
    "Event", "Game", "IllegalMove", "KitError", "SaveFileError", "ScenarioError",
    "DataError", "UnknownRuleError", "rule", "rules_for", "RULES",
]
