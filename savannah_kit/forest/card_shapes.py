"""One Savernake Forest card as shapes: its paths and foods, an animal's face.

The same card is drawn in the market, in hand, in the forests, as the ghost of a
card being placed and alone (``render.card_scene``), at the table's size and the
classroom's; so its drawing lives here and ``render`` only lays out the table.
A card is read through the catalogue's public ``segments()``; its path geometry
is computed once per turned card. ``CardFace`` places an animal's texts: on the
table they scale with the card; in the classroom none is smaller than a floor and
they go where the path stub is not (a long name on two lines).

Foods are told apart by shape, not only by colour: berries are circles, worms
wavy lines, eggs ovals, nuts triangles (acorns). A gold ring marks each food an
animal stores (``render`` says which). On an animal card the corners give the
points per berry (top left), worm (top right), egg (bottom right) and nut
(bottom left); a blue drop on a corner is a water drop (+1), the dark squares
beside the den are lair tokens (+1 storage each), ▢ is the storage and the
number in the den is the animal's own points. Paths end flush with the card
edge, so that the paths of neighbouring cards join and nothing pokes into an
empty cell. Text widths are estimated (no font metrics in plain data): a little
over 0.6 × font size per character.
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace
from typing import List, Mapping, NamedTuple, Optional, Sequence, Tuple

from ..core.scene import Shape, circle, line, polygon, rect, text
from .data import DEAD_END, DEN, EDGES, FOOD_PLURALS, FOODS

FOOD_COLOURS = {"berry": "#d32f2f", "worm": "#c2587a", "egg": "#fffbe9", "nut": "#7b4a1e"}
# Corner of each food on an animal card (unit square), in FOODS order: NW, NE, SE, SW.
CORNERS = ((0.17, 0.15), (0.83, 0.15), (0.83, 0.85), (0.17, 0.85))
PATH_DARK, PATH_LIGHT = "#8a6a3a", "#e2c48d"
PATH_CARD, PATH_EDGE = "#cfe3b0", "#6b8f47"
ANIMAL_CARD, ANIMAL_EDGE = "#f7eed5", "#9c7b3c"
STORED_RING = "#f2a900"
WATER = "#1e88e5"
LAIR = "#5d4037"
_MID = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))  # edge midpoints, N E S W (unit square)
_INWARD = ((0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (1.0, 0.0))  # from each edge into the card
#: A path is a wide dark line under a narrow light one (widths × card side).
PATH_STROKES = ((PATH_DARK, 0.2), (PATH_LIGHT, 0.13))
#: An animal's path traced along its middle (``trails``): this wide (× card side).
TRAIL_WIDTH = 0.055
#: A path line stops this far (× side) inside the card edge, so that its round end stays on the
#: card; a flat end piece fills the rest, so that the paths of neighbouring cards still join.
_FLUSH = 0.105


# -- reading cards through the catalogue's public API ---------------------------------

_EDGE_CODE = {**{e: i for i, e in enumerate(EDGES)}, "X": DEAD_END, "den": DEN}


@functools.lru_cache(maxsize=4096)
def card_segments(cat, card_id: str, rotation: int) -> tuple:
    """``cat.segments(card_id, rotation)`` with numbered edges and foods, as
    ``((a, b, foods), ...)`` (``b`` may be ``DEAD_END`` or ``DEN``)."""
    return tuple((_EDGE_CODE[a], _EDGE_CODE[b], tuple(FOODS.index(f) for f in foods))
                 for a, b, foods in cat.segments(card_id, rotation))


def _exit_edge(segments) -> int:
    """The edge an animal's stub leaves by (its den segment), else -1."""
    return next((a for a, b, _ in segments if b == DEN), -1)


# -- words and text measuring (an estimate: no font metrics in plain data) -------------------------

