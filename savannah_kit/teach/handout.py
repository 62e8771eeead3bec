"""Printable handouts: a one-page rules summary per game, drawn from the kit's own pictures.

``write_handout("forest", "forest.pdf")`` writes an A4 PDF (``savannah-kit handout forest``
does the same from the command line); ``handout_games()`` lists the games that have one.

The page layout is game-agnostic: a ``Handout`` is a title band, full-width blocks under it
and two columns of blocks. A block is a ``Section`` (a heading and items; each item knows the
ids of the rules it states, so that a test can check every rule of the game is on the page,
but the page itself prints no ids: a reader needs the rule, not its code) or a ``Figure`` (a
scene with a caption). Each block stays in one column; what does not fit goes on to a second page. Figures
are the kit's own scenes drawn as vector graphics (``core.pdf``); ``annotate`` puts labelled
callouts around a scene and ``row`` sets scenes side by side. A game's content is its own:
the ``teaching.handout`` hook of its spec (``<game>/handout.py``) returns its ``Handout``; the
texts are the kit's own words, checked against the rule index (every cited id must exist),
and the numbers in captions come from the engine.
"""

from __future__ import annotations

import io
import math
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional, Sequence, Tuple, Union
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (Flowable, Frame, FrameBreak, KeepTogether, NextPageTemplate, PageTemplate, Paragraph,
                                Spacer, Table, TableStyle)
from reportlab.platypus.doctemplate import BaseDocTemplate

from ..core.pdf import draw_scene, fonts, new_canvas
from ..core import registry
from ..core.registry import games as registered_games
from ..core.rules_index import check
from ..core.scene import Circle, Line, Polygon, Rect, Scene, Shape, Text, circle, line, text

# -- the page ----------------------------------------------------------------------------------------

PAGE = (595.28, 841.89)  # A4 in points
MARGIN = 22.0
GUTTER = 14.0
BAND = 38.0  # the title band, without its lead text
FOOTER = 22.0  # two lines
ACCENT = "#2e5d34"  # headings and the title band
ACCENT_LIGHT = "#e6efdc"
INK = "#1d1d1b"
FOOT_GREY = "#5a5a5a"  # the footer: small, but dark enough to print
BODY_SIZE = 9.0  # nothing a reader needs is smaller
CAPTION_SIZE = 8.5
LABEL_SIZE = 8.5  # callout labels in figures


@dataclass(frozen=True)
class Item:
    """One line of a section: ``text`` (reportlab paragraph markup: ``<b>``, ``<i>``) and the
    rule ids it states (shown with its section's); ``term`` is a lead word set in a column of its
    own (``Section.style="terms"``)."""

    text: str
    rules: Tuple[str, ...] = ()
    term: str = ""


@dataclass(frozen=True)
class Section:
    """A heading and its items, set as ``bullets``, numbered ``steps``, ``terms`` (a table with
    the items' terms in the first column) or a tinted ``note``."""

    heading: str
    items: Tuple[Item, ...]
    style: str = "bullets"

    @property
    def rules(self) -> Tuple[str, ...]:
        """The rule ids its items state, in order, each once."""
        return tuple(dict.fromkeys(r for it in self.items for r in it.rules))


@dataclass(frozen=True)
class Figure:
    """A scene drawn ``width`` points wide (default: its own size, at most the space there is),
    with its caption under it or ``beside`` it."""

    scene: Scene
    caption: str = ""
    width: Optional[float] = None
    beside: bool = False  # the caption right of the picture, not under it


Block = Union[Section, Figure]


@dataclass(frozen=True)
class Handout:
    title: str
    lead: str  # a few lines in the title band, under the title (paragraph markup)
    top: Tuple[Block, ...]  # full width, under the title band
    columns: Tuple[Tuple[Block, ...], Tuple[Block, ...]]
    footer: Tuple[str, ...]  # small lines at the foot of every page
    band_note: str = "Rules on one page"  # top right of the title band
    second_top: Tuple[Block, ...] = ()  # full width at the top of a second page (and then its columns)
    second_columns: Tuple[Tuple[Block, ...], Tuple[Block, ...]] = ((), ())

    @property
    def rules(self) -> Tuple[str, ...]:
        """Every rule id its sections state, in order, each once."""
        blocks = list(self.top) + [b for col in self.columns for b in col] + list(self.second_top) + [
            b for col in self.second_columns for b in col]
        return tuple(dict.fromkeys(r for b in blocks if isinstance(b, Section) for r in b.rules))


