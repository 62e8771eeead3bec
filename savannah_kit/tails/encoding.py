"""Savannah Tails as numbers, for learning agents (``core.encoding``, read by ``savannah_kit.envs``).

Actions: a legal-move index (``core.encoding.LegalIndex``). A move is what is played, where the
ostrich ends and every choice on the way (the bonuses armed at water holes, the bonus cards given
up to cheetahs, Boinnnggg, Neck Stretch, Leapfrog, tiptoeing, Crazy Wings' colour), and a discard
is a set of cards: numbering every shape would multiply 25 plays by every space of the course and
every combination of those choices. The legal moves of one decision are far fewer (at most 62 in
8,000 decisions of 80 random races), and ``ACTIONS`` bounds them; action ``i`` plays the ``i``-th legal move
in the canonical order.

Observation (``S`` spaces on the course, ``P`` seats counted from the observer), in [0, 1]:

* my hand: one entry per movement card (20);
* per seat: its ostrich's space (one-hot over ``S``), its discard pile (20), cards in hand and in
  its deck (over 20), the state of each of its 3 bonus cards (inactive, armed, active, gone);
* the phase (move, discard, over), cards still to discard (over 20), whether this is the last
  round, whose turn it is (``P``).

Hidden, and never in it: the other hands and the order of every deck.
"""

from __future__ import annotations

from typing import List

from ..core.encoding import LegalIndex, fraction, one_hot, seats_from
from .data import CARD_NAMES, BonusState
from .state import Phase

#: the most legal moves a decision may have (random races never went above 62)
ACTIONS = 256
CARDS = len(CARD_NAMES)
STATES = len(BonusState)
PHASES = tuple(Phase)


def observation_size(spaces: int, players: int) -> int:
    return CARDS + players * (spaces + CARDS + 2 + 3 * STATES) + len(PHASES) + 2 + players


def observe(game, seat: int) -> List[float]:
    st, players, spaces = game.state, game.players, game.track.size
    seats = seats_from(seat, players)
    vector = [float(card in st.hands[seat]) for card in range(CARDS)]
    for p in seats:
        vector += one_hot(spaces, st.pos[p])
        discards = set(st.discards[p])
        vector += [float(card in discards) for card in range(CARDS)]
        vector += [fraction(len(st.hands[p]), CARDS), fraction(len(st.decks[p]), CARDS)]
        for state in st.bonuses[p]:
            vector += one_hot(STATES, int(state))
    vector += one_hot(len(PHASES), PHASES.index(game.phase))
    vector += [fraction(st.pending_discard, CARDS), float(st.last_round)]
    mover = game.current_player
    vector += one_hot(players, -1 if mover is None else seats.index(mover))
    return vector


def encoding(game) -> LegalIndex:
    """The encoding of ``game``'s configuration (its course and player count)."""
    return LegalIndex(ACTIONS, observation_size(game.track.size, game.players), observe)
