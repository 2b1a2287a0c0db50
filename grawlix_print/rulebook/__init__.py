"""The rulebook: the rules' words read from ``templates/``, filled in and checked by the engine.

One text, two products: the leaflet (PDF) and the web editions (Markdown and
HTML) set the same blocks, so it lives below both of them.

The designer writes the leaflet in Markdown (see the comment at the top of
``templates/leaflet.md``), parsed by markdown-it with its container plugin
for the ``::: panel NAME`` sections. What stays ours is what is particular to
the game: placeholders (``{example-2.locations}``) filled from ``rules.toml``,
the tile definition and the engine; ``{if}``/``{check}`` conditions the
engine decides; diagram lines (``[example: example-2]``) and paragraph styles
(``[small centred]``). A claim the engine finds false, a placeholder it
cannot fill and a malformed construct (an unclosed ``{``) each stop the build
with one line naming the file and line.

Output is renderer-neutral: panels of blocks whose text is a tuple of
``Span`` runs (bold, italic, glyph, link) and ``Break``s. The PDF leaflet and
the web editions set the same blocks; this module never draws and never
decides legality itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from mdit_py_plugins.container import container_plugin

from ..drawing.diagram import Picture, cover_picture, example_picture, supply_picture
from ..drawing.text import Break, Inline, Span, plain
from ..errors import GrawlixError
from ..games.grawlix.facts import (
    GAME_VALUES,
    PROOF,
    Facts,
    LineTiles,
    Link,
    Value,
    describe_example,
    describe_loose,
    describe_supply,
    missing_tiles,
)
from ..games.grawlix.proof import Proof, cached_proof
from ..facts.wording import capitalised, figures, in_words, separators
from ..games.grawlix.engine import Grid, Location
from ..games.grawlix.positions import Position, load_position
from ..games.grawlix.rules import Rules
from ..games.grawlix.templates import POSITIONS_DIR
from ..games.templates import parse_toml, read_text
from ..components.tiles import Colour, Glyph, Tile, TileSet
from ..units import parse_length

LEAFLET_FILE = "leaflet.md"
WEB_FILE = "web.md"
"""Sections only the web editions carry (the fun facts), in the same language, without panels."""

PANELS = ("cover", "2", "3", "4", "flap", "back")
"""Panel names in reading order: cover, the three inside panels, the inside flap, the back."""

PARAGRAPH_TAGS = frozenset({"small", "large", "centred", "subtitle", "licence"})

FRONT_MATTER = {
    "title": str, "subtitle": str, "version": str, "authors": list, "contact": str,
    "licence": str, "licence_url": str, "subject": str, "keywords": list,
}  # fmt: skip


# --- what the renderers receive ---------------------------------------------


@dataclass(frozen=True)
class Heading:
    level: int  # 1 title, 2 section, 3 subsection
    text: Inline
    line: int


@dataclass(frozen=True)
class Paragraph:
    text: Inline
    line: int
    tags: frozenset[str] = frozenset()


@dataclass(frozen=True)
class ListItem:
    label: str  # "1." or "(a)"
    depth: int
    text: Inline
    line: int


@dataclass(frozen=True)
class Diagram:
    """``kind`` is ``supply`` (the supply chart), ``example``, or ``cover`` (a grid with loose tiles).

    ``name`` says which picture it is (a position's name, ``supply``,
    ``largest-grid``); ``alt`` says in words what it shows; ``loose`` are the
    tiles lying beneath a cover-like grid, ``legal`` the locations an example
    dots: facts from the engine, which the picture only draws.
    """

    kind: str
    name: str
    line: int
    alt: str
    position: Position | None = None
    tile_mm: float | None = None  # None: as large as the panel allows, up to a default
    loose: tuple[Tile, ...] = ()
    legal: tuple[Location, ...] = ()
    tiles: TileSet | None = None  # the supply chart's tile set

    def picture(self) -> Picture:
        """What to draw, for any back end: the same picture in the PDF and on the web."""
        if self.kind == "supply":
            assert self.tiles is not None
            return supply_picture(self.tiles)
        if self.kind == "cover":
            return cover_picture(self.position, self.loose)
        return example_picture(self.position, self.legal)


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


# --- reading the templates ----------------------------------------------------


def load_leaflet_text(templates: Path, rules: Rules) -> LeafletText:
    """Read ``templates/leaflet.md`` and resolve it against the rules and the engine."""
    path = templates / LEAFLET_FILE
    return parse_leaflet(read_text(path), str(path), templates, rules)


def parse_leaflet(
    text: str, source: str, templates: Path, rules: Rules, proof: Callable[[], Proof] | None = None
) -> LeafletText:
    meta, body, first_line = _front_matter(text.replace("\r\n", "\n"), source)
    panels = _parse_body(body, first_line, source, templates, rules, meta, proof)
    names = tuple(name for name, _, _ in panels)
    if names != PANELS:
        raise GrawlixError(
            f"the leaflet needs the panels {', '.join(PANELS)} in this order, "
            f"found {', '.join(names) or 'none'}",
            source,
        )
    return LeafletText(meta, tuple(Panel(*p) for p in panels), source)


def load_web_sections(
    templates: Path, rules: Rules, meta: LeafletMeta, proof: Callable[[], Proof] | None = None
) -> tuple[Block, ...]:
    """The blocks of ``templates/web.md`` (none if there is no such file): sections only the web shows."""
    path = templates / WEB_FILE
    if not path.is_file():
        return ()
    text = read_text(path).replace("\r\n", "\n")
    panels = _parse_body(text, 1, str(path), templates, rules, meta, proof, panels=False)
    return panels[0][2] if panels else ()


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


def _parse_body(
    body: str, first_line: int, source: str, templates: Path, rules: Rules, meta: LeafletMeta,
    proof: Callable[[], Proof] | None, panels: bool = True,
) -> list[tuple[str, int, tuple[Block, ...]]]:  # fmt: skip
    body = _strip_comments(body)
    positions = _load_referenced_positions(body, first_line, source, templates, rules)
    facts = _TextFacts(rules, positions, source, meta, cache(proof or (lambda: cached_proof(rules.tiles))))
    lines = _markdown_lines(_expand_conditions(body, first_line, facts))
    return _Reader(facts, [line for _, line in lines], panels).read("\n".join(text for text, _ in lines) + "\n")


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
        if name != PROOF:
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


# --- placeholders: plain values in words --------------------------------------------


def _short_url(url: str) -> str:
    """``https://example.org/a/`` -> ``example.org/a``: what a reader needs to type."""
    return re.sub(r"^https?://(www\.)?", "", url).rstrip("/")


