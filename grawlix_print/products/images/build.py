"""Every printable face as a PNG, and Tabletop Simulator deck sheets.

Print-on-demand card services ask for one image per distinct face at
300 dpi, each with 1/8 in of bleed on every side (a poker card, 2.5 x 3.5 in,
becomes 2.75 x 3.75 in: 825 x 1125 px). Tabletop Simulator builds a deck from
one sheet of faces, up to 10 across and 7 down, and one back image; it shows
the sheet's last slot for a card held in another player's hand, so that
slot holds the back and a sheet carries at most 69 faces.

Each face is drawn by the same code as the sheets, into a one-page PDF of
its own, and rendered by pdfium, so a picture and a printed card agree. The
PNGs are RGB with their resolution recorded and no date or other varying
chunk: the same faces give the same bytes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib.units import mm

from ...pieces.faces import FaceStyle, PieceFace
from ...pieces.tile_look import MARKINGS, check_marking
from ...drawing.pdf.canvas import Metadata, new_canvas, saved
from ...drawing.pdf.surface import PdfSurface
from ...errors import GrawlixError
from ...facts.wording import paragraph
from ...files import Written, write_bytes, write_text
from ...games.base import Game
from ...units import MM_PER_UNIT
from ..colour_blind import default_marking

if TYPE_CHECKING:  # Pillow is loaded only to render
    from PIL import Image

PRINT_DPI = 300
PRINT_BLEED_MM = MM_PER_UNIT["in"] / 8
"""1/8 in on every side: what print-on-demand card services ask for."""
TTS_DPI = 150
"""Tabletop Simulator sheets: half the print resolution keeps a sheet of ten poker cards across
at 3750 px, under 4096 px a side, so it loads quickly and stays sharp on screen."""
TTS_COLUMNS, TTS_ROWS = 10, 7
"""The largest deck sheet Tabletop Simulator takes."""
TTS_FOLDER = "tts"
NOTES_FILE = "README.txt"
PAPER_RGB = (255, 255, 255)


def pixels(length_mm: float, dpi: int) -> int:
    """A length in whole pixels at ``dpi``."""
    return round(length_mm / MM_PER_UNIT["in"] * dpi)


def render(face: PieceFace, dpi: int, bleed: float, marking: str = "none") -> Image.Image:
    """The face as a Pillow RGB image at ``dpi``, its background ``bleed`` mm past the cut on every side.

    Drawn into a one-page PDF exactly the image's size and rendered by pdfium;
    the page is cropped to whole pixels, so the image is exactly
    ``pixels(width + 2 bleed)`` wide.
    """
    import pypdfium2

    width, height = face.width + 2 * bleed, face.height + 2 * bleed
    px, py = pixels(width, dpi), pixels(height, dpi)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (width * mm, height * mm), Metadata(face.name, face.description, (), (), "", ""))
    canvas.scale(mm, mm)
    face.draw(PdfSurface(canvas, cmyk=False, unit_pt=mm), bleed, bleed, face.width, face.height, FaceStyle(bleed, marking))
    canvas.showPage()
    document = pypdfium2.PdfDocument(saved(canvas, buffer))
    try:
        page = document[0]
        image = page.render(scale=px / page.get_width(), fill_color=(*PAPER_RGB, 255)).to_pil().convert("RGB")
        page.close()
    finally:
        document.close()
    return image.crop((0, 0, px, py))


def png(image: Image.Image, dpi: int) -> bytes:
    """Full-colour PNG bytes with the resolution recorded (pHYs) and nothing that varies."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=6)
    return buffer.getvalue()


def tts_grid(count: int) -> list[tuple[int, int, int]]:
    """(faces, columns, rows) of each deck sheet for ``count`` faces: at most 69 faces a sheet, the
    last slot kept for the hidden card, and no more rows than the faces and that slot need."""
    per_sheet = TTS_COLUMNS * TTS_ROWS - 1
    sheets = []
    for first in range(0, count, per_sheet):
        faces = min(per_sheet, count - first)
        columns = min(TTS_COLUMNS, faces + 1)
        sheets.append((faces, columns, math.ceil((faces + 1) / columns)))
    return sheets


def tts_sheets(
    faces: Sequence[PieceFace], back: PieceFace, marking: str
) -> tuple[list[tuple[Image.Image, int, int, int]], Image.Image]:
    """The deck sheets as images: faces row by row from the top left, the back in the last slot."""
    from PIL import Image

    w, h = pixels(faces[0].width, TTS_DPI), pixels(faces[0].height, TTS_DPI)
    hidden = render(back, TTS_DPI, 0.0, marking)
    sheets, first = [], 0
    for count, columns, rows in tts_grid(len(faces)):
        sheet = Image.new("RGB", (columns * w, rows * h), PAPER_RGB)
        for k, face in enumerate(faces[first : first + count]):
            row, column = divmod(k, columns)
            sheet.paste(render(face, TTS_DPI, 0.0, marking), (column * w, row * h))
        sheet.paste(hidden, ((columns - 1) * w, (rows - 1) * h))
        sheets.append((sheet, columns, rows, count))
        first += count
    return sheets, hidden


