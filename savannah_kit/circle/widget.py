"""The interactive Circle of Life board: its clicks (``clicks.py``, what the board does) shown in
the kit's shared widgets (``ui.board``).

``board(game)`` (or ``game.widget()``) returns a ``CircleBoard``; show it by leaving it at the end
of a cell. ``clicks.py`` says what it does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ui.board import HINT_SECONDS, Board
from .clicks import BAD, OK, CircleClicks

if TYPE_CHECKING:
    from .rules import CircleGame


class CircleBoard(CircleClicks, Board):
    """A playable Circle of Life board (see ``clicks.py``)."""


def board(game: "CircleGame", *, bots=None, seats=None, classroom=False, seed=0, autosave=None, guided=False,
          theme="light", show_hunts=True, branching=False, suggest=False, hint_seconds=HINT_SECONDS) -> CircleBoard:
    """An interactive board for ``game`` (see ``CircleBoard``); ``theme="dark"`` for a dark page;
    ``show_hunts=False`` goes straight to the savannah after a hunt (no before/after step);
    ``branching=True`` adds the history panel (lines, replay slider); ``hint_seconds`` is the Hint
    button's budget."""
    made = CircleBoard(game, bots=bots, seats=seats, classroom=classroom, seed=seed, autosave=autosave,
                       guided=guided, theme=theme, show_hunts=show_hunts, hint_seconds=hint_seconds)
    made = made.enable_suggest() if suggest else made
    return made.enable_branching() if branching else made


__all__ = ["board", "CircleBoard", "OK", "BAD"]
