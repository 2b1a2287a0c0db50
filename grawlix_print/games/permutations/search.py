"""The search player: Monte Carlo over the cards it cannot see, with a budget of roll-outs.

Each time it chooses a card (a bid from its hand, or a card from the pool)
it deals the cards it cannot see to the seats that may hold them, as they
could lie (a *determinisation*: in the first round the unseen cards are
shuffled among the other hands; from the second round on each hand is known,
the collections of the round before, and only its order is hidden). For each
deal it plays every choice on to the end of the game with every seat playing
at random and the dummies by their rule, on the numpy play-outs
(``playout.RandomPlayout.play_on``), and keeps the choice with the best mean
margin: its points less the best of the other seats' (dummies' included).
Every choice is played on the same deals with the same random numbers
(common random numbers), so the comparison between choices is sharper than
the roll-outs' own spread. The budget is the number of roll-outs per choice
made, shared among the candidate cards.

It sees only its ``Seen``: the hidden cards it deals come from the unseen
cards alone, never from the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from .engine import Phase, collection_order, seat_names
from .players import Player, Seen
from .playout import Array, Position, RandomPlayout, random_playout
from .scoring import score_game, tally

SEARCH = (
    "plays {budget} roll-outs for each card it chooses: deals the cards it cannot see as they "
    "could lie (from the second round on only their order is hidden), plays each candidate card "
    "on to the end of the game with every seat at random and the dummies by their rule, the same "
    "deals and random numbers for every candidate, and keeps the card with the best mean margin "
    "over the best other seat"
)


class Shared:
    """Random numbers for ``copies`` consecutive rows at a time: each copy of a game draws the same."""

    def __init__(self, generator: np.random.Generator, copies: int) -> None:
        self.generator, self.copies = generator, copies

    def integers(self, low: int, high: int, size: tuple[int, ...]) -> Array:
        drawn = self.generator.integers(low, high, size=(size[0] // self.copies, *size[1:]))
        return np.repeat(drawn, self.copies, axis=0)

    def random(self, size: tuple[int, ...]) -> Array:
        return np.repeat(self.generator.random((size[0] // self.copies, *size[1:])), self.copies, axis=0)

    def shuffled(self, cards: Array) -> Array:
        """Each row in the order of random keys, the same keys for every copy."""
        order = np.argsort(self.random(cards.shape), axis=cards.ndim - 1)
        return np.take_along_axis(cards, order, axis=cards.ndim - 1)


class SearchPlayer(Player):
    """Flat Monte Carlo over determinisations, ``budget`` roll-outs per choice."""

    def __init__(self, budget: int) -> None:
        self.budget = budget

    def bid(self, seen: Seen, rng: random.Random) -> int:
        return self._best(seen, seen.observation.hand, rng)

    def collect(self, seen: Seen, rng: random.Random) -> int:
        return self._best(seen, seen.observation.pool, rng)

    def _best(self, seen: Seen, candidates: Sequence[int], rng: random.Random) -> int:
        if len(candidates) == 1:
            return candidates[0]
        margins = self.margins(seen, candidates, rng)
        return candidates[int(np.argmax(margins))]

    def margins(self, seen: Seen, candidates: Sequence[int], rng: random.Random) -> Array:
        """The mean margin of each candidate card over its roll-outs."""
        k = seen.knowledge
        playout = random_playout(k.table.players, k.deck, k.rules, k.table)
        copies = len(candidates)
        deals = max(1, self.budget // copies)
        generator = np.random.default_rng(rng.getrandbits(64))
        at = roll_out_start(seen, candidates, playout, generator, deals)
        points = playout.play_on(Shared(generator, copies), at)[0].points
        me = seen.seat
        others = np.delete(points, me, axis=1).max(axis=1)
        margin: Array = (points[:, me] - others).reshape(deals, copies).mean(axis=0)
        return margin


def roll_out_start(seen: Seen, candidates: Sequence[int], playout: RandomPlayout,
                   generator: np.random.Generator, deals: int) -> Position:  # fmt: skip
    """Where the roll-outs start: ``deals`` deals of the unseen cards, each copied once per candidate
    (row ``deal * len(candidates) + candidate``) with the candidate played, at the next auction's
    start (or this one's, for a bid)."""
    rank = {int(number): r for r, number in enumerate(playout.numbers)}
    hidden = _deal_hidden(seen, rank, generator, deals)
    chosen = np.array([rank[c] for c in candidates])
    if seen.observation.phase is Phase.BIDDING:
        return _bidding(seen, rank, hidden, chosen, generator)
    return _collecting(seen, rank, hidden, chosen, generator)


def _deal_hidden(seen: Seen, rank: dict[int, int], generator: np.random.Generator, deals: int) -> dict[int, Array]:
    """For each other seat, ``deals`` ways its unseen cards could lie: (deals, count) ranks in a random order."""
    seats = seen.knowledge.table.seats
    others = [seat for seat in range(seats) if seat != seen.seat]
    known = seen.known_hands
    if known is not None:  # only the order is hidden
        found = {}
        for seat in others:
            cards = np.array(sorted(rank[c] for c in known[seat]), dtype=np.int64)
            order = np.argsort(generator.random((deals, len(cards))), axis=1)
            found[seat] = cards[order]
        return found
    unseen = np.array(sorted(rank[c] for c in seen.unseen), dtype=np.int64)
    shuffled = unseen[np.argsort(generator.random((deals, len(unseen))), axis=1)]
    found, start = {}, 0
    for seat in others:
        count = seen.hidden_count(seat)
        found[seat] = shuffled[:, start : start + count]
        start += count
    if start != len(unseen):
        raise AssertionError(f"{len(unseen)} unseen cards for {start} hidden places")
    return found


def _ranks(cards: Sequence[int], rank: dict[int, int]) -> Array:
    return np.array([rank[c] for c in cards], dtype=np.int64)


def _earlier(seen: Seen, rows: int) -> tuple[Array, Array]:
    """Each seat's points and suns from the rounds before, for ``rows`` copies of the game."""
    o, k = seen.observation, seen.knowledge
    names = seat_names(k.table)
    rounds = [dict(zip(names, collections)) for collections in o.earlier_collections]
    totals = score_game(rounds, k.deck, names[k.table.players :], finished=False, rules=k.rules).totals
    points = np.array([totals.get(name, 0) for name in names], dtype=np.int64)
    suns = np.array(
        [sum(tally(r[seat], k.deck).suns for r in o.earlier_collections) for seat in range(k.table.seats)],
        dtype=np.int64,
    )
    return np.tile(points, (rows, 1)), np.tile(suns, (rows, 1))


def _random_order(cards: Array, generator: np.random.Generator, copies: int) -> Array:
    """Each row of ``cards`` in a random order, the same for ``copies`` consecutive rows."""
    if cards.shape[1] == 0:
        return cards
    keys = Shared(generator, copies).random(cards.shape)
    return np.take_along_axis(cards, np.argsort(keys, axis=1), axis=1)


def _bidding(seen: Seen, rank: dict[int, int], hidden: dict[int, Array],
             chosen: Array, generator: np.random.Generator) -> Position:  # fmt: skip
    """The auction about to be bid, with this player's bid one of ``chosen`` in each copy: every hand
    in the order it will be bid, the dummies' face-up bids and this player's candidate first."""
    o = seen.observation
    copies, deals = len(chosen), next(iter(hidden.values())).shape[0]
    rows = deals * copies
    hand = _ranks(o.hand, rank)
    rest = np.array([[card for card in hand if card != bid] for bid in chosen], dtype=np.int64)
    mine = np.concatenate([np.tile(chosen, deals)[:, None], _random_order(np.tile(rest, (deals, 1)), generator, copies)], axis=1)
    hands = np.empty((rows, seen.knowledge.table.seats, len(hand)), dtype=np.int64)
    for seat in range(seen.knowledge.table.seats):
        if seat == o.seat:
            hands[:, seat] = mine
            continue
        cards = np.repeat(hidden[seat], copies, axis=0)
        face_up = o.bids[seat]
        if face_up is not None:  # a dummy's bid
            cards = np.concatenate([np.full((rows, 1), rank[face_up]), cards], axis=1)
        hands[:, seat] = cards
    collected = np.array([_ranks(c, rank) for c in o.collections], dtype=np.int64).reshape(
        1, len(o.collections), o.auction - 1
    )
    points, suns = _earlier(seen, rows)
    pool = np.tile(_ranks(o.pool, rank), (rows, 1))
    return Position(o.round - 1, hands, pool, np.repeat(collected, rows, axis=0), points, suns)


def _collecting(seen: Seen, rank: dict[int, int], hidden: dict[int, Array],
                chosen: Array, generator: np.random.Generator) -> Position:  # fmt: skip
    """The auction's collecting played out with this player taking one of ``chosen`` in each copy
    (the seats after it at random, the dummies the lowest card): the next auction's start."""
    o, k = seen.observation, seen.knowledge
    copies, deals = len(chosen), next(iter(hidden.values())).shape[0]
    rows = deals * copies
    bids = [b for b in o.bids if b is not None]
    order = collection_order(bids)
    after = order[order.index(o.seat) + 1 :]
    pool = _ranks(o.pool, rank)
    left = np.tile(np.array([[card for card in pool if card != pick] for pick in chosen], dtype=np.int64), (deals, 1))
    picks = {o.seat: np.tile(chosen, deals)}
    every = np.arange(rows)
    draws = np.repeat(generator.random((deals, len(after))), copies, axis=0)
    for step, seat in enumerate(after):
        width = left.shape[1]
        index = np.zeros(rows, dtype=np.int64) if k.is_dummy(seat) else (draws[:, step] * width).astype(np.int64)
        picks[seat] = left[every, index]
        keep = np.ones(left.shape, dtype=bool)
        keep[every, index] = False
        left = left[keep].reshape(rows, width - 1)
    collected = np.empty((rows, k.table.seats, o.auction), dtype=np.int64)
    hands = np.empty((rows, k.table.seats, k.hand_size - o.auction), dtype=np.int64)
    for seat in range(k.table.seats):
        so_far = _ranks(o.collections[seat], rank)
        if seat in picks:
            collected[:, seat] = np.concatenate([np.tile(so_far, (rows, 1)), picks[seat][:, None]], axis=1)
        else:  # collected in this auction already
            collected[:, seat] = so_far
        if seat == o.seat:
            hands[:, seat] = _random_order(np.tile(_ranks(o.hand, rank), (rows, 1)), generator, copies)
        else:
            hands[:, seat] = np.repeat(hidden[seat], copies, axis=0)
    points, suns = _earlier(seen, rows)
    next_pool = np.tile(np.sort(_ranks(bids, rank)), (rows, 1))
    return Position(o.round - 1, hands, next_pool, collected, points, suns)
