"""Hand-built Savannah Tails positions (scenarios), as plain JSON-able data.

A scenario names the course, then for each ostrich its space, hand, draw deck
(top card first), discard pile (top card first) and bonus cards::

    {"course": "second-race",
     "ostriches": [
        {"space": "T03:blue:2", "hand": ["yellow-5", "red-2"],
         "bonuses": {"boinnnggg": "active"}},
        {"space": "start", "hand": ["black-3", "blue-4", "red-6", "yellow-2"]}],
     "turn_order": [1, 0]}

Cards of a player not placed anywhere are shuffled (seeded) into the draw deck.
Bonus states: ``inactive`` (no marker), ``armed`` (marker placed this turn),
``active`` (usable now) and ``gone``. Optional fields: ``start_order``,
``turn_order``, ``turn`` (index into the turn order), ``round``,
``last_round``, ``pending_discard``. ``position_data`` writes the current
position of a game back in this form; ``position_text`` /
``parse_position_text`` are a compact one-line-per-ostrich text form of it.
"""

from __future__ import annotations

from typing import Any, Dict, List

from ..core.errors import ScenarioError
from ..core.fields import safe_repr
from .data import CARD_CODES, CARD_NAMES
from .track import START

STATES = {"inactive": 0, "armed": 1, "active": 2, "gone": 3}
STATE_NAMES = {v: k for k, v in STATES.items()}
KEYS = {"course", "ostriches", "start_order", "turn_order", "turn", "round", "last_round", "pending_discard"}
OSTRICH_KEYS = {"space", "hand", "deck", "discard", "bonuses"}


def _fail(field: str, reason: str):
    raise ScenarioError(field, reason)


def _cards(raw: Any, where: str) -> List[int]:
    if not isinstance(raw, list):
        _fail(where, f"expected a list of cards such as 'yellow-5', got {safe_repr(raw)}")
    out = []
    for i, name in enumerate(raw):
        if type(name) is not str or name not in CARD_CODES:
            _fail(f"{where}[{i}]", f"unknown card {safe_repr(name)}; cards read like 'yellow-5' "
                  "(lane colour, value 2-6)")
        out.append(CARD_CODES[name])
    return out


def _seats(raw: Any, n: int, where: str) -> List[int]:
    if (not isinstance(raw, list) or any(type(x) is not int for x in raw)
            or sorted(raw) != list(range(n))):
        _fail(where, f"expected each seat 0..{n - 1} once, got {safe_repr(raw)}")
    return list(raw)


