"""What the browser tests do in a page: open and run notebooks in JupyterLab,
wait for canvases to really paint, read pixels. Every wait is on a real signal
(text, pixels), never a fixed sleep."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from savannah_kit.core import registry

ROOT = Path(__file__).resolve().parents[2]  # the project
CANVAS = ".jp-OutputArea-output canvas, .jp-OutputArea canvas, canvas"

# Number of non-background pixels and a hash of a canvas, read inside the page.
CANVAS_STATS_JS = """(el) => {
  const ctx = el.getContext('2d');
  if (!ctx || el.width === 0 || el.height === 0) return {painted: 0, hash: 0, w: el.width, h: el.height};
  const d = ctx.getImageData(0, 0, el.width, el.height).data;
  let painted = 0, hash = 0;
  for (let i = 0; i < d.length; i += 4) {
    if (d[i + 3] !== 0) painted++;
    hash = (hash * 31 + d[i] * 7 + d[i + 1] * 3 + d[i + 2]) | 0;
  }
  return {painted, hash, w: el.width, h: el.height};
}"""

PIXEL_JS = """([el, x, y]) => Array.from(el.getContext('2d').getImageData(x, y, 1, 1).data)"""


def canvas_stats(locator) -> dict:
    return locator.evaluate(CANVAS_STATS_JS)


def pixel(locator, x: int, y: int):
    return locator.evaluate("(el, xy) => Array.from(el.getContext('2d').getImageData(xy[0], xy[1], 1, 1).data)",
                            [x, y])


def wait_painted(page, locator, timeout: float = 60_000) -> dict:
    """Wait until the canvas holds painted pixels; returns its stats."""
    locator.wait_for(state="attached", timeout=timeout)
    handle = locator.element_handle()
    page.wait_for_function(
        """(el) => { const c = el.getContext('2d'); if (!c || !el.width) return false;
                     const d = c.getImageData(0, 0, el.width, el.height).data;
                     for (let i = 3; i < d.length; i += 4 * 97) if (d[i] !== 0) return true; return false; }""",
        arg=handle, timeout=timeout)
    return canvas_stats(locator)


def wait_changed(page, locator, old_hash: int, timeout: float = 30_000) -> dict:
    """Wait until the canvas picture differs from ``old_hash``."""
    handle = locator.element_handle()
    page.wait_for_function(f"(el) => ({CANVAS_STATS_JS})(el).hash !== {old_hash}", arg=handle, timeout=timeout)
    return canvas_stats(locator)


def open_notebook(page, server_url: str, name: str) -> None:
    """Open a notebook in JupyterLab and wait until its kernel is idle."""
    page.goto(f"{server_url}/lab/tree/{name}?reset", wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Notebook >> visible=true", timeout=90_000)
    wait_kernel_idle(page)


def wait_kernel_idle(page, timeout: float = 90_000) -> None:
    # The execution indicator reads idle before a kernel exists; the status bar text does not.
    page.wait_for_function(
        """() => Array.from(document.querySelectorAll('.jp-StatusBar-TextItem')).some(
               e => /\\|\\s*Idle\\s*$/.test(e.textContent) && !e.textContent.startsWith('No Kernel'))""",
        timeout=timeout)


def run_all(page, timeout: float = 180_000) -> None:
    """Run every cell from the Run menu and wait until the kernel is idle again with all cells run."""
    page.click(".lm-MenuBar-itemLabel:text-is('Run')")
    page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
    page.wait_for_function(
        """() => { const prompts = Array.from(document.querySelectorAll(
                      '.jp-Notebook .jp-CodeCell .jp-InputArea-prompt'));
                   return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent)); }""",
        timeout=timeout)
    wait_kernel_idle(page, timeout)


def error_outputs(page) -> list:
    """Texts of error outputs shown in the notebook (tracebacks)."""
    return page.eval_on_selector_all(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], "
        ".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']",
        "els => els.map(e => e.textContent.slice(0, 500))")


# -- boards in a page -----------------------------------------------------------------
BOARD_CANVAS = "canvas.sk-canvas"


def write_notebook(folder, name: str, cells) -> str:
    """Write a notebook of code cells (strings) into a server's folder; returns its name."""
    import json
    from pathlib import Path

    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [],
                     "source": src} for i, src in enumerate(cells)],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (Path(folder) / name).write_text(json.dumps(nb), "utf-8")
    return name


