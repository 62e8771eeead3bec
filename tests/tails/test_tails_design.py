"""The course designer's engine: building a course that lies flat, the design tips, saving, difficulty."""

import json

import pytest

from savannah_kit import tails
from savannah_kit.core.errors import DataError
from savannah_kit.tails import design
from savannah_kit.tails.data import COURSES

FIRST = [list(pair) for pair in COURSES["first-race"]]
#: the first race's shape with every track tile on its hard side where that adds something
HARDER = [["T01", "easy"], ["T03", "hard"], ["T04", "hard"], ["T16", "hard"], ["T18", "hard"], ["T09", "hard"],
          ["T06", "hard"], ["T07", "hard"], ["T21", "hard"], ["T25", "hard"], ["T12", "hard"], ["T13", "hard"],
          ["T11", "hard"], ["T02", "easy"]]
#: four left turns: the fifth tile comes back onto the start tile
OVERLAPPING = [["T01", "easy"], ["T14", "easy"], ["T15", "easy"], ["T16", "easy"], ["T17", "easy"], ["T03", "easy"],
               ["T02", "easy"]]


@pytest.mark.rule("tails.setup.course")
def test_a_course_that_lies_flat_is_built_from_python():
    course = design.from_tiles(HARDER, "harder")
    assert course.spec == HARDER and course.name == "harder"
    assert len(set(design.tile_cells(course))) == len(HARDER)
    assert tails.new_game(players=3, seed=1, course=course.spec).course.spec == HARDER


@pytest.mark.rule("tails.setup.course")
def test_a_track_over_its_own_tiles_is_refused_naming_the_tile():
    with pytest.raises(DataError) as err:
        design.from_tiles(OVERLAPPING)
    assert err.value.field == "course[4]"
    assert "T17 would lie on top of tile T01 (course[0])" in str(err.value)
    # the engine itself can still race such a course (hand-built test courses do)
    assert tails.new_game(players=2, seed=1, course=OVERLAPPING).course.spec == OVERLAPPING


@pytest.mark.rule("tails.setup.course")
@pytest.mark.parametrize("tiles, field, words", [
    ([["T03", "easy"], ["T02", "easy"]], "course[0]", "starts with the start tile"),
    ([["T01", "easy"], ["T03", "easy"]], "course[1]", "ends with the finish tile"),
    ([["T01", "easy"], ["T03", "easy"], ["T03", "hard"], ["T02", "easy"]], "course[2]", "used twice"),
    ([["T01", "easy"], ["T03", "sideways"], ["T02", "easy"]], "course[1]", "side must be"),
])
def test_the_course_rules_name_the_tile_at_fault(tiles, field, words):
    with pytest.raises(DataError) as err:
        design.from_tiles(tiles)
    assert err.value.field == field and words in str(err.value)


@pytest.mark.rule("tails.setup.course-advice")
def test_the_design_tips():
    # the first race follows every tip; its one water hole on a corner is worth knowing
    assert design.tips(design.from_tiles(FIRST)) == ["1 water hole is on a corner: harder to reach than on a straight"]
    tips = design.tips(design.from_tiles(HARDER))
    assert any(t.startswith("5 kinds of animal (lion, cheetah, porcupine, crocodile, warthog)") for t in tips)
    assert any(t.startswith("3 kinds of special track (quicksand, dune, bridge)") for t in tips)
    short = design.tips(design.from_tiles([["T01", "easy"], ["T06", "hard"], ["T02", "easy"]]))
    assert short[:2] == ["3 tiles: about 14 (start and finish included) is recommended",
                         "1 water holes: about 3 are recommended"]
    corner = design.tips(design.from_tiles([["T01", "easy"], ["T14", "hard"], ["T02", "easy"]]))
    assert "1 water hole is on a corner: harder to reach than on a straight" in corner


