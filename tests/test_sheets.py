"""`grawlix-print sheets`: measured in the PDFs themselves, not taken from the layout code.

Sizes come from the vector data (pdfplumber, and a content-stream walk in
pdf_vectors) and from renders at a known resolution; the expected figures are
the ones the issues and the README state (a 25.4 mm tile, 22.5 mm stickers,
frameless faces running 2 mm into the bleed, a frame 2.5 mm inside the cut
when asked for, 6.35 mm margins, A4 and Letter pages, a long-edge flip,
0.25 pt hairlines, 0.75 pt outlines, 5 pt marks), worked out here by hand.
A tile's cut square is read from the guide lines, never from the layout code.
"""

from __future__ import annotations

import functools
import itertools
import re
from pathlib import Path

import numpy as np
import pdfplumber
import pypdf
import pypdfium2
import pytest
from grawlix_print.games import game
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.products.sheets.build import build_sheets
from tileset import COLOURS, TILE_SET
from grawlix_print.games.grawlix.tile_look import TILE_EDGE, contrast as ink_contrast, ink

from conftest import TEMPLATES
from pdf_vectors import overlapping_lines, page_chars, page_marks, text_lines

TILE_EDGE_CMYK, TILE_FACE_CMYK = TILE_EDGE.cmyk, TILE_SET.face.cmyk
LIGHT_BACK_CMYK = (0.0, 0.0, 0.0, 0.07)  # the README's pale grey back, black ink only
DARK_BACK_CMYK = (0.10, 0.05, 0.0, 0.82)
PT = 72 / 25.4  # points per millimetre
PAGE_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
TOLERANCE_MM = 0.05
FRAME_INSET_MM = 2.5  # issue 19: a frame, when asked for, at least 2.5 mm inside the cut
BLEED_MM = 2.0  # the README's default bleed, for tiles and stickers alike
MARGIN_MM = 6.35  # issue 19: a quarter inch, nothing but the cut guides comes nearer the edge
SIZES = (10.0, 13.0, 25.4, 60.0)  # the issue's tile sizes, smallest allowed to largest that fits
MARKED_FROM_MM = 18.6  # the smallest tile whose marks reach 5 pt (0.095 of the side): 5 pt / 0.095


def mm(points: float) -> float:
    return points / PT


def build(out: Path, *options: str) -> dict[str, Path]:
    """The sheets for ``options``; unmarked unless they say otherwise (the built-in game's faces carry
    letters by default, see tests/test_colour_blind.py: these tests read the plain layout)."""
    if "--markings" not in options:
        options = (*options, "--markings", "none")
    result = CliRunner().invoke(main, ["sheets", "--out", str(out), *options])
    assert result.exit_code == 0, result.output + result.stderr
    return {path.name: path for path in (out / "sheets").glob("*.pdf")}


@pytest.fixture(scope="session")
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
        "dark": ("--back-design", "dark", "--sticker-size", "1in"),
        "framed": ("--frame",),
        "small": ("--tile-size", "10mm"),
    }
    return {name: build(root / name, *options) for name, options in variants.items()}


@pytest.fixture(scope="session")
def sized(tmp_path_factory) -> dict[tuple[str, float], list[Path]]:
    """Tile and sticker sheets at each of the issue's sizes on both papers, with letters in the
    corners where the stickers are large enough for 5 pt marks."""
    root = tmp_path_factory.mktemp("sized")
    return {
        (paper, size): [
            w.path
            for w in build_sheets(game(), root / f"{paper}-{size:g}", paper, size,
                                  markings="letters" if size - 2.9 >= MARKED_FROM_MM else "none")  # fmt: skip
        ]
        for paper in PAGE_MM
        for size in SIZES
    }


def same_colour(a, b) -> bool:
    return a is not None and len(a) == len(b) and all(abs(x - y) < 1e-3 for x, y in zip(a, b))


# --- reading the PDF --------------------------------------------------------


def frames(page) -> list[tuple[float, float, float, float]]:
    """Each tile's dark frame in mm (x0, y0, x1, y1, y up): the outer edge of its stroke."""
    found = []
    for rect in page.rects:
        if rect["stroke"] and same_colour(rect["stroking_color"], TILE_EDGE_CMYK):
            half = rect["linewidth"] / 2
            found.append(tuple(mm(v) for v in (
                rect["x0"] - half, rect["y0"] - half, rect["x1"] + half, rect["y1"] + half)))  # fmt: skip
    return found


