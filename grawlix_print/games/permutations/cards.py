"""How a card of Permutations looks: its front and the back every card shares, drawn on any ``Surface``.

The designer's own cards, measured on his card file: a large number in Roboto
Slab Regular with a dark outline in the middle, a small number and a symbol in
two corners (again upside down in the other two, so a fanned hand reads either
way up), and four square-ended coloured bars with dark edges running between
the corners. Where his symbol is a flower of the card's colour, version 2.0 of
the rules puts the card's icon (star, moon or sun). Numbers that turn into
another card's number upside down (6 and 9) are underlined. The multicoloured
card wears all the deck's colours, the colourless one none. The backs are his
interlocking black circles on white, or (``back = "rings"``) a lattice of rings
around a band with the title.

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
from ...drawing.ink import BLACK, Ink, PAPER
from ...drawing.marks import mark_polygons
from ...drawing.outline import TextGlyph, text_glyphs
from ...drawing.surface import Path, Pen, Surface, glyph_path, polygon, printable_width, rectangle
from ...fonts import ROBOTO_SLAB_BOLD, ROBOTO_SLAB_REGULAR
from .deck import BACKS, Card, Colour, Deck

POKER_MM = (63.5, 88.9)
"""A poker card, 2.5 x 3.5 in, as the designer's."""

EDGE = BLACK
"""Outlines, bar edges and colour-blind marks: black ink alone, as on the designer's cards."""
BACK_GROUND = Ink((0.93, 0.94, 0.95), (0.02, 0.0, 0.0, 0.06))
BACK_RINGS = Ink((0.27, 0.30, 0.36), (0.25, 0.12, 0.0, 0.70))

# Proportions, as fractions of the card's width, measured on the designer's poker card (63.5 mm).
CORNER = 0.14  # a corner's number and symbol are centred this far from both edges: 8.9 mm (0.35 in)
CORNER_BOX = 0.3  # the corner's square (0.75 in): the frame bars run between the squares
INDEX_HEIGHT = 0.118  # a corner number's digit height (7.5 mm)
INDEX_ROOM = 0.24  # the widest a corner number may be: two wide digits are set narrower
INDEX_OUTLINE = 0.005  # its dark outline beyond the fill (0.32 mm)
ICON = 0.125  # the corner's icon (7.9 mm)
MARK = 0.065  # a colour-blind mark's side (4.1 mm), under the icon
BIG_HEIGHT = 0.34  # the middle number's digit height (21.6 mm, a 22.9 mm "1" with its outline)
BIG_ROOM = 0.58  # the widest the middle number may be, with air inside the side bars
BIG_OUTLINE = 0.0099  # its dark outline beyond the fill (0.63 mm: a 4.2 mm stem on the "1")
BAR = 0.0614  # a frame bar's thickness with its dark edges (3.9 mm)
BAR_EDGE = 0.00876  # the dark edge round a bar's colour (0.56 mm), at its square ends too

# An underline, as fractions of its number's digit height: its width, thickness with the dark
# edge, how far its middle lies below the number's middle, and the edge.
UNDERLINE_WIDTH, UNDERLINE_THICKNESS, UNDERLINE_DROP, UNDERLINE_EDGE = 0.66, 0.17, 0.77, 0.03

TURNS_INTO = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}
"""Digits that read as a digit upside down, and which one."""


# --- numbers as outlines ----------------------------------------------------------------------


@cache
def _digits() -> dict[str, TextGlyph]:
    return text_glyphs(tuple((d, ROBOTO_SLAB_REGULAR) for d in "0123456789"))


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
    surface.shape(path, pen=Pen(EDGE, printable_width(2 * outline, surface), round=True))
    if len(inks) <= 1:
        surface.shape(path, fill=inks[0] if inks else PAPER)
        return
    x0, y0, x1, y1 = _bounds(path)
    width = (x1 - x0) / len(inks)
    with surface.clipped(path):
        for k, ink in enumerate(inks):
            surface.shape(rectangle(x0 + k * width - 0.01, y0 - 0.01, width + 0.02, y1 - y0 + 0.02), fill=ink)


