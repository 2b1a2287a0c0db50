"""Duel's rules: each round both players name a number from 1 to ``high`` in turn, the higher wins the
round (equal numbers: no one); after ``rounds`` rounds the player with more rounds wins, equal is a draw.

Its players include one of each fault a plug-in's player can have, for the playtest's checks to
catch; ``fault`` (a rule of the toy's own, set in ``rules.csv``) breaks the engine in one way."""

from __future__ import annotations

import random
from dataclasses import dataclass

from grawlix_print.plugin import StudioError

FAULTS = ("", "moves-raise", "moves-unplayable", "moves-none", "outcome-seat", "play-mutates", "endless", "length-words",
          "moves-generator")  # fmt: skip
"""The engine's faults by the rule ``fault`` (``moves-generator`` is none: a generator of moves is taken as a list)."""


@dataclass(frozen=True)
class State:
    round: int
    picks: tuple[int, ...]
    wins: list[int]
    """Rounds won by each seat: a list, so a careless player can change it (the state is still frozen)."""

    @property
    def to_move(self) -> int:
        return len(self.picks)


@dataclass(frozen=True)
class Rules:
    high: int = 3
    rounds: int = 4
    fault: str = ""

    def __post_init__(self) -> None:
        if not (isinstance(self.high, int) and 1 <= self.high <= 9):
            raise StudioError(f"a whole number from 1 to 9, not {self.high!r}", "high")
        if not (isinstance(self.rounds, int) and 1 <= self.rounds <= 20):
            raise StudioError(f"a whole number from 1 to 20, not {self.rounds!r}", "rounds")
        if self.fault not in FAULTS:
            raise StudioError(f"one of {', '.join(FAULTS[1:])}, not {self.fault!r}", "fault")

    def start(self, players: int, rng: random.Random) -> State:
        return State(0, (), [0, 0])

    def moves(self, state: State) -> list[int]:
        if self.fault == "moves-raise" and state.round == 1:
            raise KeyError("no such round")  # a fault in moves
        if self.fault == "moves-none":
            return None  # type: ignore[return-value]
        if self.over(state):
            return []
        if self.fault == "moves-generator":
            return (number for number in range(1, self.high + 1))  # type: ignore[return-value]
        return list(range(1, self.high + 1)) + ([0] if self.fault == "moves-unplayable" else [])

    def play(self, state: State, move: int) -> State:
        if not 1 <= move <= self.high:
            raise ValueError(f"{move} is no number from 1 to {self.high}")
        picks = (*state.picks, move)
        if len(picks) < 2:
            return State(state.round, picks, state.wins)
        wins = state.wins if self.fault == "play-mutates" else list(state.wins)
        if picks[0] != picks[1]:
            wins[int(picks[1] > picks[0])] += 1
        return State(state.round + 1, (), wins)

    def over(self, state: State) -> bool:
        return state.round >= self.rounds and self.fault != "endless"

    def outcome(self, state: State) -> tuple[int, ...] | None:
        if not self.over(state):
            return None
        first, second = state.wins
        if self.fault == "outcome-seat":
            return (2,)
        return () if first == second else ((0,) if first > second else (1,))

    def length(self, state: State) -> int:
        if self.fault == "length-words":
            return "eight"  # type: ignore[return-value]
        return 2 * state.round + len(state.picks)


def random_player(rules: Rules, state: State, rng: random.Random) -> int:
    return rng.randint(1, rules.high)


def high_player(rules: Rules, state: State, rng: random.Random) -> int:
    return rules.high


def cheating_player(rules: Rules, state: State, rng: random.Random) -> int:
    if state.round == 1:  # once a game: a number higher than any allowed
        return rules.high + 1
    return random_player(rules, state, rng)


def forgetful_player(rules: Rules, state: State, rng: random.Random) -> int | None:
    if state.round == 1:
        return None  # forgot to return the move
    return random_player(rules, state, rng)


def looping_player(rules: Rules, state: State, rng: random.Random) -> int:
    while state.round == 1:  # never ends: waits for a round that never comes
        pass
    return random_player(rules, state, rng)


def own_random_player(rules: Rules, state: State, rng: random.Random) -> int:
    return random.randint(1, rules.high)  # the random module's own generator, not the game's rng


def numpy_random_player(rules: Rules, state: State, rng: random.Random) -> int:
    import numpy

    return int(numpy.random.randint(1, rules.high + 1))  # numpy's own generator, not the game's rng


def meddling_player(rules: Rules, state: State, rng: random.Random) -> int:
    state.wins[state.to_move] += 1  # gives itself a round: changes the state it was given
    return random_player(rules, state, rng)


STRATEGIES = {"random": random_player, "high": high_player, "cheat": cheating_player, "forgetful": forgetful_player,
              "loop": looping_player, "own-random": own_random_player, "numpy-random": numpy_random_player,
              "meddle": meddling_player}  # fmt: skip
