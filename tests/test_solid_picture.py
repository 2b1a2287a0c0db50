"""The 3D plates' pictures (3MF thumbnails, kit previews), rasterised in numpy: checked against an
independent painter (Pillow's polygons, one by one, as the pictures were drawn before) on meshes
made here, and on where a nearer face hides a farther one."""

from __future__ import annotations

import io

import numpy as np
import trimesh
from PIL import Image, ImageDraw

from grawlix_print.products.solid.picture import SUPERSAMPLE, _view_matrix, view

RED, GREY = (0.9, 0.1, 0.1), (0.78, 0.78, 0.78)


def scene() -> tuple[np.ndarray, np.ndarray]:
    """Two blocks on a plate, each with a smaller block standing on it (grey under red)."""
    parts, colours = [], []
    for x in (0.0, 40.0):
        for size, z0, colour in (((28, 28, 9.8), 0.0, GREY), ((12, 6, 4.8), 9.8, RED)):
            box = trimesh.creation.box(size)
            box.apply_translation((x, 0, z0 + size[2] / 2))
            parts.append(box.triangles)
            colours.append(np.tile(colour, (len(box.triangles), 1)))
    return np.concatenate(parts), np.concatenate(colours)


def pillow_painter(triangles: np.ndarray, colours: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The oracle: every face turned to the viewer drawn far to near with Pillow, in the same view
    (the same view matrix and margins, the shading the view gives each face)."""
    width, height = size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE
    points = (triangles.reshape(-1, 3) @ _view_matrix(50.0, -30.0).T).reshape(-1, 3, 3)
    normals = np.cross(points[:, 1] - points[:, 0], points[:, 2] - points[:, 0])
    faces = np.flatnonzero(normals[:, 2] > 1e-12)
    xy = points[faces, :, :2]
    low, high = xy.reshape(-1, 2).min(axis=0), xy.reshape(-1, 2).max(axis=0)
    scale = min(width * 0.88 / (high[0] - low[0]), height * 0.88 / (high[1] - low[1]))
    screen = np.stack([width / 2 + (xy[:, :, 0] - (low[0] + high[0]) / 2) * scale,
                       height / 2 - (xy[:, :, 1] - (low[1] + high[1]) / 2) * scale], axis=2)  # fmt: skip
    lit = np.round(colours[faces] * view(triangles, size).shade[faces, None] * 255).astype(int)
    image = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    for index in np.argsort(points[faces, :, 2].mean(axis=1), kind="stable"):
        draw.polygon([tuple(p) for p in screen[index]], fill=tuple(lit[index]))
    return np.asarray(image.reduce(SUPERSAMPLE)).astype(int)


def test_the_raster_agrees_with_an_independent_painter():
    triangles, colours = scene()
    size = (320, 240)
    ours = np.asarray(Image.open(io.BytesIO(view(triangles, size).picture(colours))).convert("RGB")).astype(int)
    theirs = pillow_painter(triangles, colours, size)
    differ = np.abs(ours - theirs).sum(axis=2) > 30
    assert differ.mean() < 0.01  # edges only
    red = (ours[:, :, 0] > 150) & (ours[:, :, 1] < 60)
    assert red.sum() > 0.6 * ((theirs[:, :, 0] > 150) & (theirs[:, :, 1] < 60)).sum() > 500


def test_a_nearer_face_hides_a_farther_one_and_every_face_is_covered():
    """The red blocks' tops show red (not the grey top under them), and no pixel inside the grey
    blocks' outline is left white (faces sharing an edge leave no gap)."""
    triangles, colours = scene()
    seen = view(triangles, (320, 240))
    shown = np.full(640 * 480, -1)
    shown[seen.pixels] = seen.faces
    red_tops = np.flatnonzero((colours[:, 0] > 0.8) & np.isclose(triangles[:, :, 2].min(axis=1), 14.6))
    assert np.isin(red_tops, shown).all()
    grid = shown.reshape(480, 640) >= 0
    rows = np.flatnonzero(grid.any(axis=1))
    for row in rows[5:-5]:  # inside each row's covered stretch, no holes but the gap between the blocks
        covered = np.flatnonzero(grid[row])
        gaps = np.diff(covered) > 1
        assert gaps.sum() <= 1, row
