"""The lessons as a static website (``savannah-kit site``), offline in Chromium: the site is
served from loopback by ``python -m http.server``, and every request to anywhere else is
refused and counted (the test fails on any). From the front page a learner opens lesson 1 of
each game, runs it in the browser's own Python (Pyodide), plays the guided game's first step by
clicking the board, answers an exercise and reads its feedback; the notebook, saved, and the
solved exercise are still there after a reload (the browser's storage).

The site is built once per kit version (a hash of the kit's sources and notebooks) into the
user's cache folder; a rerun reuses it. First-load times, the site's size and a screenshot of a
board running inside the site go to ``test-artifacts/``.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from browser_helpers import (BOARD_CANVAS, ROOT, SHOTS, click_hit, error_outputs, run_all, shot, status_of,
                             wait_guide, wait_kernel_idle, wait_painted, wait_status)
from savannah_kit import site
from savannah_kit.dev.servers import free_port, wait_for_http
from savannah_kit.teach.exercise import exercise
from test_browser_guided import next_target

pytestmark = pytest.mark.browser
LOAD = 240_000  # ms: a first kernel start unpacks Pyodide and every wheel, slow on a busy machine


def kit_sources_hash() -> str:
    """What the built site depends on: the kit's package, its notebooks and its metadata."""
    digest = hashlib.sha256()
    files = [ROOT / "pyproject.toml", *sorted((ROOT / "savannah_kit").rglob("*")),
             *sorted((ROOT / "notebooks").rglob("*.ipynb"))]
    for path in files:
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


@pytest.fixture(scope="module")
def lite_site(browser_type_launch_args):
    """The built site (reused while the kit is unchanged), served on a free loopback port."""
    builds = site.cache_dir() / "site-test"
    builds.mkdir(parents=True, exist_ok=True)
    folder = builds / kit_sources_hash()
    if not folder.is_dir():
        partial = Path(tempfile.mkdtemp(prefix="partial-", dir=builds))
        site.build(partial / "site")
        try:
            partial.rename(folder)  # whole or not at all
        except OSError:  # another run built the same version meanwhile
            shutil.rmtree(partial)
    for old in builds.iterdir():  # other versions of the kit, left for a day
        if old != folder and time.time() - old.stat().st_mtime > 86_400:
            shutil.rmtree(old, ignore_errors=True)
    served = folder / "site"
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                             "--directory", str(served)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for_http(url + "/", proc)
        yield {"url": url, "root": served}
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.fixture
def offline(page, lite_site):
    """Every request the page and its workers make to anything but the site is refused; yields
    the list of what went to the site (the refused ones fail the test)."""
    seen, refused = [], []

    def route(request_route):
        url = request_route.request.url
        if url.startswith(lite_site["url"] + "/") or url.startswith(("data:", "blob:")):
            seen.append(url)
            request_route.continue_()
        else:
            refused.append(url)
            request_route.abort()

    page.context.route("**/*", route)
    yield seen
    assert refused == [], f"the site tried to reach {refused}"


def figures(**values) -> None:
    """Add measured figures to ``test-artifacts/site-figures.json`` (for the record, not asserted)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / "site-figures.json"
    old = json.loads(path.read_text()) if path.is_file() else {}
    path.write_text(json.dumps({**old, **values}, indent=1))
    print(values)


def guided_code(notebook: str) -> str:
    """The lesson's code cells up to its guided board, the board named ``board``: the replica
    that tells the test what the page must show and where to click."""
    cells = json.loads((ROOT / "notebooks" / notebook).read_text("utf-8"))["cells"]
    code = []
    for cell in cells:
        if cell["cell_type"] == "code":
            source = "".join(cell["source"]).rstrip()
            if "guided=True" in source:
                *body, last = source.split("\n")
                return "\n".join(code + body + [f"board = {last}"])
            code.append(source)
    raise AssertionError(f"{notebook} has no guided board")


def open_lesson(page, lite_site, notebook: str) -> dict:
    """From the front page, open ``notebook`` and run it; returns the seconds to the notebook,
    to a running kernel and to a painted board."""
    t0 = time.monotonic()
    page.goto(lite_site["url"] + "/", wait_until="domcontentloaded")
    page.locator(f"a[href='lab/index.html?path={notebook}']").click()
    page.wait_for_selector(".jp-Notebook >> visible=true", timeout=LOAD)
    shown = time.monotonic() - t0
    wait_kernel_idle(page, LOAD)
    kernel = time.monotonic() - t0
    run_all(page, LOAD)
    canvas = page.locator(f".jp-OutputArea-output {BOARD_CANVAS}").first
    wait_painted(page, canvas, LOAD)
    painted = time.monotonic() - t0
    assert error_outputs(page) == []
    return {"notebook": round(shown, 1), "kernel": round(kernel, 1), "board": round(painted, 1)}


def first_guided_step(page, notebook: str):
    """Click what the guide outlines first, on the page and on the replica: the page's status
    line and guide then read like the replica's, and the click was not refused."""
    canvas = page.locator(f".jp-OutputArea-output {BOARD_CANVAS}").first
    scope: dict = {}
    exec(guided_code(notebook), scope)  # noqa: S102 - the lesson's own code
    board = scope["board"]
    assert board.guided
    wait_status(page, board)
    canvas.scroll_into_view_if_needed()
    before = status_of(page)
    click_hit(page, canvas, board, next_target(board))
    wait_guide(page, board)
    assert status_of(page) != before and not status_of(page).startswith("✗"), status_of(page)
    return canvas


