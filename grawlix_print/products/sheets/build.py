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

from ...drawing.fonts import LETTER_FACE, QUICKSAND, text_width
from ...drawing.ink import BLACK
from ...drawing.pdf.canvas import Metadata, finish, new_canvas
from ...drawing.pdf.surface import PdfSurface
from ...drawing.pdf.typeset import TextStyle
from ...drawing.surface import Path as Shape
from ...drawing.surface import Pen, lines, polygon
from ...pieces.tile_drawing import TileStyle, draw_back, draw_face, draw_tile
from ...errors import GrawlixError
from ...files import Written
from ...pieces.tiles import Colour, Tile, TileSet
from ...games.base import Game
from ...rulebook import FrontMatter
from ...pieces.tile_look import BACK_DESIGNS, BackDesign, check_mark_size, check_marking, colour_mark
from ...papers import paper_size
from .furniture import (
    CROP_MARK_WIDTH_MM,
    GUIDE,
    GUIDE_WIDTH_MM,
    MARK,
    draw_calibration_square,
    draw_fold,
    draw_notes,
    draw_target,
    mm_words,
    note_lines as set_lines,
    note_styles,
    notes_height,
    pdf_box,
)
from .layout import (
    PAPER_TILE_MM,
    TILE_BLEED_MM,
    FRAME_INSET_MM,
    Box,
    SheetPage,
    SheetSpec,
    card_spec,
    default_sticker,
    sheet_pages,
    sticker_spec,
)

NOTE = BLACK
NOTE_POINTS = 9.0
TITLE_POINTS = 10.0
"""A tile sheet's notes: 9 pt in a measure of about 85 characters (``layout.NOTE_MEASURE_MM``)."""
NOTE_SCALES = (1.0, 0.9, 0.8)
"""The sizes the notes may be set at, largest first: a long title (up to 40 letters) or many
options may need a smaller one; at 80 % (7.2 pt) they still read easily."""
LEGEND_MARK_MM = 3.2
"""Each colour's mark in the legend under the notes (its side)."""
FRAME_WIDTH = 0.02
"""With ``--frame``, the frame's line as a fraction of the tile side (half a millimetre at one inch)."""


def build_sheets(
    game: Game, out: str | Path, paper: str = "a4", tile_size: float | None = None,
    bleed: float | None = None, backs: bool = True, arrangement: str | None = None,
    markings: str = "none", sticker_size: float | None = None, back_design: str | None = None,
    card_size: tuple[float, float] | None = None, frame: bool = False,
) -> list[Written]:  # fmt: skip
    """Write the card-stock tile sheet and the sticker sheet of the game's tiles; return what was written.

    ``None`` means the default: a one-inch tile, a 2 mm bleed, stickers that
    leave room on their squares. ``frame`` draws a frame ``FRAME_INSET_MM``
    inside each cut. Both layouts are worked out (and bad input refused)
    before either file is written. A game of cards (faces but no tile set)
    gets its card sheets instead (``sheets.cards``).
    """
    if game.tile_set() is None:
        return _card_sheets(game, out, paper, card_size, bleed, backs, arrangement, markings,
                            tile_size=tile_size, sticker_size=sticker_size, back_design=back_design,
                            frame=frame)  # fmt: skip
    if card_size is not None:
        raise GrawlixError(f"--card-size is for card games; {game.name} has tiles (use --tile-size)")
    back_design = back_design or "light"
    if back_design not in BACK_DESIGNS:
        raise GrawlixError(f"--back-design {back_design!r} is not one of {', '.join(BACK_DESIGNS)}")
    out = Path(out)
    size = PAPER_TILE_MM if tile_size is None else tile_size
    bleed = TILE_BLEED_MM if bleed is None else bleed
    specs = [
        card_spec(paper, size, bleed, backs, arrangement, markings),
        sticker_spec(paper, size, sticker_size, markings, bleed),
    ]
    design = BACK_DESIGNS[back_design]
    game.check()
    tiles = game.tile_set()
    if tiles is None:
        raise GrawlixError(f"{game.name} has no tiles to print on tile sheets")
    check_marking(tiles, markings)
    jobs = [(spec, sheet_pages(spec, tiles.tiles, len(tiles.glyphs))) for spec in specs]
    for spec in specs:
        check_mark_size(markings, spec.tile_size, "--tile-size" if spec.product == "tiles" else "--sticker-size")
    notes = [_page_notes(spec, pages, tiles, frame) for spec, pages in jobs]  # refuses notes that do not fit
    credits = game.front_matter
    return [
        write_sheet(out / sheet_file_name(spec, design, frame), spec, pages, page_notes, design, tiles, credits,
                    frame, scale)  # fmt: skip
        for (spec, pages), (page_notes, scale) in zip(jobs, notes)
    ]


