"""The one exception type that the CLI turns into a single line on stderr, and ``Problems``, several
of them found in one run, each its own line."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence


class StudioError(Exception):
    """A problem with the user's input, worded for the user.

    ``where`` names the file (and row/column or key) the problem is in, so every
    message reads ``where: what`` without a traceback.
    """

    def __init__(self, what: str, where: str | None = None) -> None:
        super().__init__(what, where)  # both in args, so it survives a worker process
        self.what = what
        self.where = where

    def __str__(self) -> str:
        return f"{self.where}: {self.what}" if self.where else self.what


def one_line(message: str) -> str:
    """The message on one line, whatever a file's name or value put in it: a control character
    or line break is shown escaped (``\\n``), never obeyed."""
    return "".join(
        c.encode("unicode_escape").decode("ascii") if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c
        for c in message
    )


class Consequence(StudioError):
    """A problem that only follows from one already reported (a claim about a position file
    that could not be read): counted out when problems are gathered, so each is said once."""


MOST_LINES = 20
"""Problems printed one a line; past these, a count of the rest."""


class Problems(StudioError):
    """Several independent problems found in one run, so the user fixes them all at once.

    ``problems`` holds each as its own ``StudioError`` (nested ones flattened,
    repeats dropped: two editions of one text find the same false claim). The
    command line prints each as its own line, then ``summary``.
    """

    def __init__(self, problems: Iterable[StudioError]) -> None:
        found: dict[tuple[str, str | None], StudioError] = {}
        for problem in _flattened(problems):
            found.setdefault((problem.what, problem.where), problem)
        self.problems = tuple(found.values())
        super().__init__(self.summary)
        self.args = (self.problems,)  # what a worker process sends back: the problems themselves

    @property
    def summary(self) -> str:
        """One line: how many problems, in how many files."""
        files = {_file_of(p.where) for p in self.problems if p.where}
        count = len(self.problems)
        return f"{count} problem{'s' if count != 1 else ''}" + (
            f" in {len(files)} file{'s' if len(files) != 1 else ''}" if files else ""
        )

    def lines(self, most: int = MOST_LINES) -> list[str]:
        """Each problem on its own line, at most ``most`` of them, then how many more and the
        summary (a problem alone is its one line). A fault of the machine that stops several steps
        at once (a full disk, a read-only folder: the same words at every file) is one line, the
        first file it hit and how many more; problems of the input stay one a line, every place."""
        machine: dict[str, int] = {}
        for problem in self.problems:
            if machine_fault(problem.what):
                machine[problem.what] = machine.get(problem.what, 0) + 1
        lines = []
        seen: set[str] = set()
        for problem in self.problems:
            if machine_fault(problem.what):
                if problem.what in seen:
                    continue
                seen.add(problem.what)
                more = machine[problem.what] - 1
                lines.append(f"{problem}" + (f" (and {more} more {'file' if more == 1 else 'files'})" if more else ""))
            else:
                lines.append(str(problem))
        if len(lines) == 1:
            return lines
        if len(lines) > most:
            lines = [*lines[:most], f"and {len(lines) - most} more"]
        return [*lines, self.summary]


MACHINE_FAULTS = (
    "no space left on the device", "read-only file system", "Permission denied", "Disk quota exceeded",
    "Input/output error", "Too many open files",
)  # fmt: skip
"""How ``files.os_error`` words a fault of the place a file is written or read, not of its content."""


def machine_fault(what: str) -> bool:
    """Whether ``what`` is a file-system fault (``cannot write: no space left on the device``):
    the same cause wherever it strikes."""
    return what.startswith("cannot ") and what.endswith(MACHINE_FAULTS)


def _flattened(problems: Iterable[StudioError]) -> Iterator[StudioError]:
    for problem in problems:
        if isinstance(problem, Problems):
            yield from problem.problems
        else:
            yield problem


def _file_of(where: str) -> str:
    """The file a ``where`` names, without its line and grid location (``a.toml:10: [0, 5]``)."""
    return re.sub(r"(:\d+)?(: \[-?\d+, -?\d+\])?$", "", where)


def gathered(problems: Sequence[StudioError]) -> None:
    """Raise the problems found, if any: one alone as itself, several as ``Problems``."""
    if len(problems) == 1 and not isinstance(problems[0], Problems):
        raise problems[0]
    if problems:
        raise Problems(problems)


GrawlixError = StudioError
"""The old name of ``StudioError`` (from when the studio had one game), kept for plug-ins written
against it."""
