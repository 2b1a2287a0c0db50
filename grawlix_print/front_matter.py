"""A rulebook's front matter: title, authors, licence, version, between ``+++`` lines at its top.

Apart from the rulebook's reading (``rulebook.markdown``) because products that
print no rules name the game's authors and licence too (the playtest report's
PDF, the sheets' metadata), and they need no Markdown parser to read them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .errors import StudioError
from .files import parse_toml


@dataclass(frozen=True)
class FrontMatter:
    """What a rulebook says about itself: title, authors, licence... (also the PDFs' metadata)."""

    title: str
    subtitle: str
    version: str
    """The rules' version, whole numbers between dots (``1.0``, ``1.1``, ``2.0.3``): a new edition
    whose rules changed must raise it (``versions``), so it is checked as it is read."""
    authors: tuple[str, ...]
    contact: str
    licence: str
    licence_url: str
    subject: str
    keywords: tuple[str, ...]
    adapted: str = ""
    """What this edition changed from the work it adapts (CC BY asks a changed work to say so)."""
    player_aids: tuple[str, ...] = ()
    """A booklet's pages (by name) worth having loose at the table: printed again where a sheet
    would otherwise have a blank half, to be cut out (a round at a glance, a score sheet)."""

    @property
    def version_number(self) -> tuple[int, ...]:
        """The version as numbers to compare: ``1.10`` comes after ``1.9``, ``1.0`` is ``1``."""
        return version_number(self.version)


VERSION = re.compile(r"\d{1,9}(\.\d{1,9}){0,5}")
"""A version: whole numbers between dots, as rulebooks print them (``1.0``, ``2.1.3``)."""


def version_number(text: str) -> tuple[int, ...]:
    """``1.1`` as (1, 1), trailing zeros dropped so that ``1.0`` and ``1`` are one version."""
    numbers = [int(part) for part in text.split(".")]
    while len(numbers) > 1 and numbers[-1] == 0:
        numbers.pop()
    return tuple(numbers)


FRONT_MATTER: dict[str, type] = {
    "title": str, "subtitle": str, "version": str, "authors": list, "contact": str,
    "licence": str, "licence_url": str, "subject": str, "keywords": list, "adapted": str,
    "player_aids": list,
}  # fmt: skip
def read_front_matter(text: str, source: str, title: str) -> tuple[FrontMatter, str, int]:
    """The ``+++``-fenced TOML at the top (authors, licence...), the body, and its first line.

    The title is ``title`` (the game's) unless given; ``{title}`` in a string is replaced by it,
    and it leads the keywords.
    """
    match = re.match(r"\+\+\+[ \t]*\n(.*?)\n\+\+\+[ \t]*\n", text, re.DOTALL)
    if not match:
        raise StudioError("must start with front matter between two '+++' lines", source)
    data = parse_toml(match.group(1), source, first_line=2)  # below the opening +++ line
    for key in data:
        if key not in FRONT_MATTER:
            raise StudioError(
                f"front matter: unknown key {key!r} (known: {', '.join(FRONT_MATTER)})", source
            )
    data.setdefault("title", title)
    data.setdefault("adapted", "")
    data.setdefault("player_aids", [])
    for key, kind in FRONT_MATTER.items():
        value = data.get(key)
        strings = not isinstance(value, list) or all(isinstance(v, str) for v in value)
        if not (isinstance(value, kind) and strings):
            wanted = "a list of strings" if kind is list else "a string"
            raise StudioError(f"front matter: {key} must be {wanted}", source)
    if not VERSION.fullmatch(data["version"].strip()):
        raise StudioError(
            f"front matter: version must be whole numbers between dots, such as 1.0 or 2.1.3, not {data['version']!r}",
            source,
        )
    data["version"] = data["version"].strip()
    named = data["title"]
    data = {k: [s.replace("{title}", named) for s in v] if isinstance(v, list) else v.replace("{title}", named)
            for k, v in data.items()}  # fmt: skip
    if named not in data["keywords"]:
        data["keywords"] = [named, *data["keywords"]]
    fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
    meta = FrontMatter(**fields)
    body_line = text.count("\n", 0, match.end()) + 1
    return meta, text[match.end():], body_line
