"""Draw the README's pictures: the board with the kit's own renderer, the class server's pages
with a browser.

    .venv/bin/python scripts/readme_pictures.py            rewrite docs/*.svg
    .venv/bin/python scripts/readme_pictures.py --check    exit 1 if a picture is out of date
    .venv/bin/python scripts/readme_pictures.py --browser  take the "Play as a class" screenshots

The "Play as a class" pictures are of web pages (a student's phone, the teacher's page): their
layout is the browser's (HTML and CSS around the picture), which the kit's renderer does not
draw, so they are screenshots in Debian's Chromium (Playwright, as the browser tests run it) of
a real classroom server on loopback, its students seated and playing seeded moves
(``BROWSER_PICTURES``). A browser's pixels vary with its version and fonts, so ``--check``
does not compare them; ``tests/test_readme_pictures.py`` checks that each exists at its size.
"""

import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def forest_midgame() -> str:
    from savannah_kit import forest
    from savannah_kit.core.bots import GreedyBot

    game = forest.new_game(players=2, seed=7)
    bots = [GreedyBot(1), GreedyBot(2)]
    for _ in range(24):
        game.play(bots[game.current_player].choose(game))
    return game.to_svg()


PICTURES = {"docs/forest_board.svg": forest_midgame}
#: the game the class server's screenshots show, and each screenshot: file -> (page, browser context options)
CLASS_GAME = "circle"
PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2)
TEACHER = dict(viewport={"width": 1280, "height": 720})
BROWSER_PICTURES = {"docs/classroom-server-phone.png": ("student", PHONE),
                    "docs/classroom-server-teacher.png": ("teacher", TEACHER)}


def class_screenshots(pictures, game: str = CLASS_GAME, moves: int = 6, seed: int = 4) -> None:
    """Screenshot each page of ``pictures`` ({file: ("student" | "teacher", context options)}) of
    a ``game`` room: a classroom server per picture, two students seated (the first in the pictured browser), the
    seat to move playing ``moves`` seeded moves over websockets, then the page as it is."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from playwright.sync_api import sync_playwright

    from savannah_kit.classroom.load import Client, ServerProcess
    from savannah_kit.dev.servers import CHROMIUM_ARGS, chromium_executable

    async def play(server, first_token: str) -> None:
        ben = await Client.open(server.url)
        await ben.join(server.code, "Ben", 1)
        ana = await Client.open(server.url)
        await ana.hello(first_token)
        rng = random.Random(seed)
        played = 0
        for _ in range(20 * moves):
            if played >= moves:
                break
            views = {c: next(m for m in reversed(c.messages) if m["type"] == "view") for c in (ana, ben)}
            mover = next((c for c, v in views.items() if v["yours"]), None)
            if mover is None:
                break
            mark = len(mover.messages)
            await mover.send(dict(type="click", token=mover.token,
                                  hit=rng.choice(views[mover]["targets"] or views[mover]["hits"])))
            answer = mover.messages[await mover.find(lambda m: m["type"] in ("view", "error"), mark)]
            played += answer["type"] == "view" and answer["moves"] > views[mover]["moves"]
        await asyncio.sleep(0.5)
        for c in (ana, ben):
            c.close()

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_executable(), headless=True, args=CHROMIUM_ARGS)
        for rel, (page_kind, options) in pictures.items():
            server = ServerProcess(game, Path(folder) / f"{game}-{page_kind}.sqlite", tables=2, players=2)
            try:
                context = browser.new_context(**options)
                page = context.new_page()
                page.goto(server.url + "/")
                page.fill("#code", server.code)
                page.fill("#name", "Ana")
                page.click("button[type=submit]")
                page.wait_for_selector("#picture svg")
                token = page.evaluate("localStorage.getItem('savannah-kit-seat')")
                with ThreadPoolExecutor(1) as other:  # Playwright's own loop runs in this thread
                    other.submit(asyncio.run, play(server, token)).result()
                if page_kind == "teacher":
                    page.goto(f"{server.url}/teacher/{server.secret}")
                    page.wait_for_selector(".table-card")
                else:
                    page.reload()
                    page.wait_for_selector("#picture svg")
                page.wait_for_timeout(500)
                path = ROOT / rel
                path.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(path))
                print("wrote", rel)
                context.close()
            finally:
                server.stop()
        browser.close()


def main(argv) -> int:
    if "--browser" in argv:
        class_screenshots(BROWSER_PICTURES)
        return 0
    stale = []
    for rel, draw in PICTURES.items():
        path = ROOT / rel
        svg = draw() + "\n"
        if "--check" in argv:
            if not path.is_file() or path.read_text("utf-8") != svg:
                stale.append(rel)
        else:
            path.write_text(svg, "utf-8")
            print("wrote", rel)
    if stale:
        print("out of date (run scripts/readme_pictures.py):", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
