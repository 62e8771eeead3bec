"""Printable handouts: a one-page rules summary per game, drawn from the kit's own pictures.

``write_handout("forest", "forest.pdf")`` writes an A4 PDF (``savannah-kit handout forest``
does the same from the command line); ``handout_games()`` lists the games that have one.

The page layout is game-agnostic: a ``Handout`` is a title band, full-width blocks under it
and two columns of blocks. A block is a ``Section`` (a heading and items; the ids of the rules
the items state go under the heading in small grey type) or a ``Figure`` (a scene with a
caption). Each block stays in one column; what does not fit goes on to a second page. Figures
are the kit's own scenes drawn as vector graphics (``core.pdf``); ``annotate`` puts labelled
callouts around a scene and ``row`` sets scenes side by side. A game's content is one
function returning its ``Handout``: the texts are the kit's own words, checked against the
rule index (every cited id must exist), and the numbers in captions come from the engine.
"""

from __future__ import annotations

import io
import math
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple, Union
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (Flowable, Frame, FrameBreak, KeepTogether, NextPageTemplate, PageTemplate, Paragraph,
                                Table, TableStyle)
from reportlab.platypus.doctemplate import BaseDocTemplate

from ..core.pdf import draw_scene, fonts, new_canvas
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
RULE_GREY = "#6b6b6b"  # rule ids: small, but dark enough to print
BODY_SIZE = 9.0  # nothing a reader needs is smaller
RULE_SIZE = 6.5
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
        "rules": ParagraphStyle("rules", parent=body, fontSize=RULE_SIZE, leading=RULE_SIZE * 1.25,
                                textColor=HexColor(RULE_GREY), spaceAfter=2.5),
        "caption": ParagraphStyle("caption", parent=body, fontSize=CAPTION_SIZE, leading=CAPTION_SIZE * 1.25,
                                  textColor=HexColor("#333333"), spaceBefore=2, spaceAfter=4),
    }


def _rule_ids(rules: Sequence[str]) -> str:
    """The rule ids, checked against the index, joined for small grey type."""
    return escape(" \u00b7 ".join(check(r) for r in rules))


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
    """A section: its heading with the ids of the rules it states in small grey type under it (or,
    without a heading, after its text), then its items."""
    out: list = []
    texts = [it.text for it in sec.items]
    if sec.heading:
        out.append(Paragraph(sec.heading, st["heading"]))
        if sec.rules:
            out.append(Paragraph(_rule_ids(sec.rules), st["rules"]))
    elif sec.rules and texts:
        texts[-1] += f' <font size="{RULE_SIZE}" color="{RULE_GREY}">{_rule_ids(sec.rules)}</font>'
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
        canvas.drawRightString(w - MARGIN - 12, top - 19, "Rules on one page")
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
        canvas.setFillColor(HexColor(RULE_GREY))
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
    later = PageTemplate("later", columns("-later", h - MARGIN - 20 - bottom), onPage=page.later)
    doc = BaseDocTemplate(str(out), pagesize=PAGE, pageTemplates=[first, later], invariant=1, pageCompression=1,
                          initialFontName=fonts()[0], title=f"{handout.title}: rules on one page",
                          author="savannah_kit", creator="savannah_kit", producer="savannah_kit (reportlab)",
                          subject=handout.title,
                          leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=MARGIN)
    left, right = (_flowables(c, col, st) for c in handout.columns)
    doc.build([NextPageTemplate("later"), *top, FrameBreak(), *left, FrameBreak(), *right])
    return out


# -- Savernake Forest ----------------------------------------------------------------------------------

#: The worked example: the Fox of the rulebook's scoring example on its path (worm, nut, egg,
#: egg, worm), with one lair token and a water drop on its egg corner, as in the card anatomy.
FOREST_EXAMPLE = {"forests": ["A01@0,1r0[lair=1;water=egg] P16@0,0r0 P06@1,0r0 P22@2,0r90",
                              "A02@0,0r0 P01@1,0r0 P02@2,0r0 P03@3,0r0"], "pawn": 1}
FOREST_ANIMAL, FOREST_PATH = "A01", "P42"  # the Fox; a curve with a berry and a dead end with a worm


