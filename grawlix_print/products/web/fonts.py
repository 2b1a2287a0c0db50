"""Web fonts: the typefaces a page or picture uses, cut down to its characters and embedded.

fontTools keeps only the glyphs a document needs (a subset, as in the PDFs)
and writes them as WOFF, which every browser reads; the result goes into a
CSS ``@font-face`` as a data URL, so the HTML page and each SVG picture work
as single files. Subsets are cached (``grawlix_print.cache``): making one
takes a tenth of a second, and the same text always gives the same bytes.
"""

from __future__ import annotations

import base64
import io

from ...cache import key_of, read_cached, store
from ...drawing.fonts import missing_character
from ...drawing.surface import Face


def family(face: Face) -> str:
    """The first family of the face's CSS list: the name the ``@font-face`` declares."""
    return face.css.split(",")[0].strip().strip("'\"")


def subset_woff(face: Face, characters: str) -> bytes:
    """The face with only ``characters`` (and what they need, such as kerning), as WOFF."""
    wanted = "".join(sorted(set(characters) | {" "}))
    data = face.file.read_bytes()
    name = f"font-{key_of(data, wanted)}.woff"
    cached = read_cached(name)
    if cached is not None:
        return cached
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.layout_features = ["kern", "liga"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # names and the licence (SIL OFL asks to keep it)
    font = TTFont(io.BytesIO(data), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=wanted)
    subsetter.subset(font)
    font.flavor = "woff"
    buffer = io.BytesIO()
    font.save(buffer)
    woff = buffer.getvalue()
    store(name, woff)
    return woff


def font_face_css(faces: list[Face], characters: str) -> str:
    """``@font-face`` rules embedding each face, subset to ``characters``."""
    rules = []
    for face in faces:
        data = base64.b64encode(subset_woff(face, characters)).decode("ascii")
        rules.append(
            f"@font-face{{font-family:'{family(face)}';font-weight:{700 if face.bold else 400};"
            f"font-style:normal;font-display:swap;src:url(data:font/woff;base64,{data}) format('woff')}}"
        )
    return "\n".join(rules)


def has_characters(face: Face, wanted: str) -> bool:
    """Whether the face's font has a glyph for every one of ``wanted``."""
    return missing_character(wanted, face) is None
