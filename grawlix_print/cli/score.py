"""``grawlix-print score``: one round's collected cards, scored by the game's own scorer."""

from __future__ import annotations

from pathlib import Path

import click

from ..games import Game
from .app import main
from .options import templates_option
from .settings import with_settings


@main.command(short_help="Score a round from a file of each seat's collected cards.")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--json", is_flag=True, help="One JSON object: seat -> points and breakdown.")
@templates_option
@with_settings
def score(file: Path, json: bool, game: Game) -> None:
    """Score one round: FILE names each seat and the cards it collected.

    FILE is TOML, one line per seat (Ana = [3, 12, 24]); a [suns] table of
    each seat's suns in the earlier rounds makes it the last round, so the
    end-of-game penalty applies. Prints each seat's points and how they add
    up, or (--json) one JSON object. The scoring numbers come from rules.toml
    in the templates folder.
    """
    click.echo(game.score_file(file, json).rstrip("\n"))
