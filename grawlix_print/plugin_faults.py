"""A plug-in's own fault as one line: what went wrong, in which game, at which line of the plug-in's code.

A plug-in is code someone else is writing, often half-finished: a traceback of
forty lines through this package's modules hides the one line that matters,
the plug-in's own. ``plugin_fault`` finds it (the deepest frame outside this
package) and words the error as ``game NAME: FILE:LINE: WHAT``. Its author sees
the whole traceback with ``--debug`` or ``GRAWLIX_PRINT_DEBUG=1``.

This module knows no game and no registry (the playtest words its faults with it too);
``registry`` finds which installed plug-in a fault came from.
"""

from __future__ import annotations

import os
import sysconfig
import traceback
from pathlib import Path

from .errors import StudioError

DEBUG_VARIABLE = "GRAWLIX_PRINT_DEBUG"
"""Set (to anything but ``0`` or empty) to see a plug-in fault's traceback, as ``--debug`` does."""
PACKAGE = Path(__file__).resolve().parent


def debugging() -> bool:
    """Whether the user asked for tracebacks (``--debug`` sets the variable for the whole run)."""
    return os.environ.get(DEBUG_VARIABLE, "") not in ("", "0")


def plugin_line(error: BaseException, home: Path | None = None) -> str | None:
    """``file:line`` of the deepest frame of ``error``'s traceback in the plug-in's folder ``home``
    (or, without one, in no folder of this package's nor of the standard library's), below this
    package's last call if the plug-in's code raised it, else above (the plug-in's call into this
    package that refused what it was given); None if no frame is the plug-in's."""
    stdlib = Path(sysconfig.get_paths()["stdlib"]).resolve()
    frames = traceback.extract_tb(error.__traceback__)
    ours = [k for k, frame in enumerate(frames) if Path(frame.filename).resolve().is_relative_to(PACKAGE)]

    def deepest(chosen: list[traceback.FrameSummary]) -> str | None:
        found = None
        for frame in chosen:
            path = Path(frame.filename).resolve()
            if home is not None:
                mine = path.is_relative_to(home.resolve())
            else:
                mine = path.is_absolute() and not path.is_relative_to(PACKAGE) and not path.is_relative_to(stdlib)
            if mine:
                found = f"{shown_path(path)}:{frame.lineno}"
        return found

    if not ours:
        return deepest(frames)
    return deepest(frames[ours[-1] + 1 :]) or deepest(frames[: ours[-1]])


def shown_path(path: Path) -> str:
    """The file as the user would type it: relative to the current folder when below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def plugin_fault(game: str, error: BaseException, doing: str = "", home: Path | None = None,
                 context: str = "", seam: str = "game") -> StudioError:  # fmt: skip
    """``error`` raised by game ``game``'s own code, as one line naming the game and its file and line
    (and ``context`` after them: the move and position a game was at). A plug-in of another seam
    (``registry``: a product, an imposition...) is named as that: ``product poster``.

    A ``StudioError`` the plug-in raised on purpose keeps its words (it names its file already);
    anything else is a bug in the plug-in, worded with its type and where it happened."""
    if isinstance(error, StudioError):
        return error
    where = plugin_line(error, home) or plugin_line(error)
    what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    during = f" {doing}" if doing else ""
    place = f" at {where}" if where else ""
    after = f"; {context}" if context else ""
    return StudioError(f"{what}{during}{place}{after}{debug_hint()}", f"{seam} {game}")


def debug_hint() -> str:
    """How to see the traceback of a fault worded in one line (nothing once the user asked for it)."""
    return f" ({DEBUG_VARIABLE}=1 or --debug for the traceback)" if not debugging() else ""


SHOWN = 160
"""Characters of a value a fault shows (a position, a move, a hook's answer): a longer one is cut."""


def shown(value: object, most: int = SHOWN) -> str:
    """A value as a one-line fault shows it: its ``repr`` on one line, cut to ``most`` characters."""
    try:
        text = repr(value)
    except Exception as error:  # noqa: BLE001  (a value whose repr is broken is still shown)
        text = f"<a {type(value).__name__} whose repr raised {type(error).__name__}>"
    text = " ".join(text.split())
    return text if len(text) <= most else text[: most - 1] + "…"


def defined_at(function: object) -> str | None:
    """``file:line`` where ``function`` (a player, a rules method, a hook) is defined, as the user
    would type it: for a fault that has no traceback of its own (a move that is not legal, a hook's
    answer of the wrong type). None for what has no Python source (a builtin)."""
    import functools
    import linecache

    while isinstance(function, functools.partial):
        function = function.func
    code = getattr(function, "__code__", None)
    if code is None:  # a callable object: its class's __call__
        code = getattr(getattr(type(function), "__call__", None), "__code__", None)
    if code is None:
        return None
    line = code.co_firstlineno  # a decorated function's first line is its first decorator's: the def below
    while linecache.getline(code.co_filename, line).lstrip().startswith("@"):
        line += 1
    return f"{shown_path(Path(code.co_filename))}:{line}"
