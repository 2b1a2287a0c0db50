"""Placement rules one by one, and the engine against a naive oracle on random grids and games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grawlix_print.games.grawlix.engine import (
    Match,
    Grid,
    IllegalGrid,
    IllegalMove,
    Move,
    Problem,
    Reason,
    random_game,
)
from grawlix_print.games.grawlix.rules import Rules
from tileset import TILE_SET, TILES, tile_from_token

import oracle


def t(token: str):
    return tile_from_token(token)


def grid_with(rules, placements):
    grid = Grid(rules)
    for loc, token in placements:
        grid.place(loc, t(token))
    return grid


def test_rule_1_edge_adjacency(rules):
    grid = grid_with(rules, [((0, 0), "R@")])
    assert grid.is_legal((0, 1), t("B#"))
    assert not grid.is_legal((1, 1), t("B#"))  # only a corner touches
    assert grid.why_not((1, 1), t("B#")).reason is Reason.NOT_JOINED
    assert "edge" in str(grid.why_not((1, 1), t("B#")))


def test_rules_2_and_3_ignore_gaps_in_a_line(rules):
    grid = grid_with(rules, [((0, 0), "R@"), ((1, 0), "B#"), ((1, 1), "G$"), ((1, 2), "Y%")])
    # (0, 2) is in row 0 with R@ two cells away: gaps do not matter.
    assert not grid.is_legal((0, 2), t("V@"))
    assert not grid.is_legal((0, 2), t("R&"))
    assert str(grid.why_not((0, 2), t("V@"))) == "[0, 2]: V@ shares its glyph @ with R@ at [0, 0] in row 0"
    assert "colour red" in grid.why_not((0, 2), t("R&")).rule
    assert grid.is_legal((0, 2), t("O&"))
    # A column, with a gap: (-1, 2) sits two cells above Y%.
    assert grid.why_not((3, 2), t("Y&")) is not None  # not joined, and Y% in column 2
    grid.place((2, 2), t("O&"))
    assert grid.why_not((3, 2), t("Y*")).rule == "Y* shares its colour yellow with Y% at [1, 2] in column 2"


def test_rule_4_span(rules):
    row = ["R@", "O#", "Y$", "G%", "B&", "V*"]
    grid = grid_with(rules, [((0, c), tok) for c, tok in enumerate(row)])
    assert not grid.is_legal((0, 6), t("R#"))
    assert not grid.is_legal((0, -1), t("R#"))
    assert grid.why_not((0, 6), t("R#")).rule == "R# here makes the grid span 7 columns, more than 6"
    assert grid.is_legal((1, 0), t("B#"))


def test_place_raises_with_the_rule(rules):
    grid = grid_with(rules, [((0, 0), "R@")])
    with pytest.raises(IllegalMove, match="shares its colour red"):
        grid.place((0, 1), t("R#"))
    with pytest.raises(IllegalMove, match=r"R@ is already in the grid at \[0, 0\]"):
        grid.place((0, 1), t("R@"))
    with pytest.raises(IllegalMove, match="already holds R@"):
        grid.place((0, 0), t("B#"))
    assert len(grid) == 1


def test_rules_parameters_change_the_span():
    row = [((0, c), tok) for c, tok in enumerate(["R@", "O#", "Y$", "G%"])]
    narrow = grid_with(Rules(TILE_SET, max_rows=6, max_columns=4, hand_size=4), row)
    wide = grid_with(Rules(TILE_SET, max_rows=6, max_columns=5, hand_size=4), row)
    assert (0, 4) not in narrow.legal_locations()
    assert (0, 4) in wide.legal_locations() and wide.is_legal((0, 4), t("B&"))


def test_from_tiles_names_each_kind(rules):
    def reason(tiles):
        with pytest.raises(IllegalGrid) as caught:
            Grid.from_tiles({loc: t(tok) for loc, tok in tiles.items()}, rules)
        return caught.value.problem

    assert reason({(0, 0): "R@", (0, 1): "B@"}) == Problem(
        Reason.SAME_GLYPH, (0, 1), t("B@"), t("R@"), (0, 0), "row 0"
    )
    assert reason({(0, 0): "R@", (1, 0): "R#"}).reason is Reason.SAME_COLOUR
    assert reason({(0, 0): "R@", (2, 2): "B#"}) == Problem(Reason.NOT_JOINED, (2, 2), t("B#"))
    assert reason({(0, 0): "R@", (0, 1): "B#", (1, 1): "R@"}).reason is Reason.IN_GRID
    wide = {(0, c): tok for c, tok in enumerate(["R@", "O#", "Y$", "G%", "B&", "V*"])}
    wide.update({(1, 5): "O$", (1, 6): "B@"})
    assert reason(wide) == Problem(Reason.TOO_MANY_COLUMNS, (1, 6), t("B@"), count=7, limit=6)


# --- the engine against the oracle ------------------------------------------------

SMALL = Rules(TILE_SET, max_rows=3, max_columns=4, hand_size=2)
ORACLE_KIND = {
    Reason.OCCUPIED: "occupied", Reason.IN_GRID: "in grid", Reason.NOT_JOINED: "not joined",
    Reason.TOO_MANY_ROWS: "rows", Reason.TOO_MANY_COLUMNS: "columns",
    Reason.SAME_GLYPH: "glyph", Reason.SAME_COLOUR: "colour",
}  # fmt: skip


def oracle_grid(rng: random.Random, rules: Rules, steps: int) -> dict:
    """A grid grown by random legal placements, chosen by the oracle, not the engine."""
    tiles: dict = {}
    for _ in range(steps):
        locations = oracle.legal_locations(tiles, rules.max_rows, rules.max_columns)
        if not locations:
            break
        loc = rng.choice(locations)
        tiles[loc] = rng.choice(
            [x for x in TILES if oracle.legal_placement(tiles, loc, x, rules.max_rows, rules.max_columns)]
        )
    return tiles


def as_oracle_says(problem: Problem, tiles: dict) -> tuple:
    """The engine's problem as one of the oracle's (kind, detail) pairs, checking its wording."""
    kind = ORACLE_KIND[problem.reason]
    if kind in ("rows", "columns"):
        return kind, problem.count
    if kind in ("glyph", "colour"):
        (row, column), (r, c) = problem.location, problem.other_location
        assert problem.line == (f"row {row}" if r == row else f"column {column}")
        assert problem.other == tiles[(r, c)]
    if kind in ("occupied", "in grid", "glyph", "colour"):
        return kind, problem.other_location
    return kind, None


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 30), st.sampled_from([(6, 6, 4), SMALL]))
def test_every_cell_and_tile_agrees_with_the_oracle(seed, steps, rules):
    rules = rules if isinstance(rules, Rules) else Rules(TILE_SET, *rules)
    tiles = oracle_grid(random.Random(seed), rules, steps)
    grid = Grid.from_tiles(tiles, rules)
    limits = rules.max_rows, rules.max_columns
    assert grid.legal_locations() == oracle.legal_locations(tiles, *limits)
    rows = [r for r, _ in tiles] or [0]
    columns = [c for _, c in tiles] or [0]
    cells = [
        (r, c)
        for r in range(min(rows) - 2, max(rows) + 3)
        for c in range(min(columns) - 2, max(columns) + 3)
    ]
    for loc in cells:
        fitting = set()
        for tile in TILES:
            broken = oracle.broken_rules(tiles, loc, tile, *limits)
            problem = grid.why_not(loc, tile)
            assert grid.is_legal(loc, tile) == (not broken)
            if broken:
                assert as_oracle_says(problem, tiles) in broken, (loc, tile, problem)
            else:
                assert problem is None
                fitting.add(tile)
        allowed = grid.allowed(loc)
        assert set(allowed.tiles) == fitting
        if fitting:
            assert set(allowed.glyphs) >= {x.glyph for x in fitting}
            assert set(allowed.colours) >= {x.colour for x in fitting}


@st.composite
def tile_sets(draw):
    """Tiles on a small table, valid or not: a legal grid, then a few random changes."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    tiles = oracle_grid(rng, SMALL, draw(st.integers(1, 10)))
    for _ in range(draw(st.integers(0, 2))):
        tiles[(rng.randrange(-1, 4), rng.randrange(-1, 5))] = rng.choice(TILES)
    return tiles


