"""What a print shop's copy of the rules has around its pages: bleed, slug, crop marks and a note.

Shared by the tri-fold's press edition and the booklet's: each page of the
document is the trimmed page ``PRESS_SLUG_MM`` larger all round; the TrimBox is
the finished size, the BleedBox ``PRESS_BLEED_MM`` more; every mark lies
outside the bleed. The file itself is PDF/X-1a (``drawing.pdf.pdfx``).
"""

from __future__ import annotations

from ...drawing.document import MM as mm
from ...drawing.fonts import QUICKSAND
from ...drawing.ink import BLACK
from ...drawing.pdf.surface import PdfSurface
from ...drawing.surface import Pen, lines

PRESS_BLEED_MM = 3.0
"""The bleed a print shop asks for around the trim."""
PRESS_SLUG_MM = 15.0
"""Room outside the trim on a press edition's page, for crop marks, fold marks and the note."""
CROP_OFFSET_MM = 4.0  # crop marks start this far outside the trim: 1 mm clear of the bleed
CROP_LENGTH_MM = 6.0
PRESS_MARK_POINTS = 0.5
NOTE_POINTS = 6.5
NOTE_DROP_MM = 2.5
"""The note's baseline below the crop marks' outer ends: its capitals clear the mark above its
first letter, and it stays 2.5 mm inside the page."""

Box = tuple[float, float, float, float]


def bleed_box(trim: Box) -> Box:
    """The trim grown by the press bleed."""
    b = PRESS_BLEED_MM * mm
    return trim[0] - b, trim[1] - b, trim[2] + b, trim[3] + b


def press_marks(surface: PdfSurface, trim: Box, folds: list[float], note: str) -> None:
    """Crop marks at the corners and dashed fold marks at the folds (x positions), all outside
    the trim and its bleed, and the printing note under the page."""
    x0, y0, x1, y1 = trim
    near, far = CROP_OFFSET_MM * mm, (CROP_OFFSET_MM + CROP_LENGTH_MM) * mm
    ticks = []
    for x, out_x in ((x0, -1), (x1, 1)):
        for y, out_y in ((y0, -1), (y1, 1)):
            ticks.append(((x, y + out_y * near), (x, y + out_y * far)))  # beyond the top or bottom
            ticks.append(((x + out_x * near, y), (x + out_x * far, y)))  # beyond the side
    surface.shape(lines(ticks), pen=Pen(BLACK, PRESS_MARK_POINTS))
    if folds:
        fold_ticks = [((x, y1 + near), (x, y1 + far)) for x in folds] + [((x, y0 - near), (x, y0 - far)) for x in folds]
        surface.shape(lines(fold_ticks), pen=Pen(BLACK, PRESS_MARK_POINTS, dash=(2, 2)))
    surface.text(x0, y0 - far - NOTE_DROP_MM * mm, note, QUICKSAND, NOTE_POINTS, BLACK, centred=False)
