"""The lessons in a real browser (Voila, Chromium): the quick-start notebook's own guided
game played to the end by clicking; one exercise answered by clicking its picture, one by
typing; the progress file remembers both and the start notebook's checklist shows it.

As elsewhere, a replica of the notebook's code runs in the test's process to know what the
page must show and where to click.
"""

from __future__ import annotations

import json
import math
import re
import shutil
from pathlib import Path

import pytest

from browser_helpers import (BOARD_CANVAS, click_hit, contrast, open_voila, replica, status_of, wait_guide,
                             wait_painted, write_notebook)
from savannah_kit.teach import progress
from savannah_kit.teach.checklist import checklist
from savannah_kit.teach.exercise import exercise
from test_browser_guided import next_target

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
QUICK_START = ROOT / "notebooks" / "forest" / "01_play_in_10_minutes.ipynb"


def notebook_code(path: Path) -> str:
    """The notebook's code cells as one program, its last expression (the board) named ``board``."""
    cells = ["".join(c["source"]) for c in json.loads(path.read_text("utf-8"))["cells"] if c["cell_type"] == "code"]
    *before, last = cells
    return "\n".join(before + ["board = " + last.strip()])


def test_the_quick_start_guided_game_is_played_to_the_end_by_clicking(page, voila_server, page_errors):
    page.set_viewport_size({"width": 1400, "height": 1200})
    shutil.copy(QUICK_START, Path(voila_server.root) / "quick_start.ipynb")
    canvas = open_voila(page, voila_server, "quick_start.ipynb")
    board = replica(notebook_code(QUICK_START))
    canvas.evaluate("(el) => el.scrollIntoView({block: 'center'})")  # the board sits under the pictures
    assert board.guided, "the quick start's board is not the guided one"
    game = board.game
    clicks = 0
    while not game.is_over:
        click_hit(page, canvas, board, next_target(board))
        clicks += 1
        status = status_of(page)
        assert not status.startswith("✗"), f"click {clicks} was refused: {status}"
        wait_guide(page, board)
    assert re.search(r"Game over · \w+ wins with \d+ points", status_of(page)), status_of(page)
    assert clicks >= 30
    assert "Traceback" not in page.inner_text("body") and page_errors == []


def _centre(scene, hit: str):
    """A point inside the clickable shape ``hit`` that no later clickable shape covers."""
    for shape in scene.find(hit):
        box = (shape.x, shape.y, shape.w, shape.h) if hasattr(shape, "w") else None
        if box is None and hasattr(shape, "cx"):
            box = (shape.cx - shape.r / 2, shape.cy - shape.r / 2, shape.r, shape.r)
        if box is None and hasattr(shape, "points"):
            xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
            box = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        if box is None:
            continue
        for fx in (0.5, 0.3, 0.7):
            for fy in (0.5, 0.3, 0.7):
                x, y = box[0] + box[2] * fx, box[1] + box[3] * fy
                if scene.hit_at(x, y) == hit:
                    return x, y
    raise AssertionError(f"{hit} cannot be clicked anywhere")


def _click_scene(page, canvas, scene, hit: str) -> None:
    x, y = _centre(scene, hit)
    box = canvas.bounding_box()
    k = box["width"] / math.ceil(scene.width)
    page.mouse.click(box["x"] + x * k, box["y"] + y * k)


def _exercise_box(page, index: int):
    return page.locator(".sk-exercise").nth(index)


def _check(page, box, answer_text: str = None, expect: str = None) -> str:
    """Press Check and return the feedback once it says ``expect`` ("right" or "wrong").

    An earlier verdict may still be on the page while the kernel answers, so the wait is
    for the verdict the test expects; a different one fails with the text it shows."""
    if answer_text is not None:
        box.locator("input[type=text]").fill(answer_text)
    box.get_by_role("button", name="Check", exact=True).click()
    wanted = f".sk-feedback.sk-{expect}" if expect else ".sk-feedback.sk-right, .sk-feedback.sk-wrong"
    try:
        box.locator(wanted).wait_for(timeout=30_000)
    except Exception:
        raise AssertionError(f"expected a {expect} verdict, the page says: "
                             f"{box.locator('.sk-feedback').inner_text()!r}") from None
    return box.locator(".sk-feedback").inner_text()


@pytest.fixture
def fresh_progress():
    """No exercise solved before the test, and none left solved after it for later tests."""
    progress.forget()
    yield
    progress.forget()