def points_text(n: int, word: str = "pt") -> str:
    """"1 pt", "0 pts", "2 pts" (or with ``word="point"``)."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_COMPASS = dict(zip(EDGES, ("north", "east", "south", "west")))
_NUMBERS = {2: "two", 3: "three", 4: "four"}


def _foods_words(foods: Sequence[str]) -> str:
    """"a nut and an egg", "two berries", "no food": the foods on a stretch of path."""
    if not foods:
        return "no food"
    counts = {f: foods.count(f) for f in dict.fromkeys(foods)}
    said = [f"{'an' if f[0] in 'aeiou' else 'a'} {f}" if n == 1 else
            f"{_NUMBERS.get(n, n)} {FOOD_PLURALS[FOODS.index(f)]}" for f, n in counts.items()]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def card_words(cat, card_id: str, rotation: int = 0) -> str:
    """A card as a learner says it, turned as it lies: "Path card P01: a straight path from west to
    east, with a nut and an egg" (an animal card: its own words, ``str(card)``)."""
    card = cat.card(card_id)
    if card.kind == "animal":
        return str(card)
    parts = []
    for a, b, foods in cat.segments(card_id, rotation):
        if b == "X":
            way = f"a dead end from the {_COMPASS[a]}"
        elif (EDGES.index(a) - EDGES.index(b)) % 2 == 0:
            way = f"a straight path from {_COMPASS[a]} to {_COMPASS[b]}"
        else:
            way = f"a bend from {_COMPASS[a]} to {_COMPASS[b]}"
        parts.append(f"{way}, with {_foods_words(foods)}")
    return f"Path card {card.id}: " + "; and ".join(parts)


def text_width(s: str, size: float, bold: bool = False) -> float:
    """Estimated width of a text line (a little more than 0.6 × size per character)."""
    return len(str(s)) * size * (0.66 if bold else 0.62)


def fit_text(s: str, size: float, room: float, bold: bool = False) -> str:
    """``s``, cut short with "…" if it would be wider than ``room``."""
    s = str(s)
    if text_width(s, size, bold) <= room:
        return s
    keep = max(0, int(room / (size * (0.66 if bold else 0.62))) - 1)
    return s[:keep].rstrip(" ·,") + "…"


def _safe_width(s: str, size: float, bold: bool = False) -> float:
    """A text's width estimated on the wide side (real bold glyphs run to 0.7 × size), for
    placing texts that must stay inside a card."""
    return len(str(s)) * size * (0.7 if bold else 0.64)


#: Glyphs far wider than a letter (ems, the widest of DejaVu Sans and Verdana): symbols, which a
#: browser may even take from another font.
_WIDE_GLYPHS = {"▢": 1.0, "★": 1.0, "+": 0.84, "×": 0.84, "−": 0.84}


def glyph_width(s: str, size: float, bold: bool = False) -> float:
    """A text's width with its symbols counted at their real (wide) size, on the wide side."""
    s = str(s)
    wide = sum(_WIDE_GLYPHS.get(ch, 0.0) for ch in s)
    narrow = sum(1 for ch in s if ch not in _WIDE_GLYPHS)
    return (wide + narrow * (0.7 if bold else 0.64)) * size


# -- small drawings --------------------------------------------------------------------

def food_shapes(food, x, y, r, title=None) -> list:
    """A food token centred on (x, y): berry circle, worm wavy line, egg oval, nut triangle."""
    name = FOODS[food] if isinstance(food, int) else food
    col = FOOD_COLOURS[name]
    if name == "berry":
        return [circle(x, y, r * 0.85, fill=col, stroke="#5a0f0f", width=max(1, r * 0.18), title=title)]
    if name == "worm":
        pts = [(x - r * 1.1 + 2.2 * r * k / 8, y + r * 0.45 * math.sin(k * math.pi / 2)) for k in range(9)]
        return [line(pts, stroke="#5b2333", width=r * 0.75, title=title),
                line(pts, stroke=col, width=r * 0.45, title=title)]
    if name == "egg":
        pts = [(x + r * 0.7 * math.cos(2 * math.pi * k / 14), y + r * 1.0 * math.sin(2 * math.pi * k / 14))
               for k in range(14)]
        return [polygon(pts, fill=col, stroke="#6d6146", width=max(1, r * 0.18), title=title)]
    # nut: an acorn-like triangle pointing down
    return [polygon([(x - r, y - r * 0.75), (x + r, y - r * 0.75), (x, y + r)], fill=col, stroke="#3e2410",
                    width=max(1, r * 0.15), title=title)]


