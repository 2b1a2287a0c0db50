"""Games as plug-ins: the registry, the layers, components as data (a variant built whole: test_variant)."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.games.grawlix.tiles import Colour, Glyph, TileSet
from grawlix_print.drawing.ink import Ink
from grawlix_print.games import Game, game, game_class, game_names
from grawlix_print.games.grawlix import proof as search
from grawlix_print.games.grawlix.engine import Grid
from grawlix_print.games.grawlix.rules import Rules

from conftest import PROJECT, TEMPLATES
from commands import run_here
from oracle import valid_grid

PACKAGE = PROJECT / "grawlix_print"


def installed(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The command as a user runs it, in a process of its own: for the entry points themselves."""
    return subprocess.run(
        [sys.executable, "-m", "grawlix_print", *args], capture_output=True, text=True, cwd=cwd or PROJECT,
        env={**os.environ, "PYTHONPATH": str(PROJECT), "GRAWLIX_PRINT_SCREENSHOTS": "off"},
    )  # fmt: skip


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The command in this process (what it says and writes), answered as a process would be: the
    three dozen refusals below would otherwise each start an interpreter."""
    return run_here(*args, cwd=cwd or PROJECT, env={"GRAWLIX_PRINT_SCREENSHOTS": "off"})


# --- the layers ----------------------------------------------------------------------------


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports (relative imports resolved), at any depth of the file."""
    module = ".".join(path.relative_to(PROJECT).with_suffix("").parts)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    package = package.removesuffix(".__init__")
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found |= {f"{target}.{alias.name}" for alias in node.names}
    return found


def _layer(module: str) -> str:
    parts = module.split(".")
    if parts[:2] == ["grawlix_print", "games"] and len(parts) > 2 and (PACKAGE / "games" / parts[2]).is_dir():
        return "game"  # a game's own folder
    if parts[:2] == ["grawlix_print", "products"] and len(parts) > 2 and (PACKAGE / "products" / parts[2]).is_dir():
        return parts[2]  # a product: a layer of its own, beside the other products
    return parts[1] if len(parts) > 1 else "package"


NEUTRAL = [p for p in sorted(PACKAGE.rglob("*.py")) if _layer(".".join(p.relative_to(PROJECT).with_suffix("").parts)) != "game"]
ORDER = ["errors", "plugin_faults", "files", "units", "cache", "papers", "fonts", "facts", "options", "notes", "registry", "html_page", "drawing", "pieces",
         "rulebook", "playtest", "games", "versions", "products", "leaflet", "sheets", "boxes", "web", "images", "ondemand",
         "solid", "errata", "kit", "cli"]  # fmt: skip
"""The neutral layers, each importing only those before it (products side by side): drawing knows shapes,
inks and text; pieces are kinds of pieces as data and how a piece is drawn; games the registry and
interface; versions two versions of a game compared (any game, through the registry); products the product
registry and interface, then each product (none imports another)."""
PRODUCTS = {"leaflet", "sheets", "boxes", "web", "images", "ondemand", "solid", "errata"}


def test_no_neutral_module_imports_a_game():
    for path in NEUTRAL:
        if path == PACKAGE / "__init__.py":
            continue  # the public face names the built-in game's classes as strings, imported on use
        games = sorted(m for m in _imports(path) if _layer(m) == "game")
        assert not games, f"{path.relative_to(PROJECT)} imports {games}"


def test_the_layers_import_one_way():
    for path in NEUTRAL:
        own = _layer(".".join(path.relative_to(PROJECT).with_suffix("").parts))
        if own not in ORDER:
            continue
        for module in _imports(path):
            other = _layer(module)
            if module.startswith("grawlix_print.") and other in ORDER and other != own:
                above = ORDER.index(other) > ORDER.index(own)
                sideways = own in PRODUCTS and other in PRODUCTS
                assert not above, (
                    f"{path.relative_to(PROJECT)} ({own}) imports {module} ({other}), a layer above it"
                )
                assert not sideways, f"{path.relative_to(PROJECT)} ({own}) imports the product {module}"


def test_the_game_is_named_only_in_its_own_folder():
    """No string of the neutral layers names the built-in game, its tile count or its colour letters."""
    pattern = re.compile(r"\bGrawlix\b|\bGRAWLIX\b(?![_-])|\b36\b|thirty-six|R O Y G B V|\bviolet\b")
    for path in NEUTRAL:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found = pattern.search(node.value)
                assert found is None, f"{path.relative_to(PROJECT)}:{node.lineno} says {found.group(0)!r}"


# --- the registry --------------------------------------------------------------------------


