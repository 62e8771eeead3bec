"""Savernake Forest card catalogue: the kit edition, other catalogues, card geometry."""

import json
from collections import Counter

import pytest

from savannah_kit import forest
from savannah_kit.core import DataError, ScenarioError
from savannah_kit.forest.data import DEAD_END, DEN, FOODS, catalogue_from_data, kit_catalogue, load_catalogue


def test_kit_catalogue_holds_the_box_counts_of_games_md():
    cat = kit_catalogue()
    assert (len(cat.animals), len(cat.paths), cat.lair_tokens, cat.water_tokens) == (19, 45, 15, 15)
    foods = Counter(FOODS[f] for p in cat.paths for s in p.segments for f in s.foods)
    assert foods == {"berry": 22, "worm": 22, "egg": 22, "nut": 21}
    assert sum(a.points for a in cat.animals) == 33
    shapes = Counter(p.shape for p in cat.paths)
    assert shapes == {"STRAIGHT": 12, "CURVE": 12, "TWO_CURVES": 9, "DEAD_END": 4, "TWO_DEAD_ENDS": 3,
                      "CURVE_PLUS_DEAD_END": 5}
    fox = cat.card("A01")
    assert (fox.name, fox.points, fox.capacity, fox.values) == ("Fox", 2, 3, (0, 1, 2, 0))
    assert fox.value("egg") == 2
    assert str(cat.card("P09")) == "P09 straight (W-E: nut egg egg)"


def test_catalogue_round_trips_through_its_data():
    cat = kit_catalogue()
    again = catalogue_from_data(cat.to_data())
    assert [str(c) for c in again.cards] == [str(c) for c in cat.cards]


def _data():
    return kit_catalogue().to_data()


@pytest.mark.parametrize("edit, field, reason", [
    (lambda d: d["paths"][12]["segments"][0]["foods"].__setitem__(1, "Q"), "paths[12].segments[0].foods[1]",
     "unknown food 'Q'"),
    (lambda d: d["animals"][3]["values"].__setitem__("egg", -1), "animals[3].values.egg", "between 0 and 20"),
    (lambda d: d["animals"][0].pop("capacity"), "animals[0].capacity", "missing"),
    (lambda d: d["paths"][0].__setitem__("id", "A01"), "paths[0].id", "already used by animals[0]"),
    (lambda d: d["paths"][24]["segments"][1].__setitem__("from", "E"), "paths[24].segments[1].from",
     "segments never touch"),
    (lambda d: d["paths"][2]["segments"][0].__setitem__("to", "Z"), "paths[2].segments[0].to", "unknown edge 'Z'"),
    (lambda d: d["animals"][1].__setitem__("path_exit", "X"), "animals[1].path_exit", "unknown edge"),
    (lambda d: d["tokens"].__setitem__("lair", True), "tokens.lair", "must be an integer"),
    (lambda d: d.__setitem__("colour", 1), "colour", "unknown field"),
    (lambda d: d["foods"].__setitem__("Z", "honey"), "foods.Z", "unknown food name 'honey'"),
    (lambda d: d["foods"].__setitem__("BB", d["foods"].pop("B")), "foods.BB", "a food code must be one character"),
    (lambda d: d["animals"][0].__setitem__("id", "A 1"), "animals[0].id",
     "'A 1' is not an id of 1-20 letters, digits, '-' or '_'"),
    (lambda d: d.__setitem__("edition", 5), "edition", "must be text"),
    (lambda d: d.__setitem__("note", ["a"]), "note", "must be text"),
    (lambda d: d["animals"][2].__setitem__("name", " "), "animals[2].name", "A03: must be a name of 1-40 characters"),
    (lambda d: d["animals"][2].__setitem__("name", "F" * 41), "animals[2].name", "A03: must be a name of 1-40"),
    (lambda d: d["animals"][2].__setitem__("name", 7), "animals[2].name", "A03: must be a name of 1-40 characters"),
    (lambda d: d["paths"][5].__setitem__("shape", ""), "paths[5].shape", "P06: must be a shape name"),
    (lambda d: d["paths"][5].__setitem__("shape", 3), "paths[5].shape", "P06: must be a shape name"),
    (lambda d: d["paths"][5].__setitem__("segments", []), "paths[5].segments", "P06: must be a list of 1 or 2"),
    (lambda d: d["paths"][5]["segments"].extend([{"from": "N", "to": "X", "foods": []}] * 2), "paths[5].segments",
     "P06: must be a list of 1 or 2 segments"),
    (lambda d: d["paths"][5].__setitem__("segments", "W-E"), "paths[5].segments", "P06: must be a list of 1 or 2"),
    (lambda d: d["paths"][5]["segments"][0].__setitem__("foods", ["B"] * 11), "paths[5].segments[0].foods",
     "P06: must be a list of at most 10 food codes"),
    (lambda d: d["paths"][5]["segments"][0].__setitem__("foods", "BE"), "paths[5].segments[0].foods",
     "P06: must be a list of at most 10 food codes"),
])
def test_bad_catalogue_names_the_card_and_field(edit, field, reason):
    data = _data()
    edit(data)
    with pytest.raises(DataError) as err:
        catalogue_from_data(data)
    assert err.value.field == field
    assert reason in err.value.reason


