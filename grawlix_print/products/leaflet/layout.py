"""Laying one leaflet panel out: its blocks stacked from the top of a fixed box.

Each block of the leaflet text becomes a box that knows its height for a
width and how to draw itself. ``lay_out`` stacks them and fails, naming the
panel and the excess in millimetres, when they are too tall or too wide:
nothing is clipped and nothing runs into the next panel. A diagram without a
size of its own is drawn as large as it may be, and shrinks, down to
``SMALLEST_SHARE`` of that, when the panel would otherwise overflow; if even
that is not enough but smaller tiles would do, the error names the diagram and
the size that fits. A panel is laid out once and can then be drawn anywhere
(the tri-fold and the reading edition share it).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace

from ...drawing.document import MM as mm
from ...drawing.document import POINT, Document, Metadata
from ...drawing.figure import Figure
from ...drawing.fonts import MissingCharacter, registered
from ...drawing.pdf.fonts import string_width
from ...drawing.pdf.licence import draw_cc_by
from ...drawing.pdf.surface import PdfSurface
from ...drawing.pdf.typeset import (
    SetText,
    TextStyle,
    WordTooWide,
    draw_line,
    draw_text,
    set_text,
    text_height,
)
from ...drawing.outline import TextGlyph
from ...drawing.text import Inline, plain
from ...errors import StudioError
from ...games.presentation import Typography
from ...rulebook import Diagram, Fill, Heading, ListItem, Paragraph, RulebookText, Section
from ...drawing.ink import Ink

TEXT_INK = Ink((0.08, 0.08, 0.08), (0.0, 0.0, 0.0, 1.0))
"""Type and rules: near-black on screen, black ink alone (K) in print, so text stays sharp
even when a press's colour plates sit slightly out of register."""
TITLE_MEASURE = 0.97  # the most of the panel's width the title may span
TOLERANCE = 0.05 * mm  # rounding slack before a panel counts as overfull
REACH = 3.0
"""How many panel heights of content are measured before giving up on an exact excess:
past that, a panel is reported as "more than" so much too tall, and no more text is set."""

BODY_POINTS = 10.0
"""The designer's body size (Quicksand Medium 10 pt)."""
SMALLEST_SHARE = 0.5
"""A diagram may shrink to half its largest size to fit its panel (a 13.5 mm tile to 6.75 mm:
its glyph still a good 4 mm tall); smaller is the designer's choice, by a size of its own."""


@dataclass(frozen=True)
class Frame:
    """The text area of a panel, in points."""

    width: float
    height: float


# --- type styles -------------------------------------------------------------------


@dataclass(frozen=True)
class Styles:
    body: TextStyle
    title: TextStyle
    section: TextStyle
    subsection: TextStyle
    subtitle: TextStyle
    small: TextStyle
    large: TextStyle
    item: TextStyle
    subitem: TextStyle


def make_styles(typography: Typography, glyphs: Mapping[str, TextGlyph] | None = None) -> Styles:
    """The leaflet's type styles in the game's faces; ``glyphs`` draws the game's glyphs where the text names them."""
    regular, bold, title = registered(typography.body), registered(typography.bold), registered(typography.title)
    size = BODY_POINTS
    body = TextStyle(regular, bold, size, leading=1.2 * size, space_after=0.42 * size, glyphs=glyphs or {})

    def like(**changes) -> TextStyle:
        return replace(body, **changes)

    return Styles(
        body=body,
        title=like(font=title, size=56, leading=62, align="centre", space_after=0),
        section=like(font=bold, size=12.5, leading=15, space_before=9, space_after=4),
        subsection=like(font=bold, size=10, leading=12.5, space_before=5, space_after=2.5),
        subtitle=like(size=17, leading=21, align="centre"),
        small=like(size=7.2, leading=9),
        large=like(size=17, leading=22),
        item=like(indent=13, space_after=2.6),
        subitem=like(indent=30, bullet_indent=13, space_after=1.2),
    )


# --- boxes ---------------------------------------------------------------------------


class Box:
    """One block, measured and drawn from its top-left corner."""

    space_before = 0.0
    space_after = 0.0
    stretch = False
    bookmark: tuple[int, str] | None = None  # (outline level, title) for the reading edition

    def height(self, width: float, limit: float) -> float:
        """The box's height; a text box stops measuring somewhere past ``limit``."""
        raise NotImplementedError

    def excess_width(self, width: float) -> float:
        """How much wider than ``width`` the box's narrowest possible layout is."""
        return 0.0

    def describe(self) -> str:
        return "a block"

    def draw(self, surface: PdfSurface, x: float, top: float, width: float) -> None:
        raise NotImplementedError


