"""Shared board parts (ipywidgets + a small browser-side canvas): the scene view with
clicks, hover and keyboard, the status line, the log, the row of buttons with its confirmation question, the
board base class with bots, undo and marks, and the boards' style. Games'
``widget.py`` modules build their boards from these. ``ui/clicks.py``, what a board does without
widgets, imports none of them: the names below are loaded when first used, so that importing
``savannah_kit.ui.clicks`` (the class server does) loads no widget library."""

__all__ = ["Board", "BoardCanvas", "SceneView", "scene_data", "outlined", "seat_players", "Controls", "LogPanel",
           "StatusLine", "Words", "board_style"]


def __getattr__(name: str):
    if name in __all__:
        from . import board, canvas, clicks, panels

        for module in (clicks, board, canvas, panels):
            if hasattr(module, name):
                return getattr(module, name)
    raise AttributeError(f"module 'savannah_kit.ui' has no attribute {name!r}")
