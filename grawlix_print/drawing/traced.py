"""A surface that keeps what is drawn on it filled, as paths in one frame: what a layout's element
raises in a 3D print.

An element is drawn on it exactly as on a page (its letters, its filled shapes, an SVG picture's
shapes), and each filled shape is kept with its ink, moved as the page would move it. Letters become
their typeface's outlines, set as a PDF sets them (each character's advance, no kerning). Strokes
are not kept (a line has no area to raise); a clip is not applied (what is raised is the whole
shape); a raster picture has no shapes and is refused.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager

from ..errors import StudioError
from .document import MM
from .ink import Ink
from .outline import running_outlines
from .surface import Face, Path, Pen, Raster, Surface

Matrix = tuple[float, float, float, float, float, float]
"""(a, b, c, d, e, f): x, y go to (a x + c y + e, b x + d y + f), as PDF writes a transform."""


class TracedSurface:
    """Records the filled shapes drawn on it (``filled``: each path, in the surface's own frame,
    with its ink), in millimetres."""

    unit_pt = MM

    def __init__(self) -> None:
        self.filled: list[tuple[Path, Ink]] = []
        self._matrix: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

    def shape(self, path: Path, fill: Ink | None = None, pen: Pen | None = None, even_odd: bool = False) -> None:
        if fill is not None:
            self.filled.append((_moved(path, self._matrix), fill))

    def text(
        self, x: float, y: float, text: str, face: Face, size: float, ink: Ink, centred: bool = True,
        slant: float = 0.0,
    ) -> None:  # fmt: skip
        glyphs, width = running_outlines(str(face.file), text)
        left = x - width * size / 2 if centred else x
        shear: Matrix = (size, 0.0, slant * size, size, left, y)  # ems to the surface, leaning by the slant
        for loops in glyphs:
            operations: list[tuple] = []
            for loop in loops:
                operations.append(("M", *loop[0].points[0]))
                for segment in loop:
                    operations.append(("L" if segment.is_line else "C", *(v for point in segment.points[1:] for v in point)))
                operations.append(("Z",))
            if operations:
                self.shape(_moved(Path(tuple(operations)), shear), fill=ink)

    def image(self, picture: Raster, x: float, y: float, width: float, height: float) -> None:
        raise StudioError("a raster picture (PNG or JPEG) has no shapes to raise: use an SVG")

    @contextmanager
    def transformed(self, dx: float = 0.0, dy: float = 0.0, angle: float = 0.0, scale: float = 1.0) -> Iterator[None]:
        before = self._matrix
        c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        self._matrix = _then((scale * c, scale * s, -scale * s, scale * c, dx, dy), before)
        try:
            yield
        finally:
            self._matrix = before

    @contextmanager
    def clipped(self, path: Path) -> Iterator[None]:
        yield

    def stamp(self, key: Hashable, reach: float, draw: Callable[[Surface], None]) -> None:
        draw(self)


def _then(inner: Matrix, outer: Matrix) -> Matrix:
    """``inner`` applied first, then ``outer``."""
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (A * a + C * b, B * a + D * b, A * c + C * d, B * c + D * d, A * e + C * f + E, B * e + D * f + F)


def _moved(path: Path, matrix: Matrix) -> Path:
    a, b, c, d, e, f = matrix
    if matrix == (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
        return path
    moved = []
    for operation in path.operations:
        code, values = operation[0], operation[1:]
        points = [(a * x + c * y + e, b * x + d * y + f) for x, y in zip(values[::2], values[1::2])]
        moved.append((code, *(v for point in points for v in point)))
    return Path(tuple(moved))
