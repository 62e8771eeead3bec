"""Boards follow JupyterLab's theme, read from the page and switched live (Chromium): a board
made without ``theme=`` opens dark in the dark theme, and turns light when the theme is
switched from the Settings menu, without running anything again."""

from __future__ import annotations

import pytest

from browser_helpers import SHOTS, open_in_lab, open_voila, wait_painted, write_notebook

pytestmark = pytest.mark.browser


BRIGHTNESS = ("(el) => { const d = el.getContext('2d').getImageData(3, el.height - 3, 1, 1).data;"
              " return 0.2126 * d[0] + 0.7152 * d[1] + 0.0722 * d[2]; }")


def _brightness(canvas) -> float:
    """The picture's background, in its lower left corner."""
    return canvas.evaluate(BRIGHTNESS)


@pytest.mark.parametrize("game", ["tails", "circle", "forest"])
def test_a_board_follows_the_lab_theme_and_its_switch(page, lab_server, game):
    page.set_viewport_size({"width": 1280, "height": 720})
    code = f"from savannah_kit import {game}\nboard = {game}.new_game(players=2, seed=1).widget()\nboard"
    open_in_lab(page, lab_server, f"theme_{game}.ipynb", [code], dark=True)
    canvas = page.locator(".jp-OutputArea-output canvas.sk-canvas").first
    wait_painted(page, canvas)
    page.wait_for_function("(el) => el.dataset.theme === 'dark'", arg=canvas.element_handle(), timeout=30_000)
    page.wait_for_function(f"(el) => ({BRIGHTNESS})(el) < 90", arg=canvas.element_handle(), timeout=30_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"theme-{game}-dark-1280x720.png"))
    page.click(".lm-MenuBar-itemLabel:text-is('Settings')")
    page.hover(".lm-Menu-itemLabel:text-is('Theme')")
    page.click(".lm-Menu-itemLabel:text-is('JupyterLab Light')")
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'", timeout=30_000)
    page.wait_for_function(f"(el) => ({BRIGHTNESS})(el) > 160", arg=canvas.element_handle(), timeout=30_000)
    assert canvas.get_attribute("data-theme") == "light" and _brightness(canvas) > 160
    page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=30_000)  # the switch's splash
    page.screenshot(path=str(SHOTS / f"theme-{game}-light-1280x720.png"))


@pytest.mark.parametrize("width", [1280, 800])
def test_a_board_in_a_dark_voila_page_is_dark(page, voila_server, width):
    page.set_viewport_size({"width": width, "height": 720})
    code = "from savannah_kit import circle\nboard = circle.new_game(players=2, seed=1).widget()\nboard"
    name = write_notebook(voila_server.root, f"theme_voila_{width}.ipynb", [code])
    canvas = open_voila(page, voila_server, name, "?theme=dark")
    page.wait_for_function(f"(el) => el.dataset.theme === 'dark' && ({BRIGHTNESS})(el) < 90",
                           arg=canvas.element_handle(), timeout=30_000)
    page.screenshot(path=str(SHOTS / f"theme-circle-dark-voila-{width}.png"))
