"""Savannah Tails geometry: a course of tiles, and the space graph the ostriches run on.

A ``Course`` is the ordered list of (tile, side) a race uses. A ``Track`` turns it
into numbered spaces with everything the move search needs precomputed in flat
tables: the links of every space, its features as bit flags, its race-order key
and its distance to the finish line. Space 0 is the start line (off the board).

Space names read ``T03:blue:2`` (tile, lane, index along the lane from the tile
entry), ``T04:bridge:1`` for rope-bridge spaces, ``V1:red:0`` for the virtual
straights added after the finish tile, and ``start`` for the start line.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from ..core.errors import DataError
from . import stored_routes
from .data import CORNER_SECTIONS, COURSES, LANES, MODE_COUNT, TILES, Ending, Mode, Tile, tree_distance

START = 0
VIRTUAL_STRAIGHTS = 3

# feature bit flags
WATER, QUICKSAND, LION, CHEETAH, PORCUPINE, CROCODILE, WARTHOG, DUNE = (1 << i for i in range(8))
ANIMAL = LION | CHEETAH | PORCUPINE | CROCODILE | WARTHOG
FEATURE_BITS = {"water": WATER, "quicksand": QUICKSAND, "lion": LION, "cheetah": CHEETAH,
                "porcupine": PORCUPINE, "crocodile": CROCODILE, "warthog": WARTHOG, "dune": DUNE}
FEATURE_NAMES = {bit: name for name, bit in FEATURE_BITS.items()}

# link kinds
FORWARD, DIAGONAL, BRIDGE_IN, BRIDGE_OUT, ENTRY = range(5)

NORMAL, TIPTOE, BOING = Mode.NORMAL, Mode.TIPTOE, Mode.BOINNNGGG
#: per mode, the animals a movement may not end on: Boinnnggg only passes them, a '2' tiptoeing
#: ignores them (``tails.bonus.boinnnggg``, ``tails.tiptoe.ignore``)
NO_END = tuple(0 if mode & TIPTOE else LION | CROCODILE for mode in range(MODE_COUNT))

#: more movement points than any move has: a 6 plus the bonus movement of 5th place is 11
MAX_POINTS = 12
#: how many arrangements of the ostriches on a blocked move's way its stops are kept for
BLOCKED_VARIANTS = 8
RECOMMENDED_TILES = 14
RECOMMENDED_WATER = 3


@dataclass(frozen=True)
class Course:
    """An ordered chain of (tile, side): start tile, track tiles, finish tile."""

    name: str
    tiles: Tuple[Tuple[Tile, str], ...]

    @classmethod
    def from_tiles(cls, tiles: Sequence, name: str = "custom") -> "Course":
        """A course from ``[[tile id, "easy"|"hard"], ...]`` that keeps every rule of course
        building, lying flat on the table included; ``DataError`` names the first tile at fault.
        (The engine itself races any chain of tiles: hand-built test courses may overlap.)"""
        course = build_course(tiles, name)
        found = course.overlaps()
        if found:
            raise found[0]
        return course

    def overlaps(self) -> List[DataError]:
        """Tiles that would lie on top of an earlier one on the table (from ``layout``), each
        as an error naming the tile (``course[i]``)."""
        out, placed = [], {}
        for i, (x, y, _heading) in enumerate(self.layout()):
            if (x, y) in placed:
                j = placed[(x, y)]
                out.append(DataError(f"course[{i}]", f"tile {self.tiles[i][0].id} would lie on top of tile "
                                     f"{self.tiles[j][0].id} (course[{j}]): the track overlaps itself on the table"))
            else:
                placed[(x, y)] = i
        return out

    @property
    def spec(self) -> List[List[str]]:
        return [[t.id, side] for t, side in self.tiles]

    def water_holes(self) -> int:
        return sum(1 for t, s in self.tiles for f in t.side(s).features if f.kind == "water")

    def advice(self) -> List[str]:
        """Design tips the course does not follow (advice only, never an error)."""
        out = []
        n = len(self.tiles)
        if n != RECOMMENDED_TILES:
            out.append(f"{n} tiles: about {RECOMMENDED_TILES} (start and finish included) is recommended")
        w = self.water_holes()
        if w != RECOMMENDED_WATER:
            out.append(f"{w} water holes: about {RECOMMENDED_WATER} are recommended")
        return out

    def layout(self) -> List[Tuple[int, int, str]]:
        """Grid cell and heading after each tile, the start tile facing east at (0, 0)."""
        heading = "E"
        turn_left = {"E": "N", "N": "W", "W": "S", "S": "E"}
        turn_right = {v: k for k, v in turn_left.items()}
        step = {"E": (1, 0), "N": (0, 1), "W": (-1, 0), "S": (0, -1)}
        x = y = 0
        out = []
        for i, (tile, _side) in enumerate(self.tiles):
            if i:
                dx, dy = step[heading]
                x, y = x + dx, y + dy
            if tile.kind == "corner_l":
                heading = turn_left[heading]
            elif tile.kind == "corner_r":
                heading = turn_right[heading]
            out.append((x, y, heading))
        return out


def build_course(tiles: Sequence, name: str = "custom", catalogue: Optional[Dict[str, Tile]] = None) -> Course:
    """A course from ``[(tile_id, side), ...]``; raises ``DataError`` naming the bad entry."""
    catalogue = TILES if catalogue is None else catalogue
    if not isinstance(tiles, (list, tuple)):
        raise DataError("course", f"expected a list of [tile id, side], got {type(tiles).__name__}")
    if len(tiles) < 2:
        raise DataError("course", "a course needs at least the start and the finish tile")
    chain = []
    seen = set()
    for i, pair in enumerate(tiles):
        if not (isinstance(pair, (list, tuple)) and len(pair) == 2):
            raise DataError(f"course[{i}]", f"expected [tile id, side], got {pair!r}")
        tid, side = pair
        if tid not in catalogue:
            raise DataError(f"course[{i}]", f"unknown tile {tid!r}")
        if side not in ("easy", "hard"):
            raise DataError(f"course[{i}]", f"side must be 'easy' or 'hard', not {side!r}")
        if tid in seen:
            raise DataError(f"course[{i}]", f"tile {tid} is used twice; each tile exists once")
        seen.add(tid)
        tile = catalogue[tid]
        if i == 0 and tile.kind != "start":
            raise DataError("course[0]", f"a course starts with the start tile, not {tid} ({tile.kind})")
        if i == len(tiles) - 1 and tile.kind != "finish":
            raise DataError(f"course[{i}]", f"a course ends with the finish tile, not {tid} ({tile.kind})")
        if 0 < i < len(tiles) - 1 and tile.kind in ("start", "finish"):
            raise DataError(f"course[{i}]", f"the {tile.kind} tile {tid} can only be at the {'start' if tile.kind == 'start' else 'end'}")
        chain.append((tile, side))
    return Course(name, tuple(chain))


def named_course(name: str, catalogue: Optional[Dict[str, Tile]] = None) -> Course:
    """One of the kit's courses, built from ``catalogue`` (default: the kit's tiles)."""
    if not isinstance(name, str) or name not in COURSES:
        raise DataError("course", f"unknown course {name!r}; choose from {', '.join(sorted(COURSES))}")
    return build_course(COURSES[name], name, catalogue)


class RouteEnd(NamedTuple):
    """One distinct way a movement can end: where, and what it met on the way.

    Routes that differ only in the order of their lane changes but meet the same
    water holes and animals are the same move (``tails.move.free-lane-timing``)."""

    end: int
    water: int      # water-hole spaces entered
    cheetahs: int   # cheetah spaces entered
    warthog: bool   # a warthog space was entered
    ending: Ending


#: A route set: every route of one normal move (start, points, card lane, mode), other
#: ostriches ignored, as one flat tuple (thousands are kept, so they must be small):
#:
#:     (bare, n, full group 1, ..., full group n, porcupine group, ...)
#:
#: ``bare`` says whether the card lane is reachable at all on the bare track. The
#: full groups are the full-length routes that end on the card lane (or a bridge),
#: one group per ``RouteEnd``; the porcupine groups, the routes that stop in a
#: porcupine. A group is a tuple: its ``RouteEnd``, then one bit mask per route of
#: the spaces it enters, relative to the start (bit i is space ``start + i``).
#: Space ids grow along every link, so a mask is the route itself: its bits in
#: ascending order are the steps (``steps_of``). The move generator takes the first
#: route no other ostrich blocks.
RouteSet = tuple
_NO_ROUTES = ((False, 0), (True, 0))


def move_key(start: int, points: int, target: int, mode: int) -> int:
    """A normal move's question (from ``start``, ``points`` toward lane ``target``, in
    ``mode``) as one number: the index of the track's tables that answer it."""
    return ((start * MAX_POINTS + points) * 4 + target) * MODE_COUNT + mode


