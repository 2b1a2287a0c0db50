"""The sheets of a piece larger than the paper: an assembly map, then each panel (and its back).

Where the panels fall and what marks each carries is ``tiling``'s; this lays
them out with their words and draws them. The first page is the map: the
calibration square, the notes (how to cut, glue and in what order) and the
whole piece drawn small with its panels on it, each labelled and its glue
strips hatched. Then each piece's panels in order, A1 first, each on a page
of its own (turned as the tiling says) with its crop marks, registration
marks and, in the footer, its label and a small map with it filled in. A
two-sided piece's panel is followed by its back, printed behind it when the
sheet is turned over on its long edge: each back registers with its own
panel (a back page is the front page mirrored), so the glued piece has its
back design whole behind its front. Every page is PDF/X-1a, as the other
sheets are, its TrimBox the panel's cut.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ...drawing.document import MM, Document, Metadata
from ...drawing.fonts import QUICKSAND, QUICKSAND_BOLD
from ...drawing.geometry import Box
from ...drawing.ink import PAPER
from ...drawing.surface import Path as Shape
from ...drawing.surface import Pen, ScaledView, lines, rectangle
from ...errors import StudioError
from ...facts.wording import Noun, capitalised, join_words
from ...files import Written
from ...papers import paper_size
from ...pieces.faces import FaceStyle, PieceFace
from ...pieces.kinds import PieceKind
from ...front_matter import FrontMatter
from .furniture import (
    CROP_MARK_WIDTH_MM,
    GUIDE,
    GUIDE_WIDTH_MM,
    MARK,
    NOTE,
    POINT_MM,
    draw_calibration_square,
    draw_notes,
    mm_words,
    note_styles,
    notes_height,
    page_box,
)
from .tiling import MARK_ZONE_MM, PRINT_MARGIN_MM, Panel, Tiling, panel_marks, tile

Outline = Callable[[float, float, float, float], Shape]
"""The piece's cut outline drawn in a box (x, y, width, height): its shape's path."""

REGISTRATION_MM = 0.2
"""The registration marks at the seams: as heavy as the calibration square's lines, to be seen
against a cut edge."""
OUTLINE_MM = 0.15
"""The piece's outline, cut once the panels are glued."""
MAP_LINE_MM = 0.3
HATCH_STEP_MM = 2.0
FOOTER_POINTS = 7.0
MAP_LABEL_POINTS = 11.0
NOTES_WIDTH_MM = 125.0
GAP_MM = 5.0


@dataclass(frozen=True)
class TiledChoice:
    """How a kind too large for the paper is printed: paper, bleed, whether backs are printed
    (duplex, panel by panel), the colour-blind marking, the back design and the frame."""

    kind: PieceKind
    paper: str
    bleed: float
    backs: bool
    marking: str
    design: str | None
    frame: bool


@dataclass(frozen=True)
class TiledPage:
    """One page: the map (``panel`` None), a panel's front, or (``back``) the back of the page before."""

    size: tuple[float, float]
    panel: Panel | None
    piece: int
    """Which of the kind's pieces (0 first), counting copies; the map's: 0."""
    back: bool = False


@dataclass(frozen=True)
class TiledSheet:
    """A kind's file of panels, laid out: what ``write_tiled_sheet`` draws."""

    choice: TiledChoice
    tiling: Tiling
    faces: tuple[tuple[PieceFace, PieceFace | None], ...]
    """Each piece of the set (each copy), its face and what is printed behind it."""
    pages: tuple[TiledPage, ...]
    notes: list[str]
    name: str

    @property
    def kind(self) -> PieceKind:
        return self.choice.kind


