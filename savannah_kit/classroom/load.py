"""A real classroom server in its own process, and simulated browsers to load it.

``ServerProcess`` starts ``savannah-kit classroom`` on loopback (a free port, a database of
its own) and reads the join code and teacher secret from that database. ``Client`` is one
browser: a websocket speaking the server's JSON (tornado's client). ``measure`` seats
simulated students at every table, adds projectors and a teacher page, lets the students
play by clicking the areas their view says are clickable, and reports how long a move takes
to reach every screen of its table and whether any acknowledged move went missing or was
kept twice. The suite runs it for a few seconds; ``python -m savannah_kit.bench --classroom``
prints it, and ``--classroom-minutes N`` runs the long form.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Dict, List, Optional

from tornado.websocket import websocket_connect



def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``savannah-kit classroom GAME ...`` running on loopback; ``stop()`` (or ``kill()``) ends it."""

    def __init__(self, game: str, db, *, tables: int = 1, players: int = 2, bots: str = "", takeover: float = 60,
                 port: Optional[int] = None, log=None):
        self.game, self.db = game, Path(db)
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.args = [sys.executable, "-m", "savannah_kit.cli", "classroom", game, "--tables", str(tables),
                     "--players", str(players), "--port", str(self.port), "--db", str(self.db),
                     "--takeover", str(takeover)] + (["--bots", bots] if bots else [])
        self.log = log
        self.proc: Optional[subprocess.Popen] = None
        self.start()

    def start(self, timeout: float = 60) -> None:
        out = open(self.log, "a") if self.log else subprocess.DEVNULL
        self.proc = subprocess.Popen(self.args, stdout=out, stderr=subprocess.STDOUT, env=dict(os.environ))
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the classroom server stopped at once (exit {self.proc.returncode})")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the classroom server did not answer in time")
            time.sleep(0.1)
        settings = self.settings()
        self.code, self.secret = settings["code"], settings["secret"]

    def settings(self) -> dict:
        db = sqlite3.connect(self.db)
        try:
            return {k: json.loads(v) for k, v in db.execute("SELECT key, value FROM room")}
        finally:
            db.close()

    def dump(self) -> dict:
        """Everything the server has stored, read through a connection of our own."""
        from .store import Store

        store = Store(self.db)
        try:
            return store.dump()
        finally:
            store.close()

    def cpu_seconds(self) -> float:
        """Processor time the server has used so far (Linux; 0 elsewhere)."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return 0.0

    def kill(self) -> None:
        """End the server at once, as a power cut would (SIGKILL)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


class Client:
    """One browser's websocket. Every message it gets is kept, in order: ``received`` (the
    text), ``messages`` (parsed) and ``arrivals`` (when, ``time.monotonic``); ``until`` reads
    them in order, ``find`` searches them."""

    def __init__(self, conn, pictures: bool = True):
        self.conn = conn
        self.pictures = pictures
        self.received: List[str] = []
        self.messages: List[dict] = []
        self.arrivals: List[float] = []
        self.read = 0  # messages ``until`` has gone past
        self.token = ""
        self.closed = False
        self.changed = asyncio.Condition()
        self.reader = asyncio.ensure_future(self._read())

    @classmethod
    async def open(cls, url: str, pictures: bool = True) -> "Client":
        """A browser on the server at ``url``; ``pictures=False`` keeps neither the messages'
        text nor their pictures (their length stands for them): a long load test's 43 browsers
        would otherwise keep gigabytes of SVG."""
        conn = await websocket_connect(url.replace("http", "ws", 1) + "/ws", max_message_size=64 * 1024 * 1024)
        return cls(conn, pictures)

    async def _read(self) -> None:
        while True:
            text = await self.conn.read_message()
            async with self.changed:
                if text is None:
                    self.closed = True
                else:
                    msg = json.loads(text)
                    if not self.pictures:
                        for view in [msg] + list(msg.get("tables") or ()):
                            if isinstance(view, dict) and "svg" in view:
                                view["svg"] = len(view["svg"])
                    else:
                        self.received.append(text)
                    self.messages.append(msg)
                    self.arrivals.append(time.monotonic())
                self.changed.notify_all()
            if text is None:
                return

    async def send(self, data) -> None:
        await self.conn.write_message(data if isinstance(data, str) else json.dumps(data))

    async def find(self, test, start: int = 0, timeout: float = 10) -> int:
        """The index of the first message from ``start`` on that passes ``test``, waiting for it."""
        def found():
            return next((i for i in range(start, len(self.messages)) if test(self.messages[i])), None)

        async with self.changed:
            await asyncio.wait_for(self.changed.wait_for(lambda: found() is not None or self.closed), timeout)
        at = found()
        if at is None:
            raise ConnectionError("the server closed the websocket")
        return at

    async def until(self, test, timeout: float = 10) -> dict:
        """The next unread message that passes ``test`` (those before it are read too)."""
        at = await self.find(test, self.read, timeout)
        self.read = at + 1
        return self.messages[at]

    async def quiet(self, seconds: float = 0.3) -> List[dict]:
        """Wait ``seconds`` and read everything that came."""
        await asyncio.sleep(seconds)
        got = self.messages[self.read:]
        self.read = len(self.messages)
        return got

    async def join(self, code: str, name: str, table=None) -> dict:
        await self.send(dict(type="join", code=code, name=name, table=table))
        seated = await self.until(lambda m: m["type"] in ("seated", "error"))
        if seated["type"] == "error":
            raise ValueError(seated["text"])
        self.token = seated["token"]
        return await self.until(lambda m: m["type"] == "view")

    async def hello(self, token: str) -> dict:
        self.token = token
        await self.send(dict(type="hello", role="student", token=token))
        return await self.until(lambda m: m["type"] in ("view", "error"))

    def close(self) -> None:
        self.reader.cancel()
        self.conn.close()