@settings(max_examples=80, deadline=None)
@given(tile_sets())
def test_grids_from_tiles_are_checked_as_the_oracle_checks_them(tiles):
    faults = oracle.grid_faults(tiles, SMALL.max_rows, SMALL.max_columns)
    try:
        grid = Grid.from_tiles(tiles, SMALL)
    except IllegalGrid as error:
        assert ORACLE_KIND[error.problem.reason] in faults, (tiles, error.problem)
        assert error.problem.tile == tiles[error.problem.location]
    else:
        assert not faults and grid.tiles() == dict(sorted(tiles.items()))


# --- whole games -------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([(6, 6, 4), (5, 7, 3), (7, 7, 4), (2, 3, 1)]))
def test_random_games_stay_valid_and_end_with_a_stuck_player(seed, params):
    rules = Rules(TILE_SET, *params)
    game = random_game(rules, random.Random(seed))
    tiles = game.grid.tiles()
    assert oracle.valid_grid(tiles, rules.max_rows, rules.max_columns)
    # Replaying the history through the public, checking API accepts every move.
    replay = Grid(rules)
    for move in game.history:
        assert oracle.legal_placement(replay.tiles(), move.location, move.tile, *params[:2])
        replay.place(move.location, move.tile)
    assert game.over
    stuck = game.hand(game.loser)
    assert not any(
        oracle.legal_placement(tiles, loc, tile, rules.max_rows, rules.max_columns)
        for tile in stuck
        for loc in oracle.legal_locations(tiles, rules.max_rows, rules.max_columns)
    )
    # Tiles are conserved: grid + hands + supply = the full set, each once.
    held = [x for h in (0, 1) for x in game.hand(h)]
    assert sorted(x.index for x in [*tiles.values(), *held, *game.supply_tiles()]) == list(range(36))


