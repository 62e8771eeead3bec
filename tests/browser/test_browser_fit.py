"""Every board fits its column (Chromium): in JupyterLab at 1280x720 with the file browser
open, the picture scales to the notebook's column instead of running past it; in an 800 px
page (JupyterLab with the file browser closed, and Voila) the board draws its compact picture,
whose text is 12 px or more on screen, with no sideways scroll; the row of buttons never clips
Undo or New game. Screenshots of each go to
``$SAVANNAH_KIT_SHOTS`` (default ``test-artifacts/``)."""

from __future__ import annotations

import pytest

from browser_helpers import SHOTS, open_in_lab, open_voila, smallest_text_px, wait_painted, write_notebook

pytestmark = pytest.mark.browser
GAMES = ["tails", "circle", "forest"]


def _code(game: str) -> str:
    return f"from savannah_kit import {game}\nboard = {game}.new_game(players=2, seed=1).widget(bots={{1: 'greedy'}})\nboard"


@pytest.mark.parametrize("game", GAMES)
def test_the_board_fits_the_lab_column_with_the_file_browser_open(page, lab_server, game):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_in_lab(page, lab_server, f"fit_{game}.ipynb", [_code(game)])
    canvas = page.locator(".jp-OutputArea-output canvas.sk-canvas").first
    wait_painted(page, canvas)
    page.wait_for_timeout(300)
    assert page.locator(".jp-FileBrowser >> visible=true").count() == 1, "the file browser is open"
    column = page.locator(".jp-OutputArea-output >> visible=true").first.bounding_box()
    box = canvas.bounding_box()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"fit-{game}-lab-1280x720.png"))
    assert box["x"] + box["width"] <= column["x"] + column["width"] + 1, (box, column)


def _board_at_800(page, voila_server, lab_server, game: str, where: str, name: str):
    """The board of ``_code(game)`` in an 800x900 page, in Voila or JupyterLab; its canvas, painted."""
    page.set_viewport_size({"width": 800, "height": 900})
    if where == "voila":
        return open_voila(page, voila_server, write_notebook(voila_server.root, f"{name}_{game}.ipynb", [_code(game)]))
    open_in_lab(page, lab_server, f"{name}_{game}.ipynb", [_code(game)])
    canvas = page.locator(".jp-OutputArea-output canvas.sk-canvas").first
    wait_painted(page, canvas)
    return canvas


@pytest.mark.parametrize("where", ["voila", "lab"])
@pytest.mark.parametrize("game", GAMES)
def test_text_reads_at_12_px_in_an_800_px_page_without_sideways_scroll(page, voila_server, lab_server, game, where):
    canvas = _board_at_800(page, voila_server, lab_server, game, where, "read800")
    if where == "lab":
        if page.locator(".jp-FileBrowser >> visible=true").count():
            page.keyboard.press("Control+b")  # the file browser closed: the notebook has the window
        page.wait_for_function("() => !document.querySelector('.jp-FileBrowser') || "
                               "!document.querySelector('.jp-FileBrowser').checkVisibility()", timeout=10_000)
    px = smallest_text_px(page, page.locator("canvas.sk-canvas"), at_least=12)
    page.wait_for_timeout(300)
    view = page.evaluate("() => { const e = document.querySelector('.sk-sceneview'); "
                         "return [e.scrollWidth, e.clientWidth]; }")
    assert view[0] <= view[1] + 1, f"the picture scrolls sideways: {view}"
    assert page.evaluate("() => document.scrollingElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
    box = canvas.bounding_box()
    page.screenshot(path=str(SHOTS / f"read-{game}-{where}-800.png"))
    print(f"{game} {where} 800 px: smallest text {px:.1f} px, picture {box['width']:.0f}x{box['height']:.0f}")


@pytest.mark.parametrize("where", ["voila", "lab"])
@pytest.mark.parametrize("game", GAMES)
def test_the_buttons_never_clip_in_an_800_px_page(page, voila_server, lab_server, game, where):
    _board_at_800(page, voila_server, lab_server, game, where, "fit800")  # Lab: the file browser open, narrowest
    page.wait_for_timeout(300)
    row = page.locator(".sk-controls").first.bounding_box()
    for label in ("Undo", "New game", "Describe"):
        button = page.locator(".sk-controls button", has_text=label).first
        box = button.bounding_box()
        assert box is not None and box["width"] > 20, f"{label} is not shown"
        assert box["x"] + box["width"] <= row["x"] + row["width"] + 0.5 and \
            box["y"] + box["height"] <= row["y"] + row["height"] + 0.5, f"{label} is clipped: {box} in {row}"
    assert page.evaluate("() => document.scrollingElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
    page.screenshot(path=str(SHOTS / f"fit-{game}-{where}-800.png"), full_page=True)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_classroom_last_events_read_at_24_px_on_a_projector(page, voila_server, size):
    """README: the classroom's last three events are 24 px at 1920x1080; the page still fits."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    code = ("from savannah_kit import forest\n"
            "board = forest.new_game(players=2, seed=1).widget(bots={1: 'greedy'}, classroom=True)\nboard")
    name = write_notebook(voila_server.root, f"classroom_fit_{width}.ipynb", [code])
    canvas = open_voila(page, voila_server, name)
    page.wait_for_timeout(400)
    px = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.sk-recent .sk-line')).fontSize)")
    if width == 1920:
        assert px >= 24, f"the last events are {px} px"
    sizes = page.evaluate("() => ({sh: document.scrollingElement.scrollHeight, h: innerHeight})")
    assert sizes["sh"] <= sizes["h"], f"the page scrolls: {sizes}"
    box = canvas.bounding_box()
    lines = page.locator(".sk-recent").first.bounding_box()
    assert box["y"] + box["height"] <= lines["y"] + 1 and lines["y"] + lines["height"] <= height + 1, (box, lines)
    page.screenshot(path=str(SHOTS / f"classroom-forest-{width}x{height}.png"))
