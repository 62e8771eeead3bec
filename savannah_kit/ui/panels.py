"""The text parts of a board: the status line, the guide line of a guided game, the last
few events, the full log, and the row of buttons with its confirmation question; and the
board's style (light and dark themes, classroom size).

Colours come from JupyterLab's theme variables, so the text stays readable (4.5:1 or
more) on the light and the dark theme alike; the fallbacks are for other front ends.
Heights are fixed, so nothing under the pointer moves when a message changes.
"""

from __future__ import annotations

import html
import re
from typing import Callable, List, Optional

import ipywidgets as widgets

from .clicks import Line, Log, Status

BOARD_CSS = """<style>
.sk-board { color: var(--jp-ui-font-color1, #1d1d1d); font-family: var(--jp-ui-font-family, sans-serif);
  max-width: 100%; }
.sk-board .sk-status { height: 3em; margin: 2px 0; overflow: hidden; font-size: var(--jp-ui-font-size1, 13px); }
.sk-board .sk-status > .widget-html-content, .sk-board .sk-status > .jupyter-widget-html-content {
  line-height: 1.45em; white-space: normal; overflow: hidden; display: block; align-self: flex-start; }
.sk-board .sk-status .sk-ask { display: block; }
.sk-board .sk-status .sk-then { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
  color: var(--jp-ui-font-color2, #424242); }
.sk-board .sk-info, .sk-board .sk-done, .sk-board .sk-bot { color: var(--jp-ui-font-color1, #1d1d1d); }
.sk-board .sk-done { font-weight: 600; }
.sk-board .sk-refused { color: var(--jp-ui-font-color1, #1d1d1d); font-weight: 600; }
.sk-board .sk-status.sk-is-refused { border-left: 6px solid #c62828; padding-left: 6px;
  background: var(--jp-layout-color2, #eeeeee); }
.sk-board .sk-status.sk-is-hint { border-left: 6px dashed #6a1b9a; padding-left: 6px; }
.sk-board .sk-hint { color: var(--jp-ui-font-color1, #1d1d1d); }
.sk-board .sk-guide { height: 2.9em; margin: 0 0 2px 0; overflow: hidden; font-size: var(--jp-ui-font-size1, 13px);
  border-left: 6px solid #00796b; padding-left: 6px; box-sizing: border-box; }
.sk-board .sk-guide > .widget-html-content, .sk-board .sk-guide > .jupyter-widget-html-content {
  line-height: 1.45em; white-space: normal; overflow: hidden; display: -webkit-box;
  -webkit-line-clamp: 2; -webkit-box-orient: vertical; align-self: flex-start; }
.sk-board .sk-guide-text { color: var(--jp-ui-font-color1, #1d1d1d); }
.sk-board .sk-rule { color: var(--jp-ui-font-color1, #1d1d1d); font-weight: normal; }
.sk-board .sk-controls { min-height: 34px; align-items: center; flex-wrap: wrap; }
.sk-board .sk-buttons, .sk-board .sk-confirm { flex-wrap: wrap; align-items: center; max-width: 100%; }
.sk-board .sk-controls .widget-button, .sk-board .sk-controls .jupyter-button { flex-shrink: 0; }
.sk-board .sk-recent { height: 4.5em; overflow: hidden; color: var(--jp-ui-font-color1, #1d1d1d);
  font-size: var(--jp-ui-font-size1, 13px); }
.sk-board .sk-recent > .widget-html-content, .sk-board .sk-recent > .jupyter-widget-html-content,
.sk-board .sk-line { line-height: 1.5em; }
.sk-board .sk-line { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.sk-board .sk-newest { font-weight: 600; }
.sk-board .sk-log { border: 1px solid var(--jp-border-color1, #bdbdbd); font-size: var(--jp-ui-font-size1, 13px); }
.sk-board .sk-log > .widget-html-content, .sk-board .sk-log > .jupyter-widget-html-content {
  max-height: 14em; overflow-y: auto; display: flex; flex-direction: column-reverse; padding: 4px; }
.sk-board .sk-log .sk-line { flex: none; white-space: normal; overflow: visible; padding: 1px 0; }
.sk-board .sk-confirm-text { color: var(--jp-ui-font-color1, #1d1d1d); font-weight: 600; margin-right: 8px; }
.sk-board .widget-button, .sk-board .jupyter-button { cursor: pointer; }
.sk-board .widget-button:focus-visible, .sk-board .jupyter-button:focus-visible {
  outline: 3px solid var(--jp-brand-color1, #1a5fb4); outline-offset: 1px; }
.sk-classroom { box-sizing: border-box; }
body.jp-Notebook .jp-Cell:has(.sk-classroom), body.jp-Notebook .lm-BoxPanel-child:has(.sk-classroom) {
  padding-left: 2px; padding-right: 2px; }
.sk-classroom .sk-top { align-items: center; gap: 12px; height: 76px; overflow: hidden; }
.sk-classroom .sk-top .sk-controls { flex-shrink: 0; height: 56px; }
.sk-board .sk-rule-words::after { content: attr(data-words); }
.sk-classroom .sk-status { font-size: 24px; height: 3.15em; flex: 1 1 auto; min-width: 0; margin: 0; }
.sk-classroom .sk-status > .widget-html-content, .sk-classroom .sk-status > .jupyter-widget-html-content {
  line-height: 1.05em; }
.sk-classroom .sk-status .sk-then { font-size: 18px; line-height: 1.2em; }
.sk-classroom .sk-rule-words::after { content: none; }
.sk-classroom .widget-button, .sk-classroom .jupyter-button { font-size: 24px; height: 48px; padding: 0 12px; }
.sk-classroom .sk-confirm-text { font-size: 24px; }
.sk-classroom .sk-guide { font-size: 24px; height: 1.35em; margin: 2px 0 0 0; }
.sk-classroom .sk-guide > .widget-html-content, .sk-classroom .sk-guide > .jupyter-widget-html-content {
  line-height: 1.3em; -webkit-line-clamp: 1; }
.sk-classroom .sk-recent { font-size: clamp(17px, 2.25vh, 24px); height: 4.5em; margin-top: 4px; }
.sk-classroom .sk-sceneview { display: flex; justify-content: center; }
</style>"""


