"""What a Savernake Forest player may know, and the rest re-dealt (for bots that search).

Everything on the table is open: the forests, the market, the card being
placed, the starting animals and the discard pile. Hidden are the order of the
animal deck and of the path deck (and, in a hand-built position, which cards
the scenario left in the box). ``determinise`` shuffles the unseen animal cards
back into the animal deck and the unseen path cards into the path deck, with
the same sizes (any left over go back to the box).
"""

from __future__ import annotations

import random
from typing import List, Tuple

from ..core.hidden import redeal, search_copy
from .state import NO_CARD


def unseen_cards(game) -> Tuple[List[int], List[int]]:
    """(animal cards, path cards) nobody can see, worked out from the seen ones only."""
    st = game.state
    seen = {c for c in st.market_cards if c != NO_CARD}
    seen.update(st.discard)
    seen.add(st.card_in_hand)
    for p, forest in enumerate(st.forests):
        seen.update(t.card for t in forest.cells.values())
        seen.update(st.starting_animals[p])
    animals = len(game.catalogue.animals)
    unseen = [c for c in range(len(game.catalogue.cards)) if c not in seen]
    return [c for c in unseen if c < animals], [c for c in unseen if c >= animals]


def determinise(game, observer: int, rng: random.Random):
    """A copy of ``game`` with both decks re-dealt from the unseen cards (``observer`` sees no
    more than anyone else here), and new dice."""
    twin = search_copy(game, rng)
    st = twin.state
    animals, paths = unseen_cards(game)
    boxed_animals = len(animals) - len(st.animal_deck)
    st.animal_deck, boxed_a = redeal(animals, [len(st.animal_deck), boxed_animals], rng)
    st.path_deck, boxed_p = redeal(paths, [len(st.path_deck), len(paths) - len(st.path_deck)], rng)
    st.out_of_play = tuple(boxed_a + boxed_p)
    return twin
