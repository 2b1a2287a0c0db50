"""Freed memory kept for the next picture while many are made one after another (glibc's malloc).

Each face rendered for the images allocates the same few buffers of megabytes
(pdfium's bitmap, Pillow's images, the PNG's bytes) and frees them before
the next. glibc's malloc hands a buffer that large back to the kernel when it
is freed (each is a mapping of its own, or the top of the heap is trimmed),
so every face faulted its pages in again: 2,600 page faults a face in a
worker, 4 ms of the kernel's time of its 38 ms (500 cards on two workers:
1.3 million faults, 26,000 kept for reuse). ``kept_for_reuse`` asks
malloc to serve buffers of up to 32 MB from the heap and to keep up to 64 MB
free at its top; when the block ends, what is free goes back to the system
(``malloc_trim``). Where the C library is not glibc (macOS, musl) nothing is
changed: the same work, at the platform's own pace.
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
"""mallopt's parameters (glibc's malloc.h)."""
LARGEST_FROM_HEAP = 32 << 20
"""The largest buffer served from the heap: glibc's own ceiling for the threshold on 64-bit systems."""
KEPT_FREE = 64 << 20
"""Free memory the heap keeps at its top: a face's buffers several times over."""


def _glibc() -> Any:
    try:
        library = ctypes.CDLL(None)
        library.mallopt, library.malloc_trim  # glibc's: musl and macOS have neither
    except (OSError, AttributeError):
        return None
    return library


@contextmanager
def kept_for_reuse() -> Iterator[None]:
    """Freed buffers stay in this process's heap for reuse while the block runs (processes forked
    in it inherit this); after it, the heap's free memory is returned to the system. The
    thresholds stay set (malloc cannot say what they were); only what is free is given back."""
    library = _glibc()
    if library is not None:
        library.mallopt(M_MMAP_THRESHOLD, LARGEST_FROM_HEAP)
        library.mallopt(M_TRIM_THRESHOLD, KEPT_FREE)
    try:
        yield
    finally:
        if library is not None:
            library.malloc_trim(0)


__all__ = ["kept_for_reuse"]