def _edged(surface: Surface, x0: float, y0: float, x1: float, y1: float, ink: Ink, edge: float) -> None:
    """A square-ended bar: dark, with ``ink`` inside it ``edge`` from every side."""
    surface.shape(rectangle(x0, y0, x1 - x0, y1 - y0), fill=EDGE)
    surface.shape(rectangle(x0 + edge, y0 + edge, x1 - x0 - 2 * edge, y1 - y0 - 2 * edge), fill=ink)


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


def _frame(surface: Surface, look: CardLook, w: float, h: float) -> None:
    """Four bars between the corners' squares: top, right, bottom, left, each in the card's ink (in
    turn, for the multicoloured card; paper for the colourless one)."""
    c, end, t = CORNER * w, (CORNER + CORNER_BOX / 2) * w, BAR * w / 2
    bars = [
        (end, h - c - t, w - end, h - c + t),
        (w - c - t, end, w - c + t, h - end),
        (end, c - t, w - end, c + t),
        (c - t, end, c + t, h - end),
    ]
    for k, (x0, y0, x1, y1) in enumerate(bars):
        _edged(surface, x0, y0, x1, y1, look.inks[k % len(look.inks)] if look.inks else PAPER, BAR_EDGE * w)


def _number_path(look: CardLook, cx: float, cy: float, height: float) -> Path:
    return set_in_outlines(str(look.number), _digits(), cx, cy, height)


def _set_within(look: CardLook, cx: float, cy: float, height: float, room: float) -> tuple[Path, float]:
    """The number centred on (cx, cy), ``height`` tall unless that makes it wider than ``room``."""
    path = _number_path(look, cx, cy, height)
    x0, _, x1, _ = _bounds(path)
    if x1 - x0 > room:  # a wide number is set smaller rather than reaching the frame
        height *= room / (x1 - x0)
        path = _number_path(look, cx, cy, height)
    return path, height


def _underline(surface: Surface, look: CardLook, number: Path, height: float) -> None:
    """A bar under the number, dark-edged like the frame's, centred under it."""
    x0, y0, x1, y1 = _bounds(number)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 - UNDERLINE_DROP * height
    half_w, half_t = UNDERLINE_WIDTH * height / 2, UNDERLINE_THICKNESS * height / 2
    _edged(surface, cx - half_w, cy - half_t, cx + half_w, cy + half_t, look.inks[0] if look.inks else PAPER,
           UNDERLINE_EDGE * height)  # fmt: skip


def _middle(surface: Surface, look: CardLook, w: float, h: float) -> None:
    path, height = _set_within(look, w / 2, h / 2, BIG_HEIGHT * w, BIG_ROOM * w)
    _filled(surface, path, look.inks, BIG_OUTLINE * w)
    if look.underlined:
        _underline(surface, look, path, height)


def _corner(surface: Surface, look: CardLook, w: float, h: float, marking: str) -> None:
    """The top-left number and the top-right icon (with the colour-blind marking under it); the
    caller turns it half a turn for the other two corners."""
    c = CORNER * w
    number, height = _set_within(look, c, h - c, INDEX_HEIGHT * w, INDEX_ROOM * w)
    _filled(surface, number, look.inks, INDEX_OUTLINE * w)
    if look.underlined:
        _underline(surface, look, number, height)
    _symbol(surface, look, w - c, h - c, ICON * w, INDEX_OUTLINE * w)
    if marking != "none":
        top = h - c - ICON * w / 2 - 0.012 * w  # under the icon, above the side bar's end
        bottom = h - (CORNER + CORNER_BOX / 2) * w - 0.012 * w
        _marking(surface, look, w - c, (top + bottom) / 2, min(MARK * w, top - bottom), marking)


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
    """The colour's letter or mark, centred on (cx, cy) in a square ``size`` wide: under the corner's
    icon; the multicoloured card shows every colour's, two by two; the colourless card none."""
    colours = look.colours
    if not colours:
        return
    per_row = 1 if len(colours) == 1 else 2
    rows = math.ceil(len(colours) / per_row)
    cell = size / max(1.0, rows * 1.1)  # the marks of every colour stay within the one mark's square
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


