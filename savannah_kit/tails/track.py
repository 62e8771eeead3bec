"""Savannah Tails geometry: a course of tiles, and the space graph the ostriches run on.

A ``Course`` is the ordered list of (tile, side) a race uses. A ``Track`` turns it into numbered spaces with
everything the move search needs precomputed in flat tables: the links of every space, its features as bit
flags, its race-order key and its distance to the finish line. Space 0 is the start line (off the board).

Space names read ``T03:blue:2`` (tile, lane, index along the lane from the tile entry), ``T04:bridge:1`` for
rope-bridge spaces, ``V1:red:0`` for the virtual straights added after the finish tile, and ``start`` for the
start line.
"""

from __future__ import annotations

from collections import OrderedDict, namedtuple
from dataclasses import dataclass
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

from ..core.errors import DataError
from .data import CORNER_SECTIONS, COURSES, LANES, MODE_COUNT, TILES, Tile, need, tree_distance

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

#: more movement points than any move has: a 6 plus the bonus movement of 5th place is 11
MAX_POINTS = 12
#: the lanes a move may end on, as ``move_key`` counts them: a card lane 0-3, or ANY lane (a one-space move)
ANY = 4
#: what can be played, as a number (``CardPlay.key``): a card code 0-19, Crazy Wings 20-23 by lane, 24 Déjà vu
PLAY_KEYS = 25


@dataclass(frozen=True)
class Course:
    """An ordered chain of (tile, side): start tile, track tiles, finish tile (``build_course``
    checks one; ``design`` holds the rules of laying one out on the table)."""

    name: str
    tiles: Tuple[Tuple[Tile, str], ...]

    @property
    def spec(self) -> List[List[str]]:
        return [[t.id, side] for t, side in self.tiles]


def build_course(tiles: Sequence, name: str = "custom", catalogue: Optional[Dict[str, Tile]] = None) -> Course:
    """A course from ``[(tile_id, side), ...]``; raises ``DataError`` naming the bad entry."""
    catalogue = TILES if catalogue is None else catalogue
    need(isinstance(tiles, (list, tuple)), "course", f"expected a list of [tile id, side], got {type(tiles).__name__}")
    need(len(tiles) >= 2, "course", "a course needs at least the start and the finish tile")
    chain, seen, last = [], set(), len(tiles) - 1
    for i, pair in enumerate(tiles):
        where = f"course[{i}]"
        need(isinstance(pair, (list, tuple)) and len(pair) == 2, where, f"expected [tile id, side], got {pair!r}")
        tid, side = pair
        need(tid in catalogue, where, f"unknown tile {tid!r}")
        need(side in ("easy", "hard"), where, f"side must be 'easy' or 'hard', not {side!r}")
        need(tid not in seen, where, f"tile {tid} is used twice; each tile exists once")
        seen.add(tid)
        tile = catalogue[tid]
        need(i != 0 or tile.kind == "start", where, f"a course starts with the start tile, not {tid} ({tile.kind})")
        need(i != last or tile.kind == "finish", where, f"a course ends with the finish tile, not {tid} ({tile.kind})")
        need(i in (0, last) or tile.kind not in ("start", "finish"), where,
             f"the {tile.kind} tile {tid} can only be at the {'start' if tile.kind == 'start' else 'end'}")
        chain.append((tile, side))
    return Course(name, tuple(chain))


def named_course(name: str, catalogue: Optional[Dict[str, Tile]] = None) -> Course:
    """One of the kit's courses, built from ``catalogue`` (default: the kit's tiles)."""
    if not isinstance(name, str) or name not in COURSES:
        raise DataError("course", f"unknown course {name!r}; choose from {', '.join(sorted(COURSES))}")
    return build_course(COURSES[name], name, catalogue)


class RouteEnd(NamedTuple):
    """One distinct way a movement can end: where, and what it met on the way.

    Routes that differ only in the order of their lane changes but meet the same water holes and animals are the
    same move (``tails.move.free-lane-timing``)."""

    end: int
    water: int      # water-hole spaces entered
    cheetahs: int   # cheetah spaces that took effect
    warthog: bool   # a warthog space took effect
    ending: int     # how the movement ended: an ``Ending`` (a plain number in the route sets)


def move_key(start: int, points: int, target: int, mode: int) -> int:
    """A movement's question (from ``start``, ``points`` toward lane ``target`` or ``ANY``,
    in ``mode``) as one number: its slot in the track's route sets (``Track.route_sets``)."""
    return ((start * MAX_POINTS + points) * (ANY + 1) + target) * MODE_COUNT + mode


