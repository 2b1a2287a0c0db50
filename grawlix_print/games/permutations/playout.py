"""Fast random play-outs: many games of Permutations played abreast, every seat at random.

For statistics over many games (balance, first-player advantage, strategy
baselines) one Python object per card is too slow, so games are played in
numpy arrays, one row per game, a whole batch per step. The rules are not
written again here: what an auction can end in comes from the engine's
``auction_outcomes`` (itself ``collection_order``, ``dummy_collection`` and
``legal_collections``), tabulated once per table, and the scores come from
``scoring``'s functions, looked up per distinct case. What is left is
mechanics: shuffling, taking a card, passing the bids on as the next pool
(``engine.next_round_pool``), turning collections into hands.

Random play means: every seat bids a uniformly random card of its hand
(players as dummies do), every player collects a uniformly random card of
the pool, and dummies collect by their rule. A fresh game's random numbers
are a fixed number of 32-bit words of the ``random.Random`` passed in, taken
in order (``WordDraws``: the deal's shuffle, each round's auction draws, the
shuffles of the hands between rounds), so a seed replays the same games and
``fastplay.c`` plays the same games word for word in C. A shuffle is
Fisher-Yates and an auction's outcome one of its equally likely outcomes,
each pick a word scaled to the choices (``(word * n) >> 32``, off uniform by
less than n in 2^32).

``random_games(rng, players, count)`` gives every game's final points;
with ``history=True`` every game can be turned into an ``engine.GameRecord``
(``Playouts.record``), which the tests check against the rules auction by auction.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from itertools import permutations
from math import factorial
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from .deck import Deck, Icon, default_deck
from .engine import (
    AuctionRecord,
    GameRecord,
    RoundRecord,
    auction_outcomes,
    collection_order,
    is_dummy,
)
from .rules import Rules, default_rules
from .scoring import colour_choice, moon_bonuses, star_points, sun_penalties
from .table import Seating, hand_size, seating

Array = npt.NDArray[Any]
SOURCES = ("stars", "moons", "suns", "colours")
"""Where points come from: stars, the moon bonus, the sun penalty (negative) and colour sets."""
BATCH = (
    4096  # games per step: big enough to amortise numpy's per-call cost, small enough for the cache
)


@dataclass(frozen=True)
class Playouts:
    """The results of ``count`` random games: final points by game and seat (and by source), and
    optionally every auction.

    ``history`` (when asked for) holds card numbers: ``hands`` (game, round,
    seat, card in bid order), and ``pools``, ``bids``, ``collected`` (game,
    round, auction, seat; a pool lowest first).
    """

    table: Seating
    points: Array
    history: dict[str, Array] | None = None
    sources: dict[str, Array] = field(default_factory=dict)
    """Points by source (``SOURCES``), game and seat: they add up to ``points`` (suns' are the penalty, negative)."""
    moon_ties: Array | None = None
    """Per game, the rounds in which two or more seats tied for the most moons."""
    sun_tie: Array | None = None
    """Per game, 1 when two or more seats tied for the most suns, else 0."""

    @property
    def count(self) -> int:
        return int(self.points.shape[0])

    def winners(self) -> Array:
        """A (game, seat) mask of the winners, the rule of ``scoring.winners`` on whole columns: the
        most points win, every seat counts (dummies too), ties all win."""
        mask: Array = self.points == self.points.max(axis=1, keepdims=True)
        return mask

    def dummy_won(self) -> Array:
        """Per game, whether a dummy is among the winners (the players' defeat, or a shared win)."""
        return np.asarray(self.winners()[:, self.table.players :].any(axis=1))

    def record(self, game: int) -> GameRecord:
        """Game number ``game`` as an ``engine.GameRecord`` (needs ``history=True``)."""
        if self.history is None:
            raise ValueError("these play-outs were run without history=True")
        h = self.history
        rounds = []
        for r in range(h["bids"].shape[1]):
            auctions = tuple(
                AuctionRecord(
                    _ints(h["pools"][game, r, a]),
                    _ints(h["bids"][game, r, a]),
                    _ints(h["collected"][game, r, a]),
                )
                for a in range(h["bids"].shape[2])
            )
            rounds.append(RoundRecord(tuple(_ints(hand) for hand in h["hands"][game, r]), auctions))
        return GameRecord(self.table, tuple(rounds), _ints(self.points[game]))


def _ints(row: Array) -> tuple[int, ...]:
    return tuple(int(x) for x in row)


@dataclass(frozen=True)
class Position:
    """Games at the start of an auction, as arrays of card ranks with a row per game.

    ``round`` (from 0) is the round under way; ``hands`` (game, seat, card)
    each in the order its cards will be bid; ``pool`` (game, seat) lowest
    first; ``collected`` (game, seat, card) what each seat collected so far
    this round; ``points`` and ``suns`` each seat's points and suns from the
    rounds before.
    """

    round: int
    hands: Array
    pool: Array
    collected: Array
    points: Array
    suns: Array


@dataclass(frozen=True)
class Finished:
    """Games played to their end: final points (game, seat), the points scored on the way by source,
    the rounds with a moon tie and whether the suns tied."""

    points: Array
    sources: dict[str, Array]
    moon_ties: Array
    sun_tie: Array


class Draws(Protocol):
    """Where random numbers come from: one generator shared by copies of games (the search's), or
    fixed words per game (``WordDraws``)."""

    def integers(self, low: int, high: int, size: tuple[int, ...]) -> Array: ...

    def shuffled(self, cards: Array) -> Array:
        """``cards`` with each row (along the last axis) in a uniformly random order."""
        ...


class WordDraws:
    """``Draws`` from a block of 32-bit words per game (game, word), each request taking the next
    words of every game's block: ``integers`` a word scaled to the range, ``shuffled`` a
    Fisher-Yates shuffle of each row, one word per swap. So a game's numbers depend on its own
    words alone, and C can take them in the same order from the same generator."""

    def __init__(self, words: Array) -> None:
        self.words = words
        self.used = 0

    def _take(self, size: tuple[int, ...]) -> Array:
        each = int(np.prod(size[1:], dtype=np.int64))
        block = self.words[:, self.used : self.used + each]
        if block.shape != (size[0], each):
            raise ValueError(f"a game's words are spent: {self.words.shape[1]} words, {self.used + each} asked for")
        self.used += each
        return block.reshape(size)

    def integers(self, low: int, high: int, size: tuple[int, ...]) -> Array:
        scaled = (self._take(size).astype(np.uint64) * np.uint64(high - low)) >> np.uint64(32)
        return scaled.astype(np.int64) + low

    def shuffled(self, cards: Array) -> Array:
        """Each row of ``cards`` shuffled: for the last place down to the second, swap it with a place
        at or before it picked by the next word (the rows of a game in order, C's order)."""
        rows = cards.reshape(cards.shape[0], -1, cards.shape[-1]).copy()
        width = rows.shape[2]
        if width < 2:
            return cards.copy()
        words = self._take((rows.shape[0], rows.shape[1], width - 1))
        games, lines = np.indices(rows.shape[:2])
        for step, last in enumerate(range(width - 1, 0, -1)):
            pick = ((words[:, :, step].astype(np.uint64) * np.uint64(last + 1)) >> np.uint64(32)).astype(np.intp)
            moved = rows[games, lines, pick]
            rows[games, lines, pick] = rows[:, :, last]
            rows[:, :, last] = moved
        return rows.reshape(cards.shape)


def words_of(rng: random.Random, games: int, each: int) -> Array:
    """``games`` blocks of ``each`` 32-bit words of ``rng``, game after game (getrandbits gives the
    generator's words lowest first)."""
    count = games * each
    data = rng.getrandbits(32 * count).to_bytes(4 * count, "little") if count else b""
    return np.frombuffer(data, dtype="<u4").reshape(games, each)


class RandomPlayout:
    """Random games for one deck and player count; build once, then ``play`` as often as wanted.

    Cards are handled by rank among the cards in play (lowest 0) and turned
    back into numbers only for ``history``.
    """

    def __init__(
        self, players: int, deck: Deck | None = None, rules: Rules | None = None, table: Seating | None = None
    ) -> None:
        self.deck = deck if deck is not None else default_deck()
        self.rules = rules if rules is not None else default_rules()
        self.table = table if table is not None else seating(players)
        self.numbers = np.array(self.deck.in_play(self.table.special_cards))
        self.seats = self.table.seats
        self.hand = hand_size(len(self.numbers), self.seats)
        self._outcomes, self._width = self._tabulate()
        cards = [self.deck.card(int(number)) for number in self.numbers]
        self._stars = np.array([card.icon is Icon.STAR for card in cards], dtype=np.int64)
        self._moons = np.array([card.icon is Icon.MOON for card in cards], dtype=np.int64)
        self._suns = np.array([card.icon is Icon.SUN for card in cards], dtype=np.int64)
        self._multicoloured = np.array([card.multicoloured for card in cards], dtype=np.int64)
        self._colours = np.zeros((len(cards), len(self.deck.colours)), dtype=np.int64)
        for rank, card in enumerate(cards):
            if card.colour is not None:
                self._colours[rank, card.colour.index] = 1
        # Scores of the distinct cases met so far, by code (see _cached).
        self._colour_points: dict[int, int] = {}
        self._moon_bonuses: dict[int, tuple[int, ...]] = {}
        self._sun_penalties: dict[int, tuple[int, ...]] = {}

    def _tabulate(self) -> tuple[Array, int]:
        """Outcome table: [code of the seats in bid order, lowest first][draw][seat] -> pool rank collected.

        Each order's outcomes (equally likely) are repeated to ``seats!``
        entries (their count divides it), so one uniform draw below
        ``seats!`` picks one fairly.
        """
        seats = self.seats
        width = factorial(seats)
        dummies = [is_dummy(self.table, seat) for seat in range(seats)]
        table = np.zeros((seats**seats, width, seats), dtype=np.int16)
        for lowest_first in permutations(range(seats)):
            bids = [0] * seats
            for rank, seat in enumerate(lowest_first):
                bids[seat] = rank
            outcomes = list(auction_outcomes(collection_order(bids), dummies, range(seats)))
            if width % len(outcomes):
                raise AssertionError("an auction's outcomes do not divide seats! evenly")
            table[self._code(np.array(lowest_first))] = outcomes * (width // len(outcomes))
        return table, width

    def _code(self, lowest_first: Array) -> Array:
        """The seats in bid order, lowest first, as one number (base ``seats``), along the last axis."""
        return lowest_first @ (self.seats ** np.arange(self.seats))

    @property
    def words_per_game(self) -> int:
        """The 32-bit words one fresh game takes: the deal's shuffle, each round's auction draws,
        and the shuffles of every hand between rounds."""
        rounds = self.rules.rounds
        return len(self.numbers) - 1 + rounds * self.hand + (rounds - 1) * self.seats * (self.hand - 1)

    def play(self, rng: random.Random, count: int, history: bool = False) -> Playouts:
        """``count`` random games, each from its own ``words_per_game`` words of ``rng``, in order."""
        parts = []
        for start in range(0, count, BATCH):
            games = min(BATCH, count - start)
            parts.append(self._batch(WordDraws(words_of(rng, games, self.words_per_game)), games, history))
        if not parts:
            parts = [(self._finished(0), {})]
        points = np.concatenate([p.points for p, _ in parts])
        sources = {key: np.concatenate([p.sources[key] for p, _ in parts]) for key in SOURCES}
        kept = None
        if history and count:
            kept = {
                key: self.numbers[np.concatenate([h[key] for _, h in parts])]
                for key in ("hands", "pools", "bids", "collected")
            }
        return Playouts(
            self.table, points, kept, sources,
            np.concatenate([p.moon_ties for p, _ in parts]), np.concatenate([p.sun_tie for p, _ in parts]),
        )  # fmt: skip

    def deal(self, generator: Draws, games: int) -> Position:
        """``games`` fresh deals: the first auction of the first round."""
        seats, hand = self.seats, self.hand
        dealt = generator.shuffled(np.broadcast_to(np.arange(len(self.numbers)), (games, len(self.numbers))))
        hands = dealt[:, : seats * hand].reshape(games, seats, hand)  # each in a random order: the bid order
        pool = np.sort(dealt[:, seats * hand :], axis=1)
        nothing = np.zeros((games, seats), dtype=np.int64)
        return Position(0, hands, pool, np.zeros((games, seats, 0), dtype=hands.dtype), nothing, nothing)

    def _batch(self, generator: Draws, games: int, history: bool) -> tuple[Finished, dict[str, Array]]:
        return self.play_on(generator, self.deal(generator, games), history)

    def _finished(self, games: int) -> Finished:
        nothing = np.zeros((games, self.seats), dtype=np.int64)
        flags = np.zeros(games, dtype=np.int64)
        return Finished(nothing, {key: nothing for key in SOURCES}, flags, flags)

    def play_on(
        self, generator: Draws, at: Position, history: bool = False
    ) -> tuple[Finished, dict[str, Array]]:
        """Every game of ``at`` played on at random to its end: the final points and, with
        ``history`` (from a fresh deal only), every auction."""
        seats, hand, rounds = self.seats, self.hand, self.rules.rounds
        games = at.pool.shape[0]
        rows = np.arange(games)[:, None]
        hands, pool, earlier = at.hands, at.pool, at.collected
        points, suns = at.points.copy(), at.suns.copy()
        sources = {key: np.zeros((games, seats), dtype=np.int64) for key in SOURCES}
        moon_ties = np.zeros(games, dtype=np.int64)
        kept: dict[str, list[Array]] = {"hands": [], "pools": [], "bids": [], "collected": []}
        for round_number in range(at.round, rounds):
            left = hand - earlier.shape[2]
            if history and left != hand:
                raise ValueError("a history is kept only from a fresh deal")
            draws = generator.integers(0, self._width, size=(games, left))
            collected = np.empty((games, left, seats), dtype=hands.dtype)
            pools = np.empty_like(collected)
            for auction in range(left):
                bids = hands[:, :, auction]
                lowest_first = np.argsort(bids, axis=1, kind="stable")
                ranks = self._outcomes[self._code(lowest_first), draws[:, auction]]
                pools[:, auction] = pool
                collected[:, auction] = pool[rows, ranks]
                pool = np.take_along_axis(bids, lowest_first, axis=1)  # the bids, lowest first: the next pool
            if history:
                kept["hands"].append(hands)
                kept["pools"].append(pools)
                kept["bids"].append(hands.transpose(0, 2, 1))
                kept["collected"].append(collected)
            collections = np.concatenate([earlier, collected.transpose(0, 2, 1)], axis=2)  # game, seat, card
            for key, scored in self._round_points(collections).items():
                sources[key] += scored
            bonus = self._moon_bonus(collections)
            sources["moons"] += bonus
            moon_ties += (bonus > 0).sum(axis=1) > 1
            suns += self._suns[collections].sum(axis=2)
            if round_number < rounds - 1:
                # The collections become the hands, each shuffled: the next round's bid order.
                hands = generator.shuffled(collections)
                earlier = collections[:, :, :0]
        penalties = partial(sun_penalties, rules=self.rules)
        penalty = _per_row(suns, rounds * hand + 1, self._sun_penalties, penalties)
        sources["suns"] -= penalty
        sun_tie = (penalty > 0).sum(axis=1) > 1
        for scored in sources.values():
            points += scored
        stacked = {key: np.stack(value, axis=1) for key, value in kept.items()} if history else {}
        return Finished(points, sources, moon_ties, sun_tie.astype(np.int64)), stacked

    def _round_points(self, collections: Array) -> dict[str, Array]:
        """Each seat's points for a round's collections from its stars and its colour sets."""
        stars = self._stars[collections].sum(axis=2)
        multicoloured = self._multicoloured[collections].sum(axis=2)
        counts = self._colours[collections].sum(axis=2)  # game, seat, colour
        radix = self.hand + 1
        codes = (
            counts @ (radix ** np.arange(counts.shape[2]))
            + multicoloured * radix ** counts.shape[2]
        )
        colour = _cached(codes, self._colour_points, self._colour_points_of)
        return {"stars": stars * star_points(1, self.rules), "colours": colour}

    def _moon_bonus(self, collections: Array) -> Array:
        """Each seat's moon bonus for a round's collections."""
        moons = self._moons[collections].sum(axis=2)
        bonus: Array = _per_row(moons, self.hand + 1, self._moon_bonuses, partial(moon_bonuses, rules=self.rules))
        return bonus

    def _colour_points_of(self, code: int) -> int:
        """Colour points of a collection coded as its colour counts and the multicoloured card (``_round_points``)."""
        colours = len(self.deck.colours)
        *counts, multicoloured = _digits(code, self.hand + 1, colours + 1)
        return colour_choice(counts, bool(multicoloured)).points


def _cached(codes: Array, memo: dict[int, Any], rule: Callable[[int], Any]) -> Array:
    """``rule`` applied to every code (an int array), computed once per distinct code and kept in ``memo``."""
    unique, inverse = np.unique(codes, return_inverse=True)
    values = np.array(
        [memo[c] if c in memo else memo.setdefault(c, rule(c)) for c in unique.tolist()]
    )
    looked_up: Array = values[inverse.reshape(codes.shape)]
    return looked_up


def _per_row(
    rows: Array, radix: int, memo: dict[int, Any], rule: Callable[[list[int]], tuple[int, ...]]
) -> Array:
    """``rule`` (one count per seat -> one number per seat) applied to every row of ``rows``."""
    seats = rows.shape[1]
    codes = rows @ (radix ** np.arange(seats))
    return _cached(codes, memo, lambda code: rule(_digits(code, radix, seats)))


def _digits(code: int, radix: int, count: int) -> list[int]:
    """The ``count`` digits of ``code`` in base ``radix``, lowest first."""
    return [(code // radix**i) % radix for i in range(count)]


_PLAYOUTS: dict[tuple[int, Rules, Seating], tuple[Deck, RandomPlayout]] = {}


def random_playout(
    players: int, deck: Deck | None = None, rules: Rules | None = None, table: Seating | None = None
) -> RandomPlayout:
    """The random play-out for ``players`` players, ``deck``, ``rules`` and ``table`` (default: the
    designer's, and the rules' seats), built once."""
    deck = deck if deck is not None else default_deck()
    rules = rules if rules is not None else default_rules()
    table = table if table is not None else seating(players)
    key = (id(deck), rules, table)
    kept = _PLAYOUTS.get(key)
    if kept is None or kept[0] is not deck:
        kept = _PLAYOUTS[key] = (deck, RandomPlayout(players, deck, rules, table))
    return kept[1]


def random_games(
    rng: random.Random,
    players: int,
    count: int,
    deck: Deck | None = None,
    history: bool = False,
    rules: Rules | None = None,
) -> Playouts:
    """``count`` games with every seat playing at random: their final points by seat (the fast path)."""
    return random_playout(players, deck, rules).play(rng, count, history)


def random_game(
    rng: random.Random, players: int, deck: Deck | None = None, rules: Rules | None = None
) -> GameRecord:
    """One game played at random, every auction recorded."""
    return random_games(rng, players, 1, deck, history=True, rules=rules).record(0)
