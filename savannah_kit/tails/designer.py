"""The Savannah Tails course designer: lay out a course tile by tile, see it drawn, check it.

``designer()`` (or ``designer("first-race")``) returns a ``CourseDesigner``; show it by
leaving it at the end of a cell. Pick a tile and its side, then Add; Remove last and
Clear take tiles back. The start tile comes first by itself; the finish tile goes last
(the picture shows only the tiles placed; the finish is checked where it would go). Tiles
already on the course are not offered again.

Under the buttons, live: the rules the course breaks (start first, finish last, each
tile once, no tile on top of another, each naming the tile) and, apart from them, the
rulebook's design tips (``design.tips``). Estimate difficulty races greedy bots on the
course (``design.difficulty``) with a progress bar; the JSON box saves the course as
text and Load reads it back (nothing changes if it is wrong: the status line names the
field); Play it opens a Tails board on the course below. What Estimate, Load and Play it
answer is said next to the button pressed too (the status line is far above them).

Everything can be driven from Python: ``add(tile_id, side)``, ``remove_last()``,
``clear()``, ``start(name)``, ``course`` (the finished Course, or None), ``problems``,
``tips``, ``estimate(races=...)``, ``to_json()``, ``load_json(text)``, ``save(path)``,
``load(path)``, ``play(players=..., seed=...)``. As in the boards, a mistake never shows
a traceback: it goes to the status line (✗), and the action returns False or None.
"""

from __future__ import annotations

import functools
import html
from collections import Counter
from pathlib import Path
from typing import Callable, List, Optional, Sequence, Tuple, Union

import ipywidgets as widgets
from IPython.display import display

from ..core.errors import DataError, KitError
from ..core.scene import Scene, Text
from ..ui.board import box_of
from ..ui.canvas import BoardCanvas
from ..ui.panels import StatusLine, board_style
from . import design, render
from .data import COURSES, TILES
from .track import Course, build_course

#: the start and the finish tile of the kit's catalogue
START_TILE = next(t for t in TILES if TILES[t].kind == "start")
FINISH_TILE = next(t for t in TILES if TILES[t].kind == "finish")
KIND_WORDS = {"start": "start", "finish": "finish", "straight": "straight", "corner_l": "left corner",
              "corner_r": "right corner"}
#: a feature in words: (one, several)
FEATURE_WORDS = {"water": ("water hole", "water holes"), "dune": ("dune arrow", "dune arrows"),
                 "quicksand": ("quicksand", "quicksand"), "lion": ("lion", "lions"), "cheetah": ("cheetah", "cheetahs"),
                 "porcupine": ("porcupine", "porcupines"), "crocodile": ("crocodile", "crocodiles"),
                 "warthog": ("warthog", "warthogs")}
#: the name an edited kit course gets (``difficulty`` compares a course with the first race by name)
EDITED_NAME = "custom"
#: the players of the race drawn in the picture (nobody has moved: the ostriches wait behind the line)
PICTURE_PLAYERS = 2

DESIGNER_CSS = """<style>
.sk-designer .sk-note { font-size: var(--jp-ui-font-size1, 13px); margin: 2px 0 2px 8px; }
.sk-designer .sk-note .sk-refused { border-left: 6px solid #c62828; padding-left: 6px; }
.sk-designer .sk-notes { font-size: var(--jp-ui-font-size1, 13px); color: var(--jp-ui-font-color1, #1d1d1d); }
.sk-designer .sk-notes .sk-problem { border-left: 6px solid #c62828; padding-left: 6px; margin: 2px 0; }
.sk-designer .sk-notes .sk-tip { border-left: 6px dashed #c98a00; padding-left: 6px; margin: 2px 0; }
.sk-designer .sk-notes .sk-chain { margin: 2px 0; }
.sk-designer .sk-result { font-size: var(--jp-ui-font-size1, 13px); color: var(--jp-ui-font-color1, #1d1d1d); }
</style>"""


