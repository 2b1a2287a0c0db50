"""Where things go on a tile sheet or sticker sheet: pure geometry, no drawing.

Every position is in millimetres from the page's lower-left corner, y up (as
in PDF). Keeping the layout apart from the drawing lets the tests check the
promises a printed sheet makes (pieces of the stated size, every back behind
its own front after a long-edge flip, marks outside the cut) on plain values.

Square and rectangular pieces (tiles, tokens) and their stickers stand edge
to edge, so one cut separates two of them and every cut line runs straight
across the sheet, with one guide each; the block's faces run ``bleed`` past
its outer cut lines. Pieces cut round their outline (a circle, a hexagon)
stand as their shape nests (``pieces.shapes.Nesting``: circles and hexagons in
offset rows), their outlines two bleeds apart so each face's bleed is its own,
with no straight cut between them. Where one set of pieces takes a small part
of the page, the page holds as many whole sets as fit.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING

from ...drawing.geometry import Box
from ...errors import StudioError
from ...options import OptionError
from ...papers import paper_size

if TYPE_CHECKING:
    from ...pieces.shapes import Nesting, PieceShape

Point = tuple[float, float]
Line = tuple[Point, Point]

DEFAULT_TILE_MM = 25.4
"""A sheet's piece when nothing else says: one inch (a kind of piece says its own size)."""

PRODUCTS = ("card-stock", "stickers")
"""Pieces on card stock (cut out, with backs) or on sticker paper (stuck on wooden blanks)."""
ARRANGEMENTS = ("duplex", "gutter-fold")

PRINT_MARGIN_MM = 6.35
"""Nothing but the cut guides (they run on to the edge on purpose) comes nearer the paper's edge:
home printers leave 4-6.35 mm (a quarter inch) unprinted."""

TILE_BLEED_MM = 2.0
"""How far the faces of tiles and stickers run past the block's outer cut lines by default."""

CARD_BLEED_MM = 3.0
"""How far the outer cards' faces run past the block's outer cuts by default: a print shop's 1/8 in,
near enough, and more than a careful cut at home misses by."""

STICKER_ROOM_MM = 1.45
"""Wood left showing on each side of a default sticker. A sticker pressed on by hand lands
within about 1 mm of centre, and craft squares sold as one inch vary by about 0.5 mm, so
1.45 mm a side keeps it on the wood: 25.4 - 2 x 1.45 = 22.5 mm, the designer's own size."""

CROP_OFFSET_MM = 1.0
"""Gap between the bleed's edge and the start of a crop mark, so a mark never prints on a tile."""

CROP_LENGTH_MM = 4.0
MARK_ZONE_MM = CROP_OFFSET_MM + CROP_LENGTH_MM
"""Room around a block of card-stock tiles for its crop marks and registration targets."""

FOOTER_GAP_MM = 3.0
NOTE_GAP_MM = 5.0
"""Between the calibration square and the printing notes beside it."""
NOTE_MEASURE_MM = 125.0
"""The notes' widest line: about 85 characters of 9 pt type, a line the eye follows back
to the start of the next without losing its place."""
TARGET_RADIUS_MM = 2.0

MIN_TILE_MM = 10.0
"""Below this a tile's or token's face is too small to print legibly (stickers too)."""


def bounds(boxes: list[Box]) -> Box:
    return Box(
        min(b.x0 for b in boxes), min(b.y0 for b in boxes),
        max(b.x1 for b in boxes), max(b.y1 for b in boxes),
    )  # fmt: skip


