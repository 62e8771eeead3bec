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

from typing import TYPE_CHECKING, Dict, Iterator, List, Optional, Set, Tuple

from ..core.scene import Scene, circle, rect, text
from .card_shapes import (CORNERS, LAIR, STORED_RING, WATER, card_segments, card_shapes, fit_text, food_shapes,
                          text_width, water_drop)
from .data import DELTA, FOOD_PLURALS, FOODS, ROTATIONS, SLOTS, kit_catalogue
from .rules import decision_text
from .state import Phase

if TYPE_CHECKING:
    from .layout import Forest, PlacedCard
    from .rules import ForestGame

SEAT_COLOURS = ("#c62828", "#1f5fbf", "#2e7d32", "#c79100")
ADVISOR_TEXT = {
    "rabbit": ("Rabbit", "an animal card", "(more animals)"),
    "rooster": ("Rooster", "+ 1st Player pawn", "(+1 point, first next round)"),
    "armadillo": ("Armadillo", "+ a lair token", "(+1 storage for an animal)"),
    "goat": ("Goat", "+ a water drop", "(+1 to one food of an animal)"),
}
#: How an empty cell is drawn: (inset from the cell edge, rectangle style, what its tooltip says).
CELL_STYLES = {
    "legal": (2, {"fill": "#c8f0b0", "stroke": "#2e7d32", "width": 2.5}, "the card may go here"),
    "next": (3, {"fill": "#f1f6ea", "stroke": "#a8c28e", "width": 1, "dash": (4, 3)}, "next to the forest"),
    "inside": (3, {"fill": "#fbfaf4", "stroke": "#dcdcd0", "width": 1, "dash": (2, 4)},
               "not next to the forest yet"),
    "outside": (3, {"fill": "#efeae6", "stroke": None}, "outside the {long}×{short} bounds"),
}
Highlights = Set[Tuple[int, int, int]]  # (seat, x, y)


# -- the state ----------------------------------------------------------------------------

def _stored(cat, forest: "Forest") -> Dict[tuple, set]:
    """Cell -> {(segment index, food position)} of the foods stored by animals (the first
    foods met along each animal's path, up to its storage plus lair tokens)."""
    out: Dict[tuple, set] = {}
    for start in forest.animal_cells():
        den = forest.at(start)
        room = cat.card(den.card).capacity + den.lairs
        cells = forest.path_cells(start)
        for prev, cell in zip(cells, cells[1:]):
            placed = forest.at(cell)
            if room <= 0 or placed is None or cat.card(placed.card).kind == "animal":
                break
            entry = DELTA.index((prev[0] - cell[0], prev[1] - cell[1]))  # the edge walked in by
            room = _ring_foods(cat, placed, entry, room, out.setdefault(cell, set()))
    return {cell: rings for cell, rings in out.items() if rings}


def _ring_foods(cat, placed: "PlacedCard", entry: int, room: int, rings: set) -> int:
    """Add to ``rings`` the foods stored on the segment entered by edge ``entry``, in walking
    order, while there is ``room``; returns the room left."""
    for si, (a, b, foods) in enumerate(card_segments(cat, placed.card, placed.rotation)):
        if entry in (a, b):
            order = range(len(foods)) if a == entry else range(len(foods) - 1, -1, -1)
            for fi in order:
                if room <= 0:
                    break
                rings.add((si, fi))
                room -= 1
            break
    return room


def _window(game: "ForestGame", seat: int) -> Tuple[int, int, int, int]:
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


def _pending_start(game: "ForestGame"):
    """(seat, card id, cell) of the starting animal being turned (advanced set-up)."""
    start = game.starting_animal()
    if start is None:
        return None
    return game.current_player, start[0], start[1]


def _round_text(game: "ForestGame") -> str:
    return f"Round {game.round} of {game.total_rounds}"


def state_text(game: "ForestGame") -> str:
    """One line: round, decision, move number (the board's ``sk-state`` line)."""
    if game.is_over:
        return f"{decision_text(game)} · move {len(game.history)}"
    return f"{_round_text(game)} · {decision_text(game)} · move {len(game.history) + 1}"


def _norm_highlights(game: "ForestGame", highlights) -> Highlights:
    p = game.current_player
    out = set()
    for h in highlights or ():
        h = tuple(h)
        if len(h) == 2 and p is not None:
            out.add((p, h[0], h[1]))
        elif len(h) == 3:
            out.add(h)
    return out


