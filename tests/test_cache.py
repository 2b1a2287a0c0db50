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


# --- an SVG picture's shapes, kept after the first read --------------------------------------------

PICTURE = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">'
           b'<path d="M10 10 L90 10 L90 40 Z" fill="#123456" stroke="#ff0000" stroke-width="2"/>'
           b'<circle cx="50" cy="25" r="5" fill="currentColor"/></svg>')  # fmt: skip


def _parses(monkeypatch) -> list[bytes]:
    from grawlix_print.games.spreadsheet import pictures

    parsed: list[bytes] = []
    original = pictures._read_plain

    def counted(data: bytes, where):
        parsed.append(data)
        return original(data, where)

    monkeypatch.setattr(pictures, "_read_plain", counted)
    return parsed


def test_an_svg_is_parsed_once_and_read_from_the_cache_after(tmp_path, monkeypatch):
    """svgelements reads a picture once; the next read (another run) takes its shapes from the cache,
    the same shapes: the triangle's corners turned y-up in its 100 x 50 viewport, its fill and
    stroke, the disc in the text's colour. Mutants: the cache never read; a shape's stroke dropped
    from what is kept."""
    from grawlix_print.drawing.ink import hex_ink
    from grawlix_print.games.spreadsheet.pictures import read_svg

    monkeypatch.setenv("GRAWLIX_PRINT_CACHE", str(tmp_path / "cache"))
    parsed = _parses(monkeypatch)
    first = read_svg(PICTURE)
    again = read_svg(PICTURE)
    assert len(parsed) == 1 and again == first
    triangle, disc = again.shapes
    assert (again.width, again.height) == (100, 50)
    assert triangle.path.operations == (("M", 10, 40), ("L", 90, 40), ("L", 90, 10), ("Z",))
    assert triangle.fill == hex_ink("#123456") and triangle.pen is not None
    assert (triangle.pen.ink, triangle.pen.width) == (hex_ink("#ff0000"), 2)
    assert disc.fill_current and disc.pen is None
    assert all(25 - 5 - 1e-9 <= op[-1] <= 25 + 5 + 1e-9 for op in disc.path.operations if op[0] != "Z")


def test_a_damaged_svg_entry_is_parsed_again_and_a_refused_svg_is_refused_every_time(tmp_path, monkeypatch):
    """An entry whose bytes changed (a full disk, an edit) is not drawn: the SVG is read again. A
    refused SVG leaves nothing in the cache, so it is refused again, not drawn from an old entry."""
    from grawlix_print.errors import StudioError
    from grawlix_print.games.spreadsheet.pictures import read_svg

    monkeypatch.setenv("GRAWLIX_PRINT_CACHE", str(tmp_path / "cache"))
    parsed = _parses(monkeypatch)
    first = read_svg(PICTURE)
    (entry,) = (tmp_path / "cache").glob("svg-*")
    entry.write_bytes(entry.read_bytes().replace(b"123456", b"654321"))
    assert read_svg(PICTURE) == first and len(parsed) == 2
    lettered = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text x="1" y="5">hi</text></svg>'
    for _ in range(2):
        with pytest.raises(StudioError, match="holds text"):
            read_svg(lettered)
    assert len(list((tmp_path / "cache").glob("svg-*"))) == 1
