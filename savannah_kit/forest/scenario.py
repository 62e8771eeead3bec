"""Hand-built Savernake Forest positions (scenarios): read and validate them, write them.

A scenario is plain JSON-able data a notebook cell can hold::

    {"forests": ["A01@0,1r0[lair=2;water=egg,worm] P16@0,0r0", {"cards": [...]}, ...],
     "market": {"rabbit": "A05", "rooster": "P12", "armadillo": null, "goat": "P10"},
     "pawn": 0,            # holder of the 1st Player pawn (default 0)
     "round_start": 0,     # who opened this round (default: the pawn holder)
     "picks_done": 0,      # picks already made this round (default 0)
     "to_move": 0,         # who takes next (default: the seat the picks made say)
     "decks": {"animals": ["A07", ...], "paths": [...]},   # top card first (default: the rest, shuffled)
     "discard": ["P33"]}

A forest is a layout text (see ``layout``) or ``{"cards": [{"card", "x", "y",
"rotation", "lairs", "water"}, ...]}``. The position must be one the game can
reach: connected forests inside their bounds, sizes that fit the round, enough
cards left in the decks for the rounds to come, each card used once. Complete
forests give a finished game (scored at once, after any shared-path clean-up).
Every mistake is a ``ScenarioError`` naming the field, e.g.
``scenario.forests[1].cards[3].rotation``. ``to_move`` (the key every game's scenarios use
for whose turn it is) may stand for ``picks_done``: the picks made are then those before
that seat's first pick of the round.

The text form holds one field per line and round-trips (``scenario_to_text`` /
``scenario_from_text``)::

    forest 0: A01@0,1r0[lair=2;water=egg,worm] P16@0,0r0
    forest 1: A02@0,0r0
    market: rabbit A05, rooster P12, armadillo -, goat P10
    pawn: 0
    round start: 0
    picks done: 0
    to move: 0
    animals: A07, A08
    paths: P01, P02
    discard: P33

``read_scenario`` turns the data into the starting ``ForestState`` without
touching any game; ``scenario_data`` writes a state back as data.
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..core.errors import ScenarioError
from ..core.fields import safe_repr
from .data import DELTA, FOODS, RABBIT, ROUNDS, SLOTS, Catalogue, card_phrase
from .layout import Cell, Forest, check_rotation, parse_layout
from .state import NO_CARD, ForestState, Phase, forest_bounds, pick_order

SCENARIO_KEYS = ("forests", "market", "pawn", "round_start", "picks_done", "to_move", "decks", "discard")
CARD_KEYS = ("card", "x", "y", "rotation", "lairs", "water")


def read_scenario(data: Any, *, catalogue: Catalogue, names: Sequence[str], advanced: bool,
                  rng: random.Random) -> ForestState:
    """The starting state that scenario ``data`` describes, validated field by field.

    ``names`` gives the player count (and names the seats in messages); ``rng``
    shuffles the decks when the scenario does not list them. The state of a
    complete position still has to be ended and scored by the game."""
    _check_fields(data)
    bounds = forest_bounds(advanced)
    state = ForestState.empty(catalogue, len(names), bounds)
    cards = _CardUse(catalogue)
    _lay_forests(data.get("forests"), state, cards, bounds)
    _read_turn(data, state, advanced)
    over = all(f.is_full() for f in state.forests)
    if over:
        _check_complete(data)
    state.round = ROUNDS if over else _round_number(state, names)
    _read_market(data.get("market"), state, cards)
    state.discard = _pile(data.get("discard", []), "scenario.discard", cards)
    _read_decks(data.get("decks"), state, cards, rng)
    if not over:
        _open_round(data, state)
    return state


def _check_fields(data: Any) -> None:
    if not isinstance(data, dict):
        raise ScenarioError("scenario", f"must be an object like {{'forests': [...]}}, not {safe_repr(data)}")
    for key in data:
        if key not in SCENARIO_KEYS:
            raise ScenarioError(f"scenario.{key}", f"unknown field; the fields are {', '.join(SCENARIO_KEYS)}")


class _CardUse:
    """Card ids read so far: each card may be used once, and a second use names the first."""

    def __init__(self, catalogue: Catalogue):
        self.catalogue = catalogue
        self.used: Dict[int, str] = {}  # card index -> field where it is used

    def take(self, cid: Any, where: str, kind: Optional[str] = None) -> int:
        """The index of card ``cid`` (of ``kind``, if given), marked as used at ``where``."""
        cat = self.catalogue
        if not isinstance(cid, str) or cid not in cat.by_id:
            raise ScenarioError(where, f"unknown card {safe_repr(cid)}")
        idx = cat.by_id[cid].index
        if kind and cat.cards[idx].kind != kind:
            raise ScenarioError(where, f"{cid} is not {'an animal' if kind == 'animal' else 'a path'} card")
        if idx in self.used:
            raise ScenarioError(where, f"card {cid} is already used at {self.used[idx]}")
        self.used[idx] = where
        return idx

    def unused(self, indices: range) -> List[int]:
        return [c for c in indices if c not in self.used]


def _pile(ids: Any, where: str, cards: _CardUse, kind: Optional[str] = None) -> List[int]:
    """A list of card ids, in the order given."""
    if not isinstance(ids, list):
        raise ScenarioError(where, "must be a list of card ids")
    return [cards.take(cid, f"{where}[{j}]", kind) for j, cid in enumerate(ids)]


# -- forests ---------------------------------------------------------------------------

def _lay_forests(forests: Any, state: ForestState, cards: _CardUse, bounds: Tuple[int, int]) -> None:
    """Lay every forest card by card; the tokens on them come out of the supply."""
    players = len(state.forests)
    if not isinstance(forests, list) or len(forests) != players:
        raise ScenarioError("scenario.forests", f"must be a list of {players} forests (one per player)")
    lairs = drops = 0
    for i, raw in enumerate(forests):
        where = f"scenario.forests[{i}]"
        rows = _forest_cards(raw, where)
        if not rows:
            raise ScenarioError(f"{where}.cards", "a forest holds at least one card")
        if len(rows) > bounds[0] * bounds[1]:
            raise ScenarioError(f"{where}.cards", f"{len(rows)} cards, at most {bounds[0] * bounds[1]}")
        for j, row in enumerate(rows):
            card_lairs, card_drops = _lay_card(state.forests[i], row, f"{where}.cards[{j}]", cards)
            lairs += card_lairs
            drops += card_drops
        _check_shape(state.forests[i], where, bounds)
    for count, supply, what in ((lairs, state.lair_supply, "lair tokens"), (drops, state.water_supply,
                                                                            "water drops")):
        if count > supply:
            raise ScenarioError("scenario.forests", f"the forests carry {count} {what}; only {supply} exist")
    state.lair_supply -= lairs
    state.water_supply -= drops


def _forest_cards(raw: Any, where: str) -> list:
    """The card rows of one forest, given as a layout text or as ``{"cards": [...]}``."""
    if isinstance(raw, str):
        try:
            return parse_layout(raw)
        except ValueError as err:
            raise ScenarioError(where, str(err)) from None
    if not isinstance(raw, dict):
        raise ScenarioError(where, "must be a layout text like 'A01@0,0r0 P12@1,0r90' or {'cards': [...]}")
    extra = sorted(set(raw) - {"cards"})
    if extra:
        raise ScenarioError(f"{where}.{extra[0]}", "unknown field; a forest has only 'cards'")
    rows = raw.get("cards")
    if not isinstance(rows, list):
        raise ScenarioError(f"{where}.cards", "must be a list of cards")
    return rows


def _lay_card(forest: Forest, row: Any, where: str, cards: _CardUse) -> Tuple[int, int]:
    """Lay one card with its tokens; returns (lair tokens, water drops) on it."""
    if not isinstance(row, dict):
        raise ScenarioError(where, "must be an object like {'card': 'A01', 'x': 0, 'y': 0, 'rotation': 0}")
    extra = sorted(set(row) - set(CARD_KEYS))
    if extra:
        raise ScenarioError(f"{where}.{extra[0]}", "unknown field")
    for key in ("card", "x", "y"):
        if key not in row:
            raise ScenarioError(f"{where}.{key}", "missing")
    idx = cards.take(row["card"], f"{where}.card")
    cell = _card_cell(row, where)
    try:
        q = check_rotation(row.get("rotation", 0))
    except ValueError as err:
        raise ScenarioError(f"{where}.rotation", str(err)) from None
    cat = cards.catalogue
    if cell in forest.cells:
        held = cat.cards[forest.cells[cell].card]
        raise ScenarioError(f"{where}.x", f"cell {cell} already holds {card_phrase(held)}")
    lairs, drops = _card_tokens(row, where, cat.cards[idx])
    forest.place(cell, cat.turned[idx][q])
    if lairs:
        forest.lair_tokens[cell] = lairs
    if drops:
        forest.water_drops[cell] = drops
    return lairs, bin(drops).count("1")


def _card_cell(row: dict, where: str) -> Cell:
    for key in ("x", "y"):
        v = row[key]
        if isinstance(v, bool) or not isinstance(v, int) or not -50 <= v <= 50:
            raise ScenarioError(f"{where}.{key}", f"must be an integer from -50 to 50, not {safe_repr(v)}")
    return (row["x"], row["y"])


def _card_tokens(row: dict, where: str, card) -> Tuple[int, int]:
    """(lair tokens, water drops as food bits) on one card: tokens go on animals only."""
    lairs = row.get("lairs", 0)
    if isinstance(lairs, bool) or not isinstance(lairs, int) or lairs < 0:
        raise ScenarioError(f"{where}.lairs", f"must be a whole number, not {safe_repr(lairs)}")
    water = row.get("water", [])
    if not isinstance(water, list):
        raise ScenarioError(f"{where}.water", "must be a list of food corners")
    bits = 0
    for k, food in enumerate(water):
        if food not in FOODS:
            raise ScenarioError(f"{where}.water[{k}]", f"unknown food {safe_repr(food)}: use {', '.join(FOODS)}")
        if bits >> FOODS.index(food) & 1:
            raise ScenarioError(f"{where}.water[{k}]", f"a corner holds at most one water drop ({food})")
        bits |= 1 << FOODS.index(food)
    if (lairs or bits) and card.kind != "animal":
        raise ScenarioError(f"{where}.{'lairs' if lairs else 'water'}", f"{card.id} is a path card: "
                            "tokens go on animals")
    return lairs, bits


def _check_shape(forest: Forest, where: str, bounds: Tuple[int, int]) -> None:
    """A forest is one connected piece inside its bounds (lying either way)."""
    cells = set(forest.cells)
    first = min(cells)
    seen, todo = {first}, [first]
    while todo:
        x, y = todo.pop()
        for dx, dy in DELTA:
            nxt = (x + dx, y + dy)
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    if len(seen) != len(cells):
        lost = min(cells - seen)
        raise ScenarioError(where, f"the card at {lost} is not connected to the rest of the forest")
    w, h = forest.maxx - forest.minx + 1, forest.maxy - forest.miny + 1
    lo, sh = bounds
    if not ((w <= lo and h <= sh) or (w <= sh and h <= lo)):
        raise ScenarioError(where, f"the forest spans {w}×{h} cells; it must fit {lo}×{sh}"
                            + (" lying either way" if lo != sh else ""))


# -- the round -------------------------------------------------------------------------

def _read_turn(data: dict, state: ForestState, advanced: bool) -> None:
    """The pawn, who opened the round and how many picks were made."""
    players = len(state.forests)
    state.pawn = _seat(data, "pawn", 0, players)
    start = _seat(data, "round_start", state.pawn, players)
    state.round_order = pick_order(start, players, advanced)
    picks = data.get("picks_done", 0)
    if isinstance(picks, bool) or not isinstance(picks, int) or not 0 <= picks < len(state.round_order):
        raise ScenarioError("scenario.picks_done", f"must be an integer from 0 to {len(state.round_order) - 1}")
    if "to_move" in data:
        picks = _picks_before(data, state.round_order, picks, players)
    state.picks_done = picks


def _picks_before(data: dict, order: Sequence[int], picks: int, players: int) -> int:
    """The picks made this round, from ``to_move`` (who takes next): those before that seat's
    first pick, or ``picks_done`` when given, which must then agree."""
    mover = _seat(data, "to_move", 0, players)
    if "picks_done" not in data:
        return order.index(mover)
    if order[picks] != mover:
        raise ScenarioError("scenario.to_move", f"after {picks} pick(s) of a round opened by seat {order[0]}, "
                            f"seat {order[picks]} takes next, not seat {mover}")
    return picks


def _seat(data: dict, key: str, default: int, players: int) -> int:
    seat = data.get(key, default)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ScenarioError(f"scenario.{key}", f"must be a seat from 0 to {players - 1}, not {safe_repr(seat)}")
    return seat


def _round_number(state: ForestState, names: Sequence[str]) -> int:
    """The round the forest sizes say this is: every forest must have had the same
    number of cards at the start of the round, one round's worth short of complete."""
    forests, order, picks = state.forests, state.round_order, state.picks_done
    full = forests[0].capacity
    per_round = len(order) // len(forests)
    made = [order[:picks].count(p) for p in range(len(forests))]
    base = {f.size - made[p] for p, f in enumerate(forests)}
    if len(base) != 1 or (full - min(base)) % per_round or min(base) + per_round > full:
        sizes = ", ".join(f"{names[p]} {f.size}" for p, f in enumerate(forests))
        raise ScenarioError("scenario.forests", f"the forest sizes ({sizes}) do not fit a round where "
                            f"{picks} pick(s) were made; each round adds {per_round} card(s) per player "
                            f"up to {full}")
    return ROUNDS - ((full - base.pop()) // per_round - 1)


def _check_complete(data: dict) -> None:
    """A complete position is a finished game: nothing may be left to pick, and no one is to move."""
    if data.get("to_move") is not None:
        raise ScenarioError("scenario.to_move", "every forest is complete: the game is over, so no one is to move")
    if data.get("picks_done") or data.get("market"):
        raise ScenarioError("scenario.market" if data.get("market") else "scenario.picks_done",
                            "every forest is complete: the game is over, so no market and no picks")


def _read_market(market: Any, state: ForestState, cards: _CardUse) -> None:
    if market is None:
        return
    if not isinstance(market, dict):
        raise ScenarioError("scenario.market", "must be an object: advisor -> card id (or null)")
    for key, cid in market.items():
        if key not in SLOTS:
            raise ScenarioError(f"scenario.market.{key}", f"no such advisor; use {', '.join(SLOTS)}")
        if cid is not None:
            kind = "animal" if key == SLOTS[RABBIT] else "path"
            state.market_cards[SLOTS.index(key)] = cards.take(cid, f"scenario.market.{key}", kind)


def _read_decks(decks: Any, state: ForestState, cards: _CardUse, rng: random.Random) -> None:
    """The decks as listed (top card first; unlisted cards stay in the box), or else
    every card not used elsewhere, shuffled."""
    cat = cards.catalogue
    animals, paths = range(len(cat.animals)), range(len(cat.animals), len(cat.cards))
    if decks is None:
        state.animal_deck, state.path_deck = cards.unused(animals), cards.unused(paths)
        rng.shuffle(state.animal_deck)
        rng.shuffle(state.path_deck)
        return
    if not isinstance(decks, dict) or set(decks) - {"animals", "paths"}:
        raise ScenarioError("scenario.decks", "must be an object with 'animals' and/or 'paths' lists, "
                            "top card first")
    state.animal_deck, state.path_deck = (_pile(decks.get(key, []), f"scenario.decks.{key}", cards, kind)[::-1]
                                          for key, kind in (("animals", "animal"), ("paths", "path")))
    state.out_of_play = tuple(cards.unused(range(len(cat.cards))))


def _open_round(data: dict, state: ForestState) -> None:
    """Deal the market when the scenario leaves it out, and check that the board and the
    decks hold enough cards for the picks and the rounds still to come."""
    picks, order = state.picks_done, state.round_order
    if data.get("market") is None:
        if picks:
            raise ScenarioError("scenario.market", "needed when picks were already made this round")
        for s in range(len(SLOTS)):
            deck = state.animal_deck if s == RABBIT else state.path_deck
            if deck:
                state.market_cards[s] = deck.pop()
    offered = sum(1 for c in state.market_cards if c != NO_CARD)
    if offered < len(order) - picks or offered > len(SLOTS) - picks:
        raise ScenarioError("scenario.market", f"{offered} card(s) on the board, but {picks} of the 4 were "
                            f"taken and {len(order) - picks} pick(s) remain this round")
    rounds_left = ROUNDS - state.round
    if len(state.animal_deck) < rounds_left or len(state.path_deck) < 3 * rounds_left:
        raise ScenarioError("scenario.decks", f"{rounds_left} more round(s) need {rounds_left} animal and "
                            f"{3 * rounds_left} path cards; the decks hold {len(state.animal_deck)} and "
                            f"{len(state.path_deck)}")


# -- writing -----------------------------------------------------------------------------

def scenario_data(state: ForestState, catalogue: Catalogue) -> dict:
    """The position as scenario data: at a take decision, or once the game is over.

    Fields: ``forests`` (layout texts), ``market`` (advisor -> card id),
    ``pawn``, ``round_start``, ``picks_done``, ``to_move``, ``decks`` (top card first), ``discard``.
    """
    if state.phase not in (Phase.TAKE, Phase.OVER):
        raise ScenarioError("phase", f"a scenario starts at a take decision; the game is in the "
                            f"{state.phase} phase")
    if any(f.cleared for f in state.forests):
        raise ScenarioError("forests", "the end-of-game clean-up took animals off a forest: a scenario "
                            "cannot show where they were")
    cards = catalogue.cards
    data: Dict[str, Any] = {"forests": [f.to_text() for f in state.forests], "pawn": state.pawn}
    if state.phase is Phase.TAKE:
        data.update(market={s: (cards[c].id if c != NO_CARD else None) for s, c in zip(SLOTS, state.market_cards)},
                    round_start=state.round_order[0], picks_done=state.picks_done,
                    to_move=state.round_order[state.picks_done],
                    decks={"animals": [cards[c].id for c in reversed(state.animal_deck)],
                           "paths": [cards[c].id for c in reversed(state.path_deck)]})
    if state.discard:
        data["discard"] = [cards[c].id for c in state.discard]
    return data


# -- the text form -------------------------------------------------------------------------

#: the lines of the text form that hold one whole number, and the field each sets
NUMBER_LINES = {"pawn": "pawn", "round start": "round_start", "picks done": "picks_done", "to move": "to_move"}
#: the lines that hold a list of card ids: the line's word -> (field, deck key or None)
CARD_LINES = {"animals": ("decks", "animals"), "paths": ("decks", "paths"), "discard": ("discard", None)}


def scenario_to_text(data: dict) -> str:
    """Scenario ``data`` (forests as layout texts, as ``scenario_data`` writes them) as text,
    one field per line (see the module docstring)."""
    if not isinstance(data, dict):
        raise ScenarioError("scenario", "must be an object")
    lines = []
    for p, forest in enumerate(data.get("forests", [])):
        if not isinstance(forest, str):
            raise ScenarioError(f"scenario.forests[{p}]", "the text form writes a forest as its layout text")
        lines.append(f"forest {p}: {forest}".rstrip())
    if data.get("market") is not None:
        lines.append("market: " + ", ".join(f"{slot} {card or '-'}" for slot, card in data["market"].items()))
    lines += [f"{line}: {data[key]}" for line, key in NUMBER_LINES.items() if key in data]
    for word, (key, deck) in CARD_LINES.items():
        cards = data.get(key, {}).get(deck) if deck else data.get(key)
        if cards is not None and key in data:
            lines.append(f"{word}: " + ", ".join(cards))
    return "\n".join(line.rstrip() for line in lines) + "\n"


def position_text(game) -> str:
    """The current position of ``game`` as text (the spec's ``scenario_text``):
    ``forest.from_scenario(text)`` rebuilds it."""
    return scenario_to_text(game.to_scenario())


def scenario_from_text(text: str) -> dict:
    """Scenario data from the text form; a line that cannot be read is a ``ScenarioError``
    naming it (``line 3``)."""
    if not isinstance(text, str):
        raise ScenarioError("scenario", "the text form must be a string")
    data: Dict[str, Any] = {}
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip() and not line.lstrip().startswith("#"):
            _read_text_line(data, f"line {n}", line)
    return data


def _read_text_line(data: Dict[str, Any], where: str, line: str) -> None:
    head, sep, rest = line.partition(":")
    head, rest = head.strip(), rest.strip()
    words = head.split()
    if not sep:
        raise ScenarioError(where, "expected 'field: value'")
    if len(words) == 2 and words[0] == "forest" and words[1].isdigit():
        forests = data.setdefault("forests", [])
        if int(words[1]) != len(forests):
            raise ScenarioError(where, f"expected 'forest {len(forests)}' next")
        forests.append(rest)
    elif head == "market":
        data["market"] = _market_text(where, rest)
    elif head in NUMBER_LINES:
        if not rest.isdigit():
            raise ScenarioError(where, f"{head}: needs a whole number")
        data[NUMBER_LINES[head]] = int(rest)
    elif head in CARD_LINES:
        key, deck = CARD_LINES[head]
        cards = [c.strip() for c in rest.split(",")] if rest else []
        if any(not c for c in cards):
            raise ScenarioError(where, "empty card id between commas")
        if deck:
            data.setdefault(key, {})[deck] = cards
        else:
            data[key] = cards
    else:
        raise ScenarioError(where, f"unknown field {safe_repr(head)}")


def _market_text(where: str, rest: str) -> Dict[str, Optional[str]]:
    market: Dict[str, Optional[str]] = {}
    for item in (x.strip() for x in rest.split(",") if x.strip()):
        parts = item.split()
        if len(parts) != 2:
            raise ScenarioError(where, f"market places read like 'rabbit A05' or 'goat -', not {item!r}")
        market[parts[0]] = None if parts[1] == "-" else parts[1]
    return market
