"""Savannah Tails legal moves: from the cards in hand to every distinct move, with its plan.

``legal_plans(state, race)`` returns the legal moves with a plan each (``core.game.PlannedMoves``): the plan
says what the move does here, and ``play.apply_move`` follows it. The steps, in the order the rules apply them:

1. what can be played (cards in hand, Crazy Wings, Déjà vu) and in which modes (normal, tiptoeing with a '2' or
   not, Boinnnggg, or a '2' tiptoeing with Boinnnggg);
2. for each, where its movement can end, as the step rules say (``step.movement_ends``: full length, into a
   porcupine, or else cut short by a block), and its one-space moves;
3. for each route end, what follows the steps: Neck Stretch, Leapfrog, the dune arrow (the player's choice after
   tiptoeing), the bonuses armed at water holes and the cards given up to cheetahs;
4. if nothing at all is legal, a card played to stay put (``tails.move.fully-blocked``).

What it keeps, on the track: the moves with nothing chosen on the way, one object each (``Track.moves``), and
the moves of each thing played from each space where nobody stands in the way (``known_moves``, bounded), so
that most decisions only test those against the other ostriches; the rest are worked out from the step rules'
route sets.

Rulings the rule index leaves to the engine, stated once here:

* Boinnnggg lasts the whole turn's movement (card steps, bonus movement, Neck Stretch); where the card's
  movement ends and where Neck Stretch ends are both end spaces (K6).
* Tiptoeing is listed only where it changes something: a tiptoe move whose effects equal those of the same play
  without tiptoeing is that move.
* Leapfrog is a jump, not steps: no quicksand cost, and the ostriches jumped are not moved through; but its
  landing is where the move finishes, so a water hole there arms a bonus and a dune arrow there applies
  (``tails.bonus.leapfrog-landing``; not with ``leapfrog_landing="nothing"``, K15: ``landing_counts``).
* A bonus that would change nothing (a Neck Stretch that cannot move) cannot be used.
* Crazy Wings gives normal moves only (the one-space move needs a card); Déjà vu's card may also be used for a
  one-space move, "as if played".
"""

from __future__ import annotations

from itertools import combinations
from typing import Dict, List, Optional, Tuple

from ..core.game import PlannedMoves
from .data import BIRD_BRAIN_SLOT, BOING_TIPTOE, CARD_CODES, CARD_NAMES, LANES, MODE_COUNT, TIPTOE_VALUE, BonusState, Ending, Mode, \
    PlayKind
from .moves import KINDS, CardPlay, Discard, Finish, Move, Plan
from .state import Race, TailsState
from .step import (blocked_stops, dune_shift, free_route, leap_landing, movement_ends, neck_stretch, one_space_ends,
                   route_set, water_at)
from .track import ANY, MAX_POINTS, START, RouteEnd

INACTIVE, ARMED, ACTIVE, GONE = BonusState
NORMAL, TIPTOE, BOING = Mode
FULL, BLOCKED, STAYED, ONE_SPACE, PORC = Ending
CARD, WINGS, DEJA = PlayKind
#: the modes a play moves in, by (it is a '2', Boinnnggg is ready); each tiptoe mode comes
#: right after its twin without tiptoeing, whose moves it must not repeat
PLAY_MODES = {(False, False): (NORMAL,), (True, False): (NORMAL, TIPTOE),
              (False, True): (NORMAL, BOING), (True, True): (NORMAL, TIPTOE, BOING, BOING_TIPTOE)}
#: by the options tiptoe and bonus_per_turn, then by (a '2', Boinnnggg ready, a bonus card played): tiptoe="always"
#: (K8) has no '2' without tiptoeing, bonus_per_turn="one" (K4) no Boinnnggg with Crazy Wings or Déjà vu
MODES = {(tiptoe, per_turn): {(two, boing, bonus): tuple(m for m in PLAY_MODES[two, boing and not (
    bonus and per_turn == "one")] if m & TIPTOE or not two or tiptoe == "choice") for two in (False, True)
    for boing in (False, True) for bonus in (False, True)} for tiptoe in ("choice", "always") for per_turn in ("any", "one")}
NO_DUNE = (-1,)  # the dune choices where no arrow applies
#: the kinds of move that follow a route (``moves.KINDS``), as ``add_moves`` numbers them
NORMAL_MOVE, ONE_SPACE_MOVE = 0, 1


