"""The boxes' pages: each kind's nets laid on the paper, printed, and written as one PDF per kind.

A card kind gets a tuck box (one page), a tile or token kind a tray and its lid (a
page each). Every page is press-ready as the sheets are: CMYK, text and lines in
black ink alone, the net's TrimBox (its bounds) and BleedBox, crop marks at the
trim's corners, the printed ground running ``bleed`` past every cut; the first
page carries the calibration square and the notes (or, where the net leaves no
room, a first page of its own does). The file is PDF/X-1a, as the sheets are. Everything is laid out, and a box too large
for the paper refused, before anything is written. The document layer
(``drawing.document``) is all this knows of the PDF format.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ...drawing.document import MM, Document, Metadata
from ...drawing.fonts import QUICKSAND_BOLD, text_width
from ...drawing.geometry import Box
from ...drawing.ink import Ink, PAPER
from ...drawing.press import (
    CROP_MARK_WIDTH_MM,
    CROP_OFFSET_MM,
    GUIDE,
    MARK,
    POINT_MM,
    PRINT_MARGIN_MM,
    corner_marks,
    draw_calibration_square,
    draw_notes,
    mm_words,
    notes_height,
)
from ...drawing.surface import Face, Pen, ScaledView, Surface, lines, polygon, rectangle
from ...errors import StudioError
from ...facts.wording import Noun
from ...files import Written
from ...games.base import RULEBOOK_FILE, Game
from ...options import OptionError
from ...papers import paper_size
from ...pieces.faces import FaceStyle, PieceFace
from ...pieces.kinds import Form, PieceKind
from ...pieces.shapes import PieceShape
from .nets import Area, Net, outside, tray, tuck_box
from .sizes import Choice, card_inside, piece_thickness, stacks, tray_inside

CUT_MM = 0.2
"""Cut lines: solid, black ink alone, heavy enough to follow with a knife."""
FOLD_MM = 0.2
MOUNTAIN_DASH = (3.0, 2.0)
"""A fold away from the print (the print stays outside): plain dashes."""
VALLEY_DASH = (3.0, 1.2, 0.5, 1.2)
"""A fold towards the print: dash and dot, so the two never look alike."""
HATCH_MM = 0.15
HATCH_STEP_MM = 2.5
LID_ROOM_MM = 1.0
"""A lid's inside is this much longer and wider than its tray's outside: it slides on and lifts off."""
GAP_MM = 5.0
"""Between the net's crop marks and the notes."""
MIN_NOTES_MM = 60.0
"""The narrowest column the notes are set in beside a net."""
CROP_ROOM_MM = 2.0
"""The shortest crop mark a net leaves room for, beyond its bleed."""
TITLE_POINTS = 16.0
LABEL_POINTS = 9.0
FACE_SCALE_MOST = 2.0
"""A piece shown on a box is drawn at most twice its own size."""
CREAM = Ink((0.97, 0.95, 0.89), (0.0, 0.02, 0.08, 0.02))
"""A box's ground when its pieces' back is too dark under black text, or has no one colour."""
LIGHT_ENOUGH = 0.6
"""The least luminance of a ground that black text reads on."""


# --- what each kind's box is ---------------------------------------------------------------------------


def box_words(kind: PieceKind) -> str:
    """``tuck box for the cards``, ``tray and lid for the tiles``: what a kind's box is called."""
    return f"{'tuck box' if kind.form == Form.CARD else 'tray and lid'} for {kind.noun.the(kind.count)}"


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "pieces"


def box_file_name(kind: PieceKind, paper: str) -> str:
    """``cards-box-a4.pdf``: one file per kind and paper."""
    return f"{slug(kind.name)}-box-{paper}.pdf"


def kind_nets(kind: PieceKind, choice: Choice) -> list[Net]:
    """A card kind's tuck box; a tile or token kind's tray and the lid that covers it."""
    thickness = piece_thickness(kind, choice.piece_thickness)
    if kind.form == Form.CARD:
        return [tuck_box(card_inside(kind, thickness, choice.clearance), choice.stock)]
    base = tray(tray_inside(kind, thickness, choice.clearance), choice.stock)
    length, width, height = outside(base, choice.stock)
    lid = tray((length + LID_ROOM_MM, width + LID_ROOM_MM, height), choice.stock, kind="lid")
    return [base, lid]


