"""The one exception type that the CLI turns into a single line on stderr."""

from __future__ import annotations

import unicodedata


class GrawlixError(Exception):
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
