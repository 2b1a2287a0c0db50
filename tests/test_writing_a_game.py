"""docs/writing-a-game.md: every Python sample runs, one after another in one namespace, as the guide
promises; the files it says ``new`` writes are the ones it writes; and the methods it calls required
are the base class's abstract ones."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

from grawlix_print.cli.new import plugin_files
from grawlix_print.games.base import Game

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "writing-a-game.md"


def samples() -> list[str]:
    return re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.DOTALL)


def test_every_sample_runs(monkeypatch):
    """As a module of its own (dataclasses look their module up), each sample after the one before."""
    found = samples()
    assert len(found) >= 6
    module = types.ModuleType("writing_a_game_samples")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    for number, code in enumerate(found, 1):
        exec(compile(code, f"{GUIDE.name} sample {number}", "exec"), module.__dict__)  # noqa: S102
    assert module.game.title == "Three in a Row"


def test_the_files_new_writes_are_the_guides(tmp_path):
    written_table = GUIDE.read_text().split("What it writes:", 1)[1].split("\n\n", 2)[1]
    table = re.findall(r"^\| `([^`]+)` \|", written_table, re.MULTILINE)
    written = sorted(str(p.relative_to(tmp_path)) for p in plugin_files("Three in a Row", tmp_path))
    assert sorted(table) == written


def test_what_the_guide_calls_required_is_what_the_base_requires():
    text = GUIDE.read_text()
    required = text.split("**Must**:", 1)[1].split("**May**:", 1)[0]
    for method in sorted(Game.__abstractmethods__):
        assert f"`{method}" in required, method
