"""The shapes a piece is cut to, as one registry: every product asks here, none keeps a table.

Each shape is one entry (a ``PieceShape``): a square, a rectangle, a circle, a
pointy-top hexagon... An entry brings everything a product needs to know of an
outline, so that a product never asks *which* shape a kind has, only what the
kind's shape says:

- its geometry at a size: ``points(size)`` (a closed polygon, curves flattened
  to ``FLAT_MM``), ``path(x, y, w, h)`` (the exact drawing path: a circle stays
  a true circle in a PDF or SVG; it is the cut line and the clip), ``box(size)``
  and ``area(size)``;
- how pieces of it nest on a sheet or a 3D plate (``nesting(size, gap)``: a
  ``Nesting``, edge to edge for a square, offset rows for circles and
  hexagons);
- whether it is cut along straight lines edge to edge (``straight``) or round
  its outline, and the words the products use (``blanks``: what stickers go on,
  ``outline_word``: what a cut note calls the line, ``across``: a size said as
  one length);
- what its size means and its check (``size_of`` one length, ``refusal``);
- how it maps to Tabletop Simulator (``tts_tile``, ``tts_deck``,
  ``tts_stretch``) and to a print service's pieces (``service``).

**Conventions.** Lengths are millimetres, y up. A piece's ``size`` (width,
height) is its bounding box: a hexagon's is its width and height, a circle's
its diameter twice. ``points`` are centred on the origin and run anticlockwise;
``path`` draws the outline in a box given as ``drawing.surface.rectangle``
takes one (its lower-left corner, width and height).

**How a product asks.** ``shape_of(kind.shape)`` (or ``kind.piece_shape``) is the
entry; everything above is read from it. A kind's ``shape`` may be a ``Shape``
(the built-in names, as games always spelt them), an entry, or an entry's name.

**How a shape is added.** Make an entry (a ``PieceShape`` subclass instance: a
new kind of geometry overrides ``points``, ``path`` and ``area``) and give it
to a kind as its ``shape``; register it under the entry-point group
``grawlix_print.shapes`` (``SHAPES``, a registry as every seam's; or ``register``
it while the program runs) to let it be named by its ``name`` (``shape =
"octagon"`` in a ``components.toml``). Nothing
else changes: the sheets, stickers, boxes, images, Tabletop Simulator and
print-on-demand products all read the entry.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..drawing.geometry import Box
from ..drawing.icons import circle, rounded_rectangle
from ..drawing.surface import Path, polygon, rectangle
from ..errors import StudioError
from ..registry import Registry, named_instance

Point = tuple[float, float]
Size = tuple[float, float]

FLAT_MM = 0.01
"""How far a flattened curve (a circle's polygon) may stray inside the true curve, in millimetres:
well under what a printer or a knife resolves."""
REGULAR_MM = 0.05
"""How far a hexagon's size may be from its regular proportions and still be taken as regular (a
size written to two decimals, 30 x 34.64 mm, is 0.001 mm off)."""


class Shape(str, Enum):
    """The built-in shapes by name: what games and ``components.toml`` have always said."""

    SQUARE = "square"
    RECTANGLE = "rectangle"
    CIRCLE = "circle"
    HEXAGON = "hexagon"
    """Pointy-top: its size is the width across the flats by the height from point to point."""
    FLAT_HEXAGON = "flat hexagon"
    """Flat-top: its size is the width from point to point by the height across the flats."""


@dataclass(frozen=True)
class Nesting:
    """Where pieces of one shape and size stand on a sheet or a plate: centre to centre, ``across``
    along a row and ``down`` from one row to the next, every other row moved ``shift`` along
    (0: a grid). With ``by_columns`` the stagger runs down the columns instead: every other
    column moved ``shift`` down (a flat-top hexagon's nesting is a pointy-top's transposed)."""

    across: float
    down: float
    shift: float = 0.0
    by_columns: bool = False

    def centre(self, row: int, column: int) -> Point:
        """The centre of the piece in ``row`` and ``column`` (from the top left), from the first
        piece's centre, y up."""
        if self.by_columns:
            return (column * self.across, -(row * self.down + (column % 2) * self.shift))
        return (column * self.across + (row % 2) * self.shift, -row * self.down)

    def extent(self, rows: int, columns: int, size: Size) -> Size:
        """The width and height that ``rows`` rows of ``columns`` pieces of ``size`` take, outline to outline."""
        width, height = size
        stagger_x = self.shift if rows > 1 and not self.by_columns else 0.0
        stagger_y = self.shift if columns > 1 and self.by_columns else 0.0
        return ((columns - 1) * self.across + stagger_x + width, (rows - 1) * self.down + stagger_y + height)

    def fits(self, room: Size, size: Size) -> tuple[int, int]:
        """How many rows and columns of pieces of ``size`` fit in ``room`` (width, height)."""
        width, height = size
        e = 1e-9
        if room[0] < width - e or room[1] < height - e:
            return (0, 0)
        columns = 1 + math.floor((room[0] - width) / self.across + e)
        rows = 1 + math.floor((room[1] - height) / self.down + e)
        if not self.by_columns and rows > 1 and self.extent(rows, columns, size)[0] > room[0] + e:
            columns, rows = (columns - 1, rows) if columns > 1 else (1, 1)  # a shifted row needs its shift
        if self.by_columns and columns > 1 and self.extent(rows, columns, size)[1] > room[1] + e:
            rows, columns = (rows - 1, columns) if rows > 1 else (1, 1)
        return (rows, columns)