def board_style() -> widgets.HTML:
    """The style sheet of the boards (include it once in a board's box)."""
    return widgets.HTML(BOARD_CSS, layout=widgets.Layout(height="0px", margin="0"))


class Words(widgets.Label):
    """A line of words a notebook shows under a board. Its plain-text form is the words
    themselves, so a notebook opened where widgets do not run yet (untrusted, GitHub) reads a
    sentence, not ``Label(value=...)``."""

    def __repr__(self) -> str:
        return self.value


class StatusLine(Status):
    """What to do next, why a click was refused, or a hint, then (its own line, left out
    when room runs out: the log keeps it) what the bots or you just did: two lines in a fixed
    height (three in classroom mode), the instruction always first and whole. A refusal or a hint
    stays until the next action (``sticky``: a hover must not replace it). A refusal's
    rule text is drawn by the style sheet, not part of the line's text, so that the
    classroom can leave it out (the rule id stays, the whole text is the tooltip): a long
    refusal is never cut off there."""

    def __init__(self, text: str = ""):
        self.widget = widgets.HTML()
        self.widget.add_class("sk-status")
        super().__init__(text)

    def set(self, text: str, kind: str = "info", more: str = "", then: str = "") -> None:
        """Show ``text``; ``more`` follows it where there is room (outside the classroom);
        ``then`` (what just happened: "Bots played: ...") goes on its own line under it."""
        super().set(text, kind, more, then)
        mark = {"refused": "✗ ", "done": "✓ "}.get(kind, "")
        extra = f'<span class="sk-rule-words" data-words="{html.escape(more, quote=True)}"></span>' if more else ""
        after = f'<span class="sk-then">{html.escape(then)}</span>' if then else ""
        self.widget.value = (f'<span class="sk-{kind} sk-ask" title="{html.escape(text + more, quote=True)}">'
                             f'{mark}{html.escape(text)}{extra}</span>{after}')
        for marked in ("refused", "hint"):
            if kind == marked:
                self.widget.add_class(f"sk-is-{marked}")
            else:
                self.widget.remove_class(f"sk-is-{marked}")


