"""The rules of Grawlix: legal placements, legal locations and the whole game.

Pure Python, no I/O and no drawing. Renderers ask this module what is legal;
they never decide it. Locations are ``(row, column)`` pairs, rows counted
downwards; they may be negative, since the grid grows in every direction.

Per row and per column the engine keeps the glyphs and colours already used
as bit masks, so a legality test is a few integer operations instead of a
scan of the grid.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..tile.identity import COLOURS, GLYPHS, TILES, Colour, Glyph, Tile
from .rules import Rules

Location = tuple[int, int]

_TILE_GLYPH = tuple(t.glyph.index for t in TILES)
_TILE_COLOUR = tuple(t.colour.index for t in TILES)


def _tiles_avoiding(bit_of_tile: tuple[int, ...], width: int) -> tuple[int, ...]:
    """For every set of used glyphs (or colours) as a mask: the tiles with none of them."""
    return tuple(
        sum(1 << t for t, b in enumerate(bit_of_tile) if not used >> b & 1)
        for used in range(1 << width)
    )


# A line's "used" mask holds its glyphs in the low bits and its colours above them.
_COLOUR_SHIFT = len(GLYPHS)
_TILE_LINE_BITS = tuple(1 << g | 1 << (_COLOUR_SHIFT + c) for g, c in zip(_TILE_GLYPH, _TILE_COLOUR))
_TILES_AVOIDING = tuple(
    glyph_ok & colour_ok
    for colour_ok in _tiles_avoiding(_TILE_COLOUR, len(COLOURS))
    for glyph_ok in _tiles_avoiding(_TILE_GLYPH, len(GLYPHS))
)
_GLYPH_BITS = (1 << len(GLYPHS)) - 1
ALL_TILES = (1 << len(TILES)) - 1
_NEIGHBOURS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def tiles_in(mask: int) -> list[Tile]:
    """The tiles of a mask, in supply order."""
    return [t for t in TILES if mask >> t.index & 1]


@dataclass(frozen=True)
class Problem:
    """Why a position or a placement breaks the rules, and where."""

    location: Location
    rule: str

    def __str__(self) -> str:
        return f"[{self.location[0]}, {self.location[1]}]: {self.rule}"


class IllegalPlacement(ValueError):
    """Raised by ``Grid.place`` for a placement the rules forbid; ``problem`` says why and where."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


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

    Besides the tiles it keeps, for speed: the glyphs and colours used in each
    row and column (bit masks), and the *open* locations, which are empty,
    edge-adjacent to a tile and still inside the span limits. A location that
    falls outside the span never comes back, because a grid only grows.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._cells: dict[Location, int] = {}
        self._row_used: dict[int, int] = {}
        self._column_used: dict[int, int] = {}
        self._placed = 0
        self._open: set[Location] = set()
        self._top = self._left = 0
        self._bottom = self._right = -1
        self._reach = (0, 0, -1, -1)  # the rows and columns a tile may still go in

    # --- reading -------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._cells)

    def __contains__(self, location: Location) -> bool:
        return location in self._cells

    def tile_at(self, location: Location) -> Tile | None:
        index = self._cells.get(location)
        return None if index is None else TILES[index]

    def tiles(self) -> dict[Location, Tile]:
        """Every tile by location, in reading order (row by row)."""
        return {loc: TILES[self._cells[loc]] for loc in sorted(self._cells)}

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

    # --- legality --------------------------------------------------------------

    def _within_span(self, row: int, column: int) -> bool:
        return not self._cells or (
            self._reach[0] <= row <= self._reach[2] and self._reach[1] <= column <= self._reach[3]
        )

    def _used(self, row: int, column: int) -> int:
        """Glyphs and colours already in the location's row or column, as one mask."""
        return self._row_used.get(row, 0) | self._column_used.get(column, 0)

    def _is_open(self, location: Location) -> bool:
        return location in self._open if self._cells else True

    def fitting(self, tiles: int = ALL_TILES) -> list[tuple[Location, int]]:
        """Each open location with the mask of ``tiles`` that could legally go there.

        This is the engine's inner loop: two table look-ups per location.
        """
        if not self._cells:
            return [((0, 0), tiles)] if tiles else []
        row_used, column_used = self._row_used.get, self._column_used.get
        found = []
        for location in self._open:
            fits = tiles & _TILES_AVOIDING[row_used(location[0], 0) | column_used(location[1], 0)]
            if fits:
                found.append((location, fits))
        found.sort()
        return found

    def fitting_mask(self, location: Location) -> int:
        """Tiles (placed or not, as a mask) whose placement here would keep to the rules."""
        if location in self._cells or not self._is_open(location):
            return 0
        return _TILES_AVOIDING[self._used(*location)]

    def why_not(self, location: Location, tile: Tile) -> str | None:
        """The rule a placement would break, or None when it is legal."""
        row, column = location
        if location in self._cells:
            return f"the location already holds {TILES[self._cells[location]]}"
        if self._placed >> tile.index & 1:
            return f"{tile} is already in the grid"
        if not self._within_span(row, column):
            return self._span_rule(row, column)
        if not self._is_open(location):
            return "no edge touches a tile in the grid"
        return self._clash(location, tile)

    def is_legal(self, location: Location, tile: Tile) -> bool:
        return self.why_not(location, tile) is None

    def _span_rule(self, row: int, column: int) -> str:
        rows = max(self._bottom, row) - min(self._top, row) + 1
        if rows > self.rules.max_rows:
            return f"the grid would span {rows} rows, more than {self.rules.max_rows}"
        columns = max(self._right, column) - min(self._left, column) + 1
        return f"the grid would span {columns} columns, more than {self.rules.max_columns}"

    def _clash(self, location: Location, tile: Tile) -> str | None:
        """The first tile in the same row or column that shares the glyph or the colour."""
        row, column = location
        for (r, c), index in sorted(self._cells.items()):
            if r != row and c != column:
                continue
            other = TILES[index]
            line = f"row {row}" if r == row else f"column {column}"
            if other.glyph == tile.glyph:
                return f"{tile} repeats the glyph {tile.glyph.symbol} of {other} at [{r}, {c}] in {line}"
            if other.colour == tile.colour:
                return f"{tile} repeats the colour {tile.colour.name} of {other} at [{r}, {c}] in {line}"
        return None

    def allowed(self, location: Location) -> Allowed:
        """The glyphs, colours and tiles allowed at a location now."""
        if location in self._cells or not self._is_open(location):
            return Allowed(location, (), (), ())
        used = self._used(*location)
        glyphs, colours = used & _GLYPH_BITS, used >> _COLOUR_SHIFT
        return Allowed(
            location,
            tuple(g for g in GLYPHS if not glyphs >> g.index & 1),
            tuple(c for c in COLOURS if not colours >> c.index & 1),
            tuple(tiles_in(self.fitting_mask(location) & ~self._placed)),
        )

    def legal_locations(self, tiles: int = ALL_TILES) -> list[Location]:
        """Sorted locations where one of ``tiles`` not yet in the grid could go."""
        return [loc for loc, _ in self.fitting(tiles & ~self._placed)]

    # --- changing --------------------------------------------------------------

    def place(self, location: Location, tile: Tile) -> None:
        """Play a tile; raises IllegalPlacement naming the rule it would break."""
        rule = self.why_not(location, tile)
        if rule is not None:
            raise IllegalPlacement(Problem(location, rule))
        self._put(location, tile.index)

    def _put(self, location: Location, index: int) -> None:
        """Add a tile without checking the rules (callers have checked)."""
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
        bits = _TILE_LINE_BITS[index]
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


