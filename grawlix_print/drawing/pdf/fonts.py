"""The PDFs' typeface, Quicksand (SIL OFL 1.1), shipped inside the package.

The designer sets his rules in Quicksand; the sheets' notes and marks use it
too. reportlab embeds only the characters used (a subset), each under a tag
of its own (see ``drawing.fonts``). Plain text is measured and wrapped here, apart from the
typesetting of rules text (``typeset``), so a report that only writes lines loads no more.
"""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth

from ..fonts import QUICKSAND, QUICKSAND_BOLD, registered


def register_quicksand() -> tuple[str, str]:
    """Register Quicksand Medium and Bold once; return the two font names."""
    return registered(QUICKSAND), registered(QUICKSAND_BOLD)


def string_width(text: str, font: str, size: float) -> float:
    """The advance width of ``text`` in the registered font ``font`` (a ``TextStyle``'s) at ``size``."""
    width: float = stringWidth(text, font, size)
    return width


def wrapped(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` in the registered font ``font`` at ``size``, at
    spaces, greedily: plain running text (a report's), where the rules' own line breaker is not needed."""
    from reportlab.lib.utils import simpleSplit

    found: list[str] = simpleSplit(text, font, size, width)
    return found
