"""Shared fixtures: the project's templates, rules and positions."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import settings

from grawlix_print.game.positions import load_positions
from grawlix_print.game.templates import load_rules

# The same examples on every run, so CI cannot fail on a draw that no one has
# seen; explore with fresh random draws: `pytest --hypothesis-profile=explore`.
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", max_examples=500)
settings.load_profile("repeatable")

PROJECT = Path(__file__).resolve().parent.parent
TEMPLATES = PROJECT / "templates"


@pytest.fixture(scope="session")
def rules():
    return load_rules(TEMPLATES)


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
