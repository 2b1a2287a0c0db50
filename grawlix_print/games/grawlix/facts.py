"""What Grawlix's rules text may say, answered by its rules engine: the game's ``TextFacts``.

Placeholders (``{max_rows}``, ``{example-2.locations}``, ``{example-2.?.glyphs}``)
become words and conditions (``example-2: ? closes !``) become true or false,
all from ``rules.toml``, the tile set and the engine; figure lines
(``[example: example-2]``) become pictures of the positions with the engine's
legal locations. A statement the engine contradicts is a StudioError filed
under the position's file, so the designer sees which example no longer says
what the text claims.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from functools import cache
from pathlib import Path

from .tiles import Colour, Glyph, Tile, TileSet
from ...drawing.text import Inline, Span
from ...errors import Consequence, StudioError
from ...files import present
from ...facts.wording import counted, in_words, join_words
from ...playtest.quotable import Quotes
from ...rulebook import Diagram, Items, Value
from ...rulebook.words import META_VALUES, joined
from .engine import Grid, Location, Reason, all_tiles, tiles_in
from .mark_legend import MarkLegend
from .pictures import cover_picture, example_picture, supply_picture
from .positions import Position, load_position
from .proof import Proof, why_not_one_short
from .rules import Rules
from .templates import POSITIONS_DIR


def glyph_words(glyph: Glyph) -> Inline:
    """A glyph in running text: bold, drawn in the tiles' own face, as the designer sets them."""
    return (Span(glyph.symbol, bold=True, glyph=True, spoken=glyph.name),)


def tile_words(tile: Tile) -> Inline:
    """``blue @`` in running text."""
    return (Span(f"{tile.colour.name}\u00a0"), *glyph_words(tile.glyph))


def _glyph_list(glyphs: tuple[Glyph, ...]) -> Items:
    return Items(tuple(glyph_words(g) for g in glyphs))


def _colour_list(colours: tuple[Colour, ...]) -> Items:
    return Items(tuple((Span(c.name),) for c in colours))


def _tile_list(tiles: tuple[Tile, ...]) -> Items:
    return Items(tuple(tile_words(t) for t in tiles))


def _line_tiles(tiles: tuple[Tile, ...]) -> Inline:
    """The tiles sharing a row or a column with a location: "the blue @ and ..." or "no tiles"."""
    return (Span("the "), *joined([tile_words(t) for t in tiles])) if tiles else (Span("no tiles"),)


GAME_VALUES: dict[str, Callable[[Rules], Value]] = {
    "tiles": lambda r: len(r.tiles.tiles),
    "glyphs": lambda r: len(r.tiles.glyphs),
    "colours": lambda r: len(r.tiles.colours),
    "glyph_list": lambda r: _glyph_list(r.tiles.glyphs),
    "colour_list": lambda r: _colour_list(r.tiles.colours),
    "max_rows": lambda r: r.max_rows,
    "max_columns": lambda r: r.max_columns,
    "hand_size": lambda r: r.hand_size,
}
"""Placeholders about the game itself: the tile definition and rules.toml."""

PROOF = "proof"
"""The name under which placeholders and conditions reach the proven facts ({proof.max_tiles})."""

PLAYTEST = "playtest"
"""The name under which placeholders reach the playtest's figures ({playtest.median_turns})."""

PROOF_VALUES: dict[str, Callable[[Proof], Value]] = {
    "order": lambda p: p.order,
    "cells": lambda p: p.order * p.order,
    "max_tiles": lambda p: p.max_tiles,
    "left_out": lambda p: p.order * p.order - p.max_tiles,
    "grid_rows": lambda p: p.span[0],
    "grid_columns": lambda p: p.span[1],
    "one_short": lambda p: p.order * p.order - 1,
    "square_most": lambda p: p.square.most,
    "squares_searched": lambda p: p.square.squares_searched,
    "isotopy_classes": lambda p: p.square.isotopy_classes,
    "main_classes": lambda p: p.square.main_classes,
    "most_transversals": lambda p: max(p.square.transversals, default=0),
    "squares_with_mate": lambda p: p.square.squares_with_mate,
    "why_not_one_short": lambda p: why_not_one_short(p.order),
    "why_most": lambda p: p.why_most,
    "note": lambda p: p.note,
    "square_note": lambda p: p.square.note,
}
"""Placeholders about what the search proved (see ``facts.proof``): the largest grid under
these rules (``max_tiles``, ``why_most``, ``note``...) and the square of the order's side
(``square_most``, ``squares_searched``, ``square_note``...)."""