def _auto_highlights(game: "ForestGame") -> Highlights:
    p = game.current_player
    if p is None:
        return set()
    if game.phase is Phase.PLACE:
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


# -- one forest panel -----------------------------------------------------------------------

def _forest_header(game: "ForestGame", seat: int, geo: _Geo, width: float, viewer) -> list:
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
        if text_width(who + score, big, True) + gap + text_width(extra, small) <= room:
            break
    label = fit_text(who, big, room - gap - text_width(extra, small) - text_width(score, big, True), True) + score
    return [circle(pad + 8 * f, y, 7 * f, fill=colour, stroke="#222222"),
            text(left_x, y, label, size=big, bold=True, anchor="start", fill=colour,
                 title=None if label == who + score else who),
            text(width - pad, y, extra, size=small, anchor="end", fill="#444444",
                 title="holds the 1st Player pawn (+1 point, first next round)" if pawn else None)]


class _Grid:
    """Where the cells of one forest panel lie: the window of cells drawn, centred in
    a panel of ``cols`` × ``rows`` cells; ``corner(x, y)`` is a cell's top-left point."""

    def __init__(self, game: "ForestGame", seat: int, geo: _Geo, cols: int, rows: int):
        self.c = c = geo.c
        self.minx, self.miny, self.maxx, self.maxy = _window(game, seat)
        self.ox = geo.pad + (cols - (self.maxx - self.minx + 1)) * c / 2 - self.minx * c
        self.oy = geo.pad + geo.head + (rows - (self.maxy - self.miny + 1)) * c / 2 - self.miny * c

    def corner(self, x: int, y: int) -> Tuple[float, float]:
        return self.ox + x * self.c, self.oy + y * self.c

    def cells(self) -> Iterator[Tuple[int, int]]:
        """Every cell of the window, row by row."""
        for y in range(self.miny, self.maxy + 1):
            for x in range(self.minx, self.maxx + 1):
                yield x, y


def _forest_block(game: "ForestGame", seat: int, geo: _Geo, cols: int, rows: int, highlights: Highlights,
                  preview, viewer) -> Scene:
    """One forest panel (header + grid) at the origin: the empty cells, the cards, and
    the ghost of the card being placed."""
    c, pad, head = geo.c, geo.pad, geo.head
    width = cols * c + 2 * pad
    height = rows * c + head + 2 * pad
    s = Scene(width, height, background=None)
    current = game.current_player == seat
    s.add(rect(1, 1, width - 2, height - 2, fill="#fbfaf4", stroke="#e0a800" if current else "#c9c3b2",
               width=4 if current else 1.2, radius=8))
    s.add(*_forest_header(game, seat, geo, width, viewer))
    grid = _Grid(game, seat, geo, cols, rows)
    _empty_cells(s, game, seat, grid, highlights)
    _placed_cards(s, game, seat, grid)
    if preview is not None and preview[0] == seat:
        _ghost(s, game, seat, grid, geo, preview)
    return s


def _empty_cells(s: Scene, game: "ForestGame", seat: int, grid: _Grid, highlights: Highlights) -> None:
    """Every empty cell of the window is clickable, so that a click on a wrong one can be
    explained: the legal ones highlighted, the others saying why not in their tooltip."""
    f = game.forest(seat)
    fitting = set(f.fitting_cells()) if f.size else {(0, 0)}
    long, short = game.forest_bounds
    occupied = {pc.cell for pc in f.cards()}
    c = grid.c
    for x, y in grid.cells():
        if (x, y) in occupied:
            continue
        if (seat, x, y) in highlights:
            kind = "legal"
        elif (x, y) in fitting:
            kind = "next"
        else:
            kind = "inside" if f.fits((x, y)) else "outside"
        inset, style, why = CELL_STYLES[kind]
        X, Y = grid.corner(x, y)
        s.add(rect(X + inset, Y + inset, c - 2 * inset, c - 2 * inset, radius=5, hit=f"cell:{seat}:{x}:{y}",
                   title=f"({x}, {y}): {why.format(long=long, short=short)}", **style))