def boxed_kinds(game: Game) -> tuple[PieceKind, ...]:
    """The kinds that get a box: every one but those that say not (``box = False``) and boards,
    which lie flat in the game's own box unless they ask for one."""
    return tuple(kind for kind in game.piece_kinds() if kind.boxed)


# --- pages ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Page:
    """One page: its size, the net on it (None: the notes page), where the net's origin lands,
    the net's trim (its bounds on the page), and the boxes of the notes and the calibration square."""

    size: tuple[float, float]
    net: Net | None
    origin: tuple[float, float]
    trim: Box | None
    notes: Box | None
    calibration: Box | None


def _margin(bleed: float) -> float:
    """Room round a net's trim for its bleed and its crop marks."""
    return bleed + CROP_OFFSET_MM + CROP_ROOM_MM


def _printable(size: tuple[float, float]) -> Box:
    return Box(PRINT_MARGIN_MM, PRINT_MARGIN_MM, size[0] - PRINT_MARGIN_MM, size[1] - PRINT_MARGIN_MM)


def _orientations(paper: str) -> list[tuple[float, float]]:
    size = paper_size(paper)
    return [(size.width, size.height), (size.height, size.width)]


def room(paper: str, bleed: float) -> tuple[float, float]:
    """The largest net (width, height) a page of ``paper`` holds, portrait."""
    area = _printable(_orientations(paper)[0])
    return (area.width - 2 * _margin(bleed), area.height - 2 * _margin(bleed))


def fits(net: Net, paper: str, bleed: float) -> bool:
    width, height = net.size
    most_w, most_h = room(paper, bleed)
    return (width <= most_w + 1e-9 and height <= most_h + 1e-9) or (width <= most_h + 1e-9 and height <= most_w + 1e-9)


def _placed(net: Net, paper: str, bleed: float) -> Page:
    """The net on a portrait page if it fits one, else landscape, at the printable area's top left."""
    margin = _margin(bleed)
    width, height = net.size
    for size in _orientations(paper):
        area = _printable(size)
        if width + 2 * margin <= area.width + 1e-9 and height + 2 * margin <= area.height + 1e-9:
            x0, y0, _, _ = net.bounds
            left, top = area.x0 + margin, area.y1 - margin
            trim = Box(left, top - height, left + width, top)
            return Page(size, net, (left - x0, trim.y0 - y0), trim, None, None)
    raise AssertionError("a net was placed that does not fit")  # refused before: see check_fit


def _free(page: Page, bleed: float) -> list[Box]:
    """The strips of the page beside and below the net, where notes may go."""
    assert page.trim is not None
    area, trim, reach = _printable(page.size), page.trim, _margin(bleed) + GAP_MM
    return [Box(trim.x1 + reach, area.y0, area.x1, area.y1), Box(area.x0, area.y0, area.x1, trim.y0 - reach)]


def _with_notes(box: Box, paper: str, paragraphs: list[str]) -> tuple[Box, Box] | None:
    """The calibration square at ``box``'s top left and the notes beside it (or under it), if they fit."""
    side = paper_size(paper).calibration
    if box.width < side or box.height < side:
        return None
    square = Box(box.x0, box.y1 - side, box.x0 + side, box.y1)
    beside = Box(square.x1 + GAP_MM, box.y0, box.x1, box.y1)
    under = Box(box.x0, box.y0, box.x1, square.y0 - GAP_MM)
    for notes in (beside, under):
        if notes.width >= MIN_NOTES_MM and notes.height > 0 and notes_height(paragraphs, notes.width) <= notes.height:
            return square, notes
    return None


