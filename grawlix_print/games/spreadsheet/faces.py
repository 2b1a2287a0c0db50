"""Each row of a kind's table drawn through its layout: the faces and backs the products print.

Everything a face needs is worked out when the kinds are read, row by row:
which layout, which elements are shown, their colours and typefaces, each
text broken into lines and shrunk to fit, each picture read. A fault stops
there, as one line naming the table's row (number and first column), the
layout and the field, before any product writes a file. What remains is a
list of drawing steps in millimetres from the trim's lower-left corner,
which a face replays on any ``Surface`` at any size: the sheets' PDF, the
images (rendered from a PDF) and the web gallery's SVG draw the same steps.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path as FilePath
from pathlib import PurePosixPath

from ...drawing.ink import Ink
from ...drawing.outline import Outline, TextGlyph
from ...drawing.surface import Surface, rectangle
from ...errors import StudioError
from ...files import present, slug
from ...pieces.faces import FaceStyle, PieceFace
from ...pieces.kinds import Accent, Piece, PieceKind, Relief
from .design import Design, KindSpec, ReliefSpec
from .elements import Area, Element, Filled, Lettered, Pictured, Shaped, Step, element_type
from .layouts import LAYOUT_FOLDER, Layout, read_layout
from .lettering import characters_of, icon_set, icons_key, unmarked
from .pictures import Vector, inside, load_picture
from .tables import Row, Table, column_key, read_table
from .values import check_names, colour

MAX_COUNT = 10_000
"""More of one piece than any set holds: a typo (``1000`` for ``10``) rather than a wish."""
MAX_KIND_PIECES = 10_000
"""Pieces of one kind (one table, or one sheet of a workbook), counts added: 1,112 pages of poker cards."""
MAX_GAME_PIECES = 20_000
"""Pieces of every kind together: what a set's sheets, decks and boxes are made for in minutes."""


# --- a face's drawing -------------------------------------------------------------------------


@dataclass(frozen=True)
class Drawing:
    """A face's steps at its design size; ``ground`` is its first step's colour when that step is a
    plain rectangle over the bleed (a sheet lays every ground first)."""

    width: float
    height: float
    steps: tuple[Step, ...]
    characters: str = ""

    @property
    def ground(self) -> Ink | None:
        first = self.steps[0] if self.steps else None
        if isinstance(first, Shaped) and first.covers and first.area.bleeds and first.pen is None:
            return first.fill
        return None

    def draw(self, surface: Surface, x: float, y: float, width: float, height: float, style: FaceStyle) -> None:
        """Every step, scaled to ``width`` x ``height`` (the same proportions kept), cut to the bleed."""
        scale = min(width / self.width, height / self.height)
        dx, dy = x + (width - self.width * scale) / 2, y + (height - self.height * scale) / 2
        bleed = style.bleed / scale
        steps = self.steps[1:] if self.ground is not None and not style.ground else self.steps
        with surface.transformed(dx, dy, scale=scale), surface.clipped(rectangle(-bleed, -bleed, self.width + 2 * bleed, self.height + 2 * bleed)):
            for step in steps:
                step.draw(surface, bleed)


# --- from rows to steps ----------------------------------------------------------------------


@dataclass
class Context:
    """What drawing a kind's rows needs besides the rows: the game's colours and typefaces, the
    templates folder, and what was read already (layouts, icons)."""

    design: Design
    templates: FilePath
    layouts: dict[tuple[str, tuple[float, float]], Layout]
    icons: dict[str, TextGlyph | Vector] | None = None
    icons_key: tuple = ()
    pieces: dict[str, int] = field(default_factory=dict)
    """How many pieces each kind read so far has, for the game's bound."""

    def layout(self, name: str, size: tuple[float, float], where: str) -> Layout:
        key = (name, size)
        if key not in self.layouts:
            self.layouts[key] = read_layout(self.templates, name, where, size)
        return self.layouts[key]

    def icon_set(self) -> dict[str, TextGlyph | Vector]:
        if self.icons is None:
            self.icons = dict(icon_set(self.templates))
            self.icons_key = icons_key(self.icons)
        return self.icons


def values_of(row: Row | None, design: Design, number: int, count: int, total: int) -> dict[str, str]:
    """What a template may name for one row: its cells by column key, and the built-in values."""
    found = {"title": design.title, "number": str(number), "count": str(count), "total": str(total)}
    if row is not None:
        found.update({column_key(name): cell for name, cell in row.cells.items()})
    return found


