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

from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from ..core.errors import DataError
from .data import CORNER_SECTIONS, COURSES, LANES, TILES, Tile

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

# route-search modes: how much of the track is ignored
NORMAL, TIPTOE, BOING = 0, 1, 2
# how a movement ends: full length, blocked short, not at all, a one-space move, in a porcupine
FULL, BLOCKED, STAYED, ONE, PORC = range(5)

RECOMMENDED_TILES = 14
RECOMMENDED_WATER = 3


@dataclass(frozen=True)
class Course:
    """An ordered chain of (tile, side): start tile, track tiles, finish tile."""

    name: str
    tiles: Tuple[Tuple[Tile, str], ...]

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


class RouteSet:
    """Every route of one normal move (start, points, card lane, mode), without ostriches.

    ``full`` groups full-length routes ending on the card lane (or a bridge) by their
    effect ``(end, water, cheetahs, warthog)``; ``porcupine`` likewise for moves that
    stop in a porcupine; ``prefixes`` (filled on demand by ``Track.prefixes``) lists
    every legal end reached on the way, for blocked moves. Each route of a group is
    ``(mask, base)``: the bit mask of the spaces where an ostrich would spoil it (all
    its spaces; with Boinnnggg only its end), for a fast test against the ostriches,
    and ``base = (end, water, cheetahs, warthog, how, steps)`` for the move generator.
    """

    __slots__ = ("full", "porcupine", "prefixes", "bare", "mode", "key")

    def __init__(self, full, porcupine, prefixes, bare, mode, key):
        self.full = full
        self.porcupine = porcupine
        self.prefixes = prefixes
        self.bare = bare
        self.mode = mode
        self.key = key


