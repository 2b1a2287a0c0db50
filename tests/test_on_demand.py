"""`grawlix-print on-demand`: each service's files, checked against the service's published numbers.

The numbers are the services' own, written here by hand (never computed by
the code under test): The Game Crafter's poker deck template is 825 x 1125 px,
its bridge deck 750 x 1125 px, its large square chit 375 x 375 px and its
medium circle chit 300 x 300 px (1/8 in of bleed, 300 dpi); MakePlayingCards'
poker card 822 x 1122 px and bridge card 747 x 1122 px (36 px of bleed);
DriveThruCards' poker card a 2.75 x 3.75 in page (198 x 270 pt) with 1/8 in
(9 pt) of bleed, one PDF per deck, back then front, CMYK under 240 % ink.
Pages are followed to the faces they print by rendering them.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pdfplumber
import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import Image

from grawlix_print.cli import main
from grawlix_print.errors import StudioError
from grawlix_print.products import product
from toy_pieces import HEAVY, Toy, _back, _card
from grawlix_print.pieces.kinds import Form, Piece, PieceKind, Shape

TGC, MPC, DTC = "the-game-crafter", "makeplayingcards", "drivethrucards"


def build(out: Path, game: str, *options: str) -> Path:
    """Unmarked unless asked (both games' faces carry letters by default: test_a_marked_set...)."""
    marking = () if "--markings" in options else ("--markings", "none")
    result = CliRunner().invoke(main, ["on-demand", "--game", game, "--out", str(out), *options, *marking])
    assert result.exit_code == 0, result.output + result.stderr
    return out / "print-on-demand"


def build_game(out: Path, made_game, **options) -> Path:
    """A game's exports, each job run as a command's step runs it (the toy is no registered game)."""
    made = product("print-on-demand")
    options.setdefault("markings", "none")
    for job in made.jobs(made_game, (), made.options(**options)):
        made.run(made_game, out, job.params)
    return out / "print-on-demand"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("on-demand")
    found = {"permutations": build(root / "permutations", "permutations")}
    (root / "toy" / "templates").mkdir(parents=True)
    found["toy"] = build_game(root / "toy", Toy(root / "toy" / "templates"))
    return found


def sizes(folder: Path) -> set[tuple[int, int]]:
    return {Image.open(p).size for p in folder.glob("*.png")}


def pixels(image: Image.Image) -> np.ndarray:
    return np.asarray(image.convert("RGB"), dtype=float)


# --- image services ------------------------------------------------------------------------------


def test_the_game_crafter_gets_poker_cards_of_its_template_size(built):
    folder = built["permutations"] / TGC / "cards"
    names = sorted(p.name for p in folder.glob("*.png"))
    assert len(names) == 51 and "back.png" in names and "card-17.png" in names
    assert sizes(folder) == {(825, 1125)}
    assert {tuple(round(v) for v in Image.open(p).info["dpi"]) for p in folder.glob("*.png")} == {(300, 300)}


def test_makeplayingcards_gets_its_822_by_1122_cards_in_deck_order(built):
    folder = built["permutations"] / MPC / "cards"
    fronts = sorted(p.name for p in folder.glob("*.png") if p.name != "back.png")
    assert len(fronts) == 50 and sizes(folder) == {(822, 1122)}
    assert [int(re.search(r"card-(\d+)", name).group(1)) for name in fronts] == list(range(50))  # sorted = deck order


def test_the_two_services_bleeds_are_one_and_a_half_pixels_apart(built):
    """The same card, 1/8 in (37.5 px) and 36 px of bleed: MakePlayingCards' picture is The Game Crafter's
    moved by 1.5 px, not by nothing or by three."""
    tgc = pixels(Image.open(built["permutations"] / TGC / "cards" / "card-17.png"))
    mpc = pixels(Image.open(built["permutations"] / MPC / "cards" / "18-card-17.png"))

    def off(shift: int) -> float:
        return float(np.abs(mpc[:1100, :800] - tgc[shift : shift + 1100, shift : shift + 800]).mean())

    scores = {shift: off(shift) for shift in range(5)}
    assert min(scores, key=scores.__getitem__) in (1, 2) and scores[0] > 1.5 * min(scores.values()), scores


def test_the_toy_gets_each_kind_at_its_services_size(built):
    """Square tiles as 1 in chits, round tokens as 3/4 in chits, 57 x 89 mm cards as bridge cards."""
    tgc, mpc = built["toy"] / TGC, built["toy"] / MPC
    assert sizes(tgc / "tiles") == {(375, 375)} and sizes(tgc / "tokens") == {(300, 300)}
    assert sizes(tgc / "cards") == {(750, 1125)} and sizes(mpc / "cards") == {(747, 1122)}
    assert sorted(p.name for p in (mpc / "cards").glob("*.png")) == ["1-card-1.png", "2-card-2.png", "3-card-3.png",
                                                                      "4-card-4.png", "back.png"]  # fmt: skip
    assert not (mpc / "tiles").exists() and not (built["toy"] / DTC).exists()  # no product of those sizes


# --- the guides ---------------------------------------------------------------------------------


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.text, self.code, self._in_code = [], [], False

    def handle_starttag(self, tag, attrs):
        self._in_code = tag == "code"

    def handle_endtag(self, tag):
        self._in_code = False

    def handle_data(self, data):
        self.text.append(data)
        if self._in_code:
            self.code.append(data)


def read_guide(folder: Path) -> tuple[str, list[str]]:
    page = _Page()
    page.feed((folder / "GET-IT-PRINTED.html").read_text())
    return " ".join(" ".join(page.text).split()), page.code


@pytest.mark.parametrize("game, service, product_name", [
    ("permutations", TGC, "Poker Deck"),
    ("permutations", MPC, "Poker size"),
    ("permutations", DTC, "Poker size"),
    ("toy", TGC, "Large Square Chit"),
    ("toy", MPC, "Bridge size"),
])  # fmt: skip
def test_each_guide_names_the_product_the_files_and_what_to_choose(built, game, service, product_name):
    text, code = read_guide(built[game] / service)
    assert product_name in text and "Card stock and finish" in text and "duller" in text
    assert code and all((built[game] / service / name).exists() for name in code)  # every file it names is there
    pixels_said = re.findall(r"(\d+) x (\d+) px at 300 dpi", text)
    for width, height in pixels_said:
        assert any(size == (int(width), int(height)) for p in (built[game] / service).rglob("*.png") for size in [Image.open(p).size])


def test_a_guide_says_which_pieces_its_service_does_not_print(built):
    text, _ = read_guide(built["toy"] / MPC)
    assert "Not here: tiles (25.4 x 25.4 mm, square); tokens (19.05 x 19.05 mm, circle)" in text
    text, _ = read_guide(built["toy"] / TGC)
    assert "Not here" not in text and "set their quantity (tile-teal-5 x 2)" in text


# --- DriveThruCards -------------------------------------------------------------------------------


def test_drivethrucards_gets_one_pdf_a_page_a_side_with_its_bleed(built):
    pdf = built["permutations"] / DTC / "permutations-cards.pdf"
    with pdfplumber.open(pdf) as document:
        assert len(document.pages) == 100
        for page in document.pages[:6]:
            assert (page.width, page.height) == (198, 270)  # 2.75 x 3.75 in
            boxes = page.page_obj.attrs
            assert [round(float(v), 3) for v in boxes["TrimBox"]] == [9, 9, 189, 261]  # 1/8 in inside
            assert [round(float(v), 3) for v in boxes["BleedBox"]] == [0, 0, 198, 270]


def render_page(pdf: Path, index: int, width: int) -> np.ndarray:
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        page = document[index]
        image = page.render(scale=width / page.get_width()).to_pil().convert("RGB")
    finally:
        document.close()
    return pixels(image)


def test_each_cards_back_comes_before_its_front_in_deck_order(built):
    """Odd pages are the back; page 2k + 2 is card k's front: of all the fronts, card k's own image is
    the one it looks like."""
    pdf = built["permutations"] / DTC / "permutations-cards.pdf"
    images = built["permutations"] / TGC / "cards"
    fronts = {p.stem: pixels(Image.open(p).resize((275, 375), Image.Resampling.BOX)) for p in sorted(images.glob("card-*.png"))}
    back = pixels(Image.open(images / "back.png").resize((275, 375), Image.Resampling.BOX))
    for card in (0, 17, 49):
        page = render_page(pdf, 2 * card + 1, 275)[:375]
        # (CMYK held to 240 % shifts the inks a little: the page is told by its nearest picture, and
        # that one stands well apart from the next nearest)
        distance = sorted((np.abs(page - fronts[name]).mean(), name) for name in fronts)
        assert distance[0][1] == f"card-{card:02d}" and distance[0][0] < 0.7 * distance[1][0]
        behind = render_page(pdf, 2 * card, 275)[:375]
        assert np.abs(behind - back).mean() < 0.7 * np.abs(behind - fronts[distance[0][1]]).mean()


def colours(pdf: Path) -> list[tuple]:
    found = []
    with pdfplumber.open(pdf) as document:
        for page in document.pages[:4]:
            for item in page.rects + page.curves + page.lines:
                for key in ("non_stroking_color", "stroking_color"):
                    if item.get(key) is not None and (key == "non_stroking_color" and item.get("fill") or
                                                       key == "stroking_color" and item.get("stroke")):  # fmt: skip
                        found.append(tuple(item[key]))
    return found


def test_the_pdf_is_cmyk_under_240_percent_ink(built):
    inks = colours(built["permutations"] / DTC / "permutations-cards.pdf")
    assert inks and all(len(ink) == 4 for ink in inks)  # no RGB or grey anywhere
    assert max(sum(ink) for ink in inks) <= 2.4 + 1e-6


def test_an_ink_over_the_limit_is_held_to_240_percent(tmp_path):
    """A poker deck whose card prints 350 % ink: the PDF holds it at 240 %, black kept, and says so."""
    from grawlix_print.notes import collected

    size = (63.5, 88.9)

    class Heavy(Toy):
        def piece_kinds(self):
            cards = (Piece(_card("card-1", None, 1)), Piece(_card("card-2", None, 2)))
            return (PieceKind("cards", "card", Form.CARD, Shape.RECTANGLE, size, cards, {"dots": _back("card-back", size)}),)

    (tmp_path / "templates").mkdir()
    with collected() as notes:
        folder = build_game(tmp_path, Heavy(tmp_path / "templates"), services=("drivethrucards",))
    inks = colours(folder / DTC / "toy-box-cards.pdf")
    assert max(sum(ink) for ink in inks) == pytest.approx(2.4, abs=1e-4)
    held = [ink for ink in inks if ink[3] == pytest.approx(HEAVY.cmyk[3]) and sum(ink) > 2.3]
    assert held and all(ink[0] / ink[1] == pytest.approx(HEAVY.cmyk[0] / HEAVY.cmyk[1], rel=1e-3) for ink in held)
    assert any("held to 240% total ink" in note for note in notes)


def test_the_drive_thru_cards_pdf_passes_the_pdfx_preflight(built):
    """DriveThruCards asks for PDF/X-1a:2003: the tests' own preflight (pdfx_preflight) finds nothing."""
    from pdfx_preflight import preflight

    path = built["permutations"] / DTC / "permutations-cards.pdf"
    assert b"/GTS_PDFXVersion (PDF/X-1a:2003)" in path.read_bytes()
    assert preflight(path) == []


# --- choosing, faults, repeatability ---------------------------------------------------------------


def test_a_service_that_prints_none_of_the_pieces_is_one_line(tmp_path):
    result = CliRunner().invoke(main, ["on-demand", "--game", "grawlix", "-o", str(tmp_path), "--services", "drivethrucards"])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert result.stderr.startswith("error: DriveThruCards prints none of grawlix's pieces (tiles of 25.4 x 25.4 mm)")
    assert not (tmp_path / "print-on-demand").exists()


def test_grawlix_gets_the_game_crafter_only(tmp_path):
    folder = build(tmp_path, "grawlix")
    assert sorted(p.name for p in folder.iterdir()) == [TGC]
    assert sizes(folder / TGC / "tiles") == {(375, 375)} and len(list((folder / TGC / "tiles").glob("*.png"))) == 37


def test_a_marked_set_has_folders_of_its_own(tmp_path):
    (tmp_path / "templates").mkdir()
    folder = build_game(tmp_path, Toy(tmp_path / "templates"), markings="letters")
    assert sorted(p.name for p in folder.iterdir()) == [f"{MPC}-letters", f"{TGC}-letters"]
    assert not (folder / f"{TGC}-letters" / "tokens").exists()  # tokens have no colours to mark


def test_a_rebuild_gives_the_same_bytes(built, tmp_path):
    (tmp_path / "templates").mkdir()
    again = build_game(tmp_path, Toy(tmp_path / "templates"))
    first = {p.relative_to(built["toy"]): p.read_bytes() for p in built["toy"].rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first == second and len(first) == (4 + 1) + (2 + 1) + (4 + 1) + 1 + (4 + 1) + 1


def test_the_product_is_offered_where_a_service_prints_a_kind():
    from grawlix_print.games import game
    from grawlix_print.products import offered

    assert "print-on-demand" in [p.name for p in offered(game("permutations"))]
    assert "print-on-demand" in [p.name for p in offered(game("grawlix"))]

    class Odd(Toy):
        def piece_kinds(self):
            cards = (Piece(_card("card-1", None, 1)), Piece(_card("card-2", None, 2)))
            return (PieceKind("cards", "card", Form.CARD, Shape.RECTANGLE, (80.0, 130.0), cards),)

    assert not product("print-on-demand").offers(Odd(Path("/nonexistent")))
    with pytest.raises(StudioError, match="no print-on-demand service here prints toy's pieces"):
        raise product("print-on-demand").refusal(Odd(Path("/nonexistent")))


def test_init_names_the_services_that_print_the_games_pieces():
    """Uncommented, init's line must build: it never names a service that would refuse the game."""
    from grawlix_print.games import game

    made = product("print-on-demand")
    assert made.shown_default(game("grawlix"), "services") == TGC
    assert made.shown_default(game("permutations"), "services") == f"{TGC},{MPC},{DTC}"


def test_unless_told_the_faces_carry_letters_where_colours_look_alike(tmp_path):
    """The toy's red and green tiles look alike to a colour-blind eye: by default every service's
    folder is the lettered set (as the sheets and images are), and its guide says so."""
    (tmp_path / "templates").mkdir()
    made = product("print-on-demand")
    toy = Toy(tmp_path / "templates")
    (job,) = made.jobs(toy, (), made.options())
    made.run(toy, tmp_path, job.params)
    folders = [p for p in (tmp_path / "print-on-demand").iterdir() if p.is_dir()]
    assert folders and all(p.name.endswith("-letters") for p in folders)


def test_each_face_is_rendered_once_and_let_go_before_the_next(tmp_path, monkeypatch):
    """A deck of any size: each face is rendered once for every service that takes its size (The
    Game Crafter's and MakePlayingCards' poker cards are two crops of one rendering), and never
    more than one rendering is alive (a 2,000-card deck's would need 8 GB together)."""
    import weakref

    from grawlix_print.games.spreadsheet import Spreadsheet
    from grawlix_print.products.ondemand import build as ondemand
    from spreadsheet_decks import cards_54, write_deck

    alive, most, rendered = [0], [0], []
    real = ondemand.render

    def render(face, *args, **kwargs):
        made = real(face, *args, **kwargs)
        rendered.append(face.name)
        alive[0] += 1
        most[0] = max(most[0], alive[0])
        weakref.finalize(made.image, lambda: alive.__setitem__(0, alive[0] - 1))
        return made

    monkeypatch.setattr(ondemand, "render", render)
    deck = Spreadsheet(write_deck(tmp_path / "templates", cards_54()[:20]))
    written = ondemand.build_on_demand(deck, tmp_path / "out", ["the-game-crafter", "makeplayingcards"], "none")
    images = [item for item in written if item.kind == "print-on-demand image"]
    assert len(images) == 2 * (20 + 1) and len(rendered) == len(set(rendered)) == 20 + 1  # each face once
    assert most[0] == 1 and alive[0] == 0
    sizes = {tuple(item.params["pixels"]) for item in images}
    assert sizes == {(825, 1125), (822, 1122)}  # 1/8 in and 0.12 in of bleed, from the one rendering
