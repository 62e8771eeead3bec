"""Each game's board as a reader sees it (Chromium, Voila), light and dark, in an 800 px page, at
1280x720 and at 1920x1080: a fresh board and one late in a game, one above the other. Both paint
and fit their column without sideways scrolling, and they are the same size on the page (a board
keeps its room for the whole game); in the 800 px page they draw their compact picture, whose
smallest text is 12 px or more on screen. A screenshot of each page and of each whole board goes to
``$SAVANNAH_KIT_SHOTS`` (default ``test-artifacts/``), with ``look-figures.json``: each picture's scale and its smallest
text in CSS px (the scene's smallest font times the scale the page drew it at)."""

from __future__ import annotations

import json

import pytest

from browser_helpers import BOARD_CANVAS, SHOTS, open_voila, shot, smallest_text_px, write_notebook

pytestmark = pytest.mark.browser
GAMES = ["tails", "circle", "forest"]
SIZES = [(800, 900), (1280, 720), (1920, 1080)]
#: moves played before the second board: late in a game (Circle's row long enough to wrap)
LATE = {"tails": 24, "circle": 24, "forest": 20}


def _code(game: str, late: bool) -> str:
    moves = LATE[game] if late else 0
    return (f"import random\nfrom savannah_kit import {game}\n"
            f"game = {game}.new_game(players=2, seed=3)\nrng = random.Random(1)\n"
            f"for _ in range({moves}):\n    if not game.is_over:\n        game.play(rng.choice(game.legal_moves()))\n"
            "board = game.widget(bots={1: 'greedy'})\n")


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("game", GAMES)
def test_fresh_and_late_boards_paint_fit_and_keep_one_size(page, voila_server, game, theme):
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    name = write_notebook(voila_server.root, f"look_{game}_{theme}.ipynb",
                          [_code(game, False) + "board", _code(game, True) + "board"])
    open_voila(page, voila_server, name, "?theme=dark" if theme == "dark" else "")
    canvases = page.locator(BOARD_CANVAS)
    page.wait_for_function("(n) => document.querySelectorAll('canvas.sk-canvas').length === n", arg=2,
                           timeout=60_000)
    figures = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(400)
        if width == 800:  # the compact picture, once the board has heard the column's width
            smallest_text_px(page, canvases, at_least=12)
        page.wait_for_timeout(300)
        boxes = [canvases.nth(i).bounding_box() for i in range(2)]
        scales = [float(canvases.nth(i).get_attribute("data-scale")) for i in range(2)]
        views = page.evaluate("() => [...document.querySelectorAll('.sk-sceneview')].map("
                              "e => [e.scrollWidth, e.clientWidth])")
        assert all(sw <= cw + 1 for sw, cw in views), f"a picture scrolls sideways: {views}"
        assert page.evaluate("() => document.scrollingElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
        assert abs(boxes[0]["width"] - boxes[1]["width"]) < 1 and abs(boxes[0]["height"] - boxes[1]["height"]) < 1, \
            f"the late board is not the size of the fresh one: {boxes}"
        figures[f"{width}x{height}"] = {"scale": scales[0], "smallest_text_px": round(smallest_text_px(page, canvases), 1),
                                        "css": [round(boxes[0]["width"]), round(boxes[0]["height"])]}
        shot(page, f"look-{game}-{theme}-{width}x{height}.png")
        for i, when in enumerate(("fresh", "late")):  # each whole board, scrolled into view
            page.locator(".sk-board").nth(i).screenshot(path=str(SHOTS / f"look-{game}-{theme}-{width}-{when}.png"))
    path = SHOTS / "look-figures.json"
    known = json.loads(path.read_text()) if path.exists() else {}
    known[f"{game}-{theme}"] = figures
    path.write_text(json.dumps(known, indent=1, sort_keys=True))
