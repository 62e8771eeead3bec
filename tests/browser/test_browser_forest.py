"""The Savernake Forest board in a real browser: painted, playable, refusing
illegal clicks with their rule, in JupyterLab, in Voila (and after a reload),
and in classroom mode."""

import os
import random
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from browser_helpers import (canvas_stats, error_outputs, open_notebook, run_all, wait_changed, wait_painted)
from savannah_kit.dev.servers import free_port, wait_for_http

pytestmark = pytest.mark.browser
NOTEBOOK = "classroom/forest_classroom.ipynb"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def replica():
    """The same board the classroom notebook builds, in this process: clicks are
    planned on it and the page must end up showing the same state."""
    from savannah_kit import forest

    game = forest.new_game(players=2, seed=1)
    return game.widget(bots={1: "greedy"}, classroom=True)


def click_hit(page, canvas, board, hit):
    """Click the hit area on the page's canvas and on the replica."""
    point = board.point_of(hit)
    assert point is not None, f"{hit} is covered everywhere"
    canvas_click(page, canvas, *point, board.canvas.canvas.width)
    board.click_hit(hit)


def canvas_click(page, canvas, x, y, canvas_width):
    """Click canvas pixel (x, y): measured right before the click, at page coordinates,
    because JupyterLab may re-lay the notebook out while Playwright scrolls."""
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    scale = box["width"] / canvas_width
    page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)


def text_of(page, cls):
    return page.locator(f".{cls}").first.inner_text()