class TextBox(Box):
    """A paragraph, list item or heading, set by ``typeset`` (lazily: nothing is read until measured)."""

    def __init__(self, text: Inline, style: TextStyle, bullet: str | None = None):
        self.text, self.style, self.bullet = text, style, bullet
        self.space_before, self.space_after = style.space_before, style.space_after
        self._set: tuple[float, SetText] | None = None  # (width, lines)

    def lines(self, width: float, limit: float = float("inf")) -> SetText:
        if self._set is None or self._set[0] != width or not self._set[1].complete:
            self._set = (width, set_text(self.text, self.style, width, limit))
        return self._set[1]

    def height(self, width: float, limit: float) -> float:
        """The lines' height; once they pass ``limit``, a height past it (and no more is set)."""
        text = self.lines(width, limit)
        lines = text_height(text, self.style)
        return lines if text.complete else lines + self.style.leading

    def draw(self, surface: PdfSurface, x: float, top: float, width: float) -> None:
        draw_text(surface, self.lines(width), self.style, x, top, width, TEXT_INK, self.bullet)


class HeadingBox(TextBox):
    def __init__(self, text: Inline, style: TextStyle, level: int):
        super().__init__(text, style)
        self.bookmark = (level - 2, plain(text, " "))


class TitleBox(Box):
    """The title: one centred line in the game's title face, as large as the panel allows up
    to its style's size (the designer's Cooper Black fills the cover's width)."""

    def __init__(self, text: Inline, style: TextStyle):
        self.text, self.style = plain(text, " "), style
        self.space_before, self.space_after = style.space_before, style.space_after
        self.bookmark = (0, self.text)

    def size(self, width: float) -> float:
        return min(self.style.size, width * TITLE_MEASURE / string_width(self.text, self.style.font, 1))

    def height(self, width: float, limit: float) -> float:
        return self.style.leading * self.size(width) / self.style.size

    def describe(self) -> str:
        return f"the title {self.text!r}"

    def draw(self, surface: PdfSurface, x: float, top: float, width: float) -> None:
        size = self.size(width)
        text_width = string_width(self.text, self.style.font, size)
        baseline = top - self.height(width, 0) + size * 0.24
        draw_line(surface, x + (width - text_width) / 2, baseline, self.text, self.style.font, size, TEXT_INK)


class PictureBox(Box):
    """A diagram at ``cell`` per tile (or card). ``flexible`` ones, sized to the panel rather than
    by the text, may shrink down to ``smallest`` when the panel needs the room."""

    space_before = space_after = 8.0

    def __init__(self, picture: Figure, cell: float, flexible: bool = False, smallest: float = 0.0,
                 name: str = "a diagram", unit: str = "unit"):  # fmt: skip
        self.picture, self.cell = picture, cell
        self.flexible, self.smallest, self.name, self.unit = flexible, smallest, name, unit

    def height(self, width: float, limit: float) -> float:
        return self.picture.size(self.cell)[1]

    def excess_width(self, width: float) -> float:
        return self.picture.size(self.cell)[0] - width

    def describe(self) -> str:
        return self.name

    def draw(self, surface: PdfSurface, x: float, top: float, width: float) -> None:
        picture_width = self.picture.size(self.cell)[0]
        self.picture.draw(surface, x + (width - picture_width) / 2, top, self.cell)


class FillBox(Box):
    stretch = True

    def height(self, width: float, limit: float) -> float:
        return 0.0

    def draw(self, surface: PdfSurface, x: float, top: float, width: float) -> None:
        pass


class LicenceBox(Box):
    """The licence line with the Creative Commons BY badge at its right, as the designer sets it."""

    badge = 19 * mm
    gap = 2 * mm

    def __init__(self, text: TextBox):
        self.text = text
        self.space_before, self.space_after = text.space_before, text.space_after

    def _text_width(self, width: float) -> float:
        return width - self.badge - self.gap

    def height(self, width: float, limit: float) -> float:
        return max(self.text.height(self._text_width(width), limit), self.badge * 0.45)

    def draw(self, surface: PdfSurface, x: float, top: float, width: float) -> None:
        text_width = self._text_width(width)
        height = self.height(width, float("inf"))
        self.text.draw(surface, x, top - (height - self.text.height(text_width, float("inf"))) / 2, text_width)
        draw_cc_by(surface, x + width - self.badge, top - height / 2, self.badge, TEXT_INK)


