"""`grawlix-print stl` with options other than the default (a small bed, flat tiles, a fit, the
kit's heavy step, an old option's name) and its refusals: files written, read back as in
tests/test_stl.py (which reads a default build's), or nothing written."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import numpy as np
import pytest
import trimesh
from grawlix_print.drawing.outline import glyph_outlines
from grawlix_print.games import game
from grawlix_print.products.solid.dimensions import RELIEF_FRACTION

from commands import ENV
from conftest import PROJECT, TEMPLATES
from test_stl import SIZE, cad_kernel_loaded, load, mesh_of, model_objects, read_3mf, run_stl  # noqa: F401  (the fixture too)
from tileset import COLOURS, TILE_SET


@pytest.mark.needs_3d
def test_a_small_bed_gives_one_file_a_plate_each_within_the_bed(tmp_path):
    """Every 3MF holds one plate that fits --bed: 6 tiles on a 100 mm bed (4 fit) are 2 files."""
    result = run_stl(tmp_path, "--style", "raised", "--bed", "100x100", "--body-size", "28",
                     "--colour-change", "pause")  # fmt: skip
    assert result.exit_code == 0, result.output
    out = tmp_path / "3d"
    for kind in ("pause", "two-filaments"):
        paths = sorted(out.glob(f"grawlix-raised-red-{kind}-*.3mf"))
        assert [p.name for p in paths] == [f"grawlix-raised-red-{kind}-{n}.3mf" for n in (1, 2)]
        counts = []
        for path in paths:
            _, objects = model_objects(read_3mf(path))
            every = np.concatenate([mesh_of(obj)[0] for obj in objects])
            assert (every[:, :2].min(axis=0) >= 5 - 1e-6).all() and (every[:, :2].max(axis=0) <= 95 + 1e-6).all()
            counts.append(len(objects))
        assert counts == [3, 3]
    assert not list(out.glob("*colour-change*"))  # the file's name says what it does
    notes = " ".join((out / "grawlix-3d-printing.txt").read_text().split())
    assert "grawlix-raised-<colour>-pause-<n>.3mf" in notes and "over 2 plates" in notes
    files = read_3mf(out / "grawlix-raised-red-pause-1.3mf")
    (code,) = ET.fromstring(files["Metadata/Prusa_Slicer_custom_gcode_per_print_z.xml"]).findall("code")
    assert code.get("type") == "1" and code.get("gcode") == "M601" and "red" in code.get("extra")



@pytest.mark.needs_3d
def test_flat_tiles_get_no_colour_change_and_fit_shrinks_them(tmp_path):
    result = run_stl(tmp_path, "--style", "flat", "--fit", "0.3", "--elephant-foot", "0",
                     "--bed", "256x256")  # fmt: skip
    assert result.exit_code == 0, result.output
    out = tmp_path / "3d"
    assert sorted(p.name for p in out.iterdir()) == [
        "grawlix-3d-printing.txt", "grawlix-flat-plate.stl"]  # fmt: skip
    notes = (out / "grawlix-3d-printing.txt").read_text()
    assert "CHANGE" not in notes and "M600" not in notes and "glyph" not in notes
    mesh = load(out / "grawlix-flat-plate.stl")
    parts = mesh.split()
    assert len(parts) == 36  # the whole set on one 256 mm bed
    for part in parts:
        assert np.ptp(part.vertices[:, :2], axis=0) == pytest.approx([SIZE - 0.3] * 2, abs=1e-4)
        bottom = part.vertices[np.isclose(part.vertices[:, 2], 0)]
        assert np.ptp(bottom[:, :2], axis=0) == pytest.approx([SIZE - 0.3] * 2, abs=1e-4)
    centres = sorted({round(float(c), 3) for c in (p.bounds.mean(axis=0)[0] for p in parts)})
    assert np.diff(centres) == pytest.approx([SIZE + 8.0] * 5)  # the stated 8 mm gap



# --- bad input ----------------------------------------------------------------


def planned(args: list[str], message: str):
    """A case the plan refuses, once the command has found CadQuery (a paper-only install refuses
    every such case for the missing 3d extra instead)."""
    return pytest.param(args, message, marks=pytest.mark.needs_3d)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--body-size", "0"], "--body-size must be greater than zero"),
        (["--relief", "-2mm"], "--relief must be greater than zero"),
        (["--body-height", "0"], "--body-height must be greater than zero"),
        planned(["--layer-height", "1.2"], "--layer-height must be more than 0 and at most 1 mm"),
        planned(["--first-layer-height", "0.8", "--body-height", "0.7"], "larger than the body"),
        planned(["--body-size", "6"], "too small: the thinnest stroke"),  # any bold face, at 4 mm
        planned(["--body-size", "20", "--fit", "15"], "use --fit"),
        (["--fit", "-0.2"], "--fit must be zero or more"),
        (["--elephant-foot", "-0.1"], "--elephant-foot must be zero or more"),
        planned(["--elephant-foot", "3"], "--elephant-foot 3 mm is more than 2 mm"),
        planned(["--bed", "30x30"], "too small for one 28 mm tile"),
        (["--bed", "huge"], "is not a bed size"),
        (["--bed", f"1{'0' * 400}x100"], "--bed width '1000"),
        (["--bed", "180x0"], "--bed depth must be greater than zero"),
        (["--markings", "dots"], "--markings 'dots' is not one of none, letters, shapes"),
        (["--colour-change", "m700"], "--colour-change 'm700' is not one of m600, pause, tool"),
        planned(["--relief", "0.1"], "less than one 0.2 mm layer"),
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


def test_a_fit_that_thins_strokes_is_refused_at_the_measured_limit():
    from grawlix_print.errors import StudioError
    from grawlix_print.products.solid.kinds import solid_kinds
    from grawlix_print.products.solid.plan import plan_stl, stl_options
    from grawlix_print.products.solid.strokes import thinnest_stroke

    # Independently of the message: the smallest footprint keeping every stroke 0.8 mm
    narrowest = min(thinnest_stroke(o.polygons(0.0005)) for o in glyph_outlines(TILE_SET.faces).values())
    smallest = 0.8 / (narrowest * RELIEF_FRACTION)
    tiles = solid_kinds(game())[0]
    plan_stl(stl_options(tile_size=20.0, fit=20.0 - smallest - 0.01), tiles)
    with pytest.raises(StudioError, match="thinnest stroke"):
        plan_stl(stl_options(tile_size=20.0, fit=20.0 - smallest + 0.01), tiles)
    plan_stl(stl_options(style="flat", tile_size=12.0, fit=1.0), tiles)  # blanks have no strokes


@pytest.mark.needs_3d
def test_marks_without_room_are_refused(tmp_path):
    """Just under the smallest tile that takes letters (found through the code's own checks,
    whatever the typeface), the command refuses in one line and writes nothing."""
    from grawlix_print.errors import StudioError
    from grawlix_print.products.solid.kinds import solid_kinds
    from grawlix_print.products.solid.plan import plan_stl, stl_options

    tiles = solid_kinds(game())[0]

    def fits(size: float) -> bool:
        try:
            plan_stl(stl_options(tile_size=size, markings="letters"), tiles)
            return True
        except StudioError:
            return False

    low, high = 5.0, 80.0
    assert not fits(low) and fits(high)
    while high - low > 0.01:
        low, high = (low, (low + high) / 2) if fits((low + high) / 2) else ((low + high) / 2, high)
    out = tmp_path / "out"
    result = run_stl(out, "--body-size", f"{low:.3f}", "--markings", "letters")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "--markings letters" in result.stderr or "thinnest stroke" in result.stderr
    assert not out.exists()


@pytest.mark.needs_3d
def test_bad_input_leaves_earlier_files_alone(tmp_path):
    earlier = tmp_path / "3d" / "grawlix-raised-plate.stl"
    earlier.parent.mkdir()
    earlier.write_bytes(b"an earlier plate")
    assert run_stl(tmp_path, "--layer-height", "2").exit_code == 1
    assert earlier.read_bytes() == b"an earlier plate"
    assert [p.name for p in earlier.parent.iterdir()] == [earlier.name]


@pytest.mark.needs_3d
def test_recorded_settings_are_used_and_checked(templates_copy):
    (templates_copy.parent / "grawlix.toml").write_text('[stl]\nbed = "20x20"\n')
    out = templates_copy.parent / "out"
    result = run_stl(out, "--templates", str(templates_copy))
    settings = templates_copy.parent / "grawlix.toml"  # a value from the file is named by its file and key
    assert result.exit_code == 1 and result.stderr.startswith(f"error: {settings}: [stl] bed 20 x 20 mm is too small")
    assert not out.exists()
    (templates_copy.parent / "grawlix.toml").write_text('[stl]\nlayer-height = "thick"\n')
    result = run_stl(out, "--templates", str(templates_copy))
    assert result.exit_code == 1 and "grawlix.toml" in result.stderr


@pytest.mark.needs_3d
def test_the_kit_can_build_the_tiles_as_a_heavy_step(tmp_path):
    from grawlix_print.kit.build import Step, build_kit
    from grawlix_print.kit.plan import run_job

    step = Step("stl", run_job, {"product": "3d", "params": {"style": "flat", "tile_size": 25.0, "bed": [256, 256]}}, heavy=True)
    (outcome,) = build_kit([step], tmp_path, TEMPLATES)
    paths = sorted(f["path"] for f in outcome.files)
    assert paths == [
        "3d/grawlix-3d-printing.txt",
        "3d/grawlix-flat-plate.stl",
        "previews/grawlix-flat-plate.png",
    ]
    assert len(load(tmp_path / "3d/grawlix-flat-plate.stl").split()) == 36
    assert {f["params"]["tile_size"] for f in outcome.files if f["path"].startswith("3d/")} == {25.0}


@pytest.mark.needs_3d
def test_the_bodys_earlier_name_is_still_taken_with_a_note(tmp_path):
    """``[stl] tile-size`` (the printed body) is called ``body-size`` now, apart from the paper square
    ``[sheets] tile-size``: the old flag and key still work, each with a note."""
    result = run_stl(tmp_path, "--style", "flat", "--tile-size", "25", "--bed", "256x256")
    assert result.exit_code == 0, result.stderr
    assert "note: --tile-size is now called --body-size" in result.stderr
    bodies = trimesh.load(tmp_path / "3d" / "grawlix-flat-plate.stl").split()
    assert len(bodies) == 36 and {round(float(body.extents[0]), 3) for body in bodies} == {25.0}


def test_other_commands_never_load_the_cad_kernel():
    script = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from grawlix_print.cli import main\n"
        "r = CliRunner().invoke(main, ['check', 'templates/grawlix/positions/example-1.toml'])\n"
        "assert r.exit_code == 0, r.output\n"
        "r = CliRunner().invoke(main, ['stl', '--body-size', '5'])\n"
        "assert r.exit_code == 1, r.output\n"
        "heavy = sorted(m for m in ('cadquery', 'OCP', 'vtk') if m in sys.modules)\n"
        "assert not heavy, heavy\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=PROJECT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.needs_3d
def test_the_3d_build_loads_opencascade_alone():
    """The solids, meshes, STEP and 3MF files need OpenCASCADE (OCP) and nothing CadQuery's own
    package imports besides: its viewer (VTK, through OCP.IVtkOCC) and its DXF exporter (ezdxf)
    were four tenths of ``import cadquery``."""
    script = (
        "import sys\n"
        "from grawlix_print.games import game\n"
        "from grawlix_print.products.solid.build import sample_plates\n"
        "files = sample_plates(game(), '#', 'red', markings='shapes')\n"
        "assert len(files) == 2, files\n"
        "loaded = sorted({m.split('.')[0] for m in sys.modules} & {'cadquery', 'vtk', 'vtkmodules', 'ezdxf', 'OCP'})\n"
        "print(loaded)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=PROJECT, capture_output=True, text=True, env=ENV)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "['OCP']\n"


@pytest.mark.needs_3d
def test_same_options_give_the_same_bytes():
    from grawlix_print.products.solid.build import sample_plates

    first = sample_plates(game(), "#", COLOURS[3].name, markings="shapes")
    assert len(first) == 2 and sample_plates(game(), "#", COLOURS[3].name, markings="shapes") == first
