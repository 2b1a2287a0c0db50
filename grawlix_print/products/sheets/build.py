"""Card-stock sheets and sticker sheets of a game's tiles and tokens, and its card sheets, as PDFs.

The sheets are made from the game's piece kinds (``Game.piece_kinds()``): a
tile or token kind gets a card-stock sheet (cut lines, bleed, backs) and a
sticker sheet for wooden blanks; a card kind gets its card sheet
(``sheets.cards``). Where each piece, mark and guide goes comes from
``sheets.layout``; each face is drawn by the kind itself (``PieceFace.draw``).
Everything is vector and in CMYK, with black marks and text in black ink
alone, as a print product should be; every page carries its trim and bleed
boxes, and the file its licence in XMP. Every file is worked out (and bad
input refused) before any is written.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, cast

from ...drawing.document import MM, Document, Metadata
from ...drawing.fonts import LETTER_FACE, QUICKSAND, text_width
from ...drawing.ink import BLACK, Ink
from ...drawing.marks import mark_polygons
from ...drawing.pdf.surface import PdfSurface
from ...drawing.pdf.typeset import TextStyle
from ...drawing.surface import Path as Shape
from ...drawing.surface import Pen, lines, polygon, rectangle
from ...errors import StudioError
from ...facts.wording import capitalised, join_words
from ...files import Written
from ...games.base import Game
from ...options import OptionError
from ...papers import paper_size
from ...pieces.faces import FRAME_INSET_MM, FaceStyle, PieceFace
from ...pieces.kinds import MARKINGS, MIN_MARK_PT, Form, Piece, PieceColour, PieceKind
from ...pieces.kinds import check_marking, mark_points, smallest_marked
from ...pieces.shapes import PieceShape
from ...front_matter import FrontMatter
from ..colour_blind import kind_marking
from .cards import (
    CardSheet,
    CardSheetSpec,
    card_sheet_name,
    credits_of,
    fits_card_sheet,
    plan_card_sheet,
    slug,
    write_card_sheet,
)
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
    page_box,
)
from .layout import (
    CARD_BLEED_MM,
    TILE_BLEED_MM,
    Box,
    SheetPage,
    SheetSpec,
    card_spec,
    default_sticker,
    fits_sheet,
    sheet_pages,
    sticker_spec,
)


if TYPE_CHECKING:  # boards tiled over pages are rare: their module is loaded by the first one
    from .product import SheetsOptions
    from .tiled import Outline as OutlinePath
    from .tiled import TiledChoice, TiledSheet

NOTE = BLACK
NOTE_POINTS = 9.0
TITLE_POINTS = 10.0
"""A tile sheet's notes: 9 pt in a measure of about 85 characters (``layout.NOTE_MEASURE_MM``)."""
NOTE_SCALES = (1.0, 0.9, 0.8)
"""The sizes the notes may be set at, largest first: a long title (up to 40 letters) or many
options may need a smaller one; at 80 % (7.2 pt) they still read easily."""
LEGEND_MARK_MM = 3.2
"""Each colour's mark in the legend under the notes (its side)."""
CUT_LINE_MM = GUIDE_WIDTH_MM
"""A piece cut round its outline (a circle, a hexagon) has the outline drawn, as thin as the guides."""

TILE_FORMS = (Form.TILE, Form.TOKEN, Form.BOARD)
"""The kinds printed on card stock (tiles and tokens on stickers too); cards have card sheets of their own."""


# --- what a game's kinds take --------------------------------------------------------------


def on_tiles(kind: PieceKind) -> bool:
    """Whether ``kind`` gets card-stock and sticker sheets (its pieces lie face up), not card sheets."""
    return kind.form in TILE_FORMS


def kind_words(kinds: Sequence[PieceKind]) -> str:
    """``tiles and cards``: what a game's kinds are called, for messages."""
    return join_words([kind.plural for kind in kinds])


def backs_for(kind: PieceKind, backs: bool, arrangement: str | None) -> tuple[bool, str | None]:
    """Whether ``kind``'s sheets print backs, and arranged how: as asked, but never for a one-sided
    kind (nothing behind its pieces: no back page, no two-sided advice, an arrangement ignored)."""
    if kind.one_sided:
        return False, None
    return backs, arrangement  # an arrangement with no backs is refused as the contradiction it is


def stickers_named(kinds: Sequence[PieceKind]) -> bool:
    """Whether the sticker sheets' file names say whose they are: when more than one kind has stickers
    (tiles and tokens: a board has none)."""
    return sum(on_tiles(kind) and kind.form != Form.BOARD for kind in kinds) > 1


def default_bleed(kind: PieceKind) -> float:
    """The bleed a kind's pieces get unless told: tiles and tokens 2 mm, cards 3 mm (a print shop's 1/8 in)."""
    return TILE_BLEED_MM if on_tiles(kind) else CARD_BLEED_MM


def back_designs(kinds: Sequence[PieceKind]) -> tuple[str, ...]:
    """The names ``--back-design`` may take: the backs of every kind that has more than one, each once."""
    found: dict[str, None] = {}
    for kind in kinds:
        if len(kind.backs) > 1:
            found.update(dict.fromkeys(kind.backs))
    return tuple(found)


