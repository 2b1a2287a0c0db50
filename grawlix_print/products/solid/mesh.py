"""Triangle meshes: OpenCASCADE's tessellation in, binary STL (numpy-stl) out, plates by translation.

Each distinct tile is tessellated once; a plate is copies of those triangle
arrays moved to their places on the bed, which is exact and much faster than
building and meshing the plate as one CAD shape.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import numpy as np
from stl import Mode
from stl.mesh import Mesh

MESH_DEFLECTION_MM = 0.02
"""Largest gap between a curve and its facets: a tenth of a layer, invisible in print."""
MESH_ANGLE = 0.3
"""Largest turn (radians, about 17 degrees) between facets, so small curves stay round."""

_WELD_DIGITS = 6


@dataclass(frozen=True, eq=False)
class TriangleMesh:
    """Shared vertices (mm) and triangles indexing them, anticlockwise seen from outside."""

    vertices: np.ndarray
    faces: np.ndarray

    @property
    def triangles(self) -> np.ndarray:
        """One (3, 3) array of corner coordinates per triangle."""
        return self.vertices[self.faces]


def tessellate(
    shape, deflection: float = MESH_DEFLECTION_MM, angle: float = MESH_ANGLE
) -> TriangleMesh:
    """Mesh an OpenCASCADE shape with an absolute chord tolerance, welding corners that faces share.

    The triangles are read straight from OpenCASCADE's triangulation: a numpy
    array per face instead of one Python vector per point, which made meshing a
    third of the 3D command's time.
    """
    from OCP.BRep import BRep_Tool
    from OCP.BRepMesh import BRepMesh_IncrementalMesh
    from OCP.TopAbs import TopAbs_FACE, TopAbs_REVERSED
    from OCP.TopExp import TopExp_Explorer
    from OCP.TopLoc import TopLoc_Location
    from OCP.TopoDS import TopoDS

    BRepMesh_IncrementalMesh(shape, deflection, False, angle, False)
    vertices, faces, offset = [], [], 0
    explorer = TopExp_Explorer(shape, TopAbs_FACE)
    while explorer.More():
        face = TopoDS.Face_s(explorer.Current())
        location = TopLoc_Location()
        triangulation = BRep_Tool.Triangulation_s(face, location)
        explorer.Next()
        if triangulation is None:
            continue
        moved = location.Transformation()
        nodes = [
            triangulation.Node(i).Transformed(moved).Coord()
            for i in range(1, triangulation.NbNodes() + 1)
        ]
        corners = np.array(
            [triangulation.Triangle(i).Get() for i in range(1, triangulation.NbTriangles() + 1)]
        ) - 1
        if face.Orientation() == TopAbs_REVERSED:
            corners = corners[:, ::-1]
        vertices.append(np.array(nodes, dtype=float))
        faces.append(corners + offset)
        offset += len(nodes)
    return welded(np.concatenate(vertices), np.concatenate(faces))


def welded(vertices: np.ndarray, faces: np.ndarray) -> TriangleMesh:
    """Merge vertices at the same place (each CAD face brings its own copies).

    Without this every edge between two CAD faces would be an open edge to
    a 3MF reader, which counts shared vertex indices, not positions.
    """
    unique, index = np.unique(np.round(vertices, _WELD_DIGITS), axis=0, return_inverse=True)
    faces = index.reshape(-1)[faces]
    keep = (
        (faces[:, 0] != faces[:, 1]) & (faces[:, 1] != faces[:, 2]) & (faces[:, 0] != faces[:, 2])
    )
    return TriangleMesh(unique, faces[keep])


def placed(triangles: np.ndarray, centres: list[tuple[float, float]]) -> np.ndarray:
    """Copies of a tile's triangles moved so the tile's centre lands on each of ``centres``."""
    shifts = np.array([(x, y, 0.0) for x, y in centres])
    return (triangles[None, :, :, :] + shifts[:, None, None, :]).reshape(-1, 3, 3)


def unit_normals(triangles: np.ndarray) -> np.ndarray:
    """Outward facet normals of length 1 (corners run anticlockwise seen from outside)."""
    normals = np.cross(triangles[:, 1] - triangles[:, 0], triangles[:, 2] - triangles[:, 0])
    return normals / np.linalg.norm(normals, axis=1, keepdims=True)


def volume(triangles: np.ndarray) -> float:
    """Enclosed volume in cubic millimetres (divergence theorem over the closed surface)."""
    a, b, c = triangles[:, 0], triangles[:, 1], triangles[:, 2]
    return float(np.einsum("ij,ij->i", a, np.cross(b, c)).sum() / 6.0)


class _HeaderedMesh(Mesh):
    """numpy-stl's mesh with a header we choose: its own stamps the current time."""

    def get_header(self, name: bytes | str) -> str:
        text = name.decode("ascii", "replace") if isinstance(name, bytes) else name
        return text[:80].ljust(80, " ")


def stl_bytes(triangles: np.ndarray, header: str) -> bytes:
    """A binary STL with unit normals whose 80-byte header is ``header`` (and no date).

    numpy-stl would store raw cross products as normals; slicers and viewers
    expect unit vectors, so they are set here and kept as they are.
    ``header`` must not start with ``solid``, which readers take for ASCII STL.
    """
    if header.lower().startswith("solid"):
        raise ValueError("a binary STL header must not start with 'solid'")
    data = np.zeros(len(triangles), dtype=Mesh.dtype)
    data["vectors"] = triangles
    data["normals"] = unit_normals(triangles)
    buffer = io.BytesIO()
    _HeaderedMesh(data, calculate_normals=False).save(
        header.encode("ascii", "replace").decode("ascii"), fh=buffer, mode=Mode.BINARY,
        update_normals=False,
    )  # fmt: skip
    return buffer.getvalue()


def stl_triangles(data: bytes) -> np.ndarray:
    """The (n, 3, 3) corners of a binary STL."""
    return Mesh.from_file("", fh=io.BytesIO(data), mode=Mode.BINARY).vectors.astype(float)
