"""A game made of tables and layouts, no code: the deck designer's path.

Every part of it comes from its templates folder: ``components.toml`` (the
title, colours, typefaces and kinds of piece), one table per kind (CSV, XLSX
or TOML; ``tables``), layouts as TOML (``layouts``: boxes and elements, drawn
by ``faces`` with ``lettering`` and ``pictures``) and the rules in Markdown
(``leaflet.md``, whose placeholders ``facts`` fills from the tables). Its
kinds are ordinary ``PieceKind``s, so every product (sheets, images and
Tabletop Simulator decks, boxes, the web edition with its gallery of every
face) makes them as it makes any game's. ``grawlix-print new NAME --data``
writes the example this package ships (``templates/spreadsheet``); its own
command ``guide`` prints each layout's boxes, bleed and safe zone.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from ..base import RULEBOOK_FILE, Game
from ..presentation import Presentation, Typography
from ..templates import COMPONENTS_FILE, shipped_templates

if TYPE_CHECKING:
    import click

    from ...drawing.outline import TextGlyph
    from ...pieces.faces import PieceFace
    from ...pieces.kinds import PieceKind
    from ...rulebook import Block, RulebookText
    from .design import Design
    from .faces import Made
    from .facts import TableFacts
    from .pictures import Vector

NAME = "spreadsheet"
TYPEFACES = "*.ttf"
PIECE_FILES = ("*.toml", "*.csv", "*.tsv", "*.txt", "*.xlsx", "*.png", "*.jpg", "*.jpeg", "*.svg", TYPEFACES)
"""What a piece may be drawn from: components.toml, a table (CSV, TSV, XLSX, TOML), a layout (TOML), a
picture or icon (PNG, JPEG, SVG) or a typeface (TrueType); only the rules' Markdown is not."""


class Spreadsheet(Game):
    """A game whose pieces are rows of tables drawn through layouts, and whose rules are Markdown."""

    name = NAME
    summary = "a game made of tables and layouts, no code: cards, tiles and tokens from a spreadsheet"
    watched = ("sheets", "leaflet")

    @classmethod
    def builtin_templates(cls) -> Path:
        """The example (a deck of cards and a set of tokens): ``templates/spreadsheet``."""
        return shipped_templates(cls.name)

    @cached_property
    def design(self) -> Design:
        """``components.toml``, read and checked."""
        from .design import read_design

        return read_design(self.templates)

    @cached_property
    def made(self) -> tuple[Made, ...]:
        """Every kind read from its table and drawn through its layouts (every fault found here,
        before any product writes a file)."""
        from .faces import piece_kinds

        return piece_kinds(self.design, self.templates)

    @property
    def title(self) -> str:
        return self.design.title

    def check(self) -> None:
        self.made  # noqa: B018  (reads and checks components.toml, every table and layout)
        super().check()

    def piece_files(self) -> tuple[str, ...]:
        """Everything but the rules' Markdown: the components, tables, layouts, pictures and typefaces."""
        return PIECE_FILES

    def piece_kinds(self) -> tuple[PieceKind, ...]:
        return tuple(made.kind for made in self.made)

    def kind_files(self, kind: PieceKind) -> tuple[str, ...]:
        """components.toml (colours, typefaces), the kind's table, layouts and pictures, and every
        icon and typeface (any text may name them)."""
        from .lettering import ICON_FOLDER

        made = next((m for m in self.made if m.kind.name == kind.name), None)
        if made is None:
            return self.piece_files()
        return (COMPONENTS_FILE, *made.files, f"{ICON_FOLDER}/*", TYPEFACES)

    def rulebook_files(self) -> tuple[str, ...]:
        """leaflet.md, components.toml (the title, colours and typefaces), every icon and typeface,
        the table of each kind its placeholders count (``{cards.count}``) and every file of each kind
        whose faces it draws (``[faces: cards]``): a table the rules never name is not theirs to read."""
        from .facts import named_kinds
        from .lettering import ICON_FOLDER

        path = self.templates / RULEBOOK_FILE
        text = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else ""
        counted, drawn = named_kinds(text, [made.kind.name for made in self.made])
        files = [f for made in self.made if made.kind.name in drawn for f in made.files]
        files += [made.table_file for made in self.made if made.kind.name in counted]
        return tuple(dict.fromkeys((RULEBOOK_FILE, COMPONENTS_FILE, *files, f"{ICON_FOLDER}/*", TYPEFACES)))

    def faces(self) -> tuple[PieceFace, ...]:
        """The first kind of cards' faces, each once (until the sheets read every kind)."""
        kind = self._first_cards()
        return kind.faces if kind is not None else ()

    def back(self) -> PieceFace | None:
        kind = self._first_cards()
        return kind.back if kind is not None else None

    def _first_cards(self) -> PieceKind | None:
        from ...pieces.kinds import Form

        kinds = self.piece_kinds()
        return next((k for k in kinds if k.form == Form.CARD), kinds[0] if kinds else None)

    # --- the rules' text ------------------------------------------------------------------

    @cached_property
    def icons(self) -> dict[str, TextGlyph | Vector]:
        """Every icon its texts may name, shipped and its own (``icons/NAME.svg``), by name."""
        from .lettering import icon_set

        return icon_set(self.templates)

    @cached_property
    def text_facts(self) -> TableFacts:
        from .facts import TableFacts

        return TableFacts(self.made, tuple(self.icons))

    def rulebook(self) -> RulebookText:
        from ...rulebook import read_rulebook

        return read_rulebook(self.templates / RULEBOOK_FILE, self.text_facts, self.title)

    def web_sections(self, rulebook: RulebookText) -> tuple[Block, ...]:
        """The gallery: every face of every kind, and its backs, as printed."""
        from .gallery import gallery

        return gallery(self.made)

    def presentation(self) -> Presentation:
        """The typefaces ``[rulebook]`` names (Quicksand and Caprasimo unless told), the icons in
        running text (the shipped ones and its own, as its cards draw them), and its imposition (an
        A6 booklet unless told)."""
        from .lettering import icon_characters, rulebook_glyph

        chosen = self.design.rulebook
        body = chosen.body
        typography = Typography(body.regular, body.bold or body.regular, chosen.title.regular)
        glyphs = {character: rulebook_glyph(self.icons[name]) for name, character in icon_characters(tuple(self.icons)).items()}
        return Presentation(typography, chosen.imposition, glyphs)

    # --- commands only this game answers --------------------------------------------------

    @classmethod
    def commands(cls) -> tuple[click.Command, ...]:
        from .commands import guide

        return (guide,)


GAME = Spreadsheet
"""The game this folder brings (the registry, ``grawlix_print.games``, loads it by this name)."""
