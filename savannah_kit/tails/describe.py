"""A Savannah Tails race in a few sentences (``game.describe()``, the board's Describe button).

Written for a player who cannot see the picture: whose turn it is, the race order with
each ostrich's space (named as the board names it: "T03 red space 3", spaces counted from
1), the bonus cards of the player to move, their hand and what it can do. Engine side
only: nothing from Jupyter.
"""

from __future__ import annotations

import re
from typing import List, Optional

from .data import BONUS_NAMES, CARD_NAMES, BonusState
from .moves import Discard
from .render_style import ORDINALS

#: a space name as the engine writes it, on a tile of the course or a straight after the finish ("V1:red:0")
_SPACE = re.compile(r"\b([TV]\d{1,2}):(red|blue|yellow|black|bridge):(\d+)\b")
_STATE_WORDS = {BonusState.ARMED: "armed, usable from the next turn", BonusState.ACTIVE: "ready to use",
                BonusState.GONE: "used"}


def board_words(text: str) -> str:
    """``text`` with every space name as the board numbers it: "T03:red:2" -> "T03 red space 3" (tiles show their
    id; the footprints count from 1, the engine's names from 0)."""
    return _SPACE.sub(lambda m: f"{m.group(1)} {m.group(2)} space {int(m.group(3)) + 1}", text)


def space_words(name: Optional[str]) -> str:
    """"T03:red:2" -> "on T03 red space 3"; "behind the start line"."""
    if not name or name == "start":
        return "behind the start line"
    return "on " + board_words(name)


def card_words(card: str) -> str:
    """"yellow-5" -> "yellow 5"; a bonus by its name."""
    if card in BONUS_NAMES:
        return BONUS_NAMES[card]
    colour, _, value = card.partition("-")
    return f"{colour} {value}"


def _listed(words: List[str], last: str = "and") -> str:
    if not words:
        return "nothing"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {last} " + words[-1]


def describe(game) -> str:
    """The race in words (see the module docstring)."""
    st, track = game.state, game.track
    head = f"Savannah Tails, course {game.course.name}, round {st.round}" + (" (the last round)" if st.last_round else "")
    order = game.race_order()
    places = [f"{ORDINALS[i]} {game.who(p)}, {space_words(track.names[st.pos[p]])}"
              + (", past the finish line" if track.crossed[st.pos[p]] else "") for i, p in enumerate(order)]
    parts = [head + ".", "Race order: " + "; ".join(places) + "."]
    if game.is_over:
        w = game.winners()
        past = game.scores()[w[0]]
        parts.insert(1, f"The race is over: {_listed([game.who(p) for p in w])} "
                        f"{'wins' if len(w) == 1 else 'win'}, {past} space{'s' if past != 1 else ''} past the line.")
        return " ".join(parts)
    p = game.current_player
    who = game.who(p)
    parts.insert(1, f"{who} to move.")
    bonuses = [f"{BONUS_NAMES[face]} {_STATE_WORDS[s]}" for face, s in zip(game.race.faces, st.bonuses[p])
               if s in _STATE_WORDS]
    if bonuses:
        parts.append(f"{who}'s bonus cards: " + "; ".join(bonuses) + ".")
    parts.append(f"{who}'s hand: " + _listed([card_words(CARD_NAMES[c]) for c in st.hands[p]]) + ".")
    parts.append(_can_do(game, who))
    return " ".join(parts)


def _can_do(game, who: str) -> str:
    """What the player to move can do, counted by card."""
    moves = game.legal_moves()
    if moves and all(type(m) is Discard for m in moves):
        n = game.state.pending_discard
        return f"{who} must discard {n} card{'s' if n != 1 else ''} down to the hand size of {game.hand_size(game.current_player)}."
    spaces = {}
    for m in moves:
        if type(m) is not Discard:
            spaces.setdefault(card_words(m.card), set()).add(m.to)
    if not spaces:
        return f"{who} has no move."
    said = [f"{card} ({len(to)} space{'s' if len(to) != 1 else ''})" for card, to in spaces.items()]
    return f"{who} can play {_listed(said, 'or')}: choose a card, then the space where it ends."