class GuideLine(Line):
    """The guide of a guided game: one sentence on what just happened or what a thing
    does, under the status line. Its height is fixed (two lines, one in classroom
    mode), and the whole sentence is its tooltip."""

    def __init__(self, text: str = ""):
        self.widget = widgets.HTML()
        self.widget.add_class("sk-guide")
        super().__init__(text)

    def set(self, text: str) -> None:
        super().set(text)
        self.widget.value = (f'<span class="sk-guide-text" title="{html.escape(text, quote=True)}">'
                             f'{html.escape(text)}</span>')


def _line(text: str, rule_id: Optional[str]) -> str:
    """One line of the log; a line too long for the board ends in "…", its whole text and rule
    in the tooltip."""
    cite = f' <span class="sk-rule">[{html.escape(rule_id)}]</span>' if rule_id else ""
    whole = html.escape(text + (f" [{rule_id}]" if rule_id else ""), quote=True)
    return f'<div class="sk-line" title="{whole}">{html.escape(text)}{cite}</div>'


class LogPanel(Log):
    """The story of the game, each line citing its rule: the last few lines always
    shown under the board (``recent``), every line in a panel that opens on a click
    (``widget``): oldest at the top, newest last and in view, each line whole (long ones wrap),
    the panel scrolling instead of squeezing its lines."""

    def __init__(self, limit: int = 400, recent: int = 3):
        super().__init__(limit)
        self.lines: List[str] = []
        self.shown_recent = recent
        self.recent = widgets.HTML()
        self.recent.add_class("sk-recent")
        self.full = widgets.HTML()
        self.full.add_class("sk-log")
        self.widget = widgets.Accordion([self.full], titles=("Full log",), selected_index=None)
        self._render()

    def clear(self) -> None:
        self.lines = []
        super().clear()

    def _add(self, text: str, rule_id: Optional[str]) -> None:
        self.lines.append(_line(text, rule_id))
        del self.lines[:-self.limit]
        super()._add(text, rule_id)

    def _render(self) -> None:
        last = self.lines[-self.shown_recent:]
        if last:
            last[-1] = last[-1].replace('class="sk-line"', 'class="sk-line sk-newest"', 1)
        self.recent.value = "".join(last) if last else '<div class="sk-line"><i>Nothing has happened yet.</i></div>'
        # newest first in the source: the panel's column-reverse keeps the newest in view
        self.full.value = "".join(reversed(self.lines)) or '<div class="sk-line"><i>Nothing has happened yet.</i></div>'


class Controls:
    """The row of buttons under the status line. A question (before a New game throws away
    a game in progress) takes the buttons' place in the same row until it is answered. In a
    column too narrow for them the buttons wrap onto a second line rather than being cut off."""

    def __init__(self, buttons: List[widgets.Button]):
        self.buttons = widgets.HBox(buttons)
        self.buttons.add_class("sk-buttons")
        self.question = widgets.HTML()
        self.question.add_class("sk-confirm-text")
        self.yes = widgets.Button(description="Yes", button_style="danger")
        self.no = widgets.Button(description="No, keep playing")
        self.confirm = widgets.HBox([self.question, self.yes, self.no], layout=widgets.Layout(display="none"))
        self.confirm.add_class("sk-confirm")
        self.widget = widgets.Box([self.buttons, self.confirm])
        self.widget.add_class("sk-controls")
        self._action: Optional[Callable[[], None]] = None
        self._no: Optional[Callable[[], None]] = None
        self.yes.on_click(lambda _b: self.answer(True))
        self.no.on_click(lambda _b: self.answer(False))

    def ask(self, question: str, action: Callable[[], None], yes: str = "Yes",
            no: Optional[Callable[[], None]] = None) -> None:
        """Ask ``question``: Yes runs ``action``, No runs ``no`` (if given)."""
        self.question.value = html.escape(question)
        self.yes.description = yes
        self._action, self._no = action, no
        self.buttons.layout.display = "none"
        self.confirm.layout.display = "flex"

    @property
    def asking(self) -> bool:
        return self.confirm.layout.display != "none"

    def answer(self, yes: bool) -> None:
        action, no, self._action, self._no = self._action, self._no, None, None
        self.confirm.layout.display = "none"
        self.buttons.layout.display = "flex"
        if yes and action is not None:
            action()
        elif not yes and no is not None:
            no()


def plain(text: str) -> str:
    """Text without tags (for tests and tooltips)."""
    return html.unescape(re.sub("<[^>]+>", "", text))
