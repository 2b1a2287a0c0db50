"""What the leaflet may say about the game, answered by the rules engine.

Placeholders (``{max_rows}``, ``{example-2.locations}``, ``{example-2.?.glyphs}``)
become words and conditions (``example-2: ? closes !``) become true or false,
all from ``rules.toml``, the tile definition and the engine. A statement the
engine contradicts is a GrawlixError filed under the position's file, so the
designer sees which example no longer says what the text claims.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from ..errors import GrawlixError
from ..game.engine import ALL_TILES, Location, tiles_in
from ..game.positions import Position
from ..game.rules import Rules
from ..tile.identity import COLOURS, GLYPHS, TILES, Tile
from .wording import in_words, join_words


@dataclass(frozen=True)
class Value:
    """A filled-in placeholder: markup, plus the number or items it was made from."""

    markup: str
    number: int | None = None
    items: tuple[str, ...] = ()


def number_value(n: int) -> Value:
    """A count, in words where the prose uses words."""
    return Value(in_words(n), number=n)


def list_value(items: list[str]) -> Value:
    return Value(join_words(items), items=tuple(items))


def glyph_markup(symbol: str) -> str:
    """A glyph in running text: bold, as the designer sets them."""
    return f"<b>{escape(symbol)}</b>"


def tile_words(tile: Tile) -> str:
    """``B@`` -> ``blue <b>@</b>``."""
    return f"{tile.colour.name}\u00a0{glyph_markup(tile.glyph.symbol)}"


GAME_VALUES: dict[str, Callable[[Rules], Value]] = {
    "tiles": lambda r: number_value(len(TILES)),
    "glyphs": lambda r: number_value(len(GLYPHS)),
    "colours": lambda r: number_value(len(COLOURS)),
    "glyph_list": lambda r: list_value([glyph_markup(g.symbol) for g in GLYPHS]),
    "colour_list": lambda r: list_value([c.name for c in COLOURS]),
    "max_rows": lambda r: number_value(r.max_rows),
    "max_columns": lambda r: number_value(r.max_columns),
    "hand_size": lambda r: number_value(r.hand_size),
}
"""Placeholders about the game itself: the tile definition and rules.toml."""


class Facts:
    """Answers placeholders and conditions about the game and its positions, from the engine.

    ``source`` is the leaflet text, named (with a line) in error messages.
    """

    def __init__(self, rules: Rules, positions: dict[str, Position], source: str):
        self.rules = rules
        self.positions = positions
        self.source = source

    # placeholders ------------------------------------------------------------

    def value(self, name: str, line: int, known_globals: tuple[str, ...] = ()) -> Value:
        """The value of ``{name}``; ``known_globals`` only completes the list in an error."""
        where = f"{self.source}:{line}"
        if name in GAME_VALUES:
            return GAME_VALUES[name](self.rules)
        parts = name.split(".")
        position = self._position(parts[0], where, name)
        if len(parts) == 2 and parts[1] in _POSITION_VALUES:
            return _POSITION_VALUES[parts[1]](position)
        if len(parts) == 3 and parts[2] in _MARKER_VALUES:
            location = self._marker(position, parts[1], where)
            allowed = position.grid.allowed(location)
            if not allowed.legal:
                reason = f"{parts[1]} at {_at(location)} is not a legal location"
                raise self._false(position, f"fills in {{{name}}}", line, reason)
            return _MARKER_VALUES[parts[2]](position, location)
        known = ", ".join(
            [*(known_globals or GAME_VALUES), *(f"POSITION.{k}" for k in _POSITION_VALUES),
             *(f"POSITION.MARKER.{k}" for k in _MARKER_VALUES)]
        )  # fmt: skip
        raise GrawlixError(f"unknown placeholder {{{name}}} (known: {known})", where)

    def _position(self, name: str, where: str, text: str) -> Position:
        if name not in self.positions:
            raise GrawlixError(f"unknown placeholder or position in {{{text}}}", where)
        return self.positions[name]

    @staticmethod
    def _marker(position: Position, label: str, where: str) -> Location:
        if label not in position.markers:
            known = " ".join(position.markers) or "none"
            raise GrawlixError(
                f"{position.name} has no marker {label!r} (its markers: {known})", where
            )
        return position.markers[label]

    def _false(self, position: Position, statement: str, line: int, reason: str) -> GrawlixError:
        """A statement about a position that the engine contradicts, filed under the position's file."""
        return GrawlixError(
            f"the leaflet {statement} ({self.source}:{line}), but {reason}", position.source or position.name
        )

    # conditions ----------------------------------------------------------------

    def condition(self, text: str, line: int) -> tuple[bool, str]:
        """Whether ``POSITION: CONDITION`` holds, and if not, why (for the error)."""
        where = f"{self.source}:{line}"
        name, colon, rest = text.partition(":")
        if not colon:
            raise GrawlixError(f"condition {text!r} must read 'POSITION: CONDITION'", where)
        position = self._position(name.strip(), where, text)
        words = rest.split()
        negate = bool(words) and words[0] == "not"
        if negate:
            words = words[1:]
        holds, reason = self._test(position, words, where, text)
        if negate:
            return (False, f"'{' '.join(words)}' holds") if holds else (True, "")
        return holds, reason

    def _test(self, position: Position, words: list[str], where: str, text: str) -> tuple[bool, str]:
        grid = position.grid
        top, left, bottom, right = grid.bounds
        legal = grid.legal_locations()
        match words:
            case ["new", "row"]:
                holds = any(r < top or r > bottom for r, _ in legal)
                return holds, f"no tile can go in a new row of {position.name}"
            case ["new", "column"]:
                holds = any(c < left or c > right for _, c in legal)
                return holds, f"no tile can go in a new column of {position.name}"
            case [mark, "legal"]:
                location = self._marker(position, mark, where)
                return location in legal, f"{mark} at {_at(location)} is not a legal location"
            case [mark, ("closes" | "keeps") as verb, other]:
                return self._closing(position, mark, other, verb == "closes", where)
            case [mark, "fills", ("rows" | "columns") as lines]:
                location = self._marker(position, mark, where)
                if location not in legal:
                    return False, f"{mark} at {_at(location)} is not a legal location"
                rows, columns = span_after(position, location)
                span, limit = (rows, self.rules.max_rows) if lines == "rows" else (columns, self.rules.max_columns)
                return span >= limit, f"the grid would span {span} {lines} of the {limit} allowed"
        raise GrawlixError(
            f"unknown condition {text!r}: write 'POSITION: [not] new row | new column | "
            f"M legal | M closes N | M keeps N | M fills rows | M fills columns' (M, N markers)",
            where,
        )

    def _closing(
        self, position: Position, mark: str, other: str, closes: bool, where: str
    ) -> tuple[bool, str]:
        """Whether every tile that fits at ``mark`` closes (or keeps open) ``other``."""
        grid = position.grid
        location, target = self._marker(position, mark, where), self._marker(position, other, where)
        fitting = grid.allowed(location).tiles
        if not fitting:
            return False, f"{mark} at {_at(location)} is not a legal location"
        if target not in grid.legal_locations():
            return False, f"{other} at {_at(target)} is not a legal location to begin with"
        for tile in fitting:
            closed = target in grid.closed_by(location, tile)
            if closes and not closed:
                return False, f"placing {tile} at {mark} leaves {other} available"
            if closed and not closes:
                return False, f"placing {tile} at {mark} makes {other} unavailable"
        return True, ""

    def check(self, text: str, line: int) -> None:
        holds, reason = self.condition(text, line)
        if not holds:
            name = text.partition(":")[0].strip()
            raise self._false(self.positions[name], f'claims "{text.strip()}"', line, reason)


