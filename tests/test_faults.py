"""File-system faults as a user meets them: each is one line naming the path, and no file is half-written.

Tests run as root here, where a read-only permission stops nothing: the
read-only folder is a real read-only bind mount, made in a private mount
namespace (``unshare -m``) that vanishes with the child process.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from grawlix_print.cli import main

import kit_standin
from commands import ENV, refused, run
from conftest import HAS_3D, PROJECT, SKIPPED_3D


def sheets(out: Path):
    """The plain sheets (tiles-a4.pdf, stickers-a4.pdf): the faults are the same for any marking."""
    return CliRunner().invoke(main, ["sheets", "--out", str(out), "--markings", "none"])


def one_line(result, after: str = "") -> str:
    """The error's one line, the only one on stderr after ``after`` (a note that comes first)."""
    assert result.exit_code == 1 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr.startswith(after), result.stderr
    (line,) = result.stderr[len(after) :].splitlines()
    return line


def test_a_full_disk(tmp_path, monkeypatch):
    folder = tmp_path / "sheets"  # where `sheets` writes in its --out folder
    folder.mkdir()
    (folder / "tiles-a4.pdf").write_bytes(b"the old sheet")
    real = Path.write_bytes

    def full(self, data):
        if self.name.startswith(".tiles-a4.pdf"):
            real(self, data[: len(data) // 2])  # half of it fits
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", full)
    line = one_line(sheets(tmp_path))
    assert line == f"error: {folder / 'tiles-a4.pdf'}: cannot write: no space left on the device"
    assert sorted(p.name for p in folder.iterdir()) == ["tiles-a4.pdf"]
    assert (folder / "tiles-a4.pdf").read_bytes() == b"the old sheet"


def test_a_folder_where_a_file_should_be(tmp_path):
    folder = tmp_path / "sheets"
    (folder / "tiles-a4.pdf").mkdir(parents=True)
    line = one_line(sheets(tmp_path))
    assert line == f"error: {folder / 'tiles-a4.pdf'}: cannot write: is a folder, not a file"
    assert [p.name for p in folder.iterdir()] == ["tiles-a4.pdf"]


def test_a_file_where_the_output_folder_should_be(tmp_path):
    (tmp_path / "file").write_text("")
    line = one_line(sheets(tmp_path / "file" / "out"))
    where = tmp_path / "file" / "out"  # the --out folder, held for the build before anything is made
    assert line == f"error: {where}: cannot write: a file is in the way where a folder should be"


OUT_COMMANDS = sorted(  # the program's own (kit_standin adds a helper to the group)
    n for n, c in main.every_command().items()
    if c.callback.__module__.startswith("grawlix_print.") and any(p.name == "out" for p in c.params)
)  # fmt: skip


@pytest.mark.parametrize("command", [pytest.param(c, marks=pytest.mark.needs_3d) if c == "stl" else c
                                     for c in OUT_COMMANDS if c != "watch"])  # watch: it goes on
def test_a_file_given_as_the_output_folder(tmp_path, command):
    """`-o FILE`, a regular file: one line naming it (or the sub-folder it blocks), status 1
    (after the note that the 3D tiles are skipped, where the 3d extra is not installed)."""
    out = tmp_path / "out"
    out.write_text("a file")
    builtin = str(PROJECT / "templates" / "grawlix")  # diff's two versions, the errata sheet's previous one
    extra = {"stl": ["--style", "flat"], "web": ["--no-previews"], "diff": [builtin, builtin],
             "errata": ["--previous", builtin]}.get(command, [])  # fmt: skip
    note = f"note: {SKIPPED_3D}\n" if command == "all" and not HAS_3D else ""
    line = one_line(CliRunner().invoke(main, [command, "-o", str(out), *extra]), after=note)
    assert re.fullmatch(f"error: {re.escape(str(out))}(/[a-z0-9]+)?: cannot write: "
                        "a file is in the way where a folder should be", line), line  # fmt: skip
    assert [p.name for p in tmp_path.iterdir()] == ["out"] and out.read_text() == "a file"


def test_a_name_too_long(tmp_path):
    out = tmp_path / ("n" * 300)
    line = one_line(sheets(out))
    assert line == f"error: {out}: cannot write: file name too long"


def test_an_oserror_no_layer_worded_names_its_file(tmp_path, monkeypatch):
    """The CLI's last line of defence: any OSError left is one line naming its file."""
    import grawlix_print.products.sheets.build as sheets_build

    def broken(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", "/some/font.ttf")

    monkeypatch.setattr(sheets_build, "build_sheets", broken)
    assert one_line(sheets(tmp_path)) == "error: /some/font.ttf: Permission denied"


def test_a_read_only_folder(tmp_path):
    """`sheets` and the kit's build into a real read-only mount: one line each, nothing changed."""
    if shutil.which("unshare") is None or subprocess.run(["unshare", "-m", "true"]).returncode:
        pytest.skip("no private mount namespace here (unshare -m)")
    kit = tmp_path / "kit"
    subprocess.run([sys.executable, kit_standin.__file__, str(kit), "old"], env=ENV, check=True,
                   capture_output=True)  # fmt: skip
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    script = (
        f'mount --bind "{tmp_path}" "{tmp_path}" && mount -o remount,ro,bind "{tmp_path}" || exit 99\n'
        f'"{sys.executable}" -m grawlix_print sheets --out "{tmp_path}"; echo "status $?" >&2\n'
        f'"{sys.executable}" "{kit_standin.__file__}" "{kit}" new; echo "status $?" >&2\n'
    )
    process = subprocess.run(["unshare", "-m", "sh", "-c", script], env=ENV, capture_output=True, text=True)
    if process.returncode == 99:
        pytest.skip("cannot mount here")
    assert process.stderr.splitlines() == [
        f"error: {tmp_path}: cannot write: read-only file system",
        "status 1",
        f"error: {kit}: cannot write: read-only file system",
        "status 1",
    ]
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before


# --- the environment and the commands' own files ----------------------------------------------


@pytest.mark.parametrize(
    "value", ["garbage", "1e9", "-1", "1.5", "99999999999999999999", "1" * 5000, "١٢٣"],
    ids=["garbage", "exponent", "negative", "fraction", "past 9999", "5000 digits", "arabic digits"],
)
def test_an_unusable_source_date_epoch_is_one_line(tmp_path, value):
    result = run("leaflet", "-o", str(tmp_path / "out"), env={"SOURCE_DATE_EPOCH": value})
    refused(result, "error: SOURCE_DATE_EPOCH: ", "whole number of seconds since 1970")
    assert not (tmp_path / "out").exists()


def test_a_usable_source_date_epoch_dates_the_pdfs(tmp_path):
    import pypdf

    assert run("leaflet", "-o", str(tmp_path), env={"SOURCE_DATE_EPOCH": "1700000000"}).returncode == 0
    info = pypdf.PdfReader(tmp_path / "leaflet" / "leaflet-a4.pdf").metadata
    assert info["/CreationDate"].startswith("D:20231114")


@pytest.mark.parametrize("command", ["leaflet", "sheets"])
def test_paper_both_builds_each_paper(tmp_path, command):
    result = run(command, "--paper", "both", "-o", str(tmp_path))
    assert result.returncode == 0, result.stderr
    names = {p.name for p in (tmp_path / command).iterdir()}
    assert any("a4" in name for name in names) and any("letter" in name for name in names)


@pytest.mark.parametrize("folder", ["my game", "a;b", "-dash", "$HOME"])
def test_inits_hint_builds_inside_the_new_project(tmp_path, folder):
    result = run("init", "--", folder, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    hint = result.stdout.splitlines()[-1].split("then", 1)[1].strip()
    fake = tmp_path / "bin"  # grawlix-print as the hint's shell finds it: says where it runs
    fake.mkdir()
    (fake / "grawlix-print").write_text('#!/bin/sh\npwd > "$OUT_FILE"\n')
    (fake / "grawlix-print").chmod(0o755)
    env = {**os.environ, "PATH": f"{fake}:{os.environ['PATH']}", "OUT_FILE": str(tmp_path / "where")}
    subprocess.run(["sh", "-c", hint], cwd=tmp_path, env=env, check=True)
    assert Path((tmp_path / "where").read_text().strip()) == (tmp_path / folder).resolve()


def test_a_name_with_a_line_break_in_it_still_gives_one_line(tmp_path):
    """The error names the file as it is called; a line break or an escape sequence in that name
    is shown escaped, so the message stays one line and cannot colour or clear the terminal."""
    name = "round\n\x1b[2Jone.toml"
    line = refused(run("score", "--game", "permutations", name, cwd=tmp_path))
    assert line == "error: round\\n\\x1b[2Jone.toml: cannot read: No such file or directory"
