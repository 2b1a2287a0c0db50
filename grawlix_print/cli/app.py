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
import os
import sys
from collections.abc import Iterable
from contextlib import suppress
from typing import TYPE_CHECKING, Any

import click

from ..errors import StudioError, Problems, one_line
from ..files import check_source_date_epoch, os_error

if TYPE_CHECKING:
    from ..files import Written
    from ..games.base import Game

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


class _Commands(click.Group):
    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:  # while the options are read
            with suppress(OSError):
                click.echo("error: interrupted", err=True)
            sys.exit(INTERRUPTED)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        """A command of the studio's own, else one a game brings (``cli.own``)."""
        found = super().get_command(ctx, name)
        if found is None:
            from .own import own_command

            found = own_command(name)
        return found

    def list_commands(self, ctx: click.Context) -> list[str]:
        from .own import own_command_names

        return sorted({*super().list_commands(ctx), *own_command_names()})

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
        except Exception as error:  # a game plug-in's own bug is one line naming its file and line
            from ..games.faults import culprit, debugging

            fault = None if debugging() else culprit(error)
            if fault is None:
                raise
            _fail(ctx, str(fault), 1)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="grawlix-print")
@click.option("--debug", is_flag=True, help="A game plug-in's fault with its whole traceback (as GRAWLIX_PRINT_DEBUG=1).")
def main(debug: bool) -> None:
    """Print-and-play kits for board games: rules, sheets, web edition and 3D tiles."""
    if debug:
        from ..games.faults import DEBUG_VARIABLE

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
