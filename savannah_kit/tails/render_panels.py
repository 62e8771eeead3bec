"""The panels beside the course of a Savannah Tails picture (``render``): the players in turn
order with their race places and bonus cards, the hand of cards, the legend, and the classroom
layout's panel (and its sizes)."""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING, List, Sequence, Tuple

from ..core.scene import circle, grown, line, rect, text
from .data import BONUS_NAMES, CARD_NAMES, TIPTOE_VALUE, BonusState
from .render_course import (SECTION_INK, Layout, baobab, bridge_footprint, feature_icon, footprint, marker,
                           ostrich_token, section_badge)
from .render_style import (CARD_FILL, CARD_INK, FEATURE_TEXT, LANE_EDGE, LANE_FILL, MARKER_TEXT, ORDINALS, PALETTES,
                           SAND, Palette, text_w)
from .track import FEATURE_NAMES

if TYPE_CHECKING:
    from .rules import TailsGame


ROW_H = 34
BONUS_W, BONUS_H = 92, 26
TITLE_H = 22


class _Players:
    """The players in this round's turn order: who has moved, who is to move, each with race
    position, bonus cards and markers, and hand, deck and discard counts."""

    def __init__(self, game: "TailsGame", seats: Sequence[int]):
        st = game.state
        self.game, self.seats = game, seats
        name_w = max(text_w(game.who(p), 13, True) for p in seats) + 8
        self.x_pos = 52 + name_w
        self.x_bonus = self.x_pos + 36
        self.x_count = self.x_bonus + 3 * (BONUS_W + 5) + 4
        self.counts = {p: f"hand {len(st.hands[p])} · deck {len(st.decks[p])} · discard {len(st.discards[p])}"
                       for p in seats}
        self.width = self.x_count + max(text_w(c, 11) for c in self.counts.values()) + 10
        self.height = TITLE_H + ROW_H * len(seats) + 4

    def shapes(self, pal: Palette, order: List[int], ox: float, oy: float) -> list:
        game, st, seats = self.game, self.game.state, self.seats
        heading = f"Turn order, round {st.round}" if len(seats) > 1 else f"{game.who(seats[0])}'s bonuses and cards"
        out = [text(ox + 2, oy + TITLE_H / 2, heading, size=12, bold=True, anchor="start", fill=pal.ink)]
        turn_of = {p: i for i, p in enumerate(st.order)}
        for row, p in enumerate(seats):
            y = oy + TITLE_H + row * ROW_H
            cy = y + ROW_H / 2
            colour, who = game.colours[p], game.who(p)
            now = p == game.current_player
            k = turn_of.get(p, 0)
            done = not st.over and k < st.turn
            place = order.index(p)
            out.append(rect(ox, y + 1, self.width, ROW_H - 2, fill=pal.now if now else pal.panel,
                            stroke=pal.now_edge if now else pal.panel_edge, width=2 if now else 1, radius=5,
                            hit="player:" + colour))
            out.append(text(ox + 12, cy, "▶" if now else str(k + 1), size=12, bold=True, fill=pal.ink,
                            title="to move now" if now else ("has moved this round" if done else
                                                             f"moves {ORDINALS[k]} this round")))
            out += ostrich_token(ox + 33, cy, 10, colour, None, title=f"{who}'s ostrich")
            out.append(text(ox + 48, cy, who, size=13, bold=True, anchor="start", fill=pal.ink,
                            title=f"{who}: {'has moved' if done else 'still to move'} this round"))
            x = ox + self.x_pos
            out += [rect(x, cy - 9, 30, 18, fill="#ffffff", stroke="#1a1a1a", width=1, radius=9),
                    text(x + 15, cy, ORDINALS[place], size=10.5, bold=True, fill="#1a1a1a",
                         title=f"{ORDINALS[place]} in the race")]
            for i, face in enumerate(game.faces):
                out += _bonus_card(ox + self.x_bonus + i * (BONUS_W + 5), cy - BONUS_H / 2, face, st.bonuses[p][i],
                                   colour, pal)
            top = CARD_NAMES[st.discards[p][-1]] if st.discards[p] else "none"
            out.append(text(ox + self.x_count, cy, self.counts[p], size=11, anchor="start", fill=pal.muted,
                            title=f"hand size {game.hand_size(p)}; top of the discard pile: {top}"))
        return out


