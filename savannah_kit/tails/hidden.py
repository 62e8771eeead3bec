"""What a Savannah Tails player may know, and the rest re-dealt (for bots that search).

Each ostrich has its own 20 movement cards, in a hand, a draw deck or a discard
pile. A player sees every discard pile, their own hand and how many cards every
hand and deck holds; the order of every deck (their own too) and the other
hands are hidden. ``determinise`` re-deals, seat by seat, the cards not seen
(20 minus the discards, minus the hand for the observer's own seat) into the
hidden hand and the deck, with the same sizes.
"""

from __future__ import annotations

import random

from ..core.hidden import redeal, search_copy
from .data import CARD_NAMES


def determinise(game, observer: int, rng: random.Random):
    """A copy of ``game`` with the other hands and every deck re-dealt from the cards
    ``observer`` cannot see (same sizes), and new dice (a reshuffle draws on them)."""
    twin = search_copy(game, rng)
    st = twin.state
    for p in range(len(st.hands)):
        seen = set(st.discards[p])
        if p == observer:
            seen.update(st.hands[p])
        pool = [c for c in range(len(CARD_NAMES)) if c not in seen]
        if p == observer:
            st.decks[p] = redeal(pool, [len(st.decks[p])], rng)[0]
        else:
            st.hands[p], st.decks[p] = redeal(pool, [len(st.hands[p]), len(st.decks[p])], rng)
    return twin
