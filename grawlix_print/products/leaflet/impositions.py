"""How a rulebook's pages go onto paper: the impositions the rules in print know, by name.

A game's presentation names one (``Presentation.imposition``): ``tri-fold``,
six panels on two sides of one sheet, folded in three; ``booklet``, small
pages four to a side, folded and cut. A package adds another by registering
an ``Imposition`` under the entry-point group ``grawlix_print.impositions``.
Each says how it builds, which files it writes for a paper, and what the
kit's index and the web edition say of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import StudioError

if TYPE_CHECKING:
    from ...files import Written
    from ...games.base import Game
    from ..base import Planned

GROUP = "grawlix_print.impositions"


def _same_on_every_paper(game: Game, papers: Sequence[str]) -> list[StudioError]:
    return []


@dataclass(frozen=True)
class Imposition:
    """A way to impose a rulebook: ``build(game, folder, paper, reading)`` writes its files (the
    reading edition too unless ``reading`` is False); ``planned(paper)`` names them for the kit's
    links (paths below the leaflet's folder); ``unfit(game, papers)`` is what building it for
    ``papers`` would find too full, without writing anything (a page the same on every paper, as
    a booklet's, has nothing to add to the build of one paper)."""

    name: str
    build: Callable[[Game, Path, str, bool], list[Written]]
    planned: Callable[[str, str], list[Planned]]
    unfit: Callable[[Game, Sequence[str]], list[StudioError]] = _same_on_every_paper


def _trifold_build(game: Game, folder: Path, paper: str, reading: bool) -> list[Written]:
    from .build import build_trifold

    return build_trifold(game, folder, paper, reading)


def _trifold_unfit(game: Game, papers: Sequence[str]) -> list[StudioError]:
    from .build import unfit_trifold

    return unfit_trifold(game, papers)


def _trifold_planned(paper: str, name: str) -> list[Planned]:
    from ..base import Planned
    from .build import output_names

    trifold, reading, press = output_names(paper)
    return [
        Planned(trifold, f"Rules leaflet ({name})", "print both sides at 100 %, flipping on the short edge, and fold in three"),
        Planned(press, f"Rules leaflet for a print shop ({name})", "with 3 mm bleed, crop marks and fold marks"),
        Planned(reading, f"Rules to read on a screen ({name})", "one panel a page"),
    ]  # fmt: skip


def _booklet_build(game: Game, folder: Path, paper: str, reading: bool) -> list[Written]:
    from .booklet import build_booklet

    return build_booklet(game, folder, paper, reading)


def _booklet_planned(paper: str, name: str) -> list[Planned]:
    from ..base import Planned
    from .booklet import output_names

    printed, reading, press = output_names(paper)
    return [
        Planned(printed, f"Rulebook ({name})", "print at 100 %, never “fit to page”"),
        Planned(press, f"Rulebook for a print shop ({name})", "one page a page, with 3 mm bleed and crop marks"),
        Planned(reading, f"Rules to read on a screen ({name})", "one page at a time"),
    ]


BUILT_IN = (
    Imposition("tri-fold", _trifold_build, _trifold_planned, _trifold_unfit),
    Imposition("booklet", _booklet_build, _booklet_planned),
)


@cache
def impositions() -> dict[str, Imposition]:
    """Every imposition, by name: the built-in ones, then those of installed packages."""
    found = {imposition.name: imposition for imposition in BUILT_IN}
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        try:
            loaded = point.load()
        except Exception as error:  # a plug-in may fail in any way: one line when it is asked for
            found.setdefault(point.name, _failed(point.name, f"failed to load ({point.value}): {error}"))
            continue
        if isinstance(loaded, Imposition):
            found.setdefault(loaded.name, loaded)
    return found


def _failed(name: str, why: str) -> Imposition:
    def refuse(*args: object) -> list:
        raise StudioError(f"the imposition {name!r} {why}")

    return Imposition(name, refuse, refuse)


def imposition(name: str, where: str | None = None) -> Imposition:
    """The imposition called ``name``; an unknown one is one line."""
    found = impositions().get(name)
    if found is None:
        raise StudioError(f"no imposition {name!r} (impositions: {', '.join(impositions())})", where)
    return found