@dataclass(frozen=True)
class PieceShape:
    """One shape in the registry: what every product reads of a kind's outline (module docstring).

    ``name`` is how it is spelt (``components.toml``, messages). ``blanks`` is what stickers of it
    go on, singular and plural (("disc", "discs")), if the shape has a word for that (else the
    kind's own name is said); ``outline_word`` is what the cut notes call its outline;
    ``across`` whether its size is said as one length across (a circle's diameter).
    ``tts_tile`` and ``tts_deck`` are its ``CustomTile.Type`` and ``CustomDeck.Type`` in
    Tabletop Simulator, ``tts_stretch`` whether a tile's image is stretched to the outline,
    ``tts_turn`` how far (degrees, clockwise seen from above) a tile is turned on the table to show
    this outline, its picture turned back;
    ``service`` the pieces of a print service's it is printed as (``square``, ``round``,
    ``oblong``: ``ondemand.services``), "" for none.
    """

    name: str
    blanks: tuple[str, str] | None = None
    outline_word: str = "outline"
    across: bool = False
    tts_tile: int = 0
    tts_deck: int = 0
    tts_stretch: bool = True
    tts_turn: float = 0.0
    service: str = ""

    @property
    def straight(self) -> bool:
        """Whether pieces of it are cut along straight lines that run edge to edge (and share their
        cuts), rather than each round its own outline."""
        return False

    def points(self, size: Size, tolerance: float = FLAT_MM) -> tuple[Point, ...]:
        """The outline at ``size`` as a closed polygon (the first point not repeated), centred on the
        origin, anticlockwise; a curve's points lie on it, no chord more than ``tolerance`` inside."""
        raise NotImplementedError

    def path(self, x: float, y: float, width: float, height: float, corner: float = 0.0) -> Path:
        """The exact outline drawn in the box from (x, y), ``width`` by ``height``: the cut line and the
        clip of a face. ``corner`` rounds a straight-cut piece's corners (a die-cut card's), if it has any."""
        cx, cy = x + width / 2, y + height / 2
        return polygon([(cx + px, cy + py) for px, py in self.points((width, height))])

    def box(self, size: Size) -> Box:
        """Its bounding box at ``size``, centred on the origin."""
        width, height = size
        return Box(-width / 2, -height / 2, width / 2, height / 2)

    def area(self, size: Size) -> float:
        """Its area at ``size`` in square millimetres (the polygon's, for an outline of straight sides)."""
        return polygon_area(self.points(size))

    def nesting(self, size: Size, gap: float) -> Nesting:
        """How pieces of ``size`` stand on a sheet or a plate with ``gap`` between neighbours' outlines:
        a grid of their boxes unless the shape nests closer."""
        width, height = size
        return Nesting(width + gap, height + gap)

    def size_of(self, length: float) -> Size | None:
        """The size a single length gives a piece of this shape (a square's side), or None if one
        length does not say (a rectangle)."""
        return None

    def refusal(self, size: Size, stretched: bool = False) -> str | None:
        """Why a piece of this shape cannot have ``size`` (a sentence), or None if it can; ``stretched``
        says the game means a shape out of its regular proportions (a hexagon squashed on purpose)."""
        return None


