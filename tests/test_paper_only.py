"""A paper-only install, as it runs where the 3d extra is not installed (CadQuery and numpy-stl cannot be
imported, whatever this machine has): every paper product, and one line about the 3D tiles."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from commands import ENV
from conftest import SKIPPED_3D

WITHOUT_CADQUERY = (  # the command as it runs where the 3d extra is not installed
    "import sys\n"
    "for name in ('cadquery', 'OCP', 'stl'):\n"
    "    sys.modules[name] = None  # import fails, as where it is not installed\n"
    "from grawlix_print.cli import main\n"
    "main(sys.argv[1:], prog_name='grawlix-print')\n"
)


def paper_only(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", WITHOUT_CADQUERY, *args], capture_output=True, text=True,
                          env={**ENV, "GRAWLIX_PRINT_SCREENSHOTS": "off"}, timeout=300)  # fmt: skip


def test_without_cadquery_all_builds_the_paper_products_and_says_3d_was_skipped(tmp_path):
    result = paper_only("all", "--quiet", "-o", str(tmp_path))
    assert result.returncode == 0 and result.stderr == f"note: {SKIPPED_3D}\n", result.stderr
    built = {p.name for p in tmp_path.iterdir()}
    assert {"leaflet", "sheets", "web", "previews", "manifest.json"} <= built and "3d" not in built


@pytest.mark.parametrize("args", [["stl"], ["all", "--only", "3d"], ["all", "--only", "leaflet,stl"]])
def test_without_cadquery_asking_for_3d_is_the_one_line(tmp_path, args):
    result = paper_only(*args, "-o", str(tmp_path / "out"))
    assert result.returncode == 1 and result.stderr == f"error: {SKIPPED_3D}\n", result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.needs_3d  # the rest of the extra (numpy-stl) in place, CadQuery's OpenCASCADE found but broken
def test_a_cadquery_that_is_found_but_does_not_load_is_one_line(tmp_path):
    """A broken install (found, but a library it loads is missing): `stl` says so and how to mend it,
    in one line, and writes nothing; no traceback."""
    broken = tmp_path / "site"
    broken.mkdir()
    (broken / "OCP.py").write_text("raise ImportError('libGL.so.1: cannot open shared object file')\n")
    result = subprocess.run([sys.executable, "-m", "grawlix_print", "stl", "-o", str(tmp_path / "out")],
                            capture_output=True, text=True, timeout=300,
                            env={**ENV, "PYTHONPATH": f"{broken}{os.pathsep}{ENV.get('PYTHONPATH', '')}"})  # fmt: skip
    assert result.returncode == 1 and result.stderr == (
        "error: 3D tiles not made: CadQuery is installed but does not load (libGL.so.1: cannot open shared"
        ' object file); reinstall it: pip install --force-reinstall "grawlix-print[3d]"\n'
    ), result.stderr
    assert not (tmp_path / "out").exists()
