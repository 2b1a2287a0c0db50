"""The rules of a game of Grawlix: its tile set, how large the grid may grow, how many tiles a hand holds."""

from __future__ import annotations

from dataclasses import dataclass, field

from .tiles import TileSet

PARAMETERS = ("max_rows", "max_columns", "hand_size")
"""The numbers ``rules.toml`` holds, in its order."""


@dataclass(frozen=True)
class Rules:
    """The tile set (from ``components.toml``) and the rules parameters (from ``rules.toml``).

    Checked once, here, so the engine, the game and a rules file all refuse the
    same values with the same words: each parameter is a positive integer, and
    the supply must fill both players' hands.
    """

    tiles: TileSet = field(repr=False)
    max_rows: int
    max_columns: int
    hand_size: int

    def __post_init__(self) -> None:
        for name in PARAMETERS:
            problem = value_problem(getattr(self, name))
            if problem:
                raise ValueError(f"{name} {problem}")
        supply = len(self.tiles.tiles)
        if 2 * self.hand_size > supply:
            raise ValueError(
                f"hand_size {self.hand_size} needs {2 * self.hand_size} tiles for two hands, "
                f"but there are only {supply}"
            )

    def limits(self) -> tuple[int, int, int]:
        """The parameters alone, in ``rules.toml``'s order (what a cache key or a comparison needs)."""
        return self.max_rows, self.max_columns, self.hand_size


MOST = 1000
"""A parameter's largest value: a grid or a hand wider than any tile set (a limit of 10**30 is a typo)."""


def value_problem(value: object) -> str | None:
    """What is wrong with a parameter's value on its own (each is a positive integer, at most
    ``MOST``), or None."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        return f"must be a positive integer, not {value!r}"
    if value > MOST:
        return f"must be at most {MOST:,}, not {value:,}"
    return None
