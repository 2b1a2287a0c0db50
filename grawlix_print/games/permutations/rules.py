"""The numbers of Permutations' scoring and length, read from ``templates/rules.toml``.

A designer tries a rule change by editing that file: the engine, the random
play-outs, the scorer, the ``score`` command and the rulebook's text all take
these numbers from one ``Rules`` value, so none of them can disagree. The
shape of the rules (stars score each, the most moons and suns decide a bonus
and a penalty, colour sets score their size squared) stays in code.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path

from ...errors import StudioError
from ...files import read_toml

RULES_FILE = "rules.toml"


@dataclass(frozen=True)
class Rules:
    """The rules parameters; each is a positive whole number (checked by ``rules_from_toml``)."""

    star_points: int
    """Points for each star collected, every round."""
    moon_bonus: int
    """Points for the seat(s) with the most moons in a round."""
    sun_penalty: int
    """Points lost at the end by the seat(s) with the most suns over the game."""
    rounds: int
    """Rounds in a game."""


PARAMETERS: tuple[str, ...] = tuple(f.name for f in fields(Rules))
"""The keys ``rules.toml`` holds, in its order."""

MOST_POINTS = 1_000
"""More points for one star, moon or sun than any table would play with; totals stay small numbers."""
MOST_ROUNDS = 100
"""More rounds than an evening holds; a playtest of so long a game still finishes."""


def rules_from_toml(data: dict[str, object], source: str) -> Rules:
    """The rules in parsed ``rules.toml`` data; each fault is one line naming ``source`` and the key."""
    for key in data:
        if key not in PARAMETERS:
            raise StudioError(f"unknown key (known: {', '.join(PARAMETERS)})", f"{source}: {key}")
    values: dict[str, int] = {}
    for key in PARAMETERS:
        if key not in data:
            raise StudioError("missing: give it as a positive whole number", f"{source}: {key}")
        value = data[key]
        problem = value_problem(key, value)
        if problem:
            raise StudioError(problem, f"{source}: {key}")
        assert isinstance(value, int)
        values[key] = value
    return Rules(**values)


def value_problem(key: str, value: object) -> str | None:
    """What is wrong with one parameter's value (a positive whole number, not too large), or None."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        return f"must be a positive whole number, not {value!r}"
    most = MOST_ROUNDS if key == "rounds" else MOST_POINTS
    if value > most:
        return f"must be at most {most:,}, not {value:,}"
    return None


def read_rules(folder: Path) -> Rules:
    """The rules of the templates ``folder`` (its ``rules.toml``)."""
    path = folder / RULES_FILE
    return rules_from_toml(read_toml(path), str(path))


def default_rules() -> Rules:
    """The designer's rules, shipped as ``templates/permutations/rules.toml``."""
    return _default_rules()


@cache
def _default_rules() -> Rules:
    from ..templates import shipped_templates

    return read_rules(shipped_templates("permutations"))
