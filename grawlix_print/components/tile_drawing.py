"""Drawing one tile (or one glyph, or a tile's back) on any ``Surface``.

Shapes, colours and the tile's look come from the tile set's data (through
``look``); this module only arranges them. The same calls make
the PDF sheets and leaflet and the SVG diagrams. Vector paths, never bitmaps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..drawing.fonts import LETTER_FACE, QUICKSAND_BOLD, text_width
from ..drawing.ink import Ink
from ..drawing.outline import Outline, glyph_outlines
from ..drawing.surface import Path, Pen, Surface, glyph_path, polygon, rectangle
from .faces import FaceStyle, PieceFace
from .tiles import Colour, Glyph, Tile, TileSet
from .tile_look import (
    BACK_DESIGNS, GLYPH_CONTOUR, GLYPH_FRACTION, TILE_EDGE, TILE_MM, BackDesign, colour_mark, ink,
)  # fmt: skip


@dataclass(frozen=True)
class TileStyle:
    """How a tile is drawn; widths are fractions of the tile side.

    ``frame_inset`` draws frame, glyph and marks in a square that much smaller
    on each side, with face colour beyond the frame, so a slightly missed cut
    leaves an even margin, not a lopsided frame. Diagrams keep the frame on
    the edge, where neighbouring frames meet. ``face`` is the tile set's face
    colour, or None where the faces are laid beforehand (the sheets).
    """

    face: Ink | None = None
    edge_width: float = 0.035
    frame_inset: float = 0.0
    contour_width: float = 0.016
    glyph_fraction: float = GLYPH_FRACTION
    marking: str = "none"




def draw_glyph(
    surface: Surface, tile: Tile, cx: float, cy: float, box: float, style: TileStyle
) -> None:
    """The coloured glyph with a thin dark contour."""
    outline = glyph_outline(tile.glyph)
    contour = Pen(GLYPH_CONTOUR, box / style.glyph_fraction * style.contour_width, round=True)
    path = glyph_path(outline, cx, cy, box)
    surface.shape(path, fill=ink(tile.colour), pen=contour, even_odd=True)


def _square(half: float) -> Path:
    return rectangle(-half, -half, 2 * half, 2 * half)


def draw_face(surface: Surface, cx: float, cy: float, size: float, colour: Ink, bleed: float = 0.0) -> None:
    """A tile's square of colour centred on (cx, cy), running ``bleed`` past its cut lines."""
    half = size / 2 + bleed
    surface.shape(rectangle(cx - half, cy - half, 2 * half, 2 * half), fill=colour)


def draw_tile(
    surface: Surface, tile: Tile, cx: float, cy: float, size: float, style: TileStyle,
    angle: float = 0.0, bleed: float = 0.0,
) -> None:  # fmt: skip
    """A whole tile centred on (cx, cy): face, frame, glyph and colour-blind marking.

    ``bleed`` extends the face beyond the tile (for cutting) without moving anything else.
    """
    with surface.transformed(cx, cy, angle):
        if style.face is not None:
            draw_face(surface, 0, 0, size, style.face, bleed)
        design = size * (1 - 2 * style.frame_inset)  # frame, glyph and marks, inside the margin
        if style.edge_width:
            width = design * style.edge_width
            surface.shape(_square(design / 2 - width / 2), pen=Pen(TILE_EDGE, width))
        draw_glyph(surface, tile, 0, 0, design * style.glyph_fraction, style)
        if style.marking != "none":
            draw_marking(surface, tile.colour, design, style)


def draw_marking(surface: Surface, colour: Colour, size: float, style: TileStyle) -> None:
    """The colour's letter or mark in each corner, turned to face each side of the table.

    Drawn around the current origin (the tile's centre); ``size`` is the frame's.
    """
    inset = size * 0.11
    mark = size * 0.085
    shape = size * 0.105  # a filled shape needs more room than a letter to read in grey
    x, y = -size / 2 + inset, size / 2 - inset
    for turn in (0, 90, 180, 270):
        with surface.transformed(angle=turn):
            if style.marking == "letters":
                surface.text(x, y - mark * 0.48, colour.letter, LETTER_FACE, mark * 1.35, TILE_EDGE)
            else:
                path = Path()
                for loop in colour_mark(colour):
                    path += polygon((x + px * shape, y + py * shape) for px, py in loop)
                surface.shape(path, fill=TILE_EDGE, even_odd=True)  # even-odd: the ring's hole


