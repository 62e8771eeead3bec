"""What a Circle of Life player may know, and the rest re-dealt (for bots that search).

A player sees the savannah row with its tokens, every kill pile, the cards out
of the game, their own hand and how many cards every other hand, the draw pile
and the box hold. The unseen cards (the other hands, the draw pile and the box a
scenario set aside) are the catalogue minus the seen ones: ``determinise``
shuffles them and deals them back into piles of the same sizes.
"""

from __future__ import annotations

import random
from typing import List

from ..core.hidden import redeal, search_copy


def unseen_cards(game, observer: int) -> List[int]:
    """The cards ``observer`` cannot see, worked out from the seen ones only."""
    st = game.state
    seen = set(st.hands[observer]).union(st.row, st.out_of_game, *st.kill_piles)
    return [c for c in range(game.catalogue.size) if c not in seen]


def determinise(game, observer: int, rng: random.Random):
    """A copy of ``game`` with the other hands, the draw pile and the box re-dealt from the cards
    ``observer`` cannot see (same sizes), and new dice."""
    twin = search_copy(game, rng)
    st = twin.state
    others = [p for p in range(len(st.hands)) if p != observer]
    sizes = [len(st.hands[p]) for p in others] + [len(st.draw_pile), len(st.box)]
    piles = redeal(unseen_cards(game, observer), sizes, rng)
    for p, hand in zip(others, piles):
        st.hands[p] = hand
    st.draw_pile, st.box = piles[-2], piles[-1]
    return twin
