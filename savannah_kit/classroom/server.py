"""The classroom's web server (Tornado): the pages, and one websocket per browser.

Pages: ``/`` the student's page (join code and first name, then their table), ``/projector``
(``?table=N``: one table large; without: every table small), ``/teacher/SECRET`` (the
teacher's page), ``/teacher/SECRET/saves.zip`` (every table's save file) and
``/teacher/SECRET/qr.svg`` (the join QR code). Everything the pages show comes over the
websocket ``/ws`` as JSON.

A browser's first message says who it is: ``{"type": "join", "code", "name", "table"?}`` (a
new student), ``{"type": "hello", "role": "student", "token"}`` (a student coming back),
``{"type": "hello", "role": "projector", "table"?}`` or ``{"type": "hello", "role":
"teacher", "secret"}``. Then students send ``{"type": "click", "token", "x", "y"}`` (or
``"hit"``) and ``{"type": "key", "token", "key": "r", "shift"}`` (the board's R), and the teacher ``{"type": "teacher", "secret", "action", "table", ...}``. The
server answers with views (``views``) and refusals ``{"type": "error", "field", "reason"}``;
a refused message changes nothing. Every accepted move is in the store before any browser
hears of it. Messages are at most ``MAX_MESSAGE`` bytes, and each socket may send
``RATE`` messages a second (``BURST`` at once).
"""

from __future__ import annotations

import io
import sys
import json
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Dict, Optional, Set, Tuple

import tornado.web
import tornado.websocket
from tornado.ioloop import IOLoop, PeriodicCallback

from .rooms import Room, RoomError, Table
from .views import RoomViews

PAGES = Path(__file__).parent / "pages"
#: the largest message a browser may send, bytes (a click is under 200)
MAX_MESSAGE = 4096
#: messages a socket may send each second, and at once
RATE, BURST = 10.0, 30
#: the teacher's actions, by the name their messages give
TEACHER_ACTIONS = ("pause", "resume", "undo", "hint", "bot", "free", "reset", "takeover")


