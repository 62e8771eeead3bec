"""Savannah Tails step rules: what entering a space costs, what stops the ostrich there, and what the space does to
it. Written once: the move generator, the reference generator, the explanations (``explain``,
``explain_route``), Neck Stretch, Leapfrog, the dune arrows and the story of a move all ask this module, and no
other tests a space's features for movement.

A movement walks the track's links (``track.toward``: a card's move under the lane-change rules, any link for a
one-space move, straight ahead for Neck Stretch). Every space it enters is read through
``TABLES[track.boinnnggg_end][mode][occupied][feature]``, an ``Entry``. What each mode changes:

* normal: a lion may not be entered (``tails.animal.lion``); a crocodile may be passed, not ended on
  (``tails.animal.crocodile``); quicksand costs 2 (``tails.quicksand.cost``); a porcupine ends the movement at
  once, on any lane (``tails.animal.porcupine``; with ``porcupine="card-lane"``, K7, only where it could end anyway,
  and elsewhere it blocks: ``porcupine_ends``); a cheetah or warthog acts on every space entered; another
  ostrich stops a step (``tails.move.no-pass-through``).
* tiptoeing with a '2' (``tails.tiptoe.ignore``): animals and quicksand are nothing; every space costs 1 and
  only its water hole counts.
* Boinnnggg (``tails.bonus.boinnnggg``, K6): the spaces moved through cost 1 and only their water hole counts,
  ostriches included; the space where the movement ends is not moved through: no ostrich, lion or crocodile
  there, quicksand costs 2, a cheetah or warthog acts (with ``boinnnggg_end="through"``, the rulebook's words
  read literally, it is moved through too, as tiptoeing: only another ostrich may not be ended on). The one
  exception is the one-space move: ``tails.quicksand.one-space`` lets it enter quicksand with Boinnnggg (or a
  '2').
* Boinnnggg tiptoeing: as tiptoeing, and other ostriches are passed, not ended on.

Water holes are no animals: entering one always counts (``tails.water.gain-marker``).
"""

from __future__ import annotations

from typing import Dict, List, NamedTuple, Optional, Tuple

from .data import LANES, MODE_COUNT, Ending, Mode
from .moves import Finish
from .track import (ANIMAL, ANY, BRIDGE_OUT, MAX_POINTS, CHEETAH, CROCODILE, LION, PORCUPINE, QUICKSAND, START, WARTHOG, WATER,
                    FEATURE_BITS, RouteEnd, Track, move_key, steps_of)

NORMAL, TIPTOE, BOING = Mode.NORMAL, Mode.TIPTOE, Mode.BOINNNGGG
#: how a movement ended, as plain numbers: the route sets hold only numbers and tuples of them,
#: which the garbage collector need not walk (``Ending`` compares equal to them)
FULL, BLOCKED, STAYED, ONE_SPACE, PORC = (int(ending) for ending in Ending)
EFFECTS = WATER | CHEETAH | WARTHOG
Problem = Tuple[str, str]  # (rule id, reason)


class Entry(NamedTuple):
    """What entering one space does, in one mode."""

    through: int   # points to move on through it (0: no route goes on past it)
    end: int       # points to end the movement on it (0: the movement may not end there)
    stops: bool    # entering it ends the movement at once, on any lane and with points left
    passing: int   # what it does to an ostrich moving through: WATER, CHEETAH, WARTHOG bits
    ending: int    # what it does to an ostrich ending there
    what: str      # what limits it ("lion", "crocodile", "quicksand", "porcupine", "ostrich"; "": nothing)
    rule: str      # the rule behind that limit


