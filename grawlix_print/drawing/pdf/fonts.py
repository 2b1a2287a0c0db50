"""The PDFs' typeface, Quicksand (SIL OFL 1.1), shipped inside the package.

The designer sets his rules in Quicksand; the sheets' notes and marks use it
too. reportlab embeds only the characters used (a subset), each under a tag
of its own (see ``drawing.fonts``).
"""

from __future__ import annotations

from ..fonts import QUICKSAND, QUICKSAND_BOLD, registered


def register_quicksand() -> tuple[str, str]:
    """Register Quicksand Medium and Bold once; return the two font names."""
    return registered(QUICKSAND), registered(QUICKSAND_BOLD)