def design_named(kinds: Sequence[PieceKind], given: str | None) -> str | None:
    """A back design as the kinds spell it (``DARK`` is ``dark``); a name none has, as given."""
    if given is None:
        return None
    return next((name for name in back_designs(kinds) if name.casefold() == given.strip().casefold()), given)


def design_for(kind: PieceKind, design: str | None) -> str | None:
    """The back design ``kind`` is printed with: the one asked for if it has it, else its first."""
    if design is not None and design in kind.backs:
        return design
    return next(iter(kind.backs), None)


def framed(kind: PieceKind, frame: bool) -> bool:
    """Whether ``kind``'s faces get the frame asked for: pieces cut along straight lines do; a piece cut
    round its outline (a circle, a hexagon) has that outline drawn, and no frame."""
    return frame and kind.piece_shape.straight


def printed_size(kind: PieceKind, width: float | None) -> tuple[float, float]:
    """A tile or token kind's size when printed ``width`` wide (None: its own), its height in proportion;
    a board is always its own size (``--tile-size`` sizes the pieces played on it)."""
    if width is None or kind.form == Form.BOARD:
        return kind.size
    return (width, width * kind.height / kind.width)


def marking_for(kind: PieceKind, marking: str) -> str:
    """The marking ``kind`` is printed with: none for a kind without colours (nothing to mark), else
    the one asked for, refused in one line if a colour lacks it."""
    if marking not in MARKINGS:
        raise OptionError(f"{{markings}} {marking!r} is not one of {', '.join(MARKINGS)}", "markings")
    if marking == "none" or not kind.colours:
        return "none"
    check_marking(kind, marking)
    return marking


def readable(kind: PieceKind, widths: Sequence[float]) -> bool:
    """Whether the kind's colour-blind marks reach ``MIN_MARK_PT`` on pieces of each of ``widths``."""
    return all(mark_points(kind, width) >= MIN_MARK_PT - 1e-9 for width in widths) or kind.mark_fraction <= 0


def marks_readable(kind: PieceKind, tile_size: float | None, sticker_size: float | None,
                   card_size: tuple[float, float] | None) -> bool:  # fmt: skip
    """Whether the kind's colour-blind marks can be read at every size it is printed at: tiles and
    tokens on card stock and as stickers, cards at their width."""
    if on_tiles(kind):
        return readable(kind, printed_widths(kind, tile_size, sticker_size))
    return readable(kind, ((card_size or kind.size)[0],))


def printed_widths(kind: PieceKind, tile_size: float | None, sticker_size: float | None) -> tuple[float, ...]:
    """The widths a tile or token kind is printed at: on card stock and as a sticker."""
    width = printed_size(kind, tile_size)[0]
    return (width, default_sticker(width) if sticker_size is None else sticker_size)


def check_options_taken(game: Game, kinds: Sequence[PieceKind], given: Mapping[str, object]) -> None:
    """Refuse, in one line naming it, an option none of the game's kinds takes (a tile size for a game
    of cards, a back design for pieces with one back)."""
    tiles = [kind for kind in kinds if on_tiles(kind)]
    cards = [kind for kind in kinds if not on_tiles(kind)]
    for option in ("tile_size", "sticker_size", "frame"):
        if given.get(option) not in (None, False) and not tiles:
            hint = " (use {card_size})" if option == "tile_size" else ""
            raise OptionError(f"{{{option}}} is for tiles and tokens; {game.name} has {kind_words(kinds)}{hint}",
                              option, *(("card_size",) if hint else ()))  # fmt: skip
    if given.get("card_size") is not None and not cards:
        raise OptionError(f"{{card_size}} is for cards; {game.name} has {kind_words(kinds)} (use {{tile_size}})",
                          "card_size", "tile_size")  # fmt: skip
    design = given.get("back_design")
    if design is not None:
        names = back_designs(kinds)
        if not names:
            raise OptionError(f"{{back_design}} chooses among back designs, but {game.name} has one for its"
                              f" {kind_words(kinds)}", "back_design")  # fmt: skip
        if design not in names:
            raise OptionError(f"{{back_design}} {design!r} is not one of {', '.join(names)}", "back_design")


def kinds_own(error: OptionError, option: str, kind: PieceKind, words: str) -> OptionError:
    """``error`` about ``option`` when its value is the kind's own, not the user's: it names the kind's
    size in ``words`` and the file that defines the kind, instead of an option not given."""
    about = tuple(name for name in error.about if name != option)
    where = f"{kind.source}: {kind.name}" if kind.source else kind.name
    return OptionError(error.template.replace(f"{{{option}}}", words), *about, where=where)


# --- the whole product ----------------------------------------------------------------------


