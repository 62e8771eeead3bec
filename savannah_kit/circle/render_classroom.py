"""The classroom layout of a Circle of Life table (``render``, ``classroom=True``): a fixed
landscape size for a projector, the savannah as large tiles, the hand as large cards, the
players' table; its sizes and the parts the board's classroom bar lines up with."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, List, Optional, Tuple

from ..core.scene import Scene, Text, circle, grown, line, polygon, rect, text
from ..core.words import plural
from .data import Catalogue, Species
from .render_card import CardLine, card_lines, card_title, group_style
from .render_icons import species_icon
from .render_panels import hand_visible, _legend_icon, _ring_ids, status_text, _viewer
from .render_story import HuntStory, story_marks
from .render_style import (CARD_EDGE, CARD_FACE, CARD_INK, CARD_MUTED, KILL_INK, PALETTES, PLAYER_FILL, SCARE_INK,
                           SHORT_NAMES, STAR_EDGE, STAR_FILL, Palette, card_back, group_shape, predator_mark, _star,
                           text_w, token, _wrap)
from .text import player_name

if TYPE_CHECKING:
    from .rules import CircleGame


# -- the classroom layout (classroom=True) ---------------------------------------------------------------------

#: The classroom picture: its fixed size (scene units) and the room the shared board fits it into on a
#: 1920x1080 screen in classroom mode (px: the window less the page margins, the row of buttons and
#: status over it and the last events under it; a guided game's guide line takes about 34 px more), the
#: scale that gives, and the smallest text (units) that is then at least 24 px.
CLASSROOM_SIZE = (1800, 840)
CLASSROOM_ROOM = (1880, 900)
CLASSROOM_SCALE = min(CLASSROOM_ROOM[0] / CLASSROOM_SIZE[0], CLASSROOM_ROOM[1] / CLASSROOM_SIZE[1])
CLASSROOM_TEXT = math.ceil(2 * 24 / CLASSROOM_SCALE) / 2 + 0.5
CLASSROOM_PAD = 16
CLASSROOM_HEADER = 48
#: a savannah card in the classroom (a tile: group, level, icon, name, marks, token), and per line:
#: large tiles while the row fits three lines of them, then smaller ones (the words keep their size)
TILE_W, TILE_H, TILE_GAP, TILES_PER_LINE, TILE_LINES = 156, 120, 5, 11, 4
LARGE_TILE = (214, 160, 8, 8, 3)  # w, h, gap, per line, lines
TILES_Y = 88
#: a hand card in the classroom (the tile's words and its hunts and placement rule)
HAND_W, HAND_H = 380, 212
BOTTOM_Y = TILES_Y + TILE_LINES * TILE_H + (TILE_LINES - 1) * TILE_GAP + 10
#: where the board's buttons go in the classroom (x, y, w, h): over the players' table
CLASSROOM_BAR = (CLASSROOM_PAD + 3 * HAND_W + 2 * 12 + 24, BOTTOM_Y, 0, 48)
CLASSROOM_BAR = (CLASSROOM_BAR[0], BOTTOM_Y, CLASSROOM_SIZE[0] - CLASSROOM_PAD - CLASSROOM_BAR[0], 48)
#: The compact picture (a board in a narrow column): the classroom's pieces in a column as wide as a
#: hand of three (1,196 units: its text reads at 12 px in a 620 px column), the players' table and
#: the board's buttons under the hand; the tiles (w, h, gap, per line, lines): large, then smaller as
#: the row grows, each stage filling the same box (three lines of large tiles), so that a fresh game
#: keeps little room empty (the narrowest tiles name a Rhinoceros and a Wildebeest short). A row
#: longer than the last stage holds (39 cards, more than games reach but rarely) grows the picture.
COMPACT_WIDTH = 2 * CLASSROOM_PAD + 3 * HAND_W + 2 * 12
COMPACT_TILES = ((214, 176, 8, 5, 3), (162, 132, 4, 7, 4), (162, 106, 4, 7, 5), (142, 106, 4, 8, 5))


def _tiles_end(geometries) -> float:
    """Under the savannah's lines: the lowest of the tile geometries, each with all its lines."""
    return TILES_Y + max(lines * h + (lines - 1) * gap for _w, h, gap, _per, lines in geometries) + 10


