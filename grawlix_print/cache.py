"""A small on-disk cache for results that take long to make and never change for the same inputs.

Used for the proven facts (a search of seconds) and the web fonts' subsets.
Entries live in ``$GRAWLIX_PRINT_CACHE``, else ``$XDG_CACHE_HOME/grawlix-print``,
else ``~/.cache/grawlix-print``; each name carries a hash of everything the
entry depends on, so a stale entry is never read. A cache that cannot be read
or written is no error: the caller makes the result again. Each entry ends in
the sha256 of its bytes, so a damaged one (a full disk, an edit by hand) is
made again rather than built into a kit.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from functools import cache
from pathlib import Path

from .errors import StudioError
from .files import read_bytes, write_bytes

MAX_ENTRY_BYTES = 64 << 20  # a font subset is tens of kilobytes, the proof a few
_CHECK = hashlib.sha256().digest_size


def cache_folder() -> Path | None:
    """Where entries live; None when there is nowhere sensible (no home folder, a relative one)."""
    explicit = os.environ.get("GRAWLIX_PRINT_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME")
    if base and os.path.isabs(base):  # the XDG rule: a relative value is ignored
        return Path(base) / "grawlix-print"
    home = os.environ.get("HOME")
    if home is None:
        home = os.path.expanduser("~")  # from the password database; "~" itself if it has no entry
    # An empty or relative HOME is no home: never a ".cache" or "~" folder made wherever one stands.
    return Path(home) / ".cache" / "grawlix-print" if os.path.isabs(home) else None


def key_of(*parts: bytes | str) -> str:
    """A short hash of everything an entry depends on, for its name."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()[:20]


def read_cached(name: str) -> bytes | None:
    """The entry's bytes, or None if it is missing, unreadable or damaged."""
    folder = cache_folder()
    if folder is None:
        return None
    try:
        stored = read_bytes(folder / name, MAX_ENTRY_BYTES + _CHECK)  # a FIFO or a folder is refused
    except StudioError:
        return None
    data, check = stored[:-_CHECK], stored[-_CHECK:]
    return data if len(stored) >= _CHECK and hashlib.sha256(data).digest() == check else None


def store(name: str, data: bytes) -> None:
    """Keep ``data`` as entry ``name``, if the cache can be written; quietly not otherwise."""
    folder = cache_folder()
    if folder is None or len(data) > MAX_ENTRY_BYTES:
        return
    try:
        write_bytes(folder / name, data + hashlib.sha256(data).digest())
    except StudioError:  # files.write_bytes words every OSError as one; a cache may fail quietly
        pass


CODE_SUFFIXES = frozenset({".py", ".ttf", ".otf", ".toml", ".json", ".md", ".txt", ".svg", ".png", ".c", ".h"})
"""What a package's behaviour can depend on: its code and the data it ships (typefaces, tables, text)."""


def code_digest(*modules: str) -> str:
    """A hash of the code and data of the installed packages that hold ``modules`` (whole top-level
    packages: ``grawlix_print``, a plug-in's ``mygame``), with this package's version.

    One identity for everything cached across runs (the kit's steps, the proof, quoted playtest
    figures): a change anywhere in a game's own package, this package or a product's
    plug-in makes the results depend on the new code, never on a hand-kept list of modules.
    """
    from . import __version__

    digest = hashlib.sha256(f"grawlix-print {__version__}\0".encode())
    for top in sorted({module.split(".")[0] for module in modules if module}):
        digest.update(f"{top}\0{_package_digest(top)}\0".encode())
    return digest.hexdigest()


@cache
def _package_digest(top: str) -> str:
    """The digest of one top-level package's files (read once per process)."""
    digest = hashlib.sha256()
    for path, name in _package_files(top):
        digest.update(name.encode() + b"\0")
        try:
            digest.update(path.read_bytes())
        except OSError as error:
            from .files import os_error

            raise os_error(error, "read", path) from None
        digest.update(b"\0")
    return digest.hexdigest()


def _package_files(top: str) -> list[tuple[Path, str]]:
    """(path, name below the package) of every code or data file of package ``top``, sorted."""
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        spec = None
    if spec is None:
        return []
    if spec.submodule_search_locations:
        found = []
        for root in map(Path, spec.submodule_search_locations):
            for folder, folders, names in os.walk(root):
                folders[:] = sorted(f for f in folders if f != "__pycache__" and not f.startswith("."))
                for name in names:
                    path = Path(folder) / name
                    if path.suffix in CODE_SUFFIXES and path.is_file():
                        found.append((path, path.relative_to(root).as_posix()))
        return sorted(found, key=lambda item: item[1])
    origin = Path(spec.origin) if spec.origin and spec.origin not in ("built-in", "frozen") else None
    return [(origin, origin.name)] if origin is not None and origin.is_file() else []
