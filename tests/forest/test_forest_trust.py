"""Savernake Forest lessons a learner can trust: no example, placeholder or following text gives
an exercise's answer away; cells are typed in the words the picture prints ("column 2, row 3");
every exercise links to its answer-key entry; kit rulings are marked as such where taught and
no learner text names the kit's design notes; and the quick start's first game, measured from
its own words and clicks, takes at most 15 minutes and says so."""

import json
import re
from pathlib import Path

import pytest

from savannah_kit.core.scene import Text
from savannah_kit.teach.answer_key import puzzles
from savannah_kit.teach.exercise import exercises
from savannah_kit.teach.widget import ExerciseBoard

from first_game import QUICK_START, guided_first_game, measure, teaching_words

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks" / "forest").glob("[0-9][0-9]_*.ipynb"))
EXERCISES = list(exercises("forest").values()) + list(puzzles("forest"))
BY_ID = pytest.mark.parametrize("ex", EXERCISES, ids=[ex.id for ex in EXERCISES])
CELL_ANSWERS = [ex for ex in EXERCISES if ex.answer.kind == "cells"]
#: labels of the kit's design notes a learner never meets
NOTE_LABELS = re.compile(r"GAMES\.md|RULES\.md|\bdecision [A-Z]\d|\bASSUMPTION\b|\b[DBK]\d{1,2}\b|leaves this open")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))


def _notebook(path):
    return json.loads(path.read_text("utf-8"))


def _exercise_ids(cell):
    return [t.split(":", 1)[1] for t in cell.get("metadata", {}).get("tags", []) if t.startswith("exercise:")]


def _answer_words(ex):
    pos = ex.build()
    return [ex.answer.show(ex.solve(pos))] + list(ex.spoilers(pos) if ex.spoilers else ())


@BY_ID
def test_the_example_and_the_placeholder_are_not_accepted(ex):
    assert not ex.check(ex.answer.example, remember=False), ex.answer.example
    board = ExerciseBoard(ex)
    typed = board.text.placeholder.removeprefix("your answer, e.g. ")
    assert not ex.check(typed, remember=False), typed


@BY_ID
def test_the_question_and_example_do_not_contain_the_answer(ex):
    right = ex.answer.show(ex.solve(ex.build()))
    if ex.answer.kind in ("number", "choice"):
        return  # a name or number of the question's own words (Red, 4 cards) may well be in it
    assert right not in ex.question and right not in ex.answer.example


def test_no_markdown_after_an_exercise_holds_its_answer():
    """The words between an exercise and the next one never say its answer or a spoiler of it."""
    for path in LESSONS:
        cells = _notebook(path)["cells"]
        for i, cell in enumerate(cells):
            for ex_id in _exercise_ids(cell):
                later = ""
                for c in cells[i + 1:]:
                    if _exercise_ids(c):
                        break
                    later += "".join(c["source"]) if c["cell_type"] == "markdown" else ""
                leaked = [w for w in _answer_words(exercises("forest")[ex_id]) if w in later]
                assert not leaked, f"{path.name}: after {ex_id}: {leaked}"


def test_every_exercise_links_to_its_answer_key_entry():
    for path in LESSONS:
        cells = _notebook(path)["cells"]
        for i, cell in enumerate(cells):
            for ex_id in _exercise_ids(cell):
                before = cells[i - 1]
                assert before["cell_type"] == "markdown", f"{path.name}: no words before {ex_id}"
                link = f"[Answer key](../teacher/forest_answer_key.ipynb#{ex_id})"
                assert "".join(before["source"]).rstrip().endswith(link), f"{path.name}: {ex_id}"