@dataclass(frozen=True)
class Rectangular(PieceShape):
    """An upright rectangle, cut along straight lines; ``equal`` sides for a square."""

    equal: bool = False

    @property
    def straight(self) -> bool:
        return True

    def points(self, size: Size, tolerance: float = FLAT_MM) -> tuple[Point, ...]:
        w, h = size[0] / 2, size[1] / 2
        return ((-w, -h), (w, -h), (w, h), (-w, h))

    def path(self, x: float, y: float, width: float, height: float, corner: float = 0.0) -> Path:
        return rounded_rectangle(x, y, width, height, corner) if corner > 0 else rectangle(x, y, width, height)

    def area(self, size: Size) -> float:
        return size[0] * size[1]

    def size_of(self, length: float) -> Size | None:
        return (length, length) if self.equal else None

    def refusal(self, size: Size, stretched: bool = False) -> str | None:
        return _equal_sides(self, size) if self.equal else None


@dataclass(frozen=True)
class Round(PieceShape):
    """A circle (a disc): as wide as it is tall, its size its diameter; cut round, nested in offset rows."""

    def points(self, size: Size, tolerance: float = FLAT_MM) -> tuple[Point, ...]:
        r = min(size) / 2
        sides = max(8, math.ceil(math.pi / math.acos(max(-1.0, 1 - tolerance / r)))) if tolerance < r else 8
        return tuple((r * math.cos(2 * math.pi * k / sides), r * math.sin(2 * math.pi * k / sides)) for k in range(sides))

    def path(self, x: float, y: float, width: float, height: float, corner: float = 0.0) -> Path:
        return circle(x + width / 2, y + height / 2, min(width, height) / 2)

    def area(self, size: Size) -> float:
        return math.pi * (min(size) / 2) ** 2

    def nesting(self, size: Size, gap: float) -> Nesting:
        across = min(size) + gap
        return Nesting(across, across * math.sqrt(3) / 2, across / 2)

    def size_of(self, length: float) -> Size | None:
        return (length, length)

    def refusal(self, size: Size, stretched: bool = False) -> str | None:
        return _equal_sides(self, size)


@dataclass(frozen=True)
class Hexagon(PieceShape):
    """A hexagon, pointy-top (a point at the top and bottom) or with ``pointy`` false flat-top (a flat
    side at the top and bottom: the pointy one turned a quarter). Its size is its bounding box: a
    pointy-top one's width across the flats by its height from point to point, a flat-top one's
    width from point to point by its height across the flats (a regular hexagon's span from point to
    point is 2 / sqrt 3 its span across the flats). One length is the span across the flats; a size
    out of the regular proportions is refused unless the kind says it is stretched."""

    pointy: bool = True

    def _upright(self, size: Size) -> Size:
        """The size as a pointy-top hexagon's (across the flats, point to point)."""
        return size if self.pointy else (size[1], size[0])

    def points(self, size: Size, tolerance: float = FLAT_MM) -> tuple[Point, ...]:
        w, h = self._upright(size)
        pointy = ((0.0, h / 2), (-w / 2, h / 4), (-w / 2, -h / 4), (0.0, -h / 2), (w / 2, -h / 4), (w / 2, h / 4))
        return pointy if self.pointy else tuple((y, 0.0 - x) for x, y in pointy)  # turned a quarter clockwise (no -0.0)

    def area(self, size: Size) -> float:
        return 0.75 * size[0] * size[1]

    def nesting(self, size: Size, gap: float) -> Nesting:
        """Pointy-top: rows one width (plus the gap) apart along, every other row shifted by half of it,
        rows three quarters of the height apart plus what keeps the slanted sides ``gap`` apart.
        Flat-top: the same transposed, in columns."""
        flats, points = self._upright(size)
        a, b = flats / 2, points / 2
        along = flats + gap
        slant = math.hypot(a, b / 2)  # a slanted side's length
        between = 1.5 * b + (gap * slant - b * gap / 4) / a
        if self.pointy:
            return Nesting(along, between, along / 2)
        return Nesting(between, along, along / 2, by_columns=True)

    def size_of(self, length: float) -> Size | None:
        upright = (length, length * 2 / math.sqrt(3))
        return upright if self.pointy else (upright[1], upright[0])

    def refusal(self, size: Size, stretched: bool = False) -> str | None:
        flats, points = self._upright(size)
        regular = flats * 2 / math.sqrt(3)
        if stretched or abs(points - regular) <= REGULAR_MM:
            return None
        return (f"a regular {self.name} {flats:g} mm across the flats is {regular:.2f} mm from point to point,"
                f" not {points:g} mm: give it that size (or its span across the flats alone), or say it is stretched")


