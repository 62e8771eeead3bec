"""A board a screen reader can play.

The picture is one ``<canvas>``, which a screen reader cannot read. So every board also
says in words what happens: ``Announcer`` watches the board's log and status line and
sends each new event, each refusal and each new instruction to a visually hidden
``aria-live="polite"`` region of the board (drawn by ``sceneview.js``); the keyboard
cursor's target is said there too (its tooltip, by the browser side). The Describe button
(or the D key on the board) reads the whole position: ``game.describe()``, in the game's
own words, also shown in a panel under the board for those who can see it.

Announcements are kept in ``said`` (for tests: a replica board says what the page's
live region must say).
"""

from __future__ import annotations

import html
import re
from typing import List

import ipywidgets as widgets

#: a log line's rule citation, left out of speech (a screen reader would spell it out), and a
#: refusal's "Rule <id>:" before the rule's words
_RULE = re.compile(r"\s*\[[a-z]+(?:\.[a-z0-9-]+)+\]")
_RULE_ID = re.compile(r"Rule [a-z]+(?:\.[a-z0-9-]+)+(:?)")


def spoken(text: str) -> str:
    """A board text as it is read out: without rule ids and the ✗/✓ marks, ending as a sentence."""
    text = _RULE.sub("", text).replace("✗ ", "").replace("✓ ", "").strip()
    text = _RULE_ID.sub(lambda m: "The rule:" if m.group(1) else "", text).strip()
    return text if not text or text[-1] in ".!?…:" else text + "."


class Announcer:
    """Sends what happens on ``board`` to its live region, and answers Describe (see the module
    docstring)."""

    def __init__(self, board):
        self.board = board
        self.view = board.canvas.view
        self.said: List[str] = []
        self._seen = len(board.log.plain)
        self._pending: List[str] = []
        self.panel = widgets.HTML(layout=widgets.Layout(display="none"))
        self.panel.add_class("sk-description")
        board.log.recent.observe(self._logged, "value")
        shown = board.status.set

        def set_and_say(text: str, kind: str = "info", more: str = "", then: str = "") -> None:
            shown(text, kind, more, then)
            self._status()

        board.status.set = set_and_say  # every status, even the same refusal twice, is said
        self.view.on_msg(self._key)

    def _logged(self, _change=None) -> None:
        """New log lines are said (a cleared log starts again)."""
        plain = self.board.log.plain
        if len(plain) < self._seen:
            self._seen = 0
        new = plain[self._seen:]
        self._seen = len(plain)
        self._pending += [spoken(line) for line in new]

    def _status(self, _change=None) -> None:
        """The status line is said after the log lines that led to it (every action ends with a
        status): the words of one action go out as one announcement. A status that names the
        bots' moves stands for their log lines."""
        self._logged()
        text, then = self.board.status.text, self.board.status.then
        lines = self._pending
        if then:  # "Bots played: ..." stands for the bots' log lines, and is said before what to do next
            text = text[:-len(then)].rstrip() if text.endswith(then) else text
            lines = [line for line in lines if not line.startswith("[")] + [spoken(then)]
        self._pending = []
        self.say(" ".join(lines + [spoken(text)]))

    def say(self, text: str) -> None:
        """Put ``text`` in the live region (said again even if it is the same as the last)."""
        text = text.strip()
        if not text:
            return
        self.said.append(text)
        self.view.announce = [len(self.said), text]

    def describe(self) -> str:
        """Read the position out (and show it under the board): ``game.describe()``."""
        text = self.board.game.describe()
        self.panel.value = f'<div class="sk-description-text"><b>Position:</b> {html.escape(text)}</div>'
        self.panel.layout.display = "block"
        self.say(text)
        return text

    def _key(self, _view, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "key" and content.get("key") == "d":
            self.board._guard(lambda: self.describe())()