def apply_scenario(game, sc: Any) -> None:
    """Set ``game``'s state from scenario data; raises ``ScenarioError`` naming the field."""
    if not isinstance(sc, dict):
        _fail("scenario", f"expected an object, got {type(sc).__name__}")
    for key in sc:
        if key not in KEYS:
            _fail(f"scenario.{key}", f"unknown field; fields are {', '.join(sorted(KEYS))}")
    ostriches = sc.get("ostriches")
    if not isinstance(ostriches, list):
        _fail("scenario.ostriches", "expected a list with one entry per player")
    n = game.n
    if len(ostriches) != n:
        _fail("scenario.ostriches", f"{len(ostriches)} ostriches for {n} players")
    track = game.track
    if "start_order" in sc:
        game.start_order = _seats(sc["start_order"], n, "scenario.start_order")
    taken: Dict[int, int] = {}
    game.hand, game.deck, game.discard = [], [], []
    for p, raw in enumerate(ostriches):
        where = f"scenario.ostriches[{p}]"
        if not isinstance(raw, dict):
            _fail(where, f"expected an object, got {raw!r}")
        for key in raw:
            if key not in OSTRICH_KEYS:
                _fail(f"{where}.{key}", f"unknown field; fields are {', '.join(sorted(OSTRICH_KEYS))}")
        space = raw.get("space", "start")
        if type(space) is not str or space not in track.by_name:
            _fail(f"{where}.space", f"no space {safe_repr(space)} on this course (names read like 'T03:blue:2')")
        s = track.by_name[space]
        if s != START:
            if s in taken:
                _fail(f"{where}.space", f"{space} already holds ostrich {taken[s]}")
            taken[s] = p
        game.pos[p] = s
        bonuses = raw.get("bonuses", {})
        if not isinstance(bonuses, dict):
            _fail(f"{where}.bonuses", "expected an object such as {\"boinnnggg\": \"active\"}")
        for face, state in bonuses.items():
            if type(face) is not str or face not in game.slot:
                _fail(f"{where}.bonuses.{face if isinstance(face, str) else safe_repr(face)}",
                      f"not a bonus of this race; the faces are "
                      f"{', '.join(game.faces)}")
            if type(state) is not str or state not in STATES:
                _fail(f"{where}.bonuses.{face}", f"state must be one of {', '.join(STATES)}, not {safe_repr(state)}")
            game.bonus[p][game.slot[face]] = STATES[state]
        hand = _cards(raw.get("hand", []), f"{where}.hand")
        discard = _cards(raw.get("discard", []), f"{where}.discard")
        seen: Dict[int, str] = {}
        for label, cards in (("hand", hand), ("discard", discard)):
            for i, c in enumerate(cards):
                if c in seen:
                    _fail(f"{where}.{label}[{i}]", f"{CARD_NAMES[c]} is already in the {seen[c]}")
                seen[c] = label
        if "deck" in raw:
            deck = _cards(raw["deck"], f"{where}.deck")
            for i, c in enumerate(deck):
                if c in seen:
                    _fail(f"{where}.deck[{i}]", f"{CARD_NAMES[c]} is already in the {seen[c]}")
                seen[c] = "deck"
            missing = [CARD_NAMES[c] for c in range(20) if c not in seen]
            if missing:
                _fail(f"{where}.deck", f"each player has 20 cards; missing {', '.join(missing)}")
            deck = deck[::-1]
        else:
            deck = [c for c in range(20) if c not in seen]
            game.rng.shuffle(deck)
        game.hand.append(hand)
        game.deck.append(deck)
        game.discard.append(discard[::-1])
    pending = sc.get("pending_discard", 0)
    if type(pending) is not int or not 0 <= pending <= 2:
        _fail("scenario.pending_discard", f"expected 0, 1 or 2, got {pending!r}")
    if "turn_order" in sc:
        game.order = _seats(sc["turn_order"], n, "scenario.turn_order")
    else:
        game.order = game.race_order()
    turn = sc.get("turn", 0)
    if type(turn) is not int or not 0 <= turn < n:
        _fail("scenario.turn", f"expected an index 0..{n - 1} into the turn order, got {turn!r}")
    game.turn = turn
    rnd = sc.get("round", 1 if all(s == START for s in game.pos) else 2)
    if type(rnd) is not int or rnd < 1:
        _fail("scenario.round", f"expected a round number from 1, got {rnd!r}")
    game.round = rnd
    last = sc.get("last_round", any(track.crossed[s] for s in game.pos))
    if not isinstance(last, bool):
        _fail("scenario.last_round", f"expected true or false, got {last!r}")
    game.last_round = last
    game.pending = pending
    for p in range(n):
        where = f"scenario.ostriches[{p}].hand"
        size = game.hand_size(p)
        mover = p == game.order[game.turn]
        limit = size + (pending if mover else 0)
        if not 1 <= len(game.hand[p]) <= limit:
            _fail(where, f"a hand holds 1 to {limit} cards here, not {len(game.hand[p])}")
        if mover and pending and len(game.hand[p]) != size + pending:
            _fail("scenario.pending_discard", f"the hand holds {len(game.hand[p])} cards, not {size} + {pending}")
        if any(st == 1 for st in game.bonus[p]) and not mover:
            _fail(f"scenario.ostriches[{p}].bonuses", "only the player whose turn it is can hold a bonus armed this turn")


