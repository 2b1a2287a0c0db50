"""The rules leaflet: six panels laid out once, then imposed twice.

* Tri-fold (``leaflet-a4.pdf`` / ``leaflet-letter.pdf``): two landscape pages.
  Outside = inside flap | back | cover, inside = panels 2 | 3 | 4. Printed
  two-sided (flip on the short edge) and folded, it reads cover, 2, 3, 4,
  flap, back. The panel that folds in (4, with the flap behind it) is
  ``FOLD_IN_NARROWER_MM`` narrower so it folds without buckling.
* Reading edition (``leaflet-reading.pdf``): the same panels, one per page,
  in reading order, with bookmarks, for screens.

Each panel is laid out in a fixed box. Content that does not fit is an
error naming the panel and the overflow in millimetres: nothing is clipped
and nothing runs into the next panel.
"""

from __future__ import annotations

import io
import re
from contextlib import contextmanager
from dataclasses import dataclass
from html import unescape
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph as TextFlow

from .. import __version__
from ..errors import GrawlixError
from ..files import Written, write_bytes
from ..leaflet_text import (
    PANELS,
    Diagram,
    Fill,
    Heading,
    LeafletText,
    ListItem,
    Panel,
    Paragraph,
    load_leaflet_text,
    missing_tiles,
)
from ..templates import find_templates, load_rules
from .canvas import Metadata, new_canvas, paper_points
from .diagram import Picture, cover_picture, example_picture, supply_picture
from .fonts import register_quicksand
from .xmp import XmpFields, attach_xmp

FOLD_IN_NARROWER_MM = 2.0
PAD_MM = 9.0  # from each fold or page edge to the text, on the narrowest panel
TOP_MM = 11.0
BOTTOM_MM = 10.0
FOLD_MARK_MM = (3.0, 7.0)  # fold ticks run between these distances from the top and bottom edges

INK = (0.08, 0.08, 0.08)
TITLE_STROKE = 0.035  # outline width of the title, as a fraction of its size
FOLD_MARK_RGB = (0.65, 0.65, 0.65)

LARGEST_CELL_MM = {"supply": 13.5, "example": 12.0, "cover": 13.5}
"""Diagram cells: as large as the panel width allows, up to these sides."""

PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}
OUTSIDE = ("flap", "back", "cover")
INSIDE = ("2", "3", "4")
FOLD_IN = {"flap", "4"}


def output_names(paper: str) -> tuple[str, str]:
    return f"leaflet-{paper}.pdf", "leaflet-reading.pdf"


# --- type styles ------------------------------------------------------------------


@dataclass(frozen=True)
class Styles:
    body: ParagraphStyle
    title: ParagraphStyle
    section: ParagraphStyle
    subsection: ParagraphStyle
    subtitle: ParagraphStyle
    small: ParagraphStyle
    large: ParagraphStyle
    item: tuple[ParagraphStyle, ParagraphStyle]


def make_styles() -> Styles:
    body_font, bold_font = register_quicksand()
    body = ParagraphStyle(
        "body", fontName=body_font, fontSize=9.4, leading=12.2, textColor=INK,
        spaceAfter=4.2, alignment=TA_LEFT, splitLongWords=0, allowWidows=1,
        bulletFontName=body_font, bulletFontSize=9.4,
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
        item=(
            like("item", leftIndent=13, bulletIndent=0, spaceAfter=2.6),
            like("subitem", leftIndent=27, bulletIndent=13, spaceAfter=1.2),
        ),
    )


# --- boxes: one laid-out block each -------------------------------------------------


class Box:
    space_before = 0.0
    space_after = 0.0
    stretch = False

    def height(self, width: float) -> float:
        raise NotImplementedError

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        raise NotImplementedError


def _glyph_sizes(markup: str, font_size: float) -> str:
    """Quicksand's asterisk is a small raised star; in running text it stands for a
    tile glyph, so set it larger and lower, like the other five glyphs."""
    star = f'<sub rise="{0.3 * font_size:.2f}" size="{1.55 * font_size:.2f}">*</sub>'
    return markup.replace("<b>*</b>", f"<b>{star}</b>")