def _card_sheets(
    game: Game, out: str | Path, paper: str, card_size: tuple[float, float] | None, bleed: float | None,
    backs: bool, arrangement: str | None, markings: str, **tile_options: object,
) -> list[Written]:  # fmt: skip
    """The card sheets, refusing options that only tiles take."""
    from .cards import build_card_sheets

    given = {"tile_size": None, "sticker_size": None, "back_design": None, "frame": False}
    for option, value in tile_options.items():
        if value != given[option]:
            flag = "--" + option.replace("_", "-")
            raise GrawlixError(f"{flag} is for tile games; {game.name} has cards (use --card-size)")
    return build_card_sheets(game, out, paper, card_size, bleed, backs, arrangement, markings)


def sheet_file_name(spec: SheetSpec, design: BackDesign = BACK_DESIGNS["light"], frame: bool = False) -> str:
    """``tiles-a4.pdf``, ``tiles-letter-30mm-shapes-gutter-fold.pdf``, ``stickers-a4-letters.pdf``.

    The default sizes, markings, back design and frameless faces leave no trace
    in the name; the card-stock name says how the backs are arranged unless it is duplex.
    """
    square = spec.square_side if spec.product == "stickers" else spec.tile_size
    parts = [spec.product, spec.paper]
    if abs(square - PAPER_TILE_MM) > 1e-6:
        parts.append(_size_tag(square))
    if spec.product == "stickers" and abs(spec.tile_size - default_sticker(square)) > 1e-6:
        parts.append(f"sticker-{_size_tag(spec.tile_size)}")
    if spec.markings != "none":
        parts.append(spec.markings)
    if frame:
        parts.append("framed")
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
    tiles: TileSet, credits: FrontMatter, frame: bool = False, note_scale: float = 1.0,
) -> Written:  # fmt: skip
    width, height = pages[0].size
    title = f"{tiles.title} {_product_words(spec)} ({paper_size(spec.paper).name})"
    subject = f"The {len(tiles.tiles)} {tiles.title} tiles {_size_words(spec)}, to print and cut."
    buffer = io.BytesIO()
    keywords = (tiles.title, "print and play", "tile game")
    canvas = new_canvas(buffer, (width * mm, height * mm), Metadata(
        title, subject, keywords, credits.authors, credits.licence, credits.licence_url
    ))  # fmt: skip
    surface = PdfSurface(canvas, cmyk=True, unit_pt=mm)
    style = tile_style(spec, frame).at_size(spec.tile_size, surface.unit_pt)
    for page, page_notes in zip(pages, notes):
        canvas.setTrimBox(pdf_box(page.trim_box))
        canvas.setBleedBox(pdf_box(page.bleed_box))
        canvas.saveState()
        canvas.scale(mm, mm)
        _draw_page(surface, page, spec, style, design, tiles)
        bottom = draw_notes(surface, page.note, page_notes, _note_styles(note_scale), NOTE)
        if spec.markings != "none" and page.side != "back":
            _draw_legend(surface, page.note, bottom, tiles, spec.markings, note_scale)
        canvas.restoreState()
        canvas.showPage()
    finish(canvas, buffer, path)
    params = {
        "paper": spec.paper,
        "tile_size_mm": round(spec.tile_size, 4),
        "bleed_mm": round(spec.bleed, 4),
        "backs": spec.backs,
        "markings": spec.markings,
        "frame": frame,
        "colour": "cmyk",
        "pages": len(pages),
        "tiles": len(tiles.tiles),
        "sets": sum(page.sets for page in pages if page.side != "back"),
    }
    if spec.product == "stickers":
        params["square_mm"] = round(spec.square_side, 4)
    elif spec.backs:
        params["back_design"] = design.name
    kind = "tile sheets" if spec.product == "tiles" else "sticker sheets"
    return Written(path, kind, params)


def tile_style(spec: SheetSpec, frame: bool) -> TileStyle:
    """How the sheet draws a tile's front: frameless faces, or a frame well inside the cut."""
    if frame:
        return TileStyle(frame=FRAME_WIDTH, frame_inset=FRAME_INSET_MM / spec.tile_size, marking=spec.markings)
    return TileStyle(marking=spec.markings)


