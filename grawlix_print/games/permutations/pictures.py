"""The rulebook's pictures of Permutations: icons, small cards, the scoring table and the title.

Each picture is a ``Figure`` drawn through ``Surface``, so the booklet (PDF)
and the web edition (SVG) show the same drawing. They only draw what the
deck, the rules and the scorer decided; nothing here scores or counts.

The small card is the rulebook's own: a card at a few centimetres shows its
colour, number and icon, as the designer's card does, without the print
card's corner indices. The icons follow the designer's rulebook (a
five-pointed star, a crescent moon, an eighteen-pointed sun, light grey with
a dark outline), and in running text they are solid, like letters.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ...drawing.fonts import QUICKSAND_BOLD
from ...drawing.ink import Ink
from ...drawing.outline import Contour, Segment, TextGlyph, text_glyphs
from ...drawing.surface import Face, Path, Pen, Surface, lines, rectangle
from ...fonts import SCHOLA_BOLD as SCHOLA_BOLD_FILE
from ...fonts import SCHOLA_REGULAR as SCHOLA_REGULAR_FILE
from .deck import Card, Deck, Icon

Point = tuple[float, float]

_SERIF = "'Schola PnP', 'TeX Gyre Schola', 'Century Schoolbook', Georgia, serif"
SCHOLA = Face("ScholaPnP-Regular", SCHOLA_REGULAR_FILE, _SERIF)
SCHOLA_BOLD = Face("ScholaPnP-Bold", SCHOLA_BOLD_FILE, _SERIF, bold=True)
"""The rulebook's text face, the designer's TeX Gyre Schola (as Schola PnP: see ``grawlix_print.fonts``)."""
TITLE_FACE = QUICKSAND_BOLD
"""The title's letters: a round geometric face, as the designer's cover (his face is not free to ship)."""

DARK = Ink((0.08, 0.08, 0.08), (0.0, 0.0, 0.0, 1.0))
"""Outlines and numbers: the rulebook's text ink."""
PAPER = Ink((1.0, 1.0, 1.0), (0.0, 0.0, 0.0, 0.0))
ICON_FILL = Ink((0.83, 0.83, 0.83), (0.0, 0.0, 0.0, 0.17))
"""The designer's ``lightgray`` inside the icons."""
COLOURLESS = Ink((0.62, 0.62, 0.62), (0.0, 0.0, 0.0, 0.45))
"""The frame of the colourless card."""

ICON_CHARACTERS = {Icon.STAR: "\u2605", Icon.MOON: "\u263e", Icon.SUN: "\u263c"}
"""The character that stands for each icon in running text (★ ☾ ☼), drawn as the icon itself."""


# ---------------------------------------------------------------- icons as outlines


def _arc(cx: float, cy: float, r: float, start: float, end: float) -> list[Segment]:
    """A circular arc as cubic Bezier segments (angles in radians, anticlockwise when end > start)."""
    parts = max(1, math.ceil(abs(end - start) / (math.pi / 2)))
    step = (end - start) / parts
    k = 4 / 3 * math.tan(step / 4)
    segments = []
    for n in range(parts):
        a, b = start + n * step, start + (n + 1) * step
        p0 = (cx + r * math.cos(a), cy + r * math.sin(a))
        p3 = (cx + r * math.cos(b), cy + r * math.sin(b))
        p1 = (p0[0] - k * r * math.sin(a), p0[1] + k * r * math.cos(a))
        p2 = (p3[0] + k * r * math.sin(b), p3[1] - k * r * math.cos(b))
        segments.append(Segment((p0, p1, p2, p3)))
    return segments


def _star_points(points: int, outer: float, ratio: float, turn: float = 0.0) -> list[Point]:
    inner = outer / ratio
    corners = []
    for k in range(2 * points):
        angle = math.pi / 2 + turn + k * math.pi / points
        radius = outer if k % 2 == 0 else inner
        corners.append((radius * math.cos(angle), radius * math.sin(angle)))
    return corners


def _polygon(corners: Sequence[Point]) -> list[Segment]:
    return [Segment((a, b)) for a, b in zip(corners, [*corners[1:], corners[0]])]


SUN_RAYS, SUN_RATIO = 14, 1.5
SUN_HOLE = 0.2
"""In running text the sun is a ring of rays, so it never reads as a dot."""


