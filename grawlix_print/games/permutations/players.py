"""Permutations players for the playtest: random, greedy and search, and the game's ``Playtester``.

A player sees what a player at the table sees and nothing more: a ``Seen``,
the engine's ``Observation`` of its seat (its own hand, the pool, the bids
face up, everyone's collections this round and in the rounds before, which
were face up) with what everyone knows (the deck, the rules, the table). It
never holds the ``Match``: it answers with a card, and ``Match.bid`` and
``Match.collect`` check and play it. The dummies are the engine's own: each
bids the top card of its shuffled hand and collects the lowest card left,
as the rules say.

- ``random``: bids a card of its hand and collects a card of the pool, each
  uniformly at random.
- ``greedy``: looks one move ahead (see ``GREEDY``).
- ``search``: Monte Carlo over the hidden cards (``search.py``).

When every player plays at random, games are played many at once by the
numpy play-outs (``playout.py``), which follow the same rules and play the
same random players.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ...errors import StudioError
from ...playtest.protocol import CompiledEngine, Credits, GameResult, Games, Measure, RefusedVariant, play_each
from .deck import Deck
from .engine import Match, Observation, Phase
from .playout import SOURCES, random_playout
from .rules import PARAMETERS, Rules, value_problem
from .scoring import (
    GameScore,
    Tally,
    colour_choice,
    moon_bonuses,
    star_points,
    sun_penalties,
    tally,
)
from .table import PLAYER_COUNTS, Seating, hand_size, seating

if TYPE_CHECKING:
    from ...rulebook import FrontMatter


# --- what a player sees -----------------------------------------------------------------------


@dataclass(frozen=True)
class Knowledge:
    """What every player knows before the deal: the deck, the rules and the table."""

    deck: Deck
    rules: Rules
    table: Seating
    _tallies: dict[tuple[int, ...], Tally] = field(default_factory=dict, compare=False, repr=False)

    def tally(self, cards: Sequence[int]) -> Tally:
        """``scoring.tally`` of ``cards``, kept: a game asks again and again about the same collections."""
        key = tuple(cards)
        found = self._tallies.get(key)
        if found is None:
            found = self._tallies[key] = tally(key, self.deck)
        return found

    @cached_property
    def cards(self) -> tuple[int, ...]:
        """The cards in play, lowest first."""
        return self.deck.in_play(self.table.special_cards)

    @cached_property
    def hand_size(self) -> int:
        return hand_size(len(self.cards), self.table.seats)

    def is_dummy(self, seat: int) -> bool:
        return seat >= self.table.players


@dataclass(frozen=True)
class Seen:
    """What one player sees when it is asked for a card: its seat's observation and the public knowledge."""

    observation: Observation
    knowledge: Knowledge

    @property
    def seat(self) -> int:
        return self.observation.seat

    @cached_property
    def unseen(self) -> frozenset[int]:
        """The cards this player cannot place: in other hands, or bid face down."""
        o = self.observation
        seen = {*o.hand, *o.pool, *(b for b in o.bids if b is not None)}
        for cards in o.collections:
            seen.update(cards)
        return frozenset(self.knowledge.cards) - seen

    def hidden_count(self, seat: int) -> int:
        """How many unseen cards ``seat`` holds: its hand, and its bid while that is face down."""
        o = self.observation
        if seat == o.seat:
            return 0
        face_down = o.bids[seat] is None
        return self.knowledge.hand_size - o.auction + (1 if face_down else 0)

    @cached_property
    def known_hands(self) -> tuple[frozenset[int], ...] | None:
        """From the second round on, the unseen cards of each seat: this round's hands were the
        collections of the round before, face up, so only their order is hidden. None in round 1."""
        o = self.observation
        if not o.earlier_collections:
            return None
        started = o.earlier_collections[-1]
        return tuple(frozenset(started[seat]) & self.unseen if seat != o.seat else frozenset()
                     for seat in range(self.knowledge.table.seats))  # fmt: skip


