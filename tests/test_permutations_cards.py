"""Permutations' card sheets, measured in the PDFs' vectors and in renders, not taken from the layout code.

Each card's face and each back begins with a paper-white rectangle as large as
the card and its bleed: pdfplumber reports them (form XObjects included)
unclipped, so their centres are the cards' centres and their sizes the cards'
sizes plus twice the bleed. A back is told from a front by its pattern of
circles (small stroked curves inside it). Cut lines are where the crop marks
point. The expected figures are the brief's: 63.5 x 88.9 mm poker cards, 3 mm
bleed, nine to an A4 or Letter page, a long-edge flip; and the designer's card
file's, measured on it: a frame of 3.9 mm bars, 52 mm down the sides.

pdfplumber takes seconds over a page of backs (it walks every circle of the back
design, once a card), so it reads every page of notes and of fronts but, of the
backs, only pages that stand for the rest (``READ_BACKS``): one layout draws every
sheet. Every page's cards are still counted and placed from the forms it places
(pypdf over the page's own content: quick), and on every page pdfplumber reads,
those forms are exactly the cards it measures there.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pdfplumber
import pypdf
import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.games import game
from pdf_vectors import read_page

PT = 72 / 25.4
CARD = (63.5, 88.9)
BLEED = 3.0
TOL = 0.05
PAGE_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAPER_WHITE = (0.0, 0.0, 0.0, 0.0)
K_ONLY_MARK = (0.0, 0.0, 0.0, 1.0)
DECK = game("permutations").deck


VARIANTS = {
    "a4": (),
    "letter": ("--paper", "letter"),
    "fold": ("--arrangement", "gutter-fold"),
    "letters": ("--markings", "letters", "--paper", "letter", "--no-backs"),
}
READ_BACKS = {"a4": (3, -1), "letter": (3,), "fold": (1, -1), "letters": ()}
"""The pages of backs pdfplumber reads (-1: the last): A4's first sheet stands for the full sheets
and its last for a sheet part full; Letter's first sheet for its own paper; the gutter fold's first
and last pages (fronts and backs side by side on every page). "letters" has no backs."""


def backs_pages(variant: str, count: int) -> set[int]:
    """The pages that hold backs: every second page after the notes' sheet, every page of a fold."""
    if variant == "letters":
        return set()
    return set(range(1, count)) if variant == "fold" else set(range(3, count, 2))


class Pdf:
    """The pages read (by index) of a sheet of ``count`` pages."""

    def __init__(self, pages: dict, count: int) -> None:
        self.pages, self.count = pages, count


def mm(points: float) -> float:
    return points / PT


def build(out: Path, *options: str) -> Path:
    result = CliRunner().invoke(main, ["sheets", "--game", "permutations", "--out", str(out), *options])
    assert result.exit_code == 0, result.output + result.stderr
    (pdf,) = (out / "sheets").glob("*.pdf")
    return pdf


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("cards")
    # Unmarked unless asked: the faces' layout is read here, the default marking in test_colour_blind.py.
    return {name: build(root / name, *options, *(() if "--markings" in options else ("--markings", "none")))
            for name, options in VARIANTS.items()}  # fmt: skip


class Page:
    """What the tests read of one page, read once: pdfplumber walks every ring of every back."""

    def __init__(self, page) -> None:
        self.width, self.height = page.width, page.height
        self.rects = [dict(r) for r in page.rects]
        self.lines = [dict(line) for line in page.lines]
        self.chars = [dict(c) for c in page.chars]
        self.curves = [dict(c) for c in page.curves if c["stroke"] and not c["fill"] and c["width"] < 20]
        # A back's circles: where each small stroked curve's middle lies, in mm (y up).
        self.rings = [(mm((c["x0"] + c["x1"]) / 2), mm(page.height - (c["top"] + c["bottom"]) / 2)) for c in self.curves]
        self.text = page.extract_text() or ""


_READ: dict[Path, Pdf] = {}


def read(path: Path, variant: str) -> Pdf:
    """The pages of notes and fronts, and the backs of ``READ_BACKS``, read once."""
    if path not in _READ:
        with pdfplumber.open(path) as pdf:
            count = len(pdf.pages)
            skipped = backs_pages(variant, count) - {k % count for k in READ_BACKS[variant]}
            _READ[path] = Pdf({k: Page(page) for k, page in enumerate(pdf.pages) if k not in skipped}, count)
    return _READ[path]


