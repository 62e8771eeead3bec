"""Boards follow the page's theme.

The browser side of a board reads JupyterLab's (or Voila's) light or dark theme from the page
and reports it when the board appears and whenever it changes (``sceneview.js``); the board
then redraws in that theme, and so does everything drawn from it later (its sandbox, and the
pictures the kernel shows next: ``core.theme``). A board's ``theme=`` is its theme until the
page says one (front ends that say nothing keep it).
"""

from __future__ import annotations


def follow_page_theme(board) -> None:
    """Redraw ``board`` in the page's theme whenever the page reports one."""
    def switch(theme: str) -> None:
        if theme != board.theme:
            board.theme = theme
            board.redraw()

    board.canvas.on_theme(board._guard(switch))
