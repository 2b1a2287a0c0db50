"""Laying tiles out on a print bed: a centred grid that fits a 180 x 180 mm bed.

180 mm is the smallest common bed (Bambu Lab A1 mini, Prusa MINI is larger),
so a plate made for it fits every printer a player is likely to own.
"""

from __future__ import annotations

import math

from ..errors import GrawlixError

BED_MM = 180.0
BED_MARGIN_MM = 5.0
"""Kept clear at the bed's edges (clips, purge lines)."""
TILE_GAP_MM = 8.0
"""Between neighbouring tiles: room for a brim and for the nozzle to travel."""

RAISED_COLUMNS, RAISED_ROWS = 3, 2
"""One tile per glyph: six on a plate."""
FLAT_COLUMNS, FLAT_ROWS = 4, 3
"""Twelve blank tiles on a plate, as the designer's own blank-tile file."""


def columns_that_fit(tile: float) -> int:
    """How many tiles fit side by side on the bed."""
    return max(0, math.floor((BED_MM - 2 * BED_MARGIN_MM + TILE_GAP_MM) / (tile + TILE_GAP_MM)))


def largest_tile(columns: int) -> float:
    """The largest tile side for which ``columns`` tiles fit side by side."""
    return (BED_MM - 2 * BED_MARGIN_MM - (columns - 1) * TILE_GAP_MM) / columns


def grid(count: int, columns: int, tile: float) -> list[tuple[float, float]]:
    """Centres of ``count`` tiles, row by row from the top left, centred on the bed.

    Coordinates are bed millimetres with the origin at the front left corner
    (y grows away from the front), as slicers place a plate.
    """
    rows = math.ceil(count / columns)
    pitch = tile + TILE_GAP_MM
    x0 = BED_MM / 2 - (columns - 1) * pitch / 2
    y0 = BED_MM / 2 + (rows - 1) * pitch / 2
    return [(x0 + (i % columns) * pitch, y0 - (i // columns) * pitch) for i in range(count)]


def raised_grid(tile: float) -> list[tuple[float, float]]:
    """Six tiles, one per glyph; a tile too large for that is an error."""
    if columns_that_fit(tile) < RAISED_COLUMNS:
        raise GrawlixError(
            f"--tile-size {tile:g} mm is too large: six tiles do not fit a "
            f"{BED_MM:g} x {BED_MM:g} mm bed (at most {largest_tile(RAISED_COLUMNS):.1f} mm)"
        )
    return grid(RAISED_COLUMNS * RAISED_ROWS, RAISED_COLUMNS, tile)


def flat_grid(tile: float) -> list[tuple[float, float]]:
    """Twelve blank tiles, or as many as fit when the tiles are large."""
    columns = min(FLAT_COLUMNS, columns_that_fit(tile))
    rows = min(FLAT_ROWS, columns)
    return grid(columns * rows, columns, tile) if columns else []
