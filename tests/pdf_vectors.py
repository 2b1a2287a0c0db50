"""Reading what a PDF page actually draws: placed tile forms and dotted lines.

A second, independent reading of the leaflet's vector data for the tests: it
walks the content stream with pypdf, tracks the transformation matrix, and
reports where each tile (a form XObject) lands and which straight segments are
stroked with a dotted dash pattern. It shares no code with the renderer.
"""

from __future__ import annotations

import math
import re
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


def read_page(reader: PdfReader, index: int, form_colours: bool = True) -> PageVectors:
    """The page's stamps and dotted lines, and (unless ``form_colours`` is false: reading every
    form's content takes time) the fill colours each form uses."""
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
            if len(dash) == 2 and dash[1] > 0:  # dotted or dashed: the vacant squares' pattern
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
    colours = {str(name): _fill_colours(reader, xobjects[name]) for name in xobjects} if form_colours else {}
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


# --- everything a page paints, forms included -------------------------------------


@dataclass(frozen=True)
class Mark:
    """One painting operation: a stroked or filled path, or shown text.

    ``width`` is the stroke's width on the page in points (the line width
    scaled by the transformation), or None when nothing is stroked.
    ``fill`` and ``stroke`` are the current colours as (operator, values):
    ``k`` is CMYK, ``rg`` RGB, ``g`` grey. ``text`` is the shown string.
    """

    kind: str  # "path" or "text"
    fill: tuple | None
    stroke: tuple | None
    width: float | None
    filled: bool
    render_mode: int = 0
    text: str = ""
    overprint: tuple[bool, bool] = (False, False)
    """Whether the fill and the stroke overprint (``/op`` and ``/OP`` of the graphics state)."""
    dashed: bool = False


_COLOUR_OPS = {b"k": ("k", "fill"), b"K": ("k", "stroke"), b"rg": ("rg", "fill"),
               b"RG": ("rg", "stroke"), b"g": ("g", "fill"), b"G": ("g", "stroke")}  # fmt: skip
_STROKE = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
_FILL = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
_SHOW = {b"Tj", b"TJ", b"'", b'"'}


_OPERATOR = re.compile(
    rb"\((?:\\.|[^\\)])*\)"  # a literal string (reportlab escapes its parentheses)
    rb"|<[0-9A-Fa-f\s]*>"  # a hex string
    rb"|/[^\s/\[\]()<>]+"  # a name
    rb"|[A-Za-z'\"][A-Za-z*'\"]*"  # an operator
)


def _operations(data: bytes):
    """(numbers, strings, names, operator) for each operator of a content stream.

    A small tokenizer, many times faster than pypdf's parser on pages of
    curves, and enough for reportlab's output (no inline images): numbers are
    read only for the operators that need them.
    """
    start, strings, names = 0, [], []
    for match in _OPERATOR.finditer(data):
        token = match.group()
        first = token[:1]
        if first in b"(<":
            strings.append(token[1:-1].decode("latin-1"))
        elif first == b"/":
            names.append(token.decode())
        else:
            yield data[start : match.start()], strings, names, token
            start, strings, names = match.end(), [], []


def _numbers(segment: bytes) -> tuple[float, ...]:
    return tuple(float(v) for v in segment.replace(b"[", b" ").replace(b"]", b" ").split())


def page_marks(reader: PdfReader, index: int) -> list[Mark]:
    """Every stroke, fill and text show on a page, following form XObjects into their content."""
    page = reader.pages[index]
    marks: list[Mark] = []
    state = {"ctm": IDENTITY, "w": 1.0, "fill": ("g", (0.0,)), "stroke": ("g", (0.0,)), "Tr": 0,
             "op": False, "OP": False, "dash": False}  # fmt: skip
    contents = page["/Contents"].get_object()
    streams = contents if isinstance(contents, list) else [contents]
    data = b"\n".join(stream.get_object().get_data() for stream in streams)
    _walk(reader, data, page["/Resources"], state, marks)
    return marks


def _walk(reader: PdfReader, content, resources, state: dict, marks: list[Mark]) -> None:
    """Follow one content stream; a form starts from the graphics state where it is drawn."""
    state = dict(state)
    stack = []
    xobjects = resources.get("/XObject", {}) if resources else {}
    for segment, strings, names, op in _operations(content):
        if op == b"q":
            stack.append(dict(state))
        elif op == b"Q":
            state = stack.pop()
        elif op == b"cm":
            state["ctm"] = multiply(_numbers(segment), state["ctm"])
        elif op == b"w":
            state["w"] = _numbers(segment)[0]
        elif op in _COLOUR_OPS:
            space, which = _COLOUR_OPS[op]
            state[which] = (space, _numbers(segment))
        elif op == b"Tr":
            state["Tr"] = int(_numbers(segment)[0])
        elif op == b"d":
            state["dash"] = bool(_numbers(segment.rsplit(b"]", 1)[0] + b"]"))
        elif op == b"gs":
            graphics = resources["/ExtGState"][names[0]].get_object()
            if "/OP" in graphics:  # pypdf's booleans compare as bools but are always truthy
                state["OP"] = state["op"] = graphics["/OP"] == True  # noqa: E712
            if "/op" in graphics:
                state["op"] = graphics["/op"] == True  # noqa: E712
        elif op in _STROKE or op in _FILL:
            a, b, c, d = state["ctm"][:4]
            stroked = op in _STROKE
            width = state["w"] * math.sqrt(abs(a * d - b * c)) if stroked else None
            marks.append(Mark("path", state["fill"], state["stroke"], width, op in _FILL,
                              overprint=(state["op"], state["OP"]), dashed=state["dash"]))  # fmt: skip
        elif op in _SHOW:
            a, b, c, d = state["ctm"][:4]
            stroked = state["Tr"] in (1, 2, 5, 6)
            width = state["w"] * math.sqrt(abs(a * d - b * c)) if stroked else None
            marks.append(Mark("text", state["fill"], state["stroke"], width, state["Tr"] in (0, 2, 4, 6),
                              state["Tr"], "".join(strings), (state["op"], state["OP"])))  # fmt: skip
        elif op == b"Do":
            form = xobjects[names[0]].get_object()
            if form.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in form.get("/Matrix", IDENTITY))
                inner = {**state, "ctm": multiply(matrix, state["ctm"])}
                _walk(reader, form.get_data(), form.get("/Resources"), inner, marks)


