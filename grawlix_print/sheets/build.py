"""Card-stock tile sheets and sticker sheets as PDFs.

The layout (where each tile, mark and guide goes) comes from ``sheet_layout``;
this module draws it with the shared tile drawing and writes the files.
Everything is vector and in CMYK, as a print product should be.
"""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from ..drawing.pdf.canvas import Metadata, finish, new_canvas
from ..drawing.pdf.fonts import BODY as SANS
from ..drawing.pdf.fonts import BOLD as SANS_BOLD
from ..drawing.pdf.surface import PdfSurface
from ..drawing.tile import TileStyle, draw_back, draw_tile
from ..files import Written
from ..tile.identity import TILES
from ..tile.sizes import PAPER_TILE_MM
from ..units import MM_PER_UNIT
from .layout import (
    CALIBRATION,
    CARD_BLEED_MM,
    PAPER_NAMES,
    TARGET_RADIUS_MM,
    Box,
    SheetPage,
    SheetSpec,
    card_spec,
    sheet_pages,
    sticker_spec,
)

# Sheet furniture, in CMYK: marks in pure black so a home printer uses one ink.
MARK_CMYK = (0.0, 0.0, 0.0, 1.0)
GUIDE_CMYK = (0.0, 0.0, 0.0, 0.6)
STICKER_GUIDE_CMYK = (0.0, 0.0, 0.0, 0.45)
NOTE_CMYK = (0.0, 0.0, 0.0, 0.85)
CROP_MARK_WIDTH_MM = 0.15
GUIDE_WIDTH_MM = 0.1
TARGET_WIDTH_MM = 0.12
CALIBRATION_LINE_MM = 0.3
NOTE_POINTS = 8.0
TITLE_POINTS = 9.0
POINT_MM = MM_PER_UNIT["pt"]


def build_sheets(
    out: Path, templates: Path | None = None, paper: str = "a4", tile_size: float | None = None,
    bleed: float | None = None, backs: bool = True, arrangement: str | None = None,
    markings: str = "none",
) -> list[Written]:  # fmt: skip
    """Write the card-stock tile sheet and the sticker sheet; return what was written.

    ``None`` means the default: a one-inch tile and a 2 mm bleed. Both layouts
    are worked out (and bad input refused) before either file is written.
    ``templates`` is not read (tiles come from the tile definition); it is
    taken so that ``grawlix-print all`` can call every product's build alike.
    """
    size = PAPER_TILE_MM if tile_size is None else tile_size
    bleed = CARD_BLEED_MM if bleed is None else bleed
    specs = [
        card_spec(paper, size, bleed, backs, arrangement, markings),
        sticker_spec(paper, size, markings),
    ]
    jobs = [(spec, sheet_pages(spec)) for spec in specs]
    return [write_sheet(out / sheet_file_name(spec), spec, pages) for spec, pages in jobs]


def sheet_file_name(spec: SheetSpec) -> str:
    """``tiles-a4.pdf``, ``tiles-letter-30mm-shapes-gutter-fold.pdf``, ``stickers-a4-letters.pdf``.

    The default tile size and markings leave no trace in the name; the
    card-stock name says how the backs are arranged unless it is duplex.
    """
    parts = [spec.product, spec.paper]
    if abs(spec.tile_size - PAPER_TILE_MM) > 1e-6:
        parts.append(f"{round(spec.tile_size, 2):g}mm")
    if spec.markings != "none":
        parts.append(spec.markings)
    if spec.product == "tiles" and spec.backs != "duplex":
        parts.append(spec.backs or "no-backs")
    return "-".join(parts) + ".pdf"


def write_sheet(path: Path, spec: SheetSpec, pages: list[SheetPage]) -> Written:
    width, height = pages[0].size
    what = "card-stock tile sheet" if spec.product == "tiles" else "sticker sheet"
    buffer = io.BytesIO()
    canvas = new_canvas(
        buffer,
        (width * mm, height * mm),
        Metadata(
            f"Grawlix {what}s ({PAPER_NAMES[spec.paper]})",
            f"The {len(TILES)} Grawlix tiles at {_mm(spec.tile_size)} to print and cut.",
        ),
    )
    style = TileStyle(marking=spec.markings)
    sheet_count = sum(page.side != "back" for page in pages)
    sheet = 0
    for page in pages:
        sheet += page.side != "back"
        canvas.setTrimBox(_points(page.trim_box))
        canvas.setBleedBox(_points(page.bleed_box))
        canvas.saveState()
        canvas.scale(mm, mm)
        _draw_page(canvas, page, spec, style)
        _draw_note(canvas, page, _note(spec, page, sheet, sheet_count))
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
        "tiles": len(TILES),
    }
    kind = "tile sheets" if spec.product == "tiles" else "sticker sheets"
    return Written(path, kind, params)


def _points(box: Box) -> tuple[float, float, float, float]:
    return (box.x0 * mm, box.y0 * mm, box.x1 * mm, box.y1 * mm)


def _mm(length: float) -> str:
    text = f"{length:.2f}".rstrip("0").rstrip(".") + " mm"
    return text + " (1 in)" if abs(length - MM_PER_UNIT["in"]) < 1e-6 else text


# --- drawing (canvas units are millimetres here) -------------------------------