def _card_sets(seen: Seen) -> tuple[list[list[int]], list[int]]:
    """Each seat's collection this round, and each seat's suns over the game so far."""
    o, k = seen.observation, seen.knowledge
    collections = [list(cards) for cards in o.collections]
    suns = [k.tally(cards).suns for cards in collections]
    for earlier in o.earlier_collections:
        for seat, cards in enumerate(earlier):
            suns[seat] += k.tally(cards).suns
    return collections, suns


def standings(seen: Seen, taking: Sequence[int | None]) -> list[float]:
    """This player's points for the round if it ended now, holding one more card (each of ``taking``;
    None: none more): stars, colour sets, the moon bonus against the others' moons now, and the sun
    penalty against the others' suns over the game now."""
    k = seen.knowledge
    me = seen.seat
    collections, suns = _card_sets(seen)
    moons = [k.tally(cards).moons for cards in collections]
    held = k.tally(collections[me])
    found: list[float] = []
    for card in taking:
        mine = k.tally([*collections[me], card]) if card is not None else held
        my_moons, my_suns = list(moons), list(suns)
        my_moons[me], my_suns[me] = mine.moons, suns[me] - held.suns + mine.suns
        found.append(
            star_points(mine.stars, k.rules)
            + colour_choice(mine.colours, mine.multicoloured).points
            + moon_bonuses(my_moons, k.rules)[me]
            - sun_penalties(my_suns, k.rules)[me]
        )
    return found


# --- the players ------------------------------------------------------------------------------


class Player:
    """A strategy: the card to bid, and the card to collect, from what its seat sees."""

    def bid(self, seen: Seen, rng: random.Random) -> int:
        raise NotImplementedError

    def collect(self, seen: Seen, rng: random.Random) -> int:
        raise NotImplementedError


RANDOM = "bids a card of its hand and collects a card of the pool, each uniformly at random"


class RandomPlayer(Player):
    def bid(self, seen: Seen, rng: random.Random) -> int:
        hand = seen.observation.hand
        return hand[rng.randrange(len(hand))]

    def collect(self, seen: Seen, rng: random.Random) -> int:
        pool = seen.observation.pool
        return pool[rng.randrange(len(pool))]


GREEDY_SLACK = 0.5
"""Points of this auction a greedy player gives up to keep a higher card for later."""

GREEDY = (
    "looks one move ahead: collects the card that raises its points the most as if the round ended "
    "now (stars, colour sets, the moon bonus and the sun penalty against the others' cards so far); "
    "bids its lowest card that gets within half a point of the best pick it can expect, counting "
    "the dummies' bids face up, each hidden bid as a random unseen card, and the seats ahead taking "
    "the cards it wants most (a dummy the lowest); ties at random"
)


class GreedyPlayer(Player):
    def collect(self, seen: Seen, rng: random.Random) -> int:
        pool = seen.observation.pool
        values = standings(seen, pool)
        best = max(values)
        return rng.choice([card for card, value in zip(pool, values) if value == best])

    def bid(self, seen: Seen, rng: random.Random) -> int:
        hand = seen.observation.hand
        worth = dict(zip(seen.observation.pool, standings(seen, seen.observation.pool)))
        expected = [self.expected_pick(seen, card, worth) for card in hand]
        best = max(expected)
        return min(card for card, value in zip(hand, expected) if value >= best - GREEDY_SLACK)

    @staticmethod
    def expected_pick(seen: Seen, bid: int, worth: dict[int, float]) -> float:
        """What this auction is worth to the player bidding ``bid``, by ``GREEDY``'s reckoning;
        ``worth``: its standing after collecting each card of the pool."""
        o, k = seen.observation, seen.knowledge
        pool = list(o.pool)
        dummies_ahead = sum(1 for seat, b in enumerate(o.bids) if b is not None and seat != o.seat and b > bid)
        left = pool[dummies_ahead:]  # the pool is lowest first: each dummy ahead takes the lowest
        values = sorted((worth[card] for card in left), reverse=True)
        known = seen.known_hands
        unseen = sorted(seen.unseen)
        ahead = [1.0]  # the chance that j players bid above ``bid``
        for seat in range(k.table.seats):
            if seat == o.seat or o.bids[seat] is not None:
                continue
            cards = sorted(known[seat]) if known is not None else unseen
            p = sum(card > bid for card in cards) / len(cards) if cards else 0.0
            ahead = [a * (1 - p) + (ahead[j - 1] * p if j else 0.0) for j, a in enumerate([*ahead, 0.0])]
        total = 0.0  # added in order, one by one: the same float on every Python (3.12's sum compensates)
        for j, chance in enumerate(ahead):
            total += chance * values[min(j, len(values) - 1)]
        return total


