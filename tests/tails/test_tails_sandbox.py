"""The Savannah Tails sandbox: edits as pure functions on scenario data, and the widget driven from
Python (clicks by hit id). Each edit gives data the race accepts and that shows the edit; a bad edit
is refused naming the field and changes nothing. (That the JSON and the code line rebuild the
position, and the sandbox buttons of every board, are tested for every game in
tests/conformance/test_sandbox_every_game.py.)"""

from __future__ import annotations

import copy

import pytest

from savannah_kit import tails
from savannah_kit.tails import sandbox as ts

from edit_helpers import refused


@pytest.fixture
def data():
    return tails.new_game(players=2, seed=1).to_scenario()



def test_moving_an_ostrich_puts_it_on_the_space(data):
    before = copy.deepcopy(data)
    out = ts.move_ostrich(data, "red", "T01:yellow:2")
    assert data == before  # the data given is never changed
    assert out["ostriches"][0]["space"] == "T01:yellow:2"
    game = tails.from_scenario(out)
    assert game.track.names[game.state.pos[0]] == "T01:yellow:2"
    back = ts.move_ostrich(out, 0, "start")
    assert back["ostriches"][0]["space"] == "start"


def test_two_ostriches_never_share_a_space(data):
    out = ts.move_ostrich(data, "red", "T01:yellow:2")
    err = refused(ts.move_ostrich, out, "purple", "T01:yellow:2", field="scenario.ostriches[1].space")
    assert "already holds ostrich 0" in err.reason


def test_a_space_not_on_the_course_is_refused(data):
    refused(ts.move_ostrich, data, "red", "T99:red:0", field="scenario.ostriches[0].space")
    refused(ts.move_ostrich, data, "orange", "T01:red:0", field="scenario.ostriches")


def test_setting_a_hand_takes_the_cards_from_the_deck_and_returns_the_old_ones(data):
    old = data["ostriches"][1]["hand"]
    wanted = [c for c in data["ostriches"][1]["deck"][:3]]
    out = ts.set_hand(data, "purple", wanted)
    o = out["ostriches"][1]
    assert o["hand"] == wanted
    assert not set(wanted) & set(o["deck"])
    assert o["deck"][-len(old):] == old  # the old hand at the bottom of the deck
    assert sorted(o["hand"] + o["deck"] + o["discard"]) == sorted(tails.CARD_NAMES)
    assert tails.from_scenario(out).state.hands[1] == [tails.CARD_NAMES.index(c) for c in wanted]


def test_cards_go_into_and_out_of_a_hand_one_by_one(data):
    first = data["ostriches"][0]["hand"][0]
    out = ts.remove_card(data, 0, first)
    assert first not in out["ostriches"][0]["hand"] and out["ostriches"][0]["deck"][-1] == first
    card = out["ostriches"][0]["deck"][0]
    out = ts.add_card(out, 0, card)
    assert out["ostriches"][0]["hand"][-1] == card and card not in out["ostriches"][0]["deck"]
    assert len(out["ostriches"][0]["hand"]) == 4
    refused(ts.add_card, out, 0, out["ostriches"][0]["deck"][0], field="scenario.ostriches[0].hand")
    refused(ts.remove_card, out, 0, first, field="scenario.ostriches[0].hand")  # not in the hand now


def test_a_bad_hand_is_refused_naming_the_card(data):
    refused(ts.set_hand, data, 0, ["yellow-5", "green-9"], field="scenario.ostriches[0].hand[1]")
    refused(ts.set_hand, data, 0, ["yellow-5", "yellow-5"], field="scenario.ostriches[0].hand[1]")
    refused(ts.set_hand, data, 0, [], field="scenario.ostriches[0].hand")  # a hand holds 1 card or more
    five = data["ostriches"][0]["hand"] + data["ostriches"][0]["deck"][:1]
    refused(ts.set_hand, data, 0, five, field="scenario.ostriches[0].hand")  # 4 without Bird Brain
    assert ts.set_hand(ts.set_bonus(data, 0, "bird-brain", "active"), 0, five)["ostriches"][0]["hand"] == five


def test_a_card_of_another_player_is_refused(data):
    # M001 is red's red-2: not a card of purple's deck
    refused(ts.set_hand, data, 1, ["M001"], field="scenario.ostriches[1].hand[0]")


def test_bonus_states_and_their_rules(data):
    out = ts.set_bonus(data, "purple", "boinnnggg", "active")
    assert out["ostriches"][1]["bonuses"] == {"boinnnggg": "active"}
    assert ts.set_bonus(out, "purple", "boinnnggg", "inactive")["ostriches"][1].get("bonuses") is None
    err = refused(ts.set_bonus, data, "purple", "boinnnggg", "armed", field="scenario.ostriches[1].bonuses")
    assert "whose turn" in err.reason
    refused(ts.set_bonus, data, "red", "leapfrog", "active", field="scenario.ostriches[0].bonuses.leapfrog")
    refused(ts.set_bonus, data, "red", "boinnnggg", "sleepy", field="scenario.ostriches[0].bonuses.boinnnggg")


def test_whose_turn_it_is(data):
    out = ts.set_turn(data, "purple")
    assert tails.from_scenario(out).current_player == 1
    armed = ts.set_bonus(data, "red", "boinnnggg", "armed")
    # an armed bonus belongs to the player whose turn it is: passing the turn is refused
    refused(ts.set_turn, armed, "purple", field="scenario.ostriches[0].bonuses")


