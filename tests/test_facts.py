"""The proven facts: the Latin-square search checked against the literature and brute force.

Known values are typed in from the OEIS (A000315 reduced Latin squares,
A040082 isotopy classes, A003090 main classes, A090741 most transversals)
and Euler's and Tarry's results; the grid the search finds is judged by the
independent oracle.
"""

from __future__ import annotations

import json
from itertools import permutations

import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.games.grawlix import proof as search
from tileset import TILE_SET, TILES

from oracle import valid_grid

REDUCED = {1: 1, 2: 1, 3: 1, 4: 4, 5: 56, 6: 9408}  # OEIS A000315
ISOTOPY = {3: 1, 4: 2, 5: 2, 6: 22}  # OEIS A040082
MAIN = {3: 1, 4: 2, 5: 2, 6: 12}  # OEIS A003090
MOST_TRANSVERSALS = {3: 3, 4: 8, 5: 15, 6: 32}  # OEIS A090741


@pytest.fixture(scope="module")
def proof():
    return search.cached_proof(TILE_SET, 6, 6)


def cyclic(n: int):
    return tuple(tuple((r + c) % n for c in range(n)) for r in range(n))


def brute_transversals(square) -> int:
    """Every way to pick one cell per row in distinct columns with distinct symbols."""
    n = len(square)
    return sum(len({square[r][p[r]] for r in range(n)}) == n for p in permutations(range(n)))


@pytest.mark.parametrize("n", [3, 4, 5])
def test_small_orders_match_the_literature(n):
    squares = search.reduced_squares(n)
    assert len(squares) == REDUCED[n]
    classes = search.classify(squares)
    assert (len(classes.isotopy), len(classes.main)) == (ISOTOPY[n], MAIN[n])
    assert max(len(search.transversals(s)) for s in squares) == MOST_TRANSVERSALS[n]


def test_transversals_agree_with_brute_force():
    for square in search.reduced_squares(5)[:20] + [cyclic(6)]:
        assert len(search.transversals(square)) == brute_transversals(square)


def test_mates_found_where_they_exist():
    """Order 5 (odd cyclic) has a mate; order 6 cyclic has no transversal at all (Euler)."""
    square = cyclic(5)
    mate = search.orthogonal_mate(square)
    pairs = {(square[r][c], mate[r][c]) for r in range(5) for c in range(5)}
    assert len(pairs) == 25
    assert all(len(set(row)) == 5 for row in mate) and all(len({row[c] for row in mate}) == 5 for c in range(5))
    assert search.transversals(cyclic(6)) == [] and search.orthogonal_mate(cyclic(6)) is None


def test_order_six(proof):
    square = proof.square
    assert square.squares_searched == REDUCED[6]
    assert (square.isotopy_classes, square.main_classes) == (ISOTOPY[6], MAIN[6])
    assert len(square.transversals) == MAIN[6] and max(square.transversals) == MOST_TRANSVERSALS[6]
    assert min(square.transversals) == 0  # the cyclic square's class
    assert square.squares_with_mate == 0 and not square.possible and not proof.full_grid_possible  # Tarry, 1900
    assert proof.max_tiles == square.most == 34


def test_the_largest_grid_is_legal_by_the_oracle(proof):
    tiles = proof.grid_tiles(TILE_SET)
    assert len(tiles) == 34 and len(set(tiles.values())) == 34
    assert valid_grid(tiles, 6, 6)
    assert all(0 <= r < 6 and 0 <= c < 6 for r, c in tiles)
    assert set(TILES) - set(tiles.values())  # two tiles left out


def test_facts_json(proof):
    result = CliRunner().invoke(main, ["facts", "--json"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    assert record["max_tiles"] == 34 and record["full_grid_possible"] is False
    assert record["squares_searched"] == 9408 and record["seconds"] >= 0
    assert "35" in record["why_not_one_short"] and record["method"] == "search"
    text = CliRunner().invoke(main, ["facts"]).output
    assert "9,408" in text and "34" in text


@pytest.mark.parametrize(
    ("order", "rows", "seen"),
    [(2, "The one full row holds", "appear once in it"), (3, "The two full rows each hold", "appear two times")],
)
def test_one_short_argument_reads_as_english_at_every_order(order, rows, seen):
    """A two-by-two variant has one full row, not "one full rows" seen "one times"."""
    text = search.why_not_one_short(order)
    assert rows in text and seen in text
    assert f"all {order * order}," in text and "one times" not in text and "one full rows" not in text


def test_facts_takes_its_recorded_options(proof, templates_copy):
    """`[facts] json = true` in grawlix.toml means --json, as a recorded option does for every command."""
    (templates_copy.parent / "grawlix.toml").write_text("[facts]\njson = true\n")
    result = CliRunner().invoke(main, ["facts", "--templates", str(templates_copy)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["max_tiles"] == 34


def test_the_proof_is_cached(proof, tmp_path, monkeypatch):
    monkeypatch.setenv("GRAWLIX_PRINT_CACHE", str(tmp_path))
    calls = []
    monkeypatch.setattr(search, "prove_square", lambda tiles: calls.append("square") or proof.square)
    monkeypatch.setattr(search, "prove", lambda tiles, rows, columns, square: calls.append("grid") or proof)
    first = search.cached_proof(TILE_SET, 6, 6)
    second = search.cached_proof(TILE_SET, 6, 6)
    assert calls == ["square", "grid"] and first == second
    assert sorted(p.name.split("-")[0] for p in tmp_path.iterdir()) == ["proof", "square"]
    search.cached_proof(TILE_SET, 5, 7)  # other limits: the square's answer is read, the grid settled
    assert calls == ["square", "grid", "grid"]


def test_a_cache_that_cannot_be_written_only_costs_time(proof, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("GRAWLIX_PRINT_CACHE", str(blocker / "cache"))
    monkeypatch.setattr(search, "prove_square", lambda tiles: proof.square)
    monkeypatch.setattr(search, "prove", lambda tiles, rows, columns, square: proof)
    assert search.cached_proof(TILE_SET, 6, 6) == proof  # no error: the result is made again next time


def test_the_cache_key_covers_the_engine_that_checks_the_grid():
    names = {path.name for path in search._PROOF_CODE}
    assert {"proof.py", "engine.py", "rules.py", "tiles.py"} <= names