def side_words(tile_id: str, side: str) -> str:
    """One side's features in words: "lion, water hole", "2 quicksand, water hole", "plain"."""
    face = TILES[tile_id].side(side)
    counts = Counter(f.kind for f in face.features)
    words = [(f"{n} {FEATURE_WORDS.get(k, (k, k))[1]}" if n > 1 else FEATURE_WORDS.get(k, (k, k))[0])
             for k, n in counts.items()]
    if face.bridge is not None:
        words.append("rope bridge")
    return ", ".join(words) or "plain"


def tile_words(tile_id: str) -> str:
    """A tile as the dropdown offers it: "T06 straight — easy: water hole; hard: lion, water hole"."""
    tile = TILES[tile_id]
    sides = "; ".join(f"{s}: {side_words(tile_id, s)}" for s in ("easy", "hard"))
    return f"{tile_id} {KIND_WORDS.get(tile.kind, tile.kind)} — {sides}"


def without_tile(scene: Scene, tile_id: str) -> Scene:
    """``scene`` without the tile ``tile_id`` (the finish, before it is placed: the picture shows
    only placed tiles): its spaces (hit ids and tooltips name it), and the unnamed shapes drawn on
    it (lane lines, the finish line and its words) whose middle lies among them."""
    named = [sh for sh in scene.shapes if tile_id in (sh.hit or "") or tile_id in (sh.title or "")]
    box = box_of(named)
    if box is None:
        return scene
    x0, y0, x1, y1 = box

    def on_tile(sh) -> bool:
        if sh in named:
            return True
        if sh.hit:
            return False
        if isinstance(sh, Text):
            return x0 <= sh.x <= x1 and y0 <= sh.y <= y1
        points = getattr(sh, "points", None)
        if type(sh).__name__ == "Line" and any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in points):
            return True  # a lane line running onto the tile
        around = box_of([sh]) if not points else (min(p[0] for p in points), min(p[1] for p in points),
                                                  max(p[0] for p in points), max(p[1] for p in points))
        if around is None:
            return False
        mx, my = (around[0] + around[2]) / 2, (around[1] + around[3]) / 2
        return x0 <= mx <= x1 and y0 <= my <= y1 and around[2] - around[0] < (x1 - x0) * 1.5

    return Scene(scene.width, scene.height, scene.background, [sh for sh in scene.shapes if not on_tile(sh)],
                 scene.title)


def _error_words(err: DataError) -> str:
    return f"{err.field}: {err.reason}" if err.field else err.reason


