"""``grawlix-print playtest``: play many games by the templates' rules and report what happens,
or, with ``--vary``, sweep settings of the rules and report which one plays best."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..errors import StudioError
from ..facts.wording import join_words
from ..files import make_folder
from ..games import Game
from ..playtest import DEFAULT_SEED, MAX_GAMES
from .app import main, report_written
from .options import WholeNumber, option_label, out_option, templates_option
from .settings import with_settings

if TYPE_CHECKING:
    from ..playtest.runner import Job

PRODUCT_FOLDER = "playtest"
SCHEMES = ("tcp", "tls", "inproc", "ucx", "ws", "wss")  # the transports a Dask scheduler listens on


class SchedulerAddress(click.ParamType):
    """A Dask scheduler's address, checked before anything connects: ``tcp://host:8786``, or
    ``host:port``; anything else (a number in a settings file, ``tcp://[::1``, a port that is no
    number) is one line naming the flag or the file's key."""

    name = "address"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from urllib.parse import urlsplit

        label = option_label(param, ctx)
        if not isinstance(value, str):
            raise StudioError(f"{label} must be a Dask scheduler's address in quotes, such as "
                               f"\"tcp://10.0.0.5:8786\", not {value!r}")  # fmt: skip
        address = value.strip()
        if not address:
            return ""
        try:
            parts = urlsplit(address if "://" in address else f"tcp://{address}")
            port = parts.port
        except ValueError as error:
            raise StudioError(f"{label} {address!r} is no address: {error}") from None
        if parts.scheme not in SCHEMES:
            raise StudioError(f"{label} {address!r}: {parts.scheme}:// is no Dask transport "
                               f"({', '.join(SCHEMES)})")  # fmt: skip
        if parts.scheme != "inproc" and not parts.hostname:
            raise StudioError(f"{label} {address!r} names no host")
        if port == 0:
            raise StudioError(f"{label} {address!r}: port 0 is no port to connect to")
        return address


class Seconds(click.ParamType):
    """A number of seconds from ``low`` to ``high``."""

    name = "seconds"

    def __init__(self, low: float, high: float) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        label = option_label(param, ctx)
        try:
            seconds = float(value) if not isinstance(value, bool) else float("nan")
        except (TypeError, ValueError):
            seconds = float("nan")
        if not self.low <= seconds <= self.high:  # also refuses nan
            raise StudioError(f"{label} must be a number of seconds from {self.low:g} to {self.high:g}, not {value!r}")
        return seconds


@main.command(short_help="Play many games: who wins, how long; --vary sweeps rules.")
@click.option("--games", type=WholeNumber(1, MAX_GAMES), default=1000, show_default=True,
              help=f"How many games to play (at most {MAX_GAMES:,}); with --vary, for each variant.")  # fmt: skip
@click.option("--players", type=WholeNumber(0, 99), default=0, show_default=True,
              help="Players per game (0: the fewest the game allows).")  # fmt: skip
@click.option("--strategy", "strategy", multiple=True, default=("random",), show_default=True,
              help="A strategy the game's players offer (`grawlix-print games` lists each game's; "
                   "the built-in games: random, greedy, search): once for every player, or once per "
                   "player in seat order.")  # fmt: skip
@click.option("--rotate-seats", is_flag=True,
              help="Turn the seats by one each game, so each strategy plays every seat equally "
                   "often: compares strategies without the first player's advantage.")  # fmt: skip
@click.option("--budget", type=WholeNumber(1, 10**9), default=1000, show_default=True,
              help="The search strategy's budget for each choice: positions scored or games "
                   "rolled out, as the report's description of search says.")  # fmt: skip
@click.option("--seed", type=WholeNumber(0, 2**63 - 1), default=DEFAULT_SEED, show_default=True,
              help="Batch k of the games is played with random.Random('SEED:k'): the same seed, "
                   "the same figures, on any number of cores.")  # fmt: skip
@click.option("--vary", "vary", multiple=True, metavar="KEY=VALUES",
              help="Sweep a rule: play every combination of the values given (hand_size=2..6, "
                   "max_rows=5,6,7; any rule the game lets vary, and for Permutations dummies) with the same "
                   "seeds, and report each setting's figures and heat maps. Repeatable.")  # fmt: skip
@click.option("--suggest", is_flag=False, flag_value="balance", default=None, metavar="[CRITERION]",
              help="With --vary: write the best setting into a copy of the file the game keeps its rules in "
                   "(sweep-rules.toml for rules.toml). "
                   "balance (the default): the first player's advantage nearest zero; or FIGURE=TARGET, "
                   "one of first_seat, draws, shared_wins, length, dummy_wins, lead or the game's own measures "
                   "(draws=15: nearest 15 %).")  # fmt: skip
@click.option("--workers", type=WholeNumber(0, 4096), default=0, show_default=True,
              help="Worker processes on this machine (0: one per core).")  # fmt: skip
@click.option("--scheduler", type=SchedulerAddress(), metavar="ADDRESS", default="",
              help="Play on a Dask cluster (tcp://host:8786) instead of this machine's cores; "
                   "needs pip install 'grawlix-print[cluster]'.")  # fmt: skip
