"""Shared widget parts (ipywidgets + ipycanvas): the scene painter with click
mapping and late-client repaint, the event log and the status line. Games'
``widget.py`` modules build their boards from these."""

from .canvas import BoardCanvas, paint
from .panels import LogPanel, StatusLine

__all__ = ["BoardCanvas", "paint", "LogPanel", "StatusLine"]
