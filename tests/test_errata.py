"""The errata sheet (issue 41): one page for players with the previous version's rules, measured on the PDF.

The pages are read with pdfplumber (sizes, words) and ``pdf_vectors`` (the tiles each diagram
places and its dotted squares), and a diagram's squares are checked against ``oracle``'s legal
locations of the position file the test wrote: the sheet's pictures are the engine's positions.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from commands import refused, run_here
from conftest import TEMPLATES
from oracle import legal_locations
from pdf_vectors import grid_cells, read_page
from test_leaflet import dotted_squares
from test_versions import _tiles, edit, grawlix_1_1
from tileset import TILES

PAGES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def words_of(path: Path) -> str:
    with pdfplumber.open(path) as pdf:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> tuple[Path, Path]:
    """Grawlix 1.1 (hand_size 3, the first player at random, a tile taken from example 2), built
    with the errata sheet against the built-in 1.0, on both papers."""
    root = tmp_path_factory.mktemp("errata")
    new = grawlix_1_1(root / "templates")
    edit(new / "positions" / "example-2.toml", "O%\n", ".\n")
    out = root / "out"
    result = run_here("all", "--templates", str(new), "--previous", str(TEMPLATES), "--only", "errata", "-o", str(out),
                      "--quiet")  # fmt: skip
    assert result.returncode == 0, result.stderr
    return out, new


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_sheet_is_one_page_of_each_paper(kit, paper):
    out, _ = kit
    path = out / "errata" / f"errata-{paper}.pdf"
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        assert (page.width, page.height) == pytest.approx(PAGES[paper], abs=0.1)
        inside = [c for c in page.chars if not (0 <= c["x0"] and c["x1"] <= page.width and 0 <= c["top"] and c["bottom"] <= page.height)]
        assert inside == []
    said = words_of(path)
    assert "What changed in version 1.1" in said and "version 1.0" in said
    assert "The first player is chosen at random." in said
    assert "until each player holds three tiles." in said
    assert "In place of:" in said and "The players agree who is the first player." in said
    assert "Version 1.0" not in said.replace("version 1.0", "")  # the cover's new number is no change to tell


def test_its_diagram_is_the_engines_position(kit):
    out, new = kit
    vectors = read_page(PdfReader(out / "errata" / "errata-a4.pdf"), 0)
    upright = [s for s in vectors.stamps if abs(s.angle) <= 0.01]
    xs = sorted({round(s.x, 2) for s in upright})
    cell = min(b - a for a, b in zip(xs, xs[1:]))
    tiles = _tiles(new / "positions" / "example-2.toml")
    # the position's top-left tile is its first row's first: the grid's origin on the page
    origin = (min(s.x for s in upright), max(s.y for s in upright))
    cells = grid_cells(vectors.stamps, cell, origin)
    shift = (min(r for r, _ in tiles), min(c for _, c in tiles))
    assert {(r + shift[0], c + shift[1]) for r, c in cells} == set(tiles)
    by_token = {t.token: t for t in TILES}
    legal = legal_locations({at: by_token[token] for at, token in tiles.items()}, 6, 6)
    dotted = {(r + shift[0], c + shift[1]) for r, c in dotted_squares(vectors, cells, cell, origin)}
    assert dotted == set(legal)


def test_the_index_and_the_manifest_record_both_versions(kit):
    out, _ = kit
    manifest = json.loads((out / "manifest.json").read_text())
    sheets = [f for f in manifest["files"] if f["kind"] == "errata"]
    assert {f["params"]["paper"] for f in sheets} == {"a4", "letter"}
    assert all(f["params"]["version"] == "1.1" and f["params"]["previous_version"] == "1.0" for f in sheets)
    index = (out / "index.html").read_text()
    assert "Errata for players with version 1.0 of the rules: what changed in version 1.1" in index
    assert "Version 1.1 of the rules." in index


def test_the_designers_words_take_the_place_of_the_changes_they_are_about(tmp_path):
    new = grawlix_1_1(tmp_path / "templates")
    (new / "errata.toml").write_text('intro = "Quicker games, and a fair start."\n\n[[changes]]\nabout = "hand_size"\n'
                                     'text = "Each player now drafts three tiles, not four."\n')  # fmt: skip
    out = tmp_path / "out"
    result = run_here("errata", "--templates", str(new), "--previous", str(TEMPLATES), "-o", str(out))
    assert result.returncode == 0, result.stderr
    said = words_of(out / "errata" / "errata-a4.pdf")
    assert "Quicker games, and a fair start." in said and "Each player now drafts three tiles, not four." in said
    assert "holds three tiles" not in said  # the sentence the note is about is not quoted as well
    assert "The first player is chosen at random." in said  # the change no note is about is

    (new / "errata.toml").write_text('[[changes]]\nabout = "max_rows"\ntext = "The grid is smaller."\n')
    refused(run_here("errata", "--templates", str(new), "--previous", str(TEMPLATES), "-o", str(tmp_path / "o2")),
            "errata.toml: changes[1].about", "'max_rows' names no change from version 1.0 to 1.1", "hand_size")  # fmt: skip
    assert not (tmp_path / "o2").exists()


def test_without_a_previous_version_it_makes_nothing_and_says_why_only_when_asked(tmp_path):
    new = grawlix_1_1(tmp_path / "templates")
    result = run_here("all", "--templates", str(new), "--only", "leaflet", "-o", str(tmp_path / "out"), "--paper", "a4",
                      "--quiet")  # fmt: skip
    assert result.returncode == 0 and result.stderr == ""
    assert not (tmp_path / "out" / "errata").exists()
    for args in (("all", "--only", "errata"), ("errata",)):
        line = refused(run_here(*args, "--templates", str(new), "-o", str(tmp_path / "none")), "needs the previous version")
        assert "--previous" in line and "grawlix.toml" in line
    assert not (tmp_path / "none").exists()


def test_all_refuses_a_version_not_raised_in_one_line(tmp_path):
    new = grawlix_1_1(tmp_path / "templates")
    edit(new / "leaflet.md", 'version = "1.1"', 'version = "1.0"')
    refused(run_here("all", "--templates", str(new), "--previous", str(TEMPLATES), "--only", "leaflet,errata",
                     "-o", str(tmp_path / "out"), "--paper", "a4", "--quiet"),  # (hand_size 3 fits A4's panels, not Letter's)
            "version 1.0 was not raised", "leaflet.md")  # fmt: skip
    assert not (tmp_path / "out" / "errata").exists() and not (tmp_path / "out" / "leaflet").exists()


def test_a_previous_version_recorded_in_grawlix_toml_is_read_from_its_folder(tmp_path):
    project = tmp_path / "game"
    grawlix_1_1(project / "templates")
    shutil.copytree(TEMPLATES, tmp_path / "v1.0")
    (project / "grawlix.toml").write_text('previous = "../v1.0"\n')
    result = run_here("all", "--only", "errata", "--paper", "a4", "-o", str(tmp_path / "out"), "--quiet", cwd=project)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out" / "errata" / "errata-a4.pdf").is_file()
    (project / "grawlix.toml").write_text('[errata]\nprevious = "../nowhere"\n')
    refused(run_here("errata", "-o", str(tmp_path / "o2"), cwd=project), "grawlix.toml", "[errata] previous", "no such folder")


def test_an_idle_product_is_left_out_unless_asked_for():
    """``Product.idle``, the seam the errata sheet uses, tried on a product of the test's own: one that
    makes a poster only when given a slogan."""
    from dataclasses import dataclass

    from grawlix_print.errors import StudioError
    from grawlix_print.games import game
    from grawlix_print.kit.plan import working
    from grawlix_print.options import setting
    from grawlix_print.products import Product, product

    @dataclass(frozen=True)
    class PosterOptions:
        slogan: str | None = setting(None, "What the poster says.")

    class Poster(Product):
        name, summary, heading, options = "poster", "A poster.", "Posters", PosterOptions

        def offers(self, g):
            return True

        def idle(self, g, options):
            return None if options.slogan else "a poster needs a slogan"

        def jobs(self, g, papers, options, kit=()):
            return []

        def run(self, g, out, params):
            return []

    grawlix, poster, leaflet = game("grawlix"), Poster(), product("leaflet")
    assert working(grawlix, [leaflet, poster], {}, asked=False) == (leaflet,)
    assert working(grawlix, [poster], {"poster": {"slogan": "Play!"}}, asked=True) == (poster,)
    with pytest.raises(StudioError, match="a poster needs a slogan"):
        working(grawlix, [leaflet, poster], {}, asked=True)


def test_a_data_games_sheet_names_the_pieces_and_leaves_out_what_only_the_web_says(tmp_path):
    from test_versions import SPREADSHEET

    new = tmp_path / "templates"
    shutil.copytree(SPREADSHEET, new)
    lines = (new / "cards.csv").read_text().splitlines()
    kept = [line.replace("Moon Cakes,goods,moon,3,", "Moon Cakes,goods,moon,4,") for line in lines if not line.startswith("Rain Clouds,")]
    assert len(kept) == len(lines) - 1 and kept != lines[:1] + lines[1:-1]
    (new / "cards.csv").write_text("\n".join(kept) + "\n")
    edit(new / "leaflet.md", 'version = "0.1"', 'version = "0.2"')
    out = tmp_path / "out"
    result = run_here("errata", "--templates", str(new), "--previous", str(SPREADSHEET), "-o", str(out), "--paper", "letter")
    assert result.returncode == 0, result.stderr
    said = words_of(out / "errata" / "errata-letter.pdf")
    assert "A set now holds 18 cards, not 19." in said
    assert "No longer in the game: Rain Clouds" in said and "Changed: Moon Cakes (moon, 4 coins)" in said
    assert "Eighteen cards: seventeen goods" in said  # the rulebook's own sentence, its count changed
    assert "in a set, 63.5" not in said  # the web edition's gallery says so; the printed rules do not