def plan_tiled(choice: TiledChoice, title: str, name: str) -> TiledSheet:
    """A kind's panels, pages and notes; refused in one line (``tiling.tile``) if it cannot be tiled."""
    kind = choice.kind
    where = f"{kind.source}: {kind.name}" if kind.source else kind.name
    key = ".seams" if kind.seams is not None else ".size"
    features = tuple(box for face in kind.faces for box in face.features)
    tiling = tile(kind.size, choice.bleed, choice.paper, kind.noun.the(kind.count), where + key, features, kind.seams,
                  count=kind.count)  # fmt: skip
    faces = tuple(
        (piece.face, kind.back_of(piece, choice.design) if choice.backs else None)
        for piece in kind.pieces
        for _ in range(piece.count)
    )  # fmt: skip
    backed = any(back is not None for _, back in faces)
    map_size = paper_size(choice.paper)
    pages = [TiledPage((map_size.width, map_size.height), None, 0)]
    if backed:
        pages.append(TiledPage((map_size.width, map_size.height), None, 0, back=True))
    for number, (_, back) in enumerate(faces):
        for panel in tiling.panels:
            pages.append(TiledPage(panel.page, panel, number))
            if backed:
                pages.append(TiledPage(panel.page, panel, number, back=True))
    return TiledSheet(choice, tiling, faces, tuple(pages), map_notes(choice, tiling, title, len(faces), backed), name)


# --- the words --------------------------------------------------------------------------------


def order_words(tiling: Tiling) -> str:
    """``A1, A2, B1 and B2``: the order the panels are glued in."""
    return join_words([panel.label for panel in tiling.panels])


def map_notes(choice: TiledChoice, tiling: Tiling, title: str, pieces: int, backed: bool) -> list[str]:
    """The map page's paragraphs (the first its heading): what the file holds, how to print it, cut,
    glue and finish it, in the kind's words."""
    kind = choice.kind
    noun = kind.noun
    width, height = kind.size
    panels = Noun("panel").count(len(tiling.panels))
    grid = f"{Noun('row').count(tiling.rows)} of {tiling.columns}"
    paper = paper_size(choice.paper)
    sheets = len(tiling.panels) * pieces + 1
    each = f"each {kind.singular}" if pieces > 1 else f"the {kind.singular}"
    heading = (f"{title} {noun.word(pieces)}, {mm_words(width)} × {mm_words(height)}, in {panels} ({grid})"
               f" · {paper.name} · {Noun('sheet').count(sheets)}")  # fmt: skip
    how = (f"Print at actual size (100 %), never “fit to page”: the square must measure {paper.calibration_label}."
           " Card of 250–300 g/m² (90–110 lb cover).")  # fmt: skip
    if backed:
        how += (" Print two-sided, flipping on the long edge: each panel's back lands behind it (the map's"
                " back is blank). Most home duplex units stop near 200 g/m²: for heavier card, print each"
                " page and turn the sheet over on its long edge by hand.")  # fmt: skip
    else:
        how += f" {capitalised(noun.the(pieces))} {noun.be(pieces)} printed on one side: feed the card straight through."
    if len(tiling.panels) == 1:
        return [heading, how, f"Cut {each} out along its outline."]
    cut = (f"Cut each panel out along its solid lines, but leave the margin beyond {each}'s outline on for now:"
           " the marks there line the panels up. Each panel runs"
           f" {mm_words(tiling.overlap)} past the seam on its right and at its foot: its glue strip, hatched on the map.")  # fmt: skip
    glue = (f"Glue them in the order {order_words(tiling)}: lay A1 face up, spread glue on its strip and lay the next"
            " panel over it, its cut edge on the line along the seam and the short lines across the seam meeting"
            " as one on both panels; then the next, each over the strips of those before it.")  # fmt: skip
    finish = (f"Once the glue is dry, cut {each} out along its outline, through the margins: the picture"
              f" runs {mm_words(tiling.bleed)} past it, so a cut a little off shows no white.")  # fmt: skip
    if pieces > 1:
        finish += f" The pages hold {noun.count(pieces)} in turn, each with its own panels."
    return [heading, how, cut, glue, finish]


