"""One player's forest as a panel of a Savernake Forest picture (``render``): its header (name,
score, cards, the pawn), every cell of its window (the legal ones lit, the others saying why
not), its cards with the foods its animals store ringed and their paths traced, and the ghost
of the card being placed. Also what the panels read from the state: stored foods, trails,
the window of cells drawn, the highlights. ``_Geo`` holds the sizes of a drawing, normal or
classroom."""

from __future__ import annotations

import copy

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Dict, Iterator, List, Mapping, Optional, Sequence, Set, Tuple

from ..core.scene import Scene, circle, rect, text
from .card_shapes import TRAIL_STYLES, WATER, CardFace, Trail, card_segments, card_shapes, fit_text, points_text, text_width
from .data import DELTA, FOODS
from .state import Phase

if TYPE_CHECKING:
    from .layout import Forest, PlacedCard
    from .rules import ForestGame


SEAT_COLOURS = ("#c62828", "#1f5fbf", "#2e7d32", "#c79100")
#: The seat colours for text on a light panel (4.5:1 or more: the gold seat is darkened).
SEAT_TEXT_COLOURS = ("#c62828", "#1f5fbf", "#2e7d32", "#7f5d00")
#: How an empty cell is drawn: (inset from the cell edge, rectangle style, what its tooltip says).
CELL_STYLES = {
    "legal": (2, {"fill": "#c8f0b0", "stroke": "#2e7d32", "width": 2.5}, "the card may go here"),
    "next": (3, {"fill": "#f1f6ea", "stroke": "#a8c28e", "width": 1, "dash": (4, 3)}, "next to the forest"),
    "inside": (3, {"fill": "#fbfaf4", "stroke": "#dcdcd0", "width": 1, "dash": (2, 4)},
               "not next to the forest yet"),
    "outside": (3, {"fill": "#efeae6", "stroke": None}, "outside the {long}×{short} bounds"),
    "plain": (3, {"fill": "#fbfaf4", "stroke": "#dcdcd0", "width": 1, "dash": (2, 4)}, "an empty cell"),  # lit=False
}
#: The smallest text of the classroom layout (scene units).
CLASSROOM_TEXT = 22.5
Highlights = Set[Tuple[int, int, int]]  # (seat, x, y)
#: The text of a "+N pts" preview in a lit cell.
PREVIEW_TEXT = "#1b5e20"


@dataclass(frozen=True)
class _Show:
    """What a picture shows besides the cards: the options that can hide an exercise's answer
    (``lit``, ``rings``, ``score``), the traced paths and the "+N pts" previews."""

    lit: bool = True
    rings: bool = True
    score: bool = True
    trace: bool = False
    previews: Mapping[Tuple[int, int, int], int] = field(default_factory=dict)  # (seat, x, y) -> points


# -- the state ----------------------------------------------------------------------------

def _path_steps(cat, forest: "Forest", start) -> Iterator[Tuple[tuple, int, range, bool]]:
    """The cards an animal's path runs through after its den: (cell, index of the segment
    walked, its food positions in walking order, whether the card is an animal)."""
    cells = forest.path_cells(start)
    for prev, cell in zip(cells, cells[1:]):
        placed = forest.at(cell)
        if placed is None:
            return
        entry = DELTA.index((prev[0] - cell[0], prev[1] - cell[1]))  # the edge walked in by
        for si, (a, b, foods) in enumerate(card_segments(cat, placed.card, placed.rotation)):
            if entry in (a, b):
                order = range(len(foods)) if a == entry else range(len(foods) - 1, -1, -1)
                yield cell, si, order, cat.card(placed.card).kind == "animal"
                break


def _stored(cat, forest: "Forest") -> Dict[tuple, set]:
    """Cell -> {(segment index, food position)} of the foods stored by animals (the first
    foods met along each animal's path, up to its storage plus lair tokens)."""
    out: Dict[tuple, set] = {}
    for start in forest.animal_cells():
        den = forest.at(start)
        room = cat.card(den.card).capacity + den.lairs
        for cell, si, order, animal in _path_steps(cat, forest, start):
            if room <= 0 or animal:
                break
            rings = out.setdefault(cell, set())
            for fi in order[:room]:
                rings.add((si, fi))
            room -= min(room, len(order))
    return {cell: rings for cell, rings in out.items() if rings}


