"""Hand-built Savernake Forest positions (scenarios): read, validate, lay out.

A scenario is plain JSON-able data a notebook cell can hold::

    {"forests": ["A01@0,1r0[lair=2;water=egg,worm] P16@0,0r0", {"cards": [...]}, ...],
     "market": {"rabbit": "A05", "rooster": "P12", "armadillo": null, "goat": "P10"},
     "pawn": 0,            # holder of the 1st Player pawn (default 0)
     "round_start": 0,     # who opened this round (default: the pawn holder)
     "picks_done": 0,      # picks already made this round (default 0)
     "decks": {"animals": ["A07", ...], "paths": [...]},   # top card first (default: the rest, shuffled)
     "discard": ["P33"]}

A forest is a layout text (see ``layout``) or ``{"cards": [{"card", "x", "y",
"rotation", "lairs", "water"}, ...]}``. The position must be one the game can
reach: connected forests inside their bounds, sizes that fit the round, enough
cards left in the decks for the rounds to come, each card used once. Complete
forests give a finished game (scored at once, after any shared-path clean-up).
Every mistake is a ``ScenarioError`` naming the field, e.g.
``scenario.forests[1].cards[3].rotation``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from ..core.errors import ScenarioError
from ..core.events import Event
from .data import DELTA, FOODS, ROUNDS
from .layout import Forest, check_rotation, parse_layout
from .moves import SLOTS

SCENARIO_KEYS = ("forests", "market", "pawn", "round_start", "picks_done", "decks", "discard")


def setup_scenario(game) -> None:
    """Lay out ``game.scenario`` (validated field by field) as the starting position."""
    sc = game.scenario
    cat, n = game.cat, game.n
    if not isinstance(sc, dict):
        raise ScenarioError("scenario", f"must be an object, not {type(sc).__name__}")
    for key in sc:
        if key not in SCENARIO_KEYS:
            raise ScenarioError(f"scenario.{key}", f"unknown field; the fields are {', '.join(SCENARIO_KEYS)}")
    used: Dict[int, str] = {}

    def card_index(cid, where: str, kind: Optional[str] = None) -> int:
        if not isinstance(cid, str) or cid not in cat.by_id:
            raise ScenarioError(where, f"unknown card {cid!r}")
        idx = cat.by_id[cid].index
        if kind and cat.cards[idx].kind != kind:
            raise ScenarioError(where, f"{cid} is not {'an animal' if kind == 'animal' else 'a path'} card")
        if idx in used:
            raise ScenarioError(where, f"card {cid} is already used at {used[idx]}")
        used[idx] = where
        return idx

    forests = sc.get("forests")
    if not isinstance(forests, list) or len(forests) != n:
        raise ScenarioError("scenario.forests", f"must be a list of {n} forests (one per player)")
    lair_used = water_used = 0
    for i, raw in enumerate(forests):
        where = f"scenario.forests[{i}]"
        if isinstance(raw, str):
            try:
                cards = parse_layout(raw)
            except ValueError as err:
                raise ScenarioError(where, str(err)) from None
        elif isinstance(raw, dict):
            extra = sorted(set(raw) - {"cards"})
            if extra:
                raise ScenarioError(f"{where}.{extra[0]}", "unknown field; a forest has only 'cards'")
            cards = raw.get("cards")
            if not isinstance(cards, list):
                raise ScenarioError(f"{where}.cards", "must be a list of cards")
        else:
            raise ScenarioError(where, "must be a layout text like 'A01@0,0r0 P12@1,0r90' or {'cards': [...]}")
        f = game.forests[i]
        if not cards:
            raise ScenarioError(f"{where}.cards", "a forest holds at least one card")
        if len(cards) > game.target:
            raise ScenarioError(f"{where}.cards", f"{len(cards)} cards, at most {game.target}")
        for j, c in enumerate(cards):
            lair_j, water_j = _card(game, f, c, f"{where}.cards[{j}]", card_index)
            lair_used += lair_j
            water_used += water_j
        _check_shape(game, f, where)
    if lair_used > cat.lair_tokens:
        raise ScenarioError("scenario.forests", f"the forests carry {lair_used} lair tokens; only "
                            f"{cat.lair_tokens} exist")
    if water_used > cat.water_tokens:
        raise ScenarioError("scenario.forests", f"the forests carry {water_used} water drops; only "
                            f"{cat.water_tokens} exist")
    game.supply = [cat.lair_tokens - lair_used, cat.water_tokens - water_used]
    game.pawn = _seat(game, sc, "pawn", 0)
    start = _seat(game, sc, "round_start", game.pawn)
    game.order = ((start, 1 - start, start, 1 - start) if game.advanced
                  else tuple((start + i) % n for i in range(n)))
    picks = sc.get("picks_done", 0)
    if isinstance(picks, bool) or not isinstance(picks, int) or not 0 <= picks < len(game.order):
        raise ScenarioError("scenario.picks_done", f"must be an integer from 0 to {len(game.order) - 1}")
    game.pick = picks
    over = all(f.is_full() for f in game.forests)
    per_round = len(game.order) // n
    made = [game.order[:picks].count(p) for p in range(n)]
    base = {f.size - made[p] for p, f in enumerate(game.forests)}
    if not over and (len(base) != 1 or (game.target - next(iter(base))) % per_round
                     or next(iter(base)) + per_round > game.target):
        sizes = ", ".join(f"{game.names[p]} {f.size}" for p, f in enumerate(game.forests))
        raise ScenarioError("scenario.forests", f"the forest sizes ({sizes}) do not fit a round where "
                            f"{picks} pick(s) were made; each round adds {per_round} card(s) per player "
                            f"up to {game.target}")
    if over and (picks or sc.get("market")):
        raise ScenarioError("scenario.market" if sc.get("market") else "scenario.picks_done",
                            "every forest is complete: the game is over, so no market and no picks")
    market = sc.get("market")
    if market is not None:
        if not isinstance(market, dict):
            raise ScenarioError("scenario.market", "must be an object: advisor -> card id (or null)")
        for key, cid in market.items():
            if key not in SLOTS:
                raise ScenarioError(f"scenario.market.{key}", f"no such advisor; use {', '.join(SLOTS)}")
            if cid is not None:
                game.offer[SLOTS.index(key)] = card_index(cid, f"scenario.market.{key}",
                                                           "animal" if key == "rabbit" else "path")
    for key, kind in (("discard", None),):
        pile = sc.get(key, [])
        if not isinstance(pile, list):
            raise ScenarioError(f"scenario.{key}", "must be a list of card ids")
        game.discard = [card_index(cid, f"scenario.{key}[{j}]", kind) for j, cid in enumerate(pile)]
    decks = sc.get("decks")
    if decks is not None:
        if not isinstance(decks, dict) or set(decks) - {"animals", "paths"}:
            raise ScenarioError("scenario.decks", "must be an object with 'animals' and/or 'paths' lists, "
                                "top card first")
        for key, kind, attr in (("animals", "animal", "deck_a"), ("paths", "path", "deck_p")):
            ids = decks.get(key, [])
            if not isinstance(ids, list):
                raise ScenarioError(f"scenario.decks.{key}", "must be a list of card ids, top card first")
            setattr(game, attr, [card_index(cid, f"scenario.decks.{key}[{j}]", kind)
                                 for j, cid in reversed(list(enumerate(ids)))])
        game.box = [c for c in range(len(cat.cards)) if c not in used]
    else:
        game.deck_a = [c for c in range(len(cat.animals)) if c not in used]
        game.deck_p = [c for c in range(len(cat.animals), len(cat.cards)) if c not in used]
        game.rng.shuffle(game.deck_a)
        game.rng.shuffle(game.deck_p)
    if over:
        game.round = ROUNDS
        game._end_game(game.log)
        return
    base_size = next(iter(base))
    rounds_left = (game.target - base_size) // per_round - 1
    game.round = ROUNDS - rounds_left
    if market is None:
        if picks:
            raise ScenarioError("scenario.market", "needed when picks were already made this round")
        for s in range(4):
            deck = game.deck_a if SLOTS[s] == "rabbit" else game.deck_p
            if deck:
                game.offer[s] = deck.pop()
    offered = sum(1 for c in game.offer if c >= 0)
    if offered < len(game.order) - picks or offered > 4 - picks:
        raise ScenarioError("scenario.market", f"{offered} card(s) on the board, but {picks} of the 4 were "
                            f"taken and {len(game.order) - picks} pick(s) remain this round")
    if len(game.deck_a) < rounds_left or len(game.deck_p) < 3 * rounds_left:
        raise ScenarioError("scenario.decks", f"{rounds_left} more round(s) need {rounds_left} animal and "
                            f"{3 * rounds_left} path cards; the decks hold {len(game.deck_a)} and "
                            f"{len(game.deck_p)}")
    game.phase = "take"
    game.log.append(Event("forest.round.order", f"Scenario: round {game.round}, order "
                          + ", ".join(game.names[p] for p in game.order)
                          + f"; {game.names[game.current_player]} to take a card", game.current_player))

def _seat(game, sc: dict, key: str, default: int) -> int:
    seat = sc.get(key, default)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.n:
        raise ScenarioError(f"scenario.{key}", f"must be a seat from 0 to {game.n - 1}, not {seat!r}")
    return seat

def _card(game, f: Forest, c: Any, where: str, card_index) -> Tuple[int, int]:
    if not isinstance(c, dict):
        raise ScenarioError(where, "must be an object like {'card': 'A01', 'x': 0, 'y': 0, 'rotation': 0}")
    extra = sorted(set(c) - {"card", "x", "y", "rotation", "lairs", "water"})
    if extra:
        raise ScenarioError(f"{where}.{extra[0]}", "unknown field")
    for key in ("card", "x", "y"):
        if key not in c:
            raise ScenarioError(f"{where}.{key}", "missing")
    idx = card_index(c["card"], f"{where}.card")
    for key in ("x", "y"):
        v = c[key]
        if isinstance(v, bool) or not isinstance(v, int) or not -50 <= v <= 50:
            raise ScenarioError(f"{where}.{key}", f"must be an integer from -50 to 50, not {v!r}")
    try:
        q = check_rotation(c.get("rotation", 0))
    except ValueError as err:
        raise ScenarioError(f"{where}.rotation", str(err)) from None
    cell = (c["x"], c["y"])
    if cell in f.cells:
        raise ScenarioError(f"{where}.x", f"cell {cell} already holds {game._cname(f.cells[cell].card)}")
    card = game.cat.cards[idx]
    lairs = c.get("lairs", 0)
    if isinstance(lairs, bool) or not isinstance(lairs, int) or lairs < 0:
        raise ScenarioError(f"{where}.lairs", f"must be a whole number, not {lairs!r}")
    water = c.get("water", [])
    if not isinstance(water, list):
        raise ScenarioError(f"{where}.water", "must be a list of food corners")
    bits = 0
    for k, food in enumerate(water):
        if food not in FOODS:
            raise ScenarioError(f"{where}.water[{k}]", f"unknown food {food!r}: use {', '.join(FOODS)}")
        if bits >> FOODS.index(food) & 1:
            raise ScenarioError(f"{where}.water[{k}]", f"a corner holds at most one water drop ({food})")
        bits |= 1 << FOODS.index(food)
    if (lairs or bits) and card.kind != "animal":
        raise ScenarioError(f"{where}.{'lairs' if lairs else 'water'}", f"{card.id} is a path card: "
                            "tokens go on animals")
    f.place(cell, game.cat.turned[idx][q])
    if lairs:
        f.lair[cell] = lairs
    if bits:
        f.drops[cell] = bits
    return lairs, len(water)

def _check_shape(game, f: Forest, where: str) -> None:
    cells = set(f.cells)
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
    w, h = f.maxx - f.minx + 1, f.maxy - f.miny + 1
    lo, sh = game.bounds
    if not ((w <= lo and h <= sh) or (w <= sh and h <= lo)):
        raise ScenarioError(where, f"the forest spans {w}×{h} cells; it must fit {lo}×{sh}"
                            + (" lying either way" if lo != sh else ""))


def scenario_from_game(game) -> dict:
    """The current position of ``game`` (at a take decision, or over) as scenario data.

    Fields: ``forests`` (layout texts), ``market`` (advisor -> card id),
    ``pawn``, ``round_start``, ``picks_done``, ``decks`` (top card first), ``discard``.
    """
    if game.phase not in ("take", "over"):
        raise ScenarioError("phase", f"a scenario starts at a take decision; the game is in the {game.phase!r} phase")
    cards = game.catalogue.cards
    data = {"forests": [f.to_text() for f in game.forests], "pawn": game.pawn}
    if game.phase == "take":
        data.update(market={s: (cards[c].id if c >= 0 else None) for s, c in zip(SLOTS, game.offer)},
                    round_start=game.order[0], picks_done=game.pick,
                    decks={"animals": [cards[c].id for c in reversed(game.deck_a)],
                           "paths": [cards[c].id for c in reversed(game.deck_p)]})
    if game.discard:
        data["discard"] = [cards[c].id for c in game.discard]
    return data
