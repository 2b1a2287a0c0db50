"""Grid diagrams: any game's pieces on a square grid, dotted vacant squares, marker labels, loose pieces below.

A ``GridPicture`` is what to draw, in grid terms: a ``PieceFace`` in each
occupied cell, the locations to dot, the markers to label, the pieces lying
loose under the grid. A game builds it from a position and its engine's
answers (which squares are dotted, which pieces lie loose); then it is drawn
at any cell size on any ``Surface`` (a PDF page or an SVG picture): the same
picture in the leaflet and on the web. It is a ``Figure``; it never decides
legality and knows no game: each piece is drawn by its own face.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..drawing.figure import Figure
from ..drawing.fonts import LABEL
from ..drawing.ink import BLACK
from ..drawing.surface import Face, Pen, ScaledView, Surface, lines
from .faces import FaceStyle, PieceFace

Location = tuple[int, int]
"""(row, column), rows counted downwards, as a game's positions give them."""

VACANT = BLACK
VACANT_WIDTH = 0.035  # dash weight, fraction of the cell (1.3 pt in the leaflet, 1.5 px on screen)
VACANT_DASHES = 12  # dashes along one side of a square, a dash starting at each corner
VACANT_INK = 0.6
"""The share of a side the dashes cover: a little more than the gaps, as the designer's do."""
LABEL_SIZE = 0.72
"""The ``?`` and ``!`` markers' type size, as a fraction of the cell: bold and black, to read
at arm's length."""
LOOSE_ANGLES = (30.0, 15.0, -30.0, -15.0, 22.0, -22.0)
"""Turns of the loose pieces under the grid (anticlockwise, degrees), repeated."""
LOOSE_PITCH = 2.0  # cells between the centres of loose pieces, when one row under the grid holds them
PACKED_PITCH = 1.5
"""Cells between centres, across and down, when the loose pieces take several rows: a piece turned
by 30 degrees is 1.37 cells wide, so neighbours keep a gap and the rows stay compact."""
LOOSE_GAP = 1.75  # cells from the grid's lower edge to the first row of loose pieces' centres


@dataclass(frozen=True)
class GridPicture(Figure):
    """Pieces on a grid, optional dotted vacant squares and labels, plus loose pieces below.

    ``border`` is the share of a cell a piece's own border takes, for faces drawn with one on
    their edge: each piece is drawn that much larger, so neighbouring borders lie on one line,
    centred on the cell edge (0: each piece fills its cell). ``style`` is how every face is drawn.
    """

    pieces: Mapping[Location, PieceFace]
    vacant: tuple[Location, ...] = ()
    labels: Mapping[str, Location] = field(default_factory=dict)
    loose: tuple[PieceFace, ...] = ()
    border: float = 0.0
    style: FaceStyle = FaceStyle()

    @property
    def characters(self) -> str:
        """The labels' characters: what a screen edition's web font must hold."""
        return "".join(self.labels)

    @property
    def locations(self) -> list[Location]:
        """Every cell the picture uses: pieces, dotted squares and labels."""
        return [*self.pieces, *self.vacant, *self.labels.values()]

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """(top row, left column, bottom row, right column) of everything on the grid."""
        cells = self.locations
        return (
            min(r for r, _ in cells), min(c for _, c in cells),
            max(r for r, _ in cells), max(c for _, c in cells),
        )  # fmt: skip

    @property
    def columns(self) -> int:
        top, left, bottom, right = self.bounds
        return right - left + 1

    @property
    def rows(self) -> int:
        top, left, bottom, right = self.bounds
        return bottom - top + 1

    def loose_pitch(self) -> float:
        """Cells between loose pieces' centres: roomy when one row holds them all, else packed."""
        return LOOSE_PITCH if len(self.loose) <= max(1, math.floor(self.columns / LOOSE_PITCH)) else PACKED_PITCH

    def loose_per_row(self) -> int:
        """Loose pieces a row holds: as many as the grid's width takes, turned corners inside it."""
        pitch = self.loose_pitch()
        if pitch == LOOSE_PITCH:
            return max(1, math.floor(self.columns / LOOSE_PITCH))
        widest = 2 * max(_turned_half(a) for a in LOOSE_ANGLES)
        return max(1, math.floor((self.columns - widest) / pitch) + 1)

    def loose_rows(self) -> int:
        return math.ceil(len(self.loose) / self.loose_per_row()) if self.loose else 0

    def height_in_cells(self) -> float:
        """Grid rows, plus room for the turned loose pieces (their corners reach past the cell)."""
        if not self.loose:
            return self.rows
        reach = max(_turned_half(a) for a in LOOSE_ANGLES)
        return self.rows + LOOSE_GAP + (self.loose_rows() - 1) * self.loose_pitch() + reach

    def size(self, cell: float) -> tuple[float, float]:
        return self.columns * cell, self.height_in_cells() * cell

    def cell_to_fit(self, width: float, largest: float) -> float:
        """The largest cell up to ``largest`` with which the picture fits ``width``."""
        return min(largest, width / self.columns)

    def piece_size(self, cell: float) -> float:
        """The side a piece is drawn at in a cell: the cell, enlarged so shared borders centre on its edge."""
        return cell / (1 - self.border)

    def draw(self, surface: Surface, x: float, top: float, cell: float, label_face: Face = LABEL) -> None:
        """Draw with the picture's top-left corner at (x, top)."""
        first_row, first_column, _, _ = self.bounds

        def centre(location: Location) -> tuple[float, float]:
            r, c = location
            return x + (c - first_column + 0.5) * cell, top - (r - first_row + 0.5) * cell

        with surface.transformed():
            _draw_vacant(surface, self.vacant, set(self.pieces), centre, cell)
            size = self.piece_size(cell)
            for location, face in self.pieces.items():
                stamp_piece(surface, face, *centre(location), size, self.style)
            font_size = cell * LABEL_SIZE
            for label, location in self.labels.items():
                cx, cy = centre(location)
                surface.text(cx, cy - font_size * 0.36, label, label_face, font_size, BLACK)
            if self.loose:
                self._draw_loose(surface, x, top - (self.rows + LOOSE_GAP) * cell, cell)

    def _draw_loose(self, surface: Surface, x: float, first_y: float, cell: float) -> None:
        per_row, pitch = self.loose_per_row(), self.loose_pitch()
        width = self.columns * cell
        for k, face in enumerate(self.loose):
            row, place = divmod(k, per_row)
            in_row = min(per_row, len(self.loose) - row * per_row)
            cx = x + width / 2 + (place - (in_row - 1) / 2) * pitch * cell
            cy = first_y - row * pitch * cell
            angle = LOOSE_ANGLES[k % len(LOOSE_ANGLES)]
            stamp_piece(surface, face, cx, cy, self.piece_size(cell), self.style, angle)  # as in the grid


