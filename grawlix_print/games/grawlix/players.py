"""Grawlix players for the playtest: random, greedy and search, and the game's ``Playtester``.

Every player sees the whole table, as a Grawlix player does: the grid, both
hands and the supply. Players are written against the engine's public API
(``Match``, ``Grid.fitting``, ``Match.legal_moves``, the hand and supply masks);
a move is applied by ``Match.play``, which checks it, so no player can cheat.

- ``random``: drafts a supply tile uniformly; on its turn picks a (tile in
  hand, legal location) pair uniformly and drafts its replacement uniformly.
- ``greedy``: looks one move ahead (see ``GREEDY``).
- ``search``: a depth-limited minimax search with alpha-beta pruning over the
  greedy player's candidate moves, with a node budget (see ``SEARCH``).

The game's tile set is reached through ``tile_set`` alone.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from .tiles import Tile
from ...errors import StudioError
from ...playtest.protocol import CompiledEngine, Credits, GameResult, Games, Measure, RefusedVariant, play_each
from .engine import Match, Grid, Move, random_game
from .rules import PARAMETERS, Rules, value_problem

if TYPE_CHECKING:
    from ...rulebook import FrontMatter


def tile_set(rules: Rules) -> Sequence[Tile]:
    """The game's tiles in supply order (tile ``i`` is bit ``i`` of a mask): the one place players get them."""
    return rules.tiles.tiles


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def placements(grid: Grid, hand: int) -> int:
    """How many (tile of ``hand``, location) placements are legal on ``grid`` now."""
    return grid.placements(hand)


# --- the players -------------------------------------------------------------------------


class Player:
    """A strategy: what to draft in the opening draft, and what to play on a turn."""

    def draft(self, game: Match, tiles: Sequence[Tile], rng: random.Random) -> Tile:
        raise NotImplementedError

    def turn(self, game: Match, tiles: Sequence[Tile], rng: random.Random) -> tuple[Move, Tile | None] | None:
        """The move and the tile to draft after it (None once the supply is empty); None when stuck."""
        raise NotImplementedError


RANDOM = (
    "drafts a supply tile uniformly at random; on its turn plays a (tile in hand, legal location) "
    "pair chosen uniformly among all legal ones, then drafts a supply tile uniformly"
)


class RandomPlayer(Player):
    def draft(self, game, tiles, rng):
        return tiles[rng.choice(_bits(game.supply))]

    def turn(self, game, tiles, rng):
        moves = game.legal_moves()
        if not moves:
            return None
        move = moves[rng.randrange(len(moves))]
        supply = _bits(game.supply)
        return move, tiles[supply[rng.randrange(len(supply))]] if supply else None


GREEDY = (
    "looks one move ahead: plays a move that leaves the opponent no legal placement if there is one, "
    "else the placement that maximises its own legal placements left minus the opponent's; drafts "
    "the supply tile that fits the most locations after its move, and in the opening draft the tile "
    "whose glyph and colour its hand holds least; ties at random"
)


def _greedy_scores(game: Match, tiles: Sequence[Tile]) -> list[tuple[float, Move, Grid]]:
    """Every legal move of the player to move with its one-move score and the grid after it."""
    grid, me = game.grid, game.to_move
    hand, theirs = game.hands[me], game.hands[1 - me]
    scored = []
    for move in game.legal_moves():
        after = grid.copy()
        after.place(move.location, move.tile)
        their_moves = placements(after, theirs)
        if their_moves == 0:
            score = float("inf")
        else:
            score = placements(after, hand & ~(1 << move.tile.index)) - their_moves
        scored.append((score, move, after))
    return scored


def _best_refill(after: Grid, supply: int, tiles: Sequence[Tile], rng: random.Random) -> Tile | None:
    """The supply tile that fits the most locations of ``after`` (ties at random)."""
    if not supply:
        return None
    counts = after.locations_each(supply)
    top = max(counts.values())
    return tiles[rng.choice([i for i, c in counts.items() if c == top])]


def _pick(scored: list, rng: random.Random):
    top = max(entry[0] for entry in scored)
    return rng.choice([entry for entry in scored if entry[0] == top])