class ClassServer:
    """The room, its views and the browsers connected (see the module docstring)."""

    def __init__(self, room: Room, *, takeover_seconds: float = 60.0, join_url: str = ""):
        self.room = room
        for table in room.tables.values():  # a table whose first player is a bot starts at once
            room.run_bots(table)
        self.views = RoomViews(room)
        self.takeover_seconds = takeover_seconds
        self.join_url = join_url
        self.sockets: Set["Socket"] = set()
        self.hints = ThreadPoolExecutor(1, thread_name_prefix="hint")  # the teacher's hints, one at a time
        now = time.monotonic()
        self.away: Dict[Tuple[int, int], float] = {  # seats with a student and no browser: since when
            (t.number, s.index): now for t in room.tables.values() for s in t.seats if s.token}

    def app(self) -> tornado.web.Application:
        return tornado.web.Application([
            (r"/", PageHandler, dict(page="student.html")),
            (r"/projector", PageHandler, dict(page="projector.html")),
            (r"/teacher/([^/]+)", TeacherPage, dict(server=self)),
            (r"/teacher/([^/]+)/saves.zip", SavesHandler, dict(server=self)),
            (r"/teacher/([^/]+)/qr.svg", QRHandler, dict(server=self)),
            (r"/ws", Socket, dict(server=self)),
            (r"/static/(.*)", tornado.web.StaticFileHandler, dict(path=str(PAGES))),
        ], websocket_max_message_size=64 * 1024, websocket_ping_interval=20)

    def start_timers(self) -> None:
        PeriodicCallback(self.check_away, 1000).start()

    # -- who is connected ----------------------------------------------------------------------
    def connected(self, number: int, index: int) -> bool:
        return any(s.seat == (number, index) for s in self.sockets)

    def seat_left(self, seat: Tuple[int, int]) -> None:
        if not self.connected(*seat):
            self.away[seat] = time.monotonic()

    def check_away(self) -> None:
        """Seats empty for ``takeover_seconds`` go to a bot where the teacher allowed it."""
        now = time.monotonic()
        due = [seat for seat, since in self.away.items() if now - since >= self.takeover_seconds]
        for table in self.room.take_over(due):
            self.room.run_bots(table)
            self.after_moves(table)

    # -- what happened -------------------------------------------------------------------------
    def after_moves(self, table: Table, mover: Optional[int] = None) -> None:
        """Bring every board of the table up to date and send the new views."""
        self.views[table.number].after_moves(mover)
        self.broadcast(table)

    def broadcast(self, table: Table) -> None:
        """Send each browser of ``table`` its view (a projector of every table: this table's), the
        teachers the room."""
        self.views[table.number].changed()
        cache: Dict[object, str] = {}
        for sock in list(self.sockets):
            key = sock.view_key(table.number)
            if key is None:
                continue
            if key not in cache:
                cache[key] = json.dumps(self.view_for(key, table.number), separators=(",", ":"))
            sock.send_text(cache[key])

    def view_for(self, key, changed: Optional[int] = None) -> dict:
        """The message for a browser shown ``key`` (``Socket.view_key``); a projector of every
        table gets only table ``changed`` when given (it keeps the others)."""
        kind, arg = key
        if kind == "student":
            return dict(type="view", **self.views[arg[0]].student(arg[1]))
        if kind == "projector":
            tables = [arg] if arg is not None else [changed] if changed is not None else list(self.room.tables)
            return dict(type="projector", one=arg, game=self.room.spec.title, code=self.room.code, join=self.join_url,
                        tables=[self.views[n].projector_view() for n in tables])
        return self.teacher_room()

    def teacher_room(self) -> dict:
        return dict(type="room", game=self.room.spec.title, code=self.room.code, join=self.join_url,
                    bots=self.room.bot_names(), levels=self.room.levels(),
                    tables=[dict(self.views[n].teacher_view(), connected=[self.connected(n, s.index)
                                                                       for s in t.seats])
                            for n, t in self.room.tables.items()])

    def broadcast_teachers(self) -> None:
        text = json.dumps(self.teacher_room(), separators=(",", ":"))
        for sock in list(self.sockets):
            if sock.role == "teacher":
                sock.send_text(text)

    # -- requests ---------------------------------------------------------------------------------
    def _acting(self, sock: "Socket", msg: dict):
        """The (table, seat) a student's click or key comes from, checked: their token, their
        socket, their turn."""
        table, seat = self.room.seat_of(msg.get("token"))
        if msg.get("seat", seat.index) != seat.index or msg.get("table", table.number) != table.number:
            raise RoomError("seat", f"this token plays seat {seat.index} of table {table.number} only")
        if sock.seat != (table.number, seat.index):
            raise RoomError("token", "say hello with this token first")
        self.room.check_turn(table, seat)
        return table, seat

    def click(self, sock: "Socket", msg: dict) -> None:
        table, seat = self._acting(sock, msg)
        view = self.views[table.number]
        view.note = ""
        view.click(seat.index, x=msg.get("x"), y=msg.get("y"), hit=msg.get("hit"))
        self._after_action(sock, table, seat)

    def key(self, sock: "Socket", msg: dict) -> None:
        table, seat = self._acting(sock, msg)
        self.views[table.number].key(seat.index, msg.get("key"), msg.get("shift", False))
        self._after_action(sock, table, seat)

    def _after_action(self, sock: "Socket", table: Table, seat) -> None:
        if self.room.commit(table, seat.index):
            bots = self.room.run_bots(table)
            self.after_moves(table, None if bots else seat.index)  # the seat's board played the move itself
        else:  # nothing played (a card chosen, a refusal): only this student's picture changed
            sock.send_view()

    def teacher(self, msg: dict) -> None:
        self.room.check_teacher(msg.get("secret"))
        action = msg.get("action")
        if action not in TEACHER_ACTIONS:
            raise RoomError("action", f"the teacher's actions are {', '.join(TEACHER_ACTIONS)}")
        room = self.room
        table = room.table(msg.get("table"))
        view = self.views[table.number]
        if action in ("pause", "resume"):
            room.pause(table, action == "pause")
        elif action == "takeover":
            room.set_takeover(table, msg.get("on") is True, msg.get("bot"))
        elif action == "hint":
            self.ask_hint(table)
            return
        elif action in ("undo", "reset"):
            room.undo(table) if action == "undo" else room.reset(table)
            view.rebuild()
        else:
            seat = room.seat(table, msg.get("seat"))
            if action == "bot":
                room.give_to_bot(table, seat, msg.get("bot"))
            else:
                room.free(table, seat)
            self.away.pop((table.number, seat.index), None)
            for sock in list(self.sockets):  # its student's browser no longer plays it
                if sock.seat == (table.number, seat.index):
                    sock.seat = None
                    sock.send(dict(type="freed", reason="the teacher gave your seat away: join again"))
        room.run_bots(table)
        self.after_moves(table)


    def ask_hint(self, table: Table) -> None:
        """The teacher's Hint: its search (about a second) runs in the hint thread, so the server
        goes on answering every table meanwhile; the hint is shown when it is found, if the
        position is still the same."""
        view = self.views[table.number]
        search = view.hint_search()
        if search is None:
            raise RoomError("table", "no student is to move at this table")
        view.note = "Looking for a hint…"
        self.broadcast(table)

        def found(future) -> None:
            try:
                result = future.result()
            except Exception as err:  # noqa: BLE001 - a failed search is said, never a crash
                view.note = f"No hint: {type(err).__name__}: {err}"
            else:
                view.note = ""
                view.hint(result)
            self.broadcast(table)

        loop = IOLoop.current()
        loop.add_future(loop.run_in_executor(self.hints, search), found)


