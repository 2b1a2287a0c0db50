"""Setting text in PDF: styled runs broken into lines, and the lines drawn.

reportlab's Paragraph cannot do three things the leaflet (and the sheets'
notes) need, so they set their own lines:

* glyphs in running text are drawn as paths in the tiles' face (Comic Neue
  is OpenType/CFF, which reportlab cannot embed), with the character set
  invisibly on top so the text can still be searched and copied;
* a paragraph never ends on a single word when the line before it can spare
  one;
* work is bounded by the page, not by the text: breaking stops as soon as
  the lines pass the height they may take, and words are read lazily, so a
  paragraph of megabytes costs no more than a full panel.

The text comes as ``Span`` runs (bold, italic, a link, or a tile glyph), and
a ``Break`` breaks the line. Spaces and line ends may break a line; a no-break space
never does, and neither does the space on either side of a number, so
"25.4 mm", "15–30 minutes" and "CC BY 4.0" stay on one line without the
writer marking them. Quicksand has no italic, so italic is the upright face
slanted.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from reportlab.pdfbase.pdfmetrics import stringWidth

from ..fonts import check_settable, lacks
from ..ink import Ink
from ..outline import TextGlyph
from ..surface import Path, glyph_path
from ..text import Break, Span
from .pdfx import is_press_ready
from .surface import PdfSurface

FIT_SLACK = 0.01  # points: rounding slack before a line counts as too long
GLYPH_SCALE = 1.2
"""Glyphs in running text are set a size up from the words around them, as the
designer's leaflet sets them (about 12 pt in 10 pt text), so they read as pieces."""

ITALIC_SLANT = 0.2
"""Italic as Quicksand upright slanted by about 11 degrees (it has no italic face)."""
_TOKEN = re.compile(r"[ \t\r\n]+|[^ \t\r\n]{1,64}")
"""A run of breakable space, or up to 64 characters of a word (a no-break space is not breakable)."""
_NUMBER = re.compile(r"[(\[]?\d[\d.,:/×x–-]*[)\]]?[.,;:!?)]*")
"""A word that is a number ("25.4", "15–30", "(1", "4.0)."): no line breaks on either side of it."""


@dataclass(frozen=True)
class TextStyle:
    """How a block of text is set; lengths in points."""

    font: str
    bold_font: str
    size: float
    leading: float
    align: str = "left"  # or "centre"
    indent: float = 0.0  # left indent of every line
    bullet_indent: float = 0.0  # where a list item's label starts
    space_before: float = 0.0
    space_after: float = 0.0
    glyphs: Mapping[str, TextGlyph] = field(default_factory=dict, compare=False, repr=False)
    """How a glyph span (``Span.glyph``) is drawn: the game's glyphs, by character."""


@dataclass(frozen=True)
class Piece:
    """Part of a word in one font and link, or one glyph drawn as a path."""

    text: str
    bold: bool
    href: str | None
    width: float
    glyph: TextGlyph | None = None
    italic: bool = False


@dataclass(frozen=True)
class Word:
    """What a line may not break: the pieces between two breakable spaces."""

    pieces: tuple[Piece, ...]
    width: float

    @property
    def text(self) -> str:
        return "".join(p.text for p in self.pieces)


@dataclass(frozen=True)
class Line:
    words: tuple[Word, ...]
    hard_break: bool = False  # ends at a line break, so no word may move across its end


@dataclass(frozen=True)
class SetText:
    """A block's lines. ``complete`` is False when setting stopped at its height limit."""

    lines: tuple[Line, ...]
    complete: bool


class WordTooWide(Exception):
    """A word longer than the line: no breaking can help. ``exact`` is False when
    reading stopped early, so ``excess`` is a lower bound."""

    def __init__(self, word: str, excess: float, exact: bool = True):
        super().__init__(word)
        self.word, self.excess, self.exact = word, excess, exact


_BREAK = Line(())  # marks a line break in the word stream


