"""Permutations' card sheets, measured in the PDFs' vectors and in renders, not taken from the layout code.

Each card's face begins with a paper-white rectangle as large as the card and
its bleed, and each back with its tinted field: pdfplumber reports both (form
XObjects included) unclipped, so their centres are the cards' centres and their
sizes the cards' sizes plus twice the bleed. Cut lines are where the crop marks
point. The expected figures are the brief's: 63.5 x 88.9 mm poker cards, 3 mm
bleed, nine to an A4 or Letter page, a long-edge flip.
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

PT = 72 / 25.4
CARD = (63.5, 88.9)
BLEED = 3.0
TOL = 0.05
PAGE_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAPER_WHITE = (0.0, 0.0, 0.0, 0.0)
K_ONLY_MARK = (0.0, 0.0, 0.0, 1.0)
DECK = game("permutations").deck


class Pdf:
    def __init__(self, pages: list) -> None:
        self.pages = pages


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
    variants = {
        "a4": (),
        "letter": ("--paper", "letter"),
        "fold": ("--arrangement", "gutter-fold"),
        "letters": ("--markings", "letters", "--paper", "letter", "--no-backs"),
    }
    return {name: build(root / name, *options) for name, options in variants.items()}


class Page:
    """What the tests read of one page, read once: pdfplumber walks every ring of every back."""

    def __init__(self, page) -> None:
        self.width, self.height = page.width, page.height
        self.rects = [dict(r) for r in page.rects]
        self.lines = [dict(line) for line in page.lines]
        self.chars = [dict(c) for c in page.chars]
        self.curves = [dict(c) for c in page.curves if c["stroke"] and not c["fill"] and c["width"] < 20]
        self.text = page.extract_text() or ""


_READ: dict[Path, list[Page]] = {}


def read(path: Path) -> list[Page]:
    if path not in _READ:
        with pdfplumber.open(path) as pdf:
            _READ[path] = [Page(p) for p in pdf.pages]
    return _READ[path]


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


def back_colour(page) -> tuple | None:
    """The back's field colour: the fill of the card-sized rectangles that are not paper white."""
    for r in page.rects:
        w = mm(r["x1"] - r["x0"])
        if r["fill"] and abs(w - CARD[0] - 2 * BLEED) < 0.2 and not same(r["non_stroking_color"], PAPER_WHITE):
            return tuple(r["non_stroking_color"])
    return None


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
    return [p for p in pdf.pages if card_rects(p, PAPER_WHITE)]


# --- sizes and counts ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["a4", "letter", "fold"])
def test_every_card_measures_63_5_by_88_9_mm_on_every_page(built, variant):
    if pdf := Pdf(read(built[variant])):
        pages = [p for p in pdf.pages if card_rects(p, PAPER_WHITE) or (back_colour(p) and card_rects(p, back_colour(p)))]
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
    if pdf := Pdf(read(built[variant])):
        counts = [len(card_rects(p, PAPER_WHITE)) for p in pdf.pages]
        backs = [len(card_rects(p, back_colour(p))) if back_colour(p) else 0 for p in pdf.pages]
        size = (mm(pdf.pages[0].width), mm(pdf.pages[0].height))
    assert size == pytest.approx(PAGE_MM[variant], abs=0.01)
    assert counts[:2] == [0, 0]  # the first sheet: notes and its back
    assert counts[2::2] == [9, 9, 9, 9, 9, 5] and sum(counts) == 50
    assert backs[3::2] == counts[2::2] and sum(backs) == 50


def test_crop_marks_stand_outside_every_card_and_its_bleed(built):
    for variant in ("a4", "letter", "fold"):
        if pdf := Pdf(read(built[variant])):
            for page in pdf.pages:
                cards = card_rects(page, PAPER_WHITE) + (card_rects(page, back_colour(page)) if back_colour(page) else [])
                width, height = mm(page.width), mm(page.height)
                for x0, y0, x1, y1 in crop_marks(page):
                    assert -1e-6 <= min(x0, x1) and max(x0, x1) <= width + 1e-6 and -1e-6 <= min(y0, y1) <= height
                    for bx0, by0, bx1, by1 in cards:  # the box is the card and its bleed
                        apart = max(bx0 - max(x0, x1), min(x0, x1) - bx1, by0 - max(y0, y1), min(y0, y1) - by1)
                        assert apart > 0.5, (variant, (x0, y0, x1, y1))


def test_every_cut_line_has_a_mark_at_both_ends(built):
    if pdf := Pdf(read(built["a4"])):
        page = pdf.pages[2]
        xs, ys = cut_lines(page)
        marks = crop_marks(page)
    assert len(xs) == 4 and len(ys) == 4  # three cards across and down share their cuts
    for x in xs:
        ends = [m for m in marks if abs(m[0] - x) < 1e-3 and abs(m[2] - x) < 1e-3]
        assert len(ends) == 2 and min(ends[0][1], ends[1][1]) < min(ys) < max(ys) < max(ends[0][1], ends[1][1])


