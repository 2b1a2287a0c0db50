"""The ``grawlix-print`` command line: parse options, call the library, report.

Kept thin on purpose: one module per command, each only turning options into
a library call and its result into lines of output.
"""

import _signal  # the C module itself: no enum or threading to load first, so the window is microseconds
import os


def _interrupted_while_starting(signum, frame) -> None:
    os.write(2, b"error: interrupted\n")
    os._exit(130)  # nothing is written yet: nothing to clean up


# Until the commands are loaded and ``main`` can word it, Ctrl-C ends the
# program with its one line rather than a traceback from an import. Only where
# Ctrl-C still has Python's default meaning (not ignored, not taken by a host
# program), and only in the main thread, where ``signal`` raises otherwise.
_before = _signal.getsignal(_signal.SIGINT)
_starting = _before is _signal.default_int_handler
if _starting:
    try:
        _signal.signal(_signal.SIGINT, _interrupted_while_starting)
    except ValueError:  # not the main thread
        _starting = False

from . import check, facts, games, images, init, kit, leaflet, playtest, score, sheets, stl, watch, web  # noqa: F401  (each registers its command)
from .app import main

if _starting:
    _signal.signal(_signal.SIGINT, _before)

__all__ = ["main"]
