"""A board a screen reader can play, in Chromium: each board plays the end of a game (a
short game: the last dozen or so decisions) by keyboard, deciding only from what the
accessibility tree exposes: the board found by its role and name, its live region (role
"status") saying what the cursor is on and what each key did, and the Describe button.

The strategy is a blind player's: Enter on what the cursor is on; if the board says the
cursor moved to new choices, Enter again; if it refuses (Forest: after turning the card up
to three times with R), or nothing new came, arrow to the next thing.
"""

from __future__ import annotations

import re

import pytest

from browser_helpers import SHOTS, open_voila, write_notebook

pytestmark = pytest.mark.browser

#: each game's board, some decisions before the end of a seeded random game
CODE = """import random
from savannah_kit import {game}
game = {game}.new_game(players=2, seed={seed})
rng, full, moves = random.Random(0), game.copy(), []
while not full.is_over:
    moves.append(rng.choice(full.legal_moves()))
    full.play(moves[-1])
for move in moves[:len(moves) - {left}]:
    game.play(move)
board = game.widget(bots={{1: 'greedy'}})
board"""
GAMES = {"tails": dict(seed=2, left=24, turns=False), "circle": dict(seed=4, left=14, turns=False),
         "forest": dict(seed=2, left=20, turns=True)}
OVER = "Press New game to play again."
CURSOR = re.compile(r"\(\d+ of \d+\)\.")


def _said_count(live) -> int:
    return int(live.get_attribute("data-count") or 0)


def press(page, live, key: str, timeout: float = 5_000) -> str:
    """Press ``key`` and return what the live region says next ('' if it says nothing new)."""
    count = _said_count(live)
    page.keyboard.press(key)
    try:
        page.wait_for_function("([el, n]) => Number(el.dataset.count || 0) > n", arg=[live.element_handle(), count],
                               timeout=timeout)
    except Exception:  # noqa: BLE001 - nothing was said
        return ""
    page.wait_for_timeout(150)  # the words of one action come in one announcement
    return live.inner_text()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_short_game_plays_by_keyboard_from_the_accessibility_tree(page, voila_server, game):
    page.set_viewport_size({"width": 1280, "height": 900})
    options = GAMES[game]
    name = write_notebook(voila_server.root, f"a11y_{game}.ipynb",
                          [CODE.format(game=game, seed=options["seed"], left=options["left"])])
    open_voila(page, voila_server, name)
    tree = page.locator(".sk-board").aria_snapshot()
    # the canvas has a role and a name; every button a name in words; the live region is there
    boards = page.get_by_role("application", name=re.compile(r"board: arrows move the cursor"))
    assert boards.count() == 1, tree
    buttons = re.findall(r'- button "([^"]*)"', tree)
    assert "Describe" in buttons and "Undo" in buttons and "New game" in buttons, buttons
    assert all(re.fullmatch(r"[\w ,.'’()?-]+", b) for b in buttons), f"a button without a name in words: {buttons}"
    live = page.get_by_role("status").filter(has_not_text="Kernel")
    assert live.count() == 1, tree

    page.locator("body").click(position={"x": 2, "y": 2})
    for _ in range(40):  # reach the board with Tab alone
        page.keyboard.press("Tab")
        if boards.evaluate("(el) => el === document.activeElement"):
            break
    else:
        pytest.fail("Tab never reached the board")
    page.wait_for_function("(el) => Number(el.dataset.count || 0) > 0", arg=live.element_handle())
    heard = [live.inner_text()]
    assert CURSOR.search(heard[0]), f"reaching the board says nothing of the cursor: {heard[0]!r}"

    said = press(page, live, "d")  # the whole position, in words
    assert said.startswith(("Savannah Tails", "Circle of Life", "Savernake Forest")) and " can " in said, said
    keys, refused = 0, 0
    while OVER not in said:
        keys += 1
        assert keys < 400, f"no end after 400 keys; last heard: {heard[-3:]}"
        said = press(page, live, "Enter")
        heard.append(said)
        if OVER in said:
            break
        if said.startswith("Not allowed") and options["turns"] and refused < 3:
            refused += 1
            heard.append(press(page, live, "r"))
            continue
        refused = 0
        if "Cursor on" in said:
            continue  # the cursor went to the new choices: Enter there
        heard.append(press(page, live, "ArrowRight"))
    assert sum("Bots played" in h or "[greedy bot]" in h or "Blue " in h for h in heard) >= 2, heard  # bots' moves said
    final = press(page, live, "d")
    assert "over" in final and "win" in final, final
    page.get_by_role("button", name="Describe").click()
    page.wait_for_function("() => document.querySelector('.sk-description-text')")
    assert "over" in page.locator(".sk-board").aria_snapshot()
    page.screenshot(path=str(SHOTS / f"a11y-{game}-described.png"), full_page=True)