def open_in_lab(page, lab_server, name: str, cells, dark: bool = False) -> None:
    """Write a notebook of ``cells``, open it in JupyterLab (in its dark theme if asked: the
    setting is in place only while the page loads) and run all its cells."""
    settings = Path(lab_server.root).parent / "jupyterlab_settings_dir" / "@jupyterlab" / "apputils-extension"
    theme = settings / "themes.jupyterlab-settings"
    if dark:
        settings.mkdir(parents=True, exist_ok=True)
        theme.write_text(json.dumps({"theme": "JupyterLab Dark"}))
    write_notebook(lab_server.root, name, cells)
    try:
        open_notebook(page, lab_server.url, name)
    finally:
        if dark:
            theme.unlink()
    run_all(page)


def lab_board(page, lab_server, name: str, code: str, dark: bool = False):
    """(canvas, board replica) of the board ``code`` makes (as ``board``), run in JupyterLab."""
    open_in_lab(page, lab_server, name, [code + "board"], dark)
    canvas = page.locator(f".jp-OutputArea-output {BOARD_CANVAS}").first
    board = replica(code)
    wait_status(page, board)
    return canvas, board


SMALLEST_JS = """(least) => [...document.querySelectorAll('canvas.sk-canvas')].map(
    c => parseFloat(c.dataset.smallestText) * parseFloat(c.dataset.scale)).every(px => px >= least)"""


def smallest_text_px(page, canvases, at_least: float = 0, timeout: float = 15_000) -> float:
    """The smallest text on screen (CSS px) of the boards ``canvases`` locates: each picture's
    smallest font (``data-smallest-text``, scene units) times the scale it is drawn at. With
    ``at_least``, wait until every board's is that large (a board redraws for its column)."""
    def now():
        return min(float(canvases.nth(i).get_attribute("data-smallest-text")) *
                   float(canvases.nth(i).get_attribute("data-scale")) for i in range(canvases.count()))
    if at_least:
        try:
            page.wait_for_function(SMALLEST_JS, arg=at_least, timeout=timeout)
        except Exception:  # noqa: BLE001 - the assertion below says what was seen
            pass
        assert now() >= at_least, f"the smallest text on screen is {now():.1f} px, under {at_least} px"
    return now()


def replica(code: str):
    """Run a board notebook's code in this process: the same seed and moves give the same
    board, so the test knows what the page must show and where to click."""
    scope: dict = {}
    exec(code, scope)  # noqa: S102 - the tests' own code
    return scope["board"]


def open_voila(page, server, name: str, query: str = ""):
    """Open a notebook in Voila; returns the board's canvas once it has painted."""
    page.goto(f"{server.url}/voila/render/{name}{query}", wait_until="domcontentloaded", timeout=120_000)
    canvas = page.locator(BOARD_CANVAS).first
    wait_painted(page, canvas, timeout=120_000)
    return canvas


def scene_point(canvas, board, x: float, y: float):
    """Page coordinates of scene point (x, y) of the board's picture, measured now."""
    import math

    box = canvas.bounding_box()
    k = box["width"] / math.ceil(board.canvas.scene.width)
    return box["x"] + x * k, box["y"] + y * k


def visible_point(page, canvas, board, x: float, y: float):
    """``scene_point``, the page scrolled first if the point is out of the window (a board
    taller than the window: a person scrolls to what they click)."""
    px, py = scene_point(canvas, board, x, y)
    height = page.viewport_size["height"]
    if not 20 <= py <= height - 20:
        page.evaluate(f"(dy) => {{ ({SCROLLER_JS})().scrollTop += dy; }}", py - height / 2)
        px, py = scene_point(canvas, board, x, y)
    return px, py


SCENE_WIDTH_JS = """(c) => Math.round(c.getBoundingClientRect().width / parseFloat(c.dataset.scale))"""


