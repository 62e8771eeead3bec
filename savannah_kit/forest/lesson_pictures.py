"""The pictures of the Savernake Forest exercises: forests, cards, the market and the table, drawn
without what would give an answer away (lit cells, rings round stored foods, scores, the mover's
frame), or with the answer marked. The lesson module's named picture functions draw with these.

Forest cells are at least 96 px wide (TEACHING.md); cells are clickable as ``cell:<seat>:<x>:<y>``,
cards as ``card:...`` and ``animal:...``, a card's sides as ``side:N``, its turns as ``turn:90``.
"""

from __future__ import annotations

import inspect
import math
import re
from dataclasses import replace
from typing import Any, Dict, Iterable, Optional, Tuple

from ..core.scene import Circle, Polygon, Rect, Scene, Style, Text, circle, line, polygon, rect, text
from . import render
from .card_shapes import STORED_RING, CardFace, card_shapes
from .data import EDGE_NAMES, EDGES, FOODS, ROTATIONS

__all__ = ["table", "market", "seating", "beside", "card", "turns", "marked", "captioned", "food_hits", "forest",
           "forests", "forest_scene", "grid", "CELL_PX"]


_MARKET_FILL = "#f4efe2"
_NEUTRAL_CELL = Style("#f7f6f0", "#c9c3b2", 1.0, 1.0, (3.0, 3.0))
_CURRENT_FRAME = "#e0a800"
_GRID_HIT = re.compile(r"^(cell|card|animal):(\d+):(-?\d+):(-?\d+)$")
_SCORE_SUFFIX = re.compile(r"\s*·\s*-?\d+\s*pts?\b")
_CARD_COUNT = re.compile(r"(\d+)/\d+ cards")
_RESULT = re.compile(r"\s*·\s*\S+ wins\b.*$")
GREEN, RED = "#2e7d32", "#c62828"


def _render(fn, *args, **opts):
    """Call a picture function of ``render`` with only the options it takes (the no-spoiler
    options ``lit``, ``rings`` and ``score`` where it has them)."""
    params = inspect.signature(fn).parameters
    return fn(*args, **{k: v for k, v in opts.items() if k in params})


def _quiet(sc: Scene, game, *, cells: bool = False, rings: bool = False, score: bool = False,
           frames: bool = False, counts: bool = False, hide: Tuple[str, ...] = ()) -> Scene:
    """``sc`` without what would give an answer away: ``cells`` all drawn alike (no lit or
    in-bounds look, tooltips just the cell), ``rings`` round stored foods left out, ``score``
    texts and tooltips left out, ``frames`` on the player to move left plain, ``counts`` of
    cards without the forest size, and the table lines starting with a ``hide`` prefix shown
    as "Prefix: ?"."""
    names = "|".join(re.escape(game.player_name(p)) for p in range(game.players))
    scores_line = re.compile(rf"^(?:(?:{names}) -?\d+(?: · |…|$))+")
    out = Scene(sc.width, sc.height, background=sc.background, title="Savernake Forest: an exercise")
    for s in sc.shapes:
        hit = s.hit or ""
        if rings and isinstance(s, Circle) and s.style.stroke == STORED_RING:
            continue
        if cells and hit.startswith("cell:") and isinstance(s, Rect):
            _, _, x, y = hit.split(":")
            s = replace(s, style=_NEUTRAL_CELL, title=f"column {x}, row {y}")
        if frames and isinstance(s, Rect) and not hit and s.style.stroke == _CURRENT_FRAME:
            s = replace(s, style=replace(s.style, stroke="#c9c3b2", width=1.2))
        if score and hit.startswith("animal:") and s.title:
            _, seat, x, y = hit.split(":")
            s = replace(s, title=str(game.card(game.forest(int(seat)).at((int(x), int(y))).card)))
        if isinstance(s, Text):
            words = s.text
            if score:
                words = _RESULT.sub("", _SCORE_SUFFIX.sub("", words))
                if scores_line.match(words):
                    continue
            if counts:
                words = _CARD_COUNT.sub(r"\1 cards", words)
            if hide and words.startswith(hide):
                words = words.split(":")[0] + ": ?"
            if words != s.text:
                s = replace(s, text=words, title=None)
        out.shapes.append(s)
    return out


CELL_PX = 100  # a forest's cells in the exercise pictures (at least 96 px, TEACHING.md)


def _spoiler_options(quiet: Dict[str, Any]) -> Dict[str, Any]:
    """The options of ``render``'s pictures that leave out what ``quiet`` hides (``trace``, the
    animals' paths in colour, is taken out of ``quiet``)."""
    return dict(highlights=quiet.pop("highlights", ()), lit=not quiet.get("cells"), rings=not quiet.get("rings"),
                score=not quiet.get("score"), trace=quiet.pop("trace", True))


