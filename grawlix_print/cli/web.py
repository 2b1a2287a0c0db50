"""``grawlix-print web``: the rules as Markdown (with SVG diagrams) and as one HTML page."""

from __future__ import annotations

from pathlib import Path

import click

from .app import main, report_written
from .options import out_option, templates_option
from .settings import with_settings


@main.command()
@out_option
@templates_option
@click.option(
    "--previews/--no-previews", default=True, show_default=True,
    help="Screenshots of rules.html at 360 and 1280 px in OUT/previews/ (needs Chromium).",
)  # fmt: skip
@with_settings
def web(out: Path, templates: Path, previews: bool) -> None:
    """The rules for screens: rules.md with diagrams/*.svg (a README), and a one-file rules.html.

    The same text, placeholders and engine checks as the leaflet, plus the
    sections of templates/web.md (the proven fun facts).
    """
    from ..web.build import HTML, build_web

    written = build_web(out, templates)
    report_written(written)
    if previews:
        from ..web.previews import page_screenshots

        shots, note = page_screenshots(out / HTML, out / "previews")
        report_written(shots)
        if note:
            click.echo(note, err=True)
