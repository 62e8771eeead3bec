"""The course designer widget, driven from Python and by its buttons."""

import json

import pytest

from savannah_kit.core.scene import Text
from savannah_kit.tails.data import COURSES
from savannah_kit.tails.designer import designer, tile_words
from savannah_kit.tails.render import PALETTES
from savannah_kit.tails.widget import TailsBoard

FIRST = [list(pair) for pair in COURSES["first-race"]]
SECOND = [list(pair) for pair in COURSES["second-race"]]
#: four left turns: the fifth tile (T17) comes back onto the start tile
LEFT_TURNS = ["T14", "T15", "T16", "T17"]


def drawn_texts(d):
    return {s.text for s in d.picture.shapes if isinstance(s, Text)}


def offered(d):
    return [value for _label, value in d.tile_pick.options]


@pytest.mark.rule("tails.setup.course")
def test_the_first_race_built_tile_by_tile_is_the_kit_course():
    d = designer()
    assert d.spec == [["T01", "easy"]]  # the start tile comes by itself
    for tile_id, side in FIRST[1:-1]:
        assert d.add(tile_id, side) is True
        assert d.course is None  # not finished: the finish is still to be placed
    assert "not placed yet" in d.status.text and d.problems == []
    assert "T02" not in drawn_texts(d) and "T11" in drawn_texts(d)  # only the tiles placed are drawn
    d.add("T02", "easy")
    assert d.course is not None and d.course.spec == FIRST
    assert d.status.kind == "done" and "keeps every rule" in d.status.text and "not placed yet" not in d.status.text
    assert d.picture is not None and d.canvas.view.layout.display is None


@pytest.mark.rule("tails.setup.course")
def test_the_buttons_build_a_course_too():
    d = designer()
    d.tile_pick.value, d.side_pick.value = "T06", "hard"
    d.btn_add.click()
    d.tile_pick.value, d.side_pick.value = "T02", "easy"
    d.btn_add.click()
    assert d.course.spec == [["T01", "easy"], ["T06", "hard"], ["T02", "easy"]]
    d.btn_remove.click()
    assert d.spec == [["T01", "easy"], ["T06", "hard"]] and d.course is None
    d.btn_clear.click()
    assert d.spec == [["T01", "easy"]] and d.btn_remove.disabled
    assert d.remove_last() is False and d.status.kind == "refused" and d.spec == [["T01", "easy"]]
    d.start_from.value = "second-race"
    d.btn_start.click()
    assert d.course.spec == SECOND and d.name == "second-race"


@pytest.mark.rule("tails.setup.course")
def test_an_overlapping_track_names_the_tile_and_draws_nothing():
    d = designer()
    for tile_id in LEFT_TURNS:
        d.add(tile_id, "easy")
    assert d.problems[0].startswith("course[4]: tile T17 would lie on top of tile T01")
    assert d.status.kind == "refused" and "T17" in d.status.text
    assert "Something went wrong" not in d.status.text
    assert d.course is None and d.picture is None and d.canvas.view.layout.display == "none"
    assert "✗ course[4]: tile T17" in d.notes.value
    d.remove_last()
    # the finish, to be placed, would still come back onto the start tile: it says so
    assert d.problems == ["course[4] (the finish, to be placed): tile T02 would lie on top of tile T01 (course[0]): "
                          "the track overlaps itself on the table"] and d.picture is None
    d.remove_last()
    assert d.problems == [] and d.picture is not None  # back to a track that lies flat


@pytest.mark.rule("tails.setup.course")
def test_the_other_course_rules_show_live_naming_the_tile():
    d = designer()
    d.add("T06", "easy")
    d.add("T06", "hard")  # only from Python: the dropdown no longer offers it
    assert d.problems == ["course[2]: tile T06 is used twice; each tile exists once"] and d.course is None
    d.remove_last()
    d.add("T02", "easy")
    d.add("T03", "easy")  # after the finish
    assert d.problems == ["course[2]: the finish tile T02 can only be at the end"] and d.course is None
    before = d.spec
    assert d.add("T99", "easy") is False and "T99" in d.status.text and d.status.kind == "refused"
    assert d.add("T05", "sideways") is False and "sideways" in d.status.text and d.status.kind == "refused"
    assert d.spec == before


@pytest.mark.rule("tails.setup.course")
def test_a_used_tile_is_not_offered_again():
    d = designer()
    labels = dict((value, label) for label, value in d.tile_pick.options)
    assert labels["T06"] == "T06 straight — easy: water hole; hard: lion, water hole" == tile_words("T06")
    assert "T01" not in labels and len(labels) == 24  # the start tile is placed already
    d.add("T06", "hard")
    assert "T06" not in offered(d) and len(offered(d)) == 23
    d.add("T02", "easy")
    assert "T02" not in offered(d)
    d.remove_last()
    d.remove_last()
    assert "T06" in offered(d) and "T02" in offered(d)


