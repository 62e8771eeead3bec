"""Per-card tables compiled once per catalogue, for the hot path of move generation and play.

Tuples of booleans and small tuples indexed by card number: the inner loops
look things up instead of asking the catalogue's filters again.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional, Sequence, Tuple

from .data import Catalogue, Choose


class Tables:
    """``restrict[c]``: tuple of (forbid?, match table, rightmost n);
    ``actions[c]``: tuple of actions, each a tuple of branches
    (is_kill, count or None for all, target table, reach);
    ``lookout[c]``: (match table, reach, max) or None."""

    def __init__(self, catalogue: Catalogue):
        restrict, actions, lookout = [], [], []
        for sp in catalogue.card_species:
            restrict.append(tuple((c.kind == "forbid", catalogue.table(c.filter), c.rightmost)
                                  for c in sp.restriction))
            acts = []
            for a in sp.actions:
                branches = a.branches if isinstance(a, Choose) else (a,)
                acts.append(tuple((b.verb == "kill", b.count, catalogue.table(b.filter, targets=True), b.reach)
                                  for b in branches))
            actions.append(tuple(acts))
            lk = sp.lookout
            lookout.append(None if lk is None else (catalogue.table(lk.filter), lk.reach, lk.max))
        self.restrict = tuple(restrict)
        self.actions = tuple(actions)
        self.lookout = tuple(lookout)
        self.predator = catalogue.predator
        self.level = catalogue.level
        self.group = catalogue.group


@lru_cache(maxsize=8)
def tables_for(catalogue: Catalogue) -> Tables:
    """The tables of ``catalogue``, built on first use (the kit catalogue is one shared object,
    so its tables are built once per process)."""
    return Tables(catalogue)


def broken_condition(conditions: Tuple[tuple, ...], row: Sequence[int]) -> Optional[int]:
    """Index of the first placement condition (an entry of ``Tables.restrict``) that ``row``
    breaks, or None when the card may be played. A forbidding condition breaks when one of the
    rightmost cards matches, a requiring one when none does (so on an empty row too)."""
    for k, (forbid, table, n) in enumerate(conditions):
        hit = False
        for x in row[-n:]:
            if table[x]:
                hit = True
                break
        if hit == forbid:
            return k
    return None
