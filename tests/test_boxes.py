"""Boxes: each kind's net, measured in the PDF's lines and folded shut by an oracle (``box_oracle``).

The sizes expected here are worked out from the kinds and the options alone, as the README
defines them (a panel measures between the middles of the card at its folds): a tuck box's
panels are its inside plus one card thickness; a tray's base its inside plus three, its walls
the depth plus two; a lid's inside is its tray's outside plus 1 mm.
"""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import numpy as np
import pypdfium2
import pytest
from box_oracle import area, fold, inside, panels_of, read_net
from click.testing import CliRunner
from pdf_vectors import page_marks
from pdfx_preflight import preflight
from pypdf import PdfReader

from grawlix_print.cli import main
from grawlix_print.games import game

STOCK, CLEARANCE, BLEED = 0.4, 1.0, 3.0
CARD, TILE = 0.32, 0.4  # a piece's thickness unless told: 300 g/m² card; a layer of the sheets' card stock
LID_ROOM = 1.0
TOL = 0.05


def build(out: Path, *args: str) -> list[Path]:
    result = CliRunner().invoke(main, ["boxes", "--out", str(out), *args])
    assert result.exit_code == 0, result.output
    return sorted((out / "boxes").glob("*.pdf"))


def stacks(count: int, width: float, thickness: float) -> tuple[int, int, int]:
    """Columns, rows and height of the fewest stacks no taller than a piece is wide, as square as can be."""
    n = 1
    while math.ceil(count / n) * thickness > width + 1e-9:
        n += 1
    columns = math.ceil(math.sqrt(n) - 1e-9)
    rows = math.ceil(n / columns)
    return columns, rows, math.ceil(count / (columns * rows))


def tuck_panels(width: float, height: float, count: int, thickness: float = CARD, t: float = STOCK,
                c: float = CLEARANCE) -> tuple[float, float, float]:  # fmt: skip
    """A tuck box's front (W x H) and side (D), fold to fold."""
    return (width + c + t, height + c + t, count * thickness + c + t)


def tray_panels(width: float, height: float, count: int, thickness: float = TILE, t: float = STOCK,
                c: float = CLEARANCE) -> tuple[float, float, float]:  # fmt: skip
    columns, rows, high = stacks(count, max(width, height), thickness)
    return (columns * width + c + 3 * t, rows * height + c + 3 * t, high * thickness + c + 2 * t)


def lid_panels(tray: tuple[float, float, float], t: float = STOCK) -> tuple[float, float, float]:
    """The tray's outside (a panel plus one thickness; its height the rim's top) plus the lid's room."""
    length, width, depth = tray
    inside = (length + t + LID_ROOM, width + t + LID_ROOM, depth + t)
    return (inside[0] + 3 * t, inside[1] + 3 * t, inside[2] + 2 * t)


# --- reading and folding one page ----------------------------------------------------------------


