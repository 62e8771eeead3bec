"""The history panel of a branching board (``game.widget(branching=True)``).

Under the board: which line is shown (the main line or a branch tried from it), a replay
slider over that line's moves, the moves in the board's words with the places where
other lines leave it, "Try a move from here", "Back to main line", and two lines compared
side by side (their positions as pictures, their scores as a small table).

How it behaves, for every game:

* with the slider before the end of a line the board shows that position and is read
  only: the status line says which move of which line it is, and how to play on;
* "Try a move from here" makes that position live: the next move starts a new line and
  the line it came from keeps every move (playing the very move the line played just
  follows the line);
* bots play on a branch as they do anywhere (the same position, the same bot move);
* Undo takes back moves of the current line only, never past where a branch starts;
* the panel sits under the board, so nothing above it moves when it changes; its colours
  come from the JupyterLab theme (light and dark).

The lines themselves are plain data: ``core.lines.LineTree``.
"""

from __future__ import annotations

import html
from typing import Any, Dict, List, Optional, Tuple

import ipywidgets as widgets

from ..core.lines import LineTree, shared_length
from ..core.svg import to_svg

HISTORY_CSS = """<style>
.sk-board .sk-history { border-top: 1px solid var(--jp-border-color1, #bdbdbd); margin-top: 6px; padding-top: 4px;
  color: var(--jp-ui-font-color1, #1d1d1d); font-size: var(--jp-ui-font-size1, 13px); }
.sk-board .sk-history .widget-label, .sk-board .sk-history .widget-readout,
.sk-board .sk-history label { color: var(--jp-ui-font-color1, #1d1d1d); }
.sk-board .sk-history-row { align-items: center; flex-wrap: wrap; gap: 4px; }
.sk-board .sk-moves > .widget-html-content, .sk-board .sk-moves > .jupyter-widget-html-content {
  max-height: 12em; overflow-y: auto; border: 1px solid var(--jp-border-color1, #bdbdbd); padding: 2px 4px; }
.sk-board .sk-move { line-height: 1.45em; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.sk-board .sk-move-now { font-weight: 700; background: var(--jp-layout-color2, #eeeeee); }
.sk-board .sk-move-later { color: var(--jp-ui-font-color2, #555555); }
.sk-board .sk-fork { color: var(--jp-ui-font-color1, #1d1d1d); font-style: italic; }
.sk-board .sk-compare svg { max-width: 100%; height: auto; display: block; }
.sk-board .sk-compare-side { flex: 1 1 0; min-width: 0; padding: 2px 4px; }
.sk-board .sk-compare table { border-collapse: collapse; margin-top: 4px; color: var(--jp-ui-font-color1, #1d1d1d); }
.sk-board .sk-compare th, .sk-board .sk-compare td { border: 1px solid var(--jp-border-color1, #bdbdbd);
  padding: 1px 6px; text-align: right; }
.sk-board .sk-compare th:first-child, .sk-board .sk-compare td:first-child { text-align: left; }
.sk-board .sk-compare-title { font-weight: 600; }
</style>"""


def score_of(game, player: int):
    """A seat's score breakdown, counting what would count if the game ended now where the
    game can say so (``score_if_ended_now``)."""
    if hasattr(game, "score_if_ended_now"):
        return game.score_if_ended_now(player)
    return game.score_breakdown(player)


def score_table(game) -> str:
    """The score breakdowns of every seat as one small HTML table: a row per source of
    points, a row of totals."""
    breakdowns = [score_of(game, p) for p in range(game.players)]
    labels: List[str] = []
    for b in breakdowns:
        for line in b.lines:
            if line.label not in labels:
                labels.append(line.label)
    esc = html.escape
    head = "".join(f"<th>{esc(b.name)}</th>" for b in breakdowns)
    rows = []
    for label in labels:  # a source worth nothing to anyone is left out: the table stays small
        points = [sum(line.points for line in b.lines if line.label == label) for b in breakdowns]
        if any(points):
            rows.append(f"<tr><td>{esc(label)}</td>{''.join(f'<td>{v}</td>' for v in points)}</tr>")
    totals = "".join(f"<th>{b.total}</th>" for b in breakdowns)
    when = "final score" if game.is_over else "if the game ended now"
    return (f'<table class="sk-scores"><tr><th>{esc(when)}</th>{head}</tr>{"".join(rows)}'
            f"<tr><th>total</th>{totals}</tr></table>")


