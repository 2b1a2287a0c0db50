"""The CAD model of a 3D-printed tile, as CadQuery parts made from named dimensions.

A square body with chamfered top edges and an elephant's-foot chamfer on the
bottom, and the glyph (with any colour-blind marks) extruded upwards from the
body's top. Shapes are 2D ``Shape2D``s from the tile definition (lines and
cubic Beziers), never a font read here.

CadQuery is imported only here and in ``mesh``, and only by the 3D command
once every option has been checked; its import is most of that command's time.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import cadquery as cq
from OCP.BOPAlgo import BOPAlgo_GlueEnum
from OCP.BRepAlgoAPI import BRepAlgoAPI_Fuse
from OCP.BRepBuilderAPI import BRepBuilderAPI_MakeWire
from OCP.IFSelect import IFSelect_ReturnStatus
from OCP.Interface import Interface_Static
from OCP.Message import Message, Message_Gravity
from OCP.TopTools import TopTools_ListOfShape

from ..errors import GrawlixError
from .shapes import Loop, Shape2D

for _printer in Message.DefaultMessenger_s().Printers():  # no transfer statistics on stdout
    _printer.SetTraceLevel(Message_Gravity.Message_Fail)


def tile_body(footprint: float, height: float, chamfer: float, elephant_foot: float) -> cq.Solid:
    """A square block from Z = 0 to ``height``: top edges chamfered, bottom edges too.

    Built as a ruled loft through the squares where the side changes slope, so
    every face is planar. The top chamfer feels like the bevel of a piece of
    type; the bottom one leaves room for the first layer's flare.
    """
    sections = [(footprint - 2 * elephant_foot, 0.0)] if elephant_foot > 0 else []
    sections += [(footprint, elephant_foot), (footprint, height - chamfer)]
    sections.append((footprint - 2 * chamfer, height))
    squares = [
        cq.Wire.makePolygon(
            [cq.Vector(x * side / 2, y * side / 2, z) for x, y in ((-1, -1), (1, -1), (1, 1), (-1, 1))],
            close=True,
        )
        for side, z in sections
    ]
    return cq.Solid.makeLoft(squares, ruled=True)


def relief(shapes: list[Shape2D], base: float, height: float) -> cq.Shape:
    """Every 2D shape (outer contour with holes, in millimetres) raised from ``base`` by ``height``."""
    solids = [
        cq.Solid.extrudeLinear(
            cq.Face.makeFromWires(_wire(shape.outer, base), [_wire(h, base) for h in shape.holes]),
            cq.Vector(0, 0, height),
        )
        for shape in shapes
    ]
    return solids[0] if len(solids) == 1 else cq.Compound.makeCompound(solids)


def fused(body: cq.Shape, *raised: cq.Shape) -> cq.Shape:
    """Body and raised parts as one solid, for single-colour slicing with a filament change.

    The raised parts stand on the body's top face, which is what OpenCASCADE's
    "glue" option is for: it skips the face-face intersection work and halves
    the time of the union. It runs on one thread (``Shape.fuse`` would run in
    parallel), so that its rounding, and so the files, are the same on every run.
    """
    union = BRepAlgoAPI_Fuse()
    union.SetGlue(BOPAlgo_GlueEnum.BOPAlgo_GlueShift)
    union.SetArguments(_shape_list((body,)))  # OpenCASCADE's own API, not CadQuery's private _bool_op
    union.SetTools(_shape_list(raised))
    union.SetRunParallel(False)
    union.Build()
    if not union.IsDone():
        raise GrawlixError("OpenCASCADE could not join the glyph to the tile's body")
    return cq.Shape.cast(union.Shape()).clean()


def _shape_list(shapes: tuple[cq.Shape, ...]) -> TopTools_ListOfShape:
    listed = TopTools_ListOfShape()
    for shape in shapes:
        listed.Append(shape.wrapped)
    return listed


def step_bytes(shape: cq.Shape, name: str) -> bytes:
    """The shape as an AP214 STEP file, with the writer's timestamp fixed so a rebuild is byte-identical."""
    Interface_Static.SetCVal_s("write.step.schema", "AP214IS")
    Interface_Static.SetCVal_s("write.step.product.name", name)
    with tempfile.TemporaryDirectory(prefix="grawlix-step-") as folder:
        path = Path(folder) / "tile.step"
        if shape.exportStep(str(path)) != IFSelect_ReturnStatus.IFSelect_RetDone:
            raise GrawlixError(f"OpenCASCADE could not write the STEP file of {name}")
        text = path.read_text(encoding="utf-8", errors="replace")
    text = re.sub(r"(FILE_NAME\('[^']*',)'[^']*'", r"\1'2000-01-01T00:00:00'", text, count=1)
    return text.encode()


def _wire(loop: Loop, z: float) -> cq.Wire:
    """A closed loop of lines (2 points) and cubic Beziers (4 points) at height ``z``.

    Edges are joined one by one in their order: ``Wire.assembleEdges`` hands
    OpenCASCADE the whole list to sort, and the order it finds changes from
    run to run, and with it the last digit of the STEP files.
    """
    wire = BRepBuilderAPI_MakeWire()
    for points in loop:
        corners = [cq.Vector(x, y, z) for x, y in points]
        edge = cq.Edge.makeLine(*corners) if len(corners) == 2 else cq.Edge.makeBezier(corners)
        wire.Add(edge.wrapped)
    return cq.Wire(wire.Wire())
