"""``diff`` from start to end, for the command and for Python: read both versions, compare, play, write.

The versions are read (and a git revision checked out into a temporary
folder, removed at the end) before anything is written; the report's three
files go into ``diff/`` all or nothing (``playtest.output.publish``), so a
fault at any step leaves the folder as it was.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..files import Written
from .compare import Changes, compare
from .playtest import Played, PlaySettings, played
from .sides import Revisions, Side, checkout, read_side

FOLDER = "diff"
STEM = "diff"


@dataclass(frozen=True)
class Compared:
    """Two versions compared, and played (``played`` None when not asked for, or nothing changed)."""

    changes: Changes
    played: Played | None


@contextmanager
def sides(old: Path | None, new: Path, revisions: Revisions | None = None) -> Iterator[tuple[Side, Side]]:
    """The two versions, read: ``old`` and ``new`` folders, or ``new`` at two revisions (the new one
    None: ``new`` as it is now). A revision's copy lives in a temporary folder while the block runs."""
    if revisions is None:
        assert old is not None
        yield read_side(old, "old"), read_side(new, "new")
        return
    with tempfile.TemporaryDirectory(prefix="grawlix-diff-") as temporary:
        folder = Path(temporary)
        before = checkout(new, revisions.old, folder / "old")
        after = checkout(new, revisions.new, folder / "new") if revisions.new else new
        yield (read_side(before, "old", f"{revisions.old}:{new}"),
               read_side(after, "new", f"{revisions.new}:{new}" if revisions.new else str(new)))  # fmt: skip


def compared(old: Side, new: Side, settings: PlaySettings | None,
             on_progress: Callable[[int], None] | None = None) -> Compared:  # fmt: skip
    """What changed, then (if ``settings``) both versions played, unless nothing changed."""
    changes = compare(old, new)
    games = None
    if settings is not None and settings.games > 0 and not changes.empty:
        games = played(old.game, new.game, settings, on_progress)
    return Compared(changes, games)


def write_report(out: Path, found: Compared) -> list[Written]:
    """``diff.json``, ``diff.html`` and ``diff.pdf`` in ``out/diff/``, all or nothing."""
    from ..playtest.output import publish
    from .html import report_html
    from .pdf import report_pdf
    from .report import json_text, record

    files = {
        f"{STEM}.json": json_text(record(found.changes, found.played)).encode(),
        f"{STEM}.html": report_html(found.changes, found.played).encode(),
        f"{STEM}.pdf": report_pdf(found.changes, found.played),
    }
    kinds = {f"{STEM}.json": "changes (JSON)", f"{STEM}.html": "changes (web page)", f"{STEM}.pdf": "changes (PDF)"}
    return [Written(path, kinds[path.name]) for path in publish(out / FOLDER, files)]