def water_drop(x, y, r, title=None):
    pts = [(x, y - r * 1.2)]
    for k in range(9):
        a = math.pi * (-0.15 + 1.3 * k / 8)
        pts.append((x + r * 0.75 * math.cos(a), y + r * 0.25 + r * 0.75 * math.sin(a)))
    return polygon(pts, fill=WATER, stroke="#0d47a1", width=1, title=title)


def _faded(shape: Shape, opacity: float) -> Shape:
    return shape if opacity == 1.0 else replace(shape, style=replace(shape.style, opacity=opacity))


# -- one card: its paths ---------------------------------------------------------------------------

class _Segment(NamedTuple):
    """One path of a card, in the unit square."""

    points: Tuple[Tuple[float, float], ...]  # the path line, stopped short of the edges it reaches
    edges: Tuple[int, ...]  # the card edges it reaches (each gets a flat end piece)
    foods: Tuple[Tuple[int, float, float], ...]  # (food, x, y) in walking order
    r: float  # the food tokens' radius (× side): smaller where foods are close together
    bar: Tuple[Tuple[float, float], ...]  # the dead-end bar, or ()


def _curve(a: int, b: int, den: Tuple[float, float], depth: float) -> List[Tuple[float, float]]:
    """Points from edge ``a``'s midpoint to ``b``: another edge, a dead end ``depth`` deep, or the den."""
    ax, ay = _MID[a]
    if b == DEN:
        return [(ax + (den[0] - ax) * k / 2, ay + (den[1] - ay) * k / 2) for k in range(3)]
    if b == DEAD_END:
        ix, iy = _INWARD[a]
        return [(ax + ix * depth * k / 4, ay + iy * depth * k / 4) for k in range(5)]
    bx, by = _MID[b]
    if (a - b) % 2 == 0:  # opposite edges: straight
        return [(ax + (bx - ax) * k / 4, ay + (by - ay) * k / 4) for k in range(5)]
    cx = 1.0 if 1 in (a, b) else 0.0  # adjacent edges: a quarter circle around their shared corner
    cy = 1.0 if 2 in (a, b) else 0.0
    t0 = math.atan2(ay - cy, ax - cx)
    d = (math.atan2(by - cy, bx - cx) - t0 + math.pi) % (2 * math.pi) - math.pi
    return [(cx + 0.5 * math.cos(t0 + d * k / 12), cy + 0.5 * math.sin(t0 + d * k / 12)) for k in range(13)]


def _length(points: Sequence[Tuple[float, float]]) -> float:
    return sum(math.dist(p, q) for p, q in zip(points, points[1:]))


def _point_at(points: Sequence[Tuple[float, float]], s: float) -> Tuple[float, float]:
    """The point ``s`` along a polyline (clamped to its ends)."""
    for p, q in zip(points, points[1:]):
        seg = math.dist(p, q)
        if s <= seg:
            f = s / seg if seg else 0.0
            return (p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f)
        s -= seg
    return points[-1]


def _cut_start(points: Sequence[Tuple[float, float]], s: float) -> List[Tuple[float, float]]:
    """The polyline without its first ``s`` of length."""
    walked = 0.0
    for i, (p, q) in enumerate(zip(points, points[1:])):
        seg = math.dist(p, q)
        if walked + seg > s:
            return [_point_at((p, q), s - walked)] + list(points[i + 1:])
        walked += seg
    return list(points[-1:])