def test_load_catalogue_from_a_file_and_play_with_it(tmp_path):
    data = _data()
    data["edition"] = "my box"
    data["animals"][0]["capacity"] = 4
    path = tmp_path / "box.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    cat = load_catalogue(path)
    assert cat.edition == "my box" and cat.card("A01").capacity == 4
    game = forest.new_game(seed=3, catalogue=cat)
    assert game.catalogue.card("A01").capacity == 4
    again = forest.from_json(game.to_json())
    assert again.catalogue.card("A01").capacity == 4
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(DataError, match="not valid JSON"):
        load_catalogue(bad)


def test_a_catalogue_too_small_for_the_game_is_refused():
    data = _data()
    del data["paths"][40:]
    with pytest.raises(ScenarioError) as err:
        forest.new_game(seed=1, catalogue=data)
    assert err.value.field == "options.catalogue" and "45 path cards" in err.value.reason
    data = _data()
    data["paths"][3]["segments"][0]["foods"] = ["Q"]
    with pytest.raises(ScenarioError) as err:
        forest.new_game(seed=1, catalogue=data)
    assert err.value.field == "options.catalogue.paths[3].segments[0].foods[0]"


@pytest.mark.rule("forest.place.rotation")
def test_turning_a_card_moves_its_edges_clockwise():
    cat = kit_catalogue()
    p13 = cat.card("P13")  # curve S-E: berry worm
    turned = [cat.turned[p13.index][q] for q in range(4)]
    assert [t.segments[0][:2] for t in turned] == [(2, 1), (3, 2), (0, 3), (1, 0)]
    fox = cat.card("A01")
    assert [cat.turned[fox.index][q].exit for q in range(4)] == [0, 1, 2, 3]
    assert cat.turned[fox.index][0].walk[0] == ((), DEN)
    assert {cat.turned[p13.index][q].exit for q in range(4)} == {-1}  # a path card has no stub


def test_a_card_is_its_printed_data_wherever_it_sits_in_a_catalogue():
    from savannah_kit.forest.data import AnimalCard, PathCard, Segment

    cat = kit_catalogue()
    assert AnimalCard("A01", "Fox", 2, 3, (0, 1, 2, 0), 0) == cat.card("A01") != cat.card("A02")
    assert PathCard("P13", "CURVE", (Segment(2, 1, (0, 1)),)) == cat.card("P13")