def test_exercises_are_answered_by_clicking_and_by_typing_and_remembered(page, voila_server, page_errors,
                                                                         fresh_progress):
    page.set_viewport_size({"width": 1280, "height": 1800})  # the whole exercise picture on screen
    clicked, typed = exercise("forest.where-can-it-go"), exercise("forest.food-points")
    write_notebook(voila_server.root, "two_exercises.ipynb", [
        "from savannah_kit.teach.exercise import exercise\nexercise('forest.where-can-it-go')",
        "exercise('forest.food-points')"])
    open_voila(page, voila_server, "two_exercises.ipynb")
    canvas = page.locator(BOARD_CANVAS).first
    wait_painted(page, canvas)

    # by clicking: each cell of the answer, on the picture
    canvas.evaluate("(el) => el.scrollIntoView({block: 'center'})")
    pos = clicked.position()
    scene = clicked.picture(pos)
    right = clicked.solve(pos)
    hits = [h for h in scene.hits() if clicked.click(pos, h) in right]
    assert {clicked.click(pos, h) for h in hits} == set(right)
    first = _exercise_box(page, 0)
    _click_scene(page, canvas, scene, hits[0])  # a wrong (incomplete) answer first: diagnosed, not solved
    page.wait_for_function("(el) => el.value.length > 0", arg=first.locator("input[type=text]").element_handle())
    if len(hits) > 1:
        assert _check(page, first, expect="wrong").startswith("✗ Not yet")
        assert not clicked.solved()
    for hit in hits[1:]:
        _click_scene(page, canvas, scene, hit)
    want = clicked.answer.show(right)
    page.wait_for_function("([el, want]) => el.value === want",
                           arg=[first.locator("input[type=text]").element_handle(), want], timeout=30_000)
    assert clicked.answer.read(first.locator("input[type=text]").input_value()) == right
    assert _check(page, first, expect="right").startswith("✓ Right")
    first.locator(".sk-solved").wait_for()

    # by typing: a wrong number is diagnosed, the right one accepted
    second = _exercise_box(page, 1)
    second.scroll_into_view_if_needed()
    answer = typed.solve(typed.position())
    assert _check(page, second, f"{answer + 5} points", expect="wrong").startswith("✗ Not yet")
    assert _check(page, second, f"{answer}", expect="right").startswith("✓ Right")
    assert set(progress.solved()) == {clicked.id, typed.id}

    # the start notebook's checklist counts them
    folder = ROOT / "notebooks"
    text = repr(checklist(folder))
    assert re.search(r"Savernake Forest: 2 of \d+ exercises solved", text), text
    write_notebook(voila_server.root, "my_checklist.ipynb", [
        f"from savannah_kit.teach.checklist import checklist\nchecklist({str(folder)!r})"])
    page.goto(f"{voila_server.url}/voila/render/my_checklist.ipynb", wait_until="domcontentloaded")
    page.get_by_text(re.compile(r"2 of \d+ exercises solved")).wait_for(timeout=60_000)
    assert "Traceback" not in page.inner_text("body") and page_errors == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_an_exercise_board_reads_well_in_both_themes(page, voila_server, page_errors, theme, fresh_progress):
    page.set_viewport_size({"width": 1280, "height": 720})
    write_notebook(voila_server.root, f"exercise_{theme}.ipynb", [
        "from savannah_kit.teach.exercise import exercise\nexercise('forest.food-points')"])
    query = "?theme=dark" if theme == "dark" else ""
    page.goto(f"{voila_server.url}/voila/render/exercise_{theme}.ipynb{query}", wait_until="domcontentloaded",
              timeout=120_000)
    box = page.locator(".sk-exercise").first
    box.wait_for(timeout=120_000)
    wait_painted(page, page.locator(BOARD_CANVAS).first)
    if theme == "dark":
        assert page.evaluate("() => document.body.dataset.jpThemeLight") == "false", "not the dark theme"
    before = box.locator(".sk-feedback").bounding_box()
    _check(page, box, "12345", expect="wrong")  # unreadable: a message, never a traceback, and the line keeps its height
    box.get_by_role("button", name="Hint", exact=True).click()
    page.wait_for_function("(el) => el.innerText.startsWith('Hint 1')",
                           arg=box.locator(".sk-feedback").element_handle())
    assert box.locator(".sk-feedback").bounding_box() == before
    texts = [box.locator(sel).first for sel in (".sk-ex-title", ".sk-ex-question", ".sk-feedback")]
    texts += [b for b in box.locator("button").all() if b.is_visible()]
    low = [found for found in map(contrast, texts) if found["ratio"] < 4.5]
    assert len(texts) >= 7 and not low, low
    ARTIFACTS = ROOT / "test-artifacts"  # screenshots to look at
    ARTIFACTS.mkdir(exist_ok=True)
    box.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"exercise-{theme}-1280x720.png"))
    assert "Traceback" not in page.inner_text("body") and page_errors == []
