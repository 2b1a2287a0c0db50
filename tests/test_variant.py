"""A variant of Grawlix made with `init` and edited by hand, built whole and read back.

Five glyphs in five colours (no asterisk, no violet), rules of 5 x 5, examples of five, and
the title Snarl: its words, sheets, 3D set and facts follow the components, and the built-in
game's name appears nowhere. One kit (each is a whole `all`) serves both kinds of change.
"""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from commands import run


FIVE_BY_FIVE = {
    "positions/cover.toml": 'grid = """\nR@ O# Y$ G% B&\nG# B$ R% O& Y@\nO$ Y% G& B@ R#\nB% R& O@ Y# G$\nY& G@ B# R$ O%\n"""\n',
    "positions/example-1.toml": 'grid = """\nR& B#\n.  Y%\n"""\n[markers]\n"?" = [1, 0]\n',
    "positions/example-2.toml": 'grid = """\nR@ O# .  .  .\nG# B$ R% .  Y@\n.  Y% .  B@ O&\nB% R& O@ Y# G$\n"""\n[markers]\n"?" = [-1, 0]\n"!" = [4, 2]\n',
}


@pytest.fixture(scope="module")
def five(tmp_path_factory) -> Path:
    """`init`, then by hand: no asterisk, no violet, rules of 5 x 5, examples of five, and the title
    Snarl; then `all`. One kit for both kinds of change (each one a whole kit to build)."""
    root = tmp_path_factory.mktemp("five")
    assert run("init", str(root)).returncode == 0
    templates = root / "templates"
    components = (templates / "components.toml").read_text()
    components = re.sub(r'(?s)# Quicksand.*?\[\[glyphs\]\]\ncharacter = "\*".*?\n\n', "", components)
    components = re.sub(r'(?s)\[\[colours\]\]\nname = "violet".*', "", components)
    assert 'title = "Grawlix"' in components
    (templates / "components.toml").write_text(components.replace('title = "Grawlix"', 'title = "Snarl"'))
    (templates / "rules.toml").write_text("max_rows = 5\nmax_columns = 5\nhand_size = 4\n")
    for name, text in FIVE_BY_FIVE.items():
        (templates / name).write_text(text)
    result = run("all", "--quiet", "--paper", "a4", cwd=root, timeout=None)  # a whole kit (on A4): as long as it takes
    assert result.returncode == 0, result.stderr
    return root


def test_the_five_variant_proves_its_own_order(five):
    record = json.loads(run("facts", "--json", cwd=five).stdout)
    assert record["max_tiles"] == 25 and record["full_grid_possible"] is True and record["order"] == 5


def _pdf_text(path: Path) -> str:
    return " ".join((page.extract_text() or "") for page in PdfReader(path).pages)


def test_the_five_variant_says_five_and_draws_a_full_grid(five):
    out = five / "output"
    leaflet = _pdf_text(out / "leaflet" / "leaflet-reading-a4.pdf").replace("\n", " ")
    assert "twenty-five tiles" in leaflet and "one of five glyphs in one of five colours" in leaflet.replace("**", "")
    assert "thirty-six" not in leaflet and "violet" not in leaflet
    web = (out / "web" / "rules.md").read_text()
    assert "so with these tiles it can be done" in web and "twenty-five tiles" in web
    svg = (out / "web" / "diagrams" / "largest-grid.svg").read_text()
    assert svg.count("<use") >= 25  # twenty-five stamped tiles, none loose


def test_the_five_variant_prints_twenty_five_tiles(five):
    manifest = json.loads((five / "output" / "manifest.json").read_text())
    sheets = [f for f in manifest["files"] if f["kind"] in ("tile sheets", "sticker sheets")]
    assert sheets and {(f["params"]["pieces"], f["params"]["count"]) for f in sheets} == {("tiles", 25)}


@pytest.mark.needs_3d
def test_the_five_variant_prints_twenty_five_solid_tiles(five):
    plates = sorted((five / "output" / "3d").glob("snarl-raised-full-set-six-filaments-*.3mf"))
    assert len(plates) == 2  # 16 tiles fit the default bed: one file a plate
    objects = 0
    for plate in plates:
        with zipfile.ZipFile(plate) as archive:
            objects += archive.read("3D/3dmodel.model").decode().count('type="model"')
    assert objects == 25
    notes = (five / "output" / "3d" / "snarl-3d-printing.txt").read_text()
    assert "A full set is 25 tiles: the five glyphs in each of five colours." in notes


def test_a_renamed_variant_says_its_title_and_never_the_old_one(five):
    out = five / "output"
    names = [p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()]
    assert not [n for n in names if "grawlix" in n.lower()], names
    for path in out.rglob("*"):
        if path.suffix == ".pdf":
            reader = PdfReader(path)
            texts = [_pdf_text(path), str(reader.metadata), (reader.xmp_metadata and reader.xmp_metadata.dc_title) or ""]
            assert "Snarl" in str(reader.metadata.get("/Title")), path
            assert all("Grawlix" not in text for text in texts), path
        elif path.suffix in (".md", ".html", ".svg", ".txt", ".json"):
            assert "Grawlix" not in path.read_text(), path
    assert "Snarl" in _pdf_text(out / "sheets" / "tiles-a4.pdf")  # the tile backs and the notes


@pytest.mark.needs_3d
def test_a_renamed_variants_3d_set_is_named_by_its_title(five):
    out = five / "output" / "3d"
    names = {p.name for p in out.iterdir()}
    assert "snarl-3d-printing.txt" in names and "snarl-raised-plate.stl" in names
    assert not [n for n in names if "grawlix" in n.lower()], names
    assert "SNARL 3D-PRINTED TILES" in (out / "snarl-3d-printing.txt").read_text()
