"""Recorded settings: found in one documented way, every table read, every key and value checked.

Most cases run `check`, the cheapest command: the whole settings file is
checked on every run, whatever the command, and `[check] json = true` shows
whether a file was read. (test_sheets, test_leaflet and test_stl build with
recorded settings end to end.)
"""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.cli.settings import load_settings, setting_commands

JSON_ON = "[check]\njson = true\n"
JSON_OFF = "[check]\njson = false\n"


def check(templates, *args: str, **kwargs):
    return CliRunner().invoke(main, ["check", "--templates", str(templates), *args], **kwargs)


def printed_json(result) -> bool:
    """Whether `check` printed JSON lines (the [check] table was read) or its text pictures."""
    assert result.exit_code == 0, result.stderr
    first = result.stdout.splitlines()[0]
    if first.startswith("{"):
        json.loads(first)
        return True
    return False


def test_beside_the_templates_folder(templates_copy):
    assert not printed_json(check(templates_copy))
    (templates_copy.parent / "grawlix.toml").write_text(JSON_ON)
    assert printed_json(check(templates_copy))


def test_inside_the_templates_folder_wins_over_beside_with_a_warning(templates_copy):
    (templates_copy / "grawlix.toml").write_text(JSON_ON)
    (templates_copy.parent / "grawlix.toml").write_text(JSON_OFF)
    result = check(templates_copy)
    assert printed_json(result)
    ignored, used = templates_copy.parent / "grawlix.toml", templates_copy / "grawlix.toml"
    assert result.stderr == f"warning: {ignored} is not read: {used} comes first\n"


def test_pyproject_table_and_grawlix_toml_first_in_the_same_folder(templates_copy):
    pyproject = templates_copy.parent / "pyproject.toml"
    pyproject.write_text('[project]\nname = "my-variant"\n[tool.grawlix-print.check]\njson = true\n')
    result = check(templates_copy)
    assert printed_json(result) and result.stderr == ""
    (templates_copy.parent / "grawlix.toml").write_text(JSON_OFF)
    result = check(templates_copy)
    assert not printed_json(result)
    assert "pyproject.toml [tool.grawlix-print] is not read" in result.stderr


def test_a_pyproject_without_the_table_is_not_settings(templates_copy):
    (templates_copy.parent / "pyproject.toml").write_text('[project]\nname = "other"\n')
    (templates_copy / "grawlix.toml").write_text(JSON_ON)
    result = check(templates_copy)
    assert printed_json(result) and result.stderr == ""


def test_with_the_built_in_game_settings_come_from_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no templates/ here: the built-in game
    (tmp_path / "grawlix.toml").write_text(JSON_ON)
    result = CliRunner().invoke(main, ["check"])
    assert printed_json(result)
    assert len(result.stdout.splitlines()) == 3  # the built-in game's three positions


def test_flags_win_and_top_level_keys_reach_every_command_with_the_option(templates_copy):
    (templates_copy.parent / "grawlix.toml").write_text(
        'paper = "letter"\ntile-size = "30mm"\n[sheets]\nmarkings = "letters"\n[stl]\ntile-size = 20\n'
    )
    settings = load_settings(templates_copy)
    assert settings.for_command("leaflet") == {"paper": "letter"}
    assert settings.for_command("all") == {"paper": "letter"}
    assert settings.for_command("sheets") == {
        "paper": "letter", "tile_size": pytest.approx(30.0), "markings": "letters",
    }  # fmt: skip
    assert settings.for_command("stl") == {"tile_size": pytest.approx(20.0)}  # the table wins
    (templates_copy.parent / "grawlix.toml").write_text(JSON_OFF)
    assert printed_json(check(templates_copy, "--json"))  # the flag typed wins