# -- callouts: labels around a picture, as a scene ----------------------------------------------------

@dataclass(frozen=True)
class Callout:
    """A label beside a picture: ``label`` (bold) and a short ``note`` under it, with a leader line
    to the point (x, y) of the picture; ``side`` is "left" or "right"."""

    x: float
    y: float
    label: str
    note: str = ""
    side: str = "right"


def _label_lines(c: Callout, width: float, size: float) -> List[Tuple[str, bool]]:
    """A callout's lines, (text, bold): its label, then its note wrapped to ``width``."""
    chars = max(8, int(width / (size * 0.53)))  # DejaVu Sans text runs about 0.5 em a character
    return [(c.label, True)] + [(s, False) for s in textwrap.wrap(c.note, chars)]


def _stack(wanted: Sequence[float], heights: Sequence[float], bottom: float, gap: float) -> List[float]:
    """Tops for blocks of ``heights``, as near as can be to the ``wanted`` tops (in order), never
    overlapping, and between 0 and ``bottom`` where they fit."""
    tops: List[float] = []
    for i, want in enumerate(wanted):
        tops.append(max(want, 0.0, tops[-1] + heights[i - 1] + gap if tops else 0.0))
    limit = bottom
    for i in reversed(range(len(tops))):  # pushed off the bottom: move up, no lower than the next allows
        tops[i] = max(0.0, min(tops[i], limit - heights[i]))
        limit = tops[i] - gap
    return tops


def annotate(picture: Scene, callouts: Sequence[Callout], *, label_width: float = 96.0, gap: float = 10.0,
             size: float = LABEL_SIZE, colour: str = INK) -> Scene:
    """``picture`` with its callouts: labels stacked left and right of it, each with a leader line
    and a dot on the point it names. The result is a scene like any other."""
    bad = [c.label for c in callouts if c.side not in ("left", "right")]
    if bad:
        raise ValueError(f"a callout goes on the left or the right: {', '.join(bad)}")
    step, between = size * 1.22, 6.0
    sides = {side: [(c, _label_lines(c, label_width, size)) for c in sorted(callouts, key=lambda c: c.y)
                    if c.side == side] for side in ("left", "right")}
    left_w = label_width + gap if sides["left"] else 0.0
    right_w = label_width + gap if sides["right"] else 0.0
    heights = {side: [len(lines) * step for _, lines in labels] for side, labels in sides.items()}
    need = max([sum(h) + between * (len(h) - 1) for h in heights.values()] + [picture.height])
    dy = (need - picture.height) / 2
    out = Scene(left_w + picture.width + right_w, need, background=picture.background, title=picture.title)
    out.extend(picture, left_w, dy)
    marks: List[Shape] = []
    for side, labels in sides.items():
        if side == "left":
            lx, anchor, elbow, inward = label_width, "end", left_w, 3
        else:
            lx, anchor, elbow, inward = left_w + picture.width + gap, "start", left_w + picture.width, -3
        tops = _stack([c.y + dy - step / 2 for c, _ in labels], heights[side], need, between)
        for (c, lines), y0 in zip(labels, tops):
            for i, (s, bold) in enumerate(lines):
                out.add(text(lx, y0 + step * (i + 0.5), s, size=size, fill=colour if bold else "#333333",
                             anchor=anchor, bold=bold))
            tx, ty, ly = c.x + left_w, c.y + dy, y0 + step / 2
            marks.append(line([(lx + inward, ly), (elbow, ly), (tx, ty)], stroke="#3a3a3a", width=0.7))
            marks.append(circle(tx, ty, 2.0, fill="#1d1d1b", stroke="#ffffff", width=0.7))
    return out.add(*marks)


def row(*scenes: Scene, gap: float = 14.0, background: Optional[str] = "#ffffff", vertical: bool = False) -> Scene:
    """Scenes side by side (or one under the other), centred across the line."""
    along = [s.height if vertical else s.width for s in scenes]
    across = max(s.width if vertical else s.height for s in scenes)
    length = sum(along) + gap * (len(scenes) - 1)
    out = Scene(across if vertical else length, length if vertical else across, background=background)
    pos = 0.0
    for s, size in zip(scenes, along):
        centre = (across - (s.width if vertical else s.height)) / 2
        out.extend(s, *((centre, pos) if vertical else (pos, centre)))
        pos += size + gap
    return out


