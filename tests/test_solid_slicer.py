"""A real slicer reads our 3MF files: PrusaSlicer's G-code has the change at the right layer, the
pause and the tool change (plates, two extruders and weights: test_solid_slicer_plates).

Small models (one tile, built by the same code as the full set: every tile's change is
at the same height) keep slicing quick; the slices run side by side. Where PrusaSlicer is missing
(CI installs it), these tests are skipped.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path

import pytest
from grawlix_print.games import game

from tileset import COLOURS
from grawlix_print.products.solid.dimensions import SOLID_TILE

pytestmark = [pytest.mark.skipif(shutil.which("prusa-slicer") is None, reason="no prusa-slicer"), pytest.mark.needs_3d]

SLICED = "#"
"""The one tile sliced here."""
LAYERS = [("0.2", "0.2"), ("0.3", "0.2"), ("0.28", "0.12")]
TWO_EXTRUDERS = ["--nozzle-diameter", "0.4,0.4", "--filament-diameter", "1.75,1.75",
                 "--temperature", "210,210", "--first-layer-temperature", "210,210",
                 "--extruder-offset", "0x0,0x0", "--retract-length", "0.8,0.8",
                 "--retract-length-toolchange", "10,10"]  # fmt: skip


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


def save(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    path.write_bytes(data)
    return path


def slice_all(jobs: dict) -> dict:
    """Each job's G-code, two slices side by side (the machine's two cores)."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(jobs, pool.map(lambda job: slice_(*job), jobs.values())))


@pytest.fixture(scope="module")
def sliced(tmp_path_factory):
    """G-code of the sample plates: one nozzle at each layer setting, and the pause and
    tool-change files (the pause file also as a Klipper profile slices it).

    Only the first-layer height is given to the one-nozzle files: the layer height must come
    from the file. (Plates on a small bed, two extruders and the weights:
    test_solid_slicer_plates.)
    """
    from grawlix_print.products.solid.build import sample_plates

    folder = tmp_path_factory.mktemp("sliced")
    jobs = {}
    for first, layer in LAYERS:
        files = sample_plates(game(), SLICED, COLOURS[0].name, first_layer_height=float(first),
                              layer_height=float(layer))  # fmt: skip
        (name,) = [name for name in files if "colour-change" in name]
        jobs[first, layer] = (save(folder, f"{first}-{layer}-{name}", files[name]), "--first-layer-height", first)
    for mode in ("pause", "tool"):
        files = sample_plates(game(), SLICED, COLOURS[0].name, colour_change=mode)
        path = save(folder, f"{mode}.3mf", files[f"grawlix-raised-red-{mode}{'-change' if mode == 'tool' else ''}.3mf"])
        jobs[mode] = (path, "--first-layer-height", "0.2", *(TWO_EXTRUDERS if mode == "tool" else ()))
    jobs["klipper"] = (jobs["pause"][0], "--first-layer-height", "0.2", "--pause-print-gcode", "PAUSE")
    return slice_all(jobs)


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
