"""Rule changes a designer can trust (issue 27), walked through as a designer works, in real processes.

- A 5 x 5 variant of Grawlix with six glyphs: the first build lists every problem
  (each its own line naming file and line, then a count), the designer fixes what
  they name, the second build makes the leaflet and the web edition, and their Fun Facts
  state and draw the variant's own largest grid; the cover's eleven loose tiles fit the
  panel by themselves. (The products of words: the sheets, boxes, images and 3D set read
  only the pieces' files, which the variant leaves as they are; tests/test_variant.py
  builds a variant's whole kit.)
- A change that overflows only US Letter is reported by ``leaflet --paper a4`` and by ``watch``.
- A diagram too large for its panel names itself and a size that fits, and that size fits.
- Renames: a colour's letter and a glyph's character change in components.toml alone.
"""

from __future__ import annotations

import json
import re
import shutil
import signal
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import TEMPLATES
from pdf_vectors import read_page
from test_games import run

SIX_IN_FIVE_FIX = {
    # What the designer does with example 2 once the first build has said what breaks: the
    # column it can no longer have goes (as the lines say), and so does its bottom row, so the
    # square above it (marker ?) is open again; marker ! moves up with the row.
    "example-2.toml": (('.  .  O# .  .  .\n', ""), ('"!" = [5, 2]', '"!" = [4, 2]')),
}
WORDS = "leaflet,web"
"""`all --only` for the products that state and draw the rules' facts: the others print the pieces,
which the variant leaves as they are (tests/test_variant.py builds a variant's whole kit)."""
TILE_PROBLEM = re.compile(r"^error: (.+\.toml):(\d+): \[(\d+), (\d+)\]: (\S+) (?:here makes the grid span|is cut off)")


def _without_tiles(path: Path, cells: set[tuple[int, int]]) -> None:
    """The position file with the tiles at ``cells`` taken out of its grid (trailing ones dropped)."""
    text = path.read_text()
    start = text.index('grid = """\n') + len('grid = """\n')
    end = text.index('"""', start)
    rows = text[start:end].split("\n")
    kept = []
    for r, row in enumerate(rows):
        tokens = row.split()
        tokens = ["." if (r, c) in cells else token for c, token in enumerate(tokens)]
        while tokens and tokens[-1] == ".":
            tokens.pop()
        kept.append(" ".join(f"{t:<2}" for t in tokens).rstrip())
    path.write_text(text[:start] + "\n".join(kept) + text[end:])


@pytest.fixture(scope="module")
def six_in_five(tmp_path_factory) -> tuple[Path, list[str], dict[str, str]]:
    """`init`, then max_rows = max_columns = 5 with all six glyphs; the first build's lines;
    the designer's fixes; the second build."""
    root = tmp_path_factory.mktemp("six-in-five")
    assert run("init", str(root)).returncode == 0
    rules = root / "templates" / "rules.toml"
    rules.write_text(rules.read_text().replace("max_rows = 6", "max_rows = 5").replace("max_columns = 6", "max_columns = 5"))
    first = run("all", "--quiet", "--only", WORDS, "--paper", "a4", cwd=root)
    assert first.returncode == 1 and first.stdout == ""
    assert not (root / "output").exists() or not any(p.is_file() for p in (root / "output").rglob("*"))  # nothing written
    # (a paper-only install adds a note that the 3D tiles were left out: not a problem)
    lines = [line for line in first.stderr.splitlines() if not line.startswith("note: ")]
    before = {p.relative_to(root).as_posix(): p.read_text() for p in (root / "templates" / "positions").glob("*.toml")}
    for name, edits in SIX_IN_FIVE_FIX.items():
        path = root / "templates" / "positions" / name
        text = path.read_text()
        for old, new in edits:
            assert old in text
            text = text.replace(old, new)
        path.write_text(text)
    # Fix what the lines name: each tile they name comes out of its grid.
    named: dict[str, set[tuple[int, int]]] = {}
    for line in lines:
        found = TILE_PROBLEM.match(line)
        if found:
            named.setdefault(found[1], set()).add((int(found[3]), int(found[4])))
    for file, cells in named.items():
        _without_tiles(root / file, cells)
    second = run("all", "--quiet", "--only", WORDS, "--paper", "a4", cwd=root)
    assert second.returncode == 0, second.stderr
    return root, lines, before