# --- the Playtester ---------------------------------------------------------------------------

DUMMIES = "dummies"
"""The table setting a sweep may vary besides ``rules.toml``'s keys: dummy seats per table."""
MOST_SEATS = 5
"""Seats at most: the random play-outs tabulate every auction (seats^seats orders x seats! draws)."""

MEASURES = (
    Measure("points", "points", "seat", plotted=False),
    Measure("stars", "star points", "seat"),
    Measure("moons", "moon bonus points", "seat"),
    Measure("suns", "sun penalty points", "seat"),
    Measure("colours", "colour set points", "seat"),
    Measure("moon_ties", "rounds with a moon tie", "count"),
    Measure("sun_tie", "a sun tie at the end", "flag"),
)
# Seconds per game on one core of the development machine, for batch sizes and the one-day bound.
# With the compiled engine (fast.py): the numpy and Python paths play the same batches, more slowly.
_PLAYOUT_SECONDS = 0.000005  # every player random: the play-outs
_SECONDS = {"random": 0.00002, "greedy": 0.00005}  # beside other strategies, per player
_SEARCH_SECONDS = (0.1, 0.001)  # a game's decisions together: numpy's calls, and per roll-out of the budget
PYTHON_SLOWDOWN = {"random": 13.0, "greedy": 350.0}
"""How many times slower a game of these players is without the compiled engine (random: in numpy
abreast; greedy: in Python; ``benchmarks/bench.py native``, one core): what the note says."""


def _code_files() -> tuple[Path, ...]:
    from . import deck, engine, playout, rules, scoring, search, table

    modules = (deck, engine, playout, rules, scoring, search, table)
    return tuple(Path(file) for file in (__file__, *(m.__file__ for m in modules)) if file is not None)


