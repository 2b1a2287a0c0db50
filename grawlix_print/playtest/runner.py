"""Playing many games: seeded games in batches, on an executor, with progress and Ctrl-C.

A run's games are cut into batches of a fixed size (a tenth of a second of
play, by the game's own fixed estimate for the strategies: never measured, so
the cut depends on the run's settings alone). Batch ``k`` of a run with seed
``S`` plays its games with ``random.Random(f"{S}:{k}")`` and nothing else,
by ``Playtester.play_many`` (one call per seating of the batch's games: a
game may play them in C or many abreast, the same games as one after the
other). So its games do not depend on which worker plays it,
nor on how many workers there are, and the batches' tallies add up exactly:
the same seed gives the same figures on one core, on every core or on a cluster.

Batches run on any ``concurrent.futures.Executor``: worker processes on this
machine by default (``open_executor``), a Dask cluster when a scheduler
address is given (``dask.distributed``, imported only then), or this very
process for one worker. At most a few batches per worker are queued at a
time, so Ctrl-C stops promptly: queued batches are cancelled, the running
ones are stopped, and the games finished so far are kept.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

from ..errors import StudioError
from .protocol import Playtester
from .tally import Tally

DAY_SECONDS = 24 * 3600
BATCH_SECONDS = 0.1  # play per batch: short enough for progress and Ctrl-C, long enough to be cheap
MAX_BATCH = 20_000  # a batch of random games played abreast is cheap per game
QUEUED_PER_WORKER = 2
CONNECT_SECONDS = 3.0  # how long a scheduler address may take to answer


def batch_seed(seed: int, batch: int) -> str:
    """The seed of batch ``batch`` of a run seeded ``seed``: derived from the two alone."""
    return f"{seed}:{batch}"


@dataclass(frozen=True)
class Job:
    """A run: ``games`` games of ``playtester`` by ``players`` players playing ``strategies``.

    ``strategies`` holds one strategy per player, in seat order (dummies aside).
    With ``rotate``, game ``g`` seats them turned by ``g`` places, so each
    strategy plays every seat equally often and their win rates can be
    compared without the first player's advantage.
    """

    playtester: Playtester
    players: int
    strategies: tuple[str, ...]
    games: int
    seed: int
    rotate: bool = False

    def __post_init__(self) -> None:
        if len(self.strategies) != self.players:
            raise ValueError(f"{len(self.strategies)} strategies for {self.players} players")

    @property
    def seats(self) -> int:
        return self.playtester.seat_count(self.players)

    def strategies_of(self, game: int) -> tuple[str, ...]:
        """The players' strategies in game ``game``, in seat order."""
        if not self.rotate:
            return self.strategies
        turn = game % self.players
        return self.strategies[turn:] + self.strategies[:turn]

    def seating(self, strategies: Sequence[str]) -> tuple[str | None, ...]:
        """Every seat's strategy, None for a dummy."""
        dummies = set(self.playtester.dummy_seats(self.players))
        players = iter(strategies)
        return tuple(None if seat in dummies else next(players) for seat in range(self.seats))

    def seatings(self, start: int, stop: int) -> list[tuple[tuple[str, ...], int]]:
        """The strategies of each seating among games ``start`` to ``stop - 1``, and how many of
        those games it has: one seating unless seats are rotated among different strategies."""
        if not self.rotate or len(set(self.strategies)) == 1:
            return [(self.strategies, stop - start)]
        found = []
        for turn in range(self.players):
            count = len(range(start + (turn - start) % self.players, stop, self.players))
            if count:
                found.append((self.strategies_of(turn), count))
        return found

    def seconds_per_game(self) -> float:
        return max(self.playtester.seconds_per_game(self.strategies), 1e-6)

    def batch_size(self) -> int:
        return max(1, min(MAX_BATCH, int(BATCH_SECONDS / self.seconds_per_game())))

    def batches(self) -> list[tuple[int, int]]:
        """The batches as (first game, end game) ranges, in order: batch k starts at k times the size."""
        size = self.batch_size()
        return [(start, min(start + size, self.games)) for start in range(0, self.games, size)]


