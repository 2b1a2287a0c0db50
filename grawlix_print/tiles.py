"""The one definition of a Grawlix tile: glyphs, colours, outlines and sizes.

Every drawing and every model takes its glyph shapes, colours and physical
dimensions from here, so a change in this module changes the leaflet, the
sheets and the 3D tiles together.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from fontTools.pens.basePen import BasePen
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont, TTLibError

from .errors import GrawlixError

Point = tuple[float, float]
RGB = tuple[float, float, float]
CMYK = tuple[float, float, float, float]


# --- glyphs, colours, tiles -------------------------------------------------


@dataclass(frozen=True)
class Glyph:
    index: int
    symbol: str
    name: str


@dataclass(frozen=True)
class Colour:
    """A tile colour: ``rgb`` for screens and previews, ``cmyk`` for print.

    ``mark`` names the small shape printed for colour-blind players; the six
    shapes differ in outline, so they still tell colours apart in greyscale.
    """

    index: int
    name: str
    letter: str
    rgb: RGB
    cmyk: CMYK
    mark: str


@dataclass(frozen=True)
class Tile:
    glyph: Glyph
    colour: Colour

    @property
    def index(self) -> int:
        """Position in the supply chart: rows are colours, columns glyphs."""
        return self.colour.index * len(GLYPHS) + self.glyph.index

    @property
    def token(self) -> str:
        """The position-file notation: colour letter + glyph, e.g. ``B@``."""
        return self.colour.letter + self.glyph.symbol

    def __str__(self) -> str:
        return self.token


GLYPHS: tuple[Glyph, ...] = tuple(
    Glyph(i, symbol, name)
    for i, (symbol, name) in enumerate(
        [
            ("@", "at sign"),
            ("#", "octothorpe"),
            ("$", "dollar sign"),
            ("%", "percent sign"),
            ("&", "ampersand"),
            ("*", "asterisk"),
        ]
    )
)

COLOURS: tuple[Colour, ...] = tuple(
    Colour(i, name, letter, rgb, cmyk, mark)
    for i, (name, letter, rgb, cmyk, mark) in enumerate(
        [
            ("red", "R", (0.89, 0.11, 0.11), (0.0, 0.95, 0.95, 0.0), "ring"),
            ("orange", "O", (1.00, 0.53, 0.00), (0.0, 0.55, 1.0, 0.0), "triangle"),
            ("yellow", "Y", (1.00, 0.86, 0.00), (0.0, 0.10, 1.0, 0.0), "square"),
            ("green", "G", (0.10, 0.72, 0.18), (0.80, 0.0, 1.0, 0.0), "diamond"),
            ("blue", "B", (0.08, 0.30, 0.90), (0.95, 0.65, 0.0, 0.0), "cross"),
            ("violet", "V", (0.52, 0.16, 0.63), (0.55, 0.90, 0.0, 0.0), "star"),
        ]
    )
)

TILES: tuple[Tile, ...] = tuple(Tile(g, c) for c in COLOURS for g in GLYPHS)

_BY_TOKEN = {t.token: t for t in TILES}


def tile_from_token(token: str) -> Tile | None:
    """The tile a position-file token names, or None if it names none."""
    return _BY_TOKEN.get(token.upper() if token[:1].islower() else token)


# --- the look of a tile (shared by leaflet, sheets and previews) ------------

TILE_FACE_RGB: RGB = (0.78, 0.78, 0.78)  # light grey, as the designer's tiles
TILE_EDGE_RGB: RGB = (0.12, 0.12, 0.12)
GLYPH_CONTOUR_RGB: RGB = (0.10, 0.10, 0.10)
TILE_FACE_CMYK: CMYK = (0.0, 0.0, 0.0, 0.25)
TILE_EDGE_CMYK: CMYK = (0.0, 0.0, 0.0, 0.90)
GLYPH_CONTOUR_CMYK: CMYK = (0.0, 0.0, 0.0, 0.92)

# The plain side of a paper tile: the game's name, light on charcoal, over the six glyphs.
TILE_BACK_TEXT = "Grawlix"
TILE_BACK_RGB: RGB = (0.20, 0.21, 0.23)
TILE_BACK_CMYK: CMYK = (0.10, 0.05, 0.0, 0.82)
TILE_BACK_INK_RGB: RGB = TILE_FACE_RGB
TILE_BACK_INK_CMYK: CMYK = TILE_FACE_CMYK


# --- physical dimensions (millimetres) --------------------------------------

PAPER_TILE_MM = 25.4
"""Paper tiles and stickers: one inch, the size of the designer's wooden squares."""