def drawing(
    context: Context, layout: Layout, values: Mapping[str, str], size: tuple[float, float], where: str
) -> Drawing:
    """The layout's steps for one row's ``values``; ``where`` names the row for messages."""
    width, height = size
    steps: list[Step] = []
    characters: list[str] = []
    for element in layout.elements:
        if element.when is not None and not element.when.holds(values):
            continue
        step = element_step(context, layout, element, values, height, where)
        if step is not None:
            steps.append(step)
            characters.append(step.characters)
    return Drawing(width, height, tuple(steps), "".join(characters))


def element_step(
    context: Context, layout: Layout, element: Element, values: Mapping[str, str], height: float, where: str
) -> Step | None:
    """What one element of the layout draws for a row (None: nothing there)."""
    box = layout.boxes[element.box]
    area = Area(box.x, height - box.y - box.height, box.width, box.height, element.box == "bleed")
    return element_type(element.type).step(Filled(element, area, values, height, f"{where}: {element.where}", context))


# --- kinds -------------------------------------------------------------------------------------


def counts(table: Table, column: str | None, where: str) -> list[int]:
    """How many of each row a set holds: its count column's whole number (empty is 1, 0 leaves it
    out), or 1 each without such a column."""
    if column is None:
        return [1] * len(table.rows)
    found = table.require(column, where)
    result = []
    for row in table.rows:
        cell = row.cells[found].strip()
        here = f"{row.label(table.source)}: {found}"
        if not cell:
            result.append(1)
            continue
        if not re.fullmatch(r"\d+(\.0+)?", cell):
            raise StudioError(f"{cell!r} is not a whole number of pieces", here)
        number = int(float(cell))
        if number > MAX_COUNT:
            raise StudioError(f"{number:,} is over {MAX_COUNT:,} pieces of one kind: a typo?", here)
        result.append(number)
    return result


def read_kind_table(spec: KindSpec, templates: FilePath) -> Table:
    """The kind's table, which must be a file of the templates folder."""
    key = f"{spec.where}.table"
    path = inside(templates, spec.table, key)
    if not present(path):
        raise StudioError(f"no table {spec.table!r} in the templates folder", key)
    return read_table(path, str(templates / spec.table), spec.sheet)


@dataclass(frozen=True)
class Made:
    """A kind as read and drawn: its table, the rows it prints with their counts (a count of 0
    leaves a row out), the kind, and every face's drawing by the face's name."""

    spec: KindSpec
    table: Table
    rows: tuple[tuple[Row, int], ...]
    kind: PieceKind
    drawings: dict[str, Drawing]
    layouts: tuple[Layout, ...]
    """Each piece's layout, in the kind's order."""
    back_layouts: dict[str, Layout]
    """Each back's layout, by the back face's name."""

    @property
    def table_file(self) -> str:
        """Its table's file, below the templates folder."""
        return PurePosixPath(self.spec.table).as_posix()

    @property
    def files(self) -> tuple[str, ...]:
        """The template files this kind is drawn from, below the templates folder: its table, its
        layouts and those they extend, and the pictures its faces show (``Game.kind_files``)."""
        found = [self.table_file]
        for layout in (*self.layouts, *self.back_layouts.values()):
            found += [f"{LAYOUT_FOLDER}/{name}.toml" for name in (layout.name, *layout.chain)]
        found += [step.source for drawing in self.drawings.values() for step in drawing.steps if step.source]
        return tuple(dict.fromkeys(found))