def find_point(scene: Scene, title_start: str, kind=Shape) -> Tuple[float, float]:
    """The centre of the first shape of ``kind`` whose tooltip starts with ``title_start``: how a
    figure finds the parts of a drawing to point at, without knowing its geometry."""
    for s in scene.shapes:
        if isinstance(s, kind) and (s.title or "").startswith(title_start):
            return shape_centre(s)
    raise LookupError(f"no {kind.__name__} titled {title_start!r}… in {scene.title or 'the scene'}")


def nearest(scene: Scene, point: Tuple[float, float], kind=Shape, smaller_than: float = float("inf")) -> Shape:
    """The shape of ``kind`` whose centre is nearest ``point`` (rectangles: only those narrower
    than ``smaller_than``, so that a card's own outline does not count)."""
    found = [s for s in scene.shapes if isinstance(s, kind) and not (isinstance(s, Rect) and s.w >= smaller_than)]
    if not found:
        raise LookupError(f"no {kind.__name__} in {scene.title or 'the scene'}")
    return min(found, key=lambda s: math.dist(shape_centre(s), point))


def shape_box(s: Shape, em: float = 0.72) -> Tuple[float, float, float, float]:
    """(left, top, right, bottom) around a shape; a text's width is estimated on the wide side
    (``em`` × size a character), so that a callout dot put beside it never lands on it."""
    if isinstance(s, Rect):
        return (s.x, s.y, s.x + s.w, s.y + s.h)
    if isinstance(s, Circle):
        return (s.cx - s.r, s.cy - s.r, s.cx + s.r, s.cy + s.r)
    if isinstance(s, Text):
        width = len(s.text) * s.size * em
        left = s.x - {"start": 0.0, "middle": width / 2, "end": width}[s.anchor]
        return (left, s.y - s.size / 2, left + width, s.y + s.size / 2)
    if isinstance(s, (Line, Polygon)) and s.points:
        pad = s.style.width / 2 if s.style.stroke else 0.0
        xs, ys = [p[0] for p in s.points], [p[1] for p in s.points]
        return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
    raise ValueError(f"{type(s).__name__} has no extent")


def shape_centre(s: Shape) -> Tuple[float, float]:
    left, top, right, bottom = shape_box(s)
    return ((left + right) / 2, (top + bottom) / 2)


def crop(scene: Scene, x: float, y: float, width: float, height: float) -> Scene:
    """The part of ``scene`` in the box at (x, y), ``width`` × ``height``: a window onto it. The
    shapes wholly outside are left out (every backend clips the rest at the window's edge), so
    that no hidden text stays in a PDF's text."""
    def inside(s: Shape) -> bool:
        left, top, right, bottom = shape_box(s)
        return right > x and left < x + width and bottom > y and top < y + height

    window = Scene(width, height, background=scene.background, title=scene.title)
    return window.extend(Scene(scene.width, scene.height, shapes=[s for s in scene.shapes if inside(s)]), -x, -y)


def hit_box(scene: Scene, prefixes: Sequence[str], margin: float = 0.0) -> Tuple[float, float, float, float]:
    """(x, y, width, height) around the rectangles whose hit id starts with one of ``prefixes``."""
    boxes = [s for s in scene.shapes if isinstance(s, Rect) and s.hit and s.hit.startswith(tuple(prefixes))]
    if not boxes:
        raise LookupError(f"nothing in {scene.title or 'the scene'} has a hit id starting {', '.join(prefixes)}")
    x0, y0 = min(b.x for b in boxes) - margin, min(b.y for b in boxes) - margin
    return (x0, y0, max(b.x + b.w for b in boxes) + margin - x0, max(b.y + b.h for b in boxes) + margin - y0)


# -- setting the page with reportlab ----------------------------------------------------------------

