"""Blocks that flow down pages (``drawing.pdf.flow``): every line once, within the frame, headings kept
with what they head, a long table's heading again on every page; measured on the drawn PDF."""

from __future__ import annotations

import io

import pdfplumber

from grawlix_print.drawing.document import POINT, Document, Metadata
from grawlix_print.drawing.fonts import QUICKSAND, QUICKSAND_BOLD, registered
from grawlix_print.drawing.ink import BLACK
from grawlix_print.drawing.pdf.flow import Picture, Space, Table, Text, place
from grawlix_print.drawing.pdf.typeset import TextStyle, set_text
from grawlix_print.drawing.text import Break, Span

WIDTH, HEIGHT, MARGIN = 300.0, 200.0, 20.0


def style(size: float = 10.0) -> TextStyle:
    return TextStyle(registered(QUICKSAND), registered(QUICKSAND_BOLD), size, 1.2 * size, space_before=4, space_after=3)


def words(n: int, tag: str) -> tuple[Span, ...]:
    return (Span(" ".join(f"{tag}{k}" for k in range(n))),)


def drawn(blocks) -> bytes:
    placed = place(blocks, WIDTH - 2 * MARGIN, HEIGHT - 2 * MARGIN)
    document = Document(Metadata("flow", "", (), (), "", ""), cmyk=False, unit=POINT)
    for n in range(len(placed.pages)):
        surface = document.open_page(WIDTH, HEIGHT)
        placed.draw_page(n, surface, MARGIN, HEIGHT - MARGIN, WIDTH - 2 * MARGIN)
        document.close_page()
    return document.data()


def page_words(data: bytes) -> list[list[dict]]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [page.extract_words() for page in pdf.pages]


def test_every_line_falls_once_inside_the_frame_over_as_many_pages_as_it_takes():
    body = style()
    blocks = [Text(words(120, "a"), body, BLACK), Text(words(90, "b"), body, BLACK)]
    lines = sum(len(set_text(b.runs, body, WIDTH - 2 * MARGIN).lines) for b in blocks)
    pages = page_words(drawn(blocks))
    per_page = int((HEIGHT - 2 * MARGIN) // body.leading)
    assert len(pages) >= -(-lines // per_page) > 1
    found = [w["text"] for page in pages for w in page]
    assert found == [f"a{k}" for k in range(120)] + [f"b{k}" for k in range(90)]  # each word once, in order
    for page in pages:
        assert all(MARGIN - 0.5 <= w["x0"] and w["x1"] <= WIDTH - MARGIN + 0.5 for w in page)
        assert all(MARGIN - 0.5 <= w["top"] and w["bottom"] <= HEIGHT - MARGIN + 3 for w in page)


def test_a_heading_goes_over_the_page_with_what_it_heads():
    body, heading = style(), style(12)
    frame = HEIGHT - 2 * MARGIN
    # lines enough to leave room for the heading, not for it and two lines of what it heads
    lines = next(n for n in range(1, 50) if n * body.leading + body.space_after + heading.space_before + heading.leading
                 + heading.space_after + body.space_before + 2 * body.leading > frame)  # fmt: skip
    assert lines * body.leading + body.space_after + heading.space_before + heading.leading <= frame
    runs = tuple(piece for k in range(lines) for piece in ((Break(),) if k else ()) + (Span(f"line{k}"),))
    blocks = [Text(runs, body, BLACK), Text((Span("Heading"),), heading, BLACK, keep=True), Text(words(40, "h"), body, BLACK)]
    pages = page_words(drawn(blocks))
    assert [w["text"] for w in pages[0]] == [f"line{k}" for k in range(lines)]
    assert pages[1][0]["text"] == "Heading" and pages[1][1]["text"] == "h0"
    unkept = page_words(drawn([*blocks[:1], Text((Span("Heading"),), heading, BLACK), blocks[2]]))
    assert "Heading" in [w["text"] for w in unkept[0]]  # without keep, it stays at the foot of the page


def test_a_long_table_repeats_its_heading_on_every_page_and_shows_each_row_once():
    rows = (("name", "value"), *((f"row{k}", str(k)) for k in range(40)))
    table = Table(rows, (120.0, 60.0), registered(QUICKSAND), registered(QUICKSAND_BOLD), 9.0, BLACK)
    pages = page_words(drawn([Space(10), table]))
    assert len(pages) > 1
    assert all(page[0]["text"] == "name" for page in pages)
    shown = [w["text"] for page in pages for w in page if w["text"].startswith("row")]
    assert shown == [f"row{k}" for k in range(40)]


def test_a_picture_is_never_split_and_is_drawn_where_it_was_placed():
    seen = []
    picture = Picture(100, 150, lambda surface, x, top: seen.append((round(x, 2), round(top, 2))))
    body = style()
    placed = place([Text(words(30, "p"), body, BLACK), picture], WIDTH - 2 * MARGIN, HEIGHT - 2 * MARGIN)
    assert len(placed.pages) == 2 and placed.pages[1][0].block is picture and placed.pages[1][0].top == 0
    drawn([Text(words(30, "p"), body, BLACK), picture])
    assert seen == [(round(MARGIN + (WIDTH - 2 * MARGIN - 100) / 2, 2), HEIGHT - MARGIN)]