def _forest_anatomy(size: float = 104.0, label_width: float = 96.0) -> Scene:
    """An animal card (with a lair token and a water drop) and a path card, drawn by the kit and
    labelled; under them, the four foods."""
    from ..forest.card_shapes import CardFace, card_shapes, food_shapes, text_width
    from ..forest.data import FOODS, kit_catalogue
    from ..forest.render import card_scene

    cat = kit_catalogue()
    fox = Scene(size + 8, size + 8, background=None, title=str(cat.card(FOREST_ANIMAL)))
    fox.add(*card_shapes(cat, FOREST_ANIMAL, 0, 4, 4, CardFace(size), lairs=1, water=("egg",)))
    den = next(s for s in fox.shapes if isinstance(s, Circle) and (s.title or "").startswith("den:"))
    store = next(s for s in fox.shapes if isinstance(s, Text) and (s.title or "").startswith("storage"))
    worm = nearest(fox, find_point(fox, "worms:"), Text)  # the worm corner's value
    wet = nearest(fox, find_point(fox, "water drop", Polygon), Rect, smaller_than=size / 2)  # its corner
    animal = annotate(fox, [  # every leader reaches its point without crossing another part
        Callout(den.cx - 0.04 * size, 4 + size * 0.3, "Path stub", "its path starts here", "left"),
        Callout(*find_point(fox, "1 lair token", Rect), "Lair token", "armadillo: +1 storage", "left"),
        Callout(*find_point(fox, "nuts:"), "Grey food", "worth nothing to it", "left"),
        Callout(shape_box(worm)[2] + 2, worm.y, "Food corner", "worm: 1 point to it"),
        Callout(shape_box(store)[2] + 3, store.y, "Storage", "\u25a23: stores 3 foods"),
        Callout(den.cx + den.r * 0.87, den.cy + den.r * 0.5, "Den", "its own points"),
        Callout(wet.x + wet.w, wet.y + wet.h / 2, "Water drop", "goat: eggs +1 for it"),
    ], label_width=label_width, gap=7)
    card = card_scene(FOREST_PATH, 0, size)
    card.background = None
    path = annotate(card, [
        Callout(4 + size - 2, 4 + size / 2, "Path end", "joins a path end of the next card"),
        Callout(*find_point(card, "berry", Circle), "Food", "met in walking order"),
        Callout(*find_point(card, "dead end", Line), "Dead end", "the path stops here"),
    ], label_width=label_width, gap=7)
    head = "The four foods, told apart by shape:"
    x0 = text_width(head, LABEL_SIZE, bold=True) + 10
    foods = Scene(x0 + 4 * 56, 16, background=None)
    foods.add(text(0, 8, head, size=LABEL_SIZE, anchor="start", bold=True))
    for i, name in enumerate(FOODS):
        x = x0 + i * 56
        foods.add(*food_shapes(name, x + 7, 8, 6), text(x + 17, 8, name, size=LABEL_SIZE, anchor="start"))
    return row(row(animal, path, gap=10, background=None), foods, gap=4, vertical=True)


def _forest_example():
    """The worked example: the Fox's forest as the kit draws it, and its score from the engine."""
    from .. import forest
    from ..forest.data import FOOD_PLURALS, FOODS
    from ..forest.render import forest_scene

    game = forest.from_scenario(FOREST_EXAMPLE)
    fox = game.score_breakdown(0).animal("Fox")
    met = ", ".join(step.food for step in fox.path)
    stored = [step for step in fox.path if step.stored]
    passed = [step.food for step in fox.path if not step.stored]
    sums = " + ".join(str(step.value) for step in stored)
    wet = ", ".join(FOOD_PLURALS[FOODS.index(food)] for food in fox.water)
    caption = (f"<b>Example.</b> The {fox.name} (storage {fox.capacity} + {fox.lairs} lair) meets {met}. "
               f"It stores the first {len(stored)} (gold rings)"
               + (f", not the last {passed[-1]}" if passed else "")
               + f": {sums} = {fox.food_points}" + (f" (water drop on {wet})" if wet else "")
               + f" + {fox.own_points} own points "
               f"= <b>{fox.food_points + fox.own_points}</b>.")
    picture = forest_scene(game, 0, highlights=())
    return crop(picture, *hit_box(picture, ("card:", "animal:"), margin=3)), caption


