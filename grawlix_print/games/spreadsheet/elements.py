"""The types of element a layout draws, each one class: its keys and what they mean, how its values
are read, and what it draws for a row.

A layout's ``[[elements]]`` name their type (``type = "text"``). ``ELEMENTS`` is
the registry of types (a ``registry.Registry``, as every plug-in seam has): the
six built-in ones here, then those of installed packages, each a
``LayoutElement`` subclass registered under the entry-point group
``grawlix_print.layout_elements`` (``docs/writing-a-layout-element.md``). A type declares:

- ``type`` (what a layout calls it), ``summary`` (one line) and ``keys``: each
  key it takes besides every element's own (``COMMON_KEYS``: ``type``, ``name``,
  ``box``, ``when``) with a line saying what it means. A layout's other keys are
  refused from these declarations, and the site's layout-element reference is
  generated from them;
- ``templates``: which of its keys are templates a row fills (``"{cost} gold"``);
- ``read(table, where)``: its other values, checked, each fault one line
  naming ``where.KEY``;
- ``step(filled)``: what it draws for one row (a ``Step``), or None for nothing.

Lengths are millimetres from the trim's top-left as a designer measures; a
step draws in millimetres from the trim's lower-left corner, y up, so the same
steps replay on any surface at any size (``faces.Drawing``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path as FilePath
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from ...drawing.icons import circle, rounded_rectangle
from ...drawing.ink import Ink
from ...drawing.surface import Path, Pen, Surface, polygon
from ...errors import StudioError
from ...registry import Registry
from .design import family
from .lettering import DEFAULT_FAMILY, Setting, characters_of, draw_setting, settled
from .pictures import Picture, draw_picture, load_picture
from .values import BUILT_IN, Condition, Template, choice, colour, flag, length, position, ratio, text_size

if TYPE_CHECKING:
    from ...drawing.outline import TextGlyph
    from .design import Design
    from .pictures import Vector

COLOUR_WORDS = "`#rrggbb`, a `[colours]` name or a column holding one"
BUILT_IN_BOXES = ("trim", "bleed", "safe")
"""The boxes every layout has: the cut, the cut grown by the sheet's bleed, and the cut less the safe margin."""
COMMON_KEYS = {
    "type": "what the element draws: one of the types on this page, or a plug-in's",
    "name": "names the element, so that a layout extending this one replaces it by naming it again",
    "box": f"the box it is drawn in (default `trim`; {', '.join(BUILT_IN_BOXES)} are always there)",
    "when": "draw it only for rows where a column holds a value (`\"art\"`, `\"suit = moon\"`, `\"not cost\"`)",
}
"""The keys every element takes, whatever its type, and what they mean."""
ALIGNS = ("left", "centre", "right")
VALIGNS = ("top", "middle", "bottom")
FITS = ("fit", "fill")
DEFAULT_SIZE_PT = 10.0
DEFAULT_LEADING = 1.2
DEFAULT_STROKE_MM = 0.25
MAX_DASHES = 8
MIN_DASH_MM = 0.1
"""A dash or gap shorter than this prints as a solid line, and a page of them takes long to draw."""


# --- what a layout holds, read ------------------------------------------------------------------


@dataclass(frozen=True)
class Element:
    """One element of a layout as read: its type's name, its own ``name``, its box, its condition,
    ``values`` (what its type's ``read`` gave) and ``templates`` (its template keys, as read);
    ``where`` is ``layouts/card.toml: elements[3]``, for messages."""

    type: str
    name: str
    box: str
    when: Condition | None
    values: Mapping[str, Any]
    templates: Mapping[str, Template]
    where: str

    @property
    def names(self) -> tuple[str, ...]:
        """Every column its templates and condition name."""
        found = [name for t in self.templates.values() for name in t.names]
        if self.when is not None:
            found.append(self.when.column)
        return tuple(found)


@dataclass(frozen=True)
class Area:
    """A box in millimetres from the trim's lower-left corner, y up; ``bleeds`` grows it by the bleed."""

    x: float
    y: float
    width: float
    height: float
    bleeds: bool = False

    def grown(self, bleed: float) -> tuple[float, float, float, float]:
        b = bleed if self.bleeds else 0.0
        return self.x - b, self.y - b, self.width + 2 * b, self.height + 2 * b


# --- what an element draws ----------------------------------------------------------------------


