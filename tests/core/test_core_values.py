"""The small values every game shares: events, short reprs of junk input, the exact type
checks of move fields and the text of a score breakdown."""

from dataclasses import dataclass
from typing import Optional, Tuple

import pytest

from savannah_kit.core.events import Event
from savannah_kit.core.fields import bad_field, safe_repr
from savannah_kit.core.scoring import ScoreBreakdown, ScoreLine


def test_events_are_equal_by_rule_message_and_player_not_by_data():
    a = Event("forest.turn.take", "Red takes", 0, {"card": "P01"})
    b = Event("forest.turn.take", "Red takes", 0)
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != Event("forest.turn.take", "Red takes", 1) and a != Event("forest.turn.take", "Blue takes", 0)
    assert (a == "Red takes") is False and a != str(a)
    assert a.data == {"card": "P01"} and b.data == {}


def test_safe_repr_shortens_long_deep_and_broken_values():
    """Refusal messages quote junk input: never more than a line, never an exception."""
    assert safe_repr("x" * 100) == "'" + "x" * 27 + "..." + "x" * 28 + "'"
    assert safe_repr([[[[[1]]]]]) == "[[[[...]]]]"

    class Long:
        def __repr__(self):
            return "L" * 300

    class Hostile:
        def __repr__(self):
            raise RuntimeError("no")

    assert safe_repr(Long()) == "L" * 98 + "..." + "L" * 99
    assert safe_repr(Hostile()).startswith("<Hostile ")


@dataclass(frozen=True)
class Pick:
    cards: Tuple[int, ...]
    pair: Tuple[int, str]
    note: Optional[str] = None


@pytest.mark.parametrize("move, bad", [
    (Pick((1, 2), (3, "a")), None),
    (Pick((), (3, "a"), "hi"), None),
    (Pick([1, 2], (3, "a")), ("cards", "Pick.cards must be a tuple of a whole number, not [1, 2]")),
    (Pick((1, True), (3, "a")), ("cards", "Pick.cards must be a tuple of a whole number, not (1, True)")),
    (Pick((1,), [3, "a"]), ("pair", "Pick.pair must be a tuple (a whole number, text), not [3, 'a']")),
    (Pick((1,), (3, "a", 4)), ("pair", "Pick.pair must be a tuple (a whole number, text), not (3, 'a', 4)")),
    (Pick((1,), (3, "a"), 5), ("note", "Pick.note must be text or None, not 5")),
])
def test_move_fields_are_checked_by_exact_type(move, bad):
    assert bad_field(move) == bad


def test_a_score_breakdown_reads_line_by_line():
    live = ScoreBreakdown(0, "Red", (ScoreLine("a", 1, "forest.score.own-points"),
                                     ScoreLine("longer label", -2, "forest.score.own-points")), False)
    assert str(live) == "Red: -1 point (if the game ended now)\n  a             +1\n  longer label  -2"
    final = ScoreBreakdown(1, "Blue", (ScoreLine("a", 2, "forest.score.own-points"),), True)
    assert str(final) == "Blue: 2 points\n  a  +2"
    assert final.to_data() == {"player": 1, "name": "Blue", "total": 2, "final": True,
                               "lines": [{"label": "a", "points": 2, "rule": "forest.score.own-points"}]}
