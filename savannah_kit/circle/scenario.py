"""Hand-built Circle of Life positions (scenarios): validation and a compact text form.

A scenario is plain JSON-able data a notebook cell can hold::

    {"savannah": ["Zebra", "Lion@0", {"card": "C20", "token": 1}],
     "hands": [["Lion", "Zebra", "Impala"], ["C10", "Giraffe", "Warthog"]],
     "kill_piles": [["Gazelle"], []], "bonus": [0, 2], "supply": [11, 12],
     "draw_pile": ["Zebra", "Hyena"], "out": ["Jackal"], "to_move": 0}

Every field is optional. A card is named by its id (``"C35"``) or by its
species (``"Zebra"``: the lowest id of that species not named elsewhere);
``"@k"`` puts seat k's token on a savannah card. The savannah defaults to
empty; missing hands are dealt from the unnamed cards. **Partial hands**, as in
Savannah Tails: ``"holds": [["Lion"], []]`` (instead of ``hands``) puts those
cards in each seat's hand and deals the rest from the seeded shuffle of the
unnamed cards (the same seed, the same hands). A missing draw pile is
the rest of them, shuffled, while with a given draw pile (listed top first)
the unnamed cards stay in the box. By default tokens never run out (kit
ruling K16); ``supply`` (each seat's tokens off the board) plays the scarce
variant, as does the option ``tokens=N`` (then ``supply`` defaults to N minus
the seat's tokens on the savannah, and a given one must add up to N). An empty
draw pile starts the game at the last discards.

The text form holds one field per line and round-trips::

    savannah: Zebra, Lion@0, C20@1
    hand 0: Lion, Zebra, Impala
    kills 0: Gazelle
    draw: Zebra, Hyena
    to move: 0
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from ..core.errors import ScenarioError
from ..core.fields import safe_repr
from .data import Catalogue
from .state import CircleState

FIELDS = ("savannah", "hands", "holds", "kill_piles", "bonus", "supply", "draw_pile", "out", "to_move")
PER_SEAT_TEXT = {"hands": "hand", "holds": "holds", "kill_piles": "kills", "bonus": "bonus", "supply": "supply"}
LIST_TEXT = {"savannah": "savannah", "draw_pile": "draw", "out": "out"}
TEXT_PER_SEAT = {v: k for k, v in PER_SEAT_TEXT.items()}  # the text form's words back to field names
TEXT_LISTS = {v: k for k, v in LIST_TEXT.items()}


def seat_number(value: Any, field: str, players: int, allow_none: bool = False) -> Optional[int]:
    """``value`` if it is a seat (or None where that is allowed), else a ``ScenarioError`` naming ``field``;
    ``bool`` is refused although Python counts it as a number."""
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        either = " or None" if allow_none else ""
        raise ScenarioError(field, f"must be a seat number 0-{players - 1}{either}, not {safe_repr(value)}")
    return value


def whole_number(value: Any, field: str, most: int) -> int:
    """``value`` if it is a whole number 0-``most``, else a ``ScenarioError`` naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise ScenarioError(field, f"must be a whole number 0-{most}, not {safe_repr(value)}")
    return value


def _card_list(value: Any, field: str) -> list:
    if not isinstance(value, list):
        raise ScenarioError(field, "must be a list of cards")
    return value


def _per_seat(value: Any, field: str, players: int) -> list:
    if not isinstance(value, list) or len(value) != players:
        raise ScenarioError(field, f"must be a list with one entry per seat ({players})")
    return value


