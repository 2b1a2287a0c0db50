"""The playtest layer on its own: statistics against textbook values, seeded batches, executors,
the report's bytes, with toy games (tests/playtest_toys.py) instead of any real game."""

from __future__ import annotations

import json
import math
import random
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import numpy as np
import pytest

from grawlix_print.errors import StudioError
from grawlix_print.playtest import runner
from grawlix_print.playtest.output import write_report
from grawlix_print.playtest.protocol import FEW_GAMES, GameResult, Games, Measure, Playtester
from grawlix_print.playtest.report import Run, differences, figure_rows, json_text, report, text_summary
from grawlix_print.playtest.runner import Job, Pool, check_duration, open_pool, play_batch, run
from grawlix_print.playtest.stats import Moments, mean_difference, proportion_difference, quantile, wilson
from grawlix_print.playtest.tally import Tally

from playtest_toys import Nim, SharedNim, Stuck

Z = 1.959963984540054


# --- statistics ------------------------------------------------------------------------------


def test_wilson_by_hand():
    """5 of 10: p = 1/2, so the centre is 1/2 and the half-width is z/(1+z²/n) * sqrt(1/4n + z²/4n²)."""
    n, z2 = 10, Z * Z
    half = Z / (1 + z2 / n) * math.sqrt(0.25 / n + z2 / (4 * n * n))
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.5 - half) and high == pytest.approx(0.5 + half)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    # No successes: the upper bound is z²/(n + z²), the lower exactly 0 (likewise for all successes).
    assert wilson(0, 10) == (0.0, pytest.approx(z2 / (10 + z2)))
    assert wilson(10, 10) == (pytest.approx(10 / (10 + z2)), 1.0)


def test_wilson_and_newcombe_against_the_literature():
    """Newcombe (1998), Statistics in Medicine 17: 81/263 has Wilson interval 0.2553 to 0.3662;
    56/70 - 48/80 has hybrid score interval 0.0524 to 0.3339, and 9/10 - 3/10 has 0.1705 to 0.8090."""
    assert [round(x, 4) for x in wilson(81, 263)] == [0.2553, 0.3662]
    assert [round(x, 4) for x in proportion_difference(56, 70, 48, 80).ci95] == [0.0524, 0.3339]
    assert [round(x, 4) for x in proportion_difference(9, 10, 3, 10).ci95] == [0.1705, 0.8090]


def test_two_proportion_z_test_by_hand():
    """Pooled p = 104/150, z = 0.2 / sqrt(p(1-p)(1/70 + 1/80)) = 2.650, two-sided p = 0.0080."""
    pooled = 104 / 150
    z = 0.2 / math.sqrt(pooled * (1 - pooled) * (1 / 70 + 1 / 80))
    found = proportion_difference(56, 70, 48, 80)
    assert found.difference == pytest.approx(0.2)
    assert found.p_value == pytest.approx(math.erfc(z / math.sqrt(2)))
    assert round(found.p_value, 4) == 0.0080 and found.significant
    same = proportion_difference(30, 60, 30, 60)
    assert same.p_value == pytest.approx(1.0) and not same.significant
    assert proportion_difference(0, 0, 1, 2).difference is None


def test_means_quantiles_and_welch():
    histogram = Counter({1: 2, 2: 3, 4: 1})  # 1, 1, 2, 2, 2, 4
    moments = Moments.of(histogram)
    assert moments.mean == pytest.approx(2.0)
    assert moments.variance == pytest.approx((1 + 1 + 0 + 0 + 0 + 4) / 5)
    assert [quantile(histogram, q) for q in (0.25, 0.5, 0.75, 1.0)] == [1, 2, 2, 4]
    a, b = Moments.of(Counter({10: 50, 12: 50})), Moments.of(Counter({10: 50, 11: 50}))
    found = mean_difference(a, b)
    spread = math.sqrt(a.variance / 100 + b.variance / 100)
    assert found.difference == pytest.approx(0.5)
    assert found.ci95 == pytest.approx((0.5 - Z * spread, 0.5 + Z * spread))
    assert found.significant


