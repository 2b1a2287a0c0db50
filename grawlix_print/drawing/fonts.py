"""The typefaces drawings set text in: one definition for the PDF and SVG back ends.

Everything is set in Quicksand, the designer's face: the rules text, marker
labels, colour letters, the tile back and the sheets' notes; a game may set its
title in Caprasimo, after the designer's Cooper Black. The files ship in
``grawlix_print/fonts/`` (SIL OFL 1.1).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from ..fonts import CAPRASIMO as CAPRASIMO_FILE
from ..fonts import QUICKSAND_BOLD as QUICKSAND_BOLD_FILE
from ..fonts import QUICKSAND_MEDIUM as QUICKSAND_MEDIUM_FILE
from ..fonts import SCHOLA_BOLD as SCHOLA_BOLD_FILE
from ..fonts import SCHOLA_REGULAR as SCHOLA_REGULAR_FILE
from ..errors import StudioError
from .surface import Face

MAX_FONT_BYTES = 32 << 20
"""A typeface file of the templates: a Latin face is tens of kilobytes, a CJK one about 20 MB."""

QUICKSAND = Face("Quicksand-Medium", QUICKSAND_MEDIUM_FILE, "Quicksand, 'Trebuchet MS', sans-serif")
QUICKSAND_BOLD = Face(
    "Quicksand-Bold", QUICKSAND_BOLD_FILE, "Quicksand, 'Trebuchet MS', sans-serif", bold=True
)
CAPRASIMO = Face("Caprasimo-Regular", CAPRASIMO_FILE, "Caprasimo, 'Cooper Black', Georgia, serif")
"""A title face in the spirit of the designer's Cooper Black: soft, round and heavy (SIL OFL 1.1)."""
_SERIF = "'Schola PnP', 'TeX Gyre Schola', 'Century Schoolbook', Georgia, serif"
SCHOLA = Face("ScholaPnP-Regular", SCHOLA_REGULAR_FILE, _SERIF)
SCHOLA_BOLD = Face("ScholaPnP-Bold", SCHOLA_BOLD_FILE, _SERIF, bold=True)
"""A book face: TeX Gyre Schola (as Schola PnP: see ``grawlix_print.fonts``), Permutations' rulebook's."""
LABEL = QUICKSAND_BOLD
"""Marker labels (``?``, ``!``) in diagrams: the leaflet's face, in bold to read at arm's length."""
LETTER_FACE = QUICKSAND_BOLD
"""The colour letters' face, in the corners of paper tiles and (``solid.marks``) on 3D tiles."""


_REGISTERED: dict[str, Face] = {}
"""Every face registered with reportlab, by the name text is set in."""


def registered(face: Face) -> str:
    """The face's name once reportlab knows the file (for metrics, and for PDF text)."""
    if _REGISTERED.get(face.name) == face:
        return face.name  # known already: asked for every word measured and every line set
    from reportlab.pdfbase import pdfmetrics

    if face.name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(_tagged_font(face))
    _REGISTERED[face.name] = face
    return face.name


class MissingCharacter(StudioError):
    """Text a typeface cannot set: in a PDF it would come out as other letters or empty boxes."""

    def __init__(self, character: str, font: str, where: str | None = None) -> None:
        super().__init__(
            f"the typeface {font} has no {character!r} (U+{ord(character):04X}): write it another way", where
        )
        self.character, self.font = character, font


def characters(face: Face) -> frozenset[int]:
    """The characters the face's font has glyphs for, as the PDF back end reads its cmap: what it
    can set is what is asked, and it has read the file already (fontTools took 8 ms to load to say
    the same)."""
    return _characters(registered(face))


@lru_cache(maxsize=64)
def _characters(name: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    cmap = pdfmetrics.getFont(name).face.charToGlyph
    return frozenset(character for character, glyph in cmap.items() if glyph)  # glyph 0 draws a box


def missing_character(text: str, face: Face) -> str | None:
    """The first character of ``text`` the face's font has no glyph for (white space aside: the
    typesetter spaces words itself), or None."""
    have = characters(face)
    if have.issuperset(map(ord, text)):
        return None  # the usual answer, found at C speed: every word set is asked about
    return next((c for c in text if ord(c) not in have and not c.isspace()), None)


def check_settable(text: str, font: str) -> None:
    """Refuse ``text`` in the registered font ``font`` if it holds a character the font lacks."""
    face = _REGISTERED.get(font)
    missing = None if face is None else missing_character(text, face)
    if missing is not None:
        raise MissingCharacter(missing, font)


def lacks(text: str, font: str) -> bool:
    """Whether the registered font ``font`` has no glyph for a character of ``text``."""
    face = _REGISTERED.get(font)
    return face is not None and missing_character(text, face) is not None


def text_width(text: str, face: Face, size: float) -> float:
    """The advance width of ``text``, from the font file's own metrics."""
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.stringWidth(text, registered(face), size)


def vertical_metrics(face: Face) -> tuple[float, float]:
    """How far the face's letters reach above and below the baseline (ascent, descent), in ems, from
    the font file's own metrics: what a box of text must leave room for."""
    from reportlab.pdfbase import pdfmetrics

    metrics = pdfmetrics.getFont(registered(face)).face
    return metrics.ascent / 1000, -metrics.descent / 1000


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
