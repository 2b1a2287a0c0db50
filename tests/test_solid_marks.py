"""Colour-blind marks on printed tiles: the paper mapping, raised in the corners, printable.

Plane geometry is measured on the marks' polygons; one small plate is built to
see the marks in the mesh, in the glyph's layers and on the glyph's filament.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile

import numpy as np
import pytest
from grawlix_print.games import game

from grawlix_print.products.solid.kinds import solid_kinds
from grawlix_print.products.solid.marks import mark_shapes, relief_reach
from grawlix_print.products.solid.strokes import thinnest_stroke
from tileset import COLOURS, TILE_SET
from grawlix_print.games.grawlix.tile_look import colour_mark
from grawlix_print.drawing.outline import glyph_outlines
from grawlix_print.products.solid.dimensions import SOLID_TILE


REACH = relief_reach(glyph_outlines(TILE_SET.faces).values())
"""How far the glyphs reach into a tile's corners (a fraction of the glyph box)."""


def piece_colour(colour):
    """The tiles' colour as the game's kind gives it to the 3D product (its letter and mark)."""
    return next(c for c in solid_kinds(game())[0].kind.colours if c.name == colour.name)


def area(polygon) -> float:
    p = np.asarray(polygon)
    return 0.5 * float(np.sum(p[:, 0] * np.roll(p[:, 1], -1) - np.roll(p[:, 0], -1) * p[:, 1]))


def gap(a, b) -> float:
    """Least distance from the corners of polygons ``a`` to the edges of polygons ``b``."""
    points = np.concatenate([np.asarray(p) for p in a])
    starts = np.concatenate([np.asarray(p) for p in b])
    ends = np.concatenate([np.roll(np.asarray(p), -1, axis=0) for p in b])
    d = ends - starts
    t = np.clip(np.einsum("pkj,kj->pk", points[:, None] - starts[None], d) / (d * d).sum(1), 0, 1)
    return float(np.sqrt(((points[:, None] - (starts[None] + t[..., None] * d[None])) ** 2).sum(-1)).min())


def corners(shapes):
    """The shapes grouped by the corner they sit in (a mark may be several shapes)."""
    groups = {}
    for shape in shapes:
        x, y = np.asarray(shape.polygons()[0]).mean(axis=0)
        groups.setdefault((x > 0, y > 0), []).append(shape)
    return groups


@pytest.mark.parametrize("marking", ["letters", "shapes"])
@pytest.mark.parametrize("colour", COLOURS, ids=lambda c: c.name)
def test_marks_sit_in_the_corners_clear_of_every_glyph(marking, colour):
    tile = SOLID_TILE
    shapes = mark_shapes(tile, marking, piece_colour(colour), REACH)
    groups = corners(shapes)
    assert len(groups) == 4  # one mark in each corner
    flat_top = tile.footprint / 2 - tile.chamfer
    glyphs = [
        [np.asarray(p) * tile.relief_box for p in outline.polygons(0.001)]
        for outline in glyph_outlines(TILE_SET.faces).values()
    ]
    for group in groups.values():
        polygons = [p for shape in group for p in shape.polygons()]
        points = np.concatenate([np.asarray(p) for p in polygons])
        assert np.abs(points).max() <= flat_top  # on the flat top, inside the chamfer
        for glyph in glyphs:
            assert gap(polygons, glyph) >= 0.6 - 1e-6 and gap(glyph, polygons) >= 0.6 - 1e-6
        assert thinnest_stroke(polygons) >= 0.45 - 1e-6  # one extrusion line at least
    areas = [sum(area(p) for s in g for p in s.polygons()) for g in groups.values()]
    assert max(areas) == pytest.approx(min(areas), rel=1e-6)  # the same mark, turned


@pytest.mark.parametrize("colour", COLOURS, ids=lambda c: c.name)
def test_shapes_are_the_paper_marks(colour):
    """Same outline as ``mark_polygons`` (the paper mapping), only scaled: equal area ratios."""
    unit = colour_mark(colour)
    group = next(iter(corners(mark_shapes(SOLID_TILE, "shapes", piece_colour(colour), REACH)).values()))
    placed = [p for shape in group for p in shape.polygons()]
    assert len(placed) == len(unit)  # the ring keeps its hole
    ratios = [abs(area(p)) / abs(area(u)) for p, u in zip(placed, unit)]
    assert max(ratios) == pytest.approx(min(ratios), rel=1e-6)
    assert colour.shape == "ring" or len(unit) == 1


def test_letters_keep_their_counters():
    counters = {"R": 1, "O": 1, "Y": 0, "G": 0, "B": 2, "V": 0}  # of these capitals in a sans
    for colour in COLOURS:
        group = next(iter(corners(mark_shapes(SOLID_TILE, "letters", piece_colour(colour), REACH)).values()))
        assert sum(len(shape.holes) for shape in group) == counters[colour.letter]


@pytest.mark.needs_3d
def test_marks_are_raised_in_the_glyph_layers_on_the_glyph_filament():
    from grawlix_print.products.solid.build import sample_plates

    files = sample_plates(game(), "*", COLOURS[4].name, markings="shapes")
    with zipfile.ZipFile(io.BytesIO(files["grawlix-raised-blue-two-filaments-shapes.3mf"])) as z:
        model = ET.fromstring(z.read("3D/3dmodel.model"))
        config = ET.fromstring(z.read("Metadata/Slic3r_PE_model.config"))
    ns = "{http://schemas.microsoft.com/3dmanufacturing/core/2015/02}"
    (obj,) = model.iter(f"{ns}object")
    vertices = np.array([[float(v.get(k)) for k in "xyz"] for v in obj.iter(f"{ns}vertex")])
    faces = np.array([[int(t.get(k)) for k in ("v1", "v2", "v3")] for t in obj.iter(f"{ns}triangle")])
    _, glyph = config.iter("volume")
    part = faces[int(glyph.get("firstid")) : int(glyph.get("lastid")) + 1]
    assert {m.get("key"): m.get("value") for m in glyph.iter("metadata")}["extruder"] == "2"
    corners_z = vertices[np.unique(part)]
    centre = (vertices[:, :2].max(axis=0) + vertices[:, :2].min(axis=0)) / 2
    offset = np.abs(corners_z[:, :2] - centre)
    in_corners = corners_z[np.minimum(offset[:, 0], offset[:, 1]) > 9.5]
    body_top = SOLID_TILE.body_height
    assert len(in_corners) and in_corners[:, 2].min() == pytest.approx(body_top, abs=1e-4)
    assert in_corners[:, 2].max() == pytest.approx(body_top + 1.0, abs=1e-4)  # five 0.2 mm layers
