"""Text on a piece: typefaces, bold and italic runs, inline icons, wrapping and shrinking to fit a box.

A text element's words come from a template filled with a row's cells, with a
little markup a spreadsheet cell can hold: ``**bold**``, ``*italic*``, an icon
by name between colons (``:star:``: the shipped star, moon and sun, or an SVG
in the templates' ``icons/`` folder) and line breaks. The words are broken
into lines as wide as the box and set at the element's size, or smaller, in
steps of a quarter point, down to its smallest size; what does not fit even
then is one line naming the row and the field. Widths come from the font
files' own metrics, so what fits here fits in the PDF, the PNG and the SVG.
Everything is in millimetres, y up; sizes are given in points.
"""

from __future__ import annotations

import hashlib
import io
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path as FilePath
from typing import TypeVar

from ...drawing.fonts import CAPRASIMO, QUICKSAND, QUICKSAND_BOLD, SCHOLA, SCHOLA_BOLD, missing_character, registered
from ...drawing.fonts import MAX_FONT_BYTES, text_width, vertical_metrics
from ...drawing.icons import ICON_NAMES, RUNNING_DEPTH, RUNNING_HEIGHT, RUNNING_SIDE, running_glyph, text_glyph
from ...drawing.ink import Ink
from ...drawing.outline import TextGlyph
from ...drawing.surface import Face, Path, Surface, glyph_path
from ...errors import StudioError
from ...files import present, read_bytes
from ...units import MM_PER_UNIT
from .pictures import Vector, draw_picture, inside, load_picture

PT = MM_PER_UNIT["pt"]
"""Millimetres in a point: sizes are given in points, pieces are drawn in millimetres."""
STEP_PT = 0.25
"""How much smaller each try at fitting a text sets it."""
ITALIC_SLANT = 0.2
"""A face without an italic leans its upright this much (about 11 degrees), as the rulebook's Quicksand does."""
ICON_FOLDER = "icons"


@dataclass(frozen=True)
class Family:
    """A typeface in the styles a text may ask for; a style it lacks is set in the nearest it has
    (bold in the regular face, italic as the upright leaned)."""

    name: str
    regular: Face
    bold: Face | None = None
    italic: Face | None = None
    bold_italic: Face | None = None

    def face(self, bold: bool, italic: bool) -> tuple[Face, float]:
        """The face for a style, and how much to lean it."""
        upright = (self.bold or self.regular) if bold else self.regular
        if not italic:
            return upright, 0.0
        leaning = self.bold_italic if bold else self.italic
        return (leaning, 0.0) if leaning is not None else (upright, ITALIC_SLANT)

    @property
    def faces(self) -> tuple[Face, ...]:
        return tuple(f for f in (self.regular, self.bold, self.italic, self.bold_italic) if f is not None)


SHIPPED_FAMILIES = {
    "quicksand": Family("quicksand", QUICKSAND, QUICKSAND_BOLD),
    "schola": Family("schola", SCHOLA, SCHOLA_BOLD),
    "caprasimo": Family("caprasimo", CAPRASIMO),
}
"""The typefaces that ship with grawlix-print, by the name a layout gives them."""
DEFAULT_FAMILY = "quicksand"
FAMILY_STYLES = ("regular", "bold", "italic", "bold_italic")


def font_file(templates: FilePath, name: str, where: str) -> Face:
    """A TrueType file of the templates folder as a face; a file that is missing, outside the folder,
    unreadable or PostScript-flavoured (which a PDF here cannot embed) is one line."""
    path = inside(templates, name, where)
    if not present(path):
        raise StudioError(f"no typeface file {name!r} in the templates folder", where)
    stamp = path.stat()
    return _font_face(str(path), stamp.st_mtime_ns, stamp.st_size, where)


@lru_cache(maxsize=64)
def _font_face(path: str, mtime: int, size: int, where: str) -> Face:
    from fontTools.ttLib import TTFont, TTLibError

    try:
        data = read_bytes(FilePath(path), MAX_FONT_BYTES)
    except StudioError as error:
        raise StudioError(f"{error.where}: {error.what}", where) from None
    try:
        with TTFont(io.BytesIO(data), lazy=True) as font:
            outlines = "glyf" in font
            family = font["name"].getBestFamilyName() or FilePath(path).stem
            weight = getattr(font["OS/2"], "usWeightClass", 400) if "OS/2" in font else 400
    except (OSError, TTLibError, AssertionError, KeyError) as error:
        raise StudioError(f"cannot read the typeface {FilePath(path).name!r}: {error}", where) from None
    if not outlines:
        raise StudioError(
            f"{FilePath(path).name!r} has PostScript (CFF) outlines, which a PDF here cannot embed: use its TrueType (.ttf) version",
            where,
        )
    digest = hashlib.sha256(data).hexdigest()[:10]
    clean = re.sub(r"[^A-Za-z0-9-]", "", FilePath(path).stem)[:40] or "font"
    face = Face(f"{clean}-{digest}", FilePath(path), f"'{family}', sans-serif", bold=weight >= 600)
    try:
        registered(face)
    except Exception as error:  # the PDF back end refuses some fonts it cannot subset (a bitmap font...)
        raise StudioError(f"cannot use the typeface {FilePath(path).name!r}: {error}", where) from None
    return face