@cache
def icon_loop(icon: Icon) -> tuple[Segment, ...]:
    """The icon's outline, centred on the origin, about one unit across (y up)."""
    if icon is Icon.STAR:
        return tuple(_polygon(_star_points(5, 0.52, 2.25)))
    if icon is Icon.SUN:  # the designer's has 18 shallow rays; fewer, deeper ones stay a sun at 3 mm
        return tuple(_polygon(_star_points(SUN_RAYS, 0.5, SUN_RATIO)))
    # The moon: a disc with a second, offset disc taken out of its right side. The outline runs
    # round the disc's left side from where the circles cross at the top to where they cross at
    # the bottom, then back up along the inside of the second circle.
    r, cut, centre, offset = 0.46, 0.4, -0.06, 0.36
    x = (r * r - cut * cut + offset * offset) / (2 * offset)  # where the circles cross, from the disc's centre
    y = math.sqrt(max(r * r - x * x, 0.0))
    top = math.atan2(y, x)
    outer = _arc(centre, 0.0, r, top, 2 * math.pi - top)
    inner = _arc(centre + offset, 0.0, cut, math.atan2(-y, x - offset), math.atan2(y, x - offset) - 2 * math.pi)
    return tuple(outer + inner)


def _path(loop: Sequence[Segment], cx: float, cy: float, size: float) -> Path:
    operations: list[tuple[str | float, ...]] = [("M", cx + loop[0].points[0][0] * size, cy + loop[0].points[0][1] * size)]
    for segment in loop:
        points = [c for x, y in segment.points[1:] for c in (cx + x * size, cy + y * size)]
        operations.append(("L", *points) if segment.is_line else ("C", *points))
    operations.append(("Z",))
    return Path(tuple(operations))


def draw_icon(surface: Surface, icon: Icon, cx: float, cy: float, size: float) -> None:
    """The icon as the designer draws it: light grey inside a dark outline, ``size`` across."""
    surface.shape(_path(icon_loop(icon), cx, cy, size), fill=ICON_FILL, pen=Pen(DARK, size * 0.07, round=True))


ICON_HEIGHT_EM = 0.78
"""An icon in running text stands a little taller than a capital letter."""


def icon_glyphs() -> dict[str, TextGlyph]:
    """The icons as running text shows them: solid, sitting on the baseline, by ``ICON_CHARACTERS``."""
    glyphs = {}
    for icon, character in ICON_CHARACTERS.items():
        loop = icon_loop(icon)
        xs = [x for s in loop for x, _ in s.points]
        ys = [y for s in loop for _, y in s.points]
        scale = ICON_HEIGHT_EM / (max(ys) - min(ys))
        dx, dy = 0.06 - min(xs) * scale, -0.08 - min(ys) * scale
        contours = [Contour(tuple(s.transformed(scale, dx, dy) for s in loop), False)]
        if icon is Icon.SUN:
            hole = [s.reversed() for s in reversed(_arc(0.0, 0.0, SUN_HOLE, 0.0, 2 * math.pi))]
            contours.append(Contour(tuple(s.transformed(scale, dx, dy) for s in hole), True))
        glyphs[character] = TextGlyph(tuple(contours), (max(xs) - min(xs)) * scale + 0.12)
    return glyphs


# ---------------------------------------------------------------- cards


CARD_RATIO = 3.5 / 2.5
"""Height over width: a poker card, as printed."""
CARD_GAP = 0.14
"""Between neighbouring cards in a row, in card widths."""


@dataclass(frozen=True)
class CardsFigure:
    """Cards in rows, as a player lays out a collection; the unit is one card's width."""

    cards: tuple[Card, ...]
    colours: tuple[Ink, ...]
    """Every colour of the deck, in order: the multicoloured card shows them all."""
    face: Face
    per_row: int = 6

    @property
    def rows(self) -> list[tuple[Card, ...]]:
        count = max(1, math.ceil(len(self.cards) / self.per_row))
        width = math.ceil(len(self.cards) / count)
        return [self.cards[k : k + width] for k in range(0, len(self.cards), width)]

    def size(self, unit: float) -> tuple[float, float]:
        rows = self.rows
        across = max(len(row) for row in rows)
        return (across + (across - 1) * CARD_GAP) * unit, (len(rows) * (CARD_RATIO + CARD_GAP) - CARD_GAP) * unit

    def cell_to_fit(self, width: float, largest: float) -> float:
        return min(largest, width / self.size(1.0)[0])

    def draw(self, surface: Surface, x: float, top: float, unit: float) -> None:
        total = self.size(unit)[0]
        for r, row in enumerate(self.rows):
            row_width = (len(row) + (len(row) - 1) * CARD_GAP) * unit
            left = x + (total - row_width) / 2
            y = top - r * (CARD_RATIO + CARD_GAP) * unit
            for k, card in enumerate(row):
                draw_card(surface, card, self.colours, self.face, left + k * (1 + CARD_GAP) * unit, y, unit)

    @property
    def characters(self) -> str:
        return "".join(str(card.number) for card in self.cards)


