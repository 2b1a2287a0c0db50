"""Grawlix, the typesetters' tile game for two: the plug-in the rest of the program sees.

Everything particular to Grawlix lives in this folder: its rules parameters
(``rules``), its engine (``engine``), its example positions (``positions``),
the proof of its largest grid (``proof``), what its rules text may say
(``facts``), what ``check`` and ``facts`` print (``report``) and its built-in
templates. Importing this module loads none of them.

Grawlix as a library: ``from grawlix_print.games import grawlix`` gives its
names (``__all__``), each imported the first time it is used::

    rules = grawlix.load_rules()            # the game's own templates (or load_rules("my/templates"))
    grid = grawlix.Grid(rules)
    grid.place((0, 0), grawlix.tile_from_token("R&"))
    grid.legal_locations()                  # [(-1, 0), (0, -1), (0, 1), (1, 0)]
    position = grawlix.load_position("templates/grawlix/positions/example-2.toml", rules)
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from ..base import RULEBOOK_FILE, WEB_FILE, Game
from ..presentation import Presentation, Typography
from ..templates import shipped_templates

if TYPE_CHECKING:
    import click

    from ...pieces.kinds import PieceKind
    from .tiles import Tile, TileSet
    from ...rulebook import Block, RulebookText
    from .engine import Grid
    from .facts import GrawlixFacts
    from ...playtest.protocol import Playtester
    from .positions import Position
    from .proof import Proof
    from .rules import Rules


QUOTE_GAMES = 4000
"""Games between greedy players behind the figures the rules quote ({playtest.median_turns}): a
tenth of a second on the first build with the compiled engine (about fifteen seconds in Python,
where no C compiler is found), then read from the cache; the median to a turn, percentages to one."""


class Grawlix(Game):
    """Grawlix: tiles of glyphs in colours, laid in a grid where no line repeats a glyph or a colour."""

    name = "grawlix"
    summary = "the typesetters' tile game for two players: glyphs in colours on one shared grid"

    @classmethod
    def builtin_templates(cls) -> Path:
        """Shipped with grawlix-print: ``templates/grawlix`` at the repository's top (in the wheel too)."""
        return shipped_templates(cls.name)

    @cached_property
    def tiles(self) -> TileSet:
        """The tile set of ``components.toml``."""
        from .templates import read_components

        return read_components(self.templates)

    @cached_property
    def rules(self) -> Rules:
        """The tile set and the parameters of ``rules.toml``."""
        from .templates import read_rules

        return read_rules(self.templates, self.tiles)

    @property
    def title(self) -> str:
        return self.tiles.title

    def check(self) -> None:
        from .tile_look import outlines

        self.rules  # noqa: B018  (reads and checks components.toml and rules.toml)
        outlines(self.tiles)  # a typeface that lacks a glyph is refused naming its key
        super().check()

    def printed_names(self) -> Iterator[tuple[str, str]]:
        yield from super().printed_names()
        for colour in self.tiles.colours:
            yield colour.name, f"colours[{colour.index + 1}].name"

    def tile(self, token: str) -> Tile:
        """The tile a token names (``"R&"``); raises ``UnknownTile`` for one that names none."""
        return self.tiles.tile_from_token(token)

    def grid(self) -> Grid:
        """An empty grid under this game's rules."""
        from .engine import Grid

        return Grid(self.rules)

    def positions(self) -> dict[str, Position]:
        """Every example position of the templates, by name, checked by the engine."""
        from .positions import load_positions

        return load_positions(self.templates, self.rules)

    def proof(self) -> Proof:
        """How many tiles the largest legal grid under these rules holds (cached: each order and
        pair of limits is settled once)."""
        from .proof import cached_proof

        return cached_proof(self.tiles, self.rules.max_rows, self.rules.max_columns)

    # --- the rules' text --------------------------------------------------------------------

    @cached_property
    def text_facts(self) -> GrawlixFacts:
        from ...playtest.quotable import Quotes
        from .facts import GrawlixFacts

        return GrawlixFacts(self.rules, self.templates, self.proof, Quotes(self.playtester, QUOTE_GAMES, strategy="greedy"))

    def rulebook(self) -> RulebookText:
        from ...rulebook import read_rulebook

        return read_rulebook(self.templates / RULEBOOK_FILE, self.text_facts, self.title)

    def web_sections(self, rulebook: RulebookText) -> tuple[Block, ...]:
        from ...rulebook import read_extra_sections

        return read_extra_sections(self.templates / WEB_FILE, self.text_facts, rulebook.meta)

    def presentation(self) -> Presentation:
        """Quicksand for the text, Caprasimo for the title, the glyphs in their own faces: a tri-fold."""
        from ...drawing.fonts import CAPRASIMO, QUICKSAND, QUICKSAND_BOLD
        from .tile_look import running_glyphs

        return Presentation(Typography(QUICKSAND, QUICKSAND_BOLD, CAPRASIMO), "tri-fold", running_glyphs(self.tiles))

    def playtester(self, budget: int | None = None) -> Playtester:
        from .players import playtester

        return playtester(self.rules, self.front_matter, budget)

    def piece_kinds(self) -> tuple[PieceKind, ...]:
        """The tiles: one of each glyph in each colour, their glyphs raised for a 3D print."""
        from .tile_drawing import tile_kind

        return (tile_kind(self.tiles),)

    @classmethod
    def commands(cls) -> tuple[click.Command, ...]:
        from .commands import check, facts

        return (check, facts)


GAME = Grawlix
"""The game this folder brings (the registry, ``grawlix_print.games``, loads it by this name)."""


def load_rules(templates: str | Path | None = None) -> Rules:
    """The rules of Grawlix from ``templates`` (None: ./templates if it is Grawlix's, else the game's own)."""
    from .. import game

    found = game(Grawlix.name, templates)
    assert isinstance(found, Grawlix), "the registry makes this class for this game's name"
    return found.rules


def tile_from_token(token: str, templates: str | Path | None = None) -> Tile:
    """The tile a position-file token names (``"R&"``), from the game's own tile set or ``templates``'.

    A token that names no tile raises ``UnknownTile`` (a ``ValueError``) saying how tiles are written.
    """
    return load_rules(templates).tiles.tile_from_token(token)


_NAMES = {
    "Glyph": "tiles", "Colour": "tiles", "Tile": "tiles", "TileSet": "tiles", "UnknownTile": "tiles",
    "Rules": "rules",
    "Grid": "engine", "Allowed": "engine", "RuleError": "engine", "Problem": "engine", "Match": "engine", "Move": "engine",
    "Position": "positions", "load_position": "positions",
}  # fmt: skip
"""Grawlix's names from the modules of this folder (the tiles, the rules, the engine, positions),
each imported the first time it is used (PEP 562), so importing the game stays instant."""


def __getattr__(name: str) -> object:
    module = _NAMES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = ["GAME", "Grawlix", "load_rules", "tile_from_token", *_NAMES]
