"""Savannah Tails catalogues (tiles, cards, courses) and course lists: every mistake a teacher
can make in one is refused with the item, the field and what is wrong."""

import copy
import json

import pytest

from savannah_kit.core.errors import DataError
from savannah_kit.tails import data
from savannah_kit.tails.track import build_course, named_course
from tails_helpers import kit_data

T03, T04, T14, T20 = 2, 3, 13, 19  # indexes of those tiles in tiles.json


def refused(parse, doc):
    """(field, reason) of the DataError ``parse`` raises for ``doc``."""
    with pytest.raises(DataError) as err:
        parse(doc)
    return err.value.field, err.value.reason


def edited(name, edit):
    doc = copy.deepcopy(kit_data(name))
    edit(doc)
    return doc


def feature(kind, lane, index, **more):
    return {"kind": kind, "lane": lane, "index": index, **more}


def set_features(tile, side, *features):
    def edit(doc):
        doc["tiles"][tile][side]["features"] = list(features)
    return edit


def set_key(path, value):
    """An edit setting ``doc[path[0]][path[1]]...`` (``value`` None: deleting it)."""
    def edit(doc):
        *head, last = path
        for key in head:
            doc = doc[key]
        if value is None:
            del doc[last]
        else:
            doc[last] = value
    return edit


def drop_tile(tid):
    def edit(doc):
        doc["tiles"] = [t for t in doc["tiles"] if t["id"] != tid]
    return edit


