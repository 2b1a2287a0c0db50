"""What a rule change does to play: both versions played with the same seeds by the same players.

The games are the playtest's own (``grawlix_print.playtest``): batch k of each
version is played with ``random.Random("SEED:k")``, so the two versions meet
the same random numbers as far as their rules allow, and every figure is
compared with its interval (``playtest.report.differences``: Newcombe's
interval and the pooled two-proportion z-test for rates, Welch's for means).
The record is kept in the user's cache under both versions' rules and the
playtest's code, so a second ``diff`` of the same versions plays nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..cache import key_of, read_cached, store
from ..errors import StudioError
from ..facts.wording import join_words

DEFAULT_GAMES = 10_000
"""Games per version: a tenth of a second each with the compiled engines, and intervals of about
±1 percentage point on a win rate, narrow enough to tell a rule change that matters."""
PREFERRED_STRATEGY = "greedy"
"""Players who look one move ahead, where the game offers them: nearer a table of people than random ones."""
TESTS = ("Rates: Newcombe's hybrid score interval and the pooled two-proportion z-test; means: Welch's "
         "normal interval and z-test. Intervals are 95 %; a difference is significant when p < 0.05.")  # fmt: skip


@dataclass(frozen=True)
class PlaySettings:
    """How both versions are played: ``games`` each, ``strategy`` for every player (None: greedy
    where offered, else random), ``players`` at the table (0: the fewest the game allows), ``seed``."""

    games: int = DEFAULT_GAMES
    strategy: str | None = None
    players: int = 0
    seed: int = 1
    workers: int | None = None


@dataclass(frozen=True)
class Played:
    """The playtest of two versions: the record (the new version's figures, the old's under
    ``builtin``, and their ``differences``), or why there is none."""

    record: dict | None
    why_not: str = ""


def played(old_game, new_game, settings: PlaySettings, on_progress: Callable[[int], None] | None = None) -> Played:
    """Both versions played alike; a game without players, or two versions that play by the same
    rules, is said in a sentence instead."""
    from ..playtest.runner import Job, batch_count, check_duration, open_pool, run_many
    from ..playtest.session import record, strategies_for

    try:
        new, old = new_game.playtester(), old_game.playtester()
    except StudioError as error:
        return Played(None, f"no playtest: {error.what}")
    if new.identity() == old.identity():
        return Played(None, "both versions play by the same rules: their games are the same games")
    players = settings.players or min(new.player_counts)
    for playtester, role in ((new, "new"), (old, "old")):
        if players not in playtester.player_counts:
            allowed = join_words([str(n) for n in playtester.player_counts], "or")
            return Played(None, f"no playtest of {players} players: the {role} version is played by {allowed}")
    strategy = settings.strategy or (PREFERRED_STRATEGY if PREFERRED_STRATEGY in new.strategies else "random")
    strategies = strategies_for((strategy,), players, new.strategies)
    if strategy not in old.strategies:
        return Played(None, f"no playtest: the old version's players have no {strategy} strategy")
    for playtester, role in ((new, "new"), (old, "old")):
        problem = playtester.problem()
        if problem is not None:
            return Played(None, f"no playtest: the {role} version gives no game to measure ({problem})")
    name = "diff-" + key_of(new.identity(), old.identity(), *_code(), str(settings.games), str(settings.seed),
                            ",".join(strategies), str(players)) + ".json"  # fmt: skip
    cached = read_cached(name)
    if cached is not None:
        try:
            return Played(json.loads(cached))
        except ValueError:
            pass
    jobs = [Job(new, players, strategies, settings.games, settings.seed), Job(old, players, strategies, settings.games, settings.seed)]
    with open_pool(settings.workers, batches=batch_count(jobs)) as pool:
        check_duration(jobs, pool.workers)
        outcomes = run_many(jobs, pool, on_progress)
    if any(outcome.interrupted for outcome in outcomes):
        raise KeyboardInterrupt
    text = json.dumps(record(jobs, outcomes))  # in the record's own order: its figures' order is the table's
    store(name, text.encode())
    return Played(json.loads(text))  # as a cached record reads, so a first run and a second give the same bytes


def _code() -> list[bytes]:
    """The playtest layer's code the figures depend on (the games' own is in their identity)."""
    here = Path(__file__).resolve().parents[1] / "playtest"
    return [(here / f"{module}.py").read_bytes() for module in ("protocol", "runner", "stats", "tally", "report", "session")]
