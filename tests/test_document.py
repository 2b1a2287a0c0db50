"""drawing.document: a product's PDFs without the back end, read back with pypdf."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import PROJECT
from pypdf import PdfReader

from grawlix_print.drawing.document import MM, POINT, Document, Metadata
from grawlix_print.drawing.ink import Ink
from grawlix_print.drawing.surface import rectangle

META = Metadata("A test", "Pages for a test.", ("test",), ("Someone",), "CC0 1.0", "")
RED = Ink((1.0, 0.0, 0.0), (0.0, 1.0, 1.0, 0.0))



def test_pages_in_millimetres_carry_their_trim_and_bleed_boxes(tmp_path):
    document = Document(META, cmyk=True, unit=MM)
    with document.page(100, 50, trim=(10, 5, 90, 45), bleed=(7, 2, 93, 48), label="first") as surface:
        surface.shape(rectangle(10, 5, 80, 40), fill=RED)
    with document.page(50, 100, label="second") as surface:
        surface.shape(rectangle(0, 0, 10, 10), fill=RED)
    path = document.save(tmp_path / "out" / "test.pdf")
    assert path.is_file() and [p.name for p in path.parent.iterdir()] == ["test.pdf"]  # nothing half-written beside it
    reader = PdfReader(str(path))
    first, second = reader.pages
    points = 72 / 25.4
    assert [float(v) for v in first.mediabox] == pytest.approx([0, 0, 100 * points, 50 * points])
    assert [float(v) for v in first.trimbox] == pytest.approx([10 * points, 5 * points, 90 * points, 45 * points])
    assert [float(v) for v in first.bleedbox] == pytest.approx([7 * points, 2 * points, 93 * points, 48 * points])
    assert [float(v) for v in second.mediabox] == pytest.approx([0, 0, 50 * points, 100 * points])
    assert reader.page_labels == ["first", "second"]
    assert reader.metadata.title == "A test"


def test_a_report_flows_over_pages_and_a_press_file_is_pdfx(tmp_path):
    from pdfx_preflight import preflight

    document = Document(META, cmyk=True, unit=POINT, press=True, lang="en")
    for _ in range(3):
        surface = document.open_page(200, 200, trim=(0, 0, 200, 200), bleed=(0, 0, 200, 200))
        surface.shape(rectangle(20, 20, 50, 50), fill=RED)
        document.close_page()
    path = document.save(tmp_path / "press.pdf")
    reader = PdfReader(str(path))
    assert len(reader.pages) == 3 and reader.trailer["/Root"]["/Lang"] == "en"
    assert preflight(path) == []
    with pytest.raises(ValueError):
        document.close_page()  # no page is open
    with pytest.raises(ValueError):
        Document(META, cmyk=False).data()  # a document needs a page


def test_only_the_drawing_layer_and_the_fonts_know_the_pdf_back_end():
    """A product asks the drawing layer for documents, pages and surfaces; reportlab is imported by
    ``drawing/`` and ``fonts/`` alone (an SVG or DXF back end is then one more module there)."""
    package = PROJECT / "grawlix_print"
    found = {
        str(path.relative_to(PROJECT))
        for path in package.rglob("*.py")
        if re.search(r"^\s*(from|import)\s+reportlab", path.read_text(), re.M)
    }
    outside = {name for name in found if not name.startswith(("grawlix_print/drawing/", "grawlix_print/fonts/"))}
    assert not outside, sorted(outside)
    assert any(name.startswith("grawlix_print/drawing/") for name in found)  # the check reads real imports


def test_the_ported_products_name_no_canvas():
    """The ported products draw through the document and its surfaces, never a canvas of their own."""
    for folder in ("products/sheets", "products/leaflet", "products/boxes", "products/ondemand", "playtest",
                   "pieces", "games/spreadsheet"):
        for path in Path(PROJECT / "grawlix_print" / folder).glob("*.py"):
            text = path.read_text()
            assert "new_canvas" not in text and "showPage" not in text and "reportlab" not in text, path