class Step:
    """One thing a face draws, replayed on any surface: ``draw(surface, bleed)`` draws it in millimetres
    from the trim's lower-left corner (``bleed`` is how far an area that bleeds grows). ``characters``
    is the text it sets (the typefaces must have them), ``source`` the picture file it shows (a
    change to it rebuilds the kind)."""

    characters: str = ""
    source: str = ""

    def draw(self, surface: Surface, bleed: float) -> None:
        raise NotImplementedError


@dataclass(frozen=True)
class Shaped(Step):
    """A path with a fill, an outline or both: ``shape`` (the element type that drew it) gives its
    outline in the area, grown by the bleed when the area bleeds."""

    shape: Painted
    area: Area
    fill: Ink | None
    pen: Pen | None
    radius: float = 0.0
    points: tuple[tuple[float, float], ...] = ()

    @property
    def covers(self) -> bool:
        """Whether it is a plain rectangle over its whole area (over the bleed with no outline: a face's ground)."""
        return self.shape.covers and not self.radius

    def draw(self, surface: Surface, bleed: float) -> None:
        surface.shape(self.shape.outline(self, *self.area.grown(bleed)), fill=self.fill, pen=self.pen)


@dataclass(frozen=True)
class Lettered(Step):
    setting: Setting
    area: Area
    align: str
    valign: str
    ink: Ink

    @property
    def characters(self) -> str:  # type: ignore[override]
        return characters_of(self.setting)

    def draw(self, surface: Surface, bleed: float) -> None:
        draw_setting(surface, self.setting, self.area.grown(bleed), self.align, self.valign, self.ink)


@dataclass(frozen=True)
class Pictured(Step):
    picture: Picture
    area: Area
    fill: bool
    source: str = ""
    """The picture's file, as the layout or the table names it below the templates folder."""

    def draw(self, surface: Surface, bleed: float) -> None:
        draw_picture(surface, self.picture, *self.area.grown(bleed), fill=self.fill)


class Resources(Protocol):
    """What drawing a kind's rows has besides the rows: the game's colours and typefaces, its templates
    folder and the icons (``faces.Context``)."""

    design: Design
    templates: FilePath
    icons_key: tuple

    def icon_set(self) -> dict[str, TextGlyph | Vector]: ...


@dataclass(frozen=True)
class Filled:
    """One element for one row: what its type's ``step`` draws from. ``area`` is its box (from the
    trim's lower-left, y up), ``row`` the row's values by column key, ``height`` the piece's height
    and ``where`` the row and element, for messages."""

    element: Element
    area: Area
    row: Mapping[str, str]
    height: float
    where: str
    resources: Resources

    @property
    def values(self) -> Mapping[str, Any]:
        """The element's own values, as its type's ``read`` gave them."""
        return self.element.values

    def text(self, key: str) -> str | None:
        """The template ``key`` filled with the row's values (None if the element has no such key)."""
        found = self.element.templates.get(key)
        return None if found is None else found.fill(self.row)

    def field(self, key: str) -> str:
        """Where a message about one key points: the layout's key, and the table's column (or columns)
        the row's value came from, when it names any."""
        found = self.element.templates.get(key)
        named = [n for n in (found.names if found is not None else ()) if n not in BUILT_IN]
        return f"{self.where}.{key}" + (f" (column {', '.join(dict.fromkeys(named))})" if named else "")

    def colour(self, key: str, default: str | None = None) -> Ink | None:
        """The colour ``key`` names for this row (``default`` if the element has none; None for none,
        or for ``none``); a name that is no colour is one line naming the key and the column."""
        text = self.text(key)
        if text is None:
            text = default
        return None if text is None else colour(text, self.resources.design.colours, self.field(key))

    def point(self, x: float, y: float) -> tuple[float, float]:
        """A point given from the trim's top-left (as a layout's ``points``), as the step draws it."""
        return (x, self.height - y)


# --- the types ----------------------------------------------------------------------------------


