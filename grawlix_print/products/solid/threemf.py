"""3MF packages: tiles as mesh objects with coloured triangles, plus slicer settings files.

Written by hand, deterministically (fixed zip dates, sorted entries, no
random ids). This module writes the 3MF core part that every reader shares:
one mesh object per tile in bed coordinates, ``basematerials`` giving each
triangle its display colour, the build, and a thumbnail. What each slicer
reads besides (parts and filaments, colour changes, layer heights) comes
from ``dialects`` as extra files under ``Metadata/``.

A tile's parts (body and glyph) are one mesh object whose triangles run
part after part, so a settings file can name each part by its triangle
range; vertices are written where the tile stands, with no build
transform, because PrusaSlicer applies an item's transform to only the
first part of an object that it did not write itself.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass, field
from functools import cache
from html import escape as _html_escape

import numpy as np

from ...drawing.ink import RGB
from .mesh import TriangleMesh

CORE_NS = "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"
MODEL_PATH = "3D/3dmodel.model"
THUMBNAIL_PATH = "Metadata/thumbnail.png"
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)
MATERIALS_ID = 1
FIRST_OBJECT_ID = 2


@dataclass(frozen=True)
class Material:
    name: str
    rgb: RGB

    @property
    def hex(self) -> str:
        """``#RRGGBB``, as slicers write filament colours."""
        return "#" + "".join(f"{int(c * 255 + 0.5):02X}" for c in self.rgb)

    @property
    def displaycolor(self) -> str:
        return self.hex + "FF"


@dataclass(frozen=True, eq=False)
class Part:
    """One named part of a tile: its mesh, the filament a slicer should print it with,
    and each triangle's display colour (an index into the package's materials)."""

    name: str
    mesh: TriangleMesh
    filament: int
    colours: np.ndarray | int = 0

    def colour_of_faces(self) -> np.ndarray:
        return np.broadcast_to(np.asarray(self.colours), (len(self.mesh.faces),))


@dataclass(frozen=True, eq=False)
class Piece:
    """One printable object (a tile) centred at ``(x, y)`` in bed coordinates."""

    name: str
    parts: tuple[Part, ...]
    x: float
    y: float

    def part_ranges(self) -> list[tuple[int, int]]:
        """(first, last) triangle of each part inside the object's mesh."""
        ranges, first = [], 0
        for part in self.parts:
            ranges.append((first, first + len(part.mesh.faces) - 1))
            first += len(part.mesh.faces)
        return ranges


@dataclass(frozen=True, eq=False)
class Package:
    title: str
    application: str
    materials: list[Material]
    pieces: list[Piece]
    files: dict[str, str | bytes] = field(default_factory=dict)
    """Further files by path (a dialect's ``Metadata/...`` settings and pictures)."""
    metadata: tuple[tuple[str, str], ...] = ()
    """Further ``<metadata>`` of the model, after Title and Application."""
    namespaces: tuple[tuple[str, str], ...] = ()
    thumbnail: bytes | None = None


def escape(text: str) -> str:
    """XML text: ``&``, ``<`` and ``>`` escaped, as ``xml.sax.saxutils.escape`` does (which would
    load urllib, 20 ms)."""
    return _html_escape(text, quote=False)


def quoteattr(value: str) -> str:
    """An XML attribute's value in its quotes, as ``xml.sax.saxutils.quoteattr`` writes it: double
    quotes unless the value holds one and no single quote, line ends and tabs as character references."""
    value = escape(value).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in value:
        return f'"{value}"'
    if "'" not in value:
        return f"'{value}'"
    return '"' + value.replace('"', "&quot;") + '"'


def object_id(index: int) -> int:
    """The 3MF object id of the ``index``-th piece (id 1 is the materials)."""
    return FIRST_OBJECT_ID + index


def threemf_bytes(package: Package, meshes: dict | None = None) -> bytes:
    """The whole 3MF package as bytes; ``meshes`` (any dict, kept by the caller for a set's
    packages) remembers each mesh's text at each place, for the next package to reuse."""
    entries: dict[str, str | bytes] = {
        "[Content_Types].xml": _content_types(),
        "_rels/.rels": _relationships(package.thumbnail is not None),
        MODEL_PATH: _model(package, meshes),
        **package.files,
    }
    if package.thumbnail is not None:
        entries[THUMBNAIL_PATH] = package.thumbnail
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=_ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name], compresslevel=1)
    return buffer.getvalue()


def _content_types() -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\n'
        ' <Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\n'
        ' <Default Extension="model" '
        'ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>\n'
        ' <Default Extension="png" ContentType="image/png"/>\n'
        ' <Default Extension="config" ContentType="text/xml"/>\n'
        ' <Default Extension="xml" ContentType="application/xml"/>\n'
        "</Types>\n"
    )


