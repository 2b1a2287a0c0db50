"""``grawlix-print init``: a starter project to make the game one's own.

It writes a copy of the built-in game's templates and a ``grawlix.toml`` that
lists every recorded option with its default, commented out, so a designer
sees every choice there is. The settings file is written from the commands'
own options, so it can never miss one or show a stale default.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import textwrap
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
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
    """Write every file, or none: a fault (a full disk, a read-only folder), Ctrl-C, SIGTERM or
    SIGHUP at any moment leaves the folders as they were, so a second try needs no --force.

    The files are written into a hidden folder beside their top folder, then moved into place: a
    new top folder by one rename, an existing one file by file with those signals held back until
    the last is in place (a signal that came meanwhile then ends the command, the project whole).
    SIGTERM and SIGHUP are turned into an exception while the files are written, so the hidden
    folder is taken away before the command ends as the signal asks."""
    import secrets
    import shutil

    from ..files import write_bytes

    if not files:
        return
    top = Path(os.path.commonpath([str(p.parent.absolute()) for p in files]))
    anchor = next(f for f in (top, *top.parents) if f.exists() or f == f.parent)
    missing = [f for f in (top, *top.parents) if not f.exists() and f != anchor]
    root = missing[-1] if missing else top  # the outermost folder this run makes, else the top folder
    hidden = f".{root.name[:32]}.new-{secrets.token_hex(4)}"
    staging = root.parent / hidden if missing else root / hidden  # beside a new folder, inside an old one
    with _signals_as_exceptions():
        try:
            for path, data in files.items():
                write_bytes(staging / path.absolute().relative_to(root.absolute()), data)
            if missing:
                with _signals_held():
                    os.rename(staging, root)
                return
            with _signals_held():
                _move_in(staging, root, files)
        except OSError as error:
            from ..files import os_error

            raise os_error(error, "write", root) from None
        finally:
            with _signals_held():  # a signal now waits until the hidden folder is gone
                shutil.rmtree(staging, ignore_errors=True)


def _move_in(staging: Path, root: Path, files: dict[Path, bytes]) -> None:
    """Each staged file renamed to its place under ``root`` (which exists); on a fault, the files
    already moved are taken back (those that replaced a file with --force cannot be: they stay new)."""
    moved: list[Path] = []
    made: list[Path] = []
    try:
        for path in files:
            target = root / path.absolute().relative_to(root.absolute())
            for folder in reversed(target.parents):
                if not folder.exists():
                    folder.mkdir()
                    made.append(folder)
            fresh = not target.exists()
            os.replace(staging / target.relative_to(root), target)
            if fresh:
                moved.append(target)
    except BaseException:
        for path in moved:
            with suppress(OSError):
                path.unlink()
        for folder in reversed(made):
            with suppress(OSError):
                folder.rmdir()
        raise


class Terminated(BaseException):
    """SIGTERM or SIGHUP while a project is written: raised so that what was begun is taken back."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_ENDING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextmanager
def _signals_as_exceptions() -> Iterator[None]:
    """SIGTERM and SIGHUP raise ``Terminated`` in the block (in the main thread: elsewhere Python
    cannot change a handler); once the block's clean-up is done, the process ends by that signal,
    as it would have."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def raised(signum: int, frame: object) -> None:
        raise Terminated(signum)

    before = {number: signal.signal(number, raised) for number in _ENDING}
    try:
        yield
    except Terminated as stopped:
        for number, handler in before.items():
            signal.signal(number, handler)
        if before.get(stopped.signum) in (signal.SIG_DFL, None):
            signal.signal(stopped.signum, signal.SIG_DFL)
            os.kill(os.getpid(), stopped.signum)
        raise KeyboardInterrupt from None  # a handler of the caller's own, or a signal that did not end us
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


@contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP wait until the block is done (the last renames), then arrive."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    held = {signal.SIGINT, *_ENDING}
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


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
    ``all --only`` builds every product of the game unless told otherwise: they are named (those
    with nothing to make by default, as the errata sheet without a previous version, are not).
    """
    if option.name == "only":
        from ..kit.plan import working
        from ..products import offered

        # the products all builds unasked: not one that needs an option first (errata, a previous version)
        value: object = ",".join(p.name for p in working(game, offered(game), None, asked=False))
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