class LayoutElement:
    """One type of element (the module's docstring says what each declares). ``example`` is a table
    of its keys that draws something for a row of ``example_row``'s cells (by column), for the
    reference page and the contract suite (``grawlix_print.testing.ELEMENT_CHECKS``): it is drawn
    in a box of its own on a poker card, with the built-in game of tables' pictures and icons."""

    type: ClassVar[str]
    summary: ClassVar[str]
    keys: ClassVar[Mapping[str, str]]
    templates: ClassVar[tuple[str, ...]] = ()
    example: ClassVar[Mapping[str, Any]] = {}
    example_row: ClassVar[Mapping[str, str]] = {}

    def read(self, table: Mapping[str, Any], where: str) -> dict[str, Any]:
        """Its values from the element's table, each checked; ``where`` is the element's place
        (``layouts/card.toml: elements[3]``): a fault names ``where.KEY``."""
        return {}

    def step(self, filled: Filled) -> Step | None:
        """What it draws for one row, or None for nothing (an empty cell)."""
        raise NotImplementedError


class Text(LayoutElement):
    type = "text"
    summary = "words set in the box: wrapped to its width, aligned, shrunk to fit when asked"
    keys = {
        "text": "a template: `\"{cost} gold\"`; `**bold**`, `*italic*`, `:icon:` and line breaks inside",
        "font": "quicksand, schola, caprasimo, a `[fonts]` name or a `.ttf` file of the templates folder",
        "size": f"points (default {DEFAULT_SIZE_PT:g})",
        "min_size": "shrink in quarter points down to this size to fit the box (default: no shrinking)",
        "colour": f"the text's colour: {COLOUR_WORDS} (default black)",
        "align": f"{', '.join(ALIGNS)} (default {ALIGNS[0]})",
        "valign": f"{', '.join(VALIGNS)} (default {VALIGNS[0]})",
        "wrap": "break lines to the box's width (default true)",
        "leading": f"line spacing, a multiple of the size (default {DEFAULT_LEADING:g})",
    }
    templates = ("text", "font", "colour")
    example = {"text": "{name}", "size": 12, "align": "centre"}
    example_row = {"name": "Lantern"}

    def read(self, table: Mapping[str, Any], where: str) -> dict[str, Any]:
        if "text" not in table:
            raise StudioError("a text element needs text = \"...\" (a column in braces: \"{name}\")", where)
        size = text_size(table.get("size", DEFAULT_SIZE_PT), f"{where}.size")
        smallest = text_size(table.get("min_size", size), f"{where}.min_size")
        if smallest > size:
            raise StudioError(f"{smallest:g} pt is larger than size ({size:g} pt)", f"{where}.min_size")
        return {
            "size": size,
            "min_size": smallest,
            "align": choice(table.get("align", "left"), ALIGNS, f"{where}.align", {"center": "centre", "middle": "centre"}),
            "valign": choice(table.get("valign", "top"), VALIGNS, f"{where}.valign", {"centre": "middle", "center": "middle"}),
            "wrap": flag(table.get("wrap", True), f"{where}.wrap"),
            "leading": ratio(table.get("leading", DEFAULT_LEADING), f"{where}.leading"),
        }

    def step(self, filled: Filled) -> Step | None:
        words = filled.text("text") or ""
        if not words.strip():
            return None  # an empty cell draws nothing
        resources, values, area = filled.resources, filled.values, filled.area
        chosen = family(resources.design.fonts, resources.templates, filled.text("font") or DEFAULT_FAMILY, filled.field("font"))
        ink = colour(filled.text("colour") or "black", resources.design.colours, filled.field("colour"))  # blank: black
        if ink is None:
            return None
        setting = settled(
            words.replace("\\n", "\n"), chosen, resources.icon_set(), resources.icons_key, (area.width, area.height),
            values["size"], values["min_size"], values["leading"], values["wrap"], filled.field("text"),
        )  # fmt: skip
        return Lettered(setting, area, values["align"], values["valign"], ink)


class Image(LayoutElement):
    type = "image"
    summary = "a picture of the templates folder (PNG, JPEG or SVG) in the box"
    keys = {
        "image": "a picture of the templates folder (PNG, JPEG, SVG), or a template such as `\"art/{picture}\"`",
        "fit": f"{FITS[0]}: all of it, centred in the box; {FITS[1]}: covering the box, cut to it (default {FITS[0]})",
    }
    templates = ("image",)
    example = {"image": "art/{picture}", "fit": "fill"}
    example_row = {"picture": "kite.svg"}

    def read(self, table: Mapping[str, Any], where: str) -> dict[str, Any]:
        if "image" not in table:
            raise StudioError("an image element needs image = \"art/{picture}\" (a file in the templates folder)", where)
        return {"fit": choice(table.get("fit", "fit"), FITS, f"{where}.fit", {"contain": "fit", "cover": "fill"})}

    def step(self, filled: Filled) -> Step | None:
        name = filled.text("image") or ""
        if not name.strip() or name.rstrip().endswith("/"):
            return None  # no picture named in this row's cell
        picture = load_picture(filled.resources.templates, name.strip(), filled.field("image"))
        return Pictured(picture, filled.area, filled.values["fit"] == "fill", name.strip())


