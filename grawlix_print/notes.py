"""What a build tells the user on the side (screenshots skipped, a figure refused), without printing.

A product calls ``note(text)``; whoever runs it collects the notes
(``collected``) and says them when it suits: the kit once a step is done
(from its worker process too), never in the middle of a progress display. With
no collector, a note is a log record of the ``grawlix_print`` logger at level
``INFO``: a program that uses the library configures logging as it likes, and
the command line prints each as a ``note: TEXT`` line on stderr (``NoteLines``).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

LOGGER = "grawlix_print"
log = logging.getLogger(LOGGER)
log.addHandler(logging.NullHandler())  # a program that set up no logging is not shown the notes by Python's last resort
_NOTES: ContextVar[list[str] | None] = ContextVar("grawlix-notes", default=None)


def note(text: str) -> None:
    """Tell the user ``text`` (one line), through whoever runs the build."""
    notes = _NOTES.get()
    if notes is None:
        log.info("%s", text)
    else:
        notes.append(text)


@contextmanager
def collected() -> Iterator[list[str]]:
    """Collect the notes told inside the block, in order, instead of logging them."""
    notes: list[str] = []
    told = _NOTES.set(notes)
    try:
        yield notes
    finally:
        _NOTES.reset(told)


def collecting() -> bool:
    """Whether someone collects the notes here (a kit's step), rather than their being logged."""
    return _NOTES.get() is not None


class NoteLines(logging.Handler):
    """The command line's handler: each record of ``INFO`` or above from the package as ``note: TEXT``
    on stderr, the stream of the moment (a test's captured one too)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            print(f"note: {record.getMessage()}", file=sys.stderr)
        except Exception:  # noqa: BLE001  (a handler never raises: logging's own rule)
            self.handleError(record)


def print_notes() -> None:
    """Print the package's notes as ``note:`` lines on stderr, as the command line does (once)."""
    logger = logging.getLogger(LOGGER)
    if not any(isinstance(handler, NoteLines) for handler in logger.handlers):
        logger.addHandler(NoteLines(logging.INFO))
    if logger.level == logging.NOTSET or logger.level > logging.INFO:
        logger.setLevel(logging.INFO)
