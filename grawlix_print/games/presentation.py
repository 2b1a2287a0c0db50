"""How a game's rules look, apart from what they say: typefaces, glyphs in running text, imposition.

A game's rules and pieces are one thing; how its rulebook is set is another,
which a variant can change without touching either. ``Game.presentation()``
returns one of these; the rules in print, the web edition and the cards'
sheets read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..drawing.outline import TextGlyph
    from ..drawing.surface import Face


@dataclass(frozen=True)
class Typography:
    """The faces a game's rulebook is set in: body, bold, and the title's."""

    body: Face
    bold: Face
    title: Face


@dataclass(frozen=True)
class Presentation:
    """How the rulebook is set: its ``typography``, the ``running_glyphs`` its text draws in a
    face of their own (a tile's glyph, a card's icon), by character, and its ``imposition``: how
    its pages go onto paper, by the name the rules-in-print product knows it by (``tri-fold``, a
    folded leaflet of six panels; ``booklet``, small pages folded and cut)."""

    typography: Typography
    imposition: str = "tri-fold"
    running_glyphs: Mapping[str, TextGlyph] = field(default_factory=dict)
