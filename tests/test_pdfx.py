"""Every file meant for a print shop passes a PDF/X-1a:2003 preflight (``pdfx_preflight``).

The press files are the leaflet's press edition, the tile, sticker and card
sheets (every paper, marking and arrangement the kit builds) and Permutations'
press booklet. The preflight is first shown to fail on files that break each
rule, so a pass means something.
"""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pytest
from reportlab.lib.units import mm

from grawlix_print.drawing.pdf.canvas import Metadata, new_canvas, saved
from grawlix_print.drawing.pdf.pdfx import FOGRA39, PDFX_VERSION, press_ready
from grawlix_print.games import game
from grawlix_print.products.leaflet.build import build_leaflet
from grawlix_print.products.sheets.build import build_sheets

from pdfx_preflight import preflight

META = Metadata("A test", "A file to preflight.", ("test",), ("Someone",), "CC BY 4.0", "https://example.org/")


@pytest.fixture(scope="module")
def press_files(tmp_path_factory) -> list[Path]:
    """The press files of both games: every layout (each paper, each arrangement) and every face
    (each marking). A marking changes the faces, not where they lie, and a paper the layout, not the
    faces: so A4 takes every marking and Letter one (shapes) that stands for the rest."""
    out = tmp_path_factory.mktemp("press")
    written = []
    grawlix, permutations = game("grawlix"), game("permutations")
    for paper in ("a4", "letter"):
        written += build_leaflet(grawlix, out / "leaflet", paper, reading=False)
        written += build_leaflet(permutations, out / "booklet", paper, reading=False)
        for markings in ("none", "letters", "shapes") if paper == "a4" else ("shapes",):
            written += build_sheets(grawlix, out / "sheets", paper, markings=markings)
            written += build_sheets(permutations, out / "sheets", paper, markings=markings)
        written += build_sheets(grawlix, out / "sheets", paper, arrangement="gutter-fold", back_design="dark")
        written += build_sheets(permutations, out / "sheets", paper, arrangement="gutter-fold")
    return [w.path for w in written if w.kind in ("leaflet-press", "leaflet-press-booklet") or "sheets" in w.kind]


def test_every_press_file_passes_the_preflight(press_files):
    names = {path.name for path in press_files}
    assert {"leaflet-press-a4.pdf", "leaflet-press-letter.pdf", "tiles-a4.pdf", "stickers-letter-shapes.pdf",
            "cards-a4.pdf", "cards-letter-shapes.pdf", "cards-a4-letters-gutter-fold.pdf",
            "tiles-a4-letters.pdf", "tiles-letter-letters-gutter-fold-dark-backs.pdf"} <= names  # fmt: skip
    for path in press_files:
        assert preflight(path) == [], path.name


def test_press_files_name_their_printing_condition(press_files):
    for path in press_files:
        reader = pypdf.PdfReader(path)
        (intent,) = [i.get_object() for i in reader.trailer["/Root"]["/OutputIntents"]]
        assert intent["/OutputConditionIdentifier"] == "FOGRA39" and intent["/S"] == "/GTS_PDFX"
        assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1a:2003"


def test_the_press_leaflet_keeps_its_words_but_not_its_links(tmp_path):
    """The home tri-fold links the licence and the designer's site; the press edition sets the
    same words without the two link annotations that lay inside its trim."""
    written = build_leaflet(game("grawlix"), tmp_path, "a4", reading=False)
    home, press = (pypdf.PdfReader(w.path) for w in written)
    assert len(home.pages[0].get("/Annots", [])) == 2
    assert all("/Annots" not in page for page in press.pages)
    assert "creativecommons.org" in press.pages[0].extract_text()


# --- the preflight can fail ---------------------------------------------------------------


def _bad_file(**faults) -> bytes:
    """A small file with the faults named, each breaking one rule of PDF/X-1a."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (100 * mm, 100 * mm), META)
    if not faults.get("no_pdfx"):
        press_ready(canvas)
    if not faults.get("no_trim"):
        canvas.setTrimBox((10 * mm, 10 * mm, 90 * mm, 90 * mm))
        canvas.setBleedBox((7 * mm, 7 * mm, 93 * mm, 93 * mm))
    canvas.setFillColorCMYK(0, 0, 0, 1)
    canvas.setStrokeColorCMYK(0, 0, 0, 1)
    canvas.setLineWidth(0.2 if faults.get("thin") else 0.5)
    canvas.line(20 * mm, 20 * mm, 80 * mm, 20 * mm)
    if faults.get("rgb"):
        canvas.setFillColorRGB(1, 0, 0)
        canvas.rect(30 * mm, 30 * mm, 10 * mm, 10 * mm, stroke=0, fill=1)
    if faults.get("link"):
        canvas.linkURL("https://example.org/", (30 * mm, 50 * mm, 60 * mm, 55 * mm), thickness=0)
    if faults.get("alpha"):
        canvas.setFillAlpha(0.5)
        canvas.rect(50 * mm, 30 * mm, 10 * mm, 10 * mm, stroke=0, fill=1)
    if faults.get("helvetica"):
        canvas.setFont("Helvetica", 9)  # one of the 14 standard fonts, which reportlab never embeds
        canvas.drawString(20 * mm, 60 * mm, "not embedded")
    canvas.showPage()
    return saved(canvas, buffer)


@pytest.mark.parametrize(
    ("fault", "expected"),
    [
        ("no_pdfx", "GTS_PDFXVersion"),
        ("no_pdfx", "output intents"),
        ("no_trim", "no TrimBox"),
        ("thin", "strokes under 0.25 pt"),
        ("rgb", "RGB colour"),
        ("link", "Link annotation inside the BleedBox"),
        ("alpha", "(transparency)"),
        ("helvetica", "is not embedded"),
    ],
)
def test_the_preflight_finds_each_fault(tmp_path, fault, expected):
    clean = tmp_path / "clean.pdf"
    clean.write_bytes(_bad_file())
    assert preflight(clean) == []
    broken = tmp_path / f"{fault}.pdf"
    broken.write_bytes(_bad_file(**{fault: True}))
    assert any(expected in problem for problem in preflight(broken)), preflight(broken)


def test_an_unregistered_condition_without_a_profile_fails(tmp_path):
    from dataclasses import replace

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (50 * mm, 50 * mm), META)
    press_ready(canvas, replace(FOGRA39, identifier="My own press"))
    canvas.setTrimBox((0, 0, 50 * mm, 50 * mm))
    canvas.showPage()
    path = tmp_path / "own.pdf"
    path.write_bytes(saved(canvas, buffer))
    assert any("not a registered condition" in p for p in preflight(path))


def test_the_xmp_packet_names_the_same_version():
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (50 * mm, 50 * mm), META)
    press_ready(canvas)
    canvas.showPage()
    reader = pypdf.PdfReader(io.BytesIO(saved(canvas, buffer)))
    packet = reader.trailer["/Root"]["/Metadata"].get_object().get_data().decode()
    assert f"<pdfx:GTS_PDFXVersion>{PDFX_VERSION}</pdfx:GTS_PDFXVersion>" in packet
