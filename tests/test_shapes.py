"""The shape registry (grawlix_print.pieces.shapes): geometry against closed forms, nesting against
distances measured between the placed outlines, names as games have always spelt them.

Every expected value is worked out here from the shapes' definitions (a regular hexagon 30 mm
across the flats is 34.64 mm point to point; a circle's area is pi r^2), never read from the
registry; distances between neighbours are measured on the polygons themselves.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from grawlix_print.errors import StudioError
from grawlix_print.pieces.kinds import Shape
from grawlix_print.pieces.shapes import (
    CIRCLE, FLAT_HEXAGON, FLAT_MM, HEXAGON, RECTANGLE, SQUARE, PieceShape, polygon_area, shape_named, shape_names, shape_of,
)  # fmt: skip

ROOT3 = math.sqrt(3)


def _segment_distance(p, q, a, b) -> float:
    """The least distance between segments pq and ab (they do not cross here)."""

    def to_segment(point, s0, s1):
        (x, y), (x0, y0), (x1, y1) = point, s0, s1
        dx, dy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)))
        return math.hypot(x - x0 - t * dx, y - y0 - t * dy)

    return min(to_segment(p, a, b), to_segment(q, a, b), to_segment(a, p, q), to_segment(b, p, q))


def gap_between(first, second) -> float:
    """The least distance between two polygons' outlines."""
    edges = lambda points: list(zip(points, points[1:] + points[:1]))  # noqa: E731
    return min(_segment_distance(p, q, a, b) for p, q in edges(first) for a, b in edges(second))


def placed(shape: PieceShape, size, centre) -> list[tuple[float, float]]:
    return [(centre[0] + x, centre[1] + y) for x, y in shape.points(size, 0.001)]


def test_the_built_in_names_are_the_entries_games_always_named():
    assert shape_names()[:5] == ("square", "rectangle", "circle", "hexagon", "flat hexagon")
    for name in Shape:
        assert shape_of(name) is shape_named(name.value) and shape_of(name.value) is shape_of(name)
    assert shape_of(HEXAGON) is HEXAGON and shape_named(" Hexagon ") is HEXAGON
    with pytest.raises(StudioError) as refusal:
        shape_named("heptagon", "components.toml: kinds.tokens.shape")
    assert str(refusal.value).startswith("components.toml: kinds.tokens.shape: 'heptagon' is not one of"
                                         " square, rectangle, circle, hexagon, flat hexagon")  # fmt: skip


def test_a_regular_hexagon_30_mm_across_the_flats_has_its_corners_at_its_radius():
    size = (30.0, 30.0 * 2 / ROOT3)  # 34.64 mm point to point
    assert size[1] == pytest.approx(34.641, abs=1e-3)
    points = HEXAGON.points(size)
    assert len(points) == 6
    assert all(math.hypot(x, y) == pytest.approx(size[1] / 2) for x, y in points)  # every corner on the circumcircle
    sides = [math.dist(a, b) for a, b in zip(points, points[1:] + points[:1])]
    assert sides == pytest.approx([size[1] / 2] * 6)  # a regular hexagon's side is its radius
    assert HEXAGON.area(size) == pytest.approx(3 * ROOT3 / 2 * (size[1] / 2) ** 2)
    assert polygon_area(points) == pytest.approx(HEXAGON.area(size))
    assert points[0] == (0.0, size[1] / 2)  # pointy-top: a point at the top


