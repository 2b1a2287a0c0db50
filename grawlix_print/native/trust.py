"""What the compiled-engine cache trusts: only a library this user built, in a folder only they can change.

A compiled library is code: whoever can put a file where ``load`` looks runs
code in every later playtest (a shared library's constructor runs the moment
it is opened, before any check of what it does). So a library is opened only
when all of these hold, and never otherwise:

- its folder is the user's own, no symbolic link, writable by nobody else, and
  every folder above it belongs to the user or to root and is writable by
  nobody else (or is sticky, as ``/tmp`` is, where no one may move another's
  files);
- the library and its record (``NAME.so.record``, written by the step that
  built it) are regular files of the user's, writable by nobody else, no links;
- the record names the very file (its device, inode, size and change time,
  which no one can set by hand: a copied, restored or swapped file has others)
  and the sha256 of its bytes, which are hashed from the same open file that
  is then loaded (``/proc/self/fd``), so no swap between check and load.

A cache copied from elsewhere (a CI cache restored from an archive) therefore
builds afresh rather than trusting what it holds.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path

RECORD_SUFFIX = ".record"
MAX_LIBRARY_BYTES = 64 << 20
"""A game's engine is tens of kilobytes."""
_OTHERS_WRITE = stat.S_IWGRP | stat.S_IWOTH


def _user() -> int | None:
    """The user this process acts as (None where the system has no such notion)."""
    return os.geteuid() if hasattr(os, "geteuid") else None


def own_file_fault(found: os.stat_result, path: Path | str) -> str | None:
    """Why a file or folder of this status is not the user's alone (None when it is)."""
    user = _user()
    if user is not None and found.st_uid != user:
        return f"{path} belongs to another user (uid {found.st_uid})"
    if found.st_mode & _OTHERS_WRITE:
        return f"{path} is writable by others"
    return None


def folder_fault(folder: Path) -> str | None:
    """Why libraries in ``folder`` may not be trusted, or None when they may."""
    try:
        found = os.lstat(folder)
    except OSError as error:
        return f"{folder}: {error.strerror or error}"
    if stat.S_ISLNK(found.st_mode):
        return f"{folder} is a symbolic link"
    if not stat.S_ISDIR(found.st_mode):
        return f"{folder} is not a folder"
    fault = own_file_fault(found, folder)
    if fault:
        return fault
    user = _user()
    for above in _above(folder):
        try:
            parent = os.stat(above)
        except OSError as error:
            return f"{above}: {error.strerror or error}"
        if user is not None and parent.st_uid not in (0, user):
            return f"{above} belongs to another user (uid {parent.st_uid})"
        if parent.st_mode & _OTHERS_WRITE and not parent.st_mode & stat.S_ISVTX:
            return f"{above} is writable by others"
    return None


def _above(folder: Path) -> list[Path]:
    """Every folder above ``folder``, links followed (where it really is), nearest first."""
    real = Path(os.path.realpath(folder.parent))
    return [real, *real.parents]


def record_path(library: Path) -> Path:
    return library.with_name(library.name + RECORD_SUFFIX)


def _identity(found: os.stat_result) -> dict[str, int]:
    return {"device": found.st_dev, "inode": found.st_ino, "size": found.st_size, "changed": found.st_ctime_ns}


def record(library: Path, handle: int) -> str:
    """The record of the library open at ``handle`` (already at ``library``'s name): what ``opened`` checks."""
    return json.dumps({"library": library.name, **_identity(os.fstat(handle)), "sha256": _digest(handle)})


def _digest(handle: int) -> str:
    digest = hashlib.sha256()
    os.lseek(handle, 0, os.SEEK_SET)
    while chunk := os.read(handle, 1 << 20):
        digest.update(chunk)
    os.lseek(handle, 0, os.SEEK_SET)
    return digest.hexdigest()


NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def open_file(path: Path) -> int:
    """``path`` opened to read, never through a symbolic link and never waiting (a FIFO planted in
    its place would hold a plain open forever): OSError otherwise; the caller checks it is a file."""
    handle = os.open(path, os.O_RDONLY | NOFOLLOW | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0))
    os.set_blocking(handle, True)
    return handle


def opened(library: Path) -> tuple[int | None, str | None]:
    """The library opened, once checked against its record (and the reason when it is not trusted:
    None for a library that is simply not there)."""
    try:
        handle = open_file(library)
    except FileNotFoundError:
        return None, None
    except OSError as error:
        return None, f"{library} cannot be opened ({error.strerror or error}: a symbolic link?)"
    try:
        fault = _library_fault(library, handle)
    except OSError as error:
        fault = f"{library} cannot be read ({error.strerror or error})"
    if fault:
        os.close(handle)
        return None, fault
    return handle, None


def _library_fault(library: Path, handle: int) -> str | None:
    found = os.fstat(handle)
    if not stat.S_ISREG(found.st_mode):
        return f"{library} is not a regular file"
    fault = own_file_fault(found, library)
    if fault:
        return fault
    if found.st_size > MAX_LIBRARY_BYTES:
        return f"{library} is too large to be an engine"
    try:
        kept = _read_record(record_path(library))
    except (OSError, ValueError) as error:
        return f"{library} was not built here (its record: {getattr(error, 'strerror', None) or error})"
    if kept.get("library") != library.name or any(kept.get(k) != v for k, v in _identity(found).items()):
        return f"{library} is not the file its record names (copied, restored or replaced)"
    if kept.get("sha256") != _digest(handle):
        return f"{library} is not the file its record names (its bytes differ)"
    return None


def _read_record(path: Path) -> dict:
    handle = open_file(path)
    try:
        found = os.fstat(handle)
        if not stat.S_ISREG(found.st_mode):
            raise ValueError("not a regular file")
        fault = own_file_fault(found, path)
        if fault:
            raise ValueError(fault)
        data = os.read(handle, 4096)
    finally:
        os.close(handle)
    kept = json.loads(data)
    if not isinstance(kept, dict):
        raise ValueError("not a record")
    return kept


def loadable_name(library: Path, handle: int) -> str:
    """The name to give ``dlopen`` for the file open at ``handle``: that very file, not whatever
    ``library`` names by the time the loader looks (Linux: ``/proc/self/fd/N``)."""
    proc = Path(f"/proc/self/fd/{handle}")
    return str(proc) if proc.exists() else str(library)
