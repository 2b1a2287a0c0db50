"""How a tile looks: its glyph's outline, its colour's ink and mark, the edges, the back.

The colours, inks, typefaces and marks are the tile set's data (``components.toml``);
this module gives the renderers what they draw from them, so the leaflet, the
sheets, the web edition and the 3D tiles all change together.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...drawing.ink import BLACK, Ink
from ...drawing.marks import Point, mark_polygons
from ...errors import StudioError
from .tiles import Colour, TileSet

if TYPE_CHECKING:  # the outlines need fontTools, which the commands load only to draw
    from ...drawing.outline import Outline, TextGlyph

TILE_MM = 25.4
"""A paper tile: one inch, the size of the designer's wooden squares."""

PRINTED_GLYPH_FRACTION = 0.73
"""The glyph's larger side as a fraction of a paper or screen tile's face, as on the
designer's stickers: big enough to read across the table."""

CONTOUR_FRACTION = 0.018
"""The glyph's dark outline, as a fraction of the tile side (0.46 mm, 1.3 pt, on a one-inch tile)."""

MIN_OUTLINE_PT = 0.75
"""No outline is thinner, whatever the tile's size: a yellow glyph on a grey face (about
1.2:1) is told apart by its outline, and a press's preflight flags lines under 0.25 pt."""

MIN_GLYPH_CONTRAST = 3.0
"""A glyph whose colour stands at least this far from its face (WCAG's ratio for large
shapes) reads without its outline; every glyph gets the outline all the same."""

MARK_FRACTION = 0.095
"""A colour-blind mark (the letter's type size, a shape's side) as a fraction of the tile."""

MARK_CENTRE = 0.095
"""How far the centre of each corner's mark sits from the two cut lines, as a fraction of the tile."""

TILE_EDGE = BLACK
GLYPH_CONTOUR = BLACK
"""Frames, outlines and marks: black ink alone, which overprints (``Ink.overprints``)."""


def contrast(a: Ink, b: Ink) -> float:
    """The WCAG contrast ratio of two inks' screen colours, 1 (none) to 21."""
    lighter, darker = sorted((_luminance(a.rgb), _luminance(b.rgb)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _luminance(rgb: tuple[float, float, float]) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink(colour: Colour) -> Ink:
    """The ink a tile colour is printed and shown in."""
    return colour.ink


@dataclass(frozen=True)
class BackDesign:
    """The plain side of a paper tile: the game's name over its glyphs, in ``marks`` on ``background``.

    The marks are one solid ink (no outlines, so no hairlines) with a contrast of
    at least 3:1 against the background, measured on the screen colours.
    """

    name: str
    background: Ink
    marks: Ink


BACK_DESIGNS: dict[str, BackDesign] = {
    # The default: a pale grey in black ink alone, which costs little ink on a home printer.
    "light": BackDesign("light", Ink((0.93, 0.93, 0.93), (0.0, 0.0, 0.0, 0.07)), Ink((0.30, 0.30, 0.30), (0.0, 0.0, 0.0, 0.78))),
    # Charcoal, as the first kit had it: a solid block at some 90 % ink coverage.
    "dark": BackDesign("dark", Ink((0.20, 0.21, 0.23), (0.10, 0.05, 0.0, 0.82)), Ink((0.78, 0.78, 0.78), (0.0, 0.0, 0.0, 0.25))),
}

MARKINGS: tuple[str, ...] = ("none", "letters", "shapes")
"""How a tile tells its colour to colour-blind players, on paper and on printed tiles:
not at all, by the colour's letter, or by its mark, in each corner."""


def colour_mark(colour: Colour) -> list[list[Point]]:
    """The colour's mark for colour-blind players (its ``shape`` in ``components.toml``); none
    for a colour without one (its letter still names it: the leaflet's legend shows the letter)."""
    return mark_polygons(colour.shape) if colour.shape else []


def available_markings(tiles: TileSet) -> tuple[str, ...]:
    """The markings the tile set can print: shapes only when every colour has one."""
    return tuple(m for m in MARKINGS if m != "shapes" or all(c.shape for c in tiles.colours))


def check_marking(tiles: TileSet, marking: str) -> None:
    """Refuse shape marks when a colour has no shape of its own."""
    if marking == "shapes":
        for colour in tiles.colours:
            if not colour.shape:
                raise StudioError(
                    f"{colour.name} has no shape, so tiles cannot be marked by shape (use letters)",
                    f"{tiles.source}: colours[{colour.index + 1}].shape",
                )


def outlines(tiles: TileSet) -> dict[str, Outline]:
    """Each glyph's outline, by character, from its typeface; a typeface that fails names its key."""
    from ...drawing.outline import glyph_outlines

    return _read(tiles, glyph_outlines)


def running_glyphs(tiles: TileSet) -> dict[str, TextGlyph]:
    """The glyphs as running text shows them (the leaflet's words), in the tiles' own faces."""
    from ...drawing.outline import text_glyphs

    return _read(tiles, text_glyphs)


def _read(tiles: TileSet, reader):
    try:
        return reader(tiles.faces)
    except StudioError:
        for glyph in tiles.glyphs:  # which glyph's typeface failed, for the message
            try:
                reader(((glyph.symbol, glyph.typeface),))
            except StudioError as error:
                raise StudioError(error.what, f"{tiles.source}: glyphs[{glyph.index + 1}].typeface") from None
        raise
