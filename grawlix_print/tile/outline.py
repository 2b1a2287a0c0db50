"""Glyph outlines: the six glyphs as closed curves, read from a font with fontTools.

PDF, SVG and CAD all take a glyph's shape from here; nothing downstream
re-derives a glyph from a font.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from fontTools.pens.basePen import BasePen
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont, TTLibError

from ..errors import GrawlixError
from .identity import GLYPHS

Point = tuple[float, float]


@dataclass(frozen=True)
class Segment:
    """A straight line (2 points) or a cubic Bezier curve (4 points)."""

    points: tuple[Point, ...]

    @property
    def is_line(self) -> bool:
        return len(self.points) == 2

    def flatten(self, tolerance: float) -> list[Point]:
        """Points after the start, close enough to the curve for ``tolerance``."""
        if self.is_line:
            return [self.points[1]]
        p0, p1, p2, p3 = self.points
        bend = max(
            math.hypot(p0[0] - 2 * p1[0] + p2[0], p0[1] - 2 * p1[1] + p2[1]),
            math.hypot(p1[0] - 2 * p2[0] + p3[0], p1[1] - 2 * p2[1] + p3[1]),
        )
        steps = max(1, math.ceil(math.sqrt(0.75 * bend / tolerance)))
        return [_cubic_at(self.points, k / steps) for k in range(1, steps + 1)]

    def transformed(self, scale: float, dx: float, dy: float) -> Segment:
        return Segment(tuple((x * scale + dx, y * scale + dy) for x, y in self.points))

    def reversed(self) -> Segment:
        return Segment(self.points[::-1])


def _cubic_at(p: tuple[Point, ...], t: float) -> Point:
    u = 1 - t
    a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return (
        a * p[0][0] + b * p[1][0] + c * p[2][0] + d * p[3][0],
        a * p[0][1] + b * p[1][1] + c * p[2][1] + d * p[3][1],
    )


@dataclass(frozen=True)
class Contour:
    """One closed loop of segments. Outer loops run anticlockwise, holes clockwise."""

    segments: tuple[Segment, ...]
    is_hole: bool

    @property
    def start(self) -> Point:
        return self.segments[0].points[0]

    def polygon(self, tolerance: float = 0.002) -> list[Point]:
        """The loop as a closed polygon (first point not repeated at the end)."""
        points = [self.start]
        for segment in self.segments:
            points.extend(segment.flatten(tolerance))
        if _close(points[0], points[-1]):
            points.pop()
        return points


@dataclass(frozen=True)
class Region:
    """One solid piece of a glyph: an outer contour and the holes directly inside it."""

    outer: Contour
    holes: tuple[Contour, ...]


@dataclass(frozen=True)
class Outline:
    """A glyph as closed contours, centred on its bounds in a unit box.

    Coordinates are y-up and the larger side of the bounds is exactly 1, so a
    renderer scales by the glyph box side and places the centre of the tile.
    """

    contours: tuple[Contour, ...]
    width: float
    height: float

    def polygons(self, tolerance: float = 0.002) -> list[list[Point]]:
        return [c.polygon(tolerance) for c in self.contours]

    def regions(self) -> list[Region]:
        """Each outer contour with its holes, as a CAD face or a mesh cap needs them.

        A hole belongs to the smallest outer contour around it, so an island
        inside a hole (a ring within a ring) still pairs correctly.
        """
        outers = [c for c in self.contours if not c.is_hole]
        polygons = {id(c): c.polygon(0.01) for c in self.contours}
        holes: dict[int, list[Contour]] = {id(c): [] for c in outers}
        for hole in (c for c in self.contours if c.is_hole):
            around = [c for c in outers if _inside(polygons[id(hole)][0], polygons[id(c)])]
            if around:
                smallest = min(around, key=lambda c: abs(_signed_area(polygons[id(c)])))
                holes[id(smallest)].append(hole)
        return [Region(outer, tuple(holes[id(outer)])) for outer in outers]


def _close(a: Point, b: Point, eps: float = 1e-9) -> bool:
    return abs(a[0] - b[0]) < eps and abs(a[1] - b[1]) < eps


def _signed_area(polygon: list[Point]) -> float:
    return 0.5 * sum(
        x0 * y1 - x1 * y0
        for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1])
    )


def _inside(point: Point, polygon: list[Point]) -> bool:
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def default_font_path() -> Path:
    """Bitstream Vera Sans Bold, which ships inside reportlab."""
    import reportlab

    return Path(reportlab.__file__).parent / "fonts" / "VeraBd.ttf"


@lru_cache(maxsize=4)
def glyph_outlines(font_path: str | Path | None = None) -> dict[str, Outline]:
    """Outlines of the six glyphs read from a TrueType/OpenType font, by symbol."""
    path = Path(font_path) if font_path else default_font_path()
    return character_outlines(path, "".join(glyph.symbol for glyph in GLYPHS))


@lru_cache(maxsize=8)
def character_outlines(font_path: str | Path, characters: str) -> dict[str, Outline]:
    """Outlines of any characters of a font (such as the colour letters), by character."""
    path = Path(font_path)
    try:
        font = TTFont(str(path), lazy=True)
        cmap = font.getBestCmap() or {}
        glyph_set = font.getGlyphSet()
    except (OSError, TTLibError, AssertionError, KeyError) as error:
        raise GrawlixError(f"cannot read font: {error}", str(path)) from None
    outlines = {}
    for character in characters:
        name = cmap.get(ord(character))
        if name is None:
            raise GrawlixError(f"font has no glyph for {character!r}", str(path))
        bounds_pen = BoundsPen(glyph_set)
        glyph_set[name].draw(bounds_pen)
        recorder = _ContourPen(glyph_set)
        glyph_set[name].draw(recorder)
        if bounds_pen.bounds is None or not recorder.contours:
            raise GrawlixError(f"glyph {character!r} has no outline", str(path))
        outlines[character] = _normalised(recorder.contours, bounds_pen.bounds)
    return outlines


def _normalised(
    loops: list[list[Segment]], bounds: tuple[float, float, float, float]
) -> Outline:
    """Centre on the outline's own bounds and scale its larger side to 1.

    Font metrics place glyphs for text (the asterisk sits small and high); a
    tile wants every glyph centred and about the same size.
    """
    x0, y0, x1, y1 = bounds
    scale = 1.0 / max(x1 - x0, y1 - y0)
    dx, dy = -(x0 + x1) / 2 * scale, -(y0 + y1) / 2 * scale
    loops = [[s.transformed(scale, dx, dy) for s in loop] for loop in loops]
    polygons = [Contour(tuple(loop), False).polygon(0.01) for loop in loops]
    contours = []
    for i, loop in enumerate(loops):
        depth = sum(
            _inside(polygons[i][0], other) for j, other in enumerate(polygons) if j != i
        )
        is_hole = depth % 2 == 1
        anticlockwise = _signed_area(polygons[i]) > 0
        if anticlockwise == is_hole:
            loop = [s.reversed() for s in reversed(loop)]
        contours.append(Contour(tuple(loop), is_hole))
    return Outline(tuple(contours), (x1 - x0) * scale, (y1 - y0) * scale)


class _ContourPen(BasePen):
    """Records a glyph as closed loops of lines and cubic curves."""

    def __init__(self, glyph_set) -> None:
        super().__init__(glyph_set)
        self.contours: list[list[Segment]] = []
        self._loop: list[Segment] = []

    def _moveTo(self, pt: Point) -> None:
        self._loop = []

    def _lineTo(self, pt: Point) -> None:
        start = self._getCurrentPoint()
        if not _close(start, pt):
            self._loop.append(Segment((start, pt)))

    def _curveToOne(self, p1: Point, p2: Point, p3: Point) -> None:
        self._loop.append(Segment((self._getCurrentPoint(), p1, p2, p3)))

    def _qCurveToOne(self, p1: Point, p2: Point) -> None:
        # A quadratic Bezier is exactly the cubic with these control points.
        p0 = self._getCurrentPoint()
        c1 = (p0[0] + 2 / 3 * (p1[0] - p0[0]), p0[1] + 2 / 3 * (p1[1] - p0[1]))
        c2 = (p2[0] + 2 / 3 * (p1[0] - p2[0]), p2[1] + 2 / 3 * (p1[1] - p2[1]))
        self._loop.append(Segment((p0, c1, c2, p2)))

    def _closePath(self) -> None:
        if self._loop:
            first, last = self._loop[0].points[0], self._loop[-1].points[-1]
            if not _close(first, last):
                self._loop.append(Segment((last, first)))
            self.contours.append(self._loop)
        self._loop = []

    _endPath = _closePath