def _bonus_card(x, y, face: str, state: BonusState, colour: str, pal: Palette) -> list:
    """A bonus card: its face, and its marker (none, armed, active) or crossed out when gone."""
    name = BONUS_NAMES[face]
    said = f"{name}: {MARKER_TEXT[state]}"
    gone = state == BonusState.GONE
    fill = {BonusState.ACTIVE: "#fff1b8", BonusState.ARMED: "#ffffff"}.get(state, pal.panel)
    ink = "#1a1a1a" if state in (BonusState.ACTIVE, BonusState.ARMED) else (pal.muted if gone else pal.ink)
    out = [rect(x, y, BONUS_W, BONUS_H, fill=fill, stroke=pal.panel_edge if not gone else pal.muted, width=1,
                radius=4, dash=(3, 2) if gone else (), hit=f"bonus:{colour}:{face}", title=said)]
    size = 10.0 if text_w(name, 10.0) <= BONUS_W - 24 else 9.0
    out.append(text(x + 5, y + BONUS_H / 2, name, size=size, anchor="start", fill=ink, title=said))
    if gone:
        out.append(line([(x + 4, y + BONUS_H / 2), (x + 6 + text_w(name, size), y + BONUS_H / 2)],
                        stroke=pal.muted, width=1.2))
    out += marker(x + BONUS_W - 11, y + BONUS_H / 2, 6, state, colour, title=said)
    return out


CARD_W, CARD_H = 52, 74
#: a hand's height (its title and one row of cards)
HAND_H = TITLE_H + CARD_H + 4


class _Hand:
    """A player's hand as cards, and the top card of their discard pile (Déjà vu plays it)."""

    def __init__(self, game: "TailsGame", p: int):
        st = game.state
        self.game, self.p = game, p
        self.cards = sorted(st.hands[p])
        self.top = st.discards[p][-1] if st.discards[p] else None
        self.label = f"{game.who(p)}'s hand ({len(self.cards)} of {game.hand_size(p)})"
        n = max(len(self.cards), 1)
        self.width = max(n * (CARD_W + 8) + (CARD_W + 16 if self.top is not None else 0), text_w(self.label, 12, True))
        self.height = HAND_H

    def shapes(self, pal: Palette, ox: float, oy: float) -> list:
        out = [text(ox + 2, oy + TITLE_H / 2, self.label, size=12, bold=True, anchor="start", fill=pal.ink)]
        for k, code in enumerate(self.cards):
            out += card_shapes(ox + k * (CARD_W + 8), oy + TITLE_H, code, hit="card:" + CARD_NAMES[code])
        if self.top is not None:
            x = ox + max(len(self.cards), 1) * (CARD_W + 8) + 16
            out += card_shapes(x, oy + TITLE_H + 14, self.top, small=True,
                               title=f"top of {self.game.who(self.p)}'s discard pile")
            out.append(text(x + CARD_W / 2, oy + TITLE_H + 5, "discard", size=10, fill=pal.muted))
        return out


def card_shapes(x, y, code: int, hit=None, small=False, title=None) -> list:
    """A movement card: its lane colour, its value, the colour word, and "tiptoe" on a '2'."""
    name = CARD_NAMES[code]
    lane, value = name.split("-")
    w, h = (CARD_W, CARD_H - 14) if small else (CARD_W, CARD_H)
    ink = CARD_INK[lane]
    said = title or (f"{lane} {value}" + (": a tiptoe card (may ignore animals, quicksand and dune arrows)"
                                         if int(value) == TIPTOE_VALUE else ""))
    out = [rect(x, y, w, h, fill=CARD_FILL[lane], stroke="#111111", width=1.2, radius=6, hit=hit, title=said),
           rect(x + 3, y + 3, w - 6, h - 6, stroke=ink, width=0.8, radius=4, opacity=0.6),
           text(x + w / 2, y + h / 2 - 3, value, size=24 if not small else 19, bold=True, fill=ink, title=said),
           text(x + w / 2, y + h - 10, lane, size=9.5, fill=ink, title=said)]
    if int(value) == TIPTOE_VALUE:
        out.append(text(x + w / 2, y + 11, "tiptoe", size=9, bold=True, fill=ink, title=said))
    return out


# -- the legend ---------------------------------------------------------------------------------------

LEGEND_LINE = 28