_META_VALUES: dict[str, Callable[[LeafletMeta], Value]] = {
    "title": lambda m: m.title,
    "subtitle": lambda m: m.subtitle,
    "version": lambda m: m.version,
    "authors": lambda m: m.authors,
    "contact": lambda m: Link(m.contact, f"mailto:{m.contact}"),
    "licence": lambda m: m.licence,
    "licence_url": lambda m: Link(_short_url(m.licence_url), m.licence_url),
}
"""Placeholders from the front matter."""

FILTERS = ("digits", "capital", "lines")


class _TextFacts(Facts):
    """The engine's facts plus the front matter: everything a placeholder may name."""

    def __init__(
        self, rules: Rules, positions: dict[str, Position], source: str, meta: LeafletMeta,
        proof: Callable[[], Proof],
    ):  # fmt: skip
        super().__init__(rules, positions, source, proof)
        self.meta = meta

    def value(self, name: str, line: int, known_globals: tuple[str, ...] = ()) -> Value:
        if name in _META_VALUES:
            return _META_VALUES[name](self.meta)
        return super().value(name, line, (*GAME_VALUES, *_META_VALUES))


def _joined(parts: list[Inline]) -> Inline:
    """``a, b and c`` from pieces of styled text."""
    return tuple(piece for sep, part in zip(separators(len(parts)), parts) for piece in ((Span(sep),) if sep else ()) + part)


def _glyph(glyph: Glyph) -> Span:
    """A glyph in running text: bold, as the designer sets them."""
    return Span(glyph.symbol, bold=True, glyph=True)


def _item_words(item: Glyph | Colour | Tile | str) -> Inline:
    if isinstance(item, Glyph):
        return (_glyph(item),)
    if isinstance(item, Colour):
        return (Span(item.name),)
    if isinstance(item, Tile):
        return Span(f"{item.colour.name}\u00a0"), _glyph(item.glyph)
    return (Span(item),)


def words(value: Value, chosen: str = "") -> Inline:
    """A plain value as running text: counts in words (or figures), lists as "a, b and c"."""
    if isinstance(value, int):
        return (Span(figures(value) if chosen == "digits" else in_words(value)),)
    if isinstance(value, str):
        return (Span(value),)
    if isinstance(value, Link):
        return (Span(value.text, link=value.url),)
    if isinstance(value, LineTiles):
        if not value.tiles:
            return (Span("no tiles"),)
        return (Span("the "), *_joined([_item_words(t) for t in value.tiles]))
    items = [_item_words(item) for item in value]
    if chosen == "lines":
        return tuple(piece for k, item in enumerate(items) for piece in ((Break(),) if k else ()) + item)
    return _joined(items)


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


