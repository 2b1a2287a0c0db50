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
``loose = "V* V$ B$"`` gives the order, left to right, in which tiles the grid
lacks lie beneath it; those it does not list follow in supply order.

A file is read whole before it is judged: every tile that breaks a rule, every
unknown token and every bad marker is its own problem (``Position.problems``).

A ``[tokens]`` table says what the file's letters and characters stand for, by
name (``colours = { R = "red", ... }``, ``glyphs = { "@" = "at sign", ... }``),
so a colour's letter or a glyph's character changed in ``components.toml``
changes nothing here: a token is read by the name of its piece, then by its
letter, then, for a piece renamed in both, as the one piece left over
(``Legend``). A token that still names nothing is a problem that says which
piece it probably meant.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from ...errors import StudioError, gathered
from ...files import read_text
from .tiles import Colour, Glyph, Tile, TileSet, UnknownTile
from .engine import Grid, Location, Problem, Reason
from .rules import Rules
from ...files import parse_toml
from .templates import POSITIONS_DIR

EMPTY = "."
KEYS = ("grid", "markers", "description", "loose", "tokens")
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
    problems: tuple[StudioError, ...] = field(default=(), compare=False)
    """What breaks the rules in the file, each on its own (read with ``lenient``): the grid then
    holds the tiles that can stay, so whatever else the text says about it can still be judged."""


def load_position(path: str | Path, rules: Rules, lenient: bool = False) -> Position:
    """Read and validate one position file; any problem is a StudioError naming the file.

    Every problem in it is found (each tile that breaks a rule, each unknown token,
    marker or loose tile), and raised together; with ``lenient`` they are kept in the
    position's ``problems`` instead, and its grid holds the tiles that keep the rules.
    A file that cannot be read or parsed is an error either way.
    """
    path = Path(path)
    text = read_text(path, MAX_FILE_BYTES)
    data = parse_toml(text, str(path))
    position = parse_position(data, rules, name=path.stem, source=str(path), text=text)
    if not lenient:
        gathered(position.problems)
    return position


def load_positions(templates: Path, rules: Rules) -> dict[str, Position]:
    """Every ``templates/positions/*.toml``, by name, in name order."""
    folder = templates / POSITIONS_DIR
    return {p.stem: load_position(p, rules) for p in sorted(folder.glob("*.toml"))}


Piece = TypeVar("Piece", Colour, Glyph)


@dataclass(frozen=True)
class Legend:
    """What a file's letters and characters stand for, as its ``[tokens]`` table names them.

    ``colours`` and ``glyphs`` map the file's letter (or character) to the piece of
    ``components.toml`` it means now; ``lost`` says, for one that means none, why.
    """

    colours: dict[str, Colour] = field(default_factory=dict)
    glyphs: dict[str, Glyph] = field(default_factory=dict)
    lost: dict[str, str] = field(default_factory=dict)

    def tile(self, token: str, tiles: TileSet) -> Tile:
        """The tile a token of the file names; raises UnknownTile (saying why, if the table knows)."""
        letter, character = token[:1].upper(), token[1:]
        colour = self.colours.get(letter) or next((c for c in tiles.colours if c.letter == letter), None)
        glyph = self.glyphs.get(character) or next((g for g in tiles.glyphs if g.symbol == character), None)
        if colour is None or glyph is None:
            why = self.lost.get(letter if colour is None else character, "")
            raise UnknownTile(why)
        return tiles.tile(glyph.index, colour.index)


def read_legend(value: object, tiles: TileSet, where: str) -> Legend:
    """The ``[tokens]`` table, resolved against the tile set (an empty legend without one)."""
    if value is None:
        return Legend()
    here = f"{where}: [tokens]"
    if not isinstance(value, dict) or set(value) - {"colours", "glyphs"}:
        raise StudioError('must hold colours = { R = "red", ... } and glyphs = { "@" = "at sign", ... }', here)
    for key, entries in value.items():
        if not isinstance(entries, dict) or not all(isinstance(v, str) for v in entries.values()):
            raise StudioError(f'{key} must be a table of names, such as {{ R = "red" }}', here)
    lost: dict[str, str] = {}
    colours = _resolve(value.get("colours", {}), tiles.colours, lambda c: c.letter, "colour", lost)
    glyphs = _resolve(value.get("glyphs", {}), tiles.glyphs, lambda g: g.symbol, "glyph", lost)
    return Legend({k.upper(): c for k, c in colours.items()}, glyphs, lost)


