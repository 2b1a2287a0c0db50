"""The typefaces drawings set text in: one definition for the PDF and SVG back ends.

Marker labels in diagrams use Quicksand, like the rules text; colour letters
and the tile back use Bitstream Vera Sans Bold, which ships inside reportlab.
"""

from __future__ import annotations

from pathlib import Path

import reportlab

from .surface import Face

FONT_DIR = Path(__file__).resolve().parents[1] / "fonts"
_REPORTLAB_FONTS = Path(reportlab.__file__).parent / "fonts"

SANS = Face("GrawlixSans", _REPORTLAB_FONTS / "Vera.ttf", "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif")
SANS_BOLD = Face(
    "GrawlixSans-Bold", _REPORTLAB_FONTS / "VeraBd.ttf",
    "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif", bold=True,
)  # fmt: skip
QUICKSAND = Face("Quicksand-Medium", FONT_DIR / "Quicksand-Medium.ttf", "Quicksand, 'Trebuchet MS', sans-serif")
QUICKSAND_BOLD = Face(
    "Quicksand-Bold", FONT_DIR / "Quicksand-Bold.ttf", "Quicksand, 'Trebuchet MS', sans-serif", bold=True
)
LABEL = QUICKSAND
"""Marker labels (``?``, ``!``) in diagrams: the leaflet's body face."""


def registered(face: Face) -> str:
    """The face's name once reportlab knows the file (for metrics, and for PDF text)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if face.name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(face.name, str(face.file)))
    return face.name


def text_width(text: str, face: Face, size: float) -> float:
    """The advance width of ``text``, from the font file's own metrics."""
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.stringWidth(text, registered(face), size)
