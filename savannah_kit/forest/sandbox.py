"""The Savernake Forest sandbox: any catalogue card on any cell at any turn, tokens, the market.

The edits are pure functions on scenario data (the form ``game.to_scenario()`` writes):
each returns new data, checked by the game's own scenario checks and written back in the
game's form; the data given is never changed. What the scenario format allows sets the
limits (``forest.scenario``): forests stay connected and inside their bounds, every
forest has the cards of the same round (a card added to one forest counts as a pick of
this round: the picks made and who opened the round follow from the forest sizes, and the
market must then have a place taken), every card is used once. A card comes out of the
decks or the discard pile; a card in a forest or on the market is refused, naming where
it is. A card taken off the table goes to the bottom of its deck (so the decks still hold
the cards the rounds to come need)::

    data = place_card(game.to_scenario(), 0, 1, 0, "P16", 90)  # seat 0, cell (1, 0), turned 90°
    data = set_lairs(data, 0, 0, 0, 1)                          # one lair token on the animal there
    data = toggle_water(data, 0, 0, 0, "egg")
    data = set_market(data, "goat", None)                       # the goat's place empty

``sandbox(game)`` (or ``game.sandbox()``) is the widget: tools Cards (click a cell or a card:
the card chosen goes there, at the turn chosen; R turns it), Turn a card (click a card),
Take off (click a card), Tokens (click an animal: one more lair token; an animal that has
one is chosen first, and the next animal clicked gets one of its tokens; "− lair token"
takes one off the animal chosen; click a food corner: a water drop on or off) and Market
(click a place: the card chosen goes there, or it is emptied). R turns the card to place.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Optional

from ..core.errors import ScenarioError
from ..core.fields import safe_repr
from .data import FOODS, ROTATIONS, SLOTS
from .layout import parse_layout

#: the game options a rebuilt position keeps (the rest are in the scenario)
KEPT_OPTIONS = ("advanced", "names", "catalogue", "forced", "dead_ends", "shared_paths", "tie_break")


def build(data: Any, seed: int = 0, **options):
    """A game from scenario ``data`` (``forest.from_scenario``)."""
    from . import from_scenario

    return from_scenario(data, seed=seed, **options)


def _checked(data: dict, options: dict) -> dict:
    return build(data, **options).to_scenario()


def _rows(data: dict, seat: Any) -> List[dict]:
    """The cards of seat ``seat``'s forest, as rows ``{"card", "x", "y", "rotation", ...}``."""
    forests = data.get("forests", [])
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(forests):
        raise ScenarioError("scenario.forests", f"no seat {safe_repr(seat)} (seats 0-{len(forests) - 1})")
    raw = forests[seat]
    return copy.deepcopy(raw["cards"]) if isinstance(raw, dict) else parse_layout(raw)


def _at(rows: List[dict], x: int, y: int) -> Optional[int]:
    return next((i for i, r in enumerate(rows) if (r["x"], r["y"]) == (x, y)), None)


def _used_at(data: dict) -> Dict[str, str]:
    """Card id -> where it is on the table (forests, market): cards there cannot be taken."""
    where: Dict[str, str] = {}
    for p in range(len(data.get("forests", []))):
        for r in _rows(data, p):
            where[r["card"]] = f"scenario.forests[{p}] at ({r['x']}, {r['y']})"
    for slot, cid in (data.get("market") or {}).items():
        if cid is not None:
            where[cid] = f"scenario.market.{slot}"
    return where


def _catalogue(data: dict, options: dict):
    """The game's catalogue (read from the position before an edit: the data must be valid)."""
    return build(data, **options).catalogue


