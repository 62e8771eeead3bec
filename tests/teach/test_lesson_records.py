"""Lessons as data (``savannah_kit.teach.records``): the README's example record loads and works, and
a record the kit cannot use is refused naming its file and field, before anything is shown.

That every shipped record passes the exercise checks is ``test_every_exercise.py``'s job.
"""

import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from savannah_kit.core import registry
from savannah_kit.forest.lessons import BOOK
from savannah_kit.teach.records import RecordError

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_record() -> dict:
    """The example record of the README's "Writing an exercise"."""
    text = README.read_text("utf-8")
    section = text[text.index("## Writing an exercise"):]
    return json.loads(re.search(r"```json\n(.*?)```", section, re.DOTALL).group(1))


@pytest.fixture
def load(tmp_path):
    """Load records from a file ``forest/mine.json`` (the folder names the game in errors)."""
    folder = tmp_path / "forest"
    folder.mkdir()

    def load(*records, section="exercises"):
        path = folder / "mine.json"
        path.write_text(json.dumps({section: list(records)}), "utf-8")
        return BOOK.load(path, section)

    return load


def refusal(load, record) -> str:
    with pytest.raises(RecordError) as caught:
        load(record)
    return str(caught.value)


def changed(path: str, value):
    """The README's record with one field (a dotted path, list indexes as numbers) set or removed."""
    rec = readme_record()
    *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
    here = rec
    for key in parents:
        here = here[key]
    if value is None:
        del here[last]
    else:
        here[last] = value
    return rec


def test_the_readme_example_loads_and_answers_from_the_engine(load, monkeypatch, tmp_path):
    monkeypatch.setenv("SAVANNAH_KIT_HOME", str(tmp_path / "home"))
    (ex,) = load(readme_record())
    game = ex.position()
    right = ex.solve(game)
    assert right == game.score_breakdown(0).animal((0, 0)).total
    assert ex.check(right, remember=False) and ex.check(f"{right} points", remember=False)
    wrong = ex.check(ex.mistakes[0].answer(game), remember=False)
    assert not wrong and wrong.mistake == "forgot-own-points"
    assert str(ex.show()).startswith(f"Answer: {right} points. Fox at (0, 0)")
    assert ex.position() is not game and ex.position().to_json() == game.to_json()


def test_a_record_with_an_unknown_function_is_refused_naming_the_file_and_field(load):
    said = refusal(load, changed("solve", {"fn": "animal_scor", "cell": [0, 0]}))
    assert said.startswith("forest/mine.json: exercises[0].solve: unknown function 'animal_scor'")
    assert "did you mean animal_score" in said
    said = refusal(load, changed("mistakes.0.answer", "forgot_own_points"))
    assert said.startswith("forest/mine.json: exercises[0].mistakes[0].answer: unknown function")


def test_a_record_with_an_invalid_position_is_refused_naming_the_field(load):
    said = refusal(load, changed("position.scenario.forests.0", "A01@0,0r7 P09@1,0r0 P07@2,0r0"))
    assert said.startswith("forest/mine.json: exercises[0].position.scenario.forests[0].cards[0].rotation: ")
    said = refusal(load, changed("position", {"new_game": {"players": 7}}))
    assert said.startswith("forest/mine.json: exercises[0].position.new_game.players: ")
    said = refusal(load, changed("position.then", [{"move": "fly", "player": 1}]))
    assert said.startswith("forest/mine.json: exercises[0].position.then[0].move: unknown move kind 'fly'")
    said = refusal(load, changed("position.then", [{"move": "take", "player": 1, "slot": "cow"}]))
    assert said.startswith("forest/mine.json: exercises[0].position.then[0]: there is no advisor 'cow'")
    said = refusal(load, changed("position.then", [{"move": "take", "player": 0, "slot": "goat"}]))
    assert said.startswith("forest/mine.json: exercises[0].position.then[0]: ") and "Blue's decision" in said
    said = refusal(load, changed("position.options", {"catalogue": {"fn": "a_catalogue"}}))
    assert said.startswith("forest/mine.json: exercises[0].position.options.catalogue: unknown function 'a_catalogue'")
    said = refusal(load, changed("position", {"scenario": {}, "new_game": {}}))
    assert said.startswith("forest/mine.json: exercises[0].position: give either a scenario or new_game")


