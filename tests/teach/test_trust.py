"""Lessons a learner can trust: no exercise gives its answer away (its typed example, the answer
box's placeholder and the words after it in the notebook are never the answer), most answers
that are a thing on the board can be clicked, every exercise links to its answer-key entry, and
every code cell of every lesson notebook can be run twice in a row.
"""

import json
import re
from pathlib import Path

import pytest

from savannah_kit.core import registry
from savannah_kit.teach.answer_key import puzzles
from savannah_kit.teach.exercise import exercises
from savannah_kit.teach.widget import ExerciseBoard

ROOT = Path(__file__).resolve().parents[2]
LESSON_GAMES = ("tails", "circle", "forest")
LESSONS = sorted(p for game in LESSON_GAMES for p in (ROOT / "notebooks" / game).glob("*.ipynb"))
EXERCISES = list(exercises().values()) + [p for game in registry.games() for p in puzzles(game)]
BY_ID = pytest.mark.parametrize("ex", EXERCISES, ids=[ex.id for ex in EXERCISES])
CLICK_KINDS = ("words", "choice", "cells")  # answers that are things on the board: spaces, routes, cards, cells


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))


def cells(path):
    return json.loads(path.read_text("utf-8"))["cells"]


def source(cell):
    return "".join(cell["source"])


def exercise_cells(path):
    """(index, exercise id) of each cell tagged ``exercise:<id>``."""
    for i, cell in enumerate(cells(path)):
        for tag in cell.get("metadata", {}).get("tags", []):
            if tag.startswith("exercise:"):
                yield i, tag.split(":", 1)[1]


@BY_ID
def test_the_typed_example_is_not_the_answer(ex):
    fb = ex.check(ex.answer.example, remember=False)
    assert not fb, f"the example {ex.answer.example!r} is accepted as the answer"


@BY_ID
def test_the_answer_box_placeholder_is_not_the_answer(ex):
    placeholder = ExerciseBoard(ex).text.placeholder
    shown = re.sub(r"^your answer, e\.g\. ", "", placeholder)
    assert not ex.check(shown, remember=False), f"the placeholder {placeholder!r} gives the answer"


def test_no_example_names_the_answer_of_its_own_position():
    leaks = [ex.id for ex in EXERCISES
             if ex.answer.kind != "number" and ex.answer.example.lower() == ex.answer.show(ex.solve(ex.build())).lower()]
    assert not leaks, leaks


@pytest.mark.parametrize("path", LESSONS, ids=[f"{p.parent.name}/{p.name}" for p in LESSONS])
def test_the_words_after_an_exercise_keep_its_answer(path):
    """The markdown between an exercise cell and the next code cell must not say the answer
    (a name, a space, a route: what ``answer.show`` prints; numbers are too common to look for)."""
    found = exercises()
    book = cells(path)
    leaks = []
    for i, ex_id in exercise_cells(path):
        ex = found[ex_id]
        if ex.answer.kind == "number":
            continue
        answer = ex.answer.show(ex.solve(ex.build()))
        pattern = re.compile(r"(?<!\w)" + re.escape(answer) + r"(?!\w)", re.IGNORECASE)
        for cell in book[i + 1:]:
            if cell["cell_type"] == "code":
                break
            if pattern.search(source(cell)):
                leaks.append((ex_id, answer))
    assert not leaks, leaks


@pytest.mark.parametrize("path", LESSONS, ids=[f"{p.parent.name}/{p.name}" for p in LESSONS])
def test_each_exercise_links_to_its_answer_key_entry(path):
    book = cells(path)
    game = path.parent.name
    key = ROOT / "notebooks" / "teacher" / f"{game}_answer_key.ipynb"
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', "".join(source(c) for c in cells(key))))
    for i, ex_id in exercise_cells(path):
        before = source(book[i - 1]) if i else ""
        link = f"../teacher/{game}_answer_key.ipynb#{ex_id}"
        assert book[i - 1]["cell_type"] == "markdown" and link in before, f"{ex_id}: no link {link} before it"
        assert ex_id in anchors, f"{ex_id}: no anchor in {key.name}"


def test_most_answers_that_are_things_on_the_board_can_be_clicked():
    board_answers = [ex for ex in EXERCISES if ex.answer.kind in CLICK_KINDS]
    clickable = [ex for ex in board_answers if ex.click is not None]
    assert len(clickable) >= 0.8 * len(board_answers), (
        f"{len(clickable)} of {len(board_answers)} clickable; not: {[e.id for e in board_answers if e.click is None]}")


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS, ids=[f"{p.parent.name}/{p.name}" for p in LESSONS])
def test_every_code_cell_runs_twice_in_a_row(path):
    """Shift+Enter pressed twice on any cell never raises: the notebook is run with each code
    cell doubled, in a fresh kernel, from its own folder."""
    nbformat = pytest.importorskip("nbformat")
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = nbformat.read(path, as_version=4)
    doubled = []
    for cell in nb.cells:
        doubled.append(cell)
        if cell.cell_type == "code":
            doubled.append(nbformat.from_dict(json.loads(json.dumps(cell))))
    nb.cells = doubled
    client = NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}})
    try:
        client.execute()
    except CellExecutionError as err:
        pytest.fail(f"{path.name}: a cell run twice fails:\n{str(err)[-1500:]}")


def _wrong_clicks(ex):
    """(hit, item) of each clickable thing in the starting picture that is not (part of) the answer."""
    pos = ex.build()
    right = ex.solve(pos)
    for hit in ex.picture(pos).hits():
        item = ex.click(pos, hit)
        if item is not None and item != right and not (ex.answer.many and item in right):
            yield hit, item


EXPLAINED = [ex for ex in EXERCISES if ex.click is not None and any(ex.why_not(i) for _h, i in _wrong_clicks(ex))]


def test_wrong_clicks_are_explained_in_every_game():
    assert {ex.game for ex in EXPLAINED} >= {"circle", "forest"}, [ex.id for ex in EXPLAINED]


@pytest.mark.parametrize("ex", EXPLAINED, ids=[ex.id for ex in EXPLAINED])
def test_a_wrong_click_says_at_once_why_it_is_not_it(ex):
    board = ExerciseBoard(ex)
    hit, item = next((h, i) for h, i in _wrong_clicks(ex) if ex.why_not(i))
    board._clicked(hit)
    reason = ex.why_not(item)
    assert "is not it: " in board.out.value and "sk-wrong" in board.out._dom_classes
    assert reason.split("[")[0].strip()[:40] in board.out.value.replace("&#x27;", "'").replace("&quot;", '"')
    assert re.search(r"\[(tails|circle|forest)\.[a-z.-]+\]", reason) or "rule" in reason, reason