def _draw_page(canvas: Canvas, page: SheetPage, spec: SheetSpec, style: TileStyle) -> None:
    size = spec.tile_size
    canvas.setLineCap(0)
    guide_colour = GUIDE_CMYK if spec.product == "tiles" else STICKER_GUIDE_CMYK
    _lines(canvas, page.guides, GUIDE_WIDTH_MM, guide_colour)
    _lines(canvas, page.crop_marks, CROP_MARK_WIDTH_MM, MARK_CMYK)
    surface = PdfSurface(canvas, cmyk=True)
    for placement in page.fronts:
        cx, cy = placement.cut.centre
        draw_tile(surface, placement.tile, cx, cy, size, style, bleed=page.bleed)
    for placement in page.backs:
        cx, cy = placement.cut.centre
        draw_back(surface, cx, cy, size, style, bleed=page.bleed)
    for x, y in page.targets:
        _target(canvas, x, y)
    if page.fold:
        _fold(canvas, page.fold)
    _calibration_square(canvas, page.calibration, spec.paper)


def _lines(canvas: Canvas, lines, width: float, cmyk) -> None:
    if not lines:
        return
    canvas.setStrokeColorCMYK(*cmyk)
    canvas.setLineWidth(width)
    path = canvas.beginPath()
    for (x0, y0), (x1, y1) in lines:
        path.moveTo(x0, y0)
        path.lineTo(x1, y1)
    canvas.drawPath(path, stroke=1, fill=0)


def _target(canvas: Canvas, x: float, y: float) -> None:
    """A circle with a cross through it: seen against a light, front and back should coincide."""
    r = TARGET_RADIUS_MM
    canvas.setStrokeColorCMYK(*MARK_CMYK)
    canvas.setLineWidth(TARGET_WIDTH_MM)
    canvas.circle(x, y, r * 0.6, stroke=1, fill=0)
    _lines(canvas, [((x - r, y), (x + r, y)), ((x, y - r), (x, y + r))], TARGET_WIDTH_MM, MARK_CMYK)


def _fold(canvas: Canvas, fold) -> None:
    (x, y0), (_, y1) = fold
    canvas.saveState()
    canvas.setDash(2, 1.5)
    _lines(canvas, [fold], GUIDE_WIDTH_MM * 2, GUIDE_CMYK)
    canvas.restoreState()
    canvas.setFillColorCMYK(*NOTE_CMYK)
    canvas.setFont(SANS, NOTE_POINTS * POINT_MM)
    canvas.drawString(x + 1.2, y1 - 10, "fold")


def _calibration_square(canvas: Canvas, box: Box, paper: str) -> None:
    """A square whose outside edges measure exactly the stated side, drawn as a filled frame."""
    _, label = CALIBRATION[paper]
    w = CALIBRATION_LINE_MM
    canvas.setFillColorCMYK(*MARK_CMYK)
    path = canvas.beginPath()
    path.rect(box.x0, box.y0, box.width, box.height)
    path.rect(box.x0 + w, box.y0 + w, box.width - 2 * w, box.height - 2 * w)
    canvas.drawPath(path, stroke=0, fill=1, fillMode=0)  # even-odd: a frame, not a block
    cx, cy = box.centre
    canvas.setFont(SANS_BOLD, 11 * POINT_MM)
    canvas.drawCentredString(cx, cy + 0.5, label)
    canvas.setFont(SANS, 7 * POINT_MM)
    canvas.drawCentredString(cx, cy - 3.5, "outside edge to outside edge")


_HOW_TO = {
    "back": [
        "This side lands behind the fronts when the sheet is printed two-sided,"
        " flipped on the long edge.",
        "Hold the printed sheet up to a light: this square and the targets should sit"
        " exactly over those on the front.",
    ],
    "duplex": [
        "Print two-sided, flipping on the long edge; against a light the targets on both"
        " sides should line up.",
    ],
    "gutter-fold": [
        "Fold along the dashed line with the print outside, glue the halves flat,"
        " then cut through both.",
    ],
    "stickers": [
        "Print on full-sheet sticker paper, cut along the thin guides and put one sticker"
        " on each square.",
    ],
}


def _note(spec: SheetSpec, page: SheetPage, sheet: int, sheets: int) -> list[str]:
    """The words beside the calibration square: what this page is and how to print it."""
    where = f"{PAPER_NAMES[spec.paper]} · sheet {sheet} of {sheets}"
    if page.side == "back":
        return [f"Grawlix tile backs · {where}, back", *_HOW_TO["back"]]
    actual = (
        "Print at actual size (100 %), never “fit to page”: the square must measure"
        f" {CALIBRATION[spec.paper][1]} and each tile {_mm(spec.tile_size)}."
    )
    if spec.product == "stickers":
        return [f"Grawlix stickers for one-inch squares · {where}", actual, *_HOW_TO["stickers"]]
    side = ", front" if spec.backs == "duplex" else ""
    return [
        f"Grawlix tiles for card stock · {where}{side}",
        actual,
        *_HOW_TO.get(spec.backs or "", []),
        "Card stock of 250–300 g/m² works well. Cut along the lines that run to the edges;"
        f" each tile's face runs {_mm(spec.bleed)} past its cut.",
    ]


def _draw_note(canvas: Canvas, page: SheetPage, lines: list[str]) -> None:
    box = page.note
    canvas.setFillColorCMYK(*NOTE_CMYK)
    y = box.y1 - TITLE_POINTS * POINT_MM
    for k, line in enumerate(lines):
        font, points = (SANS_BOLD, TITLE_POINTS) if k == 0 else (SANS, NOTE_POINTS)
        size = points * POINT_MM
        for part in simpleSplit(line, font, size, box.width):
            canvas.setFont(font, size)
            canvas.drawString(box.x0, y, part)
            y -= size * 1.3
        y -= size * 0.5