def forest_scene(game, seat: int, **quiet) -> Scene:
    """One forest with its cells at least 96 px wide, without the marks ``quiet`` names (see
    ``_quiet``; ``trace=False`` leaves the animals' paths untraced)."""
    opts = _spoiler_options(quiet)
    sc = _quiet(_render(render.forest_scene, game, seat, **opts), game, **quiet)
    size = grid(sc, seat)[0]
    return _scaled(sc, CELL_PX / size) if size and size < 96 else sc


def _scaled(sc: Scene, k: float) -> Scene:
    """``sc`` drawn ``k`` times bigger (lines and texts too)."""
    out = Scene(sc.width * k, sc.height * k, background=sc.background, title=sc.title)
    for s in sc.shapes:
        style = replace(s.style, width=s.style.width * k, dash=tuple(d * k for d in s.style.dash))
        if isinstance(s, Rect):
            s = replace(s, style=style, x=s.x * k, y=s.y * k, w=s.w * k, h=s.h * k, radius=s.radius * k)
        elif isinstance(s, Circle):
            s = replace(s, style=style, cx=s.cx * k, cy=s.cy * k, r=s.r * k)
        elif isinstance(s, Text):
            s = replace(s, style=style, x=s.x * k, y=s.y * k, size=round(s.size * k, 1))
        else:
            s = replace(s, style=style, points=tuple((x * k, y * k) for x, y in s.points))
        out.shapes.append(s)
    return out


def table(game, **quiet) -> Scene:
    """The whole table, without the decision line and the marks ``quiet`` names."""
    opts = _spoiler_options(quiet)
    opts["trace"] = False
    return _quiet(_render(render.scene, game, caption=False, **opts), game, **quiet)


def market(game, **quiet) -> Scene:
    """Only the market row of the table: the advisors, their cards, the card in hand, pawn, supply,
    decks and order (the whole table if the row cannot be found)."""
    sc = table(game, **quiet)
    panel = next((s for s in sc.shapes if isinstance(s, Rect) and s.style.fill == _MARKET_FILL), None)
    if panel is None:
        return sc
    top, bottom = panel.y - 2, panel.y + panel.h + 2
    out = Scene(sc.width, bottom - top, background=sc.background, title=sc.title)
    for s in sc.shapes:
        y0, y1 = (s.y, s.y) if isinstance(s, Text) else _bbox(s)[1::2]
        if top <= y0 and y1 <= bottom:
            out.shapes.append(s.moved(0, -top))
    return _scaled(out, 1.3)


def seating(game, *, marked: Iterable[str] = (), labels: Optional[Dict[str, str]] = None,
             colour: str = GREEN) -> Scene:
    """The players round the table, clockwise, the 1st Player pawn (★) with its holder; each
    player clickable (``player:Red``); ``marked`` players drawn as the answer, with ``labels``
    (player -> text) beside them."""
    size, r_table, r_seat, r_arrow = 340, 78, 30, 52
    c = size / 2
    sc = Scene(size, size, background="#ffffff", title="who sits where")
    sc.add(circle(c, c, r_table, fill="#efe6cf", stroke="#8d6e3f", width=2))
    arc = [math.radians(a) for a in range(-60, 205, 5)]
    sc.add(line([(c + r_arrow * math.cos(a), c + r_arrow * math.sin(a)) for a in arc], stroke="#8d6e3f", width=3))
    end = arc[-1]
    ahead, out = (-math.sin(end), math.cos(end)), (math.cos(end), math.sin(end))
    px, py = c + r_arrow * out[0], c + r_arrow * out[1]
    sc.add(polygon([(px + 10 * ahead[0], py + 10 * ahead[1]), (px + 7 * out[0], py + 7 * out[1]),
                    (px - 7 * out[0], py - 7 * out[1])], fill="#8d6e3f"))
    sc.add(text(c, c, "clockwise", size=14, bold=True, fill="#5d4020"))
    marked = set(marked)
    for p in range(game.players):
        angle = math.radians(-90 + 360 * p / game.players)
        x, y = c + (r_table + r_seat + 8) * math.cos(angle), c + (r_table + r_seat + 8) * math.sin(angle)
        name = game.player_name(p)
        if name in marked:
            sc.add(circle(x, y, r_seat + 6, stroke=GREEN, width=4))
        sc.add(circle(x, y, r_seat, fill=render.SEAT_COLOURS[p % 4], stroke="#222222", width=1.5,
                      hit=f"player:{name}", title=name),
               text(x, y - 7, name, size=14, bold=True, fill="#ffffff"))
        if game.pawn == p:
            sc.add(text(x, y + 11, "★ pawn", size=12, bold=True, fill="#fff3a0"))
        if labels and name in labels:
            below = y > c + 1
            sc.add(text(x, y + (r_seat + 14) * (1 if below else -1), labels[name], size=15, bold=True, fill=colour))
    return sc


