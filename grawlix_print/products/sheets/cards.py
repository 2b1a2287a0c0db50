"""Card sheets: a kind of card as many to a page as fit (three by three for poker cards), with backs.

The cards stand edge to edge, so one cut separates two cards and every cut
line runs straight across the block; the outer cards' faces run ``bleed``
past the block's outer cuts, and a crop mark stands beyond the bleed at each
end of every cut line. Backs come on the next page, mirrored for a
long-edge flip (duplex), or beside the fronts on a landscape page, mirrored
across the fold (gutter-fold). The first sheet holds no cards: the
calibration square, the printing notes and, on its back, a square that shows
whether the printer's two sides line up, so that it can be tried on plain
paper before any card stock is used.

The pieces come as a ``PieceKind`` (``Game.piece_kinds()``): each piece's
face as many times as its count, its back, the kind's words for the notes;
nothing here knows which game it prints. Lengths are millimetres from the
page's lower-left corner, y up.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import cast

from ...pieces.faces import FaceStyle, PieceFace
from ...pieces.kinds import MARKINGS, Piece, PieceKind
from ...drawing.document import MM, Document, Metadata
from ...drawing.pdf.surface import PdfSurface
from ...drawing.surface import Pen, Surface, lines, rectangle
from ...errors import StudioError
from ...facts.wording import Noun, capitalised, possessive
from ...files import Written
from ...options import OptionError
from ...games.base import RULEBOOK_FILE, Game
from ...papers import paper_size
from ...front_matter import FrontMatter
from .furniture import (
    CROP_MARK_WIDTH_MM,
    MARK,
    draw_calibration_square,
    draw_fold,
    draw_notes,
    draw_target,
    mm_words,
    notes_height,
    page_box,
)
from .layout import (
    ARRANGEMENTS,
    CARD_BLEED_MM,
    CROP_LENGTH_MM,
    CROP_OFFSET_MM,
    Box,
    Line,
    Placement,
    Point,
    bounds,
    corner_guides,
    crop_marks,
    cut_positions,
)

MIN_CROP_MM = 1.5
"""The shortest crop mark worth printing. Cards fill a page nearly to its edges (three poker cards
and their bleed leave 6 mm at the top of a Letter page), so a mark may be shorter than
``CROP_LENGTH_MM``, never shorter than this."""

MIN_CARD_MM = 20.0
"""Below this a card's number and icons are too small to read."""

GUIDE_MM = 2.0
"""How far each guide on the cards' corners runs along its cut line."""

NOTES_MARGIN_MM = 15.0
TARGET_INSET_MM = 9.0
"""The first sheet's registration targets sit this far from each corner of the page."""


@dataclass(frozen=True)
class CardSheetSpec:
    """What the user asked for: paper, card size (width, height), bleed, how backs are arranged
    (``duplex``, ``gutter-fold`` or None for fronts alone) and the colour-blind markings."""

    paper: str
    card: tuple[float, float]
    bleed: float = CARD_BLEED_MM
    backs: str | None = "duplex"
    markings: str = "none"

    @property
    def page_size(self) -> Point:
        """Portrait, or landscape for gutter-fold (fronts on the left half, backs on the right)."""
        paper = paper_size(self.paper)
        if self.backs == "gutter-fold":
            return (paper.height, paper.width)
        return (paper.width, paper.height)


@dataclass(frozen=True)
class CardPage:
    """One page: ``side`` is ``notes`` (the first sheet), ``notes-back`` (its duplex back),
    ``front``, ``back`` (the duplex back of the page before) or ``folded``."""

    side: str
    size: Point
    fronts: tuple[Placement, ...] = ()
    backs: tuple[Placement, ...] = ()
    bleed: float = 0.0
    crop_marks: tuple[Line, ...] = ()
    fold: Line | None = None
    calibration: Box | None = None
    note: Box | None = None
    targets: tuple[Point, ...] = ()
    guides: tuple[Line, ...] = ()
    """Short guides on the fronts' corners along the cut lines (``layout.corner_guides``)."""

    @property
    def cuts(self) -> list[Box]:
        return [p.cut for p in self.fronts + self.backs]

    @property
    def trim_box(self) -> Box:
        """What a print shop cuts to: the cards, or the whole page on the first sheet."""
        return bounds(self.cuts) if self.cuts else Box(0.0, 0.0, *self.size)

    @property
    def bleed_box(self) -> Box:
        return self.trim_box.grown(self.bleed) if self.cuts else self.trim_box


