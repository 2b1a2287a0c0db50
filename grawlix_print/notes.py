"""What a build tells the user on the side (screenshots skipped, a figure refused), without printing.

A product calls ``note(text)``; whoever runs it collects the notes
(``collected``) and says them when it suits: the kit once a step is done
(from its worker process too), never in the middle of a progress display; a
single command at once. With no collector, a note goes to stderr.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_NOTES: ContextVar[list[str] | None] = ContextVar("grawlix-notes", default=None)


def note(text: str) -> None:
    """Tell the user ``text`` (one line), through whoever runs the build."""
    notes = _NOTES.get()
    if notes is None:
        print(f"note: {text}", file=sys.stderr)
    else:
        notes.append(text)


@contextmanager
def collected() -> Iterator[list[str]]:
    """Collect the notes told inside the block, in order, instead of printing them."""
    notes: list[str] = []
    told = _NOTES.set(notes)
    try:
        yield notes
    finally:
        _NOTES.reset(told)


def collecting() -> bool:
    """Whether someone collects the notes here (a kit's step), rather than their going to stderr."""
    return _NOTES.get() is not None
