"""The pictures Grawlix's rules show, built from positions and the engine's answers.

Each is a neutral ``Picture`` (``components.grid_diagram``): the renderers draw it
without knowing what it shows, and it never decides legality.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...pieces.tiles import Tile, TileSet
from ...pieces.grid_diagram import Picture
from .engine import Location
from .positions import Position


def example_picture(position: Position, legal: Iterable[Location]) -> Picture:
    """The position's tiles, the given legal locations dotted, its markers labelled.

    The legal locations are the engine's answer, passed in: a picture only draws them.
    """
    grid = position.grid
    return Picture(grid.rules.tiles, grid.tiles(), vacant=tuple(legal), labels=dict(position.markers))


def cover_picture(position: Position, loose: Iterable[Tile]) -> Picture:
    """The position's tiles with the given loose tiles lying turned beneath."""
    return Picture(position.grid.rules.tiles, position.grid.tiles(), loose=tuple(loose))


def supply_picture(tiles: TileSet) -> Picture:
    """The supply chart: one row per colour, one column per glyph."""
    return Picture(tiles, {(t.colour.index, t.glyph.index): t for t in tiles.tiles})
