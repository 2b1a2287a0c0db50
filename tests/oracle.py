"""A deliberately naive second reading of the placement rules, for cross-checking the engine.

It scans the whole grid for every question and shares no code with the engine
beyond the tile list.
"""

from __future__ import annotations

from grawlix_print.tile.identity import TILES


def legal_placement(tiles: dict, location, tile, max_rows: int, max_columns: int) -> bool:
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


def valid_grid(tiles: dict, max_rows: int, max_columns: int) -> bool:
    """Unique tiles, no line clash, edge-connected, within the span."""
    if len(set(tiles.values())) != len(tiles):
        return False
    cells = list(tiles)
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            if a[0] == b[0] or a[1] == b[1]:
                if tiles[a].glyph == tiles[b].glyph or tiles[a].colour == tiles[b].colour:
                    return False
    if cells:
        seen, todo = {cells[0]}, [cells[0]]
        while todo:
            r, c = todo.pop()
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if n in tiles and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(seen) != len(cells):
            return False
        rows = [r for r, _ in cells]
        columns = [c for _, c in cells]
        if max(rows) - min(rows) >= max_rows or max(columns) - min(columns) >= max_columns:
            return False
    return True