def classroom_bottom(n: int, compact: bool = False) -> float:
    """Where the hand and the players' table begin in the classroom picture, for a savannah of ``n``
    cards (lower only when the row needs more than ``TILE_LINES`` lines)."""
    w, h, _gap, _per, _lines = tile_geometry(n, compact)
    least = _tiles_end(COMPACT_TILES) if compact else BOTTOM_Y
    return max(least, classroom_tile_boxes(n + 1, compact=compact)[n][1] + h + 10)


def classroom_bar(n: int, compact: bool = False) -> Tuple[float, float, float, float]:
    """(x, y, w, h) of the board's buttons, over the players' table, for a savannah of ``n`` cards:
    right of the hand in the classroom picture, under it in the compact one."""
    if compact:
        return CLASSROOM_PAD, classroom_bottom(n, True) + 28 + HAND_H + 36, COMPACT_WIDTH - 2 * CLASSROOM_PAD, 48
    x, _y, w, h = CLASSROOM_BAR
    return x, classroom_bottom(n), w, h


def tile_geometry(n: int, compact: bool = False) -> Tuple[float, float, float, int, int]:
    """(width, height, gap, per line, lines) of the classroom tiles for a savannah of ``n`` cards."""
    stages = COMPACT_TILES if compact else (LARGE_TILE, (TILE_W, TILE_H, TILE_GAP, TILES_PER_LINE, TILE_LINES))
    return next((g for g in stages if n + 1 <= g[3] * g[4]), stages[-1])


#: names too long for the compact picture's narrowest tiles (the classroom's and compact picture's)
TILE_SHORT_NAMES = dict(SHORT_NAMES, Rhinoceros="Rhino", Wildebeest="Gnu")


def _tile_name(name: str, room: float, size: float) -> str:
    return TILE_SHORT_NAMES.get(name, name) if text_w(name, size, True) > room else name


def _marks_in_band(sp: Species, right: float, cy: float) -> list:
    """The predator and Big Five marks at the right end of a classroom card's band (no text)."""
    out: list = []
    if sp.big_five:
        out.append(polygon(_star(right, cy, 11), fill=STAR_FILL, stroke=STAR_EDGE, width=1.2, title="Big Five animal"))
        right -= 24
    if sp.predator:
        out += predator_mark(right, cy, 10)
    return out


def classroom_tile(cat: Catalogue, card: int, x: float, y: float, owner: int = -1, hit=None, title_extra="",
                   t: float = None, size: Tuple[float, float] = (TILE_W, TILE_H)) -> list:
    """A savannah card in the classroom, ``size`` (w, h) units, every word at least ``t`` units (kept,
    like ``card_shapes``)."""
    return list(_classroom_tile(cat, card, x, y, owner, hit, title_extra, t, size))


@lru_cache(maxsize=2048)
def _classroom_tile(cat: Catalogue, card: int, x: float, y: float, owner: int, hit, title_extra, t, size) -> tuple:
    t = t or CLASSROOM_TEXT
    sp = cat.card_species[card]
    cid = cat.ids[card]
    w, h = size
    k = h / TILE_H  # the drawing grows with a large tile; the words only a little
    fill, shape = group_style(cat, sp.group)
    title = f"{sp.name} ({cid}): {card_title(sp)}" + title_extra
    out = [rect(x, y, w, h, fill=CARD_FACE, stroke=CARD_EDGE, width=1.6, radius=8, hit=hit, title=title),
           rect(x + 0.8, y + 0.8, w - 1.6, 30, fill=fill, radius=7), rect(x + 0.8, y + 18, w - 1.6, 13, fill=fill)]
    out += group_shape(shape, x + 12, y + 16, 6.5, "#ffffff", "#1a1a1a", 1, title=f"group {sp.group}")
    marks = 6 + 23 * (sp.big_five + sp.predator)  # the band's right end: its edge, and the marks
    if 22 + 1.2 * text_w(sp.group, t, True) <= w - marks:  # capitals are wide; a narrow tile keeps the shape alone
        out.append(text(x + 22, y + 16, sp.group, size=t, bold=True, anchor="start", fill="#ffffff",
                        title=f"group {sp.group}"))
    out += _marks_in_band(sp, x + w - 14, y + 16)
    mid = y + 30 + (h - 30 - 34) / 2 + 2
    out.append(text(x + 18 * k, mid, str(sp.level), size=32 * k, bold=True, fill=CARD_INK, title=f"level {sp.level}"))
    out += species_icon(sp.name, x + 36 * k + 30 * k, mid, 21 * k)
    if owner >= 0:
        out += token(x + w - 28 * k, mid, max(22.5, 23 * min(k, 1.15)), owner, title=f"{player_name(owner)}'s token")
    size = t + 3 if k > 1 and text_w(sp.name, t + 3, True) <= w - 8 else t
    name = _tile_name(sp.name, w - 8, size)
    out.append(text(x + w / 2, y + h - 17, name, size=size, bold=True, fill=CARD_INK, title=title))
    return out


