"""Filled shapes as one outline: what a face drawn from shapes raises for a 3D print.

A face drawn from filled shapes (the drawing layer's ``Path`` s, filled with
``Surface.shape``) has its relief in those shapes: the ones in its accent
ink, say. ``filled_outline`` turns them into the ``Outline`` a
``pieces.kinds.Relief`` gives, the same kind of outline a glyph's typeface
gives, so the 3D product builds either alike. Loops nested inside a loop of
the same path are holes, then islands (a ring drawn with ``even_odd``);
shapes that cross or lie on one another are refused, since a solid cannot
be made of them as they are (draw their union as one shape).
``painted_outline`` does the same for a picture painted in layers (an SVG
icon): the shapes of one colour, less those painted over them.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ..errors import StudioError
from .outline import Outline, Point, Segment, _close, _normalised
from .surface import Path

FLATTEN = 1e-4
"""Curves are measured (bounds, crossings) as polygons this close to them, in the paths' units."""


def filled_outline(paths: Iterable[Path], where: str | None = None) -> Outline:
    """The filled ``paths`` (in a face's unit square, y up) as one outline, centred on the
    origin with its larger side 1, as a relief's shape is; ``where`` names the face in errors."""
    loops_of_paths = [_loops(path, where) for path in paths]
    loops = [loop for path_loops in loops_of_paths for loop in path_loops]
    if not loops:
        raise StudioError("no filled shape to raise", where)
    polygons = [_polygon(loop) for loop in loops]
    owner = [index for index, path_loops in enumerate(loops_of_paths) for _ in path_loops]
    _refuse_crossings(polygons, where)
    _refuse_overlaps(polygons, owner, where)
    points = np.concatenate(polygons)
    (x0, y0), (x1, y1) = points.min(axis=0), points.max(axis=0)
    if min(x1 - x0, y1 - y0) <= 0:
        raise StudioError("the filled shapes have no area", where)
    return _normalised(loops, (float(x0), float(y0), float(x1), float(y1)))


def _loops(path: Path, where: str | None) -> list[list[Segment]]:
    """A path's closed loops: a move starts one, lines and curves follow, a close (or the next
    move, as a fill closes it) ends it."""
    loops: list[list[Segment]] = []
    loop: list[Segment] = []
    start: Point | None = None
    here: Point | None = None

    def close() -> None:
        nonlocal loop
        if loop and start is not None and here is not None and here != start:
            # A whole circle's last arc ends a rounding error from its start: end it there, since
            # CAD cannot make a face of a loop with a sliver edge.
            if _close(here, start):
                loop[-1] = Segment((*loop[-1].points[:-1], start))
            else:
                loop.append(Segment((here, start)))
        if len(loop) >= 2 or (loop and not loop[0].is_line):
            loops.append(loop)
        loop = []

    for operation in path.operations:
        code, *values = operation
        if code == "M":
            close()
            start = here = (float(values[0]), float(values[1]))
        elif code in ("L", "C"):
            if here is None:
                raise StudioError(f"a path draws a {'line' if code == 'L' else 'curve'} before it moves anywhere", where)
            points = [(float(values[k]), float(values[k + 1])) for k in range(0, len(values), 2)]
            if not _close(points[-1], here) or code == "C":
                loop.append(Segment((here, *points)))
            here = points[-1]
        elif code == "Z":
            close()
            here = start
        else:
            raise StudioError(f"a path holds an operation {code!r} a filled shape cannot have", where)
    close()
    return loops


def _polygon(loop: list[Segment]) -> np.ndarray:
    points = [loop[0].points[0]]
    for segment in loop:
        points += segment.flatten(FLATTEN)
    return np.asarray(points[:-1] if points[0] == points[-1] else points, dtype=float)