def test_a_quantile_is_the_smallest_value_with_enough_games_at_or_below_it():
    """Five games of 1 to 5: the median is the third game's (ceil(2.5) = 3), the lower quartile the
    second's (ceil(1.25) = 2): rounding down would give 2 and 1."""
    histogram = Counter({1: 1, 2: 1, 3: 1, 4: 1, 5: 1})
    assert [quantile(histogram, q) for q in (0.2, 0.25, 0.5, 0.75, 0.8, 1.0)] == [1, 2, 3, 4, 4, 5]
    assert quantile(Counter({7: 3}), 0.01) == 7


def test_too_few_values_for_a_mean_or_a_difference():
    """No values: no mean at all. One value on a side: both means, but no spread to test them by."""
    assert Moments.of(Counter()) is None and quantile(Counter(), 0.5) is None
    one, two = Moments.of(Counter({3: 1})), Moments.of(Counter({5: 2}))
    assert (one.n, one.mean, one.variance) == (1, 3.0, 0.0)
    found = mean_difference(one, two)
    assert (found.a, found.b, found.difference, found.ci95, found.significant) == (3.0, 5.0, None, None, False)
    for empty in (mean_difference(None, two), mean_difference(two, None)):
        assert empty.record() == {"a": None, "b": None, "difference": None, "ci95": None, "p_value": None,
                                  "significant": False}  # fmt: skip


# --- tallies and batches ----------------------------------------------------------------------


def test_tally_of_batches_is_the_tally_of_the_whole():
    job = Job(Nim(), 2, ("random", "greedy"), 500, 7, rotate=True)
    size = job.batch_size()
    whole = Tally.total(job.seats, (play_batch(job, a, b) for a, b in job.batches()))
    assert whole.games == 500 and sum(whole.lengths.values()) == 500
    assert whole.strategy_seats == Counter({"random": 500, "greedy": 500})
    assert size < 500  # several batches: the sum above is a real merge


def test_a_tally_refuses_what_is_no_game():
    tally = Tally(2)
    with pytest.raises(ValueError):
        tally.add(GameResult((2,), 1), ("random", "random"))
    with pytest.raises(ValueError):
        tally.add(GameResult((0,), 1), ("random",))
    tally.add(GameResult((), 1), ("random", "random"))  # no winner: a draw (tests/test_playtest_draws.py)
    assert tally.draws == 1


def test_known_outcomes_of_a_toy_game():
    """Nim with 8 stones against perfect play: the second player always wins; rotated, each
    strategy sits in each seat half of the time."""
    job = Job(Nim(stones=8), 2, ("search", "search"), 300, 1)
    tally = run(job, Pool(runner.InlineExecutor(), 1)).tally
    assert tally.seat_wins == [0, 300]
    record = report(Run(job, run(job, Pool(runner.InlineExecutor(), 1))))
    assert record["seat_win_rate"] == [0.0, 1.0] and record["seat_win_ci95"][1][1] == 1.0
    rotated = Job(Nim(stones=10), 2, ("search", "greedy"), 400, 1, rotate=True)
    tally = run(rotated, Pool(runner.InlineExecutor(), 1)).tally
    # 10 stones: the first player leaves 8 and wins with search; greedy takes 3, leaving 7, and loses.
    assert tally.strategy_wins == Counter({"search": 400}) and tally.strategy_seats["greedy"] == 400


def test_dummies_are_tallied_against_each_strategy():
    job = Job(Nim(stones=5, dummies=1), 2, ("greedy", "greedy"), 50, 3)
    record = report(Run(job, run(job, Pool(runner.InlineExecutor(), 1))))
    assert record["seats"] == ["player 1", "player 2", "dummy 1"]
    # 5 stones: player 1 takes 3, player 2 takes 2 and wins; the dummy never plays.
    assert record["seat_win_rate"] == [0.0, 1.0, 0.0]
    assert record["dummy_win_rate"] == {"greedy": 0.0}
    job = Job(Nim(stones=7, dummies=1), 2, ("greedy", "greedy"), 50, 3)
    record = report(Run(job, run(job, Pool(runner.InlineExecutor(), 1))))
    assert record["dummy_win_rate"] == {"greedy": 1.0}  # 3 + 3, then the dummy takes the last one