def same_column(canvas, board, timeout: float = 15_000) -> None:
    """Give the replica the page's column, so that it draws the same arrangement (the compact
    picture in a narrow column) and its points are the page's; then wait until the page shows it."""
    import math
    import time

    if not hasattr(board, "use_column"):  # not a game's board: one arrangement
        return
    column = canvas.evaluate("(c) => Math.round(c.closest('.sk-sceneview').clientWidth)")
    board.use_column(int(column))
    want = math.ceil(board.canvas.scene.width)
    end = time.monotonic() + timeout / 1000
    while abs(canvas.evaluate(SCENE_WIDTH_JS) - want) > 2:
        assert time.monotonic() < end, f"the page's picture is {canvas.evaluate(SCENE_WIDTH_JS)} wide, not {want}"
        time.sleep(0.05)


def click_hit(page, canvas, board, hit: str) -> None:
    """Click the hit area on the page and on the replica, then wait until the page's
    status line says what the replica's says."""
    same_column(canvas, board)
    point = board.point_of(hit)
    assert point is not None, f"{hit} is covered everywhere"
    page.mouse.click(*visible_point(page, canvas, board, *point))
    board.click_hit(hit)
    wait_status(page, board)


def plain_html(value: str) -> str:
    import html

    return html.unescape(re.sub("<[^>]+>", "", value))


def status_of(page) -> str:
    return page.locator(".sk-status").first.inner_text()


def wait_status(page, board, timeout: float = 30_000) -> None:
    """Wait until the page's status line reads like the replica's (white space ignored)."""
    want = "".join(plain_html(board.status.widget.value).split())
    try:
        page.wait_for_function(
            "(want) => { const e = document.querySelector('.sk-status');"
            " return e && e.innerText.replace(/\\s+/g, '') === want; }", arg=want, timeout=timeout)
    except Exception:
        raise AssertionError(f"status reads {status_of(page)!r}, expected {board.status.text!r}") from None


def play_human_turn(page, canvas, board, prefer=None) -> None:
    """Take a market card (``prefer(slot)`` picks which), place it on a legal cell
    turned with the buttons, and answer any advisor question; clicks on the page and the
    replica alike."""
    from savannah_kit.forest.state import Phase

    game = board.game
    seat = game.current_player
    slots = [m.slot for m in game.legal_moves()]
    slot = next((s for s in slots if prefer and prefer(game, s)), slots[0])
    click_hit(page, canvas, board, f"market:{slot}")
    (x, y), turns = sorted(game.legal_placements().items())[0]
    while board.rotation not in turns:
        page.get_by_role("button", name="turn right").first.click()
        board.rotate(+1)
        wait_status(page, board)
    click_hit(page, canvas, board, f"cell:{seat}:{x}:{y}")
    while game.current_player == seat and game.phase in (Phase.LAIR, Phase.WATER, Phase.CLEANUP):
        move = game.legal_moves()[0]
        hit = (f"corner:{seat}:{move.x}:{move.y}:{move.food}" if game.phase is Phase.WATER
               else f"animal:{seat}:{move.x}:{move.y}")
        click_hit(page, canvas, board, hit)


CONTRAST_JS = """(el) => {
  const parse = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return m.length > 3 ? m : [...m, 1]; };
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
                               return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  let node = el, bg = null;
  while (node && node.nodeType === 1) {
    const c = parse(getComputedStyle(node).backgroundColor);
    if (c[3] > 0.5) { bg = c; break; }
    node = node.parentElement;
  }
  bg = bg || [255, 255, 255, 1];
  const fg = parse(getComputedStyle(el).color);
  const mix = fg.slice(0, 3).map((v, i) => v * fg[3] + bg[i] * (1 - fg[3]));
  const [a, b] = [lum(mix), lum(bg)].sort((x, y) => y - x);
  return {ratio: (a + 0.05) / (b + 0.05), fg: getComputedStyle(el).color, bg: bg.join(','),
          text: el.innerText.slice(0, 60)};
}"""


def contrast(locator) -> dict:
    """WCAG contrast of an element's text against the first opaque background behind it."""
    return locator.evaluate(CONTRAST_JS)