def footer_words(sheet: TiledSheet, page: TiledPage, title: str) -> str:
    """The line under a panel: the piece, the panel and where it goes."""
    assert page.panel is not None
    tiling, kind = sheet.tiling, sheet.kind
    pieces = len(sheet.faces)
    which = f" {page.piece + 1} of {pieces}" if pieces > 1 else ""
    panel = page.panel
    if page.back:
        return f"{title} {kind.singular}{which} · panel {panel.label}, back"
    strips = [side for side, has in (("right", panel.column < tiling.columns - 1), ("foot", panel.row < tiling.rows - 1)) if has]
    glue = f" · glue strip at its {' and '.join(strips)}" if strips else ""
    return f"{title} {kind.singular}{which} · panel {panel.label} of {len(tiling.panels)}{glue}"


# --- drawing -----------------------------------------------------------------------------------


def _back_place(panel: Panel, size: tuple[float, float]) -> tuple[float, float, float]:
    """Where a back face's origin lands on the back of ``panel``'s page, and its turn: the page turned over
    on its long edge (a portrait page's left and right change places; a landscape page's top and
    bottom, which turns the back design half round to stay upright once the piece is turned over)."""
    (page_w, page_h), (w, h) = panel.page, size
    ox, oy = panel.origin
    if page_w <= page_h:
        return (page_w - w - ox, oy, 0.0)
    return (w + ox, page_h - oy, 180.0)


def _mirrored(box: Box, panel: Panel) -> Box:
    page_w, page_h = panel.page
    if page_w <= page_h:
        return Box(page_w - box.x1, box.y0, page_w - box.x0, box.y1)
    return Box(box.x0, page_h - box.y1, box.x1, page_h - box.y0)


def _draw_piece(surface, face: PieceFace, size: tuple[float, float], style: FaceStyle, outline: Outline,
                clip: Box, at: tuple[float, float, float]) -> None:  # fmt: skip
    """``face`` at its full size, its origin at ``at`` (x, y, turn), seen only inside ``clip``; its outline
    on top. The face is drawn once in the file and placed on each panel (a PDF form)."""
    w, h = size
    x, y, angle = at
    with surface.clipped(rectangle(clip.x0, clip.y0, clip.width, clip.height)):
        with surface.transformed(x, y, angle):
            surface.stamp(("tiled", face.name, w, h, style), max(w, h) + style.bleed,
                          lambda stamped: face.draw(stamped, 0.0, 0.0, w, h, style))  # fmt: skip
            surface.shape(outline(0.0, 0.0, w, h), pen=Pen(GUIDE, OUTLINE_MM))


def _draw_panel(surface, sheet: TiledSheet, page: TiledPage, outline: Outline, title: str) -> None:
    assert page.panel is not None
    panel, kind, choice = page.panel, sheet.kind, sheet.choice
    style = FaceStyle(choice.bleed, choice.marking, frame=choice.frame)
    face, back = sheet.faces[page.piece]
    if page.back:
        if back is not None:
            _draw_piece(surface, back, kind.size, style, outline, _mirrored(panel.printed_on_page, panel),
                        _back_place(panel, kind.size))  # fmt: skip
    else:
        _draw_piece(surface, face, kind.size, style, outline, panel.printed_on_page, (*panel.origin, 0.0))
        marks = panel_marks(sheet.tiling, panel)
        surface.shape(lines(marks.crops), pen=Pen(MARK, CROP_MARK_WIDTH_MM))
        surface.shape(lines(marks.along + marks.across), pen=Pen(MARK, REGISTRATION_MM))
        if marks.strip_lines:
            surface.shape(lines(marks.strip_lines), pen=Pen(GUIDE, GUIDE_WIDTH_MM))
    _draw_footer(surface, sheet, page, title)