def draw_card(surface: Surface, card: Card, colours: Sequence[Ink], face: Face, x: float, top: float, width: float) -> None:
    """A small card: a white card with a frame in its colour, its number, and its icon beneath."""
    height = width * CARD_RATIO
    corner, frame = 0.1 * width, 0.1 * width
    outer = _rounded(x, top - height, width, height, corner)
    inner = _rounded(x + frame, top - height + frame, width - 2 * frame, height - 2 * frame, corner * 0.5)
    if card.multicoloured:  # every colour in turn round the frame, a quarter of the card each
        for k, quarter in enumerate(_quarters(x, top - height, width, height, corner)):
            surface.shape(quarter, fill=colours[k % len(colours)])
    else:
        surface.shape(outer, fill=card.colour.ink if card.colour is not None else COLOURLESS)
    surface.shape(inner, fill=PAPER)
    surface.shape(outer, pen=Pen(DARK, 0.02 * width, round=True))
    size = 0.42 * width
    number_y = top - height * (0.47 if card.icon is not None else 0.6)
    surface.text(x + width / 2, number_y, str(card.number), face, size, DARK)
    if card.number in (6, 9):  # tells 6 from 9 when the card is turned, as the designer's cards do
        half = 0.16 * width
        surface.shape(lines([((x + width / 2 - half, number_y - 0.08 * width), (x + width / 2 + half, number_y - 0.08 * width))]),
                      pen=Pen(DARK, 0.035 * width))  # fmt: skip
    if card.icon is not None:
        draw_icon(surface, card.icon, x + width / 2, top - height * 0.72, 0.34 * width)


def _quarters(x: float, y: float, w: float, h: float, r: float) -> list[Path]:
    """The four quarters of a rounded rectangle, clockwise from the top left, meeting at its centre."""
    k = 0.5523 * r
    cx, cy = x + w / 2, y + h / 2
    corners = [
        (("L", cx, y + h), ("L", x + r, y + h), ("C", x + r - k, y + h, x, y + h - r + k, x, y + h - r), ("L", x, cy)),
        (("L", x + w, cy), ("L", x + w, y + h - r), ("C", x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h),
         ("L", cx, y + h)),
        (("L", cx, y), ("L", x + w - r, y), ("C", x + w - r + k, y, x + w, y + r - k, x + w, y + r), ("L", x + w, cy)),
        (("L", x, cy), ("L", x, y + r), ("C", x, y + r - k, x + r - k, y, x + r, y), ("L", cx, y)),
    ]  # fmt: skip
    return [Path((("M", cx, cy), *corner, ("Z",))) for corner in corners]


def on_paper(surface: Surface, x: float, top: float, width: float, height: float) -> None:
    """White behind a picture's dark lines and words, so they show on a dark screen too (GitHub's
    dark theme shows a transparent SVG on near-black); on the printed page it is the paper."""
    surface.shape(rectangle(x, top - height, width, height), fill=PAPER)


def _rounded(x: float, y: float, width: float, height: float, r: float) -> Path:
    """An upright rectangle with rounded corners, from its lower-left corner."""
    k = 0.5523 * r
    return Path((
        ("M", x + r, y), ("L", x + width - r, y),
        ("C", x + width - r + k, y, x + width, y + r - k, x + width, y + r),
        ("L", x + width, y + height - r),
        ("C", x + width, y + height - r + k, x + width - r + k, y + height, x + width - r, y + height),
        ("L", x + r, y + height),
        ("C", x + r - k, y + height, x, y + height - r + k, x, y + height - r),
        ("L", x, y + r),
        ("C", x, y + r - k, x + r - k, y, x + r, y),
        ("Z",),
    ))  # fmt: skip