SCROLLER_JS = """() => { let n = document.querySelector('canvas.sk-canvas').parentElement;
  while (n && n !== document.body) { const s = getComputedStyle(n);
    if (/(auto|scroll)/.test(s.overflowY) && n.scrollHeight > n.clientHeight) return n; n = n.parentElement; }
  return document.scrollingElement; }"""


def page_scroll(page) -> float:
    """How far the page around the board is scrolled (Voila scrolls an inner panel, not the window)."""
    return page.evaluate(f"() => ({SCROLLER_JS})().scrollTop")


def scroll_page_to(page, y: float) -> None:
    page.evaluate(f"(y) => {{ ({SCROLLER_JS})().scrollTop = y; }}", y)


# -- shared by the Tails and Circle board tests ---------------------------------------------
#: where the board tests write their screenshots (SAVANNAH_KIT_SHOTS, else test-artifacts/)
SHOTS = Path(os.environ.get("SAVANNAH_KIT_SHOTS") or ROOT / "test-artifacts")


def fingerprint(*games) -> str:
    return " ".join(f"{len(g.history)}:{hashlib.sha1(g.to_json().encode()).hexdigest()}" for g in games)


def replicas(code: str, *names: str):
    scope: dict = {}
    exec(code, scope)  # noqa: S102 - the tests' own code
    return [scope[n] for n in names]


def interruptible() -> None:
    """In the demo's process: Ctrl-C as in a terminal, even when the tests run in a
    background job (whose children start with SIGINT ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def shot(page, name: str, **options) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / name
    page.screenshot(path=str(path), **options)
    return path


def status_in(page, i: int) -> str:
    return page.locator(".sk-board").nth(i).locator(".sk-status").first.inner_text()


def wait_status_in(page, i: int, board, timeout: float = 30_000) -> None:
    """Wait until the status line of the page's board number ``i`` reads like the replica's."""
    want = "".join(plain_html(board.status.widget.value).split())
    try:
        page.wait_for_function(
            "([i, want]) => { const b = document.querySelectorAll('.sk-board')[i];"
            " const e = b && b.querySelector('.sk-status'); return e && e.innerText.replace(/\\s+/g, '') === want; }",
            arg=[i, want], timeout=timeout)
    except Exception:
        raise AssertionError(f"board {i}'s status reads {status_in(page, i)!r}, expected {board.status.text!r}") from None


def click_in(page, i: int, canvas, board, hit: str) -> None:
    """A real mouse click on ``hit`` of the page's board ``i``, and on the replica."""
    canvas.scroll_into_view_if_needed()
    same_column(canvas, board)
    point = board.point_of(hit)
    assert point is not None, f"{hit} is covered everywhere"
    page.mouse.click(*visible_point(page, canvas, board, *point))
    board.click_hit(hit)
    wait_status_in(page, i, board)


def kernel_check(page, want: str, timeout: float = 60_000) -> None:
    """Run the notebook's last cell again and wait until it prints ``want``."""
    cell = page.locator(".jp-Notebook .jp-CodeCell").nth(2)
    cell.scroll_into_view_if_needed()
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    try:
        page.wait_for_function(
            "(want) => { const c = document.querySelectorAll('.jp-Notebook .jp-CodeCell')[2];"
            " const o = c && c.querySelector('.jp-OutputArea-output'); return o && o.innerText.trim() === want; }",
            arg=want, timeout=timeout)
    except Exception:
        got = cell.locator(".jp-OutputArea-output").first.inner_text()
        raise AssertionError(f"the kernel's games are {got!r}, the replicas' {want!r}") from None


def classroom_text_px(canvas, board) -> float:
    from savannah_kit.core.scene import Text

    scale = float(canvas.get_attribute("data-scale"))
    return min(s.size for s in board.canvas.scene.shapes if isinstance(s, Text)) * scale