def occupancy(state: TailsState, track, p: int) -> int:
    """The bit mask of the spaces the other ostriches stand on."""
    bit, occ = track.bit, 0
    for q, s in enumerate(state.pos):
        if q != p and s != START:
            occ |= bit[s]
    return occ


class Turn:
    """What the generator needs to know about the mover, worked out once per decision."""

    __slots__ = ("state", "race", "track", "p", "start", "occ", "status", "neck", "leap", "boing", "wings", "deja")

    def __init__(self, state: TailsState, race: Race, p: int):
        self.state, self.race, self.track, self.p = state, race, race.track, p
        self.start = state.pos[p]
        self.occ = occupancy(state, race.track, p)
        self.status = status = state.bonuses[p]
        if ACTIVE in status:  # race.ready for each face, read at once
            ready = [i >= 0 and status[i] == ACTIVE for i in race.ready_slots]
            self.neck, self.leap, self.boing, self.wings, self.deja = ready[:BIRD_BRAIN_SLOT]
        else:
            self.neck = self.leap = self.boing = self.wings = self.deja = False


def bonus_movement(state: TailsState, race: Race, p: int, target: int) -> int:
    """Bonus movement for a card of lane ``target`` (``tails.move.bonus-movement``): the race position (1 + the
    ostriches ahead; no ties on the track) from the lane it starts on, or 2 with the flat variant; never from the
    start line or a bridge (``tails.move.start-line``, ``tails.bridge.no-bonus``)."""
    track, start = race.track, state.pos[p]
    if start == START or track.lane[start] != target:
        return 0
    if race.flat_bonus or race.rulings.get("bonus_place") == "round":  # the place as the round began: in the turn order
        return 2 if race.flat_bonus else 1 + state.order.index(p)
    rank = track.rank
    mine = rank[start]
    return 1 + [rank[x] > mine for x in state.pos].count(True)


def legal_plans(state: TailsState, race: Race) -> PlannedMoves:
    """Every legal move of the current decision, with its plan (None for a discard)."""
    p = state.order[state.turn]
    if state.pending_discard:
        names = sorted(CARD_NAMES[c] for c in state.hands[p])
        discards = [Discard(combo) for combo in combinations(names, state.pending_discard)]
        return PlannedMoves(discards, [None] * len(discards))
    turn = Turn(state, race, p)
    plans = PlannedMoves()
    thing_moves(turn, things(turn), plans)
    if not plans:
        for c in sorted(state.hands[p]):  # tails.move.fully-blocked: any card, staying put
            add_moves(turn, PLAYS[c][0], NORMAL_MOVE, [(RouteEnd(turn.start, 0, 0, False, STAYED), 0, None)], plans, None)
    return plans


def things(turn: Turn) -> List[CardPlay]:
    """Everything that can be played (cards in hand, Crazy Wings as each lane, Déjà vu's card),
    as a ``CardPlay`` in normal mode (``thing_moves`` plays it in each of its modes)."""
    here = turn.track.lane[turn.start] if turn.start != START else -1  # only this lane's cards get bonus movement
    bonus = bonus_movement(turn.state, turn.race, turn.p, here) if here >= 0 else 0
    discard = turn.state.discards[turn.p]
    keys = sorted(turn.state.hands[turn.p]) + (WINGS_KEYS if turn.wings else []) + (
        [25 + discard[-1]] if turn.deja and discard else [])
    return [PLAYS[key][bonus if PLAYS[key][0].target == here else 0] for key in keys]