def _legend_items(lay: Layout, cuts: bool, places: bool = True) -> list:
    """What the legend explains: footprints, the features on these tiles, lines, tokens, markers."""
    tr = lay.track
    kinds = set()
    bridge = corner = False
    for s in lay.spots:
        bridge = bridge or tr.lane[s] < 0
        corner = corner or tr.tile_kind[tr.tile_pos[s]] in ("corner_l", "corner_r")
        if tr.feat[s]:
            kinds.add(FEATURE_NAMES[tr.feat[s]])
    items = [("foot", "space, lane letter and number: Y5 is yellow 5 (K: black)")]
    if bridge:
        items.append(("bridge", "rope-bridge space (any colour), =2 is bridge 2"))
    items += [(k, FEATURE_TEXT[k]) for k in FEATURE_TEXT if k in kinds]
    if corner:
        items.append(("section", "corner section, its dashed edge (race order)"))
    items += [("baobab", "baobab side"), ("start", "start line"), ("finish", "finish line"),
              ("ostrich", "ostrich, race position") if places else ("ostrich-plain", "ostrich")]
    if cuts:
        items.append(("cut", "track goes on at the same letter"))
    return items + [(BonusState.INACTIVE, "no marker"), (BonusState.ARMED, "armed (next turn)"),
                    (BonusState.ACTIVE, "bonus active"), (BonusState.GONE, "bonus gone")]


def _legend_rows(lay: Layout, width: float, cuts: bool, places: bool = True) -> List[List[Tuple[float, object, str]]]:
    rows: List[List[Tuple[float, object, str]]] = [[]]
    x = 0.0
    for key, label in _legend_items(lay, cuts, places):
        w = _legend_icon_w(key) + 4 + text_w(label, 11)
        if rows[-1] and x + w > width:
            rows.append([])
            x = 0.0
        rows[-1].append((x, key, label))
        x += w + 16
    return rows


def _legend_icon_w(key) -> float:
    return 34 if key == "ostrich" else 24


@functools.lru_cache(maxsize=32)
def _legend(lay: Layout, theme: str, width: float, ox: float, oy: float, cuts: bool,
            places: bool = True) -> Tuple[tuple, float]:
    """A key to every mark drawn (its shapes at (ox, oy), and its height); kept, it never changes."""
    pal = PALETTES[theme]
    rows = _legend_rows(lay, width, cuts, places)
    out = []
    for i, row in enumerate(rows):
        y = oy + (i + 0.5) * LEGEND_LINE
        for x, key, label in row:
            w = _legend_icon_w(key)
            out += _legend_icon(key, ox + x + w / 2, y)
            out.append(text(ox + x + w + 4, y, label, size=11, anchor="start", fill=pal.ink))
    return tuple(out), len(rows) * LEGEND_LINE


#: the compact key's shorter words (its picture draws no space labels nor bridge numbers)
COMPACT_WORDS = {"foot": "space", "bridge": "rope bridge (any colour)", "section": "corner section (race order)",
                 "cut": "goes on at the same letter"}


def compact_legend(lay: Layout, theme: str, width: float, cuts: bool, t: float) -> Tuple[list, float]:
    """The compact picture's key to the course, at (0, 0), ``width`` wide: the wide legend's marks
    but the bonus markers (keyed beside the hand) and the ostrich, icons grown to the large
    text ``t``; its shapes and height."""
    pal, k, line_h = PALETTES[theme], 1.6, round(1.7 * t)
    items = [(key, COMPACT_WORDS.get(key, label)) for key, label in _legend_items(lay, cuts, places=False)
             if not isinstance(key, BonusState) and key != "ostrich-plain"]
    out = [text(0, line_h / 2, "Key", size=t, bold=True, anchor="start", fill=pal.ink)]
    x, row = text_w("Key", t, True) + 20, 0
    for key, label in items:
        icon = _legend_icon_w(key) * k
        w = icon + 8 + text_w(label, t)
        if x + w > width:
            row, x = row + 1, 0.0
        cy = (row + 0.5) * line_h
        out += [grown(shape, k, least=0.8 * t).moved(x + icon / 2, cy) for shape in _legend_icon(key, 0, 0)]
        out.append(text(x + icon + 8, cy, label, size=t, anchor="start", fill=pal.ink))
        x += w + 24
    return out, (row + 1) * line_h


