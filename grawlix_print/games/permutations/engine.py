"""The rules of Permutations: set-up, auctions, rounds, dummies and the end of the game.

Pure Python, no I/O. Randomness comes only from a ``random.Random`` the
caller passes, so a seed replays a game exactly.

A card is its number. A table has ``Seating.seats`` seats: the players sit
first (seats 0 to players-1), the dummies after them. Each round is a series
of auctions, one per card in hand: every seat bids a card from its hand
(dummies first, face up; players in secret), then the seats collect one card
each from the pool, highest bid first. The bids become the next auction's
pool, and a round's collections become the seats' hands for the next round.

The open point of the rules, the first pool of rounds 2 and 3, is settled by
``next_round_pool``: the bids of the previous round's last auction, which are
still on the table. That keeps the card count the same all game (a hand per
seat plus one pool card per seat), so nothing is dealt or put aside between
rounds; ``NEXT_ROUND_POOL_RULE`` words it for the rulebook.

Two ways to play:

- ``Match``, a mutable game state in the manner of python-chess's board:
  ``legal_bids(seat)``, ``bid(seat, card)``, ``to_collect``,
  ``legal_collections(seat)``, ``collect(seat, card)``, ``observation(seat)``.
  The engine plays the dummies itself. An illegal action raises
  ``IllegalAction`` naming the rule it breaks.
- ``playout.random_games(rng, players, count)``: many whole games with every
  seat playing at random, fast (numpy, many games abreast). It follows these
  same rule functions: its auction outcomes are ``auction_outcomes``
  tabulated once, and its scores come from ``scoring``'s functions.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import chain
from typing import Any

from ...errors import StudioError
from .deck import Deck, default_deck
from .rules import Rules, default_rules
from .scoring import GameScore, score_game, winners
from .table import Seating, hand_size, seating

NEXT_ROUND_POOL_RULE = (
    "The second and third rounds start with the cards bid in the last auction of the round before "
    "as their pool: they are still face up on the table when the round ends. Nothing is dealt or "
    "set aside between rounds, so every round starts with the same cards in play: a hand for each "
    "seat and one pool card per seat."
)
"""The rulebook's paragraph on the first pool of rounds 2 and 3 (see ``next_round_pool``).