def _trail_of(cat, forest: "Forest", k: int, start) -> Tuple[Trail, str]:
    """The trail style of the ``k``-th animal of a forest (reading order) and its name."""
    colour, dash = TRAIL_STYLES[k % len(TRAIL_STYLES)]
    name = cat.card(forest.at(start).card).name
    return Trail(colour, dash, f"the {name}'s path"), name


def _trails(cat, forest: "Forest") -> Dict[tuple, Dict[int, Trail]]:
    """Cell -> {segment index: trail} of every animal's path, each animal in its own colour."""
    out: Dict[tuple, Dict[int, Trail]] = {}
    for k, start in enumerate(forest.animal_cells()):
        trail, _ = _trail_of(cat, forest, k, start)
        out.setdefault(start, {})[0] = trail  # the stub on the animal's own card
        for cell, si, _, _ in _path_steps(cat, forest, start):
            out.setdefault(cell, {})[si] = trail
    return out


def _window(game: "ForestGame", seat: int, clip: bool = False) -> Tuple[int, int, int, int]:
    """Cells drawn for a forest: its cards (and a pending starting animal) plus one ring;
    with ``clip``, only the rows and columns of the ring where a card could still go."""
    box = game.forest(seat).bbox()
    cells = [] if box is None else [(box[0], box[1]), (box[2], box[3])]
    start = _pending_start(game)
    if start and start[0] == seat:
        cells.append(start[2])
    if not cells:
        cells = [(0, 0)]
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    window = (min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1)
    return _clip_to_bounds(game.forest(seat), window) if clip and box is not None else window


def _clip_to_bounds(forest: "Forest", window: Tuple[int, int, int, int]) -> Tuple[int, int, int, int]:
    """``window`` without its outer columns and rows where no card fits (beyond the forest's
    bounds: a 4-wide forest shows no ring column left or right of it)."""
    x0, y0, x1, y1 = window

    def open_line(cells) -> bool:
        return any(forest.fits(cell) for cell in cells)

    left = 0 if open_line((x0, y) for y in range(y0, y1 + 1)) else 1
    right = 0 if open_line((x1, y) for y in range(y0, y1 + 1)) else 1
    top = 0 if open_line((x, y0) for x in range(x0, x1 + 1)) else 1
    bottom = 0 if open_line((x, y1) for x in range(x0, x1 + 1)) else 1
    return x0 + left, y0 + top, x1 - right, y1 - bottom


def _pending_start(game: "ForestGame"):
    """(seat, card id, cell) of the starting animal being turned (advanced set-up)."""
    start = game.starting_animal()
    if start is None:
        return None
    return game.current_player, start[0], start[1]


def _norm_highlights(game: "ForestGame", highlights, seat: Optional[int] = None) -> Highlights:
    """``(x, y)`` pairs (in ``seat``'s forest, by default the deciding player's) or ``(seat, x, y)``
    triples, as triples."""
    p = game.current_player if seat is None else seat
    out = set()
    for h in highlights or ():
        h = tuple(h)
        if len(h) == 2 and p is not None:
            out.add((p, h[0], h[1]))
        elif len(h) == 3:
            out.add(h)
    return out


def _norm_previews(game: "ForestGame", previews, seat: Optional[int] = None) -> Dict[Tuple[int, int, int], int]:
    """The "+N pts" previews keyed like highlights: ``(x, y)`` or ``(seat, x, y)`` -> points."""
    if previews is None:
        return {}
    if not isinstance(previews, Mapping):
        raise TypeError(f"previews must map cells (x, y) to points, not {type(previews).__name__}")
    out = {}
    for key, points in previews.items():
        if isinstance(points, bool) or not isinstance(points, int):
            raise TypeError(f"previews[{key!r}] must be a whole number of points, not {points!r}")
        for cell in _norm_highlights(game, [key], seat):
            out[cell] = points
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


# -- sizes ------------------------------------------------------------------------------------------