def test_kit_rulings_are_marked_and_no_design_note_is_named():
    for path in LESSONS:
        for cell in _notebook(path)["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            text = "".join(cell["source"])
            assert not NOTE_LABELS.search(text), (path.name, NOTE_LABELS.search(text).group(0))
            for note in re.findall(r"\*\*Kit ruling:\*\*[^\n]*", text):
                assert "../reference/forest_rules.ipynb#kit-rulings" in text, (path.name, note)
    for ex in EXERCISES:
        assert not NOTE_LABELS.search(ex.question + " ".join(m.says for m in ex.mistakes)), ex.id


def test_the_one_animal_ruling_says_the_rulebook_forbids_shared_paths():
    text = "".join("".join(c["source"]) for c in _notebook(LESSONS[2])["cells"])
    assert "the rulebook says more than once that two animals may never share a path" in text


@pytest.mark.parametrize("ex", CELL_ANSWERS, ids=[ex.id for ex in CELL_ANSWERS])
def test_cells_are_typed_and_shown_in_the_pictures_words(ex):
    pos = ex.build()
    right = ex.solve(pos)
    board_words = "; ".join(f"column {x}, row {y}" for x, y in sorted(right))
    assert ex.answer.show(right) == board_words
    assert ex.check(board_words, remember=False)
    assert ex.check(" and ".join(f"row {y} column {x}" for x, y in right), remember=False)
    assert ex.check(", ".join(f"({x}, {y})" for x, y in right), remember=False)
    shown = [s.text for s in ex.picture(pos).shapes if isinstance(s, Text)]
    xs, ys = {x for x, _ in right}, {y for _, y in right}
    assert {f"column {x}" for x in xs} <= set(shown) and {f"row {y}" for y in ys} <= set(shown), shown
    numbers = [int(t.split()[1]) for t in shown if re.fullmatch(r"(column|row) \d+", str(t))]
    columns = sorted(int(t.split()[1]) for t in shown if re.fullmatch(r"column \d+", str(t)))
    rows = sorted(int(t.split()[1]) for t in shown if re.fullmatch(r"row \d+", str(t)))
    assert columns[0] == rows[0] == 1 and min(numbers) == 1, "columns and rows are both numbered from 1"


def test_the_card_picture_shows_which_food_comes_first_from_each_end():
    from savannah_kit import forest
    from savannah_kit.forest.lesson_pictures import food_order

    shown = [s.text for s in food_order(forest.new_game(players=2, seed=7).catalogue, "P01").shapes
             if isinstance(s, Text)]
    assert "In from the west: nut, then egg" in shown and "In from the east: egg, then nut" in shown


def test_the_quick_start_states_its_measured_length_of_at_most_15_minutes():
    nb = _notebook(QUICK_START)
    minutes, _words, clicks = measure(nb)
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert minutes <= 15
    assert f"**{clicks} clicks**" in text and f"about **{round(minutes)} minutes**" in text, (clicks, minutes)
    assert "200 words a minute" in text and "4 s a click" in text
    assert teaching_words(nb) <= 600


def test_the_guided_first_game_asks_only_what_the_quick_start_taught():
    clicks, guide_words, board = guided_first_game()
    assert board.game.is_over and clicks >= 30 and guide_words > 0


def test_the_quick_start_ends_with_the_whole_game_at_a_glance():
    nb = _notebook(QUICK_START)
    last = "".join(nb["cells"][-1]["source"])
    assert last.startswith("## The whole game at a glance")
    rows = [r for r in last.splitlines() if r.startswith("| ") and "---" not in r][1:]
    names = [r.split("|")[1].strip() for r in rows]
    for thing in ("Rabbit", "Rooster", "Armadillo", "Goat", "Leftovers", "Score", "Tie", "Goal"):
        assert thing in names, thing
    assert all(re.search(r"\]\(0\d_[a-z_]+\.ipynb\)", r) for r in rows), rows
    assert len(rows) <= 14, "one screen"
    quick = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    for fact in ("15\nrounds", "discarded", "animal cards too", "one drop per corner", "clockwise"):
        assert fact.replace("\n", " ") in quick.replace("\n", " "), fact


WHY = [ex for ex in EXERCISES if ex.why is not None]


@pytest.mark.parametrize("ex", WHY, ids=[ex.id for ex in WHY])
def test_a_wrong_clicked_item_gets_the_engines_reason_naming_the_rule(ex):
    pos = ex.build()
    right = ex.solve(pos)
    hits = ex.picture(pos).hits()
    wrong = [item for h in hits if (item := ex.click(pos, h)) is not None and item not in right]
    assert wrong, "the picture offers a wrong item to click"
    for item in wrong:
        assert ex.why(pos, item), item
        fb = ex.check(right | {item}, remember=False)
        # a named misreading says its own words; any other wrong item gets the engine's reason
        assert not fb and (fb.mistake or re.search(r"\[forest\.[a-z.-]+\]", str(fb))), str(fb)
    assert all(ex.why(pos, item) is None for item in right)
