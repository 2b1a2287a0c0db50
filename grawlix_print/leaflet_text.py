"""The leaflet's words: read ``templates/leaflet.md``, fill its placeholders, check its claims.

The designer writes the leaflet as Markdown-like text (see the comment at the
top of ``templates/leaflet.md`` for the syntax). Every number and every list
of glyphs or colours that depends on the rules is a placeholder filled here
from ``rules.toml``, the tile definition and the engine; every sentence the
engine must vouch for carries a ``{check ...}``. A claim the engine finds
false stops the build with one line naming the position file and the claim.

Output is a renderer-neutral ``LeafletText``: six panels of blocks whose text
is a small XML markup (``<b>``, ``<br/>``, ``<a href>``, entities escaped).
This module never draws and never decides legality itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from .engine import ALL_TILES, Location, Rules, tiles_in
from .errors import GrawlixError
from .positions import Position, load_position
from .templates import POSITIONS_DIR, parse_toml, read_text
from .tiles import COLOURS, GLYPHS, TILES, Tile
from .units import parse_length
from .wording import capitalised, in_words, join_words

LEAFLET_FILE = "leaflet.md"

PANELS = ("cover", "2", "3", "4", "flap", "back")
"""Panel names in reading order: cover, the three inside panels, the inside flap, the back."""

PARAGRAPH_TAGS = frozenset({"small", "large", "centred", "subtitle", "licence"})

FRONT_MATTER = {
    "title": str, "subtitle": str, "version": str, "authors": list, "contact": str,
    "licence": str, "licence_url": str, "subject": str, "keywords": list,
}  # fmt: skip


# --- what the renderer receives ---------------------------------------------


@dataclass(frozen=True)
class Heading:
    level: int  # 1 title, 2 section, 3 subsection
    text: str
    line: int


@dataclass(frozen=True)
class Paragraph:
    text: str
    line: int
    tags: frozenset[str] = frozenset()


@dataclass(frozen=True)
class ListItem:
    label: str  # "1." or "(a)"
    depth: int
    text: str
    line: int


@dataclass(frozen=True)
class Diagram:
    """``kind`` is ``supply`` (the supply chart), ``example`` or ``cover``."""

    kind: str
    line: int
    position: Position | None = None
    tile_mm: float | None = None  # None: as large as the panel allows, up to a default


@dataclass(frozen=True)
class Fill:
    """Stretchable space: a panel's spare height is shared among its fills."""

    line: int


Block = Heading | Paragraph | ListItem | Diagram | Fill


@dataclass(frozen=True)
class Panel:
    name: str
    line: int
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class LeafletMeta:
    title: str
    subtitle: str
    version: str
    authors: tuple[str, ...]
    contact: str
    licence: str
    licence_url: str
    subject: str
    keywords: tuple[str, ...]


@dataclass(frozen=True)
class LeafletText:
    meta: LeafletMeta
    panels: tuple[Panel, ...]
    source: str  # the template file, for error messages


# --- reading the template ---------------------------------------------------


def load_leaflet_text(templates: Path, rules: Rules) -> LeafletText:
    """Read ``templates/leaflet.md`` and resolve it against the rules and the engine."""
    path = templates / LEAFLET_FILE
    return parse_leaflet(read_text(path), str(path), templates, rules)


def parse_leaflet(text: str, source: str, templates: Path, rules: Rules) -> LeafletText:
    text = text.replace("\r\n", "\n")
    meta, body, first_line = _front_matter(text, source)
    body = _strip_comments(body)
    positions = _load_referenced_positions(body, first_line, source, templates, rules)
    facts = Facts(rules, meta, positions, source)
    lines = _expand_conditions(body, first_line, facts)
    panels = _parse_panels(lines, facts)
    return LeafletText(meta, panels, source)


def _front_matter(text: str, source: str) -> tuple[LeafletMeta, str, int]:
    """The ``+++``-fenced TOML at the top: title, authors, licence and so on."""
    match = re.match(r"\+\+\+[ \t]*\n(.*?)\n\+\+\+[ \t]*\n", text, re.DOTALL)
    if not match:
        raise GrawlixError("must start with front matter between two '+++' lines", source)
    data = parse_toml(match.group(1), source)
    for key in data:
        if key not in FRONT_MATTER:
            raise GrawlixError(
                f"front matter: unknown key {key!r} (known: {', '.join(FRONT_MATTER)})", source
            )
    for key, kind in FRONT_MATTER.items():
        value = data.get(key)
        if not isinstance(value, kind) or (kind is list and not all(isinstance(v, str) for v in value)):
            wanted = "a list of strings" if kind is list else "a string"
            raise GrawlixError(f"front matter: {key} must be {wanted}", source)
    meta = LeafletMeta(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})
    body_line = text.count("\n", 0, match.end()) + 1
    return meta, text[match.end():], body_line


