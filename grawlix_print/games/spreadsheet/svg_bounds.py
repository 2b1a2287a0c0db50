"""How much an SVG asks to be drawn, measured before it is parsed: elements, numbers, nesting, uses.

svgelements reads an SVG into Python objects at about a quarter of a
millisecond an element, and expands every ``<use>`` into a copy of what it
names: 200,000 tiny paths take a minute, and six nested groups of ten uses
(600 bytes) ask for a million copies. So before svgelements sees a file, one
streaming pass of the XML parser (expat: no recursion, no entity expansion,
nothing fetched) counts what it would make, with every use counted as a copy
of what it names, and refuses past the bounds, in one line saying which.
"""

from __future__ import annotations

import re
import xml.parsers.expat
from dataclasses import dataclass, field

from ...errors import StudioError

MAX_SVG_BYTES = 8 << 20
"""An icon is a few kilobytes, a detailed illustration a few megabytes."""
MAX_ELEMENTS = 10_000
"""Elements once every ``<use>`` is expanded: a detailed illustration has a few thousand paths."""
MAX_NUMBERS = 400_000
"""Coordinates in paths, polygons and transforms, uses expanded (about 100,000 curve segments)."""
MAX_DEPTH = 64
"""Elements inside elements (groups in groups), uses counted as the depth they add."""

_NUMBER = re.compile(rb"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_COUNTED = ("d", "points", "transform", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "width", "height")


@dataclass
class _Node:
    numbers: int
    href: str | None
    depth: int
    children: list[int] = field(default_factory=list)


def check_svg(data: bytes) -> None:
    """Refuse an SVG that would take too long or too much memory to read and draw (``StudioError``)."""
    if len(data) > MAX_SVG_BYTES:
        raise StudioError(f"the SVG is {len(data):,} bytes, more than {MAX_SVG_BYTES:,}: simplify it or save it as a PNG")
    nodes: list[_Node] = []
    ids: dict[str, int] = {}
    open_nodes: list[int] = []

    def start(name: str, attributes: dict[str, str]) -> None:
        if len(nodes) >= MAX_ELEMENTS:
            raise StudioError(f"the SVG has more than {MAX_ELEMENTS:,} elements: simplify it (or save it as a PNG)")
        if len(open_nodes) >= MAX_DEPTH:
            raise StudioError(f"the SVG nests elements more than {MAX_DEPTH} deep: ungroup them")
        numbers = sum(len(_NUMBER.findall(value.encode())) for key, value in attributes.items() if key.rsplit(" ", 1)[-1] in _COUNTED)
        href = next((value for key, value in attributes.items() if key.rsplit(" ", 1)[-1] == "href"), None)
        index = len(nodes)
        nodes.append(_Node(numbers, href[1:] if href and href.startswith("#") else None, len(open_nodes)))
        if open_nodes:
            nodes[open_nodes[-1]].children.append(index)
        element_id = next((value for key, value in attributes.items() if key.rsplit(" ", 1)[-1] == "id"), None)
        if element_id is not None:
            ids.setdefault(element_id, index)
        open_nodes.append(index)

    def end(name: str) -> None:
        open_nodes.pop()

    def entity(*_: object) -> None:
        raise StudioError("the SVG declares entities (<!ENTITY>): an SVG editor never writes them; remove them")

    parser = xml.parsers.expat.ParserCreate(namespace_separator=" ")
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.EntityDeclHandler = entity
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as error:
        raise StudioError(f"cannot read the SVG: {error}") from None
    if nodes:
        _expanded(nodes, ids)


def _expanded(nodes: list[_Node], ids: dict[str, int]) -> None:
    """What the document is once every use is a copy of what it names: refused past the bounds.
    Worked bottom-up without recursion; a use that names itself, or an element inside it, is refused."""
    total: dict[int, tuple[int, int, int]] = {}  # elements, numbers, depth below
    busy: set[int] = set()
    stack: list[int] = [0]
    while stack:
        index = stack[-1]
        node = nodes[index]
        target = ids.get(node.href) if node.href is not None else None
        waiting = [k for k in (*node.children, *(() if target is None else (target,))) if k not in total]
        if waiting and index not in busy:
            busy.add(index)
            stack.extend(waiting)
            continue
        if waiting:  # back at an element whose parts are not all worked out: one of them needs it
            raise StudioError("the SVG uses an element inside itself (a <use> that names its own group)")
        stack.pop()
        busy.discard(index)
        if index in total:
            continue
        parts = [total[k] for k in (*node.children, *(() if target is None else (target,)))]
        elements = 1 + sum(p[0] for p in parts)
        numbers = node.numbers + sum(p[1] for p in parts)
        depth = 1 + max((p[2] for p in parts), default=0)
        if elements > MAX_ELEMENTS:
            raise StudioError(f"the SVG makes more than {MAX_ELEMENTS:,} elements once its <use> copies are made: simplify it")
        if numbers > MAX_NUMBERS:
            raise StudioError(f"the SVG holds more than {MAX_NUMBERS:,} coordinates (its uses counted): simplify its paths")
        if node.depth + depth > MAX_DEPTH:
            raise StudioError(f"the SVG nests elements more than {MAX_DEPTH} deep (its uses counted): ungroup them")
        total[index] = (elements, numbers, depth)