@dataclass(frozen=True)
class SheetSpec:
    """What the user asked for. ``backs`` is None, "duplex" or "gutter-fold".

    ``tile_size`` is the width of what is cut out: a piece on card stock or a sticker; ``height``
    its height (None: as wide as tall). ``square`` is, for stickers, the width of the blank they
    go on (``square_height`` its height). Edge to edge in blocks, their faces run ``bleed`` past
    the outer cuts; ``spaced`` pieces (cut round a circle or a hexagon) stand as their ``shape``
    nests, two bleeds apart (without a shape, in cells ``bleed`` larger all round).
    """

    product: str = "card-stock"
    paper: str = "a4"
    tile_size: float = DEFAULT_TILE_MM
    bleed: float = TILE_BLEED_MM
    backs: str | None = "duplex"
    markings: str = "none"
    square: float | None = None
    height: float | None = None
    square_height: float | None = None
    spaced: bool = False
    shape: PieceShape | None = None
    """The pieces' entry in the shape registry, which says how spaced pieces nest."""

    @property
    def square_side(self) -> float:
        """The width of the blank a piece goes on: a sticker's ``square``, a card-stock piece's own."""
        return self.tile_size if self.square is None else self.square

    @property
    def piece(self) -> Point:
        """The piece's width and height, cut line to cut line."""
        return (self.tile_size, self.tile_size if self.height is None else self.height)

    @property
    def blank(self) -> Point:
        """The width and height of the blank a piece goes on (a card-stock piece's own)."""
        if self.square is None:
            return self.piece
        return (self.square, self.square if self.square_height is None else self.square_height)

    @property
    def pitch(self) -> Point:
        """From one straight cut to the next, across and down: the piece, or its cell when spaced."""
        w, h = self.piece
        return (w + 2 * self.bleed, h + 2 * self.bleed) if self.spaced else (w, h)

    @cached_property
    def nesting(self) -> Nesting | None:
        """Where spaced pieces stand: their shape's nesting (circles and hexagons in offset rows) with
        two bleeds between outlines, so each face runs its bleed past its outline and no further than
        its neighbour's does; None for cells (each piece in its box and bleed, straight cuts between),
        which spaced pieces keep where their nesting holds no more of them on the page (a shifted row
        that leaves no room for its shift), and pieces edge to edge always."""
        if not self.spaced or self.shape is None:
            return None
        nested = self.shape.nesting(self.piece, 2 * self.bleed)
        area = _frame(self).blocks[0]
        rows, columns = nested.fits((area.width - 2 * self.bleed, area.height - 2 * self.bleed), self.piece)
        across, down = self.pitch  # a cell holds its bleed: no block bleed beyond it
        cells = math.floor(area.width / across + 1e-9) * math.floor(area.height / down + 1e-9)
        return nested if rows * columns > cells else None

    @property
    def block_bleed(self) -> float:
        """How far the block's faces run past its outer cuts (a spaced cell holds its own)."""
        return 0.0 if self.spaced and self.nesting is None else self.bleed

    @property
    def mark_zone(self) -> float:
        return MARK_ZONE_MM


def card_spec(
    paper: str, tile_size: float, bleed: float, backs: bool, arrangement: str | None,
    markings: str = "none", height: float | None = None, spaced: bool = False, shape: PieceShape | None = None,
) -> SheetSpec:  # fmt: skip
    """The card-stock spec from command-line choices; contradictions are errors."""
    check_arrangement(backs, arrangement)
    arranged = (arrangement or "duplex") if backs else None
    return SheetSpec("card-stock", paper, tile_size, bleed, arranged, markings, height=height, spaced=spaced, shape=shape)


def check_arrangement(backs: bool, arrangement: str | None) -> None:
    """An arrangement of backs asked for with no backs is a contradiction, refused in one line."""
    if not backs and arrangement is not None:
        raise OptionError(f"{{arrangement}} {arrangement} arranges backs, but no backs are printed ({{backs}} is off):"
                          " drop one of the two", "arrangement", "backs")  # fmt: skip


def sticker_spec(
    paper: str, square: float, sticker: float | None = None, markings: str = "none",
    bleed: float = TILE_BLEED_MM, square_height: float | None = None, spaced: bool = False,
    shape: PieceShape | None = None,
) -> SheetSpec:  # fmt: skip
    """Stickers for blanks ``square`` wide (and ``square_height`` tall): ``sticker`` wide, or leaving
    room to place them; as much room all round."""
    size = default_sticker(square) if sticker is None else sticker
    height = None if square_height is None else square_height - (square - size)
    return SheetSpec("stickers", paper, size, bleed, None, markings, square, height, square_height, spaced, shape)


def default_sticker(square: float) -> float:
    """``STICKER_ROOM_MM`` of wood a side, but never a sticker under ``MIN_TILE_MM`` if the square allows."""
    return min(square, max(MIN_TILE_MM, square - 2 * STICKER_ROOM_MM))


@dataclass(frozen=True)
class Placement:
    """One piece's cut square; on a back, ``piece`` is the piece whose front it backs."""

    piece: Hashable
    cut: Box


