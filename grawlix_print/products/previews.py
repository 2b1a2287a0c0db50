"""PNG previews of what the products write: PDF pages rendered by pdfium.

Previews are for looking, not printing; they are deterministic so that a
rebuild with the same inputs gives the same bytes. (The 3D plates draw their
own: ``products.solid.previews``.)

A product's previews are made on two threads: pdfium renders one page at a
time (it is not thread-safe), and the palette and PNG encoding that take two
thirds of a preview's time run beside it (Pillow lets go of the interpreter
while it works), so a sheet's previews cost half their time on two cores.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..drawing.png import PDFIUM, page_image, png_bytes
from ..files import Written, write_bytes

if TYPE_CHECKING:
    from PIL import Image

THREADS = 2
"""Threads a product's previews are made on (at most the cores): one renders while the other encodes."""


@dataclass(frozen=True)
class Wanted:
    """Previews of one PDF: its first ``most`` pages (every page if None), ``width_px`` wide."""

    pdf: Path
    width_px: int
    most: int | None = None


def previews(wanted: Sequence[Wanted], folder: Path) -> list[Written]:
    """One PNG per page wanted, named ``<pdf stem>-<page>.png`` in ``folder``, in the order wanted."""
    with Previewer(folder) as previewer:
        for item in wanted:
            previewer.add(item)
        return previewer.done()


class Previewer:
    """Previews made while the build goes on: a PDF's pages are begun on the threads as soon as it is
    ``add``-ed (a sheet's while the next sheet is drawn); ``done`` waits for them all. Leaving the
    block drops the pages not begun (an error, Ctrl-C) once those under way are written whole."""

    def __init__(self, folder: Path, threads: int | None = None) -> None:
        from concurrent.futures import Future, ThreadPoolExecutor

        self.folder = folder
        self._documents: list = []
        self._made: list[Future[Written]] = []
        count = _cores() if threads is None else threads
        self._executor = ThreadPoolExecutor(max(1, min(THREADS, count)), thread_name_prefix="previews")

    def add(self, item: Wanted) -> None:
        import pypdfium2

        with PDFIUM:
            document = pypdfium2.PdfDocument(str(item.pdf))
            self._documents.append(document)
            pages = min(len(document), item.most or len(document))
        self._made += [self._executor.submit(_preview, document, item, number, self.folder) for number in range(pages)]

    def done(self) -> list[Written]:
        """Every preview added, in the order added: the first error raised."""
        return [made.result() for made in self._made]

    def __enter__(self) -> Previewer:
        return self

    def __exit__(self, *exc: object) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)
        with PDFIUM:
            for document in self._documents:
                document.close()


def _preview(document, item: Wanted, number: int, folder: Path) -> Written:
    with PDFIUM:
        page = document[number]
        try:
            image: Image.Image = page_image(page, item.width_px / page.get_width())
        finally:
            page.close()
    path = write_bytes(folder / f"{item.pdf.stem}-{number + 1}.png", png_bytes(image))
    return Written(path, "preview", {"of": item.pdf.name, "page": number + 1})


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def pdf_previews(pdf: Path, out: Path, width_px: int = 1100, most: int | None = None) -> list[Written]:
    """One PNG per page of ``pdf`` (the first ``most`` pages, if given), ``width_px`` wide."""
    return previews([Wanted(pdf, width_px, most)], out)


def previews_of(written: list[Written], folder: Path, width_px: int = 1100, most: int | None = None) -> list[Written]:
    """Previews of every PDF among ``written``."""
    return previews([Wanted(item.path, width_px, most) for item in written if item.path.suffix == ".pdf"], folder)
