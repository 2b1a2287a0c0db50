"""The backend-neutral drawing layer: the SVG back end on its own, and against the PDF one."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pdfplumber
from reportlab.pdfgen.canvas import Canvas

from grawlix_print.games.grawlix.pictures import example_picture, supply_picture
from grawlix_print.drawing.pdf.surface import PdfSurface
from grawlix_print.drawing.svg import picture_svg
from tileset import COLOURS, TILE_SET

COLOUR_INKS = [c.ink for c in COLOURS]

SVG = "{http://www.w3.org/2000/svg}"


def hex_of(rgb) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in rgb)


def test_svg_is_well_formed_and_deterministic(positions):
    position = positions["example-2"]
    picture = example_picture(position, position.grid.legal_locations())
    first = picture_svg(picture, title="Example 2", description="seventeen tiles")
    assert first == picture_svg(picture, title="Example 2", description="seventeen tiles")
    root = ET.fromstring(first)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert root.find(f"{SVG}title").text == "Example 2"
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    assert (width, height) == (6 * 40.0, 7 * 40.0)  # columns -1..5 hold markers, rows -1..5


def test_svg_places_one_stamp_per_tile_and_labels_every_marker(positions):
    position = positions["example-2"]
    root = ET.fromstring(picture_svg(example_picture(position, position.grid.legal_locations())))
    uses = root.findall(f".//{SVG}use")
    assert len(uses) == len(position.grid) == 17
    labels = sorted(t.text for t in root.iter(f"{SVG}text"))
    assert labels == sorted(position.markers)


def test_supply_chart_shows_every_colour_in_its_screen_ink():
    svg = picture_svg(supply_picture(TILE_SET))
    fills = set(re.findall(r'fill="(#[0-9a-f]{6})"', svg))
    assert {hex_of(ink.rgb) for ink in COLOUR_INKS} <= fills


def test_pdf_back_end_prints_the_same_inks_in_cmyk(positions):
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(300, 300), invariant=1)
    supply_picture(TILE_SET).draw(PdfSurface(canvas, cmyk=True), 10, 290, 40)
    canvas.showPage()
    canvas.save()
    with pdfplumber.open(io.BytesIO(buffer.getvalue())) as pdf:
        colours = {tuple(round(v, 3) for v in c["non_stroking_color"]) for c in pdf.pages[0].curves}
    for ink in COLOUR_INKS:
        assert tuple(round(v, 3) for v in ink.cmyk) in colours
