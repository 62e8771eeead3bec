"""Scene -> PDF vector graphics, for printed pages (handouts).

``draw_scene(canvas, scene, x, y, width)`` paints a scene onto a reportlab canvas, scaled to
``width`` points with its top-left corner at (x, y) (PDF coordinates: y grows upward, so y
is the top edge). Every shape stays a vector shape, so a handout prints sharp at any size.
It draws what ``core.svg`` and ``core.png`` draw: rectangles (rounded too), circles, open
lines with round caps and joins, polygons, text anchored at start, middle or end and
vertically centred, bold text, opacity, dashes; and clips to the scene, as an SVG viewBox does.

Text is set in DejaVu Sans when the system has it (it has the kit's marks: ▢, ⟳, ✓, arrows),
else in Helvetica, which lacks them. ``new_canvas`` makes a canvas whose bytes depend only on
what is drawn (no date, no random document id), and ``to_pdf`` is a one-scene page.
"""

from __future__ import annotations

import functools
import io
import os
import shutil
import subprocess
from typing import Optional, Tuple

from .scene import Circle, Line, Polygon, Rect, Scene, Shape, Text

#: Where DejaVu Sans usually lives (Debian/Ubuntu, Fedora, Arch, macOS with Homebrew fonts).
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF",
             "/usr/share/fonts/dejavu-sans-fonts", "/usr/local/share/fonts", "/opt/homebrew/share/fonts",
             os.path.expanduser("~/Library/Fonts"))
FALLBACK = ("Helvetica", "Helvetica-Bold")


def _find_font(file_name: str) -> Optional[str]:
    """The path of a font file: in the usual folders, else as fontconfig finds it."""
    for folder in FONT_DIRS:
        path = os.path.join(folder, file_name)
        if os.path.isfile(path):
            return path
    if shutil.which("fc-match"):
        family = file_name.rsplit(".", 1)[0]
        try:
            found = subprocess.run(["fc-match", "-f", "%{file}", family], capture_output=True, text=True,
                                   timeout=10).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return None
        if os.path.basename(found) == file_name and os.path.isfile(found):
            return found
    return None


