"""Sweeps of plug-in games, each keeping its rules where it likes: the game ``grawlix-print new`` writes
(components.toml's [rules] table), the example game (the same), and a game of data (tests/duel_game: a
CSV table of its own). ``playtest --vary ... --suggest draws=N`` reads and writes the rules where the
game keeps them; each variant's draws (and every figure) are those of a playtest of that variant alone,
played from a copy of the templates holding its values, with the same seed; the draws are a column of
the table, a heat map and a --suggest target."""

from __future__ import annotations

import csv
import json
import shutil
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.cli.init import write_all_or_none
from grawlix_print.cli.new import plugin_files
from plugins import on_path, registered

import duel_game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
GAMES, SEED = 400, 7


def command(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.stderr
    return result


@pytest.fixture(scope="module")
def scaffold(tmp_path_factory):
    root = tmp_path_factory.mktemp("new")
    write_all_or_none(plugin_files("Sweep Scaffold", root / "game"))
    with registered(root / "game", root / "metadata") as name:
        yield name, root / "game" / "sweep_scaffold" / "templates"


@pytest.fixture(scope="module")
def example(tmp_path_factory):
    with registered(EXAMPLES / "sowing-stones", tmp_path_factory.mktemp("sowing")) as name:
        yield name, EXAMPLES / "sowing-stones" / "sowing_stones" / "templates"


@pytest.fixture(scope="module")
def duel(tmp_path_factory):
    with on_path(duel_game.metadata(tmp_path_factory.mktemp("duel")), duel_game.PACKAGE_ROOT):
        yield "duel", duel_game.HERE / "templates"


def toml_rules(path: Path) -> dict:
    return tomllib.loads(path.read_text())["rules"]


def csv_rules(path: Path) -> dict:
    rows = csv.DictReader(line for line in path.read_text().splitlines() if not line.startswith("#"))
    return {row["rule"]: int(row["value"]) if row["value"].isdigit() else row["value"] for row in rows}


def with_toml_rules(templates: Path, folder: Path, values: dict) -> Path:
    """A copy of ``templates`` whose components.toml's [rules] hold ``values``."""
    copy = folder / "templates"
    shutil.copytree(templates, copy)
    path = copy / "components.toml"
    lines = path.read_text().splitlines()
    for key, value in values.items():
        lines = [f"{key} = {value}" if line.split("=")[0].strip() == key else line for line in lines]
    path.write_text("\n".join(lines) + "\n")
    return copy


def with_csv_rules(templates: Path, folder: Path, values: dict) -> Path:
    copy = folder / "templates"
    shutil.copytree(templates, copy)
    rules = {**csv_rules(templates / "rules.csv"), **values}
    (copy / "rules.csv").write_text("rule,value\n" + "".join(f"{k},{v}\n" for k, v in rules.items()))
    return copy


CASES = {
    "scaffold": ("scaffold", ["size=3..4", "line=3..4"], "components.toml", toml_rules, with_toml_rules),
    "example": ("example", ["pits=3..5", "stones=1,2"], "components.toml", toml_rules, with_toml_rules),
    "data game": ("duel", ["high=1..3", "rounds=2..3"], "rules.csv", csv_rules, with_csv_rules),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_sweep_suggests_a_draw_rate_in_the_games_own_rules_file(case, request, tmp_path):
    fixture, vary, rules_name, read, with_rules = CASES[case]
    name, templates = request.getfixturevalue(fixture)
    out = tmp_path / "out"
    args = [a for v in vary for a in ("--vary", v)]
    result = command("playtest", "--game", name, *args, "--games", str(GAMES), "--seed", str(SEED), "--suggest",
                     "draws=15", "--json", "--workers", "2", "-o", str(out))  # fmt: skip
    record = json.loads(result.stdout)
    folder = out / "playtest"
    assert (folder / "sweep-draws.png").is_file() and (folder / f"sweep-{rules_name}").is_file()
    played = [v for v in record["variants"] if not v.get("refused")]
    assert len(played) >= 2 and any(v["draw_rate"] > 0 for v in played)
    # the suggestion: the variant whose draws are nearest 15 %, written into the game's own file
    nearest = min(abs(v["draw_rate"] - 0.15) for v in played)
    chosen = record["suggestion"]["rules"]
    assert abs(next(v for v in played if v["rules"] == chosen)["draw_rate"] - 0.15) == nearest
    assert record["suggestion"]["rules_file"] == rules_name and record["suggestion"]["not_in_rules_file"] == []
    written = read(folder / f"sweep-{rules_name}")
    kept = read(templates / rules_name)
    assert written == {**kept, **chosen}
    assert (folder / f"sweep-{rules_name}").read_text().startswith("# Suggested by grawlix-print playtest --vary")
    # each variant's figures are those of a playtest of that variant alone, from the same seed
    for n, variant in enumerate(played):
        copy = with_rules(templates, tmp_path / f"variant-{n}", variant["rules"])
        alone = json.loads(command("playtest", "--templates", str(copy), "--games", str(GAMES), "--seed", str(SEED),
                                   "--json", "--workers", "1", "-o", str(tmp_path / f"alone-{n}")).stdout)  # fmt: skip
        assert variant["draw_rate"] == alone["draw_rate"] and variant["draw_ci95"] == alone["draw_ci95"]
        assert variant["figures"]["seat_win_rate"] == alone["seat_win_rate"]
        assert variant["mean_length"] == pytest.approx(alone["mean_length"], abs=1e-6)
    # the table has a column of draws; refused variants say why in the game's own words
    summary = command("playtest", "--game", name, *args, "--games", "50", "--seed", str(SEED), "--workers", "1",
                      "-o", str(tmp_path / "table")).stdout  # fmt: skip
    assert "draws (%)" in summary.splitlines()[2]


def test_a_variant_the_scaffolds_rules_refuse_is_listed_with_their_words(scaffold, tmp_path):
    name, _ = scaffold
    result = command("playtest", "--game", name, "--vary", "size=3", "--vary", "line=3..4", "--games", "20",
                     "--json", "--workers", "1", "-o", str(tmp_path))  # fmt: skip
    refused = [v for v in json.loads(result.stdout)["variants"] if v.get("refused")]
    assert refused == [{"rules": {"size": 3, "line": 4}, "refused": "rules.line: a line is a whole number from 2 to "
                                                                    "the size, 3"}]  # fmt: skip


def test_a_game_of_data_sweeps_its_own_figures_and_refuses_an_unknown_rule(duel, tmp_path):
    result = CliRunner().invoke(main, ["playtest", "--game", "duel", "--vary", "sides=2..3", "-o", str(tmp_path)])
    assert result.exit_code == 1 and "--vary sides: duel has no rule 'sides' to vary (its rules: high, rounds, " \
                                      "fault)" in result.stderr  # fmt: skip
    result = CliRunner().invoke(main, ["playtest", "--game", "duel", "--vary", "high=2", "--suggest", "wins=3",
                                       "-o", str(tmp_path)])  # fmt: skip
    assert result.exit_code == 1 and "draws=TARGET" in result.stderr and not tmp_path.joinpath("playtest").exists()