GLYPH_FRACTION = 0.68
"""Side of the glyph's square box as a fraction of the tile side."""


@dataclass(frozen=True)
class SolidTile:
    """A 3D-printed tile: square body with the glyph raised on top."""

    size: float = 28.0
    body_height: float = 10.0
    relief: float = 4.0
    chamfer: float = 0.6

    @property
    def glyph_box(self) -> float:
        return self.size * GLYPH_FRACTION


SOLID_TILE = SolidTile()
"""The designer's published model: 28 x 28 mm, 10 mm body, glyph raised 4 mm."""


# --- glyph outlines ---------------------------------------------------------


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
    try:
        font = TTFont(str(path), lazy=True)
        cmap = font.getBestCmap() or {}
        glyph_set = font.getGlyphSet()
    except (OSError, TTLibError, AssertionError, KeyError) as error:
        raise GrawlixError(f"cannot read font: {error}", str(path)) from None
    outlines = {}
    for glyph in GLYPHS:
        name = cmap.get(ord(glyph.symbol))
        if name is None:
            raise GrawlixError(f"font has no glyph for {glyph.symbol!r}", str(path))
        bounds_pen = BoundsPen(glyph_set)
        glyph_set[name].draw(bounds_pen)
        recorder = _ContourPen(glyph_set)
        glyph_set[name].draw(recorder)
        if bounds_pen.bounds is None or not recorder.contours:
            raise GrawlixError(f"glyph {glyph.symbol!r} has no outline", str(path))
        outlines[glyph.symbol] = _normalised(recorder.contours, bounds_pen.bounds)
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


# --- colour-blind marks -----------------------------------------------------


def mark_polygons(colour: Colour) -> list[list[Point]]:
    """The colour's mark as polygons in a unit box centred on the origin.

    Outer loops run anticlockwise and holes clockwise, as in the glyph
    outlines (the ring has a hole). The six differ in outline and the ring in
    having a hole, so no two share much ink when printed 2-3 mm wide in grey.
    """
    return [list(polygon) for polygon in _MARK_SHAPES[colour.mark]()]


def _regular(n: int, radius: float = 0.5, turn: float = 90.0) -> list[Point]:
    return [
        (
            radius * math.cos(math.radians(turn + 360 * k / n)),
            radius * math.sin(math.radians(turn + 360 * k / n)),
        )
        for k in range(n)
    ]


def _star() -> list[Point]:
    outer = _regular(5)
    inner = _regular(5, 0.25, 90 + 36)  # stout points stay visible at 2-3 mm
    return [p for pair in zip(outer, inner) for p in pair]


def _cross() -> list[Point]:
    a, b = 0.5, 0.12  # slim arms keep the cross apart from the diamond
    return [
        (-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b),
        (b, a), (-b, a), (-b, b), (-a, b), (-a, -b), (-b, -b),
    ]  # fmt: skip


_MARK_SHAPES = {
    "ring": lambda: [_regular(32), _regular(32, 0.27)[::-1]],
    "triangle": lambda: [[(x, y - 0.1) for x, y in _regular(3, 0.58)]],
    "square": lambda: [_regular(4, 0.62, 45)],
    "diamond": lambda: [_regular(4, 0.5)],
    "cross": lambda: [_cross()],
    "star": lambda: [_star()],
}