def glue_spots(path: Path, index: int) -> list[tuple[float, float]]:
    """The middle of every word "glue" printed on the page, in millimetres."""
    document = pypdfium2.PdfDocument(str(path))
    text = document[index].get_textpage()
    chars = [(text.get_text_range(i, 1), text.get_charbox(i)) for i in range(text.count_chars())]
    chars = [(c, box) for c, box in chars if c.strip()]
    spots = []
    for k in range(len(chars) - 3):
        if "".join(c for c, _ in chars[k : k + 4]) == "glue":
            boxes = [box for _, box in chars[k : k + 4]]
            x = (min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2
            y = (min(b[1] for b in boxes) + max(b[3] for b in boxes)) / 2
            spots.append((x * 25.4 / 72, y * 25.4 / 72))
    document.close()
    return spots


def page_text(path: Path, index: int) -> str:
    document = pypdfium2.PdfDocument(str(path))
    text = document[index].get_textpage().get_text_range()
    document.close()
    return " ".join(text.split())


class Folded:
    """A page's net read from the PDF, its panels, and the box they fold into."""

    def __init__(self, path: Path, index: int, rim: float | None = None) -> None:
        self.net = read_net(path, index)
        lines = self.net.cuts + self.net.mountains + self.net.valleys
        self.panels = panels_of(lines)
        self.root = max(range(len(self.panels)), key=lambda k: area(self.panels[k]))
        xs = [x for x, _ in self.panels[self.root]]
        ys = [y for _, y in self.panels[self.root]]
        self.base = (min(xs), min(ys), max(xs), max(ys))
        folds = []
        for segment in self.net.mountains:
            (x0, y0), (x1, y1) = segment
            double = rim is not None and abs(y0 - y1) < TOL and (
                abs(y0 - (self.base[1] - rim)) < TOL or abs(y0 - (self.base[3] + rim)) < TOL)  # fmt: skip
            folds.append((segment, False, 180.0 if double else 90.0))
        folds += [(segment, True, 90.0) for segment in self.net.valleys]
        self.corners = fold(self.panels, folds, self.root)
        spots = glue_spots(path, index)
        self.glue = {k for k, polygon in enumerate(self.panels) if any(inside(s, polygon) for s in spots)}
        every = np.concatenate(self.corners)
        self.low, self.high = every.min(axis=0), every.max(axis=0)

    @property
    def size(self) -> list[float]:
        return sorted((self.high - self.low).tolist())

    def face_of(self, k: int, tol: float) -> tuple[int, int] | None:
        """The cuboid's face (axis, 0 low or 1 high) panel ``k`` lies on, within ``tol``."""
        for axis, side in itertools.product(range(3), range(2)):
            level = (self.low, self.high)[side][axis]
            if np.all(np.abs(self.corners[k][:, axis] - level) <= tol):
                return axis, side
        return None

    def on_face(self, face: tuple[int, int], tol: float, glue: bool = False) -> list[list[tuple[float, float]]]:
        axis = face[0]
        others = [a for a in range(3) if a != axis]
        return [
            [(float(p[others[0]]), float(p[others[1]])) for p in self.corners[k]]
            for k in range(len(self.panels))
            if self.face_of(k, tol) == face and (glue or k not in self.glue)
        ]

    def covered(self, face: tuple[int, int], tol: float, inset: float = 1.5, steps: int = 9) -> bool:
        axis = face[0]
        u, v = [a for a in range(3) if a != axis]
        polygons = self.on_face(face, tol)
        for i, j in itertools.product(range(steps), repeat=2):
            point = (self.low[u] + inset + (self.high[u] - self.low[u] - 2 * inset) * i / (steps - 1),
                     self.low[v] + inset + (self.high[v] - self.low[v] - 2 * inset) * j / (steps - 1))  # fmt: skip
            if not any(inside(point, polygon) for polygon in polygons):
                return False
        return True


def check_closes(box: Folded, expected: tuple[float, float, float], open_top: bool, glue_flaps: int, t: float = STOCK) -> None:
    """The oracle's verdict: the folded panels make a cuboid of the expected size, none sticks out,
    every face is covered (but a tray's top), and each glue flap lies against a panel to glue it to."""
    tol = 3 * t + TOL  # layers of card lie inside one another
    assert box.size == pytest.approx(sorted(expected), abs=TOL)
    for k in range(len(box.panels)):
        assert box.face_of(k, tol) is not None, f"panel {k} sticks out of the box"
    base = box.face_of(box.root, tol)
    faces = [(axis, side) for axis in range(3) for side in range(2)]
    for face in faces:
        if open_top and face == (base[0], 1 - base[1]):
            assert not box.on_face(face, tol), "a tray's top is open"
            continue
        assert box.covered(face, tol), f"face {face} of the box is not closed"
    assert len(box.glue) == glue_flaps
    for k in box.glue:
        face = box.face_of(k, tol)
        axis = face[0]
        u, v = [a for a in range(3) if a != axis]
        targets = box.on_face(face, tol)
        corners = box.corners[k]
        middle = corners.mean(axis=0)
        for corner in corners:
            point = middle + 0.8 * (corner - middle)
            assert any(inside((float(point[u]), float(point[v])), polygon) for polygon in targets), (
                "a glue flap lands where there is nothing to glue it to")


def check_press(path: Path, index: int, box: Folded) -> None:
    """Trim box on the net's bounds, bleed box 3 mm beyond, CMYK only, text in black ink alone."""
    net = box.net
    xs = [x for segment in net.cuts for x, _ in segment]
    ys = [y for segment in net.cuts for _, y in segment]
    assert net.trim == pytest.approx((min(xs), min(ys), max(xs), max(ys)), abs=TOL)
    grown = (net.trim[0] - BLEED, net.trim[1] - BLEED, net.trim[2] + BLEED, net.trim[3] + BLEED)
    assert net.bleed == pytest.approx(grown, abs=TOL)
    assert not net.colour_ops & {"rg", "RG", "g", "G"}
    marks = page_marks(PdfReader(str(path)), index)
    texts = [mark for mark in marks if mark.kind == "text"]
    assert texts and all(mark.fill[0] == "k" and mark.fill[1][:3] == (0.0, 0.0, 0.0) for mark in texts)
    assert preflight(path) == []  # PDF/X-1a: what a print shop's preflight asks


# --- the built-in games -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def permutations_box(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("perm"), "--game", "permutations", "--paper", "all")


@pytest.fixture(scope="module")
def grawlix_box(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("grawlix"), "--paper", "all")


def test_a_deck_of_cards_gets_a_tuck_box_that_closes(permutations_box):
    kind = game("permutations").piece_kinds()[0]
    W, H, D = tuck_panels(*kind.size, kind.count)
    assert [p.name for p in permutations_box] == ["cards-box-a4.pdf", "cards-box-letter.pdf"]
    for path in permutations_box:
        assert len(PdfReader(str(path)).pages) == 1
        box = Folded(path, 0)
        x0, y0, x1, y1 = box.base  # the back, the largest panel
        assert (x1 - x0, y1 - y0) == pytest.approx((W, H), abs=TOL)
        columns = sorted({round(x, 2) for segment in box.net.mountains for (x, _), (x2, _) in [segment] if abs(x - x2) < TOL})
        assert np.diff(columns) == pytest.approx([D, W, D], abs=TOL)  # side, back, side between the body's folds
        assert not box.net.valleys
        check_closes(box, (W, H, D), open_top=False, glue_flaps=1)
        check_press(path, 0, box)
        text = page_text(path, 0)
        assert "Permutations" in text and f"{kind.count} cards" in text


def test_a_set_of_tiles_gets_a_tray_and_a_lid_that_fits_over_it(grawlix_box):
    kind = game("grawlix").piece_kinds()[0]
    tray = tray_panels(*kind.size, kind.count)
    lid = lid_panels(tray)
    assert lid[0] - 3 * STOCK > tray[0] + STOCK and lid[2] - 2 * STOCK >= tray[2] + STOCK
    for path in grawlix_box:
        assert len(PdfReader(str(path)).pages) == 2
        for page, (L, B, D) in enumerate((tray, lid)):
            box = Folded(path, page, rim=D)
            x0, y0, x1, y1 = box.base
            assert (x1 - x0, y1 - y0) == pytest.approx((L, B), abs=TOL)
            low = D - STOCK  # an inner wall reaches from the rim down to the floor tabs
            rows = sorted({round(y - y0, 2) for (_, y), (_, y2) in box.net.mountains + box.net.valleys if abs(y - y2) < TOL})
            assert rows == pytest.approx([-D - low, -D, 0, B, B + D, B + D + low], abs=TOL)
            valleys = sorted({round(y - y0, 2) for (_, y), _ in box.net.valleys})
            assert valleys == pytest.approx([-D - low, B + D + low], abs=TOL)  # the floor tabs fold towards the print
            check_closes(box, (L, B, D), open_top=True, glue_flaps=4)
            check_press(path, page, box)
        assert f"{kind.count} tiles" in page_text(path, 0) and "Grawlix" in page_text(path, 1)


def test_the_stock_thickness_and_clearance_size_every_panel(tmp_path):
    kind = game("permutations").piece_kinds()[0]
    (path,) = build(tmp_path, "--game", "permutations", "--stock-thickness", "0.3mm", "--clearance", "2mm")
    W, H, D = tuck_panels(*kind.size, kind.count, t=0.3, c=2.0)
    box = Folded(path, 0)
    check_closes(box, (W, H, D), open_top=False, glue_flaps=1, t=0.3)


def test_the_same_options_give_the_same_bytes(tmp_path):
    first = build(tmp_path / "a", "--game", "permutations")
    second = build(tmp_path / "b", "--game", "permutations")
    assert first[0].read_bytes() == second[0].read_bytes()


# --- a box too large ---------------------------------------------------------------------------------


def test_a_box_too_large_for_the_paper_is_one_line_naming_the_option_and_what_fits(tmp_path):
    out = tmp_path / "o"
    result = CliRunner().invoke(main, ["boxes", "--game", "permutations", "--out", str(out), "--piece-thickness", "3mm"])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --piece-thickness 3 mm")
    assert "Traceback" not in result.output and not out.exists()
    most = float(lines[0].split("use at most ")[1].split(" mm")[0])
    build(tmp_path / "fits", "--game", "permutations", "--piece-thickness", f"{most}mm")  # the size it names fits
    larger = CliRunner().invoke(main, ["boxes", "--game", "permutations", "--out", str(tmp_path / "x"),
                                       "--piece-thickness", f"{most + 0.2:.1f}mm"])  # fmt: skip
    assert larger.exit_code == 1


def test_a_settings_file_names_its_key(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "grawlix.toml").write_text('[boxes]\npiece-thickness = "4mm"\n')
    result = CliRunner().invoke(main, ["boxes", "--game", "permutations", "--out", str(tmp_path / "o")])
    assert result.exit_code == 1
    assert result.output.startswith("error: grawlix.toml: [boxes] piece-thickness 4 mm") and "use at most" in result.output


# --- the kit ----------------------------------------------------------------------------------------------


def test_all_builds_the_boxes_and_the_index_and_web_list_them(tmp_path):
    from grawlix_print.products.boxes.product import Boxes, BoxesOptions

    result = CliRunner().invoke(main, ["all", "--out", str(tmp_path), "--only", "boxes", "--paper", "a4"])
    assert result.exit_code == 0, result.output
    index = (tmp_path / "index.html").read_text()
    assert "Boxes to fold" in index and "Tray and lid for the 36 tiles" in index and "on A4 (2 pages)" in index
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    paths = {entry["path"] for entry in manifest["files"]} if "files" in manifest else set(map(str, manifest))
    for planned in Boxes().planned(game("grawlix"), ["a4"], BoxesOptions()):
        assert (tmp_path / planned.path).is_file()
        assert any(planned.path in path for path in paths)


def test_init_writes_the_boxes_settings(tmp_path):
    result = CliRunner().invoke(main, ["init", str(tmp_path / "g"), "--game", "permutations"])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "g" / "grawlix.toml").read_text()
    assert "[boxes]" in text and '# stock-thickness = "0.4mm"' in text and '# piece-thickness = "0.32mm"' in text


