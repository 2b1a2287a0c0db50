"""Laying one leaflet panel out: its blocks stacked from the top of a fixed box.

Each block of the leaflet text becomes a box that knows its height for a
width and how to draw itself. ``lay_out`` stacks them and fails, naming the
panel and the excess in millimetres, when they are too tall or too wide:
nothing is clipped and nothing runs into the next panel. A panel is laid out
once and can then be drawn anywhere (the tri-fold and the reading edition
share it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape, unescape

from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph as TextFlow

from ..drawing.diagram import Picture
from ..drawing.pdf.fonts import register_quicksand
from ..drawing.pdf.surface import PdfSurface
from ..errors import GrawlixError
from .text import Break, Diagram, Fill, Heading, Inline, ListItem, Panel, Paragraph

INK = (0.08, 0.08, 0.08)
TITLE_STROKE = 0.035  # outline width of the title, as a fraction of its size
LARGEST_CELL_MM = {"supply": 13.5, "example": 12.0, "cover": 13.5}
"""Diagram cells: as large as the panel width allows, up to these sides."""
TOLERANCE = 0.05 * mm  # rounding slack before a panel counts as overfull


@dataclass(frozen=True)
class Frame:
    """The text area of a panel, in points."""

    width: float
    height: float


# --- type styles -------------------------------------------------------------------


@dataclass(frozen=True)
class Styles:
    body: ParagraphStyle
    title: ParagraphStyle
    section: ParagraphStyle
    subsection: ParagraphStyle
    subtitle: ParagraphStyle
    small: ParagraphStyle
    large: ParagraphStyle
    item: ParagraphStyle
    subitem: ParagraphStyle


def make_styles() -> Styles:
    body_font, bold_font = register_quicksand()
    body = ParagraphStyle(
        "body", fontName=body_font, fontSize=9.4, leading=12.2, textColor=INK, spaceAfter=4.2,
        alignment=TA_LEFT, splitLongWords=0, allowWidows=1, bulletFontName=body_font, bulletFontSize=9.4,
    )  # fmt: skip

    def like(name: str, **changes) -> ParagraphStyle:
        return ParagraphStyle(name, parent=body, **changes)

    return Styles(
        body=body,
        title=like("title", fontName=bold_font, fontSize=50, leading=56, alignment=TA_CENTER, spaceAfter=0),
        section=like("section", fontName=bold_font, fontSize=12.5, leading=15, spaceBefore=9, spaceAfter=4),
        subsection=like("subsection", fontName=bold_font, fontSize=10, leading=12.5, spaceBefore=5, spaceAfter=2.5),
        subtitle=like("subtitle", fontSize=17, leading=21, alignment=TA_CENTER),
        small=like("small", fontSize=7.2, leading=9),
        large=like("large", fontSize=17, leading=22),
        item=like("item", leftIndent=13, bulletIndent=0, spaceAfter=2.6),
        subitem=like("subitem", leftIndent=27, bulletIndent=13, spaceAfter=1.2),
    )


def markup(text: Inline) -> str:
    """Styled text as reportlab's paragraph markup (``<b>``, ``<i>``, ``<a href>``, ``<br/>``)."""
    out = []
    for span in text:
        if isinstance(span, Break):
            out.append("<br/>")
            continue
        piece = escape(span.text, quote=False)
        if span.italic:
            piece = f"<i>{piece}</i>"
        if span.bold:
            piece = f"<b>{piece}</b>"
        if span.link:
            piece = f'<a href="{escape(span.link)}">{piece}</a>'
        out.append(piece)
    return "".join(out)