CIRCLE_PITCH = 0.1
"""The designer's back: circles on a square lattice a tenth of the card's width apart (a quarter
inch on a poker card), and as many again on the lattice shifted half a step both ways."""
CIRCLE_RADIUS = 0.42
"""Each circle's radius, in steps of the lattice: wider than half the diagonal step (0.354), so
each circle links into its four diagonal neighbours."""
CIRCLE_LINE = 0.00667
"""The circles' line, as a fraction of the card's width: 1.2 pt on a poker card (TikZ's "very thick")."""


def draw_circles_back(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
    """The designer's back: interlocking black circles on white, centred on the card and running
    on into the bleed, the same either way up."""
    b = style.bleed
    with surface.transformed(x, y):
        field = rectangle(-b, -b, w + 2 * b, h + 2 * b)
        surface.shape(field, fill=PAPER)
        step = CIRCLE_PITCH * w
        r = CIRCLE_RADIUS * step
        reach_x, reach_y = math.ceil((w / 2 + b + r) / step), math.ceil((h / 2 + b + r) / step)
        circles = Path()
        for shift in (0.0, 0.5):
            for i in range(-reach_x, reach_x + 1):
                for j in range(-reach_y, reach_y + 1):
                    circles += circle(w / 2 + (i + shift) * step, h / 2 + (j + shift) * step, r)
        with surface.clipped(field):
            surface.shape(circles, pen=Pen(EDGE, printable_width(CIRCLE_LINE * w, surface)))


RING_PITCH_MM = 6.35
"""The rings' spacing on a poker card (a quarter inch), stretched a little to fit other sizes:
a whole number of rings across and down, so neighbouring backs continue one lattice."""


def draw_ringed_back(surface: Surface, title: str, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
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


def card_back(deck: Deck, size: tuple[float, float] = POKER_MM, design: str | None = None) -> PieceFace:
    """The back called ``design`` (``BACKS``; None: the one ``components.toml`` chooses): the
    designer's circles, or rings."""
    chosen = design or deck.back

    def draw(surface: Surface, x: float, y: float, width: float, height: float, style: FaceStyle) -> None:
        if chosen == "rings":
            draw_ringed_back(surface, deck.title, x, y, width, height, style)
        else:
            draw_circles_back(surface, x, y, width, height, style)

    return PieceFace("card-back", f"the back of a {deck.title} card: {BACKS[chosen]}", size[0], size[1], draw)


def card_kind(deck: Deck, size: tuple[float, float] = POKER_MM) -> PieceKind:
    """The deck as a kind of piece: every card once, lowest number first, each with its colour (its
    letter and mark tell it to colour-blind players); its backs, the deck's own choice first."""
    colours = {
        colour.name: PieceColour(colour.name, colour.ink, colour.letter, colour.mark, f"[colours.{colour.name}]")
        for colour in deck.colours
    }
    pieces = tuple(
        Piece(face, colour=None if card.colour is None else colours[card.colour.name])
        for card, face in zip(deck.cards, card_faces(deck, size))
    )
    designs = sorted(BACKS, key=lambda name: name != deck.back)
    return PieceKind(
        "cards", "card", Form.CARD, Shape.RECTANGLE, size, pieces,
        {name: card_back(deck, size, name) for name in designs}, markings_of(tuple(colours.values())),
        marks_at="under the icon in its corners; a card of every colour shows them all",
    )  # fmt: skip
