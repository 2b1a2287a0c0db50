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
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...playtest.protocol import FEW_GAMES
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
    largest size and whether the supply ran out; ``moves`` (game, turn, (tile, row, column)) when asked.
    numpy's arrays, or for a few games (``FEW_GAMES``, no history) plain lists: no numpy loaded."""

    loser: npt.NDArray[Any] | list[int]
    length: npt.NDArray[Any] | list[int]
    full: npt.NDArray[Any] | list[int]
    supply_out: npt.NDArray[Any] | list[int]
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
    loser, length, full, supply_out, moves = _buffers(count, len(rules.tiles.tiles), history)
    players = (ctypes.c_int32 * 2)(*(PLAYERS[s] for s in strategies))
    with native.carried(rng) as state:
        done = library.grawlix_games(
            ctypes.byref(made), players, ctypes.c_int32(count), state, native.pointer(loser),
            native.pointer(length), native.pointer(full), native.pointer(supply_out),
            native.pointer(moves) if moves is not None else ctypes.c_void_p(None),
        )  # fmt: skip
    if done != 0:  # nothing was drawn: the state goes back as it was
        return None
    if isinstance(loser, array):
        return Outcomes(loser.tolist(), length.tolist(), full.tolist(), supply_out.tolist())
    return Outcomes(loser, length, full, supply_out, moves)


def _buffers(count: int, tiles: int, history: bool) -> tuple[Any, Any, Any, Any, Any]:
    """What C writes the games' outcomes into (``Outcomes``' columns): numpy's arrays, or for a few
    games without their moves ``array.array``s, read back as lists with no numpy loaded."""
    if count <= FEW_GAMES and not history:
        from ...native import WORD

        length = array(WORD, bytes(4 * count))  # C's int32_t: a count of turns, never negative
        return array("B", bytes(count)), length, array("B", bytes(count)), array("B", bytes(count)), None
    import numpy as np

    moves = np.full((count, tiles, 3), -1, dtype=np.int16) if history else None
    return (np.zeros(count, dtype=np.uint8), np.zeros(count, dtype=np.int32), np.zeros(count, dtype=np.uint8),
            np.zeros(count, dtype=np.uint8), moves)  # fmt: skip
