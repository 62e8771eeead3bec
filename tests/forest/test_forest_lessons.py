"""The Savernake Forest exercise catalogue (``savannah_kit.forest.lessons``): together the exercises
cover the forest rules, read cells as coordinates too, and their pictures light no cell and show
no points that would give an answer away. What every exercise does, in every game, is tested in
tests/teach/test_every_exercise.py."""

import re

import pytest

from savannah_kit.core.rules_index import rules_for
from savannah_kit.core.scene import Circle, Rect, Text
from savannah_kit.forest import render_forest
from savannah_kit.forest.card_shapes import STORED_RING
from savannah_kit.forest.lessons import EXERCISES, FOOD_CORNERS, FOOD_TRAIL
from savannah_kit.rules_cli import exercise_rules
from savannah_kit.teach.exercise import exercises

BY_ID = pytest.mark.parametrize("ex", EXERCISES, ids=[ex.id for ex in EXERCISES])
LIT = render_forest.CELL_STYLES["legal"][1]["fill"]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))


def right_answer(ex):
    return ex.solve(ex.build())


def texts(scene):
    return [s.text for s in scene.shapes if isinstance(s, Text)]


# -- the catalogue --------------------------------------------------------------------------------

def test_every_exercise_is_found_in_order_with_a_unique_forest_id():
    ids = [ex.id for ex in EXERCISES]
    assert len(set(ids)) == len(ids) >= 18
    assert all(re.fullmatch(r"forest\.[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)
    assert list(exercises("forest")) == ids


def test_kit_rulings_are_marked_as_such():
    assert [ex.id for ex in EXERCISES if ex.kit_ruling] == ["forest.forced"]


def test_at_least_36_forest_rules_have_an_exercise():
    forest_rules = {r.id for r in rules_for("forest")}
    covered = {rid for rid, found in exercise_rules().items() if rid in forest_rules and found}
    assert len(covered) >= 36, sorted(forest_rules - covered)


# -- checking answers (what every exercise does is in tests/teach/test_every_exercise.py) -----------

CELL_EXERCISES = [ex for ex in EXERCISES if ex.answer.kind == "cells"]


@pytest.mark.parametrize("ex", CELL_EXERCISES, ids=[ex.id for ex in CELL_EXERCISES])
def test_cells_are_also_read_as_coordinates(ex):
    right = right_answer(ex)
    typed = " ".join(f"({x},{y})" for x, y in sorted(right))
    assert ex.check(typed, remember=False), str(ex.check(typed, remember=False))


# -- pictures ---------------------------------------------------------------------------------------

@BY_ID
def test_the_starting_picture_lights_no_cell_and_shows_no_points(ex):
    pos = ex.build()
    scene = ex.picture(pos)
    shown = texts(scene)
    if ex.answer.kind == "cells":
        cells = [s for s in scene.shapes if isinstance(s, Rect) and (s.hit or "").startswith("cell:")]
        assert cells, "a cell question shows its cells"
        assert not any(s.style.fill == LIT for s in cells)
        assert len({s.style for s in cells}) == 1, "every empty cell looks alike"
        assert not any("may go here" in (s.title or "") for s in cells)
    if ex.answer in (FOOD_TRAIL, FOOD_CORNERS) or ex.id in ("forest.path-cards",):
        assert not any(isinstance(s, Circle) and s.style.stroke == STORED_RING for s in scene.shapes)
    if ex.answer.kind == "number" and ex.answer.show(2).endswith("points"):
        assert not any(re.search(r"\bpts?\b|\bpoints?\b", t) for t in shown), shown
        assert not any(re.search(r"= \d+", s.title or "") for s in scene.shapes)


def test_the_pictures_hide_what_they_must_and_the_solutions_show_it():
    where = exercises("forest")["forest.where-can-it-go"]
    pos = where.build()
    lit = [s for s in where.solution_picture(pos).shapes if isinstance(s, Rect) and s.style.fill == LIT]
    assert {tuple(map(int, s.hit.split(":")[2:])) for s in lit} == set(where.solve(pos))
    food = exercises("forest")["forest.food-points"]
    pos = food.build()
    assert any(isinstance(s, Circle) and s.style.stroke == STORED_RING for s in food.solution_picture(pos).shapes)
    assert any(re.search(r"\bpts\b", t) for t in texts(food.solution_picture(pos)))


def test_a_forest_is_drawn_with_cells_of_at_least_96_px():
    from savannah_kit.forest.lesson_pictures import grid

    ex = exercises("forest")["forest.where-can-it-go"]
    size = grid(ex.picture(ex.build()), 0)[0]
    assert size >= 96


# -- clicking -----------------------------------------------------------------------------------------

CLICKABLE = [ex for ex in EXERCISES if ex.click is not None]


def test_most_exercises_can_be_answered_by_clicking():
    assert len(CLICKABLE) >= 18


