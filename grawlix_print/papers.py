"""The papers every printed product comes in: one table, by the key options and file names use."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import GrawlixError


@dataclass(frozen=True)
class Paper:
    """A paper size: its name in prose, and its width and height held portrait."""

    name: str
    width: float
    height: float


PAPERS = {"a4": Paper("A4", 210.0, 297.0), "letter": Paper("US Letter", 215.9, 279.4)}
"""Every paper the leaflet and the sheets come in, by the key options and file names use."""

PAGES = {"a6": Paper("A6", 105.0, 148.0), "a5": Paper("A5", 148.0, 210.0)}
"""Page sizes a booklet is set in, smaller than the papers it is printed on (a quarter or a half of A4)."""


def paper_size(key: str) -> Paper:
    """The paper called ``key`` (``"a4"``, ``"letter"``); any other is a one-line error."""
    try:
        return PAPERS[key]
    except KeyError:
        raise GrawlixError(f"unknown paper {key!r} (use {', '.join(PAPERS)})") from None


def page_size(key: str) -> Paper:
    """The booklet page called ``key`` (``"a6"``, ``"a5"``); any other is a one-line error."""
    try:
        return PAGES[key]
    except KeyError:
        raise GrawlixError(f"unknown page size {key!r} (use {', '.join(PAGES)})") from None
