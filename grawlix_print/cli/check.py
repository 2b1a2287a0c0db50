"""``grawlix-print check``: position files against the rules."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import GrawlixError
from ..games import Game
from .app import main, one_line
from .options import templates_option
from .settings import with_settings


@main.command(short_help="Check positions against the rules; show legal locations.")
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option("--json", is_flag=True, help="One JSON object per file, one per line.")
@templates_option
@with_settings
def check(files: tuple[Path, ...], json: bool, game: Game) -> None:
    """Check position files (FILES, or every one in the templates folder) against the rules.

    Prints what the engine sees in each: its tiles, its legal locations, and
    what each marker allows, as a text picture or (--json) one JSON object per
    file. The rules come from rules.toml in the templates folder.
    """
    failed = 0
    for report in game.check_positions(files, json):
        if isinstance(report, GrawlixError):
            click.echo(f"error: {one_line(str(report))}", err=True)
            failed += 1
        else:
            click.echo(report)
    if failed:
        raise SystemExit(1)
