"""3D pieces of a game made of tables: the example's coins (templates/spreadsheet) raise their SVG icon
from components.toml alone (``[kinds.coins.relief]``), and every fault in those keys is one line.

The coin icon (icons/coin.svg) is a disc of r 11 in ``currentColor`` with a lighter disc of r 8
painted over it and a ten-cornered star in ``currentColor`` on top: what is raised is the ring and
the star (the hole and the island), measured on the mesh against the SVG's own numbers.
"""

from __future__ import annotations

import math
import re
import shutil
from pathlib import Path

import numpy as np
import pytest
import trimesh

from commands import run_here
from conftest import PROJECT
from grawlix_print.games import game
from test_solid_kinds import built
from test_solid_shapes import BODY, TOP, corners_of, distance_to, perimeters
from test_solid_slicer import layers_of, slice_

EXAMPLE = PROJECT / "templates" / "spreadsheet"
STAR = [(12, 6), (14, 10.5), (18.5, 11), (15, 14), (16, 18.5), (12, 16), (8, 18.5), (9, 14), (5.5, 11), (10, 10.5)]
"""The star of icons/coin.svg, in its 24-unit viewBox."""


def area(points) -> float:
    p = np.asarray(points, dtype=float)
    return 0.5 * abs(float((p[:, 0] * np.roll(p[:, 1], -1) - np.roll(p[:, 0], -1) * p[:, 1]).sum()))


@pytest.fixture(scope="module")
def coins(tmp_path_factory):
    return built(tmp_path_factory.mktemp("coins"), game("spreadsheet"))


@pytest.mark.needs_3d
def test_the_coins_get_every_file_from_the_components_file_alone(coins):
    out, _ = coins
    names = {p.name for p in out.iterdir()}
    assert {"night-market-raised-coin.stl", "night-market-raised-coin.step", "night-market-3d-printing.txt",
            "night-market-raised-ink-colour-change-1.3mf", "night-market-raised-ink-two-filaments-1.3mf"} <= names
    notes = " ".join((out / "night-market-3d-printing.txt").read_text().split())
    assert "A coin is 25 mm across" in notes and "(<colour> is each of ink)" in notes
    assert "36 coins" in notes  # 20 + 10 + 6 in coins.toml


@pytest.mark.needs_3d
def test_the_icon_is_raised_as_painted_its_ring_and_star(coins):
    """The raised top is the ring (r 11 less r 8) and the star inside it, scaled so the icon's 22 units
    are 68 % of the 25 mm coin; the body is a 25 mm disc."""
    out, _ = coins
    mesh = trimesh.load(out / "night-market-raised-coin.stl", force="mesh")
    assert mesh.is_watertight and mesh.extents[:2] == pytest.approx([25.0, 25.0], abs=0.02)
    up = (mesh.face_normals[:, 2] > 0.999) & np.isclose(mesh.triangles_center[:, 2], TOP, atol=1e-4)
    scale = 25 * 0.68 / 22
    drawn = (math.pi * (11**2 - 8**2) + area(STAR)) * scale**2
    assert mesh.area_faces[up].sum() == pytest.approx(drawn, rel=5e-3)  # arcs as facets 0.02 mm inside
    top = mesh.submesh([np.flatnonzero(up)], append=True)
    assert len(top.split(only_watertight=False)) == 2  # the ring, and the star on its own inside it


@pytest.mark.needs_3d
@pytest.mark.skipif(shutil.which("prusa-slicer") is None, reason="no prusa-slicer")
def test_prusaslicer_prints_the_coins_round_and_changes_to_ink_once(coins, tmp_path):
    out, _ = coins
    model = tmp_path / "coins.3mf"
    model.write_bytes((out / "night-market-raised-ink-colour-change-2.3mf").read_bytes())
    gcode = slice_(model, "--first-layer-height", "0.2")
    assert len(re.findall(r"^M600$", gcode, re.MULTILINE)) == 1
    layers = layers_of(gcode)
    (changed,) = [z for z, lines in layers if "M600" in lines]
    assert changed == pytest.approx(BODY + 0.2)
    z, lines = layers[2]
    width = float(re.search(r"^;WIDTH:([\d.]+)$", "\n".join(lines), re.MULTILINE).group(1))
    loops = [loop for loop in perimeters(lines) if np.ptp(loop[:, 0]) > 20]
    assert len(loops) == 18  # 36 coins over two plates
    circle = np.array([((12.5 - width / 2) * math.cos(a), (12.5 - width / 2) * math.sin(a)) for a in np.linspace(0, 2 * math.pi, 720, endpoint=False)])
    for loop in loops:
        centre = (loop.min(axis=0) + loop.max(axis=0)) / 2
        assert distance_to(circle, loop - centre).max() < 0.1
        assert corners_of(loop) == 0