def piece_kind(spec: KindSpec, context: Context) -> Made:
    """The kind with a face per row and its backs."""
    table = read_kind_table(spec, context.templates)
    if not table.rows:
        raise StudioError("has a header but no rows: a kind needs at least one piece", table.source)
    check_names(spec.layout.names, table.columns, table.source, f"{spec.where}.layout")
    if spec.description is not None:
        check_names(spec.description.names, table.columns, table.source, f"{spec.where}.description")
    if spec.back is not None:
        check_names(spec.back.names, table.columns, table.source, f"{spec.where}.back")
    if spec.relief is not None:
        for key in ("picture", "colour"):
            if getattr(spec.relief, key) is not None:
                check_names(getattr(spec.relief, key).names, table.columns, table.source, f"{spec.relief.where}.{key}")
    numbers = counts(table, spec.count_column, f"{spec.where}.count_column")
    if sum(numbers) > MAX_KIND_PIECES:
        column = f" (its {table.require(spec.count_column, spec.where)} column added up)" if spec.count_column else ""
        raise StudioError(f"{sum(numbers):,} {spec.name}{column}: more than {MAX_KIND_PIECES:,} pieces of one kind", table.source)
    context.pieces[spec.name] = sum(numbers)
    if sum(context.pieces.values()) > MAX_GAME_PIECES:  # counted before a row is drawn
        each = ", ".join(f"{count:,} {name}" for name, count in context.pieces.items())
        raise StudioError(f"{sum(context.pieces.values()):,} pieces in all ({each}): more than {MAX_GAME_PIECES:,} in one game",
                          context.design.source)  # fmt: skip
    rows = [(row, count) for row, count in zip(table.rows, numbers) if count > 0]
    if not rows:
        raise StudioError("every row's count is 0: nothing to print", table.source)
    digits = max(2, len(str(len(rows))))
    drawings: dict[str, Drawing] = {}
    backs: dict[str, PieceFace] = {}
    checked: set[str] = set()
    pieces, layouts = [], []
    raised: list[Step | None] = []  # what each row's relief element draws
    back_layouts: dict[str, Layout] = {}
    for number, (row, count) in enumerate(rows, start=1):
        values = values_of(row, context.design, number, count, len(rows))
        label = row.label(table.source)
        name = spec.layout.fill(values).strip()
        layout = context.layout(name, spec.size, f"{label}: {spec.where}.layout" if not spec.layout.constant else f"{spec.where}.layout")
        if layout.name not in checked:
            for element in layout.elements:
                check_names(element.names, table.columns, table.source, element.where)
            checked.add(layout.name)
        made = drawing(context, layout, values, spec.size, label)
        layouts.append(layout)
        face_name = f"{_slug(spec.singular)}-{number:0{digits}d}"
        described = unmarked(spec.description.fill(values) if spec.description is not None else (row.first or f"{spec.singular} {number}"))
        drawings[face_name] = made
        back = None
        if spec.back is not None:
            back_name = spec.back.fill(values).strip()
            if back_name not in backs:
                backs[back_name] = _back(spec, context, back_name, label, drawings, back_layouts)
            back = backs[back_name]
        relief = None
        if spec.relief is not None:
            relief, step = _relief(spec.relief, context, values, label, layout, spec.size[1])
            raised.append(step)
        pieces.append(Piece(_face(face_name, described, made), count, back, relief=relief))
    if spec.relief is not None and spec.relief.element is not None:
        pieces = _named_by_what_they_raise(pieces, raised, spec.relief.element)
    body = None
    if spec.relief is not None and spec.relief.body is not None:
        ink = colour(spec.relief.body, context.design.colours, f"{spec.relief.where}.body")
        if ink is None:
            raise StudioError("the bodies need a colour, not none", f"{spec.relief.where}.body")
        body = Accent(spec.relief.body.strip(), ink)
    kind = PieceKind(
        spec.name, spec.singular, spec.form, spec.shape, spec.size, tuple(pieces), backs, source=spec.where,
        plural=spec.plural, box=spec.box, stretched=spec.stretched, body=body,
    )  # fmt: skip
    return Made(spec, table, tuple(rows), kind, drawings, tuple(layouts), back_layouts)


def _relief(
    spec: ReliefSpec, context: Context, values: Mapping[str, str], label: str, layout: Layout, height: float
) -> tuple[Relief, Step | None]:
    """A row's relief: its SVG's shapes in the ink (``currentColor``; every filled shape if none is),
    less what is painted over them, or what the layout's element of that name draws (``element_outline``),
    raised in the colour the row names. The picture is read, and the element drawn, now (a missing or
    broken file, a missing element, is one line naming the row); the outline when a solid is built."""
    from .pictures import relief_outline

    where = f"{label}: {spec.where}"
    if spec.picture is not None:
        name = spec.picture.fill(values).strip()
        picture = load_picture(context.templates, name, f"{where}.picture")
        if not isinstance(picture, Vector):
            raise StudioError(f"{name!r}: a relief is an SVG's shapes (a PNG or JPEG has none to raise)", f"{where}.picture")
        vector, drawn, step = picture, f"{where}.picture ({name})", None
    else:
        name = spec.element or ""
        step, drawn = _drawn_element(name, context, layout, values, height, label, f"{where}.element"), f"{where}.element ({name})"
    written = spec.colour.fill(values).strip()
    ink = colour(written, context.design.colours, f"{where}.colour")
    if ink is None:
        raise StudioError("a relief needs a colour to be printed in, not none", f"{where}.colour")
    if step is None:
        return Relief(PurePosixPath(name).stem, Accent(written, ink), lambda: relief_outline(vector, drawn), size=spec.size), None
    shown = step
    return Relief(name, Accent(written, ink), lambda: element_outline(shown, drawn), size=spec.size), step