def build_sheets(
    game: Game, out: str | Path, paper: str = "a4", tile_size: float | None = None,
    bleed: float | None = None, backs: bool = True, arrangement: str | None = None,
    markings: str | None = None, sticker_size: float | None = None, back_design: str | None = None,
    card_size: tuple[float, float] | None = None, frame: bool = False, kinds: Sequence[str] | None = None,
    on_written: Callable[[Written], object] = lambda item: None,
) -> list[Written]:  # fmt: skip
    """Write every sheet of the game's kinds for ``paper``; return what was written.

    Tiles and tokens get a card-stock sheet and a sticker sheet, cards a card sheet. ``None``
    means each kind's default: its own size, a 2 mm bleed (cards 3 mm), stickers that leave room
    on their blanks, its first back design, and each colour's letter on the kinds whose colours
    look alike to a colour-blind eye (``colour_blind``) where the marks can be read. ``markings``
    marks the kinds that have colours (the others are printed plain); ``frame`` draws a frame
    ``FRAME_INSET_MM`` inside each cut.
    ``kinds`` names the kinds to print (None: all). Every file is laid out, and bad input
    refused, before any is written; ``on_written`` is told of each file as it is (its previews
    begin while the next is drawn).
    """
    out = Path(out)
    game.check()
    every = game.piece_kinds()
    if not every:
        raise StudioError(f"{game.name} has no pieces to print on sheets")
    back_design = design_named(every, back_design)
    given = {"tile_size": tile_size, "sticker_size": sticker_size, "frame": frame, "card_size": card_size,
             "back_design": back_design}  # fmt: skip
    check_options_taken(game, every, given)
    _check_names(every)
    chosen = [kind for kind in every if kinds is None or kind.name in kinds]
    named_stickers = stickers_named(every)
    credits = credits_of(game)
    plans: list[TileSheet | CardSheet | TiledSheet] = []
    for kind in chosen:
        if markings is None:  # the kind's default: letters where its colours look alike, if they can be read
            marking = kind_marking(kind) if marks_readable(kind, tile_size, sticker_size, card_size) else "none"
        else:
            marking = marking_for(kind, markings)
        design = design_for(kind, back_design)
        backed, arranged = backs_for(kind, backs, arrangement)
        tiled = tiled_choice(kind, paper, tile_size, card_size, bleed, backed, arranged, marking, design, frame)
        if tiled is not None:
            plans.append(_tiled_sheet(tiled, game.title, named_stickers))
        elif on_tiles(kind):
            choice = TileChoice(kind, paper, printed_size(kind, tile_size), sticker_size,
                                default_bleed(kind) if bleed is None else bleed, backed, arranged, marking,
                                design, framed(kind, frame), named_stickers)  # fmt: skip
            plans += _tile_sheets(choice, game.title, tile_size is None or kind.form == Form.BOARD)
        else:
            try:
                plans.append(plan_card_sheet(kind, game.title, credits, paper, card_size, bleed, backed, arranged,
                                             marking, design))  # fmt: skip
            except OptionError as error:
                if card_size is None and error.about[:1] == ("card_size",):
                    raise kinds_own(error, "card_size", kind, f"the {kind.singular} size") from None
                raise
    _check_files(plans)
    written: dict[int, Written] = {}
    # A deck's card sheets last: the other sheets' previews are made while a deck's pages are drawn.
    for k in sorted(range(len(plans)), key=lambda k: isinstance(plans[k], CardSheet)):
        plan = plans[k]
        if isinstance(plan, CardSheet):
            written[k] = write_card_sheet(plan, out, game.title, credits)
        elif isinstance(plan, TileSheet):
            written[k] = write_sheet(out, plan, game.title, credits)
        else:
            from .tiled import write_tiled_sheet

            written[k] = write_tiled_sheet(plan, out, game.title, credits, outline_of(plan.kind))
        on_written(written[k])
    return [written[k] for k in range(len(plans))]


def tiled_choice(
    kind: PieceKind, paper: str, tile_size: float | None, card_size: tuple[float, float] | None, bleed: float | None,
    backs: bool, arrangement: str | None, marking: str, design: str | None, frame: bool,
) -> TiledChoice | None:  # fmt: skip
    """How ``kind`` is printed in panels if its pieces, at their own size, fit no page of ``paper``
    (None: they fit, or a size was asked for, which the usual sheets check)."""
    bleed = default_bleed(kind) if bleed is None else bleed
    if on_tiles(kind):
        if tile_size is not None and kind.form != Form.BOARD:
            return None
        choice = TileChoice(kind, paper, kind.size, None, bleed, backs, arrangement, marking, design, framed(kind, frame), False)
        if fits_sheet(_specs(choice)[0]):
            return None
    else:
        if card_size is not None:
            return None
        if fits_card_sheet(CardSheetSpec(paper, kind.size, bleed, None, marking)):
            return None
    from .tiled import TiledChoice

    return TiledChoice(kind, paper, bleed, backs, marking, design, framed(kind, frame))


def _tiled_sheet(choice: TiledChoice, title: str, named: bool) -> TiledSheet:
    """The kind's file of panels, named as its card-stock (or card) sheets would be."""
    from .tiled import check_notes, plan_tiled

    sheet = plan_tiled(choice, title, _tiled_name(choice, named))
    check_notes(sheet)
    return sheet


def _tiled_name(choice: TiledChoice, named: bool) -> str:
    """A file of panels is named as the kind's card-stock sheets would be (``boards-a4.pdf``)."""
    kind = choice.kind
    plain = TileChoice(kind, choice.paper, kind.size, None, choice.bleed, choice.backs, None, choice.marking,
                       choice.design, choice.frame, named)  # fmt: skip
    return sheet_file_name(plain, card_spec(choice.paper, kind.width, choice.bleed, choice.backs, None, choice.marking))


def outline_of(kind: PieceKind) -> OutlinePath:
    """The kind's cut outline drawn in a box: its shape's own path."""
    return kind.piece_shape.path


