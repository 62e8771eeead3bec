"""A Savernake Forest position in a few sentences (``game.describe()``, the board's Describe button).

Written for a player who cannot see the picture: what is being decided, the scores, the
market, every card of every forest placed as the board names places ("right of the Fox",
animals first) with its lair and water tokens, and what the player to move can do.
Engine side only: nothing from Jupyter.
"""

from __future__ import annotations

from typing import List, Tuple

from .data import card_phrase
from .moves import Lair, Place, Take, Water
from .rules import decision_text
from .state import Phase

#: where a cell lies from the neighbour it is named by (as the board says it)
SIDE_WORDS = {(1, 0): "right of", (-1, 0): "left of", (0, 1): "below", (0, -1): "above"}


def _listed(words: List[str], last: str = "and") -> str:
    if not words:
        return "nothing"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {last} " + words[-1]


def cell_words(game, seat: int, cell: Tuple[int, int], before=None) -> str:
    """Where ``cell`` is, by a neighbouring card (animals first, and among ``before`` if given:
    the cards already said), or "the first card"."""
    forest = game.forest(seat)
    near = []
    for (dx, dy), words in SIDE_WORDS.items():
        other = (cell[0] - dx, cell[1] - dy)
        placed = forest.at(other)
        if placed is not None and (before is None or other in before):
            card = game.card(placed.card)
            near.append((card.kind != "animal", f"{words} {card_phrase(card)}"))
    return min(near)[1] if near else "the first card"


def _forest(game, seat: int) -> str:
    """One forest: each card in the order a reader can follow (each next to one said before)."""
    forest = game.forest(seat)
    cells = sorted(forest.cells, key=lambda c: (c[1], c[0]))
    animals = [c for c in cells if game.card(forest.at(c).card).kind == "animal"]
    said: List[Tuple[int, int]] = []
    todo = animals[:1] + [c for c in cells if c not in animals[:1]]  # from an animal: the starting card
    words = []
    while todo:  # each card placed next to one already read, so the reader can build the picture
        cell = next((c for c in todo if not said or any((c[0] - dx, c[1] - dy) in said for dx, dy in SIDE_WORDS)),
                    todo[0])
        todo.remove(cell)
        placed = forest.at(cell)
        card = game.card(placed.card)
        where = cell_words(game, seat, cell, said) + ", " if said else ""
        tokens = []
        if forest.lairs(cell):
            tokens.append(f"{forest.lairs(cell)} lair token{'s' if forest.lairs(cell) != 1 else ''}")
        if forest.water(cell):
            tokens.append("water on its " + _listed(list(forest.water(cell))))
        words.append(f"{card_phrase(card)} ({where}turned {placed.rotation}°"
                     + (", " + ", ".join(tokens) if tokens else "") + ")")
        said.append(cell)
    return "; ".join(words)


def describe(game) -> str:
    """The position in words (see the module docstring)."""
    scores = game.scores()
    parts = [f"Savernake Forest, round {game.state.round}. {decision_text(game)}.",
             "Scores: " + ", ".join(f"{game.player_name(p)} {scores[p]}" for p in range(game.players)) + "."]
    market = [f"the {slot}'s card: {card_phrase(game.card(card))}" for slot, card in game.market.items() if card]
    if market and not game.is_over:
        parts.append("Market: " + "; ".join(market) + ".")
    for p in range(game.players):
        parts.append(f"{game.player_name(p)}'s forest: {_forest(game, p)}.")
    if not game.is_over:
        parts.append(_can_do(game))
    return " ".join(parts)


def _can_do(game) -> str:
    """What the player to move can do."""
    who = game.player_name(game.current_player)
    moves = game.legal_moves()
    phase = game.phase
    if phase is Phase.TAKE:
        slots = [f"the {m.slot}'s" for m in moves if isinstance(m, Take)]
        return f"{who} can take {_listed(slots, 'or')} card."
    if phase is Phase.PLACE:
        cells = {m.cell for m in moves if isinstance(m, Place)}
        return (f"{who} can place the card in {len(cells)} place{'s' if len(cells) != 1 else ''}, "
                f"turned a way that fits.")
    if phase is Phase.LAIR:
        animals = sorted({m.cell for m in moves if isinstance(m, Lair)})
        names = [card_phrase(game.card(game.forest(game.current_player).at(c).card)) for c in animals]
        return f"{who} can put the lair token on {_listed(names, 'or')}."
    if phase is Phase.WATER:
        spots = [m for m in moves if isinstance(m, Water)]
        return f"{who} can put the water drop on one of {len(spots)} food corners."
    return f"{who} has {len(moves)} choice{'s' if len(moves) != 1 else ''}."
