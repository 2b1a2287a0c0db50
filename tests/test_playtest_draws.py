"""Draws in the playtest: a game may end with no winner, or with every seat tied; the report gives each
seat's wins, the draws and each seat's losses with intervals, and the text may quote the draw rate.

The oracle is the games themselves: a toy whose every game is decided by one roll of its ``rng`` (a
third each: the first seat, the second, no one), replayed here from the same seeds the runner uses."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from grawlix_print.playtest import runner
from grawlix_print.playtest.protocol import Credits, GameResult, Games
from grawlix_print.playtest.quotable import Quotes
from grawlix_print.playtest.report import Run, figure_rows, report
from grawlix_print.playtest.runner import Job, Pool, batch_seed, run
from grawlix_print.playtest.stats import wilson
from grawlix_print.playtest.tally import Tally
from grawlix_print.plugin import EnginePlaytester


@dataclass(frozen=True)
class Roll:
    """One roll ends the game: 0 the first seat wins, 1 the second, 2 a draw (``outcome`` gives ``()``)."""

    def start(self, players, rng):
        return (None, 0)

    def moves(self, state):
        return [0, 1, 2]

    def play(self, state, move):
        return (move, 1)

    def outcome(self, state):
        return None if state[0] is None else ((0,), (1,), ())[state[0]]

    def length(self, state):
        return state[1]


TESTER = EnginePlaytester("roll", Credits("Roll", (), "", "", ()), Roll())
GAMES, SEED = 600, 11


def test_a_draw_is_a_game_with_no_winner_and_every_seat_tied_is_one_too():
    tally = Tally(2)
    tally.add_games(Games.of([GameResult((), 1), GameResult((0, 1), 1), GameResult((0,), 1)], 2), ["a", "a"])
    assert tally.draws == 2
    assert tally.outcomes(0) == (1, 2, 0) and tally.outcomes(1) == (0, 2, 1)
    solo = Tally(1)  # at a table of one, winning alone is no draw
    solo.add_games(Games.of([GameResult((0,), 1), GameResult((), 1)], 1), ["a"])
    assert solo.draws == 1 and solo.outcomes(0) == (1, 1, 0)
    with pytest.raises(ValueError):
        Games.of([GameResult((2,), 1)], 2)


def test_the_report_gives_wins_draws_and_losses_with_intervals():
    job = Job(TESTER, 2, ("random", "random"), GAMES, SEED)
    outcome = run(job, Pool(runner.InlineExecutor(), 1))
    record = report(Run(job, outcome))
    # the oracle: replay each batch's games from its own seed, as the runner seeds them
    rolls = []
    for start, stop in job.batches():
        rng = random.Random(batch_seed(job.seed, start // job.batch_size()))
        rolls += [rng.choice([0, 1, 2]) for _ in range(stop - start)]
    first, second, draws = (rolls.count(k) for k in (0, 1, 2))
    assert record["draws"] == draws and 0 < draws < GAMES
    assert record["seat_win_rate"][0] == pytest.approx(first / GAMES, abs=1e-4)
    assert record["seat_loss_rate"][0] == pytest.approx(second / GAMES, abs=1e-4)
    assert record["draw_ci95"] == pytest.approx(list(wilson(draws, GAMES)), abs=1e-4)
    labels = [row.label for row in figure_rows(record)]
    assert labels[:5] == ["player 1 wins", "player 2 wins", "draws (no winner, or all tied)", "player 1 loses", "player 2 loses"]
    # the "who wins" chart: a bar for the draws beside the seats', as tall as the draw rate
    from grawlix_print.drawing.chart import Box, Label
    from grawlix_print.playtest.plots import wins_plot

    chart = wins_plot(record)
    words = [item.text for item in chart.items if isinstance(item, Label)]
    assert words[words.index("player"):][:5] == ["player", "1", "player", "2", "draw"]  # each label's lines
    bars = sorted((item for item in chart.items if isinstance(item, Box) and item.fill and item.height > 0), key=lambda b: b.x)[:3]
    rates = [first / GAMES, second / GAMES, draws / GAMES]
    assert [bar.height / bars[0].height for bar in bars] == pytest.approx([rate / rates[0] for rate in rates], rel=1e-3)


def test_a_game_without_draws_reports_as_before():
    @dataclass(frozen=True)
    class NoDraw(Roll):
        def moves(self, state):
            return [0, 1]

    tester = EnginePlaytester("nodraw", Credits("No draw", (), "", "", ()), NoDraw())
    job = Job(tester, 2, ("random", "random"), 100, SEED)
    record = report(Run(job, run(job, Pool(runner.InlineExecutor(), 1))))
    assert record["draws"] == 0 and sum(record["seat_win_rate"]) == pytest.approx(1.0)
    assert "draws (no winner, or all tied)" not in [row.label for row in figure_rows(record)]


def test_the_draw_rate_can_be_quoted():
    quotes = Quotes(lambda: TESTER, games=300, seed=5, strategy="random")
    assert "draw_percent" in quotes.names()
    rng_games = quotes.figure("draw_percent")
    assert 20 <= rng_games <= 46  # a third of 300 games, well inside its 99.9 % range
    assert quotes.figure("first_player_wins_percent") + quotes.figure("seat_2_wins_percent") + rng_games in (99, 100, 101)


def test_two_rule_sets_compare_their_draws_and_losses_too():
    """A game that draws less often under other rules: the draw rate's difference has its interval and
    test, each seat's losses too, and a game every seat shares counts as no seat's win."""
    @dataclass(frozen=True)
    class Rare(Roll):
        def moves(self, state):
            return [0, 1, 0, 1, 2]  # a draw one roll in five, not one in three

    rare = EnginePlaytester("roll", Credits("Roll", (), "", "", ()), Rare())
    pool = Pool(runner.InlineExecutor(), 1)
    a, b = (Job(tester, 2, ("random", "random"), GAMES, SEED) for tester in (rare, TESTER))
    record = report(Run(a, run(a, pool)), Run(b, run(b, pool)))
    draws = record["differences"]["draw_rate"]
    assert draws["difference"] == pytest.approx(record["draw_rate"] - record["builtin"]["draw_rate"], abs=1e-5)
    assert draws["significant"] and draws["ci95"][0] < draws["difference"] < draws["ci95"][1] < 0
    rows = {row.label: row for row in figure_rows(record)}
    assert rows["draws (no winner, or all tied)"].significant and rows["draws (no winner, or all tied)"].interval
    assert rows["player 1 loses"].difference.endswith("percentage points")
    wins = record["differences"]["seat_win_rate_0"]
    assert wins["a"] == pytest.approx(record["seat_win_rate"][0], abs=1e-5)  # the table's rate, draws aside