# --- words ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Piece:
    """Part of a word in one style (its width in ems of the size it is set at), or an icon."""

    text: str
    face: Face
    slant: float
    width: float
    icon: TextGlyph | Vector | None = None


@dataclass(frozen=True, slots=True)
class Word:
    pieces: tuple[Piece, ...]
    width: float


@dataclass(frozen=True, slots=True)
class Line:
    words: tuple[Word, ...]


BREAK = Line(())
"""A line break where the text has one."""

_MARKUP = re.compile(r"\\([\\*:])|(\*\*)|(\*)|:([A-Za-z0-9_-]+):|(\n)|( +)|([^\\*:\n ]+|[\\*:])")


def words_of(
    text: str, family: Family, icons: Mapping[str, TextGlyph | Vector], where: str
) -> list[Word | Line]:
    """The text's words with their pieces' faces and widths (in ems), and ``BREAK`` where it breaks.

    ``**`` starts or ends bold, ``*`` italic; ``:name:`` is an icon; a backslash keeps the
    character after it as it is (``\\*``)."""
    out: list[Word | Line] = []
    pieces: list[Piece] = []
    bold = italic = False
    set_in: dict[Face, list[str]] = {}

    def end_word() -> None:
        if pieces:
            out.append(_word(tuple(pieces)))
            pieces.clear()

    for found in _MARKUP.finditer(text):
        escaped, strong, emphasis, icon, newline, space, plain = found.groups()
        if strong:
            bold = not bold
        elif emphasis:
            italic = not italic
        elif icon is not None:
            shape = icons.get(icon.lower())
            if shape is None:
                known = ", ".join(sorted(icons))
                raise StudioError(f"no icon :{icon}: (icons: {known}; add one as {ICON_FOLDER}/{icon}.svg)", where)
            face, slant = family.face(bold, italic)
            pieces.append(Piece(f":{icon}:", face, 0.0, icon_advance(shape), shape))
        elif newline:
            end_word()
            out.append(BREAK)
        elif space:
            end_word()
        else:
            chunk = escaped or plain
            face, slant = family.face(bold, italic)
            set_in.setdefault(face, []).append(chunk)
            if pieces and pieces[-1].icon is None and (pieces[-1].face, pieces[-1].slant) == (face, slant):
                last = pieces.pop()
                chunk = last.text + chunk
            pieces.append(_piece(chunk, face, slant))
    end_word()
    for face, chunks in set_in.items():  # once per face, not per word
        missing = missing_character("".join(chunks), face)
        if missing is not None:
            raise StudioError(
                f"the typeface {face.name} has no {missing!r} (U+{ord(missing):04X}): write it another way or choose a font that has it",
                where,
            )  # fmt: skip
    return out


K = TypeVar("K")
V = TypeVar("V")

_PIECES: dict[tuple[str, Face, float], Piece] = {}
_WORDS: dict[tuple[Piece, ...], Word] = {}
MOST_SHARED = 50_000
"""Words set alike are one object: a deck's texts repeat their words, and every face's words are kept
(forked image workers copy each page of them they touch)."""


def _piece(chunk: str, face: Face, slant: float) -> Piece:
    """The piece of text in that style, measured once and shared (pieces are never changed)."""
    key = (chunk, face, slant)
    return _PIECES.get(key) or _kept(_PIECES, key, Piece(chunk, face, slant, width_em(chunk, face)))


def _word(pieces: tuple[Piece, ...]) -> Word:
    """The word of those pieces, shared when it is text alone (an icon's picture is not a key)."""
    if any(piece.icon is not None for piece in pieces):
        return Word(pieces, sum(p.width for p in pieces))
    return _WORDS.get(pieces) or _kept(_WORDS, pieces, Word(pieces, sum(p.width for p in pieces)))


def _kept(table: dict[K, V], key: K, made: V) -> V:
    if len(table) >= MOST_SHARED:
        table.clear()
    table[key] = made
    return made


