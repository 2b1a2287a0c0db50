"""Reading a game's data files: tables, keys and values checked, each fault one line naming file and key.

Every game keeps its components as TOML in its templates (``components.toml``);
these helpers give every game the same words for the same mistakes, and the
same notation for where they are: ``components.toml: colours[3].cmyk``.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from ..drawing.ink import Ink
from ..errors import StudioError

Table = Mapping[str, Any]


def where(source: str, key: str) -> str:
    """``components.toml: colours[3].cmyk``: the file and the key, as every message names them."""
    return f"{source}: {key}" if key else source


def table(value: object, source: str, key: str) -> Table:
    if not isinstance(value, dict):
        raise StudioError(f"must be a table, not {_shown(value)}", where(source, key))
    return value


def tables(data: Table, name: str, source: str, at_least: int = 1) -> list[Table]:
    """An array of tables (``[[glyphs]]``), at least ``at_least`` long."""
    value = data.get(name)
    if value is None:
        raise StudioError(f"missing [[{name}]] tables", source)
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise StudioError(f"must be [[{name}]] tables", where(source, name))
    if len(value) < at_least:
        raise StudioError(f"needs at least {at_least} [[{name}]] tables, found {len(value)}", where(source, name))
    return value


def known_keys(data: Table, known: Iterable[str], source: str, key: str = "") -> None:
    """Refuse a key the game does not know (a typo would otherwise be silently ignored)."""
    known = tuple(known)
    for name in data:
        if name not in known:
            at = f"{key}.{name}" if key else name
            raise StudioError(f"unknown key (known: {', '.join(known)})", where(source, at))


def text(data: Table, name: str, source: str, key: str, allow_empty: bool = False) -> str:
    value = data.get(name)
    at = f"{key}.{name}" if key else name
    if value is None:
        raise StudioError("missing", where(source, at))
    if not isinstance(value, str):
        raise StudioError(f"must be a string, not {_shown(value)}", where(source, at))
    if not allow_empty and not value.strip():
        raise StudioError("must not be empty", where(source, at))
    if not printable(value):
        raise StudioError(f"{value!r} is printed, so it holds no control characters", where(source, at))
    return value


def printable(text: str) -> bool:
    """Whether ``text`` holds no control character or line separator (a name printed on one line)."""
    return not any(unicodedata.category(character) in ("Cc", "Zl", "Zp") for character in text)


MOST_TITLE_CHARACTERS = 40
"""A game's title is set on covers, card and tile backs, sheet headings and file names: longer
than this it fits none of them (a 48 pt cover line holds about twenty letters)."""


def game_title(data: Table, source: str) -> str:
    """The game's title, as every product prints it: a string, not empty, not longer than a title is."""
    value = text(data, "title", source, "")
    if len(value.strip()) > MOST_TITLE_CHARACTERS:
        raise StudioError(
            f"{len(value.strip())} characters: a title has at most {MOST_TITLE_CHARACTERS}"
            " (it is printed on covers, backs and sheet headings)", where(source, "title"),
        )  # fmt: skip
    return value


def ink(data: Table, source: str, key: str) -> Ink:
    """A colour given as ``rgb = [r, g, b]`` and ``cmyk = [c, m, y, k]``, every part 0-1."""
    rgb = _fractions(data, "rgb", 3, source, key)
    cmyk = _fractions(data, "cmyk", 4, source, key)
    return Ink((rgb[0], rgb[1], rgb[2]), (cmyk[0], cmyk[1], cmyk[2], cmyk[3]))


def _fractions(data: Table, name: str, count: int, source: str, key: str) -> list[float]:
    at = f"{key}.{name}" if key else name
    value = data.get(name)
    wanted = f"a list of {count} numbers from 0 to 1"
    if value is None:
        raise StudioError(f"missing: {wanted}", where(source, at))
    if (
        not isinstance(value, list)
        or len(value) != count
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    ):
        raise StudioError(f"must be {wanted}, not {_shown(value)}", where(source, at))
    if not all(math.isfinite(v) and 0.0 <= v <= 1.0 for v in value):
        raise StudioError(f"must be {wanted}: {_shown(value)} has a part outside 0-1", where(source, at))
    return [float(v) for v in value]


def unique(values: list[str], what: str, source: str, keys: list[str]) -> None:
    """Refuse a value given twice (two glyphs with one character), naming both places."""
    first: dict[str, str] = {}
    for value, key in zip(values, keys):
        folded = value.casefold()
        if folded in first:
            raise StudioError(f"{what} {value!r} is given twice (also at {first[folded]})", where(source, key))
        first[folded] = key


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
