"""Scene -> SVG text. Deterministic: the same scene always gives the same bytes,
so stored notebook pictures double as golden tests of the renderers."""

from __future__ import annotations

from typing import Dict, Optional
from xml.sax.saxutils import escape, quoteattr

from .scene import Circle, Line, Polygon, Rect, Scene, Shape, Text

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
#: the most shapes a ``to_svg`` cache keeps
CACHE_LIMIT = 100_000


def num(v: float) -> str:
    """A number with at most 2 decimals and no trailing zeros."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _style(shape: Shape) -> str:
    st = shape.style
    parts = [f'fill="{st.fill or "none"}"']
    if st.stroke:
        parts.append(f'stroke="{st.stroke}" stroke-width="{num(st.width)}"')
        if st.dash:
            parts.append('stroke-dasharray="' + " ".join(num(d) for d in st.dash) + '"')
    if st.opacity != 1.0:
        parts.append(f'opacity="{num(st.opacity)}"')
    if shape.hit is not None:
        parts.append(f"data-hit={quoteattr(shape.hit)}")
    return " ".join(parts)


def _points(pts) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


def _element(shape: Shape) -> str:
    title = f"<title>{escape(shape.title)}</title>" if shape.title else ""
    if isinstance(shape, Rect):
        rx = f' rx="{num(shape.radius)}"' if shape.radius else ""
        head = (f'<rect x="{num(shape.x)}" y="{num(shape.y)}" width="{num(shape.w)}" '
                f'height="{num(shape.h)}"{rx} {_style(shape)}')
    elif isinstance(shape, Circle):
        head = f'<circle cx="{num(shape.cx)}" cy="{num(shape.cy)}" r="{num(shape.r)}" {_style(shape)}'
    elif isinstance(shape, Line):
        head = (f'<polyline points="{_points(shape.points)}" {_style(shape)} '
                f'stroke-linecap="round" stroke-linejoin="round"')
    elif isinstance(shape, Polygon):
        head = f'<polygon points="{_points(shape.points)}" {_style(shape)}'
    elif isinstance(shape, Text):
        weight = ' font-weight="bold"' if shape.bold else ""
        op = f' opacity="{num(shape.style.opacity)}"' if shape.style.opacity != 1.0 else ""
        return (f'<text x="{num(shape.x)}" y="{num(shape.y)}" font-size="{num(shape.size)}"'
                f'{weight} text-anchor="{shape.anchor}" dominant-baseline="central" '
                f'fill="{shape.style.fill or "#000000"}"{op}>{title}{escape(shape.text)}</text>')
    else:
        raise TypeError(f"cannot draw {type(shape).__name__} as SVG")
    return head + (f">{title}</{head[1:head.index(' ')]}>" if title else "/>")


def to_svg(scene: Scene, cache: Optional[Dict[Shape, str]] = None) -> str:
    """The SVG document for ``scene``. ``cache`` (a dict the caller keeps) remembers the
    element of each shape (shapes are frozen: equal shapes give the same element), so a
    server sending many frames of mostly the same picture writes each shape once; it is
    emptied when it reaches ``CACHE_LIMIT`` entries."""
    w, h = num(scene.width), num(scene.height)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'viewBox="0 0 {w} {h}" font-family="{FONT}">']
    if scene.title:
        out.append(f"<title>{escape(scene.title)}</title>")
    if scene.background:
        out.append(f'<rect x="0" y="0" width="{w}" height="{h}" fill="{scene.background}"/>')
    if cache is None:
        out.extend(_element(s) for s in scene.shapes)
    else:
        for shape in scene.shapes:
            known = cache.get(shape)
            if known is None:
                if len(cache) >= CACHE_LIMIT:
                    cache.clear()
                known = cache[shape] = _element(shape)
            out.append(known)
    out.append("</svg>")
    return "\n".join(out)


class SVG:
    """A picture wrapper with ``_repr_svg_`` (no IPython import needed)."""

    def __init__(self, scene: Scene):
        self.scene = scene

    def _repr_svg_(self) -> str:
        return to_svg(self.scene)

    def _repr_png_(self) -> bytes:
        """The same picture as PNG, for untrusted notebooks (which hide SVG), GitHub and nbviewer."""
        from .png import to_png

        return to_png(self.scene)

    def __repr__(self) -> str:
        return f"<SVG {num(self.scene.width)}x{num(self.scene.height)} {self.scene.title}>"
