"""`grawlix-print stl`: meshes, STEP files, 3MF plates and notes, measured in the files written
(other options and the refusals: test_stl_options.py).

The CAD work is shared: one full default build per session (with the full
set). Files are read back with independent readers (trimesh, zipfile, XML,
OpenCASCADE's STEP reader) and the slicers' loading rules as read in their
source (quoted where used).
"""

from __future__ import annotations

import functools
import io
import re
import xml.etree.ElementTree as ET
import zipfile
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from grawlix_print.games import game
import trimesh
from click.testing import CliRunner
from conftest import HAS_3D
from PIL import Image

from grawlix_print.cli import main
from tileset import COLOURS, GLYPHS, TILES, TILE_SET
from grawlix_print.games.grawlix.tile_look import ink
from grawlix_print.drawing.outline import glyph_outlines
from grawlix_print.products.solid.dimensions import RELIEF_FRACTION
from grawlix_print.products.solid.dimensions import SOLID_TILE

NS = {"m": "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"}
SINGLE = [f"grawlix-raised-{g.name.replace(' ', '-')}" for g in GLYPHS]
BODY, RELIEF, SIZE = SOLID_TILE.body_height, SOLID_TILE.relief, SOLID_TILE.size
TOP = BODY + RELIEF
FOOT = SOLID_TILE.elephant_foot
GLYPH_BOX = SIZE * RELIEF_FRACTION


def run_stl(out: Path, *args: str):
    return CliRunner().invoke(main, ["stl", "--out", str(out), *args])


@pytest.fixture(scope="session", autouse=True)
def cad_kernel_loaded():
    """The CAD kernel loaded here once: the worker process each build forks inherits it instead of
    loading it again (about 0.6 s a build). The tests of what loads it run in processes of their own."""
    if HAS_3D:
        from grawlix_print.products.solid import mesh, model  # noqa: F401


@pytest.fixture(scope="session")
def default_set(tmp_path_factory):
    out = tmp_path_factory.mktemp("stl-default")
    result = run_stl(out, "--full-set")
    assert result.exit_code == 0, result.output
    return out / "3d", result.output


def load(path: Path) -> trimesh.Trimesh:
    return trimesh.load(path, force="mesh")