def planned_names(game: Game, paper: str, options: SheetsOptions) -> list[tuple[PieceKind, str, str]]:
    """Each kind's sheets for ``paper`` in the marking the options give (by default the kind's own,
    ``colour_blind``), as the kit will name them: (kind, ``card-stock``, ``stickers`` or ``cards``,
    file name). Nothing is laid out or checked: the build does that."""
    every = game.piece_kinds()

    def marked(kind: PieceKind) -> str:
        if options.markings is not None:
            return options.markings if options.markings in kind.markings and kind.colours else "none"
        readable_here = marks_readable(kind, options.tile_size, options.sticker_size, options.card_size)
        return kind_marking(kind) if readable_here else "none"

    named = stickers_named(every)
    design = design_named(every, options.back_design)
    found = []
    for kind in every:
        chosen = design_for(kind, design)
        bleed = default_bleed(kind) if options.bleed is None else options.bleed
        backed, arrangement = backs_for(kind, options.backs, options.arrangement if options.backs else None)
        tiled = tiled_choice(kind, paper, options.tile_size, options.card_size, bleed, backed, arrangement, marked(kind),
                             chosen, options.frame)  # fmt: skip
        if tiled is not None:
            found.append((kind, "panels", _tiled_name(tiled, named)))
        elif on_tiles(kind):
            choice = TileChoice(kind, paper, printed_size(kind, options.tile_size), options.sticker_size, bleed,
                                backed, arrangement, marked(kind), chosen, framed(kind, options.frame), named)  # fmt: skip
            specs = _specs(choice)
            found += [(kind, "card-stock" if spec.product == "card-stock" else "stickers", sheet_file_name(choice, spec))
                      for spec in specs]  # fmt: skip
        else:
            backed = backed and any(kind.back_of(piece, chosen) is not None for piece in kind.pieces)
            spec = CardSheetSpec(paper, options.card_size or kind.size, bleed, (arrangement or "duplex") if backed else None,
                                 marked(kind))  # fmt: skip
            found.append((kind, "cards", card_sheet_name(kind, spec, chosen)))
    return found


def _check_names(kinds: Sequence[PieceKind]) -> None:
    """Two kinds whose sheets would take one file name are refused, naming the kind."""
    seen: set[str] = set()
    for kind in kinds:
        name = slug(kind.name)
        if name in seen or name == "stickers":
            where = f"{kind.source}: {kind.name}" if kind.source else kind.name
            reason = "another kind of piece has that name" if name in seen else "the sticker sheets have that name"
            raise StudioError(f"the sheets of {kind.name!r} would take another file's name: {reason}", where)
        seen.add(name)


def _check_files(plans: Sequence[TileSheet | CardSheet | TiledSheet]) -> None:
    names = [plan.name for plan in plans]
    if len(set(names)) != len(names):  # a guard: the names above keep them apart
        raise StudioError(f"two sheets would be written as one file: {', '.join(sorted(names))}")


# --- tiles and tokens: card stock and stickers ---------------------------------------------------


@dataclass(frozen=True)
class TileChoice:
    """How one tile or token kind is printed: its size on card stock (width, height), its stickers'
    width (None: room to press them on), bleed, backs, marking, back design and frame."""

    kind: PieceKind
    paper: str
    size: tuple[float, float]
    sticker: float | None
    bleed: float
    backs: bool
    arrangement: str | None
    marking: str
    design: str | None
    frame: bool
    named_stickers: bool
    """Whether the sticker file names the kind (a game with several kinds of tile or token)."""

    @property
    def spaced(self) -> bool:
        """Whether the kind is cut round its outline (the shape registry's ``straight``): such pieces
        stand a bleed apart all round."""
        return not self.kind.piece_shape.straight


@dataclass(frozen=True)
class TileSheet:
    """One card-stock or sticker sheet file of one kind, laid out with its notes: what ``write_sheet`` draws."""

    choice: TileChoice
    spec: SheetSpec
    pages: list[SheetPage]
    notes: list[list[str]]
    note_scale: float
    name: str

    @property
    def kind(self) -> PieceKind:
        return self.choice.kind


def _tile_sheets(choice: TileChoice, title: str, own_size: bool) -> list[TileSheet]:
    """The kind's card-stock and sticker sheets, laid out, their marks and notes checked."""
    kind = choice.kind
    try:
        specs = _specs(choice)
        pieces = [piece for piece in kind.pieces for _ in range(piece.count)]
        laid = [(spec, sheet_pages(spec, pieces, kind.row, _piece_word(kind, spec))) for spec in specs]
        for spec in specs:
            _check_mark_size(kind, spec)
    except OptionError as error:
        if own_size and error.about[:1] == ("tile_size",):
            raise kinds_own(error, "tile_size", kind, f"the {kind.singular} size") from None
        raise
    sheets = []
    for spec, pages in laid:
        notes, scale = _page_notes(choice, spec, pages, title)  # refuses notes that do not fit
        sheets.append(TileSheet(choice, spec, pages, notes, scale, sheet_file_name(choice, spec)))
    return sheets


