"""`grawlix-print check`: JSON and text output, and one clear line for every bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from grawlix_print.cli import main

from conftest import TEMPLATES, set_rule

EXAMPLE_2 = str(TEMPLATES / "positions" / "example-2.toml")


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    return result


def test_json_for_example_2():
    result = run("check", "--json", EXAMPLE_2)
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["file"] == EXAMPLE_2
    assert (record["tiles"], record["rows"], record["cols"]) == (17, 5, 6)
    assert len(record["legal_locations"]) == 16
    assert record["legal_locations"] == sorted(record["legal_locations"])
    question = record["markers"]["?"]
    assert question["location"] == [-1, 0] and question["legal"] is True
    assert question["glyphs"] == ["#", "%", "&"]
    assert question["colours"] == ["red", "yellow", "violet"]


def test_json_one_line_per_file():
    files = sorted(str(p) for p in (TEMPLATES / "positions").glob("*.toml"))
    result = run("check", "--json", *files)
    assert result.exit_code == 0
    lines = result.stdout.strip().splitlines()
    assert [json.loads(line)["file"] for line in lines] == files


def test_text_picture_marks_legal_locations():
    result = run("check", EXAMPLE_2)
    assert result.exit_code == 0
    assert "17 tiles" in result.stdout and "16 legal locations" in result.stdout
    picture = [line for line in result.stdout.splitlines() if line.strip().startswith("-1")]
    # Row -1: ? at column 0, legal at 1 and 5, empty between.
    assert picture[0].split() == ["-1", "?", "+", ".", ".", ".", "+"]


def test_rules_from_templates_option(templates_copy):
    set_rule(templates_copy, "max_rows", 5)
    result = run("check", "--json", "--templates", str(templates_copy), EXAMPLE_2)
    record = json.loads(result.stdout)
    # With at most five rows the grid may not grow a row: row -1 and row 5 close.
    assert all(0 <= row <= 4 for row, _ in record["legal_locations"])
    assert record["markers"]["?"]["legal"] is False


GOOD_GRID = 'grid = """\nR& B#\n.  Y*\n"""\n'

BAD_POSITIONS = {
    "unknown token": ('grid = """\nR& B#\n.  Q*\n"""\n', [":3: [1, 1]", "unknown token 'Q*'"]),
    "duplicate tile": ('grid = """\nR& B#\n.  R&\n"""\n', ["[1, 1]", "already in the grid"]),
    "glyph clash": ('grid = """\nR& B&\n"""\n', [":2: [0, 1]", "glyph &", "row 0"]),
    "colour clash": ('grid = """\nR&\nR#\n"""\n', [":3: [1, 0]", "colour red", "column 0"]),
    "disconnected": ('grid = """\nR& .  B#\n"""\n', ["[0, 2]", "not joined"]),
    "span": (
        'grid = """\nR@ O# Y$ G% B& V* .\n.  .  .  .  .  O$ B@\n"""\n',
        ["[1, 6]", "7 columns, more than 6"],
    ),
    "malformed TOML": ('grid = """\nR& B#\n', ["malformed TOML"]),
    "missing grid": ('[markers]\n"?" = [0, 0]\n', ["missing grid"]),
    "empty grid": ('grid = """\n.  .\n"""\n', ["empty grid"]),
    "marker not two integers": (GOOD_GRID + '[markers]\n"?" = [1, "a"]\n', ["marker '?'", "two integers"]),
    "marker three numbers": (GOOD_GRID + '[markers]\n"?" = [1, 2, 3]\n', ["marker '?'"]),
    "unknown key": (GOOD_GRID + 'colour = "red"\n', ["unknown key 'colour'"]),
}


@pytest.mark.parametrize("name", list(BAD_POSITIONS))
def test_bad_position_gives_one_line(tmp_path, name):
    text, expected = BAD_POSITIONS[name]
    path = tmp_path / "bad.toml"
    path.write_text(text)
    result = run("check", str(path))
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"error: {path}")
    for part in expected:
        assert part in lines[0]
    assert result.stdout == ""


def test_rows_of_different_lengths_are_fine(tmp_path):
    path = tmp_path / "ragged.toml"
    path.write_text('grid = """\nR& B# O$\nG@\n"""\n')
    result = run("check", "--json", str(path))
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["tiles"] == 4


def test_unreadable_file(tmp_path):
    result = run("check", str(tmp_path / "missing.toml"))
    assert result.exit_code == 1
    assert result.stderr.strip().count("\n") == 0
    assert "missing.toml" in result.stderr and "cannot read" in result.stderr


