"""The sandbox: edit a position freely, as scenario data, without the rules of play.

A ``Sandbox`` shows the game's picture (clickable), a palette of tools, a status line
saying what the next click does, and the buttons Done, Export JSON, Copy as code and
Undo. Every edit is a pure function on scenario data (the game's editor, from the
``sandbox`` hook of its spec: ``<game>/sandbox.py``); the
sandbox applies it, checks the result with the game's own scenario checks and keeps it
only if they accept it, so the data it holds is always a position the game can start
from. A refused edit changes nothing: the status line names the field and the reason
(``scenario.ostriches[1].space: T03:blue:2 already holds ostrich 0``), never a traceback.

The game's part is an *editor* (no Jupyter in it but its palette): ``title``, ``module``
(for the code line), ``tools`` (name, label, tip), ``kept_options`` (the game options a
rebuilt position keeps), ``optional_fields`` (scenario fields the code line may leave out
when the game works them out alike), ``build(data, seed, **options)`` (a game from the
data), ``click(sandbox, hit)`` (what a click means under the current tool: None, having
chosen something, or ``(edit function, arguments, what it does in words)``),
``instruction(sandbox)`` (what the next click does), ``render(sandbox, game)`` (the
picture), ``palette(sandbox)`` (extra widgets), ``key(sandbox, key, shift)`` (R),
``tool_changed(sandbox)`` and ``keyboard_order(sandbox, scene)``; optional ``trim(data)``
(the data without the game's own defaults, for a shorter code line) and
``refresh(sandbox)`` (palette lists that follow the data, before each frame).

Done checks the position again and makes it a new game ready to play (``sandbox.game``,
its board opens under the sandbox); Export JSON shows the data to copy
(``sandbox.scenario`` gives it); Copy as code shows the one line that rebuilds it,
``tails.from_scenario(scenario={...}, seed=1)``, with the fields the game works out
alike left out. Everything can be driven from Python: ``click_hit(hit)``, ``edit(fn,
*args)``, ``undo()``, ``done()``, ``export_json()``, ``copy_as_code()``.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import ipywidgets as widgets
from IPython.display import display

from ..core.errors import KitError
from ..core.theme import checked_theme
from ..core.scene import Scene, rect
from .board import box_of
from .canvas import BoardCanvas, with_picture
from .panels import StatusLine, board_style

#: how the selected thing is outlined (colour, width, dash): the same purple as a board's hint
SELECTED_STYLE = ("#6a1b9a", 4.0, (8, 4))

SANDBOX_CSS = """<style>
.sk-sandbox .sk-palette { height: 38px; align-items: center; flex-wrap: nowrap; gap: 4px; overflow-x: auto;
  overflow-y: hidden; }
