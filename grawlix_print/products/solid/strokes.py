"""How thin a relief's strokes are, measured on its outline polygons.

The thinnest stroke decides the smallest tile a nozzle can still print: a
stroke under two nozzle widths (0.8 mm) comes out ragged or not at all.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from ...drawing.outline import Outline, Point

STROKE_TOLERANCE = 0.0005
"""Flattening tolerance (in relief-box units) for measuring strokes: 0.01 mm on a 19 mm glyph."""

FACING_WALLS_DEGREES = 30.0
"""A stroke has two walls facing each other; walls meeting at a wider angle form a corner."""

_SAMPLES_PER_EDGE = (0.1, 0.5, 0.9)


def thinnest_stroke(polygons: list[list[Point]]) -> float:
    """The narrowest distance across ink between two walls that face each other.

    Returns ``inf`` for a shape with no facing walls. See ``stroke_widths``.
    """
    _, _, widths = stroke_widths(polygons)
    return float(widths.min()) if widths.size else math.inf


def stroke_widths(polygons: list[list[Point]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Ray origins, inward directions and the stroke width measured along each ray.

    From points along every edge a ray goes inwards (ink lies left of each
    edge: outer loops run anticlockwise, holes clockwise) to the first wall
    it meets. That distance counts as a stroke width only when the wall hit
    faces back within ``FACING_WALLS_DEGREES``; a ray that runs into the
    other side of a sharp corner measures the corner, not a stroke, and its
    width is ``inf``.
    """
    starts = np.concatenate([np.asarray(p, dtype=float) for p in polygons])
    ends = np.concatenate([np.roll(np.asarray(p, dtype=float), -1, axis=0) for p in polygons])
    along = ends - starts
    lengths = np.hypot(along[:, 0], along[:, 1])
    keep = lengths > 1e-12
    starts, along, lengths = starts[keep], along[keep], lengths[keep]
    normals = np.stack([-along[:, 1], along[:, 0]], axis=1) / lengths[:, None]

    fractions = np.asarray(_SAMPLES_PER_EDGE)
    origins = (starts[:, None, :] + fractions[None, :, None] * along[:, None, :]).reshape(-1, 2)
    edge_of_ray = np.repeat(np.arange(len(starts)), len(fractions))
    directions = normals[edge_of_ray]

    # Ray origin + t * direction meets edge start + s * along, 0 <= s <= 1.
    offset = starts[None, :, :] - origins[:, None, :]
    denominator = _cross(directions[:, None, :], along[None, :, :])
    with np.errstate(divide="ignore", invalid="ignore"):
        t = _cross(offset, along[None, :, :]) / denominator
        s = _cross(offset, directions[:, None, :]) / denominator
    hits = (denominator != 0) & (t > 1e-12) & (s >= 0) & (s <= 1)
    hits[np.arange(len(origins)), edge_of_ray] = False
    t = np.where(hits, t, np.inf)
    first_wall = np.argmin(t, axis=1)
    distance = t[np.arange(len(origins)), first_wall]
    facing = np.einsum("ij,ij->i", directions, normals[first_wall])
    facing_walls = facing <= -math.cos(math.radians(FACING_WALLS_DEGREES))
    return origins, directions, np.where(facing_walls, distance, np.inf)


@lru_cache(maxsize=64)
def outline_stroke(outline: Outline) -> float:
    """Thinnest stroke of a relief's outline (a glyph's), as a fraction of the box it fills."""
    return thinnest_stroke(outline.polygons(STROKE_TOLERANCE))


def _cross(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]