@dataclass(frozen=True)
class SheetPage:
    """One page: what is printed on it and where.

    ``side`` is "front", "back" (the duplex back of the page before it) or
    "folded" (fronts on the left half, their backs on the right half).
    ``sets`` is how many whole sets of pieces the page holds.
    """

    side: str
    size: Point
    fronts: tuple[Placement, ...]
    backs: tuple[Placement, ...]
    bleed: float
    crop_marks: tuple[Line, ...]
    guides: tuple[Line, ...]
    targets: tuple[Point, ...]
    fold: Line | None
    calibration: Box
    note: Box
    sets: int = 1

    @property
    def cuts(self) -> list[Box]:
        return [p.cut for p in self.fronts + self.backs]

    @property
    def trim_box(self) -> Box:
        """The smallest box holding every cut square: what a print shop cuts to."""
        return bounds(self.cuts)

    @property
    def bleed_box(self) -> Box:
        return self.trim_box.grown(self.bleed)


# --- validation and capacity -------------------------------------------------


def _fits(available: float, pitch: float, spec: SheetSpec) -> int:
    """How many pieces ``pitch`` apart fit side by side in ``available`` mm, the block's bleed included."""
    return max(0, math.floor((available - 2 * spec.block_bleed) / pitch + 1e-9))


@dataclass(frozen=True)
class _Frame:
    """The page's fixed parts: where tile blocks may go, and the footer."""

    width: float
    height: float
    blocks: tuple[Box, ...]  # one area per block (two for gutter-fold)
    footer: Box


def _frame(spec: SheetSpec) -> _Frame:
    paper = paper_size(spec.paper)
    width, height = paper.width, paper.height
    side = paper_size(spec.paper).calibration
    m, z = PRINT_MARGIN_MM, spec.mark_zone
    footer = Box(m, m, width - m, m + side)
    top, bottom = height - m - z, footer.y1 + FOOTER_GAP_MM + z
    blocks: tuple[Box, ...]
    if spec.backs == "gutter-fold":
        half = width / 2
        blocks = (Box(m + z, bottom, half - z, top), Box(half + z, bottom, width - m - z, top))
    else:
        blocks = (Box(m + z, bottom, width - m - z, top),)
    return _Frame(width, height, blocks, footer)


def check_spec(spec: SheetSpec, piece: str = "tile") -> None:
    """Refuse, in one line, anything that cannot be printed sensibly (``piece`` names one in words).

    A size is the ``tile_size`` option's (stickers of its blanks), unless a sticker's own is at fault.
    """
    paper = paper_size(spec.paper)
    if spec.product not in PRODUCTS:
        raise StudioError(f"unknown sheet product {spec.product!r}")
    if spec.backs not in (None, *ARRANGEMENTS):
        raise StudioError(f"unknown arrangement {spec.backs!r} (use {', '.join(ARRANGEMENTS)})")
    width, height = spec.piece
    if not all(math.isfinite(v) and v > 0 for v in (width, height)):
        raise OptionError("{tile_size} must be greater than zero", "tile_size")
    if not (math.isfinite(spec.bleed) and spec.bleed >= 0):
        raise OptionError("{bleed} must not be negative", "bleed")
    if spec.square is not None and spec.tile_size > spec.square + 1e-9:
        raise OptionError(
            f"{{sticker_size}} {spec.tile_size:g} mm is larger than the {spec.square:g} mm {blank_words(spec)}"
            " the stickers go on ({tile_size}); a sticker must fit its blank", "sticker_size", "tile_size",
        )  # fmt: skip
    if min(width, height) < MIN_TILE_MM:
        option = "sticker_size" if spec.square is not None and min(spec.blank) > MIN_TILE_MM else "tile_size"
        raise OptionError(
            f"{{{option}}} {size_words(spec.piece)} is too small to print a face legibly (at least {MIN_TILE_MM:g} mm)",
            option,
        )  # fmt: skip
    if spec.bleed > min(width, height) / 4:
        raise OptionError(
            f"{{bleed}} {spec.bleed:g} mm is more than a quarter of the {min(width, height):g} mm {piece};"
            " a bleed only needs to cover a slightly missed cut (2-3 mm)", "bleed",
        )  # fmt: skip
    frame = _frame(spec)
    area = frame.blocks[0]
    if not fits_sheet(spec):
        largest = min(area.width - 2 * spec.bleed, (area.height - 2 * spec.bleed) * width / height)
        bleed = f" with {spec.bleed:g} mm bleed" if spec.bleed else ""
        layout = ", fronts and backs side by side" if spec.backs == "gutter-fold" else ""
        wide = "" if width == height else " wide"
        raise OptionError(
            f"{{tile_size}} {size_words(spec.piece)}{bleed} does not fit on {paper.name}"
            f" paper{layout} (at most {math.floor(largest * 10) / 10:g} mm{wide} fits)", "tile_size",
        )  # fmt: skip


