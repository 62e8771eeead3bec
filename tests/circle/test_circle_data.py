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
    # K17: the Hyena's kill branch now reaches level 3 (it was level 1)
    assert cat.by_name["Hyena"].actions[0].text() == ("choose: kill 1 card of level 3 or less within reach 2 "
                                                      "OR scare 1 Cheetah within reach 2")
    assert cat.by_name["Lion"].restriction[0].text() == "no predator as the rightmost card"
    assert cat.by_name["Lion"].restriction[1].text() == "at least one non-predator among the rightmost 3 cards"


@pytest.mark.rule("circle.hunt.count", "circle.hunt.filter", "circle.end.big-five")
def test_the_revised_species_rows_of_kit_ruling_k17():
    """GAMES.md 2.2.2 as revised: every hunting action of the kit cards, in words."""
    cat = load_catalogue()
    actions = {sp.name: [a.text() for a in sp.actions] for sp in cat.species if sp.actions}
    assert actions == {
        "Lion": ["kill 2 cards of level 5 or less within reach 3", "scare all Hyenas and Jackals within reach 2"],
        "Leopard": ["kill 2 cards of level 5 or less within reach 3"],
        "Cheetah": ["kill 1 Gazelle or Impala within reach 4"],
        "Hyena": ["choose: kill 1 card of level 3 or less within reach 2 OR scare 1 Cheetah within reach 2"],
        "Wild dog": ["kill 1 card of level 3 or less within reach 2"],
        "Jackal": ["kill 1 card of level 1 or less within reach 1"],
        "Elephant": ["scare all predators within reach 2"],
        "Rhinoceros": ["scare 1 card except Elephant within reach 2"],
        "Buffalo": ["scare 1 predator of level 3 or less within reach 1"],
        "Hippopotamus": ["scare 1 card within reach 1"],
        "Warthog": ["scare 1 Jackal within reach 1"],
        "Maasai": ["scare all predators within reach 3"],
    }
    # placement conditions read right in the singular and the plural
    assert [c.text() for c in cat.by_name["Cheetah"].restriction] == ["no predator as the rightmost card",
                                                                      "no Lion among the rightmost 2 cards"]
    assert cat.by_name["Maasai"].restriction[0].text() == "at least one predator among the rightmost 3 cards"
    assert cat.setup["tokens"] is None  # K16: tokens never run out by default
    assert "K17" in cat.raw["note"] and "assumption" in cat.raw["note"]


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
    (["species", 0, "actions", 1, "filter", "species"], [], "species[0].actions[1].filter.species"),
    (["species", 0, "actions", 1, "filter", "species"], "Hyena", "species[0].actions[1].filter.species"),
    (["species", 0, "actions", 0, "filter", "group"], [], "species[0].actions[0].filter.group"),
    (["groups"], {}, "groups"),
    (["groups"], "CATS", "groups"),
    (["species"], [], "species"),
    (["species"], "Lion", "species"),
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


@pytest.mark.rule("circle.hunt.filter")
@pytest.mark.parametrize("path, value, field, span", [
    (["setup", "savannah"], 21, "setup.savannah", "1-20"),
    (["setup", "hand"], 11, "setup.hand", "1-10"),
    (["setup", "tokens"], 100, "setup.tokens", "0-99"),
    (["setup", "big_five_bonus"], 1000, "setup.big_five_bonus", "0-999"),
    (["species", 11, "copies"], 21, "species[11].copies", "1-20"),
    (["species", 11, "level"], 10, "species[11].level", "0-9"),
    (["species", 11, "hand_penalty"], 21, "species[11].hand_penalty", "0-20"),
    (["species", 16, "rightmost_penalty"], 100, "species[16].rightmost_penalty", "0-99"),
    (["species", 1, "actions", 0, "count"], 7, "species[1].actions[0].count", "1-6"),
    (["species", 1, "actions", 0, "reach"], 7, "species[1].actions[0].reach", "1-6"),
    (["species", 1, "actions", 0, "filter", "level_max"], 10, "species[1].actions[0].filter.level_max", "0-9"),
    (["species", 1, "actions", 0, "filter", "level_min"], 10, "species[1].actions[0].filter.level_min", "0-9"),
    (["species", 1, "restriction", 0, "rightmost"], 7, "species[1].restriction[0].rightmost", "1-6"),
    (["species", 9, "lookout", "reach"], 7, "species[9].lookout.reach", "1-6"),
    (["species", 9, "lookout", "max"], 10, "species[9].lookout.max", "1-9"),
])
def test_every_catalogue_number_has_its_range(path, value, field, span):
    """One past the top is refused with the whole range in the message; the top itself is accepted."""
    with pytest.raises(DataError) as err:
        load_catalogue(_edit(path, value))
    assert (err.value.field, err.value.reason) == (field, f"must be a whole number {span}, not {value}")
    if path[-1] == "level_min":
        path, value = path[:-1], {"level_min": value - 1, "level_max": value - 1}
    else:
        value -= 1
    load_catalogue(_edit(path, value))


