"""The rulebook as a booklet of A6 pages: imposed for printing at home, page by page for a print shop, and for screens.

* Print edition (``leaflet-a4.pdf`` / ``leaflet-letter.pdf``): four pages on
  each side of a sheet, as the designer prints his own rulebook. Printed
  two-sided (flip on the long edge), each sheet is cut across the middle into
  two halves; each half is folded down the middle, and the folded halves are
  put one inside the other, the first one outside. On US Letter the pages are
  scaled to fit a quarter of the sheet, so nothing needs trimming. A booklet
  of an odd number of halves (twelve pages: three) would leave the last
  sheet's lower half blank; it carries the rulebook's player aids instead
  (front matter ``player_aids``), two loose pages to cut apart.
* Press edition (``leaflet-press-a4.pdf`` / ``-letter``): every page on its
  own, in reading order, for a shop to impose and saddle-stitch: CMYK, PDF/X-1a,
  3 mm bleed and crop marks (``press``). Its trim is A6, or for Letter the
  quarter-letter page (4.25 x 5.5 in) the home edition's pages are scaled into.
* Reading edition (``leaflet-reading-<paper>.pdf``): the same pages, one A6
  page per PDF page, with bookmarks, for screens.

A booklet's page count is a multiple of four (a folded half holds four
pages); blank pages make it up, before the back cover. Every page is laid
out (and may fail, naming the page) before anything is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...drawing.document import MM as mm
from ...drawing.document import Document
from ...drawing.ink import Ink
from ...drawing.pdf.canvas import paper_points
from ...drawing.pdf.surface import PdfSurface
from ...drawing.surface import Face, Pen, lines
from ...errors import StudioError, gathered
from ...files import Written, write_bytes
from ...papers import PRINTER_PAPERS, paper_size
from ...rulebook import RulebookText, unsure
from .press import PRESS_BLEED_MM, PRESS_SLUG_MM, bleed_box, press_marks
from .two_up import draw_cut, sheet_for
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


def output_names(paper: str) -> tuple[str, str, str]:
    """The imposed booklet for ``paper``, its reading edition and its press edition (the same
    names as a tri-fold's)."""
    return f"leaflet-{paper}.pdf", f"leaflet-reading-{paper}.pdf", f"leaflet-press-{paper}.pdf"


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
    side), row (0 top) and column (0 left) of its quarter, and the page's index (None: blank).
    ``aid``: a player aid, printed again on a spare half to be cut out (it has no page number)."""

    sheet: int
    side: int
    row: int
    column: int
    page: int | None
    aid: bool = False


def padded(pages: int) -> list[int | None]:
    """The booklet's pages in reading order, made up to a multiple of four with blanks (None)
    before the last page, so the back cover stays at the back."""
    if pages < 2:
        return [*range(pages), *([None] * (4 - pages))]
    blanks = -pages % 4
    return [*range(pages - 1), *([None] * blanks), pages - 1]


def imposition(pages: int, aids: tuple[int, ...] = ()) -> list[Slot]:
    """Every quarter of every sheet side, for a booklet of ``pages`` pages.

    Half-sheet ``h`` (counted from the outside of the booklet) holds booklet
    pages ``2h+1`` and ``n-2h`` on its front (the latter on the left) and
    ``2h+2`` and ``n-2h-1`` on its back, where ``n`` is the padded count:
    folded with the front outside and nested in order, they read 1, 2, ... n.
    Two half-sheets share a sheet, the first on top; printing flips on the
    long edge, so a quarter's back is the other column of the same row.

    With an odd number of halves the last sheet's lower half is spare: it holds
    two loose copies of the player aids ``aids`` (page indices), the first on
    the front of each, the second behind it; without aids it is left blank.
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
    if (n // 4) % 2:
        last = (n // 4) // 2
        face, behind = (*aids[:2], None, None)[:2]
        for column in (0, 1):
            slots.append(Slot(last, 0, 1, column, face, aid=face is not None))
            slots.append(Slot(last, 1, 1, 1 - column, behind, aid=behind is not None))
    return slots


def scale_on(paper: str) -> float:
    """How much a page shrinks to fit a quarter of the sheet (1 on A4, about 0.94 on US Letter)."""
    width, height = paper_points(paper)
    page_width, page_height = page_points()
    return min(1.0, width / 2 / page_width, height / 2 / page_height)


def press_trim(paper: str) -> tuple[float, float]:
    """The press edition's finished page, in points: the booklet's page where the home edition
    prints it at full size (A4: A6), else the quarter of the sheet the home edition scales it
    into (US Letter: 4.25 x 5.5 in, a size shops there cut to)."""
    if scale_on(paper) >= 1.0:
        return page_points()
    width, height = paper_points(paper)
    return width / 2, height / 2


# --- drawing -------------------------------------------------------------------------------


def _draw_page(surface: PdfSurface, laid: LaidOut, number: int, last: int, face: Face, bookmarks: bool = False) -> None:
    """One page at the origin (its lower-left corner): its text, and its number unless it is a cover."""
    width, height = page_points()
    laid.draw(surface, SIDE_MM * mm, height - TOP_MM * mm, page_frame().width, bookmarks=bookmarks)
    if 1 < number < last:
        surface.text(width / 2, FOLIO_MM * mm, str(number), face, FOLIO_POINTS, TEXT_INK)


def booklet_pdf(text: RulebookText, laid: list[LaidOut], paper: str, face: Face, aids: tuple[int, ...] = ()) -> bytes:
    """The print edition: CMYK, four pages a side, cut and fold ticks, sides in printing order (on A3 or
    Tabloid, two A4 or Letter sheets side by side: ``two_up``)."""
    two = sheet_for(paper, landscape=False)
    sheet_width, sheet_height = paper_points(two.laid)
    page_width, page_height = page_points()
    scale = scale_on(two.laid)
    quarter = (sheet_width / 2, sheet_height / 2)
    document = start_document(text, f"{paper_size(paper).name} booklet" + (" two to a sheet" if two.two_up else ""),
                              cmyk=True)  # fmt: skip
    slots = imposition(len(laid), aids)
    sides = sorted({(slot.sheet, slot.side) for slot in slots})
    order = padded(len(laid))
    whole = (0, 0, *two.page)
    for number, side in sides:
        label = f"sheet {number + 1} {('front', 'back')[side]}"
        with document.page(*two.page, whole, whole, label=label) as surface:
            # The pages are drawn scaled: a unit of theirs is ``scale`` points, which keeps their lines printable.
            pages = document.surface(scale)
            for dx, dy in two.copies:
                for slot in (s for s in slots if (s.sheet, s.side) == (number, side)):
                    if slot.page is None:
                        continue
                    left = dx + slot.column * quarter[0] + (quarter[0] - page_width * scale) / 2
                    bottom = dy + (1 - slot.row) * quarter[1] + (quarter[1] - page_height * scale) / 2
                    folio = 0 if slot.aid else order.index(slot.page) + 1  # a loose aid has no page number
                    with pages.transformed(left, bottom, scale=scale):
                        _draw_page(pages, laid[slot.page], folio, len(order), face)
                with surface.transformed(dx, dy):
                    _marks(surface, sheet_width, sheet_height)
            if two.two_up:
                draw_cut(surface, two)
    return document.data()


def press_pdf(text: RulebookText, laid: list[LaidOut], paper: str, face: Face) -> bytes:
    """The press edition: each page on its own in reading order (blanks included, so the count
    stays a multiple of four for saddle-stitching), with bleed, crop marks and a note; PDF/X-1a."""
    trim_width, trim_height = press_trim(paper)
    page_width, page_height = page_points()
    scale = scale_on(paper)
    slug = PRESS_SLUG_MM * mm
    size = " × ".join(f"{v / mm:.2f}".rstrip("0").rstrip(".") for v in (trim_width, trim_height))
    document = start_document(text, f"{paper_size(paper).name} booklet for the press, pages of {size} mm",
                              cmyk=True, press=True)  # fmt: skip
    order = padded(len(laid))
    trim = (slug, slug, slug + trim_width, slug + trim_height)
    for number, index in enumerate(order, 1):
        with document.page(trim_width + 2 * slug, trim_height + 2 * slug, trim, bleed_box(trim)) as surface:
            if index is not None:
                left = slug + (trim_width - page_width * scale) / 2
                bottom = slug + (trim_height - page_height * scale) / 2
                pages = document.surface(scale)
                with pages.transformed(left, bottom, scale=scale):
                    _draw_page(pages, laid[index], number, len(order), face)
            note = f"Page {number} of {len(order)} · trim {size} mm, {PRESS_BLEED_MM:g} mm bleed · saddle-stitched in this order"
            press_marks(surface, trim, [], note)
    return document.data()


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
    document = start_document(text, "reading edition", cmyk=False, outline=True)
    for number, page in enumerate(laid, 1):
        with document.page(*page_points()) as surface:
            _draw_page(surface, page, number, len(laid), face, bookmarks=True)
    return document.data()


def check_pages(text: RulebookText) -> None:
    """A booklet needs pages (``::: page NAME``), each named once."""
    names = [section.name for section in text.sections]
    if len(names) < 2:
        raise StudioError("a booklet needs at least two pages ('::: page NAME'): a cover and a back", text.source)
    for k, name in enumerate(names):
        if name in names[:k]:
            raise StudioError(f"two pages are called {name!r}: name each page once", text.source)


def lay_out_pages(game: Game, text: RulebookText) -> tuple[list[LaidOut], list[StudioError]]:
    """Every page laid out (the same on every paper: Letter scales the sheet, not the page),
    and the problem of each that does not fit; a page lacking what it asked for is not measured."""
    presentation = game.presentation()
    styles = booklet_styles(presentation.typography, presentation.running_glyphs)
    frame = page_frame()
    name = paper_size(PAGE).name
    laid: list[LaidOut] = []
    problems: list[StudioError] = []
    for page in text.sections:
        if unsure(page):
            continue
        try:
            laid.append(lay_out(page, boxes_for(page, styles, frame), frame, name, text.source, kind="page"))
        except StudioError as error:
            problems.append(error)
    return laid, problems


def player_aids(text: RulebookText) -> tuple[int, ...]:
    """The pages the front matter names as player aids, by index; a name that is no page is refused."""
    names = [section.name for section in text.sections]
    for name in text.meta.player_aids:
        if name not in names:
            raise StudioError(
                f"front matter: player_aids: no page is called {name!r} (pages: {', '.join(names)})", text.source
            )
    return tuple(names.index(name) for name in text.meta.player_aids)


@dataclass(frozen=True)
class Pages:
    """A rulebook's pages laid out as a booklet's (``PAGE``, A6), every one checked: what an imposition
    places on its sheets (``rulebook_pages``). ``face`` sets the page numbers; ``aids`` are the
    pages the front matter names as player aids."""

    text: RulebookText
    laid: tuple[LaidOut, ...]
    face: Face
    aids: tuple[int, ...] = ()

    def __len__(self) -> int:
        return len(self.laid)

    @property
    def size(self) -> tuple[float, float]:
        """A page's width and height, in points."""
        return page_points()

    def document(self, edition: str, *, cmyk: bool = True, press: bool = False, outline: bool = False) -> Document:
        """A PDF of the rulebook in points, its metadata from the front matter, ``edition`` in its title."""
        return start_document(self.text, edition, cmyk=cmyk, press=press, outline=outline)

    def draw(self, document: Document, index: int, x: float, y: float, scale: float = 1.0, number: int | None = None) -> None:
        """Page ``index`` (from 0) on ``document``'s page being drawn, its lower-left corner at (x, y) in
        points, ``scale`` times its size (its lines kept as heavy), numbered ``number`` (None: its place;
        0: no number; the first and last pages, the covers, have none)."""
        pages = document.surface(scale)
        with pages.transformed(x, y, scale=scale):
            _draw_page(pages, self.laid[index], index + 1 if number is None else number, len(self.laid), self.face)


def rulebook_pages(game: Game) -> Pages:
    """The game's rulebook as a booklet's pages, laid out; a page that does not fit, or any problem of the
    text, stops here (all of them together, naming each page) before anything is written."""
    game.check()
    text = game.rulebook()
    check_pages(text)
    aids = player_aids(text)
    laid, problems = lay_out_pages(game, text)
    gathered([*text.problems, *problems])
    return Pages(text, tuple(laid), game.presentation().typography.body, aids)


def build_booklet(game: Game, out: str | Path, paper: str = "a4", reading: bool = True) -> list[Written]:
    """Lay out every page (failing, naming the page, before anything is written), then write the PDFs."""
    out, paper = Path(out), paper.lower()
    if paper not in PRINTER_PAPERS:  # refused before any work: the pages are imposed on a printer's paper
        raise StudioError(f"a booklet is printed on {' or '.join(PRINTER_PAPERS)} paper, not {paper!r}")
    pages = rulebook_pages(game)
    text, laid, aids, face = pages.text, list(pages.laid), pages.aids, pages.face
    printed, reader, press = output_names(paper)
    half = paper_size(paper).halves
    # Each file is written as soon as it is drawn: the print edition, the one a designer watches for, first.
    documents = [(printed, "booklet", lambda: booklet_pdf(text, laid, paper, face, aids))]
    if reading and not half:  # two A4 booklets to a sheet of A3: the reading and press editions are A4's own
        documents.append((reader, "reading", lambda: reading_pdf(text, laid, face)))
    if not half:
        documents.append((press, "press-booklet", lambda: press_pdf(text, laid, paper, face)))
    written = []
    trim = [round(v / mm, 2) for v in press_trim(paper)]
    for file, edition, draw in documents:
        path = write_bytes(out / file, draw())
        params: dict[str, object] = {"paper": paper, "templates": str(game.templates), **({"half": half} if half else {})}
        if edition == "press-booklet":
            params["trim_mm"] = trim
        written.append(Written(path, f"leaflet-{edition}", params))
    return written
