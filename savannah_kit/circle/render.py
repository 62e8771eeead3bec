"""Circle of Life pictures: the table as a ``Scene`` (plain data, no Jupyter).

``scene(game)`` draws, top to bottom: a header (round, turn, who is to move, or
the result), the draw pile and the pile of cards out of the game, the savannah
row left to right (the oldest card on the left; new cards enter at the right
end, marked by a dashed "new cards enter here" slot, and hunting reaches to the
left), one panel per player (token colour, hand, kill pile grouped by species,
Big Five tally, tokens left in the scarce variant), the end-of-game scoring
table (automatically once the game is over, or with ``scoring=True``) and a
legend for every mark.

How a card reads (``TEACHING.md``: colour is never the only cue): a group band
in the group colour *with* the group name and a group shape (circle, triangle,
square, diamond, hexagon); the level as a large number; a drawn animal icon per
species (mane, spots, tusks, horn, stripes …); the species name; a claw mark on
predators; a gold star with "5" on Big Five cards; the hunting actions in short
words ("kill 2 ≤5") with the reach drawn as that many small arrows pointing
left; the placement restriction under a no-entry (forbid) or check (require)
mark; and the owner's token (a disc in the player colour with their initial).
Long savannahs wrap onto more lines; cards keep their size (``CARD_W``).

``scene(game, classroom=True)`` is the classroom layout, for a board on a projector (the page
fits the picture to the window): a fixed landscape (``CLASSROOM_SIZE``) with no text under
``CLASSROOM_TEXT`` units (24 px or more fitted to 1920x1080): the savannah as wrapped tiles
(group, level, icon, name, marks, token; large tiles while the row is short), the piles as two
counts, the hand shown as large cards with their hunts and placement rule, and a table of the
players (score, kills, Big Five). ``scene(game, story=hunt_story(before, move))`` draws the
savannah as it was during a turn: the taken cards crossed out and tagged, with arrows to the
kill pile or out of the game, and the cards that move up tagged (the board's before/after step).

Hidden information: ``viewer`` is whose hand is shown face up (a seat), ``None``
a spectator (no hand face up) or ``"all"`` (the teacher's view). Other hands are
drawn face down with their count and no word of their species. Once the game is
over the hands are revealed, as their penalties are scored.

The picture brings its own background (``theme="light"`` or ``"dark"``).

Clickable areas (hit ids):

* ``card:<id>``      every savannah card, e.g. ``card:C01``;
* ``hand:<id>``      every hand card drawn face up;
* ``hand:<seat>``    a face-down hand;
* ``savannah:new``   the slot where the next card enters;
* ``pile:draw`` and ``pile:out``  the draw pile and the cards out of the game;
* ``rule:<rule id>`` a row of the scoring table (e.g. ``rule:circle.end.survivors``);
* ``story:<id>``     a savannah card drawn as it was during a turn (``story``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Dict, List, Optional, Tuple

from ..core.scene import Scene, circle, line, polygon, rect, text
from .data import Action, Catalogue, Choose, Condition, Filter, Species
from .scoring import STEPS
from .state import Phase
from .text import COLOURS, player_name

if TYPE_CHECKING:
    from .rules import CircleGame

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
    return [polygon(_star(cx, cy, r), fill=STAR_FILL, stroke=STAR_EDGE, width=1.2, title=title),
            text(cx, cy + 0.12 * r, "5", size=0.85 * r, bold=True, fill="#1a1a1a", title=title)]


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


# -- species icons -------------------------------------------------------------------------------------------
# Each draws a head-on or profile sketch in a box of side 2s around (cx, cy) (s = 26 on a card).

def _eyes(cx, cy, s, dx=0.28, dy=-0.05, r=0.06, fill="#1a1a1a"):
    return [circle(cx - dx * s, cy + dy * s, r * s, fill=fill), circle(cx + dx * s, cy + dy * s, r * s, fill=fill)]


def _lion(cx, cy, s):
    out = [polygon(_star(cx, cy, 0.98 * s, 0.78, 11), fill="#9a5212", stroke="#5a2e08", width=1)]
    out += [circle(cx - 0.42 * s, cy - 0.42 * s, 0.16 * s, fill="#e0a84a"),
            circle(cx + 0.42 * s, cy - 0.42 * s, 0.16 * s, fill="#e0a84a"),
            circle(cx, cy + 0.02 * s, 0.5 * s, fill="#e5b04e", stroke="#7a4a10", width=1)]
    out += _eyes(cx, cy - 0.08 * s, s, 0.2)
    out += [polygon([(cx - 0.12 * s, cy + 0.12 * s), (cx + 0.12 * s, cy + 0.12 * s), (cx, cy + 0.26 * s)],
                    fill="#3b1f0a"),
            line([(cx - 0.14 * s, cy + 0.36 * s), (cx, cy + 0.28 * s), (cx + 0.14 * s, cy + 0.36 * s)],
                 stroke="#3b1f0a", width=1.2)]
    return out


def _cat_head(cx, cy, s, fill, edge):
    return [circle(cx - 0.5 * s, cy - 0.55 * s, 0.2 * s, fill=fill, stroke=edge, width=1),
            circle(cx + 0.5 * s, cy - 0.55 * s, 0.2 * s, fill=fill, stroke=edge, width=1),
            _oval(cx, cy, 0.72 * s, 0.66 * s, fill=fill, stroke=edge, width=1.2)]


def _leopard(cx, cy, s):
    out = _cat_head(cx, cy, s, "#e8b84a", "#6b4a10")
    for dx, dy in ((-0.42, -0.3), (0.42, -0.3), (-0.5, 0.15), (0.5, 0.15), (0, -0.45), (-0.25, 0.42),
                   (0.25, 0.42)):
        out += [circle(cx + dx * s, cy + dy * s, 0.1 * s, stroke="#2a1a05", width=1.6),
                circle(cx + dx * s, cy + dy * s, 0.03 * s, fill="#8a5a10")]
    out += _eyes(cx, cy - 0.05 * s, s, 0.22)
    out.append(polygon([(cx - 0.1 * s, cy + 0.16 * s), (cx + 0.1 * s, cy + 0.16 * s), (cx, cy + 0.28 * s)],
                       fill="#3b1f0a"))
    return out


def _cheetah(cx, cy, s):
    out = _cat_head(cx, cy, 0.95 * s, "#eec25f", "#6b4a10")
    for dx, dy in ((-0.45, -0.3), (0.45, -0.3), (-0.55, 0.1), (0.55, 0.1), (-0.15, -0.5), (0.15, -0.5),
                   (-0.4, 0.38), (0.4, 0.38)):
        out.append(circle(cx + dx * s, cy + dy * s, 0.065 * s, fill="#1a1a1a"))
    out += _eyes(cx, cy - 0.08 * s, s, 0.2)
    out += [line([(cx - 0.2 * s, cy - 0.02 * s), (cx - 0.17 * s, cy + 0.3 * s)], stroke="#1a1a1a", width=2.2),
            line([(cx + 0.2 * s, cy - 0.02 * s), (cx + 0.17 * s, cy + 0.3 * s)], stroke="#1a1a1a", width=2.2),
            polygon([(cx - 0.09 * s, cy + 0.14 * s), (cx + 0.09 * s, cy + 0.14 * s), (cx, cy + 0.25 * s)],
                    fill="#1a1a1a")]
    return out


def _hyena(cx, cy, s):
    out = [circle(cx - 0.48 * s, cy - 0.58 * s, 0.3 * s, fill="#8d7a5c", stroke="#3d3020", width=1),
           circle(cx + 0.48 * s, cy - 0.58 * s, 0.3 * s, fill="#8d7a5c", stroke="#3d3020", width=1),
           polygon([(cx - 0.62 * s, cy - 0.35 * s), (cx + 0.62 * s, cy - 0.35 * s), (cx + 0.42 * s, cy + 0.45 * s),
                    (cx + 0.2 * s, cy + 0.8 * s), (cx - 0.2 * s, cy + 0.8 * s), (cx - 0.42 * s, cy + 0.45 * s)],
                   fill="#a8926c", stroke="#3d3020", width=1.2)]
    for dx, dy in ((-0.38, -0.15), (0.38, -0.15), (-0.3, 0.25), (0.3, 0.25), (0, -0.25)):
        out.append(circle(cx + dx * s, cy + dy * s, 0.08 * s, fill="#3d3020"))
    out += _eyes(cx, cy - 0.02 * s, s, 0.18)
    out.append(_oval(cx, cy + 0.62 * s, 0.16 * s, 0.1 * s, fill="#1a1a1a"))
    return out


def _wild_dog(cx, cy, s):
    out = [_oval(cx - 0.52 * s, cy - 0.55 * s, 0.26 * s, 0.36 * s, fill="#1a1a1a"),
           _oval(cx + 0.52 * s, cy - 0.55 * s, 0.26 * s, 0.36 * s, fill="#1a1a1a"),
           _oval(cx, cy + 0.05 * s, 0.58 * s, 0.7 * s, fill="#c9a15a", stroke="#1a1a1a", width=1.2),
           polygon([(cx - 0.5 * s, cy - 0.3 * s), (cx - 0.1 * s, cy - 0.6 * s), (cx - 0.2 * s, cy + 0.1 * s)],
                   fill="#1a1a1a"),
           polygon([(cx + 0.52 * s, cy + 0.1 * s), (cx + 0.2 * s, cy - 0.2 * s), (cx + 0.3 * s, cy + 0.45 * s)],
                   fill="#f5f0e6"),
           _oval(cx, cy + 0.45 * s, 0.24 * s, 0.28 * s, fill="#1a1a1a")]
    out += _eyes(cx, cy - 0.1 * s, s, 0.22, r=0.07, fill="#f5f0e6")
    return out


def _jackal(cx, cy, s):
    return [polygon([(cx - 0.55 * s, cy - 0.15 * s), (cx - 0.45 * s, cy - 0.95 * s), (cx - 0.12 * s, cy - 0.35 * s)],
                    fill="#b5651d", stroke="#4a2508", width=1),
            polygon([(cx + 0.55 * s, cy - 0.15 * s), (cx + 0.45 * s, cy - 0.95 * s), (cx + 0.12 * s, cy - 0.35 * s)],
                    fill="#b5651d", stroke="#4a2508", width=1),
            polygon([(cx - 0.6 * s, cy - 0.3 * s), (cx + 0.6 * s, cy - 0.3 * s), (cx + 0.15 * s, cy + 0.85 * s),
                     (cx - 0.15 * s, cy + 0.85 * s)], fill="#cf8a3e", stroke="#4a2508", width=1.2),
            polygon([(cx - 0.3 * s, cy - 0.32 * s), (cx + 0.3 * s, cy - 0.32 * s), (cx, cy - 0.05 * s)],
                    fill="#3a3a3a")] + _eyes(cx, cy - 0.05 * s, s, 0.22) + [
            circle(cx, cy + 0.78 * s, 0.09 * s, fill="#1a1a1a")]


def _elephant(cx, cy, s):
    grey, edge = "#8e8e8e", "#3a3a3a"
    return [_oval(cx - 0.6 * s, cy - 0.1 * s, 0.4 * s, 0.55 * s, fill="#a5a5a5", stroke=edge, width=1.2),
            _oval(cx + 0.6 * s, cy - 0.1 * s, 0.4 * s, 0.55 * s, fill="#a5a5a5", stroke=edge, width=1.2),
            circle(cx, cy - 0.2 * s, 0.42 * s, fill=grey, stroke=edge, width=1.2),
            polygon([(cx - 0.16 * s, cy), (cx + 0.16 * s, cy), (cx + 0.12 * s, cy + 0.7 * s),
                     (cx + 0.3 * s, cy + 0.85 * s), (cx + 0.05 * s, cy + 0.92 * s), (cx - 0.12 * s, cy + 0.7 * s)],
                    fill=grey, stroke=edge, width=1.2),
            polygon([(cx - 0.18 * s, cy + 0.05 * s), (cx - 0.4 * s, cy + 0.45 * s), (cx - 0.5 * s, cy + 0.4 * s),
                     (cx - 0.28 * s, cy)], fill="#fffdf5", stroke=edge, width=1),
            polygon([(cx + 0.18 * s, cy + 0.05 * s), (cx + 0.4 * s, cy + 0.45 * s), (cx + 0.5 * s, cy + 0.4 * s),
                     (cx + 0.28 * s, cy)], fill="#fffdf5", stroke=edge, width=1),
            ] + _eyes(cx, cy - 0.25 * s, s, 0.2)


def _rhino(cx, cy, s):
    grey, edge = "#7d7d7d", "#2e2e2e"
    return [polygon([(cx - 0.85 * s, cy - 0.1 * s), (cx - 0.55 * s, cy - 0.45 * s), (cx + 0.2 * s, cy - 0.45 * s),
                     (cx + 0.85 * s, cy + 0.05 * s), (cx + 0.8 * s, cy + 0.45 * s), (cx - 0.7 * s, cy + 0.5 * s)],
                    fill=grey, stroke=edge, width=1.2),
            polygon([(cx - 0.65 * s, cy - 0.4 * s), (cx - 0.6 * s, cy - 0.75 * s), (cx - 0.45 * s, cy - 0.42 * s)],
                    fill=grey, stroke=edge, width=1),
            polygon([(cx + 0.45 * s, cy - 0.22 * s), (cx + 0.62 * s, cy - 0.95 * s), (cx + 0.72 * s, cy - 0.1 * s)],
                    fill="#e8e1cf", stroke=edge, width=1.2),
            polygon([(cx + 0.15 * s, cy - 0.4 * s), (cx + 0.25 * s, cy - 0.68 * s), (cx + 0.35 * s, cy - 0.35 * s)],
                    fill="#e8e1cf", stroke=edge, width=1),
            circle(cx - 0.1 * s, cy - 0.1 * s, 0.07 * s, fill="#1a1a1a"),
            line([(cx - 0.5 * s, cy + 0.5 * s), (cx - 0.5 * s, cy + 0.85 * s)], stroke=edge, width=5),
            line([(cx + 0.45 * s, cy + 0.45 * s), (cx + 0.45 * s, cy + 0.85 * s)], stroke=edge, width=5)]


def _buffalo(cx, cy, s):
    edge = "#1a1a1a"
    return [polygon(_ellipse(cx, cy - 0.35 * s, 0.95 * s, 0.4 * s, 16, math.pi, 2 * math.pi)
                    + _ellipse(cx, cy - 0.35 * s, 0.55 * s, 0.2 * s, 16, 2 * math.pi, math.pi),
                    fill="#cfc3a6", stroke=edge, width=1.2),
            polygon([(cx - 0.95 * s, cy - 0.35 * s), (cx - 1.0 * s, cy - 0.75 * s), (cx - 0.8 * s, cy - 0.4 * s)],
                    fill="#cfc3a6", stroke=edge, width=1),
            polygon([(cx + 0.95 * s, cy - 0.35 * s), (cx + 1.0 * s, cy - 0.75 * s), (cx + 0.8 * s, cy - 0.4 * s)],
                    fill="#cfc3a6", stroke=edge, width=1),
            polygon([(cx - 0.42 * s, cy - 0.3 * s), (cx + 0.42 * s, cy - 0.3 * s), (cx + 0.3 * s, cy + 0.65 * s),
                     (cx - 0.3 * s, cy + 0.65 * s)], fill="#3b302a", stroke=edge, width=1.2),
            ] + _eyes(cx, cy, s, 0.22, fill="#f0e6d0") + [
            circle(cx - 0.12 * s, cy + 0.5 * s, 0.05 * s, fill="#f0e6d0"),
            circle(cx + 0.12 * s, cy + 0.5 * s, 0.05 * s, fill="#f0e6d0")]


def _giraffe(cx, cy, s):
    fill, edge = "#e9b653", "#6b4a10"
    out = [polygon([(cx - 0.15 * s, cy + 0.95 * s), (cx - 0.05 * s, cy - 0.45 * s), (cx + 0.25 * s, cy - 0.45 * s),
                    (cx + 0.25 * s, cy + 0.95 * s)], fill=fill, stroke=edge, width=1.2),
           polygon([(cx - 0.15 * s, cy - 0.35 * s), (cx - 0.05 * s, cy - 0.7 * s), (cx + 0.3 * s, cy - 0.72 * s),
                    (cx + 0.75 * s, cy - 0.45 * s), (cx + 0.72 * s, cy - 0.3 * s), (cx + 0.2 * s, cy - 0.28 * s)],
                   fill=fill, stroke=edge, width=1.2),
           line([(cx + 0.05 * s, cy - 0.7 * s), (cx + 0.02 * s, cy - 0.95 * s)], stroke=edge, width=2),
           line([(cx + 0.2 * s, cy - 0.72 * s), (cx + 0.2 * s, cy - 0.97 * s)], stroke=edge, width=2),
           circle(cx + 0.02 * s, cy - 0.97 * s, 0.06 * s, fill=edge), circle(cx + 0.2 * s, cy - 0.99 * s, 0.06 * s,
                                                                             fill=edge),
           circle(cx + 0.3 * s, cy - 0.55 * s, 0.06 * s, fill="#1a1a1a")]
    for dy in (-0.15, 0.2, 0.55):
        out.append(rect(cx - 0.04 * s, cy + dy * s, 0.22 * s, 0.22 * s, fill="#8a4f12", radius=2))
    return out


def _hippo(cx, cy, s):
    fill, edge = "#9a8aa0", "#3b3040"
    return [circle(cx - 0.45 * s, cy - 0.6 * s, 0.14 * s, fill=fill, stroke=edge, width=1),
            circle(cx + 0.45 * s, cy - 0.6 * s, 0.14 * s, fill=fill, stroke=edge, width=1),
            _oval(cx, cy - 0.25 * s, 0.55 * s, 0.42 * s, fill=fill, stroke=edge, width=1.2),
            _oval(cx, cy + 0.35 * s, 0.85 * s, 0.5 * s, fill="#b3a3b8", stroke=edge, width=1.2),
            _oval(cx - 0.3 * s, cy + 0.2 * s, 0.1 * s, 0.07 * s, fill="#1a1a1a"),
            _oval(cx + 0.3 * s, cy + 0.2 * s, 0.1 * s, 0.07 * s, fill="#1a1a1a"),
            line([(cx - 0.45 * s, cy + 0.55 * s), (cx + 0.45 * s, cy + 0.55 * s)], stroke=edge, width=1.2),
            ] + _eyes(cx, cy - 0.35 * s, s, 0.25)


def _zebra(cx, cy, s):
    out = [polygon([(cx - 0.3 * s, cy - 0.9 * s), (cx - 0.15 * s, cy - 0.6 * s), (cx - 0.55 * s, cy - 0.5 * s)],
                   fill="#ffffff", stroke="#1a1a1a", width=1),
           polygon([(cx + 0.3 * s, cy - 0.9 * s), (cx + 0.15 * s, cy - 0.6 * s), (cx + 0.55 * s, cy - 0.5 * s)],
                   fill="#ffffff", stroke="#1a1a1a", width=1),
           polygon([(cx - 0.5 * s, cy - 0.55 * s), (cx + 0.5 * s, cy - 0.55 * s), (cx + 0.32 * s, cy + 0.9 * s),
                    (cx - 0.32 * s, cy + 0.9 * s)], fill="#ffffff", stroke="#1a1a1a", width=1.4)]
    for k in range(5):  # stripes across the face, narrowing with it
        y = cy + (-0.42 + 0.24 * k) * s
        half = (0.47 - 0.14 * (k * 0.24 + 0.13) / 1.45 * 1.2) * s - 0.045 * k * s
        out.append(polygon([(cx - half, y), (cx + half, y), (cx + half - 0.03 * s, y + 0.1 * s),
                            (cx - half + 0.03 * s, y + 0.1 * s)], fill="#1a1a1a"))
    out.append(rect(cx - 0.28 * s, cy + 0.68 * s, 0.56 * s, 0.22 * s, fill="#3a3a3a", radius=3))
    out += [circle(cx - 0.3 * s, cy - 0.3 * s, 0.07 * s, fill="#8a5a10"),
            circle(cx + 0.3 * s, cy - 0.3 * s, 0.07 * s, fill="#8a5a10")]
    return out


def _wildebeest(cx, cy, s):
    edge = "#1a1a1a"
    return [line([(cx - 0.3 * s, cy - 0.5 * s), (cx - 0.85 * s, cy - 0.55 * s), (cx - 0.8 * s, cy - 0.9 * s)],
                 stroke="#d9d0bb", width=4),
            line([(cx + 0.3 * s, cy - 0.5 * s), (cx + 0.85 * s, cy - 0.55 * s), (cx + 0.8 * s, cy - 0.9 * s)],
                 stroke="#d9d0bb", width=4),
            polygon([(cx - 0.38 * s, cy - 0.65 * s), (cx + 0.38 * s, cy - 0.65 * s), (cx + 0.25 * s, cy + 0.6 * s),
                     (cx - 0.25 * s, cy + 0.6 * s)], fill="#5a5550", stroke=edge, width=1.2),
            polygon([(cx - 0.25 * s, cy + 0.5 * s), (cx + 0.25 * s, cy + 0.5 * s), (cx + 0.12 * s, cy + 0.98 * s),
                     (cx, cy + 0.8 * s), (cx - 0.12 * s, cy + 0.98 * s)], fill="#1a1a1a"),
            ] + _eyes(cx, cy - 0.3 * s, s, 0.22, fill="#f0e6d0")


def _antelope(cx, cy, s, lyre: bool):
    fill, edge = "#c98a4b", "#4a2a0a"
    if lyre:  # the impala's lyre-shaped horns
        horns = [line([(cx - 0.15 * s, cy - 0.55 * s), (cx - 0.45 * s, cy - 0.75 * s), (cx - 0.25 * s, cy - 1.0 * s)],
                      stroke="#2a1a0a", width=3),
                 line([(cx + 0.15 * s, cy - 0.55 * s), (cx + 0.45 * s, cy - 0.75 * s), (cx + 0.25 * s, cy - 1.0 * s)],
                      stroke="#2a1a0a", width=3)]
    else:  # the gazelle's straight ringed horns
        horns = [line([(cx - 0.12 * s, cy - 0.55 * s), (cx - 0.22 * s, cy - 1.0 * s)], stroke="#2a1a0a", width=3),
                 line([(cx + 0.12 * s, cy - 0.55 * s), (cx + 0.22 * s, cy - 1.0 * s)], stroke="#2a1a0a", width=3)]
        for k in range(3):
            y = cy - (0.65 + 0.1 * k) * s
            horns.append(line([(cx - 0.24 * s, y), (cx - 0.08 * s, y)], stroke="#2a1a0a", width=1))
            horns.append(line([(cx + 0.08 * s, y), (cx + 0.24 * s, y)], stroke="#2a1a0a", width=1))
    ears = [polygon([(cx - 0.3 * s, cy - 0.5 * s), (cx - 0.75 * s, cy - 0.45 * s), (cx - 0.35 * s, cy - 0.3 * s)],
                    fill=fill, stroke=edge, width=1),
            polygon([(cx + 0.3 * s, cy - 0.5 * s), (cx + 0.75 * s, cy - 0.45 * s), (cx + 0.35 * s, cy - 0.3 * s)],
                    fill=fill, stroke=edge, width=1)]
    head = [polygon([(cx - 0.32 * s, cy - 0.6 * s), (cx + 0.32 * s, cy - 0.6 * s), (cx + 0.18 * s, cy + 0.7 * s),
                     (cx - 0.18 * s, cy + 0.7 * s)], fill=fill, stroke=edge, width=1.2)]
    if not lyre:  # the dark side stripe of a gazelle
        head += [line([(cx - 0.28 * s, cy - 0.2 * s), (cx - 0.16 * s, cy + 0.5 * s)], stroke="#2a1a0a", width=2.5),
                 line([(cx + 0.28 * s, cy - 0.2 * s), (cx + 0.16 * s, cy + 0.5 * s)], stroke="#2a1a0a", width=2.5)]
    else:
        head.append(polygon([(cx - 0.12 * s, cy + 0.3 * s), (cx + 0.12 * s, cy + 0.3 * s),
                             (cx + 0.1 * s, cy + 0.68 * s), (cx - 0.1 * s, cy + 0.68 * s)], fill="#f5efe0"))
    return horns + ears + head + _eyes(cx, cy - 0.3 * s, s, 0.2) + [circle(cx, cy + 0.64 * s, 0.07 * s,
                                                                             fill="#1a1a1a")]


def _warthog(cx, cy, s):
    fill, edge = "#8b7d74", "#2e2622"
    return [polygon([(cx - 0.4 * s, cy - 0.85 * s), (cx + 0.4 * s, cy - 0.85 * s), (cx + 0.15 * s, cy - 0.55 * s),
                     (cx - 0.15 * s, cy - 0.55 * s)], fill="#4a3a30"),
            _oval(cx, cy - 0.05 * s, 0.7 * s, 0.6 * s, fill=fill, stroke=edge, width=1.2),
            circle(cx - 0.62 * s, cy - 0.05 * s, 0.11 * s, fill=fill, stroke=edge, width=1),
            circle(cx + 0.62 * s, cy - 0.05 * s, 0.11 * s, fill=fill, stroke=edge, width=1),
            _oval(cx, cy + 0.45 * s, 0.38 * s, 0.25 * s, fill="#a89890", stroke=edge, width=1.2),
            line([(cx - 0.3 * s, cy + 0.4 * s), (cx - 0.6 * s, cy + 0.25 * s), (cx - 0.62 * s, cy - 0.05 * s)],
                 stroke="#fffdf5", width=3.2),
            line([(cx + 0.3 * s, cy + 0.4 * s), (cx + 0.6 * s, cy + 0.25 * s), (cx + 0.62 * s, cy - 0.05 * s)],
                 stroke="#fffdf5", width=3.2),
            circle(cx - 0.12 * s, cy + 0.45 * s, 0.06 * s, fill="#1a1a1a"),
            circle(cx + 0.12 * s, cy + 0.45 * s, 0.06 * s, fill="#1a1a1a"),
            ] + _eyes(cx, cy - 0.25 * s, s, 0.25)


def _maasai(cx, cy, s):
    edge = "#1a1a1a"
    return [line([(cx + 0.55 * s, cy - 0.95 * s), (cx + 0.55 * s, cy + 0.95 * s)], stroke="#5a3a1a", width=2.2),
            polygon([(cx + 0.55 * s, cy - 1.0 * s), (cx + 0.62 * s, cy - 0.78 * s), (cx + 0.48 * s, cy - 0.78 * s)],
                    fill="#9e9e9e", stroke=edge, width=0.8),
            polygon([(cx - 0.35 * s, cy - 0.35 * s), (cx + 0.35 * s, cy - 0.35 * s), (cx + 0.5 * s, cy + 0.9 * s),
                     (cx - 0.5 * s, cy + 0.9 * s)], fill="#c62828", stroke=edge, width=1.2),
            line([(cx - 0.38 * s, cy - 0.05 * s), (cx + 0.42 * s, cy + 0.4 * s)], stroke="#1565c0", width=3),
            circle(cx, cy - 0.6 * s, 0.24 * s, fill="#5a3a22", stroke=edge, width=1),
            _oval(cx - 0.6 * s, cy + 0.25 * s, 0.22 * s, 0.42 * s, fill="#e8d5a8", stroke=edge, width=1.2),
            line([(cx - 0.6 * s, cy - 0.1 * s), (cx - 0.6 * s, cy + 0.6 * s)], stroke="#c62828", width=2)]


def _generic(cx, cy, s):
    return [_oval(cx, cy, 0.7 * s, 0.6 * s, fill="#c9b48a", stroke="#4a3a20", width=1.2)] + _eyes(cx, cy, s, 0.25)


SPECIES_ICONS: Dict[str, Callable[[float, float, float], list]] = {
    "Lion": _lion, "Leopard": _leopard, "Cheetah": _cheetah, "Hyena": _hyena, "Wild dog": _wild_dog,
    "Jackal": _jackal, "Elephant": _elephant, "Rhinoceros": _rhino, "Buffalo": _buffalo, "Giraffe": _giraffe,
    "Hippopotamus": _hippo, "Zebra": _zebra, "Wildebeest": _wildebeest,
    "Impala": lambda cx, cy, s: _antelope(cx, cy, s, True), "Gazelle": lambda cx, cy, s: _antelope(cx, cy, s, False),
    "Warthog": _warthog, "Maasai": _maasai,
}


def species_icon(name: str, cx, cy, s) -> list:
    """The drawn icon of a species (a plain oval face for a species of another catalogue)."""
    return SPECIES_ICONS.get(name, _generic)(cx, cy, s)


# -- card words -------------------------------------------------------------------------------------------------

def _short_filter(f: Filter, plural: bool = False) -> str:
    """A filter in as few words as a card has room for: "≤5", "Impala/Gazelle", "predators"."""
    parts: List[str] = []
    if f.species is not None:
        parts.append("/".join(sorted(f.species)))
    if f.not_species is not None:
        parts.append("not " + "/".join(sorted(f.not_species)))
    if f.group is not None:
        parts.append("/".join(sorted(g.lower() for g in f.group)))
    if f.predator is True:
        parts.append("predators" if plural else "predator")
    elif f.predator is False:
        parts.append("prey")
    if f.big_five is True:
        parts.append("Big Five")
    elif f.big_five is False:
        parts.append("not Big Five")
    if f.level_min is not None and f.level_max is not None:
        parts.append(f"{f.level_min}-{f.level_max}")
    elif f.level_max is not None:
        parts.append(f"≤{f.level_max}")
    elif f.level_min is not None:
        parts.append(f"≥{f.level_min}")
    return " ".join(parts) if parts else "any"


def _short_action(a: Action) -> str:
    count = "all" if a.count is None else str(a.count)
    return f"{a.verb} {count} {_short_filter(a.filter, plural=a.count != 1)}"


def _short_condition(c: Condition) -> str:
    what = _short_filter(c.filter)
    if c.kind == "forbid":
        return f"not after {what}" if c.rightmost == 1 else f"no {what} in last\u00a0{c.rightmost}"
    return f"only after {what}" if c.rightmost == 1 else f"needs {what} in last\u00a0{c.rightmost}"


@dataclass(frozen=True)
class CardLine:
    """One line of a card's text: kind is kill/scare/special/forbid/require; reach arrows for actions."""

    kind: str
    words: str
    reach: int = 0


