"""A stranger's game folder is read within bounds: pictures, SVGs, typefaces, tables and layouts.

Each file a game of tables reads has limits (``docs``: the limits page): a
picture's pixels, an SVG's elements, coordinates, nesting and uses, a
typeface's size, a table's rows, columns and pieces (per kind and per game),
a layout's positions and dashes. Past one, the build stops before it writes
a file, in one line naming the file (and row and field); a FIFO or a device
in place of a file is refused as such, never read (a read would wait
forever). Every input here is made by the test; the limits are the module's
constants, so each is tried at its edge: the bound itself is taken, one more
is refused.
"""

from __future__ import annotations

import io
import os
import struct
import zipfile
import zlib
from pathlib import Path

import pytest

from grawlix_print.drawing import bitmaps
from grawlix_print.errors import StudioError
from grawlix_print.games.spreadsheet import faces, svg_bounds, values
from grawlix_print.games.spreadsheet.design import read_design
from grawlix_print.games.spreadsheet.faces import piece_kinds
from grawlix_print.games.spreadsheet.tables import MAX_COLUMNS, MAX_UNPACKED_BYTES, read_table

from commands import refused, run_here
from spreadsheet_decks import cards_54, dedent, write_deck

WITH_ART = dedent("""
    [[elements]]
    type = "rectangle"
    box = "bleed"
    fill = "crew"

    [[elements]]
    type = "text"
    box = "safe"
    text = "{name}"

    [[elements]]
    type = "image"
    box = "safe"
    image = "art/picture.png"
""")


def png_header(width: int, height: int) -> bytes:
    """A PNG that claims ``width`` x ``height`` pixels and holds almost none (as a bomb does)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")


def deck(tmp_path: Path, rows: int = 2) -> Path:
    return write_deck(tmp_path / "templates", cards_54()[:rows])


def with_picture(tmp_path: Path, data: bytes, name: str = "picture.png") -> Path:
    templates = deck(tmp_path)
    (templates / "art").mkdir()
    (templates / "art" / name).write_bytes(data)
    (templates / "layouts" / "crew.toml").write_text(WITH_ART.replace("picture.png", name))
    return templates


def build(templates: Path, tmp_path: Path, only: str = "sheets,images"):
    out = tmp_path / "out"
    result = run_here("all", "--templates", str(templates), "-o", str(out), "--only", only)
    if result.returncode == 1:
        assert not any(p.is_file() for p in out.rglob("*")), "a refused build wrote files"
    return result


# --- pictures ------------------------------------------------------------------------------------


@pytest.mark.parametrize("side", [14_000, 30_000])
def test_a_picture_header_claiming_a_bomb_is_one_line_naming_the_file(side, tmp_path):
    templates = with_picture(tmp_path, png_header(side, side))
    refused(build(templates, tmp_path), "cards.csv: row 2", "elements[3].image", "art/picture.png",
            f"{side * side:,} pixels is more than a picture may hold")  # fmt: skip


def test_a_real_picture_past_pillows_warning_is_refused_without_a_warning_line(tmp_path):
    """12,000 x 12,000 (Pillow warns on a raw ``warnings.warn`` line and decodes for 40 s)."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("L", (12_000, 12_000), 200).save(buffer, "PNG")
    templates = with_picture(tmp_path, buffer.getvalue())
    line = refused(build(templates, tmp_path), "art/picture.png", "144,000,000 pixels")
    assert "warn" not in line


@pytest.mark.parametrize(("size", "taken"), [
    ((6_000, 6_000), True), ((6_000, 6_001), False), ((bitmaps.MAX_SIDE, 1), True), ((bitmaps.MAX_SIDE + 1, 1), False),
])  # fmt: skip
def test_the_pixel_bounds_at_their_edges(size, taken):
    """36,000,000 pixels and 30,000 a side are taken, one pixel more is refused, from the header alone."""
    data = png_header(*size)
    if taken:
        with bitmaps.opened(data) as image:
            assert image.size == size
    else:
        with pytest.raises(StudioError, match="is more than a picture may hold"):
            with bitmaps.opened(data):
                pass


