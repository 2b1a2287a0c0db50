"""`grawlix-print stl`: the meshes, the 3MF and the swap height, measured in the files written.

CadQuery work is shared: one full default build per session, and one raised
build per extra layer setting.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile
import xml.etree.ElementTree as ET
from datetime import datetime
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import trimesh
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.tile.identity import COLOURS, GLYPHS
from grawlix_print.tile.sizes import SOLID_TILE
from grawlix_print.tile.look import TILE_FACE, ink
from grawlix_print.tile.outline import glyph_outlines

from conftest import PROJECT, TEMPLATES

NS = {"m": "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"}
SINGLE_NAMES = [f"grawlix-raised-{g.name.replace(' ', '-')}.stl" for g in GLYPHS]
GLYPH_BOX = SOLID_TILE.size * 0.68  # the glyph's larger side on a default tile


def run_stl(out: Path, *args: str):
    return CliRunner().invoke(main, ["stl", "--out", str(out), *args])


@pytest.fixture(scope="session")
def default_set(tmp_path_factory):
    out = tmp_path_factory.mktemp("stl-default")
    result = run_stl(out)
    assert result.exit_code == 0, result.output
    return out / "3d", result.output


LAYER_SETTINGS = [("0.3", "0.2", "10"), ("0.28", "0.12", "10"), ("0.24", "0.16", "9.5")]


@pytest.fixture(scope="session")
def raised_set(tmp_path_factory):
    """Raised tiles for (first layer, layer, body) settings, each built once per session."""
    built = {}

    def build(first: str, layer: str, body: str) -> Path:
        if (first, layer, body) not in built:
            out = tmp_path_factory.mktemp("stl-layers")
            result = run_stl(out, "--style", "raised", "--first-layer-height", first,
                             "--layer-height", layer, "--body-height", body)  # fmt: skip
            assert result.exit_code == 0, result.output
            built[first, layer, body] = out / "3d"
        return built[first, layer, body]

    return build


def load(path: Path) -> trimesh.Trimesh:
    return trimesh.load(path, force="mesh")


def assert_closed_manifold(mesh: trimesh.Trimesh):
    assert mesh.is_watertight and mesh.is_winding_consistent
    edges, counts = np.unique(mesh.edges_sorted, axis=0, return_counts=True)
    assert len(edges) and set(counts.tolist()) == {2}  # no open, no non-manifold edge
    assert mesh.volume > 0  # outward normals


def flat_levels(mesh: trimesh.Trimesh) -> list[float]:
    """Heights of the upward-facing flat faces: the body's top and the glyph's top."""
    up = mesh.face_normals[:, 2] > 0.999
    return sorted({round(float(z), 3) for z in mesh.triangles_center[up][:, 2]})


# --- the default set --------------------------------------------------------


def test_full_set_is_written(default_set):
    out, output = default_set
    names = sorted(p.name for p in out.iterdir())
    expected = (
        ["grawlix-raised-plate.stl", "grawlix-flat-plate.stl", "grawlix-3d-printing.txt"]
        + SINGLE_NAMES
        + [f"grawlix-raised-plate-{c.name}.3mf" for c in COLOURS]
    )
    assert names == sorted(expected)
    assert not [p for p in out.iterdir() if p.name.startswith(".")]  # no temporary files left
    assert "body height 10 mm: exactly the top of layer 50" in output


@pytest.mark.parametrize("name, bodies", [("grawlix-raised-plate.stl", 6),
                                          ("grawlix-flat-plate.stl", 12)]
                                         + [(n, 1) for n in SINGLE_NAMES])  # fmt: skip
def test_every_stl_is_a_closed_manifold_with_the_expected_bodies(default_set, name, bodies):
    mesh = load(default_set[0] / name)
    assert_closed_manifold(mesh)
    parts = mesh.split(only_watertight=False)
    assert len(parts) == bodies
    for part in parts:
        assert_closed_manifold(part)
        size = part.bounds[1] - part.bounds[0]
        assert size[0] == pytest.approx(SOLID_TILE.size, abs=0.01)  # footprint
        assert size[1] == pytest.approx(SOLID_TILE.size, abs=0.01)
    assert mesh.bounds[0][2] == pytest.approx(0, abs=1e-6)  # flat on the bed
    top = SOLID_TILE.body_height if "flat" in name else SOLID_TILE.body_height + SOLID_TILE.relief
    assert mesh.bounds[1][2] == pytest.approx(top, abs=0.01)
    assert (mesh.bounds[0][:2] >= 0).all() and (mesh.bounds[1][:2] <= 180).all()  # on the bed


def test_raised_tiles_have_the_glyph_on_the_body(default_set):
    for name in SINGLE_NAMES:
        mesh = load(default_set[0] / name)
        body, top = SOLID_TILE.body_height, SOLID_TILE.body_height + SOLID_TILE.relief
        assert flat_levels(mesh) == [body, top]
        above = mesh.vertices[mesh.vertices[:, 2] > body + 1e-6]
        centre = (mesh.bounds[0][:2] + mesh.bounds[1][:2]) / 2
        extent = above[:, :2].max(axis=0) - above[:, :2].min(axis=0)
        assert max(extent) == pytest.approx(GLYPH_BOX, abs=0.05)  # glyph box, larger side
        middle = (above[:, :2].max(axis=0) + above[:, :2].min(axis=0)) / 2
        assert middle == pytest.approx(centre, abs=0.05)  # centred on the tile


def test_plate_holds_one_tile_per_glyph(default_set):
    plate = load(default_set[0] / "grawlix-raised-plate.stl")
    singles = sorted(round(load(default_set[0] / n).volume, 1) for n in SINGLE_NAMES)
    assert sorted(round(p.volume, 1) for p in plate.split()) == singles


def test_stl_headers_are_meaningful_and_undated(default_set):
    header = (default_set[0] / "grawlix-raised-plate.stl").read_bytes()[:80].decode("ascii")
    assert header.startswith("grawlix-print") and "28 mm" in header and "swap at Z 10" in header
    assert str(datetime.now().year) not in header


def test_reported_triangle_counts_match_the_files(default_set):
    out, output = default_set
    reported = dict(re.findall(r"wrote .*?([\w.-]+\.stl) \(.*?([\d,]+) triangles\)", output))
    assert len(reported) == 8
    for name, count in reported.items():
        data = (out / name).read_bytes()
        assert int.from_bytes(data[80:84], "little") == int(count.replace(",", ""))
        assert len(data) == 84 + 50 * int(count.replace(",", ""))


@pytest.mark.parametrize("glyph", GLYPHS, ids=lambda g: g.name)
def test_curves_are_smooth_but_files_are_not_bloated(default_set, glyph):
    """The glyph top's outline facets stay within 0.03 mm of the true curves."""
    path = default_set[0] / f"grawlix-raised-{glyph.name.replace(' ', '-')}.stl"
    assert path.stat().st_size < 250_000
    mesh = load(path)
    top = mesh.faces[np.all(np.isclose(mesh.vertices[mesh.faces][:, :, 2], 14), axis=1)]
    edges = np.sort(np.concatenate([top[:, [0, 1]], top[:, [1, 2]], top[:, [2, 0]]]), axis=1)
    unique, counts = np.unique(edges, axis=0, return_counts=True)
    rim = unique[counts == 1]  # the top face's outline
    centre = (mesh.bounds[0][:2] + mesh.bounds[1][:2]) / 2
    ends = (mesh.vertices[rim][:, :, :2] - centre) / GLYPH_BOX  # unit glyph box, as tiles gives it
    points = np.concatenate([ends[:, 0], ends.mean(axis=1)])  # corners and chord midpoints
    exact = glyph_outlines()[glyph.symbol].polygons(1e-6)
    deviation = min_distance(points, exact) * GLYPH_BOX
    assert deviation.max() < 0.03