def _resolve(
    named: dict[str, str], pieces: tuple[Piece, ...], key_of: Callable[[Piece], str], kind: str,
    lost: dict[str, str],
) -> dict[str, Piece]:
    """Each of the file's keys (letters or characters) to the piece it means now.

    By the piece's name first, then by the key itself (a piece renamed but keeping
    its letter); pieces renamed in both are paired, in order, with the keys left
    over, when as many of each are left. A key that means no piece gets a line
    in ``lost``: what it stood for, and the piece it probably means.
    """
    by_name = {p.name: p for p in pieces}
    by_key = {key_of(p): p for p in pieces}
    found = {k: by_name[name] for k, name in named.items() if name in by_name}
    for k in named:
        if k not in found and k in by_key and by_key[k] not in found.values():
            found[k] = by_key[k]
    keys = [k for k in named if k not in found]
    spare = [p for p in pieces if p not in found.values()]
    if len(keys) == len(spare):
        found.update(zip(keys, spare))
    for k in keys:
        if k not in found:
            guess = f"; probably {spare[0].name} ({key_of(spare[0])})" if len(spare) == 1 else ""
            lost[k] = f"{k} stands for {named[k]!r} ([tokens] {kind}s), which components.toml has no more{guess}"
    return found


def parse_position(
    data: dict, rules: Rules, name: str = "position", source: str = "", text: str = ""
) -> Position:
    """The position a file's table describes, with every problem it has in its ``problems``.

    A file without a usable grid (none, not a string, no tile in it) is an error at once.
    """
    where = source or name
    for key in data:
        if key not in KEYS:
            raise StudioError(f"unknown key {key!r} (known: {', '.join(KEYS)})", where)
    if "grid" not in data:
        raise StudioError("missing grid (a string with one line of tile tokens per row)", where)
    grid_text = data["grid"]
    if not isinstance(grid_text, str):
        raise StudioError("grid must be a string with one line of tile tokens per row", where)
    description = data.get("description", "")
    if not isinstance(description, str):
        raise StudioError("description must be a string", where)

    problems: list[StudioError] = []
    legend = read_legend(data.get("tokens"), rules.tiles, where)
    tiles, first_line = _read_grid(grid_text, rules.tiles, legend, where, _first_grid_line(text), problems)
    if not tiles and not problems:
        raise StudioError("empty grid: it holds no tiles", where)
    grid = Grid(rules)
    if tiles and not problems:  # unknown tokens leave holes: what the grid would say is not worth judging
        grid, refused = lenient_grid(tiles, rules)
        if len(tiles) > len(rules.tiles.tiles):  # read no further than a repeat: it alone is worth saying
            refused = refused[:1]
        problems += [StudioError(p.rule, _at(where, p.location, first_line)) for p in refused]
    markers = _read_markers(data.get("markers", {}), where, problems)
    loose = _read_loose(data.get("loose", ""), grid, tiles, legend, where, problems)
    return Position(name, grid, markers, description, source, loose, tuple(problems))


def lenient_grid(tiles: Mapping[Location, Tile], rules: Rules) -> tuple[Grid, list[Problem | CutOff]]:
    """The grid of the tiles that can be placed, and the problem of each that cannot.

    Placed as ``Grid.from_tiles`` places them, nearest the top first, each beside
    one already placed; a tile that breaks a rule is left out and named, and so
    the tiles after it are still judged. A tile joined to the rest only through
    ones left out is named as cut off (taking out only the named tiles would
    leave it stranded); a group of tiles joined to nothing at all is named by its
    first tile.
    """
    grid = Grid(rules)
    refused: list[Problem | CutOff] = []
    out: set[Location] = set()
    start = min(tiles)
    frontier, seen = [start], {start}
    while frontier:
        location = heapq.heappop(frontier)
        problem = grid.why_not(location, tiles[location])
        if problem is not None:
            refused.append(problem)
            out.add(location)
            continue
        grid.place(location, tiles[location])
        for near in _beside(location):
            if near in tiles and near not in seen:
                seen.add(near)
                heapq.heappush(frontier, near)
    left = {location for location in tiles if location not in seen}
    while left:  # each group of tiles never reached: cut off by a tile left out, or joined to nothing
        group, todo = set(), [min(left)]
        while todo:
            location = todo.pop()
            if location in left:
                left.discard(location)
                group.add(location)
                todo += _beside(location)
        if any(near in out for location in group for near in _beside(location)):
            refused += [CutOff(location, tiles[location]) for location in sorted(group)]
        else:
            stray = min(group)
            refused.append(Problem(Reason.NOT_JOINED, stray, tiles[stray]))
    return grid, sorted(refused, key=lambda p: p.location or (0, 0))


@dataclass(frozen=True)
class CutOff:
    """A tile joined to the grid only through tiles that break the rules."""

    location: Location
    tile: Tile

    @property
    def rule(self) -> str:
        return f"{self.tile} is cut off: it joins the grid only through tiles that break the rules"


def _beside(location: Location) -> list[Location]:
    row, column = location
    return [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]