class _Geo:
    """Sizes of a drawing: the normal table, or the classroom layout (``large=True``)."""

    def __init__(self, classroom: bool, cell: float = 70, clip: Optional[bool] = None):
        self.classroom = classroom
        self.clip = classroom if clip is None else clip  # forest windows without the ring beyond the bounds
        if classroom:
            self.c, self.pad, self.head, self.f = 136, 8, 44, 1.0
            self.big, self.small, self.ghost, self.dot = 26.0, CLASSROOM_TEXT, CLASSROOM_TEXT, 10.0
            self.face = CardFace(self.c, CLASSROOM_TEXT)
        else:
            self.c, self.pad, self.head, self.f = cell, 8, 26, 1.0
            self.big, self.small, self.ghost, self.dot = 14.0, 11.0, round(8.0 * cell / 70, 1), 7.0
            self.face = CardFace(self.c)
        self.label = max(12.0, self.small, round(0.16 * self.c, 1))  # a "+N pts" preview

    def fs(self, base):
        return round(base * self.f, 1)

    def grown(self, f: float) -> "_Geo":
        """These sizes with the drawings' words and marks ``f`` times larger (``fs``: a legend
        drawn for the large pictures)."""
        out = copy.copy(self)
        out.f = f
        return out


# -- one forest panel -----------------------------------------------------------------------

def _forest_header(game: "ForestGame", seat: int, geo: _Geo, width: float, viewer, show: _Show) -> list:
    """The name and score (left) and the card count / pawn (right) of a forest panel,
    shortened so that they never run into each other."""
    pad = geo.pad
    forest = game.forest(seat)
    y = pad + geo.head / 2 - 2
    left_x = pad + 2 * geo.dot + 6
    who = game.player_name(seat) + (" (you)" if viewer == seat else "")
    score = f" · {points_text(game.scores()[seat])}" if show.score else ""
    count = f"{forest.size}/{forest.capacity} cards"
    pawn = game.pawn == seat
    big, small = geo.big, geo.small
    room = width - pad - left_x
    gap = 12
    extra = count
    for extra in _header_extras(count, pawn, geo.classroom, show.score):
        if text_width(who + score, big, True) + gap + text_width(extra, small) <= room:
            break
    label = fit_text(who, big, room - gap - text_width(extra, small) - text_width(score, big, True), True) + score
    out = [circle(pad + geo.dot + 1, y, geo.dot, fill=SEAT_COLOURS[seat % 4], stroke="#222222"),
           text(left_x, y, label, size=big, bold=True, anchor="start", fill=SEAT_TEXT_COLOURS[seat % 4],
                title=None if label == who + score else who)]
    if extra:
        why = "(+1 point, first next round)" if show.score else "(first next round)"
        out.append(text(width - pad, y, extra, size=small, anchor="end", fill="#444444",
                        title=f"holds the 1st Player pawn {why}" if pawn else None))
    return out


def _header_extras(count: str, pawn: bool, classroom: bool, score: bool = True) -> Tuple[str, ...]:
    """The right side of a panel header, longest first; the classroom gives up the card count
    before it shortens a player's name. Without ``score``, the pawn's point is not said."""
    if pawn:
        plus = (" (+1)", " +1", " +1") if score else ("", "", "")
        forms = (f"★ 1st Player pawn{plus[0]} · {count}", f"★ pawn{plus[1]} · {count}", f"★{plus[2]} · {count}")
        return forms + (f"★ pawn{plus[1]}", f"★{plus[2]}") if classroom else forms
    return (count, "") if classroom else (count,)


class _Grid:
    """Where the cells of one forest panel lie: the window of cells drawn, centred in
    a panel of ``cols`` × ``rows`` cells; ``corner(x, y)`` is a cell's top-left point."""

    def __init__(self, game: "ForestGame", seat: int, geo: _Geo, cols: int, rows: int):
        self.c = c = geo.c
        self.minx, self.miny, self.maxx, self.maxy = _window(game, seat, clip=geo.clip)
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
                  preview, viewer, show: _Show) -> Scene:
    """One forest panel (header + grid) at the origin: the empty cells, the cards, and
    the ghost of the card being placed."""
    c, pad, head = geo.c, geo.pad, geo.head
    width = cols * c + 2 * pad
    height = rows * c + head + 2 * pad
    s = Scene(width, height, background=None)
    current = game.current_player == seat
    s.add(rect(1, 1, width - 2, height - 2, fill="#fbfaf4", stroke="#e0a800" if current else "#c9c3b2",
               width=4 if current else 1.2, radius=8))
    s.add(*_forest_header(game, seat, geo, width, viewer, show))
    grid = _Grid(game, seat, geo, cols, rows)
    _empty_cells(s, game, seat, grid, highlights, show.lit)
    _previews(s, game, seat, grid, geo, show.previews)
    _placed_cards(s, game, seat, grid, geo.face, show)
    if preview is not None and preview[0] == seat:
        _ghost(s, game, seat, grid, geo, preview, show.lit)
    return s


