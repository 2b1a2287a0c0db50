"""Colour-blind safe by default: the simulation and the colour difference against published values,
the built-in games' colours, and the default faces of the games (and of a toy game) that need marks."""

from __future__ import annotations

import re
from itertools import combinations

import pypdf
import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.drawing.ink import Ink
from grawlix_print.drawing.vision import DISTINCT, SIMULATIONS, VISIONS, confusions, delta_e_2000, difference, lab, seen
from grawlix_print.games import game
from grawlix_print.pieces.faces import PieceFace
from grawlix_print.pieces.kinds import Form, Piece, PieceColour, PieceKind, Shape, markings_of
from grawlix_print.products.colour_blind import default_marking, kind_marking, warning
from grawlix_print.products.sheets.build import build_sheets


# Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula: implementation notes,
# supplementary test data": pairs of CIELAB colours and their published ΔE00 (a few of the 34).
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0000),
    ((50.0, 2.5, 0.0), (50.0, 0.0, -2.5), 4.3065),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize(("first", "second", "expected"), SHARMA)
def test_the_colour_difference_is_ciede2000(first, second, expected):
    assert delta_e_2000(first, second) == pytest.approx(expected, abs=1e-4)
    assert delta_e_2000(second, first) == pytest.approx(expected, abs=1e-4)


def test_lab_of_srgb_primaries():
    """sRGB white is L 100 at D65; the primaries' CIELAB values as colour references give them."""
    assert lab((1.0, 1.0, 1.0)) == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert lab((1.0, 0.0, 0.0)) == pytest.approx((53.24, 80.09, 67.20), abs=0.05)
    assert lab((0.0, 0.0, 1.0)) == pytest.approx((32.30, 79.19, -107.86), abs=0.05)


def test_the_simulations_keep_greys_and_join_the_confused_colours():
    """Each simulated eye sees greys as they are (each matrix row sums to one) and loses the
    difference its missing cone makes: red from green without L or M cones, blue from green without S."""
    for vision in SIMULATIONS:
        for grey in (0.0, 0.25, 0.5, 1.0):
            assert seen((grey, grey, grey), vision) == pytest.approx((grey, grey, grey), abs=1e-4)
    red, green, blue = Ink((0.8, 0.25, 0.1), (0,) * 4), Ink((0.45, 0.55, 0.1), (0,) * 4), Ink((0.2, 0.3, 0.6), (0,) * 4)
    assert difference(red, green, "deuteranopia") < difference(red, green, "normal") / 2
    assert difference(red, green, "protanopia") < difference(red, green, "normal") / 2
    teal, sky = Ink((0.1, 0.6, 0.5), (0,) * 4), Ink((0.1, 0.55, 0.8), (0,) * 4)
    assert difference(teal, sky, "tritanopia") < difference(teal, sky, "normal") / 2
    assert difference(red, blue, "deuteranopia") > DISTINCT


def test_permutations_green_is_the_designers_forestgreen_and_tells_from_yellow():
    """LimeGreen (the rulebook's) and Goldenrod look alike to a deuteranope; ForestGreen (the card file's) does not."""
    colours = game("permutations").colours_to_tell_apart()
    assert colours["green"].cmyk == (0.91, 0.0, 0.88, 0.12)  # dvipsnames ForestGreen
    lime = Ink((0.5, 1.0, 0.0), (0.5, 0.0, 1.0, 0.0))
    assert difference(lime, colours["yellow"], "deuteranopia") < 5
    assert min(difference(colours["green"], colours["yellow"], v) for v in VISIONS) > DISTINCT


def _shown(colours) -> list[tuple[str, str, str, float]]:
    """Every pair and vision below ``DISTINCT``, measured here pair by pair."""
    return sorted((a, b, v, round(difference(colours[a], colours[b], v), 1))
                  for a, b in combinations(colours, 2) for v in VISIONS
                  if difference(colours[a], colours[b], v) < DISTINCT)  # fmt: skip


@pytest.mark.parametrize("name", ["grawlix", "permutations"])
def test_the_builtin_games_colours_stand_apart_or_their_default_faces_carry_letters(name, tmp_path):
    chosen = game(name)
    colours = chosen.colours_to_tell_apart()
    close = _shown(colours)
    assert {(c.first, c.second) for c in confusions(colours)} == {(a, b) for a, b, _, _ in close}
    if not close:
        assert default_marking(chosen) == "none"
        return
    assert default_marking(chosen) == "letters"
    letters = {colour.letter for kind in chosen.piece_kinds() for colour in kind.colours}
    for written in build_sheets(chosen, tmp_path, "a4"):
        assert written.params["markings"] == "letters"
        reader = pypdf.PdfReader(written.path)
        shown = set()
        for page in reader.pages:
            shown |= set(re.findall(r"\b[A-Z]\b", page.extract_text() or ""))
        assert letters <= shown, (written.path.name, letters - shown)


