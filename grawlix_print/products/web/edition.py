"""What the web editions show, in order: the leaflet's panels read top to bottom, plus the web's own sections.

A screen has no folds, so the panels follow each other in reading order;
stretchy space (``[fill]``) means nothing there and is dropped, the
cover's title comes first, and a picture printed on both covers is shown once. ``templates/web.md`` adds sections only the web
carries (the fun facts), before the back panel's story and contact. Both
editions (Markdown and HTML) set exactly these blocks, with the same anchors.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...drawing.text import Span, plain
from ...rulebook import Block, Diagram, Fill, FrontMatter, Heading, KitFiles, ListItem, RulebookText


@dataclass(frozen=True)
class KitLink:
    """One of the kit's files as a web edition links it: what it is, where (from ``web/``), and how to use it."""

    label: str
    href: str
    note: str


@dataclass(frozen=True)
class Edition:
    meta: FrontMatter
    blocks: tuple[Block, ...]
    anchors: dict[int, str]  # block index of each heading -> its anchor

    @property
    def first_section(self) -> int:
        """Index of the first ``##`` heading: the contents go before it."""
        return next((k for k, b in enumerate(self.blocks) if isinstance(b, Heading) and b.level == 2), -1)


def is_title(block: Block) -> bool:
    """The title: a level-1 heading, or a picture of it (a game whose title is drawn, not set)."""
    return isinstance(block, Heading) and block.level == 1 or isinstance(block, Diagram) and block.kind == "title"


def web_edition(
    text: RulebookText, web_sections: tuple[Block, ...], kit_links: tuple[KitLink, ...] = ()
) -> Edition:
    """The blocks both web editions set; ``[kit files]`` becomes a list of ``kit_links``."""
    blocks: list[Block] = []
    shown: set[str] = set()
    for panel in text.sections:
        if panel.name == "back":
            blocks += _linked(web_sections, kit_links)
        # A picture printed twice (a title on both covers) is shown once on a screen.
        content = [b for b in _linked(panel.blocks, kit_links)
                   if not isinstance(b, Fill) and not (isinstance(b, Diagram) and b.name in shown)]  # fmt: skip
        shown |= {b.name for b in content if isinstance(b, Diagram)}
        if panel.name == "cover":
            content.sort(key=lambda b: not is_title(b))  # stable: title first
        blocks += content
    anchors: dict[int, str] = {}
    used: dict[str, int] = {}
    for k, block in enumerate(blocks):
        if isinstance(block, Heading):
            anchors[k] = anchor(plain(block.text), used)
    return Edition(text.meta, tuple(blocks), anchors)


def _linked(blocks: tuple[Block, ...], links: tuple[KitLink, ...]) -> list[Block]:
    """The blocks with each ``[kit files]`` replaced by one list item per kit file."""
    out: list[Block] = []
    for block in blocks:
        if isinstance(block, KitFiles):
            out += [
                ListItem("\u2022", 0, (Span(link.label, link=link.href), Span(f": {link.note}")), block.line)
                for link in links
            ]
        else:
            out.append(block)
    return out


def anchor(heading: str, used: dict[str, int]) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered."""
    slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
    count = used.get(slug, 0)
    used[slug] = count + 1
    return slug if count == 0 else f"{slug}-{count}"
