"""Permutations engine: set-up, the game state's rules, and complete games checked auction by auction.

``check_game`` is written here from the rules, independently of the engine:
every game played, by the ``Match`` with random players or by the fast
random play-outs, must pass it.
"""

from __future__ import annotations

import random
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grawlix_print.errors import StudioError
from grawlix_print.games.permutations.deck import default_deck
from grawlix_print.games.permutations.engine import (
    NEXT_ROUND_POOL_RULE,
    Match,
    GameRecord,
    IllegalAction,
    Phase,
    Rule,
    cards_in_play,
    deal,
    next_round_pool,
    seat_names,
)
from grawlix_print.games.permutations.playout import random_game, random_games
from grawlix_print.games.permutations.rules import Rules, default_rules
from grawlix_print.games.permutations.scoring import score_game
from grawlix_print.games.permutations.table import seating

DECK = default_deck()

# From the rules, not from the engine: seats, dummies, cards and hand size per player count.
TABLES = {2: (4, 2, 48, 11), 3: (4, 1, 48, 11), 4: (5, 1, 50, 9), 5: (5, 0, 50, 9)}


def check_game(record: GameRecord, players: int, rules: Rules | None = None) -> None:
    """Every rule a complete game must have kept, checked from its record alone (3 rounds unless ``rules`` say)."""
    seats, dummies, card_count, hand = TABLES[players]
    everything = set(range(1, 49)) | ({0, 49} if card_count == 50 else set())
    assert record.table.seats == seats and record.table.players == players
    assert len(record.rounds) == (rules.rounds if rules else 3)
    previous_collections: list[list[int]] | None = None
    previous_last_bids: list[int] = []
    for game_round in record.rounds:
        hands = [list(h) for h in game_round.hands]
        assert [len(h) for h in hands] == [hand] * seats
        assert len(game_round.auctions) == hand  # one auction per card in hand
        pool = list(game_round.auctions[0].pool)
        assert len(pool) == seats
        if previous_collections is None:
            assert sorted(pool + [c for h in hands for c in h]) == sorted(everything)  # the deal
        else:
            # The collections became the hands; the last bids became the pool.
            assert [sorted(h) for h in hands] == [sorted(c) for c in previous_collections]
            assert sorted(pool) == sorted(previous_last_bids)
        collections: list[list[int]] = [[] for _ in range(seats)]
        for auction in game_round.auctions:
            # Card conservation: hands, pool and collections hold every card once.
            on_table = (
                [c for h in hands for c in h]
                + pool
                + [card for taken in collections for card in taken]
            )
            assert sorted(on_table) == sorted(everything)
            assert sorted(auction.pool) == sorted(pool)
            for seat, card in enumerate(auction.bids):
                assert card in hands[seat], "a seat bids a card from its own hand"
                hands[seat].remove(card)
            order = sorted(range(seats), key=lambda s: auction.bids[s], reverse=True)
            assert list(auction.order) == order, "highest bid collects first"
            left = sorted(pool)
            for seat in order:
                card = auction.collected[seat]
                assert card in left, "each seat collects exactly one card of the pool"
                if seat >= players:
                    assert card == min(left), "a dummy takes the lowest card left"
                left.remove(card)
                collections[seat].append(card)
            assert not left
            pool = list(auction.bids)
        assert not any(hands)
        previous_collections, previous_last_bids = collections, pool
        assert [list(c) for c in game_round.collections] == collections
    names = seat_names(record.table)
    rounds = [dict(zip(names, r.collections)) for r in record.rounds]
    assert record.points == tuple(score_game(rounds, DECK, rules=rules).totals.values())


def play_at_random(players: int, seed: int, rules: Rules | None = None) -> Match:
    """A whole Match with random players (and the engine's dummies)."""
    game = Match(players, random.Random(seed), rules=rules)
    choices = random.Random(seed + 1)
    while not game.is_over:
        for seat in game.to_bid:
            game.bid(seat, choices.choice(game.legal_bids(seat)))
        while game.to_collect is not None:
            seat = game.to_collect
            game.collect(seat, choices.choice(game.legal_collections(seat)))
    return game


