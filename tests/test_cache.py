"""The user's cache (proofs, font subsets, playtest figures): one that cannot be used only costs time."""

from __future__ import annotations

import json
import os

import pytest

from commands import run


@pytest.mark.parametrize("where", ["a file", "a fifo entry", "no home"])
def test_a_cache_that_cannot_be_used_only_costs_time(tmp_path, where):
    """`facts` with GRAWLIX_PRINT_CACHE a file, an entry that is a FIFO, or no home at all: it answers."""
    env = {"GRAWLIX_PRINT_CACHE": str(tmp_path / "cache")}
    if where == "a file":
        (tmp_path / "cache").write_text("not a folder")
    elif where == "a fifo entry":
        run("facts", env=env, cwd=tmp_path)
        entries = list((tmp_path / "cache").iterdir())
        assert len(entries) == 2  # the square's answer and the grid's
        for entry in entries:
            entry.unlink()
            os.mkfifo(entry)
    else:
        env = {"GRAWLIX_PRINT_CACHE": "", "XDG_CACHE_HOME": "", "HOME": ""}
    result = run("facts", "--json", env=env, cwd=tmp_path)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert json.loads(result.stdout)["max_tiles"] == 34
    if where == "no home":  # no folder made here (".cache", "~") for a home that is not there
        assert list(tmp_path.iterdir()) == []


def test_no_home_means_no_cache(monkeypatch):
    """An empty or relative HOME, or none in the password database: no cache, not a folder here."""
    import pwd

    from grawlix_print import cache

    for name in ("GRAWLIX_PRINT_CACHE", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    for home in ("", "relative/home"):
        monkeypatch.setenv("HOME", home)
        assert cache.cache_folder() is None and cache.read_cached("x") is None
        cache.store("x", b"nowhere")  # no error
    monkeypatch.delenv("HOME")
    monkeypatch.setattr(pwd, "getpwuid", lambda uid: (_ for _ in ()).throw(KeyError(uid)))
    assert cache.cache_folder() is None
    monkeypatch.setenv("XDG_CACHE_HOME", "not/absolute")  # ignored, as the XDG rules say
    assert cache.cache_folder() is None


def test_a_damaged_cache_entry_is_made_again(tmp_path, monkeypatch):
    from grawlix_print import cache

    monkeypatch.setenv("GRAWLIX_PRINT_CACHE", str(tmp_path))
    cache.store("entry", b"the bytes")
    assert cache.read_cached("entry") == b"the bytes"
    path = tmp_path / "entry"
    path.write_bytes(path.read_bytes()[:-1] + b"!")  # one byte changed
    assert cache.read_cached("entry") is None
    path.write_bytes(b"")
    assert cache.read_cached("entry") is None
