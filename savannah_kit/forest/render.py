"""Savernake Forest pictures: a game state as a ``Scene`` (plain data, no Jupyter).

``scene(game)`` draws the whole table: the banner (round, whose decision, what
is being decided; none for a hand-built position, made with ``from_scenario``),
the market (the four advisors, each with its card and its benefit in words, the
card in hand), the pawn holder, the supply, every player's forest with its live
score, and a legend of the food shapes and of the other marks drawn.
``card_scene(card_id)`` draws one card; ``forest_scene(game, seat)`` one forest
for a lesson, 96 units a cell, each animal's path traced in its own colour and
named in a key below.
This module lays out the table; a card itself (its paths and foods, an animal's
face) is drawn by ``card_shapes``, which also tells how to read one. Everything is
read through the engine's public API (``game.market``, ``game.forest(p).cards()``,
``game.catalogue.segments(...)``...).

``scene(game, large=True)`` is the classroom layout, for a board shown full screen
on a projector (the page scales the picture to the window): a one-line header,
the market and the card in hand in a column on the left, the forests side by
side on the right, no legend and no supply text (the page around shows those).
For two players it is about twice as wide as high (``CLASSROOM_RATIO``), at most
``CLASSROOM_MAX_WIDTH`` units wide, and no text in it is smaller than
``CLASSROOM_TEXT`` units: scaled into 1920×930 (a 1080p window less the board's
status line and buttons) every text is at least 24 px. Its forest panels have a
fixed size, the largest window a forest can need (5×5 cells in the 4×4 game:
the cards plus the ring of cells around them where a card could still go; the
ring beyond the forest's bounds, drawn on the normal table, is left out), so
nothing moves from one move to the next. Three or four forests go two by two
(a taller picture, so smaller once scaled), and the long forests of the advanced
mode widen their panels as they grow.

Text never collides: widths are estimated (``card_shapes.text_width``); the
banner puts the decision on a second line (and the scores on a third) when one
line would not hold it all, the legend wraps onto more lines, and long names or
notes are shortened (the full text in the tooltip). The foods each animal stores
(the first foods met along its path, up to its storage) are worked out here and
ringed in gold on the cards, so the score can be read off the picture.

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
slot to frame. ``large=True`` is the classroom layout. ``caption=False`` leaves
the decision ("Red to place the Fox") out of the header, for a board whose
status line already says it. Same state, same scene: the SVG is deterministic.

For exercises, options hide what would give the answer away (the defaults draw
everything): ``lit=False`` (no lit cells, framed animals or glowing corners, every
empty cell alike), ``rings=False`` (no stored foods ringed), ``score=False`` (no
points: panel headers, banner, result, animal tooltips); ``log`` is taken for
symmetry with the boards (a picture holds no log text). ``previews={(x, y): 3}``
writes "+3 pts" in those empty cells (a guided game); ``trace=True`` traces each
animal's path in its own colour (``TRAIL_STYLES``: colour-blind-safe, each with its
own dash, its tooltip naming the animal).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Dict, Iterator, List, Mapping, Optional, Sequence, Set, Tuple

from ..core.scene import Scene, circle, line, rect, text
from .card_shapes import (LAIR, STORED_RING, TRAIL_STYLES, TRAIL_WIDTH, WATER, CardFace, Trail, card_segments,
                          card_shapes, fit_text, food_shapes, points_text, text_width, water_drop)
from .data import DELTA, FOOD_PLURALS, FOODS, ROTATIONS, SLOTS, kit_catalogue
from .rules import decision_text
from .state import Phase

if TYPE_CHECKING:
    from .layout import Forest, PlacedCard
    from .rules import ForestGame

SEAT_COLOURS = ("#c62828", "#1f5fbf", "#2e7d32", "#c79100")
#: The seat colours for text on a light panel (4.5:1 or more: the gold seat is darkened).
SEAT_TEXT_COLOURS = ("#c62828", "#1f5fbf", "#2e7d32", "#7f5d00")
ADVISOR_TEXT = {
    "rabbit": ("Rabbit", "an animal card", "(more animals)"),
    "rooster": ("Rooster", "+ 1st Player pawn", "(+1 point, first next round)"),
    "armadillo": ("Armadillo", "+ a lair token", "(+1 storage for an animal)"),
    "goat": ("Goat", "+ a water drop", "(+1 to one food of an animal)"),
}
#: The same, in the few words a classroom row has room for.
ADVISOR_SHORT = {
    "rabbit": ("Rabbit", "animal card", "more animals"),
    "rooster": ("Rooster", "+ ★ pawn", "+1 point"),
    "armadillo": ("Armadillo", "+ lair token", "+1 storage"),
    "goat": ("Goat", "+ water drop", "+1 to a food"),
}
#: How an empty cell is drawn: (inset from the cell edge, rectangle style, what its tooltip says).
CELL_STYLES = {
    "legal": (2, {"fill": "#c8f0b0", "stroke": "#2e7d32", "width": 2.5}, "the card may go here"),
    "next": (3, {"fill": "#f1f6ea", "stroke": "#a8c28e", "width": 1, "dash": (4, 3)}, "next to the forest"),
    "inside": (3, {"fill": "#fbfaf4", "stroke": "#dcdcd0", "width": 1, "dash": (2, 4)},
               "not next to the forest yet"),
    "outside": (3, {"fill": "#efeae6", "stroke": None}, "outside the {long}×{short} bounds"),
    "plain": (3, {"fill": "#fbfaf4", "stroke": "#dcdcd0", "width": 1, "dash": (2, 4)}, "an empty cell"),  # lit=False
}
#: The classroom layout: the smallest text (scene units), the room it is scaled into (px),
#: its width/height ratio and its widest width (units).
CLASSROOM_TEXT = 22.5
CLASSROOM_ROOM = (1920, 930)
CLASSROOM_RATIO = (1.9, 2.3)
CLASSROOM_MAX_WIDTH = 1800
Highlights = Set[Tuple[int, int, int]]  # (seat, x, y)
#: The text of a "+N pts" preview in a lit cell.
PREVIEW_TEXT = "#1b5e20"


@dataclass(frozen=True)
class Palette:
    """The colours a theme changes: the table under the panels (``page``), and the panel the key
    lies on (None: on the table itself). The panels, cards and key keep their printed colours:
    they are paper on the table, light or dark."""

    page: str
    key_panel: Optional[str]


PALETTES = {"light": Palette(page="#ffffff", key_panel=None),
            "dark": Palette(page="#1e2320", key_panel="#f4efe2")}


@dataclass(frozen=True)
class _Show:
    """What a picture shows besides the cards: the options that can hide an exercise's answer
    (``lit``, ``rings``, ``score``), the traced paths and the "+N pts" previews."""

    lit: bool = True
    rings: bool = True
    score: bool = True
    trace: bool = False
    previews: Mapping[Tuple[int, int, int], int] = field(default_factory=dict)  # (seat, x, y) -> points


def _hand_built(game: "ForestGame") -> bool:
    """A position made with ``forest.from_scenario`` (its round number tells no game's story): its
    log opens with the scenario, not with the shuffle of a new game."""
    log = game.log
    return bool(log) and log[0].rule != "forest.setup.decks"


# -- words --------------------------------------------------------------------------------------

def _round_text(game: "ForestGame") -> str:
    return f"Round {game.round} of {game.total_rounds}"


def _result_text(game: "ForestGame") -> str:
    """The end of a game in a few words: "Red wins 23–19" (the runner-up's score after the dash)."""
    winners = game.winners()
    if not winners:
        return ""
    scores = game.scores()
    w = winners[0]
    others = [s for p, s in enumerate(scores) if p != w]
    return f"{game.player_name(w)} wins {scores[w]}–{max(others)}" if others else f"{game.player_name(w)} wins"


def state_text(game: "ForestGame") -> str:
    """One line: round, decision, move number; at the end "Game over · Red wins 23–19"."""
    if game.is_over:
        result = _result_text(game)
        return f"Game over · {result}" if result else "Game over"
    return f"{_round_text(game)} · {decision_text(game)} · move {len(game.history) + 1}"


def _scores_text(game: "ForestGame") -> str:
    return " · ".join(f"{game.player_name(p)} {s}" for p, s in enumerate(game.scores()))


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
                   title=f"({x}, {y}): {why.format(long=long, short=short)}", **style))


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


