"""Triangle meshes: CadQuery's tessellation in, binary STL out, plates by translation.

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
    """Mesh a CadQuery shape with an absolute chord tolerance, welding shared corners.

    CadQuery's ``tessellate`` asks OpenCASCADE for a tolerance relative to
    each edge's size; meshing first with an absolute one (which it then
    reuses) keeps small and large curves equally smooth.
    """
    from OCP.BRepMesh import BRepMesh_IncrementalMesh

    BRepMesh_IncrementalMesh(shape.wrapped, deflection, False, angle, False)
    points, faces = shape.tessellate(deflection, angle)
    vertices = np.array([p.toTuple() for p in points], dtype=float).reshape(-1, 3)
    return welded(vertices, np.array(faces, dtype=np.int64).reshape(-1, 3))


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


class _HeaderedMesh(Mesh):
    """numpy-stl's mesh with a header we choose: its own stamps the current time."""

    def get_header(self, name: str) -> str:
        return name[:80].ljust(80, " ")


def stl_bytes(triangles: np.ndarray, header: str) -> bytes:
    """A binary STL (normals from the corner order) whose 80-byte header is ``header``.

    ``header`` must not start with ``solid``, which readers take for ASCII STL.
    """
    if header.lower().startswith("solid"):
        raise ValueError("a binary STL header must not start with 'solid'")
    data = np.zeros(len(triangles), dtype=Mesh.dtype)
    data["vectors"] = triangles
    mesh = _HeaderedMesh(data)
    buffer = io.BytesIO()
    mesh.save(header.encode("ascii", "replace").decode("ascii"), fh=buffer, mode=Mode.BINARY)
    return buffer.getvalue()
