"""The course of a Savannah Tails picture (``render``): where each tile and space lies on a grid
(``Layout``: the course cut into pieces that fit, straights and corners, the diagonal links),
and how a tile is drawn (sand, lanes, footprints, baobabs, the features of its hard side), with
the small drawings the panels share (ostrich tokens, bonus markers)."""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING, Dict, List, NamedTuple, Optional, Sequence, Tuple

from ..core.scene import Shape, circle, line, polygon, rect, text
from .data import CORNER_LENGTHS, LANES, BonusState
from .render_style import (CELL, FEATURE_TEXT, LANE_EDGE, LANE_FILL, MARGIN, MAX_COLS, MAX_ROWS, ORDINALS, PLAYER_FILL,
                           PLAYER_INK, SAND, SAND_EDGE, SAND_INK, SEG_GAP, VIRTUAL_SAND)
from .track import BRIDGE_OUT, DIAGONAL, FEATURE_NAMES

if TYPE_CHECKING:
    from .rules import TailsGame
    from .track import Track


# -- geometry: the course on a grid ------------------------------------------------------------------

E, S_, W_, N = (1, 0), (0, 1), (-1, 0), (0, -1)


def _left(h):
    return (h[1], -h[0])


def _right(h):
    return (-h[1], h[0])


class Placed(NamedTuple):
    """A tile on the picture: its course position, cell corner (x, y) and heading in."""

    pos: int
    tile_id: str
    kind: str
    tree: str
    x: float
    y: float
    h: Tuple[int, int]
    virtual: bool


class Spot(NamedTuple):
    """Where a space is drawn: centre, unit direction of travel, footprint length."""

    x: float
    y: float
    dx: float
    dy: float
    length: float


def _grow(kinds: Sequence[str], start: int, heading, cols: int, rows: int):
    """Tiles from ``start`` laid end to end from (0, 0) facing ``heading``, until the next
    would leave a ``cols`` × ``rows`` box or land on a cell already used: [(pos, cx, cy, h)]."""
    cells: Dict[Tuple[int, int], int] = {}
    out = []
    x = y = 0
    h = heading
    for pos in range(start, len(kinds)):
        if out:
            x, y = x + h[0], y + h[1]
            xs = [c[1] for c in out] + [x]
            ys = [c[2] for c in out] + [y]
            if (x, y) in cells or max(xs) - min(xs) >= cols or max(ys) - min(ys) >= rows:
                break
        cells[(x, y)] = pos
        out.append((pos, x, y, h))
        if kinds[pos] == "corner_l":
            h = _left(h)
        elif kinds[pos] == "corner_r":
            h = _right(h)
    return out


def _segments(kinds: Sequence[str], cols: int, rows: int, real: int) -> List[list]:
    """The course cut into pieces that each keep their real shape: the first faces east, each
    later one the heading that lays the most tiles of the ``real`` course (east first on a tie;
    the extra straights after the finish never decide)."""
    segs, start = [], 0
    while start < len(kinds):
        if not segs:
            seg = _grow(kinds, start, E, cols, rows)
        else:
            seg = max((_grow(kinds, start, h, cols, rows) for h in (E, S_, W_, N)),
                      key=lambda g: (sum(1 for t in g if t[0] < real), len(g)))
        segs.append(seg)
        start += len(seg)
    return segs


