"""``grawlix-print check``: position files against the rules."""

from __future__ import annotations

from json import dumps
from pathlib import Path

import click

from ..errors import GrawlixError
from .app import main
from .options import templates_option
from .settings import with_settings


@main.command(short_help="Check positions against the rules; show legal locations.")
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option("--json", is_flag=True, help="One JSON object per file, one per line.")
@templates_option
@with_settings
def check(files: tuple[Path, ...], json: bool, templates: Path) -> None:
    """Check position files (FILES, or every one in the templates folder) against the rules.

    Prints what the engine sees in each: its tiles, its legal locations, and
    what each marker allows, as a text picture or (--json) one JSON object per
    file. The rules come from rules.toml in the templates folder.
    """
    from ..games.grawlix.report import position_record, position_text
    from ..games.grawlix.positions import load_position
    from ..games.grawlix.templates import POSITIONS_DIR, load_rules

    rules = load_rules(templates)
    files = files or tuple(sorted((templates / POSITIONS_DIR).glob("*.toml")))
    failed = 0
    for file in files:
        try:
            position = load_position(file, rules)
        except GrawlixError as error:
            click.echo(f"error: {error}", err=True)
            failed += 1
            continue
        if json:
            click.echo(dumps(position_record(position, str(file)), ensure_ascii=False))
        else:
            click.echo(position_text(position, str(file)) + "\n")
    if failed:
        raise SystemExit(1)
