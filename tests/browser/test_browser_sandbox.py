"""The sandbox in JupyterLab (light and dark): a Savannah Tails race opened with
``game.sandbox()``, an ostrich moved by real clicks on the picture, a taken space refused
in the status line (nothing moves, no traceback), then Done: the new position is a game
whose board opens below, painted with the ostrich where the sandbox put it.

The test runs the same code in its own process (the replica) to know what the page must
say and where to click. Screenshots go to ``$SAVANNAH_KIT_SHOTS`` (default ``test-artifacts/``).
"""

from __future__ import annotations

import math

import pytest

from browser_helpers import (BOARD_CANVAS, canvas_stats, contrast, error_outputs, open_in_lab, pixel, shot,
                             wait_changed, wait_painted, wait_status)

pytestmark = pytest.mark.browser


def code(theme: str) -> str:
    return ("from savannah_kit import tails\n"
            "game = tails.new_game(players=2, seed=1)\n"
            f"sandbox = game.sandbox(theme={theme!r})\n")


def replica(src: str):
    scope: dict = {}
    exec(src, scope)  # noqa: S102 - the test's own code
    return scope["sandbox"]


def token_colour_at(canvas, scene, hit: str):
    """The page's pixel on an ostrich token (beside its initial) and the fill it should have."""
    token = next(s for s in scene.find(hit) if hasattr(s, "r") and s.style.fill not in (None, "#1a1a1a"))
    k = canvas.evaluate("el => el.width") / math.ceil(scene.width)
    x, y = token.cx - token.r * 0.6, token.cy + token.r * 0.1
    return pixel(canvas, round(x * k), round(y * k)), token.style.fill


def same_colour(rgba, fill: str) -> bool:
    want = [int(fill[i:i + 2], 16) for i in (1, 3, 5)]
    return all(abs(a - b) <= 30 for a, b in zip(rgba, want))


def status_text(page) -> str:
    return page.locator(".sk-sandbox .sk-status").first.inner_text()


def click(page, canvas, sandbox, hit: str) -> None:
    point = sandbox.point_of(hit)
    assert point is not None, f"{hit} is covered everywhere"
    box = canvas.bounding_box()
    k = box["width"] / math.ceil(sandbox.canvas.scene.width)
    page.mouse.click(box["x"] + point[0] * k, box["y"] + point[1] * k)
    sandbox.click_hit(hit)
    wait_status(page, sandbox)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_an_ostrich_moved_by_clicks_becomes_a_new_game(page, lab_server, page_errors, theme):
    page.set_viewport_size({"width": 1300, "height": 1500})
    open_in_lab(page, lab_server, f"sandbox_{theme}.ipynb", [code(theme) + "sandbox"], dark=theme == "dark")
    assert page.evaluate("() => document.body.dataset.jpThemeLight") == ("false" if theme == "dark" else "true")
    sandbox = replica(code(theme))
    canvas = page.locator(f".sk-sandbox {BOARD_CANVAS}").first
    first = wait_painted(page, canvas)
    wait_status(page, sandbox)
    box = canvas.bounding_box()

    click(page, canvas, sandbox, "ostrich:red")
    assert "a space" in sandbox.status.text
    outlined = wait_changed(page, canvas, first["hash"])  # the chosen ostrich is outlined
    click(page, canvas, sandbox, "space:T01:yellow:2")
    assert sandbox.scenario["ostriches"][0]["space"] == "T01:yellow:2"
    moved = wait_changed(page, canvas, outlined["hash"])
    rgba, fill = token_colour_at(canvas, sandbox.canvas.scene, "ostrich:red")
    assert same_colour(rgba, fill), f"the red ostrich is not painted on its new space: {rgba} vs {fill}"

    # a bonus armed by a player whose turn it is not: refused, naming the field
    page.locator(".sk-sandbox .sk-tools button", has_text="Bonuses").click()
    sandbox.tool = "bonuses"
    wait_status(page, sandbox)
    page.locator(".sk-sandbox button", has_text="armed").click()
    sandbox.editor.state_pick.value = "armed"
    page.wait_for_function("() => Array.from(document.querySelectorAll('.sk-sandbox button')).some("
                           "b => b.textContent.trim() === 'armed' && b.classList.contains('mod-active'))")
    chosen = wait_changed(page, canvas, moved["hash"])["hash"]  # a new tool: nothing is chosen now
    click(page, canvas, sandbox, "bonus:purple:boinnnggg")
    assert sandbox.status.refused and "scenario.ostriches[1].bonuses" in sandbox.status.text
    assert "Traceback" not in status_text(page)
    assert canvas_stats(canvas)["hash"] == chosen and canvas.bounding_box()["y"] == box["y"]
    found = contrast(page.locator(".sk-sandbox .sk-status span").first)
    assert found["ratio"] >= 4.5, f"the status line reads {found}"
    page.locator(".sk-sandbox .sk-status").first.scroll_into_view_if_needed()
    shot(page, f"sandbox-refused-{theme}.png")

    page.get_by_role("button", name="Done", exact=True).click()
    sandbox.done()
    wait_status(page, sandbox)
    assert sandbox.status.kind == "done" and sandbox.game is not None
    board_canvas = page.locator(f".sk-sandbox .jp-OutputArea-output {BOARD_CANVAS}, "
                                f".sk-sandbox .widget-output {BOARD_CANVAS}").first
    wait_painted(page, board_canvas, timeout=60_000)
    rgba, fill = token_colour_at(board_canvas, sandbox.board.canvas.scene, "ostrich:red")
    assert same_colour(rgba, fill), f"the new game's board does not show the red ostrich moved: {rgba} vs {fill}"
    assert sandbox.board.game.to_scenario() == sandbox.scenario
    assert canvas.bounding_box()["y"] == box["y"], "Done moved the sandbox"
    assert moved["hash"] != first["hash"]
    board_canvas.scroll_into_view_if_needed()
    shot(page, f"sandbox-done-{theme}.png")
    assert error_outputs(page) == [] and page_errors == []
