"""PNG previews: PDF pages rendered by pdfium, 3D plates drawn from their triangles.

Previews are for looking, not printing; they are deterministic so that a
rebuild with the same inputs gives the same bytes.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from ..drawing.png import png_bytes
from ..files import Written, write_bytes
from ..drawing.ink import RGB


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
            image = page.render(scale=scale).to_pil().convert("RGB")
            path = out / f"{pdf.stem}-{number + 1}.png"
            write_bytes(path, png_bytes(image))
            written.append(Written(path, "preview", {"of": pdf.name, "page": number + 1}))
            page.close()
    finally:
        document.close()
    return written


def stl_preview(stl: Path, path: Path, split_z: float, accent: RGB, base: RGB) -> Written:
    """A picture of an STL plate: bodies in ``base``, what stands above ``split_z`` in ``accent``."""
    from ..products.solid.mesh import stl_triangles
    from ..products.solid.picture import mesh_picture, two_colours

    triangles = stl_triangles(stl.read_bytes())
    picture = mesh_picture(triangles, two_colours(triangles, split_z, accent, base), size=(900, 700))
    write_bytes(path, picture)
    return Written(path, "preview", {"of": stl.name})


def threemf_preview(threemf: Path, path: Path) -> Written:
    """The picture a 3MF carries (its first plate, in the colours it will print in)."""
    from ..products.solid.threemf import THUMBNAIL_PATH

    with zipfile.ZipFile(threemf) as archive:
        write_bytes(path, archive.read(THUMBNAIL_PATH))
    return Written(path, "preview", {"of": threemf.name})
