"""The one drawing interface: what a tile or a diagram asks of a page, in any file format.

Tiles and diagrams are drawn once, against ``Surface``; the PDF back end
(``drawing.pdf.surface``) and the SVG back end (``drawing.svg``) turn the same
calls into their own format, so the same position gives the same picture in
the leaflet and on the web. Coordinates are y-up, in whatever unit the caller
chose (points for the leaflet, millimetres for the sheets, pixels for SVG).
Colours are the tile definition's ``Ink``; each back end picks screen (RGB) or
print (CMYK) values, so nothing here knows which.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import TYPE_CHECKING, Protocol

from .ink import Ink

if TYPE_CHECKING:  # outlines are read with fontTools, loaded only to draw
    from .outline import Outline, TextGlyph

Point = tuple[float, float]

# A path is a tuple of operations: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",).
Operation = tuple


@dataclass(frozen=True)
class Path:
    """A vector outline made of straight lines and cubic Bezier curves."""

    operations: tuple[Operation, ...] = ()

    def __add__(self, other: Path) -> Path:
        return Path(self.operations + other.operations)


def rectangle(x: float, y: float, width: float, height: float) -> Path:
    """An upright rectangle from its lower-left corner, drawn anticlockwise."""
    return polygon([(x, y), (x + width, y), (x + width, y + height), (x, y + height)])


def polygon(points: Iterable[Point]) -> Path:
    points = list(points)
    return Path(
        (("M", *points[0]), *(("L", *p) for p in points[1:]), ("Z",))
    )


def lines(segments: Iterable[tuple[Point, Point]]) -> Path:
    """Separate straight lines (crop marks, dotted sides): one move and one line each."""
    operations: list[Operation] = []
    for (x0, y0), (x1, y1) in segments:
        operations += [("M", x0, y0), ("L", x1, y1)]
    return Path(tuple(operations))


def glyph_path(outline: Outline | TextGlyph, cx: float, cy: float, box: float) -> Path:
    """A glyph outline centred on (cx, cy) with its larger side ``box`` long.

    A ``TextGlyph`` (running text) is placed with its origin, on the baseline, at (cx, cy).
    """
    operations: list[Operation] = []
    for contour in outline.contours:
        x, y = contour.start
        operations.append(("M", cx + x * box, cy + y * box))
        for segment in contour.segments:
            points = [c for x, y in segment.points[1:] for c in (cx + x * box, cy + y * box)]
            operations.append(("L", *points) if segment.is_line else ("C", *points))
        operations.append(("Z",))
    return Path(tuple(operations))


MIN_LINE_PT = 0.25
"""The thinnest line a drawing strokes, in points: a print shop's preflight flags anything
thinner, and a home printer may leave it out."""


@dataclass(frozen=True)
class Pen:
    """How a line is stroked. ``round`` gives round caps and joins (dots, glyph contours)."""

    ink: Ink
    width: float
    dash: tuple[float, ...] = ()
    round: bool = False


@dataclass(frozen=True)
class Raster:
    """A raster picture (a designer's PNG or JPEG) as its file's bytes, with its size in pixels.

    Back ends place the bytes as they are (a PDF image, an SVG ``<image>``), so a picture is
    never re-encoded and the same file gives the same output.
    """

    data: bytes = field(repr=False)
    width: int
    height: int
    mime: str  # image/png or image/jpeg
    key: str = ""
    """What tells it from another picture without comparing bytes (a digest of them), for stamps."""


@dataclass(frozen=True)
class Face:
    """A typeface a surface can set text in: a TrueType file, and a CSS family for screens.

    ``name`` is the name the PDF back end registers the file under (and embeds,
    as a subset); ``css`` lists the family and its fallbacks for SVG and HTML.
    """

    name: str
    file: FilePath
    css: str
    bold: bool = False


class Surface(Protocol):
    """A page to draw on: shapes, text, transforms, clips and reusable stamps."""

    unit_pt: float
    """How many typographic points one unit of the surface is (before any transform): what
    a drawing needs to keep a line at least as heavy as a press or a screen shows well."""

    def shape(
        self, path: Path, fill: Ink | None = None, pen: Pen | None = None, even_odd: bool = False
    ) -> None:
        """Fill and/or stroke a path. ``even_odd`` makes nested loops holes (a ring)."""

    def text(
        self, x: float, y: float, text: str, face: Face, size: float, ink: Ink, centred: bool = True,
        slant: float = 0.0,
    ) -> None:  # fmt: skip
        """One line of text on the baseline at ``y``, centred on ``x`` (or starting there);
        ``slant`` leans it (x moves by ``slant`` times the height above the baseline): an
        italic for a face that has none."""

    def image(self, picture: Raster, x: float, y: float, width: float, height: float) -> None:
        """A raster picture stretched over the box with its lower-left corner at (x, y)."""

    def transformed(
        self, dx: float = 0.0, dy: float = 0.0, angle: float = 0.0, scale: float = 1.0
    ) -> AbstractContextManager[None]:
        """Draw the block moved by (dx, dy), turned ``angle`` degrees anticlockwise, scaled."""

    def clipped(self, path: Path) -> AbstractContextManager[None]:
        """Draw the block only inside ``path`` (non-zero rule): a card's pattern stopped at its
        bleed, stripes kept inside a number's outline."""

    def stamp(self, key: Hashable, reach: float, draw: Callable[[Surface], None]) -> None:
        """Draw ``draw``'s picture at the current origin, defining it only once per document.

        A leaflet shows the same tile dozens of times; a back end may keep it as
        one PDF form or one SVG symbol. ``reach`` bounds the picture around the
        origin; ``key`` must name everything the picture depends on.
        """



class ScaledView:
    """``surface`` seen from inside ``transformed(scale=factor)``: the same calls, with ``unit_pt``
    the points one unit now measures. A picture stamped at a fixed size and placed larger or
    smaller reads it to keep its lines as heavy as a press or a screen needs."""

    def __init__(self, surface: Surface, factor: float) -> None:
        self._surface = surface
        self._factor = factor
        self.unit_pt = surface.unit_pt * factor

    def shape(self, path: Path, fill: Ink | None = None, pen: Pen | None = None, even_odd: bool = False) -> None:
        self._surface.shape(path, fill, pen, even_odd)

    def text(
        self, x: float, y: float, text: str, face: Face, size: float, ink: Ink, centred: bool = True,
        slant: float = 0.0,
    ) -> None:  # fmt: skip
        self._surface.text(x, y, text, face, size, ink, centred, slant)

    def image(self, picture: Raster, x: float, y: float, width: float, height: float) -> None:
        self._surface.image(picture, x, y, width, height)

    def transformed(
        self, dx: float = 0.0, dy: float = 0.0, angle: float = 0.0, scale: float = 1.0
    ) -> AbstractContextManager[None]:
        return self._surface.transformed(dx, dy, angle, scale)

    def clipped(self, path: Path) -> AbstractContextManager[None]:
        return self._surface.clipped(path)

    def stamp(self, key: Hashable, reach: float, draw: Callable[[Surface], None]) -> None:
        self._surface.stamp((key, self._factor), reach, lambda surface: draw(ScaledView(surface, self._factor)))


def printable_width(width: float, surface: Surface) -> float:
    """``width`` (in the surface's units), widened if it would print thinner than ``MIN_LINE_PT``."""
    return max(width, MIN_LINE_PT / surface.unit_pt)
