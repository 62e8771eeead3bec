"""Click-to-redraw latency of a board in a real browser (Voila + Chromium).

Measured inside the page: a capturing ``pointerdown`` listener stamps the click
with ``performance.now()``, and a ``requestAnimationFrame`` loop watches the
canvas pixels until the first changed frame. The board is the game's classroom
notebook (its spec's ``teaching.classroom``). What is clicked is the board's own
choice (``sample_click``): Forest clicks alternate between taking a market card (a
canvas click) and the Undo button; Tails clicks a card in the hand, which lights its
spaces, and again, which puts them out; Circle clicks a card in the hand, which shows
its placement check (and lights its first hunt's targets), and again, which puts it back.
The Python side of one full redraw (scene + paint) and the comm messages it sends
are measured in-process. A click's frame copies from the frame before, so the page never
has to ask for the whole picture again (``whole_pictures_asked`` counts it). Needs the test extras (Playwright) and Debian's Chromium.
"""

from __future__ import annotations

import math
import statistics
import tempfile
import time
from pathlib import Path

from ..core.registry import games as registered_games

WATCH_JS = """() => {
  const el = document.querySelector('canvas');
  const ctx = el.getContext('2d');
  const hash = () => { const d = ctx.getImageData(0, 0, el.width, el.height).data; let h = 0;
                       for (let i = 0; i < d.length; i += 36) h = (h * 31 + d[i] + d[i + 1] * 7 + d[i + 2] * 13) | 0;
                       return h; };
  const h0 = hash();
  window._skLatency = null; window._skClick = null;
  document.addEventListener('pointerdown', () => { window._skClick = performance.now(); }, {capture: true, once: true});
  const poll = () => {
    if (window._skClick !== null && hash() !== h0) { window._skLatency = performance.now() - window._skClick; return; }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}"""


def classroom_notebook(game: str) -> str:
    """The game's classroom notebook, under ``notebooks/`` (where Voila serves from); a clear
    ``SystemExit`` for a game without one."""
    having = {name: spec.teaching.classroom for name, spec in registered_games().items() if spec.teaching.classroom}
    if game not in having:
        raise SystemExit(f"no classroom board to measure for {game!r}; choose from {', '.join(having)}")
    return having[game]


def replica_board(game: str):
    """The board the game's classroom notebook builds (same seed, same bots)."""
    return registered_games()[game].new_game(players=2, seed=1).widget(bots={1: "greedy"}, classroom=True)


def python_redraw(repeats: int = 10, *, game: str) -> dict:
    """Milliseconds to build the scene, and to turn it into the one message a redraw
    sends (plain data, serialised as the comm would); messages per redraw."""
    import json

    from ..ui.board import outlined

    board = replica_board(game)
    view = board.canvas.view
    sent = []
    original = view.comm.send if view.comm is not None else None
    if view.comm is not None:
        view.comm.send = lambda *args, **kwargs: sent.append(1)
    try:
        first = board.render()
        other = outlined(first, [(first.hits()[0], "last")])  # frames differ, as in play
        board.canvas.show(other)  # so that the first frame measured differs from the one shown
        sent.clear()
        t0 = time.perf_counter()
        for _ in range(repeats):
            scene = board.render()
        t1 = time.perf_counter()
        for i in range(repeats):
            board.canvas.show(other if i % 2 else scene)
            json.dumps(view.get_state(["scene"]))  # as the comm encodes the message
        t2 = time.perf_counter()
    finally:
        if original is not None:
            view.comm.send = original
    return {"scene_ms": round((t1 - t0) / repeats * 1000, 2), "paint_ms": round((t2 - t1) / repeats * 1000, 2),
            "messages_per_redraw": len(sent) / repeats, "shapes": len(scene.shapes)}


def _percentile(values, q):
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def measure(clicks: int = 40, browser=None, *, game: str) -> dict:
    """Median and 90th percentile click-to-first-changed-frame, plus the Python side.

    ``browser`` is a launched Playwright browser to reuse (the tests pass theirs);
    by default Debian's Chromium is launched here."""
    from .servers import CHROMIUM_ARGS, chromium_executable

    classroom_notebook(game)  # a game without one stops here
    if browser is not None:
        return _measure(browser, clicks, game)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("the browser benchmark needs the test extras: ./kit test installs them") from None
    exe = chromium_executable()
    if exe is None:
        raise SystemExit("the browser benchmark needs Debian's chromium (apt-get install -y chromium)")
    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=exe, headless=True, args=CHROMIUM_ARGS)
        try:
            return _measure(launched, clicks, game)
        finally:
            launched.close()


def _measure(browser, clicks: int, game: str) -> dict:
    from .servers import start_server

    board = replica_board(game)
    target, undo_between = board.sample_click()
    x, y = board.point_of(target)
    samples = []
    with tempfile.TemporaryDirectory() as tmp, start_server("voila", Path(tmp)) as server:
        page = browser.new_page(viewport={"width": 1500, "height": 1400})
        page.goto(f"{server.url}/voila/render/{classroom_notebook(game)}", wait_until="domcontentloaded",
                  timeout=120_000)
        canvas = page.locator("canvas.sk-canvas").first
        page.wait_for_function("() => { const el = document.querySelector('canvas'); if (!el || !el.width) return false;"
                               " const d = el.getContext('2d').getImageData(0, 0, el.width, el.height).data;"
                               " for (let i = 3; i < d.length; i += 400) if (d[i]) return true; return false; }",
                               timeout=120_000)
        undo = page.get_by_role("button", name="Undo").first
        asked = "() => Number(document.querySelector('canvas.sk-canvas').dataset.askedWhole || 0)"
        asked_before = page.evaluate(asked)
        for i in range(clicks):
            page.evaluate(WATCH_JS)
            if i % 2 == 0 or not undo_between:
                canvas.scroll_into_view_if_needed()
                box = canvas.bounding_box()
                scale = box["width"] / math.ceil(board.canvas.scene.width)
                page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)
            else:
                undo.click()
            samples.append(page.wait_for_function("() => window._skLatency", timeout=30_000).json_value())
        page.wait_for_timeout(200)  # a request for the whole picture would follow the frame at once
        wholes = page.evaluate(asked) - asked_before
        page.close()
    return {"click_to_frame_ms": {"median": round(statistics.median(samples), 1),
                                  "p90": round(_percentile(samples, 0.9), 1),
                                  "samples": [round(s, 1) for s in samples]},
            "whole_pictures_asked": wholes,
            "python_redraw": python_redraw(game=game)}
