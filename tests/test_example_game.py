"""The example game (examples/sowing-stones), registered as pip would install it: it keeps the
contract (``grawlix_print.testing``, every check, its kit built) and its own tests pass."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from grawlix_print.testing import CHECKS, run_check
from plugins import environment, registered

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture(scope="module")
def sowing_stones(tmp_path_factory):
    """examples/sowing-stones, registered as pip would install it."""
    with registered(EXAMPLES / "sowing-stones", tmp_path_factory.mktemp("sowing-stones")) as name:
        yield name


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_the_example_game_keeps_the_contract(sowing_stones, check):
    run_check(sowing_stones, check)


def test_the_example_games_own_tests_pass(sowing_stones, tmp_path):
    """Its engine keeps its 48 stones and ends in wins and draws (examples/sowing-stones/tests)."""
    metadata = next(Path(p) for p in sys.path if list(Path(p).glob("sowing_stones-*.dist-info")))
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
                          "tests", "-k", "not contract"], cwd=EXAMPLES / "sowing-stones", capture_output=True, text=True,
                         env=environment(EXAMPLES / "sowing-stones", metadata), timeout=600)  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "1 passed" in run.stdout


def test_a_variant_plays_by_its_own_rules(sowing_stones, tmp_path):
    """Its engine's values are its rules' values: a copy with three stones a pit is played, quoted
    (the quotes' cache is keyed by them) and compared (``diff``) as other rules, not as the same."""
    import shutil

    from grawlix_print.games import game

    variant = tmp_path / "templates"
    shutil.copytree(EXAMPLES / "sowing-stones" / "sowing_stones" / "templates", variant)
    path = variant / "components.toml"
    path.write_text(path.read_text().replace("stones = 4", "stones = 3"))
    own, changed = game(sowing_stones).playtester(), game(templates=variant).playtester()
    assert (own.rules()["stones"], changed.rules()["stones"]) == (4, 3)
    assert own.identity() != changed.identity()
