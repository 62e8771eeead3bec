"""What one browser may see of a table, and what a click there does.

Each seat of a table has its own board: the game's clicks (its spec's ``clicks``, a
``ui.clicks.Clicks``), what a notebook board does without its widgets. So a click is handled
by exactly the code a notebook board runs (the same hit areas, lit targets, refusal texts and
rule ids), and its picture is that board's scene, sent as SVG (``core.svg.to_svg``); no widget
library is imported. A seat's board shows that seat's hand only (``Clicks.hand_seat``); the
projector's board shows no hand. All boards of a table share the table's one game; the room
decides who may click (``rooms.Room.check_turn``).

A view is plain JSON data: the picture, its clickable hit ids, the status line (what to do,
or why a click was refused, with its rule), whose turn it is, the seats, the last events.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from ..core.registry import spec_of
from ..core.svg import to_svg
from .rooms import Room, RoomError, Table

#: events of a table shown on every screen
LAST_EVENTS = 5
#: the board keys a student may press (besides the arrows and Enter, which their page turns into
#: clicks): R, which turns a card where a game turns cards
STUDENT_KEYS = ("r",)
#: each shape's SVG element, written once for every browser and frame (``to_svg``'s cache,
#: bounded by ``core.svg.CACHE_LIMIT``): a late Forest picture is written in 4 ms instead of 30
_SVG_CACHE: Dict[object, str] = {}
#: the SVG of the last pictures sent, by the picture (kept alive here, so an id is never reused):
#: a picture several seats share is written once
_WRITTEN: Dict[int, Tuple[object, str]] = {}
WRITTEN_LIMIT = 64


def svg(scene) -> str:
    known = _WRITTEN.get(id(scene))
    if known is None:
        if len(_WRITTEN) >= WRITTEN_LIMIT:
            _WRITTEN.clear()
        known = _WRITTEN[id(scene)] = (scene, to_svg(scene, _SVG_CACHE))
    return known[1]


def _board(game, seats: List[int], classroom: bool):
    """The game's clicks on ``game`` for ``seats`` (none: the projector): no bots (the room
    plays them), the seat's own hand only."""
    board = spec_of(game).hook("clicks")(game, classroom=classroom)
    board.seats = list(seats)
    board.hand_seat = seats[0] if seats else False
    board.sync()
    return board


