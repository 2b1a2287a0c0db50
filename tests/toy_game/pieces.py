"""The toy game's pieces: square picture tiles, round tokens and 57 x 89 mm cards, drawn from shapes.

Every face follows ``FaceStyle`` as any game's must: its ground out to ``bleed`` (unless a sheet
has laid it, ``ground=False``), a frame ``FRAME_INSET_MM`` inside the cut with ``frame``, and its
colour's letter or mark in the top-left corner with ``marking``. Nothing here is Grawlix's or
Permutations': no glyphs, no corner numbers.
"""

from __future__ import annotations

from grawlix_print.drawing.filled import filled_outline
from grawlix_print.drawing.fonts import LETTER_FACE, QUICKSAND_BOLD
from grawlix_print.drawing.icons import circle
from grawlix_print.drawing.ink import BLACK, Ink
from grawlix_print.drawing.marks import mark_polygons
from grawlix_print.drawing.outline import Outline
from grawlix_print.drawing.surface import Path, Pen, Surface, polygon, rectangle
from grawlix_print.pieces.faces import FRAME_INSET_MM, FaceStyle, PieceFace
from grawlix_print.pieces.kinds import Accent, Form, Piece, PieceColour, PieceKind, Relief, Shape, markings_of
from grawlix_print.units import MM_PER_UNIT

TILE_MM = (30.0, 30.0)
TOKEN_MM = (20.0, 20.0)
CARD_MM = (57.0, 89.0)
"""The toy's sizes: a 30 mm square tile, a 20 mm round token, a 57 x 89 mm card (not poker size)."""
MARK_FRACTION = 0.16
"""A tile's colour-blind letter or mark, as a fraction of its width (4.8 mm on a 30 mm tile)."""
PICTURE_SIZE = 0.55
"""A tile's picture, as a fraction of its side."""
MIN_LINE_PT = 0.75

CREAM = Ink((0.96, 0.93, 0.84), (0.0, 0.03, 0.15, 0.03))
MOSS = Ink((0.45, 0.55, 0.30), (0.30, 0.0, 0.70, 0.35))
SOIL = Ink((0.50, 0.36, 0.24), (0.0, 0.30, 0.50, 0.50))
PALE = Ink((0.98, 0.95, 0.70), (0.0, 0.02, 0.35, 0.0))
WHITE = Ink((1.0, 1.0, 1.0), (0.0, 0.0, 0.0, 0.0))

COLOURS = (
    PieceColour("red", Ink((0.85, 0.20, 0.15), (0.0, 0.85, 0.85, 0.05)), "R", "ring", "toy pieces: red"),
    PieceColour("blue", Ink((0.15, 0.35, 0.80), (0.85, 0.55, 0.0, 0.0)), "B", "cross", "toy pieces: blue"),
    PieceColour("yellow", Ink((0.95, 0.80, 0.10), (0.0, 0.15, 0.95, 0.0)), "Y", "diamond", "toy pieces: yellow"),
    PieceColour("green", Ink((0.20, 0.60, 0.25), (0.75, 0.0, 0.90, 0.10)), "G", "star", "toy pieces: green"),
)
PICTURES = ("triangle", "square", "star")
"""What a tile shows, in its colour: one of each in every colour, a row per colour."""
TOKENS = (("seed", 6), ("sun", 4))
CARDS = (("rain", 2), ("wind", 2), ("frost", 1), ("sun", 3), ("bloom", 2))
"""Designs and how many of each a set holds: 10 tokens, 10 cards."""


def _line(surface: Surface, side: float, fraction: float) -> float:
    """A line ``fraction`` of ``side`` wide, never under ``MIN_LINE_PT``."""
    return max(side * fraction, MIN_LINE_PT / surface.unit_pt)


def _shape(name: str, cx: float, cy: float, size: float) -> Path:
    path = Path()
    for loop in mark_polygons(name):
        path += polygon((cx + x * size, cy + y * size) for x, y in loop)
    return path


def _ground(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle, ink: Ink) -> None:
    if style.ground:
        b = style.bleed
        surface.shape(rectangle(x - b, y - b, w + 2 * b, h + 2 * b), fill=ink)


