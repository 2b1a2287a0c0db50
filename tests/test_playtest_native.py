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
    """No library loaded yet in this process, and a cache of the test's own."""
    monkeypatch.setattr(native, "_loaded", {})
    monkeypatch.setattr(native, "_why", {})
    monkeypatch.setattr(native, "_causes", {})
    monkeypatch.setenv("GRAWLIX_PRINT_CACHE", str(tmp_path / "cache"))
    return tmp_path


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
