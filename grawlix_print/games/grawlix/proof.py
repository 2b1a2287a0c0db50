"""The typesetters' puzzle, proved for the game's own order: how many tiles the largest legal grid holds.

A grid of at most n rows and n columns (n glyphs, n colours) that holds all
n * n tiles fills every cell; its glyphs then form a Latin square (each glyph
once per row and column), so do its colours, and since every glyph-colour
pair is on exactly one tile the two squares are *orthogonal*. For n = 6 this
is Euler's thirty-six officers problem. A full grid exists exactly when a
Latin square of order n has an orthogonal mate: for every n but 2 and 6.

How it is settled depends on the order, so no order can hang a build:

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
  a note, never searched.

Pure computation; ``cached_proof`` keeps the result in the user's cache
(``grawlix_print.cache``): a search takes up to a second and its answer never changes.
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
from ...facts.wording import in_words
from ...pieces import tiles as components
from . import engine
from . import rules as rules_module
from ...pieces.tiles import Tile, TileSet
from .engine import Grid, Location
from .rules import Rules

Square = tuple[tuple[int, ...], ...]
"""A Latin square as rows of symbols 0..n-1."""

EXHAUSTIVE_UP_TO = 6
"""Orders whose reduced Latin squares are all enumerated (9,408 of order 6, in about a second)."""
CONSTRUCTED_UP_TO = 8
"""Orders settled by constructing one full grid; beyond, the answer is stated from theory."""
NO_MATE_ORDERS = (2, 6)
"""The orders with no pair of orthogonal Latin squares (Tarry 1900; Bose, Shrikhande and Parker 1959)."""


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
        f"make a legal grid of all {full}, which cannot exist."
    )


@dataclass(frozen=True)
class Proof:
    """What the search found; the counts can be checked against the literature.

    ``method`` is ``search`` (every reduced square enumerated), ``construction``
    (one square with a mate built) or ``theory`` (stated, not searched); the
    class counts are 0 where squares were not enumerated.
    """

    order: int
    method: str
    squares_searched: int  # reduced squares searched for a mate (OEIS A000315: 9,408 for order 6)
    isotopy_classes: int  # OEIS A040082: 22 for order 6
    main_classes: int  # OEIS A003090: 12 for order 6
    transversals: tuple[int, ...]  # per main class (or per square constructed), fewest first
    squares_with_mate: int
    full_grid_possible: bool
    max_tiles: int
    largest_grid: tuple[tuple[int, int, int, int], ...]  # (row, column, glyph, colour) per tile
    seconds: float

    @property
    def note(self) -> str:
        """How the answer was reached, in a sentence."""
        order = in_words(self.order)
        if self.method == "search":
            return f"All {self.squares_searched:,} reduced Latin squares of order {order} were searched."
        if self.method == "construction":
            return f"A full grid of order {order} was constructed and checked by the rules engine."
        return (
            f"Order {order} is not searched: by the theorem of Bose, Shrikhande and Parker (1959), "
            f"orthogonal Latin squares exist for every order but {' and '.join(map(in_words, NO_MATE_ORDERS))}."
        )

    def grid_tiles(self, tiles: TileSet) -> dict[Location, Tile]:
        """The largest grid found, as tiles by location."""
        return {(r, c): tiles.tile(glyph, colour) for r, c, glyph, colour in self.largest_grid}

    def record(self) -> dict:
        """A JSON-ready summary: the figures ``grawlix-print facts`` prints."""
        data = asdict(self)
        data["transversals"] = list(self.transversals)
        data["largest_grid"] = [list(cell) for cell in self.largest_grid]
        first = ("max_tiles", "full_grid_possible", "order", "method", "squares_searched", "seconds")
        record = {key: data[key] for key in first}
        record["seconds"] = round(self.seconds, 3)
        record.update({k: v for k, v in data.items() if k not in first})
        record["note"] = self.note
        if not self.full_grid_possible:
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


def _as_cells(square: Square, colouring: list[int]) -> tuple[tuple[int, int, int, int], ...]:
    n = len(square)
    return tuple(
        (cell // n, cell % n, square[cell // n][cell % n], colour)
        for cell in range(n * n)
        for colour, mask in enumerate(colouring)
        if mask >> cell & 1
    )


def find_largest_grid(main: list[Square], tiles: TileSet) -> tuple[tuple[int, int, int, int], ...]:
    """A grid of all tiles but two that the rules engine accepts (joined edge to edge, no clash)."""
    rules = _square_rules(tiles)
    for square in sorted(main, key=lambda s: -len(transversals(s))):
        for colouring in largest_grids(square, holes=2):
            cells = _as_cells(square, colouring)
            if _accepted(cells, tiles, rules):
                return cells
    raise AssertionError("no grid of all tiles but two found")


def _square_rules(tiles: TileSet) -> Rules:
    """Whatever rules.toml allows, the question is whether the tiles fill a square as wide as the order."""
    return Rules(tiles, tiles.order, tiles.order, 1)


def _accepted(cells: tuple[tuple[int, int, int, int], ...], tiles: TileSet, rules: Rules) -> bool:
    try:
        Grid.from_tiles({(r, c): tiles.tile(glyph, colour) for r, c, glyph, colour in cells}, rules)
    except ValueError:
        return False  # the holes cut a corner off, for instance: try another
    return True


def full_grid(square: Square, mate: Square) -> tuple[tuple[int, int, int, int], ...]:
    """The cells of a full grid: glyphs from ``square``, colours from its mate."""
    n = len(square)
    return tuple((r, c, square[r][c], mate[r][c]) for r in range(n) for c in range(n))


def group_square(n: int) -> Square:
    """A square with many transversals: the XOR table for powers of two, else the cyclic group's."""
    if n & (n - 1) == 0:
        return tuple(tuple(r ^ c for c in range(n)) for r in range(n))
    return tuple(tuple((r + c) % n for c in range(n)) for r in range(n))


