"""Every Savernake Forest rule is taught with a picture or a live board, and checked by an
exercise that a notebook holds (the teaching standard's coverage figures)."""

import json
import re
from pathlib import Path

from savannah_kit.core.rules_index import rules_for
from savannah_kit.rules_cli import exercise_rules
from savannah_kit.teach.checklist import notebook_exercises
from savannah_kit.teach.exercise import exercises

ROOT = Path(__file__).resolve().parents[2]
SHOWN = ("image/svg+xml", "image/png", "application/vnd.jupyter.widget-view+json")
FOREST = [r.id for r in rules_for("forest")]


def _notebooks():
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" not in path.parts:
            yield path, json.loads(path.read_text("utf-8"))


def test_every_forest_rule_is_taught_with_a_picture_or_a_live_board():
    pictured = set()
    for _path, nb in _notebooks():
        for cell in nb["cells"]:
            tags = [t[len("rule:"):] for t in cell.get("metadata", {}).get("tags", []) if t.startswith("rule:")]
            if any(k in out.get("data", {}) for out in cell.get("outputs", []) for k in SHOWN):
                pictured.update(tags)
    missing = [rid for rid in FOREST if rid not in pictured]
    assert not missing, f"taught without a picture or board: {missing}"


def test_at_least_90_percent_of_forest_rules_have_an_exercise():
    drilled = exercise_rules()
    with_exercise = [rid for rid in FOREST if drilled.get(rid)]
    assert len(with_exercise) / len(FOREST) >= 0.9, sorted(set(FOREST) - set(with_exercise))


def test_every_forest_exercise_sits_in_a_lesson_notebook_once():
    placed = {}
    for path, nb in _notebooks():
        if path.parent.name != "forest":
            continue
        for ex_id in notebook_exercises(nb):
            assert ex_id not in placed, f"{ex_id} is in {placed.get(ex_id)} and {path.name}"
            placed[ex_id] = path.name
    assert set(placed) == set(exercises("forest")), set(exercises("forest")) ^ set(placed)


def test_only_answer_key_links_lead_to_the_teachers_answers():
    """A lesson may link an exercise to its answer-key entry (so a saved notebook can be checked),
    and nothing else of the teacher's answers."""
    entry = re.compile(r"\[Answer key\]\(\.\./teacher/[a-z]+_answer_key\.ipynb#[a-z]+\.[a-z0-9-]+\)")
    for path, nb in _notebooks():
        if path.parent.name == "teacher":
            continue
        text = "".join("".join(c.get("source", "")) for c in nb["cells"] if c["cell_type"] == "markdown")
        assert "answer_key" not in entry.sub("", text), f"{path.name} links to the answer key"
