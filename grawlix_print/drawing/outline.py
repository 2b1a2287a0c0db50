"""Glyph outlines: characters as closed curves, read from their fonts with fontTools.

A game names, for each of its glyphs, the character and the font file it is
drawn from (``Faces``). PDF, SVG and CAD all take a glyph's shape from here,
for a piece (``glyph_outlines``) or for running text (``text_glyphs``);
nothing downstream re-derives a glyph from a font. An OpenType/CFF font
(Comic Neue) cannot be embedded by reportlab, so glyphs are always drawn as
paths.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from ..errors import StudioError

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


Faces = tuple[tuple[str, Path], ...]
"""Each glyph's character and the font file it is drawn from, in the game's order."""

SITS_HIGH = 0.25
"""A glyph whose lowest point is this far above the baseline (a fraction of the cap height)
is one a font sets small and high, like an asterisk: running text shows it centred and
nearly cap-height tall, as the designer's leaflet does. The others are set as their font sets them."""

CENTRED_HEIGHT = 0.9
"""A centred glyph's height in text, as a fraction of the face's cap height."""

SIDE_BEARING = 0.05
"""Space either side of a centred glyph in text, in ems."""


@dataclass(frozen=True)
class TextGlyph:
    """A glyph for running text, in ems: origin on the baseline at its left, y up.

    A renderer scales by the font size; ``advance`` is how far the next
    character starts to the right.
    """

    contours: tuple[Contour, ...]
    advance: float


@dataclass(frozen=True)
class _FontGlyph:
    loops: list[list[Segment]]
    bounds: tuple[float, float, float, float]
    advance: float
    units_per_em: int
    cap_height: float


@lru_cache(maxsize=64)
def glyph_outlines(faces: Faces) -> dict[str, Outline]:
    """Outlines of the glyphs for a piece, by character, each centred in a unit box."""
    return {symbol: _normalised(glyph.loops, glyph.bounds) for symbol, glyph in _face_glyphs(faces).items()}


@lru_cache(maxsize=8)
def character_outlines(font_path: str | Path, characters: str) -> dict[str, Outline]:
    """Outlines of any characters of one font (such as the colour letters), by character."""
    return {
        character: _normalised(glyph.loops, glyph.bounds)
        for character, glyph in _font_glyphs(Path(font_path), characters).items()
    }


@lru_cache(maxsize=8)
def text_glyphs(faces: Faces) -> dict[str, TextGlyph]:
    """The glyphs as running text shows them, in the same faces as the pieces."""
    glyphs = _face_glyphs(faces)
    high = {s for s, g in glyphs.items() if g.bounds[1] > SITS_HIGH * g.cap_height}
    cap = max((g.cap_height / g.units_per_em for s, g in glyphs.items() if s not in high), default=0.7)
    result = {}
    for symbol, glyph in glyphs.items():
        if symbol in high:
            outline = _normalised(glyph.loops, glyph.bounds)
            scale = cap * CENTRED_HEIGHT / outline.height
            dx = SIDE_BEARING + outline.width * scale / 2
            contours = tuple(_moved(c, scale, dx, cap / 2) for c in outline.contours)
            result[symbol] = TextGlyph(contours, outline.width * scale + 2 * SIDE_BEARING)
        else:
            em = 1.0 / glyph.units_per_em
            loops = [[s.transformed(em, 0.0, 0.0) for s in loop] for loop in glyph.loops]
            result[symbol] = TextGlyph(tuple(_oriented(loops)), glyph.advance * em)
    return result


def _moved(contour: Contour, scale: float, dx: float, dy: float) -> Contour:
    return Contour(tuple(s.transformed(scale, dx, dy) for s in contour.segments), contour.is_hole)


def _face_glyphs(faces: Faces) -> dict[str, _FontGlyph]:
    """Each glyph from its own font, by character, in the given order (one read per font)."""
    read: dict[str, _FontGlyph] = {}
    for path in dict.fromkeys(path for _, path in faces):
        read.update(_font_glyphs(Path(path), "".join(s for s, face in faces if face == path)))
    return {symbol: read[symbol] for symbol, _ in faces}


@lru_cache(maxsize=16)
def _font_glyphs(path: Path, characters: str) -> dict[str, _FontGlyph]:
    """Each character's contours, bounds and advance in font units, read from one font file."""
    from fontTools.pens.boundsPen import BoundsPen  # fontTools comes with the first glyph read, not with text

    font, cmap, glyph_set = _open_font(path)
    try:  # read lazily, so the file stays open until every outline is recorded; then closed
        units = font["head"].unitsPerEm
        cap = (getattr(font["OS/2"], "sCapHeight", 0) if "OS/2" in font else 0) or 0.7 * units
        glyphs = {}
        for character in characters:
            name = cmap.get(ord(character))
            if name is None:
                raise StudioError(f"font has no glyph for {character!r}", str(path))
            bounds_pen = BoundsPen(glyph_set)
            glyph_set[name].draw(bounds_pen)
            recorder = _contour_pen()(glyph_set)
            glyph_set[name].draw(recorder)
            if bounds_pen.bounds is None or not recorder.contours:
                raise StudioError(f"glyph {character!r} has no outline", str(path))
            glyphs[character] = _FontGlyph(recorder.contours, bounds_pen.bounds, glyph_set[name].width, units, cap)
        return glyphs
    finally:
        font.close()


def _open_font(path: Path):
    from fontTools.ttLib import TTFont, TTLibError

    try:
        font = TTFont(str(path), lazy=True)
        return font, font.getBestCmap() or {}, font.getGlyphSet()
    except (OSError, TTLibError, AssertionError, KeyError) as error:
        raise StudioError(f"cannot read font: {error}", str(path)) from None


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
    return Outline(tuple(_oriented(loops)), (x1 - x0) * scale, (y1 - y0) * scale)


def _oriented(loops: list[list[Segment]]) -> list[Contour]:
    """Mark each loop outer or hole (by nesting depth) and run outers anticlockwise, holes clockwise.

    Fonts disagree on direction (TrueType runs outers clockwise, CFF
    anticlockwise); CAD faces and mesh caps want one convention.
    """
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
    return contours


@cache
def _contour_pen() -> type:
    """The pen that records a glyph's loops (a fontTools pen: made when the first glyph is read)."""
    from fontTools.pens.basePen import BasePen

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

    return _ContourPen


@lru_cache(maxsize=64)
def running_outlines(font_path: str, text: str) -> tuple[tuple[tuple[tuple[Segment, ...], ...], ...], float]:
    """``text`` in one font on a baseline from the origin, in ems, as a PDF sets it (each character
    its advance, no kerning): each character's loops (none for a space) and the line's width."""
    font, cmap, glyph_set = _open_font(Path(font_path))
    try:
        em = 1.0 / font["head"].unitsPerEm
        cursor, glyphs = 0.0, []
        for character in text:
            name = cmap.get(ord(character))
            if name is None:
                raise StudioError(f"font has no glyph for {character!r}", font_path)
            recorder = _contour_pen()(glyph_set)
            glyph_set[name].draw(recorder)
            glyphs.append(tuple(tuple(s.transformed(em, cursor, 0.0) for s in loop) for loop in recorder.contours))
            cursor += glyph_set[name].width * em
        return tuple(glyphs), cursor
    finally:
        font.close()
