"""Drawing one tile (or one glyph) on a reportlab canvas.

Shapes, colours and the tile's look come from the tile definition (``grawlix_print.tile``); this
module only turns them into PDF paths. Vector paths, never bitmaps.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..tile.identity import TILES, Colour, Tile
from ..tile.look import (
    GLYPH_CONTOUR,
    TILE_BACK,
    TILE_BACK_MARKS,
    TILE_BACK_TEXT,
    TILE_EDGE,
    TILE_FACE,
    Ink,
    ink,
    mark_polygons,
)
from ..tile.outline import Outline, glyph_outlines
from ..tile.sizes import GLYPH_FRACTION
from .pdf.canvas import SANS_BOLD

MARKINGS = ("none", "letters", "shapes")


@dataclass(frozen=True)
class TileStyle:
    """How a tile is drawn; widths are fractions of the tile side."""

    cmyk: bool = False
    face: bool = True
    edge_width: float = 0.035
    contour_width: float = 0.016
    glyph_fraction: float = GLYPH_FRACTION
    marking: str = "none"


SCREEN = TileStyle()
PRINT = TileStyle(cmyk=True)


def _fill(canvas: Canvas, style: TileStyle, colour: Ink) -> None:
    if style.cmyk:
        canvas.setFillColorCMYK(*colour.cmyk)
    else:
        canvas.setFillColorRGB(*colour.rgb)


def _stroke(canvas: Canvas, style: TileStyle, colour: Ink) -> None:
    if style.cmyk:
        canvas.setStrokeColorCMYK(*colour.cmyk)
    else:
        canvas.setStrokeColorRGB(*colour.rgb)


def outline_path(canvas: Canvas, outline: Outline, cx: float, cy: float, box: float):
    """The glyph outline as a PDF path, centred on (cx, cy), its larger side ``box`` long."""
    path = canvas.beginPath()
    for contour in outline.contours:
        first = contour.segments[0].points[0]
        path.moveTo(cx + first[0] * box, cy + first[1] * box)
        for segment in contour.segments:
            points = [(cx + x * box, cy + y * box) for x, y in segment.points[1:]]
            if segment.is_line:
                path.lineTo(*points[0])
            else:
                path.curveTo(*points[0], *points[1], *points[2])
        path.close()
    return path


def draw_glyph(
    canvas: Canvas, tile: Tile, cx: float, cy: float, box: float, style: TileStyle = SCREEN,
    font: str | None = None,
) -> None:  # fmt: skip
    """The coloured glyph with a thin dark contour."""
    outline = glyph_outlines(font)[tile.glyph.symbol]
    _fill(canvas, style, ink(tile.colour))
    _stroke(canvas, style, GLYPH_CONTOUR)
    canvas.setLineWidth(box / style.glyph_fraction * style.contour_width)
    canvas.setLineJoin(1)
    canvas.drawPath(outline_path(canvas, outline, cx, cy, box), stroke=1, fill=1, fillMode=0)


def draw_tile(
    canvas: Canvas, tile: Tile, cx: float, cy: float, size: float, style: TileStyle = SCREEN,
    angle: float = 0.0, bleed: float = 0.0,
) -> None:  # fmt: skip
    """A whole tile centred on (cx, cy): face, edge, glyph and colour-blind marking.

    ``bleed`` extends the face beyond the tile (for cutting) without moving anything else.
    """
    canvas.saveState()
    canvas.translate(cx, cy)
    if angle:
        canvas.rotate(angle)
    half = size / 2
    if style.face:
        _fill(canvas, style, TILE_FACE)
        canvas.rect(-half - bleed, -half - bleed, size + 2 * bleed, size + 2 * bleed, stroke=0, fill=1)
    if style.edge_width:
        _stroke(canvas, style, TILE_EDGE)
        width = size * style.edge_width
        canvas.setLineWidth(width)
        canvas.rect(-half + width / 2, -half + width / 2, size - width, size - width, stroke=1, fill=0)
    draw_glyph(canvas, tile, 0, 0, size * style.glyph_fraction, style)
    if style.marking != "none":
        draw_marking(canvas, tile.colour, size, style)
    canvas.restoreState()


def draw_marking(canvas: Canvas, colour: Colour, size: float, style: TileStyle) -> None:
    """The colour's letter or mark in each corner, turned to face each side of the table.

    Drawn around the current origin (the tile's centre).
    """
    inset = size * 0.11
    mark = size * 0.085
    shape = size * 0.105  # a filled shape needs more room than a letter to read in grey
    _fill(canvas, style, TILE_EDGE)
    for turn in (0, 90, 180, 270):
        canvas.saveState()
        canvas.rotate(turn)
        x, y = -size / 2 + inset, size / 2 - inset
        if style.marking == "letters":
            canvas.setFont(SANS_BOLD, mark * 1.35)
            canvas.drawCentredString(x, y - mark * 0.48, colour.letter)
        else:
            path = canvas.beginPath()
            for polygon in mark_polygons(colour):
                path.moveTo(x + polygon[0][0] * shape, y + polygon[0][1] * shape)
                for px, py in polygon[1:]:
                    path.lineTo(x + px * shape, y + py * shape)
                path.close()
            canvas.drawPath(path, stroke=0, fill=1, fillMode=0)  # even-odd: the ring's hole
        canvas.restoreState()


def draw_back(
    canvas: Canvas, cx: float, cy: float, size: float, style: TileStyle = SCREEN,
    bleed: float = 0.0,
) -> None:  # fmt: skip
    """The plain side of a paper tile, centred on (cx, cy): the game's name over the six glyphs.

    Every back is the same (all tiles are always visible in Grawlix, so the
    backs hide nothing); ``bleed`` runs the background past the cut so a
    slightly shifted two-sided print shows no white edge.
    """
    canvas.saveState()
    canvas.translate(cx, cy)
    half = size / 2
    _fill(canvas, style, TILE_BACK)
    canvas.rect(-half - bleed, -half - bleed, size + 2 * bleed, size + 2 * bleed, stroke=0, fill=1)
    width = size * style.glyph_fraction
    font_size = width / stringWidth(TILE_BACK_TEXT, SANS_BOLD, 1)
    _fill(canvas, style, TILE_BACK_MARKS)
    canvas.setFont(SANS_BOLD, font_size)
    canvas.drawCentredString(0, size * 0.02, TILE_BACK_TEXT)
    # One glyph in each colour, left to right in supply order: @ in red ... * in violet.
    step = width / 6
    diagonal = [t for t in TILES if t.glyph.index == t.colour.index]
    for k, tile in enumerate(diagonal):
        draw_glyph(canvas, tile, -width / 2 + step * (k + 0.5), -size * 0.14, step * 0.8, style)
    canvas.restoreState()
