"""The typefaces shipped inside the package (all SIL OFL 1.1, licences beside them).

Quicksand sets the text (the designer's body face) and draws the asterisk
glyph; Comic Neue Bold draws the other five glyphs, as in the designer's own
kit. Caprasimo, a soft, heavy display serif drawn after Cooper Black (the
designer's cover face, which is not free), sets the cover's title; its file is
the Latin subset that Fontsource publishes, converted to TrueType. Shipping the
files means a fresh machine needs no system fonts.
"""

from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent

QUICKSAND_MEDIUM = FONT_DIR / "Quicksand-Medium.ttf"
QUICKSAND_BOLD = FONT_DIR / "Quicksand-Bold.ttf"
CAPRASIMO = FONT_DIR / "Caprasimo-Regular.ttf"
COMIC_NEUE_BOLD = FONT_DIR / "ComicNeue-Bold.otf"
"""OpenType/CFF: its outlines are read with fontTools and drawn as paths, never set as text."""