def unmarked(text: str) -> str:
    """The text as a screen reader should say it: no asterisks, an icon by its name, no backslashes."""
    said = _MARKUP.sub(lambda found: found.group(1) or (found.group(4) or "") or ("" if found.group(2) or found.group(3) else found.group(0)), text)
    return " ".join(said.split())


def width_em(text: str, face: Face) -> float:
    """The advance of ``text`` in ems (at a size of 1)."""
    return text_width(text, face, 1.0)


def icon_advance(icon: TextGlyph | Vector) -> float:
    """An icon's advance in ems: a shipped icon's own, an SVG's as tall as a shipped one."""
    if isinstance(icon, TextGlyph):
        return icon.advance
    return RUNNING_HEIGHT * icon.width / icon.height + 2 * RUNNING_SIDE


def icon_set(templates: FilePath) -> dict[str, TextGlyph | Vector]:
    """Every icon a text may name: the shipped ones, and the SVGs of the templates' ``icons/`` folder
    (which win over a shipped one of the same name)."""
    found: dict[str, TextGlyph | Vector] = {name: running_glyph(name) for name in ICON_NAMES}
    folder = templates / ICON_FOLDER
    if folder.is_dir():
        for path in sorted(folder.glob("*.svg")):
            picture = load_picture(templates, f"{ICON_FOLDER}/{path.name}", f"{ICON_FOLDER}/{path.name}")
            assert isinstance(picture, Vector)
            found[path.stem.lower()] = picture
    return found


ICON_CHARACTERS = {"star": "\u2605", "moon": "\u263e", "sun": "\u263c"}
"""The characters that stand for the shipped icons in running text (★ ☾ ☼), drawn as their shapes."""
OWN_ICONS = 0xE000
"""The first of the private-use characters that stand for a game's own icons (``icons/NAME.svg``)."""


def icon_characters(names: Sequence[str]) -> dict[str, str]:
    """The character that stands for each icon a game's text may name, in the rulebook as on its
    cards: a shipped icon's own (★ ☾ ☼), a game's own one of the private-use area, in name order."""
    own = sorted(name for name in names if name not in ICON_CHARACTERS)
    return {**{name: c for name, c in ICON_CHARACTERS.items() if name in names},
            **{name: chr(OWN_ICONS + k) for k, name in enumerate(own)}}  # fmt: skip


def rulebook_glyph(icon: TextGlyph | Vector) -> TextGlyph:
    """An icon as the rulebook sets it among its words: a shipped one as it is, an SVG's filled
    shapes in the text's ink, as tall as a card's text draws it (its view box ``RUNNING_HEIGHT``
    high), each shape laid over another cut out of it (a coin's face and star on its disc)."""
    if isinstance(icon, TextGlyph):
        return icon
    filled = [op for shape in icon.shapes if shape.fill is not None or shape.fill_current for op in shape.path.operations]
    return text_glyph(Path(tuple(filled)), (0.0, 0.0, icon.width, icon.height))


# --- lines ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setting:
    """A text as it will be drawn: its lines, the size (points) they fit at, and their metrics."""

    lines: tuple[Line, ...]
    size: float
    space: float
    """A space's width in ems, in ``space_face``."""
    space_face: Face
    leading: float
    """From one baseline to the next, in ems."""
    ascent: float
    descent: float


def broken(words: list[Word | Line], room: float, space: float, wrap: bool) -> list[Line] | None:
    """The words in lines at most ``room`` ems wide (only at line breaks when not ``wrap``); None if a
    word, or an unwrapped line, is wider."""
    lines: list[Line] = []
    current: list[Word] = []
    width = 0.0
    for word in words:
        if isinstance(word, Line):
            lines.append(Line(tuple(current)))
            current, width = [], 0.0
            continue
        if word.width > room + 1e-9:
            return None
        needed = width + (space if current else 0.0) + word.width
        if current and needed > room + 1e-9:
            if not wrap:
                return None
            lines.append(Line(tuple(current)))
            current, width = [word], word.width
        else:
            current.append(word)
            width = needed
    lines.append(Line(tuple(current)))
    return lines


def fitted(
    words: list[Word | Line], family: Family, box: tuple[float, float], size: float, smallest: float,
    leading: float, wrap: bool, where: str,
) -> Setting:  # fmt: skip
    """The largest size from ``size`` down to ``smallest`` (points) at which the words fit the box
    (millimetres); one line naming ``where`` if none does."""
    ascent, descent = vertical_metrics(family.regular)
    space = width_em(" ", family.regular)
    width, height = box
    tries = max(0, math.floor((size - smallest) / STEP_PT + 1e-9))
    sizes = [size - step * STEP_PT for step in range(tries + 1)]
    if sizes[-1] - smallest > 1e-9:
        sizes.append(smallest)  # the smallest size allowed is tried too, whatever the steps
    for points in sizes:
        em = points * PT
        lines = broken(words, width / em, space, wrap)
        if lines is not None and ((len(lines) - 1) * leading + ascent + descent) * em <= height + 1e-9:
            return Setting(tuple(lines), points, space, family.regular, leading, ascent, descent)
    at = f"{smallest:g} pt" if smallest < size else f"{size:g} pt"
    raise StudioError(
        f"the text does not fit its box ({width:g} x {height:g} mm) even at {at}: shorten it, enlarge the box or lower min_size",
        where,
    )  # fmt: skip