def _product_words(spec: SheetSpec) -> str:
    return "card-stock tile sheets" if spec.product == "tiles" else "sticker sheets"


def _size_words(spec: SheetSpec) -> str:
    """The true sizes: ``at 25.4 mm (1 in)``, ``as 22.5 mm stickers for 25.4 mm (1 in) squares``."""
    if spec.product == "tiles":
        return f"at {mm_words(spec.tile_size)}"
    return f"as {mm_words(spec.tile_size)} stickers for {mm_words(spec.square_side)} squares"


# --- drawing (surface units are millimetres here) -------------------------------


def _draw_page(
    surface: PdfSurface, page: SheetPage, spec: SheetSpec, style: TileStyle, design: BackDesign, tiles: TileSet
) -> None:
    surface.shape(lines(page.guides), pen=Pen(GUIDE, GUIDE_WIDTH_MM))
    surface.shape(lines(page.crop_marks), pen=Pen(MARK, CROP_MARK_WIDTH_MM))
    size = spec.tile_size
    # Faces and backgrounds first, all of them: tiles abut, and each one's bleed
    # may cover its neighbour's edge, never its glyph.
    for placement in page.fronts:
        draw_face(surface, *placement.cut.centre, size, tiles.face, page.bleed)
    for placement in page.backs:
        draw_face(surface, *placement.cut.centre, size, design.background, page.bleed)
    for placement in page.fronts:
        draw_tile(surface, cast(Tile, placement.piece), *placement.cut.centre, size, style)  # the layout's pieces
    for placement in page.backs:
        draw_back(surface, tiles, *placement.cut.centre, size, design, background=False)
    for x, y in page.targets:
        draw_target(surface, x, y)
    if page.fold:
        draw_fold(surface, page.fold)
    draw_calibration_square(surface, page.calibration, spec.paper)


# --- the printing notes beside the calibration square ---------------------------------

_BACK_PAGE = (
    "This side lands behind the fronts when the sheet is printed two-sided, flipped on the long"
    " edge. Against a light, this square and the targets should sit exactly over those on the front."
)
CARD_ADVICE = {
    # (also the kit's index: kit.index)
    "duplex": (
        "Card of 250–300 g/m². Print two-sided, flipping on the long edge; against a light the"
        " targets on both sides should line up. Most home duplex units stop near 200 g/m²: print"
        " this page, turn the sheet over on its long edge by hand and print the back page."
    ),
    "gutter-fold": (
        "Print on thin card or heavy paper of 120–160 g/m². Fold along the dashed line with the"
        " print outside and glue the halves flat: the two layers make a tile about as stiff as"
        " 250–300 g/m² card, still easy to cut."
    ),
    "": "Card of 250–300 g/m² (90–110 lb cover) makes sturdy tiles; feed it straight through.",
}


def _note(spec: SheetSpec, page: SheetPage, sheet: int, sheets: int, title: str, frame: bool) -> list[str]:
    """The words beside the calibration square: what this page is and how to print it.

    The first line is the title; each line is a paragraph, reflowed to the note's width.
    """
    where = f"{paper_size(spec.paper).name} · sheet {sheet} of {sheets}"
    if page.sets > 1:
        where += f" · {page.sets} sets"
    if page.side == "back":
        return [f"{title} tile backs · {where}, back", _BACK_PAGE]
    each = "each sticker" if spec.product == "stickers" else "each tile"
    actual = (
        "Print at actual size (100 %), never “fit to page”: the square must measure"
        f" {paper_size(spec.paper).calibration_label} and {each} {mm_words(spec.tile_size)}."
    )
    cut = "Cut along the lines that run to the edges: first each line across, then each line down."
    if frame:
        cut += (
            f" Each frame sits {mm_words(FRAME_INSET_MM)} inside its cut, so a cut a little off"
            " still leaves a margin all round."
        )
    elif spec.bleed:
        cut += (
            f" The faces run {mm_words(spec.bleed)} past the outer cuts and have no border near"
            " a cut, so a cut a little off does not show."
        )
    else:
        cut += " With no bleed, cut the outer lines exactly."
    if spec.product == "stickers":
        room = (spec.square_side - spec.tile_size) / 2
        fit = (
            f"Each sticker leaves {mm_words(room)} of its square showing on every side: room to press"
            " it on by hand without it overhanging."
            if room > 1e-6 else "Each sticker is exactly as large as its square: place it with care."
        )
        return [
            f"{title} stickers, {mm_words(spec.tile_size)}, for {mm_words(spec.square_side)} squares · {where}",
            actual,
            "Print on full-sheet sticker paper. " + cut,
            fit,
        ]
    side = ", front" if spec.backs == "duplex" else ""
    return [
        f"{title} tiles, {mm_words(spec.tile_size)}, for card · {where}{side}",
        actual,
        CARD_ADVICE[spec.backs or ""],
        cut,
    ]