@dataclass(frozen=True)
class PermutationsPlaytester:
    """Permutations with ``deck`` and ``rules``, for ``grawlix_print.playtest``; ``budget``: the
    roll-outs the search player plays for each card it chooses; ``dummies``: dummy seats at every
    table instead of the rules' (a sweep's variant; None: the rules')."""

    deck: Deck
    game_rules: Rules
    budget: int = 1000
    credits: Credits = Credits("", (), "", "", ())  # none given: the deck's title alone (below)
    dummies: int | None = None
    name: str = field(default="permutations", init=False)
    strategies: tuple[str, ...] = field(default=("random", "greedy", "search"), init=False)
    player_counts: tuple[int, ...] = field(default=PLAYER_COUNTS, init=False)
    measures: tuple[Measure, ...] = field(default=MEASURES, init=False)

    def __post_init__(self) -> None:
        if not self.credits.title:
            title = self.deck.title
            object.__setattr__(self, "credits", Credits(title, (), "", "", (title, "playtest")))

    def table(self, players: int) -> Seating:
        """Who sits at a table of ``players`` players: the rules' seats, or ``dummies`` dummies."""
        table = seating(players)
        return table if self.dummies is None else Seating(players, players + self.dummies, table.special_cards)

    def seat_count(self, players: int) -> int:
        return self.table(players).seats

    def dummy_seats(self, players: int) -> tuple[int, ...]:
        return tuple(range(players, self.table(players).seats))

    def describe(self, strategy: str) -> str:
        from .search import SEARCH

        return {"random": RANDOM, "greedy": GREEDY, "search": SEARCH.format(budget=f"{self.budget:,}")}[strategy]

    def rules(self) -> dict[str, int]:
        r = self.game_rules
        return {
            "star_points": r.star_points,
            "moon_bonus": r.moon_bonus,
            "sun_penalty": r.sun_penalty,
            "rounds": r.rounds,
            "cards": len(self.deck.cards),
            "colours": len(self.deck.colours),
            **({} if self.dummies is None else {"dummies": self.dummies}),
        }

    def problem(self) -> str | None:
        return None  # rules.toml's numbers are all at least one: every game has auctions to play

    def seconds_per_game(self, strategies: Sequence[str]) -> float:
        if all(s == "random" for s in strategies):
            return _PLAYOUT_SECONDS
        base, per_roll_out = _SEARCH_SECONDS
        return sum(base + per_roll_out * self.budget if s == "search" else _SECONDS[s] for s in strategies)

    def identity(self) -> str:
        digest = hashlib.sha256()
        for path in _code_files():
            digest.update(path.read_bytes())
        digest.update(repr(self.deck).encode())
        return f"{self.rules()} budget {self.budget} code and deck {digest.hexdigest()[:16]}"

    def play(self, strategies: Sequence[str], rng: random.Random) -> GameResult:
        if all(s == "random" for s in strategies):
            games = self.play_many(strategies, rng, 1)
            return GameResult(
                tuple(int(s) for s in np.flatnonzero(games.winners[0])), int(games.lengths[0]),
                {name: float(column[0]) for name, column in games.measures.items()},
                {name: tuple(column[0].tolist()) for name, column in games.seat_measures.items()},
                tuple(games.points[0].tolist()) if games.points is not None else None,
            )  # fmt: skip
        return result(self._played(strategies, rng))

    def variant(self, changes: Mapping[str, int], players: int) -> PermutationsPlaytester:
        """Other scoring numbers or rounds (``rules.toml``'s keys), or another number of ``dummies``
        at a table of ``players`` players (a sweep's variant)."""
        values = {key: getattr(self.game_rules, key) for key in PARAMETERS}
        dummies = self.dummies
        for key, value in changes.items():
            if key == DUMMIES:
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise StudioError(f"must be a whole number of dummies, 0 or more, not {value!r}", key)
                dummies = value
                continue
            if key not in PARAMETERS:
                raise StudioError(f"unknown key (known: {', '.join((*PARAMETERS, DUMMIES))})", key)
            problem = value_problem(key, value)
            if problem:
                raise StudioError(problem, key)
            values[key] = value
        made = replace(self, game_rules=Rules(**values), dummies=dummies)
        table = made.table(players)
        if table.seats > MOST_SEATS:
            raise RefusedVariant(f"{table.seats} seats: the random play-outs seat at most {MOST_SEATS}")
        try:
            hand_size(len(self.deck.in_play(table.special_cards)), table.seats)
        except ValueError as error:
            raise RefusedVariant(str(error)) from None
        return made

    def compiled_engine(self, strategies: Sequence[str]) -> CompiledEngine | None:
        """C plays random and greedy players at a table whose cards it can hold (``fast.py``)."""
        from .fast import PLAYERS, SOURCE, c_rules

        if not all(s in PLAYERS for s in strategies) or len(strategies) not in self.player_counts:
            return None
        if c_rules(self.deck, self.game_rules, self.table(len(strategies))) is None:
            return None
        return CompiledEngine(SOURCE, max(PYTHON_SLOWDOWN[s] for s in strategies))

    def play_many(self, strategies: Sequence[str], rng: random.Random, count: int) -> Games:
        """Random players: the play-outs' games, abreast (in C where it is built, else numpy, the
        same games). Random and greedy players: the games ``play`` would play one after the other
        (in C where it is built). Search: one after the other in Python."""
        from .fast import compiled_games

        players = len(strategies)
        table = self.table(players)
        scored = compiled_games(self.deck, self.game_rules, table, strategies, rng, count)
        if scored is not None:
            points, sources, moon_ties, sun_tie = scored.points, scored.sources, scored.moon_ties, scored.sun_tie
        elif all(s == "random" for s in strategies):
            played = random_playout(players, self.deck, self.game_rules, table).play(rng, count)
            assert played.moon_ties is not None and played.sun_tie is not None
            points, sources, moon_ties, sun_tie = played.points, played.sources, played.moon_ties, played.sun_tie
        else:
            return play_each(self, strategies, rng, count)
        length = self.game_rules.rounds * hand_size(len(self.deck.in_play(table.special_cards)), table.seats)
        points = points.astype(np.int64)
        return Games(
            winners=points == points.max(axis=1, keepdims=True),
            lengths=np.full(count, length, dtype=np.int64),
            measures={"moon_ties": moon_ties.astype(np.int64), "sun_tie": sun_tie.astype(np.int64)},
            seat_measures={"points": points, **{key: value.astype(np.int64) for key, value in sources.items()}},
            points=points,
        )

    def _played(self, strategies: Sequence[str], rng: random.Random) -> Match:
        """A game through the engine: each player chooses from what its seat sees, ``Match`` checks and plays."""
        from .search import SearchPlayer

        players = [SearchPlayer(self.budget) if s == "search" else _PLAYERS[s] for s in strategies]
        game = Match(len(strategies), rng, self.deck, self.game_rules, self.table(len(strategies)))
        knowledge = Knowledge(self.deck, self.game_rules, game.table)
        while not game.is_over:
            if game.phase is Phase.BIDDING:
                for seat in game.to_bid:
                    game.bid(seat, players[seat].bid(Seen(game.observation(seat), knowledge), rng))
            else:
                collector = game.to_collect
                assert collector is not None
                game.collect(collector, players[collector].collect(Seen(game.observation(collector), knowledge), rng))
        return game


