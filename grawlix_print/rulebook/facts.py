"""What a rulebook may ask of its game: the values of placeholders, conditions, and figures.

A game answers through a ``TextFacts`` of its own (a tile game asks its rules
engine and its example positions). The answers are plain values; how they
are worded is ``words``' business, how they are set the renderers'.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..errors import StudioError
from ..drawing.text import Break, Inline, Span
from .document import Block


@dataclass(frozen=True)
class Link:
    """Text that leads somewhere: an address to write to, a licence to read."""

    text: str
    url: str


@dataclass(frozen=True)
class Items:
    """A list the text joins as "a, b and c" (or one per line with ``|lines``): each item words (a
    ``str``) or styled text (a ``Span``, or a tuple of them). ``Items(("the sun", "the star"))``,
    ``Items(["the sun", "the star"])`` and ``Items("the sun")`` (one item) are taken as meant;
    anything else is a ``TypeError`` saying what it is."""

    items: tuple[Inline, ...]

    def __post_init__(self) -> None:
        given: object = self.items
        if isinstance(given, (str, Span)):
            given = (given,)
        if not isinstance(given, (tuple, list)):
            raise TypeError(f"Items takes a tuple of items (words, or styled text), not a {type(given).__name__}")
        object.__setattr__(self, "items", tuple(inline(item, "an item of Items") for item in given))


def inline(value: object, what: str) -> Inline:
    """``value`` as styled text: words (a ``str``) as one plain span, a ``Span`` alone, or a tuple of
    spans and breaks as it is; a ``TypeError`` naming ``what`` for anything else."""
    if isinstance(value, str):
        return (Span(value),)
    if isinstance(value, Span):
        return (value,)
    if isinstance(value, (tuple, list)) and all(isinstance(piece, (Span, Break)) for piece in value):
        return tuple(value)
    raise TypeError(f"{what} is words (a str) or styled text (Span), not a {type(value).__name__}: {value!r}"[:200])


Value = int | str | Link | Items | Inline
"""What a placeholder names: a count, words, a link, a list, or styled text ready to set."""


class TextFacts(Protocol):
    """A game's answers to its rulebook. ``where`` is ``file:line``, for messages.

    Each method raises ``StudioError`` for what it does not know, or for a
    statement its engine contradicts.
    """

    def references(self, text: str, first_line: int, source: str) -> Sequence[StudioError] | None:
        """Read what the text refers to (example positions...) before anything is filled in,
        so several broken references are reported together: returns their problems (or
        raises the first). What the text then asks about a broken one may raise a
        ``Consequence``, which is not reported again."""

    def names(self) -> tuple[str, ...]:
        """The placeholders it knows, for the message about an unknown one."""

    def value(self, name: str, where: str) -> Value:
        """The value of ``{name}``."""

    def condition(self, text: str, where: str) -> tuple[bool, str]:
        """Whether ``{if TEXT}`` holds, and if not, why (in words)."""

    def check(self, text: str, where: str) -> None:
        """Raise unless the claim ``{check TEXT}`` holds."""

    def figure(self, name: str, argument: str | None, unit_mm: float | None, line: int, where: str) -> Block:
        """The block a figure line (``[example: NAME]``) stands for."""

    def figure_names(self) -> tuple[str, ...]:
        """The figure lines it knows, for the message about an unknown one."""

    @property
    def figure_unit(self) -> str:
        """What a figure's size option measures: ``tile`` (``[example: NAME, tile 9mm]``), ``card``..."""