class PageHandler(tornado.web.RequestHandler):
    def initialize(self, page: str):
        self.page = page

    def get(self):
        self.set_header("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; "
                                                   "style-src 'self' 'unsafe-inline'")
        self.set_header("Cache-Control", "no-store")
        self.write((PAGES / self.page).read_text("utf-8"))


class _TeacherOnly(tornado.web.RequestHandler):
    def initialize(self, server: ClassServer):
        self.server = server

    def check(self, secret: str) -> None:
        try:
            self.server.room.check_teacher(secret)
        except RoomError:
            raise tornado.web.HTTPError(403, reason="Only the teacher's link opens this page") from None


class TeacherPage(_TeacherOnly, PageHandler):
    def initialize(self, server: ClassServer):
        self.server = server
        self.page = "teacher.html"

    def get(self, secret: str):
        self.check(secret)
        super().get()


class SavesHandler(_TeacherOnly):
    def get(self, secret: str):
        self.check(secret)
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            for name, text in self.server.room.saves().items():
                z.writestr(name, text)
        self.set_header("Content-Type", "application/zip")
        self.set_header("Content-Disposition", f'attachment; filename="{self.server.room.spec.name}-tables.zip"')
        self.write(buf.getvalue())


class QRHandler(_TeacherOnly):
    def get(self, secret: str):
        self.check(secret)
        import segno

        out = io.BytesIO()
        segno.make(self.server.join_url or "/", error="m").save(out, kind="svg", scale=8, border=2)
        self.set_header("Content-Type", "image/svg+xml")
        self.write(out.getvalue())


class Socket(tornado.websocket.WebSocketHandler):
    """One browser (see the module docstring)."""

    def initialize(self, server: ClassServer):
        self.server = server
        self.role: Optional[str] = None
        self.seat: Optional[Tuple[int, int]] = None  # a student's (table, seat)
        self.table: Optional[int] = None             # a projector's one table (None: all)
        self.allowance = float(BURST)
        self.checked = time.monotonic()
        self.flooded = False

    def get_compression_options(self):
        # the pictures are SVG text: deflate makes them about 7 times smaller; its fastest level
        # costs a third of the default's time for a picture 20% larger
        return {"compression_level": 1}

    def open(self):
        self.server.sockets.add(self)

    def on_close(self):
        self.server.sockets.discard(self)
        if self.seat is not None:
            self.server.seat_left(self.seat)
            self.server.broadcast_teachers()

    def send(self, data: dict) -> None:
        self.send_text(json.dumps(data, separators=(",", ":")))

    def send_text(self, text: str) -> None:
        try:
            self.write_message(text)
        except tornado.websocket.WebSocketClosedError:
            self.server.sockets.discard(self)

    def refuse(self, field: str, reason: str) -> None:
        self.send(dict(type="error", field=field, reason=reason, text=f"{field}: {reason}"))

    def view_key(self, table: Optional[int] = None):
        """What this browser is shown (of ``table``, if given; None: nothing)."""
        if self.role == "student" and self.seat is not None and table in (None, self.seat[0]):
            return ("student", self.seat)
        if self.role == "projector" and (table is None or self.table in (None, table)):
            return ("projector", self.table)
        if self.role == "teacher":
            return ("teacher", None)
        return None

    def send_view(self) -> None:
        key = self.view_key()
        if key is not None:
            self.send(self.server.view_for(key))

    def _allowed(self) -> bool:
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.checked) * RATE)
        self.checked = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    def on_message(self, message):
        if not self._allowed():
            if not self.flooded:  # one refusal per flood, not one per message
                self.flooded = True
                self.refuse("rate", f"too many messages: at most {RATE:g} a second")
            return
        self.flooded = False
        size = len(message.encode("utf-8") if isinstance(message, str) else message)
        if size > MAX_MESSAGE:
            self.refuse("message", f"a message holds at most {MAX_MESSAGE} bytes, not {size}")
            return
        try:
            msg = json.loads(message)
        except (ValueError, UnicodeDecodeError):
            self.refuse("message", "a message is one JSON object")
            return
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            self.refuse("type", "a message is a JSON object with a \"type\"")
            return
        try:
            self.handle(msg)
        except RoomError as err:
            self.refuse(err.field, err.reason)
            if msg.get("type") in ("click", "key"):
                self.send_view()

    def handle(self, msg: dict) -> None:
        server, room = self.server, self.server.room
        kind = msg["type"]
        if kind == "join":
            table, seat = room.join(msg.get("code"), msg.get("name"), msg.get("table"))
            self._seat(table, seat)
            self.send(dict(type="seated", token=seat.token, table=table.number, seat=seat.index))
            server.broadcast(table)
        elif kind == "hello":
            role = msg.get("role")
            if role == "student":
                table, seat = room.seat_of(msg.get("token"))
                self._seat(table, seat)
                self.send(dict(type="seated", token=seat.token, table=table.number, seat=seat.index))
                if room.come_back(table, seat):
                    server.views[table.number].after_moves()
                server.broadcast(table)
            elif role == "projector":
                one = msg.get("table")
                if one is not None:
                    room.table(one)
                self.role, self.table = "projector", one
                self.send_view()
            elif role == "teacher":
                room.check_teacher(msg.get("secret"))
                self.role = "teacher"
                self.send(server.teacher_room())
            else:
                raise RoomError("role", "a browser is a student, a projector or the teacher")
        elif kind == "click":
            server.click(self, msg)
        elif kind == "key":
            server.key(self, msg)
        elif kind == "teacher":
            server.teacher(msg)
        else:
            raise RoomError("type", f"unknown message type {kind[:40]!r}")

    def _seat(self, table: Table, seat) -> None:
        if self.seat is not None and self.seat != (table.number, seat.index):
            self.server.seat_left(self.seat)
        self.role, self.seat = "student", (table.number, seat.index)
        self.server.away.pop(self.seat, None)


