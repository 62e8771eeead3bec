"""Bad input, saving, undo, copies, scenarios, views and the catalogue data."""

import json
import random

import pytest

from savannah_kit import circle
from savannah_kit.circle import Discard, LastDiscard, Play, catalogue_data, load_catalogue
from savannah_kit.core import DataError, IllegalMove, SaveFileError, ScenarioError

from circle_helpers import play, position


def played(seed=4, players=3, moves=15):
    g = circle.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        g.play(rng.choice(g.legal_moves()))
    return g


# -- bad input ---------------------------------------------------------------------------

@pytest.mark.rule("circle.hunt.reach", "circle.hunt.count")
def test_illegal_moves_leave_the_state_identical():
    g = position(["C35", "C47", "C41"], hands=[["C04", "C36", "C37"], ["C38", "C39", "C40"]],
                 draw=["C42", "C43"])
    snapshot = (g.to_json(), str(g), repr(g), g.view(), g.legal_moves())
    for bad in (play("C04", ["C35"]), play("C04", ["C47", "C41"]), Play("C04"), Discard("C04"),
                LastDiscard("C04"), play("C04", ["C99"])):
        with pytest.raises(IllegalMove):
            g.play(bad)
        assert (g.to_json(), str(g), repr(g), g.view(), g.legal_moves()) == snapshot
    g.play(play("C04", ["C47"]))
    with pytest.raises(IllegalMove) as err:  # Blue's turn now; the Hyena is in nobody's hand
        g.play(play("C10", []))
    assert err.value.rule_id == "circle.turn.steps"


@pytest.mark.rule("circle.setup.turn-order")
def test_explain_says_why_in_words():
    g = position(["C35", "C47"], hands=[["C04", "C36", "C37"], ["C38", "C39", "C40"]], draw=["C42"])
    assert g.explain(play("C04", ["C47"])).startswith("Legal: Red plays Leopard (C04)")
    assert g.explain(Play("C38")) == ("Not legal: Zebra (C38) is in Blue's hand, but it is Red's turn "
                                      "[circle.setup.turn-order]")
    assert g.explain(play("C04", [])).endswith("[circle.hunt.mandatory]")


@pytest.mark.rule("circle.setup.players")
@pytest.mark.parametrize("scenario, field", [
    ("not a dict", "scenario"),
    ({"savanna": []}, "scenario.savanna"),
    ({"savannah": ["Unicorn"]}, "scenario.savannah[0]"),
    ({"savannah": ["Zebra", {"card": "Lion", "token": 7}]}, "scenario.savannah[1].token"),
    ({"savannah": ["Zebra", "Zebra", "Lion@x"]}, "scenario.savannah[2]"),
    ({"savannah": ["C35", "C35"]}, "scenario.savannah[1]"),
    ({"savannah": ["Maasai", "Maasai"]}, "scenario.savannah[1]"),
    ({"hands": [["C01", "C02"], ["C03", "C04", "C05"]]}, "scenario.hands[0]"),
    ({"hands": [["C01", "C02", "C03"]]}, "scenario.hands"),
    ({"bonus": [0, -1]}, "scenario.bonus[1]"),
    ({"supply": [0, 100]}, "scenario.supply[1]"),
    ({"to_move": 2}, "scenario.to_move"),
    ({"savannah": [f"C{i:02d}@0" for i in range(1, 14)]}, "scenario.savannah"),
    ({"draw_pile": "C01"}, "scenario.draw_pile"),
])
def test_malformed_scenarios_name_the_field(scenario, field):
    with pytest.raises(ScenarioError) as err:
        circle.new_game(players=2, seed=0, scenario=scenario)
    assert err.value.field == field


@pytest.mark.rule("circle.setup.players")
def test_unknown_and_bad_options_are_refused():
    for options, field in (({"speed": 3}, "options.speed"), ({"tokens": -1}, "options.tokens")):
        with pytest.raises(ScenarioError) as err:
            circle.new_game(players=2, seed=0, **options)
        assert err.value.field == field