def test_a_plug_ins_raster_is_checked_before_the_pdf_back_end_decodes_it(tmp_path):
    """A Raster made by code (no file behind it) goes through the same bound in the PDF back end."""
    from grawlix_print.drawing.pdf.surface import PdfSurface
    from grawlix_print.drawing.surface import Raster

    from reportlab.pdfgen.canvas import Canvas

    surface = PdfSurface(Canvas(str(tmp_path / "x.pdf")), cmyk=False)
    with pytest.raises(StudioError, match="196,000,000 pixels"):
        surface.image(Raster(png_header(14_000, 14_000), 14_000, 14_000, "image/png"), 0, 0, 10, 10)


# --- SVGs ----------------------------------------------------------------------------------------

SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">{}</svg>'
SQUARE = '<path d="M1 1h1v1z" fill="#123456"/>'


def use_bomb(levels: int) -> str:
    groups = "".join(f'<g id="a{k}">' + f'<use xlink:href="#a{k - 1}"/>' * 10 + "</g>" for k in range(1, levels + 1))
    return SVG.format(f'<defs><path id="a0" d="M1 1h1v1z"/>{groups}</defs><use xlink:href="#a{levels}"/>')


SVG_FAULTS = {
    "200,000 tiny paths": (SVG.format(SQUARE * 200_000), "more than 10,000 elements"),
    "six levels of ten uses": (use_bomb(6), "more than 10,000 elements once its <use> copies are made"),
    "groups 1,000 deep": (SVG.format("<g>" * 1000 + SQUARE + "</g>" * 1000), "nests elements more than 64 deep"),
    "a use of its own group": (SVG.format('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'), "uses an element inside itself"),
    "entities": ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]>' + SVG.format("<title>&a;</title>"), "declares entities"),
    "a path of 300,000 segments": (SVG.format('<path d="M0 0' + " l1 1" * 300_000 + '"/>'), "more than 400,000 coordinates"),
    "nine megabytes": (SVG.format("<!--" + "x" * (9 << 20) + "-->"), "more than 8,388,608"),
}  # fmt: skip


@pytest.mark.parametrize("fault", list(SVG_FAULTS))
def test_an_svg_that_asks_too_much_is_one_line_before_it_is_parsed(fault, tmp_path):
    text, words = SVG_FAULTS[fault]
    templates = with_picture(tmp_path, text.encode(), "picture.svg")
    refused(build(templates, tmp_path, "sheets"), "art/picture.svg", words)


@pytest.mark.parametrize(("count", "taken"), [(svg_bounds.MAX_ELEMENTS - 1, True), (svg_bounds.MAX_ELEMENTS, False)])
def test_the_svg_element_bound_at_its_edge(count, taken):
    """The root and ``count`` paths: MAX_ELEMENTS elements in all are taken."""
    data = SVG.format(SQUARE * count).encode()
    if taken:
        svg_bounds.check_svg(data)
    else:
        with pytest.raises(StudioError, match="more than 10,000 elements: simplify it"):  # counted as read
            svg_bounds.check_svg(data)


def test_uses_count_as_the_copies_they_make_and_a_modest_use_is_drawn(tmp_path):
    svg_bounds.check_svg(use_bomb(3).encode())  # 1,111 elements: taken
    with pytest.raises(StudioError, match="once its <use> copies"):
        svg_bounds.check_svg(use_bomb(4).encode())  # 11,111
    deep = SVG.format("<g>" * (svg_bounds.MAX_DEPTH - 2) + SQUARE + "</g>" * (svg_bounds.MAX_DEPTH - 2))
    svg_bounds.check_svg(deep.encode())  # root + 62 groups + the path: 64 deep
    with pytest.raises(StudioError, match="64 deep: ungroup them"):  # counted as read, no use to count
        svg_bounds.check_svg(deep.replace("<g>", "<g><g>", 1).replace("</g>", "</g></g>", 1).encode())
    path = '<path id="p" d="M0 0' + " l1 1" * 25_000 + '"/>'  # 50,002 coordinates
    svg_bounds.check_svg(SVG.format(f"<defs>{path}</defs>" + '<use href="#p"/>' * 6).encode())  # 350,014
    with pytest.raises(StudioError, match="more than 400,000 coordinates"):
        svg_bounds.check_svg(SVG.format(f"<defs>{path}</defs>" + '<use href="#p"/>' * 8).encode())  # 450,018


