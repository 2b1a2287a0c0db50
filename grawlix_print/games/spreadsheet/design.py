"""``components.toml`` of a game made of tables and layouts: its title, its colours and typefaces, its kinds.

Each ``[kinds.NAME]`` table is one kind of piece (``cards``, ``tokens``...):
its form and shape, its size, the table that lists its pieces (one row each),
the column that says how many of each (if any), the layout its faces are
drawn with (or a column that chooses one per row) and the layout of its back.
Nothing here draws: it reads and checks, each fault one line naming the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...drawing.ink import Ink
from ...errors import StudioError
from ...files import read_toml
from ...pieces.kinds import Form
from ...pieces.shapes import FORM_SHAPES, PieceShape, path_shape, polygon_shape, shape_named
from ...pieces.schema import game_title, ink, known_keys, text, where as at
from ...papers import KIT_PAPERS, paper_size
from ...registry import seam
from ...units import parse_length
from ..templates import COMPONENTS_FILE
from .lettering import DEFAULT_FAMILY, FAMILY_STYLES, SHIPPED_FAMILIES, Family, font_file
from .values import Template, colour, template

KIND_KEYS = ("singular", "plural", "box", "form", "shape", "outline", "stretched", "size", "table", "sheet", "layout", "back", "count_column", "description", "relief")
RELIEF_KEYS = ("picture", "element", "colour", "body", "size")
"""``[kinds.NAME.relief]``: what a 3D print raises on each piece (``ReliefSpec``)."""
CLEARANCE_MM = 5.5
"""Around a piece on a sheet at the least: a 3 mm bleed and a short crop mark beyond it."""
COMMON_SIZES = {
    "poker": (63.5, 88.9), "bridge": (57.15, 88.9), "tarot": (69.85, 120.65), "mini": (44.45, 63.5),
    "square": (63.5, 63.5),
}  # fmt: skip
"""Card sizes by name, in millimetres (``size = "poker"``)."""


@dataclass(frozen=True)
class KindSpec:
    """One ``[kinds.NAME]`` table, read and checked (its table and layouts are read by the game)."""

    name: str
    singular: str
    form: Form
    shape: PieceShape
    size: tuple[float, float]
    table: str
    sheet: str | None
    layout: Template
    back: Template | None
    count_column: str | None
    description: Template | None
    where: str
    plural: str = ""
    """What sentences call more than one ("": the singular's plural; the kind's name when neither is given)."""
    box: bool | None = None
    """``components.toml: kinds.cards``, for messages."""
    stretched: bool = False
    """Whether its shape is meant out of its regular proportions (``stretched = true``)."""
    relief: ReliefSpec | None = None
    """What a 3D print raises on each piece (``[kinds.NAME.relief]``), if anything."""


@dataclass(frozen=True)
class ReliefSpec:
    """``[kinds.NAME.relief]``: an SVG picture's shapes in its ink (``currentColor``), or what an
    element of the kind's layout draws, raised on each piece in a filament colour, on a body of another.

    ``picture`` is the SVG (``"icons/coin.svg"``, or ``"icons/{icon}.svg"``: a column chooses one per
    row); ``element`` instead names an element of the layout (its ``name``), whose filled shapes in
    the colour it paints first are raised (its letters, its shape, its SVG picture's ink); ``colour``
    the raised shapes' filament, a colour as layouts write one (a column may choose it); ``body`` the
    bodies' (a light grey if not given); ``size`` the raised shape's larger side as a fraction of the
    piece (0: the 3D product's 68 %)."""

    picture: Template | None
    colour: Template
    body: str | None
    size: float
    where: str
    element: str | None = None


@dataclass(frozen=True)
class Rulebook:
    imposition: str
    body: Family
    title: Family


@dataclass(frozen=True)
class Design:
    title: str
    colours: Mapping[str, Ink]
    fonts: Mapping[str, Family]
    kinds: tuple[KindSpec, ...]
    rulebook: Rulebook
    source: str


def read_design(templates: Path) -> Design:
    """The game's ``components.toml``, every key checked."""
    path = templates / COMPONENTS_FILE
    source = str(path)
    data = read_toml(path)
    known_keys(data, ("game", "title", "colours", "fonts", "kinds", "rulebook"), source)
    title = game_title(data, source)
    colours = _colours(data.get("colours", {}), source)
    fonts = {**SHIPPED_FAMILIES, **_fonts(templates, data.get("fonts", {}), source)}
    kinds_table = data.get("kinds")
    if not isinstance(kinds_table, dict) or not kinds_table:
        raise StudioError("needs at least one kind of piece: a [kinds.cards] table (see the example: grawlix-print new NAME --data)", source)
    kinds = tuple(_kind(name, value, at(source, f"kinds.{name}"), templates) for name, value in kinds_table.items())
    return Design(title, colours, fonts, kinds, _rulebook(data.get("rulebook", {}), fonts, source), source)


def _colours(value: object, source: str) -> dict[str, Ink]:
    """``[colours]``: each a ``#rrggbb``, or a table of ``rgb`` and ``cmyk`` (a press colour of one's own)."""
    if not isinstance(value, dict):
        raise StudioError("must be a table: moon = \"#3b4a9c\"", at(source, "colours"))
    found: dict[str, Ink] = {}
    for name, given in value.items():
        key = at(source, f"colours.{name}")
        if isinstance(given, dict):
            known_keys(given, ("rgb", "cmyk"), source, f"colours.{name}")
            found[name.casefold()] = ink(given, source, f"colours.{name}")
        elif isinstance(given, str):
            made = colour(given, {}, key)
            if made is None:
                raise StudioError("a named colour must be a colour, not none", key)
            found[name.casefold()] = made
        else:
            raise StudioError(f"must be \"#rrggbb\" or a table of rgb and cmyk, not {given!r}", key)
    return found


def _fonts(templates: Path, value: object, source: str) -> dict[str, Family]:
    """``[fonts.NAME]``: a typeface of the templates folder, ``regular`` and optionally ``bold``,
    ``italic`` and ``bold_italic`` TrueType files."""
    if not isinstance(value, dict):
        raise StudioError("must be tables: [fonts.lora] regular = \"fonts/Lora-Regular.ttf\"", at(source, "fonts"))
    found = {}
    for name, table in value.items():
        key = f"fonts.{name}"
        if not isinstance(table, dict):
            raise StudioError("must be a table: regular = \"fonts/NAME.ttf\"", at(source, key))
        known_keys(table, FAMILY_STYLES, source, key)
        if "regular" not in table:
            raise StudioError("missing regular = \"fonts/NAME-Regular.ttf\"", at(source, key))
        faces = {style: font_file(templates, text(table, style, source, key), at(source, f"{key}.{style}")) for style in table}
        found[name.casefold()] = Family(name, faces["regular"], faces.get("bold"), faces.get("italic"), faces.get("bold_italic"))
    return found


def family(fonts: Mapping[str, Family], templates: Path, name: str, where: str) -> Family:
    """The typeface a layout names: a ``[fonts]`` name, a shipped one, or a ``.ttf`` file of the templates."""
    if name.lower().endswith(".ttf") or "/" in name:
        return Family(name, font_file(templates, name, where))
    found = fonts.get(name.strip().casefold())
    if found is None:
        raise StudioError(f"no typeface {name!r} (typefaces: {', '.join(fonts)}; or a .ttf file of the templates folder)", where)
    return found


def _rulebook(value: object, fonts: Mapping[str, Family], source: str) -> Rulebook:
    """``[rulebook]``: how ``leaflet.md`` is printed (a ``booklet`` of A6 pages or a ``tri-fold``) and in
    which typefaces."""
    if not isinstance(value, dict):
        raise StudioError("must be a table: imposition = \"booklet\"", at(source, "rulebook"))
    known_keys(value, ("imposition", "font", "title_font"), source, "rulebook")
    imposition = str(value.get("imposition", "booklet"))
    ways = seam("imposition")  # the built-in ones and any a package adds (the rules in print lay them out)
    if imposition not in ways:
        raise StudioError(f"{imposition!r} is not one of {', '.join(ways.names())}", at(source, "rulebook.imposition"))
    chosen = []
    for key, default in (("font", DEFAULT_FAMILY), ("title_font", "caprasimo")):
        name = str(value.get(key, default)).casefold()
        if name not in fonts:
            raise StudioError(f"no typeface {name!r} (typefaces: {', '.join(fonts)})", at(source, f"rulebook.{key}"))
        chosen.append(fonts[name])
    return Rulebook(imposition, chosen[0], chosen[1])


def _kind(name: str, value: object, where: str, templates: Path) -> KindSpec:
    if not isinstance(value, dict):
        raise StudioError("must be a table of the kind's settings", where)
    if not name.replace("-", "").replace("_", "").isalnum() or not name.isascii():
        raise StudioError(f"{name!r}: a kind's name goes into file names: letters, digits, - and _ only", where)
    for key in value:
        if key not in KIND_KEYS:
            raise StudioError(f"unknown key (known: {', '.join(KIND_KEYS)})", f"{where}.{key}")
    form = _enum(Form, value.get("form", "card"), f"{where}.form")
    shape = _shape(name, value, where, templates) if "shape" in value else FORM_SHAPES[form]
    size = _size(value.get("size"), shape, f"{where}.size", tiled=form == Form.BOARD)
    stretched = value.get("stretched", False)
    if not isinstance(stretched, bool):
        raise StudioError(f"must be true or false, not {stretched!r}", f"{where}.stretched")
    refusal = shape.refusal(size, stretched)
    if refusal:
        raise StudioError(f"{refusal} (stretched = true)" if refusal.endswith("stretched") else refusal, f"{where}.size")
    singular = value.get("singular", name[:-1] if name.endswith("s") and len(name) > 1 else name)
    plural = value.get("plural", "" if "singular" in value else name)
    for key, words in (("singular", singular), ("plural", plural)):
        if not isinstance(words, str) or (key == "singular" and not words.strip()):
            raise StudioError(f"must be the words for {'one' if key == 'singular' else 'more than one'}, not {words!r}",
                              f"{where}.{key}")  # fmt: skip
    box = value.get("box")
    if box is not None and not isinstance(box, bool):
        raise StudioError(f"must be true or false, not {box!r}", f"{where}.box")
    strings = {}
    for key in ("table", "sheet", "layout", "back", "count_column", "description"):
        if key in value and not isinstance(value[key], str):
            raise StudioError(f"must be a string, not {value[key]!r}", f"{where}.{key}")
        strings[key] = value.get(key)
    if not strings["table"]:
        raise StudioError(f"missing table = \"{name}.csv\" (a CSV, XLSX or TOML file in the templates folder)", where)
    if not strings["layout"]:
        raise StudioError("missing layout = \"NAME\" (layouts/NAME.toml), or \"{column}\" to choose one per row", where)
    relief = _relief(value["relief"], f"{where}.relief") if "relief" in value else None
    return KindSpec(
        name, str(singular), form, shape, size, strings["table"], strings["sheet"],
        template(strings["layout"], f"{where}.layout"),
        template(strings["back"], f"{where}.back") if strings["back"] else None,
        strings["count_column"],
        template(strings["description"], f"{where}.description") if strings["description"] else None,
        where, plural.strip(), box, stretched, relief,
    )  # fmt: skip


def _relief(value: object, where: str) -> ReliefSpec:
    """``[kinds.NAME.relief]``: ``picture`` and ``colour`` (templates), ``body`` and ``size``."""
    if not isinstance(value, dict):
        raise StudioError('must be a table: picture = "icons/coin.svg", colour = "ink"', where)
    for key in value:
        if key not in RELIEF_KEYS:
            raise StudioError(f"unknown key (known: {', '.join(RELIEF_KEYS)})", f"{where}.{key}")
    for key in ("picture", "element", "colour", "body"):
        if key in value and not (isinstance(value[key], str) and value[key].strip()):
            raise StudioError(f"must be a string, not {value[key]!r}", f"{where}.{key}")
    if ("picture" in value) == ("element" in value):
        what = "two things to raise: give one" if "picture" in value else "nothing to raise"
        raise StudioError(f'{what}, picture = "icons/coin.svg" (an SVG whose shapes are raised) or element = "value" '
                          "(the layout's element of that name)", where)  # fmt: skip
    if "colour" not in value:
        raise StudioError('missing colour = "ink" (the filament they are printed in)', where)
    size = value.get("size", 0.0)
    if isinstance(size, bool) or not isinstance(size, (int, float)) or not 0 < size <= 1:
        if "size" in value:
            raise StudioError(f"must be a fraction of the piece, more than 0 and at most 1, not {size!r}", f"{where}.size")
    return ReliefSpec(
        template(value["picture"], f"{where}.picture") if "picture" in value else None,
        template(value["colour"], f"{where}.colour"), value.get("body"), float(size), where,
        value["element"].strip() if "element" in value else None,
    )  # fmt: skip


OUTLINE = "outline"
"""``shape = "outline"``: the kind's own outline, from its ``outline`` key."""


def _shape(name: str, value: dict, where: str, templates: Path) -> PieceShape:
    """A kind's shape: a registered one by name, or ``"outline"`` with ``outline`` an SVG file of the
    templates holding one closed shape, an SVG path (``"M 0 0 L 30 0 ... Z"``) or a list of corners
    (``[[0, 0], [30, 0], [15, 26]]``, y up)."""
    if str(value["shape"]).strip().lower() != OUTLINE:
        if "outline" in value:
            raise StudioError(f"an outline is for shape = \"{OUTLINE}\"", f"{where}.outline")
        return shape_named(value["shape"], f"{where}.shape")
    given, key = value.get("outline"), f"{where}.outline"
    if isinstance(given, list):
        if not all(isinstance(p, list) and len(p) == 2 and all(_number(v) for v in p) for p in given):
            raise StudioError("must be the corners as [x, y] pairs of numbers: [[0, 0], [30, 0], [15, 26]]", key)
        return polygon_shape(name, [(float(x), float(y)) for x, y in given], where=key)
    if not isinstance(given, str) or not given.strip():
        raise StudioError(f"shape = \"{OUTLINE}\" needs outline = \"icons/NAME.svg\", an SVG path or a list of corners",
                          key if "outline" in value else where)  # fmt: skip
    if given.strip().lower().endswith(".svg"):
        from .pictures import Vector, load_picture

        at_file = f"{key} ({given})"
        picture = load_picture(templates, given, at_file)
        shapes = picture.shapes if isinstance(picture, Vector) else ()
        if len(shapes) != 1:
            raise StudioError(f"an outline's SVG holds one shape, the piece's edge; this one holds {len(shapes)}", at_file)
        return path_shape(Path(given).stem, shapes[0].path, where=at_file)
    return path_shape(name, given, where=key)


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _enum(kind: Any, value: object, where: str) -> Any:
    try:
        return kind(str(value).strip().lower())
    except ValueError:
        raise StudioError(f"{value!r} is not one of {', '.join(m.value for m in kind)}", where) from None


def _size(value: object, shape: PieceShape, where: str, tiled: bool = False) -> tuple[float, float]:
    """``[width, height]`` (lengths), one length for a shape one length sizes (a square or round
    piece: ``PieceShape.size_of``), or a card size's name; refused if no page of the kit's papers holds
    one, unless it is ``tiled`` (a board, printed in panels when it is larger than the paper)."""
    if isinstance(value, str) and value.strip().lower() in COMMON_SIZES:
        return COMMON_SIZES[value.strip().lower()]
    single = isinstance(value, (int, float, str)) and not isinstance(value, bool) and shape.size_of(1.0) is not None
    sized = shape.size_of(_length(value, where)) if single else None
    if sized is not None:
        size = sized
    elif isinstance(value, list) and len(value) == 2:
        size = (_length(value[0], where), _length(value[1], where))
    else:
        names = ", ".join(COMMON_SIZES)
        raise StudioError(f"must be [width, height] in millimetres (or \"2.5in\"...), or one of {names}", where)
    if not tiled and not any(_fits(size, paper) for paper in KIT_PAPERS):  # a board larger is printed in panels
        names = " or ".join(paper_size(p).name for p in KIT_PAPERS)
        raise StudioError(f"{size[0]:g} x {size[1]:g} mm: no {names} sheet holds a piece that large with its bleed and crop marks", where)
    return size


def _fits(size: tuple[float, float], paper: str) -> bool:
    sheet = paper_size(paper)
    room = (sheet.width - 2 * CLEARANCE_MM, sheet.height - 2 * CLEARANCE_MM)
    return any(size[0] <= a and size[1] <= b for a, b in (room, room[::-1]))


def _length(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise StudioError(f"must be a length, not {value!r}", where)
    try:
        return parse_length(value, "size")
    except StudioError as error:
        raise StudioError(error.what, where) from None
