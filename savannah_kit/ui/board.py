"""What every game's interactive board shares: its widgets.

A ``Board`` is a ``ui.clicks.Clicks`` (the game, the seats and bots, what a click means, the status
line, the log, the marks, hints and Undo: everything a board does, without widgets) shown in
widgets: a ``BoardCanvas`` (the picture, clicks, keys), the status line, the last few events and
the full log, the Undo and New game buttons with a confirmation before a game in progress is
thrown away, a Hint button, and (a guided game, ``guided=True``) a guide line. A game's board
(``<game>/widget.py``) is its clicks (``<game>/clicks.py``) on top of it, with its own buttons.

Branching (``enable_branching``, or ``game.widget(branching=True)``; off by default): a
history panel under the board (``ui/history.py``) keeps the main line and the lines tried
from it, with a replay slider; while the slider is before the end of a line the board is
read only, and Undo stays within the current line.

Suggest (``enable_suggest``, or ``game.widget(suggest=True)``; off by default): a panel
under the picture (``ui/suggest.py``) lists the strong bot's top moves with their values,
each with "Play it out".

Besides what ``ui/clicks.py`` promises: the last three lines of the log are always in view, a
widget callback never shows a traceback, and untrusted notebooks, GitHub and nbviewer see a
picture of the board (a PNG).
"""

from __future__ import annotations

import contextlib
from typing import Dict, Iterable, List, Optional

import ipywidgets as widgets

from ..core.bots import Decision
from .a11y import Announcer
from .canvas import BoardCanvas, with_picture
from .panels import Controls, GuideLine, LogPanel, StatusLine, board_style
from .clicks import (HINT_SECONDS, MARK_STYLES, OUTLINE_GAP, UNDERLAY, Clicks, action, box_of, outline_ring,
                   outlined, points_inside, seat_players, verdict)
from .theme import follow_page_theme

#: the shared parts, importable from here as before ``ui/clicks.py`` held them
__all__ = ["Board", "CLASSROOM_RESERVE", "Decision", "HINT_SECONDS", "MARK_STYLES", "OUTLINE_GAP", "UNDERLAY",
           "action", "box_of", "outline_ring", "outlined", "points_inside", "seat_players", "verdict"]
#: room left under the picture in classroom mode (the last events), pixels
CLASSROOM_RESERVE = 84