@pytest.mark.parametrize("shape", [SQUARE, RECTANGLE, CIRCLE, HEXAGON, FLAT_HEXAGON])
def test_points_are_centred_anticlockwise_and_fill_the_box(shape):
    size = (24.0, 24.0) if shape in (SQUARE, CIRCLE) else (24.0, 31.0)
    points = shape.points(size)
    signed = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1])) / 2
    assert signed > 0  # anticlockwise
    xs, ys = [x for x, _ in points], [y for _, y in points]
    assert (max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx(size, abs=FLAT_MM)
    assert (min(xs) + max(xs), min(ys) + max(ys)) == pytest.approx((0.0, 0.0), abs=FLAT_MM)
    box = shape.box(size)
    assert (box.width, box.height) == size and box.centre == (0.0, 0.0)


@pytest.mark.parametrize("diameter, tolerance", [(20.0, 0.01), (20.0, 0.001), (300.0, 0.01)])
def test_a_circles_polygon_strays_no_more_than_its_tolerance(diameter, tolerance):
    r = diameter / 2
    points = CIRCLE.points((diameter, diameter), tolerance)
    assert all(math.hypot(x, y) == pytest.approx(r) for x, y in points)  # the corners are on the circle
    half_chord = math.dist(points[0], points[1]) / 2
    sagitta = r - math.sqrt(r * r - half_chord * half_chord)  # how far a chord's middle is inside
    assert sagitta <= tolerance + 1e-12
    assert CIRCLE.area((diameter, diameter)) == pytest.approx(math.pi * r * r)
    assert 0 < CIRCLE.area((diameter, diameter)) - polygon_area(points) < 2 * math.pi * r * tolerance


@pytest.mark.parametrize("shape, size", [
    (SQUARE, (25.0, 25.0)), (RECTANGLE, (57.0, 89.0)), (CIRCLE, (20.0, 20.0)),
    (HEXAGON, (30.0, 30.0 * 2 / ROOT3)), (HEXAGON, (30.0, 40.0)),  # a stretched one nests too
    (FLAT_HEXAGON, (30.0 * 2 / ROOT3, 30.0)), (FLAT_HEXAGON, (40.0, 30.0)),
])  # fmt: skip
@pytest.mark.parametrize("gap", [0.0, 2.0, 5.0])
def test_nested_neighbours_stand_exactly_the_gap_apart(shape, size, gap):
    nesting = shape.nesting(size, gap)
    first = placed(shape, size, nesting.centre(0, 0))
    neighbours = [(0, 1), (1, 0), (1, 1)]
    gaps = [gap_between(first, placed(shape, size, nesting.centre(*at))) for at in neighbours]
    # the next in its row and the nearest in the next row: exactly the gap away; none nearer
    assert gaps[:2] == pytest.approx([gap, gap], abs=0.002)
    assert all(g >= gap - 0.002 for g in gaps)
    row_two = placed(shape, size, nesting.centre(1, 0))
    assert gap_between(row_two, placed(shape, size, nesting.centre(2, 0))) >= gap - 0.002


def test_hexagons_and_circles_nest_in_offset_rows():
    across, tall = 30.0, 30.0 * 2 / ROOT3
    hexagons = HEXAGON.nesting((across, tall), 2.0)
    assert (hexagons.across, hexagons.shift) == pytest.approx((32.0, 16.0))
    assert hexagons.down == pytest.approx(0.75 * tall + 2.0 * ROOT3 / 2)
    circles = CIRCLE.nesting((20.0, 20.0), 1.0)
    assert (circles.across, circles.down, circles.shift) == pytest.approx((21.0, 21.0 * ROOT3 / 2, 10.5))
    squares = SQUARE.nesting((25.0, 25.0), 0.0)
    assert (squares.across, squares.down, squares.shift) == (25.0, 25.0, 0.0)


def test_the_rows_that_fit_are_those_whose_outlines_stay_inside():
    size = (30.0, 30.0 * 2 / ROOT3)
    nesting = HEXAGON.nesting(size, 0.0)
    for room in [(100.0, 100.0), (105.0, 100.0), (29.0, 40.0), (200.0, 150.0)]:
        rows, columns = nesting.fits(room, size)
        if rows:
            width, height = nesting.extent(rows, columns, size)
            assert width <= room[0] + 1e-9 and height <= room[1] + 1e-9
            assert nesting.extent(rows + 1, columns, size)[1] > room[1]
            assert nesting.extent(rows, columns + 1, size)[0] > room[0]
    assert nesting.fits((29.0, 40.0), size) == (0, 0)
    assert nesting.fits((105.0, 100.0), size) == (3, 3)  # 3 x 30 + 15 of shift = 105 wide; 34.64 + 2 x 25.98 tall


def test_a_square_and_a_circle_are_as_wide_as_tall_and_a_length_sizes_them():
    assert SQUARE.refusal((30.0, 31.0)) == "a square piece is as wide as it is tall, not 30 x 31 mm"
    assert CIRCLE.refusal((30.0, 30.0)) is None and RECTANGLE.refusal((30.0, 31.0)) is None
    assert SQUARE.size_of(25.0) == (25.0, 25.0) == CIRCLE.size_of(25.0) and RECTANGLE.size_of(25.0) is None


# --- what a hexagon's size means, in a plug-in and in a game of tables ------------------------------


def _cut_outlines(pdf: Path, corners: int) -> list[tuple[float, float]]:
    """The width and height in mm of each cut line drawn round a piece (unfilled, stroked) with
    ``corners`` corners, on the first page."""
    import pdfplumber

    page = pdfplumber.open(pdf).pages[0]
    found = []
    for curve in page.curves:
        points = {(round(x, 2), round(y, 2)) for x, y in curve["pts"]}
        if curve["stroke"] and not curve["fill"] and len(points) == corners:
            found.append((curve["width"] / MM, curve["height"] / MM))
    return found


MM = 72 / 25.4


def test_a_squashed_hexagon_is_refused_unless_the_kind_says_it_is_stretched(toy_game, tmp_path):
    from toy_game.shaped import shaped

    from grawlix_print.products.sheets.build import build_sheets

    with pytest.raises(StudioError) as refusal:
        shaped(Shape.HEXAGON, (30.0, 30.0)).piece_kinds()
    assert str(refusal.value).endswith(
        "tokens: a regular hexagon 30 mm across the flats is 34.64 mm from point to point, not 30 mm:"
        " give it that size (or its span across the flats alone), or say it is stretched (stretched=True)")  # fmt: skip
    stretched = shaped(Shape.HEXAGON, (30.0, 30.0), stretched=True)
    written = {w.path.name: w.path for w in build_sheets(stretched, tmp_path, kinds=("tokens",))}
    outlines = _cut_outlines(written["tokens-a4.pdf"], 6)
    assert outlines and all(size == pytest.approx((30.0, 30.0), abs=0.01) for size in outlines)  # cut as asked


def _coins_sheet(out: Path) -> Path:
    """The example's coins' card-stock sheet on A4 (named as the sheets name a kind with no backs)."""
    (found,) = (out / "sheets").glob("coins-a4*.pdf")
    return found


def _market(tmp_path: Path, coins: str) -> Path:
    """The Night Market example with its coins' shape and size lines replaced by ``coins``."""
    import shutil

    templates = tmp_path / "market"
    shutil.copytree(Path(__file__).resolve().parent.parent / "templates" / "spreadsheet", templates)
    components = templates / "components.toml"
    text = components.read_text()
    assert 'shape = "circle"\nsize = 25\n' in text
    components.write_text(text.replace('shape = "circle"\nsize = 25\n', coins))
    return templates


@pytest.mark.parametrize("coins, expected", [
    ('shape = "hexagon"\nsize = 25\n', (25.0, 25.0 * 2 / ROOT3)),  # one length: across the flats
    ('shape = "hexagon"\nsize = [25, 28.87]\n', (25.0, 28.87)),
    ('shape = "hexagon"\nstretched = true\nsize = [25, 25]\n', (25.0, 25.0)),
])  # fmt: skip
def test_a_game_of_tables_sizes_a_hexagon_by_its_width_across_the_flats(tmp_path, coins, expected):
    from commands import run_here

    templates = _market(tmp_path, coins)
    result = run_here("sheets", "--templates", str(templates), "-o", str(tmp_path / "out"), "--paper", "a4")
    assert result.returncode == 0, result.stderr
    outlines = _cut_outlines(_coins_sheet(tmp_path / "out"), 6)
    assert outlines and all(size == pytest.approx(expected, abs=0.01) for size in outlines)


@pytest.mark.parametrize("coins, words", [
    ('shape = "hexagon"\nsize = [25, 25]\n', ["components.toml: kinds.coins.size: a regular hexagon 25 mm across the"
                                              " flats is 28.87 mm from point to point, not 25 mm", "(stretched = true)"]),
    ('shape = "hexagon"\nstretched = "yes"\nsize = [25, 25]\n', ["components.toml: kinds.coins.stretched: must be true or false"]),
    ('shape = "heptagon"\nsize = 25\n', ["components.toml: kinds.coins.shape: 'heptagon' is not one of square"]),
])  # fmt: skip
def test_a_game_of_tables_with_a_bad_shape_gets_one_line_and_no_file(tmp_path, coins, words):
    from commands import refused, run_here

    templates = _market(tmp_path, coins)
    out = tmp_path / "out"
    line = refused(run_here("sheets", "--templates", str(templates), "-o", str(out)), *words)
    assert str(templates) in line or "components.toml" in line
    assert not out.exists() or not any(path.is_file() for path in out.rglob("*"))


def test_a_flat_top_hexagon_is_a_pointy_one_turned_a_quarter():
    size = (30.0 * 2 / ROOT3, 30.0)  # 34.64 wide point to point, 30 tall across the flats
    points = FLAT_HEXAGON.points(size)
    assert len(points) == 6 and all(math.hypot(x, y) == pytest.approx(size[0] / 2) for x, y in points)
    top = [p for p in points if p[1] == pytest.approx(size[1] / 2)]
    assert len(top) == 2 and math.dist(*top) == pytest.approx(size[0] / 2)  # a flat side on top, as long as the radius
    turned = sorted((y, -x) for x, y in HEXAGON.points(size[::-1]))
    assert [v for p in sorted(points) for v in p] == pytest.approx([v for p in turned for v in p])  # flat: approx takes no pairs
    assert FLAT_HEXAGON.size_of(30.0) == pytest.approx(size) and FLAT_HEXAGON.refusal(size) is None
    assert "34.64 mm from point to point, not 30 mm" in FLAT_HEXAGON.refusal((30.0, 30.0))
    nesting = FLAT_HEXAGON.nesting(size, 0.0)
    assert nesting.by_columns and (nesting.down, nesting.shift) == pytest.approx((30.0, 15.0))
    assert nesting.across == pytest.approx(0.75 * size[0])  # columns three quarters of the width apart


def test_flat_top_hexagons_are_cut_flat_top_and_turned_in_tabletop_simulator(toy_game, tmp_path):
    import json

    from PIL import Image
    from toy_game.shaped import shaped

    from grawlix_print.products.images.build import build_images
    from grawlix_print.products.sheets.build import build_sheets

    size = (20.0 * 2 / ROOT3, 20.0)
    game = shaped("flat hexagon", size)
    written = {w.path.name: w.path for w in build_sheets(game, tmp_path / "sheets", kinds=("tokens",))}
    import pdfplumber

    page = pdfplumber.open(written["tokens-a4.pdf"]).pages[0]
    cuts = [c for c in page.curves if c["stroke"] and not c["fill"] and len({(round(x, 2), round(y, 2)) for x, y in c["pts"]}) == 6]
    assert cuts
    for cut in cuts:
        assert (cut["width"] / MM, cut["height"] / MM) == pytest.approx(size, abs=0.01)
        top = [p for p in cut["pts"] if abs(p[1] - cut["top"]) < 0.01]  # pdfplumber's y runs down from the top
        assert len({round(x, 2) for x, _ in top}) == 2  # a flat side at the top
    build_images(game, tmp_path / "images", "none", workers=1)
    saved = json.loads(next((tmp_path / "images" / "tts").glob("*-tokens.json")).read_text())
    tiles = [o for o in saved["ObjectStates"] if o["Name"] == "Custom_Tile"]
    assert tiles and all(o["CustomImage"]["CustomTile"]["Type"] == 1 for o in tiles)  # a hexagon
    assert all(o["Transform"]["rotY"] == 270.0 for o in tiles)  # turned a quarter from the usual 180
    picture = next((tmp_path / "images" / "tts" / "tokens").glob("*.png"))
    width, height = Image.open(picture).size
    assert height > width  # drawn turned back: as tall as a pointy-top hexagon, on the turned tile


# --- a shape no product was written for: the toy's octagon, and a game of tables' own outlines ------


def _corners(curve) -> set[tuple[float, float]]:
    return {(round(x, 2), round(y, 2)) for x, y in curve["pts"]}


def test_a_new_shape_is_one_entry_and_every_product_handles_it(toy_game, tmp_path):
    """The toy's tokens as octagons (tests/toy_game/shaped.py: one registered entry): sheets and
    stickers cut round eight corners, the lid's picture cut to them, Tabletop Simulator tiles, and
    print-on-demand saying no service prints them, with no product touched."""
    import json

    import pdfplumber
    from pdf_vectors import page_clips
    from pypdf import PdfReader
    from toy_game.shaped import OCTAGON, shaped

    from grawlix_print.products.boxes.build import build_boxes
    from grawlix_print.products.boxes.sizes import Choice
    from grawlix_print.products.images.build import build_images
    from grawlix_print.products.ondemand.build import build_on_demand
    from grawlix_print.products.sheets.build import build_sheets

    assert shape_named("octagon") is OCTAGON
    flats = 20.0
    radius = flats / 2 / math.cos(math.pi / 8)  # a regular octagon's corners from its centre
    game = shaped(OCTAGON, (flats, flats))
    written = {w.path.name: w for w in build_sheets(game, tmp_path / "sheets", kinds=("tokens",))}
    for name, width in (("tokens-a4.pdf", flats), ("stickers-tokens-a4.pdf", written["stickers-tokens-a4.pdf"].params["tile_size_mm"])):
        page = pdfplumber.open(written[name].path).pages[0]
        cuts = [c for c in page.curves if c["stroke"] and not c["fill"] and len(_corners(c)) == 8]
        assert len(cuts) == 10 * int(re.search(r"(\d+) sets", page.extract_text()).group(1)), name
        for cut in cuts:
            cx, cy = (cut["x0"] + cut["x1"]) / 2, (page.height - cut["top"] + page.height - cut["bottom"]) / 2
            distances = [math.hypot(x - cx, (page.height - y) - cy) for x, y in cut["pts"]]
            assert distances == pytest.approx([radius * width / flats * MM] * len(distances), rel=1e-3)
    notes = pdfplumber.open(written["stickers-tokens-a4.pdf"].path).pages[0].extract_text()
    assert "octagons" in " ".join(notes.split()) and written["stickers-tokens-a4.pdf"].params["blanks"] == "octagons"
    box = next(w.path for w in build_boxes(game, tmp_path / "boxes", "a4", Choice(0.4, 1.0, None, 3.0))
               if w.path.name.startswith("tokens-box"))  # fmt: skip
    reader = PdfReader(box)
    clips = [c for k in range(len(reader.pages)) for c in page_clips(reader, k) if len(c.corners) == 8 and not c.curves]
    assert clips  # the lid's picture cut to eight corners
    build_images(game, tmp_path / "images", "none", workers=1)
    saved = json.loads(next((tmp_path / "images" / "tts").glob("*-tokens.json")).read_text())
    tiles = [o for o in saved["ObjectStates"] if o["Name"] == "Custom_Tile"]
    assert len(tiles) == game.piece_kinds()[1].count
    assert {o["CustomImage"]["CustomTile"]["Type"] for o in tiles} == {0}  # no octagon tile: its picture on a box tile
    guides = [w.path for w in build_on_demand(game, tmp_path / "pod", markings="none") if w.path.name.endswith(".html")]
    crafter = next(p for p in guides if "the-game-crafter" in str(p)).read_text()
    assert "Not here: tiles (30 x 30 mm, square); tokens (20 x 20 mm, octagon)." in crafter  # no octagonal chits


SVG_HEXAGON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
  <path d="M 50 2 L 91.57 26 L 91.57 74 L 50 98 L 8.43 74 L 8.43 26 Z" fill="#000"/>
</svg>
"""


@pytest.mark.parametrize("outline, corners, size", [
    ('outline = [[0, 0], [30, 0], [15, 26]]\nsize = 30\n', 3, (30.0, 26.0)),  # one length: its width
    ('outline = "M 0 0 L 40 0 L 40 20 L 20 30 L 0 20 Z"\nsize = [40, 30]\n', 5, (40.0, 30.0)),
    ('outline = "icons/edge.svg"\nsize = 25\n', 6, (25.0, 25.0 * 96 / 83.14)),
])  # fmt: skip
def test_a_game_of_tables_cuts_its_own_outline(tmp_path, outline, corners, size):
    from commands import run_here

    templates = _market(tmp_path, 'shape = "outline"\n' + outline)
    (templates / "icons" / "edge.svg").write_text(SVG_HEXAGON)
    result = run_here("sheets", "--templates", str(templates), "-o", str(tmp_path / "out"), "--paper", "a4")
    assert result.returncode == 0, result.stderr
    outlines = _cut_outlines(_coins_sheet(tmp_path / "out"), corners)
    assert outlines and all(found == pytest.approx(size, abs=0.02) for found in outlines)


@pytest.mark.parametrize("outline, words", [
    ('outline = [[0, 0], [30, 30], [30, 0], [0, 30]]\nsize = 30\n', "kinds.coins.outline: the outline crosses itself"),
    ('outline = "M 0 0 L 30 0 L 30 30"\nsize = 30\n', "kinds.coins.outline: the outline is not closed"),
    ('outline = "icons/two.svg"\nsize = 30\n', "kinds.coins.outline (icons/two.svg): an outline's SVG holds one shape, the piece's edge; this one holds 2"),
    ('outline = "icons/none.svg"\nsize = 30\n', "kinds.coins.outline (icons/none.svg): no picture 'icons/none.svg'"),
    ('outline = [[0, 0], [30, 0]]\nsize = 30\n', "kinds.coins.outline: an outline needs at least three corners"),
    ('outline = [[0, 0], [30, 0], [15, 26]]\nsize = [30, 30]\n', "kinds.coins.size: the coins outline 30 mm wide is 26.00 mm tall, not 30 mm"),
    ('size = 30\n', 'kinds.coins: shape = "outline" needs outline = "icons/NAME.svg"'),
])  # fmt: skip
def test_a_bad_outline_is_one_line_naming_the_file_and_the_kind(tmp_path, outline, words):
    from commands import refused, run_here

    templates = _market(tmp_path, 'shape = "outline"\n' + outline)
    (templates / "icons" / "two.svg").write_text(SVG_HEXAGON.replace("</svg>", '<circle cx="5" cy="5" r="3"/></svg>'))
    out = tmp_path / "out"
    refused(run_here("sheets", "--templates", str(templates), "-o", str(out)), "components.toml", words)
    assert not out.exists() or not any(path.is_file() for path in out.rglob("*"))


def test_a_curved_outline_stays_curved_on_paper_and_flattens_within_its_tolerance():
    from grawlix_print.pieces.shapes import path_shape

    d = "M 5 0 L 25 0 A 5 5 0 0 1 30 5 L 30 15 A 5 5 0 0 1 25 20 L 5 20 A 5 5 0 0 1 0 15 L 0 5 A 5 5 0 0 1 5 0 Z"
    card = path_shape("rounded card", d)  # 30 x 20 with corners of radius 5
    assert card.aspect == pytest.approx(20 / 30)
    size = (60.0, 40.0)  # twice as large: corners of radius 10
    assert card.area(size) == pytest.approx(60 * 40 - (4 - math.pi) * 10 * 10, rel=1e-4)
    codes = [op[0] for op in card.path(0, 0, *size).operations]
    assert codes.count("C") >= 4 and codes.count("L") >= 4  # arcs as curves, not chords
    corner = (30.0 - 10.0, 20.0 - 10.0)  # the top right corner's centre, from the shape's centre
    for tolerance in (0.01, 0.001):
        points = card.points(size, tolerance)
        rounded = [p for p in points if p[0] > corner[0] + 1e-9 and p[1] > corner[1] + 1e-9]
        assert len(rounded) >= 3  # the arc is followed, not cut across
        assert all(math.dist(p, corner) == pytest.approx(10.0, abs=1e-3) for p in rounded)
        assert card.area(size) - polygon_area(points) < 4 * (math.pi / 2 * 10) * tolerance * 1.5
