"""The Savannah Tails sandbox: put ostriches anywhere, set hands, bonus cards and whose turn it is.

The edits are pure functions on scenario data (the form ``game.to_scenario()`` writes):
each takes the data and returns new data, checked by the race's own scenario checks and
written back in the game's form; the data given is never changed. A bad edit raises
``ScenarioError`` naming the field: a space that already holds an ostrich, a card that is
not in the player's deck, a hand too big for the bonus cards held::

    data = move_ostrich(game.to_scenario(), "red", "T01:yellow:2")
    data = set_hand(data, "purple", ["yellow-5", "red-2", "blue-3", "black-4"])
    data = set_bonus(data, "red", "boinnnggg", "active", bonuses=list(game.faces))
    data = set_turn(data, "purple")

``sandbox(game)`` (or ``game.sandbox()``) is the widget: tools Ostriches (click an
ostrich, then a space), Hands (click a card of the hand shown to put it back in the deck;
add a card from the list), Bonuses (click a bonus card to give it the state chosen) and
Turn (click an ostrich or a player to make it their turn).
"""

from __future__ import annotations

import copy
from typing import Any, List, Optional

from ..core.errors import ScenarioError
from ..core.fields import safe_repr
from .data import CARD_NAMES
from .options import VARIANTS
from .scenario import CARD_IDS, STATES

#: the game options a rebuilt position keeps (the rest are in the scenario): the catalogue and the rulings
KEPT_OPTIONS = ("tiles", *(o.name for o in VARIANTS if o.name != "start_order"))
#: the bonus states in the order the palette offers them
BONUS_STATES = tuple(STATES)


def build(data: Any, seed: int = 0, **options):
    """A race from scenario ``data`` (``tails.from_scenario``)."""
    from . import from_scenario

    return from_scenario(data, seed=seed, **options)


def _checked(data: dict, options: dict) -> dict:
    return build(data, **options).to_scenario()


def _round_fitted(data: dict) -> dict:
    """Round 1 kept only while it can be round 1 (``tails.order.first-round``: the ostriches before
    the one to move have left the start line, the rest have not); otherwise the edit is
    read as a later round, where any ostrich may be anywhere."""
    order, ostriches = data.get("start_order", list(range(len(data["ostriches"])))), data["ostriches"]
    mover = data.get("to_move", order[0])
    if data.get("round", 1) != 1 or type(mover) is not int or mover not in order:
        return data
    waiting = [ostriches[p].get("space", "start") == "start" for p in order]
    at = order.index(mover)
    if any(waiting[:at]) or not all(waiting[at:]):
        data["round"] = 2
    return data


def _seat(data: dict, who: Any, options: dict) -> int:
    """A seat from a seat number or a player colour of this race."""
    colours = build(data, **options).colours
    if type(who) is int and 0 <= who < len(colours):
        return who
    if type(who) is str and who in colours:
        return colours.index(who)
    raise ScenarioError("scenario.ostriches", f"no player {safe_repr(who)} in this race; the players are "
                        f"{', '.join(colours)}")


def move_ostrich(data: dict, who: Any, space: str, **options) -> dict:
    """``who``'s ostrich (seat or colour) on ``space`` (a space name such as ``T01:yellow:2``, or
    ``start``: behind the start line). Two ostriches never share a space on the course."""
    seat = _seat(data, who, options)
    out = copy.deepcopy(data)
    where = f"scenario.ostriches[{seat}].space"
    track = build(data, **options).track
    if type(space) is not str or space not in track.by_name:
        raise ScenarioError(where, f"no space {safe_repr(space)} on this course (names read like 'T03:blue:2')")
    for p, o in enumerate(out["ostriches"]):
        if p != seat and space != "start" and o.get("space", "start") == space:
            raise ScenarioError(where, f"{space} already holds ostrich {p}: two ostriches never share a space")
    out["ostriches"][seat]["space"] = space
    out.pop("last_round", None)  # worked out again from where the ostriches are
    return _checked(_round_fitted(out), options)


