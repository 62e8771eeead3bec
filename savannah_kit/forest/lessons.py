"""The Savernake Forest exercises: each one a position, a question and a check by the engine.

``EXERCISES`` lists them in learning order: setting up, cards and paths, placing a
card, the round and the advisors, scoring, the end of the game, the advanced mode.
``savannah_kit.teach.exercise.exercises("forest")`` finds them, and the rule coverage
report (``python -m savannah_kit.rules_cli coverage --game forest``) lists, per rule,
the exercises that check it.

Every exercise builds a fresh position from a hand-built scenario or a seeded game,
asks the engine for the answer (legal moves, score breakdowns, paths, what a few
moves lead to), names the likely misreadings, and draws a picture that does not give
the answer away: no lit cells, no rings round stored foods, no scores or log lines
that say it. Its solution picture draws the answer.

Cells are written ``(column, row)`` as numbered along the bottom and the left side of
a forest picture; every position is laid out so that no answer needs a negative number.
"""

from __future__ import annotations

import inspect
import math
import re
from dataclasses import replace
from typing import Any, Callable, Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

from ..core.scene import Circle, Polygon, Rect, Scene, Style, Text, circle, line, polygon, rect, text
from ..teach import answers
from ..teach.exercise import Exercise, Mistake
from . import from_scenario, new_game, render
from .card_shapes import STORED_RING, CardFace, card_shapes
from .data import EDGE_NAMES, EDGES, FOOD_PLURALS, FOODS, ROTATIONS, SLOTS
from .moves import Keep, Orient, Place, Take
from .scoring import animal_score
from .state import Phase

__all__ = ["EXERCISES"]

Cell = Tuple[int, int]

# -- answer readers --------------------------------------------------------------------------------

FOOD_WORDS = {**{f: f for f in FOODS}, **dict(zip(FOOD_PLURALS, FOODS))}
SIDE_WORDS = {"n": "N", "north": "N", "top": "N", "up": "N", "e": "E", "east": "E", "right": "E",
              "s": "S", "south": "S", "bottom": "S", "down": "S", "w": "W", "west": "W", "left": "W"}
ADVISOR_WORDS = {**{s: s for s in SLOTS}, **{s + "s": s for s in SLOTS}, **{s + "'s": s for s in SLOTS}}
TURN_WORDS = {**{f"{r}": f"{r}°" for r in ROTATIONS}, **{f"{r}°": f"{r}°" for r in ROTATIONS},
              **{f"{r}deg": f"{r}°" for r in ROTATIONS}, "360": "0°", "360°": "0°"}
NAMES = ("Red", "Blue", "Green", "Yellow")


def _player_words(players: int) -> Dict[str, str]:
    return {n.lower(): n for n in NAMES[:players]}


SIDES = answers.words(SIDE_WORDS, example="E, S")
ONE_SIDE = answers.choice(SIDE_WORDS, example="N")
TURNS = answers.words(TURN_WORDS, example="0, 90")
ADVISORS = answers.words(ADVISOR_WORDS, example="rabbit, goat")
FOOD_CORNERS = answers.words(FOOD_WORDS, example="worm, nut")
FOOD_TRAIL = answers.words(FOOD_WORDS, ordered=True, example="worm, nut, egg")
CELLS = answers.cells(example="(1, 0), (2, 2)")


def _count(unit: str = "points", high: int = 200) -> answers.Answer:
    return answers.number(unit=unit, low=0, high=high)


# -- positions ---------------------------------------------------------------------------------------

MARKET = {"rabbit": "A05", "rooster": "P12", "armadillo": "P11", "goat": "P10"}


def _scenario(forests: Sequence[str], market: Optional[dict] = None, pawn: int = 0, advanced: bool = False,
              **fields) -> Callable:
    """A builder: a fresh game at the hand-built position on every call (``advanced``: the
    2-player advanced mode)."""
    data = {"forests": list(forests), "pawn": pawn, **fields}
    if market is not None:
        data["market"] = dict(market)
    options = {"advanced": True} if advanced else {}
    return lambda: from_scenario({k: (dict(v) if isinstance(v, dict) else v) for k, v in data.items()}, **options)


def _then(build: Callable, *moves: Callable) -> Callable:
    """A builder that plays ``moves`` (each a function of the game) after ``build``."""

    def built():
        game = build()
        for move in moves:
            game.play(move(game))
        return game

    return built


def _rows(cards: Sequence[str], width: int = 4) -> str:
    """Cards laid row by row from the top-left cell, turned 0°: ``"A01@0,0r0 P01@1,0r0 ..."``."""
    return " ".join(f"{cid}@{i % width},{i // width}r0" for i, cid in enumerate(cards))


def _turn(game, slot: Optional[str] = None) -> List[Any]:
    """Play the current player's whole turn: take the card under ``slot`` (default: the first
    card they may take), lay it on the first place allowed, and answer the advisor's question
    with its first choice. Returns the events."""
    events = list(game.play(Take(game.current_player, slot) if slot else game.legal_moves()[0]))
    events += game.play(game.legal_moves()[0])
    while game.phase in (Phase.LAIR, Phase.WATER):
        events += game.play(game.legal_moves()[0])
    return events


def _after(game, *slots: Optional[str]) -> Tuple[Any, List[Any]]:
    """A copy of ``game`` after one whole turn per slot (None: the first card allowed), and the
    events those turns made."""
    twin = game.copy()
    events: List[Any] = []
    for slot in slots:
        events += _turn(twin, slot)
    return twin, events


def _said(events, rule_prefix: str = "") -> str:
    """The messages of the events citing a rule starting with ``rule_prefix``, as sentences."""
    return " ".join(f"{e.message}." for e in events if e.rule.startswith(rule_prefix))


def _name(game, seat: int) -> str:
    return game.player_name(seat)


def _order(game) -> Tuple[str, ...]:
    return tuple(_name(game, p) for p in game.round_order)


def _advisors_text(slots: Iterable[str]) -> str:
    """"the rabbit and the goat": advisors in board order."""
    names = [f"the {s}" for s in SLOTS if s in set(slots)]
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


def _ordinals(names: Sequence[str]) -> Dict[str, str]:
    """Each player with the picks they make: {"Blue": "1st, 3rd", ...}."""
    words = ("1st", "2nd", "3rd", "4th")
    out: Dict[str, List[str]] = {}
    for k, name in enumerate(names):
        out.setdefault(name, []).append(words[k])
    return {name: ", ".join(ks) for name, ks in out.items()}


def _cells_text(cells: Iterable[Cell]) -> str:
    return ", ".join(f"({x}, {y})" for x, y in sorted(cells, key=lambda c: (c[1], c[0]))) or "none"


# -- pictures ------------------------------------------------------------------------------------------

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
    names = "|".join(re.escape(_name(game, p)) for p in range(game.players))
    scores_line = re.compile(rf"^(?:(?:{names}) -?\d+(?: · |…|$))+")
    out = Scene(sc.width, sc.height, background=sc.background, title="Savernake Forest: an exercise")
    for s in sc.shapes:
        hit = s.hit or ""
        if rings and isinstance(s, Circle) and s.style.stroke == STORED_RING:
            continue
        if cells and hit.startswith("cell:") and isinstance(s, Rect):
            _, _, x, y = hit.split(":")
            s = replace(s, style=_NEUTRAL_CELL, title=f"({x}, {y})")
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


def _forest_scene(game, seat: int, **quiet) -> Scene:
    """One forest with its cells at least 96 px wide, without the marks ``quiet`` names (see
    ``_quiet``; ``trace=False`` leaves the animals' paths untraced)."""
    opts = _spoiler_options(quiet)
    sc = _quiet(_render(render.forest_scene, game, seat, **opts), game, **quiet)
    size = _grid(sc, seat)[0]
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


def _table(game, **quiet) -> Scene:
    """The whole table, without the decision line and the marks ``quiet`` names."""
    opts = _spoiler_options(quiet)
    opts["trace"] = False
    return _quiet(_render(render.scene, game, caption=False, **opts), game, **quiet)


def _market_picture(game, **quiet) -> Scene:
    """Only the market row of the table: the advisors, their cards, the card in hand, pawn, supply,
    decks and order (the whole table if the row cannot be found)."""
    sc = _table(game, **quiet)
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