def _take(data: dict, card: Any, field: str, cat, kind: Optional[str] = None) -> str:
    """Card ``card`` taken out of the decks or the discard pile (or the box): its id."""
    if not isinstance(card, str) or card not in cat.by_id:
        raise ScenarioError(field, f"unknown card {safe_repr(card)}: not in the catalogue")
    if kind and cat.by_id[card].kind != kind:
        raise ScenarioError(field, f"{card} is not {'an animal' if kind == 'animal' else 'a path'} card")
    used = _used_at(data)
    if card in used:
        raise ScenarioError(field, f"card {card} is already used at {used[card]}")
    decks = data.get("decks")
    if isinstance(decks, dict):
        for key in ("animals", "paths"):
            if card in decks.get(key, []):
                decks[key] = [c for c in decks[key] if c != card]
    if card in data.get("discard", []):
        data["discard"] = [c for c in data["discard"] if c != card]
        if not data["discard"]:
            del data["discard"]
    return card


def _to_deck(data: dict, card: str, cat) -> None:
    """A card leaving the table goes to the bottom of its deck (the decks keep the cards the
    rounds to come need); with no decks listed it goes back among the unlisted cards."""
    decks = data.get("decks")
    if isinstance(decks, dict):
        kind = cat.by_id[card].kind
        key = "animals" if kind == "animal" else "paths"
        decks[key] = list(decks.get(key, [])) + [card]


def _rotation(rotation: Any, field: str) -> int:
    if isinstance(rotation, bool) or rotation not in ROTATIONS:
        raise ScenarioError(field, f"must be one of {', '.join(map(str, ROTATIONS))}, not {safe_repr(rotation)}")
    return rotation


def _count_the_picks(data: dict, options: dict) -> None:
    """After a card is added or taken off: the picks made this round and who opened it, from the
    forest sizes (a forest one card ahead has picked this round; those ahead follow each other
    clockwise from the opener). Sizes that fit no round are left to the scenario checks. Who
    takes next then follows from the picks (``to_move`` is dropped, the game works it out)."""
    data.pop("to_move", None)
    if options.get("advanced"):
        return
    sizes = [len(_rows(data, p)) for p in range(len(data["forests"]))]
    n, base = len(sizes), min(sizes)
    ahead = [p for p, s in enumerate(sizes) if s == base + 1]
    if any(s > base + 1 for s in sizes):
        return
    if not ahead:
        data["picks_done"] = 0
        return
    for start in range(n):
        run = [(start + i) % n for i in range(len(ahead))]
        if sorted(run) == ahead:
            data["round_start"] = start
            data["picks_done"] = len(ahead)
            return


def place_card(data: dict, seat: int, x: int, y: int, card: str, rotation: int = 0, **options) -> dict:
    """Card ``card`` on cell (x, y) of seat ``seat``'s forest, turned ``rotation`` degrees. A card
    already there goes to the bottom of its deck (its tokens to the supply); on an empty cell it is
    a pick of this round."""
    cat = _catalogue(data, options)
    out = copy.deepcopy(data)
    rows = _rows(out, seat)
    field = f"scenario.forests[{seat}]"
    rotation = _rotation(rotation, f"{field}.rotation")
    i = _at(rows, x, y)
    if i is not None and rows[i]["card"] == card:
        rows[i]["rotation"] = rotation
    else:
        if i is not None:
            _to_deck(out, rows.pop(i)["card"], cat)
            out["forests"][seat] = {"cards": rows}
        cid = _take(out, card, f"{field}.card", cat)
        rows.append({"card": cid, "x": x, "y": y, "rotation": rotation})
    out["forests"][seat] = {"cards": rows}
    if i is None:
        _count_the_picks(out, options)
    return _checked(out, options)


def rotate_card(data: dict, seat: int, x: int, y: int, quarters: int = 1, **options) -> dict:
    """The card on (x, y) turned ``quarters`` quarter turns clockwise (tokens stay on it)."""
    out = copy.deepcopy(data)
    rows = _rows(out, seat)
    i = _at(rows, x, y)
    if i is None:
        raise ScenarioError(f"scenario.forests[{seat}]", f"no card at ({x}, {y}) to turn")
    rows[i]["rotation"] = (rows[i].get("rotation", 0) + 90 * quarters) % 360
    out["forests"][seat] = {"cards": rows}
    return _checked(out, options)