def lay_out(nets: Sequence[Net], paper: str, bleed: float, paragraphs: list[str]) -> list[Page]:
    """A page per net; the notes and the calibration square beside the first net, or on a page before."""
    pages = [_placed(net, paper, bleed) for net in nets]
    first = pages[0]
    for strip in sorted(_free(first, bleed), key=lambda box: -box.width * box.height):
        found = _with_notes(strip, paper, paragraphs)
        if found is not None:
            return [dataclasses.replace(first, calibration=found[0], notes=found[1]), *pages[1:]]
    size = _orientations(paper)[0]
    area = _printable(size)
    found = _with_notes(area, paper, paragraphs)
    if found is None:  # the notes are a few short paragraphs: a whole page always holds them
        raise AssertionError("the notes do not fit on a page")
    return [Page(size, None, (0.0, 0.0), None, found[1], found[0]), *pages]


# --- refusing a box too large -------------------------------------------------------------------------


def check_fit(kinds: Sequence[PieceKind], paper: str, choice: Choice, given: Sequence[str]) -> None:
    """Refuse, in one line, a box whose net fits no page of ``paper``: naming the option that would
    make it fit and the largest value that does (``given`` first: the options the user set), or the
    kind and the paper's room if none can."""
    for kind in kinds:
        nets = kind_nets(kind, choice)
        large = next((net for net in nets if not fits(net, paper, choice.bleed)), None)
        if large is None:
            continue
        what = f"the {large.kind} for {kind.noun.the(kind.count)} would be {_size(large.size)} mm flat"
        most_w, most_h = room(paper, choice.bleed)
        roomy = f"more than a page of {paper_size(paper).name} holds ({_size((most_w, most_h))} mm)"
        for option in (*given, *(name for name in ("clearance", "piece_thickness", "bleed") if name not in given)):
            best = _largest_fitting(kind, paper, choice, option)
            if best is not None:
                now = _value(kind, choice, option)
                raise OptionError(f"{{{option}}} {now:g} mm: {what}, {roomy} (use at most {best:g} mm)", option)
        where = f"{kind.source}: {kind.name}" if kind.source else kind.name
        raise StudioError(f"{what}, {roomy}: print it on a larger paper", where)


def _value(kind: PieceKind, choice: Choice, option: str) -> float:
    if option == "piece_thickness":
        return piece_thickness(kind, choice.piece_thickness)
    return float(getattr(choice, option))


def _largest_fitting(kind: PieceKind, paper: str, choice: Choice, option: str) -> float | None:
    """The largest value of ``option`` (to 0.1 mm, below its value now) with which every net of
    ``kind`` fits the paper, or None."""

    def fine(value: float) -> bool:
        changed = dataclasses.replace(choice, **{option: value})
        return all(fits(net, paper, changed.bleed) for net in kind_nets(kind, changed))

    now = _value(kind, choice, option)
    low = 0.01 if option == "piece_thickness" else 0.0
    if now <= low or not fine(low):
        return None
    high = now
    for _ in range(40):
        middle = (low + high) / 2
        low, high = (middle, high) if fine(middle) else (low, middle)
    best = math.floor(low * 10) / 10
    return best if best > 0 and fine(best) else None


def _size(size: tuple[float, float]) -> str:
    return f"{size[0]:.0f} × {size[1]:.0f}"


# --- the notes -------------------------------------------------------------------------------------


