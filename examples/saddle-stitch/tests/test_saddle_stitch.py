"""Saddle-stitch keeps grawlix-print's imposition contract, and its sheets, folded as a reader folds
them, read in order: checked against a fold worked out here, leaf by leaf, from the printed folios."""

from __future__ import annotations

import re
from collections import Counter

import pdfplumber
import pytest

from grawlix_print import build_product, game
from grawlix_print.testing import IMPOSITION_CHECKS, imposition_game, run_imposition_check

MM = 25.4 / 72
BODY_POINTS = 9.5
"""The booklet's body text on its A6 page (products/leaflet/booklet.py)."""


@pytest.mark.parametrize("check", IMPOSITION_CHECKS, ids=lambda check: check.__name__)
def test_contract(check):
    run_imposition_check("saddle-stitch", check)


def reading_order(sheets: int) -> dict[tuple[int, int], int]:
    """Which page (from 1) a reader meets on each (side of the PDF, column) once ``sheets`` sheets are
    stacked, the first on top, folded down the middle together with the first sheet's front outside.

    After the fold the leaves run: each sheet's right half, outermost first, then each left half,
    innermost first. A right-half leaf shows its sheet's front first, a left-half leaf its back first.
    The sheet is flipped on its short edge for the back, so behind the front's right half is the back's
    left half, and the other way round."""
    leaves = [(s, "right") for s in range(sheets)] + [(s, "left") for s in reversed(range(sheets))]
    found, number = {}, 1
    for sheet, half in leaves:
        front = (2 * sheet, 1 if half == "right" else 0)
        back = (2 * sheet + 1, 1 - front[1])
        for face in (front, back) if half == "right" else (back, front):
            found[face] = number
            number += 1
    return found


def halves(pdf_path):
    """Each (side, column) of the booklet: the numbers printed in its last tenth (the folio), and its words."""
    found = {}
    with pdfplumber.open(pdf_path) as pdf:
        for side, page in enumerate(pdf.pages):
            for column in (0, 1):
                half = page.crop((column * page.width / 2, 0, (column + 1) * page.width / 2, page.height))
                words = half.extract_words()
                folio = [w["text"] for w in words if w["top"] > page.height * 0.9 and re.fullmatch(r"\d+", w["text"])]
                found[(side, column)] = (folio, [w["text"] for w in words])
    return found


def game_of(tmp_path, extra_pages: int):
    g = imposition_game("saddle-stitch", tmp_path / "templates")
    rules = g.templates / "leaflet.md"
    text = rules.read_text()
    last = text.rindex("::: page")  # extra pages before the back cover
    added = "".join(f"::: page extra-{k}\nAn extra page, the {k}th.\n:::\n\n" for k in range(1, extra_pages + 1))
    rules.write_text(text[:last] + added + text[last:])
    return game(templates=g.templates)  # read again, with its new pages


@pytest.mark.parametrize("extra", [0, 3, 6], ids=lambda n: f"{5 + n} pages")
def test_the_folded_booklet_reads_in_order(tmp_path, extra):
    g = game_of(tmp_path, extra)
    pages = 5 + extra
    written = build_product("leaflet", tmp_path / "out", game=g, papers=["a4"])
    booklet = next(item for item in written if item.kind == "leaflet-saddle")
    found = halves(booklet.path)
    count = -(-pages // 4) * 4  # made up to a multiple of four
    assert booklet.params["pages"] == count and len(found) == count
    order = reading_order(count // 4)
    assert sorted(order) == sorted(found)
    blanks = range(pages, count)  # blanks come before the back cover
    for face, number in order.items():
        folio, words = found[face]
        if number in blanks:
            assert words == [], (face, number, words)
        elif number in (1, count):  # the covers: text, no page number
            assert words and folio == [], (face, number, folio)
        else:
            assert folio == [str(number)], (face, number, folio)
    assert "Night" in found[next(f for f, n in order.items() if n == 1)][1]  # the front cover is the title's


def test_the_pages_are_printed_large(tmp_path):
    """Twice the area: an A6 page on half of A4 turned sideways, its text as much larger (about 1.41 times)."""
    written = build_product("leaflet", tmp_path / "out", game=game_of(tmp_path, 0), papers=["a4", "letter"])
    for paper, scale in (("a4", min(297 / 2 / 105, 210 / 148)), ("letter", min(279.4 / 2 / 105, 215.9 / 148))):
        booklet = next(item for item in written if item.kind == "leaflet-saddle" and item.params["paper"] == paper)
        with pdfplumber.open(booklet.path) as pdf:
            sizes = Counter(round(c["size"], 1) for page in pdf.pages for c in page.chars)
        body = sizes.most_common(1)[0][0]  # the body text's, the size most characters have
        assert abs(body - BODY_POINTS * scale) < 0.2, (paper, body, BODY_POINTS * scale)