BAD_TILES = [
    (set_key(["tiles", T03, "easy"], []), "tiles[2].easy", "expected an object, got list"),
    (set_key(["tiles", T03, "easy", "colour"], "red"), "tiles[2].easy.colour", "unknown field"),
    (set_key(["tiles", T14, "hard", "bridge"], {"first_row": 1, "last_row": 2}), "tiles[13].hard.bridge",
     "tile T14 is a corner_l: only straights can carry a rope bridge"),
    (set_key(["tiles", T04, "hard", "bridge", "first_row"], "1"), "tiles[3].hard.bridge.first_row",
     "expected an integer, got '1'"),
    (set_key(["tiles", T04, "hard", "bridge", "last_row"], True), "tiles[3].hard.bridge.last_row",
     "expected an integer, got True"),
    (set_key(["tiles", T04, "hard", "bridge", "first_row"], 0), "tiles[3].hard.bridge",
     "bridge rows 0-4 must lie within rows 1-4 so normal rows come before and after it"),
    (set_key(["tiles", T04, "hard", "bridge"], {"first_row": 3, "last_row": 2}), "tiles[3].hard.bridge",
     "bridge rows 3-2 must lie within rows 1-4 so normal rows come before and after it"),
    (set_key(["tiles", T03, "easy", "features"], {}), "tiles[2].easy.features", "expected a list, got dict"),
    (set_features(T03, "easy", "water"), "tiles[2].easy.features[0]", "expected an object, got str"),
    (set_features(T03, "easy", feature("water", "red", 1, colour="blue")), "tiles[2].easy.features[0].colour",
     "unknown field"),
    (set_features(T03, "easy", feature("hippo", "red", 1)), "tiles[2].easy.features[0].kind",
     "unknown feature 'hippo'; use one of water, quicksand, dune, lion, cheetah, porcupine, crocodile, warthog"),
    (set_features(0, "easy", feature("water", "red", 1)), "tiles[0].easy.features[0]",
     "tile T01 is the start tile: it carries no features"),
    (set_features(1, "hard", feature("lion", "red", 1)), "tiles[1].hard.features[0]",
     "tile T02 is the finish tile: it carries no features"),
    (set_features(T03, "easy", feature("water", 0, 1)), "tiles[2].easy.features[0].lane",
     "unknown lane 0; lanes are red, blue, yellow, black"),
    (set_features(T03, "easy", feature("water", "red", "1")), "tiles[2].easy.features[0].index",
     "expected an integer, got '1'"),
    (set_features(T03, "easy", feature("water", "blue", 6)), "tiles[2].easy.features[0].index",
     "lane blue of tile T03 has spaces 0-5, not 6"),
    (set_features(T03, "easy", feature("water", "blue", -1)), "tiles[2].easy.features[0].index",
     "lane blue of tile T03 has spaces 0-5, not -1"),
    # corners: the lane nearest the baobab is the shortest
    (set_features(T14, "easy", feature("water", "red", 3)), "tiles[13].easy.features[0].index",
     "lane red of tile T14 has spaces 0-2, not 3"),
    (set_features(T20, "easy", feature("water", "black", 3)), "tiles[19].easy.features[0].index",
     "lane black of tile T20 has spaces 0-2, not 3"),
    (set_features(T04, "hard", feature("lion", "red", 4)), "tiles[3].hard.features[0].index",
     "row 4 of tile T04 is rope bridge"),
    (set_features(T04, "hard", feature("lion", "red", 1)), "tiles[3].hard.features[0].index",
     "row 1 of tile T04 is rope bridge"),
    (set_features(T03, "easy", feature("dune", "red", 1)), "tiles[2].easy.features[0].direction",
     "a dune arrow points 'forward' or 'back', not ''"),
    (set_features(T03, "easy", feature("water", "red", 1, direction="back")), "tiles[2].easy.features[0].direction",
     "only dune arrows have a direction"),
    (set_features(T03, "easy", feature("water", "red", 1), feature("lion", "red", 1)), "tiles[2].easy.features[1]",
     "space red@1 of tile T03 already holds a water"),
    (set_key(["tiles"], {}), "tiles", "expected a list, got dict"),
    (set_key(["tiles", T03], "T03"), "tiles[2]", "expected an object, got str"),
    (set_key(["tiles", T03, "colour"], "red"), "tiles[2].colour", "unknown field"),
    (set_key(["tiles", T03, "id"], " "), "tiles[2].id", "missing tile id"),
    (set_key(["tiles", T03, "id"], 3), "tiles[2].id", "missing tile id"),
    (set_key(["tiles", T04, "id"], "T03"), "tiles[3].id", "tile T03 appears twice"),
    (set_key(["tiles", T03, "tree"], "X"), "tiles[2].tree", "the baobab side is 'L' or 'R', not 'X'"),
    (set_key(["tiles", T14, "tree"], "R"), "tiles[13].tree", "tile T14 turns left, so its baobab is on the inside: 'L'"),
    (set_key(["tiles", T20, "tree"], "L"), "tiles[19].tree", "tile T20 turns right, so its baobab is on the inside: 'R'"),
    (set_key(["tiles", T03, "lane_lengths"], [6, 6, 6, 5]), "tiles[2].lane_lengths",
     "a straight tile has lane lengths [6, 6, 6, 6], not [6, 6, 6, 5]"),
    (set_key(["tiles", T20, "lane_lengths"], [3, 4, 5, 6]), "tiles[19].lane_lengths",
     "a corner_r tile has lane lengths [6, 5, 4, 3], not [3, 4, 5, 6]"),
    (set_key(["tiles", 0, "lane_lengths"], [6, 6, 6, 6]), "tiles[0].lane_lengths",
     "a start tile has lane lengths [3, 3, 3, 3], not [6, 6, 6, 6]"),
    (set_key(["tiles", T03, "hard"], None), "tiles[2].hard", "tile T03 needs an hard side"),
    (drop_tile("T01"), "tiles", "the catalogue has no start tile"),
    (drop_tile("T02"), "tiles", "the catalogue has no finish tile"),
]


@pytest.mark.rule("tails.setup.course")
@pytest.mark.parametrize("edit, field, reason", BAD_TILES)
def test_a_bad_tile_catalogue_is_refused_naming_the_field(edit, field, reason):
    assert refused(data.load_tiles, edited("tiles.json", edit)) == (field, reason)


def test_features_may_lie_before_and_after_a_rope_bridge_and_are_kept_in_lane_order():
    doc = edited("tiles.json", set_features(T04, "hard", feature("lion", "red", 5), feature("water", "red", 0),
                                            feature("water", "black", 5), feature("dune", "blue", 0, direction="back")))
    tile = data.load_tiles(doc)["T04"]
    assert [(f.kind, f.lane, f.index, f.direction) for f in tile.hard.features] == [
        ("water", 0, 0, ""), ("lion", 0, 5, ""), ("dune", 1, 0, "back"), ("water", 3, 5, "")]
    assert tile.hard.bridge == (1, 4) and tile.easy.bridge is None


