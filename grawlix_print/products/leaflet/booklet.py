"""The rulebook as a booklet of A6 pages: imposed for printing at home, and one page per page for screens.

* Print edition (``leaflet-a4.pdf`` / ``leaflet-letter.pdf``): four pages on
  each side of a sheet, as the designer prints his own rulebook. Printed
  two-sided (flip on the long edge), each sheet is cut across the middle into
  two halves; each half is folded down the middle, and the folded halves are
  put one inside the other, the first one outside. On US Letter the pages are
  scaled to fit a quarter of the sheet, so nothing needs trimming.
* Reading edition (``leaflet-reading-<paper>.pdf``): the same pages, one A6
  page per PDF page, with bookmarks, for screens.

A booklet's page count is a multiple of four (a folded half holds four
pages); blank pages make it up, before the back cover. Every page is laid
out (and may fail, naming the page) before anything is written.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib.units import mm

from ...drawing.ink import Ink
from ...drawing.pdf.canvas import paper_points, saved
from ...drawing.pdf.surface import PdfSurface
from ...drawing.surface import Face, Pen, lines
from ...errors import GrawlixError
from ...files import Written, write_bytes
from ...papers import PRINTER_PAPERS, paper_size
from ...rulebook import RulebookText
from .layout import start_document, TEXT_INK, Frame, LaidOut, Styles, boxes_for, lay_out, make_styles

if TYPE_CHECKING:
    from ...games.base import Game
    from ...games.presentation import Typography

PAGE = "a6"
TOP_MM, SIDE_MM, BOTTOM_MM = 10.0, 9.0, 12.0
"""The text area's distance from the page's edges; the bottom margin holds the page number."""
FOLIO_MM = 6.0
"""The page number's baseline above the page's foot (on a sheet edge: inside what a home printer prints)."""
FOLIO_POINTS = 8.0
BODY_POINTS = 9.5
"""A6 text: the designer's rulebook sets 10 pt on a page this size with narrower margins."""

MARK_MM = (6.5, 9.0)
"""Cut and fold ticks run between these distances from the sheet's edges: past the 4-6.35 mm a
home printer leaves blank, and clear of the pages' text."""
MARK = Ink((0.6, 0.6, 0.6), (0.0, 0.0, 0.0, 0.45))
MARK_POINTS = 0.5


def output_names(paper: str) -> tuple[str, str]:
    """The imposed booklet for ``paper`` and its reading edition (the same as a tri-fold's names)."""
    return f"leaflet-{paper}.pdf", f"leaflet-reading-{paper}.pdf"


def page_points() -> tuple[float, float]:
    size = paper_size(PAGE)
    return size.width * mm, size.height * mm


def page_frame() -> Frame:
    """The text area of every page."""
    width, height = page_points()
    return Frame(width - 2 * SIDE_MM * mm, height - (TOP_MM + BOTTOM_MM) * mm)


def booklet_styles(typography: Typography, glyphs) -> Styles:
    """The leaflet's styles a size down for the small page, headings in proportion."""
    from dataclasses import replace

    styles = make_styles(typography, glyphs)
    scale = BODY_POINTS / styles.body.size

    def smaller(style):
        return replace(style, size=style.size * scale, leading=style.leading * scale,
                       space_before=style.space_before * scale, space_after=style.space_after * scale)  # fmt: skip

    return Styles(**{name: smaller(getattr(styles, name)) for name in Styles.__dataclass_fields__})


# --- imposition: which page goes where --------------------------------------------------------


@dataclass(frozen=True)
class Slot:
    """Where one page of the booklet is printed: sheet, side (0 front, 1 back, as seen from that
    side), row (0 top) and column (0 left) of its quarter, and the page's index (None: blank)."""

    sheet: int
    side: int
    row: int
    column: int
    page: int | None


def padded(pages: int) -> list[int | None]:
    """The booklet's pages in reading order, made up to a multiple of four with blanks (None)
    before the last page, so the back cover stays at the back."""
    if pages < 2:
        return [*range(pages), *([None] * (4 - pages))]
    blanks = -pages % 4
    return [*range(pages - 1), *([None] * blanks), pages - 1]


