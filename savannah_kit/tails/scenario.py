"""Hand-built Savannah Tails positions (scenarios), as plain JSON-able data.

A scenario names the course, then for each ostrich its space, hand, draw deck (top card first), discard pile
(top card first) and bonus cards::

    {"course": "second-race",
     "ostriches": [
        {"space": "T03:blue:2", "hand": ["yellow-5", "red-2"],
         "bonuses": {"boinnnggg": "active"}},
        {"space": "start", "hand": ["black-3", "blue-4", "red-6", "yellow-2"]}],
     "turn_order": [1, 0]}

Cards of a player not placed anywhere are shuffled (seeded) into the draw deck.

Building positions quickly:

* **Colours.** An ostrich may name its player colour (``"colour": "blue"``; player colours are red, purple,
  green, yellow, blue, distinct from the lane colours of the cards: ``player:red`` is not ``lane:red``). Seats
  without one keep the default colour of their seat; two seats may not share a colour. ``from_scenario(...,
  players=["red", "blue"])`` does the same from the call, and ``new_game(players=["red", "blue", "green"])``
  starts a fresh race with those colours.
* **Card ids.** Wherever a card is named (``hand``, ``holds``, ``deck``, ``discard``) its GAMES.md id may be
  used instead: ``"M001"`` is red's ``red-2``, ``"M020"`` red's ``black-6``, ``"M021"`` purple's ``red-2``... A
  card of another player's colour is refused.
* **Partial hands.** ``"holds": ["yellow-2"]`` (instead of ``hand``) puts those cards in the hand and deals the
  rest (up to 4, 5 with Bird Brain) from the seeded shuffle of the cards placed nowhere: the same seed gives the
  same hand, and no card is dealt twice.
* **Who moves.** ``"to_move": "blue"`` (a player colour) or ``"to_move": 1`` (a seat) names whose turn it is, as
  in every game of the kit (the first in the turn order when not given). It must be a player of the race, and in
  round 1 every ostrich still to move (from the mover on, unless the mover is discarding) must still be behind
  the start line, every one before it already on the course. The older ``turn`` (an index into the turn order)
  still works, with a ``DeprecationWarning``. In round 1 (unless ``turn_order`` is given) the turn order is the
  starting order.
* ``marker_pile(game)`` reads the common pile of bonus markers: colour -> markers left.

A colour other than the seat's default is written back as ``"colour"`` (and as ``| player blue`` in
``position_text``). For example::

    {"ostriches": [{"colour": "red", "space": "T03:red:0", "holds": ["M003"]},
                   {"colour": "blue", "space": "T03:blue:1", "holds": ["yellow-2"]}],
     "to_move": "blue"}

Bonus states: ``inactive`` (no marker), ``armed`` (marker placed this turn), ``active`` (usable now) and
``gone``. Optional fields: ``start_order``, ``turn_order``, ``round``, ``last_round``, ``pending_discard``.
``position_data`` writes the current position of a game back in this form; ``position_text`` /
``parse_position_text`` are a compact one-line-per-ostrich text form of it.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Dict, List, Tuple

from ..core.deprecated import deprecated
from ..core.errors import ScenarioError
from ..core.fields import safe_repr
from .data import CARD_CODES, CARD_NAMES, CARDS, HAND_SIZE, PLAYER_COLOURS, BonusState, need
from .state import TailsState, hand_size
from .track import START, race_order


STATES = {state.label: state for state in BonusState}
KEYS = {"course", "ostriches", "start_order", "turn_order", "turn", "to_move", "round", "last_round",
        "pending_discard"}
OSTRICH_KEYS = {"space", "hand", "holds", "deck", "discard", "bonuses", "colour"}
#: GAMES.md movement-card id -> (player colour, card code 0-19), from cards.json
CARD_IDS: Dict[str, Tuple[str, int]] = {
    c["id"]: (c["player"], CARD_CODES[f"{c['lane']}-{c['value']}"]) for c in CARDS.movement}


#: the kit's functions a scenario passes through on its way to ``_read_turn`` (a warning points past them)
_READERS = ("_read_turn", "build_state", "_setup", "__init__", "new_game", "from_scenario", "from_text", "reset")


def _fail(field: str, reason: str):
    raise ScenarioError(field, reason)


#: ``data.need`` for scenarios: refuse one unless a check holds
_need = partial(need, error=ScenarioError)


def _cards(raw: Any, where: str, colour: str = "") -> List[int]:
    """Card codes from names (``yellow-5``) or GAMES.md ids (``M001``) of ``colour``'s deck."""
    _need(isinstance(raw, list), where, f"expected a list of cards such as 'yellow-5', got {safe_repr(raw)}")
    out = []
    for i, name in enumerate(raw):
        if type(name) is str and name in CARD_IDS:
            owner, code = CARD_IDS[name]
            _need(owner == colour, f"{where}[{i}]",
                  f"{name} is player:{owner}'s {CARD_NAMES[code]}, not a card of player:{colour}")
            out.append(code)
            continue
        _need(type(name) is str and name in CARD_CODES, f"{where}[{i}]",
              f"unknown card {safe_repr(name)}; cards read like 'yellow-5' (lane colour, value 2-6)")
        out.append(CARD_CODES[name])
    return out


