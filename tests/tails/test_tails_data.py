"""Savannah Tails component data and the course builder."""

import copy
import json

import pytest

from savannah_kit.core.errors import DataError, ScenarioError
from savannah_kit import tails
from savannah_kit.tails import data
from savannah_kit.tails import design
from savannah_kit.tails.track import build_course, named_course


def tiles_doc():
    from importlib import resources
    return json.loads(resources.files("savannah_kit.tails").joinpath("tiles.json").read_text("utf-8"))


@pytest.mark.rule("tails.setup.course")
def test_tile_inventory_matches_the_catalogue():
    kinds = [t.kind for t in data.TILES.values()]
    assert len(kinds) == 25
    assert (kinds.count("start"), kinds.count("finish"), kinds.count("straight"),
            kinds.count("corner_l"), kinds.count("corner_r")) == (1, 1, 11, 6, 6)
    easy_water = sum(1 for t in data.TILES.values() for f in t.easy.features if f.kind == "water")
    hard = [f.kind for t in data.TILES.values() for f in t.hard.features]
    assert easy_water == 7
    assert {k: hard.count(k) for k in ("water", "quicksand", "lion", "cheetah", "porcupine", "crocodile", "warthog", "dune")} == {
        "water": 7, "quicksand": 13, "lion": 4, "cheetah": 4, "porcupine": 5, "crocodile": 5, "warthog": 4, "dune": 12}
    assert sum(1 for t in data.TILES.values() if t.hard.bridge) == 2
    assert data.TILES["T04"].hard.bridge == (1, 4)


@pytest.mark.rule("tails.setup.player-kit", "tails.setup.markers")
def test_cards_and_bonus_cards():
    cards = data.CARDS.movement
    assert len(cards) == 100
    red = [c for c in cards if c["player"] == "red"]
    assert sorted((c["lane"], c["value"]) for c in red) == sorted((l, v) for l in data.LANES for v in range(2, 7))
    assert all(c["tiptoe"] == (c["value"] == 2) for c in cards)
    assert len(data.CARDS.bonus_cards) == 15
    assert {(b["side_a"], b["side_b"]) for b in data.CARDS.bonus_cards} == set(data.BONUS_PAIRS)
    assert data.CARDS.markers_per_player == 3
    assert data.CARD_NAMES[0] == "red-2" and data.CARD_NAMES[19] == "black-6"


def test_bad_tile_catalogue_names_the_tile_and_field():
    doc = tiles_doc()
    bad = copy.deepcopy(doc)
    bad["tiles"][12]["hard"]["features"][0]["lane"] = "pink"
    with pytest.raises(DataError) as err:
        data.load_tiles(bad)
    assert err.value.field == "tiles[12].hard.features[0].lane"
    assert "pink" in err.value.reason
    bad = copy.deepcopy(doc)
    bad["tiles"][13]["hard"]["features"][1]["index"] = 7
    with pytest.raises(DataError) as err:
        data.load_tiles(bad)
    assert err.value.field == "tiles[13].hard.features[1].index"
    bad = copy.deepcopy(doc)
    bad["tiles"][5]["kind"] = "loop"
    with pytest.raises(DataError) as err:
        data.load_tiles(json.dumps(bad))
    assert err.value.field == "tiles[5].kind"
    bad = copy.deepcopy(doc)
    bad["tiles"][4]["hard"]["bridge"]["last_row"] = 5
    with pytest.raises(DataError) as err:
        data.load_tiles(bad)
    assert err.value.field == "tiles[4].hard.bridge"
    with pytest.raises(DataError):
        data.load_tiles("{not json")


def test_other_catalogue_in_the_same_schema_loads():
    doc = tiles_doc()
    doc["tiles"][2]["easy"]["features"].append({"kind": "lion", "lane": "black", "index": 0})
    tiles = data.load_tiles(doc)
    course = build_course([["T01", "easy"], ["T03", "easy"], ["T02", "easy"]], catalogue=tiles)
    assert [f.kind for f in course.tiles[1][0].easy.features] == ["water", "lion"]
    courses = data.load_courses({"courses": [{"id": "tiny", "tiles": [["T01", "easy"], ["T02", "easy"]]}]})
    assert courses == {"tiny": (("T01", "easy"), ("T02", "easy"))}
    with pytest.raises(DataError) as err:
        data.load_courses({"courses": [{"id": "tiny", "tiles": [["T01", "shiny"]]}]})
    assert err.value.field == "courses[0].tiles[0]"


@pytest.mark.rule("tails.setup.course")
def test_course_builder_checks_start_and_finish():
    with pytest.raises(DataError) as err:
        build_course([["T03", "easy"], ["T02", "easy"]])
    assert err.value.field == "course[0]"
    with pytest.raises(DataError) as err:
        build_course([["T01", "easy"], ["T03", "easy"]])
    assert err.value.field == "course[1]"
    with pytest.raises(DataError) as err:
        build_course([["T01", "easy"], ["T99", "easy"], ["T02", "easy"]])
    assert err.value.field == "course[1]" and "T99" in err.value.reason
    with pytest.raises(DataError):
        build_course([["T01", "easy"], ["T03", "easy"], ["T03", "hard"], ["T02", "easy"]])
    with pytest.raises(ScenarioError) as err:
        tails.new_game(course=[["T01", "easy"], ["T03", "sideways"], ["T02", "easy"]])
    assert err.value.field == "options.course[1]"


@pytest.mark.rule("tails.setup.course-advice")
def test_design_advice_is_advice_not_error():
    assert design.advice(named_course("first-race")) == []
    short = build_course([["T01", "easy"], ["T03", "easy"], ["T02", "easy"]])
    assert design.advice(short) == ["3 tiles: about 14 (start and finish included) is recommended",
                              "1 water holes: about 3 are recommended"]
    game = tails.new_game(course=[["T01", "easy"], ["T02", "easy"]])
    assert design.water_holes(game.course) == 0


def test_example_courses():
    first = named_course("first-race")
    second = named_course("second-race")
    assert [t.id for t, _ in first.tiles] == ["T01", "T03", "T04", "T14", "T15", "T05", "T06", "T07",
                                             "T21", "T22", "T08", "T10", "T11", "T02"]
    assert {t.id for t, s in second.tiles if s == "hard"} == {"T04", "T11", "T15", "T22"}
    assert design.water_holes(first) == 3
    assert design.layout(first)[3] == (3, 0, "N") and design.layout(first)[-1] == (3, 2, "E")


def test_own_tile_catalogue_as_an_option():
    doc = tiles_doc()
    game = tails.new_game(tiles=doc, course=[["T01", "easy"], ["T13", "hard"], ["T02", "easy"]])
    assert "p" in str(game).split("T13")[1].split("T02")[0]
    doc["tiles"][12]["hard"]["features"][0]["kind"] = "hippo"
    with pytest.raises(ScenarioError) as err:
        tails.new_game(tiles=doc, course=[["T01", "easy"], ["T13", "hard"], ["T02", "easy"]])
    assert err.value.field == "options.tiles.tiles[12].hard.features[0].kind"
    # a named course is built from the catalogue given
    doc = tiles_doc()
    doc["tiles"][2]["easy"]["features"] = [{"kind": "lion", "lane": "red", "index": 0}]
    game = tails.new_game(tiles=doc, course="first-race")
    assert game.course.tiles[1][0].easy.features[0].kind == "lion"
    del doc["tiles"][2]
    with pytest.raises(ScenarioError) as err:
        tails.new_game(tiles=doc, course="first-race")
    assert err.value.field == "options.course[1]" and "unknown tile 'T03'" in err.value.reason
