"""Circle of Life as numbers, for learning agents (``core.encoding``, read by ``savannah_kit.envs``).

Actions: a legal-move index (``core.encoding.LegalIndex``). A move is a card and, for each of its
hunting actions, the branch chosen and the cards it kills or scares: the targets are any cards of
the row the action reaches, so a table of every shape would number every subset of the row. The
legal moves of one decision are few (at most 9 in 9,800 decisions of 200 random games), and ``ACTIONS`` bounds
them; action ``i`` plays the ``i``-th legal move in the canonical order.

Observation (``C`` cards in the catalogue, ``P`` seats counted from the observer), in [0, 1]:

* per card: in my hand, in the savannah row, its place in the row (1 = leftmost ... counted over
  ``C``), out of the game, then which seat's kill pile holds it (``P``) and which seat's token
  lies on it (``P``);
* per seat: cards in hand, bonus points (over 25) and tokens left (over the starting supply; 0
  when tokens never run out); cards in the draw pile; the phase (play, last discards, over);
  whose turn it is (``P``).

Hidden, and never in it: the other hands, the order of the draw pile, the cards a scenario boxed.
"""

from __future__ import annotations

from typing import List

from ..core.encoding import LegalIndex, fraction, one_hot, seats_from
from .state import Phase

#: the most legal moves a decision may have (random play never went above 9)
ACTIONS = 64
PHASES = tuple(Phase)


def observation_size(cards: int, players: int) -> int:
    return cards * (4 + 2 * players) + 3 * players + 1 + len(PHASES) + players


def observe(game, seat: int) -> List[float]:
    st, size, players = game.state, game.catalogue.size, game.players
    seats = seats_from(seat, players)
    where = {p: k for k, p in enumerate(seats)}  # seat -> its place counted from the observer
    hand, out = set(st.hands[seat]), set(st.out_of_game)
    place = {card: i for i, card in enumerate(st.row)}
    killed = {card: where[p] for p, pile in enumerate(st.kill_piles) for card in pile}
    token = {card: where[o] for card, o in zip(st.row, st.owners) if o >= 0}
    vector: List[float] = []
    for card in range(size):
        vector += [float(card in hand), float(card in place), fraction(place.get(card, -1) + 1, size),
                   float(card in out)]
        vector += one_hot(players, killed.get(card, -1)) + one_hot(players, token.get(card, -1))
    tokens = game.options.get("tokens", game.catalogue.setup["tokens"])
    for p in seats:
        supply = 0.0 if st.supply is None or not tokens else fraction(st.supply[p], tokens)
        vector += [fraction(len(st.hands[p]), size), fraction(st.bonus[p], 25), supply]
    vector.append(fraction(len(st.draw_pile), size))
    vector += one_hot(len(PHASES), PHASES.index(st.phase))
    vector += one_hot(players, -1 if st.to_move is None else where[st.to_move])
    return vector


def encoding(game) -> LegalIndex:
    """The encoding of ``game``'s configuration (its catalogue and player count)."""
    return LegalIndex(ACTIONS, observation_size(game.catalogue.size, game.players), observe)