def card_lines(sp: Species) -> List[CardLine]:
    """A species' hunting actions (top to bottom), specials, then its placement restriction."""
    out: List[CardLine] = []
    for act in sp.actions:
        if isinstance(act, Choose):
            for k, b in enumerate(act.branches):
                out.append(CardLine(b.verb, ("or " if k else "") + _short_action(b), b.reach))
        else:
            out.append(CardLine(act.verb, _short_action(act), act.reach))
    if sp.lookout is not None:
        lk = sp.lookout
        out.append(CardLine("special", f"+1 per {_short_filter(lk.filter)}, max {lk.max}", lk.reach))
    if sp.immune:
        out.append(CardLine("special", "immune: never taken"))
    if sp.rightmost_penalty:
        out.append(CardLine("special", f"−{sp.rightmost_penalty} to owner if rightmost at end"))
    out.extend(CardLine(c.kind, _short_condition(c)) for c in sp.restriction)
    return out


def card_title(sp: Species) -> str:
    """The full card text in words (the tooltip of a card)."""
    parts = [f"level {sp.level}", f"group {sp.group}"]
    if sp.predator:
        parts.append("predator")
    if sp.big_five:
        parts.append("Big Five")
    acts = [a.text() for a in sp.actions]
    if sp.lookout is not None:
        acts.append(sp.lookout.text())
    words = ", ".join(parts)
    if acts:
        words += ". Hunting, top to bottom: " + "; then ".join(acts)
    if sp.restriction:
        words += ". Placement: " + "; ".join(c.text() for c in sp.restriction)
    if sp.immune:
        words += ". Immune: cannot be killed or scared"
    if sp.rightmost_penalty:
        words += f". Its token owner loses {sp.rightmost_penalty} if it is rightmost at the end"
    return words