@pytest.mark.rule("circle.turn.steps")
def test_corrupt_save_files_name_the_field():
    g = played()
    data = json.loads(g.to_json())
    cases = [
        (dict(data, moves=data["moves"][:3] + [{"play": "C01", "actions": "x"}]), "moves[3].actions"),
        (dict(data, moves=data["moves"][:2] + [{"discard": 5}]), "moves[2].discard"),
        (dict(data, moves=[{"fly": "C01"}]), "moves[0]"),
        (dict(data, options=dict(data["options"], players=9)), "options.players"),
        (dict(data, game="forest"), "game"),
    ]
    bad_move = dict(data, moves=data["moves"][:5] + [{"last_discard": "C01"}])
    cases.append((bad_move, "moves[5]"))
    for envelope, field in cases:
        with pytest.raises(SaveFileError) as err:
            circle.from_json(json.dumps(envelope))
        assert err.value.field == field
    with pytest.raises(SaveFileError):
        circle.from_json("{not json")


# -- save, undo, copies, determinism -----------------------------------------------------------

@pytest.mark.rule("circle.turn.steps")
def test_save_and_load_round_trip():
    g = played(moves=20)
    text = g.to_json()
    h = circle.from_json(text)
    assert h.to_json() == text and str(h) == str(g) and h.view() == g.view() and h.log == g.log
    scenario_game = position(["C35@1", "C47"], hands=[["C04", "C36", "C37"], ["C38", "C39", "C40"]],
                             draw=["C42", "C43"])
    scenario_game.play(play("C04", ["C47"]))
    back = circle.from_json(scenario_game.to_json())
    assert str(back) == str(scenario_game)


@pytest.mark.rule("circle.turn.steps")
def test_undo_restores_the_exact_earlier_position():
    g = played(moves=10)
    before = (g.to_json(), str(g))
    move = g.legal_moves()[-1]
    g.play(move)
    assert g.undo() == move
    assert (g.to_json(), str(g)) == before


@pytest.mark.rule("circle.setup.savannah")
def test_same_seed_and_moves_give_the_same_game():
    a, b = played(seed=9, moves=25), played(seed=9, moves=25)
    assert a.to_json() == b.to_json() and str(a) == str(b) and a.log == b.log
    assert str(circle.new_game(players=2, seed=1)) != str(circle.new_game(players=2, seed=2))


@pytest.mark.rule("circle.turn.steps")
def test_copies_are_independent():
    g = played(moves=5)
    before = g.to_json(), str(g)
    c = g.copy()
    while not c.is_over:
        c.play(c.legal_moves()[0])
    assert (g.to_json(), str(g)) == before
    assert c.is_over and not g.is_over


# -- scenarios and views -------------------------------------------------------------------------

@pytest.mark.rule("circle.setup.hand")
def test_scenario_text_form_round_trips():
    text = ("savannah: Zebra, Lion@0, C20@1\n"
            "hand 0: Lion, Zebra, Impala\n"
            "hand 1: C10, Giraffe, Warthog\n"
            "kills 0: Gazelle\n"
            "kills 1:\n"
            "bonus 0: 0\n"
            "bonus 1: 2\n"
            "draw: Zebra, Hyena\n"
            "to move: 1\n")
    data = circle.scenario_from_text(text)
    assert data == {"savannah": ["Zebra", "Lion@0", "C20@1"], "hands": [["Lion", "Zebra", "Impala"],
                    ["C10", "Giraffe", "Warthog"]], "kill_piles": [["Gazelle"], []], "bonus": [0, 2],
                    "draw_pile": ["Zebra", "Hyena"], "to_move": 1}
    assert circle.scenario_to_text(data) == text
    g = circle.from_scenario(text)
    assert g.to_scenario()["savannah"] == ["C35", "C01@0", "C20@1"]
    assert g.to_scenario()["hands"] == [["C02", "C36", "C47"], ["C10", "C30", "C57"]]
    assert g.current_player == 1
    with pytest.raises(ScenarioError) as err:
        circle.scenario_from_text("savannah: Zebra\nhand 1: Lion\n")
    assert err.value.field == "line 2"


@pytest.mark.rule("circle.setup.hand")
def test_a_position_rebuilds_from_its_scenario():
    g = played(moves=12)
    again = circle.new_game(players=3, seed=0, scenario=g.to_scenario())
    assert str(again) == str(g)
    assert again.legal_moves() == g.legal_moves()
    text = circle.scenario_to_text(g.to_scenario())
    assert circle.scenario_from_text(text) == g.to_scenario()