class TextBox(Box):
    def __init__(self, markup: str, style: ParagraphStyle, bullet: str | None = None, outline: tuple[int, str] | None = None):
        self.flow = TextFlow(_glyph_sizes(markup, style.fontSize), style, bulletText=bullet)
        self.style = style
        self.space_before, self.space_after = style.spaceBefore, style.spaceAfter
        self.outline = outline  # (level, title) for the reading edition's bookmarks
        self._height: float | None = None

    def widest_word(self) -> float:
        return self.flow.minWidth() + self.style.leftIndent

    def height(self, width: float) -> float:
        if self._height is None:
            self._height = self.flow.wrap(width, 1e6)[1]
        return self._height

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        self.flow.drawOn(canvas, x, top - self.height(width) + self._first_line_drop())

    def _first_line_drop(self) -> float:
        """How far a taller inline glyph would push the first line down.

        reportlab hangs the first line from its tallest fragment; the enlarged
        asterisk is set lower, so it needs no extra room. Raising the paragraph
        by the difference keeps every line on the regular leading.
        """
        lines = self.flow.blPara
        first = lines.lines[0].ascent if lines.kind == 1 and lines.lines else None
        if first is None:
            return 0.0
        return max(0.0, first - getAscentDescent(self.style.fontName, self.style.fontSize)[0])


class TitleBox(Box):
    """The title: one centred line, outlined as well as filled for a heavier face.

    Quicksand Bold is lighter than the Cooper Black of the designer's cover; a
    stroke of ``TITLE_STROKE`` of the size thickens it without a second font.
    """

    def __init__(self, markup: str, style: ParagraphStyle):
        self.text, self.style = plain_text(markup), style
        self.space_before, self.space_after = style.spaceBefore, style.spaceAfter
        self.outline = (1, self.text)

    def width(self) -> float:
        size = self.style.fontSize
        return stringWidth(self.text, self.style.fontName, size) + size * TITLE_STROKE

    def height(self, width: float) -> float:
        return self.style.leading

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        size = self.style.fontSize
        canvas.saveState()
        canvas.setFillColorRGB(*INK)
        canvas.setStrokeColorRGB(*INK)
        canvas.setLineWidth(size * TITLE_STROKE)
        canvas.setLineJoin(1)
        text = canvas.beginText()
        text.setTextRenderMode(2)
        text.setFont(self.style.fontName, size)
        text_width = stringWidth(self.text, self.style.fontName, size)
        text.setTextOrigin(x + (width - text_width) / 2, top - self.style.leading + size * 0.22)
        text.textOut(self.text)
        canvas.drawText(text)
        canvas.restoreState()


class PictureBox(Box):
    space_before, space_after = 8.0, 8.0

    def __init__(self, picture: Picture, cell: float, label_font: str):
        self.picture, self.cell, self.label_font = picture, cell, label_font

    def height(self, width: float) -> float:
        return self.picture.size(self.cell)[1]

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        picture_width = self.picture.size(self.cell)[0]
        self.picture.draw(canvas, x + (width - picture_width) / 2, top, self.cell, self.label_font)


class FillBox(Box):
    stretch = True

    def height(self, width: float) -> float:
        return 0.0

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        pass


class LicenceBox(Box):
    """The licence line with the Creative Commons BY badge at its right, as the designer sets it."""

    badge = 19 * mm

    def __init__(self, text: TextBox):
        self.text = text
        self.space_before, self.space_after = text.space_before, text.space_after

    def height(self, width: float) -> float:
        return max(self.text.height(width - self.badge - 2 * mm), self.badge * 0.45)

    def draw(self, canvas: Canvas, x: float, top: float, width: float) -> None:
        height = self.height(width)
        self.text.draw(canvas, x, top - (height - self.text.height(width - self.badge - 2 * mm)) / 2, width - self.badge - 2 * mm)
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
        canvas.rect(right + side * radius * 0.13 - radius * 0.1, cy - radius * 0.62, radius * 0.2, radius * 0.45, stroke=0, fill=1)
    canvas.restoreState()


# --- panels -----------------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """A panel's text box on the page: content width and height, in points."""

    width: float
    height: float


@dataclass
class LaidOut:
    """A panel ready to draw: each box with its top, measured from the panel's top."""

    panel: Panel
    placed: list[tuple[Box, float]]


def leaflet_frame(paper: str) -> Frame:
    page_width, page_height = paper_points(paper, landscape=True)
    fold_in = (page_width - 2 * FOLD_IN_NARROWER_MM * mm) / 3
    return Frame(fold_in - 2 * PAD_MM * mm, page_height - (TOP_MM + BOTTOM_MM) * mm)


