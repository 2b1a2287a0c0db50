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

from ..errors import GrawlixError
from ..facts.leaflet import GAME_VALUES, Facts, Value, list_value
from ..facts.wording import capitalised
from ..game.positions import Position, load_position
from ..game.rules import Rules
from ..game.templates import POSITIONS_DIR, parse_toml, read_text
from ..units import parse_length

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
    facts = _TextFacts(rules, positions, source, meta)
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


# --- placeholders from the front matter ---------------------------------------


def _short_url(url: str) -> str:
    """``https://example.org/a/`` -> ``example.org/a``: what a reader needs to type."""
    return re.sub(r"^https?://(www\.)?", "", url).rstrip("/")


def _link(text: str, url: str) -> str:
    return f'<a href="{escape(url)}">{escape(text)}</a>'


_META_VALUES: dict[str, Callable[[LeafletMeta], Value]] = {
    "title": lambda m: Value(escape(m.title)),
    "subtitle": lambda m: Value(escape(m.subtitle)),
    "version": lambda m: Value(escape(m.version)),
    "authors": lambda m: list_value([escape(a) for a in m.authors]),
    "contact": lambda m: Value(_link(m.contact, f"mailto:{m.contact}")),
    "licence": lambda m: Value(escape(m.licence)),
    "licence_url": lambda m: Value(_link(_short_url(m.licence_url), m.licence_url)),
}
"""Placeholders from the front matter."""

FILTERS = ("digits", "capital", "lines")


class _TextFacts(Facts):
    """The engine's facts plus the front matter: everything a placeholder may name."""

    def __init__(self, rules: Rules, positions: dict[str, Position], source: str, meta: LeafletMeta):
        super().__init__(rules, positions, source)
        self.meta = meta

    def value(self, name: str, line: int, known_globals: tuple[str, ...] = ()) -> Value:
        if name in _META_VALUES:
            return _META_VALUES[name](self.meta)
        return super().value(name, line, (*GAME_VALUES, *_META_VALUES))


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
