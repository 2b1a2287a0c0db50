"""The rules leaflet: its panels laid out once, then imposed twice.

* Tri-fold (``leaflet-a4.pdf`` / ``leaflet-letter.pdf``): two landscape pages.
  Outside = inside flap | back | cover, inside = panels 2 | 3 | 4. Printed
  two-sided (flip on the short edge) and folded, it reads cover, 2, 3, 4,
  flap, back. The panel that folds in (4, with the flap behind it) is
  ``FOLD_IN_NARROWER_MM`` narrower so it folds without buckling.
* Press edition (``leaflet-press-a4.pdf`` / ``-letter``): the tri-fold for a print shop: each
  sheet on a larger page, its trim box the paper, a 3 mm bleed, crop marks and fold marks
  outside the trim, and a printing note in the slug.
* Reading edition (``leaflet-reading-a4.pdf`` / ``-letter``): the same panels, one per page,
  in reading order, with bookmarks, for screens.

Every panel is laid out (and may fail) before either file is written. A game
whose presentation's imposition is ``booklet`` gets a booklet of small pages
instead (``booklet``), under the same file names (``impositions``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path

from ...drawing.document import MM as mm
from ...drawing.pdf.canvas import paper_points
from ...drawing.pdf.surface import PdfSurface
from ...drawing.surface import Pen, lines
from ...files import Written, write_bytes
from ...errors import StudioError, gathered
from ...games.base import Game
from ...rulebook import RulebookText, unsure
from ...drawing.ink import Ink
from ...papers import paper_size
from .press import PRESS_BLEED_MM, PRESS_SLUG_MM, bleed_box, press_marks
from .layout import start_document, Frame, LaidOut, boxes_for, lay_out, make_styles
from .two_up import draw_cut, sheet_for

FOLD_IN_NARROWER_MM = 2.0
PAD_MM = 9.0  # from each fold or page edge to the text, on the narrowest panel
TOP_MM = 11.0
BOTTOM_MM = 10.0
FOLD_MARK_MM = (6.0, 9.5)
"""Fold ticks run between these distances from the top and bottom edges: inside the
4-6 mm a home printer leaves blank, and clear of the text, which starts 10 mm in."""
FOLD_MARK = Ink((0.6, 0.6, 0.6), (0.0, 0.0, 0.0, 0.45))
FOLD_MARK_POINTS = 0.5

PANELS = ("cover", "2", "3", "4", "flap", "back")
"""Panel names in reading order: cover, the three inside panels, the inside flap, the back."""
OUTSIDE = ("flap", "back", "cover")
INSIDE = ("2", "3", "4")
FOLD_IN = {"flap", "4"}


def output_names(paper: str) -> tuple[str, str, str]:
    """The tri-fold, the reading edition and the press edition; each name carries the paper."""
    return f"leaflet-{paper}.pdf", f"leaflet-reading-{paper}.pdf", f"leaflet-press-{paper}.pdf"


def leaflet_frame(paper: str) -> Frame:
    """The text area shared by all the panels: that of the narrower, fold-in panel."""
    page_width, page_height = paper_points(paper, landscape=True)
    fold_in = (page_width - 2 * FOLD_IN_NARROWER_MM * mm) / 3
    return Frame(fold_in - 2 * PAD_MM * mm, page_height - (TOP_MM + BOTTOM_MM) * mm)


def panel_widths(paper: str) -> dict[str, float]:
    """Outer width of every panel: the fold-in pair is narrower than the rest."""
    page_width, _ = paper_points(paper, landscape=True)
    normal = (page_width + FOLD_IN_NARROWER_MM * mm) / 3
    return {name: normal - FOLD_IN_NARROWER_MM * mm if name in FOLD_IN else normal for name in PANELS}


# --- the two documents -------------------------------------------------------------------


def trifold_pdf(
    text: RulebookText, laid: dict[str, LaidOut], paper: str, frame: Frame, press: bool = False
) -> bytes:
    """The print edition: CMYK, black text in black ink only, trim and bleed boxes on the sheet.

    ``press``: each sheet on a page ``PRESS_SLUG_MM`` larger all round, with the
    marks and note a print shop needs outside the trim (``press.press_marks``).
    """
    sheet = sheet_for(paper, landscape=True)  # two to a sheet of A3 or Tabloid (the press takes one a sheet)
    sheet_width, sheet_height = paper_points(sheet.laid, landscape=True)
    page_width, page_height = (sheet_width, sheet_height) if press else sheet.page
    slug = PRESS_SLUG_MM * mm if press else 0.0
    widths = panel_widths(sheet.laid)
    edition = f"{paper_size(paper).name} tri-fold" + (" for the press" if press else " two to a sheet" if sheet.two_up else "")
    document = start_document(text, edition, cmyk=True, press=press)
    trim = (slug, slug, slug + page_width, slug + page_height)
    for page, (label, names) in enumerate((("outside", OUTSIDE), ("inside", INSIDE))):
        # Nothing runs off the sheet: at home the bleed is the sheet; the press gets its 3 mm.
        bleed = bleed_box(trim) if press else trim
        with document.page(page_width + 2 * slug, page_height + 2 * slug, trim, bleed, label=label) as surface:
            for dx, dy in sheet.copies if not press else ((0.0, 0.0),):
                with surface.transformed(dx, dy):
                    folds = []
                    x = slug
                    for k, name in enumerate(names):
                        left = x + (widths[name] - frame.width) / 2  # wider panels centre the shared text area
                        laid[name].draw(surface, left, slug + sheet_height - TOP_MM * mm, frame.width)
                        x += widths[name]
                        if k < len(names) - 1:
                            folds.append(x)
                    if press:
                        press_marks(surface, trim, folds, _press_note(text, paper, label, page))
                    else:
                        for fold in folds:
                            _fold_marks(surface, fold, sheet_height)
            if sheet.two_up and not press:
                draw_cut(surface, sheet)
    return document.data()


def _fold_marks(surface: PdfSurface, x: float, page_height: float) -> None:
    near, far = (d * mm for d in FOLD_MARK_MM)
    for tick in (((x, page_height - near), (x, page_height - far)), ((x, near), (x, far))):
        surface.shape(lines([tick]), pen=Pen(FOLD_MARK, FOLD_MARK_POINTS))


def _press_note(text: RulebookText, paper: str, label: str, page: int) -> str:
    size = paper_size(paper)
    return (
        f"{text.meta.title} rules, {size.name} tri-fold, {label} (side {page + 1} of 2) · trim"
        f" {size.height:g} × {size.width:g} mm, {PRESS_BLEED_MM:g} mm bleed · print two-sided,"
        " flipping on the short edge · fold on the marks, the right-hand panel of the inside in first"
    )


def reading_pdf(text: RulebookText, laid: dict[str, LaidOut], paper: str, frame: Frame) -> bytes:
    _, page_height = paper_points(paper, landscape=True)
    document = start_document(text, "reading edition", cmyk=False, outline=True)  # for screens: RGB
    for name in PANELS:
        with document.page(frame.width + 2 * PAD_MM * mm, page_height) as surface:
            laid[name].draw(surface, PAD_MM * mm, page_height - TOP_MM * mm, frame.width, bookmarks=True)
    return document.data()


def check_panels(text: RulebookText) -> None:
    """A tri-fold needs all its panels, in reading order."""
    names = tuple(section.name for section in text.sections)
    if names != PANELS:
        raise StudioError(
            f"the leaflet needs the panels {', '.join(PANELS)} in this order, "
            f"found {', '.join(names) or 'none'}",
            text.source,
        )


def lay_out_panels(game: Game, text: RulebookText, paper: str) -> tuple[dict[str, LaidOut], list[StudioError]]:
    """Every panel laid out for ``paper``, and the problem of each that does not fit.

    A panel that lacks something its text asked for (``Missing``: its problem is
    reported already) is not measured: its size would be a guess.
    """
    presentation = game.presentation()
    styles, frame = make_styles(presentation.typography, presentation.running_glyphs), leaflet_frame(paper)
    laid: dict[str, LaidOut] = {}
    problems: list[StudioError] = []
    for panel in text.sections:
        if unsure(panel):
            continue
        try:
            laid[panel.name] = lay_out(panel, boxes_for(panel, styles, frame), frame, paper_size(paper).name, text.source)
        except StudioError as error:
            problems.append(error)
    return laid, problems


def laid_paper(paper: str) -> str:
    """The paper a leaflet is laid out for: its own, or the one two of which make it (A4 for A3)."""
    return paper_size(paper).halves or paper


def unfit_trifold(game: Game, papers: Sequence[str]) -> list[StudioError]:
    """Each panel that would not fit on each of ``papers``: what building the tri-fold for them
    would say (``Imposition.unfit``). A text with problems of its own is left to the build that
    reports them."""
    if not papers:
        return []
    text = game.rulebook()
    if text.problems:
        return []
    return [problem for paper in papers for problem in lay_out_panels(game, text, laid_paper(paper.lower()))[1]]


def build_leaflet(game: Game, out: str | Path, paper: str = "a4", reading: bool = True) -> list[Written]:
    """The game's rulebook imposed as its presentation says (``impositions``) for ``paper``, into ``out``.

    ``reading=False`` skips the reading edition, for a build that already has one.
    """
    from .impositions import imposition

    game.check()
    return imposition(game.presentation().imposition).build(game, Path(out), paper.lower(), reading)


def build_trifold(game: Game, out: str | Path, paper: str = "a4", reading: bool = True) -> list[Written]:
    """Lay out every panel (failing before anything is written), then write the PDFs into ``out``.

    Every problem is gathered before failing: those of the text (false claims, broken
    positions) and each panel that does not fit.

    Each edition is written as soon as it is made, the tri-fold first: in ``watch`` it is the
    file the designer looks at, and a PDF cannot fail once its panels are laid out.
    """
    out, paper = Path(out), paper.lower()
    game.check()
    text = game.rulebook()
    check_panels(text)
    half = paper_size(paper).halves
    laid, problems = lay_out_panels(game, text, laid_paper(paper))
    gathered([*text.problems, *problems])
    makers: tuple[Callable[[RulebookText, dict[str, LaidOut], str, Frame], bytes], ...] = (
        trifold_pdf, reading_pdf, functools.partial(trifold_pdf, press=True),
    )  # fmt: skip
    documents = list(zip(output_names(paper), ("tri-fold", "reading", "press"), makers))
    if half:  # two A4 leaflets to a sheet of A3: the reading and press editions are A4's own
        documents = documents[:1]
    elif not reading:
        documents = [documents[0], documents[2]]
    written = []
    for name, edition, make in documents:
        path = write_bytes(out / name, make(text, laid, paper, leaflet_frame(laid_paper(paper))))
        params = {"paper": paper, "templates": str(game.templates), **({"half": half} if half else {})}
        written.append(Written(path, f"leaflet-{edition}", params))
    return written
