"""Shared fixtures: the project's templates, rules and positions."""

from __future__ import annotations

import atexit
import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

from grawlix_print.games.grawlix.positions import load_positions
from grawlix_print.games.grawlix.templates import read_rules

# The same examples on every run, so CI cannot fail on a draw that no one has
# seen; explore with fresh random draws: `pytest --hypothesis-profile=explore`.
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", max_examples=500)
settings.load_profile("repeatable")

# Builds in tests take no browser screenshots (seconds each); tests/test_web.py opens
# its one browser itself. Subprocesses inherit this.
os.environ["GRAWLIX_PRINT_SCREENSHOTS"] = "off"
# A cache of our own (proof, font subsets), so tests neither read nor fill the user's: one for the
# whole run, made by the process that starts it and shared by xdist's workers, which inherit its
# environment (the Grawlix proof alone is 1.5 s to make). Entries are written whole or not at all.
if "GRAWLIX_TEST_CACHE" not in os.environ:
    os.environ["GRAWLIX_TEST_CACHE"] = tempfile.mkdtemp(prefix="grawlix-test-cache-")
    atexit.register(shutil.rmtree, os.environ["GRAWLIX_TEST_CACHE"], True)
os.environ["GRAWLIX_PRINT_CACHE"] = os.environ["GRAWLIX_TEST_CACHE"]

# The package's bytecode, written once before the workers start: the tests run the command in
# hundreds of fresh interpreters, which import this checkout's package; where PYTHONDONTWRITEBYTECODE
# is set (or the files are new) each of them would compile every module it loads again (0.1 s a
# command). compileall writes the files whatever that variable says, and only where they are stale.
if "PYTEST_XDIST_WORKER" not in os.environ:
    import compileall

    compileall.compile_dir(str(Path(__file__).resolve().parent.parent / "grawlix_print"), quiet=1)

# A child process that starts with Ctrl-C meaning Ctrl-C, however pytest itself was started
# (under nohup SIGINT is ignored, and a child inherits that): for tests that send it SIGINT.
WITH_CTRL_C = [sys.executable, "-c",
               "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])"]  # fmt: skip

PROJECT = Path(__file__).resolve().parent.parent
TEMPLATES = PROJECT / "templates" / "grawlix"
SEEDS = next((p for p in (PROJECT.parent / "shared" / "seeds", PROJECT.parent.parent / "shared" / "seeds") if p.is_dir()),
             PROJECT.parent / "shared" / "seeds")  # ../shared/seeds (from a worktree, one folder further up)

# The 3d extra (pyproject.toml): CadQuery's OpenCASCADE (OCP) builds the solids, numpy-stl writes the meshes. A paper-only
# install (`pip install -e ".[test]"`) has neither: tests marked needs_3d are skipped, saying so.
THREE_D_MODULES = {"OCP": "CadQuery", "stl": "numpy-stl"}
MISSING_3D = [package for module, package in THREE_D_MODULES.items() if importlib.util.find_spec(module) is None]
HAS_3D = not MISSING_3D
SKIPPED_3D = '3D tiles skipped: CadQuery is not installed; pip install "grawlix-print[3d]"'
"""What the tool says when it leaves the 3D tiles out (a note) or cannot make them (an error)."""


LONGEST_FILES = {
    "test_tool.py": 25, "test_spreadsheet.py": 25, "test_leaflet.py": 23, "test_sheets.py": 23, "test_all.py": 21,
    "test_playtest_permutations.py": 19, "test_solid_kinds.py": 18, "test_trust.py": 18, "test_kit.py": 17,
    "test_solid_slicer_plates.py": 17, "test_playtest_grawlix.py": 17, "test_permutations_rulebook.py": 17,
    "test_contract.py": 16, "test_stl.py": 16, "test_web.py": 15, "test_largest_grid.py": 15, "test_watch.py": 15,
    "test_playtest_quotes.py": 14, "test_permutations_cards.py": 14, "test_stl_options.py": 14,
    "test_solid_slicer.py": 13, "test_pdfx.py": 13, "test_variant.py": 13, "test_fast_engines.py": 12,
    "test_images.py": 11, "test_faults.py": 11, "test_colour_blind.py": 11, "test_engine.py": 11,
    "test_leaflet_edits.py": 11, "test_permutations_kit.py": 11, "test_input_faults.py": 11,
    "test_example_game.py": 10, "test_toy_game.py": 10,
}
"""Seconds each of the longest test files takes on one worker (``python benchmarks/bench.py suite``; these
were measured while the machine ran about a quarter slower than at its quickest: the order is what counts,
after the spreadsheet's, the contract's and the kit's tests were made quicker). The workers take whole files in the order collected (pyproject.toml: --no-loadscope-reorder), so the
longest go first: a long file started last would keep one worker busy while the other sits idle."""


def pytest_collection_modifyitems(config, items):
    """The longest files first (``LONGEST_FILES``; the others after them, in their usual order, each
    file's tests in theirs). Without the 3d extra, a test marked needs_3d is skipped with the reason,
    never failed."""
    items.sort(key=lambda item: -LONGEST_FILES.get(item.path.name, 0))  # a stable sort
    if HAS_3D:
        return
    reason = f"the 3d extra is not installed (no {' or '.join(MISSING_3D)}): pip install -e '.[3d]'"
    for item in items:
        if item.get_closest_marker("needs_3d") is not None:
            item.add_marker(pytest.mark.skip(reason=reason))


def paragraph_runs(text: str, n: int) -> set[tuple[str, ...]]:
    """Every run of ``n`` words within one paragraph, lower case, links and addresses left out:
    what two texts share word for word."""
    import re

    runs = set()
    for paragraph in re.split(r"\n\s*\n", text):
        words = re.findall(r"[a-z0-9']+", re.sub(r"\(?https?://\S+|\S+@\S+", " ", paragraph.lower().replace("’", "'")))
        runs |= {tuple(words[k : k + n]) for k in range(len(words) - n + 1)}
    return runs


@pytest.fixture(scope="session")
def rules():
    return read_rules(TEMPLATES)


@pytest.fixture(scope="session")
def positions(rules):
    return load_positions(TEMPLATES, rules)


@pytest.fixture
def templates_copy(tmp_path: Path) -> Path:
    """A private copy of templates/ that a test may edit."""
    copy = tmp_path / "templates"
    shutil.copytree(TEMPLATES, copy)
    return copy


def set_rule(templates: Path, name: str, value) -> None:
    """Rewrite one value in a templates copy's rules.toml."""
    path = templates / "rules.toml"
    lines = [
        f"{name} = {value}" if line.split("=")[0].strip() == name else line
        for line in path.read_text().splitlines()
    ]
    path.write_text("\n".join(lines) + "\n")


@pytest.fixture(scope="module")
def toy_game(tmp_path_factory):
    """The toy game of tests/toy_game (square picture tiles, round tokens, 57 x 89 mm cards), installed
    as a plug-in for one test module: ``game("toy")`` finds it through its entry point. Yields the
    folder its metadata is in (``toy_game.environment(folder)`` for a command in a process of its own)."""
    from toy_game import installed

    with installed(tmp_path_factory.mktemp("toy-plugin")) as folder:
        yield folder
