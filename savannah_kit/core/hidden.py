"""Hidden information for bots that search: a position as one player may know it.

A bot that looks ahead must not read the cards it cannot see (the other hands,
the order of the decks). Before each look it *determinises* the position: it
keeps everything the player may know and re-deals the hidden cards at random,
consistently with what is known (how many cards each hand and pile holds).

A game offers this with the ``hidden`` hook of its spec (``core.spec``):
``determinise(game, observer, rng) -> game``. A game whose spec says ``hidden=None``
has no hidden information (everything is on the table): its determinisation is a
plain copy.
Either way the copy gets new dice from ``rng``, because the game's own dice
(future shuffles) are hidden too.
"""

from __future__ import annotations

import random
from typing import Callable, Dict, List, Optional, Sequence

from .registry import spec_of

#: each game's determinise hook (None: nothing hidden), looked up once per game and spec:
#: a search asks for it in every iteration
_HOOKS: Dict[str, tuple] = {}


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
    spec = spec_of(game)
    known = _HOOKS.get(spec.name)
    if known is None or known[0] is not spec:
        known = _HOOKS[spec.name] = (spec, spec.hook("hidden") if spec.hidden is not None else None)
    return known[1]


def determinise(game, observer: int, rng: random.Random):
    """A copy of ``game`` in which the cards ``observer`` cannot see are re-dealt by ``rng``
    (its spec's ``hidden`` hook; a plain search copy if it has no hidden cards)."""
    hook = determiniser(game)
    if hook is None:
        return search_copy(game, rng)
    return hook(game, observer, rng)
