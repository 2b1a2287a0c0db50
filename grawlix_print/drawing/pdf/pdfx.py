"""PDF/X-1a:2003 (ISO 15930-4) for the files a print shop receives: one switch, ``press_ready``.

A print shop's preflight opens a file by asking what it is for: PDF/X names
the standard it keeps (``GTS_PDFXVersion`` in the Info dictionary, and in the
XMP packet) and the printing condition its CMYK values were chosen for (an
``OutputIntent`` of subtype ``GTS_PDFX``). X-1a rather than X-4 because its
printing condition may be named rather than embedded: a condition in the ICC's
registry of characterisation data is identified by its reference name
(``FOGRA39``) and the registry's address, so no ICC profile, with a licence of
its own, has to travel in the kit. X-1a also asks for what the press files
already are: CMYK only, every font embedded, no transparency, a TrimBox on every
page inside its BleedBox, dates, a title, ``Trapped`` and a document ID.

The rest is the drawing code's part, checked by the tests' preflight
(``tests/pdfx_preflight.py``): no RGB colour, no stroke under 0.25 pt, and no
annotation on the printed area. The last is enforced here: text set on a
press-ready canvas carries no link annotations (``typeset.draw_text`` asks
``is_press_ready``), since no one can click paper.
"""

from __future__ import annotations

from dataclasses import replace
from weakref import WeakKeyDictionary

from reportlab.pdfbase.pdfdoc import PDFArray, PDFDate, PDFDictionary, PDFInfo, PDFName, PDFString
from reportlab.pdfgen.canvas import Canvas

from ..printing import FOGRA39 as FOGRA39, SWOP as SWOP, PrintingCondition as PrintingCondition  # where they were

PDFX_VERSION = "PDF/X-1a:2003"
"""What ``GTS_PDFXVersion`` says: the standard the file keeps (ISO 15930-4:2003)."""


_PRESS_READY: WeakKeyDictionary[Canvas, PrintingCondition] = WeakKeyDictionary()


class _PdfxInfo(PDFInfo):
    """The Info dictionary with the two keys PDF/X adds: its version, and ``Trapped`` said
    outright (False: no trapping was done; a shop that traps does it on its side)."""

    def format(self, document) -> bytes:
        date = PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter)
        entries = {
            "Title": PDFString(self.title),
            "Author": PDFString(self.author),
            "Subject": PDFString(self.subject),
            "Keywords": PDFString(self.keywords),
            "Creator": PDFString(self.creator),
            "Producer": PDFString(self.producer),
            "CreationDate": date,
            "ModDate": date,
            "Trapped": PDFName("False"),
            "GTS_PDFXVersion": PDFString(PDFX_VERSION),
        }
        formatted: bytes = PDFDictionary(entries).format(document)
        return formatted


def press_ready(canvas: Canvas, condition: PrintingCondition = FOGRA39) -> None:
    """Make the document on ``canvas`` a PDF/X-1a:2003 file for ``condition``.

    Call it before anything is drawn (so that no link is made). The drawing must
    keep to CMYK (``PdfSurface(cmyk=True)``) and give every page a TrimBox and a
    BleedBox; the tests' preflight checks the whole file.
    """
    from .canvas import set_xmp_fields, xmp_fields

    document = canvas._doc  # reportlab has no public hook for the Info dictionary's keys
    info = _PdfxInfo()
    info.__dict__.update(document.info.__dict__)
    document.info = info
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"),
        "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(condition.identifier),
        "OutputCondition": PDFString(condition.condition),
        "RegistryName": PDFString(condition.registry),
        "Info": PDFString(condition.info),
    })  # fmt: skip
    catalog = document.Catalog
    # reportlab writes only the catalog keys it knows; the output intents are added to them.
    catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = PDFArray([intent])
    fields = xmp_fields(canvas)
    if fields is not None:
        set_xmp_fields(canvas, replace(fields, pdfx_version=PDFX_VERSION))
    _PRESS_READY[canvas] = condition


def is_press_ready(canvas: Canvas) -> bool:
    """Whether ``canvas`` makes a PDF/X file (which carries no annotations)."""
    return canvas in _PRESS_READY
