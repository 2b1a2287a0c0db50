"""What a tile is: one of six glyphs in one of six colours; the 36 tiles of the supply.

The rules engine imports this module and nothing else of the tile definition,
so it stays free of fonts and drawing code.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[float, float, float]
CMYK = tuple[float, float, float, float]


@dataclass(frozen=True)
class Glyph:
    index: int
    symbol: str
    name: str


@dataclass(frozen=True)
class Colour:
    """A tile colour: ``rgb`` for screens and previews, ``cmyk`` for print.

    ``mark`` names the small shape printed for colour-blind players; the six
    shapes differ in outline, so they still tell colours apart in greyscale.
    """

    index: int
    name: str
    letter: str
    rgb: RGB
    cmyk: CMYK
    mark: str


@dataclass(frozen=True)
class Tile:
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
    Colour(i, name, letter, rgb, cmyk, mark)
    for i, (name, letter, rgb, cmyk, mark) in enumerate(
        [
            ("red", "R", (0.89, 0.11, 0.11), (0.0, 0.95, 0.95, 0.0), "ring"),
            ("orange", "O", (1.00, 0.53, 0.00), (0.0, 0.55, 1.0, 0.0), "triangle"),
            ("yellow", "Y", (1.00, 0.86, 0.00), (0.0, 0.10, 1.0, 0.0), "square"),
            ("green", "G", (0.10, 0.72, 0.18), (0.80, 0.0, 1.0, 0.0), "diamond"),
            ("blue", "B", (0.08, 0.30, 0.90), (0.95, 0.65, 0.0, 0.0), "cross"),
            ("violet", "V", (0.52, 0.16, 0.63), (0.55, 0.90, 0.0, 0.0), "star"),
        ]
    )
)

TILES: tuple[Tile, ...] = tuple(Tile(g, c) for c in COLOURS for g in GLYPHS)

_BY_TOKEN = {t.token: t for t in TILES}


def tile_from_token(token: str) -> Tile | None:
    """The tile a position-file token names, or None if it names none."""
    return _BY_TOKEN.get(token.upper() if token[:1].islower() else token)

