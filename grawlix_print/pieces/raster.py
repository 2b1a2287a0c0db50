"""A face as pixels: drawn once at print resolution, then cut to whatever each use asks for.

The images for print-on-demand services, the pictures Tabletop Simulator
shows and a service's own template sizes all come from one rendering of each
face: the face is drawn by its own code into a one-page PDF whose cut lies on
whole pixels, ``MARGIN_PX`` in from every side, and pdfium renders it. An
image with any bleed up to that margin is then a crop (``with_bleed``): a
poker card with 1/8 in of bleed (825 x 1125 px) and with MakePlayingCards'
0.12 in (822 x 1122 px) are two crops of one picture, not two renderings, and
a card or tile without bleed is the cut itself (``cut``). A bleed of an odd
half pixel (1/8 in is 37.5 px at 300 dpi) puts the cut half a pixel off
centre, 0.04 mm, which no print shop's cutter can see.

The images are RGB, as screens and Tabletop Simulator take them; the PNGs
(``png``) record their resolution and nothing that varies, so the same face
gives the same bytes.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..units import MM_PER_UNIT
from .faces import FaceStyle, PieceFace

if TYPE_CHECKING:  # Pillow is loaded only to render
    from PIL import Image

PRINT_DPI = 300
"""What every print-on-demand service asks for."""
MARGIN_PX = 38
"""How far past the cut every rendering reaches: more than the largest bleed any use crops
(1/8 in, 37.5 px at 300 dpi), and a whole number of pixels, so that every crop is exact."""
PAPER_RGB = (255, 255, 255)


def pixels(length_mm: float, dpi: int) -> int:
    """A length in whole pixels at ``dpi``."""
    return round(length_mm / MM_PER_UNIT["in"] * dpi)


def exact_pixels(length_mm: float, dpi: int) -> float:
    return length_mm / MM_PER_UNIT["in"] * dpi


@dataclass(frozen=True)
class Rendered:
    """A face rendered at ``dpi`` with ``MARGIN_PX`` of its background around the cut, which is
    ``size_mm`` (the face drawn at that size) and starts at pixel (``MARGIN_PX``, ``MARGIN_PX``)."""

    image: Image.Image
    dpi: int
    size_mm: tuple[float, float]

    @property
    def cut_px(self) -> tuple[float, float]:
        """The cut's width and height in pixels, as exact (fractional) numbers."""
        return exact_pixels(self.size_mm[0], self.dpi), exact_pixels(self.size_mm[1], self.dpi)

    def with_bleed(self, bleed_mm: float) -> Image.Image:
        """The face with ``bleed_mm`` of background on every side: ``pixels(width + 2 bleed)`` wide,
        the cut as near the middle as whole pixels allow."""
        width, height = self.size_mm
        w, h = pixels(width + 2 * bleed_mm, self.dpi), pixels(height + 2 * bleed_mm, self.dpi)
        cut_w, cut_h = self.cut_px
        if (w - cut_w) / 2 > MARGIN_PX + 0.5 or (h - cut_h) / 2 > MARGIN_PX + 0.5:
            raise ValueError(f"a bleed of {bleed_mm:g} mm is wider than the rendering's margin")
        left = MARGIN_PX - math.floor((w - cut_w) / 2)
        top = MARGIN_PX - math.floor((h - cut_h) / 2)
        return self.image.crop((left, top, left + w, top + h))

    def cut(self) -> Image.Image:
        """The face trimmed to its cut, ``pixels(width)`` x ``pixels(height)``."""
        width, height = self.size_mm
        w, h = pixels(width, self.dpi), pixels(height, self.dpi)
        return self.image.crop((MARGIN_PX, MARGIN_PX, MARGIN_PX + w, MARGIN_PX + h))

    def scaled_cut(self, dpi: int) -> Image.Image:
        """The cut at a lower resolution, averaged down from this one (as sharp as a rendering at
        ``dpi``, and no second rendering). Where ``dpi`` divides this one and the cut's pixels
        divide evenly (a poker card at 150 dpi from 300), each pixel is the rounded mean of its
        block (``reduce``: exact, and a third of the time of resizing, whose sums are off by one
        level in one value of fifty)."""
        from PIL import Image

        width, height = self.size_mm
        size = (pixels(width, dpi), pixels(height, dpi))
        cut_w, cut_h = pixels(width, self.dpi), pixels(height, self.dpi)
        factor = self.dpi // dpi
        if factor * dpi == self.dpi and (cut_w, cut_h) == (size[0] * factor, size[1] * factor):
            # reduced from the rendering itself, the cut as its box: the same pixels as reducing a
            # copy of the cut, without the copy (3 ms of a poker card's 37).
            return self.image.reduce(factor, (MARGIN_PX, MARGIN_PX, MARGIN_PX + cut_w, MARGIN_PX + cut_h))
        return self.cut().resize(size, Image.Resampling.BOX)


def render(face: PieceFace, marking: str = "none", size_mm: tuple[float, float] | None = None,
           dpi: int = PRINT_DPI) -> Rendered:  # fmt: skip
    """``face`` drawn at ``size_mm`` (None: its own size) with ``marking``, at ``dpi``.

    The page is a whole number of pixels, the cut ``MARGIN_PX`` in from its top and left
    edges; the face's background runs out to the page's edges.
    """
    import pypdfium2

    from ..drawing.document import MM, Document, Metadata
    from ..drawing.png import page_image

    width, height = size_mm or face.size
    px = math.ceil(exact_pixels(width, dpi) + 2 * MARGIN_PX - 1e-9)
    py = math.ceil(exact_pixels(height, dpi) + 2 * MARGIN_PX - 1e-9)
    inch = MM_PER_UNIT["in"]
    margin = MARGIN_PX / dpi * inch
    page_w, page_h = px / dpi * inch, py / dpi * inch  # whole pixels, in millimetres
    drawn = Document(Metadata(face.name, face.description, (), (), "", ""), cmyk=False, unit=MM,
                     compressed=False)  # read back at once: deflating its page would be wasted
    bleed = max(page_w - width - margin, page_h - height - margin)  # to every edge of the page
    with drawn.page(page_w, page_h) as surface:
        # PDF's origin is the page's lower left: the cut's top edge lies ``margin`` under the page's top.
        face.draw(surface, margin, page_h - margin - height, width, height, FaceStyle(bleed, marking))
    document = pypdfium2.PdfDocument(drawn.data())
    try:
        page = document[0]
        image = page_image(page, dpi / 72, (*PAPER_RGB, 255))
        page.close()
    finally:
        document.close()
    if image.size != (px, py):  # pdfium rounds the bitmap's size: the page is whole pixels already
        image = image.crop((0, 0, px, py))
    return Rendered(image, dpi, (width, height))


def png(image: Image.Image, dpi: int) -> bytes:
    """Full-colour PNG bytes with the resolution recorded (pHYs) and nothing that varies; zlib level 3
    writes a print image in half the time of level 6, for a file a quarter larger."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=3)
    return buffer.getvalue()
