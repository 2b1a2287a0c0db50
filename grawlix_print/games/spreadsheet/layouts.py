"""Layouts as data: named boxes in millimetres from the trim, and the elements drawn in them.

A layout is a TOML file in the templates' ``layouts/`` folder. Its boxes are
measured from the top-left corner of the trim (the cut), as a designer
measures a card: ``title = [5, 6, 53.5, 9]`` is x, y, width and height, or a
table (``{ extends = "title", y = 20 }`` takes another box and changes a
side). Three boxes are always there: ``trim`` (the cut), ``bleed`` (the trim
grown by the sheet's bleed, for backgrounds) and ``safe`` (the trim less the
layout's safe margin, where text is sure to survive a cut a little off).
Its elements are drawn in order: text, rectangles (with rounded corners),
circles, lines, polygons and pictures; any may be shown only ``when`` a
column holds a value. A layout may ``extend`` another: it takes its boxes and
elements, changes the boxes it names again, replaces the elements it names
again (by ``name``) and adds its own after them.

Lengths are millimetres, or strings with a unit (``"0.5pt"``, ``"0.1in"``);
text sizes are points. Every fault is one line naming the file and the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...errors import StudioError
from ...files import present, read_toml
from ...pieces.schema import known_keys, where as at
from .values import Condition, Template, choice, condition, flag, length, position, ratio, template, text_size

LAYOUT_FOLDER = "layouts"
DEFAULT_SAFE_MM = 3.0
"""Text and art this far inside the cut survive a cut a little off (what print shops ask for)."""
BUILT_IN_BOXES = ("trim", "bleed", "safe")
ELEMENT_TYPES = ("text", "rectangle", "circle", "line", "polygon", "image")
ALIGNS = ("left", "centre", "right")
VALIGNS = ("top", "middle", "bottom")
FITS = ("fit", "fill")
_COMMON = ("type", "name", "box", "when")
_PAINT = ("fill", "stroke", "stroke_width", "dash")
KEYS = {
    "text": (*_COMMON, "text", "font", "size", "min_size", "colour", "align", "valign", "wrap", "leading"),
    "rectangle": (*_COMMON, *_PAINT, "radius"),
    "circle": (*_COMMON, *_PAINT),
    "line": (*_COMMON, "points", "stroke", "stroke_width", "dash"),
    "polygon": (*_COMMON, *_PAINT, "points"),
    "image": (*_COMMON, "image", "fit"),
}
"""The keys each type of element takes."""
DEFAULT_SIZE_PT = 10.0
DEFAULT_LEADING = 1.2
DEFAULT_STROKE_MM = 0.25
KEY_HELP = {
    "type": f"what the element draws: {', '.join(ELEMENT_TYPES)}",
    "name": "names the element, so that a layout extending this one replaces it by naming it again",
    "box": f"the box it is drawn in (default `trim`; {', '.join(BUILT_IN_BOXES)} are always there)",
    "when": "draw it only for rows where a column holds a value (`\"art\"`, `\"suit = moon\"`, `\"not cost\"`)",
    "text": "a template: `\"{cost} gold\"`; `**bold**`, `*italic*`, `:icon:` and line breaks inside",
    "font": "quicksand, schola, caprasimo, a `[fonts]` name or a `.ttf` file of the templates folder",
    "size": f"points (default {DEFAULT_SIZE_PT:g})",
    "min_size": "shrink in quarter points down to this size to fit the box (default: no shrinking)",
    "colour": "the text's colour: `#rrggbb`, a `[colours]` name or a column holding one (default black)",
    "align": f"{', '.join(ALIGNS)} (default {ALIGNS[0]})",
    "valign": f"{', '.join(VALIGNS)} (default {VALIGNS[0]})",
    "wrap": "break lines to the box's width (default true)",
    "leading": f"line spacing, a multiple of the size (default {DEFAULT_LEADING:g})",
    "fill": "the inside's colour, as `colour`",
    "stroke": "the outline's colour, as `colour`",
    "stroke_width": f"the outline's width (default {DEFAULT_STROKE_MM:g} mm)",
    "dash": "`[on, off]` lengths for a dashed outline (default solid; each at least 0.1 mm, at most 8)",
    "radius": "rounded corners' radius (default 0)",
    "points": "`[[x, y], ...]` in millimetres from the trim's top-left (a line two or more, a polygon three or more)",
    "image": "a picture of the templates folder (PNG, JPEG, SVG), or a template such as `\"art/{picture}\"`",
    "fit": f"{FITS[0]}: all of it, centred in the box; {FITS[1]}: covering the box, cut to it (default {FITS[0]})",
}
"""What each key of ``KEYS`` means, for the layout-element reference (the site's, generated from
``KEYS`` and this: a key the parser takes without a line here fails the site's build)."""
MAX_DASHES = 8
MIN_DASH_MM = 0.1
"""A dash or gap shorter than this prints as a solid line, and a page of them takes long to draw."""


@dataclass(frozen=True)
class Box:
    """x, y of the top-left corner from the trim's top-left, width and height, in millimetres."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Element:
    """One thing a layout draws. ``values`` holds its type's settings as read (templates where a
    row fills them); ``where`` is ``layouts/card.toml: elements[3]``, for messages."""

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
class Layout:
    name: str
    source: str
    boxes: Mapping[str, Box]
    elements: tuple[Element, ...]
    safe: float = DEFAULT_SAFE_MM
    chain: tuple[str, ...] = field(default=())
    """The layouts it extends, nearest first (its guide names them)."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for element in self.elements for name in element.names)


