"""Savernake Forest pictures: a game state as a ``Scene`` (plain data, no Jupyter).

``scene(game)`` draws the whole table: the banner (round, whose decision, what
is being decided), the market (the four advisors, each with its card and its
benefit in words, the card in hand), the pawn holder, the supply, every
player's forest with its live score, and a legend of the food shapes.
``card_scene(card_id)`` draws one card, ``forest_scene(game, seat)`` one forest.
Everything is read through the engine's public API (``game.market``,
``game.forest(p).cards()``, ``game.catalogue.segments(...)``...).

Text never collides: widths are estimated (a little over 0.6 × font size per
character); the banner puts the decision on a second line (and the scores on a
third) when one line would not hold it all, the legend wraps onto more lines,
and long names or notes are shortened (the full text in the tooltip).

Foods are told apart by shape, not only by colour: berries are circles, worms
wavy lines, eggs ovals, nuts triangles (acorns). A gold ring marks each food an
animal stores (the first foods met along its path, up to its storage), so the
score can be read off the picture. On an animal card the corners give the
points per berry (top left), worm (top right), egg (bottom right) and nut
(bottom left); a blue drop on a corner is a water drop (+1), the dark squares
beside the storage are lair tokens (+1 storage each), the number in the den is
the animal's own points.

Clickable areas (hit ids):

* ``market:<slot>``            a card in the market (``slot`` = rabbit, rooster, armadillo, goat);
* ``cell:<seat>:<x>:<y>``      EVERY empty cell drawn around a forest (legal or not, so a
  click on a wrong cell can be explained); the legal ones are drawn highlighted;
* ``card:<seat>:<x>:<y>``      a placed path card;
* ``animal:<seat>:<x>:<y>``    a placed animal card (the lair question, the clean-up);
* ``corner:<seat>:<x>:<y>:<food>``  a food corner of an animal (the water question);
* ``hand``                     the card in hand (taken, not yet placed).

Options: ``highlights`` are the cells drawn as legal, as ``(x, y)`` pairs (in
the deciding player's forest) or ``(seat, x, y)`` triples; the default
``None`` highlights what the current decision allows (legal cells while
placing, animals for the lair token, free corners for the water drop); pass
``()`` for none. ``preview=(seat, x, y, rotation)`` draws a ghost of the card
being placed (green frame: legal there, red: not). ``selected`` is a market
slot to frame. ``large=True`` is the classroom size. Same state, same scene:
the SVG is deterministic.
"""

from __future__ import annotations

import math
import weakref
from typing import Dict, List, Sequence, Tuple

from ..core.scene import Scene, circle, line, polygon, rect, text

FOODS = ("berry", "worm", "egg", "nut")
FOOD_PLURALS = ("berries", "worms", "eggs", "nuts")
EDGES = ("N", "E", "S", "W")
SLOTS = ("rabbit", "rooster", "armadillo", "goat")
DEAD_END, DEN = -1, -2
DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))

SEAT_COLOURS = ("#c62828", "#1f5fbf", "#2e7d32", "#c79100")
FOOD_COLOURS = {"berry": "#d32f2f", "worm": "#c2587a", "egg": "#fffbe9", "nut": "#7b4a1e"}
ADVISOR_TEXT = {
    "rabbit": ("Rabbit", "an animal card", "(more animals)"),
    "rooster": ("Rooster", "+ 1st Player pawn", "(+1 point, first next round)"),
    "armadillo": ("Armadillo", "+ a lair token", "(+1 storage for an animal)"),
    "goat": ("Goat", "+ a water drop", "(+1 to one food of an animal)"),
}
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


_GEOM: Dict[tuple, tuple] = {}


def _geometry(segments) -> tuple:
    """For turned segments ``((a, b, foods), ...)``: per segment (points, [(food, x, y)], end)."""
    g = _GEOM.get(segments)
    if g is None:
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
        g = _GEOM[segments] = tuple(out)
    return g


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
    return round(base * c / 68, 1)


# -- reading cards through the catalogue's public API ---------------------------------