TEXT_ROOM = CARD_W - 10  # for action text and arrows on a card


def _wrapped(cl: CardLine) -> List[str]:
    arrows = cl.reach * 6.5 + 2 if cl.reach else 12
    return _wrap(cl.words, ACTION_SIZE, TEXT_ROOM - arrows)


@lru_cache(maxsize=8)
def card_height(catalogue: Catalogue) -> float:
    """One height for every card of a catalogue: room for the wordiest species."""
    most = max(sum(len(_wrapped(cl)) for cl in card_lines(sp)) for sp in catalogue.species)
    return 128 + ACTION_LINE * max(2, most) + 4


# -- a card ------------------------------------------------------------------------------------------------------

def group_style(catalogue: Catalogue, group: str) -> Tuple[str, str]:
    """A group's band fill and shape."""
    names = list(catalogue.groups)
    colour = catalogue.groups.get(group, "")
    fill = GROUP_FILL.get(colour.lower(), colour if colour.startswith("#") else "#6d4c41")
    return fill, GROUP_SHAPES[names.index(group) % len(GROUP_SHAPES)] if group in names else "hexagon"


def card_shapes(catalogue: Catalogue, card: int, x: float, y: float, owner: int = -1, hit=None,
                title_extra: str = "") -> list:
    """A full card at (x, y), ``CARD_W`` wide and ``card_height`` high (kept: a board redraws the
    same cards frame after frame, and shapes never change)."""
    return list(_card_shapes(catalogue, card, x, y, owner, hit, title_extra))