def panel_widths(paper: str) -> dict[str, float]:
    """Outer width of every panel: the fold-in pair is narrower than the rest."""
    page_width, _ = paper_points(paper, landscape=True)
    normal = (page_width + FOLD_IN_NARROWER_MM * mm) / 3
    return {name: normal - FOLD_IN_NARROWER_MM * mm if name in FOLD_IN else normal for name in PANELS}


def boxes_for(panel: Panel, styles: Styles, frame: Frame) -> list[Box]:
    boxes: list[Box] = []
    for block in panel.blocks:
        if isinstance(block, Heading) and block.level == 1:
            boxes.append(TitleBox(block.text, styles.title))
        elif isinstance(block, Heading):
            style = styles.section if block.level == 2 else styles.subsection
            boxes.append(TextBox(block.text, style, outline=(block.level, plain_text(block.text))))
        elif isinstance(block, Paragraph):
            boxes.append(_paragraph_box(block, styles))
        elif isinstance(block, ListItem):
            boxes.append(TextBox(block.text, styles.item[min(block.depth, 1)], bullet=block.label))
        elif isinstance(block, Diagram):
            boxes.append(_picture_box(block, panel, frame, styles))
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
    text = TextBox(block.text, style)
    return LicenceBox(text) if "licence" in block.tags else text


def _picture_box(block: Diagram, panel: Panel, frame: Frame, styles: Styles) -> PictureBox:
    if block.kind == "supply":
        picture = supply_picture()
    elif block.kind == "cover":
        picture = cover_picture(block.position, missing_tiles(block.position))
    else:
        picture = example_picture(block.position)
    if block.tile_mm is not None:
        cell = block.tile_mm * mm
    else:
        cell = picture.cell_to_fit(frame.width, LARGEST_CELL_MM[block.kind] * mm)
    return PictureBox(picture, cell, styles.body.fontName)


