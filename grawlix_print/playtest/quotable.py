"""Playtest figures a rules text may quote ("a game lasts about 23 turns"), cached like the proof.

``quotable_figures`` plays a fixed number of games with a fixed seed in this
process, so the figures are the same on every machine and every build; the
answer is kept in the user's cache (``grawlix_print.cache``) under a key made
of everything it depends on (the rules, the budget and the code of the game
and of this layer, the games, seed and strategy), so a build reads it in
milliseconds and a changed rule is played again.

A game's ``TextFacts`` holds a ``Quotes``: which games to play for its text
(how many, which strategy, how many players) and, only once the text asks
for a figure (``{playtest.median_turns}``), the figures themselves.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..cache import key_of, read_cached, store
from ..errors import StudioError
from .protocol import DUMMY, Playtester

QUOTE_GAMES = 1000
QUOTE_SEED = 2026
QUOTE_STRATEGY = "greedy"  # players who think one move ahead are nearer a table of people than random ones
MAX_QUOTE_SECONDS = 600.0
"""A build waits this long at most for the figures its text quotes (measured before they are played:
a grid 100 wide makes greedy games in Python fifty times slower); a built-in game's take 0.1 s with
its compiled engine, up to a minute in Python on a loaded machine. The bound is a measurement, so it
stands far above what any game that builds here needs: a build must not pass or fail by how busy the
machine is, only stop the rules that would never finish."""


def _code() -> list[bytes]:
    """This layer's code the figures depend on, read without importing it: a cached figure
    loads no numpy (the tally's) and no process pool (the runner's)."""
    here = Path(__file__).parent
    return [(here / f"{name}.py").read_bytes() for name in ("quotable", "protocol", "runner", "stats", "tally")]


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
    ``seat_<n>_wins_percent`` from 1); ``dummy_wins_percent``, the games a
    dummy won (alone or shared), when the game has dummies; per count measure
    ``mean_<name>`` (one decimal) and ``median_<name>``; per flag
    ``<name>_percent``; per seat measure ``mean_<name>`` for the players and
    ``mean_<name>_dummy`` for the dummies (one decimal). Percentages are
    whole numbers. ``figure_names`` lists them without playing.
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


def _rules_words(playtester: Playtester) -> str:
    return ", ".join(f"{key} = {value}" for key, value in playtester.rules().items())


def _play(playtester: Playtester, games: int, seed: int, strategy: str, players: int) -> dict:
    from .runner import InlineExecutor, Job, Pool, measured_seconds, run

    job = Job(playtester, players, (strategy,) * players, games, seed)
    seconds = games * max(job.seconds_per_game(), measured_seconds(job))
    if seconds > MAX_QUOTE_SECONDS:
        raise StudioError(
            f"the playtest figures this text quotes are {games:,} games of {strategy} players, which would take "
            f"about {seconds / 60:,.1f} minutes under these rules ({_rules_words(playtester)}): quote none, or change the rules"
        )
    whole = run(job, Pool(InlineExecutor(), 1)).tally
    if whole.games != games:  # Ctrl-C: nothing half-made is cached
        raise KeyboardInterrupt
    figures: dict[str, int | float | str] = {
        "games": games,
        "seed": seed,
        "strategy": strategy,
        "players": players,
        "mean_turns": _mean(whole.lengths),
        "median_turns": _median(whole.lengths),
        "shortest_turns": _plain(min(whole.lengths)),
        "longest_turns": _plain(max(whole.lengths)),
        "first_player_wins_percent": round(100 * whole.outcomes(0)[0] / games),
        "draw_percent": round(100 * whole.draws / games),
    }
    for seat in range(whole.seats):
        figures[f"seat_{seat + 1}_wins_percent"] = round(100 * whole.outcomes(seat)[0] / games)
    if playtester.dummy_seats(players):
        figures["dummy_wins_percent"] = round(100 * whole.dummy_wins[strategy] / games)
    for measure in playtester.measures:
        counts: Mapping[float, int] = whole.measures.get(measure.name, {})
        if measure.kind == "flag":
            hits = sum(count for value, count in counts.items() if value)
            figures[f"{measure.name}_percent"] = round(100 * hits / games)
        elif measure.kind == "count":
            figures[f"mean_{measure.name}"] = _mean(counts)
            figures[f"median_{measure.name}"] = _median(counts)
        else:
            for who, histogram in whole.seat_measures.get(measure.name, {}).items():
                suffix = "" if who == strategy else f"_{who}"
                figures[f"mean_{measure.name}{suffix}"] = _mean(histogram)
    return figures


def figure_names(playtester: Playtester, players: int | None = None) -> tuple[str, ...]:
    """The names ``quotable_figures`` gives its figures, without playing a game."""
    players = players or min(playtester.player_counts)
    names = ["games", "seed", "strategy", "players", "mean_turns", "median_turns", "shortest_turns",
             "longest_turns", "first_player_wins_percent", "draw_percent",
             *(f"seat_{seat + 1}_wins_percent" for seat in range(playtester.seat_count(players)))]  # fmt: skip
    dummies = bool(playtester.dummy_seats(players))
    if dummies:
        names.append("dummy_wins_percent")
    for measure in playtester.measures:
        if measure.kind == "flag":
            names.append(f"{measure.name}_percent")
        elif measure.kind == "count":
            names += [f"mean_{measure.name}", f"median_{measure.name}"]
        else:
            names += [f"mean_{measure.name}", *([f"mean_{measure.name}_{DUMMY}"] if dummies else [])]
    return tuple(names)


@dataclass(frozen=True)
class Quotes:
    """The playtest figures a game's rules text may quote, and how they are played: ``games`` games
    of ``strategy`` players, ``players`` of them (the fewest the game allows when None), seed
    ``seed``. The playtester is made, and the games played (or read from the cache), only when the
    text first asks for a figure."""

    playtester: Callable[[], Playtester]
    games: int = QUOTE_GAMES
    seed: int = QUOTE_SEED
    strategy: str = QUOTE_STRATEGY
    players: int | None = None
    _found: dict[int | None, dict] = field(default_factory=dict, compare=False, repr=False)

    def names(self, players: int | None = None) -> tuple[str, ...]:
        """The figures' names, for ``players`` players (default: the quotes' own)."""
        return figure_names(self.playtester(), players or self.players)

    def figure(self, name: str, players: int | None = None) -> int | str:
        """The figure called ``name`` as a text prints it (a number with a decimal as its digits);
        for ``players`` players (default: the quotes' own); KeyError for a name it does not have."""
        count = players or self.players
        if count not in self._found:
            self._found[count] = quotable_figures(self.playtester(), self.games, self.seed, self.strategy, count)
        value = self._found[count][name]
        return value if isinstance(value, (int, str)) else f"{value:g}"


_NO_GAMES = "no games to quote: a histogram of the games played is empty only when none was"


def _mean(histogram: Mapping[float, int]) -> float:
    """A histogram's mean to one decimal (never -0.0)."""
    from .stats import Moments

    moments = Moments.of(histogram)
    if moments is None:
        raise ValueError(_NO_GAMES)
    return round(moments.mean, 1) + 0.0


def _median(histogram: Mapping[float, int]) -> int | float:
    from .stats import quantile

    median = quantile(histogram, 0.5)
    if median is None:
        raise ValueError(_NO_GAMES)
    return _plain(median)


def _plain(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value
