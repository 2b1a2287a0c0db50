"""The command only a game made of tables answers: ``guide``, the layouts' guide sheet.

A plain click command whose callback takes the game as ``game``: the command
line adds ``--game`` and ``--templates`` and the recorded settings, as for
every command (``Game.commands``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from . import Spreadsheet

GUIDE_FOLDER = "guide"


@click.command(short_help="A guide sheet of the layouts: boxes, bleed and safe zone (PDF).")
@click.option("--out", "-o", type=click.Path(path_type=Path), default=Path("output"), show_default=True,
              help="Folder to write into (the guide goes to its guide/ sub-folder).")  # fmt: skip
def guide(game: Spreadsheet, out: Path) -> None:
    """Write guide/layout-guide.pdf: each layout in use drawn large with a row of its table, its named
    boxes outlined and labelled, the bleed's edge and the safe zone marked."""
    from .guide import build_guide

    for item in build_guide(game, out / GUIDE_FOLDER):
        click.echo(f"wrote {item.path} ({item.kind}, {item.params['pages']} pages)")
