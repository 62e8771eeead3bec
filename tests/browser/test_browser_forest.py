"""The Savernake Forest board in a real browser: painted, playable and refusing illegal
clicks with their rule in JupyterLab; surviving a storm of random clicks; and served
by ``savannah-kit demo forest`` as a classroom page that keeps its game across a reload."""

import random

import pytest

from browser_helpers import (assert_clean_log, classroom_demo, random_clicks, reload_keeps_the_game,
                             BOARD_CANVAS, canvas_stats, click_hit, error_outputs, open_notebook, open_voila,
                             play_human_turn, replica, run_all, scene_point, status_of, wait_changed, wait_painted,
                             wait_status)

pytestmark = pytest.mark.browser
NOTEBOOK = "classroom/forest_classroom.ipynb"
CLASSROOM = ("from savannah_kit import forest\n"
             "game = forest.new_game(players=2, seed=1)\n"
             "board = game.widget(bots={1: 'greedy'}, classroom=True)\n")


def refused_click(page, canvas, board):
    """A click on a cell that does not touch the forest is refused with its rule; nothing changes."""
    game = board.game
    click_hit(page, canvas, board, f"market:{game.legal_moves()[0].slot}")
    seat = game.current_player
    legal = set(board.legal_cells())
    bad = next(h for h in board.hits() if h.startswith(f"cell:{seat}:")
               and tuple(map(int, h.split(":")[2:])) not in legal)
    saved = game.to_json()
    click_hit(page, canvas, board, bad)
    status = status_of(page)
    assert status.startswith("✗ Not allowed") and "Rule forest." in status
    assert game.to_json() == saved


def test_forest_board_plays_in_jupyterlab(page, lab_server, page_errors):
    page.set_viewport_size({"width": 1400, "height": 1200})
    open_notebook(page, lab_server.url, NOTEBOOK)
    run_all(page)
    canvas = page.locator(f".jp-OutputArea-output {BOARD_CANVAS}").first
    assert wait_painted(page, canvas)["painted"] > 10_000
    board = replica(CLASSROOM)
    wait_status(page, board)
    before = canvas_stats(canvas)["hash"]
    play_human_turn(page, canvas, board)
    wait_changed(page, canvas, before)
    assert "[forest." in page.locator(".sk-recent").first.inner_text()
    refused_click(page, canvas, board)
    assert error_outputs(page) == []
    assert page_errors == []


def test_click_fuzz_leaves_a_working_board(page, voila_server):
    """200 seeded random clicks on canvas and buttons: no traceback anywhere, a valid
    game, and the board still plays a whole human turn afterwards."""
    page.set_viewport_size({"width": 1400, "height": 1100})
    log_before = voila_server.log_text()
    canvas = open_voila(page, voila_server, NOTEBOOK)
    board = replica(CLASSROOM)
    rng = random.Random(2024)
    names = page.locator(".sk-buttons button").evaluate_all(  # their accessible names: "Undo" for "↶ Undo"
        "bs => bs.map(b => (b.getAttribute('aria-label') || b.innerText).trim()).filter(Boolean)")
    names = [n for n in names if n != "New game"]
    assert len(names) >= 3
    scene = board.canvas.scene
    for _ in range(200):
        if rng.random() < 0.85:
            page.mouse.click(*scene_point(canvas, board, rng.uniform(1, scene.width - 1),
                                          rng.uniform(1, scene.height - 1)))
        else:
            page.get_by_role("button", name=rng.choice(names), exact=True).first.click()
    assert "Traceback" not in page.inner_text("body")
    assert "went wrong" not in status_of(page)
    page.get_by_role("button", name="New game", exact=True).first.click()
    page.get_by_role("button", name="Yes, new game").click()  # the bot has moved: a game in progress
    board.new_game()
    assert board.new_game_question.asking
    board.new_game_question.answer(True)
    wait_status(page, board)
    play_human_turn(page, canvas, board)
    assert_clean_log(voila_server, log_before)


def test_two_hundred_random_clicks_on_a_guided_game_never_reach_an_internal_error(page, voila_server, tmp_path):
    """forest/01's kind of game (guided, against the greedy bot): 200 seeded random clicks on
    points, edges, gaps, every hit area (emptied market slots too), the turn buttons, Undo and
    New game; see ``random_clicks``."""
    def press(board, name):
        board.rotate(-1 if name.startswith("⟲") else +1)

    random_clicks(page, voila_server, tmp_path, "forest", points=0.35, hits=0.9, keyboard=0.6, guided=True,
                  buttons=["↶ Undo", "New game", "⟲ turn left", "⟳ turn right"], press=press)


def test_classroom_demo_serves_a_board_that_keeps_its_game_across_a_reload(page, tmp_path):
    with classroom_demo(page, tmp_path, "forest", CLASSROOM) as (canvas, board):
        play_human_turn(page, canvas, board)
        reload_keeps_the_game(page, board)
