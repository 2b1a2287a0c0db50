"""Pictures of the 3D plates for the kit's previews: STL plates drawn from their triangles, 3MF
plates as the thumbnail they carry."""

from __future__ import annotations

import zipfile
from pathlib import Path

from ...drawing.ink import RGB
from ...files import Written, write_bytes


def stl_preview(stl: Path, path: Path, split_z: float, accent: RGB, base: RGB) -> Written:
    """A picture of an STL plate: bodies in ``base``, what stands above ``split_z`` in ``accent``."""
    from .mesh import stl_triangles
    from .picture import mesh_picture, two_colours

    triangles = stl_triangles(stl.read_bytes())
    picture = mesh_picture(triangles, two_colours(triangles, split_z, accent, base), size=(900, 700))
    write_bytes(path, picture)
    return Written(path, "preview", {"of": stl.name})


def threemf_preview(threemf: Path, path: Path) -> Written:
    """The picture a 3MF carries (its first plate, in the colours it will print in)."""
    from .threemf import THUMBNAIL_PATH

    with zipfile.ZipFile(threemf) as archive:
        write_bytes(path, archive.read(THUMBNAIL_PATH))
    return Written(path, "preview", {"of": threemf.name})