def _specs(choice: TileChoice) -> list[SheetSpec]:
    """The kind's card-stock sheet and sticker sheet as asked for (a contradiction refused in one line);
    a board has no stickers (nothing is stuck on a blank the size of a board)."""
    (width, height), spaced, shape = choice.size, choice.spaced, choice.kind.piece_shape
    tall = None if width == height else height
    card = card_spec(choice.paper, width, choice.bleed, choice.backs, choice.arrangement, choice.marking, tall, spaced, shape)
    if choice.kind.form == Form.BOARD:
        return [card]
    return [card, sticker_spec(choice.paper, width, choice.sticker, choice.marking, choice.bleed, tall, spaced, shape)]


def _piece_word(kind: PieceKind, spec: SheetSpec) -> str:
    return "sticker" if spec.product == "stickers" else kind.singular


def _check_mark_size(kind: PieceKind, spec: SheetSpec) -> None:
    """Refuse colour-blind marks too small to read, in one line naming the option."""
    width = spec.tile_size
    if spec.markings == "none" or readable(kind, (width,)):
        return
    option = "tile_size" if spec.product == "card-stock" else "sticker_size"
    least = math.ceil(smallest_marked(kind) * 10) / 10
    raise OptionError(
        f"{{{option}}} {width:g} mm is too small for {{markings}} {spec.markings}: its marks would be"
        f" {mark_points(kind, width):.1f} pt, under the {MIN_MARK_PT:g} pt that can be read"
        f" (use at least {least:g} mm, or {{markings}} none)", option, "markings",
    )  # fmt: skip


def sheet_file_name(choice: TileChoice, spec: SheetSpec) -> str:
    """``tiles-a4.pdf``, ``tiles-letter-30mm-shapes-gutter-fold.pdf``, ``stickers-a4-letters.pdf``,
    ``stickers-tokens-a4.pdf`` (a game with several kinds of tile or token).

    The kind's own size, no markings, frameless faces and its first back design leave no trace in
    the name; the card-stock name says how the backs are arranged unless it is duplex.
    """
    kind = choice.kind
    square = spec.square_side
    if spec.product == "stickers":
        parts = ["stickers", *([slug(kind.name)] if choice.named_stickers else []), spec.paper]
    else:
        parts = [slug(kind.name), spec.paper]
    if abs(square - kind.width) > 1e-6:
        parts.append(_size_tag(square))
    if spec.product == "stickers" and abs(spec.tile_size - default_sticker(square)) > 1e-6:
        parts.append(f"sticker-{_size_tag(spec.tile_size)}")
    if spec.markings != "none":
        parts.append(spec.markings)
    if choice.frame:
        parts.append("framed")
    if spec.product == "card-stock":
        if spec.backs != "duplex" and not kind.one_sided:  # a one-sided kind has no backs to leave out
            parts.append(spec.backs or "no-backs")
        if spec.backs and choice.design is not None and choice.design != next(iter(kind.backs), None):
            parts.append(f"{slug(choice.design)}-backs")
    return "-".join(parts) + ".pdf"


def _size_tag(length: float) -> str:
    return f"{round(length, 2):g}mm"


def write_sheet(out: Path, sheet: TileSheet, title: str, credits: FrontMatter) -> Written:
    """Draw and write a planned card-stock or sticker sheet into ``out``; return what was written."""
    spec, pages, kind, choice = sheet.spec, sheet.pages, sheet.kind, sheet.choice
    width, height = pages[0].size
    heading = f"{title} {_product_words(sheet)} ({paper_size(spec.paper).name})"
    subject = f"{capitalised(kind.noun.the(kind.count))} of {title} {_size_words(sheet)}, to print and cut."
    keywords = (title, "print and play", f"{kind.singular} game")
    meta = Metadata(heading, subject, keywords, credits.authors, credits.licence, credits.licence_url)
    document = Document(meta, cmyk=True, unit=MM, press=True)  # sheets go to print shops too: PDF/X-1a
    for page, page_notes in zip(pages, sheet.notes):
        with document.page(width, height, page_box(page.trim_box), page_box(page.bleed_box)) as surface:
            _draw_page(surface, page, sheet)
            bottom = draw_notes(surface, page.note, page_notes, _note_styles(sheet.note_scale), NOTE)
            if spec.markings != "none" and page.side != "back":
                _draw_legend(surface, page.note, bottom, kind.colours, spec.markings, sheet.note_scale)
    document.save(out / sheet.name)
    params: dict[str, object] = {
        "paper": spec.paper,
        "tile_size_mm": round(spec.tile_size, 4),
        "bleed_mm": round(spec.bleed, 4),
        "backs": spec.backs,
        "markings": spec.markings,
        "frame": choice.frame,
        "colour": "cmyk",
        "pages": len(pages),
        "pieces": kind.plural,
        "piece": kind.singular,
        "count": kind.count,
        "sets": sum(page.sets for page in pages if page.side != "back"),
    }
    if spec.height is not None:
        params["tile_height_mm"] = round(spec.height, 4)
    if spec.product == "stickers":
        params["square_mm"] = round(spec.square_side, 4)
        params["blanks"] = blank_words(kind)
    elif spec.backs and choice.design is not None:
        params["back_design"] = choice.design
    written = "tile sheets" if spec.product == "card-stock" else "sticker sheets"
    return Written(out / sheet.name, written, params)


def blank_words(kind: PieceKind) -> str:
    """What a kind's stickers go on, as the notes say it: squares, discs, hexagons (the shape's own
    word), or the pieces."""
    blanks = kind.piece_shape.blanks
    return blanks[1] if blanks else kind.plural


