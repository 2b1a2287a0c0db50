"""A piece larger than the paper, split into panels that each fit: pure geometry, no drawing.

A board (or a player mat, or a big card) that no page holds whole is printed
in panels, as a poster is: the seams run straight across the whole piece, so
the panels make a grid (rows A, B... from the top, columns 1, 2... from the
left: panel A1 is the top-left one). Each panel is a rectangle to cut out;
where it meets the panel to its right or below, it runs ``OVERLAP_MM`` past
the seam, printed on (a glue strip), and that neighbour, cut exactly on the
seam, is laid over the strip. So A1 goes down first, A2 over A1's right
strip, B1 over A1's lower strip, and so on: a later panel always lies over
an earlier one. Every panel's picture runs its bleed past its own cut, and
the whole piece's outline is cut once the panels are glued.

Registration. Both panels of a seam print marks at the seam's two ends,
beyond the piece (there is always room there: the seams cross the whole
piece, and beyond its bounding box lies the bleed and the margin): the panel
under the seam a line along it (where the neighbour's cut edge must lie)
and, on the side the neighbour leaves uncovered, a short line across it; the
panel over the seam its crop mark (where to cut) and the other half of that
line across. Glued true, the two halves of each line across meet as one. A
seam's segment between two inner panels has its ends inside the piece: there
the under panel's glue strip carries a line along the seam instead, hidden
once the neighbour lies on it.

Where the seams fall. Each panel's printed width (its cell, its strip, its
bleed on both sides) must fit the room the page leaves inside its margins;
the fewest columns and rows that fit are used, on the page turned whichever
way needs fewer panels (portrait when it is a tie). Within the room each seam
is moved to cross as few of the piece's small features (a face's
``features``: its labels, the centres of its cells) as it can, then as near
an even split as it can. A designer may name the seams (``PieceKind.seams``).

Coordinates are millimetres, y up: a piece's from its cut's lower-left corner
(its bounding box), a page's from the paper's lower-left corner.
"""

from __future__ import annotations

import math
import string
from collections.abc import Sequence
from dataclasses import dataclass

from ...drawing.geometry import Box
from ...drawing.press import CROP_LENGTH_MM, CROP_OFFSET_MM, PRINT_MARGIN_MM
from ...errors import StudioError
from ...papers import paper_size

Point = tuple[float, float]
Line = tuple[Point, Point]

OVERLAP_MM = 10.0
"""How far a panel's glue strip runs past a seam: room for a glue stick's stroke, and for a panel laid
a millimetre or two off to still lie on printed card."""
MAX_PANELS = 16
"""The most panels a kind's whole set is split into: beyond that a board is better printed on a
larger paper, or made smaller, than glued from a stack of sheets."""
MARK_ZONE_MM = 6.0
"""Between a panel's printed picture and the margin: its crop marks and registration marks."""
FOOTER_MM = 7.0
"""Under the marks, above the margin: the line that names the panel."""
MIN_CELL_MM = 20.0
"""The narrowest a panel's share of the piece may be: a named seam nearer than that to another (or
to the edge) makes a sliver no one can glue."""


@dataclass(frozen=True)
class Panel:
    """One panel: where it stands in the grid, the part of the piece it stands for (``cell``, piece
    coordinates), what is cut out (``cut``: the cell and its glue strips) and printed (``printed``:
    the cut and the bleed), the page it is printed on and where the piece's origin lands there."""

    row: int
    column: int
    cell: Box
    cut: Box
    printed: Box
    page: Point
    origin: Point

    @property
    def label(self) -> str:
        """``A1`` for the top-left panel: a letter a row, from the top, a number a column, from the left."""
        return f"{string.ascii_uppercase[self.row]}{self.column + 1}"

    @property
    def printed_on_page(self) -> Box:
        return _moved(self.printed, self.origin)

    @property
    def cut_on_page(self) -> Box:
        return _moved(self.cut, self.origin)