Why this reading: those bids are the only cards not in anybody's hand when a
round ends, so taking them as the pool needs no extra step at the table, and
it keeps every auction the same size (one card per seat) and the number of
cards constant, which the engine checks at every auction.
"""


# ---------------------------------------------------------------- the rules, as small functions


def cards_in_play(deck: Deck, players: int) -> tuple[int, ...]:
    """The cards dealt for ``players`` players, lowest first (without the special cards for two or three)."""
    return deck.in_play(seating(players).special_cards)


def seat_names(table: Seating) -> tuple[str, ...]:
    """``("Player 1", "Player 2", "Dummy 1", "Dummy 2")``: players first, then dummies."""
    return tuple(f"Player {n + 1}" for n in range(table.players)) + tuple(
        f"Dummy {n + 1}" for n in range(table.dummies)
    )


def is_dummy(table: Seating, seat: int) -> bool:
    """Dummies sit after the players."""
    return seat >= table.players


def shuffle_each(groups: Sequence[Sequence[int]], rng: random.Random) -> list[list[int]]:
    """Each group of cards in a uniformly random order, independently of the others."""
    shuffled = [list(group) for group in groups]
    for group in shuffled:
        rng.shuffle(group)
    return shuffled


@dataclass(frozen=True)
class Deal:
    """Hands (one per seat, each in a random order) and the face-up pool of round 1, lowest first."""

    hands: tuple[tuple[int, ...], ...]
    pool: tuple[int, ...]


def deal(cards: Sequence[int], seats: int, rng: random.Random) -> Deal:
    """Shuffle ``cards``, deal ``seats`` hands and lay one card per seat face up as the first pool."""
    hand = hand_size(len(cards), seats)
    (shuffled,) = shuffle_each([cards], rng)
    hands = tuple(tuple(shuffled[seat * hand : (seat + 1) * hand]) for seat in range(seats))
    return Deal(hands, tuple(sorted(shuffled[seats * hand :])))


def dummy_bid(hand: Sequence[int]) -> int:
    """A dummy bids the first card of its hand, which is kept in a random order.

    Its hand is dealt at random in round 1 and shuffled at the start of the
    other rounds, so this is a uniformly random card of the hand, as the rules
    ask, and at the table it is simply the top card of the dummy's face-down pile.
    """
    return hand[0]


def collection_order(bids: Sequence[int]) -> tuple[int, ...]:
    """The seats in the order they collect: highest bid first."""
    return tuple(sorted(range(len(bids)), key=bids.__getitem__, reverse=True))


def legal_collections(pool: Sequence[int]) -> tuple[int, ...]:
    """A player may collect any card of the pool."""
    return tuple(sorted(pool))


def dummy_collection(pool: Sequence[int]) -> int:
    """A dummy collects the lowest card of the pool."""
    return min(pool)


def auction_outcomes(
    order: Sequence[int], dummies: Sequence[bool], pool: Sequence[int]
) -> Iterator[tuple[int, ...]]:
    """Every way an auction can end, one per sequence of players' choices: the card each seat collects, by seat.

    Seats collect in ``order``; a dummy takes ``dummy_collection``, a player
    any of ``legal_collections``. With players choosing uniformly at random,
    each outcome listed is equally likely (the random play-outs rely on it).
    """

    def play(position: int, left: list[int], taken: dict[int, int]) -> Iterator[tuple[int, ...]]:
        if position == len(order):
            yield tuple(taken[seat] for seat in range(len(order)))
            return
        seat = order[position]
        choices = (dummy_collection(left),) if dummies[seat] else legal_collections(left)
        for card in choices:
            rest = list(left)
            rest.remove(card)
            yield from play(position + 1, rest, {**taken, seat: card})

    yield from play(0, list(pool), {})


def next_round_pool(last_bids: Sequence[int]) -> tuple[int, ...]:
    """The first pool of rounds 2 and 3: the bids of the previous round's last auction.

    The rules as given leave this open; this reading keeps the game's card
    count constant and needs nothing dealt between rounds (see
    ``NEXT_ROUND_POOL_RULE`` for the rulebook's wording).
    """
    return tuple(sorted(last_bids))


# ---------------------------------------------------------------- records


@dataclass(frozen=True)
class AuctionRecord:
    """One auction as it was played: the pool it started with, each seat's bid and collection."""

    pool: tuple[int, ...]
    """The pool, lowest first."""
    bids: tuple[int, ...]
    """Each seat's bid, by seat."""
    collected: tuple[int, ...]
    """The card each seat collected, by seat."""

    @property
    def order(self) -> tuple[int, ...]:
        """The seats in the order they collected."""
        return collection_order(self.bids)


@dataclass(frozen=True)
class RoundRecord:
    """One round: each seat's hand at its start and its auctions."""

    hands: tuple[tuple[int, ...], ...]
    auctions: tuple[AuctionRecord, ...]

    @property
    def collections(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's collected cards, in the order collected."""
        return tuple(zip(*(auction.collected for auction in self.auctions)))


@dataclass(frozen=True)
class GameRecord:
    """A whole game: the table, every round, and each seat's final points."""

    table: Seating
    rounds: tuple[RoundRecord, ...]
    points: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat(s) with the most points, dummies included: a dummy can win."""
        return winners(dict(enumerate(self.points)))

    @property
    def dummy_winners(self) -> tuple[int, ...]:
        """The winning seats that are dummies (none when a player won alone or with players)."""
        return tuple(seat for seat in self.winners if is_dummy(self.table, seat))

    @property
    def dummy_won(self) -> bool:
        """Whether a dummy is among the winners: the players lost to (or tied with) an automaton."""
        return bool(self.dummy_winners)


# ---------------------------------------------------------------- the game state


class Phase(Enum):
    BIDDING = "bidding"
    COLLECTING = "collecting"
    OVER = "over"


class Rule(Enum):
    """Every way an action can break the rules, worded for a player (a template)."""

    NO_SEAT = "there is no seat {seat} (seats are 0 to {last})"
    DUMMY_SEAT = "{name} is a dummy: the engine plays it"
    GAME_OVER = "the game is over"
    NOT_BIDDING = "bids are closed: the seats are collecting"
    ALREADY_BID = "{name} has already bid in this auction"
    NOT_IN_HAND = "card {card} is not in {name}'s hand"
    NOT_COLLECTING = "nobody collects before every seat has bid"
    NOT_YOUR_TURN = "{turn} collects now (highest bid first), not {name}"
    NOT_IN_POOL = "card {card} is not in the pool"


class IllegalAction(StudioError):
    """An action the rules forbid; ``rule`` says which, the message words it."""

    def __init__(self, rule: Rule, where: str, **names: Any) -> None:
        super().__init__(rule.value.format(**names), where)
        self.rule = rule


@dataclass(frozen=True)
class Observation:
    """What one seat's player sees: own hand, the pool, revealed bids and everyone's collections.

    ``bids`` holds each seat's bid once it is face up (dummies' at once,
    players' when all have bid), else None; the seat's own bid is always shown.
    """

    seat: int
    round: int
    auction: int
    phase: Phase
    hand: tuple[int, ...]
    pool: tuple[int, ...]
    bids: tuple[int | None, ...]
    to_collect: int | None
    collections: tuple[tuple[int, ...], ...]
    """Everyone's collections this round, by seat."""
    earlier_collections: tuple[tuple[tuple[int, ...], ...], ...]
    """Everyone's collections in each earlier round (they were face up)."""


class Match:
    """A game of Permutations in progress. Mutable: ``bid`` and ``collect`` change it; ``copy`` first to look ahead.

    The engine plays the dummies: their bids are face up as soon as an
    auction opens, and they collect as soon as it is their turn. So a
    player's action is always one of: ``bid`` (every player, in any order,
    while ``phase`` is BIDDING) or ``collect`` (the seat ``to_collect``).
    """

    def __init__(
        self, players: int, rng: random.Random, deck: Deck | None = None, rules: Rules | None = None,
        table: Seating | None = None,
    ) -> None:  # fmt: skip
        """Deal a game for ``players`` (2 to 5) players; ``rng`` deals and shuffles the dummies' hands.

        ``deck`` and ``rules`` default to the designer's, ``table`` to the seats
        the rules give ``players`` (a sweep may try other dummy counts). The
        first auction is open, the dummies' bids already face up.
        """
        self.deck = deck if deck is not None else default_deck()
        self.rules = rules if rules is not None else default_rules()
        self.table = table if table is not None else seating(players)
        self.rng = rng
        self.cards = self.deck.in_play(self.table.special_cards)
        self.hand_size = hand_size(len(self.cards), self.table.seats)
        dealt = deal(self.cards, self.table.seats, rng)
        self.round = 1
        self.auction = 1
        self.phase = Phase.BIDDING
        self._hands: list[list[int]] = [list(hand) for hand in dealt.hands]
        self._pool: list[int] = list(dealt.pool)
        self._bids: list[int | None] = []
        self._order: tuple[int, ...] = ()
        self._turn = 0
        self._collections: list[list[int]] = [[] for _ in range(self.table.seats)]
        self._collected: list[int | None] = []
        self._round_start_hands = dealt.hands
        self._auctions: list[AuctionRecord] = []
        self._rounds: list[RoundRecord] = []
        self._auction_pool: tuple[int, ...] = ()
        self._open_auction()

    # -- what a player may ask

    @property
    def seats(self) -> int:
        return self.table.seats

    def is_dummy(self, seat: int) -> bool:
        return is_dummy(self.table, seat)

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(range(self.table.players))

    def hand(self, seat: int) -> tuple[int, ...]:
        """The seat's hand, lowest first."""
        return tuple(sorted(self._hands[self._seat(seat)]))

    @property
    def pool(self) -> tuple[int, ...]:
        return tuple(sorted(self._pool))

    def collections(self, seat: int) -> tuple[int, ...]:
        """What the seat has collected this round, in order."""
        return tuple(self._collections[self._seat(seat)])

    @property
    def revealed_bids(self) -> tuple[int | None, ...]:
        """The bids face up now: the dummies' while players bid, everyone's after."""
        if self.phase is Phase.BIDDING:
            return tuple(b if self.is_dummy(s) else None for s, b in enumerate(self._bids))
        if self.phase is Phase.COLLECTING:
            return tuple(self._bids)
        return (None,) * self.seats

    @property
    def to_bid(self) -> tuple[int, ...]:
        """The player seats that still have to bid in this auction."""
        if self.phase is not Phase.BIDDING:
            return ()
        return tuple(seat for seat in self.players if self._bids[seat] is None)

    @property
    def to_collect(self) -> int | None:
        """The seat whose turn it is to collect (always a player: the engine plays dummies), else None."""
        return self._order[self._turn] if self.phase is Phase.COLLECTING else None

    @property
    def collection_order(self) -> tuple[int, ...]:
        """The seats in the order they collect in this auction (empty while bidding)."""
        return self._order if self.phase is Phase.COLLECTING else ()

    def legal_bids(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` may bid now: its hand while it has not bid, else nothing."""
        return self.hand(seat) if self._why_no_bid(seat) is None else ()

    def legal_collections(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` may collect now: the pool when it is its turn, else nothing."""
        return legal_collections(self._pool) if self._why_no_collect(seat) is None else ()

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def observation(self, seat: int) -> Observation:
        """What ``seat``'s player may see, and nothing else (for agents)."""
        seat = self._seat(seat)
        bids = list(self.revealed_bids)
        if self.phase is not Phase.OVER:
            bids[seat] = self._bids[seat]
        return Observation(
            seat=seat,
            round=self.round,
            auction=self.auction,
            phase=self.phase,
            hand=self.hand(seat),
            pool=self.pool,
            bids=tuple(bids),
            to_collect=self.to_collect,
            collections=tuple(tuple(c) for c in self._collections),
            earlier_collections=tuple(r.collections for r in self._rounds),
        )

    # -- actions

    def bid(self, seat: int, card: int) -> None:
        """``seat`` bids ``card`` from its hand; the last player's bid reveals them all and opens collecting."""
        reason = self._why_no_bid(seat)
        if reason is not None:
            raise reason
        if card not in self._hands[seat]:
            raise IllegalAction(
                Rule.NOT_IN_HAND, self._where(seat), card=card, name=self._name(seat)
            )
        self._place_bid(seat, card)
        if not self.to_bid:
            self._reveal()

    def collect(self, seat: int, card: int) -> None:
        """``seat`` (whose turn it is) collects ``card`` from the pool; dummies then take their turns."""
        reason = self._why_no_collect(seat)
        if reason is not None:
            raise reason
        if card not in self._pool:
            raise IllegalAction(Rule.NOT_IN_POOL, self._where(seat), card=card)
        self._take(seat, card)
        self._play_dummies()

    def copy(self) -> Match:
        """An independent copy, its random generator too, so its dummies will bid as this game's will.

        The dummies' face-down bid order is part of the state: an agent that
        looks ahead on a copy sees it. One that must not should plan from
        ``observation`` and deal the unknown cards itself.
        """
        twin = object.__new__(Match)
        twin.__dict__.update(self.__dict__)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin._hands = [list(h) for h in self._hands]
        twin._pool = list(self._pool)
        twin._bids = list(self._bids)
        twin._collections = [list(c) for c in self._collections]
        twin._collected = list(self._collected)
        twin._auctions = list(self._auctions)
        twin._rounds = list(self._rounds)
        return twin

    # -- the end

    def record(self) -> GameRecord:
        """The game so far (finished rounds) with each seat's points; the full game once it is over."""
        points = self.score().totals
        names = seat_names(self.table)
        return GameRecord(
            self.table, tuple(self._rounds), tuple(points.get(name, 0) for name in names)
        )

    def score(self) -> GameScore:
        """The finished rounds scored, seats by name; the sun penalty comes with the last round."""
        names = seat_names(self.table)
        rounds = [dict(zip(names, r.collections)) for r in self._rounds]
        dummies = names[self.table.players :]
        return score_game(rounds, self.deck, dummies, finished=self.is_over, rules=self.rules)

    # -- the engine's own moves

    def _open_auction(self) -> None:
        self._check_cards()
        self.phase = Phase.BIDDING
        self._auction_pool = self.pool
        self._bids = [None] * self.seats
        self._collected = [None] * self.seats
        for seat in range(self.table.players, self.seats):
            self._place_bid(seat, dummy_bid(self._hands[seat]))

    def _place_bid(self, seat: int, card: int) -> None:
        self._hands[seat].remove(card)
        self._bids[seat] = card

    def _reveal(self) -> None:
        self.phase = Phase.COLLECTING
        self._order = collection_order(self._placed_bids())
        self._turn = 0
        self._play_dummies()

    def _play_dummies(self) -> None:
        while self.phase is Phase.COLLECTING and self.is_dummy(self._order[self._turn]):
            self._take(self._order[self._turn], dummy_collection(self._pool))

    def _take(self, seat: int, card: int) -> None:
        self._pool.remove(card)
        self._collections[seat].append(card)
        self._collected[seat] = card
        self._turn += 1
        if self._turn == self.seats:
            self._close_auction()

    def _close_auction(self) -> None:
        bids = self._placed_bids()
        collected = tuple(card for card in self._collected if card is not None)
        self._auctions.append(AuctionRecord(self._auction_pool, bids, collected))
        self._pool = list(bids)
        if any(self._hands):
            self.auction += 1
            self._open_auction()
            return
        self._rounds.append(RoundRecord(self._round_start_hands, tuple(self._auctions)))
        self._auctions = []
        if self.round == self.rules.rounds:
            self.phase = Phase.OVER
            self._order = ()
            return
        self._hands = shuffle_each(self._collections, self.rng)
        self._round_start_hands = tuple(tuple(hand) for hand in self._hands)
        self._collections = [[] for _ in range(self.seats)]
        self._pool = list(next_round_pool(bids))
        self.round += 1
        self.auction = 1
        self._open_auction()

    def _placed_bids(self) -> tuple[int, ...]:
        return tuple(card for card in self._bids if card is not None)

    def _check_cards(self) -> None:
        """Every card in play is in exactly one place: a hand, the pool or a collection."""
        places = [
            *chain.from_iterable(self._hands),
            *self._pool,
            *chain.from_iterable(self._collections),
        ]
        if sorted(places) != list(self.cards):
            raise AssertionError(
                f"cards lost or doubled at round {self.round}, auction {self.auction}"
            )

    # -- why an action is illegal

    def _seat(self, seat: int) -> int:
        if not (isinstance(seat, int) and 0 <= seat < self.seats):
            raise IllegalAction(Rule.NO_SEAT, self._where(None), seat=seat, last=self.seats - 1)
        return seat

    def _name(self, seat: int) -> str:
        return seat_names(self.table)[seat]

    def _where(self, seat: int | None) -> str:
        at = f"round {self.round}, auction {self.auction}"
        return at if seat is None else f"{at}, {self._name(seat)} (seat {seat})"

    def _why_no_bid(self, seat: int) -> IllegalAction | None:
        seat = self._seat(seat)
        where = self._where(seat)
        if self.phase is Phase.OVER:
            return IllegalAction(Rule.GAME_OVER, where)
        if self.is_dummy(seat):
            return IllegalAction(Rule.DUMMY_SEAT, where, name=self._name(seat))
        if self.phase is not Phase.BIDDING:
            return IllegalAction(Rule.NOT_BIDDING, where)
        if self._bids[seat] is not None:
            return IllegalAction(Rule.ALREADY_BID, where, name=self._name(seat))
        return None

    def _why_no_collect(self, seat: int) -> IllegalAction | None:
        seat = self._seat(seat)
        where = self._where(seat)
        if self.phase is Phase.OVER:
            return IllegalAction(Rule.GAME_OVER, where)
        if self.is_dummy(seat):
            return IllegalAction(Rule.DUMMY_SEAT, where, name=self._name(seat))
        if self.phase is not Phase.COLLECTING:
            return IllegalAction(Rule.NOT_COLLECTING, where)
        if self.to_collect != seat:
            turn = self._name(self.to_collect) if self.to_collect is not None else ""
            return IllegalAction(Rule.NOT_YOUR_TURN, where, name=self._name(seat), turn=turn)
        return None