def notes(kind: PieceKind, nets: Sequence[Net], title: str, paper: str, choice: Choice, credit: str) -> list[str]:
    """What the first page says: the box, how to print, cut, fold and glue it, what fits inside."""
    thickness = piece_thickness(kind, choice.piece_thickness)
    inside = " × ".join(f"{v:.1f}" for v in nets[0].inside)
    size = f"{kind.width:g} × {kind.height:g} mm" if kind.width != kind.height else mm_words(kind.width)
    paragraphs = [
        f"{title}: {box_words(kind)} ({paper_size(paper).name})",
        f"Print on card {mm_words(choice.stock)} thick, at actual size (100 %, never “fit to page”): the square"
        f" must measure {paper_size(paper).calibration_label}. Cut along the solid lines.",
        "Fold along the dashed lines: plain dashes fold away from the print, which stays outside (mountain);"
        " dash and dot folds towards the print (valley). Score the folds first against a ruler. Glue goes on the"
        " hatched flaps.",
    ]
    if kind.form == Form.CARD:
        paragraphs.append(
            "Fold the front, sides and back into a tube and glue the hatched flap inside the front. Fold in the"
            " dust flaps, then close the bottom and the lid, tucking each one's flap inside."
        )
    else:
        paragraphs.append(
            "Fold up the four walls and glue each hatched corner flap inside the end wall it meets. Fold the"
            " inner half of each long wall over the rim into the tray and lay its tab flat on the floor: the"
            f" {kind.noun.word(kind.count)} keep{'s' if kind.count == 1 else ''} it down. The lid, on the next page,"
            " folds the same way and fits over the tray."
        )
    if kind.form == Form.CARD:
        laid = f"{kind.noun.the(kind.count)} of {size}"
    else:
        stacked = stacks(kind, thickness)
        laid = f"{kind.noun.the(kind.count)} of {size} in {Noun('stack').of_up_to(stacked.columns * stacked.rows, stacked.high)}"
    paragraphs.append(
        f"Inside: {inside} mm, for {laid}, {mm_words(thickness)} thick, with {mm_words(choice.clearance)} to spare."
    )
    if credit:
        paragraphs.append(credit)
    return paragraphs


def credit_line(game: Game) -> str:
    """``Title by A and B. CC BY 4.0.``: from the rulebook's front matter, if the game has one written."""
    if not (game.templates / RULEBOOK_FILE).is_file():
        return ""
    matter = game.front_matter
    return f"{game.title} by {' and '.join(matter.authors)}. {matter.licence}." if matter.authors else ""


# --- drawing (millimetres, y up) -------------------------------------------------------------------------


def ground_of(kind: PieceKind) -> Ink:
    """The box's colour: its pieces' back's, if it is one colour light enough for black text; else cream."""
    ink = kind.back.ground if kind.back is not None else None
    if ink is None:
        return CREAM
    r, g, b = ink.rgb
    return ink if 0.2126 * r + 0.7152 * g + 0.0722 * b >= LIGHT_ENOUGH else CREAM


def _draw_net(surface: Surface, net: Net, kind: PieceKind, title: str, title_face: Face, bleed: float) -> None:
    """Ground (with its bleed), pictures and words, glue flaps, then the cut and fold lines."""
    ground = ground_of(kind)
    printed = [panel for panel in net.panels if not panel.glue]
    for panel in printed:
        surface.shape(polygon(panel.outline), fill=ground)
    if bleed > 0:
        edges = [edge for panel in printed for edge in panel.edges]
        cut = net.cuts()
        bled = [edge for edge in edges if any(_on(piece, edge) for piece in cut)]
        surface.shape(lines(bled), pen=Pen(ground, 2 * bleed, round=True))
    for panel in net.panels:
        if panel.glue:
            _draw_glue(surface, panel.outline)
    _draw_words(surface, net, kind, title, title_face)
    surface.shape(lines(net.cuts()), pen=Pen(MARK, CUT_MM))
    for valley, dash in ((False, MOUNTAIN_DASH), (True, VALLEY_DASH)):
        folds = [(fold.start, fold.end) for fold in net.folds if fold.valley == valley]
        if folds:
            surface.shape(lines(folds), pen=Pen(MARK, FOLD_MM, dash=dash))


def _on(piece: tuple, edge: tuple) -> bool:
    """Whether a cut ``piece`` lies along ``edge`` (both its ends on the edge's segment)."""
    (ax, ay), (bx, by) = edge
    length = math.hypot(bx - ax, by - ay) or 1.0
    for px, py in piece:
        if abs((px - ax) * (by - ay) - (py - ay) * (bx - ax)) / length > 1e-6:
            return False
        along = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length
        if along < -1e-6 or along > length + 1e-6:
            return False
    return True