# --- checks and capacity ---------------------------------------------------------------------


def _clearance(spec: CardSheetSpec) -> float:
    """From a block's outer cut to the paper's edge (or the fold), at the least: bleed and a mark."""
    return spec.bleed + CROP_OFFSET_MM + MIN_CROP_MM


def _areas(spec: CardSheetSpec) -> tuple[Box, ...]:
    """Where blocks of cards may go, cut lines included: the page, or each half of a folded one."""
    width, height = spec.page_size
    if spec.backs == "gutter-fold":
        return (Box(0.0, 0.0, width / 2, height), Box(width / 2, 0.0, width, height))
    return (Box(0.0, 0.0, width, height),)


def grid(spec: CardSheetSpec) -> tuple[int, int]:
    """How many cards fit across and down one block."""
    area = _areas(spec)[0]
    room = 2 * _clearance(spec)
    w, h = spec.card
    return (max(0, math.floor((area.width - room) / w + 1e-9)), max(0, math.floor((area.height - room) / h + 1e-9)))


def fits_card_sheet(spec: CardSheetSpec) -> bool:
    """Whether a card of ``spec`` fits a page of its paper with its marks (else a card of the kind's
    own size is printed in panels: ``tiling``)."""
    across, down = grid(spec)
    return across >= 1 and down >= 1


def check_card_spec(spec: CardSheetSpec) -> None:
    """Refuse, in one line, a sheet that cannot be printed sensibly."""
    paper = paper_size(spec.paper)
    w, h = spec.card
    if spec.backs not in (None, *ARRANGEMENTS):
        raise StudioError(f"unknown arrangement {spec.backs!r} (use {', '.join(ARRANGEMENTS)})")
    if spec.markings not in MARKINGS:
        raise OptionError(f"{{markings}} {spec.markings!r} is not one of {', '.join(MARKINGS)}", "markings")
    if not all(math.isfinite(v) and v > 0 for v in (w, h)):
        raise OptionError("{card_size} must be two lengths greater than zero", "card_size")
    if not (math.isfinite(spec.bleed) and spec.bleed >= 0):
        raise OptionError("{bleed} must not be negative", "bleed")
    if min(w, h) < MIN_CARD_MM:
        raise OptionError(
            f"{{card_size}} {w:g} x {h:g} mm is too small to read a card (at least {MIN_CARD_MM:g} mm a side)", "card_size"
        )
    if spec.bleed > min(w, h) / 4:
        raise OptionError(
            f"{{bleed}} {spec.bleed:g} mm is more than a quarter of the {min(w, h):g} mm card;"
            " a bleed only needs to cover a slightly missed cut (2-3 mm)", "bleed",
        )  # fmt: skip
    if not fits_card_sheet(spec):
        area = _areas(spec)[0]
        most = (area.width - 2 * _clearance(spec), area.height - 2 * _clearance(spec))
        layout = ", fronts and backs side by side" if spec.backs == "gutter-fold" else ""
        bleed = f" with {spec.bleed:g} mm bleed and crop marks" if spec.bleed else " with crop marks"
        raise OptionError(
            f"{{card_size}} {w:g} x {h:g} mm{bleed} does not fit on {paper.name} paper{layout}"
            f" (at most {math.floor(most[0] * 10) / 10:g} x {math.floor(most[1] * 10) / 10:g} mm fits)", "card_size",
        )  # fmt: skip


# --- layout ------------------------------------------------------------------------------------


def card_pages(spec: CardSheetSpec, count: int) -> list[CardPage]:
    """Every page in print order: the first sheet, then each page of fronts and its backs.

    Cards ``0 .. count-1`` are laid row by row from the top left; a back's
    ``piece`` is the index of the card whose front it backs.
    """
    check_card_spec(spec)
    across, down = grid(spec)
    per_page = across * down
    pages = _first_sheet(spec)
    for first in range(0, count, per_page):
        pieces = range(first, min(count, first + per_page))
        fronts = _placements(spec, pieces, across)
        if spec.backs == "gutter-fold":
            pages.append(_folded_page(spec, fronts))
        else:
            cuts = [p.cut for p in fronts]
            front = CardPage(
                "front", spec.page_size, fronts, (), spec.bleed,
                tuple(crop_marks(cuts, spec.bleed, _areas(spec)[0], CROP_OFFSET_MM, CROP_LENGTH_MM)),
                guides=tuple(corner_guides(cuts, GUIDE_MM)),
            )  # fmt: skip
            pages.append(front)
            if spec.backs == "duplex":
                pages.append(duplex_back(front))
    return pages


