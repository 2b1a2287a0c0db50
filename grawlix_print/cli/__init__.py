"""The ``grawlix-print`` command line: parse options, call the library, report.

Kept thin on purpose: one module per command, each only turning options into
a library call and its result into lines of output.
"""

import atexit
import os
import signal  # the public module: Python's start-up and the console script have loaded its enums already
import sys
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


def run() -> None:
    """The console script: the command, then a quick end.

    Tearing the interpreter down, every module of numpy, reportlab and Pillow freed one by one, takes
    about 30 ms, a tenth of a short playtest. Once the command is over (its files written and closed,
    its workers gone) the exit handlers run and the process ends at once. A thread still running, a
    profiler or tracer watching (it reports after ``run`` returns), or an exit that is not a status
    ends the way Python ends.
    """
    import threading

    try:
        main()
    except SystemExit as stop:
        status = stop.code
        ending = getattr(atexit, "_run_exitfuncs", None)  # CPython's; without it, Python's own end
        watched = sys.getprofile() is not None or sys.gettrace() is not None
        if not (status is None or isinstance(status, int)) or threading.active_count() > 1 or watched \
                or ending is None:  # fmt: skip
            raise
        ending()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError, AttributeError):  # a reader gone, or no stream: the status says it
                pass
        os._exit(status or 0)


__all__ = ["main", "run"]
