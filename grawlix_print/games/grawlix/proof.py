"""The typesetters' puzzle, and the largest legal grid the game's own rules allow.

Two questions, one for the order alone and one for the rules as set:

* **The square** (the typesetters' puzzle): can all n * n tiles (n glyphs, n
  colours) fill a square of n rows and n columns? Its glyphs then form a Latin
  square, so do its colours, and since every glyph-colour pair is on exactly
  one tile the two squares are *orthogonal*. For n = 6 this is Euler's
  thirty-six officers problem. A full square exists for every n but 2 and 6.
* **The largest grid** under ``rules.toml``: the most tiles one legal grid
  holds when it may span at most ``max_rows`` rows and ``max_columns``
  columns (at, below or above the order; gaps allowed; the grid joined edge
  to edge). No row holds more than n tiles (a glyph would repeat) nor more
  than ``max_columns``, and likewise for columns, so no grid holds more than
  min(rows, n) x min(columns, n) tiles (the *counting bound*). The answer is
  settled by finding a grid that reaches the bound, except where theory or
  the square's search shows it cannot be reached:

  - order 2: a tile may share a line only with the one tile that differs from it
    in both glyph and colour, so no three tiles can be joined (at most two);
  - order 6 within six rows and six columns: no full square, and none one tile
    short (``why_not_one_short``), so thirty-four, a grid the search builds.

  Every other bound is reached by a grid that the rules engine checks: part of
  a full square; for order 6 a full rectangle of up to 5 x 6 found by a small
  search; and for order 6 with room for a seventh row or column, all 36 tiles
  with one gap in each line, found as a colouring of a Latin square's cells by
  column (``spread_grid``).

How the square is settled depends on the order, so no order can hang a build:

* up to ``EXHAUSTIVE_UP_TO`` (6), by exhausting the Latin squares, as Tarry
  first did: every *reduced* square (first row and column in order) is
  enumerated, sorted into isotopy and main classes, and searched for a mate
  through its *transversals* (n cells, one in each row, column and symbol): a
  square has a mate exactly when its cells split into n transversals. When
  none has one, n * n - 1 is impossible too (``why_not_one_short``) and a grid
  of n * n - 2 tiles is built from disjoint transversals and checked by the
  rules engine;
* up to ``CONSTRUCTED_UP_TO`` (8), by construction: the reduced squares are
  too many to list (16,942,080 of order 7), but one square with many
  transversals (the cyclic group's for odd n, the XOR table's for powers of
  two) yields a mate, hence a full grid, checked by the engine;
* beyond, from theory alone (Bose, Shrikhande and Parker, 1959): stated, with
  a note, never searched or drawn.

Every search has a budget of steps far above what it needs (the tests run each
one), so a build never hangs. Pure computation; ``cached_proof`` keeps both
answers in the user's cache (``grawlix_print.cache``): the square's search takes
about a second and no answer ever changes.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from functools import cache
from itertools import combinations, permutations
from pathlib import Path

from ...cache import key_of, read_cached, store
from ...facts.wording import counted, in_words
from . import tiles as components
from . import engine
from . import rules as rules_module
from .tiles import Tile, TileSet
from .engine import Grid, Location
from .rules import Rules

Square = tuple[tuple[int, ...], ...]
"""A Latin square as rows of symbols 0..n-1."""
Cells = tuple[tuple[int, int, int, int], ...]
"""A grid as (row, column, glyph, colour) per tile, in reading order."""

EXHAUSTIVE_UP_TO = 6
"""Orders whose reduced Latin squares are all enumerated (9,408 of order 6, in about a second)."""
CONSTRUCTED_UP_TO = 8
"""Orders settled by constructing one full grid; beyond, the answer is stated from theory."""
NO_MATE_ORDERS = (2, 6)
"""The orders with no pair of orthogonal Latin squares (Tarry 1900; Bose, Shrikhande and Parker 1959)."""
SEARCH_BUDGET = 2_000_000
"""Steps any one search may take before it gives up: about four seconds, and a hundred times
what the largest search the rules can ask for needs (a 5 x 5 rectangle of order 6)."""


class SearchExhausted(RuntimeError):
    """A search ran out of its budget: a bug, since the tests run every search the rules can ask for."""


def why_not_one_short(order: int) -> str:
    """Why a grid one tile short of full is impossible whenever a full one is."""
    full, short, n, rest = order * order, order * order - 1, in_words(order), in_words(order - 1)
    rows, seen = ("one full row holds", "once in it")
    if order > 2:
        rows, seen = f"{rest} full rows each hold", f"{rest} times among them"
    return (
        f"A grid of {short} tiles within {n} rows and {n} columns leaves one cell empty and one "
        f"tile out. The {rows} every glyph and every colour, so the glyph and the "
        f"colour of the missing tile appear {seen} and never in the row with the hole; "
        f"the same holds for the column with the hole. The missing tile would therefore fit in the hole and "
        f"make a full square of all {full}, which cannot exist."
    )


@dataclass(frozen=True)
class SquareProof:
    """The typesetters' puzzle for one order: can all the tiles fill a square? Counts checkable
    against the literature.

    ``method`` is ``search`` (every reduced square enumerated), ``construction``
    (one square with a mate built) or ``theory`` (stated, not searched); the
    class counts are 0 where squares were not enumerated. ``richest`` is the
    searched square with the most transversals (what ``spread_grid`` colours).
    """

    order: int
    method: str
    squares_searched: int  # reduced squares searched for a mate (OEIS A000315: 9,408 for order 6)
    isotopy_classes: int  # OEIS A040082: 22 for order 6
    main_classes: int  # OEIS A003090: 12 for order 6
    transversals: tuple[int, ...]  # per main class (or per square constructed), fewest first
    squares_with_mate: int
    possible: bool
    most: int  # the most tiles a square of the order's side holds
    grid: Cells  # the fullest square found (empty from theory)
    richest: Square
    seconds: float

    @property
    def note(self) -> str:
        """How the square's answer was reached, in a sentence."""
        order = in_words(self.order)
        if self.method == "search":
            return f"All {self.squares_searched:,} reduced Latin squares of order {order} were searched."
        if self.method == "construction":
            return f"A full grid of order {order} was constructed and checked by the rules engine."
        return (
            f"Order {order} is not searched: by the theorem of Bose, Shrikhande and Parker (1959), "
            f"orthogonal Latin squares exist for every order but {' and '.join(map(in_words, NO_MATE_ORDERS))}."
        )