class Layout:
    """The static picture of a course (or of a window of its tiles): where every tile and
    space goes, and the shapes of the tiles in three layers (sand, guide lines, marks)."""

    def __init__(self, track: "Track", first: int, last: int, cell: float, cols: int, rows: int, links: bool,
                 big_text: float = 0.0):
        self.track, self.cell, self.first, self.last = track, cell, first, last
        #: the classroom look (``big_text`` > 0: the smallest text, scene units): no tile ids, large
        #: lettered badges, and footprints as long as the cell allows (no 24-unit cap)
        self.big_text = big_text
        self.cap = 24.0 if not big_text else float("inf")
        c = cell
        self.m = m = MARGIN * c
        self.lane_w = (c - 2 * m) / 4
        kinds = track.tile_kind[first:last + 1]
        tiles = track.tiles
        finish_tree = track.finish_tree
        segs = _segments(kinds, cols, rows, len(tiles) - first)
        # pack the pieces on shelves, left to right, at most ``cols`` cells wide
        limit = cols * c
        x = y = shelf_h = 0.0
        self.tiles: Dict[int, Placed] = {}
        self.cuts: List[Tuple[str, int, int]] = []
        tile_ids = self._tile_ids(track)
        for k, seg in enumerate(segs):
            minx = min(p[1] for p in seg)
            miny = min(p[2] for p in seg)
            w = (max(p[1] for p in seg) - minx + 1) * c
            h = (max(p[2] for p in seg) - miny + 1) * c
            if x > 0 and x + w > limit + 1e-6:
                x, y, shelf_h = 0.0, y + shelf_h + SEG_GAP, 0.0
            for pos, cx, cy, hd in seg:
                real = pos + first
                virtual = real >= len(tiles)
                tree = finish_tree if virtual else tiles[real].tree
                self.tiles[real] = Placed(real, tile_ids[real], track.tile_kind[real], tree, x + (cx - minx) * c,
                                          y + (cy - miny) * c, hd, virtual)
            if k:
                self.cuts.append((chr(ord("A") + k - 1), seg[0][0] + first - 1, seg[0][0] + first))
            x += w + SEG_GAP
            shelf_h = max(shelf_h, h)
        self.spots: Dict[int, Spot] = {}
        for s in range(1, track.size):
            if track.tile_pos[s] in self.tiles:
                self.spots[s] = self._spot(s)
        self._layers = {pos: self._tile_layers(pos, links) for pos in self.tiles}
        self._shapes: Dict[tuple, Tuple[Tuple[Shape, ...], float, float]] = {}

    @staticmethod
    def _tile_ids(track) -> Dict[int, str]:
        out: Dict[int, str] = {}
        for s in range(1, track.size):
            out.setdefault(track.tile_pos[s], track.tile_id[s])
        return out

    # -- points ------------------------------------------------------------------------
    def at(self, t: Placed, u: float, v: float) -> Tuple[float, float]:
        """Tile-frame (u along travel, v across from the left edge) to picture coordinates."""
        h, r, c = t.h, _right(t.h), self.cell
        ox = t.x + c / 2 - c / 2 * h[0] - c / 2 * r[0]
        oy = t.y + c / 2 - c / 2 * h[1] - c / 2 * r[1]
        return ox + u * h[0] + v * r[0], oy + u * h[1] + v * r[1]

    def _pivot(self, t: Placed) -> Tuple[float, float]:
        """A corner's turning point: its inner corner, where the baobab stands."""
        return self.at(t, 0, 0 if t.kind == "corner_l" else self.cell)

    def arc(self, t: Placed, rho: float, theta: float) -> Tuple[float, float, float, float]:
        """A point of a corner at radius ``rho`` and angle ``theta`` (0 at entry), with the
        direction of travel there."""
        px, py = self._pivot(t)
        h, r = t.h, _right(t.h)
        sgn = 1 if t.kind == "corner_l" else -1
        cs, sn = math.cos(theta), math.sin(theta)
        x = px + rho * (sgn * cs * r[0] + sn * h[0])
        y = py + rho * (sgn * cs * r[1] + sn * h[1])
        return x, y, -sgn * sn * r[0] + cs * h[0], -sgn * sn * r[1] + cs * h[1]

    def lane_v(self, lane: int) -> float:
        return self.m + (lane + 0.5) * self.lane_w

    def _spot(self, s: int) -> Spot:
        tr, c = self.track, self.cell
        t = self.tiles[tr.tile_pos[s]]
        lane, i = tr.lane[s], tr.index[s]
        h = t.h
        if lane < 0:  # a rope-bridge space: in the middle of its row
            row = tr.bridge_rows[t.pos][0] + i
            x, y = self.at(t, (row + 0.5) * c / 6, c / 2)
            return Spot(x, y, h[0], h[1], min(0.9 * c / 6, 28))
        if t.kind in ("corner_l", "corner_r"):
            d = lane if t.tree == "L" else 3 - lane
            n = CORNER_LENGTHS[d]
            rho = self.m + (d + 0.5) * self.lane_w
            x, y, dx, dy = self.arc(t, rho, (i + 0.5) / n * math.pi / 2)
            return Spot(x, y, dx, dy, min(0.76 * rho * math.pi / 2 / n, 0.72 * c / 6, self.cap))
        if t.kind == "start":
            u0 = 0.4 * c
            step = (c - u0) / 3
            x, y = self.at(t, u0 + (i + 0.5) * step, self.lane_v(lane))
            return Spot(x, y, h[0], h[1], min(0.72 * step, 0.72 * c / 6, self.cap))
        x, y = self.at(t, (i + 0.5) * c / 6, self.lane_v(lane))
        return Spot(x, y, h[0], h[1], min(0.72 * c / 6, self.cap))

    def waiting(self, k: int, n: int) -> Tuple[float, float]:
        """Where the ``k``-th of ``n`` ostriches behind the start line waits, side by side."""
        t = self.tiles[0]
        c = self.cell
        return self.at(t, 0.19 * c, self.m + (k + 0.5) * (c - 2 * self.m) / n)

    # -- shapes --------------------------------------------------------------------------
    def _tile_layers(self, pos: int, links: bool) -> Tuple[list, list, list]:
        """(sand, guide lines, marks) of one tile."""
        tr = self.track
        t = self.tiles[pos]
        sand = _sand(self, t)
        guides: list = []
        marks: list = []
        spaces = [s for s in range(1, tr.size) if tr.tile_pos[s] == pos]
        for s in spaces:
            a = self.spots[s]
            for nxt, kind in tr.succ[s]:
                if kind == DIAGONAL and not links:
                    continue
                b = self.spots.get(nxt)
                if b is None or self._cut_between(pos, tr.tile_pos[nxt]) or \
                        (self.tiles[tr.tile_pos[nxt]].virtual and tr.tile_pos[nxt] != pos):
                    continue  # no line into a piece drawn elsewhere, or onto a straight not drawn yet
                colour = LANE_FILL[LANES[tr.lane[s]]] if tr.lane[s] >= 0 else "#6d4c2f"
                if kind in (BRIDGE_OUT, DIAGONAL):
                    colour = "#8a7550"
                guides.append(line([(a.x, a.y), (b.x, b.y)], stroke=colour, width=1.0 if kind == DIAGONAL else 1.6,
                                   opacity=0.3 if kind == DIAGONAL else 0.55,
                                   dash=(3, 3) if kind == DIAGONAL else ()))
        marks += _tile_marks(self, t)
        if t.kind in ("corner_l", "corner_r"):
            marks += corner_sections(self, spaces)
        for s in spaces:
            marks += space_shapes(self, s)
        return sand, guides, marks

    def _cut_between(self, a: int, b: int) -> bool:
        return any(x == a and y == b for _l, x, y in self.cuts)

    def shapes(self, shown: int, dx: float = 0, dy: float = 0) -> Tuple[Tuple[Shape, ...], float, float]:
        """Every static shape with the tiles up to course position ``shown`` (the virtual
        straights past the finish are drawn only once an ostrich needs them), shifted by
        (dx, dy), and the size; kept, so a frame reuses them."""
        key = (shown, round(dx, 2), round(dy, 2))
        got = self._shapes.get(key)
        if got is None and (dx or dy):
            base, w, h = self.shapes(shown)
            got = self._shapes[key] = (tuple(s.moved(dx, dy) for s in base), w, h)
        if got is None:
            poss = [p for p in sorted(self.tiles) if p <= shown]
            out: list = []
            for layer in range(3):
                for p in poss:
                    out += self._layers[p][layer]
            for letter, a, b in self.cuts:
                if b <= shown:
                    out += _cut_badge(self, self.tiles[a], letter, exit=True)
                    out += _cut_badge(self, self.tiles[b], letter, exit=False)
            w = max(self.tiles[p].x for p in poss) + self.cell
            h = max(self.tiles[p].y for p in poss) + self.cell
            got = self._shapes[key] = (tuple(out), w, h)
        return got


