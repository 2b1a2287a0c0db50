"""Physical dimensions of paper and 3D-printed tiles, in millimetres."""

from __future__ import annotations

from dataclasses import dataclass

PAPER_TILE_MM = 25.4
"""Paper tiles and stickers: one inch, the size of the designer's wooden squares."""

GLYPH_FRACTION = 0.68
"""Side of the glyph's square box as a fraction of the tile side."""


@dataclass(frozen=True)
class SolidTile:
    """A 3D-printed tile: square body with the glyph raised on top."""

    size: float = 28.0
    body_height: float = 10.0
    relief: float = 4.0
    chamfer: float = 0.6

    @property
    def glyph_box(self) -> float:
        return self.size * GLYPH_FRACTION


SOLID_TILE = SolidTile()
"""The designer's published model: 28 x 28 mm, 10 mm body, glyph raised 4 mm."""