def _hand_lines(sp: Species, t: float) -> List[Tuple[CardLine, List[str]]]:
    out = []
    for cl in card_lines(sp):
        arrows = cl.reach * 11 + 6 if cl.reach else 24
        out.append((cl, _wrap(cl.words, t, HAND_W - 24 - arrows)))
    return out


def _hand_text_place(n: int, h: float, t: float) -> Tuple[float, float, float]:
    """Where a hand card's ``n`` lines of words go: (first line, line step, the name's row), under
    the name with room to breathe, or, for the wordiest cards (the Maasai's six lines), closer
    together and the name's row higher, so that the last line stays on the card."""
    if 96 + (n - 1) * (t + 2) + t / 2 <= h - 4:
        return 96, t + 2, 57
    return 80, max(t, (h - 4 - t / 2 - 80) / max(n - 1, 1)), 50


def classroom_hand_card(cat: Catalogue, card: int, x: float, y: float, hit=None, title_extra="",
                        t: float = None) -> list:
    """A hand card in the classroom: the tile's words, then its hunts (reach as arrows) and placement rule."""
    t = t or CLASSROOM_TEXT
    sp = cat.card_species[card]
    cid = cat.ids[card]
    w, h = HAND_W, HAND_H
    fill, shape = group_style(cat, sp.group)
    title = f"{sp.name} ({cid}): {card_title(sp)}" + title_extra
    out = [rect(x, y, w, h, fill=CARD_FACE, stroke=CARD_EDGE, width=1.6, radius=8, hit=hit, title=title),
           rect(x + 0.8, y + 0.8, w - 1.6, 30, fill=fill, radius=7), rect(x + 0.8, y + 18, w - 1.6, 13, fill=fill)]
    out += group_shape(shape, x + 12, y + 16, 6.5, "#ffffff", "#1a1a1a", 1, title=f"group {sp.group}")
    out.append(text(x + 22, y + 16, sp.group, size=t, bold=True, anchor="start", fill="#ffffff"))
    out += _marks_in_band(sp, x + w - 14, y + 16)
    said = _hand_lines(sp, t)
    ty, step, row = _hand_text_place(sum(len(lines) for _cl, lines in said), h, t)
    out.append(text(x + 18, y + row - 1, str(sp.level), size=32, bold=True, fill=CARD_INK, title=f"level {sp.level}"))
    out += species_icon(sp.name, x + 64, y + row, 20)
    out.append(text(x + 96, y + row, sp.name, size=t, bold=True, anchor="start", fill=CARD_INK, title=title))
    ty += y
    for cl, lines in said:
        ink = {"kill": KILL_INK, "scare": SCARE_INK}.get(cl.kind, CARD_INK if cl.kind == "special" else CARD_MUTED)
        if cl.reach:
            for k in range(cl.reach):
                ax = x + 10 + k * 11
                out.append(polygon([(ax, ty), (ax + 9.5, ty - 6.5), (ax + 9.5, ty + 6.5)], fill=ink))
            aw = cl.reach * 11 + 6
        else:
            aw = 24
            if cl.kind in ("forbid", "require"):
                out.append(circle(x + 18, ty, 7.5, stroke=CARD_MUTED, width=2))
                if cl.kind == "forbid":
                    out.append(line([(x + 13, ty + 5), (x + 23, ty - 5)], stroke=CARD_MUTED, width=2))
                else:
                    out.append(line([(x + 14, ty + 0.5), (x + 17, ty + 3.5), (x + 22.5, ty - 3.5)], stroke=CARD_MUTED,
                                    width=2))
            else:
                out.append(polygon(_star(x + 18, ty, 8), fill=CARD_INK))
        for k, words in enumerate(lines):
            out.append(text(x + 10 + aw, ty + k * step, words, size=t, anchor="start", fill=ink))
        ty += step * len(lines)
    return out