def _draw_footer(surface, sheet: TiledSheet, page: TiledPage, title: str) -> None:
    """The panel's line, and a small map of the panels with this one filled in, at the page's foot."""
    assert page.panel is not None
    page_w, page_h = page.size
    size = FOOTER_POINTS * POINT_MM
    base = PRINT_MARGIN_MM + 1.5
    text = footer_words(sheet, page, title)
    tiling = sheet.tiling
    cell = 2.5
    right = page_w - PRINT_MARGIN_MM - MARK_ZONE_MM
    grid_w, grid_h = tiling.columns * cell, tiling.rows * cell
    if page.back:  # on the back the map is seen from behind: the columns run the other way
        columns = [tiling.columns - 1 - c for c in range(tiling.columns)]
    else:
        columns = list(range(tiling.columns))
    boxes = Shape()
    filled = Shape()
    for row in range(tiling.rows):
        for k, column in enumerate(columns):
            box = rectangle(right - grid_w + k * cell, base + grid_h - (row + 1) * cell, cell, cell)
            boxes += box
            if (row, column) == (page.panel.row, page.panel.column):
                filled += box
    surface.shape(filled, fill=NOTE)
    surface.shape(boxes, pen=Pen(NOTE, GUIDE_WIDTH_MM * 1.5))
    surface.text(PRINT_MARGIN_MM + MARK_ZONE_MM, base, text, QUICKSAND, size, NOTE, centred=False)


def _map_box(page: TiledPage, notes_top: float) -> Box:
    """Where the map of the panels goes: above the notes, inside the margins."""
    width, height = page.size
    inset = PRINT_MARGIN_MM + MARK_ZONE_MM
    return Box(inset, notes_top + 2 * GAP_MM, width - inset, height - inset)


def _draw_map(surface, sheet: TiledSheet, page: TiledPage, outline: Outline, box: Box) -> None:
    """The piece drawn small, its panels' cells outlined and labelled, their glue strips hatched."""
    kind, tiling = sheet.kind, sheet.tiling
    w, h = kind.size
    label = MAP_LABEL_POINTS * POINT_MM
    scale = min(box.width / w, (box.height - label) / h)
    x0 = box.x0 + (box.width - w * scale) / 2
    y0 = box.y1 - h * scale
    face = sheet.faces[0][0]
    with surface.transformed(x0, y0, scale=scale):
        view = ScaledView(surface, scale)
        with view.clipped(outline(0.0, 0.0, w, h)):
            face.draw(view, 0.0, 0.0, w, h, FaceStyle(0.0, sheet.choice.marking, frame=sheet.choice.frame))
        view.shape(outline(0.0, 0.0, w, h), pen=Pen(MARK, MAP_LINE_MM / scale))
        hatch = Shape()
        strips = Shape()
        for panel in tiling.panels:
            for strip in _strips(panel, tiling):
                strips += rectangle(strip.x0, strip.y0, strip.width, strip.height)
                hatch += _hatch(strip, HATCH_STEP_MM / scale)
        if len(tiling.panels) > 1:
            with view.clipped(strips):
                view.shape(hatch, pen=Pen(PAPER, 2 * MAP_LINE_MM / scale))
                view.shape(hatch, pen=Pen(MARK, MAP_LINE_MM / 2 / scale))
            cells = Shape()
            for panel in tiling.panels:
                c = panel.cell
                cells += rectangle(c.x0, c.y0, c.width, c.height)
            view.shape(cells, pen=Pen(MARK, MAP_LINE_MM / scale, dash=(2.0 / scale, 1.0 / scale)))
    for panel in tiling.panels:
        c = panel.cell
        cx, cy = x0 + (c.x0 + c.x1) / 2 * scale, y0 + (c.y0 + c.y1) / 2 * scale
        text_w = label * 1.6
        surface.shape(rectangle(cx - text_w / 2, cy - label * 0.55, text_w, label * 1.3), fill=PAPER, pen=Pen(MARK, 0.2))
        surface.text(cx, cy - label * 0.3, panel.label, QUICKSAND_BOLD, label, MARK)


def _strips(panel: Panel, tiling: Tiling) -> list[Box]:
    """A panel's glue strips, in the piece's coordinates: beyond its cell on the right and at its foot."""
    c, g = panel.cell, tiling.overlap
    found = []
    if panel.column < tiling.columns - 1:
        found.append(Box(c.x1, c.y0 - (g if panel.row < tiling.rows - 1 else 0.0), c.x1 + g, c.y1))
    if panel.row < tiling.rows - 1:
        found.append(Box(c.x0, c.y0 - g, c.x1, c.y0))
    return found


