"""A plug-in's faults in play, one of each kind, each caught as one line naming the game, the player or
rules method, its file and line, the move and the position: by ``playtest`` on one worker, on two
and on a Dask cluster (the same line each time, sent back as data), and by the contract suite (the
same line again: its games are the playtest's first ones); exit status 1 and nothing written.

The plug-in is the toy ``duel`` (tests/duel_game), registered as pip would install it; its players
include one of each fault, and its rule ``fault`` breaks its engine in each way. The line each case
names is found here in the engine's source by a marker, not taken from the code under test."""

from __future__ import annotations

import dataclasses
import random
import re
import shutil
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.errors import StudioError
from plugins import on_path

import duel_game
from duel_game import PACKAGE_ROOT, Duel, metadata

ENGINE = Path(duel_game.__file__).with_name("engine.py")


@pytest.fixture(scope="module")
def duel(tmp_path_factory):
    with on_path(metadata(tmp_path_factory.mktemp("duel-metadata")), PACKAGE_ROOT):
        yield


def line_of(text: str) -> int:
    """The number of the engine's line holding ``text``: the oracle for the file and line a fault names."""
    return next(n for n, line in enumerate(ENGINE.read_text().splitlines(), 1) if text in line)


def playtest(*args: str, templates: Path | None = None):
    extra = ["--templates", str(templates)] if templates else ["--game", "duel"]
    return CliRunner().invoke(main, ["playtest", *extra, "--games", "300", *args])


def one_line(result, out: Path) -> str:
    assert result.exit_code == 1, (result.exit_code, result.output, result.stderr)
    assert result.stderr.startswith("error: game duel: ") and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert not out.exists(), sorted(out.rglob("*"))  # nothing written, not even the folder
    return result.stderr.removeprefix("error: ").rstrip("\n")


# (strategy, the engine's fault rule, words the line must hold, a marker of the line it must name)
CASES = [
    ("cheat", "", r"player 1 \(strategy cheat, .*engine.py:{def}\) chose 4, which is not one of the 3 legal moves "
     r"\(1, 2, 3\); turn 3, position State\(round=1,", "def cheating_player"),
    ("forgetful", "", r"player 1 \(strategy forgetful, .*engine.py:{def}\) chose None \(a strategy returns the move "
     r"it makes\)", "def forgetful_player"),
    ("loop", "", r"player 1 \(strategy loop, .*engine.py:{def}\) took more than 2 s over one move, stopped at "
     r".*engine.py:{mark}", "def looping_player|while state.round == 1"),
    ("own-random", "", r"player 2 \(strategy own-random, .*engine.py:{def}\) chose \d, then \d from the same position "
     r"and the same generator: it draws on a random source of its own", "def own_random_player"),
    ("numpy-random", "", r"player \d \(strategy numpy-random, .*engine.py:{def}\) chose \d, then \d from the same "
     r"position and the same generator", "def numpy_random_player"),
    ("meddle", "", r"player 1 \(strategy meddle, .*engine.py:{def}\) changed the state it was given",
     "def meddling_player"),
    ("random", "moves-raise", r"KeyError: 'no such round' in moves\(state\) at .*engine.py:{mark}; turn 3, position",
     "|raise KeyError"),
    ("random", "moves-unplayable", r"ValueError: 0 is no number from 1 to 3 in play\(state, 0\), a move moves "
     r"\(.*engine.py:{def}\) gave, at .*engine.py:{mark}", "def moves|raise ValueError"),
    ("random", "moves-none", r"moves \(.*engine.py:{def}\) gave None, not a list of moves; turn 1", "def moves"),
    ("random", "outcome-seat", r"outcome \(.*engine.py:{def}\) gave \(2,\): the winning seats are a tuple of seats 0 to "
     r"1", "def outcome"),
    ("random", "play-mutates", r"play \(.*engine.py:{def}\) changed the state it was given \(it must return a new "
     r"one\)", "def play"),
    ("random", "length-words", r"length \(.*engine.py:{def}\) gave 'eight', not a whole number of turns; turn 9",
     "def length"),
    ("high", "endless", r"a game went on past its turn limit of 200 turns: player 1 \(strategy random, "
     r".*engine.py:{def}\) played 3 different moves over its last 10", "def random_player"),
]  # fmt: skip


def expected(case) -> str:
    _, _, pattern, markers = case
    definition, _, mark = markers.partition("|")
    return pattern.format(**{"def": line_of(definition) if definition else 0, "mark": line_of(mark) if mark else 0})


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[1] or c[0])
def test_each_fault_is_the_same_one_line_on_one_worker_and_on_two(duel, case, tmp_path):
    strategy, fault, *_ = case
    templates = None
    if fault:
        templates = tmp_path / "templates"
        shutil.copytree(duel_game.HERE / "templates", templates)
        (templates / "rules.csv").write_text(f"rule,value\nhigh,3\nrounds,4\nfault,{fault}\n")
    lines = []
    for workers in ("1", "2"):
        out = tmp_path / f"out-{workers}"
        lines.append(one_line(playtest("--strategy", strategy, "--workers", workers, "-o", str(out),
                                       templates=templates), out))  # fmt: skip
    assert lines[0] == lines[1]
    assert re.search(expected(case), lines[0]), (expected(case), lines[0])
    assert lines[0].endswith("(GRAWLIX_PRINT_DEBUG=1 or --debug for the traceback)")


