"""3D tiles from any kind of piece with reliefs: the tests' toy game (tests/toy_game), raised.

The toy has nothing of Grawlix: its picture tiles are drawn from filled shapes, and
``toy_game.raised.RaisedToy`` raises each picture through ``drawing.filled.filled_outline``
(the very path its face fills), in the tile's colour. The same toy with another kind,
``emblem_squares`` (squares with raised emblems, one with a hole, one of two islands, its
accents not all holding the same emblems), covers what the picture tiles do not: a plate per
accent and the kind's own words. Each whole 3D set is built once (the product's step, full
set included) and measured in the files: meshes with trimesh, 3MF parts and the colour change
as the slicers read them, PrusaSlicer's G-code where it is installed, and the notes' words.
"""

from __future__ import annotations

import math
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import numpy as np
import pytest
import trimesh
from click.testing import CliRunner

from grawlix_print.drawing.filled import filled_outline
from grawlix_print.drawing.surface import polygon, rectangle
from grawlix_print.errors import StudioError
from grawlix_print.drawing.icons import circle
from toy_game.raised import AMBER, EMBLEMS, TEAL, WHITE, RaisedToy, emblem_squares, star_points

NS = {"m": "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"}
BODY, TOP, SIDE = 9.8, 14.6, 30.0
"""The default body height, relief top and printed side (the toy's 30 mm tiles: a body is as wide as its
kind's pieces unless the kind or --body-size says otherwise), as the notes state them (not from the code)."""
BOX = SIDE * 0.68
"""A relief's larger side on the default tile: the designer's 68 % of the top."""


def area(points) -> float:
    p = np.asarray(points, dtype=float)
    return 0.5 * float(np.sum(p[:, 0] * np.roll(p[:, 1], -1) - np.roll(p[:, 0], -1) * p[:, 1]))


# --- filled shapes as a relief's outline (no CAD) ----------------------------------------


def test_filled_shapes_become_a_centred_outline_with_holes_and_islands():
    ring = filled_outline(EMBLEMS["ring"])
    assert (ring.width, ring.height) == pytest.approx((1.0, 1.0))
    (region,) = ring.regions()
    assert len(region.holes) == 1  # the inner circle, drawn in the same path
    # an annulus of radii 0.4 and 0.22, scaled so its larger side (0.8) is 1
    # (arcs drawn as cubics stand within 0.03 % of a true circle's radius)
    assert sum(area(p) for p in ring.polygons(1e-5)) == pytest.approx(math.pi * (0.4**2 - 0.22**2) / 0.8**2, rel=1e-3)
    dots = filled_outline(EMBLEMS["pair of dots"])
    assert len(dots.regions()) == 2 and (dots.width, dots.height) == pytest.approx((1.0, 0.3 / 0.74))
    island = filled_outline([*EMBLEMS["ring"], circle(0.5, 0.5, 0.1)])  # a dot inside the ring's hole
    assert sorted(len(r.holes) for r in island.regions()) == [0, 1]
    star = filled_outline(EMBLEMS["star"])
    xs, ys = zip(*star_points())
    side = max(max(xs) - min(xs), max(ys) - min(ys))
    assert sum(area(p) for p in star.polygons()) == pytest.approx(area(star_points()) / side**2, rel=1e-9)
    for polygon_ in star.polygons():
        assert area(polygon_) > 0  # outer loops anticlockwise, as a glyph's


def test_a_whole_circle_closes_on_its_start_with_no_sliver_edge():
    """A circle of arcs ends a rounding error from where it began (sin 2 pi is not 0): its loop is
    its four quarter arcs, the last ending exactly at the first's start (CAD refuses a sliver edge)."""
    (contour,) = filled_outline([circle(0.5, 0.5, 0.4)]).contours
    assert len(contour.segments) == 4 and not any(s.is_line for s in contour.segments)
    assert contour.segments[-1].points[-1] == contour.segments[0].points[0]


