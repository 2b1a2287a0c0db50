"""The sheets' own furniture: registration targets and the gutter fold; the rest is the drawing layer's.

Marks, the calibration square and the notes every printed product shares live in
``drawing.press`` (boxes print them too); they are named here as the sheets import them.
"""

from __future__ import annotations

from ...drawing.fonts import QUICKSAND
from ...drawing.icons import circle
from ...drawing.pdf.surface import PdfSurface
from ...drawing.press import (
    CALIBRATION_LINE_MM,
    CROP_MARK_WIDTH_MM,
    GUIDE,
    GUIDE_WIDTH_MM,
    MARK,
    NOTE,
    NOTE_POINTS,
    POINT_MM,
    STICKER_GUIDE,
    TARGET_WIDTH_MM,
    TITLE_POINTS,
    Styles,
    draw_calibration_square,
    draw_notes,
    mm_words,
    note_lines,
    note_styles,
    notes_height,
)
from ...drawing.surface import Pen, lines
from .layout import TARGET_RADIUS_MM, Box, Line


def page_box(box: Box) -> tuple[float, float, float, float]:
    """``box`` as a document's page boxes take it: (left, bottom, right, top), in millimetres."""
    return (box.x0, box.y0, box.x1, box.y1)


def draw_target(surface: PdfSurface, x: float, y: float) -> None:
    """A circle with a cross through it: seen against a light, front and back should coincide."""
    r = TARGET_RADIUS_MM
    cross = lines([((x - r, y), (x + r, y)), ((x, y - r), (x, y + r))])
    surface.shape(circle(x, y, r * 0.6) + cross, pen=Pen(MARK, TARGET_WIDTH_MM))


def draw_fold(surface: PdfSurface, fold: Line) -> None:
    (x, _), (_, y1) = fold
    surface.shape(lines([fold]), pen=Pen(GUIDE, GUIDE_WIDTH_MM * 2, dash=(2, 1.5)))
    surface.text(x + 1.2, y1 - 10, "fold", QUICKSAND, NOTE_POINTS * POINT_MM, NOTE, centred=False)


__all__ = [
    "CALIBRATION_LINE_MM", "CROP_MARK_WIDTH_MM", "GUIDE", "GUIDE_WIDTH_MM", "MARK", "NOTE", "NOTE_POINTS",
    "POINT_MM", "STICKER_GUIDE", "TARGET_WIDTH_MM", "TITLE_POINTS", "Styles", "draw_calibration_square",
    "draw_fold", "draw_notes", "draw_target", "mm_words", "note_lines", "note_styles", "notes_height", "page_box",
]  # fmt: skip