def _note_styles(scale: float = 1.0) -> tuple[TextStyle, TextStyle]:
    return note_styles(TITLE_POINTS * scale, NOTE_POINTS * scale, leading=1.25, space_after=1.0)


def _page_notes(
    spec: SheetSpec, pages: list[SheetPage], tiles: TileSet, frame: bool = False
) -> tuple[list[list[str]], float]:
    """Each page's notes and the one size (of ``NOTE_SCALES``) at which every page's fit its box,
    with the legend of marks: reflowed to its width, set smaller if they must be, or refused."""
    sheets = sum(page.side != "back" for page in pages)
    notes, sheet = [], 0
    for page in pages:
        sheet += page.side != "back"
        notes.append(_note(spec, page, sheet, sheets, tiles.title, frame))
    short = 0.0
    for scale in NOTE_SCALES:
        short = max(
            notes_height(paragraphs, page.note.width, _note_styles(scale)) + _legend_height(spec, page, tiles, scale)
            - page.note.height
            for page, paragraphs in zip(pages, notes)
        )  # fmt: skip
        if short <= 0 and all(page.note.width > 0 for page in pages):
            return notes, scale
    raise GrawlixError(
        f"the printing notes do not fit beside the calibration square on"
        f" {paper_size(spec.paper).name} paper ({short:.1f} mm too tall)"
    )


def note_lines(paragraphs: list[str], width: float) -> list[str]:
    """The notes as they are set, line by line (what a reader's eye travels along)."""
    return set_lines(paragraphs, width, _note_styles())


LEGEND_GAP_MM = 2.0
"""Between the notes and the legend, and between two lines of the legend."""


def _legend_rows(tiles: TileSet, note: Box, size: float) -> list[list[tuple[Colour, float]]]:
    """The legend's entries (a colour and where its mark starts), in as many lines of the notes'
    width as its names need: long names wrap rather than run off the page."""
    rows: list[list[tuple[Colour, float]]] = [[]]
    x = note.x0
    for colour in tiles.colours:
        name_width = text_width(colour.name, QUICKSAND, size)
        if rows[-1] and x + LEGEND_MARK_MM + 1.2 + name_width > note.x1:
            rows.append([])
            x = note.x0
        rows[-1].append((colour, x))
        x += LEGEND_MARK_MM + 1.2  # two steps, as the names were always placed: the same coordinates, the same bytes
        x += name_width + 4.0
    return rows


def _legend_height(spec: SheetSpec, page: SheetPage, tiles: TileSet, scale: float) -> float:
    """The legend of marks under a page's notes (a front's, when the tiles are marked; its marks
    keep their size when the notes are set smaller), or nothing."""
    if spec.markings == "none" or page.side == "back":
        return 0.0
    lines = len(_legend_rows(tiles, page.note, _note_styles(scale)[1].size))
    return lines * (LEGEND_MARK_MM + LEGEND_GAP_MM)


def _draw_legend(
    surface: PdfSurface, note: Box, top: float, tiles: TileSet, marking: str, scale: float = 1.0
) -> None:
    """Lines under the notes: each colour's mark beside its name, as the tiles' corners show them."""
    size = _note_styles(scale)[1].size
    for line, row in enumerate(_legend_rows(tiles, note, size)):
        y = top - LEGEND_GAP_MM - LEGEND_MARK_MM / 2 - line * (LEGEND_MARK_MM + LEGEND_GAP_MM)  # the marks' centre line
        for colour, x in row:
            cx = x + LEGEND_MARK_MM / 2
            if marking == "letters":  # on the names' baseline: one line of text
                surface.text(cx, y - size * 0.35, colour.letter, LETTER_FACE, size, MARK)
            else:
                path = Shape()
                for loop in colour_mark(colour):
                    path += polygon((cx + px * LEGEND_MARK_MM, y + py * LEGEND_MARK_MM) for px, py in loop)
                surface.shape(path, fill=MARK, even_odd=True)
            surface.text(x + LEGEND_MARK_MM + 1.2, y - size * 0.35, colour.name, QUICKSAND, size, NOTE, centred=False)
