"""Permutations' playtest: its players keep the rules and see only their seat, the dummies play by
the rules, the search player's deals hold only what could be, the strategies' strength and the numpy
play-outs against the engine's random players (the command, its seeds and workers:
test_playtest_permutations_command)."""

from __future__ import annotations

import dataclasses
import random
import statistics
from collections import Counter

import numpy as np
import pytest
from test_permutations_engine import check_game

from grawlix_print.games.permutations.deck import default_deck
from grawlix_print.games.permutations.engine import Match, Phase
from grawlix_print.games.permutations.players import (
    GreedyPlayer,
    Knowledge,
    PermutationsPlaytester,
    RandomPlayer,
    Seen,
    result,
)
from grawlix_print.games.permutations.playout import SOURCES, random_playout
from grawlix_print.games.permutations.rules import default_rules
from grawlix_print.games.permutations.search import SearchPlayer, roll_out_start
from grawlix_print.playtest.report import Run, report
from grawlix_print.playtest.runner import InlineExecutor, Job, Pool, run
from grawlix_print.playtest.stats import Moments, mean_difference, proportion_difference

DECK, RULES = default_deck(), default_rules()
PLAYTESTER = PermutationsPlaytester(DECK, RULES, budget=40)
PLAYERS = {"random": RandomPlayer(), "greedy": GreedyPlayer(), "search": SearchPlayer(40)}


def decisions(game: Match, strategies, rng: random.Random):
    """Play ``game`` out as the playtester does, yielding (seat, Seen) before each choice."""
    knowledge = Knowledge(DECK, game.rules, game.table)
    while not game.is_over:
        if game.phase is Phase.BIDDING:
            for seat in game.to_bid:
                seen = Seen(game.observation(seat), knowledge)
                yield seat, seen
                game.bid(seat, PLAYERS[strategies[seat]].bid(seen, rng))
        else:
            seat = game.to_collect
            seen = Seen(game.observation(seat), knowledge)
            yield seat, seen
            game.collect(seat, PLAYERS[strategies[seat]].collect(seen, rng))


# --- the rules -------------------------------------------------------------------------------


@pytest.mark.parametrize("strategies", [
    ("greedy", "random"), ("search", "greedy"), ("greedy", "random", "search"), ("greedy",) * 4,
    ("random", "greedy", "greedy", "search", "greedy"),
])  # fmt: skip
def test_every_player_keeps_the_rules_and_the_result_is_the_scorers(strategies):
    """Each choice goes through Match.bid and Match.collect, which refuse an illegal card; the record
    is then checked from the rules alone (dummies take the lowest card, highest bid first...)."""
    for seed in range(2 if "search" in strategies else 4):
        game = PLAYTESTER._played(strategies, random.Random(seed))
        check_game(game.record(), len(strategies))
        found = result(game)
        points = game.record().points
        assert found.points == points and found.seat_measures["points"] == points
        assert [sum(found.seat_measures[key][seat] for key in SOURCES) for seat in range(len(points))] == list(points)
        assert set(found.winners) == {s for s, p in enumerate(points) if p == max(points)}
        assert found.length == RULES.rounds * len(game.record().rounds[0].auctions)
        assert found.measures["moon_ties"] == sum(len(r.most_moons) > 1 for r in game.score().rounds)
        assert max(found.seat_measures["suns"]) <= 0


def test_the_dummies_bid_a_random_card_of_their_hand():
    """A dummy's bid sits anywhere in its hand: over many bids its rank in the hand (0 lowest, 1
    highest) averages a half and falls below a half as often as above, as a uniform choice does."""
    dummy_ranks = []
    for seed in range(12):
        record = PLAYTESTER._played(("greedy", "greedy"), random.Random(seed)).record()
        for game_round in record.rounds:
            hands = [sorted(hand) for hand in game_round.hands]
            for auction in game_round.auctions:
                for seat, bid in enumerate(auction.bids):
                    if seat >= 2 and len(hands[seat]) > 1:
                        dummy_ranks.append(hands[seat].index(bid) / (len(hands[seat]) - 1))
                    hands[seat].remove(bid)
    assert len(dummy_ranks) == 12 * 3 * 10 * 2
    assert abs(statistics.fmean(dummy_ranks) - 0.5) < 4 * 0.29 / len(dummy_ranks) ** 0.5
    below, above = sum(r < 0.5 for r in dummy_ranks), sum(r > 0.5 for r in dummy_ranks)
    assert abs(below - above) < 4 * len(dummy_ranks) ** 0.5 / 2


# --- what a player sees ---------------------------------------------------------------------------