def guarded(method: Callable) -> Callable:
    """A designer action (a button, or the same from Python): an unexpected error shows in
    the status line, never as a traceback; the action then returns None."""
    @functools.wraps(method)
    def run(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - the designer must survive anything
            self.status.set(f"Something went wrong: {type(exc).__name__}: {exc}", "refused")
            return None
    return run


class CourseDesigner:
    """A course designer (see the module docstring)."""

    def __init__(self, course: Union[None, str, Course, Sequence] = None, *, theme: str = "light"):
        if theme not in render.PALETTES:
            raise ValueError(f"theme must be 'light' or 'dark', not {theme!r}")
        self.theme = theme
        self.name = "custom"
        self.tiles: List[Tuple[str, str]] = [(START_TILE, "easy")]
        self.board = None                        # the last board Play it opened
        self.difficulty: Optional[design.Difficulty] = None
        self._course: Optional[Course] = None    # the finished course, when it keeps every rule
        self._drawn: Optional[Course] = None     # what the picture shows (the finish appended if not placed)
        self._problems: List[str] = []
        self._tips: List[str] = []
        self._build_widgets()
        if course is None:
            self._changed("Pick a tile and its side, then Add. The start tile is placed; the finish goes last.")
        elif isinstance(course, Course):
            self._replace(course)
        elif isinstance(course, str):
            if course not in COURSES:
                raise DataError("course", f"unknown course {course!r}; choose from {', '.join(sorted(COURSES))}")
            self.start(course)
        else:
            self._replace(build_course(course, "custom"))

    # -- the widgets ----------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.status = StatusLine()
        self.start_from = widgets.Dropdown(options=[("an empty course", "")] + [(n, n) for n in COURSES],
                                           description="Start from", layout=widgets.Layout(width="280px"))
        self.btn_start = self._button("Start", "Throw this course away and start from the one chosen",
                                      lambda: self.start(self.start_from.value or None))
        self.name_box = widgets.Text(value=self.name, description="Name", continuous_update=False,
                                     layout=widgets.Layout(width="260px"))
        self.name_box.observe(self._guard(self._name_typed), names="value")
        self.tile_pick = widgets.Dropdown(description="Tile", layout=widgets.Layout(width="100%", max_width="560px"))
        self.side_pick = widgets.ToggleButtons(options=["easy", "hard"], value="easy",
                                               tooltips=["The easy side of the tile", "The hard side of the tile"],
                                               style={"button_width": "64px"})
        self.btn_add = self._button("Add", "Put the tile chosen, on the side chosen, at the end of the track",
                                    lambda: self.add(self.tile_pick.value, self.side_pick.value))
        self.btn_remove = self._button("Remove last", "Take the last tile back", self.remove_last)
        self.btn_clear = self._button("Clear", "Back to the start tile alone", self.clear)
        self.notes = widgets.HTML()
        self.notes.add_class("sk-notes")
        self.canvas = BoardCanvas(label="the course as it grows", min_width=480)
        self.races = widgets.BoundedIntText(value=10, min=1, max=200, description="Races",
                                            layout=widgets.Layout(width="150px"))
        self.estimate_note, self.load_note, self.play_note = (widgets.HTML() for _ in range(3))
        for note in (self.estimate_note, self.load_note, self.play_note):
            note.add_class("sk-note")  # what the status line says, beside the button pressed
        self.btn_estimate = self._button("Estimate difficulty", "Race greedy bots on the course and on the first "
                                         "race, and compare", lambda: self.estimate(races=self.races.value),
                                         note=self.estimate_note)
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Races run",
                                            layout=widgets.Layout(width="320px"))
        self.result = widgets.HTML()
        self.result.add_class("sk-result")
        self.json_box = widgets.Textarea(layout=widgets.Layout(width="100%", max_width="560px", height="10em"),
                                         placeholder="The course as JSON: copy it to keep it, paste one and Load")
        self.btn_load = self._button("Load", "Read the course from the JSON above (nothing changes if it is wrong)",
                                     lambda: self.load_json(self.json_box.value), note=self.load_note)
        self.players = widgets.BoundedIntText(value=3, min=2, max=5, description="Players",
                                              layout=widgets.Layout(width="150px"))
        self.seed = widgets.IntText(value=1, description="Seed", layout=widgets.Layout(width="150px"))
        self.btn_play = self._button("Play it", "Open a Savannah Tails board on this course below",
                                     lambda: self.play(players=self.players.value, seed=self.seed.value),
                                     note=self.play_note)
        self.output = widgets.Output()
        row = widgets.HBox
        self.widget = widgets.VBox([
            board_style(), widgets.HTML(DESIGNER_CSS, layout=widgets.Layout(height="0px", margin="0")),
            self.status.widget,
            row([self.start_from, self.btn_start, self.name_box], layout=widgets.Layout(flex_flow="row wrap")),
            self.tile_pick,
            row([self.side_pick, self.btn_add, self.btn_remove, self.btn_clear],
                layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            self.notes, self.canvas.view,
            row([self.races, self.btn_estimate, self.progress], layout=widgets.Layout(flex_flow="row wrap")),
            self.estimate_note, self.result,
            self.json_box, row([self.btn_load, self.load_note], layout=widgets.Layout(align_items="center")),
            row([self.players, self.seed, self.btn_play], layout=widgets.Layout(flex_flow="row wrap")),
            self.play_note,
            self.output])
        self.widget.add_class("sk-board")
        self.widget.add_class("sk-designer")

    def _button(self, label: str, tip: str, act: Callable[[], object],
                note: Optional[widgets.HTML] = None) -> widgets.Button:
        """A button; with ``note``, what it answers is said there too, next to the button."""
        button = widgets.Button(description=label, tooltip=tip, layout=widgets.Layout(width="auto"))

        def press(_button) -> None:
            for other in (self.estimate_note, self.load_note, self.play_note):
                other.value = ""
            self._guard(act)()
            if note is not None:
                note.value = self.status.widget.value

        button.on_click(press)
        return button

    def _guard(self, handler: Callable) -> Callable:
        def run(*args):
            try:
                handler(*args)
            except Exception as exc:  # noqa: BLE001 - a widget callback must never show a traceback
                self.status.set(f"Something went wrong: {type(exc).__name__}: {exc}", "refused")
        return run

    # -- what the course is -----------------------------------------------------------------------
    @property
    def course(self) -> Optional[Course]:
        """The course, when it is finished (the finish placed) and keeps every rule; else None."""
        return self._course

    @property
    def problems(self) -> List[str]:
        """The rules the course breaks, each naming the tile (``course[i]: ...``)."""
        return list(self._problems)

    @property
    def tips(self) -> List[str]:
        """The design tips the course does not follow (advice, never an error)."""
        return list(self._tips)

    @property
    def spec(self) -> List[List[str]]:
        """The tiles placed so far, as ``[[tile id, side], ...]``."""
        return [[t, s] for t, s in self.tiles]

    @property
    def finish_placed(self) -> bool:
        return bool(self.tiles) and self.tiles[-1][0] == FINISH_TILE

    @property
    def picture(self) -> Optional[Scene]:
        """The picture shown, or None while the course breaks a rule."""
        return self.canvas.scene if self._drawn is not None else None

    def offered(self) -> List[str]:
        """The tiles the dropdown offers: those not on the course yet (the finish until it is placed)."""
        used = {t for t, _s in self.tiles}
        return [t for t in TILES if t not in used and t != START_TILE]

    def _check(self) -> None:
        """Work out the problems, the tips, the finished course and the course to draw."""
        self._course = self._drawn = None
        self._problems, self._tips = [], []
        chain = list(self.tiles) if self.finish_placed else list(self.tiles) + [(FINISH_TILE, "easy")]
        try:
            built = build_course([list(p) for p in chain], self.name)
        except DataError as err:
            self._problems.append(_error_words(err))
            return
        to_place = f"course[{len(self.tiles)}]" if not self.finish_placed else None
        self._problems += [(f"{err.field} (the finish, to be placed): {err.reason}" if err.field == to_place
                            else _error_words(err)) for err in design.problems(built)]
        if not (isinstance(self.name, str) and self.name.strip() and len(self.name) <= 60):
            self._problems.append("course.name: expected a name of 1-60 characters")
        if self._problems:
            return
        self._drawn = built
        self._tips = design.tips(built)
        if self.finish_placed:
            self._course = built

    def _changed(self, said: Optional[str] = None, kind: str = "info") -> None:
        """After every change: check, redraw, offer the tiles left, say where things are."""
        self._check()
        self.tile_pick.options = [(tile_words(t), t) for t in self.offered()]
        self.btn_add.disabled = not self.tile_pick.options
        self.btn_remove.disabled = len(self.tiles) <= 1
        if self.name_box.value != self.name:
            self.name_box.value = self.name
        self.json_box.value = self.to_json()
        self._draw()
        self.notes.value = self._notes_html()
        self.difficulty = None
        self.result.value = ""
        self.progress.value = 0
        if self._problems:
            first = self._problems[0]
            more = f" (and {len(self._problems) - 1} more below)" if len(self._problems) > 1 else ""
            self.status.set(f"{said + ' ' if said and kind == 'done' else ''}Problem: {first}{more}", "refused")
        elif said is not None and kind == "refused":
            self.status.set(said, "refused")
        else:
            self.status.set(" ".join(x for x in (said, self._where()) if x), kind)

    def _where(self) -> str:
        n = len(self.tiles)
        if self._course is not None:
            return (f"The course has {n} tiles and keeps every rule: estimate its difficulty, save it or play it.")
        return f"{n} tile{'s' if n != 1 else ''} so far; the finish {FINISH_TILE} is not placed yet: add it last."

    def _draw(self) -> None:
        if self._drawn is None:
            self.canvas.view.layout.display = "none"
            return
        from . import new_game  # the package imports the engine; imported here, as design.difficulty does

        game = new_game(players=PICTURE_PLAYERS, seed=0, course=self._drawn.spec)
        picture = render.scene(game, hand=False, theme=self.theme)
        self.canvas.show(picture if self.finish_placed else without_tile(picture, FINISH_TILE))
        self.canvas.view.layout.display = None

    def _notes_html(self) -> str:
        chain = " → ".join(f"{t} ({s})" for t, s in self.tiles)
        if not self.finish_placed:
            chain += f" → <i>{FINISH_TILE}, to be placed</i>"
        out = [f'<div class="sk-chain"><b>{html.escape(self.name)}:</b> {chain}</div>']
        out += [f'<div class="sk-problem">✗ {html.escape(p)}</div>' for p in self._problems]
        if self._problems:
            out.append('<div class="sk-chain"><i>No picture until the course keeps every rule.</i></div>')
        out += [f'<div class="sk-tip">Tip: {html.escape(t)}</div>' for t in self._tips]
        return "".join(out)

    def _replace(self, course: Course, said: Optional[str] = None) -> None:
        self.tiles = [(t.id, s) for t, s in course.tiles]
        self.name = course.name
        self._changed(said, "done" if said else "info")

    def _edited(self) -> None:
        """An edited kit course is no longer that course (difficulty compares by name)."""
        if self.name in COURSES:
            self.name = EDITED_NAME

    def _name_typed(self, change) -> None:
        new = change["new"]
        if new != self.name:
            self.name = new
            self._changed()

    # -- actions -----------------------------------------------------------------------------------
    @guarded
    def start(self, name: Optional[str] = None) -> bool:
        """Start again: from a kit course (``"first-race"``, ``"second-race"``) or, with None, empty."""
        if not name:
            self.tiles, self.name = [(START_TILE, "easy")], "custom"
            self._changed("Started an empty course: the start tile is placed.", "done")
            return True
        if name not in COURSES:
            self.status.set(f"Not started: unknown course {name!r}; choose from {', '.join(sorted(COURSES))}",
                            "refused")
            return False
        self._replace(build_course(COURSES[name], name), f"Started from {name}.")
        return True

    @guarded
    def add(self, tile_id: str, side: str = "easy") -> bool:
        """Put ``tile_id`` on ``side`` at the end of the track (a course that then breaks a rule
        says so in the problems)."""
        if tile_id not in TILES:
            self.status.set(f"Not added: there is no tile {tile_id!r}; the tiles are {min(TILES)}–{max(TILES)}",
                            "refused")
            return False
        if side not in ("easy", "hard"):
            self.status.set(f"Not added: the side is 'easy' or 'hard', not {side!r}", "refused")
            return False
        self.tiles.append((tile_id, side))
        self._edited()
        self._changed(f"Added {tile_id} ({side}).", "done")
        return True

    @guarded
    def remove_last(self) -> bool:
        """Take the last tile back (the start tile stays)."""
        if len(self.tiles) <= 1:
            self.status.set("Nothing to remove: the start tile stays first.", "refused")
            return False
        tile_id, side = self.tiles.pop()
        self._edited()
        self._changed(f"Removed {tile_id} ({side}).", "done")
        return True

    @guarded
    def clear(self) -> bool:
        """Back to the start tile alone."""
        self.tiles = [(START_TILE, "easy")]
        self._edited()
        self._changed("Cleared: the start tile is placed.", "done")
        return True

    @guarded
    def estimate(self, races: int = 10, players: int = 4, seed: int = 0) -> Optional[design.Difficulty]:
        """Race greedy bots on the course and on the first race (``design.difficulty``), the
        progress bar following; the result shows under it and is returned."""
        course = self._course
        if course is None:
            why = self._problems[0] if self._problems else f"place the finish {FINISH_TILE} last"
            self.status.set(f"Nothing to estimate yet: {why}", "refused")
            return None
        if isinstance(races, bool) or not isinstance(races, int) or races < 1:
            self.status.set(f"Not estimated: races must be a whole number of 1 or more, not {races!r}", "refused")
            return None
        self.progress.value = 0
        self.progress.max = 2 * races
        self.result.value = ""
        self.status.set(f"Racing {races} races of {players} greedy bots on the course, and on the first race…")

        def progress(done: int, total: int) -> None:
            self.progress.max = total
            self.progress.value = done

        try:
            found = design.difficulty(course, races=races, players=players, seed=seed, progress=progress)
        except KitError as exc:
            self.status.set(f"Not estimated: {exc}", "refused")
            return None
        self.difficulty = found
        self.result.value = html.escape(str(found))
        self.status.set(f"Difficulty: {found.verdict}.", "done")
        return found

    def to_json(self) -> str:
        """The course as JSON (``design.course_to_json``): the tiles placed so far and the name."""
        chain = tuple((TILES[t], s) for t, s in self.tiles if t in TILES)
        return design.course_to_json(Course(self.name, chain))

    @guarded
    def load_json(self, text: str) -> bool:
        """Read a course saved as JSON; if it is wrong, nothing changes and the status line
        names the field at fault."""
        try:
            course = design.course_from_json(text)
        except DataError as err:
            self.status.set(f"Not loaded: {_error_words(err)}", "refused")
            return False
        except (TypeError, ValueError, AttributeError) as exc:  # e.g. a tile id that is not text
            self.status.set(f"Not loaded: course: {exc}", "refused")
            return False
        self._replace(course, f"Loaded {course.name}.")
        return True

    @guarded
    def save(self, path: Union[str, Path]) -> bool:
        """Write the course as JSON to ``path`` (only a course that keeps every rule: it must load back)."""
        if self._course is None:
            why = self._problems[0] if self._problems else f"place the finish {FINISH_TILE} last"
            self.status.set(f"Not saved: {why}", "refused")
            return False
        try:
            Path(path).write_text(self.to_json() + "\n", encoding="utf-8")
        except OSError as exc:
            self.status.set(f"Not saved: {path}: {exc.strerror or exc}", "refused")
            return False
        self.status.set(f"Saved {self.name} to {path}.", "done")
        return True

    @guarded
    def load(self, path: Union[str, Path]) -> bool:
        """Read a course saved by ``save`` (see ``load_json``)."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self.status.set(f"Not loaded: {path}: {getattr(exc, 'strerror', None) or exc}", "refused")
            return False
        return bool(self.load_json(text))

    @guarded
    def play(self, players: int = 3, seed: int = 1):
        """A Tails board on the course (``tails.new_game(course=course.spec).widget()``), shown
        under the designer and returned; None if the course is not finished."""
        course = self._course
        if course is None:
            why = self._problems[0] if self._problems else f"place the finish {FINISH_TILE} last"
            self.status.set(f"Nothing to play yet: {why}", "refused")
            return None
        from . import new_game

        try:
            board = new_game(players=players, seed=seed, course=course.spec).widget(theme=self.theme)
        except KitError as exc:
            self.status.set(f"Not played: {exc}", "refused")
            return None
        self.board = board
        self.output.clear_output()
        with self.output:
            display(board)
        self.status.set(f"A race of {players} on {course.name} is open below (seed {seed}).", "done")
        return board

    # -- showing it --------------------------------------------------------------------------------
    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        data = self.widget._repr_mimebundle_(include=include, exclude=exclude, **kwargs)
        if isinstance(data, tuple):
            data = data[0]
        data = dict(data or {})
        data["text/plain"] = repr(self)
        return data

    def __repr__(self) -> str:
        state = "finished" if self._course is not None else (
            f"{len(self._problems)} problem(s)" if self._problems else "finish to be placed")
        return f"<CourseDesigner {self.name}: {len(self.tiles)} tiles, {state}>"


def designer(course: Union[None, str, Course, Sequence] = None, *, theme: str = "light") -> CourseDesigner:
    """A course designer: empty (the start tile placed), or from a kit course (``"first-race"``,
    ``"second-race"``), a ``Course`` or a ``[[tile id, side], ...]`` list; ``theme="dark"`` draws
    the picture for a dark page."""
    return CourseDesigner(course, theme=theme)


__all__ = ["designer", "CourseDesigner", "tile_words", "side_words"]
