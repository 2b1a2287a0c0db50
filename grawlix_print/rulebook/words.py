"""Plain values as running text: counts in words, lists as "a, b and c", links, capitals.

How a placeholder's value reads in the rules; nothing here knows a game.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from ..drawing.text import Break, Inline, Span
from ..facts.wording import capitalised, figures, in_words, separators
from .document import FrontMatter
from .facts import Items, Link, Value

FILTERS = ("digits", "capital", "lines")


def short_url(url: str) -> str:
    """``https://example.org/a/`` -> ``example.org/a``: what a reader needs to type."""
    return re.sub(r"^https?://(www\.)?", "", url).rstrip("/")


def unbroken_abbreviations(text: str) -> str:
    """Short groups in brackets kept on one line: "(CC BY 4.0)", never "(CC" and "BY 4.0)".

    Their spaces become no-break spaces, which the typesetter never breaks at.
    """
    return re.sub(r"\([^()]{1,16}\)", lambda m: m.group(0).replace(" ", "\u00a0"), text)


META_VALUES: dict[str, Callable[[FrontMatter], Value]] = {
    "title": lambda m: m.title,
    "subtitle": lambda m: m.subtitle,
    "version": lambda m: m.version,
    "authors": lambda m: Items(tuple((Span(a),) for a in m.authors)),
    "contact": lambda m: Link(m.contact, f"mailto:{m.contact}"),
    "licence": lambda m: unbroken_abbreviations(m.licence),
    "licence_url": lambda m: Link(short_url(m.licence_url), m.licence_url),
    "adapted": lambda m: m.adapted,
}
"""Placeholders from the front matter."""


def joined(parts: list[Inline] | tuple[Inline, ...]) -> Inline:
    """``a, b and c`` from pieces of styled text."""
    return tuple(
        piece for sep, part in zip(separators(len(parts)), parts) for piece in ((Span(sep),) if sep else ()) + part
    )


def words(value: Value, chosen: str = "") -> Inline:
    """A plain value as running text: counts in words (or figures), lists as "a, b and c"."""
    if isinstance(value, int):
        return (Span(figures(value) if chosen == "digits" else in_words(value)),)
    if isinstance(value, str):
        return (Span(value),)
    if isinstance(value, Link):
        return (Span(value.text, link=value.url),)
    if isinstance(value, Items):
        if chosen == "lines":
            return tuple(piece for k, item in enumerate(value.items) for piece in ((Break(),) if k else ()) + item)
        return joined(value.items)
    return value


def suits(value: Value, chosen: str) -> bool:
    """Whether filter ``chosen`` (or none) applies to the value."""
    return {"digits": isinstance(value, int), "lines": isinstance(value, Items), "capital": True, "": True}.get(
        chosen, False
    )


def capital_first(text: Inline) -> Inline:
    """The first letter in upper case, unless the text starts with a glyph."""
    if text and isinstance(text[0], Span) and not text[0].glyph:
        return (replace(text[0], text=capitalised(text[0].text)), *text[1:])
    return text
