"""The board picture: a scene drawn in the browser, clicks and keys reported back.

``SceneView`` is a small custom widget (anywidget): Python sends the scene as
plain data in one message per frame, the browser side (``sceneview.js``) draws
it on a ``<canvas>`` and does everything that must not wait for Python: the
pointer cursor and tooltips over clickable things, the keyboard cursor, focus
without scrolling, letting Tab, Escape, the wheel and the notebook's shortcuts
pass, fitting the picture to its column or (classroom mode) to the window.
Because the picture lives in the widget's state, a browser that connects late
(Voila, a page reload) draws it at once.

``BoardCanvas`` wraps one ``SceneView`` for a board: ``show(scene)``,
``on_click``/``on_hover``/``on_key``/``on_theme`` callbacks, and ``click(x, y)`` to act as
a user would (tests and ``board.click_hit``).
"""

from __future__ import annotations

import base64
import contextlib
import json
import math
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence

import anywidget
import traitlets

from ..core.scene import Circle, Line, Polygon, Rect, Scene, Shape, Text
from ..core.theme import THEMES, set_page_theme
from .clicks import Picture

_HERE = Path(__file__).parent
_ANCHOR = {"start": 0, "middle": 1, "end": 2}


#: the encoded geometry of shapes already sent, by identity: a board redraws mostly the same
#: (frozen) shapes every frame, so each is rounded and encoded once. The cache holds the shape
#: itself, so an id is never reused while its entry lives; it is emptied when it grows too big.
_ENCODED: Dict[int, tuple] = {}
_ENCODED_LIMIT = 50_000


def _encode(shape) -> tuple:
    """``(kind, geometry...)`` of one shape, as ``scene_data`` lists it after its style and hit."""
    kind = type(shape)
    if kind is Rect or (kind is not Text and isinstance(shape, Rect)):
        return 0, round(shape.x, 2), round(shape.y, 2), round(shape.w, 2), round(shape.h, 2), round(shape.radius, 2)
    if kind is Circle or isinstance(shape, Circle):
        return 1, round(shape.cx, 2), round(shape.cy, 2), round(shape.r, 2)
    if isinstance(shape, (Polygon, Line)):
        return 2 if isinstance(shape, Polygon) else 3, [round(v * 10) for point in shape.points for v in point]
    if isinstance(shape, Text):
        return 4, round(shape.x, 2), round(shape.y, 2), shape.text, shape.size, _ANCHOR[shape.anchor], shape.bold
    raise TypeError(f"cannot draw {type(shape).__name__}")


def scene_data(scene: Scene, previous: Optional[Sequence[Shape]] = None) -> dict:
    """A scene as compact JSON data for the browser: shared styles, one list per shape
    ``[kind, style, hit, ...geometry]``, the hit ids and their tooltips. Polygon and line
    points are whole tenths of a pixel (integers encode and decode fastest; a footprint
    picture has thousands). Called once per frame: kept to plain loops, and a shape sent
    before is not encoded again (``_ENCODED``).

    With ``previous`` (the shapes of a frame the browser holds: the view's base), a run of shapes
    drawn there too (the very same objects: a course's track, a forest's cards) goes as
    ``[-1, start, count]``, "copy these from that frame", and only new shapes are numbered and sent: a click that
    lights a few spaces sends those, not the 1,300 shapes of the course again. ``titles`` then
    holds the new shapes' tooltips only (the browser keeps the others)."""
    styles: Dict[object, int] = {}
    hits: Dict[str, int] = {}
    titles: Dict[str, str] = {}
    shapes: List[list] = []
    add = shapes.append
    encoded = _ENCODED
    before = {id(shape): i for i, shape in enumerate(previous)} if previous else {}
    run: Optional[list] = None
    for shape in scene.shapes:
        if before:
            j = before.get(id(shape))
            if j is not None and previous[j] is shape:
                if run is not None and run[1] + run[2] == j:
                    run[2] += 1
                else:
                    run = [-1, j, 1]
                    add(run)
                continue
            run = None
        st = shape.style
        style = styles.get(st)
        if style is None:
            style = styles[st] = len(styles)
        name = shape.hit
        if name is None:
            hit = -1
        else:
            hit = hits.get(name)
            if hit is None:
                hit = hits[name] = len(hits)
            if shape.title and name not in titles:
                titles[name] = shape.title
        known = encoded.get(id(shape))
        if known is None or known[0] is not shape:
            if len(encoded) >= _ENCODED_LIMIT:
                encoded.clear()
            known = encoded[id(shape)] = (shape, _encode(shape))
        kind, *geometry = known[1]
        add([kind, style, hit, *geometry])
    return {"w": math.ceil(scene.width), "h": math.ceil(scene.height), "bg": scene.background,
            "styles": [[st.fill, st.stroke, st.width, st.opacity, list(st.dash)] for st in styles],
            "shapes": shapes, "hits": list(hits), "titles": titles, "title": scene.title or ""}