def _flush_start(points: Sequence[Tuple[float, float]], edge: int) -> List[Tuple[float, float]]:
    """The polyline from ``edge`` without its first ``_FLUSH`` of length, starting square to the
    edge on its midline (so that a butt end, as Pillow draws it, meets the flat end piece)."""
    (mx, my), (nx, ny) = _MID[edge], _INWARD[edge]
    square = [(mx + nx * d, my + ny * d) for d in (_FLUSH, _FLUSH + 0.03)]
    return square + _cut_start(points, _FLUSH + 0.06)[1:]


def _food_spots(points, foods: Sequence[int], dead_end: bool):
    """Where the foods of a path sit, evenly spread along it (on a dead end: between the edge
    and the bar), and how big they can be without touching each other."""
    n = len(foods)
    total = _length(points)
    if dead_end:
        lo, hi = 0.16, total - 0.12
        at = [(lo + hi) / 2] if n == 1 else [lo + (hi - lo) * i / max(1, n - 1) for i in range(n)]
    else:
        at = [total * (i + 1) / (n + 1) for i in range(n)]
    gap = min((q - p for p, q in zip(at, at[1:])), default=1.0)
    spots = tuple((f, *_point_at(points, s)) for f, s in zip(foods, at))
    return spots, min(0.075, gap / 3.2)  # a token (with its ring) is at most 3 radii across


@functools.lru_cache(maxsize=4096)
def _card_geometry(segments: tuple, den: Tuple[float, float]) -> Tuple[_Segment, ...]:
    """The paths of turned ``segments`` (``card_segments``), an animal's stub going to ``den``."""
    single = len(segments) == 1
    return tuple(_segment(a, b, foods, den, single) for a, b, foods in segments)


def _segment(a: int, b: int, foods: tuple, den: Tuple[float, float], single: bool) -> _Segment:
    # a dead end alone on its card may reach past the middle, so that its foods have room
    depth = 0.62 if b == DEAD_END and single and len(foods) > 1 else 0.42
    full = _curve(a, b, den, depth)
    spots, r = _food_spots(full, foods, b == DEAD_END)
    edges = (a, b) if b >= 0 else (a,)
    pts = _flush_start(full, a)
    if b >= 0:
        pts = _flush_start(pts[::-1], b)[::-1]
    bar: tuple = ()
    if b == DEAD_END:
        (x1, y1), (x2, y2) = full[-2], full[-1]
        n = math.hypot(x2 - x1, y2 - y1) or 1.0
        px, py = -(y2 - y1) / n * 0.14, (x2 - x1) / n * 0.14
        bar = ((x2 + px, y2 + py), (x2 - px, y2 - py))
    return _Segment(tuple(pts), edges, spots, r, bar)


def _flush_end(edge: int, width: float) -> List[Tuple[float, float]]:
    """The flat end piece of a path ``width`` wide at ``edge`` (unit square)."""
    (mx, my), (nx, ny) = _MID[edge], _INWARD[edge]
    tx, ty = -ny * width / 2, nx * width / 2
    d = _FLUSH + 0.005
    return [(mx + tx, my + ty), (mx + tx + nx * d, my + ty + ny * d), (mx - tx + nx * d, my - ty + ny * d),
            (mx - tx, my - ty)]


def _path_shapes(seg: _Segment, x0: float, y0: float, c: float, opacity: float) -> List[Shape]:
    """One path: its dark edge and light middle (each a line and flat end pieces), and the
    bar of a dead end."""
    out: List[Shape] = []
    for colour, w in PATH_STROKES:
        out.extend(_stroke(seg, x0, y0, c, colour, w, opacity))
    if seg.bar:
        out.append(line(_at(seg.bar, x0, y0, c), stroke="#4e3a1c", width=c * 0.05, opacity=opacity,
                        title="dead end"))
    return out


def _at(pts, x0: float, y0: float, c: float) -> List[Tuple[float, float]]:
    return [(x0 + px * c, y0 + py * c) for px, py in pts]