def _entry(mode: int, feat: int, occupied: bool, boinnnggg_end: str) -> Entry:
    water = feat & WATER
    if occupied and not mode & BOING:
        return Entry(0, 0, False, 0, 0, "ostrich", "tails.move.no-pass-through")
    if occupied:
        return Entry(1, 0, False, water, water, "ostrich", "tails.bonus.boinnnggg")
    if mode & TIPTOE or mode & BOING and boinnnggg_end == "through":  # K6's literal reading: the end is passed too
        return Entry(1, 1, False, water, water, "", "")
    if mode & BOING:
        if feat & (LION | CROCODILE):
            return Entry(1, 0, False, 0, 0, "lion" if feat & LION else "crocodile", "tails.bonus.boinnnggg")
        if feat & QUICKSAND:
            return Entry(1, 2, False, 0, 0, "quicksand", "tails.quicksand.cost")
        return Entry(1, 1, False, water, feat & EFFECTS, "", "")
    if feat & LION:
        return Entry(0, 0, False, 0, 0, "lion", "tails.animal.lion")
    if feat & CROCODILE:
        return Entry(1, 0, False, 0, 0, "crocodile", "tails.animal.crocodile")
    if feat & QUICKSAND:
        return Entry(2, 2, False, 0, 0, "quicksand", "tails.quicksand.cost")
    if feat & PORCUPINE:
        return Entry(1, 1, True, 0, 0, "porcupine", "tails.animal.porcupine")
    return Entry(1, 1, False, feat & EFFECTS, feat & EFFECTS, "", "")


#: ``TABLES[Track.boinnnggg_end][mode][occupied][feature bits]``: every entry, worked out once, under
#: each reading of Boinnnggg's end space (K6); ``ENTRIES``: the kit's default
TABLES = {end: [[{feat: _entry(mode, feat, occupied, end) for feat in (0, *FEATURE_BITS.values())}
                 for occupied in (False, True)] for mode in range(MODE_COUNT)] for end in ("acts", "through")}
ENTRIES = TABLES["acts"]


def entry(track: Track, mode: int, y: int, occ: int = 0) -> Entry:
    """What entering space ``y`` does in ``mode``, other ostriches standing on ``occ``."""
    return TABLES[track.boinnnggg_end][mode][bool(occ & track.bit[y])][track.feat[y]]


def effects(bits: int) -> Tuple[int, int, bool]:
    """An entry's ``passing`` or ``ending`` bits as (water holes, cheetahs, warthog) met."""
    return (1 if bits & WATER else 0), (1 if bits & CHEETAH else 0), bool(bits & WARTHOG)


# -- routes ----------------------------------------------------------------------------

Found = Dict[Tuple[int, int, int, bool], List[int]]  # (end, water, cheetahs, warthog) -> route masks


def search(track: Track, start: int, points: int, target: int, mode: int, occ: int = 0,
           straight: bool = False) -> Tuple[Found, Found]:
    """Every route of a movement from ``start`` that uses exactly ``points`` and may end where it does, and every route
    that runs into a porcupine: two dicts from (end, water holes, cheetahs, warthog) to the routes' masks
    (absolute), in the order a depth-first walk finds them. The walk follows ``track.toward[target]`` and ends on
    lane ``target`` or a bridge; with ``ANY``, a one-space move: one step along any link, ending anywhere (a
    porcupine's route is then one of its ends); ``straight``: along the ostrich's own lane (Neck Stretch)."""
    feat, bit, lane, forward = track.feat, track.bit, track.lane, track.forward
    table = TABLES[track.boinnnggg_end][mode]
    links = track.toward[target]
    one_space = target == ANY
    full: Found = {}
    porc: Found = {}

    def walk(x: int, left: int, mask: int, water: int, cheetahs: int, warthog: bool) -> None:
        for y in ((forward(x, target),) if straight else links[x]):
            if y < 0:
                continue
            e = table[1 if occ & bit[y] else 0][feat[y]]
            ymask = mask | bit[y]
            if e.stops and not one_space:
                if e.end <= left and (straight or porcupine_ends(track, y, target)):
                    porc.setdefault((y, water, cheetahs, warthog), []).append(ymask)
                continue
            end = 1 if one_space and e.end and mode != NORMAL else e.end  # tails.quicksand.one-space
            if end == left and (one_space or straight or lane[y] == target or lane[y] < 0):
                w, c, h = effects(e.ending)
                full.setdefault((y, water + w, cheetahs + c, warthog or h), []).append(ymask)
            if e.through and left > e.through and not one_space:
                w, c, h = effects(e.passing)
                walk(y, left - e.through, ymask, water + w, cheetahs + c, warthog or h)

    walk(start, points, 0, 0, 0, False)
    return full, porc


