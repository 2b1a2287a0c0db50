"""What a game offers for playtesting: a ``Playtester`` plays one whole game and says what happened.

The playtest layer knows no game. A game implements ``Playtester`` in its own
folder (``games/<name>/players.py``) and hands it over through its plug-in's
``Game.playtester``. A playtester is sent to worker processes (or to a
Dask cluster) by pickling, so it must be a plain, picklable value holding its
rules (not a path to read them from: a remote worker has no such folder),
with any precomputed tables rebuilt on the worker's side.

A game is played by *players*, each with a strategy, and may add *dummy*
seats that play by the rules' own procedure (most games have none). Seats
are numbered from 0, the first player; ``winners`` holds seat numbers,
several for a shared win.

PERMUTATIONS (to do, with its players): its ``Game.playtester`` returns a
playtester whose players see their own hand, the pool, the revealed bids
and the collections, and whose dummies play exactly as the rules say
(``dummy_seats``); its measures are the score per source and seat
(``stars_0``, ``moons_0``, ``suns_0``, ``colours_0``... as counts) and the
moon and sun ties (``moon_tie``, ``sun_tie`` as flags). The report then shows
each measure's distribution and the dummies' win rate against each strategy
with no change here. Its ``search`` player samples the hidden hands
(determinisations) before searching. If one game at a time cannot reach the
speed asked for, a ``play_many(strategies, rng, count)`` beside ``play`` (the
numpy play-outs of ``games/permutations/playout.py``) would be the place.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, runtime_checkable


@dataclass(frozen=True)
class GameResult:
    """One finished game.

    ``length`` is its number of turns, as the game counts them; ``measures``
    holds its game-specific figures (each declared in ``Playtester.measures``).
    """

    winners: tuple[int, ...]
    length: int
    measures: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Measure:
    """A game-specific figure of one game, as the report shows it.

    ``count``: a number per game (tiles placed, stars scored), reported as a
    mean with its interval and a distribution. ``flag``: 0 or 1 per game (the
    supply ran out), reported as how often, with a Wilson interval.
    ``plotted`` False leaves a count's distribution out of the plots (when it
    is the game's length over again, as when every turn places one piece).
    """

    name: str
    label: str
    kind: Literal["count", "flag"]
    plotted: bool = True


@dataclass(frozen=True)
class Credits:
    """What the report's PDF says about the game it measured."""

    title: str
    authors: tuple[str, ...]
    licence: str
    licence_url: str
    keywords: tuple[str, ...]


@runtime_checkable
class Playtester(Protocol):
    """A game's rules, players and figures, as the playtest needs them.

    ``strategies`` are the names a player may be given (at least ``random``);
    ``player_counts`` the numbers of players the game allows.
    """

    name: str
    credits: Credits
    strategies: tuple[str, ...]
    player_counts: tuple[int, ...]
    measures: tuple[Measure, ...]

    def seat_count(self, players: int) -> int:
        """How many seats a game of ``players`` players has, dummies included."""
        ...

    def dummy_seats(self, players: int) -> tuple[int, ...]:
        """The seats the rules play themselves (none in most games)."""
        ...

    def describe(self, strategy: str) -> str:
        """What a strategy does, in a sentence for the report."""
        ...

    def rules(self) -> Mapping[str, object]:
        """The rules parameters this playtester plays by, JSON-ready, for the report and comparisons."""
        ...

    def problem(self) -> str | None:
        """Why these rules give no game worth measuring (every game ends at once), or None."""
        ...

    def seconds_per_game(self, strategies: Sequence[str]) -> float:
        """A rough estimate of one game's time on one core, to size batches and refuse endless runs.

        A fixed estimate (never measured at run time): it decides only how games
        are grouped for the workers, never the figures.
        """
        ...

    def identity(self) -> str:
        """Everything a game's outcome depends on (rules, budgets, code version), for cache keys."""
        ...

    def play(self, strategies: Sequence[str], rng: random.Random) -> GameResult:
        """One complete game, player ``i`` (the ``i``-th seat that is not a dummy) playing ``strategies[i]``."""
        ...