def _stroke(seg: _Segment, x0: float, y0: float, c: float, colour: str, w: float, opacity: float,
            dash: Tuple[float, ...] = (), title: Optional[str] = None) -> List[Shape]:
    """A line ``w`` wide (× side) along a path, with flat end pieces out to the card edges it reaches."""
    out: List[Shape] = [line(_at(seg.points, x0, y0, c), stroke=colour, width=w * c, opacity=opacity,
                             dash=tuple(d * c for d in dash), title=title)]
    out.extend(polygon(_at(_flush_end(e, w), x0, y0, c), fill=colour, opacity=opacity, title=title)
               for e in seg.edges)
    return out


def _food_tokens(seg: _Segment, si: int, x0: float, y0: float, c: float, stored, opacity: float) -> List[Shape]:
    """The foods on one path, a gold ring under each stored one."""
    out: List[Shape] = []
    r = seg.r * c
    for fi, (f, fx, fy) in enumerate(seg.foods):
        cx, cy = x0 + fx * c, y0 + fy * c
        if (si, fi) in stored:
            out.append(circle(cx, cy, r * 1.5, fill="#fff3c4", stroke=STORED_RING, width=max(2.0, c * 0.03),
                              opacity=opacity, title=f"{FOODS[f]}: stored by an animal"))
        out.extend(_faded(s, opacity) for s in food_shapes(f, cx, cy, r, title=FOODS[f]))
    return out


# -- one card: an animal's face ----------------------------------------------------------------------

_DIGRAPHS = {"ch", "ck", "ph", "sh", "th", "wh", "ng", "qu"}
_VOWELS = set("aeiouyAEIOUY")


def _hyphen_score(word: str, k: int) -> int:
    """How good a place it is to break ``word`` before letter ``k`` (lower is better): between
    two consonants, then before a consonant that starts a syllable, then anywhere."""
    a, b = word[k - 1], word[k]
    if a not in _VOWELS and b not in _VOWELS and (a + b).lower() not in _DIGRAPHS:
        return 0
    if a in _VOWELS and b not in _VOWELS and k + 1 < len(word) and word[k + 1] in _VOWELS:
        return 1
    return 2


def _two_lines(name: str, fits) -> Optional[List[str]]:
    """``name`` on two lines that both ``fit``: at a space (the most even split), else a
    word hyphenated; None if no split fits."""
    words = name.split(" ")
    splits = [[" ".join(words[:k]), " ".join(words[k:])] for k in range(1, len(words))]
    if not splits:
        splits = sorted(([name[:k] + "-", name[k:]] for k in range(2, len(name) - 1)),
                        key=lambda p: (_hyphen_score(name, len(p[0]) - 1), max(map(len, p))))
    else:
        splits.sort(key=lambda p: max(map(len, p)))
    return next((p for p in splits if all(map(fits, p))), None)