def plain_text(markup: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", markup.replace("<br/>", " ")))


# --- boxes ---------------------------------------------------------------------------


class Box:
    """One block, measured and drawn from its top-left corner."""

    space_before = 0.0
    space_after = 0.0
    stretch = False
    bookmark: tuple[int, str] | None = None  # (outline level, title) for the reading edition

    def height(self, width: float) -> float:
        raise NotImplementedError

    def excess_width(self, width: float) -> float:
        """How much wider than ``width`` the box's narrowest possible layout is."""
        return 0.0

    def describe(self) -> str:
        return "a block"

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        raise NotImplementedError


def _glyph_sizes(markup: str, font_size: float) -> str:
    """Quicksand's asterisk is a small raised star; in running text it stands for a
    tile glyph, so set it larger and lower, like the other five glyphs."""
    star = f'<sub rise="{0.3 * font_size:.2f}" size="{1.55 * font_size:.2f}">*</sub>'
    return markup.replace("<b>*</b>", f"<b>{star}</b>")


class TextBox(Box):
    def __init__(self, markup: str, style: ParagraphStyle, bullet: str | None = None):
        self.markup, self.style = markup, style
        self.flow = TextFlow(_glyph_sizes(markup, style.fontSize), style, bulletText=bullet)
        self.space_before, self.space_after = style.spaceBefore, style.spaceAfter
        self._wrapped: tuple[float, float] | None = None  # (width, height)

    def height(self, width: float) -> float:
        if self._wrapped is None or self._wrapped[0] != width:
            self._wrapped = (width, self.flow.wrap(width, 1e6)[1])
        return self._wrapped[1]

    def excess_width(self, width: float) -> float:
        return self.flow.minWidth() + self.style.leftIndent - width

    def describe(self) -> str:
        words = plain_text(self.markup).split()
        if not words:
            return "a line"
        widest = max(words, key=lambda w: stringWidth(w, self.style.fontName, self.style.fontSize))
        return f"the word {widest!r}"

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        self.flow.drawOn(canvas, x, top - self.height(width) + self._first_line_drop())

    def _first_line_drop(self) -> float:
        """How far a taller inline glyph would push the first line down.

        reportlab hangs the first line from its tallest fragment; the enlarged
        asterisk is set lower, so it needs no extra room. Raising the paragraph
        by the difference keeps every line on the regular leading.
        """
        lines = self.flow.blPara
        if lines.kind != 1 or not lines.lines:
            return 0.0
        regular = getAscentDescent(self.style.fontName, self.style.fontSize)[0]
        return max(0.0, lines.lines[0].ascent - regular)


class HeadingBox(TextBox):
    def __init__(self, markup: str, style: ParagraphStyle, level: int):
        super().__init__(markup, style)
        self.bookmark = (level - 2, plain_text(markup))


class TitleBox(Box):
    """The title: one centred line, outlined as well as filled for a heavier face.

    Quicksand Bold is lighter than the Cooper Black of the designer's cover; a
    stroke of ``TITLE_STROKE`` of the size thickens it without a second font.
    """

    def __init__(self, markup: str, style: ParagraphStyle):
        self.text, self.style = plain_text(markup), style
        self.space_before, self.space_after = style.spaceBefore, style.spaceAfter
        self.bookmark = (0, self.text)

    def _text_width(self) -> float:
        return stringWidth(self.text, self.style.fontName, self.style.fontSize)

    def height(self, width: float) -> float:
        return self.style.leading

    def excess_width(self, width: float) -> float:
        return self._text_width() + self.style.fontSize * TITLE_STROKE - width

    def describe(self) -> str:
        return f"the title {self.text!r}"

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        size = self.style.fontSize
        canvas.saveState()
        canvas.setFillColorRGB(*INK)
        canvas.setStrokeColorRGB(*INK)
        canvas.setLineWidth(size * TITLE_STROKE)
        canvas.setLineJoin(1)
        text = canvas.beginText()
        text.setTextRenderMode(2)  # fill, then stroke
        text.setFont(self.style.fontName, size)
        text.setTextOrigin(x + (width - self._text_width()) / 2, top - self.style.leading + size * 0.22)
        text.textOut(self.text)
        canvas.drawText(text)
        canvas.restoreState()


class PictureBox(Box):
    space_before = space_after = 8.0

    def __init__(self, picture: Picture, cell: float):
        self.picture, self.cell = picture, cell

    def height(self, width: float) -> float:
        return self.picture.size(self.cell)[1]

    def excess_width(self, width: float) -> float:
        return self.picture.size(self.cell)[0] - width

    def describe(self) -> str:
        return "a diagram"

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        picture_width = self.picture.size(self.cell)[0]
        self.picture.draw(PdfSurface(canvas, cmyk=False), x + (width - picture_width) / 2, top, self.cell)


class FillBox(Box):
    stretch = True

    def height(self, width: float) -> float:
        return 0.0

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        pass


class LicenceBox(Box):
    """The licence line with the Creative Commons BY badge at its right, as the designer sets it."""

    badge = 19 * mm
    gap = 2 * mm

    def __init__(self, text: TextBox):
        self.text = text
        self.space_before, self.space_after = text.space_before, text.space_after

    def _text_width(self, width: float) -> float:
        return width - self.badge - self.gap

    def height(self, width: float) -> float:
        return max(self.text.height(self._text_width(width)), self.badge * 0.45)

    def excess_width(self, width: float) -> float:
        return self.text.excess_width(self._text_width(width))

    def describe(self) -> str:
        return self.text.describe()

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        height, text_width = self.height(width), self._text_width(width)
        self.text.draw(canvas, x, top - (height - self.text.height(text_width)) / 2, text_width)
        draw_cc_by(canvas, x + width - self.badge, top - height / 2, self.badge)


def draw_cc_by(canvas: Canvas, x: float, cy: float, width: float) -> None:
    """The two round Creative Commons marks: "cc" and the attribution figure."""
    radius = width / 4.4
    canvas.saveState()
    canvas.setStrokeColorRGB(*INK)
    canvas.setFillColorRGB(*INK)
    canvas.setLineWidth(radius * 0.16)
    left, right = x + radius * 1.08, x + width - radius * 1.08
    for cx in (left, right):
        canvas.circle(cx, cy, radius, stroke=1, fill=0)
    _, bold = register_quicksand()
    size = radius * 1.15
    canvas.setFont(bold, size)
    canvas.drawCentredString(left, cy - size * 0.34, "cc")
    canvas.circle(right, cy + radius * 0.52, radius * 0.17, stroke=0, fill=1)
    body = canvas.beginPath()
    body.roundRect(right - radius * 0.3, cy - radius * 0.22, radius * 0.6, radius * 0.5, radius * 0.1)
    canvas.drawPath(body, stroke=0, fill=1)
    for side in (-1, 1):
        leg_x = right + side * radius * 0.13 - radius * 0.1
        canvas.rect(leg_x, cy - radius * 0.62, radius * 0.2, radius * 0.45, stroke=0, fill=1)
    canvas.restoreState()


# --- from blocks to boxes --------------------------------------------------------------


def boxes_for(panel: Panel, styles: Styles, frame: Frame) -> list[Box]:
    boxes: list[Box] = []
    for block in panel.blocks:
        if isinstance(block, Heading):
            if block.level == 1:
                boxes.append(TitleBox(markup(block.text), styles.title))
            else:
                style = styles.section if block.level == 2 else styles.subsection
                boxes.append(HeadingBox(markup(block.text), style, block.level))
        elif isinstance(block, Paragraph):
            boxes.append(_paragraph_box(block, styles))
        elif isinstance(block, ListItem):
            style = styles.item if block.depth == 0 else styles.subitem
            boxes.append(TextBox(markup(block.text), style, bullet=block.label))
        elif isinstance(block, Diagram):
            boxes.append(_picture_box(block, frame, styles))
        elif isinstance(block, Fill):
            boxes.append(FillBox())
    return boxes


def _paragraph_box(block: Paragraph, styles: Styles) -> Box:
    style = styles.body
    for tag in ("small", "large", "subtitle"):
        if tag in block.tags:
            style = getattr(styles, tag)
    if "centred" in block.tags:
        style = ParagraphStyle(f"{style.name}-centred", parent=style, alignment=TA_CENTER)
    text = TextBox(markup(block.text), style)
    return LicenceBox(text) if "licence" in block.tags else text


def _picture_box(block: Diagram, frame: Frame, styles: Styles) -> PictureBox:
    picture = block.picture()
    if block.tile_mm is not None:
        cell = block.tile_mm * mm
    else:
        cell = picture.cell_to_fit(frame.width, LARGEST_CELL_MM[block.kind] * mm)
    return PictureBox(picture, cell)


# --- stacking ---------------------------------------------------------------------------


@dataclass
class LaidOut:
    """A panel ready to draw: each box with its top, measured down from the panel's top."""

    panel: Panel
    placed: list[tuple[Box, float]]

    def draw(self, canvas: Canvas, x: float, top: float, width: float, bookmarks: bool = False) -> None:
        for box, offset in self.placed:
            if bookmarks and box.bookmark is not None:
                key = f"panel-{self.panel.name}-{offset:.0f}"
                canvas.bookmarkPage(key, fit="FitH", top=top - offset + box.space_before)
                canvas.addOutlineEntry(box.bookmark[1], key, level=max(0, box.bookmark[0]))
            box.draw(canvas, x, top - offset, width)


def lay_out(panel: Panel, boxes: list[Box], frame: Frame, paper_name: str, source: str) -> LaidOut:
    """Stack the boxes from the top and share spare height among fills.

    Fails, naming the panel and the excess, if a box is too wide or the stack too tall.
    """
    where = f"{source}:{panel.line}"
    for box in boxes:
        too_wide = box.excess_width(frame.width)
        if too_wide > TOLERANCE:
            raise GrawlixError(
                f"panel {panel.name} does not fit on {paper_name} paper: "
                f"{box.describe()} is {too_wide / mm:.1f} mm too wide for the panel",
                where,
            )
    tops: list[float] = []
    y = 0.0
    for k, box in enumerate(boxes):
        if k:
            y += max(boxes[k - 1].space_after, box.space_before)
        tops.append(y)
        y += box.height(frame.width)
    spare = frame.height - y
    if spare < -TOLERANCE:
        raise GrawlixError(
            f"panel {panel.name} does not fit on {paper_name} paper: its content is "
            f"{-spare / mm:.1f} mm taller than the {frame.height / mm:.1f} mm available "
            "(shorten its text or move a section to another panel)",
            where,
        )
    fills = sum(box.stretch for box in boxes)
    if fills and spare > 0:
        shift = 0.0
        for k, box in enumerate(boxes):
            tops[k] += shift
            if box.stretch:
                shift += spare / fills
    return LaidOut(panel, list(zip(boxes, tops)))
