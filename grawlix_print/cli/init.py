"""``grawlix-print init``: a starter project to make the game one's own.

It writes a copy of the built-in game's templates and a ``grawlix.toml`` that
lists every recorded option with its default, commented out, so a designer
sees every choice there is. The settings file is written from the commands'
own options, so it can never miss one or show a stale default.
"""

from __future__ import annotations

import json
import shlex
import textwrap
from contextlib import suppress
from pathlib import Path

import click

from ..errors import StudioError
from ..games import DEFAULT_GAME, Game
from ..games.templates import TEMPLATES_FOLDER
from .app import main
from .settings import GAME_KEY, SETTINGS_FILE, recordable, setting_commands



@main.command(short_help="Start a project of your own: templates/ and grawlix.toml.")
@click.argument("folder", default=".", type=click.Path(path_type=Path))
@click.option("--game", default=DEFAULT_GAME, show_default=True, metavar="NAME",
              help="The game to start from (grawlix-print games lists them).")
@click.option("--force", is_flag=True, help="Overwrite files that are already there.")
def init(folder: Path, game: str, force: bool) -> None:
    """Write a starter project into FOLDER (default: the current folder).

    FOLDER/templates/ is a copy of the game's own templates (components.toml,
    which names the game, rules.toml, the rules' text and its examples) to
    edit; FOLDER/grawlix.toml lists every setting with its default, commented
    out. Nothing is written if a file is in the way, unless --force.
    """
    from ..games import game_class

    files = starter_files(folder, game_class(game))
    write_new(folder, files, force)
    click.echo(f"wrote {folder / TEMPLATES_FOLDER}/ ({len(files) - 1} files) and {folder / SETTINGS_FILE}")
    click.echo(f"next: edit them, then  {build_hint(folder)}")


def write_new(folder: Path, files: dict[Path, bytes], force: bool) -> None:
    """A new project's files, all or none: refused in one line if ``folder`` is a file, or if a
    file is in the way (unless ``force``)."""
    if folder.exists() and not folder.is_dir():
        raise StudioError("exists and is not a folder", str(folder))
    if not force:
        for path in files:
            if path.exists() or path.is_symlink():
                raise StudioError("already exists; nothing written (--force overwrites)", str(path))
    write_all_or_none(files)


def write_all_or_none(files: dict[Path, bytes]) -> None:
    """Write every file, or, if one cannot be written (a full disk, Ctrl-C), take back those this
    run made, so a second try after the fault needs no --force."""
    from ..files import write_bytes

    made = [folder for path in files for folder in (path, *path.parents) if not folder.exists()]
    try:
        for path, data in files.items():
            write_bytes(path, data)  # a file-system fault is one line naming the path
    except BaseException:
        for made_path in sorted(set(made), key=lambda p: len(p.parts), reverse=True):  # files, then folders
            with suppress(OSError):
                made_path.rmdir() if made_path.is_dir() else made_path.unlink()
        raise


def build_hint(folder: Path) -> str:
    """The command that builds the new project into its own output/, pasted into any shell as it is.

    The folder is quoted for the shell (a space, a ``;`` or a ``$`` in its name
    would otherwise send the build elsewhere) and never read as an option.
    """
    if folder.resolve() == Path.cwd().resolve():
        return "grawlix-print all"
    where = str(folder)
    if where.startswith("-"):
        where = f"./{where}"
    return f"cd {shlex.quote(where)} && grawlix-print all"


def starter_files(folder: Path, kind: type[Game]) -> dict[Path, bytes]:
    """Every file ``init`` writes, by path: the game's templates, then the settings file."""
    game = kind.builtin_templates()
    files = {
        folder / TEMPLATES_FOLDER / source.relative_to(game): source.read_bytes()
        for source in sorted(game.rglob("*"))
        if source.is_file()
        and not any(part.startswith((".", "__")) for part in source.relative_to(game).parts)
    }
    files[folder / SETTINGS_FILE] = settings_text(kind).encode("utf-8")
    return files


SETTINGS_HEADER = """\
# Settings for grawlix-print in this project: option values used when the
# command line does not give them (a flag typed on the command line wins).
#
# grawlix-print reads this file when it sits in the templates folder in use or
# beside it (the first of templates/grawlix.toml, templates/pyproject.toml's
# [tool.grawlix-print], ./grawlix.toml, ./pyproject.toml's table). A key in a
# command's table applies to that command; a key before the first table applies
# to every command that has such an option, for example:
#   paper = "letter"
#
# Every setting below shows its default, commented out: remove the "# " to
# change one. Lengths take units as on the command line ("25.4mm", "1in");
# a plain number is millimetres. Unknown keys are errors, not ignored.
"""


def settings_text(kind: type[Game]) -> str:
    """The commented ``grawlix.toml`` for a game: its name, then a table per command, each option with its default."""
    from ..products import products

    parts = [SETTINGS_HEADER, f"\n# The game these settings are for (its templates name it too).\n{GAME_KEY} = {json.dumps(kind.name)}\n"]
    game = kind()
    made = {p.command_name(): p for p in products()}
    for name, command in setting_commands(kind).items():
        product = made.get(name)
        if product is not None and not product.offers(game):
            continue  # a product the game lacks (no [stl] for a card game)
        parts.append(f"\n[{name}]\n")
        context = click.Context(command, info_name=name)
        for key, option in recordable(command).items():
            if option.hidden or (product is not None and not product.takes(game, option.name or "")):
                continue
            about = option.help or ""
            if isinstance(option.type, click.Choice):
                about += f" One of: {', '.join(map(str, option.type.choices))}."
            parts += [f"# {line}\n" for line in textwrap.wrap(about, 86)]
            shown = product.shown_default(game, option.name or "") if product is not None else None
            parts.append(f"# {key} = {shown and json.dumps(shown) or _toml_default(option, context, game)}\n")
    return "".join(parts)


def _toml_default(option: click.Option, context: click.Context, game: Game) -> str:
    """An option's default as TOML: what ``--help`` shows as the default, else the default.

    The default is asked of click, not read off the option: since click 8.3 a flag
    declared without one holds a placeholder there, and only click resolves it.
    ``all --only`` builds every product of the game unless told otherwise: they are named.
    """
    if option.name == "only":
        from ..products import offered

        value: object = ",".join(p.name for p in offered(game))
    elif isinstance(option.show_default, str):
        value = option.show_default == "true" if option.is_flag else option.show_default
    else:
        value = option.get_default(context, call=False)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, (list, tuple)):  # an option given several times: a TOML list
        return json.dumps([str(item) for item in value])
    return json.dumps(str(value))  # a TOML basic string
