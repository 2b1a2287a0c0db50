"""`grawlix-print images`: a 300 dpi PNG with bleed per face and back, per kind; Tabletop Simulator saved objects.

Sizes are read from the files (pixels, the pHYs resolution). The saved
objects are checked against the game's published format (``tts_format``),
and each card or tile is followed from the JSON to the picture it loads: a
card's slot on its deck sheet, or a tile's own picture, is compared with that
face's own print image, cut to its trim and scaled, against a neighbour's.
The toy game (``toy_pieces``: tiles, round tokens, bridge-size cards) gets
all of it from its kinds alone.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from pathlib import Path
from urllib.parse import unquote, urlparse

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

import tts_format
from grawlix_print.cli import main
from grawlix_print.errors import StudioError
from grawlix_print.products import product
from grawlix_print.drawing.surface import Surface, rectangle
from grawlix_print.pieces.faces import FaceStyle, PieceFace
from grawlix_print.pieces.kinds import Form, Piece, PieceKind, Shape
from toy_pieces import DARK, PAPER, PLUM, TEAL, Toy, toy_kinds

INCH = 25.4


def build(out: Path, game: str, *options: str) -> Path:
    """Unmarked unless asked: the faces' layout is measured here, the default marking in test_colour_blind.py."""
    marking = () if "--markings" in options else ("--markings", "none")
    result = CliRunner().invoke(main, ["images", "--game", game, "--out", str(out), *options, *marking])
    assert result.exit_code == 0, result.output + result.stderr
    return out / "images"


def build_toy(out: Path, **options) -> Path:
    """The toy's images, each job run as a command's step runs it (the toy is no registered game)."""
    made, toy = product("images"), Toy(out / "templates")
    for job in made.jobs(toy, (), made.options(**options)):
        made.run(toy, out, job.params)
    return out / "images"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("images")
    found = {name: build(root / name, name) for name in ("permutations", "grawlix")}
    (root / "toy" / "templates").mkdir(parents=True)
    found["toy"] = build_toy(root / "toy", markings="none")  # its red and green tiles carry letters by default
    return found


def pixels(path: Path) -> np.ndarray:
    return np.asarray(Image.open(path).convert("RGB"), dtype=float)


def saved(folder: Path, name: str) -> dict:
    return json.loads((folder / "tts" / name).read_text())


def local(url: str) -> Path:
    assert url.startswith("file:///"), url
    return Path(unquote(urlparse(url).path))


def trimmed(path: Path, size: tuple[int, int]) -> np.ndarray:
    """A face's own print image cut to its trim (1/8 in in from each side) and scaled to ``size``."""
    image = Image.open(path).convert("RGB")
    bleed = 300 / 8
    box = (bleed, bleed, image.width - bleed, image.height - bleed)
    return np.asarray(image.resize(size, Image.Resampling.BOX, box=box), dtype=float)


def slot(sheet: np.ndarray, k: int, w: int, h: int, columns: int) -> np.ndarray:
    row, column = divmod(k, columns)
    return sheet[row * h : (row + 1) * h, column * w : (column + 1) * w]


# --- the print images --------------------------------------------------------------------------


def test_every_card_is_a_300_dpi_png_with_an_eighth_inch_of_bleed(built):
    folder = built["permutations"] / "cards"
    cards = sorted(folder.glob("*.png"))
    # 50 fronts and both designs of back (components.toml's choice, circles, and rings)
    assert len(cards) == 52 and {folder / "back-circles.png", folder / "back-rings.png"} <= set(cards)
    for path in cards:
        image = Image.open(path)
        assert image.size == (825, 1125)  # (2.5 + 2/8) x (3.5 + 2/8) in at 300 dpi
        assert tuple(round(v) for v in image.info["dpi"]) == (300, 300)
        assert image.mode == "RGB" and "tIME" not in image.info
    notes = " ".join((built["permutations"] / "README.txt").read_text().split())
    assert "825 x 1125 px" in notes and "300 dpi" in notes and "Width 10, Height 6, Number 50" in notes