# --- typefaces -----------------------------------------------------------------------------------


def with_typeface(tmp_path: Path) -> Path:
    import shutil

    from grawlix_print.fonts import QUICKSAND_BOLD

    templates = deck(tmp_path)
    (templates / "fonts").mkdir()
    shutil.copy(QUICKSAND_BOLD, templates / "fonts" / "face.ttf")
    text = (templates / "layouts" / "crew.toml").read_text().replace("size = 11\n", 'size = 11\nfont = "fonts/face.ttf"\n', 1)
    (templates / "layouts" / "crew.toml").write_text(text)
    return templates


def test_a_typeface_file_past_its_bound_is_refused_unread(tmp_path):
    from grawlix_print.drawing.fonts import MAX_FONT_BYTES

    templates = with_typeface(tmp_path)
    with open(templates / "fonts" / "face.ttf", "wb") as handle:
        handle.truncate(MAX_FONT_BYTES + 1)  # sparse: no time to write
    refused(build(templates, tmp_path, "sheets"), "elements[2].font", "face.ttf", f"more than {MAX_FONT_BYTES:,} bytes")


# --- FIFOs and devices -----------------------------------------------------------------------------

FIFOS = {
    "layout": ("layouts/crew.toml", "layouts/crew.toml: cannot read: a FIFO (named pipe), not a regular file"),
    "table": ("cards.csv", "cards.csv: cannot read: a FIFO (named pipe), not a regular file"),
    "typeface": ("fonts/face.ttf", "not a regular file"),
    "rules": ("leaflet.md", "leaflet.md: cannot read: a FIFO (named pipe), not a regular file"),
}
"""What stands where, and what the one line says."""


@pytest.mark.parametrize("what", list(FIFOS))
def test_a_fifo_in_place_of_a_file_is_refused_as_such_never_read(what, tmp_path):
    name, words = FIFOS[what]
    templates = with_typeface(tmp_path)
    (templates / name).unlink(missing_ok=True)
    os.mkfifo(templates / name)
    if what == "rules":
        result = run_here("leaflet", "--templates", str(templates), "-o", str(tmp_path / "out"))
    else:
        result = build(templates, tmp_path, "sheets")
    line = refused(result, words)
    assert "no layout" not in line and "no table" not in line


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="makes a device node")
def test_a_device_in_place_of_a_picture_is_refused_as_such(tmp_path):
    import stat

    templates = with_picture(tmp_path, b"")
    (templates / "art" / "picture.png").unlink()
    os.mknod(templates / "art" / "picture.png", stat.S_IFCHR | 0o644, os.makedev(1, 5))  # as /dev/zero
    refused(build(templates, tmp_path, "sheets"), "art/picture.png", "a device, not a regular file")


# --- tables ----------------------------------------------------------------------------------------


def with_counts(tmp_path: Path, counts: list[int]) -> Path:
    templates = deck(tmp_path, len(counts))
    lines = (templates / "cards.csv").read_text().splitlines()
    rows = [line.rsplit(",", 1)[0] + f",{count}" for line, count in zip(lines[1:], counts)]
    (templates / "cards.csv").write_text("\n".join([lines[0], *rows]) + "\n")
    return templates


def test_counts_under_the_per_row_bound_are_bounded_in_all_too(tmp_path):
    """Nineteen rows of 10,000 each: each is allowed, the kind's 190,000 are not."""
    templates = with_counts(tmp_path, [10_000] * 19)
    refused(build(templates, tmp_path, "sheets"), "cards.csv", "190,000 cards (its count column added up)",
            "more than 10,000 pieces of one kind")  # fmt: skip