def _styles():
    regular, bold = fonts()
    body = ParagraphStyle("body", fontName=regular, fontSize=BODY_SIZE, leading=BODY_SIZE * 1.18,
                          textColor=HexColor(INK), spaceAfter=1.2)
    return {
        "body": body,
        "bullet": ParagraphStyle("bullet", parent=body, leftIndent=9, bulletIndent=1, bulletFontName=bold,
                                 bulletFontSize=BODY_SIZE),
        "step": ParagraphStyle("step", parent=body, leftIndent=11, bulletIndent=0, bulletFontName=bold,
                               bulletFontSize=BODY_SIZE),
        "term": ParagraphStyle("term", parent=body, fontName=bold, spaceAfter=0),
        "cell": ParagraphStyle("cell", parent=body, spaceAfter=0),
        "note": ParagraphStyle("note", parent=body, fontSize=BODY_SIZE + 0.5, leading=(BODY_SIZE + 0.5) * 1.25,
                               spaceAfter=0),
        "heading": ParagraphStyle("heading", parent=body, fontName=bold, fontSize=11.5, leading=14,
                                  textColor=HexColor(ACCENT), spaceBefore=5, spaceAfter=2),
        "lead": ParagraphStyle("lead", parent=body, fontSize=BODY_SIZE + 0.5, leading=(BODY_SIZE + 0.5) * 1.25,
                               textColor=HexColor("#ffffff"), spaceAfter=0),
        "caption": ParagraphStyle("caption", parent=body, fontSize=CAPTION_SIZE, leading=CAPTION_SIZE * 1.25,
                                  textColor=HexColor("#333333"), spaceBefore=2, spaceAfter=4),
    }


class _Picture(Flowable):
    """A scene as a reportlab flowable: vector shapes, ``width`` points wide, centred."""

    def __init__(self, scene: Scene, width: float):
        super().__init__()
        self.scene, self.width = scene, width
        self.height = scene.height * width / scene.width
        self.hAlign = "CENTER"

    def wrap(self, avail_width, avail_height):
        return self.width, self.height

    def draw(self):
        draw_scene(self.canv, self.scene, 0, self.height, self.width)


def _table(rows, widths, padding: Tuple[float, float, float, float], valign: str, *style):
    """A reportlab table of paragraphs: ``padding`` is (left, right, top, bottom) for every cell."""
    left, right, top, bottom = padding
    every = ((0, 0), (-1, -1))
    table = Table(rows, colWidths=widths)
    table.setStyle(TableStyle([("FONTNAME", *every, fonts()[0]),  # else the table names Helvetica
                               ("VALIGN", *every, valign), ("LEFTPADDING", *every, left),
                               ("RIGHTPADDING", *every, right), ("TOPPADDING", *every, top),
                               ("BOTTOMPADDING", *every, bottom), *style]))
    return table


def _section_flowables(sec: Section, width: float, st) -> list:
    """A section: its heading, then its items (the rule ids they state are checked against the
    index, not printed)."""
    for r in sec.rules:
        check(r)
    out: list = []
    texts = [it.text for it in sec.items]
    if sec.heading:
        out.append(Paragraph(sec.heading, st["heading"]))
    if sec.style == "terms":
        term_w = 58.0
        rows = [[Paragraph(it.term, st["term"]), Paragraph(t, st["cell"])] for it, t in zip(sec.items, texts)]
        out.append(_table(rows, [term_w, width - term_w], (0, 3, 2.2, 2.4), "TOP",
                          ("LINEBELOW", (0, 0), (-1, -2), 0.4, HexColor("#c9d6bd"))))
    elif sec.style == "note":
        out.append(_table([[Paragraph(t, st["note"])] for t in texts], [width], (8, 8, 4, 4), "TOP",
                          ("BACKGROUND", (0, 0), (-1, -1), HexColor(ACCENT_LIGHT))))
    elif sec.style in ("bullets", "steps"):
        for i, t in enumerate(texts, 1):
            mark, style = ("\u2022", st["bullet"]) if sec.style == "bullets" else (f"{i}.", st["step"])
            out.append(Paragraph(t, style, bulletText=mark))
    else:
        raise ValueError(f"unknown section style {sec.style!r}: bullets, steps, terms or note")
    return out


def _figure_flowables(fig: Figure, width: float, st) -> list:
    w = min(width, fig.width or fig.scene.width)
    picture = _Picture(fig.scene, w)
    if not fig.caption:
        return [picture]
    caption = Paragraph(fig.caption, st["caption"])
    if not fig.beside:
        return [picture, caption]
    return [_table([[picture, caption]], [w + 8, width - w - 8], (0, 0, 3, 3), "MIDDLE",
                   ("LEFTPADDING", (1, 0), (1, 0), 8))]


def _flowables(blocks: Sequence[Block], width: float, st, keep: bool = True) -> list:
    """The flowables of ``blocks``; with ``keep``, each block is kept in one column."""
    out: list = []
    for b in blocks:
        parts = _section_flowables(b, width, st) if isinstance(b, Section) else _figure_flowables(b, width, st)
        out += [KeepTogether(parts)] if keep else parts
    return out


