"""Hidden information for bots that search: a position as one player may know it.

A bot that looks ahead must not read the cards it cannot see (the other hands,
the order of the decks). Before each look it *determinises* the position: it
keeps everything the player may know and re-deals the hidden cards at random,
consistently with what is known (how many cards each hand and pile holds).

A game offers this with a module ``<its package>.hidden`` holding
``determinise(game, observer, rng) -> game``. A game without one has no hidden
information (everything is on the table): its determinisation is a plain copy.
Either way the copy gets new dice from ``rng``, because the game's own dice
(future shuffles) are hidden too.
"""

from __future__ import annotations

import importlib
import random
from typing import Callable, Dict, List, Optional, Sequence

_HOOKS: Dict[str, Optional[Callable]] = {}


def search_copy(game, rng: random.Random):
    """A copy of ``game`` to search on: the state and history copied, an empty log (a search
    never reads it, and copying it costs time) and new dice drawn from ``rng``."""
    twin = _shallow(game)  # configuration is shared, as in Game.copy
    twin.state = game.state.copy()
    twin.history = list(game.history)
    twin.log = []
    twin.rng = random.Random(rng.getrandbits(64))
    twin._legal = twin._legal_index = twin._legal_plans = None
    return twin


def _shallow(game):
    cls = type(game)
    twin = cls.__new__(cls)
    twin.__dict__.update(game.__dict__)
    return twin


def redeal(pool: Sequence, sizes: Sequence[int], rng: random.Random) -> List[list]:
    """The cards of ``pool`` shuffled by ``rng`` and cut into piles of ``sizes`` (in order).

    The pool is sorted first, so the piles depend only on which cards are unseen and on
    ``rng``: never on where the cards really are."""
    if len(pool) != sum(sizes):
        raise ValueError(f"{len(pool)} unseen cards cannot fill hidden piles of {list(sizes)} cards: "
                         "the position's cards do not add up")
    cards = sorted(pool)
    rng.shuffle(cards)
    piles, start = [], 0
    for n in sizes:
        piles.append(cards[start:start + n])
        start += n
    return piles


def determiniser(game) -> Optional[Callable]:
    """The game's ``determinise`` hook, or None for a game without hidden information."""
    package = type(game).package or type(game).__module__.rsplit(".", 1)[0]
    if package not in _HOOKS:
        name = package + ".hidden"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name not in (name, package):
                raise
            module = None
        _HOOKS[package] = getattr(module, "determinise", None)
    return _HOOKS[package]


def determinise(game, observer: int, rng: random.Random):
    """A copy of ``game`` in which the cards ``observer`` cannot see are re-dealt by ``rng``
    (the game's ``hidden.determinise``; a plain search copy if it has no hidden cards)."""
    hook = determiniser(game)
    if hook is None:
        return search_copy(game, rng)
    return hook(game, observer, rng)
