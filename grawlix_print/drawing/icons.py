"""Icons as vector shapes: a star, a crescent moon and a sun, and the circles and arcs they are made of.

Shapes only, with no colour and no game: a card or a diagram fills them with
its own ink and outlines them with its own pen. Every icon is one ``Path`` in
a unit box centred on the origin (its larger side exactly 1), so a caller
scales it like a glyph outline. Outer loops run anticlockwise and holes
clockwise, so the non-zero rule fills them right and a clip follows them.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from .outline import Contour, Segment, TextGlyph
from .surface import Operation, Path, Point

ICON_NAMES: tuple[str, ...] = ("star", "moon", "sun")
RUNNING_HEIGHT, RUNNING_DEPTH, RUNNING_SIDE = 0.78, 0.08, 0.06
"""An icon in running text, in ems: a little taller than a capital, a little below the baseline as a
round letter sits, and a little room either side."""


def arc(cx: float, cy: float, r: float, start: float, end: float) -> list[Operation]:
    """Cubic Bezier pieces along a circle from angle ``start`` to ``end`` (degrees; anticlockwise
    when ``end`` is larger), without the opening move. Each piece spans at most a quarter turn,
    where a cubic stays within 0.03 % of the radius of the true circle."""
    sweep = math.radians(end - start)
    pieces = max(1, math.ceil(abs(sweep) / (math.pi / 2) - 1e-9))
    step = sweep / pieces
    k = 4 / 3 * math.tan(step / 4)  # control-point distance that fits a circular arc
    operations: list[Operation] = []
    a = math.radians(start)
    for _ in range(pieces):
        b = a + step
        x0, y0 = cx + r * math.cos(a), cy + r * math.sin(a)
        x1, y1 = cx + r * math.cos(b), cy + r * math.sin(b)
        operations.append((
            "C",
            x0 - k * r * math.sin(a), y0 + k * r * math.cos(a),
            x1 + k * r * math.sin(b), y1 - k * r * math.cos(b),
            x1, y1,
        ))  # fmt: skip
        a = b
    return operations


def circle(cx: float, cy: float, r: float, clockwise: bool = False) -> Path:
    """A whole circle; ``clockwise`` for a hole (a ring is a circle and a smaller clockwise one)."""
    end = -360.0 if clockwise else 360.0
    return Path((("M", cx + r, cy), *arc(cx, cy, r, 0.0, end), ("Z",)))


def rounded_rectangle(x: float, y: float, width: float, height: float, r: float) -> Path:
    """An upright rectangle from its lower-left corner whose corners are quarter circles of radius
    ``r`` (at most half its shorter side), drawn anticlockwise."""
    r = min(r, width / 2, height / 2)
    if r <= 0:
        return Path((("M", x, y), ("L", x + width, y), ("L", x + width, y + height), ("L", x, y + height), ("Z",)))
    return Path((
        ("M", x + r, y), ("L", x + width - r, y), *arc(x + width - r, y + r, r, -90, 0),
        ("L", x + width, y + height - r), *arc(x + width - r, y + height - r, r, 0, 90),
        ("L", x + r, y + height), *arc(x + r, y + height - r, r, 90, 180),
        ("L", x, y + r), *arc(x + r, y + r, r, 180, 270), ("Z",),
    ))  # fmt: skip


def scaled(path: Path, cx: float, cy: float, size: float, angle: float = 0.0) -> Path:
    """``path`` (drawn in a unit box) ``size`` wide, turned ``angle`` degrees, centred on (cx, cy)."""
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def moved(values: tuple[float, ...]) -> tuple[float, ...]:
        out: list[float] = []
        for x, y in zip(values[::2], values[1::2]):
            out += [cx + size * (c * x - s * y), cy + size * (s * x + c * y)]
        return tuple(out)

    return Path(tuple((op[0], *moved(op[1:])) for op in path.operations))


def icon(name: str, cx: float, cy: float, size: float) -> Path:
    """The icon called ``name`` (one of ``ICON_NAMES``) with its larger side ``size``, centred on (cx, cy)."""
    return scaled(_UNIT[name](), cx, cy, size)


def running_glyph(name: str) -> TextGlyph:
    """The icon called ``name`` as a character of running text, solid like a letter (``RUNNING_HEIGHT``
    tall, in ems, its origin on the baseline at its left). Every icon here is solid shapes with no
    hole, so each loop is an outer contour."""
    return text_glyph(_UNIT[name]())


def text_glyph(shape: Path, box: tuple[float, float, float, float] | None = None) -> TextGlyph:
    """A shape as a character of running text: ``box`` (left, bottom, right, top; None: the shape's
    own extent) ``RUNNING_HEIGHT`` tall, its origin on the baseline at its left. Its loops are filled
    as a letter's are, by the even-odd rule: a shape laid over another is cut out of it."""
    xs = [v for op in shape.operations for v in op[1::2]]
    ys = [v for op in shape.operations for v in op[2::2]]
    left, bottom, right, top = box or (min(xs), min(ys), max(xs), max(ys))
    scale = RUNNING_HEIGHT / (top - bottom)
    dx, dy = RUNNING_SIDE - left * scale, -RUNNING_DEPTH - bottom * scale
    loops = _loops(shape)
    contours = tuple(Contour(tuple(s.transformed(scale, dx, dy) for s in loop), False) for loop in loops)
    return TextGlyph(contours, (right - left) * scale + 2 * RUNNING_SIDE)