def placed_forms(path: Path) -> list[list[tuple[str, tuple[float, float]]]]:
    """Each page's placed forms: the form's name and the centre of the card it draws, in mm. Each
    card's face is a form of its own, every back one shared form, each placed upright at the
    card's lower-left cut corner (which the pages pdfplumber reads confirm). Read from the pages'
    own content, not the forms': quick."""
    reader = pypdf.PdfReader(path)
    pages = []
    for k in range(len(reader.pages)):
        stamps = read_page(reader, k, form_colours=False).stamps
        assert all(abs(s.angle) < 1e-6 and abs(s.scale - PT) < 1e-6 for s in stamps), k
        pages.append([(s.form, (round(mm(s.x) + CARD[0] / 2, 3), round(mm(s.y) + CARD[1] / 2, 3))) for s in stamps])
    return pages


def same(a, b, tol: float = 1e-3) -> bool:
    return a is not None and len(a) == len(b) and all(abs(x - y) < tol for x, y in zip(a, b))


def card_rects(page, colour) -> list[tuple[float, float, float, float]]:
    """Filled rectangles of ``colour`` as large as a card and its bleed, in mm."""
    found = []
    for r in page.rects:
        box = tuple(mm(r[k]) for k in ("x0", "y0", "x1", "y1"))
        w, h = box[2] - box[0], box[3] - box[1]
        if r["fill"] and same(r["non_stroking_color"], colour) and abs(w - CARD[0] - 2 * BLEED) < 0.2 and abs(h - CARD[1] - 2 * BLEED) < 0.2:
            found.append(box)
    return found


def _is_back(page, box) -> bool:
    """Whether a card's box holds a back: the pattern of circles (more than a hundred)."""
    return sum(box[0] < x < box[2] and box[1] < y < box[3] for x, y in page.rings) > 100


def fronts_of(page) -> list[tuple[float, float, float, float]]:
    return [box for box in card_rects(page, PAPER_WHITE) if not _is_back(page, box)]


def backs_of(page) -> list[tuple[float, float, float, float]]:
    return [box for box in card_rects(page, PAPER_WHITE) if _is_back(page, box)]


def centre(box) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def crop_marks(page) -> list[tuple[float, float, float, float]]:
    """The K-only lines: (x0, y0, x1, y1) in mm (y up, as PDF)."""
    height = page.height
    return [
        (mm(line["x0"]), mm(height - line["top"]), mm(line["x1"]), mm(height - line["bottom"]))
        for line in page.lines
        if same(line["stroking_color"], K_ONLY_MARK)
    ]


def cut_lines(page) -> tuple[list[float], list[float]]:
    """x of the vertical cuts and y of the horizontal cuts the crop marks point along."""
    marks = crop_marks(page)
    xs = sorted({round(x0, 3) for x0, y0, x1, y1 in marks if abs(x0 - x1) < 1e-3})
    ys = sorted({round(y0, 3) for x0, y0, x1, y1 in marks if abs(y0 - y1) < 1e-3})
    return xs, ys


def front_pages(pdf) -> list:
    return [p for p in pdf.pages.values() if fronts_of(p)]


# --- sizes and counts ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["a4", "letter", "fold"])
def test_every_card_measures_63_5_by_88_9_mm_on_every_page(built, variant):
    if pdf := read(built[variant], variant):
        pages = [p for p in pdf.pages.values() if card_rects(p, PAPER_WHITE)]  # fronts, and the backs read
        assert pages
        for page in pages:
            xs, ys = cut_lines(page)
            half = mm(page.width) / 2  # a folded page has a block each side of the fold
            widths = {round(b - a, 3) for a, b in itertools.pairwise(xs) if (a < half) == (b < half)}
            heights = {round(b - a, 3) for a, b in itertools.pairwise(ys)}
            assert all(abs(w - CARD[0]) < TOL for w in widths), (variant, widths)
            assert all(abs(h - CARD[1]) < TOL for h in heights), (variant, heights)
            for box in card_rects(page, PAPER_WHITE):
                assert abs(box[2] - box[0] - 2 * BLEED - CARD[0]) < TOL
                assert abs(box[3] - box[1] - 2 * BLEED - CARD[1]) < TOL
                # the card's cut lies exactly on the cut lines the marks show
                assert any(abs(box[0] + BLEED - x) < TOL for x in xs) and any(abs(box[3] - BLEED - y) < TOL for y in ys)