Curve = tuple[Point, ...]
"""One piece of an outline: a straight line (its two ends) or a cubic Bezier curve (four points)."""


@dataclass(frozen=True)
class Traced(PieceShape):
    """Any closed outline that does not cross itself: straight sides (a polygon) or curves too (an SVG
    path), cut round. ``curves`` run anticlockwise in a unit box centred on the origin (x and y each
    from -1/2 to 1/2); at a size the outline is that box stretched to it, so its size is its bounding
    box. ``aspect`` is its own height over its width: one length is its width, and a size out of that
    proportion is refused unless the kind says it is stretched. Make one with ``polygon_shape`` or
    ``path_shape``, which check the outline."""

    curves: tuple[Curve, ...] = ()
    aspect: float = 1.0

    def _scaled(self, size: Size) -> list[Curve]:
        w, h = size
        return [tuple((x * w, y * h) for x, y in curve) for curve in self.curves]

    def points(self, size: Size, tolerance: float = FLAT_MM) -> tuple[Point, ...]:
        from ..drawing.outline import Segment

        found: list[Point] = []
        for curve in self._scaled(size):
            found += [curve[0]] + Segment(curve).flatten(tolerance)[:-1]
        return tuple(found)

    def path(self, x: float, y: float, width: float, height: float, corner: float = 0.0) -> Path:
        cx, cy = x + width / 2, y + height / 2
        curves = self._scaled((width, height))
        operations: list[tuple] = [("M", cx + curves[0][0][0], cy + curves[0][0][1])]
        for curve in curves:
            moved = [c for px, py in curve[1:] for c in (cx + px, cy + py)]
            operations.append(("L" if len(curve) == 2 else "C", *moved))
        operations.append(("Z",))
        return Path(tuple(operations))

    def area(self, size: Size) -> float:
        return polygon_area(self.points(size, min(size) * 1e-5))

    def size_of(self, length: float) -> Size | None:
        return (length, length * self.aspect)

    def refusal(self, size: Size, stretched: bool = False) -> str | None:
        width, height = size
        natural = width * self.aspect
        if stretched or abs(height - natural) <= REGULAR_MM:
            return None
        return (f"the {self.name} outline {width:g} mm wide is {natural:.2f} mm tall, not {height:g} mm:"
                f" give it that size (or its width alone), or say it is stretched")


def polygon_shape(name: str, points: Sequence[Point], blanks: tuple[str, str] | None = None,
                  where: str | None = None, **exports: Any) -> Traced:  # fmt: skip
    """A shape of straight sides through ``points`` (in any unit, y up; closed back to the first), checked:
    at least three corners, an area, no side crossing another (refused in one line naming ``where``).
    ``exports`` are the entry's Tabletop Simulator and print-service fields, if not its defaults."""
    corners = [(float(x), float(y)) for x, y in points]
    if len(corners) > 1 and corners[0] == corners[-1]:
        corners.pop()
    curves = [(a, b) for a, b in zip(corners, corners[1:] + corners[:1])]
    return _traced(name, curves, blanks, where, exports)


def path_shape(name: str, path: str | Path, blanks: tuple[str, str] | None = None, where: str | None = None,
               **exports: Any) -> Traced:  # fmt: skip
    """A shape drawn by ``path``: an SVG path's ``d`` (y down, as SVG runs; lines, curves and arcs) or a
    drawing ``Path`` (y up), checked: one closed loop (``Z``, or ending where it began) that does not
    cross itself."""
    return _traced(name, path_curves(svg_path(path, where) if isinstance(path, str) else path, where), blanks, where, exports)


