"""The typesetters' puzzle, proved: no legal grid holds all 36 tiles, none holds 35, one holds 34.

A grid of at most six rows and six columns that holds all 36 tiles fills
every cell; its glyphs then form a Latin square (each glyph once per row and
column), so do its colours, and since every glyph-colour pair is on exactly
one tile the two squares are *orthogonal*. This is Euler's thirty-six
officers problem. The search here settles it the way Tarry first did, by
exhausting the Latin squares of order six:

1. enumerate every *reduced* Latin square (first row and column in order):
   every Latin square is one of them with its rows and symbols renamed, and
   renaming keeps orthogonal mates, so these are all squares that matter;
2. sort them into isotopy classes and main classes (renaming rows, columns
   and symbols, and swapping the roles of row, column and symbol, all of
   which keep a square's ability to have a mate);
3. for one square per main class, list its *transversals* (six cells, one in
   each row, column and symbol) and look for six disjoint ones: a square has
   an orthogonal mate exactly when its cells split into transversals, each
   transversal being the cells of one colour of the mate.

None has one. Thirty-five is impossible for a simpler reason (see
``WHY_NOT_35``); a 34-tile grid is built from four disjoint transversals and
two partial ones, and checked by the rules engine.

Pure computation; ``cached_proof`` keeps the result in the user's cache
(``grawlix_print.cache``): the search takes a second and its answer never changes.
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
from ...errors import GrawlixError
from . import engine
from . import rules as rules_module
from .engine import Grid, Location
from .rules import Rules
from . import components as identity
from .components import COLOURS, GLYPHS, TILES, Tile

Square = tuple[tuple[int, ...], ...]
"""A Latin square as rows of symbols 0..n-1."""

WHY_NOT_35 = (
    "A grid of 35 tiles within six rows and six columns leaves one cell empty and one tile out. "
    "The five full rows each hold every glyph and every colour, so the glyph and the colour of "
    "the missing tile appear five times among them and never in the row with the hole; the same "
    "holds for the column with the hole. The missing tile would therefore fit in the hole and "
    "make a legal grid of all 36, which cannot exist."
)


@dataclass(frozen=True)
class Proof:
    """What the search found; the counts can be checked against the literature."""

    order: int
    squares_searched: int  # every reduced square, searched for a mate (OEIS A000315: 9,408 for order 6)
    isotopy_classes: int  # OEIS A040082: 22
    main_classes: int  # OEIS A003090: 12
    transversals: tuple[int, ...]  # per main class, fewest first (OEIS A090741: at most 32)
    squares_with_mate: int  # 0: no orthogonal mate, so no grid of all the tiles
    max_tiles: int
    largest_grid: tuple[tuple[int, int, int, int], ...]  # (row, column, glyph, colour) per tile
    seconds: float

    @property
    def full_grid_possible(self) -> bool:
        return self.squares_with_mate > 0

    def grid_tiles(self) -> dict[Location, Tile]:
        """The largest grid found, as tiles by location."""
        return {(r, c): TILES[colour * len(GLYPHS) + glyph] for r, c, glyph, colour in self.largest_grid}

    def record(self) -> dict:
        """A JSON-ready summary: the figures ``grawlix-print facts --json`` prints."""
        data = asdict(self)
        data["transversals"] = list(self.transversals)
        data["largest_grid"] = [list(cell) for cell in self.largest_grid]
        return {
            "max_tiles": self.max_tiles,
            "full_grid_possible": self.full_grid_possible,
            "squares_searched": self.squares_searched,
            "seconds": round(self.seconds, 3),
            **{k: v for k, v in data.items() if k not in ("max_tiles", "seconds", "squares_searched")},
            "why_not_35": WHY_NOT_35,
        }


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
    for split in disjoint_sets(transversals(square) if found is None else found, n):
        mate = [[0] * n for _ in range(n)]
        for colour, cells in enumerate(split):
            for cell in range(n * n):
                if cells >> cell & 1:
                    mate[cell // n][cell % n] = colour
        return tuple(map(tuple, mate))
    return None


# --- the largest grid ------------------------------------------------------------------


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
    for full in range(n - 1, 0, -1):
        for split in disjoint_sets(every, full):
            taken = 0
            for mask in split:
                taken |= mask
            left = [(cell // n, cell % n) for cell in range(n * n) if not taken >> cell & 1]
            colours = n - full
            need = len(left) - holes
            if need <= 0 or need % colours:
                continue
            parts = list(_partial_transversals(square, left, need // colours))
            for rest in disjoint_sets(parts, colours):
                yield [*split, *rest]


def _as_cells(square: Square, colouring: list[int]) -> tuple[tuple[int, int, int, int], ...]:
    n = len(square)
    return tuple(
        (cell // n, cell % n, square[cell // n][cell % n], colour)
        for cell in range(n * n)
        for colour, mask in enumerate(colouring)
        if mask >> cell & 1
    )


def find_largest_grid(main: list[Square], rules: Rules) -> tuple[tuple[int, int, int, int], ...]:
    """A grid of all tiles but two that the rules engine accepts (joined edge to edge, no clash)."""
    n = len(GLYPHS)
    by_transversals = sorted(main, key=lambda s: -len(transversals(s)))
    for square in by_transversals:
        for colouring in largest_grids(square, holes=2):
            cells = _as_cells(square, colouring)
            tiles = {(r, c): TILES[colour * n + glyph] for r, c, glyph, colour in cells}
            try:
                Grid.from_tiles(tiles, rules)
            except ValueError:
                continue  # the two holes cut a corner off: try another
            return cells
    raise AssertionError("no grid of all tiles but two found")


# --- the whole proof, cached ---------------------------------------------------------------


def prove() -> Proof:
    """Run the search for the game's tile set (order = number of glyphs = number of colours).

    The grid limit is the order itself: whatever rules.toml allows, the question is
    whether the tiles fill a square as wide as there are glyphs.
    """
    n = len(GLYPHS)
    if len(COLOURS) != n:
        raise GrawlixError(f"the proof needs as many colours as glyphs ({len(COLOURS)} and {n})")
    rules = Rules(max_rows=n, max_columns=n, hand_size=1)
    start = time.perf_counter()
    squares = reduced_squares(n)
    classes = classify(squares)
    counts = sorted(len(transversals(s)) for s in classes.main)
    # Searching one square per main class would do; searching all of them makes the count checkable.
    with_mate = sum(orthogonal_mate(s) is not None for s in squares)
    if with_mate:
        largest = ()
        max_tiles = n * n
    else:
        largest = find_largest_grid(classes.main, rules)
        max_tiles = len(largest)  # n*n - 1 is ruled out by WHY_NOT_35
    return Proof(
        order=n,
        squares_searched=len(squares),
        isotopy_classes=len(classes.isotopy),
        main_classes=len(classes.main),
        transversals=tuple(counts),
        squares_with_mate=with_mate,
        max_tiles=max_tiles,
        largest_grid=largest,
        seconds=time.perf_counter() - start,
    )


_PROOF_CODE = tuple(
    Path(module.__file__) for module in (sys.modules[__name__], engine, rules_module, identity)
)
"""What the proof's result depends on: this search, the engine that checks its grid,
the rules parameters and the tile identity (the glyphs and colours themselves)."""


def cached_proof() -> Proof:
    """The proof, read from the cache when this code has run it before, else run and stored."""
    name = f"proof-{key_of(*(path.read_bytes() for path in _PROOF_CODE))}.json"
    data = read_cached(name)
    if data is not None:
        try:
            fields = json.loads(data)
            return Proof(
                **{**fields, "transversals": tuple(fields["transversals"]),
                   "largest_grid": tuple(tuple(cell) for cell in fields["largest_grid"])}
            )  # fmt: skip
        except (ValueError, TypeError, KeyError):
            pass
    proof = prove()
    store(name, (json.dumps(asdict(proof), sort_keys=True) + "\n").encode())
    return proof