@pytest.mark.rule("forest.path.food-order")
def test_a_segment_entered_from_its_second_edge_gives_its_foods_reversed():
    cat = kit_catalogue()
    p10 = cat.turned[cat.card("P10").index][0]  # W-E: berry nut nut
    assert p10.walk[3] == ((0, 3, 3), 1)  # entering from W: berry, nut, nut, leaving E
    assert p10.walk[1] == ((3, 3, 0), 3)  # entering from E: nut, nut, berry, leaving W
    dead = cat.turned[cat.card("P34").index][0]  # W-X: berry worm
    assert dead.walk[3] == ((0, 1), DEAD_END) and dead.walk[1] is None


@pytest.mark.rule("forest.place.rotation")
def test_segments_of_a_turned_card_for_drawing():
    cat = kit_catalogue()
    assert cat.segments("P31", 0) == [("N", "E", ("egg", "egg")), ("S", "W", ("worm",))]
    assert cat.segments("P31", 90) == [("E", "S", ("egg", "egg")), ("W", "N", ("worm",))]
    assert cat.segments("P41", 180) == [("S", "W", ("worm",)), ("N", "X", ("berry",))]
    assert cat.segments("A01", 270) == [("W", "den", ())]
    assert cat.segments("P31") == cat.segments("P31", 0)  # unturned by default


def test_the_longest_names_and_paths_a_catalogue_may_hold():
    data = _data()
    data["animals"][2]["name"] = "F" * 40
    data["paths"][5]["segments"][0]["foods"] = ["B"] * 10
    cat = catalogue_from_data(data)
    assert cat.card("A03").name == "F" * 40 and len(cat.card("P06").segments[0].foods) == 10


def test_a_catalogue_holds_at_most_500_cards():
    data = _data()
    spare = data["paths"][0]
    data["paths"] += [dict(spare, id=f"X{i}") for i in range(500 - 64)]
    assert len(catalogue_from_data(data).cards) == 500
    data["paths"].append(dict(spare, id="X500"))
    with pytest.raises(DataError) as err:
        catalogue_from_data(data)
    assert (err.value.field, err.value.reason) == ("", "more than 500 cards")


def test_a_catalogue_file_holds_at_most_a_million_bytes(tmp_path):
    text = json.dumps(_data())
    path = tmp_path / "box.json"
    path.write_text(text + " " * (1_000_000 - len(text)), encoding="utf-8")
    assert len(load_catalogue(path).cards) == 64
    path.write_text(text + " " * (1_000_001 - len(text)), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_catalogue(path)
    assert (err.value.field, err.value.reason) == ("", "file too large: 1000001 bytes")


def test_the_shared_kit_cards_cannot_be_changed_by_accident():
    """Every game uses the one kit catalogue: its cards, segments and turned tables are frozen."""
    from dataclasses import FrozenInstanceError

    cat = kit_catalogue()
    fox, p13 = cat.card("A01"), cat.card("P13")
    for obj, attr in ((fox, "capacity"), (p13, "shape"), (p13.segments[0], "foods"),
                      (cat.turned[fox.index][0], "exit")):
        with pytest.raises(FrozenInstanceError):
            setattr(obj, attr, 9)
    assert fox.capacity == 3 and p13.shape == "CURVE"


@pytest.mark.parametrize("path, top, span", [
    (("tokens", "lair"), 1000, "0 and 1000"), (("tokens", "water"), 1000, "0 and 1000"),
    (("animals", 4, "points"), 20, "0 and 20"), (("animals", 4, "values", "nut"), 20, "0 and 20"),
    (("animals", 4, "capacity"), 50, "1 and 50"),
])
def test_every_catalogue_number_has_its_range(path, top, span):
    """The top of each range is accepted; one more is refused with the whole range in the message."""
    def with_value(value):
        data = _data()
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return data

    catalogue_from_data(with_value(top))
    with pytest.raises(DataError) as err:
        catalogue_from_data(with_value(top + 1))
    field = ".".join(str(k) for k in path).replace(".4.", "[4].")
    assert (err.value.field, err.value.reason) == (field, f"must be between {span}, not {top + 1}")
