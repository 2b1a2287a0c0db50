"""How a tile looks: face, edge and contour colours, the back, colour-blind marks.

Shared by the leaflet, the sheets and the previews, so they all change together.
"""

from __future__ import annotations

import math

from .identity import CMYK, RGB, Colour

Point = tuple[float, float]

TILE_FACE_RGB: RGB = (0.78, 0.78, 0.78)  # light grey, as the designer's tiles
TILE_EDGE_RGB: RGB = (0.12, 0.12, 0.12)
GLYPH_CONTOUR_RGB: RGB = (0.10, 0.10, 0.10)
TILE_FACE_CMYK: CMYK = (0.0, 0.0, 0.0, 0.25)
TILE_EDGE_CMYK: CMYK = (0.0, 0.0, 0.0, 0.90)
GLYPH_CONTOUR_CMYK: CMYK = (0.0, 0.0, 0.0, 0.92)

# The plain side of a paper tile: the game's name, light on charcoal, over the six glyphs.
TILE_BACK_TEXT = "Grawlix"
TILE_BACK_RGB: RGB = (0.20, 0.21, 0.23)
TILE_BACK_CMYK: CMYK = (0.10, 0.05, 0.0, 0.82)
TILE_BACK_INK_RGB: RGB = TILE_FACE_RGB
TILE_BACK_INK_CMYK: CMYK = TILE_FACE_CMYK


def mark_polygons(colour: Colour) -> list[list[Point]]:
    """The colour's mark as polygons in a unit box centred on the origin.

    Outer loops run anticlockwise and holes clockwise, as in the glyph
    outlines (the ring has a hole). The six differ in outline and the ring in
    having a hole, so no two share much ink when printed 2-3 mm wide in grey.
    """
    return [list(polygon) for polygon in _MARK_SHAPES[colour.mark]()]


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
