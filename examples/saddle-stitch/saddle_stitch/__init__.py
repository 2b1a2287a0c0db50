"""Saddle-stitch: a rulebook of pages as a large-print booklet, for readers who find A6 small.

The rulebook's pages (laid out as grawlix-print's booklet lays them out) are
printed twice as large, two to a side of a sheet turned sideways: A5 pages on
A4, half-letter pages on US Letter. Printed two-sided (flip on the short edge),
the sheets are stacked in order, folded down the middle together and stapled
along the fold, the first sheet outside. A game names it as its rulebook's
imposition (``Presentation.imposition``; a game of tables: ``[rulebook]
imposition = "saddle-stitch"``).
"""

from __future__ import annotations

from pathlib import Path

from grawlix_print.drawing.ink import Ink
from grawlix_print.drawing.pdf.canvas import paper_points
from grawlix_print.drawing.surface import lines
from grawlix_print.errors import StudioError
from grawlix_print.files import Written, write_bytes
from grawlix_print.games.base import Game
from grawlix_print.papers import PRINTER_PAPERS, paper_size
from grawlix_print.plugin import Pen
from grawlix_print.products.base import ACTUAL_SIZE, Entry, Planned
from grawlix_print.products.leaflet.booklet import Pages, padded, rulebook_pages
from grawlix_print.products.leaflet.impositions import Imposition

MM = 72 / 25.4
FOLD_MARK_MM = (6.5, 9.0)
"""The fold's ticks at the sheet's top and bottom, between these distances from the edge: past what a
home printer leaves blank."""
MARK = Ink((0.6, 0.6, 0.6), (0.0, 0.0, 0.0, 0.45))


def output_names(paper: str) -> tuple[str, str]:
    """The booklet to print on ``paper``, and its reading edition."""
    return f"leaflet-saddle-{paper}.pdf", f"leaflet-reading-{paper}.pdf"


def sides(pages: int) -> list[tuple[int | None, int | None]]:
    """Each sheet's front then back, as (left page, right page) seen from that side (page indices from
    0; None is a blank): the booklet's ``n`` pages (made up to a multiple of four) put sheet ``s``'s
    pages ``n - 2s`` and ``2s + 1`` on its front and ``2s + 2`` and ``n - 2s - 1`` on its back (from 1)."""
    order = padded(pages)
    n = len(order)
    found = []
    for sheet in range(n // 4):
        found.append((order[n - 1 - 2 * sheet], order[2 * sheet]))
        found.append((order[2 * sheet + 1], order[n - 2 - 2 * sheet]))
    return found


def scale_on(paper: str, pages: Pages) -> float:
    """How much larger a page is printed: as large as half the sheet, turned sideways, holds it."""
    width, height = paper_points(paper, landscape=True)
    page_width, page_height = pages.size
    return min(width / 2 / page_width, height / page_height)


def saddle_pdf(pages: Pages, paper: str) -> bytes:
    width, height = paper_points(paper, landscape=True)
    scale = scale_on(paper, pages)
    page_width, page_height = (side * scale for side in pages.size)
    order = padded(len(pages))
    document = pages.document(f"{paper_size(paper).name} large-print booklet, saddle-stitched")
    near, far = (d * MM for d in FOLD_MARK_MM)
    for number, pair in enumerate(sides(len(pages))):
        label = f"sheet {number // 2 + 1} {('front', 'back')[number % 2]}"
        with document.page(width, height, label=label) as surface:
            for column, index in enumerate(pair):
                if index is not None:
                    x = width / 2 * column + (width / 2 - page_width) / 2
                    pages.draw(document, index, x, (height - page_height) / 2, scale, order.index(index) + 1)
            ticks = [((width / 2, height - near), (width / 2, height - far)), ((width / 2, near), (width / 2, far))]
            surface.shape(lines(ticks), pen=Pen(MARK, 0.5))
    return document.data()


def reading_pdf(pages: Pages) -> bytes:
    """The reading edition: one page a page, at the booklet's own size, with bookmarks."""
    document = pages.document("reading edition", cmyk=False, outline=True)
    for index in range(len(pages)):
        with document.page(*pages.size):
            pages.draw(document, index, 0.0, 0.0)
    return document.data()


def build(game: Game, folder: Path, paper: str, reading: bool) -> list[Written]:
    """Every page laid out (each fault named before anything is written), then the booklet and its reading edition."""
    if paper not in PRINTER_PAPERS:
        raise StudioError(f"a saddle-stitched booklet is printed on {' or '.join(PRINTER_PAPERS)} paper, not {paper!r}")
    pages = rulebook_pages(game)
    printed, reader = output_names(paper)
    params = {"paper": paper, "templates": str(game.templates), "pages": len(padded(len(pages)))}
    written = [Written(write_bytes(folder / printed, saddle_pdf(pages, paper)), "leaflet-saddle", params)]
    if reading:
        written.append(Written(write_bytes(folder / reader, reading_pdf(pages)), "leaflet-reading", params))
    return written


def planned(paper: str, name: str) -> list[Planned]:
    printed, reader = output_names(paper)
    return [
        Planned(printed, f"Large-print rulebook ({name})", "print both sides, flipping on the short edge; fold the stack and staple it on the fold"),
        Planned(reader, f"Rules to read on a screen ({name})", "one page at a time"),
    ]  # fmt: skip


def describe(record: dict) -> Entry | None:
    paper = paper_size(record["params"]["paper"]).name if "paper" in record["params"] else ""
    if record["kind"] == "leaflet-saddle":
        sheets = record["params"].get("pages", 4) // 4
        return Entry(f"The rules as a large-print booklet: {sheets} sheet{'s' * (sheets != 1)} of {paper}, two pages to a side.",
                     f"Plain paper, 80–100 g/m². Print two-sided, flipping on the short edge. {ACTUAL_SIZE} Stack the sheets"
                     " in order, fold them down the middle together and staple twice along the fold.", essential=True)  # fmt: skip
    if record["kind"] == "leaflet-reading":
        return Entry(f"The rules to read on a screen, page by page, with bookmarks ({paper}).", "Not for printing.")
    return None


SADDLE_STITCH = Imposition("saddle-stitch", build, planned, describe=describe)
"""The imposition, as its entry point names it."""
