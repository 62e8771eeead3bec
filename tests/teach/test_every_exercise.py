"""What every exercise of every game must do (``savannah_kit.teach.exercise``), each one a record of
its game's ``lessons.json`` (the lessons' exercises and the worksheets' puzzles alike): the engine's
answer passes its own check in every typed form, each named misreading is wrong and diagnosed
by name, no answer and junk say how to answer, re-running rebuilds the same position, "show
me" gives the answer, the starting picture keeps the answer's words out, clicking the answer's
items builds it, and the exercise board checks, hints, shows and starts over.

What only one game's exercises do (their pictures, their answer forms) is tested with the game.
"""

import re

import pytest

from savannah_kit.core import registry
from savannah_kit.core.rules_index import RULES
from savannah_kit.core.scene import Text
from savannah_kit.core.svg import to_svg
from savannah_kit.teach.answer_key import puzzles
from savannah_kit.teach.exercise import exercises
from savannah_kit.teach.widget import ExerciseBoard

pytestmark = pytest.mark.slow  # a sweep over every exercise: in the full suite, not in ./kit test --quick

EXERCISES = list(exercises().values()) + [p for game in registry.games() for p in puzzles(game)]
BY_ID = pytest.mark.parametrize("ex", EXERCISES, ids=[ex.id for ex in EXERCISES])
CLICKABLE = [ex for ex in EXERCISES if ex.click is not None]
#: words a learner should never meet: the engine's names for things
PROGRAMMER_WORDS = re.compile(r"\bseat\b|\bphase\b|\b(Move|Place|Take|Play|Discard)\(|\(-\d|\bNone\b|legal_"
                              r"|\bscenario\b")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))


def texts(scene):
    return [s.text for s in scene.shapes if isinstance(s, Text)]


def test_every_game_with_lessons_has_exercises_with_unique_ids_of_its_own():
    ids = [ex.id for ex in EXERCISES]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"[a-z]+\.[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids), ids
    assert {ex.game for ex in EXERCISES} >= {"circle", "forest", "tails"}


@BY_ID
def test_rules_mistakes_and_words_are_sound(ex):
    assert ex.rules and all(rid.startswith(ex.game + ".") and rid in RULES for rid in ex.rules), ex.rules
    assert all(m.rule is None or m.rule in RULES for m in ex.mistakes)
    assert ex.mistakes, "an exercise names its likely misreadings"
    assert ex.title and len(ex.hints) == 2 and all(h.strip() for h in ex.hints)
    assert not PROGRAMMER_WORDS.search(ex.question), ex.question
    if ex.kit_ruling:
        assert "kit ruling" in ex.question.lower(), "a kit ruling is marked as one in the question"
    words = ex.explain(ex.build())
    assert words.strip() and not PROGRAMMER_WORDS.search(words), words


@BY_ID
def test_the_engine_answer_passes_its_own_check(ex):
    right = ex.solve(ex.build())
    assert right == ex.solve(ex.build()), "the answer is the same every time"
    fb = ex.check(right, remember=False)
    assert fb and str(fb).startswith("✓ Right: "), str(fb)
    assert f"rule {ex.rules[0]}:" in str(fb)
    assert ex.check(ex.answer.show(right), remember=False)


@BY_ID
def test_the_typed_forms_of_the_right_answer_are_right(ex):
    right = ex.solve(ex.build())
    shown = ex.answer.show(right)
    forms = [shown, shown.lower(), shown.upper(), f"  {shown}  "]
    if ex.answer.kind in ("words", "cells"):
        forms.append(list(right))
    if ex.answer.kind == "number":
        forms += [str(right), right]
    for form in forms:
        assert ex.check(form, remember=False), (form, str(ex.check(form, remember=False)))


@BY_ID
def test_each_named_mistake_is_wrong_and_diagnosed_by_name(ex):
    pos = ex.build()
    right = ex.solve(pos)
    predicted = [m.answer(pos) for m in ex.mistakes]
    assert len(set(map(repr, predicted))) == len(predicted), "two mistakes give the same answer"
    for m, wrong in zip(ex.mistakes, predicted):
        assert wrong != right, m.name
        fb = ex.check(wrong, remember=False)
        assert not fb and fb.mistake == m.name, (m.name, str(fb))
        assert m.says in str(fb)
        assert ex.check(ex.answer.show(wrong), remember=False).mistake == m.name


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
    for wrong in [m.answer(pos) for m in ex.mistakes] + ["%%%"]:
        assert not ex.check(wrong, remember=False)
        assert ex.check(right, remember=False)


@BY_ID
def test_building_twice_gives_the_same_position_and_solving_changes_nothing(ex):
    first, second = ex.build(), ex.build()
    assert first is not second
    assert first.to_json() == second.to_json()
    ex.solve(first)
    for m in ex.mistakes:
        m.answer(first)
    ex.explain(first)
    ex.picture(first)
    assert first.to_json() == second.to_json(), "solving changed the position"


@BY_ID
def test_hints_then_show_me_give_the_answer_the_explanation_and_a_picture(ex):
    assert ex.hint(1).startswith("Hint 1: ") and ex.hint(2).startswith("Hint 2: ")
    assert ex.hint(1) != ex.hint(2)
    with pytest.raises(ValueError):
        ex.hint(3)
    sol = ex.show()
    assert str(sol).startswith(f"Answer: {ex.answer.show(ex.solve(ex.build()))}. ")
    assert re.search(rf"\[{ex.game}\.[a-z.-]+", str(sol)), "the answer names its rule ids"
    if ex.solution_picture is not None:
        assert sol.picture is not None and to_svg(sol.picture).startswith("<svg")


@BY_ID
def test_the_starting_picture_keeps_the_answer_out(ex):
    pos = ex.build()
    scene = ex.picture(pos)
    assert to_svg(scene).startswith("<svg")
    shown = texts(scene)
    for spoiler in (ex.spoilers(pos) if ex.spoilers else ()):
        assert not any(spoiler in t for t in shown), (spoiler, [t for t in shown if spoiler in t])
        assert not any(spoiler in (s.title or "") for s in scene.shapes), spoiler
    assert not any(re.search(r"\bwins\b", t) for t in shown)
    if ex.answer.kind == "number":
        assert ex.answer.show(ex.solve(pos)) not in shown


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
    board.text.value = ex.answer.show(ex.mistakes[0].answer(pos))
    assert not board.check() and "sk-wrong" in board.out._dom_classes
    assert board.hint().startswith("Hint 1") and board.hint().startswith("Hint 2")
    board.text.value = ex.answer.show(ex.solve(pos))
    assert board.check()
    board.show()
    assert "Answer:" in board.out.value
    board.reset()
    assert board.text.value == "" and not board.showing_answer


@pytest.mark.parametrize("game", sorted({ex.game for ex in EXERCISES}))
def test_a_solved_exercise_is_remembered(game):
    ex = next(ex for ex in EXERCISES if ex.game == game)
    assert not ex.solved()
    assert ex.check(ex.solve(ex.build()))
    assert ex.solved()