@pytest.mark.parametrize(("counts", "taken"), [([10_000], True), ([9_999, 2], False), ([10_001], False)])
def test_the_kinds_bound_at_its_edge(counts, taken, tmp_path):
    """A row of 10,000 is taken (the per-row bound is 10,000 too); 10,001 in all is refused."""
    templates = with_counts(tmp_path, counts)
    design = read_design(templates)
    if taken:
        (made,) = piece_kinds(design, templates)
        assert sum(piece.count for piece in made.kind.pieces) == sum(counts)
    else:
        with pytest.raises(StudioError, match="10,001|is over 10,000"):
            piece_kinds(design, templates)


def with_kinds(tmp_path: Path, counts: list[int]) -> Path:
    """A game of several kinds of card, each one row of ``count`` cards."""
    templates = deck(tmp_path, 1)
    head = (templates / "cards.csv").read_text().splitlines()[0]
    row = (templates / "cards.csv").read_text().splitlines()[1].rsplit(",", 1)[0]
    text = (templates / "components.toml").read_text()
    for k, count in enumerate(counts):
        (templates / f"kind{k}.csv").write_text(f"{head}\n{row},{count}\n")
        text += f'\n[kinds.kind{k}]\nsize = [63.5, 88.9]\ntable = "kind{k}.csv"\nlayout = "{{layout}}"\ncount_column = "count"\n'
    (templates / "components.toml").write_text(text)
    (templates / "cards.csv").write_text(f"{head}\n{row},0\n{row},1\n")
    return templates


def test_the_games_bound_counts_every_kind_before_drawing_the_next(tmp_path):
    """20,000 pieces in all are taken (two kinds of 10,000 and one card); the 20,001st is refused,
    naming each kind's count."""
    design_taken = with_kinds(tmp_path / "a", [10_000, 9_999])
    made = piece_kinds(read_design(design_taken), design_taken)
    assert sum(p.count for kind in made for p in kind.kind.pieces) == faces.MAX_GAME_PIECES
    over = with_kinds(tmp_path / "b", [10_000, 10_000])
    with pytest.raises(StudioError, match=r"20,001 pieces in all \(1 cards, 10,000 kind0, 10,000 kind1\)"):
        piece_kinds(read_design(over), over)


def xlsx(path: Path, rows: list[list[object]], edit=None) -> Path:
    """A workbook of one sheet called Cards; ``edit`` rewrites its sheet's XML (a cached value)."""
    from openpyxl import Workbook

    book = Workbook()
    book.active.title = "Cards"
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    if edit is None:
        path.write_bytes(buffer.getvalue())
        return path
    with zipfile.ZipFile(buffer) as source, zipfile.ZipFile(path, "w") as target:
        for member in source.infolist():
            data = source.read(member)
            target.writestr(member, edit(data) if member.filename == "xl/worksheets/sheet1.xml" else data)
    return path


HEADER = ["name", "layout", "cost", "rules", "count"]


def test_a_formula_cell_with_no_computed_value_is_refused_naming_its_cell(tmp_path):
    """openpyxl (as any script) writes formulas without their values: the count would read as 1."""
    path = xlsx(tmp_path / "cards.xlsx", [HEADER, ["Lantern", "crew", "2", "Draw.", "=20*2"]])
    with pytest.raises(StudioError) as caught:
        read_table(path, "cards.xlsx")
    assert str(caught.value).startswith("cards.xlsx [Cards]: row 2: cell E2: holds a formula (=20*2) whose value was never computed")


def test_a_formula_with_its_computed_value_is_that_value_and_an_empty_text_result_is_empty(tmp_path):
    cached = xlsx(tmp_path / "a.xlsx", [HEADER, ["Lantern", "crew", "2", "Draw.", "=20*2"]],
                  lambda xml: xml.replace(b"<f>20*2</f><v />", b"<f>20*2</f><v>40</v>"))  # fmt: skip
    assert read_table(cached, "a.xlsx").rows[0].cells["count"] == "40"
    empty = xlsx(tmp_path / "b.xlsx", [HEADER, ["Lantern", "crew", "2", "Draw.", "=20*2"]],
                 lambda xml: xml.replace(b'<c r="E2"><f>20*2</f><v />', b'<c r="E2" t="str"><f>IF(1,"","x")</f><v></v>'))  # fmt: skip
    assert read_table(empty, "b.xlsx").rows[0].cells["count"] == ""


