"""Where a game keeps the numbers of its rules, so a sweep's suggestion is written where the game reads it.

``playtest --vary KEY=VALUES --suggest`` picks one setting of a game's rules
and writes a copy of the file the game reads them from with the chosen values
in it (``sweep-<file>`` beside the report), for the designer to look at and
copy over. ``Game.rules_file`` says which file that is: the built-in tile and
card games keep their rules at the top of ``rules.toml`` (the default), a
game written by ``grawlix-print new`` in the ``[rules]`` table of
``components.toml``; a game that keeps them in a format of its own (a
spreadsheet's table, a CSV file) gives a ``RulesFile`` subclass that writes it
(``suggested``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class RulesFile:
    """The file ``path`` that holds a game's rules, in TOML: at its top level (``table`` empty) or in
    the table named ``table`` (``"rules"`` for ``components.toml``'s ``[rules]``)."""

    path: Path
    table: str = ""

    def read(self) -> str:
        """The file's text (one line naming it when it cannot be read)."""
        from ..files import read_template

        return read_template(self.path)

    def suggested(self, text: str, changes: Mapping[str, int], note: str) -> tuple[str, list[str]]:
        """``text`` (the file's) with each changed key's value replaced, its comments and order kept,
        and ``note`` as a comment above it all; and the changed keys it does not hold (a table
        setting such as Permutations' dummies, which no rules file keeps)."""
        lines = text.splitlines()
        missing = []
        for key, value in changes.items():
            table = ""
            for n, line in enumerate(lines):
                stripped = line.strip()
                if stripped.startswith("[") and not stripped.startswith("[["):
                    table = stripped.strip("[]").split("#")[0].strip().strip("]").strip()
                    continue
                name, equals, rest = line.partition("=")
                if table == self.table and equals and name.strip() == key and not stripped.startswith("#"):
                    comment = rest.partition("#")[2]
                    lines[n] = f"{name.rstrip()} = {value}" + (f"  #{comment}" if comment else "")
                    break
            else:
                missing.append(key)
        return "\n".join([f"# {note}", *lines]) + "\n", missing
