"""An exercise as a small board: the picture (click it to answer), a text box, and
Check, Hint and Show me.

Built from the shared board parts (``savannah_kit.ui``), so it behaves like every
board: clicks are read on press, keys stay with the page, the feedback line has a
fixed height so nothing moves under the pointer, and the colours follow the theme.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Optional

import ipywidgets as widgets

from ..ui.canvas import BoardCanvas, with_picture
from ..ui.panels import BOARD_CSS
from .answers import AnswerError

if TYPE_CHECKING:  # the exercise makes its board; the board only needs its methods
    from .exercise import Exercise, Feedback

EXERCISE_CSS = BOARD_CSS.replace("</style>", """
.sk-exercise { border: 1px solid var(--jp-border-color1, #bdbdbd); border-radius: 6px; padding: 8px 10px;
  max-width: 100%; box-sizing: border-box; }
.sk-exercise .sk-ex-title { font-weight: 600; font-size: var(--jp-content-font-size2, 15px); }
.sk-exercise .sk-ex-question { line-height: 1.45em; }
.sk-exercise .sk-ex-row { align-items: center; gap: 6px; flex-wrap: wrap; }
.sk-exercise .sk-ex-row .widget-text { flex: 1 1 260px; min-width: 180px; }
.sk-exercise .sk-feedback { height: 4.6em; overflow-y: auto; margin: 4px 0 0 0; white-space: pre-wrap;
  line-height: 1.5em; font-size: var(--jp-ui-font-size1, 13px); }
.sk-exercise .sk-feedback .sk-ok { font-weight: 600; }
.sk-exercise .sk-feedback.sk-wrong { border-left: 6px solid #c62828; padding-left: 6px; }
.sk-exercise .sk-feedback.sk-right { border-left: 6px solid #2e7d32; padding-left: 6px; }
.sk-exercise .sk-solved { color: var(--jp-ui-font-color1, #1d1d1d); font-weight: 600; }
</style>""")


class ExerciseBoard:
    """The live form of an ``Exercise`` (see the module docstring)."""

    def __init__(self, exercise: "Exercise", min_width: int = 0):
        self.exercise = exercise
        self.position = exercise.position()
        self.hints_shown = 0
        self.attempts = 0
        self.showing_answer = False
        self.feedback: Optional["Feedback"] = None
        self.canvas = BoardCanvas(exercise.picture(self.position), label=f"exercise: {exercise.title}",
                                  min_width=min_width)
        self.canvas.on_click(self._clicked)
        self.title = widgets.HTML()
        self.title.add_class("sk-ex-title")
        self.question = widgets.HTML(f'<div class="sk-ex-question">{html.escape(exercise.question)}</div>')
        self.text = widgets.Text(placeholder=f"your answer, e.g. {exercise.answer.example}",
                                 continuous_update=True, layout=widgets.Layout(width="auto"))
        self.text.add_class("sk-ex-answer")
        self.text.observe(self._answer_changed, "value")
        self.check_button = self._button("Check", "Check your answer", self.check, "primary")
        self.hint_button = self._button("Hint", "A nudge; press again for a bigger one", self.hint)
        self.show_button = self._button("Show me", "Show the answer and why", self.show)
        self.reset_button = self._button("Start over", "Back to the question", self.reset)
        row = widgets.HBox([self.text, self.check_button, self.hint_button, self.show_button, self.reset_button])
        row.add_class("sk-ex-row")
        self.out = widgets.HTML()
        self.out.add_class("sk-feedback")
        style = widgets.HTML(EXERCISE_CSS, layout=widgets.Layout(height="0px", margin="0"))
        self.widget = widgets.VBox([style, self.title, self.question, self.canvas.view, row, self.out])
        self.widget.add_class("sk-board")
        self.widget.add_class("sk-exercise")
        self._title()
        self._say("Click the picture or type your answer, then Check.", "")

    def _button(self, label: str, tip: str, action, style: str = "") -> widgets.Button:
        b = widgets.Button(description=label, tooltip=tip, button_style=style)
        b.on_click(lambda _b: action())
        return b

    def _title(self) -> None:
        done = ' <span class="sk-solved">✓ solved</span>' if self.exercise.solved() else ""
        self.title.value = f"{html.escape(self.exercise.title)}{done}"

    def _say(self, text: str, kind: str) -> None:
        self.out.value = f'<span class="sk-ok">{html.escape(text)}</span>' if kind == "right" else html.escape(text)
        for k in ("right", "wrong"):
            (self.out.add_class if k == kind else self.out.remove_class)(f"sk-{k}")

    # -- answering --------------------------------------------------------------------
    def _answer_changed(self, _change=None) -> None:
        """A verdict belongs to the answer it judged: once the answer changes, it goes."""
        if self.feedback is not None and not self.showing_answer:
            self.feedback = None
            self._say("Check when you are ready.", "")

    def _clicked(self, hit: Optional[str], _x=None, _y=None) -> None:
        if self.showing_answer or self.exercise.click is None:
            return
        item = self.exercise.click(self.position, hit) if hit else None
        if item is None:
            self._say("That part of the picture is not an answer here.", "")
            return
        self.text.value = self._toggled(item)
        reason = self._added(item) and self.exercise.why_not(item)
        if reason:
            ans = self.exercise.answer
            alone = ((item,) if ans.ordered else frozenset([item])) if ans.many else item
            self._say(f"{ans.show(alone)} is not it: {reason}", "wrong")

    def _added(self, item: Any) -> bool:
        """True when the click put ``item`` into the answer (a second click takes it out)."""
        if not self.exercise.answer.many:
            return True
        try:
            return item in self.exercise.answer.read(self.text.value)
        except AnswerError:
            return False

    def _toggled(self, item: Any) -> str:
        ans = self.exercise.answer
        if not ans.many:
            return ans.show(item)
        try:
            now = ans.read(self.text.value)
        except AnswerError:
            now = ans.read(None)
        if ans.ordered:
            now = tuple(now) + (item,)
        else:
            now = frozenset(now ^ {item})
        return ans.show(now) if now else ""

    def check(self) -> "Feedback":
        self.attempts += 1
        fb = self.exercise.check(self.text.value.strip() or None)
        self.feedback = fb
        self._say(str(fb), "right" if fb else "wrong")
        if fb:
            self._title()
        return fb

    def hint(self) -> str:
        self.hints_shown = min(self.hints_shown + 1, 2)
        text = self.exercise.hint(self.hints_shown)
        if self.hints_shown == 2:
            self.hint_button.disabled = True
            text += "  (Still stuck? Show me.)"
        self._say(text, "")
        return text

    def show(self) -> None:
        sol = self.exercise.show()
        self.showing_answer = True
        if sol.picture is not None:
            self.canvas.show(sol.picture)
        self._say(sol.text, "")

    def reset(self) -> None:
        self.showing_answer = False
        self.hints_shown = 0
        self.hint_button.disabled = False
        self.text.value = ""
        self.canvas.show(self.exercise.picture(self.position))
        self._say("Click the picture or type your answer, then Check.", "")

    # -- display ------------------------------------------------------------------------
    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        data, metadata = with_picture(self.widget._repr_mimebundle_(include=include, exclude=exclude, **kwargs),
                                      self.canvas.scene)
        data["text/plain"] = repr(self.exercise)
        return data, metadata