def test_the_first_build_lists_every_problem_each_on_its_line(six_in_five):
    root, lines, before = six_in_five
    assert all(line.startswith("error: ") for line in lines) and "Traceback" not in "\n".join(lines)
    assert lines[-1] == f"error: {len(lines) - 1} problems in 2 files"
    tiles = [TILE_PROBLEM.match(line) for line in lines if TILE_PROBLEM.match(line)]
    by_file = {f: sorted((int(m[3]), int(m[4])) for m in tiles if m[1] == f) for f in {m[1] for m in tiles}}
    cover, example = "templates/positions/cover.toml", "templates/positions/example-2.toml"
    # Every cover tile in the sixth column or the sixth row, and every example tile of its sixth column.
    assert by_file[cover] == [(0, 5), (1, 5), (2, 5), (3, 5), (5, 0), (5, 1), (5, 2), (5, 3)]
    assert by_file[example] == [(0, 5), (1, 5), (2, 5), (3, 5)]
    for match in tiles:  # each line names the file's own line of that row
        text = before[match[1]].splitlines()
        assert text[int(match[2]) - 1].split()[int(match[4])] == match[5]
    # The claim about marker ? is judged on what is left, in the same run, with the reason.
    claim = next(line for line in lines if "? keeps !" in line)
    assert "leaflet.md:228" in claim and "make the grid span 6 rows, more than 5" in claim


def test_the_second_build_states_and_draws_its_own_largest_grid(six_in_five):
    root, _, _ = six_in_five
    record = json.loads(run("facts", "--json", cwd=root).stdout)
    assert (record["max_tiles"], record["max_rows"], record["max_columns"]) == (25, 5, 5)
    web = (root / "output" / "web" / "rules.md").read_text()
    assert "In play the question never arises." in web and "thirty-four" not in web
    assert "at most five rows and five columns: twenty-five cells" in web
    svg = (root / "output" / "web" / "diagrams" / "largest-grid.svg").read_text()
    assert svg.count("<use") == 36 and svg.count("rotate(") == 11  # 25 in the grid, 11 turned beneath
    assert "twenty-five tiles in a grid of five rows and five columns" in svg


def test_the_cover_shrinks_its_tiles_to_fit_the_panel(six_in_five):
    root, _, _ = six_in_five
    reader = PdfReader(root / "output" / "leaflet" / "leaflet-reading-a4.pdf")
    page = read_page(reader, 0)
    upright = [s for s in page.stamps if abs(s.angle) < 0.01]
    turned = [s for s in page.stamps if abs(s.angle) >= 0.01]
    assert (len(upright), len(turned)) == (25, 11)
    side_mm = upright[0].scale * 100 / 72 * 25.4 * (1 - 0.03)  # a stamp is 100 units; its cell a little less
    assert 13.5 / 2 <= side_mm < 13.5  # shrunk from the largest size, not below half of it
    _, bottom, _, top = (float(v) for v in reader.pages[0].mediabox)
    assert all(bottom < s.y < top for s in page.stamps)


# --- every paper checked ---------------------------------------------------------------------


def test_a_change_that_overflows_only_letter_is_reported_by_an_a4_build(tmp_path):
    """hand_size = 3 makes 'twenty turns' 'nineteen turns': one more line on Letter's panel 3."""
    assert run("init", "game", cwd=tmp_path).returncode == 0
    root = tmp_path / "game"
    rules = root / "templates" / "rules.toml"
    rules.write_text(rules.read_text().replace("hand_size = 4", "hand_size = 3"))
    result = run("leaflet", "--paper", "a4", "-o", "out", cwd=root)
    assert result.returncode == 0 and (root / "out" / "leaflet" / "leaflet-a4.pdf").is_file()
    warnings = result.stderr.splitlines()
    assert len(warnings) == 1 and warnings[0].startswith("warning: templates/leaflet.md:")
    assert "panel 3 does not fit on US Letter paper" in warnings[0] and "builds this paper too" in warnings[0]
    letter = run("leaflet", "--paper", "letter", "-o", "out", cwd=root)  # and the Letter build agrees
    assert letter.returncode == 1 and "panel 3 does not fit on US Letter paper" in letter.stderr
    # With the kit set to build A4 alone, Letter is no paper of the kit's: nothing to say.
    (root / "grawlix.toml").write_text('[all]\npaper = "a4"\n')
    assert run("leaflet", "--paper", "a4", "-o", "out", cwd=root).stderr == ""


def test_watch_reports_a_change_that_overflows_only_letter(tmp_path):
    from test_watch import Watcher, save

    shutil.copytree(TEMPLATES, tmp_path / "templates")
    rules = tmp_path / "templates" / "rules.toml"
    watcher = Watcher(tmp_path)
    try:
        assert watcher.next_line()[0] == "stdout"  # watching ...
        stream, line = watcher.next_line(timeout=120)  # the first build plays the quoted games
        assert stream == "stdout" and "first build: leaflet-a4.pdf" in line, line
        assert watcher.quiet_for(1.0)  # the built-in text fits both papers: nothing more to say
        save(rules, rules.read_text().replace("hand_size = 4", "hand_size = 3"))
        # Two lines, one on each stream: which arrives first is the pipes' affair, not the watch's.
        said = dict(sorted([watcher.next_line(), watcher.next_line()]))
        assert said.keys() == {"stdout", "stderr"}, said
        assert "rules.toml: leaflet-a4.pdf" in said["stdout"]  # A4 built
        assert " warning: " in said["stderr"] and "panel 3 does not fit on US Letter paper" in said["stderr"]
    finally:
        watcher.process.send_signal(signal.SIGINT)
        watcher.process.wait(timeout=30)


