"""Colour-blind marks on printed tiles: the paper tiles' letters or shapes, raised in the corners.

The mapping from colour to mark is the piece's colour's (``PieceColour``: its
``shape``, and its letter in the face paper pieces print letters in, read
with the drawing layer's outline reader). The marks stand in the relief's
layers, so the same filament change colours them.

A mark sits in the square each corner leaves free: outside the farthest any
relief reaches towards the corners (plus a gap, so they do not merge) and
inside the flat top (within the top chamfer). It is as large as that square
allows; one whose thinnest line would come out under one extrusion width is
refused.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...drawing.marks import mark_polygons
from ...options import OptionError
from ...pieces.kinds import PieceColour
from .dimensions import SolidTile
from .layers import LayerPlan
from .shapes import Placement, Shape2D, outline_shapes, polygon_shapes

if TYPE_CHECKING:  # outlines need fontTools: read only once a plan is made
    from ...drawing.outline import Outline

MARK_GAP_MM = 0.6
"""Between a mark and the nearest glyph: wide enough to print as a gap, not a seam."""
MARK_MARGIN_MM = 0.3
"""Between a mark and the edge of the flat top."""
MIN_MARK_STROKE_MM = 0.45
"""One extrusion line of a 0.4 mm nozzle: a thinner line of a mark would not print."""
MARK_RELIEF_MM = 1.0
"""How far marks stand up: enough to see and feel, low enough not to snag (whole layers)."""
_TURNS = (0, 90, 180, 270)


def relief_reach(outlines: Iterable[Outline]) -> float:
    """How far any relief reaches into a corner, as a fraction of the relief box.

    The largest ``min(|x|, |y|)`` over the reliefs' outlines: beyond it in both
    directions a corner is free of every relief.
    """
    from .strokes import STROKE_TOLERANCE

    return max(
        min(abs(x), abs(y))
        for outline in outlines
        for polygon in outline.polygons(STROKE_TOLERANCE)
        for x, y in polygon
    )


def mark_relief(layers: LayerPlan) -> float:
    """The marks' height: about ``MARK_RELIEF_MM`` in whole layers, at most the relief's."""
    whole = max(1, round(MARK_RELIEF_MM / layers.layer))
    return round(min(whole, layers.relief_layers) * layers.layer, 6)


def mark_shapes(tile: SolidTile, marking: str, colour: PieceColour | None, reach: float) -> list[Shape2D]:
    """The colour's mark in each corner of the tile's top, turned to face each side; ``reach``
    is how far the reliefs reach into the corners (``relief_reach``). A piece without a colour
    has no marks."""
    from .strokes import thinnest_stroke

    if marking == "none" or colour is None:
        return []
    polygons, extent, place_unit = _unit_mark(marking, colour)
    inner = reach * tile.relief_box + MARK_GAP_MM
    outer = tile.footprint / 2 - tile.chamfer - MARK_MARGIN_MM
    scale = (outer - inner) / extent
    thinnest = thinnest_stroke(polygons) * scale
    if scale <= 0 or thinnest < MIN_MARK_STROKE_MM:
        raise OptionError(
            f"{{markings}} {marking}: a {tile.size:g} mm body leaves too little room in its corners "
            f"(the thinnest line of a mark would be {max(thinnest, 0):.2f} mm, under "
            f"{MIN_MARK_STROKE_MM:g} mm); use a larger {{body_size}}", "markings", "body_size",
        )  # fmt: skip
    middle = (inner + outer) / 2
    shapes = []
    for turn in _TURNS:
        corner = Placement(1.0, turn=turn)((-middle, middle))
        shapes += place_unit(Placement(scale, corner[0], corner[1], turn))
    return shapes


def _unit_mark(marking: str, colour: PieceColour):
    """The mark in a unit box: its polygons, its larger extent, and how to place it."""
    from .strokes import STROKE_TOLERANCE

    if marking == "letters":
        # The face paper pieces print the letters in.
        from ...drawing.fonts import LETTER_FACE
        from ...drawing.outline import character_outlines

        outline = character_outlines(LETTER_FACE.file, colour.letter)[colour.letter]
        return (
            outline.polygons(STROKE_TOLERANCE),
            max(outline.width, outline.height),
            lambda place: outline_shapes(outline, place),
        )
    polygons = mark_polygons(colour.shape)
    xs = [abs(x) for polygon in polygons for x, _ in polygon]
    ys = [abs(y) for polygon in polygons for _, y in polygon]
    return polygons, 2 * max(xs + ys), lambda place: polygon_shapes(polygons, place)