_EDGE_CODE = {"N": 0, "E": 1, "S": 2, "W": 3, "X": DEAD_END, "den": DEN}
_SEGMENTS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _segments(cat, card_id: str, rotation: int) -> tuple:
    """``cat.segments(card_id, rotation)`` with numbered edges and foods, as
    ``((a, b, foods), ...)`` (``b`` may be ``DEAD_END`` or ``DEN``); cached per catalogue."""
    per = _SEGMENTS.get(cat)
    if per is None:
        per = _SEGMENTS[cat] = {}
    segs = per.get((card_id, rotation))
    if segs is None:
        segs = per[(card_id, rotation)] = tuple(
            (_EDGE_CODE[a], _EDGE_CODE[b], tuple(FOODS.index(f) for f in foods))
            for a, b, foods in cat.segments(card_id, rotation))
    return segs


def _is_animal(card) -> bool:
    return card.kind == "animal"


def _exit_edge(segments) -> int:
    """The edge an animal's stub leaves by (its den segment), else -1."""
    for a, b, _ in segments:
        if b == DEN:
            return a
    return -1


# -- text measuring (an estimate: no font metrics in plain data) ---------------------------

def _text_width(s: str, size: float, bold: bool = False) -> float:
    """Estimated width of a text line (a little more than 0.6 × size per character)."""
    return len(str(s)) * size * (0.66 if bold else 0.62)


def _fit(s: str, size: float, room: float, bold: bool = False) -> str:
    """``s``, cut short with "…" if it would be wider than ``room``."""
    s = str(s)
    if _text_width(s, size, bold) <= room:
        return s
    keep = max(0, int(room / (size * (0.66 if bold else 0.62))) - 1)
    return s[:keep].rstrip(" ·,") + "…"


def _card_shapes(cat, card_id, rotation, x0, y0, c, *, lairs=0, water=(), stored=frozenset(),
                 opacity=1.0, hit=None, score_title=None) -> list:
    """The shapes of card ``card_id`` turned ``rotation``° with its top-left corner at (x0, y0),
    side ``c``; ``lairs`` and ``water`` are the tokens on an animal, ``stored`` the
    ``(segment, food)`` positions ringed as stored."""
    card = cat.card(card_id)
    animal = _is_animal(card)
    out = []
    segs = _segments(cat, card_id, rotation)
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
    from dataclasses import replace

    return replace(shape, style=replace(shape.style, opacity=opacity))


def _animal_face(card, exit_edge, x0, y0, c, lairs, water, opacity) -> list:
    out = []
    fs = _font(c, 10)
    # den with the animal's own points
    out.append(circle(x0 + c / 2, y0 + c / 2, c * 0.13, fill="#4e342e", stroke="#2b1b14", width=1.2,
                      opacity=opacity, title=f"den: the {card.name} scores {card.points} points itself"))
    out.append(text(x0 + c / 2, y0 + c / 2, card.points, size=_font(c, 11), fill="#ffffff", bold=True,
                    opacity=opacity))
    name_y = 0.33 if exit_edge == 2 else 0.67
    out.append(text(x0 + c / 2, y0 + c * name_y, card.name, size=fs if len(card.name) <= 8 else fs * 0.85,
                    fill="#3b2a12", bold=True, opacity=opacity))
    # storage badge and lair tokens, beside the den, away from the stub
    if exit_edge in (0, 2):
        badge, lair_at = (0.8, 0.5), (0.2, 0.5)
    else:
        badge, lair_at = (0.5, 0.3 if exit_edge != 2 else 0.7), (0.22 if exit_edge == 1 else 0.78, 0.5)
    if exit_edge in (1, 3):
        badge = (0.5, 0.32)
    store = f"▢{card.capacity}" + (f"+{lairs}" if lairs else "")
    out.append(text(x0 + badge[0] * c, y0 + badge[1] * c, store, size=_font(c, 9), fill="#3b2a12",
                    opacity=opacity, title=f"storage {card.capacity}" + (f" + {lairs} lair" if lairs else "")))
    if lairs:
        s = c * 0.07
        lx, ly = x0 + lair_at[0] * c, y0 + lair_at[1] * c
        shown = min(lairs, 3)
        for k in range(shown):
            yy = ly + (k - (shown - 1) / 2) * s * 1.3
            out.append(rect(lx - s / 2, yy - s / 2, s, s, fill=LAIR, stroke="#000000", width=0.8, opacity=opacity,
                            title=f"{lairs} lair token{'s' if lairs > 1 else ''}: +{lairs} storage"))
        if lairs > 3:
            out.append(text(lx + s, ly, f"×{lairs}", size=_font(c, 8), anchor="start", opacity=opacity))
    # the four food corners
    r = c * 0.06
    for f, (ux, uy) in enumerate(CORNERS):
        cx, cy = x0 + ux * c, y0 + uy * c
        value = card.values[f]
        wet = FOODS[f] in water
        dim = opacity if value or wet else opacity * 0.45
        shapes = food_shapes(f, cx - c * 0.05, cy, r, title=f"{FOOD_PLURALS[f]}: {value} each")
        out.extend(_faded(s, dim) for s in shapes)
        out.append(text(cx + c * 0.075, cy, value, size=_font(c, 10), fill="#1b1b1b", bold=bool(value),
                        opacity=dim))
        if wet:
            side = 1 if ux < 0.5 else -1
            out.insert(len(out) - len(shapes) - 1,
                       rect(cx - c * 0.15, cy - c * 0.11, c * 0.3, c * 0.22, fill="#cfe6ff", stroke=WATER,
                            width=1.2, radius=3, opacity=opacity))
            out.append(water_drop(cx + side * c * 0.19, cy, c * 0.05,
                                  title=f"water drop: {FOOD_PLURALS[f]} worth {value + 1}"))
    return out


