"""A game no built-in product was written for: the toy game of tests/toy_game, from its kinds alone.

README for the next helper: the toy (``tests/toy_game``) is a real ``Game`` plug-in with its own
templates, registered through an entry point of a distribution the ``toy_game`` fixture
(``conftest.py``) installs for one test module; ``toy_game.environment(folder)`` gives a
subprocess the same. Its kinds (``tests/toy_game/pieces.py``): ``tiles``, 12 square picture
tiles of 30 mm in four colours (letters R B Y G, marks ring cross diamond star; backs ``plain``
and ``dotted``); ``tokens``, 10 round tokens of 20 mm (6 seeds, 4 suns; no colours; back
``moss``); ``cards``, 10 cards of 57 x 89 mm (no colours; back ``moss``). Reuse it for images,
Tabletop Simulator, boxes and 3D; add what a product needs (a relief) in that one place.

Here: its sheets, measured in the PDFs' vectors (pdfplumber, and tests/pdf_vectors for stamps
and dashes), their words, the options its kinds take, and a position of its tiles drawn by the
neutral grid figure. Expected sizes are the toy's own (30, 20, 57 x 89 mm) and the sheets'
documented rules (2 mm bleed for tiles and tokens, 3 mm for cards, stickers 2.9 mm under
their blank), worked out here.
"""

from __future__ import annotations

import dataclasses
import math
import io
import re
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pypdf
import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.errors import StudioError
from grawlix_print.games import game
from grawlix_print.pieces.kinds import Shape

PT = 72 / 25.4
TOL = 0.05
GUIDE_GREY = (0.0, 0.0, 0.0, 0.6)  # the cut guides' and cut outlines' ink: 60 % black


def mm(points: float) -> float:
    return points / PT


def sheets(out: Path, *options: str) -> dict[str, Path]:
    result = CliRunner().invoke(main, ["sheets", "--game", "toy", "--out", str(out), *options])
    assert result.exit_code == 0, result.output + result.stderr
    return {path.name: path for path in (out / "sheets").glob("*.pdf")}


def refused(tmp_path: Path, *options: str) -> str:
    """The one error line of a refused build, which writes nothing."""
    out = tmp_path / "refused"
    result = CliRunner().invoke(main, ["sheets", "--game", "toy", "--out", str(out), *options])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    assert not (out / "sheets").exists() or not any((out / "sheets").iterdir())
    return result.stderr.strip()


