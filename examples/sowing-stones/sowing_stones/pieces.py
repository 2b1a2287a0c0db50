"""The pieces of Sowing Stones: a board of pits and stores (one tile), and stones (round tokens).

The board is drawn with grawlix-print's drawing calls (``Surface.shape`` with a ``Path`` and a
``Pen``, ``Surface.text``), once for the printed board and once for the rulebook's figures, which
write each pit's count of stones in it.
"""

from __future__ import annotations

from dataclasses import dataclass

from grawlix_print.plugin import (
    BLACK, QUICKSAND_BOLD, FaceStyle, Figure, Form, Ink, Pen, Piece, PieceColour, PieceFace, PieceKind, Shape,
    Surface, circle, disc_face, ground, hex_ink, plain_back, rectangle,
)  # fmt: skip

from .engine import Rules

CELL_MM = 20.0
STONE_MM = 14.0
WOOD = hex_ink("#e2c08d")
PIT = hex_ink("#b8864b")
PAPER = hex_ink("#f7f1e3")
STONES = (
    PieceColour("grey", hex_ink("#8a8f98"), "G", "ring"),
    PieceColour("blue", hex_ink("#4a78b5"), "B", "cross"),
)
"""Two looks of stone, half of each; the rules do not tell them apart (colour-blind letters all the same)."""


def board_size(rules: Rules) -> tuple[float, float]:
    return ((rules.pits + 2) * CELL_MM, 2 * CELL_MM)


def draw_board(surface: Surface, x: float, y: float, cell: float, rules: Rules, counts: tuple[int, ...] | None) -> None:
    """Pits in two rows between the stores; ``counts`` (the engine's board) written in them, if given."""
    line = Pen(BLACK, max(cell * 0.025, 0.75 / surface.unit_pt))
    for side in (0, 1):
        left = x + (0.1 if side else rules.pits + 1.1) * cell  # seat 1's store on the left, seat 0's on the right
        surface.shape(rectangle(left, y + 0.1 * cell, 0.8 * cell, 1.8 * cell), fill=PIT, pen=line)
        if counts is not None:
            surface.text(left + 0.4 * cell, y + 0.85 * cell, str(counts[rules.store(side)]), QUICKSAND_BOLD, 0.4 * cell, BLACK)
    for k in range(rules.pits):
        for row, pit in ((0, k), (1, 2 * rules.pits - k)):  # seat 0's row below, left to right
            cx, cy = x + (k + 1.5) * cell, y + (row + 0.5) * cell
            surface.shape(circle(cx, cy, 0.4 * cell), fill=PIT, pen=line)
            if counts is not None:
                surface.text(cx, cy - 0.14 * cell, str(counts[pit]), QUICKSAND_BOLD, 0.4 * cell, BLACK)


def board_face(rules: Rules) -> PieceFace:
    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        ground(surface, x, y, w, h, style, WOOD)
        draw_board(surface, x, y, h / 2, rules, None)

    return PieceFace("board", f"the board: {rules.pits} pits a side and two stores", *board_size(rules), draw, WOOD)


@dataclass(frozen=True)
class Position(Figure):
    """The board with the stones in each pit and store as numbers; the unit is one cell."""

    rules: Rules
    counts: tuple[int, ...]

    def size(self, unit: float) -> tuple[float, float]:
        return ((self.rules.pits + 2) * unit, 2 * unit)

    def cell_to_fit(self, width: float, largest: float) -> float:
        return min(largest, width / (self.rules.pits + 2))

    def draw(self, surface: Surface, x: float, top: float, unit: float) -> None:
        surface.shape(rectangle(x, top - 2 * unit, *self.size(unit)), fill=WOOD)
        draw_board(surface, x, top - 2 * unit, unit, self.rules, self.counts)

    @property
    def characters(self) -> str:
        return "0123456789"


def kinds(rules: Rules) -> tuple[PieceKind, ...]:
    total = 2 * rules.pits * rules.stones
    stones = tuple(
        Piece(disc_face(f"stone-{c.name}", f"a {c.name} stone", STONE_MM, PAPER, c.ink), total // 2, colour=c)
        for c in STONES
    )
    back = plain_back("stone-back", "the back of a stone", (STONE_MM, STONE_MM), PAPER, PIT)
    return (
        PieceKind("boards", "board", Form.BOARD, Shape.RECTANGLE, board_size(rules), (Piece(board_face(rules)),)),
        PieceKind("stones", "stone", Form.TOKEN, Shape.CIRCLE, (STONE_MM, STONE_MM), stones, {"plain": back}),
    )


__all__ = ["Ink", "Position", "board_face", "kinds"]