class CardFace:
    """The texts of a card of side ``c``: where they go and how big they are.

    ``floor=None`` is the look of the table picture: every size follows the card.
    With a ``floor`` (the classroom), no text is smaller than it, and an animal's face is
    laid out around its stub: the den moves towards the edge the stub leaves by, the name
    (on two lines when it must) and the storage go where the stub is not."""

    def __init__(self, c: float, floor: Optional[float] = None):
        self.c, self.floor = c, floor
        k = c / 68
        if floor is None:
            self.value, self.name, self.den_text, self.store, self.extra = (round(b * k, 1) for b in (10, 10, 11, 8, 8))
            self.den_r, self.corners, self.corner_h, self.lair_side = 0.13, CORNERS, 0.14, 0.07
        else:
            self.value = self.name = self.den_text = self.store = self.extra = floor
            self.den_r = (0.62 * floor + 1) / c
            self.corners = ((0.17, 0.12), (0.83, 0.12), (0.83, 0.88), (0.17, 0.88))
            self.corner_h, self.lair_side = 0.12, 0.062
        # between the rows of food corners
        self.band = (self.corners[0][1] + (self.value / 2 + 1) / c, self.corners[2][1] - (self.value / 2 + 1) / c)

    def den(self, exit_edge: int) -> Tuple[float, float]:
        if self.floor is None:
            return (0.5, 0.5)
        top = self.band[0] + self.den_r + 1 / self.c
        return {0: (0.5, top), 2: (0.5, 1 - top), 1: (0.62, 0.5), 3: (0.38, 0.5)}.get(exit_edge, (0.5, 0.5))

    def name_lines(self, name: str) -> Tuple[List[str], float]:
        """The lines of an animal's name and their size: one line made smaller to fit (normal),
        or two lines at the floor size when one does not fit (classroom)."""
        room = self.c - 8
        if self.floor is None:
            size = self.name if len(name) <= 8 else round(self.name * 0.85, 2)
            return [name], min(size, round((self.c - 6) / (0.68 * max(1, len(name))), 2))
        if _safe_width(name, self.name, True) <= room:
            return [name], self.name
        lines = _two_lines(name, lambda s: _safe_width(s, self.name, True) <= room)
        return (lines or [fit_text(name, self.name, room, True)]), self.name

    def name_places(self, exit_edge: int, n: int, size: float) -> List[Tuple[float, float]]:
        """The unit centres of ``n`` name lines (away from the stub)."""
        if self.floor is None:
            return [(0.5, 0.33 if exit_edge == 2 else 0.67)]
        step = (size + 0.5) / self.c
        dx, dy = self.den(exit_edge)
        if exit_edge == 0:
            return [(0.5, dy + self.den_r + (1 + size / 2) / self.c + i * step) for i in range(n)]
        if exit_edge == 2:
            return [(0.5, dy - self.den_r - (1 + size / 2) / self.c - (n - 1 - i) * step) for i in range(n)]
        above = (self.band[0] + 0.4) / 2  # between the corner row and the stub
        return [(0.5, above), (0.5, 1 - above)][:n]

    def badge(self, exit_edge: int) -> Tuple[float, float, str]:
        """Where the storage mark goes (unit x, y, text anchor): clear of the stub and den."""
        if self.floor is None:  # right of the stub, between the den and the food corners
            return (0.61, 0.69 if exit_edge == 2 else 0.31, "start")
        dx, dy = self.den(exit_edge)
        if exit_edge in (0, 2):
            return (dx + self.den_r + 3 / self.c, dy, "start")
        return (4 / self.c, 0.5, "start") if exit_edge == 1 else (1 - 4 / self.c, 0.5, "end")

    def lairs(self, exit_edge: int, badge_text: str) -> Tuple[float, float]:
        """The unit centre of the column of lair tokens, on the free side of the den."""
        if self.floor is None:
            return (0.2, 0.5) if exit_edge in (0, 2) else (0.22 if exit_edge == 1 else 0.78, 0.5)
        dx, dy = self.den(exit_edge)
        if exit_edge in (0, 2):
            return (dx - self.den_r - 3 / self.c - self.lair_side / 2, dy)
        badge_end = (4 + _safe_width(badge_text, self.store) * 1.15) / self.c
        x = (badge_end + max(dx, 1 - dx) - self.den_r) / 2  # between the mark and the den
        return (x if exit_edge == 1 else 1 - x, 0.5)


def _animal_face(card, exit_edge: int, x0: float, y0: float, face: CardFace, lairs: int, water,
                 opacity: float) -> list:
    """What an animal card shows: its den with its own points, its name, its storage and
    lair tokens (away from its path stub), and its four food corners."""
    c = face.c
    dx, dy = face.den(exit_edge)
    out = [circle(x0 + dx * c, y0 + dy * c, face.den_r * c, fill="#4e342e", stroke="#2b1b14", width=1.2,
                  opacity=opacity, title=f"den: the {card.name} scores {points_text(card.points, 'point')} itself"),
           text(x0 + dx * c, y0 + dy * c, card.points, size=face.den_text, fill="#ffffff", bold=True,
                opacity=opacity)]
    lines, size = face.name_lines(card.name)
    for label, (ux, uy) in zip(lines, face.name_places(exit_edge, len(lines), size)):
        out.append(text(x0 + ux * c, y0 + uy * c, label, size=size, fill="#3b2a12", bold=True, opacity=opacity,
                        title=card.name if len(lines) > 1 else None))
    out.extend(_storage(card, exit_edge, x0, y0, face, lairs, opacity))
    for f in range(len(FOODS)):
        out.extend(_food_corner(card, f, x0, y0, face, FOODS[f] in water, opacity))
    return out


