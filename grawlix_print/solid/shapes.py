"""Flat shapes in millimetres on the tile's top: the glyph and the colour-blind marks.

A ``Shape2D`` is one solid piece: an outer contour and its holes, each a
loop of segments (2 points: a line; 4 points: a cubic Bezier), placed on the
tile with its centre at the origin. The CAD model extrudes them; the checks
(stroke widths, clearances) measure their flattened polygons. No CAD here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..tile.outline import Contour, Outline, Segment

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

    A hole belongs to the outer loop that contains its first corner.
    """
    outers = [p for p in polygons if _area(p) > 0]
    holes = [p for p in polygons if _area(p) <= 0]
    shapes = []
    for outer in outers:
        inside = [h for h in holes if _inside(h[0], outer)]
        shapes.append(
            Shape2D(_polygon_loop(outer, place), tuple(_polygon_loop(h, place) for h in inside))
        )
    return shapes


def bounds(shapes: list[Shape2D]) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of the shapes' polygons."""
    points = [pt for shape in shapes for polygon in shape.polygons() for pt in polygon]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def clearance(a: list[Shape2D], b: list[Shape2D]) -> float:
    """The shortest distance between the outlines of two groups of shapes (0 if they cross)."""
    import numpy as np

    def edges(shapes):
        starts, ends = [], []
        for shape in shapes:
            for polygon in shape.polygons():
                p = np.asarray(polygon, dtype=float)
                starts.append(p)
                ends.append(np.roll(p, -1, axis=0))
        return np.concatenate(starts), np.concatenate(ends)

    (a0, a1), (b0, b1) = edges(a), edges(b)
    if _any_inside(a, b0) or _any_inside(b, a0):
        return 0.0
    return float(min(_point_segment(a0, b0, b1).min(), _point_segment(b0, a0, a1).min()))


def _any_inside(shapes: list[Shape2D], points) -> bool:
    for shape in shapes:
        outer, *holes = shape.polygons()
        for point in points[:: max(1, len(points) // 200)]:
            if _inside(tuple(point), outer) and not any(_inside(tuple(point), h) for h in holes):
                return True
    return False


def _point_segment(points, starts, ends):
    """Distance from each point to its nearest segment."""
    import numpy as np

    d = ends - starts
    length2 = np.maximum((d * d).sum(axis=1), 1e-18)
    t = np.clip(np.einsum("pkj,kj->pk", points[:, None, :] - starts[None], d) / length2, 0, 1)
    nearest = starts[None] + t[..., None] * d[None]
    return np.sqrt(((points[:, None, :] - nearest) ** 2).sum(-1)).min(axis=1)


def _loop(contour: Contour, place: Placement) -> Loop:
    return tuple(tuple(place(p) for p in segment.points) for segment in contour.segments)


def _polygon_loop(polygon: list[Point], place: Placement) -> Loop:
    corners = [place(p) for p in polygon]
    return tuple((a, b) for a, b in zip(corners, corners[1:] + corners[:1]))


def _flatten(loop: Loop, tolerance: float) -> list[Point]:
    return [point for segment in loop for point in Segment(segment).flatten(tolerance)]


def _area(polygon: list[Point]) -> float:
    return 0.5 * sum(
        x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1])
    )


def _inside(point: Point, polygon: list[Point]) -> bool:
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside
