"""Reading what a PDF page actually draws: placed tile forms and dotted lines.

A second, independent reading of the leaflet's vector data for the tests: it
walks the content stream with pypdf, tracks the transformation matrix, and
reports where each tile (a form XObject) lands and which straight segments are
stroked with a dotted dash pattern. It shares no code with the renderer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF order: a point is transformed by m first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return x * a + y * c + e, x * b + y * d + f


@dataclass(frozen=True)
class Stamp:
    """One placed form: its centre on the page, side scale and turn (degrees)."""

    form: str
    x: float
    y: float
    scale: float
    angle: float


@dataclass
class PageVectors:
    stamps: list[Stamp]
    dotted: list[tuple[tuple[float, float], tuple[float, float]]]
    form_colours: dict[str, list[tuple[float, float, float]]]


def _fill_colours(reader: PdfReader, form) -> list[tuple[float, float, float]]:
    ops = ContentStream(form.get_object(), reader).operations
    return [tuple(float(v) for v in operands) for operands, op in ops if op == b"rg"]


def read_page(reader: PdfReader, index: int) -> PageVectors:
    page = reader.pages[index]
    xobjects = page["/Resources"].get("/XObject", {})
    ctm, stack = IDENTITY, []
    dash: list[float] = []
    path: list[tuple[float, float]] = []
    segments = []
    stamps, dotted = [], []
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"q":
            stack.append((ctm, dash))
        elif op == b"Q":
            ctm, dash = stack.pop()
        elif op == b"cm":
            ctm = multiply(tuple(float(v) for v in operands), ctm)
        elif op == b"d":
            dash = [float(v) for v in operands[0]]
        elif op == b"m":
            path = [apply(ctm, float(operands[0]), float(operands[1]))]
        elif op == b"l":
            point = apply(ctm, float(operands[0]), float(operands[1]))
            segments.append((path[-1], point))
            path.append(point)
        elif op in (b"S", b"s"):
            if len(dash) == 2 and dash[0] == 0 and dash[1] > 0:
                dotted.extend(segments)
            segments = []
        elif op in (b"n", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"):
            segments = []
        elif op == b"Do":
            name = str(operands[0])
            x, y = apply(ctm, 0, 0)
            scale = math.hypot(ctm[0], ctm[1])
            angle = math.degrees(math.atan2(ctm[1], ctm[0]))
            stamps.append(Stamp(name, x, y, scale, angle))
    colours = {str(name): _fill_colours(reader, xobjects[name]) for name in xobjects}
    return PageVectors(stamps, dotted, colours)


def grid_cells(stamps: list[Stamp], cell: float, origin: tuple[float, float]) -> dict[tuple[int, int], Stamp]:
    """Upright stamps by (row, column), rows counted downwards from ``origin`` (a cell centre)."""
    cells = {}
    for s in stamps:
        if abs(s.angle) > 0.01:
            continue
        column = round((s.x - origin[0]) / cell)
        row = round((origin[1] - s.y) / cell)
        assert abs(origin[0] + column * cell - s.x) < 0.05 and abs(origin[1] - row * cell - s.y) < 0.05
        cells[(row, column)] = s
    return cells
