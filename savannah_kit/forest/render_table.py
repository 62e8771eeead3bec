"""The rest of a Savernake Forest table (``render``): the banner (round, decision, scores), the
market with its advisors and the card in hand (a row on the normal table, a column in the
classroom layout), the supply lines, and the key to the foods and marks; the words they say.
The theme's palette is here too: it changes the table under the paper and the key's panel."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, List, Optional, Sequence, Set, Tuple

from ..core.scene import Scene, circle, line, rect, text
from .card_shapes import LAIR, STORED_RING, TRAIL_STYLES, card_shapes, fit_text, food_shapes, text_width, water_drop
from .data import FOOD_PLURALS, SLOTS
from .render_forest import CELL_STYLES, CLASSROOM_TEXT, _Geo, _pending_start
from .rules import decision_text

if TYPE_CHECKING:
    from .rules import ForestGame


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


@dataclass(frozen=True)
class Palette:
    """The colours a theme changes: the table under the panels (``page``), and the panel the key
    lies on (None: on the table itself). The panels, cards and key keep their printed colours:
    they are paper on the table, light or dark."""

    page: str
    key_panel: Optional[str]


PALETTES = {"light": Palette(page="#ffffff", key_panel=None),
            "dark": Palette(page="#1e2320", key_panel="#f4efe2")}


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
        if i == 1:  # later lines start under the first food, or at the edge of a narrow key
            indent = x if x + w <= width - pad else pad
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
