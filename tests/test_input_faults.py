"""Odd and wrong input files a user meets: settings files and templates that are no files, carry a
byte order mark or break a rule across two options. Each is one line naming the file and the key."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from commands import refused, run_here
from commands import run as installed

run = run_here
"""Each refusal here runs the command in this process (four dozen interpreter start-ups saved); a
FIFO's case keeps a process of its own and its time limit, so a read that waits fails, not hangs."""


@pytest.fixture
def project(tmp_path, templates_copy):
    """A project as `init` lays it out: templates/ and grawlix.toml beside it (here: none yet)."""
    return tmp_path


def odd(path: Path, kind: str) -> None:
    """Put something other than a settings file under ``path``'s name."""
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "symlink loop":
        path.symlink_to(path.name)
    elif kind == "broken link":
        path.symlink_to("nowhere.toml")


@pytest.mark.parametrize("name", ["grawlix.toml", "pyproject.toml"])
@pytest.mark.parametrize("kind", ["folder", "fifo", "symlink loop", "broken link"])
@pytest.mark.parametrize("inside", [False, True], ids=["beside", "inside"])
def test_a_settings_file_that_is_no_file_is_refused_not_skipped(project, name, kind, inside):
    """A folder, a FIFO (never waited on), a link loop or a broken link named grawlix.toml: one line."""
    path = (project / "templates" if inside else project) / name
    odd(path, kind)
    result = (installed if kind == "fifo" else run)("check", "--templates", str(project / "templates"))
    refused(result, f"error: {path}: cannot read")
    assert result.stdout == ""


def test_a_settings_file_in_the_current_folder_that_is_a_folder(tmp_path):
    """With the built-in game, settings come from the current folder: a folder there is refused too."""
    (tmp_path / "grawlix.toml").mkdir()
    refused(run("check", cwd=tmp_path), "grawlix.toml: cannot read: is a folder, not a file")


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
def test_a_settings_file_with_a_byte_order_mark_and_any_line_ending_is_read(project, ending):
    text = ending.join(["[check]", "json = true", ""])
    (project / "grawlix.toml").write_bytes("\ufeff".encode() + text.encode())
    result = run("check", "--templates", str(project / "templates"))
    assert result.returncode == 0 and result.stdout.startswith("{"), result.stderr


@pytest.mark.parametrize("name", ["leaflet.md", "rules.toml", "components.toml", "positions/example-2.toml"])
def test_a_byte_order_mark_at_the_start_of_any_template_is_accepted(templates_copy, tmp_path, name):
    path = templates_copy / name
    path.write_bytes("\ufeff".encode() + path.read_bytes().replace(b"\n", b"\r\n"))
    result = run("leaflet", "--templates", str(templates_copy), "-o", str(tmp_path / "out"))
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_a_toml_error_in_the_front_matter_names_the_files_own_line(templates_copy, tmp_path):
    path = templates_copy / "leaflet.md"
    lines = path.read_text().splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines) if line.startswith("version")) + 1
    lines[number - 1] = "version = 1.0.0\n"  # not TOML: a bare dotted number
    path.write_text("".join(lines))
    line = refused(run("leaflet", "--templates", str(templates_copy), "-o", str(tmp_path / "out")))
    assert line.startswith(f"error: {path}: malformed TOML") and f"(at line {number}, column" in line


# Checks that span two options, or a range a product checks, with the value from grawlix.toml: the
# error names the file and the key (the product words it with flags, as typed on the command line).
CROSS_CHECKS = [
    ("sheets", "[sheets]\nsticker-size = 40\n", ["[sheets] sticker-size 40 mm is larger than", "(--tile-size)"]),
    ("all", "[sheets]\nsticker-size = 40\n", ["[sheets] sticker-size 40 mm", "([sheets] tile-size)"]),
    ("sheets", "[sheets]\ntile-size = 20\nsticker-size = 21\n", ["[sheets] sticker-size 21 mm", "([sheets] tile-size)"]),
    ("sheets", "[sheets]\nbleed = 10\n", ["[sheets] bleed 10 mm is more than a quarter"]),
    ("sheets", "[sheets]\nbacks = false\narrangement = 'gutter-fold'\n",
     ["[sheets] arrangement gutter-fold arranges backs", "([sheets] backs is off)"]),
    ("sheets", "tile-size = 500\n", ["tile-size 500 mm", "does not fit on A4"]),
    *(pytest.param(*case, marks=pytest.mark.needs_3d) for case in [  # checked once CadQuery is found
        ("stl", "[stl]\nfit = 40\n", ["--body-size 28 mm less [stl] fit 40 mm"]),
        ("all", "[stl]\nfit = 40\n", ["[stl] body-size 28 mm less [stl] fit 40 mm"]),
        ("stl", "[stl]\nlayer-height = 2.0\n", ["[stl] layer-height must be more than 0 and at most 1 mm"]),
        ("all", "[stl]\nlayer-height = 2.0\n", ["[stl] layer-height must be more than 0 and at most 1 mm"]),
        ("stl", "[stl]\nfirst-layer-height = 0.6\nbody-height = 0.5\n", ["[stl] first-layer-height 0.6 mm is larger"]),
        ("stl", "[stl]\nelephant-foot = 3\n", ["[stl] elephant-foot 3 mm is more than"]),
        ("stl", "[stl]\nbed = [20, 20]\n", ["[stl] bed"]),
    ]),
]  # fmt: skip


