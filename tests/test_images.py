"""`grawlix-print images`: one PNG per face at 300 dpi with bleed, and Tabletop Simulator deck sheets.

Sizes are read from the files (pixels, the pHYs resolution); a card's place on
a deck sheet is checked by comparing the sheet's slot with that card's own
image, cut to its trim and scaled to the slot, against a neighbour's.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from grawlix_print.cli import main

INCH = 25.4


def build(out: Path, game: str, *options: str) -> Path:
    """Unmarked unless asked: the faces' layout is measured here, the default marking in test_colour_blind.py."""
    marking = () if "--markings" in options else ("--markings", "none")
    result = CliRunner().invoke(main, ["images", "--game", game, "--out", str(out), *options, *marking])
    assert result.exit_code == 0, result.output + result.stderr
    return out / "images"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("images")
    return {name: build(root / name, name) for name in ("permutations", "grawlix")}


def pixels(path: Path) -> np.ndarray:
    return np.asarray(Image.open(path).convert("RGB"), dtype=float)


def test_every_card_is_a_300_dpi_png_with_an_eighth_inch_of_bleed(built):
    folder = built["permutations"]
    cards = sorted(folder.glob("card-*.png"))
    assert len(cards) == 51  # 50 fronts and the back
    for path in cards:
        image = Image.open(path)
        assert image.size == (825, 1125)  # (2.5 + 2/8) x (3.5 + 2/8) in at 300 dpi
        assert tuple(round(v) for v in image.info["dpi"]) == (300, 300)
        assert image.mode == "RGB" and "tIME" not in image.info
    notes = (folder / "README.txt").read_text()
    assert "825 x 1125 px" in notes and "300 dpi" in notes and "Width 10, Height 6, Number 50" in notes


def test_every_tile_is_an_inch_and_a_quarter_at_300_dpi(built):
    folder = built["grawlix"]
    tiles = sorted(folder.glob("tile-*.png"))
    assert len(tiles) == 37 and (folder / "tile-back.png") in tiles
    assert {Image.open(p).size for p in tiles} == {(375, 375)}  # (1 + 2/8) in at 300 dpi


@pytest.mark.parametrize("name", ["grawlix", "permutations"])
def test_the_image_notes_read_in_any_editor(built, name):
    """Lines of at most 78 characters, and the figures unbroken by the wrapping."""
    notes = (built[name] / "README.txt").read_text()
    assert max(len(line) for line in notes.splitlines()) <= 78
    assert "Width 10, Height" in " ".join(notes.split())


def test_the_bleed_is_the_background_running_on(built):
    """The outermost eighth of an inch holds no drawing: the card's paper, or the back's field."""
    card = pixels(built["permutations"] / "card-17.png")
    edge = np.concatenate([card[:30].reshape(-1, 3), card[-30:].reshape(-1, 3), card[:, :30].reshape(-1, 3)])
    assert edge.min() > 250  # white paper to the image's edge
    inside = card[38:-38, 38:-38]
    assert inside.min() < 60  # the outlines are inside the cut


@pytest.mark.parametrize("game, size, grid, count", [
    ("permutations", (375, 525), (10, 6), 50),
    ("grawlix", (150, 150), (10, 4), 36),
])  # fmt: skip
def test_deck_sheets_have_the_tabletop_simulator_grid_and_the_back_in_the_last_slot(built, game, size, grid, count):
    folder = built[game] / "tts"
    sheet = Image.open(folder / "deck-1.png")
    (w, h), (columns, rows) = size, grid
    assert sheet.size == (columns * w, rows * h) and columns <= 10 and rows <= 7
    assert columns * rows > count  # room for every face and the hidden slot
    back = pixels(next(p for p in folder.glob("*back.png")))
    assert back.shape == (h, w, 3)
    last = np.asarray(sheet.convert("RGB"), dtype=float)[(rows - 1) * h :, (columns - 1) * w :]
    assert np.abs(last - back).mean() < 0.5


def slot(sheet: np.ndarray, k: int, w: int, h: int, columns: int = 10) -> np.ndarray:
    row, column = divmod(k, columns)
    return sheet[row * h : (row + 1) * h, column * w : (column + 1) * w]