def _draw_glue(surface: Surface, outline: tuple[tuple[float, float], ...]) -> None:
    """A glue flap: bare card (nothing printed where the glue goes), hatched, and the word."""
    shape = polygon(outline)
    surface.shape(shape, fill=PAPER)
    xs, ys = [x for x, _ in outline], [y for _, y in outline]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    span = (x1 - x0) + (y1 - y0)
    steps = int(span / HATCH_STEP_MM) + 1
    hatch = [((x0 + k * HATCH_STEP_MM - (y1 - y0), y0), (x0 + k * HATCH_STEP_MM, y1)) for k in range(steps + 1)]
    with surface.clipped(shape):
        surface.shape(lines(hatch), pen=Pen(GUIDE, HATCH_MM))
    if min(x1 - x0, y1 - y0) >= 5.0:
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        angle = 90.0 if (y1 - y0) > (x1 - x0) else 0.0
        size = 6 * POINT_MM
        with surface.transformed(cx, cy, angle):
            surface.shape(polygon([(-4.5, -1.6), (4.5, -1.6), (4.5, 2.6), (-4.5, 2.6)]), fill=PAPER)
            surface.text(0.0, -0.6, "glue", QUICKSAND_BOLD, size, MARK)


def _draw_words(surface: Surface, net: Net, kind: PieceKind, title: str, title_face: Face) -> None:
    """The title and a piece on the front (a lid's top); the kind's name and count on a side."""
    count = kind.noun.count(kind.count)
    face = kind.faces[0]
    if net.kind == "tuck box":
        front, spine, side, back = (net.areas[name] for name in ("front", "spine", "side", "back"))
        below = _title(surface, front, title, title_face)
        _picture(surface, Area(front.x0, front.y0, front.x1, below - 2.0), face, kind.piece_shape)
        _line(surface, spine, count, QUICKSAND_BOLD)
        _line(surface, side, title, title_face)
        if kind.back is not None:
            _picture(surface, back, kind.back, kind.piece_shape)
        return
    if net.kind == "lid":
        top = net.areas["top"]
        below = _title(surface, top, title, title_face)
        _picture(surface, Area(top.x0, top.y0, top.x1, below - 2.0), face, kind.piece_shape)
    front = net.areas["front"]
    if net.kind == "tray":  # a tray's wall stands up from the base: it reads the other way up from a lid's
        front = dataclasses.replace(front, angle=180.0)
    _line(surface, front, count, QUICKSAND_BOLD)


def _fitted(text: str, face: Face, points: float, width: float) -> float:
    """The type size (mm) that sets ``text`` in ``width``, at most ``points``."""
    size = points * POINT_MM
    return min(size, size * width / max(text_width(text, face, size), 1e-9))


def _title(surface: Surface, area: Area, title: str, face: Face) -> float:
    """The title across the top of ``area``; returns where it ends below."""
    size = _fitted(title, face, TITLE_POINTS, area.width * 0.9)
    baseline = area.y1 - size
    surface.text((area.x0 + area.x1) / 2, baseline, title, face, size, MARK)
    return baseline - 0.3 * size


def _line(surface: Surface, area: Area, text: str, face: Face) -> None:
    """One line of text in the middle of ``area``, turned to read along it."""
    across = area.height if area.angle in (90.0, 270.0) else area.width
    thick = area.width if area.angle in (90.0, 270.0) else area.height
    size = min(_fitted(text, face, LABEL_POINTS, across * 0.85), thick * 0.5)
    cx, cy = (area.x0 + area.x1) / 2, (area.y0 + area.y1) / 2
    with surface.transformed(cx, cy, area.angle):
        surface.text(0.0, -0.35 * size, text, face, size, MARK)


def _picture(surface: Surface, area: Area, face: PieceFace, shape: PieceShape) -> None:
    """``face`` as large as fits ``area`` (at most ``FACE_SCALE_MOST`` its size), centred, cut to the
    piece's ``shape`` (a disc's picture round, a hexagon's six-sided, as the piece is)."""
    if area.width <= 0 or area.height <= 0:
        return
    scale = min(area.width / face.width, area.height / face.height, FACE_SCALE_MOST)
    w, h = face.width * scale, face.height * scale
    x, y = (area.x0 + area.x1 - w) / 2, (area.y0 + area.y1 - h) / 2
    outline = shape.path(x, y, w, h)
    with surface.clipped(outline), surface.transformed(x, y, scale=scale):
        face.draw(ScaledView(surface, scale), 0.0, 0.0, face.width, face.height, FaceStyle())