def scenario_colours(sc: Any, n: int, players: Any = None) -> Tuple[str, ...]:
    """The player colour of each seat: ``players`` (a list of colours), else each ostrich's
    ``colour``, else the seat's default. Raises ``ScenarioError`` naming the field."""
    colours = list(PLAYER_COLOURS[:n])
    given = _colours_given(sc, players)
    for p, (c, where) in given.items():
        _need(type(c) is str and c in PLAYER_COLOURS, where,
              f"unknown player colour {safe_repr(c)}; they are {', '.join(PLAYER_COLOURS)}")
        if p < n:
            colours[p] = c
    for p, (c, where) in sorted(given.items()):
        if p < n and colours.index(c) != p:
            _fail(where, f"player:{c} is already seat {colours.index(c)}")
    if len(set(colours)) != len(colours):
        dup = next(p for p, c in enumerate(colours) if colours.index(c) != p)
        _fail(given[min(given)][1] if given else "scenario",
              f"player:{colours[dup]} would be both seats {colours.index(colours[dup])} and {dup}")
    return tuple(colours)


def _colours_given(sc: Any, players: Any) -> Dict[int, Tuple[Any, str]]:
    """Seat -> (colour, the field that gives it): from ``players``, then the ostriches' ``colour``,
    which must agree."""
    given: Dict[int, Tuple[Any, str]] = ({p: (c, f"options.players[{p}]") for p, c in enumerate(players)}
                                         if isinstance(players, list) else {})
    ostriches = sc.get("ostriches") if isinstance(sc, dict) else None
    for p, o in enumerate(ostriches if isinstance(ostriches, list) else ()):
        if isinstance(o, dict) and "colour" in o:
            where = f"scenario.ostriches[{p}].colour"
            if p in given and given[p][0] != o["colour"]:
                _fail(where, f"{safe_repr(o['colour'])} contradicts {given[p][1]} = {safe_repr(given[p][0])}")
            given[p] = (o["colour"], where)
    return given


def _seats(raw: Any, n: int, where: str) -> List[int]:
    _need(isinstance(raw, list) and all(type(x) is int for x in raw) and sorted(raw) == list(range(n)), where,
          f"expected each seat 0..{n - 1} once, got {safe_repr(raw)}")
    return list(raw)


def build_state(sc: Any, game, rng) -> Tuple[TailsState, Tuple[int, ...]]:
    """The starting state (and starting order) a scenario describes, for a race set up
    like ``game`` (its players, course, bonus faces): pure, the game is only read.
    Raises ``ScenarioError`` naming the field."""
    _need(isinstance(sc, dict), "scenario", f"expected an object, got {type(sc).__name__}")
    for key in sc:
        _need(key in KEYS, f"scenario.{key}", f"unknown field; fields are {', '.join(sorted(KEYS))}")
    ostriches = sc.get("ostriches")
    n = game.players
    _need(isinstance(ostriches, list), "scenario.ostriches", "expected a list with one entry per player")
    _need(len(ostriches) == n, "scenario.ostriches", f"{len(ostriches)} ostriches for {n} players")
    start_order = tuple(_seats(sc["start_order"], n, "scenario.start_order")) if "start_order" in sc \
        else game.start_order
    colours = game.colours
    state = TailsState(pos=[START] * n, hands=[], decks=[], discards=[], bonuses=[], markers_used=[0] * n)
    taken: Dict[int, int] = {}
    for p, raw in enumerate(ostriches):
        _read_ostrich(raw, p, game, rng, state, taken, colours[p])
    _read_turn(sc, game, state, start_order, colours)
    _check_hands(game, state)
    return state, start_order


