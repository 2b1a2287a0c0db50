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
        pytest.param('picture = "icons/coin.svg"\ncolour = "ink"\nsize = 0.99', "kinds.coins", "does not fit the coin's top",
                     marks=pytest.mark.needs_3d),  # measured on the solid
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
        pytest.param({"relief": 'picture = "icons/thin.svg"\ncolour = "ink"'}, "kinds.coins (spreadsheet)", "thinnest stroke",
                     marks=pytest.mark.needs_3d),  # measured on the solid
        ({"kind": 'shape = "hexagon"\nsize = [25, 25]'}, "kinds.coins.size", "say it is stretched"),
        ({"kind": 'shape = "outline"\noutline = "M 0 0 L 10 10 L 10 0 L 0 10 Z"\nsize = 25'}, "kinds.coins.outline", "crosses itself"),
        ({"kind": 'shape = "outline"\noutline = "M 0 0 L 10 0 L 10 10"\nsize = 25'}, "kinds.coins.outline", "not closed"),
        pytest.param({"args": ["--body-size", "300"]}, "kinds.coins (spreadsheet)", "larger than every common print bed",
                     marks=pytest.mark.needs_3d),  # measured on the solid
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


# --- a layout's element raised: [kinds.coins.relief] element = "NAME" ---------------------------

MARK = '\n[[elements]]\nname = "mark"\ntype = "polygon"\nbox = "ring"\npoints = [[5, 18], [20, 18], [12.5, 5]]\nfill = "ink"\n'
"""A triangle on the coin, 15 mm wide and 13 mm tall, drawn from the face's top left."""


def _coins_raising(folder: Path, relief: str, layout_extra: str = "") -> Path:
    """The example game with the coins' value text named ``value``, the ring ``ring`` (a dashed
    stroke, no fill), the coin icon in its text ``icon``, ``layout_extra`` added to the coin's layout and ``relief`` as the coins'
    relief table."""
    templates = folder / "templates"
    shutil.copytree(EXAMPLE, templates)
    layout = templates / "layouts" / "coin.toml"
    text = layout.read_text()
    text = text.replace('[[elements]]\ntype = "text"\nbox = "value"', '[[elements]]\nname = "value"\ntype = "text"\nbox = "value"')
    text = text.replace('[[elements]]\ntype = "circle"\nbox = "ring"', '[[elements]]\nname = "ring"\ntype = "circle"\nbox = "ring"')
    text = text.replace('[[elements]]\ntype = "text"\nbox = "icon"', '[[elements]]\nname = "icon"\ntype = "text"\nbox = "icon"')
    layout.write_text(text + layout_extra)
    components = templates / "components.toml"
    components.write_text(re.sub(r"\[kinds\.coins\.relief\]\n(?:[a-z_]+ = .*\n?)+", f"[kinds.coins.relief]\n{relief}\n",
                                 components.read_text()))  # fmt: skip
    return templates


def _raised_top(path: Path) -> float:
    mesh = trimesh.load(path, force="mesh")
    assert mesh.is_watertight
    up = (mesh.face_normals[:, 2] > 0.999) & np.isclose(mesh.triangles_center[:, 2], TOP, atol=1e-4)
    return float(mesh.area_faces[up].sum())


@pytest.mark.needs_3d
def test_a_named_text_element_raises_each_rows_letters_as_its_typeface_draws_them(tmp_path):
    """The coins' value, raised: a relief per value (1, 3, 5), each named after it, its top the
    typeface's own glyph (fontTools' area and bounds of Caprasimo's digit) scaled to 68 % of the coin."""
    from fontTools.pens.areaPen import AreaPen
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.ttLib import TTFont

    from grawlix_print.kit import resolved

    templates = _coins_raising(tmp_path, 'element = "value"\ncolour = "ink"\nbody = "gold"')
    out, _ = built(tmp_path, resolved(None, templates))
    names = {p.name for p in out.iterdir()}
    assert {f"night-market-raised-value-{v}.stl" for v in (1, 3, 5)} <= names
    assert not any("coin" in name for name in names if name.startswith("night-market-raised-") and name.endswith(".stl"))
    font = TTFont(PROJECT / "grawlix_print" / "fonts" / "Caprasimo-Regular.ttf")
    glyphs = font.getGlyphSet()
    for value in (1, 3, 5):
        glyph = glyphs[font.getBestCmap()[ord(str(value))]]
        area, bounds = AreaPen(glyphs), BoundsPen(glyphs)
        glyph.draw(area)
        glyph.draw(bounds)
        x0, y0, x1, y1 = bounds.bounds
        scale = 25 * 0.68 / max(x1 - x0, y1 - y0)
        assert _raised_top(out / f"night-market-raised-value-{value}.stl") == pytest.approx(abs(area.value) * scale**2, rel=5e-3)


