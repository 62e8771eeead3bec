"""Savannah Tails pictures: a race as a ``Scene`` (plain data, no Jupyter).

``scene(game)`` draws the table: a header (course, round, whose turn), the course
as the players lay it out (tiles end to end, each corner turning the track 90°),
the ostriches on their spaces, the players in this round's turn order with their
bonus cards and card counts, the hand of the player to move, and a legend.
``scene(game, viewer="red")`` draws only the tiles around one ostrich, larger, with
its guide lines (forward and diagonal), for movement lessons.
``scene(game, classroom=True)`` is the classroom layout, for a board on a projector (the
page fits the picture to the window): a fixed landscape size (``CLASSROOM_SIZE``), the
course on the left as large as its box allows, and right of it a panel with the turn
order (name, token, race place, the bonus cards as large markers), the hand of the player
to move in large cards, their deck and discard pile, and a one-line key to the markers.
No text in it is under ``CLASSROOM_TEXT`` units: fitted to 1920×1080 with the board's
classroom chrome (``CLASSROOM_ROOM``) that is 24 px or more. It leaves out the tile ids
and the race badges on the tokens (the panel gives the places), and has every hit id of
the normal picture.

How it reads (``TEACHING.md``): every space is a footprint in its lane colour, a
rope-bridge space is striped in all four; water holes, quicksand, dune arrows and
the five animals are icons told apart by shape as well as colour; each tile shows
its baobab side as a small tree and its id (``T09``) in the other margin; the start
line is a white bar, the finish line a chequered one. Ostriches are round tokens
in the player colours with a double outline, their initial and a race-position
badge ("1st"), so they never look like a footprint. The picture brings its own
background (``theme="light"`` or ``"dark"``), so it reads the same in either
JupyterLab theme; text is 4.5:1 or more against what it is drawn on.

Layout: the course is walked on a grid of square cells (start tile facing east).
A course whose real shape would not fit ``MAX_COLS`` × ``MAX_ROWS`` cells, or
would cross itself, is cut into pieces that each keep their real shape; a
lettered badge (A, B…) marks where the track continues. The layout and every
shape of the tiles are worked out once per course (``course_layout``), so a frame
only adds the tokens and the panels.

This module lays the picture out; the course (where each tile and space lies, how a tile
is drawn) is ``render_course``, the panels beside it (players, hand, legend, the classroom
panel) are ``render_panels``, and the sizes, colours and palettes they share ``render_style``.

Clickable areas (hit ids):

* ``space:<space name>``   every space, e.g. ``space:T09:yellow:4``, ``space:T04:bridge:1``
  (the engine's space names, as in ``Move.to``);
* ``card:<card name>``     every card of the hand shown, e.g. ``card:yellow-5``;
* ``ostrich:<colour>``     an ostrich token (player colour);
* ``bonus:<colour>:<face>`` a player's bonus card, e.g. ``bonus:red:crazy-wings``.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING, Dict, Iterable, List, Optional, Tuple

from ..core.deprecated import deprecated
from ..core.scene import Circle, Scene, circle, rect, text
from .render_course import (Layout, baobab, bridge_footprint, course_layout, feature_icon, footprint, _layout, marker,
                            ostrich_token, space_title)
from .render_panels import (CLASSROOM_GRIDS, CLASSROOM_HEADER, CLASSROOM_PAD, CLASSROOM_PANEL, CLASSROOM_ROOM,
                            CLASSROOM_SIZE, CLASSROOM_TEXT, HAND_H, _ClassroomPanel, _Hand, _Players, card_shapes,
                            _legend, compact_legend)
from .render_style import (CELL, FOCUS_CELL, FOCUS_COLS, LANE_FILL, MARKER_TEXT, MAX_COLS, MAX_ROWS, ORDINALS, PAD,
                           PALETTES, PLAYER_FILL, Palette, text_w)
from .track import START

if TYPE_CHECKING:
    from .rules import TailsGame
    from .track import Track


# -- the picture ---------------------------------------------------------------------------------------

def _course_title(game: "TailsGame") -> str:
    name = game.course.name
    return "Custom course" if name == "custom" else name.replace("-", " ").title()


def _seat(game: "TailsGame", who, what: str) -> int:
    """A seat from a seat number or a colour (``red``, ``player:red``, ``ostrich:red``)."""
    if isinstance(who, bool):
        raise ValueError(f"{what} must be a seat or a player colour, not {who!r}")
    if isinstance(who, int):
        if 0 <= who < game.players:
            return who
        raise ValueError(f"{what}: there is no seat {who} (seats 0-{game.players - 1})")
    if isinstance(who, str):
        colour = who.split(":", 1)[1] if who.startswith(("player:", "ostrich:")) else who
        if colour in game.colours:
            return game.colours.index(colour)
    raise ValueError(f"{what} must be a seat or one of the player colours {', '.join(game.colours)}, not {who!r}")


def status_text(game: "TailsGame") -> str:
    """One line: the round and whose decision, or the result."""
    st = game.state
    if st.over:
        w = game.winners()[0]
        past = game.scores()[w]
        return f"Race over · {game.who(w)} wins, {past} space{'s' if past != 1 else ''} past the line"
    p = game.current_player
    rnd = f"Round {st.round}" + (" (last round)" if st.last_round else "")
    if st.pending_discard:
        n = st.pending_discard
        return f"{rnd} · {game.who(p)} discards {n} card{'s' if n != 1 else ''} down to the hand size"
    return f"{rnd} · {game.who(p)} to move"


def _header(game: "TailsGame", pal: Palette, width: float, extra: str = "", h: Optional[float] = None,
            size: float = 14.0) -> Scene:
    """The bar on top: game, course (and what a focused view shows) left, round and turn right."""
    h = HEADER_H if h is None else h
    s = Scene(width, h, background=None)
    s.add(rect(0, 0, width, h, fill=pal.band))
    right = status_text(game)
    forms = [" · ".join(t for t in ("Savannah Tails", _course_title(game), extra) if t), extra,
             f"Savannah Tails · {_course_title(game)}", "Savannah Tails"]
    room = width - 2 * PAD - text_w(right, size) - 24
    left = next((f for f in forms if f and text_w(f, size, True) <= room), forms[-1])
    s.add(text(PAD, h / 2, left, size=size, bold=True, anchor="start", fill=pal.band_ink),
          text(width - PAD, h / 2, right, size=size, anchor="end", fill=pal.band_ink))
    return s


#: the initial on a compact picture's ostrich, as a share of the large text: 12 px or more where a
#: 620 px column shows the compact picture
SNUG_LETTER = 0.8


def _tokens(game: "TailsGame", lay: Layout, order: List[int], ox: float, oy: float, places: bool = True,
            snug: bool = False) -> list:
    """Every ostrich on a tile of ``lay``, last in the race drawn first (the leader on top);
    ``places=False`` leaves out the race-position badges (and says none in the tooltips).
    A classroom layout (``lay.big_text``) draws large tokens whose initial is at least that
    size, without badges (the players' panel gives the race positions), and staggers the
    ostriches waiting behind the start line when they would not fit side by side. ``snug``
    (the compact picture, read close up): tokens the size of a space, so that none covers its
    neighbours, their initial filling the disc (``SNUG_LETTER`` of the large text)."""
    st = game.state
    r = 0.068 * lay.cell
    big = lay.big_text
    letter = None
    if big:
        r, places = max(r, 0.96 * big), False  # the initial: 1.05 r >= big_text
        if snug:
            r, letter = 0.085 * lay.cell, SNUG_LETTER * big
    waiting = [p for p in game.start_order if st.pos[p] == START]
    out = []
    for place in range(len(order) - 1, -1, -1):
        p = order[place]
        s = st.pos[p]
        colour = game.colours[p]
        if s == START:
            if 0 not in lay.tiles:
                continue
            k, n = waiting.index(p), max(len(waiting), 4)
            x, y = lay.waiting(k, n)
            step = (lay.cell - 2 * lay.m) / n
            if big and step < 2 * r + 4:  # two staggered columns, far enough apart for the discs to clear
                t = lay.tiles[0]
                apart = max(0.16 * lay.cell, math.sqrt(max(0.0, (2 * r + 3) ** 2 - step ** 2)))
                x, y = lay.at(t, 0.13 * lay.cell + (0 if k % 2 == 0 else apart), lay.m + (k + 0.5) * step)
            where = "behind the start line"
        else:
            sp = lay.spots.get(s)
            if sp is None:
                continue
            x, y = sp.x, sp.y
            where = "on " + space_title(game.track, s)
        title = f"{game.who(p)}'s ostrich, {ORDINALS[place]} in the race, {where}" if places else \
            f"{game.who(p)}'s ostrich, {where}"
        out += ostrich_token(ox + x, oy + y, r, colour, place if places else None, hit="ostrich:" + colour,
                             title=title, letter=letter)
    return out


def _rings(lay: Layout, names: Iterable[str], pal: Palette, ox: float, oy: float) -> list:
    """A ring around each named space (say, where the move may end)."""
    out = []
    by_name = lay.track.by_name
    for name in names:
        s = by_name.get(name)
        sp = lay.spots.get(s) if s is not None else None
        if sp is None:
            raise ValueError(f"highlights: no space {name!r} in this picture")
        out.append(circle(ox + sp.x, oy + sp.y, 0.62 * sp.length, stroke="#ffffff", width=5))
        out.append(circle(ox + sp.x, oy + sp.y, 0.62 * sp.length, stroke=pal.ring, width=3))
    return out


def _box_meets_circle(x, y, w, h, c) -> bool:
    cx, cy, r = c
    nx, ny = min(max(cx, x), x + w), min(max(cy, y), y + h)
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r


def _labels(lay: Layout, labels: Dict[str, str], pal: Palette, theme: str, ox: float, oy: float,
            size: float = 11.0, avoid: Optional[List[Tuple[float, float, float]]] = None) -> list:
    """A badge beside each labelled space (say, the points a move there uses: "4", "4+2"),
    clickable as the space itself. With ``avoid`` (circles: x, y, r), each badge goes to the
    first corner around its space where it covers none of them and no other badge."""
    out = []
    placed: List[Tuple[float, float, float, float]] = []
    ink = "#ffffff" if theme == "light" else "#1a1a1a"
    by_name = lay.track.by_name
    for name, label in labels.items():
        s = by_name.get(name)
        sp = lay.spots.get(s) if s is not None else None
        if sp is None:
            raise ValueError(f"labels: no space {name!r} in this picture")
        w, h = text_w(label, size, True) + 8 * size / 11, 16.0 * size / 11
        x, y = ox + sp.x + 0.42 * sp.length, oy + sp.y - 0.42 * sp.length - h
        if avoid is not None:  # the first corner around the space where the badge covers nothing
            d = 0.42 * sp.length
            for bx, by in ((x, y), (ox + sp.x - d - w, y), (x, oy + sp.y + d), (ox + sp.x - d - w, oy + sp.y + d)):
                if not any(_box_meets_circle(bx, by, w, h, c) for c in avoid) and \
                        not any(bx < x1 + 2 and x0 - 2 < bx + w and by < y1 + 2 and y0 - 2 < by + h
                                for x0, y0, x1, y1 in placed):
                    x, y = bx, by
                    break
            placed.append((x, y, x + w, y + h))
        said = f"{space_title(lay.track, s)}: {label}"
        out += [rect(x, y, w, h, fill=pal.ring, stroke="#ffffff", width=1.2, radius=h / 2, hit="space:" + name,
                     title=said),
                text(x + w / 2, y + h / 2 + 0.5, label, size=size, bold=True, fill=ink, title=said)]
    return out


# -- the whole scene ----------------------------------------------------------------------------------

def focus_window(game: "TailsGame", seat: int) -> Tuple[int, int]:
    """The tiles a focused view shows: the one before the ostrich's, its own and two ahead
    (as far as a move with bonus movement, Neck Stretch and a dune arrow can reach)."""
    tr = game.track
    s = game.state.pos[seat]
    pos = 0 if s == START else tr.tile_pos[s]
    last = min(pos + 2, max(tr.finish_pos, pos))
    return max(0, pos - 1), last


def _shown_until(game: "TailsGame", lay: Layout) -> int:
    """The last tile drawn: the finish, or the furthest extra straight an ostrich stands on."""
    tr = game.track
    far = max((tr.tile_pos[s] for s in game.state.pos if s != START), default=0)
    return min(max(tr.finish_pos, far), lay.last)


HEADER_H = 34


# -- the classroom layout (classroom=True; its sizes and panel are in ``render_panels``) ---------------

@functools.lru_cache(maxsize=16)
def _classroom_fit(track: "Track", shown: int, box_w: float, box_h: float) -> Tuple[float, int, int]:
    """(cell, cols, rows): the largest tile cell (whole units), and the piece shape giving it,
    at which the course up to ``shown`` fits a ``box_w`` × ``box_h`` box; kept per course."""
    last = len(track.tile_kind) - 1
    best = (0.0, MAX_COLS, MAX_ROWS)
    for cols, rows in CLASSROOM_GRIDS:
        _s, w, h = Layout(track, 0, last, CELL, cols, rows, False).shapes(shown)
        cell = math.floor(CELL * min(box_w / w, box_h / h))
        while cell > 40:
            _s, w, h = Layout(track, 0, last, cell, cols, rows, False, CLASSROOM_TEXT).shapes(shown)
            if w <= box_w + 1e-6 and h <= box_h + 1e-6:
                break
            cell -= 2  # the gaps between the pieces of a cut course do not scale with the cell
        if cell > best[0]:
            best = (float(cell), cols, rows)
    return best


def _classroom_scene(game: "TailsGame", *, hand, highlights, theme: str, legend: bool, links, labels,
                     places: bool, players: bool, compact: bool = False) -> Scene:
    """The classroom layout (see ``scene``); ``compact``: the panel under the track instead of
    beside it, and every tile from the start (a board's column: one size for the whole race)."""
    pal = PALETTES[theme]
    tr = game.track
    t = CLASSROOM_TEXT
    width, height = CLASSROOM_SIZE
    pad, head = CLASSROOM_PAD, CLASSROOM_HEADER
    box_w = width - CLASSROOM_PANEL - 3 * pad
    box_h = height - head - 2 * pad
    base = course_layout(game)
    shown = base.last if compact else _shown_until(game, base)
    cell, cols, rows = _classroom_fit(tr, shown, box_w, box_h)
    lay = _layout(tr, 0, len(tr.tile_kind) - 1, cell, cols, rows, bool(links), t)
    static, track_w, track_h = lay.shapes(shown)
    order = game.race_order()
    if hand is False:
        hand_seat = None
    elif hand is None:
        hand_seat = game.current_player
    else:
        hand_seat = _seat(game, hand, "hand")
    seats = list(game.state.order) if players else []
    panel = _ClassroomPanel(game, pal, CLASSROOM_PANEL, seats, hand_seat, legend)
    if compact:
        width = max(track_w + 2 * CLASSROOM_TEXT, CLASSROOM_PANEL) + 2 * pad  # the "A" badges stick out
        x_track, y_track = (width - track_w) / 2, head + pad
        x_panel, y_panel = pad, y_track + track_h + pad
        panel = _ClassroomPanel(game, pal, width - 2 * pad, seats, hand_seat, legend, beside=True)
        room = _ClassroomPanel(game, pal, width - 2 * pad, seats, 0, legend, beside=True).height  # a hand's room, at the end too
        height = y_panel + max(panel.height, room) + pad
        cuts = any(b <= shown for _l, _a, b in lay.cuts)
        key, key_h = compact_legend(lay, theme, width - 2 * pad, cuts, t) if legend else ([], 0)
        key = [shape.moved(pad, height) for shape in key]
        height += key_h + (pad if key_h else 0)
    else:
        x_track = pad + (box_w - track_w) / 2
        y_track = head + pad + (box_h - track_h) / 2
        x_panel = width - pad - CLASSROOM_PANEL
        y_panel = head + pad + max(0.0, (box_h - panel.height) / 2)
    sc = Scene(width, height, background=pal.background,
               title=f"Savannah Tails ({_course_title(game)}): {status_text(game)}")
    sc.extend(_header(game, pal, width, h=head, size=t + 2))
    sc.shapes.extend(lay.shapes(shown, x_track, y_track)[0])
    labels = dict(labels or {})
    sc.shapes.extend(_rings(lay, list(highlights) + [n for n in labels if n not in highlights], pal, x_track, y_track))
    tokens = _tokens(game, lay, order, x_track, y_track, places, snug=compact)
    sc.shapes.extend(tokens)
    sc.shapes.extend(panel.shapes(order, x_panel, y_panel))
    if compact:
        sc.shapes.extend(key)
    discs = [(c.cx, c.cy, c.r) for c in tokens if isinstance(c, Circle)]
    sc.shapes.extend(_labels(lay, labels, pal, theme, x_track, y_track, size=t, avoid=discs))  # on top of all
    return sc


def scene(game: "TailsGame", *, viewer=None, hand=None, highlights=(), theme: str = "light", legend: bool = True,
          links: Optional[bool] = None, labels: Optional[Dict[str, str]] = None, places: bool = True,
          players: bool = True, classroom: bool = False, focus=None, steady: bool = False,
          compact: bool = False) -> Scene:
    """The race as a ``Scene`` (see the module docstring for the hit ids).

    ``viewer`` (a seat, a player colour, ``"ostrich:red"``) draws the race as that player sees
    it: only the tiles around their ostrich, larger, with their cards. ``hand`` is whose hand is
    shown: default the player to move (the viewer with ``viewer``), a seat or colour, or ``False``
    for none (hands are hidden information). ``highlights`` are space names to ring (legal ends,
    say). ``theme`` is "light" or "dark" (the picture brings its own background). ``links`` draws
    the diagonal guide lines too (default: in a viewer's view only). ``labels`` maps space names
    to a short text drawn in a badge beside the space (ringed too), e.g. the points a move there
    uses. ``places=False`` draws the ostriches without their race-position badges and
    ``players=False`` leaves out the players' panel (turn order, race positions, bonus cards): for
    exercises that ask the race order. ``classroom=True`` draws the classroom layout (see the
    module docstring; not with ``viewer``). ``focus`` is the older name of ``viewer``. ``steady=True``
    is a board's layout, the same size for the whole race: every tile of the course (the extra
    straights past the finish too, where a race may end) and room for a hand under the players'
    panel, even when none is shown. ``compact=True`` is a board's picture for a narrow column (under
    about 900 px): the classroom's large pieces, every tile, the players' panel under the track,
    so that its text reads at 12 px or more in a 620 px column."""
    named = "viewer"
    if focus is not None:
        deprecated("scene(focus=...) is deprecated: use scene(viewer=...)", through=("scene",))
        viewer, named = focus, "focus"
    if theme not in PALETTES:
        raise ValueError(f"theme must be 'light' or 'dark', not {theme!r}")
    if isinstance(highlights, str):
        highlights = (highlights,)
    if classroom or compact:
        if viewer is not None:
            raise ValueError(f"classroom=True and compact=True draw the whole table: leave out {named}")
        return _classroom_scene(game, hand=hand, highlights=highlights, theme=theme, legend=legend, links=links,
                                labels=labels, places=places, players=players, compact=compact and not classroom)
    pal = PALETTES[theme]
    tr = game.track
    if viewer is not None:
        seat: Optional[int] = _seat(game, viewer, named)
        first, last = focus_window(game, seat)
        lay = _layout(tr, first, last, FOCUS_CELL, FOCUS_COLS, MAX_ROWS, True if links is None else bool(links))
        seats = [seat]
        extra = f"{game.who(seat)}'s ostrich, tiles {lay.tiles[first].tile_id}–{lay.tiles[last].tile_id}"
    else:
        seat = None
        lay = _layout(tr, 0, len(tr.tile_kind) - 1, CELL, MAX_COLS, MAX_ROWS, bool(links))
        seats = list(game.state.order)
        extra = ""
    shown = lay.last if steady else _shown_until(game, lay)
    _static, track_w, track_h = lay.shapes(shown)
    order = game.race_order()
    if hand is False:
        hand_seat = None
    elif hand is None:
        hand_seat = seat if seat is not None else game.current_player
    else:
        hand_seat = _seat(game, hand, "hand")
    show_players = players
    players = _Players(game, seats)
    if not show_players:
        players.width = players.height = 0
    cards = _Hand(game, hand_seat) if hand_seat is not None else None
    inner = max(track_w, players.width, cards.width if cards else 0)
    side_by_side = cards is not None and players.width + 2 * PAD + cards.width <= inner and not steady
    width = inner + 2 * PAD
    y_track = HEADER_H + PAD
    x_track = PAD + (inner - track_w) / 2
    y_panels = y_track + track_h + PAD
    panels_h = max(players.height, cards.height) if side_by_side and cards else \
        players.height + (HAND_H + PAD if cards or steady else 0)
    y_legend = y_panels + panels_h + PAD
    cuts = any(b <= shown for _l, _a, b in lay.cuts)
    key, key_h = _legend(lay, theme, inner, PAD, y_legend, cuts, places) if legend else ((), 0.0)
    height = y_legend + key_h + (PAD if legend else 0)
    sc = Scene(width, height, background=pal.background,
               title=f"Savannah Tails ({_course_title(game)}): {status_text(game)}")
    sc.extend(_header(game, pal, width, extra))
    sc.shapes.extend(lay.shapes(shown, x_track, y_track)[0])
    labels = dict(labels or {})
    sc.shapes.extend(_rings(lay, list(highlights) + [n for n in labels if n not in highlights], pal, x_track, y_track))
    sc.shapes.extend(_tokens(game, lay, order, x_track, y_track, places))
    sc.shapes.extend(_labels(lay, labels, pal, theme, x_track, y_track))
    if show_players:
        sc.shapes.extend(players.shapes(pal, order, PAD, y_panels))
    if cards is not None:
        if side_by_side:
            sc.shapes.extend(cards.shapes(pal, PAD + inner - cards.width, y_panels))
        else:
            sc.shapes.extend(cards.shapes(pal, PAD, y_panels + players.height + PAD))
    sc.shapes.extend(key)
    return sc


__all__ = ["scene", "course_layout", "CLASSROOM_SIZE", "CLASSROOM_ROOM", "CLASSROOM_TEXT", "CLASSROOM_HEADER",
           "HEADER_H", "focus_window", "status_text", "footprint", "bridge_footprint", "feature_icon", "ostrich_token",
           "card_shapes", "marker", "baobab", "PALETTES", "LANE_FILL", "PLAYER_FILL", "MARKER_TEXT", "ORDINALS",
           "text_w", "CELL", "FOCUS_CELL", "MAX_COLS"]