def _strip_comments(text: str) -> str:
    """Drop ``<!-- ... -->`` but keep its line breaks, so line numbers stay right."""
    return re.sub(r"<!--.*?-->", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.DOTALL)


_POSITION_REFERENCE = re.compile(
    r"\{(?:if|check)\s+([\w-]+)\s*:|\{([\w-]+)\.[^{}]+\}|^\[(?:example|cover art):\s*([\w-]+)",
    re.MULTILINE,
)


def _load_referenced_positions(
    body: str, first_line: int, source: str, templates: Path, rules: Rules
) -> dict[str, Position]:
    """Every position the text names, validated by the engine.

    All of them are loaded before anything is filled in, so a rules change
    that breaks several examples is reported in one line naming each file.
    """
    names: dict[str, int] = {}
    for match in _POSITION_REFERENCE.finditer(body):
        name = next(g for g in match.groups() if g)
        if name in _GLOBALS:
            continue
        names.setdefault(name, first_line + body.count("\n", 0, match.start()))
    positions, failures = {}, []
    for name, line in names.items():
        path = templates / POSITIONS_DIR / f"{name}.toml"
        if not path.is_file():
            raise GrawlixError(f"no position file {POSITIONS_DIR}/{name}.toml for {name!r}", f"{source}:{line}")
        try:
            positions[name] = load_position(path, rules)
        except GrawlixError as error:
            failures.append(error)
    if len(failures) == 1:
        raise failures[0]
    if failures:
        raise GrawlixError(
            f"{len(failures)} positions the leaflet uses break the rules: "
            + "; ".join(str(f) for f in failures)
        )
    return positions


# --- placeholders and claims --------------------------------------------------


@dataclass(frozen=True)
class Value:
    """A filled-in placeholder: markup, plus the number or items it was made from."""

    markup: str
    number: int | None = None
    items: tuple[str, ...] = ()


def _number(n: int) -> Value:
    return Value(in_words(n), number=n)


def _listed(items: list[str]) -> Value:
    return Value(join_words(items), items=tuple(items))


def glyph_markup(symbol: str) -> str:
    """A glyph in running text: bold, as the designer sets them."""
    return f"<b>{escape(symbol)}</b>"


def tile_words(tile: Tile) -> str:
    """``B@`` -> ``blue <b>@</b>``."""
    return f"{tile.colour.name}\u00a0{glyph_markup(tile.glyph.symbol)}"


def _short_url(url: str) -> str:
    """``https://example.org/a/`` -> ``example.org/a``: what a reader needs to type."""
    return re.sub(r"^https?://(www\.)?", "", url).rstrip("/")


def _link(text: str, url: str) -> str:
    return f'<a href="{escape(url)}">{escape(text)}</a>'


_GLOBALS: dict[str, Callable[[Rules, LeafletMeta], Value]] = {
    "tiles": lambda r, m: _number(len(TILES)),
    "glyphs": lambda r, m: _number(len(GLYPHS)),
    "colours": lambda r, m: _number(len(COLOURS)),
    "glyph_list": lambda r, m: _listed([glyph_markup(g.symbol) for g in GLYPHS]),
    "colour_list": lambda r, m: _listed([c.name for c in COLOURS]),
    "max_rows": lambda r, m: _number(r.max_rows),
    "max_columns": lambda r, m: _number(r.max_columns),
    "hand_size": lambda r, m: _number(r.hand_size),
    "title": lambda r, m: Value(escape(m.title)),
    "subtitle": lambda r, m: Value(escape(m.subtitle)),
    "version": lambda r, m: Value(escape(m.version)),
    "authors": lambda r, m: _listed([escape(a) for a in m.authors]),
    "contact": lambda r, m: Value(_link(m.contact, f"mailto:{m.contact}")),
    "licence": lambda r, m: Value(escape(m.licence)),
    "licence_url": lambda r, m: Value(_link(_short_url(m.licence_url), m.licence_url)),
}

FILTERS = ("digits", "capital", "lines")


