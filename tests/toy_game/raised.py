"""The toy game raised for a 3D print: what the 3D product's tests (``test_solid_kinds.py``) build.

``RaisedToy()`` is the toy game with a relief on each of its picture tiles (``pieces.kinds(...,
reliefs=True)``: each tile raises its picture in its colour, the very path its face fills,
through ``drawing.filled.filled_outline``); its tokens and cards have none. ``RaisedToy(kinds)``
is the toy with other kinds, such as ``emblem_squares()``: square tiles whose words differ from
Grawlix's on purpose (squares, emblems; teal and amber on white), whose accents do not all hold
the same emblems (teal: two stars and a ring; amber: a ring and a pair of dots) and one of whose
emblems has a hole, so the 3D product must take everything from the kind. Neither is registered:
the tests hand an instance to the products.
"""

from __future__ import annotations

import math

from grawlix_print.drawing.filled import filled_outline
from grawlix_print.drawing.icons import circle
from grawlix_print.drawing.ink import Ink
from grawlix_print.drawing.surface import Path as Shape
from grawlix_print.drawing.surface import Surface, polygon, rectangle
from grawlix_print.pieces.faces import FaceStyle, PieceFace
from grawlix_print.pieces.kinds import Accent, Form, Piece, PieceColour, PieceKind, Relief, markings_of
from grawlix_print.pieces.kinds import Shape as Cut

from . import ToyGame
from .pieces import kinds as toy_kinds


class RaisedToy(ToyGame):
    """The toy game, its tiles raised (or with the kinds given)."""

    def __init__(self, kinds: tuple[PieceKind, ...] | None = None) -> None:
        super().__init__()
        self.kinds = kinds

    def piece_kinds(self) -> tuple[PieceKind, ...]:
        if self.kinds is not None:
            return self.kinds
        return toy_kinds(str(self.templates / "components.toml"), reliefs=True)


SIDE_MM = 30.0
WHITE = Accent("white", Ink((0.95, 0.95, 0.95), (0.0, 0.0, 0.0, 0.05)))
TEAL = Accent("teal", Ink((0.0, 0.5, 0.5), (1.0, 0.0, 0.0, 0.5)))
AMBER = Accent("amber", Ink((1.0, 0.75, 0.0), (0.0, 0.25, 1.0, 0.0)))
COLOURS = {
    "teal": PieceColour("teal", TEAL.ink, "T", "triangle", "toy emblems: teal"),
    "amber": PieceColour("amber", AMBER.ink, "A", "square", "toy emblems: amber"),
}


def star_points(outer: float = 0.4, inner: float = 0.17) -> list[tuple[float, float]]:
    """A five-pointed star about the unit square's middle, its points' corners alternating."""
    return [
        (0.5 + (outer if k % 2 == 0 else inner) * math.cos(math.radians(90 + 36 * k)),
         0.5 + (outer if k % 2 == 0 else inner) * math.sin(math.radians(90 + 36 * k)))
        for k in range(10)
    ]  # fmt: skip


EMBLEMS: dict[str, list[Shape]] = {
    "star": [polygon(star_points())],
    "ring": [circle(0.5, 0.5, 0.4) + circle(0.5, 0.5, 0.22)],  # even-odd: the inner circle is its hole
    "pair of dots": [circle(0.28, 0.5, 0.15), circle(0.72, 0.5, 0.15)],
}
PIECES = (("star", TEAL, 2), ("ring", TEAL, 1), ("ring", AMBER, 1), ("pair of dots", AMBER, 1))
"""(emblem, accent, count): five squares, three emblems, two accents."""


def face(emblem: str, accent: Accent, size: tuple[float, float] = (SIDE_MM, SIDE_MM)) -> PieceFace:
    """A piece's face: white ground, the emblem's shapes in the accent's ink."""

    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        if style.ground:
            surface.shape(rectangle(x - style.bleed, y - style.bleed, w + 2 * style.bleed, h + 2 * style.bleed), fill=WHITE.ink)
        side = min(w, h)
        with surface.transformed(x + (w - side) / 2, y + (h - side) / 2, scale=side):
            for shape in EMBLEMS[emblem]:
                surface.shape(shape, fill=accent.ink, even_odd=True)

    words = f"{accent.name} {emblem}"
    return PieceFace(f"square-{words.replace(' ', '-')}", words, *size, draw, WHITE.ink)


def relief(emblem: str, accent: Accent) -> Relief:
    """The face's emblem, raised: the same shapes it is drawn from."""
    return Relief(emblem, accent, lambda: filled_outline(EMBLEMS[emblem], f"toy emblems: {emblem}"))


def emblem_squares(
    shape: Cut = Cut.SQUARE, name: str = "squares", singular: str = "square",
    size: tuple[float, float] = (SIDE_MM, SIDE_MM), form: Form = Form.TILE,
) -> PieceKind:  # fmt: skip
    """Five pieces (squares unless told) with raised emblems, in the kind's own words."""
    pieces = tuple(
        Piece(face(emblem, accent, size), count, None, COLOURS[accent.name], relief(emblem, accent))
        for emblem, accent, count in PIECES
    )
    return PieceKind(
        name, singular, form, shape, size, pieces, {}, markings_of(tuple(COLOURS.values())),
        body=WHITE, source="toy emblems", relief_words=("emblem", "emblems"),
    )  # fmt: skip


HEXAGON_MM = (30.0, 60.0 / math.sqrt(3))
"""A regular pointy-top hexagon 30 mm across the flats: 34.64 mm from point to point."""


def shaped_kinds() -> tuple[PieceKind, ...]:
    """The emblems on three kinds of other shapes: hexagonal tiles, round tokens and rectangular tiles."""
    return (
        emblem_squares(Cut.HEXAGON, "hexes", "hex", HEXAGON_MM),
        emblem_squares(Cut.CIRCLE, "discs", "disc", (25.0, 25.0), Form.TOKEN),
        emblem_squares(Cut.RECTANGLE, "bars", "bar", (40.0, 25.0)),
    )