def test_the_turn_order_follows_the_race_when_asked(data):
    out = ts.move_ostrich(ts.move_ostrich(data, 0, "T01:red:1"), 1, "T01:red:2")
    out = dict(out, round=2)
    out = ts.order_by_race(out)
    game = tails.from_scenario(out)
    assert game.state.order == game.race_order() and game.current_player == 0


def test_the_faces_of_the_race_come_with_the_options():
    game = tails.new_game(players=2, seed=3, bonuses=["leapfrog", "crazy-wings", "bird-brain"])
    out = ts.set_bonus(game.to_scenario(), 0, "leapfrog", "active", bonuses=list(game.faces))
    assert out["ostriches"][0]["bonuses"] == {"leapfrog": "active"}


# -- the widget, driven from Python -------------------------------------------------------------

def test_the_sandbox_moves_an_ostrich_by_clicks_and_refuses_a_taken_space():
    sb = tails.new_game(players=2, seed=1).sandbox(play=False)
    assert "an ostrich" in sb.status.text
    sb.click_hit("ostrich:red")
    assert sb.selected == "ostrich:red" and "a space" in sb.status.text
    sb.click_hit("space:T01:yellow:2")
    assert sb.scenario["ostriches"][0]["space"] == "T01:yellow:2"
    assert sb.view.state.pos[0] == sb.view.track.by_name["T01:yellow:2"]
    sb.click_hit("ostrich:purple")
    before = sb.scenario
    frames = sb.canvas.redraws
    sb.click_hit("space:T01:yellow:2")
    assert sb.scenario == before and sb.status.refused
    assert "scenario.ostriches[1].space" in sb.status.text and "Traceback" not in sb.status.text
    assert sb.canvas.redraws == frames  # a refused edit leaves the picture as it was
    assert sb.undo() and sb.scenario["ostriches"][0]["space"] == "start"
    assert not sb.undo() and "Nothing to undo" in sb.status.text


def test_the_other_tools_of_the_sandbox():
    sb = tails.new_game(players=2, seed=1).sandbox(play=False)
    sb.tool = "bonuses"
    sb.click_hit("bonus:purple:crazy-wings")
    assert sb.scenario["ostriches"][1]["bonuses"] == {"crazy-wings": "active"}
    sb.tool = "turn"
    sb.click_hit("player:purple")
    assert sb.view.current_player == 1
    sb.tool = "hands"
    card = sb.scenario["ostriches"][1]["hand"][0]
    assert f"card:{card}" in sb.hits()  # the hand shown is the player to move's
    sb.click_hit(f"card:{card}")
    assert card not in sb.scenario["ostriches"][1]["hand"]
    sb.editor.card_pick.value = card
    sb.editor.btn_add.click()
    assert sb.scenario["ostriches"][1]["hand"][-1] == card
    sb.click_hit("ostrich:red")
    assert f"card:{sb.scenario['ostriches'][0]['hand'][0]}" in sb.hits()


def test_done_makes_a_new_game_and_a_bad_position_stays_in_the_sandbox():
    sb = tails.new_game(players=2, seed=1).sandbox(play=False)
    sb.click_hit("ostrich:red")
    sb.click_hit("space:T01:yellow:2")
    game = sb.done()
    assert game is sb.game and game.to_scenario() == sb.scenario and game.legal_moves()
    assert sb.status.kind == "done"
    sb._data["ostriches"][1]["space"] = "T01:yellow:2"  # as if the data had gone wrong
    assert sb.done() is None and sb.game is game
    assert sb.status.refused and "scenario.ostriches[1].space" in sb.status.text


def test_options_of_the_race_are_kept_in_the_code():
    game = tails.new_game(players=2, seed=2, bonuses=["leapfrog", "crazy-wings", "bird-brain"], flat_bonus=True)
    sb = game.sandbox(play=False)
    code = sb.code()
    assert "bonuses=[" in code and "flat_bonus=True" in code
    rebuilt = eval(code, {"tails": tails})  # noqa: S307
    assert rebuilt.faces == game.faces and rebuilt.to_scenario() == game.to_scenario()


def test_the_keyboard_order_and_keys():
    sb = tails.new_game(players=2, seed=1).sandbox(play=False)
    order = sb.canvas.view.keyboard
    assert order and all(h.startswith(("ostrich:", "space:")) for h in order)
    sb._key("r", False)
    assert sb.editor.ostrich_pick.value == 1 and sb.selected == "ostrich:purple"
    # Enter on the keyboard cursor's space: the browser sends the hit without a point
    sb.canvas._message(sb.canvas.view, {"event": "click", "hit": "space:T01:red:0"}, [])
    assert sb.scenario["ostriches"][1]["space"] == "T01:red:0"
    sb.canvas._message(sb.canvas.view, {"event": "key", "key": "u"}, [])
    assert sb.scenario["ostriches"][1]["space"] == "start"
    sb.tool = "bonuses"
    assert all(h.startswith("bonus:") for h in sb.canvas.view.keyboard)


def test_a_dark_sandbox_draws_a_dark_picture():
    light = tails.new_game(players=2, seed=1).sandbox(play=False)
    dark = tails.new_game(players=2, seed=1).sandbox(play=False, theme="dark")
    assert light.canvas.scene.background != dark.canvas.scene.background


def test_a_finished_race_is_refused_in_the_status_line():
    import random

    from savannah_kit import tails

    game = tails.new_game(players=2, seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    board = game.widget()
    next(b for b in board.buttons if b.description == "Sandbox").click()
    assert board.sandbox is None and board.status.kind == "refused"
    assert "a sandbox starts from a position it can write down" in board.status.text.lower()
