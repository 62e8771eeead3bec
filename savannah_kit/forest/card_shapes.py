"""One Savernake Forest card as shapes: its paths, its foods, an animal's face.

The pieces the table picture (``render``) is built from, in the same plain
``core.scene`` shapes: a card is read through the catalogue's public
``segments()``, its geometry is computed once per turned card, and foods are
told apart by shape as well as colour (berry circle, worm wavy line, egg oval,
nut triangle). Text widths are estimated here too (no font metrics in plain
data): a little over 0.6 × font size per character.
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace
from typing import List, Sequence, Tuple

from ..core.scene import circle, line, polygon, rect, text
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

_MID = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
_INWARD = ((0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (1.0, 0.0))


# -- geometry of one card, in the unit square, cached --------------------------------

def _segment_curve(a: int, b: int, steps: int = 10) -> List[Tuple[float, float]]:
    """Points from edge ``a``'s midpoint to ``b`` (an edge, a dead end or the den)."""
    ax, ay = _MID[a]
    if b == DEN:
        return [(ax + (0.5 - ax) * k / 2, ay + (0.5 - ay) * k / 2) for k in range(3)]
    if b == DEAD_END:
        ix, iy = _INWARD[a]
        depth = 0.42
        return [(ax + ix * depth * k / 4, ay + iy * depth * k / 4) for k in range(5)]
    bx, by = _MID[b]
    if (a - b) % 2 == 0:  # opposite edges: straight
        return [(ax + (bx - ax) * k / 4, ay + (by - ay) * k / 4) for k in range(5)]
    # adjacent edges: a quarter circle around their shared corner
    cx = 1.0 if 1 in (a, b) else 0.0
    cy = 1.0 if 2 in (a, b) else 0.0
    t0 = math.atan2(ay - cy, ax - cx)
    t1 = math.atan2(by - cy, bx - cx)
    d = (t1 - t0 + math.pi) % (2 * math.pi) - math.pi
    return [(cx + 0.5 * math.cos(t0 + d * k / steps), cy + 0.5 * math.sin(t0 + d * k / steps))
            for k in range(steps + 1)]


def _along(points: Sequence[Tuple[float, float]], t: float) -> Tuple[float, float]:
    """The point at fraction ``t`` of a polyline's length."""
    lens = [math.dist(points[i], points[i + 1]) for i in range(len(points) - 1)]
    goal = t * sum(lens)
    for i, seg in enumerate(lens):
        if goal <= seg or i == len(lens) - 1:
            f = goal / seg if seg else 0.0
            (x1, y1), (x2, y2) = points[i], points[i + 1]
            return (x1 + (x2 - x1) * f, y1 + (y2 - y1) * f)
        goal -= seg
    return points[-1]


@functools.lru_cache(maxsize=4096)
def _geometry(segments) -> tuple:
    """For turned segments ``((a, b, foods), ...)``: per segment (points, [(food, x, y)], end)."""
    out = []
    for a, b, foods in segments:
        pts = _segment_curve(a, b)
        n = len(foods)
        spots = []
        for i, f in enumerate(foods):
            t = (i + 1) / (n + 1) if b != DEAD_END else (i + 0.9) / (n + 0.4)
            x, y = _along(pts, t)
            spots.append((f, x, y))
        out.append((tuple(pts), tuple(spots), b))
    return tuple(out)


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


def _font(c: float, base: float) -> float:
    """A font size that grows with the card side ``c`` (``base`` at the normal side, 68)."""
    return round(base * c / 68, 1)


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
    for a, b, _ in segments:
        if b == DEN:
            return a
    return -1


# -- text measuring (an estimate: no font metrics in plain data) ---------------------------

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


def card_shapes(cat, card_id, rotation, x0, y0, c, *, lairs=0, water=(), stored=frozenset(),
                 opacity=1.0, hit=None, score_title=None) -> list:
    """The shapes of card ``card_id`` turned ``rotation``° with its top-left corner at (x0, y0),
    side ``c``; ``lairs`` and ``water`` are the tokens on an animal, ``stored`` the
    ``(segment, food)`` positions ringed as stored."""
    card = cat.card(card_id)
    animal = card.kind == "animal"
    out = []
    segs = card_segments(cat, card_id, rotation)
    geom = _geometry(segs)
    if animal:
        out.append(rect(x0 + 1, y0 + 1, c - 2, c - 2, fill=ANIMAL_CARD, stroke=ANIMAL_EDGE, width=1.5,
                        radius=c * 0.06, opacity=opacity, hit=hit, title=score_title or str(card)))
    else:
        out.append(rect(x0 + 1, y0 + 1, c - 2, c - 2, fill=PATH_CARD, stroke=PATH_EDGE, width=1.2,
                        radius=c * 0.06, opacity=opacity, hit=hit, title=str(card)))
    wide, narrow = c * 0.2, c * 0.13
    for pts, spots, end in geom:
        p = [(x0 + px * c, y0 + py * c) for px, py in pts]
        out.append(line(p, stroke=PATH_DARK, width=wide, opacity=opacity))
        out.append(line(p, stroke=PATH_LIGHT, width=narrow, opacity=opacity))
        if end == DEAD_END:
            (x1, y1), (x2, y2) = p[-2], p[-1]
            dx, dy = x2 - x1, y2 - y1
            n = math.hypot(dx, dy) or 1.0
            px, py = -dy / n * c * 0.14, dx / n * c * 0.14
            out.append(line([(x2 + px, y2 + py), (x2 - px, y2 - py)], stroke="#4e3a1c", width=c * 0.05,
                            opacity=opacity, title="dead end"))
    r = c * 0.075
    for si, (pts, spots, end) in enumerate(geom):
        for fi, (f, fx, fy) in enumerate(spots):
            cx, cy = x0 + fx * c, y0 + fy * c
            if (si, fi) in stored:
                out.append(circle(cx, cy, r * 1.65, fill="#fff3c4", stroke=STORED_RING, width=max(2, c * 0.035),
                                  opacity=opacity, title=f"{FOODS[f]}: stored by an animal"))
            out.extend(food_shapes(f, cx, cy, r, title=FOODS[f]) if opacity == 1.0 else
                       [_faded(s, opacity) for s in food_shapes(f, cx, cy, r)])
    if animal:
        out.extend(_animal_face(card, _exit_edge(segs), x0, y0, c, lairs, water, opacity))
    return out