def test_corner_lanes_grow_away_from_the_baobab():
    left, right, straight = data.TILES["T14"], data.TILES["T20"], data.TILES["T03"]
    assert [left.lane_length(lane) for lane in range(4)] == [3, 4, 5, 6]
    assert [right.lane_length(lane) for lane in range(4)] == [6, 5, 4, 3]
    assert [straight.lane_length(lane) for lane in range(4)] == [6, 6, 6, 6]
    assert data.TILES["T01"].lane_length(2) == 3
    assert left.is_corner and right.is_corner and not straight.is_corner
    assert straight.side("easy") is straight.easy and straight.side("hard") is straight.hard


def movement(doc, i):
    return doc["movement_cards"][i]


BAD_CARDS = [
    (set_key(["movement_cards", 0, "player"], "pink"), "movement_cards[0].player", "unknown player colour 'pink'"),
    (set_key(["movement_cards", 0, "lane"], "green"), "movement_cards[0].lane", "unknown lane colour 'green'"),
    (set_key(["movement_cards", 0, "value"], 7), "movement_cards[0].value", "values run 2-6, not 7"),
    (set_key(["movement_cards", 0, "tiptoe"], False), "movement_cards[0].tiptoe",
     "only the '2' cards carry the tiptoe symbol"),
    (set_key(["movement_cards", 1, "tiptoe"], True), "movement_cards[1].tiptoe",
     "only the '2' cards carry the tiptoe symbol"),
    (set_key(["movement_cards", 1], {"player": "red", "lane": "red", "value": 2, "tiptoe": True}),
     "movement_cards[1]", "a second red red 2"),
    (set_key(["movement_cards", 5], None), "movement_cards",
     "expected one card per player colour x lane colour x value (100), found 99"),
    (set_key(["movement_cards"], {}), "movement_cards", "expected a list, got dict"),
    (set_key(["bonus_cards", 0, "player"], "pink"), "bonus_cards[0].player", "unknown player colour 'pink'"),
    (set_key(["bonus_cards", 0, "side_b"], "deja-vu"), "bonus_cards[0]",
     "faces ('boinnnggg', 'deja-vu') are not one of the bonus pairs [('bird-brain', 'neck-stretch'), "
     "('boinnnggg', 'leapfrog'), ('crazy-wings', 'deja-vu')]"),
    (set_key(["bonus_cards", 1], {"player": "red", "side_a": "boinnnggg", "side_b": "leapfrog"}), "bonus_cards[1]",
     "player red has the boinnnggg/leapfrog card twice"),
    (set_key(["bonus_cards", 2], None), "bonus_cards", "player red needs its 3 bonus cards"),
    (set_key(["bonus_effects", "neck-stretch"], None), "bonus_effects.neck-stretch", "missing"),
    (set_key(["hand_size"], 5), "hand_size", "the engine plays with hands of 4"),
    (set_key(["hand_size"], "4"), "hand_size", "expected an integer, got '4'"),
    (set_key(["markers_per_player"], None), "markers_per_player", "expected an integer, got None"),
]


@pytest.mark.rule("tails.setup.player-kit")
@pytest.mark.parametrize("edit, field, reason", BAD_CARDS)
def test_a_bad_card_catalogue_is_refused_naming_the_field(edit, field, reason):
    assert refused(data.parse_cards, edited("cards.json", edit)) == (field, reason)


def test_the_kit_cards():
    cards = data.parse_cards(kit_data("cards.json"))
    assert (len(cards.movement), len(cards.bonus_cards), cards.hand_size, cards.markers_per_player) == (100, 15, 4, 3)
    assert sorted(cards.effects) == sorted(data.BONUS_FACES)