class RouteSet(NamedTuple):
    """The routes of one movement question on the track without other ostriches, as groups ``(RouteEnd, masks, finish,
    route)``: a route end; the routes to it, each the mask of the spaces it enters relative to the start (bit i:
    space start + i), in the order the search found them; where nothing is left to choose after the steps (no water
    hole, cheetah or dune arrow), the ``Finish`` of its move, else None; and the first route as an absolute mask.
    ``bare``: the card lane can be reached at all (``Track.bare_reach``); ``plain``: no end leaves anything to
    choose after the steps. A tiptoe mode whose routes are those of its twin without tiptoeing shares the twin's
    route set (the generator skips its moves)."""

    bare: bool
    full: tuple
    porcupine: tuple
    plain: bool


_NO_ROUTES = (RouteSet(False, (), (), True), RouteSet(True, (), (), True))


def route_set(track: Track, start: int, points: int, target: int, mode: int) -> RouteSet:
    """The answer to a movement question (``ANY``: a one-space move), searched the first time
    it is asked on this track and kept in its slot (``Track.route_sets``)."""
    key = move_key(start, points, target, mode)
    got = track.route_sets[key]
    if got is None:
        got = _route_set(track, start, points, target, mode)
        if mode & TIPTOE:
            twin = route_set(track, start, points, target, mode & ~TIPTOE)
            got = twin if got == twin else got
        track.route_sets[key] = got
    return got


def _route_set(track: Track, start: int, points: int, target: int, mode: int) -> RouteSet:
    full, porc = search(track, start, points, target, mode)
    bare = target == ANY or track.bare_reach(start, points, target)
    if not full and not porc:
        return _NO_ROUTES[bare]
    one_space = target == ANY

    def groups(found: Found, ending: Ending) -> tuple:
        out = []
        for (end, water, cheetahs, warthog), masks in found.items():
            if one_space:
                ending = PORC if stops_here(track, end, mode) else ONE_SPACE
            finish = None if water or cheetahs or track.dune[end] else plain_finish(track, end)
            out.append((RouteEnd(end, water, cheetahs, warthog, ending), tuple(m >> start for m in masks), finish,
                        masks[0]))
        return tuple(out)

    ends, porcupine = groups(full, FULL), groups(porc, PORC)
    return RouteSet(bare, ends, porcupine, all(group[2] is not None for group in ends + porcupine))


def plain_finish(track: Track, end: int) -> Finish:
    """What follows the steps of a move ending on ``end`` with nothing to choose: one object per space."""
    got = track.finishes[end]
    if got is None:
        got = track.finishes[end] = Finish((), -1, -1, end, 0, (), ())
    return got


def free_route(group: tuple, start: int, occ: int, boing: bool) -> int:
    """The first route of ``group`` that the other ostriches (on ``occ``) leave free, as an absolute mask; 0 if none. A
    step may not enter another ostrich's space (``tails.move.no-pass-through``); Boinnnggg passes them, so only its
    end must be free (``tails.bonus.boinnnggg``), as for a one-space move's single step (which may go back, A2)."""
    route_end, masks, _finish, route = group
    if boing:
        return 0 if occ >> route_end.end & 1 else route
    if not route & occ:
        return route
    near = occ >> start
    for mask in masks:
        if not mask & near:
            return mask << start
    return 0


def free_groups(groups, start: int, occ: int, boing: bool, out: list, ending: int = -1) -> None:
    """Add ``(route end, route mask, finish)`` for each group with a free route (``free_route``),
    the route end marked with ``ending`` if given."""
    for group in groups:
        mask = free_route(group, start, occ, boing)
        if mask:
            out.append((group[0] if ending < 0 else RouteEnd(*group[0][:4], ending), mask, group[2]))


