"""Every game's sandbox (``game.sandbox()``, ``game.widget(sandbox=True)``): a board opens as a
sandbox or opens one on its position, and an edited position goes out as JSON and as a line
of code that both rebuild it, and Done plays on from it.

What each game's edits do is tested with the game.
"""

import json

import pytest

from savannah_kit.core import registry
from savannah_kit.ui.sandbox import Sandbox

GAMES = ["tails", "circle", "forest"]


def _tails_edits(sb):
    sb.click_hit("ostrich:red")
    sb.click_hit("space:T01:black:1")
    sb.tool = "bonuses"
    sb.click_hit("bonus:green:bird-brain")


def _circle_edits(sb):
    sb.click_hit("savannah:new")
    sb.tool = "tokens"
    sb.click_hit(f"card:{sb.scenario['savannah'][-1].partition('@')[0]}")


def _forest_edits(sb):
    sb.tool = "turn"
    sb.click_hit("animal:0:0:0")


#: a game to edit (players, seed) and some edits of its own kinds
EDITED = {"tails": (3, 4, _tails_edits), "circle": (3, 5, _circle_edits), "forest": (2, 3, _forest_edits)}


def module_of(name):
    return registry.game(name).load()


@pytest.mark.parametrize("name", GAMES)
def test_export_and_code_rebuild_the_same_position_and_done_plays_on(name):
    module = module_of(name)
    players, seed, edit = EDITED[name]
    sb = module.new_game(players=players, seed=seed).sandbox(play=False)
    edit(sb)
    text = sb.export_json()
    assert sb.export.value == text and json.loads(text) == sb.scenario
    assert module.from_scenario(sb.scenario).to_scenario() == sb.scenario
    code = sb.copy_as_code()
    assert sb.export.value == code and code.startswith(f"{name}.from_scenario(scenario={{")
    assert code == sb.code() and f"seed={seed}" in code  # deterministic
    assert eval(code, {name: module}).to_scenario() == sb.scenario  # noqa: S307 - the kit's own line
    assert len(code) < len(json.dumps(sb.scenario)) + 40  # defaults left out
    game = sb.done()
    assert game is sb.game and game.to_scenario() == sb.scenario and sb.status.kind == "done"
    assert game.legal_moves()


@pytest.mark.parametrize("name", GAMES)
def test_every_board_opens_in_sandbox_mode(name):
    game = module_of(name).new_game(players=2, seed=1)
    box = game.widget(sandbox=True)
    assert isinstance(box, Sandbox) and box.scenario == game.to_scenario()


@pytest.mark.parametrize("name", GAMES)
def test_the_sandbox_button_opens_a_sandbox_on_this_position_and_leaves_the_game_alone(name):
    module = module_of(name)
    board = module.new_game(players=2, seed=1).widget(bots={1: "greedy"})
    before = board.game.to_json()
    button = next(b for b in board.buttons if b.description == "Sandbox")
    button.click()
    assert board.sandbox.scenario == board.game.to_scenario() and board.game.to_json() == before
    assert board.widget.children[-1] is board.sandbox.widget and "sandbox is open" in board.status.text
    first = board.sandbox
    button.click()  # again: a fresh sandbox in the same place
    assert board.sandbox is not first and board.widget.children[-1] is board.sandbox.widget
    assert first.widget not in board.widget.children
    classroom = module.new_game(players=2, seed=1).widget(classroom=True)
    assert "Sandbox" not in [b.description for b in classroom.buttons]


@pytest.mark.parametrize("name", GAMES)
def test_a_sandbox_keeps_the_ruling_options_of_its_game(name):
    spec = registry.game(name)
    changed = {o.name: o.values[-1] for o in spec.options if not o.others and len(o.values) > 1
               and spec.accepts({"players": 2, o.name: o.values[-1]})}
    changed.pop("advanced", None)  # a mode of its own: its positions differ
    assert changed, f"{name}: no ruling option to change"
    sb = spec.new_game(players=2, seed=1, **changed).sandbox(play=False)
    assert sb.options == changed
    assert all(sb.done().option(key) == value for key, value in changed.items())