@dataclass(frozen=True)
class Tiling:
    """A piece of ``size`` (its bleed ``bleed``) split into ``rows`` x ``columns`` panels by its seams."""

    size: Point
    bleed: float
    overlap: float
    xs: tuple[float, ...]
    """The vertical seams, from the left edge, in order."""
    ys: tuple[float, ...]
    """The horizontal seams, from the bottom edge, in order (row A is above the last of them)."""
    panels: tuple[Panel, ...]
    landscape: bool

    @property
    def columns(self) -> int:
        return len(self.xs) + 1

    @property
    def rows(self) -> int:
        return len(self.ys) + 1


# --- choosing the seams -------------------------------------------------------------------


def room(paper: str, landscape: bool) -> tuple[Point, Box]:
    """A page of ``paper`` (turned, if ``landscape``) and the box its panel's printed picture may fill."""
    sheet = paper_size(paper)
    width, height = (sheet.height, sheet.width) if landscape else (sheet.width, sheet.height)
    inset = PRINT_MARGIN_MM + MARK_ZONE_MM
    return (width, height), Box(inset, inset + FOOTER_MM, width - inset, height - inset)


def _cells(length: float, most: float, overlap: float, bleed: float) -> int:
    """The fewest cells ``length`` splits into, each printed (strip and bleed included) within ``most``."""
    inner = most - 2 * bleed - overlap  # a cell with a strip beyond it
    last = most - 2 * bleed
    if last >= length - 1e-9:
        return 1
    if inner <= 0:
        return 0
    return 1 + math.ceil((length - last) / inner - 1e-9)


def split(
    length: float, count: int, most: float, overlap: float, bleed: float, features: Sequence[tuple[float, float]] = ()
) -> tuple[float, ...]:  # fmt: skip
    """The ``count - 1`` seams that split ``length`` into ``count`` cells that each fit ``most`` (a cell
    before a seam has its strip): each seam in turn crossing as few ``features`` (intervals along
    the length) as the room allows, then as near an even split as it can."""
    inner, last = most - 2 * bleed - overlap, most - 2 * bleed
    seams: list[float] = []
    previous = 0.0
    for k in range(1, count):
        after = (count - k - 1) * inner + last  # what the cells after this seam can hold
        low, high = max(previous + MIN_CELL_MM, length - after), min(previous + inner, length - MIN_CELL_MM)
        even = previous + (length - previous) / (count - k + 1)
        seams.append(_best(low, high, even, features))
        previous = seams[-1]
    return tuple(seams)


def _best(low: float, high: float, aim: float, features: Sequence[tuple[float, float]]) -> float:
    """The point of [low, high] whose line crosses the fewest ``features``, the nearest to ``aim`` of those."""
    if high < low:
        return (low + high) / 2  # the fit is checked after: a cell that does not fit is refused there
    e = 1e-3
    candidates = {min(max(aim, low), high), low, high}
    for start, end in features:
        candidates.update(v for v in (start - e, end + e) if low <= v <= high)

    def crossings(at: float) -> int:
        return sum(start < at < end for start, end in features)

    return min(sorted(candidates), key=lambda at: (crossings(at), abs(at - aim)))


