"""The score pad keeps grawlix-print's product contract, and its grid is the one asked for, measured in
the PDF's vectors and text."""

from __future__ import annotations

import subprocess
import sys

import pdfplumber
import pytest

from grawlix_print import build_product
from grawlix_print.testing import PRODUCT_CHECKS, run_product_check

MM = 25.4 / 72
A4 = (210.0, 297.0)
HOME_PRINTER_EDGE_MM = 6.35
"""The most a home printer leaves blank at a sheet's edge."""


@pytest.mark.parametrize("game", ["permutations", "spreadsheet"])
@pytest.mark.parametrize("check", PRODUCT_CHECKS, ids=lambda check: check.__name__)
def test_contract(check, game):
    run_product_check("score-pad", check, game)


def grid(pdf_path):
    """Each pad on the sheet, top first: its grid's column edges and row edges (mm from the top left),
    and the words in its first column, top to bottom."""
    with pdfplumber.open(pdf_path) as pdf:
        (page,) = pdf.pages
        edges = [e for e in page.edges if e["orientation"] in "vh"]
        words = page.extract_words()
        assert all(HOME_PRINTER_EDGE_MM <= e["x0"] * MM and e["x1"] * MM <= A4[0] - HOME_PRINTER_EDGE_MM
                   for e in edges if e["width"] * MM > 10)  # the grid within what a home printer prints
    pads = []
    for top, bottom in ((0, A4[1] / 2), (A4[1] / 2, A4[1])):
        mine = [e for e in edges if top < e["top"] * MM < bottom and (e["orientation"] == "v" or e["width"] * MM > 20)]
        xs = sorted({round(e["x0"] * MM, 2) for e in mine if e["orientation"] == "v"})
        ys = sorted({round(e["top"] * MM, 2) for e in mine if e["orientation"] == "h"})
        first = sorted((w for w in words if top < w["top"] * MM < bottom and w["x0"] * MM < xs[1]), key=lambda w: w["top"])
        pads.append((xs, ys, [w["text"] for w in first]))
    return pads


def test_a_column_for_each_player_and_a_row_for_each_round(tmp_path):
    written = build_product("score-pad", tmp_path, game="permutations", papers=["a4"], players=4, rounds=6)
    (pdf,) = [item.path for item in written if item.path.suffix == ".pdf"]
    pads = grid(pdf)
    assert len(pads) == 2
    for xs, ys, first in pads:
        assert len(xs) == 2 + 4  # the frame's two sides, and each player's column's left edge
        widths = [b - a for a, b in zip(xs[1:], xs[2:])]
        assert max(widths) - min(widths) < 0.05  # every player's column as wide
        assert len(ys) == 6 + 2 + 1  # the names' row, six rounds, the total: their top and bottom edges
        heights = [b - a for a, b in zip(ys, ys[1:])]
        assert max(heights) - min(heights) < 0.05
        assert first == ["1", "2", "3", "4", "5", "6", "Total"]


def test_by_default_a_column_for_the_most_players_the_game_is_played_by(tmp_path):
    written = build_product("score-pad", tmp_path, game="permutations", papers=["a4"])
    (pdf,) = [item.path for item in written if item.path.suffix == ".pdf"]
    xs, ys, first = grid(pdf)[0]
    assert len(xs) == 2 + 5 and first[-2:] == ["10", "Total"]  # Permutations: two to five players; ten rounds


def test_the_kit_builds_it_with_options_recorded_in_grawlix_toml(tmp_path):
    """Its command and its table of grawlix.toml come from its options dataclass, as a built-in product's do."""
    (tmp_path / "grawlix.toml").write_text('game = "permutations"\n[score-pad]\nrounds = 3\nplayers = 2\n')
    run = subprocess.run([sys.executable, "-m", "grawlix_print", "all", "--only", "score-pad", "--paper", "a4", "-q"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)  # fmt: skip
    assert run.returncode == 0, run.stderr
    xs, ys, first = grid(tmp_path / "output" / "score-pad" / "score-pad-a4.pdf")[0]
    assert len(xs) == 2 + 2 and first == ["1", "2", "3", "Total"]
    index = (tmp_path / "output" / "index.html").read_text()
    assert "A score pad for 2 players and 3 rounds, two to a sheet of A4." in index