@contextlib.contextmanager
def classroom_demo(page, tmp_path, game: str, code: str):
    """``savannah-kit demo GAME`` served on a free port and opened at projector size (1280x720);
    yields its canvas, painted, and the replica of ``code`` once the page shows that game. On
    leaving, Ctrl-C stops the demo: it says it served and stopped, exits cleanly, and Voila goes
    with it."""
    from savannah_kit.dev.servers import free_port, wait_for_http

    page.set_viewport_size({"width": 1280, "height": 720})
    port = free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "rt"), JUPYTER_CONFIG_DIR=str(tmp_path / "cfg"))
    log = (tmp_path / "demo.log").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "savannah_kit.cli", "demo", game, "--port", str(port)],
                            env=env, stdout=log, stderr=subprocess.STDOUT, preexec_fn=interruptible)
    try:
        wait_for_http(f"http://127.0.0.1:{port}/", proc, timeout=120)
        page.goto(f"http://127.0.0.1:{port}/", wait_until="domcontentloaded", timeout=120_000)
        canvas = page.locator(BOARD_CANVAS).first
        assert wait_painted(page, canvas, timeout=120_000)["painted"] > 10_000
        board = replica(code)
        # the server may already have dealt this game (its first request runs the notebook): the same game
        page.wait_for_function("(t) => document.querySelector('canvas.sk-canvas').dataset.title === t",
                               arg=board.canvas.scene.title, timeout=60_000)
        yield canvas, board
    finally:
        proc.send_signal(signal.SIGINT)  # Ctrl-C
        exit_code = proc.wait(30)
    text = (tmp_path / "demo.log").read_text()
    assert f"Classroom board for {game}: open http://127.0.0.1:" in text
    assert "Classroom board stopped." in text and exit_code == 0
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5)
    except OSError:
        return
    raise AssertionError("Voila still serves after the demo stopped")


def assert_fits_projector(page, canvas) -> None:
    """The page does not scroll at 1280x720 and the whole picture is on screen."""
    sizes = page.evaluate("() => ({sh: document.scrollingElement.scrollHeight, h: innerHeight,"
                          " sw: document.scrollingElement.scrollWidth, w: innerWidth})")
    assert sizes["sh"] <= sizes["h"] and sizes["sw"] <= sizes["w"], f"the page scrolls: {sizes}"
    box = canvas.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 720 and box["x"] >= 0 and box["x"] + box["width"] <= 1280


def reload_keeps_the_game(page, board):
    """Reload the page: the same game comes back, with the last lines of its log under the
    board, each bot's label kept (issue 32: they vanished); returns the new canvas."""
    page.reload(wait_until="domcontentloaded", timeout=120_000)
    canvas = page.locator(BOARD_CANVAS).first
    wait_painted(page, canvas, timeout=120_000)
    assert canvas.get_attribute("data-title") == board.canvas.scene.title, "the reload dealt a new game"
    recent = [" ".join(t.split()) for t in page.locator(".sk-recent .sk-line").all_inner_texts()]
    assert recent == [" ".join(t.split()) for t in board.log.plain[-3:]], recent
    return canvas


def saved_soon(path, game, timeout: float = 10.0) -> bool:
    """Whether the kernel's save file holds ``game`` within ``timeout`` seconds (it is
    written just after the status line reaches the page)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if json.loads(path.read_text("utf-8")) == json.loads(game.to_json()):
                return True
        except (OSError, ValueError):
            pass
        time.sleep(0.1)
    return False


def reads_from_the_back(page, voila_server, notebook: str, code: str, name: str) -> None:
    """The classroom board of ``notebook`` (the replica of ``code``) at 1920x1080: the status
    line, the buttons and the smallest text of the picture all 24 px or more. The classroom
    picture is a fixed landscape whose smallest text is ``render.CLASSROOM_TEXT`` units: fitted
    to 1920x1080 that is 24 px or more. Screenshot ``name``."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    canvas = open_voila(page, voila_server, notebook)
    board = replica(code)
    wait_status(page, board)
    page.wait_for_timeout(300)  # let the picture settle at its fitted size
    shot(page, name)
    status_px = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.sk-status')).fontSize)")
    button_px = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.sk-board button')).fontSize)")
    assert status_px >= 24 and button_px >= 24
    smallest = classroom_text_px(canvas, board)
    print(f"smallest picture text at 1920x1080: {smallest:.1f} px")
    assert smallest >= 24, f"text on the board down to {smallest:.1f} px"


def same_state(a, b) -> bool:
    """Two positions are the same (Forest's forests compare by what they hold: their repr)."""
    return a == b or repr(a) == repr(b)


