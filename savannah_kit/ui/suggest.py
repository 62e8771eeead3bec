"""The Suggest panel of a board (``game.widget(suggest=True)``): the strong bot's top moves.

Under the board: a "Suggest" button, and once pressed, the moves the MCTS bot
(``core.search.MCTSBot``) likes best for the player to move, in the board's words, each
with its value and the playouts behind it, and a "Play it out" button. The moves come in
the search's order: the one it spent most playouts on first (the move the bot would play).
Its playouts are those that fit the panel's ``seconds`` (``core.bots.pick_bot``, the picker
the Hint button uses, with a larger budget: ``SUGGEST_SECONDS``).

* The value is the search's estimate for the player to move, as a percentage: 100% a
  sure win, 0% a sure loss, 50% level. It is mostly the chance of winning the playouts
  and a little the score margin (``search.outcome``), so read it as "about this likely
  to win".
* The search is seeded from the position (as the board's bots are) and counts playouts,
  not seconds, so the same position always gives the same list.
* "Play it out" on a branching board starts a new line from the position shown with that
  move, lets greedy bots finish the game on it (fast, and the same line every time), and
  compares it with the line it left in the history panel; the main line keeps its moves.
  Without branching it plays the move on the board, as a click would (Undo takes it back).
* The panel has a fixed height (nothing moves under the pointer), takes no keys (its
  buttons are reached with Tab), takes its colours from the JupyterLab theme, and puts
  every error in the status line.
* On a classroom board it is compact (``CLASSROOM_TOP`` moves, ``CLASSROOM_HEIGHT`` pixels,
  counted in the room the board leaves under its picture), so the page still fits a projector.
"""

from __future__ import annotations

import html
from typing import Any, List, Optional, Tuple

import ipywidgets as widgets

from ..core.bots import check_seconds, make_bot, pick_bot

#: how many moves the panel lists at most, and on a classroom board
TOP = 5
CLASSROOM_TOP = 3
#: the panel's height on a classroom board, pixels (its head and ``CLASSROOM_TOP`` rows)
CLASSROOM_HEIGHT = 156
#: the search budget in seconds on the reference machine class (each game's ``bots.decision_cost``), twice
#: the Hint button's: turned into playouts by a table, so the same position gives the same list
SUGGEST_SECONDS = 2.0
#: the bot kind that finishes a game played out on a branch
PLAYOUT_BOT = "greedy"

SUGGEST_CSS = """<style>
.sk-board .sk-suggest { border-top: 1px solid var(--jp-border-color1, #bdbdbd); margin-top: 4px; padding-top: 4px;
  color: var(--jp-ui-font-color1, #1d1d1d); font-size: var(--jp-ui-font-size1, 13px); height: 13.2em;
  overflow: hidden; box-sizing: border-box; }
.sk-board .sk-suggest-head { align-items: center; height: 34px; flex-wrap: nowrap; gap: 8px; }
.sk-board .sk-suggest-head .widget-button, .sk-board .sk-suggest-head .jupyter-button { flex-shrink: 0; }
.sk-board .sk-suggest-about { flex: 1 1 auto; min-width: 0; }
.sk-board .sk-suggest-about > .widget-html-content, .sk-board .sk-suggest-about > .jupyter-widget-html-content,
.sk-board .sk-suggest-words > .widget-html-content, .sk-board .sk-suggest-words > .jupyter-widget-html-content {
  line-height: 1.45em; }
.sk-board .sk-suggest-text { white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
  color: var(--jp-ui-font-color1, #1d1d1d); }
.sk-board .sk-suggest-row { align-items: center; height: 30px; flex-wrap: nowrap; gap: 8px; }
.sk-board .sk-suggest-row .widget-button, .sk-board .sk-suggest-row .jupyter-button { flex-shrink: 0; }
.sk-board .sk-suggest-words { flex: 1 1 auto; min-width: 0; }
.sk-board .sk-suggest-value { font-weight: 600; }
.sk-board.sk-classroom .sk-suggest { font-size: 17px; height: %dpx; margin-top: 0; }
.sk-board.sk-classroom .sk-suggest-text { font-size: 17px; }
.sk-board.sk-classroom .sk-suggest-head { height: 40px; }
.sk-board.sk-classroom .sk-suggest-row { height: 36px; }
.sk-board.sk-classroom .sk-suggest .widget-button, .sk-board.sk-classroom .sk-suggest .jupyter-button {
  font-size: 17px; height: 32px; padding: 0 10px; }
</style>""" % CLASSROOM_HEIGHT