_SETTLED: dict[tuple, Setting] = {}
MOST_SETTLED = 20_000
"""Texts kept set between builds (a watch sets again only the rows that changed)."""


def settled(
    text: str, family: Family, icons: Mapping[str, TextGlyph | Vector], icons_key: tuple, box: tuple[float, float],
    size: float, smallest: float, leading: float, wrap: bool, where: str,
) -> Setting:  # fmt: skip
    """``fitted(words_of(text))``, kept for the same text, typeface, icons and box: the rows a save left
    alone are not set again. A fault is never kept: it is found again, with its place."""
    key = (text, family, icons_key, box, size, smallest, leading, wrap)
    found = _SETTLED.get(key)
    if found is None:
        found = fitted(words_of(text, family, icons, where), family, box, size, smallest, leading, wrap, where)
        if len(_SETTLED) >= MOST_SETTLED:
            _SETTLED.clear()
        _SETTLED[key] = found
    return found


def icons_key(icons: Mapping[str, TextGlyph | Vector]) -> tuple:
    """What tells one icon set from another: each name, with its SVG's digest (a shipped one is itself)."""
    return tuple(sorted((name, icon.key if isinstance(icon, Vector) else "") for name, icon in icons.items()))


def line_width(line: Line, space: float) -> float:
    return sum(w.width for w in line.words) + space * max(0, len(line.words) - 1)


def draw_setting(
    surface: Surface, setting: Setting, box: tuple[float, float, float, float], align: str, valign: str, ink: Ink
) -> None:
    """The lines in the box (lower-left x, y, width, height in mm), aligned as asked."""
    x, y, width, height = box
    em = setting.size * PT
    block = ((len(setting.lines) - 1) * setting.leading + setting.ascent + setting.descent) * em
    top = {"top": y + height, "middle": y + (height + block) / 2, "bottom": y + block}[valign]
    baseline = top - setting.ascent * em
    for line in setting.lines:
        used = line_width(line, setting.space) * em
        left = {"left": x, "centre": x + (width - used) / 2, "right": x + width - used}[align]
        _draw_line(surface, line, left, baseline, em, setting.space * em, setting.space_face, ink)
        baseline -= setting.leading * em


def _draw_line(
    surface: Surface, line: Line, left: float, baseline: float, em: float, space: float, space_face: Face, ink: Ink
) -> None:
    """A line's words, neighbouring pieces of one style set as one run, across the spaces between
    them where the run is in the face whose space was measured."""
    cursor = left
    run: list[str] = []
    run_start = cursor
    run_style: tuple[Face, float] | None = None

    def flush() -> None:
        if run and run_style is not None:  # the run's style as it stands when it is set
            surface.text(run_start, baseline, "".join(run), run_style[0], em, ink, centred=False, slant=run_style[1])
        run.clear()

    for k, word in enumerate(line.words):
        if k:
            if run and run_style == (space_face, 0.0):
                run.append(" ")
            else:
                flush()
            cursor += space
        for piece in word.pieces:
            if piece.icon is not None:
                flush()
                _draw_icon(surface, piece.icon, cursor, baseline, em, ink)
                run_style = None
            else:
                style = (piece.face, piece.slant)
                if style != run_style or not run:
                    flush()
                    run_start, run_style = cursor, style
                run.append(piece.text)
            cursor += piece.width * em
    flush()


def _draw_icon(surface: Surface, icon: TextGlyph | Vector, x: float, baseline: float, em: float, ink: Ink) -> None:
    if isinstance(icon, TextGlyph):
        surface.shape(glyph_path(icon, x, baseline, em), fill=ink, even_odd=True)
        return
    height = RUNNING_HEIGHT * em
    width = icon_advance(icon) * em - 2 * RUNNING_SIDE * em
    draw_picture(surface, icon, x + RUNNING_SIDE * em, baseline - RUNNING_DEPTH * em, width, height, ink=ink)


def characters_of(setting: Setting) -> str:
    """Every character the setting sets as text (for web fonts)."""
    return "".join(p.text for line in setting.lines for w in line.words for p in w.pieces if p.icon is None) + " "
