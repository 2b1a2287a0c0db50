"""Points and upright boxes in a page's millimetres: the geometry a layout works out before any
drawing, importing nothing that draws (so a sheet's or a box's layout stays pure and quick)."""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True)
class Box:
    """An upright rectangle: lower-left (x0, y0), upper-right (x1, y1)."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def centre(self) -> Point:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    def grown(self, by: float) -> Box:
        return Box(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)

    def mirrored(self, axis_x: float) -> Box:
        """The box reflected across the vertical line ``x = axis_x``."""
        return Box(2 * axis_x - self.x1, self.y0, 2 * axis_x - self.x0, self.y1)

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """As a document's page boxes take it: (left, bottom, right, top)."""
        return (self.x0, self.y0, self.x1, self.y1)
