"""Writing output files so that a failure never leaves a truncated file in place."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """A temporary path beside ``path``; renamed onto it only if the block succeeds.

    An exception (or Ctrl-C) inside the block removes the temporary file and
    leaves whatever was at ``path`` before untouched.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    os.close(handle)
    temporary_path = Path(temporary)
    try:
        yield temporary_path
        os.chmod(temporary_path, 0o644)
        os.replace(temporary_path, path)
    finally:
        temporary_path.unlink(missing_ok=True)


def write_bytes(path: Path, data: bytes) -> Path:
    with atomic_path(path) as temporary:
        temporary.write_bytes(data)
    return path


def write_text(path: Path, text: str) -> Path:
    return write_bytes(path, text.encode("utf-8"))


@dataclass(frozen=True)
class Written:
    """One output file and what it is, for summaries and ``manifest.json``.

    ``params`` holds the options it was built with, JSON-serialisable.
    """

    path: Path
    kind: str
    params: dict = field(default_factory=dict)