@functools.lru_cache(maxsize=16)
def _layout(track: "Track", first: int, last: int, cell: float, cols: int, rows: int, links: bool,
            big_text: float = 0.0) -> Layout:
    return Layout(track, first, last, cell, cols, rows, links, big_text)


def course_layout(game: "TailsGame", cell: float = CELL) -> Layout:
    """The layout of the whole course (virtual straights included, drawn only when needed);
    worked out once per course and kept."""
    tr = game.track
    return _layout(tr, 0, len(tr.tile_kind) - 1, cell, MAX_COLS, MAX_ROWS, False)


# -- drawing the tiles -------------------------------------------------------------------------------

def _sand(lay: Layout, t: Placed) -> list:
    """The tile itself: a square, or a quarter disc for a corner; a gorge under a rope bridge."""
    c = lay.cell
    fill = VIRTUAL_SAND if t.virtual else SAND[t.pos % 2]
    dash = (5, 4) if t.virtual else ()
    title = (f"{t.tile_id}: an extra straight after the finish" if t.virtual
             else f"{t.tile_id}: {t.kind.replace('_l', ' (turns left)').replace('_r', ' (turns right)')}, "
                  f"baobab on the {'left' if t.tree == 'L' else 'right'}")
    if t.kind in ("corner_l", "corner_r"):
        pts = [lay._pivot(t)] + [lay.arc(t, c - 1, k / 16 * math.pi / 2)[:2] for k in range(17)]
        out = [polygon(pts, fill=fill, stroke=SAND_EDGE, width=1.2, dash=dash, title=title)]
    else:
        pts = [lay.at(t, 1, 1), lay.at(t, c - 1, 1), lay.at(t, c - 1, c - 1), lay.at(t, 1, c - 1)]
        out = [polygon(pts, fill=fill, stroke=SAND_EDGE, width=1.2, dash=dash, title=title)]
    bridge = lay.track.bridge_rows[t.pos]
    if bridge is not None:
        u0, u1 = bridge[0] * c / 6, (bridge[1] + 1) * c / 6
        gorge = [lay.at(t, u0, lay.m), lay.at(t, u1, lay.m), lay.at(t, u1, c - lay.m), lay.at(t, u0, c - lay.m)]
        out.append(polygon(gorge, fill="#7d9aa8", stroke="#4f6b78", width=1, title="a gorge: the rope bridge"))
        half = 0.2 * c
        for k in range(bridge[1] - bridge[0] + 1):
            a, b = u0 + k * c / 6 + 2, u0 + (k + 1) * c / 6 - 2
            plank = [lay.at(t, a, c / 2 - half), lay.at(t, b, c / 2 - half), lay.at(t, b, c / 2 + half),
                     lay.at(t, a, c / 2 + half)]
            out.append(polygon(plank, fill="#b98a52", stroke="#6d4c2f", width=1))
        for v in (c / 2 - half - 2, c / 2 + half + 2):
            out.append(line([lay.at(t, u0 - 4, v), lay.at(t, u1 + 4, v)], stroke="#5d3f22", width=2.5))
    return out


