"""What every Circle of Life picture (``render``) is drawn with: the sizes of a card and the
gaps, the colours of the cards, groups and players, the palettes of the light and dark themes,
fitting text into room, and the small marks the cards and panels share (group shapes, the Big
Five star, the predator's claws, tokens, reach arrows, a card's back)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import List, Tuple

from ..core.scene import circle, polygon, rect, text
from .text import COLOURS


# -- sizes (scene units = CSS px at scale 1) ----------------------------------------------------------------

CARD_W = 120          #: a savannah card's width; never less than MIN_CARD_W
MIN_CARD_W = 90
PER_LINE = 8          #: savannah cards per line before the row wraps
GAP = 10              #: between cards
LINE_GAP = 32         #: between two lines of the savannah (room for "continues" words and the marks)
PAD = 14
HEADER_H = 34
ACTION_SIZE = 9.5      #: text of the action and restriction lines
ACTION_LINE = 13
WIDTH = 2 * PAD + PER_LINE * CARD_W + (PER_LINE - 1) * GAP
#: names too long for a small tile
SHORT_NAMES = {"Hippopotamus": "Hippo"}

# -- colours --------------------------------------------------------------------------------------------------

CARD_FACE = "#fbf6ea"
CARD_EDGE = "#8a7a5a"
CARD_INK = "#1f1f1f"
CARD_MUTED = "#4e4a42"   # 7:1 on the card face
KILL_INK = "#9b1111"     # "kill" words (6:1 on the card face)
SCARE_INK = "#0b4f8a"    # "scare" words
STAR_FILL = "#f9c513"
STAR_EDGE = "#6b4f00"
CLAW_FILL = "#7a0f0f"
BACK_FILL = "#5b3a1a"
BACK_MARK = "#d9b779"

#: group colour names of the catalogue -> a fill that carries white text (4.5:1 or more)
GROUP_FILL = {"red": "#c62828", "orange": "#b24a00", "grey": "#5f5f5f", "gray": "#5f5f5f", "green": "#2e7d32",
              "blue": "#1565c0", "yellow": "#7a5c00", "purple": "#6a1b9a", "brown": "#6d4c41", "black": "#262626"}
#: the second cue for a group: a shape (group order of the kit catalogue; others cycle)
GROUP_SHAPES = ("circle", "triangle", "square", "diamond", "hexagon")

PLAYER_FILL = {"Red": "#b71c1c", "Blue": "#0d47a1", "Yellow": "#ffd54f", "Green": "#2e7d32", "Purple": "#7b1fa2"}
PLAYER_INK = {"Red": "#ffffff", "Blue": "#ffffff", "Yellow": "#1a1a1a", "Green": "#ffffff", "Purple": "#ffffff"}


@dataclass(frozen=True)
class Palette:
    """The colours around the cards (cards look the same in both themes, like printed ones)."""

    background: str
    band: str
    band_ink: str
    panel: str
    panel_edge: str
    ink: str
    muted: str
    now: str         # the panel of the player to move
    now_edge: str
    ring: str        # highlighted cards
    slot: str        # the dashed "new cards enter here" slot
    table_alt: str   # every other row of the scoring table


PALETTES = {
    "light": Palette("#f4efe1", "#5b3a1a", "#ffffff", "#ffffff", "#c9bfa6", "#1f1f1f", "#514c44", "#fff3c4",
                     "#c98a00", "#0b57d0", "#7a6a4a", "#f3ede0"),
    "dark": Palette("#1f1d1a", "#5b3a1a", "#ffffff", "#2b2925", "#5d564a", "#f1efe9", "#c2bdb3", "#4a3f1e",
                    "#f2b705", "#8ab4f8", "#bfb39a", "#34312c"),
}


def text_w(s: str, size: float, bold: bool = False) -> float:
    """Estimated width of a line of text (no font metrics in plain data)."""
    return len(s) * size * (0.64 if bold else 0.6)


def _fit(s: str, size: float, room: float, bold: bool = False, least: float = 9.0) -> float:
    """The largest font size up to ``size`` (not below ``least``) at which ``s`` fits in ``room``."""
    while size > least and text_w(s, size, bold) > room:
        size -= 0.5
    return size


def _wrap(words: str, size: float, room: float) -> List[str]:
    """``words`` broken into lines no wider than ``room`` (a single long word stays whole); plain
    card words are narrower than ``text_w``'s safe guess (DejaVu Sans: about 0.56 em a letter)."""
    lines: List[str] = []
    for word in words.split(" "):
        if lines and len(lines[-1] + " " + word) * size * 0.56 <= room:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


