"""The registry of games: the one place that lists them.

Everything that needs "every game" reads it: the rule index (which ids are
valid), the command line (``demo``, ``simulate``), the benchmark, the fuzz
command and the conformance tests. Adding a game is one ``register`` call
(below for the kit's own games); its module must offer ``new_game``,
``from_json`` and a ``Game`` subclass, like the others.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Dict, Optional, Tuple


@dataclass(frozen=True)
class GameEntry:
    """What the kit knows about a game before importing it."""

    name: str                 # short name, also the first part of its rule ids: "forest"
    title: str                # "Savernake Forest"
    module: str               # import path of the game module: "savannah_kit.forest"
    players: Tuple[int, ...]  # the player counts it supports
    demo: Optional[str] = None  # classroom notebook (relative to the project root), if it has one

    def load(self) -> ModuleType:
        return importlib.import_module(self.module)


_GAMES: Dict[str, GameEntry] = {}


def register(name: str, title: str, module: str, players, demo: Optional[str] = None) -> GameEntry:
    """Add a game (or replace the entry of the same name)."""
    entry = GameEntry(name, title, module, tuple(players), demo)
    _GAMES[name] = entry
    return entry


def unregister(name: str) -> None:
    """Remove a game (tests that register a toy game clean up with this)."""
    _GAMES.pop(name, None)


def games() -> Dict[str, GameEntry]:
    """Every registered game, by name, in registration order."""
    return dict(_GAMES)


def game(name: str) -> GameEntry:
    """The entry of one game; ``KeyError`` with the choices if there is none."""
    try:
        return _GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; the games are {', '.join(_GAMES)}") from None


register("tails", "Savannah Tails", "savannah_kit.tails", range(2, 6),
         demo="notebooks/classroom/tails_classroom.ipynb")
register("circle", "Circle of Life: on the Savannah", "savannah_kit.circle", range(2, 6),
         demo="notebooks/classroom/circle_classroom.ipynb")
register("forest", "Savernake Forest", "savannah_kit.forest", range(2, 5),
         demo="notebooks/classroom/forest_classroom.ipynb")
