"""The rules parameters a designer may change: how large the grid may grow, how many tiles a hand holds."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rules:
    """The rules parameters; their values live in ``templates/rules.toml``."""

    max_rows: int
    max_columns: int
    hand_size: int