def _forest() -> Handout:
    entry = registered_games()["forest"]
    example, example_caption = _forest_example()
    return Handout(
        title=entry.title,
        lead=(f"<b>{min(entry.players)}\u2013{max(entry.players)} players.</b> Grow a forest of 16 cards in a "
              "4\u00d74 square. Each animal walks the path from its den and stores the foods it meets; stored "
              "foods and the animals' own points score. Highest total wins."),
        top=(
            Section("Card anatomy", ()),
            Figure(_forest_anatomy(), "Kit edition cards, as the kit draws them (the Fox is the rulebook's "
                   "example animal). Two paths on a card never touch."),
        ),
        columns=((
            Section("Setup", (
                Item("Two shuffled face-down decks: animal cards, path cards.",
                     ("forest.setup.decks",)),
                Item("Everyone starts with the top animal card, turned at will.",
                     ("forest.setup.starting-animal",)),
                Item("15 lair tokens and 15 water drops make the supply. A random player starts, with the "
                     "1st-player pawn.", ("forest.setup.supply", "forest.setup.first-player")),
            )),
            Section("A round", (
                Item("<b>Fill the board:</b> an animal card at the rabbit, a path card at each of the "
                     "rooster, the armadillo and the goat.", ("forest.round.market",)),
                Item("<b>Turns:</b> the pawn holder first, then clockwise.", ("forest.round.order",)),
                Item("<b>On your turn</b> take one card left on the board, get its advisor's gift, and place "
                     "the card in your forest. No refills mid-round.",
                     ("forest.turn.take", "forest.turn.no-refill")),
                Item("<b>Round end:</b> when all have played, leftovers (2\u20133 players) are discarded "
                     "and the board is filled again.", ("forest.round.leftovers",)),
            ), style="steps"),
            Section("The four advisors", (
                Item("Its card is an animal card: the only way to get more animals.",
                     ("forest.advisor.rabbit",), term="Rabbit"),
                Item("The 1st-player pawn comes with its card; the new order starts next round. (Card "
                     "not taken: the pawn stays.)", ("forest.advisor.rooster", "forest.advisor.rooster-timing",
                                "forest.advisor.rooster-untaken"), term="Rooster"),
                Item("Also put a lair token on one of your animals: +1 storage. Tokens stack.",
                     ("forest.advisor.armadillo", "forest.advisor.armadillo-stack"), term="Armadillo"),
                Item("Also put a water drop on a free food corner of one of your animals: that food +1 "
                     "(no free corner: it goes back).", ("forest.advisor.goat",
                     "forest.advisor.goat-corner-limit", "forest.advisor.goat-no-corner"), term="Goat"),
            ), style="terms"),
            Section("Placing a card", (
                Item("<b>Touch</b> a card of your forest along an edge.", ("forest.place.adjacent",)),
                Item("<b>Stay in the square:</b> the forest fits in 4\u00d74 cells.", ("forest.place.4x4",)),
                Item("<b>Turn it</b> any of 4 ways, animal cards too.", ("forest.place.rotation",)),
                Item("<b>Paths join</b> where both cards have a path end on the shared edge, but need not "
                     "continue.", ("forest.path.connect", "forest.place.free-paths")),
                Item("<b>One animal per path:</b> never link two animals' paths.",
                     ("forest.place.one-animal-per-path",)),
                Item("<b>Stuck?</b> If no card fits anywhere, place any card touching and in the square, "
                     "even linking animals (kit ruling K13).", ("forest.place.forced",)),
            )),
        ), (
            Section("What an animal collects", (
                Item("It walks its path <b>outward from its den</b>, card after card, to the end, and meets "
                     "the foods in the order they lie along its walk.", ("forest.path.food-order",)),
                Item("It stores the <b>first foods it meets</b>, even worthless ones, up to its storage "
                     "(the card's number + 1 per lair token); then it walks on without storing.",
                     ("forest.score.collect-first", "forest.score.capacity")),
            )),
            Figure(example, example_caption, width=210),
            Section("Scoring", (
                Item("<b>Each stored food</b> scores its animal's value for it, +1 with a water drop on that "
                     "corner.", ("forest.score.food-value",)),
                Item("<b>Each animal</b> scores its own points; <b>the pawn holder</b> 1 more.",
                     ("forest.score.own-points", "forest.score.rooster-point")),
            )),
            Section("End of the game", (
                Item("The game ends when all forests hold 16 cards (15 rounds).", ("forest.end.trigger",)),
                Item("Animals sharing a path (forced placement): keep one, discard the others.",
                     ("forest.end.shared-path-cleanup",)),
                Item("Highest total wins; a tie goes to the tied player first met clockwise from the pawn "
                     "holder (the holder first).", ("forest.end.winner", "forest.end.tie-break")),
                Item("<b>Advanced, 2 players:</b> 8\u00d74 forests, 2 starting animals side by side, 2 cards "
                     "each a round.", ("forest.adv.8x4", "forest.adv.two-animals", "forest.adv.draft-order")),
            )),
        )),
        footer=("Savernake Forest is a game by Rodrigo Rego (Devir, 2023). This summary is savannah_kit's, in its "
                "own words; the card values are the kit edition's.",
                "Grey ids are the kit's rule ids: savannah-kit rules show forest.place.adjacent"),
    )


