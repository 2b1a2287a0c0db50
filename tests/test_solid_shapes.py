"""3D pieces of every shape: the toy's hexagonal tiles, round tokens and rectangular tiles, each with a
raised emblem (``toy_game.raised.shaped_kinds``), built as ``grawlix-print all`` builds them.

Each body must have its kind's outline: measured on the meshes (a section through the body), in the
STEP files and on PrusaSlicer's G-code, whose outer perimeter on the first full layer follows the
outline (six corners for a hexagon, four for a rectangle, none for a disc) within 0.1 mm. The
expected outlines are worked out here from the kinds' sizes, not by the code under test.
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
import trimesh

from test_solid_kinds import built, read_3mf, NS
from test_solid_slicer import layers_of, slice_all
from toy_game.raised import HEXAGON_MM, RaisedToy, shaped_kinds

BODY, TOP = 9.8, 14.6
KINDS = ("hexes", "discs", "bars")
EMBLEMS = ("star", "ring", "pair-of-dots")
ACCENTS = ("teal", "amber")


def outline(kind: str, steps: int = 720) -> np.ndarray:
    """The kind's outline at its cut size, centred: a regular hexagon 30 mm across the flats (points up),
    a 25 mm circle, a 40 x 25 mm rectangle."""
    if kind == "hexes":
        radius = HEXAGON_MM[1] / 2
        return np.array([(radius * math.cos(math.radians(90 + 60 * k)), radius * math.sin(math.radians(90 + 60 * k))) for k in range(6)])
    if kind == "discs":
        return np.array([(12.5 * math.cos(2 * math.pi * k / steps), 12.5 * math.sin(2 * math.pi * k / steps)) for k in range(steps)])
    return np.array([(-20, -12.5), (20, -12.5), (20, 12.5), (-20, 12.5)], dtype=float)


CORNERS = {"hexes": 6, "discs": 0, "bars": 4}


def distance_to(polygon: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Each point's distance to the closed polygon's outline."""
    a, b = polygon, np.roll(polygon, -1, axis=0)
    along = b - a
    t = np.clip(np.einsum("ijk,jk->ij", points[:, None] - a[None], along) / (along**2).sum(axis=1), 0, 1)
    return np.linalg.norm(points[:, None] - (a[None] + t[:, :, None] * along[None]), axis=2).min(axis=1)


def grown(polygon: np.ndarray, by: float) -> np.ndarray:
    """A convex polygon (anticlockwise) moved out by ``by`` (in, if negative): each side along its normal."""
    along = np.roll(polygon, -1, axis=0) - polygon
    normal = np.stack([along[:, 1], -along[:, 0]], axis=1) / np.linalg.norm(along, axis=1)[:, None]
    before = np.roll(normal, 1, axis=0)
    return polygon + by * (normal + before) / (1 + (normal * before).sum(axis=1))[:, None]


def corners_of(loop: np.ndarray, degrees: float = 20) -> int:
    """Where a closed loop turns by more than ``degrees``."""
    along = np.roll(loop, -1, axis=0) - loop
    along = along[np.linalg.norm(along, axis=1) > 1e-6]
    before = np.roll(along, 1, axis=0)
    cross = before[:, 0] * along[:, 1] - before[:, 1] * along[:, 0]
    turn = np.degrees(np.arctan2(cross, (before * along).sum(axis=1)))
    return int((np.abs(turn) > degrees).sum())


@pytest.fixture(scope="module")
def shaped_set(tmp_path_factory):
    return built(tmp_path_factory.mktemp("shaped-toy"), RaisedToy(shaped_kinds()))


@pytest.mark.needs_3d
def test_every_kind_gets_stl_step_and_a_3mf_per_plate(shaped_set):
    out, _ = shaped_set
    names = {p.name for p in out.iterdir()}
    for kind in KINDS:
        stem = f"toy-garden-{kind}"
        expected = {f"{stem}-3d-printing.txt", f"{stem}-flat-plate.stl", f"{stem}-raised-full-set-three-filaments.3mf"}
        expected |= {f"{stem}-raised-plate-{a}.stl" for a in ACCENTS}
        expected |= {f"{stem}-raised-{e}.{x}" for e in EMBLEMS for x in ("stl", "step")}
        expected |= {f"{stem}-raised-{a}-{k}.3mf" for a in ACCENTS for k in ("colour-change", "two-filaments")}
        assert expected == {n for n in names if n.startswith(f"{stem}-")}, kind


