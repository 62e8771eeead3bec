"""The card catalogue as data (the kit's, malformed ones, another box), and moves and save files as data."""

import json

import pytest

from savannah_kit import circle
from savannah_kit.circle import Discard, LastDiscard, Play, catalogue_data, load_catalogue
from savannah_kit.core import DataError, SaveFileError

from circle_helpers import KIT_CARDS, play, played

KIT_SPECIES = 17


# -- the catalogue --------------------------------------------------------------------------------

@pytest.mark.rule("circle.setup.savannah")
def test_the_kit_catalogue():
    cat = load_catalogue()
    assert cat.size == KIT_CARDS and len(cat.species) == KIT_SPECIES
    assert sum(cat.level) == 146
    assert sum(cat.predator) == 19
    assert sum(1 for sp in cat.card_species if sp.big_five) == 16
    assert cat.ids[0] == "C01" and cat.ids[-1] == "C62" and cat.name[61] == "Maasai"
    assert cat.by_name["Hyena"].actions[0].text() == ("choose: kill 1 card of level 1 or less within reach 2 "
                                                      "OR scare 1 Cheetah within reach 2")
    assert cat.by_name["Lion"].restriction[0].text() == "no predator as the rightmost card"
    assert cat.by_name["Lion"].restriction[1].text() == "at least one non-predator among the rightmost 3 cards"


def _edit(path, value):
    data = catalogue_data()
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.rule("circle.hunt.filter")
@pytest.mark.parametrize("path, value, field", [
    (["species", 3, "actions", 0], {"verb": "kill", "count": 1, "filter": {}, "reach": 9},
     "species[3].actions[0].reach"),
    (["species", 3, "actions", 0, "choose"], [{"verb": "kill", "count": 1, "filter": {}, "reach": 1}],
     "species[3].actions[0].choose"),
    (["species", 0, "actions", 0, "verb"], "eat", "species[0].actions[0].verb"),
    (["species", 0, "actions", 1, "count"], 0, "species[0].actions[1].count"),
    (["species", 0, "actions", 1, "filter", "species"], ["Unicorn"], "species[0].actions[1].filter.species[0]"),
    (["species", 0, "actions"], [{"verb": "scare", "count": 1, "filter": {}, "reach": 1}] * 5,
     "species[0].actions"),
    (["species", 1, "restriction", 0], {"forbid": {"colour": "red"}, "rightmost": 1},
     "species[1].restriction[0].forbid.colour"),
    (["species", 2, "restriction", 0], {"forbid": {}, "require": {}, "rightmost": 1}, "species[2].restriction[0]"),
    (["species", 4, "group"], "DOGS", "species[4].group"),
    (["species", 5, "level"], "1", "species[5].level"),
    (["species", 6, "hand_penalty"], KeyError, "species[6].hand_penalty"),
    (["species", 7, "name"], "Lion", "species[7].name"),
    (["species", 9, "lookout"], {"filter": {}, "reach": 3}, "species[9].lookout"),
    (["species", 9, "lookout"], {"filter": {}, "reach": 3, "max": 0}, "species[9].lookout.max"),
    (["setup", "hand"], 0, "setup.hand"),
    (["setup", "deal"], 3, "setup.deal"),
    (["groups", "cats"], "red", "groups.cats"),
    (["title"], " ", "title"),
])
def test_a_malformed_catalogue_names_the_card_and_field(path, value, field):
    with pytest.raises(DataError) as err:
        load_catalogue(_edit(path, value))
    assert err.value.field == field


@pytest.mark.rule("circle.hunt.filter")
def test_another_catalogue_plays_by_its_own_cards(tmp_path):
    data = catalogue_data()
    data["species"][11]["actions"] = [{"verb": "kill", "count": 1, "filter": {"species": ["Impala"]}, "reach": 1}]
    path = tmp_path / "box.json"
    path.write_text(json.dumps(data))
    assert load_catalogue(path).by_name["Zebra"].actions[0].verb == "kill"
    g = circle.new_game(players=2, seed=0, catalogue=data, scenario={
        "savannah": ["C47"], "hands": [["C35", "C36", "C37"], ["C38", "C39", "C40"]], "draw_pile": ["C41"]})
    assert g.legal_moves()[0] == play("C35", ["C47"])
    assert circle.from_json(g.to_json()).legal_moves() == g.legal_moves()
    with pytest.raises(DataError):
        load_catalogue(tmp_path / "missing.json")


# -- moves and save files ---------------------------------------------------------------------------

@pytest.mark.rule("circle.turn.steps")
def test_moves_round_trip_through_data():
    for m in (play("C01", ["C35"], ["C10", "C17"]), play("C10", (1, ["C07"])), Discard("C05"),
              LastDiscard("C62"), Play("C40")):
        assert circle.move_from_data(json.loads(json.dumps(m.to_data()))) == m
    for junk, field in (([], ""), ({"play": "C01"}, ""), ({"play": "Lion", "actions": []}, "play"),
                        ({"play": "C01", "actions": [[0, "C35"]]}, "actions[0][1]"),
                        ({"play": "C01", "actions": [[True, []]]}, "actions[0][0]"),
                        ({"play": "C01", "actions": [[0, ["C35", 7]]]}, "actions[0][1][1]")):
        with pytest.raises(SaveFileError) as err:
            circle.move_from_data(junk)
        assert err.value.field == field


@pytest.mark.rule("circle.turn.steps")
def test_corrupt_save_files_name_the_field():
    data = json.loads(played().to_json())
    cases = [
        (dict(data, moves=data["moves"][:3] + [{"play": "C01", "actions": "x"}]), "moves[3].actions"),
        (dict(data, moves=data["moves"][:2] + [{"discard": 5}]), "moves[2].discard"),
        (dict(data, moves=[{"fly": "C01"}]), "moves[0]"),
        (dict(data, options=dict(data["options"], players=9)), "options.players"),
        (dict(data, game="forest"), "game"),
        (dict(data, moves=data["moves"][:5] + [{"last_discard": "C01"}]), "moves[5]"),
    ]
    for envelope, field in cases:
        with pytest.raises(SaveFileError) as err:
            circle.from_json(json.dumps(envelope))
        assert err.value.field == field
    with pytest.raises(SaveFileError):
        circle.from_json("{not json")
