"""How a card of Permutations looks: its front and the back every card shares, drawn on any ``Surface``.

After the designer's own cards: a large slab-serif number with a dark
outline in the middle, a small number and the icon in two corners (again
upside down in the other two, so a fanned hand reads either way up), and a
frame of coloured bars. Numbers that turn into another card's number upside
down (6 and 9) are underlined. The multicoloured card wears all the deck's
colours, the colourless one none; the backs are a lattice of rings.

Everything is a vector path: the numbers come from Roboto Slab's outlines,
the icons from ``drawing.icons``, the colour-blind marks from
``drawing.marks``. Sizes are fractions of the card's width, so a card drawn
at any size keeps its proportions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from ...pieces.faces import FaceStyle, PieceFace
from ...pieces.kinds import Form, Piece, PieceColour, PieceKind, Shape, markings_of
from ...drawing.fonts import LETTER_FACE
from ...drawing.icons import arc, circle, icon
from ...drawing.ink import Ink
from ...drawing.marks import mark_polygons
from ...drawing.outline import TextGlyph, text_glyphs
from ...drawing.surface import Path, Pen, Surface, glyph_path, polygon, rectangle
from ...fonts import ROBOTO_SLAB_BOLD
from .deck import Card, Colour, Deck

POKER_MM = (63.5, 88.9)
"""A poker card, 2.5 x 3.5 in, as the designer's."""

EDGE = Ink((0.12, 0.12, 0.12), (0.0, 0.0, 0.0, 0.9))
"""Outlines and colour-blind marks: black ink alone, so they print sharp on any printer."""
PAPER = Ink((1.0, 1.0, 1.0), (0.0, 0.0, 0.0, 0.0))
BACK_GROUND = Ink((0.93, 0.94, 0.95), (0.02, 0.0, 0.0, 0.06))
BACK_RINGS = Ink((0.27, 0.30, 0.36), (0.25, 0.12, 0.0, 0.70))

# Proportions, as fractions of the card's width.
MARGIN = 0.075  # cut to the corner indices: 4.8 mm on a poker card, inside a printer's 3 mm safe zone
INDEX_HEIGHT = 0.115  # a corner number's digit height (7.3 mm)
CORNER_WIDTH = 0.15  # the corner column the index, the marking and the side bar share
ICON = 0.135
MARK = 0.07  # a colour-blind mark's side
BAR = 0.042  # a frame bar's thickness
BIG_HEIGHT = 0.4  # the middle number's digit height, when it fits between the side bars
BIG_OUTLINE = 0.012  # the dark outline around the middle number, beyond its fill
SMALL_OUTLINE = 0.007
BAR_OUTLINE = 0.006
UNDERLINE = 0.09  # an underline's thickness, as a fraction of its number's digit height

TURNS_INTO = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}
"""Digits that read as a digit upside down, and which one."""


# --- numbers as outlines ----------------------------------------------------------------------


@cache
def _digits() -> dict[str, TextGlyph]:
    return text_glyphs(tuple((d, ROBOTO_SLAB_BOLD) for d in "0123456789"))


@cache
def _letters(text: str) -> dict[str, TextGlyph]:
    return text_glyphs(tuple((c, ROBOTO_SLAB_BOLD) for c in sorted(set(text) - {" "})))


def _bounds(path: Path) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 of the path's points, control points included (close enough for placing)."""
    xs = [v for op in path.operations for v in op[1::2]]
    ys = [v for op in path.operations for v in op[2::2]]
    return min(xs), min(ys), max(xs), max(ys)


def set_in_outlines(text: str, glyphs: dict[str, TextGlyph], cx: float, cy: float, height: float) -> Path:
    """``text`` as one path, its ink centred on (cx, cy) with its capitals or digits ``height`` tall."""
    space = 0.25  # ems
    operations: Path = Path()
    cursor = 0.0
    for character in text:
        glyph = glyphs.get(character)
        if glyph is None:
            cursor += space
            continue
        operations += glyph_path(glyph, cursor, 0.0, 1.0)
        cursor += glyph.advance
    x0, y0, x1, y1 = _bounds(operations)
    scale = height / (y1 - y0)
    return _moved(operations, scale, cx - (x0 + x1) / 2 * scale, cy - (y0 + y1) / 2 * scale)


def _moved(path: Path, scale: float, dx: float, dy: float) -> Path:
    return Path(tuple(
        (op[0], *[v * scale + (dx if i % 2 == 0 else dy) for i, v in enumerate(op[1:])])
        for op in path.operations
    ))  # fmt: skip


