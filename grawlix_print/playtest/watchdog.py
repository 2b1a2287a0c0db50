"""Stopping a plug-in's call that never returns: a player or a rules method looping within one move.

A game played move by move (``checked``) counts its moves on a ``Watched``;
one daemon thread per process looks at every watched thread now and then, and
where one has made no move for ``seconds`` it raises ``MoveTimeout`` in that
thread (CPython's asynchronous exception: at the looping code's next bytecode),
whose traceback then names the line that was looping. A move costs one
increment; the thread wakes a few times per ``seconds``. Code in C (a compiled
engine) is not interrupted: it is not a plug-in's Python.

It works in any thread (the command's own, a process pool's worker, a Dask
worker's thread), which an alarm signal would not: signals reach the main
thread only.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


class MoveTimeout(BaseException):
    """Raised in a thread whose game made no move for too long (a BaseException, so a plug-in's own
    ``except Exception`` around its loop does not swallow it)."""


@dataclass
class Watched:
    """One thread's game under watch: ``moves`` counts up with every move."""

    seconds: float
    moves: int = 0
    seen: int = -1
    since: float = field(default_factory=time.monotonic)
    fired: bool = False


class _Watchdog:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.watched: dict[int, Watched] = {}
        self.pid = -1
        self.wake = threading.Event()

    def start(self) -> None:
        """The watching thread, once per process (a forked worker starts its own)."""
        if self.pid == os.getpid():
            return
        self.pid, self.watched = os.getpid(), {}
        threading.Thread(target=self._watch, name="grawlix-move-watchdog", daemon=True).start()

    def _watch(self) -> None:
        while True:
            with self.lock:
                pause = min((w.seconds for w in self.watched.values()), default=1.0) / 4
                now = time.monotonic()
                for ident, watched in self.watched.items():
                    if watched.moves != watched.seen:
                        watched.seen, watched.since = watched.moves, now
                    elif not watched.fired and now - watched.since >= watched.seconds:
                        watched.fired = _raise_in(ident, MoveTimeout)
            self.wake.wait(max(0.01, pause))
            self.wake.clear()


_DOG = _Watchdog()


def _forked() -> None:
    """In a forked worker: a lock of its own (the parent's watching thread may hold the inherited one)."""
    global _DOG
    _DOG = _Watchdog()


os.register_at_fork(after_in_child=_forked)


def _raise_in(ident: int, kind: type[BaseException] | None) -> bool:
    """Raise ``kind`` in thread ``ident`` at its next bytecode (None: take back one not yet raised)."""
    import ctypes

    if kind is None:
        call = ctypes.pythonapi.PyThreadState_SetAsyncExc
        return call(ctypes.c_ulong(ident), ctypes.c_void_p(None)) == 1
    return ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(kind)) == 1


@contextmanager
def watched(seconds: float | None) -> Iterator[Watched]:
    """This thread's moves under watch while the block runs (``seconds`` None: not watched)."""
    if seconds is None:
        yield Watched(float("inf"))
        return
    ident = threading.get_ident()
    watch = Watched(seconds)
    with _DOG.lock:
        _DOG.start()
        _DOG.watched[ident] = watch
    _DOG.wake.set()  # a shorter limit than the thread sleeps for: it looks again now
    try:
        yield watch
    finally:
        with _DOG.lock:
            _DOG.watched.pop(ident, None)
            if watch.fired:  # raised too late to stop anything: never let it land in what comes next
                _raise_in(ident, None)
