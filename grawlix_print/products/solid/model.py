"""The CAD model of a 3D-printed tile, as CadQuery parts made from named dimensions.

A square body with chamfered top edges and an elephant's-foot chamfer on the
bottom, and the glyph (with any colour-blind marks) extruded upwards from the
body's top. Shapes are 2D ``Shape2D``s from the tile definition (lines and
cubic Beziers), never a font read here.

CadQuery is imported only here and in ``mesh``, and only by the 3D command
once every option has been checked; its import is most of that command's time.
"""

from __future__ import annotations

import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import cadquery as cq
from OCP.BOPAlgo import BOPAlgo_GlueEnum
from OCP.BRepAlgoAPI import BRepAlgoAPI_Fuse
from OCP.BRepBuilderAPI import BRepBuilderAPI_MakeWire
from OCP.IFSelect import IFSelect_ReturnStatus
from OCP.Interface import Interface_Static
from OCP.Message import Message, Message_Gravity
from OCP.TopTools import TopTools_ListOfShape

from ...errors import StudioError
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
        raise StudioError("OpenCASCADE could not join the relief to the body")
    return cq.Shape.cast(union.Shape()).clean()


def _shape_list(shapes: tuple[cq.Shape, ...]) -> TopTools_ListOfShape:
    listed = TopTools_ListOfShape()
    for shape in shapes:
        listed.Append(shape.wrapped)
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


def step_bytes(shape: cq.Shape, header: StepHeader, at: tuple[float, float] = (0.0, 0.0)) -> bytes:
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
    moved = shape.translate(cq.Vector(at[0], at[1], 0.0))
    if writer.Transfer(moved.wrapped, STEPControl_AsIs) != IFSelect_ReturnStatus.IFSelect_RetDone:
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