.sk-sandbox .sk-palette > * { flex-shrink: 0; }
.sk-sandbox .sk-toolrow { height: 36px; overflow: hidden; align-items: center; }
.sk-sandbox .sk-tools .widget-toggle-button, .sk-sandbox .sk-tools .jupyter-button { width: auto; padding: 0 10px; }
.sk-sandbox .sk-export textarea { font-family: var(--jp-code-font-family, monospace);
  font-size: var(--jp-code-font-size, 12px); color: var(--jp-ui-font-color1, #1d1d1d);
  background: var(--jp-layout-color1, #ffffff); }
.sk-sandbox .sk-mode { color: var(--jp-ui-font-color1, #1d1d1d); font-weight: 600; margin-right: 6px; }
</style>"""


def scenario_error_text(err: KitError) -> str:
    """A scenario error in one line: the field, then why."""
    field = getattr(err, "field", "")
    reason = getattr(err, "reason", str(err))
    return f"{field}: {reason}" if field else str(reason)


def python_literal(value: Any) -> str:
    """Compact, deterministic Python source for JSON-like data (dict order kept)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{python_literal(k)}: {python_literal(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(python_literal(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return repr(value)


def outline(scene: Scene, hits: Sequence[str]) -> Scene:
    """``scene`` with the selected hit areas outlined (a copy; the scene is not changed)."""
    if not hits:
        return scene
    out = Scene(scene.width, scene.height, scene.background, list(scene.shapes), scene.title)
    colour, width, dash = SELECTED_STYLE
    for hit in hits:
        box = box_of(scene.find(hit))
        if box is None:
            continue
        x0, y0, x1, y1 = box
        out.add(rect(x0 - 3, y0 - 3, x1 - x0 + 6, y1 - y0 + 6, stroke="#ffffff", width=width + 3, radius=6))
        out.add(rect(x0 - 3, y0 - 3, x1 - x0 + 6, y1 - y0 + 6, stroke=colour, width=width, radius=6, dash=dash))
    return out


class Sandbox:
    """The sandbox widget (see the module docstring)."""

    def __init__(self, game, editor, *, theme: str = "light", play: bool = True):
        self.editor = editor
        self.theme = checked_theme(theme)
        self.play_on_done = play
        self.seed = game.seed
        self.options: Dict[str, Any] = {k: copy.deepcopy(v) for k, v in game.options.items()
                                        if k in editor.kept_options}
        self._data: dict = copy.deepcopy(game.to_scenario())
        self._view = editor.build(self._data, seed=self.seed, **self.options)  # the position drawn
        self.history: List[Tuple[dict, str]] = []  # (data before an edit, what the edit did)
        self.selected: Optional[str] = None        # a hit id the next click acts on (the editor's choice)
        self.game = None                           # the new game, once Done accepts the position
        self.board = None
        self._build_widgets()
        self.redraw()
        self.say(self.instruction())

    # -- the widgets ------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.status = StatusLine()
        tools = self.editor.tools
        self.tools = widgets.ToggleButtons(options=[(label, name) for name, label, _tip in tools],
                                           tooltips=[tip for _n, _l, tip in tools], value=tools[0][0])
        self.tools.add_class("sk-tools")
        self.tools.observe(self._guard(self._tool_changed), names="value")
        self.canvas = BoardCanvas(label=f"{self.editor.title} sandbox: arrows move the cursor, Enter edits, "
                                  "U undoes, Tab leaves", min_width=480)
        self.canvas.on_click(self._guard(self._click))
        self.canvas.on_key(self._guard(self._key))
        self.extra = widgets.HBox(self.editor.palette(self))
        self.extra.add_class("sk-palette")
        self.btn_done = self._button("Done", "Check the position and make it a new game to play", self.done)
        self.btn_json = self._button("Export JSON", "Show the position as scenario JSON, to copy", self.export_json)
        self.btn_code = self._button("Copy as code", "Show the line of Python that rebuilds this position",
                                     self.copy_as_code)
        self.btn_undo = self._button("↶ Undo", "Take back the last edit (U)", self.undo)
        buttons = widgets.HBox([self.btn_done, self.btn_json, self.btn_code, self.btn_undo])
        buttons.add_class("sk-controls")
        self.export = widgets.Textarea(value="", placeholder="Export JSON or Copy as code shows the text here",
                                       layout=widgets.Layout(width="100%", height="7em"))
        self.export.add_class("sk-export")
        self.output = widgets.Output()
        mode = widgets.HTML('<span class="sk-mode">Sandbox</span>')
        tool_row = widgets.HBox([self.tools])
        tool_row.add_class("sk-toolrow")
        self.widget = widgets.VBox([
            board_style(), widgets.HTML(SANDBOX_CSS, layout=widgets.Layout(height="0px", margin="0")),
            self.status.widget, widgets.HBox([mode, buttons], layout=widgets.Layout(align_items="center")),
            tool_row, self.extra,
            self.canvas.view, self.export, self.output])
        self.widget.add_class("sk-board")
        self.widget.add_class("sk-sandbox")

    def _button(self, label: str, tip: str, act: Callable[[], object]) -> widgets.Button:
        button = widgets.Button(description=label, tooltip=tip, layout=widgets.Layout(width="auto"))
        button.on_click(self._guard(lambda _b: act()))
        return button

    def button(self, label: str, tip: str, act: Callable[[], object]) -> widgets.Button:
        """A palette button whose action never shows a traceback (for the editors)."""
        return self._button(label, tip, act)

    def _guard(self, handler: Callable) -> Callable:
        """A widget callback: an unexpected error becomes a status line, never a traceback."""
        def run(*args):
            try:
                handler(*args)
            except KitError as exc:
                self.refuse(scenario_error_text(exc))
            except Exception as exc:  # noqa: BLE001 - a widget must survive anything
                self.refuse(f"Something went wrong: {type(exc).__name__}: {exc}")
        return run

    # -- what it holds ------------------------------------------------------------------
    @property
    def scenario(self) -> dict:
        """The position as scenario data (a copy): ``<game>.from_scenario(data)`` rebuilds it."""
        return copy.deepcopy(self._data)

    @property
    def view(self):
        """The position as a game, for reading (``sandbox.view.state``); Done gives one to play."""
        return self._view

    @property
    def tool(self) -> str:
        return self.tools.value

    @tool.setter
    def tool(self, name: str) -> None:
        self.tools.value = name

    # -- editing ------------------------------------------------------------------------------
    def edit(self, fn: Callable, *args: Any, said: str = "") -> bool:
        """Apply the pure edit ``fn(data, *args, **options)``; refused (nothing changes, the
        status line names the field) if it raises a scenario error or the game's checks refuse
        the result. True when applied."""
        before = self._data
        try:
            after = fn(copy.deepcopy(before), *args, **self.options)
            view = self.editor.build(after, seed=self.seed, **self.options)
            after = view.to_scenario()  # the game's own form: export and import give it back
        except KitError as err:
            self.refuse(scenario_error_text(err))
            return False
        self.history.append((before, said))
        self._data, self._view = after, view
        self.game = None
        self.redraw()
        said = said[:1].upper() + said[1:]
        self.say(f"{said + '. ' if said else ''}{self.instruction()}", "info")
        return True

    def undo(self) -> bool:
        """Take back the last edit."""
        if not self.history:
            self.say("Nothing to undo: no edit has been made yet. " + self.instruction())
            return False
        before, said = self.history.pop()
        self._data = before
        self._view = self.editor.build(before, seed=self.seed, **self.options)
        self.selected = None
        self.game = None
        self.redraw()
        self.say(f"Undone: {said or 'the last edit'}. {self.instruction()}")
        return True

    def select(self, hit: Optional[str], said: str = "") -> None:
        """Choose what the next click acts on (an ostrich, a card...), outlined in the picture."""
        self.selected = hit
        self.redraw()
        said = said[:1].upper() + said[1:]
        self.say(f"{said + '. ' if said else ''}{self.instruction()}")

    def point_of(self, hit: str) -> Optional[Tuple[float, float]]:
        """A point of the picture where a click lands on ``hit`` (None if it is covered everywhere)."""
        scene = self.canvas.scene
        for shape in scene.find(hit):
            box = box_of([shape])
            if box is None:
                continue
            x0, y0, x1, y1 = box
            points = [((x0 + x1) / 2, (y0 + y1) / 2)]  # the centre first, then a grid over the box
            points += [(x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * j / 8) for i in range(1, 8) for j in range(1, 8)]
            for x, y in points:
                if shape.contains(x, y) and scene.hit_at(x, y) == hit:
                    return (x, y)
        return None

    def click_hit(self, hit: str) -> None:
        """Act as a click on the area ``hit`` of the picture (tests and scripts)."""
        if hit not in self.canvas.scene.hits():
            raise KeyError(f"no clickable area {hit!r} in the sandbox picture")
        self._guard(self._click)(hit)

    def _click(self, hit: Optional[str], _x=None, _y=None) -> None:
        if hit is None:
            return
        asked = self.editor.click(self, hit)
        if asked is not None:  # (edit function, its arguments, what it does in words)
            fn, args, said = asked
            self.edit(fn, *args, said=said)

    def _key(self, key: str, shift: bool) -> None:
        if key == "u":
            self.undo()
        else:
            self.editor.key(self, key, shift)  # R: the editor's own key

    def _tool_changed(self, _change) -> None:
        self.selected = None
        self.editor.tool_changed(self)
        self.redraw()
        self.say(self.instruction())

    # -- leaving -------------------------------------------------------------------------------
    def done(self):
        """Check the position with the game's scenario checks: refused, the status line names the
        field and the sandbox stays; accepted, ``sandbox.game`` is a new game from it (its board
        opens below). Returns the game, or None."""
        try:
            game = self.editor.build(copy.deepcopy(self._data), seed=self.seed, **self.options)
        except KitError as err:
            self.refuse("Not a position to play from: " + scenario_error_text(err))
            return None
        self.game = game
        self._view = game
        self.redraw()
        if self.play_on_done:
            self.board = game.widget(theme=self.theme)
            self.output.clear_output()
            with self.output:
                display(self.board)
        where = " Its board is open below." if self.play_on_done else ""
        self.say(f"Done: the position is a new game ready to play (sandbox.game).{where}", "done")
        return game

    def export_json(self) -> str:
        """The position as scenario JSON, shown in the text box to copy."""
        text = json.dumps(self._data, indent=1, ensure_ascii=False)
        self.export.value = text
        self.say("The scenario JSON is in the box below: select it and copy. " + self.instruction())
        return text

    def copy_as_code(self) -> str:
        """The line of Python that rebuilds this position, shown in the text box."""
        code = self.code()
        self.export.value = code
        self.say("The code is in the box below: select it and copy. " + self.instruction())
        return code

    def code(self) -> str:
        """``<game>.from_scenario(scenario={...}, seed=N, option=...)``: deterministic; the fields
        the game works out alike by itself are left out, so the line stays short."""
        data = self.short_scenario()
        args = [f"scenario={python_literal(data)}", f"seed={self.seed}"]
        args += [f"{k}={python_literal(v)}" for k, v in sorted(self.options.items())]
        return f"{self.editor.module}.from_scenario({', '.join(args)})"

    def short_scenario(self) -> dict:
        """The scenario without the fields that rebuild to the same position when left out."""
        data = copy.deepcopy(self._data)
        trim = getattr(self.editor, "trim", None)  # the editor's own defaults (empty piles...)
        if trim is not None:
            trial = trim(copy.deepcopy(data))
            try:
                if self.editor.build(trial, seed=self.seed, **self.options).to_scenario() == self._data:
                    data = trial
            except KitError:
                pass
        for key in self.editor.optional_fields:
            if key not in data:
                continue
            trial = {k: v for k, v in data.items() if k != key}
            try:
                same = self.editor.build(trial, seed=self.seed, **self.options).to_scenario() == self._data
            except KitError:
                same = False
            if same:
                data = trial
        return data

    # -- showing ---------------------------------------------------------------------------------
    def instruction(self) -> str:
        return self.editor.instruction(self)

    def say(self, text: str, kind: str = "info") -> None:
        self.status.set(text, kind)

    def refuse(self, reason: str) -> None:
        """A refused edit or check: the reason (naming the field) stays until the next action."""
        reason = reason.rstrip(". ")
        self.status.set(f"Not allowed: {reason}.", "refused")

    def redraw(self) -> None:
        refresh = getattr(self.editor, "refresh", None)  # palette lists that follow the data
        if refresh is not None:
            refresh(self)
        scene = self.editor.render(self, self._view)
        self.canvas.view.keyboard = self.editor.keyboard_order(self, scene)
        self.canvas.show(outline(scene, [self.selected] if self.selected else []))

    def hits(self) -> List[str]:
        return self.canvas.scene.hits()

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        data, metadata = with_picture(self.widget._repr_mimebundle_(include=include, exclude=exclude, **kwargs),
                                      self.canvas.scene)
        data["text/plain"] = repr(self)
        return data, metadata

    def __repr__(self) -> str:
        return f"<Sandbox {self.editor.title}: {len(self.history)} edits>"
