"""Position files: a grid of tile tokens plus named markers, checked by the engine.

Format (TOML)::

    grid = \"\"\"
    R& B#
    .  Y*
    \"\"\"
    [markers]
    "?" = [1, 0]

One line per row, top row first; tokens are colour letter + glyph, ``.`` is an
empty cell, rows may be of different lengths. Markers are ``[row, column]``
from the first row and first token, and may lie outside the grid. A cover's
``loose = "V* V$ B$"`` gives the order, left to right, in which the tiles the
grid lacks lie beneath it (every one of them, once).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ...errors import GrawlixError
from ...files import read_text
from ...pieces.tiles import Tile, TileSet, UnknownTile
from .engine import Grid, IllegalGrid, Location
from .rules import Rules
from ...files import parse_toml
from .templates import POSITIONS_DIR

EMPTY = "."
KEYS = ("grid", "markers", "description", "loose")
# A position file is a few hundred bytes; anything near this is not one, and
# is refused before it is read, parsed or checked.
MAX_FILE_BYTES = 1 << 20


@dataclass(frozen=True)
class Position:
    """A validated example position, ready for a renderer."""

    name: str
    grid: Grid = field(compare=False)
    markers: dict[str, Location]
    description: str = ""
    source: str = ""
    loose: tuple[Tile, ...] = ()
    """The tiles the grid lacks in the order they lie beneath it (a cover's ``loose``), if given."""


def load_position(path: str | Path, rules: Rules) -> Position:
    """Read and validate one position file; any problem is a GrawlixError naming the file."""
    path = Path(path)
    text = read_text(path, MAX_FILE_BYTES)
    data = parse_toml(text, str(path))
    return parse_position(data, rules, name=path.stem, source=str(path), text=text)


def load_positions(templates: Path, rules: Rules) -> dict[str, Position]:
    """Every ``templates/positions/*.toml``, by name, in name order."""
    folder = templates / POSITIONS_DIR
    return {p.stem: load_position(p, rules) for p in sorted(folder.glob("*.toml"))}


def parse_position(
    data: dict, rules: Rules, name: str = "position", source: str = "", text: str = ""
) -> Position:
    where = source or name
    for key in data:
        if key not in KEYS:
            raise GrawlixError(f"unknown key {key!r} (known: {', '.join(KEYS)})", where)
    if "grid" not in data:
        raise GrawlixError("missing grid (a string with one line of tile tokens per row)", where)
    grid_text = data["grid"]
    if not isinstance(grid_text, str):
        raise GrawlixError("grid must be a string with one line of tile tokens per row", where)
    description = data.get("description", "")
    if not isinstance(description, str):
        raise GrawlixError("description must be a string", where)

    tiles, first_line = _read_grid(grid_text, rules.tiles, where, _first_grid_line(text))
    if not tiles:
        raise GrawlixError("empty grid: it holds no tiles", where)
    try:
        grid = Grid.from_tiles(tiles, rules)
    except IllegalGrid as error:
        problem = error.problem
        raise GrawlixError(problem.rule, _at(where, problem.location, first_line)) from None
    markers = _read_markers(data.get("markers", {}), where)
    loose = _read_loose(data.get("loose", ""), grid, where)
    return Position(name, grid, markers, description, source, loose)


def _read_loose(text: object, grid: Grid, where: str) -> tuple[Tile, ...]:
    """The lacking tiles, left to right: each exactly once, or an error naming the key."""
    if not isinstance(text, str):
        raise GrawlixError('loose must be a string of tile tokens, such as "V* V$ B$"', where)
    tiles = grid.rules.tiles
    try:
        loose = tuple(tiles.tile_from_token(token) for token in text.split())
    except UnknownTile as error:
        raise GrawlixError(f"loose: {error}", where) from None
    lacking = {t for t in tiles.tiles if t not in grid.tiles().values()}
    if loose and (len(set(loose)) != len(loose) or set(loose) != lacking):
        names = " ".join(f"{t.colour.letter}{t.glyph.symbol}" for t in tiles.tiles if t in lacking)
        raise GrawlixError(f"loose must list each tile the grid lacks once ({names}), in any order", where)
    return loose


def _first_grid_line(text: str) -> int | None:
    """The file line (1-based) of the grid string's row 0, when it can be found."""
    match = re.search(r'^[ \t]*grid[ \t]*=[ \t]*("""|\'\'\')(\r?\n)?', text, re.MULTILINE)
    if not match:
        return None
    key_line = text.count("\n", 0, match.start()) + 1
    return key_line + 1 if match.group(2) else key_line


def _at(where: str, location: Location | None, first_line: int | None) -> str:
    if location is None:  # a problem of the whole grid
        return where
    row, column = location
    line = f":{first_line + row}" if first_line is not None else ""
    return f"{where}{line}: [{row}, {column}]"


def _read_grid(
    grid_text: str, tile_set: TileSet, where: str, first_line: int | None
) -> tuple[dict[Location, Tile], int | None]:
    """The tiles by location, and the file line of row 0 (blank lines before it skipped).

    Reading stops at one tile more than the supply holds: that tile repeats
    one, which the engine then names, and a huge grid costs no more.
    """
    lines = grid_text.split("\n")
    skipped = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    lines = lines[skipped:]
    first_line = None if first_line is None else first_line + skipped
    tiles: dict[Location, Tile] = {}
    for row, line in enumerate(lines):
        for column, token in enumerate(line.split()):
            if token == EMPTY:
                continue
            try:
                tile = tile_set.tile_from_token(token)
            except UnknownTile:
                shown = token if len(token) <= 12 else token[:10] + "..."
                raise GrawlixError(
                    f"unknown token {shown!r}: {tile_set.token_hint()}, an empty cell is '{EMPTY}'",
                    _at(where, (row, column), first_line),
                ) from None
            tiles[(row, column)] = tile
            if len(tiles) > len(tile_set.tiles):
                return tiles, first_line
    return tiles, first_line


def _read_markers(markers: object, where: str) -> dict[str, Location]:
    if not isinstance(markers, dict):
        raise GrawlixError('markers must be a table such as [markers] "?" = [1, 0]', where)
    found = {}
    for label, value in markers.items():
        if not (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise GrawlixError(
                f"marker {label!r} must be two integers [row, column], not {value!r}", where
            )
        found[label] = (value[0], value[1])
    return found