# --- a third game's kinds -------------------------------------------------------------------------


def test_a_toy_game_gets_boxes_from_its_kinds_alone(toy_game, tmp_path):
    kinds = {kind.name: kind for kind in game("toy").piece_kinds()}
    paths = build(tmp_path, "--game", "toy", "--paper", "letter")
    assert [p.name for p in paths] == ["cards-box-letter.pdf", "tiles-box-letter.pdf", "tokens-box-letter.pdf"]
    cards = kinds["cards"]
    W, H, D = tuck_panels(*cards.size, cards.count)
    check_closes(Folded(paths[0], 0), (W, H, D), open_top=False, glue_flaps=1)
    for path, name in zip(paths[1:], ("tiles", "tokens")):
        kind = kinds[name]
        tray = tray_panels(*kind.size, kind.count)
        for page, size in enumerate((tray, lid_panels(tray))):
            check_closes(Folded(path, page, rim=size[2]), size, open_top=True, glue_flaps=4)


def test_a_net_that_fills_the_page_gets_its_notes_on_a_page_before_it():
    from grawlix_print.products.boxes.build import lay_out
    from grawlix_print.products.boxes.nets import tray

    net = tray((150.0, 200.0, 10.0), STOCK)  # 173 x 263 mm flat: no room beside or under it on A4
    pages = lay_out([net], "a4", BLEED, ["Notes", "A line of notes."])
    assert [page.net for page in pages] == [None, net]
    assert pages[0].calibration is not None and pages[0].notes is not None
    trim = pages[1].trim
    assert (trim.width, trim.height) == pytest.approx(net.size)
    assert trim.x0 - BLEED >= 6.35 and trim.y1 + BLEED <= 297 - 6.35  # inside what a home printer prints