# --- stage 2: Markdown, parsed by markdown-it ---------------------------------------

_LETTERED = re.compile(r"^(\s{2,})[a-z]\.(\s+\S)")


def _markdown_lines(lines: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The expanded lines made ready for markdown-it, each with its source line.

    Trailing spaces are dropped (two of them would be a line break in
    CommonMark, invisible in an editor); a diagram line such as
    ``[supply chart]`` stands alone even between lines of text, so it gets
    blank lines around it; and an indented lettered point ``   a. its row``
    becomes a bullet under the rule above it: CommonMark has no lettered
    lists, so the letters are set again from the order.
    """
    out: list[tuple[str, int]] = []
    for text, line in lines:
        text = text.rstrip()
        if _DIRECTIVE_LINE.fullmatch(text.strip()):
            out += [("", line), (text.strip(), line), ("", line)]
        else:
            out.append((_LETTERED.sub(r"\1-\2", text), line))
    return out


def _placeholder_rule(state: StateInline, silent: bool) -> bool:
    """``{name|filter}`` as one token; an unclosed ``{`` or a lone ``}`` as a token that fails later.

    Escaped braces (``\\{``) never get here: markdown-it's escape rule takes them first.
    """
    start, source = state.pos, state.src
    char = source[start]
    if char not in "{}":
        return False
    end = source.find("}", start + 1) if char == "{" else -1
    closed = end > 0 and not re.search(r"[{\n]", source[start + 1:end])
    if not silent:
        token = state.push("placeholder" if closed else "bad_brace", "", 0)
        token.content = source[start + 1:end] if closed else char
        token.meta = {"offset": start}
    state.pos = end + 1 if closed else start + 1
    return True


@cache
def markdown_parser() -> MarkdownIt:
    """CommonMark with ``::: panel`` containers and placeholders, without what no edition sets.

    Indented code, fences, quotes, rules, setext headings, raw HTML, tables,
    images and link definitions are switched off: such lines stay text, as
    written. Links, emphasis, lists, headings and hard breaks remain.
    """
    md = MarkdownIt("commonmark", {"html": False})
    md.disable(["code", "fence", "blockquote", "hr", "lheading", "html_block", "reference",
                "html_inline", "image", "backticks", "autolink"])  # fmt: skip
    md.core.ruler.disable("text_join")  # keeps escaped characters apart from a stray, unmatched "**"
    container_plugin(md, "panel")
    md.inline.ruler.after("escape", "placeholder", _placeholder_rule)
    return md


@dataclass
class _Item:
    label: str
    depth: int
    line: int  # in the Markdown
    text: Inline | None = None


@dataclass
class _Reader:
    """Walks markdown-it's tokens and builds panels of blocks."""

    facts: _TextFacts
    source_lines: list[int]  # source line of each Markdown line
    panels_wanted: bool
    panels: list[tuple[str, int, list[Block]]] = field(default_factory=list)
    lists: list[int] = field(default_factory=list)  # items so far in each open list
    item: _Item | None = None

    def where(self, markdown_line: int) -> str:
        return f"{self.facts.source}:{self.line(markdown_line)}"

    def line(self, markdown_line: int) -> int:
        return self.source_lines[min(markdown_line, len(self.source_lines) - 1)]

    def read(self, text: str) -> list[tuple[str, int, tuple[Block, ...]]]:
        tokens = markdown_parser().parse(text)
        if not self.panels_wanted:
            self.panels.append(("", 1, []))
        k = 0
        while k < len(tokens):
            k = self.token(tokens, k)
        return [(name, line, tuple(blocks)) for name, line, blocks in self.panels]

    def add(self, block: Block, markdown_line: int) -> None:
        if not self.panels:
            raise GrawlixError("text before the first '::: panel NAME' line", self.where(markdown_line))
        self.panels[-1][2].append(block)

    def token(self, tokens: list[Token], k: int) -> int:
        """Handle the token at ``k``; returns the index of the next one to look at."""
        token = tokens[k]
        start = token.map[0] if token.map else 0
        if token.type == "container_panel_open":
            if not self.panels_wanted:
                raise GrawlixError("this file has no panels: remove the '::: panel' line", self.where(start))
            name = token.info.split(maxsplit=1)[1:] or [""]
            if not name[0]:
                raise GrawlixError("a panel needs a name: '::: panel NAME'", self.where(start))
            self.panels.append((name[0].strip(), self.line(start), []))
        elif token.type == "heading_open":
            level = int(token.tag[1])
            if level > 3:
                raise GrawlixError(f"headings go down to ### (this one has {level} #)", self.where(start))
            self.add(Heading(level, self.inline(tokens[k + 1]), self.line(start)), start)
            return k + 3
        elif token.type in ("ordered_list_open", "bullet_list_open"):
            self.lists.append(0)
        elif token.type in ("ordered_list_close", "bullet_list_close"):
            self.lists.pop()
        elif token.type == "list_item_open":
            depth = len(self.lists) - 1
            ordered = token.markup in ".)"
            count = self.lists[-1]
            self.lists[-1] += 1
            label = f"{token.info}." if ordered else f"({chr(ord('a') + count)})" if depth else "\u2022"
            self.close_item()
            self.item = _Item(label, depth, start)
        elif token.type == "list_item_close":
            self.close_item()
        elif token.type == "paragraph_open":
            inline = tokens[k + 1]
            if self.item is not None:
                if self.item.text is not None:
                    raise GrawlixError("a numbered rule holds one paragraph", self.where(start))
                self.item.text = self.inline(inline)
            else:
                self.paragraph(inline, start)
            return k + 3
        return k + 1

    def close_item(self) -> None:
        item, self.item = self.item, None
        if item is not None:
            self.add(ListItem(item.label, item.depth, item.text or (), self.line(item.line)), item.line)

    def paragraph(self, inline: Token, start: int) -> None:
        raw = inline.content
        where = self.where(start)
        if raw.startswith(":::"):
            raise GrawlixError(f"unknown container {raw.splitlines()[0]!r} (known: '::: panel NAME')", where)
        directive = _DIRECTIVE_LINE.fullmatch(raw)
        tags = _TAGS.match(raw)
        if directive and not tags:
            self.add(self.diagram(directive.group(1).strip(), directive.group(2), start), start)
            return
        found: frozenset[str] = frozenset()
        if tags:
            found = frozenset(tags.group(1).split())
            unknown = found - PARAGRAPH_TAGS
            if unknown:
                raise GrawlixError(
                    f"unknown paragraph style [{' '.join(sorted(unknown))}] "
                    f"(known: {', '.join(sorted(PARAGRAPH_TAGS))})",
                    where,
                )
        text = self.inline(inline, skip=tags.end() if tags else 0)
        self.add(Paragraph(text, self.line(start), found), start)

    def diagram(self, name: str, argument: str | None, start: int) -> Block:
        """``[fill]``, ``[supply chart]``, ``[example: NAME]``, ``[cover art: NAME]``, ``[largest grid]``.

        Any diagram may add a tile size: ``[example: NAME, tile 9mm]``.
        """
        where, line = self.where(start), self.line(start)
        if name == "fill" and argument is None:
            return Fill(line)
        tile_mm = None
        if argument is not None and "," in argument:
            argument, size = (part.strip() for part in argument.split(",", 1))
            if not size.startswith("tile "):
                raise GrawlixError(f"unknown diagram option {size!r} (known: tile SIZE, e.g. tile 10mm)", where)
            tile_mm = parse_length(size[5:].strip(), f"{where}: tile")
        if name == "supply chart" and not argument:
            return Diagram("supply", "supply", line, describe_supply(self.facts.rules.tiles), tile_mm=tile_mm,
                           tiles=self.facts.rules.tiles)
        if name == "largest grid" and not argument:
            return self.largest_grid(line, tile_mm)
        if name in ("example", "cover art") and argument:
            position = self.facts.positions.get(argument.strip())
            if position is None:
                raise GrawlixError(f"unknown position {argument!r}", where)
            if name == "example":
                alt = f"{position.name.replace('-', ' ').capitalize()}: {describe_example(position)}"
                legal = tuple(position.grid.legal_locations())
                return Diagram("example", position.name, line, alt, position, tile_mm, legal=legal)
            loose = missing_tiles(position)
            alt = describe_loose(position, loose, "The cover art")
            return Diagram("cover", position.name, line, alt, position, tile_mm, loose)
        raise GrawlixError(
            f"unknown directive [{name}{': ' + argument if argument else ''}] (known: [fill], "
            "[supply chart], [example: POSITION], [cover art: POSITION], [largest grid], "
            "each may add ', tile 10mm')",
            where,
        )

    def largest_grid(self, line: int, tile_mm: float | None) -> Diagram:
        """The largest legal grid the proof found, with the tiles it cannot hold beneath it."""
        proof = self.facts.proof(f"{self.facts.source}:{line}")
        if not proof.largest_grid:
            raise GrawlixError(
                f"no grid to draw: {proof.note} Put [largest grid] inside {{if proof: grid found}}",
                f"{self.facts.source}:{line}",
            )
        order, tiles = proof.order, self.facts.rules.tiles
        grid = Grid.from_tiles(proof.grid_tiles(tiles), Rules(tiles, order, order, 1))
        position = Position("largest-grid", grid, {}, "The largest legal grid.")
        loose = missing_tiles(position)
        alt = describe_loose(position, loose, "The largest legal grid")
        return Diagram("cover", position.name, line, alt, position, tile_mm, loose)

    # inline text ---------------------------------------------------------------------

    def inline(self, token: Token, skip: int = 0) -> Inline:
        """markdown-it's inline tokens -> spans; placeholders filled, sentence starts capitalised."""
        first = token.map[0] if token.map else 0
        out: list[Span | Break] = []
        style = {"bold": False, "italic": False, "link": None}
        for child in token.children or ():
            kind = child.type
            if kind == "text" and "**" in child.content:
                raise GrawlixError("'**' opens bold text that is never closed", self.where(first))
            if kind in ("text", "text_special"):
                text = child.content
                if skip:
                    text, skip = text[skip:], max(0, skip - len(text))
                if text:
                    out.append(Span(text, style["bold"], style["italic"], link=style["link"]))
            elif kind == "softbreak":
                out.append(Span(" ", style["bold"], style["italic"], link=style["link"]))
            elif kind == "hardbreak":
                out.append(Break())
            elif kind in ("strong_open", "strong_close"):
                style["bold"] = kind == "strong_open"
            elif kind in ("em_open", "em_close"):
                style["italic"] = kind == "em_open"
            elif kind == "link_open":
                style["link"] = child.attrGet("href")
            elif kind == "link_close":
                style["link"] = None
            elif kind in ("placeholder", "bad_brace"):
                line = self.line(first + token.content.count("\n", 0, child.meta["offset"]))
                where = f"{self.facts.source}:{line}"
                if kind == "bad_brace":
                    raise GrawlixError(
                        "'{' is not closed on its line" if child.content == "{" else "'}' without a matching '{'",
                        where,
                    )
                filled = self.fill(child.content.strip(), line, _SENTENCE_END.search(plain(tuple(out))) is not None)
                out.extend(replace(s, bold=s.bold or style["bold"], italic=style["italic"], link=s.link or style["link"])
                           if isinstance(s, Span) else s for s in filled)  # fmt: skip
        return _merged(out)

    def fill(self, placeholder: str, line: int, sentence_start: bool) -> Inline:
        name, _, chosen = placeholder.partition("|")
        name, chosen = name.strip(), chosen.strip()
        where = f"{self.facts.source}:{line}"
        if name.startswith(("if ", "check ")) or name in ("else", "end"):
            raise GrawlixError(f"misplaced {{{placeholder}}}", where)
        if not name:
            raise GrawlixError("empty placeholder {}", where)
        value = self.facts.value(name, line)
        suits = {"digits": isinstance(value, int), "lines": isinstance(value, tuple), "capital": True, "": True}
        if not suits.get(chosen, False):
            raise GrawlixError(
                f"unknown or unsuitable filter |{chosen} for {{{name}}} (filters: {', '.join(FILTERS)})", where
            )
        text = words(value, chosen)
        if (sentence_start or chosen == "capital") and text and isinstance(text[0], Span) and not text[0].glyph:
            text = (replace(text[0], text=capitalised(text[0].text)), *text[1:])
        return text


_DIRECTIVE_LINE = re.compile(r"\[([a-z ]+)(?::\s*([^\]]*))?\]\s*")
_TAGS = re.compile(r"\[([a-z ]+)\][ \t]+(?=\S)")
_SENTENCE_END = re.compile(r"(^|[.!?][\"'’”)]?\s+)$")


def _merged(pieces: list[Span | Break]) -> Inline:
    """Neighbouring spans of one style as one span (glyphs stay apart: renderers set them specially)."""
    out: list[Span | Break] = []
    for piece in pieces:
        last = out[-1] if out else None
        if (
            isinstance(piece, Span) and isinstance(last, Span) and not piece.glyph and not last.glyph
            and (piece.bold, piece.italic, piece.link) == (last.bold, last.italic, last.link)
        ):  # fmt: skip
            out[-1] = replace(last, text=last.text + piece.text)
        else:
            out.append(piece)
    return tuple(out)
