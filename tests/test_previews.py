"""Previews of the PDFs a product writes, made on two threads while the build goes on."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from grawlix_print.errors import StudioError
from grawlix_print.products.previews import Previewer, Wanted, previews

COLOURS = [(200, 30, 30), (30, 160, 60), (40, 60, 200), (230, 200, 40), (20, 20, 20)]


def coloured_pdf(path: Path, colours: list[tuple[int, int, int]], size: tuple[float, float] = (300, 200)) -> Path:
    """A page of each colour, filled edge to edge."""
    canvas = Canvas(str(path), pagesize=size, invariant=1)
    for r, g, b in colours:
        canvas.setFillColorRGB(r / 255, g / 255, b / 255)
        canvas.rect(0, 0, *size, stroke=0, fill=1)
        canvas.showPage()
    canvas.save()
    return path


def made(folder: Path, threads: int) -> tuple[list, dict[str, bytes]]:
    one = coloured_pdf(folder / "one.pdf", COLOURS)
    two = coloured_pdf(folder / "two.pdf", COLOURS[::-1])
    out = folder / f"previews-{threads}"
    with Previewer(out, threads) as previewer:
        previewer.add(Wanted(one, 150, most=3))
        previewer.add(Wanted(two, 90))
        written = previewer.done()
    return written, {p.name: p.read_bytes() for p in out.iterdir()}


def test_previews_on_two_threads_are_the_pages_in_order_and_the_bytes_of_one_thread(tmp_path):
    """Each page wanted, in the order added, its own colour, as wide as asked; two threads write the
    same bytes as one (the threads share pdfium one call at a time). Mutants: pages taken as they
    finish instead of as added; ``most`` ignored."""
    written, files = made(tmp_path, 2)
    alone, files_alone = made(tmp_path, 1)
    assert files == files_alone
    names = [w.path.name for w in written]
    assert names == ["one-1.png", "one-2.png", "one-3.png", *(f"two-{k}.png" for k in range(1, 6))]
    assert [(w.params["of"], w.params["page"]) for w in written] == [("one.pdf", k) for k in (1, 2, 3)] + [
        ("two.pdf", k) for k in range(1, 6)
    ]
    for item, colour in zip(written, COLOURS[:3] + COLOURS[::-1], strict=True):
        image = Image.open(item.path).convert("RGB")
        assert image.width == (150 if item.params["of"] == "one.pdf" else 90)
        assert max(abs(a - b) for a, b in zip(image.getpixel((image.width // 2, image.height // 2)), colour)) <= 2


def test_a_preview_that_cannot_be_written_is_one_error_and_leaves_no_part_file(tmp_path):
    """The previews' folder is a file: the first page's error is raised where the product waits, the
    pages not begun are dropped, and nothing half-written is left beside it."""
    pdf = coloured_pdf(tmp_path / "sheet.pdf", COLOURS)
    blocked = tmp_path / "previews"
    blocked.write_text("a file where the folder goes")
    with pytest.raises(StudioError):
        previews([Wanted(pdf, 100)], blocked)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["previews", "sheet.pdf"]


def test_an_error_in_the_build_drops_the_previews_not_begun(tmp_path):
    """The product fails while its previews are under way: leaving the block waits for the pages
    begun (each written whole) and begins no other."""
    pdf = coloured_pdf(tmp_path / "long.pdf", COLOURS * 20)
    out = tmp_path / "previews"
    with pytest.raises(RuntimeError), Previewer(out, 2) as previewer:
        previewer.add(Wanted(pdf, 600))
        raise RuntimeError("the next sheet failed")
    left = sorted(out.iterdir()) if out.exists() else []
    assert len(left) < 100
    for path in left:
        assert Image.open(path).width == 600  # whole files only