def play_batch(job: Job, start: int, stop: int) -> Tally:
    """Games ``start`` to ``stop - 1`` of ``job`` (one batch), tallied: what a worker runs.

    The batch's games are played by ``Playtester.play_many``, one call per seating: with seats
    rotated, first the batch's games seated as listed, then those turned by one place, and so on.
    The run's first batch first plays its first game of each seating with every check, twice, where
    the playtester offers that (``checked_game``). A fault of a plug-in's own code leaves as one line
    (a ``StudioError``: plain data that any worker sends back as it is), worded here where its
    traceback is.
    """
    try:
        tally = Tally(job.seats)
        rng = random.Random(batch_seed(job.seed, start // job.batch_size()))
        seatings = job.seatings(start, stop)
        checked = getattr(job.playtester, "checked_game", None) if start == 0 else None
        if checked is not None:
            for strategies, _ in seatings:
                checked(strategies, rng)
        for strategies, count in seatings:
            tally.add_games(job.playtester.play_many(strategies, rng, count), job.seating(strategies))
        return tally
    except StudioError:
        raise
    except Exception as error:
        fault = _plugin_fault(job.playtester, error)
        if fault is None:
            raise
        raise fault from None


def _plugin_fault(playtester: Playtester, error: BaseException) -> StudioError | None:
    """A fault of a plug-in's own playtester as its one line, or None when the playtester is this
    package's own (a built-in game's bug shows its traceback) or the user asked for tracebacks."""
    import inspect
    from pathlib import Path

    from ..plugin_faults import PACKAGE, debugging, plugin_fault

    try:
        home = Path(inspect.getfile(type(playtester))).resolve().parent
    except (TypeError, OSError):
        return None
    if debugging() or home.is_relative_to(PACKAGE):
        return None
    return plugin_fault(playtester.name, error, "while playing", home)


@dataclass(frozen=True)
class Outcome:
    """What a run finished: the tally of its complete batches, and whether Ctrl-C cut it short."""

    tally: Tally
    requested: int
    interrupted: bool

    @property
    def complete(self) -> bool:
        return self.tally.games == self.requested


def run(job: Job, pool: Pool, on_progress: Callable[[int], None] | None = None) -> Outcome:
    """Play ``job`` on ``pool``; ``on_progress(games)`` after each batch with the games it held.

    Ctrl-C (KeyboardInterrupt) ends the run with the batches finished so far
    and stops the pool; a batch that fails stops the run, and the error of the earliest batch that
    fails is raised (the batches before it are waited for: the same error whichever worker is quicker).
    """
    return run_many([job], pool, on_progress)[0]


def run_many(jobs: Sequence[Job], pool: Pool, on_progress: Callable[[int], None] | None = None) -> list[Outcome]:
    """Play every job of ``jobs`` on ``pool``, their batches in one stream (job after job), so the
    workers never wait between jobs; their outcomes in order. Ctrl-C and failures as ``run``."""
    if pool.workers > 1:  # no games, but a compiled engine is built here once, not in every worker at once
        for job in jobs:
            _sendable(job.playtester)
            job.playtester.play_many(job.strategies, random.Random(0), 0)
    batches = iter([(n, start, stop) for n, job in enumerate(jobs) for start, stop in job.batches()])
    pending: dict[Future, tuple[int, int, int]] = {}
    done_parts: list[dict[int, Tally]] = [{} for _ in jobs]
    interrupted = False
    failed: tuple[tuple[int, int, int], BaseException] | None = None
    try:
        while True:
            while failed is None and len(pending) < QUEUED_PER_WORKER * pool.workers:
                batch = next(batches, None)
                if batch is None:
                    break
                n, start, stop = batch
                pending[pool.executor.submit(play_batch, jobs[n], start, stop)] = batch
            if failed is not None:  # only the batches before the failed one matter now: one may fail first
                for future in [f for f, batch in pending.items() if batch > failed[0]]:
                    future.cancel()
                    del pending[future]
            if not pending:
                break
            finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=lambda f: pending[f]):
                batch = pending.pop(future)
                error = _failure(future)
                if error is not None:
                    if failed is None or batch < failed[0]:
                        failed = (batch, error)
                    continue
                n, start, stop = batch
                done_parts[n][start] = future.result()
                if on_progress is not None:
                    on_progress(stop - start)
    except KeyboardInterrupt:
        interrupted = True
        pool.stop()
    except BaseException:
        pool.stop()
        raise
    if failed is not None:
        pool.stop()
        raise failed[1]
    return [
        Outcome(Tally.total(job.seats, (parts[start] for start in sorted(parts))), job.games, interrupted)
        for job, parts in zip(jobs, done_parts)
    ]


def _sendable(playtester: Playtester) -> None:
    """Refuse, in one line, a playtester that cannot be sent to a worker (pickled): a strategy that
    is a lambda or a function defined inside another is not found by name in the worker."""
    import pickle

    try:
        pickle.dumps(playtester)
    except Exception as error:  # noqa: BLE001  (pickle raises several kinds, and the plug-in's own)
        raise StudioError(f"its playtester cannot be sent to worker processes ({type(error).__name__}: {error}): "
                          "define every strategy and rules class at the top level of a module",
                          f"game {playtester.name}") from None  # fmt: skip


def _failure(future: Future) -> BaseException | None:
    """A finished batch's error, if it has one: the fault a worker sent back, or a worker that ended
    without a word (killed, out of memory, a compiled engine's crash) as one line."""
    from concurrent.futures import BrokenExecutor, CancelledError

    try:
        error = future.exception()
    except CancelledError:
        return None
    if isinstance(error, BrokenExecutor):
        return StudioError("a worker process ended without a word while playing (killed, out of memory, or a "
                           "compiled engine's crash): play on one worker (--workers 1) to see where")  # fmt: skip
    return error


def ends_at_once(playtester: Playtester, players: int, seed: int) -> bool:
    """Whether every game ends before its first turn under these rules (eight random games tell)."""
    rng = random.Random(f"{seed}:probe")
    randoms = ("random",) * players
    return all(playtester.play(randoms, rng).length == 0 for _ in range(8))


# --- executors ---------------------------------------------------------------------------


class InlineExecutor(Executor):
    """Runs each batch at once in this process: one worker, no start-up, no pickling."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # KeyboardInterrupt passes: the run's loop takes it
            future.set_exception(error)
        return future


@dataclass
class Pool:
    """An executor, how many batches it runs at once, and how to stop it at once."""

    executor: Executor
    workers: int
    stop: Callable[[], None] = lambda: None


PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent ends


def _start_worker(parent: int) -> None:
    """In a worker process: Ctrl-C is the parent's to handle (it stops the workers itself); and the
    worker ends with its parent, however that ends (SIGTERM, SIGKILL), rather than wait forever on a
    queue that its own inherited end keeps open, holding the parent's terminal."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        import ctypes

        with suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # the parent ended before the request was made
        os._exit(1)


def local_workers() -> int:
    """The cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def _stop_processes(executor: Executor) -> None:
    """Stop a process pool now: queued batches cancelled, running ones ended (their games are lost)."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with suppress(OSError, AttributeError, ValueError):
            process.terminate()
    for process in processes:
        with suppress(OSError, AttributeError, ValueError, AssertionError):
            process.join(5)


def batch_count(jobs: Sequence[Job]) -> int:
    """How many batches ``jobs`` are cut into: more local workers than that would only wait."""
    return sum(len(range(0, job.games, job.batch_size())) for job in jobs)  # counted, not listed


@contextmanager
def open_pool(workers: int | None = None, scheduler: str | None = None,
              timeout: float = CONNECT_SECONDS, batches: int | None = None, forked: bool = False) -> Iterator[Pool]:  # fmt: skip
    """Where batches run: a Dask cluster, this machine's processes, or this process for one worker.

    ``scheduler`` is a Dask scheduler address (``tcp://host:8786``); one that
    does not accept the connection and answer within ``timeout`` seconds
    (both together) is a one-line error. Without it, ``workers`` processes
    (default: every core this process may use), but no more than the run's
    ``batches``: a run of one batch (a thousand random games) is played in
    this process, without starting workers that would cost more than the games.
    ``forked`` workers are copies of this process, made with fork(2) whatever
    the platform's default: they find the objects it holds (a game's faces, drawn
    by functions that cannot be pickled) without being sent them. Where there is
    no fork (Windows), that is this process alone.
    """
    if scheduler is not None:
        with _dask_pool(scheduler, timeout) as pool:
            yield pool
        return
    count = local_workers() if workers is None else workers
    if batches is not None:
        count = min(count, batches)
    if count > 1 and forked:
        import multiprocessing

        count = count if "fork" in multiprocessing.get_all_start_methods() else 1
    if count <= 1:
        yield Pool(InlineExecutor(), 1)
        return
    import multiprocessing  # (and the pool): only where workers start
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork") if forked else None
    executor = ProcessPoolExecutor(count, context, initializer=_start_worker, initargs=(os.getpid(),))
    stopped = False

    def stop() -> None:
        nonlocal stopped
        if not stopped:
            stopped = True
            _stop_processes(executor)

    try:
        yield Pool(executor, count, stop)
    except BaseException:
        stop()
        raise
    if not stopped:
        executor.shutdown(wait=True)


def _answers(address: str, seconds: float) -> tuple[str | None, bool]:
    """Why nothing answers at a scheduler address within ``seconds``, or None; and whether it was
    heard from. A Dask scheduler speaks first on tcp:// (its handshake, the moment it accepts), so
    a server that accepts and says nothing is found here, before Dask is even imported; tls:// and
    other transports are left to Dask's client."""
    import socket
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(address if "://" in address else f"tcp://{address}")
        host, port = parts.hostname, parts.port or 8786
    except ValueError as error:  # checked by the command already; here for callers in Python
        return str(error), False
    if parts.scheme not in ("tcp", "tls"):
        return None, False
    if not host:
        return "no host in the address", False
    deadline = time.monotonic() + seconds
    heard = b""
    try:
        with socket.create_connection((host, port), timeout=max(0.05, seconds)) as connection:
            if parts.scheme == "tls":
                return None, False
            while len(heard) < _GREETING:
                connection.settimeout(max(0.05, deadline - time.monotonic()))
                chunk = connection.recv(_GREETING - len(heard))
                if not chunk:
                    break
                heard += chunk
    except socket.timeout:
        if not heard:
            return f"nothing within {seconds:g} s (something accepts the connection but says nothing)", False
    except OSError as error:
        return error.strerror or str(error) or type(error).__name__, False
    if not heard:
        return "it closed the connection without a word", False
    if not _dask_greeting(heard):
        return f"something answers, but it speaks no Dask (it began {_shown_bytes(heard)})", True
    return None, True


_GREETING = 24
"""What a Dask scheduler's first message begins with on tcp://: its whole length, its number of
frames and its first frame's length, each 8 bytes, little-endian (``distributed.comm.tcp``)."""


def _dask_greeting(data: bytes) -> bool:
    """Whether ``data`` can begin a Dask message: a handshake of a few frames and a few kilobytes."""
    import struct

    if len(data) < _GREETING:
        return False
    total, frames, first = struct.unpack("<QQQ", data[:_GREETING])
    return 0 < frames <= 64 and 0 < first <= total <= 1 << 20


def _shown_bytes(data: bytes) -> str:
    """The first bytes a peer sent, as text where they are text (``'HTTP/1.1 400'``), else in hex."""
    head = data[:16]
    if all(32 <= b < 127 for b in head.rstrip(b"\r\n")):
        return repr(head.decode("ascii").split("\r")[0])
    return head.hex(" ")


@contextmanager
def _dask_pool(address: str, timeout: float = CONNECT_SECONDS) -> Iterator[Pool]:
    """A pool on the Dask scheduler at ``address``, given ``timeout`` seconds in all to accept the
    connection, speak, and tell how many worker threads it has (the time this process spends
    importing Dask does not count). A server that accepts and never speaks is found before Dask
    is imported; Dask's client is made in a thread of its own, so nothing it waits for can make
    the command wait past the deadline."""
    import threading

    began = time.monotonic()
    why, heard = _answers(address, timeout)
    if why is not None:
        raise StudioError(f"no Dask scheduler answers at {address}: {why}")
    imported = time.monotonic()
    try:
        from distributed import Client
    except ImportError:
        raise StudioError(
            "--scheduler needs dask.distributed: pip install 'grawlix-print[cluster]'"
        ) from None
    deadline = began + timeout + (time.monotonic() - imported)  # the import is this machine's time
    made: dict[str, Any] = {}

    def connect() -> None:
        try:
            client = Client(address, timeout=max(0.1, deadline - time.monotonic()), set_as_default=False)
            made["client"] = client
            made["workers"] = sum(client.nthreads().values())
        except BaseException as error:  # noqa: BLE001  (told to the waiting thread, which words it)
            made["error"] = error

    thread = threading.Thread(target=connect, name="grawlix-dask-connect", daemon=True)
    thread.start()
    thread.join(max(0.0, deadline - time.monotonic()))
    if thread.is_alive() or "error" in made:
        _let_go(made)
        if thread.is_alive() or not heard:
            raise StudioError(f"no Dask scheduler answers at {address} within {timeout:g} s")
        raise StudioError(f"something answers at {address}, but it is no Dask scheduler")
    client, workers = made["client"], made["workers"]
    try:
        if workers == 0:
            raise StudioError(f"the Dask scheduler at {address} has no workers")
        executor = client.get_executor(pure=False)
        yield Pool(executor, workers, lambda: executor.shutdown(wait=False))
    finally:
        with suppress(Exception):
            client.close(timeout=timeout)


def _let_go(made: dict) -> None:
    """Stop a client that did not finish connecting, without waiting for the server to reply."""
    client = made.get("client")
    if client is not None:
        with suppress(Exception):
            client.close(timeout=0.1)


def check_duration(jobs: Job | Sequence[Job], workers: int) -> None:
    """Refuse a run (or a sweep's runs together) that could not finish within a day on ``workers`` workers.

    The estimate is each game's fixed one (``Playtester.seconds_per_game``), or where that is short
    of a run over a minute, a short measurement of the job's own games in this process: a fixed
    estimate cannot know that greedy play under a hand of 18 tiles takes eight times a hand of 4."""
    jobs = [jobs] if isinstance(jobs, Job) else list(jobs)
    workers = max(1, workers)
    each = [job.seconds_per_game() for job in jobs]
    claimed = sum(job.games * s for job, s in zip(jobs, each)) / workers
    if PROBED_FROM_SECONDS < claimed <= DAY_SECONDS and sum(job.games for job in jobs) <= MAX_RUN_GAMES:
        each = [max(s, measured_seconds(job)) for job, s in zip(jobs, each)]  # refused by its claim: never played
    seconds = sum(job.games * s for job, s in zip(jobs, each)) / workers
    total = sum(job.games for job in jobs)
    if total > MAX_RUN_GAMES:
        raise StudioError(
            f"--games {jobs[0].games:,} under each of {len(jobs):,} settings is {total:,} games, more than the "
            f"{MAX_RUN_GAMES:,} a sweep plays (about {_duration(seconds)} on {workers} "
            f"{'core' if workers == 1 else 'cores'}): play fewer games or vary fewer settings"
        )
    if seconds > DAY_SECONDS:
        job = jobs[0]
        what = (f"--games {job.games:,} of {', '.join(job.strategies)}" if len(jobs) == 1 else
                f"--games {job.games:,} under each of {len(jobs):,} settings")  # fmt: skip
        raise StudioError(
            f"{what} would take about {seconds / DAY_SECONDS:,.1f} days on {workers} "
            f"{'core' if workers == 1 else 'cores'}: play fewer games or give search a smaller --budget"
        )


MAX_RUN_GAMES = 10**8
"""Games in one command, every setting of a sweep together: ten times a playtest's most, and more
than a comparison of settings needs (at 10,000,000 games each, an interval is +-0.03 points)."""


def _duration(seconds: float) -> str:
    for unit, length in (("days", DAY_SECONDS), ("hours", 3600), ("minutes", 60)):
        if seconds >= length:
            return f"{seconds / length:,.1f} {unit}"
    return f"{seconds:.0f} s"


PROBED_FROM_SECONDS = 60.0
"""A run whose fixed estimate is under a minute is not measured (what a small playtest costs stays)."""
PROBE_SECONDS = 0.03


def measured_seconds(job: Job) -> float:
    """One game's time, measured: the job's first seating played in this process, once to warm up,
    then 1, 2, 4... games at a time (so a batch's fixed cost is spread as in a real batch), until a call takes
    ``PROBE_SECONDS``."""
    strategies = job.strategies_of(0)
    rng = random.Random(f"{job.seed}:measured")
    job.playtester.play_many(strategies, rng, 1)  # untimed: a compiled engine is loaded (or built) on first use
    count = 1
    while True:
        began = time.perf_counter()
        job.playtester.play_many(strategies, rng, count)
        took = time.perf_counter() - began
        if took >= PROBE_SECONDS or count >= MAX_BATCH:
            return took / count
        count *= 2