def _reaches(value, kind, depth: int = 0) -> bool:
    """Whether ``value`` holds an object of ``kind`` anywhere within its fields and items."""
    if isinstance(value, kind):
        return True
    if depth > 6 or isinstance(value, (int, float, str, bytes, type(None))):
        return False
    if dataclasses.is_dataclass(value):
        return any(_reaches(getattr(value, f.name), kind, depth + 1) for f in dataclasses.fields(value))
    if isinstance(value, dict):
        return any(_reaches(v, kind, depth + 1) for v in value.values())
    if isinstance(value, (tuple, list, frozenset, set)):
        return any(_reaches(v, kind, depth + 1) for v in value)
    return False


def _twin_with_other_hidden_cards(game: Match) -> Match:
    """A copy of ``game`` that differs only in what seat 0 cannot see: a card swapped between two other
    seats' hands (in the first round) or the order of a dummy's hand (later), dummies' bids kept."""
    twin = game.copy()
    hands = twin._hands
    if game.round == 1:
        a, b = hands[1][-1], hands[2][-1]
        hands[1][-1], hands[2][-1] = b, a
    else:
        hands[2].reverse()
    return twin


@pytest.mark.parametrize("strategy", ["random", "greedy", "search"])
def test_a_player_cannot_reach_another_seats_hand(strategy):
    """Two games that differ only in cards seat 0 cannot see give it the same observation, and its
    player the same choice from the same random numbers; what it is given holds no Match."""
    game = Match(2, random.Random(3), DECK, RULES)
    steps = decisions(game, ("greedy", "greedy"), random.Random(4))
    checked = 0
    for seat, seen in steps:
        if seat != 0 or game.auction not in (1, 5) or game.phase is not Phase.BIDDING:
            continue
        assert not _reaches(seen, Match) and set(seen.observation.hand) == set(game.hand(0))
        twin = _twin_with_other_hidden_cards(game)
        assert twin._hands != game._hands
        other = Seen(twin.observation(0), seen.knowledge)
        assert other.observation == seen.observation
        player = PLAYERS[strategy]
        assert player.bid(seen, random.Random(9)) == player.bid(other, random.Random(9))
        checked += 1
    assert checked == 2 * RULES.rounds


def test_what_a_seat_cannot_see_is_what_the_others_hold():
    """The unseen cards are exactly the other hands and the bids still face down; from the second
    round on each seat's unseen cards are known as a set (last round's collections)."""
    for strategies in (("greedy", "random"), ("random", "greedy", "greedy", "random")):
        game = Match(len(strategies), random.Random(7), DECK, RULES)
        for seat, seen in decisions(game, strategies, random.Random(8)):
            o = seen.observation
            face_down = {b for s, b in enumerate(game._bids) if b is not None and o.bids[s] is None}
            held = {c for s in range(game.seats) if s != seat for c in game.hand(s)}
            assert seen.unseen == held | face_down
            hidden = {s: set(game.hand(s)) | ({game._bids[s]} if o.bids[s] is None and game._bids[s] is not None
                                              else set())
                      for s in range(game.seats) if s != seat}  # fmt: skip
            assert all(seen.hidden_count(s) == len(cards) for s, cards in hidden.items())
            if game.round > 1:
                assert {s: set(seen.known_hands[s]) for s in hidden} == hidden
            else:
                assert seen.known_hands is None