def steps_of(mask: int) -> Tuple[int, ...]:
    """The spaces of a route mask, in the order the ostrich enters them."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


#: what can be played, as a number: a card code 0-19, 20-23 Crazy Wings by lane, 24 Déjà vu
PLAY_KEYS = 25


class Track:
    """The space graph of a course, as flat tables indexed by space id.

    Space ids follow race order (``rank``): the start line is 0, and every link
    leads to a higher id. Route tables are computed on first use and kept in a
    bounded cache (``routes``); on a named course they are decoded from the route
    sets shipped with the kit (``stored_routes``; ``stored=False``: searched)."""

    def __init__(self, course: Course, virtual: int = VIRTUAL_STRAIGHTS, stored: bool = True):
        self.course = course
        self.tiles: List[Tile] = [t for t, _ in course.tiles]
        finish = self.tiles[-1]
        self.finish_pos = len(self.tiles) - 1
        self.finish_tree = finish.tree
        self.virtual_from = len(self.tiles)
        layout = [(t, s, t.id) for t, s in course.tiles]
        for v in range(virtual):
            layout.append((Tile(f"V{v + 1}", "straight", finish.tree, finish.easy, finish.easy), "easy", f"V{v + 1}"))
        self.tile_kind: List[str] = [tile.kind for tile, _side, _tid in layout]
        self.bridge_rows: List[Optional[Tuple[int, int]]] = []
        spaces = []
        for pos, (tile, side_name, tid) in enumerate(layout):
            side = tile.side(side_name) if pos < len(self.tiles) else None
            self.bridge_rows.append(side.bridge if side is not None else None)
            spaces += self._tile_spaces(pos, tile, tid, side, _row_trees(layout, pos, side))
        spaces.sort(key=lambda sp: sp.rank)
        self._number(spaces)
        self._link()
        self._distances()
        #: per card lane, the links each space may take under the lane-change rules
        self.toward = [[tuple(t for t, k in self.succ[x] if self.step_allowed(self.lane[x], t, k, target))
                        for x in range(self.size)] for target in range(4)]
        # Tables filled on first use, one slot per possible question, so their size is set by
        # the course, not by how many games are played: the route sets...
        self._routes: List[Optional[RouteSet]] = [None] * (self.size * MAX_POINTS * 4 * MODE_COUNT)
        #: ...and the moves with nothing to choose after their steps, shared between positions
        #: (see ``generate._plain_move``)
        self.plain_moves: List[object] = [None] * (PLAY_KEYS * 2 * self.size * 2 * MODE_COUNT)
        #: ...and each card's moves from each space, for each arrangement of the ostriches within
        #: its reach: (space, what is played, bonus movement, Boinnnggg ready) as one number ->
        #: [reach mask, {nearby ostriches: moves}, way mask], a few arrangements per space and
        #: play (``generate.legal_plans``)
        self.fragments: Dict[int, list] = {}
        #: ...and the same key's compiled move tables, or None where the moves leave choices
        #: (``generate._compile``)
        self.compiled: Dict[int, Optional[tuple]] = {}
        #: one play's part of them, and its one-space part, per play and space (``generate._compile``)
        self.play_tables: Dict[object, Dict[int, Optional[tuple]]] = {}
        self.one_space_tables: Dict[object, Dict[int, Optional[tuple]]] = {}
        self._route_ends: Dict[tuple, RouteEnd] = {}  # one shared RouteEnd per distinct value
        self._walk_reach: Dict[int, int] = {}  # see ``walk_reach``
        self._blocked: Dict[int, Dict[int, tuple]] = {}  # see ``blocked_ends``
        self.one_space_ends: Dict[int, tuple] = {}  # see ``generate._one_space_ends_free``
        self.water_choices: Dict[tuple, tuple] = {}  # see ``generate._water_choices``
        self._shared: Dict[object, object] = {}  # one copy of each distinct mask, group and route set
        #: the spaces whose entry the game narrates (quicksand, cheetahs, warthogs), as a mask
        self.narrated = sum(self.bit[x] for x in range(self.size) if self.feat[x] & (QUICKSAND | CHEETAH | WARTHOG))
        self._bare = self._bare_tables()
        self._stored = stored_routes.load(self, RouteEnd, _NO_ROUTES) if stored and virtual == VIRTUAL_STRAIGHTS \
            else None

    # -- spaces ----------------------------------------------------------------
    def _tile_spaces(self, pos: int, tile: Tile, tid: str, side, trees: "_RowTrees") -> List["_Space"]:
        """The spaces of one tile (lanes, then its rope bridge), with their race-order keys."""
        bridge = side.bridge if side is not None else None
        feats = {(f.lane, f.index): f for f in (side.features if side is not None else ())}
        out = []
        for lane in range(4):
            for i in range(tile.lane_length(lane)):
                if bridge is not None and bridge[0] <= i <= bridge[1]:
                    continue
                d = tree_distance(trees.before if bridge is None or i < bridge[0] else trees.after, lane)
                sec = _corner_section(d, i) if tile.is_corner else i
                f = feats.get((lane, i))
                feat = FEATURE_BITS[f.kind] if f else 0
                dune = (1 if f.direction == "forward" else -1) if f and f.kind == "dune" else 0
                out.append(_Space(f"{tid}:{LANES[lane]}:{i}", pos, tid, lane, i, sec, d, feat, dune,
                                  pos * 10000 + sec * 100 + (3 - d) * 10 + i))
        if bridge is not None:
            for k, row in enumerate(range(bridge[0], bridge[1] + 1)):
                out.append(_Space(f"{tid}:bridge:{k}", pos, tid, -1, k, row, -1, 0, 0, pos * 10000 + row * 100 + 50))
        return out

    def _number(self, spaces: List["_Space"]) -> None:
        """Give the spaces their ids in race order, and fill the per-space tables."""
        start = _Space("start", -1, "", -1, -1, -1, -1, 0, 0, -1)
        table = [start] + spaces
        self.size = len(table)
        self.names: List[str] = [sp.name for sp in table]
        self.tile_pos: List[int] = [sp.pos for sp in table]
        self.tile_id: List[str] = [sp.tile_id for sp in table]
        self.lane: List[int] = [sp.lane for sp in table]
        self.index: List[int] = [sp.index for sp in table]
        self.section: List[int] = [sp.section for sp in table]
        self.tree_d: List[int] = [sp.tree_d for sp in table]
        self.feat: List[int] = [sp.feat for sp in table]
        self.dune: List[int] = [sp.dune for sp in table]
        self.rank: List[int] = [sp.rank for sp in table]
        self.by_name = {n: s for s, n in enumerate(self.names)}
        self.bit = [1 << s for s in range(self.size)]
        #: per tile: {(lane, index): space} and the bridge spaces in order
        self.grid: List[Dict[Tuple[int, int], int]] = [{} for _ in self.tile_kind]
        self.bridges: List[List[int]] = [[] for _ in self.tile_kind]
        for s, sp in enumerate(table):
            if s == START:
                continue
            if sp.lane >= 0:
                self.grid[sp.pos][(sp.lane, sp.index)] = s
            else:
                self.bridges[sp.pos].append(s)

    # -- links -----------------------------------------------------------------
    def _first_row(self, pos: int, lane: int) -> int:
        return self.grid[pos][(lane, 0)]

    def _link(self) -> None:
        n = self.size
        succ: List[List[Tuple[int, int]]] = [[] for _ in range(n)]
        self.fwd = [-1] * n          # forward link along the lane (may lead onto a bridge)
        self.back = [-1] * n         # the space whose forward link along this lane leads here
        self.exits: List[Tuple[int, ...]] = [()] * n  # last bridge space -> row after, by lane
        for lane in range(4):
            succ[START].append((self._first_row(0, lane), ENTRY))
        for pos, cells in enumerate(self.grid):
            for (lane, i), s in cells.items():
                self._link_space(pos, lane, i, s, succ)
            self._link_bridge(pos, succ)
        self.succ: List[Tuple[Tuple[int, int], ...]] = [tuple(x) for x in succ]

    def _link_space(self, pos: int, lane: int, i: int, s: int, succ) -> None:
        """The forward link of a lane space, and its diagonals (none onto a bridge)."""
        cells = self.grid[pos]
        bridge = self.bridge_rows[pos]
        nxt = None
        if (lane, i + 1) in cells or (bridge is not None and i + 1 == bridge[0]):
            nxt = (self.bridges[pos][0], BRIDGE_IN) if bridge is not None and i + 1 == bridge[0] \
                else (cells[(lane, i + 1)], FORWARD)
        elif pos + 1 < len(self.grid):
            nxt = (self._first_row(pos + 1, lane), FORWARD)
        if nxt is not None:
            succ[s].append(nxt)
            self.fwd[s] = nxt[0]
            if nxt[1] == FORWARD:
                self.back[nxt[0]] = s
            if nxt[1] == BRIDGE_IN:
                return  # every lane funnels onto the bridge: no diagonal there
        for other in (lane - 1, lane + 1):
            if 0 <= other < 4:
                t = self._diagonal(pos, lane, i, other)
                if t is not None:
                    succ[s].append((t, DIAGONAL))

    def _link_bridge(self, pos: int, succ) -> None:
        """Bridge spaces in single file; the last one leads to every lane of the row after."""
        spaces = self.bridges[pos]
        for k, b in enumerate(spaces):
            if k + 1 < len(spaces):
                succ[b].append((spaces[k + 1], FORWARD))
                self.fwd[b] = spaces[k + 1]
            else:
                row = self.bridge_rows[pos][1] + 1
                self.exits[b] = tuple(self.grid[pos][(lane, row)] for lane in range(4))
                for t in self.exits[b]:
                    succ[b].append((t, BRIDGE_OUT))

    def _diagonal(self, pos: int, lane: int, i: int, other: int) -> Optional[int]:
        """The first space of lane ``other`` in the next section, or row 0 of the
        next tile from a lane's last section."""
        cells = self.grid[pos]
        sec = self.section[cells[(lane, i)]]
        ahead = [j for (l, j), t in cells.items() if l == other and self.section[t] == sec + 1]
        if ahead:
            return cells[(other, min(ahead))]
        last_sec = max(self.section[t] for (l, _j), t in cells.items() if l == lane)
        if sec == last_sec and pos + 1 < len(self.grid):
            return self._first_row(pos + 1, other)
        return None

    def forward(self, s: int, lane: int) -> int:
        """The next space straight ahead; from the last bridge space, onto ``lane``."""
        if self.exits[s]:
            return self.exits[s][lane] if lane >= 0 else -1
        return self.fwd[s]

    # -- finish distance -------------------------------------------------------
    def _distances(self) -> None:
        """``score[s]``: spaces past the finish line (row 3 of the finish tile = 1),
        or, before the line, 1 minus the fewest steps still needed to cross it."""
        n = self.size
        INF = 10 ** 6
        past = [0] * n
        fin = self.finish_pos
        for s in range(1, n):
            if self.tile_pos[s] >= fin and self.lane[s] >= 0:
                if self.tile_pos[s] > fin or self.index[s] >= 3:
                    past[s] = (self.tile_pos[s] - fin) * 6 + self.index[s] - 2
        steps = [INF] * n
        for s in range(n - 1, -1, -1):  # every link leads to a higher id: one sweep from the end
            if past[s] > 0:
                steps[s] = 0
                continue
            for t, _k in self.succ[s]:
                if steps[t] + 1 < steps[s]:
                    steps[s] = steps[t] + 1
        self.score = [past[s] if past[s] > 0 else 1 - steps[s] for s in range(n)]
        self.crossed = [past[s] > 0 for s in range(n)]

    # -- route search ----------------------------------------------------------
    def bare_reach(self, start: int, points: int, target: int) -> bool:
        """Can a move of ``points`` steps end on lane ``target`` on the bare track
        (no ostriches, animals or quicksand), obeying the lane-change rule?"""
        return points < MAX_POINTS and bool(self._bare[target][start] >> points & 1)

    def _bare_tables(self) -> List[List[int]]:
        """Per card lane and space, a bit mask of the step counts (0 to MAX_POINTS - 1)
        that can end on that lane on the bare track: worked out once per course."""
        tables = []
        for target in range(4):
            allowed = self.toward[target]
            ends = [1 if self.lane[s] == target or (self.lane[s] < 0 and s != START) else 0
                    for s in range(self.size)]
            for _k in range(1, MAX_POINTS):  # one more step each round
                ends = [ends[s] | (1 if self.lane[s] == target or (self.lane[s] < 0 and s != START) else 0)
                        | _shifted_any(ends, allowed[s]) for s in range(self.size)]
            tables.append(ends)
        return tables

    def step_allowed(self, lane_s: int, t: int, kind: int, target: int) -> bool:
        """The lane-change rules of a normal move toward lane ``target``."""
        if kind == DIAGONAL:
            return abs(self.lane[t] - target) < abs(lane_s - target)
        if kind == BRIDGE_OUT:
            return self.lane[t] == target
        return True

    def routes(self, start: int, points: int, target: int, mode: int) -> RouteSet:
        """The route set of a normal move (worked out on first use, then kept)."""
        key = move_key(start, points, target, mode)
        got = self._routes[key]
        if got is None:
            if self._stored is not None:
                try:
                    got = self._routes[key] = self._stored.route_set(key)
                    return got
                except stored_routes.StoredRoutesError:
                    self._stored = None  # a file that does not decode: searched from now on
            got = self._routes[key] = self._search(start, points, target, mode)
        return got

    def every_route_set(self) -> List[RouteSet]:
        """The route set of every question, in ``move_key`` order (what ``stored_routes`` keeps)."""
        return [self.routes(start, points, target, mode) for start in range(self.size) for points in range(MAX_POINTS)
                for target in range(4) for mode in range(MODE_COUNT)]

    def _search(self, start: int, points: int, target: int, mode: int) -> RouteSet:
        """Every route of a normal move (see ``RouteSet``), by depth-first search."""
        feat, bit, lane = self.feat, self.bit, self.lane
        allowed = self.toward[target]
        ignore, no_end = mode != NORMAL, NO_END[mode]
        full: Dict[tuple, List[int]] = {}
        porc: Dict[tuple, List[int]] = {}

        def walk(s, left, mask, water, cheetahs, warthog):
            for t in allowed[s]:
                f = feat[t]
                cost = 2 if f & QUICKSAND and not ignore else 1
                if cost > left or (f & LION and not ignore):
                    continue
                nmask = mask | bit[t]
                nwater = water + 1 if f & WATER else water
                if not ignore:
                    if f & PORCUPINE:
                        porc.setdefault((t, nwater, cheetahs + (1 if f & CHEETAH else 0),
                                         warthog or bool(f & WARTHOG)), []).append(nmask)
                        continue
                    cheetahs2 = cheetahs + 1 if f & CHEETAH else cheetahs
                    warthog2 = warthog or bool(f & WARTHOG)
                else:
                    cheetahs2, warthog2 = cheetahs, warthog
                if left == cost:
                    if not f & no_end and (lane[t] == target or lane[t] < 0):
                        full.setdefault((t, nwater, cheetahs2, warthog2), []).append(nmask)
                else:
                    walk(t, left - cost, nmask, nwater, cheetahs2, warthog2)

        walk(start, points, 0, 0, 0, False)
        bare = self.bare_reach(start, points, target)
        if not full and not porc:
            return _NO_ROUTES[bare]  # the commonest answer, shared
        # route shapes, groups and whole sets repeat along the track and between modes: keep each once
        share = self._shared.setdefault
        groups = [share(g, g) for g in ((self._route_end(e + (ending,)), *(share(m >> start, m >> start) for m in masks))
                                        for ending, found in ((Ending.FULL, full), (Ending.PORCUPINE, porc))
                                        for e, masks in found.items())]
        route_set = (bare, len(full), *groups)
        return share(route_set, route_set)

    def _route_end(self, key: tuple) -> RouteEnd:
        got = self._route_ends.get(key)
        if got is None:
            got = self._route_ends[key] = RouteEnd(*key)
        return got

    def walk_reach(self, start: int, points: int, target: int, mode: int) -> int:
        """Every space a move's steps may enter, wherever the other ostriches stand (absolute
        mask): where they stand on these alone decides where a blocked move stops (``blocked_ends``)."""
        key = move_key(start, points, target, mode)
        got = self._walk_reach.get(key)
        if got is None:
            feat, bit, allowed, ignore = self.feat, self.bit, self.toward[target], mode != NORMAL
            got, frontier = 0, {start: points}
            while frontier:  # spaces with the most points left on arrival, a step at a time
                following: Dict[int, int] = {}
                for s, left in frontier.items():
                    for t in allowed[s]:
                        f = feat[t]
                        cost = 2 if f & QUICKSAND and not ignore else 1
                        if cost > left or (f & (LION | PORCUPINE) and not ignore):
                            if cost <= left:
                                got |= bit[t]  # a porcupine stops the move there
                            continue
                        got |= bit[t]
                        if left > cost and following.get(t, -1) < left - cost:
                            following[t] = left - cost
                frontier = following
            self._walk_reach[key] = got
        return got

    def blocked_ends(self, start: int, points: int, target: int, mode: int, occ: int) -> List[Tuple[RouteEnd, int]]:
        """For a move with no free full-length route (``tails.move.blocked-stop``): the
        spaces on the card lane (or a bridge) it may end on that use the most points the
        other ostriches (``occ``) leave, each with one free route (its absolute mask);
        empty if no route can end there. A move stopped by a porcupine is no blocked
        move: those routes are in the route set. Kept for a few arrangements of the
        ostriches on the move's way (``walk_reach``) per move."""
        key = move_key(start, points, target, mode)
        known = self._blocked.get(key)
        if known is None:
            known = self._blocked[key] = {}
        local = occ & self.walk_reach(start, points, target, mode)
        got = known.get(local)
        if got is None:
            got = tuple(self._blocked_search(start, points, target, mode, occ))
            if len(known) < BLOCKED_VARIANTS:  # memory stays bounded
                known[local] = got
        return list(got)

    def _blocked_search(self, start: int, points: int, target: int, mode: int, occ: int) -> List[Tuple[RouteEnd, int]]:
        """``blocked_ends`` by depth-first search."""
        feat, bit, lane = self.feat, self.bit, self.lane
        allowed = self.toward[target]
        ignore, boing, no_end = mode != NORMAL, mode & BOING, NO_END[mode]
        best = [0]
        found: Dict[tuple, int] = {}

        def walk(s, left, mask, water, cheetahs, warthog):
            for t in allowed[s]:
                f = feat[t]
                cost = 2 if f & QUICKSAND and not ignore else 1
                if cost > left or (f & LION and not ignore):
                    continue
                taken = occ & bit[t]
                if taken and not boing:
                    continue  # no passing through another ostrich
                nmask = mask | bit[t]
                nwater = water + 1 if f & WATER else water
                used = points - left + cost
                if not ignore:
                    if f & PORCUPINE:
                        continue
                    cheetahs2 = cheetahs + 1 if f & CHEETAH else cheetahs
                    warthog2 = warthog or bool(f & WARTHOG)
                else:
                    cheetahs2, warthog2 = cheetahs, warthog
                if not taken and used >= best[0] and not f & no_end and (lane[t] == target or lane[t] < 0):
                    if used > best[0]:  # further than any stop so far: only the furthest count
                        best[0] = used
                        found.clear()
                    found.setdefault((t, nwater, cheetahs2, warthog2, Ending.BLOCKED), nmask)
                if left > cost:
                    walk(t, left - cost, nmask, nwater, cheetahs2, warthog2)

        walk(start, points, 0, 0, 0, False)
        return [(self._route_end(key), mask) for key, mask in found.items()]

    def __repr__(self) -> str:
        return f"<Track {self.course.name}: {len(self.tiles)} tiles, {self.size - 1} spaces>"