# ---------------------------------------------------------------- the scoring table


@dataclass(frozen=True)
class TableFigure:
    """A two-row table, a heading cell then one column per entry; the unit is one column's width."""

    headings: tuple[str, str]
    top: tuple[str, ...]
    bottom: tuple[str, ...]
    face: Face
    bold: Face
    heading_columns: float = 2.4

    def size(self, unit: float) -> tuple[float, float]:
        return (self.heading_columns + len(self.top)) * unit, 1.5 * unit

    def cell_to_fit(self, width: float, largest: float) -> float:
        return min(largest, width / self.size(1.0)[0])

    def draw(self, surface: Surface, x: float, top: float, unit: float) -> None:
        width, height = self.size(unit)
        on_paper(surface, x, top, width, height)
        row = height / 2
        size = 0.42 * unit
        rules = [((x, top), (x + width, top)), ((x, top - row), (x + width, top - row)),
                 ((x, top - height), (x + width, top - height))]  # fmt: skip
        surface.shape(lines(rules[1:2]), pen=Pen(DARK, 0.012 * unit))
        surface.shape(lines([rules[0], rules[2]]), pen=Pen(DARK, 0.025 * unit))
        for r, (heading, cells) in enumerate(zip(self.headings, (self.top, self.bottom))):
            baseline = top - r * row - row / 2 - size * 0.35
            surface.text(x + 0.1 * unit, baseline, heading, self.bold, size, DARK, centred=False)
            for k, cell in enumerate(cells):
                surface.text(x + (self.heading_columns + k + 0.5) * unit, baseline, cell, self.face, size, DARK)

    @property
    def characters(self) -> str:
        return "".join(self.headings) + "".join(self.top) + "".join(self.bottom)


# ---------------------------------------------------------------- the score sheet


@dataclass(frozen=True)
class ScoreSheetFigure:
    """A grid to keep the scores in: a column per seat, rows for each round's points and suns,
    the sun penalty and the total. ``labels`` are the words of the rows: name, round (its ``#``
    becomes the round's number), suns, sun penalty and total. The unit is a seat column's width."""

    labels: tuple[str, str, str, str, str]
    rounds: int
    seats: int
    face: Face
    bold: Face
    label_columns: float = 2.0
    row_height: float = 0.56

    @property
    def row_labels(self) -> list[tuple[str, bool]]:
        """Each row's words, and whether the row is one to add up (set in bold)."""
        name, round_label, suns, penalty, total = self.labels
        rows = [(name, True)]
        for number in range(1, self.rounds + 1):
            rows += [(round_label.replace("#", str(number)), False), (suns, False)]
        return rows + [(penalty, False), (total, True)]

    def size(self, unit: float) -> tuple[float, float]:
        return (self.label_columns + self.seats) * unit, len(self.row_labels) * self.row_height * unit

    def cell_to_fit(self, width: float, largest: float) -> float:
        return min(largest, width / self.size(1.0)[0])

    def draw(self, surface: Surface, x: float, top: float, unit: float) -> None:
        width, height = self.size(unit)
        on_paper(surface, x, top, width, height)
        row = self.row_height * unit
        rows = self.row_labels
        thin, thick = Pen(DARK, 0.01 * unit), Pen(DARK, 0.025 * unit)
        surface.shape(lines([((x, top - k * row), (x + width, top - k * row)) for k in range(2, len(rows) - 1)]), pen=thin)
        surface.shape(lines([((x, top - k * row), (x + width, top - k * row)) for k in (0, 1, len(rows) - 1, len(rows))]),
                      pen=thick)  # fmt: skip
        columns = [x] + [x + (self.label_columns + k) * unit for k in range(self.seats + 1)]
        surface.shape(lines([((cx, top), (cx, top - height)) for cx in columns]), pen=thin)
        size = 0.3 * unit
        for k, (words, strong) in enumerate(rows):
            baseline = top - (k + 0.5) * row - 0.35 * size
            surface.text(x + 0.08 * unit, baseline, words, self.bold if strong else self.face, size, DARK, centred=False)

    @property
    def characters(self) -> str:
        return "".join(words for words, _ in self.row_labels)


# ---------------------------------------------------------------- the title