def needs_underline(number: int, numbers: set[int] | frozenset[int]) -> bool:
    """Whether ``number`` upside down reads as another card's number (6 and 9 in this deck)."""
    text = str(number)
    if any(d not in TURNS_INTO for d in text):
        return False
    turned = "".join(TURNS_INTO[d] for d in reversed(text))
    if len(turned) > 1 and turned.startswith("0"):
        return False  # "01" reads as no card's number
    return int(turned) != number and int(turned) in numbers


# --- the look of one card ---------------------------------------------------------------------


@dataclass(frozen=True)
class CardLook:
    """What a card shows: its number, its inks (one for most cards, all for the multicoloured one,
    none for the colourless one), its icon and its colour-blind marking."""

    number: int
    inks: tuple[Ink, ...]
    icon: str | None
    colours: tuple[Colour, ...]
    underlined: bool

    @property
    def colourless(self) -> bool:
        return not self.inks


def card_look(card: Card, deck: Deck) -> CardLook:
    numbers = frozenset(deck.numbers)
    if card.multicoloured:
        colours = deck.colours
    else:
        colours = (card.colour,) if card.colour is not None else ()
    return CardLook(
        number=card.number,
        inks=tuple(c.ink for c in colours),
        icon=card.icon.value if card.icon is not None else None,
        colours=colours,
        underlined=needs_underline(card.number, numbers),
    )


def _filled(surface: Surface, path: Path, inks: tuple[Ink, ...], outline: float) -> None:
    """``path`` with a dark outline ``outline`` wide outside it, filled with ``inks``: one ink,
    paper for none, or upright stripes of each ink (the multicoloured card)."""
    surface.shape(path, pen=Pen(EDGE, 2 * outline, round=True))
    if len(inks) <= 1:
        surface.shape(path, fill=inks[0] if inks else PAPER)
        return
    x0, y0, x1, y1 = _bounds(path)
    width = (x1 - x0) / len(inks)
    with surface.clipped(path):
        for k, ink in enumerate(inks):
            surface.shape(rectangle(x0 + k * width - 0.01, y0 - 0.01, width + 0.02, y1 - y0 + 0.02), fill=ink)


def _rounded_bar(x0: float, y0: float, x1: float, y1: float) -> Path:
    """A bar with half-round ends (a stadium), along its longer side."""
    r = min(x1 - x0, y1 - y0) / 2
    if x1 - x0 >= y1 - y0:
        cy = (y0 + y1) / 2
        ops = [("M", x0 + r, y0), ("L", x1 - r, y0), *arc(x1 - r, cy, r, -90, 90), ("L", x0 + r, y1), *arc(x0 + r, cy, r, 90, 270), ("Z",)]
    else:
        cx = (x0 + x1) / 2
        ops = [("M", x1, y0 + r), ("L", x1, y1 - r), *arc(cx, y1 - r, r, 0, 180), ("L", x0, y0 + r), *arc(cx, y0 + r, r, 180, 360), ("Z",)]
    return Path(tuple(ops))


