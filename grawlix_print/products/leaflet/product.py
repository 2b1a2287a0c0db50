"""The rules in print, as a product: the game's rulebook imposed for each paper, with previews."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...papers import paper_size
from ..base import PREVIEWS, Entry, Job, Planned, Product

if TYPE_CHECKING:
    from ...errors import StudioError
    from ...files import Written
    from ...games.base import Game

PREVIEW_PX = {"leaflet-tri-fold": 1100, "leaflet-reading": 400, "leaflet-booklet": 1100, "leaflet-press": 1211,
              "leaflet-press-booklet": 707}  # fmt: skip
"""Leaflet previews share one scale: a reading-edition page is one panel, a third of a tri-fold
page; the press edition's page is 30 mm wider than the tri-fold's sheet, so 1211 px keeps it; the
booklet's press page is an A6 page and 30 mm, 135 mm wide: 707 px."""
DEFAULT_PREVIEW_PX = 1100
"""A plug-in imposition's file: previewed as a printed sheet is."""


@dataclass(frozen=True)
class LeafletOptions:
    """The rules in print take no options but the paper."""


class Leaflet(Product):
    name = "leaflet"
    summary = "The rules in print (PDF) and a reading edition."
    description = """The rules in print (PDF): the game's leaflet or booklet, and a reading edition.

    Writes leaflet/leaflet-<paper>.pdf (two-sided, to print and fold: a
    tri-fold, or a booklet of small pages to fold and cut, as the game's
    rulebook is made) and leaflet/leaflet-reading-<paper>.pdf (one panel or
    page per page, for screens) in the --out folder, for each paper with
    --paper all. The text is leaflet.md in the templates folder; its
    numbers, lists and diagrams come from the game's components, rules.toml
    and its rules engine.
    """
    heading = "The rules on paper"
    order = 10
    options = LeafletOptions
    papers = True

    def offers(self, game: Game) -> bool:
        return True  # every game has its rules' text

    def jobs(self, game: Game, papers: Sequence[str], options: LeafletOptions, kit: Sequence[Planned] = ()) -> list[Job]:
        return [Job(f"leaflet-{paper}", {"paper": paper}, reads=game.rulebook_files()) for paper in papers]

    def run(self, game: Game, out: Path, params: dict) -> list[Written]:
        """Every edition of the rulebook for the paper, then their previews: the print edition's first."""
        from ..previews import pdf_previews
        from .build import build_leaflet

        written = build_leaflet(game, self.folder(out), params["paper"])
        return written + [
            preview for item in written
            for preview in pdf_previews(item.path, out / PREVIEWS, PREVIEW_PX.get(item.kind, DEFAULT_PREVIEW_PX))
        ]  # fmt: skip

    def unfit(self, game: Game, papers: Sequence[str]) -> list[StudioError]:
        """Each panel that would not fit on each of ``papers`` (a booklet's pages, the same on every
        paper, have nothing to add): the papers a command did not build, checked at once."""
        from .impositions import imposition

        return imposition(game.presentation().imposition).unfit(game, papers)

    def planned(self, game: Game, papers: Sequence[str], options: LeafletOptions) -> list[Planned]:
        from dataclasses import replace

        from .impositions import imposition

        way = imposition(game.presentation().imposition)
        return [
            replace(planned, path=f"{self.name}/{planned.path}")
            for paper in papers
            for planned in way.planned(paper, paper_size(paper).name)
        ]

    def describe(self, record: dict) -> Entry | None:
        """What the imposition that wrote the file says of it (each imposition knows its own files)."""
        from .impositions import impositions

        for way in impositions().values():
            entry = way.describe(record)
            if entry is not None:
                return entry
        return None
