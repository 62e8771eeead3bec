"""Paint scenes on an ipycanvas, map clicks to hit ids, repaint late clients.

Every frame is painted inside one ``hold_canvas()`` batch, so a redraw is one
comm message. ipycanvas keeps no pixels: a client that connects after the
drawing (Voila, a page reload) gets a blank canvas, so ``BoardCanvas`` repaints
its current scene whenever a client reports ready (``_repaint_for_new_client``).
"""

from __future__ import annotations

import math
from typing import Callable, Optional

from ipycanvas import Canvas, hold_canvas

from ..core.scene import Circle, Line, Polygon, Rect, Scene, Text

_ALIGN = {"start": "left", "middle": "center", "end": "right"}
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def _rounded(x, y, w, h, r, steps=4):
    r = min(r, w / 2, h / 2)
    pts = []
    for cx, cy, start in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0),
                          (x + r, y + h - r, 90), (x + r, y + r, 180)):
        for k in range(steps + 1):
            a = math.radians(start + 90 * k / steps)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


class _Pen:
    """Sets canvas attributes only when they change (smaller frames)."""

    def __init__(self, canvas):
        self.canvas = canvas
        self.state = {}

    def set(self, **attrs):
        for key, value in attrs.items():
            if self.state.get(key, object()) != value:
                if key == "dash":
                    self.canvas.set_line_dash(list(value))
                else:
                    setattr(self.canvas, key, value)
                self.state[key] = value


def paint(canvas: Canvas, scene: Scene) -> None:
    """Paint ``scene`` on ``canvas`` as one batch (call inside or outside hold_canvas)."""
    with hold_canvas():
        _paint(canvas, scene)


def _paint(canvas: Canvas, scene: Scene) -> None:
    pen = _Pen(canvas)
    canvas.clear()
    pen.set(global_alpha=1.0)
    if scene.background:
        pen.set(fill_style=scene.background)
        canvas.fill_rect(0, 0, scene.width, scene.height)
    pen.set(line_cap="round", line_join="round")
    for shape in scene.shapes:
        st = shape.style
        pen.set(global_alpha=st.opacity)
        if isinstance(shape, Text):
            pen.set(fill_style=st.fill or "#000000", text_align=_ALIGN[shape.anchor], text_baseline="middle",
                    font=f"{'bold ' if shape.bold else ''}{shape.size:g}px {FONT}")
            canvas.fill_text(shape.text, shape.x, shape.y)
            continue
        if st.stroke:
            pen.set(stroke_style=st.stroke, line_width=st.width, dash=tuple(st.dash))
        if st.fill:
            pen.set(fill_style=st.fill)
        if isinstance(shape, Rect):
            if shape.radius:
                pts = _rounded(shape.x, shape.y, shape.w, shape.h, shape.radius)
                if st.fill:
                    canvas.fill_polygon(pts)
                if st.stroke:
                    canvas.stroke_polygon(pts)
            else:
                if st.fill:
                    canvas.fill_rect(shape.x, shape.y, shape.w, shape.h)
                if st.stroke:
                    canvas.stroke_rect(shape.x, shape.y, shape.w, shape.h)
        elif isinstance(shape, Circle):
            if st.fill:
                canvas.fill_circle(shape.cx, shape.cy, shape.r)
            if st.stroke:
                canvas.stroke_circle(shape.cx, shape.cy, shape.r)
        elif isinstance(shape, Polygon):
            if st.fill:
                canvas.fill_polygon(list(shape.points))
            if st.stroke:
                canvas.stroke_polygon(list(shape.points))
        elif isinstance(shape, Line):
            if st.stroke and len(shape.points) >= 2:
                canvas.stroke_lines(list(shape.points))
        else:
            raise TypeError(f"cannot paint {type(shape).__name__}")
    pen.set(global_alpha=1.0, dash=())


class BoardCanvas:
    """A canvas showing one scene at a time, reporting clicks as hit ids.

    ``on_click(callback)`` registers ``callback(hit_id, x, y)``; ``hit_id`` is
    None for a click on no clickable shape. ``redraws`` counts frames sent.
    """

    def __init__(self, scene: Optional[Scene] = None, width: int = 800, height: int = 600):
        w, h = (scene.width, scene.height) if scene else (width, height)
        self.canvas = Canvas(width=int(math.ceil(w)), height=int(math.ceil(h)))
        self.canvas.layout.width = "100%"
        self.canvas.layout.max_width = f"{int(math.ceil(w))}px"
        self.scene: Optional[Scene] = None
        self.redraws = 0
        self._click_callbacks = []
        self.canvas.on_mouse_down(self._mouse_down)
        self.canvas.on_client_ready(self._repaint_for_new_client)
        if scene is not None:
            self.show(scene)

    def show(self, scene: Scene) -> None:
        """Make ``scene`` the current picture and paint it (one message)."""
        w, h = int(math.ceil(scene.width)), int(math.ceil(scene.height))
        if (self.canvas.width, self.canvas.height) != (w, h):
            self.canvas.width, self.canvas.height = w, h
            self.canvas.layout.max_width = f"{w}px"
        self.scene = scene
        paint(self.canvas, scene)
        self.redraws += 1

    def _repaint_for_new_client(self, *_args) -> None:
        # A new client starts blank, and the shared canvas manager only sends a
        # "switch canvas" command when the target canvas changes: forget the
        # current one so the repaint really reaches this canvas.
        self.canvas._canvas_manager._current_canvas = None
        if self.scene is not None:
            paint(self.canvas, self.scene)
            self.redraws += 1

    def on_click(self, callback: Callable[[Optional[str], float, float], None]) -> None:
        self._click_callbacks.append(callback)

    def click(self, x: float, y: float) -> Optional[str]:
        """Act as if the user clicked at (x, y); returns the hit id."""
        hit = self.scene.hit_at(x, y) if self.scene is not None else None
        for cb in list(self._click_callbacks):
            cb(hit, x, y)
        return hit

    def _mouse_down(self, x, y):
        self.click(x, y)