def _height(flowables: Sequence, width: float) -> float:
    """The height ``flowables`` take, one under the other, in a frame ``width`` wide."""
    scratch = new_canvas(io.BytesIO(), PAGE)
    total = 0.0
    for i, f in enumerate(flowables):
        total += f.wrapOn(scratch, width, PAGE[1])[1] + f.getSpaceAfter() + (f.getSpaceBefore() if i else 0)
    return total


class _Page:
    """What every page of a handout shows around its frames: the title band with the lead text
    (first page) or a slim running head (later pages), and the footer."""

    def __init__(self, handout: Handout, st):
        self.handout = handout
        self.lead = Paragraph(handout.lead, st["lead"]) if handout.lead else None
        self.lead_w = PAGE[0] - 2 * MARGIN - 24  # under the title and the note at the right
        lead_h = self.lead.wrap(self.lead_w, PAGE[1])[1] if self.lead else 0
        self.band = BAND + lead_h + (6 if lead_h else 0)

    def first(self, canvas, _doc) -> None:
        regular, bold = fonts()
        w, h = PAGE
        top = h - MARGIN
        canvas.saveState()
        canvas.setFillColor(HexColor(ACCENT))
        canvas.roundRect(MARGIN, top - self.band, w - 2 * MARGIN, self.band, 6, stroke=0, fill=1)
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.setFont(bold, 21)
        canvas.drawString(MARGIN + 12, top - 25, self.handout.title)
        canvas.setFont(bold, 10)
        canvas.drawRightString(w - MARGIN - 12, top - 19, self.handout.band_note)
        canvas.setFont(regular, 8)
        canvas.setFillColor(HexColor("#e3efd9"))
        canvas.drawRightString(w - MARGIN - 12, top - 30, "made by savannah_kit")
        if self.lead:
            self.lead.drawOn(canvas, MARGIN + 12, top - self.band + 8)
        canvas.restoreState()
        self._footer(canvas)

    def later(self, canvas, _doc) -> None:
        canvas.saveState()
        canvas.setFont(fonts()[1], 10)
        canvas.setFillColor(HexColor(ACCENT))
        canvas.drawString(MARGIN, PAGE[1] - MARGIN - 10, f"{self.handout.title} (continued)")
        canvas.restoreState()
        self._footer(canvas)

    def _footer(self, canvas) -> None:
        canvas.saveState()
        canvas.setFont(fonts()[0], 7)
        canvas.setFillColor(HexColor(FOOT_GREY))
        for i, note in enumerate(reversed(self.handout.footer)):
            canvas.drawString(MARGIN, MARGIN + i * 8.5, note)
        canvas.drawRightString(PAGE[0] - MARGIN, MARGIN, f"page {canvas.getPageNumber()}")
        canvas.restoreState()