def imposition(pages: int) -> list[Slot]:
    """Every quarter of every sheet side, for a booklet of ``pages`` pages.

    Half-sheet ``h`` (counted from the outside of the booklet) holds booklet
    pages ``2h+1`` and ``n-2h`` on its front (the latter on the left) and
    ``2h+2`` and ``n-2h-1`` on its back, where ``n`` is the padded count:
    folded with the front outside and nested in order, they read 1, 2, ... n.
    Two half-sheets share a sheet, the first on top; printing flips on the
    long edge, so a quarter's back is the other column of the same row.
    """
    order = padded(pages)
    n = len(order)
    slots = []
    for half in range(n // 4):
        sheet, row = divmod(half, 2)
        front = (n - 1 - 2 * half, 2 * half)
        back = (2 * half + 1, n - 2 - 2 * half)
        for side, (left, right) in enumerate((front, back)):
            slots.append(Slot(sheet, side, row, 0, order[left]))
            slots.append(Slot(sheet, side, row, 1, order[right]))
    if (n // 4) % 2:  # an odd number of halves: the last sheet's lower half is left blank
        last = (n // 4) // 2
        slots += [Slot(last, side, 1, column, None) for side in (0, 1) for column in (0, 1)]
    return slots


def scale_on(paper: str) -> float:
    """How much a page shrinks to fit a quarter of the sheet (1 on A4, about 0.94 on US Letter)."""
    width, height = paper_points(paper)
    page_width, page_height = page_points()
    return min(1.0, width / 2 / page_width, height / 2 / page_height)


# --- drawing -------------------------------------------------------------------------------


def _draw_page(surface: PdfSurface, laid: LaidOut, number: int, last: int, face: Face, bookmarks: bool = False) -> None:
    """One page at the origin (its lower-left corner): its text, and its number unless it is a cover."""
    width, height = page_points()
    laid.draw(surface, SIDE_MM * mm, height - TOP_MM * mm, page_frame().width, bookmarks=bookmarks)
    if 1 < number < last:
        surface.text(width / 2, FOLIO_MM * mm, str(number), face, FOLIO_POINTS, TEXT_INK)


def booklet_pdf(text: RulebookText, laid: list[LaidOut], paper: str, face: Face) -> bytes:
    """The print edition: CMYK, four pages a side, cut and fold ticks, sides in printing order."""
    sheet_width, sheet_height = paper_points(paper)
    page_width, page_height = page_points()
    scale = scale_on(paper)
    quarter = (sheet_width / 2, sheet_height / 2)
    buffer = io.BytesIO()
    canvas = start_document(buffer, (sheet_width, sheet_height), text, f"{paper_size(paper).name} booklet")
    surface = PdfSurface(canvas, cmyk=True)
    # The pages are drawn scaled: a unit of theirs is ``scale`` points, which keeps their lines printable.
    pages = PdfSurface(canvas, cmyk=True, unit_pt=scale)
    slots = imposition(len(laid))
    sides = sorted({(slot.sheet, slot.side) for slot in slots})
    order = padded(len(laid))
    for sheet, side in sides:
        canvas.setTrimBox((0, 0, sheet_width, sheet_height))
        canvas.setBleedBox((0, 0, sheet_width, sheet_height))
        for slot in (s for s in slots if (s.sheet, s.side) == (sheet, side)):
            if slot.page is None:
                continue
            left = slot.column * quarter[0] + (quarter[0] - page_width * scale) / 2
            bottom = (1 - slot.row) * quarter[1] + (quarter[1] - page_height * scale) / 2
            with pages.transformed(left, bottom, scale=scale):
                _draw_page(pages, laid[slot.page], order.index(slot.page) + 1, len(order), face)
        _marks(surface, sheet_width, sheet_height)
        canvas.showPage()
        canvas.addPageLabel(sides.index((sheet, side)), prefix=f"sheet {sheet + 1} {('front', 'back')[side]}")
    return saved(canvas, buffer)


def _marks(surface: PdfSurface, width: float, height: float) -> None:
    """Ticks where the sheet is cut (across the middle) and where each half folds (down the middle)."""
    near, far = (d * mm for d in MARK_MM)
    middle_x, middle_y = width / 2, height / 2
    ticks = [((0 + near, middle_y), (0 + far, middle_y)), ((width - near, middle_y), (width - far, middle_y))]
    for top in (height, middle_y):  # each half's fold, at its top and bottom edges
        ticks += [((middle_x, top - near), (middle_x, top - far)), ((middle_x, top - height / 2 + near),
                                                                   (middle_x, top - height / 2 + far))]  # fmt: skip
    surface.shape(lines(ticks), pen=Pen(MARK, MARK_POINTS))


def reading_pdf(text: RulebookText, laid: list[LaidOut], face: Face) -> bytes:
    """The reading edition: one A6 page per PDF page, RGB, with bookmarks."""
    buffer = io.BytesIO()
    canvas = start_document(buffer, page_points(), text, "reading edition")
    canvas.showOutline()
    surface = PdfSurface(canvas, cmyk=False)
    for number, page in enumerate(laid, 1):
        _draw_page(surface, page, number, len(laid), face, bookmarks=True)
        canvas.showPage()
    return saved(canvas, buffer)


def check_pages(text: RulebookText) -> None:
    """A booklet needs pages (``::: page NAME``), each named once."""
    names = [section.name for section in text.sections]
    if len(names) < 2:
        raise GrawlixError("a booklet needs at least two pages ('::: page NAME'): a cover and a back", text.source)
    for k, name in enumerate(names):
        if name in names[:k]:
            raise GrawlixError(f"two pages are called {name!r}: name each page once", text.source)


def build_booklet(game: Game, out: str | Path, paper: str = "a4", reading: bool = True) -> list[Written]:
    """Lay out every page (failing, naming the page, before anything is written), then write the PDFs."""
    out, paper = Path(out), paper.lower()
    if paper not in PRINTER_PAPERS:  # refused before any work: the pages are imposed on a printer's paper
        raise GrawlixError(f"a booklet is printed on {' or '.join(PRINTER_PAPERS)} paper, not {paper!r}")
    game.check()
    text = game.rulebook()
    check_pages(text)
    presentation = game.presentation()
    typography = presentation.typography
    styles = booklet_styles(typography, presentation.running_glyphs)
    frame = page_frame()
    name = paper_size(PAGE).name
    laid = [lay_out(page, boxes_for(page, styles, frame), frame, name, text.source, kind="page") for page in text.sections]
    # Each file is written as soon as it is drawn: the print edition, the one a designer watches for, first.
    documents = [(output_names(paper)[0], "booklet", lambda: booklet_pdf(text, laid, paper, typography.body))]
    if reading:
        documents.append((output_names(paper)[1], "reading", lambda: reading_pdf(text, laid, typography.body)))
    written = []
    for file, edition, draw in documents:
        path = write_bytes(out / file, draw())
        written.append(Written(path, f"leaflet-{edition}", {"paper": paper, "templates": str(game.templates)}))
    return written