@pytest.mark.needs_3d
@pytest.mark.parametrize("kind", KINDS)
def test_each_body_is_its_kinds_outline_chamfered(shaped_set, kind):
    """A section through the middle of the body is the outline; the bottom face is it moved in by the
    0.4 mm elephant's foot and the top's flat, under the emblem, by the 0.6 mm chamfer."""
    out, _ = shaped_set
    mesh = trimesh.load(out / f"toy-garden-{kind}-raised-star.stl", force="mesh")
    assert mesh.is_watertight and mesh.is_winding_consistent and mesh.volume > 0
    centre = mesh.bounds.mean(axis=0)[:2]
    expected = outline(kind)
    for z, inset in ((5.0, 0.0), (0.0005, 0.4 - 0.0005), (BODY - 0.0005, 0.6 - 0.0005)):
        (points,) = [loop[:-1, :2] - centre for loop in section_loops(mesh, z) if abs(area(loop[:, :2])) > 100]
        target = grown(expected, -inset) if kind != "discs" else expected * (12.5 - inset) / 12.5
        assert distance_to(target, points).max() < 0.02, (kind, z)  # a disc's facets lie within 0.01 mm
        assert abs(area(points)) == pytest.approx(abs(area(target)), rel=2e-3)
        if z == 5.0:
            assert corners_of(points) == CORNERS[kind]


def section_loops(mesh: trimesh.Trimesh, z: float) -> list[np.ndarray]:
    return list(mesh.section(plane_origin=(0, 0, z), plane_normal=(0, 0, 1)).discrete)


def area(points: np.ndarray) -> float:
    x, y = points[:, 0], points[:, 1]
    return 0.5 * float((x * np.roll(y, -1) - np.roll(x, -1) * y).sum())


@pytest.mark.needs_3d
def test_step_files_hold_the_stls_solid(shaped_set):
    from OCP.BRepGProp import BRepGProp
    from OCP.GProp import GProp_GProps
    from OCP.STEPControl import STEPControl_Reader

    out, _ = shaped_set
    for kind in KINDS:
        reader = STEPControl_Reader()
        reader.ReadFile(str(out / f"toy-garden-{kind}-raised-ring.step"))
        reader.TransferRoots()
        props = GProp_GProps()
        BRepGProp.VolumeProperties_s(reader.OneShape(), props)
        mesh = trimesh.load(out / f"toy-garden-{kind}-raised-ring.stl", force="mesh")
        assert props.Mass() == pytest.approx(mesh.volume, rel=2e-3), kind


@pytest.mark.needs_3d
@pytest.mark.parametrize("kind", ["hexes", "discs"])
def test_hexagons_and_discs_nest_in_offset_rows_8_mm_apart(shaped_set, kind):
    """On the full set's plate the five pieces stand in rows, every other row shifted by half a place,
    each 8 mm from its nearest neighbours (no closer, and no farther than the nesting needs)."""
    out, _ = shaped_set
    files = read_3mf(out / f"toy-garden-{kind}-raised-full-set-three-filaments.3mf")
    import xml.etree.ElementTree as ET

    model = ET.fromstring(files["3D/3dmodel.model"])
    centres = []
    for obj in model.findall("m:resources/m:object", NS):
        vertices = np.array([[float(v.get(k)) for k in "xy"] for v in obj.iter(f"{{{NS['m']}}}vertex")])
        centres.append((vertices.min(axis=0) + vertices.max(axis=0)) / 2)
    centres = np.array(centres)
    rows = sorted({round(float(y), 3) for y in centres[:, 1]})
    assert len(rows) == 2 and len(centres) == 5
    starts = [min(x for x, y in centres if round(float(y), 3) == row) for row in rows]
    assert abs(starts[0] - starts[1]) == pytest.approx((HEXAGON_MM[0] if kind == "hexes" else 25.0) / 2 + 4)
    shape = outline(kind)
    gaps = []
    for i, a in enumerate(centres):
        for b in centres[i + 1 :]:
            gaps.append(distance_to(shape + a, shape + b).min())
    assert min(gaps) == pytest.approx(8.0, abs=0.02)  # as close as 8 mm, and no closer
    assert rows[1] - rows[0] < (HEXAGON_MM[1] if kind == "hexes" else 25.0) + 8 - 1  # closer than a grid's rows