# --- the whole product ---------------------------------------------------------------------------


@dataclass(frozen=True)
class BoxFile:
    """One kind's file, laid out: its nets, pages and notes."""

    kind: PieceKind
    nets: list[Net]
    pages: list[Page]
    paragraphs: list[str]
    name: str


def plan_boxes(game: Game, paper: str, choice: Choice, given: Sequence[str] = ()) -> list[BoxFile]:
    """Every kind's box file for ``paper``, laid out; a box too large, or two kinds with one file name,
    refused before anything is written."""
    kinds = boxed_kinds(game)
    if not kinds:
        raise StudioError(f"{game.name} has no pieces to make boxes for")
    seen: set[str] = set()
    for kind in kinds:
        if slug(kind.name) in seen:
            where = f"{kind.source}: {kind.name}" if kind.source else kind.name
            raise StudioError(f"the box of {kind.name!r} would take another kind's file name", where)
        seen.add(slug(kind.name))
    check_fit(kinds, paper, choice, given)
    credit = credit_line(game)
    files = []
    for kind in kinds:
        nets = kind_nets(kind, choice)
        paragraphs = notes(kind, nets, game.title, paper, choice, credit)
        files.append(BoxFile(kind, nets, lay_out(nets, paper, choice.bleed, paragraphs), paragraphs,
                             box_file_name(kind, paper)))  # fmt: skip
    return files


def write_box(game: Game, out: Path, plan: BoxFile, paper: str, choice: Choice) -> Written:
    """Draw and write one kind's box file; return what was written."""
    kind = plan.kind
    matter = game.front_matter if (game.templates / RULEBOOK_FILE).is_file() else None
    meta = Metadata(
        f"{game.title}: {box_words(kind)} ({paper_size(paper).name})",
        f"A {box_words(kind)} of {game.title}, to print on card, cut, fold and glue.",
        (game.title, "print and play", "box"),
        matter.authors if matter else (),
        matter.licence if matter else "licence as in the game's rulebook",
        matter.licence_url if matter else "",
    )
    title_face = game.presentation().typography.title
    document = Document(meta, cmyk=True, unit=MM, press=True)
    for page in plan.pages:
        trim = page.trim
        # The notes page has nothing to cut: its trim is the paper (PDF/X asks every page for one).
        bounds = trim.bounds if trim else (0.0, 0.0, *page.size)
        bleed_box = trim.grown(choice.bleed).bounds if trim else bounds
        with document.page(*page.size, bounds, bleed_box) as surface:
            if page.net is not None and trim is not None:
                with surface.transformed(*page.origin):
                    _draw_net(surface, page.net, kind, game.title, title_face, choice.bleed)
                marks = corner_marks(trim, choice.bleed, _printable(page.size))
                surface.shape(lines(marks), pen=Pen(MARK, CROP_MARK_WIDTH_MM))
            if page.calibration is not None:
                draw_calibration_square(surface, page.calibration, paper)
            if page.notes is not None:
                draw_notes(surface, page.notes, plan.paragraphs)
    path = document.save(out / plan.name)
    params: dict[str, object] = {
        "paper": paper,
        "box": box_words(kind).split(" for ")[0],
        "pieces": kind.plural,
        "piece": kind.singular,
        "count": kind.count,
        "inside_mm": [round(v, 2) for v in plan.nets[0].inside],
        "stock_mm": choice.stock,
        "clearance_mm": choice.clearance,
        "bleed_mm": choice.bleed,
        "colour": "cmyk",
        "pages": len(plan.pages),
    }
    return Written(path, "box", params)


def build_boxes(game: Game, out: Path, paper: str, choice: Choice, given: Sequence[str] = ()) -> list[Written]:
    """Every kind's box for ``paper`` into ``out``: all laid out and checked first, then written."""
    plans = plan_boxes(game, paper, choice, given)
    return [write_box(game, out, plan, paper, choice) for plan in plans]
