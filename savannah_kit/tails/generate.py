"""Savannah Tails legal moves: from the cards in hand to every distinct move, with its plan.

The generator reads the race state and the track's route tables and returns the
legal moves with a plan each (``core.game.PlannedMoves``): the moves are shared
values (kept by the track, or ``moves.move_of``), the plans say what each does here. The steps, in the order the rules apply them:

1. what can be played (cards in hand, Crazy Wings, Déjà vu) and in which modes
   (normal, tiptoeing with a '2', Boinnnggg);
2. for each, the normal moves: full-length routes the other ostriches leave free,
   else the blocked ends (``tails.move.blocked-stop``), plus porcupine stops;
   and the one-space moves;
3. for each route end, what follows the steps: Neck Stretch, Leapfrog, the dune
   arrow, the bonuses armed at water holes and the cards given up to cheetahs;
4. if nothing at all is legal, a card played to stay put.

Rulings the rule index leaves to the engine, stated once here:

* Boinnnggg lasts the whole turn's movement (card steps, bonus movement, Neck
  Stretch) and, like a '2', may end on a lion or crocodile space.
* Leapfrog is a jump, not steps: the landing space triggers nothing (no water
  hole, no quicksand cost), like the dune shift.
* A bonus that would change nothing (a Neck Stretch that cannot move) cannot be used.
* Crazy Wings gives normal moves only (the one-space move needs a card);
  Déjà vu's card may also be used for a one-space move, "as if played".
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

from ..core.game import PlannedMoves
from .data import CARD_NAMES, LANES, TIPTOE_VALUE, BonusState, Ending, Mode, PlayKind
from .moves import CardPlay, Finish, Move, Plan, move_of, plain_finish
from .track import ANIMAL, CHEETAH, CROCODILE, LION, PORCUPINE, QUICKSAND, START, WARTHOG, WATER, RouteEnd

if TYPE_CHECKING:
    from .rules import TailsGame

INACTIVE, ARMED, ACTIVE, GONE = BonusState
make_plan = Plan._make
NORMAL, TIPTOE, BOING = Mode
FULL, BLOCKED, STAYED, ONE_SPACE, PORC = Ending
CARD, WINGS, DEJA = PlayKind



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

    __slots__ = ("game", "track", "p", "start", "occ", "near", "status", "neck", "leap", "boing", "position")

    def __init__(self, game: "TailsGame", p: int):
        self.game, self.track, self.p = game, game.track, p
        self.start = game.state.pos[p]
        self.occ = occupancy(game, p)
        self.near = self.occ >> self.start  # the ostriches, as seen from the start (route masks are relative)
        self.status = game.state.bonuses[p]
        self.neck = game.ready(p, "neck-stretch")
        self.leap = game.ready(p, "leapfrog")
        self.boing = game.ready(p, "boinnnggg")
        self.position: Optional[int] = None  # race position, computed only if bonus movement needs it

    def bonus_for(self, target: int) -> int:
        """Bonus movement for a card of lane ``target`` (``tails.move.bonus-movement``)."""
        track, s = self.track, self.start
        if s == START or track.lane[s] != target:
            return 0
        if self.game.flat_bonus:
            return 2
        if self.position is None:  # on the track, so 1 + the ostriches ahead (no ties there)
            rank = track.rank
            mine = rank[s]
            self.position = 1 + sum(1 for x in self.game.state.pos if rank[x] > mine)
        return self.position


def legal_plans(game: "TailsGame") -> PlannedMoves:
    """Every legal move of the current decision, with its plan (None for a discard)."""
    st = game.state
    p = st.order[st.turn]
    if st.pending_discard:
        names = sorted(CARD_NAMES[c] for c in st.hands[p])
        discards = [Move(kind="discard", discard=combo) for combo in combinations(names, st.pending_discard)]
        return PlannedMoves(discards, [None] * len(discards))
    turn = _Turn(game, p)
    plans = PlannedMoves()
    one_space: Dict[Mode, tuple] = {}  # the same for every card of a mode: prepared once
    for card in _card_plays(game, turn):
        _add_moves(turn, card, "normal", _prepare(turn, card, _normal_ends(turn, card)), plans)
        if card.play != WINGS:
            if card.mode not in one_space:
                one_space[card.mode] = _prepare(turn, card, _one_space_ends(turn, card.mode))
            _add_moves(turn, card, "one-space", one_space[card.mode], plans)
    if not plans:
        for c in sorted(st.hands[p]):  # tails.move.fully-blocked: any card, staying put
            card = CardPlay(c, CARD_NAMES[c], CARD, c, c // 5, c % 5 + 2, 0, NORMAL, None)
            stay = [(RouteEnd(turn.start, 0, 0, False, STAYED), 0)]
            _add_moves(turn, card, "normal", _prepare(turn, card, stay), plans)
    return plans


def _card_plays(game: "TailsGame", turn: _Turn) -> List[CardPlay]:
    """Everything that can be played, in every mode it can be played in."""
    p = turn.p
    plays = [(c, CARD_NAMES[c], CARD, c, c // 5, c % 5 + 2, None) for c in sorted(game.state.hands[p])]
    if game.ready(p, "crazy-wings"):
        plays += [(20 + lane, "crazy-wings", WINGS, -1, lane, 4, LANES[lane]) for lane in range(4)]
    discard = game.state.discards[p]
    if game.ready(p, "deja-vu") and discard:
        c = discard[-1]
        plays.append((24, "deja-vu", DEJA, c, c // 5, c % 5 + 2, None))
    out = []
    for key, name, play, code, target, value, lane in plays:
        bonus = turn.bonus_for(target)
        mode = TIPTOE if value == TIPTOE_VALUE else NORMAL
        out.append(card_play(key, name, play, code, target, value, bonus, mode, lane))
        if turn.boing:
            out.append(card_play(key, name, play, code, target, value, bonus, BOING, lane))
    return out


#: the few hundred distinct ``CardPlay`` values, shared between decisions
card_play = functools.lru_cache(maxsize=2048)(CardPlay)


def _normal_ends(turn: _Turn, card: CardPlay) -> List[Tuple[RouteEnd, int]]:
    """(route end, route mask) of every distinct normal move of ``card``: the full-length
    routes the ostriches leave free (else the blocked ends), and the porcupine stops."""
    track, occ, s = turn.track, turn.occ, turn.start
    points = card.value + card.bonus
    routes = track.routes(s, points, card.target, card.mode)  # see track.RouteSet for its layout
    n_full = routes[1]
    out = []
    near = turn.near
    if card.mode == BOING:  # Boinnnggg passes ostriches: only the end must be free
        bit = track.bit
        out = [(group[0], group[1] << s) for group in routes[2:2 + n_full] if not occ & bit[group[0].end]]
    else:
        for group in routes[2:2 + n_full]:  # each group: a RouteEnd, then its routes' masks relative to the start
            for mask in group[1:]:
                if not mask & near:
                    out.append((group[0], mask << s))
                    break
    if not out and routes[0]:
        out = (track.blocked_ends(s, points, card.target, card.mode, occ)
               or [(RouteEnd(s, 0, 0, False, STAYED), 0)])
    for group in routes[2 + n_full:]:
        for mask in group[1:]:
            if not mask & near:
                out.append((group[0], mask << s))
                break
    return out


def _one_space_ends(turn: _Turn, mode: Mode) -> List[Tuple[RouteEnd, int]]:
    """One step along any link (``tails.move.one-space-any-card``), where it may end."""
    track = turn.track
    out = []
    for t, _kind in track.succ[turn.start]:
        if turn.occ & track.bit[t]:
            continue
        f = track.feat[t]
        water = 1 if f & WATER else 0
        if mode == NORMAL:
            if f & (LION | CROCODILE | QUICKSAND):
                continue
            out.append((RouteEnd(t, water, 1 if f & CHEETAH else 0, bool(f & WARTHOG),
                                 PORC if f & PORCUPINE else ONE_SPACE), track.bit[t]))
        else:
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
        dune_to = _final_dune(turn, card, route_end, route_end.end) if dunes[route_end.end] else -1
        final = route_end.end if dune_to < 0 else dune_to
        if (final, route_end.warthog) in seen:
            continue  # another route to the same end: the same move
        seen.add((final, route_end.warthog))
        plain.append((route_end, mask, final, plain_finish(dune_to, final, 0)))
    return plain, chosen, seen


def _add_moves(turn: _Turn, card: CardPlay, kind: str, prepared: tuple, plans: PlannedMoves) -> None:
    """The moves of ``card`` for its prepared route ends: one per distinct finish and choice."""
    plain, chosen, seen = prepared
    track = turn.track
    shared, size = track.plain_moves, track.size
    boing = card.mode == BOING
    tag = card.key * 2 + (kind == "one-space")
    for route_end, mask, final, finish in plain:
        slot = ((tag * size + final) * 2 + route_end.warthog) * 2 + boing
        move = shared[slot]
        if move is None:  # the first time this move is legal anywhere on this course
            move = shared[slot] = Move(card.card, track.names[final], kind, card.lane, warthog=route_end.warthog,
                                       boinnnggg=boing)
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
        plans.append(move)
        plans.plans.append(plan)


def _final_dune(turn: _Turn, card: CardPlay, route_end: RouteEnd, landed: int) -> int:
    """Where a dune arrow on ``landed`` sends the ostrich (-1: none applies)."""
    if card.mode == TIPTOE or route_end.ending == PORC or not turn.track.dune[landed]:
        return -1
    return dune_shift(turn.track, landed, card.target, turn.occ)


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
            dune_to = -1 if neck_porc else _final_dune(turn, card, route_end, landed)
            final = landed if dune_to < 0 else dune_to
            used = {0} if card.mode == BOING or leap else set()
            if card.play != CARD:
                used.add(1)
            if neck:
                used.add(2)
            for armed, lost in _bonus_choices(turn.status, reached.water, reached.cheetahs, used):
                finish = Finish(neck_steps, landed if leap else -1, dune_to, final, reached.water, armed, lost)
                faces = turn.game.faces
                move = move_of(card.card, turn.track.names[final], kind, card.lane,
                               tuple(sorted(faces[i] for i in armed)), tuple(sorted(faces[i] for i in lost)),
                               reached.warthog, card.mode == BOING, neck, leap)
                plans.setdefault(move, make_plan((card, route_end, mask, finish)))


def _neck_stretch(turn: _Turn, card: CardPlay, route_end: RouteEnd) -> Tuple[Tuple[int, ...], bool, RouteEnd]:
    """Neck Stretch's 2 extra steps along the lane (``tails.bonus.neck-stretch``): the
    steps (possibly none), whether they stopped in a porcupine, and the route end
    they reach, with what they met added."""
    track, occ, mode = turn.track, turn.occ, card.mode
    feat, bit = track.feat, track.bit
    left, cur, steps, porc = 2, route_end.end, [], False
    while left > 0:
        t = track.forward(cur, card.target)
        if t < 0 or (mode != BOING and occ & bit[t]):
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
    while steps and ((mode == NORMAL and feat[steps[-1]] & CROCODILE) or (mode == BOING and occ & bit[steps[-1]])):
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
    if t < 0 or (mode != TIPTOE and track.feat[t] & ANIMAL):
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
