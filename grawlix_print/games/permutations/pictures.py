"""The rulebook's pictures of Permutations: cards, icons in the text, the scoring table, the score
sheet and the title.

Each picture is a ``Figure`` drawn through ``Surface``, so the booklet (PDF)
and the web edition (SVG) show the same drawing. They only draw what the
deck, the rules and the scorer decided; nothing here scores or counts.

A card in the rulebook is the printed card (``cards.draw_front``), drawn
small with its edge outlined; an icon in running text is the card's own icon
(``drawing.icons``), solid like a letter. So each is drawn by one function.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...pieces.faces import FaceStyle
from ...drawing.figure import Figure
from ...drawing.fonts import QUICKSAND_BOLD
from ...drawing.icons import rounded_rectangle, running_glyph
from ...drawing.ink import Ink, PAPER
from ...drawing.outline import TextGlyph, text_glyphs
from ...drawing.surface import Face, Path, Pen, Surface, glyph_path, lines, printable_width, rectangle
from .cards import POKER_MM, CardLook, draw_front
from .deck import Deck, Icon

Point = tuple[float, float]

TITLE_FACE = QUICKSAND_BOLD
"""The title's letters: a round geometric face, as the designer's cover (his face is not free to ship)."""

DARK = Ink((0.08, 0.08, 0.08), (0.0, 0.0, 0.0, 1.0))
"""Outlines and numbers: the rulebook's text ink."""

ICON_CHARACTERS = {Icon.STAR: "\u2605", Icon.MOON: "\u263e", Icon.SUN: "\u263c"}
"""The character that stands for each icon in running text (★ ☾ ☼), drawn as the card's icon."""


# ---------------------------------------------------------------- icons in running text


def icon_glyphs() -> dict[str, TextGlyph]:
    """The icons as running text shows them, solid and sitting on the baseline, by ``ICON_CHARACTERS``:
    the shapes of ``drawing.icons``, which the cards print too."""
    return {character: running_glyph(icon.value) for icon, character in ICON_CHARACTERS.items()}


# ---------------------------------------------------------------- cards


CARD_RATIO = POKER_MM[1] / POKER_MM[0]
"""Height over width: a poker card, as printed."""
CARD_GAP = 0.14
"""Between neighbouring cards in a row, in card widths."""
CARD_CORNER = 0.05
"""The radius of a card's corners, in card widths (3 mm on a poker card)."""
CARD_EDGE = 0.012
"""The outline of a card's cut, in card widths: the card is white on white paper."""
CARD_SCREEN_SCALE = 2.0
"""A card on screen is two grid cells wide: at one its corner numbers and icons are a few pixels."""


@dataclass(frozen=True)
class CardsFigure(Figure):
    """Cards in rows, as a player lays out a collection, each the card as it is printed
    (``cards.draw_front``) with its edge outlined; the unit is one card's width."""

    looks: tuple[CardLook, ...]
    per_row: int = 6

    @property
    def screen_scale(self) -> float:
        return CARD_SCREEN_SCALE

    @property
    def rows(self) -> list[tuple[CardLook, ...]]:
        count = max(1, math.ceil(len(self.looks) / self.per_row))
        width = math.ceil(len(self.looks) / count)
        return [self.looks[k : k + width] for k in range(0, len(self.looks), width)]

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
            for k, look in enumerate(row):
                draw_card(surface, look, left + k * (1 + CARD_GAP) * unit, y, unit)

    @property
    def characters(self) -> str:
        return ""  # numbers and icons are drawn as outlines, no text


def draw_card(surface: Surface, look: CardLook, x: float, top: float, width: float) -> None:
    """A card as printed, ``width`` wide with its top-left corner at (x, top), its corners rounded and
    its edge outlined so that it shows on the page."""
    height = width * CARD_RATIO
    edge = rounded_rectangle(x, top - height, width, height, CARD_CORNER * width)
    with surface.clipped(edge):
        draw_front(surface, look, x, top - height, width, height, FaceStyle())
    surface.shape(edge, pen=Pen(DARK, printable_width(CARD_EDGE * width, surface)))


def on_paper(surface: Surface, x: float, top: float, width: float, height: float) -> None:
    """White behind a picture's dark lines and words, so they show on a dark screen too (GitHub's
    dark theme shows a transparent SVG on near-black); on the printed page it is the paper."""
    surface.shape(rectangle(x, top - height, width, height), fill=PAPER)


# ---------------------------------------------------------------- the scoring table


@dataclass(frozen=True)
class TableFigure(Figure):
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
        surface.shape(lines(rules[1:2]), pen=Pen(DARK, printable_width(0.012 * unit, surface)))
        surface.shape(lines([rules[0], rules[2]]), pen=Pen(DARK, printable_width(0.025 * unit, surface)))
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
class ScoreSheetFigure(Figure):
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
        thin, thick = (Pen(DARK, printable_width(w * unit, surface)) for w in (0.01, 0.025))
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
class TitleFigure(Figure):
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
                letter = glyph_path(glyph, cursor, baseline, unit)
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


def title_inks(title: str, deck: Deck) -> tuple[tuple[Ink, ...], ...]:
    """The cover's lines of the title, each letter's colour: as ``components.toml`` gives them
    (``title_colours``, the designer's from his rulebook's cover), else one line per colour, each
    letter in the colour of the next coloured card by number (so a recoloured deck recolours it).
    """
    if deck.title_colours:
        return tuple(tuple(colour.ink for colour in line) for line in deck.title_colours)
    coloured = [card.colour.ink for card in deck.cards if card.colour is not None]
    letters = sum(1 for c in title if not c.isspace())
    return tuple(
        tuple(coloured[(line * letters + k) % len(coloured)] for k in range(letters))
        for line in range(len(deck.colours))
    )
