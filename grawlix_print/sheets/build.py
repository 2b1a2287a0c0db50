"""Card-stock tile sheets and sticker sheets as PDFs.

The layout (where each tile, mark and guide goes) comes from ``sheets.layout``;
this module draws it with the shared tile drawing and writes the files.
Everything is vector and in CMYK, with black marks and text in black ink
alone, as a print product should be; every page carries its trim and bleed
boxes, and the file its licence in XMP.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import cast

from reportlab.lib.units import mm

from ..drawing.fonts import QUICKSAND, QUICKSAND_BOLD
from ..drawing.pdf.canvas import Metadata, finish, new_canvas
from ..drawing.pdf.fonts import register_quicksand
from ..drawing.pdf.surface import PdfSurface
from ..drawing.pdf.typeset import TextStyle, draw_text, set_text, text_height
from ..drawing.surface import Path as Shape
from ..drawing.surface import Pen, lines, rectangle
from ..drawing.text import Span
from ..components.tile_drawing import TileStyle, draw_back, draw_face, draw_tile
from ..errors import GrawlixError
from ..files import Written
from ..components.tiles import Tile, TileSet
from ..games.base import Game
from ..rulebook import FrontMatter
from ..drawing.ink import Ink
from ..components.tile_look import BACK_DESIGNS, BackDesign, check_marking
from ..papers import paper_size
from ..units import MM_PER_UNIT
from .layout import (
    CALIBRATION,
    PAPER_TILE_MM,
    CARD_BLEED_MM,
    TARGET_RADIUS_MM,
    Box,
    SheetPage,
    SheetSpec,
    card_spec,
    default_sticker,
    sheet_pages,
    sticker_spec,
)

# Sheet furniture: black ink alone (K), so a home printer uses one cartridge for it.
MARK = Ink((0.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0))
GUIDE = Ink((0.4, 0.4, 0.4), (0.0, 0.0, 0.0, 0.6))
STICKER_GUIDE = Ink((0.55, 0.55, 0.55), (0.0, 0.0, 0.0, 0.45))
NOTE = Ink((0.15, 0.15, 0.15), (0.0, 0.0, 0.0, 0.85))
POINT_MM = MM_PER_UNIT["pt"]
CROP_MARK_WIDTH_MM = 0.15  # no line is under the 0.25 pt (0.09 mm) a print shop's preflight accepts
GUIDE_WIDTH_MM = 0.1
TARGET_WIDTH_MM = 0.12
CALIBRATION_LINE_MM = 0.3
NOTE_POINTS = 8.0
TITLE_POINTS = 9.0

FRAME_INSET_MM = 1.0
"""The tile's dark frame sits this far inside its cut line, with face colour beyond it:
a cut at the kitchen table lands within about half of that, and an even margin of
face colour hides the difference where a frame on the cut line would show it."""


def build_sheets(
    game: Game, out: str | Path, paper: str = "a4", tile_size: float | None = None,
    bleed: float | None = None, backs: bool = True, arrangement: str | None = None,
    markings: str = "none", sticker_size: float | None = None, back_design: str = "light",
) -> list[Written]:  # fmt: skip
    """Write the card-stock tile sheet and the sticker sheet of the game's tiles; return what was written.

    ``None`` means the default: a one-inch tile, a 2 mm bleed, stickers that
    leave room on their squares. Both layouts are worked out (and bad input
    refused) before either file is written.
    """
    if back_design not in BACK_DESIGNS:
        raise GrawlixError(f"--back-design {back_design!r} is not one of {', '.join(BACK_DESIGNS)}")
    out = Path(out)
    size = PAPER_TILE_MM if tile_size is None else tile_size
    bleed = CARD_BLEED_MM if bleed is None else bleed
    specs = [
        card_spec(paper, size, bleed, backs, arrangement, markings),
        sticker_spec(paper, size, sticker_size, markings),
    ]
    design = BACK_DESIGNS[back_design]
    game.check()
    tiles = game.tile_set()
    if tiles is None:
        raise GrawlixError(f"{game.name} has no tiles to print on tile sheets")
    check_marking(tiles, markings)
    jobs = [(spec, sheet_pages(spec, tiles.tiles, len(tiles.glyphs))) for spec in specs]
    notes = [_page_notes(spec, pages, tiles) for spec, pages in jobs]  # refuses notes that do not fit
    credits = game.front_matter
    return [
        write_sheet(out / sheet_file_name(spec, design), spec, pages, page_notes, design, tiles, credits)
        for (spec, pages), page_notes in zip(jobs, notes)
    ]


def sheet_file_name(spec: SheetSpec, design: BackDesign = BACK_DESIGNS["light"]) -> str:
    """``tiles-a4.pdf``, ``tiles-letter-30mm-shapes-gutter-fold.pdf``, ``stickers-a4-letters.pdf``.

    The default sizes, markings and back design leave no trace in the name;
    the card-stock name says how the backs are arranged unless it is duplex.
    """
    square = spec.square_side if spec.product == "stickers" else spec.tile_size
    parts = [spec.product, spec.paper]
    if abs(square - PAPER_TILE_MM) > 1e-6:
        parts.append(_size_tag(square))
    if spec.product == "stickers" and abs(spec.tile_size - default_sticker(square)) > 1e-6:
        parts.append(f"sticker-{_size_tag(spec.tile_size)}")
    if spec.markings != "none":
        parts.append(spec.markings)
    if spec.product == "tiles":
        if spec.backs != "duplex":
            parts.append(spec.backs or "no-backs")
        if spec.backs and design is not BACK_DESIGNS["light"]:
            parts.append(f"{design.name}-backs")
    return "-".join(parts) + ".pdf"


def _size_tag(length: float) -> str:
    return f"{round(length, 2):g}mm"


def write_sheet(
    path: Path, spec: SheetSpec, pages: list[SheetPage], notes: list[list[str]], design: BackDesign,
    tiles: TileSet, credits: FrontMatter,
) -> Written:  # fmt: skip
    width, height = pages[0].size
    title = f"{tiles.title} {_product_words(spec)} ({paper_size(spec.paper).name})"
    subject = f"The {len(tiles.tiles)} {tiles.title} tiles {_size_words(spec)}, to print and cut."
    buffer = io.BytesIO()
    keywords = (tiles.title, "print and play", "tile game")
    canvas = new_canvas(buffer, (width * mm, height * mm), Metadata(
        title, subject, keywords, credits.authors, credits.licence, credits.licence_url
    ))  # fmt: skip
    inset = FRAME_INSET_MM / spec.tile_size
    style = TileStyle(frame_inset=inset, marking=spec.markings)
    surface = PdfSurface(canvas, cmyk=True)
    for page, page_notes in zip(pages, notes):
        canvas.setTrimBox(_points(page.trim_box))
        canvas.setBleedBox(_points(page.bleed_box))
        canvas.saveState()
        canvas.scale(mm, mm)
        _draw_page(surface, page, spec, style, design, tiles)
        _draw_note(surface, page.note, page_notes)
        canvas.restoreState()
        canvas.showPage()
    finish(canvas, buffer, path)
    params = {
        "paper": spec.paper,
        "tile_size_mm": round(spec.tile_size, 4),
        "bleed_mm": round(spec.bleed, 4),
        "backs": spec.backs,
        "markings": spec.markings,
        "colour": "cmyk",
        "pages": len(pages),
        "tiles": len(tiles.tiles),
    }
    if spec.product == "stickers":
        params["square_mm"] = round(spec.square_side, 4)
    elif spec.backs:
        params["back_design"] = design.name
    kind = "tile sheets" if spec.product == "tiles" else "sticker sheets"
    return Written(path, kind, params)


def _points(box: Box) -> tuple[float, float, float, float]:
    return (box.x0 * mm, box.y0 * mm, box.x1 * mm, box.y1 * mm)


def _mm(length: float) -> str:
    """``25.4 mm (1 in)``, ``30 mm``: a length as the notes print it."""
    text = f"{length:.2f}".rstrip("0").rstrip(".") + " mm"
    return text + " (1 in)" if abs(length - MM_PER_UNIT["in"]) < 1e-6 else text


def _product_words(spec: SheetSpec) -> str:
    return "card-stock tile sheets" if spec.product == "tiles" else "sticker sheets"


def _size_words(spec: SheetSpec) -> str:
    """The true sizes: ``at 25.4 mm (1 in)``, ``as 22.5 mm stickers for 25.4 mm (1 in) squares``."""
    if spec.product == "tiles":
        return f"at {_mm(spec.tile_size)}"
    return f"as {_mm(spec.tile_size)} stickers for {_mm(spec.square_side)} squares"


# --- drawing (surface units are millimetres here) -------------------------------


def _draw_page(
    surface: PdfSurface, page: SheetPage, spec: SheetSpec, style: TileStyle, design: BackDesign, tiles: TileSet
) -> None:
    guide = GUIDE if spec.product == "tiles" else STICKER_GUIDE
    surface.shape(lines(page.guides), pen=Pen(guide, GUIDE_WIDTH_MM))
    surface.shape(lines(page.crop_marks), pen=Pen(MARK, CROP_MARK_WIDTH_MM))
    size = spec.tile_size
    # Faces and backgrounds first, all of them: card tiles abut, and each one's bleed
    # may cover its neighbour's edge, never its frame.
    for placement in page.fronts:
        draw_face(surface, *placement.cut.centre, size, tiles.face, page.bleed)
    for placement in page.backs:
        draw_face(surface, *placement.cut.centre, size, design.background, page.bleed)
    for placement in page.fronts:
        draw_tile(surface, cast(Tile, placement.piece), *placement.cut.centre, size, style)  # the layout's pieces
    for placement in page.backs:
        draw_back(surface, tiles, *placement.cut.centre, size, design, background=False)
    for x, y in page.targets:
        _target(surface, x, y)
    if page.fold:
        _fold(surface, page.fold)
    _calibration_square(surface, page.calibration, spec.paper)


def _circle(x: float, y: float, r: float) -> Shape:
    """A circle as four cubic Bezier arcs."""
    k = 0.5523 * r  # the control distance that best fits a quarter circle
    return Shape((
        ("M", x + r, y),
        ("C", x + r, y + k, x + k, y + r, x, y + r),
        ("C", x - k, y + r, x - r, y + k, x - r, y),
        ("C", x - r, y - k, x - k, y - r, x, y - r),
        ("C", x + k, y - r, x + r, y - k, x + r, y),
        ("Z",),
    ))  # fmt: skip


def _target(surface: PdfSurface, x: float, y: float) -> None:
    """A circle with a cross through it: seen against a light, front and back should coincide."""
    r = TARGET_RADIUS_MM
    cross = lines([((x - r, y), (x + r, y)), ((x, y - r), (x, y + r))])
    surface.shape(_circle(x, y, r * 0.6) + cross, pen=Pen(MARK, TARGET_WIDTH_MM))


def _fold(surface: PdfSurface, fold) -> None:
    (x, _), (_, y1) = fold
    surface.shape(lines([fold]), pen=Pen(GUIDE, GUIDE_WIDTH_MM * 2, dash=(2, 1.5)))
    surface.text(x + 1.2, y1 - 10, "fold", QUICKSAND, NOTE_POINTS * POINT_MM, NOTE, centred=False)


def _calibration_square(surface: PdfSurface, box: Box, paper: str) -> None:
    """A square whose outside edges measure exactly the stated side, drawn as a filled frame."""
    _, label = CALIBRATION[paper]
    w = CALIBRATION_LINE_MM
    frame = rectangle(box.x0, box.y0, box.width, box.height)
    frame += rectangle(box.x0 + w, box.y0 + w, box.width - 2 * w, box.height - 2 * w)
    surface.shape(frame, fill=MARK, even_odd=True)  # even-odd: a frame, not a block
    cx, cy = box.centre
    surface.text(cx, cy + 0.5, label, QUICKSAND_BOLD, 11 * POINT_MM, MARK)
    surface.text(cx, cy - 3.5, "outside edge to outside edge", QUICKSAND, 7 * POINT_MM, MARK)


# --- the printing notes beside the calibration square ---------------------------------

_BACK_PAGE = (
    "This side lands behind the fronts when the sheet is printed two-sided, flipped on the long"
    " edge. Hold the printed sheet up to a light: this square and the targets should sit"
    " exactly over those on the front."
)
_CARD = {
    "duplex": (
        "Print two-sided, flipping on the long edge; against a light the targets on both sides"
        " should line up. Most home duplex units take card up to about 200 g/m²; for heavier"
        " card, print this page, turn the sheet over on its long edge by hand and print the"
        " back page."
    ),
    "gutter-fold": (
        "Print on thin card or heavy paper of 120–160 g/m². Fold along the dashed line with the"
        " print outside and glue the halves flat: the two layers make a tile about as stiff as"
        " 250–300 g/m² card, still easy to cut."
    ),
    "": "Card of 250–300 g/m² (90–110 lb cover) makes sturdy tiles; feed it straight through.",
}


def _note(spec: SheetSpec, page: SheetPage, sheet: int, sheets: int, title: str) -> list[str]:
    """The words beside the calibration square: what this page is and how to print it.

    The first line is the title; each line is a paragraph, reflowed to the note's width.
    """
    where = f"{paper_size(spec.paper).name} · sheet {sheet} of {sheets}"
    if page.side == "back":
        return [f"{title} tile backs · {where}, back", _BACK_PAGE]
    each = "each sticker" if spec.product == "stickers" else "each tile"
    actual = (
        "Print at actual size (100 %), never “fit to page”: the square must measure"
        f" {CALIBRATION[spec.paper][1]} and {each} {_mm(spec.tile_size)}."
    )
    if spec.product == "stickers":
        room = (spec.square_side - spec.tile_size) / 2
        fit = (
            f"Each sticker leaves {_mm(room)} of its square showing on every side: room to press"
            " it on by hand without it overhanging."
            if room > 1e-6 else "Each sticker is exactly as large as its square: place it with care."
        )
        return [
            f"{title} stickers, {_mm(spec.tile_size)}, for {_mm(spec.square_side)} squares · {where}",
            actual,
            "Print on full-sheet sticker paper and cut along the thin guides. " + fit,
        ]
    side = ", front" if spec.backs == "duplex" else ""
    return [
        f"{title} tiles, {_mm(spec.tile_size)}, for card · {where}{side}",
        actual,
        _CARD[spec.backs or ""],
        (
            "Cut along the lines that run to the edges: first each line across, then each line"
            f" down, midway between two frames. Every frame sits {_mm(FRAME_INSET_MM)} inside its"
            + (
                f" cut and the face colour runs {_mm(spec.bleed)} past the outer cuts, so a slightly"
                " missed cut does not show."
                if spec.bleed
                else " cut; with no bleed, cut the outer lines exactly."
            )
        ),
    ]


def _note_styles() -> tuple[TextStyle, TextStyle]:
    """Title and body of the notes, in millimetres (the sheets' drawing unit)."""
    regular, bold = register_quicksand()
    title = TextStyle(bold, bold, TITLE_POINTS * POINT_MM, 1.3 * TITLE_POINTS * POINT_MM, space_after=1.2)
    body = TextStyle(regular, bold, NOTE_POINTS * POINT_MM, 1.3 * NOTE_POINTS * POINT_MM, space_after=1.2)
    return title, body


def _page_notes(spec: SheetSpec, pages: list[SheetPage], tiles: TileSet) -> list[list[str]]:
    """Each page's notes, checked to fit their box: reflowed to its width, or refused."""
    sheets = sum(page.side != "back" for page in pages)
    notes, sheet = [], 0
    for page in pages:
        sheet += page.side != "back"
        paragraphs = _note(spec, page, sheet, sheets, tiles.title)
        room = page.note.height - _notes_height(paragraphs, page.note.width)
        if room < 0 or page.note.width <= 0:
            raise GrawlixError(
                f"the printing notes do not fit beside the calibration square on"
                f" {paper_size(spec.paper).name} paper ({-room:.1f} mm too tall)"
            )
        notes.append(paragraphs)
    return notes


def _notes_height(paragraphs: list[str], width: float) -> float:
    height = 0.0
    for k, (style, text) in enumerate(_styled(paragraphs)):
        lines = set_text([Span(text)], style, width)
        height += text_height(lines, style) + (style.space_after if k < len(paragraphs) - 1 else 0.0)
    return height


def _styled(paragraphs: list[str]) -> list[tuple[TextStyle, str]]:
    title, body = _note_styles()
    return [(title if k == 0 else body, text) for k, text in enumerate(paragraphs)]


def _draw_note(surface: PdfSurface, box: Box, paragraphs: list[str]) -> None:
    top = box.y1
    for style, text in _styled(paragraphs):
        lines = set_text([Span(text)], style, box.width)
        draw_text(surface, lines, style, box.x0, top, box.width, NOTE)
        top -= text_height(lines, style) + style.space_after