# -- the market, the legend, the banner (the normal table) ------------------------------------------

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
    s.add(text(x0 + slot_w / 2, pad + geo.fs(36), l2, size=geo.fs(9), fill="#595959"))
    cx, cy = x0 + (slot_w - c) / 2, pad + geo.fs(46)
    _market_card(s, game, geo, slot, cx, cy)


def _market_card(s: Scene, game: "ForestGame", geo: _Geo, slot: str, x: float, y: float) -> None:
    """An advisor's card, or (still clickable: a click there is explained, and a move can be
    outlined) where it was."""
    card = game.market[slot]
    if card is not None:
        s.add(*card_shapes(game.catalogue, card, 0, x, y, geo.face, hit=f"market:{slot}"))
    else:
        _empty_place(s, geo, x, y, "in hand" if game.held_from == slot else "taken", hit=f"market:{slot}")


def _shown_in_hand(game: "ForestGame") -> Optional[str]:
    """The card taken and not yet placed, or the starting animal being turned."""
    if game.held_card is not None:
        return game.held_card
    start = _pending_start(game)
    return start[1] if start else None


def _hand_slot(s: Scene, game: "ForestGame", geo: _Geo, x0: float, hw: float, rotation: int) -> None:
    """The card taken and not yet placed (or the starting animal being turned), turned as shown."""
    c, pad = geo.c, geo.pad
    s.add(text(x0 + hw / 2, pad + geo.fs(9), "In hand", size=geo.fs(13), bold=True, fill="#4a3a1a"))
    shown = _shown_in_hand(game)
    cy = pad + geo.fs(46)
    if shown is None:
        _empty_place(s, geo, x0 + (hw - c) / 2, cy, "empty")
        return
    q = (rotation // 90) % 4
    s.add(text(x0 + hw / 2, pad + geo.fs(24), f"turned {q * 90}°", size=geo.fs(10), fill="#333333"))
    s.add(text(x0 + hw / 2, pad + geo.fs(36), "⟲ ⟳ or R to turn", size=geo.fs(9), fill="#595959"))
    s.add(*card_shapes(game.catalogue, shown, q * 90, x0 + (hw - c) / 2, cy, geo.face, hit="hand"))


def _empty_place(s: Scene, geo: _Geo, x: float, y: float, label: str, hit: Optional[str] = None) -> None:
    """A dashed card outline with a word where a card is not."""
    c = geo.c
    s.add(rect(x + 2, y + 2, c - 4, c - 4, fill="#eeeae0", stroke="#cfc8b8", dash=(4, 3), radius=5, hit=hit))
    s.add(text(x + c / 2, y + c / 2, label, size=geo.small if geo.classroom else geo.fs(10), fill="#595959"))


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


def _legend_items(geo: _Geo, marks: Set[str]) -> list:
    """The legend's entries: (icon width, icon drawer or None, label, size, bold, colour). ``marks``
    names the marks drawn that not every picture has: "rings", "lit", "trace"."""
    r = 7 * geo.f
    size = geo.fs(11)
    items = [(0, None, "Foods:", size, True, "#000000")]
    for k, name in enumerate(FOOD_PLURALS):
        shape_word = ("circle", "wavy line", "oval", "triangle")[k]
        items.append((2.2 * r, lambda x, y, k=k, name=name: food_shapes(k, x + 1.1 * r, y, r, title=name),
                      f"{name} ({shape_word})", size, False, "#000000"))
    if "rings" in marks:
        items.append((3 * r, lambda x, y: [circle(x + 1.5 * r, y, r * 1.5, fill="#fff3c4", stroke=STORED_RING,
                                                  width=2)], "stored by an animal", size, False, "#000000"))
    items.append((1.5 * r, lambda x, y: [water_drop(x + 0.75 * r, y, r)], "water drop +1", size, False, "#000000"))
    items.append((r, lambda x, y: [rect(x, y - r / 2, r, r, fill=LAIR, stroke="#000000")],
                  "lair token +1 storage", size, False, "#000000"))
    if "lit" in marks:
        inset, style, _ = CELL_STYLES["legal"]
        items.append((2.4 * r, lambda x, y: [rect(x, y - 1.2 * r, 2.4 * r, 2.4 * r, radius=3, **style)],
                      "lit: you may place here", size, False, "#000000"))
    if "trace" in marks:
        items.append((3 * r, lambda x, y: [line([(x, y), (x + 3 * r, y)], stroke=TRAIL_STYLES[0][0], width=3)],
                      "an animal's path (its own colour)", size, False, "#000000"))
    items.append((0, None, "▢ storage · den: own points", geo.fs(10), False, "#555555"))
    return items


def _legend(geo: _Geo, width: float, marks: Set[str], pal: Palette) -> Scene:
    """The key to the foods and tokens, flowed onto as many lines as the width needs (on a panel
    of its own where the theme's table is dark)."""
    f, pad = geo.f, geo.pad
    r = 7 * f
    line_h = geo.fs(24)
    gap = 18 * f  # between items
    rows: List[List[tuple]] = [[]]
    x = indent = pad
    for i, (icon_w, draw, label, fs, bold, fill) in enumerate(_legend_items(geo, marks)):
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
    if pal.key_panel is not None:
        s.add(rect(pad / 2, 0, width - pad, h, fill=pal.key_panel, stroke="#c9c3b2", radius=8))
    for i, row in enumerate(rows):
        y = geo.fs(3) + (i + 0.5) * line_h
        for x, icon_w, draw, label, fs, bold, fill in row:
            if draw is not None:
                s.add(*draw(x, y))
            s.add(text(x + icon_w + (0.6 * r if icon_w else 0), y, label, size=fs, anchor="start", bold=bold,
                       fill=fill))
    return s


def _title_forms(game: "ForestGame", caption: bool, score: bool = True) -> Tuple[str, str, str]:
    """(everything on one line, the short title, what goes on a second line) for the banner."""
    if game.is_over:
        result = _result_text(game) if score else ""
        short = "Savernake Forest · Game over"
        return (f"{short} · {result}" if result else short), short, result
    short = f"Savernake Forest · {_round_text(game)} · move {len(game.history) + 1}"
    if not caption:
        return short, short, ""
    return f"Savernake Forest · {state_text(game)}", short, decision_text(game)


def _banner_rows(game: "ForestGame", geo: _Geo, room: float, caption: bool, score: bool) -> List[List[tuple]]:
    """The banner's lines, each a list of (text, (anchor, size, bold, colour)): on one line when
    everything fits, else the decision on a second line (and the scores on a third when even
    the short title and the scores collide)."""
    gap = 24 * geo.f
    t_size, s_size, d_size = geo.fs(16), geo.fs(13), geo.fs(14)
    scores = _scores_text(game) if score else ""
    full, short, decision = _title_forms(game, caption, score)
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
    return [row for row in rows if row]


def _banner(game: "ForestGame", geo: _Geo, width: float, caption: bool = True, score: bool = True) -> Scene:
    """The title bar: game, round, decision and move on the left, the scores on the right
    (none for a hand-built position: an empty scene)."""
    if _hand_built(game):
        return Scene(width, 0, background=None)
    pad = geo.pad
    room = width - 2 * pad
    rows = _banner_rows(game, geo, room, caption, score)
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


def _table_scene(game: "ForestGame", geo: _Geo, hl: Highlights, selected, preview, rotation: int, viewer,
                 caption: bool, show: _Show, pal: Palette) -> Scene:
    """The normal table: banner, market row, the forests two by two, the legend."""
    c, pad = geo.c, geo.pad
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
    banner = _banner(game, geo, width, caption, show.score)
    market = _market_block(game, geo, selected, rotation, width - 2 * pad)
    nrows = (players + per_row - 1) // per_row
    legend = _legend(geo, width, _marks(game, hl, show), pal)
    height = banner.height + market.height + pad + nrows * (block_h + pad) + legend.height + pad
    sc = Scene(width, height, background=pal.page, title=_scene_title(game, show.score))
    sc.extend(banner)
    sc.extend(market, pad, banner.height + pad / 2)
    y0 = banner.height + pad / 2 + market.height + pad / 2
    for p in range(players):
        block = _forest_block(game, p, geo, cols, rows, hl, preview, viewer, show)
        r, k = divmod(p, per_row)
        sc.extend(block, pad + k * (block_w + pad), y0 + r * (block_h + pad))
    sc.extend(legend, 0, height - legend.height - pad / 2)
    return sc


def _marks(game: "ForestGame", hl: Highlights, show: _Show) -> Set[str]:
    """The marks of this picture the legend explains besides the foods and tokens."""
    marks = {"rings"} if show.rings else set()
    if show.lit and any(game.forest(p).at((x, y)) is None for p, x, y in hl):
        marks.add("lit")
    if show.trace:
        marks.add("trace")
    return marks


def _scene_title(game: "ForestGame", score: bool = True) -> str:
    mode = "advanced 2-player" if game.advanced else f"{game.players} players"
    said = state_text(game) if score or not game.is_over else "Game over"
    return f"Savernake Forest ({mode}): {said}"


# -- the classroom layout (large=True) ---------------------------------------------------------------

_ROW_PAD = 3  # around a card in a classroom market row
_ROW_TEXT = (24.0, CLASSROOM_TEXT, CLASSROOM_TEXT)  # sizes of a market row's three lines


def _row_text_width() -> float:
    """The widest line a classroom market row may hold (fixed, so that the layout is)."""
    rows = list(ADVISOR_SHORT.values()) + [("In hand", "turned 270°", "")]
    return max(text_width(ln, size, k == 0) for row in rows for k, (ln, size) in enumerate(zip(row, _ROW_TEXT)))


def _classroom_market(game: "ForestGame", geo: _Geo, selected, rotation: int, height: float) -> Scene:
    """The four advisors and the card in hand, one row each: the card, and beside it the
    advisor and what it gives (or "In hand" and the turn shown)."""
    c = geo.c
    row_h = c + 2 * _ROW_PAD
    width = 2 * _ROW_PAD + c + 12 + _row_text_width() + 8
    gap = max(4.0, (height - 5 * row_h) / 4)
    s = Scene(width, max(height, 5 * row_h + 4 * gap), background=None)
    for i, slot in enumerate(SLOTS):
        y = i * (row_h + gap)
        _classroom_row(s, width, y, row_h, ADVISOR_SHORT[slot], selected == slot or game.held_from == slot)
        _market_card(s, game, geo, slot, _ROW_PAD, y + _ROW_PAD)
    y = 4 * (row_h + gap)
    shown = _shown_in_hand(game)
    q = (rotation // 90) % 4
    _classroom_row(s, width, y, row_h, ("In hand", f"turned {q * 90}°" if shown else "", ""), False)
    if shown is None:
        _empty_place(s, geo, _ROW_PAD, y + _ROW_PAD, "empty")
    else:
        s.add(*card_shapes(game.catalogue, shown, q * 90, _ROW_PAD, y + _ROW_PAD, geo.face, hit="hand"))
    return s


def _classroom_row(s: Scene, width: float, y: float, h: float, lines: Sequence[str], framed: bool) -> None:
    """A market row's frame and its (up to three) lines of text, right of the card."""
    s.add(rect(0, y, width, h, fill="#fffdf6", stroke="#e0a800" if framed else "#c9c3b2", width=3 if framed else 1,
               radius=6))
    shown = [(ln, size, k == 0) for k, (ln, size) in enumerate(zip(lines, _ROW_TEXT)) if ln]
    x = 2 * _ROW_PAD + (h - 2 * _ROW_PAD) + 12
    step = CLASSROOM_TEXT * 1.35
    top = y + h / 2 - (len(shown) - 1) * step / 2
    for k, (ln, size, bold) in enumerate(shown):
        s.add(text(x, top + k * step, ln, size=size, bold=bold, anchor="start",
                   fill=("#4a3a1a", "#222222", "#4d4d4d")[min(k, 2)]))


def _header_forms(game: "ForestGame", caption: bool, score: bool = True) -> List[str]:
    """The header's left text, longest first (a hand-built position tells no round)."""
    if game.is_over:
        said = state_text(game) if score else "Game over"
        return [f"Savernake Forest · {said}", said]
    round_text = "" if _hand_built(game) else _round_text(game)
    head = " · ".join(t for t in ("Savernake Forest", round_text) if t)
    if not caption:
        return [head]
    return [f"{head} · {decision_text(game)}", " · ".join(t for t in (round_text, decision_text(game)) if t)]


def _classroom_header(game: "ForestGame", width: float, caption: bool, score: bool = True) -> Scene:
    """One line on a dark bar: title, round (and the decision, with ``caption``) on the left,
    the scores on the right."""
    pad, gap, t_size, s_size, h = 12, 30, 25.0, 23.0, 46
    scores = _scores_text(game) if score else ""
    shown_scores = fit_text(scores, s_size, (width - 2 * pad) / 2)
    room = width - 2 * pad - gap - text_width(shown_scores, s_size)
    forms = _header_forms(game, caption, score)
    left = next((f for f in forms if text_width(f, t_size, True) <= room), None)
    if left is None:
        left = fit_text(forms[-1], t_size, room, True)
    s = Scene(width, h, background=None)
    s.add(rect(0, 0, width, h, fill="#2f4f2f"),
          text(pad, h / 2, left, size=t_size, bold=True, anchor="start", fill="#ffffff",
               title=forms[0] if left != forms[0] else None))
    if scores:
        s.add(text(width - pad, h / 2, shown_scores, size=s_size, anchor="end", fill="#e8f5e9",
                   title=scores if shown_scores != scores else None))
    return s


def _classroom_grid(game: "ForestGame") -> Tuple[int, int]:
    """Cells per forest panel: fixed for a square forest (the biggest window ``_window(clip=True)``
    can give: n+1 for an n×n forest, a side of the cards plus a ring row where a card still
    fits); the advanced long forests grow their panels as they need."""
    long, short = game.forest_bounds
    if long == short:
        return long + 1, long + 1
    windows = [_window(game, p, clip=True) for p in range(game.players)]
    return (max(6, max(w[2] - w[0] + 1 for w in windows)), max(6, max(w[3] - w[1] + 1 for w in windows)))


def _classroom_scene(game: "ForestGame", geo: _Geo, hl: Highlights, selected, preview, rotation: int, viewer,
                     caption: bool, show: _Show, pal: Palette) -> Scene:
    """The classroom layout: a one-line header, the market column, the forests two by two."""
    c, pad, m = geo.c, geo.pad, 10
    cols, rows = _classroom_grid(game)
    per_row = 1 if cols > 7 else 2
    block_w, block_h = cols * c + 2 * pad, rows * c + geo.head + 2 * pad
    market = _classroom_market(game, geo, selected, rotation, block_h)
    nrows = (game.players + per_row - 1) // per_row
    width = m + market.width + m + per_row * (block_w + m)
    header = _classroom_header(game, width, caption, show.score)
    body_h = max(market.height, nrows * block_h + (nrows - 1) * m)
    sc = Scene(width, header.height + body_h + 2 * m, background=pal.page, title=_scene_title(game, show.score))
    sc.extend(header)
    sc.extend(market, m, header.height + m)
    for p in range(game.players):
        r, k = divmod(p, per_row)
        block = _forest_block(game, p, geo, cols, rows, hl, preview, viewer, show)
        sc.extend(block, 2 * m + market.width + k * (block_w + m), header.height + m + r * (block_h + m))
    return sc


# -- the pictures --------------------------------------------------------------------------------------

def scene(game: "ForestGame", *, viewer=None, theme: str = "light", selected=None, highlights=None, preview=None,
          large=False, rotation=None, caption=True, lit=True, rings=True, score=True, log=True, previews=None,
          trace=False) -> Scene:
    """The whole table of ``game`` as a ``Scene`` (see the module docstring for options and hit ids).

    ``theme`` is "light" or "dark" (a dark table under the paper panels and cards).
    ``rotation`` is the turn shown for the card in hand (default: the preview's, else 0);
    ``large=True`` is the classroom layout; ``caption=False`` leaves the decision out of the header.
    A hand-built position (``forest.from_scenario``) has no round banner. The spoiler options,
    for exercises: ``lit=False`` (no lit cells or framed choices), ``rings=False`` (no stored foods
    ringed), ``score=False`` (no points anywhere); ``log`` is accepted for symmetry with the
    boards (a picture holds no log text). ``previews={(x, y): points}`` writes "+N pts" in those
    empty cells of the deciding player's forest; ``trace=True`` traces each animal's path in its
    own colour."""
    if theme not in PALETTES:
        raise ValueError(f"theme must be 'light' or 'dark', not {theme!r}")
    geo = _Geo(large)
    hl = _auto_highlights(game) if highlights is None else _norm_highlights(game, highlights)
    show = _Show(lit=bool(lit), rings=bool(rings), score=bool(score), trace=bool(trace),
                 previews=_norm_previews(game, previews))
    if rotation is None:
        rotation = preview[3] if preview is not None else 0
    build = _classroom_scene if large else _table_scene
    return build(game, geo, hl, selected, preview, rotation, viewer, caption, show, PALETTES[theme])


def forest_scene(game: "ForestGame", seat: int, *, cell: float = 96, highlights=None, preview=None, large=False,
                 viewer=None, lit=True, rings=True, score=True, log=True, previews=None, trace=True) -> Scene:
    """One player's forest alone, for lessons: header (name, score, cards), grid and cards, no
    round banner, each animal's path traced in its own colour with a key below (``trace=False``:
    plain paths). ``cell`` is the side of a card in scene units (CSS px at scale 1); ``large``
    is the classroom look (136 units, text at least ``CLASSROOM_TEXT``). ``highlights`` and
    ``previews`` take ``(x, y)`` cells of this forest; the spoiler options are those of ``scene``."""
    if isinstance(cell, bool) or not isinstance(cell, (int, float)) or not 40 <= cell <= 400:
        raise ValueError(f"cell must be a card side from 40 to 400 units, not {cell!r}")
    geo = _Geo(large, cell, clip=True)
    hl = _auto_highlights(game) if highlights is None else _norm_highlights(game, highlights, seat)
    show = _Show(lit=bool(lit), rings=bool(rings), score=bool(score), trace=bool(trace),
                 previews=_norm_previews(game, previews, seat))
    minx, miny, maxx, maxy = _window(game, seat, clip=True)
    block = _forest_block(game, seat, geo, maxx - minx + 1, maxy - miny + 1, hl, preview, viewer, show)
    key = _trail_key(game, seat, geo, block.width) if show.trace else Scene(block.width, 0, background=None)
    sc = Scene(block.width, block.height + key.height, background="#ffffff",
               title=f"Savernake Forest: {game.player_name(seat)}'s forest")
    return sc.extend(block).extend(key, 0, block.height)


def _trail_key(game: "ForestGame", seat: int, geo: _Geo, width: float) -> Scene:
    """Under a forest: each animal's name beside a piece of its path's colour and dash."""
    forest, cat = game.forest(seat), game.catalogue
    size = max(geo.small, 12.0)
    sample = 2.2 * size
    entries = [_trail_of(cat, forest, k, start) for k, start in enumerate(forest.animal_cells())]
    if not entries:
        return Scene(width, 0, background=None)
    pad, line_h = geo.pad, size * 1.8
    items = [("Paths:", None)] + [(name, trail) for trail, name in entries]
    rows: List[List[tuple]] = [[]]
    x = pad
    for label, trail in items:
        w = text_width(label, size, trail is None) + (sample + 6 if trail else 0)
        if rows[-1] and x + w > width - pad:
            rows.append([])
            x = pad + text_width("Paths:", size, True) + 12
        rows[-1].append((x, label, trail))
        x += w + 14
    s = Scene(width, len(rows) * line_h + pad / 2, background=None)
    for i, row in enumerate(rows):
        y = (i + 0.5) * line_h
        for x, label, trail in row:
            if trail is not None:
                s.add(line([(x, y), (x + sample, y)], stroke=trail.colour, width=TRAIL_WIDTH * geo.c,
                           dash=tuple(d * geo.c for d in trail.dash), title=trail.title))
                x += sample + 6
            s.add(text(x, y, label, size=size, anchor="start", bold=trail is None, fill="#222222",
                       title=trail.title if trail else None))
    return s


def card_scene(card_id: str, rotation: int = 0, size: float = 120, catalogue=None) -> Scene:
    """A single card (kit catalogue by default), turned ``rotation`` degrees clockwise."""
    if catalogue is None:
        catalogue = kit_catalogue()
    card = catalogue.card(card_id)
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be 0, 90, 180 or 270 degrees, not {rotation!r}")
    sc = Scene(size + 8, size + 8, background="#ffffff", title=f"{card} turned {rotation}°")
    return sc.add(*card_shapes(catalogue, card.id, rotation, 4, 4, CardFace(size), hit=f"card:{card.id}"))


__all__ = ["scene", "forest_scene", "card_scene", "state_text", "food_shapes", "SEAT_COLOURS", "SEAT_TEXT_COLOURS",
           "CLASSROOM_TEXT", "CLASSROOM_ROOM", "CLASSROOM_RATIO", "CLASSROOM_MAX_WIDTH", "TRAIL_STYLES", "PREVIEW_TEXT",
           "PALETTES"]
