"""The typefaces drawings set text in: one definition for the PDF and SVG back ends.

Everything is set in Quicksand, the designer's face: the rules text, marker
labels, colour letters, the tile back and the sheets' notes; a game may set its
title in Caprasimo, after the designer's Cooper Black. The files ship in
``grawlix_print/fonts/`` (SIL OFL 1.1).
"""

from __future__ import annotations

import hashlib

from ..fonts import CAPRASIMO as CAPRASIMO_FILE
from ..fonts import QUICKSAND_BOLD as QUICKSAND_BOLD_FILE
from ..fonts import QUICKSAND_MEDIUM as QUICKSAND_MEDIUM_FILE
from .surface import Face

QUICKSAND = Face("Quicksand-Medium", QUICKSAND_MEDIUM_FILE, "Quicksand, 'Trebuchet MS', sans-serif")
QUICKSAND_BOLD = Face(
    "Quicksand-Bold", QUICKSAND_BOLD_FILE, "Quicksand, 'Trebuchet MS', sans-serif", bold=True
)
CAPRASIMO = Face("Caprasimo-Regular", CAPRASIMO_FILE, "Caprasimo, 'Cooper Black', Georgia, serif")
"""A title face in the spirit of the designer's Cooper Black: soft, round and heavy (SIL OFL 1.1)."""
LABEL = QUICKSAND_BOLD
"""Marker labels (``?``, ``!``) in diagrams: the leaflet's face, in bold to read at arm's length."""
LETTER_FACE = QUICKSAND_BOLD
"""The colour letters' face, in the corners of paper tiles and (``solid.marks``) on 3D tiles."""


def registered(face: Face) -> str:
    """The face's name once reportlab knows the file (for metrics, and for PDF text)."""
    from reportlab.pdfbase import pdfmetrics

    if face.name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(_tagged_font(face))
    return face.name


def text_width(text: str, face: Face, size: float) -> float:
    """The advance width of ``text``, from the font file's own metrics."""
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.stringWidth(text, registered(face), size)


def subset_tag(font: str, characters: list[int]) -> bytes:
    """Six capital letters from a hash of the font's name and a subset's characters."""
    digest = hashlib.sha256(f"{font}:{characters}".encode()).digest()
    return bytes(ord("A") + b % 26 for b in digest[:6])


def _tagged_font(face: Face):
    """A reportlab TrueType font whose embedded subsets each get a tag of their own.

    reportlab prefixes every subset of every font with the subset's number as
    letters, so each PDF held two fonts both named "AAAAAA+…"; preflight tools
    and font caches take equal tags for equal subsets. Here the tag comes
    from the font's name and the subset's characters: unique within a
    document, the same for the same subset, so output stays reproducible.
    reportlab reads the tag from a module-level function, which is swapped
    only while this font writes its objects.
    """
    from reportlab.pdfbase import ttfonts

    class TaggedFont(ttfonts.TTFont):
        def addObjects(self, doc) -> None:
            subsets = self.state[doc].subsets
            original = ttfonts.SUBSETN
            ttfonts.SUBSETN = lambda n, *_: subset_tag(self.fontName, subsets[n])
            try:
                super().addObjects(doc)
            finally:
                ttfonts.SUBSETN = original

    return TaggedFont(face.name, str(face.file))
