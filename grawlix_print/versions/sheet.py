"""What a printed comparison sets, in a game's own look: its type styles, and sentences with the words
that changed in bold.

The report for the designer (``pdf``) and the errata sheet for players (the
``errata`` product) both set the game's words in the game's typefaces, its
glyphs drawn as in its rulebook (``Presentation``), the changed words of a
sentence picked out, so they share this.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from difflib import SequenceMatcher

from ..drawing.fonts import registered
from ..drawing.ink import Ink
from ..drawing.pdf.typeset import TextStyle
from ..drawing.text import Inline, Span
from ..games.presentation import Presentation
from .text import WORDS

TEXT_INK = Ink((0.08, 0.08, 0.08), (0.0, 0.0, 0.0, 1.0))
"""Type: near-black on screen, black ink alone in print."""
QUIET_INK = Ink((0.4, 0.4, 0.4), (0.0, 0.0, 0.0, 0.65))
"""Where a thing came from, labels: grey."""


@dataclass(frozen=True)
class Styles:
    """The type of a comparison on paper, in the game's faces."""

    title: TextStyle
    heading: TextStyle
    subheading: TextStyle
    body: TextStyle
    small: TextStyle
    item: TextStyle


def styles(presentation: Presentation, body_size: float = 9.5, title_size: float = 20.0) -> Styles:
    """The styles at ``body_size`` (the rest in proportion), glyphs drawn as the game's rulebook draws them."""
    typography = presentation.typography
    regular, bold, title = registered(typography.body), registered(typography.bold), registered(typography.title)
    size = body_size
    body = TextStyle(regular, bold, size, leading=1.25 * size, space_after=0.35 * size,
                     glyphs=presentation.running_glyphs)  # fmt: skip
    return Styles(
        title=replace(body, font=title, bold_font=title, size=title_size, leading=1.2 * title_size, space_after=2),
        heading=replace(body, font=bold, size=1.3 * size, leading=1.6 * size, space_before=0.9 * size,
                        space_after=0.3 * size),  # fmt: skip
        subheading=replace(body, font=bold, size=size, leading=1.25 * size, space_before=0.5 * size, space_after=1),
        body=body,
        small=replace(body, size=0.82 * size, leading=1.05 * size, space_after=0.25 * size),
        item=replace(body, indent=1.3 * size, bullet_indent=0.2 * size, space_after=0.25 * size),
    )


def settable(text: str, style: TextStyle) -> Inline:
    """Plain words as styled text the style can set: a character the game draws as a glyph becomes
    that glyph, one the face lacks a question mark (never a box, never a refused build)."""
    from ..drawing.fonts import lacks

    pieces: list[Span] = []
    for character in text:
        if character in style.glyphs:
            pieces.append(Span(character, glyph=True))
        elif lacks(character, style.font):
            pieces.append(Span("?"))
        elif pieces and not pieces[-1].glyph:
            pieces[-1] = replace(pieces[-1], text=pieces[-1].text + character)
        else:
            pieces.append(Span(character))
    return tuple(pieces)


def _tokens(runs: Inline) -> list[Span]:
    """A sentence's words and spaces, each a span of its own style (a glyph is one word)."""
    found: list[Span] = []
    for piece in runs:
        if not isinstance(piece, Span):
            found.append(Span(" "))
        elif piece.glyph:
            found.append(piece)
        else:
            found += [replace(piece, text=t) for t in WORDS.findall(piece.text)]
    return found


def emphasised(old: Inline, new: Inline) -> tuple[Inline, Inline]:
    """Both versions of a sentence with the words only one of them has in bold (and no other word:
    bold says what changed)."""
    a, b = _tokens(old), _tokens(new)
    marked_a: list[Span] = []
    marked_b: list[Span] = []
    matcher = SequenceMatcher(None, [t.text for t in a], [t.text for t in b], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        strong = tag != "equal"
        marked_a += [replace(t, bold=strong and not t.text.isspace()) for t in a[i1:i2]]
        marked_b += [replace(t, bold=strong and not t.text.isspace()) for t in b[j1:j2]]
    return tuple(marked_a), tuple(marked_b)