# -- Savannah Tails ------------------------------------------------------------------------------------

#: The worked example: Red (2nd in the race) on the yellow lane of T05 plays yellow-3 and gets bonus
#: movement; Purple is ahead on T07, Green level with Red's start row.
TAILS_EXAMPLE = {"course": [["T01", "easy"], ["T05", "easy"], ["T07", "easy"], ["T02", "easy"]],
                 "ostriches": [{"space": "T05:yellow:1", "hand": ["yellow-3", "red-4", "blue-2", "black-5"]},
                               {"space": "T07:blue:2", "holds": []}, {"space": "T05:black:1", "holds": []}],
                 "turn_order": [0, 1, 2], "to_move": 0}
TAILS_CARD = "yellow-3"


def _hit_point(scene: Scene, hit: str) -> Tuple[float, float]:
    """The centre of the first shape with this hit id."""
    for s in scene.shapes:
        if s.hit == hit:
            return shape_centre(s)
    raise LookupError(f"nothing in {scene.title or 'the scene'} has the hit id {hit!r}")


def _tails_example():
    """The worked example: the tiles around Red as the kit draws them, the end of the move ringed
    and labelled, and the move told by the engine."""
    from .. import tails

    game = tails.from_scenario(TAILS_EXAMPLE)
    move = next(m for m in game.legal_moves() if m.card == TAILS_CARD and m.kind == "normal")
    place = game.race_position(0)
    value = int(TAILS_CARD.split("-")[1])
    picture = game.scene(focus=0, hand=False, players=False, legend=False, highlights=(move.to,))
    boxes = [shape_box(sh) for sh in picture.shapes if (sh.hit or "").startswith(("space:T05:", "space:T07:"))
             or (sh.title or "").startswith("T05: the baobab")]
    x0, y0 = min(b[0] for b in boxes) - 8, min(b[1] for b in boxes) - 8
    picture = crop(picture, x0, y0, max(b[2] for b in boxes) + 8 - x0, max(b[3] for b in boxes) + 14 - y0)
    start = _hit_point(picture, "space:" + TAILS_EXAMPLE["ostriches"][0]["space"])
    end = _hit_point(picture, "space:" + move.to)
    tree = find_point(picture, "T05: the baobab")
    lane = _hit_point(picture, "space:T05:red:4")
    row = _hit_point(picture, "space:T07:black:0")
    figure = annotate(picture, [
        Callout(*tree, "Baobab", "ties in a row: nearest lane ahead", "left"),
        Callout(*lane, "Lane", "4 colours, side by side", "left"),
        Callout(*start, "Red, 2nd", "starts on yellow", "left"),
        Callout(*row, "Row", "level spaces across lanes"),
        Callout(*end, "End of the move", f"{TAILS_CARD} + {place} bonus"),
    ], label_width=92, gap=7)
    caption = (f"<b>Example.</b> Red is {place}{'st' if place == 1 else 'nd' if place == 2 else 'rd'} in the race "
               f"and stands on the yellow lane. {TAILS_CARD} is yellow too, so it moves {value} + {place} = "
               f"<b>{value + place}</b> spaces, all along yellow, to {move.to} (ringed).")
    return figure, caption


