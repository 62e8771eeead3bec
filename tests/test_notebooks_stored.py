"""Committed notebooks must hold their outputs: nbval skips never-run cells, so
a notebook saved without outputs would only prove "no exception"."""

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def test_there_are_notebooks():
    assert (ROOT / "notebooks" / "00_start_here.ipynb") in NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_code_cell_was_executed_in_order(path):
    nb = json.loads(path.read_text("utf-8"))
    cells = [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    unrun = [i for i, c in enumerate(cells) if c.get("execution_count") is None]
    assert unrun == [], f"{path.name}: code cells {unrun} have no stored run; use ./kit notebooks"
    counts = [c["execution_count"] for c in cells]
    assert counts == list(range(1, len(cells) + 1)), f"{path.name}: cells were not run top to bottom in one go"
    errors = [i for i, c in enumerate(cells) for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert errors == [], f"{path.name}: stored error outputs in code cells {errors}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_rule_tags_name_real_rules(path):
    from savannah_kit.core.rules_index import rule

    nb = json.loads(path.read_text("utf-8"))
    for cell in nb["cells"]:
        for tag in cell.get("metadata", {}).get("tags", []):
            if tag.startswith("rule:"):
                rule(tag[5:])