def svg_path(d: str, where: str | None = None) -> Path:
    """An SVG path's ``d`` as a drawing ``Path`` of lines and cubic curves, y up (arcs and quadratic
    curves made cubic); refused in one line if it is not path data."""
    from svgelements import Arc, Close, CubicBezier, Line, Move, QuadraticBezier
    from svgelements import Path as SvgPath

    try:
        segments = list(SvgPath(d).segments())
    except Exception:  # svgelements raises value errors of several kinds
        raise StudioError("cannot read the outline's path: it is not SVG path data (M, L, C, A ... Z)", where) from None
    operations: list[tuple] = []
    for segment in segments:
        if isinstance(segment, Move):
            operations.append(("M", segment.end.x, -segment.end.y))
        elif isinstance(segment, Close):
            operations.append(("Z",))
        elif isinstance(segment, Line):
            operations.append(("L", segment.end.x, -segment.end.y))
        else:
            if isinstance(segment, Arc):
                cubics = [(c.control1, c.control2, c.end) for c in segment.as_cubic_curves()]
            elif isinstance(segment, QuadraticBezier):
                (x0, y0), (qx, qy), (x1, y1) = segment.start, segment.control, segment.end
                cubics = [((x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0)), (x1 + 2 / 3 * (qx - x1), y1 + 2 / 3 * (qy - y1)),
                           segment.end)]  # fmt: skip
            elif isinstance(segment, CubicBezier):
                cubics = [(segment.control1, segment.control2, segment.end)]
            else:
                continue
            for a, b, c in cubics:
                operations.append(("C", a[0], -a[1], b[0], -b[1], c[0], -c[1]))
    return Path(tuple(operations))


def path_curves(path: Path, where: str | None = None) -> list[Curve]:
    """The one loop a drawing ``Path`` draws, as lines and cubic curves, closed back to its start;
    refused in one line (naming ``where``) if it is not one loop or is not closed."""
    curves: list[Curve] = []
    start: Point | None = None
    at: Point | None = None
    closed = False
    for operation in path.operations:
        code, values = operation[0], [float(v) for v in operation[1:]]
        if code == "M":
            if start is not None and (curves or closed):
                raise StudioError("an outline is one closed loop, and this path has more than one", where)
            start = at = (values[0], values[1])
            continue
        if closed or at is None:
            raise StudioError("an outline is one closed loop, and this path goes on after closing it", where)
        if code == "Z":
            closed = True
            continue
        points = [(values[k], values[k + 1]) for k in range(0, len(values), 2)]
        if code == "L":
            curves.append((at, points[0]))
        elif code == "C":
            curves.append((at, points[0], points[1], points[2]))
        else:
            raise StudioError(f"an outline's path holds an operation {code!r} it cannot have", where)
        at = points[-1]
    if not curves or start is None or at is None:
        raise StudioError("the outline's path draws nothing", where)
    if not closed and math.dist(start, at) > 1e-6 * _span(curves):
        raise StudioError("the outline is not closed: end its path with Z, or where it began", where)
    if at != start:
        curves.append((at, start))
    return curves


def _span(curves: Sequence[Curve]) -> float:
    xs, ys = [x for c in curves for x, _ in c], [y for c in curves for _, y in c]
    return max(max(xs) - min(xs), max(ys) - min(ys), 1e-12)


def _traced(name: str, curves: Sequence[Curve], blanks: tuple[str, str] | None, where: str | None,
            exports: dict[str, Any]) -> Traced:  # fmt: skip
    """The checked, normalised entry of a loop of ``curves``."""
    from ..drawing.outline import Segment

    curves = [c for c in curves if len(c) == 4 or c[0] != c[1]]  # a line from a point to itself is nothing
    if len(curves) < 3 and all(len(c) == 2 for c in curves):
        raise StudioError("an outline needs at least three corners", where)
    span = _span(curves)
    coarse = [p for c in curves for p in [c[0], *Segment(c).flatten(span * 2e-3)[:-1]]]
    if _crosses(coarse):
        raise StudioError("the outline crosses itself", where)
    fine = [p for c in curves for p in [c[0], *Segment(c).flatten(span * 1e-5)[:-1]]]
    xs, ys = [x for x, _ in fine], [y for _, y in fine]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    if x1 - x0 <= 1e-9 * span or y1 - y0 <= 1e-9 * span or polygon_area(tuple(fine)) <= 1e-9 * span * span:
        raise StudioError("the outline has no area", where)
    signed = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(fine, fine[1:] + fine[:1]))
    if signed < 0:  # clockwise: run it the other way
        curves = [c[::-1] for c in curves[::-1]]
    cx, cy, w, h = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0
    unit = tuple(tuple(((x - cx) / w, (y - cy) / h) for x, y in c) for c in curves)
    return Traced(name, blanks, curves=unit, aspect=h / w, **exports)