def _drawn_element(
    name: str, context: Context, layout: Layout, values: Mapping[str, str], height: float, label: str, where: str
) -> Step:
    """What the layout's element called ``name`` draws on the row: one line if it has none, or
    draws nothing there."""
    element = next((e for e in layout.elements if e.name == name), None)  # a layout's names are its own, once each
    if element is None:
        named = [f"{e.name!r}" for e in layout.elements if e.name]
        raise StudioError(f"the layout {layout.name!r} has no element named {name!r} (give one name = {name!r}"
                          + (f"; it names {', '.join(named)})" if named else ")"), where)  # fmt: skip
    step = None if element.when is not None and not element.when.holds(values) else element_step(context, layout, element, values, height, label)
    if step is None:
        raise StudioError(f"the element {name!r} draws nothing on this row, so it has nothing to raise", where)
    return step


def element_outline(step: Step, where: str) -> Outline:
    """What an element draws filled, in the colour it paints first, less what it paints over that in
    other colours (``drawing.filled.painted_outline``): its letters, its shape, its SVG picture's ink.
    It is drawn on a surface that keeps the filled shapes (``drawing.traced``); strokes have no area."""
    from ...drawing.filled import painted_outline
    from ...drawing.traced import TracedSurface

    surface = TracedSurface()
    try:
        step.draw(surface, 0.0)
    except StudioError as error:
        raise StudioError(error.what, where) from None
    if not surface.filled:
        raise StudioError("draws no filled shape to raise (a line or an outline has no area: give it a fill)", where)
    first = surface.filled[0][1]
    return painted_outline(((path, ink == first) for path, ink in surface.filled), where)


def _named_by_what_they_raise(pieces: list[Piece], steps: list[Step | None], element: str) -> list[Piece]:
    """Pieces whose element draws alike (``steps``, row by row) share one relief, named after the
    element; when rows draw it differently, each relief is named after what it shows too (``value
    5``, an SVG's name), or numbered."""
    drawn: list[Step | None] = []
    for step in steps:
        if not any(step == other for other in drawn):
            drawn.append(step)
    if len(drawn) == 1:
        return pieces
    shown = [_shown(step) for step in drawn]
    if len({slug(text) for text in shown}) < len(shown) or not all(shown):
        shown = [str(number) for number in range(1, len(drawn) + 1)]
    names = [f"{element} {text}" for text in shown]
    result = []
    for piece, step in zip(pieces, steps):
        assert piece.relief is not None
        index = next(k for k, other in enumerate(drawn) if step == other)
        result.append(replace(piece, relief=replace(piece.relief, name=names[index])))
    return result


def _shown(step: Step | None) -> str:
    """What a step shows in words, for a name: its text, or its picture's file name."""
    if isinstance(step, Lettered):
        return characters_of(step.setting).strip()
    if isinstance(step, Pictured):
        return PurePosixPath(step.source).stem
    return ""


def _back(
    spec: KindSpec, context: Context, name: str, label: str, drawings: dict[str, Drawing], layouts: dict[str, Layout]
) -> PieceFace:
    """A back layout, drawn once for every piece that shows it: it may name the title, no column."""
    where = f"{spec.where}.back" if spec.back is not None and spec.back.constant else f"{label}: {spec.where}.back"
    layout = context.layout(name, spec.size, where)
    for element in layout.elements:
        named = next((n for n in element.names if n != "title"), None)
        if named is not None:
            raise StudioError(f"a back is the same for every {spec.singular}: it may name {{title}}, not a column ({{{named}}})", element.where)
    made = drawing(context, layout, values_of(None, context.design, 0, 1, 0), spec.size, layout.source)
    face_name = f"{_slug(spec.singular)}-back" + ("" if spec.back is not None and spec.back.constant else f"-{_slug(name)}")
    drawings[face_name] = made
    layouts[face_name] = layout
    return _face(face_name, f"the back of a {context.design.title} {spec.singular}", made)


def _face(name: str, description: str, made: Drawing) -> PieceFace:
    return PieceFace(name, description, made.width, made.height, made.draw, made.ground)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "piece"


def piece_kinds(design: Design, templates: FilePath) -> tuple[Made, ...]:
    """Every kind of the design, read and drawn."""
    context = Context(design, templates, {})
    made = []
    singulars: dict[str, str] = {}
    for spec in design.kinds:
        slug = _slug(spec.singular)
        if slug in singulars:
            raise StudioError(f"{spec.singular!r} names a piece of {singulars[slug]} too: give each kind its own singular", f"{spec.where}.singular")
        singulars[slug] = spec.name
        made.append(piece_kind(spec, context))
    return tuple(made)

