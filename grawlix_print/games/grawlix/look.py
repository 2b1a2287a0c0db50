"""How a tile looks: face, edge and contour colours, the back, colour-blind marks.

Shared by the leaflet, the sheets and the previews, so they all change together.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...drawing.ink import Ink
from ...drawing.marks import MARKS, Point, mark_polygons
from .components import COLOURS, Colour

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


def colour_mark(colour: Colour) -> list[list[Point]]:
    """The colour's mark for colour-blind players (in supply order: ring, triangle, ...)."""
    return mark_polygons(MARKS[colour.index])