def test_games_are_found_through_entry_points_and_listed():
    assert "grawlix" in game_names()
    kind = game_class("grawlix")
    assert issubclass(kind, Game) and kind.builtin_templates() == TEMPLATES
    result = installed("games")
    assert result.returncode == 0 and result.stdout.startswith("grawlix: ")
    assert "products: leaflet, errata, sheets, boxes, web, images, print-on-demand, 3d" in result.stdout
    # each game's strategies (playtest --strategy), and none for a game that cannot be playtested
    listed = {block.split(":")[0]: block for block in re.split(r"\n(?=\S)", result.stdout)}
    assert "\n    strategies: random, greedy, search" in listed["permutations"]
    assert "strategies" not in listed["spreadsheet"]


@pytest.mark.parametrize("name", ["nope", "", " "], ids=["unknown", "empty", "blank"])
@pytest.mark.parametrize("command", ["check", "leaflet", "init"])
def test_a_game_that_is_not_installed_is_one_line(command, name, tmp_path):
    """An empty --game too: it used to build the default game."""
    args = [command, "--game", name]
    result = run(*args, "-o", str(tmp_path / "out")) if command == "leaflet" else run(*args, cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith(f"error: no game {name!r} (games: ") and result.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_an_empty_game_is_refused_beside_a_templates_folder(tmp_path):
    """With ./templates a game's folder (and with --templates), `--game ''` is still no game."""
    assert run("init", str(tmp_path)).returncode == 0
    for args in (["check", "--game", ""], ["check", "--game", "", "--templates", "templates"]):
        result = run(*args, cwd=tmp_path)
        assert result.returncode == 1 and result.stderr == "error: no game '' (games: grawlix, permutations, spreadsheet)\n"


@pytest.mark.parametrize("where", ["grawlix.toml", "templates/components.toml"])
def test_a_file_that_names_no_installed_game_is_named_with_its_key(where, tmp_path):
    """The unknown name came from a file, so the one line names the file and its ``game`` key."""
    if where == "grawlix.toml":
        (tmp_path / where).write_text('game = "nope"\n')
    else:
        (tmp_path / "templates").mkdir()
        text = (TEMPLATES / "components.toml").read_text()
        (tmp_path / where).write_text(text.replace('game = "grawlix"', 'game = "nope"', 1))
    result = run("leaflet", "-o", "out", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr == f"error: {where}: game: no game 'nope' (games: {', '.join(game_names())})\n"
    assert not (tmp_path / "out").exists()


def test_a_plug_in_that_fails_to_load_is_one_line(monkeypatch, tmp_path):
    """A third-party game whose module raises on import: the command says which game, in one line."""
    from grawlix_print.games import GAMES

    class Broken:
        name, value = "broken", "no_such_package.games:Broken"

        def load(self):
            raise ImportError("No module named 'no_such_package'")

    monkeypatch.setattr(GAMES, "_points", {**GAMES.points(), "broken": Broken()})
    try:
        result = CliRunner().invoke(main, ["check", "--game", "broken"])
    finally:
        GAMES.clear()
    assert result.exit_code == 1
    # the loader's own line (here this file's Broken.load) is the plug-in's: tests/test_plugin_faults.py has the rest
    assert result.stderr.startswith(
        "error: game broken: it does not load: ImportError: No module named 'no_such_package' while it was imported at "
    ), result.stderr
    assert result.stderr.count("\n") == 1 and "test_games.py:" in result.stderr


def test_a_plug_in_cannot_take_a_built_in_games_name(tmp_path):
    """A package registering a game under a built-in game's name is left out with a note: the name
    stays the built-in game's, and the plug-in's code is never imported."""
    from plugins import on_path

    package = tmp_path / "impostor"
    package.mkdir()
    (package / "__init__.py").write_text("raise SystemExit('imported')\n")
    info = tmp_path / "impostor-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: impostor\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[grawlix_print.games]\npermutations = impostor:Game\nother = impostor:Game\n")
    with on_path(tmp_path):
        result = CliRunner().invoke(main, ["games"])
        assert game_class("permutations").__module__ == "grawlix_print.games.permutations"
    assert result.exit_code == 0, result.stderr
    assert "note: the plug-in game permutations (impostor:Game) is not loaded: a built-in game has that name" \
        in result.stderr  # fmt: skip
    assert re.findall(r"^(\S+): ", result.stdout, re.MULTILINE) == ["grawlix", "permutations", "spreadsheet"]
    assert "error: game other: it does not load" in result.stderr  # its other name is its own: loaded, and it fails


def test_templates_name_their_game_and_a_clash_is_one_line(templates_copy, tmp_path):
    assert game(templates=templates_copy).name == "grawlix"
    result = run("check", "--game", "other", "--templates", str(templates_copy))
    assert result.returncode == 1 and "holds a grawlix game, not other" in result.stderr
    (templates_copy / "grawlix.toml").write_text('game = "permutations-that-is-not"\n')
    result = run("check", "--templates", str(templates_copy))
    assert result.returncode == 1
    assert result.stderr == f"error: {templates_copy / 'grawlix.toml'}: game = 'permutations-that-is-not', but {templates_copy} holds a grawlix game\n"


def test_a_settings_file_may_record_the_game(tmp_path):
    (tmp_path / "grawlix.toml").write_text('game = "grawlix"\n[check]\njson = true\n')
    result = run("check", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert len([json.loads(line) for line in result.stdout.splitlines()]) == 3


# --- components.toml: bad input is one line naming file and key ---------------------------


def _edit(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


BAD_COMPONENTS = {
    "duplicate glyph": (('character = "#"', 'character = "@"'), "glyphs[2].character: character '@' is given twice (also at glyphs[1].character)"),
    "duplicate colour": (('name = "orange"', 'name = "red"'), "colours[2].name: colour 'red' is given twice (also at colours[1].name)"),
    "missing typeface": (('typeface = "Quicksand-Bold.ttf"', 'typeface = "Nowhere.ttf"'), "glyphs[6].typeface: no typeface file 'Nowhere.ttf'"),
    "no cmyk": (("cmyk = [0.0, 0.95, 0.95, 0.0]\n", ""), "colours[1].cmyk: missing: a list of 4 numbers from 0 to 1"),
    "cmyk out of range": (("cmyk = [0.0, 0.95, 0.95, 0.0]", "cmyk = [0.0, 1.95, 0.95, 0.0]"), "colours[1].cmyk: must be a list of 4 numbers from 0 to 1: [0.0, 1.95, 0.95, 0.0] has a part outside 0-1"),
    "unknown key": (('name = "at sign"', 'name = "at sign"\nsize = 3'), "glyphs[1].size: unknown key (known: character, name, typeface)"),
    "bad shape": (('shape = "ring"', 'shape = "blob"'), "colours[1].shape: must be one of ring, triangle, square, diamond, cross, star, not 'blob'"),
    "shape twice": (('shape = "triangle"', 'shape = "ring"'), "colours[2].shape: shape 'ring' is given twice (also at colours[1].shape)"),
    "glyph count": (('[[glyphs]]\ncharacter = "&"\nname = "ampersand"\ntypeface = "ComicNeue-Bold.otf"\n', ""),
                    "Grawlix needs as many colours as glyphs (a full grid is a square of both), found 5 glyphs and 6 colours"),
}  # fmt: skip


@pytest.mark.parametrize("case", BAD_COMPONENTS, ids=list(BAD_COMPONENTS))
def test_a_bad_components_file_is_one_line_naming_file_and_key(case, templates_copy, tmp_path):
    (old, new), message = BAD_COMPONENTS[case]
    path = templates_copy / "components.toml"
    path.write_text(_edit(path.read_text(), old, new))
    result = run("all", "--only", "leaflet,sheets", "--templates", str(templates_copy), "-o", str(tmp_path / "out"))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith(f"error: {path}") and message in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1
    assert not (tmp_path / "out").exists()


def test_fewer_than_two_glyphs_and_a_typeface_without_the_glyph(templates_copy, tmp_path):
    path = templates_copy / "components.toml"
    text = path.read_text()
    one = re.sub(r'(?s)\[\[glyphs\]\]\ncharacter = "[#$%&*]".*?(?=\n\[\[|\n#)', "", text)
    path.write_text(one)
    result = run("check", "--templates", str(templates_copy))
    assert result.returncode == 1 and f"{path}: glyphs: needs at least 2 [[glyphs]] tables, found 1" in result.stderr
    # A character the typeface has no outline for (Comic Neue has no snowman).
    path.write_text(_edit(text, 'character = "@"', 'character = "\u2603"'))
    result = run("sheets", "--templates", str(templates_copy), "-o", str(tmp_path / "out"))
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"error: {path}: glyphs[1].typeface: font has no glyph for '\u2603'"), result.stderr
    assert not (tmp_path / "out").exists()


def test_rules_the_tile_set_cannot_fill_are_refused(templates_copy):
    (templates_copy / "rules.toml").write_text("max_rows = 6\nmax_columns = 6\nhand_size = 19\n")
    result = run("check", "--templates", str(templates_copy))
    assert result.returncode == 1
    assert "hand_size 19 needs 38 tiles for two hands, but there are only 36" in result.stderr


# --- the proof at every order ----------------------------------------------------------------


def tile_set(order: int) -> TileSet:
    """A tile set of ``order`` glyphs (capital letters of Quicksand) in ``order`` grey colours."""
    font = PACKAGE / "fonts" / "Quicksand-Bold.ttf"
    glyphs = tuple(Glyph(k, chr(ord("A") + k), f"letter {chr(ord('A') + k)}", font) for k in range(order))
    colours = tuple(Colour(k, f"grey {k}", chr(ord("a") + k).upper(), Ink((0.5, 0.5, 0.5), (0, 0, 0, 0.5))) for k in range(order))
    return TileSet(f"Order {order}", glyphs, colours)


@pytest.mark.parametrize("order, full, method", [
    (2, False, "theory"), (3, True, "search"), (4, True, "search"), (5, True, "search"),
    (7, True, "construction"), (8, True, "construction"),
])  # fmt: skip
def test_the_largest_grid_of_every_searchable_order(order, full, method):
    """A full grid exactly when the order is not 2 or 6 (6 is test_facts'); every grid judged by the oracle."""
    tiles = tile_set(order)
    proof = search.prove(tiles, order, order)
    assert (proof.full_grid_possible, proof.square.possible, proof.method) == (full, full, method)
    assert proof.max_tiles == proof.square.most == (order * order if full else order * order - 2)
    grid = proof.grid_tiles(tiles)
    assert len(grid) == proof.max_tiles and len(set(grid.values())) == proof.max_tiles
    assert valid_grid(grid, order, order)
    Grid.from_tiles(grid, Rules(tiles, order, order, 1))  # and the engine agrees


@pytest.mark.parametrize("order", [9, 10, 16])
def test_larger_orders_are_stated_from_theory_at_once(order):
    proof = search.prove(tile_set(order), order, order)
    assert proof.method == "theory" and proof.full_grid_possible and proof.max_tiles == order * order
    assert proof.largest_grid == () and "Bose, Shrikhande and Parker" in proof.note


# --- the public API --------------------------------------------------------------------------


def test_the_python_builders_write_what_the_commands_write(tmp_path):
    import grawlix_print as gp

    written = gp.build_leaflet(tmp_path, paper="letter")
    assert [w.path.relative_to(tmp_path).as_posix() for w in written if w.kind != "preview"] == [
        "leaflet/leaflet-letter.pdf", "leaflet/leaflet-reading-letter.pdf", "leaflet/leaflet-press-letter.pdf"
    ]  # fmt: skip
    assert {w.path.relative_to(tmp_path).parts[0] for w in written if w.kind == "preview"} == {"previews"}
    manifest = json.loads((tmp_path / "manifest.json").read_text())  # a kit's folder stays one whole kit
    assert sorted(f["path"] for f in manifest["files"]) == sorted(w.path.relative_to(tmp_path).as_posix() for w in written)
    grawlix = gp.game("grawlix")
    assert grawlix.title == "Grawlix" and len(grawlix.rules.tiles.tiles) == 36
    from grawlix_print.games import grawlix as grawlix_game

    with pytest.raises(grawlix_game.UnknownTile, match=r"'X#' is not a tile: a tile is a colour letter \(R O Y G B V\)"):
        grawlix_game.tile_from_token("X#")


@pytest.mark.parametrize("name, title", [("grawlix", "Snarl \U0001F40D"), ("permutations", "\u86c7 Game")])
def test_a_title_its_typefaces_cannot_set_is_one_line(tmp_path, name, title):
    """A PDF would print a character its typeface lacks as an empty box (or other letters): the title
    is refused first, naming the file and key, the typeface and the character."""
    assert run("init", "--game", name, "game", cwd=tmp_path).returncode == 0
    components = tmp_path / "game" / "templates" / "components.toml"
    text = components.read_text(encoding="utf-8")
    components.write_text(re.sub(r'(?m)^title = ".*"$', f'title = "{title}"', text, count=1), encoding="utf-8")
    result = run("all", "--templates", str(components.parent), "-o", str(tmp_path / "out"), "--quiet")
    assert result.returncode == 1 and result.stderr.count("\n") == 1, result.stderr
    character = title[-1] if name == "grawlix" else title[0]
    assert result.stderr.startswith(f"error: {components}: title: the typeface ")
    assert f"has no {character!r} (U+{ord(character):04X}): write it another way" in result.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


@pytest.mark.parametrize("name, old, new, key", [
    ("grawlix", 'name = "blue"', 'name = "blue\U0001F40D"', "colours[5].name"),
    ("permutations", "[colours.blue]", '[colours."blue\U0001F40D"]', "[colours.blue\U0001F40D]"),
])  # fmt: skip
def test_a_colour_name_its_typefaces_cannot_set_is_one_line(tmp_path, name, old, new, key):
    """Colour names are printed too (the rules' lists, the legends): checked like the title."""
    assert run("init", "--game", name, "game", cwd=tmp_path).returncode == 0
    components = tmp_path / "game" / "templates" / "components.toml"
    components.write_text(components.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    result = run("sheets", "--templates", str(components.parent), "-o", str(tmp_path / "out"))
    assert result.returncode == 1, result.stderr
    assert result.stderr.startswith(f"error: {components}: {key}: the typeface ")
    assert "has no '\U0001F40D' (U+1F40D): write it another way" in result.stderr and result.stderr.count("\n") == 1