def test_the_fault_is_the_same_line_from_a_dask_cluster(duel, tmp_path):
    distributed = pytest.importorskip("distributed")
    out = tmp_path / "out"
    one = one_line(playtest("--strategy", "cheat", "--workers", "1", "-o", str(out)), out)
    with distributed.LocalCluster(n_workers=1, processes=False, threads_per_worker=2, dashboard_address=None) as cluster:
        found = one_line(playtest("--strategy", "cheat", "--scheduler", cluster.scheduler_address, "-o", str(out)), out)
        looped = one_line(playtest("--strategy", "loop", "--scheduler", cluster.scheduler_address, "-o", str(out)), out)
    assert found == one
    assert re.search(expected(next(c for c in CASES if c[0] == "loop")), looped), looped  # a worker's thread is stopped as the command's own is


def only(*strategies: str) -> Duel:
    """Duel whose players are ``random`` and ``strategies``: the contract plays every strategy it has."""

    class Some(Duel):
        def playtester(self, budget=None):
            tester = super().playtester(budget)
            return dataclasses.replace(tester, strategies_by_name={k: tester.strategies_by_name[k]
                                                                    for k in ("random", *strategies)})  # fmt: skip

    return Some(duel_game.HERE / "templates")


@pytest.mark.parametrize("strategy", ["cheat", "meddle", "forgetful"])
def test_the_contract_suite_fails_on_the_line_the_playtest_prints(duel, strategy, tmp_path):
    from grawlix_print.testing import check_playtest

    out = tmp_path / "out"
    printed = one_line(playtest("--strategy", strategy, "-o", str(out)), out)
    with pytest.raises(AssertionError) as caught:
        check_playtest(only(strategy))
    assert str(caught.value) == printed


def test_the_contract_suite_checks_that_moves_end_with_the_game(duel):
    """An engine whose moves go on after outcome says the game is over: the contract's check, not the
    playtest's (no figure depends on it)."""
    from grawlix_print.testing import check_playtest

    class Lingering(Duel):
        @property
        def engine(self):
            class Rules(type(super().engine)):
                def moves(self, state):
                    return list(range(1, self.high + 1))

            return Rules()

    with pytest.raises(AssertionError, match=r"moves \(.*\) gave 3 moves, but outcome \(.*\) says the game is over"):
        check_playtest(Lingering(duel_game.HERE / "templates"))
    check_playtest(only("high"))  # the honest players keep the contract


def test_debug_raises_the_fault_with_its_traceback(duel, tmp_path, monkeypatch):
    monkeypatch.setenv("GRAWLIX_PRINT_DEBUG", "1")
    result = playtest("--strategy", "cheat", "--workers", "1", "-o", str(tmp_path / "out"))
    assert result.exit_code == 1 and "chose 4, which is not one of" in str(result.exception)
    assert result.exc_info is not None and type(result.exception).__name__ == "IllegalMove"


def test_a_sweep_of_a_faulty_player_is_the_same_line(duel, tmp_path):
    out = tmp_path / "out"
    single = one_line(playtest("--strategy", "cheat", "--workers", "1", "-o", str(out)), out)
    swept = one_line(playtest("--strategy", "cheat", "--vary", "high=3,4", "--workers", "2", "-o", str(out)), out)
    assert swept == single  # the first variant's first game is the plain playtest's


def test_a_playtester_that_cannot_be_sent_to_workers_is_one_line(duel, tmp_path):
    from grawlix_print.playtest.runner import Job, open_pool, run

    tester = dataclasses.replace(Duel().playtester(), strategies_by_name={"random": lambda r, s, g: 1})
    with open_pool(2) as pool, pytest.raises(StudioError, match="cannot be sent to worker processes .*: define every "
                                                                 "strategy"):  # fmt: skip
        run(Job(tester, 2, ("random", "random"), 5000, 1), pool)


def test_the_watchdog_stops_a_loop_in_any_thread_and_only_a_loop():
    from grawlix_print.playtest.watchdog import MoveTimeout, watched

    found = {}

    def loop():
        try:
            with watched(0.3) as watch:
                for _ in range(30):  # moves that take 10 ms each are not stopped
                    watch.moves += 1
                    time.sleep(0.01)
                began = time.monotonic()
                while True:
                    pass
        except MoveTimeout:
            found["after"] = time.monotonic() - began

    thread = threading.Thread(target=loop)
    thread.start()
    thread.join(10)
    assert not thread.is_alive() and 0.25 <= found["after"] < 5, found
    with watched(0.2):  # a block that ends in time: nothing is raised after it, either
        time.sleep(0.05)
    time.sleep(0.4)


