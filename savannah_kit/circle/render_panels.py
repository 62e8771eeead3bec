"""The pieces of a Circle of Life table (``render``): the header, the draw and discard
piles, the savannah (with a hunt's marks), each player's panel (hand, kill pile, bonus and
tokens), the scoring table and the legend; who may see which hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

from ..core.scene import circle, line, polygon, rect, text
from .data import Catalogue
from .render_card import card_height, card_shapes, chip, group_style, tile_shapes
from .render_story import HuntStory
from .render_style import (CARD_FACE, CARD_INK, CARD_MUTED, CARD_W, GAP, HEADER_H, KILL_INK, LINE_GAP, PAD, PER_LINE,
                           SCARE_INK, STAR_EDGE, STAR_FILL, WIDTH, Palette, big_five_mark, card_back, _fit,
                           group_shape, predator_mark, reach_arrows, _star, text_w, token)
from .scoring import STEPS
from .state import Phase
from .text import COLOURS, player_name

if TYPE_CHECKING:
    from .rules import CircleGame


# -- the pieces of the table --------------------------------------------------------------------------------

def _viewer(game: "CircleGame", viewer):
    """``None`` (spectator), ``"nobody"`` (a public screen), ``"all"`` (teacher) or a seat (a
    number or a colour name)."""
    if viewer is None or viewer in ("all", "nobody"):
        return viewer
    if isinstance(viewer, bool):
        raise ValueError(f"viewer must be a seat, a colour, 'all' or None, not {viewer!r}")
    if isinstance(viewer, int):
        if 0 <= viewer < game.players:
            return viewer
        raise ValueError(f"viewer: there is no seat {viewer} (seats 0-{game.players - 1})")
    if isinstance(viewer, str):
        names = [c.lower() for c in COLOURS[:game.players]]
        if viewer.lower() in names:
            return names.index(viewer.lower())
    raise ValueError(f"viewer must be a seat 0-{game.players - 1}, a player colour, 'all' or None, not {viewer!r}")


def hand_visible(game: "CircleGame", viewer, seat: int) -> bool:
    """Is ``seat``'s hand drawn face up for ``viewer``? (All hands once the game is over, but
    never on a public screen, ``"nobody"``.)"""
    return viewer != "nobody" and (viewer == "all" or viewer == seat or game.is_over)


def status_text(game: "CircleGame") -> str:
    """One line: the round, the turn and who is to move, or the result."""
    st = game.state
    if st.phase is Phase.OVER:
        winners, scores = game.winners(), game.scores()
        if not winners:
            return "Game over"
        best = scores[winners[0]]
        names = " and ".join(player_name(p) for p in winners)
        if len(winners) > 1:
            return f"Game over · {names} share the win with {best} points"
        tie = " (tie-break: most predators killed)" if scores.count(best) > 1 else ""
        return f"Game over · {names} wins with {best} points{tie}"
    if st.phase is Phase.LAST_DISCARDS:
        return f"Draw pile empty · last discards · {player_name(st.to_move)} discards one card"
    rnd = st.turns_played // game.players + 1
    return f"Round {rnd} · turn {st.turns_played + 1} · {player_name(st.to_move)} to move"


def _header(game: "CircleGame", pal: Palette, width: float, words: Optional[str] = None) -> list:
    """The band at the top: the game, and where it stands (or ``words``: a hunt being shown)."""
    right = status_text(game) if words is None else "During the turn: " + words
    left = f"Circle of Life · {game.players} players"
    size = _fit(right, 14, width - 2 * PAD - text_w(left, 14, True) - 20)
    return [rect(0, 0, width, HEADER_H, fill=pal.band),
            text(PAD, HEADER_H / 2, left, size=14, bold=True, anchor="start", fill=pal.band_ink),
            text(width - PAD, HEADER_H / 2, right, size=size, anchor="end", fill=pal.band_ink)]


PILES_H = 56


def _piles(game: "CircleGame", pal: Palette, y: float) -> list:
    """The draw pile (face down, count) and the cards out of the game (top card, count)."""
    st, cat = game.state, game.catalogue
    n = len(st.draw_pile)
    out = card_back(PAD, y + 4, 34, 48, hit="pile:draw", title=f"Draw pile: {n} card{'s' if n != 1 else ''}")
    out.append(text(PAD + 44, y + 19, "Draw pile", size=12, bold=True, anchor="start", fill=pal.ink))
    out.append(text(PAD + 44, y + 37, f"{n} card{'s' if n != 1 else ''}", size=12, anchor="start", fill=pal.ink))
    x = PAD + 170
    k = len(st.out_of_game)
    title = f"Out of the game (discarded or scared): {k} card{'s' if k != 1 else ''}"
    if k:
        top = st.out_of_game[-1]
        title += f", the last one {cat.label(top)}"
        out.append(rect(x, y + 4, 150, 48, fill=pal.panel, stroke=pal.panel_edge, radius=5, hit="pile:out",
                        title=title))
        out += chip(cat, cat.name[top], 0, x + 4, y + 13, 142, pal.ink)  # the top card; the count is beside it
    else:
        out.append(rect(x, y + 4, 150, 48, fill=None, stroke=pal.slot, width=1.4, dash=(5, 4), radius=5,
                        hit="pile:out", title=title))
        out.append(text(x + 75, y + 28, "empty", size=12, fill=pal.muted))
    out.append(text(x + 160, y + 19, "Out of the game", size=12, bold=True, anchor="start", fill=pal.ink))
    out.append(text(x + 160, y + 37, f"{k} card{'s' if k != 1 else ''} (discarded or scared)" +
                    (", top shown" if k else ""), size=12, anchor="start", fill=pal.ink))
    return out


def savannah_layout(n: int, catalogue: Catalogue, top: float = 24) -> List[Tuple[float, float]]:
    """The top-left corner of each of ``n`` savannah slots (the cards, then the "new card" slot),
    relative to the savannah block: ``PER_LINE`` to a line, left to right, lines top to bottom."""
    h = card_height(catalogue)
    return [(PAD + (i % PER_LINE) * (CARD_W + GAP), top + (i // PER_LINE) * (h + LINE_GAP)) for i in range(n)]


#: the room a board leaves between the savannah's title line and its cards: a tag over a card's top
#: edge ("kill?", 16 units high) sits there clear of both
TAG_ROOM = 14
#: the gap between a board's small savannah tiles (``tile_layout``)
TILE_GAP = 6
NEW_SLOT = "The next card played enters here, at the right end of the savannah"


def tile_layout(n: int, catalogue: Catalogue, top: float = 24) -> List[Tuple[float, float, float, float]]:
    """(x, y, w, h) of ``n`` savannah slots drawn as small tiles in the room of one line of full cards
    (a board's savannah keeps its height however long the row grows): the number of lines that gives
    the largest tiles, left to right, lines top to bottom."""
    room_w, room_h = WIDTH - 2 * PAD, card_height(catalogue) + 16
    best = (0.0, 1, 0.0, 0.0)
    for lines in range(2, 9):
        per = -(-n // lines)
        w = (room_w - (per - 1) * TILE_GAP) / per
        h = (room_h - (lines - 1) * TILE_GAP) / lines
        if min(w / 1.3, h) > best[0]:
            best = (min(w / 1.3, h), per, w, h)
    _size, per, w, h = best
    return [(PAD + (i % per) * (w + TILE_GAP), top + (i // per) * (h + TILE_GAP), w, h) for i in range(n)]


def savannah_tiled(game: "CircleGame", story: Optional[HuntStory], steady: bool) -> bool:
    """Whether a savannah is drawn as small tiles: on a board (``steady``) whose row, with the slot
    for the next card, no longer fits one line of full cards."""
    n = len(story.row) if story is not None else len(game.state.row) + 1
    return steady and n > PER_LINE


def _savannah(game: "CircleGame", pal: Palette, y0: float, rings, story: Optional[HuntStory] = None,
              steady: bool = False) -> Tuple[list, float, Dict[int, Tuple[float, float, float, float]]]:
    """The savannah block: its shapes, its height, and each card's box (the row of ``story``, the
    turn "during the hunt", instead of the game's row when given). ``steady`` (a board): the
    block keeps the height of one line of full cards, a longer row drawn as small tiles, and a
    story's words are left to the header (the hunt's arrows cross nothing written here)."""
    st, cat = game.state, game.catalogue
    h = card_height(cat)
    row = list(story.row) if story is not None else list(zip(st.row, st.owners))
    n = len(row)
    tiled = savannah_tiled(game, story, steady)
    top = 24 + (TAG_ROOM if steady else 0)  # a board's: a "kill?" tag over a card clears the words above
    slots = tile_layout(n + 1, cat, top) if tiled else [(x, y, CARD_W, h) for x, y in savannah_layout(n + 1, cat, top)]
    head = f"Savannah: {n} card{'s' if n != 1 else ''}, oldest on the left" if story is None else \
        "During the turn: " + story.words
    out = [] if steady and story is not None else \
        [text(PAD, y0 + 10, head, size=_fit(head, 13, WIDTH - 2 * PAD - (0 if story else 520), True),
              bold=True, anchor="start", fill=pal.ink, title=head)]
    if story is None:
        out.append(text(WIDTH - PAD, y0 + 10,
                        "hunting reaches to the left ◀  ·  new cards enter at the right end ▶", size=12, anchor="end",
                        fill=pal.muted))
    boxes = {}
    for i, (c, o) in enumerate(row):
        x, y, w, ch = slots[i]
        cid = cat.ids[c]
        extra = f". Position {i + 1} of {n} from the left" + ("" if o < 0 else f"; {player_name(o)}'s token")
        hit = "story:" + cid if story is not None else "card:" + cid
        if cid in rings:
            out.append(rect(x - 5, y0 + y - 5, w + 10, ch + 10, stroke=pal.ring, width=4, radius=10))
        if tiled:
            out += tile_shapes(cat, c, x, y0 + y, w, ch, o, hit=hit, title_extra=extra)
        else:
            out += card_shapes(cat, c, x, y0 + y, o, hit=hit, title_extra=extra)
        boxes[c] = (x, y0 + y, x + w, y0 + y + ch)
        if tiled:
            continue
        if i == n - 1:
            out.append(text(x + CARD_W / 2, y0 + y + h + 17, "rightmost", size=11, bold=True, fill=pal.ink))
        elif i % PER_LINE == PER_LINE - 1:
            out.append(text(x + CARD_W, y0 + y + h + 17, "the row goes on below ↓", size=11, anchor="end",
                            fill=pal.muted))
    x, y, w, ch = slots[n]
    if story is None and not tiled:
        out += [rect(x, y0 + y, w, ch, fill=None, stroke=pal.slot, width=1.6, dash=(6, 5), radius=7,
                     hit="savannah:new", title=NEW_SLOT),
                text(x + w / 2, y0 + y + ch / 2 - 22, "→", size=30, bold=True, fill=pal.muted),
                text(x + w / 2, y0 + y + ch / 2 + 8, "new cards", size=12, fill=pal.ink),
                text(x + w / 2, y0 + y + ch / 2 + 24, "enter here", size=12, fill=pal.ink)]
    elif story is None:  # a tile's room: the arrow and one word
        out += [rect(x, y0 + y, w, ch, fill=None, stroke=pal.slot, width=1.6, dash=(6, 5), radius=7,
                     hit="savannah:new", title=NEW_SLOT),
                text(x + w / 2, y0 + y + ch / 2 - 8, "→", size=min(24.0, ch / 3), bold=True, fill=pal.muted),
                text(x + w / 2, y0 + y + ch / 2 + 12, "new", size=12, fill=pal.ink)]
    lines = 1 if steady else n // PER_LINE + 1
    return out, top + lines * (h + LINE_GAP) - LINE_GAP + 24, boxes


def _kill_block(game: "CircleGame", seat: int, pal: Palette, x: float, y: float, w: float) -> Tuple[list, float]:
    """A kill pile: points, the Big Five tally (the five species, filled when killed), species chips."""
    st, cat = game.state, game.catalogue
    pile = st.kill_piles[seat]
    counts: Dict[str, int] = {}
    for c in pile:
        counts[cat.name[c]] = counts.get(cat.name[c], 0) + 1
    points = sum(cat.level[c] for c in pile)
    out = [text(x, y + 9, f"Kill pile: {len(pile)} card{'s' if len(pile) != 1 else ''}, {points} points",
                size=12, bold=True, anchor="start", fill=pal.ink)]
    big = cat.big_five_species
    yy = y + 22
    if big:
        have = sum(1 for b in big if b in counts)
        label = f"Big Five: {have} of {len(big)}"
        out.append(text(x, yy + 11, label, size=12, bold=True, anchor="start", fill=pal.ink,
                        title="All five in one kill pile score +25 (circle.end.big-five)"))
        bx = x + text_w(label, 12, True) + 12
        for b in big:
            got = b in counts
            bw = max(text_w(b, 10.5, True) + 26, 56)
            tip = f"{b}: {'in' if got else 'not in'} the kill pile"
            out.append(rect(bx, yy, bw, 22, fill=STAR_FILL if got else None, stroke=STAR_EDGE if got else pal.muted,
                            width=1.2, radius=11, dash=() if got else (3, 3), title=tip))
            if got:
                out.append(polygon(_star(bx + 11, yy + 11, 6.5), fill="#1a1a1a"))
            else:
                out.append(polygon(_star(bx + 11, yy + 11, 6.5), stroke=pal.muted, width=1))
            out.append(text(bx + 20, yy + 11, b, size=10.5, anchor="start", fill="#1a1a1a" if got else pal.muted,
                            bold=got, title=tip))
            bx += bw + 6
        yy += 30
    cols = _kill_columns(w)
    names = [sp.name for sp in cat.species if sp.name in counts]
    if not names:
        out.append(text(x, yy + 10, "nothing killed yet", size=12, anchor="start", fill=pal.muted))
        return out, yy + 20 - y
    for i, name in enumerate(names):
        out += chip(cat, name, counts[name], x + (i % cols) * (KILL_CHIP_W + 8), yy + (i // cols) * 36, KILL_CHIP_W,
                    pal.ink)
    rows = (len(names) + cols - 1) // cols
    return out, yy + rows * 36 - y


KILL_CHIP_W = 150


def _kill_columns(w: float) -> int:
    return max(1, int((w + 8) // (KILL_CHIP_W + 8)))


def _kill_room(cat: Catalogue, w: float) -> float:
    """The height of a kill block ``w`` wide holding every species of the catalogue: what a board
    keeps for it from the start."""
    rows = -(-len(cat.species) // _kill_columns(w))
    return 22 + (30 if cat.big_five_species else 0) + rows * 36


def _player_panel(game: "CircleGame", seat: int, pal: Palette, y: float, viewer, rings, steady: bool = False
                  ) -> Tuple[list, float, float]:
    """A player's panel: its shapes, its height and where its kill block begins (x). ``steady`` (a
    board): the panel keeps from the start the room of a full hand face up and of a kill pile
    holding every species, so that it never grows."""
    st, cat = game.state, game.catalogue
    name = player_name(seat)
    now = st.to_move == seat
    inner = WIDTH - 2 * PAD
    out: List = []
    hand = st.hands[seat]
    face_up = hand_visible(game, viewer, seat)
    x = PAD + 12
    hy = y + 36
    ch = card_height(cat)
    if face_up:
        hand_w = max(1, len(hand)) * (CARD_W + GAP) - GAP
        hand_h = 18 + (ch if hand else 20)
    else:
        hand_w = 150
        hand_h = 18 + 70
    if steady:
        hand_w = max(len(hand), cat.setup["hand"]) * (CARD_W + GAP) - GAP
        hand_h = 18 + ch
    kx = x + max(hand_w, 150) + 24
    kill, kill_h = _kill_block(game, seat, pal, kx, hy, PAD + inner - 12 - kx)
    if steady:
        kill_h = max(kill_h, _kill_room(cat, PAD + inner - 12 - kx))
    height = 36 + max(hand_h, kill_h) + 12
    out.append(rect(PAD, y, inner, height, fill=pal.now if now else pal.panel,
                    stroke=pal.now_edge if now else pal.panel_edge, width=2.5 if now else 1.2, radius=8))
    out += token(x + 12, y + 18, 11, seat, title=f"{name}'s token colour")
    head = name
    if now:
        head += " · to discard" if st.phase is Phase.LAST_DISCARDS else " · to move"
    out.append(text(x + 30, y + 18, head, size=15, bold=True, anchor="start", fill=pal.ink))
    facts = [f"points so far: {game.scores()[seat]}"] if not game.is_over else [f"score: {game.scores()[seat]}"]
    if st.bonus[seat]:
        facts.append(f"bonus points: {st.bonus[seat]}")
    if st.supply is not None:
        facts.append(f"tokens left: {st.supply[seat]}")
    facts.append(f"tokens on the savannah: {sum(1 for o in st.owners if o == seat)}")
    out.append(text(PAD + inner - 12, y + 18, " · ".join(facts), size=12, anchor="end", fill=pal.ink))
    # the hand
    n = len(hand)
    if face_up:
        out.append(text(x, hy + 8, f"Hand: {n} card{'s' if n != 1 else ''}", size=12, bold=True, anchor="start",
                        fill=pal.ink))
        if not hand:
            out.append(text(x, hy + 28, "empty", size=12, anchor="start", fill=pal.muted))
        for i, c in enumerate(hand):
            cx = x + i * (CARD_W + GAP)
            cid = cat.ids[c]
            if cid in rings:
                out.append(rect(cx - 5, hy + 18 - 5, CARD_W + 10, ch + 10, stroke=pal.ring, width=4, radius=10))
            out += card_shapes(cat, c, cx, hy + 18, hit="hand:" + cid, title_extra=f". In {name}'s hand")
    else:
        tip = f"{name}'s hand: {n} card{'s' if n != 1 else ''}, face down (hidden from this viewer)"
        out.append(text(x, hy + 8, f"Hand: {n} card{'s' if n != 1 else ''}, hidden", size=12, bold=True,
                        anchor="start", fill=pal.ink))
        for i in range(n):
            out += card_back(x + i * 40, hy + 18, 34, 48, hit=f"hand:{seat}" if i == 0 else None, title=tip)
        if n:
            out.append(rect(x, hy + 18, 34 + (n - 1) * 40, 48, fill=None, hit=f"hand:{seat}", title=tip))
        else:
            out.append(text(x, hy + 36, "empty", size=12, anchor="start", fill=pal.muted))
    out += kill
    return out, height, kx


def score_rows(game: "CircleGame"):
    """(label, rule id, points per seat) for the scoring table: the six steps, then the total (step 7)."""
    final = game.is_over
    sheets = [game.score_breakdown(p) if final else game.score_if_ended_now(p) for p in range(game.players)]
    rows = []
    for k, (_step, label, rule) in enumerate(STEPS):
        rows.append((f"{k + 1}. {label[0].upper()}{label[1:]}", rule, [s.lines[k].points for s in sheets]))
    rows.append((f"{len(STEPS) + 1}. Total", "circle.end.total", [sum(l.points for l in s.lines) for s in sheets]))
    return rows


STEP_HINTS = {
    "circle.end.survivors": "levels of your cards on the savannah",
    "circle.end.hand-penalty": "cards left in hand",
    "circle.end.maasai": "your token on a rightmost Maasai",
    "circle.end.kill-pile": "levels of the cards you killed",
    "circle.end.big-five": "all five in your kill pile: +25",
    "circle.end.bonus-points": "earned in play (Giraffe)",
    "circle.end.total": "",
}


SCORING_ROW_H = 26


def scoring_height() -> float:
    """The scoring table's height (a row a step, the total and the players' names), without
    working out any score: a board keeps its room from the start."""
    return 24 + SCORING_ROW_H * (len(STEPS) + 2) + 8


def _scoring(game: "CircleGame", pal: Palette, y: float) -> Tuple[list, float]:
    from ..core.rules_index import rule as rule_text

    rows = score_rows(game)
    inner = WIDTH - 2 * PAD
    label_w = 380
    col = min(120, (inner - label_w - 24) / game.players)
    row_h = SCORING_ROW_H
    title = "End-of-game scoring" if game.is_over else \
        "Scoring if the game ended now (hand and Maasai penalties counted, a full hand's best last discard made)"
    out = [text(PAD, y + 11, title, size=14 if game.is_over else 13, bold=True, anchor="start", fill=pal.ink)]
    ty = y + 24
    height = row_h * (len(rows) + 1) + 8
    out.append(rect(PAD, ty, label_w + col * game.players + 16, height, fill=pal.panel, stroke=pal.panel_edge,
                    radius=6))
    winners = game.winners()
    for p in range(game.players):
        cx = PAD + label_w + col * p + col / 2
        out += token(cx - text_w(player_name(p), 12, True) / 2 - 8, ty + 4 + row_h / 2, 8, p)
        out.append(text(cx + 6, ty + 4 + row_h / 2, player_name(p), size=12, bold=True, fill=pal.ink))
    for i, (label, rid, points) in enumerate(rows):
        ry = ty + 4 + row_h * (i + 1)
        total = rid == "circle.end.total"
        try:
            tip = f"{rid}: {rule_text(rid).text}"
        except Exception:  # a rule id missing from the index must not break a picture
            tip = rid
        out.append(rect(PAD + 4, ry, label_w + col * game.players + 8, row_h,
                        fill=pal.table_alt if i % 2 == 0 or total else None, hit="rule:" + rid, title=tip))
        if total:
            out.append(line([(PAD + 6, ry), (PAD + label_w + col * game.players + 10, ry)], stroke=pal.ink, width=1.5))
        out.append(text(PAD + 12, ry + row_h / 2, label, size=12.5, bold=total, anchor="start", fill=pal.ink,
                        title=tip))
        hint = STEP_HINTS.get(rid, "")
        if hint:
            out.append(text(PAD + 12 + text_w(label, 12.5) + 10, ry + row_h / 2, hint, size=11, anchor="start",
                            fill=pal.muted))
        for p, v in enumerate(points):
            s = str(v) if total else (f"+{v}" if v > 0 else ("−" + str(-v) if v < 0 else "0"))
            out.append(text(PAD + label_w + col * p + col / 2 + 6, ry + row_h / 2, s, size=13 if total else 12.5,
                            bold=total, fill=pal.ink if v or total else pal.muted))
            if total and p in winners:
                out.append(rect(PAD + label_w + col * p + 10, ry + 2, col - 8, row_h - 4, stroke=pal.now_edge,
                                width=2, radius=5, title=f"{player_name(p)} wins"))
    return out, 24 + height


# -- the legend -------------------------------------------------------------------------------------------------

LEGEND_LINE = 28


def _legend_items(game: "CircleGame") -> list:
    cat = game.catalogue
    items = [(("group", g), f"{g.lower()} group") for g in cat.groups]
    items += [(("level",), "level (points)"), (("predator",), "predator"), (("big5",), "Big Five animal"),
              (("arrows",), "reach: cards to the left"), (("kill",), "kill: into your kill pile"),
              (("scare",), "scare: out of the game"), (("le",), "≤5: level 5 or less"),
              (("forbid",), "placement rule: forbids"), (("require",), "placement rule: requires"),
              (("special",), "special"), (("id",), "card id: one card's own name"),
              (("penalty",), "costs this if left in hand at the end"), (("token",), "owner's token"),
              (("back",), "hidden hand card"), (("ring",), "highlighted")]
    return items


def _legend_icon(key, x, y, pal: Palette, cat: Catalogue) -> list:
    kind = key[0]
    if kind == "group":
        fill, shape = group_style(cat, key[1])
        return [rect(x - 12, y - 9, 24, 18, fill=fill, radius=4)] + group_shape(shape, x, y, 5.5, "#ffffff", "#1a1a1a", 1)
    if kind == "level":
        return [text(x, y, "5", size=20, bold=True, fill=pal.ink)]
    if kind == "predator":
        return predator_mark(x, y, 10)
    if kind == "big5":
        return big_five_mark(x, y, 11)
    if kind == "arrows":
        return reach_arrows(x - 10, y, 3, pal.ink)[0]
    if kind in ("kill", "scare"):
        return [rect(x - 17, y - 9, 34, 18, fill=CARD_FACE, radius=3),
                text(x, y, kind, size=9 if kind == "scare" else 10, bold=True,
                     fill=KILL_INK if kind == "kill" else SCARE_INK)]
    if kind == "le":
        return [rect(x - 14, y - 9, 28, 18, fill=CARD_FACE, radius=3), text(x, y, "≤5", size=11, fill=CARD_INK)]
    if kind == "forbid":
        return [rect(x - 9, y - 9, 18, 18, fill=CARD_FACE, radius=3), circle(x, y, 5, stroke=CARD_MUTED, width=1.5),
                line([(x - 3.5, y + 3.5), (x + 3.5, y - 3.5)], stroke=CARD_MUTED, width=1.5)]
    if kind == "require":
        return [rect(x - 9, y - 9, 18, 18, fill=CARD_FACE, radius=3), circle(x, y, 5, stroke=CARD_MUTED, width=1.5),
                line([(x - 2.6, y + 0.2), (x - 0.5, y + 2.4), (x + 2.8, y - 2.4)], stroke=CARD_MUTED, width=1.5)]
    if kind == "special":
        return [rect(x - 9, y - 9, 18, 18, fill=CARD_FACE, radius=3), polygon(_star(x, y, 6), fill=CARD_INK)]
    if kind == "id":
        return [rect(x - 16, y - 9, 32, 18, fill=CARD_FACE, radius=3), text(x, y, "C47", size=10, fill=CARD_MUTED)]
    if kind == "penalty":
        return [rect(x - 16, y - 9, 32, 18, fill=CARD_FACE, radius=3), text(x, y, "−1", size=10, fill=CARD_MUTED)]
    if kind == "token":
        return token(x, y, 9, 0)
    if kind == "back":
        return card_back(x - 9, y - 12, 18, 24)
    return [rect(x - 10, y - 11, 20, 22, stroke=pal.ring, width=3, radius=4)]


def _legend(game: "CircleGame", pal: Palette, y: float) -> Tuple[list, float]:
    out = [text(PAD, y + 10, "Legend", size=12, bold=True, anchor="start", fill=pal.ink)]
    x, row = PAD, 0
    room = WIDTH - 2 * PAD
    icon_w = 36
    for key, label in _legend_items(game):
        w = icon_w + 4 + text_w(label, 11)
        if x > PAD and x + w > PAD + room:
            row += 1
            x = PAD
        cy = y + 24 + (row + 0.5) * LEGEND_LINE
        out += _legend_icon(key, x + icon_w / 2, cy, pal, game.catalogue)
        out.append(text(x + icon_w + 4, cy, label, size=11, anchor="start", fill=pal.ink))
        x += w + 16
    return out, 24 + (row + 1) * LEGEND_LINE


# -- what a picture rings ------------------------------------------------------------------------------------

def _ring_ids(game: "CircleGame", highlights) -> set:
    if isinstance(highlights, str):
        highlights = (highlights,)
    ids = set()
    for h in highlights or ():
        cid = str(h).split(":", 1)[1] if ":" in str(h) else str(h)
        if cid not in game.catalogue.index:
            raise ValueError(f"highlights: no card {h!r} (use card ids such as 'C01')")
        ids.add(cid)
    return ids
