"""The tile definition: the set, and glyph outlines as a renderer will use them."""

from __future__ import annotations

from pathlib import Path

import pytest
import reportlab
from fontTools.pens.recordingPen import RecordingPen
from fontTools.ttLib import TTFont

from grawlix_print.errors import StudioError
from grawlix_print.drawing.marks import MARKS
from grawlix_print.drawing.outline import glyph_outlines, text_glyphs
from grawlix_print.games.grawlix.tiles import UnknownTile
from grawlix_print.games.grawlix.tile_look import colour_mark
from tileset import COLOURS, GLYPHS, TILE_SET, TILES, tile_from_token

FACES = TILE_SET.faces

from conftest import PROJECT

FONTS = PROJECT / "grawlix_print" / "fonts"
DEBIAN_COMIC_NEUE = Path("/usr/share/fonts/opentype/comic-neue/ComicNeue-Bold.otf")


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
    for token in ("X@", "R!"):
        with pytest.raises(UnknownTile, match=f"{token!r} is not a tile: a tile is a colour letter \\(R O Y G B V\\)"):
            tile_from_token(token)


@pytest.mark.parametrize("symbol", [g.symbol for g in GLYPHS])
def test_outlines_are_centred_and_share_one_size(symbol):
    outline = glyph_outlines(FACES)[symbol]
    points = [p for polygon in outline.polygons(0.0005) for p in polygon]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    assert max(max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx(1.0, abs=2e-3)
    assert (max(xs) + min(xs)) / 2 == pytest.approx(0.0, abs=2e-3)
    assert (max(ys) + min(ys)) / 2 == pytest.approx(0.0, abs=2e-3)


# Holes each glyph has in the designer's face (counted by eye on a render of Comic Neue
# Bold and Quicksand Bold's asterisk): the & of Comic Neue closes both of its loops.
HOLES = {"@": 1, "#": 1, "$": 2, "%": 2, "&": 2, "*": 0}


@pytest.mark.parametrize("symbol", [g.symbol for g in GLYPHS])
def test_outer_contours_run_anticlockwise_and_holes_clockwise(symbol):
    outline = glyph_outlines(FACES)[symbol]
    for contour in outline.contours:
        signed = area(contour.polygon())
        assert (signed < 0) == contour.is_hole
    if symbol in HOLES:
        assert sum(c.is_hole for c in outline.contours) == HOLES[symbol]
    filled = sum(area(c.polygon()) for c in outline.contours)
    assert 0.1 < filled < 0.8  # ink covers a fair part of the glyph's box


def test_the_asterisk_is_not_small_and_high():
    asterisk = glyph_outlines(FACES)["*"]
    ys = [y for polygon in asterisk.polygons() for _, y in polygon]
    assert max(ys) - min(ys) > 0.9
    assert max(ys) == pytest.approx(-min(ys), abs=2e-3)


def test_another_font_path_is_accepted():
    regular = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
    outlines = glyph_outlines(tuple((g.symbol, regular) for g in GLYPHS))
    assert set(outlines) == {g.symbol for g in GLYPHS}
    assert outlines["#"] != glyph_outlines(FACES)["#"]


def test_a_missing_font_is_a_clear_error(tmp_path):
    with pytest.raises(StudioError, match="cannot read font"):
        glyph_outlines((("#", tmp_path / "nope.ttf"),))


def test_colour_marks_are_distinct_shapes():
    shapes = [tuple(tuple(round(v, 3) for v in p) for p in colour_mark(c)[0]) for c in COLOURS]
    assert len(set(shapes)) == 6
    assert [c.shape for c in COLOURS] == list(MARKS)  # the designer's order, one each


# --- the designer's face, from the files shipped in the package ------------------


def font_points(path: Path, symbol: str) -> tuple[list[tuple[float, float]], tuple[float, float, float, float]]:
    """Every on-curve point of a glyph as the font file stores it, and their bounds."""
    font = TTFont(str(path))
    pen = RecordingPen()
    font.getGlyphSet()[font.getBestCmap()[ord(symbol)]].draw(pen)
    points = []
    for op, args in pen.value:
        if op == "qCurveTo":  # TrueType: an on-curve point is implied between two off-curve ones
            points += [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(args[:-2], args[1:-1])]
        if op in ("moveTo", "lineTo", "curveTo", "qCurveTo"):
            points.append(tuple(args[-1]))
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return points, (min(xs), min(ys), max(xs), max(ys))


@pytest.mark.parametrize("symbol, file", [
    ("@", "ComicNeue-Bold.otf"), ("#", "ComicNeue-Bold.otf"), ("$", "ComicNeue-Bold.otf"),
    ("%", "ComicNeue-Bold.otf"), ("&", "ComicNeue-Bold.otf"), ("*", "Quicksand-Bold.ttf"),
])  # fmt: skip
def test_glyph_outlines_come_from_the_shipped_fonts(symbol, file):
    """Each outline's corner and curve end points are the font file's own, moved and scaled.

    Scale and centre are worked out here from the file's points (the glyph
    box's larger side becomes 1), independently of the module's reading.
    """
    points, (x0, y0, x1, y1) = font_points(FONTS / file, symbol)
    scale = max(x1 - x0, y1 - y0)
    expected = [((x - (x0 + x1) / 2) / scale, (y - (y0 + y1) / 2) / scale) for x, y in points]
    outline = glyph_outlines(FACES)[symbol]
    ends = [p for c in outline.contours for s in c.segments for p in (s.points[0], s.points[-1])]

    def near(p, others) -> bool:
        return any(abs(p[0] - q[0]) < 1e-6 and abs(p[1] - q[1]) < 1e-6 for q in others)

    assert all(near(p, ends) for p in expected) and all(near(p, expected) for p in ends)


def test_comic_neue_is_shipped_with_its_licence():
    font = TTFont(str(FONTS / "ComicNeue-Bold.otf"))
    assert font["name"].getDebugName(4) == "Comic Neue Bold" and "CFF " in font  # OpenType/CFF
    licence = (FONTS / "ComicNeue-OFL.txt").read_text()
    assert "Comic Neue Project Authors" in licence and "SIL Open Font License, Version 1.1" in licence
    assert "Quicksand" in (FONTS / "Quicksand-OFL.txt").read_text()
    if DEBIAN_COMIC_NEUE.is_file():  # the same file as Debian's fonts-comic-neue
        assert (FONTS / "ComicNeue-Bold.otf").read_bytes() == DEBIAN_COMIC_NEUE.read_bytes()


def test_text_glyphs_sit_as_the_font_sets_them_and_the_asterisk_is_centred():
    font = TTFont(str(FONTS / "ComicNeue-Bold.otf"))
    em, cap = font["head"].unitsPerEm, font["OS/2"].sCapHeight / font["head"].unitsPerEm
    glyphs = text_glyphs(FACES)
    for symbol in "@#$%&":
        advance = font["hmtx"][font.getBestCmap()[ord(symbol)]][0] / em
        assert glyphs[symbol].advance == pytest.approx(advance)
        _, (x0, y0, x1, y1) = font_points(FONTS / "ComicNeue-Bold.otf", symbol)
        ys = [y for c in glyphs[symbol].contours for y in (p[1] for p in c.polygon())]
        assert min(ys) == pytest.approx(y0 / em, abs=2e-3) and max(ys) == pytest.approx(y1 / em, abs=2e-3)
    star = [p for c in glyphs["*"].contours for p in c.polygon()]
    low, high = min(y for _, y in star), max(y for _, y in star)
    assert (low + high) / 2 == pytest.approx(cap / 2, abs=2e-3)  # centred on half the cap height
    assert 0.8 * cap < high - low <= cap  # nearly as tall as a capital, not small and high
    assert min(x for x, _ in star) > 0 and max(x for x, _ in star) < glyphs["*"].advance