# --- the whole proof, cached ---------------------------------------------------------------


def prove(tiles: TileSet) -> Proof:
    """Settle the largest grid for the tile set's order (as many glyphs as colours)."""
    n = tiles.order
    start = time.perf_counter()
    if n > CONSTRUCTED_UP_TO:
        possible = n not in NO_MATE_ORDERS
        return Proof(n, "theory", 0, 0, 0, (), 0, possible, n * n if possible else n * n - 2, (), 0.0)
    if n > EXHAUSTIVE_UP_TO:
        square = group_square(n)
        found = transversals(square)
        mate = orthogonal_mate(square, found)
        if mate is None:
            raise AssertionError(f"the group square of order {n} has no mate")
        cells = full_grid(square, mate)
        if not _accepted(cells, tiles, _square_rules(tiles)):
            raise AssertionError("the engine refuses the constructed full grid")
        return Proof(n, "construction", 1, 0, 0, (len(found),), 1, True, n * n, cells,
                     time.perf_counter() - start)  # fmt: skip
    squares = reduced_squares(n)
    classes = classify(squares)
    counts = sorted(len(transversals(s)) for s in classes.main)
    # Searching one square per main class would do; searching all of them makes the count checkable.
    mates = [(s, m) for s in squares if (m := orthogonal_mate(s)) is not None]
    if mates:
        largest = full_grid(*mates[0])
        if not _accepted(largest, tiles, _square_rules(tiles)):
            raise AssertionError("the engine refuses the full grid")
    else:
        largest = find_largest_grid(classes.main, tiles)  # n*n - 1 is ruled out by why_not_one_short
    return Proof(
        order=n,
        method="search",
        squares_searched=len(squares),
        isotopy_classes=len(classes.isotopy),
        main_classes=len(classes.main),
        transversals=tuple(counts),
        squares_with_mate=len(mates),
        full_grid_possible=bool(mates),
        max_tiles=len(largest),
        largest_grid=largest,
        seconds=time.perf_counter() - start,
    )


_PROOF_CODE = tuple(
    Path(module.__file__) for module in (sys.modules[__name__], engine, rules_module, components)  # type: ignore[arg-type]
)
"""What the proof's result depends on besides the order: this search, the engine that
checks its grid, the rules parameters and the tile set's code."""


def cached_proof(tiles: TileSet) -> Proof:
    """The proof for the tile set's order, read from the cache when this code has run it before."""
    code = b"".join(path.read_bytes() for path in _PROOF_CODE)
    name = f"proof-{tiles.order}-{key_of(code)}.json"
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
    proof = prove(tiles)
    store(name, (json.dumps(asdict(proof), sort_keys=True) + "\n").encode())
    return proof
