"""Why a Savernake Forest move is not legal: the most specific rule, and a reason in words.

This is the slow path behind ``game.play``'s refusals and ``game.explain``: a
move is legal when it is one of ``game.legal_moves()``, so these functions only
run for a move already known to be illegal, to say why. The core has checked
its class and the types of its fields before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ..core.errors import IllegalMove
from ..core.fields import safe_repr
from .data import FOODS, SLOTS, card_phrase
from .layout import check_rotation
from .moves import Keep, Lair, Orient, Place, Take, Water
from .scoring import and_list
from .state import NO_CARD, Phase

if TYPE_CHECKING:
    from .rules import ForestGame

#: The move each decision asks for.
WANTED = {Phase.TAKE: Take, Phase.PLACE: Place, Phase.LAIR: Lair, Phase.WATER: Water, Phase.CLEANUP: Keep,
          Phase.ORIENT: Orient}

#: The rule (and reason) cited for a move of another kind than the decision asks for.
WRONG_KIND = {
    Phase.TAKE: ("forest.turn.take", "first take a card from the board"),
    Phase.LAIR: ("forest.advisor.armadillo", "first choose the animal that gets the lair token"),
    Phase.WATER: ("forest.advisor.goat", "first choose the animal corner that gets the water drop"),
    Phase.CLEANUP: ("forest.end.shared-path-cleanup", "the game is over except for choosing which animal keeps "
                                                      "the shared path"),
    Phase.ORIENT: ("forest.adv.two-animals", "first turn the starting animals"),
}


def diagnose(game: "ForestGame", move) -> Optional[IllegalMove]:
    """Why ``move`` is illegal now (None when there is nothing more specific to say)."""
    phase, p = game.state.phase, game.current_player
    wanted = WANTED.get(phase)
    if wanted is None or p is None:
        return None
    if not 0 <= move.player < game.players:
        return IllegalMove("forest.round.order", f"there is no player {move.player} in this game: "
                           + and_list(f"{name} is {k}" for k, name in enumerate(game.names)), move)
    if move.player != p:
        return IllegalMove("forest.round.order", f"it is {game.names[p]}'s decision, not "
                           f"{game.names[move.player]}'s", move)
    if type(move) is not wanted:
        return IllegalMove(*wrong_kind(game), move)
    return _WHY_NOT[wanted](game, move)


def wrong_kind(game: "ForestGame"):
    """(rule, reason) for a move of another kind than the current decision asks for."""
    st = game.state
    if st.phase is Phase.PLACE:
        return "forest.turn.take", f"first place {_phrase(game, st.card_in_hand)}, the card just taken"
    return WRONG_KIND[st.phase]


def _phrase(game: "ForestGame", card: int) -> str:
    return card_phrase(game.catalogue.cards[card])


def _why_not_take(game: "ForestGame", m: Take) -> IllegalMove:
    if m.slot not in SLOTS:
        return IllegalMove("forest.round.market", f"there is no advisor {safe_repr(m.slot)}: the advisors are "
                           f"{', '.join(SLOTS)}", m)
    card = game.state.market_cards[SLOTS.index(m.slot)]
    if card == NO_CARD:
        return IllegalMove("forest.turn.no-refill", f"the {m.slot}'s card was already taken this round", m)
    return IllegalMove("forest.place.one-animal-per-path", f"{_phrase(game, card)} fits nowhere in "
                       f"{game.names[m.player]}'s forest without putting two animals on one path, and "
                       "another card on the board does fit", m)


def _why_not_place(game: "ForestGame", m: Place) -> IllegalMove:
    return why_not_lay(game, m, game.state.card_in_hand)


def _why_not_orient(game: "ForestGame", m: Orient) -> IllegalMove:
    st = game.state
    _, k = st.to_orient[0]
    return why_not_lay(game, Place(m.player, k, 0, m.rotation), st.starting_animals[m.player][k])


def why_not_lay(game: "ForestGame", m: Place, card: int) -> IllegalMove:
    """Why ``card`` may not go where ``m`` says: the turn, the cell, the bounds, then the paths."""
    f = game.state.forests[m.player]
    try:
        q = check_rotation(m.rotation)
    except ValueError as err:
        return IllegalMove("forest.place.rotation", str(err), m)
    cell = (m.x, m.y)
    # Cells are named "(x, y)" first in the sentence: the board reads such a mention as "this cell".
    if cell in f.cells:
        return IllegalMove("forest.place.adjacent", f"{cell} already holds "
                           f"{_phrase(game, f.cells[cell].card)}: choose an empty cell", m)
    if not f.is_adjacent(cell):
        return IllegalMove("forest.place.adjacent", f"{cell} shares no edge with a card of the forest", m)
    if not f.fits(cell):
        if game.advanced:
            return IllegalMove("forest.adv.8x4", f"{cell} is too far out: with a card there the forest would "
                               "not fit inside an 8×4 rectangle", m)
        return IllegalMove("forest.place.4x4", f"{cell} is too far out: with a card there the forest would not "
                           "fit inside a 4×4 square", m)
    cards = game.catalogue.cards
    animals = f.animals_on_joined_path(cell, game.catalogue.turned[card][q])
    names = and_list(f"the {cards[f.cells[c].card].name}" if c in f.cells
                     else f"{_phrase(game, card)} itself" for c in animals)
    return IllegalMove("forest.place.one-animal-per-path", f"{cell}: {_phrase(game, card)} turned "
                       f"{m.rotation}° would put {names} on one path", m)


def _why_not_keep(game: "ForestGame", m: Keep) -> IllegalMove:
    f = game.state.forests[m.player]
    names = [_phrase(game, f.cells[c].card) for c in game.state.to_clean[0][1]]
    return IllegalMove("forest.end.shared-path-cleanup", f"{m.cell} is not one of the animals sharing the path: "
                       f"keep {and_list(names, 'or')}", m)


def _why_not_token(game: "ForestGame", m) -> Optional[IllegalMove]:
    """A lair token or water drop needs an animal of the player's at the cell, and a drop a free food corner."""
    rule = "forest.advisor.armadillo" if isinstance(m, Lair) else "forest.advisor.goat"
    t = game.state.forests[m.player].cells.get(m.cell)
    if t is None or not t.is_animal:
        return IllegalMove(rule, f"{m.cell} holds no animal of {game.names[m.player]}'s", m)
    if isinstance(m, Lair):
        return None  # any animal may take a lair token: nothing more specific to say
    if m.food not in FOODS:
        return IllegalMove(rule, f"{safe_repr(m.food)} is not a food corner: use {', '.join(FOODS)}", m)
    return IllegalMove("forest.advisor.goat-corner-limit", f"the {game.catalogue.cards[t.card].name}'s "
                       f"{m.food} corner already has a water drop", m)


_WHY_NOT = {Take: _why_not_take, Place: _why_not_place, Orient: _why_not_orient, Keep: _why_not_keep,
            Lair: _why_not_token, Water: _why_not_token}
