"""Placement rules one by one, and the engine against a naive oracle on random grids."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grawlix_print.game.engine import Game, Grid, IllegalPlacement, Move, problems, random_game
from grawlix_print.game.rules import Rules
from grawlix_print.tile.identity import TILES, tile_from_token

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
    assert "edge" in grid.why_not((1, 1), t("B#"))


def test_rules_2_and_3_ignore_gaps_in_a_line(rules):
    grid = grid_with(rules, [((0, 0), "R@"), ((1, 0), "B#"), ((1, 1), "G$"), ((1, 2), "Y%")])
    # (0, 2) is in row 0 with R@ two cells away: gaps do not matter.
    assert not grid.is_legal((0, 2), t("V@"))
    assert not grid.is_legal((0, 2), t("R&"))
    assert "glyph @" in grid.why_not((0, 2), t("V@"))
    assert "colour red" in grid.why_not((0, 2), t("R&"))
    assert grid.is_legal((0, 2), t("O&"))


def test_rule_4_span(rules):
    row = ["R@", "O#", "Y$", "G%", "B&", "V*"]
    grid = grid_with(rules, [((0, c), tok) for c, tok in enumerate(row)])
    assert not grid.is_legal((0, 6), t("R#"))
    assert not grid.is_legal((0, -1), t("R#"))
    assert "7 columns" in grid.why_not((0, 6), t("R#"))
    assert grid.is_legal((1, 0), t("B#"))


def test_place_raises_with_the_rule(rules):
    grid = grid_with(rules, [((0, 0), "R@")])
    with pytest.raises(IllegalPlacement, match="repeats the colour red"):
        grid.place((0, 1), t("R#"))
    with pytest.raises(IllegalPlacement, match="already in the grid"):
        grid.place((0, 1), t("R@"))


def test_rules_parameters_change_the_span():
    row = [((0, c), tok) for c, tok in enumerate(["R@", "O#", "Y$", "G%"])]
    narrow = grid_with(Rules(max_rows=6, max_columns=4, hand_size=4), row)
    wide = grid_with(Rules(max_rows=6, max_columns=5, hand_size=4), row)
    assert (0, 4) not in narrow.legal_locations()
    assert (0, 4) in wide.legal_locations() and wide.is_legal((0, 4), t("B&"))


def test_problems_finds_each_kind(rules):
    assert "shares its glyph" in problems({(0, 0): t("R@"), (0, 1): t("B@")}, rules)[0].rule
    assert "shares its colour" in problems({(0, 0): t("R@"), (3, 0): t("R#")}, rules)[0].rule
    assert "not joined" in problems({(0, 0): t("R@"), (2, 2): t("B#")}, rules)[0].rule
    assert "already in the grid" in problems({(0, 0): t("R@"), (1, 1): t("R@")}, rules)[0].rule
    diagonal = {(i, i): TILES[i * 7] for i in range(6)}
    diagonal.update({(i, i + 1): TILES[(i * 7 + 14) % 36] for i in range(6)})
    found = [p.rule for p in problems(diagonal, rules)]
    assert any("7 columns" in rule for rule in found)


@st.composite
def random_grids(draw):
    """A grid grown by random legal placements (checked by the oracle, not the engine)."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    steps = draw(st.integers(0, 30))
    tiles: dict = {}
    for _ in range(steps):
        locations = oracle.legal_locations(tiles, 6, 6)
        if not locations:
            break
        loc = rng.choice(locations)
        choices = [x for x in TILES if oracle.legal_placement(tiles, loc, x, 6, 6)]
        tiles[loc] = rng.choice(choices)
    return tiles


@settings(max_examples=60, deadline=None)
@given(random_grids())
def test_engine_agrees_with_oracle(rules, tiles):
    grid = Grid(rules)
    for loc, tile in tiles.items():
        grid.place(loc, tile)
    assert grid.legal_locations() == oracle.legal_locations(tiles, 6, 6)
    for loc in grid.legal_locations():
        allowed = {x for x in TILES if oracle.legal_placement(tiles, loc, x, 6, 6)}
        assert set(grid.allowed(loc).tiles) == allowed
    assert problems(tiles, rules) == []


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([(6, 6, 4), (5, 7, 3), (7, 7, 4), (2, 3, 1)]))
def test_random_games_stay_valid_and_end_with_a_stuck_player(seed, params):
    rules = Rules(*params)
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
    assert len(game.history) <= len(TILES)
    # Tiles are conserved: grid + hands + supply = the full set, each once.
    held = [x for h in (0, 1) for x in game.hand(h)]
    supply = [x for x in TILES if game.supply >> x.index & 1]
    assert sorted(x.index for x in [*tiles.values(), *held, *supply]) == list(range(36))


def test_game_draft_alternates_and_refills(rules):
    game = Game(rules)
    order = [t(x) for x in ["R@", "O@", "Y@", "G@", "B@", "V@", "R#", "O#"]]
    for tile in order:
        game.draft(tile)
    assert {x.token for x in game.hand(0)} == {"R@", "Y@", "B@", "R#"}
    assert {x.token for x in game.hand(1)} == {"O@", "G@", "V@", "O#"}
    assert not game.drafting and game.to_move == 0
    with pytest.raises(ValueError, match="must be drafted"):
        game.play(Move((0, 0), t("R@")))
    game.play(Move((0, 0), t("R@")), refill=t("V*"))
    assert t("V*") in game.hand(0) and game.to_move == 1
    with pytest.raises(IllegalPlacement):
        game.play(Move((0, 1), t("O@")), refill=t("B*"))
    game.play(Move((0, 1), t("O#")), refill=t("B*"))
    assert len(game.grid) == 2
