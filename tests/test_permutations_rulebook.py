"""Permutations' rulebook: the A6 booklet and its reading edition measured, its words read back and
checked against numbers worked out here from the seed, its imposition folded by an oracle, and every
way a build must fail (one line naming file and line or key, nothing written).

Expected values are typed in from seed 004 and design.md, or computed by this file's own oracles;
where a test compares with the engine too, it says so.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest
from conftest import PROJECT, SEEDS, paragraph_runs
from pypdf import PdfReader

from grawlix_print.pieces.faces import FaceStyle
from grawlix_print.errors import StudioError
from grawlix_print.games import game
from grawlix_print.games.permutations import facts as facts_module
from grawlix_print.games.permutations.deck import default_deck
from grawlix_print.games.permutations.scoring import face_up_limit
from grawlix_print.games.permutations.table import SEATINGS, hand_size
from grawlix_print.kit.index import describe
from grawlix_print.products.leaflet.booklet import imposition, padded
from grawlix_print.products.leaflet.build import build_leaflet
from commands import run_here

TEMPLATES = PROJECT / "templates" / "permutations"
MM = 72 / 25.4
A6_MM = (105.0, 148.0)  # ISO 216
SHEET_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

# From seed 004 and design.md, typed in: (seats, cards dealt, hand, pool, dummies) by player count.
TABLE = {2: (4, 48, 11, 4, 2), 3: (4, 48, 11, 4, 1), 4: (5, 50, 9, 5, 1), 5: (5, 50, 9, 5, 0)}
WORDS = {0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 7: "seven", 9: "nine",
         11: "eleven", 12: "twelve", 48: "forty-eight", 50: "fifty"}  # fmt: skip


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The command in this process (commands.run_here), answered as a process would be: the scorer's
    and the leaflet's refusals here would otherwise each start an interpreter."""
    return run_here(*args, cwd=cwd or PROJECT, env={"GRAWLIX_PRINT_SCREENSHOTS": "off"})