def _frame(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
    if style.frame:
        inset = FRAME_INSET_MM / MM_PER_UNIT["pt"] / surface.unit_pt
        width = _line(surface, min(w, h), 0.02)
        half = width / 2
        surface.shape(rectangle(x + inset + half, y + inset + half, w - 2 * inset - width, h - 2 * inset - width),
                      pen=Pen(BLACK, width))  # fmt: skip


def _marking(surface: Surface, colour: PieceColour, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
    """The colour's letter or mark in the top-left corner, inside a frame if there is one."""
    if style.marking == "none":
        return
    size = w * MARK_FRACTION
    corner = 0.22 * w if style.frame else 0.14 * w  # clear of the frame, if there is one
    cx, cy = x + corner, y + h - corner
    if style.marking == "letters":
        surface.text(cx, cy - 0.35 * size, colour.letter, LETTER_FACE, size, BLACK)
    else:
        surface.shape(_shape(colour.shape, cx, cy, size), fill=BLACK, even_odd=True)


def tile_face(colour: PieceColour, picture: str) -> PieceFace:
    """A square tile: a cream ground, a picture in the colour outlined in black."""

    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        _ground(surface, x, y, w, h, style, CREAM)
        _frame(surface, x, y, w, h, style)
        side = min(w, h)
        surface.shape(_shape(picture, x + w / 2, y + h / 2, PICTURE_SIZE * side), fill=colour.ink,
                      pen=Pen(BLACK, _line(surface, side, 0.015), round=True))  # fmt: skip
        _marking(surface, colour, x, y, w, h, style)

    return PieceFace(f"tile-{colour.name}-{picture}", f"{colour.name} {picture}", *TILE_MM, draw, CREAM)


def picture_relief(colour: PieceColour, picture: str) -> Relief:
    """A tile's picture raised in its colour for a 3D print: the very shape its face fills
    (``drawing.filled.filled_outline`` of the same path)."""

    def outline() -> Outline:
        return filled_outline([_shape(picture, 0.5, 0.5, PICTURE_SIZE)], f"toy pieces: {picture}")

    return Relief(picture, Accent(colour.name, colour.ink), outline)


def tile_back(name: str, ground: Ink, dots: bool) -> PieceFace:
    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        _ground(surface, x, y, w, h, style, ground)
        side = min(w, h)
        if dots:
            path = Path()
            for i in range(3):
                for j in range(3):
                    path += circle(x + (i + 1) * w / 4, y + (j + 1) * h / 4, side / 16)
            surface.shape(path, fill=SOIL)
        else:
            surface.shape(circle(x + w / 2, y + h / 2, side / 4), pen=Pen(SOIL, _line(surface, side, 0.03)))

    return PieceFace(f"tile-back-{name}", f"the back of a toy tile ({name})", *TILE_MM, draw, ground)


def token_face(name: str) -> PieceFace:
    """A round token: a pale ground, a dot (seed) or a star (sun)."""

    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        _ground(surface, x, y, w, h, style, PALE)
        cx, cy, side = x + w / 2, y + h / 2, min(w, h)
        if name == "seed":
            surface.shape(circle(cx, cy, side / 6), fill=SOIL)
        else:
            surface.shape(_shape("star", cx, cy, side / 2), fill=COLOURS[2].ink, pen=Pen(BLACK, _line(surface, side, 0.02)))

    return PieceFace(f"token-{name}", f"a {name} token", *TOKEN_MM, draw, PALE)


def token_back() -> PieceFace:
    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        _ground(surface, x, y, w, h, style, MOSS)
        surface.shape(circle(x + w / 2, y + h / 2, min(w, h) / 3), pen=Pen(PALE, _line(surface, min(w, h), 0.04)))

    return PieceFace("token-back", "the back of a toy token", *TOKEN_MM, draw, MOSS)


def card_face(name: str) -> PieceFace:
    """A card: a picture to its bleed (no one ground: a white field and a moss band), its name."""

    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        b = style.bleed
        surface.shape(rectangle(x - b, y - b, w + 2 * b, h + 2 * b), fill=WHITE)
        surface.shape(rectangle(x - b, y + 0.7 * h, w + 2 * b, 0.3 * h + b), fill=MOSS)
        surface.shape(_shape("diamond", x + w / 2, y + 0.4 * h, 0.5 * w), fill=SOIL)
        surface.text(x + w / 2, y + 0.8 * h, name, QUICKSAND_BOLD, 0.14 * w, WHITE)

    return PieceFace(f"card-{name}", f"the {name} card", *CARD_MM, draw)


def card_back() -> PieceFace:
    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        b = style.bleed
        surface.shape(rectangle(x - b, y - b, w + 2 * b, h + 2 * b), fill=MOSS)
        surface.shape(rectangle(x + 0.1 * w, y + 0.1 * h, 0.8 * w, 0.8 * h), pen=Pen(CREAM, _line(surface, w, 0.02)))

    return PieceFace("card-back", "the back of a toy card", *CARD_MM, draw)


def kinds(source: str, reliefs: bool = False) -> tuple[PieceKind, ...]:
    """The toy's three kinds: tiles (with colours, so marks), tokens and cards (without); with
    ``reliefs``, each tile raises its picture for a 3D print (``picture_relief``)."""
    tiles = PieceKind(
        "tiles", "tile", Form.TILE, Shape.SQUARE, TILE_MM,
        tuple(Piece(tile_face(colour, picture), colour=colour, relief=picture_relief(colour, picture) if reliefs else None)
              for colour in COLOURS for picture in PICTURES),
        {"plain": tile_back("plain", CREAM, False), "dotted": tile_back("dotted", MOSS, True)},
        markings_of(COLOURS), row=len(PICTURES), source=source, mark_fraction=MARK_FRACTION,
    )  # fmt: skip
    tokens = PieceKind(
        "tokens", "token", Form.TOKEN, Shape.CIRCLE, TOKEN_MM,
        tuple(Piece(token_face(name), count) for name, count in TOKENS), {"moss": token_back()}, source=source,
    )  # fmt: skip
    cards = PieceKind(
        "cards", "card", Form.CARD, Shape.RECTANGLE, CARD_MM,
        tuple(Piece(card_face(name), count) for name, count in CARDS), {"moss": card_back()}, source=source,
    )  # fmt: skip
    return (tiles, tokens, cards)