class Facts:
    """Answers placeholders and conditions from the rules, the metadata and the engine."""

    def __init__(self, rules: Rules, meta: LeafletMeta, positions: dict[str, Position], source: str):
        self.rules = rules
        self.meta = meta
        self.positions = positions
        self.source = source

    # placeholders ------------------------------------------------------------

    def value(self, name: str, line: int) -> Value:
        where = f"{self.source}:{line}"
        if name in _GLOBALS:
            return _GLOBALS[name](self.rules, self.meta)
        parts = name.split(".")
        position = self._position(parts[0], where, name)
        if len(parts) == 2 and parts[1] in _POSITION_VALUES:
            return _POSITION_VALUES[parts[1]](position)
        if len(parts) == 3 and parts[2] in _MARKER_VALUES:
            location = self._marker(position, parts[1], where)
            allowed = position.grid.allowed(location)
            if not allowed.legal:
                raise self._false(
                    position, f"fills in {{{name}}}", line, f"{parts[1]} at {_at(location)} is not a legal location"
                )
            return _MARKER_VALUES[parts[2]](position, location)
        known = ", ".join(
            [*_GLOBALS, *(f"POSITION.{k}" for k in _POSITION_VALUES),
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
                fitting = grid.allowed(location).tiles
                if not fitting:
                    return False, f"{mark} at {_at(location)} is not a legal location"
                after = grid.after(location, fitting[0])
                span, limit = (
                    (after.rows, self.rules.max_rows) if lines == "rows"
                    else (after.columns, self.rules.max_columns)
                )  # fmt: skip
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


def _span_after(position: Position, location: Location, rows: bool) -> Value:
    grid = position.grid
    after = grid.after(location, grid.allowed(location).tiles[0])
    return _number(after.rows if rows else after.columns)


_POSITION_VALUES: dict[str, Callable[[Position], Value]] = {
    "tiles": lambda p: _number(len(p.grid)),
    "locations": lambda p: _number(len(p.grid.legal_locations())),
    "rows": lambda p: _number(p.grid.rows),
    "columns": lambda p: _number(p.grid.columns),
    "tile_list": lambda p: _listed([tile_words(t) for t in p.grid.tiles().values()]),
    "missing": lambda p: _number(len(TILES) - len(p.grid)),
    "missing_list": lambda p: _listed([tile_words(t) for t in missing_tiles(p)]),
}

_MARKER_VALUES: dict[str, Callable[[Position, Location], Value]] = {
    "glyphs": lambda p, loc: _listed([glyph_markup(g.symbol) for g in p.grid.allowed(loc).glyphs]),
    "colours": lambda p, loc: _listed([c.name for c in p.grid.allowed(loc).colours]),
    "fitting": lambda p, loc: _number(len(p.grid.allowed(loc).tiles)),
    "row_tiles": lambda p, loc: _tiles_phrase(_line_tiles(p, loc, in_row=True)),
    "column_tiles": lambda p, loc: _tiles_phrase(_line_tiles(p, loc, in_row=False)),
    "rows_after": lambda p, loc: _span_after(p, loc, rows=True),
    "columns_after": lambda p, loc: _span_after(p, loc, rows=False),
}


def missing_tiles(position: Position) -> list[Tile]:
    """The tiles of the game that are not in the position's grid, in supply order."""
    return tiles_in(ALL_TILES & ~position.grid.placed_mask)


# --- stage 1: {if}/{else}/{end} and {check} -----------------------------------

_DIRECTIVE = re.compile(r"(?<!\\)\{(?:(if|check)\s+([^{}]*)|(else|end))\}")


@dataclass
class _Branch:
    line: int
    active: bool
    outer_active: bool
    in_else: bool = False


def _expand_conditions(body: str, first_line: int, facts: Facts) -> list[tuple[str, int]]:
    """The body with conditional text chosen and claims checked, as (line, source line) pairs.

    A directive alone on its line takes the whole line with it.
    """
    pieces: list[tuple[str, int]] = []
    stack: list[_Branch] = []
    cursor = 0

    def line_of(index: int) -> int:
        return first_line + body.count("\n", 0, index)

    def active() -> bool:
        return all(b.active for b in stack)

    for match in _DIRECTIVE.finditer(body):
        start, end = match.start(), match.end()
        line_start = body.rfind("\n", 0, start) + 1
        line_end = body.find("\n", end)
        line_end = len(body) if line_end < 0 else line_end
        alone = not body[line_start:start].strip() and not body[end:line_end].strip()
        if alone:
            start, end = line_start, min(line_end + 1, len(body))
        if active() and start > cursor:
            pieces.append((body[cursor:start], line_of(cursor)))
        cursor = max(cursor, end)
        line = line_of(match.start())
        keyword, argument = match.group(1) or match.group(3), (match.group(2) or "").strip()
        if keyword == "if":
            outer = active()
            holds = facts.condition(argument, line)[0] if outer else False
            stack.append(_Branch(line, holds, outer))
        elif keyword == "else":
            if not stack or stack[-1].in_else:
                raise GrawlixError("{else} without a matching {if}", f"{facts.source}:{line}")
            branch = stack[-1]
            branch.in_else, branch.active = True, branch.outer_active and not branch.active
        elif keyword == "end":
            if not stack:
                raise GrawlixError("{end} without a matching {if}", f"{facts.source}:{line}")
            stack.pop()
        elif active():
            facts.check(argument, line)
    if stack:
        raise GrawlixError("{if} without a matching {end}", f"{facts.source}:{stack[-1].line}")
    if cursor < len(body):
        pieces.append((body[cursor:], line_of(cursor)))

    lines: list[tuple[str, int]] = []
    current, current_line = "", None
    for text, line in pieces:
        parts = text.split("\n")
        for k, part in enumerate(parts):
            if current_line is None:
                current_line = line + k
            current += part
            if k < len(parts) - 1:
                lines.append((current, current_line))
                current, current_line = "", None
    if current or current_line is not None:
        lines.append((current, current_line or first_line))
    return lines


# --- stage 2: panels and blocks -------------------------------------------------

_PANEL = re.compile(r":::\s*panel\s+(\S+)\s*$")
_HEADING = re.compile(r"(#{1,3})\s+(.*)$")
_NUMBERED = re.compile(r"(\d+)\.\s+(.*)$")
_LETTERED = re.compile(r"\s{2,}([a-z])\.\s+(.*)$")
_DIRECTIVE_LINE = re.compile(r"\[([a-z ]+)(?::\s*([^\]]*))?\]\s*$")
_TAGS = re.compile(r"\[([a-z ]+)\]\s+(?=\S)")


@dataclass
class _Open:
    """A block being read: several source lines joined into one."""

    kind: str  # "paragraph" or "item"
    line: int
    lines: list[str] = field(default_factory=list)
    tags: frozenset[str] = frozenset()
    label: str = ""
    depth: int = 0


def _parse_panels(lines: list[tuple[str, int]], facts: Facts) -> tuple[Panel, ...]:
    panels: list[Panel] = []
    blocks: list[Block] = []
    panel: tuple[str, int] | None = None
    open_block: _Open | None = None

    def close() -> None:
        nonlocal open_block
        if open_block is not None:
            text = _inline(open_block.lines, open_block.line, facts)
            if open_block.kind == "item":
                blocks.append(ListItem(open_block.label, open_block.depth, text, open_block.line))
            else:
                blocks.append(Paragraph(text, open_block.line, open_block.tags))
            open_block = None

    def finish_panel() -> None:
        close()
        if panel is not None:
            panels.append(Panel(panel[0], panel[1], tuple(blocks)))

    for raw, line in lines:
        where = f"{facts.source}:{line}"
        stripped = raw.strip()
        if match := _PANEL.match(stripped):
            finish_panel()
            blocks = []
            panel = (match.group(1), line)
            continue
        if not stripped:
            close()
            continue
        if panel is None:
            raise GrawlixError("text before the first '::: panel NAME' line", where)
        if match := _HEADING.match(stripped):
            close()
            blocks.append(Heading(len(match.group(1)), _inline([match.group(2)], line, facts), line))
        elif (match := _DIRECTIVE_LINE.match(stripped)) and not _TAGS.match(stripped):
            close()
            blocks.append(_directive(match.group(1).strip(), match.group(2), line, facts))
        elif (match := _NUMBERED.match(stripped)) and len(raw) - len(raw.lstrip()) < 2:
            close()
            open_block = _Open("item", line, [match.group(2)], label=f"{match.group(1)}.")
        elif match := _LETTERED.match(raw):
            close()
            open_block = _Open("item", line, [match.group(2)], label=f"({match.group(1)})", depth=1)
        elif open_block is not None:
            open_block.lines.append(stripped)
        else:
            tags: frozenset[str] = frozenset()
            if match := _TAGS.match(stripped):
                tags = frozenset(match.group(1).split())
                unknown = tags - PARAGRAPH_TAGS
                if unknown:
                    raise GrawlixError(
                        f"unknown paragraph style [{' '.join(sorted(unknown))}] "
                        f"(known: {', '.join(sorted(PARAGRAPH_TAGS))})",
                        where,
                    )
                stripped = stripped[match.end():]
            open_block = _Open("paragraph", line, [stripped], tags=tags)
    finish_panel()

    names = tuple(p.name for p in panels)
    if names != PANELS:
        raise GrawlixError(
            f"the leaflet needs the panels {', '.join(PANELS)} in this order, "
            f"found {', '.join(names) or 'none'}",
            facts.source,
        )
    return tuple(panels)


def _directive(name: str, argument: str | None, line: int, facts: Facts) -> Block:
    """``[fill]``, ``[supply chart]``, ``[example: NAME]``, ``[cover art: NAME]`` (+ ``, tile 9mm``)."""
    where = f"{facts.source}:{line}"
    if name == "fill" and argument is None:
        return Fill(line)
    tile_mm = None
    if argument is not None and "," in argument:
        argument, size = (part.strip() for part in argument.split(",", 1))
        if not size.startswith("tile "):
            raise GrawlixError(f"unknown diagram option {size!r} (known: tile SIZE, e.g. tile 10mm)", where)
        tile_mm = parse_length(size[5:].strip(), f"{where}: tile")
    if name == "supply chart" and not argument:
        return Diagram("supply", line, tile_mm=tile_mm)
    if name in ("example", "cover art") and argument:
        position = facts.positions.get(argument.strip())
        if position is None:
            raise GrawlixError(f"unknown position {argument!r}", where)
        return Diagram("example" if name == "example" else "cover", line, position, tile_mm)
    raise GrawlixError(
        f"unknown directive [{name}{': ' + argument if argument else ''}] (known: [fill], "
        "[supply chart], [example: POSITION], [cover art: POSITION], each may add ', tile 10mm')",
        where,
    )


# --- inline text ---------------------------------------------------------------

_INLINE = re.compile(r"\\([\\*{}\[\]])|\{([^{}]+)\}|(\*\*)")
_SENTENCE_END = re.compile(r"(^|[.!?][\"'’”)]?\s+)$")


def _inline(lines: list[str], line: int, facts: Facts) -> str:
    """Source lines of one block -> markup: escapes, **bold**, placeholders, hard breaks."""
    text = ""
    for k, part in enumerate(lines):
        hard = part.endswith("\\") and not part.endswith("\\\\")
        text += (part[:-1].rstrip() + "\n") if hard else part + ("" if k == len(lines) - 1 else " ")
    out: list[str] = []
    plain: list[str] = []  # what a reader sees so far, to spot the start of a sentence
    bold = False
    cursor = 0
    for match in _INLINE.finditer(text):
        literal = text[cursor:match.start()]
        out.append(escape(literal, quote=False).replace("\n", "<br/>"))
        plain.append(literal)
        cursor = match.end()
        escaped, placeholder, star = match.groups()
        if escaped:
            out.append(escape(escaped, quote=False))
            plain.append(escaped)
        elif star:
            out.append("</b>" if bold else "<b>")
            bold = not bold
        else:
            markup = _fill(placeholder.strip(), line, facts, _SENTENCE_END.search("".join(plain)))
            out.append(markup)
            plain.append(re.sub(r"<[^>]+>", "", markup))
    tail = text[cursor:]
    out.append(escape(tail, quote=False).replace("\n", "<br/>"))
    if bold:
        raise GrawlixError("'**' opens bold text that is never closed", f"{facts.source}:{line}")
    return "".join(out)


def _fill(placeholder: str, line: int, facts: Facts, sentence_start: object) -> str:
    name, _, chosen = placeholder.partition("|")
    name, chosen = name.strip(), chosen.strip()
    if name.startswith(("if ", "check ")) or name in ("else", "end"):
        raise GrawlixError(f"misplaced {{{placeholder}}}", f"{facts.source}:{line}")
    value = facts.value(name, line)
    markup = value.markup
    if chosen == "digits" and value.number is not None:
        markup = str(value.number)
    elif chosen == "lines" and value.items:
        markup = "<br/>".join(value.items)
    elif chosen and chosen != "capital":
        raise GrawlixError(
            f"unknown or unsuitable filter |{chosen} for {{{name}}} (filters: {', '.join(FILTERS)})",
            f"{facts.source}:{line}",
        )
    if sentence_start or chosen == "capital":
        markup = capitalised(markup) if not markup.startswith("<") else markup
    return markup
