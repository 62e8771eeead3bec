"""Savernake Forest pictures: a game state as a ``Scene`` (plain data, no Jupyter).

``scene(game)`` draws the whole table: the banner (round, whose decision, what
is being decided), the market (the four advisors, each with its card and its
benefit in words, the card in hand), the pawn holder, the supply, every
player's forest with its live score, and a legend of the food shapes.
``card_scene(card_id)`` draws one card, ``forest_scene(game, seat)`` one forest.

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
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

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


def _card_shapes(cat, t, x0, y0, c, *, seat=None, cell=None, forest=None, stored=frozenset(),
                 opacity=1.0, hit=None, score_title=None) -> list:
    """The shapes of turned card ``t`` with its top-left corner at (x0, y0), side ``c``."""
    card = cat.cards[t.card]
    out = []
    geom = _geometry(t.segments)
    if t.is_animal:
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
    if t.is_animal:
        out.extend(_animal_face(card, t, x0, y0, c, seat, cell, forest, opacity))
    return out


def _faded(shape, opacity):
    from dataclasses import replace

    return replace(shape, style=replace(shape.style, opacity=opacity))


def _animal_face(card, t, x0, y0, c, seat, cell, forest, opacity) -> list:
    out = []
    lairs = forest.lair.get(cell, 0) if forest is not None else 0
    drops = forest.drops.get(cell, 0) if forest is not None else 0
    exit_edge = t.exit
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
        wet = bool(drops >> f & 1)
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

def _stored(forest) -> Dict[tuple, set]:
    """Cell -> {(segment index, food position)} of the foods stored by animals."""
    out: Dict[tuple, set] = {}
    cells = forest.cells
    cat = forest.cat
    for start, t in cells.items():
        if not t.is_animal:
            continue
        room = cat.cards[t.card].capacity + forest.lair.get(start, 0)
        d = t.exit
        x, y = start
        for _ in range(len(cells) + 1):
            if room <= 0:
                break
            x += DELTA[d][0]
            y += DELTA[d][1]
            t2 = cells.get((x, y))
            if t2 is None or t2.is_animal:
                break
            e = (d + 2) % 4
            nxt = None
            for si, (a, b, foods) in enumerate(t2.segments):
                if a == e or b == e:
                    order = range(len(foods)) if a == e else range(len(foods) - 1, -1, -1)
                    for fi in order:
                        if room <= 0:
                            break
                        out.setdefault((x, y), set()).add((si, fi))
                        room -= 1
                    nxt = b if a == e else a
                    break
            if nxt is None or nxt < 0:
                break
            d = nxt
    return out


def _window(game, seat) -> Tuple[int, int, int, int]:
    """Cells drawn for a forest: its cards (and a pending starting animal) plus one ring."""
    f = game.forests[seat]
    cells = list(f.cells)
    start = _pending_start(game)
    if start and start[0] == seat:
        cells.append(start[2])
    if not cells:
        cells = [(0, 0)]
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1


def _pending_start(game):
    """(seat, card index, cell) of the starting animal being turned (advanced set-up)."""
    if game.phase != "orient" or not game.queue:
        return None
    p, k = game.queue[0]
    return p, game.start_cards[p][k], (k, 0)


def _possible(f, cell) -> bool:
    """Could a card ever lie on ``cell`` (inside the bounds with every card so far)?"""
    if not f.cells:
        return True
    x, y = cell
    w = max(f.maxx, x) - min(f.minx, x) + 1
    h = max(f.maxy, y) - min(f.miny, y) + 1
    return (w <= f.long and h <= f.short) or (w <= f.short and h <= f.long)


def _phase_text(game) -> str:
    ph = game.phase
    if ph == "over":
        scores = game.scores()
        if game.winners():
            w = game.winners()[0]
            return f"Game over · {game.names[w]} wins with {scores[w]} points"
        return "Game over"
    p = game.current_player
    who = game.names[p]
    if ph == "take":
        return f"{who} to take a card from the board"
    if ph == "place":
        card = game.cat.cards[game.held]
        what = f"the {card.name}" if card.kind == "animal" else f"path card {card.id}"
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


def state_text(game) -> str:
    """One line: round, decision, move number (the board's ``sk-state`` line)."""
    if game.phase == "over":
        return f"{_phase_text(game)} · move {len(game.history)}"
    rounds = 15
    return f"Round {game.round} of {rounds} · {_phase_text(game)} · move {len(game.history) + 1}"


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


def _forest_block(game, seat, geo, cols, rows, highlights, preview, viewer, stored_cache=None) -> Scene:
    """One forest panel (header + grid) at the origin."""
    f = game.forests[seat]
    c, pad, head = geo.c, geo.pad, geo.head
    width = cols * c + 2 * pad
    height = rows * c + head + 2 * pad
    s = Scene(width, height, background=None)
    current = game.current_player == seat
    colour = SEAT_COLOURS[seat % 4]
    s.add(rect(1, 1, width - 2, height - 2, fill="#fbfaf4", stroke="#e0a800" if current else "#c9c3b2",
               width=4 if current else 1.2, radius=8))
    score = game.scores()[seat]
    name = game.names[seat]
    s.add(circle(pad + 8 * geo.f, pad + head / 2 - 2, 7 * geo.f, fill=colour, stroke="#222222"))
    who = name + (" (you)" if viewer == seat else "")
    s.add(text(pad + 20 * geo.f, pad + head / 2 - 2, f"{who} · {score} pts", size=geo.fs(14), bold=True,
               anchor="start", fill=colour))
    extra = f"{f.size}/{f.capacity} cards"
    if game.pawn == seat:
        extra = "★ 1st Player pawn (+1) · " + extra
    s.add(text(width - pad, pad + head / 2 - 2, extra, size=geo.fs(11), anchor="end", fill="#444444"))
    minx, miny, maxx, maxy = _window(game, seat)
    ox = pad + (cols - (maxx - minx + 1)) * c / 2 - minx * c
    oy = pad + head + (rows - (maxy - miny + 1)) * c / 2 - miny * c
    cells = f.cells
    fitting = set(f.fitting_cells()) if f.cells else {(0, 0)}
    p = game.current_player
    ph = game.phase
    # empty cells
    for y in range(miny, maxy + 1):
        for x in range(minx, maxx + 1):
            if (x, y) in cells:
                continue
            hid = f"cell:{seat}:{x}:{y}"
            X, Y = ox + x * c, oy + y * c
            if (seat, x, y) in highlights:
                s.add(rect(X + 2, Y + 2, c - 4, c - 4, fill="#c8f0b0", stroke="#2e7d32", width=2.5, radius=5,
                           hit=hid, title=f"({x}, {y}): the card may go here"))
            elif (x, y) in fitting:
                s.add(rect(X + 3, Y + 3, c - 6, c - 6, fill="#f1f6ea", stroke="#a8c28e", width=1, dash=(4, 3),
                           radius=5, hit=hid, title=f"({x}, {y}): next to the forest"))
            elif _possible(f, (x, y)):
                s.add(rect(X + 3, Y + 3, c - 6, c - 6, fill="#fbfaf4", stroke="#dcdcd0", width=1, dash=(2, 4),
                           radius=5, hit=hid, title=f"({x}, {y}): not next to the forest yet"))
            else:
                s.add(rect(X + 3, Y + 3, c - 6, c - 6, fill="#efeae6", stroke=None, radius=5, hit=hid,
                           title=f"({x}, {y}): outside the {f.long}×{f.short} bounds"))
    stored = _stored(f)
    cat = game.cat
    lair_q = ph == "lair" and p == seat
    water_q = ph == "water" and p == seat
    clean = game.shared_path_to_clean() if ph == "cleanup" and p == seat else None
    for cell in sorted(cells, key=lambda q: (q[1], q[0])):
        t = cells[cell]
        x, y = cell
        X, Y = ox + x * c, oy + y * c
        kind = "animal" if t.is_animal else "card"
        title = None
        if t.is_animal:
            from .scoring import animal_score  # engine module, pure Python

            title = str(animal_score(f, cell))
        s.extend(Scene(0, 0, shapes=_card_shapes(cat, t, X, Y, c, seat=seat, cell=cell, forest=f,
                                                 stored=stored.get(cell, frozenset()),
                                                 hit=f"{kind}:{seat}:{x}:{y}", score_title=title)))
        if t.is_animal:
            drops = f.drops.get(cell, 0)
            for k, (ux, uy) in enumerate(CORNERS):
                free = not drops >> k & 1
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
        card = game.held if ph == "place" else None
        start = _pending_start(game)
        legal = ()
        if start and start[0] == seat and (x, y) == start[2]:
            card = start[1]
            legal = tuple(m.rotation for m in game.legal_moves())
        elif card is not None and card >= 0:
            legal = game.legal_placements().get((x, y), ())
        if card is not None and card >= 0 and (x, y) not in cells:
            q = (rot // 90) % 4
            X, Y = ox + x * c, oy + y * c
            s.extend(Scene(0, 0, shapes=_card_shapes(cat, cat.turned[card][q], X, Y, c, opacity=0.75)))
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


def _market_block(game, geo, selected, rotation, width) -> Scene:
    c, pad = geo.c, geo.pad
    slot_w = max(c + 2 * pad, 138 * geo.f)
    h = c + geo.fs(64) + pad
    s = Scene(width, h, background=None)
    s.add(rect(1, 1, width - 2, h - 2, fill="#f4efe2", stroke="#c9c3b2", radius=8))
    cat = game.cat
    for i, slot in enumerate(SLOTS):
        x0 = pad + i * slot_w
        title, l1, l2 = ADVISOR_TEXT[slot]
        framed = selected == slot or (game.held >= 0 and game.held_from == slot)
        s.add(rect(x0 + 2, pad - 2, slot_w - 6, h - 2 * pad + 2, fill="#fffdf6",
                   stroke="#e0a800" if framed else "#d8d0bc", width=3 if framed else 1, radius=6))
        s.add(text(x0 + slot_w / 2, pad + geo.fs(9), title, size=geo.fs(13), bold=True, fill="#4a3a1a"))
        s.add(text(x0 + slot_w / 2, pad + geo.fs(24), l1, size=geo.fs(10), fill="#333333"))
        s.add(text(x0 + slot_w / 2, pad + geo.fs(36), l2, size=geo.fs(9), fill="#666666"))
        cx, cy = x0 + (slot_w - c) / 2, pad + geo.fs(46)
        card = game.offer[i]
        if card >= 0:
            s.extend(Scene(0, 0, shapes=_card_shapes(cat, cat.turned[card][0], cx, cy, c, hit=f"market:{slot}")))
        else:
            gone = "in hand" if game.held >= 0 and game.held_slot == i else "taken"
            s.add(rect(cx + 2, cy + 2, c - 4, c - 4, fill="#eeeae0", stroke="#cfc8b8", dash=(4, 3), radius=5))
            s.add(text(cx + c / 2, cy + c / 2, gone, size=geo.fs(10), fill="#888888"))
    # the card in hand
    x0 = pad + 4 * slot_w + pad
    hw = c + 2 * pad + 20 * geo.f
    s.add(text(x0 + hw / 2, pad + geo.fs(9), "In hand", size=geo.fs(13), bold=True, fill="#4a3a1a"))
    start = _pending_start(game)
    held = game.held if game.held >= 0 else (start[1] if start else -1)
    cy = pad + geo.fs(46)
    if held >= 0:
        q = (rotation // 90) % 4
        s.add(text(x0 + hw / 2, pad + geo.fs(24), f"turned {q * 90}°", size=geo.fs(10), fill="#333333"))
        s.add(text(x0 + hw / 2, pad + geo.fs(36), "⟲ ⟳ or R to turn", size=geo.fs(9), fill="#666666"))
        s.extend(Scene(0, 0, shapes=_card_shapes(cat, cat.turned[held][q], x0 + (hw - c) / 2, cy, c, hit="hand")))
    else:
        s.add(rect(x0 + (hw - c) / 2 + 2, cy + 2, c - 4, c - 4, fill="#eeeae0", stroke="#cfc8b8", dash=(4, 3),
                   radius=5))
        s.add(text(x0 + hw / 2, cy + c / 2, "empty", size=geo.fs(10), fill="#888888"))
    # supply and pawn
    x1 = x0 + hw + pad
    lines = [
        (f"★ 1st Player pawn: {game.names[game.pawn]}", True),
        (f"Supply: {game.supply[0]} lair tokens, {game.supply[1]} water drops", False),
        (f"Decks: {len(game.deck_a)} animals, {len(game.deck_p)} paths", False),
        (f"Discarded: {len(game.discard)} cards", False),
        ("Order this round: " + ", ".join(game.names[p] for p in game.order), False),
    ]
    for k, (ln, bold) in enumerate(lines):
        s.add(text(x1, pad + geo.fs(10) + k * geo.fs(17), ln, size=geo.fs(11), anchor="start", bold=bold,
                   fill="#333333"))
    return s


def _legend(geo, width) -> Scene:
    h = geo.fs(30)
    s = Scene(width, h, background=None)
    x = geo.pad
    y = h / 2
    r = 7 * geo.f
    s.add(text(x, y, "Foods:", size=geo.fs(11), anchor="start", bold=True))
    x += 48 * geo.f
    for f, name in enumerate(FOOD_PLURALS):
        s.extend(Scene(0, 0, shapes=food_shapes(f, x + r, y, r, title=name)))
        shape_word = ("circle", "wavy line", "oval", "triangle")[f]
        s.add(text(x + 2.4 * r, y, f"{name} ({shape_word})", size=geo.fs(11), anchor="start"))
        x += (len(name) + len(shape_word) + 4) * 6.3 * geo.f + 3 * r
    s.add(circle(x + r, y, r * 1.5, fill="#fff3c4", stroke=STORED_RING, width=2))
    s.add(text(x + 3 * r, y, "stored by an animal", size=geo.fs(11), anchor="start"))
    x += 130 * geo.f
    s.add(water_drop(x + r, y, r))
    s.add(text(x + 2.4 * r, y, "water drop +1", size=geo.fs(11), anchor="start"))
    x += 100 * geo.f
    s.add(rect(x, y - r / 2, r, r, fill=LAIR, stroke="#000000"))
    s.add(text(x + 1.8 * r, y, "lair token +1 storage", size=geo.fs(11), anchor="start"))
    x += 140 * geo.f
    s.add(text(x, y, "▢ storage · den: own points", size=geo.fs(10), anchor="start", fill="#555555"))
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
    windows = [_window(game, p) for p in range(game.n)]
    cols = max(6 if not game.advanced else 5, max(w[2] - w[0] + 1 for w in windows))
    rows = max(6 if not game.advanced else 5, max(w[3] - w[1] + 1 for w in windows))
    if game.advanced:
        cols, rows = max(cols, 6), max(rows, 5)
    per_row = 1 if (game.advanced and cols > 7) else 2
    block_w = cols * c + 2 * pad
    block_h = rows * c + geo.head + 2 * pad
    width = max(per_row * (block_w + pad) + pad, 4 * max(c + 2 * pad, 138 * geo.f) + c + 350 * geo.f)
    banner_h = geo.fs(34)
    market = _market_block(game, geo, selected, rotation, width - 2 * pad)
    nrows = (game.n + per_row - 1) // per_row
    legend = _legend(geo, width)
    height = banner_h + market.height + pad + nrows * (block_h + pad) + legend.height + pad
    mode = "advanced 2-player" if game.advanced else f"{game.n} players"
    sc = Scene(width, height, background="#ffffff", title=f"Savernake Forest ({mode}): {state_text(game)}")
    sc.add(rect(0, 0, width, banner_h, fill="#2f4f2f"))
    sc.add(text(pad, banner_h / 2, f"Savernake Forest · {state_text(game)}", size=geo.fs(16), bold=True,
                fill="#ffffff", anchor="start"))
    scores = " · ".join(f"{game.names[p]} {s}" for p, s in enumerate(game.scores()))
    sc.add(text(width - pad, banner_h / 2, scores, size=geo.fs(13), fill="#e8f5e9", anchor="end"))
    sc.extend(market, pad, banner_h + pad / 2)
    y0 = banner_h + pad / 2 + market.height + pad / 2
    for p in range(game.n):
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
               title=f"Savernake Forest: {game.names[seat]}'s forest")
    return sc.extend(block)


def card_scene(card_id: str, rotation: int = 0, size: float = 120, catalogue=None) -> Scene:
    """A single card (kit catalogue by default), turned ``rotation`` degrees clockwise."""
    if catalogue is None:
        from .data import kit_catalogue

        catalogue = kit_catalogue()
    card = catalogue.card(card_id)
    if rotation not in (0, 90, 180, 270):
        raise ValueError(f"rotation must be 0, 90, 180 or 270 degrees, not {rotation!r}")
    t = catalogue.turned[card.index][rotation // 90]
    sc = Scene(size + 8, size + 8, background="#ffffff", title=f"{card} turned {rotation}°")
    sc.extend(Scene(0, 0, shapes=_card_shapes(catalogue, t, 4, 4, size, hit=f"card:{card.id}")))
    return sc


__all__ = ["scene", "forest_scene", "card_scene", "state_text", "food_shapes", "SEAT_COLOURS"]
