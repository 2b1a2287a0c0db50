"""The rules in print, as a product: the game's rulebook imposed for each paper, with previews."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...papers import PAPERS, paper_size
from ..base import ACTUAL_SIZE, PREVIEWS, Entry, Job, Planned, Product

if TYPE_CHECKING:
    from ...errors import StudioError
    from ...files import Written
    from ...games.base import Game

PREVIEW_PX = {"leaflet-tri-fold": 1100, "leaflet-reading": 400, "leaflet-booklet": 1100, "leaflet-press": 1211,
              "leaflet-press-booklet": 707}  # fmt: skip
"""Leaflet previews share one scale: a reading-edition page is one panel, a third of a tri-fold
page; the press edition's page is 30 mm wider than the tri-fold's sheet, so 1211 px keeps it; the
booklet's press page is an A6 page and 30 mm, 135 mm wide: 707 px."""


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
            preview for item in written for preview in pdf_previews(item.path, out / PREVIEWS, PREVIEW_PX[item.kind])
        ]

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
        kind, paper = record["kind"], PAPERS[record["params"]["paper"]].name if record["params"].get("paper") in PAPERS else ""
        if kind == "leaflet-tri-fold":
            return Entry(f"The rules as a tri-fold leaflet, on one sheet of {paper} printed on both sides.",
                         f"Paper of 80–120 g/m². Print two-sided, flipping on the short edge. {ACTUAL_SIZE}"
                         " Fold in three on the marks at the top and bottom.", essential=True)  # fmt: skip
        if kind == "leaflet-press":
            return Entry(f"The same leaflet for a print shop: {paper} trim, 3 mm bleed, crop and fold marks"
                         " outside the trim, and a printing note.", "Two-sided, flipped on the short edge, folded in three.")  # fmt: skip
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
        if kind == "leaflet-reading":
            return Entry(f"The rules to read on a screen, page by page as printed on {paper}, with bookmarks.", "Not for printing.")
        return None