def _size_words(face: PieceFace, bleed: float, dpi: int) -> str:
    cut = f"{pixels(face.width, dpi)} x {pixels(face.height, dpi)} px"
    whole = f"{pixels(face.width + 2 * bleed, dpi)} x {pixels(face.height + 2 * bleed, dpi)} px"
    inches = f"{(face.width + 2 * bleed) / MM_PER_UNIT['in']:g} x {(face.height + 2 * bleed) / MM_PER_UNIT['in']:g} in"
    return f"{whole} ({inches}) at {dpi} dpi; the cut is the middle {cut}"


def marked(name: str, marking: str) -> str:
    """A file's name for ``marking``: ``card-08.png`` is ``card-08-shapes.png``, as the sheets name theirs,
    so that marked images sit beside the plain ones instead of replacing them; unmarked, ``name``."""
    stem, _, suffix = name.rpartition(".")
    return name if marking == "none" else f"{stem}-{marking}.{suffix}"


def notes(game: Game, faces: Sequence[PieceFace], back: PieceFace, sheets: list[tuple[str, int, int, int]], marking: str) -> str:
    """What the images are and how to use them, for whoever uploads them."""
    face = faces[0]
    bleed_px = PRINT_BLEED_MM / MM_PER_UNIT["in"] * PRINT_DPI
    first, last, back_name = (marked(f"{f.name}.png", marking) for f in (faces[0], faces[-1], back))
    paragraphs = [
        f"{game.title}: images of every face",
        "",
        f"For print-on-demand: {len(faces)} fronts ({first} to {last})"
        f" and one back ({back_name}), each {_size_words(face, PRINT_BLEED_MM, PRINT_DPI)},"
        f" {face.width:g} x {face.height:g} mm, with {bleed_px:g} px (1/8 in) of bleed on every side.",
        "  Keep text and marks 1/8 in inside the cut: the designs already do.",
        f"  Colour-blind markings: {marking}.",
        "",
        "For Tabletop Simulator (Objects > Components > Custom > Deck):",
    ]
    for name, columns, rows, count in sheets:
        paragraphs.append(
            f"  Face: {TTS_FOLDER}/{name}, Width {columns}, Height {rows}, Number {count};"
            f" {pixels(face.width, TTS_DPI)} x {pixels(face.height, TTS_DPI)} px a card at {TTS_DPI} dpi."
        )
    paragraphs += [
        f"  Back: {TTS_FOLDER}/{back_name}. The last slot of each sheet is the card other players"
        " see in your hand; it shows the back, so Back is Hidden may be on or off.",
        "",
    ]
    return "\n".join(paragraph(p.lstrip(), p[: len(p) - len(p.lstrip())], "  ") for p in paragraphs)


def build_images(game: Game, out: str | Path, markings: str | None = None) -> list[Written]:
    """Every face and the back as print PNGs, the Tabletop Simulator sheets and a notes file, in ``out``.
    ``markings`` None: each colour's letter where colours look alike (``colour_blind``), else none."""
    if markings is None:
        markings = default_marking(game)
    if markings not in MARKINGS:
        raise GrawlixError(f"--markings {markings!r} is not one of {', '.join(MARKINGS)}")
    game.check()
    tiles = game.tile_set()
    if tiles is not None:
        check_marking(tiles, markings)  # the sheets' and 3D tiles' rule: shapes only if every colour has one
    faces, back = game.faces(), game.back()
    if not faces or back is None:
        raise GrawlixError(f"{game.name} has no printable faces to make images of")
    out = Path(out)
    written = []
    params = {"dpi": PRINT_DPI, "bleed_mm": round(PRINT_BLEED_MM, 4), "markings": markings}
    for face in (*faces, back):
        image = render(face, PRINT_DPI, PRINT_BLEED_MM, markings)
        path = write_bytes(out / marked(f"{face.name}.png", markings), png(image, PRINT_DPI))
        written.append(Written(path, "face image", {**params, "pixels": list(image.size), "face": face.description}))
    sheets, hidden = tts_sheets(faces, back, markings)
    listed = []
    for number, (sheet, columns, rows, count) in enumerate(sheets, 1):
        name = marked(f"deck-{number}.png", markings)
        path = write_bytes(out / TTS_FOLDER / name, png(sheet, TTS_DPI))
        listed.append((name, columns, rows, count))
        written.append(Written(path, "deck sheet", {"dpi": TTS_DPI, "columns": columns, "rows": rows, "faces": count, "markings": markings}))
    path = write_bytes(out / TTS_FOLDER / marked(f"{back.name}.png", markings), png(hidden, TTS_DPI))
    written.append(Written(path, "deck back", {"dpi": TTS_DPI}))
    path = write_text(out / marked(NOTES_FILE, markings), notes(game, faces, back, listed, markings))
    written.append(Written(path, "image notes", {}))
    return written
