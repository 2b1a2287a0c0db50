"""Pips keeps grawlix-print's layout-element contract, and a card shows the pips its row asks for,
measured in the card sheet's vectors."""

from __future__ import annotations

import pdfplumber
import pytest

from grawlix_print import build_product
from grawlix_print.drawing.ink import hex_ink
from grawlix_print.errors import StudioError
from grawlix_print.testing import ELEMENT_CHECKS, run_element_check

RED = hex_ink("#a33b20").cmyk  # the sheets print in the press colours
STRENGTHS = {"Ogre": 5, "Goblin": 2, "Ghost": 0}
BOX = (10.0, 60.0, 40.0, 8.0)  # x, y, width, height of the pips' box on a poker card, mm


@pytest.mark.parametrize("check", ELEMENT_CHECKS, ids=lambda check: check.__name__)
def test_contract(check):
    run_element_check("pips", check)


def deck(folder, layout_extra=""):
    """A game of tables: three monsters, each with its strength out of five in pips."""
    (folder / "layouts").mkdir(parents=True)
    (folder / "components.toml").write_text(
        'game = "spreadsheet"\ntitle = "Monsters"\n[colours]\nblood = "#a33b20"\n'
        '[kinds.monsters]\nform = "card"\nsize = "poker"\ntable = "monsters.csv"\nlayout = "monster"\n'
    )
    (folder / "monsters.csv").write_text("name,strength\n" + "".join(f"{n},{s}\n" for n, s in STRENGTHS.items()))
    (folder / "layouts" / "monster.toml").write_text(
        f"[boxes]\nstrength = {list(BOX)}\n"
        '[[elements]]\ntype = "text"\ntext = "{name}"\nbox = "safe"\n'
        f'[[elements]]\ntype = "pips"\nbox = "strength"\nvalue = "{{strength}}"\nmost = 5\nfill = "blood"\n{layout_extra}'
    )
    return folder


def pips_on(sheet):
    """Every pip drawn on the sheet's pages: (page, filled, centre x, centre y, width), in millimetres,
    from the PDF's curves outlined in the pips' colour."""
    mm = 25.4 / 72
    found = []
    with pdfplumber.open(sheet) as pdf:
        for number, page in enumerate(pdf.pages):
            for curve in page.curves:
                stroke = tuple(curve.get("stroking_color") or ())
                if len(stroke) == len(RED) and all(abs(a - b) < 0.002 for a, b in zip(stroke, RED)):
                    found.append((number, bool(curve["fill"]), (curve["x0"] + curve["x1"]) / 2 * mm,
                                  (curve["top"] + curve["bottom"]) / 2 * mm, (curve["x1"] - curve["x0"]) * mm))  # fmt: skip
    return found


def cards(pips):
    """The pips grouped by card (a card's share a page and a row, and lie within its box's width), left to right."""
    found = {}
    for page, filled, x, y, width in pips:
        key = next((k for k in found if k[0] == page and abs(k[2] - y) < 0.01 and abs(k[1] - x) < BOX[2]), (page, x, y))
        found.setdefault(key, []).append((x, filled, width))
    return [sorted(row) for row in found.values()]


SIZE = min(BOX[3], BOX[2] / (5 + 0.25 * 4))
"""A pip's size across: the box's height, or its width shared by five pips and four gaps of a quarter."""
LINE = 0.12
"""The outline's width, in pips: the path runs along its middle, half of it inside."""


def built(tmp_path, extra=""):
    written = build_product("sheets", tmp_path / "out", templates=deck(tmp_path / "monsters", extra), papers=["a4"],
                            markings="none")  # fmt: skip
    return next(item.path for item in written if item.path.name == "monsters-a4.pdf")


def test_each_card_shows_its_strength_in_filled_pips_across_its_box(tmp_path):
    rows = cards(pips_on(built(tmp_path)))
    assert len(rows) == len(STRENGTHS) and all(len(row) == 5 for row in rows)  # five pips a card, filled or not
    assert sorted(sum(filled for _, filled, _ in row) for row in rows) == sorted(STRENGTHS.values())
    for row in rows:
        assert all(abs(width - SIZE * (1 - LINE)) < 0.02 for _, _, width in row)
        assert all(abs((b[0] - a[0]) - SIZE * 1.25) < 0.02 for a, b in zip(row, row[1:]))
        assert abs((row[-1][0] - row[0][0]) - (BOX[2] - SIZE)) < 0.02  # the row spans the box, a pip's width inside
        filled = [f for _, f, _ in row]
        assert filled == sorted(filled, reverse=True)  # the filled ones first


def test_a_strength_out_of_range_is_one_line_naming_the_row_and_column(tmp_path):
    folder = deck(tmp_path / "monsters")
    (folder / "monsters.csv").write_text("name,strength\nTroll,7\n")
    with pytest.raises(StudioError) as raised:
        build_product("sheets", tmp_path / "out", templates=folder, papers=["a4"])
    message = str(raised.value)
    assert "'7' is not a whole number of pips from 0 to 5" in message and "column strength" in message
    assert "monsters.csv" in message and "\n" not in message
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


def test_diamonds_stand_where_circles_do_and_are_as_wide(tmp_path):
    circles = cards(pips_on(built(tmp_path / "circles")))
    diamonds = cards(pips_on(built(tmp_path / "diamonds", 'shape = "diamond"\n')))
    assert len(diamonds) == len(circles)
    for a, b in zip(sorted(circles), sorted(diamonds)):
        assert [(round(x, 2), f) for x, f, _ in a] == [(round(x, 2), f) for x, f, _ in b]
        assert all(abs(w - SIZE * (1 - LINE)) < 0.02 for _, _, w in b)
