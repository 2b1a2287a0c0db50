"""The PDF back end of the drawing layer: ``Surface`` calls onto a reportlab canvas.

A print product asks for CMYK (each ``Ink``'s press values), a screen
product for RGB; the drawing code is the same. In CMYK, black ink alone
overprints (``Ink.overprints``). Stamps become PDF form XObjects, defined
once per canvas and placed wherever they recur.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from weakref import WeakKeyDictionary

from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas

from ..ink import Ink
from ..fonts import check_settable, registered
from ..surface import Face, Path, Pen, Raster, Surface

# Forms already defined in each canvas: (key, colour mode) -> form name.
_FORMS: WeakKeyDictionary[Canvas, dict[tuple[Hashable, bool], str]] = WeakKeyDictionary()
# Pictures already in each canvas: (the file's bytes, mask) -> reportlab's name for the image.
_IMAGES: WeakKeyDictionary[Canvas, dict[tuple[bytes, str | None], str]] = WeakKeyDictionary()


class PdfSurface:
    """Draws on ``canvas`` in its current units (``unit_pt`` points each); ``cmyk`` picks the
    press values of every ink."""

    def __init__(self, canvas: Canvas, cmyk: bool, unit_pt: float = 1.0) -> None:
        self.canvas = canvas
        self.cmyk = cmyk
        self.unit_pt = unit_pt

    def use_ink(self, ink: Ink) -> None:
        """Fill and stroke in ``ink`` from here on (text the canvas sets itself, too)."""
        self._stroke_colour(ink)
        self._fill(ink)  # after the stroke's: a PDF fill overprints with the stroke unless told not to

    def _fill(self, ink: Ink) -> None:
        if self.cmyk:
            self.canvas.setFillColorCMYK(*ink.cmyk)
            self.canvas.setFillOverprint(ink.overprints)
            if ink.overprints:
                self.canvas.setOverprintMask(True)
        else:
            self.canvas.setFillColorRGB(*ink.rgb)

    def _stroke_colour(self, ink: Ink) -> None:
        canvas = self.canvas
        if self.cmyk:
            canvas.setStrokeColorCMYK(*ink.cmyk)
            canvas.setStrokeOverprint(ink.overprints)
            if ink.overprints:
                canvas.setOverprintMask(True)
        else:
            canvas.setStrokeColorRGB(*ink.rgb)

    def _stroke(self, pen: Pen) -> None:
        canvas = self.canvas
        self._stroke_colour(pen.ink)
        canvas.setLineWidth(pen.width)
        canvas.setLineCap(1 if pen.round else 0)
        canvas.setLineJoin(1 if pen.round else 0)
        canvas.setDash(list(pen.dash) if pen.dash else [])

    def shape(
        self, path: Path, fill: Ink | None = None, pen: Pen | None = None, even_odd: bool = False
    ) -> None:
        if fill is None and pen is None:
            return
        if pen is not None:
            self._stroke(pen)
        if fill is not None:  # after the stroke's: a PDF fill overprints with the stroke unless told not to
            self._fill(fill)
        self.canvas.drawPath(
            _pdf_path(self.canvas, path),
            stroke=pen is not None,
            fill=fill is not None,
            fillMode=FILL_EVEN_ODD if even_odd else FILL_NON_ZERO,
        )

    def text(
        self, x: float, y: float, text: str, face: Face, size: float, ink: Ink, centred: bool = True,
        slant: float = 0.0,
    ) -> None:  # fmt: skip
        check_settable(text, registered(face))
        self._fill(ink)
        self.canvas.setFont(registered(face), size)
        if slant:
            if centred:
                x -= self.canvas.stringWidth(text, registered(face), size) / 2
            words = self.canvas.beginText()
            words.setFont(registered(face), size)
            words.setTextTransform(1, 0, slant, 1, x, y)
            words.textOut(text)
            self.canvas.drawText(words)
        elif centred:
            self.canvas.drawCentredString(x, y, text)
        else:
            self.canvas.drawString(x, y, text)

    def image(self, picture: Raster, x: float, y: float, width: float, height: float) -> None:
        """The picture, stored once in the file however often it is drawn (reportlab's own rule). A
        picture drawn again (an event card's art on each event) is placed by the name reportlab
        gave it, as reportlab's ``drawImage`` places a picture it has seen: the same bytes out,
        without decoding the file and hashing its pixels again (a tenth of a deck's sheets)."""
        mask = "auto" if picture.mime == "image/png" else None
        known = _IMAGES.setdefault(self.canvas, {})
        name = known.get((picture.data, mask))
        if name is not None:
            _place_image(self.canvas, name, x, y, width, height)
            return
        from reportlab.lib.utils import ImageReader

        from ..bitmaps import opened

        with opened(picture.data):  # within bounds before reportlab decodes it (a plug-in's Raster too)
            pass
        reader = ImageReader(io.BytesIO(picture.data))
        self.canvas.drawImage(reader, x, y, width, height, mask=mask)
        known[(picture.data, mask)] = self.canvas._formsinuse[-1]  # the name drawImage gave it, last used

    @contextmanager
    def transformed(
        self, dx: float = 0.0, dy: float = 0.0, angle: float = 0.0, scale: float = 1.0
    ) -> Iterator[None]:
        canvas = self.canvas
        canvas.saveState()
        try:
            if dx or dy:
                canvas.translate(dx, dy)
            if angle:
                canvas.rotate(angle)
            if scale != 1.0:
                canvas.scale(scale, scale)
            yield
        finally:
            canvas.restoreState()

    @contextmanager
    def clipped(self, path: Path) -> Iterator[None]:
        canvas = self.canvas
        canvas.saveState()
        try:
            canvas.clipPath(_pdf_path(canvas, path), stroke=0, fill=0, fillMode=FILL_NON_ZERO)
            yield
        finally:
            canvas.restoreState()

    def bookmark(self, key: str, title: str, level: int, top: float) -> None:
        """An entry ``title`` in the file's outline at ``level`` (0 the outermost), opening the page
        at ``top`` (the reading editions: a reader jumps to a section)."""
        self.canvas.bookmarkPage(key, fit="FitH", top=top)
        self.canvas.addOutlineEntry(title, key, level=level)

    def stamp(self, key: Hashable, reach: float, draw: Callable[[Surface], None]) -> None:
        forms = _FORMS.setdefault(self.canvas, {})
        name = forms.get((key, self.cmyk))
        if name is None:
            name = forms[(key, self.cmyk)] = f"GrawlixStamp{len(forms)}"
            self.canvas.saveState()
            self.canvas.beginForm(name, -reach, -reach, reach, reach)
            draw(self)
            self.canvas.endForm()
            _keep_graphics_states(self.canvas, name)
            self.canvas.restoreState()
        self.canvas.doForm(name)


def _place_image(canvas: Canvas, name: str, x: float, y: float, width: float, height: float) -> None:
    """What reportlab's ``drawImage`` (5.x, ``canvas.py``) writes for an image it holds already: the
    image's object scaled into the box, and the name noted as used on this page or form."""
    from reportlab.lib.boxstuff import aspectRatioFix

    found = canvas._doc.idToObject[canvas._doc.getXObjectName(name)]
    x, y, width, height, _ = aspectRatioFix(False, "c", x, y, width, height, found.width, found.height)
    canvas._currentPageHasImages = 1
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(width, height)
    canvas._code.append(f"/{canvas._doc.getXObjectName(name)} Do")
    canvas.restoreState()
    canvas._formsinuse.append(name)


def _keep_graphics_states(canvas: Canvas, name: str) -> None:
    """Give the form the graphics states (overprint) its drawing uses.

    reportlab collects a form's ``gs`` states but leaves them out of the
    form's resources, so a viewer would find the names undefined.
    """
    form = canvas._doc.idToObject[xObjectName(name)]
    if form.ExtGState:
        resources = PDFResourceDictionary()
        resources.basicFonts()
        resources.basicProcs()
        resources.ExtGState = form.ExtGState
        if form.XObjects:
            resources.XObject = form.XObjects
        form.Resources = resources


def _pdf_path(canvas: Canvas, path: Path):
    pdf = canvas.beginPath()
    for operation in path.operations:
        kind = operation[0]
        if kind == "M":
            pdf.moveTo(*operation[1:])
        elif kind == "L":
            pdf.lineTo(*operation[1:])
        elif kind == "C":
            pdf.curveTo(*operation[1:])
        else:
            pdf.close()
    return pdf
