"""``grawlix-print sheets``: card-stock tile sheets and sticker sheets."""

from __future__ import annotations

from pathlib import Path

import click

from .app import main, report_written
from .options import LENGTH, OneLineChoice, out_option, paper_option, templates_option
from .settings import with_settings


@main.command()
@out_option
@paper_option
@click.option("--tile-size", type=LENGTH, default=None,
              help="Side of one tile, cut line to cut line: 25.4, 25.4mm, 2.54cm or 1in."
                   "  [default: 25.4mm, one inch]")
@click.option("--bleed", type=LENGTH, default=None,
              help="How far the card-stock tiles' faces run past the outer cut lines.  [default: 2mm]")
@click.option("--backs/--no-backs", default=True, show_default=True,
              help="Print tile backs on the card-stock sheets.")
@click.option("--arrangement", type=OneLineChoice(["duplex", "gutter-fold"]), default=None,
              help="Backs on the next page for two-sided printing (duplex, the default), "
                   "or beside the fronts to fold and glue (gutter-fold).")
@click.option("--markings", type=OneLineChoice(["none", "letters", "shapes"]), default="none",
              show_default=True, help="Colour-blind markings in the tile corners.")
@click.option("--sticker-size", type=LENGTH, default=None,
              help="Side of one sticker, at most --tile-size (the square it goes on), e.g. 25.4mm "
                   "for stickers exactly as large as their squares.  [default: 2.9 mm less than "
                   "--tile-size, 22.5mm on one-inch squares]")
@click.option("--back-design", type=OneLineChoice(["light", "dark"]), default="light",
              show_default=True,
              help="Tile backs: light (pale grey, little ink) or dark (charcoal, much ink).")
@templates_option
@with_settings
def sheets(out: Path, paper: str, tile_size: float | None, bleed: float | None, backs: bool,
           arrangement: str | None, markings: str, sticker_size: float | None, back_design: str,
           templates: Path) -> None:  # fmt: skip
    """Card-stock tile sheets and sticker sheets (PDF) for a paper set of tiles.

    Options not given come from grawlix.toml ([sheets] or top level) beside the
    templates folder; the sheets themselves take nothing from templates/.
    """
    from ..sheets.build import build_sheets

    report_written(build_sheets(out, templates, paper.lower(), tile_size, bleed, backs,
                                arrangement, markings, sticker_size, back_design))  # fmt: skip
