"""The rules of Kalah, a traditional sowing game: pits in two rows, a store at each end, stones sown round.

Seat 0 owns pits 0..n-1 and the store at n; seat 1 owns pits n+1..2n and the store at 2n+1.
A move empties one of your pits and sows its stones one by one round the board (into your own
store, never the other's). The last stone in your store: move again. The last stone in an empty
pit of yours, with stones opposite: take both into your store. When one side's pits are all empty,
the other player stores what is left on their side; the fuller store wins, equal stores are a draw.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from grawlix_print.plugin import StudioError


@dataclass(frozen=True)
class State:
    board: tuple[int, ...]
    to_move: int
    turns: int


@dataclass(frozen=True)
class Rules:
    pits: int = 6
    stones: int = 4
    """Pits per side, and stones in each pit at the start."""

    def __post_init__(self) -> None:
        """The numbers checked wherever they come from: components.toml, or a sweep's variant."""
        for key, low, high in (("pits", 3, 8), ("stones", 1, 6)):
            value = getattr(self, key)
            if not (isinstance(value, int) and not isinstance(value, bool) and low <= value <= high):
                raise StudioError(f"a whole number from {low} to {high}, not {value!r}", f"rules.{key}")

    @classmethod
    def of(cls, table: dict, where: str) -> Rules:
        try:
            return cls(**{key: table.get(key, default) for key, default in (("pits", 6), ("stones", 4))})
        except StudioError as error:
            raise StudioError(error.what, f"{where}: {error.where}") from None

    def store(self, seat: int) -> int:
        return self.pits + seat * (self.pits + 1)

    def own(self, seat: int) -> range:
        first = seat * (self.pits + 1)
        return range(first, first + self.pits)

    def start(self, players: int, rng: random.Random) -> State:
        side = (self.stones,) * self.pits
        return State((*side, 0, *side, 0), 0, 0)

    def moves(self, state: State) -> list[int]:
        return [pit for pit in self.own(state.to_move) if state.board[pit] > 0]

    def play(self, state: State, move: int) -> State:
        seat = state.to_move
        if move not in self.own(seat) or state.board[move] == 0:
            raise ValueError(f"pit {move} is not a pit of seat {seat} with stones in it")
        board = list(state.board)
        stones, board[move] = board[move], 0
        pit = move
        while stones:
            pit = (pit + 1) % len(board)
            if pit == self.store(1 - seat):
                continue
            board[pit] += 1
            stones -= 1
        opposite = 2 * self.pits - pit
        if pit in self.own(seat) and board[pit] == 1 and board[opposite] > 0:
            board[self.store(seat)] += board[pit] + board[opposite]
            board[pit] = board[opposite] = 0
        again = pit == self.store(seat)
        for side in (0, 1):
            if not any(board[p] for p in self.own(side)):
                other = 1 - side
                board[self.store(other)] += sum(board[p] for p in self.own(other))
                for p in self.own(other):
                    board[p] = 0
        return State(tuple(board), seat if again else 1 - seat, state.turns + 1)

    def over(self, state: State) -> bool:
        return not any(state.board[p] for side in (0, 1) for p in self.own(side))

    def outcome(self, state: State) -> tuple[int, ...] | None:
        if not self.over(state):
            return None
        ours, theirs = (state.board[self.store(seat)] for seat in (0, 1))
        return () if ours == theirs else ((0,) if ours > theirs else (1,))

    def points(self, state: State) -> tuple[int, int]:
        return (state.board[self.store(0)], state.board[self.store(1)])

    def length(self, state: State) -> int:
        return state.turns

    def after(self, moves: list[int]) -> State:
        """The state after these moves, each a pit counted 1..pits from the mover's left."""
        state = self.start(2, random.Random(0))
        for number in moves:
            if not 1 <= number <= self.pits:
                raise ValueError(f"pit {number}: pits are numbered 1 to {self.pits}")
            state = self.play(state, self.own(state.to_move)[number - 1])
        return state


def random_player(rules: Rules, state: State, rng: random.Random) -> int:
    return rng.choice(rules.moves(state))


def greedy_player(rules: Rules, state: State, rng: random.Random) -> int:
    """The move that fills its own store most at once (a second turn counts one stone more)."""
    seat = state.to_move

    def gain(move: int) -> float:
        after = rules.play(state, move)
        return after.board[rules.store(seat)] - state.board[rules.store(seat)] + (after.to_move == seat) + rng.random() / 10

    return max(rules.moves(state), key=gain)
