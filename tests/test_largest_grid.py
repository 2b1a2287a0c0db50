"""The largest legal grid under the rules' limits, for orders 2 to 8 and limits 2 x 2 to 8 x 8.

Each answer the game states is checked three ways, none of them by its own code:

- its grid, judged by the naive oracle (legal, joined, within the limits), shows
  that many tiles fit;
- where it can be done in a moment, an exhaustive search written for the tests
  (``grid_search``) finds the most tiles itself;
- elsewhere a count shows no grid holds more: a row holds each glyph at most once,
  so at most min(columns, order) tiles, and likewise a column; and there are only
  order x order tiles. The one answer below that count, 34 for six glyphs within
  six rows and six columns, is the literature's: Tarry (1900) showed no 6 x 6
  square holds all 36 (Euler's officers), and a square one tile short would let
  the missing tile in (the argument the rules quote).
"""

from __future__ import annotations

import json
import re
from functools import cache

import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.games.grawlix import proof as search
from grid_search import most_tiles
from oracle import valid_grid
from test_games import tile_set

LIMITS = range(2, 9)
LITERATURE = {(6, 6, 6): 34}
"""Thirty-six officers: no full 6 x 6 square (Tarry), nor one a tile short."""


def counting_bound(order: int, rows: int, columns: int) -> int:
    """No row or column repeats a glyph, and every tile is used once."""
    return min(rows * min(order, columns), columns * min(order, rows), order * order)


def feasible(order: int, rows: int, columns: int) -> bool:
    """Whether the exhaustive search answers within a second or so (measured)."""
    small, large = sorted((rows, columns))
    return order <= 4 or small <= 4 or (small == 5 and large <= 6)


@cache
def square(order: int) -> search.SquareProof:
    return search.prove_square(tile_set(order))


CASES = [(order, rows, columns) for order in range(2, 9) for rows in LIMITS for columns in LIMITS]


@pytest.mark.parametrize("order, rows, columns", CASES)
def test_the_largest_grid_is_the_true_largest(order, rows, columns):
    tiles = tile_set(order)
    proof = search.prove(tiles, rows, columns, square(order))
    grid = proof.grid_tiles(tiles)
    assert len(grid) == proof.max_tiles and len(set(grid.values())) == len(grid)
    assert valid_grid(grid, rows, columns), "the grid shown must be one the rules allow"
    if feasible(order, rows, columns):
        assert proof.max_tiles == most_tiles(order, rows, columns)[0]
    else:
        expected = LITERATURE.get((order, rows, columns), counting_bound(order, rows, columns))
        assert proof.max_tiles == expected
    assert proof.full_grid_possible == (proof.max_tiles == order * order)


def test_the_exhaustive_search_finds_grids_the_oracle_accepts():
    """The tests' own search, checked on its own answers, and against a case worked by hand:
    two glyphs never let three tiles join."""
    for order, rows, columns in [(2, 3, 3), (3, 2, 5), (4, 3, 3), (5, 4, 5)]:
        count, cells = most_tiles(order, rows, columns)
        assert len(cells) == count and valid_grid(_as_tiles(cells, order), rows, columns)
    assert most_tiles(2, 8, 8)[0] == 2 and most_tiles(3, 2, 8)[0] == 6


def _as_tiles(cells: dict, order: int) -> dict:
    tiles = tile_set(order)
    return {location: tiles.tile(glyph, colour) for location, (glyph, colour) in cells.items()}


@pytest.mark.parametrize("order, rows, columns, words", [
    (6, 5, 5, "twenty-five cells"),
    (6, 3, 8, "no row holds more than six tiles"),
    (6, 8, 4, "no column holds more than six tiles"),
    (6, 6, 7, "with a gap in each line, all thirty-six tiles fit"),
    (6, 6, 6, "nor thirty-five"),
    (2, 5, 5, "Any three joined tiles"),
    (5, 7, 7, "all twenty-five tiles"),
])  # fmt: skip
def test_the_reason_follows_the_limits(order, rows, columns, words):
    proof = search.prove(tile_set(order), rows, columns, square(order))
    assert words in proof.why_most
    record = proof.record()
    assert (record["max_rows"], record["max_columns"]) == (rows, columns)
    assert record["full_square_possible"] == (order not in (2, 6))


def _keep_first(path, count: int) -> None:
    """components.toml with only its first ``count`` glyphs and colours."""
    head, *tables = re.split(r"\n(?=\[\[)", path.read_text())
    kept = {"[[glyphs]]": 0, "[[colours]]": 0}
    out = [head]
    for table in tables:
        kind = table.split("\n", 1)[0].strip()
        kept[kind] += 1
        if kept[kind] <= count:
            out.append(table.split("\n#", 1)[0])  # without the comment that leads the next kind
    path.write_text("\n".join(out) + "\n")


def _variant(templates, glyphs: int, rows: int, columns: int) -> None:
    """A templates copy with the first ``glyphs`` glyphs and colours and the given limits."""
    _keep_first(templates / "components.toml", glyphs)
    (templates / "rules.toml").write_text(f"max_rows = {rows}\nmax_columns = {columns}\nhand_size = 2\n")


@pytest.mark.parametrize("glyphs, rows, columns", [(6, 5, 5), (6, 6, 7), (6, 3, 8), (5, 2, 7), (4, 8, 3), (3, 2, 2)])
def test_facts_json_follows_the_rules_toml(templates_copy, glyphs, rows, columns):
    _variant(templates_copy, glyphs, rows, columns)
    result = CliRunner().invoke(main, ["facts", "--json", "--templates", str(templates_copy)])
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert (record["order"], record["max_rows"], record["max_columns"]) == (glyphs, rows, columns)
    grid = {(r, c): (g, k) for r, c, g, k in record["largest_grid"]}
    assert valid_grid(_as_tiles(grid, glyphs), rows, columns) and len(grid) == record["max_tiles"]
    if feasible(glyphs, rows, columns):
        assert record["max_tiles"] == most_tiles(glyphs, rows, columns)[0]
    else:
        assert record["max_tiles"] == counting_bound(glyphs, rows, columns)


def test_every_squares_transversals_at_once_are_each_squares_walk():
    """The exhaustive search finds every reduced square's transversals at once (numpy over the
    permutations); each list is the walk's, in the walk's order (an orthogonal mate is the first
    split found, so the order decides which mate a proof shows). Every square of orders 1 to 5 and
    every 25th of order 6."""
    for n in range(1, 7):
        squares = search.reduced_squares(n)[:: 25 if n == 6 else 1]
        each = search.transversals_of_each(squares, chunk=7)  # chunks that do not divide the squares
        assert each == [search.transversals(square) for square in squares], n
        assert any(each) == (n != 2)  # order 2's one square is cyclic of even order: no transversal
