"""Compiled engines: a game's C file built by the machine's C compiler on first use, loaded with ctypes.

A game may play its many playtest games in C (``games/grawlix/fastplay.c``,
``games/permutations/fastplay.c``) beside its pure-Python engine, which stays
the reference. ``load(source)`` gives the library built from a C file, or
None where there is none to be had (no C compiler, a build that fails,
``GRAWLIX_PRINT_NATIVE=off``): the game then plays the same games in Python,
more slowly. Nothing else changes: the figures are the same either way.

Why built here rather than at install time: the package stays one wheel for
every platform (hatchling builds no extensions without a custom hook), an
editable install and a Dask worker get it too, ctypes needs no Python headers,
only a C compiler, and where there is none the Python path answers. A library
is built once per machine into the user's cache (``cache.cache_folder()``,
``native/``), under a name that hashes its source, the compiler and the flags,
so an edited source or another compiler builds again and never loads a stale one.

Random numbers: C code draws from Python's own generator. ``carried(rng)``
hands a ``random.Random``'s state (CPython's Mersenne Twister: 624 words and an
index) to C as an ``mt_state`` (``mt19937.h``) and sets the generator to the
state C leaves, so a batch played in C draws exactly the numbers Python would
have drawn. Each library is checked against Python's generator when loaded,
and is not used if the two disagree.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import platform
import random
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading
from array import array
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

HERE = Path(__file__).parent
HEADERS = ("mt19937.h", "speed.h")
SWITCH = "GRAWLIX_PRINT_NATIVE"
"""``GRAWLIX_PRINT_NATIVE=off`` plays everything in Python (the tests compare the two paths)."""
FLAGS = ("-O2", "-std=gnu11", "-shared", "-fPIC", "-ffp-contract=off", "-fno-strict-aliasing")
"""No fast-math and no fused multiply-adds: a compiled engine computes every float as Python does."""
BUILD_SECONDS = 120

_lock = threading.Lock()
_loaded: dict[Path, ctypes.CDLL | None] = {}
_why: dict[Path, str] = {}
_scratch: list[Path] = []


def _word_type() -> str:
    for code in ("I", "L"):
        if array(code).itemsize == 4:
            return code
    raise RuntimeError("no 32-bit unsigned array type")


WORD = _word_type()


def enabled() -> bool:
    return os.environ.get(SWITCH, "").strip().lower() not in ("off", "0", "no", "false")


def load(source: Path) -> ctypes.CDLL | None:
    """The library built from the C file ``source``, or None (``why_not`` says why)."""
    source = Path(source)
    if not enabled():
        _why[source] = f"turned off ({SWITCH}=off)"
        return None
    with _lock:
        if source not in _loaded:
            library, why = _build_and_load(source)
            _loaded[source] = library
            if why:
                _why[source] = why
        return _loaded[source]


def why_not(source: Path) -> str | None:
    """Why ``load(source)`` gave no library (None when it gave one or was not asked)."""
    return _why.get(Path(source))


def status(source: Path) -> str:
    """``compiled`` or ``pure Python (why)``: which path plays, for reports and benchmarks."""
    return "compiled" if load(source) is not None else f"pure Python ({why_not(source)})"


def _compiler() -> list[str] | None:
    import shlex

    for found in (os.environ.get("CC"), sysconfig.get_config_var("CC"), "cc", "gcc", "clang"):
        if not found:
            continue
        words = shlex.split(found)
        if words and shutil.which(words[0]):
            return [shutil.which(words[0]) or words[0], *words[1:]]
    return None


def _folder() -> Path:
    from ..cache import cache_folder

    base = cache_folder()
    if base is not None:
        folder = base / "native"
        with suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
            if os.access(folder, os.W_OK):
                return folder
    if not _scratch:  # no cache to keep it in: a private folder for this process
        _scratch.append(Path(tempfile.mkdtemp(prefix="grawlix-native-")))
        import atexit

        atexit.register(shutil.rmtree, _scratch[0], True)
    return _scratch[0]


def _build_and_load(source: Path) -> tuple[ctypes.CDLL | None, str | None]:
    compiler = _compiler()
    if compiler is None:
        return None, "no C compiler found (set CC to use one)"
    try:
        code = source.read_bytes()
        headers = [(HERE / name).read_bytes() for name in HEADERS]
        tool = os.stat(compiler[0])
    except OSError as error:
        return None, f"cannot read the engine's source: {error.strerror or error}"
    digest = hashlib.sha256()
    for part in (code, *headers, " ".join(compiler).encode(), f"{tool.st_size}:{tool.st_mtime_ns}".encode(),
                 " ".join(FLAGS).encode(), sys.platform.encode(), platform.machine().encode()):  # fmt: skip
        digest.update(part)
        digest.update(b"\0")
    suffix = ".dll" if sys.platform == "win32" else ".so"
    target = _folder() / f"{source.stem}-{digest.hexdigest()[:20]}{suffix}"
    if not target.is_file():
        why = _compile(compiler, source, target)
        if why:
            return None, why
    try:
        library = ctypes.CDLL(str(target))
    except OSError as error:
        return None, f"cannot load the compiled engine: {error}"
    if not _draws_as_python(library):
        return None, "its random numbers differ from this Python's generator"
    return library, None


def _compile(compiler: list[str], source: Path, target: Path) -> str | None:
    """Build ``target`` from ``source``; written under a temporary name and renamed, so a library
    is whole or absent, and two processes building at once both succeed."""
    partial = target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}.part")
    command = [*compiler, *FLAGS, "-I", str(HERE), str(source), "-o", str(partial)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=BUILD_SECONDS, check=False)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            return f"the C compiler failed: {last}"
        os.replace(partial, target)
    except (OSError, subprocess.SubprocessError) as error:
        return f"the C compiler could not run: {error}"
    finally:
        with suppress(OSError):
            partial.unlink()
    return None


def _draws_as_python(library: ctypes.CDLL) -> bool:
    """Whether the library's generator gives Python's numbers (across a refill of its words)."""
    if not hasattr(library, "mt_words"):
        return False
    seed = "grawlix-print: the same numbers"
    fresh = random.Random(seed)
    expected = [fresh.getrandbits(32) for _ in range(1301)]
    rng = random.Random(seed)
    found = (ctypes.c_uint32 * 1300)()
    with carried(rng) as state:
        library.mt_words(state, found, 1300)
    return list(found) == expected[:1300] and rng.getrandbits(32) == expected[1300]


@contextmanager
def carried(rng: random.Random) -> Iterator[ctypes.c_void_p]:
    """A pointer to ``rng``'s state as C's ``mt_state``; on leaving, ``rng`` continues from where C left it."""
    version, internal, gauss = rng.getstate()
    words = array(WORD, internal)
    address, _ = words.buffer_info()
    yield ctypes.c_void_p(address)
    rng.setstate((version, tuple(words), gauss))


def pointer(data) -> ctypes.c_void_p:
    """The address of a numpy array's data (C-contiguous), for a ctypes call."""
    return ctypes.c_void_p(data.ctypes.data)