def scene_json(scene: Scene, previous: Optional[Sequence[Shape]] = None, **extra) -> str:
    """``scene_data`` (and ``extra`` keys) as JSON text: the widget sends one string, which the
    comm passes on as it is (a nested structure would be walked for binary buffers and encoded again)."""
    return json.dumps(dict(scene_data(scene, previous), **extra), separators=(",", ":"), ensure_ascii=False)


class SceneView(anywidget.AnyWidget):
    """A scene in the browser (see the module docstring). ``fit`` is "width" (scale down to
    the column) or "window" (scale to fill the window's height too: classroom mode);
    below ``min_width`` pixels the picture keeps that width and scrolls sideways;
    ``reserve`` is the room (pixels) left under the picture in "window" mode;
    ``column`` is the width (CSS px) the browser gives the picture, measured there whenever it
    changes (0 until a browser has said): a board picks its arrangement from it;
    ``keyboard`` lists the hit ids the keyboard cursor visits, in order (default: all)."""

    _esm = _HERE / "sceneview.js"
    _css = _HERE / "sceneview.css"
    scene = traitlets.Unicode("").tag(sync=True)  # scene_json: the picture, as JSON text
    #: the last whole frame (scene_json with its id), from which ``scene`` copies shapes: the state
    #: alone redraws the picture (a notebook saved with its widget state, a page opened late)
    base = traitlets.Unicode("").tag(sync=True)
    fit = traitlets.Unicode("width").tag(sync=True)
    min_width = traitlets.Int(640).tag(sync=True)
    reserve = traitlets.Int(0).tag(sync=True)
    keyboard = traitlets.List(traitlets.Unicode()).tag(sync=True)
    column = traitlets.Int(0).tag(sync=True)
    label = traitlets.Unicode("game board").tag(sync=True)
    #: [number, text]: the latest words for the board's live region (``ui/a11y.py``); the number
    #: makes the same words said twice a change
    announce = traitlets.List().tag(sync=True)
    picture: Optional[Scene] = None  # the scene shown, for the PNG where no widget runs

    def _repr_mimebundle_(self, **kwargs):
        """The live view, a PNG of the picture for untrusted notebooks, GitHub and nbviewer, and a
        sentence as its plain text (never the object's address)."""
        bundle = with_picture(super()._repr_mimebundle_(**kwargs), self.picture)
        if bundle is None:
            return bundle
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        title = self.picture.title if self.picture is not None and self.picture.title else "a picture"
        return dict(data, **{"text/plain": f"Board: {title} (it comes alive where widgets run)"}), metadata


def with_picture(bundle, scene: Optional[Scene]):
    """A widget's mime bundle (dict, or (data, metadata)) with a PNG of ``scene`` added."""
    if scene is None or bundle is None:
        return bundle
    from ..core.png import to_png

    data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
    png = to_png(scene)
    if png is not None:  # None without Pillow: the live view alone
        data = dict(data, **{"image/png": base64.b64encode(png).decode("ascii")})
    return dict(data), metadata


