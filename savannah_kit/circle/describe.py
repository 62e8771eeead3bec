"""A Circle of Life position in a few sentences (``game.describe()``, the board's Describe button).

Written for a player who cannot see the picture: whose turn it is, the scores, the
savannah left to right with whose token sits on each animal, the hand of the player to
move and which cards it can play. Engine side only: nothing from Jupyter.
"""

from __future__ import annotations

from typing import Dict, List

from .moves import Discard, LastDiscard, Play
from .state import Phase
from .text import player_name


def _listed(words: List[str], last: str = "and") -> str:
    if not words:
        return "nothing"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {last} " + words[-1]


def _animal(catalogue, card: int, owner: int) -> str:
    sp = catalogue.card_species[card]
    whose = f", {player_name(owner)}'s token" if owner >= 0 else ""
    return f"{sp.name} ({catalogue.ids[card]}, level {sp.level}{', predator' if sp.predator else ''}{whose})"


def describe(game) -> str:
    """The position in words (see the module docstring)."""
    st, catalogue = game.state, game.catalogue
    scores = game.scores()
    parts = [f"Circle of Life, {game.players} players."]
    if st.phase is Phase.OVER:
        w = game.winners()
        parts.append(f"The game is over: {_listed([player_name(p) for p in w])} "
                     f"{'wins' if len(w) == 1 else 'win'} with {scores[w[0]]} points.")
    elif st.phase is Phase.LAST_DISCARDS:
        parts.append(f"{player_name(st.to_move)} to make the last discard.")
    else:
        parts.append(f"{player_name(st.to_move)} to move.")
    parts.append("Scores: " + ", ".join(f"{player_name(p)} {scores[p]}" for p in range(game.players)) + ".")
    if st.row:
        cards = [f"{i}. {_animal(catalogue, c, o)}" for i, (c, o) in enumerate(zip(st.row, st.owners), 1)]
        parts.append("The savannah, left to right: " + "; ".join(cards) + ".")
    else:
        parts.append("The savannah is empty.")
    parts.append(f"Draw pile: {len(st.draw_pile)} cards.")
    if st.phase is Phase.OVER:
        return " ".join(parts)
    p = st.to_move
    who = player_name(p)
    parts.append(f"{who}'s hand: " + _listed([catalogue.label(c) for c in st.hands[p]]) + ".")
    parts.append(_can_do(game, who))
    return " ".join(parts)


def _can_do(game, who: str) -> str:
    """What the player to move can do, by card."""
    catalogue = game.catalogue
    moves = game.legal_moves()
    plays: Dict[str, int] = {}
    for m in moves:
        if type(m) is Play:
            plays[m.card] = plays.get(m.card, 0) + 1
    name = {cid: catalogue.label(catalogue.index[cid]) for cid in {getattr(m, "card", None) for m in moves}
            if cid in catalogue.index}
    if plays:
        said = [name[c] + (f" ({n} ways)" if n > 1 else "") for c, n in plays.items()]
        return f"{who} can play {_listed(said, 'or')}: choose a card, then where it goes and what it acts on."
    discards = [name[m.card] for m in moves if type(m) in (Discard, LastDiscard)]
    if discards:
        return f"{who} can play no card and must discard one of: {_listed(discards)}."
    return f"{who} has nothing to do."