def render(handout: Handout, out: Union[str, Path]) -> Path:
    """Write ``handout`` as a PDF at ``out``: the same handout always gives the same bytes."""
    out = Path(out)
    st = _styles()
    page = _Page(handout, st)
    w, h = PAGE
    full = w - 2 * MARGIN
    col = (full - GUTTER) / 2
    top = _flowables(handout.top, full, st, keep=False)  # its frame is made to measure
    top_h = _height(top, full) + 4
    body_top = h - MARGIN - page.band - 8
    bottom = MARGIN + FOOTER

    def frame(fid, x, y, fw, fh):
        return Frame(x, y, fw, fh, id=fid, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

    def columns(suffix: str, height: float) -> list:
        return [frame("left" + suffix, MARGIN, bottom, col, height),
                frame("right" + suffix, MARGIN + col + GUTTER, bottom, col, height)]

    first = PageTemplate("first", [frame("top", MARGIN, body_top - top_h, full, top_h),
                                   *columns("", body_top - top_h - bottom)], onPage=page.first)
    later_top = h - MARGIN - 20
    later = PageTemplate("later", columns("-later", later_top - bottom), onPage=page.later)
    templates = [first, later]
    story = [NextPageTemplate("later"), *top, FrameBreak(), *_flowables(handout.columns[0], col, st), FrameBreak(),
             *_flowables(handout.columns[1], col, st)]
    if handout.second_top or any(handout.second_columns):
        # a second page laid out like the first: its own full-width top, then two columns
        top2 = _flowables(handout.second_top, full, st, keep=False)
        top2_h = _height(top2, full) + 4 if top2 else 0.0
        frames = [frame("top-2", MARGIN, later_top - top2_h, full, top2_h)] if top2 else []
        templates.append(PageTemplate("second", frames + columns("-2", later_top - top2_h - bottom),
                                      onPage=page.later))
        story[0] = NextPageTemplate("second")
        story += [FrameBreak(), NextPageTemplate("later")]
        story += top2 + ([FrameBreak()] if top2 else [])
        story += [*_flowables(handout.second_columns[0], col, st), FrameBreak(),
                  *_flowables(handout.second_columns[1], col, st)]
    doc = BaseDocTemplate(str(out), pagesize=PAGE, pageTemplates=templates, invariant=1, pageCompression=1,
                          initialFontName=fonts()[0], title=f"{handout.title}: {handout.band_note.lower()}",
                          author="savannah_kit", creator="savannah_kit", producer="savannah_kit (reportlab)",
                          subject=handout.title,
                          leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN)
    doc.build(story)
    return out


# -- helpers the games' handouts share --------------------------------------------------------------

def hit_point(scene: Scene, hit: str) -> Tuple[float, float]:
    """The centre of the first shape with this hit id."""
    for s in scene.shapes:
        if s.hit == hit:
            return shape_centre(s)
    raise LookupError(f"nothing in {scene.title or 'the scene'} has the hit id {hit!r}")


def scaled(scene: Scene, k: float) -> Scene:
    """``scene`` drawn ``k`` times its size (shapes, line widths and text alike)."""
    from dataclasses import replace as changed

    def one(s: Shape) -> Shape:
        style = changed(s.style, width=s.style.width * k, dash=tuple(d * k for d in s.style.dash))
        if isinstance(s, Rect):
            return changed(s, style=style, x=s.x * k, y=s.y * k, w=s.w * k, h=s.h * k, radius=s.radius * k)
        if isinstance(s, Circle):
            return changed(s, style=style, cx=s.cx * k, cy=s.cy * k, r=s.r * k)
        if isinstance(s, Text):
            return changed(s, style=style, x=s.x * k, y=s.y * k, size=s.size * k)
        if isinstance(s, (Line, Polygon)):
            return changed(s, style=style, points=tuple((x * k, y * k) for x, y in s.points))
        raise ValueError(f"cannot scale a {type(s).__name__}")

    return Scene(scene.width * k, scene.height * k, background=scene.background, title=scene.title,
                 shapes=[one(s) for s in scene.shapes])


def lead(game: str, words: str) -> str:
    """A handout's lead: how many play ``game`` (from its spec), then ``words``."""
    spec = registered_games()[game]
    return f"<b>{min(spec.players)}\u2013{max(spec.players)} players.</b> {words}"


# -- the games' handouts ---------------------------------------------------------------------------------

def handout_games() -> List[str]:
    """The registered games (each has a printable handout: its spec's ``teaching.handout``)."""
    return list(registered_games())


def handout_for(game: str) -> Handout:
    """The handout of ``game``; ``ValueError`` naming the games that have one otherwise."""
    if game not in handout_games():
        have = ", ".join(handout_games())
        raise ValueError(f"no handout for {game!r}: the games with one are {have}")
    return registered_games()[game].hook("teaching.handout")()


def write_handout(game: str, out: Union[str, Path]) -> Path:
    """Write the one-page rules summary of ``game`` to ``out`` (a PDF path, or a folder to get
    ``<game>_handout.pdf`` in it) and return the path written."""
    handout = handout_for(game)
    out = Path(out)
    if out.is_dir():
        out = out / f"{game}_handout.pdf"
    return render(handout, out)


# -- puzzle sheets: the worksheet and its answer key, as printed pages --------------------------------------

#: how a puzzle's picture is printed: at most this scale and height (two puzzles to a page), unless that
#: makes it too small to read (below the smallest scale): then as large as a page allows
PUZZLE_SCALE, PUZZLE_HEIGHT, PUZZLE_SMALLEST, PUZZLE_PAGE = 0.62, 230.0, 0.38, 520.0
_CLICK = re.compile(r"\s*(?:\(?\s*)?\b(?:Click|Type)\b[^.]*\.\)?", re.IGNORECASE)  # board-only instructions
_RULE_IDS = re.compile(r"\s*\[(?:[a-z]+\.[a-z0-9.-]+(?:,\s*)?)+\]")
_CARD_IDS = re.compile(r"\s*\(C\d\d\)")
_SPACE = re.compile(r"\b(T\d\d):(red|blue|yellow|black|bridge):(\d+)\b")
_RULING = re.compile(r"\b[Kk]it ruling K\d+\b")
_CARD = re.compile(r"\b(red|blue|yellow|black)-([2-6])\b")  # a Tails card, as the picture prints it: "red 4"


def paper_words(text: str) -> str:
    """An exercise's words for paper: no clicking or typing instructions, no rule ids or card
    codes, spaces named as the board counts them ("T05 yellow space 5", from 1), cards as they
    are printed ("red 4"), a kit ruling without its code; escaped for a reportlab paragraph."""
    text = _CLICK.sub("", text)
    text = _RULE_IDS.sub("", text)
    text = _CARD_IDS.sub("", text)
    text = _SPACE.sub(lambda m: f"{m.group(1)} {m.group(2)} space {int(m.group(3)) + 1}", text)
    text = _RULING.sub("kit ruling", text)
    text = _CARD.sub(r"\1 \2", text)
    text = re.sub(r"\s+([.,;:])", r"\1", text)
    return escape(text.strip())


class _WritingRoom(Flowable):
    """Ruled lines to write on, each with its label (or none) at the left."""

    def __init__(self, labels: Sequence[str], width: float, step: float = 22.0):
        super().__init__()
        self.labels, self.width, self.step = list(labels), width, step
        self.height = step * len(self.labels) + 4

    def wrap(self, avail_width, avail_height):
        self.width = avail_width
        return self.width, self.height

    def draw(self):
        regular, bold = fonts()
        c = self.canv
        for i, label in enumerate(self.labels):
            y = self.height - self.step * (i + 1)
            x0 = 0.0
            if label:
                c.setFont(bold, BODY_SIZE)
                c.setFillColor(HexColor(INK))
                c.drawString(0, y + 3, label)
                x0 = c.stringWidth(label, bold, BODY_SIZE) + 6
            c.setStrokeColor(HexColor("#9a9a9a"))
            c.setLineWidth(0.6)
            c.line(x0, y, self.width, y)


def _puzzle_picture(scene: Scene) -> _Picture:
    """A puzzle's board for paper: without the board's title bar (its game, round and turn are in
    the question), at a scale that stays readable."""
    bar = next((sh for sh in scene.shapes[:3] if isinstance(sh, Rect) and sh.x == 0 and sh.y == 0
                and sh.w >= scene.width - 1 and sh.h <= 40), None)
    if bar is not None:
        scene = crop(scene, 0, bar.h, scene.width, scene.height - bar.h)
    full = PAGE[0] - 2 * MARGIN
    k = min(PUZZLE_SCALE, full / scene.width, PUZZLE_HEIGHT / scene.height)
    if k < PUZZLE_SMALLEST:
        k = min(full / scene.width, PUZZLE_PAGE / scene.height, 0.55)
    return _Picture(scene, scene.width * k)


def _paper_intro(game: str) -> str:
    """What a reader of the printed sheet needs about the game's names (Tails: how spaces count)."""
    return registry.game(game).teaching.paper_note


def _document(title: str, band_note: str, lead_text: str, footer: Sequence[str], story: list,
              out: Union[str, Path], subject: str) -> Path:
    """One full-width column on A4 pages, under the handout's title band (first page) and running
    head (later pages), with its footer: the same story always gives the same bytes."""
    out = Path(out)
    st = _styles()
    sheet = Handout(title=title, lead=lead_text, top=(), columns=((), ()), footer=tuple(footer),
                    band_note=band_note)
    page = _Page(sheet, st)
    w, h = PAGE
    bottom = MARGIN + FOOTER

    def frame(fid, top):
        return Frame(MARGIN, bottom, w - 2 * MARGIN, top - bottom, id=fid, leftPadding=0, rightPadding=0,
                     topPadding=0, bottomPadding=0)

    first = PageTemplate("first", [frame("first", h - MARGIN - page.band - 8)], onPage=page.first)
    later = PageTemplate("later", [frame("later", h - MARGIN - 20)], onPage=page.later)
    doc = BaseDocTemplate(str(out), pagesize=PAGE, pageTemplates=[first, later], invariant=1, pageCompression=1,
                          initialFontName=fonts()[0], title=f"{title}: {band_note.lower()}", author="savannah_kit",
                          creator="savannah_kit", producer="savannah_kit (reportlab)", subject=subject,
                          leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN)
    doc.build([NextPageTemplate("later"), *story])
    return out


def _puzzles_of(game: str):
    from .answer_key import puzzles

    if game not in registered_games():
        raise ValueError(f"no puzzles for {game!r}: the games with some are {', '.join(worksheet_games())}")
    found = puzzles(game)
    if not found:
        raise ValueError(f"no puzzles for {game!r}: the games with some are {', '.join(worksheet_games())}")
    return found


def worksheet_games() -> List[str]:
    """The registered games with worksheet puzzles."""
    from .answer_key import puzzles

    return [g for g in registered_games() if puzzles(g)]


def _sheet_path(out: Union[str, Path], game: str, kind: str) -> Path:
    out = Path(out)
    return out / f"{game}_{kind}.pdf" if out.is_dir() else out


def write_worksheet(game: str, out: Union[str, Path]) -> Path:
    """Print the puzzle sheet of ``game`` to ``out`` (a PDF path, or a folder to get
    ``<game>_worksheet.pdf`` in it): each puzzle's question, its board as a picture, and lines to
    write the answer and the working on. No code and no answers."""
    found = _puzzles_of(game)
    st = _styles()
    story: list = []
    for i, ex in enumerate(found, start=1):
        pos = ex.position()
        picture = _puzzle_picture(ex.picture(pos))
        alone = picture.height > PUZZLE_HEIGHT + 1  # a large board has its page: more lines to write on
        story.append(KeepTogether([
            Paragraph(f"Puzzle {i}: {escape(ex.title)}", st["heading"]),
            Paragraph(paper_words(ex.question), st["body"]),
            Spacer(1, 4), picture, Spacer(1, 6),
            _WritingRoom(["Your answer:", "How you found it:"] + [""] * (4 if alone else 1), PAGE[0] - 2 * MARGIN,
                         step=19.0),
        ]))
    title = registered_games()[game].title
    lead_text = ("<b>Name:</b> ______________________   " + escape(f"{len(found)} puzzles about the whole game. "
                 "Look at each picture, write your answer and how you found it on the lines.") + _paper_intro(game))
    return _document(title, "Puzzle sheet", lead_text, (
        f"{title}: puzzles by savannah_kit, in its own words.",
        f"On a computer the same puzzles are boards to click: notebooks/teacher/{game}_puzzle_worksheet.ipynb"),
        story, _sheet_path(out, game, "worksheet"), f"{title} puzzle sheet")


def write_answer_key(game: str, out: Union[str, Path]) -> Path:
    """Print the answers to the puzzle sheet of ``game`` to ``out`` (a PDF path, or a folder to get
    ``<game>_answer_key.pdf`` in it): for each puzzle its question, the engine's answer and why,
    what the likely mistakes give, and the answer drawn."""
    found = _puzzles_of(game)
    st = _styles()
    story: list = []
    for i, ex in enumerate(found, start=1):
        pos = ex.position()
        right = ex.solve(pos)
        parts = [Paragraph(f"Puzzle {i}: {escape(ex.title)}", st["heading"]),
                 Paragraph(f"<i>{paper_words(ex.question)}</i>", st["body"]),
                 Paragraph(f"<b>Answer: {paper_words(ex.answer.show(right))}.</b> {paper_words(ex.explain(pos))}",
                           st["body"])]
        wrong = [(m, m.answer(pos)) for m in ex.mistakes]
        wrong = [(m, given) for m, given in wrong if given != right]
        if wrong:
            said = "; ".join(f"{paper_words(m.name.replace('-', ' '))} gives "
                             f"<b>{paper_words(ex.answer.show(given))}</b>" for m, given in wrong)
            parts.append(Paragraph(f"<b>Likely mistakes:</b> {said}.", st["body"]))
        picture = ex.solution_picture(pos) if ex.solution_picture else ex.picture(pos)
        parts += [Spacer(1, 4), _puzzle_picture(picture)]
        story.append(KeepTogether(parts))
    title = registered_games()[game].title
    lead_text = escape(f"The answers to the {len(found)} puzzles of the puzzle sheet, worked out by the game's "
                       "engine: each answer, why, the answers the likely mistakes give, and the answer drawn."
                       ) + _paper_intro(game)
    return _document(title, "Puzzle answers", lead_text, (
        f"{title}: for teachers. The answers are computed by savannah_kit's engine.",
        f"Every lesson exercise too, with its answer: notebooks/teacher/{game}_answer_key.ipynb"), story,
        _sheet_path(out, game, "answer_key"), f"{title} puzzle answers")
