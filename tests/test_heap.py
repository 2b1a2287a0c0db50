"""Freed memory kept for reuse while pictures are made one after another (``grawlix_print.heap``)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from grawlix_print.heap import _glibc

from conftest import PROJECT
from spreadsheet_decks import cards_54, write_deck

FAULTS = """
import contextlib, resource, sys
from grawlix_print.games import game
from grawlix_print.heap import kept_for_reuse
from grawlix_print.pieces.raster import png, render

faces = [face for kind in game(templates=sys.argv[1]).piece_kinds() for face in kind.faces]

def faulted(chosen):
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for face in chosen:  # as the images make each: rendered, its print PNG and its 150 dpi slot, let go
        rendered = render(face)
        png(rendered.with_bleed(3.175), 300)
        rendered.scaled_cut(150).tobytes()
        del rendered
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before

with kept_for_reuse() if sys.argv[2] == "kept" else contextlib.nullcontext():
    faulted(faces[:2])  # the libraries' first allocations, and the heap grown once to hold a card's buffers
    print(faulted(faces[2:12]))
"""


@pytest.mark.skipif(_glibc() is None, reason="the C library is not glibc: nothing is changed")
def test_the_buffers_of_one_face_are_used_again_for_the_next_not_faulted_in_again(tmp_path):
    """Ten cards of a deck of tables rendered in turn: glibc hands their megabytes back to the kernel
    and faults them in again, page by page, for the next card (a 300 dpi card is about 900 pages of
    pixels); kept for reuse, the next card's buffers are the last one's."""
    templates = write_deck(tmp_path / "deck", cards_54())
    faults = {}
    for way in ("plain", "kept"):
        done = subprocess.run([sys.executable, "-c", FAULTS, str(templates), way], capture_output=True, text=True,
                              cwd=PROJECT, env={"PYTHONPATH": str(PROJECT), "PATH": "/usr/bin:/bin"}, check=False)  # fmt: skip
        assert done.returncode == 0, done.stderr
        faults[way] = int(done.stdout)
    assert faults["plain"] > 10 * 900 and faults["kept"] < 900, faults
