"""The leaflet's typeface, Quicksand (SIL OFL 1.1), shipped inside the package.

The designer sets the rules in Quicksand. The TrueType files and their licence
live in ``grawlix_print/fonts/`` so a fresh machine needs no system fonts;
reportlab embeds only the characters used (a subset).
"""

from __future__ import annotations

from reportlab.lib.fonts import addMapping

from ..fonts import QUICKSAND, QUICKSAND_BOLD, registered

BODY = QUICKSAND.name
BOLD = QUICKSAND_BOLD.name


def register_quicksand() -> tuple[str, str]:
    """Register Quicksand Medium and Bold once; ``<b>`` in a paragraph picks the bold face."""
    registered(QUICKSAND)
    registered(QUICKSAND_BOLD)
    for bold, italic, face in ((0, 0, BODY), (1, 0, BOLD), (0, 1, BODY), (1, 1, BOLD)):
        addMapping(BODY, bold, italic, face)
    return BODY, BOLD
