"""The rulebook as renderers receive it: front matter, then sections (panels or pages) of blocks.

Renderer-neutral: the text of a block is styled ``Inline`` text, a figure is
anything the drawing layer can draw (``Figure``). The leaflet (PDF) and the
web editions set the same blocks.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..drawing.figure import Figure
from ..drawing.text import Inline
from ..errors import StudioError
from ..front_matter import FrontMatter


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
    """A figure in the text, with the words a reader who cannot see it gets instead.

    ``kind`` and ``name`` say which picture it is (a position's name, ``supply``);
    ``title`` is its short name, ``alt`` what it shows. ``unit_mm`` is the cell
    (or card) size the text asked for, None for as large as the page allows up
    to ``largest_mm``. The game made the figure from its engine's answers; the
    renderers only draw it.
    """

    kind: str
    name: str
    line: int
    title: str
    alt: str
    figure: Figure
    largest_mm: float
    unit_mm: float | None = None
    unit: str = "unit"
    """What ``unit_mm`` measures, as the text's size option names it (``tile``, ``card``)."""


@dataclass(frozen=True)
class Fill:
    """Stretchable space: a section's spare height is shared among its fills."""

    line: int


@dataclass(frozen=True)
class KitFiles:
    """``[kit files]``: where a web edition lists the kit's own files (the leaflets, the sheets,
    the kit's index), as links that resolve from the web edition's folder. Print has no such
    links to follow, so a leaflet sets nothing for it."""

    line: int


@dataclass(frozen=True)
class Missing:
    """Where the text asked for something that could not be made (its problem is reported with
    the rest): a section holding one is not measured for fit, and nothing is set for it."""

    line: int


Block = Heading | Paragraph | ListItem | Diagram | Fill | KitFiles | Missing


@dataclass(frozen=True)
class Section:
    """A panel of a leaflet or a page of a booklet: its name (``cover``, ``2``...) and blocks."""

    name: str
    line: int
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class RulebookText:
    """A whole rulebook: its front matter and its sections, and the file it was read from.

    ``problems`` are those found while reading it (a false claim, a broken position...),
    each its own error: a product lays out what it can to find more, then raises them
    all (``errors.gathered``) before it writes anything.
    """

    meta: FrontMatter
    sections: tuple[Section, ...]
    source: str
    problems: tuple[StudioError, ...] = ()

    @property
    def whole(self) -> bool:
        """Whether everything the text asks for could be made."""
        return not self.problems


def unsure(section: Section) -> bool:
    """Whether a section lacks something it asked for, so its size cannot be trusted."""
    return any(isinstance(block, Missing) for block in section.blocks)