def _placed_cards(s: Scene, game: "ForestGame", seat: int, grid: _Grid) -> None:
    """The cards of the forest, stored foods ringed; animals carry their score as tooltip
    and, when the current decision is about them, clickable corners and a frame."""
    f = game.forest(seat)
    cat = game.catalogue
    c = grid.c
    stored = _stored(cat, f)
    breakdown = game.score_breakdown(seat)
    mine = game.current_player == seat
    water_q = mine and game.phase is Phase.WATER
    framed = set(f.animal_cells()) if mine and game.phase is Phase.LAIR else set()
    if mine and game.phase is Phase.CLEANUP:
        framed = set(game.shared_path_to_clean())
    for pc in f.cards():
        X, Y = grid.corner(pc.x, pc.y)
        animal = cat.card(pc.card).kind == "animal"
        kind = "animal" if animal else "card"
        title = str(breakdown.animal(pc.cell)) if animal else None
        s.extend(Scene(0, 0, shapes=card_shapes(cat, pc.card, pc.rotation, X, Y, c, lairs=pc.lairs,
                                                water=pc.water, stored=stored.get(pc.cell, frozenset()),
                                                hit=f"{kind}:{seat}:{pc.x}:{pc.y}", score_title=title)))
        if animal:
            _food_corners(s, seat, pc, X, Y, c, water_q)
            if pc.cell in framed:
                s.add(rect(X + 2, Y + 2, c - 4, c - 4, stroke="#e65100", width=3.5, radius=6, dash=(6, 3)))


def _food_corners(s: Scene, seat: int, pc: "PlacedCard", X: float, Y: float, c: float, water_q: bool) -> None:
    """The four clickable food corners of an animal (the water drop goes on one); the free
    ones glow while the water drop is being placed."""
    for k, (ux, uy) in enumerate(CORNERS):
        cx, cy = X + ux * c, Y + uy * c
        if water_q and FOODS[k] not in pc.water:
            s.add(rect(cx - c * 0.16, cy - c * 0.13, c * 0.32, c * 0.26, fill="#d6ebff", stroke=WATER,
                       width=2, radius=4, opacity=0.55))
        s.add(rect(cx - c * 0.17, cy - c * 0.14, c * 0.34, c * 0.28, hit=f"corner:{seat}:{pc.x}:{pc.y}:{FOODS[k]}",
                   title=f"{FOODS[k]} corner"))


