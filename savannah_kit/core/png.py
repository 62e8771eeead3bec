"""Scene -> PNG, for the places SVG cannot go.

An untrusted notebook (fresh from git) hides SVG, and GitHub or nbviewer cannot run a
widget: every picture and board therefore also carries a PNG of its scene, drawn here
with Pillow (supersampled for smooth edges). The same scene gives the same bytes. Where
Pillow is missing (the browser's Python on the kit's website) there is no PNG: the picture
shows as SVG or as the live board alone.
"""

from __future__ import annotations

import functools
import io
import math
from typing import Optional

from .scene import Circle, Line, Polygon, Rect, Scene, Text

SUPERSAMPLE = 2


@functools.lru_cache(maxsize=16)
def _font(size: int, bold: bool):
    from PIL import ImageFont

    for name in (("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"), "DejaVuSans.ttf"):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size)  # Pillow's own scalable font: always there


def _colour(value, opacity: float):
    from PIL import ImageColor

    if value is None:
        return None
    r, g, b = ImageColor.getrgb(value)[:3]
    return (r, g, b, int(round(255 * opacity)))


def to_png(scene: Scene, scale: float = 1.0) -> Optional[bytes]:
    """The PNG bytes of ``scene`` at ``scale`` times its size (None without Pillow)."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        return None

    k = scale * SUPERSAMPLE
    w = SUPERSAMPLE * max(1, math.ceil(scene.width * scale))
    h = SUPERSAMPLE * max(1, math.ceil(scene.height * scale))
    image = Image.new("RGBA", (w, h), _colour(scene.background or "#ffffff", 1.0))
    draw = ImageDraw.Draw(image, "RGBA")  # colours with alpha blend onto what is below
    for shape in scene.shapes:
        _draw(draw, shape, k)
    # box-filter down to size (smooth edges), then 256 colours: small files, stored in notebooks
    small = image.reduce(SUPERSAMPLE).convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    small.save(out, format="PNG")
    return out.getvalue()


def _draw(draw, shape, k: float) -> None:
    st = shape.style
    fill, stroke = _colour(st.fill, st.opacity), _colour(st.stroke, st.opacity)
    width = max(1, round(st.width * k))
    if isinstance(shape, Text):
        font = _font(max(1, round(shape.size * k)), shape.bold)
        anchor = {"start": "lm", "middle": "mm", "end": "rm"}[shape.anchor]
        draw.text((shape.x * k, shape.y * k), shape.text, fill=fill or (0, 0, 0, 255), font=font, anchor=anchor)
    elif isinstance(shape, Rect):
        box = [shape.x * k, shape.y * k, (shape.x + shape.w) * k, (shape.y + shape.h) * k]
        if box[2] > box[0] and box[3] > box[1]:
            if shape.radius:
                draw.rounded_rectangle(box, radius=shape.radius * k, fill=fill, outline=stroke,
                                       width=width if stroke else 0)
            else:
                draw.rectangle(box, fill=fill, outline=stroke, width=width if stroke else 0)
    elif isinstance(shape, Circle):
        box = [(shape.cx - shape.r) * k, (shape.cy - shape.r) * k, (shape.cx + shape.r) * k, (shape.cy + shape.r) * k]
        draw.ellipse(box, fill=fill, outline=stroke, width=width if stroke else 0)
    elif isinstance(shape, Polygon) and len(shape.points) >= 2:
        points = [(x * k, y * k) for x, y in shape.points]
        if fill:
            draw.polygon(points, fill=fill)
        if stroke:
            draw.line(points + points[:1], fill=stroke, width=width, joint="curve")
    elif isinstance(shape, Line) and stroke and len(shape.points) >= 2:
        draw.line([(x * k, y * k) for x, y in shape.points], fill=stroke, width=width, joint="curve")