@pytest.mark.parametrize(
    "text, message",
    [
        ("colour = 3\n", "unknown setting 'colour': no command has such an option"),
        ("[sheets]\nglyphs = 3\n", "unknown setting 'glyphs' in [sheets]"),
        ("[check]\njsn = true\n", "unknown setting 'jsn' in [check] (its settings: json)"),
        ("[printer]\nx = 1\n", "unknown command table [printer]"),
        ("[init]\nforce = true\n", "unknown command table [init]"),
        ("[sheets]\nout = 'x'\n", "out is not a setting: it says where things are, which only the command line says (--out)"),
        ("out = 'x'\n", "out is not a setting: it says where things are, which only the command line says (--out)"),
        ("[check]\ntemplates = 'x'\n", "templates is not a setting: it says where things are"),
        ("[sheets]\ngame = 'x'\n", "game is a setting of its own: put it at the top, before the first table"),
        ("[sheets.extra]\nx = 1\n", "unknown setting 'extra' in [sheets]"),
        # Numbers go through the same checks as typed values.
        ("[sheets]\ntile-size = -5.0\n", "[sheets] tile-size must be greater than zero, not -5.0"),
        ("[sheets]\ntile-size = 0\n", "[sheets] tile-size must be greater than zero, not 0"),
        ("[sheets]\nbleed = nan\n", "[sheets] bleed nan is not a length"),
        ("[sheets]\nbleed = -1\n", "[sheets] bleed must be zero or more, not -1"),
        ("[stl]\nrelief = inf\n", "[stl] relief inf is not a length"),
        ("[stl]\nlayer-height = true\n", "[stl] layer-height True is not a length"),
        ('[sheets]\ntile-size = "1 furlong"\n', "[sheets] tile-size '1 furlong' has an unknown unit"),
        ('[sheets]\nbacks = "yes"\n', "[sheets] backs must be true or false, not 'yes'"),
        ('[sheets]\nmarkings = "dots"\n', "[sheets] markings 'dots' is not one of none, letters, shapes"),
        ("[stl]\nstyle = 3\n", "[stl] style 3 is not one of raised, flat, both"),
        ('[all]\nonly = "leaflet,poster"\n', "[all] only 'poster' is not one of leaflet, errata, sheets, boxes, web, images, print-on-demand, 3d"),
        # A bed is two lengths, typed or listed.
        ('[stl]\nbed = ["a", "b"]\n', "[stl] bed width 'a' is not a length"),
        ("[stl]\nbed = [1e400, 100]\n", "[stl] bed width inf is not a length"),
        ("[stl]\nbed = [100]\n", "[stl] bed [100] is not a bed size such as 180x180"),
        ("[stl]\nbed = [100, 0]\n", "[stl] bed depth must be greater than zero, not 0"),
        (f"[stl]\nbed = [1{'0' * 400}, 100]\n", "[stl] bed width 1000"),
        (f"[sheets]\ntile-size = 1{'0' * 400}\n", "[sheets] tile-size 1000"),
        ('[stl]\nbed = "1e400x100"\n', "[stl] bed width '1e400' is not a length"),
        ('paper = "legal"\n', "grawlix.toml: paper 'legal' is not one of a4, letter, a3, tabloid, all"),
        ("paper = \n", "malformed TOML"),
    ],
)
def test_unknown_keys_and_bad_values_name_file_and_key(templates_copy, tmp_path, text, message):
    settings = templates_copy.parent / "grawlix.toml"
    settings.write_text(text)
    result = check(templates_copy)
    assert result.exit_code == 1, text
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: {settings}: ") and message in result.stderr
    assert result.stderr.count("\n") == 1, result.stderr


PROGRAM_COMMANDS = sorted(  # the program's own (kit_standin adds a helper to the group)
    n for n, c in setting_commands().items() if c.callback.__module__.startswith("grawlix_print.")
)


@pytest.mark.parametrize("command", [c for c in PROGRAM_COMMANDS if c != "watch"])  # watch: test_watch
def test_every_command_checks_the_whole_file(command, templates_copy, tmp_path):
    """Whatever the command, a bad value for another one stops it: one line naming file and key."""
    settings = templates_copy.parent / "grawlix.toml"
    settings.write_text("[stl]\nbed = [100]\n")
    # diff takes its two versions' folders as arguments, and reads the new one's settings
    args = [command, "--templates", str(templates_copy)] if command != "diff" else [command, str(templates_copy), str(templates_copy)]
    found = main.get_command(click.Context(main), command)
    assert found is not None
    if any(p.name == "out" for p in found.params):
        args += ["-o", str(tmp_path / "out")]
    # A command that needs a file (score) is given one that is never read: the settings come first.
    args += [str(tmp_path / "file.toml") for p in found.params if isinstance(p, click.Argument) and p.required]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == f"error: {settings}: [stl] bed [100] is not a bed size such as 180x180 (width x depth in mm)\n"
    assert not (tmp_path / "out").exists()


