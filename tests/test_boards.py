"""Boards larger than the paper (issue 36): a toy plug-in (tests/hex_boards) with a 420 x 297 mm map
board printed on both sides and a 200 mm hexagonal board, tiled over A4 and Letter, whole on A3.

What is measured comes from the PDFs' vectors (pdfplumber), not from the code that drew them: each
panel page's drawn outline of the whole piece (a path the panel shows only part of), its marks
(black strokes), its TrimBox (what is cut out) and the footer that names the panel. The panels are
put back together by their outlines; then the registration marks of every seam must meet end to
end, the cut-out parts must cover the piece, and the piece must come out its size.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pdfplumber
import pytest

from plugins import registered

HERE = Path(__file__).resolve().parent
PT = 25.4 / 72
TOL = 0.2
MARGIN = 6.35
"""What a home printer leaves unprinted: no mark, no picture nearer the paper's edge."""
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0)}
BLACK, GREY = (0.0, 0.0, 0.0, 1.0), (0.0, 0.0, 0.0, 0.6)
REGISTRATION_PT = 0.2 / PT


@pytest.fixture(scope="module")
def hex_boards(tmp_path_factory):
    with registered(HERE / "hex_boards", tmp_path_factory.mktemp("hex-boards")) as name:
        yield name


@pytest.fixture(scope="module")
def sheets(hex_boards, tmp_path_factory):
    """The toy's sheets on A4, Letter and A3, by paper: file name -> path."""
    from grawlix_print.games import game
    from grawlix_print.products.sheets.build import build_sheets

    built = {}
    for paper in PAPERS:
        out = tmp_path_factory.mktemp(paper)
        built[paper] = {w.path.name: w.path for w in build_sheets(game(hex_boards), out, paper)}
    return built


def mm(value: float) -> float:
    return value * PT


def segments(page) -> list[tuple[tuple[float, float], tuple[float, float], tuple, float, str]]:
    """Every straight stroked segment on the page, in mm from its lower-left corner, y up, with its
    colour, width (pt) and what it is part of: a line, or a side of a rectangle or polyline."""
    height = float(page.height)
    found = []
    for obj in page.lines + page.rects + page.curves:
        colour = tuple(obj.get("stroking_color") or ())
        if not obj.get("stroke", True) or not colour:
            continue
        points = obj["pts"] if "pts" in obj else [(obj["x0"], obj["top"]), (obj["x1"], obj["bottom"])]
        if obj["object_type"] == "rect":
            x0, top, x1, bottom = obj["x0"], obj["top"], obj["x1"], obj["bottom"]
            points = [(x0, top), (x1, top), (x1, bottom), (x0, bottom), (x0, top)]
        ys = [(mm(x), mm(height - y)) for x, y in points]
        found += [(a, b, colour, round(obj["linewidth"], 3), obj["object_type"]) for a, b in zip(ys, ys[1:])]
    return found


def outline(page, line_mm: float = 0.15) -> list[tuple[float, float]]:
    """The corners of the piece's outline (a grey path: 0.15 mm on a panel, 0.1 mm on a whole sheet), in
    mm on the page."""
    corners = [a for a, b, colour, width, what in segments(page)
               if what != "line" and colour == GREY and abs(mm(width) - line_mm) < 0.01]  # fmt: skip
    assert corners, "no outline on the page"
    unique = []
    for point in corners:
        if all(math.dist(point, other) > 0.05 for other in unique):
            unique.append(point)
    return unique


def box(values) -> tuple[float, float, float, float]:
    return tuple(mm(float(v)) for v in values)  # type: ignore[return-value]


def panels(path: Path) -> dict[str, dict]:
    """Each front panel page: its label, page size, trim box, outline's lower-left corner (where the
    piece's origin lies), registration marks and every stroke."""
    found = {}
    with pdfplumber.open(path) as pdf:
        for number, page in enumerate(pdf.pages):
            text = page.extract_text() or ""
            named = re.search(r"panel ([A-Z])(\d+) of (\d+)", text)
            if named is None:
                continue
            corners = outline(page)
            trim = box(page.page_obj.attrs["TrimBox"])
            found[named.group(1) + named.group(2)] = {
                "page": number, "size": (mm(float(page.width)), mm(float(page.height))), "trim": trim, "bleed": box(page.page_obj.attrs["BleedBox"]),
                "origin": (min(x for x, _ in corners), min(y for _, y in corners)), "corners": corners,
                "marks": [(a, b) for a, b, colour, width, _ in segments(page) if colour == BLACK
                          and abs(width - REGISTRATION_PT) < 0.01],
                "strokes": segments(page), "total": int(named.group(3)),
            }  # fmt: skip
    return found


