"""Promises of the position files that a mutant once broke unseen (games/grawlix/positions.py):
the line an error names when the grid starts with blank lines, markers that are booleans, and
a description that is not text."""

from __future__ import annotations

import pytest

from grawlix_print.errors import StudioError
from grawlix_print.games.grawlix.positions import load_position


def write(tmp_path, text: str):
    path = tmp_path / "example.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize("blank", [0, 1, 3])
def test_an_unknown_token_names_its_own_line_after_blank_lines(tmp_path, rules, blank):
    lines = ['description = "blank lines first"', 'grid = """', *[""] * blank, "R& B#", ". Q?", '"""']
    path = write(tmp_path, "\n".join(lines) + "\n")
    wanted = next(number for number, line in enumerate(lines, 1) if "Q?" in line)  # counted here, not by the reader
    with pytest.raises(StudioError) as caught:
        load_position(path, rules)
    assert caught.value.where == f"{path}:{wanted}: [1, 1]"
    assert "unknown token 'Q?'" in caught.value.what


@pytest.mark.parametrize("value", ["[true, 0]", "[0, false]", "[true, true]"])
def test_markers_that_are_booleans_are_refused(tmp_path, rules, value):
    path = write(tmp_path, f'grid = """\nR& B#\n"""\n[markers]\n"?" = {value}\n')
    with pytest.raises(StudioError) as caught:
        load_position(path, rules)
    assert caught.value.where == str(path) and "marker '?' must be two integers [row, column]" in caught.value.what


def test_integer_markers_are_read(tmp_path, rules):
    path = write(tmp_path, 'grid = """\nR& B#\n"""\n[markers]\n"?" = [1, 0]\n"!" = [-1, 2]\n')
    assert load_position(path, rules).markers == {"?": (1, 0), "!": (-1, 2)}


@pytest.mark.parametrize("value", ["5", "true", '["a"]', "{ text = 'a' }", "1.5"])
def test_a_description_that_is_not_text_is_refused(tmp_path, rules, value):
    path = write(tmp_path, f'description = {value}\ngrid = """\nR& B#\n"""\n')
    with pytest.raises(StudioError) as caught:
        load_position(path, rules)
    assert caught.value.where == str(path) and caught.value.what == "description must be a string"
