"""A branching board in JupyterLab (light and dark): play, move the replay slider back,
try a different move there, and both lines are kept, the picture changed, the board did
not move, and two lines compare side by side. The Savernake Forest board stands in for
every game: branching lives in ``savannah_kit/ui``."""

from __future__ import annotations


import pytest

from browser_helpers import (canvas_stats, contrast, lab_board, play_human_turn, shot, wait_changed, wait_status)

pytestmark = pytest.mark.browser

CODE = ("from savannah_kit import forest\n"
        "game = forest.new_game(players=2, seed=1)\n"
        "board = game.widget(bots={1: 'greedy'}, branching=True)\n")


def lines_in_page(page) -> list:
    """The line picker's choices as the page shows them."""
    return page.eval_on_selector(".sk-history select", "s => Array.from(s.options).map(o => o.textContent)")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_move_tried_from_an_earlier_step_keeps_both_lines(page, lab_server, page_errors, theme):
    page.set_viewport_size({"width": 1400, "height": 2600})  # the board, its history and a comparison in one window: nothing scrolls
    canvas, board = lab_board(page, lab_server, f"branching_{theme}.ipynb", CODE, dark=theme == "dark")
    assert page.evaluate("() => document.body.dataset.jpThemeLight") == ("false" if theme == "dark" else "true")
    panel = board.lines
    play_human_turn(page, canvas, board)
    play_human_turn(page, canvas, board)
    main = list(board.game.history)
    # where a turn of the person's began (after the bot's): a market card to take, others on offer
    step = next(i for i in range(1, len(main)) if board._movers[i] == 0 and board._movers[i - 1] == 1)
    end_hash = canvas_stats(canvas)["hash"]
    box = canvas.bounding_box()

    handle = page.locator(".sk-history .noUi-handle").first
    handle.focus()
    for _ in range(len(main) - step):
        page.keyboard.press("ArrowLeft")
    panel.slider.value = step
    wait_status(page, board)
    assert f"Viewing move {step} of {len(main)} of line 1" in board.status.text
    viewing = wait_changed(page, canvas, end_hash)
    assert canvas.bounding_box()["y"] == box["y"], "the slider moved the board"
    page.locator(".sk-status").first.scroll_into_view_if_needed()
    shot(page, f"branching-viewing-{theme}.png")
    box = canvas.bounding_box()  # where the board is now, seen from the window

    page.get_by_role("button", name="Try a move from here").click()
    panel.try_here()
    wait_status(page, board)
    taken = main[step].slot
    play_human_turn(page, canvas, board, prefer=lambda game, slot: slot != taken)
    assert [ln.number for ln in panel.tree.lines] == [1, 2] and panel.tree.line(1).moves == main
    page.wait_for_function("() => document.querySelector('.sk-history select').options.length === 2", timeout=30_000)
    assert [" ".join(text.split()) for text in lines_in_page(page)] == [label for label, _n in panel.picker.options]
    page.wait_for_function("() => document.querySelector('.sk-moves').innerText.includes('leaves')", timeout=30_000)
    now = canvas_stats(canvas)["hash"]
    assert now != end_hash and now != viewing["hash"], "the branch's picture is the main line's"
    assert canvas.bounding_box()["y"] == box["y"], "the board moved"

    page.get_by_role("button", name="Compare", exact=True).click()
    panel.compare()
    page.wait_for_function("() => document.querySelectorAll('.sk-compare svg').length === 2", timeout=30_000)
    assert page.locator(".sk-compare table").count() == 2
    assert canvas.bounding_box()["y"] == box["y"], "the comparison moved the board"
    for selector in (".sk-history .sk-move", ".sk-compare td", ".sk-compare-title", ".sk-history .widget-label"):
        for i in range(min(page.locator(selector).count(), 12)):
            item = page.locator(selector).nth(i)
            if item.is_visible():
                found = contrast(item)
                assert found["ratio"] >= 4.5, f"{selector} #{i} reads {found}"

    page.locator(".sk-history").first.scroll_into_view_if_needed()
    shot(page, f"branching-{theme}.png")
    page.get_by_role("button", name="Back to main line").click()
    panel.back_to_main()
    wait_status(page, board)
    wait_changed(page, canvas, now)  # the main line's position again
    assert board.game.history == main and [ln.moves for ln in panel.tree.lines][0] == main
    assert page_errors == []
