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

Besides a game's winners and length, a result may carry *measures*: a number
per game (``count``: how many tiles were placed), a 0-or-1 (``flag``: the
supply ran out), or a number per seat (``seat``: a seat's points from one
source), which the report shows per strategy and for the dummies; and each
seat's final ``points``, from which the report compares strategies head to
head (how often one finishes ahead of another, and by how much).

Games are played one at a time (``play``) or many at once (``play_many``,
as columns: ``Games``), which the runner asks for, one call per seating of a
batch's games: a game that can play many games faster (in C, or abreast in
numpy) does, and a game without such a path plays them one by one
(``play_each``). ``play_many`` must give the games that ``count`` calls of
``play`` would give from the same generator, or, where a game plays its
random games another way (abreast), the same games on every path: the
figures of a seed may not depend on how they were computed.

Two methods are optional (looked up with ``getattr``): ``checked_game(strategies,
rng, every_check=False)``, a game played with extra checks, which the runner
plays first in every run and the contract suite for every game
(``EnginePlaytester`` has one); and ``compiled_engine(strategies)``, the
``CompiledEngine`` these strategies' games are played with where it is built
(None where they are played in Python anyway: a search player, rules too
large for C), so that a run played in Python says so and what it costs.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeAlias, runtime_checkable


if TYPE_CHECKING:
    import numpy.typing as npt

    from ..rulebook import FrontMatter

Array: TypeAlias = "npt.NDArray[Any] | list[Any]"
"""A numpy array, or for a few games a plain list (of lists, for a column per seat): numpy is loaded
when many games are played and tallied, not for a few, nor when the commands are."""
FEW_GAMES = 16
"""At most this many games (``Games.of``, a compiled engine's) are columns of plain lists, counted
without numpy: importing it is about 60 ms, more than the games of a one-game playtest."""

DUMMY = "dummy"
"""Who a per-seat measure is counted for when the seat is a dummy's."""


@dataclass(frozen=True)
class GameResult:
    """One finished game.

    ``winners`` are the seats that won (several for a shared win); none, or every seat at a table of
    several, is a draw. ``length`` is its number of turns, as the game counts them; ``measures``
    holds its game-specific figures, one number each, and ``seat_measures``
    one number per seat (each declared in ``Playtester.measures``);
    ``points`` each seat's final score, for games that keep one.
    """

    winners: tuple[int, ...]
    length: int
    measures: Mapping[str, float] = field(default_factory=dict)
    seat_measures: Mapping[str, Sequence[float]] = field(default_factory=dict)
    points: Sequence[float] | None = None


@dataclass(frozen=True)
class Games:
    """Many finished games as columns, one row per game: what ``play_many`` returns.

    ``winners`` (games x seats, bool), ``lengths`` (games), ``measures`` (a
    column per measure), ``seat_measures`` (games x seats per measure),
    ``points`` (games x seats, or None).
    """

    winners: Array
    lengths: Array
    measures: Mapping[str, Array] = field(default_factory=dict)
    seat_measures: Mapping[str, Array] = field(default_factory=dict)
    points: Array | None = None

    @property
    def count(self) -> int:
        return len(self.lengths)

    @classmethod
    def of(cls, results: Sequence[GameResult], seats: int) -> Games:
        """Results of single games as columns (plain lists for ``FEW_GAMES`` or fewer); ValueError for
        winners that are no seats of ``seats``, or measures that differ from game to game."""
        for result in results:
            found = result.winners
            if not all(0 <= seat < seats for seat in found) or len(set(found)) < len(found):  # () is a draw
                raise ValueError(f"winners {found} are not seats of a {seats}-seat game")
        if len(results) <= FEW_GAMES:
            return cls._listed(results, seats)
        import numpy as np

        winners = np.zeros((len(results), seats), dtype=bool)
        for row, result in enumerate(results):
            winners[row, list(result.winners)] = True
        first = results[0] if results else GameResult((0,), 0)
        try:
            measures = {name: np.array([r.measures[name] for r in results]) for name in first.measures}
            seat_measures = {
                name: np.array([r.seat_measures[name] for r in results]).reshape(len(results), seats)
                for name in first.seat_measures
            }
        except (KeyError, ValueError) as error:
            raise ValueError(f"games that do not report the same measures per seat: {error}") from None
        points = None
        if first.points is not None:
            points = np.array([r.points for r in results]).reshape(len(results), seats)
        lengths = np.array([r.length for r in results], dtype=np.int64)
        return cls(winners, lengths, measures, seat_measures, points)

    @classmethod
    def _listed(cls, results: Sequence[GameResult], seats: int) -> Games:
        """``of``'s columns as plain lists, each value as numpy's column of it would give it back."""
        first = results[0] if results else GameResult((0,), 0)

        def per_seat(rows: list[Sequence[Any]]) -> list[list[Any]]:
            if any(len(row) != seats for row in rows):
                raise ValueError(f"games that do not report {seats} values per seat")
            flat = plain([value for row in rows for value in row])
            return [flat[k * seats:(k + 1) * seats] for k in range(len(rows))]

        try:
            measures = {name: plain([r.measures[name] for r in results]) for name in first.measures}
            seat_measures = {name: per_seat([r.seat_measures[name] for r in results]) for name in first.seat_measures}
            points = per_seat([r.points for r in results]) if first.points is not None else None  # type: ignore[misc]
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"games that do not report the same measures per seat: {error}") from None
        winners = [[seat in r.winners for seat in range(seats)] for r in results]
        return cls(winners, [int(r.length) for r in results], measures, seat_measures, points)


