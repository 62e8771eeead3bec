"""The Savannah Tails lesson notebooks a learner can trust: each exercise links to its answer-key
entry, no text after an exercise gives its answer, kit rulings are marked and linked, no label of the
kit's own notes reaches the learner (every cell run twice: tests/teach/test_trust.py)."""

import re
from pathlib import Path

import nbformat
import pytest

from savannah_kit.teach.exercise import exercise

FOLDER = Path(__file__).resolve().parents[2] / "notebooks" / "tails"
LESSONS = sorted(FOLDER.glob("0*.ipynb"))
BY_LESSON = pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
RULINGS = "../reference/tails_rules.ipynb#kit-rulings"
NOTE_LABEL = re.compile(r"\b[ABDK]\d{1,2}\b|ASSUMPTION|GAMES\.md|RULES\.md|\bdecision\b")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))


def exercise_cells(nb):
    for i, cell in enumerate(nb.cells):
        for tag in cell.metadata.get("tags", []):
            if tag.startswith("exercise:"):
                yield i, tag[len("exercise:"):]


def test_the_lessons_hold_exercises():
    assert sum(len(list(exercise_cells(nbformat.read(p, as_version=4)))) for p in LESSONS) >= 50


@BY_LESSON
def test_each_exercise_links_to_its_answer_key_entry(path):
    nb = nbformat.read(path, as_version=4)
    for i, ex_id in exercise_cells(nb):
        before = nb.cells[i - 1]
        assert before.cell_type == "markdown"
        assert before.source.rstrip().endswith(f"[Answer key](../teacher/tails_answer_key.ipynb#{ex_id})"), ex_id


@BY_LESSON
def test_no_text_after_an_exercise_gives_its_answer(path):
    nb = nbformat.read(path, as_version=4)
    for i, ex_id in exercise_cells(nb):
        ex = exercise(ex_id)
        pos = ex.build()
        right = ex.solve(pos)
        words = [ex.answer.show(right), *(ex.spoilers(pos) if ex.spoilers else ())]
        if isinstance(right, str):
            words.append(right)  # the engine's form of it
        after = []
        for cell in nb.cells[i + 1:]:
            if cell.cell_type != "markdown":
                break
            after.append(cell.source)
        text = "\n".join(after)
        for w in words:
            assert not re.search(rf"(?<![\w:]){re.escape(w)}(?![\w:])", text), (ex_id, w)


@BY_LESSON
def test_kit_rulings_are_marked_and_linked_and_no_note_labels(path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        assert not NOTE_LABEL.search(cell.source), NOTE_LABEL.search(cell.source).group(0)
        assert "⚖" not in cell.source
        for para in cell.source.split("\n\n"):
            if re.search(r"kit ruling", para, re.IGNORECASE):
                assert RULINGS in para, para
        assert not re.search(r"\b[TV]\d\d:[a-z]+:\d+", cell.source.replace("`T05:yellow:4`", "")), \
            "text names spaces as the footprints number them; only code uses the engine's names"


