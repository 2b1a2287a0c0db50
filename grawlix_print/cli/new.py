"""``grawlix-print new NAME --data [FOLDER]``: a new game made of tables and layouts, ready to build.

It writes the spreadsheet game's example (a deck of cards with two layouts
and a back, a set of coin tokens, a short rulebook) under the new game's
name, and a ``grawlix.toml`` that lists every setting, as ``init`` does: the
designer replaces the example's rows, layouts and words with their own.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import click

from ..errors import GrawlixError
from .app import main
from .init import TEMPLATES_FOLDER, build_hint, starter_files, write_all_or_none
from .settings import SETTINGS_FILE

DATA_GAME = "spreadsheet"
"""The game a ``--data`` project is: its templates are its tables, layouts and rules."""
_TITLE_LINE = re.compile(r'^title = ".*"$', re.MULTILINE)


@main.command(short_help="Start a new game; --data: one of tables and layouts, no code.")
@click.argument("name")
@click.argument("folder", required=False, type=click.Path(path_type=Path))
@click.option("--data", is_flag=True, help="A game made of tables (CSV, XLSX or TOML) and layouts, with no code.")
@click.option("--force", is_flag=True, help="Overwrite files that are already there.")
def new(name: str, folder: Path | None, data: bool, force: bool) -> None:
    """Write a new game called NAME into FOLDER (default: NAME in lower case, spaces as hyphens).

    With --data: FOLDER/templates/ holds a working example to make your own (components.toml,
    cards.csv and coins.toml, layouts/, art/, icons/ and leaflet.md) and FOLDER/grawlix.toml lists
    every setting; `grawlix-print all --templates FOLDER/templates` builds its kit. Nothing is written
    if a file is in the way, unless --force.
    """
    from ..games import game_class
    from ..pieces.schema import game_title

    if not data:
        raise GrawlixError("say what the game is made of: --data for a game of tables and layouts (no code)")
    title = game_title({"title": name}, "NAME").strip()
    folder = folder if folder is not None else Path(_folder_name(title))
    files = starter_files(folder, game_class(DATA_GAME))
    components = folder / TEMPLATES_FOLDER / "components.toml"
    files[components] = _TITLE_LINE.sub(lambda _: f"title = {json.dumps(title, ensure_ascii=False)}",
                                        files[components].decode("utf-8"), count=1).encode("utf-8")  # fmt: skip
    if folder.exists() and not folder.is_dir():
        raise GrawlixError("exists and is not a folder", str(folder))
    if not force:
        for path in files:
            if path.exists() or path.is_symlink():
                raise GrawlixError("already exists; nothing written (--force overwrites)", str(path))
    write_all_or_none(files)
    click.echo(f"wrote {folder / TEMPLATES_FOLDER}/ ({len(files) - 1} files) and {folder / SETTINGS_FILE}: {title}, "
               "an example of cards and coins to make your own")  # fmt: skip
    click.echo(f"next: edit the tables and layouts, then  {build_hint(folder)}")


def _folder_name(title: str) -> str:
    """``Night Market`` -> ``night-market``: a folder name any shell takes without quotes."""
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return slug or "new-game"
