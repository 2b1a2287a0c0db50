"""Permutations score files: reading a round's collections, one error per bad input, the text report."""

from __future__ import annotations

import pytest

from grawlix_print.errors import StudioError
from grawlix_print.games.permutations.score_file import (
    parse_score_file,
    read_score_file,
    report,
    score_sheet,
)

FILE = "round3.toml"

# A four-seat round (two or three players): 11 cards a seat.
GOOD = """\
Alice = [1, 8, 11, 14, 2, 7, 34, 3, 17, 4, 33]
Bob = [19, 22, 27, 30, 35, 38, 41, 48, 10, 15, 18]
"Dummy 1" = [23, 26, 31, 39, 42, 47, 6, 12, 13, 24, 25]
"Dummy 2" = [32, 36, 37, 43, 46, 5, 9, 16, 20, 21, 28]
"""
SUNS = """
[suns]
Alice = 2
Bob = 5
"Dummy 1" = 0
"Dummy 2" = 3
"""


def test_a_good_file_scores_and_reports():
    sheet = parse_score_file(GOOD, FILE)
    assert list(sheet.collections) == ["Alice", "Bob", "Dummy 1", "Dummy 2"]
    assert not sheet.last_round
    score = score_sheet(sheet)
    # Alice's cards are the first hand-worked example of the scoring tests: 33 points, 1 moon.
    assert score.seat("Alice").collection.points == 33
    text = report(score)
    assert text.startswith("Round scores")
    assert "Alice: " in text and "Dummy 2: " in text
    assert "red 4 face down" in text
    assert "they count at the end of the game" in text


def test_the_suns_table_makes_it_the_last_round(tmp_path):
    path = tmp_path / FILE
    path.write_text(GOOD + SUNS)
    sheet = read_score_file(path)
    assert sheet.last_round and sheet.earlier_suns == {
        "Alice": 2,
        "Bob": 5,
        "Dummy 1": 0,
        "Dummy 2": 3,
    }
    score = score_sheet(sheet)
    # Suns this round: Alice 33 34 (2), Bob 35 38 41 48 (4), Dummy 1 39 42 47 (3), Dummy 2 36 37 43 46 (4).
    # Totals: Alice 4, Bob 9, Dummy 1 3, Dummy 2 7: Bob has the most and loses 5.
    assert [s.sun_total for s in score.seats] == [4, 9, 3, 7]
    assert [s.sun_penalty for s in score.seats] == [0, 5, 0, 0]
    text = report(score)
    assert text.startswith("Last round")
    assert "9 in the game: the most, -5" in text


BAD_FILES = [
    # (file text, where (after the file name), words in the message)
    ("Alice = [1, 2]\nBob = [2, 3]\n", "Bob", "card 2 is also in Alice's cards"),
    ("Alice = [1, 2, 1]\n", "Alice", "card 1 appears twice"),
    ("Alice = [1, 50]\n", "Alice", "there is no card 50"),
    ("Alice = []\n", "Alice", "no cards"),
    ('Alice = [1, "two"]\n', "Alice", "'two' is not a card number"),
    ("Alice = [1, 2.0]\n", "Alice", "2.0 is not a card number"),
    ("Alice = [1, true]\n", "Alice", "True is not a card number"),
    ("Alice = 3\n", "Alice", "must be a list"),
    ("Alice = [1]\n[suns]\nCarol = 2\n", "[suns] Carol", "not a seat"),
    ("Alice = [1]\n[suns]\nAlice = -1\n", "[suns] Alice", "cannot be negative"),
    ('Alice = [1]\n[suns]\nAlice = "two"\n', "[suns] Alice", "not a number of suns"),
    ("Alice = [1]\nBob = [2]\n[suns]\nAlice = 1\n", "[suns]", "no sun total for Bob"),
    ("Alice = [1]\nsuns = 3\n", "suns", "kept for the table"),
    ("A = [1]\nB = [2]\nC = [3]\nD = [4, 0]\n", "D", "card 0 is not in play at a table of 4 seats"),
    (
        "A = [1]\nB = [2]\nC = [3]\nD = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]\n",
        "D",
        "12 cards: a seat collects at most 11",
    ),
    (
        "A = [1]\nB = [2]\nC = [3]\nD = [4]\nE = [5, 6, 7, 8, 9, 10, 11, 12, 13, 14]\n",
        "E",
        "at most 9",
    ),
]


@pytest.mark.parametrize("text, words", [
    ('"" = [1]\nBob = [2]\n', 'a seat with no name: write its name before the "="'),
    ('" " = [1]\nBob = [2]\n', 'a seat with no name'),
    ('"Al\\nice" = [1]\nBob = [2]\n', "'Al\\nice': a seat's name is printed, so it holds no control characters"),
    ('"\\u001b[31mAlice" = [1]\nBob = [2]\n', "no control characters"),
])  # fmt: skip
def test_a_seat_name_that_cannot_be_printed_is_one_error_naming_the_file(text, words):
    with pytest.raises(StudioError) as caught:
        parse_score_file(text, FILE)
    assert caught.value.where == FILE and words in caught.value.what


def test_a_seat_may_be_named_in_any_script():
    sheet = parse_score_file('"Zoë" = [1]\n"\u674e" = [2]\n"Ana \U0001F469\u200d\U0001F4BB" = [3]\n', FILE)
    assert list(sheet.collections) == ["Zoë", "\u674e", "Ana \U0001F469\u200d\U0001F4BB"]


@pytest.mark.parametrize("text, where, words", BAD_FILES, ids=[b[2] for b in BAD_FILES])
def test_each_bad_score_file_is_one_error_naming_file_and_seat(text, where, words):
    with pytest.raises(StudioError) as caught:
        parse_score_file(text, FILE)
    assert caught.value.where == f"{FILE}: {where}"
    assert words in caught.value.what


@pytest.mark.parametrize(
    "text, words",
    [
        ("Alice = [1, 2\n", "not a TOML score file"),
        ("[suns]\nAlice = 1\n", "no seats"),
        ("".join(f"S{n} = [{n + 1}]\n" for n in range(6)), "6 seats: a table has at most 5"),
    ],
)
def test_whole_file_problems_name_the_file(text, words):
    with pytest.raises(StudioError) as caught:
        parse_score_file(text, FILE)
    assert caught.value.where == FILE
    assert words in caught.value.what


def test_an_unreadable_file_is_one_error(tmp_path):
    with pytest.raises(StudioError) as caught:
        read_score_file(tmp_path / "missing.toml")
    assert "missing.toml" in str(caught.value)
