"""Grids any game plays on, drawn the same way on its printed board and in its rulebook's figures.

A grid is its cells and where they stand: a ``SquareGrid`` (rows and columns),
a ``HexGrid`` (hexagons with a point or a flat side at the top, in a rectangle
of offset rows or columns, or in a large hexagon, addressed by offset or axial
coordinates) or a ``Network`` (named points and the lines between them). A
``GridBoard`` puts a grid on a board of a given cell size: its ``face()`` is
the board a kind prints (the cells, their labels, the lines), its ``figure()``
a position on it for the rulebook (pieces on cells, marks), drawn alike. Like
``grid_diagram``, it decides nothing about a game: a game says which pieces
stand where, from its engine's positions.

Units. A grid measures in cells: one cell is the distance between the centres
of two neighbouring cells (a square's side; a hexagon's width across its
flats). y runs up; the grid's first row is at the top. ``GridBoard.cell_mm``
makes cells millimetres.

Hexagons (after Red Blob Games' guide to hexagonal grids). Pointy-top
hexagons share their upright sides, so they stand in rows; flat-top ones share
their level sides and stand in columns. Offset coordinates are (row, column)
with every odd row (pointy) or column (flat) pushed half a cell on; axial
coordinates are (q, r) with q along a row (pointy) or column (flat) and r
across: the six neighbours of (q, r) are (q+1, r), (q-1, r), (q, r+1),
(q, r-1), (q+1, r-1), (q-1, r+1). A ``radius`` grid is the large hexagon of
every cell within that many steps of (0, 0); its outline has a point at the
top for flat-top cells, a flat side for pointy-top ones.
"""

from __future__ import annotations

import math
import string
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, cast

from ..drawing.figure import Figure
from ..drawing.fonts import QUICKSAND, QUICKSAND_BOLD
from ..drawing.geometry import Box
from ..drawing.icons import circle
from ..drawing.ink import BLACK, Ink
from ..drawing.surface import Face, Path, Pen, Surface, lines, polygon, rectangle
from ..errors import StudioError
from .faces import FaceStyle, PieceFace
from .shapes import FLAT_HEXAGON, HEXAGON

Cell = Hashable
"""A cell's address in its grid's own coordinates: (row, column), (q, r), a point's name."""
Point = tuple[float, float]

ROOT3 = math.sqrt(3.0)
LINE_FRACTION = 0.03
"""A grid's lines: this share of a cell, never under 0.75 pt."""
LABEL_FRACTION = 0.2
"""A cell's label: type this share of a cell tall."""
POINT_FRACTION = 0.22
"""A network's point: a disc this share of a cell across (its radius)."""
PIECE_FRACTION = 0.36
"""A piece in a figure: a disc this share of a cell (its radius)..."""
LABELLED_PIECE = (0.27, 0.08)
"""...or, in a figure that shows the cells' labels, this share (its radius), its centre this share of a
cell below the cell's, clear of the label above it."""
LABEL_RISE = 0.32
"""A cell's label stands this share of a cell above its centre (its middle)."""
MIN_LINE_PT = 0.75


def _pair(cell: Cell) -> tuple[int, int]:
    """A square or hexagonal grid's cell: two whole numbers."""
    a, b = cast(tuple[int, int], cell)
    return a, b


def column_letters(index: int) -> str:
    """``A`` ... ``Z``, ``AA``, ``AB``...: a column's letters, from 0."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = string.ascii_uppercase[rest] + letters
    return letters


class Grid(Protocol):
    """What a board or a figure asks of a grid (module docstring: units, coordinates)."""

    def cells(self) -> tuple[Cell, ...]:
        """Every cell, in reading order."""

    def centre(self, cell: Cell) -> Point:
        """Where the cell's centre stands, in cells, y up."""

    def outline(self, cell: Cell) -> tuple[Point, ...]:
        """The cell's outline as a polygon round its centre (in cells); () for a point."""

    def links(self) -> tuple[tuple[Cell, Cell], ...]:
        """Lines drawn between cells (a network's); () for a grid of touching cells."""

    def label(self, cell: Cell) -> str:
        """What the cell is called on the board (``B3``, ``2,-1``)."""


