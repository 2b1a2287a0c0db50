"""The playtest report on A4: settings, strategies, the table of figures and the plots, on one page
when they fit (a game with many figures takes a second page for the plots that do not).

Drawn as a document of the drawing layer (``drawing.document``), whose pages flow on where
the text runs out, so the same record and plots give the same bytes.
"""

from __future__ import annotations

from .. import __version__
from ..drawing.chart import Chart, draw_on
from ..drawing.document import MM as mm
from ..drawing.document import POINT, Document, Metadata
from ..drawing.pdf.canvas import paper_points
from ..drawing.pdf.fonts import register_quicksand, string_width, wrapped
from .protocol import Credits
from .report import figure_rows, settings_line

MARGIN = 15 * mm
INK = (0.2, 0.2, 0.2)
GREY = (0.45, 0.45, 0.45)
HIGHLIGHT = (0.12, 0.44, 0.55)
TWO_COLUMNS_FROM = 14  # rows: a longer table of one run's figures is set in two columns if it fits
GAP = 10.0  # points between a table's columns, and between its halves
MIN_SHRINK = 0.65  # a plot is shrunk to fit the page down to this share of its size, else it goes overleaf


def _document(credits: Credits, what: str, subject: str) -> Document:
    """A report's document for screens (RGB, in points), credited as the game is."""
    return Document(Metadata(
        title=f"{credits.title}: {what}", subject=subject, keywords=credits.keywords, authors=credits.authors,
        licence=credits.licence, licence_url=credits.licence_url,
    ), cmyk=False, unit=POINT, lang="en")  # fmt: skip


def report_pdf(record: dict, pictures: dict[str, Chart], credits: Credits) -> bytes:
    """The one-page report of ``record`` with its plots (charts by name, drawn as vectors)."""
    width, height = paper_points("a4")
    body, bold = register_quicksand()
    document = _document(credits, "playtest report",
                         f"What {credits.title}'s rules do to play, measured over {record['games']:,} games.")  # fmt: skip
    canvas = document.open_page(width, height).canvas
    text_width = width - 2 * MARGIN
    y = height - MARGIN

    def lines(text: str, font: str, size: float, colour=INK, indent: float = 0, leading: float = 1.3) -> None:
        """``text`` wrapped to the page, ``indent`` from the margin, below the last line drawn."""
        nonlocal y
        canvas.setFillColorRGB(*colour)
        canvas.setFont(font, size)
        for line in wrapped(text, font, size, text_width - indent):
            y -= size * leading
            canvas.drawString(MARGIN + indent, y, line)

    lines(f"{credits.title} playtest", bold, 20)
    y -= 2
    lines(settings_line(record), body, 9, GREY)
    y -= 4
    for strategy, words in record["strategy_descriptions"].items():  # the name in bold, the words hanging
        label = f"{strategy}: "
        indent = string_width(label, bold, 8.5)
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
    for name in ("wins", "length", "seats", "measures"):
        chart = pictures.get(name)
        if chart is None:
            continue
        y = _place(document, chart, y, width, height, text_width, body)
    _footer(canvas, body)
    document.close_page()
    return document.data()


def _place(document: Document, chart: Chart, y: float, width: float, height: float, text_width: float, body: str) -> float:
    """Draw ``chart`` across the text width below ``y`` (shrunk to the room left, or on a new page
    when that would be too small); returns the y below it."""
    canvas = document.surface(POINT).canvas
    scale = text_width / chart.width
    shown_h = chart.height * scale
    room = y - MARGIN - 12
    if shown_h > room:  # shrink the chart to the room left, or, if that is too little, turn the page
        if room >= MIN_SHRINK * shown_h:
            scale *= room / shown_h
        else:
            _footer(canvas, body)
            document.close_page()
            document.open_page(width, height)
            y = height - MARGIN
            scale = min(scale, (y - MARGIN - 12) / chart.height)
    shown_w, shown_h = chart.width * scale, chart.height * scale
    draw_on(canvas, chart, MARGIN + (text_width - shown_w) / 2, y, scale)
    return y - shown_h - 6


def _footer(canvas, body: str) -> None:
    canvas.setFont(body, 7)
    canvas.setFillColorRGB(*GREY)
    canvas.drawString(
        MARGIN, MARGIN - 4,
        f"grawlix-print {__version__} playtest. Intervals are 95 %: Wilson for rates, normal for means. "
        "The same seed gives the same figures on any number of cores.",
    )  # fmt: skip


