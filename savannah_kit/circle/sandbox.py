"""The Circle of Life sandbox: compose the savannah row, the hands and the kill piles.

The edits are pure functions on scenario data (the form ``game.to_scenario()`` writes):
each returns new data, checked by the game's own scenario checks and written back in the
game's form; the data given is never changed. A card is named by its id (``"C01"``) or by
its species (``"Lion"``: the lowest card of that species still free). A free card comes out
of the draw pile or the box; a card that is on the savannah, in a hand, a kill pile or out
of the game is refused, naming where it is. A card taken off the table goes to the box::

    data = add_to_savannah(game.to_scenario(), "Lion")
    data = set_token(data, 0, 1)                 # seat 1's token on the leftmost card
    data = replace_in_hand(data, 0, 2, "Zebra")  # hands keep their size
    data = add_to_kills(data, 1, "Gazelle")

``sandbox(game)`` (or ``game.sandbox()``) is the widget: tools Savannah (click a card to
take it off; add the card chosen at the right end), Tokens (click a card to put the chosen
seat's token on it, again to take it off), Hands (click a hand card to swap it for the
card chosen), Kill piles (add or take back the chosen seat's cards) and Turn.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Optional

from ..core.errors import ScenarioError
from ..core.fields import safe_repr
from .text import COLOURS

#: the game options a rebuilt position keeps (the rest are in the scenario)
KEPT_OPTIONS = ("tokens", "catalogue", "first_player", "tie_break", "species", "own_cards", "hunts")
PER_SEAT = ("hands", "kill_piles", "bonus", "supply")


def build(data: Any, seed: int = 0, **options):
    """A game from scenario ``data`` (``circle.from_scenario``)."""
    from . import from_scenario

    return from_scenario(data, seed=seed, **options)


def _checked(data: dict, options: dict) -> dict:
    return build(data, **options).to_scenario()


def _card_of(entry: str) -> str:
    return entry.partition("@")[0]


def _where_named(data: dict) -> Dict[str, str]:
    """Card id -> the field that holds it (the draw pile aside: its cards are free to take)."""
    where: Dict[str, str] = {}
    for i, e in enumerate(data.get("savannah", [])):
        where[_card_of(e)] = f"scenario.savannah[{i}]"
    for key in ("hands", "kill_piles"):
        for p, cards in enumerate(data.get(key, [])):
            for i, c in enumerate(cards):
                where[c] = f"scenario.{key}[{p}][{i}]"
    for i, c in enumerate(data.get("out", [])):
        where[c] = f"scenario.out[{i}]"
    return where


def _catalogue(data: dict, options: dict):
    """The game's catalogue (read from the position before an edit: the data must be valid)."""
    return build(data, **options).catalogue


def _take(data: dict, card: Any, field: str, cat) -> str:
    """A free card (an id, or the lowest free one of a species) taken out of the draw pile or
    the box: its id. ``data`` loses it from the draw pile."""
    named = _where_named(data)
    if not isinstance(card, str) or not card:
        raise ScenarioError(field, f"must be a card id or species name, not {safe_repr(card)}")
    if card in cat.index:
        if card in named:
            raise ScenarioError(field, f"{card} is already at {named[card]}")
        cid = card
    else:
        species = {sp.name.lower(): sp.name for sp in cat.species}.get(card.lower())
        if species is None:
            raise ScenarioError(field, f"no card or species called {safe_repr(card)} in the catalogue")
        free = [cat.ids[c] for c in cat.cards_of[species] if cat.ids[c] not in named]
        if not free:
            raise ScenarioError(field, f"no {species} left: all {len(cat.cards_of[species])} are on the table")
        cid = free[0]
    if cid in data.get("draw_pile", []):
        data["draw_pile"] = [c for c in data["draw_pile"] if c != cid]
    return cid


def _seat(data: dict, seat: Any, field: str) -> int:
    players = len(data.get("hands", []))
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ScenarioError(field, f"must be a seat number 0-{players - 1}, not {safe_repr(seat)}")
    return seat