def layout_path(templates: Path, name: str) -> Path:
    return templates / LAYOUT_FOLDER / f"{name}.toml"


def read_layout(templates: Path, name: str, where: str, size: tuple[float, float], seen: tuple[str, ...] = ()) -> Layout:
    """The layout called ``name`` (``layouts/NAME.toml``) for pieces of ``size``, with what it extends."""
    if not name.strip() or any(c in name for c in "/\\") or name.startswith("."):
        raise StudioError(f"{name!r} is not a layout's name (the name of a file in {LAYOUT_FOLDER}/, without .toml)", where)
    if name in seen:
        raise StudioError(f"layouts extend one another in a circle: {' -> '.join((*seen, name))}", where)
    path = layout_path(templates, name)
    shown = str(path)
    if not present(path):
        known = sorted(p.stem for p in (templates / LAYOUT_FOLDER).glob("*.toml")) if (templates / LAYOUT_FOLDER).is_dir() else []
        listed = f" (layouts: {', '.join(known)})" if known else f" (there is no {LAYOUT_FOLDER}/ folder)"
        raise StudioError(f"no layout {name!r}{listed}", where)
    data = read_toml(path)
    known_keys(data, ("extends", "safe", "boxes", "elements"), shown)
    parent: Layout | None = None
    if "extends" in data:
        extends = data["extends"]
        if not isinstance(extends, str):
            raise StudioError("must be a layout's name", at(shown, "extends"))
        parent = read_layout(templates, extends, at(shown, "extends"), size, (*seen, name))
    safe = length(data["safe"], at(shown, "safe"), zero=True) if "safe" in data else (parent.safe if parent else DEFAULT_SAFE_MM)
    width, height = size
    boxes: dict[str, Box] = {
        "trim": Box(0.0, 0.0, width, height),
        "safe": Box(safe, safe, width - 2 * safe, height - 2 * safe),
        "bleed": Box(0.0, 0.0, width, height),  # grown by the bleed when drawn
        **(dict(parent.boxes) if parent else {}),
    }
    raw_boxes = data.get("boxes", {})
    if not isinstance(raw_boxes, dict):
        raise StudioError("must be a table of boxes: title = [x, y, width, height]", at(shown, "boxes"))
    for box_name, value in raw_boxes.items():
        if box_name in BUILT_IN_BOXES:
            raise StudioError(f"{box_name!r} is a box every layout has (trim, bleed, safe): choose another name", at(shown, f"boxes.{box_name}"))
        boxes[box_name] = _box(value, boxes, at(shown, f"boxes.{box_name}"))
    elements = list(parent.elements) if parent else []
    raw = data.get("elements", [])
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
        raise StudioError("must be [[elements]] tables", at(shown, "elements"))
    for k, table in enumerate(raw, start=1):
        element = _element(table, boxes, f"{shown}: elements[{k}]", size)
        same = next((i for i, old in enumerate(elements) if element.name and old.name == element.name), None)
        if same is None:
            elements.append(element)
        else:
            elements[same] = element  # a named element of the layout it extends, replaced in place
    if not elements:
        raise StudioError("draws nothing: add [[elements]]", shown)
    return Layout(name, shown, boxes, tuple(elements), safe, (parent.name, *parent.chain) if parent else ())


def _box(value: object, boxes: Mapping[str, Box], where: str) -> Box:
    """``[x, y, width, height]``, or a table of those (``extends`` another box for the rest)."""
    if isinstance(value, list):
        if len(value) != 4:
            raise StudioError(f"must be [x, y, width, height] in millimetres, not {value!r}", where)
        x, y = position(value[0], where), position(value[1], where)
        return Box(x, y, length(value[2], where), length(value[3], where))
    if not isinstance(value, dict):
        raise StudioError(f"must be [x, y, width, height] or a table, not {value!r}", where)
    known_keys(value, ("extends", "x", "y", "width", "height"), where)
    base = None
    if "extends" in value:
        base = boxes.get(str(value["extends"]))
        if base is None:
            raise StudioError(f"no box {value['extends']!r} above this one (boxes: {', '.join(boxes)})", f"{where}.extends")
    found = {}
    for key in ("x", "y", "width", "height"):
        if key in value:
            found[key] = position(value[key], f"{where}.{key}") if key in "xy" else length(value[key], f"{where}.{key}")
        elif base is not None:
            found[key] = getattr(base, key)
        else:
            raise StudioError(f"missing {key} (or extends = \"another box\")", where)
    return Box(**found)