def _tails() -> Handout:
    entry = registered_games()["tails"]
    example, example_caption = _tails_example()
    return Handout(
        title=entry.title,
        lead=(f"<b>{min(entry.players)}\u2013{max(entry.players)} players.</b> An ostrich race on a track of "
              "four coloured lanes. Each turn play a card: its number is how far you move, its colour the lane "
              "you end on. The ostrich furthest past the finish line wins."),
        top=(Figure(example, example_caption, width=540),),
        columns=((
            Section("Setup", (
                Item("Lay a course of tiles: the start, straights and corners, the finish.",
                     ("tails.setup.course",)),
                Item("Each player: an ostrich, a deck of 20 movement cards (one per colour and number 2\u20136), "
                     "a hand of 4, three bonus cards.", ("tails.setup.player-kit", "tails.setup.hand",
                                                           "tails.setup.bonus-faces")),
                Item("All ostriches wait behind the start line.", ("tails.setup.start-line",)),
            )),
            Section("A round", (
                Item("Players move in <b>race order</b> as it stands when the round begins (kit ruling K1).",
                     ("tails.order.turn-sequence",)),
                Item("<b>Your turn:</b> play a card, move, then draw 1 card.",
                     ("tails.turn.steps", "tails.draw.one")),
            ), style="steps"),
            Section("Who is ahead?", (
                Item("Further along the course is ahead, whatever the lane.", ("tails.order.race-position",)),
                Item("Level in a row: the lane nearest the tile's <b>baobab</b> is ahead.",
                     ("tails.order.level-baobab",)),
                Item("On a corner, compare its 3 <b>sections</b>, not footprints.",
                     ("tails.order.corner-sections",)),
            )),
            Section("Moving", (
                Item("Use <b>exactly</b> the card's points, one per step, and <b>end on the card lane</b>.",
                     ("tails.move.exact-distance", "tails.move.end-on-card-colour")),
                Item("A step goes straight on or diagonally forward; lane changes only toward the card lane.",
                     ("tails.move.links", "tails.move.toward-target-lane")),
                Item("<b>Bonus movement:</b> a card of the lane you start on moves its value + your race "
                     "position, without changing lane. None from the start line (K2).",
                     ("tails.move.bonus-movement", "tails.move.bonus-no-lane-change", "tails.move.start-line")),
                Item("<b>One-space move:</b> any card may move just 1 step, no bonus.",
                     ("tails.move.one-space-any-card", "tails.move.one-space-no-bonus")),
            )),
        ), (
            Section("Blocked", (
                Item("Never enter an ostrich's space: no passing, no jumping.", ("tails.move.no-pass-through",)),
                Item("No full route to the card lane? Stop short, on the card lane, as far as you can.",
                     ("tails.move.blocked-stop",)),
                Item("Stay put only if no card allows any move (K3).", ("tails.move.fully-blocked",)),
            )),
            Section("Water holes and bonus cards", (
                Item("Each water hole a move enters (on the way or at the end) puts your marker on a bonus card.",
                     ("tails.water.gain-marker", "tails.water.count")),
                Item("A marked card may be used from your next turn on, once; then it leaves the game.",
                     ("tails.water.next-turn", "tails.bonus.consumed")),
                Item("Through ostriches and animals for one move.", ("tails.bonus.boinnnggg",), term="Boinnnggg"),
                Item("Instead of a card: a 4 of a colour you name.", ("tails.bonus.crazy-wings",),
                     term="Crazy Wings"),
                Item("Hand of 5 while you keep it.", ("tails.bonus.bird-brain",), term="Bird Brain"),
            ), style="terms"),
            Section("Hard sides of the tiles", (
                Item("costs 2 points to enter.", ("tails.quicksand.cost",), term="Quicksand"),
                Item("may not be entered.", ("tails.animal.lion",), term="Lion"),
                Item("may be crossed, never ended on.", ("tails.animal.crocodile",), term="Crocodile"),
                Item("ends your move at once (K7).", ("tails.animal.porcupine",), term="Porcupine"),
                Item("a '2' card may ignore animals and quicksand (K8).", ("tails.tiptoe.ignore",),
                     term="Tiptoe"),
            ), style="terms"),
            Section("The end", (
                Item("When an ostrich crosses the finish line, the round is finished and the race ends.",
                     ("tails.end.trigger",)),
                Item("Furthest past the line wins; a tie goes to the lane nearest the finish tile's baobab.",
                     ("tails.end.winner", "tails.end.tie-baobab")),
            )),
        )),
        footer=("Savannah Tails is a board game about racing ostriches. This summary is savannah_kit's, in its own "
                "words; the track tiles are the kit's own.",
                "Grey ids are the kit's rule ids: savannah-kit rules show tails.move.bonus-movement"),
    )