def extent(grid: Grid) -> Box:
    """The box every cell's outline (or point) takes, in cells."""
    xs: list[float] = []
    ys: list[float] = []
    for cell in grid.cells():
        cx, cy = grid.centre(cell)
        points = grid.outline(cell) or ((-POINT_FRACTION, -POINT_FRACTION), (POINT_FRACTION, POINT_FRACTION))
        xs += [cx + x for x, _ in points]
        ys += [cy + y for _, y in points]
    return Box(min(xs), min(ys), max(xs), max(ys))


@dataclass(frozen=True)
class SquareGrid:
    """``columns`` x ``rows`` squares; a cell is (row, column), rows from the top; labelled ``A1`` for
    the top-left (a letter a column, a number a row) unless ``labels`` says otherwise."""

    columns: int
    rows: int
    labels: Callable[[Cell], str] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.columns < 1 or self.rows < 1:
            raise StudioError(f"a square grid needs at least one row and one column, not {self.columns} x {self.rows}")

    def cells(self) -> tuple[Cell, ...]:
        return tuple((row, column) for row in range(self.rows) for column in range(self.columns))

    def centre(self, cell: Cell) -> Point:
        row, column = _pair(cell)
        return (column + 0.5, -(row + 0.5))

    def outline(self, cell: Cell) -> tuple[Point, ...]:
        return ((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5))

    def links(self) -> tuple[tuple[Cell, Cell], ...]:
        return ()

    def label(self, cell: Cell) -> str:
        if self.labels is not None:
            return self.labels(cell)
        row, column = _pair(cell)
        return f"{column_letters(column)}{row + 1}"


HEX_COORDINATES = ("offset", "axial")


