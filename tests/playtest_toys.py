"""Toy games for testing the playtest layer without any real game.

``Nim``: a pile of stones, each turn a player takes 1 to 3, whoever takes the
last stone wins; optional dummy seats always take one stone. Its figures are
known by hand: with 4k stones the second player wins against perfect play.
``Stuck``: rules that end every game before its first turn.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from grawlix_print.errors import StudioError
from grawlix_print.playtest.protocol import Credits, GameResult, Games, Measure, RefusedVariant, play_each

CREDITS = Credits("Toy Nim", ("Nobody",), "CC0", "https://creativecommons.org/publicdomain/zero/1.0/", ("toy",))


@dataclass(frozen=True)
class Nim:
    stones: int = 10
    dummies: int = 0
    seconds: float = 1e-3  # claimed per game: batches of a hundred games
    name: str = "nim"
    credits: Credits = CREDITS
    strategies: tuple[str, ...] = ("random", "greedy", "search")
    player_counts: tuple[int, ...] = (2, 3, 4)
    measures: tuple[Measure, ...] = (
        Measure("first_take", "stones taken first", "count"),
        Measure("long", "more than five turns", "flag"),
    )

    def seat_count(self, players: int) -> int:
        return players + self.dummies

    def dummy_seats(self, players: int) -> tuple[int, ...]:
        return tuple(range(players, players + self.dummies))

    def describe(self, strategy: str) -> str:
        return {
            "random": "takes 1 to 3 stones uniformly",
            "greedy": "takes as many as it may",
            "search": "leaves a multiple of four when it can",
        }[strategy]

    def rules(self) -> dict:
        return {"stones": self.stones}

    def problem(self) -> str | None:
        return None

    def seconds_per_game(self, strategies: Sequence[str]) -> float:
        return self.seconds

    def identity(self) -> str:
        return repr(self)

    def play(self, strategies: Sequence[str], rng: random.Random) -> GameResult:
        seats = self.seat_count(len(strategies))
        stones, seat, turns, first = self.stones, 0, 0, None
        while True:
            most = min(3, stones)
            strategy = strategies[seat] if seat < len(strategies) else None
            if strategy == "random":
                take = rng.randint(1, most)
            elif strategy == "greedy":
                take = most
            elif strategy == "search":
                take = stones % 4 or rng.randint(1, most)
            else:  # a dummy
                take = 1
            first = take if first is None else first
            stones -= take
            turns += 1
            if stones == 0:
                return GameResult((seat,), turns, {"first_take": first, "long": float(turns > 5)})
            seat = (seat + 1) % seats

    def play_many(self, strategies: Sequence[str], rng: random.Random, count: int) -> Games:
        return play_each(self, strategies, rng, count)

    def variant(self, changes: Mapping[str, int], players: int) -> Nim:
        """Another pile (``stones``, 1 to 1,000) or dummy count (``dummies``, up to three seats in all
        beyond two players; a pile of fewer stones than seats is refused)."""
        values = {"stones": self.stones, "dummies": self.dummies}
        for key, value in changes.items():
            if key not in values:
                raise StudioError("unknown key (known: stones, dummies)", key)
            if not 0 <= value <= 1000 or (key == "stones" and value < 1):
                raise StudioError(f"out of range: {value}", key)
            values[key] = value
        if values["stones"] < players + values["dummies"]:
            raise RefusedVariant(f"{values['stones']} stones for {players + values['dummies']} seats")
        return replace(self, **values)


@dataclass(frozen=True)
class SharedNim(Nim):
    """Nim where a game of a multiple of five turns is won by every player together: shared wins."""

    def play(self, strategies: Sequence[str], rng: random.Random) -> GameResult:
        result = super().play(strategies, rng)
        if result.length % 5:
            return result
        return GameResult(tuple(range(len(strategies))), result.length, result.measures)


@dataclass(frozen=True)
class Stuck(Nim):
    """No stones: every game is over before it starts."""

    stones: int = 0

    def play(self, strategies: Sequence[str], rng: random.Random) -> GameResult:
        return GameResult((1,), 0, {"first_take": 0, "long": 0.0})


@dataclass(frozen=True)
class CompiledNim(Nim):
    """Nim whose many games are played in C (``toy_nim.c``, built by ``grawlix_print.native``):
    the same games as ``Nim.play``, as a game of one's own would add a compiled path."""

    def compiled_engine(self, strategies: Sequence[str]):
        """``toy_nim.c`` plays every game of a pile (about ten times slower in Python, by a rough count)."""
        from pathlib import Path

        from grawlix_print.playtest.protocol import CompiledEngine

        return CompiledEngine(Path(__file__).with_name("toy_nim.c"), 10.0) if self.stones >= 1 else None

    def play_many(self, strategies: Sequence[str], rng: random.Random, count: int) -> Games:
        import ctypes
        from pathlib import Path

        import numpy as np

        from grawlix_print import native

        library = native.load(Path(__file__).with_name("toy_nim.c"))
        if library is None or self.stones < 1:
            return play_each(self, strategies, rng, count)
        winner, turns, first = (np.zeros(count, dtype=np.int32) for _ in range(3))
        codes = (ctypes.c_int32 * len(strategies))(*(self.strategies.index(s) for s in strategies))
        with native.carried(rng) as state:
            library.nim_games(self.stones, len(strategies), self.dummies, codes, count, state,
                              native.pointer(winner), native.pointer(turns), native.pointer(first))  # fmt: skip
        seats = self.seat_count(len(strategies))
        return Games(
            winners=np.arange(seats)[None, :] == winner[:, None],
            lengths=turns.astype(np.int64),
            measures={"first_take": first.astype(np.int64), "long": (turns > 5).astype(np.float64)},
        )


@dataclass(frozen=True)
class BrokenNim(Nim):
    """Nim with a bug of its own in ``play`` (a playtester of a plug-in's own, not move by move): one
    game in a few hundred divides by zero."""

    def play(self, strategies: Sequence[str], rng: random.Random) -> GameResult:
        if rng.random() < 0.003:
            return 1 / 0  # type: ignore[return-value]  # the seventh game's fault (or so)
        return super().play(strategies, rng)


def _first_draw(seed: int, batch: int) -> float:
    from grawlix_print.playtest.runner import batch_seed

    return random.Random(batch_seed(seed, batch)).random()


@dataclass(frozen=True)
class LateFault(Nim):
    """Nim whose first two batches of a run seeded 1 fail: the first slowly (after half a second), the
    second at once; each batch is told by the first number its generator draws."""

    def play_many(self, strategies: Sequence[str], rng: random.Random, count: int) -> Games:
        import time

        draw = rng.random()
        if draw == _first_draw(1, 0):
            time.sleep(0.5)
            raise ValueError("the first batch's fault")
        if draw == _first_draw(1, 1):
            raise ValueError("the second batch's fault")
        return play_each(self, strategies, rng, count)


@dataclass(frozen=True)
class DyingNim(Nim):
    """Nim whose worker processes end without a word (as a crash in C would end them)."""

    def play_many(self, strategies: Sequence[str], rng: random.Random, count: int) -> Games:
        import multiprocessing
        import os

        if count and multiprocessing.parent_process() is not None:
            os._exit(3)
        return play_each(self, strategies, rng, count)