def plain(values: Sequence[Any]) -> list[Any]:
    """A column's values as Python numbers, as numpy would hold them in one array and give them back:
    floats where any is a float, ints for whole numbers and flags (True is 1)."""
    found = [value.item() if hasattr(value, "item") else value for value in values]
    if any(isinstance(value, float) for value in found):
        return [float(value) for value in found]
    return [int(value) if isinstance(value, bool) else value for value in found]


@dataclass(frozen=True)
class Measure:
    """A game-specific figure of one game, as the report shows it.

    ``count``: a number per game (tiles placed), reported as a mean with its
    interval and a distribution. ``flag``: 0 or 1 per game (the supply ran
    out), reported as how often, with a Wilson interval. ``seat``: a number
    per seat (a seat's points from stars), reported like a count for each
    strategy and for the dummies, so they can be told apart.
    ``plotted`` False leaves a count's distribution out of the plots (when it
    is the game's length over again, as when every turn places one piece).
    """

    name: str
    label: str
    kind: Literal["count", "flag", "seat"]
    plotted: bool = True


@dataclass(frozen=True)
class Credits:
    """What the report's PDF says about the game it measured."""

    title: str
    authors: tuple[str, ...]
    licence: str
    licence_url: str
    keywords: tuple[str, ...]

    @classmethod
    def of(cls, front_matter: FrontMatter) -> Credits:
        """What a rulebook's front matter says of its game, and that this is its playtest."""
        m = front_matter
        return cls(m.title, m.authors, m.licence, m.licence_url, (*m.keywords, "playtest"))


@dataclass(frozen=True)
class CompiledEngine:
    """The C engine some of a game's games are played with where it can be built (``grawlix_print.native``),
    and how many times slower a game is without it (measured: ``benchmarks/bench.py native``): what
    the note of ``games`` and ``playtest`` says when it is not used."""

    source: Path
    slowdown: float


class RefusedVariant(ValueError):
    """Rules values a game refuses together (a hand the supply cannot fill, cards that do not deal
    evenly, a grid where every game ends at once): a sweep lists the variant and plays the rest."""


@runtime_checkable
class Playtester(Protocol):
    """A game's rules, players and figures, as the playtest needs them.

    ``strategies`` are the names a player may be given (at least ``random``);
    ``player_counts`` the numbers of players the game allows. (Read-only: a
    frozen dataclass's fields will do.)
    """

    @property
    def name(self) -> str: ...

    @property
    def credits(self) -> Credits: ...

    @property
    def strategies(self) -> tuple[str, ...]: ...

    @property
    def player_counts(self) -> tuple[int, ...]: ...

    @property
    def measures(self) -> tuple[Measure, ...]: ...

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

    def play_many(self, strategies: Sequence[str], rng: random.Random, count: int) -> Games:
        """``count`` complete games with these strategies, from ``rng`` alone (``play_each`` if nothing faster)."""
        ...

    def variant(self, changes: Mapping[str, int], players: int) -> Playtester:
        """This game under other values of its rules, for a sweep (``playtest --vary``) at tables of
        ``players`` players: ``changes`` maps the keys the game lets vary (its ``rules.toml`` keys,
        and any table setting it offers) to whole numbers. A key it does not know, or a value it
        never takes, raises ``StudioError(what, key)``; values it refuses together (or under which
        every game ends at once) raise ``RefusedVariant``."""
        ...


def play_each(playtester: Playtester, strategies: Sequence[str], rng: random.Random, count: int) -> Games:
    """``count`` games played one after the other: ``play_many`` for a game with no faster way."""
    results = [playtester.play(strategies, rng) for _ in range(count)]
    return Games.of(results, playtester.seat_count(len(strategies)))
