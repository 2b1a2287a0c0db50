"""Layouts as data: named boxes in millimetres from the trim, and the elements drawn in them.

A layout is a TOML file in the templates' ``layouts/`` folder. Its boxes are
measured from the top-left corner of the trim (the cut), as a designer
measures a card: ``title = [5, 6, 53.5, 9]`` is x, y, width and height, or a
table (``{ extends = "title", y = 20 }`` takes another box and changes a
side). Three boxes are always there: ``trim`` (the cut), ``bleed`` (the trim
grown by the sheet's bleed, for backgrounds) and ``safe`` (the trim less the
layout's safe margin, where text is sure to survive a cut a little off).
Its elements are drawn in order: text, rectangles (with rounded corners),
circles, lines, polygons and pictures, or a plug-in's type (``elements``: each
type one class, declaring its keys); any may be shown only ``when`` a column
holds a value. A layout may ``extend`` another: it takes its boxes and
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
from .elements import BUILT_IN_BOXES, COMMON_KEYS, Element, element_type
from .values import Template, condition, length, position, template

LAYOUT_FOLDER = "layouts"
DEFAULT_SAFE_MM = 3.0
"""Text and art this far inside the cut survive a cut a little off (what print shops ask for)."""


@dataclass(frozen=True)
class Box:
    """x, y of the top-left corner from the trim's top-left, width and height, in millimetres."""

    x: float
    y: float
    width: float
    height: float


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
        element = _element(table, boxes, f"{shown}: elements[{k}]")
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


def _element(table: Mapping[str, Any], boxes: Mapping[str, Box], where: str) -> Element:
    """One ``[[elements]]`` table: every element's own keys, then its type's (``elements``)."""
    kind = element_type(table.get("type"), f"{where}.type")
    known_keys(table, (*COMMON_KEYS, *kind.keys), where)
    box = table.get("box", "trim")
    if not isinstance(box, str) or box not in boxes:
        raise StudioError(f"no box {box!r} (boxes: {', '.join(boxes)})", f"{where}.box")
    name = table.get("name", "")
    if not isinstance(name, str):
        raise StudioError("must be a string", f"{where}.name")
    when = table.get("when")
    if when is not None and not isinstance(when, str):
        raise StudioError("must be a condition such as \"cost\" or \"suit = moon\"", f"{where}.when")
    templates: dict[str, Template] = {}
    for key in kind.templates:
        if key in table:
            if not isinstance(table[key], str):
                raise StudioError(f"must be a string, not {table[key]!r}", f"{where}.{key}")
            templates[key] = template(table[key], f"{where}.{key}")
    values = kind.read(table, where)
    return Element(kind.type, name, box, condition(when, f"{where}.when") if when is not None else None, values, templates, where)


