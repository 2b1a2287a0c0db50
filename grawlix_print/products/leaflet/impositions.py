"""How a rulebook's pages go onto paper: the impositions the rules in print know, by name.

A game's presentation names one (``Presentation.imposition``): ``tri-fold``,
six panels on two sides of one sheet, folded in three; ``booklet``, small
pages four to a side, folded and cut. A package adds another by registering
an ``Imposition`` under the entry-point group ``grawlix_print.impositions``
(``IMPOSITIONS``: a registry as every seam's, with its one failure policy).
Each says how it builds, which files it writes for a paper, and what the
kit's index and the web edition say of them (``docs/writing-an-imposition.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import StudioError
from ...registry import Registry, named_instance

if TYPE_CHECKING:
    from ...files import Written
    from ...games.base import Game
    from ..base import Entry, Planned


def _same_on_every_paper(game: Game, papers: Sequence[str]) -> list[StudioError]:
    return []


def _plain_entry(record: dict) -> Entry | None:
    return None


@dataclass(frozen=True)
class Imposition:
    """A way to impose a rulebook: ``build(game, folder, paper, reading)`` writes its files (the
    reading edition too unless ``reading`` is False); ``planned(paper, paper_name)`` names them for
    the kit's links (paths below the leaflet's folder); ``unfit(game, papers)`` is what building it
    for ``papers`` would find too full, without writing anything (a page the same on every paper, as
    a booklet's, has nothing to add to the build of one paper); ``describe(record)`` is what the
    kit's index says of one of its files (a manifest record: ``path``, ``kind``, ``params``), None
    for a file it did not write."""

    name: str
    build: Callable[[Game, Path, str, bool], list[Written]]
    planned: Callable[[str, str], list[Planned]]
    unfit: Callable[[Game, Sequence[str]], list[StudioError]] = _same_on_every_paper
    describe: Callable[[dict], Entry | None] = _plain_entry


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
    if _two_up(paper):
        return [Planned(trifold, f"Rules leaflets, two to a sheet ({name})", "print both sides at 100 %, flipping on the"
                        " long edge; cut across the middle and fold each in three")]  # fmt: skip
    return [
        Planned(trifold, f"Rules leaflet ({name})", "print both sides at 100 %, flipping on the short edge, and fold in three"),
        Planned(press, f"Rules leaflet for a print shop ({name})", "with 3 mm bleed, crop marks and fold marks"),
        Planned(reading, f"Rules to read on a screen ({name})", "one panel a page"),
    ]  # fmt: skip


def _paper_name(record: dict) -> str:
    from ...papers import PAPERS

    paper = record["params"].get("paper")
    return PAPERS[paper].name if paper in PAPERS else ""


def _half_name(record: dict) -> str:
    """The paper two of which make the record's (A4 for A3): its rules are that paper's, two to a sheet."""
    from ...papers import PAPERS

    half = record["params"].get("half")
    return PAPERS[half].name if half in PAPERS else ""


def _reading_entry(record: dict) -> Entry:
    from ..base import Entry

    return Entry(f"The rules to read on a screen, page by page as printed on {_paper_name(record)}, with bookmarks.",
                 "Not for printing.")  # fmt: skip


def _trifold_describe(record: dict) -> Entry | None:
    from ..base import ACTUAL_SIZE, Entry

    kind, paper, half = record["kind"], _paper_name(record), _half_name(record)
    if kind == "leaflet-tri-fold" and half:
        return Entry(f"The rules as two tri-fold leaflets on one sheet of {paper}: the {half} leaflet twice, one"
                     " above the other, printed on both sides.",
                     f"Paper of 80–120 g/m². Print two-sided, flipping on the long edge. {ACTUAL_SIZE} Cut the"
                     " sheet across the middle at the ticks, then fold each leaflet in three on its marks.",
                     essential=True)  # fmt: skip
    if kind == "leaflet-tri-fold":
        return Entry(f"The rules as a tri-fold leaflet, on one sheet of {paper} printed on both sides.",
                     f"Paper of 80–120 g/m². Print two-sided, flipping on the short edge. {ACTUAL_SIZE}"
                     " Fold in three on the marks at the top and bottom.", essential=True)  # fmt: skip
    if kind == "leaflet-press":
        return Entry(f"The same leaflet for a print shop: {paper} trim, 3 mm bleed, crop and fold marks"
                     " outside the trim, and a printing note.", "Two-sided, flipped on the short edge, folded in three.")  # fmt: skip
    return _reading_entry(record) if kind == "leaflet-reading" else None


def _booklet_describe(record: dict) -> Entry | None:
    from ..base import ACTUAL_SIZE, Entry

    kind, paper, half = record["kind"], _paper_name(record), _half_name(record)
    if kind == "leaflet-booklet" and half:
        return Entry(f"The rules as two booklets of A6 pages on one sheet of {paper}: the {half} booklet's sheets"
                     " twice, side by side.",
                     f"Paper of 80–120 g/m². Print two-sided, flipping on the short edge. {ACTUAL_SIZE} Cut each"
                     f" sheet down the middle at the ticks into two {half} sheets, then make each booklet as the"
                     f" {half} edition is made: cut each sheet across the middle, fold each half down the middle"
                     " and nest the folded halves in order.", essential=True)  # fmt: skip
    if kind == "leaflet-booklet":
        return Entry(f"The rules as a booklet of A6 pages, four to a side of {paper}.",
                     f"Paper of 80–120 g/m². Print two-sided, flipping on the long edge. {ACTUAL_SIZE} Cut each"
                     " sheet across the middle, fold each half down the middle, and nest the folded halves in"
                     " order: the first sheet's top half outside, then its bottom half, then the next sheet's."
                     " A last half that holds player aids is cut down the middle into two loose cards.",
                     essential=True)  # fmt: skip
    if kind == "leaflet-press-booklet":
        width, height = record["params"].get("trim_mm", (105, 148))
        return Entry(f"The same booklet for a print shop: one page a page in reading order, trimmed to {width:g} ×"
                     f" {height:g} mm, CMYK (PDF/X-1a), 3 mm bleed and crop marks.",
                     "For the shop to impose, fold and saddle-stitch.")  # fmt: skip
    return _reading_entry(record) if kind == "leaflet-reading" else None


def _two_up(paper: str) -> bool:
    """Whether the rules on ``paper`` are its half paper's edition, two to a sheet (``two_up``)."""
    from ...papers import paper_size

    return bool(paper_size(paper).halves)


def _booklet_build(game: Game, folder: Path, paper: str, reading: bool) -> list[Written]:
    from .booklet import build_booklet

    return build_booklet(game, folder, paper, reading)


def _booklet_planned(paper: str, name: str) -> list[Planned]:
    from ..base import Planned
    from .booklet import output_names

    printed, reading, press = output_names(paper)
    if _two_up(paper):
        return [Planned(printed, f"Rulebooks, two to a sheet ({name})", "print at 100 %, flipping on the short edge;"
                        " cut across the middle first")]  # fmt: skip
    return [
        Planned(printed, f"Rulebook ({name})", "print at 100 %, never “fit to page”"),
        Planned(press, f"Rulebook for a print shop ({name})", "one page a page, with 3 mm bleed and crop marks"),
        Planned(reading, f"Rules to read on a screen ({name})", "one page at a time"),
    ]


TRIFOLD = Imposition("tri-fold", _trifold_build, _trifold_planned, _trifold_unfit, _trifold_describe)
BOOKLET = Imposition("booklet", _booklet_build, _booklet_planned, describe=_booklet_describe)


IMPOSITIONS: Registry[Imposition] = Registry(
    "imposition", "impositions", {"tri-fold": f"{__name__}:TRIFOLD", "booklet": f"{__name__}:BOOKLET"},
    named_instance(Imposition, "a grawlix_print Imposition"),
)
"""Every imposition: the built-in ones, then the plug-ins of the entry-point group ``grawlix_print.impositions``."""
GROUP = IMPOSITIONS.group


def impositions() -> dict[str, Imposition]:
    """Every imposition that loads, by name (those that do not: ``IMPOSITIONS.failed()``)."""
    return IMPOSITIONS.entries()


def imposition(name: str, where: str | None = None) -> Imposition:
    """The imposition called ``name``; an unknown one, or one that does not load, is one line."""
    return IMPOSITIONS.named(name, where)