def _tile_marks(lay: Layout, t: Placed) -> list:
    """The baobab on the tree side, the tile id on the other, the start and finish lines."""
    c, m = lay.cell, lay.m
    out = []
    side = "left" if t.tree == "L" else "right"
    if t.kind in ("corner_l", "corner_r"):
        tx, ty, _dx, _dy = lay.arc(t, 0.62 * m * math.sqrt(2), math.pi / 4)
        lx, ly, _dx, _dy = lay.arc(t, c - 0.75 * m, math.pi / 4 + 0.33)  # clear of the section numbers
    else:
        tx, ty = lay.at(t, c / 2, m / 2 if t.tree == "L" else c - m / 2)
        lx, ly = lay.at(t, c / 2, c - m / 2 if t.tree == "L" else m / 2)
    out += baobab(tx, ty, 0.85 * m, title=f"{t.tile_id}: the baobab is on the {side} (race order, ties)")
    if not lay.big_text:  # the classroom leaves the tile ids out (its tooltip still names the tile)
        out.append(text(lx, ly, t.tile_id, size=max(9.0, round(0.055 * c, 1)), fill=SAND_INK, bold=True,
                        title=f"tile {t.tile_id}"))
    if t.kind == "start":
        u = 0.4 * c
        out.append(polygon([lay.at(t, u - 2.5, m), lay.at(t, u + 2.5, m), lay.at(t, u + 2.5, c - m),
                            lay.at(t, u - 2.5, c - m)], fill="#ffffff", stroke="#1f1f1f", width=1.2,
                           title="the start line: ostriches wait behind it"))
    if t.kind == "finish":
        out += chequered(lay, t, c / 2, "the finish line (between rows 3 and 4)")
    return out


SECTION_INK = "#5d4037"