def movement_ends(track: Track, start: int, points: int, target: int, mode: int, occ: int) -> list:
    """``(route end, route mask, finish)`` of every distinct end of a card's movement (see ``RouteSet``), other
    ostriches standing on ``occ``: the full-length routes and those that run into a porcupine; with none of either,
    the stops of a blocked move (``tails.move.blocked-stop``): the routes that end on the card lane using the most
    points, when the lane can be reached at all."""
    key = ((start * MAX_POINTS + points) * (ANY + 1) + target) * MODE_COUNT + mode  # move_key, inlined: it is hot
    rs = track.route_sets[key] or route_set(track, start, points, target, mode)
    out, boing = [], bool(mode & BOING)
    free_groups(rs.full, start, occ, boing, out)
    free_groups(rs.porcupine, start, occ, boing, out)
    return out if out or not rs.bare else blocked_stops(track, start, points, target, mode, occ)


def blocked_stops(track: Track, start: int, points: int, target: int, mode: int, occ: int) -> list:
    """``movement_ends`` of a blocked move: the free routes ending on the card lane with the most points."""
    sets, key, out = track.route_sets, move_key(start, points, target, mode), []
    for used in range(points - 1, 0, -1):
        key -= (ANY + 1) * MODE_COUNT  # move_key of one point fewer
        rs = sets[key] or route_set(track, start, used, target, mode)
        if rs.full:
            free_groups(rs.full, start, occ, bool(mode & BOING), out, BLOCKED)
            if out:
                break
    return out


def one_space_ends(track: Track, start: int, mode: int, occ: int) -> list:
    """``(route end, mask, finish)`` of every one-space move (``tails.move.one-space-any-card``)."""
    out: list = []
    free_groups(route_set(track, start, 1, ANY, mode).full, start, occ, True, out)
    return out


def neck_stretch(track: Track, x: int, target: int, mode: int, occ: int) -> Optional[Tuple[Tuple[int, ...], RouteEnd]]:
    """Neck Stretch from ``x`` (``tails.bonus.neck-stretch``): 2 more points straight ahead under
    the step rules, cut short where blocked: its steps and what they met (ending ``PORC`` if
    they ran into a porcupine), or None where it cannot move at all."""
    for points in (2, 1):
        full, porc = search(track, x, points, target, mode, occ, straight=True)
        for found, ending in ((full, FULL), (porc, PORC)):
            for (end, water, cheetahs, warthog), masks in found.items():
                return steps_of(masks[0]), RouteEnd(end, water, cheetahs, warthog, ending)
    return None


# -- after the steps ---------------------------------------------------------------------

def water_at(track: Track, y: int) -> int:
    """1 if ``y`` is a water hole (a Leapfrog landing there counts, ``tails.bonus.leapfrog-landing``)."""
    return 1 if track.feat[y] & WATER else 0


def leap_target(track: Track, x: int, target: int, occ: int) -> int:
    """Where a Leapfrog from ``x`` would land (``tails.bonus.leapfrog``): the first free space
    past the ostriches directly ahead along the lane; -1 with no ostrich ahead, -2 off the track."""
    t = track.forward(x, target)
    if t < 0 or not occ & track.bit[t]:
        return -1
    while t >= 0 and occ & track.bit[t]:
        t = track.forward(t, target)
    return t if t >= 0 else -2


def leap_landing(track: Track, x: int, target: int, occ: int, mode: int) -> int:
    """The Leapfrog landing space, or -1 where Leapfrog is not allowed (``leap_problem``)."""
    return -1 if leap_problem(track, x, target, occ, mode) else leap_target(track, x, target, occ)


def has_arrow(track: Track, s: int) -> bool:
    """Is there a dune arrow on ``s`` (the story of a move asks; only this module reads features)?"""
    return track.dune[s] != 0


