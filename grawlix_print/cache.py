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
import json
import os
import time
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


RACY_NS = 2_000_000_000
"""A file changed this lately is read again next time: another change within the file system's clock
tick would leave the same size and time (git's "racily clean" files)."""


@cache
def _package_digest(top: str) -> str:
    """The digest of one top-level package's files (once per process), from each file's own digest.

    A file is read only when its size, time or inode differ from what the last run kept
    (``package-files-*`` in the cache): reading and hashing this package's 2.7 MB was 10 ms of
    every build, a look at each file's stamp is one.
    """
    files = _package_files(top)
    name = "package-files-" + key_of(top, *sorted({str(path)[: -len(name)] for path, name, _ in files}))
    known = _kept_digests(name)
    now = time.time_ns()
    digest = hashlib.sha256()
    kept: dict[str, list] = {}
    for path, below, stamp in files:
        signature = [stamp.st_size, stamp.st_mtime_ns, stamp.st_ino]
        entry = known.get(below)
        if entry is not None and entry[:3] == signature:
            file_digest = entry[3]
        else:
            try:
                file_digest = hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError as error:
                from .files import os_error

                raise os_error(error, "read", path) from None
        if now - stamp.st_mtime_ns > RACY_NS:
            kept[below] = [*signature, file_digest]
        digest.update(f"{below}\0{file_digest}\0".encode())
    if kept != known:
        store(name, json.dumps(kept, sort_keys=True).encode())
    return digest.hexdigest()


def _kept_digests(name: str) -> dict[str, list]:
    """What the last run kept of a package's files: name -> [size, time, inode, digest]."""
    data = read_cached(name)
    try:
        found = json.loads(data) if data is not None else {}
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def _package_files(top: str) -> list[tuple[Path, str, os.stat_result]]:
    """(path, name below the package, its stat) of every code or data file of package ``top``,
    sorted by name."""
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        spec = None
    if spec is None:
        return []
    if spec.submodule_search_locations:
        found: list[tuple[Path, str, os.stat_result]] = []
        for root in spec.submodule_search_locations:
            found += _files_below(root, "")
        return sorted(found, key=lambda item: item[1])
    origin = spec.origin if spec.origin and spec.origin not in ("built-in", "frozen") else None
    if origin is None or not os.path.isfile(origin):
        return []
    return [(Path(origin), os.path.basename(origin), os.stat(origin))]


def _files_below(folder: str, below: str) -> list[tuple[Path, str, os.stat_result]]:
    found = []
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:  # as os.walk: a folder that cannot be listed holds nothing
        return []
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            if entry.name != "__pycache__" and not entry.name.startswith("."):
                found += _files_below(entry.path, f"{below}{entry.name}/")
        elif os.path.splitext(entry.name)[1] in CODE_SUFFIXES and entry.is_file():
            found.append((Path(entry.path), below + entry.name, entry.stat()))
    return found