# -- small geometry helpers ----------------------------------------------------------------------------------

def _ellipse(cx, cy, rx, ry, n: int = 24, start: float = 0.0, end: float = 2 * math.pi) -> List[Tuple[float, float]]:
    return [(cx + rx * math.cos(start + (end - start) * k / n), cy + ry * math.sin(start + (end - start) * k / n))
            for k in range(n + (0 if end - start >= 2 * math.pi - 1e-9 else 1))]


def _oval(cx, cy, rx, ry, fill=None, stroke=None, width=1.0, title=None):
    return polygon(_ellipse(cx, cy, rx, ry), fill=fill, stroke=stroke, width=width, title=title)


def _star(cx, cy, r, inner=0.45, points: int = 5) -> List[Tuple[float, float]]:
    return [(cx + (r if k % 2 == 0 else r * inner) * math.sin(k * math.pi / points),
             cy - (r if k % 2 == 0 else r * inner) * math.cos(k * math.pi / points)) for k in range(2 * points)]


def group_shape(kind: str, cx, cy, r, fill, stroke, width=1.2, title=None) -> list:
    """A group's shape: circle, triangle, square, diamond or hexagon."""
    if kind == "circle":
        return [circle(cx, cy, r, fill=fill, stroke=stroke, width=width, title=title)]
    if kind == "triangle":
        pts = [(cx, cy - 1.15 * r), (cx + 1.1 * r, cy + 0.85 * r), (cx - 1.1 * r, cy + 0.85 * r)]
    elif kind == "square":
        pts = [(cx - 0.85 * r, cy - 0.85 * r), (cx + 0.85 * r, cy - 0.85 * r), (cx + 0.85 * r, cy + 0.85 * r),
               (cx - 0.85 * r, cy + 0.85 * r)]
    elif kind == "diamond":
        pts = [(cx, cy - 1.2 * r), (cx + 1.05 * r, cy), (cx, cy + 1.2 * r), (cx - 1.05 * r, cy)]
    else:
        pts = [(cx + r * math.cos(math.pi / 3 * k), cy + r * math.sin(math.pi / 3 * k)) for k in range(6)]
    return [polygon(pts, fill=fill, stroke=stroke, width=width, title=title)]


def big_five_mark(cx, cy, r, title="Big Five animal") -> list:
    """A plain star: no number in it, so it never reads as a second level or score."""
    return [polygon(_star(cx, cy, r), fill=STAR_FILL, stroke=STAR_EDGE, width=1.2, title=title)]


def predator_mark(cx, cy, r, title="predator") -> list:
    """Three slanted claw scratches in a pale disc."""
    out = [circle(cx, cy, r, fill="#f6dede", stroke=CLAW_FILL, width=1.2, title=title)]
    for k in (-1, 0, 1):
        x = cx + k * 0.42 * r
        out.append(polygon([(x + 0.22 * r, cy - 0.72 * r), (x + 0.08 * r, cy - 0.72 * r),
                            (x - 0.26 * r, cy + 0.68 * r), (x - 0.12 * r, cy + 0.7 * r)],
                           fill=CLAW_FILL, stroke=CLAW_FILL, width=0.8))
    return out


def token(cx, cy, r, seat: int, title=None) -> list:
    """A player's token: a disc in the player colour, double outline, the initial."""
    name = COLOURS[seat]
    return [circle(cx, cy, r + 1.6, fill="#1a1a1a", title=title),
            circle(cx, cy, r, fill=PLAYER_FILL[name], stroke="#ffffff", width=1.6, title=title),
            text(cx, cy + 0.5, name[0], size=1.05 * r, bold=True, fill=PLAYER_INK[name], title=title)]


def reach_arrows(x, cy, reach: int, fill) -> Tuple[list, float]:
    """``reach`` small arrows pointing left from x; returns the shapes and their width."""
    out = []
    for k in range(reach):
        ax = x + k * 6.5
        out.append(polygon([(ax, cy), (ax + 5.5, cy - 3.8), (ax + 5.5, cy + 3.8)], fill=fill))
    return out, reach * 6.5 + 2


def card_back(x, y, w, h, hit=None, title=None) -> list:
    return [rect(x, y, w, h, fill=BACK_FILL, stroke="#2a1a0a", width=1.2, radius=5, hit=hit, title=title),
            circle(x + w / 2, y + h / 2, min(w, h) * 0.3, stroke=BACK_MARK, width=2),
            circle(x + w / 2, y + h / 2, min(w, h) * 0.12, fill=BACK_MARK)]
