"""A class plays in real Chromium: two students (a phone in portrait, a laptop), a projector
and the teacher, each in a browser context of their own, on a classroom server on loopback.

For each game the students play a whole game by clicking or tapping their pictures, with a
reconnect (the seat token in the browser), a teacher's undo, a bot taking over a seat left
empty, and the server killed and started again in the middle. Every websocket message each
student received is read: only their own seat's views. Screenshots: the phone at 390x844,
the laptop at 1280x720, the projector at 1920x1080 and the teacher's page.
"""

from __future__ import annotations

import json
import random
import time

import pytest

from browser_helpers import shot
from savannah_kit.classroom.load import ServerProcess

PHONE = dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, device_scale_factor=2)
LAPTOP = dict(viewport={"width": 1280, "height": 720})
PROJECTOR = dict(viewport={"width": 1920, "height": 1080})
#: clicks a student may need for a whole game (refused clicks included)
CLICKS = 900


class Student:
    """One student's page, with every websocket message it received."""

    def __init__(self, context, server, name: str, tap: bool):
        self.context, self.server, self.name, self.tap = context, server, name, tap
        self.frames: list = []
        self.errors: list = []
        self.open()
        page = self.page
        page.fill("#code", server.code)
        page.fill("#name", name)
        page.click("button[type=submit]")
        self.wait(lambda: self.view() is not None)

    def open(self) -> None:
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.page.goto(self.server.url + "/")

    def _frame(self, payload) -> None:
        self.frames.append(json.loads(payload))

    def views(self):
        return [f for f in self.frames if f["type"] == "view"]

    def view(self):
        views = self.views()
        return views[-1] if views else None

    def wait(self, test, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while not test():
            assert time.monotonic() < deadline, f"{self.name}: timed out"
            self.page.wait_for_timeout(40)

    def click(self, rng) -> None:
        """Click (or tap) one of the areas the view says can be chosen; wait for the answer."""
        view = self.view()
        hit = rng.choice(view["targets"] or view["hits"])
        count = len(self.frames)
        area = self.page.locator(f'#picture [data-hit="{hit}"]').first
        if self.tap:
            area.tap(force=True, timeout=10_000)
        else:
            area.click(force=True, timeout=10_000)
        self.wait(lambda: len(self.frames) > count and any(f["type"] in ("view", "error")
                                                           for f in self.frames[count:]))

    def reopen(self) -> None:
        """Close the tab and open the page again: the browser keeps the seat token."""
        self.page.close()
        self.open()
        self.wait(lambda: self.view() is not None)


def moves(student) -> int:
    return student.view()["moves"]


def play(students, rng, until, clicks: int = CLICKS) -> None:
    """The student to move clicks until ``until()`` holds (or the game is over)."""
    for _ in range(clicks):
        if until():
            return
        mover = next((s for s in students if s.view()["yours"]), None)
        if mover is None:  # a bot's turn, or over
            if students[0].view()["over"]:
                return
            students[0].page.wait_for_timeout(100)
            continue
        mover.click(rng)
    raise AssertionError(f"no progress after {clicks} clicks")


def same_moves(students, n: int) -> None:
    for s in students:
        s.wait(lambda: moves(s) == n)


@pytest.mark.parametrize("game", ["forest", "circle", "tails"])
def test_a_class_plays_a_whole_game(browser, tmp_path, game):
    server = ServerProcess(game, tmp_path / "room.sqlite", tables=1, players=2, takeover=1,
                           log=tmp_path / "server.log")
    contexts = []
    try:
        def context(**options):
            made = browser.new_context(**options)
            contexts.append(made)
            return made

        rng = random.Random(5)
        teacher = context(**LAPTOP).new_page()
        teacher.goto(f"{server.url}/teacher/{server.secret}")
        projector = context(**PROJECTOR).new_page()
        projector.goto(f"{server.url}/projector?table=1")
        ana = Student(context(**PHONE), server, "Ana", tap=True)
        ben = Student(context(**LAPTOP), server, "<script>Ben", tap=False)
        students = [ana, ben]
        # a name is text: shown as typed, no script added to the page
        assert "<script>Ben" in ben.page.inner_text("#where")
        assert ben.page.evaluate("document.scripts.length") == 2
        teacher.wait_for_selector("#table-1 .seat")
        assert "<script>Ben" in teacher.inner_text("#table-1")

        play(students, rng, lambda: moves(ana) >= 3)
        same_moves(students, moves(ana))
        # a reconnect: Ben's tab is closed and opened again, and he is back in his seat
        seat = ben.view()["seat"]
        ben.reopen()
        assert ben.view()["seat"] == seat and ben.view()["who"].endswith("(<script>Ben)")

        # the teacher takes a move back
        before = moves(ana)
        teacher.click("#table-1 button:text-is('Undo')")
        ana.wait(lambda: moves(ana) < before)
        same_moves(students, moves(ana))
        projector.wait_for_function(f"() => document.querySelector('#table-1 svg').dataset.moves === '{moves(ana)}'")

        # the server is killed and started again in the middle of the game: every page comes back
        play(students, rng, lambda: moves(ana) >= before + 2)
        stored = moves(ana)
        same_moves(students, stored)
        counts = [len(s.views()) for s in students]
        server.kill()
        server.start()
        for s, count in zip(students, counts):
            s.wait(lambda: len(s.views()) > count, timeout=60)
            assert moves(s) == stored
        projector.wait_for_function("() => !document.body.classList.contains('offline')", timeout=60_000)

        # a bot takes over a seat left empty, where the teacher allows it; Ben then comes back
        teacher.wait_for_selector("#table-1 input[type=checkbox]")
        teacher.check("#table-1 input[type=checkbox]")
        ana.wait(lambda: ana.frames and any(f["type"] == "view" for f in ana.frames))
        play(students, rng, lambda: not ana.view()["yours"])  # Ben's turn: he leaves
        at = moves(ana)
        ben.page.close()
        ana.wait(lambda: any(s["bot"] for s in ana.view()["seats"]) and moves(ana) > at, timeout=30)
        ben.open()
        ben.wait(lambda: ben.view() is not None and not any(s["bot"] for s in ben.view()["seats"]))
        assert ben.view()["seat"] == seat
        ana.wait(lambda: not any(s["bot"] for s in ana.view()["seats"]))

        shot(ana.page, f"classroom-server-{game}-phone-390x844.png")
        shot(ben.page, f"classroom-server-{game}-laptop-1280x720.png")
        shot(projector, f"classroom-server-{game}-projector-1920x1080.png")
        shot(teacher, f"classroom-server-{game}-teacher.png", full_page=True)

        # and the students play the game to its end
        play(students, rng, lambda: ana.view()["over"])
        ben.wait(lambda: ben.view()["over"])
        assert "won" in ana.view()["turn"]
        projector.wait_for_function("() => document.querySelector('.turn').textContent.includes('won')")
        shot(projector, f"classroom-server-{game}-projector-end.png")

        # every message each student received: their own seat's views only, never another's
        for s in students:
            kinds = {f["type"] for f in s.frames}
            assert kinds <= {"seated", "view", "error", "freed"}, kinds
            assert {f["seat"] for f in s.views()} == {s.view()["seat"]}
            assert s.errors == []
        saves = server.dump()["tables"][0]["save"]
        assert json.loads(saves)["moves"] and len(server.dump()["moves"]) == moves(ana)
    finally:
        for made in contexts:
            made.close()
        server.stop()