# ---------------------------------------------------------------- set-up


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_table_and_deal_follow_the_player_count(players):
    seats, dummies, card_count, hand = TABLES[players]
    table = seating(players)
    assert (table.seats, table.dummies) == (seats, dummies)
    cards = cards_in_play(DECK, players)
    assert len(cards) == card_count
    assert (0 in cards) == (49 in cards) == (players >= 4)
    dealt = deal(cards, seats, random.Random(players))
    assert [len(h) for h in dealt.hands] == [hand] * seats
    assert len(dealt.pool) == seats
    assert sorted([c for h in dealt.hands for c in h] + list(dealt.pool)) == sorted(cards)
    game = Match(players, random.Random(1))
    assert game.hand_size == hand
    assert [game.is_dummy(s) for s in range(seats)] == [s >= players for s in range(seats)]
    assert seat_names(table)[players - 1] == f"Player {players}"


@pytest.mark.parametrize("players", [1, 6, 0])
def test_other_player_counts_are_one_error(players):
    with pytest.raises(StudioError, match="2, 3, 4 or 5 players"):
        Match(players, random.Random(1))


def test_next_round_pool_is_the_last_bids_and_is_worded_for_the_rulebook():
    assert next_round_pool([30, 4, 12, 7]) == (4, 7, 12, 30)
    assert "last auction" in NEXT_ROUND_POOL_RULE
    assert (
        "Permutations" not in NEXT_ROUND_POOL_RULE
    )  # a paragraph for the rulebook, not a docstring


# ---------------------------------------------------------------- the game state


def test_dummies_bid_face_up_before_the_players_and_players_bid_in_secret():
    game = Match(2, random.Random(7))
    revealed = game.revealed_bids
    assert revealed[0] is None and revealed[1] is None
    assert revealed[2] is not None and revealed[3] is not None
    assert game.to_bid == (0, 1)
    card = game.legal_bids(0)[0]
    game.bid(0, card)
    assert game.observation(0).bids[0] == card  # a player sees its own bid
    assert game.observation(1).bids[0] is None  # but not another player's, yet
    assert game.observation(1).hand == game.hand(1)
    assert game.legal_bids(0) == ()
    game.bid(1, game.legal_bids(1)[0])
    assert game.phase is Phase.COLLECTING
    assert None not in game.observation(1).bids


def test_the_engine_plays_dummies_and_players_collect_highest_bid_first():
    game = Match(3, random.Random(11))
    pool = game.pool
    for seat in game.to_bid:
        game.bid(seat, game.legal_bids(seat)[-1])
    order = game.collection_order
    bids = [b for b in game.revealed_bids if b is not None]
    turn = game.to_collect
    assert turn is not None and len(bids) == 4
    assert list(order) == sorted(range(4), key=lambda s: bids[s], reverse=True)
    collected_before = [s for s in order[: order.index(turn)]]
    assert all(game.is_dummy(s) for s in collected_before)
    assert set(game.legal_collections(turn)) <= set(pool)


def test_illegal_actions_name_the_rule():
    game = Match(2, random.Random(3))
    other_card = game.hand(1)[0]

    def broken(action, *args):
        with pytest.raises(IllegalAction) as caught:
            action(*args)
        assert str(caught.value.where).startswith("round 1, auction 1")
        return caught.value.rule

    assert broken(game.bid, 2, game.hand(2)[0]) is Rule.DUMMY_SEAT
    assert broken(game.bid, 0, other_card) is Rule.NOT_IN_HAND
    assert broken(game.bid, 9, other_card) is Rule.NO_SEAT
    assert broken(game.collect, 0, game.pool[0]) is Rule.NOT_COLLECTING
    game.bid(0, game.hand(0)[0])
    assert broken(game.bid, 0, game.hand(0)[0]) is Rule.ALREADY_BID
    game.bid(1, game.hand(1)[0])
    turn = game.to_collect
    assert turn in (0, 1)
    assert broken(game.collect, 1 - turn, game.pool[0]) is Rule.NOT_YOUR_TURN
    assert broken(game.collect, turn, 1000) is Rule.NOT_IN_POOL
    assert broken(game.bid, 0, game.hand(0)[0]) is Rule.NOT_BIDDING
    with pytest.raises(IllegalAction) as caught:
        game.bid(2, 1)
    assert (
        str(caught.value)
        == "round 1, auction 1, Dummy 1 (seat 2): Dummy 1 is a dummy: the engine plays it"
    )


def test_a_finished_game_takes_no_action_and_scores_with_the_sun_penalty():
    game = play_at_random(4, 5)
    assert game.is_over and game.round == 3 == default_rules().rounds
    with pytest.raises(IllegalAction) as caught:
        game.bid(0, 1)
    assert caught.value.rule is Rule.GAME_OVER
    score = game.score()
    assert score.rounds[-1].last_round and not score.rounds[0].last_round
    names = seat_names(game.table)
    best = max(score.totals.values())
    assert score.winners == tuple(n for n in names if score.totals[n] == best)
    assert score.dummies == (names[4],)
    assert score.dummy_winners == tuple(n for n in score.winners if n == names[4])


