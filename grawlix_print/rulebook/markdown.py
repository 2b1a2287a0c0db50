"""Stage two of reading a rulebook: its Markdown, parsed by markdown-it, into sections of blocks.

The designer writes the rules in Markdown (see the comment at the top of a
game's ``leaflet.md``), read by markdown-it with its container plugin for the
``::: panel NAME`` (or ``::: page NAME``) sections. What stays ours is the
game's own: placeholders (``{example-2.locations}``) its ``TextFacts``
fill, figure lines (``[example: example-2]``) it draws, and paragraph styles
(``[small centred]``). A malformed construct (an unclosed ``{``) stops the
reading with one line naming the file and line. What the game cannot answer (a
placeholder it cannot fill, a false claim, a broken example) is gathered instead:
every such problem is kept in ``RulebookText.problems``, its place in the text
marked ``Missing``, so one build reports them all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..drawing.text import Break, Inline, Span, plain
from ..errors import Consequence, StudioError, gathered
from ..files import present, read_template
from ..units import parse_length
from .conditions import expand_conditions
from ..front_matter import read_front_matter
from .document import Block, Diagram, Fill, FrontMatter, Heading, KitFiles, ListItem, Missing, Paragraph, RulebookText, Section
from .facts import TextFacts
from .stated import tell
from .words import FILTERS, META_VALUES, capital_first, suits, words

if TYPE_CHECKING:  # markdown-it is loaded with the first text it parses: the front matter alone needs none
    from markdown_it import MarkdownIt
    from markdown_it.rules_inline import StateInline
    from markdown_it.token import Token

SECTION_KINDS = ("panel", "page")
"""``::: panel NAME`` (a leaflet's panels) or ``::: page NAME`` (a booklet's pages)."""
_SECTION_OPEN = {f"container_{kind}_open": kind for kind in SECTION_KINDS}

PARAGRAPH_TAGS = frozenset({"small", "large", "centred", "subtitle", "licence"})

def read_rulebook(path: Path, facts: TextFacts, title: str) -> RulebookText:
    """A rulebook file: front matter between ``+++`` lines, then sections of Markdown.

    ``title`` is the game's, which the front matter may replace and its strings name as ``{title}``.
    """
    source = str(path)
    text = read_template(path).replace("\r\n", "\n")
    meta, body, first_line = read_front_matter(text, source, title)
    problems: list[StudioError] = []
    sections = _read_body(body, first_line, source, facts, meta, problems)
    return RulebookText(meta, tuple(Section(*s) for s in sections), source, tuple(problems))


def read_extra_sections(path: Path, facts: TextFacts, meta: FrontMatter) -> tuple[Block, ...]:
    """The blocks of a file without sections or front matter (the web's own ``web.md``); none if absent.

    Every problem in it is raised together (``Problems``).
    """
    if not present(path):
        return ()
    text = read_template(path).replace("\r\n", "\n")
    problems: list[StudioError] = []
    found = _read_body(text, 1, str(path), facts, meta, problems, sections=False)
    gathered(problems)
    return found[0][2] if found else ()


def _read_body(
    body: str, first_line: int, source: str, facts: TextFacts, meta: FrontMatter,
    problems: list[StudioError], sections: bool = True,
) -> list[tuple[str, int, tuple[Block, ...]]]:
    """The sections of blocks; what the game cannot answer is added to ``problems``."""
    body = _strip_comments(body)
    try:
        problems += facts.references(body, first_line, source) or ()
    except StudioError as error:
        problems.append(error)
    lines = _markdown_lines(expand_conditions(body, first_line, facts, source, problems))
    reader = _Reader(facts, meta, source, [line for _, line in lines], sections, problems)
    return reader.read("\n".join(text for text, _ in lines) + "\n")


def _strip_comments(text: str) -> str:
    """Drop ``<!-- ... -->`` but keep its line breaks, so line numbers stay right."""
    return re.sub(r"<!--.*?-->", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.DOTALL)


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
        if FIGURE_LINE.fullmatch(text.strip()):
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
    """CommonMark with ``::: panel`` (or ``::: page``) containers and placeholders, without what no edition sets.

    Indented code, fences, quotes, rules, setext headings, raw HTML, tables,
    images and link definitions are switched off: such lines stay text, as
    written. Links, emphasis, lists, headings and hard breaks remain.
    """
    from markdown_it import MarkdownIt
    from mdit_py_plugins.container import container_plugin

    md = MarkdownIt("commonmark", {"html": False})
    md.disable(["code", "fence", "blockquote", "hr", "lheading", "html_block", "reference",
                "html_inline", "image", "backticks", "autolink"])  # fmt: skip
    md.core.ruler.disable("text_join")  # keeps escaped characters apart from a stray, unmatched "**"
    for kind in SECTION_KINDS:
        container_plugin(md, kind)
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
    """Walks markdown-it's tokens and builds sections of blocks."""

    facts: TextFacts
    meta: FrontMatter
    source: str
    source_lines: list[int]  # source line of each Markdown line
    panels_wanted: bool
    problems: list[StudioError]
    panels: list[tuple[str, int, list[Block]]] = field(default_factory=list)
    lists: list[int] = field(default_factory=list)  # items so far in each open list
    item: _Item | None = None

    def where(self, markdown_line: int) -> str:
        return f"{self.source}:{self.line(markdown_line)}"

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
            raise StudioError("text before the first '::: panel NAME' (or '::: page NAME') line", self.where(markdown_line))
        self.panels[-1][2].append(block)

    def missed(self, error: StudioError, markdown_line: int) -> None:
        """Something the game could not make: its problem kept (unless it only follows from
        one already kept), and its section marked as lacking it."""
        if not isinstance(error, Consequence):
            self.problems.append(error)
        if self.panels and not any(isinstance(b, Missing) for b in self.panels[-1][2]):
            self.add(Missing(self.line(markdown_line)), markdown_line)

    def token(self, tokens: list[Token], k: int) -> int:
        """Handle the token at ``k``; returns the index of the next one to look at."""
        token = tokens[k]
        start = token.map[0] if token.map else 0
        if token.type in _SECTION_OPEN:
            kind = _SECTION_OPEN[token.type]
            if not self.panels_wanted:
                raise StudioError(f"this file has no {kind}s: remove the '::: {kind}' line", self.where(start))
            name = token.info.split(maxsplit=1)[1:] or [""]
            if not name[0]:
                raise StudioError(f"a {kind} needs a name: '::: {kind} NAME'", self.where(start))
            self.panels.append((name[0].strip(), self.line(start), []))
        elif token.type == "heading_open":
            level = int(token.tag[1])
            if level > 3:
                raise StudioError(f"headings go down to ### (this one has {level} #)", self.where(start))
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
                    raise StudioError("a numbered rule holds one paragraph", self.where(start))
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
            raise StudioError(f"unknown container {raw.splitlines()[0]!r} (known: '::: panel NAME', '::: page NAME')", where)
        directive = FIGURE_LINE.fullmatch(raw)
        tags = _TAGS.match(raw)
        if directive and not tags:
            try:
                block = self.diagram(directive.group(1).strip(), directive.group(2), start)
            except StudioError as error:
                self.missed(error, start)
                return
            self.add(block, start)
            return
        found: frozenset[str] = frozenset()
        if tags:
            found = frozenset(tags.group(1).split())
            unknown = found - PARAGRAPH_TAGS
            if unknown:
                raise StudioError(
                    f"unknown paragraph style [{' '.join(sorted(unknown))}] "
                    f"(known: {', '.join(sorted(PARAGRAPH_TAGS))})",
                    where,
                )
        text = self.inline(inline, skip=tags.end() if tags else 0)
        self.add(Paragraph(text, self.line(start), found), start)

    def diagram(self, name: str, argument: str | None, start: int) -> Block:
        """``[fill]``, or a figure the game knows (``[example: NAME]``), optionally sized: ``, tile 9mm``."""
        where, line = self.where(start), self.line(start)
        if name == "fill" and argument is None:
            return Fill(line)
        if name == "kit files" and argument is None:
            return KitFiles(line)
        unit_mm, unit = None, self.facts.figure_unit
        if argument is not None and "," in argument:
            argument, size = (part.strip() for part in argument.split(",", 1))
            if not size.startswith(f"{unit} "):
                raise StudioError(f"unknown diagram option {size!r} (known: {unit} SIZE, e.g. {unit} 10mm)", where)
            unit_mm = parse_length(size[len(unit) + 1:].strip(), f"{where}: {unit}")
        try:
            block = self.facts.figure(name, argument or None, unit_mm, line, where)
            return replace(block, unit=unit) if isinstance(block, Diagram) else block
        except LookupError:
            known = ", ".join(f"[{figure}]" for figure in ("fill", "kit files", *self.facts.figure_names()))
            shown = f"{name}{': ' + argument if argument else ''}"
            raise StudioError(
                f"unknown directive [{shown}] (known: {known}; each may add a size, e.g. ', {unit} 10mm')", where
            ) from None

    # inline text ---------------------------------------------------------------------

    def inline(self, token: Token, skip: int = 0) -> Inline:
        """markdown-it's inline tokens -> spans; placeholders filled, sentence starts capitalised."""
        first = token.map[0] if token.map else 0
        out: list[Span | Break] = []
        bold, italic = False, False  # the style of the text so far
        link: str | None = None
        for child in token.children or ():
            kind = child.type
            if kind == "text" and "**" in child.content:
                raise StudioError("'**' opens bold text that is never closed", self.where(first))
            if kind in ("text", "text_special"):
                text = child.content
                if skip:
                    text, skip = text[skip:], max(0, skip - len(text))
                if text:
                    out.append(Span(text, bold, italic, link=link))
            elif kind == "softbreak":
                out.append(Span(" ", bold, italic, link=link))
            elif kind == "hardbreak":
                out.append(Break())
            elif kind in ("strong_open", "strong_close"):
                bold = kind == "strong_open"
            elif kind in ("em_open", "em_close"):
                italic = kind == "em_open"
            elif kind == "link_open":
                href = child.attrGet("href")
                link = None if href is None else str(href)
            elif kind == "link_close":
                link = None
            elif kind in ("placeholder", "bad_brace"):
                line = self.line(first + token.content.count("\n", 0, child.meta["offset"]))
                where = f"{self.source}:{line}"
                if kind == "bad_brace":
                    raise StudioError(
                        "'{' is not closed on its line" if child.content == "{" else "'}' without a matching '{'",
                        where,
                    )
                try:
                    filled = self.fill(child.content.strip(), line, _SENTENCE_END.search(plain(tuple(out))) is not None)
                except StudioError as error:
                    self.missed(error, first)
                    filled = (Span("?"),)
                out.extend(replace(s, bold=s.bold or bold, italic=italic, link=s.link or link)
                           if isinstance(s, Span) else s for s in filled)  # fmt: skip
        return _merged(out)

    def fill(self, placeholder: str, line: int, sentence_start: bool) -> Inline:
        name, _, chosen = placeholder.partition("|")
        name, chosen = name.strip(), chosen.strip()
        where = f"{self.source}:{line}"
        if name.startswith(("if ", "check ")) or name in ("else", "end"):
            raise StudioError(f"misplaced {{{placeholder}}}", where)
        if not name:
            raise StudioError("empty placeholder {}", where)
        value = META_VALUES[name](self.meta) if name in META_VALUES else self.facts.value(name, where)
        if not suits(value, chosen):
            raise StudioError(
                f"unknown or unsuitable filter |{chosen} for {{{name}}} (filters: {', '.join(FILTERS)})", where
            )
        text = words(value, chosen)
        tell(name, plain(text, " "), where, chosen)
        return capital_first(text) if sentence_start or chosen == "capital" else text


FIGURE_LINE = re.compile(r"\[([a-z ]+)(?:(?::\s*|(?=,))([^\]]*))?\]\s*")
"""``[supply chart]``, ``[example: NAME]``, either with a size: ``[supply chart, tile 12mm]``."""
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
