"""Savernake Forest as numbers, for learning agents (``core.encoding``, read by ``savannah_kit.envs``).

Actions: a move table (``core.encoding.MoveTable``): every decision the game can ask for has its
own number, the same in every position. The first card of a forest lies at ``(0, 0)`` and a
forest fits a ``L``×``L'`` rectangle either way round (4×4, 8×4 in the advanced mode), so its cells
lie within ``-(L-1) .. L-1`` on both axes (``W = 2L - 1`` values); in this order:

* ``Take``: the four advisors (rabbit, rooster, armadillo, goat);
* ``Place``: each cell (row by row, ``y`` then ``x``) turned 0, 90, 180, 270 degrees;
* ``Lair``: each cell; ``Water``: each cell with each food (berry, worm, egg, nut);
* ``Orient``: 0, 90, 180, 270 degrees; ``Keep``: each cell.

That is ``8 + 10·W²`` actions: 498 in the standard game, 2,258 in the advanced mode. A move is
played by the player to move (the ``player`` of a move is not part of its number).

Observation (``N`` cards in the catalogue, ``P`` seats counted from the observer), in [0, 1]:
everything on the table is open, so every seat sees the same things, only counted from itself:

* per seat, per cell (``W``×``W``, row by row): a card lies there, which card (its number + 1,
  over ``N``), its quarter turns (over 3), lair tokens on it (over the supply), and its four water
  drops; then its starting animals not yet turned (over 2);
* the market: the card under each advisor (number + 1, over ``N``; 0 for none); the card being
  placed and the advisor it came from; the discard pile (one entry per card); cards left in the
  animal and the path decks (over ``N``); lair and water tokens left; the phase; whether the
  placement is forced; who holds the 1st Player pawn and whose turn it is (``P`` each).

Hidden, and never in it: the order of the two decks.
"""

from __future__ import annotations

from typing import List

from ..core.encoding import MoveTable, fraction, one_hot, seats_from
from .data import FOODS, SLOTS
from .moves import Keep, Lair, Orient, Place, Take, Water
from .state import NO_CARD, Phase

TURNS = (0, 90, 180, 270)
PHASES = tuple(Phase)
CELL = 8  # numbers per cell: occupied, card, turns, lairs, 4 water drops


def cells(bounds) -> List[tuple]:
    """Every cell a forest within ``bounds`` can use, row by row."""
    reach = range(-(max(bounds) - 1), max(bounds))
    return [(x, y) for y in reach for x in reach]


def shapes(bounds) -> List[tuple]:
    """Every move shape, in action order: the kind, then the move's fields but its player."""
    grid = cells(bounds)
    return ([("take", s) for s in SLOTS] + [("place", x, y, r) for x, y in grid for r in TURNS]
            + [("lair", x, y) for x, y in grid] + [("water", x, y, f) for x, y in grid for f in FOODS]
            + [("orient", r) for r in TURNS] + [("keep", x, y) for x, y in grid])


def shape(move) -> tuple:
    values = move.to_data()
    return (values.pop("move"),) + tuple(v for k, v in values.items() if k != "player")


KINDS = {"take": Take, "place": Place, "lair": Lair, "water": Water, "orient": Orient, "keep": Keep}


def build(game, shape: tuple):
    return KINDS[shape[0]](game.current_player, *shape[1:])


def observation_size(cards: int, players: int, bounds) -> int:
    width = 2 * max(bounds) - 1
    return (players * (width * width * CELL + 1) + len(SLOTS) + 1 + len(SLOTS) + cards + 2 + 2 + len(PHASES) + 1
            + 2 * players)


def observe(game, seat: int) -> List[float]:
    st, cat, players = game.state, game.catalogue, game.players
    n = len(cat.cards)
    seats = seats_from(seat, players)
    grid = cells(game.forest_bounds)
    vector: List[float] = []
    for p in seats:
        forest = st.forests[p]
        for cell in grid:
            turned = forest.cells.get(cell)
            if turned is None:
                vector += [0.0] * CELL
                continue
            drops = forest.water_drops.get(cell, 0)
            vector += [1.0, fraction(turned.card + 1, n), turned.q / 3, fraction(forest.lairs(cell), cat.lair_tokens)]
            vector += [float(drops >> f & 1) for f in range(len(FOODS))]
        vector.append(fraction(len(st.starting_animals[p]), 2))
    vector += [fraction(c + 1, n) if c != NO_CARD else 0.0 for c in st.market_cards]
    vector.append(fraction(st.card_in_hand + 1, n) if st.card_in_hand != NO_CARD else 0.0)
    vector += one_hot(len(SLOTS), st.taken_from)
    discard = set(st.discard)
    vector += [float(c in discard) for c in range(n)]
    vector += [fraction(len(st.animal_deck), n), fraction(len(st.path_deck), n)]
    vector += [fraction(st.lair_supply, cat.lair_tokens), fraction(st.water_supply, cat.water_tokens)]
    vector += one_hot(len(PHASES), PHASES.index(st.phase))
    vector.append(float(st.forced))
    vector += one_hot(players, seats.index(st.pawn))
    mover = game.current_player
    vector += one_hot(players, -1 if mover is None else seats.index(mover))
    return vector


def encoding(game) -> MoveTable:
    """The encoding of ``game``'s configuration (its catalogue, player count and mode)."""
    bounds = game.forest_bounds
    return MoveTable(shapes(bounds), shape, build, observation_size(len(game.catalogue.cards), game.players, bounds),
                     observe)