def set_text(
    runs: Iterable[Span | Break], style: TextStyle, width: float, limit: float = math.inf
) -> SetText:
    """Break the runs into lines ``width`` wide; stop once they need more than ``limit`` high."""
    room = width - style.indent
    space = _space(style)
    most_lines = math.floor(limit / style.leading + 1e-9) if math.isfinite(limit) else math.inf
    lines: list[Line] = []
    current: list[Word] = []
    for word in _words(runs, style, room):
        if isinstance(word, Line):  # _BREAK, the one Line among the words
            lines.append(Line(tuple(current), hard_break=True))
            current = []
        elif current and _width(current, space) + space + word.width > room + FIT_SLACK:
            keep = len(current) - _carried(current, word, space, room)
            lines.append(Line(tuple(current[:keep])))
            current = [*current[keep:], word]
        else:
            current.append(word)
        if len(lines) >= most_lines:
            return SetText(tuple(lines), complete=False)
    lines.append(Line(tuple(current)))
    return SetText(tuple(_rebalanced(lines, room, space)), complete=True)


def text_height(text: SetText, style: TextStyle) -> float:
    return len(text.lines) * style.leading


def _space(style: TextStyle) -> float:
    return stringWidth(" ", style.font, style.size)


def _width(words: list[Word] | tuple[Word, ...], space: float) -> float:
    return sum(w.width for w in words) + space * max(0, len(words) - 1)


def _number(word: Word) -> bool:
    return _NUMBER.fullmatch(word.text) is not None


def _carried(current: list[Word], word: Word, space: float, room: float) -> int:
    """How many words at the end of a full line go down with ``word``, so no number is parted
    from its unit (the word after it) nor, where the line allows, from the word before it.

    0 breaks right before ``word``. The line keeps at least one word; if no
    break honours the numbers, the break goes right before ``word`` after all.
    """
    for strict in (True, False):  # first keep numbers with both neighbours, then only with units
        for carry in range(len(current)):
            moved = [*current[len(current) - carry :], word]
            before, after = current[len(current) - carry - 1], moved[0]
            glued = _number(before) or (strict and _number(after))
            if not glued and _width(moved, space) <= room + FIT_SLACK:
                return carry
    return 0


def _rebalanced(lines: list[Line], room: float, space: float) -> list[Line]:
    """Move a word down so that the last line does not stand alone as one word.

    Only across a soft break, only where no number would part from its unit,
    and only when the moved word fits beside it; the line it leaves keeps at
    least one word.
    """
    if len(lines) < 2 or len(lines[-1].words) != 1:
        return lines
    before, last = lines[-2], lines[-1]
    if before.hard_break or len(before.words) < 2 or _number(before.words[-2]):
        return lines
    moved = (before.words[-1], *last.words)
    if _width(moved, space) > room + FIT_SLACK:
        return lines
    return [*lines[:-2], Line(before.words[:-1]), Line(moved)]


def _words(runs: Iterable[Span | Break], style: TextStyle, room: float) -> Iterator[Word | Line]:
    """The words of the runs, one at a time (read lazily), and ``_BREAK`` for each line break."""
    pieces: list[Piece] = []
    width = 0.0

    def word() -> Word:
        found = Word(tuple(pieces), width)
        if width > room + FIT_SLACK:
            raise WordTooWide(found.text, width - room)
        return found

    for run in runs:
        if isinstance(run, Break):
            if pieces:
                yield word()
            pieces, width = [], 0.0
            yield _BREAK
            continue
        glyph = style.glyphs.get(run.text) if run.glyph else None
        if glyph is not None:
            advance = glyph.advance * style.size * GLYPH_SCALE
            pieces.append(Piece(run.text, True, run.link, advance, glyph))
            width += advance
            continue
        font = style.bold_font if run.bold else style.font
        for match in _TOKEN.finditer(run.text):
            token = match.group()
            if token[0] in " \t\r\n":
                if pieces:
                    yield word()
                pieces, width = [], 0.0
                continue
            check_settable(token, font)
            size = stringWidth(token, font, style.size)
            pieces.append(Piece(token, run.bold, run.link, size, italic=run.italic))
            width += size
            if width > 4 * room:  # hopeless already: stop reading an endless word
                raise WordTooWide("".join(p.text for p in pieces)[:40] + "…", width - room, exact=False)
    if pieces:
        yield word()


