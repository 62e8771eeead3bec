"""The guided first game in a real browser (Voila, Chromium): a whole game against the
greedy bot played by clicking only what the guide outlines, with no click refused and
nothing above the picture moving; the Hint button and the H key; the guided board at
800 px, in classroom mode at 1280x720, and in the light and dark themes (screenshots in
``test-artifacts/``).

As in ``test_browser_board.py``, the test runs the notebook's code in its own process
(the replica) to know what the page must say and where to click.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from browser_helpers import (click_hit, contrast, guide_of, open_voila, replica, scene_point, status_of, wait_status,
                             wait_guide, write_notebook)

pytestmark = pytest.mark.browser
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def guided_code(seed: int = 3, classroom: bool = False) -> str:
    return ("from savannah_kit import forest\n"
            f"game = forest.new_game(players=2, seed={seed})\n"
            f"board = game.widget(guided=True, bots={{1: 'greedy'}}, classroom={classroom})\n")


def guided_page(page, server, name, code, query=""):
    write_notebook(server.root, name, [code + "board"])
    canvas = open_voila(page, server, name, query)
    board = replica(code)
    wait_status(page, board)
    return canvas, board


def next_target(board) -> str:
    """What the board points at: a hinted move, else an outlined market card or green
    cell, else (a question) the first thing it is about (the framed animals, the glowing corners)."""
    hinted = [hit for hit, kind in board.marks if kind == "hint"]
    return (hinted or board.emphasis() or board.keyboard_order())[0]


def press_hint(page, board, how: str) -> None:
    if how == "button":
        page.get_by_role("button", name="Hint", exact=True).click()
    else:
        page.locator("canvas.sk-canvas").first.focus()
        page.keyboard.press("h")
    board.hint()
    wait_status(page, board)
    assert status_of(page).startswith("Hint: "), status_of(page)


def test_a_whole_guided_game_by_clicking_what_the_guide_outlines(page, voila_server, page_errors):
    page.set_viewport_size({"width": 1400, "height": 1300})
    canvas, board = guided_page(page, voila_server, "guided_game.ipynb", guided_code())
    game = board.game
    assert status_of(page) == "Red, take a card from the market: click one of the four outlined cards."
    assert guide_of(page).startswith("Each turn: take a card")
    top = canvas.bounding_box()["y"]
    slot = next_target(board)
    page.mouse.move(*scene_point(canvas, board, *board.point_of(slot)))  # pointing at a card explains its gift
    board.hovered(slot)
    wait_guide(page, board)
    assert "animal" in guide_of(page) or "gives you" in guide_of(page)
    press_hint(page, board, "button")
    clicks = hints = 0
    while not game.is_over:
        if clicks in (1, 7):  # a hint at a place step (the H key) and at a take step (the button)
            press_hint(page, board, "key" if clicks == 1 else "button")
            hints += 1
        click_hit(page, canvas, board, next_target(board))
        clicks += 1
        status = status_of(page)
        assert not status.startswith("✗"), f"click {clicks} was refused: {status}"
        assert "went wrong" not in status
        wait_guide(page, board)  # what the move did, or what comes next
        assert canvas.bounding_box()["y"] == top, "something above the picture moved"
    assert clicks >= 30 and hints == 2
    status = status_of(page)
    assert re.search(r"Game over · \w+ wins with \d+ points", status), status
    assert guide_of(page).startswith("Red's forest scored")
    assert page.get_by_role("button", name="Hint", exact=True).is_hidden(), "no hints once the game is over"
    assert "Traceback" not in page.inner_text("body") and page_errors == []


def _shoot(page, canvas, board, name: str) -> None:
    """Screenshots of a guided place step: the top of the board, and the forest with its "+N" cells."""
    click_hit(page, canvas, board, next_target(board))
    cell = next_target(board)
    page.mouse.move(*scene_point(canvas, board, *board.point_of(cell)))
    board.hovered(cell)
    wait_status(page, board)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-top.png"))
    page.locator(".sk-recent").first.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"{name}-forest.png"))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_guided_board_reads_well_and_stays_still(page, voila_server, theme):
    page.set_viewport_size({"width": 1280, "height": 720})
    query = "?theme=dark" if theme == "dark" else ""
    canvas, board = guided_page(page, voila_server, f"guided_{theme}.ipynb", guided_code(seed=5), query)
    if theme == "dark":
        assert page.evaluate("() => document.body.dataset.jpThemeLight") == "false", "not the dark theme"
    before = {sel: page.locator(sel).first.bounding_box() for sel in (".sk-status", ".sk-guide", ".sk-controls")}
    for slot in board.emphasis():  # long gift texts, one after another: the lines keep their height
        page.mouse.move(*scene_point(canvas, board, *board.point_of(slot)))
    page.wait_for_timeout(300)
    press_hint(page, board, "button")
    after = {sel: page.locator(sel).first.bounding_box() for sel in before}
    assert after == before, "a line changed its size"
    texts = [item for selector in (".sk-status span", ".sk-guide span", ".sk-board button")
             for item in page.locator(selector).all() if item.is_visible()]
    low = [found for found in map(contrast, texts) if found["ratio"] < 4.5]
    assert len(texts) >= 7 and not low, low
    _shoot(page, canvas, board, f"guided-{theme}-1280x720")


def test_the_buttons_fit_at_800_px_and_in_classroom_mode(page, voila_server):
    page.set_viewport_size({"width": 800, "height": 1000})
    guided_page(page, voila_server, "guided_narrow.ipynb", guided_code())
    row = page.evaluate("""() => { const r = document.querySelector('.sk-buttons');
        const last = [...r.querySelectorAll('button')].pop().getBoundingClientRect();
        return {scroll: r.scrollWidth, client: r.clientWidth, right: last.right, width: innerWidth}; }""")
    assert row["scroll"] <= row["client"] and row["right"] <= row["width"], row
    page.get_by_role("button", name="Hint", exact=True).wait_for()
    page.set_viewport_size({"width": 1280, "height": 720})
    canvas, board = guided_page(page, voila_server, "guided_classroom.ipynb", guided_code(classroom=True))
    page.wait_for_timeout(300)  # let the picture settle at its fitted size
    sizes = page.evaluate("() => ({sh: document.scrollingElement.scrollHeight, h: innerHeight,"
                          " sw: document.scrollingElement.scrollWidth, w: innerWidth})")
    assert sizes["sh"] <= sizes["h"] and sizes["sw"] <= sizes["w"], f"the page scrolls: {sizes}"
    box = canvas.bounding_box()
    assert box["y"] + box["height"] <= 720 and box["x"] + box["width"] <= 1280
    row = page.evaluate("""() => { const top = document.querySelector('.sk-top').getBoundingClientRect();
        return [...document.querySelectorAll('.sk-top .sk-buttons button')].map(b => {
            const r = b.getBoundingClientRect();
            return [b.innerText, r.left >= top.left && r.right <= top.right && r.top >= top.top && r.bottom <= top.bottom];
        }); }""")
    assert len(row) == 6 and all(inside for _name, inside in row), row
    press_hint(page, board, "button")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "guided-classroom-1280x720.png"))