def _legend_icon(key, x, y) -> list:
    if isinstance(key, BonusState):
        return marker(x, y, 6, key, "green")
    if key == "foot":
        return footprint(x, y, 1, 0, 22, LANE_FILL["blue"], LANE_EDGE["blue"])
    if key == "bridge":
        return bridge_footprint(x, y, 1, 0, 22)
    if key == "baobab":
        return [rect(x - 11, y - 11, 22, 22, fill=SAND[0], radius=3)] + baobab(x, y, 18)
    if key == "start":
        return [rect(x - 11, y - 11, 22, 22, fill=SAND[0], radius=3),
                rect(x - 2.5, y - 10, 5, 20, fill="#ffffff", stroke="#1f1f1f", width=1.2)]
    if key == "finish":
        out = [rect(x - 11, y - 11, 22, 22, fill=SAND[0], radius=3),
               rect(x - 3.2, y - 10, 6.4, 20, fill="#ffffff", stroke="#1f1f1f", width=1)]
        for k in range(6):
            out.append(rect(x - 3.2 if k % 2 else x, y - 10 + k * 20 / 6, 3.2, 20 / 6, fill="#1f1f1f"))
        return out
    if key == "ostrich":
        return ostrich_token(x - 7, y + 3, 8.5, "purple", 0)
    if key == "ostrich-plain":
        return ostrich_token(x, y, 8.5, "purple", None)
    if key == "section":
        return [line([(x - 11, y + 8), (x + 11, y - 8)], stroke=SECTION_INK, width=1.4, dash=(5, 3))] + \
            section_badge(x, y, 7, 2)
    if key == "cut":
        return [circle(x, y, 10, fill="#1f1f1f", stroke="#ffffff", width=2),
                text(x, y, "A", size=12, bold=True, fill="#ffffff")]
    return [circle(x, y, 11.5, fill=SAND[0])] + feature_icon(key, x, y, 20)


# -- the classroom layout (classroom=True) -------------------------------------------------------------

#: The classroom picture: its fixed size (scene units), the room the shared board fits it
#: into on a 1920×1080 screen in classroom mode (px: the window less the page margins, the
#: row of buttons and status line over the picture and the last events under it), the
#: scale that gives, and the smallest text (units) that is then at least 24 px.
CLASSROOM_SIZE = (1800, 820)
CLASSROOM_ROOM = (1880, 900)
CLASSROOM_SCALE = min(CLASSROOM_ROOM[0] / CLASSROOM_SIZE[0], CLASSROOM_ROOM[1] / CLASSROOM_SIZE[1])
CLASSROOM_TEXT = math.ceil(2 * 24 / CLASSROOM_SCALE) / 2 + 0.5
CLASSROOM_HEADER = 54
CLASSROOM_PAD = 16
CLASSROOM_PANEL = 680   # the width of the panel right of the track
#: a bonus card's name over its column, short forms where the full one would not fit
BONUS_SHORT = {"boinnnggg": "Boing", "leapfrog": "Leap", "crazy-wings": "Wings", "deja-vu": "Déjà vu",
               "bird-brain": "Brain", "neck-stretch": "Neck"}


#: the shapes a classroom course may take: (most cells across, most cells down) of a piece
CLASSROOM_GRIDS = ((5, 4), (6, 4), (7, 4), (6, 3), (7, 3))


