"""A rulebook on a large paper: its edition for the paper half the size, printed two to a sheet.

A3 is two A4 sheets side by side, Tabloid two of Letter (``Paper.halves``).
A tri-fold or a booklet laid out for A3 itself would set its 9 pt text in
panels half as wide again, or leave an A6 page alone in each A5 quarter; what a
player with a large printer wants is the leaflet they know, two at once. So
the rulebook is laid out for the half paper, and each side of the sheet holds
that side twice, one copy above the other (a tri-fold's landscape sheets) or
beside it (a booklet's portrait ones), with a tick at each end of the line to
cut them apart along. Turned over, each copy's back lands behind its own
front: the two are alike, and the flip that mirrors one half mirrors the whole.
A flip along a half's short edge is one along the large sheet's long edge, and
the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...drawing.document import MM as mm
from ...drawing.ink import Ink
from ...drawing.pdf.canvas import paper_points
from ...drawing.surface import Pen, Surface, lines
from ...papers import paper_size

CUT_MARK_MM = (6.5, 9.5)
"""The cut ticks run between these distances from the sheet's edges: past what a home printer leaves blank."""
CUT_MARK = Ink((0.6, 0.6, 0.6), (0.0, 0.0, 0.0, 0.45))
CUT_MARK_POINTS = 0.5
FLIPS = {"short": "long", "long": "short"}


@dataclass(frozen=True)
class Sheet:
    """What a rulebook's print edition is drawn on: the paper it is laid out for (``laid``), the page
    (points) and where each copy's lower-left corner goes on it: one copy at the origin, or two."""

    paper: str
    laid: str
    page: tuple[float, float]
    copies: tuple[tuple[float, float], ...]

    @property
    def two_up(self) -> bool:
        return len(self.copies) > 1

    def flip(self, edge: str) -> str:
        """The edge a two-sided print turns on (``short``, ``long``), for an edition printed on ``edge`` alone."""
        return FLIPS[edge] if self.two_up else edge


def sheet_for(paper: str, landscape: bool) -> Sheet:
    """The sheet of ``paper`` an edition laid out on its own paper turned ``landscape`` (or not) is printed on."""
    half = paper_size(paper).halves
    if not half:
        return Sheet(paper, paper, paper_points(paper, landscape), ((0.0, 0.0),))
    width, height = paper_points(half, landscape)
    if landscape:  # a landscape half on a portrait sheet: one above the other
        return Sheet(paper, half, (width, 2 * height), ((0.0, 0.0), (0.0, height)))
    return Sheet(paper, half, (2 * width, height), ((0.0, 0.0), (width, 0.0)))


def draw_cut(surface: Surface, sheet: Sheet) -> None:
    """A tick at each end of the line between the two copies."""
    near, far = (d * mm for d in CUT_MARK_MM)
    width, height = sheet.page
    (_, _), (dx, dy) = sheet.copies
    if dy:
        ticks = [((near, dy), (far, dy)), ((width - near, dy), (width - far, dy))]
    else:
        ticks = [((dx, near), (dx, far)), ((dx, height - near), (dx, height - far))]
    surface.shape(lines(ticks), pen=Pen(CUT_MARK, CUT_MARK_POINTS))
