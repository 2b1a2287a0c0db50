"""`grawlix-print sheets`: measured in the PDFs themselves, not taken from the layout code.

Sizes come from the vector data (pdfplumber) and from renders at a known
resolution; the expected figures are the ones the issue states (a 25.4 mm
tile, A4 and Letter pages, a long-edge flip), worked out here by hand.
"""

from __future__ import annotations

import functools
import itertools
from pathlib import Path

import numpy as np
import pdfplumber
import pypdf
import pypdfium2
import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.sheets.build import build_sheets
from grawlix_print.tile.identity import COLOURS
from grawlix_print.tile.look import TILE_BACK, TILE_EDGE, TILE_FACE, ink

TILE_BACK_CMYK, TILE_EDGE_CMYK, TILE_FACE_CMYK = TILE_BACK.cmyk, TILE_EDGE.cmyk, TILE_FACE.cmyk

from conftest import TEMPLATES

PT = 72 / 25.4  # points per millimetre
PAGE_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
TOLERANCE_MM = 0.05


def mm(points: float) -> float:
    return points / PT


def build(out: Path, *options: str) -> dict[str, Path]:
    result = CliRunner().invoke(main, ["sheets", "--out", str(out), *options])
    assert result.exit_code == 0, result.output + result.stderr
    return {path.name: path for path in (out / "sheets").glob("*.pdf")}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """One build per variant, shared by the tests below."""
    root = tmp_path_factory.mktemp("sheets")
    variants = {
        "a4": (),
        "letter": ("--paper", "letter"),
        "a4-30": ("--tile-size", "30mm"),
        "fold": ("--arrangement", "gutter-fold", "--paper", "letter"),
        "plain": ("--no-backs", "--markings", "letters"),
        "shapes": ("--markings", "shapes"),
    }
    return {name: build(root / name, *options) for name, options in variants.items()}


def same_colour(a, b) -> bool:
    return a is not None and len(a) == len(b) and all(abs(x - y) < 1e-3 for x, y in zip(a, b))


# --- reading the PDF --------------------------------------------------------


def tile_squares(page) -> list[tuple[float, float, float, float]]:
    """Each tile's cut square in mm (x0, y0, x1, y1, y up): the outer edge of its stroked border."""
    squares = []
    for rect in page.rects:
        if rect["stroke"] and same_colour(rect["stroking_color"], TILE_EDGE_CMYK):
            half = rect["linewidth"] / 2
            squares.append(tuple(mm(v) for v in (
                rect["x0"] - half, rect["y0"] - half, rect["x1"] + half, rect["y1"] + half)))  # fmt: skip
    return squares


def filled_squares(page, cmyk) -> list[tuple[float, float, float, float]]:
    return [
        tuple(mm(r[k]) for k in ("x0", "y0", "x1", "y1"))
        for r in page.rects
        if r["fill"] and same_colour(r["non_stroking_color"], cmyk)
    ]


def centre(box) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def target_centres(page) -> list[tuple[float, float]]:
    """Registration targets: the only stroked, unfilled curves (circles) on a sheet."""
    return sorted(
        (round(mm((c["x0"] + c["x1"]) / 2), 3), round(mm((c["y0"] + c["y1"]) / 2), 3))
        for c in page.curves
        if c["stroke"] and not c["fill"]
    )


def glyph_colours(page, square) -> list[tuple]:
    """Fill colours of the coloured paths (glyphs) whose middle lies inside ``square``."""
    found = set()
    for curve in page.curves:
        x, y = mm((curve["x0"] + curve["x1"]) / 2), mm((curve["y0"] + curve["y1"]) / 2)
        if curve["fill"] and square[0] < x < square[2] and square[1] < y < square[3]:
            for colour in COLOURS:
                if same_colour(curve["non_stroking_color"], ink(colour).cmyk):
                    found.add(colour.name)
    return sorted(found)


@functools.lru_cache(maxsize=None)
def pages_of(path: Path) -> list:
    """The PDF's pages (the file stays open for the test session; pages parse once)."""
    return pdfplumber.open(path).pages


# --- sizes --------------------------------------------------------------------