def test_backs_land_behind_their_fronts_after_a_long_edge_flip(built):
    for variant in ("a4", "letter"):
        if pdf := Pdf(read(built[variant])):
            width = mm(pdf.pages[0].width)
            for front, back in zip(pdf.pages[2::2], pdf.pages[3::2]):
                fronts = sorted(centre(b) for b in card_rects(front, PAPER_WHITE))
                flipped = sorted((round(width - x, 3), round(y, 3)) for x, y in (centre(b) for b in card_rects(back, back_colour(back))))
                assert len(fronts) > 0 and close(flipped, fronts)
            # the first sheet's square and targets line up the same way
            first, second = (set(cut(pdf.pages[k])) for k in (0, 1))
            assert {(round(width - x, 2), y) for x, y in first} == second


def close(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    return len(a) == len(b) and all(abs(p - q) < TOL for u, v in zip(a, b) for p, q in zip(u, v))


def cut(page) -> list[tuple[float, float]]:
    """Centres of the small stroked circles (registration targets), rounded."""
    return [(round(mm((c["x0"] + c["x1"]) / 2), 2), round(mm(page.height - (c["top"] + c["bottom"]) / 2), 2)) for c in page.curves]


def test_gutter_fold_puts_each_back_opposite_its_front(built):
    if pdf := Pdf(read(built["fold"])):
        page = pdf.pages[1]
        width = mm(page.width)
        assert width == pytest.approx(297.0)  # landscape A4
        fronts = sorted(centre(b) for b in card_rects(page, PAPER_WHITE))
        backs = sorted((round(width - x, 3), round(y, 3)) for x, y in (centre(b) for b in card_rects(page, back_colour(page))))
        assert len(fronts) == 4 and all(x < width / 2 for x, _ in fronts)
        assert close(backs, fronts)
        assert sum(len(card_rects(p, PAPER_WHITE)) for p in pdf.pages) == 50


# --- what a print shop checks -----------------------------------------------------------------


def test_text_is_black_ink_alone_and_colours_are_cmyk(built):
    for variant in ("a4", "letters"):
        if pdf := Pdf(read(built[variant])):
            chars = [c for p in pdf.pages for c in p.chars]
            assert chars
            for c in chars:
                colour = c["non_stroking_color"]
                assert len(colour) == 4 and colour[:3] == (0, 0, 0), (c["text"], colour)
            for page in pdf.pages[:4]:
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
    if pdf := Pdf(read(built["a4"])):
        words = " ".join(pdf.pages[0].text.split())
        back = " ".join(pdf.pages[1].text.split())
    for phrase in ("50 mm", "100 %", "long edge", "200 g/m²", "63.5 mm × 88.9 mm", "9 to a sheet", "3 mm"):
        assert phrase in words, phrase
    assert "50 mm" in back and "behind" in back


# --- the cards' faces ---------------------------------------------------------------------------


def underline_cells(page, cards) -> set[int]:
    """The card numbers on this page with a flat, filled, coloured rectangle under their number:
    the underlines, the only flat plain rectangles a front draws."""
    found = set()
    for r in page.rects:
        if not r["fill"] or same(r["non_stroking_color"], PAPER_WHITE) or r["width"] < 3 * r["height"]:
            continue  # an underline is a flat bar (the multicoloured card's upright stripes are not)
        x, y = mm((r["x0"] + r["x1"]) / 2), mm((r["y0"] + r["y1"]) / 2)
        for box, number in cards:
            if box[0] < x < box[2] and box[1] < y < box[3]:
                found.add(number)
    return found


def test_six_and_nine_alone_are_underlined(built):
    numbers = list(DECK.numbers)
    underlined = set()
    if pdf := Pdf(read(built["a4"])):
        for k, page in enumerate(front_pages(pdf)):
            boxes = sorted(card_rects(page, PAPER_WHITE), key=lambda b: (-b[3], b[0]))  # row by row from the top
            underlined |= underline_cells(page, list(zip(boxes, numbers[9 * k : 9 * k + 9])))
    assert underlined == {6, 9}


def test_letters_name_each_cards_colour_in_two_corners(built):
    if pdf := Pdf(read(built["letters"])):
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
        cx = (look.MARGIN + look.CORNER_WIDTH / 2) * w
        cy = h - look.MARGIN * w - look.INDEX_HEIGHT * w - 0.035 * w - look.MARK * w / 2
        half = look.MARK * w * 0.6
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
        (("--tile-size", "30mm"), "--tile-size is for tile games"),
        (("--card-size", "10x20"), "too small"),
    ):
        result = CliRunner().invoke(main, ["sheets", "--game", "permutations", "-o", str(tmp_path / "x"), *options])
        assert result.exit_code == 1 and result.stderr.count("\n") == 1 and message in result.stderr, result.stderr
        assert not (tmp_path / "x" / "sheets").exists() or not any((tmp_path / "x" / "sheets").iterdir())


def test_the_same_inputs_give_the_same_bytes(built, tmp_path):
    again = build(tmp_path, "--paper", "letter")
    assert again.read_bytes() == built["letter"].read_bytes()