class Board(Clicks):
    """The shared board (see the module docstring); a game's board is its clicks on top of it."""

    def __init__(self, game, *, bots: Optional[Dict[int, str]] = None, seats: Optional[Iterable[int]] = None,
                 classroom: bool = False, seed: int = 0, autosave: Optional[str] = None, min_width: int = 0,
                 guided: bool = False, hint_seconds: float = HINT_SECONDS):
        self._held: Optional[contextlib.ExitStack] = None  # what the action in progress holds back
        self._setup(game, bots=bots, seats=seats, classroom=classroom, seed=seed, autosave=autosave,
                    min_width=min_width, guided=guided, hint_seconds=hint_seconds)
        self.status = StatusLine()
        self.guide = GuideLine()  # shown in a guided game only
        self.log = LogPanel()
        keys = ", ".join(["Enter chooses"] + [w for w in (self.key_words(),) if w]
                         + (["H for a hint"] if self.offers_hints else []))
        self.canvas = BoardCanvas(label=f"{self.title} board: arrows move the cursor, {keys}, Tab leaves",
                                  min_width=0 if classroom else min_width)
        self.canvas.view.on_msg(self._guard(self._hint_key))
        self.canvas.view.observe(self._guard(lambda change: self.use_column(change["new"])), names="column")
        if classroom:
            self.canvas.view.fit = "window"
            self.canvas.view.reserve = CLASSROOM_RESERVE
        self.btn_hint = self._button("Hint", self._hint_tip(), self.hint)
        self.btn_describe = self._button("Describe", "Read the position in words (D)", lambda: self.a11y.describe())
        self.sandbox = None  # the sandbox opened on this position (``open_sandbox``)
        sandbox = [] if classroom else [self._button("Sandbox", "Edit this position freely: a sandbox opens under "
                                                      "the board, and this game stays as it is", self.open_sandbox)]
        self.controls = Controls(self.make_buttons() + ([self.btn_hint] if self.offers_hints else []) + sandbox + [
            self.btn_describe,
            self._button("↶ Undo", "Take back your last decision (U)", self.undo),
            self._button("New game", "Start again with the next seed", self.new_game)])
        self.new_game_question = self.controls  # asks before a game in progress is thrown away
        self.buttons = list(self.controls.buttons.children)
        guide = [self.guide.widget] if guided else []
        if classroom:  # one row of buttons and status over the picture, the last events under it
            top = widgets.HBox([self.controls.widget, self.status.widget])
            top.add_class("sk-top")
            parts = [board_style(), top, *guide, self.canvas.view, self.log.recent]
        else:
            parts = [board_style(), self.status.widget, *guide, self.controls.widget, self.canvas.view,
                     self.log.recent, self.log.widget]
        self.widget = widgets.VBox(parts)
        self.widget.add_class("sk-board")
        if classroom:
            self.widget.add_class("sk-classroom")
        if self.offers_hints:
            self.widget.add_class("sk-hints")  # the browser side takes the H key only in such a board
        self.a11y = Announcer(self)  # what happens, said in words for a screen reader (``ui/a11y.py``)
        follow_page_theme(self)  # light or dark, as the page is (``ui/theme.py``)
        self.widget.children = tuple(self.widget.children) + (self.a11y.panel,)
        self._start()

    def make_buttons(self) -> List[widgets.Button]:
        """Extra buttons before Undo and New game (made with ``_button``)."""
        return []

    @property
    def hint_seconds(self) -> float:
        """The Hint button's budget in seconds on the reference machine class (``hint_pick``)."""
        return self._hint_seconds

    @hint_seconds.setter
    def hint_seconds(self, seconds: float) -> None:
        Clicks.hint_seconds.fset(self, seconds)
        self.btn_hint.tooltip = self._hint_tip()

    def _hint_tip(self) -> str:
        return f"What would {self.hint_pick.label} do here, and why? (H)"

    def _button(self, label: str, tip: str, action) -> widgets.Button:
        button = widgets.Button(description=label, tooltip=tip, layout=widgets.Layout(width="auto"))
        button.on_click(self._guard(lambda _button: self._unless_viewing(action)))
        return button

    def _unless_viewing(self, act) -> None:
        """A button's action, except a game's own button while a branching board shows an
        earlier position (read only); Undo and New game always answer."""
        if self.lines is not None and self.lines.viewing and act not in (self.undo, self.new_game):
            self.lines.say_viewing()
        else:
            act()

    def enable_branching(self) -> "Board":
        """Add the history panel under the board: lines, a replay slider, "Try a move from
        here" and two lines compared (see ``ui/history.py``). Returns the board."""
        if self.lines is None:
            from .history import HistoryPanel

            self.lines = HistoryPanel(self)
            self.widget.children = tuple(self.widget.children) + (self.lines.widget,)
        return self

    def open_sandbox(self) -> None:
        """Open a sandbox under the board on a copy of this position (``ui/sandbox.py``): edit it
        freely, export it, and its Done plays on from the edited position there. The game on this
        board is left as it is; pressing Sandbox again starts afresh from this board's position."""
        from ..core.errors import ScenarioError

        try:
            box = self.game.sandbox(theme=self.theme)
        except ScenarioError as err:  # e.g. a finished race, or the middle of a turn
            self.status.refuse(f"a sandbox starts from a position it can write down: {err}")
            return
        parts = [w for w in self.widget.children if self.sandbox is None or w is not self.sandbox.widget]
        self.sandbox = box
        self.widget.children = tuple(parts) + (box.widget,)
        self.status.set("The sandbox is open under the board: edit the position there; this game is unchanged.")

    def enable_suggest(self, seconds: Optional[float] = None) -> "Board":
        """Add the Suggest panel right under the picture: the strong bot's top moves with their
        values, each to play out (see ``ui/suggest.py``); ``seconds`` is its search budget
        (default ``suggest.SUGGEST_SECONDS``). A classroom board leaves room for it under the
        picture. Returns the board."""
        if self.suggest_panel is None:
            from .suggest import CLASSROOM_HEIGHT, SUGGEST_SECONDS, SuggestPanel

            self.suggest_panel = SuggestPanel(self, seconds=SUGGEST_SECONDS if seconds is None else seconds)
            if self.classroom:
                self.canvas.view.reserve = CLASSROOM_RESERVE + CLASSROOM_HEIGHT
            parts = list(self.widget.children)
            parts.insert(parts.index(self.canvas.view) + 1, self.suggest_panel.widget)
            self.widget.children = tuple(parts)
        return self

    def _hint_key(self, _view, content, _buffers) -> None:
        """The H key (the canvas passes on only R and U; the browser sends H only where a
        board offers hints)."""
        if isinstance(content, dict) and content.get("event") == "key" and content.get("key") == "h":
            self._key("h", bool(content.get("shift")))

    @contextlib.contextmanager
    def held(self):
        """What one action changes goes out when it ends, the picture first (what a click is
        waited on for), then the words: the status line, the guide line and the log."""
        if self._held is not None:
            yield
            return
        self._held = self._hold()
        try:
            yield
        finally:
            held, self._held = self._held, None
            held.close()

    def _hold(self) -> contextlib.ExitStack:
        stack = contextlib.ExitStack()
        for words in (self.status.widget, self.guide.widget, self.log.recent, self.log.full):
            stack.enter_context(words.hold_sync())
        stack.enter_context(self.canvas.held())
        return stack

    def show_now(self) -> None:
        if self._held is not None:
            self._held.close()
            self._held = self._hold()

    def redraw(self) -> None:
        self.canvas.view.keyboard = self.keyboard_order()
        self.btn_hint.layout.visibility = "visible" if self.human_turn else "hidden"  # its room stays: nothing moves
        super().redraw()
        if getattr(self, "suggest_panel", None) is not None:
            self.suggest_panel.follow()

    @action
    def new_game(self) -> None:
        """Start again with the next seed; a game in progress is only thrown away after a Yes."""
        g = self.game
        if g.history and not g.is_over and not self.new_game_question.asking:
            self.new_game_question.ask(f"Start a new game? This {self.title} game ({len(g.history)} moves) "
                                       "will be lost.", self._guard(self._start_new), yes="Yes, new game",
                                       no=self._guard(self._keep_playing))
            self.status.set("Start a new game? Answer Yes or No above the board.", "info")
            return
        self._start_new()

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        """The live board where widgets run, a picture everywhere else (untrusted
        notebooks, GitHub, nbviewer)."""
        data, metadata = with_picture(self.widget._repr_mimebundle_(include=include, exclude=exclude, **kwargs),
                                      self.canvas.scene)
        data["text/plain"] = repr(self)
        return data, metadata
