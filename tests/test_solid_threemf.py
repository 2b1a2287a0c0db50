"""The 3MF core part as an XML reader reads it: the vertices where each piece stands, the triangles
part after part with the colour of each that is not the object's own, names and metadata with any
character in them. No CAD: meshes made here."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile
from xml.sax.saxutils import escape as sax_escape
from xml.sax.saxutils import quoteattr as sax_quoteattr

import numpy as np
import pytest

pytest.importorskip("stl", reason="the 3d extra is not installed (no numpy-stl): pip install -e '.[3d]'")

from grawlix_print.products.solid.mesh import TriangleMesh  # noqa: E402
from grawlix_print.products.solid.threemf import MODEL_PATH, Material, Package, Part, Piece, escape, quoteattr, threemf_bytes # noqa: E402

NS = {"m": "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"}
NAMES = ['tile', 'a "quoted" tile', "Ann's tile", "both \" and '", "<&>", "two\nlines\tand a tab\r", "", "&amp;"]


@pytest.mark.parametrize("text", NAMES)
def test_text_and_attributes_are_written_as_the_standard_library_writes_them(text):
    assert escape(text) == sax_escape(text)
    assert quoteattr(text) == sax_quoteattr(text)


def _mesh(rng: np.random.Generator, vertices: int, faces: int) -> TriangleMesh:
    return TriangleMesh(rng.uniform(-10, 10, (vertices, 3)).round(3), rng.integers(0, vertices, (faces, 3)))


def test_pieces_read_back_as_written_wherever_they_stand_and_whatever_their_colours():
    """Two parts (the body of mixed colours or of one, the relief of one) at two places, in two
    packages that share the remembered texts: each object's vertices are the parts' moved to its
    place, its triangles index them part after part, and each triangle's colour is its own or the
    object's."""
    rng = np.random.default_rng(35)
    body, relief = _mesh(rng, 40, 60), _mesh(rng, 25, 30)
    paints = [rng.integers(0, 3, 60), np.ones(60, dtype=int)]
    remembered: dict = {}
    for places in ([(10.0, 20.0), (55.5, 20.0)], [(55.5, 20.0), (55.5, -3.25)]):
        pieces = [
            Piece(NAMES[k + 1], (Part("body", body, 1, paints[k]), Part("relief", relief, 2, 2)), x, y)
            for k, (x, y) in enumerate(places)
        ]
        package = Package("toy", "test", [Material(f"m{k}", (0.1 * k, 0.2, 0.3)) for k in range(3)], pieces)
        model = ET.fromstring(zipfile.ZipFile(io.BytesIO(threemf_bytes(package, remembered))).read(MODEL_PATH))
        objects = model.findall(".//m:object", NS)
        assert [o.get("name") for o in objects] == [p.name for p in pieces]
        for piece, paint, found in zip(pieces, paints, objects):
            vertices = np.array([[float(v.get(a)) for a in "xyz"] for v in found.findall(".//m:vertex", NS)])
            expected = np.concatenate([body.vertices, relief.vertices]) + [piece.x, piece.y, 0]
            assert np.allclose(vertices, expected, atol=5e-5)
            triangles = found.findall(".//m:triangle", NS)
            corners = np.array([[int(t.get(f"v{k}")) for k in (1, 2, 3)] for t in triangles])
            assert (corners == np.concatenate([body.faces, relief.faces + len(body.vertices)])).all()
            default = int(found.get("pindex"))
            colours = [int(t.get("p1", default)) for t in triangles]
            assert colours == paint.tolist() + [2] * len(relief.faces)
            assert all((t.get("pid") is not None) == (t.get("p1") is not None) for t in triangles)