class GreedyPlayer(Player):
    def draft(self, game, tiles, rng):
        hand = [tiles[i] for i in _bits(game.hands[game.to_move])]

        def shared(index: int) -> int:
            tile = tiles[index]
            return sum((t.glyph == tile.glyph) + (t.colour == tile.colour) for t in hand)

        supply = _bits(game.supply)
        least = min(map(shared, supply))
        return tiles[rng.choice([i for i in supply if shared(i) == least])]

    def turn(self, game, tiles, rng):
        scored = _greedy_scores(game, tiles)
        if not scored:
            return None
        _, move, after = _pick(scored, rng)
        return move, _best_refill(after, game.supply, tiles, rng)


SEARCH = (
    "searches {budget} positions per turn: minimax with alpha-beta pruning, deeper and deeper "
    "(iterative deepening) until the budget is spent, over moves ordered by the greedy score; "
    "a leaf is scored as greedy scores a move, a player left without a placement loses; "
    "drafts and drafting in the opening as greedy does"
)
_WIN = 10_000.0


class _Budget(Exception):
    """The search has looked at as many positions as it may."""


@dataclass
class _Node:
    """A position in the search: the grid, both hands, the supply, and who is to move."""

    grid: Grid
    hands: tuple[int, int]
    supply: int
    to_move: int


class SearchPlayer(Player):
    """Alpha-beta over (placement, greedy draft) moves, ``budget`` positions scored per turn."""

    def __init__(self, budget: int) -> None:
        self.budget = budget

    def draft(self, game, tiles, rng):
        return GreedyPlayer().draft(game, tiles, rng)

    def turn(self, game, tiles, rng):
        root = _Node(game.grid, (game.hands[0], game.hands[1]), game.supply, game.to_move)
        self.left = self.budget
        try:
            children = self._children(root, tiles)
        except _Budget:  # a budget below one position per move: greedy
            return GreedyPlayer().turn(game, tiles, rng)
        if not children:
            return None
        best = _pick([(score, i) for i, (score, *_) in enumerate(children)], rng)[1]
        order = sorted(range(len(children)), key=lambda i: -children[i][0])
        depth = 2
        while children[best][0] < _WIN / 2 and depth <= 40:
            try:
                values = self._root(root, children, order, depth, tiles)
            except _Budget:
                break
            # The first child searched with the best value is exact; later ones equal to it are bounds.
            best = max(values, key=lambda i: values[i])
            order = sorted(values, key=lambda i: -values[i])
            if abs(values[best]) >= _WIN / 2:  # a forced win or loss: deeper changes nothing
                break
            depth += 1
        _, move, after = children[best]
        refill = _refill(after, game.supply)
        return move, None if refill is None else tiles[refill]

    def _root(self, root, children, order, depth, tiles) -> dict[int, float]:
        values: dict[int, float] = {}
        alpha = -float("inf")
        for i in order:
            value = -self._negamax(self._child(root, children[i]), depth - 1, -float("inf"), -alpha, tiles)
            values[i] = value
            alpha = max(alpha, value)
        return values

    @staticmethod
    def _child(node: _Node, child) -> _Node:
        """The position after a move, its player drafting as greedy does."""
        _, move, after = child
        refill = _refill(after, node.supply)
        me = node.to_move
        hand = node.hands[me] & ~(1 << move.tile.index)
        supply = node.supply
        if refill is not None:
            hand |= 1 << refill
            supply &= ~(1 << refill)
        hands = (hand, node.hands[1]) if me == 0 else (node.hands[0], hand)
        return _Node(after, hands, supply, 1 - me)

    def _children(self, node: _Node, tiles, beta: float = float("inf")):
        """Every move from ``node`` with its greedy score, best first; stops early at ``beta``."""
        me = node.to_move
        hand, theirs = node.hands[me], node.hands[1 - me]
        found = []
        for location, fits in node.grid.fitting(hand):
            for index in _bits(fits):
                if self.left <= 0:
                    raise _Budget
                self.left -= 1
                after = node.grid.copy()
                after.place(location, tiles[index])
                their_moves = placements(after, theirs)
                if their_moves == 0:
                    score = _WIN
                else:
                    score = placements(after, hand & ~(1 << index)) - their_moves
                found.append((score, Move(location, tiles[index]), after))
                if score >= beta:
                    return found
        found.sort(key=lambda child: -child[0])
        return found

    def _negamax(self, node: _Node, depth: int, alpha: float, beta: float, tiles) -> float:
        children = self._children(node, tiles, beta if depth == 1 else float("inf"))
        if not children:
            return -_WIN - depth  # stuck: lost (sooner is worse)
        if depth == 1 or children[0][0] >= _WIN:
            return max(child[0] for child in children) + (depth if children[0][0] >= _WIN else 0)
        best = -float("inf")
        for child in children:
            value = -self._negamax(self._child(node, child), depth - 1, -beta, -alpha, tiles)
            best = max(best, value)
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return best