class _ClassroomPanel:
    """The panel right of the track: the turn order (each player's place in the race and
    bonus cards as large markers), the hand of the player whose hand is shown with their deck
    and discard pile, and a one-line key to the markers; no text under ``CLASSROOM_TEXT``.
    ``beside`` (a panel as wide as the compact picture): the deck line and the key go right of the
    hand's cards instead of under them."""

    def __init__(self, game: "TailsGame", pal: Palette, width: float, seats: Sequence[int], hand_seat,
                 key: bool, beside: bool = False):
        self.game, self.pal, self.width, self.seats, self.hand_seat, self.key = game, pal, width, seats, hand_seat, key
        self.beside = beside and hand_seat is not None
        t = self.t = CLASSROOM_TEXT
        self.line = round(1.55 * t)
        self.row_h = round(2.35 * t)
        self.r = 0.96 * t     # a token: its initial is 1.05 r
        self.x_name = 30 + 2 * self.r + 10
        name_w = max((text_w(game.who(p), t, True) for p in seats), default=0)
        self.place_w = text_w("2nd", t, True) + 16
        self.x_place = self.x_name + name_w + 12
        self.x_bonus = self.x_place + self.place_w + 14
        n = len(game.faces)
        self.col_w = min((width - self.x_bonus - (n - 1) * 8) / n, 6.5 * t)
        self.names = {f: self._heading(f) for f in game.faces}
        self.head_lines = max(len(lines) for lines in self.names.values())

    def _heading(self, face: str) -> Tuple[str, ...]:
        """A bonus card's name over its column: on one line, on two, or its short form."""
        name, room = BONUS_NAMES[face], self.col_w - 4
        if text_w(name, self.t) <= room:
            return (name,)
        words = name.split()
        if len(words) == 2 and all(text_w(w, self.t) <= room for w in words):
            return tuple(words)
        return (BONUS_SHORT.get(face, name),)

    def shapes(self, order: List[int], ox: float, oy: float) -> list:
        out: list = []
        y = oy
        if self.seats:
            y = self._players(out, order, ox, y)
        if self.hand_seat is not None:
            y = self._hand(out, ox, y + (0.6 * self.t if self.seats else 0))
        if self.key and not self.beside:
            self._key(out, ox, y + 0.6 * self.t)
        return out

    def _players(self, out: list, order: List[int], ox: float, y: float) -> float:
        game, st, pal, t = self.game, self.game.state, self.pal, self.t
        head = f"Turn order, round {st.round}" if len(self.seats) > 1 else f"{game.who(self.seats[0])}'s bonuses"
        out.append(text(ox, y + self.line / 2, head, size=t, bold=True, anchor="start", fill=pal.ink))
        y += self.line
        for i, face in enumerate(game.faces):  # the bonus cards' names over their columns
            cx = ox + self.x_bonus + i * (self.col_w + 8) + self.col_w / 2
            lines = self.names[face]
            for j, word in enumerate(lines):
                out.append(text(cx, y + (j + self.head_lines - len(lines) + 0.5) * 0.8 * self.line, word, size=t,
                                fill=pal.muted, title=BONUS_NAMES[face]))
        y += self.head_lines * 0.8 * self.line
        turn_of = {p: i for i, p in enumerate(st.order)}
        for p in self.seats:
            cy = y + self.row_h / 2
            colour, who = game.colours[p], game.who(p)
            now = p == game.current_player
            k = turn_of.get(p, 0)
            done = not st.over and k < st.turn
            place = order.index(p)
            out.append(rect(ox, y + 3, self.width, self.row_h - 6, fill=pal.now if now else pal.panel,
                            stroke=pal.now_edge if now else pal.panel_edge, width=3 if now else 1.2, radius=8,
                            hit="player:" + colour))
            out.append(text(ox + 16, cy, "▶" if now else str(k + 1), size=t, bold=True, fill=pal.ink,
                            title="to move now" if now else ("has moved this round" if done else
                                                             f"moves {ORDINALS[k]} this round")))
            out += ostrich_token(ox + 30 + self.r, cy, self.r, colour, None, title=f"{who}'s ostrich")
            out.append(text(ox + self.x_name, cy, who, size=t, bold=True, anchor="start", fill=pal.ink,
                            title=f"{who}: {'has moved' if done else 'still to move'} this round"))
            bh = t + 10
            x = ox + self.x_place
            out += [rect(x, cy - bh / 2, self.place_w, bh, fill="#ffffff", stroke="#1a1a1a", width=1.2, radius=bh / 2),
                    text(x + self.place_w / 2, cy + 0.5, ORDINALS[place], size=t, bold=True, fill="#1a1a1a",
                         title=f"{ORDINALS[place]} in the race")]
            for i, face in enumerate(game.faces):
                out += self._bonus(ox + self.x_bonus + i * (self.col_w + 8), y + 8, face, st.bonuses[p][i], colour)
            y += self.row_h
        return y

    def _bonus(self, x, y, face: str, state: BonusState, colour: str) -> list:
        """A bonus card as a large marker (none, armed, active, or crossed out when gone)."""
        pal = self.pal
        said = f"{BONUS_NAMES[face]}: {MARKER_TEXT[state]}"
        gone = state == BonusState.GONE
        fill = {BonusState.ACTIVE: "#fff1b8", BonusState.ARMED: "#ffffff"}.get(state, pal.panel)
        h = self.row_h - 16
        return [rect(x, y, self.col_w, h, fill=fill, stroke=pal.panel_edge if not gone else pal.muted, width=1.2,
                     radius=6, dash=(4, 3) if gone else (), hit=f"bonus:{colour}:{face}", title=said)] + \
            marker(x + self.col_w / 2, y + h / 2, 0.42 * h, state, colour, title=said)

    def _hand(self, out: list, ox: float, y: float) -> float:
        game, pal, t, p = self.game, self.pal, self.t, self.hand_seat
        st = game.state
        cards = sorted(st.hands[p])
        out.append(text(ox, y + self.line / 2, f"{game.who(p)}'s hand ({len(cards)} of {game.hand_size(p)})",
                        size=t, bold=True, anchor="start", fill=pal.ink))
        y += self.line + 4
        n = max(len(cards), 1)
        w = min(4.3 * t, (self.width - (n - 1) * 12) / n)
        h = round(5.6 * t)
        for k, code in enumerate(cards):
            out += _classroom_card(ox + k * (w + 12), y, w, h, code, t, hit="card:" + CARD_NAMES[code])
        if not cards:
            out.append(text(ox, y + h / 2, "no cards", size=t, anchor="start", fill=pal.muted))
        top = st.discards[p][-1] if st.discards[p] else None
        said = f"deck {len(st.decks[p])} · discard {len(st.discards[p])}"
        if top is not None:
            said += " · top: " + " ".join(CARD_NAMES[top].split("-"))
        tip = f"{game.who(p)}'s deck and discard pile"
        if self.beside:  # right of a full hand's cards, four lines: the deck and discard, the top card, the key
            x = ox + max(n, game.hand_size(p)) * (w + 12) + 12
            step = h / 4
            for k, words in enumerate(said.split(" · top: ")):
                out.append(text(x, y + (k + 0.5) * step, ("top: " if k else "") + words, size=t, anchor="start",
                                fill=pal.ink, title=tip))
            if self.key:
                self._key(out, x, y + 2 * step, per_line=2, step=step)
            return y + h + 6
        y += h + 6
        out.append(text(ox, y + self.line / 2, said, size=t, anchor="start", fill=pal.ink, title=tip))
        return y + self.line

    def _key(self, out: list, ox: float, y: float, per_line: int = 4, step: float = 0) -> None:
        t, x = self.t, ox
        step = step or self.line
        cy = y + step / 2
        for k, (state, word) in enumerate(((BonusState.INACTIVE, "no marker"), (BonusState.ARMED, "armed"),
                                           (BonusState.ACTIVE, "active"), (BonusState.GONE, "gone"))):
            if k and k % per_line == 0:
                x, cy = ox, cy + step
            out += marker(x + 0.45 * t, cy, 0.4 * t, state, "green", title=MARKER_TEXT[state])
            out.append(text(x + 1.1 * t, cy, word, size=t, anchor="start", fill=self.pal.ink, title=MARKER_TEXT[state]))
            x += 1.1 * t + text_w(word, t) + 0.9 * t

    @property
    def height(self) -> float:
        h = 0.0
        if self.seats:
            h += self.line + self.head_lines * 0.8 * self.line + self.row_h * len(self.seats)
        if self.hand_seat is not None:
            h += (0.6 * self.t if self.seats else 0) + self.line + 4 + round(5.6 * self.t) + 6
            h += 0 if self.beside else self.line
        if self.key and not self.beside:
            h += 0.6 * self.t + self.line
        return h


def _classroom_card(x, y, w, h, code: int, t: float, hit=None) -> list:
    """A movement card for the classroom: a large value, the colour word, "tiptoe" on a '2'."""
    name = CARD_NAMES[code]
    lane, value = name.split("-")
    ink = CARD_INK[lane]
    tiptoe = int(value) == TIPTOE_VALUE
    said = f"{lane} {value}" + (": a tiptoe card (may ignore animals, quicksand and dune arrows)" if tiptoe else "")
    out = [rect(x, y, w, h, fill=CARD_FILL[lane], stroke="#111111", width=1.6, radius=8, hit=hit, title=said),
           rect(x + 4, y + 4, w - 8, h - 8, stroke=ink, width=1, radius=5, opacity=0.6),
           text(x + w / 2, y + h / 2 + (0.1 * t if tiptoe else -0.15 * t), value, size=round(2.1 * t, 1), bold=True,
                fill=ink, title=said),
           text(x + w / 2, y + h - 0.75 * t, lane, size=t, fill=ink, title=said)]
    if tiptoe:
        out.append(text(x + w / 2, y + 0.75 * t, "tiptoe", size=t, bold=True, fill=ink, title=said))
    return out