def corner_sections(lay: Layout, spaces: Sequence[int]) -> list:
    """A corner's 3 sections (the race order compares ostriches by section, then lane): a dashed
    line across the lanes between two sections, and each section's number in the sand beyond the
    outer lane, where no token stands."""
    tr = lay.track
    by_lane: Dict[int, List[int]] = {}
    for s in spaces:
        if tr.lane[s] >= 0:
            by_lane.setdefault(tr.lane[s], []).append(s)
    lanes = sorted(by_lane)
    if len(lanes) < 2:
        return []
    inner, outer = min(lanes, key=lambda ln: len(by_lane[ln])), max(lanes, key=lambda ln: len(by_lane[ln]))
    order = sorted(lanes, key=lambda ln: abs(ln - inner))
    out: list = []
    for k in sorted({tr.section[s] for s in spaces})[1:]:
        pts = []
        for ln in order:
            before = [s for s in by_lane[ln] if tr.section[s] == k - 1]
            after = [s for s in by_lane[ln] if tr.section[s] == k]
            if not before or not after:
                break
            a, b = lay.spots[before[-1]], lay.spots[after[0]]
            pts.append(((a.x + b.x) / 2, (a.y + b.y) / 2))
        if len(pts) >= 2:
            (x0, y0), (x1, y1) = pts[0], pts[1]
            (xa, ya), (xb, yb) = pts[-2], pts[-1]
            pts = [(x0 - 0.5 * (x1 - x0), y0 - 0.5 * (y1 - y0)), *pts, (xb + 0.5 * (xb - xa), yb + 0.5 * (yb - ya))]
            out.append(line(pts, stroke=SECTION_INK, width=1.4, dash=(5, 3), opacity=0.85,
                            title=f"corner {tr.tile_id[spaces[0]]}: the line between sections {k} and {k + 1}"))
    if lay.big_text:
        return out
    r = max(6.0, round(0.035 * lay.cell, 1))
    for k in sorted({tr.section[s] for s in spaces}):
        far = [lay.spots[s] for s in by_lane[outer] if tr.section[s] == k]
        near = [lay.spots[s] for s in by_lane[order[-2]] if tr.section[s] == k]
        if not far or not near:
            continue
        fx, fy = sum(p.x for p in far) / len(far), sum(p.y for p in far) / len(far)
        nx, ny = sum(p.x for p in near) / len(near), sum(p.y for p in near) / len(near)
        d = math.hypot(fx - nx, fy - ny) or 1.0
        x, y = fx + (fx - nx) / d * (0.5 * d + r), fy + (fy - ny) / d * (0.5 * d + r)
        out += section_badge(x, y, r, k + 1, f"corner {tr.tile_id[spaces[0]]}, section {k + 1} of 3 (race order)")
    return out


def section_badge(x, y, r, number: int, title: Optional[str] = None) -> list:
    """A corner section's number: a white disc with a dashed edge, as the section lines are dashed."""
    return [circle(x, y, r, fill="#ffffff", stroke=SECTION_INK, width=1.2, dash=(2, 1.5), title=title),
            text(x, y + 0.45 * r, str(number), size=round(1.25 * r, 1), bold=True, fill=SECTION_INK, title=title)]


def chequered(lay: Layout, t: Placed, u: float, title: str) -> list:
    """A chequered bar across the lanes at ``u`` (the finish line)."""
    c, m = lay.cell, lay.m
    n, d = 12, 3.2
    step = (c - 2 * m) / n
    out = [polygon([lay.at(t, u - d, m), lay.at(t, u + d, m), lay.at(t, u + d, c - m), lay.at(t, u - d, c - m)],
                   fill="#ffffff", stroke="#1f1f1f", width=1, title=title)]
    for k in range(n):
        a, b = m + k * step, m + (k + 1) * step
        lo, hi = (u - d, u) if k % 2 else (u, u + d)
        out.append(polygon([lay.at(t, lo, a), lay.at(t, hi, a), lay.at(t, hi, b), lay.at(t, lo, b)],
                           fill="#1f1f1f", title=title))
    return out


def _cut_badge(lay: Layout, t: Placed, letter: str, exit: bool) -> list:
    """A lettered badge on the edge where a piece of the course stops (or goes on)."""
    c, m = lay.cell, lay.m
    if t.kind in ("corner_l", "corner_r"):
        x, y, _dx, _dy = lay.arc(t, c - m / 2, math.pi / 2 if exit else 0)
    else:
        x, y = lay.at(t, c if exit else 0, c - m / 2)
    said = f"the track goes on at the other {letter}"
    size = max(12.0, lay.big_text)
    r = 10 if not lay.big_text else 0.8 * size
    return [circle(x, y, r, fill="#1f1f1f", stroke="#ffffff", width=2, title=said),
            text(x, y, letter, size=size, bold=True, fill="#ffffff", title=said)]


# -- small drawings ---------------------------------------------------------------------------------

def _oriented(x, y, dx, dy, pts):
    """Points given as (along, across) around (x, y), turned to the direction (dx, dy)."""
    return [(x + a * dx - b * dy, y + a * dy + b * dx) for a, b in pts]


#: a footprint, in units of its length: the sole (narrow heel, wide ball) and two toes ahead
_SOLE = tuple((0.36 * math.cos(t) - 0.09, 0.2 * math.sin(t) * (1 + 0.25 * math.cos(t)))
              for t in (2 * math.pi * k / 18 for k in range(18)))
