"""The playtest report as one A4 page: settings, strategies, the table of figures and the plots.

Drawn with the PDF canvas every product uses (``drawing.pdf.canvas``), so the
same record and plots give the same bytes.
"""

from __future__ import annotations

import io

from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader, simpleSplit

from .. import __version__
from ..drawing.pdf.canvas import Metadata, new_canvas, paper_points, saved
from ..drawing.pdf.fonts import register_quicksand
from .protocol import Credits
from .report import figure_rows, settings_line

MARGIN = 15 * mm
INK = (0.2, 0.2, 0.2)
GREY = (0.45, 0.45, 0.45)
HIGHLIGHT = (0.12, 0.44, 0.55)


def report_pdf(record: dict, pictures: dict[str, bytes], credits: Credits) -> bytes:
    """The one-page report of ``record`` with its ``pictures`` (PNG bytes by name)."""
    width, height = paper_points("a4")
    body, bold = register_quicksand()
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (width, height), Metadata(
        title=f"{credits.title}: playtest report",
        subject=f"What {credits.title}'s rules do to play, measured over {record['games']:,} games.",
        keywords=credits.keywords, authors=credits.authors,
        licence=credits.licence, licence_url=credits.licence_url,
    ))  # fmt: skip
    canvas.setCatalogEntry("Lang", "en")
    text_width = width - 2 * MARGIN
    y = height - MARGIN

    def lines(text: str, font: str, size: float, colour=INK, indent: float = 0, leading: float = 1.3) -> None:
        """``text`` wrapped to the page, ``indent`` from the margin, below the last line drawn."""
        nonlocal y
        canvas.setFillColorRGB(*colour)
        canvas.setFont(font, size)
        for line in simpleSplit(text, font, size, text_width - indent):
            y -= size * leading
            canvas.drawString(MARGIN + indent, y, line)

    lines(f"{credits.title} playtest", bold, 20)
    y -= 2
    lines(settings_line(record), body, 9, GREY)
    y -= 4
    for strategy, words in record["strategy_descriptions"].items():  # the name in bold, the words hanging
        label = f"{strategy}: "
        indent = canvas.stringWidth(label, bold, 8.5)
        top = y
        lines(words, body, 8.5, indent=indent)
        canvas.setFont(bold, 8.5)
        canvas.drawString(MARGIN, top - 8.5 * 1.3, label)
    compared = "builtin" in record
    if compared:
        changed = ", ".join(
            f"{k} {v}, not {record['builtin_rules'].get(k)}" for k, v in record["rules"].items()
            if record["builtin_rules"].get(k) != v
        )  # fmt: skip
        y -= 2
        lines(f"These rules against the built-in game's ({changed}): the same seeds, side by side; "
              "differences marked * are significant (two-sided p < 0.05).", body, 8.5, HIGHLIGHT)  # fmt: skip
    y -= 8
    y = _table(canvas, record, compared, MARGIN, y, text_width, body, bold)
    y -= 6
    for name in ("wins", "length", "measures"):
        png = pictures.get(name)
        if png is None:
            continue
        image = ImageReader(io.BytesIO(png))
        w, h = image.getSize()
        shown_h = text_width * h / w
        if y - shown_h < MARGIN + 12:  # keep to the page: shrink the picture to the room left
            shown_h = max(0.0, y - MARGIN - 12)
        shown_w = shown_h * w / h
        if shown_h <= 0:
            break
        y -= shown_h
        canvas.drawImage(image, MARGIN + (text_width - shown_w) / 2, y, shown_w, shown_h)
        y -= 4
    canvas.setFont(body, 7)
    canvas.setFillColorRGB(*GREY)
    canvas.drawString(
        MARGIN, MARGIN - 4,
        f"grawlix-print {__version__} playtest. Intervals are 95 %: Wilson for rates, normal for means. "
        "The same seed gives the same figures on any number of cores.",
    )  # fmt: skip
    canvas.showPage()
    return saved(canvas, buffer)


def _table(canvas, record: dict, compared: bool, x: float, y: float, width: float, body: str, bold: str) -> float:
    """The figures as a table; returns the y below it."""
    rows = figure_rows(record)
    size, leading = 8.5, 12.5
    heads = ["figure", "these rules" if compared else "value (95 % interval)"]
    if compared:
        heads += ["built-in rules", "difference"]
    columns = [0.0, 0.36, 0.62, 0.84] if compared else [0.0, 0.45]
    canvas.setFont(bold, size)
    canvas.setFillColorRGB(*INK)
    y -= leading
    for head, at in zip(heads, columns):
        canvas.drawString(x + at * width, y, head)
    canvas.setStrokeColorRGB(*GREY)
    canvas.setLineWidth(0.5)
    canvas.line(x, y - 3.5, x + width, y - 3.5)
    for row in rows:
        y -= leading
        cells = [row.label, row.value]
        if compared:
            cells += [row.builtin, row.difference + (" *" if row.significant else "")]
        for k, (cell, at) in enumerate(zip(cells, columns)):
            canvas.setFont(bold if k == 3 and row.significant else body, size)
            canvas.setFillColorRGB(*(HIGHLIGHT if k == 3 and row.significant else INK))
            canvas.drawString(x + at * width, y, cell)
    return y - 4
