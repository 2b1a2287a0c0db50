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
A compiler gets ``BUILD_SECONDS``; ``$CC`` is used as given or said to be unusable.

What is loaded: only a library this user built, in a folder only they can change,
that is the very file its record names (``trust``: the checks come before the
library is opened, since opening it runs its code). A cache folder that fails
them is noted once and not used: the library is built afresh in a private
folder of the process's (``status`` says so).

Random numbers: C code draws from Python's own generator. ``carried(rng)``
hands a ``random.Random``'s state (CPython's Mersenne Twister: 624 words and an
index) to C as an ``mt_state`` (``mt19937.h``) and sets the generator to the
state C leaves, so a batch played in C draws exactly the numbers Python would
have drawn. Each library is checked against Python's generator once loaded,
and is not used if the two disagree.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import platform
import random
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from array import array
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from . import trust

HERE = Path(__file__).parent
HEADERS = ("mt19937.h", "speed.h")
SWITCH = "GRAWLIX_PRINT_NATIVE"
"""``GRAWLIX_PRINT_NATIVE=off`` plays everything in Python (the tests compare the two paths)."""
FLAGS = ("-O2", "-std=gnu11", "-shared", "-fPIC", "-ffp-contract=off", "-fno-strict-aliasing")
"""No fast-math and no fused multiply-adds: a compiled engine computes every float as Python does."""
BUILD_SECONDS = 10.0
"""A build takes 1-2 s here: a compiler that hangs is ended after this, and the games play in Python."""

OFF, NO_COMPILER, BUILD_FAILED, CHECK_FAILED = "turned off", "no compiler", "build failed", "check failed"
"""Why a compiled engine is not used, by kind (``cause``): the note that says so words what it costs."""

_lock = threading.Lock()
_loaded: dict[Path, ctypes.CDLL | None] = {}
_why: dict[Path, str] = {}
_causes: dict[Path, str] = {}
_refused: dict[str, str] = {}
_kept: list[int] = []
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
        _why[source], _causes[source] = f"turned off ({SWITCH}=off)", OFF
        return None
    with _lock:
        if source not in _loaded:
            library, cause, why = _build_and_load(source)
            _loaded[source] = library
            if cause and why:
                _why[source], _causes[source] = why, cause
            else:  # built after all: what was said of an earlier try no longer holds
                _why.pop(source, None)
                _causes.pop(source, None)
        return _loaded[source]


def why_not(source: Path) -> str | None:
    """Why ``load(source)`` gave no library (None when it gave one or was not asked)."""
    return _why.get(Path(source))


def cause(source: Path) -> str | None:
    """What kind of reason ``why_not`` is: ``OFF``, ``NO_COMPILER``, ``BUILD_FAILED`` or ``CHECK_FAILED``."""
    return _causes.get(Path(source))


def status(source: Path) -> str:
    """Which path plays, for notes, reports and benchmarks: ``compiled``; ``compiled, in a private
    folder (refused: WHY)`` when the cache could not be trusted; or ``pure Python (WHY)``.

    Starts with ``compiled`` exactly when the compiled engine plays."""
    if load(source) is None:
        return f"pure Python ({why_not(source)})"
    refused = _refused.get("folder")
    return f"compiled, in a private folder (refused: {refused})" if refused else "compiled"


def _compiler() -> tuple[list[str] | None, str | None]:
    """The C compiler as a command (``$CC`` if set, else Python's own, ``cc``, ``gcc``, ``clang``), or
    None and why: a ``CC`` that cannot be read or names no program is said, never passed over."""
    import shlex

    given = os.environ.get("CC", "").strip()
    candidates = [given] if given else [sysconfig.get_config_var("CC") or "", "cc", "gcc", "clang"]
    for found in candidates:
        try:
            words = shlex.split(found)
        except ValueError as error:
            if given:
                return None, f"CC={given!r} cannot be read as a command ({error})"
            continue
        program = shutil.which(words[0]) if words else None
        if program:
            return [program, *words[1:]], None
        if given:
            return None, f"CC={given!r} names no program found here"
    return None, "no C compiler found (set CC to use one)"


def _folder() -> Path | None:
    """Where libraries are kept: the cache's ``native/`` folder when it can be trusted (``trust``),
    else a private folder of this process's (the refusal noted once), else None."""
    from ..cache import cache_folder

    if "folder" not in _refused:
        base = cache_folder()
        if base is not None:
            folder = base / "native"
            with suppress(OSError):
                for missing in reversed([f for f in (folder, *folder.parents) if not os.path.lexists(f)]):
                    missing.mkdir(mode=0o700)  # the user's alone, whatever the umask
            fault = trust.folder_fault(folder)
            if fault is None and os.access(folder, os.W_OK):
                return folder
            if fault is not None:
                _refused["folder"] = fault
                _tell(f"the compiled engines' cache is not used: {fault} (built in a private folder instead)")
    if not _scratch:  # no cache to keep it in: a private folder for this process
        _scratch.append(Path(tempfile.mkdtemp(prefix="grawlix-native-")))
        import atexit

        atexit.register(shutil.rmtree, _scratch[0], True)
    return _scratch[0] if trust.folder_fault(_scratch[0]) is None else None


