"""Lesson 01 of Savannah Tails: its first race uses only what the quick start taught, the quick start
keeps to 600 words and ends with the whole game at a glance, and the lesson states its measured
length (200 words a minute plus 4 s a click, the guided race's own clicks and guide lines counted),
which is at most 15 minutes."""

import re
from pathlib import Path

import nbformat
import pytest

from savannah_kit.tails.lessons import FIRST_RACE, first_race, lesson_minutes, quick_start_measure, text_words
from savannah_kit.tails.track import FEATURE_NAMES

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "tails" / "01_play_in_10_minutes.ipynb"


@pytest.fixture(scope="module")
def notebook():
    return nbformat.read(LESSON, as_version=4)


def test_the_measure_is_words_at_200_a_minute_plus_4_s_a_click():
    assert lesson_minutes(400, 30) == pytest.approx(2 + 2)
    assert text_words("A [link](02_x.ipynb) | and `Y5` |") == 4


def test_the_first_race_has_no_water_hole_and_no_animal():
    game = first_race()
    assert [t for t, _side in FIRST_RACE["course"]][0] == "T01"
    assert not any(game.track.feat[s] for s in range(len(game.track.names))), \
        [FEATURE_NAMES[game.track.feat[s]] for s in range(len(game.track.names)) if game.track.feat[s]]


def test_the_lesson_uses_the_first_race(notebook):
    race_cell = next(c for c in notebook.cells if "guided=True" in c.source)
    assert "first_race()" in race_cell.source


def test_the_lesson_states_its_measured_length_and_it_is_at_most_15_minutes(notebook):
    measure = quick_start_measure(notebook)
    text = " ".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    stated = re.search(r"Measured length of this lesson: \*\*about (\d+) minutes\*\* \((\d+) words at 200 a minute,"
                       r"[^)]*plus (\d+) clicks at 4 s in a (\d+)-turn race\)", re.sub(r"\s+", " ", text))
    assert stated, "lesson 01 states its measured length"
    minutes, words, clicks, turns = map(int, stated.groups())
    assert (words, clicks, turns) == (measure["words"], measure["clicks"], measure["turns"]), measure
    assert minutes == round(measure["minutes"])
    assert measure["minutes"] <= 15


def test_the_quick_start_is_600_words_and_ends_with_the_whole_game_at_a_glance(notebook):
    cells = notebook.cells
    glance = next(i for i, c in enumerate(cells) if c.source.startswith("## The whole game at a glance"))
    assert sum(text_words(c.source) for c in cells[:glance + 1] if c.cell_type == "markdown") <= 600
    table = cells[glance].source.lower()
    for thing in ("water hole", "bonus cards", "quicksand", "dune", "rope bridge", "lion", "crocodile", "cheetah",
                  "porcupine", "warthog", "'2'", "race order", "baobab side", "armed (next turn)", "blocked",
                  "one-space move", "end", "tie"):
        assert thing in table, thing
    rows = [line for line in table.splitlines() if line.startswith("| **")]
    assert all(re.search(r"\[0\d\]\(0\d_[a-z_]+\.ipynb\)", row) for row in rows), "each line links to its lesson"
    assert "**kit ruling:**" in table and "../reference/tails_rules.ipynb#kit-rulings" in table
