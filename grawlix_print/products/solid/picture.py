"""Pictures of meshes: a shaded oblique view with the glyph in its accent colour.

Used for the thumbnail inside each 3MF (file browsers and printer screens show
it) and for the kit's PNG previews. The painter's algorithm with Lambert
shading, at twice the size and scaled down to smooth the edges; every face is
rasterised at once in numpy (drawing the faces one by one, 91,637 of them for
a glyph-tile set, was a sixth of the 3D command's time). A ``View`` is where each
pixel's face is, so plates that differ only in their colours (one per accent)
are rasterised once. Deterministic, so a rebuild gives the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...drawing.ink import RGB
from ...drawing.png import png_bytes

THUMBNAIL_PX = (512, 512)
SUPERSAMPLE = 2


def two_colours(
    triangles: np.ndarray, split_z: float, accent: RGB, base: RGB
) -> np.ndarray:
    """Each face's colour: ``accent`` above ``split_z`` (the glyphs), ``base`` below."""
    above = triangles[:, :, 2].mean(axis=1) > split_z + 1e-6
    return np.where(above[:, None], np.array(accent), np.array(base))


@dataclass(frozen=True, eq=False)
class View:
    """Meshes seen from above at an angle: which face each pixel shows, and how lit it is."""

    size: tuple[int, int]
    pixels: np.ndarray
    """The flat indices of the pixels a face covers (at ``SUPERSAMPLE`` times ``size``)."""
    faces: np.ndarray
    """The face each of those pixels shows (an index into the triangles viewed)."""
    shade: np.ndarray
    """Each face's brightness (0.45 facing away from the light to 1 facing it)."""

    def picture(self, face_colours: np.ndarray) -> bytes:
        """PNG bytes of the view, each face in its RGB colour (0..1), on white."""
        from PIL import Image

        width, height = self.size[0] * SUPERSAMPLE, self.size[1] * SUPERSAMPLE
        lit = np.clip(np.round(np.asarray(face_colours, dtype=float) * self.shade[:, None] * 255), 0, 255)
        image = np.full((height * width, 3), 255, dtype=np.uint8)
        image[self.pixels] = lit.astype(np.uint8)[self.faces]
        return png_bytes(Image.fromarray(image.reshape(height, width, 3)).reduce(SUPERSAMPLE))


def mesh_picture(triangles: np.ndarray, face_colours: np.ndarray, size: tuple[int, int] = THUMBNAIL_PX) -> bytes:
    """PNG bytes of ``triangles`` ((n, 3, 3) mm, z up), each face in its RGB colour (0..1)."""
    return view(triangles, size).picture(face_colours)


def view(triangles: np.ndarray, size: tuple[int, int] = THUMBNAIL_PX) -> View:
    """``triangles`` ((n, 3, 3) mm, z up) from the front left, 50 degrees up, filling ``size``."""
    width, height = size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE
    points = (triangles.reshape(-1, 3) @ _view_matrix(elevation=50.0, azimuth=-30.0).T).reshape(-1, 3, 3)
    normals = np.cross(points[:, 1] - points[:, 0], points[:, 2] - points[:, 0])
    lengths = np.linalg.norm(normals, axis=1)
    seen = np.flatnonzero((lengths > 1e-12) & (normals[:, 2] > 0))  # faces turned towards the viewer

    light = np.array([-0.35, 0.45, 0.82])
    light /= np.linalg.norm(light)
    shade = 0.45 + 0.55 * np.clip((normals / np.maximum(lengths, 1e-300)[:, None]) @ light, 0.0, 1.0)

    xy = points[seen, :, :2]
    low, high = xy.reshape(-1, 2).min(axis=0), xy.reshape(-1, 2).max(axis=0)
    margin = 0.06
    scale = min(
        width * (1 - 2 * margin) / max(high[0] - low[0], 1e-9),
        height * (1 - 2 * margin) / max(high[1] - low[1], 1e-9),
    )
    screen = (xy - (low + high) / 2) * scale
    screen[:, :, 0] += width / 2
    screen[:, :, 1] = height / 2 - screen[:, :, 1]

    far_first = np.argsort(points[seen, :, 2].mean(axis=1), kind="stable")
    pixels, faces = _painted(screen[far_first], width, height)
    return View(size, pixels, seen[far_first][faces], shade)


def _painted(screen: np.ndarray, width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    """The pixels each triangle (in screen pixels, listed far to near) covers, and which triangle.

    A pixel belongs to a triangle when its centre lies inside it, edges included
    (triangles that share an edge leave no gap between them). Each triangle is cut
    into the pixel rows it spans, its corners sorted top to bottom: a row runs from
    the long edge (top to bottom corner) to one of the two short ones. All triangles
    at once; the pixels come out in the triangles' order, so assigning colours to them
    in that order (numpy keeps the last of repeated indices) paints nearer triangles
    over farther ones.
    """
    corners = np.take_along_axis(screen, np.argsort(screen[:, :, 1], axis=1, kind="stable")[:, :, None], axis=1)
    (u0, u1, u2), (v0, v1, v2) = corners[:, :, 0].T, corners[:, :, 1].T

    def slope(ua: np.ndarray, va: np.ndarray, ub: np.ndarray, vb: np.ndarray) -> np.ndarray:
        """Across per row down an edge; 0 for a level edge, which a row meets only at its ends."""
        rise = vb - va
        return np.where(rise > 0, ub - ua, 0.0) / np.where(rise > 0, rise, 1.0)

    long, upper, lower = slope(u0, v0, u2, v2), slope(u0, v0, u1, v1), slope(u1, v1, u2, v2)
    first = np.clip(np.ceil(v0 - 0.5), 0, height).astype(np.int64)
    last = np.clip(np.floor(v2 - 0.5), -1, height - 1).astype(np.int64)
    rows = np.where(v2 > v0, np.maximum(last - first + 1, 0), 0)
    face = np.repeat(np.arange(len(screen)), rows)
    row = np.arange(len(face)) - np.repeat(np.cumsum(rows) - rows, rows) + first[face]
    down = row + 0.5 - v0[face]
    across = u0[face] + down * long[face]
    middle = v1[face] - v0[face]
    short = np.where(
        down < middle, u0[face] + down * upper[face], u1[face] + (down - middle) * lower[face]
    )  # the upper short edge above the middle corner, the lower one from it down
    start = np.clip(np.ceil(np.minimum(across, short) - 0.5), 0, width).astype(np.int64)
    stop = np.clip(np.floor(np.maximum(across, short) - 0.5), -1, width - 1).astype(np.int64)
    spans = np.maximum(stop - start + 1, 0)
    span = np.repeat(np.arange(len(face)), spans)
    column = np.arange(len(span)) - np.repeat(np.cumsum(spans) - spans, spans) + start[span]
    return row[span] * width + column, face[span]


def _view_matrix(elevation: float, azimuth: float) -> np.ndarray:
    """Rows: screen x, screen y and depth (towards the viewer) for an orthographic view."""
    a, e = np.radians(azimuth), np.radians(elevation)
    turn = np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])
    tilt = np.array([[1, 0, 0], [0, np.sin(e), np.cos(e)], [0, -np.cos(e), np.sin(e)]])
    return tilt @ turn
