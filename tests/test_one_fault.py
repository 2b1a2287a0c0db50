"""One fault is one line, however many steps of ``all`` it stops.

A full disk (a small tmpfs) and a read-only folder (a read-only bind mount) stop every step that
writes: one line naming the first file hit and how many more, and nothing left behind. A broken
file every step reads (Permutations' worked example) is its own line, and what the rules text
says about it is not said again. Problems of the input stay one a line, every place.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from grawlix_print.errors import Problems, StudioError

from commands import refused, run
from conftest import SKIPPED_3D


def all_into(folder: Path, cwd: Path) -> subprocess.CompletedProcess:
    """``all`` into ``folder``; a paper-only install's note that it leaves the 3D tiles out, said
    before any step runs, is not the fault's line and is set aside."""
    result = run("all", "--paper", "a4", "-o", str(folder), cwd=cwd, timeout=600)
    result.stderr = result.stderr.replace(f"note: {SKIPPED_3D}\n", "", 1)
    return result

needs_root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="mounts a file system")


@pytest.fixture
def mounted(tmp_path):
    """A folder to mount on, unmounted again however the test ends."""
    point = tmp_path / "mounted"
    point.mkdir()
    yield point
    subprocess.run(["umount", str(point)], capture_output=True, check=False)


def mount(*args: str) -> None:
    done = subprocess.run(["mount", *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount here: {done.stderr.strip()}")


@needs_root
def test_a_full_disk_is_one_line_and_leaves_nothing(mounted, tmp_path):
    mount("-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mounted))
    line = refused(all_into(mounted / "kit", tmp_path), "cannot write: no space left on the device")
    assert str(mounted / "kit") in line
    assert list(mounted.iterdir()) == []


@needs_root
def test_a_read_only_folder_is_one_line(mounted, tmp_path):
    source = tmp_path / "source"
    (source / "kit").mkdir(parents=True)
    mount("--bind", str(source), str(mounted))
    mount("-o", "remount,bind,ro", str(mounted))
    refused(all_into(mounted / "kit", tmp_path), f"{mounted / 'kit'}: cannot write: read-only file system")


def test_a_broken_worked_example_is_one_line_not_one_per_sentence(tmp_path):
    from grawlix_print.games.templates import shipped_templates

    templates = tmp_path / "templates"
    shutil.copytree(shipped_templates("permutations"), templates)
    (templates / "examples" / "scoring.toml").write_text("this is [ not toml\n")
    refused(run("all", "--paper", "a4", "--only", "leaflet,web", "--templates", str(templates), "-o", str(tmp_path / "kit")),
            "examples/scoring.toml: not a TOML score file")  # fmt: skip


def test_a_machine_fault_at_many_files_is_one_line_and_input_faults_stay_one_a_line():
    disk = [StudioError("cannot write: no space left on the device", f"kit/{name}") for name in ("a.pdf", "b.png", "c.svg")]
    assert Problems(disk).lines() == ["kit/a.pdf: cannot write: no space left on the device (and 2 more files)"]
    assert Problems(disk[:2]).lines() == ["kit/a.pdf: cannot write: no space left on the device (and 1 more file)"]
    tiles = [StudioError("O% here makes the grid span 6 rows, more than 5", f"cover.toml:{n}") for n in (10, 15)]
    assert Problems([*disk, *tiles]).lines() == [
        "kit/a.pdf: cannot write: no space left on the device (and 2 more files)",
        "cover.toml:10: O% here makes the grid span 6 rows, more than 5",
        "cover.toml:15: O% here makes the grid span 6 rows, more than 5",
        "5 problems in 4 files",
    ]