def dune_shift(track: Track, s: int, target: int, occ: int) -> int:
    """Where a dune arrow on ``s`` sends the ostrich (``tails.dune.arrow``): -1 no arrow, else the
    space it ends on (``s`` itself when an ostrich, lion or crocodile blocks it, ``tails.dune.blocked``)."""
    d = track.dune[s]
    if not d:
        return -1
    t = track.forward(s, target) if d > 0 else track.back[s]
    if t < 0 or t == START or occ & track.bit[t] or track.feat[t] & (LION | CROCODILE):
        return s
    return t


# -- the story of a move ----------------------------------------------------------------

def met_on_the_way(track: Track, mask: int, mode: int) -> List[Tuple[str, int]]:
    """What the spaces a movement entered (``mask``) did, for the story: ("quicksand", space)
    where it paid 2 points, ("cheetah", space) and ("warthog", space) where those acted; the
    last step is where the movement ended."""
    if not mask & track.narrated:
        return []
    steps = steps_of(mask)
    table, feat, out = TABLES[track.boinnnggg_end][mode][0], track.feat, []
    for i, y in enumerate(steps):
        e = table[feat[y]]
        last = i == len(steps) - 1
        bits = e.ending if last else e.passing
        if (e.end if last else e.through) == 2:
            out.append(("quicksand", y))
        elif bits & CHEETAH:
            out.append(("cheetah", y))
        elif bits & WARTHOG:
            out.append(("warthog", y))
    return out


def points_used(track: Track, steps: Tuple[int, ...], mode: int) -> int:
    """The movement points a route's steps cost (``tails.quicksand.cost``)."""
    table = TABLES[track.boinnnggg_end][mode][0]
    return sum(table[track.feat[y]].through for y in steps[:-1]) + (table[track.feat[steps[-1]]].end if steps else 0)


def step_blockers(track: Track, start: int, occ: int) -> List[Tuple[str, int]]:
    """What keeps an ostrich from taking a single step (``tails.move.fully-blocked``): on each space
    one link away, the ostrich, lion or crocodile there, or quicksand a single step cannot pay for."""
    table = TABLES[track.boinnnggg_end][NORMAL]
    found = {(e.what, t) for t in track.toward[ANY][start]
             for e in [table[1 if occ & track.bit[t] else 0][track.feat[t]]] if e.what and not e.stops}
    return sorted(found, key=lambda o: (o[1], o[0]))


def blockers(track: Track, occ: int, start: int, points: int, target: int, mode: int,
             end: int = -1) -> List[Tuple[str, int]]:
    """What stands in the way of a movement of ``points`` from ``start`` to the card lane (to ``end``, if given): the
    first obstacle on each route, nearest first, as (what, space). The routes are read once as the rules cost them
    and once with every step costing 1, so that quicksand the points cannot pay for is an obstacle too."""
    real, found = TABLES[track.boinnnggg_end][mode], set()
    for bare in (False, True):
        for mask in routes_aside(track, start, points, target, mode, end, bare):
            steps = steps_of(mask)
            for i, y in enumerate(steps):
                e = real[1 if occ & track.bit[y] else 0][track.feat[y]]
                if i == len(steps) - 1:
                    blocked = not e.end or (bare and e.end > 1)
                else:
                    blocked = not e.through or e.stops or (bare and e.through > 1)
                if blocked:
                    found.add((e.what, y))
                    break
    return sorted(found, key=lambda o: (o[1], o[0]))


def routes_aside(track: Track, start: int, points: int, target: int, mode: int, end: int = -1,
                 bare: bool = False) -> List[int]:
    """The routes (masks) of exactly ``points`` toward lane ``target`` that end on it (on ``end``,
    if given), whatever stands on their spaces: costed as the rules cost them, or (``bare``)
    every step 1."""
    table, feat, bit, lane, links = TABLES[track.boinnnggg_end][mode][0], track.feat, track.bit, track.lane, track.toward[target]
    out: List[int] = []

    def walk(x: int, left: int, mask: int) -> None:
        for y in links[x]:
            e = table[feat[y]]
            through, last = (1, 1) if bare else (max(e.through, 1), max(e.end, 1))
            if last == left and (y == end if end >= 0 else lane[y] == target or lane[y] < 0):
                out.append(mask | bit[y])
            if through < left:
                walk(y, left - through, mask | bit[y])

    walk(start, points, 0)
    return out