def add_to_savannah(data: dict, card: Any, **options) -> dict:
    """The card (id or species) at the right end of the savannah."""
    cat = _catalogue(data, options)
    out = copy.deepcopy(data)
    row = out.setdefault("savannah", [])
    row.append(_take(out, card, f"scenario.savannah[{len(row)}]", cat))
    return _checked(out, options)


def remove_from_savannah(data: dict, index: int, **options) -> dict:
    """The savannah card at ``index`` (0 = leftmost) goes to the box, with its token."""
    row = data.get("savannah", [])
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(row):
        raise ScenarioError("scenario.savannah", f"no card at place {safe_repr(index)} (the row has {len(row)})")
    out = copy.deepcopy(data)
    entry = out["savannah"].pop(index)
    owner = entry.partition("@")[2]
    if owner and "supply" in out:
        out["supply"][int(owner)] += 1
    return _checked(out, options)


def set_token(data: dict, index: int, seat: Optional[int], **options) -> dict:
    """Seat ``seat``'s token on the savannah card at ``index`` (``None``: no token). When tokens
    are counted, the supply gives or gets the token back."""
    row = data.get("savannah", [])
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(row):
        raise ScenarioError("scenario.savannah", f"no card at place {safe_repr(index)} (the row has {len(row)})")
    field = f"scenario.savannah[{index}].token"
    if seat is not None:
        _seat(data, seat, field)
    out = copy.deepcopy(data)
    card, _, old = out["savannah"][index].partition("@")
    supply = out.get("supply")
    if supply is not None:
        if old:
            supply[int(old)] += 1
        if seat is not None:
            if supply[seat] <= 0:
                raise ScenarioError(f"scenario.supply[{seat}]", f"{COLOURS[seat]} has no token left to put down")
            supply[seat] -= 1
    out["savannah"][index] = card + ("" if seat is None else f"@{seat}")
    return _checked(out, options)


def replace_in_hand(data: dict, seat: int, index: int, card: Any, **options) -> dict:
    """Seat ``seat``'s hand card at ``index`` swapped for ``card`` (id or species); the old one
    goes to the box. Hands keep their size (a hand holds a fixed number of cards)."""
    _seat(data, seat, "scenario.hands")
    hand = data["hands"][seat]
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(hand):
        raise ScenarioError(f"scenario.hands[{seat}]", f"no card at place {safe_repr(index)}")
    cat = _catalogue(data, options)
    out = copy.deepcopy(data)
    out["hands"][seat][index] = _take(out, card, f"scenario.hands[{seat}][{index}]", cat)
    return _checked(out, options)


def set_hand(data: dict, seat: int, cards: List[Any], **options) -> dict:
    """Seat ``seat``'s whole hand (ids or species); the cards it held go to the box."""
    _seat(data, seat, "scenario.hands")
    if not isinstance(cards, list):
        raise ScenarioError(f"scenario.hands[{seat}]", "must be a list of cards")
    cat = _catalogue(data, options)
    out = copy.deepcopy(data)
    out["hands"][seat] = []
    for i, card in enumerate(cards):
        out["hands"][seat].append(_take(out, card, f"scenario.hands[{seat}][{i}]", cat))
    return _checked(out, options)


def add_to_kills(data: dict, seat: int, card: Any, **options) -> dict:
    """The card (id or species) on top of seat ``seat``'s kill pile."""
    _seat(data, seat, "scenario.kill_piles")
    cat = _catalogue(data, options)
    out = copy.deepcopy(data)
    pile = out["kill_piles"][seat]
    pile.append(_take(out, card, f"scenario.kill_piles[{seat}][{len(pile)}]", cat))
    return _checked(out, options)


def remove_from_kills(data: dict, seat: int, card: str, **options) -> dict:
    """The card ``card`` out of seat ``seat``'s kill pile, to the box."""
    _seat(data, seat, "scenario.kill_piles")
    if card not in data["kill_piles"][seat]:
        raise ScenarioError(f"scenario.kill_piles[{seat}]", f"{safe_repr(card)} is not in this kill pile")
    out = copy.deepcopy(data)
    out["kill_piles"][seat].remove(card)
    return _checked(out, options)


