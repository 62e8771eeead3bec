"""Move values for the greedy bot: the mover's forest score right after each move.

``GreedyBot`` would otherwise copy the whole game for every candidate move;
here only the mover's forest is copied (or a token tried and taken back), which
gives the same numbers many times faster. A take is valued by the best
placement of its card plus the best use of its advisor's benefit, so that the
greedy bot weighs the whole turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, List, Optional, Sequence, Tuple

from .data import ARMADILLO, FOODS, GOAT, ROOSTER, SLOTS
from .layout import Forest
from .moves import Keep, Lair, Orient, Place, Take, Water
from .scoring import forest_total, quick_total

if TYPE_CHECKING:
    from .rules import ForestGame


def values(game: "ForestGame", moves: Sequence[Any]) -> List[float]:
    """The mover's live score after each of ``moves`` (see the module docstring)."""
    p = game.current_player
    return [float(_value(game, p, m)) for m in moves]


def _value(game: "ForestGame", p: int, m) -> int:
    st = game.state
    f = st.forests[p]
    pawn = st.pawn == p
    if isinstance(m, Take):
        return _take_value(game, p, SLOTS.index(m.slot))
    if isinstance(m, Keep):
        return quick_total(f, m.cell) + forest_total(f, pawn) - max(quick_total(f, c) for c in st.to_clean[0][1])
    g = f.copy()
    if isinstance(m, (Place, Orient)):
        _lay(game, g, p, m)
    elif isinstance(m, Lair):
        g.lair_tokens[m.cell] = g.lair_tokens.get(m.cell, 0) + 1
    elif isinstance(m, Water):
        g.water_drops[m.cell] = g.water_drops.get(m.cell, 0) | (1 << FOODS.index(m.food))
    return forest_total(g, pawn)


def _lay(game: "ForestGame", g: Forest, p: int, m) -> None:
    """Lay the card a ``Place`` or ``Orient`` is about on the copied forest ``g``."""
    st = game.state
    if isinstance(m, Place):
        card, cell = st.card_in_hand, m.cell
    else:
        k = st.to_orient[0][1]
        card, cell = st.starting_animals[p][k], (k, 0)
    g.place(cell, game.catalogue.turned[card][m.rotation // 90])


def _take_value(game: "ForestGame", p: int, slot: int) -> int:
    """The best score the card under ``slot`` can give: its best placement plus its advisor's benefit."""
    return take_plan(game, p, slot)[0]


def take_plan(game: "ForestGame", p: int, slot: int) -> Tuple[int, Optional[Tuple[Tuple[int, int], int]]]:
    """(the best score the card under ``slot`` can give ``p`` this turn, and the placement that
    gives it as ``(cell, rotation in degrees)``, the first of equals; None when it fits nowhere)."""
    st = game.state
    f = st.forests[p]
    card = st.market_cards[slot]
    forced = st.must_force(p)
    pawn = st.pawn == p or slot == ROOSTER
    best: Optional[int] = None
    where = None
    for cell in f.fitting_cells():
        for q in f.legal_turns(cell, card, forced):
            g = f.copy()
            g.place(cell, game.catalogue.turned[card][q])
            v = forest_total(g, pawn) + _best_benefit(game, g, slot)
            if best is None or v > best:
                best, where = v, (cell, q * 90)
    return (best, where) if best is not None else (forest_total(f, st.pawn == p), None)


def _best_benefit(game: "ForestGame", f: Forest, slot: int) -> int:
    """Most points a lair token or water drop could add to forest ``f``."""
    st = game.state
    if slot == ARMADILLO and st.lair_supply:
        return max((_lair_gain(f, c) for c in f.animal_cells()), default=0)
    if slot == GOAT and st.water_supply:
        return max((_water_gain(game, f, c) for c in f.animal_cells()), default=0)
    return 0


def _lair_gain(f: Forest, cell) -> int:
    """What one more lair token (one more stored food) adds to the animal at ``cell``."""
    before = quick_total(f, cell)
    f.lair_tokens[cell] = f.lair_tokens.get(cell, 0) + 1
    gain = quick_total(f, cell) - before
    f.lair_tokens[cell] -= 1
    return gain


def _water_gain(game: "ForestGame", f: Forest, cell) -> int:
    """What the best free food corner of the animal at ``cell`` gains from a water drop
    (+1 per stored food of that kind)."""
    card = game.catalogue.cards[f.cells[cell].card]
    room = card.capacity + f.lair_tokens.get(cell, 0)
    stored = [k for _, k in f.walk(cell)[:room]]
    drops = f.water_drops.get(cell, 0)
    return max([stored.count(k) for k in range(4) if not drops >> k & 1], default=0)