def blank_word(kind: PieceKind) -> str:
    """One blank a kind's sticker goes on: a square, a disc, a hexagon, or a piece."""
    blanks = kind.piece_shape.blanks
    return blanks[0] if blanks else kind.singular


def _product_words(sheet: TileSheet) -> str:
    if sheet.spec.product == "card-stock":
        return f"card-stock {sheet.kind.singular} sheets"
    return f"sticker sheets for {sheet.kind.plural}" if sheet.choice.named_stickers else "sticker sheets"


def _size_words(sheet: TileSheet) -> str:
    """The true sizes: ``at 25.4 mm (1 in)``, ``as 22.5 mm stickers for 25.4 mm (1 in) squares``."""
    spec = sheet.spec
    if spec.product == "card-stock":
        return f"at {piece_words(spec.piece)}"
    return f"as {piece_words(spec.piece)} stickers for {piece_words(spec.blank)} {blank_words(sheet.kind)}"


def piece_words(size: tuple[float, float]) -> str:
    """``25.4 mm (1 in)``, or ``30 × 40 mm`` for a piece that is not as wide as tall."""
    width, height = size
    return mm_words(width) if abs(width - height) < 1e-9 else f"{mm_words(width)} × {mm_words(height)}"


# --- drawing (surface units are millimetres here) -------------------------------


def _draw_page(surface: PdfSurface, page: SheetPage, sheet: TileSheet) -> None:
    """Guides and marks, then every ground, then every face and back drawn by the kind, then the cut
    lines of pieces cut round, the targets, the fold and the calibration square."""
    spec, kind = sheet.spec, sheet.kind
    surface.shape(lines(page.guides), pen=Pen(GUIDE, GUIDE_WIDTH_MM))
    surface.shape(lines(page.crop_marks), pen=Pen(MARK, CROP_MARK_WIDTH_MM))
    style = FaceStyle(spec.bleed, spec.markings, frame=sheet.choice.frame, ground=False)
    design = sheet.choice.design
    fronts = [(p.cut, cast(Piece, p.piece).face) for p in page.fronts]  # the layout places the kind's pieces
    backs = [(p.cut, kind.back_of(cast(Piece, p.piece), design)) for p in page.backs] if spec.backs else []
    sides = [[(cut, face) for cut, face in placed if face is not None] for placed in (fronts, backs)]
    if spec.nesting is not None:
        _draw_nested(surface, sides, spec, kind.piece_shape, style)
    else:
        _draw_abutting(surface, sides, spec, style)
    if spec.spaced:
        surface.shape(_outlines([cut for cut, _ in fronts], spec, kind.piece_shape), pen=Pen(GUIDE, CUT_LINE_MM))
    for x, y in page.targets:
        draw_target(surface, x, y)
    if page.fold:
        draw_fold(surface, page.fold)
    draw_calibration_square(surface, page.calibration, spec.paper)


Placed = list[tuple[Box, PieceFace]]


def _draw_abutting(surface: PdfSurface, sides: list[Placed], spec: SheetSpec, style: FaceStyle) -> None:
    """Pieces that share their cuts (or stand in cells): each ground, then each face."""
    # Every ground first: pieces abut, and each one's bleed may cover its neighbour's edge, never
    # what is drawn on it.
    for side in sides:
        grounds = _grounds(side)
        for cut, face in side:
            if face.ground is not None:
                box = _ground_box(cut, face.ground, grounds, spec)
                surface.shape(rectangle(box.x0, box.y0, box.width, box.height), fill=face.ground)
    for side in sides:
        grounds = _grounds(side)
        for cut, face in side:
            x, y, w, h = _piece_box(cut, spec)
            if face.ground is not None:
                face.draw(surface, x, y, w, h, style)
                continue
            box = _ground_box(cut, None, grounds, spec)  # a picture to its bleed: where its neighbours' stop
            with surface.clipped(rectangle(box.x0, box.y0, box.width, box.height)):
                face.draw(surface, x, y, w, h, replace(style, ground=True))


def _draw_nested(surface: PdfSurface, sides: list[Placed], spec: SheetSpec, shape: PieceShape, style: FaceStyle) -> None:
    """Nested pieces: each face laid on its ground and drawn within its outline grown by the bleed (its
    own, no neighbour's); a back within the outline mirrored, as the piece turned over shows it."""
    for mirrored, side in enumerate(sides):
        for cut, face in side:
            x, y, w, h = _piece_box(cut, spec)
            bled = _bled(shape, x, y, w, h, spec.bleed, bool(mirrored))
            with surface.clipped(bled):
                if face.ground is not None:
                    surface.shape(bled, fill=face.ground)
                face.draw(surface, x, y, w, h, replace(style, ground=face.ground is None))


def _bled(shape: PieceShape, x: float, y: float, w: float, h: float, bleed: float, mirrored: bool) -> Shape:
    """The outline of the piece in the box (x, y, w, h) grown by ``bleed`` (scaled about its centre: a
    circle's or a regular hexagon's outline grown exactly), mirrored left to right for a back."""
    grow = 1 + 2 * bleed / min(w, h)
    cx, cy = x + w / 2, y + h / 2
    path = shape.path(cx - w * grow / 2, cy - h * grow / 2, w * grow, h * grow)
    if not mirrored:
        return path
    return Shape(tuple((op[0], *(2 * cx - v if k % 2 == 0 else v for k, v in enumerate(op[1:]))) for op in path.operations))