def grid(sc: Scene, seat: int):
    """(cell size, x of column 0, y of row 0, columns, rows) of a forest drawn in ``sc``."""
    size = x0 = y0 = None
    cols, rows = set(), set()
    for s in sc.shapes:
        m = _GRID_HIT.match(s.hit or "")
        if not m or int(m[2]) != seat or not isinstance(s, Rect):
            continue
        x, y = int(m[3]), int(m[4])
        cols.add(x)
        rows.add(y)
        if m[1] != "cell" and size is None:
            size = s.w + 2
            x0, y0 = s.x - 1 - x * size, s.y - 1 - y * size
    return size, x0, y0, sorted(cols), sorted(rows)


def _with_axes(sc: Scene, seat: int) -> Scene:
    """``sc`` with "column N" along the bottom and "row N" down the left: the words a typed
    answer uses ("column 2, row 3"), so picture, words and answers share one numbering."""
    size, x0, y0, cols, rows = grid(sc, seat)
    left, bottom = 56, 30
    out = Scene(sc.width + left, sc.height + bottom, background=sc.background, title=sc.title)
    out.extend(sc, left, 0)
    for i, s in enumerate(out.shapes):  # where the numbers are printed, the tooltips use them too
        m = _GRID_HIT.match(s.hit or "")
        if m and int(m[2]) == seat:
            where = f"column {m[3]}, row {m[4]}"
            if not (s.title or "").startswith(where):
                out.shapes[i] = replace(s, title=f"{where}: {s.title}" if s.title else where)
    for x in cols:
        out.add(text(left + x0 + (x + 0.5) * size, sc.height + bottom / 2, f"column {x}", size=15, bold=True,
                     fill="#333333"))
    for y in rows:
        out.add(text(left / 2, y0 + (y + 0.5) * size, f"row {y}", size=15, bold=True, fill="#333333"))
    return out


def beside(*parts: Tuple[str, Scene], gap: float = 18) -> Scene:
    """Pictures side by side, each with a caption above it."""
    head = 26
    width = sum(p.width for _, p in parts) + gap * (len(parts) + 1)
    height = head + max(p.height for _, p in parts) + gap
    out = Scene(width, height, background="#ffffff", title="Savernake Forest: an exercise")
    x = gap
    for caption, part in parts:
        if caption:
            out.add(text(x + 4, head / 2 + 2, caption, size=16, bold=True, anchor="start", fill="#333333"))
        out.extend(part, x, head)
        x += part.width + gap
    return out


def _face(size: float) -> CardFace:
    """How a card this size shows its texts: laid out round its path stub, none below 13 px."""
    return CardFace(size, 13.0)


