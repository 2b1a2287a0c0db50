"""The rulebook: a game's rules in its own words, read from its templates and checked by its engine.

One text, two products: the leaflet (PDF) and the web editions set the same
blocks, so it lives below both. ``document`` is what they receive,
``markdown`` reads a rulebook file, ``conditions`` decides ``{if}`` and
``{check}``, ``words`` words a placeholder's value, and ``facts`` is what a
game answers (its ``TextFacts``).
"""

from .document import (
    Block,
    Diagram,
    Fill,
    KitFiles,
    FrontMatter,
    Heading,
    ListItem,
    Missing,
    Paragraph,
    RulebookText,
    Section,
    unsure,
)
from .facts import Items, Link, TextFacts, Value
from .markdown import read_extra_sections, read_rulebook

__all__ = [
    "Block", "Diagram", "Fill", "KitFiles", "FrontMatter", "Heading", "ListItem", "Missing", "Paragraph",
    "RulebookText", "Section", "unsure", "Items", "Link", "TextFacts", "Value", "read_extra_sections", "read_rulebook",
]  # fmt: skip
