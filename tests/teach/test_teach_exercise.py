"""Exercises check with the engine, diagnose misreadings, hint, show, and remember progress."""

import json

import pytest

from savannah_kit import forest
from savannah_kit.forest import render
from savannah_kit.teach import answers, progress
from savannah_kit.teach.exercise import Exercise, Mistake, exercise, exercises
from savannah_kit.teach.checklist import checklist
from savannah_kit.teach.widget import ExerciseBoard

RED = {"forests": ["A01@0,0r0", "A02@0,0r0"], "pawn": 0}


def first_player(game):
    return game.player_name(game.current_player)


def make(**over):
    """A small real exercise: who takes the first card of this round?"""
    fields = dict(
        id="forest.test-first-taker", title="Who goes first?", question="Who takes the first card this round?",
        rules=("forest.round.order",), build=lambda: forest.from_scenario(RED), solve=first_player,
        answer=answers.choice({"Red": "Red", "Blue": "Blue"}), hints=("Look for the pawn.", "The pawn holder."),
        explain=lambda g: f"{first_player(g)} holds the first-player pawn, so plays first.",
        picture=lambda g: render.scene(g),
        mistakes=(Mistake("other-player", lambda g: "Blue" if first_player(g) == "Red" else "Red",
                          "that player plays second: the pawn holder starts"),))
    fields.update(over)
    return Exercise(**fields)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.mark.rule("forest.round.order")
def test_a_right_answer_is_confirmed_with_the_rule_and_remembered(home):
    ex = make()
    fb = ex.check("red")
    assert fb and str(fb).startswith("✓ Right: Red holds the first-player pawn")
    assert "rule forest.round.order:" in str(fb)
    assert ex.solved() and json.loads((home / "progress.json").read_text())["solved"].keys() == {ex.id}


def test_a_predicted_misreading_is_named():
    fb = make().check("Blue")
    assert not fb and fb.mistake == "other-player"
    assert "Blue: that player plays second" in str(fb)


def test_no_answer_and_unreadable_answers_say_how_to_answer():
    assert str(make().check(None)).startswith("✗ Not yet: no answer yet. Type one like Red")
    fb = make().check("Green")
    assert not fb and "'Green' is not one of the choices: Red, Blue" in str(fb)


def test_a_wrong_answer_is_never_remembered():
    ex = make()
    ex.check("Blue")
    assert not ex.solved() and progress.solved() == {}


def test_hints_then_the_answer_drawn_and_explained():
    ex = make(solution_picture=lambda g: render.scene(g))
    assert ex.hint(1) == "Hint 1: Look for the pawn." and ex.hint(2) == "Hint 2: The pawn holder."
    with pytest.raises(ValueError, match="show"):
        ex.hint(3)
    sol = ex.show()
    assert str(sol).startswith("Answer: Red. Red holds") and sol.picture is not None
    assert "image/svg+xml" in sol._repr_mimebundle_()


def test_an_exercise_must_name_real_rules_and_two_hints():
    with pytest.raises(LookupError):
        make(rules=("forest.no-such-rule",))
    with pytest.raises(ValueError, match="at least one"):
        make(rules=())
    with pytest.raises(ValueError, match="exactly two"):
        make(hints=("only one",))


def test_the_board_answers_by_typing_and_by_clicking():
    picks = {"cell-red": "Red", "cell-blue": "Blue"}
    board = ExerciseBoard(make(click=lambda g, hit: picks.get(hit)))
    board._clicked("cell-blue")
    assert board.text.value == "Blue"
    assert not board.check() and "plays second" in board.out.value and "sk-wrong" in board.out._dom_classes
    board._clicked("nothing-here")
    assert "not an answer" in board.out.value and board.text.value == "Blue"
    board.text.value = "Red"
    assert board.check() and "✓ solved" in board.title.value and "sk-right" in board.out._dom_classes


def test_clicks_add_and_remove_items_of_a_set_answer():
    sides = answers.words({s: s for s in "NESW"})
    ex = make(answer=sides, solve=lambda g: frozenset("NE"), mistakes=(), click=lambda g, hit: hit)
    board = ExerciseBoard(ex)
    for hit in ("N", "S", "E", "S"):
        board._clicked(hit)
    assert sides.read(board.text.value) == frozenset("NE") and board.check()


def test_the_board_hints_twice_then_shows():
    board = ExerciseBoard(make(solution_picture=lambda g: render.scene(g, highlights=None)))
    assert board.hint().startswith("Hint 1") and not board.hint_button.disabled
    assert board.hint().startswith("Hint 2") and board.hint_button.disabled
    board.show()
    assert board.showing_answer and "Answer: Red" in board.out.value
    board.reset()
    assert not board.showing_answer and not board.hint_button.disabled and board.text.value == ""


def test_an_exercise_shows_as_a_board_with_a_picture_for_untrusted_notebooks():
    data, _meta = make()._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data and "image/png" in data
    assert data["text/plain"].startswith("Exercise forest.test-first-taker: Who goes first?")


def test_a_damaged_progress_file_is_kept_aside_not_lost(home):
    home.mkdir(parents=True)
    (home / "progress.json").write_text("{not json")
    assert progress.solved() == {}
    assert (home / "progress.json.damaged").read_text() == "{not json"
    assert progress.mark_solved("forest.x") and not progress.mark_solved("forest.x")
    progress.forget(["forest.x"])
    assert progress.solved() == {}


def test_lookup_by_id_suggests_near_ids(monkeypatch):
    import savannah_kit.teach.exercise as mod

    monkeypatch.setattr(mod, "exercises", lambda game=None: {"forest.test-first-taker": make()})
    assert exercise("forest.test-first-taker").title == "Who goes first?"
    with pytest.raises(KeyError, match="did you mean forest.test-first-taker"):
        exercise("forest.test-first-taket")


def test_every_declared_exercise_is_found_with_a_unique_prefixed_id():
    found = exercises()
    assert all(ex_id.split(".")[0] in ("forest", "tails", "circle") for ex_id in found)
    assert all(ex.id == ex_id for ex_id, ex in found.items())


def test_the_checklist_counts_solved_exercises_per_notebook(tmp_path):
    folder = tmp_path / "notebooks"
    (folder / "forest").mkdir(parents=True)
    nb = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# Play in 10 minutes\n"},
                    {"cell_type": "code", "metadata": {"tags": ["exercise:forest.a"]}, "source": ""},
                    {"cell_type": "code", "metadata": {"tags": ["exercise:forest.b", "rule:forest.end.winner"]},
                     "source": ""}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (folder / "forest" / "01_play.ipynb").write_text(json.dumps(nb))
    assert repr(checklist(folder)) == ("Savernake Forest: 0 of 2 exercises solved\n"
                                       "- · Play in 10 minutes — 0/2 exercises")
    progress.mark_solved("forest.a")
    progress.mark_solved("forest.b")
    assert checklist(folder)._repr_markdown_() == (
        "**Savernake Forest**: 2 of 2 exercises solved\n"
        "- ✓ [Play in 10 minutes](forest/01_play.ipynb) — 2/2 exercises")