def _crosses(points: list[Point]) -> bool:
    """Whether any side of the closed polygon through ``points`` crosses another (numpy: every pair of
    sides at once; neighbours share a corner and are not counted)."""
    import numpy as np

    p = np.asarray(points, dtype=float)
    q = np.roll(p, -1, axis=0)
    n = len(p)
    if n < 4:
        return False
    eps = 1e-12 * float(np.abs(q - p).max()) ** 2

    def side(c: Any) -> Any:
        """For every pair (i, j): which side of side i the point c[j] lies on (the sign of a cross product)."""
        return (q[:, None, 0] - p[:, None, 0]) * (c[None, :, 1] - p[:, None, 1]) - (q[:, None, 1] - p[:, None, 1]) * (c[None, :, 0] - p[:, None, 0])

    apart = side(p) * side(q)  # < 0: side j's ends lie either side of side i's line
    crossing = (apart < -eps) & (apart.T < -eps)
    k = np.arange(n)
    neighbours = (np.abs(k[:, None] - k[None, :]) <= 1) | (np.abs(k[:, None] - k[None, :]) == n - 1)
    return bool((crossing & ~neighbours).any())


def polygon_area(points: tuple[Point, ...]) -> float:
    """The area a closed polygon encloses (the shoelace formula), whichever way it runs."""
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))) / 2


def _equal_sides(shape: PieceShape, size: Size) -> str | None:
    width, height = size
    if abs(width - height) > 1e-9:
        return f"a {shape.name} piece is as wide as it is tall, not {width:g} x {height:g} mm"
    return None


SQUARE = Rectangular("square", blanks=("square", "squares"), service="square", equal=True)
RECTANGLE = Rectangular("rectangle", tts_stretch=False, service="oblong")
"""A rectangle's Tabletop Simulator tile takes its image's proportions (no stretch)."""
CIRCLE = Round("circle", blanks=("disc", "discs"), outline_word="circle", across=True, tts_tile=2, tts_deck=4,
               service="round")  # fmt: skip
HEXAGON = Hexagon("hexagon", blanks=("hexagon", "hexagons"), tts_tile=1, tts_deck=3)
"""Tabletop Simulator: ``CustomTile.Type`` 0 a box, 1 a hexagon, 2 a circle; ``CustomDeck.Type`` 0 a
rounded rectangle (a playing card), 3 a hexagon, 4 a circle."""
FLAT_HEXAGON = Hexagon("flat hexagon", blanks=("hexagon", "hexagons"), tts_tile=1, tts_deck=3, tts_turn=90.0,
                       pointy=False)  # fmt: skip
"""Tabletop Simulator's hexagon is pointy-top (as ``HEXAGON`` is printed): a flat-top tile is one turned a
quarter on the table, its picture turned back."""


SHAPES: Registry[PieceShape] = Registry("shape", "shapes", {
    "square": f"{__name__}:SQUARE",
    "rectangle": f"{__name__}:RECTANGLE",
    "circle": f"{__name__}:CIRCLE",
    "hexagon": f"{__name__}:HEXAGON",
    "flat hexagon": f"{__name__}:FLAT_HEXAGON",
}, named_instance(PieceShape, "a PieceShape"))  # fmt: skip
"""Every shape: the built-in ones, then the plug-ins of the entry-point group ``grawlix_print.shapes``
(each names a ``PieceShape`` instance)."""

FORM_SHAPES: dict[str, PieceShape] = {"card": RECTANGLE, "tile": SQUARE, "token": CIRCLE, "board": RECTANGLE}
"""The shape a form's pieces have unless told (by ``pieces.kinds.Form``'s value)."""


def register(shape: PieceShape) -> PieceShape:
    """Let ``shape`` be named by its ``name`` (a ``components.toml``'s ``shape = "..."``) while the
    program runs; returns it. Registering the same entry again is harmless; another entry of a taken
    name is refused. (An installed package registers its shapes under ``grawlix_print.shapes``.)"""
    return SHAPES.add(shape)


def shape_names() -> tuple[str, ...]:
    """Every registered shape's name, the built-in ones first."""
    return SHAPES.names()


def shape_named(name: str, where: str | None = None) -> PieceShape:
    """The registered shape called ``name`` (case and spaces aside), refused in one line naming the
    known ones (and ``where``) if there is none; a plug-in's shape that does not load is its one line."""
    key = str(name).strip().lower()
    if key not in SHAPES:
        raise StudioError(f"{name!r} is not one of {', '.join(SHAPES.names())}", where)
    return SHAPES.load(key)


def shape_of(shape: Shape | PieceShape | str) -> PieceShape:
    """The entry for what a kind gives as its ``shape``: an entry itself, or a name (a ``Shape``)."""
    if isinstance(shape, PieceShape):
        return shape
    return shape_named(shape.value if isinstance(shape, Shape) else shape)