def reach_points(track: Track, start: int, end: int, target: int, mode: int, points: int) -> List[int]:
    """The movement points below ``points`` with which a route toward lane ``target`` ends on
    ``end``: quicksand paid, other obstacles aside."""
    return [n for n in range(1, points) if routes_aside(track, start, n, target, mode, end)]


def most_points(track: Track, start: int, points: int, target: int, mode: int, occ: int) -> int:
    """The points a card's movement must use (``tails.move.blocked-stop``): all of them where a
    full-length route or one into a porcupine is free, else the most a route ending on the card
    lane can use (0: none)."""
    ends = movement_ends(track, start, points, target, mode, occ)
    if not ends or ends[0][0].ending != BLOCKED:
        return points if ends else 0
    return points_used(track, steps_of(ends[0][1]), mode)


# -- why a step or an end is refused ----------------------------------------------------------

LION_WORDS = "holds a lion: it may not be entered (only tiptoeing with a '2' or Boinnnggg passes it)"


def step_problem(track: Track, y: int, left: int, mode: int, occ: int, holder: Dict[int, str],
                 last: bool = False, target: int = -1) -> Optional[Problem]:
    """Why the ostrich may not enter ``y`` with ``left`` points (``last``: where the movement ends) moving toward lane
    ``target`` (``ANY``: a one-space move; -1: straight ahead), for what stands there; None if it may. Links and
    lanes are ``link_problem``'s, whether it may end there ``end_problem``'s."""
    e = entry(track, mode, y, occ)
    name = track.names[y]
    if not e.through and e.what == "ostrich":
        return "tails.move.no-pass-through", f"{name} holds {holder[y]}'s ostrich: a step may not enter it"
    if not e.through:
        return "tails.animal.lion", f"{name} {LION_WORDS}"
    if e.stops and target >= 0 and not porcupine_ends(track, y, target):
        return "tails.animal.porcupine", f"{name} holds a porcupine off the card lane ({LANES[target]}): it ends no " \
                                         "move there, so it blocks the way (K7, porcupine='card-lane')"
    if target == ANY:
        if e.what == "quicksand" and mode == NORMAL:
            return "tails.quicksand.one-space", f"{name} is quicksand: a one-space move cannot pay 2 points for " \
                                                "it (only with a '2' card or Boinnnggg)"
        return None
    if cost_of(track, y, mode, occ, last) > left:
        where = " to end the move there" if mode & BOING else ""
        return "tails.quicksand.cost", f"{name} is quicksand: entering it costs 2 movement points{where} and " \
                                       f"only {left} {'is' if left == 1 else 'are'} left"
    return None


def cost_of(track: Track, y: int, mode: int, occ: int, last: bool) -> int:
    """The points entering ``y`` costs: passing through, or (``last``) ending the movement there."""
    e = entry(track, mode, y, occ)
    return e.end if last and e.end else e.through


def end_problem(track: Track, e_space: int, mode: int, occ: int, holder: Dict[int, str]) -> Optional[Problem]:
    """Why a movement may not end on ``e_space`` for what stands there, or None."""
    e = entry(track, mode, e_space, occ)
    if e.end:
        return None
    where = track.names[e_space]
    if e.what == "ostrich":
        return "tails.bonus.boinnnggg", f"Boinnnggg jumps over ostriches but may not end on one: {where} holds " \
                                        f"{holder[e_space]}'s"
    if e.rule == "tails.bonus.boinnnggg":
        return "tails.bonus.boinnnggg", f"{where} holds a {e.what}: Boinnnggg moves through it but may not end there " \
                                        "(K6; with boinnnggg_end='through' it may)"
    if e.what == "crocodile":
        return "tails.animal.crocodile", f"{where} holds a crocodile: a move may pass it but not end on it"
    return "tails.animal.lion", f"{where} {LION_WORDS}"


