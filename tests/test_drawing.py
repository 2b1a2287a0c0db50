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


def _picture_pdf(png: bytes, cached: bool) -> bytes:
    """A two-page PDF drawing one picture five times: twice on each page (once scaled, once inside
    a stamp placed twice); ``cached`` off, every draw goes through reportlab's own ``drawImage``."""
    from grawlix_print.drawing import surface as drawing
    from grawlix_print.drawing.pdf import surface as pdf_surface

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 200), invariant=1)
    surface = PdfSurface(canvas, cmyk=False)
    picture = drawing.Raster(png, 4, 3, "image/png")

    def draw(x: float, y: float, w: float, h: float) -> None:
        if not cached:
            pdf_surface._IMAGES.pop(canvas, None)
        surface.image(picture, x, y, w, h)

    for page in range(2):
        draw(10, 10, 40, 30)
        surface.stamp("framed", 30, lambda inner: draw(-20, -15, 40, 30))
        with surface.transformed(100, 100):
            surface.stamp("framed", 30, lambda inner: draw(-20, -15, 40, 30))
        draw(120 - page * 10, 20, 80, 60)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_a_picture_drawn_again_is_the_same_file_reportlab_writes_and_stored_once():
    """A picture drawn again is placed by the name reportlab gave it rather than decoded again: the
    file is byte for byte the one reportlab writes when every draw decodes the picture, it holds the
    picture once, and each page shows it where it was drawn."""
    from PIL import Image

    image = Image.new("RGBA", (4, 3), (200, 30, 40, 255))
    image.putpixel((0, 0), (0, 0, 0, 0))
    file = io.BytesIO()
    image.save(file, format="PNG")
    made = _picture_pdf(file.getvalue(), cached=True)
    assert made == _picture_pdf(file.getvalue(), cached=False)
    assert len(re.findall(rb"/Subtype /Image", made)) == 2  # the picture and its mask, once each
    with pdfplumber.open(io.BytesIO(made)) as pdf:
        for number, page in enumerate(pdf.pages):
            boxes = sorted((round(i["x0"]), round(i["bottom"]), round(i["width"]), round(i["height"])) for i in page.images)
            assert (10, 190, 40, 30) in boxes and (120 - number * 10, 180, 80, 60) in boxes, boxes


def test_a_page_rendered_in_rgb_order_is_the_image_pdfium_gives_in_its_own():
    """``page_image`` asks pdfium for RGB bytes: the same pixels as its own BGR order turned round."""
    import pypdfium2

    from grawlix_print.drawing.png import page_image

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(60, 40))
    for k, rgb in enumerate(((0.9, 0.1, 0.2), (0.1, 0.7, 0.3), (0.2, 0.3, 0.95))):
        canvas.setFillColorRGB(*rgb)
        canvas.circle(12 + 18 * k, 20, 9, stroke=0, fill=1)
    canvas.save()
    page = pypdfium2.PdfDocument(buffer.getvalue())[0]
    made = page_image(page, 2.0, (250, 240, 230, 255))
    theirs = page.render(scale=2.0, fill_color=(250, 240, 230, 255)).to_pil().convert("RGB")
    assert made.mode == "RGB" and made.size == (120, 80) and made.tobytes() == theirs.tobytes()
    assert made.getpixel((24, 40))[0] > 200 and made.getpixel((96, 40))[2] > 200 and made.getpixel((1, 1)) == (250, 240, 230)