def test_a_bad_setting_stops_a_build_before_anything_is_written(templates_copy, tmp_path):
    (templates_copy.parent / "grawlix.toml").write_text("[stl]\nbody-height = -1\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["sheets", "--templates", str(templates_copy), "-o", str(out)])
    assert result.exit_code == 1 and "[stl] body-height" in result.stderr
    assert not out.exists()


def test_the_pyproject_table_must_be_a_table(templates_copy):
    (templates_copy.parent / "pyproject.toml").write_text('[tool]\ngrawlix-print = "yes"\n')
    result = check(templates_copy)
    assert result.exit_code == 1 and "[tool.grawlix-print]: must be a table" in result.stderr


def test_recorded_and_typed_values_agree(templates_copy):
    """A value accepted in the file means what the same value means typed: same millimetres."""
    from grawlix_print.units import parse_length

    (templates_copy.parent / "grawlix.toml").write_text(
        '[sheets]\ntile-size = 1.25\nbleed = 0\n[stl]\ntile-size = "1.1in"\nrelief = "3.5"\n'
    )
    settings = load_settings(templates_copy)
    assert settings.for_command("sheets")["tile_size"] == parse_length("1.25")
    assert settings.for_command("sheets")["bleed"] == 0.0  # zero: no bleed, as --bleed 0
    assert settings.for_command("stl")["tile_size"] == pytest.approx(27.94)
    assert settings.for_command("stl")["relief"] == 3.5


def test_a_recorded_bed_is_read_as_the_typed_one(templates_copy):
    """``bed = [256, 210]`` and ``bed = "25.6cm x 21cm"`` mean ``--bed 256x210``."""
    for text in ("[256, 210]", '"256x210"', '"25.6cm x 21cm"', '["25.6cm", 210]'):
        (templates_copy.parent / "grawlix.toml").write_text(f"[stl]\nbed = {text}\n")
        assert load_settings(templates_copy).for_command("stl")["bed"] == pytest.approx((256, 210)), text


def test_web_takes_its_recorded_options(templates_copy, tmp_path, monkeypatch):
    """`[web] previews = false` means --no-previews: no browser is looked for."""
    monkeypatch.setenv("GRAWLIX_PRINT_SCREENSHOTS", "on")
    monkeypatch.setattr("grawlix_print.products.web.previews.find_browser", lambda: None)
    args = ["web", "--templates", str(templates_copy), "-o", str(tmp_path / "out")]
    assert "screenshots skipped" in CliRunner().invoke(main, args).stderr
    (templates_copy.parent / "grawlix.toml").write_text("[web]\npreviews = false\n")
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0 and result.stderr == "", result.stderr


def test_every_choice_takes_any_case_and_gives_the_choice_itself(templates_copy):
    """`--markings LETTERS`, `paper = "Letter"`: every command's choices, typed or recorded."""
    import click

    choices = [(name, p) for name, command in main.every_command().items() for p in command.params
               if isinstance(p.type, click.Choice)]  # fmt: skip
    assert {name for name, _ in choices} >= {"all", "leaflet", "sheets", "stl", "watch"}
    for name, param in choices:
        for choice in param.type.choices:
            for typed in (choice.upper(), choice.title()):
                assert param.type.convert(typed, param, None) == choice, (name, param.name, typed)
    (templates_copy.parent / "grawlix.toml").write_text(
        'paper = "Letter"\n[sheets]\nmarkings = "LETTERS"\nback-design = "Dark"\n[stl]\nstyle = "RAISED"\n'
    )
    settings = load_settings(templates_copy)
    assert settings.for_command("sheets") == {"paper": "letter", "markings": "letters", "back_design": "dark"}
    assert settings.for_command("stl") == {"style": "raised"}


def test_a_designer_asks_for_the_large_papers_by_name(templates_copy):
    """`paper = "a3"`, a list, or `--paper a4,tabloid`: the papers named, in the kit's order; `all`
    stays A4 and Letter, and a paper named twice is built once."""
    from grawlix_print.cli.options import papers

    for text, wanted in (('"a3"', ("a3",)), ('["tabloid", "A4"]', ("a4", "tabloid")), ('"a4,a3,a4"', ("a4", "a3")),
                         ('"all"', ("a4", "letter")), ('"both,a3"', ("a4", "letter", "a3"))):  # fmt: skip
        (templates_copy.parent / "grawlix.toml").write_text(f"paper = {text}\n")
        assert papers(load_settings(templates_copy).for_command("all")["paper"]) == wanted, text
    (templates_copy.parent / "grawlix.toml").write_text('[all]\npaper = ["a4", "legal"]\n')
    result = check(templates_copy)
    assert result.exit_code == 1 and "[all] paper 'legal' is not one of a4, letter, a3, tabloid, all" in result.stderr


@pytest.mark.parametrize(
    "text, message",
    [
        ('strategy = "wizard"\n', "[playtest] strategy 'wizard' is not one of random, greedy, search"),
        ("strategy = [1]\n", "[playtest] strategy '1' is not one of random, greedy, search"),
        ('strategy = ["random", "greedy", "search"]\n', "[playtest] strategy given 3 times for 2 players"),
    ],
)
def test_an_option_given_several_times_takes_one_value_or_a_list(templates_copy, tmp_path, text, message):
    """`--strategy` may be typed once or once per player: recorded, a string or a TOML list, checked alike."""
    settings = templates_copy.parent / "grawlix.toml"
    settings.write_text("[playtest]\ngames = 10\n" + text)
    args = ["playtest", "--templates", str(templates_copy), "--quiet", "-o", str(tmp_path / "out")]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1 and result.stderr == f"error: {settings}: {message}" + result.stderr.split(message, 1)[1]
    assert result.stderr.count("\n") == 1
    settings.write_text('[playtest]\ngames = 10\nstrategy = "greedy"\n')
    assert CliRunner().invoke(main, [*args, "--json"]).exit_code == 0
