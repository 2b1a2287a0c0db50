"""``grawlix-print check``: position files against the rules."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..errors import GrawlixError
from .app import main
from .options import templates_option


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="One JSON object per file, one per line.")
@templates_option
def check(files: tuple[Path, ...], as_json: bool, templates: Path | None) -> None:
    """Check position files against the rules and show their legal locations."""
    from ..facts.report import position_record, position_text
    from ..game.positions import load_position
    from ..game.templates import find_templates, load_rules

    rules = load_rules(find_templates(templates))
    failed = 0
    for file in files:
        try:
            position = load_position(file, rules)
        except GrawlixError as error:
            click.echo(f"error: {error}", err=True)
            failed += 1
            continue
        if as_json:
            click.echo(json.dumps(position_record(position, str(file)), ensure_ascii=False))
        else:
            click.echo(position_text(position, str(file)) + "\n")
    if failed:
        raise SystemExit(1)