def _ghost(s: Scene, game: "ForestGame", seat: int, grid: _Grid, geo: _Geo, preview) -> None:
    """The card being placed (or the starting animal being turned), drawn faintly where the
    pointer is: a green frame if that turn is legal there, red if not, and the legal turns."""
    _, x, y, rot = preview
    card, legal = _ghost_card(game, seat, x, y)
    if card is None or game.forest(seat).at((x, y)) is not None:
        return
    c = grid.c
    X, Y = grid.corner(x, y)
    s.extend(Scene(0, 0, shapes=card_shapes(game.catalogue, card, (rot // 90) % 4 * 90, X, Y, c, opacity=0.75)))
    ok = rot in legal
    s.add(rect(X + 1, Y + 1, c - 2, c - 2, stroke="#2e7d32" if ok else "#c62828", width=3.5, radius=5,
               dash=() if ok else (5, 3), hit=f"cell:{seat}:{x}:{y}",
               title=f"turned {rot}°: {'legal' if ok else 'not legal'} here; legal turns: "
                     + (", ".join(f"{r}°" for r in legal) or "none")))
    label = (" ".join(f"{r}°" for r in legal)) if legal else "no legal turn"
    s.add(rect(X + 2, Y + c - geo.fs(14) - 2, c - 4, geo.fs(13), fill="#ffffff", opacity=0.85, radius=3))
    s.add(text(X + c / 2, Y + c - geo.fs(8) - 2, label, size=geo.fs(8), fill="#1b5e20" if ok else "#b71c1c",
               bold=True))


def _ghost_card(game: "ForestGame", seat: int, x: int, y: int) -> Tuple[Optional[str], Tuple[int, ...]]:
    """(card id, legal turns at (x, y)) of what a preview shows: the starting animal being
    turned on its own cell, or the card in hand."""
    start = _pending_start(game)
    if start and start[0] == seat and (x, y) == start[2]:
        return start[1], tuple(m.rotation for m in game.legal_moves())
    if game.phase is Phase.PLACE:
        return game.held_card, game.legal_placements().get((x, y), ())
    return None, ()


# -- the market, the legend, the banner ---------------------------------------------------------

def _slot_width(geo: _Geo) -> float:
    return max(geo.c + 2 * geo.pad, 138 * geo.f)


def _market_block(game: "ForestGame", geo: _Geo, selected, rotation: int, width: float) -> Scene:
    """The four advisors with their cards, the card in hand, and the supply, pawn and order."""
    c, pad = geo.c, geo.pad
    slot_w = _slot_width(geo)
    h = c + geo.fs(64) + pad
    s = Scene(width, h, background=None)
    s.add(rect(1, 1, width - 2, h - 2, fill="#f4efe2", stroke="#c9c3b2", radius=8))
    for i, slot in enumerate(SLOTS):
        _advisor_slot(s, game, geo, slot, pad + i * slot_w, h, selected)
    x0 = pad + 4 * slot_w + pad
    hw = c + 2 * pad + 20 * geo.f
    _hand_slot(s, game, geo, x0, hw, rotation)
    _table_lines(s, game, geo, x0 + hw + pad, width)
    return s


def _advisor_slot(s: Scene, game: "ForestGame", geo: _Geo, slot: str, x0: float, h: float, selected) -> None:
    """One advisor: its name and benefit, and its card (or where the card went)."""
    c, pad = geo.c, geo.pad
    slot_w = _slot_width(geo)
    title, l1, l2 = ADVISOR_TEXT[slot]
    held_from = game.held_from
    framed = selected == slot or held_from == slot
    s.add(rect(x0 + 2, pad - 2, slot_w - 6, h - 2 * pad + 2, fill="#fffdf6",
               stroke="#e0a800" if framed else "#d8d0bc", width=3 if framed else 1, radius=6))
    s.add(text(x0 + slot_w / 2, pad + geo.fs(9), title, size=geo.fs(13), bold=True, fill="#4a3a1a"))
    s.add(text(x0 + slot_w / 2, pad + geo.fs(24), l1, size=geo.fs(10), fill="#333333"))
    s.add(text(x0 + slot_w / 2, pad + geo.fs(36), l2, size=geo.fs(9), fill="#666666"))
    cx, cy = x0 + (slot_w - c) / 2, pad + geo.fs(46)
    card = game.market[slot]
    if card is not None:
        s.extend(Scene(0, 0, shapes=card_shapes(game.catalogue, card, 0, cx, cy, c, hit=f"market:{slot}")))
    else:
        _empty_place(s, geo, cx, cy, "in hand" if held_from == slot else "taken")


def _hand_slot(s: Scene, game: "ForestGame", geo: _Geo, x0: float, hw: float, rotation: int) -> None:
    """The card taken and not yet placed (or the starting animal being turned), turned as shown."""
    c, pad = geo.c, geo.pad
    s.add(text(x0 + hw / 2, pad + geo.fs(9), "In hand", size=geo.fs(13), bold=True, fill="#4a3a1a"))
    start = _pending_start(game)
    shown = game.held_card if game.held_card is not None else (start[1] if start else None)
    cy = pad + geo.fs(46)
    if shown is None:
        _empty_place(s, geo, x0 + (hw - c) / 2, cy, "empty")
        return
    q = (rotation // 90) % 4
    s.add(text(x0 + hw / 2, pad + geo.fs(24), f"turned {q * 90}°", size=geo.fs(10), fill="#333333"))
    s.add(text(x0 + hw / 2, pad + geo.fs(36), "⟲ ⟳ or R to turn", size=geo.fs(9), fill="#666666"))
    s.extend(Scene(0, 0, shapes=card_shapes(game.catalogue, shown, q * 90, x0 + (hw - c) / 2, cy, c, hit="hand")))


def _empty_place(s: Scene, geo: _Geo, x: float, y: float, label: str) -> None:
    """A dashed card outline with a word where a card is not."""
    c = geo.c
    s.add(rect(x + 2, y + 2, c - 4, c - 4, fill="#eeeae0", stroke="#cfc8b8", dash=(4, 3), radius=5))
    s.add(text(x + c / 2, y + c / 2, label, size=geo.fs(10), fill="#888888"))


def _table_lines(s: Scene, game: "ForestGame", geo: _Geo, x1: float, width: float) -> None:
    """Pawn, supply, decks, discard and order: each line in its longest form that fits the column."""
    tokens, decks = game.tokens, game.deck_sizes
    order = ", ".join(game.player_name(p) for p in game.round_order)
    pawn = game.player_name(game.pawn)
    lines = [  # each line with shorter forms for a narrow column
        ((f"★ 1st Player pawn: {pawn}", f"★ Pawn: {pawn}"), True),
        ((f"Supply: {tokens['lair']} lair tokens, {tokens['water']} water drops",
          f"Supply: {tokens['lair']} lair, {tokens['water']} water"), False),
        ((f"Decks: {decks['animals']} animals, {decks['paths']} paths",), False),
        ((f"Discarded: {len(game.discard_pile)} cards",), False),
        ((f"Order this round: {order}", f"Order: {order}"), False),
    ]
    room = width - geo.pad - x1
    size = geo.fs(11)
    for k, (forms, bold) in enumerate(lines):
        shown = next((ln for ln in forms if text_width(ln, size, bold) <= room), None)
        if shown is None:
            shown = fit_text(forms[-1], size, room, bold)
        s.add(text(x1, geo.pad + geo.fs(10) + k * geo.fs(17), shown, size=size, anchor="start", bold=bold,
                   fill="#333333", title=forms[0] if shown != forms[0] else None))


def _legend(geo: _Geo, width: float) -> Scene:
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
        w = icon_w + (0.6 * r if icon_w else 0) + text_width(label, fs, bold)
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


def _banner(game: "ForestGame", geo: _Geo, width: float) -> Scene:
    """The title bar: game, round, decision and move on the left, the scores on the right.

    On one line when everything fits, else the decision moves to a second line (and the
    scores to a third when even the short title and the scores collide)."""
    pad, f = geo.pad, geo.f
    room = width - 2 * pad
    gap = 24 * f
    t_size, s_size, d_size = geo.fs(16), geo.fs(13), geo.fs(14)
    scores = " · ".join(f"{game.player_name(p)} {s}" for p, s in enumerate(game.scores()))
    full = f"Savernake Forest · {state_text(game)}"
    decision = decision_text(game)
    if game.is_over:
        short = f"Savernake Forest · Game over · move {len(game.history)}"
        decision = decision.replace("Game over", "", 1).lstrip(" ·")
    else:
        short = f"Savernake Forest · {_round_text(game)} · move {len(game.history) + 1}"
    scores_w = text_width(scores, s_size)
    title = ("start", t_size, True, "#ffffff")
    right = ("end", s_size, False, "#e8f5e9")
    second = ("start", d_size, True, "#fff8d6")
    if text_width(full, t_size, True) + gap + scores_w <= room:
        rows = [[(full, title), (scores, right)]]
    elif text_width(short, t_size, True) + gap + scores_w <= room:
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
            shown = fit_text(label, size, room, bold)
            s.add(text(pad if anchor == "start" else width - pad, y, shown, size=size, bold=bold, fill=fill,
                       anchor=anchor, title=label if shown != label else None))
    return s


def scene(game: "ForestGame", *, viewer=None, selected=None, highlights=None, preview=None, large=False,
          rotation=None) -> Scene:
    """The whole table of ``game`` as a ``Scene`` (see the module docstring for options and hit ids).

    ``rotation`` is the turn shown for the card in hand (default: the preview's, else 0)."""
    geo = _Geo(large)
    c, pad = geo.c, geo.pad
    hl = _auto_highlights(game) if highlights is None else _norm_highlights(game, highlights)
    if rotation is None:
        rotation = preview[3] if preview is not None else 0
    players = game.players
    advanced = game.advanced
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


def forest_scene(game: "ForestGame", seat: int, *, highlights=None, preview=None, large=False, viewer=None) -> Scene:
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
        catalogue = kit_catalogue()
    card = catalogue.card(card_id)
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be 0, 90, 180 or 270 degrees, not {rotation!r}")
    sc = Scene(size + 8, size + 8, background="#ffffff", title=f"{card} turned {rotation}°")
    sc.extend(Scene(0, 0, shapes=card_shapes(catalogue, card.id, rotation, 4, 4, size, hit=f"card:{card.id}")))
    return sc


__all__ = ["scene", "forest_scene", "card_scene", "state_text", "food_shapes", "SEAT_COLOURS"]