def min_distance(points: np.ndarray, polygons) -> np.ndarray:
    a = np.concatenate([np.asarray(p) for p in polygons])
    b = np.concatenate([np.roll(np.asarray(p), -1, axis=0) for p in polygons])
    d = b - a
    t = np.clip(np.einsum("pkj,kj->pk", points[:, None, :] - a[None], d) / (d * d).sum(1), 0, 1)
    nearest = a[None] + t[..., None] * d[None]
    return np.sqrt(((points[:, None, :] - nearest) ** 2).sum(-1)).min(axis=1)


def test_same_options_give_the_same_bytes(default_set, tmp_path):
    again = run_stl(tmp_path)
    assert again.exit_code == 0, again.output
    for path in default_set[0].iterdir():
        assert (tmp_path / "3d" / path.name).read_bytes() == path.read_bytes(), path.name


# --- the swap height on several layer settings ------------------------------


@pytest.mark.parametrize("settings", LAYER_SETTINGS, ids="/".join)
def test_glyph_starts_on_a_layer_boundary(raised_set, settings):
    out = raised_set(*settings)
    first, layer, body = map(float, settings)
    mesh = load(out / SINGLE_NAMES[0])
    base, top = flat_levels(mesh)
    steps = Fraction(base - first).limit_denominator(1000) / Fraction(layer).limit_denominator(1000)
    assert steps.denominator == 1  # base = first + k * layer
    assert abs(base - body) <= layer / 2 + 1e-6  # the nearest boundary to the body asked for
    assert top == pytest.approx(base + SOLID_TILE.relief, abs=0.001)
    notes = (out / "grawlix-3d-printing.txt").read_text()
    layer_number = int(steps) + 2  # layers counted from 1; the first glyph-only layer
    assert f"before layer {layer_number}," in notes
    assert f'"{base + layer:.2f} ({layer_number})"' in notes