def test_a_formula_count_of_forty_prints_forty_cards_not_one(tmp_path):
    templates = deck(tmp_path, 1)
    xlsx(templates / "cards.xlsx", [HEADER, ["Lantern", "crew", "2", "Draw.", "=20*2"]],
         lambda xml: xml.replace(b"<f>20*2</f><v />", b"<f>20*2</f><v>40</v>"))  # fmt: skip
    text = (templates / "components.toml").read_text().replace('table = "cards.csv"', 'table = "cards.xlsx"')
    (templates / "components.toml").write_text(text)
    (made,) = piece_kinds(read_design(templates), templates)
    assert [piece.count for piece in made.kind.pieces] == [40]


def test_bold_and_italic_typed_in_a_cell_are_kept_and_printed(tmp_path):
    from openpyxl.cell.rich_text import CellRichText, TextBlock
    from openpyxl.cell.text import InlineFont

    rules = CellRichText(["Draw ", TextBlock(InlineFont(b=True), "two "), "cards, ", TextBlock(InlineFont(i=True), "then"), " rest."])
    templates = deck(tmp_path, 1)
    xlsx(templates / "cards.xlsx", [HEADER, ["Lantern", "crew", "2", rules, 1]])
    assert read_table(templates / "cards.xlsx", "x").rows[0].cells["rules"] == "Draw **two** cards, *then* rest."
    text = (templates / "components.toml").read_text().replace('table = "cards.csv"', 'table = "cards.xlsx"')
    (templates / "components.toml").write_text(text)
    out = tmp_path / "out"
    assert run_here("sheets", "--templates", str(templates), "-o", str(out), "--paper", "a4").returncode == 0
    pdf = next(p for p in sorted(out.rglob("*.pdf")) if "card" in p.name)
    chars = printed_chars(pdf)
    line = "".join(c["text"] for c in chars)
    start = line.index("Draw two")
    styled = {word: chars[line.index(word, start) : line.index(word, start) + len(word)] for word in ("Draw", "two", "cards", "then", "rest")}
    assert all("Bold" in c["fontname"] for c in styled["two"])
    assert not any("Bold" in c["fontname"] for word in ("Draw", "cards", "then", "rest") for c in styled[word])
    assert all(abs(c["matrix"][2]) > 0.05 for c in styled["then"]), "the italic run leans"
    assert not any(abs(c["matrix"][2]) > 1e-6 for word in ("Draw", "two", "cards", "rest") for c in styled[word])


