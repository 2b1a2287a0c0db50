"""The top level is the studio's, for any game (docs/api.md): Grawlix's names live under its game's
module, the old top-level names still answer for one release with a DeprecationWarning, one Facts
name has one meaning, and library code's notes are log records (the command line's lines unchanged)."""

from __future__ import annotations

import ast
import logging
import re
import subprocess
import sys

import pytest

import grawlix_print as gp
from conftest import PROJECT
from grawlix_print.games import grawlix

GAME_FOLDERS = ("grawlix_print.games.grawlix", "grawlix_print.games.permutations", "grawlix_print.games.spreadsheet")
OLD = ("Glyph", "Colour", "Tile", "TileSet", "UnknownTile", "tile_from_token", "Rules", "load_rules", "Grid", "Allowed",
       "RuleError", "Problem", "Match", "Move", "Position", "load_position")  # fmt: skip
"""The sixteen names of Grawlix's that the top level had in 0.1."""


def test_every_top_level_name_is_the_studios():
    for name in gp.__all__:
        value = getattr(gp, name)
        module = getattr(value, "__module__", "")
        assert not module.startswith(GAME_FOLDERS), f"grawlix_print.{name} is {module}'s"
    assert {"Game", "game", "build_all", "build_product", "playtest_games", "StudioError", "Problems"} <= set(gp.__all__)
    assert not set(OLD) & set(gp.__all__) and not set(OLD) & set(dir(gp))


@pytest.mark.parametrize("name", OLD)
def test_an_old_name_answers_with_a_warning_saying_what_to_use(name):
    with pytest.warns(DeprecationWarning) as caught:
        value = getattr(gp, name)
    assert value is getattr(grawlix, name)
    (warning,) = caught
    assert str(warning.message) == f"grawlix_print.{name} is deprecated and goes in 0.3: use grawlix_print.games.grawlix.{name}"
    assert warning.filename == __file__  # said of the line that used it, not of the package
    with pytest.warns(DeprecationWarning):  # every use, not only the first
        getattr(gp, name)


def test_the_old_error_name_answers_with_a_warning():
    from grawlix_print.errors import StudioError

    with pytest.warns(DeprecationWarning, match=r"grawlix_print\.GrawlixError .* use grawlix_print\.StudioError"):
        assert gp.GrawlixError is StudioError


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        gp.Nothing  # noqa: B018


def test_the_old_names_are_used_nowhere_but_in_this_test():
    """Not in the package, the tests, the docs, the examples or CI: pyproject's filterwarnings would make
    a use in the package or the tests an error, and a page would teach a name that goes."""
    top = re.compile(r"\b(?:gp|grawlix_print)\.(" + "|".join(OLD + ("GrawlixError",)) + r")\b")
    imported = re.compile(r"from grawlix_print import [^\n]*\b(" + "|".join(OLD + ("GrawlixError",)) + r")\b")
    files = [*PROJECT.glob("grawlix_print/**/*.py"), *PROJECT.glob("tests/**/*.py"), *PROJECT.glob("docs/**/*.md"),
             *PROJECT.glob("examples/**/*.py"), *PROJECT.glob("examples/**/*.md"), *PROJECT.glob("benchmarks/**/*.py"),
             PROJECT / ".ci" / "run", PROJECT / "README.md"]  # fmt: skip
    for path in files:
        if path.name in ("test_public_api.py", "api.md"):  # this file, and the page that lists them
            continue
        text = path.read_text()
        for pattern in (top, imported):
            found = pattern.search(text)
            assert found is None, f"{path.relative_to(PROJECT)} uses grawlix_print.{found.group(1)}"


def test_the_ci_line_runs_with_deprecations_as_errors():
    line = next(line for line in (PROJECT / ".ci" / "run").read_text().splitlines() if "legal location on an empty grid" in line)
    code = re.search(r'-c "(.*)"$', line).group(1)
    run = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", code], capture_output=True,
                         text=True, cwd=PROJECT, env={"PYTHONPATH": str(PROJECT), "PATH": "/usr/bin:/bin"})  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout == "1 legal location on an empty grid\n"  # the first tile goes anywhere: one location


def test_one_class_is_called_facts():
    """``plugin.Facts`` is a plug-in's answers; the built-in games' own have their games' names."""
    named = []
    for path in PROJECT.glob("grawlix_print/**/*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and node.name == "Facts":
                named.append(path.relative_to(PROJECT).as_posix())
    assert named == ["grawlix_print/plugin.py"]


def test_grawlix_names_are_its_games_own_and_load_on_use():
    run = subprocess.run([sys.executable, "-c", (
        "import sys\nfrom grawlix_print.games import grawlix\n"
        "print('grawlix_print.games.grawlix.engine' in sys.modules)\n"
        "print(len(grawlix.Grid(grawlix.load_rules()).legal_locations()))\n"
        "print('grawlix_print.games.grawlix.engine' in sys.modules)\n")], capture_output=True, text=True,
        env={"PYTHONPATH": str(PROJECT), "PATH": "/usr/bin:/bin"})  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["False", "1", "True"]  # the engine imported when its Grid is first used
    for name in grawlix.__all__:
        assert getattr(grawlix, name).__module__.startswith("grawlix_print.games.grawlix"), name


# --- notes ---------------------------------------------------------------------------------------


def test_a_note_from_library_code_is_a_log_record(caplog):
    from grawlix_print.notes import collected, note

    with caplog.at_level(logging.INFO, logger="grawlix_print"):
        note("screenshots skipped: no browser")
    assert [(r.name, r.levelno, r.getMessage()) for r in caplog.records] == [
        ("grawlix_print", logging.INFO, "screenshots skipped: no browser")]
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="grawlix_print"), collected() as notes:
        note("said later")
    assert notes == ["said later"] and caplog.records == []  # collected by a kit's step, not logged


def test_a_library_user_hears_nothing_unless_logging_is_configured(tmp_path):
    """No note on stderr from a program that did not ask (the package's NullHandler), and its records
    once it configures logging; the command line prints the very lines it always printed."""
    code = ("import sys\nsys.argv = ['x']\nfrom grawlix_print.games import game\n"
            "game()\n")  # a templates folder where it stands: a note says it is used
    (tmp_path / "components.toml").write_text((PROJECT / "templates" / "grawlix" / "components.toml").read_text())
    (tmp_path / "rules.toml").write_text((PROJECT / "templates" / "grawlix" / "rules.toml").read_text())
    env = {"PYTHONPATH": str(PROJECT), "PATH": "/usr/bin:/bin"}
    quiet = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert quiet.returncode == 0 and quiet.stderr == "", quiet.stderr
    logged = subprocess.run([sys.executable, "-c", "import logging\nlogging.basicConfig(level=logging.INFO, "
                             "format='%(name)s|%(levelname)s|%(message)s')\n" + code],
                            capture_output=True, text=True, cwd=tmp_path, env=env)  # fmt: skip
    assert logged.stderr == "grawlix_print|INFO|this folder is a templates folder (components.toml names grawlix): using it\n"
    command = subprocess.run([sys.executable, "-m", "grawlix_print", "check", "--json"], capture_output=True, text=True,
                             cwd=tmp_path, env=env)  # fmt: skip
    assert command.stderr.startswith("note: this folder is a templates folder (components.toml names grawlix): using it\n")


def test_the_version_says_the_plug_in_api_changed():
    major, minor, patch = map(int, gp.__version__.split("."))
    assert (major, minor) >= (0, 2)
    changelog = (PROJECT / "CHANGELOG.md").read_text()
    assert "### Deprecated" in changelog.split("## [0.1.0]")[0]