def _at(location: Location) -> str:
    return f"[{location[0]}, {location[1]}]"


def _tiles_phrase(tiles: list[Tile]) -> Value:
    if not tiles:
        return Value("no tiles", number=0)
    return Value("the " + join_words([tile_words(t) for t in tiles]), number=len(tiles))


def _line_tiles(position: Position, location: Location, in_row: bool) -> list[Tile]:
    row, column = location
    return [
        t for (r, c), t in position.grid.tiles().items()
        if (r == row if in_row else c == column)
    ]  # fmt: skip


def span_after(position: Position, location: Location) -> tuple[int, int]:
    """Rows and columns the grid spans once a tile is placed at a legal location.

    Any fitting tile gives the same span, so the first one stands for all.
    """
    grid = position.grid
    after = grid.after(location, grid.allowed(location).tiles[0])
    return after.rows, after.columns


_POSITION_VALUES: dict[str, Callable[[Position], Value]] = {
    "tiles": lambda p: number_value(len(p.grid)),
    "locations": lambda p: number_value(len(p.grid.legal_locations())),
    "rows": lambda p: number_value(p.grid.rows),
    "columns": lambda p: number_value(p.grid.columns),
    "tile_list": lambda p: list_value([tile_words(t) for t in p.grid.tiles().values()]),
    "missing": lambda p: number_value(len(TILES) - len(p.grid)),
    "missing_list": lambda p: list_value([tile_words(t) for t in missing_tiles(p)]),
}

_MARKER_VALUES: dict[str, Callable[[Position, Location], Value]] = {
    "glyphs": lambda p, loc: list_value([glyph_markup(g.symbol) for g in p.grid.allowed(loc).glyphs]),
    "colours": lambda p, loc: list_value([c.name for c in p.grid.allowed(loc).colours]),
    "fitting": lambda p, loc: number_value(len(p.grid.allowed(loc).tiles)),
    "row_tiles": lambda p, loc: _tiles_phrase(_line_tiles(p, loc, in_row=True)),
    "column_tiles": lambda p, loc: _tiles_phrase(_line_tiles(p, loc, in_row=False)),
    "rows_after": lambda p, loc: number_value(span_after(p, loc)[0]),
    "columns_after": lambda p, loc: number_value(span_after(p, loc)[1]),
}


def missing_tiles(position: Position) -> list[Tile]:
    """The tiles of the game that are not in the position's grid, in supply order."""
    return tiles_in(ALL_TILES & ~position.grid.placed_mask)