# --- characters, read by pdfium (fast, and independent of pypdf and pdfplumber) ----------


@dataclass(frozen=True)
class Char:
    """One character on a page, in points, y up: its ink box and the origin on its baseline."""

    text: str
    box: tuple[float, float, float, float]  # left, bottom, right, top
    origin: tuple[float, float]
    upright: bool
    invisible: bool  # set in text render mode 3: there to be found, not seen


def page_chars(path) -> list[tuple[tuple[float, float], list[Char]]]:
    """Each page's size and characters (spaces left out)."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as pdfium

    pages = []
    document = pypdfium2.PdfDocument(path)
    for page in document:
        text = page.get_textpage()
        chars = []
        for i in range(text.count_chars()):
            character = text.get_text_range(i, 1)
            if not character.strip():
                continue
            x, y = ctypes.c_double(), ctypes.c_double()
            pdfium.FPDFText_GetCharOrigin(text.raw, i, ctypes.byref(x), ctypes.byref(y))
            upright = abs(pdfium.FPDFText_GetCharAngle(text.raw, i)) < 1e-3
            invisible = pdfium.FPDFTextObj_GetTextRenderMode(pdfium.FPDFText_GetTextObject(text.raw, i)) == 3
            chars.append(Char(character, tuple(text.get_charbox(i)), (x.value, y.value), upright, invisible))
        pages.append((page.get_size(), chars))
    document.close()
    return pages


def text_lines(chars: list[Char]) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Upright characters grouped by baseline: each line's text and the box its ink fills."""
    lines: dict[float, list[Char]] = {}
    for char in chars:
        if char.upright:
            lines.setdefault(round(char.origin[1], 1), []).append(char)
    result = []
    for group in lines.values():
        group.sort(key=lambda c: c.origin[0])
        box = (min(c.box[0] for c in group), min(c.box[1] for c in group),
               max(c.box[2] for c in group), max(c.box[3] for c in group))  # fmt: skip
        result.append(("".join(c.text for c in group), box))
    return result


def overlapping_lines(chars: list[Char]) -> list[tuple[str, str]]:
    """Pairs of text lines whose ink boxes overlap (side by side and one over the other)."""
    lines = text_lines(chars)
    clashes = []
    for k, (a, (ax0, ay0, ax1, ay1)) in enumerate(lines):
        for b, (bx0, by0, bx1, by1) in lines[k + 1 :]:
            if ax0 < bx1 and bx0 < ax1 and ay0 < by1 and by0 < ay1:
                clashes.append((a, b))
    return clashes


# --- clipping paths ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Clip:
    """One clipping path set on a page: its corners (the ends of its lines and curves) on the page,
    in points, and how many of its segments are curves."""

    corners: tuple[tuple[float, float], ...]
    curves: int


def page_clips(reader: PdfReader, index: int) -> list[Clip]:
    """Every clipping path a page sets (``W n``), following forms into their content."""
    page = reader.pages[index]
    contents = page["/Contents"].get_object()
    streams = contents if isinstance(contents, list) else [contents]
    data = b"\n".join(stream.get_object().get_data() for stream in streams)
    clips: list[Clip] = []
    _clips(reader, data, page["/Resources"], IDENTITY, clips)
    return clips


def _clips(reader: PdfReader, content, resources, ctm: Matrix, clips: list[Clip]) -> None:
    stack: list[Matrix] = []
    points: list[tuple[float, float]] = []
    curves, clipping = 0, False
    xobjects = resources.get("/XObject", {}) if resources else {}
    for segment, _, names, op in _operations(content):
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = multiply(_numbers(segment), ctm)
        elif op in (b"m", b"l"):
            points.append(apply(ctm, *_numbers(segment)[-2:]))
        elif op == b"c":
            points.append(apply(ctm, *_numbers(segment)[-2:]))
            curves += 1
        elif op == b"re":
            x, y, w, h = _numbers(segment)[-4:]
            points += [apply(ctm, x, y), apply(ctm, x + w, y), apply(ctm, x + w, y + h), apply(ctm, x, y + h)]
        elif op in (b"W", b"W*"):
            clipping = True
        elif op in _STROKE or op in _FILL or op == b"n":
            if clipping:
                unique = tuple(dict.fromkeys((round(x, 3), round(y, 3)) for x, y in points))
                clips.append(Clip(unique, curves))
            points, curves, clipping = [], 0, False
        elif op == b"Do":
            form = xobjects[names[0]].get_object()
            if form.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in form.get("/Matrix", IDENTITY))
                _clips(reader, form.get_data(), form.get("/Resources"), multiply(matrix, ctm), clips)
