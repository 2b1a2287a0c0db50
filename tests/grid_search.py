"""An exhaustive search for the largest legal grid, written apart from the game's own proof.

It shares no code with ``grawlix_print``: tiles are (glyph, colour) pairs of
numbers, a grid is a dict of cells in a box of ``rows`` x ``columns``, and the
rules are read afresh: no two tiles of a row or a column share a glyph or a
colour, every tile is used once, and the tiles are joined edge to edge. The
search visits the box's cells in reading order, each empty or holding a tile,
and prunes a branch only when it provably cannot reach the count asked for:

- each row can still take at most as many tiles as it has cells left and glyphs
  it lacks, and there are only ``order * order`` tiles;
- renaming glyphs (or colours) keeps a grid legal, so a cell may use a glyph
  not seen before only if it is the lowest such (likewise for colours);
- once a row is finished, a group of joined tiles with none in it can never be
  joined to tiles placed later: the grid is complete, or can never be joined.
"""

from __future__ import annotations


def _parts(cells) -> list[set]:
    """The groups of cells joined edge to edge."""
    left, parts = set(cells), []
    while left:
        start = left.pop()
        part, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near in left:
                    left.discard(near)
                    part.add(near)
                    todo.append(near)
        parts.append(part)
    return parts


def most_tiles(order: int, rows: int, columns: int) -> tuple[int, dict]:
    """The most tiles a legal grid within ``rows`` x ``columns`` holds, and one such grid.

    Asks "is there a grid of at least T tiles?" for T from the largest count
    the cells and the supply allow downwards; the first yes is the answer. A
    tall box is searched on its side (rows read as columns keep every rule), as
    the search is quicker along the longer side.
    """
    if rows > columns:
        count, cells = most_tiles(order, columns, rows)
        return count, {(c, r): tile for (r, c), tile in cells.items()}
    everything = order * order
    most = min(everything, rows * min(order, columns), columns * min(order, rows))
    for target in range(most, 0, -1):
        found = _grid_of(order, rows, columns, target)
        if found is not None:
            return len(found), found
    return 0, {}


def _grid_of(order: int, rows: int, columns: int, target: int) -> dict | None:
    """A legal grid of ``target`` tiles (or more) within the box, or None if there is none."""
    grid: dict[tuple[int, int], tuple[int, int]] = {}
    in_row = [[set(), set()] for _ in range(rows)]  # glyphs, colours
    in_column = [[set(), set()] for _ in range(columns)]
    used: set[tuple[int, int]] = set()
    everything = order * order

    def room(row: int, column: int) -> int:
        """The most tiles the cells from (row, column) on can still take."""
        total = min(order - len(in_row[row][0]), columns - column)
        total += (rows - row - 1) * min(order, columns)
        return min(total, everything - len(grid))

    def search(cell: int, seen_glyphs: int, seen_colours: int) -> dict | None:
        if cell == rows * columns:
            return dict(grid) if len(grid) >= target and len(_parts(grid)) == 1 else None
        row, column = divmod(cell, columns)
        if column == 0 and row > 0 and grid:
            parts = _parts(grid)
            closed = [part for part in parts if not any(r == row - 1 for r, _ in part)]
            if closed:  # a group that touches no open row can never be joined to anything new
                return dict(grid) if len(parts) == 1 and len(grid) >= target else None
        if len(grid) + room(row, column) < target:
            return None
        glyphs, colours = in_row[row][0] | in_column[column][0], in_row[row][1] | in_column[column][1]
        for glyph in range(min(order, seen_glyphs + 1)):
            if glyph in glyphs:
                continue
            for colour in range(min(order, seen_colours + 1)):
                if colour in colours or (glyph, colour) in used:
                    continue
                grid[row, column] = (glyph, colour)
                used.add((glyph, colour))
                for line in (in_row[row], in_column[column]):
                    line[0].add(glyph)
                    line[1].add(colour)
                found = search(cell + 1, max(seen_glyphs, glyph + 1), max(seen_colours, colour + 1))
                for line in (in_row[row], in_column[column]):
                    line[0].discard(glyph)
                    line[1].discard(colour)
                used.discard((glyph, colour))
                del grid[row, column]
                if found is not None:
                    return found
        return search(cell + 1, seen_glyphs, seen_colours)  # or the cell stays empty

    return search(0, 0, 0)
