"""Hex Boards: a toy plug-in for grawlix-print's tests, written from docs/writing-a-game.md alone.

Its pieces are what most board games have and the paper does not hold: a 420 x 297 mm map board
printed on both sides (a square grid), a 200 mm hexagonal board of hexagonal cells (one-sided),
a deck of seven weather cards (a kind named ``weather`` whose singular is "weather card"), two
hexagonal terrain tiles, each with its triangle raised for a 3D print, and one die (a plural no
rule of adding an s gives). Its rulebook shows a position on the hexagonal board, drawn by the
same grid as the board. ``tests/test_boards.py`` builds its kit; its counts (1, 2, 7) and names
are what the wording test reads every product's sentences for.
"""

from __future__ import annotations

from functools import cached_property

from grawlix_print.plugin import (
    BLACK,
    QUICKSAND_BOLD,
    Facts,
    Form,
    Game,
    GridBoard,
    HexGrid,
    Picture,
    Piece,
    PieceFace,
    PieceKind,
    Shape,
    SquareGrid,
    StudioError,
    ground,
    hex_ink,
    plain_back,
    plain_presentation,
    polygon,
    read_toml,
    rectangle,
)
from grawlix_print.plugin import rulebook as read_rulebook

CREAM = hex_ink("#f4ecd6")
SNOW = hex_ink("#e8eef4")
SAND = hex_ink("#efe2bf")
SKY = hex_ink("#3b6fa8")
MOSS = hex_ink("#5b7f3a")
RED = hex_ink("#c0392b")
BLUE = hex_ink("#2f5fa0")

MAP_MM = (420.0, 297.0)
HEX_BOARD_MM = 200.0
"""The hexagonal board's width across its flats (its height point to point is 2 / sqrt 3 of it)."""
CARD_MM = (63.5, 88.9)
TERRAIN_MM = (30.0, 34.641)


def map_board(paper, name: str, side: str, size=MAP_MM) -> PieceFace:
    """The map board: 20 x 13 squares of 21 mm in the middle of a 420 x 297 mm board (smaller on a smaller one)."""
    cell = min(21.0, size[0] / 20, size[1] / 13)
    return GridBoard(SquareGrid(20, 13), cell, paper, margin=0.0).face(f"the map board, {side} side", name, size)


def hex_board(radius: int) -> GridBoard:
    """Flat-top cells within ``radius`` steps of the middle, on a pointy-top board 200 mm across."""
    grid = HexGrid(radius=radius, pointy=False)
    unit = GridBoard(grid, 1.0, SAND, outline="hexagon")
    return GridBoard(grid, HEX_BOARD_MM / unit.size_in_cells[0], SAND, outline="hexagon", name="hex-board")


def weather_face(name: str) -> PieceFace:
    def draw(surface, x, y, w, h, style):
        ground(surface, x, y, w, h, style, SKY)
        surface.shape(rectangle(x + 0.1 * w, y + 0.3 * h, 0.8 * w, 0.4 * h), fill=CREAM)
        surface.text(x + w / 2, y + 0.45 * h, name, QUICKSAND_BOLD, 0.14 * w, BLACK)

    return PieceFace(f"weather-{name}", f"the {name} card", *CARD_MM, draw, SKY)


def triangle(x, y, w, h):
    cx, cy = x + w / 2, y + h / 2
    return polygon([(cx, cy + 0.3 * h), (cx - 0.25 * w, cy - 0.2 * h), (cx + 0.25 * w, cy - 0.2 * h)])


def terrain_face(name: str, ink) -> PieceFace:
    def draw(surface, x, y, w, h, style):
        ground(surface, x, y, w, h, style, ink)
        surface.shape(triangle(x, y, w, h), fill=CREAM)

    return PieceFace(f"terrain-{name}", f"a {name} tile", *TERRAIN_MM, draw, ink)


def terrain(name: str, ink) -> Piece:
    """A terrain tile, its triangle raised in cream for a 3D print (the very path its face fills)."""
    from grawlix_print.drawing.filled import filled_outline
    from grawlix_print.pieces.kinds import Accent, Relief

    def shape():
        return filled_outline([triangle(0.0, 0.0, 1.0, 1.0)], f"hex-boards: {name}")

    return Piece(terrain_face(name, ink), relief=Relief(f"{name} triangle", Accent("cream", CREAM), shape))


