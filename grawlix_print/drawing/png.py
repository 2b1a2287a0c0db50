"""Pictures as PNG files: small, quick to write and the same bytes for the same picture.

Every preview (PDF pages, 3D plates, 3MF thumbnails) is written through here,
and every PDF page made into pixels is rendered here (``page_image``).
"""

from __future__ import annotations

import io
import threading

PDFIUM = threading.Lock()
"""Held by whoever calls pdfium while other threads may: pdfium is not thread-safe (products' previews
render on two threads, ``products.previews``)."""


def png_bytes(image) -> bytes:
    """A palette PNG: a quarter of the size of a full-colour one and quick to encode.

    256 colours without dithering keep tile colours flat and edges smooth. zlib level 3: half
    the time of level 6 for files a sixth larger (a sheet's previews are made while its build waits).
    """
    from PIL import Image

    palette = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    palette.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


WHITE = (255, 255, 255, 255)


def page_image(page, scale: float, fill: tuple[int, int, int, int] = WHITE):
    """A pdfium page rendered as an RGB Pillow image on ``fill``. pdfium writes the bytes in RGB
    order (``rev_byteorder``), so Pillow copies its buffer once as it is, where BGR was turned
    round and then copied again (2 ms of a 300 dpi card's 35): the same pixels."""
    image = page.render(scale=scale, fill_color=fill, rev_byteorder=True).to_pil()
    return image if image.mode == "RGB" else image.convert("RGB")
