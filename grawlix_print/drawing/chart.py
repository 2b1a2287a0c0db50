"""Charts as a list of boxes, lines and labels, drawn to PNG (Pillow) or into a PDF (reportlab).

The playtest's plots were matplotlib figures: importing matplotlib alone took
half a second of every run, more than the rest of a small playtest together.
A chart here is a plain value (``Chart``: a size in points and what to draw,
top-left origin), laid out by the caller with ``text_width`` and ``Axes``,
and drawn by two small back ends: ``png_bytes`` (Pillow, FreeType text, the
same bytes for the same chart) and ``draw_on`` (vector, into a reportlab
canvas, for a report's PDF). Text is Quicksand, as in every other product.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from .fonts import QUICKSAND, QUICKSAND_BOLD, text_width as face_width

Point = tuple[float, float]


@dataclass(frozen=True)
class Box:
    """A rectangle from (x, y) (its top left), ``fill`` and an optional ``stroke`` (#rrggbb)."""

    x: float
    y: float
    width: float
    height: float
    fill: str | None
    stroke: str | None = None
    line: float = 0.5


@dataclass(frozen=True)
class Line:
    """A polyline; ``dash`` (on, off, in points) for a dashed one."""

    points: tuple[Point, ...]
    colour: str
    width: float = 0.75
    dash: tuple[float, float] | None = None


@dataclass(frozen=True)
class Label:
    """Text at (x, y): ``anchor`` start, middle or end of the text; ``y`` is its baseline, or its
    middle with ``centred``; ``turned`` reads upwards (an axis's title)."""

    x: float
    y: float
    text: str
    size: float = 8.0
    colour: str = "#333333"
    bold: bool = False
    anchor: str = "start"
    centred: bool = False
    turned: bool = False


Item = Box | Line | Label


@dataclass
class Chart:
    """What to draw on a ``width`` x ``height`` point canvas (white), in order."""

    width: float
    height: float
    items: list[Item] = field(default_factory=list)

    def add(self, *items: Item) -> None:
        self.items.extend(items)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The advance width of ``text`` in points, as both back ends set it."""
    return face_width(text, QUICKSAND_BOLD if bold else QUICKSAND, size)


# --- axes -----------------------------------------------------------------------------------------


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round values (1, 2, 2.5 or 5 times a power of ten apart) from ``low`` to ``high``, at most ``most``."""
    if not high > low:
        return [low]
    raw = (high - low) / max(1, most - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.ceil(low / step - 1e-9) * step
    ticks = []
    value = first
    while value <= high + step * 1e-9:
        ticks.append(round(value, 10) + 0.0)
        value += step
    return ticks


def tick_text(value: float) -> str:
    return f"{value:g}" if abs(value) >= 1e-9 else "0"


@dataclass(frozen=True)
class Axes:
    """A plotting area: ``box`` (x, y, width, height in points) showing ``xs`` and ``ys`` (data limits)."""

    box: tuple[float, float, float, float]
    xs: tuple[float, float]
    ys: tuple[float, float]

    def x(self, value: float) -> float:
        left, _, width, _ = self.box
        return left + (value - self.xs[0]) / ((self.xs[1] - self.xs[0]) or 1) * width

    def y(self, value: float) -> float:
        _, top, _, height = self.box
        return top + height - (value - self.ys[0]) / ((self.ys[1] - self.ys[0]) or 1) * height

    def frame(self, chart: Chart, ink: str, y_ticks: Sequence[float], x_ticks: Sequence[tuple[float, str]],
              y_label: str = "", x_label: str = "", title: str = "", size: float = 7.0) -> None:  # fmt: skip
        """Left and bottom spines, the ticks with their labels, the axis titles and the title."""
        left, top, width, height = self.box
        bottom = top + height
        chart.add(Line(((left, top), (left, bottom), (left + width, bottom)), ink, 0.6))
        for value in y_ticks:
            y = self.y(value)
            chart.add(Line(((left - 2.5, y), (left, y)), ink, 0.6),
                      Label(left - 4, y, tick_text(value), size, ink, anchor="end", centred=True))  # fmt: skip
        for value, text in x_ticks:
            x = self.x(value)
            chart.add(Line(((x, bottom), (x, bottom + 2.5)), ink, 0.6))
            for n, line in enumerate(text.split("\n")):
                chart.add(Label(x, bottom + 4 + size * (0.9 + 1.15 * n), line, size, ink, anchor="middle"))
        if y_label:
            widest = max((text_width(tick_text(v), size) for v in y_ticks), default=0)
            chart.add(Label(left - 8 - widest - size * 0.4, top + height / 2, y_label, size, ink, anchor="middle",
                            centred=True, turned=True))  # fmt: skip
        if x_label:
            lines = max((t.count("\n") + 1 for _, t in x_ticks), default=1)
            chart.add(Label(left + width / 2, bottom + 6 + size * (1.15 * lines + 1.0), x_label, size, ink,
                            anchor="middle"))  # fmt: skip
        if title:
            chart.add(Label(left + width / 2, top - 5, title, size + 1.5, ink, bold=True, anchor="middle"))


# --- back ends ------------------------------------------------------------------------------------


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


@cache
def _font(bold: bool, pixels: float):
    from PIL import ImageFont

    from ..fonts import QUICKSAND_BOLD as BOLD_FILE
    from ..fonts import QUICKSAND_MEDIUM as MEDIUM_FILE

    return ImageFont.truetype(str(BOLD_FILE if bold else MEDIUM_FILE), pixels)


def _dashes(points: Sequence[Point], on: float, off: float) -> list[tuple[Point, Point]]:
    """The drawn pieces of a dashed polyline."""
    pieces = []
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        at = 0.0
        while at < length:
            end = min(at + on, length)
            pieces.append(((x0 + (x1 - x0) * at / length, y0 + (y1 - y0) * at / length),
                           (x0 + (x1 - x0) * end / length, y0 + (y1 - y0) * end / length)))  # fmt: skip
            at = end + off
    return pieces


def png_bytes(chart: Chart, dpi: int = 200) -> bytes:
    """The chart as an RGB PNG at ``dpi`` (no time or software in it: the same chart, the same bytes)."""
    from PIL import Image, ImageDraw

    scale = dpi / 72
    image = Image.new("RGB", (round(chart.width * scale), round(chart.height * scale)), "white")
    draw = ImageDraw.Draw(image)

    def px(value: float) -> int:
        return round(value * scale)

    for item in chart.items:
        if isinstance(item, Box):
            x0, y0, x1, y1 = px(item.x), px(item.y), px(item.x + item.width) - 1, px(item.y + item.height) - 1
            if x1 < x0 or y1 < y0:
                continue
            draw.rectangle((x0, y0, x1, y1), fill=None if item.fill is None else _rgb(item.fill),
                           outline=None if item.stroke is None else _rgb(item.stroke),
                           width=max(1, px(item.line)) if item.stroke else 0)  # fmt: skip
        elif isinstance(item, Line):
            width = max(1, px(item.width))
            pieces = [(a, b) for a, b in zip(item.points, item.points[1:])] if item.dash is None else \
                _dashes(item.points, *item.dash)  # fmt: skip
            for (xa, ya), (xb, yb) in pieces:
                draw.line((px(xa), px(ya), px(xb), px(yb)), fill=_rgb(item.colour), width=width)
        else:
            font = _font(item.bold, item.size * scale)
            anchor = {"start": "l", "middle": "m", "end": "r"}[item.anchor] + ("m" if item.centred else "s")
            if not item.turned:
                draw.text((px(item.x), px(item.y)), item.text, font=font, fill=_rgb(item.colour), anchor=anchor)
                continue
            left, top, right, bottom = draw.textbbox((0, 0), item.text, font=font, anchor="lt")
            mask = Image.new("L", (int(right - left) + 2, int(bottom - top) + 2), 0)
            ImageDraw.Draw(mask).text((1 - left, 1 - top), item.text, font=font, fill=255, anchor="lt")
            mask = mask.rotate(90, expand=True)
            image.paste(_rgb(item.colour), (px(item.x) - mask.width // 2, px(item.y) - mask.height // 2), mask)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1, dpi=(dpi, dpi))  # half the time of level 6, a quarter larger
    return buffer.getvalue()


def draw_on(canvas, chart: Chart, x: float, y: float, scale: float = 1.0) -> None:
    """Draw the chart into a reportlab canvas with its top left at (x, y) (PDF points, y up), as vectors."""
    from .pdf.fonts import register_quicksand

    body, bold = register_quicksand()
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(scale, -scale)  # the chart's y runs down
    for item in chart.items:
        if isinstance(item, Box):
            if item.fill is not None:
                canvas.setFillColorRGB(*(c / 255 for c in _rgb(item.fill)))
            if item.stroke is not None:
                canvas.setStrokeColorRGB(*(c / 255 for c in _rgb(item.stroke)))
                canvas.setLineWidth(item.line)
            canvas.rect(item.x, item.y, item.width, item.height, stroke=int(item.stroke is not None),
                        fill=int(item.fill is not None))  # fmt: skip
        elif isinstance(item, Line):
            canvas.setStrokeColorRGB(*(c / 255 for c in _rgb(item.colour)))
            canvas.setLineWidth(item.width)
            canvas.setDash(list(item.dash) if item.dash else [])
            path = canvas.beginPath()
            path.moveTo(*item.points[0])
            for point in item.points[1:]:
                path.lineTo(*point)
            canvas.drawPath(path, stroke=1, fill=0)
            canvas.setDash([])
        else:
            canvas.saveState()
            canvas.translate(item.x, item.y)
            canvas.scale(1, -1)  # text upright again
            if item.turned:
                canvas.rotate(90)
            canvas.setFillColorRGB(*(c / 255 for c in _rgb(item.colour)))
            canvas.setFont(bold if item.bold else body, item.size)
            shift = -0.35 * item.size if item.centred else 0.0
            draw = {"start": canvas.drawString, "middle": canvas.drawCentredString, "end": canvas.drawRightString}
            draw[item.anchor](0, shift, item.text)
            canvas.restoreState()
    canvas.restoreState()
