"""The log of every board (issue 32, defects 2 and 14): each line says who acted, a bot's
label only on the lines where that bot acts (not on the rules' consequences), and the labels
survive a page reloaded from its autosave; the full log scrolls, its lines never squeezed."""

import re

import pytest

from savannah_kit import circle, forest, tails
from savannah_kit.ui.panels import BOARD_CSS

MAKE = {"tails": lambda: tails.new_game(seed=3), "circle": lambda: circle.new_game(players=2, seed=3),
        "forest": lambda: forest.new_game(players=2, seed=3)}
LOAD = {"tails": tails.from_json, "circle": circle.from_json, "forest": forest.from_json}


def played(name, tmp_path, moves=6):
    game = MAKE[name]()
    board = game.widget(bots={1: "greedy"}, autosave=str(tmp_path / "game.json"))
    for _ in range(moves):
        if game.is_over:
            break
        board.play(game.legal_moves()[0])
    return board


@pytest.mark.parametrize("name", sorted(MAKE))
def test_a_bot_label_only_where_the_bot_acts(name, tmp_path):
    board = played(name, tmp_path)
    blue = board.player_name(1)
    labelled = [line for line in board.log.plain if line.startswith("[greedy bot] ")]
    assert labelled, board.log.text
    for line in labelled:
        assert line[len("[greedy bot] "):].startswith(blue), line  # "[greedy bot] The savannah closes..." is wrong


@pytest.mark.parametrize("name", sorted(MAKE))
def test_the_labels_survive_a_reload_from_the_autosave(name, tmp_path):
    board = played(name, tmp_path)
    again = LOAD[name]((tmp_path / "game.json").read_text("utf-8")).widget(bots={1: "greedy"})
    assert again.game.history == board.game.history
    assert again.log.plain == board.log.plain
    assert again._movers == board._movers


def test_the_full_log_scrolls_and_never_squeezes_its_lines():
    rules = {m.group(1): m.group(2) for m in re.finditer(r"([^{}]+)\{([^}]*)\}", BOARD_CSS)}
    line = next(body for sel, body in rules.items() if ".sk-log .sk-line" in sel)
    assert "flex: none" in line and "white-space: normal" in line
    box = next(body for sel, body in rules.items() if ".sk-log > .widget-html-content" in sel)
    assert "overflow-y: auto" in box and "max-height" in box
