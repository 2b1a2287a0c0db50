"""What a batch of games adds up to: counts only, so batches merge exactly in any order.

Every figure of the report is made from a ``Tally``: wins per seat and per
strategy, and a histogram of every game's length and of each measure. Counts
of integers (and of the measures' values) add without rounding, so the same
games give the same tally however they were split into batches and workers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .protocol import GameResult


@dataclass
class Tally:
    """The counts of some finished games.

    ``seat_wins[s]``: games seat ``s`` won, alone or shared (``shared`` counts
    the games won by several seats). ``strategy_seats[x]``: seats strategy ``x``
    played in, ``strategy_wins[x]`` how many of those won. ``dummy_games[x]``:
    games with a dummy against strategy ``x``, ``dummy_wins[x]`` the ones a
    dummy won.
    """

    seats: int
    games: int = 0
    seat_wins: list[int] = field(default_factory=list)
    shared: int = 0
    lengths: Counter = field(default_factory=Counter)
    measures: dict[str, Counter] = field(default_factory=dict)
    strategy_seats: Counter = field(default_factory=Counter)
    strategy_wins: Counter = field(default_factory=Counter)
    dummy_games: Counter = field(default_factory=Counter)
    dummy_wins: Counter = field(default_factory=Counter)

    def __post_init__(self) -> None:
        if not self.seat_wins:
            self.seat_wins = [0] * self.seats

    def add(self, result: GameResult, seating: Sequence[str | None]) -> None:
        """One game; ``seating[s]`` is the strategy in seat ``s`` (None for a dummy)."""
        if len(seating) != self.seats:
            raise ValueError(f"a seating of {len(seating)} seats for a tally of {self.seats}")
        winners = result.winners
        if not winners or not all(0 <= seat < self.seats for seat in winners) or len(set(winners)) < len(winners):
            raise ValueError(f"winners {winners} are not seats of a {self.seats}-seat game")
        self.games += 1
        for seat in winners:
            self.seat_wins[seat] += 1
        if len(winners) > 1:
            self.shared += 1
        self.lengths[result.length] += 1
        measures = self.measures
        for name, value in result.measures.items():
            counts = measures.get(name)
            if counts is None:
                counts = measures[name] = Counter()
            counts[value] += 1
        dummy_won = False
        for seat, strategy in enumerate(seating):
            if strategy is None:
                dummy_won = dummy_won or seat in winners
            else:
                self.strategy_seats[strategy] += 1
                if seat in winners:
                    self.strategy_wins[strategy] += 1
        if None in seating:
            for strategy in {s for s in seating if s is not None}:
                self.dummy_games[strategy] += 1
                if dummy_won:
                    self.dummy_wins[strategy] += 1

    def merge(self, other: Tally) -> None:
        if other.seats != self.seats:
            raise ValueError("tallies of games with different seats")
        self.games += other.games
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, other.seat_wins)]
        self.shared += other.shared
        self.lengths.update(other.lengths)
        for name, histogram in other.measures.items():
            self.measures.setdefault(name, Counter()).update(histogram)
        for mine, theirs in (
            (self.strategy_seats, other.strategy_seats),
            (self.strategy_wins, other.strategy_wins),
            (self.dummy_games, other.dummy_games),
            (self.dummy_wins, other.dummy_wins),
        ):
            mine.update(theirs)

    @classmethod
    def total(cls, seats: int, parts: Iterable[Tally]) -> Tally:
        whole = cls(seats)
        for part in parts:
            whole.merge(part)
        return whole