LOOPBACK = ("127.0.0.1", "localhost", "::1")


def join_address(host: str, port: int) -> str:
    """The address students open: this machine's address on the network when bound to all of them."""
    if host in ("0.0.0.0", "::", ""):
        import socket

        try:
            probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            probe.connect(("192.0.2.1", 9))  # no packet is sent: it only picks the outgoing interface
            host = probe.getsockname()[0]
            probe.close()
        except OSError:
            host = socket.gethostname()
    return f"http://{'127.0.0.1' if host == 'localhost' else host}:{port}/"


def exposure_warning(host: str, port: int) -> str:
    """What the server says, loudly, when it listens beyond this machine ("" on loopback)."""
    if host in LOOPBACK:
        return ""
    return (f"WARNING: serving on {host or 'every address'}: anyone who can reach this machine on port {port} can "
            "open the student pages and the projector. Use it on the class network only; the teacher's link "
            "stays secret.")


def qr_text(data: str) -> str:
    """The QR code of ``data`` for a terminal (segno)."""
    import segno

    out = io.StringIO()
    segno.make(data, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def serve(room: Room, *, host: str = "127.0.0.1", port: int = 8765, takeover_seconds: float = 60.0,
          quiet: bool = False) -> None:
    """Serve ``room`` until interrupted: print the join address, code and QR code, and the
    teacher's secret link; say loudly when anyone on the network can connect."""
    import asyncio

    url = join_address(host, port)
    server = ClassServer(room, takeover_seconds=takeover_seconds, join_url=url)

    async def main():
        server.app().listen(port, address=host, max_body_size=64 * 1024)
        server.start_timers()
        if not quiet:
            local = f"http://127.0.0.1:{port}" if host not in LOOPBACK else url.rstrip("/")
            print(f"{room.spec.title}: {len(room.tables)} tables. Students open {url} and type the code "
                  f"{room.code}", flush=True)
            print(qr_text(url), flush=True)
            print(f"Projector: {url}projector   Teacher (keep it secret): {local}/teacher/{room.secret}",
                  flush=True)
            print(f"Saved as it goes in {room.store.path}; Ctrl-C stops (the same --db resumes).", flush=True)
        warning = exposure_warning(host, port)
        if warning:
            print(warning, file=sys.stderr, flush=True)
        await asyncio.Event().wait()

    asyncio.run(main())