# --- the multi-material 3MF -------------------------------------------------


def hex_colour(rgb) -> str:
    return "#" + "".join("%02X" % int(c * 255 + 0.5) for c in rgb) + "FF"


@pytest.mark.parametrize("colour", COLOURS, ids=lambda c: c.name)
def test_3mf_has_named_coloured_parts(default_set, colour):
    path = default_set[0] / f"grawlix-raised-plate-{colour.name}.3mf"
    with zipfile.ZipFile(path) as archive:
        infos = archive.infolist()
        assert [i.filename for i in infos] == sorted(i.filename for i in infos)
        assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
        assert "[Content_Types].xml" in archive.namelist()
        assert "/3D/3dmodel.model" in archive.read("_rels/.rels").decode()
        model = ET.fromstring(archive.read("3D/3dmodel.model"))
        config = ET.fromstring(archive.read("Metadata/Slic3r_PE_model.config"))
    assert model.get("unit") == "millimeter"
    bases = model.findall("m:resources/m:basematerials/m:base", NS)
    assert [b.get("displaycolor") for b in bases] == [
        hex_colour(TILE_FACE.rgb),
        hex_colour(ink(colour).rgb),
    ]
    assert bases[1].get("name") == colour.name
    objects = model.findall("m:resources/m:object", NS)
    assert len(objects) == 6
    assert [i.get("objectid") for i in model.findall("m:build/m:item", NS)] == [
        o.get("id") for o in objects
    ]
    volumes_by_object = {o.get("id"): o.findall("volume") for o in config.findall("object")}
    for glyph, obj in zip(GLYPHS, objects):
        assert glyph.symbol in obj.get("name") and colour.name in obj.get("name")
        vertices = np.array(
            [[float(v.get(k)) for k in "xyz"] for v in obj.iter(f"{{{NS['m']}}}vertex")]
        )
        triangles = obj.findall("m:mesh/m:triangles/m:triangle", NS)
        faces = np.array([[int(t.get(k)) for k in ("v1", "v2", "v3")] for t in triangles])
        volumes = volumes_by_object[obj.get("id")]
        meta = [{m.get("key"): m.get("value") for m in v.findall("metadata")} for v in volumes]
        assert [(m["name"], m["extruder"]) for m in meta] == [("body", "1"), ("glyph", "2")]
        ranges = [(int(v.get("firstid")), int(v.get("lastid"))) for v in volumes]
        assert ranges[0][0] == 0 and ranges[1][0] == ranges[0][1] + 1
        assert ranges[1][1] == len(faces) - 1
        for (lo, hi), part in zip(ranges, ("body", "glyph")):
            part_faces = faces[lo : hi + 1]
            assert_indexed_closed_manifold(part_faces)
            colours = {triangles[i].get("p1", obj.get("pindex")) for i in range(lo, hi + 1)}
            assert colours == ({"0"} if part == "body" else {"1"})
            corners = vertices[part_faces.reshape(-1)]
            z = (corners[:, 2].min(), corners[:, 2].max())
            size = corners[:, :2].max(axis=0) - corners[:, :2].min(axis=0)
            if part == "body":
                assert z == pytest.approx((0, SOLID_TILE.body_height), abs=1e-4)
                assert size == pytest.approx([SOLID_TILE.size] * 2, abs=0.01)
            else:
                assert z == pytest.approx((SOLID_TILE.body_height, 14), abs=1e-4)
                assert max(size) == pytest.approx(GLYPH_BOX, abs=0.05)