def test_per_seat_measures_and_head_to_head_by_hand():
    """Three games of two strategies and a dummy, counted by hand: a per-seat measure per strategy
    and for the dummy, who finished ahead (ties apart) and by how much, in the run's order."""
    seating = ("search", "greedy", None)
    games = [
        GameResult((0,), 5, {}, {"stars": (4, 2, 6)}, (10, 7, 3)),  # search ahead by 3
        GameResult((1, 2), 6, {}, {"stars": (0, 2, 2)}, (5, 9, 9)),  # greedy ahead by 4, a dummy shares the win
        GameResult((0, 1), 5, {}, {"stars": (2, 2, 0)}, (8, 8, 1)),  # tied
    ]
    one_by_one, at_once = Tally(3), Tally(3)
    for game in games:
        one_by_one.add(game, seating)
    at_once.add_games(Games.of(games, 3), seating)
    assert one_by_one == at_once
    assert at_once.pair_games == {("greedy", "search"): 3} and at_once.pair_tied[("greedy", "search")] == 1
    assert at_once.pair_ahead[("greedy", "search")] == 1  # the tally keeps pairs in name order
    assert at_once.pair_margins[("greedy", "search")] == Counter({-3: 1, 4: 1, 0: 1})
    assert at_once.seat_measures["stars"] == {"search": Counter({4: 1, 0: 1, 2: 1}), "greedy": Counter({2: 3}),
                                              "dummy": Counter({6: 1, 2: 1, 0: 1})}  # fmt: skip
    assert at_once.dummy_wins == Counter({"search": 1, "greedy": 1}) and at_once.shared == 2

    job = Job(Nim(dummies=1, measures=(Measure("stars", "stars", "seat"),)), 2, ("search", "greedy"), 3, 1)
    record = report(Run(job, runner.Outcome(at_once, 3, False)))
    found = record["head_to_head"]["search v greedy"]  # shown in the run's order
    assert (found["games"], found["ahead_rate"], found["tied"]) == (3, pytest.approx(1 / 3), 1)
    assert found["mean_margin"] == pytest.approx(-1 / 3)
    # Each figure beside its own interval: Wilson's for the rate, the normal one for the margins 3, -4, 0.
    assert found["ahead_ci95"] == pytest.approx(list(wilson(1, 3)))
    half = Z * math.sqrt(statistics.variance([3, -4, 0]) / 3)
    assert found["margin_ci95"] == pytest.approx([-1 / 3 - half, -1 / 3 + half])
    assert record["mean_stars"] == {"search": 2.0, "greedy": 2.0, "dummy": pytest.approx(8 / 3)}
    rows = {row.label: row.value for row in figure_rows(record)}
    assert rows["search ahead of greedy"].startswith("33.3 %")
    assert rows["search's margin over greedy (points)"].startswith("-0.33 [")
    assert rows["stars: dummy (mean)"].startswith("2.67 [")


def _typed(value, path: tuple = ()) -> list:
    """Every count of a tally, by where it is, with the type of each key and count (a histogram's 3
    and 3.0 are written apart)."""
    if isinstance(value, Tally):
        value = vars(value)
    if isinstance(value, dict):
        return sorted(item for key, part in value.items() for item in _typed(part, (*path, (repr(key), type(key).__name__))))
    if isinstance(value, list):
        return sorted(item for k, part in enumerate(value) for item in _typed(part, (*path, k)))
    return [(path, repr(value), type(value).__name__)]


