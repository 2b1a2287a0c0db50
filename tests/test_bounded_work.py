"""The work of a command is bounded by its inputs and refused up front, with the estimate, when it
would not finish: a sweep's games in all, a run whose games are slower than their game claims, the
figures a rules text quotes, a grid limit no tile set reaches."""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass

import pytest

from grawlix_print.errors import StudioError
from grawlix_print.playtest import quotable, runner
from grawlix_print.playtest.runner import MAX_RUN_GAMES, Job, check_duration, measured_seconds

from commands import refused, run_here
from playtest_toys import Nim


@dataclass(frozen=True)
class SlowNim(Nim):
    """Claims a microsecond a game and takes a millisecond (as greedy play under a large hand does)."""

    takes: float = 1e-3

    def play(self, strategies, rng):
        time.sleep(self.takes)
        return super().play(strategies, rng)


def test_a_sweeps_games_in_all_are_bounded_whatever_each_setting_plays():
    jobs = [Job(Nim(seconds=1e-9), 2, ("random", "random"), 10_000_000, 1) for _ in range(10)]
    check_duration(jobs, 2)  # 100,000,000 games in all: the bound itself
    with pytest.raises(StudioError, match=r"under each of 11 settings is 110,000,000 games, more than the 100,000,000 a sweep plays \(about"):
        check_duration(jobs + jobs[:1], 2)
    assert MAX_RUN_GAMES == 10**8


def test_the_ten_million_game_sweep_of_999_hand_sizes_is_one_line_at_once():
    began = time.monotonic()
    refused(run_here("playtest", "--vary", "hand_size=1..999", "--games", "10000000", "--workers", "1"),
            "under each of 18 settings is 180,000,000 games", "a sweep plays (about")  # fmt: skip
    assert time.monotonic() - began < 60


def test_a_run_whose_games_are_slower_than_claimed_is_measured_and_refused():
    """The claim (a microsecond) says 100 s; a measured millisecond a game says a day and more."""
    slow = SlowNim(seconds=1e-6)
    assert measured_seconds(Job(slow, 2, ("random", "random"), 10, 1)) >= 1e-3
    with pytest.raises(StudioError, match=r"would take about [\d,]+\.\d days on 1 core") as refused:
        check_duration(Job(slow, 2, ("random", "random"), 100_000_000, 1), 1)  # sleeps are a millisecond or more
    days = float(re.search(r"about ([\d,]+\.\d) days", str(refused.value)).group(1).replace(",", ""))
    assert days >= 1.1  # at least 10^8 x 1 ms: more on a busy machine, whose sleeps run long


@dataclass(frozen=True)
class SlowFirstNim(Nim):
    """Its first call takes a second (a compiled engine built on first use), the rest are quick."""

    calls: list = None  # type: ignore[assignment]

    def play_many(self, strategies, rng, count):
        self.calls.append(count)
        if len(self.calls) == 1:
            time.sleep(1.0)
        return super().play_many(strategies, rng, count)


def test_the_measurement_leaves_out_the_first_call():
    slow = SlowFirstNim(calls=[])
    assert measured_seconds(Job(slow, 2, ("random", "random"), 10, 1)) < 0.1 and slow.calls[0] == 1


def test_a_short_run_is_not_measured(monkeypatch):
    """Under a minute by its claim, a run costs no probe games (a small playtest's start stays quick)."""
    monkeypatch.setattr(runner, "measured_seconds", lambda job: pytest.fail("measured"))
    check_duration(Job(Nim(seconds=1e-3), 2, ("random", "random"), 100_000, 1), 2)  # 50 s claimed


def test_quoted_figures_that_would_take_too_long_are_refused_before_a_game_is_played(monkeypatch):
    played = []
    slow = SlowNim(seconds=1e-6, takes=0.0)
    monkeypatch.setattr(runner, "measured_seconds", lambda job: 1.0)  # a second a game: 1,000 s
    monkeypatch.setattr(runner, "run", lambda *a, **k: played.append(a))
    with pytest.raises(StudioError, match=r"are 1,000 games of random players, which would take about 16.7 minutes under these rules \(stones = 10\)"):
        quotable._play(slow, 1000, 1, "random", 2)
    assert not played


def test_a_grid_limit_past_any_tile_set_is_one_line_naming_the_key(tmp_path):
    import shutil
    from pathlib import Path

    templates = tmp_path / "templates"
    shutil.copytree(Path(__file__).resolve().parents[1] / "templates" / "grawlix", templates)
    text = (templates / "rules.toml").read_text()
    (templates / "rules.toml").write_text(text.replace("max_rows = 6", f"max_rows = {10 ** 30}"))
    refused(run_here("leaflet", "--templates", str(templates), "-o", str(tmp_path / "out")),
            "rules.toml", "max_rows must be at most 1,000")  # fmt: skip
