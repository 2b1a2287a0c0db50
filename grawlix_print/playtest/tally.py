"""What a batch of games adds up to: counts only, so batches merge exactly in any order.

Every figure of the report is made from a ``Tally``: wins per seat and per
strategy, a histogram of every game's length and of each measure, the
per-seat measures by strategy, and the head-to-head counts between
strategies. Counts of integers (and of the measures' values) add without
rounding, so the same games give the same tally however they were split into
batches and workers. Games are added as columns (``Games``), a whole batch
at once: a single game is a batch of one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from .protocol import DUMMY, Array, GameResult, Games

if TYPE_CHECKING:
    import numpy.typing as npt


def _count(histogram: Counter[Any], values: Array) -> None:
    """Add each value's count to ``histogram`` (values as Python numbers). Small whole numbers (a
    length, a flag, a seat's points) are counted in one pass rather than sorted."""
    import numpy as np  # with the first games counted: a process that only merges tallies loads none

    values = np.asarray(values)
    if values.dtype.kind in "iub" and values.size:
        low, high = int(values.min()), int(values.max())
        if high - low < 4096:
            counts = np.bincount((values - low).astype(np.intp))
            present = np.flatnonzero(counts)
            histogram.update(dict(zip((present + low).tolist(), counts[present].tolist())))
            return
    found, counts = np.unique(values, return_counts=True)
    histogram.update(dict(zip(found.tolist(), counts.tolist())))


def pair_name(pair: tuple[str, str]) -> str:
    """``greedy v random``: how a pair of strategies is named in the report."""
    return f"{pair[0]} v {pair[1]}"