@lru_cache(maxsize=4096)
def _card_shapes(catalogue: Catalogue, card: int, x: float, y: float, owner: int, hit, title_extra: str) -> tuple:
    return tuple(_draw_card(catalogue, card, x, y, owner, hit, title_extra))


def _draw_card(catalogue: Catalogue, card: int, x: float, y: float, owner: int = -1, hit=None,
               title_extra: str = "") -> list:
    sp = catalogue.card_species[card]
    cid = catalogue.ids[card]
    w, h = CARD_W, card_height(catalogue)
    title = f"{sp.name} ({cid}): {card_title(sp)}" + title_extra
    fill, shape = group_style(catalogue, sp.group)
    out = [rect(x, y, w, h, fill=CARD_FACE, stroke=CARD_EDGE, width=1.4, radius=7, hit=hit, title=title),
           rect(x + 0.7, y + 0.7, w - 1.4, 21, fill=fill, radius=6),
           rect(x + 0.7, y + 12, w - 1.4, 10, fill=fill)]
    out += group_shape(shape, x + 12, y + 11.5, 6, "#ffffff", "#1a1a1a", 1, title=f"group {sp.group}")
    out.append(text(x + 23, y + 11.5, sp.group, size=_fit(sp.group, 10, w - 30, True), bold=True,
                    anchor="start", fill="#ffffff", title=f"group {sp.group}"))
    out.append(text(x + 15, y + 39, str(sp.level), size=24, bold=True, fill=CARD_INK, title=f"level {sp.level}"))
    right = x + w - 14
    if sp.big_five:
        out += big_five_mark(right, y + 37, 11)
        right -= 26
    if sp.predator:
        out += predator_mark(right, y + 37, 10)
    out += species_icon(sp.name, x + w / 2, y + 76, 25)
    if owner >= 0:
        out += token(x + w - 15, y + 96, 10, owner, title=f"{player_name(owner)}'s token")
    name_size = _fit(sp.name, 12.5, w - 10, True)
    out.append(text(x + w / 2, y + 113, sp.name, size=name_size, bold=True, fill=CARD_INK))
    out.append(line([(x + 6, y + 123), (x + w - 6, y + 123)], stroke="#cdbf9f", width=1))
    ty = y + 132
    for cl in card_lines(sp):
        ink = {"kill": KILL_INK, "scare": SCARE_INK}.get(cl.kind, CARD_INK if cl.kind == "special" else CARD_MUTED)
        lines = _wrapped(cl)
        if cl.reach:
            arrows, aw = reach_arrows(x + 6, ty, cl.reach, ink)
            out += arrows
        else:
            aw = 12
            if cl.kind == "forbid":
                out += [circle(x + 11, ty, 4.2, stroke=CARD_MUTED, width=1.4),
                        line([(x + 8, ty + 3), (x + 14, ty - 3)], stroke=CARD_MUTED, width=1.4)]
            elif cl.kind == "require":
                out += [circle(x + 11, ty, 4.2, stroke=CARD_MUTED, width=1.4),
                        line([(x + 8.8, ty + 0.2), (x + 10.6, ty + 2), (x + 13.4, ty - 2)], stroke=CARD_MUTED,
                             width=1.4)]
            else:
                out.append(polygon(_star(x + 11, ty, 4.8), fill=CARD_INK))
        for k, words in enumerate(lines):
            out.append(text(x + 6 + aw, ty + k * ACTION_LINE, words, size=ACTION_SIZE, anchor="start", fill=ink))
        ty += ACTION_LINE * len(lines)
    return out


