"""The rules of Grawlix: legal placements, legal locations and the whole game.

Pure Python, no I/O and no drawing. Renderers ask this module what is legal;
they never decide it. Locations are ``(row, column)`` pairs, rows counted
downwards; they may be negative, since the grid grows in every direction.

The placement rule lives in one place, ``Grid._location_reason`` (what rules
out a location for every tile) and ``Grid._tile_reason`` (what rules out one
tile there). Everything else asks them: ``why_not`` words their answer, the
bit-mask tables below are the same tile test precomputed for every set of
used glyphs and colours, the cached open locations are the locations
``_location_reason`` accepts, and a grid read from a file is checked by
placing its tiles one by one. Every way to break a rule is a ``Reason``, with
its wording, shared by placements, positions, the game and error messages.
"""

from __future__ import annotations

import heapq
import random
from functools import lru_cache
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from .tiles import Colour, Glyph, Tile, TileSet
from .rules import Rules

Location = tuple[int, int]
_Lines = tuple[list[int], list[int], int]  # glyphs and colours of each window row and column; tiles placed
_NEIGHBOURS = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass(frozen=True)
class _Tables:
    """The placement rule's tile test, precomputed for a tile set of ``glyphs`` x ``colours``.

    A line's "used" mask holds its glyphs in the low bits and its colours above
    them. ``glyph_avoiding[g]`` is the mask of tiles whose glyph is not in the
    glyph set ``g`` (likewise for colours), so the tiles clear of a line are
    two look-ups: the clash test of ``Grid._tile_reason`` for all tiles at once.
    """

    colour_shift: int
    glyph_bits: int
    line_bits: tuple[int, ...]
    glyph_avoiding: tuple[int, ...]
    colour_avoiding: tuple[int, ...]
    all_tiles: int
    tile_lines: tuple[tuple[int, int], ...]  # each tile's glyph, and its colour after the glyphs
    tile_entries: tuple[tuple[int, int, int], ...]  # each tile's (index, glyph, colour after the glyphs)

    @property
    def kinds(self) -> int:
        """How many glyphs and colours there are, together."""
        return len(self.glyph_avoiding).bit_length() - 1 + len(self.colour_avoiding).bit_length() - 1

    def avoiding(self, used: int) -> int:
        return self.glyph_avoiding[used & self.glyph_bits] & self.colour_avoiding[used >> self.colour_shift]


