"""Pictures of two versions, to compare and to show: a figure or a face as SVG text, and as a PNG.

Whether a picture changed is decided on its SVG (every shape, colour and word the
drawing code makes, to a thousandth of a unit: ``drawing.svg``), so a tile
recoloured, a card's cost or a dotted square moved all show, and nothing
that did not change does. A report shows the pictures as PNGs rendered from
the same drawing in a PDF page (``pypdfium2``), so they look as printed,
typefaces and all, wherever the report is opened.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..drawing.document import MM, Document, Metadata
from ..drawing.figure import Figure
from ..drawing.png import page_image, png_bytes
from ..drawing.surface import Surface
from ..drawing.svg import SvgSurface, drawn
from ..pieces.faces import FaceStyle, PieceFace

FIGURE_UNIT = 40.0
"""The unit a figure is drawn at to compare it (a grid square, in SVG pixels)."""
SHOWN_DPI = 110
"""The PNGs in a report: sharp on a screen, small in a file."""


def figure_svg(figure: Figure, name: str) -> str:
    """A figure as SVG text, what two versions' drawings are compared by."""
    return drawn(figure, FIGURE_UNIT, ids=name).element()


def face_svg(face: PieceFace) -> str:
    """A face at its own size (millimetres as SVG units), unmarked, without bleed."""
    surface = SvgSurface(face.width, face.height, ids="face")
    face.draw(surface, 0.0, 0.0, face.width, face.height, FaceStyle())
    return surface.element()


def png_of(draw: Callable[[Surface], None], width_mm: float, height_mm: float, dpi: int = SHOWN_DPI) -> bytes:
    """A drawing ``width_mm`` x ``height_mm`` (drawn in millimetres from the lower-left corner) as a
    PNG, rendered from a PDF page as a printer would print it."""
    import pypdfium2

    document = Document(Metadata("picture", "", (), (), "", ""), cmyk=False, unit=MM)
    with document.page(width_mm, height_mm) as surface:
        draw(surface)
    pdf = pypdfium2.PdfDocument(document.data())
    try:
        page = pdf[0]
        scale = dpi / 72
        image = page_image(page, scale)
        page.close()
    finally:
        pdf.close()
    return png_bytes(image)


def figure_png(figure: Figure, cell_mm: float) -> bytes:
    """A figure at ``cell_mm`` a grid square (or card), on white."""
    width, height = figure.size(cell_mm)
    return png_of(lambda surface: figure.draw(surface, 0.0, height, cell_mm), max(width, 1.0), max(height, 1.0))


def face_png(face: PieceFace, most_mm: float = 40.0) -> bytes:
    """A face at its own size, or shrunk to ``most_mm`` on its longer side."""
    scale = min(1.0, most_mm / max(face.width, face.height))
    width, height = face.width * scale, face.height * scale
    return png_of(lambda surface: face.draw(surface, 0.0, 0.0, width, height, FaceStyle()),
                  math.ceil(width * 10) / 10, math.ceil(height * 10) / 10)  # fmt: skip