PAINT = {
    "fill": f"the inside's colour: {COLOUR_WORDS} (default none)",
    "stroke": f"the outline's colour: {COLOUR_WORDS} (default none)",
    "stroke_width": f"the outline's width (default {DEFAULT_STROKE_MM:g} mm)",
    "dash": f"`[on, off]` lengths for a dashed outline (default solid; each at least {MIN_DASH_MM:g} mm, at most {MAX_DASHES})",
}
"""The keys of an element drawn as a path, filled and outlined."""


class Painted(LayoutElement):
    """An element drawn as one path, filled, outlined or both (``outline`` gives the path);
    ``inside`` says whether it has an inside to fill (a line has none, and is black unless told)."""

    templates: ClassVar[tuple[str, ...]] = ("fill", "stroke")
    inside: ClassVar[bool] = True
    covers: ClassVar[bool] = False
    """Whether its path is its whole box (a rectangle's)."""

    def read(self, table: Mapping[str, Any], where: str) -> dict[str, Any]:
        dash = table.get("dash", [])
        if not isinstance(dash, list):
            raise StudioError("must be a list of lengths: [on, off]", f"{where}.dash")
        if len(dash) > MAX_DASHES:
            raise StudioError(f"a dash pattern has at most {MAX_DASHES} lengths, not {len(dash)}", f"{where}.dash")
        dashes = tuple(length(d, f"{where}.dash") for d in dash)
        if dashes and min(dashes) < MIN_DASH_MM:
            raise StudioError(f"a dash or a gap is at least {MIN_DASH_MM:g} mm (a shorter one is a solid line to a"
                              " printer, and slow to draw)", f"{where}.dash")  # fmt: skip
        if self.inside and "fill" not in table and "stroke" not in table:
            raise StudioError("draws nothing: give it a fill, a stroke or both", where)
        return {"stroke_width": length(table.get("stroke_width", DEFAULT_STROKE_MM), f"{where}.stroke_width"), "dash": dashes}

    def outline(self, step: Shaped, x: float, y: float, width: float, height: float) -> Path:
        """Its path in the box from (x, y), ``width`` by ``height`` (the area, grown by the bleed)."""
        raise NotImplementedError

    def shaped(self, filled: Filled) -> Shaped | None:
        """The step of its fill and pen for ``filled``'s row (None if it has neither there)."""
        fill = filled.colour("fill") if self.inside else None
        stroke = filled.colour("stroke", None if self.inside else "black")
        pen = Pen(stroke, filled.values["stroke_width"], filled.values["dash"]) if stroke is not None else None
        if fill is None and pen is None:
            return None
        points = tuple(filled.point(x, y) for x, y in filled.values.get("points", ()))
        return Shaped(self, filled.area, fill, pen, filled.values.get("radius", 0.0), points)

    def step(self, filled: Filled) -> Step | None:
        return self.shaped(filled)


class Rectangle(Painted):
    type = "rectangle"
    summary = "a rectangle filling its box, its corners square or rounded; over the bleed with no outline, the face's ground"
    keys = {**PAINT, "radius": "rounded corners' radius (default 0)"}
    covers = True
    example = {"fill": "{colour}", "radius": 2}
    example_row = {"colour": "#3d5a98"}

    def read(self, table: Mapping[str, Any], where: str) -> dict[str, Any]:
        return {**super().read(table, where), "radius": length(table.get("radius", 0), f"{where}.radius", zero=True)}

    def outline(self, step: Shaped, x: float, y: float, width: float, height: float) -> Path:
        return rounded_rectangle(x, y, width, height, step.radius)


class Circle(Painted):
    type = "circle"
    summary = "the largest circle its box holds, centred in it"
    keys = PAINT
    example = {"fill": "{colour}", "stroke": "black"}
    example_row = {"colour": "#d9771c"}

    def outline(self, step: Shaped, x: float, y: float, width: float, height: float) -> Path:
        return circle(x + width / 2, y + height / 2, min(width, height) / 2)


