"""The tile definition: the set, and glyph outlines as a renderer will use them."""

from __future__ import annotations

import pytest
import reportlab
from pathlib import Path

from grawlix_print.errors import GrawlixError
from grawlix_print.tile.identity import COLOURS, GLYPHS, TILES, tile_from_token
from grawlix_print.tile.outline import glyph_outlines
from grawlix_print.tile.look import MARKS, mark_polygons


def area(polygon):
    return 0.5 * sum(
        x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1])
    )


def test_thirty_six_distinct_tiles():
    assert [g.symbol for g in GLYPHS] == ["@", "#", "$", "%", "&", "*"]
    assert [c.name for c in COLOURS] == ["red", "orange", "yellow", "green", "blue", "violet"]
    assert [c.letter for c in COLOURS] == ["R", "O", "Y", "G", "B", "V"]
    assert len({t.token for t in TILES}) == 36
    assert [t.index for t in TILES] == list(range(36))
    assert tile_from_token("V&").colour.name == "violet"
    assert tile_from_token("X@") is None and tile_from_token("R!") is None


@pytest.mark.parametrize("symbol", [g.symbol for g in GLYPHS])
def test_outlines_are_centred_and_share_one_size(symbol):
    outline = glyph_outlines()[symbol]
    points = [p for polygon in outline.polygons(0.0005) for p in polygon]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    assert max(max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx(1.0, abs=2e-3)
    assert (max(xs) + min(xs)) / 2 == pytest.approx(0.0, abs=2e-3)
    assert (max(ys) + min(ys)) / 2 == pytest.approx(0.0, abs=2e-3)


# Holes each glyph has in Vera Sans Bold (counted by eye from the font).
HOLES = {"@": 1, "#": 1, "%": 2, "&": 1, "*": 0}


@pytest.mark.parametrize("symbol", [g.symbol for g in GLYPHS])
def test_outer_contours_run_anticlockwise_and_holes_clockwise(symbol):
    outline = glyph_outlines()[symbol]
    for contour in outline.contours:
        signed = area(contour.polygon())
        assert (signed < 0) == contour.is_hole
    if symbol in HOLES:
        assert sum(c.is_hole for c in outline.contours) == HOLES[symbol]
    filled = sum(area(c.polygon()) for c in outline.contours)
    assert 0.1 < filled < 0.8  # ink covers a fair part of the glyph's box


def test_the_asterisk_is_not_small_and_high():
    asterisk = glyph_outlines()["*"]
    ys = [y for polygon in asterisk.polygons() for _, y in polygon]
    assert max(ys) - min(ys) > 0.9
    assert max(ys) == pytest.approx(-min(ys), abs=2e-3)


def test_another_font_path_is_accepted():
    regular = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
    outlines = glyph_outlines(str(regular))
    assert set(outlines) == {g.symbol for g in GLYPHS}
    assert outlines["#"] != glyph_outlines()["#"]


def test_a_missing_font_is_a_clear_error(tmp_path):
    with pytest.raises(GrawlixError, match="cannot read font"):
        glyph_outlines(str(tmp_path / "nope.ttf"))


def test_colour_marks_are_distinct_shapes():
    shapes = [tuple(tuple(round(v, 3) for v in p) for p in mark_polygons(c)[0]) for c in COLOURS]
    assert len(set(shapes)) == 6
    assert len(set(MARKS)) == len(COLOURS) == 6
