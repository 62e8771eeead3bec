"""Savernake Forest pictures: a game state as a ``Scene`` (plain data, no Jupyter).

``scene(game)`` draws the whole table: the banner (round, whose decision, what
is being decided; none for a hand-built position, made with ``from_scenario``),
the market (the four advisors, each with its card and its benefit in words, the
card in hand), the pawn holder, the supply, every player's forest with its live
score, and a legend of the food shapes and of the other marks drawn.
``card_scene(card_id)`` draws one card; ``forest_scene(game, seat)`` one forest
for a lesson, 96 units a cell, each animal's path traced in its own colour and
named in a key below.
This module lays out the table; one forest's panel is ``render_forest``, the banner,
the market and the key are ``render_table``, and a card itself (its paths and foods, an
animal's face) is drawn by ``card_shapes``, which also tells how to read one. Everything is
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

from typing import TYPE_CHECKING, List, Set, Tuple

from ..core.scene import Scene, line, text
from .card_shapes import TRAIL_STYLES, TRAIL_WIDTH, CardFace, card_shapes, food_shapes, text_width
from .data import ROTATIONS, kit_catalogue
from .render_forest import (CLASSROOM_TEXT, PREVIEW_TEXT, SEAT_COLOURS, SEAT_TEXT_COLOURS, Highlights, _auto_highlights,
                            _forest_block, _Geo, _norm_highlights, _norm_previews, _Show, _trail_of, _window)
from .render_table import (PALETTES, Palette, _banner, _classroom_header, _classroom_market, _legend, _market_block,
                           _slot_width, state_text)

if TYPE_CHECKING:
    from .rules import ForestGame

#: The classroom layout (its smallest text is ``CLASSROOM_TEXT``): the room it is scaled into (px),
#: its width/height ratio and its widest width (units).
CLASSROOM_ROOM = (1920, 930)
CLASSROOM_RATIO = (1.9, 2.3)
CLASSROOM_MAX_WIDTH = 1800


# -- the two layouts: the normal table and the classroom (large=True) --------------------------------------

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
                     caption: bool, show: _Show, pal: Palette, compact: bool = False) -> Scene:
    """The classroom layout: a one-line header, the market column, the forests two by two
    (``compact``: one under another, for a narrow column)."""
    c, pad, m = geo.c, geo.pad, 10
    cols, rows = _classroom_grid(game)
    per_row = 1 if cols > 7 or compact else 2
    block_w, block_h = cols * c + 2 * pad, rows * c + geo.head + 2 * pad
    market = _classroom_market(game, geo, selected, rotation, block_h)
    nrows = (game.players + per_row - 1) // per_row
    width = m + market.width + m + per_row * (block_w + m)
    header = _classroom_header(game, width, caption, show.score)
    body_h = max(market.height, nrows * block_h + (nrows - 1) * m)
    # the compact picture keeps the wide one's key, its words as large as the rest: under the market
    # where the forests leave room beside it, else under everything
    key = under = None
    if compact:
        marks, big = _marks(game, hl, show), _Geo.grown(geo, CLASSROOM_TEXT / 10)
        key = _legend(big, market.width + 2 * m, marks, pal)
        if market.height + m + key.height > body_h:
            key, under = None, _legend(big, width, marks, pal)
    sc = Scene(width, header.height + body_h + 2 * m + (under.height + m if under else 0), background=pal.page,
               title=_scene_title(game, show.score))
    sc.extend(header)
    sc.extend(market, m, header.height + m)
    for p in range(game.players):
        r, k = divmod(p, per_row)
        block = _forest_block(game, p, geo, cols, rows, hl, preview, viewer, show)
        sc.extend(block, 2 * m + market.width + k * (block_w + m), header.height + m + r * (block_h + m))
    if key is not None:
        sc.extend(key, 0, header.height + 2 * m + market.height)
    if under is not None:
        sc.extend(under, 0, header.height + body_h + 2 * m)
    return sc


# -- the pictures --------------------------------------------------------------------------------------

def scene(game: "ForestGame", *, viewer=None, theme: str = "light", selected=None, highlights=None, preview=None,
          large=False, rotation=None, caption=True, lit=True, rings=True, score=True, log=True, previews=None,
          trace=False, compact=False) -> Scene:
    """The whole table of ``game`` as a ``Scene`` (see the module docstring for options and hit ids).

    ``theme`` is "light" or "dark" (a dark table under the paper panels and cards).
    ``rotation`` is the turn shown for the card in hand (default: the preview's, else 0);
    ``large=True`` is the classroom layout; ``compact=True`` its large pieces arranged for a narrow
    column (a board's column under about 1,000 px: the forests one under another, beside the
    market, so that its text reads at 12 px or more in a 620 px column); ``caption=False`` leaves the decision out of the header.
    A hand-built position (``forest.from_scenario``) has no round banner. The spoiler options,
    for exercises: ``lit=False`` (no lit cells or framed choices), ``rings=False`` (no stored foods
    ringed), ``score=False`` (no points anywhere); ``log`` is accepted for symmetry with the
    boards (a picture holds no log text). ``previews={(x, y): points}`` writes "+N pts" in those
    empty cells of the deciding player's forest; ``trace=True`` traces each animal's path in its
    own colour."""
    if theme not in PALETTES:
        raise ValueError(f"theme must be 'light' or 'dark', not {theme!r}")
    geo = _Geo(large or compact)
    hl = _auto_highlights(game) if highlights is None else _norm_highlights(game, highlights)
    show = _Show(lit=bool(lit), rings=bool(rings), score=bool(score), trace=bool(trace),
                 previews=_norm_previews(game, previews))
    if rotation is None:
        rotation = preview[3] if preview is not None else 0
    if large or compact:
        return _classroom_scene(game, geo, hl, selected, preview, rotation, viewer, caption, show, PALETTES[theme],
                                compact=compact and not large)
    return _table_scene(game, geo, hl, selected, preview, rotation, viewer, caption, show, PALETTES[theme])


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