def in_piece(panel: dict, point: tuple[float, float]) -> tuple[float, float]:
    return (point[0] - panel["origin"][0], point[1] - panel["origin"][1])


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("file, size, count", [("boards", (420.0, 297.0), 4), ("hex-boards", (200.0, 230.94), 2)])
def test_every_panel_fits_the_paper_and_the_panels_make_the_board(sheets, paper, file, size, count):
    found = panels(sheets[paper][f"{file}-{paper}.pdf"])
    assert len(found) == count and all(p["total"] == count for p in found.values())
    width, height = PAPERS[paper]
    for label, panel in found.items():
        page_w, page_h = panel["size"]
        assert sorted((page_w, page_h)) == pytest.approx(sorted((width, height)), abs=0.01)
        # Nothing in the margin a home printer leaves blank: the picture (its BleedBox; what lies beyond
        # it is clipped) and every mark (black strokes: crop and registration marks).
        x0, y0, x1, y1 = panel["bleed"]
        marks = [(a, b) for a, b, colour, width, _ in panel["strokes"]
                 if colour == BLACK and any(abs(mm(width) - w) < 0.005 for w in (0.15, 0.2))]  # fmt: skip
        assert len(marks) >= 8
        for x, y in [(x0, y0), (x1, y1), *(p for mark in marks for p in mark)]:
            assert MARGIN - 0.01 <= x <= page_w - MARGIN + 0.01 and MARGIN - 0.01 <= y <= page_h - MARGIN + 0.01, label
        # The outline is the whole piece's, its size the kind's.
        xs, ys = [x for x, _ in panel["corners"]], [y for _, y in panel["corners"]]
        assert (max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx(size, abs=TOL), label
    # Put back together by their outlines: each panel's cut-out part, in the piece's coordinates.
    cuts = {label: tuple(v - o for v, o in zip(p["trim"], (*p["origin"], *p["origin"]))) for label, p in found.items()}
    rows = sorted({label[0] for label in cuts})
    columns = sorted({int(label[1:]) for label in cuts})
    assert len(rows) * len(columns) == count
    # The parts cover the piece's box: the outer ones reach its edges, neighbours overlap by a glue strip.
    left = [cuts[f"{r}{columns[0]}"][0] for r in rows]
    right = [cuts[f"{r}{columns[-1]}"][2] for r in rows]
    bottom = [cuts[f"{rows[-1]}{c}"][1] for c in columns]
    top = [cuts[f"{rows[0]}{c}"][3] for c in columns]
    assert max(map(abs, left)) < TOL and max(abs(v - size[0]) for v in right) < TOL
    assert max(map(abs, bottom)) < TOL and max(abs(v - size[1]) for v in top) < TOL
    for r in rows:
        for a, b in zip(columns, columns[1:]):
            under, over = cuts[f"{r}{a}"], cuts[f"{r}{b}"]
            assert under[2] - over[0] == pytest.approx(10.0, abs=TOL)  # the glue strip
            seam = over[0]
            assert under[0] < seam < under[2]
            ends = (r == rows[0]) + (r == rows[-1])  # the segment's ends on the piece's edge
            assert_marks_meet(found[f"{r}{a}"], found[f"{r}{b}"], seam, True, size, ends)
    for c in columns:
        for a, b in zip(rows, rows[1:]):
            under, over = cuts[f"{a}{c}"], cuts[f"{b}{c}"]
            assert over[3] - under[1] == pytest.approx(10.0, abs=TOL)
            ends = (c == columns[0]) + (c == columns[-1])
            assert_marks_meet(found[f"{a}{c}"], found[f"{b}{c}"], over[3], False, size, ends)


def assert_marks_meet(under: dict, over: dict, seam: float, vertical: bool, size: tuple[float, float], ends: int) -> None:
    """At each of the seam segment's ``ends`` on the piece's edge, beyond the piece, each panel has a half of a line across the seam: the
    under panel's ends on the seam from its side, the over panel's starts there; in the piece's
    coordinates the two halves meet as one line (within ``TOL``). The under panel also marks the
    seam's line itself there, where the over panel's cut edge goes."""
    along = 0 if vertical else 1  # the coordinate across the seam

    def halves(panel: dict) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        found = []
        for a, b in panel["marks"]:
            a, b = in_piece(panel, a), in_piece(panel, b)
            if abs(a[1 - along] - b[1 - along]) < 1e-3 and min(abs(a[along] - seam), abs(b[along] - seam)) < TOL:
                found.append((a, b))  # perpendicular to the seam, one end on it
        return found

    mine, theirs = halves(under), halves(over)
    assert ends >= 1 and len(mine) == ends and len(theirs) == ends, (mine, theirs)
    for a, b in mine:
        level = a[1 - along]
        assert level < 0 or level > size[1 - along]  # beyond the piece
        match = [m for m in theirs if abs(m[0][1 - along] - level) < TOL]
        assert match, f"no half on the other panel at {level:.2f} mm"
        far_mine = max(a, b, key=lambda p: abs(p[along] - seam))
        far_theirs = max(*match[0], key=lambda p: abs(p[along] - seam))
        assert (far_mine[along] - seam) * (far_theirs[along] - seam) < 0  # from the two sides
    seam_lines = [
        (a, b) for a, b in (tuple(in_piece(under, p) for p in m) for m in under["marks"])
        if abs(a[along] - seam) < TOL and abs(b[along] - seam) < TOL
    ]
    assert len(seam_lines) == ends


def test_a3_prints_the_hexagonal_board_whole_and_tiles_the_map_board(sheets):
    assert not panels(sheets["a3"]["hex-boards-a3.pdf"])  # an ordinary sheet: no panels
    with pdfplumber.open(sheets["a3"]["hex-boards-a3.pdf"]) as pdf:
        assert len(pdf.pages) == 1
        corners = outline(pdf.pages[0], 0.1)
        # A regular pointy-top hexagon 200 mm across its flats, its corners within TOL.
        cx, cy = sum(x for x, _ in corners) / 6, sum(y for _, y in corners) / 6
        r = 200.0 / math.sqrt(3)
        wanted = [(cx + r * math.cos(math.radians(90 + 60 * k)), cy + r * math.sin(math.radians(90 + 60 * k))) for k in range(6)]
        assert all(min(math.dist(w, c) for c in corners) < TOL for w in wanted)
    assert len(panels(sheets["a3"]["boards-a3.pdf"])) == 2


def test_the_first_page_maps_the_panels_and_a_back_registers_panel_by_panel(sheets):
    """The map board is two-sided: the map page's back is blank, and each panel's back follows it, its
    outline and cut the front's mirrored across the page's long-edge flip."""
    path = sheets["a4"]["boards-a4.pdf"]
    with pdfplumber.open(path) as pdf:
        text = pdf.pages[0].extract_text()
        for label in ("A1", "A2", "B1", "B2"):
            assert label in text
        assert "in 4 panels (2 rows of 2)" in " ".join(text.split())
        assert "Glue them in the order A1, A2, B1 and B2" in " ".join(text.split())
        assert (pdf.pages[1].extract_text() or "").strip() == ""  # the map's back
        for front_index in range(2, len(pdf.pages), 2):
            front, back = pdf.pages[front_index], pdf.pages[front_index + 1]
            assert "back" in back.extract_text() and "panel" in front.extract_text()
            w, h = mm(float(front.width)), mm(float(front.height))
            landscape = w > h
            flip = (lambda p: (p[0], h - p[1])) if landscape else (lambda p: (w - p[0], p[1]))
            mirrored = [flip(p) for p in outline(front)]
            assert all(min(math.dist(m, c) for c in outline(back)) < TOL for m in mirrored)
            t = box(front.page_obj.attrs["TrimBox"])
            corners = [flip((t[0], t[1])), flip((t[2], t[3]))]
            tb = box(back.page_obj.attrs["TrimBox"])
            assert sorted(x for x, _ in corners) == pytest.approx([tb[0], tb[2]], abs=TOL)
            assert sorted(y for _, y in corners) == pytest.approx([tb[1], tb[3]], abs=TOL)


def test_a_one_sided_board_has_no_back_page_and_no_two_sided_advice(sheets):
    with pdfplumber.open(sheets["a4"]["hex-boards-a4.pdf"]) as pdf:
        assert len(pdf.pages) == 3  # the map and two panels
        words = " ".join(" ".join(page.extract_text().split()) for page in pdf.pages)
    assert "two-sided" not in words and "back" not in words.replace("background", "")
    assert "printed on one side" in words


# --- folding boards at a print service ----------------------------------------------------------

IN = 25.4


def board_game(hex_boards, size):
    """The toy with its map board made ``size`` (mm), as ``[boards] size`` in a copy of its templates sets it."""
    import shutil
    import tempfile

    from grawlix_print.games import game

    folder = Path(tempfile.mkdtemp()) / "templates"
    shutil.copytree(HERE / "hex_boards" / "hex_boards" / "templates", folder)
    with (folder / "components.toml").open("a") as toml:
        toml.write(f"\n[boards]\nsize = [{size[0]}, {size[1]}]\n")
    return game(hex_boards, folder)


@pytest.mark.parametrize("size, product, pixels", [
    ((18 * IN, 18 * IN), "Quad-Fold Game Board", (5475, 5475)),  # The Game Crafter's template, by hand
    ((18 * IN, 9 * IN), "Bi-Fold Game Board", (2775, 5475)),  # an 18 x 9 in board: the 9 x 18 in image, turned
])  # fmt: skip
def test_a_board_of_a_folding_boards_size_gets_its_image_and_the_guide_names_the_product(hex_boards, tmp_path, size,
                                                                                          product, pixels):  # fmt: skip
    from PIL import Image

    from grawlix_print.products.ondemand.build import build_on_demand

    build_on_demand(board_game(hex_boards, size), tmp_path, ["the-game-crafter"], "none")
    folder = tmp_path / "the-game-crafter"
    images = sorted((folder / "boards").glob("*.png"))
    assert [p.name for p in images] == ["board-spring.png"]  # the face alone: a folding board has one printed side
    with Image.open(images[0]) as image:
        assert image.size == pixels
        if size[0] > size[1]:  # turned a quarter: the grid's plain margins, left and right of the board, lie at
            # the image's top and bottom (a plain band of ground), its rows of cells run down the image's sides
            spring = np.asarray(image.convert("RGB"), dtype=float)
            assert spring[:300].std(axis=(0, 1)).max() < 1.0 and spring[-300:].std(axis=(0, 1)).max() < 1.0
            assert spring[:, 100:400].std(axis=(0, 1)).max() > 10.0
    guide = " ".join(re.sub(r"<[^>]+>", " ", (folder / "GET-IT-PRINTED.html").read_text()).split())
    assert f"add a component: {product} (" in guide and "is printed on one side" in guide
    assert "back (the map board, winter side) is not printed there" in guide  # the back it leaves out, named
    assert "Folding boards" in guide.split("Card stock and finish")[1]


def test_a_board_an_inch_off_a_folding_board_is_one_line_and_nothing_is_written(hex_boards, tmp_path):
    from grawlix_print.errors import StudioError
    from grawlix_print.products.ondemand.build import build_on_demand

    with pytest.raises(StudioError) as refusal:
        build_on_demand(board_game(hex_boards, (450.0, 450.0)), tmp_path / "out", ["the-game-crafter"], "none")
    assert refusal.value.where == "templates/components.toml: boards.size"
    assert "450 x 450 mm, not the 457.2 x 457.2 mm of The Game Crafter's Quad-Fold Game Board (18 x 18 in)" in str(refusal.value)
    assert not (tmp_path / "out").exists()


def test_drivethrucards_gets_swop_and_the_others_fogra39(hex_boards, tmp_path):
    """A service that asks for SWOP gets it (CGATS TR 001, its name in the ICC's registry), not FOGRA39."""
    from pypdf import PdfReader

    from grawlix_print.games import game
    from grawlix_print.products.ondemand.build import build_on_demand
    from pdfx_preflight import preflight

    build_on_demand(game(hex_boards), tmp_path, ["drivethrucards"], "none")
    (pdf,) = (tmp_path / "drivethrucards").glob("*.pdf")
    intent = PdfReader(pdf).trailer["/Root"]["/OutputIntents"][0]
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 001" and "SWOP" in intent["/OutputCondition"]
    assert preflight(pdf) == []
    sheet = next(p for p in sheets_of(hex_boards, tmp_path / "sheets") if p.name == "weather-a4.pdf")
    assert PdfReader(sheet).trailer["/Root"]["/OutputIntents"][0]["/OutputConditionIdentifier"] == "FOGRA39"


def sheets_of(name, out):
    from grawlix_print.games import game
    from grawlix_print.products.sheets.build import build_sheets

    return [w.path for w in build_sheets(game(name), out, "a4", kinds=["weather"])]


# --- the whole kit, and bad input ---------------------------------------------------------------


def templates_with(tmp_path: Path, toml: str) -> Path:
    """A copy of the toy's templates with ``toml`` added to its components.toml."""
    import shutil

    folder = tmp_path / "templates"
    shutil.copytree(HERE / "hex_boards" / "hex_boards" / "templates", folder)
    with (folder / "components.toml").open("a") as file:
        file.write(toml)
    return folder


@pytest.mark.parametrize("toml, where, what", [
    ("\n[boards]\nsize = [1300, 900]\n", "components.toml: boards.size",
     # A4 landscape leaves 272.3 x 178.3 mm for a panel's picture; with 2 mm of bleed and 10 mm strips
     # 1300 mm takes 5 columns and 900 mm 6 rows (portrait: 8 x 4)
     "the board, 1300 x 900 mm, would take 30 panels of A4 (at most 16): print it on a larger paper (--paper a3)"),
    ("\n[boards]\nseams = [[500], []]\n", "components.toml: boards.seams",
     "the board: a seam 500 mm from the left edge falls outside the piece (0 to 420 mm)"),
    ("\n[boards]\nseams = [[60, 405], [100]]\n", "components.toml: boards.seams",
     "the board: the seams named leave a panel 15 mm across (at least 20 mm)"),
    ("\n[boards]\nseams = [[60, 400], [100]]\n", "components.toml: boards.seams",
     "the board: the seams named leave a panel larger than a page of A4 holds (between two seams at most 171.3 x"
     " 251.3 mm of it, the page upright, or 258.3 x 164.3 mm, turned)"),
])  # fmt: skip
def test_a_board_that_cannot_be_tiled_is_one_line_naming_kind_file_and_key(hex_boards, tmp_path, toml, where, what):
    from commands import refused, run_here

    templates = templates_with(tmp_path, toml)
    result = run_here("sheets", "--templates", str(templates), "-o", str(tmp_path / "out"))
    line = refused(result, where, what)
    assert line.startswith(f"error: templates/{where}: {what}"), line  # the toy names its file so
    assert not (tmp_path / "out").exists()


def test_an_unknown_paper_is_one_line(hex_boards, tmp_path):
    from commands import refused, run_here

    refused(run_here("sheets", "--game", hex_boards, "--paper", "a2", "-o", str(tmp_path / "out")),
            "--paper 'a2' is not one of a4, letter, a3, tabloid, all")  # fmt: skip
    assert not (tmp_path / "out").exists()


@pytest.fixture(scope="module")
def kit(hex_boards, tmp_path_factory) -> Path:
    """`all` of the toy on A4: every product it is offered (3D where CadQuery is installed)."""
    from commands import run_here

    out = tmp_path_factory.mktemp("kit") / "kit"
    result = run_here("all", "--game", hex_boards, "--paper", "a4", "-q", "-o", str(out))
    assert result.returncode == 0, result.stderr
    return out


def test_the_whole_kit_has_every_product_and_no_box_for_the_boards(kit):
    """`all` on A4: the leaflet (its figure the hex board's grid), sheets (the boards in panels), images
    and Tabletop Simulator, print-on-demand, the web edition, 3D for the terrain tiles, and boxes for
    the cards, tiles and the die only."""
    import json

    from conftest import HAS_3D

    files = {entry["path"] for entry in json.loads((kit / "manifest.json").read_text())["files"]}
    for folder in ("leaflet", "sheets", "images", "print-on-demand", "web", "boxes", *(("3d",) if HAS_3D else ())):
        assert any(path.startswith(f"{folder}/") for path in files), folder
    assert {p for p in files if p.startswith("boxes/") and p.endswith(".pdf")} == {
        "boxes/weather-box-a4.pdf", "boxes/terrain-box-a4.pdf", "boxes/dice-box-a4.pdf"}  # fmt: skip
    assert {"sheets/boards-a4.pdf", "sheets/hex-boards-a4.pdf"} <= files
    assert not any("stickers-boards" in p or "stickers-hex" in p for p in files)  # a board has no stickers


# --- every product's sentences about a kind --------------------------------------------------------

KINDS = {"board": ("boards", 1), "hex board": ("hex boards", 1), "weather card": ("weather cards", 7),
         "terrain tile": ("terrain tiles", 2), "die": ("dice", 1)}  # fmt: skip
"""The toy's kinds as English says them (written out here), and how many of each a set holds."""
NUMBERS = {"no": 0, "one": 1, "two": 2, "seven": 7, "both": 2}


def kit_text(kit: Path) -> dict[str, str]:
    """Every sentence the kit writes, by file: PDFs' text, web pages', the notes, Tabletop Simulator's
    names and descriptions; whitespace made single spaces (a notes line may break anywhere)."""
    import html
    import json

    found = {}
    for path in sorted(kit.rglob("*")):
        if path.suffix == ".pdf":
            with pdfplumber.open(path) as pdf:
                text = " ".join(page.extract_text() or "" for page in pdf.pages[:6])
        elif path.suffix in (".html", ".md", ".txt"):
            text = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<style.*?</style>", " ", path.read_text(), flags=re.S)))
        elif path.suffix == ".json" and path.parent.name == "tts":
            data = json.loads(path.read_text())
            text = " ".join(str(v) for v in _strings(data, ("Nickname", "Description")))
        else:
            continue
        found[str(path.relative_to(kit))] = " ".join(text.split())
    return found


def _strings(data, keys):
    if isinstance(data, dict):
        for key, value in data.items():
            if key in keys and isinstance(value, str):
                yield value
            else:
                yield from _strings(value, keys)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value, keys)


