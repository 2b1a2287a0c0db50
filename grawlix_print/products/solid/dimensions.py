"""A 3D-printed tile as a function of named dimensions, in millimetres."""

from __future__ import annotations

from dataclasses import dataclass

RELIEF_FRACTION = 0.68
"""Side of the square box a relief (a glyph, a face's picture) is scaled into, as a fraction of
a tile's printed side: its larger side that long, the rest of the top left for the chamfer and
the colour-blind marks in the corners."""


@dataclass(frozen=True)
class SolidTile:
    """A 3D-printed tile: square body with the relief raised on top.

    ``size`` is the tile's place in the grid; the printed footprint is
    ``fit`` smaller, so tiles laid edge to edge leave that much play.
    ``elephant_foot`` is a 45-degree chamfer on the bottom edge that takes
    up the flare of a squashed first layer.
    """

    size: float = 28.0
    body_height: float = 9.8
    relief: float = 4.8
    chamfer: float = 0.6
    elephant_foot: float = 0.4
    fit: float = 0.0

    @property
    def footprint(self) -> float:
        """Side of the printed body."""
        return self.size - self.fit

    @property
    def relief_box(self) -> float:
        """Side of the square a relief's larger side fills."""
        return self.footprint * RELIEF_FRACTION


SOLID_TILE = SolidTile()
"""The designer's 28 mm tile, its heights moved to layer tops of nearly every common profile.

The designer's model is 10 mm with the glyph 4 mm up. A first layer of 0.2 mm
plus whole layers of 0.08, 0.1, 0.12, 0.15, 0.16, 0.2 or 0.24 mm reaches
9.8 mm (10 mm only for some of them) and 9.8 + 4.8 mm, so the colour change
and the glyph's top both fall on a layer top in all those profiles.
"""

