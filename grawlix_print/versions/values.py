"""Values that two versions give differently: the rules' values and the facts the rulebook states.

The rules' values are what a designer sets: every value of the game's rules
file (``Game.rules_file``: ``rules.toml``, or ``components.toml``'s ``[rules]``;
a table's keys as ``table.key``), and the parameters the game's players play
by (``Playtester.rules``).
The facts are what the text says of them, as the reader filled and decided
them (``rulebook.stated``): ``example-2.locations`` is ``sixteen``, ``if
example-2: new column`` does not hold.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import StudioError
from ..files import read_toml

if TYPE_CHECKING:
    from ..games.base import Game

@dataclass(frozen=True)
class ValueChange:
    """A value that changed (``old`` and ``new``), appeared (``old`` None) or went (``new`` None)."""

    name: str
    old: str | None
    new: str | None
    where: str = ""
    """Where the new version has it (``rules.toml``, ``leaflet.md:112``), or the old where it went."""


def rules_values(game: Game) -> dict[str, str]:
    """The version's rules values by name, as text: its rules file's (``Game.rules_file``: ``rules.toml``,
    or a table of ``components.toml``), then those its players play by that the file does not hold."""
    found: dict[str, str] = {}
    kept = game.rules_file()
    if kept.path.is_file():
        table: Any = read_toml(kept.path)
        for key in kept.table.split(".") if kept.table else ():
            table = table.get(key, {}) if isinstance(table, dict) else {}
        if isinstance(table, dict):
            found.update(_flat(table))
    try:
        playtester = game.playtester()
    except StudioError:  # a game without players: its rules.toml is all
        return found
    for name, value in playtester.rules().items():
        found.setdefault(name, _shown(value))
    return found


def _flat(table: Mapping[str, Any], prefix: str = "") -> Iterable[tuple[str, str]]:
    for key, value in table.items():
        if isinstance(value, dict):
            yield from _flat(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", _shown(value)


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, (list, tuple)):
        return ", ".join(_shown(v) for v in value)
    return str(value)


def changed(old: Mapping[str, str], new: Mapping[str, str], where: Mapping[str, str] | None = None) -> list[ValueChange]:
    """Each name whose value differs, in the new version's order, then the names it dropped."""
    where = where or {}
    found = [ValueChange(name, old.get(name), value, where.get(name, "")) for name, value in new.items()
             if old.get(name) != value]  # fmt: skip
    found += [ValueChange(name, value, None, "") for name, value in old.items() if name not in new]
    return found