class Suggestion:
    """One suggested move: the move, its words, the playouts behind it and its value in [0, 1]
    for the player to move."""

    __slots__ = ("move", "words", "playouts", "value")

    def __init__(self, move: Any, words: str, playouts: int, value: float):
        self.move, self.words, self.playouts, self.value = move, words, playouts, value

    @property
    def percent(self) -> int:
        return round(100 * self.value)

    def text(self, rank: int) -> str:
        return f"{rank}. {self.words} — {self.percent}% ({self.playouts} playouts)"

    def __repr__(self) -> str:
        return f"<Suggestion {self.words!r} {self.percent}% of {self.playouts} playouts>"


class SuggestPanel:
    """The Suggest button and the list of top moves (see the module docstring);
    ``board.suggest_panel`` is this panel once ``board.enable_suggest()`` has run."""

    def __init__(self, board, top: Optional[int] = None, seconds: float = SUGGEST_SECONDS):
        if top is None:
            top = CLASSROOM_TOP if board.classroom else TOP
        if isinstance(top, bool) or not isinstance(top, int) or not 1 <= top <= 10:
            raise ValueError(f"top: the panel lists 1 to 10 moves, not {top!r}")
        pick = pick_bot(board.game.name, check_seconds("seconds", seconds))
        if not pick.searches:
            raise ValueError(f"seconds: the Suggest list needs a search, and {seconds:g} s gives "
                             f"{pick.label} (too few playouts)")
        self.board = board
        self.top = top
        self.seconds = float(seconds)
        self.items: List[Suggestion] = []
        self.position: Optional[List[Any]] = None  # the history the list was worked out for
        self.player: Optional[int] = None
        self.btn_suggest = widgets.Button(description="Suggest", tooltip=f"The strong (MCTS) bot's best moves "
                                          f"here, with their values ({self.playouts():,} playouts)",
                                          layout=widgets.Layout(width="auto"))
        self.btn_suggest.on_click(board._guard(lambda _b: self.suggest()))
        self.about = widgets.HTML()
        self.about.add_class("sk-suggest-about")
        head = widgets.HBox([self.btn_suggest, self.about])
        head.add_class("sk-suggest-head")
        self.words: List[widgets.HTML] = []
        self.buttons: List[widgets.Button] = []
        rows = []
        for i in range(top):
            words = widgets.HTML()
            words.add_class("sk-suggest-words")
            button = widgets.Button(description="Play it out", layout=widgets.Layout(width="auto"))
            button.on_click(board._guard(lambda _b, i=i: self.play_out(i)))
            row = widgets.HBox([button, words])
            row.add_class("sk-suggest-row")
            self.words.append(words)
            self.buttons.append(button)
            rows.append(row)
        self.widget = widgets.VBox([widgets.HTML(SUGGEST_CSS, layout=widgets.Layout(height="0px", margin="0")),
                                    head, *rows])
        self.widget.add_class("sk-suggest")
        self._say("Press Suggest for the strong bot's best moves here, with their values.")
        self._show_rows()

    # -- working out the list ----------------------------------------------------------
    def playouts(self) -> int:
        """The search budget for this board's game, in playouts (those that fit ``seconds``)."""
        return pick_bot(self.board.game.name, self.seconds).settings["iterations"]

    def why_not(self) -> Optional[str]:
        """Why nothing can be suggested in the position shown (None: it can)."""
        board, game = self.board, self.board.game
        if game.is_over:
            return "Nothing to suggest: the game is over."
        if getattr(board, "covered", False):
            return "Nothing to suggest while the hands are covered: uncover them first."
        return None

    def suggest(self) -> List[Suggestion]:
        """Search the position shown and list its best moves (also returned)."""
        board, game = self.board, self.board.game
        self.items, self.position, self.player = [], list(game.history), None
        reason = self.why_not()
        if reason is not None:
            self._say(reason)
            self._show_rows()
            return []
        p = game.current_player
        bot = pick_bot(game.name, self.seconds).make(board.position_seed() * 8 + p)
        stats = bot.move_stats(game)
        found = [Suggestion(move, self.move_words(move), n, value) for move, n, value in stats if n > 0]
        if not found:  # one legal move: the bot plays it without searching
            found = [Suggestion(move, self.move_words(move), 0, 0.5) for move, _n, _v in stats[:1]]
        self.items, self.player = found[:self.top], p
        total = sum(s.playouts for s in found)
        name = html.escape(board.player_name(p))
        self._say(f"Best moves for {name}, most searched first; value: {name}'s chance to win, as "
                  f"{total} playouts estimate it.")
        self._show_rows()
        return list(self.items)

    def move_words(self, move) -> str:
        """A move in the board's words (its hint words; the describing words if those fail)."""
        try:
            return self.board.hint_text(move)
        except Exception:  # noqa: BLE001 - some boards word only the moves their hint can suggest
            return self.board.describe(move, self.board.game)

    def follow(self) -> None:
        """The board redrew: a list worked out for another position goes (its room stays)."""
        if self.items and list(self.board.game.history) != self.position:
            self.items, self.position = [], None
            self._say("The position changed: press Suggest for this one.")
            self._show_rows()

    # -- playing a suggestion -----------------------------------------------------------------
    def play_out(self, index: int) -> None:
        """Play suggestion ``index`` (0 is the best): on a branch finished by bots with branching
        on, on the board otherwise."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.items):
            raise ValueError(f"index: the list has suggestions 0 to {len(self.items) - 1}, not {index!r}")
        board = self.board
        if list(board.game.history) != self.position:
            self.follow()
            board.status.set("The position changed since the list was made: press Suggest again.", "info")
            return
        chosen = self.items[index]
        if board.lines is None:
            self._play_on_board(chosen)
        else:
            self._play_on_branch(chosen)

    def _play_on_board(self, chosen: Suggestion) -> None:
        board = self.board
        if not board.human_turn:
            board.status.set(f"It is {board.player_name(board.game.current_player)}'s (bot) decision: "
                             f"the bot plays its own move.", "info")
            return
        board.after_undo()  # a half-made choice on the board gives way to the suggestion
        board.marks = []
        board.play(chosen.move)

    def _play_on_branch(self, chosen: Suggestion) -> None:
        board, lines = self.board, self.board.lines
        game = board.game
        came_from, fork = lines.current, len(game.history)
        trial = game._replayed(list(game.history))
        trial.play(chosen.move)
        while not trial.is_over:
            p = trial.current_player
            trial.play(make_bot(PLAYOUT_BOT, board.position_seed(trial) * 8 + p, trial.name).choose(trial))
        number = lines.tree.branch(came_from, fork, list(trial.history)[fork:])
        lines.show_line(number)
        if number != came_from:
            lines.pair = (came_from, number)
            board.log.add_text(f"↳ Line {number}: {chosen.words}, played out by {PLAYOUT_BOT} bots from line "
                               f"{came_from} after move {fork}")
            lines.compare(came_from, number)
            lines.refresh()
        winners = " and ".join(board.player_name(w) for w in trial.winners())
        if number == came_from:  # the line already went on this very way
            board.status.set(f"Line {number} already goes on this way ({chosen.words}, then {PLAYOUT_BOT} bots): "
                             f"{winners} won.", "done")
            return
        board.status.set(f"Line {number}: {chosen.words}, then {PLAYOUT_BOT} bots to the end: {winners} "
                         f"won. Compare it with line {came_from} below, or pick line {came_from} to go back.", "done")

    # -- drawing -------------------------------------------------------------------------------
    def _say(self, text_html: str) -> None:
        self.about.value = f'<div class="sk-suggest-text" title="{text_html}">{text_html}</div>'

    def _show_rows(self) -> None:
        for i, (words, button) in enumerate(zip(self.words, self.buttons)):
            if i < len(self.items):
                item = self.items[i]
                said = html.escape(item.words)
                words.value = (f'<div class="sk-suggest-text" title="{said}">{i + 1}. {said} — <span '
                               f'class="sk-suggest-value">{item.percent}%</span> ({item.playouts} playouts)</div>')
                button.tooltip = (f"Start a new line with this move and let {PLAYOUT_BOT} bots finish the game"
                                  if self.board.lines is not None else "Play this move on the board (Undo takes it back)")
                button.layout.visibility = "visible"
                button.disabled = False
            else:
                words.value = ""
                button.layout.visibility = "hidden"  # its room stays: nothing moves
                button.disabled = True

    def texts(self) -> List[str]:
        """The list as plain lines (for notebooks and tests)."""
        return [item.text(i + 1) for i, item in enumerate(self.items)]

    def table(self) -> List[Tuple[str, int, int]]:
        """(words, value in percent, playouts) of each suggestion, best first."""
        return [(item.words, item.percent, item.playouts) for item in self.items]


__all__ = ["SuggestPanel", "Suggestion", "TOP", "CLASSROOM_TOP", "CLASSROOM_HEIGHT", "SUGGEST_SECONDS", "PLAYOUT_BOT"]