@functools.lru_cache(maxsize=None)
def _squares(page) -> list[tuple[float, float, float, float]]:
    xs, ys = (sorted(v) for v in guide_positions(page))
    cells = [(x0, y0, x1, y1) for x0, x1 in zip(xs, xs[1:]) for y0, y1 in zip(ys, ys[1:])]
    return [cell for cell in cells if glyph_colours(page, cell)]


def tile_squares(page) -> list[tuple[float, float, float, float]]:
    """Each tile's cut square: the cell between neighbouring cut guides that holds a coloured glyph."""
    return _squares(page)


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


def guide_positions(page) -> tuple[set[float], set[float]]:
    """Where the cut guides run, in mm: x of the vertical lines that reach the top edge, y of the
    horizontal ones that reach a side (a guide is what a trimmer lines up against)."""
    xs = {round(mm(l["x0"]), 2) for l in page.lines if l["width"] == 0 and l["y1"] > page.height - 0.01}
    ys = {round(mm(l["y0"]), 2) for l in page.lines
          if l["height"] == 0 and (l["x0"] < 0.01 or l["x1"] > page.width - 0.01)}  # fmt: skip
    return xs, ys


@functools.lru_cache(maxsize=None)
def pages_of(path: Path) -> list:
    """The PDF's pages (the file stays open for the test session; pages parse once)."""
    return pdfplumber.open(path).pages


def note_text(page) -> str:
    return " ".join(page.extract_text().split())


# --- sizes --------------------------------------------------------------------