def die_face() -> PieceFace:
    def draw(surface, x, y, w, h, style):
        ground(surface, x, y, w, h, style, CREAM)
        surface.text(x + w / 2, y + 0.35 * h, "6", QUICKSAND_BOLD, 0.4 * h, BLACK)

    return PieceFace("die", "the die", 20.0, 20.0, draw, CREAM)


def kinds(radius: int, size=MAP_MM, seams=None, source: str = "") -> tuple[PieceKind, ...]:
    board = hex_board(radius)
    spring, winter = map_board(CREAM, "board-spring", "spring", size), map_board(SNOW, "board-winter", "winter", size)
    weather = [Piece(weather_face(name), count) for name, count in (("rain", 3), ("sun", 2), ("wind", 2))]
    card_back = plain_back("weather-back", "the back of a weather card", CARD_MM, CREAM, SKY)
    return (
        PieceKind("boards", "board", Form.BOARD, Shape.RECTANGLE, size, (Piece(spring),), {"winter": winter},
                  source=source, seams=seams),
        PieceKind("hex-boards", "hex board", Form.BOARD, Shape.HEXAGON, board.size, (Piece(board.face("the hex board")),)),
        PieceKind("weather", "weather card", Form.CARD, Shape.RECTANGLE, CARD_MM, tuple(weather), {"plain": card_back}),
        PieceKind("terrain", "terrain tile", Form.TILE, Shape.HEXAGON, TERRAIN_MM,
                  (terrain("forest", MOSS), terrain("lake", SKY)), relief_words=("triangle", "triangles")),
        PieceKind("dice", "die", Form.TOKEN, Shape.CIRCLE, (20.0, 20.0), (Piece(die_face()),)),
    )  # fmt: skip


class HexBoards(Game):
    name = "hex-boards"
    summary = "a toy of boards larger than the paper: a map board, a hexagonal board, weather cards"

    @cached_property
    def components(self):
        return read_toml(self.templates / "components.toml")

    @property
    def radius(self) -> int:
        value = self.components.get("rules", {}).get("radius", 4)
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 8:
            raise StudioError("a whole number from 1 to 8", "templates/components.toml: rules.radius")
        return value

    @property
    def title(self):
        return str(self.components["title"])

    def check(self):
        self.radius
        super().check()

    def piece_kinds(self):
        """The map board's size and seams may be set in components.toml: ``[boards] size = [w, h]``
        (mm) and ``seams = [[from the left...], [from the top...]]``."""
        where = "templates/components.toml"
        table = self.components.get("boards", {})
        size = tuple(float(v) for v in table.get("size", MAP_MM))
        seams = table.get("seams")
        seams = (tuple(map(float, seams[0])), tuple(map(float, seams[1]))) if seams is not None else None
        return kinds(self.radius, size, seams, where)

    def presentation(self):
        return plain_presentation("booklet")

    def rulebook(self):
        board = hex_board(self.radius)
        grid = board.grid

        def rim_or_six() -> bool:
            rim = {cell for cell in grid.cells() if max(abs(cell[0]), abs(cell[1]), abs(cell[0] + cell[1])) == self.radius}
            return all(len(grid.neighbours(cell)) == 6 or cell in rim for cell in grid.cells())

        def start(argument):
            figure = board.figure({(0, 0): RED, (1, -1): BLUE, (-2, 1): RED}, {"?": (2, 0)}, labels=True)
            return Picture("The start", "The hex board: red on 0,0 and -2,1, blue on 1,-1; the cell 2,0 is marked.",
                           figure, largest_mm=9.0)  # fmt: skip

        facts = Facts(
            self.name,
            values={"map_width": int(MAP_MM[0]), "map_height": int(MAP_MM[1]), "cells": len(grid.cells()),
                    "radius": self.radius},  # fmt: skip
            claims={"every cell has six neighbours or lies on the rim": rim_or_six},
            figures={"start": start},
        )
        return read_rulebook(self, facts)