def remove_card(data: dict, seat: int, x: int, y: int, **options) -> dict:
    """The card on (x, y) goes to the bottom of its deck, its tokens to the supply (the picks are
    counted again)."""
    out = copy.deepcopy(data)
    rows = _rows(out, seat)
    i = _at(rows, x, y)
    if i is None:
        raise ScenarioError(f"scenario.forests[{seat}]", f"no card at ({x}, {y}) to take off")
    _to_deck(out, rows.pop(i)["card"], _catalogue(data, options))
    out["forests"][seat] = {"cards": rows}
    _count_the_picks(out, options)
    return _checked(out, options)


def set_lairs(data: dict, seat: int, x: int, y: int, count: int, **options) -> dict:
    """``count`` lair tokens on the animal on (x, y) (they come from, or go back to, the supply)."""
    out = copy.deepcopy(data)
    rows = _rows(out, seat)
    i = _at(rows, x, y)
    field = f"scenario.forests[{seat}]"
    if i is None:
        raise ScenarioError(field, f"no card at ({x}, {y})")
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ScenarioError(f"{field}.lairs", f"must be a whole number, not {safe_repr(count)}")
    rows[i]["lairs"] = count
    if not count:
        del rows[i]["lairs"]
    out["forests"][seat] = {"cards": rows}
    return _checked(out, options)


def move_lair(data: dict, seat: int, source: tuple, target: tuple, **options) -> dict:
    """One lair token from the animal on ``source`` (x, y) to the animal on ``target``."""
    rows = _rows(data, seat)
    i, j = _at(rows, *source), _at(rows, *target)
    field = f"scenario.forests[{seat}]"
    if i is None or not rows[i].get("lairs"):
        raise ScenarioError(f"{field}.lairs", f"no lair token on a card at {tuple(source)}")
    if j is None:
        raise ScenarioError(field, f"no card at {tuple(target)}")
    if i == j:
        raise ScenarioError(f"{field}.lairs", "the token is already on that animal: choose another one")
    moved = set_lairs(data, seat, source[0], source[1], rows[i]["lairs"] - 1, **options)
    return set_lairs(moved, seat, target[0], target[1], rows[j].get("lairs", 0) + 1, **options)


def toggle_water(data: dict, seat: int, x: int, y: int, food: str, **options) -> dict:
    """A water drop on the ``food`` corner of the animal on (x, y), or off it if one is there."""
    out = copy.deepcopy(data)
    rows = _rows(out, seat)
    i = _at(rows, x, y)
    field = f"scenario.forests[{seat}]"
    if i is None:
        raise ScenarioError(field, f"no card at ({x}, {y})")
    if food not in FOODS:
        raise ScenarioError(f"{field}.water", f"unknown food {safe_repr(food)}: use {', '.join(FOODS)}")
    water = list(rows[i].get("water", []))
    water = [f for f in water if f != food] if food in water else water + [food]
    rows[i]["water"] = [f for f in FOODS if f in water]
    if not water:
        del rows[i]["water"]
    out["forests"][seat] = {"cards": rows}
    return _checked(out, options)


def set_market(data: dict, slot: str, card: Optional[str], **options) -> dict:
    """Card ``card`` at advisor ``slot`` of the market (``None``: the place empty); the card there
    goes to the bottom of its deck. The rabbit's place holds an animal, the others a path card."""
    if slot not in SLOTS:
        raise ScenarioError(f"scenario.market.{slot}", f"no such advisor; use {', '.join(SLOTS)}")
    cat = _catalogue(data, options)
    out = copy.deepcopy(data)
    market = dict(out.get("market") or {s: None for s in SLOTS})
    if market.get(slot) is not None:
        _to_deck(out, market[slot], cat)
    market[slot] = None
    out["market"] = market
    if card is not None:
        kind = "animal" if slot == SLOTS[0] else "path"
        market[slot] = _take(out, card, f"scenario.market.{slot}", cat, kind)
    return _checked(out, options)


