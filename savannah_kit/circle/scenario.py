"""Hand-built Circle of Life positions (scenarios): validation and a compact text form.

A scenario is plain JSON-able data a notebook cell can hold::

    {"savannah": ["Zebra", "Lion@0", {"card": "C20", "token": 1}],
     "hands": [["Lion", "Zebra", "Impala"], ["C10", "Giraffe", "Warthog"]],
     "kill_piles": [["Gazelle"], []], "bonus": [0, 2], "supply": [11, 12],
     "draw_pile": ["Zebra", "Hyena"], "out": ["Jackal"], "to_move": 0}

Every field is optional. A card is named by its id (``"C35"``) or by its
species (``"Zebra"``: the lowest id of that species not named elsewhere);
``"@k"`` puts seat k's token on a savannah card. The savannah defaults to
empty; missing hands are dealt from the unnamed cards; a missing draw pile is
the rest of them, shuffled, while with a given draw pile (listed top first)
the unnamed cards stay in the box. ``supply`` is each seat's tokens off the
board (default: the tokens option minus the tokens on the savannah). An empty
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
from .data import Catalogue

FIELDS = ("savannah", "hands", "kill_piles", "bonus", "supply", "draw_pile", "out", "to_move")
PER_SEAT_TEXT = {"hands": "hand", "kill_piles": "kills", "bonus": "bonus", "supply": "supply"}
LIST_TEXT = {"savannah": "savannah", "draw_pile": "draw", "out": "out"}


def _seat(value: Any, field: str, players: int, allow_none: bool = False) -> Optional[int]:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ScenarioError(field, f"must be a seat number 0-{players - 1}, not {value!r}")
    return value


def _split_token(text: str, field: str, players: int) -> Tuple[str, Optional[int]]:
    if "@" not in text:
        return text, None
    card, _, seat = text.partition("@")
    if not seat.isdigit():
        raise ScenarioError(field, f"{text!r}: write CARD@seat, e.g. 'Lion@0'")
    return card, _seat(int(seat), f"{field}.token", players)


class _Resolver:
    """Turns card names and ids into card numbers, each card used once."""

    def __init__(self, cat: Catalogue):
        self.cat = cat
        self.used: Dict[int, str] = {}
        self.lower = {sp.name.lower(): sp.name for sp in cat.species}
        self.pending: List[Tuple[str, str, list, int]] = []

    def claim_id(self, ref: Any, field: str) -> Optional[int]:
        if not isinstance(ref, str) or not ref:
            raise ScenarioError(field, f"must be a card id or species name, not {ref!r}")
        if ref in self.cat.index:
            card = self.cat.index[ref]
            if card in self.used:
                raise ScenarioError(field, f"{ref} is already used at {self.used[card]}")
            self.used[card] = field
            return card
        if ref.lower() not in self.lower:
            raise ScenarioError(field, f"no card or species called {ref!r}")
        return None

    def claim_species(self, ref: str, field: str) -> int:
        name = self.lower[ref.lower()]
        for card in self.cat.cards_of[name]:
            if card not in self.used:
                self.used[card] = field
                return card
        raise ScenarioError(field, f"no {name} left: all {len(self.cat.cards_of[name])} are used elsewhere")


def _card_list(value: Any, field: str) -> list:
    if not isinstance(value, list):
        raise ScenarioError(field, "must be a list of cards")
    return value


def _per_seat(value: Any, field: str, players: int) -> list:
    if not isinstance(value, list) or len(value) != players:
        raise ScenarioError(field, f"must be a list with one entry per seat ({players})")
    return value


def build_position(scenario: Any, cat: Catalogue, players: int, tokens: int, first_player: int, rng) -> dict:
    """Validate ``scenario`` and return the position as card numbers (see ``CircleGame``)."""
    if not isinstance(scenario, dict):
        raise ScenarioError("scenario", "must be an object with fields " + ", ".join(FIELDS))
    for key in scenario:
        if key not in FIELDS:
            raise ScenarioError(f"scenario.{key}", "unknown field; use " + ", ".join(FIELDS))
    res = _Resolver(cat)
    slots: List[Tuple[str, Any, list, int]] = []  # (field, ref, target list, index)

    def collect(refs: list, field: str) -> list:
        out: list = [None] * len(refs)
        for i, ref in enumerate(refs):
            f = f"{field}[{i}]"
            card = res.claim_id(ref, f)
            if card is None:
                slots.append((f, ref, out, i))
            else:
                out[i] = card
        return out

    # savannah entries: "Card", "Card@seat" or {"card": ..., "token": ...}
    raw_row = _card_list(scenario.get("savannah", []), "scenario.savannah")
    refs, owners = [], []
    for i, entry in enumerate(raw_row):
        field = f"scenario.savannah[{i}]"
        if isinstance(entry, dict):
            for key in entry:
                if key not in ("card", "token"):
                    raise ScenarioError(f"{field}.{key}", "unknown field; use card and token")
            if "card" not in entry:
                raise ScenarioError(f"{field}.card", "missing")
            ref, owner = entry["card"], _seat(entry.get("token"), f"{field}.token", players, allow_none=True)
            if not isinstance(ref, str):
                raise ScenarioError(f"{field}.card", f"must be a card id or species name, not {ref!r}")
        elif isinstance(entry, str):
            ref, owner = _split_token(entry, field, players)
        else:
            raise ScenarioError(field, f"must be a card such as 'Lion@0', not {entry!r}")
        refs.append(ref)
        owners.append(-1 if owner is None else owner)
    row = collect(refs, "scenario.savannah")

    hands = kills = None
    if "hands" in scenario:
        raw = _per_seat(scenario["hands"], "scenario.hands", players)
        hands = [collect(_card_list(h, f"scenario.hands[{p}]"), f"scenario.hands[{p}]") for p, h in enumerate(raw)]
    if "kill_piles" in scenario:
        raw = _per_seat(scenario["kill_piles"], "scenario.kill_piles", players)
        kills = [collect(_card_list(k, f"scenario.kill_piles[{p}]"), f"scenario.kill_piles[{p}]")
                 for p, k in enumerate(raw)]
    else:
        kills = [[] for _ in range(players)]
    out = collect(_card_list(scenario.get("out", []), "scenario.out"), "scenario.out")
    draw = None
    if "draw_pile" in scenario:
        draw = collect(_card_list(scenario["draw_pile"], "scenario.draw_pile"), "scenario.draw_pile")
    for field, ref, target, i in slots:
        target[i] = res.claim_species(ref, field)

    pool = [c for c in range(cat.size) if c not in res.used]
    rng.shuffle(pool)
    hand_size = cat.setup["hand"]
    if hands is None:
        if len(pool) < hand_size * players:
            raise ScenarioError("scenario.hands", "not enough unnamed cards left to deal the hands")
        hands = [[pool.pop() for _ in range(hand_size)] for _ in range(players)]
    if draw is None:
        draw, box = pool, []
    else:
        box = sorted(pool)
    final = not draw
    for p, hand in enumerate(hands):
        ok = len(hand) in ((hand_size - 1, hand_size) if final else (hand_size,))
        if not ok:
            need = f"{hand_size - 1} or {hand_size} once the draw pile is empty" if final else str(hand_size)
            raise ScenarioError(f"scenario.hands[{p}]", f"holds {len(hand)} cards; a hand holds {need}")

    bonus = [0] * players
    if "bonus" in scenario:
        for p, b in enumerate(_per_seat(scenario["bonus"], "scenario.bonus", players)):
            if isinstance(b, bool) or not isinstance(b, int) or not 0 <= b <= 999:
                raise ScenarioError(f"scenario.bonus[{p}]", f"must be a whole number 0-999, not {b!r}")
        bonus = list(scenario["bonus"])
    on_board = [owners.count(p) for p in range(players)]
    if "supply" in scenario:
        supply = []
        for p, s in enumerate(_per_seat(scenario["supply"], "scenario.supply", players)):
            if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= 99:
                raise ScenarioError(f"scenario.supply[{p}]", f"must be a whole number 0-99, not {s!r}")
            supply.append(s)
    else:
        supply = [tokens - k for k in on_board]
        for p, s in enumerate(supply):
            if s < 0:
                raise ScenarioError("scenario.savannah", f"seat {p} has {on_board[p]} tokens on the savannah "
                                                         f"but only {tokens} tokens")
    to_move = _seat(scenario.get("to_move", first_player), "scenario.to_move", players)
    return {"row": row, "owner": owners, "hands": hands, "kills": kills, "bonus": bonus, "supply": supply,
            "totals": [s + k for s, k in zip(supply, on_board)], "draw": draw[::-1], "out": out, "box": box,
            "to_move": to_move}


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
        elif key in ("hands", "kill_piles"):
            for p, cards in enumerate(value):
                lines.append(f"{PER_SEAT_TEXT[key]} {p}: " + ", ".join(str(c) for c in cards))
        elif key in ("bonus", "supply"):
            for p, n in enumerate(value):
                lines.append(f"{PER_SEAT_TEXT[key]} {p}: {n}")
        else:
            lines.append(f"to move: {value}")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def scenario_from_text(text: str) -> dict:
    """Parse the text form back into scenario data (cards as written, tokens as ``Card@seat``)."""
    if not isinstance(text, str):
        raise ScenarioError("scenario", "the text form must be a string")
    data: Dict[str, Any] = {}
    seat_keys = {v: k for k, v in PER_SEAT_TEXT.items()}
    list_keys = {v: k for k, v in LIST_TEXT.items()}
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        head, sep, rest = line.partition(":")
        if not sep:
            raise ScenarioError(f"line {n}", "expected 'field: value'")
        head, rest = head.strip(), rest.strip()
        items = [x.strip() for x in rest.split(",")] if rest else []
        if any(not x for x in items):
            raise ScenarioError(f"line {n}", "empty card name between commas")
        words = head.split()
        if head in list_keys:
            key = list_keys[head]
            if key in data:
                raise ScenarioError(f"line {n}", f"'{head}' appears twice")
            data[key] = items
        elif head == "to move":
            if not rest.isdigit():
                raise ScenarioError(f"line {n}", "to move: needs a seat number")
            data["to_move"] = int(rest)
        elif len(words) == 2 and words[0] in seat_keys and words[1].isdigit():
            key, seat = seat_keys[words[0]], int(words[1])
            seq = data.setdefault(key, [])
            if seat != len(seq):
                raise ScenarioError(f"line {n}", f"expected '{words[0]} {len(seq)}' next")
            if key in ("bonus", "supply"):
                if not rest.isdigit():
                    raise ScenarioError(f"line {n}", f"{words[0]} needs a whole number")
                seq.append(int(rest))
            else:
                seq.append(items)
        else:
            raise ScenarioError(f"line {n}", f"unknown field {head!r}")
    return data