def percentile(values: List[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _shows(table: int, moves: int):
    """A test for a message showing ``table`` with at least ``moves`` moves."""
    def test(msg: dict) -> bool:
        views = msg.get("tables", [msg]) if msg["type"] in ("view", "projector", "room") else []
        return any(v.get("table") == table and v["moves"] >= moves for v in views)
    return test


async def _measure(server: ServerProcess, tables: int, players: int, seconds: float, think: float,
                   seed: int) -> dict:
    rng = random.Random(seed)
    students: Dict[int, List[Client]] = {}
    for n in range(1, tables + 1):
        students[n] = []
        for p in range(players):
            c = await Client.open(server.url, pictures=False)
            await c.join(server.code, f"S{n}-{p}", n)
            students[n].append(c)
    projectors = [await Client.open(server.url, pictures=False) for _ in range(2)]
    await projectors[0].send(dict(type="hello", role="projector", table=None))
    await projectors[1].send(dict(type="hello", role="projector", table=1))
    teacher = await Client.open(server.url, pictures=False)
    await teacher.send(dict(type="hello", role="teacher", secret=server.secret))
    screens = {n: students[n] + [projectors[0], teacher] + ([projectors[1]] if n == 1 else []) for n in students}
    latencies: List[float] = []
    acknowledged = {n: 0 for n in students}  # moves the table's screens have all shown
    counts = {"clicks": 0, "refused": 0, "games": 0, "unanswered": 0}
    end = time.monotonic() + seconds

    async def table_loop(n: int) -> None:
        await asyncio.sleep(0.05)
        while time.monotonic() < end:
            latest = {c: next(m for m in reversed(c.messages) if m["type"] == "view") for c in students[n]}
            mover = next((c for c in students[n] if latest[c]["yours"]), None)
            if mover is None and not all(v["over"] for v in latest.values()):
                await asyncio.sleep(0.02)  # the views of the last move are on their way
                continue
            if mover is None:  # the game is over: the teacher starts a new one
                first = students[n][0]
                mark = len(first.messages)
                await teacher.send(dict(type="teacher", secret=server.secret, action="reset", table=n))
                await first.find(lambda m: m["type"] == "view" and m["moves"] == 0 and not m["over"], mark)
                counts["games"] += 1
                acknowledged[n] = 0  # a new game: its journal starts again
                continue
            before = latest[mover]["moves"]
            await asyncio.sleep(think * (0.5 + rng.random()))  # a student thinks, then clicks
            mark = len(mover.messages)
            clicked = time.monotonic()
            await mover.send(dict(type="click", token=mover.token, hit=rng.choice(latest[mover]["targets"] or latest[mover]["hits"])))
            counts["clicks"] += 1
            try:
                answer = mover.messages[await mover.find(lambda m: m["type"] in ("view", "error"), mark)]
            except asyncio.TimeoutError:
                counts["unanswered"] += 1
                continue
            if answer["type"] == "error" or answer["moves"] == before:
                counts["refused"] += 1
                continue
            arrived = []
            for c in screens[n]:
                at = await c.find(_shows(n, before + 1), 0 if c is not mover else mark)
                arrived.append(c.arrivals[at])
            latencies.append(max(arrived) - clicked)  # the move reached every screen of its table
            acknowledged[n] = answer["moves"]

    started, cpu = time.monotonic(), server.cpu_seconds()
    await asyncio.gather(*(table_loop(n) for n in students))
    ran, cpu = time.monotonic() - started, server.cpu_seconds() - cpu
    for c in [c for cs in students.values() for c in cs] + projectors + [teacher]:
        c.close()
    dump = server.dump()
    stored = {n: 0 for n in students}
    keys = set()
    duplicated = 0
    for tbl, n, _seat, _move in dump["moves"]:
        stored[tbl] += 1
        duplicated += (tbl, n) in keys
        keys.add((tbl, n))
    lost = sum(max(0, acknowledged[n] - stored[n]) for n in students)
    return {"game": server.game, "tables": tables, "students": tables * players, "projectors": len(projectors),
            "teachers": 1, "seconds": round(ran, 1), "moves": len(latencies),
            "clicks": counts["clicks"], "refused_clicks": counts["refused"], "unanswered_clicks": counts["unanswered"],
            "games_finished": counts["games"],
            "think_s": think, "server_cpu_ms_per_move": round(1000 * cpu / max(1, len(latencies)), 1),
            "load_average": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
            "p50_ms": round(percentile(latencies, 0.5) * 1000, 1), "p95_ms": round(percentile(latencies, 0.95) * 1000, 1),
            "max_ms": round(max(latencies, default=float("nan")) * 1000, 1), "lost": lost, "duplicated": duplicated,
            "stored_moves": sum(stored.values())}


def measure(game: str, *, tables: int = 10, players: int = 4, seconds: float = 5.0, think: float = 1.0,
            seed: int = 1, folder=None) -> dict:
    """Start a server, load it (see the module docstring), stop it; returns the figures:
    ``p95_ms`` (move -> every screen of its table updated), ``lost``, ``duplicated``..."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="savannah-kit-classroom-", dir=folder) as keep:
        server = ServerProcess(game, Path(keep) / "room.sqlite", tables=tables, players=players)
        try:
            return asyncio.run(_measure(server, tables, players, seconds, think, seed))
        finally:
            server.stop()
