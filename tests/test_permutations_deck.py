"""Permutations deck: the designer's deck as shipped, and one precise error per kind of bad deck file."""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from grawlix_print.drawing.marks import MARKS
from grawlix_print.errors import StudioError
from grawlix_print.games.permutations.deck import Icon, deck_from_toml, default_deck, read_deck

TEMPLATE = (
    Path(__file__).resolve().parent.parent / "templates" / "permutations"
    / "components.toml"
)
FILE = "components.toml"


@pytest.fixture
def data() -> dict:
    return tomllib.loads(TEMPLATE.read_text())


def test_the_designers_deck():
    deck = default_deck()
    text = TEMPLATE.read_text()
    assert (
        text.startswith("# ")
        and 'game = "permutations"' in text
        and 'title = "Permutations"' in text
    )
    assert deck.title == "Permutations"
    assert deck.numbers == tuple(range(50))
    assert [c.name for c in deck.colours] == ["red", "yellow", "green", "blue"]
    assert [c.ink.cmyk for c in deck.colours] == [
        (0, 1, 1, 0),
        (0, 0.1, 0.84, 0),
        (0.91, 0, 0.88, 0.12),  # ForestGreen, the green of the designer's card file
        (1, 0.5, 0, 0),
    ]
    assert deck.back == "circles" and [len(line) for line in deck.title_colours] == [12, 12, 12, 12]
    assert len({c.mark for c in deck.colours}) == 4 and all(c.mark in MARKS for c in deck.colours)
    assert [c.letter for c in deck.colours] == ["R", "Y", "G", "B"]
    # Twelve cards a colour, four of each icon.
    kinds = Counter((card.colour.name, card.icon) for card in deck.cards if card.colour)
    assert set(kinds.values()) == {4} and len(kinds) == 12
    assert (
        deck.card(16).icon is Icon.STAR
        and deck.card(17).icon is Icon.MOON
        and deck.card(48).icon is Icon.SUN
    )
    assert deck.card(0).multicoloured and deck.card(0).colour is None and deck.card(0).icon is None
    assert deck.card(49).colourless and deck.card(49).icon is None
    assert str(deck.card(27)) == "27 red moon"
    assert deck.in_play(False) == tuple(range(1, 49))


def edit(data: dict, path: str, value) -> dict:
    """A copy of ``data`` with the value at ``path`` (dotted; a trailing ``-`` deletes) replaced."""
    changed = copy.deepcopy(data)
    *tables, key = path.split(".")
    target = changed
    for table in tables:
        target = target[table]
    if value is DELETE:
        del target[key]
    else:
        target[key] = value
    return changed


DELETE = object()
RED = list(tomllib.loads(TEMPLATE.read_text())["colours"]["red"]["numbers"])

BAD_DECKS = [
    # (what to change, its new value, where the error must point, words in the message)
    ("colours.red.numbers", RED[:-1] + [1], "[colours.red] numbers", "number 1 appears twice"),
    (
        "colours.yellow.numbers",
        [1] + RED[1:],
        "[colours.yellow] numbers",
        "number 1 appears twice (also in red)",
    ),
    ("colours.red.numbers", RED[:-1] + [60], "[colours.red] numbers", "number 60 is outside"),
    ("colours.red.numbers", RED[:-1] + [0], "[colours.red] numbers", "multicoloured card"),
    ("colours.red.numbers", RED[:-1] + ["7"], "[colours.red] numbers", "'7' is not a card number"),
    ("colours.red.numbers", RED[:-1], "[colours]", "no colour for number 48"),
    ("icons.moon", [16, 32], "[icons] moon", "overlaps star"),
    ("icons.moon", [18, 32], "[icons] moon", "gap after star: no icon for 17"),
    ("icons.sun", [33], "[icons] sun", "[first, last]"),
    ("icons.sun", [48, 33], "[icons] sun", "first must not exceed last"),
    ("icons.comet", [49, 50], "[icons] comet", "unknown key"),
    ("icons.star", DELETE, "[icons]", "missing key 'star'"),
    ("colours.red.cmyk", DELETE, "[colours.red]", "missing key 'cmyk'"),
    # Colours are read as every game's are (components.schema.ink): rgb and cmyk, parts 0 to 1.
    ("colours.red.cmyk", [0, 1.2, 1, 0], "colours.red.cmyk", "has a part outside 0-1"),
    ("colours.red.cmyk", [0, 1, 1], "colours.red.cmyk", "a list of 4 numbers"),
    ("colours.red.rgb", [1, 0, -0.1], "colours.red.rgb", "has a part outside 0-1"),
    ("colours.red.screen", [1, 0, 0], "[colours.red] screen", "unknown key (known: letter, mark, rgb, cmyk"),
    ("colours.red.mark", "star", "[colours.red] mark", "not a colour mark"),
    ("colours.red.mark", "ring", "[colours.yellow] mark", "also red's"),
    ("colours.yellow.letter", "r", "[colours.yellow] letter", "also red's"),
    ("colours.red.letter", "Rd", "[colours.red] letter", "one letter"),
    ("colours.red.shade", 3, "[colours.red] shade", "unknown key"),
    ("special.multicoloured", 5, "[special] multicoloured", "number 5 is a coloured card"),
    ("special.colourless", 0, "[special] colourless", "also the multicoloured card"),
    ("special.colourless", True, "[special] colourless", "card number"),
    ("game", "grawlix", "game", "must be 'permutations'"),
    ("title", " ", "title", "must not be empty"),
    ("title", "P" * 41, "title", "41 characters: a title has at most 40"),
    ("players", 4, "players", "unknown key (known: game, title"),
    ("colours", {}, "[colours]", "0 colours"),
]