def draw_front(surface: Surface, look: CardLook, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
    """The card's front with its cut's lower-left corner at (x, y), ``w`` x ``h``."""
    with surface.transformed(x, y):
        b = style.bleed
        surface.shape(rectangle(-b, -b, w + 2 * b, h + 2 * b), fill=PAPER)
        _frame(surface, look, w, h)
        _corner(surface, look, w, h, style.marking)
        with surface.transformed(w, h, angle=180):
            _corner(surface, look, w, h, style.marking)
        _middle(surface, look, w, h)


def _corner_centre(w: float, h: float) -> tuple[float, float]:
    """Centre of the top-left index: the corner column's middle, under the top margin."""
    return MARGIN * w + CORNER_WIDTH * w / 2, h - MARGIN * w - INDEX_HEIGHT * w / 2


def _frame(surface: Surface, look: CardLook, w: float, h: float) -> None:
    """Four bars between the corners: top, right, bottom, left, each in the card's ink (in turn, for
    the multicoloured card)."""
    cx, cy = _corner_centre(w, h)
    t = BAR * w
    gap = 0.09 * w
    low = h - cy  # the bottom row mirrors the top one
    side_top = cy - INDEX_HEIGHT * w / 2 - MARK * w - 0.1 * w
    bars = [
        (cx + gap + CORNER_WIDTH * w / 2 - 0.02 * w, cy - t / 2, w - cx - gap - CORNER_WIDTH * w / 2 + 0.02 * w, cy + t / 2),
        (w - cx - t / 2, h - side_top, w - cx + t / 2, side_top),
        (cx + gap + CORNER_WIDTH * w / 2 - 0.02 * w, low - t / 2, w - cx - gap - CORNER_WIDTH * w / 2 + 0.02 * w, low + t / 2),
        (cx - t / 2, h - side_top, cx + t / 2, side_top),
    ]  # fmt: skip
    for k, (x0, y0, x1, y1) in enumerate(bars):
        ink = look.inks[k % len(look.inks)] if look.inks else PAPER
        path = _rounded_bar(x0, y0, x1, y1)
        surface.shape(path, fill=ink, pen=Pen(EDGE, BAR_OUTLINE * w))


def _number_path(look: CardLook, cx: float, cy: float, height: float) -> Path:
    return set_in_outlines(str(look.number), _digits(), cx, cy, height)


def _underline(surface: Surface, look: CardLook, number: Path, height: float, outline: float) -> None:
    """A bar under the number, as wide as its middle half, clear of its lowest point."""
    x0, y0, x1, _ = _bounds(number)
    thick = UNDERLINE * height
    width = 0.6 * (x1 - x0)
    top = y0 - 0.14 * height
    bar = rectangle((x0 + x1) / 2 - width / 2, top - thick, width, thick)
    _filled(surface, bar, look.inks, outline)


def _middle(surface: Surface, look: CardLook, w: float, h: float) -> None:
    cx, _ = _corner_centre(w, h)
    room = w - 2 * cx - BAR * w - 0.16 * w  # between the side bars, with air either side
    height = BIG_HEIGHT * w
    path = _number_path(look, w / 2, h / 2, height)
    x0, _, x1, _ = _bounds(path)
    if x1 - x0 > room:  # a wide number is set smaller rather than touching the frame
        height *= room / (x1 - x0)
        path = _number_path(look, w / 2, h / 2, height)
    _filled(surface, path, look.inks, BIG_OUTLINE * w)
    if look.underlined:
        _underline(surface, look, path, height, BIG_OUTLINE * w * 0.6)


def _corner(surface: Surface, look: CardLook, w: float, h: float, marking: str) -> None:
    """The top-left index and marking, and the top-right icon; the caller turns it for the others."""
    cx, cy = _corner_centre(w, h)
    height = INDEX_HEIGHT * w
    number = _number_path(look, cx, cy, height)
    x0, _, x1, _ = _bounds(number)
    if x1 - x0 > CORNER_WIDTH * w:  # two wide digits: narrower, not wider than the column
        height *= CORNER_WIDTH * w / (x1 - x0)
        number = _number_path(look, cx, cy, height)
    _filled(surface, number, look.inks, SMALL_OUTLINE * w)
    if look.underlined:
        _underline(surface, look, number, height, SMALL_OUTLINE * w * 0.6)
    _symbol(surface, look, w - cx, cy, ICON * w, SMALL_OUTLINE * w)
    if marking != "none":
        _marking(surface, look, cx, cy - INDEX_HEIGHT * w / 2 - 0.035 * w - MARK * w / 2, MARK * w, marking)


def _symbol(surface: Surface, look: CardLook, cx: float, cy: float, size: float, outline: float) -> None:
    """The corner's icon; for the special cards, a wheel of all colours or an empty crossed ring."""
    if look.icon is not None:
        _filled(surface, icon(look.icon, cx, cy, size), look.inks, outline)
    elif look.inks:  # multicoloured: a disc in quarters, one per colour
        r = size * 0.46
        surface.shape(circle(cx, cy, r), pen=Pen(EDGE, 2 * outline))
        step = 360 / len(look.inks)
        for k, ink in enumerate(look.inks):
            a = 90 + k * step
            start = (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
            sector = Path((("M", cx, cy), ("L", *start), *arc(cx, cy, r, a, a + step), ("Z",)))
            surface.shape(sector, fill=ink)
    else:  # colourless: a ring with a stroke through it, "no colour"
        r = size * 0.42
        ring = circle(cx, cy, r) + circle(cx, cy, r * 0.72, clockwise=True)
        d = r * 0.78
        slash = polygon([(cx - d - 0.04 * size, cy - d + 0.04 * size), (cx - d + 0.04 * size, cy - d - 0.04 * size),
                         (cx + d + 0.04 * size, cy + d - 0.04 * size), (cx + d - 0.04 * size, cy + d + 0.04 * size)])  # fmt: skip
        surface.shape(ring, fill=EDGE)
        surface.shape(slash, fill=EDGE)


def _marking(surface: Surface, look: CardLook, cx: float, cy: float, size: float, marking: str) -> None:
    """The colour's letter or mark under the corner index; the multicoloured card shows every
    colour's, two by two; the colourless card none."""
    colours = look.colours
    if not colours:
        return
    per_row = 1 if len(colours) == 1 else 2
    cell = size if per_row == 1 else size * 0.62
    rows = math.ceil(len(colours) / per_row)
    for k, colour in enumerate(colours):
        row, column = divmod(k, per_row)
        x = cx + (column - (per_row - 1) / 2) * cell * 1.1
        y = cy + ((rows - 1) / 2 - row) * cell * 1.1
        if marking == "letters":
            font = cell * 1.25
            surface.text(x, y - 0.36 * font, colour.letter, LETTER_FACE, font, EDGE)
        else:
            path = Path()
            for loop in mark_polygons(colour.mark):
                path += polygon((x + px * cell, y + py * cell) for px, py in loop)
            surface.shape(path, fill=EDGE, even_odd=True)


# --- the back -------------------------------------------------------------------------------


RING_PITCH_MM = 6.35
"""The rings' spacing on a poker card (a quarter inch), stretched a little to fit other sizes:
a whole number of rings across and down, so neighbouring backs continue one lattice."""


def draw_back(surface: Surface, title: str, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
    """Every card's back: rings on a lattice, dots between them, the title in a band across the
    middle. The same turned half a turn, so no back shows which way up its card is held."""
    b = style.bleed
    with surface.transformed(x, y):
        field = rectangle(-b, -b, w + 2 * b, h + 2 * b)
        surface.shape(field, fill=BACK_GROUND)
        across, down = max(2, round(w / RING_PITCH_MM)), max(2, round(h / RING_PITCH_MM))
        px, py = w / across, h / down
        r = 0.36 * min(px, py)
        rings, dots = Path(), Path()
        for i in range(-1, across + 2):
            for j in range(-1, down + 2):
                rings += circle(i * px, j * py, r) + circle(i * px, j * py, r * 0.7, clockwise=True)
                dots += circle((i + 0.5) * px, (j + 0.5) * py, 0.12 * min(px, py))
        with surface.clipped(field):
            surface.shape(rings + dots, fill=BACK_RINGS)
        band = 0.2 * w
        surface.shape(rectangle(-b, h / 2 - band / 2, w + 2 * b, band), fill=PAPER)
        for edge in (h / 2 - band / 2, h / 2 + band / 2):
            surface.shape(rectangle(-b, edge - 0.006 * w, w + 2 * b, 0.012 * w), fill=BACK_RINGS)
        words = set_in_outlines(title, _letters(title), w / 2, h / 2, 0.075 * w)
        x0, _, x1, _ = _bounds(words)
        if x1 - x0 > 0.8 * w:  # a long title is set smaller to keep clear of the cut
            words = set_in_outlines(title, _letters(title), w / 2, h / 2, 0.075 * w * 0.8 * w / (x1 - x0))
        surface.shape(words, fill=EDGE)


# --- the faces the sheets and images print ------------------------------------------------------


def describe(card: Card) -> str:
    """What a screen reader says for a card: ``7, yellow star``."""
    if card.multicoloured:
        return f"{card.number}, multicoloured: counts as any one colour"
    if card.colour is None or card.icon is None:
        return f"{card.number}, colourless: counts as no colour"
    return f"{card.number}, {card.colour.name} {card.icon.value}"


def card_faces(deck: Deck, size: tuple[float, float] = POKER_MM) -> tuple[PieceFace, ...]:
    """Every card's front, lowest number first, named ``card-07`` (as many digits as the highest)."""
    digits = len(str(max(deck.numbers)))
    w, h = size
    faces = []
    for card in deck.cards:
        look = card_look(card, deck)

        def draw(surface: Surface, x: float, y: float, width: float, height: float, style: FaceStyle, look: CardLook = look) -> None:
            draw_front(surface, look, x, y, width, height, style)

        faces.append(PieceFace(f"card-{card.number:0{digits}d}", describe(card), w, h, draw))
    return tuple(faces)


def card_back(deck: Deck, size: tuple[float, float] = POKER_MM) -> PieceFace:
    def draw(surface: Surface, x: float, y: float, width: float, height: float, style: FaceStyle) -> None:
        draw_back(surface, deck.title, x, y, width, height, style)

    return PieceFace("card-back", f"the back of a {deck.title} card", size[0], size[1], draw)


def card_kind(deck: Deck, size: tuple[float, float] = POKER_MM) -> PieceKind:
    """The deck as a kind of piece: every card once, lowest number first, each with its colour (its
    letter and mark tell it to colour-blind players), one back for all."""
    colours = {
        colour.name: PieceColour(colour.name, colour.ink, colour.letter, colour.mark, f"[colours.{colour.name}]")
        for colour in deck.colours
    }
    pieces = tuple(
        Piece(face, colour=None if card.colour is None else colours[card.colour.name])
        for card, face in zip(deck.cards, card_faces(deck, size))
    )
    return PieceKind(
        "cards", "card", Form.CARD, Shape.RECTANGLE, size, pieces, {"rings": card_back(deck, size)},
        markings_of(tuple(colours.values())), marks_at="under its corner number; a card of every colour shows them all",
    )  # fmt: skip
