"""A real slicer reads our 3MF files: PrusaSlicer's G-code has the colour change and the tools.

Small models (one or two tiles, built by the same code as the full set) keep
slicing quick; the slices run side by side. Where PrusaSlicer is missing
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
from grawlix_print.solid.dimensions import SOLID_TILE

pytestmark = pytest.mark.skipif(shutil.which("prusa-slicer") is None, reason="no prusa-slicer")

LAYERS = [("0.2", "0.2"), ("0.3", "0.2"), ("0.28", "0.12")]
TWO_EXTRUDERS = ["--nozzle-diameter", "0.4,0.4", "--filament-diameter", "1.75,1.75",
                 "--temperature", "210,210", "--first-layer-temperature", "210,210",
                 "--extruder-offset", "0x0,0x0", "--retract-length", "0.8,0.8",
                 "--retract-length-toolchange", "10,10"]  # fmt: skip


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
    """G-code of the sample plates: one nozzle at each layer setting, two extruders once.

    Only the first-layer height is given: the layer height must come from the file.
    """
    from grawlix_print.solid.build import sample_plates

    folder = tmp_path_factory.mktemp("sliced")
    jobs = {}
    for first, layer in LAYERS:
        files = sample_plates(game(), "*#", COLOURS[0].name, first_layer_height=float(first),
                              layer_height=float(layer))  # fmt: skip
        for name, data in files.items():
            path = folder / f"{first}-{layer}-{name}"
            path.write_bytes(data)
            if "colour-change" in name:
                jobs[first, layer] = (path, "--first-layer-height", first)
            elif (first, layer) == LAYERS[0]:
                jobs["two"] = (path, "--first-layer-height", first, "--layer-height", layer,
                               *TWO_EXTRUDERS)  # fmt: skip
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