def _empty_cells(s: Scene, game: "ForestGame", seat: int, grid: _Grid, highlights: Highlights,
                 lit: bool = True) -> None:
    """Every empty cell of the window is clickable, so that a click on a wrong one can be
    explained: the legal ones highlighted, the others saying why not in their tooltip
    (without ``lit``, every empty cell looks alike: nothing tells where a card may go)."""
    f = game.forest(seat)
    fitting = set(f.fitting_cells()) if f.size else {(0, 0)}
    long, short = game.forest_bounds
    occupied = {pc.cell for pc in f.cards()}
    c = grid.c
    for x, y in grid.cells():
        if (x, y) in occupied:
            continue
        if not lit:
            kind = "plain"
        elif (seat, x, y) in highlights:
            kind = "legal"
        elif (x, y) in fitting:
            kind = "next"
        else:
            kind = "inside" if f.fits((x, y)) else "outside"
        inset, style, why = CELL_STYLES[kind]
        X, Y = grid.corner(x, y)
        s.add(rect(X + inset, Y + inset, c - 2 * inset, c - 2 * inset, radius=5, hit=f"cell:{seat}:{x}:{y}",
                   title=why.format(long=long, short=short), **style))


def _previews(s: Scene, game: "ForestGame", seat: int, grid: _Grid, geo: _Geo, previews) -> None:
    """"+3 pts" written in the empty cells given, on a light backing so it reads on any cell."""
    occupied = {pc.cell for pc in game.forest(seat).cards()}
    size, c = geo.label, grid.c
    for x, y in grid.cells():
        points = previews.get((seat, x, y))
        if points is None or (x, y) in occupied:
            continue
        label = f"{points:+d}".replace("-", "−") + (" pt" if abs(points) == 1 else " pts")
        X, Y = grid.corner(x, y)
        w = min(c - 10, text_width(label, size, True) + 10)
        s.add(rect(X + (c - w) / 2, Y + c / 2 - size * 0.75, w, size * 1.5, fill="#ffffff", opacity=0.85, radius=4),
              text(X + c / 2, Y + c / 2, label, size=size, bold=True, fill=PREVIEW_TEXT,
                   title=f"placing here scores {points_text(points, 'point')} now"))


def _placed_cards(s: Scene, game: "ForestGame", seat: int, grid: _Grid, face: CardFace, show: _Show) -> None:
    """The cards of the forest, stored foods ringed; animals carry their score as tooltip
    and, when the current decision is about them, clickable corners and a frame."""
    f = game.forest(seat)
    cat = game.catalogue
    c = grid.c
    stored = _stored(cat, f) if show.rings else {}
    breakdown = game.score_breakdown(seat) if show.score else None
    water_q = show.lit and game.current_player == seat and game.phase is Phase.WATER
    framed = _framed_cells(game, seat) if show.lit else set()
    trails = _trails(cat, f) if show.trace else {}
    for pc in f.cards():
        X, Y = grid.corner(pc.x, pc.y)
        animal = cat.card(pc.card).kind == "animal"
        kind = "animal" if animal else "card"
        title = str(breakdown.animal(pc.cell)) if animal and breakdown is not None else None
        s.add(*card_shapes(cat, pc.card, pc.rotation, X, Y, face, lairs=pc.lairs, water=pc.water,
                           stored=stored.get(pc.cell, frozenset()), hit=f"{kind}:{seat}:{pc.x}:{pc.y}",
                           score_title=title, trails=trails.get(pc.cell)))
        if animal:
            _food_corners(s, seat, pc, X, Y, face, water_q)
            if pc.cell in framed:
                s.add(rect(X + 2, Y + 2, c - 4, c - 4, stroke="#e65100", width=3.5, radius=6, dash=(6, 3)))


def _framed_cells(game: "ForestGame", seat: int) -> Set[Tuple[int, int]]:
    """The cards the current decision is about, framed: the animals that may take the lair
    token, or the shared path to clean up."""
    if game.current_player != seat:
        return set()
    if game.phase is Phase.LAIR:
        return set(game.forest(seat).animal_cells())
    if game.phase is Phase.CLEANUP:
        return set(game.shared_path_to_clean())
    return set()