PROOF_CONDITIONS: dict[str, tuple[Callable[[Proof], bool], Callable[[Proof], str]]] = {
    "full grid": (lambda p: p.full_grid_possible,
                  lambda p: f"no legal grid holds all {p.order * p.order} tiles: {p.why_most}"),
    "full square": (lambda p: p.square.possible,
                    lambda p: f"no square of {p.order} rows and {p.order} columns holds all {p.order * p.order} tiles"),
    "square fits": (lambda p: p.square_fits,
                    lambda p: f"the rules let a grid span only {p.max_rows} rows and {p.max_columns} columns"),
    "grid found": (lambda p: bool(p.largest_grid), lambda p: f"no grid was searched for: {p.note}"),
    "searched": (lambda p: p.square.method == "search", lambda p: f"not every square was searched: {p.square.note}"),
}
"""``{if proof: NAME}`` and ``{check proof: NAME}``: what holds, and why not when it does not.
``full grid`` follows the rules' limits, ``full square`` is the typesetters' puzzle alone."""


class GrawlixFacts:
    """Grawlix's ``TextFacts``: placeholders, conditions and figures about the game, its positions, the proof.

    ``templates`` holds the position files the text names; ``proof`` gives the
    proven facts, and ``quotes`` the playtest's figures, each worked out only
    if the text asks.
    """

    def __init__(self, rules: Rules, templates: Path, proof: Callable[[], Proof], quotes: Quotes | None = None) -> None:
        self.rules = rules
        self.templates = templates
        self.positions: dict[str, Position] = {}
        self.unreadable: set[str] = set()  # positions the text names that could not be read
        self.illegal_markers: set[tuple[str, str]] = set()  # (position, marker) a placeholder found illegal
        self._proof = cache(proof)
        self.quotes = quotes

    def proof(self) -> Proof:
        return self._proof()

    # what the text refers to ------------------------------------------------------

    def references(self, text: str, first_line: int, source: str) -> list[StudioError]:
        """Load every position the text names, validated by the engine; returns their problems.

        All of them are loaded before anything is filled in, and each is read whole
        (``load_position``'s ``lenient``): every problem of every position is
        returned, and a broken position keeps the tiles that keep the rules, so what
        the text says about it is still judged. A position that cannot be read at all
        is left out, and what the text says about it is a ``Consequence``.
        """
        names: dict[str, int] = {}
        for match in _POSITION_REFERENCE.finditer(text):
            name = next(g for g in match.groups() if g)
            if name not in (PROOF, PLAYTEST):
                names.setdefault(name, first_line + text.count("\n", 0, match.start()))
        problems: list[StudioError] = []
        for name, line in names.items():
            if name in self.positions or name in self.unreadable:
                continue
            path = self.templates / POSITIONS_DIR / f"{name}.toml"
            if not present(path):
                self.unreadable.add(name)
                problems.append(StudioError(f"no position file {POSITIONS_DIR}/{name}.toml for {name!r}", f"{source}:{line}"))
                continue
            try:
                position = load_position(path, self.rules, lenient=True)
            except StudioError as error:
                self.unreadable.add(name)
                problems.append(error)
                continue
            if not position.grid:  # tokens it could not read: nothing it shows can be judged
                self.unreadable.add(name)
            else:
                self.positions[name] = position
            problems += position.problems
        return problems

    # placeholders ------------------------------------------------------------

    def names(self) -> tuple[str, ...]:
        return (
            *GAME_VALUES, *META_VALUES, *(f"POSITION.{k}" for k in _POSITION_VALUES),
            *(f"POSITION.MARKER.{k}" for k in _MARKER_VALUES), *(f"{PROOF}.{k}" for k in PROOF_VALUES),
            *(f"{PLAYTEST}.{k}" for k in (self.quotes.names() if self.quotes else ())),
        )  # fmt: skip

    def value(self, name: str, where: str) -> Value:
        """The value of ``{name}``."""
        if name in GAME_VALUES:
            return GAME_VALUES[name](self.rules)
        parts = name.split(".")
        if parts[0] == PROOF and len(parts) == 2 and parts[1] in PROOF_VALUES:
            return PROOF_VALUES[parts[1]](self.proof())
        if parts[0] == PLAYTEST and len(parts) == 2 and self.quotes is not None and parts[1] in self.quotes.names():
            return self.quotes.figure(parts[1])
        if parts[0] not in (PROOF, PLAYTEST):
            position = self._position(parts[0], where, name)
            if len(parts) == 2 and parts[1] in _POSITION_VALUES:
                return _POSITION_VALUES[parts[1]](position)
            if len(parts) == 3 and parts[2] in _MARKER_VALUES:
                location = self._marker(position, parts[1], where)
                allowed = position.grid.allowed(location)
                if not allowed.legal:
                    said = (position.name, parts[1])
                    if said in self.illegal_markers:  # said once: the other placeholders follow from it
                        raise Consequence(f"{{{name}}}: {parts[1]} is not a legal location", where)
                    self.illegal_markers.add(said)
                    reason = f"{_not_legal(position, parts[1], location)} (nor for any other {{{parts[0]}.{parts[1]}.*}})"
                    raise _false(position, f"fills in {{{name}}}", where, reason)
                return _MARKER_VALUES[parts[2]](position, location)
        raise StudioError(f"unknown placeholder {{{name}}} (known: {', '.join(self.names())})", where)

    def _position(self, name: str, where: str, text: str) -> Position:
        if name in self.unreadable:
            raise Consequence(f"{{{text}}} names {name}, which could not be read", where)
        if name not in self.positions:
            raise StudioError(f"unknown placeholder or position in {{{text}}}", where)
        return self.positions[name]

    @staticmethod
    def _marker(position: Position, label: str, where: str) -> Location:
        if label not in position.markers:
            known = " ".join(position.markers) or "none"
            raise StudioError(
                f"{position.name} has no marker {label!r} (its markers: {known})", where
            )
        return position.markers[label]

    # conditions ----------------------------------------------------------------

    def condition(self, text: str, where: str) -> tuple[bool, str]:
        """Whether ``POSITION: CONDITION`` (or ``proof: full grid``) holds, and if not, why."""
        name, colon, rest = text.partition(":")
        if not colon:
            raise StudioError(f"condition {text!r} must read 'POSITION: CONDITION'", where)
        words = rest.split()
        negate = bool(words) and words[0] == "not"
        if negate:
            words = words[1:]
        if name.strip() == PROOF:
            holds, reason = self._proven(words, where, text)
        else:
            holds, reason = self._test(self._position(name.strip(), where, text), words, where, text)
        if negate:
            return (False, f"'{' '.join(words)}' holds") if holds else (True, "")
        return holds, reason

    def _proven(self, words: list[str], where: str, text: str) -> tuple[bool, str]:
        found = PROOF_CONDITIONS.get(" ".join(words))
        if found is None:
            raise StudioError(
                f"unknown condition {text!r}: write '{PROOF}: [not] {' | '.join(PROOF_CONDITIONS)}'", where
            )
        holds, why_not = found
        proof = self.proof()
        return (True, "") if holds(proof) else (False, why_not(proof))

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
                return location in legal, _not_legal(position, mark, location)
            case [mark, ("closes" | "keeps") as verb, other]:
                return self._closing(position, mark, other, verb == "closes", where)
            case [mark, "fills", ("rows" | "columns") as lines]:
                location = self._marker(position, mark, where)
                if location not in legal:
                    return False, _not_legal(position, mark, location)
                rows, columns = span_after(position, location)
                span, limit = (rows, self.rules.max_rows) if lines == "rows" else (columns, self.rules.max_columns)
                return span >= limit, f"the grid would span {span} {lines} of the {limit} allowed"
        raise StudioError(
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
            return False, _not_legal(position, mark, location)
        if target not in grid.legal_locations():
            return False, f"{_not_legal(position, other, target)}, to begin with"
        for tile in fitting:
            closed = target in grid.closed_by(location, tile)
            if closes and not closed:
                return False, f"placing {tile} at {mark} leaves {other} available"
            if closed and not closes:
                return False, f"placing {tile} at {mark} makes {other} unavailable"
        return True, ""

    def check(self, text: str, where: str) -> None:
        holds, reason = self.condition(text, where)
        if not holds:
            name = text.partition(":")[0].strip()
            if name == PROOF:
                raise StudioError(f'the text claims "{text.strip()}", but {reason}', where)
            raise _false(self.positions[name], f'claims "{text.strip()}"', where, reason)

    # figures -------------------------------------------------------------------------

    figure_unit = "tile"

    def figure_names(self) -> tuple[str, ...]:
        return ("supply chart", "colour marks", "example: POSITION", "cover art: POSITION", "largest grid")

    def figure(self, name: str, argument: str | None, unit_mm: float | None, line: int, where: str) -> Diagram:
        """``[supply chart]``, ``[example: NAME]``, ``[cover art: NAME]``, ``[largest grid]``."""
        tiles = self.rules.tiles
        if name == "supply chart" and not argument:
            picture = supply_picture(tiles)
            return Diagram("supply", "supply", line, "The supply", describe_supply(tiles), picture, SUPPLY_CELL_MM, unit_mm)
        if name == "colour marks" and not argument:
            legend = MarkLegend(tiles)
            alt = describe_marks(tiles)
            return Diagram("legend", "colour-marks", line, "The colour-blind marks", alt, legend, LEGEND_CELL_MM, unit_mm)
        if name == "largest grid" and not argument:
            return self._largest_grid(line, where, unit_mm)
        if name in ("example", "cover art") and argument:
            position = self.positions.get(argument.strip())
            if argument.strip() in self.unreadable:
                raise Consequence(f"[{name}: {argument.strip()}] could not be read", where)
            if position is None:
                raise StudioError(f"unknown position {argument!r}", where)
            title = position.name.replace("-", " ").capitalize()
            if name == "example":
                picture = example_picture(position, position.grid.legal_locations())
                alt = f"{title}: {describe_example(position)}"
                return Diagram("example", position.name, line, title, alt, picture, EXAMPLE_CELL_MM, unit_mm)
            loose = position.loose or missing_tiles(position)
            picture = cover_picture(position, loose)
            alt = describe_loose(position, loose, "The cover art")
            return Diagram("cover", position.name, line, "The cover art", alt, picture, COVER_CELL_MM, unit_mm)
        raise LookupError(name)

    def _largest_grid(self, line: int, where: str, unit_mm: float | None) -> Diagram:
        """The largest legal grid the proof found, with the tiles it cannot hold beneath it."""
        proof = self.proof()
        if not proof.largest_grid:
            raise StudioError(f"no grid to draw: {proof.note} Put [largest grid] inside {{if proof: grid found}}", where)
        grid = Grid.from_tiles(proof.grid_tiles(self.rules.tiles), self.rules)
        position = Position("largest-grid", grid, {}, "The largest legal grid.")
        loose = missing_tiles(position)
        what = "The largest legal grid" if loose else "A full grid"
        picture = cover_picture(position, loose)
        return Diagram("cover", position.name, line, what, describe_loose(position, loose, what), picture, COVER_CELL_MM, unit_mm)


SUPPLY_CELL_MM, EXAMPLE_CELL_MM, COVER_CELL_MM, LEGEND_CELL_MM = 13.5, 12.0, 13.5, 10.0
"""Diagram cells: as large as the width allows, up to these sides."""

_POSITION_REFERENCE = re.compile(
    r"\{(?:if|check)\s+([\w-]+)\s*:|\{([\w-]+)\.[^{}]+\}|^\[(?:example|cover art):\s*([\w-]+)",
    re.MULTILINE,
)


def _false(position: Position, statement: str, where: str, reason: str) -> StudioError:
    """A statement about a position that the engine contradicts, filed under the position's file.

    A position with problems of its own is judged without the tiles that break the rules:
    the message says so, since fixing the grid may change the answer.
    """
    judged = " (judged without the tiles that break the rules)" if position.problems else ""
    return StudioError(f"the leaflet {statement} ({where}), but {reason}{judged}", position.source or position.name)


def _not_legal(position: Position, label: str, location: Location) -> str:
    """Why no tile may go at a marked location: the rule that rules out the place itself, or
    the glyphs and colours its row and column already hold."""
    grid = position.grid
    spare = next((t for t in grid.rules.tiles.tiles if not grid.placed_mask >> t.index & 1), None)
    problem = grid.why_not(location, spare) if spare is not None else None
    if problem is None or problem.reason not in _PLACE_REASONS:
        because = "no tile left has a glyph and a colour its row and column lack"
    elif problem.reason is Reason.OCCUPIED:
        because = f"it holds {problem.other}"
    elif problem.reason is Reason.NOT_JOINED:
        because = "no tile is beside it"
    else:
        lines = "rows" if problem.reason is Reason.TOO_MANY_ROWS else "columns"
        because = f"a tile there would make the grid span {problem.count} {lines}, more than {problem.limit}"
    return f"{label} at {_at(location)} is not a legal location: {because}"


_PLACE_REASONS = (Reason.OCCUPIED, Reason.NOT_JOINED, Reason.TOO_MANY_ROWS, Reason.TOO_MANY_COLUMNS)
"""The reasons that rule out a location for every tile alike."""


def _at(location: Location) -> str:
    return f"[{location[0]}, {location[1]}]"


def _tiles_in_line(position: Position, location: Location, in_row: bool) -> Inline:
    row, column = location
    return _line_tiles(tuple(
        t for (r, c), t in position.grid.tiles().items()
        if (r == row if in_row else c == column)
    ))  # fmt: skip


def span_after(position: Position, location: Location) -> tuple[int, int]:
    """Rows and columns the grid spans once a tile is placed at a legal location.

    Any fitting tile gives the same span, so the first one stands for all.
    """
    grid = position.grid
    after = grid.after(location, grid.allowed(location).tiles[0])
    return after.rows, after.columns


_POSITION_VALUES: dict[str, Callable[[Position], Value]] = {
    "tiles": lambda p: len(p.grid),
    "locations": lambda p: len(p.grid.legal_locations()),
    "rows": lambda p: p.grid.rows,
    "columns": lambda p: p.grid.columns,
    "tile_list": lambda p: _tile_list(tuple(p.grid.tiles().values())),
    "missing": lambda p: len(p.grid.rules.tiles.tiles) - len(p.grid),
    "missing_list": lambda p: _tile_list(missing_tiles(p)),
}

_MARKER_VALUES: dict[str, Callable[[Position, Location], Value]] = {
    "glyphs": lambda p, loc: _glyph_list(p.grid.allowed(loc).glyphs),
    "colours": lambda p, loc: _colour_list(p.grid.allowed(loc).colours),
    "fitting": lambda p, loc: len(p.grid.allowed(loc).tiles),
    "row_tiles": lambda p, loc: _tiles_in_line(p, loc, in_row=True),
    "column_tiles": lambda p, loc: _tiles_in_line(p, loc, in_row=False),
    "rows_after": lambda p, loc: span_after(p, loc)[0],
    "columns_after": lambda p, loc: span_after(p, loc)[1],
}


def missing_tiles(position: Position) -> tuple[Tile, ...]:
    """The tiles of the game that are not in the position's grid, in supply order."""
    tiles = position.grid.rules.tiles
    return tuple(tiles_in(tiles, all_tiles(tiles) & ~position.grid.placed_mask))


# --- what a diagram shows, in words (its text alternative) --------------------------


def tile_name(tile: Tile) -> str:
    """``B@`` -> ``blue at sign``: a text alternative names the glyph, which a screen reader
    would read as a word ("red &" as "red and") or skip."""
    return f"{tile.colour.name} {tile.glyph.name}"


def _row_words(tiles: dict[Location, Tile], row: int, left: int, right: int) -> str:
    cells = [tiles.get((row, c)) for c in range(left, right + 1)]
    return ", ".join(tile_name(t) if t else "empty" for t in cells)


def describe_marks(tiles: TileSet) -> str:
    """What the legend of colour-blind marks shows, in words."""
    return "Each colour's mark and letter: " + "; ".join(f"{c.name}, a {c.shape} and {c.letter}" for c in tiles.colours) + "."


def describe_supply(tiles: TileSet) -> str:
    """What the supply chart shows, for a reader who cannot see it."""
    return (
        f"The supply: all {in_words(len(tiles.tiles))} tiles in {in_words(len(tiles.colours))} rows, one per colour "
        f"({join_words([c.name for c in tiles.colours])}), and {in_words(len(tiles.glyphs))} columns, one per glyph "
        f"({join_words([g.name for g in tiles.glyphs])})."
    )


def describe_example(position: Position) -> str:
    """An example position in words: its tiles row by row, its dotted locations, its markers."""
    grid = position.grid
    tiles = grid.tiles()
    top, left, bottom, right = grid.bounds
    rows = [f"row {k + 1}: {_row_words(tiles, r, left, right)}" for k, r in enumerate(range(top, bottom + 1))]
    parts = [
        (f"{counted(len(grid), 'tile')} in a grid of {counted(grid.rows, 'row')} and "
         f"{counted(grid.columns, 'column')} ({'; '.join(rows)})."),
        f"Dotted squares mark the {counted(len(grid.legal_locations()), 'legal location')}.",
    ]
    for label, location in position.markers.items():
        parts.append(_describe_marker(position, label, location))
    return " ".join(parts)


_SIDES = (((1, 0), "above"), ((-1, 0), "below"), ((0, 1), "left of"), ((0, -1), "right of"))
"""Where a marked square lies, told by a neighbouring tile: the tile below it means "above"."""


def _describe_marker(position: Position, label: str, location: Location) -> str:
    grid = position.grid
    row, column = location
    beside = next(
        (f"{side} the {tile_name(tile)}" for (dr, dc), side in _SIDES
         if (tile := grid.tile_at((row + dr, column + dc))) is not None),
        f"at row {row - grid.bounds[0] + 1}, column {column - grid.bounds[1] + 1} of the grid",
    )  # fmt: skip
    allowed = grid.allowed(location)
    marker = f"The {_said(label)} ({label})"
    if not allowed.legal:
        return f"{marker} marks the square {beside}, where no tile may go."
    return (
        f"{marker} marks the square {beside}, where a tile may show "
        f"{join_words([g.name for g in allowed.glyphs], 'or')} in "
        f"{join_words([c.name for c in allowed.colours], 'or')}."
    )


def _said(label: str) -> str:
    """A marker as a screen reader should say it: ``?`` -> ``question mark``."""
    return " ".join(unicodedata.name(c, c).lower() for c in label) if len(label) <= 2 else label


def describe_loose(position: Position, loose: tuple[Tile, ...], what: str) -> str:
    """A grid with the tiles it lacks lying beneath it (the cover, the largest grid)."""
    grid = position.grid
    text = f"{what}: {counted(len(grid), 'tile')} in a grid of {counted(grid.rows, 'row')} and {counted(grid.columns, 'column')}"
    if loose:
        return f"{text}; beneath it lie the {counted(len(loose), 'tile')} it lacks: {join_words([tile_name(t) for t in loose])}."
    return text + "."