def set_hand(data: dict, who: Any, cards: List[str], **options) -> dict:
    """``who``'s hand becomes ``cards`` (names such as ``yellow-5``, or card ids): they come out of
    the deck or discard pile; cards the hand no longer holds go to the bottom of the deck."""
    seat = _seat(data, who, options)
    where = f"scenario.ostriches[{seat}].hand"
    if not isinstance(cards, list):
        raise ScenarioError(where, f"expected a list of cards such as 'yellow-5', got {safe_repr(cards)}")
    colour = build(data, **options).colours[seat]
    names = []
    for i, card in enumerate(cards):
        if type(card) is str and card in CARD_IDS:
            owner, code = CARD_IDS[card]
            if owner != colour:
                raise ScenarioError(f"{where}[{i}]", f"{card} is player:{owner}'s card, not one of player:{colour}")
            card = CARD_NAMES[code]
        if type(card) is not str or card not in CARD_NAMES:
            raise ScenarioError(f"{where}[{i}]", f"unknown card {safe_repr(card)}; cards read like 'yellow-5' "
                                "(lane colour, value 2-6)")
        if card in names:
            raise ScenarioError(f"{where}[{i}]", f"{card} is in the hand twice; each player has one")
        names.append(card)
    out = copy.deepcopy(data)
    o = out["ostriches"][seat]
    old = o.get("hand", [])
    o["hand"] = names
    o["deck"] = [c for c in o.get("deck", []) if c not in names] + [c for c in old if c not in names]
    o["discard"] = [c for c in o.get("discard", []) if c not in names]
    return _checked(out, options)


def add_card(data: dict, who: Any, card: str, **options) -> dict:
    """One more card in ``who``'s hand (from the deck or discard pile)."""
    seat = _seat(data, who, options)
    return set_hand(data, seat, list(data["ostriches"][seat].get("hand", [])) + [card], **options)


def remove_card(data: dict, who: Any, card: str, **options) -> dict:
    """A card out of ``who``'s hand, to the bottom of the deck."""
    seat = _seat(data, who, options)
    hand = list(data["ostriches"][seat].get("hand", []))
    if card not in hand:
        raise ScenarioError(f"scenario.ostriches[{seat}].hand", f"{safe_repr(card)} is not in this hand")
    hand.remove(card)
    return set_hand(data, seat, hand, **options)


def set_bonus(data: dict, who: Any, face: str, state: str, **options) -> dict:
    """``who``'s bonus card ``face`` in ``state`` (inactive, armed, active or gone)."""
    seat = _seat(data, who, options)
    where = f"scenario.ostriches[{seat}].bonuses"
    faces = build(data, **options).faces
    if face not in faces:
        raise ScenarioError(f"{where}.{face}", f"not a bonus of this race; the faces are {', '.join(faces)}")
    if state not in STATES:
        raise ScenarioError(f"{where}.{face}", f"state must be one of {', '.join(STATES)}, not {safe_repr(state)}")
    out = copy.deepcopy(data)
    bonuses = dict(out["ostriches"][seat].get("bonuses", {}))
    if state == "inactive":
        bonuses.pop(face, None)
    else:
        bonuses[face] = state
    out["ostriches"][seat]["bonuses"] = bonuses
    if not bonuses:
        del out["ostriches"][seat]["bonuses"]
    return _checked(out, options)


def set_turn(data: dict, who: Any, **options) -> dict:
    """Make it ``who``'s turn (in this round's turn order)."""
    seat = _seat(data, who, options)
    out = copy.deepcopy(data)
    order = build(data, **options).state.order
    out["turn_order"] = list(order)
    out.pop("turn", None)
    out["to_move"] = seat
    return _checked(_round_fitted(out), options)


def order_by_race(data: dict, **options) -> dict:
    """This round's turn order worked out again from where the ostriches are (the player to move stays)."""
    game = build(data, **options)
    mover = game.current_player
    out = copy.deepcopy(data)
    out.pop("turn_order", None)
    out.pop("turn", None)
    out["to_move"] = mover
    return _checked(out, options)


