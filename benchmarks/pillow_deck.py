"""The anchor for `grawlix-print images` on a deck of tables: a plain Pillow script, one process.

    python benchmarks/pillow_deck.py TEMPLATES ART OUT

It writes the files `images` writes for the benchmark's deck (`bench.py`'s
``data_deck``), with the same names, sizes and PNG settings (300 dpi, zlib
level 3): each card at 825 x 1125 px (1/8 in of bleed), its back, the coins,
and for Tabletop Simulator the 150 dpi deck sheets of 10 x 7 (the back in the
last slot) and each coin cut to its outline. The cards are drawn as their
layouts say, in Pillow's own calls: background, rounded frame, title, cost
disc, the picture (ART holds each of the deck's SVG pictures as a PNG,
made before the clock starts), rules text wrapped word by word with bold
and italic words, footer. Each card is drawn, written and pasted into its
sheet before the next, as a careful script does: its memory stays flat.
It is what the same files cost with no layout engine, no PDF and no pool.
"""

from __future__ import annotations

import csv
import io
import re
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

DPI, CARD_DPI = 300, 150
FONTS = Path(__file__).resolve().parent.parent / "grawlix_print" / "fonts"
CUT = (750, 1050)  # 63.5 x 88.9 mm at 300 dpi
BLEED = 37  # 1/8 in, 37.5 px: the cut half a pixel off centre, as the studio puts it
SIZE = (825, 1125)
SLOT = (375, 525)
INK, PAPER, NIGHT, GOLD = "#2b2118", "#fbf6ea", "#1d2340", "#edc24d"
SUITS = {"moon": "#3d5a98", "sun": "#d9771c", "star": "#a8862a"}


def mm(value: float) -> int:
    return round(value / 25.4 * DPI)


def pt(value: float) -> int:
    return round(value / 72 * DPI)


def font(name: str, size: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / name), pt(size))


TITLE, COST = font("Caprasimo-Regular.ttf", 14), font("Quicksand-Bold.ttf", 15)
RULES, BOLD = font("Quicksand-Medium.ttf", 8.5), font("Quicksand-Bold.ttf", 8.5)  # as the layout's text fits its box
ICON = pt(6)
FOOTER, BACK_TITLE = font("Quicksand-Medium.ttf", 7.5), font("Caprasimo-Regular.ttf", 22)


def box(x: float, y: float, w: float, h: float) -> tuple[int, int, int, int]:
    """A layout box (mm from the cut's top left) in pixels of the image with bleed."""
    return BLEED + mm(x), BLEED + mm(y), BLEED + mm(x + w), BLEED + mm(y + h)


def words_of(text: str) -> list[tuple[str, ImageFont.FreeTypeFont]]:
    """The rules' words, each with its face: **bold**, *italic* (Quicksand has no italic: its
    medium face); an :icon: is an empty word, drawn as a disc."""
    return [("" if word.startswith(":") else re.sub(r"[*:]", "", word), BOLD if word.startswith("**") else RULES)
            for word in text.split()]