def test_a_cell_made_bold_or_italic_as_a_whole_prints_so_and_a_bold_header_is_only_its_names(tmp_path):
    """Ctrl+B on a cell (the cell's own font, no runs inside it) is how most people make text bold: it
    prints bold, as a bold run does; a number's style prints nothing; the header row's bold (common)
    leaves its column names as typed; a whole cell underlined is refused, as a run is."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    sheet = book.active
    sheet.append(HEADER)
    sheet.append(["Lantern", "crew", "2", "Draw two.", 1])
    sheet.append(["Kite", "crew", "3", "Rest.", 2])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet["D2"].font = Font(bold=True)
    sheet["D3"].font = Font(italic=True)
    sheet["E3"].font = Font(bold=True)
    book.save(tmp_path / "cards.xlsx")
    table = read_table(tmp_path / "cards.xlsx", "cards.xlsx")
    assert table.columns == tuple(HEADER)
    assert [row.cells["rules"] for row in table.rows] == ["**Draw two.**", "*Rest.*"]
    assert table.rows[1].cells["count"] == "2"
    sheet["D3"].font = Font(underline="single")
    book.save(tmp_path / "under.xlsx")
    with pytest.raises(StudioError, match=r"row 3: cell D3: 'Rest.' is underlined: only bold and italic print"):
        read_table(tmp_path / "under.xlsx", "under.xlsx")


def printed_chars(pdf: Path) -> list[dict]:
    import pdfplumber

    with pdfplumber.open(pdf) as opened:
        return [c for page in opened.pages for c in page.chars]


def test_underlined_text_in_a_cell_is_refused_naming_its_cell(tmp_path):
    from openpyxl.cell.rich_text import CellRichText, TextBlock
    from openpyxl.cell.text import InlineFont

    rules = CellRichText(["Draw ", TextBlock(InlineFont(u="single"), "two")])
    path = xlsx(tmp_path / "cards.xlsx", [HEADER, ["Lantern", "crew", "2", rules, 1]])
    with pytest.raises(StudioError, match=r"row 2: cell D2: 'two' is underlined: only bold and italic print"):
        read_table(path, "cards.xlsx")


def test_a_cell_typed_far_out_and_a_workbook_that_unpacks_huge_are_refused(tmp_path):
    from openpyxl.utils import get_column_letter

    far = xlsx(tmp_path / "far.xlsx", [HEADER, ["Lantern", "crew", "2", "Draw.", 1]],
               lambda xml: xml.replace(b"</row></sheetData>", b'<c r="XFD2" t="inlineStr"><is><t>x</t></is></c></row></sheetData>'))  # fmt: skip
    with pytest.raises(StudioError, match=f"more than {MAX_COLUMNS} columns \\(its last cell: XFD2\\)"):
        read_table(far, "far.xlsx")
    edge = xlsx(tmp_path / "edge.xlsx", [HEADER + [f"c{k}" for k in range(len(HEADER), MAX_COLUMNS)]])
    assert len(read_table(edge, "edge.xlsx").columns) == MAX_COLUMNS
    over = xlsx(tmp_path / "over.xlsx", [HEADER + [f"c{k}" for k in range(len(HEADER), MAX_COLUMNS + 1)]])
    with pytest.raises(StudioError, match=f"more than {MAX_COLUMNS} columns"):
        read_table(over, "over.xlsx")
    assert get_column_letter(MAX_COLUMNS)
    bomb = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * (MAX_UNPACKED_BYTES + 1))
    with pytest.raises(StudioError, match="unpacks to 268,435,457 bytes"):
        read_table(bomb, "bomb.xlsx")


def test_a_cell_value_the_field_refuses_names_the_column_it_came_from(tmp_path):
    templates = deck(tmp_path)
    text = (templates / "layouts" / "crew.toml").read_text().replace('fill = "#2667d1"', 'fill = "{name}"')
    (templates / "layouts" / "crew.toml").write_text(text)
    refused(build(templates, tmp_path, "sheets"), "cards.csv: row 2", "elements[3].fill (column name)", "is not a colour")


# --- layouts ---------------------------------------------------------------------------------------

LAYOUT_FAULTS = {
    "a box at nan": ("name = [5, 5, 40, 8]", "name = [nan, 5, 40, 8]", "boxes.name", "nan is not a position within 1000 mm"),
    "a box at -inf": ("name = [5, 5, 40, 8]", "name = [5, -inf, 40, 8]", "boxes.name", "is not a position"),
    "a box a kilometre wide": ("name = [5, 5, 40, 8]", "name = [5, 5, 1e6, 8]", "boxes.name", "longer than any piece"),
    "a huge integer": ("name = [5, 5, 40, 8]", f"name = [{10 ** 30}, 5, 40, 8]", "boxes.name", "is not a position"),
    "a dash of a nanometre": ('fill = "#2667d1"', 'stroke = "black"\ndash = [1e-6, 1e-6]', "elements[3].dash", "at least 0.1 mm"),
}  # fmt: skip


@pytest.mark.parametrize("fault", list(LAYOUT_FAULTS))
def test_a_layout_value_out_of_bounds_is_one_line(fault, tmp_path):
    old, new, key, words = LAYOUT_FAULTS[fault]
    templates = deck(tmp_path)
    text = (templates / "layouts" / "crew.toml").read_text()
    assert old in text
    (templates / "layouts" / "crew.toml").write_text(text.replace(old, new, 1))
    refused(build(templates, tmp_path, "sheets"), f"layouts/crew.toml: {key}", words)


def test_positions_and_lengths_at_their_bound_are_taken(tmp_path):
    assert values.position(-values.MAX_REACH_MM, "x") == -1000.0 and values.length(1000, "x") == 1000.0
    with pytest.raises(StudioError):
        values.position(1000.001, "x")