def _placements(spec: CardSheetSpec, pieces: range, across: int) -> tuple[Placement, ...]:
    """The cards of one page, row by row from the top, the block centred in its area (for
    gutter-fold, set against the fold, so the backs' block mirrors it)."""
    w, h = spec.card
    area = _areas(spec)[0]
    columns = min(across, len(pieces))
    rows = math.ceil(len(pieces) / across)
    block_w, block_h = columns * w, rows * h
    if spec.backs == "gutter-fold":
        left = area.x1 - _clearance(spec) - block_w
    else:
        left = area.x0 + (area.width - block_w) / 2
    top = area.y1 - (area.height - block_h) / 2
    placements = []
    for k, piece in enumerate(pieces):
        row, column = divmod(k, across)
        x0, y1 = left + column * w, top - row * h
        placements.append(Placement(piece, Box(x0, y1 - h, x0 + w, y1)))
    return tuple(placements)


def duplex_back(front: CardPage) -> CardPage:
    """The page printed behind ``front`` when a portrait sheet is turned over on its long edge:
    (x, y) on one side is (width - x, y) on the other, so everything is mirrored left to right."""
    axis = front.size[0] / 2
    return replace(
        front,
        side="back" if front.side == "front" else "notes-back",
        fronts=(),
        guides=(),
        backs=tuple(Placement(p.piece, p.cut.mirrored(axis)) for p in front.fronts),
        crop_marks=tuple(((2 * axis - a[0], a[1]), (2 * axis - b[0], b[1])) for a, b in front.crop_marks),
        targets=tuple((2 * axis - x, y) for x, y in front.targets),
        calibration=front.calibration.mirrored(axis) if front.calibration else None,
        note=front.note.mirrored(axis) if front.note else None,
    )


def _folded_page(spec: CardSheetSpec, fronts: tuple[Placement, ...]) -> CardPage:
    width, height = spec.page_size
    axis = width / 2
    backs = tuple(Placement(p.piece, p.cut.mirrored(axis)) for p in fronts)
    left, right = _areas(spec)
    marks = crop_marks([p.cut for p in fronts], spec.bleed, left, CROP_OFFSET_MM, CROP_LENGTH_MM)
    marks += crop_marks([p.cut for p in backs], spec.bleed, right, CROP_OFFSET_MM, CROP_LENGTH_MM)
    return CardPage("folded", (width, height), fronts, backs, spec.bleed, tuple(marks), ((axis, 0.0), (axis, height)),
                    guides=tuple(corner_guides([p.cut for p in fronts], GUIDE_MM)))  # fmt: skip


def _first_sheet(spec: CardSheetSpec) -> list[CardPage]:
    """The calibration square top left, the notes beside it, a target near each corner; and, for
    duplex, the same mirrored on the back."""
    width, height = spec.page_size
    side = paper_size(spec.paper).calibration
    m = NOTES_MARGIN_MM
    square = Box(m, height - m - side, m + side, height - m)
    note = Box(square.x1 + 6.0, m, width - m, height - m)
    t = TARGET_INSET_MM
    targets = ((t, t), (width - t, t), (t, height - t), (width - t, height - t))
    notes = CardPage("notes", (width, height), calibration=square, note=note, targets=targets)
    return [notes, duplex_back(notes)] if spec.backs == "duplex" else [notes]


# --- the words on the first sheet ----------------------------------------------------------------


def _lengths(values: list[float]) -> str:
    return ", ".join(f"{v:.2f}".rstrip("0").rstrip(".") for v in values) + " mm"