def _refill(after: Grid, supply: int) -> int | None:
    """The supply tile that fits the most locations of ``after`` (the lowest such), as greedy drafts."""
    if not supply:
        return None
    counts = after.locations_each(supply)
    top = max(counts.values())
    return min(i for i, c in counts.items() if c == top)


# --- the Playtester ----------------------------------------------------------------------

MEASURES = (
    Measure("tiles_placed", "tiles placed", "count", plotted=False),  # one per turn: the length
    Measure("grid_full", "grid reaches its largest size", "flag"),
    Measure("supply_out", "supply runs out", "flag"),
)
# Seconds per game on one core of the development machine, for batch sizes and the one-day bound.
# With the compiled engine (fast.py): the Python path plays the same batches, more slowly.
_FAST_RANDOM_SECONDS = 0.000005  # every player random: random_game
_SECONDS = {"random": 0.00001, "greedy": 0.00002}  # beside other strategies, per player
_SEARCH_SECONDS = 0.00015  # per position of the budget, a game's turns together
PYTHON_SLOWDOWN = {"random": 40.0, "greedy": 120.0}
"""How many times slower a game of these players is in Python than in C (``benchmarks/bench.py native``:
37 and 121 times, one core): what the note says when the compiled engine is not used."""


def _code_files() -> tuple[Path, ...]:
    from . import tiles
    from . import engine, rules

    return tuple(Path(file) for file in (__file__, engine.__file__, rules.__file__, tiles.__file__))


BUDGET = 1000  # positions the search player scores per turn, unless told
_UNTITLED = Credits("", (), "", "", ())  # no credits given: the playtester names the tile set alone