def _storage(card, exit_edge: int, x0: float, y0: float, face: CardFace, lairs: int, opacity: float) -> list:
    """The storage mark ("▢3+1"; in the classroom "▢3" beside the tokens) and the lair tokens."""
    c = face.c
    mark = f"▢{card.capacity}" + (f"+{lairs}" if lairs and face.floor is None else "")
    bx, by, anchor = face.badge(exit_edge)
    ux, uy = face.lairs(exit_edge, mark)
    size = face.store
    if face.floor is None:  # a long mark ("▢5+1") is made smaller rather than run off the card
        size = min(size, round((c * (1 - bx) - 1) / glyph_width(mark, 1.0), 2))
    return [text(x0 + bx * c, y0 + by * c, mark, size=size, fill="#3b2a12", anchor=anchor, opacity=opacity,
                 title=f"storage {card.capacity}" + (f" + {lairs} lair" if lairs else ""))] + \
        _lair_tokens(x0 + ux * c, y0 + uy * c, face, lairs, opacity, up=exit_edge != 2)


def _lair_tokens(lx: float, ly: float, face: CardFace, lairs: int, opacity: float, up: bool = True) -> list:
    """Up to three lair tokens in a column centred on (lx, ly); with more, their count instead
    (on the table beside one token, above it when ``up``, away from the name; in the classroom
    alone, where room is short)."""
    s = face.c * face.lair_side
    step = s * (1.3 if face.floor is None else 1.2)
    title = f"{lairs} lair token{'s' if lairs > 1 else ''}: +{lairs} storage"
    if lairs <= 3:
        return [rect(lx - s / 2, ly + (k - (lairs - 1) / 2) * step - s / 2, s, s, fill=LAIR, stroke="#000000",
                     width=0.8, opacity=opacity, title=title) for k in range(lairs)]
    out = []
    if face.floor is None:
        k = 1 if up else -1  # the token below the count, or above it
        out.append(rect(lx - s / 2, ly + k * step / 2 - s / 2, s, s, fill=LAIR, stroke="#000000", width=0.8,
                        opacity=opacity, title=title))
        ly -= k * (step / 2 + 1)
    out.append(text(lx, ly, f"×{lairs}", size=face.extra, anchor="middle", fill="#000000", opacity=opacity,
                    title=title))
    return out


def _corner_places(face: CardFace, f: int) -> Tuple[float, float, float, str]:
    """(icon x, value x, water drop x, value anchor) of food corner ``f``, unit square."""
    ux, _ = face.corners[f]
    if face.floor is None:
        return ux - 0.05, ux + 0.075, ux + (0.19 if ux < 0.5 else -0.19), "middle"
    if ux < 0.5:  # the food at the card edge, its value towards the middle
        return ux - 0.08, ux - 0.015, ux + 0.165, "start"
    return ux + 0.08, ux + 0.015, ux - 0.165, "end"


