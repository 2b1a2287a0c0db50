"""Pieces as a rulebook figure: faces in rows, each as printed, its cut outlined.

The rulebook's ``[faces: cards where suit = moon]`` lines and the web
edition's gallery of every face draw through here, by the faces' own drawing,
so a face on the web page is the face on the sheet.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...drawing.figure import Figure
from ...drawing.ink import Ink
from ...drawing.surface import Path, Pen, Surface
from ...pieces.faces import FaceStyle, PieceFace
from ...drawing.text import Span
from ...facts.wording import capitalised, in_words
from ...pieces.shapes import PieceShape
from ...rulebook import Block, Diagram, Heading, Paragraph

if TYPE_CHECKING:
    from .faces import Made

GAP = 0.12
"""Between neighbouring pieces, in piece widths."""
CORNER = 0.04
"""A card's or tile's corner, in piece widths, as a die-cut deck has them."""
EDGE = Ink((0.35, 0.35, 0.35), (0.0, 0.0, 0.0, 0.7))
EDGE_WIDTH = 0.008
PER_ROW = 5
FACE_MM = 22.0
"""A face in a rulebook's figure: as wide as this at most (a poker card at a third of its size)."""


def outline(shape: PieceShape, x: float, y: float, width: float, height: float) -> Path:
    """A piece's cut from its lower-left corner: its shape's own path, a straight-cut piece's corners
    rounded as a die-cut deck's are."""
    return shape.path(x, y, width, height, CORNER * width)


@dataclass(frozen=True)
class FacesFigure(Figure):
    """Faces of one size in rows of up to ``per_row``; the unit is one face's width."""

    faces: tuple[PieceFace, ...]
    shape: PieceShape
    words: str = ""
    """Every character the faces set as text, for a web page's fonts."""
    per_row: int = PER_ROW
    scale_on_screen: float = 2.6

    @property
    def screen_scale(self) -> float:
        return self.scale_on_screen

    @property
    def ratio(self) -> float:
        face = self.faces[0]
        return face.height / face.width

    @property
    def across(self) -> int:
        return max(1, min(self.per_row, len(self.faces)))

    def size(self, unit: float) -> tuple[float, float]:
        rows = math.ceil(len(self.faces) / self.across)
        return (self.across + (self.across - 1) * GAP) * unit, (rows * (self.ratio + GAP) - GAP) * unit

    def cell_to_fit(self, width: float, largest: float) -> float:
        return min(largest, width / self.size(1.0)[0])

    def draw(self, surface: Surface, x: float, top: float, unit: float) -> None:
        height = self.ratio * unit
        for k, face in enumerate(self.faces):
            row, column = divmod(k, self.across)
            left, bottom = x + column * (1 + GAP) * unit, top - row * (self.ratio + GAP) * unit - height
            edge = outline(self.shape, left, bottom, unit, height)
            with surface.clipped(edge):
                face.draw(surface, left, bottom, unit, height, FaceStyle())
            surface.shape(edge, pen=Pen(EDGE, EDGE_WIDTH * unit))

    @property
    def characters(self) -> str:
        return self.words


def gallery(made: Sequence[Made]) -> tuple[Block, ...]:
    """The web edition's gallery: a heading, then each kind's faces and its backs as printed."""
    blocks: list[Block] = [Heading(2, (Span("Every piece"),), 0)]
    for each in made:
        kind = each.kind
        faces = (*kind.faces, *kind.backs.values())
        words = "".join(each.drawings[face.name].characters for face in faces)
        count = kind.noun.count(kind.count, in_words)
        blocks.append(Heading(3, (Span(capitalised(kind.plural)),), 0))
        size = f"{kind.width:g}\u00a0mm across" if kind.piece_shape.across else f"{kind.width:g}\u00a0×\u00a0{kind.height:g}\u00a0mm"
        then = ", then the back" if len(kind.backs) == 1 else ", then its backs" if kind.backs else ""
        blocks.append(Paragraph((Span(f"{count.capitalize()} in a set, {size}: each design once{then}."),), 0))
        alt = "; ".join(f"{face.description}" + (f" (× {piece.count})" if piece.count > 1 else "") for piece, face in zip(kind.pieces, kind.faces))
        backs = f" Backs: {', '.join(face.description for face in kind.backs.values())}." if kind.backs else ""
        picture = FacesFigure(faces, kind.piece_shape, words)
        blocks.append(Diagram("gallery", f"gallery-{kind.name}", 0, f"Every {kind.singular}", f"{alt}.{backs}", picture, FACE_MM))
    return tuple(blocks)
