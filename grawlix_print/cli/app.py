"""The ``grawlix-print`` command group: every user error leaves as one line on stderr.

Every user error arrives here as a GrawlixError and leaves as one line on
stderr with exit status 1; usage errors exit with 2. The commands live in
their own modules beside this one and register themselves on ``main``.
"""

from __future__ import annotations

import click

from ..errors import GrawlixError


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


def report_written(written) -> None:
    """One line per file written, so the user sees what went where."""
    for item in written:
        click.echo(f"wrote {item.path} ({item.kind})")
