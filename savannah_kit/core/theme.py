"""The page's theme (light or dark), as a board's browser side last reported it.

A board in JupyterLab or Voila reads the page's theme and tells the kernel (``ui/theme.py``);
the pictures shown after that (a game left at the end of a cell: its SVG and PNG) are drawn
in the same theme, so a dark page gets dark pictures. Before any report, and where no browser
runs (nbval, scripts), nothing is known and pictures keep their own default: the stored
outputs of a notebook run by a script stay the same.
"""

from __future__ import annotations

from typing import Optional

THEMES = ("light", "dark")
_page: list = [None]


def checked_theme(theme: str) -> str:
    """``theme`` if it is one the pictures have, else the error a board or sandbox raises."""
    if theme not in THEMES:
        raise ValueError(f"theme must be 'light' or 'dark', not {theme!r}")
    return theme


def page_theme() -> Optional[str]:
    """"light", "dark", or None when no page has said."""
    return _page[0]


def set_page_theme(theme: Optional[str]) -> None:
    _page[0] = None if theme is None else checked_theme(theme)
