"""A 3D body's outline at each height: its footprint, moved in for the chamfers and the fit.

The body of a piece is its kind's outline (the shape registry's polygon at the
body's size) extruded, with its top edge and its bottom edge chamfered. A chamfer
is the outline moved in by its width: each side moved along its inward normal,
each corner where the moved sides meet (a mitre), so a square stays a square, a
hexagon a hexagon and a flattened circle the same many-sided polygon, corner for
corner, which is what a ruled loft through the sections needs. A side too short
for the move (a narrow neck, a sharp notch) would turn over: refused. Pure
arithmetic, no CAD.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy is loaded when an outline is worked out, not with the plan (the web edition)
    import numpy as np

Point = tuple[float, float]
Polygon = tuple[Point, ...]


def inset(points: Sequence[Point], by: float) -> Polygon | None:
    """The closed polygon ``points`` (anticlockwise) moved in by ``by`` mm, corner for corner; None
    if a side would turn over (the polygon has a part narrower than twice ``by``). ``by`` 0 is the
    polygon itself."""
    import numpy as np

    if by == 0:
        return tuple((float(x), float(y)) for x, y in points)
    p = np.asarray(points, dtype=float)
    along = np.roll(p, -1, axis=0) - p  # side k runs from corner k to corner k + 1
    lengths = np.hypot(along[:, 0], along[:, 1])
    normals = np.stack([-along[:, 1], along[:, 0]], axis=1) / lengths[:, None]  # inward, anticlockwise
    before = np.roll(normals, 1, axis=0)  # the side ending at each corner
    cosine = np.einsum("ij,ij->i", before, normals)
    moved = p + by * (before + normals) / (1 + cosine)[:, None]
    turned = np.roll(moved, -1, axis=0) - moved
    if (np.einsum("ij,ij->i", turned, along) <= 0).any() or (1 + cosine <= 1e-9).any():
        return None
    result = tuple((float(x), float(y)) for x, y in moved)
    return result if not crosses_itself(result) else None


def area(points: Sequence[Point]) -> float:
    """The area a polygon encloses, positive when it runs anticlockwise."""
    import numpy as np

    p = np.asarray(points, dtype=float)
    q = np.roll(p, -1, axis=0)
    return float(np.sum(p[:, 0] * q[:, 1] - q[:, 0] * p[:, 1]) / 2)


def perimeter(points: Sequence[Point]) -> float:
    """The length of a closed polygon's outline."""
    import numpy as np

    p = np.asarray(points, dtype=float)
    return float(np.hypot(*(np.roll(p, -1, axis=0) - p).T).sum())


def crosses_itself(points: Sequence[Point]) -> bool:
    """Whether two sides of the closed polygon that are not neighbours cross or touch."""
    import numpy as np

    p = np.asarray(points, dtype=float)
    n = len(p)
    if n < 4:
        return False
    a0, a1 = p[:, None], np.roll(p, -1, axis=0)[:, None]
    b0, b1 = p[None], np.roll(p, -1, axis=0)[None]

    def side(o: np.ndarray, e: np.ndarray, q: np.ndarray) -> np.ndarray:
        return (e[..., 0] - o[..., 0]) * (q[..., 1] - o[..., 1]) - (e[..., 1] - o[..., 1]) * (q[..., 0] - o[..., 0])

    crossing = (side(b0, b1, a0) * side(b0, b1, a1) <= 0) & (side(a0, a1, b0) * side(a0, a1, b1) <= 0)
    index = np.arange(n)
    apart = (index[:, None] < index[None]) & ((index[None] - index[:, None]) % n > 1) & ((index[:, None] - index[None]) % n > 1)
    return bool((crossing & apart).any())


def clearance(outline: Sequence[Point], points: np.ndarray) -> np.ndarray:
    """For each of ``points`` ((n, 2)), how far inside the closed polygon ``outline`` it lies (its
    distance to the nearest side), negative outside."""
    import numpy as np

    p = np.asarray(outline, dtype=float)
    q = np.roll(p, -1, axis=0)
    along = q - p
    t = np.clip(np.einsum("ijk,jk->ij", points[:, None, :] - p[None], along) / np.einsum("jk,jk->j", along, along), 0, 1)
    nearest = p[None] + t[:, :, None] * along[None]
    distance = np.hypot(*(points[:, None, :] - nearest).transpose(2, 0, 1)).min(axis=1)
    x, y = points[:, 0:1], points[:, 1:2]
    spans = (p[None, :, 1] > y) != (q[None, :, 1] > y)
    with np.errstate(divide="ignore", invalid="ignore"):
        at = p[None, :, 0] + (y - p[None, :, 1]) * along[None, :, 0] / along[None, :, 1]
    inside = (np.count_nonzero(spans & (x < at), axis=1) % 2) == 1
    return np.where(inside, distance, -distance)


def extent(points: Sequence[Point]) -> tuple[float, float]:
    """Width and height of the polygon's bounding box."""
    import numpy as np

    p = np.asarray(points, dtype=float)
    width, height = p.max(axis=0) - p.min(axis=0)
    return float(width), float(height)