def _loops(path: Path) -> list[list[Segment]]:
    """A path's closed loops as lines and cubic curves (each loop closed by a line if it stops short)."""
    loops: list[list[Segment]] = []
    start = here = (0.0, 0.0)
    for op in path.operations:
        if op[0] == "M":
            start = here = (op[1], op[2])
            loops.append([])
        elif op[0] == "Z":
            if here != start:
                loops[-1].append(Segment((here, start)))
            here = start
        else:
            points = [(op[k], op[k + 1]) for k in range(1, len(op), 2)]
            loops[-1].append(Segment((here, *points)))
            here = points[-1]
    return [loop for loop in loops if loop]


# --- the shapes, each fitted to a unit box ---------------------------------------------------


def _fitted(path: Path) -> Path:
    """Centre ``path`` on its bounds and make its larger side 1 (curves bounded by their control
    points, which for these shapes lie on or just outside the curve)."""
    points = [p for op in path.operations for p in zip(op[1::2], op[2::2])]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    side = max(x1 - x0, y1 - y0)
    return scaled(
        Path(tuple((op[0], *[v - ((x0 + x1) / 2 if i % 2 == 0 else (y0 + y1) / 2) for i, v in enumerate(op[1:])]) for op in path.operations)),
        0.0, 0.0, 1 / side,
    )  # fmt: skip


def _star() -> Path:
    """Five stout points (inner radius 0.48 of the outer), one straight up: it reads as a star at 4 mm."""
    points: list[Point] = []
    for k in range(10):
        r = 0.5 if k % 2 == 0 else 0.24
        a = math.radians(90 + 36 * k)
        points.append((r * math.cos(a), r * math.sin(a)))
    return _fitted(Path((("M", *points[0]), *(("L", *p) for p in points[1:]), ("Z",))))


def _moon() -> Path:
    """A crescent: a disc less an overlapping smaller disc, horns to the upper right, as a moon is drawn."""
    big, small, offset = 0.5, 0.41, 0.26
    # The two circles cross where x = (R^2 - r^2 + d^2) / 2d on the line through their centres.
    x = (big**2 - small**2 + offset**2) / (2 * offset)
    y = math.sqrt(big**2 - x**2)
    outer = math.degrees(math.atan2(y, x))  # where the outer edge meets the inner one
    inner = math.degrees(math.atan2(y, x - offset))
    operations: list[Operation] = [("M", big * math.cos(math.radians(outer)), y)]
    operations += arc(0.0, 0.0, big, outer, 360 - outer)  # the outer edge, the long way round
    operations += arc(offset, 0.0, small, -inner, -360 + inner)  # back along the inner edge
    operations.append(("Z",))
    return _fitted(scaled(Path(tuple(operations)), 0.0, 0.0, 1.0, angle=35))


def _sun() -> Path:
    """A disc and eight pointed rays standing clear of it: apart, so an outline traces each ray."""
    disc, ray_in, ray_out, half_width = 0.25, 0.32, 0.5, 11.0
    path = circle(0.0, 0.0, disc)
    for k in range(8):
        a = 22.5 + 45 * k
        base = [(ray_in * math.cos(math.radians(a + d)), ray_in * math.sin(math.radians(a + d))) for d in (-half_width, half_width)]
        tip = (ray_out * math.cos(math.radians(a)), ray_out * math.sin(math.radians(a)))
        path += Path((("M", *base[0]), ("L", *tip), ("L", *base[1]), ("Z",)))
    return _fitted(path)


_UNIT: dict[str, Callable[[], Path]] = {"star": _star, "moon": _moon, "sun": _sun}
