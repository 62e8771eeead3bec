"""The rule index: complete, in step with RULES.md, loud on unknown ids."""

import ast
import re
from pathlib import Path

import pytest

from savannah_kit.core.rules_index import RULES, RULE_ID_PATTERN, check, rule, rules_for
from savannah_kit.core import UnknownRuleError

ROOT = Path(__file__).resolve().parents[2]
SHARED_RULES = ROOT.parent / "shared" / "RULES.md"


def test_index_holds_all_148_rules_of_three_games():
    assert len(RULES) == 148
    assert {g: len(rules_for(g)) for g in ("tails", "circle", "forest")} == {"tails": 70, "circle": 39, "forest": 39}
    for r in RULES.values():
        assert RULE_ID_PATTERN.match(r.id) and r.text and r.section


@pytest.mark.skipif(not SHARED_RULES.is_file(), reason="design notes not beside this checkout")
def test_index_matches_the_design_notes():
    ids = re.findall(r"^\| `([a-z]+\.[a-z0-9.-]+)` \|", SHARED_RULES.read_text("utf-8"), re.M)
    assert ids == list(RULES)


@pytest.mark.skipif(not SHARED_RULES.is_file(), reason="design notes not beside this checkout")
def test_index_texts_repeat_the_design_notes():
    """Each rule's text is RULES.md's, without its revision marks and bold type."""
    rows = re.findall(r"^\| `([a-z]+\.[a-z0-9.-]+)` \| (.*?) \| .*? \|$", SHARED_RULES.read_text("utf-8"), re.M)
    noted = {rid: re.sub(r"\*\((?:revised twice|revised|new)\)\* ?", "", text).replace("**", "") for rid, text in rows}
    assert {rid: r.text for rid, r in RULES.items() if r.text != noted[rid]} == {}


def test_unknown_rule_id_fails_loudly_with_a_suggestion():
    with pytest.raises(UnknownRuleError) as err:
        rule("forest.place.adjacant")
    assert "unknown rule id 'forest.place.adjacant'" in str(err.value)
    assert "did you mean 'forest.place.adjacent'" in str(err.value)
    with pytest.raises(UnknownRuleError):
        check("chess.castle")
    with pytest.raises(UnknownRuleError):
        rules_for("chess")
    assert isinstance(err.value, LookupError) and isinstance(err.value, ValueError)


def _string_constants(path: Path):
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value


def test_every_rule_id_used_in_the_package_exists():
    used = set()
    for path in (ROOT / "savannah_kit").rglob("*.py"):
        for s in _string_constants(path):
            if RULE_ID_PATTERN.match(s):
                used.add((s, path.name))
    unknown = sorted((s, f) for s, f in used if s not in RULES)
    assert unknown == []
    assert len(used) > 0


def test_every_rule_id_in_package_data_files_exists():

    unknown = []
    for path in (ROOT / "savannah_kit").rglob("*.json"):
        if path.name == "rules.json":
            continue
        for s in re.findall(r'"((?:tails|circle|forest)\.[a-z0-9-]+(?:\.[a-z0-9-]+)+)"', path.read_text("utf-8")):
            if s not in RULES:
                unknown.append((path.name, s))
    assert unknown == []


def _load_index(tmp_path, monkeypatch, rows):
    """Load a rule index from ``rows`` instead of the package's rules.json."""
    import json
    from types import SimpleNamespace

    from savannah_kit.core import rules_index

    (tmp_path / "rules.json").write_text(json.dumps({"rules": rows}), "utf-8")
    monkeypatch.setattr(rules_index, "resources", SimpleNamespace(files=lambda package: tmp_path))
    return rules_index._load()


GOOD_ROW = {"id": "forest.place.adjacent", "text": "Next to the forest.", "section": "Placing"}


@pytest.mark.parametrize("row, field, reason", [
    (dict(GOOD_ROW, id="chess.castle.short"), "rules[1].id", "'chess.castle.short' is not a rule id like "
     "'forest.place.adjacent' of a registered game (tails, circle, forest)"),
    (dict(GOOD_ROW, id="forest"), "rules[1].id", "'forest' is not a rule id like"),
    (dict(GOOD_ROW, id="forest.turn.take", text=" "), "rules[1].text", "missing for 'forest.turn.take'"),
    (dict(GOOD_ROW, id="forest.turn.take", section=None), "rules[1].section", "missing for 'forest.turn.take'"),
    (GOOD_ROW, "rules[1].id", "'forest.place.adjacent' appears twice"),
])
def test_a_broken_rule_index_file_names_the_row(tmp_path, monkeypatch, row, field, reason):
    from savannah_kit.core import DataError

    with pytest.raises(DataError) as err:
        _load_index(tmp_path, monkeypatch, [GOOD_ROW, row])
    assert err.value.field == field and err.value.reason.startswith(reason)


def test_a_rule_index_file_of_good_rows_loads(tmp_path, monkeypatch):
    rows = [GOOD_ROW, dict(GOOD_ROW, id="circle.hunt.kill"), dict(GOOD_ROW, id="tails.a1.b-2")]
    loaded = _load_index(tmp_path, monkeypatch, rows)
    assert list(loaded) == ["forest.place.adjacent", "circle.hunt.kill", "tails.a1.b-2"]
    assert str(loaded["circle.hunt.kill"]) == "circle.hunt.kill: Next to the forest."
    assert loaded["tails.a1.b-2"].game == "tails"
