"""Savannah Tails legal moves: from the cards in hand to every distinct move, with its plan.

The generator reads the race state and the track's route tables and returns the
legal moves with a plan each (``core.game.PlannedMoves``): the moves are shared
values (kept by the track, or ``moves.move_of``), the plans say what each does here.
The steps, in the order the rules apply them:

1. what can be played (cards in hand, Crazy Wings, Déjà vu) and in which modes
   (normal, tiptoeing with a '2' or not, Boinnnggg, or a '2' tiptoeing with Boinnnggg);
2. for each, the normal moves: full-length routes the other ostriches leave free,
   else the blocked ends on the card lane (``tails.move.blocked-stop``), plus
   porcupine stops; and the one-space moves;
3. for each route end, what follows the steps: Neck Stretch, Leapfrog, the dune
   arrow (the player's choice after tiptoeing), the bonuses armed at water holes
   and the cards given up to cheetahs;
4. if nothing at all is legal, a card played to stay put (``tails.move.fully-blocked``).

Rulings the rule index leaves to the engine, stated once here:

* Boinnnggg lasts the whole turn's movement (card steps, bonus movement, Neck
  Stretch); it passes ostriches, lions and crocodiles but never ends on one,
  unless a '2' tiptoes with it (lions and crocodiles only).
* Tiptoeing is listed only where it changes something: a tiptoe move whose
  effects equal those of the same play without tiptoeing is that move.
* Leapfrog is a jump, not steps: no quicksand cost, and the ostriches jumped are
  not moved through; but its landing is where the move finishes, so a water hole
  there arms a bonus and a dune arrow there applies (``tails.bonus.leapfrog-landing``).
* A bonus that would change nothing (a Neck Stretch that cannot move) cannot be used.
* Crazy Wings gives normal moves only (the one-space move needs a card);
  Déjà vu's card may also be used for a one-space move, "as if played".
"""

from __future__ import annotations

import dataclasses
import functools
from itertools import combinations
from typing import TYPE_CHECKING, Dict, FrozenSet, List, Optional, Tuple

from ..core.game import PlannedMoves
from .data import (BIRD_BRAIN_SLOT, BOING_TIPTOE, CARD_NAMES, LANES, MODE_COUNT, TIPTOE_VALUE, BonusState, Ending,
                   Mode, PlayKind)
from .moves import CardPlay, Finish, Move, Plan, move_of, plain_finish
from .track import (ANIMAL, CHEETAH, CROCODILE, LION, MAX_POINTS, NO_END, PORCUPINE, QUICKSAND, START, WARTHOG,
                    WATER, RouteEnd)

if TYPE_CHECKING:
    from .rules import TailsGame

INACTIVE, ARMED, ACTIVE, GONE = BonusState
make_plan = Plan._make
NORMAL, TIPTOE, BOING = Mode
FULL, BLOCKED, STAYED, ONE_SPACE, PORC = Ending
CARD, WINGS, DEJA = PlayKind
#: the numbers ``_plays`` gives the things that can be played (``what``): cards, Crazy Wings, Déjà vu
PLAY_WHATS = 24 * 20 + 20
#: the modes a play moves in, by (it is a '2', Boinnnggg is ready); each tiptoe mode comes
#: right after its twin without tiptoeing, whose moves it must not repeat (``legal_plans``)
PLAY_MODES = {(False, False): (NORMAL,), (True, False): (NORMAL, TIPTOE),
              (False, True): (NORMAL, BOING), (True, True): (NORMAL, TIPTOE, BOING, BOING_TIPTOE)}
NO_DUNE = (-1,)  # the dune choices where no arrow applies
#: how many arrangements of nearby ostriches the generator keeps a card's moves for, per
#: space and play (``legal_plans``): enough for the common ones, and memory stays bounded
LOCAL_VARIANTS = 4
#: how many arrangements of the ostriches within reach and states of the bonus cards the
#: generator keeps the moves of a compiled play that reaches water holes for (``_compile``)
WATER_VARIANTS = 8
#: what a card's moves depend on besides the ostriches within reach (``_card_moves``)
ALWAYS, BONUSES, WHOLE_WAY = 0, 1, 2
BY_BONUSES = "by bonuses"  # a fragment kept per bonus state: look it up with ``_Turn.bonus_key``
BY_WAY = "by way"  # a fragment kept per arrangement of the ostriches on the blocked play's way


def occupancy(game: "TailsGame", p: int) -> int:
    """The bit mask of the spaces the other ostriches stand on."""
    bit, pos = game.track.bit, game.state.pos
    occ = 0
    for q, s in enumerate(pos):
        if q != p and s != START:
            occ |= bit[s]
    return occ