@pytest.mark.rule("circle.setup.hand")
def test_a_player_sees_their_hand_and_the_public_table_only():
    g = played(moves=7)
    full = g.view()
    mine = g.view(1)
    assert mine["hand"] == full["hands"][1]
    assert "hands" not in mine and "draw_pile" not in mine
    assert mine["savannah"] == full["savannah"] and mine["kill_piles"] == full["kill_piles"]
    assert mine["hand_sizes"] == [3, 3, 3] and mine["draw_pile_size"] == len(full["draw_pile"])
    with pytest.raises(ScenarioError):
        g.view(3)


@pytest.mark.rule("circle.turn.steps")
def test_text_board_and_reprs_are_deterministic():
    g = position(["C35@1", "C01"], hands=[["C36", "C37", "C38"], ["C39", "C40", "C47"]], draw=["C42"])
    assert str(g) == "\n".join([
        "Circle of Life: 2 players, Red to move; draw pile 1, out of the game 0",
        "Savannah, left to right:",
        "   1. Zebra        C35  level 2  GRAZERS                    Blue",
        "   2. Lion         C01  level 5  CATS     predator Big-Five nobody",
        "Red    score   0  tokens 12  bonus 0  hand: Zebra (C36), Zebra (C37), Zebra (C38)",
        "       kill pile: -",
        "Blue   score   2  tokens 11  bonus 0  hand: Zebra (C39), Zebra (C40), Impala (C47)",
        "       kill pile: -",
    ])
    assert repr(g) == "<CircleGame players=2 seed=0 moves=0, player 0 to move>"
    assert repr(play("C01", ["C35"], ["C10", "C17"])) == "Play(C01 [C35] [C10 C17])"
    assert repr(play("C10", (1, ["C07"]))) == "Play(C10 #1[C07])"
    assert g.describe(play("C01", ["C35"], [])) == "Play Lion (C01): kill Zebra (C35); scare nothing"


@pytest.mark.rule("circle.turn.steps")
def test_moves_round_trip_through_data():
    for m in (play("C01", ["C35"], ["C10", "C17"]), play("C10", (1, ["C07"])), Discard("C05"),
              LastDiscard("C62"), Play("C40")):
        assert circle.move_from_data(json.loads(json.dumps(m.to_data()))) == m
    for junk in ([], {"play": "C01"}, {"play": "Lion", "actions": []}, {"play": "C01", "actions": [[0, "C35"]]},
                 {"play": "C01", "actions": [[True, []]]}):
        with pytest.raises(SaveFileError):
            circle.move_from_data(junk)


# -- the catalogue --------------------------------------------------------------------------------

@pytest.mark.rule("circle.setup.savannah")
def test_the_kit_catalogue():
    cat = load_catalogue()
    assert cat.size == 62 and len(cat.species) == 17
    assert sum(cat.level) == 146
    assert sum(cat.predator) == 19
    assert sum(1 for sp in cat.card_species if sp.big_five) == 16
    assert cat.ids[0] == "C01" and cat.ids[-1] == "C62" and cat.name[61] == "Maasai"
    assert cat.by_name["Hyena"].actions[0].text() == ("choose: kill 1 card of level 1 or less within reach 2 "
                                                      "OR scare 1 Cheetah within reach 2")
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
    (["species", 0, "actions", 0, "verb"], "eat", "species[0].actions[0].verb"),
    (["species", 0, "actions", 1, "count"], 0, "species[0].actions[1].count"),
    (["species", 0, "actions", 1, "filter", "species"], ["Unicorn"], "species[0].actions[1].filter.species[0]"),
    (["species", 1, "restriction", 0], {"forbid": {"colour": "red"}, "rightmost": 1},
     "species[1].restriction[0].forbid.colour"),
    (["species", 2, "restriction", 0], {"forbid": {}, "require": {}, "rightmost": 1}, "species[2].restriction[0]"),
    (["species", 4, "group"], "DOGS", "species[4].group"),
    (["species", 5, "level"], "1", "species[5].level"),
    (["species", 6, "hand_penalty"], KeyError, "species[6].hand_penalty"),
    (["species", 7, "name"], "Lion", "species[7].name"),
    (["species", 9, "lookout"], {"filter": {}, "reach": 3}, "species[9].lookout"),
    (["setup", "hand"], 0, "setup.hand"),
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
