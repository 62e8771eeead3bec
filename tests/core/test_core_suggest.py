"""The Suggest panel (``ui/suggest.py``), driven from Python on each game's own board: the
same position gives the same list, the top move is legal, the values are win chances,
"Play it out" makes a finished line on a branching board and a plain (undoable) move
otherwise, a finished game has nothing to suggest, the budget comes from the bot picker
(``core.bots.pick_bot``) and a classroom board gets a compact panel."""

import random

import pytest

from savannah_kit import circle, forest, tails
from savannah_kit.core.bots import pick_bot
from savannah_kit.ui import suggest
from savannah_kit.ui.board import CLASSROOM_RESERVE, HINT_SECONDS
from savannah_kit.ui.suggest import CLASSROOM_HEIGHT, CLASSROOM_TOP, PLAYOUT_BOT, SUGGEST_SECONDS, TOP

GAMES = {"tails": tails, "circle": circle, "forest": forest}


@pytest.fixture(autouse=True)
def quick_search(monkeypatch):
    """A small search budget: most tests here are about the panel, not the bot's strength."""
    monkeypatch.setattr(suggest, "SUGGEST_SECONDS", 0.3)


@pytest.fixture(params=sorted(GAMES))
def module(request):
    return GAMES[request.param]


def suggest_board(module, seed=3, moves=2, **options):
    """A board with Suggest (seat 1 a greedy bot) after ``moves`` seeded human moves."""
    game = module.new_game(seed=seed)
    board = game.widget(bots={1: "greedy"}, suggest=True, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        assert board.human_turn
        assert board.play(rng.choice(game.legal_moves()))
    return board


def test_suggest_is_opt_in_and_sits_right_under_the_picture(module):
    plain = module.new_game(seed=3).widget(bots={1: "greedy"})
    board = module.new_game(seed=3).widget(bots={1: "greedy"}, suggest=True, branching=True)
    assert plain.suggest_panel is None and board.suggest_panel is not None
    parts = list(board.widget.children)
    assert parts[parts.index(board.canvas.view) + 1] is board.suggest_panel.widget
    assert len(parts) == len(plain.widget.children) + 2  # the Suggest panel and the history panel
    assert board.enable_suggest() is board and len(board.widget.children) == len(parts)


def test_the_same_position_gives_the_same_list_of_legal_moves_valued_in_0_1(module):
    board = suggest_board(module)
    panel = board.suggest_panel
    assert panel.texts() == [] and all(b.layout.visibility == "hidden" for b in panel.buttons)
    scene = board.canvas.scene
    history = list(board.game.history)
    panel.btn_suggest.click()  # as the person presses it
    first = panel.texts()
    assert 1 <= len(first) <= 5 and board.game.history == history and board.canvas.scene == scene
    assert panel.items[0].move in board.game.legal_moves()
    assert all(0.0 <= item.value <= 1.0 and item.playouts > 0 for item in panel.items)
    assert [item.playouts for item in panel.items] == sorted((item.playouts for item in panel.items), reverse=True)
    assert sum(item.playouts for item in panel.items) <= panel.playouts()
    shown = [w.value for w in panel.words[:len(first)]]
    assert all(f"{item.percent}%" in text and f"({item.playouts} playouts)" in text
               for item, text in zip(panel.items, shown))
    assert board.player_name(board.game.current_player) in panel.about.value
    again = suggest_board(module)  # the same position on a fresh board
    assert again.suggest_panel.suggest() and again.suggest_panel.texts() == first
    panel.suggest()
    assert panel.texts() == first


def test_a_move_on_the_board_clears_a_list_made_for_another_position(module):
    board = suggest_board(module)
    panel = board.suggest_panel
    panel.suggest()
    assert panel.items
    board.play(board.game.legal_moves()[0])
    assert panel.items == [] and "press Suggest" in panel.about.value
    assert all(b.layout.visibility == "hidden" for b in panel.buttons)  # hidden, their room kept


def test_play_it_out_with_branching_makes_a_finished_line_and_keeps_the_main_line(module):
    board = suggest_board(module, branching=True)
    panel, lines = board.suggest_panel, board.lines
    main = list(board.game.history)
    panel.suggest()
    best = panel.items[0]
    panel.buttons[0].click()
    assert "Something went wrong" not in board.status.text
    assert lines.tree.line(1).moves == main  # the main line keeps every move
    assert len(lines.tree.lines) == 2 and lines.current == 2
    line = lines.tree.line(2)
    assert line.parent == 1 and line.moves[:len(main)] == main and line.moves[len(main)] == best.move
    assert board.game.history == line.moves and board.game.is_over
    assert f"{PLAYOUT_BOT} bots" in board.status.text and "Line 2" in board.status.text
    assert len(lines.comparison.children) == 2  # the two lines side by side
    lines.show_line(1)
    assert board.game.history == main and not board.game.is_over


def test_play_it_out_without_branching_plays_the_move_and_undo_takes_it_back(module):
    board = suggest_board(module)
    panel, game = board.suggest_panel, board.game
    before = list(game.history)
    panel.suggest()
    second = panel.items[min(1, len(panel.items) - 1)]
    panel.buttons[min(1, len(panel.items) - 1)].click()
    assert "Something went wrong" not in board.status.text
    assert len(game.history) > len(before) and game.history[len(before)] == second.move
    board.undo()
    assert game.history == before


def test_a_finished_game_has_nothing_to_suggest(module):
    game = module.new_game(seed=3)
    board = game.widget(bots={0: "greedy", 1: "greedy"}, suggest=True)  # the bots play it to the end
    assert game.is_over
    panel = board.suggest_panel
    panel.btn_suggest.click()
    assert panel.items == [] and "nothing to suggest" in panel.about.value.lower()
    with pytest.raises(ValueError, match="index"):
        panel.play_out(0)


def test_an_error_goes_to_the_status_line_not_a_traceback(module, monkeypatch):
    board = suggest_board(module)
    panel = board.suggest_panel

    def broken(_game):
        raise RuntimeError("search failed")

    monkeypatch.setattr("savannah_kit.core.search.MCTSBot.move_stats", lambda self, game: broken(game))
    panel.btn_suggest.click()
    assert "Something went wrong" in board.status.text and "search failed" in board.status.text


def test_the_budget_is_the_pickers_playouts_for_its_seconds_larger_than_the_hints(module):
    game = module.new_game(seed=3)
    board = game.widget(bots={1: "greedy"}).enable_suggest(seconds=SUGGEST_SECONDS)
    panel = board.suggest_panel
    playouts = pick_bot(game.name, SUGGEST_SECONDS).settings["iterations"]
    assert panel.seconds == SUGGEST_SECONDS and panel.playouts() == playouts
    assert playouts > pick_bot(game.name, HINT_SECONDS).settings["iterations"]
    assert f"{playouts:,} playouts" in panel.btn_suggest.tooltip
    assert module.new_game(seed=3).widget(suggest=True).suggest_panel.playouts() == pick_bot(game.name, 0.3).settings[
        "iterations"]  # ``game.widget(suggest=True)`` uses the module's budget


@pytest.mark.parametrize("bad", [0.01, 0, "2", True])
def test_a_budget_too_small_for_a_search_is_refused_naming_seconds(bad):
    board = tails.new_game(seed=3).widget()
    parts = board.widget.children
    with pytest.raises(ValueError, match="seconds"):
        board.enable_suggest(seconds=bad)
    assert board.suggest_panel is None and board.widget.children == parts


def test_a_classroom_board_gets_a_compact_panel_and_leaves_room_for_it(module):
    plain = module.new_game(seed=3).widget(bots={1: "greedy"}, suggest=True)
    board = module.new_game(seed=3).widget(bots={1: "greedy"}, classroom=True, suggest=True)
    assert len(plain.suggest_panel.words) == TOP and len(board.suggest_panel.words) == CLASSROOM_TOP
    assert plain.canvas.view.reserve == 0 and board.canvas.view.reserve == CLASSROOM_RESERVE + CLASSROOM_HEIGHT
    assert f"height: {CLASSROOM_HEIGHT}px" in suggest.SUGGEST_CSS
    board.suggest_panel.suggest()
    assert 1 <= len(board.suggest_panel.items) <= CLASSROOM_TOP
