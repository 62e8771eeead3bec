"""The interactive Savannah Tails board: its clicks (``clicks.py``, what the board does) shown in
the kit's shared widgets (``ui.board``), with its Discard button.

``board(game)`` (or ``game.widget()``) returns a ``TailsBoard``; show it by leaving it at the end
of a cell. ``clicks.py`` says what it does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List

import ipywidgets as widgets

from ..ui.board import HINT_SECONDS, Board
from .clicks import (Refusal, TailsClicks, _text_box, board_words, card_words, choice_words,
                     space_words)
from .state import Phase

if TYPE_CHECKING:
    from .rules import TailsGame


class TailsBoard(TailsClicks, Board):
    """A playable Savannah Tails board (see ``clicks.py``)."""

    def make_buttons(self) -> List[widgets.Button]:
        self.btn_discard = self._button("Discard", "Discard the cards you picked", self.confirm_discard)
        return [self.btn_discard]

    def redraw(self) -> None:
        self.btn_discard.layout.visibility = ("visible" if self.human_turn and self.game.phase is Phase.DISCARD
                                              else "hidden")  # its room stays: nothing moves
        super().redraw()


def board(game: "TailsGame", *, bots=None, seats=None, classroom=False, seed=0, autosave=None, guided=False,
          theme="light", branching=False, suggest=False, hint_seconds=HINT_SECONDS) -> TailsBoard:
    """An interactive board for ``game`` (see ``TailsBoard``); ``theme="dark"`` for a dark page,
    ``branching=True`` for the history panel (lines, replay slider), ``hint_seconds`` the Hint
    button's budget."""
    made = TailsBoard(game, bots=bots, seats=seats, classroom=classroom, seed=seed, autosave=autosave,
                      guided=guided, theme=theme, hint_seconds=hint_seconds)
    made = made.enable_suggest() if suggest else made
    return made.enable_branching() if branching else made


__all__ = ["board", "TailsBoard", "Refusal", "choice_words", "space_words", "board_words", "card_words", "_text_box"]