class TableView:
    """The boards of one table: one per seat and one for the projector (see the module
    docstring). A seat's board is brought up to date when it is looked at (or clicked)."""

    def __init__(self, room: Room, table: Table):
        self.room = room
        self.table = table
        self.rebuild()

    def rebuild(self) -> None:
        """Fresh boards on the table's game (after an undo, a reset, a restart)."""
        g = self.table.game
        self.boards = {s.index: _board(g, [s.index], classroom=False) for s in self.table.seats}
        self.projector = _board(g, [], classroom=True)
        # the picture of every seat not to move, where the game draws the same for them all
        self.waiting = _board(g, [], classroom=False) if self.boards[0].same_picture_while_waiting else None
        self.version = 0  # changes of the game so far; a board is up to date at ``synced[key]`` == version
        self.synced: Dict[object, int] = {index: 0 for index in self.boards}
        self.synced["waiting"] = 0
        self.note = ""  # the teacher's hint or a word to the table, shown on every screen
        self.changed()

    def changed(self) -> None:
        """The table changed (a move, a seat, a pause...): its projector view is made again."""
        self._projected: Optional[dict] = None

    def after_moves(self, mover: Optional[int] = None) -> None:
        """The game changed: the shared boards follow it at once, the seats' when looked at (the
        mover's board, which played the move, already has)."""
        self.version += 1
        if mover is not None:
            self.synced[mover] = self.version
        self._follow(self.projector)
        self.changed()

    def board(self, seat: int):
        """The board of ``seat``, up to date with the game."""
        return self._current(seat, self.boards[seat])

    def _current(self, key, board):
        if self.synced[key] != self.version:
            self._follow(board)
            self.synced[key] = self.version
        return board

    def shown(self, seat: int, mine: bool):
        """The board whose picture and status ``seat`` is shown: its own, or the one every
        waiting seat shares (``Clicks.same_picture_while_waiting``) while another decides."""
        if self.waiting is not None and not mine and not self.table.game.is_over:
            return self._current("waiting", self.waiting)
        return self.board(seat)

    def _follow(self, board) -> None:
        """Bring a board that did not play the last move up to date, outlining that move."""
        g = self.table.game
        board.marks = [(h, "last") for h in board.move_marks(g.history[-1])] if g.history else []
        board.sync()

    def click(self, seat: int, x=None, y=None, hit=None) -> None:
        """A click of ``seat`` (which may move now) at scene point (x, y), or on hit area ``hit``."""
        board = self.board(seat)
        if hit is not None:
            if not isinstance(hit, str) or hit not in board.hits():
                raise RoomError("hit", f"{str(hit)[:40]!r} is not a clickable area of your picture")
            board.click_hit(hit)
            return
        for name, value in (("x", x), ("y", y)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
                raise RoomError(name, "a click gives x and y as numbers")
        board.canvas.click(float(x), float(y))

    def key(self, seat: int, key, shift) -> None:
        """A key of ``seat`` (which may move now): one of ``STUDENT_KEYS`` (U and H, Undo and
        Hint, are the teacher's), as the board's keyboard sends it."""
        if key not in STUDENT_KEYS or not isinstance(shift, bool):
            raise RoomError("key", f"a student's keys are {', '.join(STUDENT_KEYS)} (with shift true or false)")
        self.board(seat).canvas.press(key, shift)

    def hint_search(self):
        """The search for the hint of the seat to move, as a function to run off the server's
        loop (on a copy of the game); None when no student is to move."""
        mover = self.table.to_move
        if mover is None or mover.bot or self.table.game.is_over:
            return None
        return self.board(mover.index).hint_search()

    def hint(self, found=None) -> str:
        """The hint the board of the seat to move gives (outlined there too), from ``found`` (a
        ``hint_search`` result) if given; "" when no student is to move, or when the position has
        changed since ``found`` was searched."""
        mover = self.table.to_move
        if mover is None or mover.bot or self.table.game.is_over:
            return ""
        board = self.board(mover.index)
        if found is not None:
            board.know(found)
            if not board.hint_decided:  # a move was made meanwhile: this hint is for another position
                return ""
        board.hint()
        self.note = board.status.text
        return self.note

    # -- what a browser is sent --------------------------------------------------------------
    def seats(self) -> List[dict]:
        t = self.table
        return [dict(seat=s.index, who=self.room.who(t, s), name=s.name, bot=s.bot, free=not s.token and not s.bot)
                for s in t.seats]

    def _common(self) -> dict:
        t = self.table
        g = t.game
        mover = t.to_move
        if g.is_over:
            winners = " and ".join(self.room.who(t, t.seats[p]) for p in g.winners())
            turn = f"The game is over: {winners} won."
        else:
            turn = f"{self.room.who(t, mover)} to play." if mover is not None else ""
        return dict(table=t.number, turn=turn, over=g.is_over, paused=t.paused, moves=len(g.history),
                    seats=self.seats(), events=self.projector.log.plain[-LAST_EVENTS:], note=self.note,
                    scores=list(g.scores()))

    def student(self, seat: int) -> dict:
        """The view of the student at ``seat``: the table with their own hand, and their status line."""
        t = self.table
        mover = t.to_move
        mine = mover is not None and mover.index == seat and not t.paused and not mover.bot
        board = self.shown(seat, mine)
        if t.paused:
            status = dict(text="The teacher paused this table: wait.", kind="info")
        elif mine or t.game.is_over:
            status = dict(text=board.status.text, kind=board.status.kind)
        else:
            status = dict(text=f"Wait: {self.room.who(t, mover)} is playing.", kind="info")
        view = self._common()
        view.update(kind="student", seat=seat, who=self.room.who(t, t.seats[seat]), yours=mine, status=status,
                    svg=svg(board.canvas.scene), hits=board.hits() if mine else [],
                    targets=board.keyboard_order() if mine else [])
        return view

    def projector_view(self) -> dict:
        """The table as the projector shows it: no hand (made once per change: every projector gets it)."""
        if self._projected is None:
            view = self._common()
            view.update(kind="projector", svg=svg(self.projector.canvas.scene))
            self._projected = view
        return self._projected

    def teacher_view(self) -> dict:
        """A table on the teacher's page: seats, turn, pause and take-over switches (no picture, no hand)."""
        view = self._common()
        view.update(kind="teacher", takeover=self.table.takeover)
        return view


class RoomViews:
    """The ``TableView`` of every table of a room."""

    def __init__(self, room: Room):
        self.room = room
        self.tables: Dict[int, TableView] = {n: TableView(room, t) for n, t in room.tables.items()}

    def __getitem__(self, number: int) -> TableView:
        return self.tables[number]