@pytest.mark.parametrize("path, value, field, words", [
    ("colour", "red", "exercises[0].colour", "unknown field"),
    ("hints", None, "exercises[0].hints", "missing"),
    ("mistakes.0.why", "x", "exercises[0].mistakes[0].why", "unknown field"),
    ("position.seeds", 2, "exercises[0].position.seeds", "unknown field"),
    ("id", "tails.my-fox-total", "exercises[0].id", "must start with 'forest.'"),
    ("rules", ["forest.score.own-point"], "exercises[0].rules", "did you mean"),
    ("rules", ["tails.move.card"], "exercises[0].rules", "must be rules of forest"),
    ("hints", ["only one"], "exercises[0].hints", "two hints"),
    ("answer", "colours", "exercises[0].answer", "unknown answer form"),
    ("picture", {"fn": "forest_picture", "sead": 0}, "exercises[0].picture", "unexpected keyword argument 'sead'"),
    ("picture", "forest_answer_cells", "exercises[0].picture", "must not give the answer away"),
    ("solve", {"fn": "animal_score", "cell": [0, 0], "answer": 3}, "exercises[0].solve.answer", "the engine's"),
    ("explain", "{fx}.", "exercises[0].explain", "no fact or function 'fx'"),
    ("explain", "{fox:>3}.", "exercises[0].explain", "the only way to write a value"),
    ("explain", "{fox.", "exercises[0].explain", "brace"),
    ("mistakes.0.answer", {"value": "many"}, "exercises[0].mistakes[0].answer.value", "cannot read 'many'"),
    ("mistakes.0.answer", {"with": "(1, 2)"}, "exercises[0].mistakes[0].answer.with", "set of items"),
    ("mistakes.0.answer", {"plus": "1"}, "exercises[0].mistakes[0].answer.plus", "whole number"),
    ("kit_ruling", "yes", "exercises[0].kit_ruling", "true or false"),
])
def test_each_kind_of_mistake_in_a_record_is_named(load, path, value, field, words):
    said = refusal(load, changed(path, value))
    assert said.startswith(f"forest/mine.json: {field}: "), said
    assert words in said, said


def test_two_records_with_one_id_are_refused(load):
    rec = readme_record()
    with pytest.raises(RecordError, match=r"exercises\[1\]\.id: 'forest.my-fox-total' is already the id of "
                                          r"exercises\[0\]"):
        load(rec, copy.deepcopy(rec))


def test_an_error_inside_a_named_function_names_the_field(load):
    (ex,) = load(changed("solve", {"fn": "animal_score", "cell": [9, 9]}))
    with pytest.raises(RecordError, match=r"^forest/mine.json: exercises\[0\]\.solve: animal_score: KeyError"):
        ex.solve(ex.position())


def test_a_file_that_is_not_records_is_refused(tmp_path):
    path = tmp_path / "lessons.json"
    path.write_text("{not json", "utf-8")
    with pytest.raises(RecordError, match=r"^tmp\w*/lessons.json: : cannot read it|lessons.json"):
        BOOK.load(path)
    path.write_text(json.dumps({"exercise": []}), "utf-8")
    with pytest.raises(RecordError, match="exercises: the file must be an object with a list of records here"):
        BOOK.load(path)


@pytest.mark.parametrize("game", sorted(registry.games()))
def test_a_games_worksheet_loads_before_its_lessons(game):
    """The puzzles' records may call any of the game's lesson functions, whichever module is imported first."""
    run = subprocess.run([sys.executable, "-c", "import sys; from savannah_kit.teach.answer_key import puzzles; "
                          "print(len(puzzles(sys.argv[1])))", game], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
