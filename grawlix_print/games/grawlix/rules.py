"""The rules parameters a designer may change: how large the grid may grow, how many tiles a hand holds."""

from __future__ import annotations

from dataclasses import dataclass, fields

from .components import TILES


@dataclass(frozen=True)
class Rules:
    """The rules parameters; their values live in ``templates/rules.toml``.

    Checked once, here, so the engine, the game and a rules file all refuse the
    same values with the same words: each is a positive integer, and the supply
    must fill both players' hands.
    """

    max_rows: int
    max_columns: int
    hand_size: int

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{field.name} must be a positive integer, not {value!r}")
        if 2 * self.hand_size > len(TILES):
            raise ValueError(
                f"hand_size {self.hand_size} needs {2 * self.hand_size} tiles for two hands, "
                f"but there are only {len(TILES)}"
            )