def _faded(shape, opacity):
    return replace(shape, style=replace(shape.style, opacity=opacity))


def _animal_face(card, exit_edge, x0, y0, c, lairs, water, opacity) -> list:
    """What an animal card shows: its den with its own points, its name, its storage and
    lair tokens beside the den (away from its path stub), and its four food corners."""
    fs = _font(c, 10)
    out = [circle(x0 + c / 2, y0 + c / 2, c * 0.13, fill="#4e342e", stroke="#2b1b14", width=1.2,
                  opacity=opacity, title=f"den: the {card.name} scores {card.points} points itself"),
           text(x0 + c / 2, y0 + c / 2, card.points, size=_font(c, 11), fill="#ffffff", bold=True, opacity=opacity)]
    name_y = 0.33 if exit_edge == 2 else 0.67
    out.append(text(x0 + c / 2, y0 + c * name_y, card.name, size=fs if len(card.name) <= 8 else fs * 0.85,
                    fill="#3b2a12", bold=True, opacity=opacity))
    out.extend(_storage(card, exit_edge, x0, y0, c, lairs, opacity))
    for f in range(len(FOODS)):
        out.extend(_food_corner(card, f, x0, y0, c, FOODS[f] in water, opacity))
    return out


def _storage(card, exit_edge, x0, y0, c, lairs, opacity) -> list:
    """The storage badge ("▢3+1") and up to three lair tokens, on the sides the stub leaves free."""
    if exit_edge in (0, 2):
        badge, lair_at = (0.8, 0.5), (0.2, 0.5)
    else:
        badge, lair_at = (0.5, 0.32), (0.22 if exit_edge == 1 else 0.78, 0.5)
    store = f"▢{card.capacity}" + (f"+{lairs}" if lairs else "")
    out = [text(x0 + badge[0] * c, y0 + badge[1] * c, store, size=_font(c, 9), fill="#3b2a12", opacity=opacity,
                title=f"storage {card.capacity}" + (f" + {lairs} lair" if lairs else ""))]
    s = c * 0.07
    lx, ly = x0 + lair_at[0] * c, y0 + lair_at[1] * c
    shown = min(lairs, 3)
    for k in range(shown):
        yy = ly + (k - (shown - 1) / 2) * s * 1.3
        out.append(rect(lx - s / 2, yy - s / 2, s, s, fill=LAIR, stroke="#000000", width=0.8, opacity=opacity,
                        title=f"{lairs} lair token{'s' if lairs > 1 else ''}: +{lairs} storage"))
    if lairs > 3:
        out.append(text(lx + s, ly, f"×{lairs}", size=_font(c, 8), anchor="start", opacity=opacity))
    return out


def _food_corner(card, f, x0, y0, c, wet, opacity) -> list:
    """One food corner: the food, its value to the animal (dimmed when worth nothing), and
    a water drop (+1) when there is one."""
    ux, uy = CORNERS[f]
    cx, cy = x0 + ux * c, y0 + uy * c
    value = card.values[f]
    dim = opacity if value or wet else opacity * 0.45
    out = []
    if wet:
        out.append(rect(cx - c * 0.15, cy - c * 0.11, c * 0.3, c * 0.22, fill="#cfe6ff", stroke=WATER,
                        width=1.2, radius=3, opacity=opacity))
    out.extend(_faded(s, dim) for s in food_shapes(f, cx - c * 0.05, cy, c * 0.06,
                                                     title=f"{FOOD_PLURALS[f]}: {value} each"))
    out.append(text(cx + c * 0.075, cy, value, size=_font(c, 10), fill="#1b1b1b", bold=bool(value), opacity=dim))
    if wet:
        side = 1 if ux < 0.5 else -1
        out.append(water_drop(cx + side * c * 0.19, cy, c * 0.05,
                              title=f"water drop: {FOOD_PLURALS[f]} worth {value + 1}"))
    return out