TITLE_OUTLINE = 0.09
"""The dark outline around each letter of the title, in ems (drawn under the colour, so all of it shows)."""
TITLE_LEADING = 1.18
TITLE_STAMP_UNIT = 100.0
"""The title's size in its own units when drawn once as a stamp; each use scales it."""
TITLE_CAP = 0.72
"""The first line's baseline below the figure's top, in ems, less the outline: room for the capitals."""


@dataclass(frozen=True)
class TitleFigure:
    """The title in lines of letters coloured one by one, each with a dark outline, as on the designer's cover.

    ``inks`` holds each line's letter colours; the unit is the type size.
    """

    text: str
    inks: tuple[tuple[Ink, ...], ...]
    face: Face

    def _glyphs(self) -> dict[str, TextGlyph]:
        return text_glyphs(tuple((c, self.face.file) for c in dict.fromkeys(self.text) if not c.isspace()))

    def _advance(self) -> float:
        glyphs = self._glyphs()
        return sum(glyphs[c].advance if c in glyphs else 0.3 for c in self.text) + TITLE_OUTLINE

    def size(self, unit: float) -> tuple[float, float]:
        return self._advance() * unit, ((len(self.inks) - 1) * TITLE_LEADING + TITLE_CAP + 2 * TITLE_OUTLINE) * unit

    def cell_to_fit(self, width: float, largest: float) -> float:
        return min(largest, width / self._advance())

    def draw(self, surface: Surface, x: float, top: float, unit: float) -> None:
        """Drawn once per document and placed wherever it appears (both covers show it)."""
        on_paper(surface, x, top, *self.size(unit))
        reach = max(self.size(TITLE_STAMP_UNIT)) + TITLE_STAMP_UNIT
        with surface.transformed(x, top, scale=unit / TITLE_STAMP_UNIT):
            surface.stamp(("title", self.text, self.inks, self.face.name), reach,
                          lambda s: self._draw(s, TITLE_STAMP_UNIT))  # fmt: skip

    def _draw(self, surface: Surface, unit: float) -> None:
        """The lines with their top-left corner at the origin: per line, every letter's outline
        first (so no neighbour's outline covers a letter's colour), then the letters of each colour."""
        glyphs = self._glyphs()
        outline = Pen(DARK, 2 * TITLE_OUTLINE * unit, round=True)
        for n, inks in enumerate(self.inks):
            baseline = -(n * TITLE_LEADING + TITLE_CAP + TITLE_OUTLINE) * unit
            cursor = TITLE_OUTLINE / 2 * unit
            by_ink: dict[Ink, Path] = {}
            everything = Path()
            k = 0
            for character in self.text:
                glyph = glyphs.get(character)
                if glyph is None:
                    cursor += 0.3 * unit
                    continue
                letter = _glyph_at(glyph, cursor, baseline, unit)
                ink = inks[k % len(inks)]
                by_ink[ink] = by_ink.get(ink, Path()) + letter
                everything += letter
                cursor += glyph.advance * unit
                k += 1
            surface.shape(everything, pen=outline)
            for ink, letters in by_ink.items():
                surface.shape(letters, fill=ink)

    @property
    def characters(self) -> str:
        return ""  # drawn as outlines, no text


def _glyph_at(glyph: TextGlyph, x: float, baseline: float, size: float) -> Path:
    operations: list[tuple[str | float, ...]] = []
    for contour in glyph.contours:
        sx, sy = contour.start
        operations.append(("M", x + sx * size, baseline + sy * size))
        for segment in contour.segments:
            points = [c for px, py in segment.points[1:] for c in (x + px * size, baseline + py * size)]
            operations.append(("L", *points) if segment.is_line else ("C", *points))
        operations.append(("Z",))
    return Path(tuple(operations))


def title_inks(title: str, deck: Deck) -> tuple[tuple[Ink, ...], ...]:
    """One line per colour, each letter in the colour of the next coloured card by number.

    With the designer's deck the four lines of "Permutations" (twelve letters)
    show the colours of cards 1 to 48 in order: the whole deck on the cover,
    and a recoloured deck recolours it.
    """
    coloured = [card.colour.ink for card in deck.cards if card.colour is not None]
    letters = sum(1 for c in title if not c.isspace())
    return tuple(
        tuple(coloured[(line * letters + k) % len(coloured)] for k in range(letters))
        for line in range(len(deck.colours))
    )
