"""A real slicer reads our 3MF files: PrusaSlicer's G-code has the change, the tools, the
plates where we put them, and the filament the notes give.

Small models (two tiles, or one plate, built by the same code as the full set)
keep slicing quick; the slices run side by side. Where PrusaSlicer is missing
(CI installs it), these tests are skipped.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from grawlix_print.games import game

from tileset import COLOURS
from grawlix_print.products.solid.dimensions import SOLID_TILE

pytestmark = [pytest.mark.skipif(shutil.which("prusa-slicer") is None, reason="no prusa-slicer"), pytest.mark.needs_3d]

LAYERS = [("0.2", "0.2"), ("0.3", "0.2"), ("0.28", "0.12")]
TWO_EXTRUDERS = ["--nozzle-diameter", "0.4,0.4", "--filament-diameter", "1.75,1.75",
                 "--temperature", "210,210", "--first-layer-temperature", "210,210",
                 "--extruder-offset", "0x0,0x0", "--retract-length", "0.8,0.8",
                 "--retract-length-toolchange", "10,10"]  # fmt: skip
SMALL_BED = 100


def notes_settings() -> list[str]:
    """The print settings the notes give, as PrusaSlicer's options (no skirt: the notes weigh tiles)."""
    from grawlix_print.products.solid.filament import NOTES_SETTINGS as n

    density = f"{n.filament_density:g}"
    return ["--perimeters", str(n.walls), "--top-solid-layers", str(n.top_layers),
            "--bottom-solid-layers", str(n.bottom_layers), "--fill-density", f"{n.infill * 100:g}%",
            "--skirts", "0", "--filament-density", f"{density},{density}"]  # fmt: skip


def nearest_layer_top(body: float, first: float, layer: float) -> float:
    """Independently of the code: the layer tops a slicer makes, the nearest to ``body``
    (in exact fractions; a tie goes up)."""
    body, first, layer = (Fraction(str(v)) for v in (body, first, layer))
    tops = [first + k * layer for k in range(int(body / layer) + 3)]
    return float(min(tops, key=lambda top: (abs(top - body), -top)))