def _card_play(key: int, code: int, bonus: int) -> CardPlay:
    """What is played as ``key`` (``CardPlay.key``), with the card ``code`` for Déjà vu."""
    if key < 20:
        return CardPlay(key, CARD_NAMES[key], CARD, key, key // 5, key % 5 + 2, bonus, NORMAL, None)
    if key < 24:
        return CardPlay(key, "crazy-wings", WINGS, -1, key - 20, 4, bonus, NORMAL, LANES[key - 20])
    return CardPlay(24, "deja-vu", DEJA, code, code // 5, code % 5 + 2, bonus, NORMAL, None)


#: every ``CardPlay`` in normal mode, by what is played (cards 0-19, Crazy Wings 20-23 by lane,
#: Déjà vu 25 + the card it plays again) and bonus movement (0-5)
PLAYS = [[_card_play(key, key - 25, bonus) for bonus in range(6)] for key in range(45)]
WINGS_KEYS = [20, 21, 22, 23]  # Crazy Wings as each lane


def thing_moves(turn: Turn, plays: List[CardPlay], plans: PlannedMoves) -> None:
    """Add the moves of each thing played in each mode it can be played in: its normal moves, then its one-space moves
    (none for Crazy Wings); a tiptoe mode adds only what its twin (the mode before it) does not. Where nothing is
    left to choose after the steps, the moves are known from an earlier decision (``known_moves``) and only tested
    against the other ostriches; else they are ``worked_out``."""
    track, s, occ, boing, known_moves_of = turn.track, turn.start, turn.occ, turn.boing, turn.track.known
    choosing, twin_known, modes = turn.neck or turn.leap, False, play_modes(turn.race)
    for thing in plays:
        question = (((s * MAX_POINTS + thing.value + thing.bonus) * (ANY + 1) + thing.target) * MODE_COUNT) \
            * KNOWN_THINGS + thing.key * 21 + thing.code  # move_key's, by what is played
        twin_from = None  # a thing's first mode has no twin, tiptoeing or not
        for mode in modes[thing.value == TIPTOE_VALUE, boing, thing.play != CARD]:
            key = question + mode * KNOWN_THINGS
            known = known_moves_of.get(key) or known_moves(track, s, thing, mode, key)
            reach, moves, groups, flags = known
            if twin_from is None or not mode & TIPTOE:
                twin_from, twins = len(plans), None
            elif flags & SAME and twin_known and not choosing:
                continue  # tiptoeing meets nothing here: every tiptoe move would be its twin's
            else:
                twins = Twins(plans[twin_from:]) if len(plans) > twin_from else None
            twin_known = moves is not None and not choosing
            free = not (choosing or twins or occ & reach)
            if twin_known and free:  # nobody in the way: the moves of the bare track
                plans.extend(moves)
                plans.plans.extend(groups)
            elif free and moves is None and flags & CHOSEN:
                chosen_moves(turn, thing, mode, key, plans)  # nobody in the way, choices after the steps
            elif twin_known:
                twin_known = _tested_moves(turn, thing, mode, known, plans, twins)
            else:
                worked_out(turn, thing, mode, plans, twins)


def play_modes(race: Race) -> dict:
    """The modes each thing played moves in under the race's options (``MODES``)."""
    return MODES[race.rulings.get("tiptoe", "choice"), race.rulings.get("bonus_per_turn", "any")]


def _tested_moves(turn: Turn, thing: CardPlay, mode: int, known: tuple, plans: PlannedMoves,
                  twins: Optional["Twins"]) -> bool:
    """Add the known moves whose routes the other ostriches leave free (``step.free_route``: another of a group's
    routes where they stand on the first); where they leave no full-length normal move and none into a porcupine,
    the stops of the blocked move (``step.blocked_stops``) instead, and answer False: those are not the known moves."""
    _reach, moves, groups, flags = known
    normal, track, s, boing = flags >> 3, turn.track, turn.start, bool(mode & BOING)
    occ, free = turn.occ, []
    for i in range(len(moves)):
        group = groups[i]
        if i >= normal:  # a one-space move: its single step must be free
            mask = 0 if occ >> group[0].end & 1 else group[3]
        else:
            mask = group[3] if not (boing or group[3] & occ) else free_route(group, s, occ, boing)
        if mask:
            free.append((i, mask))
    blocked = normal and flags & BARE and not (free and free[0][0] < normal)
    if blocked:
        add_moves(turn, tuple.__new__(CardPlay, (*thing[:7], mode, thing.lane)), NORMAL_MOVE,
                  blocked_stops(track, s, thing.value + thing.bonus, thing.target, mode, turn.occ), plans, twins)
    for i, mask in free:
        group = groups[i]
        if twins and id(track.moves[_slot(track, thing.key, i >= normal, mode & ~TIPTOE, group[0])]) in twins.ids:
            continue
        plans.append(moves[i])
        plans.plans.append(group if mask == group[3] else tuple.__new__(Plan, (
            tuple.__new__(CardPlay, (*thing[:6], thing.bonus if i < normal else 0, mode, thing.lane)), group[0],
            mask, group[2])))
    return not blocked


def worked_out(turn: Turn, thing: CardPlay, mode: int, plans: PlannedMoves, twins: Optional["Twins"]) -> None:
    """The moves of ``thing`` in ``mode`` the long way: from the route ends the other ostriches leave free."""
    track, s, occ = turn.track, turn.start, turn.occ
    card = tuple.__new__(CardPlay, (*thing[:7], mode, thing.lane))
    add_moves(turn, card, NORMAL_MOVE, movement_ends(track, s, thing.value + thing.bonus, thing.target, mode, occ),
              plans, twins)
    if thing.play != WINGS:  # with no bonus movement (tails.move.one-space-no-bonus)
        add_moves(turn, tuple.__new__(CardPlay, (*card[:6], 0, *card[7:])) if card.bonus else card, ONE_SPACE_MOVE,
                  one_space_ends(track, s, mode, occ), plans, twins)


#: how many things can be played, as the keys of ``Track.known`` number them (``CardPlay.key * 21 + code``)
KNOWN_THINGS = 25 * 21
#: the flags of known moves (``known_moves``)
BARE, SAME, CHOSEN = 1, 2, 4
#: how many known moves a course keeps (``Track.known``) before it starts afresh: about 250 bytes
#: each (all shared objects but the tuples), enough for every play of a first race's four
#: ostriches from every space they stand on
KNOWN_LIMIT = 24_000


def known_moves(track, s: int, thing: CardPlay, mode: int, key: int) -> tuple:
    """What ``thing`` in ``mode`` makes from space ``s`` where nobody stands in the way, its normal moves then its
    one-space moves, kept in ``Track.known`` (the generator's one memo, bounded by ``KNOWN_LIMIT``): ``(reach,
    moves, plans, flags)``. The plans are the route sets' groups (``plan_of`` reads them); ``moves`` is None where a
    route end leaves choices after its steps, or a blocked move could stop short; ``reach``: the spaces whose
    ostriches would change the moves (each group's first route, or only its end with Boinnnggg and for a one-space
    move, which pass the others); ``flags``: how many of the moves are normal moves (``flags >> 3``, the first
    ones), ``BARE``: a blocked one could stop short, ``SAME``: tiptoeing, these are the twin's own route sets
    (``step.route_set`` shares them) with nothing to choose. Moves with choices after the steps depend on the bonus
    cards too: they are worked out each time."""
    points = thing.value + thing.bonus
    rs = route_set(track, s, points, thing.target, mode)
    steps = route_set(track, s, 1, ANY, mode) if thing.play != WINGS else None
    groups = rs.full + rs.porcupine + (steps.full if steps else ())
    normal, reach, moves = len(rs.full + rs.porcupine), 0, []
    for i, group in enumerate(groups):
        route_end, masks, finish, _route = group
        reach |= 1 << route_end.end if i >= normal or mode & BOING else masks[0] << s
        slid = dune_shift(track, route_end.end, thing.target, 0)
        if slid >= 0:  # an ostrich where the arrow points would stop the slide (tails.dune.blocked)
            reach |= 1 << slid
        at = _slot(track, thing.key, i >= normal, mode, route_end)
        moves.append(finish and (track.moves[at] or _plain_move(track, thing, i >= normal, mode, route_end, at)))
    whole = bool(normal or not rs.bare)  # no blocked move could stop short
    plain = all(moves) and whole
    same = bool(mode & TIPTOE and plain and rs is route_set(track, s, points, thing.target, mode & ~TIPTOE)
                and (steps is None or steps is route_set(track, s, 1, ANY, mode & ~TIPTOE)))
    flags = normal << 3 | (BARE if rs.bare else 0) | (SAME if same else 0) | (CHOSEN if whole and not plain else 0)
    return _keep(track, key, (reach, tuple(moves) if plain else None, groups, flags))


def chosen_moves(turn: Turn, thing: CardPlay, mode: int, key: int, plans: PlannedMoves) -> None:
    """The moves of ``thing`` in ``mode`` where its route ends leave choices after the steps (water holes, cheetahs, a
    dune arrow after tiptoeing) and nobody stands in the way: worked out once for each state of the mover's bonus
    cards and set of faces, and kept in ``Track.known`` beside the known moves (under negative keys), sharing one
    copy of each move and plan between the variants (``Track.chosen``)."""
    status = turn.status
    at = -1 - ((key * 8 + turn.race.face_code) * 64 + status[0] + 4 * status[1] + 16 * status[2])
    got = turn.track.known.get(at)
    if got is None:
        first = len(plans)
        worked_out(turn, thing, mode, plans, None)
        one = turn.track.chosen.setdefault  # one copy of each move and plan, whatever the bonus cards
        _keep(turn.track, at, (tuple(one(m, m) for m in plans[first:]),
                               tuple(one(p, p) for p in plans.plans[first:])))
    else:
        plans.extend(got[0])
        plans.plans.extend(got[1])


def _keep(track, key: int, known: tuple) -> tuple:
    """Keep ``known`` in ``Track.known``, which starts afresh when it holds ``KNOWN_LIMIT``."""
    if len(track.known) >= KNOWN_LIMIT:
        track.known.clear()
        track.chosen.clear()
    track.known[key] = known
    return known


def plan_of(state: TailsState, race: Race, move: Move, stored) -> Optional[Plan]:
    """The ``Plan`` of a legal move as ``legal_plans`` stored it: a plan, or, for a move with
    nothing chosen on the way, the route-set group whose first route it follows."""
    if stored is None or type(stored) is Plan:
        return stored
    return tuple.__new__(Plan, (card_play(state, race, move, move.tiptoe), stored[0], stored[3], stored[2]))


def card_play(state: TailsState, race: Race, move: Move, tiptoe: bool) -> CardPlay:
    """What ``move`` plays and how it moves (tiptoeing or not) for the player to move."""
    thing = played(state, move)
    mode = (BOING if move.boinnnggg else NORMAL) | (TIPTOE if tiptoe else NORMAL)  # they combine: BOING_TIPTOE
    bonus = bonus_movement(state, race, state.order[state.turn], thing.target) if move.kind == "normal" else 0
    return tuple.__new__(CardPlay, (*thing[:6], bonus, mode, thing.lane)) if bonus or mode else thing


def played(state: TailsState, move: Move) -> CardPlay:
    """What ``move`` plays for the player to move (``PLAYS``), in normal mode without bonus movement."""
    p = state.order[state.turn]
    return PLAYS[20 + LANES.index(move.lane) if move.card == "crazy-wings" else
                 25 + state.discards[p][-1] if move.card == "deja-vu" else CARD_CODES[move.card]][0]


def _slot(track, key: int, one_space: bool, mode: int, route_end: RouteEnd) -> int:
    """Where the move of what is played (``CardPlay.key``) ending on ``route_end`` with nothing
    chosen sits in ``Track.moves``."""
    return ((((key * 2 + one_space) * MODE_COUNT + mode) * track.size) + route_end.end) * 2 + route_end.warthog


def add_moves(turn: Turn, card: CardPlay, kind: int, ends: list, plans: PlannedMoves,
              twins: Optional["Twins"]) -> None:
    """The moves of ``card`` as ``kind`` for its route ends: one per distinct finish and choice, but none that
    ``twins`` (the moves of the same play without tiptoeing) already make. An end with nothing to choose after its
    steps makes one move (the route set gives its ``finish``): the course's shared one, in ``Track.moves`` at
    ``(slot + end) * 2 + warthog``; the others go through ``add_choices``."""
    track, mode = turn.track, card.mode
    moves, size, new = track.moves, track.size, tuple.__new__
    slot = ((card.key * 2 + kind) * MODE_COUNT + mode) * size
    twin = ((card.key * 2 + kind) * MODE_COUNT + (mode & ~TIPTOE)) * size
    first, chosen, choosing = len(plans), [], turn.neck or turn.leap
    for end in ends:
        route_end, mask, finish = end
        if finish is None or choosing:
            chosen.append(end)
            continue
        at = (slot + route_end.end) * 2 + route_end.warthog
        move = moves[at] or _plain_move(track, card, kind, mode, route_end, at)
        if twins and id(moves[(twin + route_end.end) * 2 + route_end.warthog]) in twins.ids:
            continue
        plans.append(move)
        plans.plans.append(new(Plan, (card, route_end, mask, finish)))
    if chosen:
        _add_chosen(turn, card, KINDS[kind], chosen, plans, first, twins)


def _add_chosen(turn: Turn, card: CardPlay, kind: str, chosen: list, plans: PlannedMoves, first: int,
                twins: Optional["Twins"]) -> None:
    """The moves of route ends that leave choices after the steps (``add_choices``), but none
    listed already from ``first`` on (another route to the same move) or by ``twins``."""
    listed = {id(m) for m in plans[first:]}  # a move with nothing chosen is the course's shared object
    choices: Dict[tuple, Tuple[Move, Plan]] = {}
    for route_end, mask, _finish in chosen:
        add_choices(turn, card, kind, route_end, mask, choices)
    for move, plan in choices.values():
        if id(move) not in listed and not (twins and untiptoed(move) in twins):
            plans.append(move)
            plans.plans.append(plan)


class Twins:
    """The moves of a play without tiptoeing, which its tiptoe twin must not repeat: known by
    identity where they are the course's shared moves, else compared field by field."""

    __slots__ = ("moves", "ids", "_equal")

    def __init__(self, moves: List[Move]):
        self.moves, self.ids, self._equal = moves, {id(m) for m in moves}, None

    def __contains__(self, move: Move) -> bool:
        if self._equal is None:
            self._equal = set(self.moves)
        return move in self._equal


def _plain_move(track, card: CardPlay, kind: int, mode: int, route_end: RouteEnd, at: int) -> Move:
    """The move of ``card`` as ``kind`` in ``mode`` ending on ``route_end`` with nothing chosen on
    the way, made the first time it is legal on this course and kept at ``at`` in ``Track.moves``."""
    move = track.moves[at] = Move(card.card, track.names[route_end.end], KINDS[kind], card.lane,
                                  warthog=route_end.warthog, boinnnggg=bool(mode & BOING), tiptoe=bool(mode & TIPTOE))
    return move


def untiptoed(move: Move) -> Move:
    """``move`` without tiptoeing: the move a tiptoe move repeats if it does nothing more."""
    return Move(move.card, move.to, move.kind, move.lane, move.arm, move.lose, move.warthog, move.boinnnggg,
                move.neck_stretch, move.leapfrog, False)


def landing_counts(race: Race) -> bool:
    """Does a Leapfrog landing count as where the move finishes (water hole, dune arrow)? Not with K15's option."""
    return race.rulings.get("leapfrog_landing") != "nothing"


def final_dune(turn: Turn, card: CardPlay, route_end: RouteEnd, landed: int, leap: bool = False) -> int:
    """Where following the dune arrow on ``landed`` (``leap``: a Leapfrog landing) sends the ostrich (-1: none)."""
    return -1 if route_end.ending == PORC or leap and not landing_counts(turn.race) else \
        dune_shift(turn.track, landed, card.target, turn.occ)


def dune_choices(turn: Turn, card: CardPlay, route_end: RouteEnd, landed: int, leap: bool) -> Tuple[int, ...]:
    """The dune shifts (``Finish.dune_to``) the player may end with: the arrow's, or after
    tiptoeing also none, since following it is then the player's choice (``tails.tiptoe.ignore``)."""
    dune_to = final_dune(turn, card, route_end, landed, leap)
    if card.mode & TIPTOE and dune_to >= 0:
        return NO_DUNE if dune_to == landed else (-1, dune_to)
    return (dune_to,)


def add_choices(turn: Turn, card: CardPlay, kind: str, route_end: RouteEnd, mask: int,
                plans: Dict[tuple, Tuple[Move, Plan]]) -> None:
    """Every variant of one route end: with or without Neck Stretch and Leapfrog, then each
    dune choice and each way to arm bonuses at the water holes and to pay the cheetahs."""
    movable = route_end.ending not in (PORC, STAYED)
    for neck in (False, True) if turn.neck and movable else (False,):
        stretch = stretched(turn, card, route_end) if neck else ((), route_end)
        if stretch is None:
            continue
        neck_steps, reached = stretch
        neck_porc = reached.ending == PORC and neck
        for leap in (False, True) if turn.leap and movable and not neck_porc else (False,):
            landed = leap_landing(turn.track, reached.end, card.target, turn.occ, card.mode) if leap else reached.end
            if landed < 0:
                continue
            water = reached.water + (water_at(turn.track, landed) if leap and landing_counts(turn.race) else 0)
            for dune_to in NO_DUNE if neck_porc else dune_choices(turn, card, route_end, landed, leap):
                final = landed if dune_to < 0 else dune_to
                finish = (neck_steps, landed if leap else -1, dune_to, final, water)
                _add_bonus_choices(turn, card, kind, route_end, mask, reached, finish, neck, leap, plans)


def _add_bonus_choices(turn: Turn, card: CardPlay, kind: str, route_end: RouteEnd, mask: int, reached: RouteEnd,
                       finish: tuple, neck: bool, leap: bool, plans: Dict[tuple, Tuple[Move, Plan]]) -> None:
    """One move per way to arm bonus cards at the water holes and to pay the cheetahs, kept in
    ``plans`` by what tells the moves apart (the first route to each is its plan)."""
    final, track, used = finish[3], turn.track, spent(card, neck, leap)
    if len(used) > 1 and turn.race.rulings.get("bonus_per_turn") == "one":  # one bonus card a turn (K4)
        return
    for armed, lost in bonus_choices(turn.status, finish[4], reached.cheetahs, used):
        key = (final, armed, lost, reached.warthog, neck, leap)
        if key in plans:
            continue
        if armed or lost or neck or leap:
            faces = turn.race.faces
            move = Move(card.card, track.names[final], kind, card.lane, face_names(faces, armed),
                        face_names(faces, lost), reached.warthog, bool(card.mode & BOING), neck, leap,
                        bool(card.mode & TIPTOE))
        else:  # nothing chosen after all: the course's shared move
            kind_no, plain = KINDS.index(kind), RouteEnd(final, 0, 0, reached.warthog, route_end.ending)
            at = _slot(track, card.key, kind_no, card.mode, plain)
            move = track.moves[at] or _plain_move(track, card, kind_no, card.mode, plain, at)
        plans[key] = move, tuple.__new__(Plan, (card, route_end, mask, tuple.__new__(Finish, (*finish, armed, lost))))


def spent(card: CardPlay, neck: bool, leap: bool) -> set:
    """The bonus cards (0-2) a move spends, which it can neither arm nor lose: the Boinnnggg /
    Leapfrog card, the Crazy Wings / Déjà vu card, the Bird Brain / Neck Stretch card."""
    return {i for i, used in enumerate((card.mode & BOING or leap, card.play != CARD, neck)) if used}


def face_names(faces: Tuple[str, ...], cards: Tuple[int, ...]) -> Tuple[str, ...]:
    """The faces of bonus cards ``cards`` (0-2), sorted: as a move names them."""
    return tuple(sorted(faces[i] for i in cards)) if cards else ()


def stretched(turn: Turn, card: CardPlay, route_end: RouteEnd) -> Optional[Tuple[Tuple[int, ...], RouteEnd]]:
    """Neck Stretch after ``route_end`` (``tails.bonus.neck-stretch``): its steps, and the end it
    reaches with everything met on the whole way (ending ``PORC`` where it ran into a
    porcupine); None where it cannot move."""
    got = neck_stretch(turn.track, route_end.end, card.target, card.mode, turn.occ)
    if got is None:
        return None
    steps, met = got
    return steps, RouteEnd(met.end, route_end.water + met.water, route_end.cheetahs + met.cheetahs,
                           route_end.warthog or met.warthog, met.ending if met.ending == PORC else route_end.ending)


def bonus_choices(status, water: int, cheetahs: int, used: set):
    """(armed, lost): each way to put markers on bonus cards at the water holes
    (``tails.water.gain-marker``) and to give bonus cards to the cheetahs, activated
    ones first (``tails.animal.cheetah``); cards spent by this move are neither."""
    inactive = [i for i in range(3) if status[i] == INACTIVE]
    for armed in combinations(inactive, min(water, len(inactive))):
        if not cheetahs:
            yield armed, ()
            continue
        active = [i for i in range(3) if (status[i] in (ARMED, ACTIVE) or i in armed) and i not in used]
        left = [i for i in range(3) if status[i] != GONE and i not in used]
        n = min(cheetahs, len(left))
        if n <= len(active):
            for lost in combinations(active, n):
                yield armed, lost
        else:
            rest = [i for i in left if i not in active]
            for extra in combinations(rest, n - len(active)):
                yield armed, tuple(active) + extra
