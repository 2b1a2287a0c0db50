"""The small languages of a layout: template strings, colours, conditions, lengths, sizes and choices,
each checked on reading.

A layout's strings may name a row's columns in braces (``"{cost} gold"``,
``"art/{picture}"``, ``fill = "{suit}"``), so one layout serves every row.
Colours are ``#rrggbb`` (or ``#rgb``), a name from ``components.toml``'s
``[colours]`` or one of a few plain names. A condition (``when``) shows an
element only for rows where a column holds a value, or a given one.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

from ...drawing.ink import Ink, hex_ink
from ...errors import StudioError
from ...units import parse_length
from .tables import column_key

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")

BUILT_IN = ("title", "number", "count", "total")
"""What a template may name besides its table's columns: the game's title, the row's place among
its kind's rows (1, 2...), how many of it a set holds, and how many rows the kind has."""


@dataclass(frozen=True)
class Template:
    """A string with ``{column}`` placeholders, split into literal text and the names it asks for."""

    parts: tuple[str | tuple[str], ...]
    """Literal text, or a 1-tuple holding the (column key of the) name of a placeholder."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(part[0] for part in self.parts if isinstance(part, tuple))

    @property
    def constant(self) -> bool:
        return not self.names

    def fill(self, values: Mapping[str, str]) -> str:
        """The string for one row: ``values`` maps each column key to its cell."""
        return "".join(part if isinstance(part, str) else values.get(part[0], "") for part in self.parts)


def template(text: str, where: str) -> Template:
    """``text`` read as a template; a brace that opens nothing or is never closed is one line
    (``{{`` and ``}}`` are a brace itself)."""
    parts: list[str | tuple[str]] = []
    cursor = 0
    for found in _PLACEHOLDER.finditer(text):
        parts.append(text[cursor : found.start()])
        token = found.group(0)
        if token in ("{{", "}}"):
            parts.append(token[0])
        elif found.group(1) is None:
            raise StudioError(f"{text!r}: a lone {token!r} (write {token * 2} for the brace itself)", where)
        else:
            name = found.group(1).strip()
            if not name:
                raise StudioError(f"{text!r}: an empty {{}} names no column", where)
            parts.append((column_key(name),))
        cursor = found.end()
    parts.append(text[cursor:])
    return Template(tuple(part for part in parts if part != ""))


def check_names(names: tuple[str, ...], columns: tuple[str, ...], table: str, where: str) -> None:
    """Refuse a placeholder that names no column of the table (nor a built-in value)."""
    known = {column_key(c) for c in columns} | set(BUILT_IN)
    for name in names:
        if name not in known:
            raise StudioError(
                f"no column {name!r} in {table} (its columns: {', '.join(columns)}; also {', '.join(BUILT_IN)})", where
            )


# --- colours ---------------------------------------------------------------------------------

PLAIN_COLOURS = {
    "black": "#000000", "white": "#ffffff", "grey": "#808080", "gray": "#808080", "red": "#d7263d",
    "orange": "#f08a24", "yellow": "#f6d743", "green": "#2e9e4f", "blue": "#2667d1", "purple": "#7b3fa0",
    "brown": "#8a5a2b", "pink": "#ec7fb0",
}  # fmt: skip
"""A few colours by name, for a first layout; a game's own names (``[colours]``) come first."""
NONE = ("", "none", "transparent")
"""What leaves a shape unfilled or unstroked."""
_HEX = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


def colour(text: str, named: Mapping[str, Ink], where: str) -> Ink | None:
    """The ink ``text`` names (None for ``none``); anything else is one line listing what may be written."""
    key = text.strip()
    if key.casefold() in NONE:
        return None
    if _HEX.fullmatch(key):
        return hex_ink(key)
    found = named.get(key.casefold())
    if found is not None:
        return found
    if key.casefold() in PLAIN_COLOURS:
        return hex_ink(PLAIN_COLOURS[key.casefold()])
    own = f"; the game's: {', '.join(named)}" if named else " (a game names its own in components.toml's [colours])"
    raise StudioError(f"{key!r} is not a colour: write #rrggbb, none, or a name{own}", where)


# --- conditions ------------------------------------------------------------------------------

_CONDITION = re.compile(r"\s*(not\s+)?([^=!]+?)\s*(?:(=|!=)\s*(.*?)\s*)?$")


@dataclass(frozen=True)
class Condition:
    """``when``: an element drawn only for some rows. ``column`` holds a value (``cost``), does not
    (``not cost``), or equals, or not, a given one (``suit = moon``, ``suit != moon``: case aside)."""

    column: str
    negated: bool = False
    equals: str | None = None

    def holds(self, values: Mapping[str, str]) -> bool:
        cell = values.get(self.column, "").strip()
        shown = cell.casefold() == self.equals.casefold() if self.equals is not None else bool(cell)
        return shown != self.negated


def condition(text: str, where: str) -> Condition:
    found = _CONDITION.fullmatch(text)
    if not found or not found.group(2).strip() or (found.group(1) and found.group(3)):
        raise StudioError(f"{text!r} is not a condition: write COLUMN, not COLUMN, COLUMN = VALUE or COLUMN != VALUE", where)
    negated, column, operator, value = bool(found.group(1)), column_key(found.group(2)), found.group(3), found.group(4)
    if operator is None:
        return Condition(column, negated)
    return Condition(column, operator == "!=", value.strip().strip("\"'"))


MAX_REACH_MM = 1000.0
"""How far from the trim a position, and how long a length, may be: more draws nothing on any piece."""


def length(value: object, where: str, zero: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise StudioError(f"must be a length (millimetres, or a string such as \"2.5mm\" or \"0.1in\"), not {value!r}", where)
    try:
        found = parse_length(value, "length", allow_zero=zero)
    except StudioError as error:
        raise StudioError(error.what, where) from None
    if found > MAX_REACH_MM:
        raise StudioError(f"{value!r} is longer than any piece ({MAX_REACH_MM:g} mm at most)", where)
    return found


def position(value: object, where: str) -> float:
    """A position, which may be negative (a shape reaching into the bleed), within a metre of the trim."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        found = float(value) if abs(value) < 1e300 else math.inf  # (an integer too large for a float)
    elif isinstance(value, str) and value.strip().startswith("-"):
        found = -length(value.strip()[1:], where, zero=True)
    else:
        found = length(value, where, zero=True)
    if not abs(found) <= MAX_REACH_MM:  # NaN too
        raise StudioError(f"{value!r} is not a position within {MAX_REACH_MM:g} mm of the trim", where)
    return found


def text_size(value: object, where: str) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        points = float(value)
    elif isinstance(value, str):
        points = length(value if value.strip()[-1:].isalpha() else f"{value}pt", where) / parse_length("1pt")
    else:
        raise StudioError(f"must be a size in points, not {value!r}", where)
    if not 1.0 <= points <= 400.0:
        raise StudioError(f"{points:g} pt: a text size is from 1 to 400 points", where)
    return points


def choice(value: object, choices: tuple[str, ...], where: str, aliases: Mapping[str, str]) -> str:
    text = str(value).strip().lower()
    text = aliases.get(text, text)
    if text not in choices:
        raise StudioError(f"{value!r} is not one of {', '.join(choices)}", where)
    return text


def flag(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise StudioError(f"must be true or false, not {value!r}", where)
    return value


def ratio(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.5 <= value <= 4:
        raise StudioError(f"must be a number from 0.5 to 4 (lines apart, in text sizes), not {value!r}", where)
    return float(value)