def add_cell(page, code: str) -> None:
    """Add a code cell at the end of the notebook, as a learner would, and run it."""
    page.locator(".jp-Notebook .jp-Cell >> visible=true").last.locator(".jp-InputArea-prompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.insert_text(code)
    page.keyboard.press("Shift+Enter")


def answer(page, exercise_id: str) -> None:
    """Type the engine's answer to the notebook's exercise ``exercise_id`` and press Check:
    the feedback says it is right and the exercise is marked solved."""
    record = exercise(exercise_id)
    box = page.locator(".sk-exercise").last
    box.wait_for(timeout=LOAD)
    box.scroll_into_view_if_needed()
    box.locator("input[type=text]").fill(record.answer.show(record.solve(record.position())))
    box.get_by_role("button", name="Check", exact=True).click()
    box.locator(".sk-feedback.sk-right").wait_for(timeout=60_000)
    assert box.locator(".sk-feedback").inner_text().startswith("✓ Right")
    box.locator(".sk-solved").wait_for(timeout=30_000)


def save_and_reload(page) -> float:
    """Save the notebook (Ctrl+S) into the browser's storage, reload, wait for the kernel;
    returns the seconds from the reload to a running kernel (a second visit)."""
    page.locator(".jp-Notebook >> visible=true").first.press("Control+s")
    page.wait_for_function("() => !document.querySelector('.jp-Notebook.jp-mod-dirty, .lm-TabBar-tab.jp-mod-dirty')",
                           timeout=30_000)
    t0 = time.monotonic()
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Notebook >> visible=true", timeout=LOAD)
    wait_kernel_idle(page, LOAD)
    return round(time.monotonic() - t0, 1)


def run_cell(page, text: str = None) -> None:
    """Run the notebook's code cell holding ``text`` (else its last code cell), scrolled into
    view first: the notebook draws only the cells in view."""
    page.evaluate("""() => { for (const el of document.querySelectorAll('.jp-WindowedPanel-outer'))
                              el.scrollTop = el.scrollHeight; }""")
    cells = page.locator(".jp-Notebook .jp-CodeCell >> visible=true")
    cell = cells.filter(has_text=text).last if text else cells.last
    cell.scroll_into_view_if_needed(timeout=30_000)
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")


def test_the_front_page_lists_the_lessons_and_says_what_is_left_out(page, lite_site, offline):
    page.goto(lite_site["url"] + "/", wait_until="domcontentloaded")
    text = page.inner_text("body")
    for notebook in ("forest/01_play_in_10_minutes.ipynb", "tails/08_fine_print.ipynb",
                     "teacher/circle_answer_key.ipynb", "reference/tails_rules.ipynb"):
        assert page.locator(f"a[href='lab/index.html?path={notebook}']").count() == 1, notebook
        assert (lite_site["root"] / "files" / notebook).is_file()
    assert not (lite_site["root"] / "files" / "lab").exists()
    assert "lab/" in text and "pandas" in text
    size = site.size(lite_site["root"])
    figures(site_megabytes=round(size / 1e6, 1), site_files=sum(1 for p in lite_site["root"].rglob("*")
                                                                 if p.is_file()))
    assert size < 200e6


def lesson(page, lite_site, game: str, exercise_id: str, add: bool) -> None:
    """Lesson 1 of ``game`` from the front page: run, the guided game's first step, and an
    exercise answered (``add``: in a cell the learner adds). Records the first-load times."""
    notebook = f"{game}/01_play_in_10_minutes.ipynb"
    figures(**{f"{game}_first_load_seconds": open_lesson(page, lite_site, notebook)})
    canvas = first_guided_step(page, notebook)
    shot(page, f"site-{game}-board.png", clip=canvas.bounding_box())
    if add:
        add_cell(page, f"from savannah_kit.teach.exercise import exercise\nexercise({exercise_id!r})")
    answer(page, exercise_id)


def test_forest_lesson_one_runs_offline_and_keeps_the_learners_work(page, lite_site, offline, page_errors):
    lesson(page, lite_site, "forest", "forest.food-points", add=True)
    shot(page, "site-forest-lesson.png")
    assert any(url.endswith(".whl") for url in offline), "the kernel's requests were not seen"
    figures(forest_reload_kernel_seconds=save_and_reload(page))
    # the learner's own cell comes back from the browser's storage, and so does the solved exercise
    run_cell(page, "exercise('forest.food-points')")
    page.locator(".sk-exercise .sk-solved").wait_for(timeout=LOAD)
    assert page_errors == []


def test_tails_lesson_one_runs_offline(page, lite_site, offline, page_errors):
    lesson(page, lite_site, "tails", "tails.race-order-level", add=True)
    assert page_errors == []


def test_circle_lesson_one_runs_offline_and_its_checklist_counts_the_exercise(page, lite_site, offline,
                                                                             page_errors):
    lesson(page, lite_site, "circle", "circle.turn-steps", add=False)
    save_and_reload(page)
    run_cell(page)  # the lesson's checklist, read from the progress kept in the browser
    page.get_by_text(re.compile(r"1 of \d+ exercises solved")).first.wait_for(timeout=LOAD)
    assert page_errors == []
