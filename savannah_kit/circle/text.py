"""Circle of Life in words: the players' names, moves with species names, the plain-text board.

The seats are named by their token colours here and nowhere else, so events,
refusals, score breakdowns and the board all call a player the same.
"""

from __future__ import annotations

from typing import Optional

from .data import Action, Catalogue, Choose
from .moves import Discard, LastDiscard, Play
from .state import Phase

#: the token colour of each seat, which is also the player's name
COLOURS = ("Red", "Blue", "Yellow", "Green", "Purple")


def player_name(seat: Optional[int]) -> str:
    """"Red" for seat 0; "nobody" for no seat (an unmarked card has owner -1)."""
    return "nobody" if seat is None or seat < 0 else COLOURS[seat]


def describe(catalogue: Catalogue, move) -> str:
    """A move in words, with species names: "Play Lion (C01): kill Zebra (C35)"."""
    def label(cid) -> str:
        return catalogue.label(catalogue.index[cid]) if cid in catalogue.index else repr(cid)

    if type(move) is Discard:
        return f"Discard {label(move.card)} (nothing can be played)"
    if type(move) is LastDiscard:
        return f"Last discard: {label(move.card)}"
    if type(move) is not Play:
        return repr(move)
    text = f"Play {label(move.card)}"
    card = catalogue.index.get(move.card)
    if card is None:
        return text
    actions = catalogue.card_species[card].actions
    parts = [f"{_verb(action, branch)} " + (", ".join(label(x) for x in targets) if targets else "nothing")
             for action, (branch, targets) in zip(actions, move.actions)]
    return text + (": " + "; ".join(parts) if parts else "")


def _verb(action, branch: int) -> str:
    """What the chosen branch of ``action`` does ("act on" for a branch the card does not have)."""
    if isinstance(action, Choose):
        action = action.branches[branch] if 0 <= branch < len(action.branches) else None
    return action.verb if isinstance(action, Action) else "act on"


def board_text(game) -> str:
    """The plain-text board: whose turn, the savannah left to right, then each seat."""
    st, catalogue = game.state, game.catalogue
    if st.phase is Phase.OVER:
        state = "game over"
    elif st.phase is Phase.LAST_DISCARDS:
        state = f"{player_name(st.to_move)} to make the last discard"
    else:
        state = f"{player_name(st.to_move)} to move"
    lines = [f"Circle of Life: {game.players} players, {state}; draw pile {len(st.draw_pile)}, "
             f"out of the game {len(st.out_of_game)}",
             "Savannah, left to right:"]
    if not st.row:
        lines.append("  (empty)")
    for i, (c, o) in enumerate(zip(st.row, st.owners), 1):
        sp = catalogue.card_species[c]
        flags = ("predator" if sp.predator else "") + (" Big-Five" if sp.big_five else "")
        lines.append(f"  {i:2d}. {sp.name:<13}{catalogue.ids[c]:<5}level {sp.level}  {sp.group:<8} "
                     f"{flags.strip():<18}{player_name(o)}")
    scores = game.scores()
    for p in range(game.players):
        hand = ", ".join(catalogue.label(c) for c in st.hands[p])
        kills = ", ".join(catalogue.label(c) for c in st.kill_piles[p]) or "-"
        tokens = "" if st.supply is None else f"tokens {st.supply[p]:2d}  "  # counted only with tokens=N
        lines.append(f"{player_name(p):<7}score {scores[p]:3d}  {tokens}bonus {st.bonus[p]}  hand: {hand}")
        lines.append(f"{'':7}kill pile: {kills}")
    return "\n".join(lines)