# -- Circle of Life ------------------------------------------------------------------------------------

#: The worked example: Red plays a Leopard (kill 2 cards of level 5 or less, reach 3) at the right end of
#: a savannah of four cards; a Cheetah of the same group (CATS) stands further left.
CIRCLE_EXAMPLE = {"savannah": ["Cheetah@1", "Elephant", "Impala@1", "Giraffe@1"],
                  "holds": [["Leopard", "Zebra", "Warthog"], []], "to_move": 0}
CIRCLE_CARD = "Leopard"


def _scaled(scene: Scene, k: float) -> Scene:
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


def circle_example_play(game):
    """The play of the worked example: the legal play of ``CIRCLE_CARD`` that kills the most levels
    (the first such, in the engine's order)."""
    cat = game.catalogue
    plays = [m for m in game.legal_moves() if getattr(m, "card", None) in cat.index
             and cat.name[cat.index[m.card]] == CIRCLE_CARD and hasattr(m, "actions")]
    return max(plays, key=lambda m: sum(cat.level[cat.index[t]] for _, ts in m.actions for t in ts))


def _circle_example():
    """The worked example: the savannah as the kit draws it, with the Leopard just placed at the right
    end (the snapshot its hunt counts on), the cards it kills ringed, labelled; the turn told by the engine."""
    from .. import circle
    from ..circle.render import card_shapes

    game = circle.from_scenario(CIRCLE_EXAMPLE)
    cat = game.catalogue
    move = circle_example_play(game)
    killed = [t for _, ts in move.actions for t in ts]
    after = game.copy()
    after.play(move)
    picture = game.scene(viewer=None, legend=False, highlights=tuple(killed))
    slot = next(s for s in picture.shapes if isinstance(s, Rect) and s.hit == "savannah:new")
    left, top, right, bottom = slot.x, slot.y, slot.x + slot.w, slot.y + slot.h

    def left_out(s: Shape) -> bool:
        """The empty slot's marks, and the words about the row: the Leopard now stands rightmost."""
        x0, y0, x1, y1 = shape_box(s)
        in_slot = x0 >= left - 1 and x1 <= right + 1 and y0 >= top - 1 and y1 <= bottom + 1
        return in_slot or (isinstance(s, Text) and (s.text == "rightmost" or s.text.startswith(
            ("Savannah:", "hunting reaches"))))

    picture = Scene(picture.width, picture.height, background=picture.background, title=picture.title,
                    shapes=[s for s in picture.shapes if not left_out(s)])
    leopard = cat.index[move.card]
    picture.add(*card_shapes(cat, leopard, left, top, owner=0, hit="card:" + move.card))
    x, y, w, h = hit_box(picture, ("card:",), margin=8)
    picture = crop(picture, x, y, w, h + 6)
    k = 366.0 / picture.width
    picture = _scaled(picture, k)
    new = next(s for s in picture.shapes if isinstance(s, Rect) and s.hit == "card:" + move.card)
    level = find_point(picture, "level ", Text)
    band = find_point(picture, "group ", Circle)
    token_at = find_point(picture, "Blue's token")
    star = next(shape_centre(s) for s in picture.shapes if isinstance(s, Polygon) and s.title == "Big Five animal"
                and new.x <= shape_centre(s)[0] <= new.x + new.w)  # the Leopard's own star
    claw = find_point(picture, "predator", Circle)
    reach_at = (new.x + 9 * k, new.y + 132 * k)  # the first action's arrows (card_shapes: 132 below the top)
    ring = next(s for s in picture.shapes if isinstance(s, Rect) and s.style.stroke and s.style.width >= 3 * k
                and not s.hit)
    figure = annotate(picture, [
        Callout(*level, "Level", "its points", "left"),
        Callout(*band, "Group", "band, name and shape", "left"),
        Callout(*token_at, "Token", "whose card it is", "left"),
        Callout(*claw, "Predator", "claw marks", "left"),
        Callout(*star, "Big Five", "gold star"),
        Callout(ring.x + ring.w / 2, ring.y + ring.h - 2, "Killed", "ringed here"),
        Callout(*reach_at, "Reach 3", "arrows: cards to its left"),
        Callout(*find_point(picture, "Red's token", Circle), "Played", "at the right end, Red's token"),
    ], label_width=80, gap=7)
    names = [cat.name[cat.index[t]] for t in killed]
    points = sum(cat.level[cat.index[t]] for t in killed)
    row_after = ", ".join(cat.name[c] for c in after.state.row)
    owners = dict(zip(game.state.row, game.state.owners))
    home = sorted({owners[cat.index[t]] for t in killed if owners[cat.index[t]] >= 0})
    tokens = " and ".join(f"{circle.COLOURS[p]}'s" for p in home)
    group = cat.card_species[leopard].group
    caption = (f"<b>Example.</b> Red plays the {CIRCLE_CARD} at the right end: kill 2 cards of level 5 or less "
               f"within 3 to its left. It kills the {names[0]} and the {names[1]} (ringed): "
               f"{' + '.join(str(cat.level[cat.index[t]]) for t in killed)} = <b>{points}</b> points in Red's kill "
               f"pile" + (f", and {tokens} token goes home" if home else "") + f". Red draws; then the {group} to "
               f"its left join it and the gaps close: {row_after}.")
    return figure, caption