def test_the_search_deals_only_what_could_be():
    """Every roll-out starts from a whole, possible table: each card once (hands, pool, collections),
    the player's own hand and everything face up as it is, and the candidate played."""
    game = Match(3, random.Random(11), DECK, RULES)
    playout = random_playout(3, DECK, RULES)
    cards = sorted(range(len(playout.numbers)))
    for seat, seen in decisions(game, ("greedy", "greedy", "random"), random.Random(12)):
        if seat != 0:
            continue
        o = seen.observation
        candidates = o.hand if o.phase is Phase.BIDDING else o.pool
        at = roll_out_start(seen, candidates, playout, np.random.default_rng(5), 6)
        rows = at.hands.shape[0]
        assert rows == 6 * len(candidates)
        every = np.concatenate([at.hands.reshape(rows, -1), at.pool, at.collected.reshape(rows, -1)], axis=1)
        assert (np.sort(every, axis=1) == cards).all()
        ranks = {int(n): r for r, n in enumerate(playout.numbers)}
        chosen = np.array([ranks[c] for c in candidates] * 6)
        if o.phase is Phase.BIDDING:  # the auction about to be bid: the candidate first, dummies' bids too
            assert (at.hands[:, 0, 0] == chosen).all()
            assert (np.sort(at.hands[:, 0], axis=1) == sorted(ranks[c] for c in o.hand)).all()
            assert o.bids[3] is not None and (at.hands[:, 3, 0] == ranks[o.bids[3]]).all()  # the dummy's
        else:  # collected: the candidate is the player's last card, the seats after it took the rest
            assert (at.collected[:, 0, -1] == chosen).all()
            assert (np.sort(at.pool, axis=1) == sorted(ranks[b] for b in o.bids)).all()
            order = sorted(range(4), key=lambda s: -o.bids[s])
            for row in range(rows):
                left = sorted(ranks[c] for c in o.pool)
                for after in order[order.index(0) :]:
                    taken = int(at.collected[row, after, -1])
                    assert taken in left and (after < 3 or taken == left[0])  # the dummy: the lowest
                    left.remove(taken)
        if game.round > 1:
            for other in (1, 2, 3):
                held = sorted(ranks[c] for c in seen.known_hands[other])
                face_up_bid = o.phase is Phase.BIDDING and o.bids[other] is not None
                start = at.hands[:, other, 1:] if face_up_bid else at.hands[:, other]
                assert (np.sort(start, axis=1) == held).all()


# --- strength and figures ----------------------------------------------------------------------


def head_to_head(a: str, b: str, games: int, budget: int) -> dict:
    job = Job(PermutationsPlaytester(DECK, RULES, budget), 2, (a, b), games, 2026, rotate=True)
    return report(Run(job, run(job, Pool(InlineExecutor(), 1))))


def test_search_beats_greedy_beats_random():
    """The lower end of the 95 % interval of how often each finishes ahead is above one half (a
    small search budget), and each wins on points on average."""
    record = head_to_head("greedy", "random", 40, 1)
    found = record["head_to_head"]["greedy v random"]
    assert found["ahead_ci95"][0] > 0.5 and found["margin_ci95"][0] > 0, found
    record = head_to_head("search", "greedy", 40, 200)
    found = record["head_to_head"]["search v greedy"]
    assert found["ahead_ci95"][0] > 0.5 and found["margin_ci95"][0] > 0, found
    assert record["seats"] == ["player 1", "player 2", "dummy 1", "dummy 2"]
    assert set(record["dummy_win_rate"]) == {"search", "greedy"}
    assert set(record["mean_colours"]) == {"search", "greedy", "dummy"}


def test_play_outs_play_as_the_random_players_of_the_engine():
    """The numpy play-outs (every player random) and random players through the engine's Match are
    the same players: each figure's mean agrees (p > 0.01) between 20,000 and 300 games."""
    fast = PLAYTESTER.play_many(("random", "random"), random.Random(1), 20_000)
    slow = [result(PLAYTESTER._played(("random", "random"), random.Random(f"slow {k}"))) for k in range(300)]
    for key in ("points", *SOURCES):
        for seat in (0, 2):  # a player and a dummy
            a = Moments.of(Counter(fast.seat_measures[key][:, seat].tolist()))
            b = Moments.of(Counter(r.seat_measures[key][seat] for r in slow))
            if b.variance == 0:  # an event too rare for 300 games (a dummy's sun penalty): within its noise
                assert abs(a.mean - b.mean) < 3 * (a.variance / 300) ** 0.5, (key, seat)
            else:
                assert mean_difference(a, b).p_value > 0.01, (key, seat)
    ties = [int(fast.measures["sun_tie"].sum()), sum(r.measures["sun_tie"] for r in slow)]
    assert proportion_difference(ties[0], 20_000, int(ties[1]), 300).p_value > 0.01
    dummy_won = [int(fast.winners[:, 2:].any(axis=1).sum()), sum(max(r.winners) >= 2 for r in slow)]
    assert proportion_difference(dummy_won[0], 20_000, dummy_won[1], 300).p_value > 0.01
    assert (fast.points == fast.seat_measures["points"]).all()
    assert (sum(fast.seat_measures[key] for key in SOURCES) == fast.points).all()
    assert (fast.winners == (fast.points == fast.points.max(axis=1, keepdims=True))).all()


def test_one_random_game_is_one_row_of_many():
    one = PLAYTESTER.play(("random", "random", "random"), random.Random(5))
    many = PLAYTESTER.play_many(("random", "random", "random"), random.Random(5), 1)
    assert one.points == tuple(many.points[0].tolist()) and one.length == 33
    assert set(one.winners) == set(np.flatnonzero(many.winners[0]).tolist())
