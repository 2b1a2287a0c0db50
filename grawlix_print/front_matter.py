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
    named = data["title"]
    data = {k: [s.replace("{title}", named) for s in v] if isinstance(v, list) else v.replace("{title}", named)
            for k, v in data.items()}  # fmt: skip
    if named not in data["keywords"]:
        data["keywords"] = [named, *data["keywords"]]
    fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
    meta = FrontMatter(**fields)
    body_line = text.count("\n", 0, match.end()) + 1
    return meta, text[match.end():], body_line
