"""A set of tiles: one for every glyph in every colour, read from a game's ``components.toml``.

The glyphs and colours are data, so a designer's variant (five glyphs and
five colours, other inks, another typeface) is a change to the templates, not
to the code. A rules engine sees only the indices; how a tile is printed (its
colour's ink, its glyph's typeface, its colour-blind mark) travels with it
for the renderers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...drawing.ink import Ink
from ...drawing.marks import MARKS
from ...drawing.fonts import MAX_FONT_BYTES
from ...errors import StudioError
from ...files import present, read_bytes
from ...fonts import FONT_DIR
from ...pieces import schema

COMPONENTS_FILE = "components.toml"
MAX_KINDS = 16
"""At most this many glyphs (and colours): 256 tiles, far past any table, and the
engine's per-line tables (2^n entries each) stay small."""
KEYS = ("game", "title", "tile", "glyphs", "colours")
"""The tables of a tile game's ``components.toml``."""
GLYPH_KEYS = ("character", "name", "typeface")
COLOUR_KEYS = ("name", "letter", "rgb", "cmyk", "shape")
DEFAULT_FACE = Ink((0.78, 0.78, 0.78), (0.0, 0.0, 0.0, 0.25))
"""A light grey face, as the designer's tiles have, unless ``[tile] face`` says otherwise."""


@dataclass(frozen=True)
class Glyph:
    """One of the glyphs: its ``symbol``, the ``name`` a screen reader says, the font it is drawn from."""

    index: int
    symbol: str
    name: str
    typeface: Path = field(compare=False)


@dataclass(frozen=True)
class Colour:
    """A tile colour: its name and letter, its ink, and its colour-blind mark (a shape's name, or "")."""

    index: int
    name: str
    letter: str
    ink: Ink = field(compare=False)
    shape: str = field(compare=False, default="")


@dataclass(frozen=True)
class Tile:
    """One tile: a glyph in a colour, at ``index`` in the supply (rows are colours, columns glyphs)."""

    glyph: Glyph
    colour: Colour
    index: int

    @property
    def token(self) -> str:
        """The position-file notation: colour letter + glyph, e.g. ``B@``."""
        return self.colour.letter + self.glyph.symbol

    @property
    def spoken(self) -> str:
        """What a screen reader should say: ``red ampersand``."""
        return f"{self.colour.name} {self.glyph.name}"

    def __str__(self) -> str:
        return self.token


class UnknownTile(ValueError):
    """A token that names no tile of the set."""


@dataclass(frozen=True)
class TileSet:
    """The game's pieces: its title, glyphs and colours, and every tile, in supply order."""

    title: str
    glyphs: tuple[Glyph, ...]
    colours: tuple[Colour, ...]
    face: Ink = field(compare=False, default=DEFAULT_FACE)
    source: str = field(compare=False, default=COMPONENTS_FILE)  # the file it was read from, for messages
    tiles: tuple[Tile, ...] = field(init=False, compare=False, repr=False)
    _by_token: dict[str, Tile] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        width = len(self.glyphs)
        tiles = tuple(Tile(g, c, c.index * width + g.index) for c in self.colours for g in self.glyphs)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "_by_token", {t.token: t for t in tiles})

    def __hash__(self) -> int:
        return hash((self.title, self.glyphs, self.colours))

    @property
    def faces(self) -> tuple[tuple[str, Path], ...]:
        """Each glyph's character and typeface file, as the drawing layer reads outlines."""
        return tuple((g.symbol, g.typeface) for g in self.glyphs)

    @property
    def order(self) -> int:
        """The number of glyphs (a game of squares has as many colours): the side of a full grid."""
        return len(self.glyphs)

    def tile(self, glyph: int, colour: int) -> Tile:
        """The tile of glyph index ``glyph`` in colour index ``colour``."""
        return self.tiles[colour * len(self.glyphs) + glyph]

    def tile_from_token(self, token: str) -> Tile:
        """The tile a position-file token names (``B@``, or ``b@``); raises UnknownTile otherwise."""
        tile = self._by_token.get(token.upper() if token[:1].islower() else token)
        if tile is None:
            raise UnknownTile(f"{token!r} is not a tile: {self.token_hint()}")
        return tile

    def token_hint(self) -> str:
        """How a tile is written, for messages: its colour letters and glyphs."""
        return (
            f"a tile is a colour letter ({' '.join(c.letter for c in self.colours)}) "
            f"and a glyph ({' '.join(g.symbol for g in self.glyphs)})"
        )


