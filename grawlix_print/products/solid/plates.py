"""Laying tiles out on print beds: as many per plate as fit, over as few plates as possible.

Tiles stand in a grid centred on the bed, ``TILE_GAP_MM`` apart and at least
``BED_MARGIN_MM`` from its edges. Every plate is a file of its own: a slicer shows
one bed, and centres what a file holds on it. The default bed, 180 x 180 mm, is the
smallest common one (Bambu Lab A1 mini, Prusa MINI), so the published files
fit every printer a player is likely to own.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import StudioError
from ...options import OptionError
from ...units import parse_length

BED_MARGIN_MM = 5.0
"""Kept clear at the bed's edges (clips, purge lines)."""
TILE_GAP_MM = 8.0
"""Between neighbouring tiles: room for a brim and for the nozzle to travel."""

Centre = tuple[float, float]


@dataclass(frozen=True)
class Bed:
    width: float = 180.0
    depth: float = 180.0

    def __str__(self) -> str:
        return f"{self.width:g} x {self.depth:g} mm"


DEFAULT_BED = Bed()
_SIDES = re.compile(r"[x×*]", re.IGNORECASE)
_BARE_NUMBER = re.compile(r"^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*$")
_UNIT = re.compile(r"[a-z]+\s*$", re.IGNORECASE)
_FIELD = "\0bed\0"


def parse_bed(value: str | Sequence[str | float], name: str | None = "--bed") -> Bed:
    """A bed as users type it (``180x180``, ``256 x 256 mm``, ``25cm x 21cm``) or record it
    (``[256, 256]`` in ``grawlix.toml``): exactly two sides, each a length as ``--tile-size``
    takes it (finite, greater than zero, millimetres unless a unit is given). A unit after
    the depth alone applies to both sides: ``10 x 8 in``.

    ``name`` is how an error names the value (the flag, or a settings file's key); None
    (options given to the library) makes the error an ``OptionError`` about ``bed``.
    """
    if name is None:
        try:
            return parse_bed(value, _FIELD)
        except StudioError as error:
            what = error.what.replace("{", "{{").replace("}", "}}").replace(_FIELD, "{bed}")
            raise OptionError(what, "bed") from None
    if isinstance(value, (list, tuple)):
        sides = [side if isinstance(side, (int, float)) else str(side) for side in value]
    else:
        sides = _SIDES.split(str(value))
    if len(sides) != 2:
        raise StudioError(f"{name} {value!r} is not a bed size such as 180x180 (width x depth in mm)")
    width, depth = sides
    if isinstance(width, str) and isinstance(depth, str) and _BARE_NUMBER.match(width):
        unit = _UNIT.search(depth)
        width += unit.group() if unit else ""
    return Bed(parse_length(width, f"{name} width"), parse_length(depth, f"{name} depth"))


def _fit(length: float, tile: float) -> int:
    return max(0, math.floor((length - 2 * BED_MARGIN_MM + TILE_GAP_MM) / (tile + TILE_GAP_MM)))


def capacity(bed: Bed, tile: float) -> tuple[int, int]:
    """How many tiles fit across (columns) and deep (rows)."""
    return _fit(bed.width, tile), _fit(bed.depth, tile)


def check_bed(bed: Bed, tile: float) -> None:
    """A bed must hold at least one tile, margins included."""
    if min(capacity(bed, tile)) == 0:
        need = tile + 2 * BED_MARGIN_MM
        raise OptionError(
            f"{{bed}} {bed} is too small for one {tile:g} mm tile "
            f"(it needs {need:g} x {need:g} mm: the tile and {BED_MARGIN_MM:g} mm margins)", "bed", "body_size",
        )  # fmt: skip


def plates(count: int, bed: Bed, tile: float) -> list[list[Centre]]:
    """``count`` tiles over the fewest plates, shared out evenly, each plate's grid centred.

    Coordinates are bed millimetres with the origin at the front left corner
    (y grows away from the front), as slicers place a plate; tiles are listed
    row by row from the back left.
    """
    check_bed(bed, tile)
    columns, rows = capacity(bed, tile)
    number = math.ceil(count / (columns * rows))
    sizes = [count // number + (1 if k < count % number else 0) for k in range(number)]
    return [_grid(n, bed, tile, columns, rows) for n in sizes]


def _grid(count: int, bed: Bed, tile: float, columns: int, rows: int) -> list[Centre]:
    """A nearly square grid of ``count`` tiles that stays within ``columns`` x ``rows``."""
    across = min(columns, max(math.ceil(math.sqrt(count)), math.ceil(count / rows)))
    deep = math.ceil(count / across)
    pitch = tile + TILE_GAP_MM
    x0 = bed.width / 2 - (across - 1) * pitch / 2
    y0 = bed.depth / 2 + (deep - 1) * pitch / 2
    return [(x0 + (i % across) * pitch, y0 - (i // across) * pitch) for i in range(count)]