def chip(catalogue: Catalogue, name: str, count: int, x, y, w, ink) -> list:
    """A kill-pile entry: the species icon in a small card face, its name, ×count."""
    sp = catalogue.by_name[name]
    fill, shape = group_style(catalogue, sp.group)
    title = f"{name} ×{count} (level {sp.level} each, {sp.level * count} points)" if count else \
        f"{name} (level {sp.level})"
    out = [rect(x, y, w, 30, fill=CARD_FACE, stroke=CARD_EDGE, width=1, radius=5, title=title),
           rect(x, y, 6, 30, fill=fill, radius=2)]
    out += group_shape(shape, x + 3, y + 24, 2.6, "#ffffff", None, 0)
    out += species_icon(name, x + 22, y + 15, 11)
    label = f"{name} ×{count}" if count else name
    out.append(text(x + 37, y + 15, label, size=_fit(label, 11.5, w - 40 - (16 if sp.big_five else 0), True),
                    anchor="start", fill=CARD_INK, bold=True, title=title))
    if sp.big_five:
        out += big_five_mark(x + w - 10, y + 15, 7.5)
    return out


# -- the pieces of the table --------------------------------------------------------------------------------

def _viewer(game: "CircleGame", viewer):
    """``None`` (spectator), ``"all"`` (teacher) or a seat (a number or a colour name)."""
    if viewer is None or viewer == "all":
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
    """Is ``seat``'s hand drawn face up for ``viewer``? (All hands once the game is over.)"""
    return viewer == "all" or viewer == seat or game.is_over


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


