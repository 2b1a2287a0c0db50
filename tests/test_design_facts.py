"""The facts of design.md, checked against the shipped position files.

Expected values are typed in from the seeds (the TikZ coordinates of the
designer's diagrams and the rules text), not taken from the engine.
"""

from __future__ import annotations

from grawlix_print.games.grawlix.engine import Grid
from tileset import TILES, tile_from_token

from oracle import legal_locations as naive_legal_locations


def tikz_to_location(x: float, y: float) -> tuple[int, int]:
    """Seed 000 draws tiles 0.5 apart: x 0..2.5 is column 0..5, y 0..-2 is row 0..4."""
    return (round(-y / 0.5), round(x / 0.5))


# The dotted squares of Example 2 in seed 000, as \node[vacant] at (x, y).
SEED_VACANT = [
    (0, 0.5), (0.5, 0.5), (2.5, 0.5), (1, 0), (2, 0), (1.5, -0.5), (2, -0.5), (1.5, -1),
    (0, -1), (1, -1), (0, -2), (0.5, -2), (1.5, -2), (2, -2), (2.5, -2), (1, -2.5),
]  # fmt: skip


def test_example_2_counts_and_locations(positions, rules):
    grid = positions["example-2"].grid
    assert len(grid) == 17  # "Seventeen tiles are in the grid."
    expected = sorted(tikz_to_location(x, y) for x, y in SEED_VACANT)
    assert len(expected) == 16  # "one of sixteen possible locations"
    assert grid.legal_locations() == expected
    assert grid.legal_locations() == naive_legal_locations(
        grid.tiles(), rules.max_rows, rules.max_columns
    )
    assert (grid.rows, grid.columns) == (5, 6)


def test_example_2_question_mark(positions):
    position = positions["example-2"]
    assert position.markers["?"] == (-1, 0)
    allowed = position.grid.allowed(position.markers["?"])
    assert [g.symbol for g in allowed.glyphs] == ["#", "%", "&"]
    assert [c.name for c in allowed.colours] == ["red", "yellow", "violet"]
    # Seed 001 printed "#, %, $": the dollar is already in the column (green $).
    assert "$" not in [g.symbol for g in allowed.glyphs]


def test_example_2_exclamation_closed_by_any_tile_at_question_mark(positions):
    position = positions["example-2"]
    grid, question, bang = position.grid, position.markers["?"], position.markers["!"]
    assert bang == (5, 2)
    assert bang in grid.legal_locations()
    fitting = grid.allowed(question).tiles
    assert fitting
    for tile in fitting:
        later = grid.after(question, tile)
        assert later.rows == 6
        assert bang not in later.legal_locations()
        assert bang in grid.closed_by(question, tile)


def test_example_1(positions, rules):
    position = positions["example-1"]
    grid = position.grid
    assert {str(t): loc for loc, t in grid.tiles().items()} == {
        "R&": (0, 0),
        "B#": (0, 1),
        "Y*": (1, 1),
    }
    assert len(grid.legal_locations()) == 7
    assert grid.legal_locations() == naive_legal_locations(
        grid.tiles(), rules.max_rows, rules.max_columns
    )
    allowed = grid.allowed(position.markers["?"])
    assert position.markers["?"] == (1, 0)
    assert [g.symbol for g in allowed.glyphs] == ["@", "#", "$", "%"]
    assert [c.name for c in allowed.colours] == ["orange", "green", "blue", "violet"]


# Seed 000's cover, row by row as its \foreach lines list them.
SEED_COVER = [
    "blue/at violet/ampersand yellow/dollar green/asterisk red/octothorpe orange/percent",
    "orange/asterisk red/dollar violet/at blue/ampersand yellow/percent green/octothorpe",
    "violet/percent blue/octothorpe red/asterisk orange/dollar green/at yellow/ampersand",
    "green/dollar yellow/asterisk blue/percent violet/octothorpe orange/ampersand red/at",
    "red/ampersand green/percent orange/octothorpe yellow/at blue/asterisk",
    "yellow/octothorpe orange/at green/ampersand red/percent",
]
NAMES = {"at": "@", "octothorpe": "#", "dollar": "$", "percent": "%", "ampersand": "&", "asterisk": "*"}


def test_cover_is_the_seed_grid(positions):
    grid = positions["cover"].grid
    expected = {}
    for row, line in enumerate(SEED_COVER):
        for column, item in enumerate(line.split()):
            colour, glyph = item.split("/")
            expected[(row, column)] = tile_from_token(colour[0].upper() + NAMES[glyph])
    assert grid.tiles() == expected
    assert len(grid) == 33
    assert [len(line.split()) for line in SEED_COVER] == [6, 6, 6, 6, 5, 4]


def test_cover_missing_tiles_and_34th(positions):
    grid = positions["cover"].grid
    missing = {t.token for t in TILES if t not in grid.tiles().values()}
    assert missing == {"B$", "V$", "V*"}  # the three tilted tiles under the seed's cover
    violet_dollar = tile_from_token("V$")
    assert grid.is_legal((4, 5), violet_dollar)
    assert len(grid.after((4, 5), violet_dollar)) == 34


def test_empty_grid_takes_any_tile_anywhere(rules):
    grid = Grid(rules)
    assert grid.legal_locations() == [(0, 0)]
    assert all(grid.is_legal((3, -7), t) for t in TILES)
