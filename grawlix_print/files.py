"""Reading and writing files so that every file-system fault is one GrawlixError naming the path.

Writes are atomic: a failure never leaves a truncated file in place. Reads
are bounded: an input file larger than its kind allows is refused before
it is read whole.
"""

from __future__ import annotations

import tomllib

import errno
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

from .errors import GrawlixError

# Errors whose system wording is unclear for a path a user gave.
_WORDS = {
    errno.ENOTDIR: "a file is in the way where a folder should be",
    errno.EISDIR: "is a folder, not a file",
    errno.ENAMETOOLONG: "file name too long",
    errno.ENOSPC: "no space left on the device",
    errno.EROFS: "read-only file system",
}


def os_error(error: OSError, doing: str | None = None, path: Path | str | None = None) -> GrawlixError:
    """A one-line error for an OSError: ``PATH: cannot DOING: why``.

    The path named is ``path`` when given (the file a user asked for, not a
    temporary name), else the file the system complained about.
    """
    why = _WORDS.get(error.errno) or error.strerror or str(error)
    where = path if path is not None else error.filename
    return GrawlixError(
        f"cannot {doing}: {why}" if doing else why, None if where is None else str(where)
    )


def make_folder(folder: Path) -> Path:
    """Create ``folder`` and its parents; a file in the way is a one-line error."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise GrawlixError(f"cannot write: {_WORDS[errno.ENOTDIR]}", str(folder)) from None
    except OSError as error:
        raise os_error(error, "write", folder) from None
    return folder


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """A temporary path beside ``path``; renamed onto it only if the block succeeds.

    An exception (or Ctrl-C) inside the block removes the temporary file and
    leaves whatever was at ``path`` before untouched. Any OSError, in here or
    in the block, becomes a GrawlixError naming ``path``.
    """
    make_folder(path.parent)
    try:
        # A short temporary name, so that a name near the length limit still fits.
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name[:32]}.", suffix=".part", dir=path.parent)
        os.close(handle)
    except OSError as error:
        raise os_error(error, "write", path) from None
    temporary_path = Path(temporary)
    try:
        yield temporary_path
        os.chmod(temporary_path, 0o644)
        os.replace(temporary_path, path)
    except OSError as error:
        if error.filename in (None, temporary, str(path)):
            raise os_error(error, "write", path) from None
        raise os_error(error, "open") from None  # another file the block used, e.g. a font
    finally:
        with suppress(OSError):
            temporary_path.unlink(missing_ok=True)


def write_bytes(path: Path, data: bytes) -> Path:
    with atomic_path(path) as temporary:
        temporary.write_bytes(data)
    return path


def write_text(path: Path, text: str) -> Path:
    return write_bytes(path, text.encode("utf-8"))


def read_bytes(path: Path, limit: int) -> bytes:
    """A file's bytes, refused when over ``limit`` bytes; reads at most ``limit + 1``."""
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as error:
        raise os_error(error, "read", path) from None
    if len(data) > limit:
        raise GrawlixError(f"file too large: more than {limit:,} bytes", str(path))
    return data


def read_text(path: Path, limit: int) -> str:
    """A UTF-8 text file of at most ``limit`` bytes, newlines as ``\n``; anything else is a one-line error."""
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as error:
        raise GrawlixError(f"cannot read: not UTF-8 text (byte {error.start})", str(path)) from None


@dataclass(frozen=True)
class Written:
    """One output file and what it is, for summaries and ``manifest.json``.

    ``params`` holds the options it was built with, JSON-serialisable.
    """

    path: Path
    kind: str
    params: dict = field(default_factory=dict)


# --- the templates: a designer's text and TOML files ---------------------------------------

MAX_TEMPLATE_BYTES = 1 << 20  # the leaflet text is about 10 kB


def read_template(path: Path) -> str:
    """A template file's text; an unreadable, huge or non-UTF-8 file is a one-line error."""
    return read_text(path, MAX_TEMPLATE_BYTES)


def parse_toml(text: str, where: str) -> dict:
    """TOML text as a table; a syntax error, a huge integer or deep nesting is one line naming ``where``."""
    try:
        return tomllib.loads(text)
    except (ValueError, RecursionError) as error:  # TOMLDecodeError, a huge integer, deep nesting
        reason = "nested too deeply" if isinstance(error, RecursionError) else error
        raise GrawlixError(f"malformed TOML: {reason}", where) from None


def read_toml(path: Path) -> dict:
    """A TOML template file as a table; malformed TOML is a one-line error naming the file."""
    return parse_toml(read_template(path), str(path))