def _hatch(box: Box, step: float) -> Shape:
    span = box.width + box.height
    count = int(span / step) + 1
    return lines(((box.x0 + k * step - box.height, box.y0), (box.x0 + k * step, box.y1)) for k in range(count + 1))


def _notes_place(sheet: TiledSheet, page: TiledPage) -> tuple[Box, Box]:
    """The calibration square at the map page's foot, and the notes beside it."""
    side = paper_size(sheet.choice.paper).calibration
    inset = PRINT_MARGIN_MM + MARK_ZONE_MM
    width, _ = page.size
    notes_w = min(NOTES_WIDTH_MM, width - 2 * inset - side - GAP_MM)
    height = max(side, notes_height(sheet.notes, notes_w, note_styles()))
    square = Box(inset, inset + height - side, inset + side, inset + height)
    notes = Box(square.x1 + GAP_MM, inset, square.x1 + GAP_MM + notes_w, inset + height)
    return square, notes


def check_notes(sheet: TiledSheet) -> None:
    """The map must keep room for the piece above the notes: else one line, before anything is written."""
    page = sheet.pages[0]
    _, notes = _notes_place(sheet, page)
    box = _map_box(page, notes.y1)
    if box.height < 40.0:
        raise StudioError(f"the assembly notes of the {sheet.kind.plural} leave no room for the map on"
                          f" {paper_size(sheet.choice.paper).name} paper")  # fmt: skip


def write_tiled_sheet(sheet: TiledSheet, out: Path, title: str, credits: FrontMatter, outline: Outline) -> Written:
    """Draw and write a planned file of panels into ``out``; return what was written."""
    kind, choice, tiling = sheet.kind, sheet.choice, sheet.tiling
    paper = paper_size(choice.paper).name
    pieces = len(sheet.faces)
    meta = Metadata(
        f"{title} {kind.plural} in panels ({paper})",
        f"{capitalised(kind.noun.the(pieces))} of {title}, {kind.width:g} x {kind.height:g} mm, in"
        f" {len(tiling.panels)} panels each, to print, cut and glue.",
        (*credits.keywords, "print and play", f"{kind.singular} game"), credits.authors, credits.licence,
        credits.licence_url,
    )  # fmt: skip
    document = Document(meta, cmyk=True, unit=MM, press=True)
    for page in sheet.pages:
        width, height = page.size
        if page.panel is None:
            whole = (0.0, 0.0, width, height)
            with document.page(width, height, whole, whole) as surface:
                if not page.back:
                    square, notes = _notes_place(sheet, page)
                    draw_calibration_square(surface, square, choice.paper)
                    draw_notes(surface, notes, sheet.notes, note_styles(), NOTE)
                    _draw_map(surface, sheet, page, outline, _map_box(page, notes.y1))
            continue
        panel = page.panel
        trim = panel.cut_on_page if not page.back else _mirrored(panel.cut_on_page, panel)
        bleed = panel.printed_on_page if not page.back else _mirrored(panel.printed_on_page, panel)
        with document.page(width, height, page_box(trim), page_box(bleed)) as surface:
            _draw_panel(surface, sheet, page, outline, title)
    document.save(out / sheet.name)
    params: dict[str, object] = {
        "paper": choice.paper,
        "pieces": kind.plural,
        "piece": kind.singular,
        "count": pieces,
        "size_mm": [round(kind.width, 4), round(kind.height, 4)],
        "panels": len(tiling.panels),
        "rows": tiling.rows,
        "columns": tiling.columns,
        "seams_mm": [[round(x, 4) for x in tiling.xs], [round(kind.height - y, 4) for y in reversed(tiling.ys)]],
        "overlap_mm": tiling.overlap,
        "bleed_mm": round(choice.bleed, 4),
        "backs": "duplex" if any(back is not None for _, back in sheet.faces) else None,
        "markings": choice.marking,
        "pages": len(sheet.pages),
        "colour": "cmyk",
    }
    return Written(out / sheet.name, "tiled sheets", params)