@pytest.mark.parametrize("variant", ["a4", "letter"])
def test_nine_cards_a_page_fifty_fronts_and_as_many_backs(built, variant):
    if pdf := read(built[variant], variant):
        backs_at = backs_pages(variant, pdf.count)
        assert set(pdf.pages) >= set(range(pdf.count)) - backs_at  # every page of notes and fronts read
        counts = [0 if k in backs_at else len(fronts_of(pdf.pages[k])) for k in range(pdf.count)]
        size = (mm(pdf.pages[0].width), mm(pdf.pages[0].height))
    assert size == pytest.approx(PAGE_MM[variant], abs=0.01)
    assert counts[:2] == [0, 0]  # the first sheet: notes and its back
    assert counts[2::2] == [9, 9, 9, 9, 9, 5] and sum(counts) == 50
    # The backs of every page: the forms it places, none of them a face.
    forms = placed_forms(built[variant])
    faces = [name for k in range(pdf.count) if k not in backs_at for name, _ in forms[k]]
    assert len(set(faces)) == len(faces) == 50  # each card's face a form of its own
    assert not set(faces) & {name for k in backs_at for name, _ in forms[k]}
    backs = [len(forms[k]) if k in backs_at else 0 for k in range(pdf.count)]
    assert backs[3::2] == counts[2::2] and sum(backs) == 50
    for k, page in pdf.pages.items():  # where pdfplumber reads a page, the forms are the cards it measures
        measured = sorted(centre(b) for b in (backs_of(page) if k in backs_at else fronts_of(page)))
        assert close(measured, sorted(c for _, c in forms[k])), k
        assert not (fronts_of(page) if k in backs_at else backs_of(page)), k


GUIDE_MM = 2.0  # the guides on the cards' corners, as long as the designer's crosses' arms (1.6 mm), near enough


def outside(mark, boxes) -> bool:
    """Whether a mark keeps more than half a millimetre clear of every card and its bleed."""
    x0, y0, x1, y1 = mark
    return all(max(bx0 - max(x0, x1), min(x0, x1) - bx1, by0 - max(y0, y1), min(y0, y1) - by1) > 0.5
               for bx0, by0, bx1, by1 in boxes)  # fmt: skip


def test_crop_marks_stand_outside_the_cards_and_guides_lie_on_their_cut_lines(built):
    """Every mark is either a crop mark clear of every card and its bleed, or a guide on a front:
    along a cut line, within GUIDE_MM of the corner of a card, never across a card's face."""
    for variant in ("a4", "letter", "fold"):
        if pdf := read(built[variant], variant):
            for page in pdf.pages.values():
                cards = card_rects(page, PAPER_WHITE)
                cuts = [(bx0 + BLEED, by0 + BLEED, bx1 - BLEED, by1 - BLEED) for bx0, by0, bx1, by1 in cards]
                width, height = mm(page.width), mm(page.height)
                for mark in crop_marks(page):
                    x0, y0, x1, y1 = mark
                    assert -1e-6 <= min(x0, x1) and max(x0, x1) <= width + 1e-6 and -1e-6 <= min(y0, y1) <= height
                    if outside(mark, cards):
                        continue
                    corners = [(x, y) for c in cuts for x in (c[0], c[2]) for y in (c[1], c[3])]
                    on_line = any(abs(x0 - x) < TOL and abs(x1 - x) < TOL or abs(y0 - y) < TOL and abs(y1 - y) < TOL
                                  for x, y in corners)  # fmt: skip
                    near = all(min(max(abs(px - x), abs(py - y)) for x, y in corners) <= GUIDE_MM + TOL
                               for px, py in ((x0, y0), (x1, y1)))  # fmt: skip
                    assert on_line and near and fronts_of(page), (variant, mark)


def test_every_cut_line_has_a_mark_at_both_ends(built):
    if pdf := read(built["a4"], "a4"):
        page = pdf.pages[2]
        xs, ys = cut_lines(page)
        marks = [m for m in crop_marks(page) if outside(m, card_rects(page, PAPER_WHITE))]
    assert len(xs) == 4 and len(ys) == 4  # three cards across and down share their cuts
    for x in xs:
        ends = [m for m in marks if abs(m[0] - x) < 1e-3 and abs(m[2] - x) < 1e-3]
        assert len(ends) == 2 and min(ends[0][1], ends[1][1]) < min(ys) < max(ys) < max(ends[0][1], ends[1][1])


