"""Text and pictures that flow down pages: a report's or a sheet's blocks, stacked, a page turned where
the next one does not fit.

A rulebook's panels are laid out box by box to fit a fixed frame (the leaflet's
own layout); a report only runs on, and a one-page sheet wants to know how
many pages its blocks take before it draws any. So the blocks are first placed
(``Flow.place``: pages and heights, nothing drawn), then drawn onto a document
(``Placed.draw``). Text is set by ``typeset`` (glyphs in running text, no lone
last word); a paragraph longer than the room left goes on over the page, a
heading stays with the block after it, and a picture or a row of pictures is
never split.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..ink import Ink
from ..text import Inline
from .surface import PdfSurface
from .typeset import SetText, TextStyle, draw_line, draw_text, set_text

Draw = Callable[[PdfSurface, float, float], None]
"""``draw(surface, x, top)``: a picture with its top-left corner at (x, top), in points."""


@dataclass(frozen=True)
class Text:
    """A paragraph (or heading: ``keep`` holds it to the next block) in ``style`` and ``ink``."""

    runs: Inline
    style: TextStyle
    ink: Ink
    bullet: str | None = None
    keep: bool = False


@dataclass(frozen=True)
class Picture:
    """A picture ``width`` x ``height`` points, centred unless ``left``."""

    width: float
    height: float
    draw: Draw
    left: bool = False
    space: float = 6.0


@dataclass(frozen=True)
class Row:
    """Pictures side by side, ``gap`` apart, their tops aligned; centred as a whole."""

    pictures: tuple[Picture, ...]
    gap: float = 12.0
    space: float = 6.0

    @property
    def width(self) -> float:
        return sum(p.width for p in self.pictures) + self.gap * max(0, len(self.pictures) - 1)

    @property
    def height(self) -> float:
        return max((p.height for p in self.pictures), default=0.0)


@dataclass(frozen=True)
class Table:
    """Rows of plain cells in columns ``widths`` points wide (the first row a heading, in bold);
    ``strong`` rows are set in bold too. A table longer than the room left goes on over the page,
    its heading again on top."""

    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...]
    font: str
    bold_font: str
    size: float
    ink: Ink
    strong: frozenset[int] = frozenset()
    space: float = 6.0

    @property
    def leading(self) -> float:
        return self.size * 1.45


@dataclass(frozen=True)
class Space:
    height: float


Block = Text | Picture | Row | Table | Space


@dataclass(frozen=True)
class _Piece:
    """A block, or the lines of a paragraph that fall on one page, at ``top`` below the frame's top."""

    block: Block
    top: float
    lines: SetText | None = None
    rows: tuple[int, ...] = ()
    """A table's rows on this page (its heading row first)."""


@dataclass
class Placed:
    """Blocks placed on pages (each a list of pieces), ready to draw."""

    pages: list[list[_Piece]] = field(default_factory=list)
    used: list[float] = field(default_factory=list)
    """How far down each page's content reaches, in points."""

    def draw_page(self, n: int, surface: PdfSurface, x: float, top: float, width: float) -> None:
        """Draw page ``n``'s pieces, the frame's top-left corner at (x, top) (the caller opens the page)."""
        for piece in self.pages[n]:
            _draw(piece, surface, x, top - piece.top, width)


def _draw(piece: _Piece, surface: PdfSurface, x: float, top: float, width: float) -> None:
    block = piece.block
    if isinstance(block, Text) and piece.lines is not None:
        draw_text(surface, piece.lines, block.style, x, top, width, block.ink, block.bullet)
    elif isinstance(block, Picture):
        block.draw(surface, x if block.left else x + (width - block.width) / 2, top)
    elif isinstance(block, Row):
        left = x + (width - block.width) / 2
        for picture in block.pictures:
            picture.draw(surface, left, top)
            left += picture.width + block.gap
    elif isinstance(block, Table):
        baseline = top - block.size
        for n in piece.rows:
            font = block.bold_font if n == 0 or n in block.strong else block.font
            left = x
            for cell, column in zip(block.rows[n], block.widths):
                draw_line(surface, left, baseline, cell, font, block.size, block.ink)
                left += column
            baseline -= block.leading


def place(blocks: Sequence[Block], width: float, height: float) -> Placed:
    """The blocks stacked down pages of a frame ``width`` x ``height`` points."""
    placed = Placed([[]], [0.0])
    y = 0.0
    k = 0
    while k < len(blocks):
        block = blocks[k]
        before = _space_before(block) if placed.pages[-1] else 0.0
        if isinstance(block, Space):
            y += block.height if placed.pages[-1] else 0.0
            k += 1
            continue
        if isinstance(block, Text):
            lines = set_text(block.runs, block.style, width).lines
            needed = before + _kept(blocks, k, width)
            if placed.pages[-1] and y + needed > height:
                y = _turn(placed, y)
                before = 0.0
            y += before
            while lines:
                room = max(1, int((height - y + 1e-6) // block.style.leading))
                if room * block.style.leading > height - y + 1e-6 and placed.pages[-1]:
                    y = _turn(placed, y)
                    continue
                taken, lines = lines[:room], lines[room:]
                placed.pages[-1].append(_Piece(block, y, SetText(taken, True)))
                y += len(taken) * block.style.leading
                if lines:
                    y = _turn(placed, y)
            y += block.style.space_after
        elif isinstance(block, Table):
            if placed.pages[-1] and y + before + 3 * block.leading > height:
                y = _turn(placed, y)
                before = 0.0
            y += before
            rows = list(range(1, len(block.rows)))
            while rows:
                room = max(1, int((height - y + 1e-6) // block.leading) - 1)
                shown, rows = rows[:room], rows[room:]
                placed.pages[-1].append(_Piece(block, y, rows=(0, *shown)))
                y += (1 + len(shown)) * block.leading
                if rows:
                    y = _turn(placed, y)
            y += block.space
        else:
            tall = block.height
            if placed.pages[-1] and y + before + tall > height:
                y = _turn(placed, y)
                before = 0.0
            y += before
            placed.pages[-1].append(_Piece(block, y))
            y += tall + block.space
        placed.used[-1] = y
        k += 1
    return placed


def _space_before(block: Block) -> float:
    if isinstance(block, Text):
        return block.style.space_before
    if isinstance(block, (Picture, Row, Table)):
        return block.space
    return 0.0


def _kept(blocks: Sequence[Block], k: int, width: float) -> float:
    """The height a heading needs on its page: itself, and the first lines of what it heads."""
    block = blocks[k]
    assert isinstance(block, Text)
    own = len(set_text(block.runs, block.style, width).lines) * block.style.leading
    if not block.keep or k + 1 >= len(blocks):
        return own
    after = blocks[k + 1]
    gap = block.style.space_after
    if isinstance(after, Text):
        kept = _kept(blocks, k + 1, width) if after.keep else 2 * after.style.leading
        return own + gap + after.style.space_before + kept
    if isinstance(after, (Picture, Row)):
        return own + gap + after.space + after.height
    if isinstance(after, Table):
        return own + gap + after.space + 3 * after.leading
    return own


def _turn(placed: Placed, y: float) -> float:
    placed.used[-1] = y
    placed.pages.append([])
    placed.used.append(0.0)
    return 0.0