def _read_ostrich(raw: Any, p: int, game, rng, state, taken: Dict[int, int], colour: str) -> None:
    """One ostrich: its space, bonus cards and cards (the rest shuffled into its deck)."""
    where = f"scenario.ostriches[{p}]"
    _need(isinstance(raw, dict), where, f"expected an object, got {safe_repr(raw)}")
    for key in raw:
        _need(key in OSTRICH_KEYS, f"{where}.{key}",
              f"unknown field; fields are {', '.join(sorted(OSTRICH_KEYS))}")
    track = game.track
    space = raw.get("space", "start")
    _need(type(space) is str and space in track.by_name, f"{where}.space",
          f"no space {safe_repr(space)} on this course (names read like 'T03:blue:2')")
    s = track.by_name[space]
    if s != START:
        if s in taken:
            _fail(f"{where}.space", f"{space} already holds ostrich {taken[s]}")
        taken[s] = p
    state.pos[p] = s
    state.bonuses.append(_read_bonuses(raw.get("bonuses", {}), game, f"{where}.bonuses"))
    size = hand_size(state.bonuses[p], game.slot.get("bird-brain", -1))
    hand, deck, discard = _read_cards(raw, where, rng, colour, size)
    state.hands.append(hand)
    state.decks.append(deck)
    state.discards.append(discard)


def _read_bonuses(bonuses: Any, game, where: str) -> List[BonusState]:
    _need(isinstance(bonuses, dict), where, "expected an object such as {\"boinnnggg\": \"active\"}")
    states = [BonusState.INACTIVE] * 3
    for face, state in bonuses.items():
        _need(type(face) is str and face in game.slot, f"{where}.{face if isinstance(face, str) else safe_repr(face)}",
              f"not a bonus of this race; the faces are {', '.join(game.faces)}")
        _need(type(state) is str and state in STATES, f"{where}.{face}",
              f"state must be one of {', '.join(STATES)}, not {safe_repr(state)}")
        states[game.slot[face]] = STATES[state]
    return states


def _read_cards(raw: dict, where: str, rng, colour: str = "",
                size: int = HAND_SIZE) -> Tuple[List[int], List[int], List[int]]:
    """(hand, deck top last, discard top last): each of the 20 cards in one place.
    ``holds`` (a partial hand) is topped up to ``size`` from the seeded shuffle of the rest."""
    _need(not ("holds" in raw and "hand" in raw), f"{where}.holds",
          "give either the whole hand or the cards it holds, not both")
    partial = "holds" in raw
    label = "holds" if partial else "hand"
    hand = _cards(raw.get(label, []), f"{where}.{label}", colour)
    _need(not partial or len(hand) <= size, f"{where}.holds",
          f"a hand holds at most {size} cards here, not {len(hand)}")
    discard = _cards(raw.get("discard", []), f"{where}.discard", colour)
    seen: Dict[int, str] = {}
    piles = [(label, hand), ("discard", discard)]
    if "deck" in raw:
        _need(not partial, f"{where}.deck", "a whole deck leaves no cards to deal the rest of the hand from; "
                           "give the whole hand instead of holds")
        piles.append(("deck", _cards(raw["deck"], f"{where}.deck", colour)))
    for label, cards in piles:
        for i, c in enumerate(cards):
            if c in seen:
                _fail(f"{where}.{label}[{i}]", f"{CARD_NAMES[c]} is already in the {seen[c]}")
            seen[c] = label
    if "deck" in raw:
        missing = [CARD_NAMES[c] for c in range(20) if c not in seen]
        _need(not missing, f"{where}.deck", f"each player has 20 cards; missing {', '.join(missing)}")
        deck = piles[2][1][::-1]
    else:
        deck = [c for c in range(20) if c not in seen]
        rng.shuffle(deck)
        if partial:
            need = size - len(hand)
            _need(need <= len(deck), f"{where}.holds", f"only {len(deck)} cards are left to deal {need} more")
            hand = hand + [deck.pop() for _ in range(need)]
    return hand, deck, discard[::-1]


def _read_to_move(sc: dict, game, state, colours, rnd: int, start_order) -> int:
    """The turn index of ``to_move`` (a player colour or seat), checked against the turn order."""
    who, n = sc["to_move"], game.players
    if type(who) is int and 0 <= who < n:
        seat = who
    elif type(who) is str and who in colours:
        seat = colours.index(who)
    else:
        _fail("scenario.to_move", f"expected a player of this race ({', '.join(colours)}) or a seat "
              f"0..{n - 1}, got {safe_repr(who)}")
    if rnd == 1 and "turn_order" not in sc:
        state.order = list(start_order)  # tails.order.first-round
    turn = state.order.index(seat)
    if "turn" in sc and sc["turn"] != turn:
        _fail("scenario.to_move", f"player:{colours[seat]} is at index {turn} of the turn order, "
              f"but scenario.turn says {sc['turn']}")
    if rnd == 1:
        _need("turn_order" not in sc or list(state.order) == list(start_order), "scenario.turn_order",
              f"in round 1 the turn order is the starting order {list(start_order)}")
        for i, p in enumerate(state.order):
            waiting = state.pos[p] == START
            if i == turn and sc.get("pending_discard"):
                continue  # the mover has moved and now discards
            _need(i >= turn or not waiting, f"scenario.ostriches[{p}].space", f"player:{colours[p]} moves before "
                  f"player:{colours[seat]} in round 1, so it cannot still be behind the start line")
            _need(i < turn or waiting, f"scenario.ostriches[{p}].space", f"player:{colours[p]} has not moved yet in "
                  f"round 1 (player:{colours[seat]} is to move), so it is still behind the start line")
    return turn


