"""Pieces as kinds: what a game prints, as data that every product iterates over.

A game returns its piece kinds (``Game.piece_kinds()``): its tiles, its cards,
its tokens... Each kind is a form (how it is printed and played: tiles and
tokens lie face up and are cut from card stock or stuck on wooden blanks;
cards are held in a hand), a shape and a size, its pieces (a face each, how
many of it, a back), the backs it may be printed with, the colour-blind
markings its faces can draw and, for a 3D print, each face's relief.

The products ask a kind what it is, never which game it belongs to: a game
with square picture tiles gets tile sheets, stickers and (with a relief) 3D
tiles; a game with tiles and cards gets both kinds of sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from ..drawing.ink import Ink
from ..drawing.marks import MARKS
from ..errors import StudioError
from ..facts.wording import Noun, plural_of
from ..units import MM_PER_UNIT
from .faces import PieceFace
from .shapes import PieceShape, Shape, shape_of

if TYPE_CHECKING:
    from ..drawing.outline import Outline


class Form(str, Enum):
    """How a kind of piece is printed and played."""

    TILE = "tile"
    """Sturdy pieces laid face up: card-stock sheets cut edge to edge, stickers for wooden
    blanks, a lidded box or tray; with a relief, 3D-printed tiles."""
    TOKEN = "token"
    """Small counters, often round: printed as tiles are (stickers fit wooden discs)."""
    CARD = "card"
    """Held in a hand: card sheets with crop marks, a deck in Tabletop Simulator, a tuck box."""
    BOARD = "board"
    """What the pieces are played on (a board, a player mat): printed on card stock, tiled over
    several sheets when it is larger than the paper, no stickers and no box unless asked; a
    folding board at a print service."""


MARKINGS: tuple[str, ...] = ("none", "letters", "shapes")
"""How a face tells its colour to colour-blind players: not at all, by the colour's letter, or by
its mark (a shape of ``drawing.marks.MARKS``)."""

MIN_MARK_PT = 5.0
"""Colour-blind marks smaller than this (a 5 pt letter) cannot be read: a product refuses them, or
leaves a piece printed that small unmarked."""


@dataclass(frozen=True)
class PieceColour:
    """A colour players must tell apart: its name, its ink, and the letter and mark shape that tell
    it without seeing it (``shape`` "" for none). Legends, colour-blind checks and 3D marks read it."""

    name: str
    ink: Ink
    letter: str = ""
    shape: str = ""
    where: str = field(default="", compare=False)
    """The file and key that define it (``components.toml: colours[3]``), for messages."""


@dataclass(frozen=True)
class Accent:
    """A colour a relief is printed in (a filament), with its name for the printing notes."""

    name: str
    ink: Ink


@dataclass(frozen=True)
class Relief:
    """What one face raises above the body of a 3D-printed piece, in its accent colour.

    ``shape()`` gives the raised shape centred on the origin with its larger side 1 (a glyph's
    outline, or any face's filled shapes: ``drawing.filled.filled_outline``), read only when a
    solid is built (a font's outline needs fontTools); pieces whose reliefs share a ``name``
    share one solid. ``name`` is in words (``at sign``: the 3D files' names are made from it);
    ``label`` is a short sign for it in file headers and object names (a glyph's ``@``), if any.
    """

    name: str
    accent: Accent
    shape: Callable[[], Outline] = field(compare=False, repr=False)
    label: str = ""
    size: float = 0.0
    """Its larger side as a fraction of the body's width and depth (0: the 3D product's 68 %)."""


@dataclass(frozen=True)
class Piece:
    """One design of piece: its face, how many of it a set holds, its own back (None: the kind's
    first back), its colour (for marks and legends) and its relief (for 3D)."""

    face: PieceFace
    count: int = 1
    back: PieceFace | None = None
    colour: PieceColour | None = None
    relief: Relief | None = None


@dataclass(frozen=True)
class PieceKind:
    """One kind of piece a game prints: ``tiles``, ``cards``, ``tokens``...

    ``name`` is what file names and settings call it (``tiles-a4.pdf``); ``singular`` and ``plural``
    what sentences do ("each tile", "the 7 tiles"; ``plural`` "" is the singular's plural,
    ``facts.wording.plural_of``: a kind named ``weather`` whose singular is ``weather card`` is
    "weather cards"). ``size`` is the cut size in millimetres the faces are designed
    at; a product may print them larger or smaller. ``backs`` are the back designs a set may be
    printed with, by name, the default first. ``row`` is how many pieces a sheet puts in a row
    when it can (a row per colour), 0 for as many as fit. ``body`` is a 3D piece's base colour
    (None: a light grey).
    """

    name: str
    singular: str
    form: Form
    shape: Shape | PieceShape
    """A ``Shape`` (the built-in ones by name), or any entry of the shape registry (``pieces.shapes``)."""
    size: tuple[float, float]
    pieces: tuple[Piece, ...]
    backs: Mapping[str, PieceFace] = field(default_factory=dict)
    markings: tuple[str, ...] = ("none",)
    row: int = 0
    body: Accent | None = None
    source: str = ""
    """Where the kind was read from (``components.toml``), for messages."""
    mark_fraction: float = 0.0
    """How large its faces draw a colour-blind mark (a letter's type size, a shape's side), as a
    fraction of the piece's width; 0 if it does not say (its marks are then never refused as too small)."""
    marks_at: str = ""
    """Where its faces show the colour-blind marks, as the end of a sentence the sheets' notes print
    ("each card shows its colour's letter" + " under its corner number"); "" to say no more."""
    relief_words: tuple[str, str] = ("picture", "pictures")
    """What the 3D printing notes call a relief, singular and plural (a tile game of glyphs: glyph, glyphs)."""
    body_width: float = 0.0
    """How wide a 3D-printed piece's body is, in mm (across the flats of a hexagon, a disc's diameter; its
    depth in proportion): 0 for its cut width."""
    plural: str = ""
    box: bool | None = None
    """Whether the boxes product makes it a box; None: every kind but a board (which lies flat in
    the game's own box)."""
    stretched: bool = False
    """Whether its shape is meant out of its regular proportions (a hexagon wider or taller than a
    regular one): without it, such a size is refused (``PieceShape.refusal``)."""
    seams: tuple[tuple[float, ...], tuple[float, ...]] | None = None
    """Where a piece larger than the paper is split into panels, if the designer says: the seams
    down, in millimetres from its left edge, and the seams across, from its top edge (None: the
    sheets choose, clear of its faces' ``features``)."""

    def __post_init__(self) -> None:
        if not self.plural:
            object.__setattr__(self, "plural", plural_of(self.singular))
        where = f"{self.source}: {self.name}" if self.source else self.name
        width, height = self.size
        if not (width > 0 and height > 0):
            raise StudioError(f"a piece must have a size greater than zero, not {width:g} x {height:g} mm", where)
        try:
            refusal = self.piece_shape.refusal(self.size, self.stretched)
        except StudioError as error:  # a name no shape has
            raise StudioError(error.what, where) from None
        if refusal:
            raise StudioError(f"{refusal} (stretched=True)" if refusal.endswith("stretched") else refusal, where)
        if not self.pieces:
            raise StudioError("a kind of piece needs at least one piece", where)
        for marking in self.markings:
            if marking not in MARKINGS:
                raise StudioError(f"unknown marking {marking!r} (markings: {', '.join(MARKINGS)})", where)
        for piece in self.pieces:
            if piece.count < 1:
                raise StudioError(f"{piece.face.name}: a count is a whole number of at least 1", where)
            if piece.colour is not None and piece.colour.shape and piece.colour.shape not in MARKS:
                raise StudioError(f"{piece.colour.name}: no mark called {piece.colour.shape!r}", where)

    @property
    def noun(self) -> Noun:
        """How sentences word a number of its pieces (``facts.wording.Noun``): "the 7 boards"."""
        return Noun(self.singular, self.plural)

    @property
    def boxed(self) -> bool:
        """Whether it gets a box: as ``box`` says, else every kind but a board."""
        return self.form != Form.BOARD if self.box is None else self.box

    @property
    def one_sided(self) -> bool:
        """Whether nothing is printed behind any of its pieces: no back page, no two-sided printing."""
        return not self.backs and all(piece.back is None for piece in self.pieces)

    @property
    def piece_shape(self) -> PieceShape:
        """The kind's entry in the shape registry: what products read of its outline."""
        return shape_of(self.shape)

    @property
    def faces(self) -> tuple[PieceFace, ...]:
        """Every distinct face, in the kind's order (each piece's face once, whatever its count)."""
        return tuple(piece.face for piece in self.pieces)

    @property
    def back(self) -> PieceFace | None:
        """The default back (the first of ``backs``), or None for pieces printed one-sided."""
        return next(iter(self.backs.values()), None)

    def back_of(self, piece: Piece, design: str | None = None) -> PieceFace | None:
        """What is printed behind ``piece``: its own back, else the kind's back called ``design``
        (None: the default)."""
        if piece.back is not None:
            return piece.back
        if design is None:
            return self.back
        return self.backs[design]

    @property
    def count(self) -> int:
        """Pieces in a whole set (each design as many times as its count)."""
        return sum(piece.count for piece in self.pieces)

    @property
    def colours(self) -> tuple[PieceColour, ...]:
        """The colours its pieces are told apart by, each once, in the order they first appear."""
        seen: dict[str, PieceColour] = {}
        for piece in self.pieces:
            if piece.colour is not None:
                seen.setdefault(piece.colour.name, piece.colour)
        return tuple(seen.values())

    @property
    def reliefs(self) -> bool:
        """Whether every piece has a relief, so the kind can be 3D-printed."""
        return all(piece.relief is not None for piece in self.pieces)

    @property
    def width(self) -> float:
        return self.size[0]

    @property
    def height(self) -> float:
        return self.size[1]


def mark_points(kind: PieceKind, width: float) -> float:
    """The size in points of the colour-blind marks on a piece of ``kind`` printed ``width`` mm wide."""
    return width * kind.mark_fraction / MM_PER_UNIT["pt"]


def smallest_marked(kind: PieceKind) -> float:
    """The narrowest piece of ``kind``, in millimetres, whose marks reach ``MIN_MARK_PT`` (0: any)."""
    return MIN_MARK_PT * MM_PER_UNIT["pt"] / kind.mark_fraction if kind.mark_fraction > 0 else 0.0


def markings_of(colours: tuple[PieceColour, ...]) -> tuple[str, ...]:
    """The markings faces in these colours can print: letters if every colour has one, shapes
    likewise; none always."""
    found = ["none"]
    if colours and all(colour.letter for colour in colours):
        found.append("letters")
    if colours and all(colour.shape for colour in colours):
        found.append("shapes")
    return tuple(found)


def check_marking(kind: PieceKind, marking: str, option: str = "--markings") -> None:
    """Refuse a marking the kind's faces cannot print, naming the colour that lacks it."""
    if marking in kind.markings:
        return
    if marking not in MARKINGS:
        raise StudioError(f"{option} {marking!r} is not one of {', '.join(MARKINGS)}")
    what = marking.removesuffix("s")  # shape, letter
    lacking = next((c for c in kind.colours if not getattr(c, what)), None)
    if lacking is not None:
        hint = " (use letters)" if marking == "shapes" and "letters" in kind.markings else ""
        where = f"{lacking.where}.{what}" if lacking.where else kind.source or None
        raise StudioError(f"{lacking.name} has no {what}, so {kind.name} cannot be marked by {what}{hint}", where)
    raise StudioError(f"{kind.name} cannot be marked by {marking} (its markings: {', '.join(kind.markings)})")


def kinds_to_mark(kinds: tuple[PieceKind, ...], marking: str, owner: str) -> tuple[PieceKind, ...]:
    """The kinds a set of faces marked with ``marking`` holds: every kind, unmarked; marked, the kinds
    with colours, each checked (``check_marking``), for a kind without colours has nothing to mark.
    ``owner`` (the game's name) words the refusal of a marking none of its kinds can show."""
    if marking not in MARKINGS:
        raise StudioError(f"--markings {marking!r} is not one of {', '.join(MARKINGS)}")
    if marking == "none":
        return kinds
    coloured = tuple(kind for kind in kinds if kind.colours)
    if not coloured:
        raise StudioError(f"--markings {marking}: none of {owner}'s pieces has a colour to mark")
    for kind in coloured:
        check_marking(kind, marking)
    return coloured