def play_through_the_public_api(rules: Rules, rng: random.Random) -> list[tuple[int, int, int]]:
    """A random game by draft() and play() alone; the hand sizes (mover's, other's) and supply before each turn."""
    game = Match(rules)
    while game.drafting:
        game.draft(rng.choice(game.supply_tiles()))
    seen = []
    while moves := game.legal_moves():
        seen.append((len(game.hand(game.to_move)), len(game.hand(1 - game.to_move)), len(game.supply_tiles())))
        supply = game.supply_tiles()
        game.play(rng.choice(moves), rng.choice(supply) if supply else None)
    return seen


@pytest.mark.parametrize("hand_size", [1, 2, 3, 4, 5, 6])
def test_hands_hold_hand_size_tiles_while_the_supply_lasts(hand_size):
    rules = Rules(TILE_SET, max_rows=6, max_columns=6, hand_size=hand_size)
    for seed in range(3):
        turns = play_through_the_public_api(rules, random.Random(seed))
        assert turns and turns[0] == (hand_size, hand_size, len(TILES) - 2 * hand_size)
        for played, (mover, other, supply) in enumerate(turns):
            assert mover + other + supply + played == len(TILES)  # no tile lost or made
            if supply:
                assert mover == other == hand_size  # refilled after every play
            else:
                assert 1 <= mover <= hand_size and other <= hand_size


