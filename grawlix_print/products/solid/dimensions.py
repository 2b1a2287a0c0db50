"""A 3D-printed piece as a function of named dimensions, in millimetres."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ...pieces.shapes import SQUARE, PieceShape
from .footprint import Polygon, extent, inset

STYLES = ("raised", "flat")
"""A raised tile (its relief on top, in a second colour) or a flat blank one."""
RELIEF_FRACTION = 0.68
"""Side of the box a relief (a glyph, a face's picture) is scaled into, as a fraction of a piece's
printed width and depth: its larger side that long on a square, the rest of the top left for the
chamfer and the colour-blind marks in the corners."""


@dataclass(frozen=True)
class SolidTile:
    """A 3D-printed piece: its kind's outline as the body, the relief raised on top.

    ``size`` is the body's width, its place in the grid (across the flats of a
    pointy-top hexagon, a circle's diameter); ``depth`` its extent the other way
    (0: as deep as it is wide). ``shape`` is the outline's entry in the shape
    registry. The printed footprint is ``fit`` smaller all round (half of it on
    each side), so pieces laid edge to edge leave that much play.
    ``elephant_foot`` is a 45-degree chamfer on the bottom edge that takes up the
    flare of a squashed first layer.
    """

    size: float = 28.0
    body_height: float = 9.8
    relief: float = 4.8
    chamfer: float = 0.6
    elephant_foot: float = 0.4
    fit: float = 0.0
    depth: float = 0.0
    shape: PieceShape = field(default=SQUARE)

    @property
    def extents(self) -> tuple[float, float]:
        """Width and depth of the body's place (before the fit)."""
        return (self.size, self.depth or self.size)

    @property
    def footprint(self) -> float:
        """Width of the printed body."""
        return self.size - self.fit

    @cached_property
    def outline(self) -> Polygon:
        """The printed body's outline (its footprint), centred on the origin, anticlockwise; empty
        if the fit leaves none."""
        return inset(self.shape.points(self.extents), self.fit / 2) or ()

    @property
    def footprint_extents(self) -> tuple[float, float]:
        """Width and depth of the printed body."""
        return extent(self.outline) if self.outline else (0.0, 0.0)

    @property
    def relief_box(self) -> float:
        """Side of the square a relief's larger side fills on a square body."""
        return self.footprint * RELIEF_FRACTION

    def relief_scale(self, width: float, height: float, fraction: float = 0.0) -> float:
        """How much a relief's outline (``width`` x ``height``, its larger side 1) is scaled: into a
        box ``fraction`` (0: ``RELIEF_FRACTION``) of the footprint each way."""
        across, deep = self.footprint_extents
        if across == deep:
            return self.footprint * (fraction or RELIEF_FRACTION)
        return (fraction or RELIEF_FRACTION) * min(across / width, deep / height)


SOLID_TILE = SolidTile()
"""The designer's 28 mm tile, its heights moved to layer tops of nearly every common profile.

The designer's model is 10 mm with the glyph 4 mm up. A first layer of 0.2 mm
plus whole layers of 0.08, 0.1, 0.12, 0.15, 0.16, 0.2 or 0.24 mm reaches
9.8 mm (10 mm only for some of them) and 9.8 + 4.8 mm, so the colour change
and the glyph's top both fall on a layer top in all those profiles.
"""
