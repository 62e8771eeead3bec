"""Savannah Tails pictures: a race as a ``Scene`` (plain data, no Jupyter).

``scene(game)`` draws the table: a header (course, round, whose turn), the course
as the players lay it out (tiles end to end, each corner turning the track 90°),
the ostriches on their spaces, the players in this round's turn order with their
bonus cards and card counts, the hand of the player to move, and a legend.
``scene(game, viewer="red")`` draws only the tiles around one ostrich, larger, with
its guide lines (forward and diagonal), for movement lessons.
``scene(game, classroom=True)`` is the classroom layout, for a board on a projector (the
page fits the picture to the window): a fixed landscape size (``CLASSROOM_SIZE``), the
course on the left as large as its box allows, and right of it a panel with the turn
order (name, token, race place, the bonus cards as large markers), the hand of the player
to move in large cards, their deck and discard pile, and a one-line key to the markers.
No text in it is under ``CLASSROOM_TEXT`` units: fitted to 1920×1080 with the board's
classroom chrome (``CLASSROOM_ROOM``) that is 24 px or more. It leaves out the tile ids
and the race badges on the tokens (the panel gives the places), and has every hit id of
the normal picture.

How it reads (``TEACHING.md``): every space is a footprint in its lane colour, a
rope-bridge space is striped in all four; water holes, quicksand, dune arrows and
the five animals are icons told apart by shape as well as colour; each tile shows
its baobab side as a small tree and its id (``T09``) in the other margin; the start
line is a white bar, the finish line a chequered one. Ostriches are round tokens
in the player colours with a double outline, their initial and a race-position
badge ("1st"), so they never look like a footprint. The picture brings its own
background (``theme="light"`` or ``"dark"``), so it reads the same in either
JupyterLab theme; text is 4.5:1 or more against what it is drawn on.

Layout: the course is walked on a grid of square cells (start tile facing east).
A course whose real shape would not fit ``MAX_COLS`` × ``MAX_ROWS`` cells, or
would cross itself, is cut into pieces that each keep their real shape; a
lettered badge (A, B…) marks where the track continues. The layout and every
shape of the tiles are worked out once per course (``course_layout``), so a frame
only adds the tokens and the panels.

Clickable areas (hit ids):

* ``space:<space name>``   every space, e.g. ``space:T09:yellow:4``, ``space:T04:bridge:1``
  (the engine's space names, as in ``Move.to``);
* ``card:<card name>``     every card of the hand shown, e.g. ``card:yellow-5``;
* ``ostrich:<colour>``     an ostrich token (player colour);
* ``bonus:<colour>:<face>`` a player's bonus card, e.g. ``bonus:red:crazy-wings``.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple

from ..core.deprecated import deprecated
from ..core.scene import Circle, Scene, Shape, circle, line, polygon, rect, text
from .data import BONUS_NAMES, CARD_NAMES, CORNER_LENGTHS, LANES, TIPTOE_VALUE, BonusState
from .track import BRIDGE_OUT, DIAGONAL, FEATURE_NAMES, START

if TYPE_CHECKING:
    from .rules import TailsGame
    from .track import Track

#: side of a tile's square cell (scene units = CSS px at scale 1), the table and a focused view
CELL = 170
FOCUS_CELL = 210
#: a piece of the course is at most this many cells wide and high (5 × 170 + margins < 900 px)
MAX_COLS, MAX_ROWS = 5, 4
FOCUS_COLS = 4
MARGIN = 0.118   # × cell: the strip on each side of the four lanes (baobab, tile id)
PAD = 14         # around the picture and between its blocks
SEG_GAP = 28     # between two pieces of a cut course

LANE_FILL = {"red": "#d32f2f", "blue": "#1e63c4", "yellow": "#f4c20d", "black": "#262626"}
LANE_EDGE = {"red": "#5c0b0b", "blue": "#0a2552", "yellow": "#6b4f00", "black": "#000000"}
#: hand cards: the lane colour and an ink that reads on it (4.5:1 or more)
CARD_FILL = {"red": "#c62828", "blue": "#1565c0", "yellow": "#f4c20d", "black": "#262626"}
CARD_INK = {"red": "#ffffff", "blue": "#ffffff", "yellow": "#1a1a1a", "black": "#ffffff"}
#: ostrich tokens: deeper or brighter than the lanes' colours, each with an ink for its initial
PLAYER_FILL = {"red": "#b71c1c", "purple": "#7b1fa2", "green": "#2e7d32", "yellow": "#ffd54f", "blue": "#0d47a1"}
PLAYER_INK = {"red": "#ffffff", "purple": "#ffffff", "green": "#ffffff", "yellow": "#1a1a1a", "blue": "#ffffff"}
SAND = ("#f0dcaa", "#e6cf95")
SAND_EDGE = "#a88a4f"
SAND_INK = "#5a4421"   # tile ids on the sand (6:1 or more)
VIRTUAL_SAND = "#efe6cf"


@dataclass(frozen=True)
class Palette:
    """The colours of what lies around the tiles (the tiles are the same in both themes)."""

    background: str
    band: str        # header bar
    band_ink: str
    panel: str
    panel_edge: str
    ink: str
    muted: str
    now: str         # the row of the player to move
    now_edge: str
    ring: str        # highlighted spaces


PALETTES = {
    "light": Palette("#f7f3e8", "#4a3516", "#ffffff", "#ffffff", "#c9bfa6", "#1f1f1f", "#54504a", "#fff3c4",
                     "#c98a00", "#0b57d0"),
    "dark": Palette("#1f1d1a", "#4a3516", "#ffffff", "#2b2925", "#5d564a", "#f1efe9", "#c2bdb3", "#4a3f1e",
                    "#f2b705", "#8ab4f8"),
}

FEATURE_TEXT = {"water": "water hole", "quicksand": "quicksand (costs 2)", "dune": "dune arrow",
                "lion": "lion (no entry)", "cheetah": "cheetah (lose a bonus)", "porcupine": "porcupine (stop)",
                "crocodile": "crocodile (no stopping)", "warthog": "warthog (new hand)"}
MARKER_TEXT = {BonusState.INACTIVE: "no marker yet", BonusState.ARMED: "armed: usable next turn",
               BonusState.ACTIVE: "active: usable now", BonusState.GONE: "gone (used or lost)"}
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")


def text_w(s: str, size: float, bold: bool = False) -> float:
    """Estimated width of a line of text (no font metrics in plain data)."""
    return len(s) * size * (0.64 if bold else 0.6)


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
        lx, ly, _dx, _dy = lay.arc(t, c - 0.75 * m, math.pi / 4)
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
        out += chequered(lay, t, c / 2, "the finish line (between rows 2 and 3)")
    return out


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
    return out


def ostrich_token(x, y, r, colour: str, place: Optional[int], hit=None, title=None) -> list:
    """An ostrich: a round token in its player colour with a white and a dark ring, its
    initial, and a badge with its race position ("1st")."""
    out = [circle(x, y, r + 1.5, fill="#1a1a1a", hit=hit, title=title),
           circle(x, y, r, fill=PLAYER_FILL[colour], stroke="#ffffff", width=2, hit=hit, title=title),
           text(x, y + 0.5, colour[0].upper(), size=round(1.05 * r, 1), bold=True, fill=PLAYER_INK[colour],
                title=title)]
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


# -- the picture ---------------------------------------------------------------------------------------

def _course_title(game: "TailsGame") -> str:
    name = game.course.name
    return "Custom course" if name == "custom" else name.replace("-", " ").title()


def _seat(game: "TailsGame", who, what: str) -> int:
    """A seat from a seat number or a colour (``red``, ``player:red``, ``ostrich:red``)."""
    if isinstance(who, bool):
        raise ValueError(f"{what} must be a seat or a player colour, not {who!r}")
    if isinstance(who, int):
        if 0 <= who < game.players:
            return who
        raise ValueError(f"{what}: there is no seat {who} (seats 0-{game.players - 1})")
    if isinstance(who, str):
        colour = who.split(":", 1)[1] if who.startswith(("player:", "ostrich:")) else who
        if colour in game.colours:
            return game.colours.index(colour)
    raise ValueError(f"{what} must be a seat or one of the player colours {', '.join(game.colours)}, not {who!r}")


def status_text(game: "TailsGame") -> str:
    """One line: the round and whose decision, or the result."""
    st = game.state
    if st.over:
        w = game.winners()[0]
        past = game.scores()[w]
        return f"Race over · {game.who(w)} wins, {past} space{'s' if past != 1 else ''} past the line"
    p = game.current_player
    rnd = f"Round {st.round}" + (" (last round)" if st.last_round else "")
    if st.pending_discard:
        n = st.pending_discard
        return f"{rnd} · {game.who(p)} discards {n} card{'s' if n != 1 else ''} down to the hand size"
    return f"{rnd} · {game.who(p)} to move"


def _header(game: "TailsGame", pal: Palette, width: float, extra: str = "", h: Optional[float] = None,
            size: float = 14.0) -> Scene:
    """The bar on top: game, course (and what a focused view shows) left, round and turn right."""
    h = HEADER_H if h is None else h
    s = Scene(width, h, background=None)
    s.add(rect(0, 0, width, h, fill=pal.band))
    right = status_text(game)
    forms = [" · ".join(t for t in ("Savannah Tails", _course_title(game), extra) if t), extra,
             f"Savannah Tails · {_course_title(game)}", "Savannah Tails"]
    room = width - 2 * PAD - text_w(right, size) - 24
    left = next((f for f in forms if f and text_w(f, size, True) <= room), forms[-1])
    s.add(text(PAD, h / 2, left, size=size, bold=True, anchor="start", fill=pal.band_ink),
          text(width - PAD, h / 2, right, size=size, anchor="end", fill=pal.band_ink))
    return s


def _tokens(game: "TailsGame", lay: Layout, order: List[int], ox: float, oy: float, places: bool = True) -> list:
    """Every ostrich on a tile of ``lay``, last in the race drawn first (the leader on top);
    ``places=False`` leaves out the race-position badges (and says none in the tooltips).
    A classroom layout (``lay.big_text``) draws large tokens whose initial is at least that
    size, without badges (the players' panel gives the race positions), and staggers the
    ostriches waiting behind the start line when they would not fit side by side."""
    st = game.state
    r = 0.068 * lay.cell
    big = lay.big_text
    if big:
        r, places = max(r, 0.96 * big), False  # the initial: 1.05 r >= big_text
    waiting = [p for p in game.start_order if st.pos[p] == START]
    out = []
    for place in range(len(order) - 1, -1, -1):
        p = order[place]
        s = st.pos[p]
        colour = game.colours[p]
        if s == START:
            if 0 not in lay.tiles:
                continue
            k, n = waiting.index(p), max(len(waiting), 4)
            x, y = lay.waiting(k, n)
            if big and (lay.cell - 2 * lay.m) / n < 2 * r + 4:  # two staggered columns
                t = lay.tiles[0]
                x, y = lay.at(t, (0.13 if k % 2 == 0 else 0.29) * lay.cell,
                              lay.m + (k + 0.5) * (lay.cell - 2 * lay.m) / n)
            where = "behind the start line"
        else:
            sp = lay.spots.get(s)
            if sp is None:
                continue
            x, y = sp.x, sp.y
            where = "on " + space_title(game.track, s)
        title = f"{game.who(p)}'s ostrich, {ORDINALS[place]} in the race, {where}" if places else \
            f"{game.who(p)}'s ostrich, {where}"
        out += ostrich_token(ox + x, oy + y, r, colour, place if places else None, hit="ostrich:" + colour,
                             title=title)
    return out


def _rings(lay: Layout, names: Iterable[str], pal: Palette, ox: float, oy: float) -> list:
    """A ring around each named space (say, where the move may end)."""
    out = []
    by_name = lay.track.by_name
    for name in names:
        s = by_name.get(name)
        sp = lay.spots.get(s) if s is not None else None
        if sp is None:
            raise ValueError(f"highlights: no space {name!r} in this picture")
        out.append(circle(ox + sp.x, oy + sp.y, 0.62 * sp.length, stroke="#ffffff", width=5))
        out.append(circle(ox + sp.x, oy + sp.y, 0.62 * sp.length, stroke=pal.ring, width=3))
    return out


def _box_meets_circle(x, y, w, h, c) -> bool:
    cx, cy, r = c
    nx, ny = min(max(cx, x), x + w), min(max(cy, y), y + h)
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r


def _labels(lay: Layout, labels: Dict[str, str], pal: Palette, theme: str, ox: float, oy: float,
            size: float = 11.0, avoid: Optional[List[Tuple[float, float, float]]] = None) -> list:
    """A badge beside each labelled space (say, the points a move there uses: "4", "4+2"),
    clickable as the space itself. With ``avoid`` (circles: x, y, r), each badge goes to the
    first corner around its space where it covers none of them and no other badge."""
    out = []
    placed: List[Tuple[float, float, float, float]] = []
    ink = "#ffffff" if theme == "light" else "#1a1a1a"
    by_name = lay.track.by_name
    for name, label in labels.items():
        s = by_name.get(name)
        sp = lay.spots.get(s) if s is not None else None
        if sp is None:
            raise ValueError(f"labels: no space {name!r} in this picture")
        w, h = text_w(label, size, True) + 8 * size / 11, 16.0 * size / 11
        x, y = ox + sp.x + 0.42 * sp.length, oy + sp.y - 0.42 * sp.length - h
        if avoid is not None:  # the first corner around the space where the badge covers nothing
            d = 0.42 * sp.length
            for bx, by in ((x, y), (ox + sp.x - d - w, y), (x, oy + sp.y + d), (ox + sp.x - d - w, oy + sp.y + d)):
                if not any(_box_meets_circle(bx, by, w, h, c) for c in avoid) and \
                        not any(bx < x1 + 2 and x0 - 2 < bx + w and by < y1 + 2 and y0 - 2 < by + h
                                for x0, y0, x1, y1 in placed):
                    x, y = bx, by
                    break
            placed.append((x, y, x + w, y + h))
        said = f"{space_title(lay.track, s)}: {label}"
        out += [rect(x, y, w, h, fill=pal.ring, stroke="#ffffff", width=1.2, radius=h / 2, hit="space:" + name,
                     title=said),
                text(x + w / 2, y + h / 2 + 0.5, label, size=size, bold=True, fill=ink, title=said)]
    return out


ROW_H = 34
BONUS_W, BONUS_H = 92, 26
TITLE_H = 22


class _Players:
    """The players in this round's turn order: who has moved, who is to move, each with race
    position, bonus cards and markers, and hand, deck and discard counts."""

    def __init__(self, game: "TailsGame", seats: Sequence[int]):
        st = game.state
        self.game, self.seats = game, seats
        name_w = max(text_w(game.who(p), 13, True) for p in seats) + 8
        self.x_pos = 52 + name_w
        self.x_bonus = self.x_pos + 36
        self.x_count = self.x_bonus + 3 * (BONUS_W + 5) + 4
        self.counts = {p: f"hand {len(st.hands[p])} · deck {len(st.decks[p])} · discard {len(st.discards[p])}"
                       for p in seats}
        self.width = self.x_count + max(text_w(c, 11) for c in self.counts.values()) + 10
        self.height = TITLE_H + ROW_H * len(seats) + 4

    def shapes(self, pal: Palette, order: List[int], ox: float, oy: float) -> list:
        game, st, seats = self.game, self.game.state, self.seats
        heading = f"Turn order, round {st.round}" if len(seats) > 1 else f"{game.who(seats[0])}'s bonuses and cards"
        out = [text(ox + 2, oy + TITLE_H / 2, heading, size=12, bold=True, anchor="start", fill=pal.ink)]
        turn_of = {p: i for i, p in enumerate(st.order)}
        for row, p in enumerate(seats):
            y = oy + TITLE_H + row * ROW_H
            cy = y + ROW_H / 2
            colour, who = game.colours[p], game.who(p)
            now = p == game.current_player
            k = turn_of.get(p, 0)
            done = not st.over and k < st.turn
            place = order.index(p)
            out.append(rect(ox, y + 1, self.width, ROW_H - 2, fill=pal.now if now else pal.panel,
                            stroke=pal.now_edge if now else pal.panel_edge, width=2 if now else 1, radius=5,
                            hit="player:" + colour))
            out.append(text(ox + 12, cy, "▶" if now else str(k + 1), size=12, bold=True, fill=pal.ink,
                            title="to move now" if now else ("has moved this round" if done else
                                                             f"moves {ORDINALS[k]} this round")))
            out += ostrich_token(ox + 33, cy, 10, colour, None, title=f"{who}'s ostrich")
            out.append(text(ox + 48, cy, who, size=13, bold=True, anchor="start", fill=pal.ink,
                            title=f"{who}: {'has moved' if done else 'still to move'} this round"))
            x = ox + self.x_pos
            out += [rect(x, cy - 9, 30, 18, fill="#ffffff", stroke="#1a1a1a", width=1, radius=9),
                    text(x + 15, cy, ORDINALS[place], size=10.5, bold=True, fill="#1a1a1a",
                         title=f"{ORDINALS[place]} in the race")]
            for i, face in enumerate(game.faces):
                out += _bonus_card(ox + self.x_bonus + i * (BONUS_W + 5), cy - BONUS_H / 2, face, st.bonuses[p][i],
                                   colour, pal)
            top = CARD_NAMES[st.discards[p][-1]] if st.discards[p] else "none"
            out.append(text(ox + self.x_count, cy, self.counts[p], size=11, anchor="start", fill=pal.muted,
                            title=f"hand size {game.hand_size(p)}; top of the discard pile: {top}"))
        return out


def _bonus_card(x, y, face: str, state: BonusState, colour: str, pal: Palette) -> list:
    """A bonus card: its face, and its marker (none, armed, active) or crossed out when gone."""
    name = BONUS_NAMES[face]
    said = f"{name}: {MARKER_TEXT[state]}"
    gone = state == BonusState.GONE
    fill = {BonusState.ACTIVE: "#fff1b8", BonusState.ARMED: "#ffffff"}.get(state, pal.panel)
    ink = "#1a1a1a" if state in (BonusState.ACTIVE, BonusState.ARMED) else (pal.muted if gone else pal.ink)
    out = [rect(x, y, BONUS_W, BONUS_H, fill=fill, stroke=pal.panel_edge if not gone else pal.muted, width=1,
                radius=4, dash=(3, 2) if gone else (), hit=f"bonus:{colour}:{face}", title=said)]
    size = 10.0 if text_w(name, 10.0) <= BONUS_W - 24 else 9.0
    out.append(text(x + 5, y + BONUS_H / 2, name, size=size, anchor="start", fill=ink, title=said))
    if gone:
        out.append(line([(x + 4, y + BONUS_H / 2), (x + 6 + text_w(name, size), y + BONUS_H / 2)],
                        stroke=pal.muted, width=1.2))
    out += marker(x + BONUS_W - 11, y + BONUS_H / 2, 6, state, colour, title=said)
    return out


CARD_W, CARD_H = 52, 74


class _Hand:
    """A player's hand as cards, and the top card of their discard pile (Déjà vu plays it)."""

    def __init__(self, game: "TailsGame", p: int):
        st = game.state
        self.game, self.p = game, p
        self.cards = sorted(st.hands[p])
        self.top = st.discards[p][-1] if st.discards[p] else None
        self.label = f"{game.who(p)}'s hand ({len(self.cards)} of {game.hand_size(p)})"
        n = max(len(self.cards), 1)
        self.width = max(n * (CARD_W + 8) + (CARD_W + 16 if self.top is not None else 0), text_w(self.label, 12, True))
        self.height = TITLE_H + CARD_H + 4

    def shapes(self, pal: Palette, ox: float, oy: float) -> list:
        out = [text(ox + 2, oy + TITLE_H / 2, self.label, size=12, bold=True, anchor="start", fill=pal.ink)]
        for k, code in enumerate(self.cards):
            out += card_shapes(ox + k * (CARD_W + 8), oy + TITLE_H, code, hit="card:" + CARD_NAMES[code])
        if self.top is not None:
            x = ox + max(len(self.cards), 1) * (CARD_W + 8) + 16
            out += card_shapes(x, oy + TITLE_H + 14, self.top, small=True,
                               title=f"top of {self.game.who(self.p)}'s discard pile")
            out.append(text(x + CARD_W / 2, oy + TITLE_H + 5, "discard", size=10, fill=pal.muted))
        return out


def card_shapes(x, y, code: int, hit=None, small=False, title=None) -> list:
    """A movement card: its lane colour, its value, the colour word, and "tiptoe" on a '2'."""
    name = CARD_NAMES[code]
    lane, value = name.split("-")
    w, h = (CARD_W, CARD_H - 14) if small else (CARD_W, CARD_H)
    ink = CARD_INK[lane]
    said = title or (f"{lane} {value}" + (": a tiptoe card (may ignore animals, quicksand and dune arrows)"
                                         if int(value) == TIPTOE_VALUE else ""))
    out = [rect(x, y, w, h, fill=CARD_FILL[lane], stroke="#111111", width=1.2, radius=6, hit=hit, title=said),
           rect(x + 3, y + 3, w - 6, h - 6, stroke=ink, width=0.8, radius=4, opacity=0.6),
           text(x + w / 2, y + h / 2 - 3, value, size=24 if not small else 19, bold=True, fill=ink, title=said),
           text(x + w / 2, y + h - 10, lane, size=9.5, fill=ink, title=said)]
    if int(value) == TIPTOE_VALUE:
        out.append(text(x + w / 2, y + 11, "tiptoe", size=9, bold=True, fill=ink, title=said))
    return out


# -- the legend ---------------------------------------------------------------------------------------

LEGEND_LINE = 28


def _legend_items(lay: Layout, cuts: bool, places: bool = True) -> list:
    """What the legend explains: footprints, the features on these tiles, lines, tokens, markers."""
    tr = lay.track
    kinds = set()
    bridge = False
    for s in lay.spots:
        bridge = bridge or tr.lane[s] < 0
        if tr.feat[s]:
            kinds.add(FEATURE_NAMES[tr.feat[s]])
    items = [("foot", "space (lane colour)")]
    if bridge:
        items.append(("bridge", "rope-bridge space (any colour)"))
    items += [(k, FEATURE_TEXT[k]) for k in FEATURE_TEXT if k in kinds]
    items += [("baobab", "baobab side"), ("start", "start line"), ("finish", "finish line"),
              ("ostrich", "ostrich, race position") if places else ("ostrich-plain", "ostrich")]
    if cuts:
        items.append(("cut", "track goes on at the same letter"))
    return items + [(BonusState.INACTIVE, "no marker"), (BonusState.ARMED, "armed (next turn)"),
                    (BonusState.ACTIVE, "bonus active"), (BonusState.GONE, "bonus gone")]


def _legend_rows(lay: Layout, width: float, cuts: bool, places: bool = True) -> List[List[Tuple[float, object, str]]]:
    rows: List[List[Tuple[float, object, str]]] = [[]]
    x = 0.0
    for key, label in _legend_items(lay, cuts, places):
        w = _legend_icon_w(key) + 4 + text_w(label, 11)
        if rows[-1] and x + w > width:
            rows.append([])
            x = 0.0
        rows[-1].append((x, key, label))
        x += w + 16
    return rows


def _legend_icon_w(key) -> float:
    return 34 if key == "ostrich" else 24


@functools.lru_cache(maxsize=32)
def _legend(lay: Layout, theme: str, width: float, ox: float, oy: float, cuts: bool,
            places: bool = True) -> Tuple[tuple, float]:
    """A key to every mark drawn (its shapes at (ox, oy), and its height); kept, it never changes."""
    pal = PALETTES[theme]
    rows = _legend_rows(lay, width, cuts, places)
    out = []
    for i, row in enumerate(rows):
        y = oy + (i + 0.5) * LEGEND_LINE
        for x, key, label in row:
            w = _legend_icon_w(key)
            out += _legend_icon(key, ox + x + w / 2, y)
            out.append(text(ox + x + w + 4, y, label, size=11, anchor="start", fill=pal.ink))
    return tuple(out), len(rows) * LEGEND_LINE


def _legend_icon(key, x, y) -> list:
    if isinstance(key, BonusState):
        return marker(x, y, 6, key, "green")
    if key == "foot":
        return footprint(x, y, 1, 0, 22, LANE_FILL["blue"], LANE_EDGE["blue"])
    if key == "bridge":
        return bridge_footprint(x, y, 1, 0, 22)
    if key == "baobab":
        return [rect(x - 11, y - 11, 22, 22, fill=SAND[0], radius=3)] + baobab(x, y, 18)
    if key == "start":
        return [rect(x - 11, y - 11, 22, 22, fill=SAND[0], radius=3),
                rect(x - 2.5, y - 10, 5, 20, fill="#ffffff", stroke="#1f1f1f", width=1.2)]
    if key == "finish":
        out = [rect(x - 11, y - 11, 22, 22, fill=SAND[0], radius=3),
               rect(x - 3.2, y - 10, 6.4, 20, fill="#ffffff", stroke="#1f1f1f", width=1)]
        for k in range(6):
            out.append(rect(x - 3.2 if k % 2 else x, y - 10 + k * 20 / 6, 3.2, 20 / 6, fill="#1f1f1f"))
        return out
    if key == "ostrich":
        return ostrich_token(x - 7, y + 3, 8.5, "purple", 0)
    if key == "ostrich-plain":
        return ostrich_token(x, y, 8.5, "purple", None)
    if key == "cut":
        return [circle(x, y, 10, fill="#1f1f1f", stroke="#ffffff", width=2),
                text(x, y, "A", size=12, bold=True, fill="#ffffff")]
    return [circle(x, y, 11.5, fill=SAND[0])] + feature_icon(key, x, y, 20)


# -- the whole scene ----------------------------------------------------------------------------------

def focus_window(game: "TailsGame", seat: int) -> Tuple[int, int]:
    """The tiles a focused view shows: the one before the ostrich's, its own and two ahead
    (as far as a move with bonus movement, Neck Stretch and a dune arrow can reach)."""
    tr = game.track
    s = game.state.pos[seat]
    pos = 0 if s == START else tr.tile_pos[s]
    last = min(pos + 2, max(tr.finish_pos, pos))
    return max(0, pos - 1), last


def _shown_until(game: "TailsGame", lay: Layout) -> int:
    """The last tile drawn: the finish, or the furthest extra straight an ostrich stands on."""
    tr = game.track
    far = max((tr.tile_pos[s] for s in game.state.pos if s != START), default=0)
    return min(max(tr.finish_pos, far), lay.last)


HEADER_H = 34


# -- the classroom layout (classroom=True) -------------------------------------------------------------

#: The classroom picture: its fixed size (scene units), the room the shared board fits it
#: into on a 1920×1080 screen in classroom mode (px: the window less the page margins, the
#: row of buttons and status line over the picture and the last events under it), the
#: scale that gives, and the smallest text (units) that is then at least 24 px.
CLASSROOM_SIZE = (1800, 820)
CLASSROOM_ROOM = (1880, 900)
CLASSROOM_SCALE = min(CLASSROOM_ROOM[0] / CLASSROOM_SIZE[0], CLASSROOM_ROOM[1] / CLASSROOM_SIZE[1])
CLASSROOM_TEXT = math.ceil(2 * 24 / CLASSROOM_SCALE) / 2 + 0.5
CLASSROOM_HEADER = 54
CLASSROOM_PAD = 16
CLASSROOM_PANEL = 680   # the width of the panel right of the track
#: a bonus card's name over its column, short forms where the full one would not fit
BONUS_SHORT = {"boinnnggg": "Boing", "leapfrog": "Leap", "crazy-wings": "Wings", "deja-vu": "Déjà vu",
               "bird-brain": "Brain", "neck-stretch": "Neck"}


#: the shapes a classroom course may take: (most cells across, most cells down) of a piece
CLASSROOM_GRIDS = ((5, 4), (6, 4), (7, 4), (6, 3), (7, 3))


@functools.lru_cache(maxsize=16)
def _classroom_fit(track: "Track", shown: int, box_w: float, box_h: float) -> Tuple[float, int, int]:
    """(cell, cols, rows): the largest tile cell (whole units), and the piece shape giving it,
    at which the course up to ``shown`` fits a ``box_w`` × ``box_h`` box; kept per course."""
    last = len(track.tile_kind) - 1
    best = (0.0, MAX_COLS, MAX_ROWS)
    for cols, rows in CLASSROOM_GRIDS:
        _s, w, h = Layout(track, 0, last, CELL, cols, rows, False).shapes(shown)
        cell = math.floor(CELL * min(box_w / w, box_h / h))
        while cell > 40:
            _s, w, h = Layout(track, 0, last, cell, cols, rows, False, CLASSROOM_TEXT).shapes(shown)
            if w <= box_w + 1e-6 and h <= box_h + 1e-6:
                break
            cell -= 2  # the gaps between the pieces of a cut course do not scale with the cell
        if cell > best[0]:
            best = (float(cell), cols, rows)
    return best


class _ClassroomPanel:
    """The panel right of the track: the turn order (each player's place in the race and
    bonus cards as large markers), the hand of the player whose hand is shown with their deck
    and discard pile, and a one-line key to the markers; no text under ``CLASSROOM_TEXT``."""

    def __init__(self, game: "TailsGame", pal: Palette, width: float, seats: Sequence[int], hand_seat,
                 key: bool):
        self.game, self.pal, self.width, self.seats, self.hand_seat, self.key = game, pal, width, seats, hand_seat, key
        t = self.t = CLASSROOM_TEXT
        self.line = round(1.55 * t)
        self.row_h = round(2.35 * t)
        self.r = 0.96 * t     # a token: its initial is 1.05 r
        self.x_name = 30 + 2 * self.r + 10
        name_w = max((text_w(game.who(p), t, True) for p in seats), default=0)
        self.place_w = text_w("2nd", t, True) + 16
        self.x_place = self.x_name + name_w + 12
        self.x_bonus = self.x_place + self.place_w + 14
        n = len(game.faces)
        self.col_w = min((width - self.x_bonus - (n - 1) * 8) / n, 6.5 * t)
        self.names = {f: self._heading(f) for f in game.faces}
        self.head_lines = max(len(lines) for lines in self.names.values())

    def _heading(self, face: str) -> Tuple[str, ...]:
        """A bonus card's name over its column: on one line, on two, or its short form."""
        name, room = BONUS_NAMES[face], self.col_w - 4
        if text_w(name, self.t) <= room:
            return (name,)
        words = name.split()
        if len(words) == 2 and all(text_w(w, self.t) <= room for w in words):
            return tuple(words)
        return (BONUS_SHORT.get(face, name),)

    def shapes(self, order: List[int], ox: float, oy: float) -> list:
        out: list = []
        y = oy
        if self.seats:
            y = self._players(out, order, ox, y)
        if self.hand_seat is not None:
            y = self._hand(out, ox, y + (0.6 * self.t if self.seats else 0))
        if self.key:
            self._key(out, ox, y + 0.6 * self.t)
        return out

    def _players(self, out: list, order: List[int], ox: float, y: float) -> float:
        game, st, pal, t = self.game, self.game.state, self.pal, self.t
        head = f"Turn order, round {st.round}" if len(self.seats) > 1 else f"{game.who(self.seats[0])}'s bonuses"
        out.append(text(ox, y + self.line / 2, head, size=t, bold=True, anchor="start", fill=pal.ink))
        y += self.line
        for i, face in enumerate(game.faces):  # the bonus cards' names over their columns
            cx = ox + self.x_bonus + i * (self.col_w + 8) + self.col_w / 2
            lines = self.names[face]
            for j, word in enumerate(lines):
                out.append(text(cx, y + (j + self.head_lines - len(lines) + 0.5) * 0.8 * self.line, word, size=t,
                                fill=pal.muted, title=BONUS_NAMES[face]))
        y += self.head_lines * 0.8 * self.line
        turn_of = {p: i for i, p in enumerate(st.order)}
        for p in self.seats:
            cy = y + self.row_h / 2
            colour, who = game.colours[p], game.who(p)
            now = p == game.current_player
            k = turn_of.get(p, 0)
            done = not st.over and k < st.turn
            place = order.index(p)
            out.append(rect(ox, y + 3, self.width, self.row_h - 6, fill=pal.now if now else pal.panel,
                            stroke=pal.now_edge if now else pal.panel_edge, width=3 if now else 1.2, radius=8,
                            hit="player:" + colour))
            out.append(text(ox + 16, cy, "▶" if now else str(k + 1), size=t, bold=True, fill=pal.ink,
                            title="to move now" if now else ("has moved this round" if done else
                                                             f"moves {ORDINALS[k]} this round")))
            out += ostrich_token(ox + 30 + self.r, cy, self.r, colour, None, title=f"{who}'s ostrich")
            out.append(text(ox + self.x_name, cy, who, size=t, bold=True, anchor="start", fill=pal.ink,
                            title=f"{who}: {'has moved' if done else 'still to move'} this round"))
            bh = t + 10
            x = ox + self.x_place
            out += [rect(x, cy - bh / 2, self.place_w, bh, fill="#ffffff", stroke="#1a1a1a", width=1.2, radius=bh / 2),
                    text(x + self.place_w / 2, cy + 0.5, ORDINALS[place], size=t, bold=True, fill="#1a1a1a",
                         title=f"{ORDINALS[place]} in the race")]
            for i, face in enumerate(game.faces):
                out += self._bonus(ox + self.x_bonus + i * (self.col_w + 8), y + 8, face, st.bonuses[p][i], colour)
            y += self.row_h
        return y

    def _bonus(self, x, y, face: str, state: BonusState, colour: str) -> list:
        """A bonus card as a large marker (none, armed, active, or crossed out when gone)."""
        pal = self.pal
        said = f"{BONUS_NAMES[face]}: {MARKER_TEXT[state]}"
        gone = state == BonusState.GONE
        fill = {BonusState.ACTIVE: "#fff1b8", BonusState.ARMED: "#ffffff"}.get(state, pal.panel)
        h = self.row_h - 16
        return [rect(x, y, self.col_w, h, fill=fill, stroke=pal.panel_edge if not gone else pal.muted, width=1.2,
                     radius=6, dash=(4, 3) if gone else (), hit=f"bonus:{colour}:{face}", title=said)] + \
            marker(x + self.col_w / 2, y + h / 2, 0.42 * h, state, colour, title=said)

    def _hand(self, out: list, ox: float, y: float) -> float:
        game, pal, t, p = self.game, self.pal, self.t, self.hand_seat
        st = game.state
        cards = sorted(st.hands[p])
        out.append(text(ox, y + self.line / 2, f"{game.who(p)}'s hand ({len(cards)} of {game.hand_size(p)})",
                        size=t, bold=True, anchor="start", fill=pal.ink))
        y += self.line + 4
        n = max(len(cards), 1)
        w = min(4.3 * t, (self.width - (n - 1) * 12) / n)
        h = round(5.6 * t)
        for k, code in enumerate(cards):
            out += _classroom_card(ox + k * (w + 12), y, w, h, code, t, hit="card:" + CARD_NAMES[code])
        if not cards:
            out.append(text(ox, y + h / 2, "no cards", size=t, anchor="start", fill=pal.muted))
        y += h + 6
        top = st.discards[p][-1] if st.discards[p] else None
        said = f"deck {len(st.decks[p])} · discard {len(st.discards[p])}"
        if top is not None:
            said += " · top: " + " ".join(CARD_NAMES[top].split("-"))
        out.append(text(ox, y + self.line / 2, said, size=t, anchor="start", fill=pal.ink,
                        title=f"{game.who(p)}'s deck and discard pile"))
        return y + self.line

    def _key(self, out: list, ox: float, y: float) -> None:
        t, x = self.t, ox
        cy = y + self.line / 2
        for state, word in ((BonusState.INACTIVE, "no marker"), (BonusState.ARMED, "armed"),
                            (BonusState.ACTIVE, "active"), (BonusState.GONE, "gone")):
            out += marker(x + 0.45 * t, cy, 0.4 * t, state, "green", title=MARKER_TEXT[state])
            out.append(text(x + 1.1 * t, cy, word, size=t, anchor="start", fill=self.pal.ink, title=MARKER_TEXT[state]))
            x += 1.1 * t + text_w(word, t) + 0.9 * t

    @property
    def height(self) -> float:
        h = 0.0
        if self.seats:
            h += self.line + self.head_lines * 0.8 * self.line + self.row_h * len(self.seats)
        if self.hand_seat is not None:
            h += (0.6 * self.t if self.seats else 0) + self.line + 4 + round(5.6 * self.t) + 6 + self.line
        if self.key:
            h += 0.6 * self.t + self.line
        return h


def _classroom_card(x, y, w, h, code: int, t: float, hit=None) -> list:
    """A movement card for the classroom: a large value, the colour word, "tiptoe" on a '2'."""
    name = CARD_NAMES[code]
    lane, value = name.split("-")
    ink = CARD_INK[lane]
    tiptoe = int(value) == TIPTOE_VALUE
    said = f"{lane} {value}" + (": a tiptoe card (may ignore animals, quicksand and dune arrows)" if tiptoe else "")
    out = [rect(x, y, w, h, fill=CARD_FILL[lane], stroke="#111111", width=1.6, radius=8, hit=hit, title=said),
           rect(x + 4, y + 4, w - 8, h - 8, stroke=ink, width=1, radius=5, opacity=0.6),
           text(x + w / 2, y + h / 2 + (0.1 * t if tiptoe else -0.15 * t), value, size=round(2.1 * t, 1), bold=True,
                fill=ink, title=said),
           text(x + w / 2, y + h - 0.75 * t, lane, size=t, fill=ink, title=said)]
    if tiptoe:
        out.append(text(x + w / 2, y + 0.75 * t, "tiptoe", size=t, bold=True, fill=ink, title=said))
    return out


def _classroom_scene(game: "TailsGame", *, hand, highlights, theme: str, legend: bool, links, labels,
                     places: bool, players: bool) -> Scene:
    """The classroom layout (see ``scene``)."""
    pal = PALETTES[theme]
    tr = game.track
    t = CLASSROOM_TEXT
    width, height = CLASSROOM_SIZE
    pad, head = CLASSROOM_PAD, CLASSROOM_HEADER
    box_w = width - CLASSROOM_PANEL - 3 * pad
    box_h = height - head - 2 * pad
    base = course_layout(game)
    shown = _shown_until(game, base)
    cell, cols, rows = _classroom_fit(tr, shown, box_w, box_h)
    lay = _layout(tr, 0, len(tr.tile_kind) - 1, cell, cols, rows, bool(links), t)
    static, track_w, track_h = lay.shapes(shown)
    x_track = pad + (box_w - track_w) / 2
    y_track = head + pad + (box_h - track_h) / 2
    order = game.race_order()
    if hand is False:
        hand_seat = None
    elif hand is None:
        hand_seat = game.current_player
    else:
        hand_seat = _seat(game, hand, "hand")
    panel = _ClassroomPanel(game, pal, CLASSROOM_PANEL, list(game.state.order) if players else [], hand_seat, legend)
    sc = Scene(width, height, background=pal.background,
               title=f"Savannah Tails ({_course_title(game)}): {status_text(game)}")
    sc.extend(_header(game, pal, width, h=head, size=t + 2))
    sc.shapes.extend(lay.shapes(shown, x_track, y_track)[0])
    labels = dict(labels or {})
    sc.shapes.extend(_rings(lay, list(highlights) + [n for n in labels if n not in highlights], pal, x_track, y_track))
    tokens = _tokens(game, lay, order, x_track, y_track, places)
    sc.shapes.extend(tokens)
    x_panel = width - pad - CLASSROOM_PANEL
    y_panel = head + pad + max(0.0, (box_h - panel.height) / 2)
    sc.shapes.extend(panel.shapes(order, x_panel, y_panel))
    discs = [(c.cx, c.cy, c.r) for c in tokens if isinstance(c, Circle)]
    sc.shapes.extend(_labels(lay, labels, pal, theme, x_track, y_track, size=t, avoid=discs))  # on top of all
    return sc




def scene(game: "TailsGame", *, viewer=None, hand=None, highlights=(), theme: str = "light", legend: bool = True,
          links: Optional[bool] = None, labels: Optional[Dict[str, str]] = None, places: bool = True,
          players: bool = True, classroom: bool = False, focus=None) -> Scene:
    """The race as a ``Scene`` (see the module docstring for the hit ids).

    ``viewer`` (a seat, a player colour, ``"ostrich:red"``) draws the race as that player sees
    it: only the tiles around their ostrich, larger, with their cards. ``hand`` is whose hand is
    shown: default the player to move (the viewer with ``viewer``), a seat or colour, or ``False``
    for none (hands are hidden information). ``highlights`` are space names to ring (legal ends,
    say). ``theme`` is "light" or "dark" (the picture brings its own background). ``links`` draws
    the diagonal guide lines too (default: in a viewer's view only). ``labels`` maps space names
    to a short text drawn in a badge beside the space (ringed too), e.g. the points a move there
    uses. ``places=False`` draws the ostriches without their race-position badges and
    ``players=False`` leaves out the players' panel (turn order, race positions, bonus cards): for
    exercises that ask the race order. ``classroom=True`` draws the classroom layout (see the
    module docstring; not with ``viewer``). ``focus`` is the older name of ``viewer``."""
    named = "viewer"
    if focus is not None:
        deprecated("scene(focus=...) is deprecated: use scene(viewer=...)", through=("scene",))
        viewer, named = focus, "focus"
    if theme not in PALETTES:
        raise ValueError(f"theme must be 'light' or 'dark', not {theme!r}")
    if isinstance(highlights, str):
        highlights = (highlights,)
    if classroom:
        if viewer is not None:
            raise ValueError(f"classroom=True draws the whole table: leave out {named}")
        return _classroom_scene(game, hand=hand, highlights=highlights, theme=theme, legend=legend, links=links,
                                labels=labels, places=places, players=players)
    pal = PALETTES[theme]
    tr = game.track
    if viewer is not None:
        seat: Optional[int] = _seat(game, viewer, named)
        first, last = focus_window(game, seat)
        lay = _layout(tr, first, last, FOCUS_CELL, FOCUS_COLS, MAX_ROWS, True if links is None else bool(links))
        seats = [seat]
        extra = f"{game.who(seat)}'s ostrich, tiles {lay.tiles[first].tile_id}–{lay.tiles[last].tile_id}"
    else:
        seat = None
        lay = _layout(tr, 0, len(tr.tile_kind) - 1, CELL, MAX_COLS, MAX_ROWS, bool(links))
        seats = list(game.state.order)
        extra = ""
    shown = _shown_until(game, lay)
    _static, track_w, track_h = lay.shapes(shown)
    order = game.race_order()
    if hand is False:
        hand_seat = None
    elif hand is None:
        hand_seat = seat if seat is not None else game.current_player
    else:
        hand_seat = _seat(game, hand, "hand")
    show_players = players
    players = _Players(game, seats)
    if not show_players:
        players.width = players.height = 0
    cards = _Hand(game, hand_seat) if hand_seat is not None else None
    inner = max(track_w, players.width, cards.width if cards else 0)
    side_by_side = cards is not None and players.width + 2 * PAD + cards.width <= inner
    width = inner + 2 * PAD
    y_track = HEADER_H + PAD
    x_track = PAD + (inner - track_w) / 2
    y_panels = y_track + track_h + PAD
    panels_h = max(players.height, cards.height) if side_by_side and cards else \
        players.height + (cards.height + PAD if cards else 0)
    y_legend = y_panels + panels_h + PAD
    cuts = any(b <= shown for _l, _a, b in lay.cuts)
    key, key_h = _legend(lay, theme, inner, PAD, y_legend, cuts, places) if legend else ((), 0.0)
    height = y_legend + key_h + (PAD if legend else 0)
    sc = Scene(width, height, background=pal.background,
               title=f"Savannah Tails ({_course_title(game)}): {status_text(game)}")
    sc.extend(_header(game, pal, width, extra))
    sc.shapes.extend(lay.shapes(shown, x_track, y_track)[0])
    labels = dict(labels or {})
    sc.shapes.extend(_rings(lay, list(highlights) + [n for n in labels if n not in highlights], pal, x_track, y_track))
    sc.shapes.extend(_tokens(game, lay, order, x_track, y_track, places))
    sc.shapes.extend(_labels(lay, labels, pal, theme, x_track, y_track))
    if show_players:
        sc.shapes.extend(players.shapes(pal, order, PAD, y_panels))
    if cards is not None:
        if side_by_side:
            sc.shapes.extend(cards.shapes(pal, PAD + inner - cards.width, y_panels))
        else:
            sc.shapes.extend(cards.shapes(pal, PAD, y_panels + players.height + PAD))
    sc.shapes.extend(key)
    return sc


__all__ = ["scene", "course_layout", "CLASSROOM_SIZE", "CLASSROOM_TEXT", "focus_window", "status_text", "footprint", "bridge_footprint", "feature_icon",
           "ostrich_token", "card_shapes", "marker", "baobab", "PALETTES", "LANE_FILL", "PLAYER_FILL", "CELL",
           "FOCUS_CELL", "MAX_COLS"]
