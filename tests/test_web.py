"""`grawlix-print web`: the Markdown and HTML editions, read back and opened in a real browser.

Expected values come from the seeds and design.md (typed in here), the
independent oracle, GitHub's anchor rules and WCAG's contrast formula, none
from the code under test. One headless Chromium serves every browser check.
"""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.errors import StudioError
from grawlix_print.products.web.browser import find_browser, headless_chromium
from grawlix_print.games import game
from grawlix_print.products.web.build import build_web

from conftest import TEMPLATES
from oracle import legal_locations as oracle_locations
from test_leaflet import dotted_squares

SVG = "{http://www.w3.org/2000/svg}"
GLYPH_NAMES = ("at sign", "octothorpe", "dollar sign", "percent sign", "ampersand", "asterisk")  # components.toml
DIAGRAMS = {"cover", "supply", "colour-marks", "example-1", "example-2", "largest-grid"}

# Sentences whose numbers and sets the engine computes (seeds 000 and 003, design.md).
COMPUTED = [
    "the grid holds seventeen tiles",
    "the sixteen places where the next tile could go",
    "which leaves the glyphs #, % and & and the colours red, yellow and violet",
    "the seven places where the next tile could go",
    "until each player holds four tiles",
    "9,408 reduced Latin squares",  # OEIS A000315
    "the largest legal grid holds thirty-four tiles",
]


