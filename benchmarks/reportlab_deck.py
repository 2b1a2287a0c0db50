"""The anchor for `grawlix-print sheets` on a deck of tables: a plain reportlab script.

    python benchmarks/reportlab_deck.py TEMPLATES ART OUT.pdf

It draws the benchmark's deck (`bench.py`'s ``data_deck``) as the card sheets
draw it: A4 pages of nine poker cards sharing their cut lines, 3 mm of bleed
round the outside, crop marks, each page of fronts followed by its backs
mirrored for long-edge duplex; every card as its layout says (background,
rounded frame, title, cost disc, picture, rules text shrunk until it fits its
box, with bold and italic words, footer), the three typefaces embedded as
subsets, each picture stored once (ART: the deck's SVG pictures as PNGs, made
before the clock starts). No calibration page, coins, stickers or previews:
what the cards alone cost with no layout engine.
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path

from reportlab.lib.colors import HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph
from reportlab.lib.styles import ParagraphStyle

FONTS = Path(__file__).resolve().parent.parent / "grawlix_print" / "fonts"
A4 = (210 * mm, 297 * mm)
CARD = (63.5 * mm, 88.9 * mm)
BLEED = 3 * mm
INK, PAPER, NIGHT, GOLD = HexColor("#2b2118"), HexColor("#fbf6ea"), HexColor("#1d2340"), HexColor("#edc24d")
SUITS = {"moon": HexColor("#3d5a98"), "sun": HexColor("#d9771c"), "star": HexColor("#a8862a")}

for name, file in (("quicksand", "Quicksand-Medium.ttf"), ("quicksand-bold", "Quicksand-Bold.ttf"),
                   ("caprasimo", "Caprasimo-Regular.ttf")):
    pdfmetrics.registerFont(TTFont(name, str(FONTS / file)))
pdfmetrics.registerFontFamily("quicksand", normal="quicksand", bold="quicksand-bold", italic="quicksand",
                              boldItalic="quicksand-bold")


def markup(text: str) -> str:
    """The table's Markdown-ish words as reportlab's markup: **bold**, *italic*, an :icon: a disc."""
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"\*(.+?)\*", r"<i>\1</i>", text)
    return re.sub(r":(\w+):", "\u2022", text)


def fitted(canvas: Canvas, text: str, x: float, y: float, w: float, h: float, size: float, least: float,
           colour, top: bool = False) -> None:
    """The text in the box (lower-left x, y), shrunk half a point at a time until it fits, starting
    from the size whose lines would fill the box's area."""
    area = pdfmetrics.stringWidth(re.sub(r"[*:]", "", text), "quicksand", 1) * 1.2  # pt² of text at 1 pt
    size = max(least, min(size, int(2 * (w * h / area) ** 0.5) / 2))
    while True:
        style = ParagraphStyle("rules", fontName="quicksand", fontSize=size, leading=size * 1.2, alignment=1,
                               textColor=colour)
        paragraph = Paragraph(markup(text), style)
        _, height = paragraph.wrap(w, h)
        if height <= h or size <= least:
            break
        size -= 0.5
    paragraph.drawOn(canvas, x, y + (h - height if top else (h - height) / 2))


def card(canvas: Canvas, row: dict, x: float, y: float, art: Path) -> None:
    """One card with its lower-left cut corner at (x, y); boxes are the layout's, from the top left."""
    def box(bx: float, by: float, bw: float, bh: float) -> tuple[float, float, float, float]:
        return x + bx * mm, y + CARD[1] - (by + bh) * mm, bw * mm, bh * mm

    event = row["layout"] == "event"
    suit = SUITS.get(row["suit"], GOLD)
    canvas.setFillColor(NIGHT if event else PAPER)
    canvas.rect(x - BLEED, y - BLEED, CARD[0] + 2 * BLEED, CARD[1] + 2 * BLEED, stroke=0, fill=1)
    canvas.setStrokeColor(GOLD if event else suit)
    canvas.setLineWidth(0.8 * mm)
    canvas.roundRect(*box(3.5, 3.5, 56.5, 81.9), 2.5 * mm, stroke=1, fill=0)
    picture = str(art / (Path(row["art"]).stem + ".png"))
    canvas.drawImage(picture, *box(3.5, 3.5, 56.5, 46) if event else box(6, 17, 51.5, 34), preserveAspectRatio=True)
    canvas.setFillColor(GOLD if event else INK)
    canvas.setFont("caprasimo", 15 if event else 14)
    bx, by, bw, bh = box(6, 52, 51.5, 10) if event else box(6, 5.5, 39, 10)
    if event:
        canvas.drawCentredString(bx + bw / 2, by + bh / 2 - 5, row["name"])
        fitted(canvas, row["text"], *box(7, 63, 49.5, 20), 10, 7, white, top=True)
        canvas.setFillColor(GOLD)
        path = canvas.beginPath()
        for k, (px, py) in enumerate(((31.75, 80), (34.25, 82.5), (31.75, 85), (29.25, 82.5))):
            (path.moveTo if k == 0 else path.lineTo)(x + px * mm, y + CARD[1] - py * mm)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
        return
    canvas.drawString(bx, by + bh / 2 - 5, row["name"])
    cx, cy, cw, _ = box(48, 4.5, 11, 11)
    canvas.setFillColor(suit)
    canvas.circle(cx + cw / 2, cy + cw / 2, cw / 2, stroke=0, fill=1)
    canvas.setFillColor(white)
    canvas.setFont("quicksand-bold", 15)
    canvas.drawCentredString(cx + cw / 2, cy + cw / 2 - 5, row["cost"])
    canvas.setStrokeColor(suit)
    canvas.setLineWidth(0.4 * mm)
    canvas.line(x + 12 * mm, y + CARD[1] - 52 * mm, x + 51.5 * mm, y + CARD[1] - 52 * mm)
    fitted(canvas, row["text"], *box(7, 53, 49.5, 22), 10, 7, INK)
    canvas.setFillColor(suit)
    canvas.setFont("quicksand", 7.5)
    fx, fy, fw, fh = box(6, 77, 51.5, 6)
    canvas.drawCentredString(fx + fw / 2, fy + fh / 2 - 2.5, f"\u2022 {row['suit']} · {row['points']} VP")


