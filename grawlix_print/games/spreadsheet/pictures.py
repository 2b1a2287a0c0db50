"""A designer's pictures: PNG and JPEG placed as they are, SVG turned into vector shapes.

Every picture a layout names lives in the templates folder (a file outside it,
missing, unreadable or of another kind is one line). A raster picture goes to
the back ends as its file's bytes; an SVG is read once into filled and stroked
paths (svgelements applies its transforms, styles and units), so it is drawn
by the same ``Surface`` calls as every other shape: sharp at any size, the same
in the PDF, the PNG and the SVG. Text and embedded pictures inside an SVG are
refused, naming the file: they would not print as the designer saw them.
"""

from __future__ import annotations

import hashlib
import io
import json
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING
from pathlib import Path as FilePath

from ...drawing.ink import Ink
from ...drawing.surface import Path, Pen, Raster, Surface, rectangle
from ...cache import code_digest, key_of, read_cached, store
from ...errors import StudioError
from ...files import present, read_bytes
from .svg_bounds import check_svg
from .values import hex_ink

if TYPE_CHECKING:
    from ...drawing.outline import Outline

MAX_PICTURE_BYTES = 32 << 20
PICTURE_SUFFIXES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".svg": "image/svg+xml"}
CURRENT_COLOUR = "#010203"
"""What an SVG's ``currentColor`` is read as, so a shape drawn in it takes the text's ink instead."""


@dataclass(frozen=True)
class Shape:
    path: Path
    fill: Ink | None
    pen: Pen | None
    fill_current: bool = False
    """Filled with ``currentColor``: the colour of the text it stands in (an icon), else its own."""


@dataclass(frozen=True)
class Vector:
    """An SVG's shapes in its own units, ``width`` x ``height``, turned y-up as every drawing is."""

    shapes: tuple[Shape, ...]
    width: float
    height: float
    key: str = ""
    """Its file's digest: one picture, drawn once per document however often it is placed."""


Picture = Raster | Vector


def inside(templates: FilePath, name: str, where: str) -> FilePath:
    """``name`` below the templates folder; a path that leads out of it is one line."""
    path = (templates / name).resolve()
    try:
        path.relative_to(templates.resolve())
    except ValueError:
        raise StudioError(f"{name!r} is outside the templates folder: keep pictures and typefaces in it", where) from None
    return path


def load_picture(templates: FilePath, name: str, where: str) -> Picture:
    """The picture file ``name`` (below ``templates``): missing, unreadable or of an unknown kind is one line."""
    path = inside(templates, name, where)
    kind = PICTURE_SUFFIXES.get(path.suffix.lower())
    if kind is None:
        raise StudioError(f"{name!r}: a picture is a .png, .jpg or .svg file", where)
    if not present(path):
        raise StudioError(f"no picture {name!r} in the templates folder", where)
    stamp = path.stat()
    try:
        return _read(str(path), stamp.st_mtime_ns, stamp.st_size, kind)
    except StudioError as error:
        raise StudioError(f"{name}: {error.what}", where) from None


@lru_cache(maxsize=512)
def _read(path: str, mtime: int, size: int, kind: str) -> Picture:
    """A picture read once per version of its file (a watch reads a changed one anew); a fault
    is worded without its place, which the caller adds."""
    data = read_bytes(FilePath(path), MAX_PICTURE_BYTES)
    if kind == "image/svg+xml":
        return read_svg(data)
    from ...drawing.bitmaps import measured

    width, height, found = measured(data)
    if (found, kind) not in (("PNG", "image/png"), ("JPEG", "image/jpeg")):
        raise StudioError(f"holds a {found} picture, not what its name says")
    return Raster(data, width, height, kind, hashlib.sha256(data).hexdigest())


def read_svg(data: bytes, where: str | None = None) -> Vector:
    """An SVG's filled and stroked shapes, in its viewport's units.

    Its shapes are kept in the cache (``cache.py``) under its bytes' digest and the code that read
    them: svgelements takes a millisecond or two a picture and 5 ms to load, every run, for pictures
    that change far less often than the tables around them.
    """
    try:
        check_svg(data)
    except StudioError as error:
        raise StudioError(error.what, where) from None
    key = hashlib.sha256(data).hexdigest()
    entry = "svg-" + key_of(code_digest(__name__, "svgelements"), key)
    found = _plain_from(read_cached(entry))
    if found is None:
        kept = json.dumps(_read_plain(data, where)).encode()
        store(entry, kept)
        found = _plain_from(kept)  # drawn from what is kept, so a picture read again draws the same
    assert found is not None
    width, height, shapes = found
    return Vector(tuple(_shape(*shape) for shape in shapes), width, height, key)


PlainShape = tuple[list, "str | None", "str | None", float, bool]
"""A shape as the cache keeps it: its upright path's operations, its fill's and its stroke's
``#rrggbb`` (or None), the stroke's width and whether it is filled with ``currentColor``."""


def _shape(operations: list, fill: str | None, stroke: str | None, thickness: float, current: bool) -> Shape:
    pen = Pen(hex_ink(stroke), thickness) if stroke is not None and thickness > 0 else None
    return Shape(Path(tuple(tuple(op) for op in operations)), None if fill is None else hex_ink(fill), pen, current)


def _plain_from(data: bytes | None) -> tuple[float, float, list[PlainShape]] | None:
    """A cached entry's width, height and shapes, or None if there is none (or it is not one)."""
    if data is None:
        return None
    try:
        width, height, shapes = json.loads(data)
        return float(width), float(height), [(list(o), f, k, float(t), bool(c)) for o, f, k, t, c in shapes]
    except (ValueError, TypeError):
        return None


def _read_plain(data: bytes, where: str | None) -> tuple[float, float, list[PlainShape]]:
    """What svgelements reads of the SVG (its transforms, styles and units applied)."""
    from svgelements import SVG, Arc, Close, CubicBezier, Line, Move, QuadraticBezier, SVGImage, SVGText
    from svgelements import Path as SvgPath
    from svgelements import Shape as SvgShape

    try:
        svg = SVG.parse(io.BytesIO(data), reify=True, color=CURRENT_COLOUR)
    except Exception as error:  # svgelements raises XML and value errors of several kinds
        raise StudioError(f"cannot read the SVG: {error}", where) from None
    width, height = float(svg.width or 0), float(svg.height or 0)
    if not (width > 0 and height > 0):
        raise StudioError("the SVG has no size: give it a viewBox", where)
    shapes: list[PlainShape] = []
    for element in svg.elements():
        if isinstance(element, SVGText):
            raise StudioError("the SVG holds text, which prints only as outlines: convert it to paths (Inkscape: Path > Object to Path)", where)
        if isinstance(element, SVGImage):
            raise StudioError("the SVG holds a picture of its own: place that picture as a layout image instead", where)
        if not isinstance(element, SvgShape):
            continue
        fill, current = _colour(element.fill)
        stroke, _ = _colour(element.stroke)
        thickness = float(getattr(element, "implicit_stroke_width", None) or element.stroke_width or 0.0)
        if fill is None and (stroke is None or thickness <= 0) and not current:
            continue
        path = element if isinstance(element, SvgPath) else SvgPath(element)
        operations: list[tuple] = []
        for segment in path.segments():
            if isinstance(segment, Move):
                operations.append(("M", segment.end.x, segment.end.y))
            elif isinstance(segment, Line):
                operations.append(("L", segment.end.x, segment.end.y))
            elif isinstance(segment, Close):
                operations.append(("Z",))
            elif isinstance(segment, CubicBezier):
                operations.append(("C", segment.control1.x, segment.control1.y, segment.control2.x, segment.control2.y, segment.end.x, segment.end.y))
            elif isinstance(segment, QuadraticBezier):
                (x0, y0), (qx, qy), (x1, y1) = segment.start, segment.control, segment.end
                operations.append(("C", x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0), x1 + 2 / 3 * (qx - x1), y1 + 2 / 3 * (qy - y1), x1, y1))
            elif isinstance(segment, Arc):
                for curve in segment.as_cubic_curves():
                    operations.append(("C", curve.control1.x, curve.control1.y, curve.control2.x, curve.control2.y, curve.end.x, curve.end.y))
        if operations:
            upright = [[op[0], *(float(v) if k % 2 == 0 else height - v for k, v in enumerate(op[1:]))] for op in operations]
            shapes.append((upright, fill, stroke, thickness, current))
    return width, height, shapes


def _colour(value: object) -> tuple[str | None, bool]:
    """An SVG colour as ``#rrggbb`` (None for none); True when it is ``currentColor``."""
    if value is None or getattr(value, "value", None) is None:
        return None, False
    text = str(value.hex)[:7]  # type: ignore[attr-defined]  #rrggbb, its alpha dropped
    if getattr(value, "alpha", 255) == 0:
        return None, False
    return text, text == CURRENT_COLOUR


# --- placing a picture in a box ------------------------------------------------------------------


def placed(picture: Picture, x: float, y: float, width: float, height: float, fill: bool) -> tuple[float, float, float, float]:
    """Where the picture goes for a box (lower-left x, y, width, height): the whole of it, centred
    (``fit``), or covering the box, centred and cut to it by the caller (``fill``)."""
    natural_w, natural_h = (picture.width, picture.height)
    scale = (max if fill else min)(width / natural_w, height / natural_h)
    w, h = natural_w * scale, natural_h * scale
    return x + (width - w) / 2, y + (height - h) / 2, w, h


def draw_picture(
    surface: Surface, picture: Picture, x: float, y: float, width: float, height: float, fill: bool = False,
    ink: Ink | None = None,
) -> None:  # fmt: skip
    """The picture fitted into (or filling, cut to) the box with its lower-left corner at (x, y).
    ``ink`` is what an SVG's ``currentColor`` shapes are filled with (an icon in text)."""
    px, py, pw, ph = placed(picture, x, y, width, height, fill)

    def draw() -> None:
        if isinstance(picture, Raster):
            surface.image(picture, px, py, pw, ph)
            return
        def shapes(on: Surface) -> None:
            for shape in picture.shapes:
                on.shape(shape.path, fill=(ink or shape.fill) if shape.fill_current else shape.fill, pen=shape.pen)

        with surface.transformed(px, py, scale=pw / picture.width):
            surface.stamp(("picture", picture.key, ink), max(picture.width, picture.height), shapes)

    if fill:
        with surface.clipped(rectangle(x, y, width, height)):
            draw()
    else:
        draw()


def relief_outline(picture: Vector, where: str) -> Outline:
    """The outline a 3D print raises of an SVG: its shapes filled with ``currentColor`` (its ink, as
    an icon's), or every filled shape if none is, less the shapes painted over them
    (``drawing.filled.painted_outline``)."""
    from ...drawing.filled import painted_outline

    filled = [shape for shape in picture.shapes if shape.fill is not None or shape.fill_current]
    inked = any(shape.fill_current for shape in filled)
    return painted_outline(((shape.path, shape.fill_current or not inked) for shape in filled), where)
