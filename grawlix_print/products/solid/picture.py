"""Pictures of meshes: a shaded oblique view with the glyph in its accent colour.

Used for the thumbnail inside each 3MF (file browsers and printer screens show
it) and for the kit's PNG previews. Painter's algorithm with Lambert shading,
drawn at twice the size and scaled down to smooth the edges; deterministic,
so a rebuild gives the same bytes.
"""

from __future__ import annotations

import numpy as np

from ...drawing.png import png_bytes
from ...drawing.ink import RGB

THUMBNAIL_PX = (512, 512)


def two_colours(
    triangles: np.ndarray, split_z: float, accent: RGB, base: RGB
) -> np.ndarray:
    """Each face's colour: ``accent`` above ``split_z`` (the glyphs), ``base`` below."""
    above = triangles[:, :, 2].mean(axis=1) > split_z + 1e-6
    return np.where(above[:, None], np.array(accent), np.array(base))


def mesh_picture(
    triangles: np.ndarray, face_colours: np.ndarray, size: tuple[int, int] = THUMBNAIL_PX
) -> bytes:
    """PNG bytes of ``triangles`` ((n, 3, 3) mm, z up), each face in its RGB colour (0..1)."""
    from PIL import Image, ImageDraw

    supersample = 2
    width, height = size[0] * supersample, size[1] * supersample
    points = (triangles.reshape(-1, 3) @ _view_matrix(elevation=50.0, azimuth=-30.0).T).reshape(
        -1, 3, 3
    )
    normals = np.cross(points[:, 1] - points[:, 0], points[:, 2] - points[:, 0])
    lengths = np.linalg.norm(normals, axis=1)
    keep = (lengths > 1e-12) & (normals[:, 2] > 0)  # faces turned towards the viewer
    points, normals = points[keep], normals[keep] / lengths[keep, None]
    face_colours = np.asarray(face_colours, dtype=float)[keep]

    light = np.array([-0.35, 0.45, 0.82])
    light /= np.linalg.norm(light)
    shade = 0.45 + 0.55 * np.clip(normals @ light, 0.0, 1.0)

    xy = points[:, :, :2]
    low, high = xy.reshape(-1, 2).min(axis=0), xy.reshape(-1, 2).max(axis=0)
    margin = 0.06
    scale = min(
        width * (1 - 2 * margin) / max(high[0] - low[0], 1e-9),
        height * (1 - 2 * margin) / max(high[1] - low[1], 1e-9),
    )
    pixels = (xy - (low + high) / 2) * scale
    pixels[:, :, 0] += width / 2
    pixels[:, :, 1] = height / 2 - pixels[:, :, 1]

    order = np.argsort(points[:, :, 2].mean(axis=1), kind="stable")
    colours = np.clip(np.round(face_colours * shade[:, None] * 255), 0, 255).astype(int)

    image = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    corners = pixels.reshape(-1, 6)[order].tolist()
    for corner, colour in zip(corners, map(tuple, colours[order].tolist())):
        draw.polygon(corner, fill=colour, outline=colour)
    return png_bytes(image.reduce(supersample))


def _view_matrix(elevation: float, azimuth: float) -> np.ndarray:
    """Rows: screen x, screen y and depth (towards the viewer) for an orthographic view."""
    a, e = np.radians(azimuth), np.radians(elevation)
    turn = np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])
    tilt = np.array([[1, 0, 0], [0, np.sin(e), np.cos(e)], [0, -np.cos(e), np.sin(e)]])
    return tilt @ turn