class _Space(NamedTuple):
    name: str
    pos: int
    tile_id: str
    lane: int
    index: int
    section: int
    tree_d: int
    feat: int
    dune: int
    rank: int


class _RowTrees(NamedTuple):
    """The baobab side a tile's normal rows use for race order: before and after its rope bridge."""

    before: str
    after: str


def _row_trees(layout, pos: int, side) -> _RowTrees:
    """A tile's own baobab side, except on a rope-bridge tile: its rows before the bridge take
    the side of the tile before it, the rows after take the side of the tile after it
    (GAMES.md 1.2.1: the footprints count as their adjoining track tile's)."""
    tile = layout[pos][0]
    if side is None or side.bridge is None:
        return _RowTrees(tile.tree, tile.tree)
    return _RowTrees(layout[pos - 1][0].tree, layout[pos + 1][0].tree)


def _shifted_any(ends: List[int], nexts) -> int:
    """The step counts that work from a space: one more than those that work from a next space."""
    out = 0
    for t in nexts:
        out |= ends[t] << 1
    return out & ((1 << MAX_POINTS) - 1)


def _corner_section(d: int, i: int) -> int:
    """The section (0-2) of space ``i`` of a corner lane at distance ``d`` from the tree."""
    counts = CORNER_SECTIONS[d]
    sec, acc = 0, counts[0]
    while i >= acc:
        sec += 1
        acc += counts[sec]
    return sec


def race_order(track: Track, pos: Sequence[int], start_order: Sequence[int]) -> List[int]:
    """Seats from 1st to last (``tails.order.race-position``): ostriches on the track
    by their space's race key, then those behind the start line in starting order."""
    rank = track.rank
    start_rank = {p: i for i, p in enumerate(start_order)}
    return sorted(range(len(pos)), key=lambda p: (-rank[pos[p]], start_rank[p]))


@functools.lru_cache(maxsize=8)
def track_for(course: Course) -> Track:
    """The (shared, cached) track of a course: route tables are reused across games."""
    return Track(course)