def _seating(game, *, marked: Iterable[str] = (), labels: Optional[Dict[str, str]] = None,
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
        name = _name(game, p)
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


def _grid(sc: Scene, seat: int):
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
    """``sc`` with the column numbers along the bottom and the row numbers down the left."""
    size, x0, y0, cols, rows = _grid(sc, seat)
    left, bottom = 30, 28
    out = Scene(sc.width + left, sc.height + bottom, background=sc.background, title=sc.title)
    out.extend(sc, left, 0)
    for x in cols:
        out.add(text(left + x0 + (x + 0.5) * size, sc.height + bottom / 2, x, size=16, bold=True, fill="#333333"))
    for y in rows:
        out.add(text(left / 2, y0 + (y + 0.5) * size, y, size=16, bold=True, fill="#333333"))
    return out


def _beside(*parts: Tuple[str, Scene], gap: float = 18) -> Scene:
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


def _card_picture(cat, card_id: str, rotation: int, *, size: float = 180, entry: Optional[str] = None,
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


def _turns_picture(cat, card_id: str, *, size: float = 130, allowed: Optional[Iterable[int]] = None) -> Scene:
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


def _marked(sc: Scene, hits: Iterable[str], label: str = "✓") -> Scene:
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


def _captioned(sc: Scene, words: str) -> Scene:
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


def _food_hits(sc: Scene) -> Scene:
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


def _forest_picture(game, seat: int, *, axes: bool = False, hand: Optional[str] = None, **quiet) -> Scene:
    """One forest (with its cells numbered when ``axes``) and, beside it, the card in hand."""
    sc = _forest_scene(game, seat, **quiet)
    if axes:
        sc = _with_axes(sc, seat)
    if hand is None:
        return sc
    held = _card_picture(game.catalogue, hand, 0, size=130, clickable=False, labels=False)
    return _beside((f"{_name(game, seat)}'s forest", sc), ("In hand", held))


def _forests_picture(game, **quiet) -> Scene:
    """Every forest side by side, each under its player's name (no banner, no table lines)."""
    return _beside(*((f"{_name(game, p)}'s forest", _forest_scene(game, p, **quiet)) for p in range(game.players)))


# -- clicks ----------------------------------------------------------------------------------------------

def _hit_parts(hit: Optional[str], kind: str) -> Optional[List[str]]:
    parts = (hit or "").split(":")
    return parts[1:] if parts[0] == kind else None


def _click_cell(seat_of: Callable[[Any], int], kinds: Tuple[str, ...] = ("cell",)) -> Callable:
    def click(game, hit):
        for kind in kinds:
            parts = _hit_parts(hit, kind)
            if parts and int(parts[0]) == seat_of(game):
                return (int(parts[1]), int(parts[2]))
        return None

    return click


def _click_word(kind: str, field: int = 0, words: Optional[Dict[str, str]] = None) -> Callable:
    def click(_game, hit):
        parts = _hit_parts(hit, kind)
        if not parts:
            return None
        word = parts[field]
        return words.get(word) if words is not None else word

    return click


# -- scoring helpers -------------------------------------------------------------------------------------

def _misread_food(a) -> Dict[str, int]:
    """What one animal's foods score when its card is misread: without its water drops,
    without its lair tokens, or storing every food it meets."""
    stored = [s for s in a.path if s.stored]
    return {"no-water": sum(s.value - s.water for s in stored),
            "no-lair": sum(s.value for s in a.path[:a.capacity]),
            "everything": sum(s.value for s in a.path)}


def _misread_total(a, how: str) -> int:
    return _misread_food(a)[how] + a.own_points


def _misread_forest(game, seat: int, how: str) -> int:
    sb = game.score_breakdown(seat)
    return sum(_misread_total(a, how) for a in sb.animals if not a.discarded) + sb.pawn_point


def _score_spoilers(n: int) -> List[str]:
    return [f"{n} pts", f"{n} pt", f"{n} points", f"= {n}"]


# =========================================================================================================
# Setting up
# =========================================================================================================

def _new3():
    return new_game(players=3, seed=1)


def _animal_deck(game) -> int:
    return game.deck_sizes["animals"]


def _dealt_animals(game) -> int:
    return sum(len(game.forest(p).animal_cells()) for p in range(game.players))


SETUP_DECKS = Exercise(
    id="forest.setup-decks", title="Set-up: the animal deck",
    question="A 3-player game has just been set up: every forest holds its first card, and a card lies under "
             "each of the four advisors. How many cards are left in the animal deck?",
    rules=("forest.setup.decks", "forest.setup.starting-animal", "forest.round.market"),
    build=_new3, solve=_animal_deck, answer=_count("cards"),
    hints=("The animal cards and the path cards are two different decks. Which cards have already left "
           "the animal deck?",
           "Start from the 19 animal cards: each player got one, and one more lies under the rabbit."),
    explain=lambda g: (f"The box holds {len(g.catalogue.animals)} animal cards. The {g.players} starting animals "
                       f"and the rabbit's card came off the animal deck; the three other advisors got path cards "
                       f"from the path deck. {len(g.catalogue.animals)} − {_dealt_animals(g)} − 1 = "
                       f"{_animal_deck(g)}."),
    picture=lambda g: _table(g, hide=("Decks",)),
    solution_picture=lambda g: _table(g),
    spoilers=lambda g: [f"{_animal_deck(g)} animals"],
    mistakes=(
        Mistake("forgot-starting-animals", lambda g: _animal_deck(g) + _dealt_animals(g),
                "each forest's first card is an animal dealt from the animal deck"),
        Mistake("forgot-rabbit-card", lambda g: _animal_deck(g) + 1,
                "the card under the rabbit is an animal card too, dealt from the animal deck",
                "forest.round.market"),
        Mistake("nothing-dealt", lambda g: len(g.catalogue.animals),
                "that is the whole box: some animal cards have been dealt already"),
        Mistake("one-deck-for-all", lambda g: _animal_deck(g) - 3,
                "only the rabbit's card is an animal; the rooster, armadillo and goat get path cards "
                "from the other deck", "forest.setup.decks"),
    ),
    notes={"position": "new_game(players=3, seed=1)"},
)


def _seat_order_words(game) -> Tuple[str, ...]:
    return tuple(_name(game, p) for p in range(game.players))


FIRST_PLAYER = Exercise(
    id="forest.first-player", title="Who starts?",
    question="A 3-player game has just been set up. Nobody chose who starts: the set-up drew a player at random "
             "and gave them the 1st Player pawn (★). In which order do the three players take a card in round 1? "
             "List all three.",
    rules=("forest.setup.first-player", "forest.round.order"),
    build=_new3, solve=_order, answer=answers.words(_player_words(3), ordered=True, example="Red, Blue, Green"),
    hints=("Look for the ★: who holds the 1st Player pawn?",
           "The pawn holder takes the first card; then the others follow clockwise round the table."),
    explain=lambda g: (f"{_name(g, g.pawn)} was drawn and holds the 1st Player pawn, so takes the first card; "
                       f"then clockwise: {', '.join(_order(g))}."),
    picture=lambda g: _seating(g),
    solution_picture=lambda g: _seating(g, marked=_order(g)[:1], labels=_ordinals(_order(g))),
    click=_click_word("player"),
    spoilers=lambda g: [", ".join(_order(g))],
    mistakes=(
        Mistake("seat-order", _seat_order_words,
                "Red does not always start: the player with the 1st Player pawn does"),
        Mistake("anticlockwise", lambda g: tuple(_name(g, (g.pawn - i) % g.players) for i in range(g.players)),
                "play goes clockwise from the pawn holder, not the other way round", "forest.round.order"),
    ),
    notes={"position": "new_game(players=3, seed=1): Blue is drawn"},
)

SUPPLY_FORESTS = ("A01@0,0r90[lair=2;water=egg] P07@1,0r0", "A06@0,0r90[lair=1;water=nut,berry] P08@1,0r0")


def _lairs_on(game, seats: Iterable[int]) -> int:
    return sum(game.forest(p).lairs(c) for p in seats for c in game.forest(p).animal_cells())


def _drops_on(game) -> int:
    return sum(len(game.forest(p).water(c)) for p in range(game.players) for c in game.forest(p).animal_cells())


SUPPLY = Exercise(
    id="forest.supply", title="The token supply",
    question="This is round 2 of a 2-player game. How many lair tokens (the small dark squares beside a den) are left in "
             "the supply?",
    rules=("forest.setup.supply",),
    build=_scenario(SUPPLY_FORESTS, MARKET), solve=lambda g: g.tokens["lair"], answer=_count("tokens"),
    hints=("The supply started with 15 lair tokens and 15 water drops. Where are tokens now?",
           "Every lair token on an animal came out of the supply: count them in both forests."),
    explain=lambda g: (f"The supply began with {g.catalogue.lair_tokens} lair tokens; {_lairs_on(g, range(2))} "
                       f"now sit on animals, so {g.tokens['lair']} are left (the water drops are a separate pile "
                       f"of {g.catalogue.water_tokens})."),
    picture=lambda g: _forests_picture(g),
    spoilers=lambda g: [f"{g.tokens['lair']} lair"],
    mistakes=(
        Mistake("full-supply", lambda g: g.catalogue.lair_tokens,
                "the tokens on the animals came out of the supply"),
        Mistake("one-forest", lambda g: g.catalogue.lair_tokens - _lairs_on(g, [0]),
                "count the lair tokens in Blue's forest too"),
        Mistake("one-pile", lambda g: g.catalogue.lair_tokens - _lairs_on(g, range(2)) - _drops_on(g),
                "water drops are a separate pile of 15: only lair tokens count here"),
    ),
)


# =========================================================================================================
# Cards and paths
# =========================================================================================================

def _ends(cat, card_id: str, rotation: int) -> FrozenSet[str]:
    return frozenset(e for seg in cat.segments(card_id, rotation) for e in seg[:2] if e in EDGES)


def _kit_game():
    return new_game(players=2, seed=7)


TURN_CARD = ("P41", 90)

TURN_A_CARD = Exercise(
    id="forest.turn-a-card", title="Turn a card in your head",
    question="This is path card P41 as printed. Turn it a quarter turn clockwise (90°). On which sides does it "
             "then have a path end? Click the sides, or type them (N, E, S, W).",
    rules=("forest.place.rotation",),
    build=_kit_game, solve=lambda g: _ends(g.catalogue, *TURN_CARD), answer=SIDES,
    hints=("Turning clockwise moves the top side to the right.",
           "North goes to east, east to south, south to west, west to north. The dead end stops inside the "
           "card: it reaches no side."),
    explain=lambda g: (f"Printed, P41 has path ends on {SIDES.show(_ends(g.catalogue, TURN_CARD[0], 0))}; "
                       f"turned 90° clockwise every end moves one side on: "
                       f"{SIDES.show(_ends(g.catalogue, *TURN_CARD))}."),
    picture=lambda g: _card_picture(g.catalogue, TURN_CARD[0], 0),
    solution_picture=lambda g: _card_picture(g.catalogue, *TURN_CARD, marked=_ends(g.catalogue, *TURN_CARD),
                                             clickable=False),
    click=_click_word("side"),
    spoilers=lambda g: [SIDES.show(_ends(g.catalogue, *TURN_CARD))],
    mistakes=(
        Mistake("not-turned", lambda g: _ends(g.catalogue, TURN_CARD[0], 0),
                "those are the sides of the card as printed; turn it first"),
        Mistake("anticlockwise", lambda g: _ends(g.catalogue, TURN_CARD[0], 270),
                "that is a quarter turn the other way: clockwise moves north to east"),
        Mistake("dead-end-reaches-a-side", lambda g: frozenset(EDGES),
                "the dead end stops inside the card, so one side has no path end"),
    ),
)

CROSS_CARD = ("P25", 90)


def _leaves_by(cat, card_id: str, rotation: int, entry: str) -> str:
    for a, b, _ in cat.segments(card_id, rotation):
        if entry in (a, b):
            return b if a == entry else a
    raise ValueError(f"no path end on the {entry} side")


NO_CROSSING = Exercise(
    id="forest.no-crossing", title="Paths never cross",
    question="This card carries two separate curved paths. A path walks in from the west (the arrow). "
             "By which side does it leave the card?",
    rules=("forest.path.connect",),
    build=_kit_game, solve=lambda g: _leaves_by(g.catalogue, *CROSS_CARD, "W"), answer=ONE_SIDE,
    hints=("Follow the path line from the arrow with your finger; it never jumps onto the other path.",
           "Two paths on one card never touch or cross: the path from the west curves away and leaves by the "
           "side next to it."),
    explain=lambda g: (f"The path starting on the west side curves round and leaves by the "
                       f"{EDGE_NAMES[EDGES.index(_leaves_by(g.catalogue, *CROSS_CARD, 'W'))]} side; the other "
                       f"curve is a different path: they never meet."),
    picture=lambda g: _card_picture(g.catalogue, *CROSS_CARD, entry="W"),
    solution_picture=lambda g: _card_picture(g.catalogue, *CROSS_CARD, entry="W", clickable=False,
                                             marked=[_leaves_by(g.catalogue, *CROSS_CARD, "W")]),
    click=_click_word("side"),
    mistakes=(
        Mistake("crossed-over", lambda g: EDGES[(EDGES.index("W") + 2) % 4],
                "going straight across would cross the other path; paths never cross, each stays on its own "
                "curve"),
    ),
)

PATH_RED = "A01@1,2r0 P16@1,1r0 P06@2,1r0 P22@3,1r90 P25@3,2r0 P39@4,2r0 P07@2,2r0 P11@4,1r0 P05@2,3r0"
PATH_BLUE = "A02@0,0r0 P01@1,0r0 P02@2,0r0 P03@3,0r0 P04@0,1r0 P08@1,1r0 P09@2,1r0 P10@3,1r0 P12@0,2r0"
FOX = (1, 2)


def _path_cards(game) -> FrozenSet[Cell]:
    return frozenset(game.forest(0).path_cells(FOX)[1:])


def _near(game, cells: Iterable[Cell], steps: Sequence[Cell]) -> FrozenSet[Cell]:
    """Cards of Red's forest one of ``steps`` away from ``cells``, the Fox's own card aside."""
    laid = {pc.cell for pc in game.forest(0).cards()}
    return frozenset((x + dx, y + dy) for x, y in cells for dx, dy in steps if (x + dx, y + dy) in laid) - {FOX}


_SIDE_STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
_ALL_STEPS = _SIDE_STEPS + ((1, 1), (1, -1), (-1, 1), (-1, -1))

PATH_CARDS = Exercise(
    id="forest.path-cards", title="How paths connect",
    question="Follow the Fox's path. Click every card it runs onto (not the Fox's own card), or type them as "
             "(column, row) with the numbers along the picture's edges.",
    rules=("forest.path.connect",),
    build=_scenario([PATH_RED, PATH_BLUE]), solve=_path_cards, answer=CELLS,
    hints=("Start at the Fox's den and leave by its path stub. A path goes on only where the next card has a "
           "path end on the touching side.",
           "Touching is not enough: where the next card has no path end on the shared side, the path stops. "
           "A card with two paths passes the walk on along one of them only."),
    explain=lambda g: (f"The Fox's path runs through {_cells_text(_path_cards(g))} and stops at the dead end; "
                       f"the cards beside it are not on it, since no path end meets it there."),
    picture=lambda g: _forest_picture(g, 0, axes=True, cells=True, rings=True, score=True, trace=False),
    solution_picture=lambda g: _marked(_forest_picture(g, 0, axes=True),
                                       [f"card:0:{x}:{y}" for x, y in _path_cards(g)]),
    click=_click_cell(lambda g: 0, ("card", "animal")),
    spoilers=lambda g: [_cells_text(_path_cards(g))],
    mistakes=(
        Mistake("touching-cards", lambda g: _path_cards(g) | _near(g, _path_cards(g) | {FOX}, _SIDE_STEPS),
                "some of those only touch the path: a path goes on only where both cards have a path end on the "
                "shared side (and a card's other path is a different path)"),
        Mistake("diagonal", lambda g: _path_cards(g) | _near(g, _path_cards(g) | {FOX}, _ALL_STEPS),
                "cards touching at a corner never join: paths cross sides, not corners"),
        Mistake("counted-the-den", lambda g: _path_cards(g) | {FOX},
                "the Fox's own card is where the path starts; click only the cards it runs onto"),
    ),
)

HEDGEHOG = _scenario(["A06@0,0r90 P10@1,0r180 P31@2,0r270 P25@2,1r0", "A02@0,0r0 P40@1,0r0 P41@2,0r0 P42@3,0r0"])


def _foods_met(game, seat: int = 0, cell: Cell = (0, 0)) -> Tuple[str, ...]:
    return tuple(s.food for s in game.score_breakdown(seat).animal(cell).path)


def _foods_as_printed(game, seat: int = 0, cell: Cell = (0, 0)) -> Tuple[str, ...]:
    """The foods met when every path card is read in its printed order (the misreading)."""
    f = game.forest(seat)
    cells = f.path_cells(cell)
    out: List[str] = []
    for prev, here in zip(cells, cells[1:]):
        placed = f.at(here)
        entry = EDGES[_SIDE_STEPS.index((prev[0] - here[0], prev[1] - here[1]))]
        for a, b, foods in game.catalogue.segments(placed.card, placed.rotation):
            if entry in (a, b):
                out += foods
    return tuple(out)


def _stored(game, seat: int = 0, cell: Cell = (0, 0)) -> Tuple[str, ...]:
    return game.score_breakdown(seat).animal(cell).stored


FOLLOW_PATH = Exercise(
    id="forest.follow-path", title="Follow a path",
    question="The Hedgehog walks its path out from its den. Which foods does it meet, in order? Click them along "
             "the path, or type them (e.g. worm, nut, egg).",
    rules=("forest.path.food-order",),
    build=HEDGEHOG, solve=_foods_met, answer=FOOD_TRAIL,
    hints=("Leave the den by the stub and go card by card. List every food, not only the ones the Hedgehog "
           "keeps.",
           "On each card, read the foods in the direction the Hedgehog walks: on the second card it walks in "
           "from the side where the printed list ends."),
    explain=lambda g: (f"Walking out from its den the Hedgehog meets {FOOD_TRAIL.show(_foods_met(g))}; on the "
                       f"second card it walks the path backwards, so those foods come in reverse printed order, "
                       f"and its path stops where no card continues it."),
    picture=lambda g: _food_hits(_forest_picture(g, 0, rings=True, score=True, trace=False)),
    solution_picture=lambda g: _forest_picture(g, 0),
    click=_click_word("food"),
    spoilers=lambda g: [FOOD_TRAIL.show(_foods_met(g)), FOOD_TRAIL.show(_stored(g))],
    mistakes=(
        Mistake("read-backwards", _foods_as_printed,
                "you read a path card in its printed order; the Hedgehog walks one of them from the other end, "
                "so it meets those foods in reverse"),
        Mistake("only-stored", _stored,
                "those are the foods it stores; it meets more on its path", "forest.score.collect-first"),
    ),
)


# =========================================================================================================
# Placing a card
# =========================================================================================================

WHERE = _then(_scenario(["A01@1,1r90 P03@2,1r0 P04@3,1r0 P05@4,1r0 P06@4,2r0 P07@4,3r0",
                         "A02@0,0r0 P08@1,0r0 P09@2,0r0 P01@3,0r0 P14@3,1r0 P15@3,2r0"],
                        {"rabbit": "A05", "rooster": "P12", "armadillo": "P11", "goat": "P02"}),
              lambda g: Take(0, "goat"))


def _legal_cells(game) -> FrozenSet[Cell]:
    return frozenset(game.legal_placements())


def _empty_near(game, steps, inside: bool = True) -> FrozenSet[Cell]:
    """Empty cells one of ``steps`` from a card of the mover's forest (and inside its bounds)."""
    f = game.forest(game.current_player)
    laid = {pc.cell for pc in f.cards()}
    return frozenset(c for x, y in laid for dx, dy in steps
                     if (c := (x + dx, y + dy)) not in laid and (f.fits(c) or not inside))


def _why(game, cell: Cell, rotation: int = 0) -> str:
    """Why the engine refuses the card in hand on ``cell`` turned ``rotation``, in its words."""
    reason = game.explain(Place(game.current_player, cell[0], cell[1], rotation))
    return reason.split(": ", 1)[-1].split(" [")[0]


def _where_explain(game) -> str:
    legal = _legal_cells(game)
    out = [f"The card may go on {_cells_text(legal)}."]
    for cell in sorted((_empty_near(game, _ALL_STEPS) | _empty_near(game, _SIDE_STEPS, inside=False)) - legal,
                       key=lambda c: (c[1], c[0]))[:2]:
        out.append(f"Not {_cells_text([cell])}: {_why(game, cell)}.")
    return " ".join(out)


def _where_exercise(ex_id: str, title: str, question: str, rules: Tuple[str, ...], build: Callable,
                    hints: Tuple[str, str], mistakes: Tuple[Mistake, ...], notes=None) -> Exercise:
    """A "which cells may this card go on?" exercise on the mover's forest."""
    def seat(g) -> int:
        return g.current_player

    return Exercise(
        id=ex_id, title=title, question=question, rules=rules, build=build, solve=_legal_cells, answer=CELLS,
        hints=hints, explain=_where_explain,
        picture=lambda g: _forest_picture(g, seat(g), axes=True, hand=g.held_card, cells=True),
        solution_picture=lambda g: _forest_picture(g, seat(g), axes=True, hand=g.held_card,
                                                   highlights=tuple(_legal_cells(g))),
        click=_click_cell(seat), spoilers=lambda g: [_cells_text(_legal_cells(g)), "may go here"],
        mistakes=mistakes, notes=notes or {})


WHERE_CAN_IT_GO = _where_exercise(
    "forest.where-can-it-go", "Where may this card go?",
    "Red has taken the goat's card (in hand, right). On which cells may Red lay it? Click them, or type them as "
    "(column, row) with the numbers along the picture's edges.",
    ("forest.place.adjacent", "forest.place.4x4"), WHERE,
    ("A new card must share a whole side with a card of the forest.",
     "And afterwards the whole forest must still fit in a 4 × 4 square: count the columns it would span."),
    (Mistake("diagonal", lambda g: _legal_cells(g) | _empty_near(g, _ALL_STEPS),
             "a cell that only touches the forest at a corner is not next to it: a card must share a side"),
     Mistake("beyond-the-square", lambda g: _empty_near(g, _SIDE_STEPS, inside=False),
             "some of those cells would make the forest 5 cards wide; it must fit a 4 × 4 square",
             "forest.place.4x4")),
)

DEAD_END_POS = _then(_scenario(["A07@0,0r90 P01@1,0r0", "A02@0,0r90 P02@1,0r0"],
                               {"rabbit": "A05", "rooster": "P12", "armadillo": "P35", "goat": "P10"}),
                     lambda g: Take(0, "armadillo"))
RIGHT_OF_PATH = (2, 0)


def _turns_at(game, cell: Cell) -> FrozenSet[str]:
    return frozenset(f"{r}°" for r in game.legal_placements().get(cell, ()))


def _turns_joining(game, cell: Cell) -> FrozenSet[str]:
    """The turns of the card in hand with a path end on every side where a neighbour's path ends."""
    f = game.forest(game.current_player)
    facing = set()
    for k, (dx, dy) in enumerate(_SIDE_STEPS):
        nb = f.at((cell[0] + dx, cell[1] + dy))
        if nb and EDGES[(k + 2) % 4] in _ends(game.catalogue, nb.card, nb.rotation) | _animal_exit(game, nb):
            facing.add(EDGES[k])
    return frozenset(f"{r}°" for r in ROTATIONS if facing <= _ends(game.catalogue, game.held_card, r))


def _animal_exit(game, placed) -> FrozenSet[str]:
    return frozenset(a for a, b, _ in game.catalogue.segments(placed.card, placed.rotation) if b == "den")


def _turns_exercise(ex_id: str, title: str, question: str, rules: Tuple[str, ...], build: Callable, cell: Cell,
                    hints: Tuple[str, str], explain: Callable, mistakes: Tuple[Mistake, ...],
                    kit_ruling: bool = False, notes=None) -> Exercise:
    """A "which turns may the card in hand take on this cell?" exercise: the forest and, below it,
    the card in its four turns to click."""
    def picture(g, allowed=None):
        marks = dict(cells=True, rings=True, score=True) if allowed is None else dict(highlights=(cell,))
        forest_pic = _forest_picture(g, g.current_player, **marks)
        turns = _turns_picture(g.catalogue, g.held_card, allowed=allowed)
        return _beside((f"{_name(g, g.current_player)}'s forest", forest_pic), ("The card in hand", turns))

    return Exercise(
        id=ex_id, title=title, question=question, rules=rules, build=build,
        solve=lambda g: _turns_at(g, cell), answer=TURNS, hints=hints, explain=explain, picture=picture,
        solution_picture=lambda g: picture(g, allowed=[int(t[:-1]) for t in _turns_at(g, cell)]),
        click=_click_word("turn", words=TURN_WORDS),
        spoilers=lambda g: [TURNS.show(_turns_at(g, cell)), "legal turns"],
        mistakes=mistakes, kit_ruling=kit_ruling, notes=notes or {})


DEAD_END = _turns_exercise(
    "forest.dead-end", "Dead ends are fine",
    "Red has taken path card P35: one path that stops in a dead end. Red wants it on the cell right of the "
    "straight path card, at the end of the Beaver's path. In which turns may Red lay it there? Click the turns "
    "below the forest, or type them (0, 90, 180, 270).",
    ("forest.place.free-paths", "forest.place.rotation"), DEAD_END_POS, RIGHT_OF_PATH,
    ("Must a path carry on onto the new card?",
     "Paths need not join up, and a path may end in a dead end: any turn that keeps two animals off one path "
     "is fine."),
    lambda g: (f"Every turn is allowed there ({TURNS.show(_turns_at(g, RIGHT_OF_PATH))}): the Beaver's path may "
               f"run into the dead end or simply stop at the card's edge, since paths need not continue."),
    (Mistake("path-must-continue", lambda g: _turns_joining(g, RIGHT_OF_PATH),
             "the path need not carry on onto the new card: a card may turn its back on a path"),),
)

GAP = _then(_scenario(["A01@0,0r90 P11@0,1r0 P12@1,1r0 P13@2,1r0 A02@2,0r270",
                       "A03@0,0r0 P03@1,0r0 P04@2,0r0 P05@3,0r0 P06@3,1r0"],
                      {"rabbit": "A06", "rooster": "P09", "armadillo": "P01", "goat": "P02"}),
            lambda g: Take(0, "rabbit"))
GAP_CELL = (1, 0)


def _gap_explain(g) -> str:
    bad = [r for r in ROTATIONS if f"{r}°" not in _turns_at(g, GAP_CELL)]
    reasons = "; ".join(f"{r}°: {_why(g, GAP_CELL, r)}" for r in bad[:2])
    return (f"In the gap the Hedgehog may be turned {TURNS.show(_turns_at(g, GAP_CELL))}, so that its path "
            f"leaves away from the Fox's and the Badger's paths. {reasons}.")


WHICH_TURNS = _turns_exercise(
    "forest.which-turns", "Which turns are allowed?",
    "Red has taken the rabbit's card, the Hedgehog, and wants it in the gap between the Fox and the Badger. "
    "In which turns may Red lay it there? Click the turns below the forest, or type them (0, 90, 180, 270).",
    ("forest.place.one-animal-per-path", "forest.place.rotation"), GAP, GAP_CELL,
    ("An animal card can be turned too: its path stub points the way it is turned.",
     "The Fox's and the Badger's paths both end at the gap. A turn that points the Hedgehog's stub onto one of "
     "them puts two animals on one path."),
    _gap_explain,
    (Mistake("every-turn", lambda g: frozenset(f"{r}°" for r in ROTATIONS),
             "some turns point the Hedgehog's path onto the Fox's or the Badger's: two animals may never share a "
             "path"),),
)

FORCED_RED = " ".join(["P01@0,0r0 A01@1,0r180 P02@2,0r0 P03@3,0r0", "A02@0,1r90 A03@2,1r270 P04@3,1r0",
                       "P05@0,2r0 A04@1,2r0 P06@2,2r0 P07@3,2r0", "P08@0,3r0 P09@1,3r0 P10@2,3r0 P11@3,3r0"])
FORCED_BLUE = _rows(["A06", "P14", "P15", "P16", "P17", "P18", "P19", "P20", "P21", "P22", "P23", "P24", "P26",
                     "P27", "P29"])
FORCED_MARKET = {"rabbit": "A05", "rooster": "P13", "armadillo": "P25", "goat": "P12"}
HOLE = (1, 1)
FORCED = _then(_scenario([FORCED_RED, FORCED_BLUE], FORCED_MARKET), lambda g: Take(0, "rooster"))


def _forced_turns(game) -> int:
    return len(game.legal_placements().get(HOLE, ()))


def _normal_turns(game) -> int:
    card = game.catalogue.card(game.held_card).index
    return len(game.forest(game.current_player).legal_turns(HOLE, card))


FORCED_PLACEMENT = Exercise(
    id="forest.forced", title="Forced placement (kit ruling)",
    question="Kit ruling K13. Red's forest has one empty cell left, and four animal paths end at it: no card on "
             "the board fits there without putting two animals on one path. Red has taken the rooster's card "
             "anyway. In how many of its four turns may Red lay it in the empty cell?",
    rules=("forest.place.forced",), build=FORCED, solve=_forced_turns, answer=_count("turns", high=4),
    hints=("When no card fits anywhere, the game does not stop and nobody skips a turn.",
           "The kit's ruling: the player takes any card and lays it next to the forest, inside the square, "
           "ignoring the one-animal-per-path rule for this card."),
    explain=lambda g: (f"{_said(g.log, 'forest.place.forced')} So all {_forced_turns(g)} turns are "
                       f"allowed; the animals now sharing a path are sorted out by the clean-up at the end."),
    picture=lambda g: _forest_picture(g, 0, hand=g.held_card, cells=True, rings=True, score=True),
    solution_picture=lambda g: _beside(("Red's forest", _forest_picture(g, 0, highlights=(HOLE,))),
                                       ("The card in hand", _turns_picture(g.catalogue, g.held_card,
                                                                           allowed=ROTATIONS))),
    spoilers=lambda g: ["forced placement", "any turn"],
    mistakes=(
        Mistake("one-animal-rule-still", _normal_turns,
                "with no card that fits, the one-animal-per-path rule is set aside for this card (kit ruling "
                "K13): it may go in any turn"),
    ),
    kit_ruling=True,
    notes={"ruling": "K13: forced placement when no card fits; the end-of-game clean-up then applies."},
)


# =========================================================================================================
# The round and the advisors
# =========================================================================================================

THREE = _scenario(["A01@0,0r0", "A02@0,0r0", "A03@0,0r0"], MARKET, pawn=0)


def _choices_left(game) -> FrozenSet[str]:
    twin, _ = _after(game, "rooster", "goat")
    return frozenset(m.slot for m in twin.legal_moves())


def _market_hits(slots: Iterable[str]) -> List[str]:
    return [f"market:{s}" for s in slots]


NO_REFILL = Exercise(
    id="forest.no-refill", title="Taken cards are not replaced",
    question="Round 1 begins (the picture). Red takes the rooster's card, then Blue takes the goat's card. Which "
             "cards can Green choose from? Click them on the board, or type the advisors (e.g. rabbit, goat).",
    rules=("forest.turn.no-refill", "forest.turn.take"), build=THREE, solve=_choices_left, answer=ADVISORS,
    hints=("Does a new card appear under an advisor as soon as its card is taken?",
           "The board is only refilled when the round is over; during the round each taken card leaves a gap."),
    explain=lambda g: (f"{_said(_after(g, 'rooster', 'goat')[1], 'forest.turn.take')} Nothing is refilled "
                       f"during the round, so Green chooses between the cards under "
                       f"{_advisors_text(_choices_left(g))}."),
    picture=lambda g: _market_picture(g, frames=True),
    solution_picture=lambda g: _marked(_market_picture(g), _market_hits(_choices_left(g))),
    click=_click_word("market"),
    mistakes=(
        Mistake("refilled", lambda g: frozenset(SLOTS),
                "a taken card is not replaced during the round: the board is refilled only when the round ends"),
        Mistake("forgot-blue", lambda g: frozenset(SLOTS) - {"rooster"},
                "Blue took the goat's card before Green's turn"),
    ),
)

MID_ROUND = _scenario(["A01@0,0r90 P12@1,0r0", "A02@0,0r90"],
                      {"rabbit": "A05", "rooster": None, "armadillo": "P11", "goat": "P10"},
                      pawn=0, round_start=0, picks_done=1)


def _discarded_after(game, *turns) -> int:
    twin, _ = _after(game, *turns)
    return len(twin.discard_pile) - len(game.discard_pile)


LEFTOVERS = Exercise(
    id="forest.leftovers", title="Cards left over",
    question="Red has already taken the rooster's card this round. Now Blue takes the goat's card, and the round "
             "ends. How many cards are discarded?",
    rules=("forest.round.leftovers",), build=MID_ROUND, solve=lambda g: _discarded_after(g, "goat"),
    answer=_count("cards", high=4),
    hints=("With 2 players, how many of the four cards are taken in a round?",
           "Cards nobody took do not wait for the next round."),
    explain=lambda g: _said(_after(g, "goat")[1], "forest.round.leftovers"),
    picture=lambda g: _market_picture(g, hide=("Discarded",)),
    solution_picture=lambda g: _marked(_market_picture(g), _market_hits(
        s for s, c in g.market.items() if c and s != "goat"), "✗"),
    spoilers=lambda g: [f"Discarded: {len(g.discard_pile) + _discarded_after(g, 'goat')}"],
    mistakes=(
        Mistake("kept-for-next-round", lambda g: 0,
                "cards nobody took do not stay for the next round: they are discarded and the board is refilled"),
        Mistake("counted-blues-card", lambda g: _discarded_after(g, "goat") + 1,
                "the goat's card goes into Blue's forest; only the cards nobody took are discarded"),
    ),
)


def _path_slots_refilled(game) -> FrozenSet[str]:
    twin, _ = _after(game, "goat")
    return frozenset(s for s, c in twin.market.items() if c and twin.card(c).kind == "path")


MARKET_EXERCISE = Exercise(
    id="forest.market", title="The new market",
    question="Red has already taken the rooster's card this round. Blue takes the goat's card and the round ends. "
             "Which advisors then get a new card from the path deck? Click them, or type them.",
    rules=("forest.round.market", "forest.setup.decks"), build=MID_ROUND, solve=_path_slots_refilled,
    answer=ADVISORS,
    hints=("At the start of each round there are four cards again: what kind of card goes under each advisor?",
           "The leftovers are discarded, so every advisor gets a new card: the rabbit from the animal deck, the "
           "others from the path deck."),
    explain=lambda g: (f"The cards left over are discarded and every advisor gets a new card: "
                       f"{_advisors_text(_path_slots_refilled(g))} from the path deck, the rabbit from the animal "
                       f"deck. {_said(_after(g, 'goat')[1], 'forest.round.market')}"),
    picture=lambda g: _market_picture(g),
    solution_picture=lambda g: _marked(_market_picture(_after(g, "goat")[0]), _market_hits(_path_slots_refilled(g))),
    click=_click_word("market"),
    mistakes=(
        Mistake("only-the-gaps", lambda g: frozenset(s for s, c in g.market.items() if c is None) | {"goat"},
                "the cards left over are discarded too, so the armadillo gets a new card as well",
                "forest.round.leftovers"),
        Mistake("one-deck", lambda g: frozenset(SLOTS),
                "the rabbit's card always comes from the animal deck; the path deck fills the other three"),
    ),
)

ROOSTER_POS = _scenario(["A01@0,0r0", "A02@0,0r0", "A03@0,0r0"], MARKET, pawn=2)
ROOSTER_STORY = ("goat", "rabbit", "rooster")


def _next_first(game, *turns) -> str:
    twin, _ = _after(game, *turns)
    return _name(twin, twin.round_order[0])


PLAYERS3 = answers.choice(_player_words(3), example="Red")
PLAYERS2 = answers.choice(_player_words(2), example="Red")

ROOSTER = Exercise(
    id="forest.rooster", title="The rooster's pawn",
    question="Green holds the 1st Player pawn and opens this round. Green takes the goat's card, Red the rabbit's "
             "card, and Blue the rooster's card. Who takes the first card of the next round?",
    rules=("forest.advisor.rooster", "forest.round.order"), build=ROOSTER_POS,
    solve=lambda g: _next_first(g, *ROOSTER_STORY), answer=PLAYERS3,
    hints=("What else comes with the rooster's card?",
           "Whoever takes the rooster's card takes the 1st Player pawn, and the pawn holder opens the next round."),
    explain=lambda g: (f"{_said(_after(g, *ROOSTER_STORY)[1], 'forest.advisor.rooster')} "
                       f"{_said(_after(g, *ROOSTER_STORY)[1][-1:], 'forest.round.order')}"),
    picture=lambda g: _seating(g), click=_click_word("player"),
    solution_picture=lambda g: _seating(_after(g, *ROOSTER_STORY)[0], marked=[_next_first(g, *ROOSTER_STORY)]),
    mistakes=(
        Mistake("old-holder", lambda g: _name(g, g.pawn),
                "Green held the pawn this round, but Blue took it with the rooster's card"),
        Mistake("passed-clockwise", lambda g: _name(g, (g.pawn + 1) % g.players),
                "the pawn does not travel round the table by itself: it goes with the rooster's card"),
    ),
)

UNTAKEN_POS = _scenario(["A01@0,0r90", "A02@0,0r90 P10@1,0r0"],
                        {"rabbit": "A05", "rooster": "P12", "armadillo": "P11", "goat": None},
                        pawn=1, round_start=1, picks_done=1)

ROOSTER_UNTAKEN = Exercise(
    id="forest.rooster-untaken", title="Nobody takes the rooster",
    question="Blue holds the 1st Player pawn and has taken the goat's card. Red takes the armadillo's card, and "
             "the round ends with the rooster's card still on the board. Who takes the first card of the next "
             "round?",
    rules=("forest.advisor.rooster-untaken", "forest.round.order"), build=UNTAKEN_POS,
    solve=lambda g: _next_first(g, "armadillo"), answer=PLAYERS2,
    hints=("Does the pawn move on by itself at the end of a round?",
           "The pawn only changes hands with the rooster's card."),
    explain=lambda g: _said(_after(g, "armadillo")[1], "forest.advisor.rooster-untaken") + " " +
    _said(_after(g, "armadillo")[1][-1:], "forest.round.order"),
    picture=lambda g: _seating(g), click=_click_word("player"),
    solution_picture=lambda g: _seating(_after(g, "armadillo")[0], marked=[_next_first(g, "armadillo")]),
    mistakes=(
        Mistake("passes-on", lambda g: _name(g, 1 - g.pawn),
                "the pawn does not pass on by itself: nobody took the rooster's card, so it stays with Blue"),
    ),
)

LAIR_POS = _scenario(["A01@0,0r90[lair=1] P09@1,0r0", "A02@0,0r90 P07@1,0r0"], MARKET)


def _storage_after(game) -> int:
    twin, _ = _after(game, "armadillo")
    return twin.score_breakdown(0).animal((0, 0)).storage


LAIR_STACK = Exercise(
    id="forest.lair-stack", title="Lair tokens stack",
    question="Red's Fox already carries a lair token. Red takes the armadillo's card and lays it; the new lair "
             "token goes on the Fox, Red's only animal. How many foods can the Fox store now?",
    rules=("forest.advisor.armadillo", "forest.advisor.armadillo-stack", "forest.score.capacity"),
    build=LAIR_POS, solve=_storage_after, answer=_count("foods", high=20),
    hints=("The number by the square on the Fox's card is its printed storage.",
           "Each lair token adds 1 storage, and an animal may carry as many as it gets."),
    explain=lambda g: _said(_after(g, "armadillo")[1], "forest.advisor.armadillo"),
    picture=lambda g: _forest_picture(g, 0),
    mistakes=(
        Mistake("forgot-new-token", lambda g: _storage_after(g) - 1,
                "the armadillo's token goes on the Fox as well: an animal may carry any number of lair tokens",
                "forest.advisor.armadillo-stack"),
        Mistake("printed-only", lambda g: g.card("A01").capacity,
                "that is the printed storage; each lair token on the Fox adds 1", "forest.score.capacity"),
    ),
)

GOAT_POS = _scenario(["A01@0,0r90[water=egg] P09@1,0r0", "A02@0,0r90 P07@1,0r0"], MARKET)


def _free_corners(game) -> FrozenSet[str]:
    twin = game.copy()
    twin.play(Take(0, "goat"))
    twin.play(twin.legal_moves()[0])
    return frozenset(m.food for m in twin.legal_moves()) if twin.phase is Phase.WATER else frozenset()


GOAT_CORNERS = Exercise(
    id="forest.goat-corners", title="Where the water drop goes",
    question="Red takes the goat's card and lays it. On which food corners of the Fox may Red put the water drop? "
             "Click the corners, or type the foods.",
    rules=("forest.advisor.goat", "forest.advisor.goat-corner-limit"), build=GOAT_POS, solve=_free_corners,
    answer=FOOD_CORNERS,
    hints=("The drop goes on one of the four food corners of an animal. Look at what the Fox already has.",
           "A corner holds at most one water drop; any free corner will do, even a food worth 0."),
    explain=lambda g: (f"The Fox's egg corner already has a drop and a corner holds only one; the drop may go on "
                       f"the {FOOD_CORNERS.show(_free_corners(g))} corner."),
    picture=lambda g: _forest_picture(g, 0, rings=True, score=True),
    solution_picture=lambda g: _marked(_forest_picture(g, 0), [f"corner:0:0:0:{f}" for f in _free_corners(g)]),
    click=_click_word("corner", 3),
    mistakes=(
        Mistake("every-corner", lambda g: frozenset(FOODS),
                "the egg corner already has a water drop, and a corner holds at most one",
                "forest.advisor.goat-corner-limit"),
        Mistake("liked-foods-only", lambda g: frozenset(f for f in FOODS if g.card("A01").value(f)) - {"egg"},
                "the drop may also go on a food the Fox does not like (worth 0 to it), which makes it worth 1"),
    ),
)

NO_CORNER_POS = _scenario(["A01@0,0r90[water=berry,worm,egg,nut] P09@1,0r0", "A02@0,0r90 P07@1,0r0"], MARKET)
WHERE_WORDS = {"supply": "the supply", "the supply": "the supply", "back to the supply": "the supply",
               "discard": "the discard pile", "discarded": "the discard pile", "the discard pile": "the discard pile",
               "discard pile": "the discard pile", "thrown away": "the discard pile",
               **{f: f"the {f} corner" for f in FOODS}, **{f"{f} corner": f"the {f} corner" for f in FOODS},
               **{f"the {f} corner": f"the {f} corner" for f in FOODS},
               **{p: f"the {f} corner" for f, p in zip(FOODS, FOOD_PLURALS)}}
WHERE_DROP = answers.choice(WHERE_WORDS, example="the supply")


def _drop_goes(game) -> str:
    twin, events = _after(game, "goat")
    for f in FOODS:
        if f in twin.forest(0).water((0, 0)) and f not in game.forest(0).water((0, 0)):
            return f"the {f} corner"
    if twin.tokens["water"] == game.tokens["water"]:
        return "the supply"
    return "the discard pile"


def _supply_boxes(game) -> Scene:
    sc = Scene(200, 190, background="#ffffff", title="the supply and the discard pile")
    for i, (hit, label, sub) in enumerate((("supply", "The supply", f"{game.tokens['water']} water drops"),
                                           ("discard", "The discard pile", "cards out of the game"))):
        y = 10 + i * 92
        sc.add(rect(6, y, 188, 80, fill="#fffdf6", stroke="#c9c3b2", width=1.5, radius=8, hit=hit, title=label),
               text(100, y + 28, label, size=16, bold=True, fill="#333333"),
               text(100, y + 54, sub, size=13, fill="#444444"))
    return sc


def _no_corner_picture(game) -> Scene:
    return _beside(("Red's forest", _forest_scene(game, 0, rings=True, score=True)),
                   ("", _supply_boxes(game)))


GOAT_NO_CORNER = Exercise(
    id="forest.goat-no-corner", title="No free corner",
    question="Red's only animal, the Fox, already has a water drop on all four food corners. Red takes the goat's "
             "card. Where does its water drop go? Click it, or type it (e.g. the supply, or a food corner).",
    rules=("forest.advisor.goat-no-corner", "forest.setup.supply"), build=NO_CORNER_POS, solve=_drop_goes,
    answer=WHERE_DROP,
    hints=("Can a corner hold two drops?",
           "Red still takes the card and lays it; the drop that has nowhere to go is not lost."),
    explain=lambda g: _said(_after(g, "goat")[1], "forest.advisor.goat-no-corner"),
    picture=_no_corner_picture,
    solution_picture=lambda g: _marked(_no_corner_picture(g), [_drop_goes(g).split()[-1]]),
    click=lambda g, hit: {"supply": "the supply", "discard": "the discard pile"}.get(hit or "") or
    _click_word("corner", 3, {f: f"the {f} corner" for f in FOODS})(g, hit),
    mistakes=(
        Mistake("second-drop", lambda g: "the egg corner",
                "the egg corner already has a drop, and a corner holds at most one",
                "forest.advisor.goat-corner-limit"),
        Mistake("thrown-away", lambda g: "the discard pile",
                "tokens are never discarded: the drop goes back to the supply for later"),
    ),
)

RABBIT_RED = _rows(["A01", "P01", "P02", "P03", "A02", "P04", "P05", "P06", "P07", "P08", "P09", "P10", "P11",
                    "P12"])
RABBIT_BLUE = _rows(["A03", "P13", "P14", "P15", "P16", "P17", "P18", "P19", "P20", "P21", "P22", "P23", "P24",
                     "P26"])
RABBIT_POS = _scenario([RABBIT_RED, RABBIT_BLUE], {"rabbit": "A05", "rooster": "P27", "armadillo": "P28",
                                                   "goat": "P29"}, pawn=0)


def _animals_at_end(game) -> int:
    """Play the game out with Red taking the rabbit's card whenever it may, Blue never."""
    twin = game.copy()
    while not twin.is_over:
        p = twin.current_player
        if twin.phase is Phase.TAKE:
            takes = [m for m in twin.legal_moves() if (m.slot == "rabbit") == (p == 0)] or twin.legal_moves()
            twin.play(takes[0])
        else:
            twin.play(twin.legal_moves()[0])
    return len(twin.forest(0).animal_cells())


def _rounds_left(game) -> int:
    return game.total_rounds - game.round + 1


RABBIT = Exercise(
    id="forest.rabbit", title="More animals",
    question="Red's forest has two animals and two empty cells; two rounds are left, this one included. Red "
             "takes the rabbit's card in both. How many animals will Red's forest hold at the end of the game?",
    rules=("forest.advisor.rabbit",), build=RABBIT_POS, solve=_animals_at_end, answer=_count("animals", high=16),
    hints=("Which advisor's card is always an animal card?",
           "The rabbit's card is an animal card, one per round; it is the only way to gain animals."),
    explain=lambda g: (f"Each round the rabbit's card is an animal card, the only way to gain one: Red's "
                       f"{len(g.forest(0).animal_cells())} animals plus one per round for {_rounds_left(g)} "
                       f"rounds make {_animals_at_end(g)}."),
    picture=lambda g: _forest_picture(g, 0),
    mistakes=(
        Mistake("forgot-own-animals", lambda g: _animals_at_end(g) - len(g.forest(0).animal_cells()),
                "Red's forest already holds animals: count those too"),
        Mistake("forgot-this-round", lambda g: _animals_at_end(g) - 1,
                "this round counts too: Red takes the rabbit's card now as well", "forest.end.trigger"),
    ),
)


# =========================================================================================================
# Scoring
# =========================================================================================================

def _animal(game, cell: Cell, seat: int = 0):
    return game.score_breakdown(seat).animal(cell)


def _score_exercise(ex_id: str, title: str, question: str, rules: Tuple[str, ...], build: Callable,
                    solve: Callable, hints: Tuple[str, str], explain: Callable, mistakes: Tuple[Mistake, ...],
                    seat: int = 0, **extra) -> Exercise:
    """A "how many points?" exercise on one forest: no scores or rings in the picture."""
    return Exercise(
        id=ex_id, title=title, question=question, rules=rules, build=build, solve=solve, answer=_count(),
        hints=hints, explain=explain,
        picture=lambda g: _forest_picture(g, seat, rings=True, score=True),
        solution_picture=lambda g: _captioned(_forest_picture(g, seat), f"Answer: {solve(g)} points"),
        spoilers=lambda g: _score_spoilers(solve(g)),
        mistakes=mistakes, **extra)


QUIZ_FOX = (0, 0)
FOOD_POINTS = _score_exercise(
    "forest.food-points", "Food points",
    "How many points does the Fox score for the foods it stores? (Only the foods: not its own points.)",
    ("forest.score.collect-first", "forest.score.capacity", "forest.score.food-value"),
    _scenario(["A01@0,0r90[lair=1;water=egg] P09@1,0r0 P07@2,0r0", "A02@0,0r0 P40@1,0r0 P41@2,0r0"], pawn=1),
    lambda g: _animal(g, QUIZ_FOX).food_points,
    ("How many foods can the Fox store? Its printed storage, plus its lair token.",
     "It stores the first foods it meets, whatever they are worth; each scores the Fox's value for it, +1 "
     "with a water drop on that corner."),
    lambda g: f"{_animal(g, QUIZ_FOX)}.",
    (Mistake("forgot-water", lambda g: _misread_food(_animal(g, QUIZ_FOX))["no-water"],
             "the water drop on the egg corner makes each egg worth 1 more", "forest.score.food-value"),
     Mistake("forgot-lair", lambda g: _misread_food(_animal(g, QUIZ_FOX))["no-lair"],
             "the lair token lets the Fox store one more food", "forest.score.capacity"),
     Mistake("beyond-storage", lambda g: _misread_food(_animal(g, QUIZ_FOX))["everything"],
             "the Fox stores only as many foods as its storage; the rest of the path scores nothing",
             "forest.score.collect-first"),
     Mistake("added-own-points", lambda g: _animal(g, QUIZ_FOX).total,
             "that adds the Fox's own points; only the food points are asked", "forest.score.own-points")),
)

TOTAL_FOX = (0, 1)
ANIMAL_TOTAL = _score_exercise(
    "forest.animal-total", "An animal's total",
    "What does the Fox score in all: its stored foods and its own points?",
    ("forest.score.own-points", "forest.score.food-value", "forest.score.capacity"),
    _scenario(["A01@0,1r0[lair=2;water=egg,worm] P16@0,0r0 P06@1,0r0 P22@2,0r90",
               "A02@0,0r0 P01@1,0r0 P02@2,0r0 P03@3,0r0"], pawn=1),
    lambda g: _animal(g, TOTAL_FOX).total,
    ("Two lair tokens and two water drops sit on the Fox: what does each change?",
     "Storage 3 + 2 lair tokens; eggs and worms are each worth 1 more; then add the number in the Fox's den."),
    lambda g: f"{_animal(g, TOTAL_FOX)}.",
    (Mistake("forgot-own-points", lambda g: _animal(g, TOTAL_FOX).food_points,
             "the Fox also scores its own points, the number in its den"),
     Mistake("forgot-water", lambda g: _misread_total(_animal(g, TOTAL_FOX), "no-water"),
             "the water drops make eggs and worms worth 1 more each to the Fox", "forest.score.food-value"),
     Mistake("forgot-lair", lambda g: _misread_total(_animal(g, TOTAL_FOX), "no-lair"),
             "the two lair tokens let the Fox store two more foods", "forest.score.capacity")),
)

TRACK_RED = " ".join(["P16@0,0r0 P06@1,0r0 P22@2,0r90 P08@3,0r0",
                      "A01@0,1r0[lair=2;water=egg,worm] A04@1,1r90 P07@2,1r0 P14@3,1r90",
                      "A03@0,2r180[water=worm] P05@1,2r0 A02@2,2r90 P28@3,2r180",
                      "P24@0,3r270 P10@1,3r0 P38@2,3r0 P39@3,3r90"])
TRACK_BLUE = _rows(["A05", "P01", "P02", "P03", "P04", "P09", "P11", "P12", "P13", "P15", "P17", "P18", "P19",
                    "P20", "P21", "P23"])


def _total(game, seat: int = 0) -> int:
    return game.score_breakdown(seat).total


SCORE_TRACK = _score_exercise(
    "forest.score-track", "The score track",
    "The game is over. Red counts the forest animal by animal and moves the score marker along the score track. "
    "On which number does Red's marker stop?",
    ("forest.score.rooster-point", "forest.score.own-points", "forest.score.food-value"),
    _scenario([TRACK_RED, TRACK_BLUE], pawn=0),
    _total,
    ("Score each animal on its own: its stored foods, then its own points. Then look for the ★.",
     "Red ends the game holding the 1st Player pawn: that is 1 more point."),
    lambda g: str(g.score_breakdown(0)).replace("\n", "; ") + ".",
    (Mistake("forgot-rooster-point", lambda g: _total(g) - g.score_breakdown(0).pawn_point,
             "Red holds the 1st Player pawn at the end: 1 more point", "forest.score.rooster-point"),
     Mistake("forgot-own-points", lambda g: _total(g) - g.score_breakdown(0).animal_points,
             "every animal also scores its own points, the number in its den", "forest.score.own-points"),
     Mistake("forgot-tokens", lambda g: _misread_forest(g, 0, "no-water"),
             "that leaves out the tokens: each water drop makes its food worth 1 more to that animal, and each "
             "lair token lets it store one more food", "forest.score.food-value")),
    notes={"source": "the rulebook's scoring example: 6 + 4 + 10 + 4, animals 7, pawn 1"},
)


# =========================================================================================================
# The end of the game
# =========================================================================================================

END_RED = _rows(["A01", "P01", "P02", "P03", "A02", "P04", "P05", "P06", "P07", "P08", "P09", "P10", "P11"])
END_BLUE = _rows(["A03", "P13", "P14", "P15", "P16", "P17", "P18", "P19", "P20", "P21", "P22", "P23", "P24"])


def _rounds_to_end(game) -> int:
    twin, start = game.copy(), game.round
    while not twin.is_over:
        twin.play(twin.legal_moves()[0])
    return twin.round - start + 1


GAME_END = Exercise(
    id="forest.game-end", title="When does the game end?",
    question="Count the cards in the two forests. A new round begins now. How many more rounds will be played, "
             "this one included?",
    rules=("forest.end.trigger",), build=_scenario([END_RED, END_BLUE],
                                                              {"rabbit": "A05", "rooster": "P26", "armadillo": "P27",
                                                               "goat": "P28"}),
    solve=_rounds_to_end, answer=_count("rounds", high=16),
    hints=("Each round, each forest gains one card. How many cards does a finished forest hold?",
           "The game ends once every forest fills its 4 × 4 square."),
    explain=lambda g: (f"Each forest holds {g.forest(0).size} cards and gains one a round; the game ends once "
                       f"every forest holds {g.forest(0).capacity}, so {_rounds_to_end(g)} more rounds."),
    picture=lambda g: _forests_picture(g, counts=True),
    spoilers=lambda g: [f"Round {g.round}", f"{g.forest(0).size}/{g.forest(0).capacity}"],
    mistakes=(
        Mistake("forgot-this-round", lambda g: _rounds_to_end(g) - 1, "this round counts too"),
        Mistake("sixteen-rounds", lambda g: _rounds_to_end(g) + 1,
                "each forest's first card was dealt at the start, not taken in a round"),
    ),
)

CLEANUP_POS = _then(_scenario([FORCED_RED, FORCED_BLUE], FORCED_MARKET),
                    lambda g: Take(0, "rooster"), lambda g: Place(0, HOLE[0], HOLE[1], 90),
                    lambda g: Take(1, "armadillo"), lambda g: g.legal_moves()[0])


def _after_keep(game, keep: Cell) -> int:
    twin = game.copy()
    twin.play(Keep(0, keep[0], keep[1]))
    while not twin.is_over:
        twin.play(twin.legal_moves()[0])
    return twin.scores()[0]


def _best_keep(game) -> int:
    return max(_after_keep(game, c) for c in game.shared_path_to_clean())


def _no_cleanup(game) -> int:
    f = game.forest(0)
    return sum(animal_score(f, c).total for c in f.animal_cells()) + game.score_breakdown(0).pawn_point


def _sharing(game) -> str:
    return " and ".join(game.card(game.forest(0).at(c).card).name for c in game.shared_path_to_clean())


CLEANUP = _score_exercise(
    "forest.cleanup", "The clean-up at the end",
    "The last card made the forests complete, so the game ends. A forced placement had left two of Red's animals "
    "on one path (kit ruling K13). Red keeps the one that scores more. What is Red's final total?",
    ("forest.end.shared-path-cleanup",), CLEANUP_POS, _best_keep,
    ("Before scoring, two animals may not share a path. Which two are they, and what happens to one of them?",
     "Red keeps one and discards the other, which scores nothing at all. Work out both ways and keep the better."),
    lambda g: (f"The {_sharing(g)} share a path. Keeping one gives "
               + " or ".join(str(_after_keep(g, c)) for c in g.shared_path_to_clean())
               + f" points, so Red keeps the better and ends on {_best_keep(g)}."),
    (Mistake("no-clean-up", _no_cleanup,
             "two animals on one path may not both score: the player keeps one and discards the other"),
     Mistake("kept-the-other", lambda g: min(_after_keep(g, c) for c in g.shared_path_to_clean()),
             "that keeps the animal that scores less; keep the better one")),
    notes={"ruling": "the shared path comes from a forced placement (kit ruling K13)."},
)

PATHS = [f"P{i:02d}" for i in range(1, 46)]
TIE = _scenario([_rows(["A11"] + PATHS[0:15]), _rows(["A05"] + PATHS[15:30]), _rows(["A12"] + PATHS[30:45])],
                pawn=1)


def _winner(game) -> str:
    return _name(game, game.winners()[0])


def _score_labels(game) -> Dict[str, str]:
    return {_name(game, p): f"{s} pts" for p, s in enumerate(game.scores())}


def _tied(game) -> List[int]:
    scores = game.scores()
    return [p for p, s in enumerate(scores) if s == max(scores)]


WHO_WINS = Exercise(
    id="forest.who-wins", title="Who wins?",
    question="The game is over. Each player's final score stands by their name, the 1st Player pawn's point "
             "included; Blue holds the pawn. Who wins? Click the winner, or type the name.",
    rules=("forest.end.winner", "forest.end.tie-break"), build=TIE, solve=_winner, answer=PLAYERS3,
    hints=("Highest total wins. Is there a tie?",
           "On a tie, start at the pawn holder and go clockwise: the first tied player you meet wins."),
    explain=lambda g: _said(g.log[-1:]),
    picture=lambda g: _seating(g, labels=_score_labels(g), colour="#333333"), click=_click_word("player"),
    solution_picture=lambda g: _seating(g, marked=[_winner(g)], labels=_score_labels(g), colour="#333333"),
    spoilers=lambda g: [f"{_winner(g)} wins"],
    mistakes=(
        Mistake("first-seat", lambda g: _name(g, _tied(g)[0]),
                "the tie-break does not start with Red: it starts at the pawn holder and goes clockwise",
                "forest.end.tie-break"),
        Mistake("pawn-holder", lambda g: _name(g, g.pawn),
                "the pawn breaks a tie only between the tied players: the highest total wins first",
                "forest.end.winner"),
    ),
)


# =========================================================================================================
# The advanced 2-player mode
# =========================================================================================================

def _advanced_start():
    game = new_game(players=2, seed=1, advanced=True)
    game.play(Orient(game.current_player, 90))
    return game


def _start_sides(game) -> FrozenSet[str]:
    card = game.starting_animal()[0]
    return frozenset(_animal_exit_at(game, card, m.rotation) for m in game.legal_moves())


def _animal_exit_at(game, card: str, rotation: int) -> str:
    return next(a for a, b, _ in game.catalogue.segments(card, rotation) if b == "den")


def _start_picture(game, marked=()) -> Scene:
    seat = game.current_player
    card = game.starting_animal()[0]
    return _beside((f"{_name(game, seat)}'s forest", _forest_scene(game, seat, cells=True, score=True)),
                   (f"The {game.card(card).name}", _card_picture(game.catalogue, card, 0, marked=marked,
                                                                   clickable=not marked)))


ADV_START = Exercise(
    id="forest.adv-start", title="Advanced: two starting animals",
    question="Advanced 2-player mode: each player starts with two animals side by side. Blue has laid the Magpie "
             "with its path leaving east; the Titmouse goes on the cell to its right. Which ways may Blue turn "
             "it: by which sides may the Titmouse's path leave? Click the sides, or type them.",
    rules=("forest.adv.two-animals", "forest.place.one-animal-per-path"), build=_advanced_start,
    solve=_start_sides, answer=SIDES,
    hints=("Each starting animal may be turned freely, but the usual placing rules still hold.",
           "The Magpie's path already runs to the Titmouse's cell: the Titmouse may not point its own path back "
           "into it."),
    explain=lambda g: (f"The Titmouse may leave by {SIDES.show(_start_sides(g))}; pointing west would join its "
                       f"path to the Magpie's, and two animals may never share a path."),
    picture=_start_picture,
    solution_picture=lambda g: _start_picture(g, marked=_start_sides(g)),
    click=_click_word("side"),
    mistakes=(
        Mistake("every-side", lambda g: frozenset(EDGES),
                "pointing west would put the Titmouse on the Magpie's path: two animals may never share a path",
                "forest.place.one-animal-per-path"),
    ),
    notes={"position": "new_game(players=2, seed=1, advanced=True), Blue's Magpie turned 90°"},
)


def _advanced_round():
    game = new_game(players=2, seed=1, advanced=True)
    while game.phase is Phase.ORIENT:
        game.play(game.legal_moves()[0])
    return game


PLAYER_ORDER2 = answers.words(_player_words(2), ordered=True, example="Red, Blue, Red, Blue")

ADV_ORDER = Exercise(
    id="forest.adv-order", title="Advanced: the order of picks",
    question="Advanced 2-player mode, round 1. Each player takes two cards this round. List the four picks in "
             "order, by player (e.g. Red, Blue, Red, Blue).",
    rules=("forest.adv.draft-order",), build=_advanced_round, solve=_order, answer=PLAYER_ORDER2,
    hints=("Who holds the 1st Player pawn?",
           "The players take turns: the pawn holder, the other, the pawn holder again, the other again."),
    explain=lambda g: (f"{_name(g, g.pawn)} holds the pawn, so the picks go {', '.join(_order(g))}: "
                       f"one card at a time, in turn."),
    picture=lambda g: _seating(g), click=_click_word("player"),
    solution_picture=lambda g: _seating(g, marked=_order(g)[:1], labels=_ordinals(_order(g))),
    spoilers=lambda g: [", ".join(_order(g))],
    mistakes=(
        Mistake("two-in-a-row", lambda g: tuple(sorted(_order(g), key=_order(g).index)),
                "nobody takes two cards in a row: the players alternate"),
        Mistake("one-each", lambda g: _order(g)[:2],
                "in the advanced mode each player takes two cards a round"),
    ),
)

ADV_MARKET = {"rabbit": "A05", "rooster": "P14", "armadillo": "P15", "goat": "P12"}
ADV_BLUE = "A03@0,0r0 A04@1,0r0 A06@2,0r0 A07@3,0r0 A08@4,0r0 P07@5,0r0 P08@6,0r0 P09@7,0r0"
TIMING_POS = _scenario(["A01@0,0r0 A02@1,0r0 P01@2,0r0 P02@3,0r0 P03@4,0r0 P04@5,0r0 P05@6,0r0 P06@7,0r0",
                        ADV_BLUE], ADV_MARKET, pawn=1, advanced=True)
TIMING_STORY = ("goat", "rooster")

ROOSTER_TIMING = Exercise(
    id="forest.rooster-timing", title="When the pawn changes hands",
    question="Advanced 2-player mode: Blue holds the 1st Player pawn, so the picks go Blue, Red, Blue, Red. Blue "
             "takes the goat's card, then Red takes the rooster's card (and the pawn). Who takes the third card "
             "of this round?",
    rules=("forest.advisor.rooster-timing", "forest.advisor.rooster"), build=TIMING_POS,
    solve=lambda g: _name(g, _after(g, *TIMING_STORY)[0].current_player), answer=PLAYERS2,
    hints=("Red now holds the pawn. Does that change this round, or a later one?",
           "A pawn changing hands never changes the order of the round being played."),
    explain=lambda g: _said(_after(g, *TIMING_STORY)[1], "forest.advisor.rooster"),
    picture=lambda g: _seating(g), click=_click_word("player"),
    mistakes=(
        Mistake("order-changes-now", lambda g: _name(g, 1 - g.pawn),
                "the pawn changes hands now, but the order of this round stays as it began: Red opens the next "
                "one"),
    ),
)

ADV_L_POS = _then(_scenario(["A01@1,1r0 A02@2,1r0 P01@3,1r0 P02@4,1r0 P03@1,2r90 P04@1,3r90 P05@1,4r90 "
                             "P06@2,2r0", ADV_BLUE], ADV_MARKET, advanced=True), lambda g: Take(0, "goat"))


def _fits(game, cell: Cell, width: int, height: int) -> bool:
    f = game.forest(0)
    x0, y0, x1, y1 = f.bbox()
    return max(x1, cell[0]) - min(x0, cell[0]) < width and max(y1, cell[1]) - min(y0, cell[1]) < height


ADV_WHERE = _where_exercise(
    "forest.adv-where", "Advanced: an 8 × 4 forest",
    "Advanced 2-player mode: a forest must fit in a rectangle of 8 by 4 cards, lying either way. Red has taken "
    "the goat's card. On which cells may Red lay it? Click them, or type them as (column, row) with the numbers "
    "along the picture's edges.",
    ("forest.adv.8x4", "forest.place.adjacent"), ADV_L_POS,
    ("The forest is 4 wide and 4 tall now. May it grow wider? Taller?",
     "The rectangle may lie either way: 8 wide and 4 tall, or 4 wide and 8 tall. A card still has to share a "
     "side with the forest."),
    (Mistake("still-4x4", lambda g: frozenset(c for c in _legal_cells(g) if _fits(g, c, 4, 4)),
             "in the advanced mode the forest may grow to 8 by 4 cards", "forest.adv.8x4"),
     Mistake("one-way-only", lambda g: frozenset(c for c in _legal_cells(g) if _fits(g, c, 8, 4)),
             "the 8 × 4 rectangle may lie either way: the forest may also grow taller", "forest.adv.8x4"),
     Mistake("diagonal", lambda g: _legal_cells(g) | _empty_near(g, _ALL_STEPS),
             "a cell that only touches the forest at a corner is not next to it", "forest.place.adjacent")),
)

REFILL_POS = _scenario(["A01@0,0r0 A02@1,0r0 P01@2,0r0 P02@3,0r0 P03@4,0r0 P04@5,0r0 P05@6,0r0 P06@7,0r0",
                        ADV_BLUE], ADV_MARKET, pawn=0, advanced=True)

ADV_REFILL = Exercise(
    id="forest.adv-refill", title="Advanced: nothing left over",
    question="Advanced 2-player mode, at the start of a round. When this round ends, how many of its four cards "
             "will be discarded?",
    rules=("forest.adv.refill", "forest.round.leftovers"), build=REFILL_POS,
    solve=lambda g: _discarded_after(g, None, None, None, None), answer=_count("cards", high=4),
    hints=("How many cards does each player take in an advanced round?",
           "Two players each take two cards: all four cards on the board are taken."),
    explain=lambda g: _said(_after(g, None, None, None, None)[1], "forest.adv.refill"),
    picture=lambda g: _market_picture(g, hide=("Discarded",)),
    mistakes=(
        Mistake("two-left-over", lambda g: 2,
                "that is the normal 2-player game; here each player takes two cards, so none is left over"),
    ),
)


EXERCISES: Tuple[Exercise, ...] = (
    SETUP_DECKS, FIRST_PLAYER, SUPPLY,
    TURN_A_CARD, NO_CROSSING, PATH_CARDS, FOLLOW_PATH,
    WHERE_CAN_IT_GO, DEAD_END, WHICH_TURNS, FORCED_PLACEMENT,
    NO_REFILL, LEFTOVERS, MARKET_EXERCISE, ROOSTER, ROOSTER_UNTAKEN, LAIR_STACK, GOAT_CORNERS, GOAT_NO_CORNER, RABBIT,
    FOOD_POINTS, ANIMAL_TOTAL, SCORE_TRACK,
    GAME_END, CLEANUP, WHO_WINS,
    ADV_START, ADV_ORDER, ROOSTER_TIMING, ADV_WHERE, ADV_REFILL,
)
