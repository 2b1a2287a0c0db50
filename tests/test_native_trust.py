"""The compiled engines' cache runs nothing the studio did not build, and no compiler stalls a playtest.

Each case runs a fresh interpreter that asks ``native.status`` for the toy's C
file with the cache pointed at a folder of the test's, after the test has
planted something there: a library whose constructor writes a marker file
(so "never loaded" is measured, not assumed), a symbolic link, a folder
writable by others or owned by another user, a copied library with a copied
record. The planted library must never run, and the engine must still play
(built afresh) or the reason must be said.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grawlix_print import native

from commands import ENV

TOY = Path(__file__).with_name("toy_nim.c")
NOBODY = 65534
PLANTED = r"""
#include <stdio.h>
#include <stdlib.h>
__attribute__((constructor)) static void planted(void) {
    FILE *marker = fopen(getenv("PLANTED_MARKER"), "w");
    if (marker) { fputs("ran", marker); fclose(marker); }
}
int mt_words(void) { return 0; }
"""
ASK = """
import json, sys
from grawlix_print import native
from grawlix_print.notes import collected
with collected() as notes:
    said = native.status(sys.argv[1])
print(json.dumps({"status": said, "notes": notes}))
"""
needs_compiler = pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler")
needs_root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="changes a file's owner")


def ask(cache: Path, tmp_path: Path, **env: str) -> tuple[dict, float]:
    """What a fresh process says of the toy's engine with ``cache`` as its cache, and how long it took."""
    environment = {**os.environ, "GRAWLIX_PRINT_CACHE": str(cache), "PYTHONPATH": ENV["PYTHONPATH"],
                   "PLANTED_MARKER": str(tmp_path / "marker"), "TMPDIR": str(tmp_path), **env}  # fmt: skip
    environment.pop(native.SWITCH, None)
    began = time.monotonic()
    done = subprocess.run([sys.executable, "-c", ASK, str(TOY)], env=environment, capture_output=True,
                          text=True, timeout=120, check=False)  # fmt: skip
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return json.loads(done.stdout), time.monotonic() - began


@pytest.fixture
def built(tmp_path) -> Path:
    """A cache with the toy's engine built in it; returns the library's path."""
    cache = tmp_path / "cache"
    said, _ = ask(cache, tmp_path)
    assert said == {"status": "compiled", "notes": []}
    (library,) = (cache / "native").glob("toy_nim-*.so")
    return library


@pytest.fixture
def planted(tmp_path) -> Path:
    """A library whose constructor writes ``marker`` when it is opened."""
    source = tmp_path / "planted.c"
    source.write_text(PLANTED)
    made = tmp_path / "planted.so"
    subprocess.run(["cc", "-shared", "-fPIC", str(source), "-o", str(made)], check=True, timeout=60)
    return made


def never_ran(tmp_path: Path) -> bool:
    return not (tmp_path / "marker").exists()


@needs_compiler
def test_a_planted_library_test_itself_runs_when_loaded(planted, tmp_path, monkeypatch):
    """The marker works: loaded plainly, the planted library writes it (so its absence below means something)."""
    monkeypatch.setenv("PLANTED_MARKER", str(tmp_path / "marker"))
    subprocess.run([sys.executable, "-c", f"import ctypes; ctypes.CDLL({str(planted)!r})"], check=True, timeout=60)
    assert not never_ran(tmp_path)


@needs_compiler
def test_a_library_planted_in_place_of_the_built_one_is_never_loaded(built, planted, tmp_path):
    shutil.copy(planted, built)
    said, _ = ask(built.parents[1], tmp_path)
    assert never_ran(tmp_path)
    assert said["status"] == "compiled"
    assert said["notes"] and "not the file its record names" in said["notes"][0] and "built again" in said["notes"][0]
    assert ask(built.parents[1], tmp_path)[0] == {"status": "compiled", "notes": []}  # the rebuilt one is trusted


@needs_compiler
def test_a_planted_library_with_its_own_correct_digest_and_a_forged_record_is_never_loaded(built, planted, tmp_path):
    """The record names the very file (inode, change time), not only its bytes: a copy with a record
    rewritten to its digest is still refused."""
    record = native.trust.record_path(built)
    kept = json.loads(record.read_text())
    shutil.copy(planted, built)
    import hashlib

    kept.update(sha256=hashlib.sha256(built.read_bytes()).hexdigest(), size=built.stat().st_size)
    record.write_text(json.dumps(kept))
    said, _ = ask(built.parents[1], tmp_path)
    assert never_ran(tmp_path) and said["status"] == "compiled"


@needs_compiler
def test_a_library_with_no_record_is_never_loaded(planted, tmp_path):
    """A library name the studio would build, planted without a record (in a fresh cache)."""
    cache = tmp_path / "cache"
    ask(cache, tmp_path)
    (library,) = (cache / "native").glob("toy_nim-*.so")
    native.trust.record_path(library).unlink()
    shutil.copy(planted, library)
    said, _ = ask(cache, tmp_path)
    assert never_ran(tmp_path) and said["status"] == "compiled" and "was not built here" in said["notes"][0]


@needs_compiler
def test_a_symbolic_link_in_place_of_the_library_is_never_followed(built, planted, tmp_path):
    built.unlink()
    built.symlink_to(planted)
    said, _ = ask(built.parents[1], tmp_path)
    assert never_ran(tmp_path) and said["status"] == "compiled" and "a symbolic link?" in said["notes"][0]


