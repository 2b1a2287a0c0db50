"""The ``grawlix-print`` command line: parse options, call the library, report.

Kept thin on purpose. Every user error arrives here as a GrawlixError and
leaves as one line on stderr with exit status 1; usage errors exit with 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from .errors import GrawlixError

TEMPLATES_HELP = "Templates folder with rules.toml (default: ./templates or the project's own)."

# Options shared by the commands that write files.
templates_option = click.option(
    "--templates", type=click.Path(path_type=Path), default=None, help=TEMPLATES_HELP
)
out_option = click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Folder to write into.",
)
paper_option = click.option(
    "--paper",
    type=click.Choice(["a4", "letter"], case_sensitive=False),
    default="a4",
    show_default=True,
    help="Paper size.",
)


class Length(click.ParamType):
    """A length option (``25.4``, ``25.4mm``, ``2.54cm``, ``1in``), converted to millimetres.

    A bad value is a one-line error with exit status 1, like every other bad input.
    """

    name = "length"

    def convert(self, value, param, ctx):
        if isinstance(value, float):
            return value
        from .units import parse_length

        label = f"--{param.name.replace('_', '-')}" if param is not None else "length"
        return parse_length(value, label)


LENGTH = Length()


def report_written(written) -> None:
    """One line per file written, so the user sees what went where."""
    for item in written:
        click.echo(f"wrote {item.path} ({item.kind})")


class _Commands(click.Group):
    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except GrawlixError as error:
            click.echo(f"error: {error}", err=True)
            ctx.exit(1)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="grawlix-print")
def main() -> None:
    """Print-and-play kit for the tile game Grawlix: leaflet, tile sheets and 3D tiles."""


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="One JSON object per file, one per line.")
@templates_option
def check(files: tuple[Path, ...], as_json: bool, templates: Path | None) -> None:
    """Check position files against the rules and show their legal locations."""
    from .positions import load_position
    from .report import position_record, position_text
    from .templates import find_templates, load_rules

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


@main.command()
@out_option
@paper_option
@templates_option
def leaflet(out: Path, paper: str, templates: Path | None) -> None:
    """Rules leaflet: a two-sided tri-fold for PAPER and a reading edition for screens."""
    from .pdf.leaflet import build_leaflet

    report_written(build_leaflet(templates, out, paper))
