"""Sowing Stones keeps grawlix-print's contract, and its engine keeps the stones it was given."""

import random

import pytest

from grawlix_print.games import game
from grawlix_print.testing import CHECKS, run_check


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__)
def test_contract(check):
    run_check("sowing-stones", check)


def test_every_game_keeps_its_stones_and_ends():
    rules = game("sowing-stones").engine
    outcomes = set()
    for seed in range(300):
        rng = random.Random(seed)
        state = rules.start(2, rng)
        while rules.outcome(state) is None:
            state = rules.play(state, rng.choice(rules.moves(state)))
            assert sum(state.board) == 2 * rules.pits * rules.stones
        ours, theirs = rules.points(state)
        outcomes.add("draw" if ours == theirs else "win")
        assert rules.outcome(state) == (() if ours == theirs else ((0,) if ours > theirs else (1,)))
    assert outcomes == {"draw", "win"}
