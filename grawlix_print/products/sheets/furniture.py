"""What every printed sheet carries besides its pieces: marks, the calibration square, the notes.

Tile sheets, sticker sheets and card sheets share these, so a printer sees
the same furniture on each: black ink alone (K), lines no thinner than a
print shop accepts, a square to check the scale, and notes set in the
leaflet's own line breaker.
"""

from __future__ import annotations

from reportlab.lib.units import mm

from ...drawing.fonts import QUICKSAND, QUICKSAND_BOLD
from ...drawing.icons import circle
from ...drawing.ink import Ink
from ...drawing.pdf.fonts import register_quicksand
from ...drawing.pdf.surface import PdfSurface
from ...drawing.pdf.typeset import TextStyle, draw_text, set_text, text_height
from ...drawing.surface import Pen, lines, rectangle
from ...drawing.text import Span
from ...units import MM_PER_UNIT
from ...papers import paper_size
from .layout import TARGET_RADIUS_MM, Box, Line

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


def pdf_box(box: Box) -> tuple[float, float, float, float]:
    return (box.x0 * mm, box.y0 * mm, box.x1 * mm, box.y1 * mm)

def mm_words(length: float) -> str:
    """``25.4 mm (1 in)``, ``30 mm``: a length as the notes print it."""
    text = f"{length:.2f}".rstrip("0").rstrip(".") + " mm"
    return text + " (1 in)" if abs(length - MM_PER_UNIT["in"]) < 1e-6 else text

def draw_target(surface: PdfSurface, x: float, y: float) -> None:
    """A circle with a cross through it: seen against a light, front and back should coincide."""
    r = TARGET_RADIUS_MM
    cross = lines([((x - r, y), (x + r, y)), ((x, y - r), (x, y + r))])
    surface.shape(circle(x, y, r * 0.6) + cross, pen=Pen(MARK, TARGET_WIDTH_MM))

def draw_fold(surface: PdfSurface, fold: Line) -> None:
    (x, _), (_, y1) = fold
    surface.shape(lines([fold]), pen=Pen(GUIDE, GUIDE_WIDTH_MM * 2, dash=(2, 1.5)))
    surface.text(x + 1.2, y1 - 10, "fold", QUICKSAND, NOTE_POINTS * POINT_MM, NOTE, centred=False)

def draw_calibration_square(surface: PdfSurface, box: Box, paper: str) -> None:
    """A square whose outside edges measure exactly the stated side, drawn as a filled frame."""
    label = paper_size(paper).calibration_label
    w = CALIBRATION_LINE_MM
    frame = rectangle(box.x0, box.y0, box.width, box.height)
    frame += rectangle(box.x0 + w, box.y0 + w, box.width - 2 * w, box.height - 2 * w)
    surface.shape(frame, fill=MARK, even_odd=True)  # even-odd: a frame, not a block
    cx, cy = box.centre
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


def _styled(paragraphs: list[str], styles: Styles | None = None) -> list[tuple[TextStyle, str]]:
    title, body = styles or note_styles()
    return [(title if k == 0 else body, text) for k, text in enumerate(paragraphs)]


def draw_notes(
    surface: PdfSurface, box: Box, paragraphs: list[str], styles: Styles | None = None, ink: Ink = NOTE
) -> float:
    """Set the notes from the top of ``box``; returns where they end."""
    top = box.y1
    for style, text in _styled(paragraphs, styles):
        lines = set_text([Span(text)], style, box.width)
        draw_text(surface, lines, style, box.x0, top, box.width, ink)
        top -= text_height(lines, style) + style.space_after
    return top
