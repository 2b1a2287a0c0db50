"""English words for numbers and lists, as printed rules say them ("seventeen tiles").

Pure functions with no knowledge of the game, so any product can word a count.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass

_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


def in_words(number: int) -> str:
    """``17`` -> ``"seventeen"``, ``42`` -> ``"forty-two"``; figures from one hundred on.

    Rules texts spell small counts; a count of a hundred or more would be odd
    in words and is left as figures (``"9,408"``).
    """
    if number < 0 or number >= 100:
        return figures(number)
    if number < 20:
        return _UNITS[number]
    tens, units = divmod(number, 10)
    return _TENS[tens - 2] + (f"-{_UNITS[units]}" if units else "")


def figures(number: int) -> str:
    """``9408`` -> ``"9,408"``: digits, grouped in thousands as English prose prints them."""
    return f"{number:,}"


def counted(number: int, noun: str, say: Callable[[int], str] = in_words) -> str:
    """``(17, "tile")`` -> ``"seventeen tiles"``, ``(1, "row")`` -> ``"one row"``.

    ``say`` writes the number (``str`` for ``"17 tiles"``); the plural is ``plural_of(noun)``.
    """
    return f"{say(number)} {noun if number == 1 else plural_of(noun)}"


_IRREGULAR = {
    "die": "dice", "man": "men", "woman": "women", "child": "children", "person": "people", "foot": "feet",
    "tooth": "teeth", "goose": "geese", "mouse": "mice", "ox": "oxen", "leaf": "leaves", "knife": "knives",
    "life": "lives", "wolf": "wolves", "half": "halves", "shelf": "shelves", "thief": "thieves", "elf": "elves",
    "calf": "calves", "loaf": "loaves", "wife": "wives", "hero": "heroes", "potato": "potatoes",
    "tomato": "tomatoes", "echo": "echoes", "index": "indices", "matrix": "matrices", "vertex": "vertices",
    "criterion": "criteria", "phenomenon": "phenomena", "cactus": "cacti", "fungus": "fungi",
    "sheep": "sheep", "deer": "deer", "fish": "fish", "moose": "moose", "series": "series", "species": "species",
    "aircraft": "aircraft", "meeple": "meeples", "quiz": "quizzes",
}
"""Nouns whose plural no rule gives (and a few a rule would get wrong); any other, a kind may name."""


def plural_of(singular: str) -> str:
    """The plural of an English noun or noun phrase, by its last word: ``weather card`` -> ``weather
    cards``, ``box`` -> ``boxes``, ``city`` -> ``cities``, ``die`` -> ``dice``, ``sheep`` -> ``sheep``.

    A phrase whose head comes first (``man of war``) needs its plural given: the rule reads the
    last word only. Upper case is kept as the singular has it (``Die`` -> ``Dice``).
    """
    head, space, last = singular.rstrip().rpartition(" ")
    if not last:
        return singular
    word = last.lower()
    if word in _IRREGULAR:
        plural = _IRREGULAR[word]
    elif word.endswith(("s", "x", "z", "ch", "sh")):
        plural = word + "es"
    elif word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        plural = word[:-1] + "ies"
    else:
        plural = word + "s"
    if last.isupper() and len(last) > 1:
        plural = plural.upper()
    elif last[:1].isupper():
        plural = plural[:1].upper() + plural[1:]
    return f"{head}{space}{plural}"


def article(word: str) -> str:
    """``a`` or ``an`` before ``word``, as it is said: ``an owl``, ``a unit``, ``an hour``, ``a 3D tile``."""
    low = word.lower()
    if low.startswith(("hour", "honest", "honour", "heir", "8", "11", "18")):
        return "an"
    if low.startswith(("uni", "use", "usu", "eu", "one", "once", "ur")):
        return "a"
    return "an" if low[:1] in ("a", "e", "i", "o", "u") else "a"


@dataclass(frozen=True)
class Noun:
    """What sentences call a thing, one and many (``plural`` "": ``plural_of(singular)``): every sentence
    any product writes about a count of pieces words it here, so it reads right for any name and number.
    Counts are in figures (notes and indexes, not rules prose), none as "no"."""

    singular: str
    plural: str = ""

    def __post_init__(self) -> None:
        if not self.plural:
            object.__setattr__(self, "plural", plural_of(self.singular))

    def word(self, number: int) -> str:
        """``board`` for one, ``boards`` for any other number (none included)."""
        return self.singular if number == 1 else self.plural

    def count(self, number: int, say: Callable[[int], str] = figures) -> str:
        """``1 board``, ``7 boards``, ``no boards``."""
        return f"no {self.plural}" if number == 0 else f"{say(number)} {self.word(number)}"

    def the(self, number: int, say: Callable[[int], str] = figures) -> str:
        """``the board``, ``the 7 boards``, ``no boards``: a whole set, named."""
        if number == 0:
            return f"no {self.plural}"
        return f"the {self.singular}" if number == 1 else f"the {say(number)} {self.plural}"

    def each(self, number: int) -> str:
        """``the board`` for one, ``each board`` for several: what every one of them does."""
        return f"the {self.singular}" if number == 1 else f"each {self.singular}"

    def a(self) -> str:
        """``a board``, ``an owl token``: one of them, with its article."""
        return f"{article(self.singular)} {self.singular}"

    def be(self, number: int) -> str:
        """The verb after them: ``is`` for one, ``are`` for any other number."""
        return "is" if number == 1 else "are"

    def of_up_to(self, number: int, most: int, item: str = "") -> str:
        """``1 stack of 7``, ``3 stacks of up to 7``, ``7 stacks of one``: groups of at most ``most``
        (of ``item``, if named); "up to" only when they are not all as full."""
        inner = Noun(item).count(most) if item else (str(most) if most != 1 else "one")
        up_to = "" if number == 1 or most == 1 else "up to "
        return f"{self.count(number)} of {up_to}{inner}"




def separators(count: int, last: str = "and") -> list[str]:
    """What goes before each of ``count`` listed items: ``["", ", ", " and "]`` for three."""
    return ["" if k == 0 else f" {last} " if k == count - 1 else ", " for k in range(count)]


def join_words(items: Sequence[str], last: str = "and") -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"`` (no comma before the last word)."""
    return "".join(sep + item for sep, item in zip(separators(len(items), last), items))


def possessive(plural: str) -> str:
    """``cards'``, ``sheep's``: a plural name owning something."""
    return plural + ("'" if plural.endswith("s") else "'s")


def capitalised(text: str) -> str:
    """The first letter in upper case, the rest untouched."""
    return text[:1].upper() + text[1:]


NOTES_WIDTH = 78
"""Characters a line of a plain-text notes file holds: any editor and a terminal show it unbroken."""


def paragraph(text: str, indent: str = "", hang: str | None = None) -> str:
    """``text`` filled to lines of ``NOTES_WIDTH``, the first indented by ``indent``, the rest by ``hang``."""
    return textwrap.fill(
        text, NOTES_WIDTH, initial_indent=indent, subsequent_indent=indent if hang is None else hang,
        break_on_hyphens=False,
    )  # fmt: skip