@pytest.mark.parametrize("variant, file, size", [
    ("a4", "tiles-a4.pdf", 25.4), ("letter", "tiles-letter.pdf", 25.4),
    ("a4", "stickers-a4.pdf", 25.4), ("letter", "stickers-letter.pdf", 25.4),
    ("a4-30", "tiles-a4-30mm.pdf", 30.0), ("a4-30", "stickers-a4-30mm.pdf", 30.0),
])  # fmt: skip
def test_every_tile_measures_the_asked_size_and_all_36_are_there(built, variant, file, size):
    paper = "letter" if "letter" in file else "a4"
    fronts, colours = 0, {c.name: 0 for c in COLOURS}
    for page in pages_of(built[variant][file]):
        assert (mm(page.width), mm(page.height)) == pytest.approx(PAGE_MM[paper], abs=0.1)
        for square in tile_squares(page):
            assert square[2] - square[0] == pytest.approx(size, abs=TOLERANCE_MM)
            assert square[3] - square[1] == pytest.approx(size, abs=TOLERANCE_MM)
            (colour,) = glyph_colours(page, square)  # exactly one coloured glyph per tile
            colours[colour] += 1
            fronts += 1
    assert fronts == 36
    assert set(colours.values()) == {6}


def test_card_faces_bleed_two_millimetres_past_the_cut(built):
    page = pages_of(built["a4"]["tiles-a4.pdf"])[0]
    squares = tile_squares(page)
    faces = filled_squares(page, TILE_FACE_CMYK)
    assert len(faces) == 36
    for face in faces:
        (cut,) = [s for s in squares if s[0] > face[0] and s[2] < face[2] and s[1] > face[1] and s[3] < face[3]]  # fmt: skip
        for side in range(2):
            assert cut[side] - face[side] == pytest.approx(2.0, abs=0.01)
            assert face[side + 2] - cut[side + 2] == pytest.approx(2.0, abs=0.01)