# -- the state ----------------------------------------------------------------------------

def _stored(cat, forest) -> Dict[tuple, set]:
    """Cell -> {(segment index, food position)} of the foods stored by animals (the first
    foods met along each animal's path, up to its storage plus lair tokens)."""
    out: Dict[tuple, set] = {}
    for start in forest.animal_cells():
        den = forest.at(start)
        room = cat.card(den.card).capacity + den.lairs
        cells = forest.path_cells(start)
        for prev, cell in zip(cells, cells[1:]):
            if room <= 0:
                break
            placed = forest.at(cell)
            if placed is None or _is_animal(cat.card(placed.card)):
                break
            entry = DELTA.index((prev[0] - cell[0], prev[1] - cell[1]))  # the edge walked in by
            for si, (a, b, foods) in enumerate(_segments(cat, placed.card, placed.rotation)):
                if entry in (a, b):
                    order = range(len(foods)) if a == entry else range(len(foods) - 1, -1, -1)
                    for fi in order:
                        if room <= 0:
                            break
                        out.setdefault(cell, set()).add((si, fi))
                        room -= 1
                    break
    return out


def _window(game, seat) -> Tuple[int, int, int, int]:
    """Cells drawn for a forest: its cards (and a pending starting animal) plus one ring."""
    box = game.forest(seat).bbox()
    cells = [] if box is None else [(box[0], box[1]), (box[2], box[3])]
    start = _pending_start(game)
    if start and start[0] == seat:
        cells.append(start[2])
    if not cells:
        cells = [(0, 0)]
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1


def _pending_start(game):
    """(seat, card id, cell) of the starting animal being turned (advanced set-up)."""
    start = game.starting_animal()
    if start is None:
        return None
    return game.current_player, start[0], start[1]


def _phase_text(game) -> str:
    ph = game.phase
    if ph == "over":
        scores = game.scores()
        if game.winners():
            w = game.winners()[0]
            return f"Game over · {game.player_name(w)} wins with {scores[w]} points"
        return "Game over"
    p = game.current_player
    who = game.player_name(p)
    if ph == "take":
        return f"{who} to take a card from the board"
    if ph == "place":
        card = game.card(game.held_card)
        what = f"the {card.name}" if _is_animal(card) else f"path card {card.id}"
        return f"{who} to place {what}" + (" (forced placement)" if game.forced else "")
    if ph == "lair":
        return f"{who} to choose the animal for the lair token"
    if ph == "water":
        return f"{who} to choose the food corner for the water drop"
    if ph == "cleanup":
        return f"{who} to choose which animal keeps the shared path"
    if ph == "orient":
        return f"{who} to turn a starting animal"
    return ph


def _round_text(game) -> str:
    return f"Round {game.round} of {game.total_rounds}"


