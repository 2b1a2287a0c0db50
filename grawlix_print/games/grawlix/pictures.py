"""The pictures Grawlix's rules show, built from positions and the engine's answers.

Each is a neutral ``GridPicture`` (``pieces.grid_diagram``) of the tiles' diagram faces: the
renderers draw it without knowing what it shows, and it never decides legality.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...pieces.grid_diagram import GridPicture
from .tile_drawing import DIAGRAM_FRAME, diagram_faces
from .tiles import Tile, TileSet
from .engine import Location
from .positions import Position


def _picture(tiles: TileSet, placed: dict[Location, Tile], vacant: Iterable[Location] = (),
             labels: dict[str, Location] | None = None, loose: Iterable[Tile] = ()) -> GridPicture:  # fmt: skip
    faces = diagram_faces(tiles)
    return GridPicture(
        {location: faces[tile] for location, tile in placed.items()}, tuple(vacant), labels or {},
        tuple(faces[tile] for tile in loose), border=DIAGRAM_FRAME,
    )  # fmt: skip


def example_picture(position: Position, legal: Iterable[Location]) -> GridPicture:
    """The position's tiles, the given legal locations dotted, its markers labelled.

    The legal locations are the engine's answer, passed in: a picture only draws them.
    """
    grid = position.grid
    return _picture(grid.rules.tiles, grid.tiles(), legal, dict(position.markers))


def cover_picture(position: Position, loose: Iterable[Tile]) -> GridPicture:
    """The position's tiles with the given loose tiles lying turned beneath."""
    return _picture(position.grid.rules.tiles, position.grid.tiles(), loose=loose)


def supply_picture(tiles: TileSet) -> GridPicture:
    """The supply chart: one row per colour, one column per glyph."""
    return _picture(tiles, {(t.colour.index, t.glyph.index): t for t in tiles.tiles})
