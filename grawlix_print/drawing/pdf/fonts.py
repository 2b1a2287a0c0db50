"""The PDFs' typeface, Quicksand (SIL OFL 1.1), shipped inside the package.

The designer sets his rules in Quicksand; the sheets' notes and marks use it
too. reportlab embeds only the characters used (a subset), under a tag of
its own per subset (see ``_TaggedFont``).
"""

from __future__ import annotations

import hashlib

from reportlab.pdfbase import pdfmetrics, ttfonts

from ...fonts import QUICKSAND_BOLD, QUICKSAND_MEDIUM

BODY = "Quicksand-Medium"
BOLD = "Quicksand-Bold"


class _TaggedFont(ttfonts.TTFont):
    """A TrueType font whose embedded subsets each get their own tag.

    reportlab prefixes every subset of every font with its number as letters,
    so each PDF held two fonts both named "AAAAAA+…"; preflight tools and
    font caches take equal tags for equal subsets. Here the tag is six
    letters of a hash of the font's name and the subset's characters: unique
    within a document, the same for the same subset (so output stays
    reproducible). reportlab reads the tag from a module-level function, which
    is swapped only while this font writes its objects.
    """

    def addObjects(self, doc) -> None:
        subsets = self.state[doc].subsets
        original = ttfonts.SUBSETN
        ttfonts.SUBSETN = lambda n, *_: subset_tag(self.fontName, subsets[n])
        try:
            super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = original


def subset_tag(font: str, characters: list[int]) -> bytes:
    digest = hashlib.sha256(f"{font}:{characters}".encode()).digest()
    return bytes(ord("A") + b % 26 for b in digest[:6])


def register_quicksand() -> tuple[str, str]:
    """Register Quicksand Medium and Bold once; return the two font names."""
    if BODY not in pdfmetrics.getRegisteredFontNames():
        for name, path in ((BODY, QUICKSAND_MEDIUM), (BOLD, QUICKSAND_BOLD)):
            pdfmetrics.registerFont(_TaggedFont(name, str(path)))
    return BODY, BOLD
