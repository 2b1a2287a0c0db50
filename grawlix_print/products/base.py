"""What a product is to the rest of the studio: a plug-in that makes files from a game.

A product (the rules in print, sheets, images, the web edition, 3D tiles,
boxes...) is a ``Product`` subclass registered under the entry-point group
``grawlix_print.products``; the built-in ones register the same way, in this
package's own metadata. Everything else about it is derived from that one
object: ``all --only NAME`` and the output sub-folder ``NAME/``; the command
``grawlix-print COMMAND`` and its options, from the product's frozen options
dataclass (``grawlix_print.options.setting`` fields); the ``[COMMAND]`` table
of ``grawlix.toml`` and ``init``'s commented settings; the kit's cached steps
(``jobs``); the kit index's entries (``describe``) and the web edition's list
of kit files (``planned``). A product knows no game: it asks the ``Game`` for
its piece kinds, its rulebook, its presentation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from ..errors import StudioError
from ..games.base import PIECE_FILES

if TYPE_CHECKING:
    from ..files import Written
    from ..games.base import Game

PREVIEWS = "previews"
"""The kit's folder of PNG previews, beside the products' own folders."""
PIECES = PIECE_FILES
"""What a job that draws pieces reads (not the rules' text): the kit reads it as the game's own
``Game.piece_files()``, a game made of tables its tables, layouts and pictures too."""
ACTUAL_SIZE = "Print at actual size (100 %, never “fit to page”)."
"""What every printed sheet's description says, the kit's index first of all."""


@dataclass(frozen=True)
class Job:
    """One cached step of a product's build in ``grawlix-print all``.

    ``name`` is unique in the kit (``sheets-a4-letters``); ``params`` are JSON values
    that the product's ``run`` takes back (they key the cache with the code and inputs);
    ``reads`` are the template files it depends on, as ``fnmatch`` patterns below the
    templates folder (() for none); ``heavy`` jobs run in a worker process while the others
    are drawn (the 3D models); ``tools`` says which optional tools that change the output were
    found, as the product words it (screenshots are taken only where a browser is installed, so
    a browser installed since the last build must rebuild the job).
    """

    name: str
    params: dict = field(default_factory=dict)
    reads: tuple[str, ...] = ("*",)
    heavy: bool = False
    tools: str = ""


@dataclass(frozen=True)
class Planned:
    """A file a product will write, as the web edition's list of kit files names it:
    its path below the kit's folder, a title and a word on how to print or use it."""

    path: str
    title: str
    how: str


@dataclass(frozen=True)
class Entry:
    """What the kit's index says of one file: what it is, and how to print or use it.

    ``essential`` marks one of the few files most people print first (the rules, the card-stock
    sheets of the pieces): the index lists them at its top, for each paper."""

    title: str
    how: str = ""
    essential: bool = False


class Product(ABC):
    """One kind of output, made from any game that has what it needs.

    Class attributes: ``name`` (``--only``, the output sub-folder), ``command`` (the
    command that builds it alone, if not ``name``: ``stl`` for ``3d``), ``summary``
    (one line: the command's short help and ``grawlix-print games``), ``description``
    (the command's help), ``heading`` (its section of the kit's index), ``order`` (where
    that section stands), ``options`` (the frozen options dataclass), ``papers`` (whether
    it is made once per printer paper: the command then takes ``--paper``), ``extra``
    (the install extra it needs, ``3d``).
    """

    name: ClassVar[str]
    command: ClassVar[str] = ""
    summary: ClassVar[str]
    description: ClassVar[str] = ""
    heading: ClassVar[str]
    order: ClassVar[int] = 50
    options: ClassVar[type[Any]]
    papers: ClassVar[bool] = False
    extra: ClassVar[str | None] = None

    @classmethod
    def command_name(cls) -> str:
        return cls.command or cls.name

    def folder(self, out: Path) -> Path:
        """Where the product writes inside a kit's folder ``out``."""
        return out / self.name

    # --- what the game offers -----------------------------------------------------------

    @abstractmethod
    def offers(self, game: Game) -> bool:
        """Whether ``game`` has what the product is made from (card sheets need pieces)."""

    def refusal(self, game: Game) -> StudioError:
        """The one-line refusal for a game the product cannot be made from."""
        return StudioError(f"{game.name} has nothing to make {self.name} from")

    def idle(self, game: Game, options: Any) -> str | None:
        """Why, with these options, the product has nothing to make (the errata sheet without a previous
        version), or None. ``all`` leaves an idle product out without a word; asked for by name
        (``--only``, its own command), its reason is the one-line error."""
        return None

    # --- building --------------------------------------------------------------------------

    @abstractmethod
    def jobs(self, game: Game, papers: Sequence[str], options: Any, kit: Sequence[Planned] = ()) -> list[Job]:
        """The steps of the whole product for ``papers`` with ``options`` (an ``options``
        instance), for ``all``: each one cached, rebuilt only when its inputs change. ``kit``
        lists the files the kit's other products will hold (``planned``), for a product that
        points to them (the web edition's list of kit files)."""

    def command_jobs(self, game: Game, papers: Sequence[str], options: Any, kit: Sequence[Planned] = ()) -> list[Job]:
        """The jobs of the product's own command: ``all``'s, unless the command makes less (the
        sheets with the one marking asked for, where ``all`` makes every edition)."""
        return self.jobs(game, papers, options, kit)

    @abstractmethod
    def run(self, game: Game, out: Path, params: dict) -> list[Written]:
        """One job: write its files into ``self.folder(out)`` and their PNG previews into
        ``out / PREVIEWS``; return what was written."""

    def for_kinds(self, game: Game, params: dict, kinds: Sequence[str]) -> dict | None:
        """A job's ``params`` cut to the kinds named (the rest of its files left as they are), for
        ``watch`` to rebuild what a saved table or layout changes and no more; ``{}`` when none of
        the job's kinds is among them (nothing to rebuild); None (the default) for a job that is
        made whole or not at all."""
        return None

    def takes(self, game: Game, option: str) -> bool:
        """Whether ``game``'s build of this product uses ``option`` (``init`` lists only those)."""
        return True

    def shown_default(self, game: Game, option: str) -> str | None:
        """The default of ``option`` for ``game`` as ``init`` writes it, where it is the game's own
        (a card's bleed is not a tile's); None for the option's one default."""
        return None

    def foreword(self, game: Game, options: Any) -> str | None:
        """A line the command prints before it builds (the 3D tiles' layers as snapped), if any."""
        return None

    def unfit(self, game: Game, papers: Sequence[str]) -> list[StudioError]:
        """What building the product for ``papers`` would find too full, without writing anything:
        a command that builds one paper says so of the others the kit builds. None by default."""
        return []

    def report_line(self, item: Written) -> str:
        """What the command says of a file it wrote."""
        return f"wrote {item.path} ({item.kind})"

    # --- what the kit says about it ------------------------------------------------------------

    def planned(self, game: Game, papers: Sequence[str], options: Any) -> list[Planned]:
        """The files a reader of the rules may want, as the kit will hold them (the web edition
        links to them); the index lists the rest. None by default."""
        return []

    def describe(self, record: dict) -> Entry | None:
        """What the kit's index says of one of its files (a manifest record: ``path``, ``kind``,
        ``params``); None for the index's plain entry."""
        return None