def _food_corner(card, f: int, x0: float, y0: float, face: CardFace, wet: bool, opacity: float) -> list:
    """One food corner: the food, its value to the animal (the food dimmed and the value grey
    when worth nothing), and a water drop (+1) when there is one."""
    c = face.c
    _, uy = face.corners[f]
    icon_x, value_x, drop_x, anchor = _corner_places(face, f)
    cy = y0 + uy * c
    value = card.values[f]
    out = []
    if wet:
        lo, hi = sorted((icon_x, value_x))
        out.append(rect(x0 + (lo - 0.1) * c, cy - c * 0.11, (hi - lo + 0.2) * c, c * 0.22, fill="#cfe6ff",
                        stroke=WATER, width=1.2, radius=3, opacity=opacity))
    dim = opacity if value or wet else opacity * 0.45
    r = c * (0.06 if face.floor is None else 0.055)
    out.extend(_faded(s, dim) for s in food_shapes(f, x0 + icon_x * c, cy, r, title=f"{FOOD_PLURALS[f]}: {value} each"))
    out.append(text(x0 + value_x * c, cy, value, size=face.value, fill="#1b1b1b" if value or wet else "#595959",
                    bold=bool(value), anchor=anchor, opacity=opacity))
    if wet:
        out.append(water_drop(x0 + drop_x * c, cy, c * (0.05 if face.floor is None else 0.04),
                              title=f"water drop: {FOOD_PLURALS[f]} worth {value + 1}"))
    return out


# -- one card -----------------------------------------------------------------------------------------

class Trail(NamedTuple):
    """How an animal's path is traced: its colour, its dash pattern (× card side) and its tooltip."""

    colour: str
    dash: Tuple[float, ...]
    title: str


#: One trail style per animal of a forest, in reading order (then again from the first): colours
#: told apart with colour blindness (Paul Tol's dark ones, Okabe-Ito's blue and a darkened orange),
#: each 3:1 or more against the path it runs on, and each with its own dash for who cannot.
TRAIL_STYLES = (("#332288", ()), ("#882255", (0.12, 0.06)), ("#117733", (0.03, 0.05)),
                ("#0072b2", (0.16, 0.05, 0.03, 0.05)), ("#aa4499", (0.07, 0.07)), ("#a65300", (0.2, 0.05)),
                ("#1b1b1b", (0.03, 0.03, 0.1, 0.03)), ("#666600", (0.12, 0.03)))


def card_shapes(cat, card_id: str, rotation: int, x0: float, y0: float, face: CardFace, *, lairs: int = 0,
                water=(), stored=frozenset(), opacity: float = 1.0, hit: Optional[str] = None,
                score_title=None, trails: Optional[Mapping[int, "Trail"]] = None) -> List[Shape]:
    """The shapes of card ``card_id`` turned ``rotation``° with its top-left corner at (x0, y0),
    side ``face.c``; ``lairs`` and ``water`` are the tokens on an animal, ``stored`` the
    ``(segment, food)`` positions ringed as stored, ``trails`` the segments traced as some
    animal's path (segment index -> ``Trail``)."""
    card = cat.card(card_id)
    c = face.c
    animal = card.kind == "animal"
    segs = card_segments(cat, card_id, rotation)
    exit_edge = _exit_edge(segs)
    fill, edge = (ANIMAL_CARD, ANIMAL_EDGE) if animal else (PATH_CARD, PATH_EDGE)
    out: List[Shape] = [rect(x0 + 1, y0 + 1, c - 2, c - 2, fill=fill, stroke=edge, width=1.5 if animal else 1.2,
                             radius=c * 0.06, opacity=opacity, hit=hit,
                             title=score_title or card_words(cat, card_id, rotation))]
    geometry = _card_geometry(segs, face.den(exit_edge) if animal else (0.5, 0.5))
    for seg in geometry:
        out.extend(_path_shapes(seg, x0, y0, c, opacity))
    for si, trail in sorted((trails or {}).items()):
        out.extend(_stroke(geometry[si], x0, y0, c, trail.colour, TRAIL_WIDTH, opacity, trail.dash, trail.title))
    for si, seg in enumerate(geometry):
        out.extend(_food_tokens(seg, si, x0, y0, c, stored, opacity))
    if animal:
        out.extend(_animal_face(card, exit_edge, x0, y0, face, lairs, water, opacity))
    return out
