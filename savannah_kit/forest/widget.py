"""The interactive Savernake Forest board: its clicks (``clicks.py``, what the board does) shown
in the kit's shared widgets (``ui.board``), with its turn buttons.

``board(game)`` (or ``game.widget()``) returns a ``ForestBoard``; show it by leaving it at the end
of a cell. ``clicks.py`` says what it does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List

import ipywidgets as widgets

from ..ui.board import HINT_SECONDS, Board
from .clicks import GIFTS, KEEPS_PAWN, TAKEN, ForestClicks, gain_words

if TYPE_CHECKING:
    from .rules import ForestGame


class ForestBoard(ForestClicks, Board):
    """A playable Savernake Forest board (see ``clicks.py``)."""

    def make_buttons(self) -> List[widgets.Button]:
        self.btn_left = self._button("⟲ turn left", "Turn the card 90° anticlockwise (Shift+R)", lambda: self.rotate(-1))
        self.btn_right = self._button("⟳ turn right", "Turn the card 90° clockwise (R)", lambda: self.rotate(+1))
        return [self.btn_left, self.btn_right]


def board(game: "ForestGame", *, bots=None, seats=None, classroom=False, seed=0, autosave=None,
          guided=False, theme="light", branching=False, suggest=False, hint_seconds=HINT_SECONDS) -> ForestBoard:
    """An interactive board for ``game`` (see ``ForestBoard``); ``guided=True`` for a first
    game with a guide, ``theme="dark"`` for a dark page, ``branching=True`` for the history
    panel (lines, replay slider), ``hint_seconds`` the Hint button's budget."""
    made = ForestBoard(game, bots=bots, seats=seats, classroom=classroom, seed=seed, autosave=autosave,
                       guided=guided, theme=theme, hint_seconds=hint_seconds)
    made = made.enable_suggest() if suggest else made
    return made.enable_branching() if branching else made


__all__ = ["board", "ForestBoard", "gain_words", "GIFTS", "KEEPS_PAWN", "TAKEN"]