class _Cards:
    """Turns card ids and species names into card numbers, each card used once.

    Ids are claimed as they are read; a species name stands for the lowest id of
    that species that no field names, so names are resolved only once every id
    is known (``resolve``)."""

    def __init__(self, catalogue: Catalogue):
        self.catalogue = catalogue
        self.used: Dict[int, str] = {}  # card -> the field that names it
        self.lower = {sp.name.lower(): sp.name for sp in catalogue.species}
        self.by_name: List[Tuple[str, str, list, int]] = []  # (field, species, list to fill, index)

    def read(self, value: Any, field: str) -> list:
        """A list of cards as card numbers (species names are filled in by ``resolve``)."""
        refs = _card_list(value, field)
        cards: list = [None] * len(refs)
        for i, ref in enumerate(refs):
            cards[i] = self._claim_id(ref, f"{field}[{i}]")
            if cards[i] is None:
                self.by_name.append((f"{field}[{i}]", ref, cards, i))
        return cards

    def read_per_seat(self, scenario: dict, key: str, players: int) -> Optional[List[list]]:
        """One list of cards per seat (hands, kill piles), or None when the scenario leaves it out."""
        if key not in scenario:
            return None
        field = f"scenario.{key}"
        return [self.read(cards, f"{field}[{p}]") for p, cards in enumerate(_per_seat(scenario[key], field, players))]

    def _claim_id(self, ref: Any, field: str) -> Optional[int]:
        """The card an id names, claimed for ``field``; None for a species name (resolved later)."""
        if not isinstance(ref, str) or not ref:
            raise ScenarioError(field, f"must be a card id or species name, not {safe_repr(ref)}")
        card = self.catalogue.index.get(ref)
        if card is None:
            if ref.lower() not in self.lower:
                raise ScenarioError(field, f"no card or species called {safe_repr(ref)}")
            return None
        if card in self.used:
            raise ScenarioError(field, f"{ref} is already used at {self.used[card]}")
        self.used[card] = field
        return card

    def resolve(self) -> None:
        """Give each species name the lowest free card of that species, in the order the names were read."""
        for field, ref, cards, i in self.by_name:
            name = self.lower[ref.lower()]
            free = [c for c in self.catalogue.cards_of[name] if c not in self.used]
            if not free:
                raise ScenarioError(field, f"no {name} left: all {len(self.catalogue.cards_of[name])} are used "
                                           f"elsewhere")
            cards[i] = free[0]
            self.used[free[0]] = field

    def unused(self) -> List[int]:
        return [c for c in range(self.catalogue.size) if c not in self.used]


def _savannah_entry(entry: Any, field: str, players: int) -> Tuple[Any, Optional[int]]:
    """(card, token seat) of a savannah entry: "Card", "Card@seat" or {"card": ..., "token": ...}."""
    if isinstance(entry, str):
        if "@" not in entry:
            return entry, None
        card, _, seat = entry.partition("@")
        if not seat.isdigit():
            raise ScenarioError(field, f"{safe_repr(entry)}: write CARD@seat, e.g. 'Lion@0'")
        return card, seat_number(int(seat), f"{field}.token", players)
    if not isinstance(entry, dict):
        raise ScenarioError(field, f"must be a card such as 'Lion@0', not {safe_repr(entry)}")
    for key in entry:
        if key not in ("card", "token"):
            raise ScenarioError(f"{field}.{key}", "unknown field; use card and token")
    if "card" not in entry:
        raise ScenarioError(f"{field}.card", "missing")
    if not isinstance(entry["card"], str):
        raise ScenarioError(f"{field}.card", f"must be a card id or species name, not {safe_repr(entry['card'])}")
    return entry["card"], seat_number(entry.get("token"), f"{field}.token", players, allow_none=True)


def _savannah(value: Any, players: int) -> Tuple[list, List[int]]:
    """The savannah's card references and token owners (-1 for none), left to right."""
    entries = [_savannah_entry(e, f"scenario.savannah[{i}]", players)
               for i, e in enumerate(_card_list(value, "scenario.savannah"))]
    return [ref for ref, _ in entries], [-1 if seat is None else seat for _, seat in entries]


def _deal_the_rest(unused: List[int], hands: Optional[List[list]], holds: Optional[List[list]],
                   draw: Optional[list], hand_size: int, players: int, rng) -> Tuple[List[list], list, List[int]]:
    """(hands, draw pile top first, box): missing hands, or the rest of partial ones (``holds``),
    are dealt from the unnamed cards; a missing draw pile is the rest of them, shuffled, and with a
    given one they stay in the box."""
    rng.shuffle(unused)
    if hands is None:
        field = "scenario.hands" if holds is None else "scenario.holds"
        holds = holds or [[] for _ in range(players)]
        for p, held in enumerate(holds):
            if len(held) > hand_size:
                raise ScenarioError(f"scenario.holds[{p}]", f"a hand holds at most {hand_size} cards, not {len(held)}")
        if len(unused) < sum(hand_size - len(held) for held in holds):
            raise ScenarioError(field, "not enough unnamed cards left to deal the hands")
        hands = [held + [unused.pop() for _ in range(hand_size - len(held))] for held in holds]
    if draw is None:
        return hands, unused, []
    return hands, draw, sorted(unused)


