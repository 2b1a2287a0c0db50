"""PNG previews: PDF pages rendered by pdfium, and 3D plates drawn from their triangles.

Previews are for looking, not printing; they are deterministic so that a
rebuild with the same inputs gives the same bytes.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np

from ..files import Written, write_bytes
from ..tile.look import RGB, TILE_FACE


def _png_bytes(image) -> bytes:
    """A palette PNG: a quarter of the size of a full-colour one and quick to encode.

    256 colours without dithering keep tile colours flat and edges smooth.
    """
    from PIL import Image

    palette = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    palette.save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


def pdf_previews(pdf: Path, out: Path, width_px: int = 1100) -> list[Written]:
    """One PNG per page of ``pdf``, ``width_px`` wide, named ``<pdf stem>-<page>.png``."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    written = []
    try:
        for number in range(len(document)):
            page = document[number]
            scale = width_px / page.get_width()
            image = page.render(scale=scale).to_pil().convert("RGB")
            path = out / f"{pdf.stem}-{number + 1}.png"
            write_bytes(path, _png_bytes(image))
            written.append(Written(path, "preview", {"of": pdf.name, "page": number + 1}))
            page.close()
    finally:
        document.close()
    return written


def mesh_preview(
    triangles: np.ndarray,
    path: Path,
    of: str,
    split_z: float,
    accent: RGB,
    base: RGB = TILE_FACE.rgb,
    size: tuple[int, int] = (900, 700),
) -> Written:
    """A shaded oblique view of a mesh; faces above ``split_z`` in the accent colour.

    ``triangles`` is an (n, 3, 3) array in millimetres, z up. Painter's
    algorithm with Lambert shading, drawn at twice the size and scaled down
    to smooth the edges: enough to recognise every glyph on a plate.
    """
    from PIL import Image, ImageDraw

    supersample = 2
    width, height = size[0] * supersample, size[1] * supersample
    view = _view_matrix(elevation=50.0, azimuth=-30.0)
    points = triangles.reshape(-1, 3) @ view.T
    points = points.reshape(-1, 3, 3)

    normals = np.cross(points[:, 1] - points[:, 0], points[:, 2] - points[:, 0])
    lengths = np.linalg.norm(normals, axis=1)
    keep = (lengths > 1e-12) & (normals[:, 2] > 0)  # faces turned towards the viewer
    points, normals = points[keep], normals[keep] / lengths[keep, None]
    top = triangles[keep][:, :, 2].mean(axis=1) > split_z + 1e-6

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
    centre = (low + high) / 2
    pixels = (xy - centre) * scale
    pixels[:, :, 0] += width / 2
    pixels[:, :, 1] = height / 2 - pixels[:, :, 1]

    order = np.argsort(points[:, :, 2].mean(axis=1), kind="stable")
    colours = np.where(top[:, None], np.array(accent), np.array(base)) * shade[:, None]
    colours = np.clip(np.round(colours * 255), 0, 255).astype(int)

    image = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    for index in order:
        colour = tuple(colours[index])
        draw.polygon([tuple(p) for p in pixels[index]], fill=colour, outline=colour)
    image = image.resize(size, Image.LANCZOS)
    write_bytes(path, _png_bytes(image))
    return Written(path, "preview", {"of": of})


def _view_matrix(elevation: float, azimuth: float) -> np.ndarray:
    """Rows: screen x, screen y and depth (towards the viewer) for an orthographic view."""
    a, e = np.radians(azimuth), np.radians(elevation)
    turn = np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])
    tilt = np.array([[1, 0, 0], [0, np.sin(e), np.cos(e)], [0, -np.cos(e), np.sin(e)]])
    return tilt @ turn