BACK_NAME_WIDTH = 0.6
"""The game's name on a back spans this fraction of the tile."""
BACK_GLYPH_BOX = 0.15
BACK_GLYPH_PITCH = 0.22
BACK_GLYPHS_PER_ROW = 3
"""The glyphs under it, in rows of three: box side and spacing,
fractions of the tile; more rows are drawn smaller so they stay clear of the edges."""


def draw_back(
    surface: Surface, tiles: TileSet, cx: float, cy: float, size: float,
    design: BackDesign = BACK_DESIGNS["light"], bleed: float = 0.0, background: bool = True,
) -> None:  # fmt: skip
    """The plain side of a paper tile, centred on (cx, cy): the game's title over its glyphs.

    Every back is the same (all tiles are always visible in the game, so the
    backs hide nothing). The marks keep about a fifth of the tile clear of each
    edge, so a two-sided print that lands a millimetre or two off still looks
    centred; ``bleed`` runs the background past the cut so it shows no white.
    ``background=False`` draws the marks alone, over a background laid already.
    """
    with surface.transformed(cx, cy):
        if background:
            draw_face(surface, 0, 0, size, design.background, bleed)
        font_size = size * BACK_NAME_WIDTH / text_width(tiles.title, QUICKSAND_BOLD, 1)
        surface.text(0, size * 0.13, tiles.title, QUICKSAND_BOLD, font_size, design.marks)
        per_row = min(BACK_GLYPHS_PER_ROW, len(tiles.glyphs))
        rows = math.ceil(len(tiles.glyphs) / per_row)
        shrink = min(1.0, 2 / rows)
        box, pitch = size * BACK_GLYPH_BOX * shrink, size * BACK_GLYPH_PITCH * shrink
        for glyph in tiles.glyphs:
            row, column = divmod(glyph.index, per_row)
            in_row = min(per_row, len(tiles.glyphs) - row * per_row)
            centre = ((column - (in_row - 1) / 2) * pitch, -size * 0.05 - row * pitch * 0.85)
            path = glyph_path(glyph_outline(glyph), *centre, box)
            surface.shape(path, fill=design.marks, even_odd=True)


def glyph_outline(glyph: Glyph) -> Outline:
    """One glyph's outline from its typeface (``look.outlines`` checked them all first)."""
    return glyph_outlines(((glyph.symbol, glyph.typeface),))[glyph.symbol]


# --- the tiles as printable faces (card-stock sheets' neighbours: images, decks on screen) ----------

FRAME_INSET_MM = 1.0
"""A printed tile's dark frame sits this far inside its cut line, with face colour beyond it:
a cut at the kitchen table lands within about half of that, and an even margin of
face colour hides the difference where a frame on the cut line would show it."""


def _slug(text: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


def tile_faces(tiles: TileSet, size: float = TILE_MM) -> tuple[PieceFace, ...]:
    """Every tile as a printable face, in the tile set's order, named ``tile-red-at-sign``."""

    def face(tile: Tile) -> PieceFace:
        def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
            side = min(w, h)
            look = TileStyle(frame_inset=FRAME_INSET_MM / size, marking=style.marking)
            draw_face(surface, x + w / 2, y + h / 2, side, tiles.face, style.bleed)
            draw_tile(surface, tile, x + w / 2, y + h / 2, side, look)

        words = f"{tile.colour.name} {tile.glyph.name}"
        return PieceFace(f"tile-{_slug(words)}", words, size, size, draw)

    return tuple(face(tile) for tile in tiles.tiles)


def tile_back(tiles: TileSet, size: float = TILE_MM, design: BackDesign = BACK_DESIGNS["light"]) -> PieceFace:
    """The plain side every tile shares, as a printable face."""

    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        draw_back(surface, tiles, x + w / 2, y + h / 2, min(w, h), design, style.bleed)

    return PieceFace("tile-back", f"the back of a {tiles.title} tile", size, size, draw)