def random_clicks(page, voila_server, tmp_path, game_name: str, *, points: float, hits: float, keyboard: float,
                  buttons, press=None, wait_picture=None, guided: bool = False) -> None:
    """200 seeded random clicks on a two-player board of ``game_name`` against the greedy bot
    (``guided``: a first game with its guide), each mirrored on the replica: a point anywhere on
    the canvas (with chance ``points``; a fifth of them on the picture's very edge, others on gaps
    between clickable things too), one of the board's own hit areas (up to ``hits``; the
    keyboard's targets with chance ``keyboard``, else as often one that cannot be chosen now as
    any), else one of ``buttons`` by name (Undo and New game here, others by ``press(board,
    name)``). After each, the page says what the replica says, the game is its own history
    replayed, and the game the kernel saves is the replica's; no status line ever says
    "Something went wrong"; at the end, neither the page nor the server log shows a traceback.
    ``wait_picture(old hash, changed)`` waits for the page's picture where the next click must
    see it."""
    module = registry.game(game_name).load()
    from savannah_kit.ui.canvas import scene_json

    page.set_viewport_size({"width": 1400, "height": 1200})
    saved_by_kernel = tmp_path / "kernel.json"
    code = (f"from savannah_kit import {game_name}\n"
            f"game = {game_name}.new_game(players=2, seed=5)\n"
            f"board = game.widget(bots={{1: 'greedy'}}, guided={guided}, autosave=%r)\n")
    notebook = f"{game_name}_fuzz.ipynb"
    write_notebook(voila_server.root, notebook, [code % str(saved_by_kernel) + "board"])
    log_before = voila_server.log_text()
    canvas = open_voila(page, voila_server, notebook)
    board = replica(code % str(tmp_path / "replica.json"))
    game = board.game
    wait_status(page, board)
    rng = random.Random(2025)
    scene_w, scene_h = board.canvas.scene.width, board.canvas.scene.height
    counts = {"point": 0, "hit": 0, "button": 0, "checked": 0, "edge": 0, "gap": 0}

    def steady(x, y):  # the same hit area all around: no doubt about what the page hits
        here = board.canvas.scene.hit_at(x, y)
        return all(board.canvas.scene.hit_at(x + dx, y + dy) == here for dx in (-2, 0, 2) for dy in (-2, 0, 2))

    def edge_point():  # on the picture's outermost pixels, where nothing is clickable (or None)
        for _try in range(40):
            if rng.random() < 0.5:
                x, y = rng.choice([0.5, scene_w - 0.5]), rng.uniform(0.5, scene_h - 0.5)
            else:
                x, y = rng.uniform(0.5, scene_w - 0.5), rng.choice([0.5, scene_h - 0.5])
            inner = (min(max(x, 3), scene_w - 3), min(max(y, 3), scene_h - 3))
            if board.canvas.scene.hit_at(x, y) is None and steady(*inner) and board.canvas.scene.hit_at(*inner) is None:
                return x, y
        return None

    for step in range(200):
        r = rng.random()
        before, undone = game.to_json(), False
        if wait_picture is not None:
            old_hash, picture = canvas_stats(canvas)["hash"], scene_json(board.canvas.scene)
        if r < points:
            where = edge_point() if rng.random() < 0.2 else None
            if where is None:
                x, y = rng.uniform(3, scene_w - 3), rng.uniform(3, scene_h - 3)
                while not steady(x, y):
                    x, y = rng.uniform(3, scene_w - 3), rng.uniform(3, scene_h - 3)
            else:
                x, y = where
            if where is not None or board.canvas.scene.hit_at(x, y) is None:
                counts["edge" if where is not None else "gap"] += 1
            page.mouse.click(*visible_point(page, canvas, board, x, y))
            board.canvas.click(x, y)
            counts["point"] += 1
        elif r < hits:
            choosable = board.keyboard_order()
            rest = [h for h in board.hits() if h not in choosable]  # emptied slots, others' things, piles...
            pool = choosable if rng.random() < keyboard and choosable else rest if rest and rng.random() < 0.5 \
                else board.hits()
            hit = rng.choice(pool)
            point = board.point_of(hit)
            if point is None or not steady(*point):
                continue
            page.mouse.click(*visible_point(page, canvas, board, *point))
            board.canvas.click(*point)
            counts["hit"] += 1
        else:
            name = rng.choice(buttons)
            button = page.get_by_role("button", name=name.replace("↶ ", ""), exact=True).first  # named in words
            if not button.is_visible():
                continue
            button.click()
            counts["button"] += 1
            if name == "↶ Undo":
                board.undo()
                undone = True
            elif name == "New game":
                board.new_game()
                if board.new_game_question.asking:
                    wait_status(page, board)
                    yes = rng.random() < 0.3
                    page.get_by_role("button", name="Yes, new game" if yes else "No, keep playing").click()
                    board.new_game_question.answer(yes)
            else:
                press(board, name)
        wait_status(page, board)
        if wait_picture is not None:
            wait_picture(old_hash, scene_json(board.canvas.scene) != picture)
        assert "went wrong" not in board.status.text, (step, board.status.text)
        assert "went wrong" not in status_of(page), (step, status_of(page))
        assert same_state(game.state, game.replay().state), step
        if game.to_json() != before and not undone:  # the kernel saves its game: the replica's, and replayable
            assert saved_soon(saved_by_kernel, game), step
            assert same_state(module.from_json(saved_by_kernel.read_text("utf-8")).state, game.state), step
            counts["checked"] += 1
    assert canvas.get_attribute("data-title") == board.canvas.scene.title
    assert counts["point"] > 50 and counts["hit"] > 50 and counts["checked"] >= 3, counts
    assert counts["edge"] >= 5 and counts["gap"] >= 5, counts
    assert len(game.history) > 0 or counts["button"] > 0, counts
    assert "Traceback" not in page.inner_text("body")
    assert "went wrong" not in status_of(page)
    assert_clean_log(voila_server, log_before)


