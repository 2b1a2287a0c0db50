"""The toy with its tokens in another shape: a kind's outline is all a product needs to know of it.

``shaped(shape, size)`` is a ``ToyGame`` whose tokens have ``shape`` (any entry of the shape
registry, or a ``Shape``) and ``size``, their faces and back drawn at that size; its tiles and
cards are the toy's own. Its templates are
the toy's, so it builds through the Python calls (``build_sheets``, ``build_boxes``...), not
through ``--game`` (which would find the toy itself).
"""

from __future__ import annotations

import dataclasses

from grawlix_print.pieces.faces import PieceFace
from grawlix_print.pieces.kinds import PieceKind, Shape
from grawlix_print.pieces.shapes import PieceShape, polygon_shape, register

from . import TEMPLATES, ToyGame


def shaped(shape: Shape | PieceShape, size: tuple[float, float], **changes) -> ToyGame:
    """The toy with tokens of ``shape`` and ``size`` (and any other of the kind's fields changed)."""

    class Shaped(ToyGame):
        def piece_kinds(self) -> tuple[PieceKind, ...]:
            tiles, tokens, cards = super().piece_kinds()
            pieces = tuple(dataclasses.replace(piece, face=_sized(piece.face, size)) for piece in tokens.pieces)
            backs = {name: _sized(face, size) for name, face in tokens.backs.items()}
            sized = dataclasses.replace(tokens, shape=shape, size=size, pieces=pieces, backs=backs, **changes)
            return (tiles, sized, cards)

    return Shaped(TEMPLATES)


def _sized(face: PieceFace, size: tuple[float, float]) -> PieceFace:
    return dataclasses.replace(face, width=size[0], height=size[1])


def _octagon() -> list[tuple[float, float]]:
    """A regular octagon's corners, flat sides up and down (turned an eighth of a turn's half)."""
    import math

    return [(math.cos(math.pi / 8 + k * math.pi / 4), math.sin(math.pi / 8 + k * math.pi / 4)) for k in range(8)]


OCTAGON = register(polygon_shape("octagon", _octagon(), blanks=("octagon", "octagons")))
"""A shape no product was written for: one registry entry, and the toy's tokens are octagons
(``shaped(OCTAGON, (20.0, 20.0))``); a game of tables may name it (``shape = "octagon"``)."""