@pytest.fixture(scope="module")
def built(toy_game, tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("toy-sheets")
    found: dict[str, Path] = {}
    # Unmarked asked for: the toy's red and green tiles carry letters by default (test_colour_blind.py).
    for name, options in {"plain": ("--markings", "none"), "letters": ("--markings", "letters", "--paper", "letter")}.items():
        found.update({f"{name}/{file}": path for file, path in sheets(root / name, *options).items()})
    return found


def colours():
    from toy_game.pieces import COLOURS

    return COLOURS


def same(a, b) -> bool:
    return a is not None and len(a) == len(b) and all(abs(x - y) < 1e-3 for x, y in zip(a, b))


def text(page) -> str:
    return " ".join((page.extract_text() or "").split())


def guides(page) -> tuple[list[float], list[float]]:
    """Where the cut guides run, in mm: vertical ones reaching the top edge, horizontal ones a side."""
    xs = sorted({round(mm(l["x0"]), 3) for l in page.lines if l["width"] == 0 and l["y1"] > page.height - 0.01})
    ys = sorted({round(mm(l["y0"]), 3) for l in page.lines
                 if l["height"] == 0 and (l["x0"] < 0.01 or l["x1"] > page.width - 0.01)})  # fmt: skip
    return xs, ys


def outlines(page, width_mm: float) -> list[dict]:
    """The cut lines drawn round pieces: stroked, unfilled, in the guides' grey, ``width_mm`` across."""
    return [c for c in page.curves if c["stroke"] and not c["fill"] and same(c["stroking_color"], GUIDE_GREY)
            and abs(mm(c["width"]) - width_mm) < 1.0]  # fmt: skip


def sets_on(page) -> int:
    found = re.search(r"(\d+) sets", text(page))
    return int(found.group(1)) if found else 1


# --- the registry: a plug-in like any other ---------------------------------------------------


def test_the_toy_is_found_through_its_entry_point_and_offers_sheets(toy_game):
    from toy_game import ToyGame, environment

    found = game("toy")
    assert isinstance(found, ToyGame) and found.title == "Toy Garden"
    assert [kind.name for kind in found.piece_kinds()] == ["tiles", "tokens", "cards"]
    listed = subprocess.run([sys.executable, "-m", "grawlix_print", "games"], capture_output=True, text=True,
                            env=environment(toy_game))  # fmt: skip
    assert listed.returncode == 0, listed.stderr
    assert "toy: a toy for the tests" in listed.stdout and "sheets" in listed.stdout.split("toy:")[1]


# --- tiles, tokens, cards: each kind's sheets -------------------------------------------------------


def test_each_kind_gets_its_own_sheets_named_after_it(built):
    assert sorted(name for name in built if name.startswith("plain/")) == [
        "plain/cards-a4.pdf", "plain/stickers-tiles-a4.pdf", "plain/stickers-tokens-a4.pdf",
        "plain/tiles-a4.pdf", "plain/tokens-a4.pdf",
    ]  # fmt: skip


def test_square_tiles_are_30mm_edge_to_edge_every_design_as_often(built):
    page = pdfplumber.open(built["plain/tiles-a4.pdf"]).pages[0]
    xs, ys = guides(page)
    inks = {tuple(c.ink.cmyk): c.name for c in colours()}
    pictures: dict[str, int] = {}
    cells = set()
    for shape in page.curves + page.rects:
        colour = inks.get(tuple(round(v, 4) for v in shape["non_stroking_color"] or ()))
        if not shape["fill"] or colour is None:
            continue
        x, y = mm((shape["x0"] + shape["x1"]) / 2), mm(page.height - (shape["top"] + shape["bottom"]) / 2)
        column = next(k for k in range(len(xs) - 1) if xs[k] < x < xs[k + 1])
        row = next(k for k in range(len(ys) - 1) if ys[k] < y < ys[k + 1])
        assert xs[column + 1] - xs[column] == pytest.approx(30.0, abs=TOL)  # the cut square holding it
        assert ys[row + 1] - ys[row] == pytest.approx(30.0, abs=TOL)
        cells.add((row, column))
        pictures[colour] = pictures.get(colour, 0) + 1
    sets = sets_on(page)
    assert len(cells) == sum(pictures.values()) == 12 * sets  # one picture a tile, every tile of each set
    assert set(pictures.values()) == {3 * sets}  # three pictures in each of the four colours


def test_round_tokens_are_cut_round_20mm_nested_in_offset_rows_on_their_own_ground(built):
    pages = pdfplumber.open(built["plain/tokens-a4.pdf"]).pages
    front = pages[0]
    circles = outlines(front, 20.0)
    assert len(circles) == 10 * sets_on(front)
    for circle in circles:
        assert mm(circle["width"]) == pytest.approx(20.0, abs=TOL) and mm(circle["height"]) == pytest.approx(20.0, abs=TOL)
    centres = sorted((round(mm((c["top"] + c["bottom"]) / 2), 2), round(mm((c["x0"] + c["x1"]) / 2), 2)) for c in circles)
    tops = sorted({top for top, _ in centres})
    row = [x for top, x in centres if top == tops[0]]
    assert all(b - a == pytest.approx(24.0, abs=TOL) for a, b in zip(row, row[1:]))  # 20 mm and 2 x 2 mm bleed
    assert all(b - a == pytest.approx(24.0 * 3**0.5 / 2, abs=TOL) for a, b in zip(tops, tops[1:]))  # offset rows
    second = [x for top, x in centres if top == tops[1]]
    assert second[0] - row[0] == pytest.approx(12.0, abs=TOL)  # every other row shifted half a pitch
    for a, b in [(p, q) for p in centres for q in centres if p < q]:
        assert math.dist(a, b) >= 24.0 - TOL  # no two closer than their outlines plus two bleeds
    assert guides(front) == ([], [])  # nothing straight to cut between nested pieces
    from toy_game.pieces import PALE

    grounds = [c for c in front.curves if c["fill"] and same(c["non_stroking_color"], PALE.cmyk)]
    assert len(grounds) == len(circles)
    for ground in grounds:  # each ground is its token's circle and 2 mm all round
        assert (mm(ground["width"]), mm(ground["height"])) == pytest.approx((24.0, 24.0), abs=TOL)
    assert text(pages[1]).startswith("Toy Garden token backs")  # duplex backs, its own back design
    assert not outlines(pages[1], 20.0)  # cut from the front


def test_stickers_fit_wooden_discs_and_squares(built):
    discs = pdfplumber.open(built["plain/stickers-tokens-a4.pdf"]).pages[0]
    assert len(outlines(discs, 17.1)) == 10 * sets_on(discs)
    assert all(mm(c["width"]) == pytest.approx(17.1, abs=TOL) for c in outlines(discs, 17.1))
    assert "Toy Garden token stickers, 17.1 mm, for 20 mm discs" in text(discs)
    assert "leaves 1.45 mm of its disc showing" in text(discs)
    squares = pdfplumber.open(built["plain/stickers-tiles-a4.pdf"]).pages[0]
    xs, ys = guides(squares)
    assert all(b - a == pytest.approx(27.1, abs=TOL) for a, b in zip(xs, xs[1:]))
    assert "Toy Garden tile stickers, 27.1 mm, for 30 mm squares" in text(squares)


def test_cards_are_57_by_89mm_every_design_as_many_times_as_its_count(built):
    pdf = pdfplumber.open(built["plain/cards-a4.pdf"])
    from toy_game.pieces import CARDS, WHITE

    names: dict[str, int] = {}
    for page in pdf.pages:
        fields = [r for r in page.rects if r["fill"] and same(r["non_stroking_color"], WHITE.cmyk)]
        for field in fields:  # each card's white field runs 3 mm past its cut on every side
            assert (mm(field["width"]), mm(field["height"])) == pytest.approx((57.0 + 6, 89.0 + 6), abs=TOL)
        words = [w["text"] for w in page.extract_words()]
        for name, _ in CARDS:
            names[name] = names.get(name, 0) + (words.count(name) if fields else 0)
        if fields:
            xs = sorted({round(mm(l["x0"]), 2) for l in page.lines if l["width"] == 0})
            ys = sorted({round(mm(l["y0"]), 2) for l in page.lines if l["height"] == 0})
            assert {round(b - a, 1) for a, b in zip(xs, xs[1:])} == {57.0}  # cut lines, from the crop marks
            assert {round(b - a, 1) for a, b in zip(ys, ys[1:])} == {89.0}
    assert names == dict(CARDS)


def test_the_notes_speak_of_the_kind_and_of_no_other_game(built):
    tokens = text(pdfplumber.open(built["plain/tokens-a4.pdf"]).pages[0])
    assert "Toy Garden tokens, 20 mm, for card" in tokens and "each token 20 mm" in tokens
    assert "Cut each token out along its circle" in tokens and "2 mm past each circle" in tokens
    cards = text(pdfplumber.open(built["plain/cards-a4.pdf"]).pages[0])
    assert "Toy Garden: 10 cards to print and cut" in cards and "each card comes out 57 mm × 89 mm" in cards
    tiles = text(pdfplumber.open(built["letters/tiles-letter-letters.pdf"]).pages[0])
    assert "Toy Garden tiles, 30 mm, for card" in tiles
    for path in built.values():
        reader = pypdf.PdfReader(path)
        words = " ".join(page.extract_text() for page in reader.pages) + str(reader.metadata)
        for foreign in ("Grawlix", "Permutations", "glyph", "corner number", "poker", "one-inch"):
            assert foreign not in words, (path.name, foreign)
    assert "tile" not in tokens.lower()
    assert pypdf.PdfReader(built["plain/tokens-a4.pdf"]).metadata.subject.startswith(
        "The 10 tokens of Toy Garden at 20 mm, to print and cut."
    )


# --- markings: only where a kind has colours ------------------------------------------------------


def test_only_the_tiles_have_colours_to_mark(built, tmp_path):
    assert sorted(name for name in built if name.startswith("letters/")) == [
        "letters/stickers-tiles-letter-letters.pdf", "letters/tiles-letter-letters.pdf",
    ]  # fmt: skip  (the tokens' and cards' sheets are the unmarked ones: no copies of them)
    result = CliRunner().invoke(main, ["sheets", "--game", "toy", "--markings", "shapes", "-o", str(tmp_path)])
    assert "note: tokens and cards have no colours to mark: their sheets are the unmarked ones" in result.stderr
    page = pdfplumber.open(built["letters/tiles-letter-letters.pdf"]).pages[0]
    legend = text(page)
    assert all(colour.name in legend for colour in colours())
    letters = [c["text"] for c in page.chars if c["text"] in "RBYG" and mm(page.height - c["top"]) > 60]  # in the tiles
    assert sorted(set(letters)) == ["B", "G", "R", "Y"] and len(letters) == 12 * sets_on(page)


def test_all_builds_marked_sheets_only_for_the_kinds_with_colours(toy_game):
    from grawlix_print.kit.plan import kit_steps

    steps = kit_steps(game("toy"), only=["sheets"], papers=("a4",), options={})
    kinds = {step.name: step.params["params"]["kinds"] for step in steps}
    assert kinds == {"sheets-a4-none": ["tiles", "tokens", "cards"], "sheets-a4-letters": ["tiles"],
                     "sheets-a4-shapes": ["tiles"]}  # fmt: skip
    small = kit_steps(game("toy"), only=["sheets"], papers=("a4",), options={"sheets": {"tile_size": 10.0}})
    assert [step.name for step in small] == ["sheets-a4-none"]  # marks of 4.5 pt could not be read


def test_the_web_links_every_kinds_sheets_the_kit_holds(toy_game, built):
    from grawlix_print.products import product

    sheets_product = product("sheets")
    planned = sheets_product.planned(game("toy"), ("a4",), sheets_product.options())
    # The links go to each kind's default sheets: the tiles' with letters (their red and green look
    # alike to a colour-blind eye), the rest plain.
    default = sorted(n.split("/")[1].replace("tiles-a4.pdf", "tiles-a4-letters.pdf") for n in built if n.startswith("plain/"))
    assert sorted(Path(p.path).name for p in planned) == default
    titles = {Path(p.path).name: (p.title, p.how) for p in planned}
    assert titles["tokens-a4.pdf"][0] == "Token sheets (A4)" and titles["cards-a4.pdf"][0] == "Card sheets (A4)"
    assert titles["stickers-tokens-a4.pdf"] == ("Sticker sheets for tokens (A4)", "full-sheet sticker paper, for 20 mm discs")


def test_the_index_describes_each_file_in_its_kinds_words(toy_game, tmp_path):
    from grawlix_print.products import product
    from grawlix_print.products.sheets.build import build_sheets

    made = product("sheets")
    entries = {w.path.name: made.describe({"kind": w.kind, "params": w.params}) for w in build_sheets(game("toy"), tmp_path)}
    assert entries["tokens-a4.pdf"].title == "5 sets of 10 tokens of 20 mm for card, on A4."  # nested: 50 a page
    assert "the two layers" not in entries["tokens-a4.pdf"].how and "Card of 250–300 g/m²" in entries["tokens-a4.pdf"].how
    assert entries["stickers-tokens-a4.pdf"].title.endswith("stickers of 17.1 mm for 20 mm discs, on A4.")
    assert entries["cards-a4.pdf"].title == "10 cards of 57 × 89 mm with 3 mm bleed, on A4."


# --- options: the ones its kinds take ------------------------------------------------------------------


def test_options_reach_the_kinds_that_take_them(toy_game, tmp_path):
    sized = sheets(tmp_path / "sized", "--tile-size", "1in", "--card-size", "63.5x88.9", "--markings", "none")
    assert sorted(sized) == ["cards-a4-63.5x88.9mm.pdf", "stickers-tiles-a4-25.4mm.pdf",
                             "stickers-tokens-a4-25.4mm.pdf", "tiles-a4-25.4mm.pdf", "tokens-a4-25.4mm.pdf"]  # fmt: skip
    tokens = pdfplumber.open(sized["tokens-a4-25.4mm.pdf"]).pages[0]
    assert outlines(tokens, 25.4) and all(mm(c["width"]) == pytest.approx(25.4, abs=TOL) for c in outlines(tokens, 25.4))
    backs = sheets(tmp_path / "backs", "--back-design", "DOTTED", "--frame", "--markings", "none")
    assert sorted(backs) == ["cards-a4.pdf", "stickers-tiles-a4-framed.pdf", "stickers-tokens-a4.pdf",
                             "tiles-a4-framed-dotted-backs.pdf", "tokens-a4.pdf"]  # fmt: skip
    from toy_game.pieces import MOSS

    back = pdfplumber.open(backs["tiles-a4-framed-dotted-backs.pdf"]).pages[1]
    assert any(r["fill"] and same(r["non_stroking_color"], MOSS.cmyk) for r in back.rects)  # the dotted back's ground


@pytest.mark.parametrize("options, line", [
    (("--back-design", "tartan"), "error: --back-design 'tartan' is not one of plain, dotted"),
    (("--tile-size", "10mm", "--markings", "letters"), "error: --tile-size 10 mm is too small for --markings letters:"
     " its marks would be 4.5 pt, under the 5 pt that can be read (use at least 11.1 mm, or --markings none)"),
    (("--card-size", "300x400"), "error: --card-size 300 x 400 mm with 3 mm bleed and crop marks does not fit on A4"
     " paper (at most 199 x 286 mm fits)"),
    (("--no-backs", "--arrangement", "gutter-fold"), "error: --arrangement gutter-fold arranges backs, but no backs are"
     " printed (--backs is off): drop one of the two"),
])  # fmt: skip
def test_bad_options_are_one_line_naming_the_option(toy_game, tmp_path, options, line):
    assert refused(tmp_path, *options) == line


def test_a_kind_that_fits_no_paper_is_one_line_naming_its_file_and_kind(toy_game, tmp_path):
    from toy_game import TEMPLATES, ToyGame

    from grawlix_print.products.sheets.build import build_sheets

    class BigTiles(ToyGame):
        def piece_kinds(self):
            tiles, *others = super().piece_kinds()
            return (dataclasses.replace(tiles, size=(300.0, 300.0)), *others)

    made = BigTiles(TEMPLATES)  # a variant in this file: its templates are the toy's
    with pytest.raises(StudioError) as refusal:
        build_sheets(made, tmp_path / "out")
    assert refusal.value.where == f"{made.templates / 'components.toml'}: tiles.size"
    assert refusal.value.what == ("the 12 tiles, 300 x 300 mm, would take 48 panels of A4, 4 each (at most 16): print them"
                                  " on a larger paper (--paper a3) or make them smaller")  # fmt: skip
    assert not (tmp_path / "out").exists()


def test_markings_for_a_game_without_colours_are_refused(toy_game):
    from toy_game import TEMPLATES, ToyGame

    from grawlix_print.products import product

    class Colourless(ToyGame):
        def piece_kinds(self):
            return super().piece_kinds()[1:]  # its tokens and cards

    made = product("sheets")
    with pytest.raises(StudioError) as refusal:
        made.command_jobs(Colourless(TEMPLATES), ("a4",), made.options(markings="letters"))
    assert str(refusal.value) == "--markings letters: toy has no colours to mark on its tokens and cards"


def test_hexagons_are_cut_round_their_six_sides(toy_game, tmp_path):
    from toy_game import TEMPLATES, ToyGame

    from grawlix_print.products.sheets.build import build_sheets

    class HexTokens(ToyGame):
        def piece_kinds(self):
            tiles, tokens, cards = super().piece_kinds()
            return (tiles, dataclasses.replace(tokens, shape=Shape.HEXAGON, size=(20.0, 23.094)), cards)

    written = {w.path.name: w.path for w in build_sheets(HexTokens(TEMPLATES), tmp_path, kinds=("tokens",))}
    page = pdfplumber.open(written["tokens-a4.pdf"]).pages[0]
    hexagons = outlines(page, 20.0)
    assert len(hexagons) == 10 * sets_on(page)
    for hexagon in hexagons:
        assert len({(round(x, 2), round(y, 2)) for x, y in hexagon["pts"]}) == 6
        assert (mm(hexagon["width"]), mm(hexagon["height"])) == pytest.approx((20.0, 23.094), abs=TOL)
    assert "Cut each token out along its outline" in text(page)


def test_the_same_inputs_give_the_same_bytes(built, tmp_path):
    again = sheets(tmp_path, "--markings", "letters", "--paper", "letter")
    for name, path in again.items():
        assert path.read_bytes() == built[f"letters/{name}"].read_bytes(), name


# --- a position of the toy's tiles: the neutral grid figure -----------------------------------------


def _drawn(picture, cell: float):
    """The picture on a PDF page (millimetres), its top-left corner at (10, 190); the page's reader."""
    from reportlab.lib.units import mm as MM
    from reportlab.pdfgen.canvas import Canvas

    from grawlix_print.drawing.pdf.surface import PdfSurface

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200 * MM, 200 * MM))
    canvas.scale(MM, MM)
    picture.draw(PdfSurface(canvas, cmyk=True, unit_pt=MM), 10.0, 190.0, cell)
    canvas.showPage()
    canvas.save()
    buffer.seek(0)
    return buffer