HOME_MARGIN_MM = 6.35  # home printers leave 4 to 6.35 mm of the paper's edge unprinted


@pytest.mark.parametrize("variant", ["a4", "letter"])
def test_every_strip_shows_its_cuts_where_a_home_printer_prints(built, variant):
    """Cut every line across: each strip still shows, at its top and its bottom edge, a mark on
    every cut down, and every such mark reaches more than a millimetre inside what a home
    printer prints (on Letter the crop marks above and below the cards cannot)."""
    if pdf := read(built[variant], variant):
        width, height = mm(pdf.pages[0].width), mm(pdf.pages[0].height)
        for page in front_pages(pdf):
            xs, ys = cut_lines(page)
            marks = crop_marks(page)

            def printed(mark) -> bool:
                x0, y0, x1, y1 = mark
                return any(min(px, py, width - px, height - py) > HOME_MARGIN_MM + 1
                           for px, py in ((x0, y0), (x1, y1)))  # fmt: skip

            for lower, upper in itertools.pairwise(ys):  # a strip, between two cuts across
                strip = [c for c in fronts_of(page) if lower - TOL < c[1] + BLEED and c[3] - BLEED < upper + TOL]
                for x in xs:
                    if not any(c[0] + BLEED - TOL <= x <= c[2] - BLEED + TOL for c in strip):
                        continue  # no card of this strip has this cut (a short last row)
                    for edge in (lower, upper):
                        assert any(abs(m[0] - x) < TOL and abs(m[2] - x) < TOL and printed(m)
                                   and min(m[1], m[3]) - TOL <= edge <= max(m[1], m[3]) + TOL
                                   for m in marks), (variant, x, edge)  # fmt: skip


def test_backs_land_behind_their_fronts_after_a_long_edge_flip(built):
    """Measured by pdfplumber on the sheets read (A4's first and last, Letter's first), and on every
    sheet from where its forms stand."""
    for variant in ("a4", "letter"):
        if pdf := read(built[variant], variant):
            width = mm(pdf.pages[0].width)
            sheets = [(pdf.pages[k - 1], pdf.pages[k]) for k in sorted(backs_pages(variant, pdf.count)) if k in pdf.pages]
            assert len(sheets) == len(READ_BACKS[variant])
            for front, back in sheets:
                fronts = sorted(centre(b) for b in fronts_of(front))
                flipped = sorted((round(width - x, 3), round(y, 3)) for x, y in (centre(b) for b in backs_of(back)))
                assert len(fronts) > 0 and close(flipped, fronts)
            forms = placed_forms(built[variant])
            for k in sorted(backs_pages(variant, pdf.count)):
                fronts = sorted(c for _, c in forms[k - 1])
                flipped = sorted((round(width - x, 3), y) for _, (x, y) in forms[k])
                assert len(fronts) > 0 and close(flipped, fronts), k
            # the first sheet's square and targets line up the same way
            first, second = (set(cut(pdf.pages[k])) for k in (0, 1))
            assert {(round(width - x, 2), y) for x, y in first} == second


