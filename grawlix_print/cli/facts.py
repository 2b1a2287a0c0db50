"""``grawlix-print facts``: what the engine proves about the game (cached after the first run)."""

from __future__ import annotations

import json
import click

from ..games import Game

from .app import main
from .options import templates_option
from .settings import with_settings


@main.command(short_help="What the engine proves: a tile game's largest legal grid.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object with every figure.")
@templates_option
@with_settings
def facts(as_json: bool, game: Game) -> None:
    """What the game's engine proves, for the game's own components.

    For a tile game of glyphs in colours: how many tiles the largest legal
    grid holds. A full grid is a pair of orthogonal Latin squares (Euler's
    officers problem): small orders are searched square by square, orders 7
    and 8 constructed, larger ones stated from theory. The answer is cached;
    --json prints max_tiles, full_grid_possible, squares_searched, seconds
    and the rest.
    """
    record, text = game.facts()
    click.echo(json.dumps(record, ensure_ascii=False, sort_keys=True) if as_json else text)