@dataclass(frozen=True)
class HexGrid:
    """Hexagonal cells (module docstring): pointy-top (``pointy``) or flat-top; ``columns`` x ``rows`` of
    them in offset rows (or columns), or every cell within ``radius`` steps of the middle. Cells are
    addressed in ``coordinates``: ``offset`` (row, column) or ``axial`` (q, r); a radius grid is axial.
    Labels: ``A1`` (offset: a letter a column, a number a row) or ``q,r`` (axial), unless ``labels``."""

    columns: int = 0
    rows: int = 0
    pointy: bool = True
    coordinates: str = "offset"
    radius: int | None = None
    labels: Callable[[Cell], str] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.coordinates not in HEX_COORDINATES:
            raise StudioError(f"hexagonal coordinates are {' or '.join(HEX_COORDINATES)}, not {self.coordinates!r}")
        if self.radius is not None:
            if self.radius < 0:
                raise StudioError(f"a hexagonal grid's radius is a whole number of cells, not {self.radius}")
            object.__setattr__(self, "coordinates", "axial")
        elif self.columns < 1 or self.rows < 1:
            raise StudioError(f"a hexagonal grid needs at least one row and one column, not {self.columns} x {self.rows}")

    # Offset (row, column) and axial (q, r), as the module docstring says.
    def to_axial(self, row: int, column: int) -> tuple[int, int]:
        if self.pointy:  # odd rows pushed right
            return (column - (row - (row & 1)) // 2, row)
        return (column, row - (column - (column & 1)) // 2)  # odd columns pushed down

    def to_offset(self, q: int, r: int) -> tuple[int, int]:
        if self.pointy:
            return (r, q + (r - (r & 1)) // 2)
        return (r + (q - (q & 1)) // 2, q)

    def _axial(self, cell: Cell) -> tuple[int, int]:
        a, b = _pair(cell)
        return (a, b) if self.coordinates == "axial" else self.to_axial(a, b)

    def cells(self) -> tuple[Cell, ...]:
        if self.radius is not None:
            n = self.radius
            if self.pointy:
                return tuple((q, r) for r in range(-n, n + 1) for q in range(-n, n + 1) if abs(q + r) <= n)
            return tuple((q, r) for q in range(-n, n + 1) for r in range(-n, n + 1) if abs(q + r) <= n)
        offsets = [(row, column) for row in range(self.rows) for column in range(self.columns)]
        if self.coordinates == "offset":
            return tuple(offsets)
        return tuple(self.to_axial(row, column) for row, column in offsets)

    def centre(self, cell: Cell) -> Point:
        q, r = self._axial(cell)
        if self.pointy:
            return (q + r / 2, -r * ROOT3 / 2)
        return (q * ROOT3 / 2, -(r + q / 2))

    def outline(self, cell: Cell) -> tuple[Point, ...]:
        """A cell one across the flats: the shape registry's hexagon, as the pieces on it are cut."""
        shape = HEXAGON if self.pointy else FLAT_HEXAGON
        return shape.points(cast(tuple[float, float], shape.size_of(1.0)))

    def links(self) -> tuple[tuple[Cell, Cell], ...]:
        return ()

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The cells next to ``cell`` that the grid holds, in its coordinates."""
        q, r = self._axial(cell)
        found = set(self.cells())
        steps = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
        near = [(q + dq, r + dr) for dq, dr in steps]
        if self.coordinates == "offset":
            near = [self.to_offset(a, b) for a, b in near]
        return tuple(c for c in near if c in found)

    def label(self, cell: Cell) -> str:
        if self.labels is not None:
            return self.labels(cell)
        a, b = _pair(cell)
        if self.coordinates == "axial":
            return f"{a},{b}"
        return f"{column_letters(b)}{a + 1}"


@dataclass(frozen=True)
class Network:
    """Named points (``points``: name -> (x, y) in cells, y up) and the lines between them (``lines``,
    pairs of names): a point-to-point map. A cell is a point's name; its label is the name."""

    points: Mapping[str, Point]
    lines: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if not self.points:
            raise StudioError("a network needs at least one point")
        for a, b in self.lines:
            for end in (a, b):
                if end not in self.points:
                    raise StudioError(f"a line of the network runs to {end!r}, which is not one of its points")

    def cells(self) -> tuple[Cell, ...]:
        return tuple(self.points)

    def centre(self, cell: Cell) -> Point:
        return self.points[cell]  # type: ignore[index]

    def outline(self, cell: Cell) -> tuple[Point, ...]:
        return ()

    def links(self) -> tuple[tuple[Cell, Cell], ...]:
        return tuple(self.lines)

    def label(self, cell: Cell) -> str:
        return str(cell)


def hexagon_around(points: Sequence[Point], pointy: bool = True) -> tuple[float, float]:
    """The smallest regular hexagon centred on the origin that holds ``points``, as (width, height):
    pointy-top (flats left and right), or flat-top."""
    half = 0.0
    for x, y in points:
        along, across = (x, y) if pointy else (y, x)
        # Inside a pointy-top hexagon of half-width a: |x| <= a and |y| + |x| / sqrt 3 <= 2a / sqrt 3.
        half = max(half, abs(along), (abs(across) + abs(along) / ROOT3) * ROOT3 / 2)
    width, height = 2 * half, 4 * half / ROOT3
    return (width, height) if pointy else (height, width)


BOARD_OUTLINES = ("rectangle", "hexagon")


@dataclass(frozen=True)
class GridBoard:
    """A board printed with ``grid``, ``cell_mm`` a cell, on ``paper``, its lines in ``line``.

    ``outline`` is the board's own shape: a ``rectangle`` round the cells, or a (pointy-top)
    ``hexagon`` round them (a kind of ``Shape.HEXAGON``); ``margin`` is the room beyond the cells,
    in cells. ``labels`` prints each cell's label; ``size`` is the board's, in millimetres.
    """

    grid: Grid
    cell_mm: float
    paper: Ink
    line: Ink = BLACK
    outline: str = "rectangle"
    margin: float = 0.5
    labels: bool = True
    name: str = "board"
    label_face: Face = QUICKSAND

    def __post_init__(self) -> None:
        if self.outline not in BOARD_OUTLINES:
            raise StudioError(f"a board's outline is {' or '.join(BOARD_OUTLINES)}, not {self.outline!r}")
        if not self.cell_mm > 0:
            raise StudioError(f"a board's cells must be larger than 0 mm, not {self.cell_mm:g}")

    def _corners(self) -> list[Point]:
        """Every cell corner (or point), from the cells' middle, in cells."""
        box = extent(self.grid)
        mx, my = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
        found = []
        for cell in self.grid.cells():
            cx, cy = self.grid.centre(cell)
            points = self.grid.outline(cell) or tuple(
                (POINT_FRACTION * math.cos(k * math.pi / 4), POINT_FRACTION * math.sin(k * math.pi / 4)) for k in range(8))
            found += [(cx + x - mx, cy + y - my) for x, y in points]
        return found

    @property
    def size_in_cells(self) -> Point:
        box = extent(self.grid)
        if self.outline == "hexagon":
            width, height = hexagon_around(self._corners())
            grown = width + 2 * self.margin
            return (grown, grown * 2 / ROOT3)
        return (box.width + 2 * self.margin, box.height + 2 * self.margin)

    @property
    def size(self) -> Point:
        """The board's cut size in millimetres: a kind's ``size``."""
        width, height = self.size_in_cells
        return (width * self.cell_mm, height * self.cell_mm)

    def place(self, cell: Cell, x: float, y: float, unit: float) -> Point:
        """Where ``cell``'s centre lands on a board drawn with its lower-left corner at (x, y), ``unit`` a cell."""
        box = extent(self.grid)
        width, height = self.size_in_cells
        cx, cy = self.grid.centre(cell)
        return (x + (width / 2 + cx - (box.x0 + box.x1) / 2) * unit, y + (height / 2 + cy - (box.y0 + box.y1) / 2) * unit)

    def draw(self, surface: Surface, x: float, y: float, unit: float, labels: bool | None = None) -> None:
        """The grid at ``unit`` a cell, the board's lower-left corner at (x, y): links, cells, points, labels."""
        width = max(unit * LINE_FRACTION, MIN_LINE_PT / surface.unit_pt)
        links = [(self.place(a, x, y, unit), self.place(b, x, y, unit)) for a, b in self.grid.links()]
        if links:
            surface.shape(lines(links), pen=Pen(self.line, 2 * width))
        cells = Path()
        points = Path()
        for cell in self.grid.cells():
            cx, cy = self.place(cell, x, y, unit)
            outline = self.grid.outline(cell)
            if outline:
                cells += polygon([(cx + px * unit, cy + py * unit) for px, py in outline])
            else:
                points += circle(cx, cy, POINT_FRACTION * unit)
        if cells.operations:
            surface.shape(cells, pen=Pen(self.line, width))
        if points.operations:
            surface.shape(points, fill=self.paper, pen=Pen(self.line, width))
        if self.labels if labels is None else labels:
            size = LABEL_FRACTION * unit
            for cell in self.grid.cells():
                cx, cy = self._label_at(cell, x, y, unit)
                surface.text(cx, cy - size * 0.35, self.grid.label(cell), self.label_face, size, self.line)

    def _label_at(self, cell: Cell, x: float, y: float, unit: float) -> Point:
        """Where a cell's label stands: near the top of a cell, under a network's point."""
        cx, cy = self.place(cell, x, y, unit)
        if not self.grid.outline(cell):
            return (cx, cy - (POINT_FRACTION + LABEL_FRACTION * 0.8) * unit)
        return (cx, cy + LABEL_RISE * unit)

    def features(self) -> tuple[Box, ...]:
        """Each cell's label and middle, in millimetres on the printed board: where no seam should cut."""
        unit = self.cell_mm
        size = LABEL_FRACTION * unit
        found = []
        for cell in self.grid.cells():
            lx, ly = self._label_at(cell, 0.0, 0.0, unit)
            half = size * 0.3 * max(1, len(self.grid.label(cell)))
            found.append(Box(lx - half, ly - size * 0.5, lx + half, ly + size * 0.5))
            cx, cy = self.place(cell, 0.0, 0.0, unit)
            found.append(Box(cx - 0.1 * unit, cy - 0.1 * unit, cx + 0.1 * unit, cy + 0.1 * unit))
        return tuple(found)

    def face(self, description: str = "the board", name: str | None = None, size: Point | None = None,
             paper: Ink | None = None) -> PieceFace:  # fmt: skip
        """The printed board: its ground (``paper``, else the board's) to the bleed, then the grid in
        the middle. ``size`` (mm) makes the face larger than the grid needs (a 420 x 297 mm board)."""
        board_w, board_h = self.size_in_cells
        width, height = size or self.size
        if width < self.size[0] - 1e-6 or height < self.size[1] - 1e-6:
            raise StudioError(f"a board of {width:g} x {height:g} mm is smaller than its grid"
                              f" ({self.size[0]:.1f} x {self.size[1]:.1f} mm)")  # fmt: skip
        ink = paper or self.paper
        dx, dy = (width - self.size[0]) / 2, (height - self.size[1]) / 2
        features = tuple(Box(f.x0 + dx, f.y0 + dy, f.x1 + dx, f.y1 + dy) for f in self.features())

        def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
            if style.ground:
                b = style.bleed
                surface.shape(rectangle(x - b, y - b, w + 2 * b, h + 2 * b), fill=ink)
            unit = min(w / width, h / height) * self.cell_mm  # a face may be drawn at another size
            self.draw(surface, x + (w - board_w * unit) / 2, y + (h - board_h * unit) / 2, unit)

        return PieceFace(name or self.name, description, width, height, draw, ink, features)

    def figure(self, pieces: Mapping[Cell, Ink | PieceFace], marks: Mapping[str, Cell] | None = None,
               labels: bool = False) -> Figure:  # fmt: skip
        """A position on the board for the rulebook: a disc of each ink (or a piece's face) on its cell,
        ``marks`` (a ``?``, a ``!``) on theirs; the cells' labels if ``labels``."""
        for cell in [*pieces, *(marks or {}).values()]:
            if cell not in set(self.grid.cells()):
                raise StudioError(f"the figure puts something on {cell!r}, which is not a cell of the board")
        return GridFigure(self, dict(pieces), dict(marks or {}), labels)


@dataclass(frozen=True)
class GridFigure(Figure):
    """A ``GridBoard.figure``: the board's grid, pieces and marks, drawn at ``unit`` a cell."""

    board: GridBoard
    pieces: Mapping[Cell, Ink | PieceFace] = field(compare=False)
    marks: Mapping[str, Cell] = field(compare=False)
    labels: bool = False

    def size(self, unit: float) -> tuple[float, float]:
        width, height = self.board.size_in_cells
        return (width * unit, height * unit)

    def cell_to_fit(self, width: float, largest: float) -> float:
        return min(largest, width / self.board.size_in_cells[0])

    def draw(self, surface: Surface, x: float, top: float, unit: float) -> None:
        width, height = self.size(unit)
        bottom = top - height
        board = self.board
        outline = (rectangle(x, bottom, width, height) if board.outline == "rectangle"
                   else _hexagon(x + width / 2, bottom + height / 2, width, height))  # fmt: skip
        surface.shape(outline, fill=board.paper)
        board.draw(surface, x, bottom, unit, labels=self.labels)
        line = max(unit * LINE_FRACTION, MIN_LINE_PT / surface.unit_pt)
        radius, lower = LABELLED_PIECE if self.labels else (PIECE_FRACTION, 0.0)
        for cell, piece in self.pieces.items():
            cx, cy = board.place(cell, x, bottom, unit)
            cy -= lower * unit
            if isinstance(piece, PieceFace):
                from .grid_diagram import stamp_piece

                stamp_piece(surface, piece, cx, cy, unit * radius * 2.2, FaceStyle())
            else:
                surface.shape(circle(cx, cy, unit * radius), fill=piece, pen=Pen(BLACK, line))
        size = unit * radius * 1.5
        for mark, cell in self.marks.items():
            cx, cy = board.place(cell, x, bottom, unit)
            surface.text(cx, cy - lower * unit - size * 0.36, mark, QUICKSAND_BOLD, size, BLACK)

    @property
    def characters(self) -> str:
        labels = "".join(self.board.grid.label(c) for c in self.board.grid.cells()) if self.labels else ""
        return "".join(self.marks) + labels


def _hexagon(cx: float, cy: float, width: float, height: float) -> Path:
    return polygon([(cx, cy + height / 2), (cx - width / 2, cy + height / 4), (cx - width / 2, cy - height / 4),
                    (cx, cy - height / 2), (cx + width / 2, cy - height / 4), (cx + width / 2, cy + height / 4)])  # fmt: skip