def set_turn(data: dict, seat: int, **options) -> dict:
    """Make it seat ``seat``'s turn."""
    _seat(data, seat, "scenario.to_move")
    out = copy.deepcopy(data)
    out["to_move"] = seat
    return _checked(out, options)


class CircleEditor:
    """The Circle of Life part of the sandbox (see ``savannah_kit.ui.sandbox``)."""

    title = "Circle of Life"
    module = "circle"
    kept_options = KEPT_OPTIONS
    optional_fields = ("out", "bonus", "kill_piles")
    tools = (("savannah", "Savannah", "Click a card to take it off; Add puts the card chosen at the right end"),
             ("tokens", "Tokens", "Click a savannah card: the chosen seat's token goes on it (again: off)"),
             ("hands", "Hands", "Click a hand card to swap it for the card chosen"),
             ("kills", "Kill piles", "Add the card chosen to the chosen seat's kill pile, or take one back"),
             ("turn", "Turn", "Click a hand: it becomes that player's turn"))

    def build(self, data, seed=0, **options):
        return build(data, seed=seed, **options)

    def trim(self, data: dict) -> dict:
        """Leave out empty kill piles, zero bonuses and an empty out pile (the defaults)."""
        if all(not k for k in data.get("kill_piles", [])):
            data.pop("kill_piles", None)
        if all(b == 0 for b in data.get("bonus", [])):
            data.pop("bonus", None)
        if not data.get("out"):
            data.pop("out", None)
        return data

    # -- the palette ------------------------------------------------------------------------------
    def palette(self, sandbox) -> list:
        import ipywidgets as widgets

        game = sandbox.view
        cat = game.catalogue
        cards = [(f"{sp.name} (any free)", sp.name) for sp in cat.species]
        cards += [(f"{cid} {cat.name[i]}", cid) for i, cid in enumerate(cat.ids)]
        self.card_pick = widgets.Dropdown(options=cards, description="Card", layout=widgets.Layout(width="260px"))
        self.seat_pick = widgets.Dropdown(options=[(COLOURS[p], p) for p in range(game.players)],
                                          description="Seat", layout=widgets.Layout(width="170px"))
        self.btn_add = sandbox.button("Add at the right end", "Put the card chosen at the right end of the savannah",
                                      lambda: sandbox.edit(add_to_savannah, self.card_pick.value,
                                                           said=f"{self.card_pick.value} at the right end"))
        self.btn_kill = sandbox.button("Add to kill pile", "Put the card chosen on the chosen seat's kill pile",
                                       lambda: sandbox.edit(add_to_kills, self.seat_pick.value, self.card_pick.value,
                                                            said=f"{self.card_pick.value} to "
                                                                 f"{COLOURS[self.seat_pick.value]}'s kill pile"))
        self.kill_pick = widgets.Dropdown(options=[], description="Kill", layout=widgets.Layout(width="200px"))
        self.btn_unkill = sandbox.button("Take back", "Take the kill chosen back to the box",
                                         lambda: self._unkill(sandbox))
        self.btn_turn = sandbox.button("To move", "Make it the chosen seat's turn",
                                       lambda: sandbox.edit(set_turn, self.seat_pick.value,
                                                            said=f"It is {COLOURS[self.seat_pick.value]}'s turn"))
        self.seat_pick.observe(sandbox._guard(lambda _c: self.refresh(sandbox)), names="value")
        self.groups = {"savannah": [self.card_pick, self.btn_add], "tokens": [self.seat_pick],
                       "hands": [self.card_pick], "kills": [self.seat_pick, self.card_pick, self.btn_kill,
                                                            self.kill_pick, self.btn_unkill],
                       "turn": [self.seat_pick, self.btn_turn]}
        self._widgets = [self.seat_pick, self.card_pick, self.btn_add, self.btn_kill, self.kill_pick,
                         self.btn_unkill, self.btn_turn]
        self.tool_changed(sandbox)
        return self._widgets

    def refresh(self, sandbox) -> None:
        if sandbox.tool == "tokens":
            sandbox.say(self.instruction(sandbox))
        pile = sandbox.scenario.get("kill_piles", [[]] * sandbox.view.players)[self.seat_pick.value]
        self.kill_pick.options = pile
        self.kill_pick.value = pile[-1] if pile else None

    def _unkill(self, sandbox) -> None:
        seat, card = self.seat_pick.value, self.kill_pick.value
        if card is None:
            sandbox.refuse(f"scenario.kill_piles[{seat}]: {COLOURS[seat]}'s kill pile is empty")
            return
        sandbox.edit(remove_from_kills, seat, card, said=f"{card} back from {COLOURS[seat]}'s kill pile")

    def tool_changed(self, sandbox) -> None:
        shown = self.groups.get(sandbox.tool, [])
        for w in self._widgets:
            w.layout.display = None if w in shown else "none"
        self.refresh(sandbox)

    # -- clicks -------------------------------------------------------------------------------
    def click(self, sandbox, hit: str):
        data = sandbox.scenario
        kind, _, rest = hit.partition(":")
        tool = sandbox.tool
        row = [_card_of(e) for e in data.get("savannah", [])]
        if tool == "savannah" and kind == "card" and rest in row:
            return (remove_from_savannah, (row.index(rest),), f"{rest} off the savannah, to the box")
        if tool == "savannah" and kind == "savannah":
            return (add_to_savannah, (self.card_pick.value,), f"{self.card_pick.value} at the right end")
        if tool == "tokens" and kind == "card" and rest in row:
            i = row.index(rest)
            seat = self.seat_pick.value
            owner = data["savannah"][i].partition("@")[2]
            if owner == str(seat):
                return (set_token, (i, None), f"the token off {rest}")
            return (set_token, (i, seat), f"{COLOURS[seat]}'s token on {rest}")
        if tool == "hands" and kind == "hand":
            for p, hand in enumerate(data["hands"]):
                if rest in hand:
                    card = self.card_pick.value
                    return (replace_in_hand, (p, hand.index(rest), card),
                            f"{rest} in {COLOURS[p]}'s hand swapped for {card}")
        if tool == "turn" and kind == "hand":
            seat = next((p for p, hand in enumerate(data["hands"]) if rest in hand or rest == str(p)), None)
            if seat is not None:
                return (set_turn, (seat,), f"It is {COLOURS[seat]}'s turn")
        sandbox.say(f"That does nothing with this tool. {self.instruction(sandbox)}")
        return None

    def instruction(self, sandbox) -> str:
        tool = sandbox.tool
        if tool == "savannah":
            return "Next click: a savannah card goes to the box; the empty place at the end adds the card chosen."
        if tool == "tokens":
            return f"Next click: a savannah card gets {COLOURS[self.seat_pick.value]}'s token (or loses it)."
        if tool == "hands":
            return "Next click: a hand card is swapped for the card chosen."
        if tool == "kills":
            return "Add the card chosen to the seat's kill pile, or take one back (the kill piles are under the hands)."
        return "Next click: a hand, and it becomes that player's turn."

    # -- the picture ----------------------------------------------------------------------------
    def render(self, sandbox, game):
        return game.scene(theme=sandbox.theme, viewer="all", scoring=False)

    def keyboard_order(self, sandbox, scene) -> List[str]:
        wanted = {"savannah": ("card", "savannah"), "tokens": ("card",), "hands": ("hand",), "kills": (),
                  "turn": ("hand",)}[sandbox.tool]
        return [h for h in scene.hits() if h.split(":", 1)[0] in wanted]

    def key(self, sandbox, key: str, shift: bool) -> None:
        """R chooses the next seat."""
        if key == "r":
            n = sandbox.view.players
            self.seat_pick.value = (self.seat_pick.value + (n - 1 if shift else 1)) % n


def sandbox(game, *, theme: str = "light", play: bool = True):
    """The sandbox widget for a game of Circle of Life (see the module docstring)."""
    from ..ui.sandbox import Sandbox

    return Sandbox(game, CircleEditor(), theme=theme, play=play)


__all__ = ["sandbox", "CircleEditor", "add_to_savannah", "remove_from_savannah", "set_token", "replace_in_hand",
           "set_hand", "add_to_kills", "remove_from_kills", "set_turn", "build"]
