"""What a kind's whole set needs inside its box: from the kind's size and count, and how thick a piece is.

A deck of cards stands in its tuck box as one pile; tiles and tokens lie in
stacks, side by side in a tray, no stack taller than a piece is wide (a
tray no deeper than its pieces are wide reads as a tray, and a hand reaches
the bottom), as many stacks as that takes, in a grid as square as can be.
The clearance is added once to each inside length: the room to slide a deck
in or lift a stack out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...pieces.kinds import Form, PieceKind

CARD_THICKNESS_MM = 0.32
"""A card printed on 300 g/m² card, as the card sheets advise: a deck of 50 is 16 mm."""
TILE_THICKNESS_MM = 0.4
"""A tile or token as the kit's sheets make it: one layer of the 250–300 g/m² card stock they are
printed on (about 0.4 mm), or, folded gutter-fold, two layers of 120–160 g/m² card glued together
(about 0.2 mm each: the same). Pieces mounted on greyboard or wooden blanks are thicker: the boxes'
``--piece-thickness`` says so."""


@dataclass(frozen=True)
class Choice:
    """What the boxes are made with: the product's options as the build takes them (millimetres)."""

    stock: float
    clearance: float
    piece_thickness: float | None
    bleed: float


def piece_thickness(kind: PieceKind, given: float | None) -> float:
    """How thick one of ``kind``'s pieces is: ``given``, or its form's usual thickness."""
    if given is not None:
        return given
    return CARD_THICKNESS_MM if kind.form == Form.CARD else TILE_THICKNESS_MM


@dataclass(frozen=True)
class Stacks:
    """How a set of tiles or tokens lies in its tray: ``columns`` x ``rows`` stacks of at most ``high`` pieces."""

    columns: int
    rows: int
    high: int


def stacks(kind: PieceKind, thickness: float) -> Stacks:
    """The fewest stacks no taller than a piece is wide, in a grid as square as can be."""
    tallest = max(kind.width, kind.height)
    needed = max(1, math.ceil(kind.count * thickness / tallest - 1e-9))
    columns = math.ceil(math.sqrt(needed) - 1e-9)
    rows = math.ceil(needed / columns)
    return Stacks(columns, rows, math.ceil(kind.count / (columns * rows)))


def card_inside(kind: PieceKind, thickness: float, clearance: float) -> tuple[float, float, float]:
    """A deck's room: a card's width and height, the deck's depth, each with the clearance."""
    return (kind.width + clearance, kind.height + clearance, kind.count * thickness + clearance)


def tray_inside(kind: PieceKind, thickness: float, clearance: float) -> tuple[float, float, float]:
    """A tray's room: its stacks side by side, as deep as the tallest, each length with the clearance."""
    laid = stacks(kind, thickness)
    return (laid.columns * kind.width + clearance, laid.rows * kind.height + clearance, laid.high * thickness + clearance)
