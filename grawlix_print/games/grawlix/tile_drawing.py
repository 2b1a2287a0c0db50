"""Drawing one tile (or one glyph, or a tile's back) on any ``Surface``.

Shapes, colours and the tile's look come from the tile set's data (through
``look``); this module only arranges them. The same calls make
the PDF sheets and leaflet and the SVG diagrams. Vector paths, never bitmaps.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from ...drawing.fonts import LETTER_FACE, QUICKSAND_BOLD, text_width
from ...drawing.ink import Ink
from ...drawing.outline import Outline, glyph_outlines
from ...drawing.surface import Path, Pen, Surface, glyph_path, polygon, rectangle
from ...units import MM_PER_UNIT
from ...pieces.faces import FRAME_INSET_MM, FaceStyle, PieceFace
from ...pieces.kinds import PieceKind
from .tiles import Colour, Glyph, Tile, TileSet
from .tile_look import (
    BACK_DESIGNS,
    CONTOUR_FRACTION,
    GLYPH_CONTOUR,
    MARK_CENTRE,
    MARK_FRACTION,
    MIN_OUTLINE_PT,
    PRINTED_GLYPH_FRACTION,
    TILE_EDGE,
    TILE_MM,
    BackDesign,
    colour_mark,
    ink,
)


@dataclass(frozen=True)
class TileStyle:
    """How a tile is drawn; widths are fractions of the tile side.

    The default is the designer's sticker: the face colour edge to edge (and
    into the bleed), a large outlined glyph, no line near the cut, so a missed
    cut leaves no lopsided border to show it. ``frame`` draws a dark square
    that wide, ``frame_inset`` inside the cut, with the glyph and marks within
    it; diagrams put it on the edge, where neighbouring frames meet. ``face``
    is the tile set's face colour, or None where the faces are laid
    beforehand (the sheets).
    """

    face: Ink | None = None
    frame: float = 0.0
    frame_inset: float = 0.0
    contour_width: float = CONTOUR_FRACTION
    glyph_fraction: float = PRINTED_GLYPH_FRACTION
    marking: str = "none"

    def at_size(self, size: float, unit_pt: float) -> TileStyle:
        """The style for a tile ``size`` units wide on a surface of ``unit_pt`` points a unit:
        the outline widened where it would fall under ``MIN_OUTLINE_PT``."""
        floor = MIN_OUTLINE_PT / unit_pt / size
        return replace(self, contour_width=max(self.contour_width, floor))


def draw_glyph(
    surface: Surface, tile: Tile, cx: float, cy: float, box: float, contour: float
) -> None:
    """The coloured glyph, its larger side ``box`` long, with a dark outline ``contour`` wide.

    The outline is stroked over the fill, so half of it lies outside the glyph.
    """
    outline = glyph_outline(tile.glyph)
    path = glyph_path(outline, cx, cy, box)
    surface.shape(path, fill=ink(tile.colour), pen=Pen(GLYPH_CONTOUR, contour, round=True), even_odd=True)


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
        inner = size * (1 - 2 * style.frame_inset)  # within the frame, if any
        if style.frame:
            width = size * style.frame
            surface.shape(_square(inner / 2 - width / 2), pen=Pen(TILE_EDGE, width))
            inner -= 2 * width
        draw_glyph(surface, tile, 0, 0, inner * style.glyph_fraction, size * style.contour_width)
        if style.marking != "none":
            draw_marking(surface, tile.colour, inner if style.frame else size, style.marking)


def draw_marking(surface: Surface, colour: Colour, size: float, marking: str) -> None:
    """The colour's letter or mark in each corner, turned to face each side of the table.

    Drawn around the current origin (the tile's centre), within a square ``size`` wide.
    """
    mark = size * MARK_FRACTION
    x = y = size / 2 - size * MARK_CENTRE  # the mark's centre, near the top-left corner
    x = -x
    for turn in (0, 90, 180, 270):
        with surface.transformed(angle=turn):
            if marking == "letters":
                surface.text(x, y - mark * LETTER_MIDDLE, colour.letter, LETTER_FACE, mark, TILE_EDGE)
            else:
                path = Path()
                for loop in colour_mark(colour):
                    path += polygon((x + px * mark, y + py * mark) for px, py in loop)
                surface.shape(path, fill=TILE_EDGE, even_odd=True)  # even-odd: the ring's hole


LETTER_MIDDLE = 0.35
"""Half a capital's height, as a fraction of the type size: a letter's baseline this far
below a point centres the letter on it."""


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


def _slug(text: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in text.lower()).split())


def tile_kind(tiles: TileSet) -> PieceKind:
    """The tile set as a kind of piece: one tile of each glyph in each colour, square, an inch
    across, in supply order (a row per colour), with the light and dark backs, each tile's colour
    (its letter and mark) and its glyph raised in its colour for a 3D print."""
    from ...pieces.kinds import Accent, Form, PieceColour, PieceKind, Piece, Relief, Shape
    from .tile_look import available_markings, outlines

    colours = {
        colour.index: PieceColour(colour.name, colour.ink, colour.letter, colour.shape,
                                  f"{tiles.source}: colours[{colour.index + 1}]")
        for colour in tiles.colours
    }  # fmt: skip

    def outline(glyph: Glyph) -> Callable[[], Outline]:
        return lambda: outlines(tiles)[glyph.symbol]

    pieces = tuple(
        Piece(face, 1, None, colours[tile.colour.index],
              Relief(tile.glyph.name, Accent(tile.colour.name, tile.colour.ink), outline(tile.glyph), tile.glyph.symbol))
        for tile, face in zip(tiles.tiles, tile_faces(tiles))
    )  # fmt: skip
    backs = {name: tile_back(tiles, design=design) for name, design in BACK_DESIGNS.items()}
    return PieceKind(
        "tiles", "tile", Form.TILE, Shape.SQUARE, (TILE_MM, TILE_MM), pieces, backs,
        available_markings(tiles), row=len(tiles.glyphs), body=Accent(BODY_NAME, tiles.face), source=tiles.source,
        mark_fraction=MARK_FRACTION,
        relief_words=("glyph", "glyphs"), body_width=SOLID_TILE_MM,
    )  # fmt: skip


SOLID_TILE_MM = 28.0
"""The designer's 3D-printed tile (his own model): 28 mm square, a little more than the paper inch."""
BODY_NAME = "base (light grey)"
"""What the printing notes call the tiles' body filament."""


SHEET_FRAME = 0.02
"""With ``FaceStyle.frame``, the frame's line as a fraction of the tile side (half a millimetre at one inch)."""


def face_style(style: FaceStyle, side: float, unit_pt: float) -> TileStyle:
    """How a printed tile ``side`` units wide looks (``unit_pt`` points a unit): the face to the cut with
    no line near it, or with ``style.frame`` a frame ``FRAME_INSET_MM`` inside the cut; an outline of
    0.75 pt or more."""
    look = TileStyle(marking=style.marking)
    if style.frame:
        inset = FRAME_INSET_MM / MM_PER_UNIT["pt"] / unit_pt  # in the surface's units
        look = replace(look, frame=SHEET_FRAME, frame_inset=inset / side)
    return look.at_size(side, unit_pt)


def tile_faces(tiles: TileSet, size: float = TILE_MM) -> tuple[PieceFace, ...]:
    """Every tile as a printable face, in the tile set's order, named ``tile-red-at-sign``."""

    def face(tile: Tile) -> PieceFace:
        def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
            side = min(w, h)
            look = face_style(style, side, surface.unit_pt)
            if style.ground:
                draw_face(surface, x + w / 2, y + h / 2, side, tiles.face, style.bleed)
            draw_tile(surface, tile, x + w / 2, y + h / 2, side, look)

        words = f"{tile.colour.name} {tile.glyph.name}"
        return PieceFace(f"tile-{_slug(words)}", words, size, size, draw, tiles.face)

    return tuple(face(tile) for tile in tiles.tiles)


DIAGRAM_FRAME = 0.03
"""The dark border of a diagram's tile, as a fraction of its side: on its edge, shared with its
neighbours (``GridPicture(border=DIAGRAM_FRAME)`` centres it on the cell edge)."""


def diagram_faces(tiles: TileSet) -> dict[Tile, PieceFace]:
    """Every tile as the rules' diagrams show it, by tile: the designer's look, its face colour to
    the edge and a dark border on it, an outline of 0.75 pt or more at the size it is shown."""

    def face(tile: Tile) -> PieceFace:
        def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
            side = min(w, h)
            look = TileStyle(face=tiles.face, frame=DIAGRAM_FRAME).at_size(side, surface.unit_pt)
            draw_tile(surface, tile, x + w / 2, y + h / 2, side, look)

        words = f"{tile.colour.name} {tile.glyph.name}"
        return PieceFace(f"tile-{_slug(words)}", words, TILE_MM, TILE_MM, draw)

    return {tile: face(tile) for tile in tiles.tiles}


def tile_back(tiles: TileSet, size: float = TILE_MM, design: BackDesign = BACK_DESIGNS["light"]) -> PieceFace:
    """The plain side every tile shares, as a printable face."""

    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        draw_back(surface, tiles, x + w / 2, y + h / 2, min(w, h), design, style.bleed, style.ground)

    return PieceFace("tile-back", f"the back of a {tiles.title} tile", size, size, draw, design.background)
