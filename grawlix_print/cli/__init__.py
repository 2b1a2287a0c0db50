"""The ``grawlix-print`` command line: parse options, call the library, report.

Kept thin on purpose: one module per command, each only turning options into
a library call and its result into lines of output.
"""

import os
import signal
import threading


def _interrupted_while_starting(signum, frame) -> None:
    os.write(2, b"error: interrupted\n")
    os._exit(130)  # nothing is written yet: nothing to clean up


# Until the commands are loaded and ``main`` can word it, Ctrl-C ends the
# program with its one line rather than a traceback from an import.
_starting = (
    threading.current_thread() is threading.main_thread()
    and signal.getsignal(signal.SIGINT) is signal.default_int_handler  # not ignored, not taken
)
if _starting:
    _before = signal.signal(signal.SIGINT, _interrupted_while_starting)

from . import check, facts, init, kit, leaflet, sheets, stl, watch, web  # noqa: F401  (each registers its command)
from .app import main

if _starting:
    signal.signal(signal.SIGINT, _before)

__all__ = ["main"]
