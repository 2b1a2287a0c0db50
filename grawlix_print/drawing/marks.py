"""Colour-blind marks: small shapes that tell colours apart without colour.

A game gives each of its colours one of these shapes (or its letter); the
sheets, the diagrams and the 3D tiles draw them from here.
"""

from __future__ import annotations

import math

Point = tuple[float, float]

MARKS: tuple[str, ...] = ("ring", "triangle", "square", "diamond", "cross", "star")
"""The small shapes a colour may be marked with for colour-blind players; the shapes
differ in outline, so they still tell colours apart in greyscale."""


def mark_polygons(shape: str) -> list[list[Point]]:
    """The mark called ``shape`` as polygons in a unit box centred on the origin.

    Outer loops run anticlockwise and holes clockwise, as in the glyph
    outlines (the ring has a hole). The shapes differ in outline and the ring in
    having a hole, so no two share much ink when printed 2-3 mm wide in grey.
    """
    return [list(polygon) for polygon in _MARK_SHAPES[shape]()]


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