def stl_records(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """Normals and corners of a binary STL, read by the format's layout (not our reader)."""
    data = path.read_bytes()
    count = int.from_bytes(data[80:84], "little")
    assert len(data) == 84 + 50 * count
    layout = np.dtype([("normal", "<f4", (3,)), ("corners", "<f4", (3, 3)), ("attribute", "<u2")])
    records = np.frombuffer(data[84:], dtype=layout, count=count)
    return records["normal"].astype(float), records["corners"].astype(float)


def assert_closed_manifold(mesh: trimesh.Trimesh):
    assert mesh.is_watertight and mesh.is_winding_consistent
    edges, counts = np.unique(mesh.edges_sorted, axis=0, return_counts=True)
    assert len(edges) and set(counts.tolist()) == {2}  # no open, no non-manifold edge
    assert mesh.volume > 0  # outward normals


def is_layer_top(z: float, first: float = 0.2, layer: float = 0.2) -> bool:
    steps = (Fraction(str(round(z, 6))) - Fraction(str(first))) / Fraction(str(layer))
    return steps.denominator == 1 and steps >= 0


# --- the files ---------------------------------------------------------------


@pytest.mark.needs_3d
def test_the_full_set_is_written(default_set):
    out, output = default_set
    names = sorted(p.name for p in out.iterdir())
    expected = (
        ["grawlix-raised-plate.stl", "grawlix-3d-printing.txt"]
        + [f"{s}.{e}" for s in SINGLE for e in ("stl", "step")]
        + [f"grawlix-raised-{c.name}-{k}.3mf" for c in COLOURS for k in ("colour-change", "two-filaments")]
        + [f"grawlix-raised-full-set-seven-filaments-{n}.3mf" for n in (1, 2, 3)]  # one file a plate
        + [f"grawlix-flat-plate-{n}.stl" for n in (1, 2, 3)]  # 36 blanks: 16 fit, so 3 plates
    )  # fmt: skip
    assert names == sorted(expected)
    assert "body height 9.8 mm: exactly the top of layer 49" in output


def stl_files(out: Path) -> list[Path]:
    return sorted(out.glob("*.stl"))


@pytest.mark.needs_3d
def test_every_stl_is_a_closed_manifold_with_unit_normals(default_set):
    out = default_set[0]
    for path in stl_files(out):
        normals, corners = stl_records(path)
        assert np.allclose(np.linalg.norm(normals, axis=1), 1.0, atol=1e-5), path.name
        geometric = np.cross(corners[:, 1] - corners[:, 0], corners[:, 2] - corners[:, 0])
        geometric /= np.linalg.norm(geometric, axis=1, keepdims=True)
        assert (np.einsum("ij,ij->i", normals, geometric) > 0.999).all(), path.name
        header = path.read_bytes()[:80].decode("ascii")
        assert header.startswith("grawlix-print") and not re.search(r"20\d\d", header)
        mesh = load(path)
        assert_closed_manifold(mesh)
        parts = mesh.split(only_watertight=False)
        expected = 6 if "raised-plate" in path.name else 12 if "flat" in path.name else 1
        assert len(parts) == expected, path.name
        for part in parts:
            assert_closed_manifold(part)
            size = part.bounds[1] - part.bounds[0]
            assert size[:2] == pytest.approx([SIZE, SIZE], abs=0.01)  # footprint
        assert mesh.bounds[0][2] == pytest.approx(0, abs=1e-6)  # on the bed ...
        assert (mesh.bounds[0][:2] >= 5 - 1e-6).all() and (mesh.bounds[1][:2] <= 175 + 1e-6).all()
        assert mesh.bounds[1][2] == pytest.approx(BODY if "flat" in path.name else TOP, abs=1e-4)


def horizontal_faces(mesh: trimesh.Trimesh, up: bool) -> dict[float, np.ndarray]:
    """Faces that face straight up (or down), grouped by height."""
    sign = 1 if up else -1
    faces = np.flatnonzero(mesh.face_normals[:, 2] * sign > 0.999)
    levels: dict[float, list[int]] = {}
    for face in faces:
        levels.setdefault(round(float(mesh.triangles_center[face, 2]), 4), []).append(face)
    return {z: np.array(f) for z, f in levels.items()}


@pytest.mark.needs_3d
def test_bottom_chamfer_and_snapped_heights_are_on_the_mesh(default_set):
    for stem in SINGLE:
        mesh = load(default_set[0] / f"{stem}.stl")
        (bottom,) = horizontal_faces(mesh, up=False)  # one flat bottom, nothing overhangs
        assert bottom == 0
        below = mesh.vertices[np.isclose(mesh.vertices[:, 2], 0)]
        assert np.ptp(below[:, :2], axis=0) == pytest.approx([SIZE - 2 * FOOT] * 2, abs=1e-4)
        # 45 degrees: the section at the chamfer's top is the whole footprint again
        section = mesh.section([0, 0, 1], [0, 0, FOOT + 1e-4])
        assert np.ptp(section.vertices[:, :2], axis=0) == pytest.approx([SIZE, SIZE], abs=1e-3)
        section = mesh.section([0, 0, 1], [0, 0, FOOT / 2])
        assert np.ptp(section.vertices[:, :2], axis=0) == pytest.approx([SIZE - FOOT] * 2, abs=1e-3)
        levels = sorted(horizontal_faces(mesh, up=True))
        assert levels == pytest.approx([BODY, TOP])  # the body's top and the glyph's top only
        assert is_layer_top(BODY) and is_layer_top(TOP)


@pytest.mark.needs_3d
def test_glyphs_are_centred_and_follow_the_outline(default_set):
    """The glyph top's outline facets stay within 0.03 mm of the true curves."""
    for glyph, stem in zip(GLYPHS, SINGLE):
        mesh = load(default_set[0] / f"{stem}.stl")
        top = mesh.faces[np.all(np.isclose(mesh.vertices[mesh.faces][:, :, 2], TOP), axis=1)]
        edges = np.sort(np.concatenate([top[:, [0, 1]], top[:, [1, 2]], top[:, [2, 0]]]), axis=1)
        unique, counts = np.unique(edges, axis=0, return_counts=True)
        rim = unique[counts == 1]  # the top face's outline
        centre = (mesh.bounds[0][:2] + mesh.bounds[1][:2]) / 2
        ends = (mesh.vertices[rim][:, :, :2] - centre) / GLYPH_BOX  # unit glyph box
        extent = ends.reshape(-1, 2).max(axis=0) - ends.reshape(-1, 2).min(axis=0)
        assert max(extent) == pytest.approx(1.0, abs=0.003)  # the glyph box, larger side
        points = np.concatenate([ends[:, 0], ends.mean(axis=1)])  # corners and chord midpoints
        exact = glyph_outlines(TILE_SET.faces)[glyph.symbol].polygons(2e-5)  # 0.4 micrometres on the tile
        assert (min_distance(points, exact) * GLYPH_BOX).max() < 0.03


def min_distance(points: np.ndarray, polygons) -> np.ndarray:
    a = np.concatenate([np.asarray(p) for p in polygons])
    b = np.concatenate([np.roll(np.asarray(p), -1, axis=0) for p in polygons])
    d = b - a
    t = np.clip(np.einsum("pkj,kj->pk", points[:, None, :] - a[None], d) / (d * d).sum(1), 0, 1)
    nearest = a[None] + t[..., None] * d[None]
    return np.sqrt(((points[:, None, :] - nearest) ** 2).sum(-1)).min(axis=1)


@pytest.mark.needs_3d
def test_plate_holds_one_tile_per_glyph(default_set):
    plate = load(default_set[0] / "grawlix-raised-plate.stl")
    singles = sorted(round(load(default_set[0] / f"{s}.stl").volume, 1) for s in SINGLE)
    assert sorted(round(p.volume, 1) for p in plate.split()) == singles


def step_header(text: str) -> dict[str, list[str]]:
    """FILE_DESCRIPTION and FILE_NAME of a STEP file, read by the format's own layout (strings in
    quotes, a doubled quote inside one; line ends inside a string are not part of it)."""
    header = text[text.index("HEADER;") : text.index("ENDSEC;")].replace("\n", "")
    fields = {}
    for entity in ("FILE_DESCRIPTION", "FILE_NAME"):
        body = re.search(entity + r"\((.*?)\);", header).group(1)
        fields[entity] = [s.replace("''", "'") for s in re.findall(r"'((?:[^']|'')*)'", body)]
    fields["PRODUCT"] = [s.replace("''", "'") for s in re.findall(
        r"PRODUCT\('((?:[^']|'')*)','((?:[^']|'')*)'", text.replace("\n", ""))[0]]  # fmt: skip
    return fields


@pytest.mark.needs_3d
def test_step_files_hold_the_same_solid_as_the_meshes_where_the_stl_puts_it(default_set):
    from OCP.Bnd import Bnd_Box
    from OCP.BRepBndLib import BRepBndLib
    from OCP.BRepGProp import BRepGProp
    from OCP.GProp import GProp_GProps
    from OCP.STEPControl import STEPControl_Reader

    credits = game().front_matter
    for glyph, stem in list(zip(GLYPHS, SINGLE))[:2]:
        path = default_set[0] / f"{stem}.step"
        text = path.read_text()
        assert text.startswith("ISO-10303-21;") and "AUTOMOTIVE_DESIGN" in text
        assert text.isascii()
        fields = step_header(text)
        name, stamp, *rest = fields["FILE_NAME"]
        assert name == path.name and stamp == "2000-01-01T00:00:00"  # a fixed date: same bytes
        assert rest[: len(credits.authors)] == list(credits.authors)  # the designers as authors
        assert rest[-1] == credits.licence  # the authorisation: the game's licence
        description = " ".join(fields["FILE_DESCRIPTION"])
        for words in (*credits.authors, credits.licence, credits.licence_url, "Changed"):
            assert words in description
        product_id, product = fields["PRODUCT"]  # PRODUCT(id, name, ...)
        assert product == f"{TILE_SET.title} tile {glyph.symbol} ({glyph.name})" and product_id == stem
        reader = STEPControl_Reader()
        reader.ReadFile(str(path))
        reader.TransferRoots()
        shape = reader.OneShape()
        props = GProp_GProps()
        BRepGProp.VolumeProperties_s(shape, props)
        mesh = load(default_set[0] / f"{stem}.stl")
        assert props.Mass() == pytest.approx(mesh.volume, rel=2e-3)
        box = Bnd_Box()
        BRepBndLib.AddOptimal_s(shape, box, False, False)
        corners = np.array(box.Get()).reshape(2, 3)
        assert corners == pytest.approx(mesh.bounds, abs=0.02)  # placed as the STL is
        assert mesh.bounds.mean(axis=0)[:2] == pytest.approx([90, 90], abs=0.01)  # the bed's middle


# --- the 3MF plates, read as each slicer's loader reads them -------------------


def read_3mf(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        infos = archive.infolist()
        assert [i.filename for i in infos] == sorted(i.filename for i in infos)
        assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
        return {i.filename: archive.read(i) for i in infos}


@functools.lru_cache(maxsize=2)
def model_tree(data: bytes) -> ET.Element:
    """A 3MF's model, parsed once for the checks that read it one after another (a plate's is megabytes)."""
    return ET.fromstring(data)


def model_objects(files: dict[str, bytes]):
    model = model_tree(files["3D/3dmodel.model"])
    assert model.get("unit") == "millimeter"
    objects = model.findall("m:resources/m:object", NS)
    items = [i.get("objectid") for i in model.findall("m:build/m:item", NS)]
    assert items == [o.get("id") for o in objects]
    assert not [i for i in model.findall("m:build/m:item", NS) if i.get("transform")]
    return model, objects


def mesh_of(obj) -> tuple[np.ndarray, np.ndarray]:
    vertices = np.array(
        [[float(v.get(k)) for k in "xyz"] for v in obj.iter(f"{{{NS['m']}}}vertex")]
    )
    faces = np.array(
        [[int(t.get(k)) for k in ("v1", "v2", "v3")] for t in obj.iter(f"{{{NS['m']}}}triangle")]
    )
    return vertices, faces


def application(files: dict[str, bytes]) -> str:
    model = model_tree(files["3D/3dmodel.model"])
    return next(m.text for m in model.findall("m:metadata", NS) if m.get("name") == "Application")


def prusa_volumes(files: dict[str, bytes]) -> dict[str, list[dict]]:
    """Slic3r_PE_model.config as PrusaSlicer's 3mf.cpp reads it: object id -> volumes
    (firstid, lastid) with their "volume" metadata; object metadata under key None."""
    config = ET.fromstring(files["Metadata/Slic3r_PE_model.config"])
    result = {}
    for obj in config.findall("object"):
        meta = {m.get("key"): m.get("value") for m in obj.findall("metadata")}
        volumes = [
            {"range": (int(v.get("firstid")), int(v.get("lastid")))}
            | {m.get("key"): m.get("value") for m in v.findall("metadata")}
            for v in obj.findall("volume")
        ]
        result[obj.get("id")] = [{"object": meta}] + volumes
    return result


def prusa_settings(text: str) -> dict[str, str]:
    """Slic3r_PE.config read by PrusaSlicer's rule (ConfigBase::load_from_gcode_string_legacy):
    lines "; key = value" from the end of the file up, stopping at the first other line."""
    settings = {}
    for line in reversed([line for line in text.splitlines() if line.strip()]):
        match = re.fullmatch(r"; ([A-Za-z][A-Za-z0-9_]{2,}) = (.*)", line)
        if not match:
            break
        settings[match.group(1)] = match.group(2)
    return settings


def hex_colour(rgb) -> str:
    return "#" + "".join(f"{int(c * 255 + 0.5):02X}" for c in rgb)


@pytest.mark.needs_3d
@pytest.mark.parametrize("colour", COLOURS[::5], ids=lambda c: c.name)
def test_colour_change_3mf_sets_the_change_for_every_slicer(default_set, colour):
    files = read_3mf(default_set[0] / f"grawlix-raised-{colour.name}-colour-change.3mf")
    _, objects = model_objects(files)
    assert len(objects) == 6
    swap_top = f"{BODY + 0.2:g}"  # the top of the first glyph-only layer at 0.2 mm layers

    # PrusaSlicer: opens a 3MF as a project (and so applies its colour changes) when it
    # holds Metadata/Slic3r_PE.config (3mf.cpp is_project_3mf); any setting in that file
    # would replace the user's profiles (Plater.cpp load_files), so it holds none.
    assert prusa_settings(files["Metadata/Slic3r_PE.config"].decode()) == {}
    change = ET.fromstring(files["Metadata/Prusa_Slicer_custom_gcode_per_print_z.xml"])
    (code,) = change.findall("code")
    assert code.attrib == {"print_z": swap_top, "type": "0", "extruder": "1",
                           "color": hex_colour(ink(colour).rgb), "extra": "", "gcode": "M600"}  # fmt: skip
    assert change.find("mode").get("value") == "SingleExtruder"
    volumes = prusa_volumes(files)
    for obj in objects:
        _, faces = mesh_of(obj)
        assert_indexed_closed_manifold(faces)
        meta, *parts = volumes[obj.get("id")]
        assert meta["object"]["layer_height"] == "0.2"  # travels as an object setting
        assert [(p["range"], p["extruder"]) for p in parts] == [((0, len(faces) - 1), "1")]

    # Bambu Studio / Orca Slicer (bbs_3mf.cpp): their own files are read only when Application
    # starts with "BambuStudio-" (_handle_end_metadata), and not through PrusaSlicer's loader,
    # which Model::read_from_archive picks when Application contains "PrusaSlicer". Bambu Studio
    # 1.x reads them only from a file of its own major version (_load_model_from_file), so the
    # file names the first 1.x release: no 1.x is older, and 2.x reads it too.
    app = application(files)
    assert app.startswith("BambuStudio-") and "PrusaSlicer" not in app
    assert app.removeprefix("BambuStudio-").split(".")[:3] == ["01", "00", "00"]
    # No project settings: Plater::priv::load_files would load them as the user's printer,
    # process and filament presets, laid over the built-in defaults.
    assert "Metadata/project_settings.config" not in files
    assert not [name for name in files if re.match(r"Metadata/(print|process|filament|machine)_setting", name)]
    settings = ET.fromstring(files["Metadata/model_settings.config"])
    ids = {o.get("id") for o in objects}
    for obj in settings.findall("object"):
        meta = {m.get("key"): m.get("value") for m in obj.findall("metadata")}
        assert meta["extruder"] == "1" and meta["layer_height"] == "0.2"
        # A part names its mesh object; a tile without components is its own only part
        # (_generate_current_object_list, _generate_volumes_new match part id to it).
        assert [p.get("id") for p in obj.findall("part")] == [obj.get("id")]
        assert obj.find("part").get("subtype") == "normal_part"
    (plate,) = settings.findall("plate")  # one plate a file
    assert {m.get("key"): m.get("value") for m in plate.findall("metadata")}["plater_id"] == "1"
    instances = [
        {m.get("key"): m.get("value") for m in i.findall("metadata")}
        for i in plate.findall("model_instance")
    ]
    assert {i["object_id"] for i in instances} == ids and {i["instance_id"] for i in instances} == {"0"}
    layers = ET.fromstring(files["Metadata/custom_gcode_per_layer.xml"])
    assert layers.tag == "custom_gcodes_per_layer"
    (bambu_plate,) = layers.findall("plate")
    assert bambu_plate.find("plate_info").get("id") == "1"
    (layer,) = bambu_plate.findall("layer")
    assert layer.get("top_z") == swap_top and layer.get("type") == "0"  # 0: ColorChange
    assert layer.get("color") == hex_colour(ink(colour).rgb)
    assert bambu_plate.find("mode").get("value") == "SingleExtruder"
    assert files["Metadata/plate_1.png"] == files["Metadata/thumbnail.png"]
    check_credits(files)


def check_credits(files: dict[str, bytes]):
    """The 3MF core's well-known metadata names the game's designers and its licence."""
    credits = game().front_matter
    model = model_tree(files["3D/3dmodel.model"])
    meta = {m.get("name"): m.text for m in model.findall("m:metadata", NS)}
    assert meta["Designer"] == " and ".join([", ".join(credits.authors[:-1]), credits.authors[-1]])
    assert credits.licence in meta["LicenseTerms"] and credits.licence_url in meta["LicenseTerms"]
    assert "Changed" in meta["Description"] and TILE_SET.title in meta["Title"]


def assert_indexed_closed_manifold(faces: np.ndarray):
    """Each edge, by vertex index, is used once each way: closed and consistently wound."""
    directed = np.concatenate([faces[:, [0, 1]], faces[:, [1, 2]], faces[:, [2, 0]]])
    assert len({tuple(e) for e in directed.tolist()}) == len(directed)
    reverse = {tuple(e) for e in directed[:, ::-1].tolist()}
    assert reverse == {tuple(e) for e in directed.tolist()}


def check_parts(files, obj, volumes, colour_index: int, filament: str, closed: bool = True):
    """Body and glyph: closed, in their heights, on their filaments and display colours."""
    vertices, faces = mesh_of(obj)
    triangles = obj.findall("m:mesh/m:triangles/m:triangle", NS)
    _, *parts = volumes[obj.get("id")]
    assert [(p["name"], p["extruder"], p["volume_type"]) for p in parts] == [
        ("body", "1", "ModelPart"), ("glyph", filament, "ModelPart")]  # fmt: skip
    (lo0, hi0), (lo1, hi1) = (p["range"] for p in parts)
    assert lo0 == 0 and lo1 == hi0 + 1 and hi1 == len(faces) - 1
    for (lo, hi), index in (((lo0, hi0), 0), ((lo1, hi1), colour_index)):
        part = faces[lo : hi + 1]
        if closed:
            assert_indexed_closed_manifold(part)
        colours = {int(triangles[i].get("p1", obj.get("pindex"))) for i in range(lo, hi + 1)}
        assert colours == {index}
        z = vertices[part.reshape(-1), 2]
        assert (z.min(), z.max()) == pytest.approx((0, BODY) if index == 0 else (BODY, TOP), abs=1e-4)


@pytest.mark.needs_3d
@pytest.mark.parametrize("colour", COLOURS[:2], ids=lambda c: c.name)
def test_two_filament_3mf_keeps_parts_and_filaments_everywhere(default_set, colour):
    files = read_3mf(default_set[0] / f"grawlix-raised-{colour.name}-two-filaments.3mf")
    # PrusaSlicer reads Slic3r_PE_model.config; Bambu Studio and Orca Slicer read it too
    # when Application contains "PrusaSlicer" (PrusaFileParser::check_3mf_from_prusa),
    # through their copy of PrusaSlicer's loader, which reads only that file.
    assert "PrusaSlicer" in application(files)
    model, objects = model_objects(files)
    bases = model.findall("m:resources/m:basematerials/m:base", NS)
    assert [b.get("displaycolor") for b in bases] == [
        hex_colour(TILE_SET.face.rgb) + "FF", hex_colour(ink(colour).rgb) + "FF"]  # fmt: skip
    volumes = prusa_volumes(files)
    assert len(objects) == 6
    for glyph, obj in zip(GLYPHS, objects):
        assert glyph.symbol in obj.get("name") and colour.name in obj.get("name")
        check_parts(files, obj, volumes, 1, "2")


@pytest.mark.needs_3d
def test_full_set_puts_each_glyph_on_its_colours_filament_one_plate_a_file(default_set):
    seen, per_plate = set(), []
    paths = sorted(default_set[0].glob("grawlix-raised-full-set-seven-filaments-*.3mf"))
    for path in paths:
        files = read_3mf(path)
        assert "PrusaSlicer" in application(files)
        check_credits(files)
        model, objects = model_objects(files)
        names = [b.get("name") for b in model.findall("m:resources/m:basematerials/m:base", NS)]
        assert names[1:] == [c.name for c in COLOURS]
        volumes = prusa_volumes(files)
        tiles = [mesh_of(obj)[0][:, :2] for obj in objects]
        every = np.concatenate(tiles)
        # the whole plate on the default 180 mm bed, 5 mm clear of its edges
        assert (every[:, :2].min(axis=0) >= 5 - 1e-6).all() and (every[:, :2].max(axis=0) <= 175 + 1e-6).all()
        for index, tile in enumerate(tiles):  # each tile in a place of its own (the 8 mm gap between them)
            for other in tiles[index + 1 :]:
                assert ((tile.min(axis=0) - other.max(axis=0) > 7.9) | (other.min(axis=0) - tile.max(axis=0) > 7.9)).any()
        for number, obj in enumerate(objects):
            symbol, colour_name = obj.get("name").split()[:2]
            colour = next(c for c in COLOURS if c.name == colour_name)
            seen.add((symbol, colour_name))
            # the meshes are the two-filament plates' (checked closed there); here a few suffice
            check_parts(files, obj, volumes, colour.index + 1, str(colour.index + 2), number % 7 == 0)
        per_plate.append(len(objects))
    assert seen == {(t.glyph.symbol, t.colour.name) for t in TILES}
    assert per_plate == [12, 12, 12]  # 16 fit a 180 mm bed: 3 plates, shared evenly


@pytest.mark.needs_3d
def test_every_3mf_carries_a_picture_in_its_colours(default_set):
    for path in sorted(default_set[0].glob("*.3mf")):
        files = read_3mf(path)
        assert "/Metadata/thumbnail.png" in files["_rels/.rels"].decode()
        image = Image.open(io.BytesIO(files["Metadata/thumbnail.png"])).convert("RGB")
        assert image.size == (512, 512)
        if not any(name in path.name for name in ("red-colour", "blue-two", "full-set")):
            continue  # the others differ only in their colour
        pixels = np.asarray(image).reshape(-1, 3).astype(float) / 255
        _, objects = model_objects(files)
        on_plate = {obj.get("name").split()[1] for obj in objects}  # "<glyph> <colour> <name>"
        colours = [c for c in COLOURS if c.name in on_plate]
        for wanted in [TILE_SET.face.rgb] + [ink(c).rgb for c in colours[:2]]:
            # lit faces are the colour times a shade: look for pixels along that ray
            ray = np.asarray(wanted) / np.linalg.norm(wanted)
            along = pixels @ ray
            off = np.linalg.norm(pixels - along[:, None] * ray, axis=1)
            assert ((off < 0.03) & (along > 0.3)).sum() > 500, (path.name, wanted)


# --- notes --------------------------------------------------------------------


@pytest.mark.needs_3d
def test_notes_state_the_change_profiles_and_weights(default_set):
    notes = (default_set[0] / "grawlix-3d-printing.txt").read_text()
    assert "CHANGE FILAMENT AT Z = 9.8 MM" in notes
    assert '"10.00 (50)"' in notes and '"50" above "10.00"' in notes
    # independently: the profiles with first layer 0.2 whose layers end at 9.8 and 14.6
    suited = [l for l in ("0.08", "0.1", "0.12", "0.15", "0.16", "0.2", "0.24", "0.28")
              if is_layer_top(BODY, 0.2, float(l)) and is_layer_top(TOP, 0.2, float(l))]  # fmt: skip
    assert suited == ["0.08", "0.1", "0.12", "0.15", "0.16", "0.2", "0.24"]
    assert f"with layers of {', '.join(suited[:-1])} and {suited[-1]} mm" in " ".join(notes.split())
    assert '"Add pause"' in notes and "No AMS" in notes and "--colour-change pause" in notes
    assert "No supports" in notes and "3 walls" in notes and "15 % infill" in notes
    # grams, against the meshes: glyphs narrower than their walls print solid; a body is walls,
    # solid top and bottom layers and sparse infill, less than half of it solid, more than a third
    plate = load(default_set[0] / "grawlix-raised-plate.stl")
    bodies = sum(part.volume for part in load(default_set[0] / "grawlix-flat-plate-1.stl").split()[:6])
    base, accent = map(int, re.search(r"raised-plate\.stl.*?about (\d+) g base \+ (\d+) g accent",
                                       " ".join(notes.split())).groups())  # fmt: skip
    assert accent == round((plate.volume - bodies) / 1000 * 1.24)
    assert 0.35 * bodies / 1000 * 1.24 <= base <= 0.5 * bodies / 1000 * 1.24
    # what each slicer shows, word for word as their loaders say it
    flat = " ".join(notes.split())
    for said in ('was "generated by old Bambu Studio" and loads its geometry only',  # Bambu 2.x
                 'the 3MF "is not from Bambu Lab"', 'that it "is not supported by OrcaSlicer"',
                 "File > Import loads the tiles alone and drops it", "0.6 mm chamfer"):  # fmt: skip
        assert said in flat
    # the rebuild example changes something: its layers and the layer of the change
    example = re.search(r"grawlix-print stl --first-layer-height (\S+) --layer-height (\S+)", notes)
    assert example.group(2) != "0.2"
    assert "the change after layer 35 instead of 49" in flat  # 0.2 + 34 x 0.28 = 9.72
    assert max(len(line) for line in notes.splitlines()) <= 80