def _table(canvas, record: dict, compared: bool, x: float, y: float, width: float, body: str, bold: str) -> float:
    """The figures as a table; returns the y below it. A long table of one run's figures is set in
    two columns side by side when its words fit, so the plots keep their room on the page."""
    rows = figure_rows(record)
    size, leading = 8.5, 12.5
    heads = ["figure", "these rules" if compared else "value (95 % interval)"]
    if compared:
        heads += ["built-in rules", "difference", "p"]
        table = [(r.label, r.value, r.builtin, r.difference, r.p + (" *" if r.significant else "")) for r in rows]
        widths = [max(string_width(c, bold, size) for c in column) + GAP
                  for column in zip(heads, *table)]  # fmt: skip
        if sum(widths) > width:  # a smaller type before two columns run into each other
            size *= max(0.7, width / sum(widths))
            leading *= size / 8.5
            widths = [w * size / 8.5 for w in widths]
        columns = [sum(widths[:n]) / width for n in range(len(widths))]
    else:
        columns = [0.0, 0.45]
    halves = [rows]
    if not compared and len(rows) > TWO_COLUMNS_FROM:
        label = max(string_width(row.label, body, size) for row in rows)
        value = max(string_width(row.value, body, size) for row in rows)
        if label + GAP + value <= (width - 2 * GAP) / 2:
            half = -(-len(rows) // 2)
            halves = [rows[:half], rows[half:]]
            width = (width - 2 * GAP) / 2
            columns = [0.0, (label + GAP) / width]
    top = y
    for k, part in enumerate(halves):
        left = x + k * (width + 2 * GAP)
        y = top - leading
        canvas.setFont(bold, size)
        canvas.setFillColorRGB(*INK)
        for head, at in zip(heads, columns):
            canvas.drawString(left + at * width, y, head)
        canvas.setStrokeColorRGB(*GREY)
        canvas.setLineWidth(0.5)
        canvas.line(left, y - 3.5, left + width, y - 3.5)
        for row in part:
            y -= leading
            cells = [row.label, row.value]
            if compared:
                cells += [row.builtin, row.difference, row.p + (" *" if row.significant else "")]
            for n, (cell, at) in enumerate(zip(cells, columns)):
                canvas.setFont(bold if n >= 3 and row.significant else body, size)
                canvas.setFillColorRGB(*(HIGHLIGHT if n >= 3 and row.significant else INK))
                canvas.drawString(left + at * width, y, cell)
    return top - leading * (1 + len(halves[0])) - 4


# --- a sweep ---------------------------------------------------------------------------------------


def sweep_pdf(record: dict, pictures: dict[str, Chart], credits: Credits) -> bytes:
    """A sweep's report: its settings, a row per variant (pages as needed), then the heat maps."""
    from .sweep import sweep_rows, sweep_settings

    width, height = paper_points("a4")
    body, bold = register_quicksand()
    variants = len(record["variants"])
    document = _document(credits, "rule sweep",
                         f"{credits.title} under {variants:,} settings of its rules, {record['games']:,} games each.")  # fmt: skip
    canvas = document.open_page(width, height).canvas
    text_width = width - 2 * MARGIN
    y = height - MARGIN

    def lines(text: str, font: str, size: float, colour=INK, indent: float = 0) -> None:
        nonlocal y
        canvas.setFillColorRGB(*colour)
        canvas.setFont(font, size)
        for line in wrapped(text, font, size, text_width - indent):
            y -= size * 1.3
            canvas.drawString(MARGIN + indent, y, line)

    lines(f"{credits.title} rule sweep", bold, 20)
    y -= 2
    for line in sweep_settings(record):
        lines(line, body, 9, GREY)
    y -= 4
    for strategy, words in record["strategy_descriptions"].items():
        label = f"{strategy}: "
        indent = string_width(label, bold, 8.5)
        top = y
        lines(words, body, 8.5, indent=indent)
        canvas.setFont(bold, 8.5)
        canvas.drawString(MARGIN, top - 8.5 * 1.3, label)
    suggested = record.get("suggestion")
    if suggested:
        y -= 2
        chosen = ", ".join(f"{k} {v}" for k, v in suggested["rules"].items())
        lines(f"Suggested ({suggested['criterion']}): {chosen}.", bold, 9, HIGHLIGHT)
    y -= 8
    heads, rows = sweep_rows(record)
    size = 8.0
    widths = [max(string_width(cell, body, size) for cell in column) + GAP
              for column in zip(heads, *(row.cells for row in rows))]  # fmt: skip
    if sum(widths) > text_width:  # a smaller type before anything is cut
        size *= max(0.7, text_width / sum(widths))
        widths = [w * size / 8.0 for w in widths]
    leading = size * 1.5

    def head() -> None:
        nonlocal y
        y -= leading
        canvas.setFont(bold, size)
        canvas.setFillColorRGB(*INK)
        x = MARGIN
        for cell, w in zip(heads, widths):
            canvas.drawString(x, y, cell)
            x += w
        canvas.setStrokeColorRGB(*GREY)
        canvas.setLineWidth(0.5)
        canvas.line(MARGIN, y - size * 0.45, MARGIN + min(text_width, sum(widths)), y - size * 0.45)

    head()
    for row in rows:
        if y - leading < MARGIN + 12:
            _footer(canvas, body)
            document.close_page()
            document.open_page(width, height)
            y = height - MARGIN
            head()
        y -= leading
        x = MARGIN
        for n, (cell, w) in enumerate(zip(row.cells, widths)):
            strong = row.suggested or (row.balanced and n == row.mark_column)
            canvas.setFont(bold if strong else body, size)
            canvas.setFillColorRGB(*(HIGHLIGHT if row.suggested else GREY if row.refused else INK))
            canvas.drawString(x, y, cell)
            x += w
    y -= 6
    lines("Intervals are 95 %. First player's advantage: how much more often the first player wins than "
          "the other players on average, in percentage points; marked balanced when it is not significantly "
          "different from zero (p >= 0.05).", body, 7.5, GREY)  # fmt: skip
    y -= 6
    for chart in pictures.values():
        y = _place(document, chart, y, width, height, text_width, body)
    _footer(canvas, body)
    document.close_page()
    return document.data()