def _element(table: Mapping[str, Any], boxes: Mapping[str, Box], where: str, size: tuple[float, float]) -> Element:
    kind = table.get("type")
    if kind not in ELEMENT_TYPES:
        raise StudioError(f"unknown type {kind!r} (types: {', '.join(ELEMENT_TYPES)})", f"{where}.type")
    known_keys(table, KEYS[kind], where)
    box = table.get("box", "trim")
    if not isinstance(box, str) or box not in boxes:
        raise StudioError(f"no box {box!r} (boxes: {', '.join(boxes)})", f"{where}.box")
    name = table.get("name", "")
    if not isinstance(name, str):
        raise StudioError("must be a string", f"{where}.name")
    when = table.get("when")
    if when is not None and not isinstance(when, str):
        raise StudioError("must be a condition such as \"cost\" or \"suit = moon\"", f"{where}.when")
    values: dict[str, Any] = {}
    templates: dict[str, Template] = {}
    for key in ("text", "font", "colour", "fill", "stroke", "image"):
        if key in table:
            if not isinstance(table[key], str):
                raise StudioError(f"must be a string, not {table[key]!r}", f"{where}.{key}")
            templates[key] = template(table[key], f"{where}.{key}")
    if kind == "text":
        if "text" not in table:
            raise StudioError("a text element needs text = \"...\" (a column in braces: \"{name}\")", where)
        values["size"] = text_size(table.get("size", DEFAULT_SIZE_PT), f"{where}.size")
        values["min_size"] = text_size(table.get("min_size", values["size"]), f"{where}.min_size")
        if values["min_size"] > values["size"]:
            raise StudioError(f"{values['min_size']:g} pt is larger than size ({values['size']:g} pt)", f"{where}.min_size")
        values["align"] = choice(table.get("align", "left"), ALIGNS, f"{where}.align", {"center": "centre", "middle": "centre"})
        values["valign"] = choice(table.get("valign", "top"), VALIGNS, f"{where}.valign", {"centre": "middle", "center": "middle"})
        values["wrap"] = flag(table.get("wrap", True), f"{where}.wrap")
        values["leading"] = ratio(table.get("leading", DEFAULT_LEADING), f"{where}.leading")
    if kind == "image":
        if "image" not in table:
            raise StudioError("an image element needs image = \"art/{picture}\" (a file in the templates folder)", where)
        values["fit"] = choice(table.get("fit", "fit"), FITS, f"{where}.fit", {"contain": "fit", "cover": "fill"})
    if kind in ("rectangle", "circle", "polygon", "line"):
        values["stroke_width"] = length(table.get("stroke_width", DEFAULT_STROKE_MM), f"{where}.stroke_width")
        dash = table.get("dash", [])
        if not isinstance(dash, list):
            raise StudioError("must be a list of lengths: [on, off]", f"{where}.dash")
        if len(dash) > MAX_DASHES:
            raise StudioError(f"a dash pattern has at most {MAX_DASHES} lengths, not {len(dash)}", f"{where}.dash")
        values["dash"] = tuple(length(d, f"{where}.dash") for d in dash)
        if values["dash"] and min(values["dash"]) < MIN_DASH_MM:
            raise StudioError(f"a dash or a gap is at least {MIN_DASH_MM:g} mm (a shorter one is a solid line to a printer, and slow to draw)", f"{where}.dash")
    if kind == "rectangle":
        values["radius"] = length(table.get("radius", 0), f"{where}.radius", zero=True)
    if kind in ("line", "polygon"):
        points = table.get("points")
        least = 2 if kind == "line" else 3
        if not isinstance(points, list) or len(points) < least or not all(isinstance(p, list) and len(p) == 2 for p in points):
            raise StudioError(f"needs points = [[x, y], ...], at least {least}, in millimetres from the trim's top-left", f"{where}.points")
        values["points"] = tuple((position(x, f"{where}.points"), position(y, f"{where}.points")) for x, y in points)
    if kind in ("rectangle", "circle", "polygon") and "fill" not in templates and "stroke" not in templates:
        raise StudioError("draws nothing: give it a fill, a stroke or both", where)
    if kind == "line" and "stroke" not in templates:
        templates["stroke"] = template("black", where)
    return Element(kind, name, box, condition(when, f"{where}.when") if when is not None else None, values, templates, where)