def tile(
    size: Point, bleed: float, paper: str, what: str, where: str | None, features: Sequence[Box] = (),
    seams: tuple[tuple[float, ...], tuple[float, ...]] | None = None, overlap: float = OVERLAP_MM, count: int = 1,
) -> Tiling:  # fmt: skip
    """The panels ``size`` (with ``bleed``) is printed in on ``paper``: the page turned whichever way
    takes fewer, seams placed as the module says or where ``seams`` names them (from the piece's
    left edge, and from its top edge). Refused in one line naming ``what`` (the set of ``count``
    pieces, in words) and ``where`` (its file and key): more than ``MAX_PANELS`` for the whole set,
    a named seam outside the piece or leaving a panel too large for the page."""
    width, height = size
    sheet = paper_size(paper).name
    if seams is not None:
        _check_named(size, seams, what, where)
    best: Tiling | None = None
    for landscape in (False, True):
        _, area = room(paper, landscape)
        if seams is None:
            counts = (_cells(width, area.width, overlap, bleed), _cells(height, area.height, overlap, bleed))
        else:
            counts = (len(seams[0]) + 1, len(seams[1]) + 1)
        if 0 in counts or (best is not None and counts[0] * counts[1] >= best.columns * best.rows):
            continue
        if seams is None:
            xs = split(width, counts[0], area.width, overlap, bleed, [(f.x0, f.x1) for f in features])
            ys_top = split(height, counts[1], area.height, overlap, bleed, [(height - f.y1, height - f.y0) for f in features])
        else:
            xs, ys_top = tuple(sorted(seams[0])), tuple(sorted(seams[1]))
        made = _tiling(size, bleed, overlap, xs, tuple(height - y for y in reversed(ys_top)), paper, landscape)
        if _fits(made, paper):
            best = made
    if best is None and seams is not None:
        raise StudioError(f"{what}: the seams named leave a panel larger than a page of {sheet} holds"
                          f" ({_most_words(paper, bleed, overlap)})", where)  # fmt: skip
    if best is None or count * best.columns * best.rows > MAX_PANELS:
        each = f", {best.columns * best.rows} each" if best is not None and count > 1 else ""
        panels = f"{count * best.columns * best.rows} panels" if best is not None else "more panels than a page can hold"
        them = "them" if count > 1 else "it"
        raise StudioError(f"{what}, {width:g} x {height:g} mm, would take {panels} of {sheet}{each} (at most"
                          f" {MAX_PANELS}): print {them} on a larger paper (--paper a3) or make {them} smaller", where)  # fmt: skip
    return best


def _most_words(paper: str, bleed: float, overlap: float) -> str:
    """How much of a piece a panel between two seams holds on ``paper``, the page either way up."""
    (_, upright), (_, turned) = room(paper, False), room(paper, True)
    inner = [(area.width - 2 * bleed - overlap, area.height - 2 * bleed - overlap) for area in (upright, turned)]
    return (f"between two seams at most {inner[0][0]:.1f} x {inner[0][1]:.1f} mm of it, the page upright, or"
            f" {inner[1][0]:.1f} x {inner[1][1]:.1f} mm, turned")  # fmt: skip


def _check_named(size: Point, seams: tuple[tuple[float, ...], tuple[float, ...]], what: str, where: str | None) -> None:
    """A named seam must cross the piece, away from its edges and from the other seams."""
    for across, (length, named) in enumerate(zip(size, seams)):
        edge = "left" if across == 0 else "top"
        ordered = sorted(named)
        for at in named:
            if not (0.0 < at < length):
                raise StudioError(f"{what}: a seam {at:g} mm from the {edge} edge falls outside the piece"
                                  f" (0 to {length:g} mm)", where)  # fmt: skip
        for a, b in zip([0.0, *ordered], [*ordered, length]):
            if b - a < MIN_CELL_MM - 1e-9:
                raise StudioError(f"{what}: the seams named leave a panel {b - a:g} mm across (at least"
                                  f" {MIN_CELL_MM:g} mm)", where)  # fmt: skip


def _fits(made: Tiling, paper: str) -> bool:
    _, area = room(paper, made.landscape)
    return all(p.printed.width <= area.width + 1e-6 and p.printed.height <= area.height + 1e-6 for p in made.panels)


def _tiling(
    size: Point, bleed: float, overlap: float, xs: tuple[float, ...], ys: tuple[float, ...], paper: str, landscape: bool
) -> Tiling:  # fmt: skip
    """Each panel's cell, cut, print and place on its page (centred in the room the page leaves)."""
    width, height = size
    page, area = room(paper, landscape)
    lefts, rights = (0.0, *xs), (*xs, width)
    tops, bottoms = (height, *reversed(ys)), (*reversed(ys), 0.0)
    panels = []
    for row, (top, bottom) in enumerate(zip(tops, bottoms)):
        for column, (left, right) in enumerate(zip(lefts, rights)):
            cell = Box(left, bottom, right, top)
            strip_right = overlap if column < len(xs) else 0.0
            strip_below = overlap if row < len(ys) else 0.0
            cut = Box(left, bottom - strip_below, right + strip_right, top)
            printed = cut.grown(bleed)
            origin = (area.x0 + (area.width - printed.width) / 2 - printed.x0,
                      area.y0 + (area.height - printed.height) / 2 - printed.y0)  # fmt: skip
            panels.append(Panel(row, column, cell, cut, printed, page, origin))
    return Tiling(size, bleed, overlap, xs, ys, tuple(panels), landscape)