@lru_cache(maxsize=8)
def _tables(glyphs: int, colours: int) -> _Tables:
    count = glyphs * colours
    line_bits = tuple(1 << (i % glyphs) | 1 << (glyphs + i // glyphs) for i in range(count))

    def avoiding(width: int, shift: int) -> tuple[int, ...]:
        return tuple(
            sum(1 << t for t, bits in enumerate(line_bits) if not bits & used << shift)
            for used in range(1 << width)
        )

    return _Tables(
        glyphs, (1 << glyphs) - 1, line_bits, avoiding(glyphs, 0), avoiding(colours, glyphs),
        (1 << count) - 1, tuple((i % glyphs, glyphs + i // glyphs) for i in range(count)),
        tuple((i, i % glyphs, glyphs + i // glyphs) for i in range(count)),
    )  # fmt: skip


class _CellTable(dict):
    """A board's per-cell constants, each worked out the first time a tile goes there."""

    def __init__(self, board: _Board) -> None:
        super().__init__()
        self.board = board

    def __missing__(self, cell: int) -> tuple[int, int, int]:
        entry = self[cell] = self.board.constants(cell)
        return entry


@dataclass(frozen=True)
class _Board:
    """The cells a grid can ever use, as the bits of one integer.

    Every tile lies within ``max_rows - 1`` rows and ``max_columns - 1``
    columns of the first one, and within as many rows and columns as there
    are tiles: a window of ``height`` x ``width`` cells centred on the first
    tile (``reach_rows`` and ``reach_columns`` either side) holds every cell
    a tile may take, and every empty cell beside a tile. Cell (i, j) of the
    window is bit ``i * stride + j``; the stride leaves one empty column
    after each row, so a set of cells moves one cell left, right, up or down
    by a shift, with nothing wrapping from one row into the next.
    """

    reach_rows: int
    reach_columns: int
    height: int
    width: int
    stride: int
    every_cell: int
    row_bands: tuple[int, ...]  # the cells of each window row
    column_bands: tuple[int, ...]  # the cells of each window column
    cells: _CellTable = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", _CellTable(self))

    def constants(self, cell: int) -> tuple[int, int, int]:
        """What a tile at ``cell`` does to the board, as three masks.

        ``clear``: every cell but those of its row and column (where its glyph
        and its colour are now used); ``near``: its four neighbours (the padding
        column included: masked later); ``reach``: the cells within the span
        limits of it, itself left out.
        """
        i, j = divmod(cell, self.stride)
        bit = 1 << cell
        clear = ~(self.row_bands[i] | self.column_bands[j])
        near = bit << 1 | bit >> 1 | bit << self.stride | bit >> self.stride
        rows = sum(self.row_bands[max(i - self.reach_rows, 0) : i + self.reach_rows + 1])
        columns = sum(self.column_bands[max(j - self.reach_columns, 0) : j + self.reach_columns + 1])
        return clear, near, rows & columns & ~bit


@lru_cache(maxsize=8)
def _board(max_rows: int, max_columns: int, tiles: int) -> _Board:
    reach_rows, reach_columns = min(max_rows - 1, tiles), min(max_columns - 1, tiles)
    height, width = 2 * reach_rows + 1, 2 * reach_columns + 1
    stride = width + 1
    first_column = sum(1 << i * stride for i in range(height))
    row_bands = tuple(((1 << width) - 1) << i * stride for i in range(height))
    column_bands = tuple(first_column << j for j in range(width))
    return _Board(reach_rows, reach_columns, height, width, stride, sum(row_bands), row_bands, column_bands)


def tables_for(tiles: TileSet) -> _Tables:
    return _tables(len(tiles.glyphs), len(tiles.colours))


def all_tiles(tiles: TileSet) -> int:
    """The mask of every tile of the set."""
    return (1 << len(tiles.tiles)) - 1


def tiles_in(tiles: TileSet, mask: int) -> list[Tile]:
    """The tiles of a mask, in supply order."""
    return [t for t in tiles.tiles if mask >> t.index & 1]


def _at(location: Location | None) -> str:
    return "" if location is None else f"[{location[0]}, {location[1]}]"


class Reason(Enum):
    """Every way a placement, a grid or a move can break the rules, worded for a player.

    The wording is a template filled from a ``Problem``'s fields.
    """

    OCCUPIED = "the location already holds {other}"
    IN_GRID = "{tile} is already in the grid at {other_at}"
    NOT_JOINED = "{tile} is not joined edge to edge to the grid"
    TOO_MANY_ROWS = "{tile} here makes the grid span {count} rows, more than {limit}"
    TOO_MANY_COLUMNS = "{tile} here makes the grid span {count} columns, more than {limit}"
    SAME_GLYPH = "{tile} shares its glyph {glyph} with {other} at {other_at} in {line}"
    SAME_COLOUR = "{tile} shares its colour {colour} with {other} at {other_at} in {line}"
    NOT_IN_SUPPLY = "{tile} is not in the supply"
    NOT_IN_HAND = "{tile} is not in the hand of player {player}"
    DRAFT_OVER = "the draft is over: each hand holds {limit} tiles, and a tile is drafted only after playing one"
    DRAFTING = "the draft is not finished: each player first drafts {limit} tiles"
    MUST_REFILL = "a tile must be drafted from the supply after playing"


@dataclass(frozen=True)
class Problem:
    """Why a placement, a grid or a move breaks the rules, and where.

    ``location`` is where it happens (None for a draft); the other fields
    are what the reason's wording names.
    """

    reason: Reason
    location: Location | None = None
    tile: Tile | None = None
    other: Tile | None = None
    other_location: Location | None = None
    line: str = ""
    count: int = 0
    limit: int = 0
    player: int = 0

    @property
    def rule(self) -> str:
        """The broken rule in words, without the location."""
        return self.reason.value.format(
            tile=self.tile,
            other=self.other,
            other_at=_at(self.other_location),
            glyph=self.tile.glyph.symbol if self.tile else "",
            colour=self.tile.colour.name if self.tile else "",
            line=self.line,
            count=self.count,
            limit=self.limit,
            player=self.player + 1,
        )

    def __str__(self) -> str:
        return f"{_at(self.location)}: {self.rule}" if self.location is not None else self.rule


class RuleError(ValueError):
    """An attempt the rules forbid; ``problem`` says which rule and where."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


class IllegalMove(RuleError):
    """A placement, draft or play that breaks the rules."""


class IllegalGrid(RuleError):
    """A set of tiles that no game of Grawlix could have put on the table."""


@dataclass(frozen=True)
class Allowed:
    """What may go at one location now.

    ``glyphs`` and ``colours`` are those that no tile in the location's row or
    column already has (empty when the location cannot take any tile);
    ``tiles`` are the tiles not yet in the grid that could be placed there.
    """

    location: Location
    glyphs: tuple[Glyph, ...]
    colours: tuple[Colour, ...]
    tiles: tuple[Tile, ...]

    @property
    def legal(self) -> bool:
        return bool(self.tiles)


class Grid:
    """The tiles on the table. Mutable, like a board: ``place`` adds a tile.

    ``Grid(rules)`` is empty; ``grid.place((0, 0), tile)`` adds a tile (or raises
    IllegalMove); ``grid.legal_locations()`` and ``grid.allowed(location)`` say
    where and what may come next.

    The grid lives on a window of cells around its first tile (``_Board``),
    each cell a bit, and keeps, all changed by ``_put_cell`` alone:

    - its tiles, by cell;
    - for each glyph and each colour, the cells it is *allowed* in: those whose
      row and column do not hold it yet (what ``_tile_reason`` asks);
    - the cells within the span limits of every tile (the *reach*), and the
      *open* cells: empty, edge-adjacent to a tile and within the reach, which
      are the locations ``_location_reason`` accepts. A cell that falls out of
      the reach never comes back, because a grid only grows.

    So the legal locations of one tile are one expression,
    ``open & allowed[glyph] & allowed[colour]``: the engine's inner loop.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._tiles = rules.tiles.tiles
        self._tables = tables_for(rules.tiles)
        self._board = board = _board(rules.max_rows, rules.max_columns, len(self._tiles))
        self._constants = board.cells
        self._cells: dict[int, int] = {}  # tile index by cell
        self._allowed = [board.every_cell] * self._tables.kinds  # by glyph, then colour
        self._reach = board.every_cell
        self._open = 0
        self._origin = (0, 0)  # the location of window cell 0, set by the first tile
        self._derived: tuple[int, _Lines] = (-1, ([], [], 0))  # made for no tile count: never read

    @classmethod
    def from_tiles(cls, tiles: Mapping[Location, Tile], rules: Rules) -> Grid:
        """The grid holding ``tiles``; raises IllegalGrid naming the first broken rule.

        A set of tiles is a grid a game could reach exactly when its tiles can be
        placed legally one by one, each next to one already placed, so that is
        how it is checked: by the placement rule itself, nearest the top first.
        """
        grid = cls(rules)
        if not tiles:
            return grid
        start = min(tiles)
        frontier, seen = [start], {start}
        while frontier:
            location = heapq.heappop(frontier)
            problem = grid.why_not(location, tiles[location])
            if problem is not None:
                raise IllegalGrid(problem)
            grid._put(location, tiles[location].index)
            for dr, dc in _NEIGHBOURS:
                near = (location[0] + dr, location[1] + dc)
                if near in tiles and near not in seen:
                    seen.add(near)
                    heapq.heappush(frontier, near)
        if len(seen) < len(tiles):
            stray = min(loc for loc in tiles if loc not in seen)
            raise IllegalGrid(Problem(Reason.NOT_JOINED, stray, tiles[stray]))
        return grid

    # --- cells and locations ---------------------------------------------------

    def _cell(self, location: Location) -> int | None:
        """The window cell of ``location``, or None outside the window."""
        i, j = location[0] - self._origin[0], location[1] - self._origin[1]
        board = self._board
        return i * board.stride + j if 0 <= i < board.height and 0 <= j < board.width else None

    def _location_of(self, cell: int) -> Location:
        i, j = divmod(cell, self._board.stride)
        return self._origin[0] + i, self._origin[1] + j

    # --- reading -------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._cells)

    def __contains__(self, location: Location) -> bool:
        return self._cell(location) in self._cells

    def tile_at(self, location: Location) -> Tile | None:
        cell = self._cell(location)
        index = None if cell is None else self._cells.get(cell)
        return None if index is None else self._tiles[index]

    def tiles(self) -> dict[Location, Tile]:
        """Every tile by location, in reading order (row by row)."""
        return {self._location_of(cell): self._tiles[self._cells[cell]] for cell in sorted(self._cells)}

    @property
    def placed_mask(self) -> int:
        return self._derive()[2]

    def _derive(self) -> _Lines:
        """The glyphs and colours of each window row and column, and the mask of the tiles
        placed: made when asked, and kept until a tile is added."""
        count, found = self._derived
        if count != len(self._cells):
            board, line_bits = self._board, self._tables.line_bits
            rows, columns = [0] * board.height, [0] * board.width
            for cell, index in self._cells.items():
                i, j = divmod(cell, board.stride)
                rows[i] |= line_bits[index]
                columns[j] |= line_bits[index]
            found = (rows, columns, sum(1 << index for index in self._cells.values()))
            self._derived = (len(self._cells), found)
        return found

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """(top row, left column, bottom row, right column) of the tiles."""
        cells, stride = self._cells, self._board.stride
        if not cells:
            return 0, 0, -1, -1
        columns = [cell % stride for cell in cells]
        top, left = self._origin
        return top + min(cells) // stride, left + min(columns), top + max(cells) // stride, left + max(columns)

    @property
    def rows(self) -> int:
        top, _, bottom, _ = self.bounds
        return bottom - top + 1

    @property
    def columns(self) -> int:
        _, left, _, right = self.bounds
        return right - left + 1

    def copy(self) -> Grid:
        other = Grid.__new__(Grid)
        other.__dict__.update(self.__dict__)
        other._cells = dict(self._cells)
        other._allowed = list(self._allowed)
        return other

    # --- the placement rule ----------------------------------------------------

    def _used(self, row: int, column: int) -> int:
        """Glyphs and colours already in the location's row or column, as one mask."""
        if not self._cells:
            return 0
        rows, columns, _ = self._derive()
        i, j = row - self._origin[0], column - self._origin[1]
        return (rows[i] if 0 <= i < len(rows) else 0) | (columns[j] if 0 <= j < len(columns) else 0)

    def _location_reason(self, location: Location) -> Reason | None:
        """What keeps every tile from ``location`` now, or None."""
        if not self._cells:
            return None  # the first tile goes anywhere
        cell = self._cell(location)
        if cell is not None and self._open >> cell & 1:
            return None
        if cell in self._cells:
            return Reason.OCCUPIED
        top, left, bottom, right = self.bounds
        row, column = location
        if not bottom - self.rules.max_rows < row < top + self.rules.max_rows:
            return Reason.TOO_MANY_ROWS
        if not right - self.rules.max_columns < column < left + self.rules.max_columns:
            return Reason.TOO_MANY_COLUMNS
        return Reason.NOT_JOINED  # empty, within the span limits, yet not open: no tile beside it

    def _tile_reason(self, location: Location, index: int) -> Reason | None:
        """What keeps tile ``index`` from a location that takes tiles, or None."""
        if not self._cells:
            return None
        if index in self._cells.values():
            return Reason.IN_GRID
        cell = self._cell(location)
        assert cell is not None, "asked only of a location _location_reason accepts: an open cell of the window"
        glyph, colour = self._tables.tile_lines[index]
        if not self._allowed[glyph] >> cell & 1:
            return Reason.SAME_GLYPH
        return None if self._allowed[colour] >> cell & 1 else Reason.SAME_COLOUR

    def why_not(self, location: Location, tile: Tile) -> Problem | None:
        """The rule placing ``tile`` at ``location`` would break, or None when it is legal."""
        reason = self._location_reason(location) or self._tile_reason(location, tile.index)
        return None if reason is None else self._problem(reason, location, tile)

    def is_legal(self, location: Location, tile: Tile) -> bool:
        return self.why_not(location, tile) is None

    def _problem(self, reason: Reason, location: Location, tile: Tile) -> Problem:
        """The reason with what its wording names: the other tile, the line, the span."""
        row, column = location
        placed = self.tiles()
        if reason is Reason.OCCUPIED:
            return Problem(reason, location, tile, placed[location], location)
        if reason is Reason.IN_GRID:
            where = next(loc for loc, other in placed.items() if other.index == tile.index)
            return Problem(reason, location, tile, tile, where)
        top, left, bottom, right = self.bounds
        if reason is Reason.TOO_MANY_ROWS:
            count = max(bottom, row) - min(top, row) + 1
            return Problem(reason, location, tile, count=count, limit=self.rules.max_rows)
        if reason is Reason.TOO_MANY_COLUMNS:
            count = max(right, column) - min(left, column) + 1
            return Problem(reason, location, tile, count=count, limit=self.rules.max_columns)
        if reason is Reason.NOT_JOINED:
            return Problem(reason, location, tile)
        shared = "glyph" if reason is Reason.SAME_GLYPH else "colour"
        for (r, c), other in sorted(placed.items(), key=lambda item: (item[0][0] != row, item[0])):  # the row first
            if (r == row or c == column) and getattr(other, shared) == getattr(tile, shared):
                line = f"row {row}" if r == row else f"column {column}"
                return Problem(reason, location, tile, other, (r, c), line)
        raise AssertionError(f"{reason} at {location} for {tile} has no tile to name")

    # --- many tiles at once ------------------------------------------------------

    def fitting(self, tiles: int | None = None) -> list[tuple[Location, int]]:
        """Each location open now with the mask of ``tiles`` that could legally go there, sorted.

        Two table look-ups per open location. The tiles' own presence in the
        grid is not checked: pass tiles not in it.
        """
        if tiles is None:
            tiles = self._tables.all_tiles
        if not self._cells:
            return [((0, 0), tiles)] if tiles else []
        row_used, column_used, _ = self._derive()
        glyph_ok, colour_ok = self._tables.glyph_avoiding, self._tables.colour_avoiding
        glyph_bits, shift = self._tables.glyph_bits, self._tables.colour_shift
        stride, (top, left) = self._board.stride, self._origin
        found = []
        cells = self._open
        while cells:  # lowest bit first: reading order, row by row
            low = cells & -cells
            cells ^= low
            i, j = divmod(low.bit_length() - 1, stride)
            used = row_used[i] | column_used[j]
            fits = tiles & glyph_ok[used & glyph_bits] & colour_ok[used >> shift]
            if fits:
                found.append(((top + i, left + j), fits))
        return found

    def placements(self, tiles: int) -> int:
        """How many (tile, location) placements of ``tiles`` (a mask of tiles not in the grid) are legal now."""
        if not self._cells:
            return tiles.bit_count()
        cells, allowed, lines, count = self._open, self._allowed, self._tables.tile_lines, 0
        while tiles:
            low = tiles & -tiles
            tiles ^= low
            glyph, colour = lines[low.bit_length() - 1]
            count += (cells & allowed[glyph] & allowed[colour]).bit_count()
        return count

    def locations_each(self, tiles: int) -> dict[int, int]:
        """For each tile of ``tiles`` (a mask of tiles not in the grid), by index: how many locations it may go in."""
        if not self._cells:
            return dict.fromkeys((t.index for t in tiles_in(self.rules.tiles, tiles)), 1)
        cells, allowed, lines, found = self._open, self._allowed, self._tables.tile_lines, {}
        while tiles:
            low = tiles & -tiles
            tiles ^= low
            index = low.bit_length() - 1
            glyph, colour = lines[index]
            found[index] = (cells & allowed[glyph] & allowed[colour]).bit_count()
        return found

    def fitting_mask(self, location: Location) -> int:
        """Tiles not yet in the grid (as a mask) that could legally go at ``location``."""
        if self._location_reason(location) is not None:
            return 0
        return self._tables.avoiding(self._used(*location)) & ~self.placed_mask

    def allowed(self, location: Location) -> Allowed:
        """The glyphs, colours and tiles allowed at a location now."""
        if self._location_reason(location) is not None:
            return Allowed(location, (), (), ())
        used = self._used(*location)
        glyphs, colours = used & self._tables.glyph_bits, used >> self._tables.colour_shift
        return Allowed(
            location,
            tuple(g for g in self.rules.tiles.glyphs if not glyphs >> g.index & 1),
            tuple(c for c in self.rules.tiles.colours if not colours >> c.index & 1),
            tuple(tiles_in(self.rules.tiles, self.fitting_mask(location))),
        )

    def legal_locations(self, tiles: int | None = None) -> list[Location]:
        """Sorted locations where one of ``tiles`` (a mask; every tile if None) not yet in the grid could go."""
        tiles = self._tables.all_tiles if tiles is None else tiles
        return [loc for loc, _ in self.fitting(tiles & ~self.placed_mask)]

    # --- changing --------------------------------------------------------------

    def place(self, location: Location, tile: Tile) -> None:
        """Play a tile; raises IllegalMove naming the rule it would break."""
        problem = self.why_not(location, tile)
        if problem is not None:
            raise IllegalMove(problem)
        self._put(location, tile.index)

    def _put(self, location: Location, index: int) -> None:
        """Add a tile without checking the rules (callers have checked); the first lays the window."""
        if not self._cells:
            board = self._board
            self._origin = (location[0] - board.reach_rows, location[1] - board.reach_columns)
        glyph, colour = self._tables.tile_lines[index]
        cell = self._cell(location)
        assert cell is not None, "a legal location lies in the window, which holds every cell a tile may take"
        self._put_cell(cell, index, glyph, colour)

    def _put_cell(self, cell: int, index: int, glyph: int, colour: int) -> None:
        """Tile ``index`` (of ``glyph`` and ``colour``, its indices in ``_allowed``) goes at ``cell``.

        The one place a grid changes, in a few operations on integers: the
        glyph and the colour leave the cell's row and column, the reach
        narrows to the span limits around the cell, and the cell's neighbours
        within the reach open.
        """
        clear, near, reach = self._constants[cell]
        self._cells[cell] = index
        allowed = self._allowed
        allowed[glyph] &= clear
        allowed[colour] &= clear
        reach = self._reach = self._reach & reach
        self._open = (self._open | near) & reach

    def after(self, location: Location, tile: Tile) -> Grid:
        """A copy of the grid with one more tile placed (legally)."""
        grid = self.copy()
        grid.place(location, tile)
        return grid

    def closed_by(self, location: Location, tile: Tile) -> list[Location]:
        """Legal locations that placing ``tile`` at ``location`` makes unavailable."""
        still = set(self.after(location, tile).legal_locations())
        return [loc for loc in self.legal_locations() if loc != location and loc not in still]


# --- the whole game ---------------------------------------------------------


class Move(NamedTuple):
    """Placing one tile at one location."""

    location: Location
    tile: Tile


@dataclass
class Match:
    """A game from the full supply: draft, then play and redraft, until someone is stuck.

    Player 0 is the first player; messages call the players 1 and 2. Hands
    and supply are tile masks; the public methods take and return Tiles, and
    raise IllegalMove naming the broken rule.
    """

    rules: Rules
    grid: Grid = field(init=False)
    supply: int = -1  # every tile of the set (filled in below)
    hands: list[int] = field(default_factory=lambda: [0, 0])
    to_move: int = 0
    placed: list[int] = field(default_factory=list, repr=False)  # the tiles played, in order

    def __post_init__(self) -> None:
        self.grid = Grid(self.rules)
        if self.supply == -1:
            self.supply = all_tiles(self.rules.tiles)

    @property
    def history(self) -> list[Move]:
        """Every move played, in order (each tile's location read off the grid)."""
        where = {index: cell for cell, index in self.grid._cells.items()}
        tiles, location_of = self.rules.tiles.tiles, self.grid._location_of
        return [Move(location_of(where[index]), tiles[index]) for index in self.placed]

    @property
    def drafting(self) -> bool:
        """Still in the opening draft: someone holds fewer than a full hand."""
        return not self.grid and sum(h.bit_count() for h in self.hands) < 2 * self.rules.hand_size

    def hand(self, player: int) -> list[Tile]:
        return tiles_in(self.rules.tiles, self.hands[player])

    def supply_tiles(self) -> list[Tile]:
        """The tiles still to draft, in supply order."""
        return tiles_in(self.rules.tiles, self.supply)

    def _refuse(self, reason: Reason, tile: Tile | None = None, location: Location | None = None):
        raise IllegalMove(
            Problem(reason, location, tile, limit=self.rules.hand_size, player=self.to_move)
        )

    def draft(self, tile: Tile) -> None:
        """The player to move takes a tile from the supply into their hand (opening draft)."""
        if not self.drafting:
            self._refuse(Reason.DRAFT_OVER, tile)
        if not self.supply >> tile.index & 1:
            self._refuse(Reason.NOT_IN_SUPPLY, tile)
        self.supply &= ~(1 << tile.index)
        self.hands[self.to_move] |= 1 << tile.index
        self.to_move = 1 - self.to_move

    def legal_moves(self) -> list[Move]:
        """Every placement the player to move could make, by location then tile."""
        if self.drafting:
            return []
        return [
            Move(loc, t)
            for loc, fits in self.grid.fitting(self.hands[self.to_move])
            for t in tiles_in(self.rules.tiles, fits)
        ]

    def has_legal_move(self) -> bool:
        return not self.drafting and bool(self.grid.fitting(self.hands[self.to_move]))

    @property
    def over(self) -> bool:
        return not self.drafting and not self.has_legal_move()

    @property
    def loser(self) -> int | None:
        """The player to move once they cannot play; None while the game goes on."""
        return self.to_move if self.over else None

    def play(self, move: Move, refill: Tile | None = None) -> None:
        """Place a tile from the mover's hand, then draft ``refill`` while the supply has tiles."""
        if self.drafting:
            self._refuse(Reason.DRAFTING, move.tile, move.location)
        if not self.hands[self.to_move] >> move.tile.index & 1:
            self._refuse(Reason.NOT_IN_HAND, move.tile, move.location)
        problem = self.grid.why_not(move.location, move.tile)
        if problem is not None:
            raise IllegalMove(problem)
        if refill is None and self.supply:
            self._refuse(Reason.MUST_REFILL, None, move.location)
        if refill is not None and not self.supply >> refill.index & 1:
            self._refuse(Reason.NOT_IN_SUPPLY, refill)
        self._apply(move, None if refill is None else refill.index)

    def _apply(self, move: Move, refill: int | None) -> None:
        """Play a move already known to be legal."""
        self.grid._put(move.location, move.tile.index)
        hand = self.hands[self.to_move] & ~(1 << move.tile.index)
        if refill is not None:
            self.supply &= ~(1 << refill)
            hand |= 1 << refill
        self.hands[self.to_move] = hand
        self.placed.append(move.tile.index)
        self.to_move = 1 - self.to_move

    def _play_randomly(self, hand: list, other: list, supply: list[int], getrandbits) -> None:
        """Play uniformly random turns until the player to move is stuck (see ``random_game``).

        ``hand`` is the hand of the player to move, ``other`` the other's, each
        a list of the grid's tile entries, (tile, glyph, colour) with the
        glyph's and colour's index in its allowed cells; ``supply`` lists the
        supply's tiles. The game's hands and supply are set from them at the
        end. Written for speed: random numbers are drawn inline, and each
        placement is ``Grid._put_cell``, the grid's one change.
        """
        grid, kinds = self.grid, self.grid._tables.tile_entries
        if not hand or grid:
            raise ValueError("a random game starts on an empty grid with the draft done")
        record, put, allowed = self.placed.append, grid._put_cell, grid._allowed
        left = len(supply)
        bits = len(hand).bit_length()
        n = getrandbits(bits)
        while n >= len(hand):
            n = getrandbits(bits)
        grid._put((0, 0), hand[n][0])  # the first tile goes at (0, 0) and lays the window
        record(hand[n][0])
        turns = 1
        while True:
            if left:  # draft a supply tile into the played one's place
                bits = left.bit_length()
                k = getrandbits(bits)
                while k >= left:
                    k = getrandbits(bits)
                left -= 1
                hand[n] = kinds[supply[k]]
                supply[k] = supply[left]
            else:
                del hand[n]
            hand, other = other, hand
            cells = grid._open
            counts = [(cells & allowed[glyph] & allowed[colour]).bit_count() for _, glyph, colour in hand]
            total = sum(counts)
            if not total:
                break
            bits = total.bit_length()
            k = getrandbits(bits)
            while k >= total:
                k = getrandbits(bits)
            n = 0
            for count in counts:  # the k-th legal (tile, cell) pair: first its tile...
                if k < count:
                    break
                k -= count
                n += 1
            index, glyph, colour = hand[n]
            fits = cells & allowed[glyph] & allowed[colour]
            while k:  # ...then its cell
                fits &= fits - 1
                k -= 1
            put((fits & -fits).bit_length() - 1, index, glyph, colour)
            record(index)
            turns += 1
        stuck = waiting = remaining = 0
        for entry in hand:
            stuck |= 1 << entry[0]
        for entry in other:
            waiting |= 1 << entry[0]
        for index in supply[:left]:
            remaining |= 1 << index
        self.to_move = (self.to_move + turns) & 1
        self.hands = [stuck, waiting] if self.to_move == 0 else [waiting, stuck]
        self.supply = remaining


def random_game(rules: Rules, rng: random.Random) -> Match:
    """Play a whole game with uniformly random drafts and moves; returns the finished game.

    Every draft takes a tile of the supply uniformly; every turn plays a (tile
    in hand, legal location) pair chosen uniformly among all legal ones (the
    first tile at (0, 0)), then drafts a supply tile uniformly; the first
    player who cannot play loses. This is the playtest's ``random`` player and
    the engine's fastest path: the legal locations of a tile are one
    expression over the grid's cells (see ``Grid``).
    """
    game = Match(rules)
    getrandbits, kinds = rng.getrandbits, game.grid._tables.tile_entries
    supply = list(range(len(kinds)))
    hands: tuple[list, list] = ([], [])
    left = len(supply)
    for turn in range(2 * rules.hand_size):  # the opening draft, players alternating
        bits = left.bit_length()
        k = getrandbits(bits)
        while k >= left:
            k = getrandbits(bits)
        left -= 1
        hands[turn & 1].append(kinds[supply[k]])
        supply[k] = supply[left]
    del supply[left:]
    game._play_randomly(*hands, supply, getrandbits)
    return game
