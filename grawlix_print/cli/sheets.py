"""``grawlix-print sheets``: card-stock tile sheets and sticker sheets, or a card game's card sheets."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import GrawlixError
from ..games import Game
from ..products.sheets.layout import (
    ARRANGEMENTS,
    CARD_BLEED_MM,
    TILE_BLEED_MM,
    FRAME_INSET_MM,
    MIN_TILE_MM,
    STICKER_ROOM_MM,
    default_sticker,
)
from ..pieces.tile_look import BACK_DESIGNS, MARKINGS
from ..products.sheets.layout import PAPER_TILE_MM
from .app import main, report_written
from .options import (
    LENGTH,
    LENGTH_OR_ZERO,
    OneLineChoice,
    out_option,
    paper_option,
    papers,
    templates_option,
)
from .settings import with_settings


TILE_OPTIONS = ("tile_size", "sticker_size", "back_design", "frame")
"""Options only a game of tiles takes (a card game refuses them, and ``init`` leaves them out)."""
CARD_OPTIONS = ("card_size",)
BLEED_DEFAULTS = {"tiles": f"{TILE_BLEED_MM:g}mm", "cards": f"{CARD_BLEED_MM:g}mm"}
"""The bleed a game's pieces get unless told: what ``--help`` and ``init``'s settings file show."""


class CardSize(click.ParamType):
    """A card's width and height: ``63.5x88.9``, ``2.5inx3.5in`` (each a length, millimetres if bare),
    or a TOML list of two lengths in a settings file."""

    name = "WIDTHxHEIGHT"

    def convert(self, value, param, ctx):
        from ..units import parse_length
        from .options import option_label

        label = option_label(param, ctx)
        parts = value if isinstance(value, list) else str(value).lower().split("x")
        if len(parts) != 2:
            raise GrawlixError(f"{label} {value!r} is not a card size such as 63.5x88.9 or 2.5inx3.5in")
        return tuple(parse_length(part, label) for part in parts)


@main.command(short_help="Sheets to print and cut (PDF): tiles and stickers, or cards.")
@out_option
@paper_option
@click.option("--tile-size", type=LENGTH, default=None, show_default=f"{PAPER_TILE_MM:g}mm",
              help="Side of one tile, cut line to cut line, and of the squares stickers go on: "
                   "25.4, 25.4mm, 2.54cm or 1in.")
@click.option("--bleed", type=LENGTH_OR_ZERO, default=None,
              show_default=" for tiles, ".join(BLEED_DEFAULTS.values()) + " for cards",
              help="How far the faces run past the outer cut lines; 0 for none.")
@click.option("--backs/--no-backs", default=True, show_default=True,
              help="Print the backs: of tiles on the card-stock sheets, of cards after (or beside) the fronts.")
@click.option("--arrangement", type=OneLineChoice(ARRANGEMENTS), default=None,
              show_default="duplex",
              help="Backs on the next page for two-sided printing (duplex), "
                   "or beside the fronts to fold and glue (gutter-fold).")
@click.option("--markings", type=OneLineChoice(MARKINGS), default="none",
              show_default=True, help="Colour-blind markings on the faces: in the tile corners, under the card's corner numbers.")
@click.option("--sticker-size", type=LENGTH, default=None,
              show_default=f"{default_sticker(PAPER_TILE_MM):g}mm",
              help="Side of one sticker, at most --tile-size (the square it goes on); unless "
                   f"given, {2 * STICKER_ROOM_MM:g} mm less than --tile-size, room to press it on "
                   f"by hand, but never under {MIN_TILE_MM:g} mm while the square is larger. "
                   f"{PAPER_TILE_MM:g}mm makes stickers exactly as large as one-inch squares.")
@click.option("--back-design", type=OneLineChoice(BACK_DESIGNS), default="light",
              show_default=True,
              help="Tile backs: light (pale grey, little ink) or dark (charcoal, much ink).")
@click.option("--frame/--no-frame", default=False, show_default=True,
              help=f"A dark frame {FRAME_INSET_MM:g} mm inside each cut; without it the faces "
                   "run to the cut with no line near it, so a cut a little off does not show.")
@click.option("--card-size", type=CardSize(), default=None, show_default="63.5x88.9",
              help="A card game's card, width x height, cut line to cut line: 63.5x88.9 or 2.5inx3.5in (by default the game's own size).")
@templates_option
@with_settings
def sheets(out: Path, paper: str, tile_size: float | None, bleed: float | None, backs: bool,
           arrangement: str | None, markings: str, sticker_size: float | None, back_design: str,
           frame: bool, card_size: tuple[float, float] | None, game: Game) -> None:  # fmt: skip
    """Tile sheets for card stock and sticker sheets, or card sheets (PDF).

    For a tile game, writes sheets/tiles-<paper>...pdf (cut lines, bleed,
    backs) and sheets/stickers-<paper>...pdf in the --out folder; for a card
    game, sheets/cards-<paper>...pdf (every card, its back, crop marks). The
    pieces are those of components.toml in the templates folder.
    """
    from ..kit.plan import output_folder
    from ..products.sheets.build import build_sheets

    folder = output_folder(out, "sheets")
    for each in papers(paper):  # --paper both: A4, then Letter
        report_written(build_sheets(game, folder, each, tile_size, bleed, backs,
                                    arrangement, markings, sticker_size, back_design, card_size, frame))  # fmt: skip