@click.option("--scheduler-timeout", type=Seconds(0.1, 600), default=3.0, show_default=True,
              help="Seconds the scheduler has to accept the connection and answer, together.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True,
              help="Print the figures as one JSON object, and write them alone (playtest.json: no plots, no PDF).")
@click.option("--quiet", "-q", is_flag=True, help="No progress display and no summary.")
@out_option
@templates_option
@with_settings
def playtest(games: int, players: int, strategy: tuple[str, ...], rotate_seats: bool, budget: int, seed: int,
             vary: tuple[str, ...], suggest: str | None, workers: int, scheduler: str, scheduler_timeout: float,
             as_json: bool, quiet: bool, out: Path, game: Game) -> None:  # fmt: skip
    """Play many complete games by the templates' rules and report what happens.

    Prints seat win rates with 95 % Wilson intervals, game lengths and the
    game's own figures (how often something happens, how many of something),
    and writes them to playtest/ in the --out folder: playtest.json, a PNG
    per plot and playtest.pdf.
    When the templates' rules differ from the built-in game's, both are
    played with the same seeds and shown side by side, with the differences
    and whether they are significant. Every core is used; Ctrl-C stops and
    writes the report of the games finished so far.

    With --vary, every setting of the rules named is played (the same games,
    the same seeds) and compared: the first player's advantage, shared wins,
    length, dummy wins and the winner's lead, each with its interval, as a
    table and heat maps in sweep.json, sweep-*.png and sweep.pdf.
    """
    playtester = game.playtester(budget)
    players = players or min(playtester.player_counts)
    if players not in playtester.player_counts:
        allowed = join_words([str(n) for n in playtester.player_counts], "or")
        raise StudioError(f"--players {players}: {game.name} is played by {allowed} players")
    from ..playtest.session import strategies_for

    strategies = strategies_for(strategy or ("random",), players, playtester.strategies)
    if suggest is not None and not vary:
        raise StudioError("--suggest needs --vary: it picks one of a sweep's settings")
    problem = playtester.problem()
    if problem is not None and not vary:
        raise StudioError(problem, str(game.templates))
    where = Where(workers, scheduler, scheduler_timeout)
    if vary:
        _sweep(game, players, strategies, vary, suggest, games, seed, rotate_seats, budget, where, as_json, quiet,
               out)  # fmt: skip
        return
    _playtest(game, players, strategies, games, seed, rotate_seats, budget, where, as_json, quiet, out)


@dataclass(frozen=True)
class Where:
    """Where the games are played: ``workers`` local processes, or a Dask ``scheduler`` given
    ``timeout`` seconds to answer."""

    workers: int
    scheduler: str
    timeout: float

    def pool(self, jobs: Sequence[Job]):
        from ..playtest.runner import batch_count, open_pool

        return open_pool(self.workers or None, self.scheduler or None, self.timeout, batch_count(jobs))


@contextmanager
def _made_for_the_report(folder: Path) -> Iterator[Path]:
    """``folder`` made before any game is played (a file in the way is one line then), and taken away
    again, with the parents made for it, if the games fail before the report is written in it."""
    made = [path for path in (folder, *folder.parents) if not path.exists()]
    make_folder(folder)
    try:
        yield folder
    except BaseException:
        for path in made:  # the deepest first; a folder something was written in stays
            with suppress(OSError):
                path.rmdir()
        raise


def _progress(stack: ExitStack, quiet: bool, total: int, label: str):
    """A bar on a terminal only: a log or a pipe gets the summary alone."""
    stderr = sys.stderr  # (click.get_text_stream is deprecated since click 8.4)
    if quiet or not stderr.isatty():
        return None
    return stack.enter_context(click.progressbar(length=total, label=label, file=stderr))


def _played_line(played: int, seconds: float, workers: int) -> str:
    rate = played / seconds if seconds > 0 else 0.0
    return f"played {played:,} games in {seconds:.1f} s ({rate:,.0f} games/s on {workers} " \
           f"{'worker' if workers == 1 else 'workers'})"  # fmt: skip


def _playtest(game: Game, players: int, strategies: tuple[str, ...], games: int, seed: int, rotate: bool,
              budget: int, where: Where, as_json: bool, quiet: bool, out: Path) -> None:  # fmt: skip
    from ..playtest import session
    from ..playtest.output import write_report
    from ..playtest.report import json_text, text_summary
    from ..playtest.runner import check_duration, run

    playtester = game.playtester(budget)
    jobs = session.jobs(game, players, strategies, games, seed, rotate, budget)
    builtin = len(jobs) > 1
    _probe(jobs[0], str(game.templates))
    _engine_note(game, jobs[0], quiet)

    outcomes = []
    began = time.perf_counter()
    with ExitStack() as stack:
        pool = stack.enter_context(where.pool(jobs))
        check_duration(jobs, pool.workers)
        folder = stack.enter_context(_made_for_the_report(out / PRODUCT_FOLDER))  # a file in the way: one line
        label = f"Playing {games:,} games" + (" twice (these rules, built-in rules)" if builtin else "")
        progress = _progress(stack, quiet, games * len(jobs), label)
        for job in jobs:
            outcome = run(job, pool, progress.update if progress is not None else None)
            outcomes.append(outcome)
            if outcome.interrupted:
                break
    seconds = time.perf_counter() - began
    interrupted = outcomes[-1].interrupted
    record = session.record(jobs, outcomes)
    written = write_report(folder, record, playtester.credits, figures_only=as_json)
    played = sum(o.tally.games for o in outcomes)
    if as_json:
        click.echo(json_text(record))
    elif not quiet:
        click.echo(text_summary(record))
        report_written(written)
    if not quiet:
        click.echo(_played_line(played, seconds, pool.workers), err=True)
    if interrupted:
        click.echo(f"interrupted: the report holds {record['games']:,} of {games:,} games", err=True)
        raise KeyboardInterrupt