def slice_(model: Path, *settings: str) -> str:
    gcode = model.with_suffix(".gcode")
    done = subprocess.run(
        ["prusa-slicer", "--export-gcode", *settings, "-o", str(gcode), str(model)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    return gcode.read_text()


@pytest.fixture(scope="module")
def sliced(tmp_path_factory):
    """G-code of the sample plates: one nozzle at each layer setting, two extruders once, the
    pause and tool-change files, a small bed's plates kept where the files put them, and a
    whole plate at the notes' settings to weigh.

    Only the first-layer height is given to the one-nozzle files: the layer height must come
    from the file.
    """
    from grawlix_print.products.solid.build import sample_plates

    folder = tmp_path_factory.mktemp("sliced")
    jobs = {}

    def save(name: str, data: bytes) -> Path:
        path = folder / name
        path.write_bytes(data)
        return path

    for first, layer in LAYERS:
        files = sample_plates(game(), "*#", COLOURS[0].name, first_layer_height=float(first),
                              layer_height=float(layer))  # fmt: skip
        for name, data in files.items():
            path = save(f"{first}-{layer}-{name}", data)
            if "colour-change" in name:
                jobs[first, layer] = (path, "--first-layer-height", first)
            elif (first, layer) == LAYERS[0]:
                jobs["two"] = (path, "--first-layer-height", first, "--layer-height", layer,
                               *TWO_EXTRUDERS)  # fmt: skip
    for mode in ("pause", "tool"):
        files = sample_plates(game(), "*#", COLOURS[0].name, colour_change=mode)
        path = save(f"{mode}.3mf", files[f"grawlix-raised-red-{mode}{'-change' if mode == 'tool' else ''}.3mf"])
        jobs[mode] = (path, "--first-layer-height", "0.2", *(TWO_EXTRUDERS if mode == "tool" else ()))
    jobs["klipper"] = (jobs["pause"][0], "--first-layer-height", "0.2", "--pause-print-gcode", "PAUSE")
    corners = f"0x0,{SMALL_BED}x0,{SMALL_BED}x{SMALL_BED},0x{SMALL_BED}"
    for name, data in sample_plates(game(), "@#$%&*", COLOURS[0].name, bed=f"{SMALL_BED}x{SMALL_BED}").items():
        if "colour-change" in name:
            jobs[name] = (save(name, data), "--first-layer-height", "0.2", "--dont-arrange", "--bed-shape", corners)
    files = sample_plates(game(), "@#$%&*", COLOURS[0].name)
    jobs["weigh"] = (save("weigh.3mf", files["grawlix-raised-red-two-filaments.3mf"]), "--first-layer-height",
                     "0.2", "--layer-height", "0.2", *TWO_EXTRUDERS, *notes_settings())  # fmt: skip
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = dict(zip(jobs, pool.map(lambda job: slice_(*job), jobs.values())))
    return results


def layers_of(gcode: str) -> list[tuple[float, list[str]]]:
    """(top Z, lines) of each layer, from PrusaSlicer's ;LAYER_CHANGE / ;Z: comments."""
    layers = []
    for block in gcode.split(";LAYER_CHANGE\n")[1:]:
        z = float(re.match(r";Z:([\d.]+)", block).group(1))
        layers.append((z, block.splitlines()))
    return layers


@pytest.mark.parametrize("first, layer", LAYERS, ids=[f"{f}/{l}" for f, l in LAYERS])
def test_one_m600_starts_the_first_glyph_layer(sliced, first, layer):
    gcode = sliced[first, layer]
    body = nearest_layer_top(SOLID_TILE.body_height, float(first), float(layer))
    swap = round(body + float(layer), 6)
    assert len(re.findall(r"^M600$", gcode, re.MULTILINE)) == 1
    layers = layers_of(gcode)
    tops = [z for z, _ in layers]
    assert tops[0] == pytest.approx(float(first))
    assert tops[1] - tops[0] == pytest.approx(float(layer))  # the file's layer height, not 0.3
    (changed,) = [z for z, lines in layers if "M600" in lines]
    assert changed == pytest.approx(swap)
    lines = dict(layers)[changed]
    moves = [i for i, line in enumerate(lines) if re.match(r"G1 .*E[\d.]+", line)]
    assert lines.index("M600") < moves[0]  # before anything of that layer is printed
    assert tops[tops.index(changed) - 1] == pytest.approx(body)  # the body's last layer ends there


def extruding_tools(gcode: str) -> dict[float, set[int]]:
    tools, tool = {}, 0
    for z, lines in layers_of(gcode):
        for line in lines:
            if re.fullmatch(r"T\d+", line):
                tool = int(line[1:])
            elif re.match(r"G1 .*X.*Y.*E[\d.]+", line) and ";" not in line.split("E")[0]:
                tools.setdefault(z, set()).add(tool)
    return tools


def test_two_extruders_switch_to_the_glyph_at_that_layer(sliced):
    tools = extruding_tools(sliced["two"])
    body = nearest_layer_top(SOLID_TILE.body_height, 0.2, 0.2)
    below = set().union(*(t for z, t in tools.items() if z <= body + 1e-6))
    above = set().union(*(t for z, t in tools.items() if z > body + 1e-6))
    assert below == {0} and above == {1}
    assert min(z for z, t in tools.items() if 1 in t) == pytest.approx(body + 0.2)


def test_a_pause_file_pauses_once_before_the_first_glyph_layer(sliced):
    """--colour-change pause: PrusaSlicer writes the printer profile's pause G-code (M601 by
    default, PAUSE where a Klipper profile says so) there, and no M600."""
    body = nearest_layer_top(SOLID_TILE.body_height, 0.2, 0.2)
    for key, command in (("pause", "M601"), ("klipper", "PAUSE")):
        gcode = sliced[key]
        assert not re.findall(r"^M600$", gcode, re.MULTILINE)
        assert len(re.findall(rf"^{command}$", gcode, re.MULTILINE)) == 1
        (paused,) = [z for z, lines in layers_of(gcode) if command in lines]
        assert paused == pytest.approx(body + 0.2)
        assert "M117 Load the red filament" in gcode  # the message the printer shows


def test_a_tool_change_file_switches_to_the_second_tool_at_that_layer(sliced):
    tools = extruding_tools(sliced["tool"])
    body = nearest_layer_top(SOLID_TILE.body_height, 0.2, 0.2)
    assert set().union(*(t for z, t in tools.items() if z <= body + 1e-6)) == {0}
    assert set().union(*(t for z, t in tools.items() if z > body + 1e-6)) == {1}
    assert not re.findall(r"^M600$", sliced["tool"], re.MULTILINE)


def extrusion_extent(gcode: str) -> tuple[np.ndarray, np.ndarray]:
    """Lowest and highest X, Y of every extruding move (absolute positions)."""
    points, x, y = [], None, None
    for line in gcode.splitlines():
        if line.startswith(("G1 ", "G0 ")):
            words = dict(re.findall(r"([XYE])([-\d.]+)", line.split(";")[0]))
            x, y = float(words.get("X", x or 0)), float(words.get("Y", y or 0))
            if "E" in words and float(words["E"]) > 0 and ("X" in words or "Y" in words):
                points.append((x, y))
    points = np.array(points)
    return points.min(axis=0), points.max(axis=0)


def test_each_plate_of_a_small_bed_slices_where_it_stands_with_its_change(sliced):
    """Six tiles on a 100 mm bed (four fit) are two files; sliced without rearranging, each
    plate stays on the bed, clear of its edges, and changes colour once at the right layer."""
    plates = sorted(k for k in sliced if isinstance(k, str) and k.endswith(".3mf"))
    assert plates == ["grawlix-raised-red-colour-change-1.3mf", "grawlix-raised-red-colour-change-2.3mf"]
    body = nearest_layer_top(SOLID_TILE.body_height, 0.2, 0.2)
    for name in plates:
        gcode = sliced[name]
        low, high = extrusion_extent(gcode)
        assert (low >= 5 - 0.5).all() and (high <= SMALL_BED - 5 + 0.5).all(), (name, low, high)
        assert len(re.findall(r"^M600$", gcode, re.MULTILINE)) == 1
        (changed,) = [z for z, lines in layers_of(gcode) if "M600" in lines]
        assert changed == pytest.approx(body + 0.2)


def test_the_notes_weights_agree_with_prusaslicers_estimate(sliced):
    """Body and glyph grams, part by part, within 15 % of PrusaSlicer's "filament used" for the
    same plate at the notes' settings (tool 1 prints the bodies, tool 2 the glyphs)."""
    from grawlix_print.products.solid.build import sample_grams

    used = re.search(r"^; filament used \[g\] = ([\d.]+), ([\d.]+)$", sliced["weigh"], re.MULTILINE)
    bodies, glyphs = map(float, used.groups())
    base, accent = sample_grams(game(), "@#$%&*", COLOURS[0].name)
    assert base == pytest.approx(bodies, rel=0.15)
    assert accent == pytest.approx(glyphs, rel=0.15)