def assert_indexed_closed_manifold(faces: np.ndarray):
    """Each edge, by vertex index, is used once each way: closed and consistently wound."""
    directed = np.concatenate([faces[:, [0, 1]], faces[:, [1, 2]], faces[:, [2, 0]]])
    assert len({tuple(e) for e in directed.tolist()}) == len(directed)
    reverse = {tuple(e) for e in directed[:, ::-1].tolist()}
    assert reverse == {tuple(e) for e in directed.tolist()}


# --- bad input --------------------------------------------------------------


@pytest.mark.parametrize(
    "args, message",
    [
        (["--tile-size", "0"], "--tile-size must be greater than zero"),
        (["--relief", "-2mm"], "--relief must be greater than zero"),
        (["--body-height", "0"], "--body-height must be greater than zero"),
        (["--layer-height", "0"], "--layer-height must be greater than zero"),
        (["--layer-height", "1.2"], "--layer-height must be more than 0 and at most 1 mm"),
        (["--first-layer-height", "0.8", "--body-height", "0.7"], "larger than the body"),
        (["--tile-size", "10"], "too small: the thinnest stroke"),
        (["--tile-size", "60"], "six tiles do not fit"),
        (["--relief", "0.1"], "less than one 0.2 mm layer"),
        (["--templates", "/nonexistent"], "no such templates folder"),
        (["--style", "round"], "--style 'round' is not one of raised, flat"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, args, message):
    out = tmp_path / "out"
    result = run_stl(out, *args)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert result.stderr.startswith("error: ")
    assert not out.exists()


def test_bad_input_leaves_earlier_files_alone(tmp_path):
    earlier = tmp_path / "3d" / "grawlix-raised-plate.stl"
    earlier.parent.mkdir()
    earlier.write_bytes(b"an earlier plate")
    assert run_stl(tmp_path, "--layer-height", "2").exit_code == 1
    assert earlier.read_bytes() == b"an earlier plate"
    assert [p.name for p in earlier.parent.iterdir()] == [earlier.name]


def test_recorded_settings_are_used_and_checked(templates_copy):
    (templates_copy.parent / "grawlix.toml").write_text("[stl]\nlayer-height = 1.5\n")
    out = templates_copy.parent / "out"
    result = run_stl(out, "--templates", str(templates_copy))
    assert result.exit_code == 1 and "not 1.5 mm" in result.stderr  # the recorded value
    assert not out.exists()
    (templates_copy.parent / "grawlix.toml").write_text('[stl]\nlayer-height = "thick"\n')
    result = run_stl(out, "--templates", str(templates_copy))
    assert result.exit_code == 1 and "grawlix.toml" in result.stderr


def test_the_kit_can_build_the_tiles_as_a_heavy_step(tmp_path):
    from grawlix_print.kit.build import Step, build_kit
    from grawlix_print.kit.plan import stl_step

    step = Step("stl", stl_step, {"style": "flat", "tile_size": 25.0}, heavy=True)
    (outcome,) = build_kit([step], tmp_path, TEMPLATES)
    paths = sorted(f["path"] for f in outcome.files)
    assert paths == [
        "3d/grawlix-3d-printing.txt",
        "3d/grawlix-flat-plate.stl",
        "previews/grawlix-flat-plate.png",
    ]
    plate = load(tmp_path / "3d/grawlix-flat-plate.stl")
    assert len(plate.split()) == 12
    assert {f["params"]["tile_size"] for f in outcome.files if f["path"].startswith("3d/")} == {25.0}


def test_thin_strokes_name_the_smallest_tile(tmp_path):
    from grawlix_print.errors import GrawlixError
    from grawlix_print.solid.build import plan_stl, stl_options

    result = run_stl(tmp_path / "out", "--tile-size", "10")
    size = float(re.search(r"use at least ([\d.]+) mm", result.stderr).group(1))
    plan_stl(stl_options(tile_size=size))  # the size suggested is accepted ...
    with pytest.raises(GrawlixError, match="thinnest stroke"):
        plan_stl(stl_options(tile_size=size - 0.2))  # ... and a little less is not
    plan_stl(stl_options(style="flat", tile_size=12))  # blank tiles have no strokes


def test_cadquery_is_imported_only_by_the_3d_command():
    script = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from grawlix_print.cli import main\n"
        "r = CliRunner().invoke(main, ['check', 'templates/positions/example-1.toml'])\n"
        "assert r.exit_code == 0, r.output\n"
        "r = CliRunner().invoke(main, ['stl', '--tile-size', '5'])\n"
        "assert r.exit_code == 1, r.output\n"
        "heavy = sorted(m for m in ('cadquery', 'OCP', 'stl', 'vtk') if m in sys.modules)\n"
        "assert not heavy, heavy\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=PROJECT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


# --- a real slicer ----------------------------------------------------------

needs_slicer = pytest.mark.skipif(
    shutil.which("prusa-slicer") is None, reason="prusa-slicer not on PATH"
)


def extrusions_by_layer(gcode: Path) -> dict[float, list[tuple[int, float, float]]]:
    """(tool, x, y) of every extruding move, by the layer's Z from PrusaSlicer's ;Z: comments."""
    layers: dict[float, list] = {}
    z, tool, kind = None, 0, ""
    for line in gcode.read_text().splitlines():
        if line.startswith(";Z:"):
            z = round(float(line[3:]), 3)
            layers.setdefault(z, [])
        elif line.startswith(";TYPE:"):
            kind = line[6:]
        elif re.match(r"T\d+$", line):
            tool = int(line[1:])
        elif line.startswith("G1") and z is not None and kind not in ("Wipe tower", "Skirt/Brim"):
            words = dict(re.findall(r"([XYE])(-?[\d.]+)", line))
            if "X" in words and "Y" in words and float(words.get("E", 0)) > 0:
                layers[z].append((tool, float(words["X"]), float(words["Y"])))
    return layers


def slice_(model: Path, gcode: Path, *settings: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["prusa-slicer", "--export-gcode", *settings, "-o", str(gcode), str(model)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip


@needs_slicer
def test_prusaslicer_starts_a_layer_at_the_swap_height(tmp_path, raised_set):
    first, layer = 0.3, 0.2
    out = raised_set(str(first), str(layer), "10")
    notes = (out / "grawlix-3d-printing.txt").read_text()
    swap = float(re.search(r"CHANGE FILAMENT AT Z = ([\d.]+) MM", notes).group(1))
    gcode = tmp_path / "plate.gcode"
    done = slice_(out / "grawlix-raised-plate.stl", gcode,
                  "--first-layer-height", str(first), "--layer-height", str(layer))  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    layers = extrusions_by_layer(gcode)
    tops = sorted(layers)
    assert tops[0] == pytest.approx(first)
    assert swap in tops  # a layer ends exactly at the swap height ...
    above = tops[tops.index(swap) + 1]
    assert above == pytest.approx(swap + layer)  # ... and the next one starts there

    def width(z):
        xs = [x for _, x, _ in layers[z]]
        return max(xs) - min(xs)

    plate_width = 3 * SOLID_TILE.size + 2 * 8.0
    assert width(swap) > plate_width - 2  # the body's last layer spans the tiles
    assert width(above) < plate_width - (SOLID_TILE.size - GLYPH_BOX) + 0.5  # only glyphs above


@needs_slicer
def test_prusaslicer_prints_body_and_glyph_with_two_extruders(tmp_path, default_set):
    gcode = tmp_path / "mm.gcode"
    two = ["--nozzle-diameter", "0.4,0.4", "--filament-diameter", "1.75,1.75",
           "--temperature", "210,210", "--first-layer-temperature", "210,210",
           "--extruder-offset", "0x0,0x0", "--retract-length", "0.8,0.8",
           "--retract-length-toolchange", "10,10"]  # fmt: skip
    done = slice_(default_set[0] / "grawlix-raised-plate-red.3mf", gcode,
                  "--first-layer-height", "0.2", "--layer-height", "0.2", *two)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    layers = extrusions_by_layer(gcode)
    body = SOLID_TILE.body_height
    below = {tool for z, moves in layers.items() if z <= body + 1e-6 for tool, _, _ in moves}
    above = {tool for z, moves in layers.items() if z > body + 1e-6 for tool, _, _ in moves}
    assert below == {0} and above == {1}