_TOES = ((0.42, -0.12, 0.1), (0.43, 0.11, 0.085))


def footprint(x, y, dx, dy, length, fill, edge, hit=None, title=None) -> list:
    """A footprint pointing along (dx, dy): a sole with a narrow heel and two toes ahead."""
    out = [polygon(_oriented(x, y, dx, dy, [(a * length, b * length) for a, b in _SOLE]), fill=fill, stroke=edge,
                   width=1.1, hit=hit, title=title)]
    for a, b, r in _TOES:
        (tx, ty), = _oriented(x, y, dx, dy, [(a * length, b * length)])
        out.append(circle(tx, ty, r * length, fill=fill, stroke=edge, width=1.1, hit=hit, title=title))
    return out


def _clip(pts, lo: float, hi: float):
    """The part of a convex polygon (along, across) whose ``across`` lies in [lo, hi]."""
    for bound, keep in ((lo, lambda b: b >= lo), (hi, lambda b: b <= hi)):
        out = []
        for k, cur in enumerate(pts):
            prev = pts[k - 1]
            if keep(cur[1]) != keep(prev[1]):
                t = (bound - prev[1]) / (cur[1] - prev[1])
                out.append((prev[0] + t * (cur[0] - prev[0]), bound))
            if keep(cur[1]):
                out.append(cur)
        pts = out
    return pts


def bridge_footprint(x, y, dx, dy, length, hit=None, title=None) -> list:
    """A rope-bridge space: a footprint striped in the four lane colours, red on the left
    (a move of any colour may end here)."""
    sole = [(a * length, b * length) for a, b in _SOLE]
    half = max(abs(b) for _a, b in sole)
    out = []
    for k, lane in enumerate(LANES):
        band = _clip(sole, -half + 2 * half * k / 4, -half + 2 * half * (k + 1) / 4)
        if len(band) >= 3:
            out.append(polygon(_oriented(x, y, dx, dy, band), fill=LANE_FILL[lane], hit=hit, title=title))
    out.append(polygon(_oriented(x, y, dx, dy, sole), stroke="#1f1f1f", width=1.3, hit=hit, title=title))
    for (a, b, r), lane in zip(_TOES, ("red", "black")):
        (tx, ty), = _oriented(x, y, dx, dy, [(a * length, b * length)])
        out.append(circle(tx, ty, r * length, fill=LANE_FILL[lane], stroke="#1f1f1f", width=1.1, hit=hit,
                          title=title))
    return out


def baobab(x, y, s, title=None) -> list:
    """A baobab: a stout trunk under a flat crown, about ``s`` across."""
    trunk = [(x - 0.18 * s, y + 0.5 * s), (x + 0.18 * s, y + 0.5 * s), (x + 0.1 * s, y - 0.05 * s),
             (x - 0.1 * s, y - 0.05 * s)]
    crown = [(x + 0.55 * s * math.cos(a), y - 0.2 * s + 0.28 * s * math.sin(a))
             for a in (2 * math.pi * k / 14 for k in range(14))]
    return [polygon(trunk, fill="#7b5230", stroke="#3e2412", width=0.8, title=title),
            polygon(crown, fill="#4c8a2e", stroke="#1f4712", width=0.8, title=title)]


