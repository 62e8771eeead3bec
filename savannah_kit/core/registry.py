"""The registry of games: the one place that lists them.

Everything that needs "every game" reads it: the rule index (which ids are valid),
the command line, the bots, the lab, the teaching tools, the benchmark, the fuzz
command and the conformance tests. Each game package declares its ``GameSpec``
(``core.spec``) and registers it when imported; the kit's own packages are listed in
``KIT_GAMES`` and imported the first time someone asks for the games. So a new game is
one package and one line here (or one ``register`` call, for a game outside the kit).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Dict, Optional

if TYPE_CHECKING:  # the registry imports nothing of the kit: the games, the rule index and the
    from .spec import GameSpec  # game protocol all read it, and a spec's check reads them

    GameEntry = GameSpec  # the older name of a registry entry

#: the kit's own game packages, in the order the kit lists them: importing one registers it
KIT_GAMES = ("savannah_kit.tails", "savannah_kit.circle", "savannah_kit.forest")

_GAMES: Dict[str, "GameSpec"] = {}


def register(spec: "GameSpec") -> "GameSpec":
    """Add a game (or replace the spec of the same name) once its ``check`` accepts it: a
    missing or wrong field is a ``SpecError`` naming it, and nothing is registered."""
    _GAMES[spec.check().name] = spec
    return spec


def unregister(name: str) -> None:
    """Remove a game (tests that register a toy game clean up with this)."""
    _GAMES.pop(name, None)


def _load_kit() -> None:
    for package in KIT_GAMES:
        importlib.import_module(package)  # registers its spec (already imported: nothing happens)


def _order(spec: "GameSpec") -> int:
    return KIT_GAMES.index(spec.module) if spec.module in KIT_GAMES else len(KIT_GAMES)


def games() -> Dict[str, "GameSpec"]:
    """Every registered game, by name: the kit's own in ``KIT_GAMES`` order, then the others
    in registration order (the same order whichever game was imported first)."""
    _load_kit()
    return {spec.name: spec for spec in sorted(_GAMES.values(), key=_order)}


def find(name: str) -> Optional["GameSpec"]:
    """The spec of game ``name``, or None if no game of that name is registered."""
    if name not in _GAMES:
        _load_kit()
    return _GAMES.get(name)


def game(name: str) -> "GameSpec":
    """The spec of one game; ``KeyError`` naming the games if there is none."""
    spec = find(name)
    if spec is None:
        raise KeyError(f"unknown game {name!r}; the games are {', '.join(games())}")
    return spec


def spec_of(game_or_name) -> "GameSpec":
    """The spec of a game object (by its ``name``) or of a game name."""
    return game(game_or_name if isinstance(game_or_name, str) else game_or_name.name)
