"""The filament estimate's geometry, against shapes whose answer is known by hand (no CAD).

Its agreement with PrusaSlicer's own figure is in tests/test_solid_slicer.py.
"""

from __future__ import annotations

import math

import pytest

from grawlix_print.products.solid.dimensions import SOLID_TILE
from grawlix_print.products.solid.filament import (
    NOTES_SETTINGS, RASTER_MM, PrintSettings, Section, part_volume, raster, raster_section,
)  # fmt: skip
from grawlix_print.products.solid.layers import plan_layers


def square(side: float, x: float = 0.0, y: float = 0.0, clockwise: bool = False):
    h = side / 2
    corners = [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]
    return corners[::-1] if clockwise else corners


@pytest.mark.parametrize("side, band", [(20.0, 1.2), (12.0, 0.5), (30.0, 3.0)])
def test_walls_of_a_square_are_the_ring_inside_its_outline(side, band):
    cut = raster_section(raster((square(side),)), band)
    assert cut.area == pytest.approx(side * side, rel=0.01)
    # the inside of a square, moved in by the band, is a square with sharp corners (to within
    # a pixel along the outline)
    pixel_ring = 4 * side * RASTER_MM
    assert cut.walls == pytest.approx(side * side - (side - 2 * band) ** 2, abs=pixel_ring)
    ((pocket, outline),) = cut.pockets
    assert pocket == pytest.approx((side - 2 * band) ** 2, abs=pixel_ring)
    # pixel edges times pi/4: right on average over directions, pi/4 short along the axes
    assert outline == pytest.approx(math.pi / 4 * 4 * (side - 2 * band), rel=0.02)


def test_the_outline_of_a_round_pocket_is_its_circumference():
    circle = [(10 * math.cos(t), 10 * math.sin(t)) for t in (i * math.tau / 400 for i in range(400))]
    ((area, outline),) = raster_section(raster((circle,)), 1.0).pockets
    assert area == pytest.approx(math.pi * 9**2, rel=0.01)
    assert outline == pytest.approx(math.tau * 9, rel=0.03)


def test_a_hole_is_left_out_and_a_stroke_narrower_than_two_bands_is_all_wall():
    ring = raster_section(raster((square(20.0), square(10.0, clockwise=True))), 1.0)
    assert ring.area == pytest.approx(300, rel=0.01)
    ((pocket, _),) = ring.pockets  # one pocket: the ring's middle, 3 mm wide
    assert pocket == pytest.approx(300 - 4 * 20 - 4 * 10, rel=0.03)
    stroke = raster_section(raster(([(0, 0), (30, 0), (30, 1.8), (0, 1.8)],)), 1.0)
    assert stroke.pockets == () and stroke.walls == pytest.approx(stroke.area)


def test_separate_shapes_are_separate_pockets():
    cut = raster_section(raster((square(10.0, -10), square(14.0, 10))), 1.0)
    assert sorted(round(area) for area, _ in cut.pockets) == [64, 144]


def test_layers_fill_solid_at_the_bottom_and_top_and_sparse_between():
    """A 10 mm square prism of 20 layers, hand-counted: walls everywhere, the inside solid in
    the bottom 4 and top 4 layers (the first of the top ones laid as a bridge over the infill),
    sparse in the 12 between."""
    settings = PrintSettings(walls=2, infill=0.2, solid_below_area=1.0)
    h, band = 0.2, settings.wall_band(0.2)
    inside = (10 - 2 * band) ** 2

    def section(index: int, height: float) -> Section:
        return Section(100.0, 100.0 - inside, ((inside, 4 * (10 - 2 * band)),))

    sparse = settings.infill * (inside + 4 * (10 - 2 * band) * settings.infill_overlap * settings.line_width)
    expected = h * (20 * (100 - inside) + 7 * inside + inside * settings.bridge_factor(h) + 12 * sparse)
    assert part_volume(section, [h] * 20, settings) == pytest.approx(expected)
    # a pocket smaller than the solid-infill threshold prints solid: every layer full
    small = PrintSettings(walls=2, infill=0.2, solid_below_area=inside + 1)
    assert part_volume(section, [h] * 20, small) == pytest.approx(h * 20 * 100)


def test_a_glyph_prints_almost_solid_and_a_body_mostly_sparse():
    from grawlix_print.drawing.outline import glyph_outlines
    from grawlix_print.products.solid.filament import body_grams, raised_grams
    from grawlix_print.products.solid.shapes import Placement, outline_shapes
    from tileset import TILE_SET

    layers = plan_layers(9.8, 0.2, 0.2, 4.8)
    for glyph in TILE_SET.glyphs:
        shapes = outline_shapes(glyph_outlines(TILE_SET.faces)[glyph.symbol], Placement(SOLID_TILE.relief_box))
        area = raster_section(raster(tuple(p for s in shapes for p in s.polygons(0.02))), 1.0).area
        solid = area * layers.relief / 1000 * NOTES_SETTINGS.filament_density
        assert raised_grams(shapes, layers, layers.body_layers, layers.relief_layers) == pytest.approx(solid, rel=0.02)
    solid_body = SOLID_TILE.footprint**2 * layers.body / 1000 * NOTES_SETTINGS.filament_density
    assert 0.35 * solid_body < body_grams(SOLID_TILE, layers) < 0.5 * solid_body
    assert math.isclose(NOTES_SETTINGS.line_width, 0.45)
