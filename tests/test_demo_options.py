"""``savannah-kit demo``'s options reach the classroom notebooks: the course (a name or a course
file from the designer, checked before anything is served) and the picture's theme."""

import json
import os
from pathlib import Path

import pytest

from savannah_kit import cli, tails
from savannah_kit.tails.design import course_to_json, from_tiles

ROOT = Path(__file__).resolve().parents[1]
SHORT = [["T01", "easy"], ["T05", "hard"], ["T09", "hard"], ["T02", "easy"]]


def classroom_board(monkeypatch, game: str, **env):
    """Run the classroom notebook's code as Voila would, with the demo's environment."""
    for key, value in env.items():
        monkeypatch.setenv(f"SAVANNAH_KIT_DEMO_{key}", value)
    nb = json.loads((ROOT / "notebooks" / "classroom" / f"{game}_classroom.ipynb").read_text("utf-8"))
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    *body, last = code.rstrip().splitlines()
    scope: dict = {}
    exec("\n".join(body), scope)  # noqa: S102 - the kit's own notebook
    return eval(last, scope)  # noqa: S307 - its last line is the board


def test_course_names_pass_as_they_are_and_files_as_their_checked_tiles(tmp_path):
    assert cli.demo_course("tails", None) is None
    assert cli.demo_course("tails", "second-race") == "second-race"
    saved = tmp_path / "short.json"
    saved.write_text(course_to_json(from_tiles(SHORT, "short")), "utf-8")
    assert json.loads(cli.demo_course("tails", str(saved))) == SHORT


@pytest.mark.parametrize("course, says", [
    ("missing.json", "not first-race, second-race or a course file you can read"),
    ("broken.json", "course: not JSON"),
    ("no-finish.json", "ends with the finish tile"),
])
def test_a_bad_course_is_refused_before_serving_with_the_reason(tmp_path, monkeypatch, course, says):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.json").write_text("{tiles:", "utf-8")
    (tmp_path / "no-finish.json").write_text(json.dumps({"tiles": SHORT[:-1]}), "utf-8")
    with pytest.raises(SystemExit, match=says) as refused:
        cli.demo_course("tails", course)
    assert str(refused.value).startswith("savannah-kit demo: --course ")


def test_the_course_is_a_tails_option_only():
    with pytest.raises(SystemExit, match="Savannah Tails option"):
        cli.demo_course("circle", "first-race")


def test_the_tails_classroom_races_on_the_course_and_theme_it_is_given(monkeypatch, tmp_path):
    board = classroom_board(monkeypatch, "tails", COURSE=json.dumps(SHORT), THEME="dark",
                            STATE=str(tmp_path / "game.json"))
    assert [list(t) for t in board.game.course.spec] == SHORT and board.theme == "dark"
    assert board.canvas.scene.background != tails.new_game(seed=1).widget(classroom=True).canvas.scene.background
    default = classroom_board(monkeypatch, "tails", COURSE="second-race", THEME="light",
                              STATE=str(tmp_path / "other.json"))
    assert default.game.course.name == "second-race" and default.theme == "light"


def test_the_circle_classroom_draws_the_theme_it_is_given(monkeypatch, tmp_path):
    board = classroom_board(monkeypatch, "circle", THEME="dark", STATE=str(tmp_path / "game.json"))
    assert board.theme == "dark"


def test_the_command_line_takes_the_options(monkeypatch):
    seen = {}
    monkeypatch.setattr(cli, "_serve", lambda cmd, cwd, env, goodbye: seen.update(env) or 0)
    monkeypatch.setattr(cli, "project_root", lambda: ROOT)
    assert cli.main(["demo", "tails", "--course", "second-race", "--theme", "dark", "--port", "1"]) == 0
    assert seen["SAVANNAH_KIT_DEMO_COURSE"] == "second-race" and seen["SAVANNAH_KIT_DEMO_THEME"] == "dark"
    assert not os.environ.get("SAVANNAH_KIT_DEMO_COURSE")
