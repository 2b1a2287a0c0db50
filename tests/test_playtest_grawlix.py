"""Grawlix's playtest: its players obey the rules, their strength, its figures and the command."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from grawlix_print.cli import main
from grawlix_print.games import game
from grawlix_print.games.grawlix.engine import Match, Grid, random_game
from grawlix_print.games.grawlix.players import GrawlixPlaytester, tile_set
from grawlix_print.games.grawlix.rules import Rules
from grawlix_print.playtest import quotable
from grawlix_print.playtest.runner import InlineExecutor, Job, Pool, run
from grawlix_print.playtest.stats import Moments, mean_difference, proportion_difference, wilson

import oracle
from conftest import PROJECT, WITH_CTRL_C, set_rule
from tileset import TILE_SET


def played(rules: Rules, strategies, seed: int, budget: int = 60) -> Match:
    """A whole game as the playtest plays it, kept for inspection."""
    playtester = GrawlixPlaytester(rules, budget)
    rng = random.Random(seed)
    if all(s == "random" for s in strategies):
        return random_game(rules, rng)
    return playtester._played(strategies, rng)


def assert_obeys_the_rules(game: Match, rules: Rules) -> None:
    """Every move legal by the oracle, the loser stuck by the oracle, no tile lost or made."""
    limits = (rules.max_rows, rules.max_columns)
    table: dict = {}
    for move in game.history:
        assert oracle.legal_placement(table, move.location, move.tile, *limits)
        table[move.location] = move.tile
    assert table == game.grid.tiles()
    stuck = game.hand(game.to_move)
    assert stuck, "the loser holds tiles"
    assert not any(
        oracle.legal_placement(table, location, tile, *limits)
        for tile in stuck
        for location in oracle.legal_locations(table, *limits)
    )
    held = [t.index for h in (0, 1) for t in game.hand(h)]
    assert sorted([*(t.index for t in table.values()), *held, *(t.index for t in game.supply_tiles())]) == list(
        range(len(tile_set(rules)))
    )


@pytest.mark.parametrize("strategies", [("random", "random"), ("random", "greedy"), ("greedy", "search")])
@pytest.mark.parametrize("limits", [(6, 6, 4), (4, 5, 3), (7, 7, 2)])
def test_playtest_games_obey_the_rules(strategies, limits):
    rules = Rules(TILE_SET, *limits)
    for seed in range(2 if "search" in strategies else 6):
        assert_obeys_the_rules(played(rules, strategies, seed), rules)


def test_a_game_result_says_what_the_engine_says(rules):
    playtester = GrawlixPlaytester(rules)
    for strategies in (("random", "random"), ("greedy", "random")):
        for seed in range(5):
            result = playtester.play(strategies, random.Random(seed))
            game = played(rules, strategies, seed)
            assert result.winners == (1 - game.loser,)
            assert result.length == len(game.history) == len(game.grid) == result.measures["tiles_placed"]
            assert result.measures["supply_out"] == float(not game.supply_tiles())
            assert result.measures["grid_full"] == float((game.grid.rows, game.grid.columns) == (6, 6))


def test_the_fast_random_game_plays_as_the_random_player(rules):
    """random_game (the engine's fast path) and the random player through the public API are
    the same player: their game lengths and full grids do not differ significantly."""
    playtester = GrawlixPlaytester(rules)
    fast = [random_game(rules, random.Random(f"fast {k}")) for k in range(1500)]
    slow = [playtester._played(("random", "random"), random.Random(f"slow {k}")) for k in range(1500)]
    lengths = [Moments.of(Counter(len(g.placed) for g in games)) for games in (fast, slow)]
    assert mean_difference(*lengths).p_value > 0.01
    full = [sum((g.grid.rows, g.grid.columns) == (6, 6) for g in games) for games in (fast, slow)]
    assert proportion_difference(full[0], 1500, full[1], 1500).p_value > 0.01
    first = [sum(g.loser == 0 for g in games) for games in (fast, slow)]
    assert proportion_difference(first[0], 1500, first[1], 1500).p_value > 0.01


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 30))
def test_placement_counts_agree_with_the_legal_locations(seed, steps):
    """Grid.placements and locations_each (per tile, on the bit boards) against Grid.fitting
    (per location, on the lines' glyphs and colours) and the oracle."""
    rules = Rules(TILE_SET, 6, 6, 4)
    game = random_game(rules, random.Random(seed))
    grid = Grid(rules)
    for move in game.history[:steps]:
        grid.place(move.location, move.tile)
    rest = ~grid.placed_mask & ((1 << 36) - 1)
    per_location = grid.fitting(rest)
    assert grid.placements(rest) == sum(fits.bit_count() for _, fits in per_location)
    each = grid.locations_each(rest)
    for index, count in each.items():
        assert count == sum(fits >> index & 1 for _, fits in per_location)
    table = grid.tiles()
    naive = sum(
        oracle.legal_placement(table, location, tile, 6, 6)
        for tile in tile_set(rules)
        if rest >> tile.index & 1
        for location in oracle.legal_locations(table, 6, 6)
    )
    assert naive == grid.placements(rest)


def strength(rules, a: str, b: str, games: int, budget: int) -> tuple[int, int]:
    """Games ``a`` won against ``b``, seats rotated, and games played."""
    job = Job(GrawlixPlaytester(rules, budget), 2, (a, b), games, 2026, rotate=True)
    tally = run(job, Pool(InlineExecutor(), 1)).tally
    return tally.strategy_wins[a], tally.strategy_seats[a]


def test_search_beats_greedy_beats_random(rules):
    """The lower end of each win rate's 95 % interval is above one half (a small search budget)."""
    wins, games = strength(rules, "greedy", "random", 60, 1)
    assert wilson(wins, games)[0] > 0.5, (wins, games)
    wins, games = strength(rules, "search", "greedy", 30, 300)
    assert wilson(wins, games)[0] > 0.5, (wins, games)


def test_the_playtester_is_the_templates_game(rules):
    """The game's playtester plays its rules and credits its rulebook's authors; one made bare names the tile set."""
    grawlix = game("grawlix")
    playtester = grawlix.playtester(7)
    assert isinstance(playtester, GrawlixPlaytester) and playtester.game_rules == grawlix.rules == rules
    assert playtester.budget == 7 and grawlix.playtester().budget == GrawlixPlaytester(rules).budget == 1000
    assert playtester.credits.authors == grawlix.front_matter.authors != ()
    assert playtester.credits.title == grawlix.front_matter.title
    bare = GrawlixPlaytester(rules).credits
    assert (bare.title, bare.authors, bare.keywords) == (rules.tiles.title, (), (rules.tiles.title, "playtest"))


def test_quotable_figures_are_plain_and_cached(rules, monkeypatch):
    playtester = GrawlixPlaytester(rules)
    figures = quotable.quotable_figures(playtester, games=300, seed=7, strategy="random")
    assert figures["games"] == 300 and figures["seed"] == 7
    assert all(isinstance(v, (int, float, str)) and not isinstance(v, bool) for v in figures.values())
    assert 10 < figures["mean_turns"] < 34 and figures["median_turns"] == int(figures["median_turns"])
    assert figures["seat_1_wins_percent"] + figures["seat_2_wins_percent"] == pytest.approx(100, abs=1)
    assert {"grid_full_percent", "supply_out_percent", "mean_tiles_placed"} <= set(figures)

    def never(*args):
        raise AssertionError("played again")

    monkeypatch.setattr(quotable, "_play", never)
    assert quotable.quotable_figures(playtester, games=300, seed=7, strategy="random") == figures
    with pytest.raises(AssertionError, match="played again"):  # another rule: another entry
        quotable.quotable_figures(GrawlixPlaytester(Rules(TILE_SET, 5, 6, 4)), games=300, seed=7,
                                  strategy="random")  # fmt: skip


# --- the command -----------------------------------------------------------------------------


def playtest(*args: str):
    return CliRunner().invoke(main, ["playtest", *args])


def test_json_has_the_figures_and_ignores_the_workers(tmp_path):
    """--json prints the figures and writes them alone; the report of the same games on two workers
    holds the same figures, with its plots and PDF."""
    one = playtest("--games", "3000", "--workers", "1", "--json", "-o", str(tmp_path / "a"))
    two = playtest("--games", "3000", "--workers", "2", "-q", "-o", str(tmp_path / "b"))
    assert one.exit_code == 0 and two.exit_code == 0, one.stderr + two.stderr
    assert (tmp_path / "b" / "playtest" / "playtest.json").read_text() == one.stdout
    record = json.loads(one.stdout)
    assert record["games"] == 3000 and record["seed"] == 1 and record["strategies"] == ["random", "random"]
    assert len(record["seat_win_rate"]) == 2 and sum(record["seat_win_rate"]) == pytest.approx(1)
    for rate, (low, high) in zip(record["seat_win_rate"], record["seat_win_ci95"]):
        assert low < rate < high
    assert 15 < record["mean_length"] == record["mean_tiles_placed"] < 30
    assert "builtin" not in record  # the built-in rules: nothing to compare
    assert sorted(p.name for p in (tmp_path / "a" / "playtest").iterdir()) == ["playtest.json"]
    assert json.loads((tmp_path / "a" / "playtest" / "playtest.json").read_text()) == record
    assert sorted(p.name for p in (tmp_path / "b" / "playtest").iterdir()) == [
        "playtest-length.png", "playtest-wins.png", "playtest.json", "playtest.pdf"
    ]  # fmt: skip


def test_changed_rules_are_compared_with_the_built_in_game(templates_copy, tmp_path):
    set_rule(templates_copy, "max_rows", 5)
    result = playtest("--games", "2000", "--templates", str(templates_copy), "--json", "-o", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["rules"]["max_rows"] == 5 and record["builtin_rules"]["max_rows"] == 6
    length = record["differences"]["mean_length"]
    assert length["significant"] and length["difference"] < 0  # a smaller grid: shorter games
    assert record["builtin"]["games"] == 2000


@pytest.mark.parametrize("args, message", [
    (["--games", "0"], "--games must be from 1 to 10,000,000, not 0"),
    (["--games", "-1"], "--games must be from 1 to 10,000,000, not -1"),
    (["--games", "10000001"], "--games must be from 1 to 10,000,000, not 10,000,001"),
    (["--strategy", "clever"], "--strategy 'clever' is not one of random, greedy, search"),
    (["--players", "7"], "--players 7: grawlix is played by 2 players"),
    (["--game", "chess"], "no game 'chess'"),
    (["--games", "10000000", "--strategy", "search", "--budget", "100000"], "would take about"),
])  # fmt: skip
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, args, message):
    result = playtest(*args, "-o", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1 and result.stdout == ""
    assert not (tmp_path / "out" / "playtest" / "playtest.json").exists()


def test_rules_ending_every_game_at_once_are_refused(templates_copy, tmp_path):
    set_rule(templates_copy, "max_rows", 1)
    set_rule(templates_copy, "max_columns", 1)
    result = playtest("--templates", str(templates_copy), "-o", str(tmp_path / "out"))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "every game ends at once" in result.stderr and not (tmp_path / "out").exists()


def test_a_scheduler_address_that_does_not_answer(tmp_path):
    import socket

    with socket.socket() as unused:  # a port nobody listens on
        unused.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{unused.getsockname()[1]}"
    began = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "grawlix_print", "playtest", "--scheduler", address, "-o", str(tmp_path)],
        capture_output=True, text=True, cwd=PROJECT, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 1 and time.perf_counter() - began < 10
    assert done.stderr.startswith(f"error: no Dask scheduler answers at {address}: ")
    assert done.stderr.count("\n") == 1 and done.stdout == ""


def test_a_server_that_accepts_and_never_answers_is_one_line(tmp_path):
    """Something listens at the address, accepts the connection and says nothing: the command gives
    up at its deadline (--scheduler-timeout) with one line, instead of waiting while it holds on."""
    import socket

    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        done = subprocess.run(
            [sys.executable, "-m", "grawlix_print", "playtest", "--scheduler", address, "--scheduler-timeout", "1",
             "-o", str(tmp_path)],
            capture_output=True, text=True, cwd=PROJECT, timeout=120, check=False,
        )  # fmt: skip
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (f"error: no Dask scheduler answers at {address}: nothing within 1 s (something accepts "
                           "the connection but says nothing)\n")  # fmt: skip
    assert not (tmp_path / "playtest").exists()


@pytest.mark.parametrize("setting, message", [
    ("scheduler = 5", 'grawlix.toml: [playtest] scheduler must be a Dask scheduler\'s address in quotes, such as '
                      '"tcp://10.0.0.5:8786", not 5'),
    ('scheduler = "tcp://[::1"', "grawlix.toml: [playtest] scheduler 'tcp://[::1' is no address: Invalid IPv6 URL"),
    ('scheduler = "tcp://host:port"', "grawlix.toml: [playtest] scheduler 'tcp://host:port' is no address"),
    ('scheduler = "http://host:8786"', "grawlix.toml: [playtest] scheduler 'http://host:8786': http:// is no Dask "
                                       "transport"),
    ("scheduler-timeout = 0", "grawlix.toml: [playtest] scheduler-timeout must be a number of seconds"),
])  # fmt: skip
def test_a_scheduler_in_the_settings_is_checked_before_connecting(tmp_path, monkeypatch, setting, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "grawlix.toml").write_text(f"[playtest]\n{setting}\n")
    result = playtest("-o", str(tmp_path / "out"))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.output
    assert result.stderr.startswith(f"error: {message}"), result.stderr
    assert not (tmp_path / "out").exists()


def test_a_malformed_address_is_one_line(tmp_path):
    result = playtest("--scheduler", "tcp://[::1", "-o", str(tmp_path / "out"))
    assert result.exit_code == 1 and result.stderr == "error: --scheduler 'tcp://[::1' is no address: Invalid IPv6 URL\n"


def test_a_playtest_that_fails_writes_nothing(tmp_path):
    """A folder where the PDF goes: one line, and none of the report's other files appear."""
    (tmp_path / "playtest" / "playtest.pdf").mkdir(parents=True)
    result = playtest("--games", "200", "-o", str(tmp_path))
    assert result.exit_code == 1 and "a folder is in the way" in result.stderr and result.stderr.count("\n") == 1
    assert sorted(p.name for p in (tmp_path / "playtest").iterdir()) == ["playtest.pdf"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["playtest"]  # no staging folder left


def test_ctrl_c_writes_the_report_of_the_games_played(tmp_path):
    """Ctrl-C at a terminal (SIGINT to the whole process group) once games are being played."""
    out = tmp_path / "out"
    process = subprocess.Popen(
        [*WITH_CTRL_C, sys.executable, "-m", "grawlix_print", "playtest", "--games", "10000000", "-o", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=PROJECT, start_new_session=True,
        env={**os.environ, "PYTHONPATH": str(PROJECT)},
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not (out / "playtest").is_dir() and time.monotonic() < deadline:  # made before the first game
            time.sleep(0.05)
        time.sleep(1.5)
        os.killpg(process.pid, signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130
    assert stderr.splitlines()[-1] == "error: interrupted"
    record = json.loads((out / "playtest" / "playtest.json").read_text())
    assert f"{record['games']:,} of 10,000,000 games (interrupted)" in stdout  # the summary of the games played
    assert 0 < record["games"] < record["requested"] == 10_000_000 and record["complete"] is False
    assert f"the report holds {record['games']:,} of 10,000,000 games" in stderr
    assert (out / "playtest" / "playtest.pdf").read_bytes().startswith(b"%PDF")
    assert not list((out / "playtest").glob("*.part"))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("workers", ["2", "3"])
def test_a_terminated_playtest_leaves_no_worker_behind(tmp_path, workers):
    """SIGTERM (or SIGKILL) to the command alone: its workers end with it, rather than wait forever
    for batches, holding the terminal's output open."""
    out = tmp_path / "out"
    process = subprocess.Popen(
        [sys.executable, "-m", "grawlix_print", "playtest", "--games", "10000000", "--workers", workers, "-q",
         "-o", str(out)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=PROJECT, start_new_session=True,
        env={**os.environ, "PYTHONPATH": str(PROJECT)},
    )  # fmt: skip
    children: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while not children and time.monotonic() < deadline:  # its workers, once they play
            time.sleep(0.05)
            with open(f"/proc/{process.pid}/task/{process.pid}/children") as listed:
                children = [int(pid) for pid in listed.read().split()]
        assert children, "no worker process was started"
        time.sleep(0.5)
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
        deadline = time.monotonic() + 10
        alive = children
        while alive and time.monotonic() < deadline:
            time.sleep(0.05)
            alive = [pid for pid in children if _running(pid)]
        assert alive == []
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        for pid in children:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def _running(pid: int) -> bool:
    """Whether process ``pid`` is alive (a zombie is not: it has ended, unreaped by a dead parent)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
