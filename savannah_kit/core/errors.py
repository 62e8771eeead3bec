"""Errors the kit raises for bad input.

Every error is a ``ValueError`` so callers can catch bad input in one place, and
every message names what was wrong: the rule that forbids a move, or the field
of a scenario, save file or data file that is malformed.
"""


class KitError(ValueError):
    """Base class for every bad-input error of the kit."""


class IllegalMove(KitError):
    """A move the rules forbid. ``rule_id`` names the rule; ``reason`` says why.

    The game state is unchanged when this is raised.
    """

    def __init__(self, rule_id: str, reason: str, move=None):
        self.rule_id = rule_id
        self.reason = reason
        self.move = move
        super().__init__(f"{reason} [{rule_id}]")


class FieldError(KitError):
    """Bad input located at a field path such as ``moves[3].card``."""

    kind = "input"

    def __init__(self, field: str, reason: str):
        self.field = field
        self.reason = reason
        super().__init__(f"{self.kind}: {field}: {reason}" if field else f"{self.kind}: {reason}")


class ScenarioError(FieldError):
    """A malformed scenario (a hand-built position) or game option."""

    kind = "scenario"


class SaveFileError(FieldError):
    """A malformed, oversized, hostile or incompatible save file."""

    kind = "save file"


class DataError(FieldError):
    """A malformed component catalogue (cards, tiles): names the item and field."""

    kind = "data"


class UnknownRuleError(KitError, LookupError):
    """A rule id that is not in the rule index."""

    def __init__(self, rule_id: str, hint: str = ""):
        self.rule_id = rule_id
        msg = f"unknown rule id {rule_id!r}"
        super().__init__(msg + (f"; did you mean {hint!r}?" if hint else ""))
