"""The CAD model of a 3D-printed tile, built with CadQuery.

Each part is a function of named dimensions, in the manner of CadQuery's own
examples: a square body with chamfered top edges standing on Z = 0, and the
glyph extruded upwards from the body's top. The glyph outline comes from
``tile.outline.glyph_outlines`` (lines and cubic Beziers), never from a font here.
"""

from __future__ import annotations

import cadquery as cq

from ..tile.outline import Contour, Outline, Segment


def tile_body(size: float, height: float, chamfer: float) -> cq.Shape:
    """A size x size block from Z = 0 to ``height``, its top edges chamfered, bottom flat.

    The flat bottom sits on the bed; the chamfer keeps the top edges from
    flaring and feels like the bevel of a piece of type.
    """
    return (
        cq.Workplane("XY")
        .box(size, size, height, centered=(True, True, False))
        .edges(">Z")
        .chamfer(chamfer)
        .val()
    )


def glyph_relief(outline: Outline, box: float, base: float, relief: float) -> cq.Shape:
    """The glyph, its larger side ``box`` long, centred, from Z = ``base`` up by ``relief``."""
    solids = [
        cq.Solid.extrudeLinear(
            cq.Face.makeFromWires(_wire(region.outer, box), [_wire(h, box) for h in region.holes]),
            cq.Vector(0, 0, relief),
        ).translate(cq.Vector(0, 0, base))
        for region in outline.regions()
    ]
    return solids[0] if len(solids) == 1 else cq.Compound.makeCompound(solids)


def raised_tile(body: cq.Shape, glyph: cq.Shape) -> cq.Shape:
    """Body and glyph fused into one solid, for single-colour slicing with a filament swap."""
    return body.fuse(glyph).clean()


def _wire(contour: Contour, scale: float) -> cq.Wire:
    return cq.Wire.assembleEdges([_edge(segment, scale) for segment in contour.segments])


def _edge(segment: Segment, scale: float) -> cq.Edge:
    points = [cq.Vector(x * scale, y * scale, 0) for x, y in segment.points]
    return cq.Edge.makeLine(*points) if segment.is_line else cq.Edge.makeBezier(points)