def notes(spec: CardSheetSpec, pages: list[CardPage], title: str, kind: PieceKind, credits: FrontMatter) -> list[str]:
    """The first sheet's paragraphs (the first is its heading), in the program's own words and the
    kind's (its name, what one is called, how many a set holds, where its faces show their marks)."""
    count, cards, card = kind.count, kind.plural, kind.singular
    w, h = spec.card
    paper = paper_size(spec.paper).name
    card_pages_ = [k + 1 for k, p in enumerate(pages) if p.fronts]
    size = f"{mm_words(w)} × {mm_words(h)}"
    if abs(w - 63.5) < 1e-6 and abs(h - 88.9) < 1e-6:
        size += " (2.5 × 3.5 in, poker size)"
    across, down = grid(spec)
    sheets = [p for p in pages if p.fronts]
    xs, ys = cut_positions(sheets[0].cuts)
    last_xs, last_ys = cut_positions(sheets[-1].cuts)
    paragraphs = [
        f"{title}: {kind.noun.count(count)} to print and cut · {paper}",
        f"Print at actual size (100 %), never “fit to page”: the square must measure {paper_size(spec.paper).calibration_label}"
        f" from outside edge to outside edge, and each {card} comes out {size}.",
    ]
    if spec.backs == "duplex":
        paragraphs += [
            "Print two-sided, flipping on the long edge. Try this first sheet on plain paper: held up to a"
            " light, the square and the four targets on its back should sit exactly behind those on this side."
            " If they do not, correct the printer's two-sided settings before any card goes through.",
            f"Card of 250–300 g/m² (about 90–110 lb cover) makes {cards} that shuffle well. Most home printers"
            " print two-sided on card up to about 200 g/m²; for heavier card, print the fronts, turn the"
            " stack over on its long edge by hand and print the backs.",
        ]
    elif spec.backs == "gutter-fold":
        paragraphs.append(
            "Print one-sided on heavy paper or thin card of 120–160 g/m². Fold each sheet along the dashed"
            f" line, print outside, and glue the halves flat before cutting: each {card} is then two layers,"
            " its back already behind it."
        )
    else:
        paragraphs.append("These sheets carry the fronts alone: print them on card of 250–300 g/m².")
    paragraphs += [
        f"Pages {card_pages_[0]}–{card_pages_[-1] + (1 if spec.backs == 'duplex' else 0)} hold {kind.noun.the(count)},"
        f" {across * down} to a sheet"
        + (", each page of fronts followed by its backs." if spec.backs == "duplex" else "."),
        f"The {cards} share their cut lines: cut along the lines the marks point to, first every line across,"
        f" then every line down; short guides on the {possessive(cards)} corners mark the cuts of each strip."
        f" The outer {possessive(cards)} colour runs {mm_words(spec.bleed)} past the outer cuts, so a slightly"
        " missed cut shows no white."
        if spec.bleed
        else f"The {cards} share their cut lines: cut along the lines the marks point to, first every line"
        f" across, then every line down; short guides on the {possessive(cards)} corners mark the cuts of each strip.",
        _measured_cuts((xs, ys), (last_xs, last_ys), len(sheets[-1].fronts), len(sheets), kind.noun),
    ]
    if spec.markings != "none":
        what = "letter" if spec.markings == "letters" else "shape"
        where = f" {kind.marks_at}" if kind.marks_at else ""
        paragraphs.append(f"For colour-blind players each {card} shows its colour's {what}{where}.")
    if credits.authors:
        paragraphs.append(f"{title} by {' and '.join(credits.authors)}. {credits.licence}.")
    return paragraphs


def _measured_cuts(full: tuple[list[float], list[float]], last: tuple[list[float], list[float]], count: int,
                   sheets: int, cards: Noun = Noun("card")) -> str:  # fmt: skip
    """Where the cuts lie on a page of fronts, and on the last one if its ``count`` pieces lie otherwise."""
    words = (f"A mark your printer leaves off can be measured instead: on a page of fronts the cuts down lie"
             f" {_lengths(full[0])} from the paper's left edge, the cuts across {_lengths(full[1])} from its"
             " bottom edge")  # fmt: skip
    if sheets > 1 and last != full:
        words += (f"; on the last, of {cards.count(count)}, the cuts down lie {_lengths(last[0])} from the left"
                  f" edge and the cuts across {_lengths(last[1])} from the bottom")  # fmt: skip
    return words + "."