def _piece_box(cut: Box, spec: SheetSpec) -> tuple[float, float, float, float]:
    """The piece's own cut box within its place on the sheet, as (x, y, width, height): the place
    itself, or the middle of a spaced cell; its size the asked-for size itself, not a difference of
    two positions (the same size draws the same numbers)."""
    width, height = spec.piece
    b = spec.bleed if spec.spaced and spec.nesting is None else 0.0
    return (cut.x0 + b, cut.y0 + b, width, height)


Grounds = dict[tuple[float, float], Ink | None]
"""Each placed piece's ground by the lower-left corner of its place, to find its neighbours'."""


def _grounds(placed: Sequence[tuple[Box, PieceFace]]) -> Grounds:
    return {(round(cut.x0, 6), round(cut.y0, 6)): face.ground for cut, face in placed}


def _ground_box(cut: Box, ground: Ink | None, grounds: Grounds, spec: SheetSpec) -> Box:
    """Where a piece's ground runs: its place and the bleed past the block's outer cuts, and over a
    neighbour's edge where the neighbour's ground is the same ink (so no seam shows on screen);
    where it is another (or a picture), each stops at their shared cut. A spaced cell holds its own."""
    b = spec.block_bleed
    if not b:
        return cut
    w, h = cut.width, cut.height

    def grows(dx: float, dy: float) -> float:
        neighbour = (round(cut.x0 + dx, 6), round(cut.y0 + dy, 6))
        return b if neighbour not in grounds or (ground is not None and grounds[neighbour] == ground) else 0.0

    return Box(cut.x0 - grows(-w, 0), cut.y0 - grows(0, -h), cut.x1 + grows(w, 0), cut.y1 + grows(0, h))


def _outlines(cuts: list[Box], spec: SheetSpec, shape: PieceShape) -> Shape:
    """The cut line round each piece cut round its outline (a circle, a hexagon: the shape's own path)."""
    path = Shape()
    for cut in cuts:
        path += shape.path(*_piece_box(cut, spec))
    return path


# --- the printing notes beside the calibration square ---------------------------------

_BACK_PAGE = (
    "This side lands behind the fronts when the sheet is printed two-sided, flipped on the long"
    " edge. Against a light, this square and the targets should sit exactly over those on the front."
)
CARD_ADVICE = {
    # (also the kit's index: Sheets.describe), with the kind's words for {pieces} and {piece}
    "duplex": (
        "Card of 250–300 g/m². Print two-sided, flipping on the long edge; against a light the"
        " targets on both sides should line up. Most home duplex units stop near 200 g/m²: print"
        " this page, turn the sheet over on its long edge by hand and print the back page."
    ),
    "gutter-fold": (
        "Print on thin card or heavy paper of 120–160 g/m². Fold along the dashed line with the"
        " print outside and glue the halves flat: the two layers make a {piece} about as stiff as"
        " 250–300 g/m² card, still easy to cut."
    ),
    "": "Card of 250–300 g/m² (90–110 lb cover) makes sturdy {pieces}; feed it straight through.",
}


def card_advice(backs: str | None, pieces: str, piece: str) -> str:
    """How to print a card-stock sheet with its backs so arranged, in the kind's words."""
    return CARD_ADVICE[backs or ""].format(pieces=pieces, piece=piece)


def _cut_words(choice: TileChoice, spec: SheetSpec) -> str:
    """How to cut: along the straight lines, then round each piece cut round; what the bleed or frame forgives."""
    kind = choice.kind
    cut = "Cut along the lines that run to the edges: first each line across, then each line down."
    if choice.spaced:
        outline = kind.piece_shape.outline_word
        each = "sticker" if spec.product == "stickers" else kind.singular
        cut = cut[:-1] + f"; then cut each {each} out along its {outline}."
        if spec.nesting is not None:  # nested: no straight line runs between them
            cut = f"Cut each {each} out along its {outline}."
        if spec.bleed:
            return cut + f" The faces run {mm_words(spec.bleed)} past each {outline}, so a cut a little off does not show."
        return cut + f" With no bleed, cut exactly on each {outline}."
    if choice.frame:
        return cut + (
            f" Each frame sits {mm_words(FRAME_INSET_MM)} inside its cut, so a cut a little off"
            " still leaves a margin all round."
        )
    if spec.bleed:
        return cut + (
            f" The faces run {mm_words(spec.bleed)} past the outer cuts and have no border near"
            " a cut, so a cut a little off does not show."
        )
    return cut + " With no bleed, cut the outer lines exactly."