@dataclass
class Tally:
    """The counts of some finished games.

    ``seat_wins[s]``: games seat ``s`` won, alone or shared (``shared`` counts
    the games won by several seats). ``strategy_seats[x]``: seats strategy ``x``
    played in, ``strategy_wins[x]`` how many of those won. ``dummy_games[x]``:
    games with a dummy against strategy ``x``, ``dummy_wins[x]`` the ones a
    dummy won. ``seat_measures[name][who]``: a per-seat measure's histogram
    over the seats played by strategy ``who`` (or by dummies, ``DUMMY``).
    For two strategies ``(a, b)`` (in name order) met in ``pair_games`` games:
    ``pair_ahead`` games where ``a``'s best seat finished on more points than
    ``b``'s, ``pair_tied`` on as many, and ``pair_margins`` the histogram of
    the points ``a``'s best seat had over ``b``'s. ``win_sets``: games by the
    set of seats that won them (bit ``s`` for seat ``s``), from which a sweep
    reads the first seat's advantage, draws and dummy wins; ``leads``: for
    games with points, the histogram of the best seat's lead over the next.
    """

    seats: int
    games: int = 0
    seat_wins: list[int] = field(default_factory=list)
    shared: int = 0
    lengths: Counter[float] = field(default_factory=Counter)
    measures: dict[str, Counter[float]] = field(default_factory=dict)
    strategy_seats: Counter[str] = field(default_factory=Counter)
    strategy_wins: Counter[str] = field(default_factory=Counter)
    dummy_games: Counter[str] = field(default_factory=Counter)
    dummy_wins: Counter[str] = field(default_factory=Counter)
    seat_measures: dict[str, dict[str, Counter[float]]] = field(default_factory=dict)
    pair_games: Counter[tuple[str, str]] = field(default_factory=Counter)
    pair_ahead: Counter[tuple[str, str]] = field(default_factory=Counter)
    pair_tied: Counter[tuple[str, str]] = field(default_factory=Counter)
    pair_margins: dict[tuple[str, str], Counter[float]] = field(default_factory=dict)
    win_sets: Counter[int] = field(default_factory=Counter)
    leads: Counter[float] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        if not self.seat_wins:
            self.seat_wins = [0] * self.seats

    def add(self, result: GameResult, seating: Sequence[str | None]) -> None:
        """One game; ``seating[s]`` is the strategy in seat ``s`` (None for a dummy)."""
        self.add_games(Games.of([result], self.seats), seating)

    def add_games(self, games: Games, seating: Sequence[str | None]) -> None:
        """Games all played with one ``seating`` (the strategy in each seat, None for a dummy)."""
        n, seats = games.count, self.seats
        if len(seating) != seats:
            raise ValueError(f"a seating of {len(seating)} seats for a tally of {seats}")
        if isinstance(games.lengths, list):  # a few games' columns (``Games.of``): no numpy loaded for them
            self._add_listed(games, seating)
            return
        import numpy as np

        winners = np.asarray(games.winners, dtype=bool)
        if winners.shape != (n, seats):
            raise ValueError(f"winners of {winners.shape} for {n} games of {seats} seats")
        if n == 0:
            return
        self.games += n
        wins = winners.sum(axis=0).tolist()
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, wins)]
        self.shared += int((winners.sum(axis=1) > 1).sum())
        _count(self.win_sets, winners.astype(np.int64) @ (np.int64(1) << np.arange(seats, dtype=np.int64)))
        _count(self.lengths, games.lengths)
        for name, values in games.measures.items():
            _count(self.measures.setdefault(name, Counter()), values)
        dummies = [seat for seat, strategy in enumerate(seating) if strategy is None]
        for seat, strategy in enumerate(seating):
            if strategy is not None:
                self.strategy_seats[strategy] += n
                self.strategy_wins[strategy] += wins[seat]
        if dummies:
            dummy_won = int(winners[:, dummies].any(axis=1).sum())
            for strategy in {s for s in seating if s is not None}:
                self.dummy_games[strategy] += n
                self.dummy_wins[strategy] += dummy_won
        for name, values in games.seat_measures.items():
            by_who = self.seat_measures.setdefault(name, {})
            for seat, strategy in enumerate(seating):
                _count(by_who.setdefault(strategy or DUMMY, Counter()), np.asarray(values)[:, seat])
        if games.points is not None:
            points = np.asarray(games.points)
            self._head_to_head(points, seating)
            if seats > 1:
                top_two = np.sort(points, axis=1)[:, -2:]
                _count(self.leads, top_two[:, 1] - top_two[:, 0])

    def _add_listed(self, games: Games, seating: Sequence[str | None]) -> None:
        """``add_games`` of columns that are plain lists, counted game by game in Python, the same
        counts numpy makes of arrays (tests/test_playtest.py holds the two equal)."""
        n, seats = games.count, self.seats
        winners = [[bool(won) for won in row] for row in games.winners]
        if len(winners) != n or any(len(row) != seats for row in winners):
            raise ValueError(f"winners of {len(winners)} games of {sorted(set(map(len, winners)))} seats for {n} games of {seats} seats")
        self.games += n
        wins = [sum(row[seat] for row in winners) for seat in range(seats)]
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, wins)]
        self.shared += sum(sum(row) > 1 for row in winners)
        self.win_sets.update(sum(1 << seat for seat, won in enumerate(row) if won) for row in winners)
        self.lengths.update(games.lengths)
        for name, values in games.measures.items():
            self.measures.setdefault(name, Counter()).update(values)
        dummies = [seat for seat, strategy in enumerate(seating) if strategy is None]
        for seat, strategy in enumerate(seating):
            if strategy is not None:
                self.strategy_seats[strategy] += n
                self.strategy_wins[strategy] += wins[seat]
        if dummies:
            dummy_won = sum(any(row[seat] for seat in dummies) for row in winners)
            for strategy in {s for s in seating if s is not None}:
                self.dummy_games[strategy] += n
                self.dummy_wins[strategy] += dummy_won
        for name, rows in games.seat_measures.items():
            by_who = self.seat_measures.setdefault(name, {})
            for seat, strategy in enumerate(seating):
                by_who.setdefault(strategy or DUMMY, Counter()).update(row[seat] for row in rows)
        if games.points is not None:
            strategies = sorted({s for s in seating if s is not None})
            for row in games.points:
                best = {who: max(row[seat] for seat, s in enumerate(seating) if s == who) for who in strategies}
                for pair in combinations(strategies, 2):
                    margin = best[pair[0]] - best[pair[1]]
                    self.pair_games[pair] += 1
                    self.pair_ahead[pair] += int(margin > 0)
                    self.pair_tied[pair] += int(margin == 0)
                    self.pair_margins.setdefault(pair, Counter())[margin] += 1
                if seats > 1:
                    low, high = sorted(row)[-2:]
                    self.leads[high - low] += 1

    def _head_to_head(self, points: npt.NDArray[Any], seating: Sequence[str | None]) -> None:
        """Each pair of strategies at the table: whose best seat finished ahead, and by how much."""
        strategies = sorted({s for s in seating if s is not None})
        best = {
            strategy: points[:, [seat for seat, s in enumerate(seating) if s == strategy]].max(axis=1)
            for strategy in strategies
        }
        for pair in combinations(strategies, 2):
            margin = best[pair[0]] - best[pair[1]]
            self.pair_games[pair] += len(margin)
            self.pair_ahead[pair] += int((margin > 0).sum())
            self.pair_tied[pair] += int((margin == 0).sum())
            _count(self.pair_margins.setdefault(pair, Counter()), margin)

    @property
    def draws(self) -> int:
        """Games that are draws: no seat won, or (at a table of several) every seat shared the win."""
        everyone = (1 << self.seats) - 1
        return self.win_sets.get(0, 0) + (self.win_sets.get(everyone, 0) if self.seats > 1 else 0)

    def outcomes(self, seat: int) -> tuple[int, int, int]:
        """Seat ``seat``'s wins (alone or shared, draws aside), draws and losses: they add up to ``games``."""
        everyone = (1 << self.seats) - 1
        wins = self.seat_wins[seat] - (self.win_sets.get(everyone, 0) if self.seats > 1 else 0)
        return wins, self.draws, self.games - wins - self.draws

    def merge(self, other: Tally) -> None:
        if other.seats != self.seats:
            raise ValueError("tallies of games with different seats")
        self.games += other.games
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, other.seat_wins)]
        self.shared += other.shared
        self.lengths.update(other.lengths)
        self.win_sets.update(other.win_sets)
        self.leads.update(other.leads)
        for name, histogram in other.measures.items():
            self.measures.setdefault(name, Counter()).update(histogram)
        for name, by_who in other.seat_measures.items():
            mine = self.seat_measures.setdefault(name, {})
            for who, histogram in by_who.items():
                mine.setdefault(who, Counter()).update(histogram)
        for pair, histogram in other.pair_margins.items():
            self.pair_margins.setdefault(pair, Counter()).update(histogram)
        for name in ("strategy_seats", "strategy_wins", "dummy_games", "dummy_wins", "pair_games", "pair_ahead",
                     "pair_tied"):  # fmt: skip
            getattr(self, name).update(getattr(other, name))

    @classmethod
    def total(cls, seats: int, parts: Iterable[Tally]) -> Tally:
        whole = cls(seats)
        for part in parts:
            whole.merge(part)
        return whole