def notes_back() -> list[str]:
    return [
        "The back of the first sheet",
        "Printed two-sided, this side lands behind the first page. Against a light, this square and"
        " the four targets should sit exactly over those on the other side.",
    ]


# --- drawing and writing ------------------------------------------------------------------------


def _outer_bleed(cut: Box, others: list[Box], bleed: float) -> Box:
    """A card's cut grown by ``bleed`` on each side where no other card meets it: inside the block
    a neighbour's face meets it at the shared cut."""
    e = 1e-6

    def meets(side: str) -> bool:
        for o in others:
            across = o.y0 < cut.y1 - e and o.y1 > cut.y0 + e
            along = o.x0 < cut.x1 - e and o.x1 > cut.x0 + e
            if (side == "left" and across and abs(o.x1 - cut.x0) < e) or (side == "right" and across and abs(o.x0 - cut.x1) < e):
                return True
            if (side == "bottom" and along and abs(o.y1 - cut.y0) < e) or (side == "top" and along and abs(o.y0 - cut.y1) < e):
                return True
        return False

    return Box(
        cut.x0 - (0.0 if meets("left") else bleed),
        cut.y0 - (0.0 if meets("bottom") else bleed),
        cut.x1 + (0.0 if meets("right") else bleed),
        cut.y1 + (0.0 if meets("top") else bleed),
    )


def _draw_cards(
    surface: PdfSurface, placements: tuple[Placement, ...], face_of: Callable[[int], PieceFace | None], style: FaceStyle
) -> None:  # fmt: skip
    if not placements:
        return
    cuts = [p.cut for p in placements]
    for p in placements:
        face = face_of(cast(int, p.piece))  # the layout places indices into the set here
        if face is None:
            continue
        region = _outer_bleed(p.cut, cuts, style.bleed)
        w, h = p.cut.width, p.cut.height
        with surface.clipped(rectangle(region.x0, region.y0, region.width, region.height)):
            with surface.transformed(p.cut.x0, p.cut.y0):  # each face once per file: the backs repeat
                surface.stamp((face.name, w, h, style), max(w, h) + style.bleed, _drawn(face, w, h, style))


def _drawn(face: PieceFace, w: float, h: float, style: FaceStyle) -> Callable[[Surface], None]:
    return lambda surface: face.draw(surface, 0.0, 0.0, w, h, style)


def _draw_page(surface: PdfSurface, page: CardPage, sheet: CardSheet, paragraphs: list[str]) -> None:
    spec = sheet.spec
    style = FaceStyle(spec.bleed, spec.markings)
    _draw_cards(surface, page.fronts, lambda k: sheet.pieces[k].face, style)
    if spec.backs is not None:
        _draw_cards(surface, page.backs, lambda k: sheet.kind.back_of(sheet.pieces[k], sheet.design), style)
    if page.crop_marks:
        surface.shape(lines(page.crop_marks), pen=Pen(MARK, CROP_MARK_WIDTH_MM))
    if page.guides:
        surface.shape(lines(page.guides), pen=Pen(MARK, CROP_MARK_WIDTH_MM))
    if page.fold:
        draw_fold(surface, page.fold)
    for x, y in page.targets:
        draw_target(surface, x, y)
    if page.calibration:
        draw_calibration_square(surface, page.calibration, spec.paper)
    if page.note and paragraphs:
        draw_notes(surface, page.note, paragraphs)


def credits_of(game: Game) -> FrontMatter:
    """The game's credits from its rulebook's front matter; a game whose rulebook is not written yet
    gets its title alone, and its licence is said to be the rulebook's."""
    if (game.templates / RULEBOOK_FILE).is_file():
        return game.front_matter
    return FrontMatter(game.title, "", "", (), "", "licence as in the game's rulebook", "", "", (game.title,))