def problems(tiles: Mapping[Location, Tile], rules: Rules) -> list[Problem]:
    """Everything that makes a set of placed tiles an impossible Grawlix grid.

    Checked in order: a tile used twice, two tiles in a line sharing a glyph
    or a colour, tiles not joined edge to edge, a span over the limits.
    """
    found: list[Problem] = []
    seen: dict[Tile, Location] = {}
    for loc in sorted(tiles):
        tile = tiles[loc]
        if tile in seen:
            first = seen[tile]
            found.append(Problem(loc, f"{tile} is already in the grid at [{first[0]}, {first[1]}]"))
        seen.setdefault(tile, loc)

    ordered = sorted(tiles)
    for i, loc in enumerate(ordered):
        for other in ordered[:i]:
            if other[0] != loc[0] and other[1] != loc[1]:
                continue
            a, b = tiles[other], tiles[loc]
            if a == b:
                continue
            line = f"row {loc[0]}" if other[0] == loc[0] else f"column {loc[1]}"
            shared = (
                f"glyph {b.glyph.symbol}" if a.glyph == b.glyph
                else f"colour {b.colour.name}" if a.colour == b.colour
                else None
            )  # fmt: skip
            if shared:
                found.append(
                    Problem(loc, f"{b} shares its {shared} with {a} at [{other[0]}, {other[1]}] in {line}")
                )

    if tiles:
        start = ordered[0]
        reached, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for dr, dc in _NEIGHBOURS:
                n = (r + dr, c + dc)
                if n in tiles and n not in reached:
                    reached.add(n)
                    todo.append(n)
        for loc in ordered:
            if loc not in reached:
                found.append(
                    Problem(loc, f"{tiles[loc]} is not joined edge to edge to the tile at [{start[0]}, {start[1]}]")
                )
                break

        rows = [r for r, _ in tiles]
        columns = [c for _, c in tiles]
        if max(rows) - min(rows) + 1 > rules.max_rows:
            far = max(ordered, key=lambda loc: loc[0])
            found.append(Problem(far, f"the grid spans {max(rows) - min(rows) + 1} rows, more than {rules.max_rows}"))
        if max(columns) - min(columns) + 1 > rules.max_columns:
            far = max(ordered, key=lambda loc: loc[1])
            found.append(
                Problem(far, f"the grid spans {max(columns) - min(columns) + 1} columns, more than {rules.max_columns}")
            )
    return found