BAD_COURSES = [
    ([], "", "expected an object, got list"),
    ({"courses": {}}, "courses", "expected a list, got dict"),
    ({"courses": ["tiny"]}, "courses[0]", "expected an object, got str"),
    ({"courses": [{"tiles": []}]}, "courses[0].id", "missing course id"),
    ({"courses": [{"id": "", "tiles": []}]}, "courses[0].id", "missing course id"),
    ({"courses": [{"id": "a", "tiles": []}, {"id": "a", "tiles": []}]}, "courses[1].id", "course 'a' appears twice"),
    ({"courses": [{"id": "a", "tiles": "T01"}]}, "courses[0].tiles", "expected a list, got str"),
    ({"courses": [{"id": "a", "tiles": [["T01"]]}]}, "courses[0].tiles[0]", "expected [tile id, side], got ['T01']"),
    ({"courses": [{"id": "a", "tiles": [[1, "easy"]]}]}, "courses[0].tiles[0]", "expected [tile id, side], got [1, 'easy']"),
    ({"courses": [{"id": "a", "tiles": ["T01/easy"]}]}, "courses[0].tiles[0]", "expected [tile id, side], got 'T01/easy'"),
]


@pytest.mark.rule("tails.setup.course")
@pytest.mark.parametrize("doc, field, reason", BAD_COURSES)
def test_a_bad_course_catalogue_is_refused_naming_the_field(doc, field, reason):
    assert refused(data.load_courses, doc) == (field, reason)


def test_catalogues_load_from_data_text_or_a_file(tmp_path):
    doc = {"courses": [{"id": "tiny", "tiles": [["T01", "easy"], ("T02", "hard")]}]}
    path = tmp_path / "courses.json"
    path.write_text(json.dumps(doc), "utf-8")
    want = {"tiny": (("T01", "easy"), ("T02", "hard"))}
    assert data.load_courses(doc) == data.load_courses("  " + json.dumps(doc)) == data.load_courses(str(path)) == want
    assert refused(data.load_courses, '{"courses": [}') == ("", "not valid JSON: Expecting value at line 1")
    assert refused(data.load_courses, 7) == ("", "expected JSON data, text or a file path, got int")
    assert data.tiles_data() == kit_data("tiles.json") and data.tiles_data() is not data.tiles_data()


BAD_COURSE_LISTS = [
    ("T01", "course", "expected a list of [tile id, side], got str"),
    ([["T01", "easy"]], "course", "a course needs at least the start and the finish tile"),
    ([["T01", "easy"], "T02"], "course[1]", "expected [tile id, side], got 'T02'"),
    ([["T01", "easy"], ["T02", "easy", "x"]], "course[1]", "expected [tile id, side], got ['T02', 'easy', 'x']"),
    ([["T01", "easy"], ["T03", "shiny"], ["T02", "easy"]], "course[1]", "side must be 'easy' or 'hard', not 'shiny'"),
    ([["T01", "easy"], ["T03", "easy"], ["T03", "hard"], ["T02", "easy"]], "course[2]",
     "tile T03 is used twice; each tile exists once"),
    ([["T03", "easy"], ["T02", "easy"]], "course[0]", "a course starts with the start tile, not T03 (straight)"),
    ([["T01", "easy"], ["T14", "easy"]], "course[1]", "a course ends with the finish tile, not T14 (corner_l)"),
    ([["T01", "easy"], ["T02", "easy"], ["T03", "easy"], ["T02", "hard"]], "course[1]",
     "the finish tile T02 can only be at the end"),
]


@pytest.mark.rule("tails.setup.course")
@pytest.mark.parametrize("tiles, field, reason", BAD_COURSE_LISTS)
def test_a_bad_course_is_refused_naming_the_entry(tiles, field, reason):
    assert refused(build_course, tiles) == (field, reason)


def test_the_start_tile_only_starts_a_course_and_courses_are_named():
    doc = kit_data("tiles.json")
    doc["tiles"].append(dict(doc["tiles"][0], id="S2"))  # a second start tile
    catalogue = data.load_tiles(doc)
    assert refused(lambda t: build_course(t, catalogue=catalogue), [["T01", "easy"], ["S2", "easy"], ["T02", "easy"]]) \
        == ("course[1]", "the start tile S2 can only be at the start")
    assert refused(named_course, "third-race") == ("course", "unknown course 'third-race'; choose from "
                                                   "first-race, second-race")
    assert refused(named_course, 3)[0] == "course"
    assert named_course("first-race").name == "first-race" and build_course([["T01", "easy"], ["T02", "easy"]]).name == "custom"
