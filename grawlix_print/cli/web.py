"""``grawlix-print web``: the rules as Markdown (with SVG diagrams) and as one HTML page."""

from __future__ import annotations

from pathlib import Path

import click

from ..games import Game
from .app import main, report_written
from .options import out_option, templates_option
from .settings import with_settings


@main.command(short_help="The rules for screens: Markdown with SVG diagrams, one HTML page.")
@out_option
@templates_option
@click.option(
    "--previews/--no-previews", default=True, show_default=True,
    help="Screenshots of rules.html at 360 and 1280 px in previews/ (needs Chromium).",
)  # fmt: skip
@with_settings
def web(out: Path, game: Game, previews: bool) -> None:
    """The rules for screens: rules.md with diagrams/*.svg (a README), and a one-file rules.html.

    Writes them into web/ in the --out folder. The same text, placeholders
    and engine checks as the leaflet, plus the sections of web.md in the
    templates folder (the proven fun facts).
    """
    from ..kit.links import kit_links
    from ..kit.plan import PAPERS, PREVIEWS, output_folder
    from ..products.web.build import HTML, build_web
    from .settings import current_settings

    folder = output_folder(out, "web")
    written = build_web(game, folder, kit_links(game, PAPERS, current_settings().for_command("sheets")))
    report_written(written)
    if previews:
        from ..products.web.previews import page_screenshots

        shots, note = page_screenshots(folder / HTML, out / PREVIEWS)
        report_written(shots)
        if note:
            click.echo(note, err=True)
