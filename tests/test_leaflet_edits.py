"""The leaflet of templates a designer edited: changed rules reach the words, and every mistake in
the text, the positions or the pieces is one line naming the file and line (or no PDF at all)."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.errors import StudioError
from grawlix_print.games import game
from grawlix_print.products.leaflet.build import build_leaflet

from conftest import set_rule
from oracle import legal_locations as oracle_locations
from test_leaflet import WORDS, text_of


def build_text(templates: Path, tmp_path: Path, paper: str = "a4") -> str:
    build_leaflet(game(templates=templates), tmp_path / "out", paper)
    return text_of(tmp_path / "out" / f"leaflet-reading-{paper}.pdf")


def build_error(templates: Path, tmp_path: Path) -> tuple[int, str, Path]:
    """Run the command as a user would; return exit code, stderr and the output folder."""
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["leaflet", "--templates", str(templates), "--out", str(out)])
    return result.exit_code, result.stderr, out


# --- rule changes ------------------------------------------------------------------------


def test_max_seven_rows_and_columns(templates_copy, tmp_path, positions):
    set_rule(templates_copy, "max_rows", 7)
    set_rule(templates_copy, "max_columns", 7)
    text = build_text(templates_copy, tmp_path)
    assert "no more than seven rows and seven columns" in text
    count = len(oracle_locations(positions["example-2"].grid.tiles(), 7, 7))
    assert f"the {WORDS[count]} places where the next tile could go" in text
    assert "The grid spans six columns and may still grow sideways" in text
    assert "still under seven, so the square marked ! would stay open" in text
    assert "six rows and six columns" not in text


def test_max_five_makes_example_2_invalid(templates_copy, tmp_path):
    set_rule(templates_copy, "max_rows", 5)
    set_rule(templates_copy, "max_columns", 5)
    code, stderr, out = build_error(templates_copy, tmp_path)
    assert code == 1
    lines = stderr.strip().splitlines()
    # Every tile of both positions that breaks the new limits, each its own line naming file and line,
    # then one summary line: the designer fixes them all at once.
    outside = [found for line in lines if (found := re.search(r"positions/([\w-]+\.toml):\d+: \[\d, \d\]: \S+ here makes the grid span 6 (rows|columns), more than 5", line))]
    assert len(outside) == 10 and {"cover.toml", "example-2.toml"} == {found[1] for found in outside}
    assert lines[-1] == f"error: {len(lines) - 1} problems in 2 files"
    assert all(line.startswith("error: ") for line in lines) and "Traceback" not in stderr
    assert not out.exists() or not any(out.iterdir())


def test_hand_size_three(templates_copy, tmp_path):
    set_rule(templates_copy, "hand_size", 3)
    text = build_text(templates_copy, tmp_path)
    assert "until each player holds three tiles" in text
    assert "four tiles" not in text


# --- failures ------------------------------------------------------------------------------


def test_false_claim_names_the_position_file(templates_copy, tmp_path):
    # Move "!" to an empty square inside the grid: still legal after a tile goes at "?".
    path = templates_copy / "positions" / "example-2.toml"
    path.write_text(path.read_text().replace('"!" = [5, 2]', '"!" = [4, 1]'))
    code, stderr, out = build_error(templates_copy, tmp_path)
    assert code == 1 and len(stderr.strip().splitlines()) == 1
    assert "example-2.toml" in stderr and "? closes !" in stderr and "leaves ! available" in stderr
    assert not out.exists() or not any(out.iterdir())


def test_false_claim_in_the_text(templates_copy, tmp_path):
    leaflet = templates_copy / "leaflet.md"
    leaflet.write_text(leaflet.read_text().replace("[example: example-1, tile 11mm]", "[example: example-1, tile 11mm]\n{check example-1: ? closes ?}\n"))
    with pytest.raises(StudioError) as caught:
        build_leaflet(game(templates=templates_copy), tmp_path, "a4")
    assert "example-1.toml" in str(caught.value)


def test_overflowing_panel_names_the_panel_and_the_excess(templates_copy, tmp_path):
    leaflet = templates_copy / "leaflet.md"
    story = "The grid grows one tile at a time, and every line keeps its glyphs and colours apart. " * 40
    leaflet.write_text(leaflet.read_text().replace("## The Grid\n", f"## The Grid\n\n{story}\n\n"))
    code, stderr, out = build_error(templates_copy, tmp_path)
    assert code == 1 and len(stderr.strip().splitlines()) == 1
    assert "panel 3 does not fit" in stderr and "mm taller" in stderr
    excess = float(stderr.split("content is ")[1].split(" mm")[0])
    assert 100 < excess < 400  # forty sentences of some 4 lines in 9.4 pt type: far too much
    assert not out.exists() or not any(out.iterdir())


def test_overflow_only_on_the_narrower_paper(templates_copy, tmp_path):
    # A word that fits an A4 panel (79.7 mm of text) but not a Letter one (73.8 mm).
    leaflet = templates_copy / "leaflet.md"
    word = "Typesetters" * 3 + "Typeset"  # some 75 mm in the 10 pt bold face
    leaflet.write_text(leaflet.read_text().replace("## Overview\n", f"## Overview\n\n**{word}**\n\n"))
    build_leaflet(game(templates=templates_copy), tmp_path / "a4", "a4")
    with pytest.raises(StudioError, match=r"panel 2 does not fit on US Letter paper: the word .* too wide"):
        build_leaflet(game(templates=templates_copy), tmp_path / "letter", "letter")


@pytest.mark.parametrize(
    "change, message",
    [
        ("{example-2.tile}", "unknown placeholder"),
        ("{example-2.?.smell}", "unknown placeholder"),
        ("{example-2.%.glyphs}", "has no marker '%'"),
        ("{if example-2: ? flies}x{end}", "unknown condition"),
        ("{if example-2: new row}", "{if} without a matching {end}"),
        ("[example: nowhere]", "no position file positions/nowhere.toml"),
        ("[picture]", "unknown directive"),
        ("[loud] Hello", "unknown paragraph style"),
        ("**open", "never closed"),
        ("{example-2.tiles tiles", "'{' is not closed on its line"),
        ("{example-2.tiles {max_rows}", "'{' is not closed on its line"),
        ("one } too many", "'}' without a matching '{'"),
        ("{}", "empty placeholder"),
        ("{else}", "{else} without a matching {if}"),
        ("{end}", "{end} without a matching {if}"),
        ("{max_rows|lines}", "unsuitable filter |lines"),
        ("{glyph_list|digits}", "unsuitable filter |digits"),
        ("{check example-2: ? keeps !}", "example-2.toml"),
        ("{check proof: full grid}", "no legal grid holds all 36 tiles"),
        ("{proof.favourite}", "unknown placeholder"),
        ("#### Too deep", "headings go down to ###"),
        ("::: aside", "unknown container"),
        ("[example: example-2, size 9mm]", "unknown diagram option"),
    ],
)
def test_template_mistakes_are_one_line_with_file_and_line(templates_copy, tmp_path, change, message):
    leaflet = templates_copy / "leaflet.md"
    source = leaflet.read_text()
    lines = source.splitlines()
    at = lines.index("## Overview") + 2
    lines.insert(at, change)
    leaflet.write_text("\n".join(lines) + "\n")
    code, stderr, _ = build_error(templates_copy, tmp_path)
    assert code == 1 and len(stderr.strip().splitlines()) == 1, stderr
    assert message in stderr
    if message != "example-2.toml":  # a false claim is filed under the position it is about
        assert "leaflet.md" in stderr
    if message != "{if} without a matching {end}":
        assert f"leaflet.md:{at + 1}" in stderr


def test_escaped_braces_and_markdown_are_text(templates_copy, tmp_path):
    leaflet = templates_copy / "leaflet.md"
    extra = "Braces \\{like this\\} stay, *slanted* words and [links](https://example.org) too."
    leaflet.write_text(leaflet.read_text().replace("## Overview\n", f"## Overview\n\n{extra}\n"))
    text = build_text(templates_copy, tmp_path)
    assert "Braces {like this} stay, slanted words and links too." in text


def test_text_before_the_first_panel_and_panels_out_of_order(templates_copy, tmp_path):
    leaflet = templates_copy / "leaflet.md"
    source = leaflet.read_text()
    leaflet.write_text(source.replace("::: panel cover", "Stray words.\n\n::: panel cover"))
    code, stderr, _ = build_error(templates_copy, tmp_path)
    assert code == 1 and "text before the first '::: panel NAME' (or '::: page NAME') line" in stderr
    leaflet.write_text(source.replace("::: panel 3", "::: panel three"))
    code, stderr, _ = build_error(templates_copy, tmp_path)
    assert code == 1 and "needs the panels cover, 2, 3, 4, flap, back in this order" in stderr


def test_marker_at_an_illegal_location_is_a_false_claim(templates_copy, tmp_path):
    path = templates_copy / "positions" / "example-1.toml"
    path.write_text(path.read_text().replace('"?" = [1, 0]', '"?" = [3, 3]'))
    with pytest.raises(StudioError) as caught:
        build_leaflet(game(templates=templates_copy), tmp_path, "a4")
    assert caught.value.where.endswith("example-1.toml")
    assert "not a legal location" in str(caught.value)


# --- the pieces and the typefaces ------------------------------------------------------------


def test_a_character_the_typeface_lacks_is_one_line_naming_the_panel(templates_copy, tmp_path):
    """An emoji in the rules' text: no PDF with an empty box in it, but the panel's line, the face
    and the character."""
    path = templates_copy / "leaflet.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("two players take turns", "two players \U0001F40D take turns", 1), encoding="utf-8")
    with pytest.raises(StudioError) as caught:
        build_leaflet(game(templates=templates_copy), tmp_path, "a4")
    assert caught.value.where is not None and caught.value.where.startswith(f"{path}:")
    assert "the typeface Quicksand-Medium has no '\U0001F40D' (U+1F40D)" in caught.value.what
    assert not list(tmp_path.glob("*.pdf"))


def test_a_colour_without_a_shape_is_named_by_its_letter_in_the_legend(templates_copy, tmp_path):
    """components.toml lets a colour go without a shape (its tiles are then marked by letter only):
    the rules still build, and the legend names it by its letter beside an empty patch."""
    components = templates_copy / "components.toml"
    components.write_text(components.read_text().replace('shape = "star"\n', "", 1))
    build_leaflet(game(templates=templates_copy), tmp_path, "a4")
    with pdfplumber.open(tmp_path / "leaflet-a4.pdf") as pdf:
        words = [w["text"] for w in pdf.pages[1].extract_words()]
    assert "Vviolet" in words and "Bblue" in words  # letter and name, as the legend sets them