@needs_compiler
def test_a_fifo_in_place_of_the_library_is_refused_at_once_never_waited_on(built, tmp_path):
    built.unlink()
    os.mkfifo(built)
    said, seconds = ask(built.parents[1], tmp_path)
    assert said["status"] == "compiled" and f"{built} is not a regular file" in said["notes"][0]
    assert seconds < 60


@needs_compiler
@pytest.mark.parametrize("how", ["writable by others", "writable by its group", "a symbolic link", "another user's",
                                 "above it writable"])
def test_a_cache_folder_that_others_can_change_is_not_used(how, built, planted, tmp_path):
    """One note naming the folder and why; the engine built afresh in a private folder; nothing planted runs."""
    folder = built.parent
    shutil.copy(planted, built)
    if how == "writable by others":
        folder.chmod(0o777)
        reason = f"{folder} is writable by others"
    elif how == "writable by its group":
        folder.chmod(0o770)
        reason = f"{folder} is writable by others"
    elif how == "a symbolic link":
        elsewhere = tmp_path / "elsewhere"
        folder.rename(elsewhere)
        folder.symlink_to(elsewhere)
        reason = f"{folder} is a symbolic link"
    elif how == "another user's":
        if os.geteuid() != 0:
            pytest.skip("changes a folder's owner")
        os.chown(folder, NOBODY, NOBODY)
        reason = f"{folder} belongs to another user (uid {NOBODY})"
    else:
        folder.parent.chmod(0o777)
        reason = f"{folder.parent} is writable by others"
    said, _ = ask(folder.parent, tmp_path)
    assert never_ran(tmp_path)
    assert said["status"] == f"compiled, in a private folder (refused: {reason})"
    assert len(said["notes"]) == 1 and reason in said["notes"][0]


@needs_compiler
@needs_root
@pytest.mark.parametrize("mode", ["another user's", "writable by others"])
def test_a_library_that_is_not_the_users_alone_is_never_loaded(mode, built, planted, tmp_path):
    """The library itself (its record intact): owned by another user or writable by others is refused."""
    if mode == "another user's":
        os.chown(built, NOBODY, NOBODY)
    else:
        built.chmod(0o777)
    said, _ = ask(built.parents[1], tmp_path)
    assert said["status"] == "compiled" and said["notes"]
    assert ("belongs to another user" if mode == "another user's" else "is writable by others") in said["notes"][0]


def fake_compiler(tmp_path: Path, body: str) -> Path:
    script = tmp_path / "fake-cc"
    script.write_text(f"#!/bin/sh\n{body}\n")
    script.chmod(0o755)
    return script


def test_a_compiler_that_hangs_is_given_a_few_seconds(tmp_path):
    """A CC that sleeps (and starts a child that sleeps too, holding the pipe): the engine plays in
    Python after BUILD_SECONDS, not after the sleep."""
    cc = fake_compiler(tmp_path, f"sleep 300 &\necho $! > {tmp_path / 'child'}\nsleep 300")
    said, seconds = ask(tmp_path / "cache", tmp_path, CC=str(cc))
    assert said["status"] == f"pure Python (the C compiler ({cc}) did not finish within {native.BUILD_SECONDS:g} s)"
    assert seconds < native.BUILD_SECONDS + 20
    child = int((tmp_path / "child").read_text())
    with pytest.raises(ProcessLookupError):  # the compiler's own child ended with it, none left running
        for _ in range(50):
            os.kill(child, 0)
            time.sleep(0.1)


@pytest.mark.parametrize(("cc", "said"), [
    ('gcc "-O2', "CC='gcc \"-O2' cannot be read as a command (No closing quotation)"),
    ("no-such-compiler-here -O2", "CC='no-such-compiler-here -O2' names no program found here"),
    ("/", "CC='/' names no program found here"),
])  # fmt: skip
def test_any_cc_is_said_rather_than_traced_back(cc, said, tmp_path):
    assert ask(tmp_path / "cache", tmp_path, CC=cc)[0]["status"] == f"pure Python ({said})"


def test_a_compiler_that_fails_says_its_last_line(tmp_path):
    cc = fake_compiler(tmp_path, "echo 'first line' >&2\necho 'fatal: out of memory' >&2\nexit 1")
    assert ask(tmp_path / "cache", tmp_path, CC=str(cc))[0]["status"] == "pure Python (the C compiler failed: fatal: out of memory)"


@needs_compiler
def test_the_library_and_its_record_are_the_users_alone_whatever_the_umask(tmp_path):
    cache = tmp_path / "cache"
    environment = {"GRAWLIX_PRINT_CACHE": str(cache)}
    old = os.umask(0)
    try:
        said, _ = ask(cache, tmp_path, **environment)
    finally:
        os.umask(old)
    assert said["status"] == "compiled"
    folder = cache / "native"
    (library,) = folder.glob("toy_nim-*.so")
    for path in (folder, library, native.trust.record_path(library)):
        assert not os.stat(path).st_mode & (stat.S_IWGRP | stat.S_IWOTH), path
    assert ask(cache, tmp_path)[0] == {"status": "compiled", "notes": []}


@needs_compiler
def test_a_record_naming_the_file_but_not_its_bytes_is_refused(built):
    """The digest is checked too (where a change time is coarse, the bytes still tell)."""
    record = native.trust.record_path(built)
    kept = json.loads(record.read_text())
    record.write_text(json.dumps({**kept, "sha256": "0" * 64}))
    handle, fault = native.trust.opened(built)
    assert handle is None and fault == f"{built} is not the file its record names (its bytes differ)"
    record.write_text(json.dumps(kept))
    handle, fault = native.trust.opened(built)
    assert handle is not None and fault is None
    os.close(handle)