def trimmed(path: Path, size: tuple[int, int]) -> np.ndarray:
    """A face's own print image cut to its trim (1/8 in in from each side) and scaled to a slot."""
    image = Image.open(path).convert("RGB")
    bleed = 300 / 8
    box = (bleed, bleed, image.width - bleed, image.height - bleed)
    return np.asarray(image.resize(size, Image.Resampling.BOX, box=box), dtype=float)


@pytest.mark.parametrize("game, face, k, size", [
    ("permutations", "card-17.png", 17, (375, 525)),
    ("permutations", "card-49.png", 49, (375, 525)),
    ("grawlix", "tile-yellow-percent-sign.png", 15, (150, 150)),
])  # fmt: skip
def test_a_face_lands_in_its_own_slot(built, game, face, k, size):
    sheet = pixels(built[game] / "tts" / "deck-1.png")
    own = trimmed(built[game] / face, size)
    here = np.abs(slot(sheet, k, *size) - own).mean()
    beside = np.abs(slot(sheet, k - 1, *size) - own).mean()
    assert here < 6 and beside > 4 * here, (here, beside)  # scaling blurs edges a little, no more


def test_a_rebuild_gives_the_same_bytes(built, tmp_path):
    again = build(tmp_path / "again", "grawlix")
    first = {p.relative_to(built["grawlix"]): p.read_bytes() for p in built["grawlix"].rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first == second and len(first) == 37 + 2 + 1


def test_both_games_build_images_in_their_kits():
    from grawlix_print.games import game

    from grawlix_print.products import offered

    assert "images" in [p.name for p in offered(game("grawlix"))]
    assert {"leaflet", "sheets", "web", "images"} <= {p.name for p in offered(game("permutations"))}


def test_a_bad_marking_is_one_line(tmp_path):
    result = CliRunner().invoke(main, ["images", "--game", "permutations", "-o", str(tmp_path), "--markings", "dots"])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1 and "dots" in result.stderr


def test_shapes_for_a_colour_without_one_are_refused_like_the_sheets_do(templates_copy, tmp_path):
    """A variant's colour may have no shape: marking its images by shape is one line naming the key."""
    components = templates_copy / "components.toml"
    components.write_text(components.read_text().replace('shape = "star"\n', "", 1))
    result = CliRunner().invoke(main, ["images", "--templates", str(templates_copy), "--markings", "shapes",
                                       "-o", str(tmp_path / "out")])  # fmt: skip
    assert result.exit_code == 1 and not (tmp_path / "out" / "images").exists()
    assert result.stderr == (f"error: {components}: colours[6].shape: violet has no shape, so tiles cannot be"
                             " marked by shape (use letters)\n")  # fmt: skip


def test_marked_images_sit_beside_the_plain_ones(built, tmp_path):
    """`images --markings shapes` after `images`: every file gets the sheets' -shapes ending, the plain
    files stay as they were, and the marked set's notes name its own files."""
    import re
    import shutil

    shutil.copytree(built["grawlix"], tmp_path / "images")
    plain = {p.relative_to(tmp_path / "images").as_posix(): p.read_bytes()
             for p in (tmp_path / "images").rglob("*") if p.is_file()}  # fmt: skip
    build(tmp_path, "grawlix", "--markings", "shapes")
    after = {p.relative_to(tmp_path / "images").as_posix(): p.read_bytes()
             for p in (tmp_path / "images").rglob("*") if p.is_file()}  # fmt: skip
    shapes = {re.sub(r"\.(png|txt)$", r"-shapes.\1", name) for name in plain}
    assert set(after) == set(plain) | shapes and not set(plain) & shapes
    assert all(after[name] == data for name, data in plain.items())  # the plain set untouched
    face = pixels(tmp_path / "images" / "tile-red-at-sign-shapes.png")
    assert np.abs(face - pixels(tmp_path / "images" / "tile-red-at-sign.png")).max() > 100  # the mark is drawn
    notes = (tmp_path / "images" / "README-shapes.txt").read_text()
    named = set(re.findall(r"[\w/-]+\.png", notes))
    assert named and all(name.endswith("-shapes.png") and (tmp_path / "images" / name).is_file() for name in named)
    assert "Colour-blind markings: shapes." in notes
