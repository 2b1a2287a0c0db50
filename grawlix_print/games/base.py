"""What a game is to the rest of the program: its name, its templates, and what its products ask of it.

A game is a plug-in: a ``Game`` subclass registered under the entry-point
group ``grawlix_print.games`` (the built-in games register the same way, in
this package's own metadata). An instance is bound to one templates folder,
the game's built-in one or a designer's copy of it, and reads what it needs
from there on demand. The products (rules in print, sheets, images, web, 3D,
boxes) are functions of a ``Game``: they call the methods below and import
no game. What every game has lives here: its title, its rules' text, its
piece kinds, how its rules look (``presentation``) and, if it can be played
by the engine, its playtester; what only some games answer (a position
checker, a scorer) each brings as a command of its own (``commands``).
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from ..errors import StudioError
from .presentation import Presentation
from .templates import COMPONENTS_FILE

if TYPE_CHECKING:
    import click

    from ..drawing.ink import Ink
    from ..pieces.kinds import PieceKind
    from ..playtest.protocol import Playtester
    from ..rulebook import Block, FrontMatter, RulebookText
    from .rules_file import RulesFile

RULEBOOK_FILE = "leaflet.md"
"""The rules' text, in every game's templates (a tri-fold's panels or a booklet's pages)."""
WEB_FILE = "web.md"
"""Sections only the web editions carry, if a game has any."""
PIECE_FILES = ("components.toml", "*.ttf", "*.otf")
"""What a game's pieces are made from in its templates unless it says otherwise (``Game.piece_files``):
its components and any typeface beside them, not the rules' text."""


