"""The species icons of Circle of Life cards (``render``): a small drawing of each species'
head, from a few shapes, so that a card is told apart at a glance; an unknown species gets a
plain mark."""

from __future__ import annotations

import math
from typing import Callable, Dict

from ..core.scene import circle, line, polygon, rect
from .render_style import _ellipse, _oval, _star


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
