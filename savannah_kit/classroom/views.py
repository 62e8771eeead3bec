"""What one browser may see of a table, and what a click there does.

Each seat of a table has its own board, the game's own notebook board (``game.widget()``)
run without a browser: a click is handled by exactly the code a notebook board runs (the
same hit areas, lit targets, refusal texts and rule ids), and its picture is the board's
own scene, sent as SVG (``core.svg.to_svg``). A seat's board shows that seat's hand only
(``Board.hand_seat``); the projector's board shows no hand. All boards of a table share the
table's one game; the room decides who may click (``rooms.Room.check_turn``).

A view is plain JSON data: the picture, its clickable hit ids, the status line (what to do,
or why a click was refused, with its rule), whose turn it is, the seats, the last events.
"""

from __future__ import annotations

from typing import Dict, List, Optional

from ..core.svg import to_svg
from .rooms import Room, RoomError, Table

#: events of a table shown on every screen
LAST_EVENTS = 5
#: each shape's SVG element, written once for every browser and frame (``to_svg``'s cache)
_SVG_CACHE: Dict[object, str] = {}


def svg(scene) -> str:
    return to_svg(scene, _SVG_CACHE)


def _headless(canvas) -> None:
    """No browser draws this board's canvas: keep each new scene (clicks are found on it),
    without encoding it for a widget view."""
    def show(scene) -> None:
        canvas.scene = scene
        canvas.redraws += 1

    canvas.show = show


def _unplugged(widget) -> None:
    """Close the comms of a widget tree (its children, layouts and styles): no browser shows a
    headless board, so a change is not serialised for one, and the widgets are not kept in
    ipywidgets' registry of live widgets after the board is gone. They work on as Python objects."""
    for child in getattr(widget, "children", None) or ():
        _unplugged(child)
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if part is not None:
            part.close()
    widget.close()


def _board(game, seats: List[int], classroom: bool):
    """The game's own board on ``game``, for ``seats`` (none: the projector), run headless:
    no bots (the room plays them), the seat's own hand only."""
    board = game.widget(classroom=classroom)
    _unplugged(board.widget)
    _headless(board.canvas)
    board.bot_kinds = {}
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
        self.version = 0  # changes of the game so far; a board is up to date at ``synced[seat]`` == version
        self.synced = {index: 0 for index in self.boards}
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
        board = self.boards[seat]
        if self.synced[seat] != self.version:
            self._follow(board)
            self.synced[seat] = self.version
        return board

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

    def hint(self) -> str:
        """The hint the board of the seat to move gives (outlined there too); "" when no student is to move."""
        mover = self.table.to_move
        if mover is None or mover.bot:
            return ""
        board = self.board(mover.index)
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
        board = self.board(seat)
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
