"""Laying pieces out on print beds: as many per plate as fit, over as few plates as possible.

Pieces stand as their shape nests (the shape registry's ``nesting``: a grid of
squares, offset rows of hexagons and discs), centred on the bed, ``TILE_GAP_MM``
apart and at least ``BED_MARGIN_MM`` from its edges. Every plate is a file of its own: a slicer shows
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
from ...pieces.shapes import Nesting, PieceShape, Size
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


COMMON_BEDS = (Bed(180.0, 180.0), Bed(220.0, 220.0), Bed(250.0, 210.0), Bed(256.0, 256.0))
"""The beds of the printers most players own (Bambu Lab A1 mini and Prusa MINI; Creality Ender-3;
Prusa MK4; Bambu Lab A1, P1 and X1), the default first: a piece too large for all of them is refused."""


def _nesting(shape: PieceShape, size: Size) -> Nesting:
    return shape.nesting(size, TILE_GAP_MM)


def _room(bed: Bed) -> Size:
    return (bed.width - 2 * BED_MARGIN_MM, bed.depth - 2 * BED_MARGIN_MM)


def capacity(bed: Bed, shape: PieceShape, size: Size) -> tuple[int, int]:
    """How many pieces of ``shape`` (``size`` their place: width, depth) fit across (columns) and deep
    (rows), as the shape nests (offset rows for circles and hexagons)."""
    rows, columns = _nesting(shape, size).fits(_room(bed), size)
    return columns, rows


def check_bed(bed: Bed, shape: PieceShape, size: Size, what: str = "tile", where: str | None = None) -> None:
    """A bed must hold at least one piece (``what`` it is called), margins included; one that no
    common bed holds is said so (``where``: the kind's file, name and game)."""
    if min(capacity(bed, shape, size)) > 0:
        return
    width, depth = size
    need = f"{width + 2 * BED_MARGIN_MM:g} x {depth + 2 * BED_MARGIN_MM:g} mm"
    piece = f"{width:g} mm" if width == depth else f"{width:g} x {depth:g} mm"
    held = [common for common in COMMON_BEDS if min(capacity(common, shape, size)) > 0]
    if not held:
        largest = max(COMMON_BEDS, key=lambda b: b.width * b.depth)
        raise OptionError(
            f"a {piece} {what} is larger than every common print bed (it needs {need} with {BED_MARGIN_MM:g} mm "
            f"margins; the largest, {largest}, is too small): use a smaller {{body_size}}", "body_size", where=where,
        )  # fmt: skip
    raise OptionError(
        f"{{bed}} {bed} is too small for one {piece} {what} "
        f"(it needs {need}: the {what} and {BED_MARGIN_MM:g} mm margins)", "bed", "body_size",
    )  # fmt: skip


def plates(count: int, bed: Bed, shape: PieceShape, size: Size) -> list[list[Centre]]:
    """``count`` pieces over the fewest plates, shared out evenly, each plate's rows centred.

    Coordinates are bed millimetres with the origin at the front left corner
    (y grows away from the front), as slicers place a plate; pieces are listed
    row by row from the back left.
    """
    check_bed(bed, shape, size)
    columns, rows = capacity(bed, shape, size)
    number = math.ceil(count / (columns * rows))
    sizes = [count // number + (1 if k < count % number else 0) for k in range(number)]
    return [_grid(n, bed, _nesting(shape, size), columns, rows) for n in sizes]


def _grid(count: int, bed: Bed, nesting: Nesting, columns: int, rows: int) -> list[Centre]:
    """A nearly square block of ``count`` pieces that stays within ``columns`` x ``rows``, centred
    on the bed (a staggered row's shift counted in)."""
    across = min(columns, max(math.ceil(math.sqrt(count)), math.ceil(count / rows)))
    deep = math.ceil(count / across)
    stagger_x = nesting.shift if deep > 1 and not nesting.by_columns else 0.0
    stagger_y = nesting.shift if across > 1 and nesting.by_columns else 0.0
    x0 = bed.width / 2 - ((across - 1) * nesting.across + stagger_x) / 2
    y0 = bed.depth / 2 + ((deep - 1) * nesting.down + stagger_y) / 2
    centres = [nesting.centre(i // across, i % across) for i in range(count)]
    return [(x0 + x, y0 + y) for x, y in centres]