def test_a_position_of_the_toys_tiles_is_drawn_by_the_neutral_grid_figure(toy_game):
    from pdf_vectors import read_page
    from toy_game.pieces import CREAM

    from grawlix_print.pieces.grid_diagram import GridPicture

    faces = game("toy").piece_kinds()[0].faces
    placed = {(0, 0): faces[0], (0, 1): faces[4], (1, 1): faces[0]}  # the same face twice
    picture = GridPicture(placed, vacant=((1, 0), (0, 2)), labels={"?": (1, 2)}, loose=(faces[7],))
    cell = 20.0
    buffer = _drawn(picture, cell)
    page = pdfplumber.open(buffer).pages[0]
    grounds = [(mm(r["x0"]), 200 - mm(r["bottom"]), mm(r["width"]), mm(r["height"]))
               for r in page.rects if r["fill"] and same(r["non_stroking_color"], CREAM.cmyk)]  # fmt: skip
    expected = sorted((10 + c * cell, 190 - (r + 1) * cell, cell, cell) for r, c in placed)
    flat = [v for box in sorted(grounds) for v in box]
    assert flat == pytest.approx([v for box in expected for v in box], abs=TOL)  # each face fills its cell, upright
    turned = [c for c in page.curves if c["fill"] and same(c["non_stroking_color"], CREAM.cmyk)]
    assert len(turned) == 1  # the loose tile, turned 30 degrees under the grid
    loose_x, loose_y = mm((turned[0]["x0"] + turned[0]["x1"]) / 2), 200 - mm((turned[0]["top"] + turned[0]["bottom"]) / 2)
    assert (loose_x, loose_y) == pytest.approx((10 + 1.5 * cell, 190 - (2 + 1.75) * cell), abs=TOL)
    vectors = read_page(pypdf.PdfReader(buffer), 0)
    assert len(vectors.stamps) == 4 and len({s.form for s in vectors.stamps}) == 3  # one form a face
    sides = {tuple(sorted((tuple(round(mm(v), 2) for v in a), tuple(round(mm(v), 2) for v in b)))) for a, b in vectors.dotted}
    assert len(sides) == 5  # (1, 0): its left and bottom sides; (0, 2): top, right and bottom
    assert all(abs(mm(a[0] - b[0])) + abs(mm(a[1] - b[1])) == pytest.approx(cell, abs=TOL) for a, b in vectors.dotted)
    (label,) = [c for c in page.chars if c["text"] == "?"]
    assert mm((label["x0"] + label["x1"]) / 2) == pytest.approx(10 + 2.5 * cell, abs=0.5)
    bordered = pdfplumber.open(_drawn(dataclasses.replace(picture, border=0.1), cell)).pages[0]
    widths = {round(mm(r["width"]), 2) for r in bordered.rects if r["fill"] and same(r["non_stroking_color"], CREAM.cmyk)}
    assert widths == {round(cell / 0.9, 2)}  # enlarged so a border of a tenth centres on the cell edge
