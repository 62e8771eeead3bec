"""The Savernake Forest sandbox: cards on cells at any turn, tokens and the market as pure edits on
scenario data, and the widget driven from Python. Each edit gives data the game accepts and that
shows the edit; a bad edit is refused naming the field and changes nothing. (That the JSON and the
code line rebuild the position, and the sandbox buttons of every board, are tested for every game in
tests/conformance/test_sandbox_every_game.py.)"""

from __future__ import annotations

import copy

import pytest

from savannah_kit import forest
from savannah_kit.forest import sandbox as fs

from edit_helpers import refused


@pytest.fixture
def data():
    return forest.new_game(players=2, seed=1).to_scenario()



def card_at(data, seat, x, y):
    game = forest.from_scenario(data)
    return next((c for c in game.forest(seat).cards() if (c.x, c.y) == (x, y)), None)


def test_any_card_replaces_a_card_at_any_turn(data):
    before = copy.deepcopy(data)
    out = fs.place_card(data, 0, 0, 0, "A01", 270)
    assert data == before
    assert out["forests"][0] == "A01@0,0r270"
    old = data["forests"][0].split("@")[0]
    assert out["decks"]["animals"][-1] == old  # the card replaced goes to the bottom of its deck
    assert "A01" not in out["decks"]["animals"]
    placed = card_at(out, 0, 0, 0)
    assert placed is not None and forest.from_scenario(out).to_scenario() == out


def test_a_card_on_an_empty_cell_is_a_pick_of_this_round(data):
    # the market must have a place taken before a forest can be one card ahead
    err = refused(fs.place_card, data, 0, 1, 0, "P16", 90, field="scenario.market")
    assert "taken" in err.reason
    emptied = fs.set_market(data, "goat", None)
    assert emptied["market"]["goat"] is None
    assert emptied["decks"]["paths"][-1] == data["market"]["goat"]
    out = fs.place_card(emptied, 0, 1, 0, "P16", 90)
    assert out["forests"][0].endswith("P16@1,0r90")
    assert out["picks_done"] == 1 and out["round_start"] == 0
    game = forest.from_scenario(out)
    assert game.current_player == 1  # seat 0 has picked this round
    back = fs.remove_card(out, 0, 1, 0)
    assert back["picks_done"] == 0 and back["forests"][0] == data["forests"][0]


def test_cards_used_elsewhere_or_unknown_are_refused(data):
    used = data["market"]["rooster"]
    err = refused(fs.place_card, data, 0, 0, 0, used, field="scenario.forests[0].card")
    assert "scenario.market.rooster" in err.reason
    refused(fs.place_card, data, 0, 0, 0, "Z99", field="scenario.forests[0].card")
    refused(fs.place_card, data, 0, 0, 0, "A01", 45, field="scenario.forests[0].rotation")
    refused(fs.place_card, data, 5, 0, 0, "A01", field="scenario.forests")
    refused(fs.set_market, data, "rabbit", "P01", field="scenario.market.rabbit")  # the rabbit holds an animal
    refused(fs.set_market, data, "owl", None, field="scenario.market.owl")


def test_a_card_far_from_the_forest_is_refused(data):
    emptied = fs.set_market(data, "goat", None)
    err = refused(fs.place_card, emptied, 0, 3, 3, "P16", field="scenario.forests[0]")
    assert "not connected" in err.reason


def test_turning_a_card(data):
    out = fs.rotate_card(data, 1, 0, 0)
    assert out["forests"][1].endswith("r90")
    assert fs.rotate_card(out, 1, 0, 0, 3)["forests"][1] == data["forests"][1]
    refused(fs.rotate_card, data, 1, 2, 2, field="scenario.forests[1]")


def test_lair_tokens_and_water_drops(data):
    out = fs.set_lairs(data, 0, 0, 0, 2)
    assert "[lair=2]" in out["forests"][0]
    assert forest.from_scenario(out).forest(0).lair_tokens[(0, 0)] == 2
    out = fs.toggle_water(out, 0, 0, 0, "egg")
    assert "water=egg" in out["forests"][0]
    assert "water" not in fs.toggle_water(out, 0, 0, 0, "egg")["forests"][0]
    refused(fs.toggle_water, out, 0, 0, 0, "honey", field="scenario.forests[0].water")
    refused(fs.set_lairs, out, 0, 0, 0, -1, field="scenario.forests[0].lairs")
    refused(fs.set_lairs, data, 0, 0, 0, 999, field="scenario.forests")  # more than the supply holds


def test_moving_a_lair_token_between_animals(data):
    emptied = fs.set_market(data, "goat", None)
    two = fs.place_card(emptied, 0, 1, 0, "A01")
    two = fs.set_lairs(two, 0, 0, 0, 1)
    out = fs.move_lair(two, 0, (0, 0), (1, 0))
    assert "[lair" not in out["forests"][0].split()[0] and "A01@1,0r0[lair=1]" in out["forests"][0]
    refused(fs.move_lair, out, 0, (0, 0), (1, 0), field="scenario.forests[0].lairs")  # none left there


# -- the widget ----------------------------------------------------------------------------------

def test_the_sandbox_places_and_turns_cards_by_clicks():
    sb = forest.new_game(players=2, seed=1).sandbox(play=False)
    sb.editor.card_pick.value = "P16"
    sb.click_hit("cell:1:1:0")
    assert sb.status.refused and "scenario.market" in sb.status.text and "Traceback" not in sb.status.text
    sb.tool = "market"
    sb.editor.empty_pick.value = True
    sb.click_hit("market:goat")
    assert sb.scenario["market"]["goat"] is None
    sb.tool = "cards"
    sb._key("r", False)
    assert sb.editor.rotation == 90 and "90°" in sb.status.text
    sb.click_hit("cell:1:1:0")
    assert sb.scenario["forests"][1].endswith("P16@1,0r90")
    sb.tool = "turn"
    sb.click_hit("card:1:1:0")
    assert sb.scenario["forests"][1].endswith("P16@1,0r180")
    sb.tool = "remove"
    sb.click_hit("card:1:1:0")
    assert "P16" not in sb.scenario["forests"][1]
    assert sb.undo() and "P16@1,0r180" in sb.scenario["forests"][1]


def test_tokens_by_clicks_move_and_come_off():
    sb = forest.new_game(players=2, seed=1).sandbox(play=False)
    sb.tool = "tokens"
    sb.click_hit("animal:0:0:0")
    assert "[lair=1]" in sb.scenario["forests"][0]
    sb.click_hit("corner:0:0:0:worm")
    assert "water=worm" in sb.scenario["forests"][0]
    sb.click_hit("animal:0:0:0")  # an animal with a token: chosen, to move it
    assert sb.selected == "animal:0:0:0"
    sb.editor.btn_fewer.click()
    assert "lair" not in sb.scenario["forests"][0]
