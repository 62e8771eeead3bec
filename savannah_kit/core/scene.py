"""Scenes: a drawing as plain data.

A game's ``render.scene(game)`` returns a ``Scene``: a size and a list of
shapes in painting order. ``core.svg`` turns a scene into SVG text (static
pictures in any notebook); ``ui.canvas`` draws the same scene in the browser.
One description, two outputs that agree. A shape with a ``hit`` id is
clickable: ``Scene.hit_at(x, y)`` finds the topmost one, so a widget maps a
click to a game object without knowing the geometry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, List, Optional, Sequence, Tuple

Point = Tuple[float, float]


@dataclass(frozen=True)
class Style:
    fill: Optional[str] = None
    stroke: Optional[str] = None
    width: float = 1.0
    opacity: float = 1.0
    dash: Tuple[float, ...] = ()


@dataclass(frozen=True)
class Shape:
    """Base of every shape: a style, an optional hit id and an optional tooltip."""

    style: Style = Style()
    hit: Optional[str] = None
    title: Optional[str] = None

    def contains(self, x: float, y: float) -> bool:
        return False

    def moved(self, dx: float, dy: float) -> "Shape":
        raise NotImplementedError


@dataclass(frozen=True)
class Rect(Shape):
    x: float = 0
    y: float = 0
    w: float = 0
    h: float = 0
    radius: float = 0

    def contains(self, x, y):
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h

    def moved(self, dx, dy):
        return _replace(self, x=self.x + dx, y=self.y + dy)


@dataclass(frozen=True)
class Circle(Shape):
    cx: float = 0
    cy: float = 0
    r: float = 0

    def contains(self, x, y):
        return (x - self.cx) ** 2 + (y - self.cy) ** 2 <= self.r ** 2

    def moved(self, dx, dy):
        return _replace(self, cx=self.cx + dx, cy=self.cy + dy)


@dataclass(frozen=True)
class Line(Shape):
    """An open polyline through ``points`` (two points: a straight line)."""

    points: Tuple[Point, ...] = ()

    def moved(self, dx, dy):
        return _replace(self, points=tuple((x + dx, y + dy) for x, y in self.points))


@dataclass(frozen=True)
class Polygon(Shape):
    points: Tuple[Point, ...] = ()

    def contains(self, x, y):
        inside = False
        pts = self.points
        for i in range(len(pts)):
            (x1, y1), (x2, y2) = pts[i - 1], pts[i]
            if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
                inside = not inside
        return inside

    def moved(self, dx, dy):
        return _replace(self, points=tuple((x + dx, y + dy) for x, y in self.points))


@dataclass(frozen=True)
class Text(Shape):
    """Text anchored at (x, y): ``anchor`` is start/middle/end, vertically centred."""

    x: float = 0
    y: float = 0
    text: str = ""
    size: float = 14
    anchor: str = "middle"
    bold: bool = False

    def moved(self, dx, dy):
        return _replace(self, x=self.x + dx, y=self.y + dy)


def grown(shape: Shape, k: float, cx: float = 0, cy: float = 0, least: float = 0) -> Shape:
    """``shape`` drawn ``k`` times larger about (cx, cy), its lines and words too, a word no
    smaller than ``least`` (an icon drawn once at one size, shown larger elsewhere)."""
    def at(x, y):
        return cx + (x - cx) * k, cy + (y - cy) * k

    style = Style(shape.style.fill, shape.style.stroke, shape.style.width * k, shape.style.opacity,
                  tuple(d * k for d in shape.style.dash))
    if isinstance(shape, Rect):
        x, y = at(shape.x, shape.y)
        return _replace(shape, style=style, x=x, y=y, w=shape.w * k, h=shape.h * k, radius=shape.radius * k)
    if isinstance(shape, Circle):
        x, y = at(shape.cx, shape.cy)
        return _replace(shape, style=style, cx=x, cy=y, r=shape.r * k)
    if isinstance(shape, (Line, Polygon)):
        return _replace(shape, style=style, points=tuple(at(x, y) for x, y in shape.points))
    if isinstance(shape, Text):
        x, y = at(shape.x, shape.y)
        return _replace(shape, style=style, x=x, y=y, size=max(shape.size * k, least))
    raise TypeError(f"cannot grow {type(shape).__name__}")


def _replace(shape, **changes):
    """A copy of frozen ``shape`` with ``changes`` (``dataclasses.replace`` without its checks:
    a shape checks nothing when made, and a game's picture moves thousands of them, a fifth of
    a late Forest picture's time)."""
    fields = dict(shape.__dict__)
    fields.update(changes)
    copy = object.__new__(type(shape))
    object.__setattr__(copy, "__dict__", fields)
    return copy


@dataclass
class Scene:
    """A drawing: ``width`` × ``height`` pixels, ``shapes`` painted in order."""

    width: float
    height: float
    background: Optional[str] = "#ffffff"
    shapes: List[Shape] = field(default_factory=list)
    title: str = ""

    def add(self, *shapes: Shape) -> "Scene":
        self.shapes.extend(shapes)
        return self

    def extend(self, other: "Scene", dx: float = 0, dy: float = 0) -> "Scene":
        """Add every shape of ``other``, shifted by (dx, dy)."""
        if dx or dy:
            self.shapes.extend(s.moved(dx, dy) for s in other.shapes)
        else:
            self.shapes.extend(other.shapes)
        return self

    def hit_at(self, x: float, y: float) -> Optional[str]:
        """The hit id of the topmost clickable shape under (x, y), or None."""
        for shape in reversed(self.shapes):
            if shape.hit is not None and shape.contains(x, y):
                return shape.hit
        return None

    def hits(self) -> List[str]:
        """Every hit id in painting order, without repeats."""
        seen: dict = {}
        for s in self.shapes:
            if s.hit is not None:
                seen.setdefault(s.hit, None)
        return list(seen)

    def find(self, hit: str) -> Iterator[Shape]:
        return (s for s in self.shapes if s.hit == hit)

    def texts(self) -> List[str]:
        """All text in painting order (handy for tests and accessibility)."""
        return [s.text for s in self.shapes if isinstance(s, Text)]


# Small constructors so render code reads like a description.
def rect(x, y, w, h, fill=None, stroke=None, width=1.0, radius=0, opacity=1.0, dash=(), hit=None, title=None):
    return Rect(Style(fill, stroke, width, opacity, tuple(dash)), hit, title, x, y, w, h, radius)


def circle(cx, cy, r, fill=None, stroke=None, width=1.0, opacity=1.0, dash=(), hit=None, title=None):
    return Circle(Style(fill, stroke, width, opacity, tuple(dash)), hit, title, cx, cy, r)


def line(points: Sequence[Point], stroke="#000000", width=1.0, opacity=1.0, dash=(), title=None):
    return Line(Style(None, stroke, width, opacity, tuple(dash)), None, title, tuple(map(tuple, points)))


def polygon(points: Sequence[Point], fill=None, stroke=None, width=1.0, opacity=1.0, dash=(), hit=None, title=None):
    return Polygon(Style(fill, stroke, width, opacity, tuple(dash)), hit, title, tuple(map(tuple, points)))


def text(x, y, s, size=14, fill="#000000", anchor="middle", bold=False, opacity=1.0, title=None):
    if anchor not in ("start", "middle", "end"):
        raise ValueError(f"text anchor must be start, middle or end, not {anchor!r}")
    return Text(Style(fill, None, 1.0, opacity), None, title, x, y, str(s), size, anchor, bold)
