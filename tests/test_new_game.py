"""``grawlix-print new NAME [FOLDER]``: a plug-in package that builds at once, and whose own test passes.

The package is written by the command, registered as pip would (tests/plugins.py: its entry point
on ``sys.path``), then built whole by ``grawlix-print all`` in a process of its own; its rulebook's
figure and its sheets are measured against what the engine's rules say (a 3 x 3 board, five
tokens of each colour), worked out here from the rules, not read from the game.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from plugins import environment, registered

TITLE = "Tic Tac Scaffold"
NAME = "tic-tac-scaffold"
PT = 72 / 25.4


@pytest.fixture(scope="module")
def scaffold(tmp_path_factory) -> tuple[Path, Path]:
    """The package ``new`` wrote, and the folder its metadata is registered in."""
    root = tmp_path_factory.mktemp("new")
    result = CliRunner().invoke(main, ["new", TITLE, str(root / NAME)])
    assert result.exit_code == 0, result.output + result.stderr
    assert f"grawlix-print all --game {NAME}" in result.output
    return root / NAME, root / "metadata"


def test_new_writes_a_package(scaffold):
    package, _ = scaffold
    files = sorted(str(p.relative_to(package)) for p in package.rglob("*") if p.is_file())
    assert files == [
        "README.md", "pyproject.toml", "tests/test_contract.py", "tic_tac_scaffold/__init__.py",
        "tic_tac_scaffold/engine.py", "tic_tac_scaffold/pieces.py", "tic_tac_scaffold/templates/components.toml",
        "tic_tac_scaffold/templates/leaflet.md",
    ]  # fmt: skip
    assert f'{NAME} = "tic_tac_scaffold:TicTacScaffold"' in (package / "pyproject.toml").read_text()
    assert f'title = "{TITLE}"' in (package / "tic_tac_scaffold/templates/components.toml").read_text()


def test_new_refuses_a_taken_name_and_a_file_in_the_way(tmp_path):
    result = CliRunner().invoke(main, ["new", "Grawlix", str(tmp_path / "g")])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1 and "installed already" in result.stderr
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "pyproject.toml").write_text("mine")
    result = CliRunner().invoke(main, ["new", "Another Game", str(tmp_path / "x")])
    assert result.exit_code == 1 and "already exists" in result.stderr
    assert (tmp_path / "x" / "pyproject.toml").read_text() == "mine" and len(list((tmp_path / "x").iterdir())) == 1


def test_all_builds_the_new_game(scaffold, tmp_path):
    package, metadata = scaffold
    with registered(package, metadata) as name:
        assert name == NAME
    out = tmp_path / "kit"
    run = subprocess.run([sys.executable, "-m", "grawlix_print", "all", "--game", NAME, "-o", str(out), "--quiet"],
                         capture_output=True, text=True, env=environment(package, metadata), timeout=600)  # fmt: skip
    assert run.returncode == 0, run.stderr
    for path in ("leaflet/leaflet-a4.pdf", "sheets/tokens-a4.pdf", "sheets/boards-a4.pdf", "web/rules.html",
                 "images/tokens/token-light.png", f"images/tts/{NAME}-tokens.json", "index.html"):  # fmt: skip
        assert (out / path).is_file(), path
    # The rulebook's example: [example: b2 a1 c1 a3 a2 c3] is six tokens on the board, three of each colour (drawn as paths: count the fills).
    svg = next((out / "web" / "diagrams").glob("example-*.svg")).read_text()
    light, dark = "#e8b04a", "#3b4f7a"
    assert svg.lower().count(light) == 3 and svg.lower().count(dark) == 3, svg[:400]
    # The board: 3 x 3 cells of 25 mm, one 75 mm square with its grid (pdfplumber: rectangles in points).
    with pdfplumber.open(out / "sheets" / "boards-a4.pdf") as pdf:
        cells = [r for r in pdf.pages[0].rects if abs(r["width"] / PT - 25) < 0.05 and abs(r["height"] / PT - 25) < 0.05]
    assert len(cells) % 9 == 0 and cells, [round(r["width"] / PT, 2) for r in pdf.pages[0].rects][:20]


def test_the_new_packages_own_test_passes(scaffold):
    """The contract suite, as the package's own test runs it (pytest in the package's folder)."""
    package, metadata = scaffold
    with registered(package, metadata):
        pass
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", "tests"],
                         cwd=package, capture_output=True, text=True, env=environment(package, metadata), timeout=600)  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "8 passed" in run.stdout


def test_the_new_games_playtest_ends_in_wins_and_draws(scaffold):
    """The engine's games end in a line or a full board (an oracle of its own here: every line of three)."""
    import random

    package, metadata = scaffold
    with registered(package, metadata):
        from grawlix_print.games import game

        g = game(NAME)
        rules = g.engine
        lines = [[(r, c) for c in range(3)] for r in range(3)] + [[(r, c) for r in range(3)] for c in range(3)]
        lines += [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]
        draws = 0
        for seed in range(200):
            rng = random.Random(seed)
            state = rules.start(2, rng)
            while rules.outcome(state) is None:
                state = rules.play(state, rng.choice(rules.moves(state)))
            won = [seat for seat in (0, 1) if any(all(state.cells[r * 3 + c] == seat for r, c in line) for line in lines)]
            assert rules.outcome(state) == tuple(won[:1]), (seed, state)
            draws += not won
        assert 0 < draws < 200
