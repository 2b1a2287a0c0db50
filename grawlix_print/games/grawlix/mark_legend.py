"""The legend of the colour-blind marks: each colour's shape on a patch of tile face, its letter and name.

A tile printed for colour-blind players carries its colour's letter or shape in
each corner (``tile_drawing.draw_marking``); this figure says which is which, in
the rules (PDF and web) as the sheets' notes do. Drawn from the tile set's data,
on any ``Surface``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...drawing.figure import Figure
from ...drawing.fonts import LETTER_FACE, QUICKSAND, text_width
from ...drawing.ink import BLACK
from ...drawing.surface import Path, Surface, polygon, rectangle
from .tile_look import colour_mark
from .tiles import TileSet

PER_ROW = 3
PATCH = 0.5
"""A patch of tile face as a fraction of the unit (a grid cell, as the other figures use it):
the legend is set at about half the size of the tiles around it."""
ITEM_WIDTH = 4.2
"""An entry's width in patches: the patch, a gap, then the letter and the name."""
ROW_GAP = 0.35
MARK_SIZE = 0.6
"""The shape's side on its patch, as a fraction of the patch."""
TEXT_SIZE = 0.62
SMALLEST = 0.7
"""How far long names may shrink a row of ``PER_ROW`` entries before it takes fewer."""


@dataclass(frozen=True)
class MarkLegend(Figure):
    """Each colour's mark and letter beside its name, in rows of three; a patch is ``PATCH`` units."""

    tile_set: TileSet

    @property
    def item_width(self) -> float:
        """An entry's width in patches: ``ITEM_WIDTH``, or what the longest letter and name need
        and half a patch before the next entry."""
        needed = max(
            1.3 + text_width(c.letter + " ", LETTER_FACE, TEXT_SIZE) + text_width(c.name, QUICKSAND, TEXT_SIZE)
            for c in self.tile_set.colours
        )  # fmt: skip
        return ITEM_WIDTH if needed <= ITEM_WIDTH else needed + 0.5

    @property
    def columns(self) -> int:
        """Entries a row: three, set a little smaller if names are long, or fewer if they are very long."""
        fit = max(1, math.floor(PER_ROW * ITEM_WIDTH / (SMALLEST * self.item_width) + 1e-9))
        return min(fit, PER_ROW, len(self.tile_set.colours))

    @property
    def rows(self) -> int:
        return math.ceil(len(self.tile_set.colours) / self.columns)

    @property
    def characters(self) -> str:
        return "".join(f"{c.letter} {c.name}" for c in self.tile_set.colours)

    def size(self, unit: float) -> tuple[float, float]:
        patch = unit * PATCH
        return self.columns * self.item_width * patch, (self.rows + (self.rows - 1) * ROW_GAP) * patch

    def cell_to_fit(self, width: float, largest: float) -> float:
        return min(largest, width / (self.columns * self.item_width * PATCH))

    def draw(self, surface: Surface, x: float, top: float, cell: float) -> None:
        unit = cell * PATCH
        columns, item_width = self.columns, self.item_width
        for colour in self.tile_set.colours:
            row, column = divmod(colour.index, columns)
            left = x + column * item_width * unit
            cy = top - (row * (1 + ROW_GAP) + 0.5) * unit
            surface.shape(rectangle(left, cy - unit / 2, unit, unit), fill=self.tile_set.face)
            mark = Path()
            for loop in colour_mark(colour):
                mark += polygon((left + unit / 2 + px * MARK_SIZE * unit, cy + py * MARK_SIZE * unit) for px, py in loop)
            surface.shape(mark, fill=BLACK, even_odd=True)  # even-odd: the ring's hole
            size = TEXT_SIZE * unit
            text_x = left + 1.3 * unit
            surface.text(text_x, cy - 0.35 * size, colour.letter, LETTER_FACE, size, BLACK, centred=False)
            name_x = text_x + text_width(colour.letter + " ", LETTER_FACE, size)
            surface.text(name_x, cy - 0.35 * size, colour.name, QUICKSAND, size, BLACK, centred=False)
