"""A multi-material 3MF: every tile one object whose body and glyph are named, coloured parts.

Written by hand, deterministically (fixed zip dates, sorted entries, no
random ids), in two layers that readers combine:

- 3MF core: one mesh object per tile holding both parts' triangles, with
  ``basematerials`` giving each triangle its display colour (body grey,
  glyph in the accent colour). Viewers and slicers that read 3MF colours
  show the tile as it will print.
- ``Metadata/Slic3r_PE_model.config``: PrusaSlicer's (and its forks') list
  of the parts inside each object (triangle ranges) with their names and
  extruders (body 1, glyph 2), so a multi-material printer gets the two
  parts on two filaments without any editing.

Core-spec ``components`` would be the textbook way to make parts, but
PrusaSlicer imports components as separate objects and drops the glyphs to
the bed, so one object with triangle ranges is used instead.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

import numpy as np

from ..tile.look import RGB
from .mesh import TriangleMesh

CORE_NS = "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"
MODEL_PATH = "3D/3dmodel.model"
CONFIG_PATH = "Metadata/Slic3r_PE_model.config"
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)
_MATERIALS_ID = 1


@dataclass(frozen=True)
class Material:
    name: str
    rgb: RGB

    @property
    def displaycolor(self) -> str:
        return "#" + "".join(f"{int(c * 255 + 0.5):02X}" for c in self.rgb) + "FF"


@dataclass(frozen=True)
class Part:
    """One named part of an object: its mesh, material and the extruder a slicer should use."""

    name: str
    mesh: TriangleMesh
    material: int
    extruder: int


@dataclass(frozen=True)
class Piece:
    """One printable object (a tile), standing on the bed at ``(x, y)``."""

    name: str
    parts: tuple[Part, ...]
    x: float
    y: float


def threemf_bytes(title: str, materials: list[Material], pieces: list[Piece]) -> bytes:
    """The whole 3MF package as bytes."""
    entries = {
        "[Content_Types].xml": _content_types(),
        "_rels/.rels": _relationships(),
        MODEL_PATH: _model(title, materials, pieces),
        CONFIG_PATH: _slicer_config(pieces),
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=_ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name], compresslevel=6)
    return buffer.getvalue()


def _content_types() -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\n'
        ' <Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\n'
        ' <Default Extension="model" '
        'ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>\n'
        ' <Default Extension="config" ContentType="text/xml"/>\n'
        "</Types>\n"
    )


def _relationships() -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\n'
        f' <Relationship Target="/{MODEL_PATH}" Id="rel0" '
        'Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>\n'
        "</Relationships>\n"
    )


def _model(title: str, materials: list[Material], pieces: list[Piece]) -> str:
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<model unit="millimeter" xml:lang="en-US" xmlns="{CORE_NS}">\n',
        f' <metadata name="Title">{escape(title)}</metadata>\n',
        ' <metadata name="Application">grawlix-print</metadata>\n',
        " <resources>\n",
        f'  <basematerials id="{_MATERIALS_ID}">\n',
    ]
    out += [
        f'   <base name={quoteattr(m.name)} displaycolor="{m.displaycolor}"/>\n' for m in materials
    ]
    out.append("  </basematerials>\n")
    for number, piece in enumerate(pieces, start=2):
        out.append(_object(number, piece))
    out.append(" </resources>\n <build>\n")
    out += [f'  <item objectid="{number}"/>\n' for number in range(2, len(pieces) + 2)]
    out.append(" </build>\n</model>\n")
    return "".join(out)


def _object(number: int, piece: Piece) -> str:
    """One mesh object in bed coordinates; the first part's material is the default.

    Vertices are written where the tile stands on the bed, with no build
    transform: PrusaSlicer applies an item's transform to only the first
    part of an object that did not come from PrusaSlicer itself.
    """
    default = piece.parts[0].material
    vertices, triangles, offset = [], [], 0
    shift = np.array([piece.x, piece.y, 0.0])
    for part in piece.parts:
        vertices.append(
            "".join(
                f'     <vertex x="{_num(x)}" y="{_num(y)}" z="{_num(z)}"/>\n'
                for x, y, z in (part.mesh.vertices + shift).tolist()
            )
        )
        colour = "" if part.material == default else f' pid="{_MATERIALS_ID}" p1="{part.material}"'
        faces = (part.mesh.faces + offset).tolist()
        triangles.append(
            "".join(f'     <triangle v1="{a}" v2="{b}" v3="{c}"{colour}/>\n' for a, b, c in faces)
        )
        offset += len(part.mesh.vertices)
    return (
        f'  <object id="{number}" name={quoteattr(piece.name)} type="model" '
        f'pid="{_MATERIALS_ID}" pindex="{default}">\n'
        "   <mesh>\n    <vertices>\n" + "".join(vertices) + "    </vertices>\n"
        "    <triangles>\n" + "".join(triangles) + "    </triangles>\n   </mesh>\n  </object>\n"
    )


def _slicer_config(pieces: list[Piece]) -> str:
    """PrusaSlicer's per-object part list: triangle ranges, names and extruders."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<config>\n']
    for number, piece in enumerate(pieces, start=2):
        out.append(f' <object id="{number}" instances_count="1">\n')
        out.append(f'  <metadata type="object" key="name" value={quoteattr(piece.name)}/>\n')
        first = 0
        for part in piece.parts:
            last = first + len(part.mesh.faces) - 1
            out.append(f'  <volume firstid="{first}" lastid="{last}">\n')
            out.append(f'   <metadata type="volume" key="name" value={quoteattr(part.name)}/>\n')
            out.append('   <metadata type="volume" key="volume_type" value="ModelPart"/>\n')
            out.append(f'   <metadata type="volume" key="extruder" value="{part.extruder}"/>\n')
            out.append("  </volume>\n")
            first = last + 1
        out.append(" </object>\n")
    out.append("</config>\n")
    return "".join(out)


def _num(value: float) -> str:
    """Coordinates to 0.1 micrometre, without a minus sign on zero."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