POINTS_WORDS = "`[[x, y], ...]` in millimetres from the trim's top-left"


def _points(table: Mapping[str, Any], where: str, least: int) -> tuple[tuple[float, float], ...]:
    points = table.get("points")
    if not isinstance(points, list) or len(points) < least or not all(isinstance(p, list) and len(p) == 2 for p in points):
        raise StudioError(f"needs points = [[x, y], ...], at least {least}, in millimetres from the trim's top-left", f"{where}.points")
    return tuple((position(x, f"{where}.points"), position(y, f"{where}.points")) for x, y in points)


class Line(Painted):
    type = "line"
    summary = "a line through its points (black unless a stroke is given)"
    keys = {"points": f"{POINTS_WORDS}, two or more", **{k: PAINT[k] for k in ("stroke", "stroke_width", "dash")}}
    templates = ("stroke",)
    inside = False
    example = {"points": [[5, 40], [58.5, 40]], "stroke": "{colour}", "stroke_width": 0.5}
    example_row = {"colour": "#2b2118"}

    def read(self, table: Mapping[str, Any], where: str) -> dict[str, Any]:
        return {**super().read(table, where), "points": _points(table, where, 2)}

    def outline(self, step: Shaped, x: float, y: float, width: float, height: float) -> Path:
        return Path((("M", *step.points[0]), *(("L", *p) for p in step.points[1:])))


class Polygon(Painted):
    type = "polygon"
    summary = "a closed shape through its points"
    keys = {**PAINT, "points": f"{POINTS_WORDS}, three or more"}
    example = {"points": [[31.75, 10], [50, 40], [13.5, 40]], "fill": "{colour}"}
    example_row = {"colour": "#a8862a"}

    def read(self, table: Mapping[str, Any], where: str) -> dict[str, Any]:
        return {**super().read(table, where), "points": _points(table, where, 3)}

    def outline(self, step: Shaped, x: float, y: float, width: float, height: float) -> Path:
        return polygon(step.points)


# --- the registry -------------------------------------------------------------------------------


def _accepted(name: str, loaded: object) -> LayoutElement:
    """What a layout element's entry point names must be: a ``LayoutElement`` subclass of that type,
    each of its keys said in words (the reference page is made of them)."""
    if not (isinstance(loaded, type) and issubclass(loaded, LayoutElement)):
        raise StudioError("is not a LayoutElement subclass (its entry point names what to load)")
    if getattr(loaded, "type", None) != name:
        raise StudioError(f"{loaded.__name__} has type {getattr(loaded, 'type', None)!r}, not {name!r}")
    if not isinstance(getattr(loaded, "summary", None), str) or not loaded.summary.strip():
        raise StudioError(f"{loaded.__name__} has no summary (a class attribute: one line)")
    keys = getattr(loaded, "keys", None)
    if not isinstance(keys, Mapping) or not all(isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in keys.items()):
        raise StudioError(f"{loaded.__name__}.keys must map each key it takes to a line saying what it means")
    taken = sorted(set(keys) & set(COMMON_KEYS))
    if taken:
        raise StudioError(f"{loaded.__name__}.keys names {', '.join(taken)}: every element's own keys")
    unknown = sorted(set(loaded.templates) - set(keys))
    if unknown:
        raise StudioError(f"{loaded.__name__}.templates names {', '.join(unknown)}, which are not among its keys")
    return loaded()


ELEMENTS: Registry[LayoutElement] = Registry("layout element", "layout elements", {
    kind.type: f"{__name__}:{kind.__name__}" for kind in (Text, Rectangle, Circle, Line, Polygon, Image)
}, _accepted)  # fmt: skip
"""Every type of layout element: the built-in ones, then the plug-ins of the entry-point group
``grawlix_print.layout_elements``."""


def element_type(name: object, where: str | None = None) -> LayoutElement:
    """The type of element a layout calls ``name``; an unknown one, or a plug-in's that does not load,
    is one line (naming ``where``, the layout's key)."""
    if not isinstance(name, str) or name not in ELEMENTS:
        raise StudioError(f"unknown type {name!r} (types: {', '.join(ELEMENTS.names())})", where)
    try:
        return ELEMENTS.load(name)
    except StudioError as error:
        if where is None:
            raise
        raise StudioError(str(error), where) from None  # the layout's key, then the plug-in's own line
