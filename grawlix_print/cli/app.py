"""The ``grawlix-print`` command group: every failure leaves as one line on stderr.

Every user error arrives here as a StudioError and leaves as one line on
stderr with exit status 1 (several found in one run, ``Problems``, as one line
each, then a summary); usage errors exit with 2. A file-system fault
that no lower layer worded is worded here from its OSError; Ctrl-C is one
line and exit status 130; a reader that stops reading (``| head``) ends the
command quietly. The commands live in their own modules beside this one and
register themselves on ``main``.
"""

from __future__ import annotations

import errno
import functools
import gc
import os
import sys
from collections.abc import Callable, Iterable, Mapping
from contextlib import suppress
from importlib import import_module
from typing import TYPE_CHECKING, Any

import click

from .. import __version__
from ..errors import StudioError, Problems, one_line
from ..files import check_source_date_epoch, os_error
from ..notes import print_notes

if TYPE_CHECKING:
    from ..files import Written
    from ..games.base import Game

# One BLAS thread per process unless the user asks for more: the playtest runs its games in worker
# processes, one per core, and numpy's OpenBLAS starting a thread per core in each of them oversubscribes
# the cores and costs about 30 ms of every command's start-up (numpy is loaded later, by the commands).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
# The collector's default pass every 700 new objects runs about a hundred times while a command loads its
# modules, whose objects live as long as the command: 10 ms of a playtest's 0.3 s. Rarer passes, same collection.
gc.set_threshold(max(gc.get_threshold()[0], 50_000), *gc.get_threshold()[1:])
# The library's notes are log records (notes.py); the command line says each as a `note: ...` line on stderr.
print_notes()

INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command stopped by Ctrl-C
PIPE_CLOSED = 141  # 128 + SIGPIPE, as for any command whose reader went away


def _fail(ctx: click.Context, message: str | list[str], status: int) -> None:
    with suppress(OSError):  # stderr itself may be gone: the exit status still tells
        for line in [message] if isinstance(message, str) else message:
            click.echo(f"error: {one_line(line)}", err=True)
    ctx.exit(status)


def error_lines(error: StudioError) -> list[str]:
    """What the user reads about an error, one line each: several problems each on its own."""
    return error.lines() if isinstance(error, Problems) else [str(error)]


def _quiet_exit(ctx: click.Context) -> None:
    """The reader closed our output: stop without a word, and without a second error at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file behind stdout (tests)
        pass
    ctx.exit(PIPE_CLOSED)


PRODUCT_COMMANDS = "products"
"""The module that makes a command of each installed product (``leaflet``, ``sheets``...)."""
OWN_COMMANDS = "own"
"""The module that finds a command a game brings (``check``, ``guide``...)."""
COMMANDS = {
    "all": ("kit", "The whole kit: every product of the game, with previews."),
    "diff": ("diff", "What changed between two versions of a game: report and playtest."),
    "games": ("games", "List the games: their products and own commands."),
    "init": ("init", "Start a project of your own: templates/ and grawlix.toml."),
    "new": ("new", "A new game: a plug-in package, or --data: tables and layouts."),
    "playtest": ("playtest", "Play many games: who wins, how long; --vary sweeps rules."),
    "watch": ("watch", "Rebuild the leaflet (or sheets) and previews on every save."),
    "leaflet": (PRODUCT_COMMANDS, "The rules in print (PDF) and a reading edition."),
    "errata": (PRODUCT_COMMANDS, "What changed since the previous version, for players (PDF)."),
    "sheets": (PRODUCT_COMMANDS, "Sheets to print and cut (PDF): tiles, tokens and stickers, cards."),
    "boxes": (PRODUCT_COMMANDS, "Boxes to fold (PDF): a tuck box per deck, a tray and lid per set."),
    "web": (PRODUCT_COMMANDS, "The rules for screens: Markdown with SVG diagrams, one HTML page."),
    "images": (PRODUCT_COMMANDS, "Every face as a PNG with bleed; Tabletop Simulator saved objects."),
    "on-demand": (PRODUCT_COMMANDS, "Files to order printed pieces from print-on-demand services."),
    "stl": (PRODUCT_COMMANDS, "3D-printable tiles: STL, 3MF, STEP and printing notes."),
    "check": (OWN_COMMANDS, "Check positions against the rules; show legal locations."),
    "facts": (OWN_COMMANDS, "What the engine proves: the largest legal grid."),
    "guide": (OWN_COMMANDS, "A guide sheet of the layouts: boxes, bleed and safe zone (PDF)."),
    "score": (OWN_COMMANDS, "Score a round from a file of each seat's collected cards."),
}
"""Every command of the studio's own, of its built-in products and of its built-in games: the module
beside this one that makes it (a command's module is imported when the command is asked for: a
``playtest`` loads no product, an ``init`` no playtest), and its short help as the command words it
(tests/test_tool.py holds the two equal), so that ``--help`` lists them all without importing one."""
COMMAND_MODULES = {name: module for name, (module, _) in COMMANDS.items() if module not in (PRODUCT_COMMANDS, OWN_COMMANDS)}
"""The studio's own commands, each by the module that defines it (and registers it on ``main``)."""


def _load(module: str) -> None:
    import_module(f"{__package__}.{module}")


