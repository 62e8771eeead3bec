"""The Savernake Forest exercise catalogue (``savannah_kit.forest.lessons``): every exercise is
checked by the engine, reads natural answers, names its misreadings, re-runs, keeps the answer
out of its starting picture, answers by clicking, and together they cover the forest rules."""

import re

import pytest

from savannah_kit.core.rules_index import RULES, rules_for
from savannah_kit.core.scene import Circle, Rect, Text
from savannah_kit.core.svg import to_svg
from savannah_kit.forest import render
from savannah_kit.forest.card_shapes import STORED_RING
from savannah_kit.forest.lessons import EXERCISES, FOOD_CORNERS, FOOD_TRAIL
from savannah_kit.rules_cli import exercise_rules
from savannah_kit.teach.exercise import exercises
from savannah_kit.teach.widget import ExerciseBoard

BY_ID = pytest.mark.parametrize("ex", EXERCISES, ids=[ex.id for ex in EXERCISES])
LIT = render.CELL_STYLES["legal"][1]["fill"]
PROGRAMMER_WORDS = re.compile(r"\bseat\b|\bphase\b|Place\(|Take\(|\(-\d|\bNone\b|legal_|\bscenario\b")


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


@BY_ID
def test_rules_mistakes_and_words_are_sound(ex):
    assert all(rid.startswith("forest.") for rid in ex.rules)
    assert all(m.rule is None or m.rule in RULES for m in ex.mistakes)
    assert ex.title and len(ex.hints) == 2 and all(h.strip() for h in ex.hints)
    assert not PROGRAMMER_WORDS.search(ex.question), ex.question
    if ex.kit_ruling:
        assert "kit ruling" in ex.question.lower(), "a kit ruling is marked as one in the question"
    pos = ex.build()
    words = ex.explain(pos)
    assert words.strip() and not PROGRAMMER_WORDS.search(words), words


# -- checking answers -------------------------------------------------------------------------------

@BY_ID
def test_the_engine_answer_is_right(ex):
    right = right_answer(ex)
    assert right == ex.solve(ex.build())  # deterministic
    fb = ex.check(right, remember=False)
    assert fb and str(fb).startswith("✓ Right: "), str(fb)
    assert f"rule {ex.rules[0]}:" in str(fb)


@BY_ID
def test_the_typed_forms_of_the_right_answer_are_right(ex):
    right = right_answer(ex)
    shown = ex.answer.show(right)
    forms = [shown, shown.lower(), shown.upper(), f"  {shown}  "]
    if ex.answer.kind in ("words", "cells"):
        forms.append(list(right))
    if ex.answer.kind == "cells":
        forms.append(" ".join(f"({x},{y})" for x, y in sorted(right)))
    if ex.answer.kind == "number":
        forms += [str(right), right]
    for form in forms:
        assert ex.check(form, remember=False), (form, str(ex.check(form, remember=False)))


@BY_ID
def test_each_mistake_is_named_and_is_not_the_right_answer(ex):
    pos = ex.build()
    right = ex.solve(pos)
    predicted = [m.answer(pos) for m in ex.mistakes]
    assert len(set(map(repr, predicted))) == len(predicted), "two mistakes give the same answer"
    for m, wrong in zip(ex.mistakes, predicted):
        assert wrong != right, m.name
        fb = ex.check(wrong, remember=False)
        assert not fb and fb.mistake == m.name, (m.name, str(fb))
        assert m.says in str(fb)


@BY_ID
def test_no_answer_and_unreadable_answers_say_how_to_answer(ex):
    fb = ex.check(None, remember=False)
    assert not fb and str(fb).startswith("✗ Not yet: no answer yet")
    for junk in ("%%%", "banana split", [object()], True):
        fb = ex.check(junk, remember=False)
        assert not fb and fb.mistake is None and len(str(fb)) > 30, (junk, str(fb))


@BY_ID
def test_rechecking_after_a_wrong_answer_still_works(ex):
    pos = ex.build()
    right = ex.solve(pos)
    wrongs = [m.answer(pos) for m in ex.mistakes] + ["%%%"]
    for wrong in wrongs:
        assert not ex.check(wrong, remember=False)
        assert ex.check(right, remember=False)
    assert ex.check(right, remember=False)  # twice in a row, as a re-run cell does


@BY_ID
def test_building_twice_gives_the_same_position(ex):
    first, second = ex.build(), ex.build()
    assert first is not second
    assert first.to_json() == second.to_json()
    ex.solve(first)
    for m in ex.mistakes:
        m.answer(first)
    ex.explain(first)
    assert first.to_json() == second.to_json(), "solving changed the position"


@BY_ID
def test_show_me_gives_the_answer_the_explanation_and_a_picture(ex):
    sol = ex.show()
    assert str(sol).startswith(f"Answer: {ex.answer.show(right_answer(ex))}. ")
    if ex.solution_picture is not None:
        assert sol.picture is not None and to_svg(sol.picture).startswith("<svg")


# -- pictures ---------------------------------------------------------------------------------------

@BY_ID
def test_the_starting_picture_does_not_give_the_answer_away(ex):
    pos = ex.build()
    scene = ex.picture(pos)
    assert to_svg(scene).startswith("<svg")
    shown = texts(scene)
    for spoiler in (ex.spoilers(pos) if ex.spoilers else ()):
        assert not any(spoiler in t for t in shown), (spoiler, [t for t in shown if spoiler in t])
    assert not any(re.search(r"\bwins\b", t) for t in shown)
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
    from savannah_kit.forest.lessons import _grid

    ex = exercises("forest")["forest.where-can-it-go"]
    size = _grid(ex.picture(ex.build()), 0)[0]
    assert size >= 96


# -- clicking -----------------------------------------------------------------------------------------

CLICKABLE = [ex for ex in EXERCISES if ex.click is not None]


def test_most_exercises_can_be_answered_by_clicking():
    assert len(CLICKABLE) >= 18


@pytest.mark.parametrize("ex", CLICKABLE, ids=[ex.id for ex in CLICKABLE])
def test_clicking_the_items_of_the_answer_builds_the_answer(ex):
    board = ExerciseBoard(ex)
    pos = board.position
    hits = ex.picture(pos).hits()
    right = ex.solve(pos)
    items = [right] if ex.answer.kind in ("choice", "number") else (
        list(right) if ex.answer.ordered else sorted(right, key=repr))
    for item in items:
        hit = next((h for h in hits if ex.click(pos, h) == item), None)
        assert hit is not None, f"no clickable {item!r} in the picture"
        board._clicked(hit)
    assert ex.answer.read(board.text.value) == right
    assert board.check(), board.out.value
    assert ex.click(pos, "nothing-here") is None and ex.click(pos, None) is None


@BY_ID
def test_the_board_checks_hints_shows_and_starts_over(ex):
    board = ExerciseBoard(ex)
    pos = board.position
    board.text.value = ex.answer.show(ex.mistakes[0].answer(pos)) if ex.mistakes else "%%%"
    assert not board.check() and "sk-wrong" in board.out._dom_classes
    assert board.hint().startswith("Hint 1") and board.hint().startswith("Hint 2")
    board.text.value = ex.answer.show(ex.solve(pos))
    assert board.check()
    board.show()
    assert "Answer:" in board.out.value
    board.reset()
    assert board.text.value == "" and not board.showing_answer
