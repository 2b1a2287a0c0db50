"""Reading and writing files so that every file-system fault is one StudioError naming the path.

Writes are atomic: a failure never leaves a truncated file in place. Reads
are bounded: an input file larger than its kind allows is refused before
it is read whole.
"""

from __future__ import annotations

import tomllib

import errno
import os
import re
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

from .errors import StudioError

# Errors whose system wording is unclear for a path a user gave.
_WORDS = {
    errno.ENOTDIR: "a file is in the way where a folder should be",
    errno.EISDIR: "is a folder, not a file",
    errno.ENAMETOOLONG: "file name too long",
    errno.ENOSPC: "no space left on the device",
    errno.EROFS: "read-only file system",
}


def os_error(error: OSError, doing: str | None = None, path: Path | str | None = None) -> StudioError:
    """A one-line error for an OSError: ``PATH: cannot DOING: why``.

    The path named is ``path`` when given (the file a user asked for, not a
    temporary name), else the file the system complained about.
    """
    why = (_WORDS.get(error.errno) if error.errno is not None else None) or error.strerror or str(error)
    where = path if path is not None else error.filename
    return StudioError(
        f"cannot {doing}: {why}" if doing else why, None if where is None else str(where)
    )


def make_folder(folder: Path) -> Path:
    """Create ``folder`` and its parents; a file in the way is a one-line error."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise StudioError(f"cannot write: {_WORDS[errno.ENOTDIR]}", str(folder)) from None
    except OSError as error:
        raise os_error(error, "write", folder) from None
    return folder


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """A temporary path beside ``path``; renamed onto it only if the block succeeds.

    An exception (or Ctrl-C) inside the block removes the temporary file and
    leaves whatever was at ``path`` before untouched. Any OSError, in here or
    in the block, becomes a StudioError naming ``path``. The temporary name
    is known before the file is made, so a Ctrl-C at any moment after that
    still finds it to remove.
    """
    make_folder(path.parent)
    temporary: Path | None = None
    try:
        for _ in range(100):
            # A short hidden name, so that a name near the length limit still fits.
            temporary = path.with_name(f".{path.name[:32]}.{secrets.token_hex(4)}.part")
            try:
                os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600))
                break
            except FileExistsError:
                temporary = None  # someone else's: not ours to remove
        else:
            raise StudioError("cannot write: no free temporary name beside it", str(path))
        yield temporary
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except OSError as error:
        if error.filename in (None, str(temporary), str(path)):
            raise os_error(error, "write", path) from None
        raise os_error(error, "open") from None  # another file the block used, e.g. a font
    finally:
        if temporary is not None:
            with suppress(OSError):
                temporary.unlink(missing_ok=True)


def write_bytes(path: Path, data: bytes) -> Path:
    with atomic_path(path) as temporary:
        temporary.write_bytes(data)
    return path


def write_text(path: Path, text: str) -> Path:
    return write_bytes(path, text.encode("utf-8"))


def read_bytes(path: Path, limit: int) -> bytes:
    """A regular file's bytes, refused when over ``limit`` bytes; reads at most ``limit + 1``.

    Only a regular file is read: a folder, a FIFO or a device in its place is a
    one-line error, never a read that blocks or never ends (the open does not
    wait for a FIFO's writer).
    """
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        raise os_error(error, "read", path) from None
    try:
        kind = os.fstat(handle).st_mode
        if stat.S_ISDIR(kind):
            raise StudioError(f"cannot read: {_WORDS[errno.EISDIR]}", str(path))
        if not stat.S_ISREG(kind):
            raise StudioError(f"cannot read: {_special_kind(kind)}, not a regular file", str(path))
        os.set_blocking(handle, True)
        with os.fdopen(handle, "rb", closefd=False) as stream:
            data = stream.read(limit + 1)
    except OSError as error:
        raise os_error(error, "read", path) from None
    finally:
        os.close(handle)
    if len(data) > limit:
        raise StudioError(f"file too large: more than {limit:,} bytes", str(path))
    return data


def present(path: Path) -> bool:
    """Whether anything is at ``path``, a FIFO or a device too: "no such file" is said only where
    nothing is; what is there but no regular file is ``read_bytes``'s one line, never a read."""
    return os.path.exists(path)


def _special_kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device"


BYTE_ORDER_MARK = "\ufeff"


def read_text(path: Path, limit: int) -> str:
    """A UTF-8 text file of at most ``limit`` bytes, newlines as ``\n``; anything else is a one-line error.

    A byte-order mark at the start (some Windows editors write one) is dropped:
    it is not part of the text, and TOML or Markdown would read it as a character.
    """
    data = read_bytes(path, limit)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise StudioError(f"cannot read: not UTF-8 text (byte {error.start})", str(path)) from None
    return text.removeprefix(BYTE_ORDER_MARK).replace("\r\n", "\n").replace("\r", "\n")


def slug(text: str, empty: str = "pieces") -> str:
    """``Snarl & Co.`` is ``snarl-co``: a title or a name as part of a file's name (``empty`` for a text
    with no letter or digit)."""
    return "-".join("".join(c if c.isalnum() else " " for c in text.lower()).split()) or empty


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


def parse_toml(text: str, where: str, first_line: int = 1) -> dict:
    """TOML text as a table; a syntax error, a huge integer or deep nesting is one line naming ``where``.

    ``first_line`` is the line of the file ``text`` starts on (front matter below a
    ``+++`` line starts on 2), so the line an error names is the file's own.
    """
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise StudioError("malformed TOML: nested too deeply", where) from None
    except ValueError as error:  # TOMLDecodeError, a huge integer
        reason = _TOML_LINE.sub(
            lambda found: f"(at line {int(found[1]) + first_line - 1}, column {found[2]})", str(error)
        )
        raise StudioError(f"malformed TOML: {reason}", where) from None


_TOML_LINE = re.compile(r"\(at line (\d+), column (\d+)\)")


def read_toml(path: Path) -> dict:
    """A TOML template file as a table; malformed TOML is a one-line error naming the file."""
    return parse_toml(read_template(path), str(path))


# --- the build's date --------------------------------------------------------------------------

LATEST_EPOCH = 253402300799  # 9999-12-31 23:59:59 UTC: a PDF date has four digits for the year


def check_source_date_epoch() -> int | None:
    """``SOURCE_DATE_EPOCH``, the date reproducible builds stamp files with, if it is set; refused unless usable.

    The PDF library dates every PDF by it and fails with a traceback on
    anything but a whole number: it is checked here first, and a bad value is
    one line (the reproducible-builds rule: a malformed value stops the build).
    Unset or empty means none: the files carry a fixed date.
    """
    text = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 12 or int(text) > LATEST_EPOCH:
        raise StudioError(
            f"{text[:40]!r} is not a date: it must be a whole number of seconds since 1970-01-01 UTC "
            f"(as `date +%s` prints), at most {LATEST_EPOCH}",
            "SOURCE_DATE_EPOCH",
        )
    return int(text)
