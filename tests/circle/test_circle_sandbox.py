"""The Circle of Life sandbox: the savannah row, tokens, hands, kill piles and the turn as pure edits
on scenario data, and the widget driven from Python. Each edit gives data the game accepts and that
shows the edit; a bad edit is refused naming the field and changes nothing. (That the JSON and the
code line rebuild the position, and the sandbox buttons of every board, are tested for every game in
tests/conformance/test_sandbox_every_game.py.)"""

from __future__ import annotations

import copy

import pytest

from savannah_kit import circle
from savannah_kit.circle import sandbox as cs

from edit_helpers import refused


@pytest.fixture
def data():
    return circle.new_game(players=2, seed=1).to_scenario()



def cards_everywhere(d):
    named = [e.partition("@")[0] for e in d["savannah"]] + [c for h in d["hands"] for c in h]
    return named + [c for k in d["kill_piles"] for c in k] + d["draw_pile"] + d["out"]


def test_a_card_added_at_the_right_end_comes_from_the_draw_pile(data):
    before = copy.deepcopy(data)
    out = cs.add_to_savannah(data, "Lion")
    assert data == before
    assert out["savannah"][:-1] == data["savannah"] and out["savannah"][-1] == "C01"
    assert "C01" not in out["draw_pile"] and len(out["draw_pile"]) == len(data["draw_pile"]) - 1
    game = circle.from_scenario(out)
    assert game.catalogue.ids[game.state.row[-1]] == "C01"
    assert len(set(cards_everywhere(out))) == len(cards_everywhere(out))  # each card once


def test_cards_on_the_table_or_not_in_the_catalogue_are_refused(data):
    first = data["savannah"][0]
    err = refused(cs.add_to_savannah, data, first, field=f"scenario.savannah[{len(data['savannah'])}]")
    assert "scenario.savannah[0]" in err.reason
    refused(cs.add_to_savannah, data, "Unicorn", field=f"scenario.savannah[{len(data['savannah'])}]")
    hand_card = data["hands"][1][0]
    refused(cs.add_to_kills, data, 0, hand_card, field="scenario.kill_piles[0][0]")


def test_no_species_left_is_refused(data):
    out = data
    for _ in range(3):  # three Lions in the catalogue
        out = cs.add_to_kills(out, 0, "Lion")
    refused(cs.add_to_savannah, out, "Lion", field=f"scenario.savannah[{len(out['savannah'])}]")


def test_removing_a_savannah_card_sends_it_to_the_box(data):
    out = cs.remove_from_savannah(data, 0)
    assert out["savannah"] == data["savannah"][1:]
    assert data["savannah"][0] not in cards_everywhere(out)
    refused(cs.remove_from_savannah, data, 99, field="scenario.savannah")


def test_tokens_on_savannah_cards(data):
    out = cs.set_token(data, 1, 1)
    assert out["savannah"][1] == data["savannah"][1] + "@1"
    assert circle.from_scenario(out).state.owners[1] == 1
    assert cs.set_token(out, 1, None)["savannah"][1] == data["savannah"][1]
    refused(cs.set_token, data, 0, 5, field="scenario.savannah[0].token")


def test_counted_tokens_come_out_of_the_supply():
    game = circle.new_game(players=2, seed=1, tokens=1)
    d = game.to_scenario()
    out = cs.set_token(d, 0, 0, tokens=1)
    assert out["supply"] == [0, 1]
    refused(cs.set_token, out, 1, 0, field="scenario.supply[0]", tokens=1)  # no token left
    assert cs.remove_from_savannah(out, 0, tokens=1)["supply"] == [1, 1]