def test_every_tile_is_an_inch_and_a_quarter_at_300_dpi(built):
    folder = built["grawlix"] / "tiles"
    tiles = sorted(folder.glob("*.png"))
    assert len(tiles) == 36 + 2 and {folder / "back-light.png", folder / "back-dark.png"} <= set(tiles)
    assert {Image.open(p).size for p in tiles} == {(375, 375)}  # (1 + 2/8) in at 300 dpi


def test_each_kind_of_the_toy_has_its_own_folder_and_size(built):
    """Tiles, tokens and cards side by side: no kind's names can meet another's."""
    folder = built["toy"]
    sizes = {kind: {Image.open(p).size for p in (folder / kind).glob("*.png")} for kind in ("tiles", "tokens", "cards")}
    assert sizes == {"tiles": {(375, 375)}, "tokens": {(300, 300)}, "cards": {(748, 1126)}}  # 57 x 89 mm + 1/4 in
    assert sorted(p.name for p in (folder / "cards").glob("*.png")) == ["back-dots.png", "card-1.png", "card-2.png",
                                                                         "card-3.png", "card-4.png"]  # fmt: skip
    notes = " ".join((folder / "README.txt").read_text().split())
    assert "tiles/: 4 tiles" in notes and "tokens/: 2 tokens" in notes and "cards/: 4 cards" in notes
    assert "Toy Box" in notes and "Grawlix" not in notes and "Permutations" not in notes


@pytest.mark.parametrize("name", ["grawlix", "permutations", "toy"])
def test_the_image_notes_read_in_any_editor(built, name):
    """Lines of at most 78 characters, and the figures unbroken by the wrapping."""
    notes = (built[name] / "README.txt").read_text()
    assert max(len(line) for line in notes.splitlines()) <= 78
    assert "Saved Objects" in notes and "Cloud Manager" in notes and "--tts-url" in notes


def test_the_bleed_is_the_background_running_on(built):
    """The outermost eighth of an inch holds no drawing: the card's paper, or the back's field."""
    card = pixels(built["permutations"] / "cards" / "card-17.png")
    edge = np.concatenate([card[:30].reshape(-1, 3), card[-30:].reshape(-1, 3), card[:, :30].reshape(-1, 3)])
    assert edge.min() > 250  # white paper to the image's edge
    inside = card[38:-38, 38:-38]
    assert inside.min() < 60  # the outlines are inside the cut


# --- Tabletop Simulator ------------------------------------------------------------------------


@pytest.mark.parametrize("game, files", [
    ("permutations", ["permutations-cards.json"]),
    ("grawlix", ["grawlix-tiles.json"]),
    ("toy", ["toy-box-tiles.json", "toy-box-tokens.json", "toy-box-cards.json"]),
])  # fmt: skip
def test_every_saved_object_keeps_the_published_format_and_loads_files_that_exist(built, game, files):
    folder = built[game]
    assert sorted(p.name for p in (folder / "tts").glob("*.json")) == sorted(files)
    for name in files:
        save = saved(folder, name)
        assert tts_format.problems(save) == []
        for url in tts_format.urls(save):
            path = local(url)
            assert path.is_file() and path.is_relative_to(folder / "tts"), url


def test_the_format_check_finds_a_broken_saved_object(built):
    """The check itself can fail: each fault it is shown is named."""
    good = saved(built["toy"], "toy-box-cards.json")
    assert tts_format.problems(good) == []
    deck = good["ObjectStates"][0]
    faults = {
        "slot": lambda s: s["ObjectStates"][0]["DeckIDs"].__setitem__(0, 100 + 9),
        "deck key": lambda s: s["ObjectStates"][0]["DeckIDs"].__setitem__(1, 700),
        "face": lambda s: s["ObjectStates"][0]["CustomDeck"]["1"].pop("FaceURL"),
        "columns": lambda s: s["ObjectStates"][0]["CustomDeck"]["1"].__setitem__("NumWidth", 11),
        "transform": lambda s: s["ObjectStates"][0]["Transform"].pop("posY"),
        "name": lambda s: s["ObjectStates"][0].__setitem__("Name", "Deck_Custom"),
        "typo": lambda s: s["ObjectStates"][0].__setitem__("Nickame", "x"),
        "card count": lambda s: s["ObjectStates"][0]["ContainedObjects"].pop(),
    }
    for name, fault in faults.items():
        broken = json.loads(json.dumps(good))
        fault(broken)
        assert tts_format.problems(broken), name
    assert len(deck["DeckIDs"]) == 5


