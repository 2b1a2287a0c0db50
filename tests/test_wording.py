"""Sentences about a number of pieces read right for any kind's name and any count (issue 36).

The expected words here are written out by hand, one row a name: the oracle is English, not the
code under test. ``test_kind_sentences`` (the products' own sentences) builds every product for a
toy whose kinds have such names.
"""

from __future__ import annotations

import pytest

from grawlix_print.facts.wording import Noun, article, counted, plural_of

PLURALS = [
    ("tile", "tiles"), ("weather card", "weather cards"), ("terrain tile", "terrain tiles"), ("box", "boxes"),
    ("city", "cities"), ("day", "days"), ("die", "dice"), ("sheep", "sheep"), ("glass", "glasses"),
    ("match", "matches"), ("wolf", "wolves"), ("roof", "roofs"), ("hero", "heroes"), ("player mat", "player mats"),
    ("Oak Leaf", "Oak Leaves"), ("meeple", "meeples"), ("ox", "oxen"), ("bus", "buses"), ("board", "boards"),
]  # fmt: skip


@pytest.mark.parametrize("singular, plural", PLURALS)
def test_a_plural_comes_from_the_singular_s_last_word(singular, plural):
    assert plural_of(singular) == plural


ROWS = [
    # singular, plural given, then for counts 0, 1, 2, 7: count(), the()
    ("board", "", ["no boards", "1 board", "2 boards", "7 boards"],
     ["no boards", "the board", "the 2 boards", "the 7 boards"]),
    ("weather card", "", ["no weather cards", "1 weather card", "2 weather cards", "7 weather cards"],
     ["no weather cards", "the weather card", "the 2 weather cards", "the 7 weather cards"]),
    ("die", "", ["no dice", "1 die", "2 dice", "7 dice"], ["no dice", "the die", "the 2 dice", "the 7 dice"]),
    ("sheep", "", ["no sheep", "1 sheep", "2 sheep", "7 sheep"], ["no sheep", "the sheep", "the 2 sheep", "the 7 sheep"]),
    ("man of war", "men of war", ["no men of war", "1 man of war", "2 men of war", "7 men of war"],
     ["no men of war", "the man of war", "the 2 men of war", "the 7 men of war"]),
]  # fmt: skip


@pytest.mark.parametrize("singular, plural, counts, named", ROWS)
def test_a_count_of_pieces_reads_right_for_0_1_2_and_7(singular, plural, counts, named):
    noun = Noun(singular, plural)
    assert [noun.count(n) for n in (0, 1, 2, 7)] == counts
    assert [noun.the(n) for n in (0, 1, 2, 7)] == named
    assert [noun.be(n) for n in (0, 1, 2, 7)] == ["are", "is", "are", "are"]


def test_stacks_of_pieces_say_up_to_only_when_they_can_differ():
    stack = Noun("stack")
    assert stack.of_up_to(1, 7) == "1 stack of 7"
    assert stack.of_up_to(2, 7) == "2 stacks of up to 7"
    assert stack.of_up_to(7, 1) == "7 stacks of one"
    assert stack.of_up_to(0, 3) == "no stacks of up to 3"


def test_articles_and_the_rules_prose_counts():
    assert [article(w) for w in ("board", "owl token", "unit", "hour", "8-sided die", "one-way tile")] == [
        "a", "an", "a", "an", "an", "a"]  # fmt: skip
    assert Noun("owl token").a() == "an owl token"
    assert counted(1, "box") == "one box" and counted(7, "city") == "seven cities" and counted(0, "tile", str) == "0 tiles"