class TailsEditor:
    """The Savannah Tails part of the sandbox (see ``savannah_kit.ui.sandbox``)."""

    title = "Savannah Tails"
    module = "tails"
    kept_options = KEPT_OPTIONS
    optional_fields = ("last_round", "start_order", "round", "turn_order", "to_move")
    tools = (("ostriches", "Ostriches", "Click an ostrich, then the space to put it on"),
             ("hands", "Hands", "Click a card of the hand shown to put it back; add one from the list"),
             ("bonuses", "Bonuses", "Click a bonus card to give it the state chosen"),
             ("turn", "Turn", "Click an ostrich or a player: it becomes their turn"))

    def __init__(self):
        self.hand_seat: Optional[int] = None  # whose hand is shown (None: the player to move)

    def build(self, data, seed=0, **options):
        return build(data, seed=seed, **options)

    def trim(self, data: dict) -> dict:
        """The data without empty discard piles (the code line keeps what matters)."""
        for o in data.get("ostriches", []):
            if o.get("discard") == []:
                del o["discard"]
        return data

    # -- the palette ------------------------------------------------------------------------------
    def palette(self, sandbox) -> list:
        import ipywidgets as widgets

        game = sandbox.view
        self.ostrich_pick = widgets.Dropdown(options=[(c.capitalize(), p) for p, c in enumerate(game.colours)],
                                             description="Ostrich", layout=widgets.Layout(width="180px"))
        self.ostrich_pick.observe(sandbox._guard(lambda _c: self._pick_ostrich(sandbox)), names="value")
        self.btn_start = sandbox.button("Behind the start line", "Put the ostrich chosen back behind the start line",
                                        lambda: self._to_start(sandbox))
        self.card_pick = widgets.Dropdown(options=list(CARD_NAMES), description="Card",
                                          layout=widgets.Layout(width="170px"))
        self.btn_add = sandbox.button("Add to hand", "Put the card chosen into the hand shown",
                                      lambda: self._add(sandbox))
        self.state_pick = widgets.ToggleButtons(options=list(BONUS_STATES), value="active",
                                                tooltips=["no marker", "marker placed this turn", "usable now",
                                                          "used up"], style={"button_width": "72px"})
        self.state_pick.observe(sandbox._guard(lambda _c: sandbox.say(self.instruction(sandbox))), names="value")
        self.btn_order = sandbox.button("Turn order from the race", "Work the turn order out again from where "
                                        "the ostriches are", lambda: sandbox.edit(order_by_race,
                                                                                  said="Turn order from the race"))
        self.groups = {"ostriches": [self.ostrich_pick, self.btn_start],
                       "hands": [self.ostrich_pick, self.card_pick, self.btn_add],
                       "bonuses": [self.state_pick], "turn": [self.btn_order]}
        self._widgets = [self.ostrich_pick, self.btn_start, self.card_pick, self.btn_add, self.state_pick,
                         self.btn_order]
        self._show_group("ostriches")
        return self._widgets

    def _show_group(self, tool: str) -> None:
        shown = self.groups.get(tool, [])
        for w in self._widgets:
            w.layout.display = None if w in shown else "none"

    def tool_changed(self, sandbox) -> None:
        self._show_group(sandbox.tool)

    def _pick_ostrich(self, sandbox) -> None:
        seat = self.ostrich_pick.value
        if sandbox.tool == "hands":
            self.hand_seat = seat
            sandbox.selected = None
            sandbox.redraw()
            sandbox.say(self.instruction(sandbox))
        elif sandbox.tool == "ostriches":
            sandbox.select(f"ostrich:{sandbox.view.colours[seat]}")

    def _to_start(self, sandbox) -> None:
        seat = self.ostrich_pick.value
        name = sandbox.view.colours[seat].capitalize()
        sandbox.edit(move_ostrich, seat, "start", said=f"{name}'s ostrich goes behind the start line")

    def _add(self, sandbox) -> None:
        seat = self._shown_hand(sandbox)
        card = self.card_pick.value
        sandbox.edit(add_card, seat, card, said=f"{card} into {sandbox.view.colours[seat].capitalize()}'s hand")

    def _shown_hand(self, sandbox) -> int:
        game = sandbox.view
        return self.hand_seat if self.hand_seat is not None else game.current_player

    # -- clicks -------------------------------------------------------------------------------
    def click(self, sandbox, hit: str):
        game = sandbox.view
        kind, _, rest = hit.partition(":")
        tool = sandbox.tool
        if tool == "ostriches":
            if kind == "ostrich":
                seat = game.colours.index(rest)
                self.ostrich_pick.value = seat
                sandbox.select(hit, f"{rest.capitalize()}'s ostrich chosen")
                return None
            if kind == "space" and sandbox.selected and sandbox.selected.startswith("ostrich:"):
                colour = sandbox.selected.split(":", 1)[1]
                return (move_ostrich, (game.colours.index(colour), rest),
                        f"{colour.capitalize()}'s ostrich to {rest}")
            if kind == "space":
                sandbox.say("Click an ostrich first: then the space to put it on.")
                return None
        elif tool == "hands":
            if kind == "card":
                seat = self._shown_hand(sandbox)
                return (remove_card, (seat, rest), f"{rest} from {game.colours[seat].capitalize()}'s hand to the "
                        "bottom of the deck")
            if kind in ("ostrich", "player"):
                self.hand_seat = game.colours.index(rest)
                self.ostrich_pick.value = self.hand_seat
                sandbox.selected = None
                sandbox.redraw()
                sandbox.say(self.instruction(sandbox))
                return None
        elif tool == "bonuses" and kind == "bonus":
            colour, face = rest.split(":", 1)
            state = self.state_pick.value
            return (set_bonus, (game.colours.index(colour), face, state),
                    f"{colour.capitalize()}'s {face} is now {state}")
        elif tool == "turn" and kind in ("ostrich", "player"):
            return (set_turn, (game.colours.index(rest),), f"It is {rest.capitalize()}'s turn")
        sandbox.say(f"That does nothing with this tool. {self.instruction(sandbox)}")
        return None

    def key(self, sandbox, key: str, shift: bool) -> None:
        """R chooses the next ostrich (the Ostriches tool)."""
        if key == "r":
            n = len(sandbox.view.colours)
            self.ostrich_pick.value = (self.ostrich_pick.value + (n - 1 if shift else 1)) % n

    def instruction(self, sandbox) -> str:
        game = sandbox.view
        tool = sandbox.tool
        if tool == "ostriches":
            if sandbox.selected and sandbox.selected.startswith("ostrich:"):
                name = sandbox.selected.split(":", 1)[1].capitalize()
                return f"Next click: a space, and {name}'s ostrich goes there (or another ostrich to choose it)."
            return "Next click: an ostrich to move (R chooses one from the keyboard)."
        if tool == "hands":
            name = game.colours[self._shown_hand(sandbox)].capitalize()
            return f"Next click: a card of {name}'s hand goes back to the deck; an ostrich shows its hand."
        if tool == "bonuses":
            return f"Next click: a bonus card becomes {self.state_pick.value}."
        return "Next click: an ostrich or a player, and it becomes their turn."

    # -- the picture ----------------------------------------------------------------------------
    def render(self, sandbox, game):
        hand = self._shown_hand(sandbox) if sandbox.tool == "hands" else None
        return game.scene(theme=sandbox.theme, hand=hand)

    def keyboard_order(self, sandbox, scene) -> List[str]:
        wanted = {"ostriches": ("ostrich", "space"), "hands": ("card", "ostrich"), "bonuses": ("bonus",),
                  "turn": ("ostrich", "player")}[sandbox.tool]
        return [h for h in scene.hits() if h.split(":", 1)[0] in wanted]


def sandbox(game, *, theme: str = "light", play: bool = True):
    """The sandbox widget for a race (see the module docstring)."""
    from ..ui.sandbox import Sandbox

    return Sandbox(game, TailsEditor(), theme=theme, play=play)


__all__ = ["sandbox", "TailsEditor", "move_ostrich", "set_hand", "add_card", "remove_card", "set_bonus", "set_turn",
           "order_by_race", "build"]