def wording_faults(text: str) -> list[str]:
    """What reads wrong in ``text`` about the toy's kinds, by English's rules, not the studio's:
    a count of a kind in the wrong number ("1 boards", "7 weather card"), "the 1 ...", the kind's
    file name used as its plural ("the 7 weather"), a plural made by adding an s ("dies",
    "weather cardss"), a stack counted wrong, inches said twice."""
    faults = []
    names = "|".join(sorted({re.escape(w) for s, (p, _) in KINDS.items() for w in (s, p)}, key=len, reverse=True))
    for match in re.finditer(rf"\b(\d+|no|one|two|seven|both) ({names})\b", text):
        number, noun = match.group(1), match.group(2)
        count = int(number) if number.isdigit() else NUMBERS[number]
        plural = noun in {p for p, _ in KINDS.values()}
        if plural == (count == 1) or (noun == "die" and count != 1):
            faults.append(match.group(0))
    faults += re.findall(rf"\bthe 1 (?:{names})\b", text)
    faults += re.findall(r"(?<![\w/-])(?:weather|terrain)(?![\w/.-])(?! (?:cards?|tiles?)\b)[^.;:]{0,20}", text)
    faults += re.findall(r"\b(?:boardss|dices|dies|weather cardss|terrain tiless|1 stacks|stacks? of up to 1\b)", text)
    faults += re.findall(r"\(\d+(?:\.\d+)? x \d+(?:\.\d+)? in\) \(\d", text)
    faults += re.findall(r"\b(?:its|the) (?:board|hex board|die) are\b", text)
    return faults


