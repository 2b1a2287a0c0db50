"""`grawlix-print playtest --game permutations`: the same seed gives the same figures on any number of
workers, the report of a table with a dummy, other player counts, changed rules against the designer's."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.errors import StudioError
from grawlix_print.games.base import Game as GameBase
from grawlix_print.games.permutations import Permutations
from grawlix_print.games.permutations.deck import default_deck
from grawlix_print.games.permutations.players import PermutationsPlaytester
from grawlix_print.games.permutations.playout import SOURCES
from grawlix_print.games.permutations.rules import Rules, default_rules

DECK, RULES = default_deck(), default_rules()


def playtest(*args: str):
    return CliRunner().invoke(main, ["playtest", "--game", "permutations", *args])


@pytest.mark.parametrize("args", [
    ["--games", "20000", "--players", "3"],
    ["--games", "24", "--strategy", "greedy", "--strategy", "random", "--rotate-seats"],
])  # fmt: skip
def test_the_same_seed_gives_the_same_figures_on_any_number_of_workers(tmp_path, args):
    one = playtest(*args, "--workers", "1", "--json", "-o", str(tmp_path / "a"))
    two = playtest(*args, "--workers", "2", "--json", "-o", str(tmp_path / "b"))
    assert one.exit_code == 0 and two.exit_code == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    record = json.loads(one.stdout)
    assert record["games"] == int(args[1]) and record["game"] == "permutations"
    other = playtest(*args, "--workers", "1", "--seed", "2", "--json", "-o", str(tmp_path / "c"))
    assert json.loads(other.stdout)["seat_win_rate"] != record["seat_win_rate"]


def test_a_four_player_report_names_its_dummy_and_every_source(tmp_path):
    result = playtest("--games", "5000", "--players", "4", "-q", "-o", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    record = json.loads((tmp_path / "playtest" / "playtest.json").read_text())
    assert record["seats"] == ["player 1", "player 2", "player 3", "player 4", "dummy 1"]
    assert record["length_range"] == [27, 27]  # three rounds of nine auctions
    for key in SOURCES:
        assert set(record[f"mean_{key}"]) == {"random", "dummy"}
    for who in ("random", "dummy"):  # means add up as the points do
        assert record["mean_points"][who] == pytest.approx(sum(record[f"mean_{key}"][who] for key in SOURCES), abs=1e-4)
    low, high = record["dummy_win_ci95"]["random"]
    assert low < record["dummy_win_rate"]["random"] < high
    assert 0 < record["sun_tie_rate"] < 1 and 0 < record["mean_moon_ties"] < RULES.rounds
    names = sorted(p.name for p in (tmp_path / "playtest").iterdir())
    assert names == ["playtest-measures.png", "playtest-seats.png", "playtest-wins.png", "playtest.json",
                     "playtest.pdf"]  # fmt: skip  (every game as long: no length plot)


@pytest.mark.parametrize("players", ["1", "6"])
def test_other_player_counts_are_one_line(tmp_path, players):
    result = playtest("--players", players, "-o", str(tmp_path / "out"))
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == f"error: --players {players}: permutations is played by 2, 3, 4 or 5 players\n"
    assert not (tmp_path / "out").exists()


def test_changed_rules_are_compared_with_the_designers(tmp_path):
    templates = tmp_path / "templates"
    shutil.copytree(Path(Permutations.builtin_templates()), templates)
    path = templates / "rules.toml"
    path.write_text(path.read_text().replace("moon_bonus = 5", "moon_bonus = 9"))
    result = playtest("--games", "20000", "--templates", str(templates), "--json", "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["rules"]["moon_bonus"] == 9 and record["builtin_rules"]["moon_bonus"] == 5
    moons = record["differences"]["mean_moons_random"]
    assert moons["significant"] and moons["difference"] > 0  # a larger bonus: more points from moons


def test_a_game_without_players_is_refused_in_one_line():
    class Toy:
        name = "toy"

    with pytest.raises(StudioError, match="toy cannot be playtested yet: it offers no players"):
        GameBase.playtester(Toy())  # type: ignore[arg-type]


def test_the_playtester_is_the_templates_game():
    playtester = Permutations().playtester(7)
    assert playtester.budget == 7 and playtester.deck == DECK and playtester.game_rules == RULES
    assert playtester.seat_count(2) == 4 and playtester.dummy_seats(3) == (3,) and playtester.dummy_seats(5) == ()
    assert playtester.credits.authors == ("Michael Purcell",)
    assert playtester.identity() != PermutationsPlaytester(DECK, Rules(2, 9, 5, 3), 7).identity()
