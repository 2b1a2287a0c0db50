"""Grawlix's playtest games at compiled speed: ``fastplay.c``, the same games as the Python players.

``compiled_games`` plays ``count`` games of random and greedy players in C
(``grawlix_print.native`` builds and loads it) and returns their outcomes as
columns, or None when it cannot: no compiler, a search player, a tile set or
grid too large for its boards. The games are those the Python engine plays
from the same generator, draw for draw (``random_game`` when both players are
random, ``GrawlixPlaytester._played`` otherwise); ``tests/test_fast_engines.py``
checks them move by move. The generator ends where the Python games leave it.
"""

from __future__ import annotations

import ctypes
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .engine import _board, tables_for
from .rules import Rules

if TYPE_CHECKING:
    import numpy.typing as npt

SOURCE = Path(__file__).with_name("fastplay.c")
PLAYERS = {"random": 0, "greedy": 1}
"""The strategies the compiled engine plays, by its codes."""
MAX_TILES = 64


class _Rules(ctypes.Structure):
    _fields_ = [
        ("tiles", ctypes.c_int32), ("hand_size", ctypes.c_int32), ("max_rows", ctypes.c_int32),
        ("max_columns", ctypes.c_int32), ("reach_rows", ctypes.c_int32), ("reach_columns", ctypes.c_int32),
        ("kinds", ctypes.c_int32), ("glyph", ctypes.c_int32 * MAX_TILES), ("colour", ctypes.c_int32 * MAX_TILES),
    ]  # fmt: skip


@dataclass(frozen=True)
class Outcomes:
    """Games as columns: the seat that could not play, turns played, whether the grid reached its
    largest size and whether the supply ran out; ``moves`` (game, turn, (tile, row, column)) when asked."""

    loser: npt.NDArray[Any]
    length: npt.NDArray[Any]
    full: npt.NDArray[Any]
    supply_out: npt.NDArray[Any]
    moves: npt.NDArray[Any] | None = None


def _rules(rules: Rules) -> _Rules | None:
    tiles = rules.tiles.tiles
    if not fits(rules):
        return None
    board = _board(rules.max_rows, rules.max_columns, len(tiles))
    tables = tables_for(rules.tiles)
    made = _Rules(len(tiles), rules.hand_size, rules.max_rows, rules.max_columns, board.reach_rows,
                  board.reach_columns, tables.kinds)  # fmt: skip
    for index, (glyph, colour) in enumerate(tables.tile_lines):
        made.glyph[index], made.colour[index] = glyph, colour
    return made


def fits(rules: Rules) -> bool:
    """Whether C's arrays hold these rules' tiles (``MAX_TILES``)."""
    return len(rules.tiles.tiles) <= MAX_TILES


def compiled_games(
    rules: Rules, strategies: Sequence[str], rng: random.Random, count: int, history: bool = False
) -> Outcomes | None:
    """``count`` games of ``strategies`` (random or greedy, by seat) played in C, or None where C cannot."""
    from ... import native

    if len(strategies) != 2 or not all(s in PLAYERS for s in strategies):
        return None
    library = native.load(SOURCE)
    made = _rules(rules)
    if library is None or made is None:
        return None
    import numpy as np

    loser = np.zeros(count, dtype=np.uint8)
    length = np.zeros(count, dtype=np.int32)
    full = np.zeros(count, dtype=np.uint8)
    supply_out = np.zeros(count, dtype=np.uint8)
    moves = np.full((count, len(rules.tiles.tiles), 3), -1, dtype=np.int16) if history else None
    players = (ctypes.c_int32 * 2)(*(PLAYERS[s] for s in strategies))
    with native.carried(rng) as state:
        done = library.grawlix_games(
            ctypes.byref(made), players, ctypes.c_int32(count), state, native.pointer(loser),
            native.pointer(length), native.pointer(full), native.pointer(supply_out),
            native.pointer(moves) if moves is not None else ctypes.c_void_p(None),
        )  # fmt: skip
    if done != 0:  # nothing was drawn: the state goes back as it was
        return None
    return Outcomes(loser, length, full, supply_out, moves)
