"""Printable faces: every side of every piece a game prints, as the sheets and the images see it.

A game lists its faces (a card's front, a tile's face) and its one back;
each face knows its name, what a screen reader should say, its cut size and
how to draw itself. The card sheets and the image exports place and render
faces without knowing whether they are cards or tiles, or which game's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..drawing.geometry import Box
from ..drawing.ink import Ink
from ..drawing.surface import Surface


FRAME_INSET_MM = 2.5
"""With ``FaceStyle.frame``, a face's frame sits this far inside its cut line, its ground beyond it: far
enough that a cut a millimetre off leaves borders of 1.5 and 3.5 mm, which still read as a margin
rather than a lopsided frame. The sheets' notes promise it; every face that draws a frame keeps it."""


@dataclass(frozen=True)
class FaceStyle:
    """How a face is drawn this time.

    ``bleed`` is how far the face's background runs past its cut, in the
    caller's unit; ``marking`` is ``none``, ``letters`` or ``shapes``, the
    colour-blind markings of ``pieces.kinds.MARKINGS``.
    """

    bleed: float = 0.0
    marking: str = "none"
    frame: bool = False
    """A frame ``FRAME_INSET_MM`` inside the cut, for faces that have one (tiles cut by hand)."""
    ground: bool = True
    """Whether the face lays its own ground (``PieceFace.ground``); a sheet that has laid every
    piece's ground first, so that no bleed covers a neighbour, draws the rest with False."""


Draw = Callable[[Surface, float, float, float, float, FaceStyle], None]
"""``draw(surface, x, y, width, height, style)``: the face with its cut's lower-left corner at
(x, y), ``width`` x ``height`` in the surface's unit, its background ``style.bleed`` beyond."""


@dataclass(frozen=True)
class PieceFace:
    """One printable side of a piece.

    ``name`` is safe in a file name (``card-07``); ``description`` is what a
    screen reader says (``7, green star``); ``width`` x ``height`` is the cut
    size in millimetres, the size the game is designed at.
    """

    name: str
    description: str
    width: float
    height: float
    draw: Draw
    ground: Ink | None = None
    """The colour the face is printed on out to its bleed, if it is one colour (a tile's face): a
    sheet lays every ground before any face, so one piece's bleed never covers its neighbour."""
    features: tuple[Box, ...] = ()
    """Small things a seam should not cut through when a piece larger than the paper is printed in
    panels (a board's cell labels and centres), as boxes in millimetres from the cut's lower-left
    corner; the seams avoid them where the panels leave room (``products.sheets.tiling``)."""

    @property
    def size(self) -> tuple[float, float]:
        return (self.width, self.height)
