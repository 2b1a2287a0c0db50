"""Which installed plug-in a fault came from, and a plug-in that fails while it is imported: one line each
(worded by ``plugin_faults``)."""

from __future__ import annotations

import traceback
from pathlib import Path

from ..errors import StudioError
from ..plugin_faults import PACKAGE, plugin_fault, plugin_line, shown_path


def plugin_homes() -> dict[str, Path]:
    """The folder of every installed game's plug-in package that is loaded now, by game name (not
    this package's own games)."""
    import sys

    from . import _registered

    homes = {}
    for name, point in _registered().items():
        top = str(getattr(point, "value", "")).split(":")[0].split(".")[0]
        module = sys.modules.get(top)
        file = getattr(module, "__file__", None)
        if file and top != PACKAGE.name:
            homes[name] = Path(file).resolve().parent
    return homes


def culprit(error: BaseException) -> StudioError | None:
    """``error`` as a plug-in's fault if its traceback passes through a loaded plug-in's own code
    (the deepest such frame names it); None if it does not (a fault of this program's own)."""
    frames = traceback.extract_tb(error.__traceback__)
    for frame in reversed(frames):
        path = Path(frame.filename).resolve()
        for game, home in plugin_homes().items():
            if path.is_relative_to(home):
                return plugin_fault(game, error, home=home)
    return None


def load_fault(game: str, error: BaseException) -> StudioError:
    """A plug-in that fails while it is imported (a syntax error, an import error, ``sys.exit``,
    Ctrl-C in its module's code): one line naming the game and its file and line."""
    if isinstance(error, SyntaxError) and error.filename:
        at = f" at {shown_path(Path(error.filename))}:{error.lineno}"
        return StudioError(f"it does not load: SyntaxError: {error.msg}{at}", f"game {game}")
    if isinstance(error, SystemExit):
        line = plugin_line(error)
        return StudioError(f"it does not load: sys.exit({error.code!r}) called while it was imported"
                            + (f" at {line}" if line else ""), f"game {game}")  # fmt: skip
    fault = plugin_fault(game, error, "while it was imported")
    return StudioError(f"it does not load: {fault.what}", fault.where)