def position_data(game) -> dict:
    """The current position of ``game`` as scenario data (replays to the same position)."""
    track = game.track
    course = game.course.name if game.course.name != "custom" else game.course.spec
    ostriches = []
    for p in range(game.n):
        entry = {"space": track.names[game.pos[p]],
                 "hand": [CARD_NAMES[c] for c in game.hand[p]],
                 "deck": [CARD_NAMES[c] for c in reversed(game.deck[p])],
                 "discard": [CARD_NAMES[c] for c in reversed(game.discard[p])]}
        states = {face: STATE_NAMES[game.bonus[p][i]] for i, face in enumerate(game.faces)
                  if game.bonus[p][i] != 0}
        if states:
            entry["bonuses"] = states
        ostriches.append(entry)
    out = {"course": course, "ostriches": ostriches, "start_order": list(game.start_order),
           "turn_order": list(game.order), "turn": game.turn, "round": game.round,
           "last_round": game.last_round}
    if game.pending:
        out["pending_discard"] = game.pending
    return out


def position_text(game) -> str:
    """A compact text form of the position; ``parse_position_text`` reads it back."""
    d = position_data(game)
    course = d["course"] if isinstance(d["course"], str) else " ".join(f"{t}/{s}" for t, s in d["course"])
    lines = [f"course {course}",
             f"faces {' '.join(game.faces)}",
             f"round {d['round']} turn {d['turn']} order {' '.join(map(str, d['turn_order']))}"
             f" start {' '.join(map(str, d['start_order']))} last {'yes' if d['last_round'] else 'no'}"
             f" pending {d.get('pending_discard', 0)}"]
    for p, o in enumerate(d["ostriches"]):
        bon = " ".join(f"{k}={v}" for k, v in o.get("bonuses", {}).items())
        lines.append(f"ostrich {p} {o['space']} | hand {' '.join(o['hand'])} | deck {' '.join(o['deck'])}"
                     f" | discard {' '.join(o['discard'])} | bonuses {bon}".rstrip())
    return "\n".join(lines)


def parse_position_text(text: str) -> dict:
    """Scenario data (plus ``bonuses`` option under ``faces``) from ``position_text`` output.

    Returns ``{"scenario": ..., "bonuses": [...]}`` so both can be passed to ``new_game``."""
    if not isinstance(text, str):
        _fail("text", f"expected text, got {type(text).__name__}")
    sc: Dict[str, Any] = {"ostriches": []}
    faces = None
    for no, line in enumerate(text.strip().splitlines()):
        where = f"text line {no + 1}"
        words = line.split()
        if not words:
            continue
        head = words[0]
        if head == "course":
            if len(words) == 2 and "/" not in words[1]:
                sc["course"] = words[1]
            else:
                try:
                    sc["course"] = [w.split("/") for w in words[1:]]
                except ValueError:
                    _fail(where, "course tiles read like T03/easy")
        elif head == "faces":
            faces = words[1:]
        elif head == "round":
            try:
                kv = dict(zip(words[0::2], words[1::2]))
                i_order = words.index("order")
                i_start = words.index("start")
                i_last = words.index("last")
                sc["round"] = int(kv["round"])
                sc["turn"] = int(kv["turn"])
                sc["turn_order"] = [int(x) for x in words[i_order + 1:i_start]]
                sc["start_order"] = [int(x) for x in words[i_start + 1:i_last]]
                sc["last_round"] = words[i_last + 1] == "yes"
                if "pending" in words:
                    sc["pending_discard"] = int(words[words.index("pending") + 1])
            except (KeyError, ValueError, IndexError):
                _fail(where, f"cannot read {line!r}")
        elif head == "ostrich":
            parts = [part.split() for part in line.split("|")]
            if len(parts) < 4 or len(parts[0]) != 3:
                _fail(where, f"cannot read {line!r}")
            entry: Dict[str, Any] = {"space": parts[0][2]}
            for part in parts[1:]:
                if not part:
                    continue
                key, values = part[0], part[1:]
                if key in ("hand", "deck", "discard"):
                    entry[key] = values
                elif key == "bonuses":
                    try:
                        entry["bonuses"] = dict(v.split("=") for v in values)
                    except ValueError:
                        _fail(where, f"bonuses read like boinnnggg=active, not {values!r}")
                else:
                    _fail(where, f"unknown part {key!r}")
            sc["ostriches"].append(entry)
        else:
            _fail(where, f"unknown line {head!r}")
    out: Dict[str, Any] = {"scenario": sc}
    if faces is not None:
        out["bonuses"] = faces
    return out