BOUNDS = ("supply", "lines", "square", "pairs")
"""What stops a grid from holding more: every tile is in it; the rows and columns the rules
allow, each holding at most one tile of each glyph; the square's search; order two's pairs."""


@dataclass(frozen=True)
class Proof:
    """The largest legal grid under the rules (order and limits together), with the square's answer.

    ``method`` says how ``max_tiles`` was reached: ``search`` (a search found the grid, or the
    square's search showed no larger one exists), ``construction`` (part of a full square built
    for the order) or ``theory`` (stated, no grid drawn). ``bound`` (one of ``BOUNDS``) says
    why no grid holds more.
    """

    order: int
    max_rows: int
    max_columns: int
    max_tiles: int
    method: str
    bound: str
    largest_grid: Cells
    square: SquareProof
    seconds: float

    @property
    def full_grid_possible(self) -> bool:
        """Whether one legal grid under these rules holds every tile."""
        return self.max_tiles == self.order * self.order

    @property
    def square_fits(self) -> bool:
        """Whether the rules let a grid span a whole square of the order's side."""
        return min(self.max_rows, self.max_columns) >= self.order

    @property
    def span(self) -> tuple[int, int]:
        """Rows and columns the largest grid found spans (0, 0 from theory)."""
        if not self.largest_grid:
            return 0, 0
        rows = {r for r, _, _, _ in self.largest_grid}
        columns = {c for _, c, _, _ in self.largest_grid}
        return max(rows) - min(rows) + 1, max(columns) - min(columns) + 1

    @property
    def note(self) -> str:
        """How the largest grid was found, in a sentence."""
        rows, columns = self.span
        grid = f"{counted(self.max_tiles, 'tile')} in {counted(rows, 'row')} and {counted(columns, 'column')}"
        if self.bound == "pairs":
            return f"The grid of {grid} was checked by the rules engine."
        if self.method == "theory":
            if self.bound != "lines":
                return self.square.note
            return (
                f"Order {in_words(self.order)} is not searched: a full square exists by the theorem of "
                "Bose, Shrikhande and Parker (1959), and part of it fills the rows and columns the rules allow."
            )
        if self.bound == "square":
            return f"{self.square.note} The grid of {grid} was built from transversals and checked by the rules engine."
        if self.bound == "supply" and self.square.possible:
            return self.square.note
        if self.method == "construction":
            return f"The grid of {grid}, part of a full square, was checked by the rules engine."
        return f"The grid of {grid} was found by a search and checked by the rules engine."

    @property
    def why_most(self) -> str:
        """Why no legal grid under these rules holds more tiles than ``max_tiles``, in words."""
        n, most, rows, columns = self.order, self.max_tiles, self.max_rows, self.max_columns
        if self.bound == "pairs":
            if most == 1:
                return "The grid spans one row and one column, so it holds one tile."
            return (
                "With two glyphs and two colours, a tile may share a row or a column only with the one tile "
                "that differs from it in both glyph and colour. Any three joined tiles put one of them in line "
                "with both others, so no legal grid holds more than two tiles."
            )
        if self.bound == "square":
            return (
                f"No grid within {in_words(n)} rows and {in_words(n)} columns holds all "
                f"{in_words(n * n)} tiles, nor {in_words(n * n - 1)}, so the largest legal grid holds "
                f"{in_words(most)}."
            )
        if self.bound == "supply":
            if self.square.possible or not self.largest_grid:
                return f"A legal grid can hold all {in_words(most)} tiles."
            wider = "columns" if self.span[1] > n else "rows"
            return (
                f"No square of {in_words(n)} rows and {in_words(n)} columns holds all {in_words(most)} "
                f"tiles, but these rules let the grid span more than {in_words(n)} {wider}: with a gap in "
                f"each line, all {in_words(most)} tiles fit."
            )
        if rows < n and columns < n:
            return (
                f"These rules let a grid span at most {counted(rows, 'row')} and {counted(columns, 'column')}: "
                f"{in_words(most)} cells, and a legal grid can fill them all."
            )
        line, limit = ("row", rows) if rows < n else ("column", columns)
        return (
            f"These rules let a grid span at most {counted(limit, line)}, and no {line} holds more than "
            f"{counted(n, 'tile')}, one of each glyph, so no grid holds more than {in_words(most)}; "
            f"a legal grid of {in_words(most)} tiles exists."
        )

    def grid_tiles(self, tiles: TileSet) -> dict[Location, Tile]:
        """The largest grid found, as tiles by location."""
        return {(r, c): tiles.tile(glyph, colour) for r, c, glyph, colour in self.largest_grid}

    def record(self) -> dict:
        """A JSON-ready summary: the figures ``grawlix-print facts`` prints."""
        square = self.square
        record = {
            "max_tiles": self.max_tiles,
            "full_grid_possible": self.full_grid_possible,
            "order": self.order,
            "max_rows": self.max_rows,
            "max_columns": self.max_columns,
            "method": self.method,
            "bound": self.bound,
            "squares_searched": square.squares_searched,
            "seconds": round(self.seconds, 3),
            "full_square_possible": square.possible,
            "square_method": square.method,
            "isotopy_classes": square.isotopy_classes,
            "main_classes": square.main_classes,
            "transversals": list(square.transversals),
            "squares_with_mate": square.squares_with_mate,
            "largest_grid": [list(cell) for cell in self.largest_grid],
            "note": self.note,
            "square_note": square.note,
            "why_most": self.why_most,
        }
        if not square.possible:
            record["why_not_one_short"] = why_not_one_short(self.order)
        return record