class _Turn:
    """What the generator needs to know about the mover, worked out once per decision."""

    __slots__ = ("game", "track", "p", "start", "occ", "near", "status", "neck", "leap", "boing", "wings", "deja",
                 "position")

    def __init__(self, game: "TailsGame", p: int):
        self.game, self.track, self.p = game, game.track, p
        self.start = game.state.pos[p]
        self.occ = occupancy(game, p)
        self.near = self.occ >> self.start  # the ostriches, as seen from the start (route masks are relative)
        self.status = status = game.state.bonuses[p]
        if ACTIVE in status:  # game.ready for each face, read at once
            ready = [i >= 0 and status[i] == ACTIVE for i in game.ready_slots]
            self.neck, self.leap, self.boing, self.wings, self.deja = ready[:BIRD_BRAIN_SLOT]
        else:
            self.neck = self.leap = self.boing = self.wings = self.deja = False
        self.position: Optional[int] = None  # race position, computed only if bonus movement needs it

    def bonus_key(self) -> tuple:
        """What the choices at water holes and cheetahs depend on: the bonus cards' states and faces."""
        return (*self.status, *self.game.faces)

    def bonus_for(self, target: int) -> int:
        """Bonus movement for a card of lane ``target`` (``tails.move.bonus-movement``)."""
        track, s = self.track, self.start
        if s == START or track.lane[s] != target:
            return 0
        if self.game.flat_bonus:
            return 2
        if self.position is None:  # on the track, so 1 + the ostriches ahead (no ties there)
            rank = track.rank
            mine, position = rank[s], 1
            for x in self.game.state.pos:
                if rank[x] > mine:
                    position += 1
            self.position = position
        return self.position