def wrapped(draw: ImageDraw.ImageDraw, text: str, area: tuple[int, int, int, int], colour: str) -> None:
    """The text in lines that fit the box's width, each centred, the block centred down the box."""
    left, top, right, bottom = area
    space = RULES.getlength(" ")
    lines: list[list[tuple[str, ImageFont.FreeTypeFont, float]]] = [[]]
    width = 0.0
    for word, face in words_of(text):
        w = face.getlength(word) if word else ICON
        if lines[-1] and width + space + w > right - left:
            lines.append([])
            width = 0.0
        width += (space if lines[-1] else 0) + w
        lines[-1].append((word, face, w))
    leading = pt(10.5)
    y = top + (bottom - top - leading * len(lines)) / 2
    for line in lines:
        total = sum(w for _, _, w in line) + space * (len(line) - 1)
        x = left + (right - left - total) / 2
        for word, face, w in line:
            if word:
                draw.text((x, y), word, font=face, fill=colour)
            else:
                draw.ellipse((x, y + ICON // 2, x + ICON, y + ICON * 3 // 2), fill=colour)
            x += w + space
        y += leading


def art(folder: Path, name: str, size: tuple[int, int], cache: dict) -> Image.Image:
    """A picture fitted into a box, scaled once per picture and size."""
    key = (name, size)
    if key not in cache:
        picture = Image.open(folder / (Path(name).stem + ".png")).convert("RGB")
        scale = min(size[0] / picture.width, size[1] / picture.height)
        cache[key] = picture.resize((round(picture.width * scale), round(picture.height * scale)), Image.LANCZOS)
    return cache[key]


def card(row: dict, folder: Path, cache: dict) -> Image.Image:
    event = row["layout"] == "event"
    suit = SUITS.get(row["suit"], GOLD)
    image = Image.new("RGB", SIZE, NIGHT if event else PAPER)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(box(3.5, 3.5, 56.5, 81.9), radius=mm(2.5), outline=GOLD if event else suit, width=mm(0.8))
    where = box(3.5, 3.5, 56.5, 46) if event else box(6, 17, 51.5, 34)
    picture = art(folder, row["art"], (where[2] - where[0], where[3] - where[1]), cache)
    image.paste(picture, (where[0] + (where[2] - where[0] - picture.width) // 2,
                          where[1] + (where[3] - where[1] - picture.height) // 2))
    title = box(6, 52, 51.5, 10) if event else box(6, 5.5, 39, 10)
    draw.text((title[0], (title[1] + title[3]) // 2), row["name"], font=TITLE, fill=GOLD if event else INK, anchor="lm")
    if event:
        wrapped(draw, row["text"], box(7, 63, 49.5, 20), "white")
        draw.polygon([(BLEED + mm(x), BLEED + mm(y)) for x, y in ((31.75, 80), (34.25, 82.5), (31.75, 85), (29.25, 82.5))],
                     fill=GOLD)
        return image
    cost = box(48, 4.5, 11, 11)
    draw.ellipse(cost, fill=suit)
    draw.text(((cost[0] + cost[2]) // 2, (cost[1] + cost[3]) // 2), row["cost"], font=COST, fill="white", anchor="mm")
    draw.line([(BLEED + mm(12), BLEED + mm(52)), (BLEED + mm(51.5), BLEED + mm(52))], fill=suit, width=mm(0.4))
    wrapped(draw, row["text"], box(7, 53, 49.5, 22), INK)
    footer = box(6, 77, 51.5, 6)
    draw.text(((footer[0] + footer[2]) // 2, (footer[1] + footer[3]) // 2), f"{row['suit']} · {row['points']} VP",
              font=FOOTER, fill=suit, anchor="mm")
    return image


def back(title: str) -> Image.Image:
    image = Image.new("RGB", SIZE, NIGHT)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(box(3.5, 3.5, 56.5, 81.9), radius=mm(3), outline=GOLD, width=mm(0.6))
    draw.ellipse(box(16.75, 12, 30, 30), fill=GOLD)
    draw.ellipse(box(24, 8, 30, 30), fill=NIGHT)
    area = box(5, 50, 53.5, 14)
    draw.text(((area[0] + area[2]) // 2, (area[1] + area[3]) // 2), title, font=BACK_TITLE, fill=GOLD, anchor="mm")
    area = box(5, 64, 53.5, 8)
    draw.text(((area[0] + area[2]) // 2, (area[1] + area[3]) // 2), "open until dawn", font=RULES,
              fill="white", anchor="mm")
    return image


def coin(value: int) -> Image.Image:
    size = mm(25 + 2 * 3.175)
    image = Image.new("RGB", (size, size), PAPER)
    draw = ImageDraw.Draw(image)
    draw.ellipse((BLEED, BLEED, size - BLEED, size - BLEED), fill=GOLD, outline=INK, width=mm(0.6))
    draw.text((size // 2, size // 2), str(value), font=BACK_TITLE, fill=INK, anchor="mm")
    return image


def png(image: Image.Image, dpi: int) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=3)
    return buffer.getvalue()


def slot(image: Image.Image) -> Image.Image:
    return image.crop((BLEED, BLEED, BLEED + CUT[0], BLEED + CUT[1])).resize(SLOT, Image.Resampling.BOX)


def main(templates: Path, folder: Path, out: Path) -> None:
    with open(templates / "cards.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    cards, tts = out / "images" / "cards", out / "images" / "tts" / "cards"
    for made in (cards, tts, out / "images" / "coins", out / "images" / "tts" / "coins"):
        made.mkdir(parents=True, exist_ok=True)
    hidden = back("Bench Market")
    (cards / "back-card-back.png").write_bytes(png(hidden, DPI))
    hidden = slot(hidden)
    (tts / "card-back.png").write_bytes(png(hidden, CARD_DPI))
    cache: dict = {}
    digits = max(2, len(str(len(rows))))
    per_sheet = 10 * 7 - 1
    for first in range(0, len(rows), per_sheet):
        faces = rows[first : first + per_sheet]
        columns = min(10, len(faces) + 1)
        rows_down = -(-(len(faces) + 1) // columns)
        sheet = Image.new("RGB", (columns * SLOT[0], rows_down * SLOT[1]), "white")
        for k, row in enumerate(faces):
            image = card(row, folder, cache)
            (cards / f"card-{first + k + 1:0{digits}d}.png").write_bytes(png(image, DPI))
            sheet.paste(slot(image), ((k % columns) * SLOT[0], (k // columns) * SLOT[1]))
        sheet.paste(hidden, ((columns - 1) * SLOT[0], (rows_down - 1) * SLOT[1]))
        (tts / f"deck-{first // per_sheet + 1}.png").write_bytes(png(sheet, CARD_DPI))
    for value in (1, 2, 3):
        image = coin(value)
        (out / "images" / "coins" / f"coin-{value:02d}.png").write_bytes(png(image, DPI))
        cut = image.crop((BLEED, BLEED, image.width - BLEED, image.height - BLEED))
        (out / "images" / "tts" / "coins" / f"coin-{value:02d}.png").write_bytes(png(cut, DPI))


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))
