"""A figure: any picture a rulebook shows (a grid of tiles, a row of cards), drawn at any scale.

The leaflet and the web editions place figures without knowing what they
show: they ask its size for a unit (a grid cell, a card width), the largest
unit that fits a width, and to draw itself on a ``Surface``. A figure names
the protocol as its base, so it inherits the defaults.
"""

from __future__ import annotations

from typing import Protocol

from .surface import Surface


class Figure(Protocol):
    def size(self, unit: float) -> tuple[float, float]:
        """Width and height when drawn with ``unit`` per cell (or per card)."""

    def cell_to_fit(self, width: float, largest: float) -> float:
        """The largest unit, up to ``largest``, with which the figure fits ``width``."""

    def draw(self, surface: Surface, x: float, top: float, unit: float) -> None:
        """Draw with the figure's top-left corner at (x, top)."""

    @property
    def characters(self) -> str:
        """The characters it sets as text (labels), for the fonts a screen edition embeds."""

    @property
    def screen_scale(self) -> float:
        """Its unit on screen, in grid cells: a card, which carries more detail than a tile, asks for more."""
        return 1.0
