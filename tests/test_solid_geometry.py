"""Plane geometry for the 3D tiles: stroke widths, outline regions, bed layouts (no CAD)."""

from __future__ import annotations

import math

import pytest

from grawlix_print.pieces.shapes import SQUARE
from grawlix_print.products.solid import plates
from grawlix_print.products.solid.strokes import outline_stroke, thinnest_stroke
from tileset import GLYPHS, TILE_SET
from grawlix_print.drawing.outline import glyph_outlines


def circle(radius, n=720, clockwise=False):
    points = [
        (radius * math.cos(2 * math.pi * k / n), radius * math.sin(2 * math.pi * k / n))
        for k in range(n)
    ]
    return points[::-1] if clockwise else points


def test_a_bar_is_as_thick_as_its_short_side():
    assert thinnest_stroke([[(0, 0), (5, 0), (5, 1), (0, 1)]]) == pytest.approx(1.0)


def test_a_ring_is_as_thick_as_outer_minus_inner_radius():
    ring = [circle(3.0), circle(2.0, clockwise=True)]
    assert thinnest_stroke(ring) == pytest.approx(1.0, abs=1e-3)


@pytest.mark.parametrize("angle", [40, 60, 80])
def test_sharp_tips_are_corners_not_strokes(angle):
    # A bar 1 wide whose ends are cut at an angle: the tips are far thinner than 1,
    # but they are corners; the stroke is the bar.
    cut = 1 / math.tan(math.radians(angle))
    slanted = [(0, 0), (6, 0), (6 + cut, 1), (cut, 1)]
    assert thinnest_stroke([slanted]) == pytest.approx(1.0)


def test_a_sliver_counts_as_a_stroke():
    # Walls within 30 degrees of facing each other form a stroke, however it tapers.
    assert thinnest_stroke([[(0, 0), (10, 0.5), (0, 1)]]) < 1.0


def test_a_neck_is_found():
    # Two squares joined by a 0.4-wide neck: the neck is the thinnest stroke.
    shape = [(0, 0), (3, 0), (3, 1.3), (4, 1.3), (4, 0), (7, 0), (7, 3), (4, 3), (4, 1.7),
             (3, 1.7), (3, 3), (0, 3)]  # fmt: skip
    assert thinnest_stroke([shape]) == pytest.approx(0.4)


def test_octothorpe_stroke_matches_its_bars():
    # Independently: the horizontal bars of '#' run between two y values in the
    # outline (its flat edges); the slanted bars are thicker. So the thinnest stroke
    # is the bars' height, give or take where their rounded ends start to taper.
    outline = glyph_outlines(TILE_SET.faces)["#"]
    flat = [s.points for c in outline.contours for s in c.segments if s.is_line and s.points[0][1] == s.points[1][1]]
    ys = sorted({round(a[1], 6) for a, _ in flat if 0 < a[1] < 0.4})
    bar = ys[-1] - ys[0]
    assert outline_stroke(outline) == pytest.approx(bar, abs=1e-3)


def test_every_glyph_has_strokes_of_a_plausible_width():
    strokes = {symbol: outline_stroke(outline) for symbol, outline in glyph_outlines(TILE_SET.faces).items()}
    assert set(strokes) == {g.symbol for g in GLYPHS}
    for width in strokes.values():
        assert 0.04 < width < 0.25  # a bold face: strokes are 4..25 % of the glyph box


def test_regions_pair_holes_with_their_outer_contour():
    expected_holes = {"@": [1], "#": [1], "$": [2], "%": [0, 1, 1], "&": [2], "*": [0]}
    for symbol, holes in expected_holes.items():
        regions = glyph_outlines(TILE_SET.faces)[symbol].regions()
        assert sorted(len(r.holes) for r in regions) == holes
        for region in regions:
            assert not region.outer.is_hole and all(h.is_hole for h in region.holes)


@pytest.mark.parametrize(
    "bed, size, count, per_plate",
    [
        ((180, 180), 28.0, 6, [6]),  # a colour's six tiles: one plate (3 x 2)
        ((180, 180), 28.0, 36, [12, 12, 12]),  # 16 fit: three plates, shared evenly
        ((256, 256), 28.0, 36, [36]),  # a Bambu X1 bed holds the whole set
        ((100, 60), 28.0, 6, [2, 2, 2]),  # 2 across, 1 deep
        ((38, 38), 28.0, 6, [1] * 6),  # the smallest bed that holds one tile
        ((250, 210), 51.0, 6, [6]),
    ],
)  # fmt: skip
def test_tiles_spread_over_the_fewest_plates(bed, size, count, per_plate):
    bed = plates.Bed(*bed)
    layout = plates.plates(count, bed, SQUARE, (size, size))
    assert [len(p) for p in layout] == per_plate
    # independently: how many fit across and deep with 5 mm margins and 8 mm gaps
    across = max(n for n in range(1, 20) if 2 * 5 + n * size + (n - 1) * 8 <= bed.width)
    deep = max(n for n in range(1, 20) if 2 * 5 + n * size + (n - 1) * 8 <= bed.depth)
    assert len(layout) == math.ceil(count / (across * deep))
    for centres in layout:
        assert_on_bed(centres, size, bed)


def assert_on_bed(centres, size, bed):
    half = size / 2
    for x, y in centres:
        assert 5 - 1e-9 <= x - half and x + half <= bed.width - 5 + 1e-9
        assert 5 - 1e-9 <= y - half and y + half <= bed.depth - 5 + 1e-9
    for i, (x0, y0) in enumerate(centres):
        for x1, y1 in centres[i + 1 :]:
            assert max(abs(x1 - x0), abs(y1 - y0)) - size >= 8 - 1e-9


@pytest.mark.parametrize("text, bed", [("180x180", (180, 180)), ("256 x 256 mm", (256, 256)),
                                       ("250X210", (250, 210)), ("25cm x 21cm", (250, 210)),
                                       ("10 x 8 in", (254, 203.2)), ([256, 210], (256, 210)),
                                       ((180.0, 180.0), (180, 180))])  # fmt: skip
def test_beds_are_read_as_users_type_them(text, bed):
    found = plates.parse_bed(text)
    assert (found.width, found.depth) == pytest.approx(bed)


@pytest.mark.parametrize(
    "value, message",
    [("huge", "is not a bed size"), ("180", "is not a bed size"), ("1x2x3", "is not a bed size"),
     ([100], "is not a bed size"), ([1, 2, 3], "is not a bed size"), (["a", "b"], "width 'a' is not a length"),
     ([1e400, 100], "width inf is not a length"), ([100, float("nan")], "depth nan is not a length"),
     (f"1{'0' * 400}x100", "width '1000"), ([10**400, 100], "width 1000"), ("0x100", "width must be greater"),
     ("100x-5", "depth must be greater"), ([True, 100], "width True is not a length")],
)  # fmt: skip
def test_beds_that_are_not_two_finite_lengths_are_refused(value, message):
    from grawlix_print.errors import StudioError

    with pytest.raises(StudioError) as caught:
        plates.parse_bed(value)
    assert caught.value.what.startswith("--bed ") and message in caught.value.what


def test_a_bed_too_small_for_one_tile_is_refused():
    from grawlix_print.errors import StudioError

    with pytest.raises(StudioError, match="too small for one 28 mm tile"):
        plates.plates(6, plates.Bed(37.9, 200), SQUARE, (28.0, 28.0))
    with pytest.raises(StudioError, match="larger than every common print bed"):
        plates.plates(1, plates.Bed(180, 180), SQUARE, (250.0, 250.0))