@pytest.mark.parametrize(
    "path, value, where, words", BAD_DECKS, ids=[f"{b[0]}:{b[3]}" for b in BAD_DECKS]
)
def test_each_bad_deck_is_one_error_naming_file_and_key(data, path, value, where, words):
    with pytest.raises(StudioError) as caught:
        deck_from_toml(edit(data, path, value), FILE)
    expected = where if where == FILE else f"{FILE}: {where}"
    assert caught.value.where == expected
    assert words in caught.value.what


def test_a_colour_with_fewer_cards_is_a_count_error(data):
    # Move red's 48 to yellow: every number still coloured, but 11 red against 13 yellow.
    changed = edit(data, "colours.red.numbers", RED[:-1])
    changed["colours"]["yellow"]["numbers"].append(48)
    with pytest.raises(StudioError) as caught:
        deck_from_toml(changed, FILE)
    assert str(caught.value.where).startswith(f"{FILE}: [colours.")
    assert "every colour needs as many" in caught.value.what


def test_a_deck_that_does_not_deal_evenly(data):
    # 3 colours of 15 (45 cards) can't deal to 4 seats plus a pool of 4.
    changed = copy.deepcopy(data)
    changed["icons"] = {"star": [1, 15], "moon": [16, 30], "sun": [31, 45]}
    changed["special"] = {"multicoloured": 0, "colourless": 46}
    names = ["red", "yellow", "green"]
    changed["colours"] = {
        name: dict(data["colours"][name], numbers=list(range(1 + i, 46, 3)))
        for i, name in enumerate(names)
    }
    with pytest.raises(StudioError) as caught:
        deck_from_toml(changed, FILE)
    assert caught.value.where == f"{FILE}: [colours]"
    assert "don't deal evenly" in caught.value.what


def test_a_file_that_is_not_toml(tmp_path):
    path = tmp_path / FILE
    path.write_text("[colours.red\nletter = 'R'\n")
    with pytest.raises(StudioError) as caught:
        read_deck(path)
    assert caught.value.where == str(path) and "not valid TOML" in caught.value.what


def test_the_template_reads_like_the_default(tmp_path):
    path = tmp_path / FILE
    path.write_text(TEMPLATE.read_text())
    assert read_deck(path) == default_deck()


def _in_colours(data: dict, names: list[str]) -> dict:
    """The deck with its 48 coloured cards dealt round ``names`` in turn (the first colours' tables)."""
    changed = copy.deepcopy(data)
    changed["colours"] = {
        name: dict(data["colours"][name], numbers=list(range(1 + i, 49, len(names))))
        for i, name in enumerate(names)
    }
    changed.pop("title_colours", None)  # the cover title's letters name colours this deck has not
    return changed


def test_a_deck_of_one_colour_is_refused_and_two_colours_are_enough(data):
    """The game is about colours: one colour is an error naming [colours], two (24 cards each) a deck.
    A deck of one colour deals evenly, so only this check stands in its way."""
    with pytest.raises(StudioError) as caught:
        deck_from_toml(_in_colours(data, ["red"]), FILE)
    assert caught.value.where == f"{FILE}: [colours]"
    assert caught.value.what == "1 colour: the game needs 2 to 5 (one mark each)"
    two = deck_from_toml(_in_colours(data, ["red", "blue"]), FILE)
    assert [c.name for c in two.colours] == ["red", "blue"]
    assert Counter(card.colour.name for card in two.cards if card.colour) == {"red": 24, "blue": 24}