def test_the_draft_alternates_and_stops_at_full_hands(rules):
    game = Match(rules)
    order = [t(x) for x in ["R@", "O@", "Y@", "G@", "B@", "V@", "R#", "O#"]]
    for tile in order:
        assert game.drafting and game.legal_moves() == []
        game.draft(tile)
    assert {x.token for x in game.hand(0)} == {"R@", "Y@", "B@", "R#"}
    assert {x.token for x in game.hand(1)} == {"O@", "G@", "V@", "O#"}
    assert not game.drafting and game.to_move == 0
    with pytest.raises(IllegalMove) as caught:
        game.draft(t("Y#"))
    assert caught.value.problem.reason is Reason.DRAFT_OVER and "4 tiles" in str(caught.value)


@pytest.mark.parametrize(
    "action, reason, words",
    [
        (lambda g: g.draft(t("R@")), Reason.NOT_IN_SUPPLY, "R@ is not in the supply"),
        (lambda g: g.play(Move((0, 0), t("Y@")), t("V*")), Reason.DRAFTING, "each player first drafts 4 tiles"),
    ],
)  # fmt: skip
def test_draft_errors(rules, action, reason, words):
    game = Match(rules)
    game.draft(t("R@"))
    with pytest.raises(IllegalMove) as caught:
        action(game)
    assert caught.value.problem.reason is reason and words in str(caught.value)
    assert game.supply_tiles() == [x for x in TILES if x != t("R@")] and game.hand(0) == [t("R@")]


def drafted(rules) -> Match:
    game = Match(rules)
    for tile in ["R@", "O@", "Y@", "G@", "B@", "V@", "R#", "O#"]:
        game.draft(t(tile))
    return game


@pytest.mark.parametrize(
    "move, refill, reason, words",
    [
        (Move((0, 0), t("O@")), t("V*"), Reason.NOT_IN_HAND, "O@ is not in the hand of player 1"),
        (Move((0, 0), t("R@")), None, Reason.MUST_REFILL, "must be drafted"),
        (Move((0, 0), t("R@")), t("O#"), Reason.NOT_IN_SUPPLY, "O# is not in the supply"),
    ],
)  # fmt: skip
def test_play_errors_change_nothing(rules, move, refill, reason, words):
    game = drafted(rules)
    with pytest.raises(IllegalMove) as caught:
        game.play(move, refill)
    assert caught.value.problem.reason is reason and words in str(caught.value)
    assert len(game.grid) == 0 and game.to_move == 0 and len(game.hand(0)) == 4
    assert len(game.supply_tiles()) == 28


def test_play_refills_and_refuses_an_illegal_placement(rules):
    game = drafted(rules)
    game.play(Move((0, 0), t("R@")), refill=t("V*"))
    assert t("V*") in game.hand(0) and game.to_move == 1
    with pytest.raises(IllegalMove) as caught:
        game.play(Move((0, 1), t("O@")), refill=t("B*"))
    assert caught.value.problem.reason is Reason.SAME_GLYPH
    assert t("B*") in game.supply_tiles() and t("O@") in game.hand(1)
    game.play(Move((0, 1), t("O#")), refill=t("B*"))
    assert len(game.grid) == 2 and game.history == [Move((0, 0), t("R@")), Move((0, 1), t("O#"))]


@pytest.mark.parametrize("values, words", [
    ((0, 6, 4), "max_rows must be a positive integer, not 0"),
    ((6, 6.5, 4), "max_columns must be a positive integer, not 6.5"),
    ((6, 6, True), "hand_size must be a positive integer, not True"),
    ((6, 6, 19), "hand_size 19 needs 38 tiles for two hands, but there are only 36"),
])  # fmt: skip
def test_rules_refuse_what_no_game_could_use(values, words):
    with pytest.raises(ValueError, match=words):
        Rules(TILE_SET, *values)
    assert Rules(TILE_SET, 6, 6, 18).hand_size == 18  # the whole supply in two hands is still a game