def _check_hand_sizes(hands: List[list], hand_size: int, final: bool) -> None:
    """Full hands during play; once the draw pile is empty a seat may have made its last discard."""
    sizes = (hand_size - 1, hand_size) if final else (hand_size,)
    for p, hand in enumerate(hands):
        if len(hand) not in sizes:
            need = f"{hand_size - 1} or {hand_size} once the draw pile is empty" if final else str(hand_size)
            raise ScenarioError(f"scenario.hands[{p}]", f"holds {len(hand)} cards; a hand holds {need}")


def _supply(scenario: dict, owners: List[int], tokens: Optional[int], players: int) -> Optional[List[int]]:
    """Each seat's tokens off the board: as given, or the tokens option minus those on the savannah;
    None when neither counts tokens (they never run out)."""
    if "supply" in scenario:
        supply = [whole_number(s, f"scenario.supply[{p}]", 99)
                  for p, s in enumerate(_per_seat(scenario["supply"], "scenario.supply", players))]
        for p, s in enumerate(supply):
            if tokens is not None and s + owners.count(p) != tokens:
                raise ScenarioError(f"scenario.supply[{p}]", f"{s} tokens in supply and {owners.count(p)} on the "
                                                             f"savannah are not the {tokens} tokens of the option")
        return supply
    if tokens is None:
        return None
    supply = []
    for p in range(players):
        on_board = owners.count(p)
        if on_board > tokens:
            raise ScenarioError("scenario.savannah", f"seat {p} has {on_board} tokens on the savannah "
                                                     f"but only {tokens} tokens")
        supply.append(tokens - on_board)
    return supply


def build_position(scenario: Any, catalogue: Catalogue, players: int, tokens: Optional[int], first_player: int,
                   rng) -> CircleState:
    """Validate ``scenario`` and return the state it describes; ``rng`` deals the cards it leaves
    unnamed. Every mistake raises ``ScenarioError`` naming the field."""
    if not isinstance(scenario, dict):
        raise ScenarioError("scenario", "must be an object with fields " + ", ".join(FIELDS))
    for key in scenario:
        if key not in FIELDS:
            raise ScenarioError(f"scenario.{key}", "unknown field; use " + ", ".join(FIELDS))
    cards = _Cards(catalogue)
    refs, owners = _savannah(scenario.get("savannah", []), players)
    row = cards.read(refs, "scenario.savannah")
    hands = cards.read_per_seat(scenario, "hands", players)
    holds = cards.read_per_seat(scenario, "holds", players)
    if hands is not None and holds is not None:
        raise ScenarioError("scenario.holds", "give either the whole hands or the cards they hold, not both")
    kill_piles = cards.read_per_seat(scenario, "kill_piles", players) or [[] for _ in range(players)]
    out = cards.read(scenario.get("out", []), "scenario.out")
    draw = cards.read(scenario["draw_pile"], "scenario.draw_pile") if "draw_pile" in scenario else None
    cards.resolve()
    hand_size = catalogue.setup["hand"]
    hands, draw, box = _deal_the_rest(cards.unused(), hands, holds, draw, hand_size, players, rng)
    _check_hand_sizes(hands, hand_size, final=not draw)
    bonus = [0] * players
    if "bonus" in scenario:
        bonus = [whole_number(b, f"scenario.bonus[{p}]", 999)
                 for p, b in enumerate(_per_seat(scenario["bonus"], "scenario.bonus", players))]
    supply = _supply(scenario, owners, tokens, players)
    to_move = seat_number(scenario.get("to_move", first_player), "scenario.to_move", players)
    return CircleState(row=row, owners=owners, hands=hands, kill_piles=kill_piles, bonus=bonus, supply=supply,
                       draw_pile=draw[::-1], out_of_game=out, box=box, to_move=to_move)


