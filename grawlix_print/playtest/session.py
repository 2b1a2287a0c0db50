"""A playtest from Python: the same games and figures as ``grawlix-print playtest``, no files.

The command and this module share how a run is set up (``jobs``: the templates' rules, and the
built-in rules beside them when a designer's copy changed them) and how its figures are reported
(``record``), so a notebook and the command agree to the last digit for the same seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import StudioError
from . import DEFAULT_SEED
from .runner import Job, Outcome, batch_count, check_duration, open_pool, run


def jobs(game: Any, players: int, strategies: tuple[str, ...], games: int, seed: int, rotate: bool,
         budget: int | None = None) -> list[Job]:  # fmt: skip
    """The run of ``game`` (a game plug-in: anything with ``playtester``), and the built-in rules'
    run with the same seeds when its templates' rules differ from them."""
    playtester = game.playtester(budget)
    builtin = None if game.is_builtin else type(game)().playtester(budget)
    if builtin is not None and dict(builtin.rules()) == dict(playtester.rules()):
        builtin = None
    found = [Job(playtester, players, strategies, games, seed, rotate)]
    if builtin is not None:
        found.append(Job(builtin, players, strategies, games, seed, rotate))
    return found


def record(runs: Sequence[Job], outcomes: Sequence[Outcome]) -> dict:
    """The report (JSON-ready) of the runs played so far: the first, beside the built-in rules' if both ran."""
    from .report import Run, report  # (and the statistics): needed once the games are played

    played = [Run(job, outcome) for job, outcome in zip(runs, outcomes)]
    return report(played[0], played[1] if len(played) > 1 else None)


def strategies_for(given: Sequence[str], players: int, known: Sequence[str]) -> tuple[str, ...]:
    """One strategy per player: the one given for all, or one given per player."""
    chosen = tuple(name.strip().lower() for name in given)
    for name in chosen:
        if name not in known:
            raise StudioError(f"--strategy {name!r} is not one of {', '.join(known)}")
    if len(chosen) == 1:
        return chosen * players
    if len(chosen) != players:
        raise StudioError(
            f"--strategy given {len(chosen)} times for {players} players: give it once, or once per player"
        )
    return chosen


def playtest_games(game: Any, games: int = 1000, *, players: int = 0, strategies: Sequence[str] = ("random",),
             seed: int = DEFAULT_SEED, rotate_seats: bool = False, workers: int | None = 1,
             budget: int | None = None) -> dict:  # fmt: skip
    """Play ``games`` games of ``game`` (a game plug-in, ``grawlix_print.game(name)``) and return the
    figures ``grawlix-print playtest --json`` prints for the same settings; ``workers`` None uses
    every core."""
    playtester = game.playtester(budget)
    players = players or min(playtester.player_counts)
    if players not in playtester.player_counts:
        raise StudioError(f"{game.name} is not played by {players} players")
    chosen = strategies_for(strategies, players, playtester.strategies)
    runs = jobs(game, players, chosen, games, seed, rotate_seats, budget)
    with open_pool(workers, batches=batch_count(runs)) as pool:
        check_duration(runs, pool.workers)
        outcomes = [run(job, pool) for job in runs]
    return record(runs, outcomes)
