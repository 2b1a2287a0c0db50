"""The one exception type that the CLI turns into a single line on stderr."""

from __future__ import annotations


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