def _products() -> Any:
    """The module that makes the products' commands (``register``)."""
    return import_module(f"{__package__}.{PRODUCT_COMMANDS}")


def loader_of(command: click.Command) -> Callable[[], click.Command]:
    """What loads a command already made (``command_loaders``)."""
    return lambda: command


class _Commands(click.Group):
    def every_command(self) -> Mapping[str, click.Command]:
        """Every command of the studio's own and of its products, loaded (a game's own are apart:
        ``cli.own``); for what needs them all, as shell completion and a settings file's check."""
        for module in COMMAND_MODULES.values():
            _load(module)
        _products().register()
        return self.commands

    def command_loaders(self) -> dict[str, Callable[[], click.Command]]:
        """Every command of the studio's own and of its products, by name, each loaded when called
        (the plug-ins' products, if any package adds one, now: their names are known once loaded)."""
        from ..installed import PREFIX, plug_ins_declared

        if plug_ins_declared(f"{PREFIX}products"):
            _products().register()
        loaders: dict[str, Callable[[], click.Command]] = {n: loader_of(c) for n, c in self.commands.items()}
        for name, (module, _) in COMMANDS.items():
            if module != OWN_COMMANDS:
                loaders.setdefault(name, functools.partial(self._loaded, name, module))
        return loaders

    def _loaded(self, name: str, module: str) -> click.Command:
        if module == PRODUCT_COMMANDS:
            _products().register(name)
        else:
            _load(module)
        return self.commands[name]

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:  # while the options are read
            with suppress(OSError):
                click.echo("error: interrupted", err=True)
            sys.exit(INTERRUPTED)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        """A command of the studio's own, else a product's, else one a game brings (``cli.own``)."""
        module = COMMANDS.get(name, (PRODUCT_COMMANDS, ""))[0]
        if name not in self.commands and module == PRODUCT_COMMANDS:
            _products().register(name)
        elif name not in self.commands and module != OWN_COMMANDS:
            _load(module)
        found = super().get_command(ctx, name)
        if found is None:
            from .own import own_command

            found = own_command(name)
        return found

    def list_commands(self, ctx: click.Context) -> list[str]:
        from .own import own_command_names

        return sorted({*self.every_command(), *own_command_names()})

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """``--help``'s list of commands: the built-in ones as ``COMMANDS`` words them, with no module
        imported (a tenth of a second of loading otherwise), and the plug-ins' (and any registered on
        ``main`` itself) as they word theirs."""
        listed: dict[str, str | click.Command] = {name: words for name, (_, words) in COMMANDS.items()}
        for name, command in {**self.commands, **self._plug_ins()}.items():
            listed.setdefault(name, command)
        shown = {name: about for name, about in listed.items() if isinstance(about, str) or not about.hidden}
        limit = formatter.width - 6 - max(map(len, shown))
        rows = [(name, about if isinstance(about, str) else about.get_short_help_str(limit)) for name, about in sorted(shown.items())]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def _plug_ins(self) -> dict[str, click.Command]:
        """The commands of the installed plug-in products and games, by name (nothing loaded when no
        package declares a plug-in)."""
        from ..installed import PREFIX, plug_ins_declared

        found: dict[str, click.Command] = {}
        if plug_ins_declared(f"{PREFIX}products"):
            found.update(self.every_command())
        if plug_ins_declared(f"{PREFIX}games"):
            from .own import own_command, own_command_names

            for name in own_command_names():
                command = own_command(name)
                if command is not None:
                    found.setdefault(name, command)
        return found

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except StudioError as error:
            _fail(ctx, error_lines(error), 1)
        except KeyboardInterrupt:
            _fail(ctx, "interrupted", INTERRUPTED)
        except OSError as error:
            if error.errno == errno.EPIPE:
                _quiet_exit(ctx)
            _fail(ctx, str(os_error(error)), 1)
        except Exception as error:  # a plug-in's own bug is one line naming its file and line
            from ..plugin_faults import debugging
            from ..registry import culprit

            fault = None if debugging() else culprit(error)
            if fault is None:
                raise
            _fail(ctx, str(fault), 1)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, package_name="grawlix-print")  # the package's own: no metadata read
@click.option("--debug", is_flag=True, help="A game plug-in's fault with its whole traceback (as GRAWLIX_PRINT_DEBUG=1).")
def main(debug: bool) -> None:
    """Print-and-play kits for board games: rules, sheets, web edition and 3D tiles."""
    if debug:
        from ..plugin_faults import DEBUG_VARIABLE

        os.environ[DEBUG_VARIABLE] = "1"  # worker processes inherit it
    check_source_date_epoch()  # before any command: the PDF library would fail on it mid-build


def report_written(written: Iterable[Written]) -> None:
    """One line per file written, so the user sees what went where."""
    for item in written:
        click.echo(f"wrote {item.path} ({item.kind})")


def warn_about_colours(game: Game) -> None:
    """One warning line when a designer's variant has colours a colour-blind player may confuse."""
    from ..products.colour_blind import warning

    try:
        line = warning(game)
    except StudioError:  # a broken components.toml: the command's own checks say so, in one line
        return
    if line is not None:
        click.echo(f"warning: {one_line(line)}", err=True)