def grid_of(tiles: Mapping[Location, Tile], rules: Rules) -> Grid:
    """A Grid holding a valid set of tiles; raises IllegalPlacement with the first problem."""
    found = problems(tiles, rules)
    if found:
        raise IllegalPlacement(found[0])
    grid = Grid(rules)
    for loc in sorted(tiles):
        grid._put(loc, tiles[loc].index)
    return grid


# --- the whole game ---------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """Placing ``tile`` at ``location``: one turn of play."""

    location: Location
    tile: Tile


@dataclass
class Game:
    """A game from the full supply: draft, then play and redraft, until someone is stuck.

    Player 0 is the first player. Hands and supply are tile masks; the public
    methods take and return Tiles.
    """

    rules: Rules
    grid: Grid = field(init=False)
    supply: int = ALL_TILES
    hands: list[int] = field(default_factory=lambda: [0, 0])
    to_move: int = 0
    history: list[Move] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.grid = Grid(self.rules)
        if 2 * self.rules.hand_size > len(TILES):
            raise ValueError(f"hand size {self.rules.hand_size} needs more than {len(TILES)} tiles")

    @property
    def drafting(self) -> bool:
        """Still in the opening draft: someone holds fewer than a full hand."""
        return not self.grid and sum(h.bit_count() for h in self.hands) < 2 * self.rules.hand_size

    def hand(self, player: int) -> list[Tile]:
        return tiles_in(self.hands[player])

    def draft(self, tile: Tile) -> None:
        """The player to move takes a tile from the supply into their hand."""
        bit = 1 << tile.index
        if not self.supply & bit:
            raise ValueError(f"{tile} is not in the supply")
        if not self.drafting:
            raise ValueError("the draft is over; tiles are drafted only to refill a hand")
        self.supply &= ~bit
        self.hands[self.to_move] |= bit
        self.to_move = 1 - self.to_move

    def legal_moves(self) -> list[Move]:
        """Every placement the player to move could make, by location then tile."""
        return [
            Move(loc, t)
            for loc, fits in self.grid.fitting(self.hands[self.to_move])
            for t in tiles_in(fits)
        ]

    def has_legal_move(self) -> bool:
        return bool(self.grid.fitting(self.hands[self.to_move]))

    @property
    def over(self) -> bool:
        return not self.drafting and not self.has_legal_move()

    @property
    def loser(self) -> int | None:
        """The player to move once they cannot play; None while the game goes on."""
        return self.to_move if self.over else None

    def play(self, move: Move, refill: Tile | None = None) -> None:
        """Place a tile from the mover's hand, then refill from the supply if it has tiles.

        ``refill`` names the tile drafted; it must be given while the supply lasts.
        """
        if self.drafting:
            raise ValueError("the draft is not finished")
        bit = 1 << move.tile.index
        if not self.hands[self.to_move] & bit:
            raise ValueError(f"{move.tile} is not in the hand of player {self.to_move + 1}")
        if self.supply and refill is None:
            raise ValueError("a tile must be drafted from the supply after playing")
        if refill is not None and not self.supply >> refill.index & 1:
            raise ValueError(f"{refill} is not in the supply")
        rule = self.grid.why_not(move.location, move.tile)
        if rule is not None:
            raise IllegalPlacement(Problem(move.location, rule))
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
    supply = list(range(len(TILES)))
    rng.shuffle(supply)  # drafting from a shuffled supply = drafting uniformly at random
    while game.drafting:
        game.draft(TILES[supply.pop()])
    while options := game.grid.fitting(game.hands[game.to_move]):
        location, fits = options[rng.randrange(len(options))]
        tile = TILES[_random_bit(fits, rng)]
        game._apply(Move(location, tile), supply.pop() if supply else None)
    return game