# --- from blocks to boxes --------------------------------------------------------------


def boxes_for(panel: Section, styles: Styles, frame: Frame) -> Iterator[Box]:
    """The section's boxes, made one at a time as the stacking asks for them.

    Lazy so that a section that overflows early costs nothing for the text
    after the overflow.
    """
    for block in panel.blocks:
        if isinstance(block, Heading):
            if block.level == 1:
                yield TitleBox(block.text, styles.title)
            else:
                style = styles.section if block.level == 2 else styles.subsection
                yield HeadingBox(block.text, style, block.level)
        elif isinstance(block, Paragraph):
            yield _paragraph_box(block, styles)
        elif isinstance(block, ListItem):
            style = styles.item if block.depth == 0 else styles.subitem
            yield TextBox(block.text, style, bullet=block.label)
        elif isinstance(block, Diagram):
            yield _picture_box(block, frame)
        elif isinstance(block, Fill):
            yield FillBox()


def _paragraph_box(block: Paragraph, styles: Styles) -> Box:
    style = styles.body
    for tag in ("small", "large", "subtitle"):
        if tag in block.tags:
            style = getattr(styles, tag)
    if "centred" in block.tags:
        style = replace(style, align="centre")
    text = TextBox(block.text, style)
    return LicenceBox(text) if "licence" in block.tags else text


def _picture_box(block: Diagram, frame: Frame) -> PictureBox:
    name = f"{block.title[:1].lower()}{block.title[1:]} (line {block.line})"
    if block.unit_mm is not None:
        return PictureBox(block.figure, block.unit_mm * mm, name=name, unit=block.unit)
    cell = block.figure.cell_to_fit(frame.width, block.largest_mm * mm)
    return PictureBox(block.figure, cell, True, SMALLEST_SHARE * cell, name, block.unit)


def shrunk(pictures: list[PictureBox], room: float) -> float | None:
    """The largest cell to cap the pictures at so their heights add up to ``room`` at most, or None.

    A picture's height is proportional to its cell; each keeps its own cell when
    it is smaller than the cap.
    """
    def height(cap: float) -> float:
        return sum(p.picture.size(min(p.cell, cap))[1] for p in pictures)

    low, high = 0.0, max(p.cell for p in pictures)
    if height(low) > room:
        return None
    for _ in range(40):  # a millionth of a point
        middle = (low + high) / 2
        low, high = (middle, high) if height(middle) <= room else (low, middle)
    return low


# --- stacking ---------------------------------------------------------------------------


@dataclass
class LaidOut:
    """A section ready to draw: each box with its top, measured down from the section's top."""

    panel: Section
    placed: list[tuple[Box, float]]

    def draw(
        self, surface: PdfSurface, x: float, top: float, width: float, bookmarks: bool = False
    ) -> None:
        """Draw in the surface's colours (CMYK for print); bookmarks for the reading edition."""
        for box, offset in self.placed:
            if bookmarks and box.bookmark is not None:
                key = f"panel-{self.panel.name}-{offset:.0f}"
                surface.bookmark(key, box.bookmark[1], max(0, box.bookmark[0]), top - offset + box.space_before)
            box.draw(surface, x, top - offset, width)


