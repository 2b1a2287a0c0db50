"""When a game's compiled engine is not used, ``games`` and ``playtest`` say so in one note: why (turned
off, no compiler, a build that failed, a check that failed) and what it costs; the playtest's JSON
records which path played. The kinds of reason are ``native.cause``'s, each made to happen here."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from grawlix_print import native
from grawlix_print.cli import main

HERE = Path(__file__).resolve().parent
NEEDS_COMPILER = pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None,
                                    reason="no C compiler here")  # fmt: skip


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """No library loaded yet in this process (the test's own tries are forgotten after it)."""
    monkeypatch.setattr(native, "_loaded", {})
    monkeypatch.setattr(native, "_why", {})
    monkeypatch.setattr(native, "_causes", {})
    return tmp_path


def playtest(*args: str, env: dict | None = None):
    result = CliRunner().invoke(main, ["playtest", "--games", "300", "--workers", "1", *args], env=env)
    assert result.exit_code == 0, result.stderr
    return result


def a_c_file(folder: Path, text: str) -> Path:
    path = folder / "engine.c"
    path.write_text(text)
    return path


@NEEDS_COMPILER
def test_each_kind_of_reason_is_told_apart(fresh, monkeypatch):
    good = a_c_file(fresh, (HERE / "toy_nim.c").read_text())
    monkeypatch.setenv(native.SWITCH, "off")
    assert native.load(good) is None and native.cause(good) == native.OFF
    monkeypatch.delenv(native.SWITCH)
    monkeypatch.setenv("CC", "no-such-compiler-here")
    assert native.load(good) is None and native.cause(good) == native.NO_COMPILER
    monkeypatch.setattr(native, "_loaded", {})
    monkeypatch.setenv("CC", "false")
    assert native.load(good) is None and native.cause(good) == native.BUILD_FAILED
    monkeypatch.delenv("CC")
    monkeypatch.setattr(native, "_loaded", {})
    (fresh / "odd").mkdir()
    odd = a_c_file(fresh / "odd", "int nothing(void) { return 0; }\n")
    assert native.load(odd) is None and native.cause(odd) == native.CHECK_FAILED  # no generator of Python's
    assert "random numbers" in native.why_not(odd)
    assert native.load(good) is not None and native.cause(good) is None and native.status(good) == "compiled"


def notes(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("note: ")]


def test_games_says_which_games_play_in_python_and_what_it_costs(fresh):
    from grawlix_print.games.grawlix.players import PYTHON_SLOWDOWN as GRAWLIX
    from grawlix_print.games.permutations.players import PYTHON_SLOWDOWN as PERMUTATIONS

    result = CliRunner().invoke(main, ["games"], env={native.SWITCH: "off"})
    assert result.exit_code == 0
    found = notes(result.stderr)
    assert len(found) == 2, result.stderr  # the spreadsheet has no players, the toy no compiled engine
    for line, name, costs in zip(found, ("grawlix", "permutations"), (GRAWLIX, PERMUTATIONS)):
        assert line.startswith(f"note: {name}: its compiled engine is not used (turned off (GRAWLIX_PRINT_NATIVE=off)), "
                               "so its games play in Python: "), line  # fmt: skip
        assert line.endswith(f"a random game about {costs['random']:.0f} times slower, a greedy game about "
                             f"{costs['greedy']:.0f} times slower"), line  # fmt: skip


@NEEDS_COMPILER
def test_games_says_nothing_where_the_compiled_engines_play(fresh):
    result = CliRunner().invoke(main, ["games"])
    assert result.exit_code == 0 and notes(result.stderr) == [], result.stderr


@pytest.mark.parametrize("cc, cause, words", [
    ("no-such-compiler-here", native.NO_COMPILER, "CC='no-such-compiler-here' names no program found here"),
    ("false", native.BUILD_FAILED, "the C compiler failed"),
])  # fmt: skip
def test_a_playtest_in_python_says_why_once_and_its_json_records_the_path(fresh, cc, cause, words, tmp_path):
    env = {"CC": cc, "GRAWLIX_PRINT_CACHE": str(tmp_path / "cache")}  # an empty cache: a build is tried
    result = playtest("--strategy", "greedy", "--strategy", "random", "--json", "-o", str(tmp_path), env=env)
    found = notes(result.stderr)
    assert len(found) == 1 and words in found[0] and "a greedy v random game about 120 times slower" in found[0]
    engine = json.loads(result.stdout)["engine"]
    assert engine["path"] == "python" and engine["cause"] == cause and words in engine["why"]
    assert engine["slowdown"] == 120


@NEEDS_COMPILER
def test_a_compiled_playtest_records_its_path_and_a_search_is_python_by_design(fresh, tmp_path):
    compiled = playtest("--json", "-o", str(tmp_path))
    assert json.loads(compiled.stdout)["engine"] == {"path": "compiled"} and notes(compiled.stderr) == []
    search = playtest("--games", "2", "--strategy", "search", "--budget", "10", "--json", "-o", str(tmp_path),
                      env={native.SWITCH: "off"})  # fmt: skip
    assert json.loads(search.stdout)["engine"] == {"path": "python"} and notes(search.stderr) == []


def test_a_sweep_says_it_too_and_a_game_of_ones_own_declares_its_engine(fresh, tmp_path):
    from grawlix_print.playtest.compiled import engine_path, note

    from playtest_toys import CompiledNim, Nim

    result = CliRunner().invoke(main, ["playtest", "--vary", "hand_size=3,4", "--games", "200", "--workers", "1",
                                       "--json", "-o", str(tmp_path)], env={native.SWITCH: "off"})  # fmt: skip
    assert result.exit_code == 0 and len(notes(result.stderr)) == 1
    assert json.loads(result.stdout)["engine"]["cause"] == native.OFF
    import os

    os.environ[native.SWITCH] = "off"
    try:
        assert engine_path(CompiledNim(), ("random", "random"))["cause"] == native.OFF
        assert "toy: its compiled engine is not used" in note("toy", CompiledNim(), [("random", "random")])
    finally:
        del os.environ[native.SWITCH]
    assert engine_path(Nim(), ("random", "random")) == {"path": "python"} and note("toy", Nim(), [("random",)]) is None