def steps_of(mask: int) -> Tuple[int, ...]:
    """The spaces of a route mask, in the order the ostrich enters them (ids grow along every link)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


class Track:
    """The space graph of a course, as flat tables indexed by space id.

    Space ids follow race order (``rank``): the start line is 0, and every link leads to a higher id, so a set of
    spaces (a bit mask) read in ascending order is a route. The track also keeps the answers of the step rules'
    route search (``step.route_set``), one slot per question, so its memory is set by the course, not by how many
    races are run on it; ``forget_routes`` empties them. Those answers follow the rulings that change a step
    (``tails.options``): ``boinnnggg_end`` (K6) and ``porcupine`` (K7), read by ``step``, and ``one_space`` (A2: with
    "any" a one-space move may also step sideways or back, ``aside``), so a race with one of them has its own track."""

    def __init__(self, course: Course, virtual: int = VIRTUAL_STRAIGHTS, boinnnggg_end: str = "acts",
                 one_space: str = "forward", porcupine: str = "anywhere"):
        self.course, self.boinnnggg_end, self.one_space, self.porcupine = course, boinnnggg_end, one_space, porcupine
        self.tiles: List[Tile] = [t for t, _ in course.tiles]
        finish = self.tiles[-1]
        self.finish_pos = len(self.tiles) - 1
        self.finish_tree = finish.tree
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
        #: per lane a move may end on (card lanes 0-3, then ``ANY``), the next spaces each space
        #: may step to under the lane-change rules (a one-space move takes any link)
        self.toward = [[tuple(t for t, k in self.succ[x] if self.step_allowed(self.lane[x], t, k, target))
                        for x in range(self.size)] for target in range(4)]
        #: the spaces each space links to, whatever the lane: the guide lines, forward or diagonally forward
        self.ahead = [tuple(t for t, _k in self.succ[x]) for x in range(self.size)]
        self.toward.append([self.ahead[x] + self.aside(x) if one_space == "any" else self.ahead[x]
                            for x in range(self.size)])
        self._bare = self._bare_tables()
        #: the spaces that may do something to a moving ostrich besides a water hole (quicksand, a
        #: cheetah, a warthog), as a mask: the story of a move looks closer only where it meets one
        self.narrated = sum(self.bit[x] for x in range(self.size) if self.feat[x] & (QUICKSAND | CHEETAH | WARTHOG))
        self.forget_routes()

    def forget_routes(self) -> None:
        """Empty the route sets and moves found so far (a course no longer raced need not keep them)."""
        #: the step rules' answer to each movement question, by ``move_key`` (``step.route_set``)
        self.route_sets: List[Optional[tuple]] = [None] * (self.size * MAX_POINTS * (ANY + 1) * MODE_COUNT)
        #: the moves with nothing chosen on the way, one object per (what is played, kind, mode, end,
        #: warthog), shared by every race on the course (``generate._plain_move``)...
        self.moves: List[Optional[object]] = [None] * (PLAY_KEYS * 2 * MODE_COUNT * self.size * 2)
        #: what follows the steps of a move with nothing to choose, per end space (``step.plain_finish``)
        self.finishes: List[Optional[tuple]] = [None] * self.size
        #: the moves each thing played makes from each space where nobody stands in the way
        #: (``generate.known_moves``: the generator's one memo, bounded by ``KNOWN_LIMIT``)
        self.known: Dict[int, tuple] = {}
        #: one copy of each move and plan with choices that ``known`` keeps (emptied with it)
        self.chosen: Dict[object, object] = {}

    # -- spaces ----------------------------------------------------------------
    def _tile_spaces(self, pos: int, tile: Tile, tid: str, side, trees: Tuple[str, str]) -> List["_Space"]:
        """The spaces of one tile (lanes, then its rope bridge), with their race-order keys."""
        bridge = side.bridge if side is not None else None
        feats = {(f.lane, f.index): f for f in (side.features if side is not None else ())}
        out = []
        for lane in range(4):
            for i in range(tile.lane_length(lane)):
                if bridge is not None and bridge[0] <= i <= bridge[1]:
                    continue
                d = tree_distance(trees[0] if bridge is None or i < bridge[0] else trees[1], lane)
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
        #: one list per ``_Space`` field, by space id: ``names``, ``tile_pos``, ``tile_id``, ``lane``,
        #: ``index``, ``section``, ``tree_d``, ``feat``, ``dune``, ``rank``
        for column, values in zip(("names", "tile_pos") + _Space._fields[2:], zip(*table)):
            setattr(self, column, list(values))
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
    def _link(self) -> None:
        n = self.size
        succ: List[List[Tuple[int, int]]] = [[] for _ in range(n)]
        self.fwd = [-1] * n          # forward link along the lane (may lead onto a bridge)
        self.back = [-1] * n         # the space whose forward link along this lane leads here
        self.exits: List[Tuple[int, ...]] = [()] * n  # last bridge space -> row after, by lane
        for lane in range(4):
            succ[START].append((self.grid[0][(lane, 0)], ENTRY))
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
        if bridge is not None and i + 1 == bridge[0]:
            nxt = (self.bridges[pos][0], BRIDGE_IN)
        elif (lane, i + 1) in cells:
            nxt = (cells[(lane, i + 1)], FORWARD)
        elif pos + 1 < len(self.grid):
            nxt = (self.grid[pos + 1][(lane, 0)], FORWARD)
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
                self.fwd[b], self.back[spaces[k + 1]] = spaces[k + 1], b
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
            return self.grid[pos + 1][(other, 0)]
        return None

    def aside(self, x: int) -> Tuple[int, ...]:
        """The spaces no guide line leads to from ``x`` that a one-space move may take with
        ``one_space="any"`` (A2 b): those of the neighbouring lanes level with it (same tile and
        section: the same row on a straight), then the one behind it along its lane (never the start line)."""
        lane, cells = self.lane[x], self.grid[self.tile_pos[x]] if self.lane[x] >= 0 else {}
        level = tuple(t for (other, _i), t in cells.items()
                      if abs(other - lane) == 1 and self.section[t] == self.section[x])
        return level + ((self.back[x],) if self.back[x] > START else ())

    def forward(self, s: int, lane: int) -> int:
        """The next space straight ahead; from the last bridge space, onto ``lane``."""
        if self.exits[s]:
            return self.exits[s][lane] if lane >= 0 else -1
        return self.fwd[s]

    # -- finish distance -------------------------------------------------------
    def _distances(self) -> None:
        """``score[s]``: spaces past the finish line (row 3 of the finish tile = 1),
        or, before the line, 1 minus the fewest steps still needed to cross it."""
        n, fin, pos, index = self.size, self.finish_pos, self.tile_pos, self.index
        past = [(pos[s] - fin) * 6 + index[s] - 2 if s != START and self.lane[s] >= 0 and (
            pos[s] > fin or pos[s] == fin and index[s] >= 3) else 0 for s in range(n)]
        steps = [0] * n
        for s in range(n - 1, -1, -1):  # every link leads to a higher id: one sweep from the end
            if past[s] <= 0:
                steps[s] = min((steps[t] + 1 for t, _k in self.succ[s]), default=10 ** 6)
        self.score = [past[s] if past[s] > 0 else 1 - steps[s] for s in range(n)]
        self.crossed = [past[s] > 0 for s in range(n)]

    # -- route search ----------------------------------------------------------
    def bare_reach(self, start: int, points: int, target: int) -> bool:
        """Can a move of ``points`` steps end on lane ``target`` on the bare track
        (no ostriches, animals or quicksand), obeying the lane-change rule?"""
        return points < MAX_POINTS and bool(self._bare[target][start] >> points & 1)

    def _bare_tables(self) -> List[List[int]]:
        """Per card lane and space, a bit mask of the step counts (0 to MAX_POINTS - 1) that can
        end on that lane on the bare track: one sweep from the end, as links lead to higher ids."""
        tables = []
        for target in range(4):
            ends = [1 if self.lane[s] == target or (self.lane[s] < 0 and s != START) else 0 for s in range(self.size)]
            for s in range(self.size - 1, -1, -1):
                for t in self.toward[target][s]:
                    ends[s] |= ends[t] << 1 & (1 << MAX_POINTS) - 1
            tables.append(ends)
        return tables

    def step_allowed(self, lane_s: int, t: int, kind: int, target: int) -> bool:
        """The lane-change rules of a normal move toward lane ``target``."""
        if kind == DIAGONAL:
            return abs(self.lane[t] - target) < abs(lane_s - target)
        if kind == BRIDGE_OUT:
            return self.lane[t] == target
        return True

    def __repr__(self) -> str:
        return f"<Track {self.course.name}: {len(self.tiles)} tiles, {self.size - 1} spaces>"


#: one space as ``Track._tile_spaces`` makes it; ``Track._number`` turns each field into a table by space id
_Space = namedtuple("_Space", "name pos tile_id lane index section tree_d feat dune rank")


def _row_trees(layout, pos: int, side) -> Tuple[str, str]:
    """The baobab side a tile's normal rows use for race order, before and after its rope bridge: the tile's own,
    except on a rope-bridge tile: its rows before the bridge take the side of the tile before it, the rows after
    that of the tile after it (GAMES.md 1.2.1: the footprints count as their adjoining track tile's)."""
    if side is None or side.bridge is None:
        return layout[pos][0].tree, layout[pos][0].tree
    return layout[pos - 1][0].tree, layout[pos + 1][0].tree


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


#: the tracks races share, least recently asked for first (``track_for``), by course and rulings
_SHARED: "OrderedDict[tuple, Track]" = OrderedDict()
#: how many tracks are shared at once: each keeps the route sets found on it
SHARED_TRACKS = 8


def track_for(course: Course, **rulings: str) -> Track:
    """The shared track of a course under the rulings that change a step (``Track``): its
    route sets are reused by every race on it."""
    key = (course, *sorted(rulings.items()))
    track = _SHARED.pop(key, None) or Track(course, **rulings)
    _SHARED[key] = track
    while len(_SHARED) > SHARED_TRACKS:
        _SHARED.popitem(last=False)
    return track


def forget_course(course: Optional[Course] = None) -> None:
    """Drop the route sets of ``course`` (of every course: None) and stop sharing its tracks:
    memory for courses no longer raced (a race still running keeps its own track)."""
    for key in [key for key in _SHARED if course is None or key[0] == course]:
        _SHARED.pop(key).forget_routes()