@pytest.fixture(scope="module")
def web(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("web")
    build_web(game(templates=TEMPLATES), out)
    return out


def test_files_and_same_bytes_twice(web, tmp_path):
    names = {p.relative_to(web).as_posix() for p in web.rglob("*") if p.is_file()}
    assert names == {"rules.md", "rules.html", *(f"diagrams/{d}.svg" for d in DIAGRAMS)}
    build_web(game(templates=TEMPLATES), tmp_path)
    for name in names:
        assert (tmp_path / name).read_bytes() == (web / name).read_bytes(), name


# --- the Markdown edition ---------------------------------------------------------------


def github_anchor(heading: str) -> str:
    """GitHub's rule, restated: lower case, drop punctuation but hyphens, spaces to hyphens."""
    return "".join(ch for ch in heading.lower() if ch.isalnum() or ch in " -_").replace(" ", "-")


def test_markdown_links_resolve(web):
    text = (web / "rules.md").read_text()
    headings = [github_anchor(h) for h in re.findall(r"^#+ (.+)$", text, re.MULTILINE)]
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    images = re.findall(r"!\[([^\]]+)\]\(([^)]+)\)", text)
    assert {Path(src).stem for _, src in images} == DIAGRAMS
    for alt, _ in images:
        assert len(alt) > 40  # says what the picture shows, not just its name
    for target in targets:
        if target.startswith("#"):
            assert target[1:] in headings, target
        elif target.startswith("../"):
            continue  # the kit's other files: resolved in a built kit (test_all.py)
        elif not target.startswith(("http://", "https://", "mailto:")):
            assert (web / target).is_file(), target


def test_markdown_reads_as_the_rules(web):
    text = (web / "rules.md").read_text()
    plain = re.sub(r"\\(.)", r"\1", text).replace("**", "")
    plain = re.sub(r" \((at sign|octothorpe|dollar sign|percent sign|ampersand|asterisk)\)", "", plain)
    for phrase in COMPUTED:
        assert phrase in " ".join(plain.split()), phrase
    # The rules' sub-points are a nested list under their rule, as GitHub renders them.
    assert "2. its glyph differs from the glyph of every other tile in\n   - its row, and\n   - its column;" in text
    assert "**\\$**" in text and "**\\***" in text  # glyphs escaped: no maths, no emphasis


# --- Example 2's SVG, measured ------------------------------------------------------------


@dataclass
class Vectors:
    dotted: list


def _translation(element) -> tuple[float, float] | None:
    match = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", element.get("transform", ""))
    return (float(match.group(1)), float(match.group(2))) if match else None


def svg_picture(path: Path):
    """Tile centres (each <g translate> around a <use>), dotted segments, labels: y-up units."""
    root = ET.parse(path).getroot()
    flip = root.find(f"{SVG}g")
    centres, dotted, labels = [], [], {}
    for group in flip.iter(f"{SVG}g"):
        if group.find(f"{SVG}use") is not None and _translation(group):
            centres.append(_translation(group))
    for element in flip.iter(f"{SVG}path"):
        if element.get("stroke-dasharray"):
            numbers = [float(v) for v in re.findall(r"-?[\d.]+", element.get("d"))]
            assert re.fullmatch(r"(M[-\d. ]+L[-\d. ]+)+", element.get("d"))
            for k in range(0, len(numbers), 4):
                dotted.append(((numbers[k], numbers[k + 1]), (numbers[k + 2], numbers[k + 3])))
    for text in flip.iter(f"{SVG}text"):
        labels[text.text] = _translation(text)
    return centres, dotted, labels


def test_example_2_svg_dots_exactly_the_oracles_legal_locations(web, positions):
    centres, dotted, labels = svg_picture(web / "diagrams" / "example-2.svg")
    xs = sorted({round(x, 2) for x, _ in centres})
    cell = min(b - a for a, b in zip(xs, xs[1:]))
    origin = (min(x for x, _ in centres), max(y for _, y in centres))
    cells = {(round((origin[1] - y) / cell), round((x - origin[0]) / cell)) for x, y in centres}
    tiles = positions["example-2"].grid.tiles()
    assert cells == set(tiles)
    found = dotted_squares(Vectors(dotted), cells, cell, origin)
    assert found == set(oracle_locations(tiles, 6, 6))
    assert len(found) == 16  # seed 000: sixteen dotted squares
    for label, (row, column) in {"?": (-1, 0), "!": (5, 2)}.items():  # design.md's markers
        x, y = labels[label]
        assert abs(x - (origin[0] + column * cell)) < cell / 2
        assert abs(y - (origin[1] - row * cell)) < cell / 2


# --- the same checks as the leaflet -------------------------------------------------------


def test_a_false_claim_fails_the_web_build_and_writes_nothing(templates_copy, tmp_path):
    path = templates_copy / "positions" / "example-2.toml"
    path.write_text(path.read_text().replace('"!" = [5, 2]', '"!" = [4, 1]'))
    with pytest.raises(StudioError) as caught:
        build_web(game(templates=templates_copy), tmp_path / "out")
    assert "example-2.toml" in str(caught.value) and "? closes !" in str(caught.value)
    assert not (tmp_path / "out").exists()


def test_web_command_without_screenshots(tmp_path):
    result = CliRunner().invoke(main, ["web", "--out", str(tmp_path), "--no-previews"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "web" / "rules.html").is_file() and not (tmp_path / "previews").exists()


def test_web_command_says_when_screenshots_are_skipped(tmp_path, monkeypatch):
    monkeypatch.setenv("GRAWLIX_PRINT_SCREENSHOTS", "on")
    monkeypatch.setattr("grawlix_print.products.web.previews.find_browser", lambda: None)
    result = CliRunner().invoke(main, ["web", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "screenshots skipped" in result.stderr and (tmp_path / "web" / "rules.html").is_file()


# --- in a real browser ----------------------------------------------------------------------

needs_browser = pytest.mark.skipif(find_browser() is None, reason="no headless Chromium (chromium-driver)")


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """WCAG 2 contrast ratio of two sRGB colours (0-255)."""

    def luminance(rgb):
        linear = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb[:3]]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


MEASURE = """
const svgs = [...document.querySelectorAll('figure svg')];
const text = [...document.querySelectorAll('p, li, h1, h2, h3, a')];
return {
  innerWidth: window.innerWidth,
  scrollWidth: document.documentElement.scrollWidth,
  widest: Math.max(...[...document.body.querySelectorAll('*')].map(e => e.getBoundingClientRect().right)),
  text: document.body.innerText,
  fonts: [...document.fonts].filter(f => f.status === 'loaded').map(f => f.family + ' ' + f.weight),
  diagrams: svgs.map(s => ({
    width: s.getBoundingClientRect().width,
    title: (document.getElementById(s.getAttribute('aria-labelledby')) || {}).textContent || '',
    desc: (s.querySelector('desc') || {}).textContent || '',
    role: s.getAttribute('role'),
    unresolved: [...s.querySelectorAll('use')].filter(u => !document.querySelector(u.getAttribute('href'))).length,
  })),
  anchors: [...document.querySelectorAll('a[href^="#"]')].map(a => a.getAttribute('href'))
    .filter(h => !document.getElementById(h.slice(1))),
  headingsWithoutId: [...document.querySelectorAll('h2, h3')].filter(h => !h.id).length,
  colours: text.map(e => [getComputedStyle(e).color, e.tagName]),
  background: getComputedStyle(document.body).backgroundColor,
};
"""

IMAGES = """
const done = arguments[arguments.length - 1];
const images = [...document.images];
Promise.all(images.map(i => i.decode().then(() => true, () => false)))
  .then(ok => done(images.map((i, k) => [i.getAttribute('src'), ok[k] && i.naturalWidth > 0])));
"""


def rgb(css: str) -> tuple[float, ...]:
    return tuple(float(v) for v in re.findall(r"[\d.]+", css)[:3])


@pytest.fixture(scope="module")
def browser():
    if find_browser() is None:
        pytest.skip("no headless Chromium (chromium-driver)")
    with headless_chromium() as driver:
        yield driver


def open_at(driver, page: Path, width: int) -> dict:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver.get(page.resolve().as_uri())
    driver.execute_async_script("document.fonts.ready.then(arguments[arguments.length - 1])")
    return driver.execute_script(MEASURE)


@needs_browser
@pytest.mark.parametrize("width", [360, 1280])
def test_html_in_a_browser(browser, web, width):
    page = open_at(browser, web / "rules.html", width)
    assert page["innerWidth"] == width
    assert page["scrollWidth"] <= width and page["widest"] <= width + 0.5  # no sideways scrolling
    text = " ".join(re.sub(f"\\s*({'|'.join(GLYPH_NAMES)})\\n", "", page["text"]).split())  # names are heard, not seen
    assert [p for p in COMPUTED if p not in text] == []
    assert {"Quicksand 400", "Quicksand 700"} <= set(page["fonts"])  # the embedded faces load
    assert len(page["diagrams"]) == len(DIAGRAMS)
    for diagram in page["diagrams"]:
        assert diagram["role"] == "img" and diagram["title"] and len(diagram["desc"]) > 60
        assert diagram["unresolved"] == 0 and 200 <= diagram["width"] <= width
    example_2 = next(d for d in page["diagrams"] if d["title"] == "Example 2")
    assert "octothorpe, percent sign or ampersand in red, yellow or violet" in example_2["desc"]  # what fits at ?
    assert page["anchors"] == [] and page["headingsWithoutId"] == 0
    background = rgb(page["background"])
    for colour, tag in page["colours"]:
        assert contrast(rgb(colour), background) >= 4.5, (tag, colour)


@needs_browser
def test_print_stylesheet_hides_the_contents(browser, web):
    open_at(browser, web / "rules.html", 1280)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        hidden = browser.execute_script("return getComputedStyle(document.querySelector('nav')).display")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert hidden == "none"


@needs_browser
def test_every_markdown_image_loads_in_a_browser(browser, web):
    """The Markdown's images, each opened as an <img> the way GitHub shows them."""
    text = (web / "rules.md").read_text()
    sources = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    page = web / "images.html"
    page.write_text("".join(f'<img src="{src}">' for src in sources))
    try:
        browser.get(page.resolve().as_uri())
        loaded = browser.execute_async_script(IMAGES)
    finally:
        page.unlink()
    assert len(loaded) == len(DIAGRAMS) and all(ok for _, ok in loaded), loaded


@needs_browser
def test_screenshots_at_360_and_1280(browser, web, tmp_path, monkeypatch):
    """The previews: whole pages as wide as the screens, kept while the page is unchanged."""
    from PIL import Image

    from grawlix_print.products.web.previews import page_screenshots

    monkeypatch.setenv("GRAWLIX_PRINT_SCREENSHOTS", "on")
    page = tmp_path / "rules.html"
    shutil.copy(web / "rules.html", page)
    written, note = page_screenshots(page, tmp_path / "previews", driver=browser)
    assert note == ""
    sizes = {}
    for item in written:
        with Image.open(item.path) as image:
            sizes[item.params["width"]] = image.size
            grey = image.convert("L")
            assert grey.getextrema()[0] < 64  # something dark is drawn
    assert sizes[360][0] == 360 and sizes[1280][0] == 1280
    assert sizes[360][1] > sizes[1280][1] > 2000  # whole pages; the narrow one is taller
    before = {item.path: item.path.stat().st_mtime_ns for item in written}
    monkeypatch.setattr("grawlix_print.products.web.previews.find_browser", lambda: None)
    again, note = page_screenshots(page, tmp_path / "previews")  # unchanged page: no browser needed
    assert note == "" and {item.path: item.path.stat().st_mtime_ns for item in again} == before


# --- issue 19: dark mode, screen readers, print, weight -------------------------------------


def svg_colour(value: str) -> tuple[float, ...]:
    return tuple(int(value[k : k + 2], 16) for k in (1, 3, 5))


@pytest.mark.parametrize("name", sorted(DIAGRAMS))
def test_every_diagram_carries_its_own_ground(web, name):
    """GitHub's dark theme put the tile outlines at 1.15:1 and the dashes at 1.83:1 on a
    transparent picture. Each picture now fills its whole view with a light ground first,
    and every line and dash on it keeps 3:1 or more against it."""
    root = ET.parse(web / "diagrams" / f"{name}.svg").getroot()
    x, y, width, height = (float(v) for v in root.get("viewBox").split())
    ground = next(e for e in root if e.tag == f"{SVG}rect")
    assert [float(ground.get(k)) for k in ("x", "y", "width", "height")] == [x, y, width, height]
    assert list(root).index(ground) < list(root).index(root.find(f"{SVG}g"))  # beneath the drawing
    background = svg_colour(ground.get("fill"))
    assert contrast(background, (0, 0, 0)) > 15  # light: white or near it
    strokes = {e.get("stroke") for e in root.iter() if e.get("stroke") not in (None, "none")}
    assert strokes or name == "colour-marks"  # the legend's marks are filled, in black
    for stroke in strokes:
        assert contrast(svg_colour(stroke), background) >= 3.0, (name, stroke)


def test_dashes_are_heavy_and_dark(web):
    """The dotted squares were 1.02 pt dots at 75 % black; the designer draws black dashes."""
    root = ET.parse(web / "diagrams" / "example-2.svg").getroot()
    (dashes,) = [e for e in root.iter(f"{SVG}path") if e.get("stroke-dasharray")]
    assert contrast(svg_colour(dashes.get("stroke")), (255, 255, 255)) >= 15  # black, not grey
    on, off = (float(v) for v in dashes.get("stroke-dasharray").split())
    assert on >= 1.5 and on > off  # dashes longer than their gaps, not dots
    assert float(dashes.get("stroke-width")) >= 1.5  # CSS pixels: 1.1 pt or more


def test_the_page_shares_each_tile_and_stays_light(web):
    html = (web / "rules.html").read_text()
    assert len(html.encode()) < 160_000  # was 256 KB, 163 KB of it repeated tiles
    symbols = re.findall(r'<symbol id="([^"]+)"', html)
    assert len(symbols) == len(set(symbols)) <= 36  # each tile drawn once for the whole page
    uses = re.findall(r'<use href="#([^"]+)"', html)
    assert set(uses) == set(symbols) and len(uses) > 3 * len(symbols)
    assert re.search(r'<link rel="icon" href="data:image/svg\+xml,', html)  # no request for a favicon


def dark(driver, on: bool) -> None:
    value = "dark" if on else "light"
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": value}]})


def luminance(rgb_values) -> float:
    return contrast(rgb_values, (0, 0, 0))


@needs_browser
def test_dark_mode_is_dark_and_readable(browser, web):
    dark(browser, True)
    try:
        page = open_at(browser, web / "rules.html", 360)
    finally:
        dark(browser, False)
    background = rgb(page["background"])
    assert luminance(background) < 1.5  # a dark page, not the forced white of before
    for colour, tag in page["colours"]:
        assert contrast(rgb(colour), background) >= 4.5, (tag, colour)


AX_TEXT = """
const names = [];
for (const a of document.querySelectorAll('h2 a.anchor, h3 a.anchor')) names.push(a.getAttribute('aria-label'));
return names;
"""


@needs_browser
def test_screen_readers_hear_section_links_and_glyph_names(browser, web):
    from selenium.webdriver.common.by import By

    open_at(browser, web / "rules.html", 1280)
    anchors = browser.find_elements(By.CSS_SELECTOR, "h2 a.anchor, h3 a.anchor")
    names = [a.accessible_name for a in anchors]  # Chromium's own computation
    assert len(names) >= 12 and len(set(names)) == len(names)  # no twelve "Link to this section"
    headings = [h.text.rstrip("#").strip() for h in browser.find_elements(By.CSS_SELECTOR, "h2, h3")]
    assert all(any(h in n for h in headings) for n in names)
    said = " ".join(spoken_text(browser).split())
    assert "the red ampersand" in said or "red ampersand" in said
    assert "blue at sign, orange asterisk and green dollar sign" in said
    assert " & " not in said.replace("@#$%&*", "")  # no bare ampersand left to be read "and"


def spoken_text(driver) -> str:
    """What a screen reader reads, in reading order: Chromium's accessibility tree, its text
    leaves walked depth first (hidden and ignored nodes left out)."""
    nodes = {n["nodeId"]: n for n in driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]}
    root = next(n for n in nodes.values() if not n.get("parentId"))
    out: list[str] = []

    def walk(node) -> None:
        if node.get("role", {}).get("value") in ("StaticText", "staticText") and not node.get("ignored"):
            out.append(node.get("name", {}).get("value", ""))
        for child in node.get("childIds", []):
            if child in nodes:
                walk(nodes[child])

    walk(root)
    return "".join(out)


PRINT_LINES = """
const counts = [];
for (const p of document.querySelectorAll('main p, main li')) {
  const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
  const lines = new Map();
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node.parentElement.closest('.said, [aria-hidden="true"] .x')) continue;
    for (let k = 0; k < node.length; k++) {
      const range = document.createRange(); range.setStart(node, k); range.setEnd(node, k + 1);
      const box = range.getBoundingClientRect();
      if (!box.width) continue;
      const top = Math.round(box.top);
      lines.set(top, (lines.get(top) || 0) + 1);
    }
  }
  counts.push(...lines.values());
}
const licence = [...document.querySelectorAll('a[href^="http"]')].filter(a => a.textContent.includes('creativecommons'));
const beforeFigure = [...document.querySelectorAll('p + figure')].map(f => getComputedStyle(f.previousElementSibling).breakAfter);
return {widest: Math.max(...counts), licenceAfter: licence.map(a => getComputedStyle(a, '::after').content),
        beforeFigure: beforeFigure};
"""


@needs_browser
def test_printed_on_a4_lines_stay_near_80_characters_and_diagrams_stay_with_their_words(browser, web):
    """A4 less 18 mm margins is 174 mm, 658 CSS pixels: the printed page's width."""
    open_at(browser, web / "rules.html", 658)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        measured = browser.execute_script(PRINT_LINES)
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert 60 <= measured["widest"] <= 85, measured["widest"]
    assert measured["licenceAfter"] and all(c in ("none", "normal") for c in measured["licenceAfter"])
    assert measured["beforeFigure"] and set(measured["beforeFigure"]) == {"avoid"}