def feature_icon(kind: str, x, y, s, dx=1.0, dy=0.0, hit=None, title=None) -> list:
    """The icon of a space feature, about ``s`` across; each has its own shape: a drop (water
    hole), a swirl (quicksand), an arrow (dune, pointing along ``(dx, dy)``), a star (lion), a
    spotted diamond (cheetah), a spiky dome (porcupine), a long toothed snout (crocodile), a
    hexagon with tusks (warthog)."""
    kw = dict(hit=hit, title=title)
    if kind == "water":
        pts = [(x, y - 0.56 * s)] + [(x + 0.36 * s * math.cos(a), y + 0.14 * s + 0.36 * s * math.sin(a))
                                     for a in (math.pi * (-0.2 + 1.4 * k / 10) for k in range(11))]
        return [polygon(pts, fill="#4fc3f7", stroke="#01579b", width=1.2, **kw)]
    if kind == "quicksand":
        spiral = [(x + 0.06 * s * a * math.cos(a), y + 0.06 * s * a * math.sin(a))
                  for a in (k * 0.45 for k in range(16))]
        return [circle(x, y, 0.48 * s, fill="#c9a46a", stroke="#5d4037", width=1.2, **kw),
                line(spiral, stroke="#4e342e", width=1.3, title=title)]
    if kind == "dune":
        pts = [(-0.5, -0.13), (0.02, -0.13), (0.02, -0.34), (0.52, 0), (0.02, 0.34), (0.02, 0.13), (-0.5, 0.13)]
        return [polygon(_oriented(x, y, dx, dy, [(a * s, b * s) for a, b in pts]), fill="#f57c00", stroke="#3e2723",
                        width=1.2, **kw)]
    if kind == "lion":
        pts = [(x + (0.52 if k % 2 == 0 else 0.34) * s * math.cos(math.pi * k / 9 - math.pi / 2),
                y + (0.52 if k % 2 == 0 else 0.34) * s * math.sin(math.pi * k / 9 - math.pi / 2)) for k in range(18)]
        return [polygon(pts, fill="#e69b00", stroke="#3e2412", width=1.1, **kw),
                circle(x, y, 0.2 * s, fill="#ffe08a", stroke="#3e2412", width=0.8, **kw)]
    if kind == "cheetah":
        out = [polygon([(x, y - 0.55 * s), (x + 0.42 * s, y), (x, y + 0.55 * s), (x - 0.42 * s, y)],
                       fill="#ffcc80", stroke="#3e2723", width=1.2, **kw)]
        for ox, oy in ((-0.12, -0.16), (0.13, 0.02), (-0.06, 0.22)):
            out.append(circle(x + ox * s, y + oy * s, 0.065 * s, fill="#3e2723", **kw))
        return out
    if kind == "porcupine":
        base = y + 0.28 * s
        pts = [(x - 0.52 * s, base)]
        for k in range(1, 12):
            a = math.pi * k / 12
            r = (0.6 if k % 2 else 0.36) * s
            pts.append((x - r * math.cos(a), base - r * math.sin(a)))
        pts.append((x + 0.52 * s, base))
        return [polygon(pts, fill="#6d4c41", stroke="#1b0f0a", width=1.1, **kw)]
    if kind == "crocodile":
        body = [(-0.58, 0.0), (-0.4, -0.2), (0.5, -0.13), (0.6, 0.0), (0.5, 0.13), (-0.4, 0.2)]
        teeth = [(-0.3 + 0.1 * k, 0.07 * (-1) ** k) for k in range(8)]
        return [polygon([(x + a * s, y + b * s) for a, b in body], fill="#43a047", stroke="#123f16", width=1.2, **kw),
                line([(x + a * s, y + b * s) for a, b in teeth], stroke="#ffffff", width=1.1, title=title)]
    if kind == "warthog":
        hexagon = [(x + 0.42 * s * math.cos(a), y + 0.4 * s * math.sin(a)) for a in (math.pi * k / 3 for k in range(6))]
        tusk = [(-0.25, 0.1), (-0.45, -0.32), (-0.15, 0.02)]
        return [polygon(hexagon, fill="#c9958c", stroke="#3e2723", width=1.2, **kw),
                polygon([(x + a * s, y + b * s) for a, b in tusk], fill="#ffffff", stroke="#3e2723", width=0.9, **kw),
                polygon([(x - a * s, y + b * s) for a, b in tusk], fill="#ffffff", stroke="#3e2723", width=0.9, **kw),
                circle(x, y + 0.12 * s, 0.12 * s, fill="#8d5a52", **kw)]
    raise ValueError(f"no icon for {kind!r}")


def space_title(track: "Track", s: int) -> str:
    """A space's tooltip in board words: "T09, yellow lane, space 5: water hole"."""
    name = track.names[s]
    tid, lane, i = name.split(":")
    where = f"{tid}, rope bridge, space {int(i) + 1} (any colour)" if lane == "bridge" else \
        f"{tid}, {lane} lane, space {int(i) + 1}"
    f = track.feat[s]
    if f:
        kind = FEATURE_NAMES[f]
        what = FEATURE_TEXT[kind]
        if kind == "dune":
            what += ": 1 space " + ("forward" if track.dune[s] > 0 else "back")
        where += ": " + what
    return where


def space_shapes(lay: Layout, s: int) -> list:
    """One space: its footprint (striped on a rope bridge) and its feature's icon, all with
    the hit id ``space:<name>``."""
    tr = lay.track
    sp = lay.spots[s]
    hit, title = "space:" + tr.names[s], space_title(tr, s)
    if tr.lane[s] < 0:
        out = bridge_footprint(sp.x, sp.y, sp.dx, sp.dy, sp.length, hit=hit, title=title)
    else:
        lane = LANES[tr.lane[s]]
        out = footprint(sp.x, sp.y, sp.dx, sp.dy, sp.length, LANE_FILL[lane], LANE_EDGE[lane], hit=hit, title=title)
    f = tr.feat[s]
    if f:
        sign = tr.dune[s] or 1
        out += feature_icon(FEATURE_NAMES[f], sp.x, sp.y, max(15.0, 0.95 * sp.length), sign * sp.dx, sign * sp.dy, hit=hit,
                            title=title)
    if lay.big_text:  # the classroom leaves the numbers out, as it does the tile ids (too small to project)
        return out
    return out + footprint_number(tr, s, sp, bool(f))