def test_a_few_games_are_counted_without_numpy_as_many_are_with_it():
    """Up to FEW_GAMES games are columns of plain lists, tallied in Python; more are numpy's arrays:
    the counts, and the type of every value counted (flags as 0 and 1, a measure of floats as floats),
    are the same either way, in batches of any size."""
    rng = random.Random(3)
    seating = ("search", "greedy", None, "greedy")
    games = []
    for _ in range(3 * FEW_GAMES):
        points = tuple(rng.randint(0, 6) for _ in range(4))
        best = max(points)
        games.append(GameResult(
            tuple(seat for seat in range(4) if points[seat] == best and rng.random() < 0.8), rng.randint(3, 9),
            {"supply_out": float(rng.random() < 0.3), "flag": rng.random() < 0.5, "tiles": rng.randint(0, 4)},
            {"stars": tuple(rng.randint(0, 3) for _ in range(4)), "share": tuple(rng.choice((0.0, 0.5, 1.0)) for _ in range(4))},
            points))  # fmt: skip
    listed, arrays = Tally(4), Tally(4)
    for start in range(0, len(games), FEW_GAMES):
        listed.add_games(Games.of(games[start:start + FEW_GAMES], 4), seating)
    arrays.add_games(Games.of(games, 4), seating)
    assert isinstance(Games.of(games[:FEW_GAMES], 4).lengths, list) and not isinstance(Games.of(games, 4).lengths, list)
    assert listed == arrays and _typed(listed) == _typed(arrays)
    assert listed.games == 3 * FEW_GAMES and listed.pair_games[("greedy", "search")] == 3 * FEW_GAMES
    one = Tally(4)
    for game in games:
        one.add(game, seating)
    assert _typed(one) == _typed(arrays)


def test_a_batch_of_games_has_a_winner_or_is_a_draw_and_reports_the_same_measures():
    tally = Tally(2)
    tally.add_games(Games(np.array([[True, False], [False, False]]), np.array([3, 4])), ("random", "random"))
    assert tally.draws == 1 and tally.outcomes(0) == (1, 1, 0)
    with pytest.raises(ValueError):
        Tally(2).add_games(Games(np.array([[True, False, False]]), np.array([3])), ("random", "random"))
    with pytest.raises(ValueError):
        Games.of([GameResult((0,), 1, {}, {"stars": (1, 2)}), GameResult((0,), 1, {}, {})], 2)


def seeded(seed: int, workers: int, games: int = 3000) -> dict:
    job = Job(Nim(stones=21), 2, ("random", "random"), games, seed)
    with open_pool(workers) as pool:
        return report(Run(job, run(job, pool)))


def test_the_same_seed_gives_the_same_figures_on_any_number_of_workers():
    one, two = seeded(11, 1), seeded(11, 2)
    assert json_text(one) == json_text(two)
    assert seeded(12, 1) != one  # and another seed other figures


def test_no_more_worker_processes_start_than_the_run_has_batches():
    """Starting a worker costs more than a batch of quick games: a run of one batch plays in this
    process, one of three batches on at most three workers, whatever the cores."""
    job = Job(Nim(stones=21), 2, ("random", "random"), 3000, 1)
    batches = runner.batch_count([job, job])
    assert batches == 2 * len(range(0, 3000, job.batch_size())) and batches >= 2
    with open_pool(4, batches=1) as pool:
        assert pool.workers == 1 and isinstance(pool.executor, runner.InlineExecutor)
    with open_pool(4, batches=3) as pool:
        assert pool.workers == 3 and not isinstance(pool.executor, runner.InlineExecutor)
    with open_pool(2, batches=3) as pool:
        assert pool.workers == 2


def test_figures_come_from_the_batch_seeds_alone(monkeypatch):
    """A batch is played from its seed: replaying one batch by hand gives the same games."""
    job = Job(Nim(stones=21), 2, ("random", "random"), 100, 5)
    rng = random.Random(runner.batch_seed(5, 0))
    lengths = Counter(job.playtester.play(("random", "random"), rng).length for _ in range(job.batch_size()))
    assert play_batch(job, 0, job.batch_size()).lengths == lengths


def test_every_batch_is_played_from_its_documented_seed_and_merged_whole():
    """Replaying each batch k by hand from random.Random("SEED:k") (k = 0, 1, 2...) gives the run's
    figures: every batch's seed is the documented one, and merging keeps every count, shared wins too."""
    job = Job(SharedNim(stones=23), 2, ("random", "random"), 1000, 42)
    size = job.batch_size()
    assert len(job.batches()) >= 5
    wins, shared, lengths = [0, 0], 0, Counter()
    for k, (start, stop) in enumerate(job.batches()):
        rng = random.Random(f"42:{k}")
        for _ in range(start, stop):
            result = job.playtester.play(job.strategies, rng)
            for seat in result.winners if len(result.winners) < 2 else ():  # both seats tied: a draw
                wins[seat] += 1
            shared += len(result.winners) > 1
            lengths[result.length] += 1
        assert stop - start == min(size, job.games - start)
    assert shared > 50  # a real test of the merge: many shared wins
    record = report(Run(job, run(job, Pool(runner.InlineExecutor(), 1))))
    assert record["shared_wins"] == shared
    assert record["seat_win_rate"] == [pytest.approx(w / 1000) for w in wins]
    assert record["draws"] == shared and record["seat_loss_rate"] == [pytest.approx(1 - (w + shared) / 1000) for w in wins]
    assert record["length_histogram"] == [[n, c] for n, c in sorted(lengths.items())]


