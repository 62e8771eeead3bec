"""The inputs that once reached internal errors or corrupted a game, kept as tests:
each must be refused with a named rule or field, and change nothing."""

import dataclasses
import json

import pytest

from savannah_kit import circle, forest, tails
from savannah_kit.core import IllegalMove, SaveFileError, ScenarioError


def refused(game, move):
    before = game.to_json()
    with pytest.raises(IllegalMove) as err:
        game.play(move)
    assert err.value.rule_id and err.value.reason
    assert game.to_json() == before
    assert game.explain(move).startswith("Not legal: ")
    assert game.to_json() == before
    return err.value


def test_tails_moves_with_wrong_field_types():
    g = tails.new_game(players=2, seed=1)
    m = g.legal_moves()[0]
    assert "Move.arm must be a tuple of text" in refused(g, tails.Move(card=m.card, to=m.to, arm=None)).reason
    assert "'zzz' is not one of" in refused(g, tails.Move(card=m.card, to=m.to, arm=("zzz",))).reason
    assert "Move.card must be text" in refused(g, tails.Move(card=["red-2"], to=m.to)).reason
    assert "Move.to must be text" in refused(g, tails.Move(card=m.card, to=[m.to])).reason
    for player in ("1", 1.0, False):
        assert "Move.player must be a whole number" in refused(g, tails.Move(card=m.card, to=m.to,
                                                                             player=player)).reason


def test_crazy_wings_with_a_lane_that_is_not_a_colour():
    hand = ["red-2", "blue-3", "yellow-4", "black-5"]
    g = tails.from_scenario({"ostriches": [{"hand": hand, "bonuses": {"crazy-wings": "active"}},
                                           {"hand": ["red-3", "blue-4", "yellow-5", "black-6"]}]})
    wings = [m for m in g.legal_moves() if m.card == "crazy-wings"]
    assert wings
    assert "Move.lane must be text" in refused(g, dataclasses.replace(wings[0], lane=-1)).reason
    err = refused(g, dataclasses.replace(wings[0], lane="green"))
    assert err.rule_id == "tails.bonus.crazy-wings" and "'green' is not a lane colour" in err.reason


def test_forest_and_circle_moves_with_float_or_bool_fields():
    assert "Take.player must be a whole number, not 1.0" in refused(forest.new_game(players=2, seed=1),
                                                                   forest.Take(1.0, "rabbit")).reason
    err = refused(circle.new_game(players=2, seed=1), circle.Play("C29", ((0.0, ()),)))
    assert "Play.actions must be" in err.reason and err.rule_id == "circle.turn.steps"


def test_look_alikes_of_legal_moves_are_refused():
    g = forest.new_game(players=2, seed=1)
    take = g.legal_moves()[0]
    assert take.player in (0, 1)
    refused(g, forest.Take(bool(take.player), take.slot))
    g.play(take)
    place = g.legal_moves()[0]
    refused(g, forest.Place(place.player, float(place.x), place.y, place.rotation))
    t = tails.new_game(players=2, seed=1)
    refused(t, dataclasses.replace(t.legal_moves()[0], player=False))
    c = circle.new_game(players=2, seed=1)
    for m in c.legal_moves():
        if isinstance(m, circle.Play) and m.actions:
            refused(c, circle.Play(m.card, tuple((bool(b) if b in (0, 1) else float(b), t) for b, t in m.actions)))
            break
    else:
        pytest.fail("no play with an action in this position")
    for game, module in ((g, forest), (t, tails), (c, circle)):  # every save still loads
        assert module.from_json(game.to_json()).to_json() == game.to_json()


def test_an_edited_move_plays_the_engines_own_move():
    g = tails.from_scenario({"ostriches": [{"space": "T01:blue:1", "hand": ["red-4", "red-6", "blue-2", "black-3"]},
                                           {"hand": ["red-3", "blue-4", "yellow-5", "black-6"]}]})
    one = next(m for m in g.legal_moves() if m.kind == "one-space" and m.card == "red-4")
    edited = dataclasses.replace(one, card="red-6")  # keeps the red-4 move's route and plan
    assert g.is_legal(edited)
    g.play(edited)
    data = g.to_scenario()["ostriches"][0]
    assert data["discard"][0] == "red-6" and "red-4" in data["hand"] and "red-6" not in data["hand"]
    assert json.loads(g.to_json())["moves"][0]["card"] == "red-6"
    assert tails.from_json(g.to_json()).to_json() == g.to_json()


def test_a_huge_number_in_a_save_file_names_its_field():
    g = forest.new_game(players=2, seed=1)
    text = g.to_json().replace('"seed":1', '"seed":' + "9" * 4500)
    with pytest.raises(SaveFileError) as err:
        forest.from_json(text)
    assert err.value.field == "seed" and "4500 digits" in err.value.reason


@pytest.mark.parametrize("change,field", [
    (lambda sc: sc.update(turn_order=["1", 0]), "scenario.turn_order"),
    (lambda sc: sc["ostriches"][0]["hand"].append(["red-2"]), "scenario.ostriches[0].hand[4]"),
    (lambda sc: sc["ostriches"][1].update(deck=[["red-2"]]), "scenario.ostriches[1].deck[0]"),
    (lambda sc: sc["ostriches"][0].update(discard=[["red-2"]]), "scenario.ostriches[0].discard[0]"),
    (lambda sc: sc["ostriches"][0].update(space=["start"]), "scenario.ostriches[0].space"),
    (lambda sc: sc["ostriches"][0].update(bonuses={"boinnnggg": ["active"]}),
     "scenario.ostriches[0].bonuses.boinnnggg"),
])
def test_tails_scenarios_with_wrong_types_name_the_exact_field(change, field):
    sc = tails.new_game(players=2, seed=1).to_scenario()
    change(sc)
    with pytest.raises(ScenarioError) as err:
        tails.from_scenario(sc)
    assert err.value.field == field
    envelope = {"game": "tails", "format_version": 1, "options": {"players": 2}, "seed": 0, "moves": [],
                "scenario": sc}
    with pytest.raises(SaveFileError) as err:
        tails.from_json(json.dumps(envelope))
    assert err.value.field == field


def test_bad_component_data_names_the_item_and_field():
    option, tiles = tails.component_data()
    tile = next(i for i, t in enumerate(tiles["tiles"]) if t["hard"].get("features"))
    tiles["tiles"][tile]["hard"]["features"][0]["lane"] = {}
    with pytest.raises(ScenarioError) as err:
        tails.new_game(players=2, **{option: tiles})
    assert err.value.field == f"options.tiles.tiles[{tile}].hard.features[0].lane"
    option, cards = forest.component_data()
    cards["paths"][0]["segments"][0]["foods"] = [[]]
    with pytest.raises(ScenarioError) as err:
        forest.new_game(players=2, **{option: cards})
    assert err.value.field == "options.catalogue.paths[0].segments[0].foods[0]"


@pytest.mark.parametrize("module", [tails, circle, forest])
def test_negative_seeds_are_refused_not_aliased(module):
    with pytest.raises(ScenarioError) as err:
        module.new_game(players=2, seed=-7)
    assert err.value.field == "seed" and "0 or more" in err.value.reason
    assert module.new_game(players=2, seed=7).to_json() != module.new_game(players=2, seed=8).to_json()