def test_rendered_tile_measures_one_inch_at_1000_dpi(built):
    """Independent of how the PDF is built: count dark pixels across one tile's border."""
    dpi = 1000
    square = tile_squares(pages_of(built["a4"]["tiles-a4.pdf"])[0])[7]  # one with neighbours all round
    page = pypdfium2.PdfDocument(built["a4"]["tiles-a4.pdf"])[0]
    width, height = page.get_size()
    margin = 3 * PT
    crop = (square[0] * PT - margin, square[1] * PT - margin,
            width - square[2] * PT - margin, height - square[3] * PT - margin)  # fmt: skip
    image = np.asarray(page.render(scale=dpi / 72, crop=crop, grayscale=True).to_pil())
    row, column = image[image.shape[0] // 3], image[:, image.shape[1] // 3]  # clear of the glyph's middle
    for line in (row, column):
        dark = np.flatnonzero(line < 128)
        assert (dark[-1] - dark[0] + 1) / dpi * 25.4 == pytest.approx(25.4, abs=TOLERANCE_MM)


@pytest.mark.parametrize("variant, file, side, label", [
    ("a4", "tiles-a4.pdf", 50.0, "50 mm"), ("letter", "tiles-letter.pdf", 50.8, "2 in (50.8 mm)"),
    ("a4", "stickers-a4.pdf", 50.0, "50 mm"),
])  # fmt: skip
def test_every_page_has_a_calibration_square_and_says_print_at_actual_size(built, variant, file, side, label):
    for page in pages_of(built[variant][file]):
        sizes = [(mm(r["width"]), mm(r["height"])) for r in page.rects if r["fill"]]
        assert any(w == pytest.approx(side, abs=TOLERANCE_MM) and h == pytest.approx(side, abs=TOLERANCE_MM)
                   for w, h in sizes)  # fmt: skip
        text = " ".join(page.extract_text().split())
        assert label in text
        if page.page_number % 2 or "stickers" in file:
            assert "actual size (100 %)" in text and "fit to page" in text


# --- boxes, margins and marks ------------------------------------------------


def test_trim_and_bleed_boxes_frame_the_tiles(built):
    reader = pypdf.PdfReader(built["a4"]["tiles-a4.pdf"])
    front_page, back_page = pages_of(built["a4"]["tiles-a4.pdf"])
    squares = tile_squares(front_page)
    backs = filled_squares(back_page, TILE_BACK_CMYK)
    outer = (min(s[0] for s in squares), min(s[1] for s in squares),
             max(s[2] for s in squares), max(s[3] for s in squares))  # fmt: skip
    front = reader.pages[0]
    assert [mm(float(v)) for v in front.trimbox] == pytest.approx(outer, abs=0.01)
    grown = (outer[0] - 2, outer[1] - 2, outer[2] + 2, outer[3] + 2)
    assert [mm(float(v)) for v in front.bleedbox] == pytest.approx(grown, abs=0.01)
    # The back's bleed box is the outline of its backs, which run to the bleed.
    back_outer = (min(s[0] for s in backs), min(s[1] for s in backs),
                  max(s[2] for s in backs), max(s[3] for s in backs))  # fmt: skip
    assert [mm(float(v)) for v in reader.pages[1].bleedbox] == pytest.approx(back_outer, abs=0.01)
    stickers = pypdf.PdfReader(built["a4"]["stickers-a4.pdf"]).pages[0]
    assert [float(v) for v in stickers.trimbox] == [float(v) for v in stickers.bleedbox]


@pytest.mark.parametrize("variant, file", [
    ("a4", "tiles-a4.pdf"), ("letter", "tiles-letter.pdf"), ("fold", "tiles-letter-gutter-fold.pdf"),
    ("letter", "stickers-letter.pdf"),
])  # fmt: skip
def test_only_cut_guides_enter_the_5mm_margin(built, variant, file):
    for page in pages_of(built[variant][file]):
        width, height = mm(page.width), mm(page.height)
        for thing in page.rects + page.curves + page.chars:
            assert mm(thing["x0"]) >= 5 - 1e-6 and mm(thing["x1"]) <= width - 5 + 1e-6
            assert mm(thing["y0"]) >= 5 - 1e-6 and mm(thing["y1"]) <= height - 5 + 1e-6
        for line in page.lines:
            x0, y0, x1, y1 = (mm(line[k]) for k in ("x0", "y0", "x1", "y1"))
            inside = x0 >= 5 and x1 <= width - 5 and y0 >= 5 and y1 <= height - 5
            to_edge = min(x0, y0) < 1e-6 or x1 > width - 1e-6 or y1 > height - 1e-6
            assert inside or to_edge  # only guides, which run on to the paper's edge


def crosses(line, box, inset: float = 0.0) -> bool:
    x0, y0, x1, y1 = (mm(line[k]) for k in ("x0", "y0", "x1", "y1"))
    return x0 < box[2] - inset and x1 > box[0] + inset and y0 < box[3] - inset and y1 > box[1] + inset


@pytest.mark.parametrize("variant, file", [("a4", "tiles-a4.pdf"), ("fold", "tiles-letter-gutter-fold.pdf")])
def test_crop_marks_sit_outside_the_bleed_on_every_cut_and_guides_reach_the_edges(built, variant, file):
    page = pages_of(built[variant][file])[0]
    width, height = mm(page.width), mm(page.height)
    squares = tile_squares(page)
    for line in page.lines:
        for square in squares:
            assert not crosses(line, (square[0] - 2, square[1] - 2, square[2] + 2, square[3] + 2))
    for x in {round(v, 2) for s in squares for v in (s[0], s[2])}:
        on_x = [l for l in page.lines if abs(mm(l["x0"]) - x) < 0.01 and abs(mm(l["x1"]) - x) < 0.01]
        assert any(mm(l["y1"]) == pytest.approx(height) for l in on_x)  # up to the top edge
        below = min(s[1] for s in squares)
        assert any(mm(l["y1"]) < below - 2 for l in on_x)  # a crop mark below the tiles
    for y in {round(v, 2) for s in squares for v in (s[1], s[3])}:
        on_y = [l for l in page.lines if abs(mm(l["y0"]) - y) < 0.01 and abs(mm(l["y1"]) - y) < 0.01]
        assert any(mm(l["x0"]) == pytest.approx(0) for l in on_y)
        assert any(mm(l["x1"]) == pytest.approx(width) for l in on_y)


def test_sticker_guides_follow_the_cut_lines_and_never_cross_a_sticker(built):
    page = pages_of(built["a4"]["stickers-a4.pdf"])[0]
    squares = tile_squares(page)
    xs = {round(v, 2) for s in squares for v in (s[0], s[2])}
    ys = {round(v, 2) for s in squares for v in (s[1], s[3])}
    assert page.lines
    for line in page.lines:
        vertical = line["width"] == 0
        at = round(mm(line["x0"] if vertical else line["y0"]), 2)
        assert at in (xs if vertical else ys)
        assert line["linewidth"] < 0.5  # a hairline, in points
        assert not any(crosses(line, square, inset=0.01) for square in squares)
    assert {l["x0"] for l in page.lines if l["width"] and mm(l["x0"]) < 0.01}  # reaches the left edge


# --- backs -------------------------------------------------------------------


def test_duplex_backs_land_behind_their_fronts_after_a_long_edge_flip(built):
    """Turning a portrait sheet over its long (vertical) edge sends x to width - x."""
    for variant, file in (("a4", "tiles-a4.pdf"), ("letter", "tiles-letter.pdf"), ("a4-30", "tiles-a4-30mm.pdf")):
        pages = pages_of(built[variant][file])
        assert len(pages) % 2 == 0
        for front, back in zip(pages[::2], pages[1::2]):
            width = mm(front.width)
            fronts = [centre(s) for s in tile_squares(front)]
            backs = [centre(s) for s in filled_squares(back, TILE_BACK_CMYK)]
            assert fronts and not tile_squares(back)
            flipped = sorted((round(width - x, 2), round(y, 2)) for x, y in fronts)
            assert sorted((round(x, 2), round(y, 2)) for x, y in backs) == flipped
            turned = sorted((round(width - x, 3), y) for x, y in target_centres(front))
            assert len(turned) >= 2 and target_centres(back) == turned


def test_gutter_fold_puts_each_back_opposite_its_front_across_the_fold(built):
    pages = pages_of(built["fold"]["tiles-letter-gutter-fold.pdf"])
    assert len(pages) == 2  # 36 tiles, 18 a page on Letter with fronts and backs side by side
    total = 0
    for page in pages:
        width = mm(page.width)
        fold = width / 2
        fronts = [centre(s) for s in tile_squares(page)]
        backs = [centre(s) for s in filled_squares(page, TILE_BACK_CMYK)]
        assert all(x < fold for x, _ in fronts) and all(x > fold for x, _ in backs)
        mirrored = sorted((round(2 * fold - x, 2), round(y, 2)) for x, y in fronts)
        assert sorted((round(x, 2), round(y, 2)) for x, y in backs) == mirrored
        assert any(abs(mm(l["x0"]) - fold) < 0.01 and l["width"] == 0 and l["dash"] for l in page.lines)
        total += len(fronts)
    assert total == 36


def test_no_backs_gives_fronts_only(built):
    pages = pages_of(built["plain"]["tiles-a4-letters-no-backs.pdf"])
    assert len(pages) == 1 and not filled_squares(pages[0], TILE_BACK_CMYK)
    assert len(tile_squares(pages[0])) == 36


# --- colour-blind markings ----------------------------------------------------


def corner_masks(pdf_path: Path, dpi: int = 300) -> dict[str, np.ndarray]:
    """Dark pixels in the top-left corner of each colour's first tile, rendered in grey."""
    squares = sorted(tile_squares(pages_of(pdf_path)[0]), key=lambda s: (-s[3], s[0]))
    page = pypdfium2.PdfDocument(pdf_path)[0]
    image = np.asarray(page.render(scale=dpi / 72, grayscale=True).to_pil())
    height = image.shape[0]
    px = lambda v: int(round(v / 25.4 * dpi))  # noqa: E731
    masks = {}
    for colour, square in zip(COLOURS, squares[::6]):  # one row of six per colour
        side = square[2] - square[0]
        left, top = square[0] + 0.045 * side, square[3] - 0.045 * side
        cut = image[height - px(top) : height - px(top - 0.12 * side), px(left) : px(left + 0.12 * side)]
        masks[colour.name] = cut < 110
    return masks


def test_shapes_tell_the_colours_apart_in_greyscale(built):
    masks = corner_masks(built["shapes"]["tiles-a4-shapes.pdf"])
    for mask in masks.values():
        assert mask.sum() > 60  # a mark is there, not a speck
    for (a, mask_a), (b, mask_b) in itertools.combinations(masks.items(), 2):
        overlap = (mask_a & mask_b).sum() / (mask_a | mask_b).sum()
        assert overlap < 0.72, f"{a} and {b} marks look alike in grey ({overlap:.2f})"


def test_without_markings_the_corners_are_empty(built):
    for mask in corner_masks(built["a4"]["tiles-a4.pdf"]).values():
        assert mask.sum() == 0


def test_letters_print_each_colour_initial_in_four_corners(built):
    for page in pages_of(built["plain"]["stickers-a4-letters.pdf"]):
        for square in tile_squares(page):
            (colour,) = glyph_colours(page, square)
            letters = [c["text"] for c in page.chars
                       if square[0] < mm((c["x0"] + c["x1"]) / 2) < square[2]
                       and square[1] < mm((c["y0"] + c["y1"]) / 2) < square[3]]  # fmt: skip
            assert letters == [colour.upper()[0]] * 4


# --- names, determinism, bad input ---------------------------------------------


def test_file_names_say_what_differs_from_the_defaults(built):
    assert set(built["a4"]) == {"tiles-a4.pdf", "stickers-a4.pdf"}
    assert set(built["fold"]) == {"tiles-letter-gutter-fold.pdf", "stickers-letter.pdf"}
    assert set(built["plain"]) == {"tiles-a4-letters-no-backs.pdf", "stickers-a4-letters.pdf"}


@pytest.mark.parametrize("size", ["1in", "2.54cm", "25.4"])
def test_the_same_tile_size_in_any_unit_gives_the_same_bytes(built, tmp_path, size):
    again = build(tmp_path, "--tile-size", size)
    for name, path in built["a4"].items():
        assert again[name].read_bytes() == path.read_bytes()


@pytest.mark.parametrize("options, message", [
    (["--tile-size", "0"], "greater than zero"),
    (["--tile-size", "-25mm"], "greater than zero"),
    (["--bleed", "-1mm"], "zero or more"),
    (["--tile-size", "25furlongs"], "unknown unit"),
    (["--tile-size", "20cm"], "does not fit on A4"),
    (["--tile-size", "19.5cm", "--paper", "letter"], "does not fit on Letter"),
    (["--tile-size", "10cm", "--arrangement", "gutter-fold"], "does not fit"),
    (["--tile-size", "4mm"], "too small"),
    (["--bleed", "1cm"], "quarter"),
    (["--paper", "a3"], "--paper 'a3'"),
    (["--markings", "colours"], "--markings"),
    (["--no-backs", "--arrangement", "gutter-fold"], "--arrangement"),
])  # fmt: skip
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, options, message):
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["sheets", "--out", str(out), *options])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], result.stderr
    assert not out.exists() or not any(out.iterdir())