def _food_corners(s: Scene, seat: int, pc: "PlacedCard", X: float, Y: float, face: CardFace, water_q: bool) -> None:
    """The four clickable food corners of an animal (the water drop goes on one); the free
    ones glow while the water drop is being placed."""
    c, h = face.c, face.corner_h
    for k, (ux, uy) in enumerate(face.corners):
        cx, cy = X + ux * c, Y + uy * c
        if water_q and FOODS[k] not in pc.water:
            s.add(rect(cx - c * 0.16, cy - c * (h - 0.01), c * 0.32, c * (2 * h - 0.02), fill="#d6ebff",
                       stroke=WATER, width=2, radius=4, opacity=0.55))
        s.add(rect(cx - c * 0.17, cy - c * h, c * 0.34, c * 2 * h, hit=f"corner:{seat}:{pc.x}:{pc.y}:{FOODS[k]}",
                   title=f"{FOODS[k]} corner"))


def _turns_label(legal: Sequence[int], size: float, room: float) -> List[str]:
    """The legal turns in the fewest lines that fit ``room``: "0° 90° 180° 270°", "any turn",
    or the turns on two lines."""
    if not legal:
        forms = [["no legal turn"], ["no legal", "turn"], ["none"]]
    else:
        turns = [f"{r}°" for r in legal]
        half = (len(turns) + 1) // 2
        forms = [[" ".join(turns)]] + ([["any turn"]] if len(turns) == 4 else []) + [
            [" ".join(turns[:half]), " ".join(turns[half:])]]
    for lines in forms:
        if all(text_width(ln, size, True) <= room for ln in lines):
            return lines
    return [fit_text(forms[-1][0], size, room, True)]


def _ghost(s: Scene, game: "ForestGame", seat: int, grid: _Grid, geo: _Geo, preview, lit: bool = True) -> None:
    """The card being placed (or the starting animal being turned), drawn faintly where the
    pointer is: a green frame if that turn is legal there, red if not, and the legal turns
    (without ``lit``: a neutral frame, nothing said about what is legal)."""
    _, x, y, rot = preview
    card, legal = _ghost_card(game, seat, x, y)
    if card is None or game.forest(seat).at((x, y)) is not None:
        return
    c = grid.c
    X, Y = grid.corner(x, y)
    s.add(*card_shapes(game.catalogue, card, (rot // 90) % 4 * 90, X, Y, geo.face, opacity=0.75))
    if not lit:
        s.add(rect(X + 1, Y + 1, c - 2, c - 2, stroke="#5d4037", width=2.5, radius=5, dash=(5, 3),
                   hit=f"cell:{seat}:{x}:{y}", title=f"turned {(rot // 90) % 4 * 90}°"))
        return
    ok = rot in legal
    s.add(rect(X + 1, Y + 1, c - 2, c - 2, stroke="#2e7d32" if ok else "#c62828", width=3.5, radius=5,
               dash=() if ok else (5, 3), hit=f"cell:{seat}:{x}:{y}",
               title=f"turned {rot}°: {'legal' if ok else 'not legal'} here; legal turns: "
                     + (", ".join(f"{r}°" for r in legal) or "none")))
    size = geo.ghost
    lines = _turns_label(legal, size, c - 8)
    band = len(lines) * size * 1.1 + 4
    s.add(rect(X + 2, Y + c - band - 2, c - 4, band, fill="#ffffff", opacity=0.9, radius=3))
    for i, label in enumerate(lines):
        s.add(text(X + c / 2, Y + c - band + 0.55 * size * 1.1 + i * size * 1.1, label, size=size,
                   fill="#1b5e20" if ok else "#b71c1c", bold=True))


def _ghost_card(game: "ForestGame", seat: int, x: int, y: int) -> Tuple[Optional[str], Tuple[int, ...]]:
    """(card id, legal turns at (x, y)) of what a preview shows: the starting animal being
    turned on its own cell, or the card in hand."""
    start = _pending_start(game)
    if start and start[0] == seat and (x, y) == start[2]:
        return start[1], tuple(m.rotation for m in game.legal_moves())
    if game.phase is Phase.PLACE:
        return game.held_card, game.legal_placements().get((x, y), ())
    return None, ()