def test_copy_is_independent():
    game = Match(2, random.Random(5))
    twin = game.copy()
    twin.bid(0, twin.hand(0)[0])
    assert game.to_bid == (0, 1) and twin.to_bid == (1,)
    assert game.hand(0) != twin.hand(0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_through_the_game_state_keep_every_rule(players):
    for seed in range(5):
        game = play_at_random(players, 100 * players + seed)
        check_game(game.record(), players)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([2, 3, 4, 5]))
def test_any_seed_gives_a_legal_game(seed, players):
    check_game(play_at_random(players, seed).record(), players)


# ---------------------------------------------------------------- the fast random play-outs


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_play_outs_keep_every_rule_and_score_like_the_scorer(players):
    played = random_games(random.Random(players), players, 60, history=True)
    for game in range(played.count):
        check_game(played.record(game), players)


def test_play_outs_replay_from_a_seed():
    first = random_games(random.Random(42), 3, 50)
    again = random_games(random.Random(42), 3, 50)
    other = random_games(random.Random(43), 3, 50)
    assert (first.points == again.points).all()
    assert not (first.points == other.points).all()
    one = random_game(random.Random(1), 5)
    check_game(one, 5)
    assert random_games(random.Random(1), 2, 0).points.shape == (0, 4)
    # Batches are seeded in turn from one generator: more games than a batch still replay.
    many = random_games(random.Random(5), 4, 5000)
    assert (many.points == random_games(random.Random(5), 4, 5000).points).all()
    assert many.points.shape == (5000, 5)


def test_play_out_winners_are_the_seats_with_the_most_points_dummies_included():
    """Dummies score like players and can win: the rules warn "try not to let them win"."""
    played = random_games(random.Random(9), 2, 200)
    winners = played.winners()
    assert winners.any(axis=1).all()
    for points, mask in zip(played.points, winners):
        assert set(mask.nonzero()[0]) == {s for s in range(4) if points[s] == max(points)}
    # With random players, a dummy wins some games: the records say which.
    dummy_won = played.dummy_won()
    assert 0 < dummy_won.sum() < played.count
    assert (dummy_won == winners[:, 2:].any(axis=1)).all()


def test_a_game_record_says_when_a_dummy_won():
    for seed in range(40):
        record = random_game(random.Random(seed), 2)
        best = max(record.points)
        assert record.winners == tuple(s for s in range(4) if record.points[s] == best)
        assert record.dummy_winners == tuple(s for s in record.winners if s >= 2)
        assert record.dummy_won == bool(record.dummy_winners)
    assert any(random_game(random.Random(seed), 2).dummy_won for seed in range(40))


def test_the_rules_parameters_reach_the_engine_and_the_play_outs():
    """A designer's rules.toml (here: four rounds, moon bonus 7) changes the game both engines play."""
    rules = Rules(star_points=3, moon_bonus=7, sun_penalty=1, rounds=4)
    game = play_at_random(3, 11, rules=rules)
    assert game.round == 4 and len(game.record().rounds) == 4
    names = seat_names(game.table)
    rounds = [dict(zip(names, r.collections)) for r in game.record().rounds]
    assert game.score() == score_game(rounds, DECK, names[3:], rules=rules)
    assert game.score().rounds[0].seats[0].collection.star_points == 3 * game.score().rounds[0].seats[0].collection.stars
    check_game(game.record(), 3, rules)
    played = random_games(random.Random(4), 3, 30, history=True, rules=rules)
    for k in range(played.count):
        check_game(played.record(k), 3, rules)


@pytest.mark.parametrize("players", [2, 4])
def test_play_outs_and_the_game_state_play_alike(players):
    """Same random players, two implementations: each seat's mean points agree within the noise."""
    fast = random_games(random.Random(1), players, 4000).points
    slow = [play_at_random(players, seed).record().points for seed in range(300)]
    for seat in range(seating(players).seats):
        fast_mean = float(fast[:, seat].mean())
        slow_points = [p[seat] for p in slow]
        noise = statistics.stdev(slow_points) / len(slow_points) ** 0.5
        assert abs(fast_mean - statistics.fmean(slow_points)) < 4 * noise + 0.5