def card(cat, card_id: str, rotation: int, *, size: float = 180, entry: Optional[str] = None,
                  marked: Iterable[str] = (), clickable: bool = True, labels: bool = True) -> Scene:
    """One card, large, with its sides named N, E, S, W outside it and clickable (``side:N``);
    ``entry`` draws an arrow walking in through that side; ``marked`` sides are drawn as answers."""
    m = 56 if labels else 6
    sc = Scene(size + 2 * m, size + 2 * m, background="#ffffff", title=f"{card_id} turned {rotation}°")
    sc.add(*card_shapes(cat, card_id, rotation, m, m, _face(size)))
    mid = m + size / 2
    corners = [(m, m), (m + size, m), (m + size, m + size), (m, m + size)]
    outward = [(0, -1), (1, 0), (0, 1), (-1, 0)]
    marked = set(marked)
    for k, side in enumerate(EDGES):
        a, b = corners[k], corners[(k + 1) % 4]
        (dx, dy), cx, cy = outward[k], (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        if clickable:
            sc.add(polygon([(mid, mid), a, b], hit=f"side:{side}", title=f"the {EDGE_NAMES[k]} side"))
        if not labels:
            continue
        if side in marked:
            sc.add(rect(min(a[0], b[0]) - 5 + 5 * (dx == 0), min(a[1], b[1]) - 5 + 5 * (dy == 0),
                        abs(a[0] - b[0]) or 10, abs(a[1] - b[1]) or 10, fill=GREEN))
        label = f"✓ {side}" if side in marked else side
        sc.add(text(cx + dx * m * 0.55, cy + dy * m * 0.55, label, size=20, bold=True,
                    fill=GREEN if side in marked else "#333333"))
        if side == entry:
            tip = (cx - dx * 30, cy - dy * 30)
            tail = (cx + dx * 4, cy + dy * 4)
            sc.add(polygon([tip, (tail[0] - dy * 10, tail[1] - dx * 10), (tail[0] + dy * 10, tail[1] + dx * 10)],
                           fill="#6a1b9a", stroke="#4a148c", title="the path walks in here"))
    return sc


def food_order(cat, card_id: str, rotation: int = 0) -> Scene:
    """The card twice, a path walking in from each end of its first segment (the arrow), each
    captioned with the foods in the order that walk meets them: the order depends on the way in."""
    a, b, foods = next(seg for seg in cat.segments(card_id, rotation) if seg[0] in EDGES and seg[1] in EDGES)
    parts = []
    for entry, met in ((a, foods), (b, tuple(reversed(foods)))):
        words = ", then ".join(met)
        parts.append((f"In from the {EDGE_NAMES[EDGES.index(entry)]}: {words}",
                      card(cat, card_id, rotation, entry=entry, clickable=False)))
    return beside(*parts, gap=40)


def turns(cat, card_id: str, *, size: float = 130, allowed: Optional[Iterable[int]] = None) -> Scene:
    """A card in its four turns side by side (``turn:90`` …); with ``allowed``, each says ✓ or ✗."""
    gap, label = 14, 30
    sc = Scene(4 * size + 5 * gap, size + label + gap, background="#ffffff", title=f"{card_id} in four turns")
    ok = None if allowed is None else set(allowed)
    for i, r in enumerate(ROTATIONS):
        x = gap + i * (size + gap)
        sc.add(*card_shapes(cat, card_id, r, x, gap / 2, _face(size), hit=f"turn:{r}"))
        words, colour = f"{r}°", "#333333"
        if ok is not None:
            words, colour = (f"✓ {r}°", GREEN) if r in ok else (f"✗ {r}°", RED)
            sc.add(rect(x - 3, gap / 2 - 3, size + 6, size + 6, stroke=colour, width=4, radius=8,
                        dash=() if r in ok else (6, 4)))
        sc.add(text(x + size / 2, gap / 2 + size + label / 2 + 2, words, size=17, bold=True, fill=colour))
    return sc


def marked(sc: Scene, hits: Iterable[str], label: str = "✓") -> Scene:
    """``sc`` with the clickable things ``hits`` outlined in green and ticked (the answer)."""
    out = Scene(sc.width, sc.height, background=sc.background, title=sc.title, shapes=list(sc.shapes))
    for hit in sorted(hits):
        shape = next((s for s in sc.shapes if s.hit == hit and isinstance(s, (Rect, Polygon, Circle))), None)
        if shape is None:
            continue
        x0, y0, x1, y1 = _bbox(shape)
        out.add(rect(x0 - 3, y0 - 3, x1 - x0 + 6, y1 - y0 + 6, stroke=GREEN, width=4, radius=6),
                circle(x1 - 12, y0 + 12, 11, fill=GREEN, stroke="#ffffff", width=2),
                text(x1 - 12, y0 + 13, label, size=14, bold=True, fill="#ffffff"))
    return out


def captioned(sc: Scene, words: str) -> Scene:
    """``sc`` with a line of words under it."""
    out = Scene(sc.width, sc.height + 34, background=sc.background or "#ffffff", title=sc.title)
    out.extend(sc)
    return out.add(text(12, sc.height + 17, words, size=18, bold=True, anchor="start", fill=GREEN))


def _bbox(shape) -> Tuple[float, float, float, float]:
    if isinstance(shape, Rect):
        return shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    if isinstance(shape, Circle):
        return shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r
    xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
    return min(xs), min(ys), max(xs), max(ys)


def food_hits(sc: Scene) -> Scene:
    """``sc`` with every food on a path clickable as ``food:<food>``."""
    out = Scene(sc.width, sc.height, background=sc.background, title=sc.title, shapes=list(sc.shapes))
    for s in sc.shapes:
        if s.title in FOODS and not s.hit:
            pts = getattr(s, "points", None)
            if pts:
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                cx, cy, r = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, max(max(xs) - min(xs), 12) / 2 + 3
            else:
                cx, cy, r = s.cx, s.cy, s.r + 3
            out.add(circle(cx, cy, r, hit=f"food:{s.title}", title=s.title))
    return out


def forest(game, seat: int, *, axes: bool = False, hand: Optional[str] = None, **quiet) -> Scene:
    """One forest (with its cells numbered when ``axes``) and, beside it, the card in hand."""
    sc = forest_scene(game, seat, **quiet)
    if axes:
        sc = _with_axes(sc, seat)
    if hand is None:
        return sc
    held = card(game.catalogue, hand, 0, size=130, clickable=False, labels=False)
    return beside((f"{game.player_name(seat)}'s forest", sc), ("In hand", held))


def forests(game, **quiet) -> Scene:
    """Every forest side by side, each under its player's name (no banner, no table lines)."""
    return beside(*((f"{game.player_name(p)}'s forest", forest_scene(game, p, **quiet)) for p in range(game.players)))
