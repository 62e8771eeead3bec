"""Shared board parts (ipywidgets + a small browser-side canvas): the scene view with
clicks, hover and keyboard, the status line, the log, the row of buttons with its confirmation question, the
board base class with bots, undo and marks, and the boards' style. Games'
``widget.py`` modules build their boards from these."""

from .board import Board, outlined, seat_players
from .canvas import BoardCanvas, SceneView, scene_data
from .panels import Controls, LogPanel, StatusLine, Words, board_style

__all__ = ["Board", "BoardCanvas", "SceneView", "scene_data", "outlined", "seat_players", "Controls", "LogPanel",
           "StatusLine", "Words", "board_style"]