class Game(ABC):
    """One game, bound to a templates folder (``templates`` None: its built-in one)."""

    name: ClassVar[str]
    """The name ``--game`` takes and ``components.toml`` records (``grawlix``)."""
    summary: ClassVar[str]
    """One line for ``grawlix-print games``."""
    watched: ClassVar[tuple[str, ...]] = ("leaflet",)
    """The products ``grawlix-print watch`` rebuilds on every save, in order: what the game's designer
    looks at while editing (the rulebook; a deck designer's sheets first)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Each hook a subclass defines answers as its callers take it, or says in one line what it gave
        (``hooks``)."""
        super().__init_subclass__(**kwargs)
        from .hooks import checked

        checked(cls)

    def __init__(self, templates: str | Path | None = None) -> None:
        self.templates = Path(templates) if templates is not None else self.builtin_templates()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self.templates)!r})"

    @classmethod
    def builtin_templates(cls) -> Path:
        """The game as published: the ``templates`` folder beside the module that defines it."""
        folder = Path(inspect.getfile(cls)).resolve().parent / "templates"
        if not (folder / COMPONENTS_FILE).is_file():
            raise StudioError(f"the built-in templates of {cls.name} are missing: reinstall it", str(folder))
        return folder

    @property
    def is_builtin(self) -> bool:
        """Whether the game is bound to its own built-in templates (a game with none never is)."""
        try:
            return self.templates.resolve() == self.builtin_templates().resolve()
        except StudioError:
            return False

    # --- what every product asks -------------------------------------------------------

    @property
    @abstractmethod
    def title(self) -> str:
        """The game's name as every product prints it (``components.toml``'s ``title``)."""

    def check(self) -> None:
        """Read and check everything a build needs first (components, rules, typefaces): one line per fault.

        A game reads its own files, then calls this: every name ``components.toml`` gives the
        products to print must be one the typefaces can set (the rulebook's, and Quicksand, which
        sets the sheets' notes, legends and backs), or a PDF would print it as empty boxes.
        """
        from ..drawing.fonts import QUICKSAND, QUICKSAND_BOLD, MissingCharacter, missing_character

        typography = self.presentation().typography
        text_faces = (typography.body, typography.bold, QUICKSAND, QUICKSAND_BOLD)
        for text, key in self.printed_names():
            for face in (typography.title, *text_faces) if key == "title" else text_faces:
                missing = missing_character(text, face)
                if missing is not None:
                    raise MissingCharacter(missing, face.name, f"{self.templates / COMPONENTS_FILE}: {key}")

    def printed_names(self) -> Iterator[tuple[str, str]]:
        """The names ``components.toml`` gives the products to print, each with its key: the title,
        and a game's own (its colours' names)."""
        yield self.title, "title"

    @cached_property
    def front_matter(self) -> FrontMatter:
        """The rulebook's front matter (authors, licence...), for products that print no rules."""
        from ..files import read_template
        from ..front_matter import read_front_matter

        path = self.templates / RULEBOOK_FILE
        return read_front_matter(read_template(path).replace("\r\n", "\n"), str(path), self.title)[0]

    @abstractmethod
    def rulebook(self) -> RulebookText:
        """The rules' text, read from the templates and checked by the engine."""

    def web_sections(self, rulebook: RulebookText) -> tuple[Block, ...]:
        """Blocks only the web editions carry (``web.md``), read with the same facts; none by default."""
        return ()

    @abstractmethod
    def presentation(self) -> Presentation:
        """How the rules look: typefaces, glyphs in running text, how the rulebook is imposed."""

    def piece_kinds(self) -> tuple[PieceKind, ...]:
        """Every kind of piece the game prints (``pieces.kinds``): its tiles, cards, tokens...
        The sheets, stickers, images, boxes and 3D tiles are made from these; none by default."""
        return ()

    def colours_to_tell_apart(self) -> Mapping[str, Ink]:
        """The colours a player must tell apart, by name: those of the piece kinds (each kind's
        ``colours``). The colour-blind check (``drawing.vision``) compares them; where some look
        alike to a colour-blind eye, the faces carry their colour's letter by default."""
        return {colour.name: colour.ink for kind in self.piece_kinds() for colour in kind.colours}

    def piece_files(self) -> tuple[str, ...]:
        """The template files its pieces are drawn from, as ``fnmatch`` patterns below the templates
        folder: a product step that draws pieces is rebuilt when one of them changes (and ``watch``
        rebuilds it on their saves), not when the rules' text does."""
        return PIECE_FILES

    def kind_files(self, kind: PieceKind) -> tuple[str, ...]:
        """The template files one kind is drawn from (patterns as ``piece_files``): a save of any
        other leaves its pieces as they are (``watch`` rebuilds the kinds a save changed). Every
        piece file unless the game knows better, as a game of tables does: its table, its layouts."""
        return self.piece_files()

    def rulebook_files(self) -> tuple[str, ...]:
        """The template files the rules' text reads (patterns as ``piece_files``): the rulebook is
        rebuilt when one of them changes. Every file unless the game knows better: a game of tables
        reads leaflet.md and the tables its placeholders name."""
        return ("*",)

    def rules_file(self) -> RulesFile:
        """Where the numbers of its rules are kept (``games.rules_file``): the file ``playtest --vary
        ... --suggest`` writes a copy of with the chosen values. ``rules.toml`` at the top of the
        templates by default; ``RulesFile(self.templates / "components.toml", table="rules")`` for a
        ``[rules]`` table, as ``grawlix-print new`` writes; a subclass of ``RulesFile`` for a format of
        the game's own."""
        from .rules_file import RulesFile
        from .templates import RULES_FILE

        return RulesFile(self.templates / RULES_FILE)

    def playtester(self, budget: int | None = None) -> Playtester:
        """What ``grawlix-print playtest`` plays: this game's rules with its players
        (``grawlix_print.playtest.protocol``); ``budget``, the search player's, or its default."""
        raise StudioError(
            f"{self.name} cannot be playtested yet: it offers no players "
            "(a Playtester, see grawlix_print/playtest/protocol.py)"
        )

    # --- commands only some games answer -----------------------------------------------------

    @classmethod
    def commands(cls) -> tuple[click.Command, ...]:
        """The game's own commands (a position checker, a scorer...), as click commands.

        Each command's callback takes the game it runs on as its ``game`` argument; the command
        line adds ``--game`` and ``--templates`` and fills the options from ``grawlix.toml``, as
        for every command. Built on first use, so listing the games imports no command code.
        """
        return ()

    @classmethod
    def command_names(cls) -> tuple[str, ...]:
        return tuple(command.name or "" for command in cls.commands())

    def unanswered(self, command: str) -> StudioError:
        """The one-line refusal of a command this game does not answer."""
        own = ", ".join(self.command_names()) or "none"
        return StudioError(f"{self.name} has no {command} command (its own commands: {own})")