# --- drawing -------------------------------------------------------------------------


def draw_text(
    surface: PdfSurface, text: SetText, style: TextStyle, x: float, top: float, width: float,
    ink: Ink, bullet: str | None = None,
) -> None:  # fmt: skip
    """Draw the lines with the first baseline one type size below ``top``.

    Glyph pieces are filled paths; under each, its character is set in
    invisible text (render mode 3) squeezed to the glyph's advance, so
    copying or searching the PDF still finds "@".
    """
    canvas = surface.canvas
    space = _space(style)
    room = width - style.indent
    glyphs = Path()
    links: list[tuple[str, float, float, float]] = []
    surface.use_ink(ink)  # black text overprints on a press
    words = canvas.beginText()
    if surface.cmyk:
        words.setFillColorCMYK(*ink.cmyk)
    else:
        words.setFillColorRGB(*ink.rgb)
    baseline = top - style.size
    if bullet:
        words.setFont(style.font, style.size)
        words.setTextOrigin(x + style.bullet_indent, baseline)
        words.textOut(bullet)
    for line in text.lines:
        used = sum(w.width for w in line.words) + space * max(0, len(line.words) - 1)
        left = x + style.indent + ((room - used) / 2 if style.align == "centre" else 0.0)
        words.setTextOrigin(left, baseline)
        cursor = left
        for k, word in enumerate(line.words):
            if k:
                words.setFont(style.font, style.size)
                words.textOut(" ")
                cursor += space
            for piece in word.pieces:
                if piece.italic:
                    words.setTextTransform(1, 0, ITALIC_SLANT, 1, cursor, baseline)
                _set_piece(words, piece, style)
                if piece.italic or piece.glyph is not None and lacks(piece.text, style.bold_font):
                    # A leaning run, or a glyph whose character the face lacks (set as a .notdef,
                    # whose width in the PDF may be 0): the next piece starts where it should.
                    words.setTextOrigin(cursor + piece.width, baseline)
                if piece.glyph is not None:
                    glyphs += glyph_path(piece.glyph, cursor, baseline, style.size * GLYPH_SCALE)
                if piece.href:
                    links.append((piece.href, cursor, cursor + piece.width, baseline))
                cursor += piece.width
        baseline -= style.leading
    canvas.drawText(words)
    surface.shape(glyphs, fill=ink, even_odd=True)
    if is_press_ready(canvas):  # no annotation on a page to print (PDF/X), and paper cannot be clicked
        return
    for href, x0, x1, y in links:
        rect = (x0, y - 0.25 * style.size, x1, y + style.size)
        canvas.linkURL(href, rect, relative=1, thickness=0)


def draw_line(surface: PdfSurface, x: float, baseline: float, text: str, font: str, size: float, ink: Ink) -> None:
    """One line of plain text from (x, baseline) in the registered font ``font`` (a title set at a size of
    its own), in ``ink``; the graphics state is left as it was."""
    canvas = surface.canvas
    canvas.saveState()
    surface.use_ink(ink)
    canvas.setFont(font, size)
    canvas.drawString(x, baseline, text)
    canvas.restoreState()


def _set_piece(words, piece: Piece, style: TextStyle) -> None:
    words.setFont(style.bold_font if piece.bold else style.font, style.size)
    if piece.glyph is None:
        words.textOut(piece.text)
        return
    natural = stringWidth(piece.text, style.bold_font, style.size)
    words.setTextRenderMode(3)
    words.setHorizScale(100 * piece.width / natural)
    words.textOut(piece.text)
    words.setHorizScale(100)
    words.setTextRenderMode(0)