class ForestEditor:
    """The Savernake Forest part of the sandbox (see ``savannah_kit.ui.sandbox``)."""

    title = "Savernake Forest"
    module = "forest"
    kept_options = KEPT_OPTIONS
    optional_fields = ("round_start", "picks_done", "to_move", "pawn")
    tools = (("cards", "Cards", "Click a cell or a card: the card chosen goes there, turned as chosen (R turns)"),
             ("turn", "Turn a card", "Click a card: it turns a quarter clockwise"),
             ("remove", "Take off", "Click a card: it goes to the bottom of its deck"),
             ("tokens", "Tokens", "Click an animal: a lair token (choose one with a token first to move it); "
                                  "click a food corner: a water drop"),
             ("market", "Market", "Click a place of the market: the card chosen goes there, or it is emptied"))

    def __init__(self):
        self.rotation = 0

    def build(self, data, seed=0, **options):
        return build(data, seed=seed, **options)

    # -- the palette ------------------------------------------------------------------------------
    def palette(self, sandbox) -> list:
        import ipywidgets as widgets

        cat = sandbox.view.catalogue
        self.card_pick = widgets.Dropdown(options=[(f"{c.id} {c.name}" if getattr(c, "name", "") else c.id, c.id)
                                                   for c in cat.cards],
                                          description="Card", layout=widgets.Layout(width="260px"))
        self.turn_pick = widgets.ToggleButtons(options=[(f"{r}°", r) for r in ROTATIONS], value=0,
                                               tooltips=[f"turned {r}° clockwise" for r in ROTATIONS],
                                               style={"button_width": "52px"})
        self.turn_pick.observe(sandbox._guard(lambda _c: self._turned(sandbox)), names="value")
        self.btn_fewer = sandbox.button("− lair token", "One lair token fewer on the animal chosen",
                                        lambda: self._fewer(sandbox))
        self.empty_pick = widgets.Checkbox(value=False, description="Empty the place", indent=False,
                                           layout=widgets.Layout(width="150px"))
        for pick in (self.card_pick, self.empty_pick):  # the status line says what the next click does
            pick.observe(sandbox._guard(lambda _c: sandbox.say(self.instruction(sandbox))), names="value")
        self.groups = {"cards": [self.card_pick, self.turn_pick], "turn": [], "remove": [],
                       "tokens": [self.btn_fewer], "market": [self.card_pick, self.empty_pick]}
        self._widgets = [self.card_pick, self.turn_pick, self.btn_fewer, self.empty_pick]
        self.tool_changed(sandbox)
        return self._widgets

    def _turned(self, sandbox) -> None:
        self.rotation = self.turn_pick.value
        sandbox.say(self.instruction(sandbox))

    def _fewer(self, sandbox) -> None:
        sel = sandbox.selected
        if not sel or not sel.startswith("animal:"):
            sandbox.refuse("choose an animal with a lair token first (click it with the Tokens tool)")
            return
        seat, x, y = (int(v) for v in sel.split(":")[1:4])
        rows = _rows(sandbox.scenario, seat)
        have = rows[_at(rows, x, y)].get("lairs", 0)
        sandbox.selected = None
        sandbox.edit(set_lairs, seat, x, y, have - 1, said=f"one lair token fewer at ({x}, {y})")

    def tool_changed(self, sandbox) -> None:
        shown = self.groups.get(sandbox.tool, [])
        for w in self._widgets:
            w.layout.display = None if w in shown else "none"

    # -- clicks -------------------------------------------------------------------------------
    def click(self, sandbox, hit: str):
        parts = hit.split(":")
        kind, tool = parts[0], sandbox.tool
        if kind in ("cell", "card", "animal", "corner"):
            seat, x, y = int(parts[1]), int(parts[2]), int(parts[3])
            name = sandbox.view.player_name(seat)
            if tool == "cards" and kind != "corner":
                card = self.card_pick.value
                return (place_card, (seat, x, y, card, self.rotation),
                        f"{card} on ({x}, {y}) of {name}'s forest, turned {self.rotation}°")
            if tool == "turn" and kind in ("card", "animal"):
                return (rotate_card, (seat, x, y), f"the card on ({x}, {y}) of {name}'s forest turned")
            if tool == "remove" and kind in ("card", "animal"):
                return (remove_card, (seat, x, y), f"the card on ({x}, {y}) of {name}'s forest back to its deck")
            if tool == "tokens" and kind == "corner":
                return (toggle_water, (seat, x, y, parts[4]), f"a water drop on the {parts[4]} corner at ({x}, {y})")
            if tool == "tokens" and kind == "animal":
                sel = sandbox.selected
                if sel and sel.startswith(f"animal:{seat}:") and sel != hit:
                    sx, sy = (int(v) for v in sel.split(":")[2:4])
                    sandbox.selected = None
                    return (move_lair, (seat, (sx, sy), (x, y)), f"a lair token moved from ({sx}, {sy}) to ({x}, {y})")
                rows = _rows(sandbox.scenario, seat)
                if rows[_at(rows, x, y)].get("lairs") and sel != hit:
                    sandbox.select(hit, f"the animal on ({x}, {y}) chosen")
                    return None
                sandbox.selected = None
                have = rows[_at(rows, x, y)].get("lairs", 0)
                return (set_lairs, (seat, x, y, have + 1), f"a lair token on the animal at ({x}, {y})")
        if tool == "market" and kind == "market":
            slot = parts[1]
            card = None if self.empty_pick.value else self.card_pick.value
            return (set_market, (slot, card), f"the {slot}'s place " + (f"holds {card}" if card else "emptied"))
        sandbox.say(f"That does nothing with this tool. {self.instruction(sandbox)}")
        return None

    def key(self, sandbox, key: str, shift: bool) -> None:
        """R turns the card to place a quarter (Shift+R back)."""
        if key == "r":
            self.turn_pick.value = (self.turn_pick.value + (270 if shift else 90)) % 360

    def instruction(self, sandbox) -> str:
        tool = sandbox.tool
        if tool == "cards":
            return (f"Next click: a cell or a card, and {self.card_pick.value} goes there turned {self.rotation}° "
                    "(R turns it).")
        if tool == "turn":
            return "Next click: a card, and it turns a quarter clockwise."
        if tool == "remove":
            return "Next click: a card, and it goes back to the bottom of its deck."
        if tool == "tokens":
            sel = sandbox.selected
            if sel and sel.startswith("animal:"):
                return "Next click: another animal, and one lair token moves there (− takes one off)."
            return "Next click: an animal gets a lair token (one with a token: choose it to move it); a corner: water."
        what = "empties it" if self.empty_pick.value else f"puts {self.card_pick.value} there"
        return f"Next click: a place of the market, and it {what}."

    # -- the picture ----------------------------------------------------------------------------
    def render(self, sandbox, game):
        return game.scene(theme=sandbox.theme, highlights=(), caption=False)

    def keyboard_order(self, sandbox, scene) -> List[str]:
        wanted = {"cards": ("cell", "card", "animal"), "turn": ("card", "animal"), "remove": ("card", "animal"),
                  "tokens": ("animal", "corner"), "market": ("market",)}[sandbox.tool]
        return [h for h in scene.hits() if h.split(":", 1)[0] in wanted]


def sandbox(game, *, theme: str = "light", play: bool = True):
    """The sandbox widget for a game of Savernake Forest (see the module docstring)."""
    from ..ui.sandbox import Sandbox

    return Sandbox(game, ForestEditor(), theme=theme, play=play)


__all__ = ["sandbox", "ForestEditor", "place_card", "rotate_card", "remove_card", "set_lairs", "move_lair",
           "toggle_water", "set_market", "build"]