# --- enumerating reduced Latin squares -----------------------------------------


@cache
def _perms(n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(permutations(range(n)))


def reduced_squares(n: int) -> list[Square]:
    """Every reduced Latin square of order ``n``, in lexicographic order.

    Rows are filled with whole permutations; a cell (column, symbol) is one
    bit, so a row fits under the rows above when its bits miss theirs.
    """
    by_first: dict[int, list[tuple[tuple[int, ...], int]]] = {}
    for p in _perms(n):
        bits = sum(1 << (j * n + s) for j, s in enumerate(p))
        by_first.setdefault(p[0], []).append((p, bits))
    first = tuple(range(n))
    found: list[Square] = []

    def extend(rows: list[tuple[int, ...]], used: int) -> None:
        if len(rows) == n:
            found.append(tuple(rows))
            return
        for row, bits in by_first[len(rows)]:
            if not bits & used:
                rows.append(row)
                extend(rows, used | bits)
                rows.pop()

    extend([first], by_first[0][0][1])
    return found


# --- classes: isotopy and main classes ---------------------------------------------


def _key(square: Square) -> bytes:
    """A square as bytes, one per cell: the form ``reduced_isotopes`` gives its results in."""
    return bytes(s for row in square for s in row)


def reduced_isotopes(square: Square) -> set[bytes]:
    """Every reduced square isotopic to ``square`` (rows, columns and symbols renamed).

    To reduce an isotope, pick the row that goes first and any order of the
    columns; the first row then fixes the renaming of symbols and the first
    column the order of the other rows. All ``n * n!`` choices, at once in numpy.
    """
    import numpy as np  # only the first, uncached run searches

    n = len(square)
    grid = np.array(square, dtype=np.int64)
    orders = np.array(_perms(n), dtype=np.int64)  # (n!, n)
    shuffled = grid[:, orders].transpose(1, 0, 2)  # (n!, row, column)
    keys: set[bytes] = set()
    for top in range(n):
        relabel = np.argsort(shuffled[:, top, :], axis=1)  # symbol -> its column in the new first row
        renamed = np.take_along_axis(relabel[:, None, :].repeat(n, 1), shuffled, axis=2)
        order = np.argsort(renamed[:, :, 0], axis=1)
        reduced = np.take_along_axis(renamed, order[:, :, None].repeat(n, 2), axis=1)
        keys.update(r.tobytes() for r in reduced.astype(np.uint8))
    return keys


def conjugates(square: Square) -> list[Square]:
    """The six squares made by swapping the roles of row, column and symbol."""
    n = len(square)
    triples = [(r, c, square[r][c]) for r in range(n) for c in range(n)]
    result = []
    for roles in permutations(range(3)):
        cells = [[0] * n for _ in range(n)]
        for t in triples:
            cells[t[roles[0]]][t[roles[1]]] = t[roles[2]]
        result.append(tuple(map(tuple, cells)))
    return result


def reduce(square: Square) -> Square:
    """One reduced square isotopic to ``square``: rename symbols by the first row, sort the rows."""
    rename = {s: k for k, s in enumerate(square[0])}
    return tuple(sorted(tuple(rename[s] for s in row) for row in square))


@dataclass(frozen=True)
class Classes:
    """The reduced squares of one order sorted into isotopy classes and main classes."""

    isotopy: list[Square]  # a representative of each isotopy class
    main: list[Square]  # a representative of each main class


def classify(squares: list[Square]) -> Classes:
    """Sort reduced squares (all of one order) into classes; checks that no isotope is missing."""
    index = {_key(s): k for k, s in enumerate(squares)}
    class_of = [-1] * len(squares)
    representatives: list[Square] = []
    for k, square in enumerate(squares):
        if class_of[k] >= 0:
            continue
        for key in reduced_isotopes(square):
            other = index.get(key)
            if other is None:  # an isotope the enumeration missed: the search would be incomplete
                raise AssertionError("reduced isotope outside the enumeration")
            class_of[other] = len(representatives)
        representatives.append(square)
    # Main classes: isotopy classes joined by conjugation (union-find over class numbers).
    parent = list(range(len(representatives)))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for k, square in enumerate(representatives):
        for conjugate in conjugates(square):
            other = class_of[index[_key(reduce(conjugate))]]
            parent[root(other)] = root(k)
    main = [s for k, s in enumerate(representatives) if root(k) == k]
    return Classes(representatives, main)


# --- transversals and orthogonal mates ---------------------------------------------


def transversals(square: Square) -> list[int]:
    """Every transversal of the square, as a bit mask of cells (bit ``row * n + column``)."""
    n = len(square)
    # Per row, each cell as (column and symbol bits, cell bit): one test per step of the walk.
    rows = [[(1 << c | 1 << (n + s), 1 << (r * n + c)) for c, s in enumerate(row)] for r, row in enumerate(square)]
    found: list[int] = []

    def walk(row: int, used: int, cells: int) -> None:
        if row == n:
            found.append(cells)
            return
        for bits, cell in rows[row]:
            if not bits & used:
                walk(row + 1, used | bits, cells | cell)

    walk(0, 0, 0)
    return found


def transversals_of_each(squares: list[Square], chunk: int = 1024) -> list[list[int]]:
    """``transversals`` of many squares of one small order, in the same order: every choice of one
    cell a row in distinct columns (a permutation, in the walk's lexicographic order) tested on all
    squares at once in numpy. The exhaustive search takes every reduced square's: 9,408 walks of
    order 6 took a second."""
    import numpy as np  # only the first, uncached run searches

    if not squares:
        return []
    n = len(squares[0])
    orders = np.array(_perms(n), dtype=np.intp)  # (n!, n): row r's cell is in column orders[:, r]
    masks = (np.int64(1) << (np.arange(n, dtype=np.int64) * n + orders)).sum(axis=1).tolist()
    bit = (1 << np.arange(n)).astype(np.uint16)  # a symbol's bit: n distinct symbols make all n bits
    found: list[list[int]] = []
    for start in range(0, len(squares), chunk):
        grid = np.array(squares[start : start + chunk], dtype=np.uint8)  # (squares, row, column)
        symbols = grid[:, np.arange(n), orders]  # (squares, n!, row): the symbol each choice takes
        distinct = bit[symbols].sum(axis=2, dtype=np.uint16) == (1 << n) - 1
        where, which = np.nonzero(distinct)
        split = np.searchsorted(where, np.arange(1, len(grid)))
        found += [[masks[k] for k in part.tolist()] for part in np.split(which, split)]
    return found


def disjoint_sets(masks: list[int], count: int) -> Iterator[tuple[int, ...]]:
    """Every choice of ``count`` pairwise disjoint masks (ascending indices)."""

    def walk(start: int, taken: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if len(chosen) == count:
            yield chosen
            return
        for k in range(start, len(masks)):
            if not masks[k] & taken:
                yield from walk(k + 1, taken | masks[k], (*chosen, masks[k]))

    return walk(0, 0, ())


def orthogonal_mate(square: Square, found: list[int] | None = None) -> Square | None:
    """A Latin square orthogonal to ``square`` (its cells split into n transversals), or None.

    ``found`` may pass the square's transversals when they are already known.
    """
    n = len(square)
    masks = transversals(square) if found is None else found
    covered = 0
    for mask in masks:
        covered |= mask
    if len(masks) < n or covered != (1 << n * n) - 1:  # too few to split the cells, or a cell in none
        return None
    for split in disjoint_sets(masks, n):
        mate = [[0] * n for _ in range(n)]
        for colour, cells in enumerate(split):
            for cell in range(n * n):
                if cells >> cell & 1:
                    mate[cell // n][cell % n] = colour
        return tuple(map(tuple, mate))
    return None


# --- the largest grid within a square ------------------------------------------------------------------


def _partial_transversals(square: Square, cells: list[tuple[int, int]], size: int) -> Iterator[int]:
    """Sets of ``size`` of the given cells with no row, column or symbol twice, as masks."""
    n = len(square)
    for chosen in combinations(cells, size):
        if len({r for r, _ in chosen}) == len({c for _, c in chosen}) == len({square[r][c] for r, c in chosen}) == size:
            yield sum(1 << (r * n + c) for r, c in chosen)


def largest_grids(square: Square, holes: int) -> Iterator[list[int]]:
    """Colourings of all but ``holes`` cells: colour classes as masks, the first ones full transversals.

    Full transversals take as many colours as possible; the cells they leave
    get the remaining colours as partial transversals, together covering all
    but ``holes`` of them.
    """
    n = len(square)
    every = transversals(square)
    for full in range(n - 1, -1, -1):
        for split in disjoint_sets(every, full):
            taken = 0
            for mask in split:
                taken |= mask
            left = [(cell // n, cell % n) for cell in range(n * n) if not taken >> cell & 1]
            colours = n - full
            need = len(left) - holes
            if need < colours or need % colours:
                continue
            parts = list(_partial_transversals(square, left, need // colours))
            for rest in disjoint_sets(parts, colours):
                yield [*split, *rest]


def _as_cells(square: Square, colouring: list[int]) -> Cells:
    n = len(square)
    return tuple(
        (cell // n, cell % n, square[cell // n][cell % n], colour)
        for cell in range(n * n)
        for colour, mask in enumerate(colouring)
        if mask >> cell & 1
    )


def find_largest_grid(main: list[Square], tiles: TileSet) -> Cells:
    """A grid of all tiles but two that the rules engine accepts (joined edge to edge, no clash)."""
    rules = _square_rules(tiles)
    for square in sorted(main, key=lambda s: -len(transversals(s))):
        for colouring in largest_grids(square, holes=2):
            cells = _as_cells(square, colouring)
            if _accepted(cells, tiles, rules):
                return cells
    raise AssertionError("no grid of all tiles but two found")


def _square_rules(tiles: TileSet) -> Rules:
    """Whatever rules.toml allows, the square's question is whether the tiles fill a square as wide as the order."""
    return Rules(tiles, tiles.order, tiles.order, 1)


def _accepted(cells: Cells, tiles: TileSet, rules: Rules) -> bool:
    try:
        Grid.from_tiles({(r, c): tiles.tile(glyph, colour) for r, c, glyph, colour in cells}, rules)
    except ValueError:
        return False  # the holes cut a corner off, for instance: try another
    return True


def full_grid(square: Square, mate: Square) -> Cells:
    """The cells of a full grid: glyphs from ``square``, colours from its mate."""
    n = len(square)
    return tuple((r, c, square[r][c], mate[r][c]) for r in range(n) for c in range(n))


def group_square(n: int) -> Square:
    """A square with many transversals: the XOR table for powers of two, else the cyclic group's."""
    if n & (n - 1) == 0:
        return tuple(tuple(r ^ c for c in range(n)) for r in range(n))
    return tuple(tuple((r + c) % n for c in range(n)) for r in range(n))


# --- grids the rules' limits allow ------------------------------------------------------------


def transposed(cells: Cells) -> Cells:
    """The grid turned about its diagonal: rows become columns. The rules treat both alike."""
    return tuple(sorted((c, r, glyph, colour) for r, c, glyph, colour in cells))


def corner(cells: Cells, rows: int, columns: int) -> Cells:
    """The part of a grid in its first ``rows`` rows and ``columns`` columns."""
    return tuple(cell for cell in cells if cell[0] < rows and cell[1] < columns)


def full_rectangle(order: int, rows: int, columns: int, budget: int = SEARCH_BUDGET) -> Cells | None:
    """A grid filling ``rows`` x ``columns`` cells (each at most ``order``), or None if there is none.

    A depth-first search, cell by cell in reading order. Renaming glyphs or
    colours keeps a grid legal, so the first row holds glyph k in colour k in
    column k. Raises ``SearchExhausted`` past ``budget`` steps.
    """
    if max(rows, columns) > order:
        return None
    row_glyphs, row_colours = [0] * rows, [0] * rows
    column_glyphs, column_colours = [0] * columns, [0] * columns
    cells: list[tuple[int, int, int, int]] = []
    for k in range(columns):
        row_glyphs[0] |= 1 << k
        row_colours[0] |= 1 << k
        column_glyphs[k] |= 1 << k
        column_colours[k] |= 1 << k
        cells.append((0, k, k, k))
    steps = 0

    def fill(cell: int, pairs: int) -> bool:
        nonlocal steps
        if cell == rows * columns:
            return True
        steps += 1
        if steps > budget:
            raise SearchExhausted(f"a full {rows} x {columns} grid of order {order}")
        r, c = divmod(cell, columns)
        glyphs_used, colours_used = row_glyphs[r] | column_glyphs[c], row_colours[r] | column_colours[c]
        for glyph in range(order):
            if glyphs_used >> glyph & 1:
                continue
            for colour in range(order):
                pair = 1 << (glyph * order + colour)
                if colours_used >> colour & 1 or pairs & pair:
                    continue
                g, k = 1 << glyph, 1 << colour
                row_glyphs[r] |= g
                column_glyphs[c] |= g
                row_colours[r] |= k
                column_colours[c] |= k
                cells.append((r, c, glyph, colour))
                if fill(cell + 1, pairs | pair):
                    return True
                cells.pop()
                row_glyphs[r] ^= g
                column_glyphs[c] ^= g
                row_colours[r] ^= k
                column_colours[c] ^= k
        return False

    first_row = sum(1 << (k * order + k) for k in range(columns))
    return tuple(cells) if fill(columns, first_row) else None


def spread_grid(square: Square, columns: int, budget: int = SEARCH_BUDGET) -> Iterator[Cells]:
    """Grids of all n * n tiles in n rows and ``columns`` columns, with gaps.

    Row r holds glyph g in colour ``square[r][g]``: every row has each glyph and
    each colour once, and every tile is used once. What is left is each tile's
    column: tiles of one row, of one glyph or of one colour must all differ, a
    colouring of the square's cells (its *Latin square graph*) in ``columns``
    colours. With n colours that is an orthogonal mate; one more column can be
    enough where no mate exists (order 6). Columns are interchangeable, so a
    cell may open at most the next unused one. Yields each colouring found.
    """
    n = len(square)
    by_row, by_glyph, by_colour = [0] * n, [0] * n, [0] * n
    placed: dict[tuple[int, int], int] = {}
    steps = 0

    def colour(cell: int, opened: int) -> Iterator[Cells]:
        nonlocal steps
        if cell == n * n:
            yield tuple(sorted((r, placed[r, g], g, square[r][g]) for r in range(n) for g in range(n)))
            return
        steps += 1
        if steps > budget:
            raise SearchExhausted(f"a spread grid of order {n} in {columns} columns")
        r, g = divmod(cell, n)
        s = square[r][g]
        used = by_row[r] | by_glyph[g] | by_colour[s]
        for column in range(min(columns, opened + 1)):
            bit = 1 << column
            if used & bit:
                continue
            by_row[r] |= bit
            by_glyph[g] |= bit
            by_colour[s] |= bit
            placed[r, g] = column
            yield from colour(cell + 1, max(opened, column + 1))
            by_row[r] ^= bit
            by_glyph[g] ^= bit
            by_colour[s] ^= bit

    return colour(0, 0)


def two_tiles(rows: int, columns: int) -> Cells:
    """Order two's largest grid: a tile and the one that differs from it in both glyph and colour."""
    if rows * columns == 1:
        return ((0, 0, 0, 0),)
    return ((0, 0, 0, 0), (0, 1, 1, 1)) if columns > 1 else ((0, 0, 0, 0), (1, 0, 1, 1))


# --- the whole proof, cached ---------------------------------------------------------------


def prove_square(tiles: TileSet) -> SquareProof:
    """Settle the typesetters' puzzle for the tile set's order (as many glyphs as colours)."""
    n = tiles.order
    start = time.perf_counter()
    if n > CONSTRUCTED_UP_TO:
        possible = n not in NO_MATE_ORDERS
        return SquareProof(n, "theory", 0, 0, 0, (), 0, possible, n * n if possible else n * n - 2, (), (), 0.0)
    if n > EXHAUSTIVE_UP_TO:
        square = group_square(n)
        found = transversals(square)
        mate = orthogonal_mate(square, found)
        if mate is None:
            raise AssertionError(f"the group square of order {n} has no mate")
        cells = full_grid(square, mate)
        if not _accepted(cells, tiles, _square_rules(tiles)):
            raise AssertionError("the engine refuses the constructed full grid")
        return SquareProof(n, "construction", 1, 0, 0, (len(found),), 1, True, n * n, cells, square,
                           time.perf_counter() - start)  # fmt: skip
    squares = reduced_squares(n)
    classes = classify(squares)
    counts = sorted(len(transversals(s)) for s in classes.main)
    # Searching one square per main class would do; searching all of them makes the count checkable.
    mates = [(s, m) for s, found in zip(squares, transversals_of_each(squares))
             if (m := orthogonal_mate(s, found)) is not None]  # fmt: skip
    if mates:
        largest = full_grid(*mates[0])
        if not _accepted(largest, tiles, _square_rules(tiles)):
            raise AssertionError("the engine refuses the full grid")
    else:
        largest = find_largest_grid(classes.main, tiles)  # n*n - 1 is ruled out by why_not_one_short
    return SquareProof(
        order=n,
        method="search",
        squares_searched=len(squares),
        isotopy_classes=len(classes.isotopy),
        main_classes=len(classes.main),
        transversals=tuple(counts),
        squares_with_mate=len(mates),
        possible=bool(mates),
        most=len(largest),
        grid=largest,
        richest=max(classes.main, key=lambda s: len(transversals(s))),
        seconds=time.perf_counter() - start,
    )


def prove(tiles: TileSet, max_rows: int, max_columns: int, square: SquareProof | None = None) -> Proof:
    """The largest legal grid for the tile set's order within ``max_rows`` x ``max_columns``.

    ``square`` is the order's ``prove_square`` when it is already known. The
    counting bound min(rows, n) x min(columns, n) caps every grid (see the
    module's docstring); each case below reaches it with a grid the engine
    checks, or says why it cannot be reached.
    """
    start = time.perf_counter()
    n = tiles.order
    square = square or prove_square(tiles)
    rows, columns = min(max_rows, n), min(max_columns, n)
    rules = Rules(tiles, max_rows, max_columns, 1)

    def settled(cells: Cells, method: str, bound: str, most: int | None = None) -> Proof:
        if cells and not _accepted(cells, tiles, rules):
            raise AssertionError(f"the engine refuses the grid found for {max_rows} x {max_columns}")
        count = len(cells) if most is None else most
        return Proof(n, max_rows, max_columns, count, method, bound, cells, square, time.perf_counter() - start)

    if n == 2:
        return settled(two_tiles(rows, columns), "theory", "pairs")
    if rows == columns == n:  # the rules allow a whole square
        if square.possible:
            return settled(square.grid, square.method, "supply", n * n)
        if max(max_rows, max_columns) > n:  # room for one line more: every tile, with gaps
            for cells in spread_grid(square.richest, n + 1):
                cells = cells if max_columns > n else transposed(cells)
                if _accepted(cells, tiles, rules):
                    return settled(cells, "search", "supply")
            raise AssertionError(f"no grid of all tiles in {n} x {n + 1} found")
        return settled(square.grid, "search", "square")
    if square.possible:  # the limits cut the square: part of a full one fills them
        if not square.grid:
            return settled((), "theory", "lines", rows * columns)
        return settled(corner(square.grid, rows, columns), "construction", "lines")
    short, long = sorted((rows, columns))
    found = full_rectangle(n, short, long)
    if found is None:
        raise AssertionError(f"no full {short} x {long} grid of order {n} found")
    return settled(found if rows <= columns else transposed(found), "search", "lines")


_PROOF_CODE = tuple(
    Path(module.__file__) for module in (sys.modules[__name__], engine, rules_module, components)  # type: ignore[arg-type]
)
"""What the proof's result depends on besides the order and limits: this search, the engine
that checks its grid, the rules parameters and the tile set's code."""


def _code_key() -> str:
    return key_of(b"".join(path.read_bytes() for path in _PROOF_CODE))


def _cached(name: str) -> dict | None:
    data = read_cached(name)
    if data is None:
        return None
    try:
        fields = json.loads(data)
        return fields if isinstance(fields, dict) else None
    except ValueError:
        return None


def _tuples(value: list) -> tuple:
    return tuple(tuple(item) if isinstance(item, list) else item for item in value)


def cached_square(tiles: TileSet) -> SquareProof:
    """The square's answer for the tile set's order, read from the cache when this code has found it before."""
    name = f"square-{tiles.order}-{_code_key()}.json"
    fields = _cached(name)
    if fields is not None:
        try:
            return SquareProof(**{**fields, "transversals": tuple(fields["transversals"]),
                                  "grid": _tuples(fields["grid"]), "richest": _tuples(fields["richest"])})  # fmt: skip
        except (TypeError, KeyError):
            pass
    square = prove_square(tiles)
    store(name, (json.dumps(asdict(square), sort_keys=True) + "\n").encode())
    return square


def cached_proof(tiles: TileSet, max_rows: int, max_columns: int) -> Proof:
    """The proof for the order and limits, read from the cache when this code has run it before."""
    square = cached_square(tiles)
    name = f"proof-{tiles.order}-{max_rows}x{max_columns}-{_code_key()}.json"
    fields = _cached(name)
    if fields is not None:
        try:
            return Proof(**{**fields, "largest_grid": _tuples(fields["largest_grid"]), "square": square})
        except (TypeError, KeyError):
            pass
    proof = prove(tiles, max_rows, max_columns, square)
    record = {k: v for k, v in asdict(proof).items() if k != "square"}
    store(name, (json.dumps(record, sort_keys=True) + "\n").encode())
    return proof