def state_text(game) -> str:
    """One line: round, decision, move number (the board's ``sk-state`` line)."""
    if game.phase == "over":
        return f"{_phase_text(game)} · move {len(game.history)}"
    return f"{_round_text(game)} · {_phase_text(game)} · move {len(game.history) + 1}"


def _norm_highlights(game, highlights) -> set:
    p = game.current_player
    out = set()
    for h in highlights or ():
        h = tuple(h)
        if len(h) == 2 and p is not None:
            out.add((p, h[0], h[1]))
        elif len(h) == 3:
            out.add(h)
    return out


def _auto_highlights(game) -> set:
    p = game.current_player
    if p is None:
        return set()
    if game.phase == "place":
        return {(p, x, y) for (x, y) in game.legal_placements()}
    start = _pending_start(game)
    if start:
        return {(p, start[2][0], start[2][1])}
    return set()


class _Geo:
    """Sizes of a drawing (normal or large)."""

    def __init__(self, large: bool):
        self.c = 96 if large else 70
        self.f = 1.35 if large else 1.0
        self.pad = 12 if large else 8
        self.head = 34 if large else 26

    def fs(self, base):
        return round(base * self.f, 1)


def _forest_header(game, seat, geo, width, viewer) -> list:
    """The name and score (left) and the card count / pawn (right) of a forest panel,
    shortened so that they never run into each other."""
    pad, f = geo.pad, geo.f
    forest = game.forest(seat)
    colour = SEAT_COLOURS[seat % 4]
    y = pad + geo.head / 2 - 2
    left_x = pad + 20 * f
    who = game.player_name(seat) + (" (you)" if viewer == seat else "")
    score = f" · {game.scores()[seat]} pts"
    count = f"{forest.size}/{forest.capacity} cards"
    pawn = game.pawn == seat
    big, small = geo.fs(14), geo.fs(11)
    room = width - pad - left_x
    gap = 12 * f
    extra = count
    for extra in ((f"★ 1st Player pawn (+1) · {count}", f"★ pawn +1 · {count}", f"★ +1 · {count}") if pawn
                  else (count,)):
        if _text_width(who + score, big, True) + gap + _text_width(extra, small) <= room:
            break
    label = _fit(who, big, room - gap - _text_width(extra, small) - _text_width(score, big, True), True) + score
    return [circle(pad + 8 * f, y, 7 * f, fill=colour, stroke="#222222"),
            text(left_x, y, label, size=big, bold=True, anchor="start", fill=colour,
                 title=None if label == who + score else who),
            text(width - pad, y, extra, size=small, anchor="end", fill="#444444",
                 title="holds the 1st Player pawn (+1 point, first next round)" if pawn else None)]


