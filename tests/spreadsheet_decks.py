"""Templates folders of games made of tables, written by the tests themselves.

``deck_54`` is a deck of 54 cards with two layouts chosen per row: every
expected text and size the tests check comes from these rows and numbers,
never from the code under test.
"""

from __future__ import annotations

import csv
import random
import textwrap
from dataclasses import dataclass
from pathlib import Path

MM = 72 / 25.4
"""Points in a millimetre: pdfplumber measures in points."""
CARD = (63.5, 88.9)
BLEED = 3.0
"""The card sheets' bleed unless told."""
NAME_PT = {"crew": 11.0, "event": 10.0}
COST_PT = 12.0
RULES_PT = 9.0
WORDS = ("draw discard trade a card the market each player night moon lantern coin swap reveal gain "
         "keep one two three of your hand from top").split()  # fmt: skip


@dataclass(frozen=True)
class Card:
    name: str
    layout: str
    cost: str
    rules: str
    count: int

    @property
    def plain_rules(self) -> str:
        """The rules as printed: the markup's asterisks gone."""
        return self.rules.replace("**", "")


def cards_54(seed: int = 26) -> list[Card]:
    """54 rows: every third an event (no cost), the others crew; some rules with a bold run."""
    rng = random.Random(seed)
    found = []
    for k in range(54):
        layout = "event" if k % 3 == 2 else "crew"
        words = [rng.choice(WORDS) for _ in range(rng.randint(6, 18))]
        if k % 4 == 0:
            words[1] = f"**{words[1]}**"
        rules = " ".join(words).capitalize() + "."
        cost = "" if layout == "event" else str(rng.randint(1, 9))
        found.append(Card(f"Card {k + 1:02d} {rng.choice(WORDS).title()}", layout, cost, rules, 1 + k % 2))
    return found


COMPONENTS = """\
game = "spreadsheet"
title = "Test Deck"

[colours]
crew = "#f4ead5"
event = "#202848"

[kinds.cards]
size = [63.5, 88.9]
table = "cards.csv"
layout = "{layout}"
count_column = "count"
back = "back"
"""

CREW = """\
[boxes]
name = [5, 5, 40, 8]
cost = [48, 4, 10, 10]
rules = [6, 50, 51.5, 30]

[[elements]]
name = "ground"
type = "rectangle"
box = "bleed"
fill = "crew"

[[elements]]
name = "name"
type = "text"
box = "name"
text = "{name}"
size = 11
wrap = false

[[elements]]
type = "circle"
box = "cost"
fill = "#2667d1"
when = "cost"

[[elements]]
type = "text"
box = "cost"
text = "{cost}"
size = 12
align = "centre"
valign = "middle"
colour = "white"
when = "cost"

[[elements]]
type = "text"
box = "rules"
text = "{rules}"
size = 9
align = "centre"
"""

EVENT = """\
extends = "crew"

[boxes]
name = [5, 76, 53.5, 8]

[[elements]]
name = "ground"
type = "rectangle"
box = "bleed"
fill = "event"

[[elements]]
name = "name"
type = "text"
box = "name"
text = "{name}"
size = 10
colour = "white"
align = "right"
wrap = false
"""

BACK = """\
[[elements]]
type = "rectangle"
box = "bleed"
fill = "#444444"

[[elements]]
type = "text"
box = "safe"
text = "{title}"
size = 20
align = "centre"
valign = "middle"
colour = "white"
"""

LEAFLET = """\
+++
subtitle = "A deck for the tests"
version = "1"
authors = ["A. Tester"]
contact = "tester@example.org"
licence = "Creative Commons Attribution 4.0 International (CC BY 4.0)"
licence_url = "https://creativecommons.org/licenses/by/4.0/"
subject = "The rules of {title}."
keywords = ["test"]
+++

::: page cover

# {title}

::: page back

{cards.count} cards.
"""


def write_deck(folder: Path, cards: list[Card]) -> Path:
    """A templates folder of the 54-card deck (or any rows given), with its two layouts and a back."""
    (folder / "layouts").mkdir(parents=True)
    (folder / "components.toml").write_text(COMPONENTS)
    (folder / "layouts" / "crew.toml").write_text(CREW)
    (folder / "layouts" / "event.toml").write_text(EVENT)
    (folder / "layouts" / "back.toml").write_text(BACK)
    (folder / "leaflet.md").write_text(LEAFLET)
    with (folder / "cards.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["name", "layout", "cost", "rules", "count"])
        for card in cards:
            writer.writerow([card.name, card.layout, card.cost, card.rules, card.count])
    return folder


def dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")