# --- PrusaSlicer slices every plate: one change at the swap layer, the outline on the bed --------

SLICER = pytest.mark.skipif(shutil.which("prusa-slicer") is None, reason="no prusa-slicer")


@pytest.fixture(scope="module")
def sliced(shaped_set, tmp_path_factory):
    out, _ = shaped_set
    folder = tmp_path_factory.mktemp("sliced-shapes")
    jobs = {}
    for kind in KINDS:
        for accent in ACCENTS:
            name = f"toy-garden-{kind}-raised-{accent}-colour-change.3mf"
            path = folder / name
            path.write_bytes((out / name).read_bytes())
            jobs[kind, accent] = (path, "--first-layer-height", "0.2")
    return slice_all(jobs)


def perimeters(lines: list[str]) -> list[np.ndarray]:
    """The outer perimeters one layer's G-code prints, each as the loop of points it runs through."""
    loops, loop, kind, x, y = [], [], "", 0.0, 0.0
    for line in lines:
        if line.startswith(";TYPE:"):
            kind = line[6:]
        elif line.startswith(("G1 ", "G0 ")):
            words = dict(re.findall(r"([XYE])([-\d.]+)", line.split(";")[0]))
            nx, ny = float(words.get("X", x)), float(words.get("Y", y))
            extruding = kind == "External perimeter" and float(words.get("E", 0)) > 0 and (nx, ny) != (x, y)
            if extruding:
                loop = loop or [(x, y)]
                loop.append((nx, ny))
            elif loop:
                loops.append(np.array(loop))
                loop = []
            x, y = nx, ny
    return loops + ([np.array(loop)] if loop else [])


@SLICER
@pytest.mark.needs_3d
@pytest.mark.parametrize("kind", KINDS)
def test_prusaslicer_changes_colour_once_at_the_swap_layer_and_prints_the_outline(sliced, kind):
    """Each plate: one M600, before the first emblem-only layer (top Z 10.0, the body ending at 9.8). On
    the third layer (the first above the 0.4 mm elephant's foot) each body's outer perimeter runs
    half its line width inside the kind's outline, within 0.1 mm, turning at its corners."""
    for accent in ACCENTS:
        gcode = sliced[kind, accent]
        assert len(re.findall(r"^M600$", gcode, re.MULTILINE)) == 1
        layers = layers_of(gcode)
        (changed,) = [z for z, lines in layers if "M600" in lines]
        assert changed == pytest.approx(BODY + 0.2)
        z, lines = layers[2]
        assert z == pytest.approx(0.6)
        width = float(re.search(r"^;WIDTH:([\d.]+)$", "\n".join(lines), re.MULTILINE).group(1))
        loops = [loop for loop in perimeters(lines) if np.ptp(loop[:, 0]) > 20]  # the bodies', not the emblems'
        assert len(loops) == (3 if accent == "teal" else 2)  # teal: two stars and a ring; amber: two pieces
        for loop in loops:
            centre = (loop.min(axis=0) + loop.max(axis=0)) / 2
            expected = outline(kind)
            target = grown(expected, -width / 2) if kind != "discs" else expected * (12.5 - width / 2) / 12.5
            assert distance_to(target, loop - centre).max() < 0.1, (kind, accent)
            assert distance_to(loop - centre, target).max() < 0.1, (kind, accent)  # and all the way round
            assert corners_of(loop) == CORNERS[kind]