def _circle() -> Handout:
    entry = registered_games()["circle"]
    example, example_caption = _circle_example()
    return Handout(
        title=entry.title,
        lead=(f"<b>{min(entry.players)}\u2013{max(entry.players)} players.</b> Animals are played "
              "into a row, the savannah, and hunt the animals to their left. Score the cards you kill and the "
              "cards of yours that survive; collect the Big Five. The highest total wins."),
        top=(Figure(example, example_caption, width=540),),
        columns=((
            Section("Setup", (
                Item("Shuffle the 62 cards; lay 6 in a row as the savannah, without tokens (a Maasai drawn for "
                     "it goes back).", ("circle.setup.savannah",)),
                Item("Each player: tokens of one colour and a hand of 3 cards; the rest is the draw pile.",
                     ("circle.setup.players", "circle.setup.hand")),
                Item("Turns go round in seat order (K9).", ("circle.setup.turn-order",)),
            )),
            Section("Your turn", (
                Item("<b>Play</b> a card at the right end of the savannah, with your token on it.",
                     ("circle.turn.steps", "circle.play.place-right")),
                Item("<b>Hunt:</b> carry out its actions, top to bottom.", ("circle.hunt.order",)),
                Item("<b>Draw</b> back to 3 cards.", ("circle.draw.refill",)),
                Item("<b>Re-order:</b> the played card's group gathers beside it.", ("circle.reorder.group",)),
            ), style="steps"),
            Section("Playing a card", (
                Item("Its <b>placement rule</b> (foot of the card) must hold on the savannah before it is placed, "
                     "counted from the rightmost card.", ("circle.play.restriction",
                                                         "circle.play.restriction-from-right")),
                Item("No predator may follow a predator.", ("circle.play.restriction-predator",)),
                Item("You must play a card if you can. Can't? Discard one out of the game and draw.",
                     ("circle.play.must-play", "circle.play.unplayable-discard")),
            )),
            Section("Hunting", (
                Item("<b>Reach</b> r: only the r cards directly left of the played card.", ("circle.hunt.reach",)),
                Item("Only cards matching the action (species, group, predator, level).", ("circle.hunt.filter",)),
                Item("Exactly the number stated, 'all' = every match. Must be done if a target exists.",
                     ("circle.hunt.count", "circle.hunt.mandatory")),
                Item("<b>Kill</b>: into your kill pile. <b>Scare</b>: out of the game. Tokens go home.",
                     ("circle.hunt.kill", "circle.hunt.scare", "circle.hunt.tokens-return")),
                Item("Your own cards are targets too.", ("circle.hunt.own-cards",)),
                Item("<b>Snapshot:</b> taken cards keep their places until the hunt ends.",
                     ("circle.hunt.snapshot",)),
            )),
        ), (
            Section("Re-ordering", (
                Item("Cards of the played card's group to its left move, in order, next to it.",
                     ("circle.reorder.group",)),
                Item("Then the gaps close.", ("circle.reorder.close-gaps",)),
            )),
            Section("Special cards", (
                Item("+1 bonus point per predator among the 3 cards to its left, max 3.",
                     ("circle.special.giraffe",), term="Giraffe"),
                Item("never killed or scared. Rightmost at the end: its token's owner loses 10.",
                     ("circle.special.maasai-immune", "circle.end.maasai"), term="Maasai"),
            ), style="terms"),
            Section("The end", (
                Item("The turn that empties the draw pile is the last. Everyone discards 1 card, keeping 2.",
                     ("circle.end.trigger", "circle.end.last-discard")),
            )),
            Section("Scoring", (
                Item("<b>+</b> levels of your cards still on the savannah", ("circle.end.survivors",)),
                Item("<b>\u2212</b> penalties of the 2 cards in your hand", ("circle.end.hand-penalty",)),
                Item("<b>\u2212</b>10 if your token is on a rightmost Maasai", ("circle.end.maasai",)),
                Item("<b>+</b> levels of your kill pile", ("circle.end.kill-pile",)),
                Item("<b>+</b>25 for all of the Big Five in it", ("circle.end.big-five",)),
                Item("<b>+</b> bonus points (Giraffe)", ("circle.end.bonus-points",)),
            ), style="steps"),
            Section("", (
                Item("Highest total wins. Tie: most predators killed; still tied, share the win (K12).",
                     ("circle.end.total", "circle.end.winner", "circle.end.tie-break")),
            ), style="note"),
            Section("Kit rulings", (
                Item("On an empty savannah a rule that forbids holds, one that requires fails (K10).",
                     ("circle.play.restriction-from-right",)),
                Item("Each action names its verb; a 'choose' action must take a branch with a target if "
                     "one has (K11).", ("circle.hunt.verb", "circle.hunt.mandatory")),
                Item("Tokens never run out; with the option tokens=N, a player with none left plays "
                     "unmarked cards (K16).", ("circle.play.no-tokens",)),
                Item("The card values (levels, actions, rules) are the kit's own (K17).",
                     ("circle.hunt.filter",)),
            )),
        )),
        footer=("Circle of Life: on the Savannah is played on Board Game Arena. This summary is savannah_kit's, in "
                "its own words; the card values are the kit edition's.",
                "Grey ids are the kit's rule ids: savannah-kit rules show circle.hunt.reach"),
    )


# -- the games that have a handout ---------------------------------------------------------------------

_HANDOUTS: Dict[str, Callable[[], Handout]] = {"forest": _forest, "tails": _tails, "circle": _circle}


def handout_games() -> List[str]:
    """The registered games that have a printable handout."""
    return [name for name in registered_games() if name in _HANDOUTS]


def handout_for(game: str) -> Handout:
    """The handout of ``game``; ``ValueError`` naming the games that have one otherwise."""
    if game not in handout_games():
        have = ", ".join(handout_games())
        raise ValueError(f"no handout for {game!r}: the games with one are {have}")
    return _HANDOUTS[game]()


def write_handout(game: str, out: Union[str, Path]) -> Path:
    """Write the one-page rules summary of ``game`` to ``out`` (a PDF path, or a folder to get
    ``<game>_handout.pdf`` in it) and return the path written."""
    handout = handout_for(game)
    out = Path(out)
    if out.is_dir():
        out = out / f"{game}_handout.pdf"
    return render(handout, out)
