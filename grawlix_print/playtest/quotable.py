"""Playtest figures a rules text may quote ("a game lasts about 23 turns"), cached like the proof.

``quotable_figures`` plays a fixed number of games with a fixed seed in this
process, so the figures are the same on every machine and every build; the
answer is kept in the user's cache (``grawlix_print.cache``) under a key made
of everything it depends on (the rules, the budget and the code of the game
and of this layer, the games, seed and strategy), so a build reads it in
milliseconds and a changed rule is played again.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..cache import key_of, read_cached, store
from . import protocol, runner, stats, tally
from .protocol import Playtester
from .runner import InlineExecutor, Job, Pool, run
from .stats import Moments, quantile

QUOTE_GAMES = 1000
QUOTE_SEED = 2026
QUOTE_STRATEGY = "greedy"  # players who think one move ahead are nearer a table of people than random ones


def _code() -> list[bytes]:
    return [Path(m.__file__).read_bytes() for m in (sys.modules[__name__], protocol, runner, stats, tally)]


def quotable_figures(
    playtester: Playtester,
    games: int = QUOTE_GAMES,
    seed: int = QUOTE_SEED,
    strategy: str = QUOTE_STRATEGY,
    players: int | None = None,
) -> dict[str, int | float | str]:
    """Plain figures of ``games`` games of ``strategy`` players, each a number a text can print.

    ``games``, ``seed``, ``strategy``, ``players``; the turns per game
    (``mean_turns`` to one decimal, ``median_turns``, ``shortest_turns``,
    ``longest_turns``); ``first_player_wins_percent`` (and one per seat,
    ``seat_<n>_wins_percent`` from 1); per count measure ``mean_<name>`` (one
    decimal) and ``median_<name>``; per flag ``<name>_percent``. Percentages
    are whole numbers.
    """
    players = players or min(playtester.player_counts)
    name = "playtest-" + key_of(
        playtester.identity(), *_code(), str(games), str(seed), strategy, str(players)
    ) + ".json"
    data = read_cached(name)
    if data is not None:
        try:
            found = json.loads(data)
            if isinstance(found, dict):
                return found
        except ValueError:
            pass
    figures = _play(playtester, games, seed, strategy, players)
    store(name, (json.dumps(figures, sort_keys=True) + "\n").encode())
    return figures


def _play(playtester: Playtester, games: int, seed: int, strategy: str, players: int) -> dict:
    job = Job(playtester, players, (strategy,) * players, games, seed)
    whole = run(job, Pool(InlineExecutor(), 1)).tally
    if whole.games != games:  # Ctrl-C: nothing half-made is cached
        raise KeyboardInterrupt
    figures: dict[str, int | float | str] = {
        "games": games,
        "seed": seed,
        "strategy": strategy,
        "players": players,
        "mean_turns": round(Moments.of(whole.lengths).mean, 1),
        "median_turns": _plain(quantile(whole.lengths, 0.5)),
        "shortest_turns": _plain(min(whole.lengths)),
        "longest_turns": _plain(max(whole.lengths)),
        "first_player_wins_percent": round(100 * whole.seat_wins[0] / games),
    }
    for seat, wins in enumerate(whole.seat_wins):
        figures[f"seat_{seat + 1}_wins_percent"] = round(100 * wins / games)
    for measure in playtester.measures:
        counts = whole.measures.get(measure.name, {})
        if measure.kind == "flag":
            hits = sum(count for value, count in counts.items() if value)
            figures[f"{measure.name}_percent"] = round(100 * hits / games)
        else:
            figures[f"mean_{measure.name}"] = round(Moments.of(counts).mean, 1)
            figures[f"median_{measure.name}"] = _plain(quantile(counts, 0.5))
    return figures


def _plain(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value
