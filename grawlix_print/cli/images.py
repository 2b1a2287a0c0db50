"""``grawlix-print images``: every printable face as a PNG, and Tabletop Simulator deck sheets."""

from __future__ import annotations

from pathlib import Path

import click

from ..pieces.tile_look import MARKINGS
from ..games import Game
from .app import main, report_written
from .options import OneLineChoice, out_option, templates_option
from .settings import with_settings


@main.command(short_help="Every face as a 300 dpi PNG with bleed; Tabletop Simulator decks.")
@out_option
@click.option("--markings", type=OneLineChoice(MARKINGS), default="none", show_default=True,
              help="Colour-blind markings on the faces.")  # fmt: skip
@templates_option
@with_settings
def images(out: Path, markings: str, game: Game) -> None:
    """Every face as a 300 dpi PNG with bleed, and Tabletop Simulator decks.

    Writes images/<face>.png (each card or tile, and the back, with 1/8 in of
    bleed, as print-on-demand services ask), images/tts/deck-N.png and the
    back (sheets of up to 10 x 7 faces for a custom deck) and
    images/README.txt, which gives the sizes and the deck's import settings.
    """
    from ..products.images.build import build_images
    from ..kit.plan import output_folder

    report_written(build_images(game, output_folder(out, "images"), markings))