@pytest.mark.parametrize("variant, file, size", [
    ("a4", "tiles-a4.pdf", 25.4), ("letter", "tiles-letter.pdf", 25.4),
    ("a4", "stickers-a4.pdf", 22.5), ("letter", "stickers-letter.pdf", 22.5),
    ("a4-30", "tiles-a4-30mm.pdf", 30.0), ("a4-30", "stickers-a4-30mm.pdf", 27.1),
    ("dark", "stickers-a4-sticker-25.4mm.pdf", 25.4),
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


@pytest.mark.parametrize("variant, file", [("a4", "tiles-a4.pdf"), ("a4", "stickers-a4.pdf"),
                                           ("fold", "tiles-letter-gutter-fold.pdf")])  # fmt: skip
def test_faces_have_no_line_near_the_cut(built, variant, file):
    """Issue 19: a frame 1 mm inside the cut turned a 0.5 mm miscut into borders of 0.5 and 1.5 mm.
    By default nothing is stroked on a tile at all, and nothing dark comes within 1 mm of a cut
    but the colour-blind marks (none here)."""
    page = pages_of(built[variant][file])[0]
    squares = tile_squares(page)
    assert len(squares) == (18 if "fold" in file else 36)  # the gutter-fold spreads 36 over two pages
    for square in squares:
        inner = (square[0] + 2.4, square[1] + 2.4, square[2] - 2.4, square[3] - 2.4)
        assert not [r for r in page.rects if r["stroke"] and crosses(r, square) and not crosses(r, inner)]
        assert not [l for l in page.lines if crosses(l, square, inset=0.01)]
    assert not frames(page)


def test_a_frame_when_asked_for_sits_2_5mm_inside_the_cut(built):
    page = pages_of(built["framed"]["tiles-a4-framed.pdf"])[0]
    found = frames(page)
    squares = tile_squares(page)
    assert len(found) == len(squares) == 36
    for square in squares:
        (frame,) = [f for f in found if square[0] < f[0] < f[2] < square[2] and square[1] < f[1] < f[3] < square[3]]
        for side in range(4):
            assert abs(frame[side] - square[side]) == pytest.approx(FRAME_INSET_MM, abs=0.01)
    assert "frame sits 2.5 mm inside its cut" in note_text(page)


@pytest.mark.parametrize("file", ["tiles-a4.pdf", "stickers-a4.pdf"])
def test_faces_run_into_the_bleed_and_neighbours_share_a_cut(built, file):
    page = pages_of(built["a4"][file])[0]
    squares = tile_squares(page)
    faces = filled_squares(page, TILE_FACE_CMYK)
    assert len(faces) == 36
    for face in faces:  # each face covers its square and 2 mm beyond: a missed cut shows face colour
        (cut,) = [s for s in squares if s[0] > face[0] and s[2] < face[2] and s[1] > face[1] and s[3] < face[3]]  # fmt: skip
        for side in range(2):
            assert cut[side] - face[side] == pytest.approx(2.0, abs=0.01)
            assert face[side + 2] - cut[side + 2] == pytest.approx(2.0, abs=0.01)
    # Tiles stand edge to edge: one cut separates two neighbours, so 6 tiles need 7 cuts a way.
    xs = {round(v, 2) for s in squares for v in (s[0], s[2])}
    ys = {round(v, 2) for s in squares for v in (s[1], s[3])}
    assert len(xs) == len(ys) == 7


def test_rendered_guides_stand_one_inch_apart_at_1000_dpi(built):
    """Independent of the vector data: the dark guide lines above the tiles, counted in pixels."""
    dpi = 1000
    path = built["a4"]["tiles-a4.pdf"]
    top = max(s[3] for s in tile_squares(pages_of(path)[0]))
    page = pypdfium2.PdfDocument(path)[0]
    width, height = page.get_size()
    band = (0, (top + 10) * PT, 0, height - (top + 14) * PT)  # a strip of the margin above the block
    image = np.asarray(page.render(scale=dpi / 72, crop=band, grayscale=True).to_pil())
    dark = np.flatnonzero(image[image.shape[0] // 2] < 200)
    runs = np.split(dark, np.flatnonzero(np.diff(dark) > 1) + 1)
    centres = [run.mean() / dpi * 25.4 for run in runs]
    assert len(centres) == 7
    for a, b in zip(centres, centres[1:]):
        assert b - a == pytest.approx(25.4, abs=TOLERANCE_MM)


@pytest.mark.parametrize("variant, file, side, label", [
    ("a4", "tiles-a4.pdf", 50.0, "50 mm"), ("letter", "tiles-letter.pdf", 50.8, "2 in (50.8 mm)"),
    ("a4", "stickers-a4.pdf", 50.0, "50 mm"),
])  # fmt: skip
def test_every_page_has_a_calibration_square_a_quarter_inch_from_the_edges(built, variant, file, side, label):
    for page in pages_of(built[variant][file]):
        width, height = mm(page.width), mm(page.height)
        squares = [c for c in page.curves + page.rects
                   if abs(mm(c["width"]) - side) < TOLERANCE_MM and abs(mm(c["height"]) - side) < TOLERANCE_MM]  # fmt: skip
        assert len(squares) == 1
        (square,) = squares
        assert min(mm(square["x0"]), mm(square["y0"]), width - mm(square["x1"]), height - mm(square["y1"])) >= MARGIN_MM - 1e-4
        text = note_text(page)
        assert label in text
        if page.page_number % 2 or "stickers" in file:
            assert "actual size (100 %)" in text and "fit to page" in text


# --- the issue's sizes on both papers: words on the page, lines apart, numbers with units --------


UNIT = re.compile(r"^(mm|in\)|g/m²|%|lb)")


@pytest.mark.parametrize("paper", PAGE_MM)
@pytest.mark.parametrize("size", SIZES)
def test_every_word_is_on_the_page_no_two_lines_overlap_and_numbers_keep_their_units(sized, paper, size):
    for path in sized[(paper, size)]:
        for (width, height), chars in page_chars(path):
            margin = MARGIN_MM * PT
            for char in chars:
                left, bottom, right, top = char.box
                assert margin <= left and right <= width - margin, char
                assert margin <= bottom and top <= height - margin, char
            assert overlapping_lines(chars) == []
            lines = sorted(text_lines(chars), key=lambda line: -line[1][3])
            for (line, _), (after, _) in zip(lines, lines[1:]):
                assert not UNIT.match(after), f"a line starts with a unit: {after!r}"
                assert not (re.search(r"\d$", line) and re.match(r"[a-z(]", after)), (line, after)


# --- print-shop rules ---------------------------------------------------------------------------


def all_sheet_pdfs(built, sized) -> list[Path]:
    return [p for files in built.values() for p in files.values()] + [p for paths in sized.values() for p in paths]


def test_no_stroke_is_thinner_than_a_quarter_point_and_every_colour_is_cmyk(built, sized):
    for path in all_sheet_pdfs(built, sized):
        reader = pypdf.PdfReader(path)
        for index in range(len(reader.pages)):
            marks = page_marks(reader, index)
            widths = [m.width for m in marks if m.width is not None]
            assert widths and min(widths) >= 0.25, (path.name, min(widths))
            for mark in marks:
                if mark.filled:
                    assert mark.fill[0] == "k", (path.name, mark)
                if mark.width is not None:
                    assert mark.stroke[0] == "k", (path.name, mark)
                if mark.kind == "text":  # black text in black ink only
                    assert mark.fill[1][:3] == (0.0, 0.0, 0.0), (path.name, mark)


def test_trim_and_bleed_boxes_on_every_page(built, sized):
    for path in all_sheet_pdfs(built, sized):
        for page in pypdf.PdfReader(path).pages:
            trim, bleed, media = ([float(v) for v in box] for box in (page.trimbox, page.bleedbox, page.mediabox))
            assert trim != media  # set, not defaulted to the sheet
            assert bleed[0] <= trim[0] and bleed[1] <= trim[1] and bleed[2] >= trim[2] and bleed[3] >= trim[3]


def test_trim_and_bleed_boxes_frame_the_tiles(built):
    reader = pypdf.PdfReader(built["a4"]["tiles-a4.pdf"])
    front_page, back_page = pages_of(built["a4"]["tiles-a4.pdf"])
    squares = tile_squares(front_page)
    backs = filled_squares(back_page, LIGHT_BACK_CMYK)
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
    trim = [mm(float(v)) for v in stickers.trimbox]
    grown = (trim[0] - 2, trim[1] - 2, trim[2] + 2, trim[3] + 2)
    assert [mm(float(v)) for v in stickers.bleedbox] == pytest.approx(grown, abs=0.01)


def test_a_sheet_is_its_paper_and_names_it_as_the_leaflet_does(built):
    """One table of papers: the page size, the title and the notes of a sheet all come from it."""
    from grawlix_print.papers import KIT_PAPERS, PAPERS

    for paper in KIT_PAPERS:
        reader = pypdf.PdfReader(built[paper][f"tiles-{paper}.pdf"])
        box = reader.pages[0].mediabox
        assert (mm(float(box.width)), mm(float(box.height))) == pytest.approx(
            (PAPERS[paper].width, PAPERS[paper].height), abs=0.01
        )
        assert reader.metadata.title.endswith(f" tile sheets ({PAPERS[paper].name})")
        assert f"{PAPERS[paper].name} · sheet 1 of 1" in " ".join(reader.pages[0].extract_text().split())
    assert PAPERS["letter"].name == "US Letter"  # as the leaflet's errors say: "does not fit on US Letter"


def test_choices_typed_in_capitals_build_the_same_files(tmp_path):
    """`--paper LETTER --markings LETTERS` is `--paper letter --markings letters`, names and all."""
    written = build(tmp_path, "--paper", "LETTER", "--markings", "LETTERS", "--arrangement", "Gutter-Fold")
    assert sorted(written) == ["stickers-letter-letters.pdf", "tiles-letter-letters-gutter-fold.pdf"]


def test_sheets_carry_the_licence_in_xmp(built):
    for path in built["a4"].values():
        reader = pypdf.PdfReader(path)
        xmp = reader.xmp_metadata
        assert "CC BY 4.0" in xmp.dc_rights["x-default"]
        assert xmp.dc_creator == ["Michael Purcell", "Dannielle Harden"]
        assert reader.metadata.author == "Michael Purcell and Dannielle Harden"
        assert reader.metadata.subject.endswith("Licence: Creative Commons Attribution 4.0 International (CC BY 4.0).")


def test_the_sheets_credit_the_game_as_its_leaflet_does(built):
    """The sheets' metadata names the authors and licence of the rules' front matter, and the game's title."""
    import tomllib

    from pypdf import PdfReader

    front = tomllib.loads((TEMPLATES / "leaflet.md").read_text().split("+++")[1])
    info = PdfReader(built["a4"]["tiles-a4.pdf"]).metadata
    assert all(author in info["/Author"] for author in front["authors"])
    assert info["/Title"].startswith("Grawlix ") and "Grawlix" in info["/Keywords"]
    xmp = PdfReader(built["a4"]["tiles-a4.pdf"]).xmp_metadata
    assert xmp is not None


@pytest.mark.parametrize("variant, file", [
    ("a4", "tiles-a4.pdf"), ("letter", "tiles-letter.pdf"), ("fold", "tiles-letter-gutter-fold.pdf"),
    ("letter", "stickers-letter.pdf"),
])  # fmt: skip
def test_only_cut_guides_enter_the_quarter_inch_margin(built, variant, file):
    for page in pages_of(built[variant][file]):
        width, height = mm(page.width), mm(page.height)
        for thing in page.rects + page.curves + page.chars:
            assert mm(thing["x0"]) >= MARGIN_MM - 1e-4 and mm(thing["x1"]) <= width - MARGIN_MM + 1e-4
            assert mm(thing["y0"]) >= MARGIN_MM - 1e-4 and mm(thing["y1"]) <= height - MARGIN_MM + 1e-4
        for line in page.lines:
            x0, y0, x1, y1 = (mm(line[k]) for k in ("x0", "y0", "x1", "y1"))
            m = MARGIN_MM - 1e-4
            inside = x0 >= m and x1 <= width - m and y0 >= m and y1 <= height - m
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
        assert any(mm(l["x0"]) == pytest.approx(0) for l in on_y) or any(
            mm(l["x1"]) == pytest.approx(width) for l in on_y
        )  # each line across reaches a side of the paper, where a trimmer lines it up


def test_sticker_guides_follow_the_cut_lines_one_to_a_cut_and_never_cross_a_sticker(built):
    """Issue 19: stickers stood apart with two guides to a gap; now they share cuts, one guide each."""
    page = pages_of(built["a4"]["stickers-a4.pdf"])[0]
    squares = tile_squares(page)
    xs = {round(v, 2) for s in squares for v in (s[0], s[2])}
    ys = {round(v, 2) for s in squares for v in (s[1], s[3])}
    assert len(xs) == len(ys) == 7  # six stickers a row share seven cuts
    top = max(s[3] for s in squares)
    above = [l for l in page.lines if l["width"] == 0 and mm(l["y0"]) > top + 2]
    assert sorted(round(mm(l["x0"]), 2) for l in above) == sorted(xs) * 1 or len(above) == 2 * len(xs)
    for x in xs:  # one guide to the top edge for each cut, no doubled lines
        assert len([l for l in above if round(mm(l["x0"]), 2) == x and mm(l["y1"]) == pytest.approx(mm(page.height))]) == 1
    for line in page.lines:
        vertical = line["width"] == 0
        at = round(mm(line["x0"] if vertical else line["y0"]), 2)
        assert at in (xs if vertical else ys)
        assert line["linewidth"] < 0.5  # a hairline, in points
        assert not any(crosses(line, square, inset=0.01) for square in squares)
    assert {l["x0"] for l in page.lines if l["width"] and mm(l["x0"]) < 0.01}  # reaches the left edge


# --- stickers -----------------------------------------------------------------------


def test_stickers_leave_room_on_a_one_inch_square_and_say_their_true_size(built):
    text = note_text(pages_of(built["a4"]["stickers-a4.pdf"])[0])
    assert "stickers, 22.5 mm, for 25.4 mm (1 in) squares" in text
    assert "each sticker 22.5 mm" in text and "1.45 mm" in text
    exact = note_text(pages_of(built["dark"]["stickers-a4-sticker-25.4mm.pdf"])[0])
    assert "stickers, 25.4 mm (1 in), for 25.4 mm (1 in) squares" in exact
    assert "one-inch" not in text + exact  # the old title promised one inch whatever the size


# --- backs -------------------------------------------------------------------


def test_duplex_backs_land_behind_their_fronts_after_a_long_edge_flip(built):
    """Turning a portrait sheet over its long (vertical) edge sends x to width - x."""
    for variant, file in (("a4", "tiles-a4.pdf"), ("letter", "tiles-letter.pdf"), ("a4-30", "tiles-a4-30mm.pdf")):
        pages = pages_of(built[variant][file])
        assert len(pages) % 2 == 0
        for front, back in zip(pages[::2], pages[1::2]):
            width = mm(front.width)
            fronts = [centre(s) for s in tile_squares(front)]
            backs = [centre(s) for s in filled_squares(back, LIGHT_BACK_CMYK)]
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
        backs = [centre(s) for s in filled_squares(page, LIGHT_BACK_CMYK)]
        assert all(x < fold for x, _ in fronts) and all(x > fold for x, _ in backs)
        mirrored = sorted((round(2 * fold - x, 2), round(y, 2)) for x, y in fronts)
        assert sorted((round(x, 2), round(y, 2)) for x, y in backs) == mirrored
        assert any(abs(mm(l["x0"]) - fold) < 0.01 and l["width"] == 0 and l["dash"] for l in page.lines)
        total += len(fronts)
    assert total == 36


def luminance(cmyk) -> float:
    """Relative luminance (WCAG) of a CMYK ink, converted to sRGB the naive way a viewer does."""
    c, m, y, k = cmyk
    rgb = [(1 - v) * (1 - k) for v in (c, m, y)]
    linear = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a, b) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("variant, file, background", [
    ("a4", "tiles-a4.pdf", LIGHT_BACK_CMYK), ("dark", "tiles-a4-dark-backs.pdf", DARK_BACK_CMYK),
])  # fmt: skip
def test_backs_are_readable_and_the_light_default_saves_ink(built, variant, file, background):
    page = pages_of(built[variant][file])[1]
    backs = filled_squares(page, background)
    assert len(backs) == 36
    left, bottom = min(b[0] for b in backs), min(b[1] for b in backs)
    right, top = max(b[2] for b in backs), max(b[3] for b in backs)
    on_backs = [o for o in page.curves + page.chars
                if left < mm(o["x0"]) and mm(o["x1"]) < right and bottom < mm(o["y0"]) and mm(o["y1"]) < top]  # fmt: skip
    colours = {tuple(o["non_stroking_color"]) for o in on_backs}
    assert len(on_backs) >= 36 * 7 and colours  # the name and six glyphs on each back
    for colour in colours:
        assert contrast(colour, background) >= 3.0, colour
    assert not [o for o in on_backs if o.get("stroke") and o["linewidth"] < 0.25]
    if background == LIGHT_BACK_CMYK:
        assert sum(background) < 0.1  # a pale tint of black alone, not a solid block


def test_no_backs_gives_fronts_only(built):
    pages = pages_of(built["plain"]["tiles-a4-letters-no-backs.pdf"])
    assert len(pages) == 1 and not filled_squares(pages[0], LIGHT_BACK_CMYK)
    assert len(tile_squares(pages[0])) == 36


# --- the printing notes -------------------------------------------------------------


def test_card_advice_matches_each_arrangement(built):
    duplex = note_text(pages_of(built["a4"]["tiles-a4.pdf"])[0])
    assert "200 g/m²" in duplex and "by hand" in duplex
    fold = note_text(pages_of(built["fold"]["tiles-letter-gutter-fold.pdf"])[0])
    assert "120–160 g/m²" in fold and "glue" in fold and "Card of 250–300" not in fold
    single = note_text(pages_of(built["plain"]["tiles-a4-letters-no-backs.pdf"])[0])
    assert "250–300 g/m²" in single


# --- colour-blind markings ----------------------------------------------------


def corner_masks(pdf_path: Path, dpi: int = 300) -> dict[str, np.ndarray]:
    """Dark pixels in the top-left corner inside each colour's first frame, rendered in grey."""
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
    assert set(built["dark"]) == {"tiles-a4-dark-backs.pdf", "stickers-a4-sticker-25.4mm.pdf"}
    assert set(built["framed"]) == {"tiles-a4-framed.pdf", "stickers-a4-framed.pdf"}


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
    (["--tile-size", "19.5cm", "--paper", "letter"], "does not fit on US Letter"),
    (["--tile-size", "10cm", "--arrangement", "gutter-fold"], "does not fit"),
    (["--tile-size", "4mm"], "too small"),
    (["--bleed", "1cm"], "quarter"),
    (["--paper", "legal"], "--paper 'legal'"),
    (["--markings", "colours"], "--markings"),
    (["--no-backs", "--arrangement", "gutter-fold"], "--arrangement"),
    (["--sticker-size", "30mm"], "--sticker-size 30 mm is larger than the 25.4 mm squares"),
    (["--sticker-size", "8mm"], "--sticker-size 8 mm is too small"),
    (["--back-design", "tartan"], "--back-design 'tartan' is not one of light, dark"),
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
    from grawlix_print.kit.plan import run_job

    out = tmp_path / "kit"
    step = Step("sheets", run_job, {"product": "sheets", "params": {"paper": "letter", "markings": "letters"}})
    (outcome,) = build_kit([step], out, TEMPLATES)
    paths = sorted(f["path"] for f in outcome.files if f["path"].startswith("sheets/"))
    assert paths == ["sheets/stickers-letter-letters.pdf", "sheets/tiles-letter-letters.pdf"]
    assert all((out / p).is_file() for p in paths)
    assert {f["params"]["paper"] for f in outcome.files if f["kind"] != "preview"} == {"letter"}


# --- issue 19: glyphs that stand out, black that overprints, marks that can be read ----------


def test_every_glyph_stands_3_to_1_from_its_face_or_has_an_outline_of_0_75pt(built, sized):
    """Yellow on the grey face is about 1.2:1, so it leans on its outline: measured here as the
    stroke on the page (after every scaling), at the default size and at 10 mm."""
    face = TILE_SET.face
    inks = {tuple(ink(c).cmyk): c for c in COLOURS}
    for path in [built["a4"]["tiles-a4.pdf"], built["a4"]["stickers-a4.pdf"], sized[("a4", 10.0)][0]]:
        glyphs = [m for m in page_marks(pypdf.PdfReader(path), 0) if m.filled and m.fill[1] in inks]
        assert len(glyphs) >= 36
        for mark in glyphs:
            colour = inks[mark.fill[1]]
            if ink_contrast(ink(colour), face) < 3.0:
                assert mark.width is not None and mark.width >= 0.75 - 1e-6, (path.name, colour.name, mark.width)
    low = [c.name for c in COLOURS if ink_contrast(ink(c), face) < 3.0]
    assert {"yellow", "orange", "green"} <= set(low)  # the issue's measure: 1.24, 1.42, 1.57:1


def test_black_is_black_ink_alone_and_overprints(built):
    """Offset presses show a white halo where black knocks out a colour and the plates miss."""
    for path in [built["a4"]["tiles-a4.pdf"], built["shapes"]["tiles-a4-shapes.pdf"],
                 built["plain"]["stickers-a4-letters.pdf"]]:  # fmt: skip
        marks = page_marks(pypdf.PdfReader(path), 0)
        outlines = [m for m in marks if m.width is not None and m.filled and m.fill[1] != TILE_FACE_CMYK]
        assert outlines
        for mark in outlines:  # the glyphs' outlines
            assert mark.stroke == ("k", (0.0, 0.0, 0.0, 1.0)) and mark.overprint[1], (path.name, mark)
        black = [m for m in marks if m.filled and m.fill == ("k", (0.0, 0.0, 0.0, 1.0))]
        assert black and all(m.overprint[0] for m in black)  # text, marks, calibration square
        coloured = [m for m in marks if m.filled and m.fill[1][:3] != (0.0, 0.0, 0.0)]
        assert coloured and not any(m.overprint[0] for m in coloured)  # colours knock out as usual


def corner_text_sizes(page) -> list[float]:
    """The type size of each upright (or upside-down) letter inside a tile."""
    return [c["size"] for c in page.chars if c["upright"] and any(
        s[0] < mm(c["x0"]) < s[2] and s[1] < mm(c["y0"]) < s[3] for s in tile_squares(page))]


def test_marks_are_at_least_5pt_and_refused_below_that(built, tmp_path):
    sizes = corner_text_sizes(pages_of(built["plain"]["stickers-a4-letters.pdf"])[0])
    assert len(sizes) >= 36 and min(sizes) >= 5.0  # 22.5 mm stickers: 6.1 pt letters
    result = CliRunner().invoke(main, ["sheets", "--out", str(tmp_path / "o"), "--tile-size", "10mm",
                                       "--markings", "letters"])  # fmt: skip
    assert result.exit_code == 1
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("error: --tile-size 10 mm is too small for --markings letters")
    assert "2.7 pt, under the 5 pt" in line and "18.6 mm" in line
    assert not (tmp_path / "o").exists() or not any((tmp_path / "o").rglob("*.pdf"))


@pytest.mark.parametrize("variant, file", [("shapes", "tiles-a4-shapes.pdf"), ("plain", "stickers-a4-letters.pdf")])
def test_marked_sheets_carry_a_legend_of_their_marks(built, variant, file):
    page = pages_of(built[variant][file])[0]
    text = note_text(page)
    assert "red" in text and "violet" in text
    names = [w for w in page.extract_words() if w["text"] in {c.name for c in COLOURS}]
    assert len(names) == 6 and len({round(w["top"]) for w in names}) == 1  # one line, every colour
    if variant == "shapes":  # a filled shape left of each name, outside every tile
        tops = {round(w["top"]) for w in names}
        shapes = [c for c in page.curves + page.rects if c["fill"] and round(mm(c["y0"])) < 60
                  and same_colour(c["non_stroking_color"], (0.0, 0.0, 0.0, 1.0)) and mm(c["width"]) < 4]  # fmt: skip
        assert len(shapes) >= 6 and tops


def test_notes_run_at_most_90_characters_a_line(built):
    from pdf_vectors import page_chars, text_lines

    for path in [built["a4"]["tiles-a4.pdf"], built["letter"]["tiles-letter.pdf"], built["a4"]["stickers-a4.pdf"],
                 built["fold"]["tiles-letter-gutter-fold.pdf"]]:  # fmt: skip
        for (width, height), chars in page_chars(path):
            notes = [c for c in chars if c.box[3] < 60 * PT and c.box[0] > 60 * PT]  # beside the square
            lines = text_lines(notes)
            assert len(lines) >= 3
            assert max(len(text) for text, _ in lines) <= 90, max((t for t, _ in lines), key=len)


def test_the_sticker_default_and_its_help_agree():
    from grawlix_print.products.sheets.layout import default_sticker

    text = " ".join(CliRunner().invoke(main, ["sheets", "--help"]).output.split())
    assert "[default: (2.9 mm under the blank)]" in text  # the help knows no game: the rule, not a size
    assert "2.9 mm less than --tile-size" in text and "never under 10 mm" in text
    assert default_sticker(25.4) == pytest.approx(25.4 - 2.9) and default_sticker(12.0) == 10.0
    from grawlix_print.products import product

    assert product("sheets").shown_default(game(), "sticker_size") == "22.5mm"  # init's settings: the game's own


def test_the_kit_builds_marked_sheets_only_where_the_marks_can_be_read():
    """`all` with [sheets] tile-size = 10 would stop at the refused marks; it builds the plain sheets."""
    from grawlix_print.kit.plan import kit_steps

    small = [s.name for s in kit_steps(game(), only=["sheets"], options={"sheets": {"tile_size": 10.0}})]
    assert small == ["sheets-a4-none", "sheets-letter-none"]
    usual = [s.name for s in kit_steps(game(), only=["sheets"], options={})]
    assert {"sheets-a4-letters", "sheets-a4-shapes"} <= set(usual)


LONG_TITLE = "A Very Long Game Title For Testing Snarl"  # 40 characters, the most a title may have


def _note_sizes(path: Path) -> dict[str, float]:
    """The font sizes of the first page's note heading ("… tiles," or "… stickers,") and body ("Print …")."""
    with pdfplumber.open(path) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size"])
    heading = next(word for word in words if word["text"] in ("tiles,", "stickers,"))
    body = next(word for word in words if word["text"] == "Print")
    return {"heading": round(heading["size"], 2), "body": round(body["size"], 2)}


def test_a_title_of_forty_letters_fits_the_notes_set_smaller_where_it_must(tmp_path, templates_copy, built):
    """The longest title a game may have fits every sheet's notes, marked and gutter-fold included:
    notes too long for their box at 9 pt are set at 90 or 80 % (never under 7.2 pt), the others
    and the built-in game's at full size."""
    components = templates_copy / "components.toml"
    components.write_text(components.read_text().replace('title = "Grawlix"', f'title = "{LONG_TITLE}"', 1))
    sizes = {}
    for options in (("--markings", "letters"), ("--paper", "letter", "--markings", "shapes", "--arrangement", "gutter-fold")):
        files = build(tmp_path / str(len(options)), "--templates", str(templates_copy), *options)
        for name, path in files.items():
            assert LONG_TITLE in note_text(pages_of(path)[0]), name
            sizes[name] = _note_sizes(path)
    assert all(7.2 - 0.01 <= size["body"] <= 9.0 for size in sizes.values()), sizes
    assert any(size["body"] < 9.0 for size in sizes.values()), sizes  # the marked A4 tile sheet's needed it
    assert _note_sizes(built["a4"]["tiles-a4.pdf"]) == {"heading": 10.0, "body": 9.0}


def test_a_title_longer_than_a_cover_holds_is_one_line(tmp_path, templates_copy):
    components = templates_copy / "components.toml"
    components.write_text(components.read_text().replace('title = "Grawlix"', f'title = "{LONG_TITLE}!"', 1))
    result = CliRunner().invoke(main, ["sheets", "--templates", str(templates_copy), "--out", str(tmp_path / "o")])
    assert result.exit_code == 1 and not (tmp_path / "o").exists()
    assert result.stderr == f"error: {components}: title: 41 characters: a title has at most 40 (it is printed on covers, backs and sheet headings)\n"


def test_a_legend_of_long_colour_names_wraps_inside_the_page(tmp_path, templates_copy):
    """A colour named with 48 letters: the legend under the notes takes a second line instead of
    running off the paper, and every character stays inside the home printer's margin."""
    long_name = "violet" * 8
    components = templates_copy / "components.toml"
    components.write_text(components.read_text().replace('name = "violet"', f'name = "{long_name}"', 1))
    files = build(tmp_path, "--templates", str(templates_copy), "--markings", "shapes", "--paper", "both")
    for name, path in files.items():
        page = pages_of(path)[0]
        assert long_name in note_text(page), name
        assert max(char["x1"] for char in page.chars) <= page.width - 6.35 * PT, name
        names = [w for w in page.extract_words() if w["text"] in ("red", long_name)]
        assert len({round(w["top"]) for w in names}) == 2, name  # the long name on a line of its own