def fits_sheet(spec: SheetSpec) -> bool:
    """Whether a piece of ``spec`` fits a page of its paper with its marks and notes (else a piece of a
    kind's own size is printed in panels: ``tiling``)."""
    return min(capacity(spec, _frame(spec).blocks[0])) >= 1


def capacity(spec: SheetSpec, area: Box) -> tuple[int, int]:
    """How many pieces of ``spec`` fit in ``area`` with their bleed: (columns, rows)."""
    nesting = spec.nesting
    if nesting is None:
        across, down = spec.pitch
        return _fits(area.width, across, spec), _fits(area.height, down, spec)
    room = (area.width - 2 * spec.bleed, area.height - 2 * spec.bleed)
    rows, columns = nesting.fits(room, spec.piece)
    return columns, rows


def size_words(size: Point) -> str:
    """``25 mm``, or ``30 x 40 mm`` for a piece that is not as wide as tall."""
    width, height = size
    return f"{width:g} mm" if width == height else f"{width:g} x {height:g} mm"


def blank_words(spec: SheetSpec) -> str:
    """What stickers go on, in messages: squares, or blanks of another outline."""
    width, height = spec.blank
    return "squares" if width == height and not spec.spaced else "blanks"


# --- layout -------------------------------------------------------------------


Cell = tuple[Hashable, int, int]
"""A piece and the (row, column) it takes in a page's block, counted from the top left."""