def _moved(box: Box, by: Point) -> Box:
    return Box(box.x0 + by[0], box.y0 + by[1], box.x1 + by[0], box.y1 + by[1])


# --- what each panel prints beside the picture ---------------------------------------------------


@dataclass(frozen=True)
class PanelMarks:
    """A panel's marks, in page coordinates: crop marks where its cut lines run out past its bleed
    (``crops``), and at each end of each seam it takes part in, beyond the piece, the marks that
    register it with its neighbour (``along``: lines on the seam; ``across``: halves of lines across
    it); ``strip_lines``: the seam drawn on its glue strips (hidden under the neighbour)."""

    crops: tuple[Line, ...]
    along: tuple[Line, ...]
    across: tuple[Line, ...]
    strip_lines: tuple[Line, ...]


def panel_marks(tiling: Tiling, panel: Panel) -> PanelMarks:
    """The marks panel ``panel`` prints (``PanelMarks``)."""
    width, height = tiling.size
    b, g = tiling.bleed, tiling.overlap
    near, far = b + CROP_OFFSET_MM, b + CROP_OFFSET_MM + CROP_LENGTH_MM
    cut = panel.cut
    crops: list[Line] = []
    for x in (cut.x0, cut.x1):  # each vertical cut line, beyond the top and bottom of the picture
        crops += [((x, cut.y1 + near), (x, cut.y1 + far)), ((x, cut.y0 - near), (x, cut.y0 - far))]
    for y in (cut.y0, cut.y1):
        crops += [((cut.x0 - near, y), (cut.x0 - far, y)), ((cut.x1 + near, y), (cut.x1 + far, y))]
    along: list[Line] = []
    across: list[Line] = []
    strips: list[Line] = []
    half = CROP_LENGTH_MM
    level = near + CROP_LENGTH_MM / 2  # where a line across runs, beyond the piece's bleed
    cell = panel.cell
    # A vertical seam at this panel's right (it is under the seam) or left (it is over it).
    for x, under in ((cell.x1, True), (cell.x0, False)):
        if not (0.0 < x < width):
            continue
        for y_edge, out in ((height, 1.0), (0.0, -1.0)):  # the seam's ends, at the piece's top and bottom
            if not (cell.y0 - 1e-9 <= y_edge <= cell.y1 + 1e-9):
                continue
            y = y_edge + out * level
            if under:
                along.append(((x, y_edge + out * near), (x, y_edge + out * far)))
                across.append(((x - half, y), (x, y)))
            else:
                across.append(((x, y), (x + half, y)))
        if under:
            strips.append(((x, cell.y0 - (g if cell.y0 > 0 else 0.0)), (x, cell.y1)))
    # A horizontal seam at this panel's bottom (under) or top (over).
    for y, under in ((cell.y0, True), (cell.y1, False)):
        if not (0.0 < y < height):
            continue
        for x_edge, out in ((0.0, -1.0), (width, 1.0)):  # the seam's ends, at the piece's left and right
            if not (cell.x0 - 1e-9 <= x_edge <= cell.x1 + 1e-9):
                continue
            x = x_edge + out * level
            if under:
                along.append(((x_edge + out * near, y), (x_edge + out * far, y)))
                across.append(((x, y + half), (x, y)))
            else:
                across.append(((x, y), (x, y - half)))
        if under:
            strips.append(((cell.x0, y), (cell.x1 + (g if cell.x1 < width else 0.0), y)))
    origin = panel.origin

    def moved(segments: list[Line]) -> tuple[Line, ...]:
        return tuple(((a[0] + origin[0], a[1] + origin[1]), (c[0] + origin[0], c[1] + origin[1])) for a, c in segments)

    return PanelMarks(moved(crops), moved(along), moved(across), moved(strips))
