"""How the shipped Schola PnP files were made from TeX Gyre Schola (run again to remake them).

TeX Gyre Schola (GUST Font License, an instance of the LaTeX Project Public
License 1.3c) is OpenType with PostScript (CFF) outlines, which reportlab
cannot embed. This converts a copy to TrueType outlines (fontTools' cu2qu,
cubic curves to quadratic ones within ``MAX_ERROR`` font units), keeps only
the characters a rulebook in a Western European language needs, and renames
the family, as the GUST licence asks of derived fonts. ``SCHOLA_README``
beside the files says what changed and where the original is, which LPPL
1.3c's clause 7 asks of a derived work. Nothing here runs at build time::

    python -m grawlix_print.fonts.schola /usr/share/texmf/fonts/opentype/public/tex-gyre
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from . import FONT_DIR, SCHOLA_BOLD, SCHOLA_REGULAR

SOURCES = {SCHOLA_REGULAR: "texgyreschola-regular.otf", SCHOLA_BOLD: "texgyreschola-bold.otf"}
FAMILY = "Schola PnP"
MAX_ERROR = 0.5  # font units of 1000 per em: far below a printer's dot at any rulebook size
CHARACTERS = (
    [*range(0x20, 0x7F), *range(0xA0, 0x180)]  # Basic Latin, Latin-1, Latin Extended-A
    + [*range(0x2010, 0x2028), *range(0x2030, 0x203B), 0x2044, 0x20AC, 0x2122]  # punctuation, €, ™
    + [*range(0x2190, 0x2194), 0x2212, 0x2264, 0x2265, 0x00D7]  # arrows, minus, ≤ ≥ ×
)


def converted(source: bytes, style: str) -> bytes:
    """The OpenType/CFF font ``source`` as a renamed, subset TrueType font (same bytes every run)."""
    from fontTools import subset
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable

    font = TTFont(io.BytesIO(source), recalcTimestamp=False)
    options = subset.Options()
    options.layout_features = ["kern", "liga", "onum", "lnum"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=CHARACTERS)
    subsetter.subset(font)

    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf
    del font["CFF "]
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, glyph in glyf.glyphs.items():
        hmtx[name] = (hmtx[name][0], getattr(glyph, "xMin", 0))
    maxp = newTable("maxp")
    maxp.tableVersion, maxp.maxZones = 0x00010000, 1
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):  # fmt: skip
        setattr(maxp, field, 0)
    font["maxp"] = maxp
    post = font["post"]
    post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
    font.sfntVersion = "\x00\x01\x00\x00"
    _rename(font, style)
    buffer = io.BytesIO()
    font.save(buffer, reorderTables=True)
    return buffer.getvalue()


def _rename(font, style: str) -> None:
    """A family name of its own (the GUST licence's request), with the change said in the font."""
    postscript = f"{FAMILY.replace(' ', '')}-{style}"
    names = font["name"]
    version = names.getDebugName(5) or ""
    for record in list(names.names):
        if record.nameID in (1, 3, 4, 6, 16, 17, 21, 22):
            names.removeNames(nameID=record.nameID)
    names.setName(FAMILY, 1, 3, 1, 0x409)
    names.setName(f"{version};{postscript}", 3, 3, 1, 0x409)
    names.setName(f"{FAMILY} {style}", 4, 3, 1, 0x409)
    names.setName(postscript, 6, 3, 1, 0x409)
    names.setName(style, 2, 3, 1, 0x409)
    names.setName(
        "TeX Gyre Schola 2.005 (B. Jackowski, J. M. Nowacki) converted to TrueType outlines, cut to "
        "Latin characters and renamed for grawlix-print; see ScholaPnP-README.txt. The authors of "
        "TeX Gyre Schola do not support this version.",
        10, 3, 1, 0x409,
    )  # fmt: skip
    for record in list(names.names):
        if record.platformID != 3:
            names.removeNames(platformID=record.platformID)


def main(folder: str) -> None:
    for target, name in SOURCES.items():
        style = "Bold" if target == SCHOLA_BOLD else "Regular"
        target.write_bytes(converted((Path(folder) / name).read_bytes(), style))
        print(f"wrote {target.relative_to(FONT_DIR.parent.parent)}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/texmf/fonts/opentype/public/tex-gyre")