@pytest.mark.rule("circle.hunt.filter")
def test_a_choose_action_has_two_to_four_branches():
    branch = {"verb": "kill", "count": 1, "filter": {}, "reach": 1}
    load_catalogue(_edit(["species", 3, "actions", 0, "choose"], [branch] * 4))
    with pytest.raises(DataError) as err:
        load_catalogue(_edit(["species", 3, "actions", 0, "choose"], [branch] * 5))
    assert (err.value.field, err.value.reason) == ("species[3].actions[0].choose", "must be a list of 2-4 actions")


def _zebra_hunting(*filters):
    """The kit catalogue whose Zebra kills one card within 2 for each of ``filters``, top to bottom."""
    data = catalogue_data()
    data["species"][11]["actions"] = [{"verb": "kill", "count": 1, "filter": f, "reach": 2} for f in filters]
    return data


@pytest.mark.rule("circle.hunt.filter")
@pytest.mark.parametrize("flt, text", [
    ({"big_five": True}, "kill 1 Big Five card within reach 2"),
    ({"big_five": False}, "kill 1 non-Big-Five card within reach 2"),
    ({"group": ["GIANTS", "CATS"]}, "kill 1 CATS or GIANTS card within reach 2"),
    ({"predator": False, "level_min": 1, "level_max": 3}, "kill 1 non-predator of level 1-3 within reach 2"),
    ({"level_min": 4}, "kill 1 card of level 4 or more within reach 2"),
    ({"not_species": ["Lion", "Hyena"]}, "kill 1 card except Hyena or Lion within reach 2"),
])
def test_an_action_reads_its_filter_in_words(flt, text):
    assert load_catalogue(_zebra_hunting(flt)).by_name["Zebra"].actions[0].text() == text


@pytest.mark.rule("circle.hunt.filter")
@pytest.mark.parametrize("flt, targets", [
    ({"big_five": True}, ["C20"]), ({"big_five": False}, ["C30"]), ({"level_min": 4}, ["C20"]),
    ({"level_min": 3}, ["C20", "C30"]), ({"level_max": 3}, ["C30"])])
def test_a_filter_picks_only_the_matching_cards(flt, targets):
    # Elephant (level 5, Big Five) and Giraffe (level 3) within reach; the Lion three cards away is out of reach
    g = circle.new_game(players=2, seed=0, catalogue=_zebra_hunting(flt), scenario={
        "savannah": ["C01", "C20", "C30"], "hands": [["C35", "C36", "C37"], ["C38", "C39", "C40"]],
        "draw_pile": ["C41"]})
    assert sorted((m for m in g.legal_moves() if m.card == "C35"), key=repr) == [play("C35", [t]) for t in targets]


@pytest.mark.rule("circle.turn.steps")
def test_move_data_sizes_are_checked():
    """At most 4 actions, each a [branch 0-3, at most 10 targets] pair."""
    targets = [f"C{i:02d}" for i in range(1, 11)]
    move = circle.move_from_data({"play": "C01", "actions": [[3, targets]] * 4})
    assert move.actions == ((3, tuple(targets)),) * 4
    for junk, field, reason in (
            ({"play": "C01", "actions": [[0, []]] * 5}, "actions", "must be a list of at most 4 [branch, targets] pairs"),
            ({"play": "C01", "actions": [[0]]}, "actions[0]", "must be a [branch, targets] pair"),
            ({"play": "C01", "actions": [[0, [], []]]}, "actions[0]", "must be a [branch, targets] pair"),
            ({"play": "C01", "actions": [[4, []]]}, "actions[0][0]", "the branch must be a whole number 0-3, not 4"),
            ({"play": "C01", "actions": [[0, targets + ["C11"]]]}, "actions[0][1]", "must be a list of card ids")):
        with pytest.raises(SaveFileError) as err:
            circle.move_from_data(junk)
        assert (err.value.field, err.value.reason) == (field, reason)


@pytest.mark.rule("circle.setup.savannah")
@pytest.mark.parametrize("colour", ["", 5, None])
def test_a_group_needs_a_colour(colour):
    with pytest.raises(DataError) as err:
        load_catalogue(_edit(["groups", "CATS"], colour))
    assert (err.value.field, err.value.reason) == ("groups.CATS", "the colour must be a non-empty text")


@pytest.mark.rule("circle.setup.savannah")
def test_the_shared_kit_catalogue_cannot_be_changed_by_accident():
    """Every game uses the one kit catalogue: its species, actions, filters and conditions are frozen."""
    from dataclasses import FrozenInstanceError

    cat = load_catalogue()
    lion, hyena, giraffe = cat.by_name["Lion"], cat.by_name["Hyena"], cat.by_name["Giraffe"]
    for obj, attr in ((lion, "level"), (lion.actions[0], "reach"), (lion.actions[0].filter, "level_max"),
                      (lion.restriction[0], "rightmost"), (hyena.actions[0], "branches"), (giraffe.lookout, "max")):
        with pytest.raises(FrozenInstanceError):
            setattr(obj, attr, 9)
    assert lion.level == 5 and giraffe.lookout.max == 3
