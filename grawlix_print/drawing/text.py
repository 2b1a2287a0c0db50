"""Styled text as every renderer receives it: runs of words in one style, and line breaks.

The leaflet's words, the web editions and the sheets' notes are all made of
these plain values; the PDF typesetter, the Markdown and the HTML writers
only set them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Span:
    """A run of text in one style; ``glyph`` marks a tile's glyph named in running text.

    ``spoken`` is what a screen reader should say for it where the text alone
    would be misread (a glyph: "&" is read "and", "*" skipped).
    """

    text: str
    bold: bool = False
    italic: bool = False
    glyph: bool = False
    link: str | None = None
    spoken: str | None = None


@dataclass(frozen=True)
class Break:
    """A line break inside a block."""


Inline = tuple[Span | Break, ...]


def plain(text: Inline, line_break: str = "\n") -> str:
    """What a reader sees, without styles; a line break becomes ``line_break``."""
    return "".join(piece.text if isinstance(piece, Span) else line_break for piece in text)