def installed(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The command as a user runs it: a process of its own, with a bare environment."""
    return subprocess.run(
        [sys.executable, "-m", "grawlix_print", *args], capture_output=True, text=True, cwd=cwd or PROJECT, check=False,
        env={"PYTHONPATH": str(PROJECT), "GRAWLIX_PRINT_SCREENSHOTS": "off", "PATH": "/usr/bin:/bin"}, timeout=300,
    )  # fmt: skip


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A private copy of the game's templates that a test may edit."""
    folder = tmp_path / "templates"
    shutil.copytree(TEMPLATES, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def line_of(path: Path, words: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if words in line)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Both papers, built once: {paper: (booklet path, reading path, press path)}."""
    result = {}
    for paper in SHEET_MM:
        out = tmp_path_factory.mktemp(f"rulebook-{paper}")
        build_leaflet(game("permutations"), out, paper)
        result[paper] = tuple(out / f"leaflet-{edition}{paper}.pdf" for edition in ("", "reading-", "press-"))
    return result


def reading_text(path: Path) -> list[str]:
    """Each page's words, lines joined by spaces; an icon drawn in the text (no character of the
    font stands under it) is left out."""
    return [" ".join((page.extract_text() or "").replace("\x00", "").split()) for page in PdfReader(path).pages]


# --- sizes and pages -------------------------------------------------------------------------


def test_the_reading_edition_is_one_a6_page_per_page(built):
    reader = PdfReader(built["a4"][1])
    assert len(reader.pages) == 12
    for page in reader.pages:
        width, height = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
        assert (round(width, 2), round(height, 2)) == A6_MM
    titles = [item.title for item in reader.outline if not isinstance(item, list)]
    assert titles[:4] == ["Overview", "Components", "Set-Up", "Playing the Game"]


@pytest.mark.parametrize("paper", SHEET_MM)
def test_the_print_edition_is_two_sided_sheets_of_the_paper(built, paper):
    reader = PdfReader(built[paper][0])
    assert len(reader.pages) == 4  # twelve pages: three folded halves on two sheets, both sides
    for page in reader.pages:
        width, height = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
        assert (round(width, 1), round(height, 1)) == SHEET_MM[paper]


def test_the_text_is_set_in_schola_with_the_fonts_embedded(built):
    fonts = set()
    for page in PdfReader(built["a4"][1]).pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            fonts.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
            assert "/FontFile2" in font.get_object()["/FontDescriptor"] or "/DescendantFonts" in font.get_object()
    assert {"ScholaPnP-Regular", "ScholaPnP-Bold"} <= fonts


# --- the imposition, folded by an oracle ---------------------------------------------------


def quarter_texts(pdf: Path, paper: str) -> dict[tuple[int, int, int], tuple[str, str, str]]:
    """Text in each quarter of each sheet side, read off the rendered page by pdfium:
    (side index, row, column) -> (the whole quarter's text, its top band's, its bottom band's)."""
    width, height = (d * MM for d in SHEET_MM[paper])
    band = 14 * MM
    found = {}
    document = pypdfium2.PdfDocument(str(pdf))
    for index in range(len(document)):
        page = document[index]
        page.render(scale=0.5)  # the page must render; its text is then read where it lies
        text = page.get_textpage()
        for row in (0, 1):
            for column in (0, 1):
                left, right = column * width / 2, (column + 1) * width / 2
                top, bottom = height - row * height / 2, height - (row + 1) * height / 2
                found[(index, row, column)] = (
                    " ".join(text.get_text_bounded(left, bottom, right, top).split()),
                    " ".join(text.get_text_bounded(left, top - band, right, top).split()),
                    " ".join(text.get_text_bounded(left, bottom, right, bottom + band).split()),
                )
    return found


AIDS = {"A Round at a Glance": "aid: glance", "Score Sheet": "aid: score sheet"}
"""The player aids' headings: printed again, unnumbered, on the last sheet's spare half."""


def page_identity(quarter: tuple[str, str, str]) -> str:
    """Which booklet page a quarter shows: cover, back, blank, the number at its foot, or a player aid."""
    whole, top, bottom = quarter
    if not whole:
        return "blank"
    if top.startswith("Version"):
        return "cover"
    if "Contact" in whole:
        return "back"
    number = re.fullmatch(r".*?(\d+)", bottom)
    if number is None:
        heading = next((h for h in AIDS if whole.startswith(h)), None)
        assert heading, f"no page number at the foot of {whole[:60]!r}"
        return AIDS[heading]
    return number.group(1)


def folded(sheets: dict[tuple[int, int, int], str]) -> list[str]:
    """Cut every sheet across the middle, fold each half down the middle with its front outside,
    nest the halves in order (the first outside) and read the booklet from the front.

    Sheets print two-sided, flipped on the long edge: PDF page 2k is sheet k's front, 2k+1 its back,
    each as seen from its own side. A folded half reads: front right, back left, back right, front left.
    """
    halves = []
    for index in range(0, max(i for i, _, _ in sheets) + 1, 2):
        for row in (0, 1):
            front_l, front_r = sheets[(index, row, 0)], sheets[(index, row, 1)]
            back_l, back_r = sheets[(index + 1, row, 0)], sheets[(index + 1, row, 1)]
            printed = {front_l, front_r, back_l, back_r} - {"blank"}
            if printed and not all(p.startswith("aid") for p in printed):  # a half of aids is cut apart
                halves.append((front_r, back_l, back_r, front_l))
    first = [p for half in halves for p in half[:2]]
    second = [p for half in reversed(halves) for p in half[2:]]
    return first + second


@pytest.mark.parametrize("paper", SHEET_MM)
def test_folded_and_cut_the_sheets_read_in_page_order(built, paper):
    quarters = quarter_texts(built[paper][0], paper)
    order = folded({key: page_identity(value) for key, value in quarters.items()})
    assert order == ["cover", *map(str, range(2, 12)), "back"]
    # The kit's index tells a reader to do just what ``folded`` does.
    _, how = describe({"path": f"leaflet/leaflet-{paper}.pdf", "kind": "leaflet-booklet", "params": {"paper": paper}})
    assert "flipping on the long edge" in how and "Cut each sheet across the middle, fold each half" in how
    assert "the first sheet's top half outside, then its bottom half" in how
    # Each page stands upright in its quarter: the cover's version line at the top, numbers at the foot.
    assert sum(top.startswith("Version") for _, top, _ in quarters.values()) == 1


@pytest.mark.parametrize("paper", SHEET_MM)
def test_no_sheet_has_a_blank_half_the_spare_one_holds_two_player_aids(built, paper):
    """Twelve pages fill three halves: the second sheet's lower half holds two loose cards, a round
    at a glance backed (flipped on the long edge: the other column of the same row) by a score sheet."""
    pages = {key: page_identity(value) for key, value in quarter_texts(built[paper][0], paper).items()}
    for index in range(0, max(i for i, _, _ in pages) + 1, 2):
        for row in (0, 1):
            assert any(pages[(side, row, column)] != "blank" for side in (index, index + 1) for column in (0, 1))
    spare = {key: value for key, value in pages.items() if value.startswith("aid")}
    assert spare == {(2, 1, 0): "aid: glance", (2, 1, 1): "aid: glance",
                     (3, 1, 1): "aid: score sheet", (3, 1, 0): "aid: score sheet"}  # fmt: skip
    _, how = describe({"path": f"leaflet/leaflet-{paper}.pdf", "kind": "leaflet-booklet", "params": {"paper": paper}})
    assert "player aids is cut down the middle" in how


PRESS_TRIM_MM = {"a4": (105.0, 148.0), "letter": (107.95, 139.7)}
"""A6, and on Letter the quarter-letter page (4.25 x 5.5 in) the home edition's pages are scaled into."""


@pytest.mark.parametrize("paper", SHEET_MM)
def test_the_press_edition_is_every_page_alone_with_bleed_and_crop_marks(built, paper):
    """For a print shop: one page a page in reading order, trimmed to PRESS_TRIM_MM with 3 mm of
    bleed, crop marks at the four corners outside the bleed, and the same words as the reading edition."""
    _, reading, press = built[paper]
    reader = PdfReader(press)
    assert len(reader.pages) == 12
    width, height = PRESS_TRIM_MM[paper]
    for page in reader.pages:
        trim = [float(v) / MM for v in page.trimbox]
        bleed = [float(v) / MM for v in page.bleedbox]
        media = [float(v) / MM for v in page.mediabox]
        assert trim[2] - trim[0] == pytest.approx(width, abs=0.01) and trim[3] - trim[1] == pytest.approx(height, abs=0.01)
        assert [b - t for b, t in zip(bleed, trim)] == pytest.approx([-3, -3, 3, 3], abs=0.01)
        assert media[0] < bleed[0] - 10 and media[2] > bleed[2] + 10  # room for the marks
    with pdfplumber.open(press) as pdf:
        for page in pdf.pages:
            boxes = reader.pages[page.page_number - 1]
            bx0, by0, bx1, by1 = (float(v) for v in boxes.bleedbox)
            tx0, ty0, tx1, ty1 = (float(v) for v in boxes.trimbox)
            marks = []
            for line in page.lines:  # pdfplumber's top and bottom run down from the page's top
                lx0, lx1, low, high = line["x0"], line["x1"], page.height - line["bottom"], page.height - line["top"]
                inside = lx0 >= tx0 - 0.01 and lx1 <= tx1 + 0.01 and low >= ty0 - 0.01 and high <= ty1 + 0.01
                outside = lx1 <= bx0 or lx0 >= bx1 or high <= by0 or low >= by1
                assert inside or outside, line  # nothing crosses the bleed
                if outside:
                    marks.append(line)
                    near_x = min(abs(lx0 - tx0), abs(lx0 - tx1), abs(lx1 - tx0), abs(lx1 - tx1))
                    near_y = min(abs(low - ty0), abs(low - ty1), abs(high - ty0), abs(high - ty1))
                    assert min(near_x, near_y) < 0.01  # a crop mark lies on the line of a trim edge
            assert len(marks) == 8  # two at each corner
    words = [text.replace(" ", "") for text in reading_text(reading)]
    pressed = [text.replace(" ", "") for text in reading_text(press)]
    for number, (read, printed) in enumerate(zip(words, pressed), 1):
        assert printed.startswith(read[:40]), number
        assert f"Page{number}of12" in printed


def test_player_aids_must_name_pages(copy, tmp_path):
    text = copy / "leaflet.md"
    text.write_text(text.read_text().replace('player_aids = ["glance", "score sheet"]', 'player_aids = ["cheat sheet"]'))
    with pytest.raises(StudioError, match=r"leaflet.md: .*player_aids: no page is called 'cheat sheet'"):
        build_leaflet(game(templates=copy), tmp_path / "out", "a4")
    assert not (tmp_path / "out").exists()


def test_a_page_count_not_a_multiple_of_four_gets_blanks_before_the_back(copy, tmp_path):
    text = copy / "leaflet.md"
    source = text.read_text()
    source = source.replace('player_aids = ["glance", "score sheet"]', 'player_aids = ["score sheet"]')
    start, end = source.index("::: page glance"), source.index("::: page score sheet")
    text.write_text(source[:start] + source[end:])  # eleven pages
    build_leaflet(game(templates=copy), tmp_path, "a4")
    order = folded({k: page_identity(v) for k, v in quarter_texts(tmp_path / "leaflet-a4.pdf", "a4").items()})
    assert order == ["cover", *map(str, range(2, 11)), "blank", "back"]
    assert padded(11) == [*range(10), None, 10]
    # The one aid left (the score sheet) fills the spare half's fronts; its backs stay blank.
    spare = [s for s in imposition(11, (9,)) if s.sheet == 1 and s.row == 1]
    assert sorted((s.side, s.page) for s in spare) == [(0, 9), (0, 9), (1, None), (1, None)]


def test_the_imposition_puts_every_page_once_in_each_side_of_every_half():
    for pages in range(2, 25):
        slots = imposition(pages)
        placed = [s.page for s in slots if s.page is not None]
        assert sorted(placed) == list(range(pages))
        sheets = -(-len(padded(pages)) // 8)
        assert len(slots) == sheets * 8


def test_on_letter_pages_shrink_to_a_quarter_and_keep_their_shape(built):
    """US Letter is too short for two A6 pages: each page is scaled to fit half its height."""
    with pdfplumber.open(built["letter"][0]) as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
    scale = min(215.9 / 2 / 105, 279.4 / 2 / 148)
    assert 0.94 < scale < 0.95
    # The back cover's licence line starts at the page's side margin (9 mm), shrunk by the scale,
    # inside its quarter whose spare width is shared on both sides.
    licence = next(w for w in words if w["text"] == "This")
    expected = (215.9 / 2 - 105 * scale) / 2 + 9 * scale
    assert licence["x0"] / MM == pytest.approx(expected, abs=0.3)


# --- the words, against the seed and the engine -----------------------------------------------


def test_every_number_in_the_text_follows_the_table_and_the_deck(built):
    pages = reading_text(built["a4"][1])
    text = " ".join(pages)
    deck = default_deck()
    # Hand and pool sizes: the seed's (typed in above) and the engine's table agree, and the text says them.
    for players, (seats, cards, hand, pool, dummies) in TABLE.items():
        table = SEATINGS[players]
        assert (table.seats, table.dummies) == (seats, dummies)
        assert hand_size(len(deck.in_play(table.special_cards)), table.seats) == hand
    assert f"with two or three players, deal {WORDS[4]} hands of {WORDS[11]} cards" in text
    assert f"with four or five players, deal {WORDS[5]} hands of {WORDS[9]} cards" in text
    assert f"{WORDS[4]} with two or three players, {WORDS[5]} with four or five. They are the first pool" in text
    assert "Play with two dummies in a two-player game and with one in a three- or four-player game" in text
    # Icon ranges: the seed's, and the deck's.
    assert [(r.icon.value, r.first, r.last) for r in deck.icons] == [("star", 1, 16), ("moon", 17, 32), ("sun", 33, 48)]
    for icon, first, last in (("star", 1, 16), ("moon", 17, 32), ("sun", 33, 48)):
        assert f"a {icon} on cards {first} to {last}" in text
    assert "Forty-eight coloured cards, twelve in each of four colours: red, yellow, green and blue" in text
    assert "from 1 to 48" in text and "A deck of fifty cards" in text
    # Scoring numbers: the seed's.
    assert "Each star scores two points" in text
    assert "scores five points more" in text and "loses five points" in text
    assert "A game lasts three rounds" in text


def test_the_scoring_table_stops_at_the_largest_face_up_set_the_engine_proves(built):
    """Hands of 11 (48 cards, 4 seats) or 9: a face-up set is at most as large as the face-down one,
    so two of them fit in a hand: at most 11 // 2 = 5 (worked out here, not by the engine)."""
    assert face_up_limit(default_deck()) == 11 // 2 == 5
    page = reading_text(built["a4"][1])[6]
    assert "Set size 1 2 3 4 5 Points 1 4 9 16 25" in page
    assert "The table stops at five" in page and "With hands of at most eleven cards" in page


def test_the_worked_example_adds_up_by_hand(built):
    # Ana: 8 27 42 3 12 24 37 20 0. Stars 8 3 12 (3 x 2 = 6); moons 27 24 20 (3, tied with Bo: +5);
    # sets red 8 27 + the 0 = 3 (9), yellow 42 (1), green 3 12 24 37 = 4 face down, blue 20 (1): 11.
    page = reading_text(built["a4"][1])[7]
    assert "Her three stars score 6 points" in page
    assert "Ana scores 22 points for the round: 6 for stars, 11 for colours and 5 for moons" in page


def test_the_cover_title_is_coloured_letter_by_letter_in_the_deck_colours(built):
    """The title's letters are filled in the four card colours, each outlined in the text's near-black."""
    deck = default_deck()
    inks = {tuple(round(c, 2) for c in colour.ink.rgb) for colour in deck.colours}
    with pdfplumber.open(built["a4"][1]) as pdf:
        cover = pdf.pages[0]
        fills = {tuple(round(c, 2) for c in shape["non_stroking_color"]) for shape in cover.curves
                 if shape.get("fill") and shape.get("non_stroking_color") and len(shape["non_stroking_color"]) == 3}
        outlines = [s for s in cover.curves if s.get("stroke") and not s.get("fill")]
    assert inks <= fills
    assert len(outlines) >= 4  # one outline path per line of letters


# --- rules.toml reaches everything ---------------------------------------------------------------


def test_a_moon_bonus_of_seven_reaches_the_text_and_the_scorer(copy, tmp_path):
    edit(copy / "rules.toml", "moon_bonus = 5", "moon_bonus = 7")
    build_leaflet(game(templates=copy), tmp_path, "a4")
    text = " ".join(reading_text(tmp_path / "leaflet-reading-a4.pdf"))
    assert "scores seven points more" in text
    assert "the moon bonus of 7" in text and "Ana scores 24 points for the round: 6 for stars, 11 for colours and 7 for moons" in text
    assert "five points more" not in text
    result = run("score", "--templates", str(copy), str(copy / "examples" / "scoring.toml"), "--json")
    assert result.returncode == 0, result.stderr
    scores = json.loads(result.stdout)
    assert scores["Ana"]["moons"]["bonus"] == 7 and scores["Ana"]["points"] == 24


@pytest.mark.parametrize("value", ["0", "-5", "2.5", '"five"', "true"])
def test_a_rules_value_that_is_not_a_positive_whole_number_is_one_line(copy, tmp_path, value):
    edit(copy / "rules.toml", "moon_bonus = 5", f"moon_bonus = {value}")
    result = run("leaflet", "--templates", str(copy), "-o", str(tmp_path / "out"))
    assert result.returncode == 1
    assert result.stderr.startswith(f"error: {copy / 'rules.toml'}: moon_bonus: must be a positive whole number")
    assert result.stderr.count("\n") == 1
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("line", "value", "most"), [("rounds = 3", 10**9, "100"), ("star_points = 2", 10**22, "1,000")])
def test_a_rules_value_too_large_to_play_is_one_line_not_a_hang(copy, tmp_path, line, value, most):
    """A billion rounds would keep the playtest's first probe game running for days."""
    key = line.split(" = ")[0]
    edit(copy / "rules.toml", line, f"{key} = {value}")
    result = run("playtest", "--templates", str(copy), "--games", "10", "-o", str(tmp_path / "out"))
    assert result.returncode == 1
    assert result.stderr == f"error: {copy / 'rules.toml'}: {key}: must be at most {most}, not {value:,}\n"
    assert not (tmp_path / "out").exists()


def test_an_unknown_or_missing_rules_key_is_one_line(copy):
    edit(copy / "rules.toml", "rounds = 3", "round = 3")
    with pytest.raises(StudioError) as caught:
        game(templates=copy).check()
    assert caught.value.where == f"{copy / 'rules.toml'}: round"


# --- false text fails the build ------------------------------------------------------------------


def test_a_wrong_figure_in_the_example_fails_the_build_naming_the_line(copy, tmp_path):
    text = copy / "leaflet.md"
    edit(text, "Her three reds score 9", "Her three reds score 10")
    edit(text, "red scores 9,", "red scores 10,")
    result = run("leaflet", "--templates", str(copy), "-o", str(tmp_path / "out"))
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    line = line_of(text, "red scores 10")
    assert result.stderr.startswith(f"error: {text}:{line}: the text claims \"scoring Ana: 3 red, red scores 10")
    assert "the scorer finds red scores 9" in result.stderr
    assert not (tmp_path / "out").exists()


def only_problem(templates: Path) -> StudioError:
    """The one problem reading the rulebook finds (it reads on past it, to find any others)."""
    problems = game(templates=templates).rulebook().problems
    assert len(problems) == 1, problems
    return problems[0]


def test_an_example_file_that_no_longer_matches_the_text_fails_the_build(copy):
    edit(copy / "examples" / "scoring.toml", "Ana = [3, 12, 24,", "Ana = [3, 12, 25,")  # a moon becomes a moon...
    edit(copy / "examples" / "scoring.toml", "27, 20, 0, 42]", "27, 5, 0, 42]")  # ...and a moon a star
    problems = game(templates=copy).rulebook().problems  # every claim the new cards make false
    where = f"{copy / 'leaflet.md'}:{line_of(copy / 'leaflet.md', 'Her three stars score')}"
    assert any(p.where == where and "the scorer finds 4 stars" in p.what for p in problems), problems
    assert all(p.where.startswith(f"{copy / 'leaflet.md'}:") and "the scorer finds" in p.what for p in problems)


def test_a_claim_about_play_is_tested_by_the_engine(copy, monkeypatch):
    """If dummies took the highest card, the text's "lowest-numbered card" would be false."""
    from grawlix_print.games.permutations import engine

    monkeypatch.setattr(engine, "dummy_collection", max)
    facts_module._played.cache_clear()
    try:
        problems = game(templates=copy).rulebook().problems
    finally:
        facts_module._played.cache_clear()
    line = line_of(copy / "leaflet.md", "{check engine: dummies collect the lowest card}")
    assert any(p.where == f"{copy / 'leaflet.md'}:{line}" and "a dummy collected" in p.what for p in problems)
    assert all("the engine plays otherwise" in p.what for p in problems), problems  # every claim it breaks


@pytest.mark.parametrize("count", ["1", "6"])
def test_a_player_count_outside_two_to_five_is_one_line(copy, tmp_path, count):
    text = copy / "leaflet.md"
    edit(text, "deal {players.4.hands} hands", f"deal {{players.{count}.hands}} hands")
    result = run("leaflet", "--templates", str(copy), "-o", str(tmp_path / "out"))
    line = line_of(text, f"players.{count}.hands")
    assert result.returncode == 1
    assert result.stderr == f"error: {text}:{line}: Permutations is played by 2, 3, 4 or 5 players, not {count}\n"
    assert not (tmp_path / "out").exists()


def test_a_false_claim_about_the_table_is_one_line(copy):
    edit(copy / "leaflet.md", "{check players 2 and 3: same table}", "{check players 3 and 4: same table}")
    assert "3 players sit 4 seats and 4 players 5" in only_problem(copy).what


def test_an_overfull_page_names_the_page(copy, tmp_path):
    edit(copy / "leaflet.md", "## Overview\n", "## Overview\n\n" + "A sentence that takes up room. " * 120 + "\n\n")
    result = run("leaflet", "--templates", str(copy), "-o", str(tmp_path / "out"))
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    line = line_of(copy / "leaflet.md", "::: page overview")
    assert result.stderr.startswith(f"error: {copy / 'leaflet.md'}:{line}: page overview does not fit on A6 paper: ")
    assert not (tmp_path / "out").exists()


def test_same_bytes_twice(built, tmp_path):
    build_leaflet(game("permutations"), tmp_path, "a4")
    for path in built["a4"]:
        assert (tmp_path / path.name).read_bytes() == path.read_bytes()


# --- the score command ---------------------------------------------------------------------------


ROUND = """\
Ana = [3, 12, 24, 37, 8, 27, 20, 0, 42]
Bo = [1, 19, 2, 18, 34, 17, 33, 45, 49]
Cy = [4, 5, 9, 16, 21, 28, 29, 40, 44]
"""


def test_score_json_against_hand_worked_cases(tmp_path):
    path = tmp_path / "round.toml"
    path.write_text(ROUND)
    result = run("score", "--game", "permutations", str(path), "--json")
    assert result.returncode == 0, result.stderr
    scores = json.loads(result.stdout)  # one object
    assert list(scores) == ["Ana", "Bo", "Cy"]
    # Cy: all blue: 4 5 9 16 stars (8 points), 21 28 29 moons, 40 44 suns; one set of 9, face down: 0.
    assert scores["Cy"]["points"] == 8 + 5  # three moons: tied for the most with Ana and Bo
    assert scores["Cy"]["colours"] == {"sets": {"blue": 9}, "face_down": "blue", "multicoloured_as": None, "points": 0}
    # Ana (see the worked example): 6 + 11 + 5; Bo: stars 1 2 (4), sets red 1 19 (4), yellow 2 18 34 down,
    # green 17 (1), blue 33 45 (4), the 49 none: 9; moons 3: +5.
    assert (scores["Ana"]["points"], scores["Bo"]["points"]) == (22, 18)
    assert scores["Ana"]["colours"]["multicoloured_as"] == "red" and scores["Ana"]["colours"]["face_down"] == "green"
    assert scores["Bo"]["suns"] == {"cards": 3}


def test_score_with_earlier_suns_applies_the_penalty(tmp_path):
    path = tmp_path / "last.toml"
    path.write_text(ROUND + "\n[suns]\nAna = 6\nBo = 2\nCy = 5\n")
    scores = json.loads(run("score", "--game", "permutations", str(path), "--json").stdout)
    # Suns over the game: Ana 6 + 2 = 8, Bo 2 + 3 = 5, Cy 5 + 2 = 7: Ana loses 5.
    assert [scores[s]["suns"]["total"] for s in ("Ana", "Bo", "Cy")] == [8, 5, 7]
    assert [scores[s]["suns"]["penalty"] for s in ("Ana", "Bo", "Cy")] == [5, 0, 0]
    assert scores["Ana"]["points"] == 22 - 5
    text = run("score", "--game", "permutations", str(path)).stdout
    assert "Ana: 17 points" in text and "2, 8 in the game: the most, -5" in text


BAD_SCORES = {
    "unknown card": ("Ana = [3, 50]\n", "Ana: there is no card 50 (the cards are 0 to 49)"),
    "a card held twice": ("Ana = [3, 4]\nBo = [4]\n", "Bo: card 4 is also in Ana's cards"),
    "a seat with no cards": ("Ana = [3]\nBo = []\n", "Bo: no cards: every seat collects one card per auction"),
    "not TOML": ("Ana = [3\n", "not a TOML score file"),
}


@pytest.mark.parametrize("case", BAD_SCORES)
def test_a_bad_score_file_is_one_line(tmp_path, case):
    content, message = BAD_SCORES[case]
    path = tmp_path / "round.toml"
    path.write_text(content)
    result = run("score", "--game", "permutations", str(path), "--json")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith(f"error: {path}: {message}") and result.stderr.count("\n") == 1


def test_a_game_without_a_score_command_refuses_it_in_one_line(tmp_path):
    path = tmp_path / "round.toml"
    path.write_text(ROUND)
    result = run("score", str(path))
    assert result.returncode == 1
    assert result.stderr == "error: grawlix has no score command (its own commands: check, facts)\n"


# --- the web edition, init, all ------------------------------------------------------------------


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    from grawlix_print.products.web.build import build_web

    out = tmp_path_factory.mktemp("web")
    build_web(game("permutations"), out)
    return out


def test_the_web_edition_has_the_same_words_and_pictures(web, built):
    html = (web / "rules.html").read_text()
    markdown = (web / "rules.md").read_text()
    assert html.count("<h1") == 1 and '<h1 id="diagram-title"><svg' in html  # the drawn title is the heading
    assert "font-family:'Schola PnP'" in html  # set in the game's faces
    assert html.count('class="drawn-glyph"') >= 6  # the icons, drawn from the same outlines as in print
    assert 'id="diagram-scoring-ana"' in html and 'id="diagram-scoring-table"' in html
    for name in ("title", "scoring-table", "scoring-ana", "score-sheet"):
        assert f"](diagrams/{name}.svg)" in markdown and (web / "diagrams" / f"{name}.svg").is_file()
    assert markdown.startswith("# ![Permutations")
    assert markdown.count("diagrams/title.svg") == 1  # printed on both covers, shown once
    for words in ("deal four hands of eleven cards", "Ana scores 22 points for the round", "The table stops at five"):
        assert words in markdown and words in html


def test_the_rulebook_is_in_our_own_words(web):
    """No nine words in a row from the designer's rulebook (seed 004), bar the list of the colours."""
    if not SEEDS.is_dir():
        pytest.skip("the seeds are not beside the project")
    seed = "\n\n".join(path.read_text() for path in sorted(SEEDS.glob("004_*.txt")))
    shared = {" ".join(run) for run in paragraph_runs((web / "rules.md").read_text(), 9) & paragraph_runs(seed, 9)}
    assert shared <= {"in each of four colours red yellow green and", "each of four colours red yellow green and blue"}, shared


def test_a_screen_reader_says_the_icons_by_name(web):
    """A drawn icon is labelled star, moon or sun, not left to the character's Unicode name
    ("black star", "last quarter moon", "white sun with rays")."""
    html = (web / "rules.html").read_text()
    labels = re.findall(r'<svg class="drawn-glyph"[^>]*aria-label="([^"]*)"', html)
    assert labels and set(labels) == {"star", "moon", "sun"}
    markdown = (web / "rules.md").read_text()
    assert "(star)" not in markdown  # the Markdown shows the symbol, which has a name of its own


def test_the_web_cards_are_large_enough_to_read_their_corners(web):
    """A card on screen is about 88 CSS px wide (at 44 px its corner numbers were a few pixels tall)."""
    svg = (web / "diagrams" / "scoring-ana.svg").read_text()
    outlines = re.findall(r'<clipPath id="scoring-ana-clip\d+"><path d="([^"]+)"', svg)
    widths = []
    for d in outlines:  # each card is clipped to its own rounded outline (the 0 to its parts too)
        xs = [float(v) for v in re.findall(r"[-\d.]+", d)[0::2]]
        widths.append(max(xs) - min(xs))
    assert len([w for w in widths if 80 <= w <= 100]) >= 9 and max(widths) <= 100, widths


class _Recorder:
    """A Surface that keeps what is drawn inside each ``transformed`` block, in that block's own
    coordinates (rounded), and where the blocks start: how two drawings can be compared."""

    unit_pt = 1.0

    def __init__(self) -> None:
        self.depth, self.blocks, self.origins = 0, [], []

    def shape(self, path, fill=None, pen=None, even_odd=False):
        if self.depth:
            ops = tuple((op[0], *(round(v, 6) for v in op[1:])) for op in path.operations)
            self.blocks[-1].append((ops, fill, pen, even_odd))

    def text(self, *args, **kwargs):
        if self.depth:
            self.blocks[-1].append(("text", args))

    @contextmanager
    def transformed(self, dx=0.0, dy=0.0, angle=0.0, scale=1.0):
        if not self.depth:
            self.blocks.append([])
            self.origins.append((round(dx, 6), round(dy, 6)))
        self.depth += 1
        yield
        self.depth -= 1

    @contextmanager
    def clipped(self, path):
        yield

    def stamp(self, key, reach, draw):
        draw(self)


def test_the_rulebook_cards_are_the_printed_cards(web, built):
    """One drawing of each card: the example's cards in the rulebook are drawn by the very code
    that prints the cards (shape for shape), and the web shows the same picture as the booklet."""
    permutations = game("permutations")
    permutations.rulebook()  # reads the worked examples the text names
    diagram = permutations.text_facts.figure("cards", "scoring Ana", None, 1, "leaflet.md:1")
    figure = diagram.figure
    width = 15.0
    drawn = _Recorder()
    figure.draw(drawn, 0.0, 0.0, width)
    faces = {face.name: face for face in permutations.faces()}
    numbers = [8, 27, 42, 3, 12, 24, 37, 20, 0]
    assert [look.number for look in figure.looks] == numbers and len(drawn.blocks) == len(numbers)
    for number, block in zip(numbers, drawn.blocks):
        printed = _Recorder()
        face = faces[f"card-{number:02d}"]
        face.draw(printed, 0.0, 0.0, width, width * face.height / face.width, FaceStyle())
        assert block == printed.blocks[0], number
    svg = (web / "diagrams" / "scoring-ana.svg").read_text()
    assert svg.count("<path") >= len(numbers) * 10 and "<text" not in svg  # numbers and icons as outlines
    page = reading_text(built["a4"][1])[7]
    assert "In a four-player game, Ana collected these cards" in page and not re.search(r"\b27\b", page)


def test_the_icons_in_the_text_are_the_cards_icons():
    """One drawing of each icon: the star, moon and sun set in running text have the very outline
    the cards print (drawing.icons), only scaled and moved onto the baseline."""
    from grawlix_print.drawing.icons import icon

    glyphs = game("permutations").presentation().running_glyphs
    assert set(glyphs) == {"\u2605", "\u263e", "\u263c"}
    for character, name in zip("\u2605\u263e\u263c", ("star", "moon", "sun")):
        printed = [(x, y) for op in icon(name, 0.0, 0.0, 1.0).operations for x, y in zip(op[1::2], op[2::2])]
        inline = [point for contour in glyphs[character].contours for segment in contour.segments
                  for point in segment.points[1:]]  # fmt: skip
        starts = [c.start for c in glyphs[character].contours]
        assert len(starts) == sum(op[0] == "M" for op in icon(name, 0.0, 0.0, 1.0).operations)

        def normalised(points):
            xs, ys = [x for x, _ in points], [y for _, y in points]
            return sorted((round((x - min(xs)) / (max(ys) - min(ys)), 6), round((y - min(ys)) / (max(ys) - min(ys)), 6))
                          for x, y in points)  # fmt: skip

        assert set(normalised(inline + starts)) == set(normalised(printed)), name


# --- the shipped typeface ------------------------------------------------------------------------

DEBIAN_SCHOLA = Path("/usr/share/texmf/fonts/opentype/public/tex-gyre")


def test_schola_ships_with_its_licence_and_a_notice_of_its_changes():
    from fontTools.ttLib import TTFont

    from grawlix_print.fonts import FONT_DIR, SCHOLA_BOLD, SCHOLA_REGULAR

    assert "LaTeX Project Public License" in (FONT_DIR / "ScholaPnP-GUST-FONT-LICENSE.txt").read_text()
    readme = (FONT_DIR / "ScholaPnP-README.txt").read_text()
    assert "What was changed" in readme and "do not support this version" in " ".join(readme.split())
    for path in (SCHOLA_REGULAR, SCHOLA_BOLD):
        font = TTFont(path)
        assert "glyf" in font and "CFF " not in font  # TrueType outlines: reportlab can embed them
        assert font["name"].getDebugName(1) == "Schola PnP"  # renamed, as the GUST licence asks
        assert "GUST Font License" in font["name"].getDebugName(0)
        assert {ord(c) for c in "Permutations’–×0123456789"} <= set(font.getBestCmap())


@pytest.mark.skipif(not DEBIAN_SCHOLA.is_dir(), reason="Debian's fonts-texgyre is not installed")
def test_the_shipped_schola_is_remade_byte_for_byte_from_tex_gyre():
    from grawlix_print.fonts import SCHOLA_REGULAR
    from grawlix_print.fonts.schola import SOURCES, converted

    source = (DEBIAN_SCHOLA / SOURCES[SCHOLA_REGULAR]).read_bytes()
    assert converted(source, "Regular") == SCHOLA_REGULAR.read_bytes()


def test_the_cover_title_takes_each_letters_colour_from_seed_004():
    """The designer's cover (seed 004, lines 122-134) colours every letter itself: \\cc{permred}{P}...
    Read from the seed, those colours are the cover's, line by line and letter by letter."""
    from grawlix_print.games.permutations.pictures import title_inks

    if not SEEDS.is_dir():
        pytest.skip("the seeds are not beside the project")
    seed = "\n".join(path.read_text() for path in sorted(SEEDS.glob("004_*.txt")))
    lines = [re.findall(r"\\cc\{perm(\w+)\}\{(\w)\}", line) for line in seed.splitlines() if line.startswith("\\cc{")]
    lines = lines[:4]  # the front cover's four lines (the back cover repeats the title)
    assert len(lines) == 4 and all("".join(letter for _, letter in line) == "Permutations" for line in lines)
    deck = default_deck()
    by_name = {colour.name: colour.ink for colour in deck.colours}
    assert title_inks(deck.title, deck) == tuple(tuple(by_name[name] for name, _ in line) for line in lines)