def close(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    return len(a) == len(b) and all(abs(p - q) < TOL for u, v in zip(a, b) for p, q in zip(u, v))


def cut(page) -> list[tuple[float, float]]:
    """Centres of the small stroked circles (registration targets), rounded."""
    return [(round(x, 2), round(y, 2)) for x, y in page.rings]


def test_gutter_fold_puts_each_back_opposite_its_front(built):
    if pdf := read(built["fold"], "fold"):
        page = pdf.pages[1]
        width = mm(page.width)
        assert width == pytest.approx(297.0)  # landscape A4
        fronts = sorted(centre(b) for b in fronts_of(page))
        backs = sorted((round(width - x, 3), round(y, 3)) for x, y in (centre(b) for b in backs_of(page)))
        assert len(fronts) == 4 and all(x < width / 2 for x, _ in fronts)
        assert close(backs, fronts)
        last = pdf.pages[pdf.count - 1]  # part full: its fronts still face their backs
        fronts = sorted(centre(b) for b in fronts_of(last))
        backs = sorted((round(width - x, 3), round(y, 3)) for x, y in (centre(b) for b in backs_of(last)))
        assert 0 < len(fronts) < 4 and close(backs, fronts)
        for k in (1, pdf.count - 1):  # the forms stand where pdfplumber measures the cards
            measured = sorted(centre(b) for b in card_rects(pdf.pages[k], PAPER_WHITE))
            assert close(measured, sorted(c for _, c in placed_forms(built["fold"])[k])), k
    faces = 0
    for k, page in enumerate(placed_forms(built["fold"])):  # every page: fronts left, each back opposite
        fronts = sorted(c for name, c in page if c[0] < width / 2)
        backs = sorted((round(width - x, 3), y) for name, (x, y) in page if x > width / 2)
        assert close(backs, fronts) and len(fronts) + len(backs) == len(page), k
        assert len({name for name, c in page if c[0] < width / 2}) == len(fronts), k  # each face its own form
        faces += len(fronts)
    assert faces == 50


# --- what a print shop checks -----------------------------------------------------------------


def test_text_is_black_ink_alone_and_colours_are_cmyk(built):
    for variant in ("a4", "letters"):
        if pdf := read(built[variant], variant):
            chars = [c for p in pdf.pages.values() for c in p.chars]
            assert chars
            for c in chars:
                colour = c["non_stroking_color"]
                assert len(colour) == 4 and colour[:3] == (0, 0, 0), (c["text"], colour)
            for page in [pdf.pages[k] for k in range(4)]:
                for item in page.rects + page.curves + page.lines:
                    for key in ("non_stroking_color", "stroking_color"):
                        if item.get(key) is not None and (item["fill"] if key == "non_stroking_color" else item["stroke"]):
                            assert len(item[key]) == 4


def test_trim_and_bleed_boxes_on_every_page(built):
    for variant in ("a4", "letter", "fold"):
        for k, page in enumerate(pypdf.PdfReader(built[variant]).pages):
            media, trim, bleed = (tuple(float(v) for v in box) for box in (page.mediabox, page.trimbox, page.bleedbox))
            assert media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2]
            assert media[1] <= bleed[1] <= trim[1] and trim[3] <= bleed[3] <= media[3]
            if k >= 2 and variant != "fold" or k >= 1 and variant == "fold":
                assert mm(trim[0] - bleed[0]) == pytest.approx(BLEED, abs=0.01)


def test_xmp_metadata_and_the_notes(built):
    reader = pypdf.PdfReader(built["a4"])
    xmp = reader.trailer["/Root"]["/Metadata"].get_object().get_data().decode()
    assert "<dc:title>" in xmp and "Permutations cards" in xmp and "cc:license" in xmp
    if pdf := read(built["a4"], "a4"):
        words = " ".join(pdf.pages[0].text.split())
        back = " ".join(pdf.pages[1].text.split())
    for phrase in ("50 mm", "100 %", "long edge", "200 g/m²", "63.5 mm × 88.9 mm", "9 to a sheet", "3 mm"):
        assert phrase in words, phrase
    assert "50 mm" in back and "behind" in back


# --- the cards' faces ---------------------------------------------------------------------------


def underline_cells(page, cards) -> set[int]:
    """The card numbers on this page with a flat, filled, coloured rectangle under their number
    narrower than a third of the card: the underlines (the frame's top and bottom bars are wider)."""
    found = set()
    for r in page.rects:
        if not r["fill"] or same(r["non_stroking_color"], PAPER_WHITE) or same(r["non_stroking_color"], K_ONLY_MARK):
            continue
        if r["width"] < 3 * r["height"] or mm(r["width"]) > CARD[0] / 3:
            continue  # an underline is a short flat bar (the multicoloured card's stripes stand upright)
        x, y = mm((r["x0"] + r["x1"]) / 2), mm((r["y0"] + r["y1"]) / 2)
        for box, number in cards:
            if box[0] < x < box[2] and box[1] < y < box[3]:
                found.add(number)
    return found


def test_six_and_nine_alone_are_underlined(built):
    numbers = list(DECK.numbers)
    underlined = set()
    if pdf := read(built["a4"], "a4"):
        for k, page in enumerate(front_pages(pdf)):
            boxes = sorted(card_rects(page, PAPER_WHITE), key=lambda b: (-b[3], b[0]))  # row by row from the top
            underlined |= underline_cells(page, list(zip(boxes, numbers[9 * k : 9 * k + 9])))
    assert underlined == {6, 9}