@pytest.mark.parametrize("sentence, fault", [
    ("the 1 boards", "1 boards"), ("in 1 stacks of up to 7", "1 stacks"), ("its terrain are hexagons", "terrain"),
    ("7 weather in a deck, the 20 weather", "weather"), ("Poker size (2.5 x 3.5 in) (2.5 x 3.5 in)", "in) (2"),
    ("1 dice", "1 dice"), ("seven weather card", "seven weather card"), ("two dies", "dies"),
])  # fmt: skip
def test_the_wording_oracle_finds_the_sentences_the_issue_found(sentence, fault):
    assert any(fault in found for found in wording_faults(sentence)), wording_faults(sentence)


def test_every_products_sentences_about_a_kind_read_right(kit):
    """Sheets' notes, boxes, images and Tabletop Simulator, print-on-demand guides, 3D notes, the leaflet,
    the web edition and the kit's index: no count of a kind in the wrong number anywhere, and each
    product says its kinds' counts as English does."""
    texts = kit_text(kit)
    faults = {path: wording_faults(text) for path, text in texts.items()}
    assert not {path: found for path, found in faults.items() if found}
    everything = " ".join(texts.values())
    for wanted in ("7 weather cards", "the 7 weather cards", "the 2 terrain tiles", "the board", "the die",
                   "1 die", "Tuck box for the 7 weather cards", "Tray and lid for the die"):  # fmt: skip
        assert wanted in everything, wanted
    products = {path.split("/")[0] for path in texts}
    assert {"sheets", "boxes", "images", "print-on-demand", "leaflet", "web", "index.html"} <= products
