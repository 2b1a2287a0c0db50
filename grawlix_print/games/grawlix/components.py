"""What a tile is: one of six glyphs in one of six colours; the 36 tiles of the supply.

The rules engine imports this module and nothing else of the tile definition,
so it stays free of fonts and drawing code.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Glyph:
    """One of the six typesetters' symbols (``symbol``), with its name and place in the supply."""

    index: int
    symbol: str
    name: str


@dataclass(frozen=True)
class Colour:
    """A tile colour as the rules know it: a name and the letter position files use.

    How it is printed or shown lives in ``tile.look``.
    """

    index: int
    name: str
    letter: str


@dataclass(frozen=True)
class Tile:
    """One of the 36 tiles: a glyph in a colour. ``TILES`` holds them all, in supply order."""

    glyph: Glyph
    colour: Colour

    @property
    def index(self) -> int:
        """Position in the supply chart: rows are colours, columns glyphs."""
        return self.colour.index * len(GLYPHS) + self.glyph.index

    @property
    def token(self) -> str:
        """The position-file notation: colour letter + glyph, e.g. ``B@``."""
        return self.colour.letter + self.glyph.symbol

    def __str__(self) -> str:
        return self.token


GLYPHS: tuple[Glyph, ...] = tuple(
    Glyph(i, symbol, name)
    for i, (symbol, name) in enumerate(
        [
            ("@", "at sign"),
            ("#", "octothorpe"),
            ("$", "dollar sign"),
            ("%", "percent sign"),
            ("&", "ampersand"),
            ("*", "asterisk"),
        ]
    )
)

COLOURS: tuple[Colour, ...] = tuple(
    Colour(i, name, letter)
    for i, (name, letter) in enumerate(
        [("red", "R"), ("orange", "O"), ("yellow", "Y"), ("green", "G"), ("blue", "B"), ("violet", "V")]
    )
)

TILES: tuple[Tile, ...] = tuple(Tile(g, c) for c in COLOURS for g in GLYPHS)

_BY_TOKEN = {t.token: t for t in TILES}


def tile_from_token(token: str) -> Tile | None:
    """The tile a position-file token names, or None if it names none."""
    return _BY_TOKEN.get(token.upper() if token[:1].islower() else token)