class HistoryPanel:
    """The lines of a board's game, the replay slider and the comparison (see the module
    docstring). ``board.lines`` is this panel once branching is on."""

    def __init__(self, board):
        self.board = board
        self.tree = LineTree(board.game.history)
        self.current = 1  # the line shown
        self.step: Optional[int] = None  # the move the slider shows; None: the end of the line, live
        self.trying: Optional[int] = None  # "Try a move from here" after this many moves of the line
        self._quiet = False  # the panel itself is setting its widgets
        self._words: Dict[int, Tuple[List[Any], List[str]]] = {}  # line -> (moves, their words)
        self.pair = (1, 1)  # the two lines the Compare row offers: the newest branch and its line

        self.picker = widgets.Dropdown(description="Line", layout=widgets.Layout(width="auto"))
        self.picker.observe(self._picked, "value")
        self.slider = widgets.IntSlider(min=0, max=0, value=0, description="Move", continuous_update=True,
                                        layout=widgets.Layout(width="320px"))
        self.slider.observe(self._slid, "value")
        self.btn_try = self._button("Try a move from here", "Play a different move from the position shown: "
                                    "it starts a new line and this line keeps its moves", self.try_here)
        self.btn_main = self._button("Back to main line", "Show the main line at its last move", self.back_to_main)
        self.about = widgets.HTML()
        self.moves = widgets.HTML()
        self.moves.add_class("sk-moves")
        self.compare_a = widgets.Dropdown(description="Compare", layout=widgets.Layout(width="auto"))
        self.compare_b = widgets.Dropdown(description="with", layout=widgets.Layout(width="auto"))
        for dropdown in (self.compare_a, self.compare_b):
            dropdown.observe(self._paired, "value")
        self.btn_compare = self._button("Compare", "Both lines' last positions side by side, with their scores",
                                        self.compare)
        self.comparison = widgets.HBox([])
        self.comparison.add_class("sk-compare")
        row1 = widgets.HBox([self.picker, self.slider, self.btn_try, self.btn_main])
        row2 = widgets.HBox([self.compare_a, self.compare_b, self.btn_compare])
        for row in (row1, row2):
            row.add_class("sk-history-row")
        self.widget = widgets.VBox([widgets.HTML(HISTORY_CSS, layout=widgets.Layout(height="0px", margin="0")),
                                    row1, self.about, self.moves, row2, self.comparison])
        self.widget.add_class("sk-history")
        self.refresh()

    def _button(self, label: str, tip: str, act) -> widgets.Button:
        button = widgets.Button(description=label, tooltip=tip, layout=widgets.Layout(width="auto"))
        button.on_click(self.board._guard(lambda _b: act()))
        return button

    # -- what the board asks --------------------------------------------------------
    @property
    def viewing(self) -> bool:
        """The slider is before the end of the line: the board is read only."""
        return self.step is not None

    @property
    def line_length(self) -> int:
        return len(self.tree.line(self.current).moves)

    def viewing_text(self) -> str:
        return (f"Viewing move {self.step} of {self.line_length} of line {self.current} — move the slider to "
                f"the end to play on, or press “Try a move from here”.")

    def say_viewing(self) -> None:
        """A click or key while viewing: say why nothing happens and what to do."""
        self.board.status.set(self.viewing_text(), "info")

    def undo_floor(self) -> Optional[int]:
        """How far Undo may go back on this line (its branch point), or None when Undo has
        nothing to do here (viewing, or trying before a move); says why in the status line."""
        if self.viewing or (self.trying is not None and len(self.board.game.history) == self.trying):
            self.board.status.set("Undo takes back moves at the end of a line: move the slider to step "
                                  "through this one.", "info")
            return None
        return self.tree.fork(self.current)

    def nothing_to_undo(self, floor: int) -> str:
        ln = self.tree.line(self.current)
        if ln.parent is None:
            return "Nothing to undo yet: no decision of yours has been played."
        return (f"Nothing more to undo on line {ln.number}: it leaves line {ln.parent} after move {floor}. "
                f"Pick line {ln.parent} to go further back (both keep their moves).")

    # -- following the game -----------------------------------------------------------
    def follow(self) -> None:
        """The board's game changed (a move, the bots, an Undo): record it in the current
        line, or start a new line when it left the line it was viewing or trying from."""
        if self._quiet:
            return
        history = list(self.board.game.history)
        ln = self.tree.line(self.current)
        if self.step is None and self.trying is None:
            self.tree.set_moves(self.current, history)
        elif history == ln.moves[:len(history)]:  # still on this line: the very moves it played
            if self.trying is not None and len(history) == self.trying:
                pass  # nothing played yet
            elif len(history) == len(ln.moves):
                self.step = self.trying = None
            else:
                self.trying = None
                self.step = len(history)
                self.board.status.set(f"That is the move line {self.current} played. " + self.viewing_text(), "info")
        else:
            fork = shared_length(history, ln.moves)
            came_from = self.current
            self.current = self.tree.branch(came_from, fork, history[fork:])
            self.tree.set_moves(self.current, history)
            self.step = self.trying = None
            self.pair = (came_from, self.current)
            self.board.log.add_text(f"↳ Line {self.current}: tried from line {came_from} after move {fork} "
                                    f"(line {came_from} keeps its {len(ln.moves)} moves)")
        self.refresh()

    def restart(self) -> None:
        """A new game: one main line again."""
        self.tree = LineTree(self.board.game.history)
        self.current, self.step, self.trying = 1, None, None
        self.pair = (1, 1)
        self._words.clear()

    # -- the user's controls ------------------------------------------------------------
    def _picked(self, change) -> None:
        if not self._quiet and change["new"] is not None:
            self.board._guard(self.show_line)(change["new"])

    def _paired(self, _change) -> None:
        if not self._quiet:
            self.pair = (self.compare_a.value, self.compare_b.value)

    def _slid(self, change) -> None:
        if not self._quiet:
            self.board._guard(self.show_step)(change["new"])

    def show_line(self, number: int) -> None:
        """Show line ``number`` at its last move, live."""
        self.tree.line(number)  # a clear error for a line that does not exist
        before = self.current
        self.current, self.trying = number, None
        self.show_step(self.line_length)
        if number != before:
            self.board.log.add_text(f"Now on line {number}" + self._origin(number))

    def back_to_main(self) -> None:
        self.show_line(1)

    def show_step(self, step: int) -> None:
        """The position after ``step`` moves of the current line: read only before its end,
        live at the end."""
        moves = self.tree.line(self.current).moves
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(moves):
            raise ValueError(f"step: line {self.current} has moves 0 to {len(moves)}, not {step!r}")
        board, game = self.board, self.board.game
        self.trying = None
        self.step = None if step == len(moves) else step
        if game.history != moves[:step]:
            game._restore(moves[:step])
        board._movers = board.game.movers()
        board._logged = len(game.log)
        board.after_undo()
        board.marks = []
        if step:
            board.marks = [(h, "last") for h in self._marks(moves[step - 1])]
        board.redraw()
        if self.viewing:
            self.say_viewing()
        else:
            board.status.set(board.instruction(), "done" if game.is_over else "info")
        self.refresh()

    def try_here(self) -> None:
        """Make the position shown live: the next move starts a new line."""
        board = self.board
        if not self.viewing:
            board.status.set("This is already the end of the line: just play on. To try something else "
                             "earlier, move the slider back first.", "info")
            return
        if not board.human_turn:
            board.status.set(f"Move {self.step} is {board.player_name(board.game.current_player)}'s (bot) "
                             f"decision: move the slider to a decision of yours to try something else.", "info")
            return
        self.trying, self.step = self.step, None
        board.redraw()
        board.status.set(f"Trying a move after move {self.trying} of line {self.current}: "
                         f"{board.instruction()}", "info")
        self.refresh()

    def compare(self, a: Optional[int] = None, b: Optional[int] = None) -> None:
        """Show two lines' last positions side by side with their scores (default: the two
        lines picked in the panel)."""
        a = self.compare_a.value if a is None else a
        b = self.compare_b.value if b is None else b
        self.tree.line(a), self.tree.line(b)  # a clear error for a line that does not exist
        self.pair = (a, b)
        if a == b:  # one line twice would be two identical pictures: say so, show it once
            said = (f"Line {a} compared with itself: the same position twice. Pick another line in "
                    f"\"with\" to see two lines side by side.")
            note = widgets.HTML(f'<div class="sk-compare-title">{html.escape(said)}</div>')
            self.comparison.children = [widgets.VBox([note, self._side(a)])]
            self.board.status.set(said, "info")
            return
        self.comparison.children = [self._side(a), self._side(b)]

    # -- drawing the panel --------------------------------------------------------------
    def _origin(self, number: int) -> str:
        ln = self.tree.line(number)
        if ln.parent is None:
            return " (the main line)"
        return f" (tried from line {ln.parent} after move {self.tree.fork(number)})"

    def _side(self, number: int) -> widgets.VBox:
        ln = self.tree.line(number)
        end = self.tree.replay(self.board.game, number)
        title = widgets.HTML(f'<div class="sk-compare-title">Line {number}{html.escape(self._origin(number))}: '
                             f'{len(ln.moves)} moves</div>')
        picture = widgets.HTML(f'<div class="sk-compare-picture">{to_svg(end.scene())}</div>')
        scores = widgets.HTML(score_table(end))
        side = widgets.VBox([title, picture, scores])
        side.add_class("sk-compare-side")
        return side

    def _marks(self, move) -> List[str]:
        """The places ``move`` touched (outlined while viewing it); none if the board cannot say."""
        try:
            return list(self.board.move_marks(move))
        except Exception:  # noqa: BLE001 - an outline is a nicety, the view must not fail
            return []

    def words(self, number: int) -> List[str]:
        """Every move of line ``number`` in the board's words (worked out once per move)."""
        moves = self.tree.line(number).moves
        known, said = self._words.get(number, ([], []))
        keep = shared_length(known, moves)
        said = said[:keep]
        if keep < len(moves):
            position = self.board.game._replayed(moves[:keep])
            for move in moves[keep:]:
                said.append(self.board.describe(move, position))
                position._play_legal(move)
        self._words[number] = (list(moves), said)
        return said

    def refresh(self) -> None:
        """Bring the picker, the slider, the move list and the buttons up to date."""
        self._quiet = True
        try:
            options = [(f"{ln.number}{' (main)' if ln.parent is None else ''} — {len(ln.moves)} moves",
                        ln.number) for ln in self.tree.lines]
            for dropdown, value in ((self.picker, self.current), (self.compare_a, self.pair[0]),
                                    (self.compare_b, self.pair[1])):
                dropdown.options = options
                dropdown.value = value
            n = self.line_length
            shown = n if self.step is None else self.step
            if self.trying is not None:
                shown = self.trying
            self.slider.max = n
            self.slider.value = min(shown, n)
            self.btn_try.disabled = not self.viewing
            self.btn_main.disabled = self.current == 1 and not self.viewing and self.trying is None
            self.about.value = self._about()
            self.moves.value = self._move_list()
        finally:
            self._quiet = False

    def _about(self) -> str:
        where = f"move {self.slider.value} of {self.line_length}"
        if self.viewing:
            state = "viewing (read only)"
        elif self.trying is not None:
            state = "trying a move: the next move starts a new line"
        else:
            state = "live: play on"
        return (f'<div class="sk-line">Line {self.current}{html.escape(self._origin(self.current))}, '
                f'{where} — {state}</div>')

    def _move_list(self) -> str:
        said = self.words(self.current)
        shown = self.slider.value
        forks: Dict[int, List[int]] = {}
        for child in self.tree.children(self.current):
            forks.setdefault(self.tree.fork(child.number), []).append(child.number)
        ln = self.tree.line(self.current)
        if ln.parent is not None:
            forks.setdefault(self.tree.fork(self.current), []).append(-ln.parent)
        rows = []
        for i in range(len(said) + 1):
            for other in forks.get(i, []):
                text = (f"↳ leaves line {-other} here" if other < 0 else f"↳ line {other} leaves here")
                rows.append(f'<div class="sk-move sk-fork">{html.escape(text)}</div>')
            if i < len(said):
                kind = "sk-move-now" if i + 1 == shown else ("sk-move-later" if i + 1 > shown else "")
                rows.append(f'<div class="sk-move {kind}">{i + 1}. {html.escape(said[i])}</div>')
        if not said:
            rows.append('<div class="sk-move">No moves yet.</div>')
        return "".join(rows)


__all__ = ["HistoryPanel", "score_of", "score_table"]