@pytest.mark.parametrize(
    "shapes, message",
    [
        ([circle(0.4, 0.5, 0.2), circle(0.6, 0.5, 0.2)], "two filled shapes cross"),
        ([rectangle(0, 0, 1, 1), circle(0.5, 0.5, 0.2)], "lie one on the other"),
        ([polygon([(0, 0), (1, 1), (1, 0), (0, 1)])], "crosses itself"),
        ([], "no filled shape"),
    ],
)
def test_shapes_a_solid_cannot_be_made_of_are_refused_naming_the_face(shapes, message):
    with pytest.raises(StudioError, match=message) as refused:
        filled_outline(shapes, "toy: star")
    assert refused.value.where == "toy: star"


def _crossing(polygons: list[list[tuple[float, float]]]) -> str | None:
    """Every pair of edges tried, as the plain definition says: two edges cross when each one's
    ends lie strictly on both sides of the other's line (edges of one loop meeting at a corner do not)."""

    def side(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    edges = [[(p[k], p[(k + 1) % len(p)]) for k in range(len(p))] for p in polygons]
    for i, first in enumerate(edges):
        for j in range(i, len(edges)):
            for m, (p0, p1) in enumerate(first):
                for n, (q0, q1) in enumerate(edges[j]):
                    if i == j and (n <= m or n == m + 1 or (m == 0 and n == len(first) - 1)):
                        continue
                    if side(q0, q1, p0) * side(q0, q1, p1) < 0 and side(p0, p1, q0) * side(p0, p1, q1) < 0:
                        return "crosses itself" if i == j else "two filled shapes cross"
    return None


def test_crossings_are_found_as_every_pair_of_edges_tried_finds_them():
    """Random loops (some on a coarse grid, so edges touch and run along one another): the sweep
    that tries only edges whose boxes overlap refuses exactly what trying every pair refuses."""
    rng = np.random.default_rng(35)
    refused = 0
    for _ in range(400):
        loops = []
        for _ in range(int(rng.integers(1, 4))):
            corners = int(rng.integers(3, 10))
            angles = np.sort(rng.uniform(0, 2 * np.pi, corners)) if rng.random() < 0.6 else rng.uniform(0, 2 * np.pi, corners)
            radii = rng.uniform(0.1, 0.4) * rng.uniform(0.3, 1, corners)
            centre = rng.uniform(0.2, 0.8, 2)
            points = np.stack([centre[0] + radii * np.cos(angles), centre[1] + radii * np.sin(angles)], axis=1)
            if rng.random() < 0.3:
                points = np.round(points * 8) / 8
            loops.append([tuple(p) for p in points.tolist()])
        expected = _crossing(loops)
        try:
            filled_outline([polygon(loop) for loop in loops], "toy")
            found = None
        except StudioError as error:
            found = next((words for words in ("crosses itself", "two filled shapes cross") if words in error.what), None)
        assert found == expected, loops
        refused += expected is not None
    assert 50 < refused < 350  # both answers were tried often


# --- the toy's picture tiles, raised: the whole 3D set ------------------------------------

COLOURS = ("red", "blue", "yellow", "green")
PICTURES = ("triangle", "square", "star")
"""The toy's tile colours and pictures, in its kind's order (tests/toy_game/pieces.py)."""


def built(folder: Path, toy) -> tuple[Path, list]:
    """The toy's 3D set as ``grawlix-print all`` makes it: the product's step (full set included),
    previews and all."""
    from grawlix_print.products.solid.product import Solid, SolidOptions

    solid = Solid()
    (job,) = solid.jobs(toy, [], SolidOptions())
    written = solid.run(toy, folder / "out", job.params)
    return folder / "out" / "3d", written


@pytest.fixture(scope="module")
def toy_set(tmp_path_factory):
    """The toy's 12 picture tiles, raised: three pictures in each of four colours (one plate)."""
    return built(tmp_path_factory.mktemp("raised-toy"), RaisedToy())


@pytest.fixture(scope="module")
def emblem_set(tmp_path_factory):
    """The toy with five emblem squares instead: teal has two stars and a ring, amber a ring and
    a pair of dots (a plate per accent)."""
    return built(tmp_path_factory.mktemp("emblem-toy"), RaisedToy((emblem_squares(),)))


def load(path: Path) -> trimesh.Trimesh:
    return trimesh.load(path, force="mesh")


def assert_sound(mesh: trimesh.Trimesh) -> None:
    assert mesh.is_watertight and mesh.is_winding_consistent and mesh.volume > 0


def up_faces(mesh: trimesh.Trimesh, z: float) -> np.ndarray:
    """Faces facing straight up at height ``z``."""
    return np.flatnonzero((mesh.face_normals[:, 2] > 0.999) & np.isclose(mesh.triangles_center[:, 2], z, atol=1e-4))


def read_3mf(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@pytest.mark.needs_3d
def test_the_toys_tiles_get_every_file_one_plate_for_all_colours(toy_set):
    """Every colour holds the same three pictures, so one STL plate is printed once per colour."""
    out, _ = toy_set
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["toy-garden-3d-printing.txt", "toy-garden-flat-plate.stl", "toy-garden-raised-plate.stl",
         "toy-garden-raised-full-set-five-filaments.3mf"]  # bodies + four colours
        + [f"toy-garden-raised-{p}.{x}" for p in PICTURES for x in ("stl", "step")]
        + [f"toy-garden-raised-{c}-{k}.3mf" for c in COLOURS for k in ("colour-change", "two-filaments")]
    )  # fmt: skip


@pytest.mark.needs_3d
def test_the_toys_3d_set_is_the_same_bytes_from_a_process_of_its_own(toy_set, tmp_path):
    """Same inputs, same bytes, in a process that shares nothing with this one (another hash seed):
    every file of the set, STEP, STL, 3MF, their pictures and notes. (tests/test_all.py compares two
    cold kits' paper products; the 3D set is compared here, on a set that builds in a second.)"""
    code = ("from pathlib import Path\n"
            "from grawlix_print.products.solid.product import Solid, SolidOptions\n"
            "from toy_game.raised import RaisedToy\n"
            "toy, solid = RaisedToy(), Solid()\n"
            "(job,) = solid.jobs(toy, [], SolidOptions())\n"
            f"solid.run(toy, Path({str(tmp_path)!r}) / 'out', job.params)\n")  # fmt: skip
    tests = Path(__file__).resolve().parent
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": f"{tests.parent}{os.pathsep}{tests}", "PYTHONHASHSEED": "2026"})  # fmt: skip
    assert done.returncode == 0, done.stderr
    here, there = toy_set[0], tmp_path / "out" / "3d"
    names = sorted(p.relative_to(here).as_posix() for p in here.rglob("*") if p.is_file())
    assert names and names == sorted(p.relative_to(there).as_posix() for p in there.rglob("*") if p.is_file())
    assert [n for n in names if (here / n).read_bytes() != (there / n).read_bytes()] == []


@pytest.mark.needs_3d
def test_the_toys_plates_are_sound_and_at_the_notes_heights(toy_set):
    out, _ = toy_set
    for name, bodies, top in (("raised-plate", 3, TOP), ("flat-plate", 12, BODY)):
        mesh = load(out / f"toy-garden-{name}.stl")
        assert_sound(mesh)
        parts = mesh.split(only_watertight=False)
        assert len(parts) == bodies, name  # one tile per picture; a blank per tile of a set
        for part in parts:
            assert_sound(part)
            assert part.extents[:2] == pytest.approx([SIDE, SIDE], abs=0.01)
            assert part.bounds[0][2] == pytest.approx(0, abs=1e-6) and part.bounds[1][2] == pytest.approx(top, abs=1e-4)


@pytest.mark.needs_3d
def test_each_picture_is_raised_as_its_face_fills_it(toy_set):
    """Each picture's top is the mark shape the face fills (regular polygons of tests/toy_game),
    its larger side the relief box: a triangle fills sqrt(3)/4 of its box's square, a square all
    of it, a five-pointed star of radii R and R/2 fills 5 R (R/2) sin 36 deg of (2 R cos 18 deg)^2."""
    out, _ = toy_set
    star = 5 * 0.5 * 0.25 * math.sin(math.radians(36)) / (2 * 0.5 * math.cos(math.radians(18))) ** 2
    for picture, fraction in (("triangle", math.sqrt(3) / 4), ("square", 1.0), ("star", star)):
        mesh = load(out / f"toy-garden-raised-{picture}.stl")
        assert_sound(mesh)
        levels = sorted({round(float(z), 4) for z in mesh.triangles_center[mesh.face_normals[:, 2] > 0.999, 2]})
        assert levels == pytest.approx([BODY, TOP]), picture  # the body's top and the picture's top only
        top = mesh.submesh([up_faces(mesh, TOP)], append=True)
        assert top.area == pytest.approx(fraction * BOX**2, rel=1e-4), picture  # straight edges: exact
        assert len(top.outline().entities) == 1, picture  # one rim: no hole
        middle = (mesh.bounds[0][:2] + mesh.bounds[1][:2]) / 2
        box = (top.bounds[0][:2] + top.bounds[1][:2]) / 2
        assert box == pytest.approx(middle, abs=1e-3), picture  # centred on the tile


@pytest.mark.needs_3d
def test_the_toys_one_nozzle_3mf_changes_to_the_tiles_colour(toy_set):
    """Red (0.85, 0.20, 0.15) is #D93326 and the default grey body (0.78) #C7C7C7, to the nearest step."""
    out, _ = toy_set
    files = read_3mf(out / "toy-garden-raised-red-colour-change.3mf")
    model = ET.fromstring(files["3D/3dmodel.model"])
    names = [o.get("name") for o in model.findall("m:resources/m:object", NS)]
    assert names == [f"red {p}" for p in PICTURES]  # the faces' descriptions: no label
    materials = [(b.get("name"), b.get("displaycolor")) for b in model.findall("m:resources/m:basematerials/m:base", NS)]
    assert materials == [("base (light grey)", "#C7C7C7FF"), ("red", "#D93326FF")]
    (code,) = ET.fromstring(files["Metadata/Prusa_Slicer_custom_gcode_per_print_z.xml"]).findall("code")
    assert (code.get("print_z"), code.get("gcode"), code.get("color")) == ("10", "M600", "#D93326")  # 9.8 + 0.2
    config = files["Metadata/Slic3r_PE.config"].decode()
    assert "The tiles were made" in config and "glyph" not in config


@pytest.mark.needs_3d
def test_the_toys_full_set_puts_each_colours_pictures_on_its_filament(toy_set):
    out, _ = toy_set
    volumes = ET.fromstring(read_3mf(out / "toy-garden-raised-blue-two-filaments.3mf")["Metadata/Slic3r_PE_model.config"])
    parts = [{m.get("key"): m.get("value") for m in v.findall("metadata")} for v in volumes.iter("volume")]
    assert [(p["name"], p["extruder"]) for p in parts] == [("body", "1"), ("picture", "2")] * 3
    full = read_3mf(out / "toy-garden-raised-full-set-five-filaments.3mf")
    assert filaments_of(full) == {f"{c} {p}": {str(2 + i)} for i, c in enumerate(COLOURS) for p in PICTURES}
    assert len(ET.fromstring(full["3D/3dmodel.model"]).findall("m:resources/m:object", NS)) == 12


def filaments_of(files: dict[str, bytes], part: str = "picture") -> dict[str, set[str]]:
    """Each object's name in a 3MF and the filaments its raised part (``part``) is on."""
    config = ET.fromstring(files["Metadata/Slic3r_PE_model.config"])
    filaments: dict[str, set[str]] = {}
    for obj in config.findall("object"):
        name = next(m.get("value") for m in obj.findall("metadata") if m.get("key") == "name")
        raised = [v for v in obj.findall("volume") if any(m.get("value") == part for m in v.findall("metadata"))]
        filaments.setdefault(str(name), set()).add(str(next(m.get("value") for m in raised[0].findall("metadata") if m.get("key") == "extruder")))
    return filaments


@pytest.mark.needs_3d
def test_the_toys_notes_speak_of_tiles_and_pictures(toy_set):
    out, _ = toy_set
    notes = (out / "toy-garden-3d-printing.txt").read_text()
    flat = " ".join(notes.split())
    assert notes.startswith("TOY GARDEN 3D-PRINTED TILES: HOW TO PRINT THEM")
    assert not re.search(r"\bglyphs?\b", notes, re.IGNORECASE)  # Grawlix's word, nowhere
    for said in ("A full set is 12 tiles: the three pictures in each of four colours",
                 "Print toy-garden-raised-plate.stl four times", "red, blue, yellow, green",
                 "pictures on 2 red, 3 blue, 4 yellow, 5 green", '"body" on filament 1 (shown grey) and "picture" on filament 2',
                 "grawlix-print stl --game toy --first-layer-height 0.2 --layer-height 0.28",
                 "CHANGE FILAMENT AT Z = 9.8 MM", "12 plain tiles, 30 x 30 x 9.8 mm"):  # fmt: skip
        assert said in flat, said
    assert max(len(line) for line in notes.splitlines()) <= 80


@pytest.mark.needs_3d
@pytest.mark.skipif(shutil.which("prusa-slicer") is None, reason="no prusa-slicer")
def test_prusaslicer_changes_filament_once_at_the_first_picture_layer(toy_set, tmp_path):
    """Sliced at a 0.2 mm first layer only (the layer height comes from the file): one M600, at the
    layer that ends at Z 10.0, the first above the 9.8 mm body."""
    out, _ = toy_set
    model = tmp_path / "red.3mf"
    model.write_bytes((out / "toy-garden-raised-red-colour-change.3mf").read_bytes())
    gcode = tmp_path / "red.gcode"
    done = subprocess.run(["prusa-slicer", "--export-gcode", "--first-layer-height", "0.2", "-o", str(gcode), str(model)],
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    z, changes = None, []
    for line in gcode.read_text().splitlines():
        if line.startswith(";Z:"):
            z = float(line[3:])
        elif line.strip() == "M600":
            changes.append(z)
    assert changes == [pytest.approx(10.0)]


def shows(picture: np.ndarray, rgb) -> bool:
    """Whether a lit picture (pixels as rows of RGB in 0..1) shows a colour: many pixels along
    that colour's ray from black, bright enough."""
    ray = np.asarray(rgb) / np.linalg.norm(rgb)
    along = picture @ ray
    return bool(((np.linalg.norm(picture - along[:, None] * ray, axis=1) < 0.03) & (along > 0.3)).sum() > 500)


def pixels(path: Path) -> np.ndarray:
    from PIL import Image

    return np.asarray(Image.open(path).convert("RGB")).reshape(-1, 3) / 255


@pytest.mark.needs_3d
def test_each_colours_3mf_preview_shows_that_colour_on_the_grey_body(toy_set):
    from toy_game.pieces import COLOURS as TOY_COLOURS

    out, written = toy_set
    previews = {w.params["of"]: w.path for w in written if w.kind == "preview"}
    assert len(previews) == 11  # every plate: 2 STL, 9 3MF
    grey = (0.78, 0.78, 0.78)
    for colour in TOY_COLOURS:
        picture = pixels(previews[f"toy-garden-raised-{colour.name}-colour-change.3mf"])
        assert shows(picture, colour.ink.rgb) and shows(picture, grey), colour.name
        for other in TOY_COLOURS:
            if other is not colour:
                assert not shows(picture, other.ink.rgb), (colour.name, other.name)


# --- the toy with emblem squares: a plate per accent, the kind's own words -------------------


@pytest.mark.needs_3d
def test_emblem_squares_get_a_plate_per_accent_named_in_their_own_words(emblem_set):
    out, _ = emblem_set
    emblems = ("star", "ring", "pair-of-dots")
    assert sorted(p.name for p in out.iterdir()) == sorted(
        ["toy-garden-3d-printing.txt", "toy-garden-flat-plate.stl",
         "toy-garden-raised-full-set-three-filaments.3mf"]  # bodies + teal + amber
        + [f"toy-garden-raised-plate-{a}.stl" for a in ("teal", "amber")]  # accents differ: a plate each
        + [f"toy-garden-raised-{e}.{x}" for e in emblems for x in ("stl", "step")]
        + [f"toy-garden-raised-{a}-{k}.3mf" for a in ("teal", "amber") for k in ("colour-change", "two-filaments")]
    )  # fmt: skip


@pytest.mark.needs_3d
def test_each_accents_plate_holds_its_own_squares(emblem_set):
    out, _ = emblem_set
    for name, bodies, top in (("raised-plate-teal", 3, TOP), ("raised-plate-amber", 2, TOP), ("flat-plate", 5, BODY)):
        mesh = load(out / f"toy-garden-{name}.stl")
        assert_sound(mesh)
        parts = mesh.split(only_watertight=False)
        assert len(parts) == bodies, name  # two stars and a ring; a ring and a pair of dots; every blank
        for part in parts:
            assert_sound(part)
            assert part.extents[:2] == pytest.approx([SIDE, SIDE], abs=0.01)
            assert part.bounds[0][2] == pytest.approx(0, abs=1e-6) and part.bounds[1][2] == pytest.approx(top, abs=1e-4)


@pytest.mark.needs_3d
def test_each_emblem_is_raised_as_drawn_holes_and_islands_too(emblem_set):
    """The top of each single square's relief is the emblem: a star of the drawn star's area, a ring
    (one outline with a hole: two rims), two separate dots."""
    out, _ = emblem_set
    star, ring, dots = (load(out / f"toy-garden-raised-{e}.stl") for e in ("star", "ring", "pair-of-dots"))
    for mesh in (star, ring, dots):
        assert_sound(mesh)
        levels = sorted({round(float(z), 4) for z in mesh.triangles_center[mesh.face_normals[:, 2] > 0.999, 2]})
        assert levels == pytest.approx([BODY, TOP])  # the body's top and the emblem's top only
    xs, ys = zip(*star_points())
    drawn = area(star_points()) / max(max(xs) - min(xs), max(ys) - min(ys)) ** 2 * BOX**2
    assert star.area_faces[up_faces(star, TOP)].sum() == pytest.approx(drawn, rel=1e-4)  # straight edges: exact
    top = ring.submesh([up_faces(ring, TOP)], append=True)
    assert len(top.outline().entities) == 2  # outer rim and the hole's rim
    # radii 0.4 and 0.22 of a ring 0.8 across, in the relief box; facets 0.02 mm inside the curves
    assert top.area == pytest.approx(math.pi * ((0.4 / 0.8) ** 2 - (0.22 / 0.8) ** 2) * BOX**2, rel=5e-3)
    assert len(dots.submesh([up_faces(dots, TOP)], append=True).split(only_watertight=False)) == 2


@pytest.mark.needs_3d
def test_emblem_3mfs_use_the_accents_and_the_kinds_body(emblem_set):
    out, _ = emblem_set
    files = read_3mf(out / "toy-garden-raised-teal-colour-change.3mf")
    model = ET.fromstring(files["3D/3dmodel.model"])
    assert [o.get("name") for o in model.findall("m:resources/m:object", NS)] == ["teal star", "teal star", "teal ring"]
    materials = [(b.get("name"), b.get("displaycolor")) for b in model.findall("m:resources/m:basematerials/m:base", NS)]
    assert materials == [("white", "#F2F2F2FF"), ("teal", "#008080FF")]
    (code,) = ET.fromstring(files["Metadata/Prusa_Slicer_custom_gcode_per_print_z.xml"]).findall("code")
    assert (code.get("print_z"), code.get("gcode"), code.get("color")) == ("10", "M600", "#008080")
    config = files["Metadata/Slic3r_PE.config"].decode()
    assert "The squares were made" in config and "tile" not in config
    volumes = ET.fromstring(read_3mf(out / "toy-garden-raised-amber-two-filaments.3mf")["Metadata/Slic3r_PE_model.config"])
    parts = [{m.get("key"): m.get("value") for m in v.findall("metadata")} for v in volumes.iter("volume")]
    assert [(p["name"], p["extruder"]) for p in parts] == [("body", "1"), ("emblem", "2")] * 2
    full = read_3mf(out / "toy-garden-raised-full-set-three-filaments.3mf")
    filaments = filaments_of(full, "emblem")
    assert filaments == {"teal star": {"2"}, "teal ring": {"2"}, "amber ring": {"3"}, "amber pair of dots": {"3"}}
    assert len(ET.fromstring(full["3D/3dmodel.model"]).findall("m:resources/m:object", NS)) == 5  # both stars


@pytest.mark.needs_3d
def test_emblem_notes_speak_of_squares_and_emblems(emblem_set):
    out, _ = emblem_set
    notes = (out / "toy-garden-3d-printing.txt").read_text()
    flat = " ".join(notes.split())
    assert notes.startswith("TOY GARDEN 3D-PRINTED SQUARES: HOW TO PRINT THEM")
    assert not re.search(r"\b(glyphs?|tiles?|pictures?)\b", notes, re.IGNORECASE)  # other kinds' words, nowhere
    for said in ("A full set is 5 squares in two colours. Each colour has its own plate",
                 "toy-garden-raised-plate-<colour>.stl", "2 to 3 squares, the colour's emblems",
                 "emblems on 2 teal, 3 amber", '"body" on filament 1 (shown in white) and "emblem" on filament 2',
                 "CHANGE FILAMENT AT Z = 9.8 MM", "(<colour> is each of teal, amber)"):  # fmt: skip
        assert said in flat, said
    assert max(len(line) for line in notes.splitlines()) <= 80


@pytest.mark.needs_3d
@pytest.mark.skipif(shutil.which("prusa-slicer") is None, reason="no prusa-slicer")
def test_the_emblems_grams_agree_with_prusaslicer_and_the_ring_takes_infill(emblem_set, tmp_path):
    """The amber plate (a ring and a pair of dots) at the notes' settings: the grams the notes work
    out for its bodies and emblems are within 15 % of PrusaSlicer's "filament used", as Grawlix's
    are; and the ring is wide enough for sparse infill inside its walls (PrusaSlicer lays some with
    the emblems' tool), so the notes do not say the emblems print solid."""
    from grawlix_print.products.solid.build import sample_grams
    from test_solid_slicer import TWO_EXTRUDERS, notes_settings

    out, _ = emblem_set
    model = tmp_path / "amber.3mf"
    model.write_bytes((out / "toy-garden-raised-amber-two-filaments.3mf").read_bytes())
    gcode = tmp_path / "amber.gcode"
    done = subprocess.run(["prusa-slicer", "--export-gcode", "--first-layer-height", "0.2", "--layer-height", "0.2",
                           *TWO_EXTRUDERS, *notes_settings(), "-o", str(gcode), str(model)],
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    text = gcode.read_text()
    used = re.search(r"^; filament used \[g\] = ([\d.]+), ([\d.]+)$", text, re.MULTILINE)
    assert used is not None
    bodies, emblems = map(float, used.groups())
    body, relief = sample_grams(RaisedToy((emblem_squares(),)), ["ring", "pair of dots"], "amber")
    assert body == pytest.approx(bodies, rel=0.15) and relief == pytest.approx(emblems, rel=0.15)
    tool, infill = "T0", set()
    for line in text.splitlines():
        if re.fullmatch(r"T\d", line):
            tool = line
        elif line == ";TYPE:Internal infill":
            infill.add(tool)
    assert "T1" in infill
    assert "print solid" not in " ".join((out / "toy-garden-3d-printing.txt").read_text().split())


@pytest.mark.needs_3d
def test_each_accents_plate_preview_shows_its_own_accent_on_the_body_colour(emblem_set):
    """A plate's picture is lit, so each colour shows along its own ray from black: the amber plate
    shows amber and white, and no teal; the teal plate the other way round."""
    out, written = emblem_set
    previews = {w.params["of"]: w.path for w in written if w.kind == "preview"}
    assert len(previews) == 8  # every plate: 3 STL, 5 3MF
    for accent, other in ((AMBER, TEAL), (TEAL, AMBER)):
        for name in (f"toy-garden-raised-plate-{accent.name}.stl", f"toy-garden-raised-{accent.name}-colour-change.3mf"):
            picture = pixels(previews[name])
            assert shows(picture, accent.ink.rgb) and shows(picture, WHITE.ink.rgb), name
            assert not shows(picture, other.ink.rgb), name
    blanks = pixels(previews["toy-garden-flat-plate.stl"])  # the bodies alone, in their colour
    assert shows(blanks, WHITE.ink.rgb) and not any(shows(blanks, a.ink.rgb) for a in (AMBER, TEAL))


# --- which kinds are printed (no CAD) -------------------------------------------------------


def test_several_kinds_each_get_their_own_files_round_ones_too(capsys):
    from grawlix_print.pieces.kinds import Shape
    from grawlix_print.products.solid.kinds import notes_names, solid_kinds
    from grawlix_print.products.solid.product import Solid

    two = RaisedToy((emblem_squares(), emblem_squares(name="plaques", singular="plaque")))
    assert [kind.prefix for kind in solid_kinds(two)] == ["toy-garden-squares", "toy-garden-plaques"]
    assert notes_names(two) == ["toy-garden-squares-3d-printing.txt", "toy-garden-plaques-3d-printing.txt"]
    mixed = RaisedToy((emblem_squares(), emblem_squares(Shape.CIRCLE, "discs", "disc")))
    assert [kind.prefix for kind in solid_kinds(mixed)] == ["toy-garden-squares", "toy-garden-discs"]
    assert "left out" not in capsys.readouterr().err
    round_only = RaisedToy((emblem_squares(Shape.CIRCLE, "discs", "disc"),))
    assert Solid().offers(round_only)


def test_a_kind_without_colours_refuses_marks_naming_the_option():
    from dataclasses import replace

    from grawlix_print.options import OptionError
    from grawlix_print.products.solid.kinds import solid_kinds
    from grawlix_print.products.solid.plan import plan_stl, stl_options

    plain = emblem_squares()
    plain = replace(plain, pieces=tuple(replace(p, colour=None) for p in plain.pieces), markings=("none",))
    (kind,) = solid_kinds(RaisedToy((plain,)))
    with pytest.raises(OptionError) as refused:
        plan_stl(stl_options(markings="letters"), kind)
    assert refused.value.about[0] == "markings" and "squares cannot be marked by letters" in refused.value.what


# --- the command: a game without reliefs says so before asking for CadQuery --------------


@pytest.fixture
def no_cadquery(monkeypatch):
    """The 3D extra as if it were not installed."""
    from grawlix_print import extras

    monkeypatch.setitem(extras.EXTRAS, "3d", extras.Extra("3d", "no_such_module_for_tests", "CadQuery", "3D tiles"))


def test_stl_for_a_game_without_reliefs_says_so_first(no_cadquery, tmp_path):
    from grawlix_print.cli import main

    result = CliRunner().invoke(main, ["stl", "--game", "permutations", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == (
        "error: permutations has nothing to print in 3D: its cards have no relief "
        "(a raised picture on each piece, pieces.kinds.Relief)\n"
    )
    result = CliRunner().invoke(main, ["stl", "--out", str(tmp_path / "out")])  # Grawlix has reliefs
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert 'CadQuery is not installed; pip install "grawlix-print[3d]"' in result.stderr
    assert not (tmp_path / "out").exists()


def test_stl_for_the_toy_as_installed_names_its_kinds_without_reliefs(no_cadquery, toy_game, tmp_path):
    """The toy as a plug-in has no reliefs (only the tests' ``RaisedToy`` raises its tiles): the
    command says so, naming its three kinds, before it asks for CadQuery."""
    from grawlix_print.cli import main

    result = CliRunner().invoke(main, ["stl", "--game", "toy", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == (
        "error: toy has nothing to print in 3D: its tiles, tokens and cards have no relief "
        "(a raised picture on each piece, pieces.kinds.Relief)\n"
    )
    assert not (tmp_path / "out").exists()