def marker_pile(game) -> Dict[str, int]:
    """The common pile of bonus markers, read-only: player colour -> markers still in it
    (``markers_left``). A fresh dict each call."""
    return {game.colours[p]: markers_left(game.state, p) for p in range(game.players)}


def markers_left(state: TailsState, p: int) -> int:
    """``p``'s markers still in the common pile (``tails.setup.markers``): each player has 3,
    and a marker leaves the pile onto a bonus card."""
    return CARDS.markers_per_player - sum(s != BonusState.INACTIVE for s in state.bonuses[p])


def _read_turn(sc: dict, game, state, start_order, colours=()) -> None:
    """Whose turn it is, the round, the last-round flag and a pending discard."""
    n = game.players
    pending = sc.get("pending_discard", 0)
    _need(type(pending) is int and 0 <= pending <= 2, "scenario.pending_discard",
          f"expected 0, 1 or 2, got {safe_repr(pending)}")
    state.order = (_seats(sc["turn_order"], n, "scenario.turn_order") if "turn_order" in sc
                   else race_order(game.track, state.pos, start_order))
    turn = sc.get("turn", 0)
    if "turn" in sc:
        deprecated('scenario "turn" (an index into the turn order) is deprecated: name the player with '
                   '"to_move" (a seat or a colour)', through=_READERS)
    _need(type(turn) is int and 0 <= turn < n, "scenario.turn",
          f"expected an index 0..{n - 1} into the turn order, got {safe_repr(turn)}")
    rnd = sc.get("round", 1 if all(s == START for s in state.pos) else 2)
    _need(type(rnd) is int and rnd >= 1, "scenario.round", f"expected a round number from 1, got {safe_repr(rnd)}")
    if "to_move" in sc:
        turn = _read_to_move(sc, game, state, colours, rnd, start_order)
    state.turn = turn
    state.round = rnd
    last = sc.get("last_round", any(game.track.crossed[s] for s in state.pos))
    _need(isinstance(last, bool), "scenario.last_round", f"expected true or false, got {safe_repr(last)}")
    state.last_round = last
    state.pending_discard = pending


def _check_hands(game, state) -> None:
    """Hand sizes that fit the bonus cards held, and an armed bonus only for the mover."""
    mover = state.order[state.turn]
    pending = state.pending_discard
    for p in range(game.players):
        where = f"scenario.ostriches[{p}].hand"
        size = hand_size(state.bonuses[p], game.slot.get("bird-brain", -1))
        limit = size + (pending if p == mover else 0)
        held = len(state.hands[p])
        _need(1 <= held <= limit, where, f"a hand holds 1 to {limit} cards here, not {held}")
        _need(p != mover or not pending or held == size + pending, "scenario.pending_discard",
              f"the hand holds {held} cards, not {size} + {pending}")
        _need(BonusState.ARMED not in state.bonuses[p] or p == mover, f"scenario.ostriches[{p}].bonuses",
              "only the player whose turn it is can hold a bonus armed this turn")


def position_data(game) -> dict:
    """The current position of ``game`` as scenario data (replays to the same position)."""
    track, st = game.track, game.state
    course = game.course.name if game.course.name != "custom" else game.course.spec
    ostriches = []
    for p in range(game.players):
        entry = {"space": track.names[st.pos[p]],
                 "hand": [CARD_NAMES[c] for c in st.hands[p]],
                 "deck": [CARD_NAMES[c] for c in reversed(st.decks[p])],
                 "discard": [CARD_NAMES[c] for c in reversed(st.discards[p])]}
        if game.colours[p] != PLAYER_COLOURS[p]:
            entry["colour"] = game.colours[p]
        states = {face: st.bonuses[p][i].label for i, face in enumerate(game.faces)
                  if st.bonuses[p][i] != BonusState.INACTIVE}
        if states:
            entry["bonuses"] = states
        ostriches.append(entry)
    out = {"course": course, "ostriches": ostriches, "start_order": list(game.start_order),
           "turn_order": list(st.order), "to_move": st.order[st.turn], "round": st.round,
           "last_round": st.last_round}
    if st.pending_discard:
        out["pending_discard"] = st.pending_discard
    return out