def _relationships(thumbnail: bool) -> str:
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\n'
        f' <Relationship Target="/{MODEL_PATH}" Id="rel0" '
        'Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>\n'
    ]
    if thumbnail:
        out.append(
            f' <Relationship Target="/{THUMBNAIL_PATH}" Id="rel1" Type="http://schemas.'
            'openxmlformats.org/package/2006/relationships/metadata/thumbnail"/>\n'
        )
    out.append("</Relationships>\n")
    return "".join(out)


def _model(package: Package, meshes: dict | None) -> str:
    namespaces = "".join(f" xmlns:{prefix}={quoteattr(uri)}" for prefix, uri in package.namespaces)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<model unit="millimeter" xml:lang="en-US" xmlns="{CORE_NS}"{namespaces}>\n',
        f' <metadata name="Application">{escape(package.application)}</metadata>\n',
        f' <metadata name="Title">{escape(package.title)}</metadata>\n',
    ]
    out += [f" <metadata name={quoteattr(k)}>{escape(v)}</metadata>\n" for k, v in package.metadata]
    out += [" <resources>\n", f'  <basematerials id="{MATERIALS_ID}">\n']
    out += [
        f'   <base name={quoteattr(m.name)} displaycolor="{m.displaycolor}"/>\n'
        for m in package.materials
    ]
    out.append("  </basematerials>\n")
    for index, piece in enumerate(package.pieces):
        out.append(_object(object_id(index), piece, meshes))
    out.append(" </resources>\n <build>\n")
    out += [f'  <item objectid="{object_id(i)}"/>\n' for i in range(len(package.pieces))]
    out.append(" </build>\n</model>\n")
    return "".join(out)


def _object(number: int, piece: Piece, meshes: dict | None = None) -> str:
    """One mesh object in bed coordinates; the most common colour is the object's default.

    ``meshes`` remembers the text of each mesh's vertices at each place and of its triangles
    (the same wherever it stands): the plates of a set show the same tiles in the same places,
    once per accent colour, and the same tiles in other places.
    """
    colours = np.concatenate([part.colour_of_faces() for part in piece.parts])
    default = int(np.bincount(colours).argmax())
    parts = tuple(part.mesh for part in piece.parts)
    vertices = _remembered(meshes, ("vertices", parts, piece.x, piece.y), lambda: _vertices(piece))
    triangles = _remembered(meshes, ("triangles", parts, colours.tobytes()), lambda: _triangles(piece, default))
    return (
        f'  <object id="{number}" name={quoteattr(piece.name)} type="model" '
        f'pid="{MATERIALS_ID}" pindex="{default}">\n'
        "   <mesh>\n    <vertices>\n" + vertices + "    </vertices>\n"
        "    <triangles>\n" + triangles + "    </triangles>\n   </mesh>\n  </object>\n"
    )


def _remembered(meshes: dict | None, key: tuple, make) -> str:
    if meshes is None:
        return make()
    if key not in meshes:
        meshes[key] = make()
    return meshes[key]


_VERTEX = '     <vertex x="%s" y="%s" z="%s"/>\n'
_TRIANGLE = '     <triangle v1="%d" v2="%d" v3="%d"/>\n'
_COLOURED = f'     <triangle v1="%d" v2="%d" v3="%d" pid="{MATERIALS_ID}" p1="%d"/>\n'


def _vertices(piece: Piece) -> str:
    """A piece's parts' vertices where it stands (one format of all their numbers at once)."""
    shift = np.array([piece.x, piece.y, 0.0])
    numbers = [_num(value) for part in piece.parts for value in (part.mesh.vertices + shift).ravel().tolist()]
    return _VERTEX * (len(numbers) // 3) % tuple(numbers)


def _triangles(piece: Piece, default: int) -> str:
    """A piece's parts' triangles, numbering the vertices part after part; a triangle not in the
    object's ``default`` colour names its own."""
    out, offset = [], 0
    for part in piece.parts:
        faces, colours = part.mesh.faces + offset, part.colour_of_faces()
        own = colours != default
        if not own.any():
            out.append(_TRIANGLE * len(faces) % tuple(faces.ravel().tolist()))
        else:
            lines = "".join([_COLOURED if mine else _TRIANGLE for mine in own.tolist()])
            values = np.column_stack([faces, colours])
            keep = np.column_stack([np.ones_like(faces, dtype=bool), own])
            out.append(lines % tuple(values[keep].tolist()))
        offset += len(part.mesh.vertices)
    return "".join(out)


@cache
def _num(value: float) -> str:
    """Coordinates to 0.1 micrometre, without a minus sign on zero. Remembered: a set's meshes share
    a few thousand coordinates among hundreds of thousands of vertices' (-0.0 and 0.0 are one key
    and one text)."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