# --- reading components.toml ----------------------------------------------------------


def parse_components(data: dict, source: str, folder: Path) -> TileSet:
    """The tile set a ``components.toml`` describes; every fault is one line naming file and key.

    ``folder`` is where a typeface file named by the data is looked for first
    (then among the typefaces shipped with grawlix-print).
    """
    schema.known_keys(data, KEYS, source)
    title = schema.game_title(data, source)
    tile_table = schema.table(data.get("tile", {}), source, "tile")
    schema.known_keys(tile_table, ("face",), source, "tile")
    face = DEFAULT_FACE
    if "face" in tile_table:
        face = schema.ink(schema.table(tile_table["face"], source, "tile.face"), source, "tile.face")
    glyph_tables = schema.tables(data, "glyphs", source, at_least=2)
    colour_tables = schema.tables(data, "colours", source, at_least=2)
    for name, found in (("glyphs", glyph_tables), ("colours", colour_tables)):
        if len(found) > MAX_KINDS:
            raise StudioError(f"at most {MAX_KINDS} [[{name}]] tables, found {len(found)}", schema.where(source, name))
    glyphs = tuple(_glyph(k, t, source, folder) for k, t in enumerate(glyph_tables))
    colours = tuple(_colour(k, t, source) for k, t in enumerate(colour_tables))
    schema.unique([g.symbol for g in glyphs], "character", source, [f"glyphs[{k + 1}].character" for k in range(len(glyphs))])
    schema.unique([c.name for c in colours], "colour", source, [f"colours[{k + 1}].name" for k in range(len(colours))])
    schema.unique([c.letter for c in colours], "letter", source, [f"colours[{k + 1}].letter" for k in range(len(colours))])
    shaped = [(c.shape, f"colours[{c.index + 1}].shape") for c in colours if c.shape]
    schema.unique([s for s, _ in shaped], "shape", source, [k for _, k in shaped])
    return TileSet(title, glyphs, colours, face, source)


def _glyph(index: int, data: schema.Table, source: str, folder: Path) -> Glyph:
    key = f"glyphs[{index + 1}]"
    schema.known_keys(data, GLYPH_KEYS, source, key)
    symbol = schema.text(data, "character", source, key)
    if len(symbol) != 1 or symbol.isspace() or symbol == ".":
        raise StudioError(
            f"must be one printable character other than '.' (an empty cell), not {symbol!r}",
            schema.where(source, f"{key}.character"),
        )
    name = schema.text(data, "name", source, key)
    typeface = _typeface(schema.text(data, "typeface", source, key), folder, schema.where(source, f"{key}.typeface"))
    return Glyph(index, symbol, name, typeface)


def _typeface(name: str, folder: Path, where: str) -> Path:
    """The font file: beside the components file, else one shipped with grawlix-print."""
    for candidate in (folder / name, FONT_DIR / name):
        if present(candidate):
            try:
                read_bytes(candidate, MAX_FONT_BYTES)  # a regular file, readable, within bounds
            except StudioError as error:
                raise StudioError(f"the typeface {candidate}: {error.what}", where) from None
            return candidate
    raise StudioError(f"no typeface file {name!r} here or among the shipped typefaces", where)


def _colour(index: int, data: schema.Table, source: str) -> Colour:
    key = f"colours[{index + 1}]"
    schema.known_keys(data, COLOUR_KEYS, source, key)
    name = schema.text(data, "name", source, key)
    letter = schema.text(data, "letter", source, key)
    if len(letter) != 1 or not letter.isalpha() or not letter.isupper():
        raise StudioError(f"must be one capital letter, not {letter!r}", schema.where(source, f"{key}.letter"))
    ink = schema.ink(data, source, key)
    shape = schema.text(data, "shape", source, key) if "shape" in data else ""
    if shape and shape not in MARKS:
        raise StudioError(f"must be one of {', '.join(MARKS)}, not {shape!r}", schema.where(source, f"{key}.shape"))
    return Colour(index, name, letter, ink, shape)
