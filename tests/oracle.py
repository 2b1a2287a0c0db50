"""A deliberately naive second reading of the rules, for cross-checking the engine.

It scans the whole grid for every question and shares no code with the engine
beyond the tile list. Rules it finds broken are plain tuples, ``(kind, detail)``:

- ``("occupied", location)``   the cell already holds a tile
- ``("in grid", location)``    the same tile lies at location
- ``("not joined", None)``     no edge touches a tile (the grid is not empty)
- ``("rows", count)``          the tiles would span count rows, over the limit
- ``("columns", count)``       the same for columns
- ``("glyph", location)``      the tile at location, in the same row or column, has the glyph
- ``("colour", location)``     the same for the colour
"""

from __future__ import annotations

from tileset import TILES

KINDS = ("occupied", "in grid", "not joined", "rows", "columns", "glyph", "colour")


def broken_rules(tiles: dict, location, tile, max_rows: int, max_columns: int) -> set:
    """Every rule that placing ``tile`` at ``location`` would break."""
    found = set()
    row, column = location
    if location in tiles:
        found.add(("occupied", location))
    for where, other in tiles.items():
        if other == tile:
            found.add(("in grid", where))
    if tiles:
        neighbours = [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
        if not any(n in tiles for n in neighbours):
            found.add(("not joined", None))
    rows = {r for r, _ in tiles} | {row}
    columns = {c for _, c in tiles} | {column}
    if max(rows) - min(rows) + 1 > max_rows:
        found.add(("rows", max(rows) - min(rows) + 1))
    if max(columns) - min(columns) + 1 > max_columns:
        found.add(("columns", max(columns) - min(columns) + 1))
    for (r, c), other in tiles.items():
        if (r == row or c == column) and (r, c) != location:
            if other.glyph == tile.glyph:
                found.add(("glyph", (r, c)))
            if other.colour == tile.colour:
                found.add(("colour", (r, c)))
    return found


def legal_placement(tiles: dict, location, tile, max_rows: int, max_columns: int) -> bool:
    """The same rules as ``broken_rules``, read once more, stopping at the first broken one."""
    if location in tiles or tile in tiles.values():
        return False
    row, column = location
    if tiles:
        neighbours = [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
        if not any(n in tiles for n in neighbours):
            return False
    for (r, c), other in tiles.items():
        if r == row or c == column:
            if other.glyph == tile.glyph or other.colour == tile.colour:
                return False
    rows = {r for r, _ in tiles} | {row}
    columns = {c for _, c in tiles} | {column}
    return max(rows) - min(rows) < max_rows and max(columns) - min(columns) < max_columns


def legal_locations(tiles: dict, max_rows: int, max_columns: int) -> list:
    if not tiles:
        return [(0, 0)]
    rows = [r for r, _ in tiles]
    columns = [c for _, c in tiles]
    found = []
    for row in range(min(rows) - 1, max(rows) + 2):
        for column in range(min(columns) - 1, max(columns) + 2):
            if any(
                legal_placement(tiles, (row, column), t, max_rows, max_columns)
                for t in TILES
            ):
                found.append((row, column))
    return found


def grid_faults(tiles: dict, max_rows: int, max_columns: int) -> set:
    """The kinds of rule a set of tiles on the table breaks (empty for a valid grid)."""
    found = set()
    if len(set(tiles.values())) != len(tiles):
        found.add("in grid")
    cells = list(tiles)
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            if a[0] == b[0] or a[1] == b[1]:
                if tiles[a].glyph == tiles[b].glyph and tiles[a] != tiles[b]:
                    found.add("glyph")
                if tiles[a].colour == tiles[b].colour and tiles[a] != tiles[b]:
                    found.add("colour")
    if cells:
        seen, todo = {cells[0]}, [cells[0]]
        while todo:
            r, c = todo.pop()
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if n in tiles and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(cells):
            found.add("not joined")
        rows = [r for r, _ in cells]
        columns = [c for _, c in cells]
        if max(rows) - min(rows) >= max_rows:
            found.add("rows")
        if max(columns) - min(columns) >= max_columns:
            found.add("columns")
    return found


def valid_grid(tiles: dict, max_rows: int, max_columns: int) -> bool:
    """Unique tiles, no line clash, edge-connected, within the span."""
    return not grid_faults(tiles, max_rows, max_columns)
