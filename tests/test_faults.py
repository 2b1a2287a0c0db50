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

ENV = {**os.environ, "PYTHONPATH": str(Path(kit_standin.__file__).resolve().parent.parent)}


def sheets(out: Path):
    return CliRunner().invoke(main, ["sheets", "--out", str(out)])


def one_line(result) -> str:
    assert result.exit_code == 1 and "Traceback" not in result.stderr, result.stderr
    (line,) = result.stderr.splitlines()
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
    where = tmp_path / "file" / "out" / "sheets"
    assert line == f"error: {where}: cannot write: a file is in the way where a folder should be"


OUT_COMMANDS = sorted(  # the program's own (kit_standin adds a helper to the group)
    n for n, c in main.commands.items()
    if c.callback.__module__.startswith("grawlix_print.") and any(p.name == "out" for p in c.params)
)  # fmt: skip


@pytest.mark.parametrize("command", [c for c in OUT_COMMANDS if c != "watch"])  # watch: it goes on
def test_a_file_given_as_the_output_folder(tmp_path, command):
    """`-o FILE`, a regular file: one line naming it (or the sub-folder it blocks), status 1."""
    out = tmp_path / "out"
    out.write_text("a file")
    extra = {"stl": ["--style", "flat"], "web": ["--no-previews"]}.get(command, [])
    line = one_line(CliRunner().invoke(main, [command, "-o", str(out), *extra]))
    assert re.fullmatch(f"error: {re.escape(str(out))}(/[a-z0-9]+)?: cannot write: "
                        "a file is in the way where a folder should be", line), line  # fmt: skip
    assert [p.name for p in tmp_path.iterdir()] == ["out"] and out.read_text() == "a file"


def test_a_name_too_long(tmp_path):
    out = tmp_path / ("n" * 300)
    line = one_line(sheets(out))
    assert line == f"error: {out / 'sheets'}: cannot write: file name too long"


def test_an_oserror_no_layer_worded_names_its_file(tmp_path, monkeypatch):
    """The CLI's last line of defence: any OSError left is one line naming its file."""
    import grawlix_print.sheets.build as sheets_build

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
        f"error: {tmp_path / 'sheets'}: cannot write: read-only file system",
        "status 1",
        f"error: {kit}: cannot write: read-only file system",
        "status 1",
    ]
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before