@dataclass(frozen=True)
class GrawlixPlaytester:
    """Grawlix under ``rules``, for ``grawlix_print.playtest``; ``budget``: positions search scores per turn.

    ``credits`` (for the report's PDF) default to the tile set's title alone.
    """

    game_rules: Rules
    budget: int = BUDGET
    credits: Credits = _UNTITLED
    name: str = field(default="grawlix", init=False)
    strategies: tuple[str, ...] = field(default=("random", "greedy", "search"), init=False)
    player_counts: tuple[int, ...] = field(default=(2,), init=False)
    measures: tuple[Measure, ...] = field(default=MEASURES, init=False)

    def __post_init__(self) -> None:
        if self.credits == _UNTITLED:
            title = self.game_rules.tiles.title
            object.__setattr__(self, "credits", Credits(title, (), "", "", (title, "playtest")))

    def seat_count(self, players: int) -> int:
        return players

    def dummy_seats(self, players: int) -> tuple[int, ...]:
        return ()

    def describe(self, strategy: str) -> str:
        return {"random": RANDOM, "greedy": GREEDY, "search": SEARCH.format(budget=f"{self.budget:,}")}[strategy]

    def rules(self) -> dict:
        r = self.game_rules
        return {
            "glyphs": len(r.tiles.glyphs),
            "colours": len(r.tiles.colours),
            "max_rows": r.max_rows,
            "max_columns": r.max_columns,
            "hand_size": r.hand_size,
        }

    def problem(self) -> str | None:
        r = self.game_rules
        if r.max_rows * r.max_columns == 1:
            return (
                "every game ends at once: a grid of one row and one column holds one tile, "
                "so the second player can never play"
            )
        return None

    def seconds_per_game(self, strategies: Sequence[str]) -> float:
        if all(s == "random" for s in strategies):
            return _FAST_RANDOM_SECONDS
        return sum(_SEARCH_SECONDS * self.budget if s == "search" else _SECONDS[s] for s in strategies)

    def identity(self) -> str:
        digest = hashlib.sha256()
        for path in _code_files():
            digest.update(path.read_bytes())
        return f"{self.rules()} budget {self.budget} code {digest.hexdigest()[:16]}"

    def play(self, strategies: Sequence[str], rng: random.Random) -> GameResult:
        if all(s == "random" for s in strategies):
            game = random_game(self.game_rules, rng)  # the same player, on the engine's fast path
        else:
            game = self._played(strategies, rng)
        grid, r = game.grid, self.game_rules
        top, left, bottom, right = grid.bounds
        return GameResult(
            winners=(1 - game.to_move,),
            length=len(game.placed),
            measures={
                "tiles_placed": len(grid),
                "grid_full": float(bottom - top + 1 == r.max_rows and right - left + 1 == r.max_columns),
                "supply_out": float(game.supply == 0),
            },
        )

    def variant(self, changes: Mapping[str, int], players: int) -> GrawlixPlaytester:
        """These rules with some of ``rules.toml``'s parameters changed (a sweep's variant)."""
        values = dict(zip(PARAMETERS, self.game_rules.limits()))
        for key, value in changes.items():
            if key not in PARAMETERS:
                raise StudioError(f"unknown key (known: {', '.join(PARAMETERS)})", key)
            problem = value_problem(value)
            if problem:
                raise StudioError(problem, key)
            values[key] = value
        try:
            rules = Rules(self.game_rules.tiles, **values)
        except ValueError as error:
            raise RefusedVariant(str(error)) from None
        made = replace(self, game_rules=rules)
        problem = made.problem()
        if problem is not None:
            raise RefusedVariant(problem)
        return made

    def compiled_engine(self, strategies: Sequence[str]) -> CompiledEngine | None:
        """C plays random and greedy players, two of them, on a tile set it can hold (``fast.py``)."""
        from .fast import PLAYERS, SOURCE, fits

        if len(strategies) != 2 or not all(s in PLAYERS for s in strategies) or not fits(self.game_rules):
            return None
        return CompiledEngine(SOURCE, max(PYTHON_SLOWDOWN[s] for s in strategies))

    def play_many(self, strategies: Sequence[str], rng: random.Random, count: int) -> Games:
        """The games ``play`` would play one after the other from ``rng``: in C (``fast.py``) for
        random and greedy players where it is built, else in Python."""
        from .fast import compiled_games

        played = compiled_games(self.game_rules, strategies, rng, count)
        if played is None:
            return play_each(self, strategies, rng, count)
        if isinstance(played.length, list):  # a few games: plain lists, as ``Games.of`` makes of them
            return Games(
                winners=[[loser == 1, loser == 0] for loser in played.loser],
                lengths=played.length,
                measures={"tiles_placed": played.length, "grid_full": [float(f) for f in played.full],
                          "supply_out": [float(s) for s in played.supply_out]},
            )  # fmt: skip
        import numpy as np

        loser, lengths = np.asarray(played.loser), np.asarray(played.length, dtype=np.int64)
        return Games(
            winners=np.stack([loser == 1, loser == 0], axis=1),
            lengths=lengths,
            measures={"tiles_placed": lengths, "grid_full": np.asarray(played.full, dtype=np.float64),
                      "supply_out": np.asarray(played.supply_out, dtype=np.float64)},
        )  # fmt: skip

    def _played(self, strategies: Sequence[str], rng: random.Random) -> Match:
        """A game through the public API: each player chooses, ``Match`` checks and applies."""
        players = [SearchPlayer(self.budget) if s == "search" else _PLAYERS[s] for s in strategies]
        tiles = tile_set(self.game_rules)
        game = Match(self.game_rules)
        while game.drafting:
            game.draft(players[game.to_move].draft(game, tiles, rng))
        while (choice := players[game.to_move].turn(game, tiles, rng)) is not None:
            game.play(*choice)
        return game


_PLAYERS: dict[str, Player] = {"random": RandomPlayer(), "greedy": GreedyPlayer()}


def playtester(rules: Rules, front_matter: FrontMatter | None = None, budget: int | None = None) -> GrawlixPlaytester:
    """The playtester of ``rules``; the report's PDF names what ``front_matter`` names (authors, licence)."""
    credits = _UNTITLED if front_matter is None else Credits.of(front_matter)
    return GrawlixPlaytester(rules, BUDGET if budget is None else budget, credits)
