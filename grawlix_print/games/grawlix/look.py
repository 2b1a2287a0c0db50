"""How a tile looks: face, edge and contour colours, the back, colour-blind marks.

Shared by the leaflet, the sheets and the previews, so they all change together.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .components import COLOURS, Colour

Point = tuple[float, float]
RGB = tuple[float, float, float]
CMYK = tuple[float, float, float, float]


@dataclass(frozen=True)
class Ink:
    """One colour as a screen shows it (``rgb``) and as a press prints it (``cmyk``).

    Screen products (previews, the web edition, the reading leaflet) use
    ``rgb``; print products use ``cmyk``, so both come from one definition.
    """

    rgb: RGB
    cmyk: CMYK


_COLOUR_INKS = {
    "red": Ink((0.89, 0.11, 0.11), (0.0, 0.95, 0.95, 0.0)),
    "orange": Ink((1.00, 0.53, 0.00), (0.0, 0.55, 1.0, 0.0)),
    "yellow": Ink((1.00, 0.86, 0.00), (0.0, 0.10, 1.0, 0.0)),
    "green": Ink((0.10, 0.72, 0.18), (0.80, 0.0, 1.0, 0.0)),
    "blue": Ink((0.08, 0.30, 0.90), (0.95, 0.65, 0.0, 0.0)),
    "violet": Ink((0.52, 0.16, 0.63), (0.55, 0.90, 0.0, 0.0)),
}
COLOUR_INKS: tuple[Ink, ...] = tuple(_COLOUR_INKS[c.name] for c in COLOURS)


def ink(colour: Colour) -> Ink:
    """The ink a tile colour is printed and shown in."""
    return COLOUR_INKS[colour.index]


TILE_FACE = Ink((0.78, 0.78, 0.78), (0.0, 0.0, 0.0, 0.25))  # light grey, as the designer's tiles
TILE_EDGE = Ink((0.12, 0.12, 0.12), (0.0, 0.0, 0.0, 0.90))
GLYPH_CONTOUR = Ink((0.10, 0.10, 0.10), (0.0, 0.0, 0.0, 0.92))

TILE_BACK_TEXT = "Grawlix"


@dataclass(frozen=True)
class BackDesign:
    """The plain side of a paper tile: the game's name over the six glyphs, in ``marks`` on ``background``.

    The marks are one solid ink (no outlines, so no hairlines) with a contrast of
    at least 3:1 against the background, measured on the screen colours.
    """

    name: str
    background: Ink
    marks: Ink


BACK_DESIGNS: dict[str, BackDesign] = {
    # The default: a pale grey in black ink alone, which costs little ink on a home printer.
    "light": BackDesign("light", Ink((0.93, 0.93, 0.93), (0.0, 0.0, 0.0, 0.07)), Ink((0.30, 0.30, 0.30), (0.0, 0.0, 0.0, 0.78))),
    # Charcoal, as the first kit had it: a solid block at some 90 % ink coverage.
    "dark": BackDesign("dark", Ink((0.20, 0.21, 0.23), (0.10, 0.05, 0.0, 0.82)), TILE_FACE),
}

MARKINGS: tuple[str, ...] = ("none", "letters", "shapes")
"""How a tile tells its colour to colour-blind players, on paper and on printed tiles:
not at all, by the colour's letter, or by its mark, in each corner."""

MARKS: tuple[str, ...] = ("ring", "triangle", "square", "diamond", "cross", "star")
"""The small shape printed for each colour (in supply order) for colour-blind
players; the six differ in outline, so they still tell colours apart in greyscale."""


def mark_polygons(colour: Colour) -> list[list[Point]]:
    """The colour's mark as polygons in a unit box centred on the origin.

    Outer loops run anticlockwise and holes clockwise, as in the glyph
    outlines (the ring has a hole). The six differ in outline and the ring in
    having a hole, so no two share much ink when printed 2-3 mm wide in grey.
    """
    return [list(polygon) for polygon in _MARK_SHAPES[MARKS[colour.index]]()]


def _regular(n: int, radius: float = 0.5, turn: float = 90.0) -> list[Point]:
    return [
        (
            radius * math.cos(math.radians(turn + 360 * k / n)),
            radius * math.sin(math.radians(turn + 360 * k / n)),
        )
        for k in range(n)
    ]


def _star() -> list[Point]:
    outer = _regular(5)
    inner = _regular(5, 0.25, 90 + 36)  # stout points stay visible at 2-3 mm
    return [p for pair in zip(outer, inner) for p in pair]


def _cross() -> list[Point]:
    a, b = 0.5, 0.12  # slim arms keep the cross apart from the diamond
    return [
        (-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b),
        (b, a), (-b, a), (-b, b), (-a, b), (-a, -b), (-b, -b),
    ]  # fmt: skip


_MARK_SHAPES = {
    "ring": lambda: [_regular(32), _regular(32, 0.27)[::-1]],
    "triangle": lambda: [[(x, y - 0.1) for x, y in _regular(3, 0.58)]],
    "square": lambda: [_regular(4, 0.62, 45)],
    "diamond": lambda: [_regular(4, 0.5)],
    "cross": lambda: [_cross()],
    "star": lambda: [_star()],
}
