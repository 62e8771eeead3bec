"""The history panel of a branching board (``ui/history.py``), driven from Python on each
game's own board: a branch tried from an early move keeps the main line, the slider shows
any step read only, bots play on a branch, Undo stays in its line, two lines compare."""

import random

import pytest

from savannah_kit import circle, forest, tails
from savannah_kit.ui.history import score_of

GAMES = {"tails": tails, "circle": circle, "forest": forest}


@pytest.fixture(params=sorted(GAMES))
def module(request):
    return GAMES[request.param]


def branching_board(module, seed=3, moves=4):
    """A branching board (seat 1 a greedy bot) after ``moves`` seeded human moves."""
    game = module.new_game(seed=seed)
    board = game.widget(bots={1: "greedy"}, branching=True)
    rng = random.Random(seed)
    for _ in range(moves):
        assert board.human_turn
        assert board.play(rng.choice(game.legal_moves()))
    return board


def a_human_fork(board, at=3):
    """(step, move): the first step from ``at`` on where the person decided and had a
    choice, and a move other than the one the main line played there."""
    main = board.lines.tree.line(1).moves
    for step in range(at, len(main)):
        board.lines.show_step(step)
        if board.human_turn:
            others = [m for m in board.game.legal_moves() if m != main[step]]
            if others:
                return step, others[0]
    raise AssertionError("no choice of the person's on the main line: pick another seed")


def test_branching_is_opt_in_and_adds_the_panel_under_the_board(module):
    plain = module.new_game(seed=3).widget(bots={1: "greedy"})
    board = module.new_game(seed=3).widget(bots={1: "greedy"}, branching=True)
    assert plain.lines is None and board.lines is not None
    assert list(board.widget.children[:-1]) != [] and board.widget.children[-1] is board.lines.widget
    assert len(board.widget.children) == len(plain.widget.children) + 1
    assert board.enable_branching() is board and len(board.widget.children) == len(plain.widget.children) + 1


def test_the_slider_shows_any_step_read_only_and_the_end_plays_on(module):
    board = branching_board(module)
    game, panel = board.game, board.lines
    main = list(game.history)
    end_scene = board.canvas.scene
    panel.slider.value = 3  # as the person drags it
    assert game.history == main[:3] and panel.viewing
    fresh = module.new_game(seed=3)
    for m in main[:3]:
        fresh.play(m)
    assert game.to_json() == fresh.to_json()
    assert board.status.text.startswith(f"Viewing move 3 of {len(main)} of line 1 — move the slider to the end")
    assert board.canvas.scene != end_scene
    before = board.canvas.redraws
    for hit in board.hits()[:3]:
        board.click_hit(hit)
    board.undo()
    assert game.history == main[:3] and panel.tree.line(1).moves == main  # nothing played, nothing cut
    assert "slider" in board.status.text and board.canvas.redraws >= before
    panel.slider.value = len(main)
    assert game.history == main and not panel.viewing and "Viewing" not in board.status.text


def test_a_move_tried_from_an_early_step_starts_a_line_and_keeps_the_main_line(module):
    board = branching_board(module)
    game, panel = board.game, board.lines
    main = list(game.history)
    main_scene = board.canvas.scene
    step, move = a_human_fork(board, 3)
    panel.btn_try.click()
    assert panel.trying == step and "Trying a move" in board.status.text
    assert board.play(move)
    tree = panel.tree
    assert len(tree.lines) == 2 and panel.current == 2
    assert tree.line(1).moves == main  # the main line keeps every move
    assert tree.line(2).moves[:step + 1] == main[:step] + [move] and tree.fork(2) == step
    assert game.history == tree.line(2).moves and not game.is_over
    assert game.current_player == 0  # the bot played on the branch until the person's turn
    rng = random.Random(2)
    for _ in range(12):  # play on until the bot has had a turn on the branch
        if 1 in board._movers[step + 1:] or game.is_over:
            break
        board.play(rng.choice(game.legal_moves()))
    assert 1 in board._movers[step + 1:] and tree.line(2).moves == game.history
    assert tree.line(1).moves == main and len(tree.lines) == 2
    assert board.canvas.scene != main_scene
    assert "line 2 leaves here" in panel.moves.value or "leaves line 1" in panel.moves.value
    assert [value for _label, value in panel.picker.options] == [1, 2]
    panel.back_to_main()
    assert game.history == main and panel.current == 1 and not panel.viewing
    panel.show_line(2)
    assert game.history == tree.line(2).moves


def test_the_very_move_the_line_played_follows_the_line(module):
    board = branching_board(module)
    panel = board.lines
    main = list(board.game.history)
    step, _move = a_human_fork(board, 1)
    panel.try_here()
    board.play(main[step])
    assert len(panel.tree.lines) == 1 and panel.tree.line(1).moves == main
    assert board.game.history == main[:len(board.game.history)]
    assert panel.viewing or board.game.history == main


def test_undo_stays_within_the_branch(module):
    board = branching_board(module)
    game, panel = board.game, board.lines
    main = list(game.history)
    step, move = a_human_fork(board, 3)
    panel.try_here()
    board.play(move)
    rng = random.Random(5)
    if board.human_turn:
        board.play(rng.choice(game.legal_moves()))
    for _ in range(6):
        board.undo()
        assert len(game.history) >= step and panel.tree.line(2).moves == game.history
    assert len(game.history) == step and "Nothing more to undo on line 2" in board.status.text
    assert panel.tree.line(1).moves == main


def test_two_lines_compare_with_pictures_and_scores(module):
    board = branching_board(module)
    panel = board.lines
    step, move = a_human_fork(board, 3)
    panel.try_here()
    board.play(move)
    assert (panel.compare_a.value, panel.compare_b.value) == (1, 2)
    panel.btn_compare.click()
    sides = panel.comparison.children
    assert len(sides) == 2
    for number, side in zip((1, 2), sides):
        title, picture, scores = side.children
        assert f"Line {number}" in title.value and "<svg" in picture.value
        end = panel.tree.replay(board.game, number)
        for p in range(end.players):
            assert f"<th>{score_of(end, p).total}</th>" in scores.value
    assert sides[0].children[1].value != sides[1].children[1].value


def test_new_game_starts_a_single_line_again():
    board = branching_board(forest)
    step, move = a_human_fork(board, 3)
    board.lines.try_here()
    board.play(move)
    board.lines.show_line(2)
    board.new_game()
    assert board.new_game_question.asking
    board.new_game_question.answer(True)
    assert len(board.lines.tree.lines) == 1 and board.lines.tree.line(1).moves == board.game.history


def test_try_is_refused_at_a_bots_decision_and_at_the_end():
    board = branching_board(tails)
    panel = board.lines
    panel.try_here()
    assert "already the end of the line" in board.status.text and panel.trying is None
    bot_steps = [i for i, p in enumerate(board._movers) if p == 1]
    assert bot_steps, "the bot played on the main line"
    panel.show_step(bot_steps[0])
    panel.try_here()
    assert "(bot) decision" in board.status.text and panel.viewing and panel.trying is None


def test_a_games_own_buttons_wait_while_viewing():
    board = branching_board(forest)
    main = list(board.game.history)
    board.lines.show_step(2)
    turned = board.rotation
    board.btn_right.click()
    assert board.rotation == turned and board.status.text.startswith("Viewing move 2 of")
    board.btn_hint.click()
    assert board.status.text.startswith("Viewing move 2 of") and board.game.history == main[:2]