def test_letters_name_each_cards_colour_in_two_corners(built):
    if pdf := read(built["letters"], "letters"):
        for k, page in enumerate(front_pages(pdf)):
            cards = DECK.cards[9 * k : 9 * k + 9]
            expected = sorted(
                letter for card in cards
                for letter in 2 * ([c.letter for c in DECK.colours] if card.multicoloured else [card.colour.letter] if card.colour else [])
            )  # fmt: skip
            assert sorted(c["text"] for c in page.chars) == expected


def test_shapes_tell_the_colours_apart_in_greyscale(tmp_path):
    from grawlix_print.games.permutations import cards as look
    from grawlix_print.pieces.raster import render

    faces = {f.name: f for f in game("permutations").faces()}
    w, h = CARD
    dpi = 200

    def mark(name: str) -> np.ndarray:
        image = np.asarray(render(faces[name], "shapes", dpi=dpi).cut().convert("L"), dtype=float)
        cx = w - look.CORNER * w  # under the icon in the top-right corner
        top, bottom = h - look.CORNER * w - look.ICON * w / 2, h - (look.CORNER + look.CORNER_BOX / 2) * w
        cy, half = (top + bottom) / 2, (top - bottom) / 2 * 0.9
        px = lambda v: int(round(v / 25.4 * dpi))  # noqa: E731
        return image[px(h - cy - half) : px(h - cy + half), px(cx - half) : px(cx + half)]

    red, yellow, green, blue = (mark(f"card-{n:02d}") for n in (1, 2, 3, 4))
    for a, b in itertools.combinations((red, yellow, green, blue), 2):
        assert np.abs(a - b).mean() > 12  # different outlines, not the same shape in other colours
    assert np.abs(red - mark("card-08")).mean() < 1  # two red cards: the same mark
    assert red.min() < 80  # dark ink is there at all


def test_bad_input_is_one_line_and_writes_nothing(tmp_path):
    for options, message in (
        (("--card-size", "200x300"), "does not fit on A4 paper"),
        (("--bleed", "20mm"), "is more than a quarter of the 63.5 mm card"),
        (("--tile-size", "30mm"), "error: --tile-size is for tiles and tokens; permutations has cards (use --card-size)"),
        (("--frame",), "error: --frame is for tiles and tokens; permutations has cards"),
        (("--back-design", "tartan"), "error: --back-design 'tartan' is not one of circles, rings"),
        (("--card-size", "10x20"), "too small"),
    ):
        result = CliRunner().invoke(main, ["sheets", "--game", "permutations", "-o", str(tmp_path / "x"), *options])
        assert result.exit_code == 1 and result.stderr.count("\n") == 1 and message in result.stderr, result.stderr
        assert not (tmp_path / "x" / "sheets").exists() or not any((tmp_path / "x" / "sheets").iterdir())


def test_the_same_inputs_give_the_same_bytes(built, tmp_path):
    again = build(tmp_path, "--paper", "letter", "--markings", "none")
    assert again.read_bytes() == built["letter"].read_bytes()


@pytest.mark.parametrize("variant", ["a4", "letter"])
def test_the_notes_give_every_page_of_fronts_its_true_cut_positions(built, variant):
    """For a mark a printer leaves off, the notes list the cuts in millimetres from the paper's
    left and bottom edges: those of a full page of fronts and of the last one (five cards, two
    rows), each as the page's own marks measure it."""
    import re

    if pdf := read(built[variant], variant):
        words = " ".join(pdf.pages[0].text.split())
        pages = front_pages(pdf)
        full, last = cut_lines(pages[0]), cut_lines(pages[-1])

    def numbers(text: str) -> list[float]:
        return [float(v) for v in re.findall(r"\d+(?:\.\d+)?", text)]

    found = re.search(r"the cuts down lie (.*?) mm from the paper's left edge, the cuts across (.*?) mm from its"
                      r" bottom edge; on the last, of 5 cards, the cuts down lie (.*?) mm from the left edge and"
                      r" the cuts across (.*?) mm from the bottom", words)  # fmt: skip
    assert found, words
    stated = [numbers(found.group(k)) for k in range(1, 5)]
    for said, measured in zip(stated, (*full, *last)):
        assert said == pytest.approx(measured, abs=0.006)
    assert len(stated[3]) == 3 and stated[3] != stated[1]  # two rows on the last page, not three