@pytest.mark.needs_3d
def test_a_named_shape_element_raises_its_fill_and_pieces_drawing_it_alike_share_one_relief(tmp_path):
    """A triangle drawn from the layout's points, raised: one relief for all 36 coins, named after the
    element, its top the triangle's area at the relief's scale."""
    from grawlix_print.kit import resolved

    templates = _coins_raising(tmp_path, 'element = "mark"\ncolour = "ink"', MARK)
    out, _ = built(tmp_path, resolved(None, templates))
    stls = sorted(p.name for p in out.glob("night-market-raised-*.stl") if "plate" not in p.name)
    assert stls == ["night-market-raised-mark.stl"]  # every coin draws the same triangle
    # the triangle's 15 mm width becomes 68 % of the coin (its disc a polygon 24.99 mm across)
    assert _raised_top(out / stls[0]) == pytest.approx(0.5 * 15 * 13 * (25 * 0.68 / 15) ** 2, rel=1e-3)


@pytest.mark.needs_3d
def test_an_icon_in_a_text_element_is_raised_as_painted_its_ring_and_star(tmp_path):
    """The coin icon set in the layout's text (``:coin:``), raised from the element as the picture is
    from its file: what it paints in ink, less the lighter disc painted over it, the star an island."""
    from grawlix_print.kit import resolved

    templates = _coins_raising(tmp_path, 'element = "icon"\ncolour = "ink"')
    out, _ = built(tmp_path, resolved(None, templates))
    scale = 25 * 0.68 / 22
    drawn = (math.pi * (11**2 - 8**2) + area(STAR)) * scale**2
    assert _raised_top(out / "night-market-raised-icon.stl") == pytest.approx(drawn, rel=5e-3)
    mesh = trimesh.load(out / "night-market-raised-icon.stl", force="mesh")
    up = (mesh.face_normals[:, 2] > 0.999) & np.isclose(mesh.triangles_center[:, 2], TOP, atol=1e-4)
    assert len(mesh.submesh([np.flatnonzero(up)], append=True).split(only_watertight=False)) == 2


@pytest.mark.parametrize(
    "relief, where, message",
    [
        ('element = "badge"\ncolour = "ink"', "kinds.coins.relief.element", "no element named 'badge'"),
        pytest.param('element = "ring"\ncolour = "ink"', "kinds.coins.relief.element (ring)", "draws no filled shape",
                     marks=pytest.mark.needs_3d),  # measured on the traced drawing
        ('element = "value"\npicture = "icons/coin.svg"\ncolour = "ink"', "kinds.coins.relief", "two things to raise"),
        ('colour = "ink"', "kinds.coins.relief", "nothing to raise"),
        ('element = ""\ncolour = "ink"', "kinds.coins.relief.element", "must be a string"),
        ('element = "mark"\ncolour = "ink"', "coins.toml: row 2 (3)", "kinds.coins.relief.element: the element 'mark' draws nothing on this row"),
    ],
)  # fmt: skip
def test_a_fault_in_a_raised_element_is_one_line_naming_the_file_and_key(tmp_path, relief, where, message):
    """The last: the triangle drawn only on coins worth 1 (``when``), so the second row has nothing to raise."""
    templates = _coins_raising(tmp_path, relief, MARK.replace('type = "polygon"', 'type = "polygon"\nwhen = "value = 1"'))
    done = run_here("stl", "--templates", str(templates), "-o", str(tmp_path / "out"))
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert "components.toml" in done.stderr and where in done.stderr and message in done.stderr, done.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.needs_3d
def test_the_notes_command_for_other_layers_makes_the_files_again_for_a_folder_of_ones_own(tmp_path):
    """A game of tables in a folder of one's own: the command the notes give names that folder, as
    it was given (``--game spreadsheet`` would build the example instead), and typed as it stands
    it makes the files for the other layers."""
    import shlex

    shutil.copytree(EXAMPLE, tmp_path / "my game")
    done = run_here("stl", "--templates", "my game", "-o", "out", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    notes = (tmp_path / "out" / "3d" / "night-market-3d-printing.txt").read_text()
    typed = next(line for line in notes.replace("\\\n", " ").splitlines() if line.strip().startswith("grawlix-print stl"))
    words = shlex.split(typed)
    assert words[:4] == ["grawlix-print", "stl", "--templates", "my game"], typed
    again = run_here(*words[1:], "-o", "again", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    made = " ".join((tmp_path / "again" / "3d" / "night-market-3d-printing.txt").read_text().split())
    first, layer = words[words.index("--first-layer-height") + 1], words[words.index("--layer-height") + 1]
    assert f"made for a first layer of {first} mm and layers of {layer} mm" in made, made[:300]
    elsewhere = run_here("stl", "--templates", str(tmp_path / "my game"), "-o", str(tmp_path / "out"), cwd=PROJECT)
    assert elsewhere.returncode == 0, elsewhere.stderr  # the same game named another way: the notes follow, not kept
    notes = (tmp_path / "out" / "3d" / "night-market-3d-printing.txt").read_text()
    assert shlex.join(["grawlix-print", "stl", "--templates", str(tmp_path / "my game")]) in notes
