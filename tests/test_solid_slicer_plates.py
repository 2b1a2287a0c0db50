"""A real slicer reads our 3MF plates: on a small bed each plate slices where it stands, two extruders
switch to the glyph's at the right layer, and the filament the notes give is PrusaSlicer's estimate.
Where PrusaSlicer is missing (CI installs it), these tests are skipped.
"""

from __future__ import annotations

import re
import shutil

import numpy as np
import pytest
from grawlix_print.games import game

from tileset import COLOURS
from grawlix_print.products.solid.dimensions import SOLID_TILE
from test_solid_slicer import TWO_EXTRUDERS, extruding_tools, layers_of, nearest_layer_top, notes_settings, save, slice_all

pytestmark = [pytest.mark.skipif(shutil.which("prusa-slicer") is None, reason="no prusa-slicer"), pytest.mark.needs_3d]

SMALL_BED = 100
SOLID_SIZES = (28, 40)


WEIGHED = "@*"
"""The glyphs whose middles are widest: the plate weighed, and sliced at the designer's size and larger."""
SMALL_BED_PLATES = ["grawlix-raised-red-colour-change-1.3mf", "grawlix-raised-red-colour-change-2.3mf"]


@pytest.fixture(scope="module")
def sliced(tmp_path_factory):
    """G-code of three slices side by side: the second plate of a small bed kept where its file puts it
    (plates are placed alike: one stands for both), and the two-filament plate of ``WEIGHED`` on two
    extruders at the notes' settings at 28 mm (the designer's size: to weigh, to see the tools switch and
    where the slicer lays sparse infill in a relief) and at 40 mm (infill again). The small bed's files
    themselves, by name."""
    from grawlix_print.products.solid.build import sample_plates

    folder = tmp_path_factory.mktemp("sliced-plates")
    jobs = {}
    corners = f"0x0,{SMALL_BED}x0,{SMALL_BED}x{SMALL_BED},0x{SMALL_BED}"
    small = sample_plates(game(), "@#$%&*", COLOURS[0].name, bed=f"{SMALL_BED}x{SMALL_BED}")
    plates = sorted(name for name in small if "colour-change" in name)
    name = plates[-1]
    jobs[name] = (save(folder, name, small[name]), "--first-layer-height", "0.2", "--dont-arrange", "--bed-shape", corners)
    for size in SOLID_SIZES:
        files = sample_plates(game(), WEIGHED, COLOURS[0].name, tile_size=float(size))
        jobs[f"solid-{size}"] = (save(folder, f"solid-{size}.3mf", files["grawlix-raised-red-two-filaments.3mf"]),
                                 "--first-layer-height", "0.2", "--layer-height", "0.2", *TWO_EXTRUDERS,
                                 *notes_settings())  # fmt: skip
    return {**slice_all(jobs), "plates": plates}


def test_two_extruders_switch_to_the_glyph_at_that_layer(sliced):
    tools = extruding_tools(sliced["solid-28"])  # two extruders, at 0.2 mm layers
    body = nearest_layer_top(SOLID_TILE.body_height, 0.2, 0.2)
    below = set().union(*(t for z, t in tools.items() if z <= body + 1e-6))
    above = set().union(*(t for z, t in tools.items() if z > body + 1e-6))
    assert below == {0} and above == {1}
    assert min(z for z, t in tools.items() if 1 in t) == pytest.approx(body + 0.2)


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
    """Six tiles on a 100 mm bed (four fit) are two files; sliced without rearranging, a plate stays on
    the bed, clear of its edges, and changes colour once at the right layer."""
    assert sliced["plates"] == SMALL_BED_PLATES
    body = nearest_layer_top(SOLID_TILE.body_height, 0.2, 0.2)
    gcode = sliced[SMALL_BED_PLATES[-1]]
    low, high = extrusion_extent(gcode)
    assert (low >= 5 - 0.5).all() and (high <= SMALL_BED - 5 + 0.5).all(), (low, high)
    assert len(re.findall(r"^M600$", gcode, re.MULTILINE)) == 1
    (changed,) = [z for z, lines in layers_of(gcode) if "M600" in lines]
    assert changed == pytest.approx(body + 0.2)


def test_the_notes_weights_agree_with_prusaslicers_estimate(sliced):
    """Body and glyph grams, part by part, within 15 % of PrusaSlicer's "filament used" for the
    same plate at the notes' settings (tool 1 prints the bodies, tool 2 the glyphs)."""
    from grawlix_print.products.solid.build import sample_grams

    used = re.search(r"^; filament used \[g\] = ([\d.]+), ([\d.]+)$", sliced["solid-28"], re.MULTILINE)
    bodies, glyphs = map(float, used.groups())
    base, accent = sample_grams(game(), WEIGHED, COLOURS[0].name)
    assert base == pytest.approx(bodies, rel=0.15)
    assert accent == pytest.approx(glyphs, rel=0.15)


def test_the_notes_say_reliefs_print_solid_only_when_the_slicer_fills_them_solid(sliced):
    """At the notes' settings PrusaSlicer gives a glyph no sparse infill at 28 mm, but does at
    40 mm, whose wider strokes leave room inside the walls: the notes claim "they print solid"
    (``prints_solid``) exactly when the glyph's tool lays no internal infill."""
    from grawlix_print.products.solid.dimensions import RELIEF_FRACTION
    from grawlix_print.products.solid.filament import prints_solid
    from grawlix_print.products.solid.kinds import solid_kinds
    from grawlix_print.products.solid.layers import plan_layers
    from grawlix_print.products.solid.shapes import Placement, outline_shapes

    kind = solid_kinds(game())[0]
    layers = plan_layers(SOLID_TILE.body_height, 0.2, 0.2, SOLID_TILE.relief)
    for size in SOLID_SIZES:
        tool, kind_of_line, kinds = "T0", "", set()
        for line in sliced[f"solid-{size}"].splitlines():
            if re.fullmatch(r"T\d", line):
                tool = line
            elif line.startswith(";TYPE:"):
                kind_of_line = line[len(";TYPE:"):]
            elif tool == "T1" and re.match(r"G1 .*E\d", line):
                kinds.add(kind_of_line)
        sparse = "Internal infill" in kinds
        glyphs = [kind.outlines[r.name] for r in kind.shapes if r.label in WEIGHED]
        solid = all(prints_solid(outline_shapes(glyph, Placement(size * RELIEF_FRACTION)), layers) for glyph in glyphs)
        assert solid == (not sparse), size
        assert sparse == (size > 28)  # the slicer's own verdict at each size
