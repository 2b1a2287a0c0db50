"""Each face of a set rendered in turn, over the cores, and let go as soon as its files are made.

A face at 300 dpi with its margin is 3-4 MB of pixels (a poker card), so a
deck of thousands held at once would need gigabytes. Each face is rendered,
its files written by the process that rendered it (its print PNG with bleed,
and for Tabletop Simulator a tile's outline cut at 300 dpi), what the deck
sheets need kept (``FaceFiles``: a card's 150 dpi slot) and the rest dropped
before the next; at most
``QUEUED_PER_WORKER`` faces a worker are under way at any time, so memory is
the same at 50 cards and at 5,000.

The faces are drawn by worker processes forked from this one
(``open_pool(forked=True)``): a face is drawn by its game's own functions,
which cannot be sent to another process, and a forked copy already holds them.
Each face is drawn wholly by one worker and the results are taken in the order
asked for, so the files are the same bytes whatever the number of workers.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING

from ...files import write_bytes
from ...notes import collected, note
from ...pieces.faces import PieceFace
from ...pieces.raster import PRINT_DPI, png, render
from ...units import MM_PER_UNIT
from . import tts

if TYPE_CHECKING:
    from PIL import Image

PRINT_BLEED_MM = MM_PER_UNIT["in"] / 8
"""1/8 in on every side: what print-on-demand card services ask for."""
QUEUED_PER_WORKER = 4
"""Faces asked of each worker ahead of the one being taken: enough to keep it busy while this process
pastes and writes a deck sheet, few enough that the faces under way stay a few megabytes."""


@dataclass(frozen=True)
class FaceWork:
    """One face to render (``stem`` is its file's stem), where its print image goes, and what
    Tabletop Simulator shows of it: its outline as a tile's own picture (written to ``tile_path``),
    or a slot of a deck sheet (``slot``)."""

    stem: str
    face: PieceFace
    marking: str
    print_path: Path
    tile_path: Path | None = None
    slot: bool = False
    turn: float = 0.0
    """How far a tile's picture is turned (degrees, anticlockwise): back against its tile's turn on the
    table (the shape registry's ``tts_turn``)."""


@dataclass(frozen=True)
class FaceFiles:
    """What is left of one face once its files are written: the print image's size in pixels, a
    card's slot as raw RGB pixels (a picture crosses from a worker as bytes; a print image's 1-2 MB
    of PNG did too, a fifth of a worker's time), and the notes its drawing told."""

    stem: str
    print_px: tuple[int, int]
    slot_px: tuple[int, int] = (0, 0)
    slot_rgb: bytes = b""
    notes: tuple[str, ...] = ()

    def slot(self) -> Image.Image:
        """The card's face at 150 dpi, cut to its trim, for a deck sheet."""
        from PIL import Image

        return Image.frombytes("RGB", self.slot_px, self.slot_rgb)


def face_files(work: FaceWork) -> FaceFiles:
    """Render one face and write its files; nothing of the rendering outlives the call."""
    with collected() as notes:
        rendered = render(work.face, work.marking)
        image = rendered.with_bleed(PRINT_BLEED_MM)
        if work.tile_path is not None:
            write_bytes(work.tile_path, png(_turned(rendered.cut(), work.turn), tts.TILE_DPI))
        slot = rendered.scaled_cut(tts.CARD_DPI) if work.slot else None
        write_bytes(work.print_path, png(image, PRINT_DPI))
    if slot is None:
        return FaceFiles(work.stem, image.size, notes=tuple(notes))
    return FaceFiles(work.stem, image.size, slot.size, slot.tobytes(), tuple(notes))


def _turned(image: Image.Image, turn: float) -> Image.Image:
    return image.rotate(turn, expand=True) if turn % 360 else image


_WORK: Sequence[FaceWork] = ()
"""The faces of the run under way, where the forked workers find them (by index)."""


def _files_of(index: int) -> FaceFiles:
    return face_files(_WORK[index])


def in_turn(work: Sequence[FaceWork], workers: int | None = None) -> Iterator[FaceFiles]:
    """Each face's files, in the order of ``work``, made on ``workers`` processes (None: every
    core; one: in this process, a face at a time). A face's notes are told as it is taken; a
    face's error stops the run, its workers with it. One run at a time per process."""
    global _WORK
    from ...heap import kept_for_reuse
    from ...playtest.runner import open_pool

    with kept_for_reuse(), open_pool(workers, batches=len(work), forked=True) as pool:  # the workers inherit it
        if pool.workers == 1:
            for made in map(face_files, work):
                yield _told(made)
            return
        _WORK = work  # before the first face is asked for: that is when the workers are forked
        try:
            indices = iter(range(len(work)))
            pending = deque(pool.executor.submit(_files_of, k) for k in islice(indices, QUEUED_PER_WORKER * pool.workers))
            while pending:
                made = pending.popleft().result()
                pending.extend(pool.executor.submit(_files_of, k) for k in islice(indices, 1))
                yield _told(made)
        finally:
            _WORK = ()


def _told(made: FaceFiles) -> FaceFiles:
    for text in made.notes:
        note(text)
    return made
