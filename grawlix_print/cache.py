"""A small on-disk cache for results that take long to make and never change for the same inputs.

Used for the proven facts (a search of seconds) and the web fonts' subsets.
Entries live in ``$GRAWLIX_PRINT_CACHE``, else ``$XDG_CACHE_HOME/grawlix-print``,
else ``~/.cache/grawlix-print``; each name carries a hash of everything the
entry depends on, so a stale entry is never read. A cache that cannot be read
or written is no error: the caller makes the result again.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from .errors import GrawlixError
from .files import write_bytes


def cache_folder() -> Path:
    explicit = os.environ.get("GRAWLIX_PRINT_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "grawlix-print"


def key_of(*parts: bytes | str) -> str:
    """A short hash of everything an entry depends on, for its name."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()[:20]


def read_cached(name: str) -> bytes | None:
    try:
        return (cache_folder() / name).read_bytes()
    except OSError:
        return None


def store(name: str, data: bytes) -> None:
    try:
        write_bytes(cache_folder() / name, data)
    except GrawlixError:  # files.write_bytes words every OSError as one; a cache may fail quietly
        pass