def test_recorded_settings_fill_options_not_given(templates_copy):
    (templates_copy.parent / "grawlix.toml").write_text('[sheets]\nmarkings = "shapes"\n')
    out = templates_copy.parent / "out"
    args = ["sheets", "--out", str(out), "--templates", str(templates_copy)]
    assert CliRunner().invoke(main, args).exit_code == 0
    assert CliRunner().invoke(main, [*args, "--markings", "letters"]).exit_code == 0
    names = {p.name for p in (out / "sheets").glob("*.pdf")}
    assert names == {"tiles-a4-shapes.pdf", "stickers-a4-shapes.pdf",
                     "tiles-a4-letters.pdf", "stickers-a4-letters.pdf"}  # fmt: skip


def test_the_kit_can_build_the_sheets_as_a_step(tmp_path):
    from grawlix_print.kit.build import Step, build_kit
    from grawlix_print.kit.plan import sheets_step

    out = tmp_path / "kit"
    step = Step("sheets", sheets_step, {"paper": "letter", "markings": "letters"})
    (outcome,) = build_kit([step], out, TEMPLATES)
    paths = sorted(f["path"] for f in outcome.files if f["path"].startswith("sheets/"))
    assert paths == ["sheets/stickers-letter-letters.pdf", "sheets/tiles-letter-letters.pdf"]
    assert all((out / p).is_file() for p in paths)
    assert {f["params"]["paper"] for f in outcome.files if f["kind"] != "preview"} == {"letter"}