def test_each_batch_plays_games_of_its_own():
    """Batches are seeded apart: two batches of the same run do not replay the same games."""
    job = Job(Nim(stones=40), 2, ("random", "random"), 400, 5)
    size = job.batch_size()
    first, second = play_batch(job, 0, size), play_batch(job, size, 2 * size)
    assert first.lengths != second.lengths


def test_spawned_workers_rebuild_the_playtester_from_its_pickle():
    """A fresh interpreter (spawn, as a cluster worker) plays the same batch to the same tally."""
    job = Job(Nim(stones=13), 2, ("random", "greedy"), 200, 9, rotate=True)
    with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as executor:
        spawned = executor.submit(play_batch, job, 0, 200).result()
    assert spawned == play_batch(job, 0, 200)


def test_a_dask_cluster_gives_the_figures_of_local_processes():
    distributed = pytest.importorskip("distributed")
    job = Job(Nim(stones=17), 2, ("random", "greedy"), 2000, 4, rotate=True)
    with open_pool(2) as pool:
        local = report(Run(job, run(job, pool)))
    with distributed.LocalCluster(n_workers=1, processes=False, threads_per_worker=2, dashboard_address=None) as cluster:
        with open_pool(scheduler=cluster.scheduler_address) as pool:
            assert pool.workers == 2
            remote = report(Run(job, run(job, pool)))
    assert json_text(remote) == json_text(local)


def test_a_scheduler_that_does_not_answer_is_one_error_in_seconds():
    import socket
    import time

    with socket.socket() as unused:  # a port nobody listens on
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    began = time.perf_counter()
    with pytest.raises(StudioError, match=f"no Dask scheduler answers at tcp://127.0.0.1:{port}"):
        with open_pool(scheduler=f"tcp://127.0.0.1:{port}"):
            pass
    assert time.perf_counter() - began < 2 * runner.CONNECT_SECONDS + 1


# --- interruption and bounds -----------------------------------------------------------------


class _Interrupting(runner.InlineExecutor):
    """Ctrl-C during the third batch."""

    def __init__(self) -> None:
        self.calls = 0

    def submit(self, fn, /, *args, **kwargs):
        self.calls += 1
        if self.calls == 3:
            raise KeyboardInterrupt
        return super().submit(fn, *args, **kwargs)


def test_ctrl_c_keeps_the_batches_finished():
    job = Job(Nim(), 2, ("random", "random"), 2000, 1)
    stopped = []
    outcome = run(job, Pool(_Interrupting(), 1, lambda: stopped.append(True)))
    assert outcome.interrupted and stopped == [True]
    assert outcome.tally.games == 2 * job.batch_size() < job.games and not outcome.complete
    assert report(Run(job, outcome))["complete"] is False


def test_a_run_that_could_not_end_within_a_day_is_refused():
    slow = Nim(seconds=10.0)
    check_duration(Job(slow, 2, ("random", "random"), 8000, 1), 1)  # 22 hours: allowed
    with pytest.raises(StudioError, match="would take about 1.2 days on 1 core"):
        check_duration(Job(slow, 2, ("random", "random"), 10_000, 1), 1)
    check_duration(Job(slow, 2, ("random", "random"), 10_000, 1), 2)


def test_rules_that_end_every_game_at_once_are_refused():
    from grawlix_print.cli.playtest import _probe

    _probe(Job(Nim(), 2, ("random", "random"), 10, 1), "rules")
    with pytest.raises(StudioError, match="every game ends at once"):
        _probe(Job(Stuck(), 2, ("random", "random"), 10, 1), "rules")


