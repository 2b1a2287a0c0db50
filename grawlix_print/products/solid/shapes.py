"""Flat shapes in millimetres on the tile's top: the glyph and the colour-blind marks.

A ``Shape2D`` is one solid piece: an outer contour and its holes, each a
loop of segments (2 points: a line; 4 points: a cubic Bezier), placed on the
tile with its centre at the origin. The CAD model extrudes them; the checks
(stroke widths) measure their flattened polygons. No CAD here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the outline reader (fontTools) is loaded only when shapes are made
    from ...drawing.outline import Contour, Outline

Point = tuple[float, float]
Loop = tuple[tuple[Point, ...], ...]
"""A closed loop of segments, each a tuple of 2 (line) or 4 (cubic Bezier) points."""


@dataclass(frozen=True)
class Shape2D:
    outer: Loop
    holes: tuple[Loop, ...] = ()

    def polygons(self, tolerance: float = 0.01) -> list[list[Point]]:
        """The outer loop and the holes as polygons, to within ``tolerance`` millimetres."""
        return [_flatten(loop, tolerance) for loop in (self.outer, *self.holes)]


@dataclass(frozen=True)
class Placement:
    """Scale a unit shape, turn it (degrees, anticlockwise) about its centre, then move it."""

    scale: float
    x: float = 0.0
    y: float = 0.0
    turn: float = 0.0

    def __call__(self, point: Point) -> Point:
        c, s = math.cos(math.radians(self.turn)), math.sin(math.radians(self.turn))
        px, py = point[0] * self.scale, point[1] * self.scale
        return (self.x + c * px - s * py, self.y + s * px + c * py)


def outline_shapes(outline: Outline, place: Placement) -> list[Shape2D]:
    """A glyph or letter outline (unit box, centred) placed on the tile."""
    return [
        Shape2D(_loop(region.outer, place), tuple(_loop(hole, place) for hole in region.holes))
        for region in outline.regions()
    ]


def polygon_shapes(polygons: list[list[Point]], place: Placement) -> list[Shape2D]:
    """Polygons in a unit box (outer loops anticlockwise, holes clockwise) placed on the tile.

    They become an ``Outline`` of straight segments, so holes pair with their outer
    loop by the tile definition's own rule.
    """
    from ...drawing.outline import Contour, Outline, Segment

    contours = tuple(
        Contour(tuple(Segment((a, b)) for a, b in zip(p, p[1:] + p[:1])), _area(p) < 0)
        for p in polygons
    )
    return outline_shapes(Outline(contours, 1.0, 1.0), place)


def _loop(contour: Contour, place: Placement) -> Loop:
    return tuple(tuple(place(p) for p in segment.points) for segment in contour.segments)


def _flatten(loop: Loop, tolerance: float) -> list[Point]:
    from ...drawing.outline import Segment

    return [point for segment in loop for point in Segment(segment).flatten(tolerance)]


def _area(polygon: list[Point]) -> float:
    return 0.5 * sum(
        x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1])
    )