def wait_text(page, cls, expected, timeout=20_000):
    """Wait until the element of class ``cls`` reads ``expected`` (white space ignored)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(
            "([cls, want]) => { const e = document.querySelector('.' + cls); "
            "return e && e.innerText.replace(/\\s+/g, '') === want; }",
            arg=[cls, "".join(expected.split())], timeout=timeout)
    except PlaywrightTimeout:
        raise AssertionError(f".{cls} reads {text_of(page, cls)!r}, expected {expected!r}; "
                             f"status: {text_of(page, 'sk-status')!r}") from None


def html_text(widget):
    import html
    import re

    return " ".join(html.unescape(re.sub("<[^>]+>", " ", widget.value)).split())


def play_one_human_turn(page, canvas, board):
    """Take a market card, place it on a legal cell, answer any advisor question."""
    game = board.game
    before = canvas_stats(canvas)["hash"]
    slot = next(m.slot for m in game.legal_moves())
    click_hit(page, canvas, board, f"market:{slot}")
    wait_text(page, "sk-state", html_text(board.state_html))
    cells = sorted(board.legal_cells())
    assert cells, "a taken card must have somewhere to go"
    seat = game.current_player
    x, y = cells[0]
    while board.rotation not in game.legal_placements()[(x, y)]:
        page.get_by_role("button", name="⟳").first.click()
        board.rotate(+1)
    click_hit(page, canvas, board, f"cell:{seat}:{x}:{y}")
    while game.current_player == seat and game.phase in ("lair", "water"):
        move = game.legal_moves()[0]
        hit = (f"animal:{seat}:{move.x}:{move.y}" if game.phase == "lair"
               else f"corner:{seat}:{move.x}:{move.y}:{move.food}")
        click_hit(page, canvas, board, hit)
    wait_text(page, "sk-state", html_text(board.state_html))
    wait_text(page, "sk-scores", html_text(board.scores_html))
    wait_changed(page, canvas, before)


def refused_click(page, canvas, board):
    """A click on a cell that does not touch the forest is refused with its rule; nothing changes."""
    game = board.game
    slot = next(m.slot for m in game.legal_moves())
    click_hit(page, canvas, board, f"market:{slot}")
    wait_text(page, "sk-state", html_text(board.state_html))
    seat = game.current_player
    legal = set(board.legal_cells())
    bad = next(h for h in board.hits() if h.startswith(f"cell:{seat}:")
               and tuple(map(int, h.split(":")[2:])) not in legal)
    state_before = text_of(page, "sk-state")
    hash_before = canvas_stats(canvas)["hash"]
    click_hit(page, canvas, board, bad)
    page.wait_for_selector(".sk-status >> text=Not allowed", timeout=20_000)
    status = text_of(page, "sk-status")
    assert "rule forest." in status
    assert text_of(page, "sk-state") == state_before
    assert canvas_stats(canvas)["hash"] == hash_before


def test_forest_board_plays_in_jupyterlab(page, lab_server, page_errors):
    open_notebook(page, lab_server.url, NOTEBOOK)
    run_all(page)
    canvas = page.locator(".jp-OutputArea-output canvas >> visible=true").first
    stats = wait_painted(page, canvas)
    assert stats["painted"] > 10_000
    board = replica()
    wait_text(page, "sk-state", html_text(board.state_html))
    log_before = text_of(page, "sk-log")
    play_one_human_turn(page, canvas, board)
    assert text_of(page, "sk-log") != log_before and "[forest." in text_of(page, "sk-log")
    refused_click(page, canvas, board)
    assert error_outputs(page) == []
    assert page_errors == []


def test_forest_board_in_voila_paints_first_time_and_after_reload(page, voila_server):
    page.goto(f"{voila_server.url}/voila/render/{NOTEBOOK}", wait_until="domcontentloaded", timeout=120_000)
    canvas = page.locator("canvas").first
    assert wait_painted(page, canvas, timeout=120_000)["painted"] > 10_000
    board = replica()
    play_one_human_turn(page, canvas, board)
    page.reload(wait_until="domcontentloaded", timeout=120_000)
    canvas = page.locator("canvas").first
    assert wait_painted(page, canvas, timeout=120_000)["painted"] > 10_000
    board = replica()  # a reload starts a fresh kernel: a fresh board
    wait_text(page, "sk-state", html_text(board.state_html))
    play_one_human_turn(page, canvas, board)
    refused_click(page, canvas, board)
    # an honest picture of the real page, for the README (copied to docs/ by hand when it changes)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "classroom.png"))


def test_click_fuzz_leaves_a_working_board(page, voila_server):
    """200 seeded random clicks on canvas and buttons: no traceback anywhere, a
    valid game, and the board still plays a legal move afterwards."""
    log_before = voila_server.log_text()
    page.goto(f"{voila_server.url}/voila/render/{NOTEBOOK}", wait_until="domcontentloaded", timeout=120_000)
    canvas = page.locator("canvas").first
    wait_painted(page, canvas, timeout=120_000)
    rng = random.Random(2024)
    names = [n.strip() for n in page.locator("button").all_inner_texts() if n.strip() and n.strip() != "New game"]
    assert len(names) >= 3
    width, height = canvas.evaluate("el => [el.width, el.height]")
    for _ in range(200):
        if rng.random() < 0.85:
            canvas_click(page, canvas, rng.uniform(1, width - 1), rng.uniform(1, height - 1), width)
        else:
            page.get_by_role("button", name=rng.choice(names)).first.click()
    page.wait_for_selector(".sk-state", timeout=20_000)
    assert "Traceback" not in page.inner_text("body")
    state = text_of(page, "sk-state")
    assert state.startswith("Round ") and " · move " in state  # the engine still describes a valid position
    # New game, then a whole human turn that must match a replica of the new game
    page.get_by_role("button", name="New game").first.click()
    board = replica()
    board.new_game()
    wait_text(page, "sk-state", html_text(board.state_html))
    play_one_human_turn(page, canvas, board)
    new_log = voila_server.log_text()[len(log_before):]
    assert "Traceback" not in new_log, new_log[-3000:]


def test_classroom_demo_command_serves_a_playable_board(page, tmp_path, browser_type_launch_args):
    port = free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "rt"), JUPYTER_CONFIG_DIR=str(tmp_path / "cfg"))
    log = (tmp_path / "demo.log").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "savannah_kit.cli", "demo", "forest", "--port", str(port)],
                            env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for_http(f"http://127.0.0.1:{port}/", proc, timeout=120)
        page.goto(f"http://127.0.0.1:{port}/", wait_until="domcontentloaded", timeout=120_000)
        canvas = page.locator("canvas").first
        assert wait_painted(page, canvas, timeout=120_000)["painted"] > 10_000
        board = replica()
        play_one_human_turn(page, canvas, board)
    finally:
        proc.send_signal(signal.SIGINT)  # Ctrl-C
        code = proc.wait(30)
    text = (tmp_path / "demo.log").read_text()
    assert "Classroom board for forest: open http://127.0.0.1:" in text
    assert "Classroom board stopped." in text and code == 0
    with pytest.raises(OSError):  # Voila went with it
        urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5)