class Track:
    """The space graph of a course, as flat tables indexed by space id."""

    def __init__(self, course: Course, virtual: int = VIRTUAL_STRAIGHTS):
        self.course = course
        self.names: List[str] = ["start"]
        self.tile_pos: List[int] = [-1]
        self.tile_id: List[str] = [""]
        self.lane: List[int] = [-1]
        self.index: List[int] = [-1]
        self.section: List[int] = [-1]
        self.tree_d: List[int] = [-1]
        self.feat: List[int] = [0]
        self.dune: List[int] = [0]
        self.rank: List[int] = [-1]
        self.tiles: List[Tile] = [t for t, _ in course.tiles]
        finish = self.tiles[-1]
        self.finish_pos = len(self.tiles) - 1
        self.finish_tree = finish.tree
        # per tile: {(lane, index): space} and bridge spaces
        self.grid: List[Dict[Tuple[int, int], int]] = []
        self.bridges: List[List[int]] = []
        self.bridge_rows: List[Optional[Tuple[int, int]]] = []
        self.tile_kind: List[str] = []
        layout = [(t, s, t.id) for t, s in course.tiles]
        for v in range(virtual):
            layout.append((Tile(f"V{v + 1}", "straight", finish.tree, finish.easy, finish.easy), "easy", f"V{v + 1}"))
        self.virtual_from = len(self.tiles)
        for pos, (tile, side_name, tid) in enumerate(layout):
            side = tile.side(side_name) if pos < len(self.tiles) else None
            bridge = side.bridge if side is not None else None
            feats = {(f.lane, f.index): f for f in (side.features if side is not None else ())}
            cells: Dict[Tuple[int, int], int] = {}
            bridge_ids: List[int] = []
            self.tile_kind.append(tile.kind)
            self.bridge_rows.append(bridge)
            for lane in range(4):
                d = tile.tree_distance(lane)
                length = tile.lane_length(lane)
                for i in range(length):
                    if bridge is not None and bridge[0] <= i <= bridge[1]:
                        continue
                    if tile.is_corner:
                        counts = CORNER_SECTIONS[d]
                        sec, acc = 0, counts[0]
                        while i >= acc:
                            sec += 1
                            acc += counts[sec]
                    else:
                        sec = i
                    f = feats.get((lane, i))
                    cells[(lane, i)] = self._add(f"{tid}:{LANES[lane]}:{i}", pos, tid, lane, i, sec, d,
                                                 FEATURE_BITS[f.kind] if f else 0,
                                                 (1 if f.direction == "forward" else -1) if f and f.kind == "dune" else 0)
            if bridge is not None:
                for k, row in enumerate(range(bridge[0], bridge[1] + 1)):
                    bridge_ids.append(self._add(f"{tid}:bridge:{k}", pos, tid, -1, k, row, -1, 0, 0))
            self.grid.append(cells)
            self.bridges.append(bridge_ids)
        self.size = len(self.names)
        self.by_name = {n: s for s, n in enumerate(self.names)}
        self.bit = [1 << s for s in range(self.size)]
        self._link()
        self._distances()
        #: per card lane, the links each space may take under the lane-change rules
        self.toward = [[tuple(t for t, k in self.succ[x] if self.step_allowed(self.lane[x], t, k, target))
                        for x in range(self.size)] for target in range(4)]
        self._routes: Dict[tuple, RouteSet] = {}
        self._bare: Dict[tuple, bool] = {}

    def _add(self, name, pos, tid, lane, i, sec, d, feat, dune) -> int:
        s = len(self.names)
        self.names.append(name)
        self.tile_pos.append(pos)
        self.tile_id.append(tid)
        self.lane.append(lane)
        self.index.append(i)
        self.section.append(sec)
        self.tree_d.append(d)
        self.feat.append(feat)
        self.dune.append(dune)
        if lane < 0:
            self.rank.append(pos * 10000 + sec * 100 + 50)
        else:
            self.rank.append(pos * 10000 + sec * 100 + (3 - d) * 10 + i)
        return s

    # -- links -----------------------------------------------------------------
    def _first_row(self, pos: int, lane: int) -> int:
        return self.grid[pos][(lane, 0)]

    def _link(self) -> None:
        n = self.size
        succ: List[List[Tuple[int, int]]] = [[] for _ in range(n)]
        self.fwd = [-1] * n          # forward link along the lane (may lead onto a bridge)
        self.back = [-1] * n         # the space whose forward link along this lane leads here
        self.exits: List[Tuple[int, ...]] = [()] * n  # last bridge space -> row after, by lane
        last_pos = len(self.grid) - 1
        for lane in range(4):
            succ[START].append((self._first_row(0, lane), ENTRY))
        for pos, cells in enumerate(self.grid):
            tile_len = {lane: max(i for (l, i) in cells if l == lane) for lane in range(4)}
            bridge = self.bridge_rows[pos]
            for (lane, i), s in cells.items():
                nxt = None
                if i < tile_len[lane]:
                    if bridge is not None and i + 1 == bridge[0]:
                        nxt = (self.bridges[pos][0], BRIDGE_IN)
                    else:
                        nxt = (cells[(lane, i + 1)], FORWARD)
                elif pos < last_pos:
                    nxt = (self._first_row(pos + 1, lane), FORWARD)
                if nxt is not None:
                    succ[s].append(nxt)
                    self.fwd[s] = nxt[0]
                    if nxt[1] == FORWARD:
                        self.back[nxt[0]] = s
                if nxt is not None and nxt[1] == BRIDGE_IN:
                    continue  # every lane funnels onto the bridge: no diagonal there
                for other in (lane - 1, lane + 1):
                    if not 0 <= other < 4:
                        continue
                    t = self._diagonal(pos, lane, i, other)
                    if t is not None:
                        succ[s].append((t, DIAGONAL))
            for k, b in enumerate(self.bridges[pos]):
                if k + 1 < len(self.bridges[pos]):
                    succ[b].append((self.bridges[pos][k + 1], FORWARD))
                    self.fwd[b] = self.bridges[pos][k + 1]
                else:
                    row = bridge[1] + 1
                    self.exits[b] = tuple(cells[(lane, row)] for lane in range(4))
                    for t in self.exits[b]:
                        succ[b].append((t, BRIDGE_OUT))
        self.succ: List[Tuple[Tuple[int, int], ...]] = [tuple(x) for x in succ]

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
        # every link leads to a space of higher race rank: one sweep, highest first
        for s in sorted(range(n), key=lambda x: -self.rank[x]):
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
        key = (start, points, target)
        got = self._bare.get(key)
        if got is None:
            got = self._bare_search(start, points, target)
            self._bare[key] = got
        return got

    def _bare_search(self, s: int, points: int, target: int) -> bool:
        if points == 0:
            return self.lane[s] == target or self.lane[s] < 0 and s != START
        lane_s = self.lane[s]
        for t, kind in self.succ[s]:
            if not self.step_allowed(lane_s, t, kind, target):
                continue
            if self.bare_reach(t, points - 1, target):
                return True
        return False

    def step_allowed(self, lane_s: int, t: int, kind: int, target: int) -> bool:
        """The lane-change rules of a normal move toward lane ``target``."""
        if kind == DIAGONAL:
            return abs(self.lane[t] - target) < abs(lane_s - target)
        if kind == BRIDGE_OUT:
            return self.lane[t] == target
        return True

    def routes(self, start: int, points: int, target: int, mode: int) -> RouteSet:
        key = (start, points, target, mode)
        got = self._routes.get(key)
        if got is None:
            got = self._search(start, points, target, mode)
            if len(self._routes) > 400_000:
                self._routes.clear()
            self._routes[key] = got
        return got

    def prefixes(self, rs: "RouteSet") -> tuple:
        """Every legal end reached on the way, most points used first (for blocked moves)."""
        if rs.prefixes is None:
            rs.prefixes = self._search(*rs.key, want_prefixes=True)
        return rs.prefixes

    def _search(self, start: int, points: int, target: int, mode: int, want_prefixes: bool = False):
        full: Dict[tuple, list] = {}
        porc: Dict[tuple, list] = {}
        prefixes: List[tuple] = []
        lane, feat, bit = self.lane, self.feat, self.bit
        ignore = mode != NORMAL
        boing = mode == BOING
        steps: List[int] = []

        allowed = self.toward[target]

        def walk(s, left, mask, water, cheetah, warthog):
            for t in allowed[s]:
                f = feat[t]
                cost = 1
                if not ignore:
                    if f & LION:
                        continue
                    if f & QUICKSAND:
                        cost = 2
                if cost > left:
                    continue
                nleft = left - cost
                nmask = mask | bit[t]
                steps.append(t)
                nwater = water + 1 if f & WATER else water
                ncheetah = cheetah
                nwart = warthog
                if not ignore:
                    if f & CHEETAH:
                        ncheetah += 1
                    if f & WARTHOG:
                        nwart = True
                    if f & PORCUPINE:
                        effect = (t, nwater, ncheetah, nwart)
                        porc.setdefault(effect, []).append((nmask, tuple(steps)))
                        if want_prefixes:
                            prefixes.append((points - nleft, effect, nmask, tuple(steps)))
                        steps.pop()
                        continue
                endable = ignore or not f & CROCODILE
                if want_prefixes and endable:
                    prefixes.append((points - nleft, (t, nwater, ncheetah, nwart),
                                     bit[t] if boing else nmask, tuple(steps)))
                if nleft == 0:
                    if endable and (lane[t] == target or lane[t] < 0):
                        full.setdefault((t, nwater, ncheetah, nwart), []).append(
                            (bit[t] if boing else nmask, tuple(steps)))
                else:
                    walk(t, nleft, nmask, nwater, ncheetah, nwart)
                steps.pop()

        walk(start, points, 0, 0, 0, False)
        if want_prefixes:
            prefixes.sort(key=lambda p: -p[0])
            return tuple(prefixes)
        # each route as (mask, base): base = (end, water, cheetahs, warthog, how, steps)
        return RouteSet(tuple(tuple((mask, e + (FULL, st)) for mask, st in r) for e, r in full.items()),
                        tuple(tuple((mask, e + (PORC, st)) for mask, st in r) for e, r in porc.items()),
                        None, self.bare_reach(start, points, target), mode, (start, points, target, mode))

    def __repr__(self) -> str:
        return f"<Track {self.course.name}: {len(self.tiles)} tiles, {self.size - 1} spaces>"


_TRACKS: Dict[tuple, Track] = {}


def track_for(course: Course) -> Track:
    """The (shared, cached) track of a course: route tables are reused across games."""
    key = (course.name, course.tiles)
    got = _TRACKS.get(key)
    if got is None or got.course != course:
        got = Track(course)
        if len(_TRACKS) > 32:
            _TRACKS.clear()
        _TRACKS[key] = got
    return got
