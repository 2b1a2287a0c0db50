"""A toy game with three kinds of piece, for the images, Tabletop Simulator and print-on-demand tests.

Neither built-in game has more than one kind, or tokens, or cards of another
size: this one has square picture tiles (one inch, two colours, one tile
printed twice), round tokens (3/4 in, three of each) and cards of 57 x 89 mm
(bridge size, one card twice), every face drawn from plain shapes. The
products get nothing from it but its kinds (``Game.piece_kinds``), so a
product that used another game's words or numbers would show here.

It is a real ``Game`` built on a templates folder of its own (an empty one:
it prints no rulebook) and handed to the products directly; the command line
is exercised with the built-in games. (Issue 24's toy game, in
``tests/toy_game/`` once it lands, can take its place.)
"""

from __future__ import annotations

from pathlib import Path

from grawlix_print.drawing.icons import circle
from grawlix_print.drawing.ink import Ink
from grawlix_print.drawing.surface import Pen, Surface, polygon, rectangle
from grawlix_print.games.base import Game
from grawlix_print.pieces.faces import FaceStyle, PieceFace
from grawlix_print.pieces.kinds import Form, Piece, PieceColour, PieceKind, Shape, markings_of

INCH = 25.4
PAPER = Ink((1.0, 1.0, 1.0), (0.0, 0.0, 0.0, 0.0))
DARK = Ink((0.1, 0.1, 0.1), (0.0, 0.0, 0.0, 0.9))
TEAL = PieceColour("teal", Ink((0.0, 0.5, 0.5), (1.0, 0.0, 0.4, 0.2)), "T", "triangle")
PLUM = PieceColour("plum", Ink((0.55, 0.2, 0.5), (0.3, 0.9, 0.1, 0.1)), "P", "diamond")
HEAVY = Ink((0.05, 0.05, 0.05), (0.9, 0.8, 0.8, 1.0))
"""350 % ink, more than any print service takes: the print-on-demand PDF must hold it down."""


def _tile(name: str, colour: PieceColour, sides: int) -> PieceFace:
    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        b = style.bleed
        surface.shape(rectangle(x - b, y - b, w + 2 * b, h + 2 * b), fill=colour.ink)
        cx, cy, r = x + w / 2, y + h / 2, 0.3 * w
        import math

        points = [(cx + r * math.sin(2 * math.pi * k / sides), cy + r * math.cos(2 * math.pi * k / sides)) for k in range(sides)]
        surface.shape(polygon(points), fill=PAPER, pen=Pen(DARK, 0.02 * w))
        if style.marking == "letters":
            surface.shape(rectangle(x + 0.05 * w, y + 0.8 * h, 0.12 * w, 0.12 * h), fill=DARK)

    return PieceFace(name, f"{colour.name} {sides}-sided tile", INCH, INCH, draw, colour.ink)


def _token(name: str, dots: int) -> PieceFace:
    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        b = style.bleed
        surface.shape(rectangle(x - b, y - b, w + 2 * b, h + 2 * b), fill=PAPER)
        surface.shape(circle(x + w / 2, y + h / 2, w / 2), fill=TEAL.ink)
        for k in range(dots):
            surface.shape(circle(x + w * (k + 1) / (dots + 1), y + h / 2, 0.08 * w), fill=PAPER)

    return PieceFace(name, f"a token of {dots}", 0.75 * INCH, 0.75 * INCH, draw)


def _card(name: str, colour: PieceColour | None, number: int) -> PieceFace:
    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        b = style.bleed
        surface.shape(rectangle(x - b, y - b, w + 2 * b, h + 2 * b), fill=PAPER)
        surface.shape(rectangle(x + 0.1 * w, y + 0.7 * h, 0.8 * w, 0.15 * h), fill=colour.ink if colour else HEAVY)
        for k in range(number):
            surface.shape(circle(x + w / 2, y + 0.15 * h + k * 0.12 * h, 0.05 * w), fill=DARK)

    return PieceFace(name, f"{number}, {colour.name if colour else 'black'}", 57.0, 89.0, draw)


def _back(name: str, size: tuple[float, float]) -> PieceFace:
    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        b = style.bleed
        surface.shape(rectangle(x - b, y - b, w + 2 * b, h + 2 * b), fill=DARK)
        surface.shape(circle(x + w / 2, y + h / 2, 0.3 * min(w, h)), fill=PAPER)

    return PieceFace(name, "the back of a toy piece", size[0], size[1], draw, DARK)


def toy_kinds() -> tuple[PieceKind, ...]:
    tiles = (
        Piece(_tile("tile-teal-3", TEAL, 3), 1, colour=TEAL),
        Piece(_tile("tile-teal-5", TEAL, 5), 2, colour=TEAL),
        Piece(_tile("tile-plum-3", PLUM, 3), 1, colour=PLUM),
        Piece(_tile("tile-plum-6", PLUM, 6), 1, colour=PLUM),
    )
    tokens = (Piece(_token("token-1", 1), 3), Piece(_token("token-2", 2), 3))
    cards = (
        Piece(_card("card-1", TEAL, 1), 1, colour=TEAL),
        Piece(_card("card-2", PLUM, 2), 2, colour=PLUM),
        Piece(_card("card-3", TEAL, 3), 1, colour=TEAL),
        Piece(_card("card-4", None, 4), 1),
    )
    return (
        PieceKind("tiles", "tile", Form.TILE, Shape.SQUARE, (INCH, INCH), tiles,
                  {"plain": _back("tile-back", (INCH, INCH))}, markings_of((TEAL, PLUM)), row=2, source="toy"),
        PieceKind("tokens", "token", Form.TOKEN, Shape.CIRCLE, (0.75 * INCH, 0.75 * INCH), tokens,
                  {"plain": _back("token-back", (0.75 * INCH, 0.75 * INCH))}, source="toy"),
        PieceKind("cards", "card", Form.CARD, Shape.RECTANGLE, (57.0, 89.0), cards,
                  {"dots": _back("card-back", (57.0, 89.0))}, markings_of((TEAL, PLUM)), source="toy"),
    )  # fmt: skip


class Toy(Game):
    """A game of nothing but pieces: no rules, no typeface checks (its faces set no text)."""

    name = "toy"
    summary = "A toy with tiles, tokens and cards."

    def __init__(self, templates: Path) -> None:
        super().__init__(templates)

    @property
    def title(self) -> str:
        return "Toy Box"

    def check(self) -> None:
        pass

    def rulebook(self):
        raise NotImplementedError

    def presentation(self):
        raise NotImplementedError

    def piece_kinds(self) -> tuple[PieceKind, ...]:
        return toy_kinds()