def _refuse_crossings(polygons: list[np.ndarray], where: str | None) -> None:
    """No edge of one loop may cross another edge (of its own loop or any other).

    Only edges whose bounding boxes overlap can cross: the edges are swept in order of their
    left ends, each paired with those starting before its right end, and only those pairs are
    tested. Curves flattened this finely have thousands of edges a loop, and testing every pair
    was most of the time an SVG icon's relief took to read.
    """
    loop = np.concatenate([np.full(len(p), k) for k, p in enumerate(polygons)])
    index = np.concatenate([np.arange(len(p)) for p in polygons])
    size = np.array([len(p) for p in polygons])[loop]
    start = np.concatenate(polygons)
    end = np.concatenate([np.roll(p, -1, axis=0) for p in polygons])
    low, high = np.minimum(start, end), np.maximum(start, end)
    order = np.argsort(low[:, 0], kind="stable")
    reach = np.searchsorted(low[order, 0], high[order, 0], side="right")  # edges starting at or before each right end
    counts = np.maximum(reach - np.arange(len(order)) - 1, 0)
    first = np.repeat(np.arange(len(order)), counts)
    second = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts) + first + 1
    a, b = order[first], order[second]
    overlap = (low[a, 1] <= high[b, 1]) & (low[b, 1] <= high[a, 1])
    a, b = a[overlap], b[overlap]
    crossing = _cross(start[a], end[a], start[b], end[b])
    same = loop[a] == loop[b]
    near = np.abs(index[a] - index[b]) % np.maximum(size[a] - 1, 1)
    crossing &= ~same | (near > 1)  # a loop's own edges: neighbours share a corner, which is no crossing
    if crossing.any():
        pairs = np.stack([np.minimum(loop[a], loop[b]), np.maximum(loop[a], loop[b])], axis=1)[crossing]
        i, j = min(map(tuple, pairs.tolist()))  # the first pair of loops, as they are listed
        what = "a filled shape crosses itself" if i == j else "two filled shapes cross"
        raise StudioError(f"{what}: a relief needs shapes side by side, or one inside another's hole", where)


def _cross(p0: np.ndarray, p1: np.ndarray, q0: np.ndarray, q1: np.ndarray) -> np.ndarray:
    """Whether segments p0-p1 and q0-q1 cross at a point inside both (touching ends do not count)."""

    def side(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
        return (b[..., 0] - a[..., 0]) * (c[..., 1] - a[..., 1]) - (b[..., 1] - a[..., 1]) * (c[..., 0] - a[..., 0])

    d1, d2 = side(q0, q1, p0), side(q0, q1, p1)
    d3, d4 = side(p0, p1, q0), side(p0, p1, q1)
    return (d1 * d2 < 0) & (d3 * d4 < 0)


def _refuse_overlaps(polygons: list[np.ndarray], owner: list[int], where: str | None) -> None:
    """A loop lying inside another path's filled area would be raised twice: refused. (Inside
    one of its holes, as an island, it is its own shape.)"""
    for i, polygon in enumerate(polygons):
        point = polygon[0]
        around = [j for j, other in enumerate(polygons) if owner[j] != owner[i] and _inside(point, other)]
        by_path: dict[int, int] = {}
        for j in around:
            by_path[owner[j]] = by_path.get(owner[j], 0) + 1
        if any(depth % 2 for depth in by_path.values()):
            raise StudioError("two filled shapes lie one on the other: draw them as one shape", where)


def _inside(point: np.ndarray, polygon: np.ndarray) -> bool:
    x, y = point
    x0, y0 = polygon[:, 0], polygon[:, 1]
    x1, y1 = np.roll(x0, -1), np.roll(y0, -1)
    spans = (y0 > y) != (y1 > y)
    with np.errstate(divide="ignore", invalid="ignore"):
        at = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
    return bool(np.count_nonzero(spans & (x < at)) % 2)


def painted_outline(painted: Iterable[tuple[Path, bool]], where: str | None = None) -> Outline:
    """The outline of a picture's shapes painted in one colour, as a picture shows them: ``painted``
    lists every filled shape in painting order, each with whether it is in that colour. A shape of
    another colour painted over one in it cuts a hole (a coin's inner disc over its rim), and one in
    it painted inside that hole is an island again (the star on the coin); other shapes are not
    raised. Shapes of the colour that overlap one another, or a hole that is not inside one shape
    of the colour, cannot be raised as they are drawn: refused, naming ``where``."""
    shown: list[tuple[Path, bool]] = []
    for path, raised in painted:
        if raised or any(earlier for _, earlier in shown):
            shown.append((path, raised))
    if not any(raised for _, raised in shown):
        raise StudioError("no filled shape to raise", where)
    corners = [[_polygon(loop) for loop in _loops(path, where)] for path, _ in shown]
    for index, (path, raised) in enumerate(shown):
        if not corners[index]:
            continue
        point = corners[index][0][0]
        depth = sum(1 for other, loops in enumerate(corners) if other != index for loop in loops if _inside(point, loop))
        if depth % 2 != (0 if raised else 1):
            what = "shapes of the raised colour lie one on another" if raised else "a shape of another colour is not inside one shape of the raised colour"
            raise StudioError(f"{what}: draw each as one shape, with its holes", where)
    return filled_outline([sum((path for path, _ in shown), Path())], where)
