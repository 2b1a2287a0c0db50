"""3D tiles from any kind of piece with reliefs: a toy game of squares with raised emblems.

The toy (``relief_toy``) has nothing of Grawlix: its emblems are drawn from filled
shapes and raised through ``drawing.filled.filled_outline``; its accents do not all
hold the same emblems. Its whole 3D set is built once (the kit's library call, full
set included) and measured in the files: meshes with trimesh, 3MF parts and the
colour change as the slicers read them, PrusaSlicer's G-code where it is installed,
and the notes' words.
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import numpy as np
import pytest
import trimesh
from click.testing import CliRunner

from grawlix_print.drawing.filled import filled_outline
from grawlix_print.drawing.surface import polygon, rectangle
from grawlix_print.errors import GrawlixError
from relief_toy import AMBER, EMBLEMS, TEAL, WHITE, ReliefToy, circle, squares, star_points

NS = {"m": "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"}
BODY, TOP, SIDE = 9.8, 14.6, 28.0
"""The default body height, relief top and printed side, as the notes state them (not from the code)."""
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
    # (cubic arcs stand within 0.03 % of a true circle's radius)
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
    with pytest.raises(GrawlixError, match=message) as refused:
        filled_outline(shapes, "toy: star")
    assert refused.value.where == "toy: star"


# --- the toy's whole 3D set ---------------------------------------------------------------


@pytest.fixture(scope="module")
def toy_set(tmp_path_factory):
    """The toy's 3D set as ``grawlix-print all`` makes it: the product's step (full set included),
    previews and all."""
    from grawlix_print.products.solid.product import Solid, SolidOptions

    folder = tmp_path_factory.mktemp("relief-toy")
    toy, solid = ReliefToy(folder / "templates"), Solid()
    (job,) = solid.jobs(toy, [], SolidOptions())
    written = solid.run(toy, folder / "out", job.params)
    return folder / "out" / "3d", written


def load(path: Path) -> trimesh.Trimesh:
    return trimesh.load(path, force="mesh")


def test_the_toy_gets_every_file_named_in_its_own_words(toy_set):
    out, _ = toy_set
    names = sorted(p.name for p in out.iterdir())
    emblems = ("star", "ring", "pair-of-dots")
    assert names == sorted(
        ["toy-reliefs-3d-printing.txt", "toy-reliefs-flat-plate.stl",
         "toy-reliefs-raised-full-set-three-filaments.3mf"]  # bodies + teal + amber
        + [f"toy-reliefs-raised-plate-{a}.stl" for a in ("teal", "amber")]  # accents differ: a plate each
        + [f"toy-reliefs-raised-{e}.{x}" for e in emblems for x in ("stl", "step")]
        + [f"toy-reliefs-raised-{a}-{k}.3mf" for a in ("teal", "amber") for k in ("colour-change", "two-filaments")]
    )  # fmt: skip


def assert_sound(mesh: trimesh.Trimesh) -> None:
    assert mesh.is_watertight and mesh.is_winding_consistent and mesh.volume > 0


def up_faces(mesh: trimesh.Trimesh, z: float) -> np.ndarray:
    """Faces facing straight up at height ``z``."""
    return np.flatnonzero((mesh.face_normals[:, 2] > 0.999) & np.isclose(mesh.triangles_center[:, 2], z, atol=1e-4))


def test_plates_hold_each_accents_squares_sound_and_at_the_notes_heights(toy_set):
    out, _ = toy_set
    for name, bodies, top in (("raised-plate-teal", 3, TOP), ("raised-plate-amber", 2, TOP), ("flat-plate", 5, BODY)):
        mesh = load(out / f"toy-reliefs-{name}.stl")
        assert_sound(mesh)
        parts = mesh.split(only_watertight=False)
        assert len(parts) == bodies, name  # two stars and a ring; a ring and a pair of dots; every blank
        for part in parts:
            assert_sound(part)
            assert part.extents[:2] == pytest.approx([SIDE, SIDE], abs=0.01)
            assert part.bounds[0][2] == pytest.approx(0, abs=1e-6) and part.bounds[1][2] == pytest.approx(top, abs=1e-4)


def test_each_emblem_is_raised_as_drawn(toy_set):
    """The top of each single square's relief is the emblem: a star of the drawn star's area, a ring
    (one outline with a hole: two rims), two separate dots."""
    out, _ = toy_set
    star, ring, dots = (load(out / f"toy-reliefs-raised-{e}.stl") for e in ("star", "ring", "pair-of-dots"))
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


def read_3mf(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_one_nozzle_3mf_sets_the_change_in_the_accents_colour(toy_set):
    out, _ = toy_set
    files = read_3mf(out / "toy-reliefs-raised-teal-colour-change.3mf")
    model = ET.fromstring(files["3D/3dmodel.model"])
    names = [o.get("name") for o in model.findall("m:resources/m:object", NS)]
    assert names == ["teal star", "teal star", "teal ring"]  # the faces' descriptions: no label
    materials = [(b.get("name"), b.get("displaycolor")) for b in model.findall("m:resources/m:basematerials/m:base", NS)]
    assert materials == [("white", "#F2F2F2FF"), ("teal", "#008080FF")]
    (code,) = ET.fromstring(files["Metadata/Prusa_Slicer_custom_gcode_per_print_z.xml"]).findall("code")
    assert (code.get("print_z"), code.get("gcode"), code.get("color")) == ("10", "M600", "#008080")  # 9.8 + 0.2
    config = files["Metadata/Slic3r_PE.config"].decode()
    assert "The squares were made" in config and "tile" not in config


def test_two_filament_and_full_set_3mf_put_each_emblem_on_its_accents_filament(toy_set):
    out, _ = toy_set
    volumes = ET.fromstring(read_3mf(out / "toy-reliefs-raised-amber-two-filaments.3mf")["Metadata/Slic3r_PE_model.config"])
    parts = [{m.get("key"): m.get("value") for m in v.findall("metadata")} for v in volumes.iter("volume")]
    assert [(p["name"], p["extruder"]) for p in parts] == [("body", "1"), ("emblem", "2")] * 2
    full = read_3mf(out / "toy-reliefs-raised-full-set-three-filaments.3mf")
    config = ET.fromstring(full["Metadata/Slic3r_PE_model.config"])
    filaments = {}
    for obj in config.findall("object"):
        name = next(m.get("value") for m in obj.findall("metadata") if m.get("key") == "name")
        emblem = [v for v in obj.findall("volume") if any(m.get("value") == "emblem" for m in v.findall("metadata"))]
        filaments.setdefault(name, set()).add(next(m.get("value") for m in emblem[0].findall("metadata") if m.get("key") == "extruder"))
    assert filaments == {"teal star": {"2"}, "teal ring": {"2"}, "amber ring": {"3"}, "amber pair of dots": {"3"}}
    model = ET.fromstring(full["3D/3dmodel.model"])
    assert len(model.findall("m:resources/m:object", NS)) == 5  # both stars: a set holds two


def test_notes_speak_of_squares_and_emblems(toy_set):
    out, _ = toy_set
    notes = (out / "toy-reliefs-3d-printing.txt").read_text()
    flat = " ".join(notes.split())
    assert notes.startswith("TOY RELIEFS 3D-PRINTED SQUARES: HOW TO PRINT THEM")
    assert not re.search(r"\b(glyphs?|tiles?)\b", notes, re.IGNORECASE)  # Grawlix's words, nowhere
    for said in ("A full set is 5 squares in two colours. Each colour has its own plate",
                 "toy-reliefs-raised-plate-<colour>.stl", "2 to 3 squares, the colour's emblems",
                 "emblems on 2 teal, 3 amber", '"body" on filament 1 (shown in white) and "emblem" on filament 2',
                 "grawlix-print stl --game relief-toy --first-layer-height 0.2 \\ --layer-height 0.28",
                 "CHANGE FILAMENT AT Z = 9.8 MM", "(<colour> is each of teal, amber)"):  # fmt: skip
        assert said in flat, said
    assert max(len(line) for line in notes.splitlines()) <= 80


@pytest.mark.skipif(shutil.which("prusa-slicer") is None, reason="no prusa-slicer")
def test_prusaslicer_changes_filament_once_at_the_first_emblem_layer(toy_set, tmp_path):
    """Sliced at a 0.2 mm first layer only (the layer height comes from the file): one M600, at the
    layer that ends at Z 10.0, the first above the 9.8 mm body."""
    out, _ = toy_set
    model = tmp_path / "teal.3mf"
    model.write_bytes((out / "toy-reliefs-raised-teal-colour-change.3mf").read_bytes())
    gcode = tmp_path / "teal.gcode"
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


@pytest.mark.skipif(shutil.which("prusa-slicer") is None, reason="no prusa-slicer")
def test_the_toys_grams_agree_with_prusaslicer_and_its_ring_takes_infill(toy_set, tmp_path):
    """The amber plate (a ring and a pair of dots) at the notes' settings: the grams the notes work
    out for its bodies and emblems are within 15 % of PrusaSlicer's "filament used", as Grawlix's
    are; and the ring is wide enough for sparse infill inside its walls (PrusaSlicer lays some with
    the emblems' tool), so the notes do not say the emblems print solid."""
    from grawlix_print.products.solid.build import sample_grams
    from test_solid_slicer import TWO_EXTRUDERS, notes_settings

    out, _ = toy_set
    model = tmp_path / "amber.3mf"
    model.write_bytes((out / "toy-reliefs-raised-amber-two-filaments.3mf").read_bytes())
    gcode = tmp_path / "amber.gcode"
    done = subprocess.run(["prusa-slicer", "--export-gcode", "--first-layer-height", "0.2", "--layer-height", "0.2",
                           *TWO_EXTRUDERS, *notes_settings(), "-o", str(gcode), str(model)],
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    text = gcode.read_text()
    used = re.search(r"^; filament used \[g\] = ([\d.]+), ([\d.]+)$", text, re.MULTILINE)
    bodies, emblems = map(float, used.groups())
    body, relief = sample_grams(ReliefToy(tmp_path / "toy"), ["ring", "pair of dots"], "amber")
    assert body == pytest.approx(bodies, rel=0.15) and relief == pytest.approx(emblems, rel=0.15)
    tool, infill = "T0", set()
    for line in text.splitlines():
        if re.fullmatch(r"T\d", line):
            tool = line
        elif line == ";TYPE:Internal infill":
            infill.add(tool)
    assert "T1" in infill
    assert "print solid" not in " ".join((out / "toy-reliefs-3d-printing.txt").read_text().split())


# --- which kinds are printed (no CAD) -------------------------------------------------------


def test_several_kinds_each_get_their_own_files_and_round_ones_are_left_out_with_a_note(tmp_path, capsys):
    from grawlix_print.pieces.kinds import Shape
    from grawlix_print.products.solid.kinds import notes_names, solid_kinds
    from grawlix_print.products.solid.product import Solid

    two = ReliefToy(tmp_path, (squares(), squares(name="plaques", singular="plaque")))
    assert [kind.prefix for kind in solid_kinds(two)] == ["toy-reliefs-squares", "toy-reliefs-plaques"]
    assert notes_names(two) == ["toy-reliefs-squares-3d-printing.txt", "toy-reliefs-plaques-3d-printing.txt"]
    mixed = ReliefToy(tmp_path, (squares(), squares(Shape.CIRCLE, "discs", "disc")))
    assert [kind.prefix for kind in solid_kinds(mixed)] == ["toy-reliefs"]
    assert "note: 3D: discs are left out: its discs are circles" in capsys.readouterr().err
    round_only = ReliefToy(tmp_path, (squares(Shape.CIRCLE, "discs", "disc"),))
    assert not Solid().offers(round_only)
    assert "nothing to print in 3D: its discs are circles" in Solid().refusal(round_only).what


def test_a_kind_without_colours_refuses_marks_naming_the_option(tmp_path):
    from dataclasses import replace

    from grawlix_print.options import OptionError
    from grawlix_print.products.solid.kinds import solid_kinds
    from grawlix_print.products.solid.plan import plan_stl, stl_options

    plain = squares()
    plain = replace(plain, pieces=tuple(replace(p, colour=None) for p in plain.pieces), markings=("none",))
    (kind,) = solid_kinds(ReliefToy(tmp_path, (plain,)))
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


# --- the accents and body come from the kind -----------------------------------------------


def test_each_plates_preview_shows_its_own_accent_on_the_body_colour(toy_set):
    """A plate's picture is lit, so each colour shows along its own ray from black: the amber plate
    shows amber and white, and no teal; the teal plate the other way round."""
    from PIL import Image

    out, written = toy_set
    previews = {w.params["of"]: w.path for w in written if w.kind == "preview"}
    assert len(previews) == 8  # every plate: 3 STL, 5 3MF

    def shows(picture: np.ndarray, rgb) -> bool:
        ray = np.asarray(rgb) / np.linalg.norm(rgb)
        along = picture @ ray
        return bool(((np.linalg.norm(picture - along[:, None] * ray, axis=1) < 0.03) & (along > 0.3)).sum() > 500)

    for accent, other in ((AMBER, TEAL), (TEAL, AMBER)):
        for name in (f"toy-reliefs-raised-plate-{accent.name}.stl", f"toy-reliefs-raised-{accent.name}-colour-change.3mf"):
            picture = np.asarray(Image.open(previews[name]).convert("RGB")).reshape(-1, 3) / 255
            assert shows(picture, accent.ink.rgb) and shows(picture, WHITE.ink.rgb), name
            assert not shows(picture, other.ink.rgb), name
