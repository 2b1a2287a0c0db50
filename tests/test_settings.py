"""Recorded options in grawlix.toml or pyproject.toml: used when no flag is given, flags win."""

from __future__ import annotations

from click.testing import CliRunner

from grawlix_print.cli import main


def sheets(templates, out, *args):
    return CliRunner().invoke(main, ["sheets", "--templates", str(templates), "--out", str(out), *args])


def test_grawlix_toml_sets_defaults_and_flags_win(templates_copy, tmp_path):
    (templates_copy.parent / "grawlix.toml").write_text('paper = "letter"\n[sheets]\nmarkings = "letters"\n')
    result = sheets(templates_copy, tmp_path / "a")
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == [
        "stickers-letter-letters.pdf",
        "tiles-letter-letters.pdf",
    ]
    result = sheets(templates_copy, tmp_path / "b", "--markings", "shapes", "--paper", "a4")
    assert sorted(p.name for p in (tmp_path / "b").iterdir()) == [
        "stickers-a4-shapes.pdf",
        "tiles-a4-shapes.pdf",
    ]


def test_pyproject_table(templates_copy, tmp_path):
    (templates_copy.parent / "pyproject.toml").write_text(
        '[project]\nname = "my-variant"\n[tool.grawlix-print.sheets]\nmarkings = "shapes"\n'
    )
    assert sheets(templates_copy, tmp_path).exit_code == 0
    assert (tmp_path / "tiles-a4-shapes.pdf").is_file()


def test_unknown_keys_and_bad_values_name_the_file(templates_copy, tmp_path):
    settings = templates_copy.parent / "grawlix.toml"
    cases = {
        "colour = 3\n": "unknown setting 'colour'",
        "[sheets]\nglyphs = 3\n": "unknown setting 'glyphs' in [sheets]",
        "[printer]\nx = 1\n": "unknown command table [printer]",
        '[sheets]\nmarkings = "dots"\n': "markings",
        '[sheets]\ntile-size = "1 furlong"\n': "tile_size",
        "paper = \n": "malformed TOML",
    }
    for text, message in cases.items():
        settings.write_text(text)
        result = sheets(templates_copy, tmp_path / "out")
        assert result.exit_code == 1, text
        line = result.stderr.strip()
        assert "\n" not in line and message in line and str(settings) in line, (text, line)
        assert not (tmp_path / "out").exists()