class BoardCanvas(Picture):
    """One ``SceneView`` showing one scene at a time, reporting clicks as hit ids.

    ``on_click(callback)`` registers ``callback(hit_id, x, y)`` (``hit_id`` None for a
    click on nothing clickable; x and y None for a keyboard Enter); ``on_hover(callback)``
    ``callback(hit_id)``; ``on_key(callback)`` ``callback(key, shift)`` for R and U.
    ``redraws`` counts frames sent (one message each). A frame names itself (``id``) and the whole
    frame it copies shapes from (``from``: the view's ``base``, sent with the first frame that needs
    it); while most shapes are the base's the frame sends only the others, and when fewer than half
    are, the frame becomes the new base. A browser that lacks the base asks for the whole picture.
    """

    def __init__(self, scene: Optional[Scene] = None, *, label: str = "game board", min_width: int = 640):
        super().__init__()
        self._base: Optional[tuple] = None  # (id, scene, its shapes' ids) of the view's ``base`` frame
        self.view = SceneView(label=label, min_width=min_width)
        self.view.on_msg(self._message)
        self._sent = 0  # the id of the last frame sent
        self._holding = False
        if scene is not None:
            self.show(scene)

    @property
    def widget(self) -> SceneView:
        return self.view

    def show(self, scene: Scene) -> None:
        """Make ``scene`` the current picture (one message to the browser: what is not in the base
        frame, or a new base; inside ``held``, when the action ends)."""
        super().show(scene)
        self.view.picture = scene
        if not self._holding:
            self._send()

    def _send(self) -> None:
        """The current frame to the browser, once: the shapes the base frame lacks while most are
        the base's, else the frame as the new base."""
        scene = self.scene
        if scene is None or self._sent == self.redraws:
            return
        self._sent = self.redraws
        if self._base is not None:
            base_id, base, held = self._base
            if 2 * sum(id(shape) in held for shape in scene.shapes) >= len(scene.shapes):
                self.view.scene = scene_json(scene, base.shapes, id=self.redraws, **{"from": base_id})
                return
        self._rebase(scene)

    def _rebase(self, scene: Scene) -> None:
        """``scene`` as the new base, whole, and the frame that copies all of it (one message)."""
        self._base = (self.redraws, scene, {id(shape) for shape in scene.shapes})  # the base keeps them alive
        with self.view.hold_sync():
            self.view.base = scene_json(scene, id=self.redraws)
            self.view.scene = scene_json(scene, scene.shapes, id=self.redraws, **{"from": self.redraws})

    @contextlib.contextmanager
    def held(self):
        """What an action changes on the view (its frame, keyboard order and announcement) goes
        as one message when it ends: the browser draws once, with the cursor's order already
        there, and a frame drawn twice in one action is sent once."""
        if self._holding:
            yield
            return
        with self.view.hold_sync():
            self._holding = True
            try:
                yield
            finally:
                self._holding = False
                self._send()

    def _whole(self) -> None:
        """Send the whole picture again, as a new frame (a browser without the base asked)."""
        if self.scene is not None:
            self.redraws += 1
            self._sent = self.redraws
            self._rebase(self.scene)

    def draw(self, make) -> None:
        """The browser shows every frame: made at once."""
        self.show(make())

    def on_theme(self, callback: Callable[[str], None]) -> None:
        """``callback("light" | "dark")`` when the page says its theme (at once, and when it changes)."""
        self._callbacks["theme"].append(callback)

    def _message(self, _widget, content, _buffers) -> None:
        event = content.get("event") if isinstance(content, dict) else None
        if event == "click":
            hit = content.get("hit")
            self._emit("click", hit if hit in self._hits() else None, content.get("x"), content.get("y"))
        elif event == "hover":
            hit = content.get("hit")
            self._emit("hover", hit if hit in self._hits() else None)
        elif event == "key" and content.get("key") in ("r", "u"):  # D and H: the board's own handlers
            self._emit("key", content["key"], bool(content.get("shift")))
        elif event == "whole":
            self._whole()
        elif event == "theme" and content.get("theme") in THEMES:
            set_page_theme(content["theme"])
            self._emit("theme", content["theme"])