def test_hands_keep_their_size(data):
    out = cs.replace_in_hand(data, 0, 1, "Zebra")
    assert out["hands"][0][0] == data["hands"][0][0] and out["hands"][0][1] != data["hands"][0][1]
    assert circle.from_scenario(out).catalogue.name[circle.from_scenario(out).state.hands[0][1]] == "Zebra"
    whole = cs.set_hand(data, 1, ["Lion", "Leopard", "Zebra"])
    assert [circle.from_scenario(whole).catalogue.name[c] for c in circle.from_scenario(whole).state.hands[1]] == \
        ["Lion", "Leopard", "Zebra"]
    refused(cs.set_hand, data, 1, ["Lion", "Zebra"], field="scenario.hands[1]")  # a hand holds 3 cards
    refused(cs.replace_in_hand, data, 0, 7, "Zebra", field="scenario.hands[0]")


def test_kill_piles(data):
    out = cs.add_to_kills(data, 1, "Gazelle")
    card = out["kill_piles"][1][0]
    assert circle.from_scenario(out).catalogue.name[circle.from_scenario(out).state.kill_piles[1][0]] == "Gazelle"
    assert cs.remove_from_kills(out, 1, card)["kill_piles"][1] == []
    refused(cs.remove_from_kills, out, 0, card, field="scenario.kill_piles[0]")


def test_whose_turn(data):
    assert circle.from_scenario(cs.set_turn(data, 1)).current_player == 1
    refused(cs.set_turn, data, 2, field="scenario.to_move")


# -- the widget ----------------------------------------------------------------------------------

def test_the_sandbox_composes_the_savannah_by_clicks():
    sb = circle.new_game(players=2, seed=1).sandbox(play=False)
    first = sb.scenario["savannah"][0]
    sb.click_hit(f"card:{first}")
    assert first not in sb.scenario["savannah"]
    sb.editor.card_pick.value = "Hippo" if "Hippo" in [v for _l, v in sb.editor.card_pick.options] else "Lion"
    sb.click_hit("savannah:new")
    assert circle.from_scenario(sb.scenario).catalogue.name[sb.view.state.row[-1]] == sb.editor.card_pick.value
    sb.tool = "tokens"
    sb.editor.seat_pick.value = 1
    second = sb.scenario["savannah"][0]
    sb.click_hit(f"card:{second}")
    assert sb.scenario["savannah"][0] == f"{second}@1"
    sb.click_hit(f"card:{second}")
    assert sb.scenario["savannah"][0] == second
    sb.tool = "hands"
    old = sb.scenario["hands"][0][0]
    sb.editor.card_pick.value = first  # the card taken off earlier is in the box: free
    sb.click_hit(f"hand:{old}")
    assert sb.scenario["hands"][0][0] == first
    sb.editor.card_pick.value = sb.scenario["hands"][1][0]
    before = sb.scenario
    sb.click_hit(f"hand:{sb.scenario['hands'][0][1]}")
    assert sb.scenario == before and sb.status.refused and "scenario.hands[0][1]" in sb.status.text


def test_kill_piles_and_the_turn_from_the_palette():
    sb = circle.new_game(players=2, seed=1).sandbox(play=False)
    sb.tool = "kills"
    sb.editor.seat_pick.value = 1
    sb.editor.card_pick.value = "Lion"
    sb.editor.btn_kill.click()
    assert sb.scenario["kill_piles"][1] == ["C01"] and sb.editor.kill_pick.options == ("C01",)
    sb.editor.btn_unkill.click()
    assert sb.scenario["kill_piles"][1] == []
    sb.editor.btn_unkill.click()
    assert sb.status.refused and "scenario.kill_piles[1]" in sb.status.text
    sb.tool = "turn"
    sb.click_hit(f"hand:{sb.scenario['hands'][1][0]}")
    assert sb.view.current_player == 1
    assert sb.undo() and sb.view.current_player == 0


def test_empty_kill_piles_are_left_out_of_the_code():
    sb = circle.new_game(players=3, seed=5).sandbox(play=False)
    sb.click_hit("savannah:new")
    assert sb.scenario["kill_piles"] == [[], [], []]
    assert "kill_piles" not in sb.code()  # the default