@pytest.mark.rule("tails.setup.course")
def test_a_course_is_saved_and_loaded_as_json():
    course = design.from_tiles(HARDER, "harder")
    text = design.course_to_json(course)
    assert json.loads(text) == {"name": "harder", "tiles": HARDER}
    again = design.course_from_json(text)
    assert again.spec == course.spec and again.name == "harder"


@pytest.mark.rule("tails.setup.course")
@pytest.mark.parametrize("text, field", [
    ("{not json", "course"),
    ('["T01"]', "course"),
    ('{"tiles": [["T01", "easy"], ["T02", "easy"]], "colour": "red"}', "course"),
    ('{"name": "", "tiles": [["T01", "easy"], ["T02", "easy"]]}', "course.name"),
    ('{"tiles": [["T01", "easy"], ["T99", "easy"], ["T02", "easy"]]}', "course[1]"),
    (json.dumps({"tiles": OVERLAPPING}), "course[4]"),
])
def test_a_bad_course_file_names_the_field(text, field):
    with pytest.raises(DataError) as err:
        design.course_from_json(text)
    assert err.value.field == field


@pytest.mark.rule("tails.setup.course-advice")
def test_difficulty_is_seeded_reports_progress_and_tells_courses_apart():
    seen = []
    easy = design.difficulty(design.from_tiles(FIRST), races=4, seed=3, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (8, 8) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert easy == design.difficulty(design.from_tiles(FIRST), races=4, seed=3)
    assert easy.rounds == easy.baseline_rounds and easy.verdict == "about as long as the first race"
    hard = design.difficulty(design.from_tiles(HARDER), races=4, seed=3)
    assert hard.baseline_rounds == easy.rounds
    assert hard.animals_met > easy.animals_met == 0
    assert str(hard).startswith("4 races of 4 greedy bots: ")


#: a lion on T06:blue:4 and crocodiles on T09:yellow:5 and T09:blue:2 (both tiles hard side up)
LION_AND_CROCODILES = [["T01", "easy"], ["T06", "hard"], ["T09", "hard"], ["T05", "easy"], ["T02", "easy"]]


def _blocked(space, hand):
    """Red on ``space`` plays its first card's only normal move, which something cuts short."""
    game = tails.from_scenario({"course": LION_AND_CROCODILES, "turn_order": [0, 1],
                                "ostriches": [{"space": space, "hand": hand}, {"space": "T01:red:0", "holds": []}]},
                               seed=0)
    (move,) = [m for m in game.legal_moves() if m.card == hand[0] and m.kind == "normal"]
    game.play(move)
    return game


@pytest.mark.rule("tails.animal.lion", "tails.animal.crocodile", "tails.move.blocked-stop")
def test_lions_and_crocodiles_are_met_when_they_cut_a_move_short():
    # the lion on T06:blue:4 stops blue-6 on T06:blue:3; the crocodile on T09:yellow:5 stops yellow-5 a space short
    by_lion = _blocked("T06:blue:0", ["blue-6", "red-2", "black-4", "yellow-5"])
    by_crocodile = _blocked("T09:red:0", ["yellow-5", "red-2", "black-4", "blue-6"])
    for game, kind, stop in ((by_lion, "lion", "T06:blue:3"), (by_crocodile, "crocodile", "T09:yellow:4")):
        assert game.state.pos[0] == game.track.by_name[stop]
        assert not any(e.rule.startswith("tails.animal.") for e in game.log)  # neither animal has an event of its own
        met = design.animals_met(game.log, 2)
        assert met[0] == {**dict.fromkeys(design.ANIMALS, 0), kind: 1} and set(met[1].values()) == {0}


@pytest.mark.rule("tails.animal.lion", "tails.animal.crocodile")
def test_difficulty_counts_every_kind_of_animal():
    hard = design.difficulty(design.from_tiles(HARDER), races=4, seed=1)
    assert set(hard.by_animal) == set(design.ANIMALS) and all(n > 0 for n in hard.by_animal.values())
    assert hard.animals_met == pytest.approx(sum(hard.by_animal.values()))
    assert all(f"{kind} 0." in str(hard) for kind in design.ANIMALS)