def _read_loose(
    text: object, grid: Grid, written: Mapping[Location, Tile], legend: Legend, where: str,
    problems: list[StudioError],
) -> tuple[Tile, ...]:
    """The lacking tiles in the order the file gives, then any it leaves out, in supply order.

    A tile listed twice, or one the grid's text holds, is a problem (dropped from the list);
    a lacking tile not listed is no problem: it joins the end, so taking tiles out of the grid
    needs no edit here.
    """
    if not isinstance(text, str):
        problems.append(StudioError('loose must be a string of tile tokens, such as "V* V$ B$"', where))
        return ()
    if not text.strip():
        return ()
    tiles = grid.rules.tiles
    listed: list[Tile] = []
    for token in text.split():
        try:
            tile = legend.tile(token, tiles)
        except UnknownTile as error:
            problems.append(StudioError(f"loose: {_unknown(token, str(error), tiles)}", where))
            continue
        if tile in listed:
            problems.append(StudioError(f"loose: {tile} is listed twice", where))
        elif tile in written.values():
            problems.append(StudioError(f"loose: {tile} is in the grid, so it cannot lie beneath it", where))
        else:
            listed.append(tile)
    held = set(grid.tiles().values())
    lacking = [t for t in tiles.tiles if t not in held]
    return (*[t for t in listed if t in lacking], *[t for t in lacking if t not in listed])


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
    grid_text: str, tile_set: TileSet, legend: Legend, where: str, first_line: int | None,
    problems: list[StudioError],
) -> tuple[dict[Location, Tile], int | None]:
    """The tiles by location, and the file line of row 0 (blank lines before it skipped).

    Each unknown token is a problem of its own, naming the piece it probably meant:
    one whose letter (or character) the file uses nowhere else, when just one is.
    Reading stops at one tile more than the supply holds: that tile repeats one,
    which the engine then names, and a huge grid costs no more.
    """
    lines = grid_text.split("\n")
    skipped = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    lines = lines[skipped:]
    first_line = None if first_line is None else first_line + skipped
    tiles: dict[Location, Tile] = {}
    unknown: list[tuple[Location, str, str]] = []
    for row, line in enumerate(lines):
        for column, token in enumerate(line.split()):
            if token == EMPTY:
                continue
            try:
                tile = legend.tile(token, tile_set)
            except UnknownTile as error:
                unknown.append(((row, column), token, str(error)))
                if len(unknown) > len(tile_set.tiles):  # not a position file at all: enough said
                    break
                continue
            tiles[(row, column)] = tile
            if len(tiles) > len(tile_set.tiles):
                break
    used = set(tiles.values())
    for location, token, why in unknown:
        problems.append(StudioError(_unknown(token, why, tile_set, used), _at(where, location, first_line)))
    return tiles, first_line


def _unknown(token: str, why: str, tile_set: TileSet, used: set[Tile] | None = None) -> str:
    """Why a token names no tile, with the tile it probably means when that can be told."""
    shown = token if len(token) <= 12 else token[:10] + "..."
    guess = why or _guess(token, tile_set, used or set())
    return f"unknown token {shown!r}: " + (guess or f"{tile_set.token_hint()}, an empty cell is '{EMPTY}'")


def _guess(token: str, tile_set: TileSet, used: set[Tile]) -> str:
    """The tile a stale token probably means: its letter (or glyph) is no piece's now, and just one
    colour (or glyph) of the set appears nowhere in the file, as a renamed one would not."""
    letter, character = token[:1].upper(), token[1:]
    colour = next((c for c in tile_set.colours if c.letter == letter), None)
    glyph = next((g for g in tile_set.glyphs if g.symbol == character), None)
    stale = []
    if colour is None:
        stale.append(f"no colour has the letter {letter} now")
        unused = [c for c in tile_set.colours if all(t.colour != c for t in used)]
        colour = unused[0] if len(unused) == 1 and len(letter) == 1 else None
    if glyph is None:
        stale.append(f"no glyph is {character!r} now")
        unused_glyphs = [g for g in tile_set.glyphs if all(t.glyph != g for t in used)]
        glyph = unused_glyphs[0] if len(unused_glyphs) == 1 and len(character) == 1 else None
    if colour is None or glyph is None:
        return ""
    tile = tile_set.tile(glyph.index, colour.index)
    whose = " and ".join(
        part for part, changed in (("letter", tile.colour.letter != letter), ("glyph", tile.glyph.symbol != character))
        if changed
    )  # fmt: skip
    return f"{' and '.join(stale)}; probably {tile.token}, the {tile.colour.name} {tile.glyph.name}, whose {whose} no other tile here uses"


def _read_markers(markers: object, where: str, problems: list[StudioError]) -> dict[str, Location]:
    if not isinstance(markers, dict):
        problems.append(StudioError('markers must be a table such as [markers] "?" = [1, 0]', where))
        return {}
    found = {}
    for label, value in markers.items():
        if not (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            problems.append(StudioError(f"marker {label!r} must be two integers [row, column], not {value!r}", where))
            continue
        found[label] = (value[0], value[1])
    return found