# --- diagrams that fit themselves --------------------------------------------------------------


def test_a_diagram_too_large_for_its_panel_names_itself_and_a_size_that_fits(six_in_five, tmp_path):
    root, _, _ = six_in_five
    leaflet = root / "templates" / "leaflet.md"
    text = leaflet.read_text()
    try:
        leaflet.write_text(text.replace("[cover art: cover]", "[cover art: cover, tile 13mm]"))
        refused = run("leaflet", "-o", str(tmp_path), cwd=root)
        assert refused.returncode == 1 and refused.stderr.count("\n") == 1, refused.stderr
        assert "panel cover does not fit on A4 paper" in refused.stderr
        found = re.search(r"the cover art \(line (\d+)\) would fit with tiles of ([\d.]+) mm", refused.stderr)
        assert found and float(found[2]) < 13
        line = text.splitlines()[int(found[1]) - 1]
        assert line.startswith("[cover art: cover")
        leaflet.write_text(text.replace("[cover art: cover]", f"[cover art: cover, tile {found[2]}mm]"))
        assert run("leaflet", "-o", str(tmp_path), cwd=root).returncode == 0  # the size it names fits
    finally:
        leaflet.write_text(text)


# --- renames --------------------------------------------------------------------------------------


def _tokens(root: Path) -> dict[str, list[str]]:
    """Each position's tiles as `check --json` reads them, in reading order."""
    result = run("check", "--json", cwd=root)
    assert result.returncode == 0, result.stderr
    found = {}
    for line in result.stdout.splitlines():
        record = json.loads(line)
        found[Path(record["file"]).name] = [m["tiles"] for m in record["markers"].values()]
    return found


def test_a_colours_letter_and_a_glyphs_character_change_in_components_alone(tmp_path):
    assert run("init", "game", cwd=tmp_path).returncode == 0
    root = tmp_path / "game"
    before = _tokens(root)
    components = root / "templates" / "components.toml"
    text = components.read_text()
    components.write_text(text.replace('name = "red"\nletter = "R"', 'name = "crimson"\nletter = "C"')
                          .replace('character = "@"', 'character = "+"'))  # fmt: skip
    after = _tokens(root)
    renamed = {name: [[t.replace("R", "C", 1) if t[0] == "R" else t for t in tiles] for tiles in markers]
               for name, markers in before.items()}  # fmt: skip
    renamed = {name: [[t[0] + t[1:].replace("@", "+") for t in tiles] for tiles in markers] for name, markers in renamed.items()}
    assert after == renamed  # the same tiles fit at every marker, under their new names
    built = run("all", "--only", "leaflet,web", "--quiet", cwd=root)
    assert built.returncode == 0, built.stderr
    assert "crimson" in (root / "output" / "web" / "rules.md").read_text()


def test_a_stale_token_names_the_piece_it_probably_meant(tmp_path):
    assert run("init", "game", cwd=tmp_path).returncode == 0
    root = tmp_path / "game"
    for path in (root / "templates" / "positions").glob("*.toml"):  # files written before [tokens] existed
        text = path.read_text()
        path.write_text(text[: text.index("\n# What the letters")] + "\n")
    components = root / "templates" / "components.toml"
    components.write_text(components.read_text().replace('name = "red"\nletter = "R"', 'name = "crimson"\nletter = "C"'))
    result = run("check", "templates/positions/cover.toml", cwd=root)
    lines = result.stderr.splitlines()
    assert result.returncode == 1 and lines[-1] == f"error: {len(lines) - 1} problems in 1 file"
    first = lines[0]
    assert first.startswith("error: templates/positions/cover.toml:10: [0, 4]: unknown token 'R#'")
    assert "no colour has the letter R now; probably C#, the crimson octothorpe" in first


def test_a_worked_example_naming_a_colour_the_deck_lacks_says_so(tmp_path):
    assert run("init", "--game", "permutations", "game", cwd=tmp_path).returncode == 0
    root = tmp_path / "game"
    components = root / "templates" / "components.toml"
    components.write_text(components.read_text().replace("[colours.green]", "[colours.lime]"))
    result = run("leaflet", "-o", "out", cwd=root)
    assert result.returncode == 1 and "unknown fact" not in result.stderr
    assert ("the claim '4 green' names the colour 'green', but the deck has no colour of that name "
            "(its colours: red, yellow, lime, blue)") in result.stderr  # fmt: skip