def plain_text(markup: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", markup.replace("<br/>", " ")))


def lay_out(panel: Panel, boxes: list[Box], frame: Frame, paper: str, source: str) -> LaidOut:
    """Stack the boxes from the top; fail, naming the panel, if they do not fit."""
    where = f"{source}:{panel.line}"
    for box in boxes:
        too_wide = _excess_width(box, frame.width)
        if too_wide > 0.05 * mm:
            raise GrawlixError(
                f"panel {panel.name} does not fit on {PAPER_NAMES[paper]} paper: "
                f"{_what(box)} is {too_wide / mm:.1f} mm too wide for the panel",
                where,
            )
    tops: list[float] = []
    y = 0.0
    previous_after = None
    for box in boxes:
        if previous_after is not None:
            y += max(previous_after, box.space_before)
        tops.append(y)
        y += box.height(frame.width)
        previous_after = box.space_after
    spare = frame.height - y
    if spare < -0.05 * mm:
        raise GrawlixError(
            f"panel {panel.name} does not fit on {PAPER_NAMES[paper]} paper: its content is "
            f"{-spare / mm:.1f} mm taller than the {frame.height / mm:.1f} mm available "
            "(shorten its text or move a section to another panel)",
            where,
        )
    stretches = [k for k, box in enumerate(boxes) if box.stretch]
    if stretches and spare > 0:
        share = spare / len(stretches)
        shift = 0.0
        for k, box in enumerate(boxes):
            tops[k] += shift
            if box.stretch:
                shift += share
    return LaidOut(panel, list(zip(boxes, tops)))


def _excess_width(box: Box, width: float) -> float:
    if isinstance(box, TextBox):
        return box.widest_word() - width
    if isinstance(box, LicenceBox):
        return box.text.widest_word() - (width - box.badge - 2 * mm)
    if isinstance(box, PictureBox):
        return box.picture.size(box.cell)[0] - width
    if isinstance(box, TitleBox):
        return box.width() - width
    return 0.0


def _what(box: Box) -> str:
    if isinstance(box, PictureBox):
        return "a diagram"
    if isinstance(box, TitleBox):
        return f"the title {box.text!r}"
    text = box.text if isinstance(box, LicenceBox) else box
    words = plain_text(text.flow.text if hasattr(text.flow, "text") else "").split()
    widest = max(words, key=len) if words else ""
    return f"the word {widest!r}" if widest else "a line"


def draw_panel(canvas: Canvas, laid: LaidOut, x: float, top: float, width: float, bookmarks: bool = False) -> None:
    for box, offset in laid.placed:
        if bookmarks and isinstance(box, TextBox) and box.outline and box.outline[0] > 1:
            key = f"{laid.panel.name}-{offset:.0f}"
            canvas.bookmarkPage(key, fit="FitH", top=top - offset + 12)
            canvas.addOutlineEntry(box.outline[1], key, level=box.outline[0] - 2)
        box.draw(canvas, x, top - offset, width)


# --- the two documents ----------------------------------------------------------------


@contextmanager
def _binary_streams():
    """Save without reportlab's default ASCII85 wrapping of page and form streams.

    ASCII85 keeps a PDF 7-bit clean, which no printer or viewer needs today; it
    makes files a quarter larger and, in reportlab's pure-Python encoder, costs
    a tenth of a second per build. The setting is global, so it is restored.
    """
    before = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = before


def _save(canvas: Canvas, buffer: io.BytesIO) -> bytes:
    with _binary_streams():
        canvas.save()
    return buffer.getvalue()


def _start(buffer: io.BytesIO, size: tuple[float, float], text: LeafletText, edition: str) -> Canvas:
    meta = text.meta
    canvas = new_canvas(
        buffer, size,
        Metadata(title=f"{meta.title}: rules ({edition})", subject=meta.subject, keywords=meta.keywords),
    )  # fmt: skip
    canvas.setAuthor(" and ".join(meta.authors))
    canvas.setCatalogEntry("Lang", "en")
    attach_xmp(
        canvas,
        XmpFields(
            title=f"{meta.title}: rules ({edition})",
            authors=meta.authors,
            description=meta.subject,
            keywords=meta.keywords,
            licence=f"{meta.licence}. {meta.licence_url}",
            licence_url=meta.licence_url,
            creator_tool=f"grawlix-print {__version__}",
        ),
    )
    return canvas


def trifold_pdf(text: LeafletText, laid: dict[str, LaidOut], paper: str, frame: Frame) -> bytes:
    page_width, page_height = paper_points(paper, landscape=True)
    widths = panel_widths(paper)
    buffer = io.BytesIO()
    canvas = _start(buffer, (page_width, page_height), text, f"{PAPER_NAMES[paper]} tri-fold")
    for page_label, names in (("outside", OUTSIDE), ("inside", INSIDE)):
        x = 0.0
        for k, name in enumerate(names):
            left = x + (widths[name] - frame.width) / 2
            draw_panel(canvas, laid[name], left, page_height - TOP_MM * mm, frame.width)
            x += widths[name]
            if k < len(names) - 1:
                _fold_marks(canvas, x, page_height)
        canvas.showPage()
    canvas.addPageLabel(0, prefix="outside")
    canvas.addPageLabel(1, prefix="inside")
    return _save(canvas, buffer)


def _fold_marks(canvas: Canvas, x: float, page_height: float) -> None:
    near, far = (d * mm for d in FOLD_MARK_MM)
    canvas.saveState()
    canvas.setStrokeColorRGB(*FOLD_MARK_RGB)
    canvas.setLineWidth(0.4)
    canvas.line(x, page_height - near, x, page_height - far)
    canvas.line(x, near, x, far)
    canvas.restoreState()


def reading_pdf(text: LeafletText, laid: dict[str, LaidOut], paper: str, frame: Frame) -> bytes:
    _, page_height = paper_points(paper, landscape=True)
    width = frame.width + 2 * PAD_MM * mm
    buffer = io.BytesIO()
    canvas = _start(buffer, (width, page_height), text, "reading edition")
    canvas.showOutline()
    for name in PANELS:
        draw_panel(canvas, laid[name], PAD_MM * mm, page_height - TOP_MM * mm, frame.width, bookmarks=True)
        canvas.showPage()
    return _save(canvas, buffer)


def build_leaflet(templates: Path | None, out: Path, paper: str = "a4") -> list[Written]:
    """Lay out every panel (failing before anything is written), then write both PDFs."""
    paper = paper.lower()
    folder = find_templates(templates)
    rules = load_rules(folder)
    text = load_leaflet_text(folder, rules)
    styles = make_styles()
    frame = leaflet_frame(paper)
    laid = {
        panel.name: lay_out(panel, boxes_for(panel, styles, frame), frame, paper, text.source)
        for panel in text.panels
    }
    trifold = trifold_pdf(text, laid, paper, frame)
    reading = reading_pdf(text, laid, paper, frame)
    trifold_name, reading_name = output_names(paper)
    written = []
    for name, data, edition in ((trifold_name, trifold, "tri-fold"), (reading_name, reading, "reading")):
        path = write_bytes(out / name, data)
        written.append(Written(path, f"leaflet-{edition}", {"paper": paper, "templates": str(folder)}))
    return written