def test_toys_are_playtesters():
    assert isinstance(Nim(), Playtester)


# --- the report ---------------------------------------------------------------------------------


def compared() -> dict:
    a = Job(Nim(stones=10), 2, ("random", "random"), 2000, 3)
    b = Job(Nim(stones=11), 2, ("random", "random"), 2000, 3)
    pool = Pool(runner.InlineExecutor(), 1)
    return report(Run(a, run(a, pool)), Run(b, run(b, pool)))


def test_a_comparison_names_the_significant_differences():
    record = compared()
    assert record["rules"] == {"stones": 10} and record["builtin_rules"] == {"stones": 11}
    length = record["differences"]["mean_length"]
    assert length["difference"] == pytest.approx(record["mean_length"] - record["builtin"]["mean_length"], abs=1e-5)
    assert length["significant"] and length["ci95"][0] < length["difference"] < length["ci95"][1]
    assert not record["differences"]["mean_first_take"]["significant"]
    rows = {row.label: row for row in figure_rows(record)}
    assert rows["turns per game (mean)"].significant and "built-in" in text_summary(record)
    # each difference with its interval, in the difference's unit: points for a mean, percentage points for a rate
    low, high = length["ci95"]
    assert rows["turns per game (mean)"].interval == f"[{low:.2f}, {high:.2f}]"
    win = record["differences"]["seat_win_rate_0"]["ci95"]
    assert rows["player 1 wins"].interval == f"[{100 * win[0]:.1f}, {100 * win[1]:.1f}]"


def test_the_report_files_are_the_same_bytes_each_time(tmp_path):
    record = compared()
    first = {w.path.name: w.path.read_bytes() for w in write_report(tmp_path / "a", record, Nim().credits)}
    again = {w.path.name: w.path.read_bytes() for w in write_report(tmp_path / "b", record, Nim().credits)}
    assert first == again
    assert sorted(first) == ["playtest-length.png", "playtest-measures.png", "playtest-wins.png",
                             "playtest.json", "playtest.pdf"]  # fmt: skip
    assert json.loads(first["playtest.json"]) == json.loads(json_text(record))
    assert first["playtest-wins.png"].startswith(b"\x89PNG") and b"Software" not in first["playtest-wins.png"]
    import pypdf

    pages = pypdf.PdfReader(tmp_path / "a" / "playtest.pdf").pages
    assert len(pages) == 1
    text = " ".join(pages[0].extract_text().split())
    assert "Toy Nim playtest" in text and "player 1 wins" in text and "built-in rules" in text


def test_a_report_that_fails_leaves_the_one_before_as_it_was(tmp_path, monkeypatch):
    """The files are staged beside the folder and renamed in at the end: a failure on the way (the
    PDF here, or a folder where a file goes) changes nothing there, and leaves no staging behind."""
    from grawlix_print.playtest import pdf

    record = compared()
    folder = tmp_path / "playtest"
    write_report(folder, record, Nim().credits)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    other = report(Run(Job(Nim(stones=12), 2, ("random", "random"), 300, 9),
                       run(Job(Nim(stones=12), 2, ("random", "random"), 300, 9), Pool(runner.InlineExecutor(), 1))))

    def broken(*args, **kwargs):
        raise StudioError("no room on the page")

    monkeypatch.setattr(pdf, "report_pdf", broken)
    with pytest.raises(StudioError, match="no room"):
        write_report(folder, other, Nim().credits)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["playtest"]
    monkeypatch.undo()
    (folder / "playtest.pdf").unlink()
    (folder / "playtest.pdf").mkdir()
    with pytest.raises(StudioError, match="a folder is in the way"):
        write_report(folder, other, Nim().credits)
    after = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    assert after == {name: data for name, data in before.items() if name != "playtest.pdf"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["playtest"]


def test_differences_need_the_same_seats():
    a = Job(Nim(), 2, ("random", "random"), 100, 1)
    b = Job(Nim(), 3, ("random",) * 3, 100, 1)
    pool = Pool(runner.InlineExecutor(), 1)
    found = differences(Run(a, run(a, pool)), Run(b, run(b, pool)))
    assert "seat_win_rate_0" not in found and "mean_length" in found