@pytest.mark.parametrize(
    "relief, where, message",
    [
        ('picture = "icons/none.svg"\ncolour = "ink"', "kinds.coins.relief.picture", "no picture 'icons/none.svg'"),
        ('picture = "icons/coin.svg"', "kinds.coins.relief", 'missing colour = "ink"'),
        ('picture = "icons/coin.svg"\ncolour = "mauve"', "kinds.coins.relief.colour", "'mauve' is not a colour"),
        ('picture = "icons/coin.svg"\ncolour = "none"', "kinds.coins.relief.colour", "needs a colour"),
        ('picture = "icons/coin.svg"\ncolour = "ink"\nsize = 2', "kinds.coins.relief.size", "at most 1"),
        ('picture = "icons/coin.svg"\ncolour = "ink"\nshade = 1', "kinds.coins.relief.shade", "unknown key"),
        ('picture = "icons/{icon}.svg"\ncolour = "ink"', "kinds.coins.relief.picture", "icon"),
        ('picture = "art/night.png"\ncolour = "ink"', "kinds.coins.relief.picture", "a relief is an SVG's shapes"),
        ('picture = "icons/coin.svg"\ncolour = "ink"\nsize = 0.99', "kinds.coins", "does not fit the coin's top"),
    ],
)  # fmt: skip
def test_a_fault_in_the_relief_is_one_line_naming_the_file_and_key(tmp_path, relief, where, message):
    """Nothing is written; the line names components.toml and the key (a row's fault: its row too)."""
    templates = tmp_path / "templates"
    shutil.copytree(EXAMPLE, templates)
    components = templates / "components.toml"
    text = components.read_text()
    text = re.sub(r"\[kinds\.coins\.relief\]\n(?:[a-z_]+ = .*\n?)+", f"[kinds.coins.relief]\n{relief}\n", text)
    components.write_text(text)
    done = run_here("stl", "--templates", str(templates), "-o", str(tmp_path / "out"))
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert "components.toml" in done.stderr and where in done.stderr and message in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


THIN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path d="M 10 10 L 90 10 L 90 10.4 L 10 10.4 Z" fill="currentColor"/><path d="M 10 50 L 90 50 L 90 90 L 10 90 Z" fill="currentColor"/></svg>'
"""A bar 0.4 units thin above a square: on a 25 mm coin the bar would print 0.07 mm wide."""


@pytest.mark.parametrize(
    "change, where, message",
    [
        ({"relief": 'picture = "icons/thin.svg"\ncolour = "ink"'}, "kinds.coins (spreadsheet)", "thinnest stroke"),
        ({"kind": 'shape = "hexagon"\nsize = [25, 25]'}, "kinds.coins.size", "say it is stretched"),
        ({"kind": 'shape = "outline"\noutline = "M 0 0 L 10 10 L 10 0 L 0 10 Z"\nsize = 25'}, "kinds.coins.outline", "crosses itself"),
        ({"kind": 'shape = "outline"\noutline = "M 0 0 L 10 0 L 10 10"\nsize = 25'}, "kinds.coins.outline", "not closed"),
        ({"args": ["--body-size", "300"]}, "kinds.coins (spreadsheet)", "larger than every common print bed"),
    ],
)  # fmt: skip
def test_what_cannot_be_printed_is_one_line_naming_the_game_kind_and_file(tmp_path, change, where, message):
    """A relief thinner than a nozzle prints, a hexagon stretched without saying so, an outline that
    crosses itself or is not closed, a body no common bed holds: one line, exit 1, nothing written."""
    templates = tmp_path / "templates"
    shutil.copytree(EXAMPLE, templates)
    (templates / "icons" / "thin.svg").write_text(THIN)
    components = templates / "components.toml"
    text = components.read_text()
    if "relief" in change:
        text = re.sub(r"\[kinds\.coins\.relief\]\n(?:[a-z_]+ = .*\n?)+", f"[kinds.coins.relief]\n{change['relief']}\n", text)
    if "kind" in change:
        text = text.replace('shape = "circle"\nsize = 25\n', change["kind"] + "\n")
    components.write_text(text)
    done = run_here("stl", "--templates", str(templates), "-o", str(tmp_path / "out"), *change.get("args", []))
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert "components.toml" in done.stderr and where in done.stderr and message in done.stderr, done.stderr
    assert not (tmp_path / "out").exists()
