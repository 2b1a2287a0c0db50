"""A game's piece kinds as the 3D product sees them: bodies, reliefs and accent colours.

Any kind whose pieces all have a relief (``pieces.kinds.Relief``) is printed as
two-colour pieces, whatever its shape: a body (its outline raised) in the kind's
body colour, each piece's relief raised on top in its accent colour. Each distinct relief (by name) is one solid,
placed on every piece that shows it; each accent is one batch (one nozzle:
a filament change) or one filament (a multi-material printer). Everything
the files and notes say about the pieces comes from here, in the kind's own
words. No CAD here, and no game.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from ...drawing.ink import Ink
from ...errors import StudioError
from ...facts.wording import join_words
from ...files import slug
from ...pieces.kinds import Accent, PieceColour, PieceKind, Relief

if TYPE_CHECKING:
    from ...drawing.outline import Outline
    from ...games.base import Game

DEFAULT_BODY = Accent("base (light grey)", Ink((0.78, 0.78, 0.78), (0.0, 0.0, 0.0, 0.25)))
"""A kind that names no body colour is printed on a light grey, which shows any accent."""

@dataclass(frozen=True)
class RaisedPiece:
    """One piece design as 3D tiles print it: its relief (shape and accent), its colour (for
    colour-blind marks), how many a set holds, and what a screen reader says of its face."""

    relief: Relief
    colour: PieceColour | None
    count: int
    description: str

    @property
    def name(self) -> str:
        """How a slicer lists the piece: ``@ red at sign`` (the relief's label, then the face)."""
        return f"{self.relief.label} {self.description}" if self.relief.label else self.description


@dataclass(frozen=True)
class SolidKind:
    """A kind of piece with reliefs, and the words and names its 3D files use.

    ``prefix`` begins every file name: the game's title, and the kind's name too when the
    game has more than one kind to print in 3D.
    """

    kind: PieceKind
    title: str
    prefix: str
    game: str = ""
    """The game's name, as ``--game`` takes it."""
    templates: str = ""
    """The game's templates folder as it was given, when it is not the game's built-in one (a game of
    tables, a variant made by ``init``): the command that makes the files again must name it."""

    def __post_init__(self) -> None:
        where = self.where
        if not self.kind.reliefs:
            raise StudioError(f"not every one of the {self.kind.plural} has a relief to print in 3D", where)
        for what, names in (("relief", [r.name for r in self.shapes]), ("accent", [a.name for a in self.accents])):
            words = [slug(name, "") for name in names]
            for name, word in zip(names, words):
                if not word:
                    raise StudioError(f"the {what} {name!r} needs a letter or digit in its name (the files are named after it)", where)
                if words.count(word) > 1:
                    twin = next(n for n, w in zip(names, words) if w == word and n != name)
                    raise StudioError(f"the {what}s {twin!r} and {name!r} would give their files one name", where)

    @property
    def where(self) -> str:
        """The file and kind a fault is in, and the game: ``components.toml: kinds.coins (spreadsheet)``."""
        place = self.kind.source
        if not place.endswith(self.kind.name):  # a table's kind is named in its source already
            place = f"{place}: {self.kind.name}" if place else self.kind.name
        return f"{place} ({self.game})" if self.game else place

    @property
    def command(self) -> str:
        """The command that makes these files again (the notes show it with other layers)."""
        from ...games import DEFAULT_GAME

        if self.templates:  # its components.toml names the game
            return f"grawlix-print stl --templates {shlex.quote(self.templates)}"
        return "grawlix-print stl" + (f" --game {self.game}" if self.game and self.game != DEFAULT_GAME else "")

    @property
    def singular(self) -> str:
        return self.kind.singular

    @property
    def plural(self) -> str:
        return self.kind.plural

    @property
    def relief_word(self) -> str:
        """What a relief is called (``glyph``)."""
        return self.kind.relief_words[0]

    @property
    def relief_words(self) -> str:
        return self.kind.relief_words[1]

    @property
    def body(self) -> Accent:
        return self.kind.body or DEFAULT_BODY

    @cached_property
    def pieces(self) -> tuple[RaisedPiece, ...]:
        """Every piece design, in the kind's order."""
        return tuple(
            RaisedPiece(piece.relief, piece.colour, piece.count, piece.face.description)
            for piece in self.kind.pieces
            if piece.relief is not None
        )

    @property
    def count(self) -> int:
        """Pieces in a whole set."""
        return sum(piece.count for piece in self.pieces)

    @cached_property
    def shapes(self) -> tuple[Relief, ...]:
        """Each distinct relief once (the first piece's that shows it), in the kind's order."""
        return tuple({piece.relief.name: piece.relief for piece in reversed(self.pieces)}.values())[::-1]

    @cached_property
    def accents(self) -> tuple[Accent, ...]:
        """Each accent colour once, in the order the pieces first show it."""
        return tuple({piece.relief.accent.name: piece.relief.accent for piece in reversed(self.pieces)}.values())[::-1]

    def filament(self, accent: Accent) -> int:
        """The filament (from 1, the bodies') an accent takes in the full set's file."""
        return 2 + [a.name for a in self.accents].index(accent.name)

    def in_accent(self, accent: Accent, pieces: Sequence[RaisedPiece] | None = None) -> list[RaisedPiece]:
        """The pieces of one accent colour, each as many times as a set holds it: one batch."""
        chosen = self.pieces if pieces is None else pieces
        return [p for p in chosen for _ in range(p.count) if p.relief.accent.name == accent.name]

    @cached_property
    def uniform(self) -> bool:
        """Whether every accent holds the same reliefs, as many of each (a glyph in every colour):
        then one plate, printed once per accent colour, makes the whole set."""
        batches = {tuple(p.relief.name for p in self.in_accent(a)) for a in self.accents}
        return len(batches) == 1

    @cached_property
    def outlines(self) -> dict[str, Outline]:
        """Each relief's outline by name, read once (a glyph's from its typeface)."""
        return {relief.name: relief.shape() for relief in self.shapes}

    def file_word(self, relief: Relief) -> str:
        """A relief as file names carry it: ``at-sign``."""
        return slug(relief.name)


def printable(kind: PieceKind) -> bool:
    """Whether 3D pieces can be made of a kind: every piece has a relief (its body is its outline,
    whatever its shape)."""
    return kind.reliefs


def solid_kinds(game: Game) -> tuple[SolidKind, ...]:
    """The game's kinds to print in 3D (those with reliefs, whatever their shape), checked, each with
    the prefix of its files' names."""
    game.check()
    kinds = tuple(kind for kind in game.piece_kinds() if printable(kind))
    if not kinds:
        raise StudioError(nothing_to_print(game))
    templates = own_templates(game)
    return tuple(SolidKind(kind, game.title, prefix, game.name, templates) for kind, prefix in prefixes(game.title, kinds))


def own_templates(game: Game) -> str:
    """The game's templates folder as it was given, if it is not the game's built-in one (else "")."""
    return "" if game.is_builtin else str(game.templates)


def prefixes(title: str, kinds: Sequence[PieceKind]) -> list[tuple[PieceKind, str]]:
    """How each kind's file names begin: the game's title, and the kind's name when there are several."""
    start = slug(title)
    return [(kind, start if len(kinds) == 1 else f"{start}-{slug(kind.name)}") for kind in kinds]


def notes_names(game: Game) -> list[str]:
    """The printing notes' file names, one per kind the game prints in 3D (no check, no CAD: the
    web edition links them)."""
    from .plan import instructions_name

    kinds = [kind for kind in game.piece_kinds() if printable(kind)]
    return [instructions_name(prefix) for _, prefix in prefixes(game.title, kinds)]


def nothing_to_print(game: Game) -> str:
    """Why a game has nothing to print in 3D, naming its kinds."""
    kinds = game.piece_kinds()
    why = f"its {join_words([kind.plural for kind in kinds])} have no relief" if kinds else "it has no pieces"
    return f"{game.name} has nothing to print in 3D: {why} (a raised picture on each piece, pieces.kinds.Relief)"
