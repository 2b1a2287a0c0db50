"""Permutations scoring: hand-worked examples, and a brute-force scorer written here from the rules.

The brute-force scorer shares no code with ``scoring.py``: it has its own
copy of the designer's colour lists and tries every colour for the
multicoloured card and every largest set as the face-down one.
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grawlix_print.games.permutations.deck import default_deck
from grawlix_print.games.permutations.scoring import (
    colour_choice,
    face_up_limit,
    largest_face_up_set,
    majority,
    record,
    score_collection,
    score_game,
    score_round,
)

DECK = default_deck()

# The designer's deck, written out again (not read from components.toml).
COLOURS = {
    "red": [1, 8, 11, 14, 19, 22, 27, 30, 35, 38, 41, 48],
    "yellow": [2, 7, 10, 15, 18, 23, 26, 31, 34, 39, 42, 47],
    "green": [3, 6, 12, 13, 17, 24, 25, 32, 36, 37, 43, 46],
    "blue": [4, 5, 9, 16, 20, 21, 28, 29, 33, 40, 44, 45],
}
COLOUR_OF = {n: colour for colour, numbers in COLOURS.items() for n in numbers}
ALL_CARDS = list(range(50))


def brute_colour_points(cards: list[int]) -> int:
    """Colour points by trying everything: each colour for the 0, each largest set face down."""
    counts = Counter(COLOUR_OF[n] for n in cards if n in COLOUR_OF)
    options = [counts + Counter({colour: 1}) for colour in COLOURS] if 0 in cards else [counts]
    best = 0
    for sets in options:
        if not sets:
            continue
        largest = max(sets.values())
        for down in [colour for colour, size in sets.items() if size == largest]:
            best = max(best, sum(size * size for colour, size in sets.items() if colour != down))
    return best


def brute_points(cards: list[int]) -> int:
    stars = sum(1 for n in cards if 1 <= n <= 16)
    return 2 * stars + brute_colour_points(cards)


def brute_round(
    collections: dict[str, list[int]], earlier_suns: dict[str, int] | None
) -> dict[str, int]:
    moons = {seat: sum(1 for n in cards if 17 <= n <= 32) for seat, cards in collections.items()}
    suns = {seat: sum(1 for n in cards if 33 <= n <= 48) for seat, cards in collections.items()}
    most_moons = max(moons.values())
    points = {}
    for seat, cards in collections.items():
        points[seat] = brute_points(cards) + (
            5 if most_moons > 0 and moons[seat] == most_moons else 0
        )
    if earlier_suns is not None:
        totals = {seat: earlier_suns.get(seat, 0) + suns[seat] for seat in collections}
        most_suns = max(totals.values())
        for seat in collections:
            if most_suns > 0 and totals[seat] == most_suns:
                points[seat] -= 5
    return points


# ---------------------------------------------------------------- worked by hand


def test_hand_worked_collection_without_special_cards():
    # Eleven cards: red 1 8 11 14, yellow 2 7 34, green 3 17, blue 4 33.
    # Stars (1-16): 1 8 11 14 2 7 3 4 = 8 stars -> 16 points.
    # Colours: red 4 is the largest, face down; yellow 3 -> 9, green 2 -> 4, blue 2 -> 4: 17.
    # Moons (17-32): 17 -> 1. Suns (33-48): 33 34 -> 2.  Total 16 + 17 = 33.
    score = score_collection([1, 8, 11, 14, 2, 7, 34, 3, 17, 4, 33], DECK)
    assert (score.stars, score.moons, score.suns) == (8, 1, 2)
    assert score.star_points == 16
    assert score.face_down == "red"
    assert {s.colour: (s.size, s.points) for s in score.sets} == {
        "red": (4, 0),
        "yellow": (3, 9),
        "green": (2, 4),
        "blue": (2, 4),
    }
    assert score.colour_points == 17
    assert score.points == 33
    assert score.multicoloured_as is None


def test_hand_worked_collection_with_multicoloured_and_colourless():
    # Nine cards: 0, 49, red 19 22, yellow 2 7 10, green 3, blue 4.
    # The 0 as red: red 3, yellow 3 (one 3 face down), green 1, blue 1 -> 9 + 1 + 1 = 11
    #        yellow: yellow 4 down, red 2, green 1, blue 1      -> 4 + 1 + 1 = 6
    #        green:  yellow 3 down, red 2, green 2, blue 1      -> 4 + 4 + 1 = 9
    #        blue:   as green                                   -> 9
    # Best: red, 11. Stars 2 7 10 3 4 -> 5 -> 10 points. Moons 19 22 -> 2. Total 21.
    score = score_collection([0, 49, 19, 22, 2, 7, 10, 3, 4], DECK)
    assert score.multicoloured_as == "red"
    assert score.colour_points == 11
    assert score.face_down in ("red", "yellow")
    assert score.colourless
    assert (score.stars, score.moons, score.suns) == (5, 2, 0)
    assert score.points == 21


def test_multicoloured_card_can_start_a_set_of_its_own():
    # Red 5, yellow 5 and the 0: on red or yellow it makes a 6 that goes face down
    # and leaves a 5 up (25); as green it adds a set of 1: 25 + 1 = 26.
    choice = colour_choice([5, 5, 0, 0], multicoloured=True)
    assert choice.points == 26
    assert choice.multicoloured_as == 2


def test_hand_worked_round_with_tied_moons_and_the_sun_penalty():
    # A: red 19 22 27 (3 moons), yellow 34 39 (2 suns).  Stars 0.
    #    Colours: red 3 down, yellow 2 -> 4.  Moons 3, tied most: +5.  -> 9
    # B: yellow 18 23 26 (3 moons), blue 33 (1 sun), green 3 (a star).
    #    Stars 1 -> 2. Colours: yellow 3 down, blue 1, green 1 -> 2. Moons tied: +5. -> 9
    # Earlier suns: A 4, B 6 -> totals A 6, B 7: B has the most, -5 -> 4.
    collections = {"A": [19, 22, 27, 34, 39], "B": [18, 23, 26, 33, 3]}
    score = score_round(collections, DECK, {"A": 4, "B": 6})
    assert score.points == {"A": 9, "B": 4}
    assert score.most_moons == ("A", "B")
    assert score.seat("B").sun_total == 7
    assert score.seat("A").sun_penalty == 0
    assert score.seat("B").sun_penalty == 5
    # Not the last round: no sun penalty, no sun total.
    assert score_round(collections, DECK).points == {"A": 9, "B": 9}


def test_nobody_has_the_most_of_nothing():
    assert majority([0, 0, 0]) == (False, False, False)
    assert majority([2, 0, 2]) == (True, False, True)
    score = score_round({"A": [1], "B": [2]}, DECK, {"A": 0, "B": 0})
    assert all(seat.moon_bonus == 0 and seat.sun_penalty == 0 for seat in score.seats)


def test_record_is_json_with_points_and_breakdown():
    score = score_round(
        {"A": [19, 22, 27, 34, 39, 0], "B": [18, 23, 26, 33, 3]}, DECK, {"A": 4, "B": 6}
    )
    data = json.loads(json.dumps(record(score)))
    assert set(data) == {"A", "B"}
    for seat, entry in data.items():
        assert set(entry) == {"points", "stars", "moons", "colours", "suns"}
        assert entry["points"] == score.seat(seat).points
        assert entry["points"] == (
            entry["stars"]["points"]
            + entry["colours"]["points"]
            + entry["moons"]["bonus"]
            - entry["suns"]["penalty"]
        )
    assert data["A"]["colours"]["multicoloured_as"] is not None
    assert data["B"]["suns"] == {"cards": 1, "total": 7, "penalty": 5}
    assert "total" not in record(score_round({"A": [33]}, DECK))["A"]["suns"]


# ---------------------------------------------------------------- against the brute-force scorer

collections_strategy = st.lists(st.sampled_from(ALL_CARDS), min_size=0, max_size=14, unique=True)


@given(collections_strategy)
def test_collection_points_match_brute_force(cards):
    score = score_collection(cards, DECK)
    assert score.points == brute_points(cards)
    # The breakdown is consistent: the face-down set is a largest one, sizes add up.
    sizes = {s.colour: s.size for s in score.sets}
    if sizes:
        assert score.face_down is not None and sizes[score.face_down] == max(sizes.values())
    coloured = sum(1 for n in cards if n in COLOUR_OF) + (1 if 0 in cards else 0)
    assert sum(sizes.values()) == coloured


@given(
    st.lists(st.sampled_from(ALL_CARDS), min_size=2, max_size=40, unique=True),
    st.integers(2, 5),
    st.booleans(),
    st.data(),
)
def test_round_points_match_brute_force(cards, seats, last, data):
    names = [f"S{n}" for n in range(seats)]
    collections: dict[str, list[int]] = {name: [] for name in names}
    for card in cards:
        collections[data.draw(st.sampled_from(names))].append(card)
    earlier = {name: data.draw(st.integers(0, 20)) for name in names} if last else None
    assert score_round(collections, DECK, earlier).points == brute_round(collections, earlier)


def test_game_totals_and_winners():
    rounds = [{"A": [1, 2], "B": [17, 18]}, {"A": [3], "B": [4]}, {"A": [33], "B": [5]}]
    game = score_game(rounds, DECK)
    expected = {"A": 0, "B": 0}
    suns = {"A": 0, "B": 0}
    for number, collections in enumerate(rounds, 1):
        earlier = dict(suns) if number == 3 else None
        for seat, points in brute_round(collections, earlier).items():
            expected[seat] += points
        for seat, cards in collections.items():
            suns[seat] += sum(1 for n in cards if 33 <= n <= 48)
    assert game.totals == expected
    assert game.winners == tuple(s for s, p in expected.items() if p == max(expected.values()))
    # Dummies score, count in the majorities and can win; the result says which winners they are.
    assert score_game(rounds, DECK, dummies=["B"]).winners == game.winners
    dummy_won = score_game(rounds, DECK, dummies=[game.winners[0]])
    assert dummy_won.dummy_winners == (game.winners[0],)
    assert score_game(rounds, DECK, dummies=[s for s in "AB" if s not in game.winners]).dummy_winners == ()


# ---------------------------------------------------------------- the rulebook's fact


def test_no_face_up_set_exceeds_five_cards():
    """With hands of 11 (no special cards) or 9 (with them), a face-up set has at most 5 cards."""
    assert largest_face_up_set(11, 4, special_cards=False) == 5
    assert largest_face_up_set(9, 4, special_cards=True) == 4
    assert face_up_limit(DECK) == 5


@pytest.mark.parametrize("cards", range(1, 13))
def test_largest_face_up_set_matches_exhaustive_search(cards):
    # Every colour split of ``cards`` coloured cards over four colours, brute-forced:
    # the best face-up set is half the cards, rounded down.
    best = 0
    for split in product(range(cards + 1), repeat=4):
        if sum(split) != cards:
            continue
        ordered = sorted(split, reverse=True)
        best = max(best, ordered[1])
    assert largest_face_up_set(cards, 4, special_cards=False) == best == cards // 2
