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
        summary (a problem alone is its one line)."""
        shown = [str(p) for p in self.problems[:most]]
        if len(self.problems) > most:
            shown.append(f"and {len(self.problems) - most} more")
        return [*shown, self.summary] if len(self.problems) > 1 else shown


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