def reload_after_undo_keeps_the_undo(page, voila_server, tmp_path, notebook: str, code: str, play) -> None:
    """The classroom notebook ``notebook`` (the replica of ``code``) saving its game to a file:
    ``play(canvas, board)`` makes a move on the page, Undo takes it back, and a reload shows
    the board as it was before the move, not the saved move."""
    state = tmp_path / "game.json"
    source = "".join(json.loads((ROOT / "notebooks" / notebook).read_text("utf-8"))["cells"][0]["source"])
    name = Path(notebook).stem + "_undo_reload.ipynb"
    write_notebook(voila_server.root, name, [f"import os\nos.environ['SAVANNAH_KIT_DEMO_STATE'] = {str(state)!r}\n"
                                             + source])
    page.set_viewport_size({"width": 1280, "height": 720})
    canvas = open_voila(page, voila_server, name)
    board = replica(code)
    wait_status(page, board)
    start = canvas_stats(canvas)["hash"]
    play(canvas, board)
    assert saved_soon(state, board.game), "the kernel did not save the move"
    page.get_by_role("button", name="Undo").click()
    board.undo()
    wait_status(page, board)
    assert board.game.history == []
    assert saved_soon(state, board.game), "the file kept the undone moves"
    page.reload(wait_until="domcontentloaded", timeout=120_000)
    canvas = page.locator(BOARD_CANVAS).first
    wait_painted(page, canvas, timeout=120_000)
    page.wait_for_timeout(500)
    assert canvas_stats(canvas)["hash"] == start, "the reload brought the undone moves back"


def assert_readable(page) -> int:
    """Every visible line of the status, the recent log and every button of the boards on the
    page has a contrast of 4.5 or more against what is behind it; returns how many were read."""
    checked = 0
    for selector in (".sk-status span", ".sk-recent .sk-line", ".sk-board button"):
        for i in range(page.locator(selector).count()):
            item = page.locator(selector).nth(i)
            if item.is_visible():
                found = contrast(item)
                assert found["ratio"] >= 4.5, f"{selector} #{i} reads {found}"
                checked += 1
    assert checked >= 3
    return checked