def test_a_fault_of_a_playtester_of_ones_own_is_one_line_from_a_worker(tmp_path):
    """Not every plug-in plays move by move: a ``Playtester`` of its own whose ``play`` raises is one
    line naming its file and line, from a worker process as from this one."""
    from grawlix_print.playtest.runner import Job, InlineExecutor, Pool, open_pool, run

    import playtest_toys

    tester = playtest_toys.BrokenNim()
    lines = []
    with pytest.raises(StudioError) as one:
        run(Job(tester, 2, ("random", "random"), 4000, 1), Pool(InlineExecutor(), 1))
    lines.append(str(one.value))
    with open_pool(2) as pool, pytest.raises(StudioError) as two:
        run(Job(tester, 2, ("random", "random"), 4000, 1), pool)
    lines.append(str(two.value))
    source = Path(playtest_toys.__file__).read_text().splitlines()
    number = next(n for n, text in enumerate(source, 1) if "the seventh game's fault" in text)
    assert lines[0] == lines[1] and re.search(rf"ZeroDivisionError: .* while playing at .*playtest_toys.py:{number}\b",
                                              lines[0]), lines  # fmt: skip


def test_the_legal_games_of_a_checked_engine_are_the_games_before_the_checks():
    """The checks draw nothing from the generator: the scaffold's random games come out as the plain
    loop (the EnginePlaytester of before) plays them, so no figure changed."""
    from grawlix_print.plugin import Credits, EnginePlaytester, random_player
    from test_playtest_draws import Roll

    tester = EnginePlaytester("roll", Credits("Roll", (), "", "", ()), Roll())
    rng, plain = random.Random(4), random.Random(4)
    for _ in range(200):
        result = tester.play(("random", "random"), rng)
        state = Roll().start(2, plain)
        while Roll().outcome(state) is None:
            state = Roll().play(state, random_player(Roll(), state, plain))
        assert result.winners == Roll().outcome(state) and result.length == Roll().length(state)


def test_the_fault_reported_is_the_earliest_batchs_whichever_worker_is_quicker():
    from grawlix_print.playtest.runner import InlineExecutor, Job, Pool, open_pool, run

    import playtest_toys

    job = Job(playtest_toys.LateFault(), 2, ("random", "random"), 2000, 1)
    assert len(job.batches()) > 2
    with pytest.raises(StudioError, match="the first batch's fault"):
        run(job, Pool(InlineExecutor(), 1))
    with open_pool(2) as pool, pytest.raises(StudioError, match="the first batch's fault"):
        run(job, pool)


def test_a_generator_of_moves_is_taken_as_the_list_it_gives(duel, tmp_path):
    templates = tmp_path / "templates"
    shutil.copytree(duel_game.HERE / "templates", templates)
    (templates / "rules.csv").write_text("rule,value\nhigh,3\nrounds,4\nfault,moves-generator\n")
    result = playtest("--workers", "1", "--json", "-o", str(tmp_path / "out"), templates=templates)
    assert result.exit_code == 0, result.stderr


def test_a_worker_that_dies_is_one_line():
    from grawlix_print.playtest.runner import Job, open_pool, run

    import playtest_toys

    with open_pool(2) as pool, pytest.raises(StudioError, match="a worker process ended without a word while playing"):
        run(Job(playtest_toys.DyingNim(), 2, ("random", "random"), 4000, 1), pool)


def test_a_compiled_path_is_compared_with_the_checked_moves_as_its_author_declares(duel):
    """A subclass whose play_many is a faster path of its own: its first games must be the checked
    ones, unless its author declares it trusted (check_compiled=False)."""
    from grawlix_print.playtest.checked import COMPILED_CHECKED
    from grawlix_print.plugin import EnginePlaytester, Games, play_each

    class Faithful(EnginePlaytester):
        def play_many(self, strategies, rng, count):
            return play_each(self, strategies, rng, count)  # the same games by another way

    class Cheating(EnginePlaytester):
        def play_many(self, strategies, rng, count):  # every game won by the first seat
            played = play_each(self, strategies, rng, count)
            return Games(played.winners * False + [True, False], played.lengths)

    base = Duel(duel_game.HERE / "templates").playtester()
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
    line = ("random", "random")
    Faithful(**fields).checked_game(line, random.Random("1:0"))
    with pytest.raises(StudioError, match=rf"Cheating.play_many plays other games than the checked moves do from the "
                                          rf"same generator \(game \d+ of {COMPILED_CHECKED}\)"):  # fmt: skip
        Cheating(**fields).checked_game(line, random.Random("1:0"))
    Cheating(**{**fields, "check_compiled": False}).checked_game(line, random.Random("1:0"))