def _forest_block(game, seat, geo, cols, rows, highlights, preview, viewer) -> Scene:
    """One forest panel (header + grid) at the origin."""
    f = game.forest(seat)
    cat = game.catalogue
    c, pad, head = geo.c, geo.pad, geo.head
    width = cols * c + 2 * pad
    height = rows * c + head + 2 * pad
    s = Scene(width, height, background=None)
    current = game.current_player == seat
    s.add(rect(1, 1, width - 2, height - 2, fill="#fbfaf4", stroke="#e0a800" if current else "#c9c3b2",
               width=4 if current else 1.2, radius=8))
    s.add(*_forest_header(game, seat, geo, width, viewer))
    minx, miny, maxx, maxy = _window(game, seat)
    ox = pad + (cols - (maxx - minx + 1)) * c / 2 - minx * c
    oy = pad + head + (rows - (maxy - miny + 1)) * c / 2 - miny * c
    cards = {pc.cell: pc for pc in f.cards()}
    fitting = set(f.fitting_cells()) if cards else {(0, 0)}
    p = game.current_player
    ph = game.phase
    long, short = game.forest_bounds
    # empty cells
    for y in range(miny, maxy + 1):
        for x in range(minx, maxx + 1):
            if (x, y) in cards:
                continue
            hid = f"cell:{seat}:{x}:{y}"
            X, Y = ox + x * c, oy + y * c
            if (seat, x, y) in highlights:
                s.add(rect(X + 2, Y + 2, c - 4, c - 4, fill="#c8f0b0", stroke="#2e7d32", width=2.5, radius=5,
                           hit=hid, title=f"({x}, {y}): the card may go here"))
            elif (x, y) in fitting:
                s.add(rect(X + 3, Y + 3, c - 6, c - 6, fill="#f1f6ea", stroke="#a8c28e", width=1, dash=(4, 3),
                           radius=5, hit=hid, title=f"({x}, {y}): next to the forest"))
            elif f.fits((x, y)):
                s.add(rect(X + 3, Y + 3, c - 6, c - 6, fill="#fbfaf4", stroke="#dcdcd0", width=1, dash=(2, 4),
                           radius=5, hit=hid, title=f"({x}, {y}): not next to the forest yet"))
            else:
                s.add(rect(X + 3, Y + 3, c - 6, c - 6, fill="#efeae6", stroke=None, radius=5, hit=hid,
                           title=f"({x}, {y}): outside the {long}×{short} bounds"))
    stored = _stored(cat, f)
    breakdown = game.score_breakdown(seat)
    lair_q = ph == "lair" and p == seat
    water_q = ph == "water" and p == seat
    clean = game.shared_path_to_clean() if ph == "cleanup" and p == seat else None
    for cell in sorted(cards, key=lambda q: (q[1], q[0])):
        pc = cards[cell]
        x, y = cell
        X, Y = ox + x * c, oy + y * c
        animal = _is_animal(cat.card(pc.card))
        kind = "animal" if animal else "card"
        title = str(breakdown.animal(cell)) if animal else None
        s.extend(Scene(0, 0, shapes=_card_shapes(cat, pc.card, pc.rotation, X, Y, c, lairs=pc.lairs,
                                                 water=pc.water, stored=stored.get(cell, frozenset()),
                                                 hit=f"{kind}:{seat}:{x}:{y}", score_title=title)))
        if animal:
            for k, (ux, uy) in enumerate(CORNERS):
                free = FOODS[k] not in pc.water
                cx, cy = X + ux * c, Y + uy * c
                if water_q and free:
                    s.add(rect(cx - c * 0.16, cy - c * 0.13, c * 0.32, c * 0.26, fill="#d6ebff", stroke=WATER,
                               width=2, radius=4, opacity=0.55))
                s.add(rect(cx - c * 0.17, cy - c * 0.14, c * 0.34, c * 0.28, hit=f"corner:{seat}:{x}:{y}:{FOODS[k]}",
                           title=f"{FOODS[k]} corner"))
            if lair_q or (clean and cell in clean):
                s.add(rect(X + 2, Y + 2, c - 4, c - 4, stroke="#e65100", width=3.5, radius=6, dash=(6, 3)))
    # ghost of the card being placed
    if preview is not None and preview[0] == seat:
        _, x, y, rot = preview
        card = game.held_card if ph == "place" else None
        start = _pending_start(game)
        legal = ()
        if start and start[0] == seat and (x, y) == start[2]:
            card = start[1]
            legal = tuple(m.rotation for m in game.legal_moves())
        elif card is not None:
            legal = game.legal_placements().get((x, y), ())
        if card is not None and (x, y) not in cards:
            q = (rot // 90) % 4
            X, Y = ox + x * c, oy + y * c
            s.extend(Scene(0, 0, shapes=_card_shapes(cat, card, q * 90, X, Y, c, opacity=0.75)))
            ok = rot in legal
            s.add(rect(X + 1, Y + 1, c - 2, c - 2, stroke="#2e7d32" if ok else "#c62828", width=3.5, radius=5,
                       dash=() if ok else (5, 3), hit=f"cell:{seat}:{x}:{y}",
                       title=f"turned {rot}°: {'legal' if ok else 'not legal'} here; legal turns: "
                             + (", ".join(f"{r}°" for r in legal) or "none")))
            label = (" ".join(f"{r}°" for r in legal)) if legal else "no legal turn"
            s.add(rect(X + 2, Y + c - geo.fs(14) - 2, c - 4, geo.fs(13), fill="#ffffff", opacity=0.85, radius=3))
            s.add(text(X + c / 2, Y + c - geo.fs(8) - 2, label, size=geo.fs(8), fill="#1b5e20" if ok else "#b71c1c",
                       bold=True))
    return s


def _slot_width(geo) -> float:
    return max(geo.c + 2 * geo.pad, 138 * geo.f)


def _market_block(game, geo, selected, rotation, width) -> Scene:
    c, pad = geo.c, geo.pad
    slot_w = _slot_width(geo)
    h = c + geo.fs(64) + pad
    s = Scene(width, h, background=None)
    s.add(rect(1, 1, width - 2, h - 2, fill="#f4efe2", stroke="#c9c3b2", radius=8))
    cat = game.catalogue
    market = game.market
    held, held_from = game.held_card, game.held_from
    for i, slot in enumerate(SLOTS):
        x0 = pad + i * slot_w
        title, l1, l2 = ADVISOR_TEXT[slot]
        framed = selected == slot or held_from == slot
        s.add(rect(x0 + 2, pad - 2, slot_w - 6, h - 2 * pad + 2, fill="#fffdf6",
                   stroke="#e0a800" if framed else "#d8d0bc", width=3 if framed else 1, radius=6))
        s.add(text(x0 + slot_w / 2, pad + geo.fs(9), title, size=geo.fs(13), bold=True, fill="#4a3a1a"))
        s.add(text(x0 + slot_w / 2, pad + geo.fs(24), l1, size=geo.fs(10), fill="#333333"))
        s.add(text(x0 + slot_w / 2, pad + geo.fs(36), l2, size=geo.fs(9), fill="#666666"))
        cx, cy = x0 + (slot_w - c) / 2, pad + geo.fs(46)
        card = market[slot]
        if card is not None:
            s.extend(Scene(0, 0, shapes=_card_shapes(cat, card, 0, cx, cy, c, hit=f"market:{slot}")))
        else:
            gone = "in hand" if held_from == slot else "taken"
            s.add(rect(cx + 2, cy + 2, c - 4, c - 4, fill="#eeeae0", stroke="#cfc8b8", dash=(4, 3), radius=5))
            s.add(text(cx + c / 2, cy + c / 2, gone, size=geo.fs(10), fill="#888888"))
    # the card in hand
    x0 = pad + 4 * slot_w + pad
    hw = c + 2 * pad + 20 * geo.f
    s.add(text(x0 + hw / 2, pad + geo.fs(9), "In hand", size=geo.fs(13), bold=True, fill="#4a3a1a"))
    start = _pending_start(game)
    shown = held if held is not None else (start[1] if start else None)
    cy = pad + geo.fs(46)
    if shown is not None:
        q = (rotation // 90) % 4
        s.add(text(x0 + hw / 2, pad + geo.fs(24), f"turned {q * 90}°", size=geo.fs(10), fill="#333333"))
        s.add(text(x0 + hw / 2, pad + geo.fs(36), "⟲ ⟳ or R to turn", size=geo.fs(9), fill="#666666"))
        s.extend(Scene(0, 0, shapes=_card_shapes(cat, shown, q * 90, x0 + (hw - c) / 2, cy, c, hit="hand")))
    else:
        s.add(rect(x0 + (hw - c) / 2 + 2, cy + 2, c - 4, c - 4, fill="#eeeae0", stroke="#cfc8b8", dash=(4, 3),
                   radius=5))
        s.add(text(x0 + hw / 2, cy + c / 2, "empty", size=geo.fs(10), fill="#888888"))
    # supply and pawn
    x1 = x0 + hw + pad
    tokens, decks = game.tokens, game.deck_sizes
    order = ", ".join(game.player_name(p) for p in game.round_order)
    lines = [  # each line with shorter forms for a narrow column
        ((f"★ 1st Player pawn: {game.player_name(game.pawn)}", f"★ Pawn: {game.player_name(game.pawn)}"), True),
        ((f"Supply: {tokens['lair']} lair tokens, {tokens['water']} water drops",
          f"Supply: {tokens['lair']} lair, {tokens['water']} water"), False),
        ((f"Decks: {decks['animals']} animals, {decks['paths']} paths",), False),
        ((f"Discarded: {len(game.discard_pile)} cards",), False),
        ((f"Order this round: {order}", f"Order: {order}"), False),
    ]
    room = width - pad - x1
    size = geo.fs(11)
    for k, (forms, bold) in enumerate(lines):
        shown = next((ln for ln in forms if _text_width(ln, size, bold) <= room), None)
        if shown is None:
            shown = _fit(forms[-1], size, room, bold)
        s.add(text(x1, pad + geo.fs(10) + k * geo.fs(17), shown, size=size, anchor="start", bold=bold,
                   fill="#333333", title=forms[0] if shown != forms[0] else None))
    return s


def _legend(geo, width) -> Scene:
    """The key to the foods and tokens, flowed onto as many lines as the width needs."""
    f, pad = geo.f, geo.pad
    r = 7 * f
    size = geo.fs(11)
    line_h = geo.fs(24)
    gap = 18 * f  # between items
    items = [(0, None, "Foods:", size, True, "#000000")]
    for k, name in enumerate(FOOD_PLURALS):
        shape_word = ("circle", "wavy line", "oval", "triangle")[k]
        items.append((2.2 * r, lambda x, y, k=k, name=name: food_shapes(k, x + 1.1 * r, y, r, title=name),
                      f"{name} ({shape_word})", size, False, "#000000"))
    items.append((3 * r, lambda x, y: [circle(x + 1.5 * r, y, r * 1.5, fill="#fff3c4", stroke=STORED_RING,
                                              width=2)], "stored by an animal", size, False, "#000000"))
    items.append((1.5 * r, lambda x, y: [water_drop(x + 0.75 * r, y, r)], "water drop +1", size, False, "#000000"))
    items.append((r, lambda x, y: [rect(x, y - r / 2, r, r, fill=LAIR, stroke="#000000")],
                  "lair token +1 storage", size, False, "#000000"))
    items.append((0, None, "▢ storage · den: own points", geo.fs(10), False, "#555555"))
    rows: List[List[tuple]] = [[]]
    x = indent = pad
    for i, (icon_w, draw, label, fs, bold, fill) in enumerate(items):
        w = icon_w + (0.6 * r if icon_w else 0) + _text_width(label, fs, bold)
        if i == 1:
            indent = x  # later lines start under the first food
        if rows[-1] and x + w > width - pad:
            rows.append([])
            x = indent
        rows[-1].append((x, icon_w, draw, label, fs, bold, fill))
        x += w + gap
    h = len(rows) * line_h + geo.fs(6)
    s = Scene(width, h, background=None)
    for i, row in enumerate(rows):
        y = geo.fs(3) + (i + 0.5) * line_h
        for x, icon_w, draw, label, fs, bold, fill in row:
            if draw is not None:
                s.extend(Scene(0, 0, shapes=draw(x, y)))
            s.add(text(x + icon_w + (0.6 * r if icon_w else 0), y, label, size=fs, anchor="start", bold=bold,
                       fill=fill))
    return s


def _banner(game, geo, width) -> Scene:
    """The title bar: game, round, decision and move on the left, the scores on the right.

    On one line when everything fits, else the decision moves to a second line (and the
    scores to a third when even the short title and the scores collide)."""
    pad, f = geo.pad, geo.f
    room = width - 2 * pad
    gap = 24 * f
    t_size, s_size, d_size = geo.fs(16), geo.fs(13), geo.fs(14)
    scores = " · ".join(f"{game.player_name(p)} {s}" for p, s in enumerate(game.scores()))
    full = f"Savernake Forest · {state_text(game)}"
    decision = _phase_text(game)
    if game.phase == "over":
        short = f"Savernake Forest · Game over · move {len(game.history)}"
        decision = decision.replace("Game over", "", 1).lstrip(" ·")
    else:
        short = f"Savernake Forest · {_round_text(game)} · move {len(game.history) + 1}"
    scores_w = _text_width(scores, s_size)
    title = ("start", t_size, True, "#ffffff")
    right = ("end", s_size, False, "#e8f5e9")
    second = ("start", d_size, True, "#fff8d6")
    if _text_width(full, t_size, True) + gap + scores_w <= room:
        rows = [[(full, title), (scores, right)]]
    elif _text_width(short, t_size, True) + gap + scores_w <= room:
        rows = [[(short, title), (scores, right)], [(decision, second)]]
    else:
        rows = [[(short, title)], [(decision, second)], [(scores, ("start",) + right[1:])]]
    rows = [[item for item in row if item[0]] for row in rows]
    rows = [row for row in rows if row]
    first_h, line_h = geo.fs(34), geo.fs(22)
    h = first_h + (len(rows) - 1) * line_h
    s = Scene(width, h, background=None)
    s.add(rect(0, 0, width, h, fill="#2f4f2f"))
    for i, row in enumerate(rows):
        y = first_h / 2 + i * line_h
        for label, (anchor, size, bold, fill) in row:
            shown = _fit(label, size, room, bold)
            s.add(text(pad if anchor == "start" else width - pad, y, shown, size=size, bold=bold, fill=fill,
                       anchor=anchor, title=label if shown != label else None))
    return s


def scene(game, *, viewer=None, selected=None, highlights=None, preview=None, large=False,
          rotation=None) -> Scene:
    """The whole table of ``game`` as a ``Scene`` (see the module docstring for options and hit ids).

    ``rotation`` is the turn shown for the card in hand (default: the preview's, else 0)."""
    geo = _Geo(large)
    c, pad = geo.c, geo.pad
    hl = _auto_highlights(game) if highlights is None else _norm_highlights(game, highlights)
    if rotation is None:
        rotation = preview[3] if preview is not None else 0
    players = game.players
    advanced = game.is_advanced
    windows = [_window(game, p) for p in range(players)]
    cols = max(6 if not advanced else 5, max(w[2] - w[0] + 1 for w in windows))
    rows = max(6 if not advanced else 5, max(w[3] - w[1] + 1 for w in windows))
    if advanced:
        cols, rows = max(cols, 6), max(rows, 5)
    per_row = 1 if (advanced and cols > 7) else 2
    block_w = cols * c + 2 * pad
    block_h = rows * c + geo.head + 2 * pad
    width = max(per_row * (block_w + pad) + pad, 4 * _slot_width(geo) + c + 350 * geo.f)
    banner = _banner(game, geo, width)
    market = _market_block(game, geo, selected, rotation, width - 2 * pad)
    nrows = (players + per_row - 1) // per_row
    legend = _legend(geo, width)
    height = banner.height + market.height + pad + nrows * (block_h + pad) + legend.height + pad
    mode = "advanced 2-player" if advanced else f"{players} players"
    sc = Scene(width, height, background="#ffffff", title=f"Savernake Forest ({mode}): {state_text(game)}")
    sc.extend(banner)
    sc.extend(market, pad, banner.height + pad / 2)
    y0 = banner.height + pad / 2 + market.height + pad / 2
    for p in range(players):
        block = _forest_block(game, p, geo, cols, rows, hl, preview, viewer)
        r, k = divmod(p, per_row)
        sc.extend(block, pad + k * (block_w + pad), y0 + r * (block_h + pad))
    sc.extend(legend, 0, height - legend.height - pad / 2)
    return sc


def forest_scene(game, seat: int, *, highlights=None, preview=None, large=False, viewer=None) -> Scene:
    """One player's forest alone (header with score, grid, cards)."""
    geo = _Geo(large)
    hl = _auto_highlights(game) if highlights is None else _norm_highlights(game, highlights)
    minx, miny, maxx, maxy = _window(game, seat)
    block = _forest_block(game, seat, geo, maxx - minx + 1, maxy - miny + 1, hl, preview, viewer)
    sc = Scene(block.width, block.height, background="#ffffff",
               title=f"Savernake Forest: {game.player_name(seat)}'s forest")
    return sc.extend(block)


def card_scene(card_id: str, rotation: int = 0, size: float = 120, catalogue=None) -> Scene:
    """A single card (kit catalogue by default), turned ``rotation`` degrees clockwise."""
    if catalogue is None:
        from .data import kit_catalogue

        catalogue = kit_catalogue()
    card = catalogue.card(card_id)
    if rotation not in (0, 90, 180, 270):
        raise ValueError(f"rotation must be 0, 90, 180 or 270 degrees, not {rotation!r}")
    sc = Scene(size + 8, size + 8, background="#ffffff", title=f"{card} turned {rotation}°")
    sc.extend(Scene(0, 0, shapes=_card_shapes(catalogue, card.id, rotation, 4, 4, size, hit=f"card:{card.id}")))
    return sc


__all__ = ["scene", "forest_scene", "card_scene", "state_text", "food_shapes", "SEAT_COLOURS"]