def lay_out(
    panel: Section, boxes: Iterable[Box], frame: Frame, paper_name: str, source: str, kind: str = "panel"
) -> LaidOut:
    """Stack the boxes from the top and share spare height among fills.

    Fails, naming the panel and the excess, at the first box that is too wide
    or once the stack is too tall. Work is bounded by the panel: no box is
    made or measured once the stack is ``REACH`` panels tall.
    """
    where = f"{source}:{panel.line}"

    def refuse(what: str) -> StudioError:
        return StudioError(f"{kind} {panel.name} does not fit on {paper_name} paper: {what}", where)

    reach = REACH * frame.height
    placed: list[tuple[Box, float]] = []
    y = 0.0
    for box in boxes:
        if placed:
            y += max(placed[-1][0].space_after, box.space_before)
        too_wide = box.excess_width(frame.width)
        if too_wide > TOLERANCE:
            raise refuse(f"{box.describe()} is {too_wide / mm:.1f} mm too wide for the {kind}")
        try:
            height = box.height(frame.width, reach - y)
        except WordTooWide as error:
            more = "" if error.exact else "more than "
            raise refuse(f"the word {error.word!r} is {more}{error.excess / mm:.1f} mm too wide for the {kind}") from None
        except MissingCharacter as error:
            raise StudioError(f"{kind} {panel.name}: {error.what}", where) from None
        placed.append((box, y))
        y += height
        if y > reach:
            raise refuse(
                f"its content is more than {(reach - frame.height) / mm:.1f} mm taller than the "
                f"{frame.height / mm:.1f} mm available (shorten its text or move a section to another {kind})"
            )
    spare = frame.height - y
    if spare < -TOLERANCE:
        placed, spare = _fitted(placed, spare, refuse, kind, frame)
    fills = sum(box.stretch for box, _ in placed)
    if fills and spare > 0:
        shift = 0.0
        for k, (box, top) in enumerate(placed):
            placed[k] = (box, top + shift)
            if box.stretch:
                shift += spare / fills
    return LaidOut(panel, placed)


def _fitted(
    placed: list[tuple[Box, float]], spare: float, refuse: Callable[[str], StudioError], kind: str, frame: Frame
) -> tuple[list[tuple[Box, float]], float]:
    """An overfull stack made to fit by shrinking its flexible diagrams, or the error that says why not.

    The diagrams shrink together (each capped at one cell size), no further than
    each one's ``smallest``. When text alone overflows, the error says to shorten it;
    when smaller diagrams would fit, it names them and the size.
    """
    pictures = [box for box, _ in placed if isinstance(box, PictureBox)]
    flexible = [p for p in pictures if p.flexible]
    heights = {id(p): p.height(frame.width, 0) for p in pictures}
    cap = shrunk(flexible, sum(heights[id(p)] for p in flexible) + spare) if flexible else None
    if cap is not None and all(min(p.cell, cap) >= p.smallest - TOLERANCE / 10 for p in flexible):
        for picture in flexible:
            picture.cell = min(picture.cell, cap)
        y, restacked = 0.0, []
        for k, (box, _) in enumerate(placed):
            if k:
                y += max(placed[k - 1][0].space_after, box.space_before)
            restacked.append((box, y))
            y += box.height(frame.width, float("inf"))
        return restacked, frame.height - y
    too_tall = f"its content is {-spare / mm:.1f} mm taller than the {frame.height / mm:.1f} mm available"
    cap = shrunk(pictures, sum(heights.values()) + spare) if pictures else None
    if cap is None or cap <= 0:
        raise refuse(f"{too_tall} (shorten its text or move a section to another {kind})")
    named = [p for p in pictures if p.cell > cap]
    units = {p.unit for p in named}
    unit = units.pop() if len(units) == 1 else "unit"
    size = math.floor(cap / mm * 10) / 10
    one = len(named) == 1
    own = ""
    if all(p.flexible for p in named):
        smallest = min(p.smallest for p in named)
        own = f", smaller than the {smallest / mm:.1f} mm {'it shrinks' if one else 'they shrink'} to by {'itself' if one else 'themselves'}"
    raise refuse(
        f"{too_tall}: {' and '.join(p.name for p in named)} would fit with {unit}s of {size:g} mm{own} "
        f"(set ', {unit} {size:g}mm' on {'its line' if one else 'their lines'} to draw {'it' if one else 'them'} "
        f"so small, or move a section to another {kind})"
    )


def start_document(text: RulebookText, edition: str, *, cmyk: bool, press: bool = False, outline: bool = False) -> Document:
    """A rulebook PDF: its metadata from the front matter, its edition in the title, English; in points.
    ``press`` makes it PDF/X-1a (what a print shop's preflight asks first), ``outline`` shows its bookmarks."""
    meta = text.meta
    return Document(Metadata(
        title=f"{meta.title}: rules ({edition})", subject=meta.subject, keywords=meta.keywords,
        authors=meta.authors, licence=meta.licence, licence_url=meta.licence_url,
    ), cmyk=cmyk, unit=POINT, press=press, lang="en", outline=outline)  # fmt: skip
