"""The Markdown edition: GitHub-flavoured Markdown, ready to paste as a repository's README.

Diagrams are links to the SVG files beside it, with their text alternatives
as alt text. Every character Markdown (or GitHub, which reads ``$`` as the
start of maths) could take for syntax is escaped, so the rules read exactly
as written. A glyph in the text is followed by its name, as the designer's own
README writes them ("& (ampersand)"): GitHub keeps no markup a screen reader
could use instead, and "red &" would be read "red and".
"""

from __future__ import annotations

import re

from ...drawing.text import Break, Inline, plain
from ...rulebook import Diagram, Heading, ListItem, Paragraph
from .diagrams import diagram_file
from .edition import Edition, is_title

_SPECIAL = re.compile(r"([\\`*_\[\]<>$&|~#{}])")
_LINE_START = re.compile(r"^(\d+)([.)])|^([+\-=])")


def escaped(text: str) -> str:
    return _SPECIAL.sub(r"\\\1", text)


def inline_markdown(text: Inline, indent: str = "") -> str:
    out: list[str] = []
    for piece in text:
        if isinstance(piece, Break):
            out.append("\\\n" + indent)
            continue
        body = escaped(piece.text)
        if not body.strip():
            out.append(body)
            continue
        # Emphasis marks must touch the words, so spaces at the ends stay outside them.
        found = re.match(r"(\s*)(.*?)(\s*)$", body, re.DOTALL)
        assert found is not None  # the pattern matches any text
        lead, core, trail = found.groups()
        if piece.italic:
            core = f"*{core}*"
        if piece.bold:
            core = f"**{core}**"
        if piece.link:
            core = f"[{core}]({piece.link})"
        if piece.spoken and piece.text.isascii():  # "&" is read "and"; a symbol such as ★ has a name of its own
            core += f" ({escaped(piece.spoken)})"
        out.append(lead + core + trail)
    line = "".join(out)
    return _LINE_START.sub(lambda m: f"{m.group(1)}\\{m.group(2)}" if m.group(1) else f"\\{m.group(3)}", line)


def markdown_edition(edition: Edition) -> str:
    """The whole edition as one Markdown document, with a list of contents before the first section."""
    contents = "**Contents:**\n\n" + "\n".join(
        f"- [{escaped(plain(block.text))}](#{edition.anchors[k]})"
        for k, block in enumerate(edition.blocks)
        if isinstance(block, Heading) and block.level == 2
    )
    chunks: list[tuple[bool, str]] = []  # (a list item?, its Markdown)
    number = 0
    for k, block in enumerate(edition.blocks):
        if k == edition.first_section:
            chunks.append((False, contents))
        if isinstance(block, Heading):
            chunks.append((False, f"{'#' * block.level} {inline_markdown(block.text)}"))
        elif isinstance(block, Paragraph):
            chunks.append((False, inline_markdown(block.text)))
        elif isinstance(block, ListItem) and block.depth == 0:
            numbered = block.label[:-1].isdigit()
            number = int(block.label[:-1]) if numbered else number + 1
            marker = f"{number}. " if numbered else "- "
            chunks.append((True, marker + inline_markdown(block.text, " " * len(marker))))
        elif isinstance(block, ListItem):
            chunks.append((True, "   - " + inline_markdown(block.text, " " * 5)))
        elif isinstance(block, Diagram):
            alt = escaped(block.alt.replace("[", "(").replace("]", ")"))
            heading = "# " if is_title(block) else ""  # a drawn title is still the page's heading
            chunks.append((False, f"{heading}![{alt}]({diagram_file(block)})"))
    out = []
    for k, (item, text) in enumerate(chunks):
        if k:
            out.append("\n" if item and chunks[k - 1][0] else "\n\n")
        out.append(text)
    return "".join(out) + "\n"