def test_good_and_bad_files_together(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("grid = 3\n")
    result = run("check", "--json", EXAMPLE_2, str(bad))
    assert result.exit_code == 1
    assert json.loads(result.stdout)["tiles"] == 17
    assert "bad.toml" in result.stderr


@pytest.mark.parametrize(
    "value, expected",
    [("0", "max_rows must be a positive integer, not 0"), ("-2", "not -2"),
     ("2.5", "not 2.5"), ('"six"', "not 'six'"), ("true", "not True")],
)  # fmt: skip
def test_bad_rules_value(templates_copy, value, expected):
    set_rule(templates_copy, "max_rows", value)
    result = run("check", "--templates", str(templates_copy), EXAMPLE_2)
    assert result.exit_code == 1
    line = result.stderr.strip()
    assert line.startswith(f"error: {templates_copy / 'rules.toml'}: max_rows must be")
    assert line.endswith(expected) and "\n" not in line


def test_unknown_rules_key_and_missing_folder(templates_copy, tmp_path):
    (templates_copy / "rules.toml").write_text(
        (templates_copy / "rules.toml").read_text() + "max_tiles = 3\n"
    )
    result = run("check", "--templates", str(templates_copy), EXAMPLE_2)
    assert result.exit_code == 1 and "unknown key 'max_tiles'" in result.stderr
    result = run("check", "--templates", str(tmp_path / "nowhere"), EXAMPLE_2)
    assert result.exit_code == 1 and "no such templates folder" in result.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run("check", "--templates", str(empty), EXAMPLE_2)
    assert result.exit_code == 1 and "no components.toml" in result.stderr


def test_usage_error_exits_2():
    assert run("check", "--colour", "x", EXAMPLE_2).exit_code == 2


def test_without_files_every_position_of_the_templates_is_checked(templates_copy):
    (templates_copy / "positions" / "mine.toml").write_text('grid = "R& B#"\n')
    result = run("check", "--json", "--templates", str(templates_copy))
    assert result.exit_code == 0, result.stderr
    files = [json.loads(line)["file"].rsplit("/", 1)[-1] for line in result.stdout.splitlines()]
    assert files == ["cover.toml", "example-1.toml", "example-2.toml", "mine.toml"]


def test_no_traceback_from_the_installed_command(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('grid = """\nR& B&\n"""\n')
    process = subprocess.run(
        [sys.executable, "-m", "grawlix_print", "check", str(bad)],
        capture_output=True,
        text=True,
    )
    assert process.returncode == 1
    assert "Traceback" not in process.stderr
    assert len(process.stderr.strip().splitlines()) == 1


# --- work bounded by the rules, not by the input ------------------------------------------


def test_a_huge_grid_file_is_refused_unread(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_text('grid = """\nR@ B#\n' + (". " * 1000 + "\n") * 1000 + '"""\n')
    result = run("check", str(path))
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == f"error: {path}: file too large: more than 1,048,576 bytes\n"


def test_a_grid_of_more_tiles_than_exist_stops_at_the_first_repeat(tmp_path):
    path = tmp_path / "many.toml"
    path.write_text('grid = """\n' + ("R@ O# Y$ " * 100 + "\n") * 300 + '"""\n')
    result = run("check", str(path))
    assert result.stderr == f"error: {path}:2: [0, 3]: R@ is already in the grid at [0, 0]\n"


def test_a_wide_sparse_grid_is_answered_with_a_small_picture(tmp_path):
    path = tmp_path / "sparse.toml"
    path.write_text('grid = """\n' + ". " * 300 + "R@ B#\n" + (". " * 300 + "\n") * 300 + '"""\n')
    result = run("check", str(path))
    assert result.exit_code == 0, result.stderr
    assert len(result.stdout.splitlines()) == 9  # summary, header, 3 picture rows, key, blanks
    assert "2 tiles in 1 row and 2 columns" in result.stdout


def test_a_far_marker_is_answered_not_drawn(tmp_path):
    path = tmp_path / "far.toml"
    path.write_text(GOOD_GRID + f'[markers]\n"?" = [{2**62}, 0]\n"x" = [-1, 0]\n')
    result = run("check", str(path))
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert f"? at [{2**62}, 0] (outside the picture): not a legal location" in lines[-3]
    assert len(lines) == 12  # the picture spans the rows -1..2 around the tiles
    record = json.loads(run("check", "--json", str(path)).stdout)
    assert record["markers"]["?"] == {"location": [2**62, 0], "legal": False, "glyphs": [],
                                      "colours": [], "tiles": []}  # fmt: skip


@pytest.mark.parametrize(
    "text, words",
    [("grid = " + "[" * 50_000, "nested too deeply"), (f"grid = 1{'0' * 5000}", "integer"),
     (b"grid = '\xff'".decode("latin-1"), "not UTF-8")],
    ids=["deep nesting", "huge integer", "not UTF-8"],
)  # fmt: skip
def test_hostile_toml_is_one_line(tmp_path, text, words):
    path = tmp_path / "bad.toml"
    path.write_bytes(text.encode("latin-1"))
    result = run("check", str(path))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"error: {path}") and words in result.stderr


def test_a_folder_given_as_a_file(tmp_path):
    result = run("check", str(tmp_path))
    assert result.stderr == f"error: {tmp_path}: cannot read: is a folder, not a file\n"


def test_a_closed_pipe_ends_quietly(tmp_path):
    """`grawlix-print check ... | head -1`: the reader goes away, the command stops without a word."""
    process = subprocess.Popen(
        [sys.executable, "-m", "grawlix_print", "check", *[EXAMPLE_2] * 300],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    process.stdout.readline()
    process.stdout.close()
    assert process.wait(timeout=60) == 141
    assert process.stderr.read() == b""
