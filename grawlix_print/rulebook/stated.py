"""What a rulebook states, as it is read: each placeholder's words and each condition's outcome.

Two versions of a game are compared fact by fact ("thirty-four tiles" became
"twenty-five"), whatever game they are: the reader tells every value it fills
in and every ``{if}`` it decides to whoever listens (``listening``), as the
notes of a build are collected (``notes``). Nothing listens in an ordinary
build, and then telling costs a lookup.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

HOLDS, FAILS = "holds", "does not hold"
"""How a condition's outcome is stated."""


@dataclass(frozen=True)
class Stated:
    """One thing the text states: ``name`` as the text writes it (``example-2.locations``, ``if
    example-2: new column``), its words (``sixteen``; a condition ``holds`` or ``does not hold``),
    and where (``leaflet.md:112``)."""

    name: str
    words: str
    where: str
    filter: str = ""
    """The filter the text set it with (``digits``: ``12`` rather than ``twelve``), if any."""


_HEARD: ContextVar[list[Stated] | None] = ContextVar("grawlix-stated", default=None)


def tell(name: str, words: str, where: str, filter: str = "") -> None:
    """What the text states at ``where``, to whoever listens (no one in a build)."""
    heard = _HEARD.get()
    if heard is not None:
        heard.append(Stated(name, words, where, filter))


@contextmanager
def listening() -> Iterator[list[Stated]]:
    """Everything the rulebooks read inside the block state, in reading order."""
    heard: list[Stated] = []
    token = _HEARD.set(heard)
    try:
        yield heard
    finally:
        _HEARD.reset(token)
