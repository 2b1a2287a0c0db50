"""What every printed sheet carries besides what it prints: marks, the calibration square, the notes.

Tile sheets, sticker sheets, card sheets and boxes share these, so a printer
sees the same furniture on each: black ink alone (K), lines no thinner than a
print shop accepts, a square to check the scale, crop marks outside the bleed,
and notes set in the leaflet's own line breaker. Lengths are millimetres.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..papers import paper_size
from ..units import MM_PER_UNIT
from .fonts import QUICKSAND, QUICKSAND_BOLD
from .ink import Ink
from .pdf.fonts import register_quicksand
from .pdf.surface import PdfSurface
from .pdf.typeset import TextStyle, draw_text, set_text, text_height
from .geometry import Point
from .surface import Surface, rectangle
from .text import Span

Line = tuple[Point, Point]

# Sheet furniture: black ink alone (K), so a home printer uses one cartridge for it.
MARK = Ink((0.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0))
GUIDE = Ink((0.4, 0.4, 0.4), (0.0, 0.0, 0.0, 0.6))
STICKER_GUIDE = Ink((0.55, 0.55, 0.55), (0.0, 0.0, 0.0, 0.45))
NOTE = Ink((0.15, 0.15, 0.15), (0.0, 0.0, 0.0, 0.85))
POINT_MM = MM_PER_UNIT["pt"]
CROP_MARK_WIDTH_MM = 0.15  # no line is under the 0.25 pt (0.09 mm) a print shop's preflight accepts
GUIDE_WIDTH_MM = 0.1
TARGET_WIDTH_MM = 0.12
CALIBRATION_LINE_MM = 0.3
NOTE_POINTS = 8.0
TITLE_POINTS = 9.0

PRINT_MARGIN_MM = 6.35
"""Nothing but a sheet's cut guides comes nearer the paper's edge: home printers leave 4-6.35 mm
(a quarter inch) unprinted."""
CROP_OFFSET_MM = 1.0
"""Gap between the bleed's edge and the start of a crop mark, so a mark never prints on a piece."""
CROP_LENGTH_MM = 4.0


class Rect(Protocol):
    """An upright rectangle, lower-left (x0, y0) to upper-right (x1, y1): a sheet's ``Box`` or this one."""

    @property
    def x0(self) -> float: ...
    @property
    def y0(self) -> float: ...
    @property
    def x1(self) -> float: ...
    @property
    def y1(self) -> float: ...


def mm_words(length: float) -> str:
    """``25.4 mm (1 in)``, ``30 mm``: a length as the notes print it."""
    text = f"{length:.2f}".rstrip("0").rstrip(".") + " mm"
    return text + " (1 in)" if abs(length - MM_PER_UNIT["in"]) < 1e-6 else text


def corner_marks(trim: Rect, bleed: float, reach: Rect,
                 offset: float = CROP_OFFSET_MM, length: float = CROP_LENGTH_MM) -> list[Line]:  # fmt: skip
    """Crop marks at the four corners of ``trim``: each edge's line carried on past the bleed, starting
    ``offset`` beyond it and running ``length`` outwards, never past ``reach`` (the printable area)."""
    near = bleed + offset
    marks: list[Line] = []
    for x in (trim.x0, trim.x1):
        marks.append(((x, trim.y1 + near), (x, min(trim.y1 + near + length, reach.y1))))
        marks.append(((x, trim.y0 - near), (x, max(trim.y0 - near - length, reach.y0))))
    for y in (trim.y0, trim.y1):
        marks.append(((trim.x0 - near, y), (max(trim.x0 - near - length, reach.x0), y)))
        marks.append(((trim.x1 + near, y), (min(trim.x1 + near + length, reach.x1), y)))
    return marks


def draw_calibration_square(surface: Surface, box: Rect, paper: str) -> None:
    """A square whose outside edges measure exactly the stated side, drawn as a filled frame."""
    label = paper_size(paper).calibration_label
    w = CALIBRATION_LINE_MM
    width, height = box.x1 - box.x0, box.y1 - box.y0
    frame = rectangle(box.x0, box.y0, width, height)
    frame += rectangle(box.x0 + w, box.y0 + w, width - 2 * w, height - 2 * w)
    surface.shape(frame, fill=MARK, even_odd=True)  # even-odd: a frame, not a block
    cx, cy = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
    surface.text(cx, cy + 0.5, label, QUICKSAND_BOLD, 11 * POINT_MM, MARK)
    surface.text(cx, cy - 3.5, "outside edge to outside edge", QUICKSAND, 7 * POINT_MM, MARK)


Styles = tuple[TextStyle, TextStyle]
"""The notes' title and body styles."""


def note_styles(
    title_points: float = TITLE_POINTS, body_points: float = NOTE_POINTS, leading: float = 1.3, space_after: float = 1.2
) -> Styles:
    """Title and body of the notes, in millimetres (the sheets' drawing unit)."""
    regular, bold = register_quicksand()
    title = TextStyle(bold, bold, title_points * POINT_MM, leading * title_points * POINT_MM, space_after=space_after)
    body = TextStyle(regular, bold, body_points * POINT_MM, leading * body_points * POINT_MM, space_after=space_after)
    return title, body


def notes_height(paragraphs: list[str], width: float, styles: Styles | None = None) -> float:
    height = 0.0
    for k, (style, text) in enumerate(_styled(paragraphs, styles)):
        lines = set_text([Span(text)], style, width)
        height += text_height(lines, style) + (style.space_after if k < len(paragraphs) - 1 else 0.0)
    return height


def note_lines(paragraphs: list[str], width: float, styles: Styles | None = None) -> list[str]:
    """The notes as they are set, line by line (what a reader's eye travels along)."""
    return [
        " ".join(word.text for word in line.words)
        for style, text in _styled(paragraphs, styles)
        for line in set_text([Span(text)], style, width).lines
    ]


def _styled(paragraphs: Sequence[str], styles: Styles | None = None) -> list[tuple[TextStyle, str]]:
    title, body = styles or note_styles()
    return [(title if k == 0 else body, text) for k, text in enumerate(paragraphs)]


def draw_notes(
    surface: PdfSurface, box: Rect, paragraphs: list[str], styles: Styles | None = None, ink: Ink = NOTE
) -> float:
    """Set the notes from the top of ``box``; returns where they end."""
    top = box.y1
    width = box.x1 - box.x0
    for style, text in _styled(paragraphs, styles):
        lines = set_text([Span(text)], style, width)
        draw_text(surface, lines, style, box.x0, top, width, ink)
        top -= text_height(lines, style) + style.space_after
    return top