def classroom_tile_boxes(n: int, cards: Optional[int] = None, compact: bool = False) -> List[Tuple[float, float]]:
    """The top-left corners of ``n`` classroom savannah slots (the cards, then the "new card" slot), for
    a savannah of ``cards`` cards (default ``n - 1``)."""
    w, h, gap, per, _lines = tile_geometry(n - 1 if cards is None else cards, compact)
    return [(CLASSROOM_PAD + (i % per) * (w + gap), TILES_Y + (i // per) * (h + gap)) for i in range(n)]


def _classroom_players(game: "CircleGame", pal: Palette, x: float, y: float, w: float, t: float):
    """The players' table (name, score, kills, Big Five); returns the shapes and where each
    player's kills are (for the hunt's arrows)."""
    st, cat = game.state, game.catalogue
    row_h = round(t + 7)
    cols = (x + 10, x + 150, x + 268, x + 370)
    hands = x + 600 if w >= 760 else None  # a wide table (the compact picture's) counts each hand
    out = [text(cols[1], y + row_h / 2, "score", size=t, anchor="start", fill=pal.muted),
           text(cols[2], y + row_h / 2, "kills", size=t, anchor="start", fill=pal.muted),
           text(cols[3], y + row_h / 2, "Big Five", size=t, anchor="start", fill=pal.muted,
                title="All five in one kill pile score +25 (circle.end.big-five)")]
    if hands is not None:
        out.append(text(hands, y + row_h / 2, "hand", size=t, anchor="start", fill=pal.muted,
                        title="Cards in each player's hand (face down but your own)"))
    scores = game.scores()
    big = cat.big_five_species
    where = {}
    for p in range(game.players):
        ry = y + row_h * (p + 1)
        now = st.to_move == p and not game.is_over
        name = player_name(p)
        pile = st.kill_piles[p]
        points = sum(cat.level[c] for c in pile)
        killed = {cat.name[c] for c in pile}
        tip = f"{name}: {scores[p]} points; kill pile {len(pile)} cards ({points} points); Big Five " \
              f"{sum(1 for b in big if b in killed)} of {len(big)}"
        out.append(rect(x, ry + 1, w, row_h - 2, fill=pal.now if now else pal.panel,
                        stroke=pal.now_edge if now else pal.panel_edge, width=2.5 if now else 1, radius=6, title=tip))
        out.append(rect(cols[0], ry + row_h / 2 - 10, 20, 20, fill=PLAYER_FILL[name], stroke="#1a1a1a", width=1.2,
                        radius=4))
        out.append(text(cols[0] + 28, ry + row_h / 2, name, size=t, bold=True, anchor="start", fill=pal.ink,
                        title=tip))
        out.append(text(cols[1], ry + row_h / 2, str(scores[p]), size=t, bold=now, anchor="start", fill=pal.ink))
        out.append(text(cols[2], ry + row_h / 2, str(len(pile)), size=t, anchor="start", fill=pal.ink,
                        title=f"{name}'s kill pile: {len(pile)} cards, {points} points"))
        where[p] = (cols[2] + 10, ry + row_h / 2)
        sx = cols[3] + 10
        for b in big:
            got = b in killed
            out.append(polygon(_star(sx, ry + row_h / 2, 10), fill=STAR_FILL if got else None,
                               stroke=STAR_EDGE if got else pal.muted, width=1.3,
                               title=f"{b}: {'in' if got else 'not in'} {name}'s kill pile"))
            sx += 22
        have = sum(1 for b in big if b in killed)
        out.append(text(sx + 2, ry + row_h / 2, f"{have}/{len(big)}", size=t, anchor="start", fill=pal.ink))
        if hands is not None:
            held = len(st.hands[p])
            out.append(text(hands, ry + row_h / 2, str(held), size=t, anchor="start", fill=pal.ink,
                            title=f"{name}'s hand: {plural(held, 'card')}"))
    return out, where


#: the compact picture's legend: the marks whose pictures hold no words (the cards' own words say
#: "kill", "scare", "≤5" and what a card costs in hand), each with a short name; icons grown to the text
COMPACT_LEGEND = (("predator",), "predator"), (("big5",), "Big Five"), (("arrows",), "reaches left"), \
    (("forbid",), "forbids"), (("require",), "needs"), (("special",), "special"), (("token",), "owner's token"), \
    (("back",), "hidden card"), (("ring",), "highlighted")


def _compact_legend(game: "CircleGame", pal: Palette, y: float, width: float, t: float) -> Tuple[list, float]:
    """The compact picture's legend under the players' table, wrapped to ``width``: the groups,
    then the marks of ``COMPACT_LEGEND``; its shapes and height."""
    k, icon_w, line_h = 1.6, 60, round(t * 1.7)
    out = [text(CLASSROOM_PAD, y + line_h / 2, "Legend", size=t, bold=True, anchor="start", fill=pal.ink)]
    x, row = CLASSROOM_PAD + text_w("Legend", t, True) + 24, 0
    items = [(("group", g), g.lower()) for g in game.catalogue.groups] + list(COMPACT_LEGEND)
    for key, label in items:
        w = icon_w + text_w(label, t)
        if x + w > width - CLASSROOM_PAD:
            row, x = row + 1, CLASSROOM_PAD
        cy = y + (row + 0.5) * line_h
        out += [grown(s, k).moved(x + icon_w / 2, cy) for s in _legend_icon(key, 0, 0, pal, game.catalogue)
                if not isinstance(s, Text)]  # the token's initial would be too small to read: its disc
        out.append(text(x + icon_w, cy, label, size=t, anchor="start", fill=pal.ink))
        x += w + 24
    return out, (row + 1) * line_h


def _classroom_scene(game: "CircleGame", *, viewer, theme: str, highlights, story: Optional[HuntStory],
                     compact: bool = False) -> Scene:
    """The classroom layout (see ``scene``); ``compact``: ``COMPACT_WIDTH`` wide, the buttons and the
    players' table under the hand."""
    pal = PALETTES[theme]
    st, cat = game.state, game.catalogue
    t = CLASSROOM_TEXT
    width, height = (COMPACT_WIDTH, 0) if compact else CLASSROOM_SIZE
    pad = CLASSROOM_PAD
    viewer = _viewer(game, viewer)
    rings = _ring_ids(game, highlights)
    sc = Scene(width, height, background=pal.background, title=f"Circle of Life: {status_text(game)}")
    right = status_text(game)
    sc.add(rect(0, 0, width, CLASSROOM_HEADER, fill=pal.band),
           text(pad, CLASSROOM_HEADER / 2, "Circle of Life", size=t + 2, bold=True, anchor="start", fill=pal.band_ink),
           text(width - pad, CLASSROOM_HEADER / 2, right, size=t + 2, anchor="end", fill=pal.band_ink))
    # the savannah's title line: what it is, and the piles
    row = list(story.row) if story is not None else list(zip(st.row, st.owners))
    n = len(row)
    ty = CLASSROOM_HEADER + 20
    said = f"Savannah: {n} card{'s' if n != 1 else ''}, oldest on the left · hunts reach left ◀" if story is None \
        else "During the turn: " + story.words
    out_words = f"out of the game: {len(st.out_of_game)}"
    draw_words = f"draw pile: {len(st.draw_pile)}"
    ow, dw = text_w(out_words, t), text_w(draw_words, t)
    ox = width - pad - ow
    dx = ox - 28 - dw
    room = dx - 24 - pad
    full = said
    while text_w(said, t, True) > room and len(said) > 20:
        said = said[:-2].rstrip() + "…"
    sc.add(text(pad, ty, said, size=t, bold=True, anchor="start", fill=pal.ink,
                title=full if story is not None else "The savannah, oldest card on the left; new cards "
                                                     "enter at the right end; hunting reaches to the left"))
    sc.add(rect(dx - 6, ty - 16, dw + 12, 32, fill=pal.panel, stroke=pal.panel_edge, radius=6, hit="pile:draw",
                title=f"Draw pile: {len(st.draw_pile)} cards"),
           text(dx, ty, draw_words, size=t, anchor="start", fill=pal.ink),
           rect(ox - 6, ty - 16, ow + 12, 32, fill=pal.panel, stroke=pal.panel_edge, radius=6, hit="pile:out",
                title=f"Out of the game (discarded or scared): {len(st.out_of_game)} cards"),
           text(ox, ty, out_words, size=t, anchor="start", fill=pal.ink))
    out_at = (ox + ow / 2, ty + 16)
    # the savannah: tiles, wrapped; a longer row than the lines hold grows the picture
    slots = classroom_tile_boxes(n + 1, compact=compact)
    tw, th, _gap, _per, _lines = tile_geometry(n, compact)
    boxes = {}
    for i, (c, o) in enumerate(row):
        x, y = slots[i]
        cid = cat.ids[c]
        hit = "story:" + cid if story is not None else "card:" + cid
        extra = f". Position {i + 1} of {n} from the left" + ("" if o < 0 else f"; {player_name(o)}'s token")
        if cid in rings:
            sc.add(rect(x - 4, y - 4, tw + 8, th + 8, stroke=pal.ring, width=4, radius=10))
        sc.shapes.extend(classroom_tile(cat, c, x, y, o, hit=hit, title_extra=extra, t=t, size=(tw, th)))
        boxes[c] = (x, y, x + tw, y + th)
    x, y = slots[n]
    if story is None:
        sc.add(rect(x, y, tw, th, fill=None, stroke=pal.slot, width=2, dash=(7, 5), radius=8,
                    hit="savannah:new", title="The next card played enters here, at the right end of the savannah"),
               text(x + tw / 2, y + th / 2 - 16, "new cards", size=t, fill=pal.ink),
               text(x + tw / 2, y + th / 2 + 16, "enter here", size=t, fill=pal.ink))
    bottom = classroom_bottom(n, compact)
    # the hand shown: the viewer's; else (a spectator, the teacher) the hand of the player to move
    seat = viewer if isinstance(viewer, int) else (0 if game.is_over else st.to_move)
    hand = st.hands[seat]
    face_up = hand_visible(game, viewer, seat)
    hy = bottom + 28
    word = f"{player_name(seat)}'s hand: {len(hand)} card{'s' if len(hand) != 1 else ''}" + \
        ("" if face_up else ", hidden")
    sc.add(text(pad, bottom + 13, word, size=t, bold=True, anchor="start", fill=pal.ink))
    if face_up:
        for i, c in enumerate(hand):
            cx = pad + i * (HAND_W + 12)
            cid = cat.ids[c]
            if cid in rings:
                sc.add(rect(cx - 4, hy - 4, HAND_W + 8, HAND_H + 8, stroke=pal.ring, width=4, radius=10))
            sc.shapes.extend(classroom_hand_card(cat, c, cx, hy, hit="hand:" + cid,
                                                 title_extra=f". In {player_name(seat)}'s hand", t=t))
    else:
        tip = f"{player_name(seat)}'s hand: {len(hand)} cards, face down (hidden from this viewer)"
        for i in range(len(hand)):
            sc.shapes.extend(card_back(pad + i * 96, hy, 84, 120, title=tip))
        if hand:
            sc.add(rect(pad, hy, 84 + (len(hand) - 1) * 96, 120, fill=None, hit=f"hand:{seat}", title=tip))
    # the players' table, under the board's buttons
    bx, by, bw, bh = classroom_bar(n, compact)
    table, kills_at = _classroom_players(game, pal, bx, by + bh + 6, bw, t)
    sc.shapes.extend(table)
    if story is not None:
        sc.shapes.extend(story_marks(story, boxes, kills_at[story.player], out_at, t))
    end = max(hy + HAND_H, by + bh + 6 + round(t + 7) * (game.players + 1)) + 6
    if compact:
        key, key_h = _compact_legend(game, pal, end + 8, width, t)
        sc.shapes.extend(key)
        end += 8 + key_h + 6
    if end > sc.height:
        sc.height = end
    return sc