def position_data(state: CircleState, catalogue: Catalogue) -> dict:
    """The scenario that ``build_position`` turns back into ``state`` (the box aside: it holds
    the cards the scenario does not name); ``supply`` only when tokens are counted."""
    ids = catalogue.ids
    data = {
        "savannah": [ids[c] + ("" if o < 0 else f"@{o}") for c, o in zip(state.row, state.owners)],
        "hands": [[ids[c] for c in h] for h in state.hands],
        "kill_piles": [[ids[c] for c in k] for k in state.kill_piles],
        "bonus": list(state.bonus), "supply": None if state.supply is None else list(state.supply),
        "draw_pile": [ids[c] for c in reversed(state.draw_pile)], "out": [ids[c] for c in state.out_of_game],
        "to_move": state.to_move if state.to_move is not None else 0,
    }
    if state.supply is None:
        del data["supply"]
    return data


# -- the text form ----------------------------------------------------------------

def _entry_text(entry: Any) -> str:
    if isinstance(entry, dict):
        token = entry.get("token")
        return str(entry.get("card")) + ("" if token is None else f"@{token}")
    return str(entry)


def scenario_to_text(scenario: dict) -> str:
    """The compact text form of a scenario (one field per line)."""
    if not isinstance(scenario, dict):
        raise ScenarioError("scenario", "must be an object")
    lines = []
    for key in FIELDS:
        if key not in scenario:
            continue
        value = scenario[key]
        if key in LIST_TEXT:
            lines.append(f"{LIST_TEXT[key]}: " + ", ".join(_entry_text(e) for e in value))
        elif key in ("hands", "holds", "kill_piles"):
            for p, cards in enumerate(value):
                lines.append(f"{PER_SEAT_TEXT[key]} {p}: " + ", ".join(str(c) for c in cards))
        elif key in ("bonus", "supply"):
            for p, n in enumerate(value):
                lines.append(f"{PER_SEAT_TEXT[key]} {p}: {n}")
        else:
            lines.append(f"to move: {value}")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def position_text(game) -> str:
    """The current position of ``game`` in the text form (the spec's ``scenario_text``):
    ``circle.from_scenario(text)`` rebuilds it."""
    return scenario_to_text(game.to_scenario())


def scenario_from_text(text: str) -> dict:
    """Parse the text form back into scenario data (cards as written, tokens as ``Card@seat``)."""
    if not isinstance(text, str):
        raise ScenarioError("scenario", "the text form must be a string")
    data: Dict[str, Any] = {}
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        head, sep, rest = line.partition(":")
        if not sep:
            raise ScenarioError(f"line {n}", "expected 'field: value'")
        _read_line(data, f"line {n}", head.strip(), rest.strip())
    return data


def _read_line(data: Dict[str, Any], where: str, head: str, rest: str) -> None:
    """One "field: value" line into ``data``."""
    items = [x.strip() for x in rest.split(",")] if rest else []
    if any(not x for x in items):
        raise ScenarioError(where, "empty card name between commas")
    words = head.split()
    if head in TEXT_LISTS:
        if TEXT_LISTS[head] in data:
            raise ScenarioError(where, f"'{head}' appears twice")
        data[TEXT_LISTS[head]] = items
    elif head == "to move":
        if not rest.isdigit():
            raise ScenarioError(where, "to move: needs a seat number")
        data["to_move"] = int(rest)
    elif len(words) == 2 and words[0] in TEXT_PER_SEAT and words[1].isdigit():
        _read_seat_line(data, where, words[0], int(words[1]), rest, items)
    else:
        raise ScenarioError(where, f"unknown field {safe_repr(head)}")


def _read_seat_line(data: Dict[str, Any], where: str, word: str, seat: int, rest: str, items: list) -> None:
    """A per-seat line ("hand 1: ...", "bonus 0: 2"): seats come in order, so the list index is the seat."""
    key = TEXT_PER_SEAT[word]
    seq = data.setdefault(key, [])
    if seat != len(seq):
        raise ScenarioError(where, f"expected '{word} {len(seq)}' next")
    if key not in ("bonus", "supply"):
        seq.append(items)
    elif rest.isdigit():
        seq.append(int(rest))
    else:
        raise ScenarioError(where, f"{word} needs a whole number")
