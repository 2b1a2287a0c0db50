"""PNG previews of what the products write: PDF pages rendered by pdfium.

Previews are for looking, not printing; they are deterministic so that a
rebuild with the same inputs gives the same bytes. (The 3D plates draw their
own: ``products.solid.previews``.)
"""

from __future__ import annotations

from pathlib import Path

from ..drawing.png import page_image, png_bytes
from ..files import Written, write_bytes


def pdf_previews(pdf: Path, out: Path, width_px: int = 1100, most: int | None = None) -> list[Written]:
    """One PNG per page of ``pdf`` (the first ``most`` pages, if given), ``width_px`` wide, named
    ``<pdf stem>-<page>.png``."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    written = []
    try:
        for number in range(min(len(document), most or len(document))):
            page = document[number]
            scale = width_px / page.get_width()
            image = page_image(page, scale)
            path = out / f"{pdf.stem}-{number + 1}.png"
            write_bytes(path, png_bytes(image))
            written.append(Written(path, "preview", {"of": pdf.name, "page": number + 1}))
            page.close()
    finally:
        document.close()
    return written


def previews_of(written: list[Written], folder: Path, width_px: int = 1100, most: int | None = None) -> list[Written]:
    """Previews of every PDF among ``written``."""
    return [
        preview
        for item in written
        if item.path.suffix == ".pdf"
        for preview in pdf_previews(item.path, folder, width_px, most)
    ]