#: the letter of each lane on its footprints (black is K, as blue has B; the bridge is =)
LANE_LETTER = {"red": "R", "blue": "B", "yellow": "Y", "black": "K", "bridge": "="}
#: the ink of a footprint's number on each lane colour (the bridge's on a white badge)
NUMBER_INK = {"red": "#ffffff", "blue": "#ffffff", "yellow": "#1f1f1f", "black": "#ffffff", "bridge": "#1f1f1f"}


def footprint_number(track: "Track", s: int, sp: Spot, covered: bool) -> list:
    """The space's number, as its name and tooltip count it (from 1 along its lane on its tile), on
    the sole of the footprint after the lane's letter: "Y5" on T05 is ``T05 yellow 5``. So a lane is told by
    a letter as well as its colour. On a space with a feature icon, or on the striped bridge, the
    label sits on a small white badge so that it stays readable."""
    _tid, lane, index = track.names[s].split(":")
    label = f"{LANE_LETTER[lane]}{int(index) + 1}"
    size = max(8.0, round(0.36 * sp.length, 1))
    x, y = sp.x - 0.04 * sp.length * sp.dx, sp.y - 0.04 * sp.length * sp.dy  # the wide part of the sole
    if covered or lane == "bridge":
        w, h = 0.62 * size * len(label) + 2, size + 2
        return [rect(x - w / 2, y - h / 2, w, h, fill="#ffffff", stroke="#1f1f1f", width=0.6, radius=2, opacity=0.9),
                text(x, y + 0.35 * size, label, size=size, bold=True, fill="#1f1f1f")]
    return [text(x, y + 0.35 * size, label, size=size, bold=True, fill=NUMBER_INK[lane])]


def ostrich_token(x, y, r, colour: str, place: Optional[int], hit=None, title=None,
                  letter: Optional[float] = None) -> list:
    """An ostrich: a round token in its player colour with a white and a dark ring, its
    initial (``letter`` units, default as tall as the disc allows), and a badge with its race
    position ("1st")."""
    out = [circle(x, y, r + 1.5, fill="#1a1a1a", hit=hit, title=title),
           circle(x, y, r, fill=PLAYER_FILL[colour], stroke="#ffffff", width=2, hit=hit, title=title),
           text(x, y + 0.5, colour[0].upper(), size=round(letter or 1.05 * r, 1), bold=True,
                fill=PLAYER_INK[colour], title=title)]
    if place is not None:
        label = ORDINALS[place]
        bw, bh = 0.62 * r * len(label) / 3 * 2.6, 0.95 * r
        bx, by = x + 0.45 * r, y - 1.55 * r
        out += [rect(bx, by, bw, bh, fill="#ffffff", stroke="#1a1a1a", width=1, radius=bh / 2, hit=hit, title=title),
                text(bx + bw / 2, by + bh / 2 + 0.3, label, size=round(0.72 * r, 1), bold=True, fill="#1a1a1a",
                     title=title)]
    return out


def marker(x, y, r, state: BonusState, colour: str, title=None) -> list:
    """A bonus marker: an empty dashed ring (none yet), a ring in the player colour (armed at
    a water hole this turn), a full disc (active), a cross (gone)."""
    if state == BonusState.INACTIVE:
        return [circle(x, y, r, stroke="#8a8378", width=1.2, dash=(2, 2), title=title)]
    if state == BonusState.ARMED:
        return [circle(x, y, r, fill="#ffffff", stroke=PLAYER_FILL[colour], width=2.6, title=title),
                circle(x, y, r + 1.6, stroke="#1a1a1a", width=0.8, title=title)]
    if state == BonusState.ACTIVE:
        return [circle(x, y, r, fill=PLAYER_FILL[colour], stroke="#1a1a1a", width=1.2, title=title)]
    return [line([(x - r, y - r), (x + r, y + r)], stroke="#6b6257", width=2, title=title),
            line([(x - r, y + r), (x + r, y - r)], stroke="#6b6257", width=2, title=title)]