@pytest.mark.rule("tails.setup.course-advice")
def test_tips_show_apart_from_problems_for_a_short_course():
    d = designer()
    d.add("T06", "hard")
    d.add("T02", "easy")
    assert d.tips[:2] == ["3 tiles: about 14 (start and finish included) is recommended",
                          "1 water holes: about 3 are recommended"]
    assert d.problems == [] and d.course is not None
    assert "Tip: 3 tiles: about 14" in d.notes.value and "sk-problem" not in d.notes.value
    assert designer("first-race").tips == ["1 water hole is on a corner: harder to reach than on a straight"]


@pytest.mark.rule("tails.setup.course")
def test_a_course_saved_as_json_loads_back(tmp_path):
    d = designer("second-race")
    text = d.to_json()
    assert json.loads(text) == {"name": "second-race", "tiles": SECOND} and d.json_box.value == text
    other = designer()
    assert other.load_json(text) is True
    assert other.course.spec == SECOND and other.name == "second-race" and other.status.kind == "done"
    path = tmp_path / "course.json"
    assert d.save(path) is True
    third = designer()
    assert third.load(path) is True and third.course.spec == SECOND
    # the Load button reads the box
    fourth = designer()
    fourth.json_box.value = text
    fourth.btn_load.click()
    assert fourth.course.spec == SECOND


@pytest.mark.rule("tails.setup.course")
@pytest.mark.parametrize("text, field", [
    ("{not json", "course: not JSON"),
    ('{"tiles": [["T01", "easy"], ["T03", "sideways"], ["T02", "easy"]]}', "course[1]"),
    ('{"tiles": [["T01", "easy"], ["T14", "easy"], ["T15", "easy"], ["T16", "easy"], ["T17", "easy"], '
     '["T02", "easy"]]}', "course[4]"),
    ('{"name": "", "tiles": [["T01", "easy"], ["T02", "easy"]]}', "course.name"),
    ('{"tiles": [[["T01"], "easy"], ["T02", "easy"]]}', "course"),
])
def test_a_corrupt_json_changes_nothing_and_names_the_field(text, field):
    d = designer("first-race")
    before, box = d.spec, d.json_box.value
    assert d.load_json(text) is False
    assert d.spec == before and d.name == "first-race" and d.course.spec == FIRST
    assert d.status.kind == "refused" and d.status.text.startswith(f"Not loaded: {field}")
    assert d.json_box.value == box


@pytest.mark.rule("tails.setup.course")
def test_a_missing_file_or_an_unfinished_course_is_refused_in_the_status(tmp_path):
    d = designer()
    assert d.save(tmp_path / "x.json") is False and "T02" in d.status.text and not (tmp_path / "x.json").exists()
    assert d.load(tmp_path / "missing.json") is False and d.status.text.startswith("Not loaded:")


@pytest.mark.rule("tails.setup.course-advice")
def test_estimate_fills_the_progress_bar_and_shows_a_verdict():
    d = designer("second-race")
    seen = []
    d.progress.observe(lambda change: seen.append(change["new"]), names="value")
    found = d.estimate(races=3, players=3)
    assert d.progress.max == 6 and d.progress.value == 6 and seen[-1] == 6 and len(seen) >= 6
    assert found.verdict in d.result.value and d.status.kind == "done" and found.verdict in d.status.text
    assert str(found) in d.result.value.replace("&#x27;", "'")


@pytest.mark.rule("tails.setup.course-advice")
def test_estimate_from_the_button_and_refused_for_an_unfinished_course():
    d = designer()
    assert d.estimate() is None and d.status.kind == "refused" and d.progress.value == 0 and d.result.value == ""
    d.add("T03", "easy")
    d.add("T02", "easy")
    d.races.value = 2
    d.btn_estimate.click()
    assert d.difficulty is not None and d.progress.value == d.progress.max == 4
    assert d.difficulty.verdict in d.result.value


@pytest.mark.rule("tails.setup.course")
def test_play_opens_a_board_on_the_course():
    d = designer()
    for tile_id, side in [["T03", "hard"], ["T14", "easy"], ["T05", "hard"], ["T20", "easy"], ["T02", "easy"]]:
        d.add(tile_id, side)
    board = d.play(players=3, seed=1)
    assert isinstance(board, TailsBoard) and board is d.board
    assert board.game.course.spec == d.course.spec and board.game.players == 3 and board.game.seed == 1
    assert d.status.kind == "done"
    assert d.play(players=9) is None and d.status.text.startswith("Not played:")


@pytest.mark.rule("tails.setup.course")
def test_play_refuses_an_unfinished_course():
    d = designer()
    d.add("T03", "easy")
    assert d.play() is None and d.board is None and d.status.kind == "refused"


@pytest.mark.rule("tails.setup.course")
def test_an_edited_kit_course_is_renamed_and_the_theme_is_kept():
    d = designer("first-race", theme="dark")
    assert d.name == "first-race" and d.picture.background == PALETTES["dark"].background
    d.remove_last()
    d.add("T02", "easy")
    assert d.name == "custom" and d.course.spec == FIRST  # difficulty compares with the first race by name
    with pytest.raises(ValueError):
        designer(theme="pink")
