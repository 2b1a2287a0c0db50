"""Drawing one tile (or one glyph, or a tile's back) on any ``Surface``.

Shapes, colours and the tile's look come from the tile definition
(``grawlix_print.tile``); this module only arranges them. The same calls make
the PDF sheets and leaflet and the SVG diagrams. Vector paths, never bitmaps.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tile.identity import TILES, Colour, Tile
from ..tile.look import (
    GLYPH_CONTOUR,
    TILE_BACK,
    TILE_BACK_MARKS,
    TILE_BACK_TEXT,
    TILE_EDGE,
    TILE_FACE,
    ink,
    mark_polygons,
)
from ..tile.outline import glyph_outlines
from ..tile.sizes import GLYPH_FRACTION
from .fonts import QUICKSAND_BOLD, text_width
from .surface import Path, Pen, Surface, glyph_path, polygon, rectangle

MARKINGS = ("none", "letters", "shapes")


@dataclass(frozen=True)
class TileStyle:
    """How a tile is drawn; widths are fractions of the tile side."""

    face: bool = True
    edge_width: float = 0.035
    contour_width: float = 0.016
    glyph_fraction: float = GLYPH_FRACTION
    marking: str = "none"


PLAIN = TileStyle()


def draw_glyph(
    surface: Surface, tile: Tile, cx: float, cy: float, box: float, style: TileStyle = PLAIN
) -> None:
    """The coloured glyph with a thin dark contour."""
    outline = glyph_outlines()[tile.glyph.symbol]
    contour = Pen(GLYPH_CONTOUR, box / style.glyph_fraction * style.contour_width, round=True)
    path = glyph_path(outline, cx, cy, box)
    surface.shape(path, fill=ink(tile.colour), pen=contour, even_odd=True)


def _square(half: float) -> Path:
    return rectangle(-half, -half, 2 * half, 2 * half)


def draw_tile(
    surface: Surface, tile: Tile, cx: float, cy: float, size: float, style: TileStyle = PLAIN,
    angle: float = 0.0, bleed: float = 0.0,
) -> None:  # fmt: skip
    """A whole tile centred on (cx, cy): face, edge, glyph and colour-blind marking.

    ``bleed`` extends the face beyond the tile (for cutting) without moving anything else.
    """
    with surface.transformed(cx, cy, angle):
        half = size / 2
        if style.face:
            surface.shape(_square(half + bleed), fill=TILE_FACE)
        if style.edge_width:
            width = size * style.edge_width
            surface.shape(_square(half - width / 2), pen=Pen(TILE_EDGE, width))
        draw_glyph(surface, tile, 0, 0, size * style.glyph_fraction, style)
        if style.marking != "none":
            draw_marking(surface, tile.colour, size, style)


def draw_marking(surface: Surface, colour: Colour, size: float, style: TileStyle) -> None:
    """The colour's letter or mark in each corner, turned to face each side of the table.

    Drawn around the current origin (the tile's centre).
    """
    inset = size * 0.11
    mark = size * 0.085
    shape = size * 0.105  # a filled shape needs more room than a letter to read in grey
    x, y = -size / 2 + inset, size / 2 - inset
    for turn in (0, 90, 180, 270):
        with surface.transformed(angle=turn):
            if style.marking == "letters":
                surface.text(x, y - mark * 0.48, colour.letter, QUICKSAND_BOLD, mark * 1.35, TILE_EDGE)
            else:
                path = Path()
                for loop in mark_polygons(colour):
                    path += polygon((x + px * shape, y + py * shape) for px, py in loop)
                surface.shape(path, fill=TILE_EDGE, even_odd=True)  # even-odd: the ring's hole


def draw_back(
    surface: Surface, cx: float, cy: float, size: float, style: TileStyle = PLAIN,
    bleed: float = 0.0,
) -> None:  # fmt: skip
    """The plain side of a paper tile, centred on (cx, cy): the game's name over the six glyphs.

    Every back is the same (all tiles are always visible in Grawlix, so the
    backs hide nothing); ``bleed`` runs the background past the cut so a
    slightly shifted two-sided print shows no white edge.
    """
    with surface.transformed(cx, cy):
        surface.shape(_square(size / 2 + bleed), fill=TILE_BACK)
        width = size * style.glyph_fraction
        font_size = width / text_width(TILE_BACK_TEXT, QUICKSAND_BOLD, 1)
        surface.text(0, size * 0.02, TILE_BACK_TEXT, QUICKSAND_BOLD, font_size, TILE_BACK_MARKS)
        # One glyph in each colour, left to right in supply order: @ in red ... * in violet.
        step = width / 6
        diagonal = [t for t in TILES if t.glyph.index == t.colour.index]
        for k, tile in enumerate(diagonal):
            draw_glyph(surface, tile, -width / 2 + step * (k + 0.5), -size * 0.14, step * 0.8, style)
