"""The Suggest panel in JupyterLab (light and dark): press Suggest, the list of the strong
bot's moves appears under the board, the board did not move and its picture did not
change, and "Play it out" starts a finished line in the history panel; a classroom board
with its (compact) suggestions open still fits a 1280x720 projector without scrolling. The
Circle of Life board stands in for every game: the panel lives in ``savannah_kit/ui``."""

from __future__ import annotations


import pytest

from browser_helpers import (canvas_stats, contrast, lab_board, open_voila, plain_html, replica, shot, wait_changed,
                             wait_status, write_notebook)
from savannah_kit.ui.suggest import CLASSROOM_TOP

pytestmark = pytest.mark.browser

CODE = ("from savannah_kit import circle\n"
        "game = circle.new_game(players=2, seed=2)\n"
        "board = game.widget(bots={1: 'greedy'}, suggest=True, branching=True)\n")
CLASSROOM = ("from savannah_kit import circle\n"
             "game = circle.new_game(players=2, seed=2)\n"
             "board = game.widget(bots={1: 'greedy'}, classroom=True, suggest=True)\n")


def assert_readable(page) -> None:
    """Every line the panel shows reads at a contrast of 4.5 or more."""
    for selector in (".sk-suggest-words", ".sk-suggest-about"):
        for i in range(page.locator(selector).count()):
            item = page.locator(selector).nth(i)
            if item.is_visible() and item.inner_text().strip():
                found = contrast(item.locator(".sk-suggest-text").first)
                assert found["ratio"] >= 4.5, f"{selector} #{i} reads {found}"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_suggest_lists_moves_without_moving_the_board_and_plays_one_out(page, lab_server, page_errors, theme):
    page.set_viewport_size({"width": 1400, "height": 1400})
    canvas, board = lab_board(page, lab_server, f"suggest_{theme}.ipynb", CODE, dark=theme == "dark")
    assert page.evaluate("() => document.body.dataset.jpThemeLight") == ("false" if theme == "dark" else "true")
    panel = board.suggest_panel
    before = canvas_stats(canvas)["hash"]
    button = page.get_by_role("button", name="Suggest", exact=True)
    button.scroll_into_view_if_needed()  # under a board taller than the window: a person scrolls to it first
    box = canvas.bounding_box()
    assert page.locator(".sk-suggest .sk-suggest-row button:visible").count() == 0

    button.click()
    panel.suggest()
    first = plain_html(panel.words[0].value).strip()
    assert first.startswith("1. ") and "%" in first and "playouts" in first
    page.wait_for_function("(want) => { const e = document.querySelector('.sk-suggest-words');"
                           " return e && e.innerText.trim() === want; }", arg=first, timeout=60_000)
    shown = len(panel.items)
    # the rows' buttons come with the widget updates after the words: wait for all of them
    page.wait_for_function("(n) => Array.from(document.querySelectorAll('.sk-suggest .sk-suggest-row button'))"
                           ".filter(b => b.offsetParent !== null && getComputedStyle(b).visibility !== 'hidden')"
                           ".length === n", arg=shown, timeout=30_000)
    assert page.locator(".sk-suggest .sk-suggest-row button:visible").count() == shown
    assert canvas.bounding_box()["y"] == box["y"], "the list moved the board"
    assert canvas_stats(canvas)["hash"] == before, "Suggest changed the board's picture"
    assert_readable(page)
    page.locator(".sk-suggest").first.scroll_into_view_if_needed()
    shot(page, f"suggest-{theme}.png")
    box = canvas.bounding_box()  # where the board stands once the list is in view (the page may have scrolled)

    suggest_row = page.locator(".sk-suggest-row").first
    suggest_row.get_by_role("button", name="Play it out").focus()  # reachable from the keyboard
    page.keyboard.press("Enter")
    panel.play_out(0)
    wait_status(page, board, timeout=60_000)
    assert board.game.is_over and [ln.number for ln in board.lines.tree.lines] == [1, 2]
    page.wait_for_function("() => document.querySelector('.sk-history select').options.length === 2", timeout=30_000)
    page.wait_for_function("() => document.querySelectorAll('.sk-compare svg').length === 2", timeout=30_000)
    wait_changed(page, canvas, before)  # the finished branch's position
    assert canvas.bounding_box()["y"] == box["y"], "Play it out moved the board"
    page.locator(".sk-status").first.scroll_into_view_if_needed()
    shot(page, f"suggest-played-{theme}.png")
    assert page_errors == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_classroom_board_with_its_suggestions_open_fits_1280x720(page, voila_server, page_errors, theme):
    page.set_viewport_size({"width": 1280, "height": 720})
    name = write_notebook(voila_server.root, f"classroom_suggest_{theme}.ipynb", [CLASSROOM + "board"])
    canvas = open_voila(page, voila_server, name, "?theme=dark" if theme == "dark" else "")
    board = replica(CLASSROOM)
    wait_status(page, board)
    assert page.evaluate("() => document.body.dataset.jpThemeLight") == ("false" if theme == "dark" else "true")
    panel = board.suggest_panel
    assert len(panel.words) == CLASSROOM_TOP
    page.get_by_role("button", name="Suggest", exact=True).click()
    panel.suggest()
    first = plain_html(panel.words[0].value).strip()
    assert first.startswith("1. ") and "playouts" in first
    page.wait_for_function("(want) => { const e = document.querySelector('.sk-suggest-words');"
                           " return e && e.innerText.trim() === want; }", arg=first, timeout=120_000)
    page.wait_for_timeout(500)  # let the picture settle at its fitted size
    sizes = page.evaluate("() => ({sh: document.scrollingElement.scrollHeight, h: innerHeight,"
                          " sw: document.scrollingElement.scrollWidth, w: innerWidth})")
    assert sizes["sh"] <= sizes["h"] and sizes["sw"] <= sizes["w"], f"the page scrolls: {sizes}"
    box = canvas.bounding_box()
    assert box["y"] >= 0 and box["x"] >= 0 and box["x"] + box["width"] <= 1280
    for selector in (".sk-suggest", ".sk-recent"):
        part = page.locator(selector).first.bounding_box()
        assert part["y"] >= box["y"] + box["height"] - 1 and part["y"] + part["height"] <= 720, (selector, part, box)
    rows = page.locator(".sk-suggest-row")
    for i in range(len(panel.items)):  # each suggestion's words and button show whole, inside its row
        row = rows.nth(i).bounding_box()
        button = rows.nth(i).get_by_role("button", name="Play it out").bounding_box()
        assert row["y"] <= button["y"] and button["y"] + button["height"] <= row["y"] + row["height"] + 0.5
    assert_readable(page)
    shot(page, f"suggest-classroom-{theme}-1280x720.png")
    assert page_errors == []