def sheet_pages(spec: SheetSpec, pieces: Sequence[Hashable], row: int, piece: str = "tile") -> list[SheetPage]:
    """Every page of the sheet, in print order (a duplex back follows its front).

    ``pieces`` are one set, laid out in their order; ``row`` is how many make a
    natural row (a game's supply row: one colour's tiles; 0 for as many as fit).
    When a whole set fits on one page, the page holds as many sets as fit, each
    laid out as the supply; otherwise rows are kept whole when that costs no page.
    ``piece`` names one in messages.
    """
    check_spec(spec, piece)
    frame = _frame(spec)
    columns, rows_fit = capacity(spec, frame.blocks[0])
    row = row if row > 0 else max(1, columns)
    block_rows = math.ceil(len(pieces) / row)
    across, down = columns // row, rows_fit // block_rows
    if across and down:
        cells = [
            (piece, set_row * block_rows + k // row, set_column * row + k % row)
            for set_row in range(down)
            for set_column in range(across)
            for k, piece in enumerate(pieces)
        ]
        laid = [(cells, across * row, down * block_rows, across * down)]
    else:
        laid = [(cells, columns, rows, 1) for cells, columns, rows in _spread(pieces, row, columns, rows_fit)]
    pages = []
    for cells, used_columns, used_rows, sets in laid:
        fronts = _placements(cells, spec, frame, used_columns, used_rows)
        front = replace(_front_page(spec, frame, fronts), sets=sets)
        pages.append(front)
        if spec.backs == "duplex":
            pages.append(duplex_back(front))
    return pages


def _spread(
    pieces: Sequence[Hashable], row: int, columns: int, rows_fit: int
) -> list[tuple[list[Cell], int, int]]:
    """One set over as few pages as hold it, evenly: each page's cells, columns and rows."""
    page_count = math.ceil(len(pieces) / (columns * rows_fit))
    if math.ceil(len(pieces) / (row * rows_fit)) == page_count:
        columns = min(columns, row)  # one natural row per row, as in the supply
    per_page = math.ceil(len(pieces) / page_count)
    rows = math.ceil(per_page / columns)
    return [
        ([(piece, k // columns, k % columns) for k, piece in enumerate(pieces[first : first + per_page])], columns, rows)
        for first in range(0, len(pieces), per_page)
    ]


def _placements(
    cells: list[Cell], spec: SheetSpec, frame: _Frame, columns: int, rows: int
) -> tuple[Placement, ...]:
    """The cells' cut squares (a nested piece's: its own box), the block centred in its area.

    For gutter-fold the block sits against the fold instead, so the backs'
    block mirrors it across the fold.
    """
    if spec.nesting is not None:
        return _nested(cells, spec, spec.nesting, frame.blocks[0], columns, rows)
    (across, down), b = spec.pitch, spec.block_bleed
    area = frame.blocks[0]
    block_width = columns * across + 2 * b
    block_height = rows * down + 2 * b
    if spec.backs == "gutter-fold":
        left = area.x1 - block_width
    else:
        left = area.x0 + (area.width - block_width) / 2
    top = area.y1 - (area.height - block_height) / 2
    placements = []
    for piece, row, column in cells:
        x0 = left + b + column * across
        y1 = top - b - row * down
        placements.append(Placement(piece, Box(x0, y1 - down, x0 + across, y1)))
    return tuple(placements)


def _nested(cells: list[Cell], spec: SheetSpec, nesting: Nesting, area: Box, columns: int, rows: int) -> tuple[Placement, ...]:
    """Nested pieces' boxes (their bounding boxes, centred where the nesting puts them), the block
    and its bleed centred in ``area`` (against the fold for gutter-fold)."""
    (w, h), b = spec.piece, spec.bleed
    width, height = nesting.extent(rows, columns, spec.piece)
    block_width, block_height = width + 2 * b, height + 2 * b
    left = area.x1 - block_width if spec.backs == "gutter-fold" else area.x0 + (area.width - block_width) / 2
    top = area.y1 - (area.height - block_height) / 2
    x, y = left + b + w / 2, top - b - h / 2  # the first piece's centre, at the top left
    placements = []
    for piece, row, column in cells:
        dx, dy = nesting.centre(row, column)
        cx, cy = x + dx, y + dy
        placements.append(Placement(piece, Box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)))
    return tuple(placements)


def _front_page(spec: SheetSpec, frame: _Frame, fronts: tuple[Placement, ...]) -> SheetPage:
    width, height = frame.width, frame.height
    fold = None
    backs: tuple[Placement, ...] = ()
    if spec.backs == "gutter-fold":
        fold_x = width / 2
        backs = tuple(Placement(p.piece, p.cut.mirrored(fold_x)) for p in fronts)
        fold = ((fold_x, frame.footer.y1 + FOOTER_GAP_MM), (fold_x, height))
    blocks = [[p.cut for p in fronts]] + ([[p.cut for p in backs]] if backs else [])
    # nested pieces share no straight cut: each is cut round its own outline, with no marks to cut by
    crop_marks, guides = _crop_marks_and_guides(blocks, spec.block_bleed, frame) if spec.nesting is None else ((), ())
    targets = _targets(fronts, spec.block_bleed) if spec.backs == "duplex" else ()
    side = paper_size(spec.paper).calibration
    footer = frame.footer
    calibration = Box(footer.x0, footer.y0, footer.x0 + side, footer.y1)
    note_x = calibration.x1 + NOTE_GAP_MM
    note = Box(note_x, footer.y0, min(footer.x1, note_x + NOTE_MEASURE_MM), footer.y1)
    return SheetPage(
        "folded" if backs else "front", (width, height), fronts, backs, spec.block_bleed,
        crop_marks, guides, targets, fold, calibration, note,
    )  # fmt: skip


def duplex_back(front: SheetPage) -> SheetPage:
    """The page printed behind ``front``: turned over on the long (left/right) edge.

    Flipping a portrait sheet over its long edge takes the point (x, y) of one
    side to (width - x, y) of the other, so every back, target and box is
    mirrored across the page's vertical centre line.
    """
    axis = front.size[0] / 2
    return replace(
        front,
        side="back",
        fronts=(),
        backs=tuple(Placement(p.piece, p.cut.mirrored(axis)) for p in front.fronts),
        crop_marks=(),
        guides=(),
        targets=tuple((2 * axis - x, y) for x, y in front.targets),
        calibration=front.calibration.mirrored(axis),
        note=front.note.mirrored(axis),
    )


def _cut_positions(cuts: list[Box]) -> tuple[list[float], list[float]]:
    xs = sorted({round(v, 6) for c in cuts for v in (c.x0, c.x1)})
    ys = sorted({round(v, 6) for c in cuts for v in (c.y0, c.y1)})
    return xs, ys


def _crop_marks_and_guides(
    blocks: list[list[Box]], bleed: float, frame: _Frame
) -> tuple[tuple[Line, ...], tuple[Line, ...]]:
    """Crop marks on every side of each block, and guides from them to the sheet's edges.

    Horizontal guides run to the left and right edges; vertical guides run to
    the top edge and down to just above the footer (the calibration square).
    """
    marks: list[Line] = []
    guides: list[Line] = []
    far = bleed + MARK_ZONE_MM
    footer_top = frame.footer.y1 + FOOTER_GAP_MM / 2
    outer = [bounds(cuts) for cuts in blocks]
    left_edge, right_edge = min(b.x0 for b in outer), max(b.x1 for b in outer)
    page = Box(0.0, 0.0, frame.width, frame.height)
    for cuts, box in zip(blocks, outer):
        marks += crop_marks(cuts, bleed, page)
        xs, ys = _cut_positions(cuts)
        for x in xs:
            guides.append(((x, box.y1 + far), (x, frame.height)))
            guides.append(((x, box.y0 - far), (x, footer_top)))
        for y in ys:
            if box.x0 == left_edge:
                guides.append(((box.x0 - far, y), (0.0, y)))
            if box.x1 == right_edge:
                guides.append(((box.x1 + far, y), (frame.width, y)))
    return tuple(marks), tuple(guides)


def crop_marks(
    cuts: Sequence[Box], bleed: float, reach: Box, offset: float = CROP_OFFSET_MM, length: float = CROP_LENGTH_MM
) -> list[Line]:
    """A mark on each end of every cut line of a block of pieces that share their cuts.

    Each starts ``offset`` beyond the block's bleed, so none touches a piece,
    and runs ``length`` outwards, stopping at ``reach`` (the paper, or a fold).
    """
    box = bounds(list(cuts))
    near = bleed + offset
    xs, ys = _cut_positions(list(cuts))
    marks: list[Line] = []
    for x in xs:
        marks.append(((x, box.y1 + near), (x, min(box.y1 + near + length, reach.y1))))
        marks.append(((x, box.y0 - near), (x, max(box.y0 - near - length, reach.y0))))
    for y in ys:
        marks.append(((box.x0 - near, y), (max(box.x0 - near - length, reach.x0), y)))
        marks.append(((box.x1 + near, y), (min(box.x1 + near + length, reach.x1), y)))
    return marks


def corner_guides(cuts: Sequence[Box], length: float) -> list[Line]:
    """Short guides on the pieces themselves, along the cut lines from every corner where cuts meet.

    Crop marks stand outside the block, at the ends of each cut line: once the
    sheet is cut across, a middle strip has none left for its cuts down, and
    where cards come within a printer's unprinted margin of the paper's edge
    (poker cards on Letter) the marks there never print. A guide runs ``length``
    along each cut line that leaves a corner, only where a piece's edge runs,
    so it is cut away with the line (the designer's own sheets mark each card's
    corners so).
    """
    e = 1e-6
    corners = sorted({(x, y) for c in cuts for x in (c.x0, c.x1) for y in (c.y0, c.y1)})
    guides: list[Line] = []
    for x, y in corners:
        on_x = [c for c in cuts if abs(c.x0 - x) < e or abs(c.x1 - x) < e]
        on_y = [c for c in cuts if abs(c.y0 - y) < e or abs(c.y1 - y) < e]
        down = any(c.y0 < y - e and y <= c.y1 + e for c in on_x)
        up = any(c.y0 - e <= y and y < c.y1 - e for c in on_x)
        left = any(c.x0 < x - e and x <= c.x1 + e for c in on_y)
        right = any(c.x0 - e <= x and x < c.x1 - e for c in on_y)
        if down or up:
            guides.append(((x, y - length if down else y), (x, y + length if up else y)))
        if left or right:
            guides.append(((x - length if left else x, y), (x + length if right else x, y)))
    return guides


def cut_positions(cuts: Sequence[Box]) -> tuple[list[float], list[float]]:
    """The x of every vertical cut line and the y of every horizontal one, each once, in order."""
    return _cut_positions(list(cuts))


def _targets(fronts: tuple[Placement, ...], bleed: float) -> tuple[Point, ...]:
    """Registration targets beside the first and last rows, inside the crop-mark zone.

    They sit level with a row's middle, where no crop mark runs.
    """
    block = bounds([p.cut for p in fronts])
    tops = sorted({round(p.cut.centre[1], 6) for p in fronts})
    x_left = block.x0 - bleed - MARK_ZONE_MM / 2
    x_right = block.x1 + bleed + MARK_ZONE_MM / 2
    rows = [tops[-1], tops[0]] if len(tops) > 1 else [tops[0]]
    return tuple((x, y) for y in rows for x in (x_left, x_right))