@functools.lru_cache(maxsize=1)
def fonts() -> Tuple[str, str]:
    """The (regular, bold) font names to draw text with: DejaVu Sans registered with reportlab
    (with its oblique face, as one family) when it is found, else Helvetica."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    files = {name: _find_font(f"{name}.ttf") for name in ("DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique")}
    if not files["DejaVuSans"]:
        return FALLBACK
    try:
        for name, path in files.items():
            pdfmetrics.registerFont(TTFont(name, path or files["DejaVuSans"]))
    except Exception:  # an unreadable font file: print with Helvetica rather than not at all
        return FALLBACK
    # so that <b> and <i> in reportlab paragraphs find the bold and oblique faces
    pdfmetrics.registerFontFamily("DejaVuSans", normal="DejaVuSans", bold="DejaVuSans-Bold",
                                  italic="DejaVuSans-Oblique", boldItalic="DejaVuSans-Bold")
    return ("DejaVuSans", "DejaVuSans-Bold")


def new_canvas(target, pagesize, title: str = "", author: str = "savannah_kit"):
    """A reportlab canvas writing to ``target`` (a path or a binary file) that gives the same bytes
    for the same drawing: no creation date, no random document id."""
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(target, pagesize=pagesize, invariant=1, pageCompression=1, initialFontName=fonts()[0])
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setCreator("savannah_kit")
    return canvas


@functools.lru_cache(maxsize=256)
def _rgba(value: str) -> Tuple[float, float, float, float]:
    from PIL import ImageColor  # the same colour parsing as core.png

    rgba = ImageColor.getrgb(value)
    alpha = rgba[3] / 255 if len(rgba) == 4 else 1.0
    return (rgba[0] / 255, rgba[1] / 255, rgba[2] / 255, alpha)


def _paint(canvas, shape: Shape, k: float) -> Tuple[bool, bool]:
    """Set the fill and stroke of ``shape`` on the canvas; returns (fill?, stroke?)."""
    st = shape.style
    fill = st.fill is not None
    stroke = st.stroke is not None and st.width > 0
    if fill:
        r, g, b, a = _rgba(st.fill)
        canvas.setFillColorRGB(r, g, b)
        canvas.setFillAlpha(a * st.opacity)
    if stroke:
        r, g, b, a = _rgba(st.stroke)
        canvas.setStrokeColorRGB(r, g, b)
        canvas.setStrokeAlpha(a * st.opacity)
        canvas.setLineWidth(st.width * k)
        canvas.setDash([d * k for d in st.dash] if st.dash else [])
    return fill, stroke


def draw_scene(canvas, scene: Scene, x: float, y: float, width: float, *, background: bool = True) -> float:
    """Paint ``scene`` scaled to ``width`` points, its top-left corner at (x, y) on ``canvas``
    (y is the top edge, in PDF coordinates). Returns the height drawn, in points."""
    k = width / scene.width if scene.width else 1.0
    height = scene.height * k
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(x, y - height, width, height)
    canvas.clipPath(clip, stroke=0, fill=0)
    if background and scene.background:
        r, g, b, a = _rgba(scene.background)
        canvas.setFillColorRGB(r, g, b)
        canvas.setFillAlpha(a)
        canvas.rect(x, y - height, width, height, stroke=0, fill=1)

    def at(px: float, py: float) -> Tuple[float, float]:
        return x + px * k, y - py * k

    for shape in scene.shapes:
        canvas.saveState()
        _draw(canvas, shape, k, at)
        canvas.restoreState()
    canvas.restoreState()
    return height


def _draw(canvas, shape: Shape, k: float, at) -> None:
    if isinstance(shape, Text):
        _draw_text(canvas, shape, k, at)
        return
    fill, stroke = _paint(canvas, shape, k)
    if not (fill or stroke):
        return
    if isinstance(shape, Rect):
        if shape.w > 0 and shape.h > 0:
            left, bottom = at(shape.x, shape.y + shape.h)
            radius = min(shape.radius, shape.w / 2, shape.h / 2) * k
            if radius > 0:
                canvas.roundRect(left, bottom, shape.w * k, shape.h * k, radius, stroke=int(stroke), fill=int(fill))
            else:
                canvas.rect(left, bottom, shape.w * k, shape.h * k, stroke=int(stroke), fill=int(fill))
    elif isinstance(shape, Circle):
        if shape.r > 0:
            cx, cy = at(shape.cx, shape.cy)
            canvas.circle(cx, cy, shape.r * k, stroke=int(stroke), fill=int(fill))
    elif isinstance(shape, (Line, Polygon)) and len(shape.points) >= 2:
        closed = isinstance(shape, Polygon)
        if not closed:  # an open line is only stroked, with round ends, as in the SVG
            fill = False
            canvas.setLineCap(1)
            canvas.setLineJoin(1)
        path = canvas.beginPath()
        path.moveTo(*at(*shape.points[0]))
        for px, py in shape.points[1:]:
            path.lineTo(*at(px, py))
        if closed:
            path.close()
        if fill or stroke:
            canvas.drawPath(path, stroke=int(stroke), fill=int(fill))


def _draw_text(canvas, shape: Text, k: float, at) -> None:
    from reportlab.pdfbase.pdfmetrics import getAscentDescent

    if not shape.text:
        return
    regular, bold = fonts()
    font, size = (bold if shape.bold else regular), shape.size * k
    r, g, b, a = _rgba(shape.style.fill or "#000000")
    canvas.setFillColorRGB(r, g, b)
    canvas.setFillAlpha(a * shape.style.opacity)
    canvas.setFont(font, size)
    ascent, descent = getAscentDescent(font, size)
    tx, ty = at(shape.x, shape.y)
    ty -= (ascent + descent) / 2  # vertically centred on y, as SVG's central baseline and Pillow's "m"
    draw = {"start": canvas.drawString, "middle": canvas.drawCentredString, "end": canvas.drawRightString}
    draw[shape.anchor](tx, ty, shape.text)


def to_pdf(scene: Scene, scale: float = 1.0) -> bytes:
    """A one-page PDF of ``scene``, the page the size of the scene times ``scale`` (in points)."""
    out = io.BytesIO()
    w, h = scene.width * scale, scene.height * scale
    canvas = new_canvas(out, (w, h), title=scene.title)
    draw_scene(canvas, scene, 0, h, w)
    canvas.showPage()
    canvas.save()
    return out.getvalue()
