"""``grawlix-print leaflet``: the rules leaflet."""

from __future__ import annotations

from pathlib import Path

from ..games import Game
from .app import main, report_written
from .options import out_option, paper_option, papers, templates_option
from .settings import with_settings


@main.command(short_help="The rules in print (PDF) and a reading edition.")
@out_option
@paper_option
@templates_option
@with_settings
def leaflet(out: Path, paper: str, game: Game) -> None:
    """The rules in print (PDF): the game's leaflet or booklet, and a reading edition.

    Writes leaflet/leaflet-<paper>.pdf (two-sided, to print and fold: a
    tri-fold, or a booklet of small pages to fold and cut, as the game's
    rulebook is made) and leaflet/leaflet-reading-<paper>.pdf (one panel or
    page per page, for screens) in the --out folder, for each paper with
    --paper both. The text is leaflet.md in the templates folder; its
    numbers, lists and diagrams come from the game's components, rules.toml
    and its rules engine.
    """
    from ..kit.plan import output_folder
    from ..products.leaflet.build import build_leaflet

    for each in papers(paper):  # --paper both: A4, then Letter
        report_written(build_leaflet(game, output_folder(out, "leaflet"), each))
