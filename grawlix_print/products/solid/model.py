"""The CAD model of a 3D-printed tile, as OpenCASCADE shapes made from named dimensions.

The body is the kind's outline raised, with a chamfered top edge and an
elephant's-foot chamfer at the bottom, and the glyph (with any colour-blind
marks) is extruded upwards from the body's top. Shapes are 2D ``Shape2D``s from the tile definition (lines and
cubic Beziers), never a font read here.

The shapes are built with OCP, the OpenCASCADE binding CadQuery brings, called
directly: ``import cadquery`` would also load VTK (its viewer) and ezdxf (its DXF
exporter), which no STL, STEP or 3MF needs, and doubled the import's time. The
calls are CadQuery's own (``Wire.makePolygon``, ``Solid.makeLoft``,
``Face.makeFromWires``, ``Solid.extrudeLinear``, ``Shape.clean``), so the
shapes, and the files, are what CadQuery made. OCP is imported only here and in
``mesh``, and only by the 3D command once every option has been checked.
"""

from __future__ import annotations

import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from OCP.BOPAlgo import BOPAlgo_GlueEnum
from OCP.BRepAlgoAPI import BRepAlgoAPI_Fuse
from OCP.BRepBuilderAPI import (
    BRepBuilderAPI_MakeEdge,
    BRepBuilderAPI_MakeFace,
    BRepBuilderAPI_MakePolygon,
    BRepBuilderAPI_MakeWire,
    BRepBuilderAPI_Transform,
)
from OCP.BRepOffsetAPI import BRepOffsetAPI_ThruSections
from OCP.BRepPrimAPI import BRepPrimAPI_MakePrism
from OCP.Geom import Geom_BezierCurve
from OCP.gp import gp_Pnt, gp_Trsf, gp_Vec
from OCP.IFSelect import IFSelect_ReturnStatus
from OCP.Interface import Interface_Static
from OCP.Message import Message, Message_Gravity
from OCP.ShapeFix import ShapeFix_Face, ShapeFix_Shape
from OCP.ShapeUpgrade import ShapeUpgrade_UnifySameDomain
from OCP.TColgp import TColgp_Array1OfPnt
from OCP.TopoDS import TopoDS, TopoDS_Builder, TopoDS_Compound, TopoDS_Shape, TopoDS_Wire
from OCP.TopTools import TopTools_ListOfShape

from ...errors import StudioError
from .footprint import Polygon, inset
from .shapes import Loop, Shape2D

for _printer in Message.DefaultMessenger_s().Printers():  # no transfer statistics on stdout
    _printer.SetTraceLevel(Message_Gravity.Message_Fail)


def body(outline: Polygon, height: float, chamfer: float, elephant_foot: float) -> TopoDS_Shape:
    """The outline (anticlockwise, corner for corner as ``footprint.inset`` moves it) raised from
    Z = 0 to ``height``: its top edge chamfered, its bottom edge too.

    Built as a ruled loft through the outlines where the side changes slope, so
    every face is planar. The top chamfer feels like the bevel of a piece of
    type; the bottom one leaves room for the first layer's flare. The plan has
    checked that both insets exist.
    """
    sections = [(inset(outline, elephant_foot), 0.0)] if elephant_foot > 0 else []
    sections += [(outline, elephant_foot), (outline, height - chamfer), (inset(outline, chamfer), height)]
    loft = BRepOffsetAPI_ThruSections(True, True)  # a solid, ruled
    for corners, z in sections:
        polygon = BRepBuilderAPI_MakePolygon()
        for x, y in corners or ():
            polygon.Add(gp_Pnt(x, y, z))
        polygon.Close()
        loft.AddWire(polygon.Wire())
    loft.Build()
    return loft.Shape()


def relief(shapes: list[Shape2D], base: float, height: float) -> TopoDS_Shape:
    """Every 2D shape (outer contour with holes, in millimetres) raised from ``base`` by ``height``."""
    solids = [
        BRepPrimAPI_MakePrism(_face(_wire(shape.outer, base), [_wire(h, base) for h in shape.holes]),
                              gp_Vec(0, 0, height), True).Shape()
        for shape in shapes
    ]  # fmt: skip
    if len(solids) == 1:
        return solids[0]
    compound = TopoDS_Compound()
    builder = TopoDS_Builder()
    builder.MakeCompound(compound)
    for solid in solids:
        builder.Add(compound, solid)
    return compound


def _face(outer: TopoDS_Wire, holes: list[TopoDS_Wire]) -> TopoDS_Shape:
    """A planar face bounded by ``outer`` with ``holes``, mended as CadQuery's ``Face.makeFromWires`` mends it."""
    mended = ShapeFix_Shape(outer)
    mended.Perform()
    face = BRepBuilderAPI_MakeFace(TopoDS.Wire_s(mended.Shape()), True)
    for hole in holes:
        face.Add(hole)
    face.Build()
    if not face.IsDone():
        raise StudioError(f"OpenCASCADE could not make a face of a relief's outline ({face.Error()})")
    oriented = ShapeFix_Face(face.Face())
    oriented.FixOrientation()
    oriented.Perform()
    return oriented.Result()


def fused(body: TopoDS_Shape, *raised: TopoDS_Shape) -> TopoDS_Shape:
    """Body and raised parts as one solid, for single-colour slicing with a filament change.

    The raised parts stand on the body's top face, which is what OpenCASCADE's
    "glue" option is for: it skips the face-face intersection work and halves
    the time of the union. It runs on one thread (a parallel union would
    round differently from run to run, and so would the files). Faces of one
    surface are then merged, as CadQuery's ``clean`` does.
    """
    union = BRepAlgoAPI_Fuse()
    union.SetGlue(BOPAlgo_GlueEnum.BOPAlgo_GlueShift)
    union.SetArguments(_shape_list((body,)))
    union.SetTools(_shape_list(raised))
    union.SetRunParallel(False)
    union.Build()
    if not union.IsDone():
        raise StudioError("OpenCASCADE could not join the relief to the body")
    merged = ShapeUpgrade_UnifySameDomain(union.Shape(), True, True, True)
    merged.AllowInternalEdges(False)
    merged.Build()
    return merged.Shape()