@pytest.mark.parametrize("game, size, grid, count", [
    ("permutations", (375, 525), (10, 6), 50),
    ("toy", (337, 526), (5, 2), 4),  # 57 x 89 mm at 150 dpi
])  # fmt: skip
def test_deck_sheets_have_the_grid_the_deck_says_and_the_back_in_the_last_slot(built, game, size, grid, count):
    folder = built[game]
    deck = saved(folder, f"{'toy-box' if game == 'toy' else game}-cards.json")["ObjectStates"][0]
    sheet_info = deck["CustomDeck"]["1"]
    assert (sheet_info["NumWidth"], sheet_info["NumHeight"]) == grid
    sheet = Image.open(local(sheet_info["FaceURL"]))
    (w, h), (columns, rows) = size, grid
    assert sheet.size == (columns * w, rows * h) and columns * rows > count and max(sheet.size) <= 4096
    back = pixels(local(sheet_info["BackURL"]))
    assert back.shape == (h, w, 3)
    last = np.asarray(sheet.convert("RGB"), dtype=float)[(rows - 1) * h :, (columns - 1) * w :]
    assert np.abs(last - back).mean() < 0.5


@pytest.mark.parametrize("game, names", [
    ("permutations", ["17, green moon", "48, red sun", "0, multicoloured: counts as any one colour"]),
    ("toy", ["2, plum", "4, black"]),
])  # fmt: skip
def test_each_card_of_the_deck_shows_its_own_face(built, game, names):
    """A card's CardID points at a slot of its sheet; that slot is the card the Nickname names."""
    folder = built[game]
    deck = saved(folder, f"{'toy-box' if game == 'toy' else game}-cards.json")["ObjectStates"][0]
    seen = set()
    for card in deck["ContainedObjects"]:
        if card["Nickname"] not in names:
            continue
        info = deck["CustomDeck"][str(card["CardID"] // 100)]
        sheet = pixels(local(info["FaceURL"]))
        w, h = sheet.shape[1] // info["NumWidth"], sheet.shape[0] // info["NumHeight"]
        own = _face_file(folder / "cards", card["Nickname"], game)
        here = np.abs(slot(sheet, card["CardID"] % 100, w, h, info["NumWidth"]) - trimmed(own, (w, h))).mean()
        beside = np.abs(slot(sheet, (card["CardID"] + 1) % 100, w, h, info["NumWidth"]) - trimmed(own, (w, h))).mean()
        assert here < 6 and beside > 4 * here, (card["Nickname"], here, beside)
        seen.add(card["Nickname"])
    assert seen == set(names)


def _face_file(folder: Path, nickname: str, game: str) -> Path:
    """The print image of the face a card's name describes (the number leads every name)."""
    number = int(nickname.split(",")[0])
    return folder / (f"card-{number:02d}.png" if game == "permutations" else f"card-{number}.png")


def test_a_card_printed_twice_is_dealt_twice(built):
    deck = saved(built["toy"], "toy-box-cards.json")["ObjectStates"][0]
    names = [card["Nickname"] for card in deck["ContainedObjects"]]
    assert sorted(names) == ["1, teal", "2, plum", "2, plum", "3, teal", "4, black"]
    assert len(deck["DeckIDs"]) == 5 and deck["DeckIDs"].count(deck["DeckIDs"][names.index("2, plum")]) == 2
    perm = saved(built["permutations"], "permutations-cards.json")["ObjectStates"][0]
    assert len(perm["DeckIDs"]) == len(set(perm["DeckIDs"])) == 50


def test_tiles_lie_face_up_as_tiles_each_with_its_face_and_the_back(built):
    """Grawlix's tiles and the toy's tiles and round tokens are Custom Tiles at 300 dpi, not cards."""
    grawlix = saved(built["grawlix"], "grawlix-tiles.json")["ObjectStates"]
    assert len(grawlix) == 36 and {o["Name"] for o in grawlix} == {"Custom_Tile"}
    assert {o["CustomImage"]["CustomTile"]["Type"] for o in grawlix} == {0}  # a box
    assert all(o["Transform"]["rotZ"] == 0 for o in grawlix)  # face up
    tile = next(o for o in grawlix if o["Nickname"] == "yellow percent sign")
    face = local(tile["CustomImage"]["ImageURL"])
    assert Image.open(face).size == (300, 300)  # one inch, cut to its outline, at 300 dpi
    own = trimmed(built["grawlix"] / "tiles" / "tile-yellow-percent-sign.png", (300, 300))
    other = trimmed(built["grawlix"] / "tiles" / "tile-yellow-octothorpe.png", (300, 300))
    here, beside = np.abs(pixels(face) - own).mean(), np.abs(pixels(face) - other).mean()
    assert here < 6 and beside > 4 * here, (here, beside)  # half a pixel apart: the cut lies on 37.5 px
    assert local(tile["CustomImage"]["ImageSecondaryURL"]).name == "back-light.png"
    tokens = saved(built["toy"], "toy-box-tokens.json")["ObjectStates"]
    assert len(tokens) == 6 and {o["CustomImage"]["CustomTile"]["Type"] for o in tokens} == {2}  # circles
    assert Image.open(local(tokens[0]["CustomImage"]["ImageURL"])).size == (225, 225)  # 3/4 in


def test_copies_of_a_tile_are_stacked_and_the_rest_laid_out_apart(built):
    tiles = saved(built["toy"], "toy-box-tiles.json")["ObjectStates"]
    places = [(o["Nickname"], o["Transform"]["posX"], o["Transform"]["posY"], o["Transform"]["posZ"]) for o in tiles]
    twice = [p for p in places if p[0] == "teal 5-sided tile"]
    assert len(twice) == 2 and twice[0][1::2] == twice[1][1::2] and twice[0][2] != twice[1][2]  # one pile
    spots = {(x, z) for _, x, _, z in places}
    assert len(spots) == 4
    scale = tiles[0]["Transform"]["scaleX"]
    gaps = sorted({abs(a[0] - b[0]) for a in spots for b in spots if a[1] == b[1] and a != b})
    assert gaps[0] > scale * 1.3 / 1.0 * 0.99  # the tiles (1.3 units across at scale 1) do not touch


def test_by_default_the_saved_objects_find_the_pictures_where_they_were_written(built):
    save = saved(built["grawlix"], "grawlix-tiles.json")
    assert all(url.startswith((built["grawlix"] / "tts").resolve().as_uri() + "/") for url in tts_format.urls(save))


def test_in_the_kit_they_name_the_kit_folder_not_its_staging_folder(tmp_path):
    """``all`` draws into KIT/.staging and moves the files up: the addresses are the final ones."""
    (tmp_path / "templates").mkdir()
    staging = tmp_path / "kit" / ".staging"
    product("images").run(Toy(tmp_path / "templates"), staging, {"markings": "none", "tts_url": ""})
    save = json.loads((staging / "images" / "tts" / "toy-box-cards.json").read_text())
    expected = (tmp_path / "kit" / "images" / "tts").resolve().as_uri() + "/"
    assert tts_format.urls(save) and all(url.startswith(expected) for url in tts_format.urls(save))


def test_tts_url_names_a_web_host_instead(built, tmp_path):
    folder = build(tmp_path, "permutations", "--tts-url", "https://example.org/perm")
    save = saved(folder, "permutations-cards.json")
    found = tts_format.urls(save)
    assert found == {"https://example.org/perm/cards/deck-1.png", "https://example.org/perm/cards/back-circles.png"}
    assert all((folder / "tts" / url.removeprefix("https://example.org/perm/")).is_file() for url in found)
    assert "https://example.org/perm/" in " ".join((folder / "README.txt").read_text().split())


def test_tts_url_may_be_recorded_in_grawlix_toml(tmp_path, monkeypatch):
    (tmp_path / "grawlix.toml").write_text('[images]\ntts-url = "https://cdn.example.net/g/"\n')
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["images", "--game", "grawlix", "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output + result.stderr
    save = saved(tmp_path / "out" / "images", "grawlix-tiles-letters.json")  # lettered by default
    assert all(url.startswith("https://cdn.example.net/g/tiles/") for url in tts_format.urls(save))


@pytest.mark.parametrize("value, says", [
    ("example.org/x", "must start with https://, http:// or file:///"),
    ("https://example.org/my folder/", "has a space"),
])  # fmt: skip
def test_a_bad_tts_url_is_one_line(tmp_path, value, says):
    result = CliRunner().invoke(main, ["images", "--game", "permutations", "-o", str(tmp_path), "--tts-url", value])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert result.stderr.startswith("error: --tts-url ") and says in result.stderr
    assert not (tmp_path / "images").exists()


def test_a_rebuild_gives_the_same_bytes(built, tmp_path):
    """Byte for byte, the saved objects apart from the folder they name."""
    again = build(tmp_path / "again", "grawlix")

    def files(folder: Path) -> dict:
        where = (folder / "tts").resolve().as_uri()
        return {p.relative_to(folder): p.read_bytes().replace(where.encode(), b"HERE")
                for p in folder.rglob("*") if p.is_file()}  # fmt: skip

    first, second = files(built["grawlix"]), files(again)
    assert first == second and len(first) == (36 + 2) + (36 + 1) + 1 + 1


# --- markings and faults -----------------------------------------------------------------------


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
    files stay as they were, and the marked set's notes and saved object name its own files."""
    shutil.copytree(built["grawlix"], tmp_path / "images")
    plain = {p.relative_to(tmp_path / "images").as_posix(): p.read_bytes()
             for p in (tmp_path / "images").rglob("*") if p.is_file()}  # fmt: skip
    build(tmp_path, "grawlix", "--markings", "shapes")
    after = {p.relative_to(tmp_path / "images").as_posix(): p.read_bytes()
             for p in (tmp_path / "images").rglob("*") if p.is_file()}  # fmt: skip
    shapes = {re.sub(r"\.(png|txt|json)$", r"-shapes.\1", name) for name in plain}
    assert set(after) == set(plain) | shapes and not set(plain) & shapes
    assert all(after[name] == data for name, data in plain.items() if not name.endswith(".json"))
    face = pixels(tmp_path / "images" / "tiles" / "tile-red-at-sign-shapes.png")
    assert np.abs(face - pixels(tmp_path / "images" / "tiles" / "tile-red-at-sign.png")).max() > 100  # the mark is drawn
    notes = (tmp_path / "images" / "README-shapes.txt").read_text()
    named = set(re.findall(r"[\w/-]+\.(?:png|json)", notes))
    assert named and all(name.endswith(("-shapes.png", "-shapes.json")) for name in named)
    assert "Colour-blind markings: shapes." in notes
    save = json.loads((tmp_path / "images" / "tts" / "grawlix-tiles-shapes.json").read_text())
    assert all(url.endswith("-shapes.png") and local(url).is_file() for url in tts_format.urls(save))


def test_a_kind_without_colours_has_no_marked_set(built, tmp_path):
    """The toy's tokens have no colours: `--markings letters` marks its tiles and cards only, and says so."""
    from grawlix_print.notes import collected

    (tmp_path / "templates").mkdir()
    with collected() as notes:
        folder = build_toy(tmp_path, markings="letters")
    assert not (folder / "tokens").exists() and (folder / "tiles" / "tile-teal-3-letters.png").is_file()
    assert notes == ["the 6 tokens have no colours to mark: their unmarked images serve"]


def test_two_faces_of_one_name_are_one_line(tmp_path):
    import dataclasses

    from toy_pieces import toy_kinds

    class Clash(Toy):
        def piece_kinds(self):
            tiles, *rest = toy_kinds()
            first = tiles.pieces[0]
            twin = dataclasses.replace(tiles.pieces[1], face=dataclasses.replace(tiles.pieces[1].face, name=first.face.name))
            return (dataclasses.replace(tiles, pieces=(first, twin, *tiles.pieces[2:])), *rest)

    (tmp_path / "templates").mkdir()
    with pytest.raises(StudioError, match="two pictures would both be called tile-teal-3.png"):
        product("images").run(Clash(tmp_path / "templates"), tmp_path, {"markings": "none", "tts_url": ""})


# --- a deck of any size: one face at a time, over the cores ---------------------------------------

MINI = (30.0, 42.0)
"""Small cards, quick to render: 80 of them fill more than one deck sheet (69 faces a sheet)."""


def _numbered(name: str, number: int) -> PieceFace:
    """A card that shows ``number`` as seven bars, dark for a one: no two cards alike."""
    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        b = style.bleed
        surface.shape(rectangle(x - b, y - b, w + 2 * b, h + 2 * b), fill=PAPER)
        for bit in range(7):
            ink = DARK if number >> bit & 1 else TEAL.ink
            surface.shape(rectangle(x + 0.1 * w, y + (0.1 + 0.11 * bit) * h, 0.8 * w, 0.08 * h), fill=ink)

    return PieceFace(name, f"card {number}", *MINI, draw)


def _plain_back(name: str, ink) -> PieceFace:
    def draw(surface: Surface, x: float, y: float, w: float, h: float, style: FaceStyle) -> None:
        b = style.bleed
        surface.shape(rectangle(x - b, y - b, w + 2 * b, h + 2 * b), fill=ink)

    return PieceFace(name, f"the {name}", *MINI, draw, ink)


class BigDeck(Toy):
    """80 cards dealt with the deck's back but card 5, which has a gold back of its own (two runs of
    sheets); beside them the toy's tiles."""

    def piece_kinds(self) -> tuple[PieceKind, ...]:
        gold = _plain_back("gold-back", PLUM.ink)
        faces = [_numbered(f"card-{k:02d}", k) for k in range(1, 81)]
        pieces = [Piece(face, 1, gold if k == 5 else None) for k, face in enumerate(faces, 1)]
        deck = PieceKind("cards", "card", Form.CARD, Shape.RECTANGLE, MINI, tuple(pieces),
                         {"plain": _plain_back("card-back", DARK)}, source="big deck")  # fmt: skip
        return (toy_kinds()[0], deck)


def build_big(out: Path, workers: int | None) -> Path:
    from grawlix_print.products.images.build import build_images

    build_images(BigDeck(out), out / "images", "none", "https://example.org/deck/", workers=workers)
    return out / "images"


def test_the_same_bytes_on_one_worker_and_on_two(tmp_path):
    one, two = build_big(tmp_path / "one", 1), build_big(tmp_path / "two", 2)
    files = {p.relative_to(one): p.read_bytes() for p in one.rglob("*") if p.is_file()}
    assert files == {p.relative_to(two): p.read_bytes() for p in two.rglob("*") if p.is_file()}
    sheets = sorted(p.name for p in (one / "tts" / "cards").glob("deck-*.png"))
    assert sheets == ["deck-1.png", "deck-2.png", "deck-3.png"]  # 79 faces over two sheets, then the gold run
    assert len(list((one / "cards").glob("*.png"))) == 80 + 2 and len(list((one / "tiles").glob("*.png"))) == 4 + 1


def test_every_card_of_a_big_deck_shows_its_own_face_and_back(tmp_path):
    """Followed from the saved object to its sheet's slot, each of the 80 cards: of the 80 print
    images, the slot is nearest its own (cut to its trim and scaled down)."""
    folder = build_big(tmp_path, 2)
    deck = saved(folder, "toy-box-cards.json")["ObjectStates"][0]
    assert tts_format.problems(saved(folder, "toy-box-cards.json")) == []
    w, h = 177, 248  # 30 x 42 mm at 150 dpi
    prints = np.stack([trimmed(folder / "cards" / f"card-{k:02d}.png", (w, h))[::4, ::4] for k in range(1, 81)])
    sheets = {}
    for card in deck["ContainedObjects"]:
        info = deck["CustomDeck"][str(card["CardID"] // 100)]
        name = info["FaceURL"].removeprefix("https://example.org/deck/")
        if name not in sheets:
            sheets[name] = pixels(folder / "tts" / name)
        shown = slot(sheets[name], card["CardID"] % 100, w, h, info["NumWidth"])[::4, ::4]  # every 4th pixel
        number = int(card["Nickname"].split()[1])
        distance = np.abs(prints - shown).mean(axis=(1, 2, 3))
        assert distance.argmin() == number - 1 and distance.min() < 6, card["Nickname"]
        assert info["BackURL"].endswith("gold-back.png" if number == 5 else "back-plain.png"), card["Nickname"]
    assert len(deck["ContainedObjects"]) == 80


def test_each_face_is_let_go_before_the_next_is_drawn(tmp_path, monkeypatch):
    """One worker: never more than one rendering alive, and of the 150 dpi slots only the back of
    the run being pasted is kept past its slot."""
    import weakref

    from grawlix_print.products.images import rendering

    alive = {"renders": 0, "most": 0, "slots": 0, "most slots": 0}

    def counted(key: str, thing) -> None:
        alive[key] += 1
        alive["most" if key == "renders" else "most slots"] = max(alive["most" if key == "renders" else "most slots"],
                                                                   alive[key])
        weakref.finalize(thing, lambda: alive.__setitem__(key, alive[key] - 1))

    real_render, real_slot = rendering.render, rendering.FaceFiles.slot

    def render(*args, **kwargs):
        made = real_render(*args, **kwargs)
        counted("renders", made.image)
        return made

    def slot_image(self):
        made = real_slot(self)
        counted("slots", made)
        return made

    monkeypatch.setattr(rendering, "render", render)
    monkeypatch.setattr(rendering.FaceFiles, "slot", slot_image)
    build_big(tmp_path, 1)
    assert alive["most"] == 1 and alive["renders"] == 0
    assert alive["most slots"] == 2 and alive["slots"] == 0  # the run's back and the face being pasted


def test_a_few_faces_a_worker_are_under_way_at_most(tmp_path, monkeypatch):
    """Two workers: when the consumer has taken k faces, at most k + QUEUED_PER_WORKER x 2 have been
    begun (counted by the workers themselves, in memory they share with this process), however
    slowly it takes them (as while it writes a deck sheet); each face's files are written by its
    worker, and only what the deck sheets need comes back."""
    import multiprocessing
    import pickle
    import time

    from grawlix_print.products.images import rendering

    begun = multiprocessing.get_context("fork").Value("i", 0)
    real = rendering.face_files

    def counting(work):
        with begun.get_lock():
            begun.value += 1
        return real(work)

    monkeypatch.setattr(rendering, "face_files", counting)
    work = [rendering.FaceWork(face.name, face, "none", tmp_path / f"{face.name}.png") for face in BigDeck(tmp_path).piece_kinds()[1].faces]
    window = rendering.QUEUED_PER_WORKER * 2
    for taken, made in enumerate(rendering.in_turn(work, 2), 1):
        assert made.stem == work[taken - 1].stem
        assert begun.value <= taken + window, (taken, begun.value)
        # The worker wrote the face's print image itself: what crosses back is its size, not its bytes.
        assert work[taken - 1].print_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and len(pickle.dumps(made)) < 2_000
        time.sleep(0.02)
    assert begun.value == len(work) == 80


def test_a_face_that_fails_in_a_worker_is_its_own_error_and_the_workers_end(tmp_path):
    """A face's error (a picture the designer named, say) reaches the build as itself, from a worker
    as from this process, and no worker outlives the build."""
    import multiprocessing

    class Broken(BigDeck):
        def piece_kinds(self) -> tuple[PieceKind, ...]:
            tiles, deck = super().piece_kinds()

            def draw(*args) -> None:
                raise StudioError("not a picture", "art/card-40.png")

            pieces = tuple(Piece(replace(p.face, draw=draw), p.count) if p.face.name == "card-40" else p for p in deck.pieces)
            return (tiles, replace(deck, pieces=pieces))

    from grawlix_print.products.images.build import build_images

    for workers in (1, 2):
        with pytest.raises(StudioError) as caught:
            build_images(Broken(tmp_path), tmp_path / f"images-{workers}", "none", workers=workers)
        assert str(caught.value) == "art/card-40.png: not a picture"
        assert multiprocessing.active_children() == []


def test_a_back_is_written_once_under_its_design_and_named_so_wherever_it_is_used(tmp_path):
    """A deck of tables names its back by its layout (its pieces carry the kind's own back): one
    file, back-NAME.png, no copy under the face's own name, and the saved object's back is its
    150 dpi reduction under the same name."""
    import hashlib

    from spreadsheet_decks import cards_54, write_deck

    templates = write_deck(tmp_path / "templates", cards_54())
    result = CliRunner().invoke(main, ["images", "--templates", str(templates), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output + result.stderr
    folder = tmp_path / "out" / "images"
    names = sorted(p.name for p in (folder / "cards").glob("*.png"))
    assert len(names) == 54 + 1 and "back-back.png" in names and "card-back.png" not in names
    digests = [hashlib.sha256(p.read_bytes()).digest() for p in folder.rglob("*.png")]
    assert len(digests) == len(set(digests))  # no two files of the same bytes
    deck = saved(folder, "test-deck-cards.json")["ObjectStates"][0]
    assert {info["BackURL"].rsplit("/", 1)[1] for info in deck["CustomDeck"].values()} == {"back-back.png"}
    assert "the back (back-back.png)" in " ".join((folder / "README.txt").read_text().split())


def test_a_cut_at_half_the_resolution_is_each_block_of_four_pixels_averaged_exactly():
    """A card's 150 dpi slot from its 300 dpi rendering: each pixel the mean of its 2 x 2 block,
    rounded (computed here with numpy from the pixels); a resolution that does not divide the
    rendering's is resized, within one level of the exact mean."""
    from PIL import Image

    from grawlix_print.pieces.raster import MARGIN_PX, Rendered, pixels

    rng = np.random.default_rng(5)
    size_mm = (63.5, 88.9)
    w, h = pixels(size_mm[0], 300), pixels(size_mm[1], 300)
    noise = rng.integers(0, 256, (h + 2 * MARGIN_PX, w + 2 * MARGIN_PX, 3), dtype=np.uint8)
    rendered = Rendered(Image.fromarray(noise), 300, size_mm)
    cut = noise[MARGIN_PX:MARGIN_PX + h, MARGIN_PX:MARGIN_PX + w].astype(float)
    exact = cut.reshape(h // 2, 2, w // 2, 2, 3).mean(axis=(1, 3))
    slot = np.asarray(rendered.scaled_cut(150)).astype(float)
    assert slot.shape == exact.shape == (525, 375, 3) and np.array_equal(slot, np.floor(exact + 0.5))
    third = np.asarray(rendered.scaled_cut(120)).astype(float)  # 300 / 120 is no whole number
    assert third.shape == (pixels(size_mm[1], 120), pixels(size_mm[0], 120), 3)
    assert abs(third.mean() - cut.mean()) < 1