def card_sheet_name(kind: PieceKind, spec: CardSheetSpec, design: str | None = None) -> str:
    """``cards-a4.pdf``, ``cards-letter-57x89mm-letters-gutter-fold.pdf``: the kind's name, then what
    differs from its defaults (its own size, no markings, duplex, its first back design)."""
    parts = [slug(kind.name), spec.paper]
    if any(abs(a - b) > 1e-6 for a, b in zip(spec.card, kind.size)):
        parts.append("x".join(f"{round(v, 2):g}" for v in spec.card) + "mm")
    if spec.markings != "none":
        parts.append(spec.markings)
    if spec.backs != "duplex" and not kind.one_sided:  # a one-sided kind has no backs to leave out
        parts.append(spec.backs or "no-backs")
    if spec.backs and design is not None and design != next(iter(kind.backs), None):
        parts.append(f"{slug(design)}-backs")
    return "-".join(parts) + ".pdf"


def slug(text: str) -> str:
    """``event cards`` as a file name's part: ``event-cards``."""
    return "-".join("".join(c if c.isalnum() else " " for c in text.lower()).split()) or "pieces"


@dataclass(frozen=True)
class CardSheet:
    """One card sheet file of one kind, laid out and its notes checked: what ``write_card_sheet`` draws."""

    kind: PieceKind
    pieces: tuple[Piece, ...]
    """A whole set: each piece as many times as its count, in the kind's order."""
    spec: CardSheetSpec
    design: str | None
    pages: list[CardPage]
    first: list[str]
    name: str


def plan_card_sheet(
    kind: PieceKind, title: str, credits: FrontMatter, paper: str = "a4", card_size: tuple[float, float] | None = None,
    bleed: float | None = None, backs: bool = True, arrangement: str | None = None, markings: str = "none",
    design: str | None = None,
) -> CardSheet:  # fmt: skip
    """The card sheet of ``kind`` for ``paper``, worked out and checked before anything is written;
    ``design`` names the back (None: the kind's first)."""
    from .layout import check_arrangement

    check_arrangement(backs, arrangement)
    pieces = tuple(piece for piece in kind.pieces for _ in range(piece.count))
    backed = backs and any(kind.back_of(piece, design) is not None for piece in pieces)
    spec = CardSheetSpec(
        paper, card_size or kind.size, CARD_BLEED_MM if bleed is None else bleed,
        (arrangement or "duplex") if backed else None, markings,
    )  # fmt: skip
    pages = card_pages(spec, len(pieces))
    first = notes(spec, pages, title, kind, credits)
    for page, words in ((pages[0], first), (pages[1] if spec.backs == "duplex" else None, notes_back())):
        if page is not None and page.note is not None:
            room = page.note.height - notes_height(words, page.note.width)
            if room < 0:
                raise StudioError(f"the printing notes do not fit on {paper_size(paper).name} paper ({-room:.1f} mm too tall)")
    return CardSheet(kind, pieces, spec, design, pages, first, card_sheet_name(kind, spec, design))


def write_card_sheet(sheet: CardSheet, out: Path, title: str, credits: FrontMatter) -> Written:
    """Draw and write a planned card sheet into ``out``; return what was written."""
    spec, kind, pages = sheet.spec, sheet.kind, sheet.pages
    paper = spec.paper
    path = out / sheet.name
    w, h = spec.card
    width, height = spec.page_size
    meta = Metadata(
        f"{title} {kind.plural} ({paper_size(paper).name})",
        f"{capitalised(kind.noun.the(kind.count))} of {title} at {w:g} x {h:g} mm"
        f"{', with their backs' if spec.backs else ''}, to print and cut.",
        (*credits.keywords, "print and play", f"{kind.singular} game"), credits.authors, credits.licence,
        credits.licence_url,
    )  # fmt: skip
    document = Document(meta, cmyk=True, unit=MM, press=True)  # sheets go to print shops too: PDF/X-1a
    for page in pages:
        words = sheet.first if page.side == "notes" else notes_back() if page.side == "notes-back" else []
        with document.page(width, height, page_box(page.trim_box), page_box(page.bleed_box)) as surface:
            _draw_page(surface, page, sheet, words)
    document.save(path)
    params = {
        "paper": paper,
        "card_mm": [round(w, 4), round(h, 4)],
        "bleed_mm": round(spec.bleed, 4),
        "backs": spec.backs,
        "markings": spec.markings,
        "colour": "cmyk",
        "pages": len(pages),
        "pieces": kind.plural,
        "piece": kind.singular,
        "count": kind.count,
    }
    if spec.backs and sheet.design is not None:
        params["back_design"] = sheet.design
    return Written(path, "card sheets", params)