def _tell(text: str) -> None:
    """A note, once, from the process the user watches: a playtest's workers say nothing (their
    parent says it), a kit step's worker passes it to the kit."""
    import multiprocessing

    from .. import notes

    if multiprocessing.parent_process() is None or notes.collecting():
        notes.note(text)


def _build_and_load(source: Path) -> tuple[ctypes.CDLL | None, str | None, str | None]:
    """The library, or None with the kind of reason (``cause``) and its words."""
    compiler, why = _compiler()
    if compiler is None:
        return None, NO_COMPILER, why
    try:
        code = source.read_bytes()
        headers = [(HERE / name).read_bytes() for name in HEADERS]
        tool = os.stat(compiler[0])
    except OSError as error:
        return None, BUILD_FAILED, f"cannot read the engine's source: {error.strerror or error}"
    digest = hashlib.sha256(trust.RECORD_SUFFIX.encode())  # libraries kept before records: not looked at
    for part in (code, *headers, " ".join(compiler).encode(), f"{tool.st_size}:{tool.st_mtime_ns}".encode(),
                 " ".join(FLAGS).encode(), sys.platform.encode(), platform.machine().encode()):  # fmt: skip
        digest.update(part)
        digest.update(b"\0")
    folder = _folder()
    if folder is None:
        return None, BUILD_FAILED, f"refused: {_refused.get('folder')}, and no private folder to build in"
    suffix = ".dll" if sys.platform == "win32" else ".so"
    target = folder / f"{source.stem}-{digest.hexdigest()[:20]}{suffix}"
    with _building(target) as locked:
        if not locked:
            return None, BUILD_FAILED, f"another process has been building {target.name} for over {BUILD_SECONDS:g} s"
        handle, fault = trust.opened(target)
        if handle is None:
            if fault is not None:
                _tell(f"{fault}: not loaded, built again")
            handle, why = _compile(compiler, source, target)
            if handle is None:
                return None, BUILD_FAILED, why
    try:
        library = ctypes.CDLL(trust.loadable_name(target, handle))
    except OSError as error:
        os.close(handle)
        return None, BUILD_FAILED, f"cannot load the compiled engine: {error}"
    _kept.append(handle)  # open for good: the loader knows a library by its name, /proc/self/fd/N
    if not _draws_as_python(library):
        return None, CHECK_FAILED, "its random numbers differ from this Python's generator"
    return library, None, None


@contextmanager
def _building(target: Path) -> Iterator[bool]:
    """Held while ``target`` is checked and built: a second process (a playtest's other worker)
    waits for the first's library rather than build its own; False when the wait is too long."""
    try:
        import fcntl
    except ImportError:  # no advisory locks (Windows): each process checks and builds alone
        yield True
        return
    try:
        handle = os.open(target.with_name(f".{target.name}.lock"), os.O_RDWR | os.O_CREAT | trust.NOFOLLOW, 0o600)
    except OSError:
        yield True
        return
    try:
        deadline = time.monotonic() + BUILD_SECONDS + 5
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    yield False
                    return
                time.sleep(0.05)
            except OSError:  # a file system without locks
                break
        yield True
    finally:
        os.close(handle)


def _compile(compiler: list[str], source: Path, target: Path) -> tuple[int | None, str | None]:
    """Build ``target`` from ``source`` and record it (``trust``): the library open, or None and why.

    Written under a temporary name and renamed, so a library is whole or absent. The compiler gets
    ``BUILD_SECONDS``, then it and everything it started are ended: the games play in Python."""
    partial = target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}.part")
    command = [*compiler, *FLAGS, "-I", str(HERE), str(source), "-o", str(partial)]
    try:
        code, message = _run(command)
        if code is None:
            return None, f"the C compiler ({compiler[0]}) did not finish within {BUILD_SECONDS:g} s"
        if code != 0:
            last = (message.strip().splitlines() or ["no message"])[-1]
            return None, f"the C compiler failed: {last}"
        handle = trust.open_file(partial)
        try:
            os.fchmod(handle, 0o700)  # whatever the umask: the user's alone, as the folder is
            os.replace(partial, target)
            from ..errors import StudioError
            from ..files import write_text

            write_text(trust.record_path(target), trust.record(target, handle))
        except (OSError, StudioError) as error:
            os.close(handle)
            return None, f"cannot keep the compiled engine: {error}"
        return handle, None
    except OSError as error:
        return None, f"the C compiler could not run: {error.strerror or error}"
    finally:
        with suppress(OSError):
            partial.unlink()


def _run(command: list[str]) -> tuple[int | None, str]:
    """Run ``command`` for at most ``BUILD_SECONDS``: its exit status (None when it was ended) and
    its messages. It runs in a session of its own, so a compiler's own children end with it too."""
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, start_new_session=True)  # fmt: skip
    try:
        _, message = process.communicate(timeout=BUILD_SECONDS)
        return process.returncode, message.decode(errors="replace")
    except subprocess.TimeoutExpired:
        with suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
        with suppress(subprocess.TimeoutExpired):
            process.communicate(timeout=1)
        if process.stderr is not None:
            process.stderr.close()
        process.kill()
        process.wait()
        return None, ""


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
    """The address of a numpy array's data (C-contiguous) or of an ``array.array``'s, for a ctypes call."""
    if isinstance(data, array):
        return ctypes.c_void_p(data.buffer_info()[0])
    return ctypes.c_void_p(data.ctypes.data)