def test_a_game_of_tables_gets_boxes_too(tmp_path, monkeypatch):
    """A game made with ``new --data`` (cards and round coins from tables, no code): the same boxes."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["new", "mine", "--data"])
    assert result.exit_code == 0, result.output
    templates = tmp_path / "mine" / "templates"
    kinds = {kind.name: kind for kind in game(templates=templates).piece_kinds()}
    paths = build(tmp_path / "out", "--templates", str(templates))
    assert [p.name for p in paths] == [f"{name}-box-a4.pdf" for name in sorted(kinds)]
    for path in paths:
        kind = kinds[path.name.split("-box-")[0]]
        if kind.form.value == "card":
            check_closes(Folded(path, 0), tuck_panels(*kind.size, kind.count), open_top=False, glue_flaps=1)
        else:
            tray = tray_panels(*kind.size, kind.count)
            for page, size in enumerate((tray, lid_panels(tray))):
                check_closes(Folded(path, page, rim=size[2]), size, open_top=True, glue_flaps=4)


@pytest.mark.parametrize("shape, size, corners, curved", [
    ("hexagon", (20.0, 23.094), 6, False), ("circle", (20.0, 20.0), None, True), ("square", (20.0, 20.0), 4, False),
])  # fmt: skip
def test_the_lids_picture_is_cut_to_the_pieces_shape(toy_game, tmp_path, shape, size, corners, curved):
    """A lid shows a piece as it is cut: a hexagon's picture six-sided, a disc's round (the shape's own path)."""
    from pdf_vectors import page_clips
    from toy_game.shaped import shaped

    from grawlix_print.products.boxes.build import build_boxes
    from grawlix_print.products.boxes.sizes import Choice

    written = build_boxes(shaped(shape, size), tmp_path, "a4", Choice(STOCK, 1.0, None, BLEED))
    path = next(w.path for w in written if w.path.name.startswith("tokens-box"))
    reader = PdfReader(path)
    pictures = []
    for page in range(len(reader.pages)):
        for clip in page_clips(reader, page):
            xs, ys = [x for x, _ in clip.corners], [y for _, y in clip.corners]
            width, height = max(xs) - min(xs), max(ys) - min(ys)
            if width > 0 and abs(height / width - size[1] / size[0]) < 0.01 and width < 100:
                pictures.append((clip, width))
    assert pictures, "no picture of a token on the box"
    for clip, width in pictures:
        if curved:
            assert clip.curves >= 4 and len(clip.corners) == clip.curves  # a circle: four quarter arcs
        else:
            assert clip.curves == 0 and len(clip.corners) == corners
