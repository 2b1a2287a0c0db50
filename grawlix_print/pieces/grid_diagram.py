"""Grid diagrams: tiles on a square grid, dotted vacant squares, marker labels, loose tiles below.

A ``Picture`` is what to draw, in grid terms; a game builds it from a
position and its engine's answers (which squares are dotted, which tiles lie
loose), then it is drawn at any cell size on any ``Surface`` (a PDF page or
an SVG picture): the same picture in the leaflet and on the web. It is a
``Figure``; it never decides legality.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from .tiles import Tile, TileSet
from ..drawing.figure import Figure
from ..drawing.fonts import LABEL
from ..drawing.ink import BLACK
from ..drawing.surface import Face, Pen, Surface, lines
from .tile_drawing import TileStyle, draw_tile

Location = tuple[int, int]
"""(row, column), rows counted downwards, as a game's positions give them."""


def diagram_style(tiles: TileSet) -> TileStyle:
    """Tiles in diagrams: the designer's look, with neighbouring borders drawn as one line."""
    return TileStyle(face=tiles.face, frame=DIAGRAM_FRAME)


DIAGRAM_FRAME = 0.03
"""The dark border of a diagram's tile, as a fraction of the cell: neighbours share it."""
VACANT = BLACK
VACANT_WIDTH = 0.035  # dash weight, fraction of the cell (1.3 pt in the leaflet, 1.5 px on screen)
VACANT_DASHES = 12  # dashes along one side of a square, a dash starting at each corner
VACANT_INK = 0.6
"""The share of a side the dashes cover: a little more than the gaps, as the designer's do."""
LABEL_SIZE = 0.72
"""The ``?`` and ``!`` markers' type size, as a fraction of the cell: bold and black, to read
at arm's length."""
LOOSE_ANGLES = (30.0, 15.0, -30.0, -15.0, 22.0, -22.0)
"""Turns of the loose tiles under the cover grid (anticlockwise, degrees), repeated."""
LOOSE_PITCH = 2.0  # cells between the centres of loose tiles
LOOSE_GAP = 1.75  # cells from the grid's lower edge to the first row of loose tiles' centres


@dataclass(frozen=True)
class Picture(Figure):
    """Tiles on a grid, optional dotted vacant squares and labels, plus loose tiles below."""

    tile_set: TileSet
    tiles: dict[Location, Tile]
    vacant: tuple[Location, ...] = ()
    labels: dict[str, Location] = field(default_factory=dict)
    loose: tuple[Tile, ...] = ()

    @property
    def characters(self) -> str:
        """The labels' characters: what a screen edition's web font must hold."""
        return "".join(self.labels)

    @property
    def cells(self) -> list[Location]:
        return [*self.tiles, *self.vacant, *self.labels.values()]

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """(top row, left column, bottom row, right column) of everything on the grid."""
        cells = self.cells
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

    def loose_per_row(self) -> int:
        return max(1, math.floor(self.columns / LOOSE_PITCH))

    def loose_rows(self) -> int:
        return math.ceil(len(self.loose) / self.loose_per_row()) if self.loose else 0

    def height_in_cells(self) -> float:
        """Grid rows, plus room for the turned loose tiles (their corners reach past the cell)."""
        if not self.loose:
            return self.rows
        reach = max(_turned_half(a) for a in LOOSE_ANGLES)
        return self.rows + LOOSE_GAP + (self.loose_rows() - 1) * LOOSE_PITCH + reach

    def size(self, cell: float) -> tuple[float, float]:
        return self.columns * cell, self.height_in_cells() * cell

    def cell_to_fit(self, width: float, largest: float) -> float:
        """The largest cell up to ``largest`` with which the picture fits ``width``."""
        return min(largest, width / self.columns)

    def draw(
        self, surface: Surface, x: float, top: float, cell: float, label_face: Face = LABEL,
        style: TileStyle | None = None,
    ) -> None:  # fmt: skip
        """Draw with the picture's top-left corner at (x, top)."""
        style = style or diagram_style(self.tile_set)
        first_row, first_column, _, _ = self.bounds

        def centre(location: Location) -> tuple[float, float]:
            r, c = location
            return x + (c - first_column + 0.5) * cell, top - (r - first_row + 0.5) * cell

        with surface.transformed():
            _draw_vacant(surface, self.vacant, set(self.tiles), centre, cell)
            size = grid_tile_size(cell, style)
            for location, tile in self.tiles.items():
                stamp_tile(surface, tile, *centre(location), size, style)
            font_size = cell * LABEL_SIZE
            for label, location in self.labels.items():
                cx, cy = centre(location)
                surface.text(cx, cy - font_size * 0.36, label, label_face, font_size, BLACK)
            if self.loose:
                self._draw_loose(surface, x, top - (self.rows + LOOSE_GAP) * cell, cell, style)

    def _draw_loose(
        self, surface: Surface, x: float, first_y: float, cell: float, style: TileStyle
    ) -> None:
        per_row = self.loose_per_row()
        width = self.columns * cell
        for k, tile in enumerate(self.loose):
            row, place = divmod(k, per_row)
            in_row = min(per_row, len(self.loose) - row * per_row)
            cx = x + width / 2 + (place - (in_row - 1) / 2) * LOOSE_PITCH * cell
            cy = first_y - row * LOOSE_PITCH * cell
            angle = LOOSE_ANGLES[k % len(LOOSE_ANGLES)]
            stamp_tile(surface, tile, cx, cy, grid_tile_size(cell, style), style, angle)  # as in the grid


def _turned_half(angle: float) -> float:
    """Half the height, in cells, of a unit square turned by ``angle`` degrees."""
    a = math.radians(angle)
    return (abs(math.cos(a)) + abs(math.sin(a))) / 2


STAMP_UNIT = 100.0
"""A stamped tile's side in its own units; each use scales it to size."""


def stamp_tile(
    surface: Surface, tile: Tile, cx: float, cy: float, size: float, style: TileStyle,
    angle: float = 0.0,
) -> None:  # fmt: skip
    """A tile drawn once per document and stamped wherever it appears.

    A diagram tile is two dozen curves; the leaflet shows ninety of them per
    document, mostly repeats. Stamping keeps files small and builds fast, and
    the one drawing is still ``draw_tile``'s. The outline is widened for small
    tiles before stamping, so it never falls under ``MIN_OUTLINE_PT``.
    """
    style = style.at_size(size, surface.unit_pt)
    with surface.transformed(cx, cy, angle, size / STAMP_UNIT):
        surface.stamp(
            ("tile", tile.index, style),
            STAMP_UNIT / 2 + 1,
            lambda s: draw_tile(s, tile, 0, 0, STAMP_UNIT, style),
        )


def grid_tile_size(cell: float, style: TileStyle) -> float:
    """The tile side that puts each border centred on the cell edge.

    ``draw_tile`` keeps its border inside the tile; enlarging the tile by the
    border width makes the borders of neighbouring tiles coincide, so a grid
    shows single lines like the designer's diagrams.
    """
    return cell / (1 - style.frame)


def _draw_vacant(
    surface: Surface, vacant: Iterable[Location], tiles: set[Location], centre, cell: float
) -> None:
    """Dotted squares: black dashes, as the designer draws them. Each shared side is drawn
    once, so neighbouring squares' dashes line up."""
    sides: set[tuple[Location, Location]] = set()
    for r, c in vacant:
        corners = [(r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c)]
        neighbours = [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]
        for k, neighbour in enumerate(neighbours):
            if neighbour in tiles:
                continue  # the tile's border is the side
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