def _turned_half(angle: float) -> float:
    """Half the height, in cells, of a unit square turned by ``angle`` degrees."""
    a = math.radians(angle)
    return (abs(math.cos(a)) + abs(math.sin(a))) / 2


STAMP_UNIT = 100.0
"""A stamped piece's side in its own units; each use scales it to size."""


def stamp_piece(
    surface: Surface, face: PieceFace, cx: float, cy: float, size: float, style: FaceStyle, angle: float = 0.0
) -> None:
    """A piece's face drawn once per document and stamped wherever it appears, ``size`` wide.

    A diagram piece may be dozens of curves, and a rulebook shows ninety of them, mostly
    repeats: stamping keeps files small and builds fast. The face draws at ``STAMP_UNIT`` on a
    view of the surface that knows the size it is placed at, so it can keep its lines as heavy
    as they must be; one stamp serves every place of that face at that size.
    """
    scale = size / STAMP_UNIT
    with surface.transformed(cx, cy, angle, scale):
        half = STAMP_UNIT / 2
        surface.stamp(
            ("piece", face.name, style, scale * surface.unit_pt),
            half + 1,
            lambda s: face.draw(ScaledView(s, scale), -half, -half, STAMP_UNIT, STAMP_UNIT, style),
        )


def _draw_vacant(
    surface: Surface, vacant: Iterable[Location], pieces: set[Location], centre, cell: float
) -> None:
    """Dotted squares: black dashes, as the designer draws them. Each shared side is drawn
    once, so neighbouring squares' dashes line up."""
    sides: set[tuple[Location, Location]] = set()
    for r, c in vacant:
        corners = [(r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c)]
        neighbours = [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]
        for k, neighbour in enumerate(neighbours):
            if neighbour in pieces:
                continue  # the piece's border is the side
            a, b = corners[k], corners[(k + 1) % 4]
            sides.add((min(a, b), max(a, b)))
    if not sides:
        return
    x0, y0 = centre((0, 0))
    path = lines(
        ((x0 + (c0 - 0.5) * cell, y0 - (r0 - 0.5) * cell), (x0 + (c1 - 0.5) * cell, y0 - (r1 - 0.5) * cell))
        for (r0, c0), (r1, c1) in sorted(sides)
    )
    period = cell / VACANT_DASHES
    dash = (period * VACANT_INK, period * (1 - VACANT_INK))
    surface.shape(path, pen=Pen(VACANT, cell * VACANT_WIDTH, dash=dash))
