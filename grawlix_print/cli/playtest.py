"""``grawlix-print playtest``: play many games by the templates' rules and report what happens."""

from __future__ import annotations

import sys
import time
from contextlib import ExitStack
from pathlib import Path

import click

from ..errors import GrawlixError
from ..facts.wording import join_words
from ..files import make_folder
from ..games import Game
from ..playtest import MAX_GAMES
from .app import main, report_written
from .options import WholeNumber, out_option, templates_option
from .settings import with_settings

PRODUCT_FOLDER = "playtest"


@main.command(short_help="Play many games by the rules: who wins, how long, with intervals.")
@click.option("--games", type=WholeNumber(1, MAX_GAMES), default=1000, show_default=True,
              help=f"How many games to play (at most {MAX_GAMES:,}).")  # fmt: skip
@click.option("--players", type=WholeNumber(0, 99), default=0, show_default=True,
              help="Players per game (0: the fewest the game allows).")  # fmt: skip
@click.option("--strategy", "strategy", multiple=True, default=("random",), show_default=True,
              help="random, greedy or search: once for every player, or once per player in seat "
                   "order.")  # fmt: skip
@click.option("--rotate-seats", is_flag=True,
              help="Turn the seats by one each game, so each strategy plays every seat equally "
                   "often: compares strategies without the first player's advantage.")  # fmt: skip
@click.option("--budget", type=WholeNumber(1, 10**9), default=1000, show_default=True,
              help="The search strategy's budget for each choice: positions scored or games "
                   "rolled out, as the report's description of search says.")  # fmt: skip
@click.option("--seed", type=WholeNumber(0, 2**63 - 1), default=1, show_default=True,
              help="Batch k of the games is played with random.Random('SEED:k'): the same seed, "
                   "the same figures, on any number of cores.")  # fmt: skip
@click.option("--workers", type=WholeNumber(0, 4096), default=0, show_default=True,
              help="Worker processes on this machine (0: one per core).")  # fmt: skip
@click.option("--scheduler", metavar="ADDRESS", default="",
              help="Play on a Dask cluster (tcp://host:8786) instead of this machine's cores; "
                   "needs pip install 'grawlix-print[cluster]'.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print the figures as one JSON object.")
@click.option("--quiet", "-q", is_flag=True, help="No progress display and no summary.")
@out_option
@templates_option
@with_settings
def playtest(games: int, players: int, strategy: tuple[str, ...], rotate_seats: bool, budget: int, seed: int,
             workers: int, scheduler: str, as_json: bool, quiet: bool, out: Path, game: Game) -> None:  # fmt: skip
    """Play many complete games by the templates' rules and report what happens.

    Prints seat win rates with 95 % Wilson intervals, game lengths and the
    game's own figures (how often something happens, how many of something),
    and writes them to playtest/ in the --out folder: playtest.json, a PNG
    per plot and playtest.pdf, one page.
    When the templates' rules differ from the built-in game's, both are
    played with the same seeds and shown side by side, with the differences
    and whether they are significant. Every core is used; Ctrl-C stops and
    writes the report of the games finished so far.
    """
    from ..playtest.output import write_report
    from ..playtest.report import Run, json_text, report, text_summary
    from ..playtest.runner import Job, check_duration, open_pool, run

    playtester = game.playtester(budget)
    builtin = None if game.is_builtin else type(game)().playtester(budget)
    if builtin is not None and dict(builtin.rules()) == dict(playtester.rules()):
        builtin = None
    players = players or min(playtester.player_counts)
    if players not in playtester.player_counts:
        allowed = join_words([str(n) for n in playtester.player_counts], "or")
        raise GrawlixError(f"--players {players}: {game.name} is played by {allowed} players")
    strategies = _strategies(strategy or ("random",), players, playtester.strategies)
    problem = playtester.problem()
    if problem is not None:
        raise GrawlixError(problem, str(game.templates))
    jobs = [Job(playtester, players, strategies, games, seed, rotate_seats)]
    if builtin is not None:
        jobs.append(Job(builtin, players, strategies, games, seed, rotate_seats))
    _probe(jobs[0], str(game.templates))

    outcomes = []
    began = time.perf_counter()
    with ExitStack() as stack:
        pool = stack.enter_context(open_pool(workers or None, scheduler.strip() or None))
        for job in jobs:
            check_duration(job, pool.workers)
        folder = make_folder(out / PRODUCT_FOLDER)  # a file in the way: one line before any game
        progress = None
        stderr = sys.stderr  # (click.get_text_stream is deprecated since click 8.4)
        if not quiet and stderr.isatty():
            label = f"Playing {games:,} games" + (" twice (these rules, built-in rules)" if builtin else "")
            progress = stack.enter_context(
                click.progressbar(length=games * len(jobs), label=label, file=stderr)
            )
        for job in jobs:
            outcome = run(job, pool, progress.update if progress is not None else None)
            outcomes.append(outcome)
            if outcome.interrupted:
                break
    seconds = time.perf_counter() - began
    interrupted = outcomes[-1].interrupted
    runs = [Run(job, outcome) for job, outcome in zip(jobs, outcomes)]
    record = report(runs[0], runs[1] if len(runs) > 1 else None)
    written = write_report(folder, record, playtester.credits)
    played = sum(o.tally.games for o in outcomes)
    if as_json:
        click.echo(json_text(record))
    elif not quiet:
        click.echo(text_summary(record))
        report_written(written)
    if not quiet:
        rate = played / seconds if seconds > 0 else 0.0
        click.echo(f"played {played:,} games in {seconds:.1f} s ({rate:,.0f} games/s on "
                   f"{pool.workers} {'worker' if pool.workers == 1 else 'workers'})", err=True)  # fmt: skip
    if interrupted:
        click.echo(f"interrupted: the report holds {record['games']:,} of {games:,} games", err=True)
        raise KeyboardInterrupt


def _strategies(given: tuple[str, ...], players: int, known: tuple[str, ...]) -> tuple[str, ...]:
    """One strategy per player: the one given for all, or one given per player."""
    chosen = tuple(name.strip().lower() for name in given)
    for name in chosen:
        if name not in known:
            raise GrawlixError(f"--strategy {name!r} is not one of {', '.join(known)}")
    if len(chosen) == 1:
        return chosen * players
    if len(chosen) != players:
        raise GrawlixError(
            f"--strategy given {len(chosen)} times for {players} players: give it once, or once per player"
        )
    return chosen


def _probe(job, where: str) -> None:
    """Refuse rules under which every game ends before its first turn (a few random games tell)."""
    import random

    rng = random.Random(f"{job.seed}:probe")
    randoms = ("random",) * job.players
    if all(job.playtester.play(randoms, rng).length == 0 for _ in range(8)):
        raise GrawlixError("every game ends at once under these rules: no turn is ever played", where)