def dark_classroom_reads_well(page, voila_server, notebook: str, code: str, refuse, name: str) -> None:
    """The classroom board of ``notebook`` (the replica of ``code``) in the dark theme at
    1280x720: after a refusal (``refuse(canvas, board)`` clicks something not allowed; its
    line is the hardest to read), the page does not scroll and every line and button reads
    well. Screenshot ``name``."""
    page.set_viewport_size({"width": 1280, "height": 720})
    canvas = open_voila(page, voila_server, notebook, "?theme=dark")
    board = replica(code)
    wait_status(page, board)
    assert page.evaluate("() => document.body.dataset.jpThemeLight") == "false", "not the dark theme"
    refuse(canvas, board)
    sizes = page.evaluate("() => ({sh: document.scrollingElement.scrollHeight, h: innerHeight})")
    assert sizes["sh"] <= sizes["h"], f"the page scrolls: {sizes}"
    assert_readable(page)
    page.mouse.move(2, 700)
    shot(page, name)


# The Jupyter server logs a traceback when it writes to a websocket the browser has just closed
# (a reload or a closed tab racing the kernel's last messages): jupyter_server and tornado noise,
# never the kit's. Every other traceback in a server log fails the test that wrote it.
SOCKET_CLOSED = ("WebSocketClosedError", "StreamClosedError")


def server_errors(log: str) -> list[str]:
    """The tracebacks (each up to its exception line) and ERROR lines in ``log``, a slice of a
    server's log, leaving out a closed websocket's traceback and the ERROR line announcing it."""
    lines = log.splitlines()
    found, i = [], 0
    while i < len(lines):
        if lines[i].lstrip().startswith("Traceback"):
            j = i + 1
            while j < len(lines) and (lines[j][:1].isspace() or not lines[j].strip()):
                j += 1
            block = "\n".join(lines[i:j + 1])
            if not any(name in block for name in SOCKET_CLOSED):
                found.append(block)
            i = j + 1
        elif " ERROR " in lines[i] or lines[i].startswith("ERROR"):
            after = "\n".join(lines[i + 1:i + 40])
            if not ("Traceback" in after[:400] and any(name in after for name in SOCKET_CLOSED)):
                found.append(lines[i])
            i += 1
        else:
            i += 1
    return found


def assert_clean_log(server, before: str) -> None:
    """Nothing went wrong on ``server`` since its log read ``before``."""
    errors = server_errors(server.log_text()[len(before):])
    assert not errors, "\n".join(errors)[-3000:]


def paints_on_first_load_and_after_a_reload(page, voila_server, notebook: str, code: str, play):
    """The classroom board of ``notebook`` paints at once in Voila, and again after a reload
    (no state file here: every load deals the same new game, the replica of ``code``); the
    reloaded board still plays: ``play(canvas, board)`` makes a move, and the bots answer.
    Returns the replica."""
    page.set_viewport_size({"width": 1280, "height": 720})
    log_before = voila_server.log_text()
    for load in ("first", "reload"):
        if load == "first":
            canvas = open_voila(page, voila_server, notebook)
        else:
            page.reload(wait_until="domcontentloaded", timeout=120_000)
            canvas = page.locator(BOARD_CANVAS).first
        assert wait_painted(page, canvas, timeout=120_000)["painted"] > 10_000, load
        board = replica(code)
        wait_status(page, board)
        assert canvas.get_attribute("data-title") == board.canvas.scene.title, load
    before = canvas_stats(canvas)["hash"]
    play(canvas, board)
    wait_changed(page, canvas, before)
    assert len(board.game.history) >= 2 and status_of(page).startswith(board.instruction()), status_of(page)
    assert "Bots played:" in status_of(page), status_of(page)
    assert_clean_log(voila_server, log_before)
    return board


def guide_of(page) -> str:
    """The page's guide line (of its first board), its white space read as single spaces."""
    return " ".join(page.locator(".sk-guide").first.inner_text().split())


def wait_guide(page, board, timeout: float = 10_000) -> None:
    """Wait until the page's guide line says what the replica's says."""
    want = " ".join(board.guide.text.split())
    try:
        page.wait_for_function("(t) => document.querySelector('.sk-guide').innerText.split(/\\s+/).join(' ').trim()"
                               " === t", arg=want, timeout=timeout)
    except Exception:
        raise AssertionError(f"the guide reads {guide_of(page)!r}, expected {want!r}") from None
