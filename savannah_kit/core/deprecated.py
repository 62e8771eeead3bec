"""Old spellings that still work for one release, with a ``DeprecationWarning``."""

from __future__ import annotations

import sys
import warnings
from typing import Sequence


def deprecated(message: str, through: Sequence[str] = ()) -> None:
    """Warn that an old spelling was used, pointing at the line that used it: the caller of the
    function that warns, past the kit's functions named in ``through`` that only hand the call
    on (``game.scene(...)`` reaches the game's ``render.scene`` through ``Game.scene``). So a
    notebook cell shows the warning at its own line."""
    level, caller = 3, sys._getframe(2)  # stacklevel 1 is this function, 2 the one that warns
    while (caller is not None and caller.f_code.co_name in through
           and caller.f_globals.get("__name__", "").startswith("savannah_kit.")):
        caller, level = caller.f_back, level + 1
    warnings.warn(message, DeprecationWarning, stacklevel=level)
