"""The layouts' guide sheet: each layout drawn large, its named boxes, the bleed and the safe zone marked.

One page per layout a kind uses (its backs' too), drawn with the first row
that uses it, at the largest scale that fits an A4 page: the bleed's edge in
red (dashed), the trim (the cut) in black, the safe zone in blue (dashed),
every named box outlined and labelled with its name and its place in
millimetres, as the layout file gives them. A designer checks here that
text keeps clear of the cut and that a background reaches the bleed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ...drawing.document import MM, Document, Metadata
from ...drawing.fonts import QUICKSAND, QUICKSAND_BOLD
from ...drawing.ink import BLACK, Ink, PAPER
from ...drawing.surface import Pen, Surface, rectangle
from ...files import Written
from ...papers import paper_size
from ...pieces.faces import FaceStyle, PieceFace
from .layouts import BUILT_IN_BOXES, LAYOUT_FOLDER, Layout

if TYPE_CHECKING:
    from . import Spreadsheet

GUIDE_FILE = "layout-guide.pdf"
GUIDE_BLEED_MM = 3.0
"""The bleed the guide shows: what the card sheets and print shops use."""
MARGIN_MM = 15.0
HEAD_MM = 30.0
FOOT_MM = 24.0
KEY_LINE_MM = 4.5
LARGEST_SCALE = 4.0
BLEED_INK = Ink((0.85, 0.1, 0.1), (0.0, 0.9, 0.9, 0.1))
SAFE_INK = Ink((0.1, 0.35, 0.85), (0.85, 0.55, 0.0, 0.0))
BOX_INKS = (
    Ink((0.0, 0.55, 0.3), (0.9, 0.1, 0.8, 0.1)),
    Ink((0.8, 0.45, 0.0), (0.0, 0.55, 1.0, 0.05)),
    Ink((0.55, 0.2, 0.7), (0.45, 0.8, 0.0, 0.0)),
    Ink((0.0, 0.5, 0.6), (0.9, 0.2, 0.3, 0.1)),
)
"""The named boxes' outlines, in turn: colours apart from the bleed's red and the safe zone's blue."""


def pages(game: Spreadsheet) -> list[tuple[str, Layout, PieceFace, str]]:
    """(kind's name, layout, the face it is shown with, what that face is) for each layout in use, once."""
    found: dict[tuple[str, str], tuple[str, Layout, PieceFace, str]] = {}
    for made in game.made:
        kind = made.kind
        for (row, _), piece, layout in zip(made.rows, kind.pieces, made.layouts):
            shown = f"row {row.number}" + (f" ({row.first})" if row.first else "") + f" of {made.spec.table}"
            found.setdefault((kind.name, layout.name), (kind.name, layout, piece.face, shown))
        for name, layout in made.back_layouts.items():
            back = next(face for face in kind.backs.values() if face.name == name)
            found.setdefault((kind.name, layout.name), (kind.name, layout, back, "the back"))
    return list(found.values())


def build_guide(game: Spreadsheet, out: Path) -> list[Written]:
    """Write the guide sheet into ``out``; every layout is read and checked first."""
    game.check()
    chosen = pages(game)
    width, height = paper_size("a4").width, paper_size("a4").height
    document = Document(Metadata(
        f"{game.title}: layout guide", "Each layout's boxes, bleed and safe zone.", (game.title, "layout guide"),
        game.front_matter.authors, game.front_matter.licence, game.front_matter.licence_url,
    ), cmyk=False, unit=MM)  # fmt: skip
    for kind, layout, face, shown in chosen:
        with document.page(width, height) as surface:
            _page(surface, (width, height), kind, layout, face, shown)
    path = document.save(out / GUIDE_FILE)
    return [Written(path, "layout guide", {"pages": len(chosen)})]


def _page(surface: Surface, page: tuple[float, float], kind: str, layout: Layout, face: PieceFace, shown: str) -> None:
    width, height = page
    w, h = face.width, face.height
    named = [(name, box) for name, box in layout.boxes.items() if name not in BUILT_IN_BOXES]
    key_mm = KEY_LINE_MM * (len(named) + 1)
    room_w, room_h = width - 2 * MARGIN_MM, height - HEAD_MM - FOOT_MM - key_mm
    scale = min(LARGEST_SCALE, room_w / (w + 2 * GUIDE_BLEED_MM), room_h / (h + 2 * GUIDE_BLEED_MM))
    left = (width - w * scale) / 2
    bottom = FOOT_MM + key_mm + (room_h - h * scale) / 2
    extends = f", extending {' and '.join(layout.chain)}" if layout.chain else ""
    surface.text(MARGIN_MM, height - MARGIN_MM - 2, f"{LAYOUT_FOLDER}/{layout.name}.toml: the layout {layout.name!r}{extends}", QUICKSAND_BOLD, 4.2, BLACK, centred=False)
    surface.text(MARGIN_MM, height - MARGIN_MM - 8, f"{kind}, {w:g} x {h:g} mm, shown with {shown}, at {scale:.2g} times its size", QUICKSAND, 3.3, BLACK, centred=False)
    bleed = GUIDE_BLEED_MM * scale
    face.draw(surface, left, bottom, w * scale, h * scale, FaceStyle(bleed))
    line = 0.25
    surface.shape(rectangle(left - bleed, bottom - bleed, w * scale + 2 * bleed, h * scale + 2 * bleed), pen=Pen(BLEED_INK, line, (1.5, 1.0)))
    trim = rectangle(left, bottom, w * scale, h * scale)
    surface.shape(trim, pen=Pen(PAPER, 3 * line))  # a halo: the cut shows on a dark face too
    surface.shape(trim, pen=Pen(BLACK, line))
    safe = layout.safe * scale
    if safe > 0:
        surface.shape(rectangle(left + safe, bottom + safe, (w - 2 * layout.safe) * scale, (h - 2 * layout.safe) * scale), pen=Pen(SAFE_INK, line, (1.0, 1.0)))
    key_y = FOOT_MM + key_mm - KEY_LINE_MM
    for k, (name, box) in enumerate(named):
        ink = BOX_INKS[k % len(BOX_INKS)]
        x, y = left + box.x * scale, bottom + (h - box.y - box.height) * scale
        surface.shape(rectangle(x, y, box.width * scale, box.height * scale), pen=Pen(ink, 0.4))
        surface.text(x + 0.8, y + box.height * scale - 3.2, name, QUICKSAND_BOLD, 2.8, ink, centred=False)
        surface.text(MARGIN_MM, key_y, f"{name}: {box.x:g}, {box.y:g}  {box.width:g} x {box.height:g}", QUICKSAND, 3.0, ink, centred=False)
        key_y -= KEY_LINE_MM
    legend = [
        (BLEED_INK, f"bleed: {GUIDE_BLEED_MM:g} mm past the cut; a background reaches it (box = \"bleed\")"),
        (BLACK, "trim: the cut"),
        (SAFE_INK, f"safe zone: {layout.safe:g} mm inside the cut; keep text and art within it"),
        (BOX_INKS[0], "boxes: x, y of the top-left corner from the trim's top-left, width x height, in mm"),
    ]
    y = FOOT_MM - 4
    for ink, words in legend:
        surface.shape(rectangle(MARGIN_MM, y - 0.3, 5, 1.6), fill=ink)
        surface.text(MARGIN_MM + 7, y, words, QUICKSAND, 3.0, BLACK, centred=False)
        y -= 4.5
