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

from ...components.tiles import Colour, Glyph, Tile, TileSet
from .rules import Rules

Location = tuple[int, int]
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

    return _Tables(glyphs, (1 << glyphs) - 1, line_bits, avoiding(glyphs, 0), avoiding(colours, glyphs), (1 << count) - 1)


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

    Besides the tiles it keeps, for speed: the glyphs and colours used in each
    row and column (bit masks), and the *open* locations, which are empty,
    edge-adjacent to a tile and still inside the span limits. A location that
    falls outside the span never comes back, because a grid only grows.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._tiles = rules.tiles.tiles
        self._tables = tables_for(rules.tiles)
        self._cells: dict[Location, int] = {}
        self._row_used: dict[int, int] = {}
        self._column_used: dict[int, int] = {}
        self._placed = 0
        self._open: set[Location] = set()
        self._top = self._left = 0
        self._bottom = self._right = -1
        self._reach = (0, 0, -1, -1)  # the rows and columns a tile may still go in

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

    # --- reading -------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._cells)

    def __contains__(self, location: Location) -> bool:
        return location in self._cells

    def tile_at(self, location: Location) -> Tile | None:
        index = self._cells.get(location)
        return None if index is None else self._tiles[index]

    def tiles(self) -> dict[Location, Tile]:
        """Every tile by location, in reading order (row by row)."""
        return {loc: self._tiles[self._cells[loc]] for loc in sorted(self._cells)}

    @property
    def placed_mask(self) -> int:
        return self._placed

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """(top row, left column, bottom row, right column) of the tiles."""
        return self._top, self._left, self._bottom, self._right

    @property
    def rows(self) -> int:
        return self._bottom - self._top + 1 if self._cells else 0

    @property
    def columns(self) -> int:
        return self._right - self._left + 1 if self._cells else 0

    def copy(self) -> Grid:
        other = Grid(self.rules)
        other._cells = dict(self._cells)
        other._row_used = dict(self._row_used)
        other._column_used = dict(self._column_used)
        other._placed = self._placed
        other._open = set(self._open)
        other._top, other._left = self._top, self._left
        other._bottom, other._right = self._bottom, self._right
        other._reach = self._reach
        return other

    # --- the placement rule ----------------------------------------------------

    def _used(self, row: int, column: int) -> int:
        """Glyphs and colours already in the location's row or column, as one mask."""
        return self._row_used.get(row, 0) | self._column_used.get(column, 0)

    def _location_reason(self, location: Location) -> Reason | None:
        """What keeps every tile from ``location`` now, or None."""
        if location in self._cells:
            return Reason.OCCUPIED
        if not self._cells:
            return None  # the first tile goes anywhere
        row, column = location
        top, left, bottom, right = self._reach
        if not top <= row <= bottom:
            return Reason.TOO_MANY_ROWS
        if not left <= column <= right:
            return Reason.TOO_MANY_COLUMNS
        if not any((row + dr, column + dc) in self._cells for dr, dc in _NEIGHBOURS):
            return Reason.NOT_JOINED
        return None

    def _tile_reason(self, location: Location, index: int) -> Reason | None:
        """What keeps tile ``index`` from a location that takes tiles, or None."""
        if self._placed >> index & 1:
            return Reason.IN_GRID
        shared = self._tables.line_bits[index] & self._used(*location)
        if shared & self._tables.glyph_bits:
            return Reason.SAME_GLYPH
        return Reason.SAME_COLOUR if shared else None

    def why_not(self, location: Location, tile: Tile) -> Problem | None:
        """The rule placing ``tile`` at ``location`` would break, or None when it is legal."""
        reason = self._location_reason(location) or self._tile_reason(location, tile.index)
        return None if reason is None else self._problem(reason, location, tile)

    def is_legal(self, location: Location, tile: Tile) -> bool:
        return self.why_not(location, tile) is None

    def _problem(self, reason: Reason, location: Location, tile: Tile) -> Problem:
        """The reason with what its wording names: the other tile, the line, the span."""
        row, column = location
        if reason is Reason.OCCUPIED:
            return Problem(reason, location, tile, self._tiles[self._cells[location]], location)
        if reason is Reason.IN_GRID:
            where = next(loc for loc, i in self._cells.items() if i == tile.index)
            return Problem(reason, location, tile, tile, where)
        if reason is Reason.TOO_MANY_ROWS:
            count = max(self._bottom, row) - min(self._top, row) + 1
            return Problem(reason, location, tile, count=count, limit=self.rules.max_rows)
        if reason is Reason.TOO_MANY_COLUMNS:
            count = max(self._right, column) - min(self._left, column) + 1
            return Problem(reason, location, tile, count=count, limit=self.rules.max_columns)
        if reason is Reason.NOT_JOINED:
            return Problem(reason, location, tile)
        shared = "glyph" if reason is Reason.SAME_GLYPH else "colour"
        for r, c in sorted(self._cells, key=lambda loc: (loc[0] != row, loc)):  # the row first
            other = self._tiles[self._cells[(r, c)]]
            if (r == row or c == column) and getattr(other, shared) == getattr(tile, shared):
                line = f"row {row}" if r == row else f"column {column}"
                return Problem(reason, location, tile, other, (r, c), line)
        raise AssertionError(f"{reason} at {location} for {tile} has no tile to name")

    # --- many tiles at once ------------------------------------------------------

    def fitting(self, tiles: int | None = None) -> list[tuple[Location, int]]:
        """Each location open now with the mask of ``tiles`` that could legally go there.

        This is the engine's inner loop: two table look-ups per open location.
        The tiles' own presence in the grid is not checked: pass tiles not in it.
        """
        if tiles is None:
            tiles = self._tables.all_tiles
        if not self._cells:
            return [((0, 0), tiles)] if tiles else []
        row_used, column_used = self._row_used.get, self._column_used.get
        glyph_ok, colour_ok = self._tables.glyph_avoiding, self._tables.colour_avoiding
        glyph_bits, shift = self._tables.glyph_bits, self._tables.colour_shift
        found = []
        for location in self._open:
            used = row_used(location[0], 0) | column_used(location[1], 0)
            fits = tiles & glyph_ok[used & glyph_bits] & colour_ok[used >> shift]
            if fits:
                found.append((location, fits))
        found.sort()
        return found

    def fitting_mask(self, location: Location) -> int:
        """Tiles not yet in the grid (as a mask) that could legally go at ``location``."""
        if self._location_reason(location) is not None:
            return 0
        return self._tables.avoiding(self._used(*location)) & ~self._placed

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
        return [loc for loc, _ in self.fitting(tiles & ~self._placed)]

    # --- changing --------------------------------------------------------------

    def place(self, location: Location, tile: Tile) -> None:
        """Play a tile; raises IllegalMove naming the rule it would break."""
        problem = self.why_not(location, tile)
        if problem is not None:
            raise IllegalMove(problem)
        self._put(location, tile.index)

    def _put(self, location: Location, index: int) -> None:
        """Add a tile without checking the rules (callers have checked).

        Keeps the open locations equal to those ``_location_reason`` accepts.
        """
        row, column = location
        grew = True
        if not self._cells:
            self._top, self._bottom, self._left, self._right = row, row, column, column
        elif self._top <= row <= self._bottom and self._left <= column <= self._right:
            grew = False
        else:
            self._top, self._bottom = min(self._top, row), max(self._bottom, row)
            self._left, self._right = min(self._left, column), max(self._right, column)
        self._cells[location] = index
        self._placed |= 1 << index
        bits = self._tables.line_bits[index]
        self._row_used[row] = self._row_used.get(row, 0) | bits
        self._column_used[column] = self._column_used.get(column, 0) | bits
        self._open.discard(location)
        if grew:
            rows, columns = self.rules.max_rows - 1, self.rules.max_columns - 1
            self._reach = (
                self._bottom - rows, self._right - columns, self._top + rows, self._left + columns
            )
        top, left, bottom, right = self._reach
        if grew:
            self._open = {
                (r, c) for r, c in self._open if top <= r <= bottom and left <= c <= right
            }
        for dr, dc in _NEIGHBOURS:
            r, c = row + dr, column + dc
            if top <= r <= bottom and left <= c <= right and (r, c) not in self._cells:
                self._open.add((r, c))

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


