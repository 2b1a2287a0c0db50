"""The CAD model of a 3D-printed tile, built directly with OpenCASCADE (OCP).

A square body with chamfered top edges and an elephant's-foot chamfer on the
bottom, and the glyph (with any colour-blind marks) extruded upwards from the
body's top. Shapes are 2D ``Contour``s from the tile definition (lines and
cubic Beziers), never a font read here.

Only the OCP classes used below are imported: ``import cadquery`` would load
VTK and more, which doubled the time of the whole 3D command.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from OCP.BOPAlgo import BOPAlgo_GlueEnum
from OCP.BRep import BRep_Builder
from OCP.BRepAlgoAPI import BRepAlgoAPI_Fuse
from OCP.BRepBuilderAPI import (
    BRepBuilderAPI_MakeEdge,
    BRepBuilderAPI_MakeFace,
    BRepBuilderAPI_MakePolygon,
    BRepBuilderAPI_MakeWire,
)
from OCP.BRepOffsetAPI import BRepOffsetAPI_ThruSections
from OCP.BRepPrimAPI import BRepPrimAPI_MakePrism
from OCP.Geom import Geom_BezierCurve
from OCP.gp import gp_Pnt, gp_Vec
from OCP.IFSelect import IFSelect_ReturnStatus
from OCP.Interface import Interface_Static
from OCP.Message import Message, Message_Gravity
from OCP.ShapeFix import ShapeFix_Face
from OCP.ShapeUpgrade import ShapeUpgrade_UnifySameDomain
from OCP.STEPControl import STEPControl_StepModelType, STEPControl_Writer
from OCP.TColgp import TColgp_Array1OfPnt
from OCP.TopoDS import TopoDS_Compound, TopoDS_Shape
from OCP.TopTools import TopTools_ListOfShape

from ..errors import GrawlixError
from .shapes import Shape2D

for _printer in Message.DefaultMessenger_s().Printers():  # no transfer statistics on stdout
    _printer.SetTraceLevel(Message_Gravity.Message_Fail)


def tile_body(
    footprint: float, height: float, chamfer: float, elephant_foot: float
) -> TopoDS_Shape:
    """A square block from Z = 0 to ``height``: top edges chamfered, bottom edges too.

    Built as a ruled loft through the squares where the side changes slope, so
    every face is planar. The top chamfer feels like the bevel of a piece of
    type; the bottom one leaves room for the first layer's flare.
    """
    sections = []
    if elephant_foot > 0:
        sections.append((footprint - 2 * elephant_foot, 0.0))
    sections += [(footprint, elephant_foot), (footprint, height - chamfer)]
    sections.append((footprint - 2 * chamfer, height))
    loft = BRepOffsetAPI_ThruSections(True, True)
    loft.CheckCompatibility(False)
    for side, z in sections:
        half = side / 2
        square = BRepBuilderAPI_MakePolygon()
        for x, y in ((-half, -half), (half, -half), (half, half), (-half, half)):
            square.Add(gp_Pnt(x, y, z))
        square.Close()
        loft.AddWire(square.Wire())
    loft.Build()
    return loft.Shape()


def relief(shapes: list[Shape2D], base: float, height: float) -> TopoDS_Shape:
    """Every 2D shape (outer contour with holes, in millimetres) raised from ``base`` by ``height``."""
    solids = [
        BRepPrimAPI_MakePrism(_face(shape, base), gp_Vec(0, 0, height)).Shape() for shape in shapes
    ]
    if len(solids) == 1:
        return solids[0]
    compound = TopoDS_Compound()
    builder = BRep_Builder()
    builder.MakeCompound(compound)
    for solid in solids:
        builder.Add(compound, solid)
    return compound


def fused(body: TopoDS_Shape, *raised: TopoDS_Shape) -> TopoDS_Shape:
    """Body and raised parts as one solid, for single-colour slicing with a filament change.

    The raised parts stand on the body's top face, which is what OpenCASCADE's
    "glue" option is for: it skips the face-face intersection work and halves
    the time of the union.
    """
    fuse = BRepAlgoAPI_Fuse()
    arguments, tools = TopTools_ListOfShape(), TopTools_ListOfShape()
    arguments.Append(body)
    for shape in raised:
        tools.Append(shape)
    fuse.SetArguments(arguments)
    fuse.SetTools(tools)
    fuse.SetGlue(BOPAlgo_GlueEnum.BOPAlgo_GlueShift)
    fuse.Build()
    if not fuse.IsDone():
        raise GrawlixError("OpenCASCADE could not join the glyph to the tile's body")
    unify = ShapeUpgrade_UnifySameDomain(fuse.Shape(), True, True, True)
    unify.Build()
    return unify.Shape()


def step_bytes(shape: TopoDS_Shape, name: str) -> bytes:
    """The shape as an AP214 STEP file, with the writer's timestamp fixed so a rebuild is byte-identical."""
    Interface_Static.SetCVal_s("write.step.schema", "AP214IS")
    Interface_Static.SetCVal_s("write.step.product.name", name)
    writer = STEPControl_Writer()
    writer.Transfer(shape, STEPControl_StepModelType.STEPControl_AsIs)
    with tempfile.TemporaryDirectory(prefix="grawlix-step-") as folder:
        path = Path(folder) / "tile.step"
        if writer.Write(str(path)) != IFSelect_ReturnStatus.IFSelect_RetDone:
            raise GrawlixError(f"OpenCASCADE could not write the STEP file of {name}")
        text = path.read_text(encoding="utf-8", errors="replace")
    text = re.sub(r"(FILE_NAME\('[^']*',)'[^']*'", r"\1'2000-01-01T00:00:00'", text, count=1)
    return text.encode()


def _face(shape: Shape2D, z: float):
    builder = BRepBuilderAPI_MakeFace(_wire(shape.outer, z), True)
    for hole in shape.holes:
        builder.Add(_wire(hole, z))
    fix = ShapeFix_Face(builder.Face())
    fix.FixOrientation()
    fix.Perform()
    return fix.Face()


def _wire(contour, z: float):
    wire = BRepBuilderAPI_MakeWire()
    for points in contour:
        corners = [gp_Pnt(x, y, z) for x, y in points]
        if len(corners) == 2:
            wire.Add(BRepBuilderAPI_MakeEdge(*corners).Edge())
        else:
            poles = TColgp_Array1OfPnt(1, len(corners))
            for index, corner in enumerate(corners, start=1):
                poles.SetValue(index, corner)
            wire.Add(BRepBuilderAPI_MakeEdge(Geom_BezierCurve(poles)).Edge())
    return wire.Wire()
