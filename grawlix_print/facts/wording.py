"""English words for numbers and lists, as printed rules say them ("seventeen tiles").

Pure functions with no knowledge of the game, so any product can word a count.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence

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


def counted(number: int, noun: str, say: Callable[[int], str] = in_words) -> str:
    """``(17, "tile")`` -> ``"seventeen tiles"``, ``(1, "row")`` -> ``"one row"``.

    ``say`` writes the number (``str`` for ``"17 tiles"``); the plural adds an
    ``s``, which is all the game's nouns need.
    """
    return f"{say(number)} {noun}{'' if number == 1 else 's'}"


def figures(number: int) -> str:
    """``9408`` -> ``"9,408"``: digits, grouped in thousands as English prose prints them."""
    return f"{number:,}"


def separators(count: int, last: str = "and") -> list[str]:
    """What goes before each of ``count`` listed items: ``["", ", ", " and "]`` for three."""
    return ["" if k == 0 else f" {last} " if k == count - 1 else ", " for k in range(count)]


def join_words(items: Sequence[str], last: str = "and") -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"`` (no comma before the last word)."""
    return "".join(sep + item for sep, item in zip(separators(len(items), last), items))


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