def _sweep(game: Game, players: int, strategies: tuple[str, ...], vary: tuple[str, ...], suggest: str | None,
           games: int, seed: int, rotate: bool, budget: int, where: Where, as_json: bool, quiet: bool,
           out: Path) -> None:  # fmt: skip
    """Play every variant ``vary`` names and write the sweep's report (and the suggested rules)."""
    from ..playtest.output import write_sweep
    from ..playtest.report import json_text
    from ..playtest.runner import Job, check_duration, run_many
    from ..playtest.sweep import (
        parse_criterion,
        parse_vary,
        suggestion,
        sweep_record,
        sweep_summary,
        variants,
    )

    playtester = game.playtester(budget)
    varied = [parse_vary(text) for text in vary]
    criterion = parse_criterion(suggest, playtester.measures) if suggest is not None else None
    found = variants(playtester, varied, players, seed)
    jobs = [Job(v.playtester, players, strategies, games, seed, rotate) for v in found if v.playtester is not None]
    _engine_note(game, jobs[0], quiet)
    rules_file = game.rules_file()
    rules_text = rules_file.read() if criterion is not None else None  # unreadable: before any game
    began = time.perf_counter()
    with ExitStack() as stack:
        pool = stack.enter_context(where.pool(jobs))
        check_duration(jobs, pool.workers)
        folder = stack.enter_context(_made_for_the_report(out / PRODUCT_FOLDER))
        label = f"Playing {games:,} games under each of {len(jobs):,} settings"
        progress = _progress(stack, quiet, games * len(jobs), label)
        outcomes = run_many(jobs, pool, progress.update if progress is not None else None)
    seconds = time.perf_counter() - began
    record = sweep_record(playtester, varied, found, jobs, outcomes, games, seed, players, strategies, rotate)
    suggested_text = None
    if criterion is not None and rules_text is not None:
        chosen = suggestion(record, criterion)
        record["suggestion"] = chosen
        if chosen is not None:
            note = (f"Suggested by grawlix-print playtest --vary ({chosen['criterion']}; {games:,} games each, "
                    f"seed {seed}): the templates' {rules_file.path.name} with the suggested values")  # fmt: skip
            suggested_text, missing = rules_file.suggested(rules_text, chosen["rules"], note)
            chosen["rules_file"] = rules_file.path.name
            chosen["not_in_rules_file"] = missing
    suggested = (rules_file.path.name, suggested_text) if suggested_text is not None else None
    written = write_sweep(folder, record, playtester.credits, suggested)
    if as_json:
        click.echo(json_text(record))
    elif not quiet:
        click.echo(sweep_summary(record))
        report_written(written)
    if not quiet:
        chosen = record.get("suggestion")
        if criterion is not None and chosen is None:
            click.echo(f"note: no variant has a figure for {criterion.words}: nothing suggested", err=True)
        for key in (chosen or {}).get("not_in_rules_file", []):
            value = (chosen or {})["rules"][key]
            name = rules_file.path.name
            click.echo(f"note: {key} {value} is a table setting, not a key of {name}: sweep-{name} leaves it out",
                       err=True)  # fmt: skip
        played = sum(o.tally.games for o in outcomes)
        click.echo(_played_line(played, seconds, pool.workers), err=True)
    if any(o.interrupted for o in outcomes):
        played = sum(o.tally.games for o in outcomes)
        click.echo(f"interrupted: the report holds {played:,} of {games * len(jobs):,} games", err=True)
        raise KeyboardInterrupt


def _engine_note(game: Game, job: Job, quiet: bool) -> None:
    """One note, before the games, when they are played in Python for want of the compiled engine."""
    from ..playtest.compiled import note

    told = note(game.name, job.playtester, [strategies for strategies, _ in job.seatings(0, job.players)])
    if told is not None and not quiet:
        click.echo(f"note: {told}", err=True)


def _probe(job, where: str) -> None:
    """Refuse rules under which every game ends before its first turn (a few random games tell)."""
    from ..playtest.runner import ends_at_once

    if ends_at_once(job.playtester, job.players, job.seed):
        raise StudioError("every game ends at once under these rules: no turn is ever played", where)
