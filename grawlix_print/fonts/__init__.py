"""The typefaces shipped inside the package, licences beside them.

Quicksand (SIL OFL 1.1) sets a tile game's text (the designer's body face)
and draws the asterisk glyph; Comic Neue Bold (SIL OFL 1.1) draws the other
five glyphs, as in the designer's own kit. Roboto Slab Regular (Apache 2.0) draws
the numbers on cards, the slab serif of the designer's card faces; its Bold the
title on the ringed backs. Schola PnP
is TeX Gyre Schola (GUST Font License) with TrueType outlines, which reportlab
can embed, for the card game's rulebook (``schola`` says how it was made).
Caprasimo (SIL OFL 1.1), a soft, heavy display serif drawn after Cooper Black
(the designer's cover face, which is not free), sets the tile game's title;
its file is the Latin subset Fontsource publishes, converted to TrueType.
Shipping the files means a fresh machine needs no system fonts.
"""

from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent

QUICKSAND_MEDIUM = FONT_DIR / "Quicksand-Medium.ttf"
QUICKSAND_BOLD = FONT_DIR / "Quicksand-Bold.ttf"
CAPRASIMO = FONT_DIR / "Caprasimo-Regular.ttf"
COMIC_NEUE_BOLD = FONT_DIR / "ComicNeue-Bold.otf"
"""OpenType/CFF: its outlines are read with fontTools and drawn as paths, never set as text."""
ROBOTO_SLAB_REGULAR = FONT_DIR / "RobotoSlab-Regular.otf"
"""OpenType/CFF as well: card numbers are drawn from its outlines, so a number can be
outlined, clipped and striped like any shape; the Regular weight, as on the designer's cards."""
ROBOTO_SLAB_BOLD = FONT_DIR / "RobotoSlab-Bold.otf"
"""The title on the ringed card back."""
SCHOLA_REGULAR = FONT_DIR / "ScholaPnP-Regular.ttf"
SCHOLA_BOLD = FONT_DIR / "ScholaPnP-Bold.ttf"
"""TeX Gyre Schola converted to TrueType outlines and renamed (see ``ScholaPnP-README.txt``)."""