_PLAYERS: dict[str, Player] = {"random": RandomPlayer(), "greedy": GreedyPlayer()}


def result(game: Match) -> GameResult:
    """A finished game's winners, length (its auctions), points by source and seat, and ties."""
    score: GameScore = game.score()
    record = game.record()
    seats = range(game.seats)
    by_source = {key: [0] * game.seats for key in SOURCES}
    moon_ties = 0
    for scored in score.rounds:
        moon_ties += len(scored.most_moons) > 1
        for seat, seat_score in zip(seats, scored.seats):
            by_source["stars"][seat] += seat_score.collection.star_points
            by_source["moons"][seat] += seat_score.moon_bonus
            by_source["suns"][seat] -= seat_score.sun_penalty
            by_source["colours"][seat] += seat_score.collection.colour_points
    last = score.rounds[-1].seats
    return GameResult(
        winners=record.winners,
        length=sum(len(r.auctions) for r in record.rounds),
        measures={"moon_ties": float(moon_ties), "sun_tie": float(sum(1 for s in last if s.sun_penalty) > 1)},
        seat_measures={"points": record.points, **{key: tuple(values) for key, values in by_source.items()}},
        points=record.points,
    )


def playtester(
    deck: Deck, rules: Rules, front_matter: FrontMatter | None = None, budget: int | None = None
) -> PermutationsPlaytester:
    """The playtester of ``deck`` and ``rules``; the report's PDF names what ``front_matter`` names."""
    made = PermutationsPlaytester(deck, rules)
    if front_matter is not None:
        made = replace(made, credits=Credits.of(front_matter))
    return made if budget is None else replace(made, budget=budget)