@dataclass(frozen=True)
class Move:
    """Placing one tile at one location."""

    location: Location
    tile: Tile


@dataclass
class Game:
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
    history: list[Move] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.grid = Grid(self.rules)
        if self.supply == -1:
            self.supply = all_tiles(self.rules.tiles)

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
        self.history.append(move)
        self.to_move = 1 - self.to_move


def _random_bit(mask: int, rng: random.Random) -> int:
    """The index of one set bit of ``mask``, uniformly at random."""
    bits = []
    while mask:
        lowest = mask & -mask
        bits.append(lowest.bit_length() - 1)
        mask ^= lowest
    return bits[rng.randrange(len(bits))]


def random_game(rules: Rules, rng: random.Random) -> Game:
    """Play a whole game with uniformly random drafts and moves; returns the finished game."""
    game = Game(rules)
    tiles = rules.tiles.tiles
    supply = list(range(len(tiles)))
    rng.shuffle(supply)  # drafting from a shuffled supply = drafting uniformly at random
    while game.drafting:
        game.draft(tiles[supply.pop()])
    while options := game.grid.fitting(game.hands[game.to_move]):
        location, fits = options[rng.randrange(len(options))]
        tile = tiles[_random_bit(fits, rng)]
        game._apply(Move(location, tile), supply.pop() if supply else None)
    return game