def porcupine_ends(track: Track, y: int, target: int) -> bool:
    """Does the porcupine on ``y`` end a move toward lane ``target``? Not off it with ``porcupine="card-lane"`` (K7)."""
    return track.porcupine == "anywhere" or target == ANY or track.lane[y] in (target, -1)


def stops_here(track: Track, y: int, mode: int) -> bool:
    """Does entering ``y`` end the movement at once (a porcupine, ``tails.animal.porcupine``)?"""
    return TABLES[track.boinnnggg_end][mode][0][track.feat[y]].stops


def link_problem(track: Track, x: int, y: int, target: int, bonus: int, start: int) -> Optional[Problem]:
    """Why a card's movement may not step from ``x`` to ``y`` along the links, under the
    lane-change rules toward lane ``target`` (``ANY``: a one-space move takes any link)."""
    kind = next((k for t, k in track.succ[x] if t == y), None)
    name = track.names
    if target == ANY and y in track.toward[ANY][x]:
        return None
    if kind is None:
        ahead = ", ".join(name[t] for t in (track.toward[ANY][x] if target == ANY else track.ahead[x]))
        ways = ONE_SPACE_WAYS[track.one_space] if target == ANY else "forward or diagonally forward, never sideways or back"
        return "tails.move.links", f"{name[y]} is not one step from {name[x]} along a guide line ({ways}); " \
                                   f"the next spaces are {ahead}"
    if track.step_allowed(track.lane[x], y, kind, target):
        return None
    lane = LANES[target]
    if kind == BRIDGE_OUT:
        return "tails.bridge.exit-lane", f"leaving the rope bridge, a normal move must step onto the card lane " \
                                         f"({lane}), not onto {name[y]}"
    if bonus:
        return "tails.move.bonus-no-lane-change", f"this move gets {bonus} bonus movement, so every step stays on " \
                                                  f"its starting lane ({LANES[track.lane[start]]})"
    if track.lane[x] == target:
        return "tails.move.toward-target-lane", f"the ostrich is on the card lane ({lane}) and may not leave it"
    return "tails.move.toward-target-lane", f"{LANES[track.lane[x]]} to {LANES[track.lane[y]]} leads away from the " \
                                            f"card lane ({lane}): every lane change must bring the ostrich closer"


#: where a one-space move may step, by the track's reading of A2 (``tails.move.one-space-any-card``)
ONE_SPACE_WAYS = {"forward": "forward or diagonally forward, never sideways or back: A2, unless one_space='any'",
                  "any": "forward, diagonally forward, sideways or back: one_space='any', A2"}


def straight_problem(track: Track, x: int, y: int, target: int) -> Optional[Problem]:
    """Why Neck Stretch may not step from ``x`` to ``y``: it goes straight ahead along the lane."""
    ahead = track.forward(x, target)
    if y == ahead:
        return None
    return "tails.bonus.neck-stretch", f"Neck Stretch moves straight ahead along the lane, from {track.names[x]} " \
                                       f"to {track.names[ahead] if ahead >= 0 else 'nowhere'}, not to {track.names[y]}"


def leap_problem(track: Track, x: int, target: int, occ: int, mode: int) -> Optional[Problem]:
    """Why Leapfrog is not allowed after a move that stopped on ``x``, or None if it is."""
    t = leap_target(track, x, target, occ)
    if t == -1:
        return "tails.bonus.leapfrog", f"Leapfrog needs an ostrich directly ahead of {track.names[x]} along the lane"
    if t >= 0 and (mode & TIPTOE or not track.feat[t] & ANIMAL):  # tiptoeing, it may land on an animal
        return None
    where = track.names[t] if t >= 0 else "the end of the track"
    return "tails.bonus.leapfrog-no-animal", f"the Leapfrog would land on {where}, which holds an animal"