def _shape_list(shapes: tuple[TopoDS_Shape, ...]) -> TopTools_ListOfShape:
    listed = TopTools_ListOfShape()
    for shape in shapes:
        listed.Append(shape)
    return listed


@dataclass(frozen=True)
class StepHeader:
    """What a STEP file says about itself: its product and who may do what with it."""

    file_name: str
    product: str
    """The part's name, as CAD programs list it."""
    product_id: str
    description: tuple[str, ...]
    """FILE_DESCRIPTION: what the part is, its designers and its licence, one line each."""
    authors: tuple[str, ...]
    licence: str
    """FILE_NAME's authorisation field."""


STEP_DATE = "2000-01-01T00:00:00"
"""The writer's clock is replaced, so a rebuild is byte-identical."""


def step_bytes(shape: TopoDS_Shape, header: StepHeader, at: tuple[float, float] = (0.0, 0.0)) -> bytes:
    """The shape moved to ``at`` (where the STL puts it) as an AP214 STEP file with ``header``.

    OpenCASCADE's writer names the product after itself and stamps the time; both are
    set here instead, in ASCII (a STEP string holds nothing else unescaped).
    """
    from OCP.APIHeaderSection import APIHeaderSection_MakeHeader
    from OCP.Interface import Interface_HArray1OfHAsciiString
    from OCP.StepBasic import StepBasic_Product
    from OCP.STEPControl import STEPControl_AsIs, STEPControl_Writer
    from OCP.TCollection import TCollection_HAsciiString

    def text(value: str) -> TCollection_HAsciiString:
        return TCollection_HAsciiString(_ascii(value))

    def texts(values: tuple[str, ...]) -> Interface_HArray1OfHAsciiString:
        array = Interface_HArray1OfHAsciiString(1, max(1, len(values)))
        for number, value in enumerate(values or ("",), 1):
            array.SetValue(number, text(value))
        return array

    Interface_Static.SetCVal_s("write.step.schema", "AP214IS")
    Interface_Static.SetIVal_s("write.surfacecurve.mode", 1)
    Interface_Static.SetIVal_s("write.precision.mode", 0)
    Interface_Static.SetCVal_s("xstep.cascade.unit", "MM")
    Interface_Static.SetCVal_s("write.step.unit", "MM")
    writer = STEPControl_Writer()
    shift = gp_Trsf()
    shift.SetTranslation(gp_Vec(at[0], at[1], 0.0))
    moved = BRepBuilderAPI_Transform(shape, shift, True).Shape()
    if writer.Transfer(moved, STEPControl_AsIs) != IFSelect_ReturnStatus.IFSelect_RetDone:
        raise StudioError(f"OpenCASCADE could not convert {header.product} for a STEP file")
    model = writer.Model()
    for number in range(1, model.NbEntities() + 1):
        entity = model.Value(number)
        if isinstance(entity, StepBasic_Product):
            entity.SetName(text(header.product))
            entity.SetId(text(header.product_id))
            entity.SetDescription(text(header.description[0] if header.description else ""))
    made = APIHeaderSection_MakeHeader(model)
    made.SetName(text(header.file_name))
    made.SetTimeStamp(text(STEP_DATE))
    made.SetAuthor(texts(header.authors))
    made.SetOrganization(texts(()))
    made.SetPreprocessorVersion(text("grawlix-print"))
    made.SetOriginatingSystem(text("grawlix-print (OpenCASCADE)"))
    made.SetAuthorisation(text(header.licence))
    made.SetDescription(texts(header.description))
    with tempfile.TemporaryDirectory(prefix="grawlix-step-") as folder:
        path = Path(folder) / "tile.step"
        if writer.Write(str(path)) != IFSelect_ReturnStatus.IFSelect_RetDone:
            raise StudioError(f"OpenCASCADE could not write the STEP file of {header.product}")
        return path.read_bytes()


def _ascii(value: str) -> str:
    """Text in the letters a STEP string may hold: accents dropped, curly quotes made straight."""
    value = value.translate({0x2018: "'", 0x2019: "'", 0x201C: '"', 0x201D: '"', 0x2013: "-", 0x2014: "-"})
    plain = unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode("ascii")
    return "".join(c for c in plain if c.isprintable())


def _wire(loop: Loop, z: float) -> TopoDS_Wire:
    """A closed loop of lines (2 points) and cubic Beziers (4 points) at height ``z``.

    Edges are joined one by one in their order: handing OpenCASCADE the whole
    list to sort (CadQuery's ``Wire.assembleEdges``) gives an order that changes
    from run to run, and with it the last digit of the STEP files.
    """
    wire = BRepBuilderAPI_MakeWire()
    for points in loop:
        corners = [gp_Pnt(x, y, z) for x, y in points]
        if len(corners) == 2:
            edge = BRepBuilderAPI_MakeEdge(*corners).Edge()
        else:
            poles = TColgp_Array1OfPnt(1, len(corners))
            for number, corner in enumerate(corners, 1):
                poles.SetValue(number, corner)
            edge = BRepBuilderAPI_MakeEdge(Geom_BezierCurve(poles)).Edge()
        wire.Add(edge)
    return wire.Wire()