def back(canvas: Canvas, title: str, x: float, y: float) -> None:
    def box(bx: float, by: float, bw: float, bh: float) -> tuple[float, float, float, float]:
        return x + bx * mm, y + CARD[1] - (by + bh) * mm, bw * mm, bh * mm

    canvas.setFillColor(NIGHT)
    canvas.rect(x - BLEED, y - BLEED, CARD[0] + 2 * BLEED, CARD[1] + 2 * BLEED, stroke=0, fill=1)
    canvas.setStrokeColor(GOLD)
    canvas.setLineWidth(0.6 * mm)
    canvas.setDash(1.5 * mm, 1 * mm)
    canvas.roundRect(*box(3.5, 3.5, 56.5, 81.9), 3 * mm, stroke=1, fill=0)
    canvas.setDash()
    for (bx, by), ink in (((16.75, 12), GOLD), ((24, 8), NIGHT)):
        cx, cy, cw, _ = box(bx, by, 30, 30)
        canvas.setFillColor(ink)
        canvas.circle(cx + cw / 2, cy + cw / 2, cw / 2, stroke=0, fill=1)
    canvas.setFillColor(GOLD)
    canvas.setFont("caprasimo", 22)
    tx, ty, tw, th = box(5, 50, 53.5, 14)
    canvas.drawCentredString(tx + tw / 2, ty + th / 2 - 8, title)
    canvas.setFillColor(white)
    canvas.setFont("quicksand", 9)
    tx, ty, tw, th = box(5, 64, 53.5, 8)
    canvas.drawCentredString(tx + tw / 2, ty + th / 2 - 3, "\u2022 open until dawn \u2022")


def marks(canvas: Canvas, left: float, bottom: float) -> None:
    """Crop marks at every cut line, outside the sheet's bleed."""
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.25)
    right, top = left + 3 * CARD[0], bottom + 3 * CARD[1]
    for k in range(4):
        x, y = left + k * CARD[0], bottom + k * CARD[1]
        canvas.line(x, bottom - BLEED - 2 * mm, x, bottom - BLEED - 7 * mm)
        canvas.line(x, top + BLEED + 2 * mm, x, top + BLEED + 7 * mm)
        canvas.line(left - BLEED - 2 * mm, y, left - BLEED - 7 * mm, y)
        canvas.line(right + BLEED + 2 * mm, y, right + BLEED + 7 * mm, y)


def main(templates: Path, art: Path, out: Path) -> None:
    with open(templates / "cards.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    canvas = Canvas(str(out), pagesize=A4, pageCompression=1, invariant=1)
    canvas.setTitle("Bench Market cards (A4)")
    left, bottom = (A4[0] - 3 * CARD[0]) / 2, (A4[1] - 3 * CARD[1]) / 2
    for first in range(0, len(rows), 9):
        page = rows[first : first + 9]
        for k, row in enumerate(page):
            card(canvas, row, left + (k % 3) * CARD[0], bottom + (2 - k // 3) * CARD[1], art)
        marks(canvas, left, bottom)
        canvas.showPage()
        for k in range(len(page)):  # mirrored across the long edge
            back(canvas, "Bench Market", left + (2 - k % 3) * CARD[0], bottom + (2 - k // 3) * CARD[1])
        marks(canvas, left, bottom)
        canvas.showPage()
    canvas.save()


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))
