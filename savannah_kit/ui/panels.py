"""The text parts of a board: the rule-citing event log and the status line."""

from __future__ import annotations

import html
from typing import Iterable, List

import ipywidgets as widgets

from ..core.rules_index import rule


class StatusLine:
    """One line saying what to do next, or why a click was refused."""

    def __init__(self, text: str = ""):
        self.widget = widgets.HTML(layout=widgets.Layout(min_height="1.8em"))
        self.widget.add_class("sk-status")
        self.set(text)

    def set(self, text: str, kind: str = "info") -> None:
        colour = {"info": "#1b3a57", "refused": "#9b1c1c", "done": "#1d5f2a"}.get(kind, "#1b3a57")
        self.kind = kind
        self.text = text
        self.widget.value = f'<span style="color:{colour};font-weight:600">{html.escape(text)}</span>'

    def refuse(self, reason: str, rule_id: str = "") -> None:
        """Show a refusal with the rule that forbids it."""
        cite = f" (rule {rule_id}: {rule(rule_id).text})" if rule_id else ""
        self.set(f"Not allowed: {reason}{cite}", "refused")


class LogPanel:
    """The story of the game so far, newest last, each line citing its rule."""

    def __init__(self, height: str = "14em", limit: int = 200):
        self.lines: List[str] = []
        self.limit = limit
        self.widget = widgets.HTML(layout=widgets.Layout(height=height, overflow="auto",
                                                         border="1px solid #c8c2b4", padding="4px"))
        self.widget.add_class("sk-log")
        self._render()

    def add_events(self, events: Iterable, prefix: str = "") -> None:
        for e in events:
            self.lines.append(f"{html.escape(prefix + e.message)} <span style='color:#6b6b6b'>[{html.escape(e.rule)}]</span>"
                              if hasattr(e, "rule") else html.escape(str(e)))
        self._render()

    def add_text(self, text: str) -> None:
        self.lines.append(html.escape(text))
        self._render()

    def clear(self) -> None:
        self.lines = []
        self._render()

    def _render(self) -> None:
        shown = self.lines[-self.limit:]
        body = "<br>".join(shown) if shown else "<i>Nothing has happened yet.</i>"
        self.widget.value = f"<div style='font-size:0.95em;line-height:1.35'>{body}</div>"

    @property
    def text(self) -> str:
        """Plain text of the log (for tests)."""
        import re

        return "\n".join(html.unescape(re.sub("<[^>]+>", "", line)) for line in self.lines)


CLASSROOM_CSS = """<style>
.sk-classroom .sk-state { font-size: 1.7em; line-height: 1.3; }
.sk-classroom .sk-scores { font-size: 1.5em; line-height: 1.3; }
.sk-classroom .sk-status { font-size: 1.4em; line-height: 1.3; }
.sk-classroom .sk-log { font-size: 1.25em; }
</style>"""


def classroom_style() -> widgets.HTML:
    """Large text for a board with the ``sk-classroom`` class, readable on a projector."""
    return widgets.HTML(CLASSROOM_CSS)