def legal_plans(game: "TailsGame", share: bool = True) -> PlannedMoves:
    """Every legal move of the current decision, with its plan (None for a discard).

    The moves of one thing played (a card, Crazy Wings as a lane, Déjà vu) from a space,
    in all its modes, depend only on the ostriches within their reach (and, at water holes,
    on the bonus cards). Where no end meets a cheetah or a dune arrow, they are compiled
    once into tables tested against the ostriches' mask (``_compile``). Kept besides: the
    choices at water holes per state of the bonus cards, the moves of a play reaching water
    holes per arrangement of the ostriches within reach and state of the bonus cards, and a
    blocked move's stops per arrangement of the ostriches on its way. The plays that are
    not compiled are kept on the track for each arrangement of the ostriches within reach
    and reused. Neck Stretch and Leapfrog, when ready, are worked out each time, as is
    everything with ``share=False``: the tests compare the two."""
    st = game.state
    p = st.order[st.turn]
    if st.pending_discard:
        names = sorted(CARD_NAMES[c] for c in st.hands[p])
        discards = [Move(kind="discard", discard=combo) for combo in combinations(names, st.pending_discard)]
        return PlannedMoves(discards, [None] * len(discards))
    turn = _Turn(game, p)
    plans = PlannedMoves()
    one_space: Dict[int, tuple] = {}  # the same for every card of a mode: prepared once
    shared = None if turn.neck or turn.leap or not share else turn.track.fragments
    compiled = turn.track.compiled
    start, boing, near = turn.start, turn.boing, turn.near
    for what, bonus in _card_groups(game, turn):
        if shared is None:
            _play_moves(turn, _plays(what, bonus, boing), one_space, plans)
            continue
        key = ((start * PLAY_WHATS + what) * MAX_POINTS + bonus) * 2 + boing  # an int hashes fast
        tables = compiled.get(key, _UNKNOWN)
        if tables is _UNKNOWN:
            tables = compiled[key] = _compile(turn.track, start, _plays(what, bonus, boing))
        if tables is not None:
            reach, moves, move_plans, tables, by_water = tables
            if not near & reach and moves is not None:  # no ostrich within reach: the bare track's moves
                plans.extend(moves)
                plans.plans.extend(move_plans)
                continue
            if by_water is not None:  # water holes: the moves worked out before for these ostriches and bonuses
                known_key = (near & reach, turn.bonus_key())
                fragment = by_water.get(known_key)
                if fragment is not None:
                    plans.extend(fragment[0])
                    plans.plans.extend(fragment[1])
                    continue
            first = len(plans)
            if _compiled_moves(turn.track, start, near, turn.occ, tables, plans, turn):
                if by_water is not None and len(by_water) < WATER_VARIANTS:
                    _keep_water_moves(by_water, known_key, plans, first)
                continue
            del plans[first:], plans.plans[first:]  # blocked: the moves are looked up as below
        plays = _plays(what, bonus, boing)
        entry = shared.get(key)
        if entry is None:
            entry = shared[key] = [_group_reach(turn, plays, False), {}, None]
        reach, known, wide = entry
        local = turn.occ & reach  # the only ostriches that can change these moves...
        fragment = known.get(local)
        if fragment is BY_WAY:  # ...unless they block a play: then those on its whole way
            if wide is None:
                wide = entry[2] = _group_reach(turn, plays, True)
            local = (BY_WAY, turn.occ & wide)
            fragment = known.get(local)
        if fragment is BY_BONUSES:  # choices at water holes or cheetahs: they depend on the bonus cards too
            fragment = known.get((local, turn.bonus_key()))
        if fragment is None:
            first = len(plans)
            sharing = _play_moves(turn, plays, one_space, plans)
            if len(known) < LOCAL_VARIANTS:  # memory stays bounded
                kept = (tuple(plans[first:]), tuple(plans.plans[first:]))
                if sharing & WHOLE_WAY and not isinstance(local, tuple):
                    known[local] = BY_WAY
                    if wide is None:
                        wide = entry[2] = _group_reach(turn, plays, True)
                    local = (BY_WAY, turn.occ & wide)
                if sharing & BONUSES:
                    known.setdefault(local, BY_BONUSES)
                    known[local, turn.bonus_key()] = kept
                else:
                    known[local] = kept
        else:
            plans.extend(fragment[0])
            plans.plans.extend(fragment[1])
    if not plans:
        for c in sorted(st.hands[p]):  # tails.move.fully-blocked: any card, staying put
            card = CardPlay(c, CARD_NAMES[c], CARD, c, c // 5, c % 5 + 2, 0, NORMAL, None)
            stay = [(RouteEnd(turn.start, 0, 0, False, STAYED), 0)]
            _add_moves(turn, card, "normal", _prepare(turn, card, stay), plans, None)
    return plans


_UNKNOWN = object()  # a play not compiled yet (``_compile`` answers None for one it cannot compile)


def _compile(track, s: int, plays: Tuple[CardPlay, ...]) -> Optional[tuple]:
    """The moves of one thing played from space ``s``, in every mode, as tables the
    generator only has to test against the ostriches' mask (``_compiled_moves``): per
    play ``(card, blockable, full, porcupine, one-space, water, reach)``, where ``full``
    and ``porcupine`` list per route end ``(move, move untiptoed, relative masks, plan)``
    (the first route the ostriches leave free makes the move; ``plan`` is the first
    route's) and ``one-space`` lists ``(space bit, move, move untiptoed, plan)``. None if
    any end meets a cheetah or a dune arrow: those are worked out each time. ``water``
    marks a play with water holes on its ends: its moves depend on the bonus cards too
    (``_water_moves``). ``reach``: the spaces its tables test, relative to ``s``.

    Compiled as ``(reach, moves, plans, tables, by water)``: ``moves`` and ``plans`` are
    those of the bare track, good wherever no ostrich is on ``reach`` (``moves`` and
    ``plans`` None where a play is blocked even on the bare track, or reaches a water
    hole). ``by water``, for a play that reaches water holes, keeps the moves worked out
    for up to ``WATER_VARIANTS`` arrangements of the ostriches within reach and states of
    the bonus cards (``_keep_water_moves``)."""
    tables, reach, blocked, any_water = [], 0, False, False
    play_tables = track.play_tables
    for card in plays:
        by_space = play_tables.get(card)
        if by_space is None:
            by_space = play_tables[card] = {}
        table = by_space.get(s, _UNKNOWN)
        if table is _UNKNOWN:  # the same play comes in more than one thing's plays (with Boinnnggg ready or not)
            table = by_space[s] = _compile_play(track, s, card)
        if table is None:
            return None
        tables.append(table)
        reach |= table[6]
        blocked = blocked or (table[1] and not table[2])
        any_water = any_water or table[5]
    if blocked or any_water:  # never the bare track's moves: blocked even there, or choices at water holes
        return reach, None, None, tuple(tables), {} if any_water else None
    bare = PlannedMoves()
    _compiled_moves(track, s, 0, 0, tables, bare)
    return reach, tuple(bare), tuple(bare.plans), tuple(tables), None


def _keep_water_moves(by_water: dict, key: tuple, plans: PlannedMoves, first: int) -> None:
    """Keep the moves a play reaching water holes just added (from ``first``) for these
    ostriches within reach and bonus cards (``key``), unless a blocked move stopped: its
    stops depend on the ostriches on its whole way. Whether a move is blocked at all
    depends only on those within reach (its full-length routes), so a kept arrangement
    never needs blocked stops."""
    added = plans.plans[first:]
    if not any(plan.route.ending == BLOCKED for plan in added):
        by_water[key] = (tuple(plans[first:]), tuple(added))


def _compile_play(track, s: int, card: CardPlay) -> Optional[tuple]:
    """One play's table for ``_compile``, or None if an end meets a cheetah or a dune arrow."""
    one: Optional[tuple] = ()
    if card.play != WINGS:
        one = _one_space_table(track, s, card)
        if one is None:
            return None
    bit, dune = track.bit, track.dune
    routes = track.routes(s, card.value + card.bonus, card.target, card.mode)
    ends, water, reach = [], False, 0
    for group in routes[2:]:
        route_end = group[0]
        if route_end.cheetahs or dune[route_end.end]:
            return None
        water = water or bool(route_end.water)
        move = _plain_move(track, card, "normal", route_end.end, route_end.warthog)
        # with Boinnnggg only the end must be free, and the move takes the first route
        masks = (bit[route_end.end] >> s,) if card.mode & BOING else group[1:]
        plan = make_plan((card, route_end, group[1] << s, plain_finish(-1, route_end.end, 0)))
        ends.append((move, untiptoed(move) if card.mode & TIPTOE else None, masks, plan))
        for m in masks:
            reach |= m
    entries, one_water, one_reach = one or ((), False, 0)
    n_full = routes[1]
    return (card, bool(routes[0]), tuple(ends[:n_full]), tuple(ends[n_full:]), entries, water or one_water,
            reach | one_reach)


def _one_space_table(track, s: int, card: CardPlay) -> Optional[tuple]:
    """The one-space part of a play's table, ``(entries, water, reach)``, kept per space and
    card (a one-space move gets no bonus movement: the plays of a card share it whatever
    their bonus); None if a step meets a cheetah or a dune arrow."""
    card = _one_space_card(card)
    by_space = track.one_space_tables.get(card)
    if by_space is None:
        by_space = track.one_space_tables[card] = {}
    got = by_space.get(s, _UNKNOWN)
    if got is _UNKNOWN:
        dune, entries, water, reach = track.dune, [], False, 0
        for route_end, mask in _one_space_ends_free(track, s, card.mode):
            if route_end.cheetahs or dune[route_end.end]:
                got = None
                break
            water = water or bool(route_end.water)
            move = _plain_move(track, card, "one-space", route_end.end, route_end.warthog)
            entries.append((mask, move, untiptoed(move) if card.mode & TIPTOE else None,
                            make_plan((card, route_end, mask, plain_finish(-1, route_end.end, 0)))))
            reach |= mask >> s
        else:
            got = (tuple(entries), water, reach) if entries else ((), False, 0)
        by_space[s] = got
    return got


def _one_space_card(card: CardPlay) -> CardPlay:
    """The play a one-space move's plan names: ``card`` without bonus movement."""
    if not card.bonus:
        return card
    return card_play(card.key, card.card, card.play, card.code, card.target, card.value, 0, card.mode, card.lane)


def _other_route(masks: tuple, near: int, plan: Plan, start: int) -> Optional[Plan]:
    """Where a route end's first route is blocked: the plan of the first route the
    ostriches (``near``, relative to ``start``) leave free, or None."""
    for mask in masks[1:]:
        if not mask & near:
            return make_plan((plan.card, plan.route, mask << start, plan.finish))
    return None


def _compiled_moves(track, start: int, near: int, occ: int, tables: tuple, plans: PlannedMoves,
                    turn: Optional[_Turn] = None) -> bool:
    """Add the moves of one thing played from ``start`` by its compiled tables (``_compile``)
    for the other ostriches at ``occ`` (``near``: the same, relative to the start; ``turn``
    where a play reaches water holes): the same moves and plans as ``_play_moves``, in the
    same order. False, with some of them added, where a blocked play stops where a choice
    is left that the tables do not know (a cheetah or a dune arrow; or a water hole, for
    a play that reaches none otherwise)."""
    add_move, add_plan = plans.append, plans.plans.append
    twin_from = len(plans)
    for card, blockable, full, porcupine, one, water, _reach in tables:
        if card.mode & TIPTOE:
            twins = frozenset(plans[twin_from:])
        else:
            twin_from, twins = len(plans), None
        if water:
            if not _water_moves(turn, card, blockable, full, porcupine, one, plans, twins):
                return False
            continue
        free = False
        for move, untipped, masks, plan in full:
            if masks[0] & near:  # the first route is blocked: another one, if any is free
                plan = _other_route(masks, near, plan, start)
                if plan is None:
                    continue
            free = True
            if not (twins and untipped in twins):
                add_move(move)
                add_plan(plan)
        if not free and blockable:  # tails.move.blocked-stop: where the ostriches let it stop
            stops = _blocked_stops(track, start, card, occ)
            if stops is None or any(plan.route.water for _move, plan in stops):
                return False
            for move, plan in stops:
                if not (twins and untiptoed(move) in twins):
                    add_move(move)
                    add_plan(plan)
        for move, untipped, masks, plan in porcupine:
            if masks[0] & near:
                plan = _other_route(masks, near, plan, start)
                if plan is None:
                    continue
            if not (twins and untipped in twins):
                add_move(move)
                add_plan(plan)
        for space, move, untipped, plan in one:
            if not space & occ and not (twins and untipped in twins):
                add_move(move)
                add_plan(plan)
    return True


def _water_moves(turn: _Turn, card: CardPlay, blockable: bool, full: tuple, porcupine: tuple, one: tuple,
                 plans: PlannedMoves, twins: Optional[FrozenSet[Move]]) -> bool:
    """``_compiled_moves`` for a play that reaches water holes: the same moves in the same
    order as ``_card_moves`` (``_prepare`` and ``_add_moves``: each kind's plain moves, then
    its choices at the water holes, kept per state of the bonus cards by ``_water_choices``).
    False where a blocked move stops where a cheetah or a dune arrow leaves a choice."""
    near, occ = turn.near, turn.occ
    chosen, plain = [], set()  # plain: (space, warthog) of each plain move, as ``_prepare``'s ``seen``
    free = _water_free_ends(full, turn.start, near, chosen, plain, plans, twins)
    if not free and blockable:  # tails.move.blocked-stop
        stops = _blocked_stops(turn.track, turn.start, card, occ)
        if stops is None:
            return False
        for move, plan in stops:
            _water_plain_or_chosen(move, untiptoed(move) if twins else None, plan, chosen, plain, plans, twins)
    _water_free_ends(porcupine, turn.start, near, chosen, plain, plans, twins)
    if chosen:
        _water_choice_moves(turn, "normal", chosen, plain, plans, twins)
    if card.play != WINGS:
        chosen, plain = [], set()
        for space, move, untipped, plan in one:
            if not space & occ:
                _water_plain_or_chosen(move, untipped, plan, chosen, plain, plans, twins)
        if chosen:
            _water_choice_moves(turn, "one-space", chosen, plain, plans, twins)
    return True


def _water_free_ends(ends: tuple, start: int, near: int, chosen: List[Plan], plain: set, plans: PlannedMoves,
                     twins: Optional[FrozenSet[Move]]) -> bool:
    """``_water_moves`` for compiled route ends (``full`` or ``porcupine``): each end by
    the first route the ostriches leave free. Whether any end was free."""
    free = False
    for move, untipped, masks, plan in ends:
        if masks[0] & near:
            plan = _other_route(masks, near, plan, start)
            if plan is None:
                continue
        free = True
        _water_plain_or_chosen(move, untipped, plan, chosen, plain, plans, twins)
    return free


def _water_plain_or_chosen(move: Move, untipped: Optional[Move], plan: Plan, chosen: List[Plan], plain: set,
                           plans: PlannedMoves, twins: Optional[FrozenSet[Move]]) -> None:
    """A free end: its move now if it has no water hole (the route tables and the blocked
    stops hold one end per space and warthog), else kept in ``chosen`` for the choices."""
    route_end = plan.route
    if route_end.water:
        chosen.append(plan)
        return
    plain.add((route_end.end, route_end.warthog))
    if not (twins and untipped in twins):
        plans.append(move)
        plans.plans.append(plan)


def _blocked_stops(track, start: int, card: CardPlay, occ: int) -> Optional[List[Tuple[Move, Plan]]]:
    """``(move, plan)`` of each stop of a blocked play (``tails.move.blocked-stop``) with
    nothing chosen, for the other ostriches at ``occ``; None if a stop meets a cheetah or a
    dune arrow."""
    stops = []
    for route_end, mask in track.blocked_ends(start, card.value + card.bonus, card.target, card.mode, occ):
        if route_end.cheetahs or track.dune[route_end.end]:
            return None
        stops.append((_plain_move(track, card, "normal", route_end.end, route_end.warthog),
                      make_plan((card, route_end, mask, plain_finish(-1, route_end.end, 0)))))
    return stops


def _water_choice_moves(turn: _Turn, kind: str, chosen: List[Plan], plain: set, plans: PlannedMoves,
                        twins: Optional[FrozenSet[Move]]) -> None:
    """The moves of ``kind`` on route ends with water holes (``chosen``: their plans with
    nothing chosen), after the plain moves of that kind (``plain``: the space and warthog
    of each), as ``_add_moves`` adds them."""
    track, faces = turn.track, turn.game.faces
    status = turn.status
    inactive = tuple(i for i in range(3) if status[i] == INACTIVE)
    choices: Dict[Move, Plan] = {}
    for bare in chosen:
        for move, plan in _water_choices(track, kind, bare, inactive, faces):
            if move not in choices:
                choices[move] = plan
    for move, plan in choices.items():
        if not move.arm and (plan.finish.final, move.warthog) in plain:
            continue  # nothing left to arm: that move is listed already
        if twins and untiptoed(move) in twins:
            continue
        plans.append(move)
        plans.plans.append(plan)


def _water_choices(track, kind: str, bare: Plan, inactive: Tuple[int, ...], faces: Tuple[str, ...]) -> tuple:
    """``(move, plan)`` for each way to arm the bonus cards without a marker (``inactive``)
    at the water holes of a ``kind`` of move along a route with no cheetah or dune arrow
    (``bare``: its plan with nothing chosen), as ``_add_choices`` makes them without Neck
    Stretch and Leapfrog: kept on the track."""
    key = (kind, bare, inactive, faces)
    got = track.water_choices.get(key)
    if got is None:
        card, route_end, mask = bare.card, bare.route, bare.mask
        final, water, mode = route_end.end, route_end.water, card.mode
        got = track.water_choices[key] = tuple(
            (move_of(card.card, track.names[final], kind, card.lane, face_names(faces, armed), (),
                     route_end.warthog, bool(mode & BOING), False, False, bool(mode & TIPTOE)),
             make_plan((card, route_end, mask, Finish((), -1, -1, final, water, armed, ()))))
            for armed in combinations(inactive, min(water, len(inactive))))
    return got


def _play_moves(turn: _Turn, plays: Tuple[CardPlay, ...], one_space: Dict[int, tuple],
                plans: PlannedMoves) -> int:
    """Add the moves of one thing played, mode after mode; a tiptoe mode adds only the moves
    its twin without tiptoeing (the mode before it) does not make. Returns what else than
    the ostriches within reach they depend on (``_card_moves``)."""
    sharing, twin_from = ALWAYS, len(plans)
    for card in plays:
        if card.mode & TIPTOE:
            twins = frozenset(plans[twin_from:])
        else:
            twin_from, twins = len(plans), None
        sharing |= _card_moves(turn, card, one_space, plans, twins)
    return sharing


def _card_moves(turn: _Turn, card: CardPlay, one_space: Dict[int, tuple], plans: PlannedMoves,
                twins: Optional[FrozenSet[Move]]) -> int:
    """Add the normal and one-space moves of ``card``. Returns ``ALWAYS`` if they would be
    the same wherever no other ostrich is within reach, with the bit ``BONUSES`` if the
    bonus cards matter too (choices at water holes or cheetahs) and ``WHOLE_WAY`` if the
    move is blocked (it stops where the ostriches on its whole way let it)."""
    ends = _normal_ends(turn, card)
    normal = _prepare(turn, card, ends)
    _add_moves(turn, card, "normal", normal, plans, twins)
    sharing = BONUSES if normal[1] else ALWAYS
    if turn.track.routes(turn.start, card.value + card.bonus, card.target, card.mode)[0] and \
            not any(route_end.ending == FULL for route_end, _mask in ends):
        sharing |= WHOLE_WAY
    if card.play != WINGS:
        if card.mode not in one_space:
            one_space[card.mode] = _prepare(turn, card, _one_space_ends(turn, card.mode))
        _add_moves(turn, _one_space_card(card), "one-space", one_space[card.mode], plans, twins)
        if one_space[card.mode][1]:
            sharing |= BONUSES
    return sharing


def _group_reach(turn: _Turn, plays: Tuple[CardPlay, ...], way: bool) -> int:
    """``_reach`` of every play of one thing."""
    reach = 0
    for card in plays:
        reach |= _reach(turn, card, way)
    return reach


def _reach(turn: _Turn, card: CardPlay, way: bool) -> int:
    """Every space whose occupant could change the moves of ``card`` from here (absolute
    mask): the spaces of its routes, the one-space steps, and where dune arrows on their
    ends lead. Where none holds an ostrich, the moves are the same each time (``legal_plans``).
    With ``way``, for a blocked move: every space its steps may enter (where it stops)."""
    track, s = turn.track, turn.start
    routes = track.routes(s, card.value + card.bonus, card.target, card.mode)
    reach, ends = 0, [t for t, _kind in track.succ[s]]
    for group in routes[2:]:
        ends.append(group[0].end)
        for mask in group[1:]:
            reach |= mask
    reach <<= s
    if way and routes[0]:  # a move the ostriches block stops where they let it: anywhere on its way
        walked = track.walk_reach(s, card.value + card.bonus, card.target, card.mode)
        reach |= walked
        ends.extend(t for t in range(s + 1, walked.bit_length()) if walked >> t & 1)
    for t in ends:
        reach |= track.bit[t]
        d = track.dune[t]
        if d:
            ahead = track.forward(t, card.target) if d > 0 else track.back[t]
            if ahead >= 0:
                reach |= track.bit[ahead]
    return reach


def _card_groups(game: "TailsGame", turn: _Turn) -> List[Tuple[int, int]]:
    """Everything that can be played, as ``(what, bonus movement)`` (``what`` as ``_plays``
    numbers it; ``_plays(what, bonus, turn.boing)`` gives its plays in every mode)."""
    p, s = turn.p, turn.start
    here = turn.track.lane[s] if s != START else -1  # only cards of this lane get bonus movement
    bonus = turn.bonus_for(here) if here >= 0 else 0
    out = [(c, bonus if c // 5 == here else 0) for c in sorted(game.state.hands[p])]
    if turn.wings:
        out.extend((20 + lane, bonus if lane == here else 0) for lane in range(4))
    discard = game.state.discards[p]
    if turn.deja and discard:
        c = discard[-1]
        out.append((24 * 20 + c, bonus if c // 5 == here else 0))
    return out


def _card_plays(game: "TailsGame", turn: _Turn) -> List[CardPlay]:
    """Everything that can be played, in every mode it can be played in."""
    return [card for what, bonus in _card_groups(game, turn) for card in _plays(what, bonus, turn.boing)]


@functools.lru_cache(maxsize=4096)
def _plays(what: int, bonus: int, boing: bool) -> Tuple[CardPlay, ...]:
    """The plays of one thing, one per mode: a card code 0-19, Crazy Wings 20-23 (by lane),
    or Déjà vu as ``24 * 20 + the card it repeats``."""
    if what < 20:
        key, name, play, code, target, value, lane = what, CARD_NAMES[what], CARD, what, what // 5, what % 5 + 2, None
    elif what < 24:
        key, name, play, code, target, value, lane = what, "crazy-wings", WINGS, -1, what - 20, 4, LANES[what - 20]
    else:
        c = what - 24 * 20
        key, name, play, code, target, value, lane = 24, "deja-vu", DEJA, c, c // 5, c % 5 + 2, None
    return tuple(card_play(key, name, play, code, target, value, bonus, mode, lane)
                 for mode in PLAY_MODES[value == TIPTOE_VALUE, boing])


#: the few hundred distinct ``CardPlay`` values, shared between decisions
card_play = functools.lru_cache(maxsize=2048)(CardPlay)


def _normal_ends(turn: _Turn, card: CardPlay) -> List[Tuple[RouteEnd, int]]:
    """(route end, route mask) of every distinct normal move of ``card``: the full-length
    routes the ostriches leave free (else the blocked ends, possibly none), and the porcupine stops."""
    track, occ, s = turn.track, turn.occ, turn.start
    points = card.value + card.bonus
    routes = track.routes(s, points, card.target, card.mode)  # see track.RouteSet for its layout
    n_full = routes[1]
    out = []
    near = turn.near
    if card.mode & BOING:  # Boinnnggg passes ostriches: only the end must be free
        bit = track.bit
        out = [(group[0], group[1] << s) for group in routes[2:2 + n_full] if not occ & bit[group[0].end]]
    else:
        for group in routes[2:2 + n_full]:  # each group: a RouteEnd, then its routes' masks relative to the start
            for mask in group[1:]:
                if not mask & near:
                    out.append((group[0], mask << s))
                    break
    if not out and routes[0]:  # blocked: as far as it can along routes ending on the card lane, if any
        out = track.blocked_ends(s, points, card.target, card.mode, occ)
    for group in routes[2 + n_full:]:
        for mask in group[1:]:
            if not mask & near:
                out.append((group[0], mask << s))
                break
    return out


def _one_space_ends(turn: _Turn, mode: Mode) -> List[Tuple[RouteEnd, int]]:
    """One step along any link (``tails.move.one-space-any-card``), where it may end."""
    occ = turn.occ
    return [(route_end, mask) for route_end, mask in _one_space_ends_free(turn.track, turn.start, mode)
            if not occ & mask]


def _one_space_ends_free(track, start: int, mode: Mode) -> Tuple[Tuple[RouteEnd, int], ...]:
    """The one-space ends from ``start`` with no other ostrich on the track (kept on the track)."""
    key = start * MODE_COUNT + mode
    got = track.one_space_ends.get(key)
    if got is None:
        got = track.one_space_ends[key] = tuple(_one_space_search(track, start, mode))
    return got


def _one_space_search(track, start: int, mode: Mode) -> List[Tuple[RouteEnd, int]]:
    """``_one_space_ends_free`` worked out."""
    out = []
    for t, _kind in track.succ[start]:
        f = track.feat[t]
        water = 1 if f & WATER else 0
        if mode == NORMAL:
            if f & (NO_END[NORMAL] | QUICKSAND):
                continue
            out.append((RouteEnd(t, water, 1 if f & CHEETAH else 0, bool(f & WARTHOG),
                                 PORC if f & PORCUPINE else ONE_SPACE), track.bit[t]))
        elif not f & NO_END[mode]:
            out.append((RouteEnd(t, water, 0, False, ONE_SPACE), track.bit[t]))
    return out


def _prepare(turn: _Turn, card: CardPlay, ends) -> tuple:
    """Sort route ends into those that make one move each (with its destination and
    finish worked out, one per distinct end) and those whose water holes, cheetahs,
    Neck Stretch or Leapfrog leave choices: ``(plain, chosen, seen)``."""
    if turn.neck or turn.leap:
        return (), list(ends), set()
    plain, chosen, seen = [], [], set()
    dunes = turn.track.dune
    for route_end, mask in ends:
        if route_end.water or route_end.cheetahs:
            chosen.append((route_end, mask))
            continue
        for dune_to in _dune_choices(turn, card, route_end, route_end.end) if dunes[route_end.end] else NO_DUNE:
            final = route_end.end if dune_to < 0 else dune_to
            if (final, route_end.warthog) in seen:
                continue  # another route to the same end: the same move
            seen.add((final, route_end.warthog))
            plain.append((route_end, mask, final, plain_finish(dune_to, final, 0)))
    return plain, chosen, seen


def _add_moves(turn: _Turn, card: CardPlay, kind: str, prepared: tuple, plans: PlannedMoves,
               twins: Optional[FrozenSet[Move]]) -> None:
    """The moves of ``card`` for its prepared route ends: one per distinct finish and choice,
    but none that ``twins`` (the moves of the same play without tiptoeing) already make."""
    plain, chosen, seen = prepared
    track = turn.track
    for route_end, mask, final, finish in plain:
        move = _plain_move(track, card, kind, final, route_end.warthog)
        if twins and untiptoed(move) in twins:
            continue
        plans.append(move)
        plans.plans.append(make_plan((card, route_end, mask, finish)))
    if not chosen:
        return
    choices: Dict[Move, Plan] = {}
    for route_end, mask in chosen:
        _add_choices(turn, card, kind, route_end, mask, choices)
    for move, plan in choices.items():
        # a water hole with nothing left to arm changes nothing: that move is listed already
        if (plan.finish.final, move.warthog) in seen and not (move.arm or move.lose):
            continue
        if twins and untiptoed(move) in twins:
            continue
        plans.append(move)
        plans.plans.append(plan)


def _plain_move(track, card: CardPlay, kind: str, final: int, warthog: bool) -> Move:
    """The shared move of ``card`` ending on ``final`` with nothing chosen on the way."""
    mode = card.mode
    slot = (((card.key * 2 + (kind == "one-space")) * track.size + final) * 2 + warthog) * MODE_COUNT + mode
    move = track.plain_moves[slot]
    if move is None:  # the first time this move is legal anywhere on this course
        move = track.plain_moves[slot] = Move(card.card, track.names[final], kind, card.lane, warthog=warthog,
                                              boinnnggg=bool(mode & BOING), tiptoe=bool(mode & TIPTOE))
    return move


@functools.lru_cache(maxsize=4096)
def untiptoed(move: Move) -> Move:
    """``move`` without tiptoeing: the move a tiptoe move repeats if it does nothing more."""
    return dataclasses.replace(move, tiptoe=False)


def _final_dune(turn: _Turn, card: CardPlay, route_end: RouteEnd, landed: int) -> int:
    """Where following the dune arrow on ``landed`` sends the ostrich (-1: no arrow applies)."""
    if route_end.ending == PORC or not turn.track.dune[landed]:
        return -1
    return dune_shift(turn.track, landed, card.target, turn.occ)


def _dune_choices(turn: _Turn, card: CardPlay, route_end: RouteEnd, landed: int) -> Tuple[int, ...]:
    """The dune shifts (``Finish.dune_to``) the player may end with: the arrow's, or after
    tiptoeing also none, since following it is then the player's choice (``tails.tiptoe.ignore``)."""
    dune_to = _final_dune(turn, card, route_end, landed)
    if card.mode & TIPTOE and dune_to >= 0:
        return NO_DUNE if dune_to == landed else (-1, dune_to)
    return (dune_to,)


def dune_shift(track, s: int, target: int, occ: int) -> int:
    """Where a dune arrow on ``s`` sends the ostrich: -1 no arrow, else the space it
    ends on (``s`` itself when the arrow is blocked, ``tails.dune.blocked``)."""
    d = track.dune[s]
    if not d:
        return -1
    t = track.forward(s, target) if d > 0 else track.back[s]
    if t < 0 or t == START or occ & track.bit[t] or track.feat[t] & (LION | CROCODILE):
        return s
    return t


def _add_choices(turn: _Turn, card: CardPlay, kind: str, route_end: RouteEnd, mask: int,
                 plans: Dict[Move, Plan]) -> None:
    """Every variant of one route end: with or without Neck Stretch and Leapfrog, then
    each way to arm bonuses at the water holes and to pay the cheetahs."""
    movable = route_end.ending not in (PORC, STAYED)
    for neck in ((False, True) if turn.neck and movable else (False,)):
        stretch = _neck_stretch(turn, card, route_end) if neck else ((), False, route_end)
        neck_steps, neck_porc, reached = stretch
        if neck and not neck_steps:
            continue
        for leap in ((False, True) if turn.leap and movable and not neck_porc else (False,)):
            landed = _leapfrog(turn, card.mode, reached.end, card.target) if leap else reached.end
            if landed < 0:
                continue
            # tails.bonus.leapfrog-landing: a water hole where the jump lands counts
            water = reached.water + (1 if leap and turn.track.feat[landed] & WATER else 0)
            used = {0} if card.mode & BOING or leap else set()
            if card.play != CARD:
                used.add(1)
            if neck:
                used.add(2)
            for dune_to in NO_DUNE if neck_porc else _dune_choices(turn, card, route_end, landed):
                final = landed if dune_to < 0 else dune_to
                for armed, lost in _bonus_choices(turn.status, water, reached.cheetahs, used):
                    finish = Finish(neck_steps, landed if leap else -1, dune_to, final, water, armed, lost)
                    faces = turn.game.faces
                    move = move_of(card.card, turn.track.names[final], kind, card.lane,
                                   face_names(faces, armed), face_names(faces, lost),
                                   reached.warthog, bool(card.mode & BOING), neck, leap, bool(card.mode & TIPTOE))
                    plans.setdefault(move, make_plan((card, route_end, mask, finish)))


@functools.lru_cache(maxsize=1024)
def face_names(faces: Tuple[str, ...], cards: Tuple[int, ...]) -> Tuple[str, ...]:
    """The faces of bonus cards ``cards`` (0-2), sorted: as a move names them."""
    return tuple(sorted(faces[i] for i in cards))


def _neck_stretch(turn: _Turn, card: CardPlay, route_end: RouteEnd) -> Tuple[Tuple[int, ...], bool, RouteEnd]:
    """Neck Stretch's 2 extra steps along the lane (``tails.bonus.neck-stretch``): the
    steps (possibly none), whether they stopped in a porcupine, and the route end
    they reach, with what they met added."""
    track, occ, mode = turn.track, turn.occ, card.mode
    feat, bit = track.feat, track.bit
    left, cur, steps, porc = 2, route_end.end, [], False
    while left > 0:
        t = track.forward(cur, card.target)
        if t < 0 or (not mode & BOING and occ & bit[t]):
            break
        cost = 2 if mode == NORMAL and feat[t] & QUICKSAND else 1
        if (mode == NORMAL and feat[t] & LION) or cost > left:
            break
        left -= cost
        cur = t
        steps.append(t)
        if mode == NORMAL and feat[t] & PORCUPINE:
            porc = True
            break
    while steps and (feat[steps[-1]] & NO_END[mode] or (mode & BOING and occ & bit[steps[-1]])):
        steps.pop()
    water, cheetahs, warthog = route_end.water, route_end.cheetahs, route_end.warthog
    for t in steps:
        water += 1 if feat[t] & WATER else 0
        if mode == NORMAL:
            cheetahs += 1 if feat[t] & CHEETAH else 0
            warthog = warthog or bool(feat[t] & WARTHOG)
    end = steps[-1] if steps else route_end.end
    return tuple(steps), porc, RouteEnd(end, water, cheetahs, warthog, route_end.ending)


def _leapfrog(turn: _Turn, mode: Mode, start: int, target: int) -> int:
    """Leapfrog's landing space (``tails.bonus.leapfrog``), or -1 if it is not allowed."""
    track, occ = turn.track, turn.occ
    t = track.forward(start, target)
    if t < 0 or not occ & track.bit[t]:
        return -1
    while t >= 0 and occ & track.bit[t]:
        t = track.forward(t, target)
    if t < 0 or (not mode & TIPTOE and track.feat[t] & ANIMAL):
        return -1
    return t


def _bonus_choices(status, water: int, cheetahs: int, used: set):
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
