"""The bounded load test: 10 tables of 4 simulated students, two projectors and a teacher
on one server for a few seconds. Every move reaches every screen of its table and none is
lost or kept twice; the latency is measured (``python -m savannah_kit.bench --classroom``
prints it), not asserted: these machines are shared."""

import math

import pytest

from savannah_kit.classroom.load import measure


@pytest.mark.slow
def test_ten_tables_of_four_lose_no_move():
    result = measure("forest", tables=10, players=4, seconds=4, think=0.5)
    assert result["students"] == 40 and result["projectors"] == 2
    assert result["lost"] == 0 and result["duplicated"] == 0 and result["unanswered_clicks"] == 0
    assert result["moves"] >= 10 and result["stored_moves"] >= result["moves"]
    assert math.isfinite(result["p95_ms"]) and result["p95_ms"] < 10_000
