"""Documents and their pages: what a product asks of a file, never how the file format does it.

A product opens a ``Document`` (its metadata, and whether it is for a press, in
CMYK, or for a screen, in RGB), adds pages of a size with their trim and bleed
boxes, and draws on each page through the ``Surface`` it is given, in the unit
the document was opened with (millimetres for sheets and boxes, points for the
rules); it saves the file in one atomic step. Only the drawing layer knows the
back end (a reportlab canvas, today): a product never imports it, so an SVG or
DXF cut file later is one more back end here, not an edit in every product.

The calls are the ones the back end's canvas was driven with before: a page in
millimetres sets its boxes, saves the graphics state, scales to millimetres,
draws, restores and shows the page, so the same drawing gives the same bytes
(the sheets and the rules in print gave the same files, bit for bit, once
ported to it).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from .pdf.canvas import Metadata

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import (
        Canvas,  # the back end, for the type checker alone
    )

    from .pdf.pdfx import PrintingCondition
    from .pdf.surface import PdfSurface

MM = 72 / 25.4
"""Points in a millimetre (the back end's own value, to the last bit): the unit of a document in
millimetres, and what a product multiplies by where it lays out in points."""
POINT = 1.0
"""The unit of a document in points."""

Bounds = tuple[float, float, float, float]
"""A page's box as (left, bottom, right, top), in the document's unit from the page's lower-left corner."""


class Document:
    """One file being drawn: its pages, in order, each drawn through a ``Surface``.

    ``cmyk`` picks each ink's press values (a print file) or its screen values; ``unit`` is how many
    points one unit of every page's size, boxes and drawing is (``MM`` or ``POINT``); ``press`` makes
    the file PDF/X-1a (``drawing.pdf.pdfx``), for a print shop: CMYK, and every page given its trim;
    ``condition`` is the printing condition it names (None: FOGRA39, unless the shop asks for another).
    ``compressed`` False leaves its streams as they are drawn (a page read back at once, never
    stored: a face rendered to pixels). ``lang`` is the text's language (``en``: what a screen reader reads it in); ``outline`` opens the
    file with its bookmarks showing (``PdfSurface.bookmark`` adds them). ``surface`` is a ``PdfSurface``
    subclass to draw the pages through (one that holds every ink to a printer's limit).
    """

    def __init__(
        self, meta: Metadata, *, cmyk: bool, unit: float = MM, press: bool = False, lang: str | None = None,
        outline: bool = False, surface: type[PdfSurface] | None = None, compressed: bool = True,
        condition: PrintingCondition | None = None,
    ) -> None:  # fmt: skip
        self.meta = meta
        self.compressed = compressed
        self.condition = condition
        self._surface_class = surface
        self.cmyk = cmyk
        self.press = press
        self.lang = lang
        self.outline = outline
        self.unit = unit
        self._buffer = io.BytesIO()
        self._canvas: Canvas | None = None
        self._surface: PdfSurface | None = None
        self._size: tuple[float, float] | None = None
        self._open_page = False
        self.pages = 0

    def _open(self, size: tuple[float, float]) -> Canvas:
        """The back end's canvas, made at the first page's size (as every product made it before)."""
        if self._canvas is None:
            from .pdf.canvas import new_canvas
            from .pdf.surface import PdfSurface

            self._canvas = new_canvas(self._buffer, size, self.meta, self.compressed)
            if self.lang:
                self._canvas.setCatalogEntry("Lang", self.lang)
            if self.outline:
                self._canvas.showOutline()
            if self.press:  # before anything is drawn: a press file carries no links
                from .pdf.pdfx import FOGRA39, press_ready

                press_ready(self._canvas, self.condition or FOGRA39)
            self._surface = (self._surface_class or PdfSurface)(self._canvas, cmyk=self.cmyk, unit_pt=self.unit)
            self._size = size
        elif size != self._size:
            self._canvas.setPageSize(size)
            self._size = size
        return self._canvas

    @contextmanager
    def page(
        self, width: float, height: float, trim: Bounds | None = None, bleed: Bounds | None = None,
        label: str | None = None,
    ) -> Iterator[PdfSurface]:  # fmt: skip
        """A new page ``width`` x ``height`` to draw on in the block; ``trim`` is where it is cut
        (a print shop's TrimBox), ``bleed`` how far its printing runs past that (its BleedBox);
        ``label`` what a viewer calls the page (``inside``, ``sheet 1 front``)."""
        surface = self.open_page(width, height, trim, bleed)
        yield surface
        self.close_page(label)

    def open_page(
        self, width: float, height: float, trim: Bounds | None = None, bleed: Bounds | None = None
    ) -> PdfSurface:
        """``page`` for text that flows on to the next page wherever it runs out (a report): the page
        to draw on until ``close_page``."""
        if self._open_page:
            raise ValueError("a page is open: close it first")
        unit = self.unit
        canvas = self._open((width * unit, height * unit))
        if trim is not None:
            canvas.setTrimBox(tuple(v * unit for v in trim))
        if bleed is not None:
            canvas.setBleedBox(tuple(v * unit for v in bleed))
        if unit != POINT:
            canvas.saveState()
            canvas.scale(unit, unit)
        self._open_page = True
        assert self._surface is not None
        return self._surface

    def close_page(self, label: str | None = None) -> None:
        """Finish the open page; ``label`` is what a viewer calls it."""
        if not self._open_page or self._canvas is None:
            raise ValueError("no page is open")
        canvas = self._canvas
        if self.unit != POINT:
            canvas.restoreState()
        canvas.showPage()
        if label is not None:
            canvas.addPageLabel(self.pages, prefix=label)
        self.pages += 1
        self._open_page = False

    def surface(self, unit_pt: float) -> PdfSurface:
        """Another view of the page being drawn, whose unit is ``unit_pt`` points: for a drawing
        placed scaled (``transformed(scale=...)``), so that its lines stay as heavy as a press needs."""
        from .pdf.surface import PdfSurface

        if self._canvas is None:
            raise ValueError("a document's surface is drawn on inside a page")
        return PdfSurface(self._canvas, cmyk=self.cmyk, unit_pt=unit_pt)

    def data(self) -> bytes:
        """The finished file's bytes (the document can take no more pages)."""
        from .pdf.canvas import saved

        if self._canvas is None:
            raise ValueError("a document needs at least one page")
        return saved(self._canvas, self._buffer)

    def save(self, path: Path) -> Path:
        """Write the finished file under ``path`` in one atomic step (never half a file)."""
        from ..files import write_bytes

        return write_bytes(path, self.data())


__all__ = ["MM", "POINT", "Bounds", "Document", "Metadata"]
