"""The save-file envelope rejects bad input with messages naming the problem."""

import json

import pytest

from savannah_kit.core.errors import SaveFileError
from savannah_kit.core.save import MAX_BYTES, MAX_DEPTH, MAX_MOVES, read_envelope

GOOD = {"game": "forest", "format_version": 1, "options": {"players": 2}, "seed": 7, "moves": []}


def text(**changes):
    d = dict(GOOD, **changes)
    return json.dumps({k: v for k, v in d.items() if v is not ...})


def test_good_envelope_passes():
    assert read_envelope(text(), "forest")["seed"] == 7
    assert read_envelope(text().encode(), "forest")["options"] == {"players": 2}


@pytest.mark.parametrize("bad, message", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "expected a JSON object, got list"),
    (text(format_version=2), "format_version: version 2 is not supported"),
    (text(format_version="1"), "format_version: must be an integer"),
    (text(game="tails"), "game: this file is for 'tails', not 'forest'"),
    (text(seed=...), "seed: missing"),
    (text(seed=1.5), "seed: must be an integer"),
    (text(moves={"a": 1}), "moves: must be a list"),
    (text(options=[]), "options: must be an object"),
    (text(extra=1), "extra: unknown field"),
    (text(scenario=3), "scenario: must be an object"),
    ('{"game": "forest", "seed": NaN}', "NaN is not allowed"),
    (b"\xff\xfe", "not UTF-8"),
    (12, "expected JSON text"),
])
def test_bad_envelopes_are_named(bad, message):
    with pytest.raises(SaveFileError) as err:
        read_envelope(bad, "forest")
    assert message in str(err.value)
    assert str(err.value).startswith("save file:")


def test_oversized_and_deeply_nested_input_is_refused():
    with pytest.raises(SaveFileError, match="too large"):
        read_envelope(" " * (MAX_BYTES + 1), "forest")
    deep = text(options={"a": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]})
    with pytest.raises(SaveFileError, match="nested"):
        read_envelope(deep, "forest")
    with pytest.raises(SaveFileError, match="nested"):
        read_envelope("[" * 100_000 + "]" * 100_000, "forest")
    with pytest.raises(SaveFileError, match="moves: 20001 moves"):
        read_envelope(text(moves=[0] * 20_001), "forest")


def _nested(kind, k):
    value = 1
    for _ in range(k):
        value = [value] if kind == "list" else {"a": value}
    return value


@pytest.mark.parametrize("kind", ["list", "object"])
def test_nesting_is_refused_exactly_past_the_limit(kind):
    # the envelope is level 0, its options level 1, so a value k containers deep inside
    # the options ends at level 2 + k
    at_limit = MAX_DEPTH - 2
    assert read_envelope(text(options={"a": _nested(kind, at_limit)}), "forest")
    with pytest.raises(SaveFileError, match=f"nested more than {MAX_DEPTH} levels"):
        read_envelope(text(options={"a": _nested(kind, at_limit + 1)}), "forest")


def test_size_is_refused_exactly_past_the_limit():
    body = text()
    exact = body[:-1] + " " * (MAX_BYTES - len(body)) + "}"
    assert len(exact) == MAX_BYTES and read_envelope(exact, "forest")
    assert read_envelope(exact.encode(), "forest")
    with pytest.raises(SaveFileError, match=f"too large: {MAX_BYTES + 1} characters"):
        read_envelope(exact[:-1] + " }", "forest")
    with pytest.raises(SaveFileError, match=f"too large: {MAX_BYTES + 1} bytes"):
        read_envelope((exact[:-1] + " }").encode(), "forest")


def test_move_count_is_refused_exactly_past_the_limit():
    assert len(read_envelope(text(moves=[0] * MAX_MOVES), "forest")["moves"]) == MAX_MOVES
    with pytest.raises(SaveFileError, match=f"moves: {MAX_MOVES + 1} moves, at most {MAX_MOVES}"):
        read_envelope(text(moves=[0] * (MAX_MOVES + 1)), "forest")
