"""A toy game whose square tiles show emblems drawn from filled shapes, raised for a 3D print.

Nothing of Grawlix in it: its pieces are a kind declared as data (``pieces.kinds``), its faces
drawn from the drawing layer's paths, and each face's relief is the same paths, turned into an
outline by ``drawing.filled.filled_outline``. Its words differ from Grawlix's on purpose
(squares, emblems; teal and amber on white), and its accents do not all hold the same emblems
(teal: two stars and a ring; amber: a ring and a pair of dots), so the 3D product must take
everything from the kind. It is not registered as a game: tests hand an instance to the
products (``ReliefToy(folder)``, the folder holding its front matter).

(A fuller toy game with picture tiles, cards and tokens for the sheets is built by the sheets'
tests; this one is the 3D product's own.)
"""

from __future__ import annotations

import math
from pathlib import Path

from grawlix_print.drawing.filled import filled_outline
from grawlix_print.drawing.fonts import QUICKSAND, QUICKSAND_BOLD
from grawlix_print.drawing.ink import Ink
from grawlix_print.drawing.surface import Path as Shape
from grawlix_print.drawing.surface import Surface, polygon, rectangle
from grawlix_print.errors import GrawlixError
from grawlix_print.games.base import Game
from grawlix_print.games.presentation import Presentation, Typography
from grawlix_print.pieces.faces import FaceStyle, PieceFace
from grawlix_print.pieces.kinds import Accent, Form, Piece, PieceColour, PieceKind, Relief, markings_of
from grawlix_print.pieces.kinds import Shape as Cut

SIDE_MM = 30.0
WHITE = Accent("white", Ink((0.95, 0.95, 0.95), (0.0, 0.0, 0.0, 0.05)))
TEAL = Accent("teal", Ink((0.0, 0.5, 0.5), (1.0, 0.0, 0.0, 0.5)))
AMBER = Accent("amber", Ink((1.0, 0.75, 0.0), (0.0, 0.25, 1.0, 0.0)))
COLOURS = {
    "teal": PieceColour("teal", TEAL.ink, "T", "triangle", "toy: teal"),
    "amber": PieceColour("amber", AMBER.ink, "A", "square", "toy: amber"),
}
FRONT_MATTER = """+++
subtitle = "A toy of raised emblems"
version = "0.1"
authors = ["Ada Toymaker"]
contact = "ada@example.org"
licence = "CC0 1.0"
licence_url = ""
subject = "The rules of {title}."
keywords = ["toy"]
+++

The rules of a toy.
"""


def circle(cx: float, cy: float, r: float) -> Shape:
    """A circle of four cubic arcs."""
    k = 4 / 3 * (math.sqrt(2) - 1) * r
    ends = [(cx + r, cy), (cx, cy + r), (cx - r, cy), (cx, cy - r)]
    handles = [((cx + r, cy + k), (cx + k, cy + r)), ((cx - k, cy + r), (cx - r, cy + k)),
               ((cx - r, cy - k), (cx - k, cy - r)), ((cx + k, cy - r), (cx + r, cy - k))]  # fmt: skip
    operations: list[tuple] = [("M", *ends[0])]
    for (a, b), end in zip(handles, ends[1:] + ends[:1]):
        operations.append(("C", *a, *b, *end))
    return Shape((*operations, ("Z",)))


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


def face(emblem: str, accent: Accent) -> PieceFace:
    """A square's face: white ground, the emblem's shapes in the accent's ink."""

    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        if style.ground:
            surface.shape(rectangle(x - style.bleed, y - style.bleed, w + 2 * style.bleed, h + 2 * style.bleed), fill=WHITE.ink)
        with surface.transformed(x, y, scale=min(w, h)):
            for shape in EMBLEMS[emblem]:
                surface.shape(shape, fill=accent.ink, even_odd=True)

    words = f"{accent.name} {emblem}"
    return PieceFace(f"square-{words.replace(' ', '-')}", words, SIDE_MM, SIDE_MM, draw, WHITE.ink)


def relief(emblem: str, accent: Accent) -> Relief:
    """The face's emblem, raised: the same shapes it is drawn from."""
    return Relief(emblem, accent, lambda: filled_outline(EMBLEMS[emblem], f"toy: {emblem}"))


def squares(shape: Cut = Cut.SQUARE, name: str = "squares", singular: str = "square") -> PieceKind:
    pieces = tuple(
        Piece(face(emblem, accent), count, None, COLOURS[accent.name], relief(emblem, accent))
        for emblem, accent, count in PIECES
    )
    return PieceKind(
        name, singular, Form.TILE, shape, (SIDE_MM, SIDE_MM), pieces, {}, markings_of(tuple(COLOURS.values())),
        body=WHITE, source="toy", relief_words=("emblem", "emblems"),
    )  # fmt: skip


class ReliefToy(Game):
    """The toy: one kind of square (or the kinds given), a title, front matter, no rules."""

    name = "relief-toy"
    summary = "A toy game of squares with raised emblems (the tests' own)."

    def __init__(self, templates: Path, kinds: tuple[PieceKind, ...] | None = None) -> None:
        templates.mkdir(parents=True, exist_ok=True)
        (templates / "leaflet.md").write_text(FRONT_MATTER)
        super().__init__(templates)
        self.kinds = (squares(),) if kinds is None else kinds

    @property
    def title(self) -> str:
        return "Toy Reliefs"

    def rulebook(self):
        raise GrawlixError("the toy has no rulebook")

    def presentation(self) -> Presentation:
        return Presentation(Typography(QUICKSAND, QUICKSAND_BOLD, QUICKSAND_BOLD))

    def piece_kinds(self) -> tuple[PieceKind, ...]:
        return self.kinds