def _note(choice: TileChoice, spec: SheetSpec, page: SheetPage, sheet: int, sheets: int, title: str) -> list[str]:
    """The words beside the calibration square: what this page is and how to print it.

    The first line is the title; each line is a paragraph, reflowed to the note's width.
    """
    kind = choice.kind
    where = f"{paper_size(spec.paper).name} · sheet {sheet} of {sheets}"
    if page.sets > 1:
        where += f" · {page.sets} sets"
    if page.side == "back":
        return [f"{title} {kind.singular} backs · {where}, back", _BACK_PAGE]
    each = "each sticker" if spec.product == "stickers" else f"each {kind.singular}"
    actual = (
        "Print at actual size (100 %), never “fit to page”: the square must measure"
        f" {paper_size(spec.paper).calibration_label} and {each} {piece_words(spec.piece)}."
    )
    cut = _cut_words(choice, spec)
    if spec.product == "stickers":
        blank, one = blank_words(kind), blank_word(kind)
        room = (spec.square_side - spec.tile_size) / 2
        fit = (
            f"Each sticker leaves {mm_words(room)} of its {one} showing on every side: room to press"
            " it on by hand without it overhanging."
            if room > 1e-6 else f"Each sticker is exactly as large as its {one}: place it with care."
        )
        whose = f" {kind.singular}" if choice.named_stickers else ""
        return [
            f"{title}{whose} stickers, {piece_words(spec.piece)}, for {piece_words(spec.blank)} {blank} · {where}",
            actual,
            "Print on full-sheet sticker paper. " + cut,
            fit,
        ]
    side = ", front" if spec.backs == "duplex" else ""
    return [
        f"{title} {kind.noun.word(kind.count)}, {piece_words(spec.piece)}, for card · {where}{side}",
        actual,
        card_advice(spec.backs, kind.plural, kind.singular),
        cut,
    ]


def _note_styles(scale: float = 1.0) -> tuple[TextStyle, TextStyle]:
    return note_styles(TITLE_POINTS * scale, NOTE_POINTS * scale, leading=1.25, space_after=1.0)


def _page_notes(choice: TileChoice, spec: SheetSpec, pages: list[SheetPage], title: str) -> tuple[list[list[str]], float]:
    """Each page's notes and the one size (of ``NOTE_SCALES``) at which every page's fit its box,
    with the legend of marks: reflowed to its width, set smaller if they must be, or refused."""
    sheets = sum(page.side != "back" for page in pages)
    notes, sheet = [], 0
    for page in pages:
        sheet += page.side != "back"
        notes.append(_note(choice, spec, page, sheet, sheets, title))
    colours = choice.kind.colours
    short = 0.0
    for scale in NOTE_SCALES:
        short = max(
            notes_height(paragraphs, page.note.width, _note_styles(scale)) + _legend_height(spec, page, colours, scale)
            - page.note.height
            for page, paragraphs in zip(pages, notes)
        )  # fmt: skip
        if short <= 0 and all(page.note.width > 0 for page in pages):
            return notes, scale
    raise StudioError(
        f"the printing notes do not fit beside the calibration square on"
        f" {paper_size(spec.paper).name} paper ({short:.1f} mm too tall)"
    )


def note_lines(paragraphs: list[str], width: float) -> list[str]:
    """The notes as they are set, line by line (what a reader's eye travels along)."""
    return set_lines(paragraphs, width, _note_styles())


LEGEND_GAP_MM = 2.0
"""Between the notes and the legend, and between two lines of the legend."""


def _legend_rows(colours: Sequence[PieceColour], note: Box, size: float) -> list[list[tuple[PieceColour, float]]]:
    """The legend's entries (a colour and where its mark starts), in as many lines of the notes'
    width as its names need: long names wrap rather than run off the page."""
    rows: list[list[tuple[PieceColour, float]]] = [[]]
    x = note.x0
    for colour in colours:
        name_width = text_width(colour.name, QUICKSAND, size)
        if rows[-1] and x + LEGEND_MARK_MM + 1.2 + name_width > note.x1:
            rows.append([])
            x = note.x0
        rows[-1].append((colour, x))
        x += LEGEND_MARK_MM + 1.2  # two steps, as the names were always placed: the same coordinates, the same bytes
        x += name_width + 4.0
    return rows


def _legend_height(spec: SheetSpec, page: SheetPage, colours: Sequence[PieceColour], scale: float) -> float:
    """The legend of marks under a page's notes (a front's, when the pieces are marked; its marks
    keep their size when the notes are set smaller), or nothing."""
    if spec.markings == "none" or page.side == "back":
        return 0.0
    lines = len(_legend_rows(colours, page.note, _note_styles(scale)[1].size))
    return lines * (LEGEND_MARK_MM + LEGEND_GAP_MM)


def _draw_legend(
    surface: PdfSurface, note: Box, top: float, colours: Sequence[PieceColour], marking: str, scale: float = 1.0
) -> None:
    """Lines under the notes: each colour's mark beside its name, as the pieces' corners show them."""
    size = _note_styles(scale)[1].size
    for line, row in enumerate(_legend_rows(colours, note, size)):
        y = top - LEGEND_GAP_MM - LEGEND_MARK_MM / 2 - line * (LEGEND_MARK_MM + LEGEND_GAP_MM)  # the marks' centre line
        for colour, x in row:
            cx = x + LEGEND_MARK_MM / 2
            if marking == "letters":  # on the names' baseline: one line of text
                surface.text(cx, y - size * 0.35, colour.letter, LETTER_FACE, size, MARK)
            else:
                path = Shape()
                for loop in mark_polygons(colour.shape) if colour.shape else []:
                    path += polygon((cx + px * LEGEND_MARK_MM, y + py * LEGEND_MARK_MM) for px, py in loop)
                surface.shape(path, fill=MARK, even_odd=True)
            surface.text(x + LEGEND_MARK_MM + 1.2, y - size * 0.35, colour.name, QUICKSAND, size, NOTE, centred=False)