def _header(game: "CircleGame", pal: Palette, width: float) -> list:
    right = status_text(game)
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


def savannah_layout(n: int, catalogue: Catalogue) -> List[Tuple[float, float]]:
    """The top-left corner of each of ``n`` savannah slots (the cards, then the "new card" slot),
    relative to the savannah block: ``PER_LINE`` to a line, left to right, lines top to bottom."""
    h = card_height(catalogue)
    return [(PAD + (i % PER_LINE) * (CARD_W + GAP), 24 + (i // PER_LINE) * (h + LINE_GAP)) for i in range(n)]


def _savannah(game: "CircleGame", pal: Palette, y0: float, rings, story: Optional[HuntStory] = None
              ) -> Tuple[list, float, Dict[int, Tuple[float, float, float, float]]]:
    """The savannah block: its shapes, its height, and each card's box (the row of ``story``, the
    turn "during the hunt", instead of the game's row when given)."""
    st, cat = game.state, game.catalogue
    h = card_height(cat)
    row = list(story.row) if story is not None else list(zip(st.row, st.owners))
    n = len(row)
    slots = savannah_layout(n + 1, cat)
    head = f"Savannah: {n} card{'s' if n != 1 else ''}, oldest on the left" if story is None else \
        "During the turn: " + story.words
    out = [text(PAD, y0 + 10, head, size=_fit(head, 13, WIDTH - 2 * PAD - (0 if story else 520), True),
                bold=True, anchor="start", fill=pal.ink, title=head)]
    if story is None:
        out.append(text(WIDTH - PAD, y0 + 10,
                        "hunting reaches to the left ◀  ·  new cards enter at the right end ▶", size=12, anchor="end",
                        fill=pal.muted))
    boxes = {}
    for i, (c, o) in enumerate(row):
        x, y = slots[i]
        cid = cat.ids[c]
        extra = f". Position {i + 1} of {n} from the left" + ("" if o < 0 else f"; {player_name(o)}'s token")
        if cid in rings:
            out.append(rect(x - 5, y0 + y - 5, CARD_W + 10, h + 10, stroke=pal.ring, width=4, radius=10))
        out += card_shapes(cat, c, x, y0 + y, o, hit="story:" + cid if story is not None else "card:" + cid,
                           title_extra=extra)
        boxes[c] = (x, y0 + y, x + CARD_W, y0 + y + h)
        if i == n - 1:
            out.append(text(x + CARD_W / 2, y0 + y + h + 17, "rightmost", size=11, bold=True, fill=pal.ink))
        elif i % PER_LINE == PER_LINE - 1:
            out.append(text(x + CARD_W, y0 + y + h + 17, "the row goes on below ↓", size=11, anchor="end",
                            fill=pal.muted))
    x, y = slots[n]
    if story is None:
        out += [rect(x, y0 + y, CARD_W, h, fill=None, stroke=pal.slot, width=1.6, dash=(6, 5), radius=7,
                     hit="savannah:new", title="The next card played enters here, at the right end of the savannah"),
                text(x + CARD_W / 2, y0 + y + h / 2 - 22, "→", size=30, bold=True, fill=pal.muted),
                text(x + CARD_W / 2, y0 + y + h / 2 + 8, "new cards", size=12, fill=pal.ink),
                text(x + CARD_W / 2, y0 + y + h / 2 + 24, "enter here", size=12, fill=pal.ink)]
    lines = n // PER_LINE + 1
    return out, 24 + lines * (h + LINE_GAP) - LINE_GAP + 24, boxes


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
    cw = 150
    cols = max(1, int((w + 8) // (cw + 8)))
    names = [sp.name for sp in cat.species if sp.name in counts]
    if not names:
        out.append(text(x, yy + 10, "nothing killed yet", size=12, anchor="start", fill=pal.muted))
        return out, yy + 20 - y
    for i, name in enumerate(names):
        out += chip(cat, name, counts[name], x + (i % cols) * (cw + 8), yy + (i // cols) * 36, cw, pal.ink)
    rows = (len(names) + cols - 1) // cols
    return out, yy + rows * 36 - y


def _player_panel(game: "CircleGame", seat: int, pal: Palette, y: float, viewer, rings) -> Tuple[list, float]:
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
    kx = x + max(hand_w, 150) + 24
    kill, kill_h = _kill_block(game, seat, pal, kx, hy, PAD + inner - 12 - kx)
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
    return out, height


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


def _scoring(game: "CircleGame", pal: Palette, y: float) -> Tuple[list, float]:
    from ..core.rules_index import rule as rule_text

    rows = score_rows(game)
    inner = WIDTH - 2 * PAD
    label_w = 380
    col = min(120, (inner - label_w - 24) / game.players)
    row_h = 26
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
              (("special",), "special"), (("token",), "owner's token"), (("back",), "hidden hand card"),
              (("ring",), "highlighted")]
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


# -- a hunt as it happens (the board's before/after step) ------------------------------------------------------

@dataclass(frozen=True)
class HuntStory:
    """A played card's hunt as it happened, to draw the savannah "during" the turn: the row just
    after the card entered (step A) as (card, owner) pairs, what each hunt took ("kill" or
    "scare"), the cards of its group that then move next to it (step D), and who played it."""

    row: Tuple[Tuple[int, int], ...]
    taken: Dict[int, str]
    moving: Tuple[int, ...]
    player: int
    card: int
    words: str


def hunt_story(before: "CircleGame", move) -> Optional[HuntStory]:
    """The story of ``move`` (a ``Play``) played in ``before`` (the position just before it);
    None for a move that neither took a card nor moved a group (nothing to show)."""
    from .moves import Play

    if type(move) is not Play:
        return None
    st, cat = before.state, before.catalogue
    player = st.to_move
    card = cat.index[move.card]
    row = list(zip(st.row, st.owners)) + [(card, player if st.supply is None or st.supply[player] > 0 else -1)]
    actions = before.tables.actions[card]
    taken: Dict[int, str] = {}
    for k, (branch, targets) in enumerate(move.actions):
        for tid in targets:
            taken[cat.index[tid]] = "kill" if actions[k][branch][0] else "scare"
    group = before.tables.group
    left = [c for c, _o in row[:-1] if c not in taken]
    moving = [i for i, c in enumerate(left) if group[c] == group[card]]
    staying = [i for i, c in enumerate(left) if group[c] != group[card]]
    movers = tuple(left[i] for i in moving) if moving and staying and moving[0] < staying[-1] else ()
    if not taken and not movers:
        return None
    who, name = player_name(player), cat.name[card]
    parts = []
    kills = [cat.name[c] for c, v in taken.items() if v == "kill"]
    scares = [cat.name[c] for c, v in taken.items() if v == "scare"]
    if kills:
        parts.append(f"kills {', '.join(kills)}")
    if scares:
        parts.append(f"scares {', '.join(scares)}")
    if movers:
        parts.append(f"the {cat.card_species[card].group.lower()} move up")
    return HuntStory(tuple(row), taken, movers, player, card, f"{who}'s {name}: " + "; ".join(parts))


STORY_INK = {"kill": KILL_INK, "scare": SCARE_INK, "move": "#1b5e20"}


def _arrow(x0, y0, x1, y1, colour, width=2.5, head=9.0) -> list:
    """A dashed arrow from (x0, y0) to (x1, y1), its head a filled triangle."""
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    bx, by = x1 - ux * head, y1 - uy * head
    return [line([(x0, y0), (bx, by)], stroke=colour, width=width, dash=(8, 5)),
            polygon([(x1, y1), (bx - uy * head * 0.6, by + ux * head * 0.6),
                     (bx + uy * head * 0.6, by - ux * head * 0.6)], fill=colour)]


def story_marks(story: HuntStory, boxes: Dict[int, Tuple[float, float, float, float]], kill_at, out_at,
                size: float) -> list:
    """The taken cards crossed out and tagged, with arrows to where they go (``kill_at`` and
    ``out_at``: points), and the cards that move tagged: drawn over a savannah of ``boxes``
    (card -> x0, y0, x1, y1)."""
    out: list = []
    for c, (x0, y0, x1, y1) in boxes.items():
        kind = story.taken.get(c) or ("move" if c in story.moving else None)
        if kind is None:
            continue
        ink = STORY_INK[kind]
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        if kind != "move":
            out += [line([(x0 + 8, y0 + 8), (x1 - 8, y1 - 8)], stroke="#ffffff", width=9),
                    line([(x1 - 8, y0 + 8), (x0 + 8, y1 - 8)], stroke="#ffffff", width=9),
                    line([(x0 + 8, y0 + 8), (x1 - 8, y1 - 8)], stroke=ink, width=5),
                    line([(x1 - 8, y0 + 8), (x0 + 8, y1 - 8)], stroke=ink, width=5)]
            tx, ty = kill_at if kind == "kill" else out_at
            out += _arrow(cx, cy, tx, ty, ink)
        label = {"kill": "killed", "scare": "scared", "move": "moves ▶"}[kind]
        w = min(text_w(label, size, True) + 12, x1 - x0 - 36)
        tx = x0 + 32 + (x1 - x0 - 32) / 2  # clear of the level number in the card's top-left corner
        out += [rect(tx - w / 2, cy - size * 0.75, w, size * 1.5, fill=ink, stroke="#ffffff", width=1.5, radius=6),
                text(tx, cy, label, size=size, bold=True, fill="#ffffff")]
        out.append(rect(x0 - 4, y0 - 4, x1 - x0 + 8, y1 - y0 + 8, stroke=ink, width=4, radius=8,
                        dash=() if kind != "move" else (6, 4)))
    return out


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
HAND_W, HAND_H = 380, 206
BOTTOM_Y = TILES_Y + TILE_LINES * TILE_H + (TILE_LINES - 1) * TILE_GAP + 10
#: where the board's buttons go in the classroom (x, y, w, h): over the players' table
CLASSROOM_BAR = (CLASSROOM_PAD + 3 * HAND_W + 2 * 12 + 24, BOTTOM_Y, 0, 48)
CLASSROOM_BAR = (CLASSROOM_BAR[0], BOTTOM_Y, CLASSROOM_SIZE[0] - CLASSROOM_PAD - CLASSROOM_BAR[0], 48)
#: names too long for a classroom tile
SHORT_NAMES = {"Hippopotamus": "Hippo"}


def classroom_bottom(n: int) -> float:
    """Where the hand and the players' table begin in the classroom picture, for a savannah of ``n``
    cards (lower only when the row needs more than ``TILE_LINES`` lines)."""
    w, h, _gap, _per, _lines = tile_geometry(n)
    return max(BOTTOM_Y, classroom_tile_boxes(n + 1)[n][1] + h + 10)


def tile_geometry(n: int) -> Tuple[float, float, float, int, int]:
    """(width, height, gap, per line, lines) of the classroom tiles for a savannah of ``n`` cards."""
    if n + 1 <= LARGE_TILE[3] * LARGE_TILE[4]:
        return LARGE_TILE
    return TILE_W, TILE_H, TILE_GAP, TILES_PER_LINE, TILE_LINES


def _tile_name(name: str, room: float, size: float) -> str:
    return SHORT_NAMES.get(name, name) if text_w(name, size, True) > room else name


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
    out.append(text(x + 22, y + 16, sp.group, size=t, bold=True, anchor="start", fill="#ffffff",
                    title=f"group {sp.group}"))
    out += _marks_in_band(sp, x + w - 14, y + 16)
    mid = y + 30 + (h - 30 - 34) / 2 + 2
    out.append(text(x + 18 * k, mid, str(sp.level), size=32 * k, bold=True, fill=CARD_INK, title=f"level {sp.level}"))
    out += species_icon(sp.name, x + 36 * k + 30 * k, mid, 21 * k)
    if owner >= 0:
        out += token(x + w - 28 * k, mid, 23 * min(k, 1.15), owner, title=f"{player_name(owner)}'s token")
    size = t + (3 if k > 1 else 0)
    name = _tile_name(sp.name, w - 8, size)
    out.append(text(x + w / 2, y + h - 17, name, size=size, bold=True, fill=CARD_INK, title=title))
    return out


def _hand_lines(sp: Species, t: float) -> List[Tuple[CardLine, List[str]]]:
    out = []
    for cl in card_lines(sp):
        arrows = cl.reach * 11 + 6 if cl.reach else 24
        out.append((cl, _wrap(cl.words, t, HAND_W - 24 - arrows)))
    return out


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
    out.append(text(x + 18, y + 56, str(sp.level), size=32, bold=True, fill=CARD_INK, title=f"level {sp.level}"))
    out += species_icon(sp.name, x + 64, y + 57, 20)
    out.append(text(x + 96, y + 57, sp.name, size=t, bold=True, anchor="start", fill=CARD_INK, title=title))
    ty = y + 96
    step = t + 2
    for cl, lines in _hand_lines(sp, t):
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


def classroom_tile_boxes(n: int, cards: Optional[int] = None) -> List[Tuple[float, float]]:
    """The top-left corners of ``n`` classroom savannah slots (the cards, then the "new card" slot), for
    a savannah of ``cards`` cards (default ``n - 1``)."""
    w, h, gap, per, _lines = tile_geometry(n - 1 if cards is None else cards)
    return [(CLASSROOM_PAD + (i % per) * (w + gap), TILES_Y + (i // per) * (h + gap)) for i in range(n)]


def _classroom_players(game: "CircleGame", pal: Palette, x: float, y: float, w: float, t: float):
    """The players' table (name, score, kills, Big Five); returns the shapes and where each
    player's kills are (for the hunt's arrows)."""
    st, cat = game.state, game.catalogue
    row_h = round(t + 7)
    cols = (x + 10, x + 150, x + 268, x + 370)
    out = [text(cols[1], y + row_h / 2, "score", size=t, anchor="start", fill=pal.muted),
           text(cols[2], y + row_h / 2, "kills", size=t, anchor="start", fill=pal.muted),
           text(cols[3], y + row_h / 2, "Big Five", size=t, anchor="start", fill=pal.muted,
                title="All five in one kill pile score +25 (circle.end.big-five)")]
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
    return out, where


def _classroom_scene(game: "CircleGame", *, viewer, theme: str, highlights, story: Optional[HuntStory]) -> Scene:
    """The classroom layout (see ``scene``)."""
    pal = PALETTES[theme]
    st, cat = game.state, game.catalogue
    t = CLASSROOM_TEXT
    width, height = CLASSROOM_SIZE
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
    slots = classroom_tile_boxes(n + 1)
    tw, th, _gap, _per, _lines = tile_geometry(n)
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
    bottom = classroom_bottom(n)
    # the hand shown: the viewer's; else (a spectator, the teacher) the hand of the player to move
    seat = viewer if isinstance(viewer, int) else (0 if game.is_over else st.to_move)
    hand = st.hands[seat]
    face_up = hand_visible(game, viewer, seat)
    hy = bottom + 30
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
    bx, _by, bw, bh = CLASSROOM_BAR
    table, kills_at = _classroom_players(game, pal, bx, bottom + bh + 6, bw, t)
    sc.shapes.extend(table)
    if story is not None:
        sc.shapes.extend(story_marks(story, boxes, kills_at[story.player], out_at, t))
    end = max(hy + HAND_H, bottom + bh + 6 + round(t + 7) * (game.players + 1)) + 6
    if end > sc.height:
        sc.height = end
    return sc


# -- the whole scene ------------------------------------------------------------------------------------------

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


def scene(game: "CircleGame", *, viewer=None, theme: str = "light", highlights=(), legend: bool = True,
          scoring: Optional[bool] = None, classroom: bool = False, story: Optional[HuntStory] = None) -> Scene:
    """The table as a ``Scene`` (see the module docstring for what is drawn and the hit ids).

    ``viewer``: whose hand is face up (a seat or colour), ``None`` for a spectator (no hand) or
    ``"all"`` for the teacher's view. ``highlights``: card ids (``"C01"`` or ``"card:C01"``) to ring,
    on the savannah or in a hand shown. ``scoring``: draw the scoring table (default: once the game is
    over; mid-game it shows the score if the game ended now). ``classroom=True`` draws the classroom
    layout (see ``CLASSROOM_SIZE``: large tiles, the hand shown, the players' table; no legend nor
    scoring table). ``story`` (``hunt_story``) draws the savannah as it was during a turn, the taken
    cards crossed out with arrows to the kill pile or out of the game, the cards that move tagged."""
    if theme not in PALETTES:
        raise ValueError(f"theme must be 'light' or 'dark', not {theme!r}")
    if classroom:
        return _classroom_scene(game, viewer=viewer, theme=theme, highlights=highlights, story=story)
    pal = PALETTES[theme]
    viewer = _viewer(game, viewer)
    rings = _ring_ids(game, highlights)
    shapes = _header(game, pal, WIDTH)
    y = HEADER_H + PAD
    shapes += _piles(game, pal, y)
    y += PILES_H + 8
    sav, h, boxes = _savannah(game, pal, y, rings, story)
    shapes += sav
    y += h + PAD
    kills_at = {}
    for seat in range(game.players):
        panel, h = _player_panel(game, seat, pal, y, viewer, rings)
        shapes += panel
        hand_w = max(1, len(game.state.hands[seat])) * (CARD_W + GAP) - GAP if hand_visible(game, viewer, seat) \
            else 150
        kills_at[seat] = (PAD + 12 + max(hand_w, 150) + 24 + 80, y + 36)
        y += h + 10
    if story is not None:
        shapes += story_marks(story, boxes, kills_at[story.player], (PAD + 245, HEADER_H + PAD + 52), 12)
    if scoring is None:
        scoring = game.is_over
    if scoring:
        table, h = _scoring(game, pal, y + 4)
        shapes += table
        y += h + PAD + 4
    if legend:
        key, h = _legend(game, pal, y)
        shapes += key
        y += h
    sc = Scene(WIDTH, y + PAD, background=pal.background, title=f"Circle of Life: {status_text(game)}")
    sc.shapes.extend(shapes)
    return sc


__all__ = ["scene", "hunt_story", "HuntStory", "CLASSROOM_SIZE", "CLASSROOM_TEXT", "CLASSROOM_BAR", "tile_geometry",
           "card_shapes", "card_lines", "card_height", "species_icon", "status_text", "score_rows",
           "savannah_layout", "hand_visible", "PALETTES", "CARD_W", "MIN_CARD_W", "PER_LINE", "SPECIES_ICONS"]
