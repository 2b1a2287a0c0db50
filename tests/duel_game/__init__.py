"""Duel: a toy plug-in for the playtest's tests, a game whose rules' numbers live in a data file of its own.

Each round both players name a number; the higher wins the round; more rounds won wins the game,
as many is a draw (``engine``). Its rules are kept in ``templates/rules.csv`` (a row per rule), so
``playtest --vary high=2..4 --suggest draws=20`` must read and write them there (``CsvRules``, the
game's ``rules_file``). Its strategies include one player of each fault a plug-in's player can
have (an illegal move once a game, no move, a loop, a random source of its own, a changed state),
and the rule ``fault`` breaks the engine in one of its ways (``engine.FAULTS``).

It is registered as an installed plug-in is (tests/plugins.py): ``registered(PACKAGE_ROOT, folder)``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from grawlix_print.plugin import (
    Credits, EnginePlaytester, Game, Presentation, RulesFile, StudioError, plain_presentation, read_toml,
)  # fmt: skip

from .engine import STRATEGIES, Rules

HERE = Path(__file__).resolve().parent
RULES_CSV = "rules.csv"
NUMBERS = ("high", "rounds")


def read_rules(path: Path) -> Rules:
    """The rules in ``rules.csv`` (``rule,value`` rows; lines starting ``#`` are notes): one line naming
    the file and row for a value that is no rule's."""
    values: dict[str, object] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise StudioError(f"cannot read: {error.strerror}", str(path)) from None
    rows = [line for line in text.splitlines() if not line.startswith("#")]
    for number, row in enumerate(csv.DictReader(rows), 2):
        rule, value = (row.get("rule") or "").strip(), (row.get("value") or "").strip()
        where = f"{path}: row {number}"
        if rule in NUMBERS:
            if not value.isdigit():
                raise StudioError(f"{rule} is a whole number, not {value!r}", where)
            values[rule] = int(value)
        elif rule == "fault":
            values[rule] = value
        else:
            raise StudioError(f"no rule {rule!r} (rules: {', '.join((*NUMBERS, 'fault'))})", where)
    try:
        return Rules(**values)  # type: ignore[arg-type]
    except StudioError as error:
        raise StudioError(error.what, f"{path}: {error.where}") from None


@dataclass(frozen=True)
class CsvRules(RulesFile):
    """``rules.csv``: a sweep's suggestion rewrites the rows of the rules it changed."""

    def suggested(self, text: str, changes: Mapping[str, int], note: str) -> tuple[str, list[str]]:
        lines = text.splitlines()
        missing = []
        for key, value in changes.items():
            for n, line in enumerate(lines):
                if line.split(",")[0].strip() == key:
                    lines[n] = f"{key},{value}"
                    break
            else:
                missing.append(key)
        out = io.StringIO()
        out.write(f"# {note}\n")
        out.write("\n".join(lines) + "\n")
        return out.getvalue(), missing


class Duel(Game):
    name = "duel"
    summary = "a toy for the tests: numbers named in turn, the higher wins the round; rules in a CSV table"

    @cached_property
    def components(self) -> dict:
        return read_toml(self.templates / "components.toml")

    @property
    def title(self) -> str:
        return str(self.components["title"])

    @cached_property
    def engine(self) -> Rules:
        return read_rules(self.templates / RULES_CSV)

    def check(self) -> None:
        self.engine  # noqa: B018
        super().check()

    def presentation(self) -> Presentation:
        return plain_presentation("booklet")

    def rulebook(self):
        raise StudioError(f"{self.name} has no rules to print: it is a toy for the tests")

    def rules_file(self) -> RulesFile:
        return CsvRules(self.templates / RULES_CSV)

    def playtester(self, budget: int | None = None) -> EnginePlaytester:
        return EnginePlaytester(
            self.name, Credits(self.title, ("Nobody",), "CC0", "", ()), self.engine, dict(STRATEGIES),
            {name: f"the {name} player" for name in STRATEGIES}, turn_limit=200, move_seconds=2.0,
        )  # fmt: skip


PACKAGE_ROOT = HERE.parent
"""What goes on ``sys.path`` for ``import duel_game``; its metadata is written by ``metadata``."""


def metadata(folder: Path) -> Path:
    """The plug-in's distribution metadata (its entry point) in ``folder``, as pip leaves it."""
    info = folder / "grawlix_print_duel-0.1.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: grawlix-print-duel\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[grawlix_print.games]\nduel = duel_game:Duel\n")
    return folder
