"""The ``grawlix-print`` command line: parse options, call the library, report.

Kept thin on purpose: one module per command, each only turning options into
a library call and its result into lines of output.
"""

import os
import signal  # the public module: Python's start-up and the console script have loaded its enums already
from types import FrameType


def _interrupted_while_starting(signum: int, frame: FrameType | None) -> None:
    os.write(2, b"error: interrupted\n")
    os._exit(130)  # nothing is written yet: nothing to clean up


# Until the commands are loaded and ``main`` can word it, Ctrl-C ends the
# program with its one line rather than a traceback from an import. Only where
# Ctrl-C still has Python's default meaning (not ignored, not taken by a host
# program), and only in the main thread, where ``signal`` raises otherwise.
_before = signal.getsignal(signal.SIGINT)
_starting = _before is signal.default_int_handler
if _starting:
    try:
        signal.signal(signal.SIGINT, _interrupted_while_starting)
    except ValueError:  # not the main thread
        _starting = False

from .app import main  # noqa: E402  (each command's module is loaded when the command is asked for)

if _starting:
    signal.signal(signal.SIGINT, _before)

__all__ = ["main"]