@pytest.mark.parametrize("command, text, parts", CROSS_CHECKS)
def test_a_check_across_options_names_the_settings_file_and_key(project, tmp_path, command, text, parts):
    settings = project / "grawlix.toml"
    settings.write_text(text)
    args = [command, "--templates", str(project / "templates"), "-o", str(tmp_path / "out")]
    if command == "all":
        args += ["--only", "sheets" if "[sheets]" in text else "3d", "--quiet"]
    refused(run(*args), f"error: {settings}: ", *parts)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


# The same for Permutations' cards and for playtest, whose checks span a size and the paper, or the
# number of games and the search budget.
OTHER_CROSS_CHECKS = [
    ("sheets", "[sheets]\ncard-size = '300x400'\n", ["[sheets] card-size 300 x 400 mm", "does not fit on A4"]),
    ("sheets", "[sheets]\nbleed = 20\n", ["[sheets] bleed 20 mm is more than a quarter of the 63.5 mm card"]),
    ("playtest", "[playtest]\ngames = 10000000\nstrategy = ['search']\nbudget = 100000000\n",
     ["[playtest] games 10,000,000 of search", "a smaller [playtest] budget"]),
]  # fmt: skip


@pytest.mark.parametrize("command, text, parts", OTHER_CROSS_CHECKS)
def test_a_card_or_playtest_check_names_the_settings_file_and_key(tmp_path, command, text, parts):
    settings = tmp_path / "grawlix.toml"
    settings.write_text('game = "permutations"\n' + text)
    refused(run(command, "-o", str(tmp_path / "out"), cwd=tmp_path), f"error: {settings.name}: ", *parts)
    assert not (tmp_path / "out").exists()


def test_a_typed_flag_keeps_its_name_beside_a_recorded_key(project, tmp_path):
    (project / "grawlix.toml").write_text("[sheets]\ntile-size = 20\n")
    line = refused(run("sheets", "--templates", str(project / "templates"), "--sticker-size", "30",
                       "-o", str(tmp_path / "out")))  # fmt: skip
    assert line.startswith(f"error: {project / 'grawlix.toml'}: --sticker-size 30 mm") and "([sheets] tile-size)" in line


def test_without_settings_errors_name_the_flags(tmp_path):
    line = refused(run("sheets", "--sticker-size", "40", "-o", str(tmp_path / "out"), cwd=tmp_path))
    assert line.startswith("error: --sticker-size 40 mm is larger than") and "(--tile-size)" in line


def test_all_names_product_options_by_the_command_and_points_to_grawlix_toml(tmp_path):
    result = run("all", "--tile-size", "30", "-o", str(tmp_path / "out"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "No such option" in result.stderr and "[sheets] tile-size" in result.stderr
    assert "[stl] body-size" in result.stderr and "grawlix.toml" in result.stderr  # its name since tile-size
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("version", ["1.1 beta", "v1", "1..2", ""])
def test_a_version_that_is_not_numbers_between_dots_is_one_line(templates_copy, tmp_path, version):
    """The rules' version is compared between editions (``diff``, the errata sheet): it is checked as it is read."""
    path = templates_copy / "leaflet.md"
    path.write_text(path.read_text().replace('version = "1.0"', f'version = "{version}"', 1))
    refused(run_here("leaflet", "--templates", str(templates_copy), "-o", str(tmp_path / "out")),
            str(path), f"version must be whole numbers between dots, such as 1.0 or 2.1.3, not {version!r}")  # fmt: skip
    assert not (tmp_path / "out").exists()


def test_versions_compare_as_numbers():
    from grawlix_print.front_matter import version_number

    assert version_number("1.10") > version_number("1.9") > version_number("1.0") == version_number("1")
    assert version_number("2.0.1") > version_number("2")