def test_the_defaults_seen_by_the_commands(tmp_path):
    """``sheets`` and ``images`` with no --markings print the letters for both built-in games, and
    --markings none still gives plain faces."""
    runner = CliRunner()
    result = runner.invoke(main, ["sheets", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "tiles-a4-letters.pdf" in result.output and "stickers-a4-letters.pdf" in result.output
    assert "warning" not in result.output  # the built-in games are tested, not warned about
    result = runner.invoke(main, ["sheets", "--markings", "none", "-o", str(tmp_path)])
    assert "stickers-a4.pdf" in result.output
    result = runner.invoke(main, ["sheets", "--game", "permutations", "-o", str(tmp_path)])
    assert "cards-a4-letters.pdf" in result.output


def test_a_variant_with_colours_alike_is_warned_in_one_line(tmp_path):
    """A designer's copy whose blue moves next to its yellow hears of it from the build, in one line
    naming the pair."""
    variant = tmp_path / "templates"
    result = CliRunner().invoke(main, ["init", "--game", "permutations", str(tmp_path)])
    assert result.exit_code == 0, result.output
    components = variant / "components.toml"
    text = components.read_text()
    text = re.sub(r"(\[colours\.blue\][^\[]*?rgb = )\[[^\]]*\]", r"\1[0.98, 0.86, 0.2]", text)
    components.write_text(text)
    chosen = game(templates=variant)
    line = warning(chosen)
    assert line is not None and "\n" not in line
    assert line.startswith(f"{components}: colours yellow and blue differ by ΔE")
    result = CliRunner().invoke(main, ["all", "--only", "sheets", "-q", "-o", str(tmp_path / "out"), "--templates", str(variant)])
    assert result.exit_code == 0 and result.stderr.splitlines() == [f"warning: {line}"]
    assert "letters" in CliRunner().invoke(main, ["sheets", "--templates", str(variant), "-o", str(tmp_path)]).output
    # A copy of Grawlix that keeps its six colours (tested here as built in) is not warned about;
    # one whose violet moves next to its blue is.
    CliRunner().invoke(main, ["init", str(tmp_path / "tiles")])
    tiles = tmp_path / "tiles" / "templates"
    assert warning(game(templates=tiles)) is None
    text = (tiles / "components.toml").read_text()
    (tiles / "components.toml").write_text(text.replace("rgb = [0.52, 0.16, 0.63]", "rgb = [0.1, 0.32, 0.88]"))
    result = CliRunner().invoke(main, ["all", "--only", "leaflet", "-q", "-o", str(tmp_path / "t"), "--templates", str(tiles)])
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [f"warning: {warning(game(templates=tiles))}"]
    assert "colours blue and violet differ by ΔE" in result.stderr


# --- a third game: the hook and the default, for any game ------------------------------------


def _kind(colours: dict[str, Ink]) -> PieceKind:
    """Cards of plain colour, one per colour, each with its letter: a kind built in place."""
    def face(name: str) -> PieceFace:
        return PieceFace(f"swatch-{name}", name, 40.0, 40.0, lambda surface, x, y, w, h, style: None)

    paints = {name: PieceColour(name, ink, name[0].upper()) for name, ink in colours.items()}
    return PieceKind("swatches", "swatch", Form.CARD, Shape.SQUARE, (40.0, 40.0),
                     tuple(Piece(face(name), colour=paints[name]) for name in colours), {},
                     markings_of(tuple(paints.values())))  # fmt: skip


def test_a_kind_gets_letters_only_where_its_colours_look_alike():
    apart = {"black": Ink((0.0, 0.0, 0.0), (0, 0, 0, 1)), "white": Ink((1.0, 1.0, 1.0), (0, 0, 0, 0))}
    alike = {"red": Ink((0.85, 0.2, 0.15), (0, 0.9, 0.9, 0)), "green": Ink((0.4, 0.5, 0.1), (0.5, 0.2, 1, 0.2))}
    assert kind_marking(_kind(apart)) == "none" and kind_marking(_kind(alike)) == "letters"


def test_the_toy_games_sheets_mark_the_kind_whose_colours_look_alike(toy_game, tmp_path):
    """The tests' toy game (tests/toy_game: square tiles in red, blue, yellow and green, plain round
    tokens, cards) names its colours through its piece kinds; its red and green look alike to a
    deuteranope, so its tiles carry letters by default; the tokens, without colours, do not."""
    toy = game("toy")
    colours = toy.colours_to_tell_apart()
    assert set(colours) == {"red", "blue", "yellow", "green"}
    assert any({c.first, c.second} == {"red", "green"} for c in confusions(colours))
    assert default_marking(toy) == "letters"
    written = build_sheets(toy, tmp_path, "a4")
    marked = {w.path.name: w.params["markings"] for w in written}
    tiles = [name for name in marked if name.startswith("tiles")]
    tokens = [name for name in marked if name.startswith("tokens")]
    assert tiles and all(marked[name] == "letters" for name in tiles), marked
    assert tokens and all(marked[name] == "none" for name in tokens), marked
    text = "".join(page.extract_text() or "" for page in pypdf.PdfReader(tmp_path / tiles[0]).pages)
    assert {"R", "B", "Y", "G"} <= set(re.findall(r"\b[A-Z]\b", text))
